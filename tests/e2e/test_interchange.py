"""Other tools under test: the interchange format, grotto interchange (the
converter), grotto oracle --b FILE.jsonl and --b exec:CMD with the adapters
of tools/adapters (right, one byte flipped, fields omitted, crashing,
hanging, printing garbage): the verdict and exit code each time."""
import json
import os
import subprocess
import sys
import time

import pytest

from conftest import CORPUS, ROOT, assert_usage_error, grotto_bin, load_jsonl

ADAPTERS = ROOT / "tools" / "adapters"


def adapter(name, *args):
    """exec:COMMAND for an adapter, run by this interpreter."""
    words = [sys.executable, str(ADAPTERS / name), *map(str, args)]
    return "exec:" + " ".join("'%s'" % w for w in words)


@pytest.fixture(autouse=True)
def adapters_find_grotto(monkeypatch):
    """The adapters' "tool" is grotto itself, the binary under test."""
    monkeypatch.setenv("GROTTO_BIN", grotto_bin())


# ---- the example adapter: right ----

def test_example_adapter_over_a_sample_reports_no_difference(grotto):
    res = grotto("oracle", "--b", adapter("example.py"), "--sample", 60, "--json")
    assert res.rc == 0, res.out + res.err
    doc = res.json()
    assert doc["ok"] is True and doc["mode"] == "exec" and doc["requests"] == 60
    c = doc["check"]
    assert c["records"] == 60 and c["floor_records"] + c["map_records"] == 60
    assert c["floor_records"] > 0 and c["map_records"] > 0  # the sample spans both domains
    assert c["fields_differing"] == 0 and c["records_differing"] == 0
    assert c["not_carried"] == [] and c["first"] == []
    # every field of every record was compared: 7 per floor, 8 details + per-floor fields per map
    assert c["fields"] > 7 * c["floor_records"] + 8 * c["map_records"]


def test_sample_is_fixed_and_text_report(grotto):
    a = grotto("oracle", "--b", adapter("example.py"), "--sample", 20, "--seeds", "100..1FF", "--bands", "02,DD")
    b = grotto("oracle", "--b", adapter("example.py"), "--sample", 20, "--seeds", "100..1FF", "--bands", "02,DD")
    assert a.rc == 0 and b.rc == 0, a.err + b.err
    assert a.out == b.out
    assert a.text.endswith("20 requests, 20 replies, exited 0\n0 differences\n"), a.out


def test_exec_domains_ask_only_the_named_ones(grotto):
    """oracle maps --b exec:CMD asks the child for maps only, floors for floors only."""
    for domain, floors, maps in (("maps", 0, 12), ("floors", 16, 0)):
        doc = grotto("oracle", domain, "--b", adapter("example.py"), "--seeds", "5BC3", "--json", "-q").json()
        c = doc["check"]
        assert (c["floor_records"], c["map_records"]) == (floors, maps), domain
        assert doc["requests"] == doc["replies"] == floors + maps


# ---- flipping one byte of one floor ----

def test_flipped_byte_is_caught_at_its_floor_and_byte(grotto):
    # seed 0x123 = 291, floor 3, cell (5, 7): FloorRecord byte 16 + 7*16 + 5 = 133
    res = grotto("oracle", "floors", "--b", adapter("flip.py", 291, 3, 5, 7), "--seeds", "120..127")
    assert res.rc == 1, res.out + res.err
    assert "floor seed 0x0123 B3F (request 51): 1 field differs" in res.out
    assert "grid: 1 cell differs, first (5,7)" in res.out and "= FloorRecord byte 133" in res.out
    assert "128 records (128 floors, 0 maps), 896 fields compared; 1 records differ, 1 fields differ" in res.text
    assert res.out.endswith("DIFFERENCES\n")
    diff_rows = [l for l in res.out.splitlines() if l.strip().endswith("^..........")]
    assert diff_rows == [l for l in res.out.splitlines() if "^" in l] and len(diff_rows) == 1
    js = grotto("oracle", "floors", "--b", adapter("flip.py", 291, 3, 5, 7), "--seeds", "120..127", "--json")
    assert js.rc == 1
    first = js.json()["check"]["first"]
    assert [{k: v for k, v in f.items() if k != "report"} for f in first] == [
        {"seed": 291, "floor": 3, "request": 51, "fields": [{"field": "grid"}]}]
    assert "\n".join(first[0]["report"]) + "\n" in res.out  # the text's lines, as the text shows them
    assert js.json()["ok"] is False


# ---- omitting fields ----

def test_omitted_fields_are_reported_not_carried_never_differences(grotto):
    res = grotto("oracle", "--b", adapter("omit.py", "grid,overflow,level,elist.D"), "--seeds", "40..41",
                 "--bands", "02", "--json")
    assert res.rc == 0, res.out + res.err
    c = res.json()["check"]
    assert c["records"] == 34 and c["fields_differing"] == 0
    assert c["not_carried"] == ["overflow", "grid", "level", "elist.D"]
    assert c["carried"]["grid"] == 0 and c["carried"]["width"] == 32 and c["carried"]["elist.ofs"] == 2
    text = grotto("oracle", "--b", adapter("omit.py", "grid"), "floors", "--seeds", "40")
    assert text.rc == 0 and "not carried by any record, so not checked: grid" in text.out


def test_keys_only_reply_checks_nothing_but_is_no_failure(grotto):
    res = grotto("oracle", "floors", "--b", adapter("omit.py", "width,height,overflow,up,down,chests,grid"),
                 "--seeds", "7", "--json")
    assert res.rc == 0, res.err
    c = res.json()["check"]
    assert c["records"] == 16 and c["fields"] == 0 and len(c["not_carried"]) == 7


# ---- children that fail: exit 2, one line naming what happened ----

def test_crashing_child(grotto):
    res = grotto("oracle", "floors", "--b", adapter("crash.py", 5), "--seeds", "0..1")
    assert_usage_error(res, "died: exited with status 3", "request 'floor 0 6'", "after 5 good replies",
                       "its stderr: crash.py: giving up on request 'floor 0 6'")


def test_hanging_child_is_killed_at_the_timeout(grotto):
    # 3 s: the adapter's first replies (a Python start) must come within it
    # even on a loaded machine (0.5 s was missed at a load average of 19)
    t0 = time.monotonic()
    res = grotto("oracle", "floors", "--b", adapter("hang.py", 3), "--seeds", "0..1", "--timeout", "3",
                 timeout=60)
    assert time.monotonic() - t0 < 30
    assert_usage_error(res, "hung: no reply within 3 s (killed)", "request 'floor 0 4'", "after 3 good replies")


def test_child_that_never_exits_after_its_input(grotto):
    res = grotto("oracle", "floors", "--b", "exec:cat >/dev/null; sleep 60", "--seeds", "0", "--timeout", "0.3",
                 timeout=60)
    assert_usage_error(res, "hung: no reply within 0.3 s", "request 'floor 0 1'")


@pytest.mark.parametrize("text,needle", [
    ("this is not JSON", "answered garbage: not JSON"),
    ("[1, 2]", "answered garbage: not a JSON object"),
    ('{"seed": 0, "floor": 1, "width": "twelve"}', 'answered garbage: "width" is not an integer'),
    ('{"seed": 0, "floor": 1, "grid": ["12"]}', 'answered garbage: "grid" is not an array of 16 rows'),
    ('{"seed": 0}', 'answered garbage: neither "floor" nor "band"'),
    ('{"seed": 5, "floor": 1}', "answered for another item"),
    ('{"seed": 0, "floor": 1, "seed": 0}', "answered garbage: not JSON"),
])
def test_garbage_child(grotto, text, needle):
    res = grotto("oracle", "floors", "--b", adapter("garbage.py", 0, text), "--seeds", "0")
    assert_usage_error(res, needle, "request 'floor 0 1'", "after 0 good replies")


def test_garbage_after_good_replies(grotto):
    res = grotto("oracle", "floors", "--b", adapter("garbage.py", 4), "--seeds", "0")
    assert_usage_error(res, "answered garbage", "request 'floor 0 5'", "after 4 good replies")


# a child answering one floor request with its keys only
ECHO_KEYS = 'exec:read a b c; echo "{\\"seed\\":$b,\\"floor\\":$c}"'


@pytest.mark.parametrize("command,needle", [
    ("exec:true", "died: exited with status 0"),
    ("exec:kill -9 $$", "died: was killed by signal 9"),
    ("exec:/nonexistent/tool", "died: exited with status 127"),
    (ECHO_KEYS + "; echo extra", "output beyond its replies"),
    (ECHO_KEYS + "; exit 5", "exited with status 5 at the end"),
])
def test_children_that_die_or_misbehave(grotto, command, needle):
    res = grotto("oracle", "floors", "--b", command, "--seeds", "0", "--sample", 1, "--timeout", 5)
    assert_usage_error(res, needle)


def test_keys_only_child_passes_at_the_end(grotto):
    res = grotto("oracle", "floors", "--b", ECHO_KEYS, "--seeds", "0", "--sample", 1)
    assert res.rc == 0, res.err
    assert "1 records (1 floors, 0 maps), 0 fields compared" in res.text


def test_no_child_is_left_behind(grotto, tmp_path):
    """The hanging child's process group is killed: its grandchild is gone
    (or a zombie: this machine's init may not reap orphans)."""
    marker = tmp_path / "pid"
    cmd = "exec:sh -c 'echo $$ > %s; exec sleep 300' & wait" % marker
    res = grotto("oracle", "floors", "--b", cmd, "--seeds", "0", "--timeout", "0.5", timeout=60)
    assert res.rc == 2
    pid = int(marker.read_text())
    time.sleep(0.2)
    try:
        state = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        state = "gone"
    assert state in ("gone", "Z"), state


# ---- --b FILE.jsonl ----

def test_golden_maps_sample_as_another_tool(grotto):
    res = grotto("oracle", "--b", CORPUS / "maps-sample.jsonl")
    assert res.rc == 0, res.out + res.err
    n = len(load_jsonl("maps-sample.jsonl"))
    assert "%d records (0 floors, %d maps)" % (n, n) in res.text
    assert "ignored (in %d records): name_en, name_jp, elist[].state_text, record, digest" % n in res.text


def test_golden_floors_sample_lacks_width_height_overflow(grotto):
    res = grotto("oracle", "--b", CORPUS / "floors-sample.jsonl", "--a", "impl", "--json")
    assert res.rc == 0, res.err
    c = res.json()["check"]
    assert c["a"] == "impl" and c["not_carried"] == ["width", "height", "overflow"]
    assert "w" in c["ignored_keys"] and c["fields"] == 4 * c["records"]


def write_lines(path, objs):
    path.write_text("".join(json.dumps(o) + "\n" for o in objs))
    return path


def export(grotto, *args):
    res = grotto("interchange", "export", *args)
    assert res.rc == 0, res.err
    return [json.loads(l) for l in res.out.splitlines()]


def test_keys_the_format_does_not_define_are_counted_per_record(grotto, tmp_path):
    floors = export(grotto, "floors", "--seeds", "5BC3")
    floors[0]["note"] = "mine"
    f = write_lines(tmp_path / "tool.jsonl", floors)
    res = grotto("oracle", "--b", f)
    assert res.rc == 0, res.err
    assert "keys the format does not define, ignored (in 1 records): note" in res.out
    c = grotto("oracle", "--b", f, "--json").json()["check"]
    assert c["ignored_keys"] == ["note"] and c["ignored_records"] == 1 and c["records"] == 16


def test_file_with_changed_fields(grotto, tmp_path):
    floors = export(grotto, "floors", "--seeds", "5BC3")
    maps = export(grotto, "maps", "--seeds", "5BC3", "--bands", "DD")
    floors[3]["down"] = [1, 1]
    floors[3]["chests"] = floors[3]["chests"][:1]
    maps[0]["elist"][2]["state"] = 9
    maps[0]["level"] += 1
    f = write_lines(tmp_path / "tool.jsonl", floors + maps)
    res = grotto("oracle", "--b", f, "--json")
    assert res.rc == 1, res.err
    c = res.json()["check"]
    assert c["records"] == 17 and c["records_differing"] == 2 and c["fields_differing"] == 4
    assert {k: v for k, v in c["first"][0].items() if k != "report"} == {
        "seed": 0x5BC3, "floor": 4, "line": 4, "fields": [{"field": "down"}, {"field": "chests"}]}
    assert c["first"][0]["report"][0] == "floor seed 0x5BC3 B4F (line 4): 2 fields differ"
    assert c["first"][1]["fields"] == [{"field": "level"}, {"field": "elist.state", "floor": 3}]
    text = grotto("oracle", "--b", f, "--show", 1)
    assert text.rc == 1
    assert "floor seed 0x5BC3 B4F (line 4): 2 fields differ" in text.out
    assert "map DD5BC3" not in text.out  # --show 1


@pytest.mark.parametrize("line,needle", [
    ("not json", ":1: not JSON"),
    ('{"seed": 40000, "floor": 1}', ':1: "seed" is out of range'),
    ('{"seed": 1, "floor": 17}', ':1: "floor" is out of range'),
    ('{"band": 3, "seed": 1}', ':1: "band" is not a band code'),
    ('{"band": 2, "seed": 1, "floor": 2}', ':1: both "floor" and "band"'),
    ('{"band": 2, "seed": 1, "elist": [{"ofs": "x"}]}', ':1: "elist.ofs" is not an integer'),
    ('{"band": 2, "seed": 1, "chest_ranks": [[1, 2, 3, 4]]}', ':1: "chest_ranks"'),
    ('{"seed": 1, "floor": 1, "up": [1]}', ':1: "up" is not an [x, y] pair'),
])
def test_malformed_file_line(grotto, tmp_path, line, needle):
    f = tmp_path / "bad.jsonl"
    f.write_text(line + "\n")
    assert_usage_error(grotto("oracle", "--b", f), str(f) + needle)


def test_item_twice_and_empty_file(grotto, tmp_path):
    f = write_lines(tmp_path / "twice.jsonl", [{"seed": 1, "floor": 2}, {"seed": 1, "floor": 2}])
    assert_usage_error(grotto("oracle", "--b", f), "twice.jsonl:2: floor seed 0x0001 B2F given twice")
    e = tmp_path / "empty.jsonl"
    e.write_text("\n")
    assert_usage_error(grotto("oracle", "--b", e), "no interchange records")
    assert_usage_error(grotto("oracle", "--b", tmp_path / "missing.jsonl"), "missing.jsonl")


def test_oracle_option_errors(grotto, tmp_path):
    f = write_lines(tmp_path / "t.jsonl", [{"seed": 1, "floor": 2}])
    ex = adapter("example.py")
    assert_usage_error(grotto("oracle", "--b", "impl", "--seeds", "0..1"), "--seeds applies to grotto oracle --b exec:CMD only")
    assert_usage_error(grotto("oracle", "--b", f, "--sample", "3"), "--sample applies to grotto oracle --b exec:CMD only")
    assert_usage_error(grotto("oracle", "--b", f, "floors"), "unexpected argument 'floors'")
    assert_usage_error(grotto("oracle", "--b", f, "--against", "corpus"), "--against")
    assert_usage_error(grotto("oracle", "--b", ex, "timers", "--sample", "2"), "floors, maps and/or chests")
    assert_usage_error(grotto("oracle", "--b", "exec:"), "needs a command")
    assert_usage_error(grotto("oracle", "--b", ex, "--sample", "0"), "--sample 0")
    assert_usage_error(grotto("oracle", "--b", ex, "--timeout", "soon"), "--timeout")
    assert_usage_error(grotto("oracle", "--b", ex, "--seeds", "10..5"), "below")
    assert_usage_error(grotto("oracle", "--b", ex, "--bands", "02,02"), "twice")
    assert_usage_error(grotto("oracle", "--b", ex, "--bands", "00"))
    assert_usage_error(grotto("oracle", "floors", "--b", ex, "--bands", "02"), "needs the maps or chests domain")
    # --sample 2: without the check the run is short, and fails this test at once
    assert_usage_error(grotto("oracle", "--b", ex, "--seconds", "0..3", "--sample", "2"),
                       "--seconds needs the chests domain")
    assert_usage_error(grotto("oracle", "--b", f, "--seconds", "0"),
                       "--seconds applies to grotto oracle --b exec:CMD only")
    for bad in ("3..1", "x", "0..65536", "-1", "1..", "..2"):
        assert_usage_error(grotto("oracle", "chests", "--b", ex, "--seconds", bad), "--seconds '%s'" % bad)
    assert_usage_error(grotto("oracle", "chests", "--b", ex, "--seconds", "0..255"),
                       "the domain has 1610612736 items, more than 4194304")
    assert_usage_error(grotto("oracle", "--b", ex, "--timeout", "1", "--timeout", "2"), "twice")


# ---- grotto interchange: export, encode, decode ----

def test_encode_gives_the_golden_records(grotto, tmp_path):
    golden_floors = [o for o in load_jsonl("floors-sample.jsonl") if o["seed"] == 0]
    golden_maps = [o for o in load_jsonl("maps-sample.jsonl") if o["seed"] == 0]
    out = tmp_path / "f.jsonl"
    assert grotto("interchange", "export", "floors", "--seeds", "0", "-o", out).rc == 0
    assert grotto("interchange", "encode", out, "-o", tmp_path / "f.bin").rc == 0
    data = (tmp_path / "f.bin").read_bytes()
    assert len(data) == 16 * 272
    assert [data[272 * (o["floor"] - 1):272 * o["floor"]].hex() for o in golden_floors] == \
        [o["record"] for o in golden_floors]
    maps = tmp_path / "m.jsonl"
    assert grotto("interchange", "export", "maps", "--seeds", "0", "-o", maps).rc == 0
    assert grotto("interchange", "encode", maps, "-o", tmp_path / "m.bin").rc == 0
    mdata = (tmp_path / "m.bin").read_bytes()
    assert len(mdata) == 12 * 140
    records = {mdata[140 * i]: mdata[140 * i:140 * (i + 1)].hex() for i in range(12)}
    assert [records[o["band"]] for o in golden_maps] == [o["record"] for o in golden_maps]


def test_decode_round_trip(grotto, tmp_path):
    for kind, args in (("floors", ["--seeds", "5BC2..5BC3"]), ("maps", ["--seeds", "5BC3", "--engine", "impl"])):
        src = tmp_path / (kind + ".jsonl")
        assert grotto("interchange", "export", kind, *args, "-o", src).rc == 0
        assert grotto("interchange", "encode", src, "-o", tmp_path / "r.bin").rc == 0
        seed = ["--seed", "5BC2"] if kind == "floors" else []
        res = grotto("interchange", "decode", tmp_path / "r.bin", *seed)
        assert res.rc == 0, res.err
        assert res.out == src.read_text()


def test_interchange_errors(grotto, tmp_path):
    partial = write_lines(tmp_path / "p.jsonl", [{"seed": 1, "floor": 2, "width": 12}])
    assert_usage_error(grotto("interchange", "encode", partial), "p.jsonl:1: no \"height\"")
    floors = export(grotto, "floors", "--seeds", "1")
    maps = export(grotto, "maps", "--seeds", "1", "--bands", "02")
    mixed = write_lines(tmp_path / "mixed.jsonl", floors[:1] + maps)
    assert_usage_error(grotto("interchange", "encode", mixed), "mixed.jsonl:2: floors and maps mixed")
    floors[0]["width"] = 20
    big = write_lines(tmp_path / "big.jsonl", floors[:1])
    assert_usage_error(grotto("interchange", "encode", big), "cannot hold")
    odd = tmp_path / "odd.bin"
    odd.write_bytes(b"\0" * 100)
    assert_usage_error(grotto("interchange", "decode", odd), "100 bytes")
    zero = tmp_path / "zero.bin"
    zero.write_bytes(b"\0" * 272)
    assert_usage_error(grotto("interchange", "decode", zero), "record 1 (byte 0): not a valid FloorRecord")
    assert_usage_error(grotto("interchange", "export", "timers"), "floors or maps")
    assert_usage_error(grotto("interchange", "export", "floors", "--bands", "02"), "maps only")
    assert_usage_error(grotto("interchange", "encode", partial, "--seeds", "1"), "export only")
    assert_usage_error(grotto("interchange", "export", "floors", "--seed", "1"), "decode only")
    assert_usage_error(grotto("interchange", "frobnicate", "x"), "unknown mode")
    assert_usage_error(grotto("interchange"), "expected export")
    assert_usage_error(grotto("interchange", "export", "maps", "--engine", "nope"), "unknown engine")


def test_interchange_help(grotto):
    res = grotto("interchange", "--help")
    assert res.rc == 0 and res.out.startswith("usage: grotto interchange export")
    assert "examples:" in res.out


def test_per_floor_lists_of_the_wrong_length_differ(grotto, tmp_path):
    maps = export(grotto, "maps", "--seeds", "5BC3", "--bands", "DD")
    short = dict(maps[0], elist=maps[0]["elist"][:3], chest_ranks=maps[0]["chest_ranks"] + [[1]])
    res = grotto("oracle", "--b", write_lines(tmp_path / "short.jsonl", [short]))
    assert res.rc == 1, res.out + res.err
    assert "chest_ranks: ref has 15 floors, file 16 entries" in res.out
    assert "elist: ref has 15 floors, file 3 entries" in res.out


# ---- chest lines: "chest BAND SEED K T" and files of them ----

def test_chest_requests_of_the_example_adapter_agree(grotto, tmp_path):
    log = tmp_path / "requests.log"
    cmd = "exec:tee %s | %s" % (log, adapter("example.py")[5:])
    res = grotto("oracle", "floors", "maps", "chests", "--seeds", "5BC3", "--bands", "DD", "--seconds", "10..12",
                 "--b", cmd, "--json")
    assert res.rc == 0, res.out + res.err
    c = res.json()["check"]
    assert (c["records"], c["floor_records"], c["map_records"], c["chest_records"]) == (65, 16, 1, 48)
    # DD5BC3 has 15 floors, chests on B3F..B15F: 13 floors x 3 seconds carry entries
    assert {k: c["carried"][k] for k in ("contents", "contents.rank", "contents.item", "contents.name")} == \
        {"contents": 48, "contents.rank": 39, "contents.item": 39, "contents.name": 39}
    reqs = log.read_text().splitlines()
    assert reqs[:2] == ["floor 23491 1", "floor 23491 2"] and reqs[16] == "map 221 23491"
    assert reqs[17:20] == ["chest 221 23491 1 10", "chest 221 23491 1 11", "chest 221 23491 1 12"]
    assert reqs[-1] == "chest 221 23491 16 12" and len(reqs) == 65


def test_chest_sample_is_fixed_distinct_and_in_domain_order(grotto, tmp_path):
    runs = []
    for k in range(2):
        log = tmp_path / ("r%d.log" % k)
        res = grotto("oracle", "chests", "--seeds", "0..FF", "--seconds", "0..255", "--sample", "60",
                     "--b", "exec:tee %s | %s" % (log, adapter("example.py")[5:]), "--quiet")
        assert res.rc == 0, res.out + res.err
        runs.append(log.read_text().splitlines())
    assert runs[0] == runs[1] and len(set(runs[0])) == 60
    bands = [2, 56, 61, 76, 81, 101, 121, 141, 161, 181, 201, 221]
    keys = [(bands.index(int(w[1])), int(w[2]), int(w[3]), int(w[4])) for w in (r.split() for r in runs[0])]
    assert keys == sorted(keys) and all(w[0] == "chest" for w in (r.split() for r in runs[0]))
    assert len({k[0] for k in keys}) > 6 and max(k[3] for k in keys) > 128


def chest_line(grotto, mapid, k, t):
    res = grotto("chest", mapid, k, t, "--json")
    assert res.rc == 0, res.err
    doc = json.loads(res.out)
    return {"band": int(mapid[:2], 16), "seed": int(mapid[2:], 16), "floor": k, "second": t,
            "contents": [{"rank": c["rank"], "item": c["item"], "name": c["name_en"]} for c in doc["chests"]]}


def test_chest_file_differences_name_the_chest_and_both_answers(grotto, tmp_path):
    good = chest_line(grotto, "DD5BC3", 4, 12)
    assert [c["item"] for c in good["contents"]] == [17, 139, 11]
    bad = json_copy(good)
    bad["second"] = 13
    bad["contents"][1]["item"] = 12
    bad["contents"][1]["name"] = "Medicinal herb"
    bad["contents"][2]["rank"] = 8
    short = dict(chest_line(grotto, "DD5BC3", 5, 0), floor=5)
    short["contents"] = short["contents"][:-1] if short["contents"] else [{"rank": 1}]
    f = write_lines(tmp_path / "c.jsonl", [good, bad, short, {"band": 221, "seed": 23491, "floor": 1, "second": 0,
                                                              "contents": []}])
    res = grotto("oracle", "--b", f)
    assert res.rc == 1, res.out + res.err
    text = res.text
    assert "chests of map DD5BC3 B4F at second 13 (line 2)" in text
    assert "chest 2 (rank 7) item: ref" in text and "file 12 Medicinal herb" in text
    assert "chest 3 rank: ref 9, file 8" in text
    assert "chests of map DD5BC3 B5F at second 0 (line 3)" in text and "contents: chests: ref" in text
    assert "4 records (0 floors, 0 maps, 4 chest floors)" in text
    assert "\n  chest fields carried: contents 4 contents.rank " in text
    j = grotto("oracle", "--b", f, "--json").json()["check"]
    assert j["chest_records"] == 4 and j["records_differing"] == 2
    assert j["first"][0]["second"] == 13 and j["first"][0]["floor"] == 4 and j["first"][0]["band"] == 221
    # the same line twice; an engine without a chest timer
    twice = write_lines(tmp_path / "twice.jsonl", [good, good])
    assert_usage_error(grotto("oracle", "--b", twice), "chests of map DD5BC3 B4F at second 12 given twice")
    assert_usage_error(grotto("oracle", "--b", f, "--a", "legacy"), "engine legacy has no chest timer")
    # no binary record holds them
    assert_usage_error(grotto("interchange", "encode", f, "-o", tmp_path / "x.bin"), "a chest line")
    assert not (tmp_path / "x.bin").exists()


def json_copy(o):
    return json.loads(json.dumps(o))


@pytest.mark.parametrize("line, needle", [
    ({"seed": 1, "floor": 3, "second": 0}, "\"second\" without \"band\" and \"floor\""),
    ({"band": 2, "seed": 1, "second": 0}, "\"second\" without"),
    ({"band": 2, "seed": 1, "floor": 3, "second": 65536}, "\"second\" is out of range"),
    ({"band": 2, "seed": 1, "floor": 3, "second": 0, "contents": {}}, "\"contents\" is not an array"),
    ({"band": 2, "seed": 1, "floor": 3, "second": 0, "contents": [1]}, "an entry is not an object"),
    ({"band": 2, "seed": 1, "floor": 3, "second": 0, "contents": [{"name": "x" * 48}]}, "at most 47 bytes"),
    ({"band": 2, "seed": 1, "floor": 3, "second": 0, "contents": [{"rank": "S"}]}, "\"contents.rank\" is not"),
])
def test_malformed_chest_line(grotto, tmp_path, line, needle):
    f = write_lines(tmp_path / "m.jsonl", [line])
    assert_usage_error(grotto("oracle", "--b", f), needle)


def test_chest_line_ignored_keys_and_keys_only(grotto, tmp_path):
    f = write_lines(tmp_path / "k.jsonl", [{"band": 2, "seed": 1, "floor": 3, "second": 0, "why": 1},
                                          {"band": 2, "seed": 1, "floor": 3, "second": 1,
                                           "contents": [{"rank": 1, "colour": "red"}]}])
    res = grotto("oracle", "--b", f)
    assert "keys the format does not define, ignored (in 2 records): why, contents[].colour" in res.text
    assert "not carried by any record, so not checked: contents.item, contents.name" in res.text


def test_chest_reply_for_another_second_or_floor_is_garbage(grotto):
    for answer, needle in (('$d,\\"second\\":$((e+1))', "answered for another item"),
                           ('$((d+1)),\\"second\\":$e', "answered for another item")):
        cmd = 'exec:while read a b c d e; do echo "{\\"band\\":$b,\\"seed\\":$c,\\"floor\\":%s}"; done' % answer
        res = grotto("oracle", "chests", "--seeds", "1", "--bands", "02", "--seconds", "4", "--b", cmd)
        assert_usage_error(res, needle)
        assert "(request 'chest 2 1 1 4') after 0 good replies" in res.err
