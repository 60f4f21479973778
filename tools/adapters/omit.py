#!/usr/bin/env python3
"""Test adapter: right (example.py) but without some fields.
usage: omit.py FIELD,...   top-level keys, or elist.ofs / elist.D / elist.state."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example  # noqa: E402

FIELDS = sys.argv[1].split(",")


def reply(words):
    obj = example.answer(words)
    for f in FIELDS:
        if f.startswith("elist.") and "elist" in obj:
            for e in obj["elist"]:
                e.pop(f[6:], None)
        else:
            obj.pop(f, None)
    return obj


example.serve(reply)
