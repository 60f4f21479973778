"""grotto(1) and the bash completion are generated from the command's own
help (tools/gen_docs.py; cmake/command_docs.cmake builds them with grotto):
the page has a section per command holding its whole help, the completion
answers commands, options and engines, and the generator refuses a grotto
whose help it cannot read."""
import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import grotto_bin, run

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
GEN = os.path.join(ROOT, "tools", "gen_docs.py")


def gen(what, out, grotto=None):
    return subprocess.run([sys.executable, GEN, grotto or grotto_bin(), what, str(out)], capture_output=True,
                          text=True)


def commands():
    out = run("--help").out
    return re.findall(r"^  ([a-z]+) ", out.split("commands:\n")[1].split("\n\n")[0], re.M)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("man") / "grotto.1"
    res = gen("man", out)
    assert res.returncode == 0, res.stderr
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def completion(tmp_path_factory):
    out = tmp_path_factory.mktemp("bash") / "grotto"
    res = gen("bash", out)
    assert res.returncode == 0, res.stderr
    return out


def test_the_page_holds_every_command_help(page):
    assert page.startswith('.\\" grotto(1), generated')
    assert ".TH GROTTO 1" in page and run("--version").out.split()[-1] in page.splitlines()[1]
    sections = re.findall(r"^\.SS (\S+)$", page, re.M)
    assert sections == commands()
    for cmd in sections:
        body = page.split(".SS %s\n" % cmd)[1].split(".SS ")[0]
        help_lines = [l for l in run("help", cmd).out.splitlines() if l]
        for line in help_lines:
            escaped = line.replace("\\", "\\e")
            assert escaped in body or "\\&" + escaped in body, (cmd, line)


@pytest.mark.skipif(not shutil.which("man"), reason="man-db is not installed (ci/deps.sh installs it)")
def test_man_renders_the_page(page, tmp_path):
    f = tmp_path / "grotto.1"
    f.write_text(page, encoding="utf-8")
    res = subprocess.run(["man", "-l", str(f)], capture_output=True, text=True, env=dict(os.environ, MANWIDTH="100"))
    assert res.returncode == 0, res.stderr
    assert "SYNOPSIS" in res.stdout and "DESCRIPTION" in res.stdout and "COMMANDS" in res.stdout
    assert ("EXIT STATUS" in res.stdout) == bool(re.search(r"^Exit codes", run("--help").out, re.M))
    for cmd in commands():
        assert re.search(r"^   %s$" % cmd, res.stdout, re.M), cmd


def complete(completion, *words):
    res = subprocess.run(["bash", "-c", 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _grotto; '
                          'printf "%s\\n" "${COMPREPLY[@]}"', "_", str(completion), *words],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    return [w for w in res.stdout.splitlines() if w]


def test_completion_of_commands_options_and_engines(completion):
    assert complete(completion, "grotto", "") == commands() + ["help", "--help", "--version"]
    assert complete(completion, "grotto", "se") == ["seeds", "search"]
    assert complete(completion, "grotto", "help", "ter") == ["terms"]
    assert complete(completion, "grotto", "map", "--eng") == ["--engine"]
    assert complete(completion, "grotto", "map", "--engine", "") == ["ref", "impl", "legacy"]
    assert "--against" in complete(completion, "grotto", "oracle", "--")
    # a value that is not a file or an engine: nothing is offered
    assert complete(completion, "grotto", "map", "--seed", "") == []
    # a positional: files
    assert "README.md" in complete(completion, "grotto", "verify", "READ")
    # every option of every command's help is offered for it
    for cmd in commands():
        offered = set(complete(completion, "grotto", cmd, "--"))
        listed = set(re.findall(r"^  (?:-\w(?: \S+)?, )?(--[a-z][a-z0-9-]*)", run("help", cmd).out, re.M))
        assert listed <= offered, (cmd, listed - offered)


def test_the_generator_refuses_a_help_it_cannot_read(tmp_path):
    fake = tmp_path / "grotto"
    fake.write_text("#!/bin/sh\necho 'usage: grotto'\n")
    fake.chmod(0o755)
    res = gen("man", tmp_path / "out.1", grotto=str(fake))
    assert res.returncode == 2 and "lists no commands" in res.stderr
    assert not (tmp_path / "out.1").exists()
    fake.write_text("#!/bin/sh\nexit 3\n")
    res = gen("bash", tmp_path / "out", grotto=str(fake))
    assert res.returncode == 2 and "exited 3" in res.stderr
    res = gen("pdf", tmp_path / "out")
    assert res.returncode == 2 and "usage" in res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grotto"]  # nothing half-written


def test_the_manual_command_pages_are_current(tmp_path):
    """docs/commands/ is what `gen_docs.py GROTTO md` writes now (regenerate it
    after changing a command's help)."""
    res = gen("md", tmp_path)
    assert res.returncode == 0, res.stderr
    made = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.iterdir()}
    docs = os.path.join(ROOT, "docs", "commands")
    committed = {n: open(os.path.join(docs, n), encoding="utf-8").read() for n in os.listdir(docs)}
    assert sorted(made) == sorted(["README.md"] + [c + ".md" for c in commands()])
    for name in made:
        assert committed.get(name) == made[name], \
            "docs/commands/%s is stale: python3 tools/gen_docs.py build/cli/grotto md docs/commands" % name
    assert sorted(committed) == sorted(made)
    res = gen("md", tmp_path / "nosuch")
    assert res.returncode == 2 and "not a folder" in res.stderr
