"""The community tool's result sets (corpus/golden/searcher/, issues 20-22)
and the harness that makes them (tools/searcher/).

Three layers:
- the committed sets: well-formed, checksummed in corpus/golden/SHA256SUMS,
  counts as corpus/README.md states them, consistent with each other (no
  listed map among the maps the tool never lists), with the never-seeds and
  with the figures research.md publishes, and made from the queries
  gen-golden.mjs lists today;
- the harness against a stand-in page (tests/e2e/data/searcher-standin/:
  our own few functions under the tool's names), everywhere: loading and the
  version check, options to form controls, capture of the cards in display
  order, cut rankings, errors;
- the harness against the real tool, when GROTTO_SEARCHER_DIR points at a
  checkout of DQIX/Grotto-Searcher 5f39e56 (CI has none: that one test is
  skipped and says so): the quick queries rerun and equal the committed
  ones, and research.md's sanity figures.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import CORPUS, ROOT

GOLD = CORPUS / "searcher"
TOOLS = ROOT / "tools" / "searcher"
SEARCHER = TOOLS / "searcher.mjs"
GEN = TOOLS / "gen-golden.mjs"
STANDIN = Path(__file__).resolve().parent / "data" / "searcher-standin"
COMMIT = "5f39e568214baa29f3d589fc76725c2b146123ce"
BANDS = ["02", "38", "3D", "4C", "51", "65", "79", "8D", "A1", "B5", "C9", "DD"]
FILES = ["issue20-filters.jsonl", "issue20-rankings.jsonl", "issue21-chests.jsonl",
         "issue22-at.jsonl", "issue22-multibug.jsonl"]
MAP_ID = re.compile(r"^(02|38|3D|4C|51|65|79|8D|A1|B5|C9|DD)([0-7][0-9A-F]{3})$")


def node():
    exe = shutil.which("node") or shutil.which("nodejs")
    assert exe, "node is not installed (ci/deps.sh installs nodejs)"
    return exe


def load(name):
    with open(GOLD / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.fixture(scope="module")
def entries():
    out = {}
    for name in FILES:
        for e in load(name):
            assert e["id"] not in out, f"{e['id']} twice"
            e["_file"] = name
            out[e["id"]] = e
    return out


@pytest.fixture(scope="module")
def never():
    return json.loads((GOLD / "never-listed.json").read_text(encoding="utf-8"))


# ---- the committed sets ----------------------------------------------------

def test_manifest_names_the_pinned_tool_and_the_file_sizes():
    m = json.loads((GOLD / "manifest.json").read_text(encoding="utf-8"))
    assert m["tool"]["repo"] == "DQIX/Grotto-Searcher"
    assert m["tool"]["commit"] == COMMIT
    assert sorted(m["tool"]["blobs"]) == ["1.js", "2.js", "3.js", "4.js", "5.js"]
    assert sorted(m["files"]) == sorted(FILES)
    total = 0
    for name in FILES:
        assert m["files"][name] == len(load(name)), name
        total += m["files"][name]
    assert m["queries"] == total


def test_every_file_is_in_sha256sums_and_matches():
    sums = {}
    for line in (CORPUS / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line[:64], line[66:]
        assert re.fullmatch(r"[0-9a-f]{64}", digest) and line[64:66] in ("  ", " *"), line
        sums[name] = digest
    present = sorted(p.name for p in GOLD.iterdir())
    assert present == sorted(FILES + ["manifest.json", "never-listed.json"])
    for name in present:
        got = hashlib.sha256((GOLD / name).read_bytes()).hexdigest()
        assert sums.get("searcher/" + name) == got, f"searcher/{name}: SHA256SUMS says {sums.get('searcher/' + name)}"


def readme_counts():
    """The table of corpus/README.md: | `id` | hits | shown |."""
    text = (ROOT / "corpus" / "README.md").read_text(encoding="utf-8")
    start = text.index("<!-- searcher-counts -->")
    end = text.index("<!-- /searcher-counts -->")
    rows = {}
    for line in text[start:end].splitlines():
        m = re.match(r"^\| `([^`]+)` \| ([\d,]+) \| ([\d,]+) \|", line)
        if m:
            rows[m.group(1)] = (int(m.group(2).replace(",", "")), int(m.group(3).replace(",", "")))
    return rows


def test_counts_are_as_corpus_readme_states(entries):
    rows = readme_counts()
    assert sorted(rows) == sorted(entries), "README table and files list different queries"
    for qid, (hits, shown) in rows.items():
        assert (entries[qid]["hits"], entries[qid]["shown"]) == (hits, shown), qid


def seed_order_key(band_order, m):
    return (band_order.index(m[:2]), int(m[2:], 16))


def test_entries_are_well_formed(entries):
    for qid, e in entries.items():
        assert isinstance(e["what"], str) and e["what"], qid
        assert e["grotto"] and all(isinstance(a, str) for a in e["grotto"]), qid
        tool = e["tool"]
        assert re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", tool["entry"]), qid  # e.g. Box3Search
        assert isinstance(tool["fields"], dict) and isinstance(tool["checks"], dict), qid
        assert isinstance(e["hits"], int) and e["hits"] >= 0, qid
        assert isinstance(e["shown"], int) and 0 <= e["shown"] <= e["items"], qid
        if e.get("no_job"):
            assert tool["job"] is None and e["hits"] == e["shown"] == e["items"] == 0, qid
            continue
        job = tool["job"]
        assert job["kind"] in ("scan", "atMonster", "atPattern"), qid
        lo, hi = int(job["startSeed"], 16), int(job["endSeed"], 16)
        assert 0 <= lo <= hi <= 0x7FFF, qid
        bands = job.get("ranks") or [job.get("rStr") or job["targetRankKey"]]
        assert all(b in BANDS for b in bands), (qid, bands)
        shown = e["maps"] if e["order"] == "scan" else [r["map"] for r in e["results"]]
        assert len(shown) == e["shown"], qid
        for m in shown:
            mm = MAP_ID.match(m)
            assert mm and mm.group(1) in bands and lo <= int(mm.group(2), 16) <= hi, (qid, m)
        if e["order"] == "scan":
            # the tool scans band by band, seeds ascending, and shows every hit
            assert shown == sorted(shown, key=lambda m: seed_order_key(bands, m)), qid
            if qid != "DD-ql-lucida-shard":
                assert len(set(shown)) == len(shown), qid
            if job["kind"] != "scan" or job["processor"] != "item":
                assert e["hits"] == e["shown"] == e["items"], qid
            for m, f in e.get("first_floor", {}).items():
                assert m in shown and 1 <= f <= 16, (qid, m, f)
            for key in ("pops", "texts"):
                if key in e:
                    assert len(e[key]) == len(shown), (qid, key)
            if job["kind"] in ("atMonster", "atPattern"):
                assert all(isinstance(p, int) for p in e.get("pops", [])), qid  # none without hits
            if job["kind"] == "scan" and job["processor"] == "multibug":
                assert all("[Source]" in t and "[Bug]" in t for t in e["texts"]), qid
        else:
            assert e["order"] == "ranked", qid
            params = job["params"]
            desc = params.get("slowest") or params.get("metricType") in ("maxtile", "maxwalk", "maxiso", "maxghost")
            # sorted within each group of cards (a header starts a group)
            bounds = sorted({0, len(shown), *(g["before"] for g in e["groups"])})
            assert all(0 <= g["before"] <= len(shown) and g["text"] for g in e["groups"]), qid
            for a, b in zip(bounds, bounds[1:]):
                vals = [r["sort"] for r in e["results"][a:b]]
                assert all(isinstance(v, (int, float)) for v in vals), qid
                assert vals == sorted(vals, reverse=bool(desc)), (qid, a, b)
            if params.get("fastestMode") == "maxtile":
                assert all(re.fullmatch(r"1[0-6]x1[0-6]", r["dim"]) for r in e["results"]), qid
            if "last_value" in e:
                assert e["results"][-1]["sort"] == e["last_value"] and e["tied_beyond_cut"] >= 0, qid


def test_no_listed_map_is_one_the_tool_never_lists(entries, never):
    by_band = {b["band"]: set(b["seeds"]) for b in never["bands"]}
    for qid, e in entries.items():
        if not e["listed_only"]:
            continue
        shown = e.get("maps") or [r["map"] for r in e.get("results", [])]
        bad = [m for m in shown if m[2:] in by_band[m[:2]]]
        assert not bad, (qid, bad[:5])


def test_never_listed_is_research_md_figure_and_covers_the_never_seeds(never):
    assert [b["band"] for b in never["bands"]] == BANDS
    assert never["total"] == 5089  # research.md §2
    assert sum(b["count"] for b in never["bands"]) == 5089
    never_seeds = {f"{s:04X}" for s in json.loads((CORPUS / "never-seeds.json").read_text())}
    assert len(never_seeds) == 302
    for b in never["bands"]:
        assert b["count"] == len(b["seeds"]) == len(set(b["seeds"])), b["band"]
        assert never_seeds <= set(b["seeds"]), b["band"]  # no timer yields them: never listed
    dd = next(b for b in never["bands"] if b["band"] == "DD")
    assert set(dd["seeds"]) == never_seeds  # every other seed has some base in band DD


def test_published_figures(entries):
    assert entries["DD-ql-lucida-shard"]["hits"] == 56  # research.md §3
    assert entries["DD-chestless"]["hits"] > 0


def test_the_generator_lists_the_committed_queries(entries):
    res = subprocess.run([node(), str(GEN), "--list"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    listed = [json.loads(line) for line in res.stdout.splitlines()]
    committed = []
    for name in FILES:
        committed += [(name, e["id"], e["grotto"]) for e in load(name)]
    assert [(q["file"] + ".jsonl", q["id"], q["grotto"]) for q in listed] == committed


# ---- the harness against the stand-in page ---------------------------------

def searcher(*args, env_dir=None, any_version=True, tool=STANDIN):
    env = dict(os.environ)
    env.pop("GROTTO_SEARCHER_DIR", None)
    if env_dir is not None:
        env["GROTTO_SEARCHER_DIR"] = str(env_dir)
    cmd = [node(), str(SEARCHER)]
    if tool is not None:
        cmd += ["--tool", str(tool)]
    if any_version:
        cmd.append("--any-version")
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True, timeout=120, env=env)


def ok_json(res):
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def usage_error(res, *needles):
    assert res.returncode == 2, (res.returncode, res.stdout, res.stderr)
    assert res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("searcher: "), res.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])


def standin_hits(lo, hi, smr=None, anomaly=""):
    """What the stand-in's job runner lets through (its 3.js)."""
    out = []
    for s in range(lo, hi + 1):
        if s % 7 == 0 or (anomaly == "stair" and s % 5 != 1) or (smr and s % 9 + 1 != smr):
            continue
        out.append(s)
    return out


def test_standin_search_sets_the_controls_and_reads_the_cards_in_order():
    doc = ok_json(searcher("search", "--band", "B5", "--smr", "3", "--seeds", "0010..01ff"))
    assert doc["entry"] == "startUltimateSearch"
    assert doc["form"]["fields"] == {"rank": "0xB5", "cond_monster": "3", "cond_seed_min": "0010",
                                     "cond_seed_max": "01FF"}
    assert doc["form"]["checks"] == {"searchAllRanks": False}
    job = doc["job"]
    assert job["ranks"] == ["B5"] and job["startSeed"] == "0010" and job["endSeed"] == "01FF"
    assert job["conds"]["monster"] == "3" and job["processor"] == "ultimate"
    want = standin_hits(0x10, 0x1FF, smr=3)
    assert [r["map"] for r in doc["results"]] == [f"B5{s:04X}" for s in want]
    assert [r["floor"] for r in doc["results"]] == [s % 4 + 1 for s in want]
    assert doc["hits"] == doc["shown"] == doc["items"] == len(want)
    assert doc["progress"] == f"100% ({len(want)} Found)"


def test_standin_ranking_cut_and_ties():
    doc = ok_json(searcher("search", "--floors", "16", "--sort", "fastest-map", "--text"))
    assert doc["form"]["fields"]["rank"] == "0xDD"  # the default band
    assert doc["form"]["fields"]["cond_anomaly"] == "usp_map" and doc["job"]["processor"] == "fastest"
    items = sorted(standin_hits(0, 0x7FFF), key=lambda s: (s * 37) % 101)  # stable: scan order among ties
    top = items[:5]
    assert [r["map"] for r in doc["results"]] == [f"DD{s:04X}" for s in top]
    assert [r["text"] for r in doc["results"]] == [f"{s:04X} | text" for s in top]
    assert doc["groups"] == []
    last = (top[-1] * 37) % 101
    assert doc["last_value"] == last
    assert doc["tied_beyond_cut"] == sum(1 for s in items if (s * 37) % 101 == last) - \
        sum(1 for s in top if (s * 37) % 101 == last)
    assert doc["items"] == len(items) and doc["hits"] == len(items)


def test_standin_grouped_ranking_reads_headers_and_no_tie_count():
    doc = ok_json(searcher("search", "--sort", "tiles-max"))
    assert doc["groups"] == [{"before": 0, "text": "Top 5"}] and doc["shown"] == 5
    assert "last_value" not in doc and "tied_beyond_cut" not in doc


@pytest.mark.parametrize("opts,field,value", [
    (["--chestless"], "cond_anomaly", "nochest"),
    (["--down-unreachable"], "cond_anomaly", "stair"),
    (["--chambers-floors", "2"], "cond_anomaly", "multi_chamber"),
    (["--chambers-per-floor", "2"], "cond_anomaly", "multi_region"),
    (["--nipple"], "cond_anomaly", "chest"),
    (["--sort", "tiles-max"], "cond_anomaly", "usp_maxtile"),
    (["--sort", "slowest-map", "--floors", "16"], "cond_anomaly", "usp_slow"),
    (["--multi-special"], "cond_elist", "MULTI_SPECIAL"),
    (["--state", "4-enemy"], "cond_elist", "4"),
    (["--bq-count", "1'", "--smr", "1"], "cond_bq_count", "1p"),
    (["--bq-count", "D'", "--smr", "1"], "cond_bq_count", "Dp"),
    (["--chests", "s1,A12", "--smr", "1"], "cond_box_S", "1"),
    (["--chests", "s1,A12", "--smr", "1"], "cond_box_A", "12"),
    (["--prefix", "diamond"], "cond_prefix", "16"),
    (["--prefix", "大いなる"], "cond_prefix", "16"),
    (["--prefix", "16"], "cond_prefix", "16"),
    (["--suffix", "BLISS", "--smr", "1"], "cond_suffix", "2"),
    (["--locale", "World", "--smr", "1"], "cond_locale", "19"),
    (["--boss", "Greygnarl", "--smr", "1"], "cond_boss", "12"),
    (["--env", "fire", "--smr", "1"], "cond_env", "5"),
    (["--monster", "metal king slime", "--smr", "1"], "cond_only_mon", "Metal King Slime"),
])
def test_standin_options_become_the_tools_controls(opts, field, value):
    doc = ok_json(searcher("search", "--seeds", "0000..003F", *opts))
    assert doc["form"]["fields"][field] == value, doc["form"]


def test_standin_flags_and_conds_reach_the_job():
    doc = ok_json(searcher("search", "--seeds", "0000..00FF", "--down-unreachable", "--flag0", "--band", "02"))
    assert doc["form"]["checks"]["searchOnlyWithD"] is True
    assert doc["job"]["params"]["searchOnlyWithD"] is True and doc["job"]["conds"]["anomaly"] == "stair"
    assert [r["map"] for r in doc["results"]] == [f"02{s:04X}" for s in standin_hits(0, 0xFF, anomaly="stair")]


def test_standin_tool_refusals_and_no_job():
    usage_error(searcher("search", "--seeds", "0000..0010"), "tool refused the query",
                "Please choose at least one condition.")
    doc = ok_json(searcher("search", "--smr", "8"))
    assert doc["no_job"] is True and doc["job"] is None and doc["hits"] == doc["shown"] == 0


@pytest.mark.parametrize("opts,needle", [
    (["--seeds", "0000..8000"], "--seeds"),
    (["--seeds", "12"], "--seeds"),
    (["--bq-count", "2"], "--bq-count"),
    (["--chests", "Z1"], "--chests"),
    (["--chests", "S0"], "--chests"),
    (["--chambers-floors", "3"], "--chambers-floors"),
    (["--chestless", "--down-unreachable"], "one anomaly or ranking"),
    (["--band", "DE"], "--band"),
    (["--prefix", "Tin"], "--prefix"),
    (["--smr", "13"], "--smr"),
    (["--sort", "quickest"], "--sort"),
    (["--frobnicate"], "unknown search option"),
    (["--kind", "at-monster"], "--at-monster"),
])
def test_standin_bad_search_options(opts, needle):
    usage_error(searcher("search", *opts), needle)


def test_version_check_and_checkout_errors(tmp_path):
    usage_error(searcher("walk", "0001", any_version=False), "1.js is blob", "--any-version", "5f39e56")
    usage_error(searcher("walk", "0001", tool=None), "GROTTO_SEARCHER_DIR")
    usage_error(searcher("walk", "0001", tool=tmp_path), "1.js not found")
    # the environment variable serves as --tool
    doc = ok_json(searcher("walk", "0001", "3", tool=None, env_dir=STANDIN))
    assert doc["floors"] == [{"floor": 3, "cost": ((1 + 2) % 40) / 2 + 3, "cost2x": 2 * (((1 + 2) % 40) / 2 + 3)}]
    usage_error(searcher("walk", "8000"), "bad seed")
    usage_error(searcher("walk", "0001", "17"), "bad floor")
    usage_error(searcher("map", "DE0001"), "bad map")
    usage_error(searcher("frob"), "unknown subcommand")


def test_standin_walk_map_at():
    doc = ok_json(searcher("walk", "7FFF"))
    assert [f["floor"] for f in doc["floors"]] == list(range(1, 17))
    assert doc["floors"][12] == {"floor": 13, "cost": None, "cost2x": 65535}
    assert doc["floors"][0]["cost2x"] == int(2 * ((0x7FFF % 40) / 2 + 3))
    m = ok_json(searcher("map", "DD0010", "--multibug", "--second", "3"))
    assert m["map"] == "DD0010" and m["floors"] == 2 + 0x10 % 15 == len(m["floor_list"])
    assert m["chests_by_rank"]["S"] == m["floors"] - 2 and m["chest_total"] == m["floors"] - 2
    assert m["floor_list"][2]["chests"] == [{"rank": "S", "x": 3, "y": 4}]
    assert m["floor_list"][2]["contents"] == [f"Item{(0x10 + 2 + 3) % 7}"]
    assert m["floor_list"][0]["walk"] == (0x10 % 40) / 2 + 3
    assert [f["floor"] for f in m["multibug"]["floors16_elist"]] == list(range(5, 17))
    assert m["multibug"]["floors16_elist"][-1]["state"] == "4-enemy"
    assert m["multibug"]["bug"]["floors"] == 2 + 0x11 % 15
    assert m["locations"] == [{"location": 1 + 0x10 % 150, "timer": 0x20, "bases": [200, 201]}]
    a = ok_json(searcher("at", "0005", "--zoom", "1", "--steps", "3"))
    x = 5
    vals = []
    for _ in range(64 + 1):
        x = (x * 1103515245 + 12345) % 2**32
        vals.append((x >> 16) & 0x7FFF)
    assert a["values"] == vals[:3]
    assert a["at"] == {"35": vals[34], "36": vals[35], "37": vals[36]}
    assert a["zoom"] == {"n": 1, "N": 64, "atN": vals[63], "atN1": vals[64],
                         "deftness": 1000 if vals[64] > 16384 else 0}


def test_standin_walk_bin_is_the_golden_format():
    env = dict(os.environ)
    env.pop("GROTTO_SEARCHER_DIR", None)
    res = subprocess.run([node(), str(SEARCHER), "--tool", str(STANDIN), "--any-version", "walk-bin"],
                         capture_output=True, timeout=300, env=env)
    assert res.returncode == 0, res.stderr
    raw = res.stdout
    assert len(raw) == 32768 * 16 * 2

    def at(s, f):
        return int.from_bytes(raw[(s * 16 + f - 1) * 2:(s * 16 + f) * 2], "little")
    assert at(0x7FFF, 13) == 0xFFFF
    for s, f in ((0, 1), (0x1234, 7), (0x7FFF, 16)):
        assert at(s, f) == int(2 * (((s + f - 1) % 40) / 2 + 3)), (s, f)


def test_standin_marathon():
    doc = ok_json(searcher("marathon", "DD0010", "4..6", "--filter", "SA"))
    # floors 3.. of the stand-in's map have one S chest each (rank 10)
    floors = 2 + 0x10 % 15
    assert doc["chests"] == [{"floor": f, "chest": 1, "rank": "S"} for f in range(3, floors + 1)]
    assert [r["t"] for r in doc["rows"]] == [4, 5, 6] and [r["stopwatch"] for r in doc["rows"]] == [9, 10, 11]
    assert doc["rows"][1]["items"] == [f"Item{(0x10 + f - 1 + 0 + 5) % 7}" for f in range(3, floors + 1)]
    assert ok_json(searcher("marathon", "DD0010", "0..0", "--filter", "AB"))["chests"] == []
    usage_error(searcher("marathon", "DD0010", "5..4"), "bad range")
    usage_error(searcher("marathon", "DD0010", "0..1", "--filter", "S"), "--filter")


# ---- the harness against the real tool (opt-in) ----------------------------

@pytest.mark.skipif(not os.environ.get("GROTTO_SEARCHER_DIR"),
                    reason="no checkout of DQIX/Grotto-Searcher 5f39e56: set GROTTO_SEARCHER_DIR to run the "
                           "harness against the real tool (tools/searcher/README.md)")
def test_real_tool_reproduces_the_quick_sets_and_research_figures(entries):
    env = dict(os.environ)
    res = subprocess.run([node(), str(GEN), "--check", "--cheap", "-j", "2"], capture_output=True, text=True,
                         timeout=3600, env=env)
    assert res.returncode == 0, res.stderr[-3000:]
    assert "all equal" in res.stderr

    def real(*args):
        out = subprocess.run([node(), str(SEARCHER), *args], capture_output=True, text=True, timeout=600, env=env)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    m = real("map", "DD5BC3")
    assert m["at"] == {"35": 4491, "36": 32143, "37": 10468}  # research.md §4
    b = real("map", "DD00CD", "--multibug")  # research.md §5
    assert (b["floors"], b["boss_en"], b["name_en"]) == (15, "Equinox", "Ruby Ruins of Glee Lv.64")
    bug = b["multibug"]["bug"]
    assert (bug["floors"], bug["boss_en"], bug["name_en"]) == (16, "Shogum", "Ruby Ruins of Bliss Lv.73")
    assert b["multibug"]["floors16_elist"][-1] == {"floor": 16, "hex": "2B3C", "state": "4-enemy", "D": 0}
    # a ranking's metric is the map's walking cost as `map` computes it
    for r in entries["DD-fastest-map"]["results"][:3]:
        assert real("map", r["map"])["walk_total"] == r["sort"]
    w = real("walk", "5BC3")
    assert [f["cost"] for f in w["floors"][:15]] == [f["walk"] for f in m["floor_list"]]
