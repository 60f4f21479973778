"""grotto stats (HW-2/3/4/6 and the state counts). (grotto bench --json and
its exit code: test_nothing_lost.py.)

The expected figures are the ones the specification states for the golden
model (enemy-list.md §8, hardware.md, rng-and-timer.md §5, map-details.md §8);
grotto computes them from scratch."""
import os

import pytest


@pytest.fixture(scope="module")
def stats(request):
    from conftest import run
    res = run("stats", "--json", "--quiet")
    assert res.rc == 0, res.err
    return res.json()


@pytest.fixture(scope="module")
def seed_basis(request):
    """stats --include-unfindable: "arising" = every map whose seed a timer
    value yields (the basis the published figures were counted on)."""
    from conftest import run
    res = run("stats", "--include-unfindable", "--json", "--quiet")
    assert res.rc == 0, res.err
    return res.json()


def test_hw1_softlock_candidates(seed_basis, stats, grotto):
    sl = seed_basis["softlock_candidates"]
    # floors: the universe test counts the same (ref and impl); maps: what search finds
    assert sl["up_next_to_chest"]["floors"] == 58295 and sl["down_cut"]["floors"] == 24668
    assert sl["both"]["floors"] == 4990
    # 5BC3 B4F and 5BC4 B3F (HW-1) and 6E2F B3F, the one other overflow floor with the pattern
    assert sl["both_on_overflow_floors"] == {"floors": 3, "maps": 34}
    for key, args in (("up_next_to_chest", ["--up-by-chest"]), ("down_cut", ["--down-cut"]),
                      ("both", ["--up-by-chest", "--down-cut"]),
                      ("both_on_overflow_floors", ["--up-by-chest", "--down-cut", "--overflow"])):
        # with --include-unfindable both count every map of the universe; by default the findable ones
        assert int(grotto("search", *args, "--include-unfindable", "--count", "--quiet").out) == sl[key]["maps"], key
        assert int(grotto("search", *args, "--count", "--quiet").out) == stats["softlock_candidates"][key]["maps"]
        assert stats["softlock_candidates"][key]["floors"] == sl[key]["floors"]


def test_hw2_overflow(stats):
    hw2 = stats["stair_overflow"]
    assert hw2["floors"] == 8
    assert [(f["seed"], f["floor"]) for f in hw2["list"]] == [
        (0x5BC3, 4), (0x5BC4, 3), (0x5BC5, 2), (0x5BC6, 1), (0x6E2E, 4), (0x6E2F, 3), (0x6E30, 2), (0x6E31, 1)]
    assert hw2["distinct_inputs"] == 2 and hw2["floor_seeds"] == [0x5BC7, 0x6E32]
    assert hw2["floors_seeds_0000_ffff"] == 16 and hw2["distinct_inputs_seeds_0000_ffff"] == 4
    assert hw2["up_on_wall"] == 0
    assert sum(hw2["occurring_per_band"].values()) == hw2["occurring_total"]


def test_hw3_hw4(stats):
    assert stats["never_seeds"]["count"] == 302
    hw4 = stats["quest15_name"]
    assert hw4["maps_named"] == hw4["maps_named_jp"] == 22
    assert hw4["twins"] == 21 and hw4["twins_arising"] == 21
    assert hw4["twin_maps"] == ["02" + s for s in
                               "011C 02B7 0D90 14C2 15D8 16D6 215F 2587 25C8 27E3 32F2 3623 38F0 3BA2 3DB6 "
                               "4CAF 4D75 4EC3 600D 729A 755C".split()]


def test_hw6_lost_trapped_chests(seed_basis):
    hw6 = seed_basis["lost_trapped_chests"]
    assert hw6["pandora"] == {"instances": 1948, "arising": 1935, "distinct": 1229}
    assert hw6["mimic"] == {"instances": 1323, "arising": 1310, "distinct": 829}
    assert hw6["cannibox"] == {"instances": 614, "arising": 609, "distinct": 379}
    assert hw6["published"] == {"floors": 1615, "pandora": 1615, "mimic": 1266, "cannibox": 597}
    assert hw6["published_reproduced"] is False  # an open finding, not tuned away


def test_state_counts(seed_basis):
    want = {1: (9, 9, 8), 2: (370, 357, 234), 3: (213, 213, 141), 4: (317, 317, 213), 5: (329, 329, 211),
            6: (548, 546, 347), 7: (607, 607, 389), 8: (676, 668, 429), 9: (585, 582, 363),
            10: (0, 0, 0), 11: (0, 0, 0), 12: (0, 0, 0), 13: (0, 0, 0),
            14: (18, 18, 11), 15: (33, 33, 21), 16: (29, 27, 16)}
    st = seed_basis["states"]
    assert st["map_floors"] == 3915820
    got = {s["code"]: (s["instances"], s["arising"], s["distinct"]) for s in st["by_code"]}
    assert got[0][0] == 3912086
    for code, w in want.items():
        assert got[code] == w, code
    assert st["d_positive"]["instances"] == 2044 and st["d_positive"]["in_state_0"] == 0


def test_hw6_chest_rank_basis(seed_basis, stats):
    """hardware.md HW-6: a floor counts only where a chest's rank can hold the
    trapped chest whose record is lost; over arising seeds that gives the
    published floor total and cannibox figure, the mimic one short. Over the
    maps that can be found (the default) every figure is below the published
    one: the published figures count unfindable maps too."""
    assert stats["lost_trapped_chests"]["chest_rank_basis"]["arising"] == {
        "floors": 1612, "pandora": 1612, "mimic": 1262, "cannibox": 595}
    r = seed_basis["lost_trapped_chests"]["chest_rank_basis"]
    assert r["arising"] == {"floors": 1615, "pandora": 1615, "mimic": 1265, "cannibox": 597}
    assert r["all_seeds"] == {"floors": 1628, "pandora": 1628, "mimic": 1278, "cannibox": 602}
    assert r["published_reproduced"] is False
    assert r["mimic_zero_spare_count"] == len(r["mimic_zero_spare"]) == 54
    for f in r["mimic_zero_spare"]:
        # ElistOfs + 128 + 20 j = 11,344 with the mimic at position j = 2 (standard lists), kept
        assert f["elist_ofs"] + 128 + 20 * 2 == 11344 and f["state"] == 7, f
        assert any(4 <= k <= 10 for k in f["chest_ranks"]), f
    assert len({(f["map"], f["floor"]) for f in r["mimic_zero_spare"]}) == 54


def test_figures_unchanged_since_the_index(seed_basis):
    """Every figure grotto stats printed before it ran on the universe index
    (tests/e2e/data/stats-before-index.json, the per-item sweep's output) is
    unchanged."""
    import json
    from pathlib import Path
    before = json.loads((Path(__file__).parent / "data" / "stats-before-index.json").read_text(encoding="utf-8"))

    def same(a, b, path):
        if isinstance(a, dict):
            for k in a:
                assert k in b, path + k
                same(a[k], b[k], path + k + ".")
        else:
            assert a == b, path

    same(before, seed_basis, "")
    assert seed_basis["engine"] == "impl"


def test_default_counts_only_the_maps_search_lists(stats, seed_basis, grotto):
    """Issue 19 item 4: by default stats counts, like search and odds, only
    the maps some timer value and base quality give in their band; every
    state's arising figure is the number of such floors search lists, and
    --include-unfindable counts the others as before."""
    assert stats["include_unfindable"] is False and seed_basis["include_unfindable"] is True
    by = {s["code"]: s for s in stats["states"]["by_code"]}
    for code in (2, 5, 8, 9, 16):
        j = grotto("search", "--state", str(code), "--limit", "0", "--json", "--quiet").json()
        assert by[code]["arising"] == sum(len(m["matched_floors"]) for m in j["maps"]), code
        j = grotto("search", "--state", str(code), "--include-unfindable", "--limit", "0", "--json", "--quiet").json()
        assert by[code]["instances"] == sum(len(m["matched_floors"]) for m in j["maps"]), code
    # some unfindable floors are in those states: the two bases differ
    assert by[2]["arising"] < {s["code"]: s for s in seed_basis["states"]["by_code"]}[2]["arising"]
    out = grotto("stats", "--quiet").out
    assert "arising = only maps that can be found" in " ".join(out.split())


def test_floor_anomalies(stats):
    a = stats["floor_anomalies"]
    assert a["ghost_stairs"] == 120461
    assert a["unreachable_chest"] == 151
    assert a["chamber"] == 1125
    assert a["down_unreachable"] == 0


def test_stats_ref_engine_bad_input(grotto):
    from conftest import assert_usage_error
    assert_usage_error(grotto("stats", "--engine", "x"), "unknown engine")
    assert_usage_error(grotto("stats", "extra"), "unexpected argument")
    assert_usage_error(grotto("stats", "-j", "2", "-j", "3"), "given twice")


def test_bench_queries_json_shape(grotto):
    res = grotto("bench", "--queries", "-n", "1", "--json")
    assert res.rc == 0, res.err
    j = res.json()
    assert j["runs"] == 1 and len(j["queries"]) == 18
    for q in j["queries"]:
        assert q["ok"] is True and q["same_output"] is True, q
        for mode in ("cold", "warm"):
            t = q[mode]
            assert 0 < t["wall_min"] <= t["wall_median"] and 0 <= t["cpu_min"] <= t["cpu_median"]
    assert {q["query"].split()[0] for q in j["queries"]} == {"search", "odds", "chests", "at", "stats"}
    assert set(j["targets"]) == {"every_query_under_0_3s", "cached_under_20ms", "cold_under_0_3s"}
    assert j["own_queries"] is False
    worst = max(q["cold"]["wall_median"] for q in j["queries"])
    assert j["worst_cold_wall"] == pytest.approx(worst, abs=1e-4)
    assert j["targets"]["cold_under_0_3s"] == (worst < 0.3)


def test_bench_times_the_users_queries(grotto, tmp_path):
    """--query: the user's own queries instead of the set, ';' between
    them, "..." keeping spaces; a query that fails is a failed row (exit 1),
    and a command without the index cache (map) runs cold too."""
    res = grotto("bench", "--queries", "-n", "2", "--query", 'map DD5BC3; search --name-has "lv.9" --count', "--json")
    assert res.rc == 0, res.err
    j = res.json()
    assert j["own_queries"] is True and j["runs"] == 2
    assert [q["query"] for q in j["queries"]] == ["map DD5BC3", "search --name-has lv.9 --count"]
    for q in j["queries"]:
        assert q["ok"] is True and q["same_output"] is True, q
        assert q["cold"]["wall_min"] > 0 and q["warm"]["wall_min"] > 0
    # the cold search builds the index; the warm one reads it
    assert j["queries"][1]["cold"]["cpu_median"] > 3 * j["queries"][1]["warm"]["cpu_median"]
    assert j["worst_warm_wall"] == pytest.approx(max(q["warm"]["wall_median"] for q in j["queries"]), abs=1e-4)
    text = grotto("bench", "--queries", "-n", "1", "--query", 'map DD5BC3;map "ZZ"', "-q",
                  env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert text.rc == 1, text.err
    lines = text.out.splitlines()
    assert lines[0].startswith("your queries (--query), 1 runs each") and lines[-4:-2] == ["  map ZZ",
                                                                                         "    FAILED (exit status not 0)"]
    assert "  map DD5BC3" in lines and list(tmp_path.iterdir()) == []  # its folder removed
    assert lines[-1].startswith("  cached < 20 ms: ") and "; cold (an empty cache folder) < 0.3 s: " in lines[-1]


@pytest.mark.parametrize("query,message", [
    ("", "--query is empty"),
    ("map 020032;;stats", "an empty query in"),
    ("map 020032;", "an empty query in"),
    ('map "020032', "is not closed"),
    (" ".join(["map"] * 25), "more than 24 words"),
    (";".join(["map 020032"] * 33), "more than 32 queries"),
    ("map " + "x" * 5000, "longer than 4095 characters"),
], ids=["empty", "empty-between", "empty-last", "open-quote", "25-words", "33-queries", "5004-characters"])
def test_bench_query_bad_input(grotto, query, message):
    from conftest import assert_usage_error
    assert_usage_error(grotto("bench", "--queries", "--query", query), message)


def test_bench_query_at_the_limits(grotto):
    """24 words and 32 queries are accepted (each query then runs: a cheap one)."""
    res = grotto("bench", "--queries", "-n", "1", "-q", "--query", ";".join(["help terms"] * 32))
    assert res.rc in (0, 1) and len([l for l in res.out.splitlines() if l == "  help terms"]) == 32, res.err
    words = " ".join(["map", "020032"] + ["--json"] * 22)
    assert "more than" not in grotto("bench", "--queries", "-n", "1", "-q", "--query", words).err


def test_bench_queries_bad_input(grotto):
    from conftest import assert_usage_error
    assert_usage_error(grotto("bench", "-n", "3"), "--runs applies to grotto bench --queries only")
    assert_usage_error(grotto("bench", "--queries", "-n", "0"), "at least 1")
    assert_usage_error(grotto("bench", "--queries", "-j", "2"), "--threads applies to grotto bench without --queries")
    assert_usage_error(grotto("bench", "--query", "map 020032"), "--query applies to grotto bench --queries only")



def test_bench_repeat_bad_input(grotto):
    """--repeat counts the sweep runs of each engine: 1..100, once."""
    from conftest import assert_usage_error
    assert_usage_error(grotto("bench", "--repeat", "0"), "at least 1")
    assert_usage_error(grotto("bench", "--repeat", "101"), "repeat count")
    assert_usage_error(grotto("bench", "--repeat", "x"), "repeat count")
    assert_usage_error(grotto("bench", "--repeat", "2", "--repeat", "3"), "given twice")
    assert_usage_error(grotto("bench", "--queries", "--repeat", "2"), "--repeat applies to grotto bench without")
