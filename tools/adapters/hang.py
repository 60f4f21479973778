#!/usr/bin/env python3
"""Test adapter: answers N requests right (example.py), then never answers.
usage: hang.py N"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example  # noqa: E402


def hang(words):
    while True:
        time.sleep(3600)


example.serve_right_then(int(sys.argv[1]), hang)
