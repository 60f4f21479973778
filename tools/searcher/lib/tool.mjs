// tool.mjs - load the DQ9 Grotto Searcher's own scripts into a node vm context.
//
// The tool (DQIX/Grotto-Searcher, a static web page) keeps its computation in
// 1.js (tables, GrottoDetail, enemy lists, anomalies, walking cost) and 2.js
// (locations, search predicates, SEED_PROCESSORS, the scan/AT cores), its
// page logic in 3.js (forms -> search jobs, result ranking and display) and
// 4.js (single-map view, AT helpers, page start-up); 5.js is the web worker
// that runs the same cores (coreRunScanJob, coreRunATMonsterJob,
// coreRunATPatternJob) on chunks of a job. In node there is no Worker, so the
// tool's own fallback runs those cores on the main thread (3.js runSearchJob):
// same functions, one chunk.
//
// loadTool(dir) checks that the files are those of the pinned commit (git
// blob hashes, no git needed), runs 1.js..4.js in order in one vm context
// whose globals are a fake page (dom.mjs), then calls initItemI18n() as the
// worker does before a job. The harness changes three things in the loaded
// code, all on the display side:
//   - materializeResultItem(item) returns a fake card that carries the tool's
//     own result item (instead of a div with its HTML), so the cards the tool
//     puts in its result grid can be read back in display order;
//   - runSearchJob is wrapped (not replaced) to record the job the tool built,
//     every item its core produced (onBatch, before the page ranks and cuts
//     them) and to learn when it is done (onDone / onError);
//   - alert() records its message; the harness reports it as an error.
// 5.js is not run (it needs a worker scope); its blob hash is still checked.

import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { FakeDocument } from './dom.mjs';

export const TOOL_REPO = 'DQIX/Grotto-Searcher';
export const TOOL_COMMIT = '5f39e568214baa29f3d589fc76725c2b146123ce';
// git blob ids of the scripts at TOOL_COMMIT (git ls-tree TOOL_COMMIT)
export const TOOL_BLOBS = {
  '1.js': '86a92246160e6eb25f2b21473df77c305aa90726',
  '2.js': '61aa94826dcd5b45e1062d3c3acca54b96680112',
  '3.js': '7bad0894d2d31dde74bd06a6da30fb3ac16926fd',
  '4.js': '73e54733dd32209d31331a099be3fbd9937caf0c',
  '5.js': 'f51db8d1a5905d3928c69dabcbf2c1ff53b6dca4',
};
const PAGE_SCRIPTS = ['1.js', '2.js', '3.js', '4.js'];

export class UsageError extends Error {}

export function gitBlobId(buf) {
  const h = createHash('sha1');
  h.update(`blob ${buf.length}\0`);
  h.update(buf);
  return h.digest('hex');
}

export function resolveToolDir(arg) {
  const dir = arg || process.env.GROTTO_SEARCHER_DIR;
  if (!dir) {
    throw new UsageError('no tool checkout: give --tool DIR or set GROTTO_SEARCHER_DIR '
      + `(a checkout of ${TOOL_REPO} at ${TOOL_COMMIT.slice(0, 7)})`);
  }
  return dir;
}

// Check every script against the pinned blob ids; returns the sources.
export function readToolFiles(dir, anyVersion = false) {
  const src = {};
  for (const name of Object.keys(TOOL_BLOBS)) {
    const p = join(dir, name);
    if (!existsSync(p)) {
      throw new UsageError(`${p} not found: --tool DIR must be a checkout of ${TOOL_REPO}`);
    }
    const buf = readFileSync(p);
    const id = gitBlobId(buf);
    if (id !== TOOL_BLOBS[name] && !anyVersion) {
      throw new UsageError(`${p} is blob ${id.slice(0, 12)}, expected ${TOOL_BLOBS[name].slice(0, 12)} `
        + `(${TOOL_REPO} at ${TOOL_COMMIT.slice(0, 7)}); check out that commit or pass --any-version`);
    }
    src[name] = buf.toString('utf8');
  }
  return src;
}

export function loadTool(dir, { anyVersion = false, lang = 'EN' } = {}) {
  const src = readToolFiles(dir, anyVersion);
  const document = new FakeDocument();
  const alerts = [];
  const sandbox = {
    document,
    navigator: { hardwareConcurrency: 1, userAgent: 'node' },
    location: { search: '', href: 'file:///DQ9_Grotto_Searcher.html' },
    console: { log: () => {}, info: () => {}, debug: () => {},
      warn: (...a) => process.stderr.write(`[tool] ${a.join(' ')}\n`),
      error: (...a) => process.stderr.write(`[tool] ${a.join(' ')}\n`) },
    alert: (msg) => { alerts.push(String(msg)); },
    setTimeout, clearTimeout, setInterval, clearInterval,
    requestAnimationFrame: (f) => setTimeout(f, 0),
    URLSearchParams,
    URL,
    performance,
    addEventListener: () => {},
    removeEventListener: () => {},
    innerWidth: 1280,
    innerHeight: 800,
  };
  sandbox.window = sandbox;
  sandbox.self = sandbox;
  const ctx = vm.createContext(sandbox);
  for (const name of PAGE_SCRIPTS) {
    new vm.Script(src[name], { filename: name }).runInContext(ctx);
  }
  const tool = new Tool(ctx, document, alerts);
  tool.setLang(lang);
  tool.eval('initItemI18n()');
  tool.installHooks();
  return tool;
}

export class Tool {
  constructor(ctx, document, alerts) {
    this.ctx = ctx;
    this.document = document;
    this.alerts = alerts;
    this.g = ctx; // function declarations of the scripts are properties of the global
  }

  // Evaluate an expression inside the tool's context (reaches let/const/class too).
  eval(expr) {
    return vm.runInContext(expr, this.ctx);
  }

  setLang(lang) {
    if (!['EN', 'JP', 'TW'].includes(lang)) throw new UsageError(`bad --lang ${lang}: expected EN, JP or TW`);
    this.eval(`DISPLAY_LANG=${JSON.stringify(lang)};_L=(DISPLAY_LANG==='EN')?0:(DISPLAY_LANG==='JP')?2:1;`);
  }

  installHooks() {
    const doc = this.document;
    this.ctx.__harnessCard = (item) => {
      const el = doc.createElement('div');
      el.className = 'search-result-item';
      el.__item = item;
      return el;
    };
    this.ctx.__harnessJob = null;
    this.eval(`
      materializeResultItem = function (item) { return __harnessCard(item); };
      (function () {
        const orig = runSearchJob;
        runSearchJob = function (job, callbacks) {
          __harnessJob && __harnessJob.started(job);
          const cb = Object.assign({}, callbacks, {
            onBatch: (items) => { __harnessJob && __harnessJob.batch(items); if (callbacks.onBatch) callbacks.onBatch(items); },
            onDone: (d) => { if (callbacks.onDone) callbacks.onDone(d); __harnessJob && __harnessJob.done(d); },
            onError: (m) => { if (callbacks.onError) callbacks.onError(m); __harnessJob && __harnessJob.failed(m); },
          });
          return orig(job, cb);
        };
      })();
    `);
  }

  // A fresh GrottoDetail (the tool's map engine).
  engine() {
    return this.eval('new GrottoDetail()');
  }

  // Reset the form: every control empty/unchecked except those given.
  resetForm() {
    this.document._byId.clear();
    this.alerts.length = 0;
  }

  // Run one of the tool's search entry functions (startUltimateSearch,
  // MultibugSearch, atSearch, ...) with the form as set; resolves to
  // {job, done, cards, headers, progress} once the tool reports completion.
  runEntry(entry) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(entry) || typeof this.ctx[entry] !== 'function') {
      return Promise.reject(new UsageError(`no search function ${entry} in the tool`));
    }
    return new Promise((resolve, reject) => {
      let job = null;
      const all = [];
      const finish = (done, error) => {
        this.ctx.__harnessJob = null;
        if (error) { reject(new Error(`tool reported an error: ${error}; alerts: ${this.alerts.join(' | ')}`)); return; }
        if (this.alerts.length) { reject(new UsageError(`tool refused the query: ${this.alerts.join(' | ')}`)); return; }
        resolve({ job, done, all, ...this.readGrid() });
      };
      this.ctx.__harnessJob = {
        started: (j) => { job = j; },
        batch: (items) => { for (const it of items) all.push({ seed: it.seed, rStr: it.rStr, sortCost: it.sortCost, jumpFloor: it.jumpFloor }); },
        done: (d) => setImmediate(() => finish(d, null)),
        failed: (m) => setImmediate(() => finish(null, m)),
      };
      try {
        this.ctx[entry]();
      } catch (e) {
        this.ctx.__harnessJob = null;
        reject(e);
        return;
      }
      if (job === null) {
        // The tool finished (or refused) without starting a job.
        finish({ hits: 0, cancelled: false, noJob: true }, null);
      }
    });
  }

  readGrid() {
    const grid = this.document.getElementById('searchGrid');
    const cards = [];
    const headers = [];
    for (const el of grid.children) {
      if (el && el.__item) cards.push(el.__item);
      else if (el) headers.push({ before: cards.length, text: el.textContent });
    }
    const progress = this.document.getElementById('searchProgress').textContent;
    return { cards, headers, progress };
  }
}
