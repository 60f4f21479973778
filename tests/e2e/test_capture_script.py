"""The emulator capture script (tools/capture/grotto_capture.lua) without the game.

The test builds a DS main-RAM image at the addresses of hardware.md ("Reading
a floor from the running game") from `grotto floor --record` output, runs the
script under Debian's lua5.4 with a stub of DeSmuME's memory/emu API
(tests/capture/desmume_stub.lua) that fires the registered exec hooks in the
game's order with the documented registers, and checks what it writes with
`grotto verify`. CI installs lua5.4 and lua5.1 (DeSmuME's own Lua; ci/deps.sh):
a missing interpreter fails, it is never skipped.
"""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, run

SCRIPT = ROOT / "tools" / "capture" / "grotto_capture.lua"
STUB = ROOT / "tests" / "capture" / "desmume_stub.lua"
RAM_BASE = 0x02000000
RAM_SIZE = 4 << 20

# hardware.md; the JPN object address is undocumented: the test picks one
BUILDS = {
    "na": dict(grotto=0x020FD7DC, floor_map=0x1C8, current_floor=0x020FD7AA,
               walk=(0x020FDD60, 0x020FDD64), entry=0x0208FE68, tiles_done=0x0208FEC0,
               done=0x0208FEC8, draws=(0x020A5EC8, 0x020A5EE4, 0x020A5EF0)),
    "jp": dict(grotto=0x020FF000, floor_map=0x1E8, current_floor=None,
               walk=(0x020FDAC8, 0x020FDACC), entry=0x02090780, tiles_done=0x020907D8,
               done=0x020907E0, draws=(0x020A7C6C, 0x020A7C88, 0x020A7C94)),
}
TILES, ADJACENCY, TEMP_MAP = 0x02300000, 0x02300100, 0x02380000
WALK_OLD, WALK_NEW = 0x02310000, 0x02320000
SP, SP_OVERLAY = 0x023FF000, 0x023FF100


def lua(version="5.4"):
    exe = shutil.which(f"lua{version}")
    assert exe, f"lua{version} is missing: ci/deps.sh installs it (apt-get install lua{version})"
    return exe


class Ram:
    def __init__(self):
        self.b = bytearray(RAM_SIZE)

    def put(self, addr, value, n):
        self.b[addr - RAM_BASE:addr - RAM_BASE + n] = int(value).to_bytes(n, "little")

    def put_bytes(self, addr, data):
        self.b[addr - RAM_BASE:addr - RAM_BASE + len(data)] = data


def floor_record(seed, floor):
    res = run("floor", "--seed", f"{seed:04X}", "--floor", floor, "--record")
    assert res.rc == 0, res.err
    rec = bytes.fromhex(res.out.strip())
    assert len(rec) == 272
    return rec


def walkable_tiles(rec):
    """W: the walking map has one node per walkable tile (every code but 1 and 3)."""
    return sum(1 for t in rec[16:272] if t not in (1, 3))


def adjacency(grid):
    """The adjacency grid as hardware.md describes it (the script does not read it)."""
    out = bytearray(256)
    bits = [(-1, -1, 0x80), (0, -1, 0x40), (1, -1, 0x20), (1, 0, 0x10), (1, 1, 0x08), (0, 1, 0x04),
            (-1, 1, 0x02), (-1, 0, 0x01)]
    for y in range(16):
        for x in range(16):
            if grid[16 * y + x] in (1, 3) or x in (0, 15) or y in (0, 15):
                out[16 * y + x] = 0xFF
                continue
            v = 0
            for dx, dy, bit in bits:
                if grid[16 * (y + dy) + x + dx] in (1, 3):
                    v |= bit
            out[16 * y + x] = v
    return out


def build_ram(game, seed, floor, quality, rec, tile_patch=None):
    """RAM after the game computed floor `floor` of the active grotto."""
    b = BUILDS[game]
    ram = Ram()
    obj = b["grotto"]
    ram.put(obj + 0x4C, seed, 2)
    ram.put(obj + 0x4E, quality, 1)
    if b["current_floor"]:
        ram.put(b["current_floor"], floor, 1)
    fm = obj + b["floor_map"]
    width, height = rec[1], rec[2]
    ram.put(fm + 0x00, TILES, 4)
    ram.put(fm + 0x04, ADJACENCY, 4)
    ram.put(fm + 0x08, width, 4)
    ram.put(fm + 0x0C, height, 4)
    ram.put_bytes(fm + 0x10, rec[4:8])            # up x, y, down x, y
    count = rec[8]
    for i in range(count):
        ram.put_bytes(fm + 0x7C + 2 * i, rec[9 + 2 * i:11 + 2 * i])
    ram.put(fm + 0x88, count, 4)
    grid = bytearray(rec[16:272])
    if tile_patch:
        (x, y), value = tile_patch
        grid[16 * y + x] = value
    ram.put_bytes(TILES, grid)
    ram.put_bytes(ADJACENCY, adjacency(grid))
    # the previous floor's walking map: 30 nodes
    ram.put(b["walk"][0], WALK_OLD, 4)
    ram.put(b["walk"][1], WALK_OLD + 16 * 30, 4)
    ram.put(SP, 0, 4)                              # fifth argument NULL: the object's own map
    ram.put(SP_OVERLAY, TEMP_MAP, 4)               # an overlay's temporary floor map
    return ram


def scenario(game, seed, floor, rec, walk_nodes, new_map=None, walk_changes=True):
    b = BUILDS[game]
    obj, w = b["grotto"], rec[1]
    lines = [
        "# overlay code fills a temporary floor map (fifth argument non-NULL): no capture",
        f"exec 0x{b['entry']:08X} r0=0x{obj:08X} r1={floor + 1} r2={w} r3={w} r13=0x{SP_OVERLAY:08X}",
        f"exec 0x{b['tiles_done']:08X}",
        f"exec 0x{b['done']:08X}",
        "frame 3",
        "# arriving on the floor: the grotto's own floor map",
        f"exec 0x{b['entry']:08X} r0=0x{obj:08X} r1={floor} r2={w} r3={w} r13=0x{SP:08X}",
        f"exec 0x{b['tiles_done']:08X}",
        f"exec 0x{b['done']:08X} r0=0",
        "frame 2",
    ]
    if walk_changes:
        lines += [
            "# the walking map of the new floor is built a little later",
            f"write32 0x{b['walk'][0]:08X} 0x{WALK_NEW:08X}",
            f"write32 0x{b['walk'][1]:08X} 0x{WALK_NEW + 16 * walk_nodes:08X}",
        ]
    lines.append("frame 5")
    if new_map:
        quality, map_seed, location = new_map
        lines += [
            "# a new treasure map: quality, seed, location draws",
            f"exec 0x{b['draws'][0]:08X} r0={quality}",
            f"exec 0x{b['draws'][1]:08X} r0=7 r1=0x{map_seed:04X}",
            f"exec 0x{b['draws'][2]:08X} r0={location}",
        ]
    return "\n".join(lines) + "\n"


def run_script(tmp_path, game, ram, scen, walk_frames=60, out=None, version="5.4"):
    ram_file, scen_file = tmp_path / "ram.bin", tmp_path / "scenario.txt"
    if out is None:
        out = tmp_path / "captures"
        out.mkdir()
    ram_file.write_bytes(bytes(ram.b))
    scen_file.write_text(scen)
    env = {"PATH": "/usr/bin:/bin", "GROTTO_GAME": game, "GROTTO_CAPTURE_DIR": str(out),
           "GROTTO_SOURCE": "tests/e2e/test_capture_script.py (stub RAM image)",
           "GROTTO_WALK_FRAMES": str(walk_frames)}
    proc = subprocess.run([lua(version), str(STUB), str(ram_file), str(scen_file), str(SCRIPT)],
                          capture_output=True, text=True, env=env, timeout=120)
    return proc, out


def captures(out):
    """The capture files the script wrote, in the order it wrote them; no
    temporary file may be left."""
    assert not list(out.glob("*.tmp")), list(out.glob("*"))
    files = sorted(out.glob("*.cap"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return files, [p.read_text() for p in files]


@pytest.mark.parametrize("version", ["5.4", "5.1"])
@pytest.mark.parametrize("game", ["na", "jp"])
def test_script_writes_captures_that_verify(tmp_path, game, version):
    seed, floor, quality = 0x5BC3, 4, 221
    rec = floor_record(seed, floor)
    w = walkable_tiles(rec)
    ram = build_ram(game, seed, floor, quality, rec)
    proc, out = run_script(tmp_path, game, ram, scenario(game, seed, floor, rec, w, new_map=(54, 0x0032, 114)),
                           version=version)
    assert proc.returncode == 0, proc.stderr
    files, recs = captures(out)
    # one floor (not the overlay's temporary map) and one new map, one file each
    assert [f.name.rsplit("-", 2)[0] for f in files] == ["grotto-ram-5BC3-B4F", "grotto-inventory-0032"], files
    ram_rec, inv_rec = recs
    assert all(len(re.findall(r"^capture:", r, re.M)) == 1 for r in recs)
    assert "capture: ram" in ram_rec and "capture: inventory" in inv_rec
    assert f"game: {game}" in ram_rec
    assert "seed: 0x5BC3" in ram_rec and "floor: 4" in ram_rec and "quality: 221" in ram_rec
    assert f"walk_nodes: {w}" in ram_rec
    assert "up: 7,8" in ram_rec and "down: 3,2" in ram_rec and "chests: 8,8 2,6 7,2" in ram_rec
    assert "seed: 0x0032" in inv_rec and "quality: 54" in inv_rec and "location: 114" in inv_rec
    res = run("verify", out)
    assert res.rc == 0, res.out + res.err
    assert res.out.count("\nOK ") + res.out.startswith("OK ") == 2, res.out
    assert "walk_nodes" in res.out and "tiles" in res.out and "location" in res.out
    assert "2 OK, 0 MISMATCH, 0 REJECTED" in res.out
    # and with the other engine
    assert run("verify", out, "--engine", "impl").rc == 0


@pytest.mark.parametrize("version", ["5.4", "5.1"])
@pytest.mark.parametrize("game", ["na", "jp"])
def test_one_tile_changed_in_ram_is_a_mismatch_naming_the_cell(tmp_path, game, version):
    seed, floor, quality = 0x5BC4, 3, 221
    rec = floor_record(seed, floor)
    cell = (5, 4)
    old = rec[16 + 16 * cell[1] + cell[0]]
    new = 1 if old != 1 else 0
    ram = build_ram(game, seed, floor, quality, rec, tile_patch=(cell, new))
    proc, out = run_script(tmp_path, game, ram, scenario(game, seed, floor, rec, walkable_tiles(rec)),
                           version=version)
    assert proc.returncode == 0, proc.stderr
    res = run("verify", out)
    assert res.rc == 1, res.out + res.err
    line = next(l for l in res.out.splitlines() if l.startswith("MISMATCH"))
    assert f"tile (5,4): capture {new:02X}, ref {old:02X}" in line, line
    assert "(1 difference)" in line
    assert res.err == ""
    js = run("verify", out, "--json").json()
    diffs = js["captures"][0]["differences"]
    assert [(d["field"], d["x"], d["y"]) for d in diffs] == [("tile", 5, 4)]


def test_walking_map_never_built_gives_a_capture_without_walk_nodes(tmp_path):
    seed, floor = 0x0000, 1
    rec = floor_record(seed, floor)
    ram = build_ram("na", seed, floor, 2, rec)
    scen = scenario("na", seed, floor, rec, 0, walk_changes=False) + "frame 20\n"
    proc, out = run_script(tmp_path, "na", ram, scen, walk_frames=10)
    assert proc.returncode == 0, proc.stderr
    (text,) = captures(out)[1]
    assert "walk_nodes:" not in text
    assert "# walk_nodes not read: the walking map did not change within 10 frames" in text
    res = run("verify", out)
    assert res.rc == 0, res.out


def test_european_build_is_refused(tmp_path):
    ram = Ram()
    proc, out = run_script(tmp_path, "eu", ram, "")
    assert proc.returncode != 0
    assert "code addresses are not known" in proc.stderr
    assert list(out.iterdir()) == []


def test_a_folder_that_cannot_take_files_fails_at_once(tmp_path):
    proc, _ = run_script(tmp_path, "na", Ram(), "", out=tmp_path / "missing")
    assert proc.returncode != 0
    assert "cannot write" in proc.stderr and "missing/grotto-probe-1.cap.tmp" in proc.stderr


def test_script_reads_only_documented_addresses(tmp_path):
    """The stub fails on a read outside RAM; a wrong tile pointer would show
    as a mismatch. Here: the floor map's tile pointer is followed, not assumed."""
    seed, floor = 0x0346, 15
    rec = floor_record(seed, floor)
    ram = build_ram("na", seed, floor, 221, rec)
    # move the tile grid elsewhere on the heap and point the floor map at it
    fm = BUILDS["na"]["grotto"] + 0x1C8
    ram.put_bytes(0x02350000, rec[16:272])
    ram.put_bytes(TILES, bytes([0xAA] * 256))
    ram.put(fm, 0x02350000, 4)
    proc, out = run_script(tmp_path, "na", ram, scenario("na", seed, floor, rec, walkable_tiles(rec)))
    assert proc.returncode == 0, proc.stderr
    assert run("verify", out).rc == 0
