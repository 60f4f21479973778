"""Nothing lost silently (issue 9 item 2): a failed write to standard output
is exit 2 with one line, whatever the command; sweep --out writes whole
files or none; a damaged, malformed or missing SHA256SUMS is a broken corpus,
never a pass or a mismatch; every bad -j value gives the same message; bench
fails on a corpus mismatch."""
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from conftest import CORPUS, Result, assert_usage_error, grotto_bin


def run(*args, **kw):
    """conftest.run with subprocess options (env, preexec_fn)."""
    proc = subprocess.run([grotto_bin(), *map(str, args)], capture_output=True, text=True, timeout=600, **kw)
    return Result(proc)

# ---- standard output ----------------------------------------------------

# every command, with arguments that make it print (cheaply); bench's real
# run takes a minute, its output path is the same as every other command's
COMMANDS = [
    ["--help"], ["--version"], ["help", "map"],
    ["map", "DD5BC3"], ["map", "DD5BC3", "--json"], ["floor", "DD5BC3", "4"],
    ["timer", "36690", "--base", "55"], ["seeds", "--never"], ["chest", "020032", "3", "7"],
    ["search", "--band", "DD", "--state", "only", "--limit", "3"],
    ["oracle", "timers", "--quiet"], ["oracle", "floors", "--a", "impl", "--json"],
    ["sweep", "-j", "2"], ["stats", "--quiet"], ["bench", "--help"],
]


def run_to(target, *args, **kw):
    with open(target, "w") as out:
        p = subprocess.run([grotto_bin(), *map(str, args)], stdout=out, stderr=subprocess.PIPE, text=True,
                           timeout=600, **kw)
    return p


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_full_standard_output_is_an_error(args):
    p = run_to("/dev/full", *args)
    lines = p.stderr.splitlines()
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert len(lines) == 1, p.stderr
    cmd = "" if args[0].startswith("-") or args[0] == "help" else " " + args[0]
    assert lines[0] == f"grotto{cmd}: write error on standard output: No space left on device", lines


def test_output_is_checked_even_for_a_difference(tmp_path):
    """A verified difference (exit 1) whose report cannot be written is exit 2."""
    bad = tmp_path / "floors.digest"
    data = bytearray((CORPUS / "floors.digest").read_bytes())
    data[0] ^= 1
    bad.write_bytes(bytes(data))
    assert run("oracle", "floors", "--a", "impl", "--against", bad).rc == 1
    p = run_to("/dev/full", "oracle", "floors", "--a", "impl", "--against", bad)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "write error on standard output" in p.stderr


def test_closed_standard_output_is_an_error():
    p = subprocess.run([grotto_bin(), "map", "020032"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, pass_fds=(), close_fds=True, preexec_fn=lambda: os.close(1))
    assert p.returncode == 2
    assert p.stderr.startswith("grotto map: write error on standard output: ")


# ---- sweep --out ----------------------------------------------------------

NAMES = {"floors.digest", "maps.digest", "SHA256SUMS"}


def child_cpu(fn):
    """CPU seconds the children spent while fn ran (immune to a busy machine)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    res = fn()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return res, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def unwritable_dir(tmp_path):
    if os.geteuid() == 0:  # root writes through any mode bits; sysfs refuses new files even to root
        return "/sys"
    d = tmp_path / "ro"
    d.mkdir()
    d.chmod(0o555)
    return d


def test_unwritable_out_fails_before_the_sweep(tmp_path):
    d = unwritable_dir(tmp_path)
    res, cpu = child_cpu(lambda: run("sweep", "--out", d))
    assert_usage_error(res, "floors.digest: cannot write")
    assert cpu < 0.15, f"{cpu:.2f} s of CPU: the sweep (about 0.6 s) must not have run"


def limit_file_size(nbytes):
    def pre():
        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))
    return pre


def test_full_disk_fails_before_the_sweep_and_leaves_nothing(tmp_path):
    """A file-size limit (ulimit -f) stands in for a full disk: the space is
    reserved before the sweep, so it fails at once and leaves no file."""
    out = tmp_path / "out"
    res, cpu = child_cpu(lambda: run("sweep", "--out", out, preexec_fn=limit_file_size(1 << 20)))
    assert_usage_error(res, "floors.digest: cannot reserve space: File too large")
    assert cpu < 0.15, f"{cpu:.2f} s of CPU: the sweep must not have run"
    assert sorted(os.listdir(out)) == []


def temporaries(out):
    return [n for n in os.listdir(out) if ".tmp-" in n] if out.exists() else []


def default_signals():
    """The child starts with the default action for the signals tested: a
    shell may hand down "ignore" (nohup, background jobs), which grotto keeps."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def interrupt_sweep(out, sig):
    """Start sweep --out, stop it while its three temporary files exist (none
    committed yet), then deliver sig. Returns the process, or None when the
    sweep outran us (it takes well under a second)."""
    proc = subprocess.Popen([grotto_bin(), "sweep", "--out", str(out), "-j", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=default_signals)
    end = time.monotonic() + 60
    while len(temporaries(out)) < 3 and proc.poll() is None and time.monotonic() < end:
        time.sleep(0.0005)
    proc.send_signal(signal.SIGSTOP)
    caught = len(temporaries(out)) == 3
    if caught:
        proc.send_signal(sig)
    proc.send_signal(signal.SIGCONT)
    proc.communicate(timeout=120)
    return proc if caught else None


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_an_interrupted_sweep_leaves_no_file(tmp_path, sig):
    """The process dies of the signal and leaves neither a digest file nor a
    temporary one."""
    for attempt in range(5):
        out = tmp_path / f"out{attempt}"
        proc = interrupt_sweep(out, sig)
        if proc:
            assert proc.returncode == -sig
            assert os.listdir(out) == []
            return
    pytest.fail("could not interrupt a sweep in 5 attempts")


def bench_queries(tmp_path, runs, stderr):
    """grotto bench --queries with its temporary folder under tmp_path."""
    env = dict(os.environ, TMPDIR=str(tmp_path))
    return subprocess.Popen([grotto_bin(), "bench", "--queries", "-n", str(runs)], stdout=subprocess.DEVNULL,
                            stderr=stderr, env=env, preexec_fn=default_signals)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_an_interrupted_query_bench_leaves_no_folder(tmp_path, sig):
    """bench --queries keeps a 21 MB cache in a temporary folder: a signal
    ends the run under way, the folder is removed and the bench dies of the
    signal."""
    proc = bench_queries(tmp_path, 3, subprocess.DEVNULL)
    end = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < end and not list(tmp_path.glob("grotto-bench-*/cache/*.idx")):
        time.sleep(0.005)
    assert proc.poll() is None, "the bench ended before its cache was written"
    proc.send_signal(sig)
    proc.wait(timeout=60)
    assert proc.returncode == -sig
    assert list(tmp_path.iterdir()) == []


def test_a_query_bench_whose_stderr_is_gone_leaves_no_folder(tmp_path):
    """SIGPIPE at the first progress line (stderr's reader gone, as with
    `grotto bench --queries 2>&1 | head -1`): the same cleanup."""
    r, w = os.pipe()
    os.close(r)
    proc = bench_queries(tmp_path, 1, w)
    os.close(w)
    proc.wait(timeout=120)
    assert proc.returncode == -signal.SIGPIPE
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_rerun_keeps_the_complete_files(tmp_path):
    out = tmp_path / "out"
    assert run("sweep", "--out", out, "--quiet").rc == 0
    before = {n: (out / n).read_bytes() for n in NAMES}
    for attempt in range(5):
        if interrupt_sweep(out, signal.SIGTERM):
            break
    else:
        pytest.fail("could not interrupt a sweep in 5 attempts")
    assert set(os.listdir(out)) == NAMES
    assert {n: (out / n).read_bytes() for n in NAMES} == before
    assert run("oracle", "floors", "--a", "impl", "--against", out).rc == 0


# ---- SHA256SUMS ------------------------------------------------------------

def corpus_copy(tmp_path, sums=True):
    d = tmp_path / "golden"
    d.mkdir()
    for name in ("floors.digest", "maps.digest", "timers.jsonl", "floor-walk.bin") + (("SHA256SUMS",) if sums else ()):
        shutil.copy(CORPUS / name, d / name)
    return d


def as_corpus(d):
    """Environment in which 'corpus' names d (GROTTO_CORPUS/golden)."""
    env = dict(os.environ)
    env["GROTTO_CORPUS"] = str(d.parent)
    return env


def sums_text(d):
    return (d / "SHA256SUMS").read_text()


@pytest.mark.parametrize("case,needle", [
    ("directory", "not a regular file"),
    ("dangling link", "cannot open"),
    ("garbage line", "line {after} is not '<sha256>  <file>'"),  # the line after the corpus's own
    ("short hash", "line 1 is not"),
    ("blank line", "line 3 is not"),
    ("listed twice", "floors.digest is listed twice"),
    ("not named", "does not name floors.digest"),
])
def test_broken_sha256sums_is_an_error(tmp_path, case, needle):
    d = corpus_copy(tmp_path)
    sums = d / "SHA256SUMS"
    text = sums_text(d)
    lines = text.splitlines(keepends=True)
    needle = needle.format(after=len(lines) + 1)
    if case == "directory":
        sums.unlink()
        sums.mkdir()
    elif case == "dangling link":
        sums.unlink()
        sums.symlink_to(tmp_path / "nowhere")
    elif case == "garbage line":
        sums.write_text(text + "this is not a checksum line\n")
    elif case == "short hash":
        sums.write_text(lines[0][1:] + "".join(lines[1:]))
    elif case == "blank line":
        sums.write_text("".join(lines[:2]) + "\n" + "".join(lines[2:]))
    elif case == "listed twice":
        sums.write_text(text + lines[0])
    else:
        sums.write_text("".join(l for l in lines if not l.endswith(" floors.digest\n")))
    for res in (run("oracle", "floors", "--a", "impl", "--against", d),
                run("oracle", "floors", "--a", "impl", "--against", "corpus", env=as_corpus(d))):
        assert_usage_error(res, "broken", needle)


def test_unreadable_sha256sums_is_an_error():
    """Mode 000. Root reads through any mode, so as root the command runs as
    'nobody' on a world-readable copy in which only SHA256SUMS is unreadable."""
    d = Path(tempfile.mkdtemp(prefix="grotto-sums-"))
    try:
        d.chmod(0o755)
        for name in ("floors.digest", "SHA256SUMS"):
            shutil.copy(CORPUS / name, d / name)
            (d / name).chmod(0o644)
        (d / "SHA256SUMS").chmod(0)
        as_nobody = (lambda: os.setuid(65534)) if os.geteuid() == 0 else None
        # a coverage build writes its counters where 'nobody' may write
        gcov = d / "gcov"
        gcov.mkdir()
        gcov.chmod(0o777)
        env = dict(os.environ, GCOV_PREFIX=str(gcov))
        res = run("oracle", "floors", "--against", d, preexec_fn=as_nobody, env=env)
        assert_usage_error(res, "SHA256SUMS: broken checksum file: cannot open: Permission denied")
    finally:
        shutil.rmtree(d)


def test_the_corpus_requires_sha256sums(tmp_path):
    d = corpus_copy(tmp_path, sums=False)
    env = as_corpus(d)
    for args in (["oracle", "floors", "--a", "impl"], ["oracle", "timers"], ["sweep"], ["bench"]):
        assert_usage_error(run(*args, env=env), "SHA256SUMS: broken corpus: missing")
    # a plain directory may come without one (grotto sweep --out writes one, other tools may not)
    assert run("oracle", "floors", "--a", "impl", "--against", d, "--quiet").rc == 0


def test_corrupt_timer_file_is_broken(tmp_path):
    d = corpus_copy(tmp_path)
    data = (d / "timers.jsonl").read_bytes()
    assert b'"seed":21468,' in data
    (d / "timers.jsonl").write_bytes(data.replace(b'"seed":21468,', b'"seed":21469,', 1))
    assert_usage_error(run("oracle", "timers", "--against", d), "corrupt timer file")


def test_malformed_timer_file_is_broken(tmp_path):
    d = tmp_path / "vectors"
    d.mkdir()
    (d / "timers.jsonl").write_text('{"timer":0,"r1":0,"seed":21468,"r3":9988}\n{"timer":1,"r1":-5}\n')
    assert_usage_error(run("oracle", "timers", "--against", d), "line 2 is not")


# ---- thread counts ---------------------------------------------------------

@pytest.mark.parametrize("cmd", [["oracle"], ["sweep"], ["bench"]])
def test_every_bad_thread_count_gives_the_same_message(cmd):
    msgs = set()
    for value in ("-1", "0", "x", "257", "2x", ""):
        res = run(*cmd, "-j", value)
        assert_usage_error(res, f"bad thread count '{value}': expected a whole number 1..256")
        msgs.add(res.err.replace(f"'{value}'", "'V'"))
    assert len(msgs) == 1, msgs


# ---- bench -----------------------------------------------------------------

def test_bench_fails_on_a_corpus_mismatch(tmp_path):
    """A corpus (with a consistent SHA256SUMS) in which one floor digest was
    changed: both engines disagree with it at that floor, bench says so and
    exits 1. The JSON keeps its shape."""
    d = corpus_copy(tmp_path)
    data = bytearray((d / "floors.digest").read_bytes())
    data[8 * (0x5BC3 * 16 + 3)] ^= 1
    (d / "floors.digest").write_bytes(bytes(data))
    walk = bytearray((d / "floor-walk.bin").read_bytes())  # and one walking cost: the research block's
    walk[2 * (0x0123 * 16 + 9)] ^= 2
    (d / "floor-walk.bin").write_bytes(bytes(walk))
    sums = subprocess.run(["sha256sum", "floors.digest", "maps.digest", "timers.jsonl", "floor-walk.bin"], cwd=d,
                          check=True, capture_output=True, text=True).stdout
    (d / "SHA256SUMS").write_text(sums)
    res = run("bench", "--json", "-j", "2", env=as_corpus(d))
    assert res.rc == 1, res.err
    j = res.json()
    assert j["threads"] == 2 and j["repeat"] == 1 and j["corpus_checked"] is True and j["corpus_mismatches"] == 2
    for eng in ("ref", "impl"):
        r = j[eng]
        assert r["ok"] is True and r["same_digests_every_run"] is True
        assert set(r["stage_cpu_seconds"]) == {"floors", "elist", "analysis", "maps"}
        for s in list(r["stage_cpu_seconds"].values()) + [r["cpu_seconds"], r["wall_seconds"]]:
            assert s["min"] == s["median"] >= 0  # one run: min is the median
        assert r["cpu_seconds"]["min"] > 0 and r["wall_seconds"]["min"] > 0
        # the stages run inside the child, whose CPU time covers them
        assert sum(s["min"] for s in r["stage_cpu_seconds"].values()) <= r["cpu_seconds"]["min"] * 1.05 + 0.02
        assert r["floors"] == 524288 and r["maps"] == 393216
        assert r["peak_rss_kib"] > 0
        assert r["floor_corpus_mismatches"] == 1 and r["map_corpus_mismatches"] == 0
    assert j["identical_digests"] is True
    assert j["ratio"] == pytest.approx(j["ref"]["cpu_seconds"]["median"] / j["impl"]["cpu_seconds"]["median"],
                                       rel=0.02)
    assert j["impl"]["floor_generations"] < j["ref"]["floor_generations"]
    lim = j["limit"]
    # every layout run draws (at least 3 rooms' worth) and every record is hashed whole or by its used prefix
    assert lim["draws"] > 100 * j["impl"]["floor_generations"]
    assert 524288 * 272 < lim["bytes_hashed"] < 524288 * 272 + 393216 * 140
    assert lim["seconds"] == pytest.approx(
        (lim["draws"] * lim["ns_per_draw"] + lim["bytes_hashed"] * lim["ns_per_byte"]) * 1e-9, rel=0.01)
    assert lim["impl_cpu_over_limit"] > 1
    assert set(j["targets"]) == {"impl_within_2x_limit", "ratio_at_least_40", "impl_rss_under_64mib"}
    over = j["impl"]["cpu_seconds"]["median"] / lim["seconds"]
    if abs(over - 2) > 0.01:  # the rounded figures decide only away from the line
        assert j["targets"]["impl_within_2x_limit"] == (over <= 2)
    if abs(j["ratio"] - 40) > 0.01:
        assert j["targets"]["ratio_at_least_40"] == (j["ratio"] >= 40)
    assert j["targets"]["impl_rss_under_64mib"] == (j["impl"]["peak_rss_kib"] < 64 * 1024)
    # the research domains: impl's, every item of the oracle's definitions (the chests: its slice)
    r = j["research"]
    assert r["engine"] == "impl" and r["seeds"] == 32768 and r["refused"] == 0
    assert r["same_digests_every_run"] is True and r["walk_corpus_mismatches"] == 1
    items = {x["domain"]: x["items"] for x in r["domains"]}
    assert items == {"walk": 524288, "at": 5177344, "multibug": 393216, "chests": 336592896}
    for x in r["domains"]:
        assert x["cpu_seconds"]["min"] == x["cpu_seconds"]["median"] > 0
        assert x["ns_per_item"] == pytest.approx(x["cpu_seconds"]["median"] * 1e9 / x["items"], rel=0.01)
        assert x["limit_seconds"] == pytest.approx(x["bytes"] * lim["ns_per_byte"] * 1e-9, rel=0.01)
        assert x["impl_cpu_over_limit"] == pytest.approx(x["cpu_seconds"]["median"] / x["limit_seconds"], rel=0.02)
        assert len(x["digest"]) == 16 and int(x["digest"], 16) >= 0
    by = {x["domain"]: x["bytes"] for x in r["domains"]}
    assert by["multibug"] == 393216 * 314 and by["chests"] == 12 * 16 * 4 * 32768 + 3 * 336592896
