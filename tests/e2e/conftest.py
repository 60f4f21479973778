"""Shared fixtures of the end-to-end tests of the grotto command.

The binary is $GROTTO_BIN (ci/test.sh sets it) or build/cli/grotto.
Golden data comes from corpus/golden/ so that a fresh clone tests itself.

$GROTTO_PYTEST_SAMPLE = "K/N:SALT" runs only the tests whose
CRC-32 of SALT + test id is K modulo N (ci/sanitize.sh's instrumented pass
runs one quarter, salted with the commit, so that successive commits cover
other quarters; every test runs uninstrumented in the tests or the main
stage). The
deselected ones are reported as such, never as passed.

The tests of UNIVERSE_TESTS (below) run grotto over a whole universe or
domain - a bench sweep of both engines, an oracle domain with ref, the
query set cold: seconds of CPU each uninstrumented, minutes under a
sanitizer. They carry the marker `universe`: the README's test command
(ci/test.sh) leaves them to the main job (ci/main.sh, pytest -m universe;
FULL_TESTS=1 ci/test.sh runs them too), they start first in a run that
has them (the longest ones last would leave one worker idle at the end),
and ci/sanitize.sh and
ci/coverage.sh leave them out of their instrumented passes (-m "not
universe"), whose ctest runs the same engines over the universe tests; the
coverage gate keeps those of `grotto bench` (marker `bench`: no ctest test
reaches the bench's code).
"""
import json
import os
import re
import subprocess
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "golden"


# node ids without "tests/e2e/"; a parametrized test is named with its id
UNIVERSE_TESTS = (
    "test_nothing_lost.py::test_bench_fails_on_a_corpus_mismatch",
    "test_cli_findings.py::test_bench_says_one_thread_in_the_singular",
    "test_text_output.py::test_oracle_differences_fit_100_columns",
    "test_oracle.py::test_without_b_the_default_is_the_corpus_domains",
    "test_oracle.py::test_altered_map_digest_shows_in_maps_qualities_and_sweep",
    "test_oracle.py::test_sweep_writes_a_corpus_the_oracle_reads",
    "test_stats_bench.py::test_bench_queries_json_shape",
    "test_json_schema.py::test_output_follows_the_documentation[oracle]",
    "test_json_schema.py::test_every_shared_field_is_seen_somewhere",  # the oracle's lines too
    "test_oracle_chests.py::test_the_slice_impl_vs_ref",
    "test_oracle_chests.py::test_without_b_the_default_run_leaves_chests_out",
    "test_oracle_walk.py::test_ref_vs_impl_vs_corpus",
    "test_oracle_walk.py::test_a_directory_without_walk_costs",
) + tuple("test_descriptions.py::test_documents_match_the_generated_schema[oracle-oracle %s --json --quiet]" % a
          for a in ("floors --a impl", "timers --a ref --b impl", "walk --a impl", "chests --a impl --b ref"))


# the universe tests that run `grotto bench`, the only ones to reach
# universe/bench*.c: they also carry the marker `bench`, which the coverage
# gate keeps (-m "not universe or bench")
BENCH_TESTS = tuple(t for t in UNIVERSE_TESTS if "::test_bench_" in t)


def pytest_configure(config):
    config.addinivalue_line("markers", "universe: runs grotto over a whole universe or domain (conftest.py "
                            "UNIVERSE_TESTS): started first, left out of the instrumented passes of "
                            "ci/sanitize.sh and ci/coverage.sh (but those marked bench)")
    config.addinivalue_line("markers", "bench: a universe test of grotto bench (conftest.py BENCH_TESTS), kept "
                            "by the coverage gate")


def pytest_collection_modifyitems(config, items):
    heavy = {"tests/e2e/" + t for t in UNIVERSE_TESTS}
    bench = {"tests/e2e/" + t for t in BENCH_TESTS}
    for item in items:
        if item.nodeid in heavy:
            item.add_marker(pytest.mark.universe)
        if item.nodeid in bench:
            item.add_marker(pytest.mark.bench)
    items.sort(key=lambda item: item.get_closest_marker("universe") is None)  # stable: marked ones first
    spec = os.environ.get("GROTTO_PYTEST_SAMPLE")
    if not spec:
        return
    m = re.fullmatch(r"(\d+)/(\d+)(?::(.*))?", spec)
    if not m or not 0 <= int(m.group(1)) < int(m.group(2)):
        raise pytest.UsageError(f"GROTTO_PYTEST_SAMPLE={spec!r}: expected K/N or K/N:SALT with 0 <= K < N")
    k, n, salt = int(m.group(1)), int(m.group(2)), m.group(3) or ""
    keep, drop = [], []
    for item in items:
        (keep if zlib.crc32((salt + item.nodeid).encode()) % n == k else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def grotto_bin():
    return os.environ.get("GROTTO_BIN") or str(ROOT / "build" / "cli" / "grotto")


def unwrap(text, indent=10):
    """Text output with its wrapped lines joined again: a line that starts with
    `indent` spaces and then a non-space continues the line before it (the text
    output breaks lines at 100 columns)."""
    lines = []
    for line in text.splitlines():
        if lines and re.match(r" {%d}\S" % indent, line):
            lines[-1] += " " + line[indent:]
        else:
            lines.append(line)
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


class Result:
    def __init__(self, proc):
        self.rc = proc.returncode
        self.out = proc.stdout
        self.err = proc.stderr

    @property
    def text(self):
        """The output with wrapped lines joined (unwrap)."""
        return unwrap(self.out)

    @property
    def lines(self):
        """The output's lines with wrapped ones joined (unwrap)."""
        return unwrap(self.out).splitlines()

    def json(self):
        return json.loads(self.out)


def run(*args, timeout=600, env=None):
    proc = subprocess.run([grotto_bin(), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env=env)
    return Result(proc)


@pytest.fixture
def grotto():
    return run


SHARED_OUTPUTS = None  # set by private_index_cache: a folder all workers of the run share


def run_shared(*args):
    """grotto ARGS run once per test run, whichever test or worker asks
    first; the others read its exit status and output (for the whole-domain
    commands several tests check: the oracle's chests slice takes 20 s).
    Only for commands whose output does not depend on the test's files."""
    import fcntl
    import hashlib
    import pickle
    if SHARED_OUTPUTS is None:
        return run(*args)
    key = hashlib.sha256(repr((grotto_bin(), [str(a) for a in args])).encode()).hexdigest()[:24]
    path = SHARED_OUTPUTS / key
    with open(SHARED_OUTPUTS / (key + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second asker waits for the first
        if path.exists():
            return pickle.loads(path.read_bytes())
        res = run(*args)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(res))
        tmp.rename(path)
        return res


def run_size_limited(args, limit, gcov_dir):
    """grotto ARGS with a file-size limit of `limit` bytes (ulimit -f), the
    stand-in for a full disk. In a coverage build libgcov writes its .gcda
    files at exit under the same limit: GCOV_PREFIX sends them to `gcov_dir`
    (so the shared ones are not truncated) and the lines it prints when the
    limit stops it are left out of `err`. Elsewhere both change nothing."""
    import resource

    def limit_size():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    env = dict(os.environ, GCOV_PREFIX=str(gcov_dir))
    proc = subprocess.run([grotto_bin(), *map(str, args)], capture_output=True, text=True,
                          preexec_fn=limit_size, env=env)
    res = Result(proc)
    res.err = "".join(l for l in proc.stderr.splitlines(keepends=True)
                      if not l.startswith("libgcov profiling error"))
    return res


def load_jsonl(name, keep=None):
    out = []
    with open(CORPUS / name, encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            if keep is None or keep(obj):
                out.append(obj)
    return out


@pytest.fixture(scope="session")
def maps_sample():
    return load_jsonl("maps-sample.jsonl")


@pytest.fixture(scope="session")
def floors_sample():
    return load_jsonl("floors-sample.jsonl")


def assert_usage_error(res, *needles):
    """Bad input: exit 2, one clear line on stderr, nothing on stdout."""
    assert res.rc == 2, (res.rc, res.out, res.err)
    assert res.out == "", res.out
    lines = [l for l in res.err.splitlines() if l.strip()]
    assert len(lines) == 1, res.err
    assert lines[0].startswith("grotto"), res.err
    for n in needles:
        assert n.lower() in lines[0].lower(), (n, res.err)


@pytest.fixture(scope="session", autouse=True)
def private_index_cache(tmp_path_factory):
    """The universe index cache of the whole session lives in a temporary
    directory (never the user's ~/.cache/grotto): the first query builds
    it, the others read it. Under pytest-xdist (-n N) the workers share one
    folder beside their own temporary folders, so the index is built once
    per run: a worker that finds another one building waits for it (the
    index's build lock) and then reads its file."""
    global SHARED_OUTPUTS
    old = os.environ.get("GROTTO_CACHE_DIR")
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = tmp_path_factory.getbasetemp().parent / "grotto-cache"
        shared.mkdir(exist_ok=True)
        os.environ["GROTTO_CACHE_DIR"] = str(shared)
        SHARED_OUTPUTS = tmp_path_factory.getbasetemp().parent / "grotto-outputs"
        SHARED_OUTPUTS.mkdir(exist_ok=True)
    else:
        os.environ["GROTTO_CACHE_DIR"] = str(tmp_path_factory.mktemp("grotto-cache"))
        SHARED_OUTPUTS = tmp_path_factory.mktemp("grotto-outputs")
    yield
    if old is None:
        del os.environ["GROTTO_CACHE_DIR"]
    else:
        os.environ["GROTTO_CACHE_DIR"] = old
