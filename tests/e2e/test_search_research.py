"""grotto search against the community tool's own answers (issue 20):
every query of corpus/golden/searcher/issue20-filters.jsonl (the map and
floor filters of research.md §2) and issue20-rankings.jsonl (the rankings
of research.md §1) run through `grotto search --json`, the result compared
exactly with what the tool showed - the same maps in the same order, and
for rankings the same values, floors, sizes and groups.

The golden files give each query in `grotto search` options (`grotto`);
they are used as written. The tool's own scan order is band, then seed;
its rankings are stable sorts of that order. Each test counts what it
compared: a query compared on fewer items than the tool showed fails.
"""
import json

import pytest

from conftest import CORPUS, run

GOLD = CORPUS / "searcher"


def load(name):
    with open(GOLD / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


FILTERS = load("issue20-filters.jsonl")
RANKINGS = load("issue20-rankings.jsonl")


def search(args):
    res = run("search", *args, "--json", "--quiet")
    assert res.rc == 0, (args, res.err)
    return res.json()


def test_the_golden_sets_are_all_there():
    # the files hold 58 filter queries and 17 rankings (corpus/README.md)
    assert len(FILTERS) == 58 and len(RANKINGS) == 17
    assert all(e["order"] == "scan" for e in FILTERS)
    assert all(e["order"] == "ranked" for e in RANKINGS)


@pytest.mark.parametrize("e", FILTERS, ids=[e["id"] for e in FILTERS])
def test_filter_query_gives_the_tools_maps(e):
    doc = search(e["grotto"])
    got = [m["map"] for m in doc["maps"]]
    assert doc["found"] == e["hits"], (e["id"], doc["found"], e["hits"])
    assert len(got) == len(e["maps"]) == e["shown"]
    assert got == e["maps"], (e["id"], sorted(set(got) ^ set(e["maps"]))[:10])
    # where the tool's card jumps to a floor, it is the first floor that
    # passed the floor filters (map filters such as --multi-special and
    # --chambers-floors match no single floor: nothing to compare there)
    first = {m["map"]: m["matched_floors"] for m in doc["maps"]}
    map_level = {"--multi-special", "--chambers-floors"} & set(e["grotto"])
    for m, floor in e.get("first_floor", {}).items():
        if not map_level:
            assert first[m] and first[m][0] == floor, (e["id"], m, first[m], floor)


def groups_of(e):
    """The tool's headers as (index of the next card, group name, cards)."""
    out = []
    for i, g in enumerate(e["groups"]):
        end = e["groups"][i + 1]["before"] if i + 1 < len(e["groups"]) else len(e["results"])
        name = g["text"].split(" \u2014 ")[0]
        out.append((g["before"], name, end - g["before"]))
    return out


@pytest.mark.parametrize("e", RANKINGS, ids=[e["id"] for e in RANKINGS])
def test_ranking_gives_the_tools_order(e):
    doc = search(e["grotto"])
    got = doc["maps"]
    want = e["results"]
    assert len(got) == len(want) == e["shown"], (e["id"], len(got), len(want))
    compared = 0
    for i, (g, w) in enumerate(zip(got, want)):
        assert g["map"] == w["map"], (e["id"], i, g["map"], w["map"])
        assert g["sort_value"] == w["sort"], (e["id"], i, g["map"], g["sort_value"], w["sort"])
        if "floor" in w:
            assert g["sort_floor"] == w["floor"], (e["id"], i, g["map"], g["sort_floor"], w["floor"])
        if "dim" in w:
            assert g["sort_size"] == w["dim"], (e["id"], i, g["map"])
        compared += 1
    assert compared == e["shown"]
    if e["listed_only"]:
        # the maps ranked before the tool's cut: its hit count
        assert doc["found"] == e["hits"], (e["id"], doc["found"], e["hits"])
    if e["groups"]:
        for before, name, cards in groups_of(e):
            names = {g["sort_group"] for g in got[before:before + cards]}
            if name.startswith("Top "):
                name = "top"
            assert names == {name}, (e["id"], before, names, name)
            if before + cards < len(got):
                assert got[before + cards]["sort_group"] != name, (e["id"], before + cards)
    if e.get("tied_beyond_cut") is not None and e["shown"] < e["hits"]:
        # the cut keeps the first of equal values in scan order: the next
        # ones share the last value exactly as many times as the tool says
        args = list(e["grotto"])
        args[args.index("--limit") + 1] = "0"
        full = search(args)
        values = [m["sort_value"] for m in full["maps"]]
        assert values[e["shown"] - 1] == e["last_value"]
        tied = sum(1 for v in values[e["shown"]:] if v == e["last_value"])
        assert tied == e["tied_beyond_cut"], (e["id"], tied)
