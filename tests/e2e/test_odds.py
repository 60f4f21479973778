"""grotto odds: every map a base quality produces, with its chance and
locations, against the timer model of universe_model.py over all 65,536
timer values (itself checked against the golden timer vectors and against
grotto timer T --base Q on a sample), and the summed chance of the maps that
pass the filters."""
import random

import pytest

import universe_model as um
from conftest import assert_usage_error, run


def outcomes(base):
    """{map id: {location: timer values}} of every timer value for this base."""
    out = {}
    for t, r1, seed, r3 in um.timers():
        q = um.final_quality(base, r1)
        locs = out.setdefault(um.map_id(um.band_of(q), seed), {})
        loc = um.location(q, r3)
        locs[loc] = locs.get(loc, 0) + 1
    return out


def test_timer_model_agrees_with_grotto_timer():
    rnd = random.Random(8)
    for t in rnd.sample(range(65536), 40) + [0, 36690, 51675, 65535]:
        base = rnd.choice([2, 9, 10, 55, 120, 199, 240, 248])
        j = run("timer", t, "--base", base, "--json").json()
        _, r1, seed, r3 = um.timers()[t]
        q = um.final_quality(base, r1)
        assert (j["r1"], j["seed"], j["r3"], j["quality"], j["location"]) == (r1, seed, r3, q, um.location(q, r3))
        assert j["map"] == um.map_id(um.band_of(q), seed)


@pytest.mark.parametrize("base", [120, 2, 248])
def test_every_map_with_its_chance_and_locations(base):
    j = run("odds", "--base", base, "--limit", "0", "--json", "--quiet").json()
    want = outcomes(base)
    gift = {"020032"} if base == 2 else set()  # quest 15's map, its base 2: at location 05, no timer value
    for mid in gift:
        want[mid][5] = 0
    assert j["base"] == base and j["timer_values"] == 65536
    assert j["found"] == j["shown"] == j["produced"] == len(want)
    assert j["timers"] == 65536 and j["chance"] == 1
    got = {m["map"]: {l["location"]: l["timers"] for l in m["locations"]} for m in j["maps"]}
    assert got == want
    for m in j["maps"]:
        assert m["timers"] == sum(want[m["map"]].values())
        assert m["chance"] == pytest.approx(m["timers"] / 65536, abs=1e-9)
        assert m["quest15"] is (m["map"] in gift)  # the chance counts timer outcomes only


def test_odds_lists_what_search_base_lists():
    a = run("odds", "--base", "77", "--state", "special", "--limit", "0", "--csv", "--quiet")
    b = run("search", "--base", "77", "--state", "special", "--limit", "0", "--csv", "--quiet")
    oa, sb = um.parse_csv(a.out), um.parse_csv(b.out)
    assert set(oa) == set(sb) and oa
    for mid, r in oa.items():
        assert r["matched_floors"] == sb[mid]["matched_floors"] and r["locations"] == sb[mid]["locations"]
        assert float(r["chance"]) == pytest.approx(int(r["timers"]) / 65536, abs=1e-8)


def special_maps(maps_sample, states, monster=None):
    out = set()
    for m in maps_sample:
        for e in m["elist"]:
            if e["state"] in states and (not monster or (e["state_text"] or "").startswith(monster + " only")):
                out.add(um.map_id(um.band_of(m["band"]), m["seed"]))
    return out


@pytest.mark.parametrize("base,args,states,monster", [
    (248, ["--state", "only"], {5, 14, 15, 16}, None),
    (120, ["--monster", "liquid metal slime"], {5, 14, 15, 16}, "Liquid Metal Slime"),
    (200, ["--state", "no-enemy"], {6, 7, 8, 9}, None),
])
def test_summed_chance_of_the_matching_maps(base, args, states, monster, maps_sample):
    j = run("odds", "--base", base, *args, "--limit", "0", "--json", "--quiet").json()
    want_maps = special_maps(maps_sample, states, monster)
    out = outcomes(base)
    want = {mid: sum(locs.values()) for mid, locs in out.items() if mid in want_maps}
    assert {m["map"]: m["timers"] for m in j["maps"]} == want
    assert j["timers"] == sum(want.values()) and j["found"] == len(want) > 0
    assert j["chance"] == pytest.approx(j["timers"] / 65536, abs=1e-9)
    assert j["produced"] == len(out)


def test_location_filter_counts_the_timer_values_there():
    base = 120
    j = run("odds", "--base", base, "--location", "Wormwood Canyon", "--limit", "0", "--json", "--quiet").json()
    area = um.area_locations("Wormwood Canyon")
    want = {}
    for mid, locs in outcomes(base).items():
        n = sum(v for loc, v in locs.items() if loc in area)
        if n:
            want[mid] = n
    assert {m["map"]: m["timers"] for m in j["maps"]} == want
    assert j["timers"] == sum(want.values())


def test_base_helpers_and_text_summary(grotto):
    a = grotto("odds", "--from-boss", "50,2,40", "--state", "only", "--count", "--quiet")
    b = grotto("odds", "--base", "100", "--state", "only", "--count", "--quiet")
    assert a.rc == 0 and a.out == b.out and a.out.strip().isdigit()
    r = grotto("odds", "--reward", "99,10", "--state", "only", "--quiet")  # 148 + 50 = 198
    assert "base quality 198 (--reward 99,10)" in r.out
    text = grotto("odds", "--base", "248", "--state", "only", "--quiet").out
    assert "chance of a matching map:" in text and "quest 15" in text
    j = grotto("odds", "--base", "248", "--state", "only", "--json", "--quiet").json()
    assert "%d/65536" % j["timers"] in text


@pytest.mark.parametrize("args,needle", [
    ([], "give the base quality"),
    (["--state", "only"], "give the base quality"),
    (["--base", "249"], "outside 2..248"),
    (["--base", "120", "--base", "121"], "given twice"),
    (["--base", "120", "--from-boss", "1,1,1"], "only one of"),
    (["--from-boss", "0,1,1"], "bad --from-boss"),
    (["--from-boss", "a,b,c"], "bad --from-boss"),
    (["--reward", "1,0"], "below the 2"),
    (["--reward", "50"], "bad --reward"),
    (["--base", "120", "--monster", "nobody"], "unknown monster"),
    (["--base", "120", "--csv", "--json"], "only one of"),
    # every map a base gives can be found: the switches of search have nothing to do (issue 19 item 4)
    (["--base", "2", "--include-unfindable"], "--include-unfindable does not apply with a base quality"),
    (["--from-boss", "99,10,99", "--arising"], "--arising does not apply with a base quality"),
])
def test_bad_input(args, needle):
    assert_usage_error(run("odds", *args), needle)


def test_help(grotto):
    h = grotto("odds", "--help").out
    assert h.startswith("usage: grotto odds")
    for opt in ("--base", "--from-boss", "--reward", "--state", "--monster", "--location", "--count", "--json",
                "--csv", "examples:", "quest 15"):
        assert opt in h, opt
