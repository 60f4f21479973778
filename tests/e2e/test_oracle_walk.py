"""grotto oracle walk: the walking cost of every floor (research.md §1), ref
vs impl vs corpus/golden/floor-walk.bin; an altered cost found at its floor
with both costs and the floor drawn; broken walk files; a directory without
one. (The whole run of every domain is ci/main.sh and
test_universe_differential.)"""
import re
import shutil
import struct

from conftest import CORPUS, assert_usage_error, unwrap

SUMMARY = "walk: 524288 of 524288 checked (32768 seeds x 16 floors), "
SLOT = 0x5BC3 * 16 + 3  # the softlock floor 5BC3 B4F


def golden_cost(slot):
    data = (CORPUS / "floor-walk.bin").read_bytes()
    assert len(data) == 2 * 524288
    return struct.unpack_from("<H", data, 2 * slot)[0]


def altered_walk_file(tmp_path, value):
    """floor-walk.bin (without SHA256SUMS) with 5BC3 B4F's cost set to value."""
    data = bytearray((CORPUS / "floor-walk.bin").read_bytes())
    struct.pack_into("<H", data, 2 * SLOT, value)
    path = tmp_path / "floor-walk.bin"
    path.write_bytes(bytes(data))
    return path


def test_ref_vs_impl_vs_corpus(grotto):
    res = grotto("oracle", "walk", "--a", "ref", "--b", "impl", "--against", "corpus")
    assert res.rc == 0, res.out + res.err
    (line,) = unwrap(res.out).splitlines()
    assert line.startswith(SUMMARY + "0 mismatched (ref vs impl: 0 differences; ref vs corpus: 0; "
                           "impl vs corpus: 0) in "), line
    assert re.search(r"\(cpu [0-9.]+ s; the searches alone: ref [0-9.]+ s, impl [0-9.]+ s\)$", line), line


def test_without_b_the_corpus_is_the_default(grotto):
    res = grotto("oracle", "walk", "--a", "impl")
    assert res.rc == 0, res.out + res.err
    assert unwrap(res.out).startswith(SUMMARY + "0 mismatched (impl vs corpus: 0) in "), res.out
    assert res.out.rstrip().endswith(")") and "the searches alone: impl " in res.out, res.out


def test_altered_cost_is_a_verified_difference(grotto, tmp_path):
    want = golden_cost(SLOT)
    bad = altered_walk_file(tmp_path, want + 1)
    res = grotto("oracle", "walk", "--a", "impl", "--against", bad)
    assert res.rc == 1, res.out + res.err
    assert SUMMARY + "1 mismatched (impl vs corpus: 1)" in unwrap(res.out)
    steps = lambda c: "%d%s steps" % (c // 2, ".5" if c % 2 else "")
    assert ("difference (impl != corpus):\n"
            "  seed 0x5BC3 floor 4 (B4F): walking cost from the up to the down stairs:\n"
            "    impl   walk: %d half-steps (%s)\n"
            "    corpus walk: %d half-steps (%s)*\n" % (want, steps(want), want + 1, steps(want + 1))) in res.out
    # the floor walked: its header and the 16 rows of its grid
    assert "    impl  size " in res.out
    assert len(re.findall(r"^    [0-9a-f]{16}$", res.out, re.M)) == 16, res.out
    j = grotto("oracle", "walk", "--a", "impl", "--against", bad, "--json").json()
    assert j["ok"] is False
    (d,) = j["domains"]
    assert (d["domain"], d["checked"], d["mismatched"], d["differences"]) == ("walk", 524288, 1, {"a_corpus": 1})
    assert [{k: v for k, v in f.items() if k != "report"} for f in d["first"]] == [{"seed": 0x5BC3, "floor": 4, "half_steps": {"a": want, "b": None, "corpus": want + 1},
                           "kinds": ["a_corpus"]}]
    assert d["search_cpu_seconds"]["b"] is None and d["search_cpu_seconds"]["a"] >= 0


def test_no_path_in_the_corpus_is_a_difference(grotto, tmp_path):
    bad = altered_walk_file(tmp_path, 0xFFFF)
    res = grotto("oracle", "walk", "--a", "ref", "--b", "impl", "--against", bad, "--show", "1")
    assert res.rc == 1, res.out + res.err
    assert SUMMARY + "1 mismatched (ref vs impl: 0 differences; ref vs corpus: 1; impl vs corpus: 1)" \
        in unwrap(res.out)
    assert "difference (ref != corpus; impl != corpus):\n  seed 0x5BC3 floor 4 (B4F)" in res.out
    assert "    corpus walk: none (no path)*\n" in res.out
    assert "    ref                impl               diff\n" in res.out


def test_broken_walk_files(grotto, tmp_path):
    short = tmp_path / "short" / "floor-walk.bin"
    short.parent.mkdir()
    short.write_bytes((CORPUS / "floor-walk.bin").read_bytes()[:-1])
    assert_usage_error(grotto("oracle", "walk", "--against", short), "broken walk file", "truncated")
    # a corpus copy whose floor-walk.bin no longer matches its SHA256SUMS
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("floor-walk.bin", "SHA256SUMS"):
        shutil.copy(CORPUS / name, copy / name)
    data = bytearray((copy / "floor-walk.bin").read_bytes())
    data[2 * SLOT] ^= 1
    (copy / "floor-walk.bin").write_bytes(bytes(data))
    assert_usage_error(grotto("oracle", "walk", "--against", copy / "floor-walk.bin"), "corrupt walk file",
                       "SHA256SUMS")


def test_a_directory_without_walk_costs(grotto, tmp_path):
    """grotto sweep --out writes no floor-walk.bin: against such a directory
    the walk domain compares the engines only, and alone it is refused."""
    assert_usage_error(grotto("oracle", "walk", "--against", tmp_path), "walk: nothing to compare")
    res = grotto("oracle", "walk", "--a", "ref", "--b", "impl", "--against", tmp_path)
    assert res.rc == 0, res.out + res.err
    assert unwrap(res.out).startswith(SUMMARY + "0 mismatched (ref vs impl: 0 differences) in "), res.out


def test_walk_runs_last(grotto):
    res = grotto("oracle", "walk", "timers", "--a", "impl", "--quiet")
    assert res.rc == 0, res.err
    assert [l.split(":")[0] for l in unwrap(res.out).splitlines()] == ["timers", "walk"]


def test_bad_input(grotto):
    assert_usage_error(grotto("oracle", "stroll"), "unknown domain 'stroll'", "sweep, walk, at, multibug or chests")
    assert_usage_error(grotto("oracle", "walk", "floors", "--against", CORPUS / "floor-walk.bin"),
                       "one file serves one of")
    assert_usage_error(grotto("oracle", "walk", "--against", CORPUS / "floors.digest"), "broken walk file",
                       "4194304 bytes")
