// queries.mjs - search options in grotto's words -> the tool's form controls.
//
// The tool reads a search from its page: text inputs and selects (COND_FIELDS
// of 3.js: cond_monster, cond_prefix, cond_anomaly, ...), the rank select,
// checkboxes (searchAllRanks, searchOnlyWithD, ...) and the AT panel. A query
// here is a list of options named like the `grotto search` options of issue
// 20-22; compileQuery turns them into {entry, fields, checks}: the tool's
// search function to call and the exact control values to set. Names (prefix,
// suffix, locale, environment, boss, monster) are looked up in the tool's own
// tables, so a name and its index give the same control value.
//
// Raw access stays possible: --field ID=VALUE sets any control, --check ID
// ticks any checkbox, --entry NAME calls any search function of the tool.

import { UsageError } from './tool.mjs';

// --sort KEY -> the cond_anomaly value of the tool's ranking ("USP") modes.
export const SORTS = {
  'fastest-map': 'usp_map',
  'fastest-map-detail': 'usp_map_d',
  'fastest-floor': 'usp_floor',
  'fastest-floor-detail': 'usp_floor_d',
  'slowest-map': 'usp_slow',
  'slowest-map-detail': 'usp_slow_d',
  'tiles-max': 'usp_maxtile',
  'tiles-min': 'usp_mintile',
  'walk-max': 'usp_maxwalk',
  'chamber-max': 'usp_maxiso',
  'ghosts-max': 'usp_maxghost',
};

// Flag options -> cond_anomaly values (the tool takes one at a time).
export const ANOMALY_FLAGS = {
  '--nipple': 'chest',
  '--chamber': 'chamber',
  '--chestless': 'nochest',
  '--down-unreachable': 'stair',
  '--ghosts': 'ghost',
  '--overflow': 'all_invalid',
  '--nipple-chamber': 'chest_chamber',
};

// --state VALUE -> cond_elist values.
export const STATES = {
  'multi-special': 'MULTI_SPECIAL', '15x15': 'SIZE_15', partial: 'PARTIAL_NONE',
  '4-enemy': '4', '3-enemy': '3', '2-enemy': '2', only: 'ONLY', 'no-enemy': 'NONE',
};

export const BQ_COUNTS = { 1: '1', "1'": '1p', '1p': '1p', D: 'D', "D'": 'Dp', Dp: 'Dp' };

export const AT_THRESHOLDS = { '1/256': 128, '1/128': 256, '1/64': 512, '1/32': 1024 };

const KINDS = {
  map: 'startUltimateSearch',
  multibug: 'MultibugSearch',
  'at-monster': 'atSearch',
  'at-pattern': 'atPtnSearch',
  ql: 'startSearch',
  '3rd': 'Box3Search',
  combo: 'TKSearch',
  free: 'FreeSearch',
};

// --ql-mode values (the ql_mode select of the chest-timer panel).
export const QL_MODES = ['', 'D', '5', '9', '5A', '9A', '5D', '9D'];

function bad(opt, value, expected) {
  return new UsageError(`bad ${opt} ${JSON.stringify(value)}: expected ${expected}`);
}

function intIn(opt, v, lo, hi) {
  if (!/^\d+$/.test(String(v))) throw bad(opt, v, `an integer ${lo}..${hi}`);
  const n = Number(v);
  if (n < lo || n > hi) throw bad(opt, v, `an integer ${lo}..${hi}`);
  return n;
}

function hexBand(opt, v) {
  const s = String(v).replace(/^0x/i, '').toUpperCase();
  const bands = ['02', '38', '3D', '4C', '51', '65', '79', '8D', 'A1', 'B5', 'C9', 'DD'];
  if (!bands.includes(s)) throw bad(opt, v, `a band: ${bands.join(' ')}`);
  return s;
}

function hexSeed(opt, v) {
  if (!/^[0-9A-Fa-f]{1,4}$/.test(v) || parseInt(v, 16) > 0x7fff) throw bad(opt, v, 'a seed 0000..7FFF (hex)');
  return parseInt(v, 16).toString(16).toUpperCase().padStart(4, '0');
}

// Look a name up in one of the tool's {index: [EN, JP, ...]} tables.
export function tableIndex(tool, table, opt, v) {
  const t = tool.eval(table);
  const keys = Object.keys(t);
  if (/^\d+$/.test(v) && keys.includes(String(Number(v)))) return String(Number(v));
  const want = String(v).trim().toLowerCase();
  for (const k of keys) {
    if (t[k].some((n) => String(n).toLowerCase() === want)) return k;
  }
  throw bad(opt, v, `an index ${keys[0]}..${keys[keys.length - 1]} or a name of the tool's ${table}`);
}

export function monsterId(tool, opt, v) {
  const db = tool.eval('MONSTER_DB');
  if (db[String(v).toUpperCase()]) return String(v).toUpperCase();
  const want = String(v).trim().toLowerCase();
  for (const id of Object.keys(db)) {
    if (db[id].en.toLowerCase() === want || db[id].jp === v) return id;
  }
  throw bad(opt, v, 'a monster id (3 hex digits) or its EN/JP name');
}

// Parse search options into {entry, fields, checks, options}; `args` is the
// list after `search`. Throws UsageError on anything it does not know.
export function compileQuery(tool, args) {
  const fields = {};
  const checks = { searchAllRanks: false };
  let entry = null;
  let kind = 'map';
  const out = { text: false, lang: 'EN' };
  let sort = null;
  let anomaly = null;
  const setAnomaly = (opt, v) => {
    if (anomaly !== null) throw new UsageError(`${opt}: the tool takes one anomaly or ranking at a time (already ${anomaly})`);
    anomaly = v;
  };
  const need = (i, opt) => {
    if (i + 1 >= args.length) throw new UsageError(`${opt} needs a value`);
    return args[i + 1];
  };
  for (let i = 0; i < args.length; i++) {
    const opt = args[i];
    let v;
    switch (opt) {
      case '--kind':
        v = need(i, opt); i++;
        if (!KINDS[v]) throw bad(opt, v, Object.keys(KINDS).join('|'));
        kind = v; break;
      case '--entry':
        v = need(i, opt); i++; entry = v; break;
      case '--band':
        v = need(i, opt); i++; fields.rank = '0x' + hexBand(opt, v); break;
      case '--all-bands':
        checks.searchAllRanks = true; break;
      case '--seeds': {
        v = need(i, opt); i++;
        const m = /^([0-9A-Fa-f]{1,4})\.\.([0-9A-Fa-f]{1,4})$/.exec(v);
        if (!m) throw bad(opt, v, 'A..B (hex seeds, e.g. 0000..0FFF)');
        fields.cond_seed_min = hexSeed(opt, m[1]);
        fields.cond_seed_max = hexSeed(opt, m[2]);
        break;
      }
      case '--smr':
        v = need(i, opt); i++; fields.cond_monster = String(intIn(opt, v, 1, 12)); break;
      case '--floors':
        v = need(i, opt); i++; fields.cond_depth = String(intIn(opt, v, 2, 16)); break;
      case '--level':
        v = need(i, opt); i++; fields.cond_lv = String(intIn(opt, v, 1, 99)); break;
      case '--boss':
        v = need(i, opt); i++; fields.cond_boss = tableIndex(tool, 'BOSS_NAMES', opt, v); break;
      case '--env':
        v = need(i, opt); i++; fields.cond_env = tableIndex(tool, 'ENV_NAMES', opt, v); break;
      case '--prefix':
        v = need(i, opt); i++; fields.cond_prefix = tableIndex(tool, 'PREFIX_NAMES', opt, v); break;
      case '--suffix':
        v = need(i, opt); i++; fields.cond_suffix = tableIndex(tool, 'SUFFIX_NAMES', opt, v); break;
      case '--locale':
        v = need(i, opt); i++; fields.cond_locale = tableIndex(tool, 'LOCALE_NAMES', opt, v); break;
      case '--location':
        v = need(i, opt); i++;
        if (!/^[0-9A-Fa-f]{1,2}$/.test(v)) throw bad(opt, v, 'a location 01..96 (hex)');
        fields.cond_location = v.toUpperCase(); break;
      case '--base':
        v = need(i, opt); i++; fields.cond_bq = String(intIn(opt, v, 2, 248)); break;
      case '--bq-count':
        v = need(i, opt); i++;
        if (!BQ_COUNTS[v]) throw bad(opt, v, "1, 1', D or D'");
        fields.cond_bq_count = BQ_COUNTS[v]; break;
      case '--chests': {
        v = need(i, opt); i++;
        for (const part of v.split(',')) {
          const m = /^([SABCDEFGHI])(\d{1,2})$/i.exec(part.trim());
          if (!m || Number(m[2]) < 1) throw bad(opt, v, 'rank letters with counts, e.g. S1,A2');
          fields['cond_box_' + m[1].toUpperCase()] = String(Number(m[2]));
        }
        break;
      }
      case '--state':
        v = need(i, opt); i++;
        if (!STATES[v]) throw bad(opt, v, Object.keys(STATES).join('|'));
        fields.cond_elist = STATES[v]; break;
      case '--multi-special':
        fields.cond_elist = 'MULTI_SPECIAL'; break;
      case '--monster':
        v = need(i, opt); i++;
        fields.cond_only_mon = tool.eval('MONSTER_DB')[monsterId(tool, opt, v)].en; break;
      case '--flag0':
        checks.searchOnlyWithD = true; break;
      case '--chambers-floors':
        v = need(i, opt); i++;
        if (v !== '2') throw bad(opt, v, '2 (the tool offers chambers on at least 2 floors only)');
        setAnomaly(opt, 'multi_chamber'); break;
      case '--chambers-per-floor':
        v = need(i, opt); i++;
        if (v !== '2') throw bad(opt, v, '2 (the tool offers a floor with at least 2 chambers only)');
        setAnomaly(opt, 'multi_region'); break;
      case '--sort':
        v = need(i, opt); i++;
        if (!SORTS[v]) throw bad(opt, v, Object.keys(SORTS).join('|'));
        sort = v; setAnomaly(opt, SORTS[v]); break;
      case '--floor-increase':
        checks.requireFloorIncrease = true; break;
      case '--bug-floor-hit':
        checks.requireBugFloorHit = true; break;
      case '--pattern': {
        v = need(i, opt); i++;
        const pats = tool.eval('AT_PAT');
        if (!pats[v]) throw bad(opt, v, Object.keys(pats).join('|'));
        fields.at_pattern = v; break;
      }
      case '--threshold':
        v = need(i, opt); i++;
        if (AT_THRESHOLDS[v]) fields.at_threshold = String(AT_THRESHOLDS[v]);
        else if (Object.values(AT_THRESHOLDS).includes(Number(v))) fields.at_threshold = String(Number(v));
        else throw bad(opt, v, '1/256, 1/128, 1/64, 1/32 (or 128, 256, 512, 1024)');
        break;
      case '--max-steps':
        v = need(i, opt); i++; fields.at_maxSteps = String(intIn(opt, v, 1, 100000)); break;
      case '--zoom':
        v = need(i, opt); i++; fields.at_n_input = String(intIn(opt, v, 0, 10000)); break;
      case '--at-env':
        v = need(i, opt); i++; fields.at_env = tableIndex(tool, 'ENV_NAMES', opt, v); break;
      case '--at-rank':
        v = need(i, opt); i++; fields.at_mr = String(intIn(opt, v, 1, 12)); break;
      case '--at-monster':
        v = need(i, opt); i++; fields.at_mon = monsterId(tool, opt, v); break;
      case '--deft-max':
        v = need(i, opt); i++; fields.at_deft = String(intIn(opt, v, 0, 1000)); break;
      case '--sort-pop':
        checks.at_sortPOP = true; break;
      case '--item':
        v = need(i, opt); i++; fields.searchItem = v; break;
      case '--ql-mode':
        v = need(i, opt); i++;
        if (!QL_MODES.includes(v)) throw bad(opt, v, 'one of Solo (empty), D, 5, 9, 5A, 9A, 5D, 9D');
        fields.ql_mode = v; break;
      case '--field': {
        v = need(i, opt); i++;
        const k = v.indexOf('=');
        if (k <= 0) throw bad(opt, v, 'ID=VALUE');
        fields[v.slice(0, k)] = v.slice(k + 1); break;
      }
      case '--check':
        v = need(i, opt); i++; checks[v] = true; break;
      case '--text':
        out.text = true; break;
      case '--lang':
        v = need(i, opt); i++; out.lang = v; break;
      default:
        if (ANOMALY_FLAGS[opt]) { setAnomaly(opt, ANOMALY_FLAGS[opt]); break; }
        throw new UsageError(`unknown search option ${opt} (see --help)`);
    }
  }
  if (anomaly !== null) fields.cond_anomaly = anomaly;
  if (!fields.rank && !checks.searchAllRanks) fields.rank = '0xDD';
  if (kind.startsWith('at-')) {
    // the AT panel's defaults as the page ships them
    if (fields.at_threshold === undefined) fields.at_threshold = '128';
    if (fields.at_maxSteps === undefined) fields.at_maxSteps = '400';
    if (fields.at_n_input === undefined) fields.at_n_input = '0';
    if (fields.at_env === undefined) fields.at_env = '5';
    if (fields.at_mr === undefined) fields.at_mr = '9';
    if (fields.at_pattern === undefined) fields.at_pattern = '';
  }
  return { entry: entry || KINDS[kind], kind, fields, checks, sort, ...out };
}
