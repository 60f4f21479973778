"""grotto search: filters over the universe, checked against the golden samples."""
import pytest

from conftest import assert_usage_error


def test_quest15_name_twins(grotto):
    j = grotto("search", "--name", "Granite Tunnel of Woe Lv.1", "--json", "--quiet").json()
    assert j["found"] == 22
    assert j["maps"][0]["id"] == "020032"
    assert all(m["name_jp"] == "うす暗き獣の地下道Lv1" and m["arising"] for m in j["maps"])
    has = grotto("search", "--name-has", "Granite Tunnel of Woe Lv.1", "--limit", "0", "--json", "--quiet").json()
    assert has["found"] > 22  # Lv.1x as well


def test_special_floors_agree_with_the_map_sample(grotto, maps_sample):
    """maps-sample.jsonl holds every map with a floor in a non-zero state."""
    want = {"%02X%04X" % (m["band"], m["seed"]): [i + 1 for i, e in enumerate(m["elist"]) if e["state"]]
            for m in maps_sample if any(e["state"] for e in m["elist"])}
    j = grotto("search", "--state", "special", "--limit", "0", "--json", "--quiet").json()
    got = {m["id"]: m["floors"] for m in j["maps"]}
    assert j["found"] == len(want) == len(got)
    assert got == want


def test_only_monster(grotto, maps_sample):
    j = grotto("search", "--monster", "Metal King Slime", "--band", "B5", "--limit", "0", "--json", "--quiet").json()
    ids = {m["id"]: m["floors"] for m in j["maps"]}
    assert ids["B50E5C"] == [15]  # the Masayuki map (HW-9)
    jp = grotto("search", "--monster", "メタルキング", "--band", "B5", "--limit", "0", "--json", "--quiet").json()
    assert jp == j


def test_detail_filters_and_limit(grotto):
    j = grotto("search", "--band", "DD", "--env", "fire", "--boss", "12", "--level", "99", "--limit", "5",
               "--json", "--quiet").json()
    assert j["found"] >= j["shown"] == min(5, j["found"])
    for m in j["maps"]:
        assert m["id"].startswith("DD") and m["name_en"].endswith("Lv.99")
        d = grotto("map", m["id"], "--json").json()
        assert (d["env"], d["boss"], d["level"]) == (5, 12, 99)
    text = grotto("search", "--band", "DD", "--level", "99", "--limit", "1", "--quiet").out
    assert "raise --limit" in text


def test_arising_excludes_never_seeds(grotto):
    allm = grotto("search", "--band", "02", "--floors", "2", "--limit", "0", "--json", "--quiet").json()
    ar = grotto("search", "--band", "02", "--floors", "2", "--arising", "--limit", "0", "--json", "--quiet").json()
    assert ar["found"] < allm["found"]
    assert all(m["arising"] for m in ar["maps"])


@pytest.mark.parametrize("args,needle", [
    (["--state", "17"], "bad state list"),
    (["--state", ""], "bad state list"),
    (["--band", "FF"], "bad band"),
    (["--env", "lava"], "unknown environment"),
    (["--boss", "13"], "above 12"),
    (["--boss", "0"], "outside 1..12"),
    (["--level", "0..5"], "bad level"),
    (["--level", "50..40"], "bad level"),
    (["--floors", "1"], "outside 2..16"),
    (["--monster", "Nobody"], "unknown monster"),
    (["--limit", "-3"], "negative"),
    (["extra"], "unexpected argument"),
])
def test_bad_input(grotto, args, needle):
    assert_usage_error(grotto("search", *args), needle)
