#!/usr/bin/env python3
"""Check that every reference to a specification file or section resolves
inside the repository.

A reference is a document name followed, optionally, by a section:
"floor-generation.md §12", "enemy-list.md 5.4", "chests.md §3.1",
"docs/spec-notes.md 27" (a note number), "spec-notes 30-31". The document
must exist in docs/spec/ (the imported specification), docs/ or the top of
the repository; a section must be a heading of that document ("## 12. ...",
"### 5.4 ..."; headings inside code fences do not count); a note number must
be a numbered note of docs/spec-notes.md ("27. **...").

Scanned: README.md, docs/ (the manual and the specification itself), the
help texts and comments of every source folder, tests/ and tools/, ci/.
Imported files of other projects and binary data are not scanned, nor a
line that says "check-refs: ignore" (tests that show broken references).

Usage: check_refs.py [ROOT] [FILE...]
  With FILEs, only those are scanned (paths relative to ROOT or absolute).
Prints one line per broken reference (file:line: reference: why) and exits
1 if there is any, 0 otherwise, 2 on bad usage. Python 3 standard library.
"""
import os
import re
import sys

SCANNED_DIRS = ["docs", "include", "ref", "impl", "legacy", "lib", "base", "oracle", "universe",
                "interchange", "verify", "capture", "cli", "tests", "tools", "ci", "fuzz", "corpus",
                "examples", "cmake"]
SCANNED_TOP = ["README.md", "CMakeLists.txt"]
SUFFIXES = (".md", ".c", ".h", ".py", ".sh", ".txt", ".lua", ".mjs", ".js", ".cmake", ".in")
SKIPPED_DIRS = {"fuzz/corpus", "corpus/golden", "corpus/hardware", "tests/fixtures/captures"}
DOC_DIRS = ["docs/spec", "docs", "."]

# document, then an optional section: "§12", "§ 5.4", "5.4", "12" (a bare
# number after a document is a section or, for spec-notes, a note), and an
# optional range end ("§4-§5", "30-31")
REF = re.compile(r"(?<![\w/.-])((?:docs/(?:spec/)?)?([a-z][a-z0-9-]*)(\.md)?)"
                 r"(?: ?(§) ?(\d+(?:\.\d+)*)|(?<=\.md) (\d+(?:\.\d+)*)(?![\w.]*\.\w)|(?<=spec-notes) (\d+))?"
                 r"(?:-§?(\d+(?:\.\d+)*))?")
IGNORE = "check-refs: " + "ignore"  # a line that shows broken references on purpose
HEADING = re.compile(r"^#{2,6} +(\d+(?:\.\d+)*)\.? ")
NOTE = re.compile(r"^(\d+)\. ")


def find_doc(root, name):
    for d in DOC_DIRS:
        p = os.path.join(root, d, name)
        if os.path.isfile(p):
            return p
    return None


_sections = {}


def sections(path):
    """The numbered headings (and, for spec-notes.md, the note numbers)."""
    if path not in _sections:
        found, fence = set(), False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("```"):
                    fence = not fence
                    continue
                if fence:
                    continue
                m = HEADING.match(line)
                if m:
                    found.add(m.group(1))
                if os.path.basename(path) == "spec-notes.md":
                    m = NOTE.match(line)
                    if m:
                        found.add(m.group(1))
        _sections[path] = found
    return _sections[path]


def check_text(root, text, where):
    """Broken references of one text, as (line, reference, why)."""
    broken = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if IGNORE in line:
            continue
        for m in REF.finditer(line):
            whole, stem, md = m.group(1), m.group(2), m.group(3)
            section = m.group(5) or m.group(6) or m.group(7)
            if not md and stem != "spec-notes":
                continue
            if not md and not section:
                continue  # "spec-notes" alone is a word, not a reference
            name = stem + ".md"
            path = find_doc(root, name)
            if whole.startswith("docs/") and not os.path.isfile(os.path.join(root, whole if md else whole + ".md")):
                path = None
            if path is None:
                broken.append((lineno, m.group(0), "no such document in docs/spec/, docs/ or the top"))
                continue
            for s in filter(None, (section, m.group(8))):
                if s not in sections(path):
                    broken.append((lineno, m.group(0), "no section %s in %s" % (s, os.path.relpath(path, root))))
    return broken


def scanned_files(root):
    for top in SCANNED_TOP:
        if os.path.isfile(os.path.join(root, top)):
            yield top
    for d in SCANNED_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            rel = os.path.relpath(dirpath, root)
            dirnames[:] = sorted(n for n in dirnames if os.path.join(rel, n) not in SKIPPED_DIRS
                                 and not n.startswith(("build", ".")))
            for n in sorted(filenames):
                if n.endswith(SUFFIXES) or n in ("CMakeLists.txt",):
                    yield os.path.join(rel, n)


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if not os.path.isdir(os.path.join(root, "docs", "spec")):
        print("check_refs.py: %s has no docs/spec/ folder" % root, file=sys.stderr)
        return 2
    files = argv[2:] or list(scanned_files(root))
    bad = 0
    for rel in files:
        path = rel if os.path.isabs(rel) else os.path.join(root, rel)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            print("check_refs.py: cannot read %s: %s" % (rel, e), file=sys.stderr)
            return 2
        for lineno, ref, why in check_text(root, text, rel):
            print("%s:%d: %s: %s" % (os.path.relpath(path, root), lineno, ref, why))
            bad += 1
    if bad:
        print("check_refs.py: %d broken reference%s in %d files" % (bad, "" if bad == 1 else "s", len(files)),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
