"""grotto floor: ASCII art, JSON, FloorRecord hex, SVG, bad input."""
import os
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import assert_usage_error, grotto_bin, run_size_limited


def test_softlock_floor_ascii(grotto):
    res = grotto("floor", "DD5BC3", "4")
    assert res.rc == 0, res.err
    assert "STAIR OVERFLOW" in res.out
    assert "legend:" in res.out
    grid = [l[4:] for l in res.out.splitlines() if l[:4].strip().isdigit() and len(l) == 14]
    assert grid[8] == "###.#=#<c#"  # row 8: up stairs (7,8) next to the chest (8,8)
    assert grid[2] == "#.g>:::c.#"  # row 2: down stairs (3,2), ghost (2,2), chest (7,2)
    assert "ghost stairs: (2,2) (2,3) (7,3) (8,3) (3,6) (2,7) (3,7) (7,7)" in res.out
    assert "softlock report" in res.out


def test_b_notation_and_seed_form_agree(grotto):
    a = grotto("floor", "DD5BC3", "B4F", "--json").json()
    b = grotto("floor", "--seed", "5BC3", "--floor", "4", "--json").json()
    assert a["grid"] == b["grid"] and a["record_digest"] == b["record_digest"]
    assert "elist" in a and "elist" not in b  # only a map id knows env and rank
    assert a["overflow"] is True


def test_records_match_the_golden_sample(grotto, floors_sample):
    picks = floors_sample[::40] + [f for f in floors_sample if f["flags"] or f["unreachable_chests"]]
    for f in picks:
        res = grotto("floor", "--seed", "%04X" % f["seed"], "--floor", f["floor"], "--record")
        assert res.rc == 0 and res.err == ""
        assert res.out == f["record"] + "\n", (f["seed"], f["floor"])
    for f in picks[:60]:
        j = grotto("floor", "--seed", "%04X" % f["seed"], "--floor", f["floor"], "--json").json()
        assert j["grid"] == [row.lower() for row in f["grid"]]
        assert j["record_digest"] == f["digest"]
        assert j["anomalies"]["ghost_stairs"] == f["ghosts"]
        assert j["anomalies"]["unreachable_chests"] == f["unreachable_chests"]
        assert [c["size"] for c in j["anomalies"]["chambers"]] == f["isolated_regions"]


def test_engines_agree_on_json(grotto):
    for seed, floor in (("5BC3", 4), ("0346", 16), ("038E", 16), ("0000", 1)):
        a = grotto("floor", "--seed", seed, "--floor", floor, "--json").json()
        b = grotto("floor", "--seed", seed, "--floor", floor, "--json", "--engine", "impl").json()
        a.pop("engine"), b.pop("engine")
        assert a == b


def test_svg_picture(grotto, tmp_path):
    out = tmp_path / "floor.svg"
    res = grotto("floor", "DD5BC3", "4", "--svg", out)
    assert res.rc == 0
    assert "wrote" in res.err
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    rects = [e for e in root.iter() if e.tag.endswith("rect")]
    assert len(rects) >= 100  # 10x10 tiles + background + chests
    ns = {"s": "http://www.w3.org/2000/svg"}
    floor = root.find("s:g[@id='floor']", ns)
    polys = [e for e in floor.iter() if e.tag.endswith("polygon")]
    assert len(polys) == 2 + 8  # final up and down, 8 ghost stairs
    title = root.find("s:title", ns).text
    assert title.startswith("map DD5BC3 B4F")  # the map id and floor when a map id was given
    j = grotto("floor", "DD5BC3", "4", "--json").json()
    letters = [e.text for e in floor.iter() if e.tag.endswith("text")]
    assert sorted(letters) == sorted(c["letter"] for c in j["chests"])  # chest ranks
    # the tiles the softlock cuts off, shaded: as many as the analysis counts
    shaded = [e for e in floor.iter() if e.get("fill-opacity")]
    assert len(shaded) == j["anomalies"]["softlock"]["far"] == 14
    legend = [e.text for e in root.find("s:g[@id='legend']", ns).iter() if e.tag.endswith("text")]
    for want in ("room floor", "corridor", "door", "wall", "partition", "up stairs", "down stairs", "ghost stairs",
                 "chest no one can reach", "chamber", "softlock"):
        assert any(want in t for t in legend), want


@pytest.mark.parametrize("mid,floor", [("382A87", 3), ("DD5BC3", 10)])
def test_svg_marks_chambers_and_unreachable_chests_and_fits(grotto, tmp_path, mid, floor):
    out = tmp_path / "f.svg"
    assert grotto("floor", mid, floor, "--svg", out).rc == 0
    root = ET.parse(out).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    j = grotto("floor", mid, floor, "--json").json()
    g = root.find("s:g[@id='floor']", ns)
    hatched = [e for e in g.iter() if e.get("fill") == "url(#hatch)"]
    assert len(hatched) == sum(c["size"] for c in j["anomalies"]["chambers"])
    crosses = [e for e in g.iter() if e.tag.endswith("path")]
    assert len(crosses) == sum(not c["reachable"] for c in j["chests"])
    # everything inside the picture: the legend below the floor, within the width
    width, height = int(root.get("width")), int(root.get("height"))
    for e in root.iter():
        for k in ("x", "y"):
            if e.get(k) is not None and e.tag.endswith(("rect", "text")):
                assert 0 <= float(e.get(k)) < (width if k == "x" else height), (k, e.attrib)


def test_svg_unwritable(grotto):
    assert_usage_error(grotto("floor", "DD5BC3", "4", "--svg", "/nonexistent/dir/f.svg"), "cannot write")


def test_svg_write_error_leaves_no_file(tmp_path, tmp_path_factory):
    out = tmp_path / "floor.svg"
    res = run_size_limited(["floor", "DD5BC3", "4", "--svg", out], 1000, tmp_path_factory.mktemp("gcov"))
    assert res.rc == 2 and res.out == ""
    lines = res.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("grotto floor: write error on") and "nothing written" in lines[0]
    assert "File too large" in lines[0]  # EFBIG, the failing write's own error
    assert list(tmp_path.iterdir()) == []  # neither FILE nor the temporary


def test_svg_write_error_keeps_the_old_file(tmp_path, tmp_path_factory):
    out = tmp_path / "floor.svg"
    out.write_text("old picture")
    res = run_size_limited(["floor", "DD5BC3", "4", "--svg", out], 1000, tmp_path_factory.mktemp("gcov"))
    assert res.rc == 2
    assert out.read_text() == "old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["floor.svg"]


def test_svg_is_complete_and_replaces(grotto, tmp_path):
    out = tmp_path / "floor.svg"
    out.write_text("old picture")
    res = grotto("floor", "DD5BC3", "4", "--svg", out)
    assert res.rc == 0
    text = out.read_text()
    assert text.startswith("<?xml") and text.rstrip().endswith("</svg>")
    assert [p.name for p in tmp_path.iterdir()] == ["floor.svg"]
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # as fopen would create it, not mkstemp's 0600


def test_svg_onto_a_directory(grotto, tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    assert_usage_error(grotto("floor", "DD5BC3", "4", "--svg", d), "is a directory")
    assert list(d.iterdir()) == [] and [p.name for p in tmp_path.iterdir()] == ["d"]


@pytest.mark.parametrize("args", [
    ["map", "020032"], ["map", "DD5BC3", "--json"], ["map", "020032", "--record"],
    ["floor", "DD5BC3", "4"], ["floor", "DD5BC3", "4", "--json"],
    ["timer", "36690", "--base", "55"], ["seeds", "0032", "--band", "02"], ["seeds", "--never"],
    ["chest", "020032", "3", "7"], ["chest", "020032", "3", "0..299", "--json"],
    ["map", "--help"],
])
def test_stdout_write_error_is_reported(args):
    with open("/dev/full", "w") as full:
        res = subprocess.run([grotto_bin(), *args], stdout=full, stderr=subprocess.PIPE, text=True)
    assert res.returncode == 2, args
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and "write error on standard output" in lines[0], res.stderr


@pytest.mark.parametrize("args,needle", [
    (["DD5BC3", "0"], "outside 1..16"),
    (["DD5BC3", "17"], "outside 1..16"),
    (["DD5BC3", "B0F"], "outside 1..16"),
    (["DD5BC3", "-1"], "outside 1..16"),
    (["DD5BC3", "four"], "bad floor"),
    (["DD5BC3"], "missing floor number"),
    (["--seed", "8000", "--floor", "1"], "above 0x7FFF"),
    (["--seed", "5BC3"], "missing floor"),
    (["020032", "4"], "has 3 floors"),
    (["DD5BC3", "4", "--json", "--record"], "exclusive"),
    (["DD5BC3", "4", "--seed", "5BC3"], "not both"),
])
def test_bad_input(grotto, args, needle):
    assert_usage_error(grotto("floor", *args), needle)
