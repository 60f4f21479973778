"""The research commands of issues 21-22 beyond the tool's golden sets
(those are test_research_golden.py): `map --at` and `grotto at MAP` against
an independent model of the generator (the LCG of rng-and-timer.md §1 and
research.md §4's definitions, written here), `map --multibug` against
research.md §5's example, the marathon table (`chest RRSSSS all`) against
`chest RRSSSS FLOOR` floor by floor, the free search's second= against
stopwatch=, the map filters composing with the searches, the CSV and count
outputs, and the refusals."""
import math
import re
import unicodedata

import pytest

import spec_model
from conftest import assert_usage_error, run


def columns(line):
    """Display columns: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def at_values(seed, n):
    """The values at steps 1..n from the map seed."""
    x, out = seed, []
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2**32
        out.append((x >> 16) & 0x7FFF)
    return out


def deftness(v):
    d = math.ceil(v / 32768 * 100 - 2) * 20
    return 0 if d <= 0 else 1000 if d > 999 else d


def first(v, test):
    for i in range(400):
        if test(i):
            return i + 1
    return None


def model_at(seed, zoom):
    v = at_values(seed, 420 + 35 + 29 * zoom)
    n = 35 + 29 * zoom
    return {
        "first_step": 35, "values": v[34:37],
        "r2": first(v, lambda i: v[i] < 128 and v[i + 1] < 128),
        "plus3": first(v, lambda i: v[i] < 128 and v[i + 3] < 128),
        "n2": first(v, lambda i: v[i] >= 128 and v[i + 1] < 256 and v[i + 2] >= 128 and v[i + 3] < 256),
        "zoom": zoom,
        "pop": {"index": n, "value": v[n - 1], "next": v[n], "deftness": deftness(v[n])},
    }


@pytest.mark.parametrize("engine", ["ref", "impl"])
def test_map_at_is_the_model(engine):
    found = {"r2": 0, "plus3": 0, "n2": 0}
    # a spread of seeds, and seeds whose R2 (0004, 01AF) and +3 (03C1, 03CA) fall within 400 steps
    for seed in list(range(0, 0x7FFF, 997)) + [0x5BC3, 0x0004, 0x01AF, 0x03C1, 0x03CA]:
        zoom = seed % 4
        doc = run("map", "DD%04X" % seed, "--at", "--zoom", zoom, "--engine", engine, "--json").json()
        assert doc["at"] == model_at(seed, zoom), "%04X" % seed
        for k in found:
            found[k] += doc["at"][k] is not None
    assert all(found.values()), found  # each position found somewhere: the comparison is not all nulls
    assert run("map", "DD5BC3", "--at", "--json").json()["at"]["values"] == [4491, 32143, 10468]  # research.md §4


def test_at_listing_marks_hits_and_the_pop():
    doc = run("at", "DD5BC3", "--steps", "300", "--threshold", "1/32", "--zoom", "3", "--json").json()
    v = at_values(0x5BC3, 300)
    assert [s["value"] for s in doc["steps"]] == v
    assert [s["step"] for s in doc["steps"]] == list(range(1, 301))
    assert [s["hit"] for s in doc["steps"]] == [x <= 1024 for x in v]
    assert [s["step"] for s in doc["steps"] if s["pop"]] == [35 + 29 * 3]
    assert doc["hits"] == sum(x <= 1024 for x in v) and doc["threshold"] == 1024 and doc["step_count"] == 300
    assert doc["at"] == model_at(0x5BC3, 3)
    # a value equal to the threshold is a hit (value <= threshold): step 8 of DD5BC3 is 367
    eq = run("at", "DD5BC3", "--steps", "20", "--threshold", "367", "--json").json()
    assert [s["step"] for s in eq["steps"] if s["hit"]] == [8] and eq["hits"] == 1
    text = run("at", "DD5BC3", "--steps", "300", "--threshold", "1/32", "--zoom", "3").out
    cells = re.findall(r"(\d+): *(\d+)([*@]*)", "\n".join(text.splitlines()[4:]))
    assert [(int(a), int(b)) for a, b, _ in cells] == list(enumerate(v, 1))
    assert [int(a) for a, _, m in cells if "*" in m] == [i + 1 for i, x in enumerate(v) if x <= 1024]
    assert [int(a) for a, _, m in cells if "@" in m] == [122]


def test_map_multibug_is_research_md_example():
    doc = run("map", "DD00CD", "--multibug", "--json").json()
    assert (doc["floor_count"], doc["boss_en"], doc["name_en"]) == (15, "Equinox", "Ruby Ruins of Glee Lv.64")
    mb = doc["multibug"]
    bug = mb["bug"]
    assert (bug["floor_count"], bug["boss_en"], bug["name_en"], bug["level"]) == (16, "Shogum", "Ruby Ruins of Bliss Lv.73", 73)
    assert [f["floor"] for f in mb["floors"]] == list(range(1, 17))
    assert [f["floor"] for f in mb["floors"] if f["beyond"]] == [16]
    b16 = mb["floors"][15]
    assert (b16["ofs_hex"], b16["state"], b16["state_text_en"]) == ("2B3C", 2, "4-enemy")
    assert mb["more_floors"] is True and mb["special_floor"] == 16
    # the chest counts are those of the floors' chests, B3F..B16F
    count = {}
    for f in mb["floors"][2:16]:
        for r in f["chests"]:
            count[r] = count.get(r, 0) + 1
    assert {k: v for k, v in mb["chest_counts"].items() if v} == count
    # the map's own floors are the seed's first floors
    own = run("map", "DD00CD", "--json").json()["floors"]
    assert [[c["letter"] for c in f["chests"]] for f in own] == [f["chests"] for f in mb["floors"][:15]]
    text = run("map", "DD00CD", "--multibug").out
    assert "Ruby Ruins of Bliss Lv.73" in text and "B16F*" in text and "0x2B3C  4-enemy" in text


def test_marathon_is_every_floor_of_chest():
    doc = run("chest", "DD5BC3", "all", "0..20", "--json").json()
    assert doc["ranks"] == "all" and doc["count"] == 21
    assert [s["stopwatch"] for s in doc["seconds"]] == [s["second"] + 5 for s in doc["seconds"]]
    cols = []
    for floor in range(1, doc["floor_count"] + 1):
        f = run("chest", "DD5BC3", floor, "0..20", "--json").json()
        for i, c in enumerate(f["chests"]):
            cols.append(((floor, i + 1, c["rank"], tuple(c["pos"])), [s["items"][i]["name_en"] for s in f["seconds"]]))
    assert [(c["floor"], c["chest"], c["rank"], tuple(c["pos"])) for c in doc["chests"]] == [k for k, _ in cols]
    for j, (_, items) in enumerate(cols):
        assert [s["items"][j]["name_en"] for s in doc["seconds"]] == items
    # the rank filters keep the columns of their ranks, in order
    for ranks, keep in (("S-A", {9, 10}), ("A-B", {8, 9})):
        sub = run("chest", "DD5BC3", "all", "0..20", "--ranks", ranks, "--json").json()
        want = [j for j, c in enumerate(doc["chests"]) if c["rank"] in keep]
        assert sub["chests"] == [doc["chests"][j] for j in want] and want
        assert [[s["items"][j] for j in want] for s in doc["seconds"]] == [s["items"] for s in sub["seconds"]]
    # highlighted: the tool's list by default; --highlight replaces it
    assert doc["highlight"][:2] == ["Sainted soma", "S weapon"] and len(doc["highlight"]) == 8
    hl = {i["name_en"] for s in doc["seconds"] for i in s["items"] if i["highlight"]}
    assert hl and not hl & {"Sage's elixir", "Mini medal", "Orichalcum", "Pandora's box"}, hl
    mine = run("chest", "DD5BC3", "all", "0..20", "--highlight", "Orichalcum,Mini medal", "--json").json()
    assert mine["highlight"] == ["Orichalcum", "Mini medal"]
    assert all(i["highlight"] == (i["name_en"] in ("Orichalcum", "Mini medal"))
               for s in mine["seconds"] for i in s["items"])
    none = run("chest", "DD5BC3", "all", "0..20", "--highlight", "none", "--json").json()
    assert not any(i["highlight"] for s in none["seconds"] for i in s["items"])
    # the stopwatch reads seconds as --stopwatch takes them
    assert run("chest", "DD5BC3", "all", "5..25", "--stopwatch", "--json").json()["seconds"] == doc["seconds"]
    csv = run("chest", "DD5BC3", "all", "0..20", "--csv").out.splitlines()
    assert len(csv) == 22 and csv[1].startswith("0,5,")
    assert csv[1].split(",")[2:] == [i["name_en"] for i in doc["seconds"][0]["items"]]


def test_marathon_text_fits_and_marks():
    res = run("chest", "DD5BC3", "all", "0..30")
    assert res.rc == 0
    assert max(columns(l) for l in res.out.splitlines()) <= 100
    doc = run("chest", "DD5BC3", "all", "0..30", "--json").json()
    stars = sum(i["highlight"] for s in doc["seconds"] for i in s["items"])
    assert res.out.count("*") - 1 == stars  # "* marks: ..." once, then one per highlighted cell


def test_free_second_is_stopwatch_minus_5():
    base = ["--band", "DD", "--seeds", "0000..0FFF", "--limit", "0", "--json", "--quiet"]
    a = run("chests", "free", "B3F,item=Mini medal,stopwatch=6", "B3F,chest=not-3,rank=any,item=any", *base).json()
    b = run("chests", "free", "3,item=mini medal,second=1", "B3F,chest=not-3", *base).json()
    assert a["maps"] == b["maps"] and a["found"] > 0
    assert a["conditions"][0] == {"floor": 3, "chest": "any", "rank": None, "item": "Mini medal", "second": 1,
                                  "stopwatch": 6}
    c = run("chests", "free", "B3F,item=Mini medal,second=2", "B3F,chest=not-3", *base).json()
    assert c["maps"] != a["maps"]


def maps_of(*args):
    doc = run(*args, "--limit", "0", "--json", "--quiet", timeout=1200).json()
    return {m["map"]: m for m in doc["maps"]}, doc


def test_map_filters_compose_with_the_searches():
    every, _ = maps_of("chests", "ql", "Lucida shard", "--band", "DD")
    high, doc = maps_of("chests", "ql", "Lucida shard", "--band", "DD", "--level", "70..99")
    assert len(every) == 56 and high and list(high) == [m for m in every if every[m]["level"] >= 70]
    assert doc["looked"] < 32466
    fire, _ = maps_of("at", "--pattern", "R2", "--band", "DD", "--env", "fire")
    allr2, _ = maps_of("at", "--pattern", "R2", "--band", "DD")
    assert fire and list(fire) == [m for m in allr2 if allr2[m]["env_en"] == "Fire"]
    b16, _ = maps_of("search", "--multibug", "--band", "DD", "--floors", "15", "--seeds", "0000..3FFF")
    anyf, _ = maps_of("search", "--multibug", "--band", "DD", "--seeds", "0000..3FFF")
    assert b16 and list(b16) == [m for m in anyf if anyf[m]["floor_count"] == 15]


@pytest.mark.parametrize("args", [
    ["chests", "ql", "Lucida shard", "--band", "DD", "--seeds", "0000..0FFF"],
    ["at", "--pattern", "R2", "--band", "DD"],
    ["search", "--multibug", "--band", "51", "--seeds", "0000..1FFF"],
])
def test_csv_and_count_agree_with_json(args):
    doc = run(*args, "--limit", "0", "--json", "--quiet", timeout=1200).json()
    assert run(*args, "--count", "--quiet").out == "%d\n" % doc["found"]
    csv = run(*args, "--limit", "0", "--csv", "--quiet").out.splitlines()
    assert len(csv) == 1 + doc["found"] and csv[0].startswith("map,band,seed,")
    assert [l.split(",")[0] for l in csv[1:]] == [m["map"] for m in doc["maps"]]
    text = run(*args, "--limit", "0", "--quiet").out
    assert max(columns(l) for l in text.splitlines()) <= 100
    assert "%d map" % doc["found"] in text.splitlines()[-1]


@pytest.mark.parametrize("args,needle", [
    (["chests", "ql", "Frobnicator"], "unknown item"),
    (["chests", "ql", "Millionaire", "--all-floors"], "--ppap"),
    (["chests", "ql", "Millionaire", "--ppap", "7"], "--ppap"),
    (["chests", "free", "B3F,colour=red"], "bad condition"),
    (["chests", "free", "B3F,chest=4"], "bad chest"),
    (["chests", "free", "B3F,rank=Z"], "bad rank"),
    (["chests", "free", "B3F,stopwatch=300"], "stopwatch second"),
    (["chests", "free", "B3F", "B4F", "B5F", "B6F"], "1..3"),
    (["chests", "3rd", "Mini medal", "--band", "DD", "--seeds", "0000..0001"], "3rd-chest"),
    (["chests", "free", "B3F,item=Mini medal", "--walk"], "--walk"),
    (["at", "DD5BC3", "--band", "DD"], "map filters"),
    (["at", "DD5BC3", "--count"], "--count"),
    (["at", "--pattern", "R9"], "unknown pattern"),
    (["at", "--pattern", "R2", "--threshold", "1/3"], "bad threshold"),
    (["at", "--whistle", "Liquid Metal Slime", "--whistle-env", "fire", "--whistle-rank", "9"], "spawn window"),
    (["at", "--whistle", "Metal King Slime", "--whistle-rank", "9"], "--whistle-env"),
    (["map", "DD5BC3", "--zoom", "2"], "--at"),
    (["chest", "DD5BC3", "all", "0..3", "--item", "mimic"], "--item"),
    (["chest", "DD5BC3", "all", "0..3", "--ranks", "S"], "--ranks"),
    (["chest", "DD5BC3", "all", "0..3", "--highlight", "frob"], "unknown item"),
    (["search", "--multibug", "--bug-chests", "Z1"], "chest count"),
    (["search", "--multibug", "--monster", "Liquid Metal Slime", "--state", "only"], "--monster"),
    (["search", "--bug-more-floors"], "--bug-more-floors"),
])
def test_refusals(args, needle):
    assert_usage_error(run(*args), needle)


@pytest.mark.parametrize("args,variant", [
    (["chests", "combo", "Millionaire", "--walk", "--seeds", "0000..0FFF"], "combo D"),
    (["chests", "combo", "Millionaire", "--walk", "--ppap", "9", "--seeds", "0000..0FFF"], "combo 9D"),
    (["chests", "3rd", "Hephaestus' flame", "--walk"], "3rd D"),
    (["chests", "3rd", "Sainted soma", "--walk"], "S3 D"),
    (["chests", "ql", "S weapon", "--walk"], "D"),
])
def test_walk_variants_sort_by_the_route(args, variant):
    doc = run(*args, "--band", "DD", "--limit", "0", "--json", "--quiet", timeout=1200).json()
    assert doc["variant"] == variant and doc["walk"] is True and doc["found"] > 0
    main = [m for m in doc["maps"] if not m["more_chests"]]
    walks = [1e9 if m["walk"] is None else m["walk"] for m in main]
    assert walks == sorted(walks) and all(w > 0 for w in walks)
    # the row-per-floor variants keep the 5 cheapest B10F rows
    assert sum(m["floor"] == 10 for m in doc["maps"]) <= 5


def test_walk_cut_follows_the_map_filters():
    """The B10F rows are cut to 5 after the map filters: a filter keeps its own 5 cheapest."""
    every, _ = maps_of("chests", "ql", "S weapon", "--walk", "--band", "DD", "--include-unfindable")
    rows = [m for m in every.values() if m["floor"] == 10]
    caves, _ = maps_of("chests", "ql", "S weapon", "--walk", "--band", "DD", "--include-unfindable", "--env", "caves")
    low = [m["map"] for m in caves.values() if m["floor"] == 10]
    # none of the band's 5 cheapest B10F rows is in the Caves: theirs come from beyond that cut
    assert len(rows) == 5 and all(m["env_en"] != "Caves" for m in rows)
    assert low == ["DD6982", "DD2395", "DD3990"]


def free_count(*conds):
    res = run("chests", "free", *conds, "--include-unfindable", "--count", "--quiet", timeout=1200)
    assert res.rc == 0, res.err
    return int(res.out)


def test_no_map_has_two_s_rank_3rd_chests_on_b9f_to_b11f():
    """The Sainted-soma rule's B10F waypoint row takes the cheapest of its
    S-rank 3rd chests on B9F..B11F (research.md §3, as the tool does); in
    the whole universe no map has two of them, so which one is taken never
    shows (ci/mutants.txt has no mutant of that choice; spec-notes 72).
    B13F and B14F, the S3 search's floors, do have such maps: the query can
    find them."""
    third = "{},chest=3,rank=S"
    for a, b in (("B9F", "B10F"), ("B9F", "B11F"), ("B10F", "B11F")):
        assert free_count(third.format(a), third.format(b)) == 0, (a, b)
    assert free_count(third.format("B13F"), third.format("B14F")) == 82
    assert free_count(third.format("B10F")) == 1953


def only_bands(monster_en, env=None):
    """The bands the tool searches with a monster condition (spec-notes 71),
    modelled from the tables: some environment and floor rank fMR whose ONLY
    monster it is, with smr <= fMR <= smr + 3 for a first-floor rank smr of
    the band's quality row."""
    mons = spec_model.monster_data()
    mid = next(k for k, v in mons["monsters"]["entries"].items() if v["en"] == monster_en)
    ranks = [(t["env"], t["monster_rank"]) for t in mons["floor_tables"] if t["only"] == mid]
    rows = spec_model.table("map-tables.json")["first_floor_monster_rank_by_quality"]["rows"]
    out = []
    for code, _, _ in spec_model.quality_bands():
        row = next(r for r in rows if r["quality_min"] <= code <= r["quality_max"])
        if any((env is None or e == env) and row["min"] <= fmr <= row["max"] + 3 for e, fmr in ranks):
            out.append("%02X" % code)
    return out


@pytest.mark.parametrize("monster,state,env", [
    ("Darkonium Slime", "3-enemy", None), ("Live Lava", "2-enemy", None), ("Godsteed", "partial", None),
    ("Liquid Metal Slime", "4-enemy", "fire"),
])
def test_multibug_skips_the_bands_of_the_tools_rule(monster, state, env):
    """With a monster the multibug search leaves out, as the tool does, the
    bands where the monster is never an ONLY monster, names them and
    searches none of their maps."""
    envs = {"caves": 1, "ruins": 2, "ice": 3, "water": 4, "fire": 5}
    args = ["search", "--multibug", "--state", state, "--monster", monster, "--seeds", "0000..00FF"]
    args += ["--env", env] if env else []
    doc = run(*args, "--limit", "0", "--json", "--quiet").json()
    kept = only_bands(monster, envs.get(env))
    every = ["%02X" % code for code, _, _ in spec_model.quality_bands()]
    assert doc["bands_skipped"] == [b for b in every if b not in kept]
    assert all(m["map"][:2] in kept for m in doc["maps"])
    for band in doc["bands_skipped"][:1]:
        one = run(*args, "--band", band, "--json", "--quiet").json()
        assert one["bands_skipped"] == [band] and one["looked"] == 0 and one["found"] == 0
        text = run(*args, "--band", band, "--quiet").out.splitlines()
        tail = text[[i for i, t in enumerate(text) if "maps found of" in t][0] + 1:]
        assert " ".join(" ".join(tail).split()) == f"band {band} not searched: {monster} is never an ONLY " \
                                                    "monster on their floors (the tool skips them)"
        assert all(columns(t) <= 100 for t in text)
    for band in kept[:1]:
        assert run(*args, "--band", band, "--json", "--quiet").json()["bands_skipped"] == []


def test_multibug_flag0_and_monster():
    base = ["search", "--multibug", "--band", "DD", "--seeds", "0000..0FFF", "--limit", "0", "--json", "--quiet"]
    doc = run(*base, "--flag0", timeout=1200).json()
    assert doc["conditions"]["flag0"] is True and doc["conditions"]["states"] == []
    assert doc["found"] > 0
    for m in doc["maps"]:
        assert any(f["flag0"] > 0 for f in m["floors"]), m["map"]
    mon = run(*base, "--monster", "Godsteed", timeout=1200).json()
    assert mon["conditions"]["monster_en"] == "Godsteed"
    for m in mon["maps"]:
        assert any(f["matched"] and "Godsteed only" in f["state_text_en"] for f in m["floors"]), m["map"]
