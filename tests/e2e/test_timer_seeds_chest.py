"""grotto timer, grotto seeds, grotto chest."""
import json

import pytest

from conftest import CORPUS, assert_usage_error, load_jsonl


def test_timer_vectors(grotto):
    vectors = load_jsonl("timers.jsonl")
    for v in vectors[::37]:
        j = grotto("timer", v["timer"], "--json").json()
        assert (j["r1"], j["seed"], j["r3"]) == (v["r1"], v["seed"], v["r3"])


def test_timer_with_base(grotto):
    j = grotto("timer", "36690", "--base", "55", "--json").json()
    assert (j["r1"], j["seed"], j["r3"]) == (22356, 50, 2995)
    assert j["quality"] == 54 and j["location"] == 114
    assert j["map"] == "020032" and j["name_en"] == "Granite Tunnel of Woe Lv.1"
    assert [l["location"] for l in j["locations_by_quality"]] == [35, 114, 146]
    text = grotto("timer", "36690", "--base", "55").out
    assert "final quality 54" in text and "020032" in text


@pytest.mark.parametrize("args,needle", [
    (["65536"], "above 65535"),
    (["-1"], "negative"),
    (["abc"], "bad timer value"),
    ([], "missing timer"),
    (["5", "--base", "1"], "outside 2..248"),
    (["5", "--base", "249"], "outside 2..248"),
])
def test_timer_bad_input(grotto, args, needle):
    assert_usage_error(grotto("timer", *args), needle)


def test_never_seeds(grotto):
    want = json.loads((CORPUS / "never-seeds.json").read_text())
    j = grotto("seeds", "--never", "--json").json()
    assert j["count"] == 302 and j["seeds"] == want
    text = grotto("seeds", "--never").out
    assert text.startswith("302 seeds never arise")
    assert "5BCD" in text and "7F9E" in text


def test_seed_places_quest15(grotto):
    j = grotto("seeds", "0032", "--band", "02", "--json").json()
    got = [(p["source"], p["timer"], p["location"], p["base_min"], p["base_max"]) for p in j["found_at"]]
    # rng-and-timer.md §4.5
    assert got == [("timer", 36690, 35, 2, 51), ("timer", 36690, 114, 52, 56), ("timer", 51675, 27, 2, 49),
                   ("timer", 51675, 3, 50, 52), ("quest15", None, 5, 2, 2)]
    j = grotto("seeds", "1234", "--band", "38", "--json").json()
    got = [(p["timer"], p["location"], p["base_min"], p["base_max"]) for p in j["found_at"]]
    assert got == [(46193, 19, 59, 59), (61178, 21, 53, 57)]


def test_seed_of_a_never_seed(grotto):
    j = grotto("seeds", "0007", "--json").json()
    assert j["never_seed"] is True and j["timer_draws"] == []
    assert "never-seed" in grotto("seeds", "0007").out


@pytest.mark.parametrize("args,needle", [
    (["8000"], "above 0x7FFF"),
    ([], "give --never or a seed"),
    (["--never", "0032"], "give either SSSS or --never, not both"),
    (["--never", "--band", "02"], "--band applies to grotto seeds without --never only"),
    (["0032", "--band", "ZZ"], "bad band"),
    (["0032", "--band", "02", "--quality", "5"], "not both"),
])
def test_seeds_bad_input(grotto, args, needle):
    assert_usage_error(grotto("seeds", *args), needle)


def test_chest_contents_worked_examples(grotto):
    # chests.md §4, examples 1 and 3
    j = grotto("chest", "020032", "3", "7", "--json").json()
    assert [c["name_en"] for c in j["chests"]] == ["Rockbomb shard", "Strong medicine"]
    assert [c["letter"] for c in j["chests"]] == ["H", "I"]
    assert [c["pos"] for c in j["chests"]] == [[6, 11], [3, 2]]
    j = grotto("chest", "DD00A5", "16", "3600", "--json").json()
    assert [c["name_en"] for c in j["chests"]] == ["Mini medal", "Malicite"]
    assert [c["name_jp"] for c in j["chests"]][1] == "うらみのほうじゅ"
    text = grotto("chest", "020032", "B3F", "0").out
    assert "Angel bell / 天使のすず" in text and "Magic water" in text


def test_chest_floor_without_chests(grotto):
    res = grotto("chest", "020032", "1", "0")
    assert res.rc == 0 and "no chests" in res.out
    assert grotto("chest", "020032", "2", "0", "--json").json()["chests"] == []


@pytest.mark.parametrize("args,needle", [
    (["020032", "4", "0"], "has 3 floors"),
    (["020032", "3", "-1"], "negative"),
    (["020032", "3", "4294967296"], "above 4294967295"),
    (["020032", "3"], "expected RRSSSS FLOOR SECOND"),
    (["028000", "3", "0"], "above 0x7FFF"),
    (["020032", "0", "0"], "outside 1..16"),
])
def test_chest_bad_input(grotto, args, needle):
    assert_usage_error(grotto("chest", *args), needle)
