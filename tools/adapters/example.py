#!/usr/bin/env python3
"""A minimal engine adapter for `grotto oracle --b exec:'python3 example.py'`.

Copy this file and replace floor_record() / map_record() with calls into your
own tool. The protocol (docs/interchange.md):

  * the oracle writes one request per line on our stdin:
        floor SEED K        seed 0..32767, floor 1..16 (decimal)
        map BAND SEED       band code (2, 56, 61, 76, 81, 101, 121, 141, 161,
                            181, 201, 221) and seed (decimal)
        chest BAND SEED K T the chests of floor K of that map when filled at
                            second T (only when the oracle's chests domain
                            is named)
        details BAND SEED   the map's details only (with --details, for a
                            tool that computes nothing else)
  * we answer each request with exactly one interchange line on stdout (one
    JSON object, flushed), carrying the request's keys ("seed"+"floor", or
    "band"+"seed") and whatever fields we compute - every other field is
    optional; a field we do not send is reported as "not carried", never as
    a difference;
  * at end of input we exit 0. Diagnostics go to stderr (the oracle quotes
    our last stderr line when we fail).

This example's "tool" is grotto itself (`grotto interchange export`, found
through $GROTTO_BIN, else `grotto` on PATH), so it must agree with the oracle
on every field. Python standard library only.
"""
import json
import os
import shutil
import subprocess
import sys


def grotto_bin():
    found = os.environ.get("GROTTO_BIN") or shutil.which("grotto")
    if not found:
        here = os.path.dirname(os.path.abspath(__file__))
        found = os.path.join(here, "..", "..", "build", "cli", "grotto")
    return found


def export(kind, seed, band=None):
    """Interchange lines of every floor of a seed, or of one map."""
    cmd = [grotto_bin(), "interchange", "export", kind, "--seeds", "%X" % seed]
    if band is not None:
        cmd += ["--bands", "%02X" % band]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


_floors = {}  # seed -> its 16 floors (the oracle asks for a seed's floors in a row)


def floor_record(seed, k):
    """One floor as a dict of interchange fields. Replace with your tool."""
    if seed not in _floors:
        _floors.clear()
        _floors[seed] = export("floors", seed)
    return dict(_floors[seed][k - 1])


def map_record(band, seed):
    """One map as a dict of interchange fields. Replace with your tool."""
    return export("maps", seed, band)[0]


def chest_record(band, seed, k, t):
    """The chests of floor k of a map at second t: per chest its rank, item
    number and English name (`grotto chest`). Replace with your tool."""
    line = {"band": band, "seed": seed, "floor": k, "second": t, "contents": []}
    if k > map_record(band, seed)["floors"]:
        return line  # a floor beyond the map's last has no chests
    out = subprocess.run([grotto_bin(), "chest", "%02X%04X" % (band, seed), str(k), str(t), "--json"],
                         check=True, capture_output=True, text=True).stdout
    line["contents"] = [{"rank": c["rank"], "item": c["item"], "name": c["name_en"]}
                        for c in json.loads(out)["chests"]]
    return line


def answer(words):
    """The reply to one request (a list of words), as a dict."""
    if len(words) == 3 and words[0] == "floor":
        return floor_record(int(words[1]), int(words[2]))
    if len(words) == 3 and words[0] == "map":
        return map_record(int(words[1]), int(words[2]))
    if len(words) == 3 and words[0] == "details":
        keep = ("band", "seed", "env", "floors", "smr", "boss", "prefix", "suffix", "locale", "level")
        return {k: v for k, v in map_record(int(words[1]), int(words[2])).items() if k in keep}
    if len(words) == 5 and words[0] == "chest":
        return chest_record(*map(int, words[1:]))
    raise ValueError("unknown request %r" % " ".join(words))


def serve(reply=answer, stdin=sys.stdin, stdout=sys.stdout):
    """The protocol loop: one line in, one line out, until end of input.
    reply(words) gives a dict (written as JSON) or a str (written as is)."""
    for line in stdin:
        obj = reply(line.split())
        text = obj if isinstance(obj, str) else json.dumps(obj, separators=(",", ":"))
        stdout.write(text + "\n")
        stdout.flush()


def serve_right_then(n, then):
    """For test adapters: answer the first n requests right, then let
    then(words) reply (or die, or hang)."""
    left = [n]

    def reply(words):
        if left[0] == 0:
            return then(words)
        left[0] -= 1
        return answer(words)

    serve(reply)


if __name__ == "__main__":
    serve()
