#!/usr/bin/env python3
"""The README's examples are what the command prints.

An example is a fenced block marked `console` whose first line is
"$ grotto ..." (a shell command line: a pipe to head is allowed); the rest
of the block is that command's standard output. This script reruns every
example from the top of the repository with the grotto under test first on
PATH, and either checks the README (default: prints a unified diff of each
example that differs and exits 1; durations such as "21.66 s" are
compared as "N s") or rewrites the outputs (--update, written
to a temporary file and renamed over README.md).

Usage: readme_examples.py [--update] [--grotto PATH] [README]
  --grotto PATH  the grotto to run (default: $GROTTO_BIN, else build/cli/grotto)
Exit: 0 every example matches (or was updated), 1 an example differs or a
command failed, 2 bad usage or an unreadable README.
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
# what changes from run to run: durations ("21.66 s", "0.3 ms") are compared as "N s"
VOLATILE = re.compile(r"\b\d+(?:\.\d+)? (m?s)\b")
BLOCK = re.compile(r"^```console\n(\$ grotto[^\n]*)\n(.*?)^```$", re.M | re.S)


def run_example(line, grotto):
    """(exit status, stdout) of one example's command line."""
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(grotto)) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("COLUMNS", None)
    proc = subprocess.run(["bash", "-c", line[2:]], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    return proc.returncode, proc.stdout, proc.stderr


def same(shown, now):
    return VOLATILE.sub(r"N \1", shown) == VOLATILE.sub(r"N \1", now)


def examples(text):
    return list(BLOCK.finditer(text))


def main(argv):
    update = "--update" in argv
    args = [a for a in argv[1:] if a != "--update"]
    grotto = os.environ.get("GROTTO_BIN") or os.path.join(ROOT, "build", "cli", "grotto")
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(args) >= 2 and args[0] == "--grotto":
        grotto = args[1]
        args = args[2:]
    readme = args[0] if args else os.path.join(ROOT, "README.md")
    if len(args) > 1 or any(a.startswith("-") for a in args):
        print("usage: readme_examples.py [--update] [--grotto PATH] [README]", file=sys.stderr)
        return 2
    try:
        text = open(readme, encoding="utf-8").read()
    except OSError as e:
        print("readme_examples.py: cannot read %s: %s" % (readme, e), file=sys.stderr)
        return 2
    found = examples(text)
    if not found:
        print("readme_examples.py: no example (```console block starting with $ grotto) in %s" % readme,
              file=sys.stderr)
        return 1
    bad, out, last = 0, [], 0
    for m in found:
        line, shown = m.group(1), m.group(2)
        rc, stdout, stderr = run_example(line, grotto)
        if rc != 0:
            print("readme_examples.py: '%s' exited %d: %s" % (line, rc, stderr.strip()[:300]), file=sys.stderr)
            bad += 1
        elif not same(shown, stdout):
            bad += 1
            if not update:
                sys.stdout.writelines(difflib.unified_diff(shown.splitlines(True), stdout.splitlines(True),
                                                           "README: " + line, "now: " + line))
        # --update keeps an output that differs only in its durations
        out.append(text[last:m.start(2)] + (stdout if update and rc == 0 and not same(shown, stdout) else shown))
        last = m.end(2)
    out.append(text[last:])
    if update:
        new = "".join(out)
        if new != text:
            fd, tmp = tempfile.mkstemp(prefix=".README.", dir=os.path.dirname(os.path.abspath(readme)))
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(new)
            os.chmod(tmp, 0o644)
            os.replace(tmp, readme)
        failed = sum(1 for m in found if run_example(m.group(1), grotto)[0] != 0) if bad else 0
        print("readme_examples.py: %d examples, %d updated" % (len(found), bad - failed))
        return 1 if failed else 0
    print("readme_examples.py: %d examples, %d differ" % (len(found), bad), file=sys.stderr if bad else sys.stdout)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
