"""The community tool's result sets of issues 21 and 22 through the grotto
command: every query of corpus/golden/searcher/issue21-chests.jsonl runs as
`grotto chests ...`, every query of issue22-at.jsonl as `grotto at --pattern /
--whistle ...` and every query of issue22-multibug.jsonl as `grotto search
--multibug ...`, translated from the tool's own form (the entry's "grotto"
arguments are the harness's, tools/searcher/searcher.mjs); the maps must be
the tool's, in the tool's order, with the floor each card shows (chests),
the D variants' walking cost, the value at the POP index (AT) and the bug
map's name, floors and boss (multibug). The number of queries compared per
file is checked, so a query left out fails."""
import json
import re

import pytest

from conftest import CORPUS, run

GOLD = CORPUS / "searcher"
LETTER = {10: "S", 9: "A", 8: "B", 7: "C", 6: "D", 5: "E", 4: "F", 3: "G", 2: "H", 1: "I"}
# the tool's form values for the item groups
GROUPS = {"ANY": "any", "Rich": "Millionaire", "Metasla": "Metal Slime Equips", "S_wpn": "S weapon"}


def load(name):
    with open(GOLD / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def opts(args):
    """The harness's arguments as a dict; --free k=v collected."""
    out, free, i = {}, {}, 0
    while i < len(args):
        a = args[i]
        if a == "--free":
            k, v = args[i + 1].split("=", 1)
            free[k] = v
            i += 2
        elif i + 1 < len(args) and not args[i + 1].startswith("--"):
            out[a] = args[i + 1]
            i += 2
        else:
            out[a] = True
            i += 1
    return out, free


def window(o):
    cmd = ["--band", o["--band"], "--limit", "0", "--json", "--quiet"]
    if "--seeds" in o:
        cmd += ["--seeds", o["--seeds"]]
    return cmd


def chests_command(e):
    o, free = opts(e["grotto"])
    if "--ql" in o:
        mode = o.get("--ql-mode", "")
        cmd = ["chests", "ql", o["--ql"]]
        if mode[:1] in ("5", "9"):
            cmd += ["--ppap", mode[0]]
        if "A" in mode:
            cmd.append("--all-floors")
        if "D" in mode:
            cmd.append("--walk")
    elif o["--chest-search"] in ("combo", "3rd"):
        cmd = ["chests", o["--chest-search"], o["--item"]]
        if o.get("--ql-mode", "")[:1] in ("5", "9"):
            cmd += ["--ppap", o["--ql-mode"][0]]
        if "D" in o.get("--ql-mode", ""):
            cmd.append("--walk")
    else:
        assert o["--chest-search"] == "free"
        cmd = ["chests", "free"]
        for k in (1, 2, 3):
            f, b, r, it, t = (free[f"{x}_{k}"] for x in "fbrit")
            if b == "-1" and r == "0" and it == "ANY":
                continue  # the tool's empty condition
            chest = {"-1": "any", "0": "1", "1": "2", "2": "3", "3": "not-3"}[b]
            rank = LETTER[int(r)] if r != "0" else "any"
            item = GROUPS.get(it, it)
            cmd.append(f"B{f}F,chest={chest},rank={rank},item={item},stopwatch={t or 'any'}")
    return cmd + window(o)


def run_json(cmd):
    res = run(*cmd, timeout=1200)
    assert res.rc == 0, (cmd, res.err)
    return res.json()


def check_scan(e, doc):
    got = [m["map"] for m in doc["maps"]]
    assert got == e["maps"], (e["id"], len(got), e["hits"])
    assert doc["found"] == doc["shown"] == e["shown"]
    return {m["map"]: m for m in doc["maps"]}


def test_chest_searches_give_the_tools_sets():
    entries = load("issue21-chests.jsonl")
    compared = maps = 0
    for e in entries:
        doc = run_json(chests_command(e))
        if e["order"] == "ranked":
            got = [(m["map"], m["floor"], 1e9 if m["walk"] is None else m["walk"]) for m in doc["maps"]]
            want = [(r["map"], r["floor"], r["sort"]) for r in e["results"]]
            assert got == want, e["id"]
            assert doc["walk"] is True
        else:
            by = check_scan(e, doc)
            for m, f in e.get("first_floor", {}).items():
                assert by[m]["floor"] == f, (e["id"], m)
        # every chest command shows the stopwatch beside the internal second
        assert all(s["stopwatch"] == s["second"] + 5 for s in doc["seconds"]), e["id"]
        compared += 1
        maps += len(doc["maps"])
    assert compared == 52 and maps > 500, (compared, maps)


def at_command(e):
    o, _ = opts(e["grotto"])
    if "--whistle" in o:
        cmd = ["at", "--whistle", o["--whistle"], "--whistle-env", o["--whistle-env"],
               "--whistle-rank", o["--whistle-rank"]]
        if "--deftness-max" in o:
            cmd += ["--deftness-max", o["--deftness-max"]]
    else:
        cmd = ["at"]
    if "--at-pattern" in o:
        cmd += ["--pattern", o["--at-pattern"], "--threshold", o["--at-threshold"]]
    if "--at-steps" in o:
        cmd += ["--steps", o["--at-steps"]]
    if "--zoom" in o:
        cmd += ["--zoom", o["--zoom"]]
    return cmd + window(o)


def test_at_searches_give_the_tools_sets():
    compared = 0
    kinds = set()
    for e in load("issue22-at.jsonl"):
        doc = run_json(at_command(e))
        check_scan(e, doc)
        if "pops" in e:
            assert [m["pop"]["value"] for m in doc["maps"]] == e["pops"], e["id"]
        kinds.add(doc["search"])
        compared += 1
    assert compared == 20 and kinds == {"pattern", "whistle"}


def multibug_command(e):
    o, _ = opts(e["grotto"])
    cmd = ["search", "--multibug"]
    for flag in ("--bug-more-floors", "--bug-special-floor", "--flag0"):
        if flag in o:
            cmd.append(flag)
    if "--state" in o:
        cmd += ["--state", {"4-enemy": "2"}.get(o["--state"], o["--state"])]  # a code, or the name
    if "--monster" in o:
        cmd += ["--monster", o["--monster"]]
    if "--chests" in o:
        cmd += ["--bug-chests", o["--chests"]]
    return cmd + window(o)


BUG = re.compile(r"\[Bug\] (.+?) \| B(\d+)F \| (.+?)(?: 📈)? [0-9A-F]{2}(?: |$)")
FLOOR = re.compile(r"B(\d+)F: \[([0-9A-F]{4})\]")


def test_multibug_searches_give_the_tools_sets():
    compared = 0
    for e in load("issue22-multibug.jsonl"):
        doc = run_json(multibug_command(e))
        check_scan(e, doc)
        for m, text in zip(doc["maps"], e.get("texts", [])):  # none when the tool lists none
            name, floors, boss = BUG.search(text).groups()
            assert (m["bug"]["name_en"], m["bug"]["floor_count"], m["bug"]["boss_en"]) == (name, int(floors), boss), \
                (e["id"], m["map"], text)
            listed = [(f["floor"], f["ofs_hex"]) for f in m["floors"]]
            assert [(int(f), x) for f, x in FLOOR.findall(text)] == listed, (e["id"], m["map"], text)
        compared += 1
    assert compared == 18


@pytest.mark.parametrize("cmd,count", [
    (["chests", "ql", "lucida SHARD", "--band", "DD"], 56),  # research.md §3, any case
])
def test_published_counts(cmd, count):
    res = run(*cmd, "--count", "--quiet", timeout=1200)
    assert res.rc == 0, res.err
    assert res.out == f"{count}\n"
