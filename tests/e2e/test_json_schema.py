"""Every command's --json output against its documentation, docs/json.md.

The document is the schema: each "### command `NAME`" section has a
"Checked with:" line of commands and a table of fields (path, type,
presence); "### object `NAME`" sections describe the objects several
documents share. The test runs every listed command and checks that every
field it prints is documented with that type, that every field documented
"always" is there, that "schema" is the current version, and that no number
is nan or inf. It also checks that every command whose help offers --json has
a section, and that every documented field was seen in some output (no stale
documentation)."""
import json
import math
import re
from functools import lru_cache
import shlex

import pytest

from conftest import ROOT, run, run_shared

DOC = ROOT / "docs" / "json.md"
SCHEMA_VERSION = 1
SCALARS = {"int", "number", "string", "bool", "null", "object", "array", "xy"}
# fields whose presence says they appear only on a mismatch or a rejected
# record: the checked outputs (the repository's own corpus) need not show them
UNSEEN_OK = ("on a mismatch", "when rejected")


def parse_doc():
    """{"commands": {name: (checks, rows)}, "objects": {name: rows}}; rows are
    (path, type text, always)."""
    commands, objects = {}, {}
    rows = checks = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^### (command|object) `([^`]+)`", line)
        if m:
            rows, checks = [], []
            if m.group(1) == "command":
                commands[m.group(2)] = (checks, rows)
            else:
                objects[m.group(2)] = rows
            continue
        if line.startswith("#"):
            rows = checks = None
            continue
        if rows is None:
            continue
        if line.startswith("Checked with:"):
            checks += re.findall(r"`grotto ([^`]+)`", line)
            continue
        m = re.match(r"^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|", line)
        if m:
            presence = m.group(3).strip()
            rows.append((m.group(1), m.group(2).replace("`", "").strip(), presence))
    return {"commands": commands, "objects": objects}


def expand(rows, objects, prefix="", origin=None):
    """{path: (alternatives, presence, origin)}; a path relative to its parent
    object, "[]" for array elements, "*" for any key; shared objects inlined,
    origin = (object name, its own path) for their fields, None for the
    command's own."""
    out = {}
    for path, type_text, presence in rows:
        full = prefix + path if path != "+" else prefix[:-1]
        here = (origin, path) if origin else None
        alts = []
        for alt in (a.strip() for a in type_text.split(" or ")):
            elem = None
            if alt.startswith("array of "):
                elem, alt = alt[len("array of "):], "array"
            if alt in objects:
                out.update(expand(objects[alt], objects, full + "." if path != "+" else prefix, alt))
                alt = "object" if path != "+" else None
            if alt and alt not in SCALARS:
                raise AssertionError("docs/json.md: unknown type '%s' of %s" % (alt, full))
            if alt:
                alts.append(alt)
            if elem:
                if elem in objects:
                    out[full + "[]"] = ({"object"}, presence, None)
                    out.update(expand(objects[elem], objects, full + "[].", elem))
                else:
                    assert elem in SCALARS, (full, elem)
                    out[full + "[]"] = ({elem}, presence, None)
        if path != "+":
            out[full] = (set(alts), presence, here)
    return out


def type_ok(v, alts):
    kinds = {
        "int": isinstance(v, int) and not isinstance(v, bool),
        "number": isinstance(v, (int, float)) and not isinstance(v, bool),
        "string": isinstance(v, str),
        "bool": isinstance(v, bool),
        "null": v is None,
        "object": isinstance(v, dict),
        "array": isinstance(v, list),
        "xy": isinstance(v, list) and len(v) == 2 and all(isinstance(c, int) for c in v),
    }
    return any(kinds[a] for a in alts)


def check(value, schema, path, seen, where):
    """Checks the object or array at path (schema keys are full paths)."""
    if isinstance(value, float):
        assert math.isfinite(value), (where, path)
    if isinstance(value, dict):
        for k, v in value.items():
            p = (path + "." if path else "") + k
            key = p if p in schema else (path + "." if path else "") + "*"
            assert key in schema, "%s: field '%s' is not in docs/json.md" % (where, p)
            alts = schema[key][0]
            assert type_ok(v, alts), "%s: %s = %r is not %s" % (where, p, v, " or ".join(sorted(alts)))
            seen.add(key)
            if alts != {"xy"}:
                check(v, schema, key, seen, where)
        for p, (_, presence, _) in schema.items():
            parent, _, name = p.rpartition(".")
            if presence == "always" and parent == path and name not in ("*", "") and not name.endswith("[]"):
                assert name in value, "%s: '%s' is documented as always present" % (where, p)
    elif isinstance(value, list):
        key = path + "[]"
        for v in value:
            assert key in schema, "%s: elements of '%s' are not in docs/json.md" % (where, path)
            alts = schema[key][0]
            assert type_ok(v, alts), "%s: an element of %s = %r is not %s" % (where, path, v, alts)
            seen.add(key)
            if alts != {"xy"}:
                check(v, schema, key, seen, where)


def no_constants(name):
    raise ValueError("%s in JSON output" % name)


DOCS = parse_doc()
COMMANDS = sorted(DOCS["commands"])


def unseen(schema, seen):
    """Documented fields no output showed, but those that appear only on a
    mismatch or a rejected record and array elements (checked when there)."""
    return {p: v for p, v in schema.items()
            if p not in seen and not p.endswith("[]") and not any(w in v[1] for w in UNSEEN_OK)}


def checked(name):
    """The command's expanded schema and the fields its checked outputs showed."""
    checks, rows = DOCS["commands"][name]
    schema = expand(rows, DOCS["objects"])
    seen = set()
    for line in checks:
        args = tuple(shlex.split(line))
        # a section is a command ("stats") or one of its modes ("stats --legacy-diff")
        assert list(args[:len(name.split())]) == name.split(), line
        doc = output_of(args)
        assert isinstance(doc, dict) and doc.get("schema") == SCHEMA_VERSION, line
        check(doc, schema, "", seen, "grotto " + line)
    return schema, seen


@lru_cache(maxsize=None)
def output_of(args):
    res = run_shared(*args)  # test_descriptions.py checks the same lines
    assert res.rc == 0, (args, res.rc, res.err)
    return json.loads(res.out, parse_constant=no_constants)


@pytest.mark.parametrize("name", COMMANDS)
def test_output_follows_the_documentation(name):
    assert DOCS["commands"][name][0], "docs/json.md: command `%s` has no 'Checked with:' line" % name
    schema, seen = checked(name)
    stale = sorted(p for p, v in unseen(schema, seen).items() if v[2] is None)
    assert not stale, "docs/json.md: fields of `%s` no checked output shows: %s" % (name, stale)


def test_every_shared_field_is_seen_somewhere():
    """A field of a shared object must show in the output of some command."""
    documented, shown = set(), set()
    for name in COMMANDS:
        schema, seen = checked(name)
        for p, (_, presence, origin) in schema.items():
            if origin:
                documented.add(origin)
                if p in seen or p not in unseen(schema, seen):
                    shown.add(origin)
    assert documented and not documented - shown, sorted(documented - shown)


def test_every_json_command_is_documented():
    listed = [l.split()[0] for l in run("--help").out.split("commands:\n")[1].split("\n\n")[0].splitlines()]
    assert len(listed) >= 12
    with_json = [c for c in listed if "--json" in run(c, "--help").out]
    assert with_json and set(with_json) <= set(COMMANDS), set(with_json) - set(COMMANDS)


def test_the_check_finds_undocumented_and_mistyped_fields():
    """The validator itself: a field too many, a wrong type and a missing
    'always' field are each caught."""
    schema = expand(DOCS["commands"]["timer"][1], DOCS["objects"])
    good = output_of(("timer", "36690", "--json"))
    check(good, schema, "", set(), "good")
    for bad in ({**good, "extra": 1}, {**good, "timer": "36690"}, {k: v for k, v in good.items() if k != "r1"},
                {**good, "r1": float("nan")}):
        with pytest.raises(AssertionError):
            check(bad, schema, "", set(), "bad")
