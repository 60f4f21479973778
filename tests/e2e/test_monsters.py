"""Monsters per floor in grotto map / floor: the floor's enemy list from
tools/tables/monsters.json with the enemy-list cut of the golden state
(enemy-list.md §5.4), for sampled maps of every state that occurs."""
import pytest

import spec_model as sm
from conftest import assert_usage_error


@pytest.fixture(scope="module")
def by_state(maps_sample):
    """Up to 10 sample maps per enemy-list state, for every state 0..16 that occurs."""
    picks = {}
    for m in maps_sample:
        for st in {e["state"] for e in m["elist"]}:
            lst = picks.setdefault(st, [])
            if len(lst) < 10 and m not in lst:
                lst.append(m)
    assert set(picks) >= {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 15, 16}
    return picks


def expected_monsters(m, n):
    """The list of floor n of sample map m: (id, trapped chest, lo, hi, kept)."""
    mr = sm.floor_mr(m["smr"], n)
    t = sm.floor_table(m["env"], mr)
    el = m["elist"][n - 1]
    kept = sm.survivors(el["ofs"], t["F"])
    # the cut must explain the golden state (consistency of the elist and the list)
    assert sm.state_by_memory(t, kept, el["D"]) == el["state"], (m["band"], m["seed"], n)
    return [(s["id"], s["id"] in sm.CHEST_MONSTERS, s.get("lo"), s.get("hi"), j < kept)
            for j, s in enumerate(t["spawn"])], kept


def got_monsters(floor_json):
    return [(x["id"], x["trapped_chest"], x["spawn"] and x["spawn"]["lo"], x["spawn"] and x["spawn"]["hi"],
             x["kept"]) for x in floor_json["monsters"]]


def mid_of(m):
    return "%02X%04X" % (m["band"], m["seed"])


def test_map_monsters_match_tables_and_state(grotto, by_state):
    names = {k: v for k, v in sm.monster_data()["monsters"]["entries"].items()}
    checked = set()
    for st, maps in sorted(by_state.items()):
        for m in maps:
            j = grotto("map", mid_of(m), "--json").json()
            for n, fl in enumerate(j["floors"], 1):
                want, kept = expected_monsters(m, n)
                assert got_monsters(fl) == want, (mid_of(m), n)
                assert fl["elist"]["survivors"] == kept
                for x in fl["monsters"]:
                    assert (x["name_en"], x["name_jp"], x["number"]) == \
                        (names[x["id"]]["en"], names[x["id"]]["jp"], names[x["id"]]["number"])
                    if x["spawn"]:
                        assert x["spawn"]["weight"] == x["spawn"]["hi"] - x["spawn"]["lo"] + 1
                        assert abs(x["spawn"]["percent"] - x["spawn"]["weight"] * 100 / 32768) < 0.006
                checked.add(fl["elist"]["state"])
    assert checked == set(by_state)


def test_engines_give_the_same_monsters(grotto, by_state):
    for st, maps in sorted(by_state.items()):
        m = maps[0]
        a = grotto("map", mid_of(m), "--json").json()
        b = grotto("map", mid_of(m), "--json", "--engine", "impl").json()
        assert [f["monsters"] for f in a["floors"]] == [f["monsters"] for f in b["floors"]], st
        n = next(i for i, e in enumerate(m["elist"], 1) if e["state"] == st)
        fa = grotto("floor", mid_of(m), n, "--json").json()
        fb = grotto("floor", mid_of(m), n, "--json", "--engine", "impl").json()
        assert fa["monsters"] == fb["monsters"] == a["floors"][n - 1]["monsters"]


def test_floor_text_marks_the_cut(grotto, by_state):
    for st in (0, 2, 5, 9, 15):
        m = by_state[st][0]
        n = next(i for i, e in enumerate(m["elist"], 1) if e["state"] == st)
        want, kept = expected_monsters(m, n)
        out = grotto("floor", mid_of(m), n).out
        rows = [l for l in out.splitlines() if l.startswith("  ") and l[2:5] in {w[0] for w in want}]
        assert [r[2:5] for r in rows] == [w[0] for w in want]
        for r, w in zip(rows, want):
            assert r.endswith("[cut]") == (not w[4]), r
            assert ("chest" in r.split()[1]) == w[1], r
        assert "%d of %d records fit" % (kept, len(want)) in out


def share_text(lo, hi):
    p = (hi - lo + 1) * 100 / 32768
    return ("%.1f%%" if p < 9.95 else "%.0f%%") % p


def test_map_text_marks_the_cut(grotto, by_state):
    table = sm.monster_data()["monsters"]["entries"]
    for st in (1, 3, 6, 9, 14, 16):
        m = by_state[st][0]
        out = grotto("map", mid_of(m)).out
        lines = []
        for line in out[out.index("\nmonsters ("):].splitlines()[2:]:
            if line.startswith("   "):  # a wrapped line continues the one before
                lines[-1] += " " + line.strip()
            else:
                lines.append(line)
        # one line per run of floors with the same list and cut, covering every floor
        covered = []
        for line in lines:
            rng, word, mr, rest = line.split(None, 3)
            a, _, b = rng.partition("-")
            first, last = int(a[1:-1]), int((b or a)[1:-1])
            covered += range(first, last + 1)
            want, kept = expected_monsters(m, first)
            for n in range(first, last + 1):
                assert expected_monsters(m, n) == (want, kept)
            assert (word, int(mr)) == ("rank", sm.floor_mr(m["smr"], first))
            names = [table[i]["en"] + ("*" if chest else " " + share_text(lo, hi))
                     for i, chest, lo, hi, _ in want]
            if kept == len(want):
                head, cut = rest, ""
            elif kept == 0:
                assert rest.startswith("cut: ")
                head, cut = "", rest[len("cut: "):]
            else:
                head, cut = rest.split(" | cut: ")
            split = lambda text: text.split(", ") if text else []
            assert split(head) == names[:kept], line
            assert split(cut) == names[kept:], line
        assert covered == list(range(1, m["floors"] + 1))


def test_seed_form_floor_has_no_monsters(grotto):
    j = grotto("floor", "--seed", "5BC3", "--floor", "4", "--json").json()
    assert "monsters" not in j and "elist" not in j
    assert "monsters:" not in grotto("floor", "--seed", "5BC3", "--floor", "4").out


def test_lms_only_example(grotto):
    # enemy-list.md E6: 4C1BE6 B9F, Liquid Metal Slime only (No Mimic): survivors 01B, 026
    j = grotto("floor", "4C1BE6", "9", "--json").json()
    assert [x["id"] for x in j["monsters"] if x["kept"]] == ["01B", "026"]
    assert [x["trapped_chest"] for x in j["monsters"][:4]] == [False, True, True, True]
    out = grotto("map", "4C1BE6").out
    assert "B9F       rank 7   Liquid Metal Slime 4.4%, Cannibox* | cut: Mimic*, Pandora's Box*" in out


@pytest.mark.parametrize("args,needle", [
    (["map", "020032", "--engine", "ref", "--engine", "impl"], "given twice"),
    (["floor", "020032", "3", "--region", "jp", "--region=intl"], "given twice"),
    (["floor", "020032", "3", "--svg", "a.svg", "--svg", "b.svg"], "given twice"),
])
def test_repeated_options(grotto, args, needle):
    assert_usage_error(grotto(*args), needle)


def test_state_codes_structure_matches_labels():
    """monsters.json gives each state twice: as display labels and as the
    structure of enemy-list.md §5.4 (cut; kinds kept; lowest-numbered chest
    monster cut), which the engines read through the generated
    gt_state_of_cut. The two must say the same thing, and every structure
    must name one state."""
    rules = sm.monster_data()["enemy_list_rules"]
    names = sm.monster_data()["monsters"]["entries"]
    base = {4: "4-enemy", 3: "3-enemy", 2: "2-enemy", 1: "<ONLY> only", 0: "No-enemy"}
    seen = set()
    for s in rules["state_codes"]:
        if not s["cut"]:
            key = ("uncut", s["flag0"])
            assert s["en"] == ("Partially No-enemy" if s["flag0"] else "Normal"), s
        else:
            key = (s["kinds"], s["missing"])
            assert s["missing"] is None or s["missing"] in sm.CHEST_MONSTERS, s
            suffix = "" if s["missing"] is None else " (No %s)" % names[s["missing"]]["en"]
            assert s["en"] == base[s["kinds"]] + suffix, s
        assert key not in seen, s
        seen.add(key)
    assert [s["code"] for s in rules["state_codes"]] == list(range(17))
