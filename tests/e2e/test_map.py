"""grotto map: details, names, floors, enemy list, anomalies, records."""
import pytest

from conftest import assert_usage_error


def test_quest15_map_text(grotto):
    res = grotto("map", "020032")
    assert res.rc == 0, res.err
    assert "Granite Tunnel of Woe Lv.1" in res.out
    assert "うす暗き獣の地下道Lv1" in res.out
    assert "quest 15" in res.out
    assert "B3F" in res.out and "B4F" not in res.out


def test_map_id_and_quality_seed_forms_agree(grotto):
    a = grotto("map", "020032", "--json").json()
    b = grotto("map", "--quality", "55", "--seed", "0032", "--json").json()
    c = grotto("map", "370032", "--json").json()  # RR = quality 0x37 = 55, same band
    assert a == b == c
    assert a["map"] == "020032"


def test_sample_map_records_and_json(grotto, maps_sample):
    # every 100th sample map plus every 4th map with an ONLY floor (states 5,
    # 14-16): about 180 maps, two processes each (every map's record is
    # compared with the corpus by its digest in the oracle's maps domain, the
    # sample's fields by its run of maps-sample.jsonl, test_interchange.py)
    only = [m for m in maps_sample if any(e["state"] in (5, 14, 15, 16) for e in m["elist"])]
    picks = maps_sample[::100] + only[::4]
    assert len(picks) > 150 and len(only[::4]) > 90
    for m in picks:
        mid = "%02X%04X" % (m["band"], m["seed"])
        rec = grotto("map", mid, "--record")
        assert rec.rc == 0 and rec.err == ""
        assert rec.out == m["record"] + "\n", mid
        j = grotto("map", mid, "--json").json()
        for k in ("env", "boss", "prefix", "suffix", "locale", "level", "name_en", "name_jp"):
            assert j[k] == m[k], (mid, k)
        assert (j["floor_count"], j["monster_rank"]) == (m["floors"], m["smr"]), mid
        assert j["record_digest"] == m["digest"]
        assert len(j["floors"]) == m["floors"]
        for fl, el, ranks in zip(j["floors"], m["elist"], m["chest_ranks"]):
            # the ONLY monster is named on the ONLY floors only
            assert ("only" in fl["elist"]) == (el["state"] in (5, 14, 15, 16)), (mid, fl["floor"])
            assert fl["elist"]["ofs"] == el["ofs"], mid
            assert fl["elist"]["D"] == el["D"]
            assert fl["elist"]["state"] == el["state"]
            if el["state_text"] is not None:
                assert fl["elist"]["state_text_en"] == el["state_text"], mid
            assert [c["rank"] for c in fl["chests"]] == ranks


def test_impl_engine_gives_the_same_json(grotto):
    for mid in ("020032", "DD5BC3", "4C1BE6", "B50E5C"):
        a = grotto("map", mid, "--json").json()
        b = grotto("map", mid, "--json", "--engine", "impl").json()
        a.pop("engine"), b.pop("engine")
        assert a == b, mid


def test_softlock_maps_report_hw1(grotto):
    for mid, floor in (("DD5BC3", 4), ("DD5BC4", 3)):
        res = grotto("map", mid)
        assert res.rc == 0
        assert f"B{floor}F softlock report (the pattern of the softlock floors seen on the console" in res.out
        assert "CUT OFF" in res.out
        j = grotto("map", mid, "--json").json()
        fl = j["floors"][floor - 1]
        assert fl["overflow"] is True
        assert fl["up"] == [7, 8]
        assert fl["anomalies"]["softlock"]["up_next_to_chest"] is True
        assert fl["anomalies"]["softlock"]["down_cut"] is True
        assert sum(f["overflow"] for f in j["floors"]) == 1


def test_masayuki_map_hw9(grotto):
    j = grotto("map", "B50E5C", "--json").json()
    assert j["name_en"] == "Ruby Path of Doom Lv.87"
    assert j["name_jp"] == "見えざる魔神の道Lv87"
    assert j["floor_count"] == 15
    assert j["boss_en"] == "Tyrannosaurus Wrecks" and j["boss_jp"] == "破壊神フォロボス"
    b15 = j["floors"][14]["elist"]
    assert b15["state"] == 5
    assert b15["only"]["name_en"] == "Metal King Slime"
    assert b15["state_text_jp"] == "メタルキングオンリー"


def test_region_intl_shifts_display_only(grotto):
    jp = grotto("map", "4C1BE6", "--json").json()
    intl = grotto("map", "4C1BE6", "--json", "--region", "intl").json()
    for a, b in zip(jp["floors"], intl["floors"]):
        assert b["elist"]["display_ofs"] == a["elist"]["display_ofs"] + 128
        assert b["elist"]["ofs"] == a["elist"]["ofs"]
        assert b["elist"]["state"] == a["elist"]["state"]
    assert "0x%04X" % (jp["floors"][8]["elist"]["ofs"] + 128) in grotto("map", "4C1BE6", "--region", "intl").out


def test_never_seed_is_flagged(grotto):
    j = grotto("map", "020007", "--json").json()
    assert j["never_seed"] is True and j["timers"] == 0
    assert "NEVER-SEED" in grotto("map", "020007").out


@pytest.mark.parametrize("args,needle", [
    (["028000"], "above 0x7FFF"),
    (["--quality", "2", "--seed", "8000"], "above 0x7FFF"),
    (["--quality", "1", "--seed", "0032"], "outside 2..248"),
    (["--quality", "249", "--seed", "0032"], "outside 2..248"),
    (["010032"], "outside 2..248"),
    (["FF0032"], "outside 2..248"),
    (["DD5BC"], "malformed map id"),
    (["DD5BC3X"], "malformed map id"),
    (["ZZ5BC3"], "malformed map id"),
    (["--quality", "abc", "--seed", "0032"], "bad quality"),
    (["--quality", "55", "--seed", "xyz"], "bad seed"),
    (["--quality", "55"], "missing map"),
    ([], "missing map"),
    (["020032", "--quality", "55"], "not both"),
    (["020032", "--region", "eu"], "unknown region"),
    (["020032", "--engine", "fast"], "unknown engine"),
    (["020032", "--json", "--record"], "exclusive"),
    (["020032", "030032"], "unexpected argument"),
])
def test_bad_input(grotto, args, needle):
    assert_usage_error(grotto("map", *args), needle)
