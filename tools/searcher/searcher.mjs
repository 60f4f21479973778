#!/usr/bin/env node
// searcher.mjs - run the community's DQ9 Grotto Searcher headlessly, JSON out.
//
// The harness never carries the tool's code: it loads the scripts of a
// checkout the user made (--tool DIR or $GROTTO_SEARCHER_DIR; the files must
// be those of DQIX/Grotto-Searcher at 5f39e56, checked by git blob hash) into
// a node vm context with a fake page (lib/tool.mjs, lib/dom.mjs) and calls
// the tool's own functions. Each subcommand prints one JSON document:
//
//   walk SEED [FLOOR]   calcFloorWalkCost on the floors of map seed SEED
//   walk-bin            all 524,288 of them, binary (golden/floor-walk.bin)
//   map RRSSSS          GrottoDetail: details, names, chests, locations, AT,
//                       per floor: size, stairs, chests, walk, enemy list,
//                       anomalies (--multibug: the bug map and 16 floors;
//                       --second T: chest contents at internal second T)
//   at SEED             the AT values, R2/+3/N2, zoom/deftness, patterns
//   search OPTIONS      one of the tool's searches, run through its own entry
//                       function with the form set (lib/queries.mjs)
//   marathon RRSSSS A..B  the marathon table: every chest against the second
//   never               every band/seed the tool never lists (no location)
//   version             the checkout's identity
//
// New subcommands: add a function to COMMANDS taking (tool, args) and
// returning a JSON-able object; see README.md for the conventions.

import { writeSync } from 'node:fs';
import { loadTool, resolveToolDir, UsageError, TOOL_REPO, TOOL_COMMIT, TOOL_BLOBS } from './lib/tool.mjs';
import { compileQuery, SORTS, tableIndex } from './lib/queries.mjs';

const HELP = `usage: searcher.mjs [--tool DIR] [--any-version] SUBCOMMAND ...

Runs the DQ9 Grotto Searcher (${TOOL_REPO} at ${TOOL_COMMIT.slice(0, 7)}) under
node and prints JSON. DIR (or $GROTTO_SEARCHER_DIR) is a checkout of the tool.

subcommands:
  walk SEED [FLOOR]        walking cost of FLOOR (1..16; all 16 if omitted)
                           of map seed SEED (hex), floors generated to 16
  walk-bin                 every floor's walking cost, binary, in the format
                           of golden/floor-walk.bin (records.md)
  map RRSSSS [--multibug] [--second T]
                           one map: details, floors, chests, walk, AT
  at SEED [--zoom N] [--pattern P --threshold T --max-steps M] [--steps K]
                           AT values 35..37, R2/+3/N2, value and deftness
                           at N = 35 + 29 x zoom, a drop-pattern scan
  search [OPTIONS]         a search of the tool (see below); prints the
                           tool's job, its hit count and the cards it shows
  marathon RRSSSS A..B [--filter ALL|SA|AB]
                           every chest's content at internal seconds A..B
                           (stopwatch = second + 5), the tool's rank filters
  never                    maps the tool never lists in their band
  version                  the checkout's files and commit

search options (composable as in the tool):
  --kind map|multibug|at-monster|at-pattern|ql|3rd|combo|free
                           which search (default map)
  --band RR | --all-bands  --seeds A..B
  --smr N  --floors N  --level N  --boss B  --env E
  --prefix P  --suffix S  --locale L     (index or EN/JP name)
  --location LL  --base Q  --bq-count 1|1'|D|D'
  --chests S1,A2,...       exact chest counts per rank over the map
  --state multi-special|15x15|partial|4-enemy|3-enemy|2-enemy|only|no-enemy
  --multi-special  --monster NAME  --flag0
  --nipple --chamber --chestless --down-unreachable --ghosts --overflow
  --nipple-chamber --chambers-floors 2 --chambers-per-floor 2
  --sort ${Object.keys(SORTS).slice(0, 4).join('|')}
        |${Object.keys(SORTS).slice(4).join('|')}
  multibug: --floor-increase --bug-floor-hit
  AT: --pattern P --threshold 1/256|1/128|1/64|1/32 --max-steps N --zoom N
      --at-env E --at-rank N --at-monster ID|NAME --deft-max N --sort-pop
  chests: --item NAME (the tool's item name, or Millionaire / S weapon)
      --ql-mode ''|D|5|9|5A|9A|5D|9D   (free search: --field fs_f_1=... etc.)
  raw: --entry FUNCTION  --field ID=VALUE  --check ID
  output: --text (plain text of each card)  --lang EN|JP

examples:
  searcher.mjs --tool ~/src/Grotto-Searcher walk 5BC3 4
  searcher.mjs map DD5BC3
  searcher.mjs search --band DD --chestless
  searcher.mjs search --band DD --floors 16 --sort fastest-map
  searcher.mjs search --kind multibug --band DD --seeds 0000..00FF --text
  searcher.mjs search --kind at-pattern --band DD --pattern R2 --threshold 1/256

exit status: 0 done, 2 bad arguments or wrong checkout, 3 the tool failed.
`;

const hex4 = (n) => n.toString(16).toUpperCase().padStart(4, '0');
const hex2 = (n) => n.toString(16).toUpperCase().padStart(2, '0');

function parseSeed(v) {
  if (!/^[0-9A-Fa-f]{1,4}$/.test(v || '') || parseInt(v, 16) > 0x7fff) {
    throw new UsageError(`bad seed ${JSON.stringify(v)}: expected 0000..7FFF (hex)`);
  }
  return parseInt(v, 16);
}

function parseMapId(tool, v) {
  const m = /^([0-9A-Fa-f]{2})([0-9A-Fa-f]{4})$/.exec(v || '');
  const bands = tool.eval('MAP_RANK');
  if (!m || !bands.includes(parseInt(m[1], 16)) || parseInt(m[2], 16) > 0x7fff) {
    throw new UsageError(`bad map ${JSON.stringify(v)}: expected RRSSSS (band RR of `
      + `${bands.map(hex2).join(' ')}, seed SSSS 0000..7FFF)`);
  }
  return { band: parseInt(m[1], 16), seed: parseInt(m[2], 16) };
}

function intArg(name, v, lo, hi) {
  if (!/^\d+$/.test(v || '') || Number(v) < lo || Number(v) > hi) {
    throw new UsageError(`bad ${name} ${JSON.stringify(v)}: expected an integer ${lo}..${hi}`);
  }
  return Number(v);
}

// Options of the form --name VALUE / --flag out of args; the rest positional.
function splitArgs(args, withValue, flags) {
  const opts = {};
  const pos = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (withValue.includes(a)) {
      if (i + 1 >= args.length) throw new UsageError(`${a} needs a value`);
      opts[a] = args[++i];
    } else if (flags.includes(a)) {
      opts[a] = true;
    } else if (a.startsWith('--')) {
      throw new UsageError(`unknown option ${a} (see --help)`);
    } else {
      pos.push(a);
    }
  }
  return { opts, pos };
}

function walkCost(tool, eng, f) {
  const c = tool.g.calcFloorWalkCost(eng, f);
  return c === null ? null : c;
}

function cmdWalk(tool, args) {
  const { pos } = splitArgs(args, [], []);
  if (pos.length < 1 || pos.length > 2) throw new UsageError('walk needs SEED [FLOOR]');
  const seed = parseSeed(pos[0]);
  const floors = pos.length === 2 ? [intArg('floor', pos[1], 1, 16)] : [...Array(16).keys()].map((f) => f + 1);
  const eng = tool.engine();
  eng.MapSeed = seed;
  eng.MapRank = 0xDD; // any valid band: a floor's layout depends on seed and floor only
  eng._force_16_floors = true;
  eng.calculateDetail();
  return {
    seed: hex4(seed),
    function: 'calcFloorWalkCost',
    floors: floors.map((f) => {
      const c = walkCost(tool, eng, f - 1);
      return { floor: f, cost: c, cost2x: c === null ? 65535 : c * 2 };
    }),
  };
}

// The whole walking-cost table in the format of golden/floor-walk.bin
// (records.md): u16 LE at s*16 + f-1 = 2 x cost, 0xFFFF none. Binary on stdout.
function cmdWalkBin(tool, args) {
  splitArgs(args, [], []);
  const out = Buffer.alloc(0x8000 * 16 * 2);
  const eng = tool.engine();
  for (let s = 0; s <= 0x7fff; s++) {
    eng.MapSeed = s;
    eng.MapRank = 0xDD;
    eng._force_16_floors = true;
    eng.calculateDetail();
    for (let f = 0; f < 16; f++) {
      const c = walkCost(tool, eng, f);
      out.writeUInt16LE(c === null ? 0xffff : c * 2, (s * 16 + f) * 2);
    }
  }
  return out;
}

function floorFacts(tool, eng, f) {
  const g = tool.g;
  const d = eng.di[f];
  const chestRank = tool.eval('CHEST_RANK');
  const chests = [];
  for (let i = 0; i < d[8]; i++) {
    const b = eng.getBoxInfo(f, i);
    chests.push({ rank: chestRank[b.rank] || null, x: b.x, y: b.y });
  }
  const el = g.getFloorElistInfo(eng, f);
  const an = g.getFloorAnomalies(eng, f, true, false);
  return {
    floor: f + 1,
    w: d[2], h: d[3],
    up: [d[4], d[5]], down: [d[6], d[7]],
    chests,
    walk: walkCost(tool, eng, f),
    walkable_tiles: g.countFloorTiles(eng, f),
    elist: { hex: el.hex, state: el.state === null ? null : String(el.state), D: el.dValue },
    down_unreachable: an.hasInaccessibleStair,
    unreachable_chest: an.hasInaccessibleChest,
    chambers: an.isolatedRegions,
    ghost_tiles: g.scanGhostStairs(d),
    stair_overflow: !!eng.isStairOverflow[f],
  };
}

function mapDetails(tool, eng) {
  return {
    floors: eng.floorCount,
    boss: eng._details[0], boss_en: eng.bossName, boss_jp: eng.bossNameJP,
    smr: eng._details[2], env: eng._details[3], env_en: eng.mapTypeName,
    level: eng._details[4], prefix: eng._details[5], suffix: eng._details[6],
    locale: eng.MapLocale, name_en: eng.mapName, name_jp: eng.mapNameJP,
  };
}

function cmdMap(tool, args) {
  const { opts, pos } = splitArgs(args, ['--second'], ['--multibug']);
  if (pos.length !== 1) throw new UsageError('map needs one RRSSSS');
  const { band, seed } = parseMapId(tool, pos[0]);
  const g = tool.g;
  const eng = tool.engine();
  eng.MapSeed = seed;
  eng.MapRank = band;
  eng.trackOverflow = true;
  eng.calculateDetail();
  const chestRank = tool.eval('CHEST_RANK');
  const boxes = eng.getMapBoxCounts();
  const chestsByRank = {};
  for (let r = 10; r >= 1; r--) chestsByRank[chestRank[r]] = boxes.counts[r];
  const loc = g.calcLocations(seed, hex2(band));
  const at = g.getATPair(seed, 35);
  const at37 = g.getATPair(seed, 37).atN;
  const out = {
    map: hex2(band) + hex4(seed), band: hex2(band), seed: hex4(seed),
    ...mapDetails(tool, eng),
    chests_by_rank: chestsByRank, chest_total: boxes.total,
    walk_total: g.calcWalkCostUpToFloor(eng, eng.floorCount),
    at: { 35: at.atN, 36: at.atN1, 37: at37 },
    r2n2: g.calcR2N2(seed),
    locations: loc.outputOrder.map((o) => ({
      location: o.location, timer: o.timer,
      bases: [...loc.seenLocations[o.location]].sort((a, b) => a - b),
    })),
    floor_list: [],
  };
  for (let f = 0; f < eng.floorCount; f++) out.floor_list.push(floorFacts(tool, eng, f));
  if (opts['--second'] !== undefined) {
    const t = intArg('second', opts['--second'], 0, 100000);
    out.second = t;
    for (let f = 0; f < eng.floorCount; f++) out.floor_list[f].contents = eng.getFloorItemNames(f, t);
  }
  if (opts['--multibug']) {
    // as SEED_PROCESSORS.multibug: the bug details, then the original seed's 16 floors
    const bug = tool.engine();
    bug.MapSeed = seed; bug.MapRank = band; bug._at_offset = 1;
    bug.calculateDetail(true);
    const f16 = tool.engine();
    f16.MapSeed = seed; f16.MapRank = band; f16._force_16_floors = true;
    f16.calculateDetail();
    const states = [];
    for (let f = 4; f < 16; f++) {
      const el = g.getFloorElistInfo(f16, f);
      states.push({ floor: f + 1, hex: el.hex, state: el.state === null ? null : String(el.state), D: el.dValue });
    }
    out.multibug = { bug: mapDetails(tool, bug), floors16_elist: states };
  }
  return out;
}

function cmdAt(tool, args) {
  const { opts, pos } = splitArgs(args, ['--zoom', '--pattern', '--threshold', '--max-steps', '--steps'], []);
  if (pos.length !== 1) throw new UsageError('at needs one SEED (or RRSSSS)');
  const seed = pos[0].length === 6 ? parseMapId(tool, pos[0]).seed : parseSeed(pos[0]);
  const g = tool.g;
  const a = g.getATPair(seed, 35);
  const out = {
    seed: hex4(seed),
    at: { 35: a.atN, 36: a.atN1, 37: g.getATPair(seed, 37).atN },
    r2n2: g.calcR2N2(seed),
  };
  if (opts['--zoom'] !== undefined) {
    const n = intArg('zoom', opts['--zoom'], 0, 10000);
    const N = 35 + 29 * n;
    const p = g.getATPair(seed, N);
    out.zoom = { n, N, atN: p.atN, atN1: p.atN1, deftness: g.calcDeftness(p.atN1) };
  }
  if (opts['--pattern'] !== undefined) {
    const pats = tool.eval('AT_PAT');
    const pType = pats[opts['--pattern']];
    if (!pType) throw new UsageError(`bad --pattern ${opts['--pattern']}: expected ${Object.keys(pats).join('|')}`);
    const th = { '1/256': 128, '1/128': 256, '1/64': 512, '1/32': 1024 }[opts['--threshold'] || '1/256']
      || intArg('threshold', opts['--threshold'], 1, 32767);
    const maxSteps = intArg('max-steps', opts['--max-steps'] || '400', 1, 100000);
    const n = opts['--zoom'] !== undefined ? Number(opts['--zoom']) : 0;
    const N = 35 + 29 * n;
    const r = g.scanSeedForAtPattern(seed, maxSteps, th, pType, N + 3, N);
    out.pattern = { pattern: opts['--pattern'], pType, threshold: th, maxSteps, POPIndex: N,
      starts: r.foundOffsets.map((o) => o.start), popValue: r.popValue, defValue: r.defValue };
  }
  if (opts['--steps'] !== undefined) {
    const k = intArg('steps', opts['--steps'], 1, 100000);
    const vals = [];
    let s = seed >>> 0;
    for (let i = 0; i < k; i++) { s = g.lcg(s); vals.push((s >>> 16) & 0x7fff); }
    out.values = vals; // out.values[i] = value at step i+1 (the tool's lcg)
  }
  return out;
}

function plainText(html) {
  return String(html || '').replace(/<br\s*\/?>/gi, ' | ').replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').replace(/( \| )+/g, ' | ').trim();
}

function cardOut(card, q, fallbackBand) {
  const band = card.rStr || fallbackBand;
  const o = { map: band + hex4(card.seed) };
  if (card.sortCost !== undefined) o.sort = card.sortCost;
  if (card.jumpFloor !== undefined && card.jumpFloor !== -1 && card.jumpFloor !== null) o.floor = card.jumpFloor + 1;
  if (card._dimLabel) o.dim = card._dimLabel;
  if (card.pop !== undefined) o.pop = card.pop;
  if (card.hasD) o.hasD = true;
  if (q.text) o.text = plainText(card.html);
  return o;
}

// The tool's job, for the record: JSON-safe, seeds in hex, ranks in hex.
function jobOut(job) {
  if (!job) return null;
  const j = JSON.parse(JSON.stringify(job));
  if (Array.isArray(j.ranks)) j.ranks = j.ranks.map(hex2);
  if (typeof j.startSeed === 'number') j.startSeed = hex4(j.startSeed);
  if (typeof j.endSeed === 'number') j.endSeed = hex4(j.endSeed);
  delete j.lang;
  return j;
}

export async function runSearch(tool, args) {
  const q = compileQuery(tool, args);
  if (q.kind === 'at-monster' && q.fields.at_mon === undefined) {
    throw new UsageError('--kind at-monster needs --at-monster ID|NAME');
  }
  if (q.kind === 'at-pattern' && !q.fields.at_pattern) {
    throw new UsageError('--kind at-pattern needs --pattern P');
  }
  tool.setLang(q.lang);
  tool.resetForm();
  const d = tool.document;
  for (const [k, v] of Object.entries(q.fields)) d.setField(k, v);
  for (const [k, v] of Object.entries(q.checks)) d.setChecked(k, v);
  const t0 = process.hrtime.bigint();
  const r = await tool.runEntry(q.entry);
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const fallbackBand = (q.fields.rank || '0xDD').slice(2);
  const results = r.cards.map((c) => cardOut(c, q, fallbackBand));
  const out = {
    entry: q.entry,
    form: { fields: q.fields, checks: q.checks },
    job: jobOut(r.job),
    hits: r.done.hits,
    shown: results.length,
    progress: r.progress,
    groups: r.headers,
    results,
    seconds: Math.round(secs * 1000) / 1000,
  };
  if (r.done.noJob) out.no_job = true;
  out.items = r.all.length;
  // A ranking cut to its first N: how many more items share the last value
  // (the tool then keeps the first in its scan order). Grouped rankings (the
  // per-floor metrics) cut per group and keep ties themselves.
  if (r.headers.length === 0 && results.length > 0 && results.length < r.all.length
      && results[results.length - 1].sort !== undefined) {
    const last = results[results.length - 1].sort;
    const shownTied = results.filter((x) => x.sort === last).length;
    const keys = new Set();
    for (const it of r.all) if (it.sortCost === last) keys.add(`${it.rStr}:${it.seed}:${it.jumpFloor}`);
    out.last_value = last;
    out.tied_beyond_cut = keys.size - shownTied;
  }
  return out;
}

function cmdNever(tool, args) {
  splitArgs(args, [], []);
  const g = tool.g;
  const bands = tool.eval('MAP_RANK');
  const out = { function: 'calcLocations', bands: [] };
  let total = 0;
  for (const b of bands) {
    const seeds = [];
    for (let s = 0; s <= 0x7fff; s++) {
      if (g.calcLocations(s, hex2(b)).outputOrder.length === 0) seeds.push(hex4(s));
    }
    out.bands.push({ band: hex2(b), count: seeds.length, seeds });
    total += seeds.length;
  }
  out.total = total;
  return out;
}

// The marathon table of 4.js (mrtCompute, mrtIsVis, mrtGetItem): every chest
// of the map against the internal second t (the stopwatch shows t + 5).
function cmdMarathon(tool, args) {
  const { opts, pos } = splitArgs(args, ['--filter'], []);
  if (pos.length !== 2) throw new UsageError('marathon needs RRSSSS and a second range A..B');
  const { band, seed } = parseMapId(tool, pos[0]);
  const m = /^(\d+)\.\.(\d+)$/.exec(pos[1]);
  if (!m || Number(m[1]) > Number(m[2]) || Number(m[2]) > 100000) {
    throw new UsageError(`bad range ${JSON.stringify(pos[1])}: expected A..B internal seconds, A <= B <= 100000`);
  }
  const filter = opts['--filter'] || 'ALL';
  if (!['ALL', 'SA', 'AB'].includes(filter)) throw new UsageError(`bad --filter ${filter}: expected ALL, SA or AB`);
  const eng = tool.engine();
  eng.MapSeed = seed;
  eng.MapRank = band;
  eng.calculateDetail();
  tool.eval(`mrtFilter=${JSON.stringify(filter)};mrtCustom=null;`);
  const chestRank = tool.eval('CHEST_RANK');
  const chests = [];
  for (let f = 0; f < eng.floorCount; f++) {
    for (let b = 0; b < eng.di[f][8]; b++) {
      const info = eng.getBoxInfo(f, b);
      const cd = { floor: f, floorNum: f + 1, box: b, rank: info.rank };
      if (tool.g.mrtIsVis(cd)) chests.push(cd);
    }
  }
  const rows = [];
  for (let t = Number(m[1]); t <= Number(m[2]); t++) {
    rows.push({ t, stopwatch: t + 5, items: chests.map((c) => eng.getBoxItem(c.floor, c.box, t)[0]) });
  }
  return {
    map: hex2(band) + hex4(seed), filter,
    chests: chests.map((c) => ({ floor: c.floorNum, chest: c.box + 1, rank: chestRank[c.rank] })),
    rows,
  };
}

function cmdVersion(tool) {
  return { repo: TOOL_REPO, commit: TOOL_COMMIT, blobs: TOOL_BLOBS };
}

export const COMMANDS = {
  walk: cmdWalk, 'walk-bin': cmdWalkBin, map: cmdMap, at: cmdAt, search: runSearch, marathon: cmdMarathon, never: cmdNever, version: cmdVersion,
};

function emitRaw(buf) {
  let off = 0;
  while (off < buf.length) off += writeSync(1, buf, off, buf.length - off);
}

function emit(obj) {
  emitRaw(Buffer.from(JSON.stringify(obj) + '\n', 'utf8'));
}

async function main(argv) {
  let toolArg = null;
  let anyVersion = false;
  let i = 0;
  for (; i < argv.length; i++) {
    if (argv[i] === '--tool') {
      if (i + 1 >= argv.length) throw new UsageError('--tool needs a directory');
      toolArg = argv[++i];
    } else if (argv[i] === '--any-version') {
      anyVersion = true;
    } else if (argv[i] === '--help' || argv[i] === '-h') {
      process.stdout.write(HELP);
      return;
    } else {
      break;
    }
  }
  const cmd = argv[i];
  const rest = argv.slice(i + 1);
  if (!cmd) throw new UsageError('no subcommand (see --help)');
  if (rest.includes('--help')) { process.stdout.write(HELP); return; }
  if (!COMMANDS[cmd]) throw new UsageError(`unknown subcommand ${cmd}: expected ${Object.keys(COMMANDS).join(', ')}`);
  const tool = loadTool(resolveToolDir(toolArg), { anyVersion });
  const result = await COMMANDS[cmd](tool, rest);
  if (Buffer.isBuffer(result)) emitRaw(result);
  else emit(result);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('searcher.mjs')) {
  main(process.argv.slice(2)).catch((e) => {
    if (e instanceof UsageError) {
      process.stderr.write(`searcher: ${e.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`searcher: the tool failed: ${e && e.stack || e}\n`);
    process.exit(3);
  });
}
