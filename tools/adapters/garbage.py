#!/usr/bin/env python3
"""Test adapter: answers N requests right (example.py), then prints garbage.
usage: garbage.py N [TEXT]   (default TEXT: a line that is not JSON)"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example  # noqa: E402

left = int(sys.argv[1])
TEXT = sys.argv[2] if len(sys.argv) > 2 else "Traceback? no: this is not JSON"

for line in sys.stdin:
    if left == 0:
        sys.stdout.write(TEXT + "\n")
        sys.stdout.flush()
        continue
    left -= 1
    obj = example.answer(line.split())
    sys.stdout.write(example.json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()
