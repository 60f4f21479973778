"""Entrance locations in map, timer and seeds, against the spec's formulas
(rng-and-timer.md §4.2-§4.5, computed in spec_model.py and checked against
corpus/golden/timers.jsonl) and tools/tables/locations.json."""
import json

import pytest

import spec_model as sm
from conftest import CORPUS, assert_usage_error, load_jsonl


def test_python_model_matches_the_golden_timers():
    # the model the other tests trust, against the golden vectors
    rows = load_jsonl("timers.jsonl")
    assert len(rows) > 1000
    td = sm.timer_draws()
    for r in rows:
        assert td[r["timer"]] == (r["r1"], r["seed"], r["r3"]), r
    # rng-and-timer.md §4.5's worked example
    want = [(36690, 35, b) for b in range(2, 52)] + [(36690, 114, b) for b in range(52, 57)]
    want += [(51675, 27, b) for b in range(2, 50)] + [(51675, 3, b) for b in range(50, 53)]
    assert sm.places(0x32, 0x02) == want + [("quest 15", 5, 2)]


def location_line(number):
    """How the text output starts a location: two hex digits, EN / JP area."""
    e = sm.locations()[number]
    return "%02X %s / %s %s" % (number, e["region_en"], e["region_ja"], e["monster_mark"])


def sample_maps(maps_sample, step):
    """Every step-th sample map, plus the quest-15 map and three never-seed maps."""
    never = set(json.loads((CORPUS / "never-seeds.json").read_text()))
    extra = [m for m in maps_sample if (m["band"], m["seed"]) == (0x02, 0x32)]
    extra += [m for m in maps_sample if m["seed"] in never][:3]
    assert len(extra) == 4
    return maps_sample[::step] + extra


def test_seeds_places_match_the_spec(grotto, maps_sample):
    n = 0
    for m in sample_maps(maps_sample, 40):
        j = grotto("seeds", "%04X" % m["seed"], "--band", "%02X" % m["band"], "--json").json()
        want = sm.places(m["seed"], m["band"])
        assert sm.expand_places(j["found_at"]) == want, (m["band"], m["seed"])
        timers = sum(1 for d in sm.timer_draws() if d[1] == m["seed"])
        assert j["timers"] == timers and j["never_seed"] == (timers == 0)
        for p in j["found_at"]:
            sm.check_location_info(p["location_info"], p["location"])
            if p["source"] == "timer":
                r1, _, r3 = sm.timer_draws()[p["timer"]]
                assert (p["r1"], p["r3"]) == (r1, r3)
        n += len(want)
    assert n > 1000


def test_seeds_text_shows_community_codes(grotto):
    out = grotto("seeds", "0032", "--band", "02").out
    for number in (35, 114, 27, 3, 5):
        assert location_line(number) in out, number
    assert "23 Slurry Coast" in out  # 35 = 0x23
    assert "bases   2..51" in out and "quest 15" in out
    # the note of location 5, and the reachability mark of location 3
    assert "[note: %s]" % sm.locations()[5]["note_en"] in out
    assert "03 Angel Falls / ウォルロ地方 ◯ (no direct Starflight)" in out


def test_map_found_at_matches_the_spec(grotto, maps_sample):
    for m in sample_maps(maps_sample, 300):
        mid = "%02X%04X" % (m["band"], m["seed"])
        j = grotto("map", mid, "--json").json()
        want = sm.places(m["seed"], m["band"])
        assert sm.expand_places(j["found_at"]) == want, mid
        for p in j["found_at"]:
            sm.check_location_info(p["location_info"], p["location"])
        text = grotto("map", mid).out
        for p in j["found_at"]:
            assert location_line(p["location"]) in text, (mid, p)
        if not want:
            assert "found at: nowhere" in text


def test_quest15_location_in_map(grotto):
    j = grotto("map", "020032", "--json").json()
    assert j["found_at"][-1]["source"] == "quest15" and j["found_at"][-1]["timer"] is None
    assert j["found_at"][-1]["location"] == 5
    assert "quest 15" in grotto("map", "020032").out
    # the quest map is band 02 only: in band 38 seed 0032 has no quest entry
    j = grotto("map", "380032", "--json").json()
    assert all(p["source"] == "timer" and isinstance(p["timer"], int) for p in j["found_at"])
    assert sm.expand_places(j["found_at"]) == sm.places(0x32, 0x38)


@pytest.mark.parametrize("base", [2, 9, 10, 50, 51, 55, 80, 81, 120, 240, 248])
def test_timer_locations_match_the_spec(grotto, base):
    rows = load_jsonl("timers.jsonl")[::25]
    for r in rows:
        j = grotto("timer", r["timer"], "--base", base, "--json").json()
        bands = j["locations_by_quality"]
        assert [(b["quality_min"], b["quality_max"]) for b in bands] == \
            [(lo, hi) for lo, hi, _ in sm.location_bands()]
        for b in bands:
            assert b["location"] == sm.location(b["quality_min"], r["r3"])
            sm.check_location_info(b["location_info"], b["location"])
        q = sm.final_quality(base, r["r1"])
        assert j["quality"] == q
        assert j["location"] == sm.location(q, r["r3"])
        sm.check_location_info(j["location_info"], j["location"])
        assert j["map"] == "%02X%04X" % (sm.band_of(q)[0], r["seed"])


def test_timer_text(grotto):
    out = grotto("timer", "36690", "--base", "55").out
    assert "location " + location_line(114) in out
    for number in (35, 114, 146):
        assert location_line(number) in out
    assert "2..50" in out and "81..248" in out


def test_every_location_renders(grotto):
    # each of the 150 locations, through timers whose r3 selects it at quality 248
    seen = {}
    for t, (_, _, r3) in enumerate(sm.timer_draws()):
        seen.setdefault(sm.location(248, r3), t)
        if len(seen) == 150:
            break
    assert len(seen) == 150
    for number, t in sorted(seen.items())[::7]:
        j = grotto("timer", t, "--base", 248, "--json").json()
        assert j["location"] == number
        sm.check_location_info(j["location_info"], number)
        e = sm.locations()[number]
        text = grotto("timer", t, "--base", 248).out
        line = [l for l in text.splitlines() if l.startswith("location ") and "by final" not in l][0]
        assert line.startswith("location " + location_line(number))
        assert ("(ship only)" in line) == e["ship_only"]
        assert ("(Starflight only)" in line) == e["starflight_only"]
        assert ("(no direct Starflight)" in line) == (not e["starflight_direct"])
        assert ("[note: " in line) == ("note_en" in e)


@pytest.mark.parametrize("cmd", [["map"], ["timer"], ["seeds"]])
def test_help_explains_codes_and_marks(grotto, cmd):
    out = grotto(*cmd, "--help").out
    assert "two hex digits" in out and "72 = location" in out
    for mark in ("◎", "◯", "△", "×"):
        assert mark in out
    assert "(no direct Starflight)" in out and "(ship only)" in out


@pytest.mark.parametrize("args,needle", [
    (["0032", "--band", "02", "--band", "38"], "given twice"),
    (["0032", "--quality", "5", "--quality", "6"], "given twice"),
])
def test_seeds_repeated_options(grotto, args, needle):
    assert_usage_error(grotto("seeds", *args), needle)


def test_timer_repeated_base(grotto):
    assert_usage_error(grotto("timer", "5", "--base", "55", "--base=60"), "given twice")
