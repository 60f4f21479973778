#!/usr/bin/env python3
"""A stand-in of tools/adapters/dqcheat/Driver.cs for the tests (no mono,
no editor): `driver.py RECORDED.json EXE` answers the driver's requests
"count Q SEED", "raw Q SEED" and "items Q SEED K T" from RECORDED.json,
which the test wrote from grotto's own export in the editor's layout:
{"maps": {"Q:SEED": raw reply}, "items": {"Q:SEED:K:T": [names]},
"faults": {...}}. The reply of "count" is the recorded map's floor count
(details[1]); "items" without a record answers {"items": []}. EXE is
ignored.

faults: "die": a request line after which it exits 5 without replying;
"garbage": a request line it answers with a line that is not JSON;
"nofloors": a request line it answers with {};
"exit": the status it exits with at the end of its input.
"""
import json
import sys


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        rec = json.load(f)
    faults = rec.get("faults", {})
    for text in sys.stdin:
        line = text.rstrip("\n")
        kind, q, seed = line.split(" ")[:3]
        if line == faults.get("die"):
            sys.stderr.write("driver.py: stand-in dies on '%s'\n" % line)
            return 5
        if line == faults.get("garbage"):
            print("not json", flush=True)
            continue
        if line == faults.get("nofloors"):
            print("{}", flush=True)
            continue
        if kind == "items":
            names = rec.get("items", {}).get(":".join(line.split(" ")[1:]), [])
            print(json.dumps({"items": names}), flush=True)
            continue
        raw = rec["maps"]["%s:%s" % (q, seed)]
        print(json.dumps({"floors": raw["details"][1]} if kind == "count" else raw), flush=True)
    return faults.get("exit", 0)


if __name__ == "__main__":
    sys.exit(main())
