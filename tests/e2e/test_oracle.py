"""grotto oracle: the domains and their summaries, exit codes, broken and
altered digest files. (The whole run, ref vs impl vs corpus over every
domain, is the ctest test_universe_differential and the main job; here each
domain's command line is exercised with its cheapest engines.)"""
import shutil
import struct

import pytest

from conftest import CORPUS, assert_usage_error, unwrap


def without_report(first):
    """The "first" entries without their text ("report": the lines the text output shows)."""
    return [{k: v for k, v in f.items() if k != "report"} for f in first]


def test_floors_against_the_corpus_file(grotto):
    res = grotto("oracle", "floors", "--against", CORPUS / "floors.digest")
    assert res.rc == 0, res.out + res.err
    assert unwrap(res.out).startswith("floors: 524288 of 524288 checked (32768 seeds x 16 floors), 0 mismatched "
                              "(ref vs corpus: 0) in "), res.out


def test_timers_ref_vs_impl(grotto):
    res = grotto("oracle", "timers", "--a", "ref", "--b", "impl", "--against", "corpus")
    assert res.rc == 0, res.out + res.err
    assert unwrap(res.out).startswith("timers: 16187392 of 16187392 checked (65536 timers x 247 base qualities), "
                              "0 mismatched (ref vs impl: 0 differences; ref vs corpus sample: 0; "
                              "impl vs corpus sample: 0) in "), res.out


def test_timers_without_b_compare_the_corpus_sample(grotto):
    res = grotto("oracle", "timers")
    assert res.rc == 0, res.out + res.err
    assert "timers: 411255 of 411255 checked (1665 corpus timers x 247 base qualities), 0 mismatched " \
           "(ref vs corpus sample: 0)" in unwrap(res.out)


def test_domains_run_in_order_once_each(grotto):
    res = grotto("oracle", "timers", "floors", "--a", "impl")
    assert res.rc == 0, res.err
    lines = unwrap(res.out).splitlines()
    assert [l.split(":")[0] for l in lines] == ["floors", "timers"]


def test_altered_digest_is_a_verified_difference(grotto, tmp_path):
    """A digest file without SHA256SUMS whose entry for 5BC3 B4F was changed:
    exit 1, and the report names that floor and decodes the record."""
    data = bytearray((CORPUS / "floors.digest").read_bytes())
    slot = 0x5BC3 * 16 + 3
    (value,) = struct.unpack_from("<Q", data, 8 * slot)
    struct.pack_into("<Q", data, 8 * slot, value ^ 1)
    bad = tmp_path / "floors.digest"
    bad.write_bytes(bytes(data))
    res = grotto("oracle", "floors", "--a", "impl", "--against", bad)
    assert res.rc == 1, res.out + res.err
    assert "floors: 524288 of 524288 checked (32768 seeds x 16 floors), 1 mismatched (impl vs corpus: 1)" \
        in unwrap(res.out)
    assert "difference (impl != corpus):\n  seed 0x5BC3 floor 4 (B4F)" in res.out
    assert "corpus digest %016x" % (value ^ 1) in res.out
    j = grotto("oracle", "floors", "--a", "impl", "--against", bad, "--json").json()
    assert j["ok"] is False
    assert without_report(j["domains"][0]["first"]) == [{"seed": 0x5BC3, "floor": 4, "kinds": ["a_corpus"]}]
    # the JSON carries the difference in words as the text shows it
    report = "\n".join(j["domains"][0]["first"][0]["report"])
    assert report.startswith("difference (impl != corpus):\n  seed 0x5BC3 floor 4 (B4F)") and report in res.out


def test_altered_map_digest_shows_in_maps_qualities_and_sweep(grotto, tmp_path):
    """One altered map digest in a directory (no SHA256SUMS): the map, every
    quality of its band at that seed (each quality's map is its band's map:
    impl vs its own band maps and vs the corpus) and the sweep's item differ."""
    shutil.copy(CORPUS / "floors.digest", tmp_path / "floors.digest")
    data = bytearray((CORPUS / "maps.digest").read_bytes())
    slot = 11 * 32768 + 0x7FFF  # the last map: DD7FFF
    data[8 * slot] ^= 1
    (tmp_path / "maps.digest").write_bytes(bytes(data))
    res = grotto("oracle", "maps", "qualities", "sweep", "--a", "impl", "--against", tmp_path, "--json",
                 "--show", "100", "--quiet")
    assert res.rc == 1, res.err
    j = res.json()
    assert j["ok"] is False
    d = {s["domain"]: s for s in j["domains"]}
    assert list(d) == ["maps", "qualities", "sweep"]
    for s in d.values():
        assert s["a"] == "impl" and s["b"] is None and s["against_corpus"] is True
        assert s["complete"] is True and s["expected"] == s["checked"]
    assert d["maps"]["definition"] == "12 bands x 32768 seeds" and d["maps"]["expected"] == 393216
    assert without_report(d["maps"]["first"]) == [{"band": 221, "seed": 0x7FFF, "kinds": ["a_corpus"]}]
    q = d["qualities"]
    assert q["definition"] == "247 qualities x 32768 seeds" and q["expected"] == 247 * 32768
    assert [(f["quality"], f["band"], f["seed"]) for f in q["first"]] == [(x, 221, 0x7FFF) for x in range(221, 249)]
    assert q["differences"] == {"a_band": 0, "a_corpus": 28} and q["mismatched"] == 28
    sw = d["sweep"]
    assert sw["definition"] == "524288 floors + 393216 maps of impl's memoized sweep"
    assert sw["expected"] == 524288 + 393216
    assert sw["differences"] == {"sweep_a": 0, "sweep_corpus": 1}
    (s,) = sw["first"]
    assert (s["record"], s["band"], s["seed"], s["kinds"]) == ("map", 221, 0x7FFF, ["sweep_corpus"])


def test_corrupted_corpus_file_is_broken(grotto, tmp_path):
    """A corpus copy whose maps.digest no longer matches its SHA256SUMS: exit 2
    with a clear error before any sweep."""
    for name in ("floors.digest", "maps.digest", "SHA256SUMS"):
        shutil.copy(CORPUS / name, tmp_path / name)
    data = bytearray((tmp_path / "maps.digest").read_bytes())
    data[1000] ^= 0xFF
    (tmp_path / "maps.digest").write_bytes(bytes(data))
    res = grotto("oracle", "--against", tmp_path)
    assert_usage_error(res, "corrupt digest file", "maps.digest", "SHA256SUMS")


def test_truncated_digest_file_is_broken(grotto, tmp_path):
    bad = tmp_path / "floors.digest"
    bad.write_bytes((CORPUS / "floors.digest").read_bytes()[:-5])
    assert_usage_error(grotto("oracle", "floors", "--against", bad), "truncated")


@pytest.mark.parametrize("args,needle", [
    (["--a", "fast"], "unknown engine"),
    (["--a", "ref", "--b", "ref"], "same engine"),
    (["sideways"], "unknown domain 'sideways'"),
    (["floors", "floors"], "given twice"),
    (["floors", "--against", "/nonexistent/floors.digest"], "no such file or directory"),
    (["--against", "corpus/golden/floors.digest"], "one file serves one of"),
    (["sweep", "--against", CORPUS / "floors.digest"], "one file serves one of"),
    (["-j", "0"], "bad thread count '0'"),
    (["--show", "999"], "above"),
])
def test_bad_input(grotto, args, needle):
    assert_usage_error(grotto("oracle", *args), needle)


def test_sweep_checks_the_corpus(grotto):
    res = grotto("sweep", "-j", "2")
    assert res.rc == 0, res.err
    # one generator run per distinct (S + k, size), the size of
    # floor-generation.md section 2: bands of k whose sizes coincide share it
    def size(t, k):
        return 16 if k >= 13 else t % 3 + 14 if k >= 9 else t % 4 + 12 if k >= 5 else t % 5 + 10
    runs = len({(s + k, size(s + k, k)) for s in range(32768) for k in range(1, 17)})
    assert runs == 108149
    assert f"floor digests: 524288\nmap digests: 393216\nfloor generator runs: {runs}\n" in res.out
    assert "compared with the corpus: yes\nfloor digests differing: 0\nmap digests differing: 0\n" in res.out


def test_sweep_writes_a_corpus_the_oracle_reads(grotto, tmp_path):
    out = tmp_path / "swept"
    j = grotto("sweep", "--out", out, "--json").json()
    assert j["floors"] == 524288 and j["maps"] == 393216 and j["against_checked"] is False
    for name in ("floors.digest", "maps.digest"):
        assert (out / name).read_bytes() == (CORPUS / name).read_bytes()
    sums = {l.split()[1]: l.split()[0] for l in (out / "SHA256SUMS").read_text().splitlines()}
    golden = {l.split()[1]: l.split()[0] for l in (CORPUS / "SHA256SUMS").read_text().splitlines()}
    assert sums["floors.digest"] == golden["floors.digest"] and sums["maps.digest"] == golden["maps.digest"]
    res = grotto("oracle", "maps", "--a", "impl", "--against", out)
    assert res.rc == 0 and "maps: 393216 of 393216 checked (12 bands x 32768 seeds), 0 mismatched" in unwrap(res.out)


def test_sweep_against_an_altered_corpus_is_a_difference(grotto, tmp_path):
    shutil.copy(CORPUS / "floors.digest", tmp_path / "floors.digest")
    data = bytearray((CORPUS / "maps.digest").read_bytes())
    data[8 * 100] ^= 1
    (tmp_path / "maps.digest").write_bytes(bytes(data))
    res = grotto("sweep", "--against", tmp_path)
    assert res.rc == 1
    assert "floor digests differing: 0\nmap digests differing: 1\n" in res.out


def test_timers_need_something_to_compare_with(grotto, tmp_path):
    shutil.copy(CORPUS / "floors.digest", tmp_path / "floors.digest")
    assert_usage_error(grotto("oracle", "timers", "--against", tmp_path), "nothing to compare the timers with")


def test_sweep_bad_input(grotto):
    assert_usage_error(grotto("sweep", "-j", "0"), "bad thread count")
    assert_usage_error(grotto("sweep", "--out", "/nonexistent/x/y"), "cannot create")


@pytest.mark.parametrize("args,needle", [
    (["at"], "at: nothing to compare with: no corpus holds it; give a second engine (--b)"),
    (["multibug", "--a", "impl"], "multibug: nothing to compare with"),
    (["at", "--a", "ref", "--b", "legacy"], "at: engine legacy does not compute it"),
    (["multibug", "--a", "legacy", "--b", "impl"], "multibug: engine legacy does not compute it"),
])
def test_at_and_multibug_need_two_engines(grotto, args, needle):
    assert_usage_error(grotto("oracle", *args), needle)


def test_without_b_the_default_is_the_corpus_domains(grotto):
    """No DOMAIN and no --b: every domain the corpus holds, at and multibug
    left out (they compare two engines); the help says so."""
    res = grotto("oracle", "--a", "impl", "--json", "--quiet")
    assert res.rc == 0, res.err
    assert [d["domain"] for d in res.json()["domains"]] == ["floors", "maps", "qualities", "timers", "sweep", "walk"]
    text = grotto("oracle", "--help").out
    assert "  at         5,177,344 AT items" in text and "  multibug   393,216 multiplayer-bug" in text
