"""ci/mutants.py, the mutation check's own logic without running a mutant:
the list applies, and the record of catchers (ci/mutants-catchers.txt)
is read, rewritten and mapped to build targets as documented."""
import importlib.util
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

spec = importlib.util.spec_from_file_location("mutants", ROOT / "ci" / "mutants.py")
mutants = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutants)


def check(mutant=None):
    env = dict(os.environ)
    env.pop("GROTTO_MUTANT", None)
    if mutant:
        env["GROTTO_MUTANT"] = mutant
    p = subprocess.run([sys.executable, "ci/mutants.py", "--check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return p.stdout.splitlines()[-1]


def test_every_listed_mutant_applies_to_one_line():
    """In the tree as committed every mutant applies. Inside a mutant run
    (GROTTO_MUTANT set by ci/mutants.py), the active mutant's own line is
    changed: the check leaves out the mutants on it and still checks the
    others, so that this test never "catches" a mutant by itself."""
    listed = sum(1 for l in (ROOT / "ci" / "mutants.txt").read_text().splitlines() if l.startswith("id:"))
    active = os.environ.get("GROTTO_MUTANT")
    last = check(active)
    m = re.fullmatch(r"(\d+) mutants apply(?:, (\d+) left out: on the line of the active mutant (\S+) .*)?", last)
    assert m, last
    assert int(m.group(1)) + int(m.group(2) or 0) == listed
    assert (m.group(3) is not None) == (active is not None) and m.group(3) == active


def test_the_check_leaves_out_only_the_active_mutants_line():
    if os.environ.get("GROTTO_MUTANT"):
        pytest.skip("inside a mutant run the tree's active mutant is another one")
    listed = sum(1 for l in (ROOT / "ci" / "mutants.txt").read_text().splitlines() if l.startswith("id:"))
    last = check("impl-sweep-slot-pad")
    assert last == ("%d mutants apply, 1 left out: on the line of the active mutant impl-sweep-slot-pad "
                    "(GROTTO_MUTANT)" % (listed - 1))
    assert check("no-such-mutant") == "%d mutants apply" % listed


def test_catchers_are_rewritten_from_a_run(tmp_path):
    path = tmp_path / "catchers.txt"
    path.write_text("# comment\nkept\tctest\ttest_old\nrerun\tctest\ttest_stale\n")
    known = mutants.read_catchers(path)
    assert known == {"kept": ("ctest", "test_old"), "rerun": ("ctest", "test_stale")}
    results = [({"id": "a"}, [("ctest", ["test_ref_rng", "test_impl_map"])]),
               ({"id": "b"}, [("pytest", ["test_map.py::test_q[x y]"])]),
               ({"id": "rerun"}, [("pytest", ["pytest exit 2"])]),  # no test named: not recorded
               ({"id": "c"}, [("oracle", ["exit 1: floors"])]),
               ({"id": "d"}, [])]
    mutants.write_catchers(path, known, results)
    assert mutants.read_catchers(path) == {"a": ("ctest", "test_ref_rng"), "b": ("pytest", "test_map.py::test_q[x y]"),
                                           "kept": ("ctest", "test_old")}
    assert not (tmp_path / "catchers.txt.tmp").exists()


def test_a_catcher_names_its_build_target():
    assert mutants.catcher_target(ROOT, ("ctest", "test_universe_planted_full")) == "test_universe_planted"
    assert mutants.catcher_target(ROOT, ("ctest", "test_ref_rng")) == "test_ref_rng"
    assert mutants.catcher_target(ROOT, ("ctest", "test_no_such_test")) is None
    assert mutants.catcher_target(ROOT, ("pytest", "test_map.py::test_x")) == ""
    assert mutants.catcher_target(ROOT, ("pytest", "test_no_such_file.py::test_x")) is None


def test_the_recorded_catchers_name_listed_mutants():
    assert mutants.CATCHERS.exists(), "ci/mutants-catchers.txt is committed"
    listed = {m["id"] for m in mutants.parse_list(ROOT / "ci" / "mutants.txt")}
    recorded = mutants.read_catchers(mutants.CATCHERS)
    assert set(recorded) <= listed, sorted(set(recorded) - listed)
    gone = {mid: c for mid, c in recorded.items() if mutants.catcher_target(ROOT, c) is None}
    assert not gone, gone
