"""grotto search: every filter against a brute-force scan of the golden
samples (maps-sample.jsonl holds every map with a floor in a non-zero
enemy-list state, so state and ONLY-monster filters are checked over the
whole universe), locations and base qualities against the timer model of
universe_model.py, combinations, output formats and bad input."""
import csv
import io
import random

import pytest

import universe_model as um
from conftest import assert_usage_error, run


def search_csv(*args, findable_only=False):
    """The maps a search lists; every map (--include-unfindable) unless
    findable_only: the filters under test do not depend on findability.
    (With a base quality every map listed can be found: the switch is refused.)"""
    base = any(a in ("--base", "--from-boss", "--reward") for a in args)
    more = [] if findable_only or base else ["--include-unfindable"]
    res = run("search", *args, *more, "--limit", "0", "--csv", "--quiet")
    assert res.rc == 0, res.err
    return um.parse_csv(res.out)


def floors_of(row):
    return [int(n) for n in row["matched_floors"].split()]


@pytest.fixture(scope="module")
def all_maps():
    """Every map's floor count, from the index (checked against maps-sample below)."""
    return search_csv()


@pytest.fixture(scope="module")
def sample_ids(maps_sample):
    return {um.map_id(um.band_of(m["band"]), m["seed"]): m for m in maps_sample}


def test_every_map_once_and_details_match_the_sample(all_maps, sample_ids):
    assert len(all_maps) == 393216
    for mid, m in sample_ids.items():
        r = all_maps[mid]
        assert (int(r["floor_count"]), int(r["boss"]), int(r["level"]), r["name_en"], r["name_jp"]) == \
            (m["floors"], m["boss"], m["level"], m["name_en"], m["name_jp"]), mid
    never = um.never_seeds()
    assert sum(r["arising"] == "no" for r in all_maps.values()) == 12 * len(never) == 12 * 302


# ---- map filters against maps-sample.jsonl ----

ENV = {1: "caves", 2: "ruins", 3: "ice", 4: "water", 5: "fire"}


@pytest.mark.parametrize("args,pred", [
    (["--env", "fire"], lambda m: m["env"] == 5),
    (["--env", "ICE"], lambda m: m["env"] == 3),
    (["--boss", "12"], lambda m: m["boss"] == 12),
    (["--boss", "nemean"], lambda m: m["boss"] == 2),
    (["--boss", " Tyrannosaurus Wrecks "], lambda m: m["boss"] == 11),
    (["--boss", "破壊神フォロボス"], lambda m: m["boss"] == 11),
    (["--level", "99"], lambda m: m["level"] == 99),
    (["--level", "40..45"], lambda m: 40 <= m["level"] <= 45),
    (["--floors", "16"], lambda m: m["floors"] == 16),
    (["--band", "B5"], lambda m: m["band"] == 0xB5),
    (["--band", "C0"], lambda m: m["band"] == 0xB5),  # any quality of the band
    (["--arising"], lambda m: um.map_id(um.band_of(m["band"]), m["seed"]) not in um.never_listed()),
])
def test_map_filter_against_sample(args, pred, sample_ids):
    got = search_csv(*args)
    for mid, m in sample_ids.items():
        assert (mid in got) == bool(pred(m)), (args, mid)


@pytest.mark.parametrize("text", ["Granite Tunnel of Woe Lv.1", "  granite tunnel of woe LV 1 ",
                                  "GRANITE TUNNEL OF WOE LV1", "うす暗き獣の地下道Lv1", "うす暗き獣の地下道lv.1"])
def test_name_forgives_case_spaces_and_lv(text, sample_ids):
    j = run("search", "--name", text, "--limit", "0", "--json", "--quiet").json()
    assert j["found"] == 22 and j["maps"][0]["map"] == "020032"  # quest 15's map and its 21 twins (HW-4)
    want = {mid for mid, m in sample_ids.items()
            if um.canon(text) in (um.canon(m["name_en"]), um.canon(m["name_jp"]))}
    assert want <= {m["map"] for m in j["maps"]}


def test_exact_name_against_sample(sample_ids):
    """Names of sampled maps with two-digit levels, as written and forgiven."""
    picked = [m for m in sample_ids.values() if m["level"] >= 10][:: 997][:4]
    for i, m in enumerate(picked):
        text = [m["name_en"], m["name_jp"], m["name_en"].upper().replace("LV.", "LV "), " " + m["name_jp"]][i]
        got = search_csv("--name", text)
        c = um.canon(text)
        want = {mid for mid, x in sample_ids.items() if c in (um.canon(x["name_en"]), um.canon(x["name_jp"]))}
        assert want and want <= set(got), text
        assert all(c in (um.canon(r["name_en"]), um.canon(r["name_jp"])) for r in got.values())


@pytest.mark.parametrize("text", ["Lv.99", "lv 9", "of Woe Lv.1", "tunnel", "9", "地下道", "Lv."])
def test_name_has_against_sample(text, sample_ids):
    got = search_csv("--name-has", text)
    c = um.canon(text)
    for mid, m in sample_ids.items():
        assert (mid in got) == (c in um.canon(m["name_en"]) or c in um.canon(m["name_jp"])), (text, mid)


# ---- floor filters: enemy-list states and ONLY monsters over the universe ----

STATE_GROUPS = {"only": {5, 14, 15, 16}, "no-enemy": {6, 7, 8, 9}, "partial": {1}, "special": set(range(1, 17))}


def expected_state_floors(maps_sample, states, monster=None, floors=range(1, 17)):
    out = {}
    for m in maps_sample:
        hit = []
        for i, e in enumerate(m["elist"]):
            if e["state"] not in states or i + 1 not in floors:
                continue
            if monster and not (e["state_text"] or "").startswith(monster + " only"):
                continue
            hit.append(i + 1)
        if hit:
            out[um.map_id(um.band_of(m["band"]), m["seed"])] = hit
    return out


@pytest.mark.parametrize("spec", ["special", "only", "no-enemy", "partial", "2,3,4", "only,7", "16"])
def test_state_filter_over_the_universe(spec, maps_sample):
    states = set()
    for part in spec.split(","):
        states |= STATE_GROUPS.get(part, {int(part)} if part.isdigit() else set())
    got = {k: floors_of(r) for k, r in search_csv("--state", spec).items()}
    assert got == expected_state_floors(maps_sample, states)


@pytest.mark.parametrize("name,spelled", [("Liquid Metal Slime", "liquid metal slime"),
                                          ("Liquid Metal Slime", "はぐれメタル"),
                                          ("Liquid Metal Slime", "01b"),
                                          ("Metal King Slime", " METAL KING SLIME")])
def test_only_monster_over_the_universe(name, spelled, maps_sample):
    got = {k: floors_of(r) for k, r in search_csv("--monster", spelled).items()}
    want = expected_state_floors(maps_sample, STATE_GROUPS["only"], monster=name)
    assert got == want and len(want) > 10


def test_masayuki_map_is_metal_king_only(grotto):
    j = grotto("search", "--monster", "Metal King Slime", "--band", "B5", "--limit", "0", "--json", "--quiet").json()
    assert {m["map"]: m["matched_floors"] for m in j["maps"]}["B50E5C"] == [15]  # HW-9


def test_state_normal_and_floor_range(maps_sample, sample_ids):
    got = {k: floors_of(r) for k, r in search_csv("--band", "4C", "--state", "0", "--floor", "B9F..10").items()}
    for mid, m in sample_ids.items():
        if m["band"] != 0x4C:
            continue
        want = [n for n in (9, 10) if n <= m["floors"] and m["elist"][n - 1]["state"] == 0]
        assert got.get(mid, []) == want, mid
    ranged = expected_state_floors(maps_sample, STATE_GROUPS["special"], floors=range(3, 7))
    assert {k: floors_of(r) for k, r in search_csv("--state", "special", "--floor", "3..6").items()} == ranged


# ---- layout floor filters against floors-sample.jsonl ----

def floor_passes(f, name, arg=None):
    if name == "nipple":
        return f["unreachable_chests"] > 0
    if name == "chamber":
        return len(f["isolated_regions"]) > 0
    if name == "ghosts":
        return len(f["ghosts"]) >= arg
    if name == "overflow":
        return bool(f["flags"] & 1)
    up_by, cut = um.softlock(f)
    return up_by if name == "up-by-chest" else cut


LAYOUT = [("nipple", None), ("chamber", None), ("ghosts", 1), ("ghosts", 3), ("overflow", None),
          ("up-by-chest", None), ("down-cut", None)]


@pytest.mark.parametrize("band", ["02", "DD"])
@pytest.mark.parametrize("name,arg", LAYOUT)
def test_layout_filter_against_floors_sample(name, arg, band, floors_sample, all_maps):
    args = ["--" + name] + ([str(arg)] if arg else [])
    got = {k: floors_of(r) for k, r in search_csv("--band", band, *args).items()}
    b = um.band_of(int(band, 16))
    checked = hits = 0
    for f in floors_sample:
        mid = um.map_id(b, f["seed"])
        if f["floor"] > int(all_maps[mid]["floor_count"]):
            assert f["floor"] not in got.get(mid, [])
            continue
        want = floor_passes(f, name, arg)
        assert (f["floor"] in got.get(mid, [])) == want, (args, mid, f["floor"])
        checked += 1
        hits += want
    assert checked > 1000 and hits > 0


def test_softlock_floors_of_hw1(grotto):
    """5BC3 B4F and 5BC4 B3F (HW-1): overflow, final up stairs by a chest, down stairs cut off."""
    j = grotto("search", "--overflow", "--up-by-chest", "--down-cut", "--limit", "0", "--json", "--quiet").json()
    floors = {(m["seed"], f) for m in j["maps"] for f in m["matched_floors"]}
    assert floors == {(0x5BC3, 4), (0x5BC4, 3), (0x6E2F, 3)}  # and one overflow floor not yet observed
    # each filter alone lists a superset
    for opt in ("--overflow", "--up-by-chest", "--down-cut"):
        n = int(grotto("search", opt, "--count", "--quiet").out)
        assert n >= j["found"]


def test_combinations(floors_sample, maps_sample, all_maps, sample_ids):
    # a floor filter combination holds on one and the same floor
    got = {k: floors_of(r) for k, r in search_csv("--band", "02", "--ghosts", "1", "--chamber").items()}
    for f in floors_sample:
        mid = um.map_id(0, f["seed"])
        if f["floor"] <= int(all_maps[mid]["floor_count"]):
            want = floor_passes(f, "ghosts", 1) and floor_passes(f, "chamber")
            assert (f["floor"] in got.get(mid, [])) == want, (mid, f["floor"])
    # map and state filters
    got = {k: floors_of(r) for k, r in search_csv("--band", "DD", "--env", "ruins", "--state", "no-enemy",
                                                 "--arising").items()}
    never = um.never_seeds()
    want = {k: v for k, v in expected_state_floors(maps_sample, STATE_GROUPS["no-enemy"]).items()
            if k.startswith("DD") and sample_ids[k]["env"] == 2 and sample_ids[k]["seed"] not in never}
    assert got == want
    # --name and --name-has together: both must hold
    got = search_csv("--name-has", "tunnel", "--name", "granite tunnel of woe lv1")
    assert len(got) == 22
    assert search_csv("--name-has", "marsh", "--name", "granite tunnel of woe lv1") == {}


# ---- findable maps: what the community tool lists ----

def test_default_lists_only_findable_maps(all_maps):
    """Without --include-unfindable a search leaves out exactly the 5,089
    maps the community tool never lists (no timer value and base quality
    give them in their band: the never-seeds' maps and e.g. 380033)."""
    listed = search_csv(findable_only=True)
    unlisted = set(all_maps) - set(listed)
    assert unlisted == um.never_listed() and len(listed) == 393216 - 5089
    assert "380033" in unlisted
    j = run("search", "--band", "38", "--include-unfindable", "--limit", "0", "--json", "--quiet").json()
    by = {m["map"]: m for m in j["maps"]}
    assert by["380033"]["findable"] is False and by["380033"]["arising"] is True
    assert by["380033"]["locations"] == []
    assert all(m["findable"] == (m["map"] not in um.never_listed()) for m in j["maps"])


def test_arising_honours_the_band():
    """--arising keeps the maps some timer value and base quality give in
    their band: 380033's seed arises, but never in band 38."""
    got = search_csv("--band", "38", "--arising")
    assert "380033" not in got and len(got) == 32768 - 716
    assert "380033" in search_csv("--band", "38")


def test_count_and_odds_follow_findability(grotto):
    n = int(grotto("search", "--band", "38", "--count", "--quiet").out)
    assert n == 32768 - 716
    assert int(grotto("search", "--band", "38", "--include-unfindable", "--count", "--quiet").out) == 32768


def test_quest15_counts_for_base_2_at_location_05(grotto):
    """--base 2 --location 05 lists quest 15's map 020032, as the game gives
    it (base quality 2, location 05); other bases do not."""
    j = grotto("search", "--base", "2", "--location", "05", "--limit", "0", "--json", "--quiet").json()
    m = {x["map"]: x for x in j["maps"]}
    assert "020032" in m and m["020032"]["quest15"] is True
    assert [l["location"] for l in m["020032"]["locations"] if l["quest15"]] == [5]
    j = grotto("search", "--base", "3", "--location", "05", "--limit", "0", "--json", "--quiet").json()
    assert "020032" not in {x["map"] for x in j["maps"]}
    o = grotto("odds", "--base", "2", "--location", "05", "--limit", "0", "--json", "--quiet").json()
    assert "020032" in {x["map"] for x in o["maps"]}


# ---- where: locations and base qualities ----

@pytest.fixture(scope="module")
def by_seed():
    return um.timers_by_seed()


def location_numbers(row):
    return {int(h, 16) for h in row["locations"].split()}


@pytest.fixture(scope="module")
def maps_at(all_maps):
    """{location: the maps of the whole listing found there}, read once."""
    out = {}
    for mid in all_maps:
        for n in location_numbers(all_maps[mid]):
            out.setdefault(n, set()).add(mid)
    return out


def test_locations_of_maps_against_the_timer_model(all_maps, by_seed):
    rnd = random.Random(10)
    seeds = rnd.sample(range(32768), 300) + [0x0032, 0x1234]
    for seed in seeds:
        for b in range(12):
            mid = um.map_id(b, seed)
            want = set(um.places(b, seed, by_seed=by_seed))
            assert location_numbers(all_maps[mid]) == want, mid
    # rng-and-timer.md §4.5: 020032 at 35, 114, 27, 3 and quest 15's 5
    assert location_numbers(all_maps["020032"]) == {35, 114, 27, 3, 5}


def test_locations_agree_with_grotto_seeds(all_maps):
    for seed, band in ((0x0032, "02"), (0x1234, "38"), (0x5BC3, "DD"), (0x0E5C, "B5")):
        j = run("seeds", "%04X" % seed, "--band", band, "--json").json()
        want = {p["location"] for p in j["found_at"]}
        assert location_numbers(all_maps["%s%04X" % (band, seed)]) == want


@pytest.mark.parametrize("loc,numbers", [("72", {114}), ("0x05", {5}), ("5", {5}), ("072", {72}),
                                         ("Wormwood Canyon", None), ("wormwood canyon ", {114, 115}),
                                         ("竜のもん", None), ("東ナザム地方", None)])
def test_location_filter(loc, numbers, maps_at):
    got = search_csv("--location", loc)
    numbers = numbers or um.area_locations(loc)
    assert numbers
    want = set().union(*(maps_at.get(n, ()) for n in numbers))
    assert want and set(got) == want, (loc, sorted(set(got) ^ want)[:5])


@pytest.mark.parametrize("base", [2, 55, 120, 248])
def test_base_filter_is_exactly_the_timer_outcomes(base):
    want = {}
    for t, r1, seed, r3 in um.timers():
        q = um.final_quality(base, r1)
        mid = um.map_id(um.band_of(q), seed)
        want.setdefault(mid, set()).add(um.location(q, r3))
    if base == 2:  # quest 15's gift: 020032 at location 05, for the quest's base 2
        want["020032"].add(5)
    got = search_csv("--base", str(base))
    assert set(got) == set(want)
    for mid, r in got.items():
        assert location_numbers(r) == want[mid], mid
    # with a location: the timer values that give the map there
    loc = 114
    there = {mid for mid, locs in want.items() if loc in locs}
    assert set(search_csv("--base", str(base), "--location", "72")) == there


def test_base_helpers(grotto):
    a = grotto("search", "--from-boss", "99,10,99", "--count", "--quiet").out
    assert a == grotto("search", "--base", "248", "--count", "--quiet").out
    b = grotto("search", "--reward", "60,3", "--count", "--quiet").out  # 60 x 1.5 + 15 = 105
    assert b == grotto("search", "--base", "105", "--count", "--quiet").out
    c = grotto("search", "--reward", "1,1", "--count", "--quiet").out  # 1 (rounded down) + 5 = 6
    assert c == grotto("search", "--base", "6", "--count", "--quiet").out


# ---- output formats ----

def test_count_prints_the_count_alone(grotto):
    res = grotto("search", "--band", "DD", "--state", "only", "--count")
    assert res.rc == 0 and res.err == ""
    assert res.out.strip().isdigit() and res.out.count("\n") == 1
    j = grotto("search", "--band", "DD", "--state", "only", "--limit", "0", "--json", "--quiet").json()
    assert int(res.out) == j["found"] == len(j["maps"]) == 87


@pytest.mark.parametrize("args", [["--monster", "Metal King Slime", "--base", "200"],
                                  ["--band", "02", "--ghosts", "1", "--chamber"]])
def test_json_and_csv_agree(grotto, args):
    """Every CSV field is the JSON's, written exactly: hex with its leading
    zeros (band 02, seed 003B, location 0E), lists space-separated."""
    j = grotto("search", *args, "--limit", "0", "--quiet", "--json").json()
    res = grotto("search", *args, "--limit", "0", "--quiet", "--csv")
    rows = list(csv.reader(io.StringIO(res.out)))
    assert rows[0] == ["map", "band", "seed", "name_en", "name_jp", "env", "floor_count", "boss", "level", "arising",
                       "matched_floors", "locations"]
    assert len(rows) - 1 == j["found"] == j["shown"] > 0
    assert any(r[2].startswith("0") for r in rows[1:]), "a seed below 0x1000 checks the padding"
    assert any(len(r[11].split()) > 1 for r in rows[1:]), "a row with several locations checks the separator"
    for m, r in zip(j["maps"], rows[1:]):
        assert r[:3] == [m["map"], "%02X" % m["band"], "%04X" % m["seed"]]
        assert r[3:10] == [m["name_en"], m["name_jp"], m["env_en"], str(m["floor_count"]), str(m["boss"]),
                           str(m["level"]), "yes" if m["arising"] else "no"]
        assert r[10] == " ".join(str(f) for f in m["matched_floors"])
        assert r[11] == " ".join("%02X" % l["location"] for l in m["locations"])
        assert set(m) >= {"map", "band", "seed", "name_en", "name_jp", "env", "floor_count", "boss", "level",
                          "arising", "matched_floors", "locations", "quest15"}


def test_text_output_shows_floors_and_locations(grotto):
    out = grotto("search", "--overflow", "--band", "DD", "--base", "248", "--quiet").out.splitlines()
    assert out[-1].endswith("maps found")
    i = next(i for i, l in enumerate(out) if l.startswith("DD5BC3"))
    assert "floors B4F" in out[i] and out[i + 1].startswith("        at 64 Khaalag Coast")
    limited = grotto("search", "--band", "DD", "--limit", "1", "--quiet").out
    assert "raise --limit" in limited


def test_limit_keeps_the_count_complete(grotto):
    j = grotto("search", "--state", "special", "--limit", "5", "--json", "--quiet").json()
    assert j["shown"] == 5 and len(j["maps"]) == 5 and j["found"] > 3000


@pytest.mark.parametrize("args,needle", [
    (["--state", "17"], "bad state list"),
    (["--state", ""], "bad state list"),
    (["--band", "FF"], "bad band"),
    (["--band", "DD", "--band", "02"], "given twice"),
    (["--env", "lava"], "unknown environment"),
    (["--boss", "13"], "outside 1..12"),
    (["--boss", "0"], "outside 1..12"),
    (["--boss", "Nobody"], "unknown boss"),
    (["--level", "0..5"], "bad level"),
    (["--level", "50..40"], "bad level"),
    (["--level", "..5"], "bad level"),
    (["--floors", "1"], "outside 2..16"),
    (["--monster", "Nobody"], "unknown monster"),
    (["--ghosts", "0"], "at least 1"),
    (["--ghosts", "x"], "bad ghost stair count"),
    (["--floor", "3..6"], "--floor restricts"),
    (["--nipple", "--floor", "0"], "outside 1..16"),
    (["--nipple", "--floor", "7..3"], "first floor is above"),
    (["--nipple", "--floor", "B3F..B17F"], "outside 1..16"),
    (["--location", "zz"], "unknown location"),
    (["--location", "97"], "outside 1..150"),
    (["--base", "1"], "outside 2..248"),
    (["--base", "120", "--reward", "10,1"], "only one of"),
    (["--from-boss", "100,1,1"], "bad --from-boss"),
    (["--from-boss", "99,11,99"], "bad --from-boss"),
    (["--from-boss", "99,10"], "bad --from-boss"),
    (["--reward", "1,0"], "below the 2"),
    (["--reward", "99,10,1"], "bad --reward"),
    (["--count", "--json"], "only one of"),
    (["--limit", "-3"], "negative"),
    (["--engine", "fast"], "unknown engine"),
    (["-j", "0"], "expected a whole number 1..256"),
    (["extra"], "unexpected argument"),
])
def test_bad_input(args, needle):
    assert_usage_error(run("search", *args), needle)


def test_help_has_usage_options_and_examples(grotto):
    h = grotto("search", "--help").out
    assert h.startswith("usage: grotto search")
    for opt in ("--band", "--env", "--boss", "--level", "--floors", "--name", "--name-has", "--arising", "--state",
                "--monster", "--nipple", "--chamber", "--ghosts", "--overflow", "--up-by-chest", "--down-cut",
                "--up-on-wall", "--floor", "--location", "--base", "--from-boss", "--reward", "--limit", "--count",
                "--json", "--csv", "--no-cache", "--engine"):
        assert opt in h, opt
    assert "examples:" in h
