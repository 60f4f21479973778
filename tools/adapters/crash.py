#!/usr/bin/env python3
"""Test adapter: answers N requests right (example.py), then dies (exit 3).
usage: crash.py N"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example  # noqa: E402


def crash(words):
    sys.stderr.write("crash.py: giving up on request %r\n" % " ".join(words))
    sys.exit(3)


example.serve_right_then(int(sys.argv[1]), crash)
