"""grotto chest MAP FLOOR FIRST..LAST [--item NAME]: chest contents over a
range of seconds, one line per second, against single-second calls, chests.md §4's worked examples,
the spec's formula (spec_model.py) and a brute-force scan for --item."""
import pytest

import spec_model as sm
from conftest import assert_usage_error

# chests.md §4: (map, floor, second) -> contents (EN), one per chest
WORKED = [
    ("020032", 3, 0, ["Angel bell", "Magic water"]),
    ("020032", 3, 1, ["Gleeban groat", "125G"]),
    ("020032", 3, 7, ["Rockbomb shard", "Strong medicine"]),
    ("651357", 10, 0, ["Fisticup", "Fisticup", "Nectar"]),
    ("651357", 10, 15, ["Iron mask", "Lava lump", "Mini medal"]),
    ("DD00A5", 16, 0, ["Mimic", "Flintstone"]),
    ("DD00A5", 16, 3600, ["Mini medal", "Malicite"]),
    ("A15A5A", 9, 0, ["Mythril ore", "Finessence"]),
    ("A15A5A", 9, 59, ["Mini medal", "Hephaestus' flame"]),
    ("8D0BAD", 14, 100, ["Finessence", "Pandora's box"]),
    ("8D0BAD", 14, 101, ["Mimic", "Mini medal"]),
    ("381234", 4, 0, ["Iron ore", "Chimaera wing"]),
    ("381234", 4, 1, ["Toad oil", "Evac-u-bell"]),
]


def per_second(seconds):
    """The JSON "seconds" list as {second: [item numbers]}."""
    out = {}
    for r in seconds:
        assert r["second"] not in out
        out[r["second"]] = [i["item"] for i in r["items"]]
    return out


def test_consecutive_seconds_never_repeat(grotto, maps_sample):
    # the help's claim that no two consecutive seconds give the same contents
    # (why the range is printed one line per second, nothing joined)
    for m in maps_sample[::1000]:  # 8 maps, 1,501 seconds of each floor B3F..
        mid = "%02X%04X" % (m["band"], m["seed"])
        for floor in range(3, m["floors"] + 1):
            j = grotto("chest", mid, floor, "0..1500", "--json").json()
            got = per_second(j["seconds"])
            assert sorted(got) == list(range(1501)) and j["count"] == 1501 and j["item_filter"] is None
            for t in range(1500):
                assert got[t] != got[t + 1], (mid, floor, t)


@pytest.mark.parametrize("mid,floor,first,last", [
    ("020032", 3, 0, 40), ("DD00A5", 16, 3590, 3610), ("DD5BC3", 4, 0, 30), ("B50E5C", 15, 86000, 86030),
    ("651357", 10, 4294967280, 4294967295),
])
def test_range_equals_single_seconds(grotto, mid, floor, first, last):
    j = grotto("chest", mid, floor, "%d..%d" % (first, last), "--json").json()
    got = per_second(j["seconds"])
    assert sorted(got) == list(range(first, last + 1))
    for t in range(first, last + 1):
        one = grotto("chest", mid, floor, t, "--json").json()
        assert [c["item"] for c in one["chests"]] == got[t], t
        assert [(c["pos"], c["rank"]) for c in one["chests"]] == [(c["pos"], c["rank"]) for c in j["chests"]]


def test_worked_examples(grotto):
    for mid, floor, t, want in WORKED:
        j = grotto("chest", mid, floor, "%d..%d" % (max(0, t - 2), t + 2), "--json").json()
        got = per_second(j["seconds"])[t]
        assert [sm.item_names()[i][0] for i in got] == want, (mid, floor, t)


def test_range_equals_the_spec_formula(grotto, maps_sample):
    # sampled maps, every floor with chests, 0..299: contents from chests.md §3 in Python
    for m in maps_sample[::400]:
        mid = "%02X%04X" % (m["band"], m["seed"])
        for floor in range(3, m["floors"] + 1):
            j = grotto("chest", mid, floor, "0..299", "--json").json()
            ranks = [c["rank"] for c in j["chests"]]
            assert ranks == m["chest_ranks"][floor - 1], (mid, floor)
            got = per_second(j["seconds"])
            for t in range(300):
                assert got[t] == sm.chest_contents(m["seed"], floor, t, ranks), (mid, floor, t)


@pytest.mark.parametrize("first,last", [(86000, 86399), (1000000, 1000099), (4294967000, 4294967295)])
def test_far_seconds_equal_the_spec_formula(grotto, maps_sample, first, last):
    # the content seed n + seed + t wraps modulo 2^32 (chests.md §3)
    for m in maps_sample[1::1500]:
        mid = "%02X%04X" % (m["band"], m["seed"])
        floor = m["floors"]
        j = grotto("chest", mid, floor, "%d..%d" % (first, last), "--json").json()
        ranks = [c["rank"] for c in j["chests"]]
        got = per_second(j["seconds"])
        assert sorted(got) == list(range(first, last + 1))
        for t in range(first, last + 1):
            assert got[t] == sm.chest_contents(m["seed"], floor, t, ranks), (mid, floor, t)
        one = grotto("chest", mid, floor, last, "--json").json()
        assert [c["item"] for c in one["chests"]] == sm.chest_contents(m["seed"], floor, last, ranks)


def test_range_text(grotto):
    res = grotto("chest", "020032", "3", "0..9")
    assert res.rc == 0 and res.err == ""
    lines = res.out.splitlines()
    assert lines[0] == "map 020032 B3F, seconds 0..9: chest 1 (6,11) rank H, chest 2 (3,2) rank I"
    assert lines[1].split() == ["second", "stopwatch", "chest", "1", "(H)", "chest", "2", "(I)"]
    rows = lines[2:]
    assert len(rows) == 10
    assert rows[0].split()[:2] == ["0", "5"] and "Angel bell" in rows[0] and rows[0].endswith("Magic water")
    assert rows[7].split(None, 1)[0] == "7" and "Rockbomb shard" in rows[7] and rows[7].endswith("Strong medicine")
    # the columns line up: chest 2 starts at the same offset in every row
    col = lines[1].index("chest 2")
    for r in rows:
        assert r[col - 2:col] == "  " and r[col] != " "


def brute_force(j, items):
    """Seconds of an unfiltered range JSON in which some chest holds one of items."""
    return {t: c for t, c in per_second(j["seconds"]).items() if any(i in items for i in c)}


ITEM_CASES = [
    ("020032", 3, "0..299", "Rockbomb shard"),
    ("020032", 3, "0..299", "ROCKBOMB SHARD"),
    ("020032", 3, "0..299", "  125g "),
    ("DD00A5", 16, "0..999", "mimic"),
    ("DD00A5", 16, "0..999", "ミミック"),
    ("DD5BC3", 4, "0..999", "Mini medal"),
    ("DD5BC3", 14, "0..999", "pandora's box"),   # three item numbers share the name
    ("8D0BAD", 14, "0..600", "Pandora's box"),
    ("651357", 10, "10..20", "Nectar"),
]


@pytest.mark.parametrize("mid,floor,rng,name", ITEM_CASES)
def test_item_filter_equals_brute_force(grotto, mid, floor, rng, name):
    full = grotto("chest", mid, floor, rng, "--json").json()
    j = grotto("chest", mid, floor, rng, "--item", name, "--json").json()
    key = name.strip().lower()
    items = {i for i, (en, jp) in sm.item_names().items() if en.lower() == key or jp == name.strip()}
    assert set(j["item_filter"]["items"]) == items and items
    want = brute_force(full, items)
    assert per_second(j["seconds"]) == want
    assert j["count"] == len(want)
    assert j["item_filter"]["possible"] is True
    for k in range(len(j["chests"])):
        assert j["item_filter"]["per_chest"][k] == sum(1 for c in want.values() if c[k] in items)
    # text: the count line and one row per run
    out = grotto("chest", mid, floor, rng, "--item", name).out.splitlines()
    assert out[1].startswith("%s in %d of " % (j["item_filter"]["name_en"], len(want)))
    assert len(out) == (3 + len(want) if want else 2)


def test_item_that_never_occurs_in_the_range(grotto):
    # possible in these ranks, but absent from a short range
    j = grotto("chest", "020032", "3", "0..299", "--item", "Iron mask", "--json").json()
    full = grotto("chest", "020032", "3", "0..299", "--json").json()
    want = brute_force(full, set(j["item_filter"]["items"]))
    assert j["item_filter"]["possible"] is True and j["count"] == len(want)
    j = grotto("chest", "020032", "3", "7..7", "--item", "Iron mask", "--json").json()
    assert j["count"] == 0 and j["seconds"] == [] and j["item_filter"]["possible"] is True
    res = grotto("chest", "020032", "3", "7", "--item", "Iron mask")
    assert res.rc == 0 and "Iron mask in 0 of 1 seconds" in res.out


def test_item_impossible_on_this_floor(grotto):
    res = grotto("chest", "020032", "3", "0..299", "--item", "Metal slime sword")
    assert res.rc == 0 and res.err == ""
    assert "never in these chests" in res.out and "rank A" in res.out
    j = grotto("chest", "020032", "3", "0..299", "--item", "metal slime sword", "--json").json()
    assert j["item_filter"]["possible"] is False and j["count"] == 0 and j["seconds"] == []
    assert j["item_filter"]["name_en"] == "Metal slime sword"


def test_item_on_a_floor_without_chests(grotto):
    res = grotto("chest", "020032", "1", "0..9", "--item", "Mini medal")
    assert res.rc == 0 and "no chests" in res.out
    j = grotto("chest", "020032", "1", "0..9", "--item", "Mini medal", "--json").json()
    assert j["chests"] == [] and j["seconds"] == [] and j["item_filter"]["possible"] is False
    j = grotto("chest", "020032", "2", "0..9", "--json").json()
    assert j["chests"] == [] and j["count"] == 0 and j["seconds"] == []  # nothing to list


def test_range_limits(grotto):
    j = grotto("chest", "020032", "3", "0..86399", "--item", "Iron mask", "--json").json()
    assert j["first"] == 0 and j["last"] == 86399
    assert_usage_error(grotto("chest", "020032", "3", "0..86400"), "at most 86400")
    j = grotto("chest", "020032", "3", "4294967295..4294967295", "--json").json()
    assert per_second(j["seconds"]).keys() == {4294967295}


@pytest.mark.parametrize("args,needle", [
    (["020032", "3", "9..3"], "reversed"),
    (["020032", "3", "-1..3"], "negative"),
    (["020032", "3", "0..-3"], "negative"),
    (["020032", "3", "a..3"], "bad first second"),
    (["020032", "3", "0..b"], "bad last second"),
    (["020032", "3", "0.."], "bad second range"),
    (["020032", "3", "..5"], "bad second range"),
    (["020032", "3", "0...5"], "bad last second"),
    (["020032", "3", "0-5"], "FIRST..LAST"),
    (["020032", "3", "1e3"], "bad second"),
    (["020032", "3", "0..4294967296"], "above 4294967295"),
    (["020032", "3", "0..100000"], "at most 86400"),
    (["020032", "3", "0..9", "--item", "Mini medel"], "unknown item 'Mini medel'"),
    (["020032", "3", "0..9", "--item", ""], "unknown item"),
    (["020032", "3", "0..9", "--item", "a", "--item", "b"], "given twice"),
    (["020032", "4", "0..9"], "has 3 floors"),
])
def test_bad_ranges(grotto, args, needle):
    assert_usage_error(grotto("chest", *args), needle)
