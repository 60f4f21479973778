"""No litter (issue 17 item 5): a writer of whole files killed with SIGKILL
leaves its temporary file (.NAME.tmp-PID-XXXXXX: nothing can catch SIGKILL);
the next writer of the same target removes it and says so - on stderr
(sweep --out, floor --svg, digest saves: oracle/out_file.c), or in the
GROTTO_INDEX_TRACE line (the universe index cache, oracle/index.c). A live
writer's temporary file (its process alive, or its lock held) is never
touched, nor a file of another name."""
import fcntl
import os
import re
import signal
import subprocess
import time

import pytest

from conftest import grotto_bin, run

QUERY = ["search", "--band", "DD", "--state", "only", "--limit", "0", "--quiet"]
NAMES = {"floors.digest", "maps.digest", "SHA256SUMS"}


def temporaries(d):
    return sorted(n for n in os.listdir(d) if ".tmp-" in n)


def dead_pid():
    """The process id of a process that has exited (and been reaped)."""
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def leftover(d, target, pid, tail="Ab3dE9"):
    """What a writer killed mid-way leaves: its temporary file, partly written."""
    p = d / f".{target}.tmp-{pid}-{tail}"
    p.write_bytes(b"\0" * 4096)
    return p


def test_a_sweep_killed_mid_way_leaves_files_the_next_run_removes(tmp_path):
    out = tmp_path / "out"
    for attempt in range(5):
        proc = subprocess.Popen([grotto_bin(), "sweep", "--out", str(out), "-j", "2"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        end = time.monotonic() + 60
        while (not out.exists() or len(temporaries(out)) < 3) and proc.poll() is None and time.monotonic() < end:
            time.sleep(0.0005)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=120)
        if len(temporaries(out)) == 3:
            break
    else:
        pytest.fail("could not kill a sweep mid-way in 5 attempts")
    left = temporaries(out)
    assert proc.returncode == -signal.SIGKILL
    assert all(re.fullmatch(rf"\.(floors\.digest|maps\.digest|SHA256SUMS)\.tmp-{proc.pid}-\w{{6}}", n)
               for n in left), left
    assert set(os.listdir(out)) == set(left)  # nothing committed
    # the next run: complete files, no temporary file, and it says what it removed
    res = run("sweep", "--out", out, "--quiet")
    assert res.rc == 0, res.err
    assert set(os.listdir(out)) == NAMES
    lines = res.err.splitlines()
    assert len(lines) == 3, res.err
    for name in left:
        assert any(f"{out}/{name} (process {proc.pid} is gone)" in l for l in lines), (name, res.err)
    assert all(l.startswith("grotto: removed the temporary files of writers that died: ") for l in lines)
    assert run("oracle", "floors", "--a", "impl", "--against", out).rc == 0


def test_a_live_writers_files_and_other_names_are_kept(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    alive = leftover(out, "floors.digest", os.getpid())               # its process is alive
    locked = leftover(out, "maps.digest", dead_pid(), "L0cked")       # pid gone, lock held (another namespace)
    other = leftover(out, "notes.txt", dead_pid())                    # not one of the targets
    odd = out / f".floors.digest.tmp-{dead_pid()}-x"                   # not the naming (6 characters)
    odd.write_bytes(b"")
    old_style = out / ".floors.digest.tmp-Ab3dE9"                      # no pid: its owner cannot be told
    old_style.write_bytes(b"")
    gone = leftover(out, "SHA256SUMS", dead_pid())
    with open(locked, "rb") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        res = run("sweep", "--out", out, "--quiet")
    assert res.rc == 0, res.err
    assert all(p.exists() for p in (alive, locked, other, odd, old_style)), os.listdir(out)
    assert not gone.exists()
    assert res.err.count("\n") == 1 and f"{gone} (process" in res.err, res.err


def test_floor_svg_removes_a_dead_writers_file(tmp_path):
    svg = tmp_path / "f.svg"
    left = leftover(tmp_path, "f.svg", dead_pid())
    res = run("floor", "DD5BC3", "4", "--svg", svg)
    assert res.rc == 0, res.err
    assert not left.exists() and svg.exists() and temporaries(tmp_path) == []
    assert f"removed the temporary files of writers that died: {left} (process" in res.err


def index_trace(cache, *args):
    env = dict(os.environ, GROTTO_INDEX_TRACE="1", GROTTO_CACHE_DIR=str(cache))
    proc = subprocess.run([grotto_bin(), *args], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    trace = [l for l in proc.stderr.splitlines() if "index" in l]
    assert len(trace) == 1, proc.stderr
    return trace[0], proc.stderr


def test_an_index_cache_writer_killed_mid_way(tmp_path):
    """Kill a query while it writes the cache (SIGKILL, caught with SIGSTOP
    while the temporary file exists); if the write is too quick to catch,
    plant what such a kill leaves. The next query removes it - the cache
    being valid or not - and says so in its trace line."""
    cache = tmp_path / "cache"
    cache.mkdir()
    killed = None
    for attempt in range(10):
        for n in os.listdir(cache):
            os.unlink(cache / n)
        proc = subprocess.Popen([grotto_bin(), *QUERY], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=dict(os.environ, GROTTO_CACHE_DIR=str(cache)))
        while not temporaries(cache) and proc.poll() is None:
            time.sleep(0.0002)
        proc.send_signal(signal.SIGSTOP)
        caught = temporaries(cache)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=120)
        if caught and temporaries(cache):
            killed = proc.pid
            break
    if killed is None:
        for n in os.listdir(cache):
            os.unlink(cache / n)
        killed = dead_pid()
        leftover(cache, "universe.idx", killed)
    left = temporaries(cache)
    assert left and all(n.startswith(f".universe.idx.tmp-{killed}-") for n in left), left
    trace, err = index_trace(cache, *QUERY)
    assert temporaries(cache) == [], os.listdir(cache)
    assert "written" in trace and f"removed stale temporary files: {cache}/{left[0]} (process {killed} is gone)" \
        in trace, trace
    assert "grotto: removed" not in err  # the index says it in its trace line only
    # with a valid cache (read, not written) a leftover goes as well
    dead = dead_pid()
    leftover(cache, "universe.idx", dead)
    leftover(cache, "overflow-8000-ffff.idx", dead, "Zz9zZ9")
    trace, _ = index_trace(cache, *QUERY)
    assert trace.startswith("grotto search: index read ") and temporaries(cache) == [], trace
    assert f".universe.idx.tmp-{dead}-Ab3dE9 (process {dead} is gone)" in trace
    assert f".overflow-8000-ffff.idx.tmp-{dead}-Zz9zZ9 (process {dead} is gone)" in trace
