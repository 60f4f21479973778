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

  layout          the work area as the floor generator leaves it
  layout+ranks    and the chest ranks at bytes 9.. (the tool's rank step)
  layout+ofs      and the enemy-list offset (grotto's elist.ofs, int32 at 1308)

Usage: cheatreverse.py [DIR] [--lib PATH] [--json]
  --lib PATH   libgrotto.so (default $GROTTO_LIB, else ../lib/libgrotto.so
               beside $GROTTO_BIN or the grotto on PATH, else the system's)
Exit 0 when SNAP_SHOT is reproduced (the layout: what grotto models), 1
when it is not (a difference), 2 for bad arguments, no checkout or no
library. Python 3 standard library only.
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
ELIST_OFS, CHEST_RANKS = 1308, 9


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
    """grotto's map B50E5C: its floor count, chest ranks and enemy-list offsets."""
    cmd = [grotto_bin(), "interchange", "export", "maps", "--seeds", "%X" % MAP_SEED, "--bands", "%02X" % MAP_BAND]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise Failure("cannot run %s: %s" % (cmd[0], e.strerror))
    if res.returncode != 0 or not res.stdout.strip():
        raise Failure("'%s' failed: %s" % (" ".join(cmd), res.stderr.strip()[-200:]))
    return json.loads(res.stdout.splitlines()[0])


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
        if k <= m["floors"] and floor_ex(MAP_SEED, k, None, None, wa) != 0:
            raise Failure("grotto_floor_ex refused floor %d" % k)
        areas.append(bytearray(bytes(wa)))
    return areas


def digest(areas):
    return "-".join("%02X" % b for b in hashlib.sha256(b"".join(bytes(a) for a in areas)).digest())


def states(areas, m):
    ranks = [bytearray(a) for a in areas]
    ofs = [bytearray(a) for a in areas]
    for f in range(m["floors"]):
        for i, r in enumerate(m["chest_ranks"][f]):
            ranks[f][CHEST_RANKS + i] = r
        ofs[f][ELIST_OFS:ELIST_OFS + 4] = m["elist"][f]["ofs"].to_bytes(4, "little")
    return {"layout": digest(areas), "layout+ranks": digest(ranks), "layout+ofs": digest(ofs)}


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
    ok = "layout" in rows[0]["reproduced_by"]
    if as_json:
        doc = {"map": "%02X%04X" % (MAP_BAND, MAP_SEED), "snapshots": rows, "grotto": ours, "ok": ok}
        sys.stdout.write(json.dumps(doc, indent=1) + "\n")
    else:
        sys.stdout.write("DQ9CheatReverse work-area snapshots of map %02X%04X (dotnet/Program.cs), against "
                         "grotto's work areas:\n" % (MAP_BAND, MAP_SEED))
        for r in rows:
            sys.stdout.write("  %-11s %s...  %s\n" % (r["snapshot"], r["hash"][:23], "= grotto " + ", ".join(
                r["reproduced_by"]) if r["reproduced_by"] else "not reproduced"))
        sys.stdout.write("%s\n" % ("SNAP_SHOT reproduced" if ok else "DIFFERENCE: SNAP_SHOT not reproduced"))
    sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failure as e:
        sys.stderr.write("cheatreverse.py: %s\n" % e)
        sys.exit(2)
