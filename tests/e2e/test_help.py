"""Every command's help comes from the option table that parses its options
(cli_help): usage line, option list, at least one example; an option in the
help is one the command accepts, and an entry without help text shows up."""
import re
import unicodedata

import pytest

from conftest import run


def columns(line):
    """Display columns: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def commands():
    out = run("--help").out
    return [l.split()[0] for l in out.split("commands:\n")[1].split("\n\n")[0].splitlines()]


COMMANDS = commands()


def test_every_command_is_listed():
    assert len(COMMANDS) == 15 and "map" in COMMANDS and "chests" in COMMANDS and "at" in COMMANDS and "interchange" in COMMANDS and "bench" in COMMANDS


@pytest.mark.parametrize("cmd", COMMANDS)
def test_help_has_usage_options_and_examples(cmd):
    res = run(cmd, "--help")
    assert res.rc == 0 and res.err == ""
    out = res.out
    assert out.startswith("usage: grotto %s" % cmd)
    assert "UNDOCUMENTED" not in out
    assert "  -h, --help" in out
    examples = out.split("\nexamples:\n")[1].splitlines()
    assert any(l.startswith("  grotto %s" % cmd) for l in examples), examples
    assert run(cmd, "-h").out == out == run("help", cmd).out


@pytest.mark.parametrize("cmd", COMMANDS)
def test_every_option_in_the_help_is_accepted(cmd, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # "sweep --out --help" once swept into ./--help
    out = run(cmd, "--help").out
    opts = sorted(set(re.findall(r"^  (?:-\w(?: \S+)?, )?--([a-z][a-z0-9-]*)", out, re.M)) - {"help"})
    assert opts
    for o in opts:
        res = run(cmd, "--" + o, "--help")
        assert "unknown option" not in res.err, (cmd, o, res.err)
    # a value option refuses "--help" as its value: nothing ran, nothing was written
    assert not list(tmp_path.iterdir()), (cmd, list(tmp_path.iterdir()))
    # and the parser refuses one the help does not list
    res = run(cmd, "--no-such-option")
    assert res.rc == 2 and "unknown option" in res.err


def test_help_lines_fit_100_columns():
    for cmd in COMMANDS:
        for line in run(cmd, "--help").out.splitlines():
            assert columns(line) <= 100, (cmd, line)
