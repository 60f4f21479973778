"""An independent model for the e2e tests of search and odds, written from
the specification (rng-and-timer.md §1, §4) and the golden data only: the
timer draws, final quality, location, bands; the forgiving name form; the
softlock report of a golden floor grid. Nothing here calls grotto."""
import csv
import functools
import json
from collections.abc import Mapping

from conftest import CORPUS, ROOT

from spec_model import draws as _draws, final_quality, location, quality_bands  # noqa: F401 (re-exported)

BANDS = [(qmin, qmax) for _code, qmin, qmax in quality_bands()]
QUEST15 = (2, 0x0032, 5)  # band code, seed, location (rng-and-timer.md §4.3)


def band_of(q):
    for i, (lo, hi) in enumerate(BANDS):
        if lo <= q <= hi:
            return i
    raise ValueError(q)


def band_code(i):
    return BANDS[i][0]


def draws(t, n=3):
    return _draws(t, n)


_TIMERS = None


def timers():
    """[(T, r1, seed, r3)] for every timer value, checked against the golden vectors."""
    global _TIMERS
    if _TIMERS is None:
        _TIMERS = [(t, *draws(t)) for t in range(65536)]
        with open(CORPUS / "timers.jsonl", encoding="utf-8") as f:
            for line in f:
                v = json.loads(line)
                t = v.get("timer", v.get("T"))
                assert _TIMERS[t][1:] == (v["r1"], v["seed"], v["r3"]), v
    return _TIMERS


def timers_by_seed():
    out = {}
    for t in timers():
        out.setdefault(t[2], []).append(t)
    return out


def places(band, seed, base=None, by_seed=None):
    """{location: timer values} where map (band index, seed) is found: for
    some base 2..248 (base None, plus quest 15) or for that base."""
    by_seed = by_seed or timers_by_seed()
    out = {}
    for t, r1, s, r3 in by_seed.get(seed, []):
        locs = set()
        for b in ([base] if base else range(2, 249)):
            q = final_quality(b, r1)
            if band_of(q) == band:
                locs.add(location(q, r3))
        for loc in locs:
            out[loc] = out.get(loc, 0) + 1
    if base in (None, 2) and (band_code(band), seed) == QUEST15[:2]:  # the quest's gift, its base 2
        out.setdefault(QUEST15[2], 0)
    return out


def canon(name):
    """The forgiving name form: trimmed, ASCII lower case, 'Lv' + '.'/spaces
    + digits (or the end) written 'lv' + digits."""
    s = name.strip(" \t")
    out, i = [], 0
    while i < len(s):
        c = s[i].lower() if s[i].isascii() else s[i]
        if c == "l" and i + 1 < len(s) and s[i + 1].lower() == "v":
            j = i + 2
            while j < len(s) and s[j] in ". ":
                j += 1
            if j == len(s) or s[j].isdigit():
                out.append("lv")
                i = j
                continue
        out.append(c)
        i += 1
    return "".join(out)


def softlock(floor):
    """(up stairs 4-adjacent to a chest, down stairs cut off with chests solid)
    of a floors-sample.jsonl line, from its grid."""
    grid = [[int(ch, 16) for ch in row] for row in floor["grid"]]
    ux, uy = floor["up"]
    dx, dy = floor["down"]
    up_by = any(abs(x - ux) + abs(y - uy) == 1 for x, y in floor["chests"])
    seen, todo = {(ux, uy)}, [(ux, uy)]
    while todo:
        x, y = todo.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < 16 and 0 <= ny < 16 and (nx, ny) not in seen and grid[ny][nx] not in (1, 3, 6):
                seen.add((nx, ny))
                todo.append((nx, ny))
    return up_by, (dx, dy) not in seen


def map_id(band_index, seed):
    return "%02X%04X" % (band_code(band_index), seed)


class CsvMaps(Mapping):
    """The rows of a CSV listing whose first column is the map id, by id:
    each row is split the first time it is looked at, so a test that asks
    only which maps are listed does not parse 393,216 rows."""

    def __init__(self, text):
        lines = text.splitlines()
        self.header = next(csv.reader(lines[:1]))
        assert self.header[0] == "map", self.header
        self.lines = {line[:line.index(",")]: line for line in lines[1:]}
        self.rows = {}

    def __getitem__(self, mid):
        if mid not in self.rows:
            row = next(csv.reader([self.lines[mid]]))
            assert len(row) == len(self.header), row
            self.rows[mid] = dict(zip(self.header, row))
        return self.rows[mid]

    def __iter__(self):
        return iter(self.lines)

    def __len__(self):
        return len(self.lines)

    def __contains__(self, mid):
        return mid in self.lines


def parse_csv(text):
    """A search's or odds' --csv listing, by map id (their first column)."""
    return CsvMaps(text)


def area_locations(area):
    """The location numbers of an overworld area (tools/tables/locations.json)."""
    with open(ROOT / "tools" / "tables" / "locations.json", encoding="utf-8") as f:
        return {l["no"] for l in json.load(f)["locations"] if area in (l["region_en"], l["region_ja"])}


@functools.lru_cache(maxsize=None)
def never_listed():
    """The maps the community tool never lists (corpus/golden/searcher/never-listed.json):
    no timer value and base quality give them in their band."""
    with open(CORPUS / "searcher" / "never-listed.json", encoding="utf-8") as f:
        v = json.load(f)
    out = frozenset(b["band"] + s for b in v["bands"] for s in b["seeds"])
    assert len(out) == v["total"] == 5089
    return out


@functools.lru_cache(maxsize=None)
def never_seeds():
    with open(CORPUS / "never-seeds.json", encoding="utf-8") as f:
        v = json.load(f)
    return frozenset(v["seeds"] if isinstance(v, dict) else v)


__all__ = ["ROOT"]
