#!/usr/bin/env python3
"""Rerun the figures of docs/other-tools.md: the other tools against grotto.

Each figure in docs/other-tools.md is a fenced block marked `console` whose
first line is "$ grotto oracle ..." (or "$ tools/adapters/..." for an
adapter that is its own command) and names a checkout of another tool as
"$GROTTO_TOOLS_DIR/NAME"; the rest of the block is what that command prints.
A block marked `console long` is a run over the whole universe (minutes to
an hour each): it is rerun only with --long, else reported as "skipped:
long run (--long)".
This script reruns every such block whose checkout exists under
$GROTTO_TOOLS_DIR (or --tools DIR), from the top of the repository with the
grotto under test first on PATH, and either checks the document (default:
a unified diff of each block that differs, exit 1; durations are compared
as "N s", as tools/readme_examples.py does) or rewrites the outputs
(--update, written to a temporary file renamed over the document). A block
whose checkout is missing is reported as "skipped: no checkout of NAME",
never as a pass; --require fails (exit 1) when anything was skipped for a
missing checkout.

The oracle exits 1 when the other tool differs somewhere: that is a figure
like any other (the text says how many differ). Exit 2 or more of a block's
command (a child that died, a bad checkout) is a failure.

Usage: other_tools.py [--update] [--require] [--long] [--grotto PATH] [--tools DIR] [--only NAME] [DOC]
  --long         also rerun the long runs (`console long` blocks)
  --grotto PATH  the grotto to run (default: $GROTTO_BIN, else build/cli/grotto)
  --tools DIR    the directory holding the checkouts (default: $GROTTO_TOOLS_DIR)
  --only NAME    rerun only the blocks of checkout NAME (e.g. Grotto-Searcher)
Exit: 0 every block rerun matches (or was updated), 1 a block differs, a
command failed, or (--require) a block was skipped; 2 bad usage or an
unreadable document.
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DOC = os.path.join(ROOT, "docs", "other-tools.md")
VOLATILE = re.compile(r"\b\d+(?:\.\d+)? (m?s)\b")
BLOCK = re.compile(r"^```console( long)?\n(\$ (?:grotto oracle|tools/adapters/)[^\n]*)\n(.*?)^```$", re.M | re.S)
CHECKOUT = re.compile(r"\$GROTTO_TOOLS_DIR/([A-Za-z0-9._-]+)")
USAGE = ("usage: other_tools.py [--update] [--require] [--long] [--grotto PATH] [--tools DIR] [--only NAME] "
         "[DOC]")


def same(shown, now):
    return VOLATILE.sub(r"N \1", shown) == VOLATILE.sub(r"N \1", now)


def run_block(line, grotto, tools):
    """(exit status, stdout, stderr) of a block's command line."""
    env = dict(os.environ, GROTTO_TOOLS_DIR=tools,
               PATH=os.path.dirname(os.path.abspath(grotto)) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("COLUMNS", None)
    proc = subprocess.run(["bash", "-c", line[2:]], cwd=ROOT, env=env, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def parse_args(argv):
    opts = {"update": False, "require": False, "long": False, "grotto": os.environ.get("GROTTO_BIN")
            or os.path.join(ROOT, "build", "cli", "grotto"),
            "tools": os.environ.get("GROTTO_TOOLS_DIR", ""), "only": None, "doc": DOC}
    args = list(argv)
    pos = []
    while args:
        a = args.pop(0)
        if a in ("--update", "--require", "--long"):
            opts[a[2:]] = True
        elif a in ("--grotto", "--tools", "--only"):
            if not args:
                raise ValueError("%s needs a value" % a)
            opts[a[2:]] = args.pop(0)
        elif a.startswith("-"):
            raise ValueError("unknown option %s" % a)
        else:
            pos.append(a)
    if len(pos) > 1:
        raise ValueError("one document expected, got %s" % " ".join(pos))
    if pos:
        opts["doc"] = pos[0]
    return opts


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    try:
        o = parse_args(argv)
    except ValueError as e:
        print("other_tools.py: %s\n%s" % (e, USAGE), file=sys.stderr)
        return 2
    try:
        text = open(o["doc"], encoding="utf-8").read()
    except OSError as e:
        print("other_tools.py: cannot read %s: %s" % (o["doc"], e), file=sys.stderr)
        return 2
    found = list(BLOCK.finditer(text))
    if not found:
        print("other_tools.py: no figure (```console block starting with $ grotto oracle) in %s" % o["doc"],
              file=sys.stderr)
        return 1
    bad = skipped = rerun = updated = long_skipped = 0
    out, last = [], 0
    for m in found:
        long_run, line, shown = m.group(1), m.group(2), m.group(3)
        names = CHECKOUT.findall(line)
        keep = shown
        if not names:
            print("other_tools.py: '%s' names no $GROTTO_TOOLS_DIR/NAME checkout" % line, file=sys.stderr)
            bad += 1
        elif o["only"] and o["only"] not in names:
            pass
        elif not o["tools"] or not all(os.path.isdir(os.path.join(o["tools"], n)) for n in names):
            missing = [n for n in names if not o["tools"] or not os.path.isdir(os.path.join(o["tools"], n))]
            print("skipped: no checkout of %s: %s" % (", ".join(missing), line))
            skipped += 1
        elif long_run and not o["long"]:
            print("skipped: long run (--long): %s" % line)
            long_skipped += 1
        else:
            rerun += 1
            rc, stdout, stderr = run_block(line, o["grotto"], o["tools"])
            if rc not in (0, 1):
                print("other_tools.py: '%s' exited %d: %s" % (line, rc, stderr.strip()[-300:]), file=sys.stderr)
                bad += 1
            elif not same(shown, stdout):
                if o["update"]:
                    keep = stdout
                    updated += 1
                else:
                    bad += 1
                    sys.stdout.writelines(difflib.unified_diff(shown.splitlines(True), stdout.splitlines(True),
                                                               "doc: " + line, "now: " + line))
        out.append(text[last:m.start(3)] + keep)
        last = m.end(3)
    out.append(text[last:])
    new = "".join(out)
    if o["update"] and new != text:
        fd, tmp = tempfile.mkstemp(prefix=".other-tools.", dir=os.path.dirname(os.path.abspath(o["doc"])))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(new)
        os.chmod(tmp, 0o644)
        os.replace(tmp, o["doc"])
    print("other_tools.py: %d figures, %d rerun, %d skipped (no checkout), %d long runs skipped, "
          "%d differ or failed%s" % (len(found), rerun, skipped, long_skipped, bad,
                                     ", %d updated" % updated if o["update"] else ""))
    return 1 if bad or (o["require"] and skipped) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
