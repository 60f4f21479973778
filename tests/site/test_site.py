"""The report site (tools/site/publish.py) and its check in headless Chromium
(tools/site/check_site.py), on small fixtures (tests/fixtures/site/): a site
built from them passes; a site whose stages did not run says "not run"
(never zeros) and passes; broken sites fail, each check with its own
message. ci/publish.sh runs these before it publishes (they need Debian's
chromium, which only that stage installs).

The fixtures: results/oracle.json, verify.json, bench.json and fuzz.json
are the outputs of small real runs (see tests/fixtures/site/README.md);
coverage.json holds the figures of the committed coverage/summary.txt and
mutants.json was written by ci/mutants.py's own writer for three mutants
(stand-ins: those stages take an hour); coverage-html/ stands in for
genhtml's report."""
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "site"
PUBLISH = ROOT / "tools" / "site" / "publish.py"
CHECK = ROOT / "tools" / "site" / "check_site.py"

sys.path.insert(0, str(ROOT / "tools" / "site"))
import check_site  # noqa: E402


# the commit named: the tests also run in copies of the tree without .git (ci/mutants.sh)
COMMIT = "0123456789abcdef0123456789abcdef01234567"


def publish(results, out, coverage_html=FIXTURES / "coverage-html"):
    proc = subprocess.run([sys.executable, str(PUBLISH), "--results", str(results), "--out", str(out),
                           "--coverage-html", str(coverage_html), "--commit", COMMIT],
                          capture_output=True, text=True, cwd=ROOT)
    return proc


def check(site, tmp_path):
    shot = tmp_path / "shot.png"
    proc = subprocess.run([sys.executable, str(CHECK), str(site), "--screenshot", str(shot)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    return proc, shot


@pytest.fixture(scope="module")
def good_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "build-site"
    proc = publish(FIXTURES / "results", out)
    assert proc.returncode == 0, proc.stderr
    return out


def fixture(name):
    return json.loads((FIXTURES / "results" / name).read_text(encoding="utf-8"))


def test_summary_holds_the_stage_outputs(good_site):
    s = json.loads((good_site / "summary.json").read_text(encoding="utf-8"))
    assert s["schema"] == 1 and s["commit"]["sha"] == COMMIT
    oracle = fixture("oracle.json")
    assert [d["domain"] for d in s["oracle"]["domains"]] == [d["domain"] for d in oracle["domains"]]
    for mine, theirs in zip(s["oracle"]["domains"], oracle["domains"]):
        assert (mine["checked"], mine["expected"], mine["mismatched"], mine["seconds"]) == \
            (theirs["checked"], theirs["expected"], theirs["mismatched"], theirs["seconds"])
        assert mine["differences"] == sum(theirs["differences"].values())
    assert s["verify"]["captures"] == fixture("verify.json")["summary"]["captures"]
    bench = fixture("bench.json")
    assert s["bench"]["ratio"] == bench["ratio"] and s["bench"]["limit_seconds"] == bench["limit"]["seconds"]
    fuzz = fixture("fuzz.json")
    assert [t["executions"] for t in s["fuzz"]["targets"]] == [t["executions"] for t in fuzz["targets"]]
    mutants = fixture("mutants.json")
    assert (s["mutants"]["run"], s["mutants"]["caught"], s["mutants"]["listed"]) == \
        (mutants["run"], mutants["caught"], mutants["listed"])
    assert s["mutants"]["by_stage"] == {"ctest": 1, "pytest": 1}
    cov = fixture("coverage.json")
    ref = cov["directories"][0]
    assert s["coverage"]["directories"][0]["lines_hit"] == ref["lines"][0]
    assert s["coverage"]["report"] == "coverage/index.html"
    # a directory's own page where the report has one (the fixture: ref/ only)
    assert [d["report"] for d in s["coverage"]["directories"][:2]] == ["coverage/ref/index.html", None]
    assert (good_site / "coverage" / "ref" / "index.html").is_file()
    # stages in the order they started
    assert [st["stage"] for st in s["stages"]] == ["tests", "main", "fuzz smoke"]
    assert s["stages"][2]["verdict"] == "FAILED"


def test_good_site_passes_in_chromium(good_site, tmp_path):
    proc, shot = check(good_site, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no console error" in proc.stdout
    assert check_site.png_ok(shot.read_bytes()) == ""


def test_a_stage_that_did_not_run_says_so(tmp_path):
    results = tmp_path / "results"
    results.mkdir()
    shutil.copy(FIXTURES / "results" / "oracle.json", results)
    site = tmp_path / "site"
    proc = publish(results, site, coverage_html=tmp_path / "none")
    assert proc.returncode == 0, proc.stderr
    assert "not run: stages, verify, coverage, mutants, fuzz, bench" in proc.stdout
    s = json.loads((site / "summary.json").read_text(encoding="utf-8"))
    assert s["oracle"] and all(s[k] is None for k in ("stages", "verify", "coverage", "mutants", "fuzz", "bench"))
    page = (site / "index.html").read_text(encoding="utf-8")
    assert page.count('data-status="not run"') == 6 and page.count("not run</p>") == 6
    proc, _ = check(site, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_broken_sites_fail(good_site, tmp_path):
    site = tmp_path / "broken"
    shutil.copytree(good_site, site)
    page = (site / "index.html").read_text(encoding="utf-8")
    s = json.loads((site / "summary.json").read_text(encoding="utf-8"))
    checked = s["oracle"]["domains"][0]["checked"]
    key = 'data-key="oracle.domains.0.checked">'
    assert key + "{:,}".format(checked) in page
    page = page.replace(key + "{:,}".format(checked), key + "{:,}".format(checked - 1))   # a figure changed
    start, end = page.index('<section id="fuzz"'), page.index('<section id="bench"')
    page = page[:start] + page[end:]                                                 # a section lost
    page = page.replace("</body>", '<a href="nothere.html">x</a><a href="#nowhere">y</a>'
                        '<img src="https://example.invalid/x.png" alt="">'            # dead links, external
                        '<div style="width:600px">wide</div></body>')                 # wider than a phone
    (site / "index.html").write_text(page, encoding="utf-8")
    s["bench"]["ratio"] = 1234.5                                                     # summary says more
    s["verify"] = None                                                               # "not run", yet shown
    (site / "summary.json").write_text(json.dumps(s), encoding="utf-8")
    (site / "coverage" / "ref" / "index.html").write_text('<a href="../gone.html">gone</a>', encoding="utf-8")
    proc, _ = check(site, tmp_path)
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    for expected in ["figure oracle.domains.0.checked = %d is shown as ['%s']" % (checked, "{:,}".format(checked - 1)),
                     "section 'fuzz' of summary.json is not on the page",
                     "figure fuzz.seconds_per_target",
                     "nothere.html: no such file in the site",
                     "link to #nowhere: no such element",
                     "<img> points outside the site: https://example.invalid/x.png",
                     "the page is ",
                     "figure bench.ratio = 1234.5 is shown as",
                     "section 'verify' did not run but shows figures",
                     "../gone.html: no such file in the site"]:
        assert expected in out, (expected, out)


def test_console_errors_fail(good_site, tmp_path):
    for script, expected in [('console.error("boom")', "console error: console.error: boom"),
                             ("no_such_function()", "console error: uncaught: ReferenceError: no_such_function"),
                             (None, "console error: network: Failed to load resource")]:
        site = tmp_path / "console"
        shutil.rmtree(site, ignore_errors=True)
        shutil.copytree(good_site, site)
        page = (site / "index.html").read_text(encoding="utf-8")
        extra = "<script>%s</script>" % script if script else '<img src="missing.png" alt="">'
        (site / "index.html").write_text(page.replace("</body>", extra + "</body>"), encoding="utf-8")
        proc, _ = check(site, tmp_path)
        assert proc.returncode == 1 and expected in proc.stdout, (expected, proc.stdout + proc.stderr)


def test_figures_are_read_back_to_their_precision():
    shows = check_site.shows
    assert shows("524,288", 524288) and not shows("524,287", 524288)
    assert shows("3.512 s", 3.5123) and not shows("3.51", 3.53)
    assert shows("50.3", 50.31) and not shows("50.3", 50.4)
    assert shows("yes", True) and not shows("no", True) and shows("\u2014", None)
    assert shows("ref", "ref") and not shows("impl", "ref")


def test_publish_refuses_bad_input(tmp_path):
    results = tmp_path / "results"
    results.mkdir()
    (results / "oracle.json").write_text("{not json", encoding="utf-8")
    proc = publish(results, tmp_path / "site")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "oracle.json" in proc.stderr
    assert not (tmp_path / "site").exists()
    (results / "oracle.json").write_text('{"domains": [{"domain": "floors"}]}', encoding="utf-8")
    proc = publish(results, tmp_path / "site")
    assert proc.returncode == 2 and "no field" in proc.stderr
    assert not (tmp_path / "site").exists() and list(tmp_path.iterdir()) == [results]


def test_mutants_writer(tmp_path, monkeypatch):
    """ci/mutants.py's results file, as publish.py reads it."""
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "ci" / "mutants.py")
    mutants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mutants)
    monkeypatch.setenv("CI_RESULTS", str(tmp_path))
    listed = mutants.parse_list(ROOT / "ci" / "mutants.txt")
    two = [m for m in listed if m["id"] != os.environ.get("GROTTO_MUTANT")][:2]  # not a mutant run's own line
    for m in two:
        m["line"] = mutants.locate(ROOT, m)
    mutants.write_results([(two[0], [("oracle", ["exit 1"])]), (two[1], [])], len(listed),
                          type("A", (), {"first": True})())
    doc = json.loads((tmp_path / "mutants.json").read_text(encoding="utf-8"))
    assert (doc["listed"], doc["run"], doc["caught"], doc["survived"]) == (len(listed), 2, 1, 1)
    assert doc["mutants"][0]["caught_by"] == "oracle" and doc["mutants"][1]["caught_by"] is None
    assert doc["mutants"][0]["line"] == two[0]["line"] + 1
    # the commit mutated: HEAD, or null in a copy of the tree without git
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    assert doc["commit"] == (head.stdout.strip() if head.returncode == 0 else None)


def documented(name):
    """The rows of docs/json.md's "### file `NAME`" section, expanded as
    tests/e2e/test_json_schema.py expands a command's."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    import test_json_schema as tjs
    rows, inside = [], False
    for line in (ROOT / "docs" / "json.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            inside = line == "### file `%s`" % name
            continue
        m = inside and __import__("re").match(r"^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|", line)
        if m:
            rows.append((m.group(1), m.group(2).replace("`", "").strip(), m.group(3).strip()))
    assert rows, "docs/json.md: no section for the file %s" % name
    return tjs, tjs.expand(rows, tjs.DOCS["objects"])


@pytest.mark.parametrize("name", ["summary.json", "coverage.json", "fuzz.json", "mutants.json"])
def test_files_follow_docs_json(name, good_site, tmp_path):
    tjs, schema = documented(name)
    docs = [json.loads(((good_site if name == "summary.json" else FIXTURES / "results") / name)
                       .read_text(encoding="utf-8"))]
    if name == "summary.json":  # and with every section "not run"
        empty = tmp_path / "empty"
        empty.mkdir()
        assert publish(empty, tmp_path / "site").returncode == 0
        docs.append(json.loads((tmp_path / "site" / "summary.json").read_text(encoding="utf-8")))
    seen = set()
    for doc in docs:
        tjs.check(doc, schema, "", seen, name)
    unseen = sorted(p for p in tjs.unseen(schema, seen) if not p.endswith(".*"))
    assert not unseen, "docs/json.md: fields of %s no fixture shows: %s" % (name, unseen)
    # the check can fail: an undocumented field, a field of another type
    bad = dict(docs[0], extra=1)
    with pytest.raises(AssertionError):
        tjs.check(bad, schema, "", set(), name)
    bad = dict(docs[0], schema="1")
    with pytest.raises(AssertionError):
        tjs.check(bad, schema, "", set(), name)
