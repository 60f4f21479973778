"""The documentation generated from the commands' descriptions is the
documentation in the repository: every section `grotto help json` prints is
in docs/json.md as printed, docs/glossary.md is `grotto help glossary`, and
the JSON Schema `grotto help schema` prints (from the same descriptions)
accepts the documents of the commands docs/json.md checks."""
import functools
import json
import re
import shlex

import jsonschema
import pytest

from conftest import ROOT, run, run_shared


def sections(text):
    parts = re.split(r"(?m)^(?=#{2,3} )", text)
    return {m.group(0): p for p in parts for m in [re.match(r"### (?:command|object) `[^`]+`", p)] if m}


def test_docs_json_holds_every_generated_section():
    generated = sections(run("help", "json").out)
    doc = sections((ROOT / "docs" / "json.md").read_text(encoding="utf-8"))
    assert len(generated) >= 20
    for head, text in generated.items():
        assert doc.get(head, "").rstrip() == text.rstrip(), "docs/json.md: %s differs from 'grotto help json'" % head


def test_docs_glossary_is_the_generated_one():
    assert (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8") == run("help", "glossary").out


def test_terms_lists_the_words_of_the_output():
    out = run("help", "terms").out
    for word in ("ElistOfs", "Flag0", "regime", "map id", "stopwatch", "W"):
        assert re.search(r"(?m)^ *%s\b" % re.escape(word), out) or word in out, word


SCHEMA = json.loads(run("help", "schema").out)
SCHEMA_CLASS = jsonschema.validators.validator_for(SCHEMA)


def test_the_generated_schema_is_a_valid_schema():
    """Checked once here: jsonschema.validate() would check the schema
    against its meta-schema anew for every document (0.3 s each)."""
    assert SCHEMA_CLASS is jsonschema.Draft202012Validator
    SCHEMA_CLASS.check_schema(SCHEMA)  # and with it every command's $defs entry


@functools.lru_cache(maxsize=None)
def validator(name):
    """The validator of command NAME's documents, made once per run."""
    return SCHEMA_CLASS(dict(SCHEMA["$defs"][name], **{"$defs": SCHEMA["$defs"]}))


def checked_commands():
    doc = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    out = []
    for part in re.split(r"(?m)^(?=### )", doc):
        m = re.match(r"### command `([^`]+)`", part)
        c = re.search(r"(?m)^Checked with: (.*)$", part)
        if m and c and m.group(1) in SCHEMA["$defs"]:
            out += [(m.group(1), line) for line in re.findall(r"`grotto ([^`]+)`", c.group(1))]
    return out


@pytest.mark.parametrize("name,line", checked_commands())
def test_documents_match_the_generated_schema(name, line):
    if "sweep" in line or "stats" in line:
        pytest.skip("whole-universe runs: checked by test_json_schema.py")
    res = run_shared(*shlex.split(line))  # test_json_schema.py checks the same lines
    assert res.rc in (0, 1), res.err
    validator(name).validate(res.json())
