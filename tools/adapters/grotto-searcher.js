#!/usr/bin/env node
// grotto-searcher.js - the community's DQ9 Grotto Searcher as an engine
// under test: `grotto oracle --b exec:'node tools/adapters/grotto-searcher.js DIR'`.
//
// The tool (DQIX/Grotto-Searcher, a static web page) is never part of this
// repository: DIR (or $GROTTO_SEARCHER_DIR, or $GROTTO_TOOLS_DIR/Grotto-Searcher)
// is a checkout the user made. Its
// scripts are loaded the way tools/searcher loads them (lib/tool.mjs: blob
// ids of commit 5f39e56 checked, 1.js..4.js run in one node vm context with
// a page that shows nothing), and each request of the engine protocol
// (docs/interchange.md) is answered from the tool's own map engine, a
// GrottoDetail, by reading what it computed:
//
//   floor SEED K   GrottoDetail with MapSeed = SEED, _force_16_floors and
//                  trackOverflow set (a floor depends on seed and floor only,
//                  so any band does; the tool's walk code does the same);
//                  floor slot di[K-1]: width [2], height [3], up [4..5],
//                  down [6..7], chest count [8] and positions [13 + 2i],
//                  the 16 x 16 work grid [792 + x + 16y]; overflow from
//                  isStairOverflow[K-1]
//   map BAND SEED  GrottoDetail with MapRank = BAND, MapSeed = SEED:
//                  _details [0] boss, [1] floors, [2] smr, [3] env,
//                  [4] level, [5] prefix, [6] suffix; MapLocale; chest ranks
//                  di[f][9 + i]; the enemy-list cut of each floor from the
//                  tool's getFloorElistInfo (offset from its hex, D, and its
//                  English state label turned into the state code of
//                  records.md by STATE_LABELS below)
//   chest BAND SEED K T  the same map engine; floor K's chests in placement
//                  order: rank di[K-1][9 + i] and the English name of the
//                  item getBoxItem(K-1, i, T) gives (the tool has item
//                  names, not numbers); no chests beyond the map's floors
//
// It answers every field of floors and maps, and chest contents without
// item numbers (`--fields` lists them). A request
// kind it does not know, or a malformed request, is an error (stderr, exit 2),
// never a reply with the keys alone: the oracle then reports the request.
// A state label the table does not know stops the adapter (exit 3) rather
// than dropping the field. The tool failing (an exception) is exit 3 with
// its stack on stderr.
//
// Replies are written with writeSync, so each is flushed before the next
// request is read. Node 18 or later, no npm packages.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const HELP = `usage: grotto-searcher.js [--any-version] [DIR]
       grotto-searcher.js --fields

An engine adapter for \`grotto oracle --b exec:CMD\` (docs/interchange.md):
answers "floor SEED K", "map BAND SEED" and "chest BAND SEED K T" requests
(one per stdin line)
with interchange lines computed by the DQ9 Grotto Searcher, loaded from a
checkout DIR (or $GROTTO_SEARCHER_DIR, or $GROTTO_TOOLS_DIR/Grotto-Searcher)
of DQIX/Grotto-Searcher at 5f39e56
(checked by blob id; --any-version skips the check).

  --fields        print the fields carried per request kind (JSON) and exit
  --any-version   load scripts other than those of commit 5f39e56

examples:
  grotto oracle --b exec:'node tools/adapters/grotto-searcher.js ~/src/Grotto-Searcher' --sample 2000
  grotto oracle floors --seeds 5BC0..5BCF --b exec:'node tools/adapters/grotto-searcher.js'
  grotto oracle chests --seconds 0..255 --sample 5000 --b exec:'node tools/adapters/grotto-searcher.js DIR'
  echo 'floor 23491 4' | node tools/adapters/grotto-searcher.js ~/src/Grotto-Searcher

exit status: 0 end of input, 2 bad arguments, a wrong checkout or a bad
request (one line on stderr), 3 the tool failed.
`;

// The fields this adapter carries, per request kind (interchange names).
const FIELDS = {
  floor: ['width', 'height', 'overflow', 'up', 'down', 'chests', 'grid'],
  map: ['env', 'floors', 'smr', 'boss', 'prefix', 'suffix', 'locale', 'level', 'chest_ranks',
    'elist.ofs', 'elist.D', 'elist.state'],
  chest: ['contents', 'contents.rank', 'contents.name'],
};

// The band codes of the protocol (decimal), as the tool's MAP_RANK.
const BANDS = [2, 56, 61, 76, 81, 101, 121, 141, 161, 181, 201, 221];

// The tool's English state labels (1.js EL_*) -> state codes (records.md,
// "Enemy-list state codes"). A label is a base and at most one suffix; the
// ONLY base is "<monster> only", so it is matched by its ending.
const STATE_SUFFIX = { '': 0, " (No Pandora's Box)": 1, ' (No Mimic)': 2, ' (No Cannibox)': 3 };
const STATE_BASE = {
  //                 none, no Pandora, no Mimic, no Cannibox
  'Partially No-enemy': [1, null, null, null],
  '4-enemy': [2, null, null, null],
  '3-enemy': [3, 10, 11, 12],
  '2-enemy': [4, null, null, 13],
  only: [5, 14, 15, 16],
  'No-enemy': [6, 7, 8, 9],
};

class AdapterError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

function stateCode(label) {
  if (label === null || label === undefined) return 0;
  const text = String(label);
  let col = 0;
  let base = text;
  for (const [suffix, c] of Object.entries(STATE_SUFFIX)) {
    if (suffix && text.endsWith(suffix)) {
      col = c;
      base = text.slice(0, text.length - suffix.length);
      break;
    }
  }
  const row = STATE_BASE[base] || (base.endsWith(' only') ? STATE_BASE.only : null);
  if (row && row[col] !== null) return row[col];
  throw new AdapterError(`the tool gave an enemy-list state label this adapter does not know: ${JSON.stringify(text)}`, 3);
}

function hexOfs(hex) {
  if (typeof hex !== 'string' || !/^[0-9A-F]{1,5}$/.test(hex)) {
    throw new AdapterError(`the tool gave an enemy-list offset that is not hex: ${JSON.stringify(hex)}`, 3);
  }
  return parseInt(hex, 16);
}

const GRID = 792; // offset of the 16 x 16 work grid in a floor slot of di
const HEX = '0123456789abcdef';

function gridRows(d) {
  const rows = [];
  for (let y = 0; y < 16; y++) {
    let row = '';
    for (let x = 0; x < 16; x++) {
      const v = d[GRID + x + (y << 4)];
      if (v > 15) throw new AdapterError(`the tool's grid holds tile ${v} at (${x}, ${y}): not a hex digit`, 3);
      row += HEX[v];
    }
    rows.push(row);
  }
  return rows;
}

class Adapter {
  constructor(tool) {
    this.tool = tool;
    this.floorSeed = -1; // the seed whose 16 floors this.floors holds
    this.floors = tool.engine();
    this.maps = tool.engine();
    this.chests = tool.engine();
    this.chestMap = ''; // "band:seed" of the map this.chests holds
  }

  floor(seed, k) {
    const eng = this.floors;
    if (this.floorSeed !== seed) { // the oracle asks for a seed's floors in a row
      this.floorSeed = -1;
      eng.MapSeed = seed;
      eng.MapRank = 0xDD;
      eng._force_16_floors = true;
      eng.trackOverflow = true;
      eng.calculateDetail();
      this.floorSeed = seed;
    }
    const d = eng.di[k - 1];
    const chests = [];
    for (let i = 0; i < d[8]; i++) chests.push([d[13 + 2 * i], d[14 + 2 * i]]);
    return {
      seed, floor: k,
      width: d[2], height: d[3],
      overflow: !!eng.isStairOverflow[k - 1],
      up: [d[4], d[5]], down: [d[6], d[7]],
      chests,
      grid: gridRows(d),
    };
  }

  map(band, seed) {
    const eng = this.maps;
    eng.MapSeed = seed;
    eng.MapRank = band;
    eng._force_16_floors = false;
    eng.calculateDetail();
    const det = eng._details;
    const n = eng.floorCount;
    const ranks = [];
    const elist = [];
    for (let f = 0; f < n; f++) {
      const d = eng.di[f];
      const r = [];
      for (let i = 0; i < d[8]; i++) r.push(d[9 + i]);
      ranks.push(r);
      const el = this.tool.g.getFloorElistInfo(eng, f);
      elist.push({ ofs: hexOfs(el.hex), D: el.dValue, state: stateCode(el.state) });
    }
    return {
      band, seed,
      env: det[3], floors: det[1], smr: det[2], boss: det[0],
      prefix: det[5], suffix: det[6], locale: eng.MapLocale, level: det[4],
      chest_ranks: ranks, elist,
    };
  }

  chest(band, seed, k, t) {
    const eng = this.chests;
    if (this.chestMap !== `${band}:${seed}`) { // the oracle asks a map's floors and seconds in a row
      this.chestMap = '';
      eng.MapSeed = seed;
      eng.MapRank = band;
      eng._force_16_floors = false;
      eng.calculateDetail();
      this.chestMap = `${band}:${seed}`;
    }
    const line = { band, seed, floor: k, second: t, contents: [] };
    if (k > eng.floorCount) return line;
    const d = eng.di[k - 1];
    for (let i = 0; i < d[8]; i++) {
      const name = eng.getBoxItem(k - 1, i, t)[0];
      if (typeof name !== 'string') {
        throw new AdapterError(`the tool gave no item for chest ${i + 1} of map ${band}:${seed} floor ${k} at second ${t}`, 3);
      }
      line.contents.push({ rank: d[9 + i], name });
    }
    return line;
  }
}

function number(word, lo, hi, what, line) {
  if (!/^\d{1,6}$/.test(word || '') || Number(word) < lo || Number(word) > hi) {
    throw new AdapterError(`bad request ${JSON.stringify(line)}: ${what} ${JSON.stringify(word)} `
      + `is not an integer ${lo}..${hi}`, 2);
  }
  return Number(word);
}

// The reply to one request line, as an object.
function answer(adapter, line) {
  const w = line.trim().split(/ +/);
  if (w[0] === 'floor' && w.length === 3) {
    return adapter.floor(number(w[1], 0, 0x7fff, 'seed', line), number(w[2], 1, 16, 'floor', line));
  }
  if (w[0] === 'map' && w.length === 3) {
    const band = number(w[1], 0, 255, 'band', line);
    if (!BANDS.includes(band)) {
      throw new AdapterError(`bad request ${JSON.stringify(line)}: band ${band} is not one of ${BANDS.join(', ')}`, 2);
    }
    return adapter.map(band, number(w[2], 0, 0x7fff, 'seed', line));
  }
  if (w[0] === 'chest' && w.length === 5) {
    const band = number(w[1], 0, 255, 'band', line);
    if (!BANDS.includes(band)) {
      throw new AdapterError(`bad request ${JSON.stringify(line)}: band ${band} is not one of ${BANDS.join(', ')}`, 2);
    }
    return adapter.chest(band, number(w[2], 0, 0x7fff, 'seed', line), number(w[3], 1, 16, 'floor', line),
      number(w[4], 0, 65535, 'second', line));
  }
  throw new AdapterError(`bad request ${JSON.stringify(line)}: expected "floor SEED K", "map BAND SEED" `
    + 'or "chest BAND SEED K T"', 2);
}

function writeAll(text) {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off, buf.length - off);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
    }
  }
}

// Lines of stdin, read synchronously (a request is answered before the next
// one is read; the oracle sends one at a time anyway).
function* stdinLines() {
  const buf = Buffer.alloc(65536);
  let pending = '';
  for (;;) {
    let got;
    try {
      got = fs.readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5); continue; }
      if (e.code === 'EOF') break;
      throw e;
    }
    if (got === 0) break;
    pending += buf.toString('utf8', 0, got);
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      yield pending.slice(0, nl);
      pending = pending.slice(nl + 1);
    }
  }
  if (pending.trim()) yield pending;
}

async function main(argv) {
  let dir = null;
  let anyVersion = false;
  for (const a of argv) {
    if (a === '--help' || a === '-h') { writeAll(HELP); return 0; }
    if (a === '--fields') { writeAll(JSON.stringify(FIELDS) + '\n'); return 0; }
    if (a === '--any-version') anyVersion = true;
    else if (a.startsWith('-')) throw new AdapterError(`unknown option ${a}: expected --any-version, --fields or --help`, 2);
    else if (dir === null) dir = a;
    else throw new AdapterError(`one checkout directory expected, got ${JSON.stringify(dir)} and ${JSON.stringify(a)}`, 2);
  }
  const lib = await import(pathToFileURL(path.join(__dirname, '..', 'searcher', 'lib', 'tool.mjs')).href);
  let tool;
  try {
    if (dir === null && !process.env.GROTTO_SEARCHER_DIR && process.env.GROTTO_TOOLS_DIR) {
      dir = path.join(process.env.GROTTO_TOOLS_DIR, 'Grotto-Searcher');
    }
    tool = lib.loadTool(lib.resolveToolDir(dir), { anyVersion });
  } catch (e) {
    if (e instanceof lib.UsageError) throw new AdapterError(e.message, 2);
    throw e;
  }
  const adapter = new Adapter(tool);
  for (const line of stdinLines()) {
    if (!line.trim()) continue;
    writeAll(JSON.stringify(answer(adapter, line)) + '\n');
  }
  return 0;
}

module.exports = { stateCode, FIELDS };

if (require.main === module) {
  main(process.argv.slice(2)).then((status) => { process.exitCode = status; }, (e) => {
    if (e instanceof AdapterError) {
      process.stderr.write(`grotto-searcher.js: ${e.message}\n`);
      process.exitCode = e.status;
    } else {
      process.stderr.write(`grotto-searcher.js: the tool failed: ${(e && e.stack) || e}\n`);
      process.exitCode = 3;
    }
  });
}
