"""The spec's formulas in Python, for cross-checking the grotto command.

Written from docs/spec (rng-and-timer.md §1, §2.4, §4; chests.md §3;
enemy-list.md §5.4), independently of the C code, and reading the game
tables from tools/tables/*.json. Nothing here is copied from the CLI.
"""
import json
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "tools" / "tables"

MULT, INC, MASK = 1103515245, 12345, 0xFFFFFFFF


def table(name):
    with open(TABLES / name, encoding="utf-8") as f:
        return json.load(f)


def draws(seed, k):
    """The first k draws after seeding with seed (rng-and-timer.md §1)."""
    out, state = [], seed & MASK
    for _ in range(k):
        state = (state * MULT + INC) & MASK
        out.append((state >> 16) & 0x7FFF)
    return out


def scaled(v, n):
    """rng-and-timer.md §2.4: trunc(n*(v-1)/32767), toward zero."""
    num = n * (v - 1)
    return -((-num) // 32767) if num < 0 else num // 32767


@lru_cache(maxsize=None)
def timer_draws():
    """(r1, seed, r3) of every timer 0..65535 (§4)."""
    return [tuple(draws(t, 3)) for t in range(65536)]


def final_quality(base, r1):
    """§4.1."""
    d = base // 10
    k = r1 % (2 * d + 1)
    if base % 10 == 0:
        delta = k - d
    else:
        delta = k - d if k <= d else k - d - 1
    return min(248, max(2, base + delta))


@lru_cache(maxsize=None)
@lru_cache(maxsize=None)
def location_bands():
    return [(r["quality_min"], r["quality_max"], r["locations"])
            for r in table("map-tables.json")["location_bands"]["rows"]]


def location(quality, r3):
    """§4.2."""
    for qmin, qmax, n in location_bands():
        if qmin <= quality <= qmax:
            return r3 % n + 1
    raise ValueError(quality)


@lru_cache(maxsize=None)
def quality_bands():
    return [(r["rank_code"], r["quality_min"], r["quality_max"])
            for r in table("map-tables.json")["quality_bands"]["rows"]]


def band_of(code):
    for c, qmin, qmax in quality_bands():
        if qmin <= code <= qmax:
            return c, qmin, qmax
    raise ValueError(code)


def places(seed, band_code):
    """§4.5: every (timer, location, base) record of a map, in the tool's
    order, then ("quest 15", 5, 2) where it applies (§4.3)."""
    _, qmin, qmax = band_of(band_code)
    out = []
    for t, (r1, s, r3) in enumerate(timer_draws()):
        if s != seed:
            continue
        for base in range(2, 249):
            q = final_quality(base, r1)
            if qmin <= q <= qmax:
                out.append((t, location(q, r3), base))
    q15 = table("map-tables.json")["quest15_map"]
    if seed == q15["seed"] and qmin <= q15["quality"] <= qmax:
        out.append(("quest 15", q15["location"], q15["quality"]))
    return out


def expand_places(places_json):
    """The CLI's runs of bases back into (timer, location, base) records;
    quest 15's entry ("source": "quest15", "timer": null) as timer "quest 15"."""
    for p in places_json:
        assert p["source"] in ("timer", "quest15"), p
        assert (p["source"] == "quest15") == (p["timer"] is None) == (p["r1"] is None) == (p["r3"] is None), p
    return [(p["timer"] if p["source"] == "timer" else "quest 15", p["location"], b) for p in places_json
            for b in range(p["base_min"], p["base_max"] + 1)]


@lru_cache(maxsize=None)
def locations():
    """locations.json by number."""
    return {e["no"]: e for e in table("locations.json")["locations"]}


def check_location_info(info, number):
    """A location_info object of the CLI against locations.json."""
    e = locations()[number]
    assert info["number"] == number
    assert info["hex"] == e["hex"] == "%02X" % number
    assert info["area_en"] == e["region_en"]
    assert info["area_jp"] == e["region_ja"]
    assert info["monster_mark"] == e["monster_mark"]
    assert info["starflight_direct"] == e["starflight_direct"]
    assert info["ship_only"] == e["ship_only"]
    assert info["starflight_only"] == e["starflight_only"]
    assert info["note_en"] == e.get("note_en")
    assert info["note_jp"] == e.get("note_ja")


# ---- chests.md §3 ----

@lru_cache(maxsize=None)
def chest_tables():
    """rank -> [(weight, item)] in stored order."""
    return {t["chest_rank"]: [(e["weight"], e["item"]) for e in t["entries"]]
            for t in table("items.json")["chest_tables"]}


@lru_cache(maxsize=None)
def item_names():
    return {e["item"]: (e["en"], e["jp"]) for e in table("items.json")["item_names"]["entries"]}


def chest_contents(seed, floor, t, ranks):
    """Item numbers of the floor's chests at second t (chests.md §3)."""
    vs = draws((floor + seed + t) & MASK, len(ranks))
    out = []
    for v, rank in zip(vs, ranks):
        x, acc = scaled(v, 100), 0
        for w, item in chest_tables()[rank]:
            acc += w
            if x < acc:
                out.append(item)
                break
    return out


# ---- enemy-list.md §1, §5.4 ----

@lru_cache(maxsize=None)
def monster_data():
    return table("monsters.json")


def floor_table(env, mr):
    for t in monster_data()["floor_tables"]:
        if t["env"] == env and t["monster_rank"] == mr:
            return t
    raise KeyError((env, mr))


def floor_mr(smr, n):
    return min(12, smr + (n - 1) // 4)


def survivors(ofs, F):
    """§5.4: records j = 1..F with ofs + 128 + 20*j <= 11344."""
    return sum(1 for j in range(1, F + 1) if ofs + 128 + 20 * j <= 11344)


CHEST_MONSTERS = ("026", "027", "028")


def state_by_memory(t, kept, D):
    """§5.4's memory model: the state code of a floor."""
    F = len(t["spawn"])
    if kept == F:
        return 1 if D > 0 else 0
    ids = [s["id"] for s in t["spawn"][:kept]]
    m = sum(1 for i in ids if i not in CHEST_MONSTERS)
    missing = next((c for c in CHEST_MONSTERS if c not in ids), None)
    base = {4: "4-enemy", 3: "3-enemy", 2: "2-enemy", 1: "only", 0: "no-enemy"}[m]
    suffix = {None: "", "028": " no Pandora", "027": " no Mimic", "026": " no Cannibox"}[missing]
    codes = {"4-enemy": 2, "3-enemy": 3, "2-enemy": 4, "only": 5, "no-enemy": 6,
             "no-enemy no Pandora": 7, "no-enemy no Mimic": 8, "no-enemy no Cannibox": 9,
             "3-enemy no Pandora": 10, "3-enemy no Mimic": 11, "3-enemy no Cannibox": 12,
             "2-enemy no Cannibox": 13, "only no Pandora": 14, "only no Mimic": 15,
             "only no Cannibox": 16}
    return codes[base + suffix]
