#!/usr/bin/env python3
"""Mutation check (ci/mutants.sh): applies each one-line mutant of a list
(ci/mutants.txt) to a scratch copy of the tree, builds it, runs the suite -
ctest, pytest, `grotto oracle --a ref --b impl --against corpus`, the report
site's tests (pytest tests/site) - and records which stage and which tests
caught it. The working tree is never touched. Prints a table and a
summary; exit 1 if a mutant survived (every listed mutant changes
behaviour, so a survivor is a hole in the tests), 2 on a broken list or a
suite that fails without any mutant. The same figures go
to $CI_RESULTS/mutants.json (default build-ci/results; read by ci/publish.sh,
fields in docs/json.md), written to a temporary name and renamed.

With --first, the test that caught a mutant last time (ci/mutants-catchers.txt:
id, stage, test, tab-separated; --save-catchers rewrites it after every mutant)
runs before everything else: a mutant it still catches costs that test
alone. A recorded test that no longer exists, or no longer catches the
mutant, only costs its own run: the usual stages follow."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIELDS = ("id", "file", "from", "to", "why")
XDIST = subprocess.run(["/usr/bin/python3", "-c", "import xdist"], capture_output=True).returncode == 0


def parse_list(path):
    mutants, block = [], {}
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines() + [""], 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if block:
                missing = [f for f in FIELDS if f not in block]
                if missing:
                    sys.exit(f"ci/mutants: {path}:{no}: mutant without {', '.join(missing)}")
                mutants.append(block)
                block = {}
            continue
        m = re.match(r"^(id|file|from|to|why):\s?(.*)$", line)
        if not m:
            sys.exit(f"ci/mutants: {path}:{no}: expected 'id:', 'file:', 'from:', 'to:' or 'why:'")
        block[m.group(1)] = m.group(2).strip()
    ids = [m["id"] for m in mutants]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        sys.exit(f"ci/mutants: duplicate ids: {', '.join(sorted(dup))}")
    return mutants


def locate(tree, m):
    """The line number of m['from'] in its file; exits if not exactly one."""
    lines = (tree / m["file"]).read_text(encoding="utf-8").split("\n")
    hits = [i for i, l in enumerate(lines) if m["from"] in l]
    if len(hits) != 1:
        sys.exit(f"ci/mutants: {m['id']}: '{m['from']}' is on {len(hits)} lines of {m['file']}, expected 1")
    return hits[0]


def copy_tree(dest):
    """Tracked and untracked, not ignored, files of the working tree."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, check=True, capture_output=True).stdout.split(b"\0")
    for f in files:
        if not f:
            continue
        src = ROOT / os.fsdecode(f)
        if not src.is_file():
            continue  # deleted in the working tree
        dst = dest / os.fsdecode(f)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def run(cmd, cwd, env=None, timeout=3600):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return "timeout", out


def ctest_stage(tree, build, args, stop_at_first):
    cmd = ["ctest", "--test-dir", str(build), "--timeout", "900", f"-j{os.cpu_count() or 2}", *args]
    if stop_at_first:
        cmd.append("--stop-on-failure")
    rc, out = run(cmd, tree)
    if rc == 0:
        return None
    names = re.findall(r"^\s*\d+ - (\S+) \(", out, re.M)
    return ("ctest", names or [f"ctest exit {rc}"])


def pytest_stage(tree, build, stop_at_first, args):
    env = dict(os.environ, GROTTO_BIN=str(build / "cli" / "grotto"))
    cmd = ["/usr/bin/python3", "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider", *args]
    if XDIST:
        cmd += ["-n", str(os.cpu_count() or 2)]
    if stop_at_first:
        cmd.append("-x")
    rc, out = run(cmd, tree, env)
    if rc == 0:
        return None
    names = re.findall(r"^FAILED (.+?)(?: - .*)?$", out, re.M)
    return ("pytest", [n.replace("tests/e2e/", "") for n in names] or [f"pytest exit {rc}"])


def oracle_stage(tree, build):
    rc, out = run([str(build / "cli" / "grotto"), "oracle", "--a", "ref", "--b", "impl", "--against", "corpus",
                   "--quiet"], tree, timeout=1800)
    if rc == 0:
        return None
    summary = [l for l in out.splitlines() if "checked" in l] or [f"exit {rc}"]
    return ("oracle", [f"exit {rc}: " + "; ".join(summary)])


def site_stage(tree):
    """The report site's tests (tests/site). They need Debian's chromium
    (ci/publish.sh installs it): without it the stage fails, so that a
    mutant is never counted as surviving for want of a browser."""
    rc, out = run(["/usr/bin/python3", "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider", "tests/site"], tree)
    if rc == 0:
        return None
    names = re.findall(r"^FAILED (.+?)(?: - .*)?$", out, re.M)
    return ("site", [n.replace("tests/site/", "") for n in names] or [f"pytest exit {rc}"])


# the end-to-end test files of a folder's layer, beside those named after
# the file: words of their names (tests/e2e/test_WORD*.py)
DIR_PYTEST = {"verify": ("verify",), "capture": ("verify", "capture"), "interchange": ("interchange",),
              "universe": ("search", "stats", "odds", "research", "index"), "lookup": ("map", "floor", "walk"),
              "oracle": ("oracle",), "tools/adapters": ("other_tools",), "tools/searcher": ("searcher",),
              "tools/capture": ("capture",)}


def likely(tree, file):
    """The tests named after the mutated file, run first by --first: ctest
    names containing its stem or `test_DIR_`, pytest files containing its
    stem (cli/cmd_map.c -> test_map.py) or a word of its folder's
    DIR_PYTEST. Returns (ctest regex or None, [pytest files])."""
    d, stem = Path(file).parent.name, Path(file).stem.removeprefix("cmd_")
    regex = f"({re.escape(stem)}|test_{re.escape(d)}(_|$))"
    names = [p.stem for p in (tree / "tests" / "unit").glob("test_*.c")]
    ctest = regex if any(re.search(regex, n) for n in names) else None
    words = (stem,) + DIR_PYTEST.get(str(Path(file).parent), ())
    py = sorted(str(p.relative_to(tree)) for p in (tree / "tests" / "e2e").glob("test_*.py")
                if any(w in p.stem for w in words))
    return ctest, py


def likely_targets(tree, file):
    """The build targets the likely tests need: their test executables and
    the command (which end-to-end tests and some unit tests run)."""
    ct, _ = likely(tree, file)
    names = [p.stem for p in (tree / "tests" / "unit").glob("test_*.c")]
    return ["grotto"] + sorted(n for n in names if ct and re.search(ct, n))


CATCHERS = ROOT / "ci" / "mutants-catchers.txt"


def read_catchers(path):
    """{id: (stage, test)} of the catchers file ('#' lines are comments)."""
    out = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                mid, stage, test = line.split("\t")
                out[mid] = (stage, test)
    return out


def write_catchers(path, known, results):
    """The catchers file with this run's first catchers (a caught mutant's
    first failing test; stages without test names, like the oracle's, are
    not recorded), the other entries kept; written to a temporary name and
    renamed."""
    for m, caught in results:
        known.pop(m["id"], None)
        if caught and caught[0][0] in ("ctest", "pytest") and not re.match(r"(ctest|pytest) exit", caught[0][1][0]):
            known[m["id"]] = (caught[0][0], caught[0][1][0])
    lines = ["# ci/mutants.py --first runs each mutant's recorded catcher first (see ci/mutants.py);",
             "# rewritten by ci/mutants.sh --first --save-catchers. id, stage, test; tab-separated."]
    lines += ["\t".join((mid, *known[mid])) for mid in sorted(known)]
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)


def catcher_target(tree, catcher):
    """The build target a recorded catcher needs besides grotto (a ctest
    test's executable: NAME or NAME_full -> NAME), or None when it is gone."""
    stage, test = catcher
    if stage == "pytest":
        return None if not (tree / "tests" / "e2e" / test.split("::")[0]).is_file() else ""
    exe = test.removesuffix("_full")
    return exe if (tree / "tests" / "unit" / f"{exe}.c").is_file() else None


def catcher_stage(tree, build, catcher):
    stage, test = catcher
    if stage == "ctest":
        return ctest_stage(tree, build, ["-R", f"^{re.escape(test)}$"], True)
    return pytest_stage(tree, build, True, ["tests/e2e/" + test])


# the layers only the end-to-end tests drive (the command, its renderings,
# the tools' scripts): --first runs pytest before the unit tests there
PYTEST_FIRST = ("cli/", "lookup/", "result/", "tools/", "tests/e2e/", "ci/")


def suite(tree, build, stop_at_first, file, build_all, catcher=None):
    """Runs the stages; returns [(stage, [catchers])] of the stages that
    failed (a catcher is a failing test, or the stage itself). With
    stop_at_first the tests named after the mutated file come first (only
    their targets are built before: build_all() builds the rest when a
    later stage needs it), then the cheap stages (the ctest unit tests,
    pytest without the marker `universe`; pytest first for the files of
    PYTEST_FIRST), then the universe tests (ctest `universe` but `full`,
    ctest `full`, pytest `universe`) and the oracle, each stopping at its
    first failure; otherwise every stage runs whole."""
    if stop_at_first:
        ct, py = likely(tree, file)
        ignore = [f"--ignore={f}" for f in py]
        stages = [lambda: catcher_stage(tree, build, catcher)] if catcher else []
        if file.startswith("tools/site/"):
            stages.append(lambda: site_stage(tree))
        if ct:
            # the unit tests before the universe ones: ctest -j starts the
            # costly tests first, and a catcher among the quick ones would wait
            stages.append(lambda: ctest_stage(tree, build, ["-L", "unit", "-R", ct], True))
            stages.append(lambda: ctest_stage(tree, build, ["-L", "universe", "-LE", "full", "-R", ct], True))
        if py:  # their universe tests run with the others, later
            stages.append(lambda: pytest_stage(tree, build, True, py + ["-m", "not universe"]))
        other = ["-E", ct] if ct else []
        cheap = [lambda: build_all() or ctest_stage(tree, build, ["-L", "unit", "-LE", "full"] + other, True),
                 lambda: build_all() or pytest_stage(tree, build, True, ["tests/e2e", "-m", "not universe"] + ignore)]
        if file.startswith(PYTEST_FIRST):
            cheap.reverse()
        stages += cheap + [lambda: ctest_stage(tree, build, ["-L", "universe", "-LE", "full"] + other, True),
                           lambda: ctest_stage(tree, build, ["-L", "full"], True),
                           lambda: pytest_stage(tree, build, True, ["tests/e2e", "-m", "universe"]),
                           lambda: oracle_stage(tree, build),
                           lambda: site_stage(tree)]
    else:
        stages = [lambda: ctest_stage(tree, build, [], False),
                  lambda: pytest_stage(tree, build, False, ["tests/e2e"]),
                  lambda: oracle_stage(tree, build),
                  lambda: site_stage(tree)]
    caught = []
    for stage in stages:
        c = stage()
        if c:
            caught.append(c)
            if stop_at_first:
                break
    return caught


def write_results(results, listed, a):
    """$CI_RESULTS/mutants.json: every mutant run, what caught it."""
    out = Path(os.environ.get("CI_RESULTS") or ROOT / "build-ci" / "results")
    if not out.is_absolute():
        out = ROOT / out
    out.mkdir(parents=True, exist_ok=True)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    doc = {"schema": 1, "commit": head.stdout.strip() if head.returncode == 0 else None,
           "finished": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
           "listed": listed, "run": len(results), "first_only": a.first,
           "caught": sum(1 for _, c in results if c), "survived": sum(1 for _, c in results if not c),
           "mutants": [{"id": m["id"], "file": m["file"], "line": m["line"] + 1,
                        "caught_by": c[0][0] if c else None,
                        "stages": {stage: len(tests) for stage, tests in c}} for m, c in results]}
    tmp = out / "mutants.json.tmp"
    tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    tmp.replace(out / "mutants.json")


def build_tree(build, targets=()):
    cmd = ["cmake", "--build", str(build), f"-j{os.cpu_count() or 2}"]
    if targets:
        cmd += ["--target", *targets]
    rc, out = run(cmd, build.parent)
    return rc == 0, out


def main():
    ap = argparse.ArgumentParser(prog="ci/mutants.sh", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", default=str(ROOT / "ci" / "mutants.txt"), help="mutant list (default ci/mutants.txt)")
    ap.add_argument("--only", help="comma-separated ids to run")
    ap.add_argument("--first", action="store_true",
                    help="stop each mutant at its first failing test (cheap stages first)")
    ap.add_argument("--no-baseline", action="store_true", help="skip the unmutated run of the suite")
    ap.add_argument("--check", action="store_true", help="only check that every mutant applies, run nothing")
    ap.add_argument("--keep", action="store_true", help="keep the scratch tree")
    ap.add_argument("--save-catchers", action="store_true",
                    help="with --first: record each mutant's first catcher in ci/mutants-catchers.txt "
                         "(rewritten after every mutant)")
    a = ap.parse_args()

    mutants = parse_list(Path(a.list))
    listed = len(mutants)
    if a.save_catchers and not a.first:
        sys.exit("ci/mutants: --save-catchers needs --first")
    catchers = read_catchers(CATCHERS) if a.first else {}
    if a.only:
        want = a.only.split(",")
        unknown = set(want) - {m["id"] for m in mutants}
        if unknown:
            sys.exit(f"ci/mutants: unknown ids: {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m["id"] in want]
    # Inside a mutant's run (GROTTO_MUTANT names it: its tests run the
    # check too, in the mutated tree) the active mutant's line is changed:
    # --check leaves out the mutants on that text, which would otherwise
    # "catch" every mutant without testing anything.
    active = [m for m in mutants if m["id"] == os.environ.get("GROTTO_MUTANT")] if a.check else []
    left_out = [m for m in mutants if active and m["file"] == active[0]["file"] and
                (m["from"] in active[0]["from"] or active[0]["from"] in m["from"])]
    mutants = [m for m in mutants if m not in left_out]
    for m in mutants:
        m["line"] = locate(ROOT, m)
    if a.check:
        for m in mutants:
            print(f"{m['id']:28} {m['file']}:{m['line'] + 1}")
        print(f"{len(mutants)} mutants apply" +
              (f", {len(left_out)} left out: on the line of the active mutant {active[0]['id']} (GROTTO_MUTANT)"
               if left_out else ""))
        return 0

    scratch = Path(tempfile.mkdtemp(prefix="grotto-mutants-"))
    # world-readable, like a checkout: a test that drops root (to 'nobody')
    # must still reach the scratch build's grotto
    scratch.chmod(0o755)
    tree, build = scratch / "tree", scratch / "tree" / "build"
    print(f"ci/mutants: scratch tree {tree}", flush=True)
    try:
        copy_tree(tree)
        rc, out = run(["cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=RelWithDebInfo"], tree)
        ok, out2 = build_tree(build)
        if rc != 0 or not ok:
            print(out + out2[-3000:], file=sys.stderr)
            sys.exit("ci/mutants: the unmutated tree does not build")
        if not a.no_baseline:
            t0 = time.time()
            base = suite(tree, build, False, None, lambda: None)
            if base:
                sys.exit(f"ci/mutants: the suite fails without any mutant: {base}")
            print(f"ci/mutants: unmutated suite passes ({time.time() - t0:.0f} s)", flush=True)
        results = []
        for i, m in enumerate(mutants, 1):
            path = tree / m["file"]
            original = path.read_text(encoding="utf-8")
            lines = original.split("\n")
            lines[m["line"]] = lines[m["line"]].replace(m["from"], m["to"], 1)
            path.write_text("\n".join(lines), encoding="utf-8")
            t0 = time.time()
            os.environ["GROTTO_MUTANT"] = m["id"]  # the tests' own run of --check leaves it out
            try:
                # --first: only what the likely tests need, the rest when a
                # later stage runs (most mutants are caught before)
                catcher = catchers.get(m["id"])
                target = catcher_target(tree, catcher) if catcher else None
                if target is None:
                    catcher = None
                targets = likely_targets(tree, m["file"]) + ([target] if target else [])
                ok, out = build_tree(build, targets if a.first else ())
                if not ok:
                    sys.exit(f"ci/mutants: {m['id']} does not compile (fix the list):\n{out[-2000:]}")

                def build_all(m=m):
                    ok, out = build_tree(build)
                    if not ok:
                        sys.exit(f"ci/mutants: {m['id']} does not compile (fix the list):\n{out[-2000:]}")

                caught = suite(tree, build, a.first, m["file"], build_all, catcher)
            finally:
                del os.environ["GROTTO_MUTANT"]
                path.write_text(original, encoding="utf-8")
                os.utime(path)  # rebuilt by the next mutant's build
            results.append((m, caught))
            if a.save_catchers:  # after every mutant: a run cut short keeps what it learnt
                write_catchers(CATCHERS, dict(catchers), results)
            verdict = "caught by " + caught[0][0] if caught else "SURVIVED"
            print(f"ci/mutants: [{i}/{len(mutants)}] {m['id']}: {verdict} ({time.time() - t0:.0f} s)", flush=True)
        build_tree(build)
    finally:
        if not a.keep:
            shutil.rmtree(scratch, ignore_errors=True)

    write_results(results, listed, a)
    print()
    print(f"{'mutant':28} {'where':24} {'first catcher':42} all stages")
    survived = []
    for m, caught in results:
        where = f"{m['file']}:{m['line'] + 1}"
        if caught:
            first = f"{caught[0][0]}: {caught[0][1][0]}"
            stages = ", ".join(f"{s} ({len(c)})" for s, c in caught)
        else:
            first, stages = "SURVIVED", "-"
            survived.append(m)
        print(f"{m['id']:28} {where:24} {first[:42]:42} {stages}")
    print()
    for m, caught in results:
        if caught:
            print(f"{m['id']}: " + "; ".join(f"{s}: {', '.join(c)}" for s, c in caught))
    print()
    print(f"{len(results)} mutants, {len(results) - len(survived)} caught" +
          (f"; survived: {', '.join(m['id'] for m in survived)}" if survived else ""))
    for m in survived:
        print(f"  {m['id']}: {m['why']}")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
