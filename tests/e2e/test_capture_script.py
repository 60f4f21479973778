"""The emulator capture script (tools/capture/grotto_capture.lua) in simulated
DeSmuME sessions.

tests/capture/desmume_stub.lua simulates DeSmuME's Lua API and a game that
generates maps and floors the way hardware.md ("Reading a floor from the
running game") documents: the floor generator's entry with its registers,
the floor map object filled on the heap, the instruction after the adjacency
computation, the monsters' walking map built over frames, the current-floor
byte, a new map's three draws - and a JIT mode in which no exec hook runs.
Each scenario runs the script in such a session under Debian's lua5.4 and
lua5.1 (DeSmuME's own Lua; ci/deps.sh installs both: a missing interpreter
fails, it is never skipped), then checks the files written (or the line
printed) and the verdict `grotto verify` gives on them.

The floors are `grotto floor --record` output (ref) and the golden corpus
decides whether ref is right (the oracle tests), so a capture of them must
verify OK; a planted tile must be a MISMATCH; a floor byte that disagrees
with r1 must be DOUBTFUL.
"""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, run

SCRIPT = ROOT / "tools" / "capture" / "grotto_capture.lua"
STUB = ROOT / "tests" / "capture" / "desmume_stub.lua"
VERSIONS = ["5.4", "5.1"]
JIT_SETTING = "'Use dynamic recompiler'"


def lua(version):
    exe = shutil.which(f"lua{version}")
    assert exe, f"lua{version} is missing: ci/deps.sh installs it (apt-get install lua{version})"
    return exe


_records = {}


def record(seed, floor):
    """The FloorRecord of (seed, floor), 272 bytes, from grotto floor --record."""
    if (seed, floor) not in _records:
        res = run("floor", "--seed", f"{seed:04X}", "--floor", floor, "--record")
        assert res.rc == 0, res.err
        rec = bytes.fromhex(res.out.strip())
        assert len(rec) == 272
        _records[seed, floor] = rec
    return _records[seed, floor]


def walkable(rec):
    """W: the walking map has one node per walkable tile (every code but 1 and 3)."""
    return sum(1 for t in rec[16:272] if t not in (1, 3))


def floors_of(seed, *floors):
    return "".join(f"floor {k} {record(seed, k).hex().upper()}\n" for k in floors)


class Session:
    """One run of the script in the simulator: out = the capture folder."""

    def __init__(self, tmp_path, version, game="na", scenario="", walk_frames=10, hook_frames=30,
                 out=None, env=None, cwd=None, script=SCRIPT):
        self.out = out if out is not None else tmp_path / "captures"
        if out is None:
            self.out.mkdir()
        scen = tmp_path / "scenario.txt"
        scen.write_text(scenario)
        e = {"PATH": "/usr/bin:/bin", "GROTTO_GAME": game, "GROTTO_CAPTURE_DIR": str(self.out),
             "GROTTO_SOURCE": "tests/e2e/test_capture_script.py (simulated session)",
             "GROTTO_WALK_FRAMES": str(walk_frames), "GROTTO_HOOK_FRAMES": str(hook_frames)}
        e.update(env or {})
        e = {k: v for k, v in e.items() if v is not None}
        self.proc = subprocess.run([lua(version), str(STUB), "-", str(scen), str(script)],
                                   capture_output=True, text=True, env=e, timeout=120, cwd=cwd)
        self.stdout = self.proc.stdout

    def ok(self):
        assert self.proc.returncode == 0, self.proc.stdout + self.proc.stderr
        return self

    def files(self):
        """The capture files in the order written; no temporary file may be left."""
        assert not list(self.out.glob("*.tmp")), list(self.out.glob("*"))
        return sorted(self.out.glob("*.cap"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))

    def names(self):
        return [f.name.rsplit("-", 2)[0] for f in self.files()]

    def texts(self):
        return [f.read_text() for f in self.files()]


def verdicts(*paths, engine="ref"):
    """(exit code, [verdict per capture], text) of grotto verify."""
    res = run("verify", *paths, "--engine", engine)
    v = [l.split()[0] for l in res.lines if re.match(r"^(OK|MISMATCH|REJECTED|DOUBTFUL) ", l)]
    return res.rc, v, res.text  # verdict lines unwrapped (100 columns)


def field(text, key):
    m = re.search(rf"^{key}: (.*)$", text, re.M)
    return m and m.group(1)


# ---------------------------------------------------------------- scenarios


@pytest.mark.parametrize("version", VERSIONS)
def test_new_map_gives_one_inventory_capture(tmp_path, version):
    """map generated -> inventory capture (seed masked to the u16 the game stores)."""
    s = Session(tmp_path, version, scenario="new_map 54 0xFFFF0032 114\n").ok()
    assert s.names() == ["grotto-inventory-0032"]
    (text,) = s.texts()
    assert (field(text, "capture"), field(text, "seed"), field(text, "quality"), field(text, "location")) == \
        ("inventory", "0x0032", "54", "114")
    assert f"wrote {s.files()[0]}" in s.stdout
    assert verdicts(s.out) == (0, ["OK"], verdicts(s.out)[2])


@pytest.mark.parametrize("version", VERSIONS)
def test_floors_entered_in_order(tmp_path, version):
    """B1F..B4F of 0x5BC3: one ram capture each, in order; an overlay's
    temporary floor map is never captured; every capture verifies OK with both
    engines, walk_nodes = W."""
    seed = 0x5BC3
    scen = f"map 0x{seed:04X} 221\n" + floors_of(seed, 1, 2, 3, 4) + "".join(
        f"enter {k}{' overlay' if k == 2 else ''}\nframe 3\n" for k in (1, 2, 3, 4))
    s = Session(tmp_path, version, scenario=scen).ok()
    assert s.names() == [f"grotto-ram-5BC3-B{k}F" for k in (1, 2, 3, 4)]
    for k, text in zip((1, 2, 3, 4), s.texts()):
        rec = record(seed, k)
        assert field(text, "floor") == str(k) and field(text, "seed") == "0x5BC3" and field(text, "game") == "na"
        assert field(text, "walk_nodes") == str(walkable(rec))
        assert field(text, "floor_byte") is None and field(text, "inferred") is None
    b4 = s.texts()[3]
    assert field(b4, "up") == "7,8" and field(b4, "down") == "3,2" and field(b4, "chests") == "8,8 2,6 7,2"
    for engine in ("ref", "impl"):
        rc, v, out = verdicts(s.out, engine=engine)
        assert (rc, v) == (0, ["OK"] * 4), out
        assert "walk_nodes" in out and "tiles" in out


@pytest.mark.parametrize("version", VERSIONS)
def test_a_floor_re_entered(tmp_path, version):
    """The same content again: no second file, one console line; a re-entered
    floor whose content differs (here: a tile the game computed otherwise) is
    written again - and that one is a MISMATCH naming the cell."""
    seed = 0x5BC4
    rec = record(seed, 3)
    old = rec[16 + 16 * 4 + 5]
    new = 1 if old != 1 else 0
    scen = (f"map 0x{seed:04X} 221\n" + floors_of(seed, 2, 3) +
            "enter 2\nframe 3\nenter 3\nframe 3\nenter 2\nframe 3\nenter 3\nframe 3\n"
            f"tile 3 5 4 {new}\nenter 3\nframe 3\n")
    s = Session(tmp_path, version, scenario=scen).ok()
    assert s.names() == ["grotto-ram-5BC4-B2F", "grotto-ram-5BC4-B3F", "grotto-ram-5BC4-B3F"]
    assert s.stdout.count("captured before in this session with the same content, not written again") == 2
    assert "5BC4 B2F: captured before" in s.stdout and "5BC4 B3F: captured before" in s.stdout
    rc, v, out = verdicts(s.out)
    assert (rc, v) == (1, ["OK", "OK", "MISMATCH"]), out
    line = next(l for l in out.splitlines() if l.startswith("MISMATCH"))
    assert f"tile (5,4): capture {new:02X}, ref {old:02X}" in line and "(1 difference)" in line, line


@pytest.mark.parametrize("version", VERSIONS)
def test_jit_like_run_warns_and_writes_nothing(tmp_path, version):
    """With the JIT no exec hook runs: the floor byte changes, nothing is
    captured, and the console names the setting. Hooks that ran earlier in
    the session rule the JIT out: then the line says so instead."""
    seed = 0x5BC3
    scen = (f"map 0x{seed:04X} 221\n" + floors_of(seed, 1, 2) +
            "jit on\nframe 2\nenter 1\nframe 30\nprint -- 29 frames\nframe 1\nprint -- 30 frames\n"
            "new_map 54 0x0032 114\nframe 40\n")
    # the change is seen at the end of the frame it happens in (frame 3): the
    # warning comes GROTTO_HOOK_FRAMES (30) frames later, at the end of frame 33
    s = Session(tmp_path, version, scenario=scen, hook_frames=30).ok()
    assert s.files() == []
    before, after = s.stdout.split("-- 29 frames")
    assert "WARNING" not in before
    warning = after.split("-- 30 frames")[0]
    assert warning.count("WARNING") == 1
    assert f"the floor changed to B1F but no exec hook has run (30 frames): turn OFF DeSmuME's {JIT_SETTING}" \
        in warning, s.stdout
    # the start-up lines name the setting too
    assert f"{JIT_SETTING} (the JIT) must be OFF" in before
    # hooks fired before: a floor byte change without the generator is a save state, not the JIT
    scen2 = (f"map 0x{seed:04X} 221\n" + floors_of(seed, 1, 2) +
             "frame 1\nenter 1\nframe 3\njit on\nenter 2\nframe 40\n")
    s2 = Session(tmp_path / "2" if (tmp_path / "2").mkdir() is None else None, version, scenario=scen2,
                 hook_frames=30).ok()
    assert s2.names() == ["grotto-ram-5BC3-B1F"]
    assert "WARNING" not in s2.stdout
    assert "the floor changed to B2F without the floor generator running within 30 frames (a save state " \
        "loaded on a floor?): no capture for it" in s2.stdout
    # and no line at all when the hooks run: the generator before the byte
    # changes, in the same frame, or some frames after it; floors in quick
    # succession; a byte that disagrees with r1 (DOUBTFUL, but the hooks ran)
    s3 = Session(tmp_path / "3" if (tmp_path / "3").mkdir() is None else None, version, hook_frames=30,
                 scenario=f"map 0x{seed:04X} 221\n" + floors_of(seed, 1, 2, 3) +
                 "frame 1\nenter 1\nframe 60\nleave\nframe 5\nwrite8 0x020FD7AA 2\nframe 10\nenter 2\nframe 5\n"
                 "enter 3\nframe 2\nenter 1 byte=2\nframe 60\n").ok()
    assert "floor changed" not in s3.stdout, s3.stdout
    assert s3.names() == ["grotto-ram-5BC3-B1F", "grotto-ram-5BC3-B2F", "grotto-ram-5BC3-B3F",
                          "grotto-ram-5BC3-B1F"]


@pytest.mark.parametrize("version", VERSIONS)
def test_walking_map_growing_over_two_frames(tmp_path, version):
    """The node array is seen half built (10 nodes) at the end of a frame: the
    script waits until (begin, end) stays the same for a whole frame and
    records the final W - never the half-built count (a false MISMATCH)."""
    seed, k = 0x5BC3, 4
    w = walkable(record(seed, k))
    scen = f"map 0x{seed:04X} 221\n" + floors_of(seed, k) + f"enter {k} walk=10,{w - 3},{w}\nframe 3\n"
    s = Session(tmp_path, version, scenario=scen).ok()
    (text,) = s.texts()
    assert field(text, "walk_nodes") == str(w)
    assert verdicts(s.out)[:2] == (0, ["OK"])
    # a map that never settles within GROTTO_WALK_FRAMES: the capture without walk_nodes
    s2 = Session(tmp_path / "2" if (tmp_path / "2").mkdir() is None else None, version, walk_frames=4,
                 scenario=f"map 0x{seed:04X} 221\n" + floors_of(seed, k) +
                 f"enter {k} walk=10,20,30,40,50,60\nframe 3\n").ok()
    (text,) = s2.texts()
    assert field(text, "walk_nodes") is None
    assert "# walk_nodes not read: the walking map did not settle within 4 frames" in text
    assert verdicts(s2.out)[:2] == (0, ["OK"])


@pytest.mark.parametrize("version", VERSIONS)
def test_floor_byte_that_disagrees_with_r1_is_doubtful(tmp_path, version):
    """The floor comes from r1 (the generator's own argument); the byte only
    cross-checks it: here it says 3 while r1 says 4. The capture is written
    as B4F with floor_byte: 3, and verify calls it DOUBTFUL (exit 3), not a
    MISMATCH. A byte that agrees adds nothing."""
    seed = 0x5BC3
    scen = f"map 0x{seed:04X} 221\n" + floors_of(seed, 3, 4) + "enter 4 byte=3\nframe 3\nenter 3\nframe 3\n"
    s = Session(tmp_path, version, scenario=scen).ok()
    b4, b3 = s.texts()
    assert field(b4, "floor") == "4" and field(b4, "floor_byte") == "3"
    assert "the current-floor byte read 3 once the floor was entered (floor_byte): DOUBTFUL" in b4
    assert field(b3, "floor_byte") is None
    rc, v, out = verdicts(s.out)
    assert (rc, v) == (3, ["OK", "DOUBTFUL"]), out  # path order: B3F, B4F
    assert "the current-floor byte read 3, the generator's floor was 4" in out
    assert "0 MISMATCH" in out.splitlines()[-1] and "1 DOUBTFUL" in out.splitlines()[-1]


@pytest.mark.parametrize("version", VERSIONS)
def test_jpn_session(tmp_path, version):
    """JPN: the object's address from r0, the floor from r1 (no floor byte is
    documented), the inline floor map at +0x1E8; walk_nodes comes from
    inferred addresses and the capture says so (inferred: walk_nodes). A
    walk count that disagrees there is DOUBTFUL, not a MISMATCH."""
    seed = 0x0346
    rec = record(seed, 15)
    w = walkable(rec)
    scen = ("game jp grotto=0x020FF100\n" + f"map 0x{seed:04X} 221\n" + floors_of(seed, 14, 15) +
            "new_map 54 0x0032 114\nenter 14 overlay\nframe 3\n" + f"enter 15 walk={w + 2}\nframe 3\n")
    s = Session(tmp_path, version, game="jp", scenario=scen).ok()
    assert s.names() == ["grotto-inventory-0032", "grotto-ram-0346-B14F", "grotto-ram-0346-B15F"]
    inv, b14, b15 = s.texts()
    assert field(inv, "game") == "jp" and field(inv, "inferred") is None
    assert field(b14, "inferred") == "walk_nodes" and field(b14, "walk_nodes") == str(walkable(record(seed, 14)))
    assert "# walk_nodes read at 0x020FDAC8/0x020FDACC (inferred for this build in hardware.md)" in b14
    assert "# floor: r1 at the generator's entry (the JPN current-floor address is not documented)" in b14
    assert field(b15, "walk_nodes") == str(w + 2)
    rc, v, out = verdicts(s.out)
    assert (rc, v) == (3, ["OK", "OK", "DOUBTFUL"]), out
    assert "only values read at inferred addresses differ (inferred: walk_nodes); walk_nodes: capture" in out


# ---------------------------------------------------------------- settings and failures


@pytest.mark.parametrize("version", VERSIONS)
def test_capture_folder_is_absolute_and_resolved_once(tmp_path, version):
    """A relative GROTTO_CAPTURE_DIR is taken from the script's folder (where
    DeSmuME is when it loads the script), whatever the process's working
    directory; the default is the script's folder itself."""
    home = tmp_path / "scripts"
    (home / "caps").mkdir(parents=True)
    script = home / "grotto_capture.lua"
    shutil.copy(SCRIPT, script)
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "caps").mkdir(parents=True)
    s = Session(tmp_path, version, scenario="new_map 54 0x0032 114\n", out=home / "caps",
                env={"GROTTO_CAPTURE_DIR": "caps"}, cwd=elsewhere, script=script).ok()
    assert f"writing captures to {home}/caps" in s.stdout
    assert len(s.files()) == 1 and list((elsewhere / "caps").iterdir()) == []
    s = Session(tmp_path, version, scenario="new_map 54 0x0032 114\n", out=home,
                env={"GROTTO_CAPTURE_DIR": None}, cwd=elsewhere, script=script).ok()
    assert f"writing captures to {home}\n" in s.stdout and len(s.files()) == 1


def test_european_build_is_refused(tmp_path):
    s = Session(tmp_path, "5.4", game="eu")
    assert s.proc.returncode != 0
    assert "code addresses are not known" in s.proc.stderr
    assert list(s.out.iterdir()) == []


def test_a_folder_that_cannot_take_files_fails_at_once(tmp_path):
    s = Session(tmp_path, "5.4", out=tmp_path / "missing")
    assert s.proc.returncode != 0
    assert "cannot write" in s.proc.stderr and "missing/grotto-probe-1.cap.tmp" in s.proc.stderr


def test_the_stub_fails_on_a_read_outside_main_ram(tmp_path):
    """The simulator's own check: a script reading the wrong place fails loudly."""
    bad = tmp_path / "bad.lua"
    bad.write_text("memory.readbyte(0x03000000)\n")
    s = Session(tmp_path, "5.4", script=bad)
    assert s.proc.returncode != 0 and "read outside main RAM at 0x03000000" in s.proc.stderr
