"""The legacy Windows tool's enemy-list model as an engine (--engine legacy on
map, search, stats; --b legacy on oracle) and grotto stats --legacy-diff."""
import re

import pytest

from conftest import assert_usage_error


def floor9(res):
    assert res.rc == 0, res.err
    return res.json()["floors"][8]["elist"]


def test_map_with_the_legacy_engine(grotto):
    """enemy-list.md E6: the game cuts to "Liquid Metal Slime only (No Mimic)"
    at 0x2BA0; the legacy tool, knowing no Flag0 tiles, reads 0x2C1C and says
    "No-enemy (No Cannibox)"."""
    game = floor9(grotto("map", "4C1BE6", "--json"))
    legacy = floor9(grotto("map", "4C1BE6", "--json", "--engine", "legacy"))
    assert (game["ofs"], game["D"], game["regime"], game["state"]) == (0x2BA0, 5, 2, 15)
    assert (legacy["ofs"], legacy["D"], legacy["regime"], legacy["state"]) == (0x2C1C, 0, 1, 9)
    assert legacy["state_text_en"] == "No-enemy (No Cannibox)"
    text = grotto("map", "4C1BE6", "--engine", "legacy")
    assert re.search(r"^B9F .* 0x2C1C +No-enemy \(No Cannibox\)$", text.out, re.M), text.out


@pytest.fixture(scope="module")
def legacy_diff():
    from conftest import run
    res = run("stats", "--legacy-diff", "--json", "--quiet")
    assert res.rc == 0, res.err
    return res.json()


def test_legacy_diff_counts_are_consistent(legacy_diff, grotto):
    d = legacy_diff
    assert d["floors"] == 3915820  # every map floor (enemy-list.md §8)
    assert d["flag0_floors"] == 2044  # D > 0 (enemy-list.md §8)
    # the Flag0 misjudgment over-estimates on every D > 0 floor but the wrapped ones
    assert d["flag0_legacy_higher"] + d["flag0_legacy_lower"] == d["flag0_floors"]
    assert d["flag0_legacy_lower"] <= d["wrap_floors"]
    fam = d["families"]
    assert sum(sum(row.values()) for row in fam.values()) == d["floors_differing"]
    cls = d["classes"]
    assert cls["noenemy_really_only_or_reduced"]["floors"] == fam["no-enemy"]["ONLY"] + fam["no-enemy"]["reduced"]
    assert cls["only_really_reduced"]["floors"] == fam["ONLY"]["reduced"]
    assert cls["none_really_special"]["floors"] == sum(fam["none"].values())
    assert fam["partial"] == {k: 0 for k in fam["partial"]}  # the legacy tool never says "partial"
    for c in cls.values():
        assert c["flag0_ignored"] + c["wrap"] == c["floors"]
        assert c["maps"] <= c["floors"]
    assert cls["none_really_special"]["floors"] > 0 and cls["noenemy_really_only_or_reduced"]["floors"] > 0
    # the wrap is what turns special floors normal; ignoring Flag0 over-cuts
    assert cls["none_really_special"]["wrap"] == cls["none_really_special"]["floors"]
    assert cls["noenemy_really_only_or_reduced"]["wrap"] == 0


def test_legacy_diff_examples_are_what_map_shows(legacy_diff, grotto):
    for c in legacy_diff["classes"].values():
        for ex in c["examples"][:2]:
            mid = "%02X%04X" % (ex["band"], ex["seed"])
            game = grotto("map", mid, "--json").json()["floors"][ex["floor"] - 1]["elist"]
            legacy = grotto("map", mid, "--json", "--engine", "legacy").json()["floors"][ex["floor"] - 1]["elist"]
            assert (game["state"], game["ofs"], game["D"], game["X"]) == (ex["state"], ex["ofs"], ex["D"], ex["X"])
            assert (legacy["state"], legacy["ofs"]) == (ex["legacy_state"], ex["legacy_ofs"])


def test_legacy_diff_text(grotto):
    res = grotto("stats", "--legacy-diff", "--quiet")
    assert res.rc == 0, res.err
    assert res.out.startswith("legacy Windows tool's enemy-list model vs the game model, over 3915820 map floors")
    for name in ("no-enemy -> really ONLY/reduced", "ONLY -> really reduced", "triple none -> really special"):
        assert name in res.out
    flat = " ".join(res.out.split())  # an example may wrap to stay within 100 columns
    assert "4C1BE6 B9F: legacy No-enemy (No Cannibox) (ElistOfs 2C1C), really Liquid Metal Slime only " \
           "(No Mimic) (2BA0; X 230, D 5)" in flat


def test_search_and_stats_with_the_legacy_index(grotto, legacy_diff):
    game = grotto("search", "--state", "special", "--count", "--quiet")
    legacy = grotto("search", "--state", "special", "--count", "--quiet", "--engine", "legacy")
    assert game.rc == 0 and legacy.rc == 0, game.err + legacy.err
    assert int(game.out.split()[0]) != int(legacy.out.split()[0])
    partial = grotto("search", "--state", "partial", "--count", "--quiet", "--engine", "legacy")
    assert partial.rc == 0 and int(partial.out.split()[0]) == 0
    # which maps are findable depends on the timers alone: the same maps of a band either way
    band = [grotto("search", "--band", "38", "--count", "--quiet", *e) for e in ([], ["--engine", "legacy"])]
    assert band[0].rc == 0 and band[1].rc == 0 and 0 < int(band[0].out.split()[0]) == int(band[1].out.split()[0])
    st = grotto("stats", "--json", "--quiet", "--engine", "legacy")
    assert st.rc == 0, st.err
    assert st.json()["engine"] == "legacy"


def test_legacy_option_errors(grotto):
    assert_usage_error(grotto("stats", "--legacy-diff", "--engine", "legacy"), "--legacy-diff")
    assert_usage_error(grotto("stats", "--engine", "old"), "expected impl, ref or legacy")
    assert_usage_error(grotto("search", "--state", "only", "--engine", "old"), "expected impl, ref or legacy")
    assert_usage_error(grotto("map", "4C1BE6", "--engine", "old"), "expected ref, impl or legacy")


def test_oracle_b_legacy_is_a_difference(grotto):
    """ref vs legacy on the floors they share is 0 differences; the maps differ
    (the whole maps domain runs in the main job: see docs/oracle.md)."""
    res = grotto("oracle", "--b", "legacy", "--seeds", "0", "floors")
    assert_usage_error(res, "--seeds applies to grotto oracle --b exec:CMD only")
    ex = grotto("oracle", "--a", "legacy", "--b", "exec:read a b c; echo '{\"band\":76,\"seed\":7142,"
                "\"elist\":[{},{},{},{},{},{},{},{},{\"state\":15},{}]}'",
                "maps", "--seeds", "1BE6", "--bands", "4C")
    assert ex.rc == 1, ex.out + ex.err
    assert "elist[8].state (B9F): legacy 9, b 15" in ex.out
