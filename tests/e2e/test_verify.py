"""grotto verify: capture files (hardware.md "Capture files") against the engines.

Good captures are built from the golden corpus (corpus/golden/*-sample.jsonl,
the public model's output, independent of our engines) and from the spec's
worked values; malformed ones are written one defect at a time and must be
REJECTED with file:line: reason, exit 2, without stopping the other files.
"""
import json
import re

import pytest

from conftest import ROOT, assert_usage_error, load_jsonl, run
from spec_model import draws, final_quality, location

FIXTURES = ROOT / "tests" / "fixtures" / "captures"
HARDWARE = ROOT / "corpus" / "hardware"
TABLES = ROOT / "tools" / "tables"
PROVENANCE = [("source", "tests/e2e/test_verify.py"), ("date", "2026-11-30"),
              ("method", "emulator RAM read"), ("game", "na")]


def cap(kind, *fields, provenance=True, game=None):
    """A capture record: fields are (key, value) pairs; value None = multi-line key
    whose rows follow as the next pairs with key ''."""
    lines = [f"capture: {kind}"]
    if provenance:
        for k, v in PROVENANCE:
            lines.append(f"{k}: {game if (k == 'game' and game) else v}")
    for k, v in fields:
        if k == "":
            lines.append(v)
        elif v is None:
            lines.append(f"{k}:")
        else:
            lines.append(f"{k}: {v}")
    return "\n".join(lines) + "\n"


def write(tmp_path, name, *records):
    p = tmp_path / name
    p.write_text("\n".join(records), encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def floors():
    return {(f["seed"], f["floor"]): f for f in load_jsonl("floors-sample.jsonl")}


def rec_bytes(f):
    return bytes.fromhex(f["record"])


def tile_rows(rec):
    return [("", rec[16 + 16 * y:32 + 16 * y].hex().upper()) for y in range(16)]


def ram_capture(f, *extra, tiles=None):
    rec = rec_bytes(f)
    grid = tiles if tiles is not None else rec
    chests = " ".join(f"{rec[9 + 2 * i]},{rec[10 + 2 * i]}" for i in range(rec[8])) or "none"
    return cap("ram", ("seed", f"0x{f['seed']:04X}"), ("floor", f["floor"]), ("width", rec[1]),
               ("height", rec[2]), ("up", f"{rec[4]},{rec[5]}"), ("down", f"{rec[6]},{rec[7]}"),
               ("chests", chests), *extra, ("tiles", None), *tile_rows(grid))


def game_view(rec):
    """The floor as the game shows it, in the capture alphabet."""
    w = rec[1]
    rows = []
    for y in range(w):
        row = ""
        for x in range(w):
            t = rec[16 + 16 * y + x]
            if (x, y) == (rec[4], rec[5]):
                row += "<"
            elif (x, y) == (rec[6], rec[7]):
                row += ">"
            elif t == 6:
                row += "c"
            elif t in (1, 3):
                row += "#"
            else:
                row += "."
        rows.append(row)
    return rows


def floor_capture(f, rows, *extra):
    return cap("floor", ("seed", f"0x{f['seed']:04X}"), ("floor", f["floor"]), *extra,
               ("grid", None), *[("", r) for r in rows])


def verdicts(res):
    return [l.split()[0] for l in res.lines if re.match(r"^(OK|MISMATCH|REJECTED|DOUBTFUL) ", l)]


# ---------------------------------------------------------------- the corpus


def test_corpus_hardware_verifies(grotto):
    res = grotto("verify", HARDWARE)
    assert res.rc == 0, res.out + res.err
    assert res.err == ""
    assert verdicts(res) == ["OK"] * 5
    assert "verify: 5 captures in 3 files: 5 OK, 0 MISMATCH, 0 REJECTED" in res.text
    res = grotto("verify", HARDWARE, "--engine", "impl")
    assert res.rc == 0 and verdicts(res) == ["OK"] * 5


def test_corpus_captures_say_what_hardware_md_says(grotto):
    js = grotto("verify", HARDWARE, "--json").json()
    by_file = {}
    for c in js["captures"]:
        by_file.setdefault(c["file"].split("/")[-1], []).append(c)
    hw1 = by_file["hw1-softlock.cap"]
    assert [(c["seed"], c["floor"], c["checked"]) for c in hw1] == [
        (0x5BC3, 4, ["up_next_to_chest", "down_cut_off"]), (0x5BC4, 3, ["up_next_to_chest", "down_cut_off"])]
    (hw4,) = by_file["hw4-quest15.cap"]
    assert (hw4["kind"], hw4["seed"], hw4["quality"]) == ("inventory", 0x32, 2)
    assert hw4["checked"] == ["arises", "location", "name", "level"]
    inv, mem = by_file["hw9-masayuki.cap"]
    assert (inv["seed"], inv["band"], inv["checked"]) == (0x0E5C, 0xB5, ["arises", "name", "level", "floors", "boss"])
    assert (mem["kind"], mem["floor"], mem["checked"]) == ("memory", 15, ["floor count", "state", "only"])
    text = (HARDWARE / "hw9-masayuki.cap").read_text(encoding="utf-8")
    assert "name: 見えざる魔神の道Lv87" in text and "only: メタルキング" in text and "boss: 破壊神フォロボス" in text


@pytest.mark.parametrize("fact", ["up_next_to_chest", "down_cut_off"])
def test_a_flipped_fact_in_a_corpus_capture_is_a_mismatch_naming_it(grotto, tmp_path, fact):
    text = (HARDWARE / "hw1-softlock.cap").read_text()
    flipped = text.replace(f"{fact}: yes", f"{fact}: no", 1)
    res = grotto("verify", write(tmp_path, "flip.cap", flipped))
    assert res.rc == 1, res.out
    assert verdicts(res) == ["MISMATCH", "OK"]
    assert f"{fact}: capture no, ref yes (1 difference)" in res.lines[0]


def test_a_flipped_grid_cell_is_a_mismatch_naming_it(grotto, tmp_path, floors):
    """The HW-1 pattern as a grid of '?' with '<' and 'c': the chest right of the up
    stairs flipped to a wall."""
    rows = ["?" * 10 for _ in range(10)]
    rows[8] = "???????<c?"
    p = write(tmp_path, "grid.cap", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None),
                                        *[("", r) for r in rows]))
    assert grotto("verify", p).rc == 0
    rows[8] = "???????<#?"
    p = write(tmp_path, "grid.cap", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None),
                                        *[("", r) for r in rows]))
    res = grotto("verify", p)
    assert res.rc == 1, res.out
    assert "cell (8,8): capture '#', ref 'c' (tile 6) (1 difference)" in res.text
    # side by side: capture, engine (in the capture's alphabet), diff marks
    engine_row = game_view(rec_bytes(floors[(0x5BC3, 4)]))[8]
    grid_lines = [l.split() for l in res.lines if l.startswith("    ???????<#?")]
    assert grid_lines == [["???????<#?", engine_row, ".^"]]


def test_hardware_md_ram_example_verbatim(grotto):
    p = FIXTURES / "hardware-md-ram-example.cap"
    assert p.read_text().startswith("capture: ram\nsource: emulator script, game cartridge dump\n")
    for engine in ("ref", "impl"):
        res = grotto("verify", p, "--engine", engine)
        assert res.rc == 0, res.out
        assert verdicts(res) == ["OK"]
        assert "tiles" in res.text and "chests" in res.text


# ---------------------------------------------------------------- good captures from the golden sample


@pytest.mark.parametrize("key", [(0x5BC3, 4), (0x5BC4, 3), (0x0346, 16), (0x038E, 16), (0x0000, 1)])
@pytest.mark.parametrize("engine", ["ref", "impl"])
def test_ram_and_floor_captures_from_golden_records_verify(grotto, tmp_path, floors, key, engine):
    f = floors[key]
    rec = rec_bytes(f)
    w = sum(1 for t in rec[16:272] if t not in (1, 3))
    p = write(tmp_path, "good.cap", ram_capture(f, ("walk_nodes", w)),
              floor_capture(f, game_view(rec), ("up", f"{rec[4]},{rec[5]}")))
    res = grotto("verify", p, "--engine", engine)
    assert res.rc == 0, res.out
    assert verdicts(res) == ["OK", "OK"]


def test_ram_mismatches_are_reported_field_by_field(grotto, tmp_path, floors):
    f = floors[(0x5BC3, 4)]
    rec = bytearray(rec_bytes(f))
    rec[16 + 16 * 2 + 1] = 4  # tile (1,2)
    text = ram_capture(f, ("walk_nodes", 26), tiles=rec).replace("up: 7,8", "up: 7,7")
    text = text.replace("chests: 8,8 2,6 7,2", "chests: 2,6 8,8 7,2")  # ram: placement order counts
    res = grotto("verify", write(tmp_path, "m.cap", text))
    assert res.rc == 1
    line = res.lines[0]
    assert line.startswith("MISMATCH ") and "(4 differences)" in line
    assert "up: capture 7,7, ref 7,8" in line
    assert "chests: capture 2,6 8,8 7,2, ref 8,8 2,6 7,2" in line
    assert "tile (1,2): capture 04, ref 00" in line
    js = grotto("verify", write(tmp_path, "m.cap", text), "--json").json()
    fields = [d["field"] for d in js["captures"][0]["differences"]]
    assert fields == ["up", "chests", "tile", "walk_nodes"]
    assert js["captures"][0]["differences"][3] == {"field": "walk_nodes", "capture": "26", "engine": "27"}


def test_floor_capture_chests_are_a_set_and_unknown_cells_are_skipped(grotto, tmp_path, floors):
    f = floors[(0x5BC3, 4)]
    rows = ["?" * 10] * 10
    p = write(tmp_path, "f.cap", floor_capture(f, rows, ("chests", "7,2 8,8 2,6"), ("down", "3,2")))
    res = grotto("verify", p)
    assert res.rc == 0, res.out
    p = write(tmp_path, "f.cap", floor_capture(f, rows, ("chests", "7,2 8,8")))
    res = grotto("verify", p)
    assert res.rc == 1 and "chests: capture 7,2 8,8, ref 8,8 2,6 7,2" in res.text


def test_floor_grid_of_another_size_is_a_mismatch(grotto, tmp_path, floors):
    f = floors[(0x5BC3, 4)]
    p = write(tmp_path, "f.cap", floor_capture(f, ["?" * 12] * 12))
    res = grotto("verify", p)
    assert res.rc == 1
    assert "size: capture 12x12, ref 10x10" in res.text


def test_floor_facts_disagreeing_are_mismatches(grotto, tmp_path):
    p = write(tmp_path, "f.cap", cap("floor", ("seed", "0x0000"), ("floor", 1), ("up_next_to_chest", "yes"),
                                     ("down_cut_off", "no")))
    res = grotto("verify", p)
    assert res.rc == 1
    assert "up_next_to_chest: capture yes, ref no (1 difference)" in res.text


def test_floor_beyond_the_map_is_a_mismatch(grotto, tmp_path, floors):
    f = floors[(0x0346, 16)]
    p = write(tmp_path, "f.cap", ram_capture(f, ("quality", 221)))
    res = grotto("verify", p)
    assert res.rc == 1
    assert "floor: capture B16F, ref map DD0346 has 15 floors" in res.text


def test_workarea_header_and_grid(grotto, tmp_path, floors):
    f = floors[(0x5BC4, 3)]
    rec = rec_bytes(f)
    area = bytearray(1336)
    area[0], area[2], area[3] = rec[0], rec[1], rec[2]
    area[4:9] = rec[4:9]
    area[13:19] = rec[9:15]
    area[792:1048] = rec[16:272]

    def text(a):
        hx = a.hex().upper()
        rows = [hx[i:i + 64] for i in range(0, len(hx), 64)]
        return cap("workarea", ("seed", "0x5BC4"), ("floor", 3), ("work_area", None), *[("", r) for r in rows])

    assert len(text(area).splitlines()) == 5 + 3 + 42  # provenance, seed, floor, work_area:, 42 rows
    for engine in ("ref", "impl"):
        res = grotto("verify", write(tmp_path, "w.cap", text(area)), "--engine", engine)
        assert res.rc == 0, res.out
    area[4] ^= 1
    area[792 + 16 * 8 + 7] = 0
    res = grotto("verify", write(tmp_path, "w.cap", text(area)))
    assert res.rc == 1
    assert "up x: capture 6, ref 7" in res.text and "tile (7,8): capture 00, ref 04" in res.text


# ---------------------------------------------------------------- inventory


def lcg_timer(t):
    return draws(t, 3)


@pytest.fixture(scope="module")
def timers_by_seed():
    by = {}
    for t in range(65536):
        r1, s, r3 = lcg_timer(t)
        by.setdefault(s, []).append((r1, r3))
    return by


def possible_locations(by, seed, qlo, qhi):
    locs = set()
    for r1, r3 in by.get(seed, []):
        for base in range(2, 249):
            q = final_quality(base, r1)
            if qlo <= q <= qhi:
                locs.add(location(q, r3))
    return locs


def inv(*fields, game="na"):
    return cap("inventory", *fields, game=game)


def test_inventory_locations_agree_with_the_timer_rules(grotto, tmp_path, timers_by_seed):
    # rng-and-timer.md §4.5: seed 0x1234 in band 0x38 -> locations 19 and 21
    assert possible_locations(timers_by_seed, 0x1234, 56, 60) == {19, 21}
    ok = [inv(("seed", "0x1234"), ("band", "0x38"), ("location", loc)) for loc in (19, 21)]
    bad = inv(("seed", "0x1234"), ("band", "0x38"), ("location", 20))
    res = grotto("verify", write(tmp_path, "i.cap", *ok, bad))
    assert res.rc == 1
    assert verdicts(res) == ["OK", "OK", "MISMATCH"]
    assert "location: capture 20, ref impossible for seed 0x1234 at band 38 (qualities 56..60) (possible: 19, 21)" in res.text
    # exact qualities: every location the Python model allows at quality 57 passes, the others fail
    want = possible_locations(timers_by_seed, 0x1234, 57, 57)
    recs = [inv(("seed", "0x1234"), ("quality", 57), ("location", loc)) for loc in range(1, 132)]
    js = grotto("verify", write(tmp_path, "j.cap", *recs), "--json").json()
    got = {loc for loc, c in zip(range(1, 132), js["captures"]) if c["verdict"] == "OK"}
    assert got == want and want


def test_inventory_quest15_never_seeds_and_names(grotto, tmp_path):
    s = json.loads((ROOT / "corpus" / "golden" / "never-seeds.json").read_text())[0]
    recs = [
        inv(("seed", "0x0032"), ("quality", 2), ("location", 5), ("name", "Granite Tunnel of Woe Lv.1")),
        inv(("seed", "50"), ("quality", 2), ("location", 5), ("name", "  granite  tunnel of woe lv1 ")),
        inv(("seed", "0x0032"), ("quality", 2), ("location", 5), ("name", "うす暗き獣の地下道Lv1"), game="jp"),
        inv(("seed", "0x0032"), ("quality", 3), ("location", 5)),
        inv(("seed", f"0x{s:04X}"), ("quality", 100)),
        inv(("seed", "0x0032"), ("quality", 2), ("name", "Granite Tunnel of Woe Lv.2")),
        inv(("seed", "0x0E5C"), ("band", "0xB5"), ("floors", 14), ("boss", "Nemean"), ("level", 87)),
    ]
    res = grotto("verify", write(tmp_path, "q.cap", *recs))
    assert res.rc == 1
    assert verdicts(res) == ["OK", "OK", "OK", "MISMATCH", "MISMATCH", "MISMATCH", "MISMATCH"]
    lines = res.lines
    assert "location: capture 5, ref impossible for seed 0x0032 at quality 3 (possible: 27, 35)" in lines[3]
    assert f"seed: capture 0x{s:04X}, ref never arises" in lines[4]
    assert "name: capture Granite Tunnel of Woe Lv.2, ref Granite Tunnel of Woe Lv.1 / うす暗き獣の地下道Lv1" in lines[5]
    assert "floors: capture 14, ref 15" in lines[6] and "boss: capture Nemean, ref Tyrannosaurus Wrecks" in lines[6]


def test_inventory_raw_record_must_agree(grotto, tmp_path):
    raw = bytearray(28)
    raw[0x15], raw[0x17], raw[0x1A], raw[0x1B] = 5, 2, 0x32, 0x00
    good = inv(("seed", "0x0032"), ("quality", 2), ("location", 5), ("raw", raw.hex()))
    raw[0x15] = 6
    bad = inv(("seed", "0x0032"), ("quality", 2), ("location", 5), ("raw", raw.hex()))
    jp = inv(("seed", "0x0032"), ("quality", 2), ("location", 5), ("raw", raw.hex()), game="jp")
    res = grotto("verify", write(tmp_path, "r.cap", good, bad, jp))
    assert res.rc == 2
    assert verdicts(res) == ["OK", "REJECTED", "REJECTED"]
    assert "r.cap:19: raw: byte 0x15 (location) is 6 but location is 5" in res.text
    assert "r.cap:29: raw: the inventory record layout is known for the na/eu builds only" in res.text


# ---------------------------------------------------------------- memory


@pytest.fixture(scope="module")
def special_maps():
    return [m for m in load_jsonl("maps-sample.jsonl") if any(e["state"] for e in m["elist"])][:40]


def floor_table(env, mr):
    t = json.loads((TABLES / "monsters.json").read_text())["floor_tables"]
    for row in t:
        if row["env"] == env and row["monster_rank"] == mr:
            return row
    raise KeyError((env, mr))


STATE_CLASS = {0: "normal", 1: "partial", 2: "4-enemy", 3: "3-enemy", 4: "2-enemy", 5: "only", 6: "no-enemy",
               7: "no-enemy", 8: "no-enemy", 9: "no-enemy", 10: "3-enemy", 11: "3-enemy", 12: "3-enemy",
               13: "2-enemy", 14: "only", 15: "only", 16: "only"}


def test_memory_captures_from_golden_maps(grotto, tmp_path, special_maps):
    """ElistOfs per build (jp unpadded, na/eu +128) and the state class, from the
    golden MapRecords; free_bytes from the golden ElistOfs with F and G of the
    tables (free = 11,348 + 28F + G - ElistOfs on intl, 128 less on jp) - an
    independent form of the walking-map definition verify uses."""
    recs, expect = [], []
    for m in special_maps:
        band, seed = m["band"], m["seed"]
        for n, e in enumerate(m["elist"], start=1):
            if not e["state"]:
                continue
            mr = min(12, m["smr"] + (n - 1) // 4)
            t = floor_table(m["env"], mr)
            for game in ("jp", "na"):
                pad = 0 if game == "jp" else 128
                free = 11348 + 28 * t["F"] + t["G"] - e["ofs"] - (128 - pad)
                fields = [("seed", f"0x{seed:04X}"), ("band", f"0x{band:02X}"), ("floor", n),
                          ("elistofs", f"0x{e['ofs'] + pad:04X}"), ("state", STATE_CLASS[e["state"]])]
                if free >= 0:  # a measurement cannot be negative; the model can
                    fields.append(("free_bytes", free))
                recs.append(cap("memory", *fields, game=game))
                expect.append("OK")
    assert len(recs) >= 40
    p = write(tmp_path, "mem.cap", *recs)
    for engine in ("ref", "impl"):
        res = grotto("verify", p, "--engine", engine)
        assert res.rc == 0, "\n".join(l for l in res.lines if not l.startswith("OK"))
        assert verdicts(res) == expect
    # --region overrides every capture's game: half of them now expect the other padding
    res = grotto("verify", p, "--region", "jp", "--json")
    got = [c["verdict"] for c in res.json()["captures"]]
    assert got == ["OK", "MISMATCH"] * (len(recs) // 2)
    diff = res.json()["captures"][1]["differences"][0]
    assert diff["field"] == "elistofs" and diff["engine"].endswith("(jp)")


def test_memory_only_walk_nodes_and_lost(grotto, tmp_path):
    # B50E5C B15F: Metal King Slime only (HW-9); enemy-list.md E6: 4C1BE6 B9F, W 147,
    # ElistOfs 0x2BA0 (+128 on na), "Liquid Metal Slime only (No Mimic)", survivors 01B, 026
    recs = [
        cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 15), ("only", "metal king slime"),
            ("lost", "none")),
        cap("memory", ("seed", "0x1BE6"), ("band", "0x4C"), ("floor", 9), ("state", "only"),
            ("only", "Liquid Metal Slime"), ("lost", "mimic pandora"), ("elistofs", "0x2C20"),
            ("walk_nodes", 147)),
        cap("memory", ("seed", "0x1BE6"), ("band", "0x4C"), ("floor", 9), ("only", "Metal King Slime"),
            ("lost", "pandora"), ("walk_nodes", 146)),
        cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 14), ("only", "Metal King Slime")),
    ]
    res = grotto("verify", write(tmp_path, "o.cap", *recs))
    assert verdicts(res) == ["OK", "OK", "MISMATCH", "MISMATCH"], res.out
    lines = res.lines
    assert "only: capture Metal King Slime, ref Liquid Metal Slime (はぐれメタル)" in lines[2]
    assert "lost: capture pandora, ref mimic pandora (Liquid Metal Slime only (No Mimic))" in lines[2]
    assert "walk_nodes: capture 146, ref 147" in lines[2]
    assert "only: capture Metal King Slime, ref no ONLY state (Normal)" in lines[3]


# ---------------------------------------------------------------- malformed captures

GOOD = cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("up_next_to_chest", "yes"))
RAM_OK = (FIXTURES / "hardware-md-ram-example.cap").read_text()

MALFORMED = [
    # (name, text, line, reason fragment)
    ("unknown key", GOOD + "colour: blue\n", 9, "unknown key 'colour'"),
    ("key of another kind", GOOD + "tiles:\n", 9, "key 'tiles' does not belong in a floor capture"),
    ("duplicate key", GOOD + "seed: 0x5BC3\n", 9, "duplicate key 'seed' (first given on line 6)"),
    ("duplicate provenance", GOOD.replace("game: na\n", "game: na\ngame: jp\n"), 6, "duplicate key 'game'"),
    ("unknown kind", GOOD.replace("capture: floor", "capture: screenshot"), 1, "unknown capture kind 'screenshot'"),
    ("records without a blank line", GOOD + GOOD, 9,
     "duplicate key 'capture' (first given on line 1); records are separated by a blank line"),
    ("no capture key first", "seed: 0x5BC3\n" + GOOD, 1, "a record starts with 'capture: KIND'"),
    ("not key value", GOOD + "just some words\n", 9, "expected 'key: value' (keys are lower case), got 'just some words'"),
    ("empty value", GOOD.replace("seed: 0x5BC3", "seed:"), 6, "seed: empty value"),
    ("seed out of range", GOOD.replace("0x5BC3", "0x8000"), 6, "seed 0x8000 is above 0x7FFF"),
    ("seed hex without 0x", GOOD.replace("0x5BC3", "5BC3"), 6, "'5BC3' is not a number (decimal, or hex written 0x5BC3)"),
    ("negative seed", GOOD.replace("0x5BC3", "-1"), 6, "'-1' is not a number"),
    ("floor 17", GOOD.replace("floor: 4", "floor: 17"), 7, "floor 17 is out of range (1..16)"),
    ("floor 0", GOOD.replace("floor: 4", "floor: B0F"), 7, "floor B0F is out of range (1..16)"),
    ("quality 249", GOOD + "quality: 249\n", 9, "quality 249 is out of range (2..248)"),
    ("quality 1", GOOD + "quality: 1\n", 9, "quality 1 is out of range (2..248)"),
    ("band not a code", GOOD + "band: 0xB6\n", 9, "band: '0xB6' is not a band code"),
    ("quality and band", GOOD + "quality: 221\nband: 0xDD\n", 10, "give quality or band, not both"),
    ("coordinate out of grid", GOOD + "up: 16,3\n", 9, "up: coordinate 16,3 lies outside the 16x16 grid"),
    ("coordinate outside floor", GOOD + "width: 10\nheight: 10\ndown: 12,3\n", 11, "down: 12,3 lies outside the 10x10 floor"),
    ("bad coordinate", GOOD + "up: 7;8\n", 9, "up: '7;8' is not a coordinate x,y"),
    ("chest twice", GOOD + "chests: 8,8 8,8\n", 9, "chests: 8,8 is listed twice"),
    ("six chests", GOOD + "chests: 1,1 1,2 1,3 1,4 1,5 1,6\n", 9, "more than 5 chests"),
    ("bad boolean", GOOD.replace("yes", "true"), 8, "up_next_to_chest: 'true' (expected yes or no)"),
    ("missing source", GOOD.replace("source: tests/e2e/test_verify.py\n", ""), 1, "floor capture without 'source:'"),
    ("missing date", GOOD.replace("date: 2026-11-30\n", ""), 1, "floor capture without 'date:'"),
    ("missing method", GOOD.replace("method: emulator RAM read\n", ""), 1, "without 'method:'"),
    ("missing game", GOOD.replace("game: na\n", ""), 1, "without 'game:'"),
    ("bad game", GOOD.replace("game: na", "game: us"), 5, "game: 'us' (expected jp, na or eu)"),
    ("bad date", GOOD.replace("2026-11-30", "2026-02-30"), 3, "date: '2026-02-30' is not an ISO 8601 date"),
    ("bad month", GOOD.replace("2026-11-30", "2026-13-01"), 3, "is not an ISO 8601 date"),
    ("date words", GOOD.replace("2026-11-30", "yesterday"), 3, "is not an ISO 8601 date"),
    ("date basic format", GOOD.replace("2026-11-30", "20261130"), 3, "is not an ISO 8601 date"),
    ("missing seed", GOOD.replace("seed: 0x5BC3\n", ""), 1, "floor capture without 'seed:'"),
    ("missing floor", GOOD.replace("floor: 4\n", ""), 1, "floor capture without 'floor:'"),
    ("nothing observed", GOOD.replace("up_next_to_chest: yes\n", ""), 1, "floor capture that observes nothing"),
    ("value too long", GOOD.replace("tests/e2e/test_verify.py", "x" * 300), 2, "source: value too long (300 bytes"),
    ("control character", GOOD.replace("tests/e2e", "tests\x01e2e"), 2, "control character 0x01"),
    ("not utf-8", GOOD.replace("tests/e2e", "tests\udcffe2e"), 2, "not UTF-8 text"),
    # grids
    ("grid too narrow", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None), *[("", "?" * 9)] * 9), 9,
     "grid: the first row has 9 cells; a floor is 10..16 cells wide"),
    ("grid too wide", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None), *[("", "?" * 17)] * 17), 9,
     "the first row has 17 cells"),
    ("grid ragged", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None), *[("", "?" * 10)] * 4,
                        ("", "?" * 11), *[("", "?" * 10)] * 5), 13, "grid row 4 has 11 cells, the first row 10"),
    ("grid short", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None), *[("", "?" * 10)] * 9), 8,
     "grid: the record ends after 9 of 10 rows"),
    ("grid long", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None), *[("", "?" * 10)] * 11), 19,
     "grid: more than 10 rows"),
    ("grid bad cell", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None), *[("", "?" * 10)] * 3,
                          ("", "???x??????"), *[("", "?" * 10)] * 6), 12, "grid row 3, column 3: 'x' is not one of"),
    ("grid two up stairs", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("grid", None), ("", "<????????<"),
                               *[("", "?" * 10)] * 9), 9, "a second '<' at 9,0"),
    ("grid and width differ", cap("floor", ("seed", "0x5BC3"), ("floor", 4), ("width", 12), ("height", 12),
                                  ("grid", None), *[("", "?" * 10)] * 10), 9, "width/height 12x12 but the grid is 10x10"),
    ("grid value after colon", GOOD + "grid: ##########\n", 9, "grid: the rows follow on the next lines"),
    # ram tiles
    ("tiles non-hex", RAM_OK.replace("01000405020202060001010101010101", "0100040502020206000101010101010g"), 17,
     "tiles row 2: 'g' at column 31 is not a hex digit"),
    ("tiles short row", RAM_OK.replace("01000405020202060001010101010101", "010004050202020600010101010101"), 17,
     "tiles row 2: 30 hex digits, expected 32"),
    ("tiles truncated", "\n".join(RAM_OK.splitlines()[:25]) + "\n", 14, "tiles: the record ends after 11 of 16 rows"),
    ("tiles extra row", RAM_OK + "01010101010101010101010101010101\n", 31, "tiles: more than 16 rows"),
    ("ram without tiles", "\n".join(RAM_OK.splitlines()[:13]) + "\n", 1, "ram capture without 'tiles:'"),
    ("ram width 9", RAM_OK.replace("width: 10", "width: 9"), 9, "width 9 is out of range (10..16)"),
    # memory and inventory values
    ("memory nothing measured", cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 15)), 1,
     "memory capture that measures nothing"),
    ("memory without quality", cap("memory", ("seed", "0x0E5C"), ("floor", 15), ("state", "only")), 1,
     "memory capture without 'quality:' or 'band:'"),
    ("memory bad state", cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 15), ("state", "ONLY")), 9,
     "state: 'ONLY' (expected normal, partial"),
    ("memory only contradicts state", cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 15),
                                          ("state", "no-enemy"), ("only", "Metal King Slime")), 10,
     "only: names the ONLY monster but state is 'no-enemy'"),
    ("memory unknown monster", cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 15),
                                   ("only", "Metal Queen Slime")), 9, "only: 'Metal Queen Slime' is not a monster name"),
    ("memory bad lost", cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 15), ("lost", "mimic chest")), 9,
     "lost: 'chest'"),
    ("memory walk_nodes 257", cap("memory", ("seed", "0x0E5C"), ("band", "0xB5"), ("floor", 15), ("walk_nodes", 257)), 9,
     "walk_nodes 257 is out of range (0..256)"),
    ("inventory without quality", cap("inventory", ("seed", "0x0032")), 1, "inventory capture without 'quality:' or 'band:'"),
    ("inventory location 151", cap("inventory", ("seed", "0x0032"), ("quality", 2), ("location", 151)), 8,
     "location 151 is out of range (1..150)"),
    ("inventory bad boss", cap("inventory", ("seed", "0x0032"), ("quality", 2), ("boss", "Zoma")), 8,
     "boss: 'Zoma' is not a boss"),
    ("inventory raw length", cap("inventory", ("seed", "0x0032"), ("quality", 2), ("raw", "00" * 27)), 8,
     "raw: 54 hex digits, expected 56"),
    ("workarea truncated", cap("workarea", ("seed", "0x5BC4"), ("floor", 3), ("work_area", None),
                               *[("", "00" * 32)] * 41, ("", "00" * 20)), 50, "work_area row 41: 40 hex digits, expected 48"),
]


@pytest.mark.parametrize("name,text,line,reason", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_capture_is_rejected_with_file_line_reason(grotto, tmp_path, name, text, line, reason):
    bad = tmp_path / "bad.cap"
    bad.write_bytes(text.encode("utf-8", "surrogateescape"))
    good = write(tmp_path, "good.cap", GOOD)
    res = grotto("verify", bad, good)
    assert res.rc == 2, res.out
    out = res.lines
    assert out[0] == f"REJECTED  {bad}:{line}: " + out[0].split(f"{bad}:{line}: ", 1)[-1], out[0]
    assert reason in out[0], out[0]
    # the good file after it is still checked
    assert out[1].startswith("OK ") and str(good) in out[1]
    assert out[2].endswith("1 OK, 0 MISMATCH, 1 REJECTED, 0 DOUBTFUL (ref, each game's region)")
    # one line on stderr
    err = [l for l in res.err.splitlines() if l.strip()]
    assert len(err) == 1 and err[0].startswith("grotto verify: 1 of 2 captures rejected (first: ")
    js = grotto("verify", bad, good, "--json")
    assert js.rc == 2
    c = js.json()["captures"][0]
    assert c["verdict"] == "REJECTED" and c["line"] == line and reason in c["reason"]
    assert c["message"] == f"{bad}:{line}: {c['reason']}"


def test_bad_record_does_not_stop_the_next_record_of_the_same_file(grotto, tmp_path):
    p = write(tmp_path, "mixed.cap", GOOD, GOOD + "colour: red\n", "# a comment between records\n", GOOD)
    res = grotto("verify", p)
    assert res.rc == 2
    assert verdicts(res) == ["OK", "REJECTED", "OK"]
    assert f"{p}:18: unknown key 'colour'" in res.text


def test_file_level_problems(grotto, tmp_path):
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    (empty_dir / "notes.txt").write_text("not a capture\n")
    comments = write(tmp_path, "comments.cap", "# only a comment\n\n")
    res = grotto("verify", tmp_path / "missing.cap", empty_dir, comments, HARDWARE)
    assert res.rc == 2
    lines = res.lines
    assert lines[0] == f"REJECTED  {tmp_path / 'missing.cap'}: cannot read: No such file or directory"
    assert lines[1] == f"REJECTED  {empty_dir}: no *.cap files in this directory"
    assert lines[2] == f"REJECTED  {comments}: no capture records (a record starts with 'capture: KIND')"
    assert verdicts(res)[3:] == ["OK"] * 5
    assert "8 captures in 6 files: 5 OK, 0 MISMATCH, 3 REJECTED" in lines[-1]


def test_crlf_and_bom_are_accepted(grotto, tmp_path):
    p = tmp_path / "dos.cap"
    p.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode())
    res = grotto("verify", p)
    assert res.rc == 0, res.out


# ---------------------------------------------------------------- directories, JSON, options


def test_directory_scan_is_recursive_sorted_and_skips_dot_files(grotto, tmp_path):
    d = tmp_path / "caps"
    (d / "b" / "deep").mkdir(parents=True)
    (d / "a").mkdir()
    write(d / "b" / "deep", "z.cap", GOOD)
    write(d / "b", "a.cap", GOOD)
    write(d / "a", "y.cap", GOOD)
    write(d, "c.cap", GOOD)
    write(d, ".hidden.cap", "junk")
    write(d, "readme.txt", "junk")
    (d / "link").symlink_to(d / "a", target_is_directory=True)
    res = grotto("verify", d, "--json")
    assert res.rc == 0, res.out
    files = [c["file"] for c in res.json()["captures"]]
    assert files == [f"{d}/a/y.cap", f"{d}/b/a.cap", f"{d}/b/deep/z.cap", f"{d}/c.cap"]
    assert grotto("verify", d).out == grotto("verify", d).out


def test_json_schema(grotto, tmp_path, floors):
    f = floors[(0x5BC3, 4)]
    rec = bytearray(rec_bytes(f))
    rec[16 + 3] = 0
    p = write(tmp_path, "s.cap", GOOD, ram_capture(f, tiles=rec), GOOD + "colour: x\n")
    res = grotto("verify", p, "--json", "--engine", "impl")
    assert res.rc == 2
    js = res.json()
    assert set(js) == {"schema", "engine", "region", "captures", "summary"}
    assert js["engine"] == "impl" and js["region"] == "from-game"
    assert js["summary"] == {"files": 1, "captures": 3, "ok": 1, "mismatch": 1, "rejected": 1, "doubtful": 0}
    ok, mm, rej = js["captures"]
    keys = {"file", "line", "verdict", "kind", "label", "seed", "floor", "quality", "band", "game", "region",
            "checked", "note", "doubt", "differences"}
    assert set(ok) == keys and set(mm) - {"grids"} == keys  # grids: the floor side by side, for the text
    assert (ok["verdict"], ok["kind"], ok["label"], ok["seed"], ok["floor"], ok["quality"], ok["band"]) == \
        ("OK", "floor", "5BC3 B4F", 0x5BC3, 4, None, None)
    assert (ok["game"], ok["region"], ok["differences"]) == ("na", "intl", [])
    assert mm["verdict"] == "MISMATCH" and mm["differences"] == [
        {"field": "tile", "x": 3, "y": 0, "capture": "00", "engine": "01"}]
    assert set(rej) == {"file", "line", "verdict", "reason", "message"}
    assert rej["line"] == 48 and rej["reason"] == "unknown key 'colour'"


@pytest.mark.parametrize("args,needle", [
    ([], "give capture files or directories"),
    (["x.cap", "--engine", "fast"], "unknown engine 'fast'"),
    (["x.cap", "--region", "us"], "unknown region 'us'"),
    (["x.cap", "--engine", "ref", "--engine", "impl"], "'--engine' given twice"),
    (["x.cap", "--region=jp", "--region", "intl"], "'--region' given twice"),
    (["x.cap", "--colour"], "unknown option '--colour'"),
    (["x.cap", "--json=yes"], "takes no value"),
])
def test_usage_errors(grotto, args, needle):
    assert_usage_error(grotto("verify", *args), needle)


def test_help(grotto):
    res = grotto("verify", "--help")
    assert res.rc == 0
    assert res.out.startswith("usage: grotto verify FILE|DIR...")
    for word in ("--engine", "--region", "--json", "examples:", "inventory", "workarea"):
        assert word in res.text
    assert "verify" in grotto("--help").out
