#!/usr/bin/env python3
"""Test adapter: answers N requests right (example.py), then never answers.
usage: hang.py N"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example  # noqa: E402

left = int(sys.argv[1])


def reply(words):
    global left
    while left == 0:
        time.sleep(3600)
    left -= 1
    return example.answer(words)


example.serve(reply)
