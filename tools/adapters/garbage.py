#!/usr/bin/env python3
"""Test adapter: answers N requests right (example.py), then prints garbage.
usage: garbage.py N [TEXT]   (default TEXT: a line that is not JSON)"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example  # noqa: E402

TEXT = sys.argv[2] if len(sys.argv) > 2 else "Traceback? no: this is not JSON"
example.serve_right_then(int(sys.argv[1]), lambda words: TEXT)
