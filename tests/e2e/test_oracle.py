"""grotto oracle: summaries, exit codes, broken and altered digest files."""
import shutil
import struct

import pytest

from conftest import CORPUS, assert_usage_error


def test_floors_against_the_corpus_file(grotto):
    res = grotto("oracle", "floors", "--against", CORPUS / "floors.digest")
    assert res.rc == 0, res.out + res.err
    assert "floors: 524288 checked, 0 mismatched (ref vs corpus: 0)" in res.out


def test_full_differential_json(grotto):
    res = grotto("oracle", "--a", "ref", "--b", "impl", "--against", "corpus", "--json")
    assert res.rc == 0, res.out + res.err
    j = res.json()
    assert j["ok"] is True
    sweeps = {s["domain"]: s for s in j["sweeps"]}
    assert sweeps["floors"]["checked"] == 524288
    assert sweeps["maps"]["checked"] == 393216
    for s in sweeps.values():
        assert s["a"] == "ref" and s["b"] == "impl" and s["against_corpus"] is True
        assert s["mismatched"] == s["ab_differences"] == 0
        assert s["a_corpus_mismatches"] == s["b_corpus_mismatches"] == 0
        assert s["first"] == []


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
    assert "floors: 524288 checked, 1 mismatched (impl vs corpus: 1)" in res.out
    assert "seed 0x5BC3 floor 4 (B4F)" in res.out
    assert "corpus digest %016x" % (value ^ 1) in res.out
    j = grotto("oracle", "floors", "--a", "impl", "--against", bad, "--json").json()
    assert j["ok"] is False
    assert j["sweeps"][0]["first"] == [{"seed": 0x5BC3, "floor": 4, "kinds": ["a_corpus"]}]


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
    (["sideways"], "unknown sweep"),
    (["floors", "--against", "/nonexistent/floors.digest"], "cannot open"),
    (["--against", "corpus/golden/floors.digest"], "for both sweeps"),
    (["-j", "0"], "at least 1"),
    (["--show", "99"], "above"),
])
def test_bad_input(grotto, args, needle):
    assert_usage_error(grotto("oracle", *args), needle)


def test_sweep_checks_the_corpus(grotto):
    res = grotto("sweep", "-j", "2")
    assert res.rc == 0, res.err
    assert "from 131084 floor generator runs" in res.out
    assert "floors: 524288 checked, 0 mismatched; maps: 393216 checked, 0 mismatched" in res.out


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
    assert res.rc == 0 and "maps: 393216 checked, 0 mismatched" in res.out


def test_sweep_against_an_altered_corpus_is_a_difference(grotto, tmp_path):
    shutil.copy(CORPUS / "floors.digest", tmp_path / "floors.digest")
    data = bytearray((CORPUS / "maps.digest").read_bytes())
    data[8 * 100] ^= 1
    (tmp_path / "maps.digest").write_bytes(bytes(data))
    res = grotto("sweep", "--against", tmp_path)
    assert res.rc == 1
    assert "maps: 393216 checked, 1 mismatched" in res.out


def test_sweep_bad_input(grotto):
    assert_usage_error(grotto("sweep", "-j", "0"), "at least 1")
    assert_usage_error(grotto("sweep", "--out", "/nonexistent/x/y"), "cannot create")
