"""The CLI conventions that the argument fuzzer (fuzz/fuzz_cli_args.c) holds
every command to, on the cases it found: one line on stderr whatever the
arguments contain, and no help after a rejected argument."""
import pytest

from conftest import assert_usage_error


def test_no_command_is_one_line(grotto):
    res = grotto()
    assert_usage_error(res, "missing command", "usage: grotto <command>")


@pytest.mark.parametrize("args", [["frob\nnicate"], ["map", "DD5BC3\n"], ["timer", "5", "--base", "1\r\n2"],
                                  ["search", "--env", "ice\x1b[2J"]])
def test_control_characters_in_arguments_stay_on_one_line(grotto, args):
    res = grotto(*args)
    assert_usage_error(res)
    assert "\x1b" not in res.err and "\r" not in res.err


def test_help_does_not_hide_a_bad_argument(grotto):
    res = grotto("search", "-h", "-")
    assert_usage_error(res, "unexpected argument '-'")


@pytest.mark.parametrize("spaced,joined", [
    (["map", "--quality", "55", "--seed", "0032", "--json"], ["map", "--quality=55", "--seed=0032", "--json"]),
    (["floor", "--seed", "0346", "--floor", "B16F", "--record"], ["floor", "--seed=0346", "--floor=B16F", "--record"]),
    (["timer", "36690", "--base", "55", "--json"], ["timer", "36690", "--base=55", "--json"]),
])
def test_option_equals_value_is_the_same_as_option_space_value(grotto, spaced, joined):
    a, b = grotto(*spaced), grotto(*joined)
    assert a.rc == 0 and a.out, (a.rc, a.err)
    assert (b.rc, b.out, b.err) == (a.rc, a.out, a.err)


def test_flag_with_a_value_is_an_error(grotto):
    assert_usage_error(grotto("map", "020032", "--json=yes"), "takes no value")
