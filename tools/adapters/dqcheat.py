#!/usr/bin/env python3
"""dqcheat.py - the CompuGenius DQIX save editor's map engine as an engine
under test (docs/other-tools.md); normally started by dqcheat.sh, which
builds the driver and runs:

    dqcheat.py [--any-version] EXE -- DRIVER_COMMAND...

EXE is the editor's lib/DQCheat.Patched.0.7.exe (its sha256 must be that of
CompuGenius-Programs/DQIX-Save-Editor ae15f30 unless --any-version); the
driver (dqcheat/Driver.cs under mono, or a test's stand-in) is started as
DRIVER_COMMAND... EXE and asked "count Q SEED" (the engine's floor count
for quality Q), "raw Q SEED" (its _details bytes, MapName3 and each
floor's 1336-byte work area) and "items Q SEED K T" (what its
GetTreasureBoxItem gives for each chest of floor K at second T; Driver.cs
says how). This program speaks the
engine protocol (docs/interchange.md) and maps what the engine holds to
interchange fields:

  map BAND SEED  raw BAND SEED: _details [0] boss, [1] floors, [2] smr,
                 [3] env, [4] level, [5] prefix, [6] suffix; locale = the id
                 of tools/tables/names.json whose English word is MapName3
                 (the editor orders its locale words differently); per floor
                 f: chest ranks row[9 + i] for i < row[8]; elist.ofs = the
                 int32 (little endian) at row[1308] - the editor's running
                 offset of the enemy-list records (it computes no D and no
                 state code, only coarse cut flags: not carried)
  floor SEED K   the floor of seed SEED at index K does not depend on the
                 quality, but the engine only builds a map's own floors:
                 count Q SEED for every band code, then raw Q SEED for the
                 first band with the most floors (cached per seed); row K-1:
                 width row[2], height row[3], up row[4..5], down row[6..7],
                 chests row[13 + 2i], row[14 + 2i] for i < row[8], grid
                 row[792 + x + 16 y]. When no band reaches floor K the reply
                 is the keys alone (nothing computed). The editor tracks no
                 stair overflow: not carried.
  chest BAND SEED K T
                 raw BAND SEED (the last map's kept) and items BAND SEED K T:
                 floor K's chests (none past the map's last floor) in the
                 engine's order, each with its rank row[9 + i] and the name
                 GetTreasureBoxItem gives (the patched editor's English item
                 names, compared as they are with tools/tables/items.json's;
                 it has no item numbers: contents.item is not carried)

A malformed request: exit 2, one line on stderr. The driver failing or answering something unreadable, or a
locale word names.json does not have: exit 3, one line. Python 3 standard
library only.
"""
import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
NAMES = os.path.join(ROOT, "tools", "tables", "names.json")
EXE_SHA256 = "91c705954e03b462982782f6d47531b0fb4a0c9819871d4fecf932add761be1b"  # ae15f30
BANDS = [2, 56, 61, 76, 81, 101, 121, 141, 161, 181, 201, 221]
ROW_BYTES = 1336
GRID = 792
ELIST_OFS = 1308
FIELDS = {
    "floor": ["width", "height", "up", "down", "chests", "grid"],
    "map": ["env", "floors", "smr", "boss", "prefix", "suffix", "locale", "level", "chest_ranks",
            "elist.ofs"],
    "chest": ["contents", "contents.rank", "contents.name"],
}
USAGE = """usage: dqcheat.py [--any-version] EXE -- DRIVER_COMMAND...
       dqcheat.py --fields

An engine adapter for `grotto oracle --b exec:CMD` (docs/interchange.md):
answers "floor SEED K", "map BAND SEED" and "chest BAND SEED K T" with what the CompuGenius DQIX
save editor's engine (EXE = lib/DQCheat.Patched.0.7.exe of
CompuGenius-Programs/DQIX-Save-Editor ae15f30) computes, read through a
driver (tools/adapters/dqcheat/Driver.cs). Normally run by dqcheat.sh.

  --fields        print the fields carried per request kind (JSON) and exit
  --any-version   accept an EXE other than that of ae15f30

examples:
  grotto oracle --sample 2000 --b exec:'tools/adapters/dqcheat.sh ~/grotto-tools/DQIX-Save-Editor'
  echo 'map 2 50' | tools/adapters/dqcheat.sh ~/grotto-tools/DQIX-Save-Editor

exit status: 0 end of input, 2 bad arguments, a wrong EXE or a bad request
(one line on stderr), 3 the driver or the engine failed.
"""


class Failure(Exception):
    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


def locale_ids():
    with open(NAMES, encoding="utf-8") as f:
        return {e["en"]: e["id"] for e in json.load(f)["locale"]["entries"]}


class Engine:
    """The driver process, asked one line at a time."""

    def __init__(self, argv):
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        except OSError as e:
            raise Failure("cannot start the driver %s: %s" % (argv[0], e.strerror), 3)

    def ask(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        reply = self.proc.stdout.readline()
        if not reply:
            raise Failure("the driver ended (status %s) on '%s'" % (self.proc.wait(), line), 3)
        try:
            return json.loads(reply)
        except ValueError:
            raise Failure("the driver answered '%s' with a line that is not JSON: %.80r" % (line, reply), 3)

    def close(self):
        self.proc.stdin.close()
        status = self.proc.wait()
        if status != 0:
            raise Failure("the driver exited with status %d at the end" % status, 3)


def rows_of(raw, line):
    """The floor work areas of a raw reply, as bytes, checked."""
    try:
        rows = [bytes.fromhex(r) for r in raw["rows"]]
        details = raw["details"]
        if len(details) < 8 or any(len(r) != ROW_BYTES for r in rows) or len(rows) != details[1]:
            raise ValueError
    except (KeyError, TypeError, ValueError):
        raise Failure("the driver answered '%s' with a reply of the wrong shape" % line, 3)
    return details, rows


def floor_line(seed, k, row):
    w, h, n = row[2], row[3], row[8]
    grid = ["".join("%x" % (row[GRID + x + 16 * y] & 0xF) for x in range(16)) for y in range(16)]
    if any(row[GRID + i] > 0xF for i in range(256)) or n > 3:
        raise Failure("floor %d %d: the engine's work area holds a tile code or chest count "
                      "out of range" % (seed, k), 3)
    return {"seed": seed, "floor": k, "width": w, "height": h, "up": [row[4], row[5]],
            "down": [row[6], row[7]], "chests": [[row[13 + 2 * i], row[14 + 2 * i]] for i in range(n)],
            "grid": grid}


def map_line(band, seed, raw, line, locales):
    details, rows = rows_of(raw, line)
    if raw.get("name3") not in locales:
        raise Failure("map %d %d: the engine's locale word %r is not in tools/tables/names.json"
                      % (band, seed, raw.get("name3")), 3)
    return {"band": band, "seed": seed, "env": details[3], "floors": details[1], "smr": details[2],
            "boss": details[0], "prefix": details[5], "suffix": details[6],
            "locale": locales[raw["name3"]], "level": details[4],
            "chest_ranks": [[r[9 + i] for i in range(r[8])] for r in rows],
            "elist": [{"ofs": int.from_bytes(r[ELIST_OFS:ELIST_OFS + 4], "little", signed=True)}
                      for r in rows]}


def parse(line):
    words = line.split(" ")
    try:
        nums = [int(w) for w in words[1:]]
        if any(not w.isdigit() for w in words[1:]):
            raise ValueError
    except ValueError:
        nums = None
    if words[0] == "floor" and nums and len(nums) == 2 and nums[0] <= 0x7FFF and 1 <= nums[1] <= 16:
        return "floor", nums
    if words[0] == "map" and nums and len(nums) == 2 and nums[0] in BANDS and nums[1] <= 0x7FFF:
        return "map", nums
    if (words[0] == "chest" and nums and len(nums) == 4 and nums[0] in BANDS and nums[1] <= 0x7FFF and
            1 <= nums[2] <= 16 and nums[3] <= 65535):
        return "chest", nums
    raise Failure("bad request '%s': expected 'floor SEED K' (SEED 0..32767, K 1..16), "
                  "'map BAND SEED' (BAND a band code) or 'chest BAND SEED K T' (T 0..65535)" % line, 2)


def chest_line(band, seed, k, t, rows, items, line):
    """Floor k's chests at second t: the engine's ranks and item names."""
    row = rows[k - 1] if k <= len(rows) else None
    n = row[8] if row else 0
    names = items.get("items") if isinstance(items, dict) else None
    if not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names):
        raise Failure("the driver answered '%s' with items that are not the floor's %d chests: %.80r"
                      % (line, n, items), 3)
    return {"band": band, "seed": seed, "floor": k, "second": t,
            "contents": [{"rank": row[9 + i], "name": names[i]} for i in range(n)]}


def serve(engine, locales):
    cache = {}   # seed -> floor rows of the band with the most floors
    maps = {}    # "BAND SEED" -> floor rows of the last map a chest was asked of
    out = sys.stdout
    for text in sys.stdin:
        line = text.rstrip("\n")
        if not line:
            continue
        kind, nums = parse(line)
        a, b = nums[0], nums[1]
        if kind == "chest":
            key = "%d %d" % (a, b)
            if key not in maps:
                maps = {key: rows_of(engine.ask("raw " + key), "raw " + key)[1]}
            ask = "items %d %d %d %d" % tuple(nums)
            reply = chest_line(a, b, nums[2], nums[3], maps[key], engine.ask(ask), ask)
        elif kind == "map":
            reply = map_line(a, b, engine.ask("raw %d %d" % (a, b)), line, locales)
        else:
            seed, k = a, b
            if seed not in cache:
                counts = [(engine.ask("count %d %d" % (q, seed)).get("floors"), q) for q in BANDS]
                if any(not isinstance(c, int) for c, _ in counts):
                    raise Failure("the driver answered a count for seed %d without floors" % seed, 3)
                best = max(counts, key=lambda cq: (cq[0], -cq[1]))[1]
                ask = "raw %d %d" % (best, seed)
                cache = {seed: rows_of(engine.ask(ask), ask)[1]}
            rows = cache[seed]
            reply = floor_line(seed, k, rows[k - 1]) if k <= len(rows) else {"seed": seed, "floor": k}
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        sys.stdout.write(USAGE)
        return 0
    if argv == ["--fields"]:
        print(json.dumps(FIELDS))
        return 0
    any_version = "--any-version" in argv[:2]
    args = [a for a in argv[:2] if a != "--any-version"] + argv[2:]
    if len(args) < 3 or args[1] != "--":
        sys.stderr.write("dqcheat.py: bad arguments %r: expected [--any-version] EXE -- DRIVER_COMMAND... "
                         "(--help)\n" % " ".join(argv))
        return 2
    exe, driver = args[0], args[2:]
    try:
        with open(exe, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
    except OSError as e:
        sys.stderr.write("dqcheat.py: cannot read the editor's exe %s: %s\n" % (exe, e.strerror))
        return 2
    if digest != EXE_SHA256 and not any_version:
        sys.stderr.write("dqcheat.py: %s is not the DQCheat.Patched.0.7.exe of DQIX-Save-Editor ae15f30 "
                         "(sha256 %s; --any-version loads it anyway)\n" % (exe, digest[:16]))
        return 2
    try:
        engine = Engine(driver + [exe])
        serve(engine, locale_ids())
        engine.close()
    except Failure as e:
        sys.stderr.write("dqcheat.py: %s\n" % e)
        return e.status
    except BrokenPipeError:
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
