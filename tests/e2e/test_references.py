"""The specification ships with the code (docs/spec/) and every reference to
it resolves: tools/check_refs.py over README, docs/, help texts, headers,
sources and tests; the checker itself finds what is broken; the imported
files are the ones imported (SHA256SUMS); the generator's tables
(tools/tables/) keep every value of the imported ones."""
import hashlib
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CHECK = os.path.join(ROOT, "tools", "check_refs.py")
SPEC = os.path.join(ROOT, "docs", "spec")


def check(*files):
    return subprocess.run([sys.executable, CHECK, ROOT, *map(str, files)], capture_output=True, text=True)


def test_every_reference_in_the_repository_resolves():
    res = check()
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout == ""


def test_the_checker_finds_each_kind_of_broken_reference(tmp_path):
    f = tmp_path / "refs.txt"
    f.write_text("good: floor-generation.md §12, enemy-list.md 5.4, chests.md §3.1, research.md §4-§5,\n"
                 "docs/spec-notes.md 27, spec-notes 30-31, records.md, docs/json.md\n"
                 "bad: floor-generation.md §99, chests.md 3.7, spec-notes 999, nosuch.md,\n"  # check-refs: ignore
                 "research.md §4-§9\n")  # check-refs: ignore
    res = check(f)
    assert res.returncode == 1
    lines = res.stdout.splitlines()
    assert all(l.split(":")[1] == "3" or l.split(":")[1] == "4" for l in lines), lines
    want = ["floor-generation.md §99", "chests.md 3.7", "spec-notes 999", "nosuch.md",  # check-refs: ignore
            "research.md §4-§9"]  # check-refs: ignore
    for w in want:
        assert any(": %s: " % w in l for l in lines), (w, lines)
    assert len(lines) == len(want), lines
    assert "5 broken references in 1 files" in res.stderr


def test_a_line_marked_ignore_is_not_checked(tmp_path):
    f = tmp_path / "refs.txt"
    f.write_text("nosuch.md\n" "nosuch.md # check-refs: " "ignore\n")  # check-refs: ignore
    res = check(f)
    assert res.returncode == 1 and res.stdout.count("nosuch" ".md") == 1 and ":1:" in res.stdout


def test_headings_in_code_fences_are_not_sections(tmp_path):
    # enemy-list.md has "###########" grid lines inside fences; a section
    # number must come from a real heading
    f = tmp_path / "refs.txt"
    f.write_text("enemy-list.md §7 and enemy-list.md §75\n")  # check-refs: ignore
    res = check(f)
    assert res.returncode == 1 and res.stdout.count("no section") == 1 and "§75" in res.stdout


def test_checker_usage_errors(tmp_path):
    res = subprocess.run([sys.executable, CHECK, str(tmp_path)], capture_output=True, text=True)
    assert res.returncode == 2 and "no docs/spec/ folder" in res.stderr
    res = check(tmp_path / "missing.txt")
    assert res.returncode == 2 and "cannot read" in res.stderr


def test_the_imported_specification_is_unchanged():
    lines = open(os.path.join(SPEC, "SHA256SUMS")).read().splitlines()
    names = {l.split(None, 1)[1] for l in lines}
    on_disk = {n for n in os.listdir(SPEC) if n.endswith(".md")} | \
        {"tables/" + n for n in os.listdir(os.path.join(SPEC, "tables"))}
    assert names == on_disk - {"PROVENANCE.md"}
    for l in lines:
        digest, name = l.split(None, 1)
        with open(os.path.join(SPEC, name), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == digest, name


def leaves(v, path=()):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from leaves(x, path + (i,))
    else:
        yield path, v


def at(v, path):
    for k in path:
        v = v[k]
    return v


@pytest.mark.parametrize("name", sorted(os.listdir(os.path.join(SPEC, "tables"))))
def test_the_generator_tables_keep_every_value_of_the_spec(name):
    """tools/tables/ may add (documented in tools/gen_tables.py), never change."""
    spec = json.load(open(os.path.join(SPEC, "tables", name)))
    ours = json.load(open(os.path.join(ROOT, "tools", "tables", name)))
    for path, value in leaves(spec):
        if path[-1] == "meaning":
            continue  # prose
        assert at(ours, path) == value, (name, path)
