#!/usr/bin/env python3
"""The report site of the CI gate (ci/publish.sh): one static page,
index.html, and summary.json, built from what the .ci/run stages leave in
their results folder (build-ci/results/, or $CI_RESULTS):

  stages/*.tsv   ci/stage.sh (each stage of .ci/run and of the forge's CI): stage,
                 command, exit status, seconds, start (Unix time); shown by start
  oracle.json    ci/main.sh: `grotto oracle --a ref --b impl --against corpus --json`
  verify.json    ci/main.sh: `grotto verify corpus/hardware --json`
  bench.json     ci/main.sh: `grotto bench --json`
  coverage.json  ci/coverage.sh (its lcov HTML report: coverage/html/)
  fuzz.json      ci/fuzz.sh
  mutants.json   ci/mutants.sh (not a .ci/run stage, which keeps its last results;
                 the page names the commit they were measured on)

Every figure is read from those files, never typed here. summary.json
holds exactly the figures the page shows (docs/json.md, "summary.json"):
a section whose file is missing is null there and "not run" on the page,
never zeros. On the page every figure is an element with a data-key
attribute naming its path in summary.json ("oracle.domains.2.checked"), so
that tools/site/check_site.py can find each figure in the rendered DOM.

The page has no external assets (inline style, no script) and is readable on
a phone (viewport meta tag, tables scroll sideways inside their section).
The site is built in a temporary folder beside OUT and renamed over it when
complete; the lcov report is copied to OUT/coverage/ when coverage ran.

Usage: publish.py [--results DIR] [--coverage-html DIR] [--out DIR] [--commit SHA]
       publish.py --brief NAME FILE    one line per figure of a stage output
                                       (ci/main.sh prints these)
Exit 0, or 2 with one line on stderr (unreadable or malformed input).
Python 3 standard library only.
"""
import argparse
import datetime
import html
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ("stages", "oracle", "verify", "coverage", "mutants", "fuzz", "bench")
TITLES = {
    "stages": "Stages of .ci/run",
    "oracle": "Oracle: ref vs impl vs the golden corpus",
    "verify": "Hardware captures (grotto verify corpus/hardware)",
    "coverage": "Coverage per directory",
    "mutants": "Mutation check (ci/mutants.sh)",
    "fuzz": "Fuzzing (ci/fuzz.sh)",
    "bench": "Benchmark: the full-universe sweep (grotto bench)",
}


class Failure(Exception):
    pass


def load(path):
    """A stage's JSON document, or None when the stage did not run."""
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise Failure("%s: not a JSON document (%s)" % (path, e))
    if not isinstance(doc, dict):
        raise Failure("%s: expected a JSON object" % path)
    return doc


def need(doc, key, where):
    if key not in doc:
        raise Failure("%s: no field '%s'" % (where, key))
    return doc[key]


def percent(hit, total):
    return round(100.0 * hit / total, 1) if total else None


# ---- the sections of summary.json, each from one stage output ----

def stages_from(folder):
    files = sorted(folder.glob("*.tsv")) if folder.is_dir() else []
    if not files:
        return None
    rows = []
    for path in files:
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            parts = line.split("\t")
            if len(parts) != 5 or not parts[2].lstrip("-").isdigit() or not (parts[3] + parts[4]).isdigit():
                raise Failure("%s:%d: expected 'stage<TAB>command<TAB>exit<TAB>seconds<TAB>start'" % (path, no))
            rows.append((int(parts[4]), parts[0], parts[1], int(parts[2]), int(parts[3])))
    return [{"stage": name, "command": cmd, "exit": rc, "seconds": secs, "verdict": "passed" if rc == 0 else "FAILED"}
            for _, name, cmd, rc, secs in sorted(rows)]


def oracle_from(doc, where):
    domains = []
    for d in need(doc, "domains", where):
        engines = need(d, "a", where) + (" vs " + d["b"] if d.get("b") else "")
        if need(d, "against_corpus", where):
            engines += " vs corpus"
        domains.append({"domain": need(d, "domain", where), "engines": engines,
                        "checked": need(d, "checked", where), "expected": need(d, "expected", where),
                        "complete": need(d, "complete", where), "mismatched": need(d, "mismatched", where),
                        "differences": sum(need(d, "differences", where).values()),
                        "seconds": need(d, "seconds", where)})
    return {"ok": need(doc, "ok", where), "domains": domains}


def verify_from(doc, where):
    s = need(doc, "summary", where)
    out = {"engine": need(doc, "engine", where)}
    for k in ("files", "captures", "ok", "mismatch", "rejected", "doubtful"):
        out[k] = need(s, k, where)
    out["list"] = [{"file": c["file"], "line": c["line"], "label": c.get("label") or c.get("reason", ""),
                    "verdict": c["verdict"]} for c in need(doc, "captures", where)]
    return out


def coverage_from(doc, where, report, html_dir):
    dirs = []
    for d in need(doc, "directories", where):
        (lh, ln), (fh, fn), (bh, bn) = need(d, "lines", where), need(d, "functions", where), need(d, "branches", where)
        name = need(d, "directory", where)
        # genhtml's page of the directory (the common prefix of the paths removed)
        page = "coverage/%sindex.html" % name if report and (html_dir / name / "index.html").is_file() else None
        dirs.append({"directory": name, "report": page,
                     "lines_percent": percent(lh, ln), "lines_hit": lh, "lines_total": ln,
                     "functions_percent": percent(fh, fn),
                     "branches_percent": percent(bh, bn), "branches_hit": bh, "branches_total": bn,
                     "verdict": need(d, "verdict", where)})
    t = need(doc, "total", where)
    return {"passed": need(doc, "passed", where), "report": report,
            "lines_min": need(doc, "lines_min", where), "branches_min": need(doc, "branches_min", where),
            "directories": dirs,
            "total": {"lines_percent": percent(*t["lines"]), "functions_percent": percent(*t["functions"]),
                      "branches_percent": percent(*t["branches"])}}


def mutants_from(doc, where):
    by_stage = {}
    for m in need(doc, "mutants", where):
        if m["caught_by"]:
            by_stage[m["caught_by"]] = by_stage.get(m["caught_by"], 0) + 1
    return {"commit": need(doc, "commit", where), "finished": need(doc, "finished", where),
            "listed": need(doc, "listed", where), "run": need(doc, "run", where),
            "caught": need(doc, "caught", where), "survived": need(doc, "survived", where),
            "by_stage": by_stage,
            "list": [{"id": m["id"], "where": "%s:%d" % (m["file"], m["line"]),
                      "caught_by": m["caught_by"] or "SURVIVED"} for m in doc["mutants"]]}


def fuzz_from(doc, where):
    return {"seconds_per_target": need(doc, "seconds_per_target", where), "failed": need(doc, "failed", where),
            "targets": [{k: t[k] for k in ("target", "executions", "exec_per_second", "corpus", "failures",
                                           "verdict")} for t in need(doc, "targets", where)]}


def bench_from(doc, where):
    ref, impl, limit = need(doc, "ref", where), need(doc, "impl", where), need(doc, "limit", where)
    return {"threads": need(doc, "threads", where), "repeat": need(doc, "repeat", where),
            "ref_cpu_seconds": ref["cpu_seconds"]["median"], "impl_cpu_seconds": impl["cpu_seconds"]["median"],
            "ref_wall_seconds": ref["wall_seconds"]["median"], "impl_wall_seconds": impl["wall_seconds"]["median"],
            "ratio": need(doc, "ratio", where),
            "limit_seconds": need(limit, "seconds", where),
            "impl_over_limit": need(limit, "impl_cpu_over_limit", where),
            "impl_peak_rss_kib": impl["peak_rss_kib"],
            "corpus_mismatches": need(doc, "corpus_mismatches", where),
            "identical_digests": need(doc, "identical_digests", where),
            "targets": dict(need(doc, "targets", where)),
            "research": [{"domain": x["domain"], "items": x["items"], "cpu_seconds": x["cpu_seconds"]["median"],
                          "limit_seconds": x["limit_seconds"], "impl_over_limit": x["impl_cpu_over_limit"]}
                         for x in need(need(doc, "research", where), "domains", where)]}


def commit_of(sha=None):
    """{sha, subject, date} of the commit the site describes."""
    def git(*args):
        proc = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return proc.stdout.strip() if proc.returncode == 0 else None
    sha = sha or git("rev-parse", "HEAD") or os.environ.get("GITHUB_SHA")
    if not sha:
        raise Failure("no commit: not a git checkout and no --commit (or GITHUB_SHA)")
    subject = git("log", "-1", "--format=%s", sha)
    date = git("log", "-1", "--format=%cI", sha)
    return {"sha": sha, "subject": subject or "", "date": date or ""}


def summary(results, coverage_html, commit):
    s = {"schema": 1, "commit": commit,
         "generated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ"),
         "stages": stages_from(results / "stages")}
    for name, build in (("oracle", oracle_from), ("verify", verify_from), ("mutants", mutants_from),
                        ("fuzz", fuzz_from), ("bench", bench_from)):
        doc = load(results / (name + ".json"))
        s[name] = build(doc, str(results / (name + ".json"))) if doc is not None else None
    doc = load(results / "coverage.json")
    report = "coverage/index.html" if coverage_html and (coverage_html / "index.html").is_file() else None
    s["coverage"] = coverage_from(doc, str(results / "coverage.json"), report, coverage_html) if doc is not None else None
    return {k: s[k] for k in ("schema", "commit", "generated") + SECTIONS}


# ---- the page ----

def text_of(v):
    """How a figure is written on the page (check_site.py reads it back)."""
    if v is None:
        return "\u2014"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return "{:,}".format(v)
    if isinstance(v, float):
        return "{:,.3f}".format(v) if abs(v) < 10 else "{:,.1f}".format(v)
    return str(v)


def fig(key, v, unit=""):
    cls = ""
    if v is False or v in ("FAILED", "SURVIVED", "MISMATCH", "REJECTED") or str(v).startswith("FAIL"):
        cls = ' class="bad"'
    return '<span data-key="%s"%s>%s</span>%s' % (html.escape(key), cls, html.escape(text_of(v)), html.escape(unit))


def table(head, rows):
    out = ['<div class="scroll"><table><thead><tr>']
    out += ["<th>%s</th>" % html.escape(h) for h in head]
    out.append("</tr></thead><tbody>")
    for r in rows:
        out.append("<tr>" + "".join("<td>%s</td>" % c for c in r) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def section_body(name, s):
    d = s[name]
    k = name
    if name == "stages":
        return table(["stage", "command", "exit", "time", "verdict"],
                     [[fig("%s.%d.stage" % (k, i), r["stage"]), "<code>%s</code>" % fig("%s.%d.command" % (k, i), r["command"]),
                       fig("%s.%d.exit" % (k, i), r["exit"]), fig("%s.%d.seconds" % (k, i), r["seconds"], " s"),
                       fig("%s.%d.verdict" % (k, i), r["verdict"])] for i, r in enumerate(d)])
    if name == "oracle":
        return ("<p>every domain complete and without a mismatch: %s</p>" % fig("oracle.ok", d["ok"]) +
                table(["domain", "engines", "items checked", "of", "complete", "mismatched", "differences", "time"],
                      [[fig("oracle.domains.%d.%s" % (i, f), r[f], " s" if f == "seconds" else "")
                        for f in ("domain", "engines", "checked", "expected", "complete", "mismatched",
                                  "differences", "seconds")] for i, r in enumerate(d["domains"])]))
    if name == "verify":
        counts = ", ".join("%s %s" % (f, fig("verify." + f, d[f]))
                           for f in ("files", "captures", "ok", "mismatch", "rejected", "doubtful"))
        return ("<p>engine %s; %s</p>" % (fig("verify.engine", d["engine"]), counts) +
                table(["file", "line", "capture", "verdict"],
                      [[fig("verify.list.%d.%s" % (i, f), r[f]) for f in ("file", "line", "label", "verdict")]
                       for i, r in enumerate(d["list"])]))
    if name == "coverage":
        report = ('<a href="%s">the lcov report</a> (%s)' % (html.escape(d["report"]), fig("coverage.report", d["report"]))
                  if d["report"] else "lcov report: %s" % fig("coverage.report", None))
        gate = ("<p>gate: lines &ge; %s %% for the gated directories, branches &ge; %s %% for ref/ and impl/: "
                "passed %s; %s</p>" % (fig("coverage.lines_min", d["lines_min"]),
                                       fig("coverage.branches_min", d["branches_min"]),
                                       fig("coverage.passed", d["passed"]), report))
        def name(i, r):
            text = fig("coverage.directories.%d.directory" % i, r["directory"])
            if r["report"]:
                return '<a href="%s">%s</a> (%s)' % (html.escape(r["report"]), text,
                                                     fig("coverage.directories.%d.report" % i, r["report"]))
            return "%s (%s)" % (text, fig("coverage.directories.%d.report" % i, None))
        rows = [[name(i, r),
                 fig("coverage.directories.%d.lines_percent" % i, r["lines_percent"], " %"),
                 fig("coverage.directories.%d.lines_hit" % i, r["lines_hit"]) + " of " +
                 fig("coverage.directories.%d.lines_total" % i, r["lines_total"]),
                 fig("coverage.directories.%d.functions_percent" % i, r["functions_percent"], " %"),
                 fig("coverage.directories.%d.branches_percent" % i, r["branches_percent"], " %"),
                 fig("coverage.directories.%d.branches_hit" % i, r["branches_hit"]) + " of " +
                 fig("coverage.directories.%d.branches_total" % i, r["branches_total"]),
                 fig("coverage.directories.%d.verdict" % i, r["verdict"])] for i, r in enumerate(d["directories"])]
        t = d["total"]
        rows.append(["all", fig("coverage.total.lines_percent", t["lines_percent"], " %"), "",
                     fig("coverage.total.functions_percent", t["functions_percent"], " %"),
                     fig("coverage.total.branches_percent", t["branches_percent"], " %"), "", ""])
        return gate + table(["directory", "lines", "", "functions", "branches", "", "verdict"], rows)
    if name == "mutants":
        by = ", ".join("%s %s" % (html.escape(st), fig("mutants.by_stage." + st, n)) for st, n in d["by_stage"].items())
        return ("<p>measured on commit <code>%s</code> (finished %s)</p>" % (fig("mutants.commit", d["commit"]),
                                                                          fig("mutants.finished", d["finished"])) +
                "<p>%s of %s listed mutants run: %s caught, %s survived; caught first by: %s</p>" %
                (fig("mutants.run", d["run"]), fig("mutants.listed", d["listed"]), fig("mutants.caught", d["caught"]),
                 fig("mutants.survived", d["survived"]), by or "none") +
                table(["mutant", "where", "caught by"],
                      [[fig("mutants.list.%d.%s" % (i, f), r[f]) for f in ("id", "where", "caught_by")]
                       for i, r in enumerate(d["list"])]))
    if name == "fuzz":
        return ("<p>%s s per target, %s failed</p>" % (fig("fuzz.seconds_per_target", d["seconds_per_target"]),
                                                        fig("fuzz.failed", d["failed"])) +
                table(["target", "executions", "exec/s", "corpus", "failures", "verdict"],
                      [[fig("fuzz.targets.%d.%s" % (i, f), r[f]) for f in
                        ("target", "executions", "exec_per_second", "corpus", "failures", "verdict")]
                       for i, r in enumerate(d["targets"])]))
    if name == "bench":
        rows = [["CPU seconds (median)", fig("bench.ref_cpu_seconds", d["ref_cpu_seconds"]),
                 fig("bench.impl_cpu_seconds", d["impl_cpu_seconds"])],
                ["wall seconds (median)", fig("bench.ref_wall_seconds", d["ref_wall_seconds"]),
                 fig("bench.impl_wall_seconds", d["impl_wall_seconds"])],
                ["peak RSS (KiB)", "", fig("bench.impl_peak_rss_kib", d["impl_peak_rss_kib"])]]
        targets = ", ".join("%s: %s" % (html.escape(t), fig("bench.targets." + t, v)) for t, v in d["targets"].items())
        return ("<p>%s threads, %s runs per engine; ratio ref/impl by CPU %s x; limit (what impl's sweep "
                "must do, measured here) %s s CPU, impl at %s x the limit; corpus mismatches %s; identical "
                "digests %s</p>" % (fig("bench.threads", d["threads"]), fig("bench.repeat", d["repeat"]),
                                     fig("bench.ratio", d["ratio"]), fig("bench.limit_seconds", d["limit_seconds"]),
                                     fig("bench.impl_over_limit", d["impl_over_limit"]),
                                     fig("bench.corpus_mismatches", d["corpus_mismatches"]),
                                     fig("bench.identical_digests", d["identical_digests"])) +
                table(["", "ref", "impl"], rows) + "<p>targets: %s</p>" % targets +
                "<p>impl's research domains (CPU seconds of its calls, median)</p>" +
                table(["domain", "items", "CPU s", "limit s", "x limit"],
                      [[fig("bench.research.%d.%s" % (i, f), r[f]) for f in
                        ("domain", "items", "cpu_seconds", "limit_seconds", "impl_over_limit")]
                       for i, r in enumerate(d["research"])]))
    raise AssertionError(name)


STYLE = """
body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:0 .8rem;color:#1b1b1b}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:1.6rem;border-bottom:1px solid #ccc}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.9rem}
th,td{padding:.2rem .5rem;border-bottom:1px solid #e4e4e4;text-align:left;white-space:nowrap}
td span[data-key]{font-variant-numeric:tabular-nums}.bad{color:#b00020;font-weight:bold}
.notrun{color:#777;font-style:italic}nav a{margin-right:.6rem}code{font-size:.85rem}
"""


def page(s):
    c = s["commit"]
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>grotto-harness: what the gate proves</title><style>%s</style></head><body>" % STYLE,
           "<h1>grotto-harness: what the gate proves</h1>",
           "<p>commit <code>%s</code> %s (%s); generated %s; the figures as JSON: "
           '<a href="summary.json">summary.json</a></p>' % (fig("commit.sha", c["sha"]), fig("commit.subject", c["subject"]),
                                                          fig("commit.date", c["date"]), fig("generated", s["generated"])),
           "<nav>" + " ".join('<a href="#%s">%s</a>' % (n, n) for n in SECTIONS) + "</nav>"]
    for name in SECTIONS:
        ran = s[name] is not None
        out.append('<section id="%s" data-status="%s"><h2>%s</h2>' % (name, "run" if ran else "not run",
                                                                    html.escape(TITLES[name])))
        out.append(section_body(name, s) if ran else '<p class="notrun">not run</p>')
        out.append("</section>")
    out.append("</body></html>\n")
    return "\n".join(out)


def publish(results, coverage_html, out, commit):
    s = summary(results, coverage_html, commit_of(commit))
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=out.name + ".tmp.", dir=out.parent))
    try:
        if s["coverage"] and s["coverage"]["report"]:
            shutil.copytree(coverage_html, tmp / "coverage")
        (tmp / "summary.json").write_text(json.dumps(s, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        (tmp / "index.html").write_text(page(s), encoding="utf-8")
        tmp.chmod(0o755)
        old = out.parent / (out.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if out.exists():
            out.rename(old)
        tmp.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return s


def brief(name, path):
    """One line per figure of a stage output (ci/main.sh)."""
    doc = load(Path(path))
    if doc is None:
        raise Failure("%s: no such file" % path)
    if name == "oracle":
        for d in oracle_from(doc, path)["domains"]:
            print("  %-10s %13s of %13s checked, %d mismatched, %d differences, %.2f s" %
                  (d["domain"], "{:,}".format(d["checked"]), "{:,}".format(d["expected"]), d["mismatched"],
                   d["differences"], d["seconds"]))
    elif name == "verify":
        v = verify_from(doc, path)
        print("  %d captures in %d files: %d OK, %d MISMATCH, %d REJECTED, %d DOUBTFUL (engine %s)" %
              (v["captures"], v["files"], v["ok"], v["mismatch"], v["rejected"], v["doubtful"], v["engine"]))
    elif name == "bench":
        b = bench_from(doc, path)
        print("  CPU s (median) ref %.3f, impl %.3f: ratio %.1fx; limit %.3f s, impl %.1fx the limit; "
              "corpus mismatches %d" % (b["ref_cpu_seconds"], b["impl_cpu_seconds"], b["ratio"],
                                        b["limit_seconds"], b["impl_over_limit"], b["corpus_mismatches"]))
        print("  research, impl CPU s (median): " +
              ", ".join("%s %.3f (%.1fx)" % (r["domain"], r["cpu_seconds"], r["impl_over_limit"])
                        for r in b["research"]))
    else:
        raise Failure("--brief: expected oracle, verify or bench, not '%s'" % name)


def main(argv):
    ap = argparse.ArgumentParser(prog="publish.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results", default=os.environ.get("CI_RESULTS") or "build-ci/results")
    ap.add_argument("--coverage-html", default="coverage/html")
    ap.add_argument("--out", default="build-site")
    ap.add_argument("--commit")
    ap.add_argument("--brief", nargs=2, metavar=("NAME", "FILE"))
    a = ap.parse_args(argv)
    try:
        if a.brief:
            brief(*a.brief)
            return 0
        results = Path(a.results)
        if not results.is_dir():
            raise Failure("--results %s: not a folder (expected the stages' results, e.g. build-ci/results)"
                          % results)
        s = publish(results, Path(a.coverage_html), Path(a.out), a.commit)
    except (Failure, OSError, KeyError, TypeError, ValueError) as e:
        print("publish.py: %s" % e, file=sys.stderr)
        return 2
    ran = [n for n in SECTIONS if s[n] is not None]
    print("publish.py: %s/index.html and summary.json: %s; not run: %s" %
          (a.out, ", ".join(ran) or "nothing", ", ".join(n for n in SECTIONS if n not in ran) or "nothing"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
