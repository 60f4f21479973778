"""The universe index cache as a user meets it: written by the first query,
read by the next, rebuilt - with the same answers - when it is corrupt,
truncated, foreign or stale (another build of grotto), and never in the way
when its directory cannot be written (said once on stderr). GROTTO_INDEX_TRACE=1 makes grotto say
on stderr how it obtained the index."""
import os
import shutil
import stat
import struct

import pytest

from conftest import grotto_bin, run

QUERY = ["search", "--band", "DD", "--state", "only", "--limit", "0", "--json", "--quiet"]


def env_with(**kw):
    env = dict(os.environ, GROTTO_INDEX_TRACE="1")
    for k, v in kw.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = str(v)
    return env


def traced(env, *args, binary=None):
    import subprocess
    proc = subprocess.run([binary or grotto_bin(), *(args or QUERY)], capture_output=True, text=True, env=env,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr
    trace = [l for l in proc.stderr.splitlines() if ": index " in l]
    assert len(trace) == 1, proc.stderr
    return proc.stdout, trace[0]


@pytest.fixture(scope="module")
def reference():
    """The answer, from the session's cache (conftest.py), and that cache file."""
    out, trace = traced(env_with())
    path = os.path.join(os.environ["GROTTO_CACHE_DIR"], "universe.idx")
    assert os.path.getsize(path) > 10_000_000, trace
    return out, path


@pytest.fixture
def cache(tmp_path, reference):
    """A private cache directory holding a valid copy of the cache file."""
    d = tmp_path / "cache"
    d.mkdir()
    shutil.copy(reference[1], d / "universe.idx")
    return d


def test_first_query_writes_the_cache(tmp_path, reference):
    d = tmp_path / "new" / "cache"
    out, trace = traced(env_with(GROTTO_CACHE_DIR=d))
    assert "built with impl" in trace and "no cache file yet" in trace and "written" in trace, trace
    assert out == reference[0] and (d / "universe.idx").stat().st_size > 10_000_000


def test_second_query_reads_the_cache(cache, reference):
    out, trace = traced(env_with(GROTTO_CACHE_DIR=cache))
    assert trace.startswith("grotto search: index read ") and out == reference[0]


def damage_flip(p):
    b = bytearray(p.read_bytes())
    b[len(b) // 2] ^= 1
    p.write_bytes(b)


def damage_truncate(p):
    p.write_bytes(p.read_bytes()[: p.stat().st_size // 3])


def damage_foreign(p):
    p.write_bytes(b"this is not an index\n" * 100)


def damage_key(p):
    b = bytearray(p.read_bytes())
    b[16:24] = bytes(8)  # the engine key
    p.write_bytes(b)


def damage_empty(p):
    p.write_bytes(b"")


@pytest.mark.parametrize("damage,why", [(damage_flip, "corrupt"), (damage_truncate, "truncated"),
                                        (damage_foreign, "foreign"), (damage_key, "stale"),
                                        (damage_empty, "truncated")])
def test_damaged_cache_is_rebuilt_never_trusted(cache, reference, damage, why):
    damage(cache / "universe.idx")
    out, trace = traced(env_with(GROTTO_CACHE_DIR=cache))
    assert "built with impl" in trace and why in trace and "written" in trace, trace
    assert out == reference[0]
    out, trace = traced(env_with(GROTTO_CACHE_DIR=cache))
    assert " read " in trace and out == reference[0]


def test_another_build_of_grotto_finds_the_cache_stale(cache, reference, tmp_path):
    """The engine key is the executable's GNU build ID (the linker's hash of
    the whole program): a copy whose build ID differs in one byte is another
    build and finds the cache stale, and back; a copy that differs only in
    bytes appended past the program is the same build and reads it."""
    data = bytearray(open(grotto_bin(), "rb").read())
    note = struct.pack("<III", 4, 20, 3) + b"GNU\0"  # NT_GNU_BUILD_ID, a 20-byte (SHA-1) ID
    at = data.find(note)
    assert at > 0 and data.find(note, at + 1) < 0
    other = tmp_path / "grotto-other"
    data[at + len(note)] ^= 1
    other.write_bytes(bytes(data))
    other.chmod(other.stat().st_mode | stat.S_IEXEC)
    out, trace = traced(env_with(GROTTO_CACHE_DIR=cache), binary=str(other))
    assert "stale" in trace and out == reference[0]
    out, trace = traced(env_with(GROTTO_CACHE_DIR=cache))  # and back: stale for the first build again
    assert "stale" in trace and out == reference[0]
    same = tmp_path / "grotto-same"
    data[at + len(note)] ^= 1
    same.write_bytes(bytes(data) + b"\0appended\0")
    same.chmod(same.stat().st_mode | stat.S_IEXEC)
    out, trace = traced(env_with(GROTTO_CACHE_DIR=cache), binary=str(same))
    assert "stale" not in trace and "read" in trace and out == reference[0], trace


def test_unwritable_cache_directory_is_no_obstacle(tmp_path, reference):
    plain = tmp_path / "plain-file"
    plain.write_text("x")
    out, trace = traced(env_with(GROTTO_CACHE_DIR=plain / "cache"))  # cannot be created, even by root
    assert "not written" in trace and out == reference[0]
    # said once on stderr, also without the trace, by a command that caches twice (index, overflow flags)
    res = run("stats", "--quiet", env=dict(os.environ, GROTTO_CACHE_DIR=str(plain / "cache")))
    warned = [l for l in res.err.splitlines() if "index is not cached" in l]
    assert res.rc == 0 and len(warned) == 1 and "GROTTO_CACHE_DIR" in warned[0], res.err


def test_no_cache_writes_nothing(tmp_path, reference):
    d = tmp_path / "unused"
    out, trace = traced(env_with(GROTTO_CACHE_DIR=d), *QUERY, "--no-cache")
    assert "(no cache)" in trace and out == reference[0] and not d.exists()


def test_default_cache_directories(tmp_path, reference):
    for env, where in ((dict(GROTTO_CACHE_DIR=None, XDG_CACHE_HOME=tmp_path / "xdg"), tmp_path / "xdg" / "grotto"),
                       (dict(GROTTO_CACHE_DIR=None, XDG_CACHE_HOME=None, HOME=tmp_path / "home"),
                        tmp_path / "home" / ".cache" / "grotto")):
        where.mkdir(parents=True)
        shutil.copy(reference[1], where / "universe.idx")
        out, trace = traced(env_with(**env))
        assert " read %s/universe.idx" % where in trace and out == reference[0]


def test_stats_and_odds_use_the_same_cache(cache, reference):
    _, trace = traced(env_with(GROTTO_CACHE_DIR=cache), "odds", "--base", "248", "--count", "--quiet")
    assert " read " in trace
    _, trace = traced(env_with(GROTTO_CACHE_DIR=cache), "stats", "--quiet")
    assert " read " in trace
    assert (cache / "overflow-8000-ffff.idx").exists()  # the flags of seeds 8000..FFFF, computed once


def test_trace_is_silent_without_the_variable(cache, reference):
    res = run("search", "--band", "DD", "--count", "--quiet", env=dict(os.environ, GROTTO_CACHE_DIR=str(cache)))
    assert res.rc == 0 and res.err == ""
