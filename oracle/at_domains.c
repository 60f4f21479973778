/* The oracle's at and multibug domains (research.md §4-§5): engine A
 * against engine B on every seed - the AT marks, the whistle test and a
 * fixed set of drop-pattern scans - and on every (band, seed) - the
 * multiplayer bug's two maps and 16 floors. No corpus holds these, so
 * both domains compare two engines (oracle_domain_unavailable).
 *
 * Each item's comparison marks it; the domain's "checked" count comes from
 * those marks and must reach oracle_domain_expected's count, which is
 * computed from the dimensions, not from these loops. Each side's results
 * are encoded into bytes here (every field) and compared byte for byte. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/at.h"
#include "grotto/multibug.h"
#include "grotto/tables.h"
#include "base.h"
#include "oracle.h"

enum { VISITED = 128, SIDES = 2 };

/* ---- the fixed set of scans ---- */

static const struct {
    uint32_t max_steps, pop;
} AT_CONFIG[ORACLE_AT_CONFIGS] = {
    {45, 35},  /* max_steps <= 50: no lower bound, matches from step 1 */
    {400, 35}, /* the tool's default: steps from 38, matches from 38 */
    {400, 93}, /* zoom 2: matches from step 96, history from 38 */
};

void oracle_at_scan_query(int s, grotto_at_scan_query *q)
{
    int per_config = GT_AT_THRESHOLD_COUNT * GT_AT_PATTERN_COUNT;
    int c = s / per_config, t = s % per_config / GT_AT_PATTERN_COUNT;
    q->pattern = s % GT_AT_PATTERN_COUNT + 1;
    q->threshold = gt_at_threshold[t].threshold;
    q->max_steps = AT_CONFIG[c].max_steps;
    q->pop = AT_CONFIG[c].pop;
}

/* ---- the whistle test: every wandering member of every list ---- */

typedef struct whistle_list {
    int n;
    grotto_whistle w[ORACLE_AT_WHISTLE_MAX]; /* zoom 0, deft_max -1 */
} whistle_list;

static void whistle_list_build(whistle_list *l)
{
    l->n = 0;
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *t = &gt_floor_tables[env][mr];
            for (int j = 0; j < t->F; j++)
                if (t->spawn[j].lo >= 0)
                    l->w[l->n++] = (grotto_whistle){env, mr, t->spawn[j].monster, 0, -1};
        }
}

/* Two results per member: no maximum, and maximum ORACLE_AT_WHISTLE_DEFT;
 * each 1, 0, or 2 for an error (-1). */
static size_t whistle_bytes(const grotto_engine *e, uint32_t seed, const whistle_list *l, uint8_t *out)
{
    for (int i = 0; i < l->n; i++) {
        grotto_whistle w = l->w[i];
        for (int k = 0; k < 2; k++) {
            w.deft_max = k ? ORACLE_AT_WHISTLE_DEFT : -1;
            int r = e->whistle(seed, &w);
            out[2 * i + k] = (uint8_t)(r < 0 ? 2 : r);
        }
    }
    return 2 * (size_t)l->n;
}

oracle_whistles *oracle_whistles_new(void)
{
    whistle_list *l = malloc(sizeof *l);
    if (l)
        whistle_list_build(l);
    return (oracle_whistles *)l;
}

void oracle_whistles_free(oracle_whistles *w)
{
    free(w);
}

size_t oracle_at_whistle_bytes(const grotto_engine *e, uint32_t seed, const oracle_whistles *w,
                               uint8_t out[ORACLE_AT_WHISTLE_BYTES])
{
    return whistle_bytes(e, seed, (const whistle_list *)w, out);
}

/* ---- encodings ---- */

enum { MARKS_BYTES = ORACLE_AT_MARKS_BYTES, SCAN_BYTES = ORACLE_AT_SCAN_BYTES };

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v & 0xFFFFu);
    put16(p + 2, v >> 16);
}

static unsigned get16(const uint8_t *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static uint32_t get32(const uint8_t *p)
{
    return get16(p) | (uint32_t)get16(p + 2) << 16;
}

/* 1, or 0 when the engine refused */
int oracle_at_marks_bytes(const grotto_engine *e, uint32_t seed, uint8_t out[MARKS_BYTES])
{
    grotto_at_t a;
    memset(out, 0, MARKS_BYTES);
    if (e->at(seed, &a) != 0)
        return 0;
    for (int k = 0; k < 3; k++)
        put16(out + 2 * k, a.shown[k]);
    put16(out + 6, (uint16_t)a.r2);
    put16(out + 8, (uint16_t)a.plus3);
    put16(out + 10, (uint16_t)a.n2);
    for (int z = 0; z < ORACLE_AT_ZOOMS; z++) {
        grotto_at_pop p;
        if (e->at_pop(seed, z, &p) != 0)
            return 0;
        uint8_t *o = out + 12 + 10 * z;
        put32(o, p.index);
        put16(o + 4, p.value);
        put16(o + 6, p.next);
        put16(o + 8, p.deftness);
    }
    return 1;
}

int oracle_at_scan_bytes(const grotto_engine *e, uint32_t seed, const grotto_at_scan_query *q, uint8_t out[SCAN_BYTES])
{
    uint32_t start[ORACLE_AT_KEEP];
    memset(start, 0, sizeof start);
    long n = e->at_scan(seed, q, start, ORACLE_AT_KEEP);
    memset(out, 0, SCAN_BYTES);
    if (n < 0)
        return 0;
    put32(out, (uint32_t)n);
    for (long i = 0; i < n && i < ORACLE_AT_KEEP; i++)
        put32(out + 4 + 4 * i, start[i]);
    return 1;
}

/* The multibug result, every field: the two details (29 bytes each), then
 * 16 bytes per floor. */
enum { DETAILS_BYTES = 13 + GROTTO_MAX_FLOORS, FLOOR_BYTES = 16, MULTIBUG_BYTES = ORACLE_MULTIBUG_BYTES };
_Static_assert(ORACLE_MULTIBUG_BYTES == 2 * DETAILS_BYTES + GROTTO_MAX_FLOORS * FLOOR_BYTES, "multibug bytes");

static void details_bytes(const grotto_map_details_t *d, uint8_t *o)
{
    o[0] = d->band;
    o[1] = d->band_code;
    put16(o + 2, d->seed);
    o[4] = d->env;
    o[5] = d->floors;
    o[6] = d->smr;
    o[7] = d->boss;
    o[8] = d->prefix;
    o[9] = d->suffix;
    o[10] = d->group;
    o[11] = d->locale;
    o[12] = d->level;
    memcpy(o + 13, d->side, GROTTO_MAX_FLOORS);
}

void oracle_multibug_bytes(const grotto_multibug_t *m, uint8_t out[MULTIBUG_BYTES])
{
    memset(out, 0, MULTIBUG_BYTES);
    details_bytes(&m->orig, out);
    details_bytes(&m->bug, out + DETAILS_BYTES);
    for (int f = 0; f < GROTTO_MAX_FLOORS; f++) {
        uint8_t *o = out + 2 * DETAILS_BYTES + FLOOR_BYTES * f;
        const grotto_elist_t *e = &m->elist[f];
        o[0] = m->chest_count[f];
        memcpy(o + 1, m->chest_rank[f], GROTTO_MAX_CHESTS);
        put16(o + 4, e->ofs);
        put16(o + 6, e->D);
        o[8] = e->state;
        o[9] = e->survivors;
        put16(o + 10, e->W);
        put16(o + 12, e->X);
        put16(o + 14, e->only);
    }
}

/* ---- the passes ---- */

typedef struct at_pass {
    const oracle_compare_opts *o;
    const grotto_engine *e[SIDES];
    uint8_t *flags;
    whistle_list whistles;
    atomic_uint_fast64_t visits;
    atomic_uint_fast64_t cpu_ns;
    atomic_uint_fast64_t side_ns[SIDES]; /* each engine's calls alone (and their encoding) */
} at_pass;

static uint8_t ab_kind(const int ok[SIDES], const uint8_t *a, const uint8_t *b, size_t n)
{
    return (uint8_t)(VISITED | (!ok[0] || !ok[1] || memcmp(a, b, n) != 0 ? ORACLE_AB : 0));
}

static void account(at_pass *p, uint64_t visits, double cpu_from)
{
    atomic_fetch_add(&p->visits, visits);
    atomic_fetch_add(&p->cpu_ns, (uint64_t)((base_thread_cpu() - cpu_from) * 1e9));
}

/* One engine's calls for a unit, timed as one block: the thread CPU
 * clock is a system call, and two around each of a seed's hundreds of
 * calls would cost more than many of the calls. */
static void side_done(at_pass *p, int side, double cpu_from)
{
    atomic_fetch_add(&p->side_ns[side], (uint64_t)((base_thread_cpu() - cpu_from) * 1e9));
}

/* What one engine answers for one seed, encoded: its marks, its whistle
 * answers and its scans. */
typedef struct at_answers {
    int marks_ok;
    uint8_t marks[MARKS_BYTES];
    uint8_t whistle[ORACLE_AT_WHISTLE_BYTES];
    int scan_ok[ORACLE_AT_SCANS];
    uint8_t scan[ORACLE_AT_SCANS][SCAN_BYTES];
} at_answers;

static void at_answers_of(const grotto_engine *e, uint32_t seed, const whistle_list *w, at_answers *a)
{
    a->marks_ok = oracle_at_marks_bytes(e, seed, a->marks);
    whistle_bytes(e, seed, w, a->whistle);
    for (int i = 0; i < ORACLE_AT_SCANS; i++) {
        grotto_at_scan_query q;
        oracle_at_scan_query(i, &q);
        a->scan_ok[i] = oracle_at_scan_bytes(e, seed, &q, a->scan[i]);
    }
}

/* at: one unit per seed, its ORACLE_AT_PER_SEED parts */
static void at_unit(size_t unit, void *arg)
{
    at_pass *p = arg;
    double t0 = base_thread_cpu();
    uint32_t seed = (uint32_t)unit;
    uint8_t *flags = p->flags + (size_t)seed * ORACLE_AT_PER_SEED;
    at_answers ans[SIDES];
    for (int s = 0; s < SIDES; s++) {
        double c0 = base_thread_cpu();
        at_answers_of(p->e[s], seed, &p->whistles, &ans[s]);
        side_done(p, s, c0);
    }
    int ok[SIDES] = {ans[0].marks_ok, ans[1].marks_ok};
    flags[0] = ab_kind(ok, ans[0].marks, ans[1].marks, MARKS_BYTES);
    ok[0] = ok[1] = 1;
    flags[1] = ab_kind(ok, ans[0].whistle, ans[1].whistle, 2 * (size_t)p->whistles.n);
    for (int i = 0; i < ORACLE_AT_SCANS; i++) {
        ok[0] = ans[0].scan_ok[i];
        ok[1] = ans[1].scan_ok[i];
        flags[2 + i] = ab_kind(ok, ans[0].scan[i], ans[1].scan[i], SCAN_BYTES);
    }
    account(p, ORACLE_AT_PER_SEED, t0);
}

/* multibug: one unit per seed - each engine's 16 floors once - its 12 bands */
static void multibug_unit(size_t unit, void *arg)
{
    at_pass *p = arg;
    double t0 = base_thread_cpu();
    uint32_t seed = (uint32_t)unit;
    uint8_t rec[SIDES][GROTTO_BANDS][MULTIBUG_BYTES];
    int ok[SIDES][GROTTO_BANDS];
    for (int s = 0; s < SIDES; s++) {
        double c0 = base_thread_cpu();
        grotto_map_floors_t fl;
        int fl_ok = p->e[s]->map_floors(seed, GROTTO_MAX_FLOORS, &fl) == 0;
        for (int b = 0; b < GROTTO_BANDS; b++) {
            grotto_multibug_t m;
            ok[s][b] = fl_ok && p->e[s]->multibug(gt_band[b].code, &fl, &m) == 0;
            if (ok[s][b])
                oracle_multibug_bytes(&m, rec[s][b]);
        }
        side_done(p, s, c0);
    }
    for (int b = 0; b < GROTTO_BANDS; b++) {
        int both[SIDES] = {ok[0][b], ok[1][b]};
        p->flags[grotto_map_slot(b, seed)] = ab_kind(both, rec[0][b], rec[1][b], MULTIBUG_BYTES);
    }
    account(p, GROTTO_BANDS, t0);
}

/* Count the marks and keep the first differences. */
static void summarize(const at_pass *p, oracle_domain d, double wall, oracle_compare_result *r)
{
    const oracle_compare_opts *o = p->o;
    memset(r, 0, sizeof *r);
    r->domain = d;
    r->expected = oracle_domain_expected(d, o, r->definition, sizeof r->definition);
    r->visits = atomic_load(&p->visits);
    r->seconds = wall;
    r->cpu_seconds = (double)atomic_load(&p->cpu_ns) * 1e-9;
    for (int s = 0; s < SIDES; s++)
        r->engine_cpu_seconds[s] = (double)atomic_load(&p->side_ns[s]) * 1e-9;
    int show = o->show < 0 ? 0 : o->show > ORACLE_MAX_SHOW ? ORACLE_MAX_SHOW : o->show;
    size_t n = oracle_domain_size(d);
    for (size_t i = 0; i < n; i++) {
        uint8_t f = p->flags[i];
        if (!(f & VISITED))
            continue;
        r->checked++;
        f &= (uint8_t)~VISITED;
        if (!f)
            continue;
        r->mismatched++;
        r->ab += (f & ORACLE_AB) != 0;
        if (r->first_count < show) {
            r->first[r->first_count] = i;
            r->first_kind[r->first_count] = f;
            r->first_count++;
        }
    }
}

int oracle_at_domain_run(oracle_domain d, const oracle_compare_opts *o, oracle_done_fn done, void *ctx)
{
    char why[256];
    if ((d != ORACLE_AT && d != ORACLE_MULTIBUG) || oracle_domain_unavailable(d, o, why, sizeof why))
        return -1;
    at_pass *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->o = o;
    p->e[0] = o->a;
    p->e[1] = o->b;
    p->flags = calloc(oracle_domain_size(d), 1);
    if (!p->flags) {
        free(p);
        return -1;
    }
    whistle_list_build(&p->whistles);
    char label[96];
    snprintf(label, sizeof label, "%s %s vs %s", oracle_domain_name(d), o->a->name, o->b->name);
    base_progress pr;
    base_progress_init(&pr, label, o->quiet);
    double t0 = base_now();
    base_parallel(o->threads, GROTTO_SEED_COUNT, d == ORACLE_AT ? 8 : 4, d == ORACLE_AT ? at_unit : multibug_unit,
                    p, base_progress_cb, &pr);
    double wall = base_now() - t0;
    base_progress_done(&pr);
    oracle_compare_result r;
    summarize(p, d, wall, &r);
    free(p->flags);
    free(p);
    return done && done(ctx, &r) ? 1 : 0;
}

/* ---- reports ---- */

static const char *mark(int differs)
{
    return differs ? "*" : "";
}

static void report_marks(FILE *out, const oracle_compare_opts *o, uint32_t seed)
{
    const grotto_engine *e[SIDES] = {o->a, o->b};
    uint8_t b[SIDES][MARKS_BYTES];
    int ok[SIDES];
    fprintf(out, "  seed 0x%04X: marks (steps 35..37, R2 / +3 / N2, POP of zooms 0..%d):\n", seed,
            ORACLE_AT_ZOOMS - 1);
    for (int s = 0; s < SIDES; s++)
        ok[s] = oracle_at_marks_bytes(e[s], seed, b[s]);
    for (int s = 0; s < SIDES; s++) {
        const uint8_t *v = b[s], *w = ok[!s] ? b[!s] : NULL;
#define D16(off) mark(w && get16(v + (off)) != get16(w + (off)))
        if (!ok[s]) {
            fprintf(out, "    %-5s refused seed 0x%04X\n", e[s]->name, seed);
            continue;
        }
        fprintf(out, "    %-5s shown %u%s %u%s %u%s  R2 %d%s  +3 %d%s  N2 %d%s\n", e[s]->name, get16(v), D16(0),
                get16(v + 2), D16(2), get16(v + 4), D16(4), (int16_t)get16(v + 6), D16(6), (int16_t)get16(v + 8),
                D16(8), (int16_t)get16(v + 10), D16(10));
        for (int z = 0; z < ORACLE_AT_ZOOMS; z++) {
            int off = 12 + 10 * z;
            fprintf(out, "          zoom %d: POP %u%s value %u%s next %u%s deftness %u%s\n", z, get32(v + off),
                    mark(w && get32(v + off) != get32(w + off)), get16(v + off + 4), D16(off + 4),
                    get16(v + off + 6), D16(off + 6), get16(v + off + 8), D16(off + 8));
        }
#undef D16
    }
}

static const char *answer(uint8_t r)
{
    return r == 1 ? "yes" : r == 0 ? "no" : "error";
}

static void report_whistle(FILE *out, const oracle_compare_opts *o, uint32_t seed)
{
    enum { LIST = 8 };
    whistle_list *l = malloc(sizeof *l);
    uint8_t (*b)[ORACLE_AT_WHISTLE_BYTES] = malloc(SIDES * sizeof *b);
    if (!l || !b) {
        fprintf(out, "  seed 0x%04X: whistle: out of memory for the report\n", seed);
        free(l);
        free(b);
        return;
    }
    whistle_list_build(l);
    const grotto_engine *e[SIDES] = {o->a, o->b};
    for (int s = 0; s < SIDES; s++)
        whistle_bytes(e[s], seed, l, b[s]);
    fprintf(out, "  seed 0x%04X: whistle at zoom 0 (POP %d), %d wandering members x (no deftness maximum, "
                 "maximum %d):\n", seed, GROTTO_AT_POP_BASE, l->n, ORACLE_AT_WHISTLE_DEFT);
    int shown = 0, differ = 0;
    for (int i = 0; i < l->n; i++) {
        if (b[0][2 * i] == b[1][2 * i] && b[0][2 * i + 1] == b[1][2 * i + 1])
            continue;
        differ++;
        if (shown++ >= LIST)
            continue;
        const grotto_whistle *w = &l->w[i];
        fprintf(out, "    env %d rank %2d %-24s %s: %s, <= %d: %s; %s: %s, <= %d: %s\n", w->env, w->mr,
                gt_monsters[w->monster].en, e[0]->name, answer(b[0][2 * i]), ORACLE_AT_WHISTLE_DEFT,
                answer(b[0][2 * i + 1]), e[1]->name, answer(b[1][2 * i]), ORACLE_AT_WHISTLE_DEFT,
                answer(b[1][2 * i + 1]));
    }
    if (differ > LIST)
        fprintf(out, "    ... %d members differ in all\n", differ);
    free(l);
    free(b);
}

static void report_scan(FILE *out, const oracle_compare_opts *o, uint32_t seed, int scan)
{
    grotto_at_scan_query q;
    oracle_at_scan_query(scan, &q);
    const grotto_engine *e[SIDES] = {o->a, o->b};
    uint8_t b[SIDES][SCAN_BYTES];
    int ok[SIDES];
    for (int s = 0; s < SIDES; s++)
        ok[s] = oracle_at_scan_bytes(e[s], seed, &q, b[s]);
    fprintf(out, "  seed 0x%04X: scan %s, hit <= %u, steps 1..%u, POP %u:\n", seed, gt_at_pattern[q.pattern].name,
            q.threshold, q.max_steps, q.pop);
    for (int s = 0; s < SIDES; s++) {
        if (!ok[s]) {
            fprintf(out, "    %-5s refused the scan\n", e[s]->name);
            continue;
        }
        const uint8_t *v = b[s], *w = ok[!s] ? b[!s] : NULL;
        uint32_t n = get32(v);
        fprintf(out, "    %-5s %u match%s%s:", e[s]->name, n, n == 1 ? "" : "es", mark(w && n != get32(w)));
        for (uint32_t i = 0; i < n && i < ORACLE_AT_KEEP; i++) {
            int off = 4 + 4 * (int)i;
            fprintf(out, " %u%s", get32(v + off), mark(w && get32(v + off) != get32(w + off)));
        }
        fprintf(out, "%s\n", n > ORACLE_AT_KEEP ? " ..." : "");
    }
}

static void print_details(FILE *out, const char *label, const char *which, const uint8_t *v, const uint8_t *w)
{
    static const char *const names[] = {"band", "code", "seed", "env", "floors", "smr", "boss", "prefix",
                                        "suffix", "group", "locale", "level"};
    fprintf(out, "    %-5s %s", label, which);
    for (int i = 1; i < 12; i++) {
        int off = i < 2 ? i : i + 1; /* the seed is bytes 2-3 */
        unsigned x = i == 2 ? get16(v + 2) : v[off], y = i == 2 ? (w ? get16(w + 2) : 0) : (w ? w[off] : 0);
        fprintf(out, " %s %u%s", names[i], x, mark(w && x != y));
    }
    int side = w && memcmp(v + 13, w + 13, GROTTO_MAX_FLOORS) != 0;
    fprintf(out, " sides%s\n", side ? "*" : "");
}

static void report_multibug(FILE *out, const oracle_compare_opts *o, size_t item)
{
    int band = (int)(item / GROTTO_SEED_COUNT);
    uint32_t seed = (uint32_t)(item % GROTTO_SEED_COUNT);
    const grotto_engine *e[SIDES] = {o->a, o->b};
    fprintf(out, "  map %02X%04X, multiplayer bug (band %d..%d, seed 0x%04X):\n", gt_band[band].code, seed,
            gt_band[band].qmin, gt_band[band].qmax, seed);
    uint8_t b[SIDES][MULTIBUG_BYTES];
    int ok[SIDES];
    for (int s = 0; s < SIDES; s++) {
        grotto_map_floors_t fl;
        grotto_multibug_t m;
        ok[s] = e[s]->map_floors(seed, GROTTO_MAX_FLOORS, &fl) == 0 && e[s]->multibug(gt_band[band].code, &fl, &m) == 0;
        if (ok[s])
            oracle_multibug_bytes(&m, b[s]);
    }
    for (int s = 0; s < SIDES; s++) {
        if (!ok[s]) {
            fprintf(out, "    %-5s refused (quality %d, seed 0x%04X)\n", e[s]->name, gt_band[band].code, seed);
            continue;
        }
        const uint8_t *v = b[s], *w = ok[!s] ? b[!s] : NULL;
        print_details(out, e[s]->name, "map", v, w);
        print_details(out, "", "bug", v + DETAILS_BYTES, w ? w + DETAILS_BYTES : NULL);
        for (int f = 0; f < GROTTO_MAX_FLOORS; f++) {
            const uint8_t *x = v + 2 * DETAILS_BYTES + FLOOR_BYTES * f;
            const uint8_t *y = w ? w + 2 * DETAILS_BYTES + FLOOR_BYTES * f : NULL;
            if (!y || !memcmp(x, y, FLOOR_BYTES))
                continue;
            fprintf(out, "      B%-2dF chests %u ranks %u %u %u  ElistOfs 0x%04X  D %u  state %u  survivors %u  "
                         "W %u  X %u   <- differs\n",
                    f + 1, x[0], x[1], x[2], x[3], get16(x + 4), get16(x + 6), x[8], x[9], get16(x + 10),
                    get16(x + 12));
        }
    }
}

void oracle_at_report_item(FILE *out, oracle_domain d, size_t item, const oracle_compare_opts *o)
{
    if (d == ORACLE_MULTIBUG) {
        report_multibug(out, o, item);
        return;
    }
    uint32_t seed = (uint32_t)(item / ORACLE_AT_PER_SEED);
    int part = (int)(item % ORACLE_AT_PER_SEED);
    if (part == 0)
        report_marks(out, o, seed);
    else if (part == 1)
        report_whistle(out, o, seed);
    else
        report_scan(out, o, seed, part - 2);
}

void oracle_at_item_value(json_t *v, oracle_domain d, size_t item)
{
    if (d == ORACLE_MULTIBUG) {
        res_int(v, "band", gt_band[item / GROTTO_SEED_COUNT].code);
        res_int(v, "seed", (long long)(item % GROTTO_SEED_COUNT));
        return;
    }
    size_t part = item % ORACLE_AT_PER_SEED;
    res_int(v, "seed", (long long)(item / ORACLE_AT_PER_SEED));
    res_str(v, "part", part == 0 ? "marks" : part == 1 ? "whistle" : "scan");
    if (part >= 2) {
        grotto_at_scan_query q;
        oracle_at_scan_query((int)part - 2, &q);
        res_str(v, "pattern", gt_at_pattern[q.pattern].name);
        res_int(v, "threshold", q.threshold);
        res_int(v, "max_steps", q.max_steps);
        res_int(v, "pop", q.pop);
    }
}
