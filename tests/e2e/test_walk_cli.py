"""Walking costs and the community tool's other filters in the commands
(issue 20): `map` shows each floor's cost, the total and the chests per
rank; `floor` gives the cost and one path of that cost (--path draws it);
the new search options refuse what they cannot mean.

Costs are checked against corpus/golden/floor-walk.bin (2 x the cost per
floor, seed-major), the paths against the rules of research.md §1
checked here on their own: 8 directions, orthogonal 1, diagonal 1.5, no
corner cutting, walls (1) and partitions (3) closed.
"""
import struct

import pytest

from conftest import CORPUS, assert_usage_error, run, unwrap

WALK = CORPUS / "floor-walk.bin"


@pytest.fixture(scope="module")
def golden_walk():
    data = WALK.read_bytes()
    assert len(data) == 32768 * 16 * 2
    return struct.unpack("<%dH" % (32768 * 16), data)


def golden_steps(golden_walk, seed, k):
    v = golden_walk[seed * 16 + k - 1]
    return None if v == 0xFFFF else v / 2


MAPS = ["DD5BC3", "020032", "B50E5C", "511273", "DD0464", "382A87", "4C1BE6"]


@pytest.mark.parametrize("engine", ["ref", "impl"])
@pytest.mark.parametrize("map_id", MAPS)
def test_map_shows_each_floors_walk_and_the_total(golden_walk, map_id, engine):
    d = run("map", map_id, "--json", "--engine", engine).json()
    seed = int(map_id[2:], 16)
    want = [golden_steps(golden_walk, seed, k) for k in range(1, d["floor_count"] + 1)]
    assert d["walk_steps"] == want
    assert d["walk_total"] == sum(want)
    # the chests per rank are the floors' chests counted by letter
    letters = [c["letter"] for f in d["floors"] for c in f["chests"]]
    assert list(d["chest_totals"]) == list("SABCDEFGHI")
    assert d["chest_totals"] == {l: letters.count(l) for l in "SABCDEFGHI"}
    assert sum(d["chest_totals"].values()) == sum(len(f["chests"]) for f in d["floors"]) > 0


def test_map_text_has_the_walk_line():
    res = run("map", "DD0464")
    assert res.rc == 0
    line = [l for l in unwrap(res.out, 8).splitlines() if l.startswith("walking cost (steps): B1F ")]
    assert len(line) == 1 and line[0].endswith("; total 104.5"), line
    assert any(l.startswith("chests per rank: ") for l in res.lines)


def path_cost(grid, w, h, path):
    def open_(x, y):
        return 0 <= x < w and 0 <= y < h and grid[y][x] not in "13"
    cost = 0.0
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        dx, dy = x1 - x0, y1 - y0
        assert (dx, dy) != (0, 0) and abs(dx) <= 1 and abs(dy) <= 1, (path, x0, y0)
        assert open_(x1, y1), ("closed tile on the path", x1, y1)
        if dx and dy:
            assert open_(x0 + dx, y0) and open_(x0, y0 + dy), ("corner cut", x0, y0, x1, y1)
            cost += 1.5
        else:
            cost += 1
    return cost


FLOORS = [(s, k) for s in (0x0000, 0x0032, 0x1234, 0x5BC3, 0x5BC4, 0x7FFF) for k in (1, 3, 4, 8, 12, 16)]


@pytest.mark.parametrize("seed,k", FLOORS)
def test_floor_path_costs_what_the_golden_file_says(golden_walk, seed, k):
    d = run("floor", "--seed", "%04X" % seed, "--floor", k, "--json").json()
    want = golden_steps(golden_walk, seed, k)
    assert d["walk_steps"] == want
    path = [tuple(p) for p in d["walk_path"]]
    if want is None:
        assert path == []
        return
    assert path[0] == tuple(d["up"]) and path[-1] == tuple(d["down"])
    assert path_cost(d["grid"], d["width"], d["height"], path) == want


def test_floor_path_is_drawn():
    plain = run("floor", "DD5BC3", "B9F")
    drawn = run("floor", "DD5BC3", "B9F", "--path")
    assert plain.rc == drawn.rc == 0
    d = run("floor", "DD5BC3", "B9F", "--json").json()
    stars = sum(l.count("*") for l in drawn.lines if l[:4].strip().isdigit())
    # every tile of the path but the two stairs (and chests) is drawn as *
    assert 0 < stars <= len(d["walk_path"]) - 2
    assert "*" not in "".join(l for l in plain.lines if l[:4].strip().isdigit())
    assert "walking cost: %g steps" % d["walk_steps"] in drawn.out


def test_floor_svg_draws_the_walk(tmp_path):
    out = tmp_path / "f.svg"
    assert run("floor", "DD5BC3", "B9F", "--path", "--svg", out).rc == 0
    text = out.read_text(encoding="utf-8")
    assert text.count('<polyline id="walk"') == 1
    assert run("floor", "DD5BC3", "B9F", "--svg", out).rc == 0
    assert '<polyline id="walk"' not in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("args,needle", [
    (["--chests", "X2"], "rank letter"),
    (["--chests", "S2,S3"], "twice"),
    (["--chests", "S"], "rank letter"),
    (["--bq-count", "2"], "1, 1', D or D'"),
    (["--smr", "13"], "13"),
    (["--seeds", "9000..9001"], "9000"),
    (["--prefix", "Wood"], "prefix"),
    (["--sort", "fast"], "steps, tiles"),
    (["--desc"], "--sort"),
    (["--sort", "steps", "--to-match"], "floor filter"),
    (["--sort", "tiles", "--to-floor", "3"], "--sort steps"),
    (["--sort", "ghosts", "--band", "51"], "band DD"),
    (["--sort", "steps", "--to-match", "--to-floor", "3", "--state", "only"], "--to-floor"),
    (["--chambers-per-floor", "0"], "0"),
])
def test_bad_research_options_are_refused(args, needle):
    assert_usage_error(run("search", *args), needle)


def test_state_groups_of_the_tool():
    # 4-enemy is state 2 alone; 3-enemy and 2-enemy include their variants
    def count(*a):
        res = run("search", "--band", "DD", *a, "--count", "--quiet")
        assert res.rc == 0, res.err
        return int(res.out)
    assert count("--state", "4-enemy") == count("--state", "2")
    assert count("--state", "3-enemy") == count("--state", "3,10,11,12")
    assert count("--state", "2-enemy") == count("--state", "4,13")


def test_research_filters_compose_with_todays():
    # a map filter and a floor filter of the tool's, with today's --floors and --ghosts
    both = run("search", "--band", "DD", "--smr", "9", "--flag0", "--ghosts", "1", "--floors", "15",
               "--limit", "0", "--json", "--quiet").json()
    alone = run("search", "--band", "DD", "--smr", "9", "--flag0", "--limit", "0", "--json", "--quiet").json()
    assert 0 < both["found"] < alone["found"]
    assert {m["map"] for m in both["maps"]} <= {m["map"] for m in alone["maps"]}
    assert all(m["floor_count"] == 15 for m in both["maps"])
