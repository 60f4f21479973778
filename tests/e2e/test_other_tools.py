"""The community's tools as engines under test (issue 26): the adapters in
tools/adapters/ that speak the engine protocol (docs/interchange.md) for a
checkout of another tool, and docs/other-tools.md.

Two layers for each adapter:
- against a stand-in (tests/e2e/data/adapter-standins/: our own few
  functions under the tool's names and data layout), everywhere: the stand-in
  replays items the test recorded from grotto's own export in the tool's
  layout, so `grotto oracle --b exec:ADAPTER` must find 0 differences and
  every field carried (the adapter's parsing and field mapping), a changed
  item must be found where it was changed, and the error paths (a bad
  request, a tool that throws, an answer the adapter cannot map, no
  checkout) must end with the documented status and one line;
- against the real tool, when GROTTO_TOOLS_DIR holds a checkout
  (docs/other-tools.md); without one the test is skipped with the reason
  "skipped: no checkout ...", never passed.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import pytest

import spec_model
from conftest import CORPUS, ROOT, assert_usage_error, grotto_bin

ADAPTERS = ROOT / "tools" / "adapters"
SEARCHER_ADAPTER = ADAPTERS / "grotto-searcher.js"
STANDINS = Path(__file__).resolve().parent / "data" / "adapter-standins"
FLOOR_FIELDS = ["width", "height", "overflow", "up", "down", "chests", "grid"]
MAP_FIELDS = ["env", "floors", "smr", "boss", "prefix", "suffix", "locale", "level", "chest_ranks",
              "elist.ofs", "elist.D", "elist.state"]
CHEST_FIELDS = ["contents", "contents.rank", "contents.name"]

# The tool's English enemy-list labels per state code (records.md; the
# corpus's state_text), written here independently of the adapter's table.
# "{m}" is the floor's ONLY monster.
STATE_LABELS = {
    0: None, 1: "Partially No-enemy", 2: "4-enemy", 3: "3-enemy", 4: "2-enemy", 5: "{m} only",
    6: "No-enemy", 7: "No-enemy (No Pandora's Box)", 8: "No-enemy (No Mimic)",
    9: "No-enemy (No Cannibox)", 10: "3-enemy (No Pandora's Box)", 11: "3-enemy (No Mimic)",
    12: "3-enemy (No Cannibox)", 13: "2-enemy (No Cannibox)", 14: "{m} only (No Pandora's Box)",
    15: "{m} only (No Mimic)", 16: "{m} only (No Cannibox)",
}


def node():
    exe = shutil.which("node") or shutil.which("nodejs")
    assert exe, "node is not installed (ci/deps.sh installs nodejs)"
    return exe


def tools_checkout(name):
    """$GROTTO_TOOLS_DIR/NAME when it is a directory, else skip the test."""
    base = os.environ.get("GROTTO_TOOLS_DIR")
    path = Path(base) / name if base else None
    if not path or not path.is_dir():
        pytest.skip(f"skipped: no checkout of {name} (set GROTTO_TOOLS_DIR to a directory holding "
                    f"{name}/, docs/other-tools.md)")
    return path


def export(kind, seeds, bands=None):
    cmd = [grotto_bin(), "interchange", "export", kind, "--seeds", seeds]
    if bands:
        cmd += ["--bands", bands]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


# ---- the Grotto Searcher adapter against its stand-in ----------------------

def as_tool_floor(line):
    """An interchange floor in the stand-in's form of the tool's floor slot."""
    return {"w": line["width"], "h": line["height"], "up": line["up"], "down": line["down"],
            "chests": line["chests"], "overflow": line["overflow"],
            "cells": [int(c, 16) for row in line["grid"] for c in row]}


def as_tool_map(line, monster="Slime"):
    """An interchange map in the stand-in's form: _details[0..6] = boss,
    floors, smr, env, level, prefix, suffix; the tool's elist answers."""
    label = lambda code: None if STATE_LABELS[code] is None else STATE_LABELS[code].format(m=monster)
    return {"details": [line["boss"], line["floors"], line["smr"], line["env"], line["level"],
                        line["prefix"], line["suffix"]],
            "locale": line["locale"], "ranks": line["chest_ranks"],
            "elist": [{"hex": "%X" % e["ofs"], "state": label(e["state"]), "dValue": e["D"]}
                      for e in line["elist"]]}


def searcher_standin(tmp_path, floors=(), maps=(), faults=None, chests=()):
    """A stand-in checkout replaying these interchange lines."""
    d = tmp_path / "searcher-standin"
    shutil.copytree(STANDINS / "grotto-searcher", d)
    rec = {"floors": {}, "maps": {}, "items": {}}
    for line in floors:
        rec["floors"].setdefault(line["seed"], [None] * 16)[line["floor"] - 1] = as_tool_floor(line)
    for line in maps:
        rec["maps"]["%d:%d" % (line["band"], line["seed"])] = as_tool_map(line)
    for line in chests:
        key = "%d:%d:%d:%d" % (line["band"], line["seed"], line["floor"], line["second"])
        rec["items"][key] = [c["name"] for c in line["contents"]]
    (d / "2.js").write_text("const RECORDED=%s;\nconst FAULTS=%s;\n" % (json.dumps(rec), json.dumps(faults or {})))
    return d


def searcher_exec(checkout, *extra):
    return "exec:" + " ".join([node(), str(SEARCHER_ADAPTER), str(checkout), "--any-version", *extra])


def ask(checkout, requests, *args):
    """Run the adapter on these request lines."""
    cmd = [node(), str(SEARCHER_ADAPTER), *map(str, args)]
    if checkout is not None:
        cmd += [str(checkout), "--any-version"]
    env = dict(os.environ)
    for k in ("GROTTO_SEARCHER_DIR", "GROTTO_TOOLS_DIR"):
        env.pop(k, None)
    return subprocess.run(cmd, input="".join(r + "\n" for r in requests), capture_output=True,
                          text=True, timeout=120, env=env)


@pytest.fixture(scope="module")
def recorded():
    """grotto's lines for seeds 5BC0..5BC3 (5BC3 B4F overflows), floors and
    maps of every band, plus maps in non-zero enemy-list states."""
    floors = export("floors", "5BC0..5BC3")
    maps = export("maps", "5BC0..5BC3", "all")
    return floors, maps


def test_searcher_adapter_carries_every_field_and_agrees_on_recorded_items(grotto, tmp_path, recorded):
    floors, maps = recorded
    assert any(f["overflow"] for f in floors) and any(f["chests"] for f in floors)
    checkout = searcher_standin(tmp_path, floors, maps)
    res = grotto("oracle", "--seeds", "5BC0..5BC3", "--b", searcher_exec(checkout), "--json")
    assert res.rc == 0, res.out + res.err
    j = res.json()
    c = j["check"]
    assert (c["records"], c["floor_records"], c["map_records"]) == (112, 64, 48)
    assert (c["records_differing"], c["fields_differing"], c["not_carried"]) == (0, 0, [])
    assert c["carried"] == {**{f: 64 for f in FLOOR_FIELDS}, **{f: 48 for f in MAP_FIELDS},
                            **{f: 0 for f in CHEST_FIELDS + ["contents.item"]}}
    assert j["requests"] == 112 and j["ok"] is True
    text = grotto("oracle", "--seeds", "5BC0..5BC3", "--b", searcher_exec(checkout)).text
    assert "112 records (64 floors, 48 maps), %d fields compared; 0 records differ, 0 fields differ" \
        % c["fields"] in text


def test_searcher_adapter_maps_every_state_label_to_its_code(tmp_path):
    """All 17 labels the tool's classifier can give (enemy-list.md 5.1),
    with a monster name that itself holds 'only' and 'No-enemy'."""
    base = export("maps", "0000", "DD")[0]
    lines = []
    for seed, codes in ((1, list(range(0, 16))), (2, [16] + list(range(1, 16)))):
        m = dict(base, seed=seed, floors=16, chest_ranks=[[]] * 16)
        m["elist"] = [{"ofs": 11000 + i, "D": i, "state": c} for i, c in enumerate(codes)]
        lines.append(m)
    d = tmp_path / "states"
    shutil.copytree(STANDINS / "grotto-searcher", d)
    rec = {"floors": {}, "maps": {"221:%d" % m["seed"]: as_tool_map(m, monster="No-enemy only Slime")
                                  for m in lines}}
    (d / "2.js").write_text("const RECORDED=%s;\nconst FAULTS={};\n" % json.dumps(rec))
    res = ask(d, ["map 221 1", "map 221 2"])
    assert res.returncode == 0, res.stderr
    got = [json.loads(l) for l in res.stdout.splitlines()]
    assert [[e["state"] for e in g["elist"]] for g in got] == [list(range(16)), [16] + list(range(1, 16))]
    assert [e["ofs"] for e in got[0]["elist"]] == [11000 + i for i in range(16)]
    assert [e["D"] for e in got[1]["elist"]] == list(range(16))


def test_searcher_adapter_changed_items_are_differences_where_changed(grotto, tmp_path, recorded):
    floors, maps = recorded
    floors = [dict(f) for f in floors]
    maps = [dict(m) for m in maps]
    b4f = next(f for f in floors if f["seed"] == 0x5BC3 and f["floor"] == 4)
    row = b4f["grid"][2]
    b4f["grid"] = b4f["grid"][:2] + [row[:5] + ("1" if row[5] != "1" else "0") + row[6:]] + b4f["grid"][3:]
    b4f["overflow"] = False
    m = next(m for m in maps if m["band"] == 121 and m["seed"] == 0x5BC1)
    m["elist"] = [dict(e) for e in m["elist"]]
    m["elist"][2]["state"] = 6 if m["elist"][2]["state"] != 6 else 2
    checkout = searcher_standin(tmp_path, floors, maps)
    res = grotto("oracle", "--seeds", "5BC0..5BC3", "--b", searcher_exec(checkout), "--json")
    assert res.rc == 1, res.out + res.err
    c = res.json()["check"]
    assert (c["records_differing"], c["fields_differing"]) == (2, 3)
    first = {(d.get("band"), d["seed"], d.get("floor")): sorted(f["field"] for f in d["fields"])
             for d in c["first"]}
    assert first == {(None, 0x5BC3, 4): ["grid", "overflow"], (121, 0x5BC1, None): ["elist.state"]}


@pytest.mark.parametrize("requests, faults, status, needle", [
    (["floor 5 1"], {"throwSeed": 5}, 3, "the tool failed: Error: stand-in failure at seed 5"),
    (["walk 5"], None, 2, 'bad request "walk 5": expected "floor SEED K", "map BAND SEED" or "chest'),
    (["chest 221 1 3"], None, 2, 'bad request "chest 221 1 3"'),
    (["chest 221 1 3 65536"], None, 2, 'second "65536" is not an integer 0..65535'),
    (["chest 220 1 3 0"], None, 2, "band 220 is not one of"),
    (["chest 221 1 17 0"], None, 2, 'floor "17" is not an integer 1..16'),
    (["floor 32768 1"], None, 2, 'seed "32768" is not an integer 0..32767'),
    (["floor 1 17"], None, 2, 'floor "17" is not an integer 1..16'),
    (["floor 1"], None, 2, 'bad request "floor 1"'),
    (["map 3 1"], None, 2, "band 3 is not one of 2, 56, 61"),
    (["map 2 -1"], None, 2, 'seed "-1" is not an integer'),
])
def test_searcher_adapter_error_paths(tmp_path, requests, faults, status, needle):
    res = ask(searcher_standin(tmp_path, faults=faults), requests)
    assert res.returncode == status, (res.returncode, res.stdout, res.stderr)
    assert res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert lines[0].startswith("grotto-searcher.js: ") and needle in lines[0], res.stderr
    if status == 2:
        assert len(lines) == 1


@pytest.mark.parametrize("change, needle", [
    (lambda m, f: m["elist"][0].update(state="Weird"), 'state label this adapter does not know: "Weird"'),
    (lambda m, f: m["elist"][0].update(state="4-enemy (No Mimic)"), '"4-enemy (No Mimic)"'),
    (lambda m, f: m["elist"][1].update(hex="2B3G"), 'offset that is not hex: "2B3G"'),
    (lambda m, f: f["cells"].__setitem__(17, 16), "grid holds tile 16 at (1, 1)"),
])
def test_searcher_adapter_stops_on_answers_it_cannot_map(tmp_path, recorded, change, needle):
    floors, maps = recorded
    d = searcher_standin(tmp_path, floors[:16], maps[:1])
    rec_text = (d / "2.js").read_text()
    rec = json.loads(rec_text[len("const RECORDED="):rec_text.index(";\n")])
    m = rec["maps"]["%d:%d" % (maps[0]["band"], maps[0]["seed"])]
    f = rec["floors"][str(floors[0]["seed"])][0]
    change(m, f)
    (d / "2.js").write_text("const RECORDED=%s;\nconst FAULTS={};\n" % json.dumps(rec))
    req = "floor %d 1" % floors[0]["seed"] if "grid" in needle else "map %d %d" % (maps[0]["band"], maps[0]["seed"])
    res = ask(d, [req])
    assert res.returncode == 3, (res.returncode, res.stdout, res.stderr)
    assert res.stdout == "" and needle in res.stderr, res.stderr


def chest_lines(grotto, band, seed, seconds):
    """grotto's chest lines of every floor of a map (`grotto chest`)."""
    floors = export("maps", "%X" % seed, "%02X" % band)[0]["floors"]
    out = []
    for k in range(1, 17):
        for t in seconds:
            line = {"band": band, "seed": seed, "floor": k, "second": t, "contents": []}
            if k <= floors:
                doc = grotto("chest", "%02X%04X" % (band, seed), k, t, "--json").json()
                line["contents"] = [{"rank": c["rank"], "name": c["name_en"]} for c in doc["chests"]]
            out.append(line)
    return out


def test_searcher_adapter_chest_contents_agree_and_differ_where_changed(grotto, tmp_path):
    maps = export("maps", "5BC3", "DD")
    chests = chest_lines(grotto, 221, 0x5BC3, (10, 11))
    checkout = searcher_standin(tmp_path, maps=maps, chests=chests)
    args = ("oracle", "chests", "--seeds", "5BC3", "--bands", "DD", "--seconds", "10..11", "--json")
    res = grotto(*args, "--b", searcher_exec(checkout))
    assert res.rc == 0, res.out + res.err
    c = res.json()["check"]
    assert (c["chest_records"], c["fields_differing"], c["not_carried"]) == (32, 0, ["contents.item"])
    assert [c["carried"][f] for f in CHEST_FIELDS] == [32, 26, 26]  # chests on B3F..B15F
    # one name and one rank changed (B4F: chest 1's name at second 11, chest
    # 2's rank): a difference at each chest, with the draw that decides it
    # (chests.md §2-§3, computed here by spec_model); a chest without
    # item: the adapter stops
    b4f = next(l for l in chests if l["floor"] == 4 and l["second"] == 11)
    b4f["contents"][0]["name"] = "Mini medal" if b4f["contents"][0]["name"] != "Mini medal" else "Holy water"
    changed = json.loads(json.dumps(maps))
    ranks = changed[0]["chest_ranks"][3]
    assert len(ranks) == 3, ranks  # DD5BC3 B4F: 3 chests
    ranks[1] = ranks[1] % 10 + 1
    checkout = searcher_standin(tmp_path / "b", maps=changed, chests=chests)
    res = grotto(*args, "--b", searcher_exec(checkout))
    assert res.rc == 1, res.out + res.err
    first = res.json()["check"]["first"]
    assert [(d["floor"], d["second"], [f["field"] for f in d["fields"]]) for d in first] == \
        [(4, 10, ["contents.rank"]), (4, 11, ["contents.name", "contents.rank"])]
    rank_draw = spec_model.draws(0x5BC3 + 4, 2 * 3 + 2)[-1]          # chest 2, after 6 discarded
    content_draw = spec_model.draws(4 + 0x5BC3 + 11, 1)[0]            # chest 1 at second 11
    v = spec_model.scaled(content_draw, 100)
    fields = first[1]["fields"]
    assert fields == [{"field": "contents.name", "chest": 1, "draw": content_draw, "v": v},
                      {"field": "contents.rank", "chest": 2, "draw": rank_draw}]
    mr = spec_model.floor_mr(maps[0]["smr"], 4)
    lo, hi = next((r["min_rank"], r["max_rank"]) for r in spec_model.table("map-tables.json")
                  ["chest_rank_range_by_monster_rank"]["rows"] if r["monster_rank"] == mr)
    report = first[1]["report"]
    assert report[2] == "  chest 2 rank: ref %d, b %d (rank draw %d: %d + scaled(%d))" % (
        maps[0]["chest_ranks"][3][1], ranks[1], rank_draw, lo, hi - lo + 1), report
    assert report[1].endswith("(content draw %d: v %d)" % (content_draw, v)), report
    text = grotto(*args[:-1], "--show", "2", "--b", searcher_exec(checkout)).out
    assert "\n".join(report) in text
    res = ask(searcher_standin(tmp_path / "c", maps=maps), ["chest 221 23491 4 11"])
    assert res.returncode == 3 and "the tool gave no item for chest 1 of map 221:23491 floor 4" in res.stderr


def test_searcher_adapter_through_the_oracle_names_its_failure(grotto, tmp_path):
    checkout = searcher_standin(tmp_path, faults={"throwSeed": 0x10})
    res = grotto("oracle", "floors", "--seeds", "0F..10", "--b", searcher_exec(checkout))
    assert res.rc == 2, res.out + res.err
    assert "(request 'floor 16 1') after 16 good replies" in res.err
    assert "its stderr: " in res.err


def test_searcher_adapter_arguments_and_checkout(tmp_path):
    res = ask(None, [], "--fields")
    assert res.returncode == 0 and json.loads(res.stdout) == {"floor": FLOOR_FIELDS, "map": MAP_FIELDS,
                                                              "chest": CHEST_FIELDS}
    res = ask(None, [], "--help")
    assert res.returncode == 0 and "grotto oracle --b exec:" in res.stdout
    for args, needle in ((["--bogus"], "unknown option --bogus"),
                         ([], "no tool checkout"),
                         ([tmp_path], "1.js not found"),
                         (["a", "b"], "one checkout directory expected")):
        res = ask(None, [], *args)
        assert res.returncode == 2 and res.stdout == "", res
        assert res.stderr.count("\n") == 1 and needle in res.stderr, res.stderr
    # the stand-in is not the pinned commit: refused without --any-version
    d = searcher_standin(tmp_path)
    res = ask(None, [], d)
    assert res.returncode == 2 and "1.js is blob" in res.stderr and "5f39e56" in res.stderr, res.stderr
    # GROTTO_TOOLS_DIR/Grotto-Searcher is the default checkout
    env = dict(os.environ, GROTTO_TOOLS_DIR=str(tmp_path))
    env.pop("GROTTO_SEARCHER_DIR", None)
    (tmp_path / "Grotto-Searcher").symlink_to(d)
    res = subprocess.run([node(), str(SEARCHER_ADAPTER), "--any-version"], input="", capture_output=True,
                         text=True, env=env, timeout=60)
    assert res.returncode == 0 and res.stdout == "", res.stderr


# ---- the real tools (GROTTO_TOOLS_DIR) --------------------------------------

def test_real_grotto_searcher_agrees_on_a_sample(grotto):
    checkout = tools_checkout("Grotto-Searcher")
    cmd = "exec:%s %s %s" % (node(), SEARCHER_ADAPTER, checkout)
    res = grotto("oracle", "--sample", "600", "--b", cmd)
    assert res.rc == 0, res.out + res.err
    assert "0 records differ, 0 fields differ" in res.out
    assert "not carried" not in res.out
    # one map of each enemy-list state the corpus holds, through the adapter
    want = {}
    for line in (CORPUS / "maps-sample.jsonl").read_text().splitlines():
        m = json.loads(line)
        for e in m["elist"]:
            want.setdefault(e["state"], m)
    got = subprocess.run([node(), str(SEARCHER_ADAPTER), str(checkout)], capture_output=True, text=True,
                         input="".join("map %d %d\n" % (m["band"], m["seed"]) for m in want.values()))
    assert got.returncode == 0, got.stderr
    for m, line in zip(want.values(), got.stdout.splitlines()):
        g = json.loads(line)
        assert g["elist"] == [{k: e[k] for k in ("ofs", "D", "state")} for e in m["elist"]]


# ---- tools/other_tools.py: rerunning the figures of docs/other-tools.md ----

OTHER_TOOLS = ROOT / "tools" / "other_tools.py"


def other_tools(*args, tools=None):
    env = dict(os.environ)
    env.pop("GROTTO_TOOLS_DIR", None)
    if tools is not None:
        env["GROTTO_TOOLS_DIR"] = str(tools)
    return subprocess.run([sys.executable, str(OTHER_TOOLS), *map(str, args)], capture_output=True, text=True,
                          env=env, timeout=600)


def test_other_tools_without_checkouts_says_what_it_skipped():
    doc = (ROOT / "docs" / "other-tools.md").read_text()
    figures = len(re.findall(r"^```console(?: long)?\n\$ (?:grotto oracle|tools/adapters/)", doc, re.M))
    assert figures >= 2 and doc.count("```console long\n") >= 1
    res = other_tools()
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.count("skipped: no checkout of ") == figures
    assert "skipped: no checkout of Grotto-Searcher: $ grotto oracle" in res.stdout
    assert "skipped: no checkout of desmume-scripts: $ grotto oracle chests" in res.stdout
    assert "other_tools.py: %d figures, 0 rerun, %d skipped (no checkout), 0 long runs skipped, 0 differ" \
        % (figures, figures) in res.stdout
    assert "skipped: no checkout of DQ9CheatReverse: $ tools/adapters/cheatreverse.py" in res.stdout
    res = other_tools("--require")
    assert res.returncode == 1 and "%d skipped" % figures in res.stdout


def test_other_tools_reruns_checks_and_updates_a_figure(tmp_path):
    """A page whose figure runs example.py (grotto itself) for a 'checkout'
    named fake: --update fills the output in, the check then passes, and a
    changed output is a diff and exit 1; --only skips other checkouts."""
    (tmp_path / "tools" / "fake").mkdir(parents=True)
    cmd = ("$ grotto oracle floors --seeds 5BC3 --b exec:'%s tools/adapters/example.py "
           "$GROTTO_TOOLS_DIR/fake'" % sys.executable)
    doc = tmp_path / "page.md"  # check-refs: ignore
    doc.write_text("# page\n\n```console\n%s\nold output\n```\n\ntext after\n" % cmd)
    res = other_tools(doc, tools=tmp_path / "tools")
    assert res.returncode == 1 and "-old output" in res.stdout and "1 differ or failed" in res.stdout
    res = other_tools("--update", doc, tools=tmp_path / "tools")
    assert res.returncode == 0 and "1 updated" in res.stdout, res.stdout + res.stderr
    text = doc.read_text()
    assert "16 records (16 floors, 0 maps)" in text.replace("\n          ", " ") and text.endswith("text after\n")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    res = other_tools(doc, tools=tmp_path / "tools")
    assert res.returncode == 0 and "1 rerun, 0 skipped (no checkout), 0 long runs skipped, 0 differ" \
        in res.stdout, res.stdout
    # a long run is rerun only with --long
    long_doc = tmp_path / "long.md"  # check-refs: ignore
    long_doc.write_text(text.replace("```console\n", "```console long\n"))
    res = other_tools(long_doc, tools=tmp_path / "tools")
    assert res.returncode == 0 and "skipped: long run (--long): $ grotto oracle floors" in res.stdout
    assert "0 rerun, 0 skipped (no checkout), 1 long runs skipped" in res.stdout
    res = other_tools("--long", long_doc, tools=tmp_path / "tools")
    assert res.returncode == 0 and "1 rerun" in res.stdout, res.stdout
    doc.write_text(text.replace("16 floors", "15 floors"))
    res = other_tools(doc, tools=tmp_path / "tools")
    assert res.returncode == 1 and any(l.startswith("+") and "16 floors" in l for l in res.stdout.splitlines())
    res = other_tools("--only", "Grotto-Searcher", doc, tools=tmp_path / "tools")
    assert res.returncode == 0 and "0 rerun" in res.stdout
    # a figure whose command fails (exit 2) is a failure, not a figure
    doc.write_text(text.replace("--seeds 5BC3", "--seeds 8000"))
    res = other_tools(doc, tools=tmp_path / "tools")
    assert res.returncode == 1 and "exited 2" in res.stderr


def test_other_tools_usage():
    for args, needle in ((["--bogus"], "unknown option --bogus"), (["--tools"], "--tools needs a value"),
                         (["a", "b"], "one document expected"), (["/nonexistent.md"], "cannot read")):
        res = other_tools(*args)
        assert res.returncode == 2 and needle in res.stderr, res.stderr
    assert other_tools("--help").stdout.startswith("Rerun the figures of docs/other-tools.md")


# ---- TKG's chest timer script (tools/adapters/tkg.lua) against its stand-in ----

TKG_ADAPTER = ADAPTERS / "tkg.lua"
TKG_STANDIN = STANDINS / "desmume-scripts"
STANDIN_NAMES = ["Medicinal herb", "Holy water", "Mini medal", "W0BBLE", "Metal slime helm"]  # "Wobble": no item


LUAS = ["lua5.4", "lua5.1"]  # Debian's; DeSmuME embeds Lua 5.1


@pytest.fixture(params=LUAS)
def lua(request):
    """Each test of tkg.lua runs under both interpreters."""
    exe = shutil.which(request.param)
    assert exe, "%s is not installed (ci/deps.sh installs it)" % request.param
    return exe


def tkg(lua, requests, *args, checkout=TKG_STANDIN, env_extra=None):
    env = dict(os.environ, GROTTO_BIN=grotto_bin())
    env.update(env_extra or {})
    env.pop("GROTTO_TOOLS_DIR", None)
    cmd = [lua, str(TKG_ADAPTER), *map(str, args)] + ([str(checkout)] if checkout else [])
    return subprocess.run(cmd, input="".join(r + "\n" for r in requests), capture_output=True, text=True,
                          timeout=120, env=env)


def standin_contents(m, k, t, lua="lua5.4"):
    """What the stand-in draws for floor k of map line m at second t, as the adapter must answer it;
    under Lua 5.1 string.format refuses the nil letter, so the failing chest draws nothing."""
    count = len(m["chest_ranks"][k - 1]) if k <= m["floors"] else 0
    out = []
    for o in range(1, count + 1):
        if m["seed"] == 7 and o == 2:  # no rank letter, then the frame fails: nothing more is read
            return out + [{} if lua.endswith("5.1") else {"rank": 0}] + [{}] * (count - o)
        d = spec_model.draws(m["seed"] * 65536 + k, 2)[1]
        out.append({"rank": (m["seed"] + k + o) % 10 + 1, "name": STANDIN_NAMES[(m["seed"] + k + t + 5 + o + d) % 5]})
    return out


def test_tkg_adapter_reads_what_the_script_drew(lua):
    m = export("maps", "5BC3", "DD")[0]
    reqs = [(k, t) for k in range(1, 17) for t in (0, 7, 250)]
    res = tkg(lua, ["chest 221 23491 %d %d" % r for r in reqs])
    assert res.returncode == 0, res.stderr
    got = [json.loads(l) for l in res.stdout.splitlines()]
    assert [(g["band"], g["seed"], g["floor"], g["second"]) for g in got] == [(221, 23491, k, t) for k, t in reqs]
    assert [g["contents"] for g in got] == [standin_contents(m, k, t) for k, t in reqs]
    assert sum(len(g["contents"]) for g in got) > 60


def test_tkg_adapter_stops_reading_at_a_failing_frame(lua):
    m = next(m for m in export("maps", "7", "all") if any(len(r) >= 2 for r in m["chest_ranks"]))
    k = next(i + 1 for i, r in enumerate(m["chest_ranks"]) if len(r) >= 2)
    res = tkg(lua, ["chest %d 7 %d 3" % (m["band"], k)])
    assert res.returncode == 0, res.stderr
    got = json.loads(res.stdout)["contents"]
    assert got == standin_contents(m, k, 3, lua) and got[1] == ({} if lua.endswith("5.1") else {"rank": 0})
    assert got[0].keys() == {"rank", "name"}


def test_tkg_adapter_through_the_oracle(grotto, lua):
    res = grotto("oracle", "chests", "--seeds", "5BC3", "--bands", "DD", "--seconds", "3", "--json", "--b",
                 "exec:%s %s %s" % (lua, TKG_ADAPTER, TKG_STANDIN))
    assert res.rc == 1, res.out + res.err  # made-up formulas: ranks and names differ
    c = res.json()["check"]
    assert c["chest_records"] == 16 and c["records_differing"] > 0
    assert [c["carried"][f] for f in CHEST_FIELDS] == [16, 13, 13] and c["not_carried"] == ["contents.item"]


@pytest.mark.parametrize("requests, args, checkout, env_extra, status, needle", [
    (["floor 1 1"], [], TKG_STANDIN, None, 2, 'answer only "chest BAND SEED K T"'),
    (["chest 3 1 1 0"], [], TKG_STANDIN, None, 2, "band 3 is not a band code"),
    (["chest 2 1 1 65536"], [], TKG_STANDIN, None, 2, 'second "65536" is not an integer 0..65535'),
    (["chest 2 1 17 0"], [], TKG_STANDIN, None, 2, 'floor "17" is not an integer 1..16'),
    ([], [], None, None, 2, "no checkout"),
    ([], ["a", "b"], None, None, 2, "one checkout directory expected"),
    ([], ["--bogus"], None, None, 2, "unknown option --bogus"),
    ([], [], STANDINS, None, 2, "cannot load"),
    (["chest 2 1 3 0"], [], TKG_STANDIN, {"GROTTO_BIN": "/bin/false"}, 3, "interchange export maps"),
])
def test_tkg_adapter_error_paths(lua, requests, args, checkout, env_extra, status, needle):
    res = tkg(lua, requests, *args, checkout=checkout, env_extra=env_extra)
    assert res.returncode == status, (res.returncode, res.stdout, res.stderr)
    assert res.stdout == "" and res.stderr.count("\n") == 1 and needle in res.stderr, res.stderr
    assert res.stderr.startswith("tkg.lua: ")


def test_tkg_adapter_fields_and_help(lua):
    res = tkg(lua, [], "--fields", checkout=None)
    assert res.returncode == 0 and json.loads(res.stdout) == {"chest": CHEST_FIELDS, "details": MAP_FIELDS[:8]}
    res = tkg(lua, [], "--help", checkout=None)
    assert res.returncode == 0 and "grotto oracle chests" in res.stdout


def test_real_tkg_chest_timer_differs_only_on_rank_draw_zero(grotto, lua):
    """Seeds 2038..2041 hold floors whose chest rank draw is 0 (docs/other-tools.md):
    every difference there is such a chest, its rank one below the band's lowest;
    a sample elsewhere agrees."""
    checkout = tools_checkout("desmume-scripts")
    cmd = "exec:%s %s %s" % (lua, TKG_ADAPTER, checkout)
    res = grotto("oracle", "chests", "--seconds", "0..255", "--sample", "500", "--b", cmd)
    assert res.rc == 0 and "0 fields differ" in res.text, res.out + res.err
    res = grotto("oracle", "chests", "--seeds", "2038..2041", "--seconds", "0", "--show", "128", "--b", cmd)
    assert res.rc == 1, res.out + res.err
    # under Lua 5.1 (DeSmuME's) the 15 chests whose rank would be 0 draw nothing: not compared
    lua51 = lua.endswith("5.1")
    assert ("1920 chest floors), 6010 fields compared; 33 records differ, 66 fields differ" if lua51 else
            "1920 chest floors), 6025 fields compared; 48 records differ, 81 fields differ") in res.text
    floors = {(int(m.group(1), 16), int(m.group(2))) for m in
              (re.match(r"chests of map ..(....) B(\d+)F at second 0", l) for l in res.lines) if m}
    assert floors == {(0x2038, 12), (0x2039, 11), (0x203A, 10), (0x203B, 9), (0x2040, 4), (0x2041, 3)}
    ranks = [re.match(r"  chest 1 rank: ref (\d+), b (\d+) \(rank draw 0: (\d+) \+ scaled\(\d+\)\)$", l)
             for l in res.lines if " rank: " in l]
    assert len(ranks) == (33 if lua51 else 48)
    assert all(int(m.group(2)) == int(m.group(1)) - 1 and m.group(1) == m.group(3) for m in ranks)


# ---- TKG's map scraper (tools/adapters/tkg.lua, "details" requests) against its stand-in ----

def names_ids():
    d = json.loads((ROOT / "tools" / "tables" / "names.json").read_text())
    return {k: {e["en"]: e["id"] for e in d[k]["entries"]} for k in
            ("environment", "boss", "prefix", "suffix", "locale")}


def standin_details(band, seed):
    """The stand-in scraper's made-up row for (band, seed) as the adapter must answer it."""
    ids, q, s = names_ids(), band, seed
    boss = ["Equinox", "Sir Sanguinus", "Tyrannosaurus Wrecks", "Greygnarl"][s % 4]
    return {"band": band, "seed": seed, "env": ids["environment"][["Caves", "Ruins", "Ice", "Water", "Fire"][q % 5]],
            "floors": s % 15 + 2, "smr": q % 9 + 1, "boss": ids["boss"][boss],
            "prefix": ids["prefix"][["Clay", "Rock", "Granite", "Basalt"][s % 4]],
            "suffix": ids["suffix"][["Joy", "Bliss", "Woe", "Doom"][(s + q) % 4]],
            "locale": ids["locale"][["Cave", "Tunnel", "Crypt", "World", "Void"][s % 5]],
            "level": (s + q) % 99 + 1}


def test_tkg_adapter_reads_the_row_the_map_scraper_printed(lua):
    items = [(b, s) for b in (2, 121, 221) for s in (0, 3, 5, 6, 0x5BC3, 0x7FFF)]
    res = tkg(lua, ["details %d %d" % i for i in items] + ["chest 221 23491 4 12"])
    assert res.returncode == 0, res.stderr
    got = [json.loads(l) for l in res.stdout.splitlines()]
    assert got[:-1] == [standin_details(*i) for i in items]
    assert got[-1]["floor"] == 4 and len(got[-1]["contents"]) == 3  # both scripts in one adapter
    assert {g["boss"] for g in got[:-1]} >= {11, 6}  # "T-Wrecks" and "Sir Sanguinus" mapped


def test_tkg_adapter_details_through_the_oracle(grotto, lua):
    res = grotto("oracle", "maps", "--details", "--seeds", "5BC0..5BC3", "--bands", "02,DD", "--json", "--b",
                 "exec:%s %s %s" % (lua, TKG_ADAPTER, TKG_STANDIN))
    assert res.rc == 1, res.out + res.err  # made-up formulas
    doc = res.json()
    c = doc["check"]
    assert doc["requests"] == 8 and (c["map_records"], c["floor_records"], c["details"]) == (8, 0, True)
    assert [c["carried"][f] for f in MAP_FIELDS] == [8] * 8 + [0] * 4 and c["not_carried"] == []
    text = grotto("oracle", "--details", "--seeds", "5BC0..5BC3", "--bands", "02,DD", "--show", "0", "--b",
                  "exec:%s %s %s" % (lua, TKG_ADAPTER, TKG_STANDIN)).text
    assert "map fields carried: env 8 floors 8 smr 8 boss 8 prefix 8 suffix 8 locale 8 level 8 (of 8)" in text
    assert "not carried" not in text and "(0 floors, 8 maps)" in text
    ex = "exec:%s %s %s" % (lua, TKG_ADAPTER, TKG_STANDIN)
    assert_usage_error(grotto("oracle", "floors", "--details", "--b", ex), "--details needs the maps domain")
    assert_usage_error(grotto("oracle", "--details", "--b", "some.jsonl"), "--details")


@pytest.mark.parametrize("requests, checkout, status, needle", [
    (["details 2 7"], TKG_STANDIN, 3, 'the map scraper wrote boss "Wobble" for map 020007: no such boss'),
    (["details 2 9"], TKG_STANDIN, 3, "the map scraper failed on map 020009"),
    (["details 2"], TKG_STANDIN, 2, 'bad request "details 2"'),
    (["details 3 1"], TKG_STANDIN, 2, "band 3 is not a band code"),
    (["details 2 32768"], TKG_STANDIN, 2, 'seed "32768" is not an integer 0..32767'),
    (["map 2 1"], TKG_STANDIN, 2, '"details BAND SEED"'),
])
def test_tkg_adapter_details_error_paths(lua, requests, checkout, status, needle):
    res = tkg(lua, requests, checkout=checkout)
    assert res.returncode == status, (res.returncode, res.stdout, res.stderr)
    assert res.stdout == "" and res.stderr.count("\n") == 1 and needle in res.stderr, res.stderr


def test_tkg_adapter_needs_the_map_scraper(lua, tmp_path):
    d = tmp_path / "desmume-scripts"
    (d / "TKG").mkdir(parents=True)
    shutil.copy(TKG_STANDIN / "TKG" / "DQ9_ChestTimer_USA.lua", d / "TKG")
    res = tkg(lua, [], checkout=d)
    assert res.returncode == 2 and "cannot load" in res.stderr and "DQ9_ScrapeMapData_USA_v2.lua" in res.stderr
    (d / "TKG" / "DQ9_ScrapeMapData_USA_v2.lua").write_text("local x = 1\n")
    res = tkg(lua, [], checkout=d)
    assert res.returncode == 2 and "registered no function (memory.registerread)" in res.stderr, res.stderr


def test_real_tkg_map_scraper_agrees_on_a_sample(grotto, lua):
    """docs/other-tools.md: the map scraper's details agree with grotto's on every map."""
    checkout = tools_checkout("desmume-scripts")
    res = grotto("oracle", "maps", "--details", "--sample", "2000", "--b",
                 "exec:%s %s %s" % (lua, TKG_ADAPTER, checkout))
    assert res.rc == 0 and "2000 records (0 floors, 2000 maps), 16000 fields compared; 0 records differ" \
        in res.text, res.out + res.err


# ---- DQ9CheatReverse's work-area snapshots (tools/adapters/cheatreverse.py) against its stand-in ----

CHEATREVERSE = ADAPTERS / "cheatreverse.py"
CR_STANDIN = STANDINS / "DQ9CheatReverse"


def asan_preload(env):
    """ci/sanitize.sh runs these tests with build-asan's grotto, whose
    libgrotto.so expects the ASan runtime that clang links into executables
    only: python can load it when that runtime is preloaded, and the grotto
    the adapter starts (which carries its own) must not inherit the preload."""
    lib = Path(grotto_bin()).resolve().parent.parent / "lib" / "libgrotto.so"
    if not lib.exists() or b"__asan_init" not in lib.read_bytes():
        return env
    rt = subprocess.run(["clang", "-print-file-name=libclang_rt.asan-x86_64.so"], capture_output=True,
                        text=True).stdout.strip()
    assert os.path.isabs(rt) and os.path.exists(rt), "no ASan runtime for python: %r" % rt
    wrapper = Path(WRAPPERS.name) / ("grotto-%d" % zlib.crc32(env["GROTTO_BIN"].encode()))
    wrapper.write_text('#!/bin/sh\nexec env -u LD_PRELOAD "%s" "$@"\n' % env["GROTTO_BIN"])
    wrapper.chmod(0o755)
    return dict(env, LD_PRELOAD=rt, GROTTO_BIN=str(wrapper), GROTTO_LIB=env.get("GROTTO_LIB", str(lib)),
                ASAN_OPTIONS=env.get("ASAN_OPTIONS", "") + ":detect_leaks=0:verify_asan_link_order=0")


WRAPPERS = tempfile.TemporaryDirectory(prefix="grotto-asan-")  # removed when the worker exits


def cheatreverse(*args, env_extra=None):
    env = dict(os.environ, GROTTO_BIN=grotto_bin())
    env.pop("GROTTO_TOOLS_DIR", None)
    env.pop("GROTTO_LIB", None)
    env.update(env_extra or {})
    env = asan_preload(env)
    return subprocess.run([sys.executable, str(CHEATREVERSE), *map(str, args)], capture_output=True, text=True,
                          timeout=120, env=env)


def test_cheatreverse_names_the_work_area_state_of_each_snapshot():
    res = cheatreverse(CR_STANDIN, "--json")
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["map"] == "B50E5C" and doc["ok"] is True
    assert [(r["snapshot"], r["reproduced_by"]) for r in doc["snapshots"]] == \
        [("SNAP_SHOT", ["layout"]), ("SNAP_SHOT2", ["layout+counts"]), ("SNAP_SHOT_Z", ["layout+elist"])]
    assert list(doc["grotto"]) == ["layout", "layout+ranks", "layout+counts", "layout+elist"]
    assert len(set(doc["grotto"].values())) == 4
    text = cheatreverse(CR_STANDIN).stdout
    assert "SNAP_SHOT   5D-0F-48-CD-F0-46-EF-7C...  = grotto layout\n" in text
    assert "SNAP_SHOT2  6F-54-99-4C-F6-D1-F9-68...  = grotto layout+counts\n" in text
    assert "SNAP_SHOT_Z 76-E8-35-ED-14-28-FB-17...  = grotto layout+elist\n" in text
    assert text.endswith("all three reproduced\n")


def test_cheatreverse_recognises_the_ranks_state(tmp_path):
    """A snapshot of the work areas with the chest ranks written (the tool's
    rank step, which its program leaves out) is named as such."""
    ranks = json.loads(cheatreverse(CR_STANDIN, "--json").stdout)["grotto"]["layout+ranks"]
    d = tmp_path / "DQ9CheatReverse"
    shutil.copytree(CR_STANDIN, d)
    prog = d / "dotnet" / "Program.cs"
    prog.write_text(re.sub(r'SNAP_SHOT2 = "[0-9A-F-]+"', 'SNAP_SHOT2 = "%s"' % ranks, prog.read_text()))
    rows = json.loads(cheatreverse(d, "--json").stdout)["snapshots"]
    assert rows[1]["reproduced_by"] == ["layout+ranks"]


def test_cheatreverse_a_changed_snapshot_is_a_difference(tmp_path):
    d = tmp_path / "DQ9CheatReverse"
    shutil.copytree(CR_STANDIN, d)
    prog = d / "dotnet" / "Program.cs"
    prog.write_text(prog.read_text().replace('SNAP_SHOT = "5D-0F', 'SNAP_SHOT = "5D-0E')
                    .replace('SNAP_SHOT_Z = "76-E8', 'SNAP_SHOT_Z = "76-E9'))
    res = cheatreverse(d)
    assert res.returncode == 1, res.stdout
    assert res.stdout.endswith("DIFFERENCE: SNAP_SHOT, SNAP_SHOT_Z not reproduced\n"), res.stdout
    assert "SNAP_SHOT   5D-0E-48-CD-F0-46-EF-7C...  not reproduced" in res.stdout


def load_cheatreverse():
    import importlib.util
    spec = importlib.util.spec_from_file_location("cheatreverse", CHEATREVERSE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def z_floor(ofs, numbers, W=100, X=150, regime=1, F=8):
    return {"floor": 3, "elist": {"W": W, "X": X, "regime": regime, "F": F, "ofs": ofs, "monster_rank": 9},
            "monsters": [{"number": n, "kept": kept, "trapped_chest": 38 <= n <= 40} for n, kept in numbers]}


LIST = [38, 39, 40, 53, 175, 237, 265, 334]


@pytest.mark.parametrize("ofs, keep, flags, kept", [
    (9000, 8, 0, [53, 175, 237, 265, 334]),        # everything fits: (11216 - 9000) / 20 = 110 > F
    (11056, 8, 4, [53, 175, 237, 265, 334]),       # exactly F fit: the tool flags a list that may not fit
    (11136, 4, 2, [53]),                           # one kept beside the trapped chests
    (11176, 2, 1, []),                             # only trapped chests kept
])
def test_cheatreverse_enemy_list_bytes(ofs, keep, flags, kept):
    """The tool's RoutineZ bytes written from grotto's terms: counts a byte
    each, the memory figure little-endian, the flags, the kept monsters'
    numbers as int16 (the trapped-chest monsters take a slot, unlisted)."""
    cr = load_cheatreverse()
    area = bytearray(1336)
    cr.enemy_list_step(area, z_floor(ofs, [(n, i < keep) for i, n in enumerate(LIST)]), True)
    assert list(area[1304:1308]) == [9, 8, 100, 150]
    assert int.from_bytes(area[1308:1312], "little") == ofs
    assert area[1312] == flags and area[1313] == len(kept)
    assert [int.from_bytes(area[1314 + 2 * i:1316 + 2 * i], "little") for i in range(len(kept))] == kept
    assert not any(area[1314 + 2 * len(kept):]) and not any(area[:1304])
    counts = bytearray(1336)
    cr.enemy_list_step(counts, z_floor(ofs, [(n, True) for n in LIST]), False)
    assert list(counts[1304:1308]) == [9, 8, 100, 150] and not any(counts[1308:])


def test_cheatreverse_ranks_state_puts_chest_i_at_byte_9_plus_i():
    """The layout+ranks state: chest i's rank at byte 9 + i of its floor's
    work area (docs/other-tools.md), nothing else changed. The tool's
    program leaves that step out, so no snapshot of it checks this."""
    cr = load_cheatreverse()
    floors = [z_floor(9000, [(n, True) for n in LIST]) for _ in range(3)]
    for f, ranks in enumerate(([10, 4], [7], [3, 9, 1])):
        floors[f]["chests"] = [{"rank": r} for r in ranks]
    areas = [bytes(range(7, 107)) * 13 + bytes(36) for _ in range(3)]  # 1,336 bytes of a layout
    want = [bytearray(a) for a in areas]
    for f, floor in enumerate(floors):
        for i, chest in enumerate(floor["chests"]):
            want[f][9 + i] = chest["rank"]
    assert want[2][9:12] == bytes([3, 9, 1]) and want[0] != bytearray(areas[0])
    assert cr.states(areas, {"floors": floors})["layout+ranks"] == cr.digest(want)


@pytest.mark.parametrize("terms", [{"W": 256}, {"X": 256}, {"regime": 2}])
def test_cheatreverse_refuses_terms_the_tool_keeps_otherwise(terms):
    cr = load_cheatreverse()
    with pytest.raises(cr.Failure, match="the tool's byte-wide counts"):
        cr.enemy_list_step(bytearray(1336), z_floor(9000, [(n, True) for n in LIST], **terms), True)
    cr.enemy_list_step(bytearray(1336), z_floor(9000, [(n, True) for n in LIST], W=255, X=255), True)


@pytest.mark.parametrize("args, env_extra, needle", [
    ([], None, "no checkout"),
    ([STANDINS], None, "cannot read"),
    ([CR_STANDIN, "--bogus"], None, "unknown option --bogus"),
    ([CR_STANDIN, CR_STANDIN], None, "one checkout directory expected"),
    ([CR_STANDIN, "--lib", "/nonexistent/libgrotto.so"], None, "cannot use /nonexistent/libgrotto.so"),
    ([CR_STANDIN], {"GROTTO_BIN": "/bin/false"}, "map B50E5C --json' failed"),
])
def test_cheatreverse_error_paths(args, env_extra, needle):
    res = cheatreverse(*args, env_extra=env_extra)
    assert res.returncode == 2 and res.stdout == "", (res.returncode, res.stdout, res.stderr)
    assert res.stderr.count("\n") == 1 and res.stderr.startswith("cheatreverse.py: ") and needle in res.stderr, \
        res.stderr


def test_cheatreverse_needs_all_three_constants(tmp_path):
    d = tmp_path / "DQ9CheatReverse" / "dotnet"
    d.mkdir(parents=True)
    (d / "Program.cs").write_text((CR_STANDIN / "dotnet" / "Program.cs").read_text().replace("SNAP_SHOT2", "SNAP2"))
    res = cheatreverse(d.parent)
    assert res.returncode == 2 and "has no constant SNAP_SHOT2" in res.stderr


def test_real_cheatreverse_snapshots_are_reproduced():
    """docs/other-tools.md: grotto's work areas of B50E5C give the tool's SNAP_SHOT (the
    layout), SNAP_SHOT2 (and its enemy-list step's counts) and SNAP_SHOT_Z (the whole step)."""
    checkout = tools_checkout("DQ9CheatReverse")
    res = cheatreverse(checkout, "--json")
    assert res.returncode == 0, res.stdout + res.stderr
    rows = json.loads(res.stdout)["snapshots"]
    assert [r["reproduced_by"] for r in rows] == [["layout"], ["layout+counts"], ["layout+elist"]]


# ---- the DQCheat engine (tools/adapters/dqcheat.py) against recorded replies ----

DQCHEAT_PY = ADAPTERS / "dqcheat.py"
DQCHEAT_SH = ADAPTERS / "dqcheat.sh"
DQCHEAT_DRIVER = STANDINS / "dqcheat" / "driver.py"
DQCHEAT_FLOOR = ["width", "height", "up", "down", "chests", "grid"]
DQCHEAT_MAP = ["env", "floors", "smr", "boss", "prefix", "suffix", "locale", "level", "chest_ranks",
               "elist.ofs"]
ALL_BANDS = [2, 56, 61, 76, 81, 101, 121, 141, 161, 181, 201, 221]


def locale_words():
    names = json.loads((ROOT / "tools" / "tables" / "names.json").read_text())
    return {e["id"]: e["en"] for e in names["locale"]["entries"]}


def as_dqcheat_raw(m, floors):
    """The driver's raw reply for map line m, in the editor's layout (written
    here from Driver.cs's description): _details [0] boss, [1] floors, [2] smr,
    [3] env, [4] level, [5] prefix, [6] suffix; MapName3; per floor a 1336-byte
    work area with size [2..3], stairs [4..7], chest count [8], ranks [9+i],
    positions [13+2i], grid [792 + x + 16y] and the elist offset at [1308]."""
    rows = []
    for f in range(m["floors"]):
        fl = floors[(m["seed"], f + 1)]
        row = bytearray(1336)
        row[0], row[2], row[3] = f + 1, fl["width"], fl["height"]
        row[4:8] = bytes(fl["up"] + fl["down"])
        ranks = m["chest_ranks"][f]
        assert len(ranks) == len(fl["chests"])
        row[8] = len(ranks)
        for i, (r, (x, y)) in enumerate(zip(ranks, fl["chests"])):
            row[9 + i], row[13 + 2 * i], row[14 + 2 * i] = r, x, y
        row[792:792 + 256] = bytes(int(c, 16) for line in fl["grid"] for c in line)
        row[1308:1312] = m["elist"][f]["ofs"].to_bytes(4, "little")
        rows.append(row.hex())
    details = [m["boss"], m["floors"], m["smr"], m["env"], m["level"], m["prefix"], m["suffix"]] + [0] * 13
    return {"rank": m["band"], "seed": m["seed"], "details": details,
            "name3": locale_words()[m["locale"]], "rows": rows}


def dqcheat_standin(tmp_path, floors, maps, faults=None, change=None, chests=()):
    """RECORDED.json for the stand-in driver and a fake EXE; returns the
    exec: command of the adapter over them. chests: interchange chest lines
    whose names the driver's "items" answers."""
    by_floor = {(f["seed"], f["floor"]): f for f in floors}
    raws = {"%d:%d" % (m["band"], m["seed"]): as_dqcheat_raw(m, by_floor) for m in maps}
    if change:
        change(raws)
    items = {"%d:%d:%d:%d" % (c["band"], c["seed"], c["floor"], c["second"]): [e["name"] for e in c["contents"]]
             for c in chests}
    rec = tmp_path / "recorded.json"
    rec.write_text(json.dumps({"maps": raws, "items": items, "faults": faults or {}}))
    exe = tmp_path / "DQCheat.Patched.0.7.exe"
    exe.write_bytes(b"not the editor")
    return [sys.executable, str(DQCHEAT_PY), "--any-version", str(exe), "--",
            sys.executable, str(DQCHEAT_DRIVER), str(rec)]


def dqcheat(argv, requests):
    return subprocess.run(argv, input="".join(r + "\n" for r in requests), capture_output=True, text=True,
                          timeout=120)


def test_dqcheat_adapter_maps_the_engine_layout_and_agrees_on_recorded_items(grotto, tmp_path, recorded):
    floors, maps = recorded
    argv = dqcheat_standin(tmp_path, floors, maps)
    res = grotto("oracle", "--seeds", "5BC0..5BC3", "--b", "exec:" + " ".join(argv), "--json")
    assert res.rc == 0, res.out + res.err
    c = res.json()["check"]
    # a floor is answered up to the seed's longest map (the engine builds no other floor)
    longest = {s: max(m["floors"] for m in maps if m["seed"] == s) for s in range(0x5BC0, 0x5BC4)}
    answered = sum(longest.values())
    assert answered < 64 and all(v >= 4 for v in longest.values())
    assert (c["records"], c["floor_records"], c["map_records"]) == (112, 64, 48)
    assert (c["records_differing"], c["fields_differing"]) == (0, 0)
    assert c["carried"] == {**{f: answered for f in DQCHEAT_FLOOR}, "overflow": 0,
                            **{f: 48 for f in DQCHEAT_MAP}, "elist.D": 0, "elist.state": 0,
                            **{f: 0 for f in CHEST_FIELDS + ["contents.item"]}}
    assert sorted(c["not_carried"]) == ["elist.D", "elist.state", "overflow"]
    # a seed's floor beyond its longest map: the keys alone
    seed = next(s for s, v in longest.items() if v < 16)
    k = longest[seed] + 1
    got = dqcheat(argv, ["floor %d %d" % (seed, k), "floor %d 1" % seed])
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout.splitlines()[0]) == {"seed": seed, "floor": k}
    assert json.loads(got.stdout.splitlines()[1])["grid"] == by_key(floors, seed, 1)["grid"]


def test_dqcheat_adapter_chest_contents_agree_and_differ_where_changed(grotto, tmp_path):
    floors = export("floors", "5BC3")
    maps = export("maps", "5BC3", "DD")
    chests = chest_lines(grotto, 221, 0x5BC3, (10, 11))
    args = ("oracle", "chests", "--seeds", "5BC3", "--bands", "DD", "--seconds", "10..11", "--json")
    argv = dqcheat_standin(tmp_path, floors, maps, chests=chests)
    res = grotto(*args, "--b", "exec:" + " ".join(argv))
    assert res.rc == 0, res.out + res.err
    c = res.json()["check"]
    assert (c["chest_records"], c["fields_differing"], c["not_carried"]) == (32, 0, ["contents.item"])
    assert [c["carried"][f] for f in CHEST_FIELDS] == [32, 26, 26]
    # B4F at second 11: chest 1's name changed; B4F: chest 2's rank changed (the raw work area)
    b4f = next(l for l in chests if l["floor"] == 4 and l["second"] == 11)
    b4f["contents"][0]["name"] = "Holy water" if b4f["contents"][0]["name"] != "Holy water" else "Mini medal"

    def change(raws):
        row = bytearray.fromhex(raws["221:23491"]["rows"][3])
        assert row[8] == 3
        row[10] = row[10] % 10 + 1
        raws["221:23491"]["rows"][3] = row.hex()
    (tmp_path / "b").mkdir()
    argv = dqcheat_standin(tmp_path / "b", floors, maps, chests=chests, change=change)
    res = grotto(*args, "--b", "exec:" + " ".join(argv))
    assert res.rc == 1, res.out + res.err
    first = res.json()["check"]["first"]
    assert [(d["floor"], d["second"], [(f["field"], f["chest"]) for f in d["fields"]]) for d in first] == \
        [(4, 10, [("contents.rank", 2)]), (4, 11, [("contents.name", 1), ("contents.rank", 2)])]


def by_key(floors, seed, k):
    return next(f for f in floors if f["seed"] == seed and f["floor"] == k)


def test_dqcheat_adapter_changed_items_are_differences_where_changed(grotto, tmp_path, recorded):
    floors, maps = recorded

    def change(raws):
        for band in ALL_BANDS:                          # B4F of 5BC3, cell (5, 2), in every map
            rows = raws["%d:%d" % (band, 0x5BC3)]["rows"]
            if len(rows) >= 4:
                row = bytearray.fromhex(rows[3])
                row[792 + 5 + 16 * 2] ^= 1
                rows[3] = row.hex()
        m = raws["121:%d" % 0x5BC1]
        row = bytearray.fromhex(m["rows"][2])
        row[1309] += 1                                  # B3F's elist offset + 256
        m["rows"][2] = row.hex()
        raws["56:%d" % 0x5BC2]["details"][6] += 1       # the suffix
    argv = dqcheat_standin(tmp_path, floors, maps, change=change)
    res = grotto("oracle", "--seeds", "5BC0..5BC3", "--b", "exec:" + " ".join(argv), "--json")
    assert res.rc == 1, res.out + res.err
    c = res.json()["check"]
    first = {(d.get("band"), d["seed"], d.get("floor")): sorted(f["field"] for f in d["fields"])
             for d in c["first"]}
    assert first == {(None, 0x5BC3, 4): ["grid"], (121, 0x5BC1, None): ["elist.ofs"],
                     (56, 0x5BC2, None): ["suffix"]}
    ofs = next(m for m in maps if m["band"] == 121 and m["seed"] == 0x5BC1)["elist"][2]["ofs"]
    got = json.loads(dqcheat(argv, ["map 121 %d" % 0x5BC1]).stdout)
    assert got["elist"][2] == {"ofs": ofs + 256}


@pytest.mark.parametrize("requests, faults, change, status, needle", [
    (["floor 1 17"], None, None, 2, "bad request 'floor 1 17': expected 'floor SEED K'"),
    (["floor 32768 1"], None, None, 2, "bad request 'floor 32768 1'"),
    (["floor -1 1"], None, None, 2, "bad request 'floor -1 1'"),
    (["map 3 23491"], None, None, 2, "bad request 'map 3 23491'"),
    (["walk 1"], None, None, 2, "bad request 'walk 1'"),
    (["chest 221 23491 4 65536"], None, None, 2, "bad request 'chest 221 23491 4 65536'"),
    (["chest 221 23491 17 0"], None, None, 2, "bad request 'chest 221 23491 17 0'"),
    (["chest 221 23491 4 0"], None, None, 3, "with items that are not the floor's 3 chests"),
    (["chest 221 23491 4 0"], {"garbage": "items 221 23491 4 0"}, None, 3, "answered 'items 221 23491 4 0' with"),
    (["map 221 23491"], {"die": "raw 221 23491"}, None, 3, "the driver ended (status 5) on 'raw 221 23491'"),
    (["map 221 23491"], {"garbage": "raw 221 23491"}, None, 3, "with a line that is not JSON"),
    (["floor 23491 1"], {"garbage": "count 2 23491"}, None, 3, "answered 'count 2 23491' with a line that"),
    (["floor 23491 1"], {"nofloors": "count 56 23491"}, None, 3, "a count for seed 23491 without floors"),
    ([], {"exit": 4}, None, 3, "the driver exited with status 4 at the end"),
    (["map 221 23491"], None, lambda r: r["221:23491"].update(name3="Grotto"), 3,
     "locale word 'Grotto' is not in tools/tables/names.json"),
    (["map 221 23491"], None, lambda r: r["221:23491"]["rows"].pop(), 3, "a reply of the wrong shape"),
    (["floor 23491 2"], None, lambda r: [m["rows"].__setitem__(1, m["rows"][1][:1584] + "10" + m["rows"][1][1586:])
                                          for m in r.values()], 3, "tile code or chest count out of range"),
])
def test_dqcheat_adapter_error_paths(tmp_path, requests, faults, change, status, needle):
    floors = export("floors", "5BC3")
    maps = export("maps", "5BC3", "all")
    res = dqcheat(dqcheat_standin(tmp_path, floors, maps, faults=faults, change=change), requests)
    assert res.returncode == status, (res.returncode, res.stdout, res.stderr)
    lines = res.stderr.splitlines()
    assert res.stdout == "" and lines[-1].startswith("dqcheat.py: ") and needle in lines[-1], res.stderr
    assert len(lines) == (2 if faults and "die" in faults else 1), res.stderr  # the driver's own line first


def test_dqcheat_adapter_arguments(tmp_path):
    res = subprocess.run([sys.executable, str(DQCHEAT_PY), "--fields"], capture_output=True, text=True)
    assert res.returncode == 0 and json.loads(res.stdout) == {"floor": DQCHEAT_FLOOR, "map": DQCHEAT_MAP, "chest": CHEST_FIELDS}
    res = subprocess.run([str(DQCHEAT_SH), "--fields"], capture_output=True, text=True)
    assert res.returncode == 0 and json.loads(res.stdout) == {"floor": DQCHEAT_FLOOR, "map": DQCHEAT_MAP, "chest": CHEST_FIELDS}
    for cmd in ([sys.executable, str(DQCHEAT_PY), "--help"], [str(DQCHEAT_SH), "--help"]):
        res = subprocess.run(cmd, capture_output=True, text=True)
        assert res.returncode == 0 and "grotto oracle --sample 2000 --b exec:" in res.stdout, res
    exe = tmp_path / "DQCheat.Patched.0.7.exe"
    exe.write_bytes(b"not the editor")
    env = dict(os.environ)
    env.pop("GROTTO_TOOLS_DIR", None)
    for argv, needle in (([sys.executable, str(DQCHEAT_PY), str(exe)], "expected [--any-version] EXE -- DRIVER"),
                         ([sys.executable, str(DQCHEAT_PY), str(exe), "--", "true"],
                          "is not the DQCheat.Patched.0.7.exe of DQIX-Save-Editor ae15f30"),
                         ([sys.executable, str(DQCHEAT_PY), str(tmp_path / "none"), "--", "true"],
                          "cannot read the editor's exe"),
                         ([str(DQCHEAT_SH)], "no checkout: give DIR or set GROTTO_TOOLS_DIR"),
                         ([str(DQCHEAT_SH), str(tmp_path)], "DQCheat.Patched.0.7.exe' does not exist"),
                         ([str(DQCHEAT_SH), "--bogus"], "unknown option '--bogus'")):
        res = subprocess.run(argv, input="", capture_output=True, text=True, env=env)
        assert res.returncode == 2 and res.stdout == "", (argv, res)
        assert needle in res.stderr and res.stderr.count("\n") == 1, res.stderr


def test_real_dqcheat_engine_differs_only_where_documented(grotto):
    """The editor's engine under mono (docs/other-tools.md): map details
    agree; on 5BC0..5BC7 the floors that differ are the four stair-overflow
    floors (stairs, chests, grid) and two of the corridor scan (grid only);
    on a sample of maps only elist.ofs and chest ranks differ."""
    checkout = tools_checkout("DQIX-Save-Editor")
    if not (shutil.which("mono") and shutil.which("mcs")):
        pytest.skip("skipped: no mono (mono-mcs, mono-runtime) for the checkout of DQIX-Save-Editor")
    cmd = "exec:%s %s" % (DQCHEAT_SH, checkout)
    res = grotto("oracle", "floors", "--seeds", "5BC0..5BC7", "--show", "128", "--b", cmd, "--json")
    assert res.rc == 1, res.out + res.err
    c = res.json()["check"]
    got = {(d["seed"], d["floor"]): [f["field"] for f in d["fields"]] for d in c["first"]}
    overflow = {(f["seed"], f["floor"]) for f in export("floors", "5BC0..5BC7") if f["overflow"]}
    assert len(overflow) == 4 and c["records_differing"] == len(got) == 6
    assert all(set(got[k]) >= {"up", "down", "grid"} for k in overflow)
    assert {k: v for k, v in got.items() if k not in overflow} == {(0x5BC6, 4): ["grid"], (0x5BC7, 3): ["grid"]}
    res = grotto("oracle", "maps", "--sample", "300", "--show", "128", "--b", cmd, "--json")
    c = res.json()["check"]
    assert c["records_differing"] < 128 and all(c["carried"][f] == 300 for f in DQCHEAT_MAP), res.out
    # the details agree; chest ranks differ only on floors whose layout differs
    assert {f["field"] for d in c["first"] for f in d["fields"]} <= {"elist.ofs", "chest_ranks"}, res.out
    got = dqcheat([str(DQCHEAT_SH), str(checkout)], ["map 2 50"])
    assert json.loads(got.stdout) == {"band": 2, "seed": 50, "env": 2, "floors": 3, "smr": 1, "boss": 1,
                                      "prefix": 3, "suffix": 5, "locale": 2, "level": 1,
                                      "chest_ranks": [[], [], [2, 1]],
                                      "elist": [{"ofs": 6704}, {"ofs": 8160}, {"ofs": 7328}]}
    # chest contents: a sample agrees; 5BC3 B4F (the overflow floor) differs in its chest count
    res = grotto("oracle", "chests", "--seconds", "0..255", "--sample", "300", "--b", cmd)
    assert res.rc == 0 and "0 records differ" in res.text, res.out + res.err
    res = grotto("oracle", "chests", "--seeds", "5BC3", "--bands", "DD", "--seconds", "12", "--json", "--b", cmd)
    first = res.json()["check"]["first"]
    assert res.rc == 1 and (first[0]["floor"], first[0]["fields"][0]) == (4, {"field": "contents"}), res.out
