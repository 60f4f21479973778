"""grotto oracle chests: the chest-contents domain on the command line - its
default slice run, ref vs impl, with the words of its definition; the
refusals (no second engine, an engine without contents, --full elsewhere);
and the default run without --b, which leaves the domain out. The planted
differences and the full run are the ctest tests test_universe_planted_chests
and test_universe_differential; the JSON is checked by test_json_schema."""
import re

from conftest import assert_usage_error, unwrap

SLICE = ("chests: 336592896 of 336592896 checked (slice: 12 bands x 16 floors x (32768 seeds x t 0..39 "
         "+ 2048 seeds 0 mod 16 x t 40..255)), 0 mismatched (impl vs ref: 0 differences) in ")


def test_the_slice_impl_vs_ref(grotto):
    res = grotto("oracle", "chests", "--a", "impl", "--b", "ref", "-q", timeout=1200)
    assert res.rc == 0, res.out + res.err
    assert unwrap(res.out).startswith(SLICE), res.out
    assert re.search(r"; the contents alone: impl \d+\.\d\d s, ref \d+\.\d\d s\)\n$", unwrap(res.out)), res.out


def test_without_b_the_default_run_leaves_chests_out(grotto):
    res = grotto("oracle", "--a", "impl", "-q", timeout=1200)
    assert res.rc == 0, res.out + res.err
    assert [l.split(":")[0] for l in unwrap(res.out).splitlines()] == ["floors", "maps", "qualities", "timers", "sweep", "walk"]


def test_refusals(grotto):
    assert_usage_error(grotto("oracle", "chests"), "chests: nothing to compare with", "--b")
    assert_usage_error(grotto("oracle", "chests", "--b", "legacy"), "engine legacy does not compute chest contents")
    assert_usage_error(grotto("oracle", "floors", "--full"), "--full applies to the chests domain only")
    assert_usage_error(grotto("oracle", "--full"), "--full applies to the chests domain only")
    assert_usage_error(grotto("oracle", "chests", "chests", "--b", "impl"), "given twice")


def test_help_names_the_domain(grotto):
    res = grotto("oracle", "--help")
    assert res.rc == 0
    assert "  chests     chest contents, A vs B" in res.out
    assert "--full" in res.out
    assert all(len(l) <= 100 for l in res.out.splitlines())
