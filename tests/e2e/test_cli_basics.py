"""grotto --help, per-command help, unknown commands and options."""
import pytest

from conftest import assert_usage_error

COMMANDS = ["map", "floor", "timer", "seeds", "chest", "search", "oracle", "sweep", "stats", "bench"]


def test_global_help_lists_every_command(grotto):
    res = grotto("--help")
    assert res.rc == 0
    for c in COMMANDS:
        assert f"  {c} " in res.out


def test_no_arguments_is_a_usage_error(grotto):
    res = grotto()
    assert res.rc == 2
    assert "usage: grotto" in res.err
    assert res.out == ""


@pytest.mark.parametrize("cmd", COMMANDS)
def test_command_help(grotto, cmd):
    for form in ([cmd, "--help"], [cmd, "-h"], ["help", cmd]):
        res = grotto(*form)
        assert res.rc == 0, form
        assert res.out.startswith(f"usage: grotto {cmd}"), form
        assert res.err == ""


def test_unknown_command(grotto):
    assert_usage_error(grotto("frobnicate"), "unknown command 'frobnicate'")
    assert_usage_error(grotto("help", "frobnicate"), "unknown command")


@pytest.mark.parametrize("cmd", ["map 020032", "floor DD5BC3 4", "timer 5", "seeds --never",
                                 "chest 020032 3 7", "search", "oracle", "sweep", "stats", "bench"])
def test_unknown_option(grotto, cmd):
    res = grotto(*cmd.split(), "--frobnicate")
    assert_usage_error(res, "unknown option '--frobnicate'")


def test_unknown_global_option(grotto):
    assert_usage_error(grotto("--frobnicate"), "unknown option")


def test_version(grotto):
    res = grotto("--version")
    assert res.rc == 0 and res.out.startswith("grotto ")
