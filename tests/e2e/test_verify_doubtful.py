"""The DOUBTFUL verdict (issue 17 item 1; corpus/README.md): a capture whose
own cross-check failed is never reported as a model MISMATCH.

- floor_byte (the game's current-floor byte) differing from floor (the floor
  generator's own argument): DOUBTFUL whatever the comparisons show;
- differences only in values listed under inferred: (read at addresses that
  are not confirmed): DOUBTFUL; a difference in any other value: MISMATCH.
Exit 3 when DOUBTFUL is the worst verdict; 1 and 2 keep precedence.
The captures are built from the golden sample (the public model's output).
"""
import pytest

from conftest import load_jsonl, run

PROV = "source: tests/e2e/test_verify_doubtful.py\ndate: 2026-12-02\nmethod: emulator RAM read\ngame: na\n"


@pytest.fixture(scope="module")
def floor():
    f = next(f for f in load_jsonl("floors-sample.jsonl") if (f["seed"], f["floor"]) == (0x5BC3, 4))
    return bytes.fromhex(f["record"])


def walkable(rec):
    return sum(1 for t in rec[16:272] if t not in (1, 3))


def ram(rec, floor=4, extra="", walk=None, tile=None):
    grid = bytearray(rec[16:272])
    if tile:
        grid[tile] ^= 1
    rows = "".join(grid[16 * y:16 * y + 16].hex().upper() + "\n" for y in range(16))
    walk_line = f"walk_nodes: {walk}\n" if walk is not None else ""
    return (f"capture: ram\n{PROV}seed: 0x5BC3\nfloor: {floor}\n{extra}{walk_line}"
            f"up: {rec[4]},{rec[5]}\ndown: {rec[6]},{rec[7]}\ntiles:\n{rows}")


def verify(tmp_path, *records, json=False):
    p = tmp_path / "c.cap"
    p.write_text("\n".join(records))
    return run("verify", p, *(["--json"] if json else []))


def test_a_floor_byte_that_agrees_changes_nothing(tmp_path, floor):
    res = verify(tmp_path, ram(floor, extra="floor_byte: 4\n"))
    assert res.rc == 0, res.out
    assert res.out.startswith("OK ")


def test_a_floor_byte_that_disagrees_is_doubtful_not_a_mismatch(tmp_path, floor):
    # the tiles agree with floor 4 (r1); the byte says 3
    res = verify(tmp_path, ram(floor, extra="floor_byte: 3\n"))
    assert res.rc == 3, res.out + res.err
    assert res.err == ""
    line = res.lines[0]
    assert line.startswith("DOUBTFUL ") and "ram 5BC3 B4F: the current-floor byte read 3, the generator's floor " \
        "was 4: which floor was captured is in doubt; up, down, tiles" in line, line
    assert "1 DOUBTFUL" in res.lines[-1] and "0 MISMATCH" in res.lines[-1]
    # with a difference as well: still DOUBTFUL, the difference shown
    res = verify(tmp_path, ram(floor, extra="floor_byte: -1\n", tile=20))
    assert res.rc == 3
    assert res.out.startswith("DOUBTFUL ") and "read -1" in res.text and "tile (4,1): capture" in res.text
    js = verify(tmp_path, ram(floor, extra="floor_byte: -1\n", tile=20), json=True).json()
    c = js["captures"][0]
    assert c["verdict"] == "DOUBTFUL" and "read -1" in c["doubt"] and len(c["differences"]) == 1
    assert js["summary"]["doubtful"] == 1 and js["summary"]["mismatch"] == 0


def test_inferred_values(tmp_path, floor):
    w = walkable(floor)
    # agreeing: OK
    res = verify(tmp_path, ram(floor, extra="inferred: walk_nodes\n", walk=w))
    assert res.rc == 0 and res.out.startswith("OK "), res.out
    # only the inferred value differs: DOUBTFUL
    res = verify(tmp_path, ram(floor, extra="inferred: walk_nodes\n", walk=w + 1))
    assert res.rc == 3, res.out
    assert res.out.startswith("DOUBTFUL ") and "only values read at inferred addresses differ (inferred: " \
        "walk_nodes); walk_nodes: capture" in res.text
    # the same difference without inferred: a MISMATCH
    res = verify(tmp_path, ram(floor, walk=w + 1))
    assert res.rc == 1 and res.out.startswith("MISMATCH ")
    # an inferred difference and a confirmed one: the confirmed one is a finding
    res = verify(tmp_path, ram(floor, extra="inferred: walk_nodes\n", walk=w + 1, tile=20))
    assert res.rc == 1 and res.out.startswith("MISMATCH ")
    # inferred tiles differ: DOUBTFUL
    res = verify(tmp_path, ram(floor, extra="inferred: tiles\n", tile=20))
    assert res.rc == 3 and res.out.startswith("DOUBTFUL ")


def test_exit_code_precedence(tmp_path, floor):
    doubtful, mismatch = ram(floor, extra="floor_byte: 3\n"), ram(floor, tile=20)
    assert verify(tmp_path, doubtful, ram(floor)).rc == 3
    assert verify(tmp_path, doubtful, mismatch).rc == 1
    res = verify(tmp_path, doubtful, mismatch, "capture: ram\n")
    assert res.rc == 2
    assert res.lines[-1].startswith("verify: 3 captures in 1 file: 0 OK, 1 MISMATCH, 1 REJECTED, "
                                               "1 DOUBTFUL")
