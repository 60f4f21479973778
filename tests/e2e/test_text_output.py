"""Text output a researcher reads: the map table and the other reports fit
100 columns (display columns: a Japanese character takes two), positions are
written (x,y) in decimal everywhere, and the ASCII floor numbers its columns
in the same base as its rows; no spec jargon (HW-n) in what users read."""
import json
import re
import shutil
import struct
import sys
import unicodedata

import pytest

from conftest import CORPUS, ROOT, run

MAPS = ["DD5BC3", "4C1BE6", "B50E5C", "382A87", "DD00A5", "8D156A"]


def columns(line):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


# every command's text output on fixed inputs (interchange writes data lines, not text)
EVERY_COMMAND = [
    ["timer", "36690"], ["timer", "36690", "--base", "55"], ["seeds", "5BC3"], ["seeds", "--never"],
    ["seeds", "5BC3", "--band", "DD"], ["chest", "DD5BC3", "4", "10"], ["chest", "DD5BC3", "4", "0..40"],
    ["chest", "DD5BC3", "4", "6..30", "--stopwatch"],
    ["search", "--from-boss", "99,10,99", "--state", "only", "--limit", "20", "--quiet"],
    ["search", "--location", "05", "--base", "2", "--limit", "20", "--quiet"],
    ["search", "--band", "DD", "--state", "only", "--limit", "20", "--quiet"],
    ["odds", "--base", "248", "--state", "only", "--limit", "20", "--quiet"],
    ["odds", "--reward", "60,3", "--location", "72", "--limit", "20", "--quiet"],
    ["stats", "--legacy-diff", "--quiet"], ["oracle", "--b", "corpus/golden/maps-sample.jsonl"],
    ["verify", "corpus/hardware"], ["sweep", "-j", "2", "--quiet"], ["help", "terms"], ["--help"],
    ["map", "4C1BE6", "--engine", "legacy"], ["floor", "4C1BE6", "9", "--engine", "legacy"],
    ["oracle", "timers", "--a", "impl", "-q"], ["oracle", "timers", "--a", "ref", "--b", "impl", "-q"],
    ["oracle", "floors", "walk", "--a", "impl", "-q"],
    ["map", "DD00CD", "--at", "--multibug"], ["at", "DD5BC3", "--steps", "500", "--zoom", "9"],
    ["chest", "DD5BC3", "all", "0..40"], ["chests", "ql", "Lucida shard", "--band", "DD", "--quiet"],
    ["chests", "ql", "Millionaire", "--ppap", "9", "--walk", "--seeds", "0000..0FFF", "--quiet"],
    ["chests", "free", "B3F,chest=not-3,rank=S,item=any,second=any", "B4F,item=Mini medal,stopwatch=6", "--quiet"],
    ["at", "--whistle", "Metal King Slime", "--whistle-env", "fire", "--whistle-rank", "9", "--pattern", "R2",
     "--threshold", "1/32", "--quiet"],
    ["search", "--multibug", "--bug-more-floors", "--bug-chests", "S2", "--band", "DD", "--quiet"],
]


@pytest.mark.parametrize("args", [["map", m] for m in MAPS] + [["floor", "DD5BC3", "4"], ["floor", "382A87", "3"],
                                                            ["floor", "DD5BC3", "10"], ["stats", "--quiet"],
                                                            ["search", "--overflow", "--quiet"]] + EVERY_COMMAND)
def test_fits_100_columns(args):
    res = run(*args)
    assert res.rc == 0, res.err
    # found-at lines end with the location table's note, verbatim: allowed to run on
    wide = [l for l in res.out.splitlines() if columns(l) > 100 and "[note:" not in l]
    assert not wide, wide


@pytest.mark.parametrize("args", [["map", "DD5BC3"], ["floor", "DD5BC3", "4"], ["stats", "--quiet"],
                                  ["search", "--help"], ["map", "--help"], ["floor", "DD5BC3", "4", "--help"]])
def test_no_hardware_observation_numbers(args):
    assert not re.search(r"\bHW-\d", run(*args).out)


def ascii_floor(out):
    lines = out.splitlines()
    start = next(i for i, l in enumerate(lines) if re.fullmatch(r" {4}[0-9]+", l))
    header = lines[start - 1] if lines[start - 1].startswith("    ") and lines[start - 1].strip() else ""
    rows = []
    for l in lines[start + 1:]:
        if not re.match(r" *\d+ ", l):
            break
        rows.append(l)
    return header, lines[start], rows


@pytest.mark.parametrize("mid,floor", [("DD5BC3", 10), ("DD5BC3", 4), ("382A87", 3)])
def test_ascii_floor_numbers_columns_like_rows(mid, floor):
    out = run("floor", mid, floor).out
    tens, units, rows = ascii_floor(out)
    width = len(units) - 4
    cols = [int(((tens[4 + x] if tens else " ").strip() or "0") + units[4 + x]) for x in range(width)]
    assert cols == list(range(width))
    assert [int(r[:4]) for r in rows] == list(range(len(rows))) and len(rows) == width
    # every position the text names is the tile the drawing shows there
    j = run("floor", mid, floor, "--json").json()
    grid = [r[4:] for r in rows]
    ux, uy = j["up"]
    dx, dy = j["down"]
    assert grid[uy][ux] == "<" and grid[dy][dx] == ">"
    assert "up stairs (%d,%d), down stairs (%d,%d)" % (ux, uy, dx, dy) in out
    for c in j["chests"]:
        assert grid[c["pos"][1]][c["pos"][0]] in "cC"
    assert out.count("(x,y)") == 1  # said once, in the legend


def test_map_positions_are_decimal_and_chambers_shown():
    out = run("map", "382A87").out
    j = run("map", "382A87", "--json").json()
    b3 = j["floors"][2]
    ch = b3["anomalies"]["chambers"][0]
    assert "chamber at (%d,%d), %d tile" % (ch["first"][0], ch["first"][1], ch["size"]) in out
    line = next(l for l in out.splitlines() if l.startswith("B3F "))
    assert "(%2d,%2d)" % tuple(b3["up"]) in line and "(%2d,%2d)" % tuple(b3["down"]) in line
    assert not re.search(r"\([0-9]*[a-fA-F][0-9a-fA-F]*,", out)  # no hex coordinates


def altered(src, dst, slot, size=8):
    """A copy of a corpus file whose entry `slot` (of `size` bytes) has its lowest bit flipped."""
    data = bytearray((CORPUS / src).read_bytes())
    data[size * slot] ^= 1
    dst.write_bytes(bytes(data))
    return dst


def test_oracle_differences_fit_100_columns(tmp_path):
    """grotto oracle's per-domain output where something differs - each
    difference in words and the domain's summary - on small inputs: an
    altered corpus (floors, maps, qualities, sweep, walk) and another tool
    (a file with changed fields, a child that flips a tile)."""
    d = tmp_path / "corpus"
    d.mkdir()
    altered("floors.digest", d / "floors.digest", 0x5BC3 * 16 + 3)
    altered("maps.digest", d / "maps.digest", 11 * 32768 + 0x5BC3)
    altered("floor-walk.bin", d / "floor-walk.bin", 0x5BC3 * 16 + 3, 2)
    shutil.copy(CORPUS / "timers.jsonl", d / "timers.jsonl")
    lines = [json.dumps(dict(o, level=o["level"] + 1)) for o in map(json.loads, (CORPUS / "maps-sample.jsonl")
                                                                    .read_text().splitlines()[:3])]
    tool = tmp_path / "tool.jsonl"
    tool.write_text("\n".join(lines) + "\n")
    flip = "exec:'%s' '%s' 291 3 5 7" % (sys.executable, ROOT / "tools" / "adapters" / "flip.py")
    runs = [["oracle", "floors", "maps", "walk", "--a", "impl", "--b", "ref", "--against", d, "-q", "--show", "2"],
            ["oracle", "qualities", "sweep", "--a", "impl", "--against", d, "-q", "--show", "2"],
            ["oracle", "--b", tool], ["oracle", "floors", "--b", flip, "--seeds", "120..127", "-q"]]
    for args in runs:
        res = run(*args)
        assert res.rc == 1, res.err
        assert "difference" in res.out or "differ" in res.out, res.out
        wide = [l for l in res.out.splitlines() if columns(l) > 100]
        assert not wide, (args, wide)
