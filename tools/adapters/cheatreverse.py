#!/usr/bin/env python3
"""cheatreverse.py - what DQ9CheatReverse (yatsuna827/DQ9CheatReverse at
7135fe0, C#) can be compared on: the three work-area snapshot hashes its
program records for map B50E5C (docs/other-tools.md).

The tool is never part of this repository: DIR (or
$GROTTO_TOOLS_DIR/DQ9CheatReverse) is a checkout. Its engine cannot be run
here: dotnet/ is C# 12 for .NET 8 (collection expressions, ranges, Span
indexers assigned through ref returns), which Debian's mono `mcs` does not
compile, and original/ is decompiler output that does not compile either
(implicit int-to-byte conversions, addresses of fields, members missing).
What it does publish is data: dotnet/Program.cs holds three constants,
SNAP_SHOT, SNAP_SHOT2 and SNAP_SHOT_Z, each the SHA-256 (bytes as "5D-0F-..")
of its 16 floor work areas of 1,336 bytes, concatenated floor 1 first, for
the map its program builds (Get(0x0E5C, 0xB5): band B5, seed 0x0E5C); the
program checks its result against SNAP_SHOT_Z.

This adapter reads the three constants from the checkout and hashes grotto's
work areas of the same map the same way: floors 1..floors from the
reference generator (grotto_floor_ex of libgrotto, through ctypes; the
floors past the map's last stay zero, as the tool's arrays do), in each of
the states below, and says which constant each state reproduces:

  layout          the work area as the floor generator leaves it (chests
                  placed, no ranks)
  layout+ranks    and the chest ranks at bytes 9.. (the tool's rank step,
                  which its program leaves out)
  layout+counts   and the first bytes of the tool's enemy-list step
                  (RoutineZ): 1304 the floor's monster rank, 1305 the
                  list length F, 1306 W, 1307 X (enemy-list.md §2-§3)
  layout+elist    and the rest of that step: 1308 the memory used (uint32:
                  grotto's ElistOfs), 1312 flags (1: no monster kept, 2: one
                  kept, 4: the list does not fit: F >= (11216 - ElistOfs) / 20),
                  1313 the number of kept monsters, 1314.. their monster
                  numbers (int16 each; the three trapped-chest monsters
                  026..028 take a slot but are not listed)

All of it from `grotto map B50E5C --json` (floor count, chest ranks, the
enemy-list terms and which monsters are kept). The tool keeps W and X in a
byte each and computes its memory figure from those bytes, which equals
ElistOfs in regime 1 while X < 256 (enemy-list.md §4; every floor of
B50E5C): the adapter refuses a map where that does not hold.

Usage: cheatreverse.py [DIR] [--lib PATH] [--json]
  --lib PATH   libgrotto.so (default $GROTTO_LIB, else ../lib/libgrotto.so
               beside $GROTTO_BIN or the grotto on PATH, else the system's)
Exit 0 when every snapshot is reproduced by one of the states, 1 when one
is not (a difference), 2 for bad arguments, no checkout or no library.
Python 3 standard library only.
"""
import ctypes
import ctypes.util
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

WORK_AREA = 1336
MAP_BAND, MAP_SEED = 0xB5, 0x0E5C
NAMES = ("SNAP_SHOT", "SNAP_SHOT2", "SNAP_SHOT_Z")
CHEST_RANKS = 9  # a byte per chest
# the tool's enemy-list step (RoutineZ): bytes of each floor's work area
Z_RANK, Z_LENGTH, Z_W, Z_X, Z_MEMORY, Z_FLAGS, Z_KEPT, Z_MONSTERS = 1304, 1305, 1306, 1307, 1308, 1312, 1313, 1314
MEMORY_AREA = 11216  # bytes from which an enemy record of 20 bytes must fit (enemy-list.md §5)


class Failure(Exception):
    pass


def grotto_bin():
    return os.environ.get("GROTTO_BIN") or "grotto"


def find_lib(given):
    if given:
        return given
    if os.environ.get("GROTTO_LIB"):
        return os.environ["GROTTO_LIB"]
    for exe in (os.environ.get("GROTTO_BIN"), shutil.which("grotto")):
        beside = exe and os.path.join(os.path.dirname(os.path.abspath(exe)), "..", "lib", "libgrotto.so")
        if beside and os.path.exists(beside):
            return beside
    found = ctypes.util.find_library("grotto")
    if not found:
        raise Failure("no libgrotto: give --lib PATH or set GROTTO_LIB (build/lib/libgrotto.so)")
    return found


def snapshots(checkout):
    """The tool's three constants, from its dotnet/Program.cs."""
    path = os.path.join(checkout, "dotnet", "Program.cs")
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except OSError as e:
        raise Failure("cannot read %s: %s (a checkout of yatsuna827/DQ9CheatReverse 7135fe0?)"
                      % (path, e.strerror))
    out = {}
    for name in NAMES:
        m = re.search(r'const\s+string\s+%s\s*=\s*"((?:[0-9A-F]{2}-){31}[0-9A-F]{2})"' % name, text)
        if not m:
            raise Failure("%s has no constant %s (another version?)" % (path, name))
        out[name] = m.group(1)
    return out


def the_map():
    """grotto's map B50E5C: its floors with chests and enemy-list terms."""
    cmd = [grotto_bin(), "map", "%02X%04X" % (MAP_BAND, MAP_SEED), "--json"]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise Failure("cannot run %s: %s" % (cmd[0], e.strerror))
    if res.returncode != 0 or not res.stdout.strip():
        raise Failure("'%s' failed: %s" % (" ".join(cmd), res.stderr.strip()[-200:]))
    return json.loads(res.stdout)


def work_areas(lib_path, m):
    try:
        lib = ctypes.CDLL(lib_path)
        floor_ex = lib.grotto_floor_ex
    except (OSError, AttributeError) as e:
        raise Failure("cannot use %s: %s" % (lib_path, e))
    floor_ex.argtypes = [ctypes.c_uint32, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    areas = []
    for k in range(1, 17):
        wa = (ctypes.c_uint8 * WORK_AREA)()
        if k <= m["floor_count"] and floor_ex(MAP_SEED, k, None, None, wa) != 0:
            raise Failure("grotto_floor_ex refused floor %d" % k)
        areas.append(bytearray(bytes(wa)))
    return areas


def digest(areas):
    return "-".join("%02X" % b for b in hashlib.sha256(b"".join(bytes(a) for a in areas)).digest())


def enemy_list_step(area, floor, full):
    """The tool's RoutineZ bytes of one floor from grotto's terms: the
    counts alone, or (full) all of them."""
    e = floor["elist"]
    if e["W"] > 255 or e["X"] > 255 or e["regime"] != 1:
        raise Failure("floor %d: W %d, X %d, regime %d: the tool's byte-wide counts and memory figure differ from "
                      "grotto's there" % (floor["floor"], e["W"], e["X"], e["regime"]))
    area[Z_RANK], area[Z_LENGTH], area[Z_W], area[Z_X] = e["monster_rank"], e["F"], e["W"], e["X"]
    if not full:
        return
    kept = [mon["number"] for mon in floor["monsters"] if mon["kept"] and not mon["trapped_chest"]]
    fit = max(0, (MEMORY_AREA - e["ofs"]) // 20)
    area[Z_MEMORY:Z_MEMORY + 4] = e["ofs"].to_bytes(4, "little")
    area[Z_FLAGS] = 1 if not kept else 2 if len(kept) == 1 else 4 if e["F"] >= fit else 0
    area[Z_KEPT] = len(kept)
    for i, number in enumerate(kept):
        area[Z_MONSTERS + 2 * i:Z_MONSTERS + 2 * i + 2] = number.to_bytes(2, "little")


def states(areas, m):
    out = {"layout": digest(areas)}
    ranks = [bytearray(a) for a in areas]
    counts = [bytearray(a) for a in areas]
    elist = [bytearray(a) for a in areas]
    for f, floor in enumerate(m["floors"]):
        for i, chest in enumerate(floor["chests"]):
            ranks[f][CHEST_RANKS + i] = chest["rank"]
        enemy_list_step(counts[f], floor, False)
        enemy_list_step(elist[f], floor, True)
    out["layout+ranks"] = digest(ranks)
    out["layout+counts"] = digest(counts)
    out["layout+elist"] = digest(elist)
    return out


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        sys.stdout.write(__doc__)
        return 0
    checkout, lib, as_json, i = None, None, False, 0
    while i < len(argv):
        a = argv[i]
        if a == "--json":
            as_json = True
        elif a == "--lib" and i + 1 < len(argv):
            lib, i = argv[i + 1], i + 1
        elif a.startswith("-"):
            raise Failure("unknown option %s: expected DIR, --lib PATH or --json" % a)
        elif checkout:
            raise Failure("one checkout directory expected, got %s and %s" % (checkout, a))
        else:
            checkout = a
        i += 1
    if not checkout:
        base = os.environ.get("GROTTO_TOOLS_DIR")
        if not base:
            raise Failure("no checkout: give DIR or set GROTTO_TOOLS_DIR (docs/other-tools.md)")
        checkout = os.path.join(base, "DQ9CheatReverse")
    snaps = snapshots(checkout)
    m = the_map()
    ours = states(work_areas(find_lib(lib), m), m)
    rows = []
    for name in NAMES:
        same = [s for s, h in ours.items() if h == snaps[name]]
        rows.append({"snapshot": name, "hash": snaps[name], "reproduced_by": same})
    missing = [r["snapshot"] for r in rows if not r["reproduced_by"]]
    ok = not missing
    if as_json:
        doc = {"map": "%02X%04X" % (MAP_BAND, MAP_SEED), "snapshots": rows, "grotto": ours, "ok": ok}
        sys.stdout.write(json.dumps(doc, indent=1) + "\n")
    else:
        sys.stdout.write("DQ9CheatReverse work-area snapshots of map %02X%04X (dotnet/Program.cs), against "
                         "grotto's work areas:\n" % (MAP_BAND, MAP_SEED))
        for r in rows:
            sys.stdout.write("  %-11s %s...  %s\n" % (r["snapshot"], r["hash"][:23], "= grotto " + ", ".join(
                r["reproduced_by"]) if r["reproduced_by"] else "not reproduced"))
        sys.stdout.write("%s\n" % ("all three reproduced" if ok else "DIFFERENCE: %s not reproduced"
                                    % ", ".join(missing)))
    sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failure as e:
        sys.stderr.write("cheatreverse.py: %s\n" % e)
        sys.exit(2)
