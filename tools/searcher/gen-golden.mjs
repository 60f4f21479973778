#!/usr/bin/env node
// gen-golden.mjs - rebuild corpus/golden/searcher/ from the community tool.
//
// Every query below is run through searcher.mjs (the tool's own search code
// under node, one child process per query, -j at a time) and written, in the
// order listed, to one JSONL file per group; `never-listed.json` holds the
// maps the tool never lists in their band, `manifest.json` the tool's
// identity, the generating command and each file's entry count. Files are
// written to a temporary name and renamed when complete. Nothing here
// computes a result: each entry is the tool's answer plus the query in the
// tool's terms (its entry function, form controls and the job it built) and
// in the options `grotto search` is to take (issues 20-22).
//
//   gen-golden.mjs --tool DIR [-j N] [--out DIR] [--only REGEX]
//   gen-golden.mjs --tool DIR --check [--cheap] [--only REGEX] [-j N]
//
// --check reruns the selected queries and compares them with the committed
// entries (exit 1 on a difference, naming the query); --cheap selects the
// queries that need no floor generation (a few seconds each).

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, renameSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_REPO, TOOL_COMMIT, TOOL_BLOBS, resolveToolDir, readToolFiles, UsageError } from './lib/tool.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '..', '..');
const SEARCHER = join(HERE, 'searcher.mjs');

// ---------------------------------------------------------------- queries
// q(file, id, what, harness search options, flags). `cheap` marks queries
// that need no floor generation; `extra` options change the output only.
// Each entry also records the query as `grotto search` options: the
// spelling of issues 20-22 where they give one (--smr, --seeds, --prefix,
// --chests, --bq-count, --multi-special, --flag0, --chambers-floors,
// --chambers-per-floor, --chestless, --down-unreachable, --sort
// steps|tiles|walk|chamber|ghosts with --desc), a proposal otherwise
// (grottoArgs below; corpus/README.md lists them).
const Q = [];
function q(file, id, what, args, { extra = [], cheap = false, ranked = false } = {}) {
  Q.push({ file, id, what, grotto: grottoArgs(args, ranked), args: [...args, ...extra], cheap, ranked });
}

// The harness's options in grotto's spelling.
const SAME_VALUE = { '--band': '--band', '--seeds': '--seeds', '--smr': '--smr', '--floors': '--floors', '--boss': '--boss',
  '--prefix': '--prefix', '--suffix': '--suffix', '--locale': '--locale', '--bq-count': '--bq-count', '--chests': '--chests',
  '--state': '--state', '--chambers-floors': '--chambers-floors', '--chambers-per-floor': '--chambers-per-floor',
  '--pattern': '--at-pattern', '--threshold': '--at-threshold', '--max-steps': '--at-steps', '--zoom': '--zoom',
  '--at-env': '--whistle-env', '--at-rank': '--whistle-rank', '--at-monster': '--whistle', '--deft-max': '--deftness-max',
  '--item': '--ql', '--monster': '--monster' };
const SAME_FLAG = { '--multi-special': '--multi-special', '--flag0': '--flag0', '--chestless': '--chestless',
  '--down-unreachable': '--down-unreachable', '--floor-increase': '--bug-more-floors', '--bug-floor-hit': '--bug-special-floor' };
const SORT_AS = { 'fastest-map': ['--sort', 'steps'], 'slowest-map': ['--sort', 'steps', '--desc'],
  'tiles-max': ['--sort', 'tiles', '--desc'], 'tiles-min': ['--sort', 'tiles'], 'walk-max': ['--sort', 'walk', '--desc'],
  'chamber-max': ['--sort', 'chamber', '--desc'], 'ghosts-max': ['--sort', 'ghosts', '--desc'] };
function grottoArgs(args, ranked) {
  const out = [];
  const sort = args.includes('--sort') ? args[args.indexOf('--sort') + 1] : null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = args[i + 1];
    if (a === '--kind') {
      i++;
      if (v === 'multibug') out.push('--multibug');
      else if (v === '3rd' || v === 'combo' || v === 'free') out.push('--chest-search', v);
    } else if (a === '--item' && (args.includes('3rd') || args.includes('combo'))) {
      out.push('--item', v);
      i++;
    } else if (a === '--ql-mode') {
      out.push('--ql-mode', v);
      i++;
    } else if (a === '--field' && /^fs_[fbrit]_[123]=/.test(v)) {
      out.push('--free', v.slice(3)); // f/b/r/i/t of condition 1..3: floor, chest, rank, item, stopwatch
      i++;
    } else if (a === '--sort') {
      i++;
      if (v === 'fastest-floor') {
        // to the matched floor; with --floors N alone: to BNF, maps of N floors or more
        if (args.includes('--state')) out.push('--sort', 'steps', '--to-match');
        else out.push('--sort', 'steps', '--to-floor', args[args.indexOf('--floors') + 1]);
      } else {
        out.push(...SORT_AS[v]);
      }
    } else if (a === '--floors' && sort === 'fastest-floor' && !args.includes('--state')) {
      i++;
    } else if (SAME_VALUE[a]) {
      out.push(SAME_VALUE[a], v);
      i++;
    } else if (SAME_FLAG[a]) {
      out.push(SAME_FLAG[a]);
    } else {
      throw new Error(`grottoArgs: no grotto spelling for ${a}`);
    }
  }
  if (!ranked) out.push('--limit', '0');
  else if (sort === 'fastest-map' || sort === 'slowest-map' || (sort === 'fastest-floor' && !args.includes('--state'))) {
    out.push('--limit', '50');
  } else if (sort === 'fastest-floor') out.push('--limit', '0');
  return out;
}

const BANDS = ['DD', 'B5', '51'];
// per band: a name part of each kind that the band's maps carry
const NAMES = {
  DD: { prefix: 'Diamond', suffix: 'Bliss', locale: 'World' },
  B5: { prefix: 'Ruby', suffix: 'Doom', locale: 'Abyss' },
  51: { prefix: 'Copper', suffix: 'Woe', locale: 'Crypt' },
};
const SMR = { DD: '9', B5: '7', 51: '4' };
const CHESTS = { DD: 'S2,A3', B5: 'S1,A2', 51: 'C1,D2' };

// issue 20: every filter, over band DD and two more
const F = 'issue20-filters';
for (const b of BANDS) {
  const B = ['--band', b];
  q(F, `${b}-smr`, 'first-floor monster rank, in a seed window', [...B, '--smr', SMR[b], '--seeds', '0000..01FF'], { cheap: true });
  q(F, `${b}-seeds`, 'seed window alone', [...B, '--seeds', '1000..10FF'], { cheap: true });
  q(F, `${b}-prefix`, 'name prefix, in a seed window', [...B, '--prefix', NAMES[b].prefix, '--seeds', '0000..07FF'], { cheap: true });
  q(F, `${b}-suffix`, 'name suffix, in a seed window', [...B, '--suffix', NAMES[b].suffix, '--seeds', '0000..07FF'], { cheap: true });
  q(F, `${b}-locale`, 'name locale, in a seed window', [...B, '--locale', NAMES[b].locale, '--seeds', '0000..07FF'], { cheap: true });
  q(F, `${b}-name`, 'prefix, suffix and locale together, whole band',
    [...B, '--prefix', NAMES[b].prefix, '--suffix', NAMES[b].suffix, '--locale', NAMES[b].locale], { cheap: true });
  for (const c of ['1', "1'", 'D', "D'"]) {
    q(F, `${b}-bq-${c.replace("'", 'p')}`, `base-quality count ${c}`, [...B, '--bq-count', c], { cheap: true });
  }
  // the filters that need the floors: band DD whole, the others over half the seeds
  const H = b === 'DD' ? B : [...B, '--seeds', '0000..3FFF'];
  const half = b === 'DD' ? '' : ', seeds 0000..3FFF';
  q(F, `${b}-chests`, `exact chest counts per rank${half}`, [...H, '--chests', CHESTS[b]]);
  q(F, `${b}-multi-special`, `two or more special floors${half}`, [...H, '--multi-special']);
  q(F, `${b}-flag0`, `a special floor with D > 0 (Flag0), with the band SMR as the required condition${half}`,
    [...H, '--smr', SMR[b], '--flag0']);
  q(F, `${b}-flag0-4enemy`, `a 4-enemy floor with D > 0${half}`, [...H, '--state', '4-enemy', '--flag0']);
  q(F, `${b}-chambers-floors`, `chambers on two or more floors${half}`, [...H, '--chambers-floors', '2']);
  q(F, `${b}-chambers-per-floor`, `a floor with two or more chambers${half}`, [...H, '--chambers-per-floor', '2']);
  q(F, `${b}-chestless`, `a floor whose only chest is unreachable${half}`, [...H, '--chestless']);
  q(F, `${b}-down-unreachable`, `down stairs unreachable from the up stairs${half}`, [...H, '--down-unreachable']);
}
q(F, '02-bq-1p', "base-quality count 1' in band 02 (quest 15's map)", ['--band', '02', '--bq-count', "1'"], { cheap: true });
q(F, 'DD-smr-none', 'a monster rank the band never has', ['--band', 'DD', '--smr', '8'], { cheap: true });
q(F, 'DD-compose', 'filters composed: seed window, SMR, chest counts, Flag0',
  ['--band', 'DD', '--seeds', '0000..3FFF', '--smr', '9', '--chests', 'S2,A3', '--flag0']);
q(F, 'B5-compose', 'filters composed: seed window, suffix, chest counts',
  ['--band', 'B5', '--seeds', '0000..3FFF', '--suffix', 'Doom', '--chests', 'S1,A2']);

// issue 20: every ranking
const R = 'issue20-rankings';
const rk = (id, what, opts) => q(R, id, what, opts, { ranked: true });
rk('DD-fastest-map', 'fastest maps to the depth, 16 floors (Greygnarl left out)', ['--band', 'DD', '--floors', '16', '--sort', 'fastest-map']);
rk('DD-fastest-map-greygnarl', 'fastest Greygnarl maps (boss 12 chosen)', ['--band', 'DD', '--boss', '12', '--sort', 'fastest-map']);
rk('DD-slowest-map', 'slowest maps to the depth, 16 floors', ['--band', 'DD', '--floors', '16', '--sort', 'slowest-map']);
rk('DD-fastest-map-only', 'fastest ONLY maps, summed to the depth', ['--band', 'DD', '--state', 'only', '--sort', 'fastest-map']);
rk('DD-fastest-floor-only', 'fastest ONLY maps, summed to the matched floor', ['--band', 'DD', '--state', 'only', '--sort', 'fastest-floor']);
rk('DD-fastest-floor-depth', 'fastest maps to B15F (maps of 15 floors or more)', ['--band', 'DD', '--floors', '15', '--sort', 'fastest-floor']);
rk('B5-fastest-map', 'fastest maps to the depth, 16 floors', ['--band', 'B5', '--floors', '16', '--sort', 'fastest-map']);
rk('B5-slowest-map', 'slowest maps to the depth, 11 floors', ['--band', 'B5', '--floors', '11', '--sort', 'slowest-map']);
rk('B5-fastest-floor-only', 'fastest ONLY maps, summed to the matched floor', ['--band', 'B5', '--state', 'only', '--sort', 'fastest-floor']);
rk('51-fastest-map', 'fastest maps to the depth, 10 floors', ['--band', '51', '--floors', '10', '--sort', 'fastest-map']);
rk('51-slowest-map', 'slowest maps to the depth, 6 floors', ['--band', '51', '--floors', '6', '--sort', 'slowest-map']);
rk('51-fastest-floor-depth', 'fastest maps to B8F', ['--band', '51', '--floors', '8', '--sort', 'fastest-floor']);
for (const [s, what] of [['tiles-max', 'most walkable tiles per floor size'], ['tiles-min', 'fewest walkable tiles per floor size'],
  ['walk-max', 'longest walk per floor size'], ['chamber-max', 'largest chamber'], ['ghosts-max', 'most ghost-stair tiles']]) {
  rk(`DD-${s}`, `${what} (the tool searches band DD only)`, ['--band', 'DD', '--sort', s]);
}

// issue 21: the chest-timer searches - the published count, then every
// search kind over band DD and bands B5 and 51 (in seed windows: each query
// generates every floor of every seed it scans, about a minute of CPU per
// band under node, and the any-second free searches read 256 seconds)
const C = 'issue21-chests';
q(C, 'DD-ql-lucida-shard', 'Lucida shard quickload (Solo), published count 56',
  ['--band', 'DD', '--kind', 'ql', '--item', 'Lucida shard']);
const W = ['--seeds', '0000..0FFF'];
const W1 = ['--seeds', '0000..1FFF'];
const W2 = ['--seeds', '0000..3FFF'];
const ql = (band, item, mode, what, opts = {}) => {
  const slug = item.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');
  const m = mode === '' ? 'ql' : `ql${mode}`;
  const win = opts.window || W;
  q(C, `${band}-${m}-${slug}`, what,
    ['--band', band, ...win, '--kind', 'ql', '--item', item, ...(mode === '' ? [] : ['--ql-mode', mode])],
    { ranked: mode.endsWith('D') });
};
// quickload (Solo t = 1 / Party t = 2), per-item rules and groups
ql('DD', 'Millionaire', '', 'QL, group Millionaire (two on B3F or B4F)', { window: W2 });
ql('DD', 'Mini medal', '', 'QL, Mini medal (three on B3F)', { window: W2 });
ql('DD', 'Sainted soma', '', 'QL, Sainted soma (two on B9F)', { window: W2 });
ql('DD', 'S weapon', '', 'QL, group S weapon (two on B9F)', { window: W1 });
ql('B5', 'Lucida shard', '', 'QL, Lucida shard', { window: W1 });
ql('B5', 'Mini medal', '', 'QL, Mini medal (three on B3F)', { window: W1 });
ql('51', 'Mini medal', '', 'QL, Mini medal (three on B3F)');
// PPAP: t = 0 (5) and t = 4 (9); 5A / 9A: two floors anywhere
ql('DD', 'Orichalcum', '5', 'PPAP 5 (t = 0), Orichalcum');
ql('DD', 'Lucida shard', '9', 'PPAP 9 (t = 4), Lucida shard');
ql('DD', 'Sainted soma', '9', 'PPAP 9 (t = 4), Sainted soma on B9F');
ql('DD', 'Millionaire', '5A', 'PPAP 5A: Millionaire, anchor B3F/B4F with two, other floors one');
ql('DD', 'Lucida shard', '9A', 'PPAP 9A: Lucida shard, two on each of two floors');
ql('DD', 'Mini medal', '9A', 'PPAP 9A: Mini medal, anchor B3F with three, other floors two');
ql('DD', 'Yggdrasil leaf', '5A', 'PPAP 5A: Yggdrasil leaf, floors with one, one floor with two');
// walking-cost variants (ranked by the cost)
ql('DD', 'Lucida shard', 'D', 'QL D: Lucida shard, ranked by the walk through the hit chests');
ql('DD', 'Orichalcum', '5D', 'PPAP 5D: Orichalcum, ranked by the walk');
ql('DD', 'Millionaire', '9D', 'PPAP 9D: Millionaire, ranked by the walk');
ql('B5', 'Mini medal', 'D', 'QL D: Mini medal (three on B3F), ranked by the walk');
// combo: waypoint + material, monster boxes, the Sainted-soma rule
const combo = (band, item, mode, what, win = W) => {
  const slug = item.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');
  q(C, `${band}-combo${mode}-${slug}`, what,
    ['--band', band, ...win, '--kind', 'combo', '--item', item, ...(mode === '' ? [] : ['--ql-mode', mode])]);
};
combo('DD', 'Millionaire', '', 'combo: Millionaire waypoint, Gold bar / Orichalcum 3rd chest');
combo('DD', 'Millionaire', '9', 'combo at PPAP 9 (t = 4, material seconds shifted by 2)');
combo('DD', 'Mimic', '', 'combo: Mimic waypoint, Mimic 3rd chest within t 20..30');
combo('DD', "Pandora's box", '', "combo: Pandora's box, 3rd chest within t 25..35");
combo('DD', 'Sainted soma', '', 'combo: the Sainted-soma rule (B9F waypoint, S-rank 3rd chest B9F/B10F)', W1);
combo('DD', 'Dangerous bustier', '', 'combo: Dangerous bustier waypoint, Aggressence at t 8 not t 20');
combo('B5', 'Cannibox', '', 'combo: Cannibox waypoint and 3rd chest within t 20..30');
combo('51', 'Slime shield', '', 'combo: Slime shield waypoint, Iron ore at t 8 not t 20');
// 3rd chest and S3
const third = (band, item, what, win = W) => {
  const slug = item.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');
  q(C, `${band}-3rd-${slug}`, what, ['--band', band, ...win, '--kind', '3rd', '--item', item]);
};
third('DD', 'Lucida shard', '3rd: B3F and B4F 3rd chests hold Lucida shard at t = 2');
third('DD', 'Millionaire', '3rd: B3F and B4F 3rd chests hold a Millionaire 3rd-chest item');
third('DD', 'Sainted soma', "S3: S-rank 3rd chests of B13F and B14F hold Sage's elixir or Sainted soma", W1);
third('B5', 'Ethereal stone', '3rd: Ethereal stone');
// free search: up to three conditions on distinct chests
const FREE_OFF = (i) => ['--field', `fs_f_${i}=0`, '--field', `fs_b_${i}=-1`, '--field', `fs_r_${i}=0`,
  '--field', `fs_i_${i}=ANY`, '--field', `fs_t_${i}=`];
const free = (band, id, what, conds, win = W) => {
  const args = ['--band', band, ...win, '--kind', 'free'];
  for (let i = 1; i <= 3; i++) {
    const c = conds[i - 1];
    if (!c) { args.push(...FREE_OFF(i)); continue; }
    args.push('--field', `fs_f_${i}=${c.f}`, '--field', `fs_b_${i}=${c.b}`, '--field', `fs_r_${i}=${c.r}`,
      '--field', `fs_i_${i}=${c.i}`, '--field', `fs_t_${i}=${c.t}`);
  }
  q(C, `${band}-free-${id}`, what, args);
};
free('DD', 'two-medals', 'free: two chests of B3F hold Mini medal at stopwatch 6 s',
  [{ f: 3, b: -1, r: 0, i: 'Mini medal', t: '6' }, { f: 3, b: -1, r: 0, i: 'Mini medal', t: '6' }]);
free('DD', 'rich-s3', 'free: B9F chest 1/2 a Millionaire item at 7 s, B10F S-rank chest 3 any content',
  [{ f: 9, b: 3, r: 0, i: 'Rich', t: '7' }, { f: 10, b: 2, r: 10, i: 'ANY', t: '' }], W1);
free('DD', 'any-second', 'free: B4F chest 1 Lucida shard at any second, B5F chest 2 Orichalcum at 5 s',
  [{ f: 4, b: 0, r: 0, i: 'Lucida shard', t: '' }, { f: 5, b: 1, r: 0, i: 'Orichalcum', t: '5' }], ['--seeds', '0000..07FF']);
free('B5', 'metal', 'free: B7F any chest a Metal slime item at any second, rank A',
  [{ f: 7, b: -1, r: 9, i: 'Metasla', t: '' }], ['--seeds', '0000..07FF']);
free('51', 'three', 'free: B3F chest 1 Mini medal at 6 s, B3F chest 2 rank E, B4F any chest Iron nails at 9 s',
  [{ f: 3, b: 0, r: 0, i: 'Mini medal', t: '6' }, { f: 3, b: 1, r: 5, i: 'ANY', t: '' },
    { f: 4, b: -1, r: 0, i: 'Iron nails', t: '9' }], ['--seeds', '0000..07FF']);

// issue 21, the walking-cost variants of the other kinds (ranked by the
// cost, as the tool sorts them): the B9F targets' D rows (one row per hit
// floor, B9F and B10F, the B10F rows cut to the 5 cheapest), combo D / 5D /
// 9D (the Sainted-soma rule: a row for the B9F waypoint and, cut to 5, for
// the B10F one), 3rd D and S3 D (forward or reverse route)
const ranked = (band, kind, item, mode, what, win = W) => {
  const slug = item.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');
  const k = kind === 'ql' ? `ql${mode}` : `${kind}${mode}`;
  q(C, `${band}-${k}-${slug}`, what,
    ['--band', band, ...win, '--kind', kind, '--item', item, '--ql-mode', mode], { ranked: true });
};
ranked('DD', 'ql', 'S weapon', 'D', 'QL D, group S weapon: the B9F and B10F rows (the B10F rows cut to 5), whole band', []);
ranked('DD', 'ql', 'Reset stone', '9D', 'PPAP 9D, Reset stone: the B9F and B10F rows (cut to 5), whole band', []);
ranked('B5', 'ql', 'S weapon', 'D', 'QL D, group S weapon: the B9F and B10F rows, whole band', []);
ranked('C9', 'ql', 'S weapon', 'D', 'QL D, group S weapon: the B9F and B10F rows (cut to 5), whole band', []);
ranked('DD', 'combo', 'Millionaire', 'D', 'combo D: Millionaire, the walk through waypoint and 3rd chests');
ranked('DD', 'combo', 'Millionaire', '9D', 'combo 9D: Millionaire at PPAP 9, by the walk');
ranked('DD', 'combo', 'Mimic', 'D', 'combo D: Mimic (monster box), by the walk');
ranked('DD', 'combo', 'Sainted soma', 'D', 'combo D, the Sainted-soma rule: B9F and B10F waypoint rows', W1);
ranked('DD', 'combo', 'Sainted soma', '5D', 'combo 5D, the Sainted-soma rule at PPAP 5', W1);
ranked('B5', 'combo', 'Cannibox', 'D', 'combo D: Cannibox, by the walk', W1);
ranked('51', 'combo', 'Slime shield', 'D', 'combo D: Slime shield, by the walk', W2);
ranked('8D', 'combo', 'Mimic', 'D', 'combo D: Mimic, 8D6A81: the cheaper waypoint order is the dearer whole route',
  ['--seeds', '6A00..6AFF']);
ranked('DD', '3rd', "Hephaestus' flame", 'D', "3rd D: Hephaestus' flame, the cheaper of the forward and reverse routes", W1);
ranked('DD', '3rd', 'Sainted soma', 'D', 'S3 D: B13F and B14F S-rank 3rd chests, by the walk', W2);
ranked('B5', '3rd', 'Lucida shard', 'D', '3rd D: Lucida shard, by the walk', W1);
ranked('51', '3rd', "Hephaestus' flame", 'D', "3rd D: Hephaestus' flame, by the walk", W2);

// issue 22: AT searches and the multiplayer bug
const A = 'issue22-at';
q(A, 'DD-at-R2-256', 'drop pattern R2 at 1/256 within 400 steps (published run)',
  ['--band', 'DD', '--kind', 'at-pattern', '--pattern', 'R2', '--threshold', '1/256', '--max-steps', '400'], { cheap: true });
q(A, 'B5-at-R2_3-128', 'drop pattern R2_3 at 1/128 within 200 steps',
  ['--band', 'B5', '--kind', 'at-pattern', '--pattern', 'R2_3', '--threshold', '1/128', '--max-steps', '200'], { cheap: true });
q(A, '51-at-4in6-32', 'drop pattern 4_in_6 at 1/32 within 400 steps, zoom 2',
  ['--band', '51', '--kind', 'at-pattern', '--pattern', '4_in_6', '--threshold', '1/32', '--max-steps', '400', '--zoom', '2'], { cheap: true });
q(A, 'DD-at-N3-32', 'drop pattern N3 at 1/32 within 100 steps, zoom 1',
  ['--band', 'DD', '--kind', 'at-pattern', '--pattern', 'N3', '--threshold', '1/32', '--max-steps', '100', '--zoom', '1'], { cheap: true });
q(A, 'DD-at-R3-50', 'drop pattern R3 at 1/64 within 50 steps (no lower bound)',
  ['--band', 'DD', '--kind', 'at-pattern', '--pattern', 'R3', '--threshold', '1/64', '--max-steps', '50'], { cheap: true });
const MKS = ['--kind', 'at-monster', '--at-env', 'Fire', '--at-rank', '9', '--at-monster', 'Metal King Slime', '--zoom', '0'];
q(A, 'DD-at-mks', 'whistle: Metal King Slime, Fire rank 9, zoom 0', ['--band', 'DD', ...MKS], { cheap: true });
q(A, 'DD-at-mks-deft100', 'whistle: as DD-at-mks with deftness at most 100', ['--band', 'DD', ...MKS, '--deft-max', '100'], { cheap: true });
q(A, 'B5-at-mks-zoom2', 'whistle: Metal King Slime, Fire rank 9, zoom 2, seeds 0000..0FFF',
  ['--band', 'B5', '--seeds', '0000..0FFF', ...MKS.slice(0, -1), '2'], { cheap: true });
q(A, 'DD-at-mks-R2', 'whistle with a drop pattern: MKS zoom 0, R2 at 1/32',
  ['--band', 'DD', ...MKS, '--pattern', 'R2', '--threshold', '1/32'], { cheap: true });
// the patterns not above, one each, over more bands (every pattern is then checked once)
for (const [id, band, pat, thr, steps, zoom] of [
  ['02-at-N2-128', '02', 'N2', '1/128', '400', null], ['38-at-R4-32', '38', 'R4', '1/32', '400', '1'],
  ['3D-at-R5-32', '3D', 'R5', '1/32', '1000', null], ['4C-at-3in7-64', '4C', '3_in_7', '1/64', '300', '3'],
  ['65-at-N4-32', '65', 'N4', '1/32', '400', null], ['79-at-N5-32', '79', 'N5', '1/32', '2000', '5'],
  ['8D-at-4in10-64', '8D', '4_in_10', '1/64', '400', null], ['A1-at-3in10-128', 'A1', '3_in_10', '1/128', '150', '2'],
  ['C9-at-R2-256-40', 'C9', 'R2', '1/256', '40', null]]) {
  q(A, id, `drop pattern ${pat} at ${thr} within ${steps} steps${zoom ? `, zoom ${zoom}` : ''}`,
    ['--band', band, '--kind', 'at-pattern', '--pattern', pat, '--threshold', thr, '--max-steps', steps,
      ...(zoom ? ['--zoom', zoom] : [])], { cheap: true });
}
q(A, '51-at-killing-machine', 'whistle: Killing Machine, Ice rank 6, zoom 1, deftness at most 500',
  ['--band', '51', '--kind', 'at-monster', '--at-env', 'Ice', '--at-rank', '6', '--at-monster', 'Killing Machine',
    '--zoom', '1', '--deft-max', '500'], { cheap: true });
q(A, '51-at-troll-N2', 'whistle with a drop pattern: Troll, Ruins rank 2, zoom 3, N2 at 1/64 within 300 steps',
  ['--band', '51', '--kind', 'at-monster', '--at-env', 'Ruins', '--at-rank', '2', '--at-monster', 'Troll',
    '--zoom', '3', '--pattern', 'N2', '--threshold', '1/64', '--max-steps', '300'], { cheap: true });
const M = 'issue22-multibug';
q(M, 'DD-multibug-window', 'multibug, no condition (the tool then searches ONLY floors), seeds 0000..0FFF',
  ['--band', 'DD', '--kind', 'multibug', '--seeds', '0000..0FFF'], { extra: ['--text'] });
q(M, 'DD-multibug-increase-hit', 'multibug: more floors than the original and a special floor in (original, bug]',
  ['--band', 'DD', '--kind', 'multibug', '--floor-increase', '--bug-floor-hit', '--state', '4-enemy'], { extra: ['--text'] });
q(M, 'B5-multibug-increase', 'multibug: more floors than the original, ONLY floors, seeds 0000..1FFF',
  ['--band', 'B5', '--kind', 'multibug', '--floor-increase', '--seeds', '0000..1FFF'], { extra: ['--text'] });
q(M, '51-multibug-window', 'multibug, no condition (ONLY floors), seeds 0000..1FFF',
  ['--band', '51', '--kind', 'multibug', '--seeds', '0000..1FFF'], { extra: ['--text'] });
q(M, '51-multibug-increase-hit', 'multibug: more floors and a special floor in (original, bug], seeds 0000..3FFF',
  ['--band', '51', '--kind', 'multibug', '--floor-increase', '--bug-floor-hit', '--seeds', '0000..3FFF'], { extra: ['--text'] });
q(M, 'B5-multibug-chests', 'multibug: chest counts S1 A2 over B3F..the bug floor, seeds 0000..0FFF',
  ['--band', 'B5', '--kind', 'multibug', '--chests', 'S1,A2', '--seeds', '0000..0FFF'], { extra: ['--text'] });
q(M, 'DD-multibug-chests-increase', 'multibug: more floors, chest counts S2 over B3F..the bug floor, seeds 0000..0FFF',
  ['--band', 'DD', '--kind', 'multibug', '--floor-increase', '--chests', 'S2', '--seeds', '0000..0FFF'], { extra: ['--text'] });

// issue 22: the multibug search's Flag0 and ONLY-monster conditions
q(M, 'DD-multibug-flag0', 'multibug: Flag0 (a floor of B5F..B16F with D > 0), seeds 0000..0FFF',
  ['--band', 'DD', '--kind', 'multibug', '--flag0', '--seeds', '0000..0FFF'], { extra: ['--text'] });
q(M, 'DD-multibug-flag0-4enemy', 'multibug: Flag0 on a 4-enemy floor, seeds 0000..3FFF',
  ['--band', 'DD', '--kind', 'multibug', '--flag0', '--state', '4-enemy', '--seeds', '0000..3FFF'], { extra: ['--text'] });
q(M, 'DD-multibug-monster', 'multibug: an ONLY floor of Godsteed, seeds 0000..3FFF',
  ['--band', 'DD', '--kind', 'multibug', '--monster', 'Godsteed', '--seeds', '0000..3FFF'], { extra: ['--text'] });
q(M, 'DD-multibug-4enemy-godsteed', 'multibug: a 4-enemy floor whose four kinds include Godsteed, seeds 0000..0FFF',
  ['--band', 'DD', '--kind', 'multibug', '--state', '4-enemy', '--monster', 'Godsteed', '--seeds', '0000..0FFF'],
  { extra: ['--text'] });
q(M, 'B5-multibug-monster-flag0', 'multibug: an ONLY floor of Sluggerslaught with Flag0 on it, seeds 0000..3FFF',
  ['--band', 'B5', '--kind', 'multibug', '--monster', 'Sluggerslaught', '--flag0', '--seeds', '0000..3FFF'],
  { extra: ['--text'] });
q(M, 'B5-multibug-flag0-increase', 'multibug: Flag0 and more floors than the original, seeds 0000..3FFF',
  ['--band', 'B5', '--kind', 'multibug', '--flag0', '--floor-increase', '--seeds', '0000..3FFF'], { extra: ['--text'] });
q(M, '51-multibug-monster', 'multibug: an ONLY floor of Liquid Metal Slime, seeds 0000..1FFF',
  ['--band', '51', '--kind', 'multibug', '--monster', 'Liquid Metal Slime', '--seeds', '0000..1FFF'], { extra: ['--text'] });
q(M, '51-multibug-flag0-hit', 'multibug: Flag0 and a special floor in (original, bug], seeds 0000..1FFF',
  ['--band', '51', '--kind', 'multibug', '--flag0', '--bug-floor-hit', '--seeds', '0000..1FFF'], { extra: ['--text'] });
// found by the mutation check (ci/mutants.txt): cases the queries above do not tell apart
q(M, 'DD-multibug-flag0-hit', 'multibug: Flag0 and a special floor in (original, bug]; DD0E72 has D > 0 only '
  + 'below its bug floors, seeds 0000..0FFF',
  ['--band', 'DD', '--kind', 'multibug', '--flag0', '--bug-floor-hit', '--seeds', '0000..0FFF'], { extra: ['--text'] });
q(M, '38-multibug-2enemy-live-lava', 'multibug: a 2-enemy floor whose two kinds include Live Lava (third on some '
  + 'floor lists), seeds 0000..0FFF',
  ['--band', '38', '--kind', 'multibug', '--state', '2-enemy', '--monster', 'Live Lava', '--seeds', '0000..0FFF'],
  { extra: ['--text'] });
q(M, '4C-multibug-3enemy-darkonium', 'multibug: 3-enemy with Darkonium Slime in band 4C, whose first-floor ranks '
  + 'never reach its ONLY floors: the tool skips the band',
  ['--band', '4C', '--kind', 'multibug', '--state', '3-enemy', '--monster', 'Darkonium Slime'], { extra: ['--text'] });

const FILES = [...new Set(Q.map((x) => x.file))];

// ---------------------------------------------------------------- running
function runSearcher(toolDir, args) {
  return new Promise((resolveP, reject) => {
    const p = spawn(process.execPath, [SEARCHER, '--tool', toolDir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    p.stdout.on('data', (d) => out.push(d));
    p.stderr.on('data', (d) => err.push(d));
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`searcher ${args.join(' ')} exited ${code}: ${Buffer.concat(err).toString().trim()}`));
        return;
      }
      try { resolveP(JSON.parse(Buffer.concat(out).toString('utf8'))); } catch (e) { reject(e); }
    });
  });
}

function entryOf(query, r) {
  const job = r.job;
  const maxtile = job && job.params && job.params.fastestMode === 'maxtile';
  const e = {
    id: query.id,
    what: query.what,
    grotto: query.grotto,
    tool: { entry: r.entry, fields: r.form.fields, checks: r.form.checks, job },
    // the tool lists only maps some base quality produces in the band searched,
    // except in its per-floor metric rankings (they skip that check)
    listed_only: !maxtile,
    hits: r.hits,
    items: r.items,
    shown: r.shown,
  };
  if (r.no_job) e.no_job = true;
  if (query.ranked) {
    e.order = 'ranked';
    e.groups = r.groups;
    e.results = r.results;
    if (r.last_value !== undefined && r.groups.length === 0) {
      e.last_value = r.last_value;
      e.tied_beyond_cut = r.tied_beyond_cut;
    }
  } else {
    e.order = 'scan';
    e.maps = r.results.map((x) => x.map);
    const floors = {};
    let any = false;
    for (const x of r.results) if (x.floor !== undefined) { floors[x.map] = x.floor; any = true; }
    if (any) e.first_floor = floors;
    // per shown map, parallel to `maps`: the AT value at the POP index, the card's text
    if (r.results.some((x) => x.pop !== undefined)) e.pops = r.results.map((x) => x.pop);
    if (r.results.some((x) => x.text !== undefined)) e.texts = r.results.map((x) => x.text);
  }
  return e;
}

async function pool(items, j, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, j) }, worker));
  return out;
}

function writeAtomic(path, text) {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

function parseArgs(argv) {
  const o = { tool: null, j: 1, out: join(REPO, 'corpus', 'golden', 'searcher'), only: null, check: false, cheap: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new UsageError(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--tool') o.tool = val();
    else if (a === '-j') {
      const v = val();
      if (!/^[1-9]\d?$/.test(v)) throw new UsageError(`bad -j ${v}: expected 1..99`);
      o.j = Number(v);
    } else if (a === '--out') o.out = val();
    else if (a === '--only') o.only = new RegExp(val());
    else if (a === '--check') o.check = true;
    else if (a === '--cheap') o.cheap = true;
    else if (a === '--list') o.list = true;
    else if (a === '--relabel') o.relabel = true;
    else if (a === '--work') o.work = val();
    else if (a === '--help' || a === '-h') o.help = true;
    else throw new UsageError(`unknown option ${a} (see --help)`);
  }
  return o;
}

const HELP = `usage: gen-golden.mjs --tool DIR [-j N] [--out DIR] [--only REGEX]
       gen-golden.mjs --tool DIR --check [--cheap] [--only REGEX] [-j N]
       (--work DIR keeps each query's raw answer there and reuses it: a long
        run can be resumed)
       gen-golden.mjs --list            (the queries, one JSON line each)
       gen-golden.mjs --relabel         (rewrite 'what' and 'grotto' of the committed entries)

Rebuilds corpus/golden/searcher/ (${Q.length} queries) with the tool at DIR
(${TOOL_REPO} at ${TOOL_COMMIT.slice(0, 7)}; default $GROTTO_SEARCHER_DIR).
--only REGEX regenerates the matching queries and keeps the other committed
entries; --check compares instead of writing (exit 1 on a difference);
--cheap: only the queries that need no floor generation.
`;

function readJsonl(path) {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
}

// Rewrite the committed entries' `what` and `grotto` from the list above (the
// tool's answers are kept): after a change of wording or of grotto spelling.
function relabel(outDir) {
  for (const file of FILES) {
    const path = join(outDir, `${file}.jsonl`);
    const lines = readJsonl(path).map((e) => {
      const x = Q.find((y) => y.id === e.id);
      if (!x) throw new Error(`${e.id} in ${path} is not in the query list`);
      return JSON.stringify({ id: e.id, what: x.what, grotto: x.grotto, ...Object.fromEntries(
        Object.entries(e).filter(([k]) => !['id', 'what', 'grotto'].includes(k))) });
    });
    writeAtomic(path, lines.join('\n') + '\n');
  }
  return 0;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help) { process.stdout.write(HELP); return 0; }
  if (o.list) {
    for (const x of Q) {
      process.stdout.write(JSON.stringify({ file: x.file, id: x.id, cheap: x.cheap, grotto: x.grotto, args: x.args }) + '\n');
    }
    return 0;
  }
  if (o.relabel) return relabel(o.out);
  const toolDir = resolveToolDir(o.tool);
  readToolFiles(toolDir); // the pinned version, or a UsageError
  if (o.work) mkdirSync(o.work, { recursive: true });
  const sel = Q.filter((x) => (!o.only || o.only.test(x.id)) && (!o.cheap || x.cheap));
  const whole = !o.only && !o.cheap;
  const t0 = Date.now();
  const times = {};
  const entries = await pool(sel, o.j, async (query) => {
    const t = Date.now();
    const saved = o.work ? join(o.work, `${query.id}.json`) : null;
    let r;
    if (saved && existsSync(saved)) {
      r = JSON.parse(readFileSync(saved, 'utf8'));
    } else {
      r = await runSearcher(toolDir, ['search', ...query.args]);
      if (saved) writeAtomic(saved, JSON.stringify(r));
    }
    times[query.id] = (Date.now() - t) / 1000;
    process.stderr.write(`${query.id}: ${r.hits} hits, ${r.shown} shown, ${times[query.id].toFixed(1)} s\n`);
    return entryOf(query, r);
  });
  let never = null;
  if (whole || (o.only && o.only.test('never-listed'))) {
    const t = Date.now();
    const saved = o.work ? join(o.work, 'never-listed.json') : null;
    if (saved && existsSync(saved)) never = JSON.parse(readFileSync(saved, 'utf8'));
    else {
      never = await runSearcher(toolDir, ['never']);
      if (saved) writeAtomic(saved, JSON.stringify(never));
    }
    times['never-listed'] = (Date.now() - t) / 1000;
    process.stderr.write(`never-listed: ${never.total} maps, ${times['never-listed'].toFixed(1)} s\n`);
  }
  const byId = new Map(sel.map((x, i) => [x.id, entries[i]]));
  if (o.check) {
    let bad = 0;
    for (const file of FILES) {
      for (const old of readJsonl(join(o.out, `${file}.jsonl`))) {
        if (!byId.has(old.id)) continue;
        const now = JSON.stringify(byId.get(old.id));
        if (now !== JSON.stringify(old)) {
          bad++;
          process.stderr.write(`DIFFERENT: ${old.id} (committed ${old.hits} hits, now ${byId.get(old.id).hits})\n`);
        }
        byId.delete(old.id);
      }
    }
    for (const id of byId.keys()) { bad++; process.stderr.write(`MISSING from the committed files: ${id}\n`); }
    if (never) {
      const old = JSON.parse(readFileSync(join(o.out, 'never-listed.json'), 'utf8'));
      if (JSON.stringify(old) !== JSON.stringify(never)) { bad++; process.stderr.write('DIFFERENT: never-listed\n'); }
    }
    process.stderr.write(`checked ${sel.length + (never ? 1 : 0)} queries: ${bad ? bad + ' different' : 'all equal'}`
      + ` (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
    return bad ? 1 : 0;
  }
  mkdirSync(o.out, { recursive: true });
  const counts = {};
  for (const file of FILES) {
    const path = join(o.out, `${file}.jsonl`);
    const old = new Map(readJsonl(path).map((e) => [e.id, e]));
    const lines = [];
    for (const x of Q.filter((y) => y.file === file)) {
      const e = byId.get(x.id) || old.get(x.id);
      if (!e) throw new Error(`${x.id}: not generated and not in ${path}; run without --only first`);
      lines.push(JSON.stringify(e));
    }
    writeAtomic(path, lines.join('\n') + '\n');
    counts[`${file}.jsonl`] = lines.length;
  }
  if (never) writeAtomic(join(o.out, 'never-listed.json'), JSON.stringify(never) + '\n');
  const manifest = {
    tool: { repo: TOOL_REPO, commit: TOOL_COMMIT, blobs: TOOL_BLOBS },
    generator: 'tools/searcher/gen-golden.mjs --tool DIR',
    files: counts,
    queries: Q.length,
  };
  writeAtomic(join(o.out, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  process.stderr.write(`wrote ${sel.length} queries to ${o.out} in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  return 0;
}

main().then((code) => process.exit(code), (e) => {
  if (e instanceof UsageError) { process.stderr.write(`gen-golden: ${e.message}\n`); process.exit(2); }
  process.stderr.write(`gen-golden: ${e && e.stack || e}\n`);
  process.exit(3);
});
