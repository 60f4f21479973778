"""Rules of the C sources that no compiler checks.

ALWAYS(X) and NEVER(X) (lib/always.h) do not evaluate X in the coverage
build: an argument with an effect - a call that fills something, an
assignment, ++ or -- - works in every other build and silently does
nothing there. (`grotto bench --query` once parsed its queries inside
NEVER(): under coverage it timed nothing.) Calls are allowed only to the
functions listed in PURE, which only read."""
import re

from conftest import ROOT

PURE = {"wa_get", "strcmp", "sizeof"}
DIRS = ("ref", "impl", "legacy", "capture", "lib", "base", "oracle", "universe", "interchange", "verify", "cli",
        "include", "lookup", "result")


def marker_arguments(text):
    """(line, argument) of every ALWAYS( / NEVER( use, the argument up to its
    closing parenthesis."""
    for m in re.finditer(r"\b(ALWAYS|NEVER)\(", text):
        depth, i = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield text.count("\n", 0, m.start()) + 1, text[m.end():i - 1]


def effects(arg):
    calls = {c for c in re.findall(r"\b([A-Za-z_]\w*)\s*\(", arg)} - PURE
    writes = re.findall(r"\+\+|--|(?<![=!<>])=(?!=)", arg)
    return sorted(calls) + writes


def test_markers_have_no_effects():
    uses, bad = 0, []
    for d in DIRS:
        for path in sorted((ROOT / d).rglob("*.[ch]")):
            if path.name == "always.h":
                continue
            for line, arg in marker_arguments(path.read_text(encoding="utf-8")):
                uses += 1
                if effects(arg):
                    bad.append("%s:%d: %s(%s): %s" % (path.relative_to(ROOT), line, "...", arg, effects(arg)))
    assert uses >= 30, uses  # the scan finds the markers
    assert not bad, "\n".join(bad)


def test_the_rule_finds_effects():
    assert effects("universe_bench_query_parse(a->query, &l, err, sizeof err)") == ["universe_bench_query_parse"]
    assert effects("n++ > 3") == ["++"] and effects("(x = f) != 0") == ["="]
    assert effects("wa_get(A, HDR_NODE_COUNT) >= NODE_CAP") == []
    assert effects("a == b || c <= d || e >= f || g != h") == []
