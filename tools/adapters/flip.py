#!/usr/bin/env python3
"""Test adapter: right (example.py) except one grid cell of one floor.
usage: flip.py SEED FLOOR X Y   (decimal) - that cell's tile digit is changed."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example  # noqa: E402

SEED, FLOOR, X, Y = (int(a) for a in sys.argv[1:5])


def reply(words):
    obj = example.answer(words)
    if words[0] == "floor" and int(words[1]) == SEED and int(words[2]) == FLOOR:
        row = obj["grid"][Y]
        obj["grid"][Y] = row[:X] + ("0" if row[X] != "0" else "1") + row[X + 1:]
    return obj


example.serve(reply)
