"""The sampled pytest run of ci/sanitize.sh (GROTTO_PYTEST_SAMPLE, see
conftest.py): the halves of one salt are disjoint and together the whole
suite, another salt chooses other halves, and a bad value stops pytest."""
import os
import re
import subprocess
import sys

from conftest import ROOT, UNIVERSE_TESTS

FILES = ["tests/e2e/test_help.py", "tests/e2e/test_cli_basics.py"]


def collect(sample, *args, files=FILES):
    env = dict(os.environ)
    env.pop("GROTTO_PYTEST_SAMPLE", None)
    if sample is not None:
        env["GROTTO_PYTEST_SAMPLE"] = sample
    p = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                        *args, *files], cwd=ROOT, env=env, capture_output=True, text=True)
    ids = [l for l in p.stdout.splitlines() if "::" in l]
    return p.returncode, ids, p.stdout + p.stderr


def test_halves_partition_the_suite():
    rc, whole, _ = collect(None)
    assert rc == 0 and len(whole) > 20
    rc0, a, _ = collect("0/2:x")
    rc1, b, _ = collect("1/2:x")
    assert rc0 == rc1 == 0
    assert a and b and not set(a) & set(b) and sorted(a + b) == sorted(whole)
    _, c, _ = collect("0/2:y")
    assert set(c) != set(a), "another salt, another half"


def test_a_bad_sample_stops_pytest():
    rc, _, out = collect("2/2")
    assert rc != 0
    assert re.search(r"GROTTO_PYTEST_SAMPLE='2/2': expected K/N", out)


def test_universe_tests_are_marked_and_come_first():
    """Every entry of conftest.UNIVERSE_TESTS names a test of the suite (a
    renamed test must not silently join the sanitizer pass), those carry
    the marker, and they are collected first. ci/coverage.sh's selection
    (-m "not universe or bench") keeps the universe tests of grotto bench,
    the only tests of universe/bench*.c, and leaves out the other universe
    tests. (Two collections of the whole suite, a few seconds each.)"""
    rc, marked, out = collect(None, "-m", "universe", files=["tests/e2e"])
    assert rc == 0, out
    assert sorted(marked) == sorted("tests/e2e/" + t for t in UNIVERSE_TESTS), out
    rc, kept, out = collect(None, "-m", "not universe or bench", files=["tests/e2e"])
    assert rc == 0, out
    bench = set(kept) & set(marked)
    assert len(bench) == 3 and all("::test_bench_" in t for t in bench), out
    dropped = set(marked) - bench
    assert not dropped & set(kept) and len(dropped) == len(UNIVERSE_TESTS) - 3
    rc, whole, out = collect(None, files=["tests/e2e/test_oracle_walk.py", "tests/e2e/test_cli_findings.py"])
    assert rc == 0, out
    first = [t for t in whole if t in marked]
    assert len(first) == 3 and whole[:3] == first, whole[:5]


def test_the_universe_tests_run_in_the_main_job():
    """The README's test command leaves the ctest tests labelled universe
    and the pytest tests marked universe to the main job (FULL_TESTS=1
    brings them back), and the main job runs them: every test runs in one
    of the two, and none is dropped by both."""
    test_sh = (ROOT / "ci" / "test.sh").read_text()
    main_sh = (ROOT / "ci" / "main.sh").read_text()
    assert 'ctest_skip=(-LE universe)' in test_sh and 'pytest_skip=(-m "not universe")' in test_sh
    assert '{ ctest_skip=(); pytest_skip=(); }' in test_sh, "FULL_TESTS=1 runs them in the test command too"
    assert re.search(r'ctest .*"\$\{ctest_skip\[@\]\}"', test_sh)
    assert re.search(r'pytest .*"\$\{pytest_skip\[@\]\}" tests/e2e', test_sh)
    run = [l for l in main_sh.splitlines() if "-m pytest" in l]
    assert len(run) == 1 and re.search(r"-m universe tests/e2e", run[0]), run
    run = [l for l in main_sh.splitlines() if l.startswith("ctest ")]
    assert len(run) == 1 and " -L universe -LE oracle-step " in run[0], run
    # what the main job's ctest leaves out (label oracle-step) its oracle
    # step runs: every domain, both engines, the corpus, every chest triple
    step = [l for l in main_sh.splitlines() if l.startswith("step oracle ")]
    assert step == ["step oracle oracle --a ref --b impl --against corpus --full --quiet"], step
    cmake = (ROOT / "tests" / "CMakeLists.txt").read_text()
    assert cmake.count("oracle-step") == 2 and re.search(
        r'set\(GROTTO_FULL_UNIVERSE_TESTS test_universe_differential test_ref_universe_maps '
        r'test_ref_universe_floors\)', cmake)
    assert re.search(r'IN_LIST GROTTO_FULL_UNIVERSE_TESTS\)\n +set_tests_properties\(\$\{name\} PROPERTIES LABELS '
                     r'"universe;full;oracle-step"', cmake)
