/* The oracle's chests domain (chests.md §3, issue 21 item 1): what every
 * chest of every map holds at each second 0..255, engine A against engine
 * B. No corpus holds chest contents, so the domain compares two engines
 * (oracle_domain_unavailable).
 *
 * An item is one (map, floor, second) triple: the map of (band, seed)
 * from each engine's own map_from_floors over its own map_floors, floor n
 * 1..16, second t; what is compared is the floor's chest count, the ranks
 * and the item in every chest at t - 7 bytes per side. Floors 1 and 2 and
 * floors past the map's last have no chests: their triples compare the
 * empty floor (count 0 on both sides). Item index
 *   ((band * 32768 + seed) * 16 + n - 1) * 256 + t.
 * The full domain is 1,610,612,736 triples; the default run covers the
 * slice of ORACLE_CHESTS_SLICE_* (oracle.h), the full run every triple.
 *
 * 1.6 billion items do not fit one mark byte each: the marks are per
 * (map, floor), the number of seconds compared (set once, never added),
 * and the seconds that differed; "checked" is the sum of the marks, which
 * must reach the definition's count (oracle_domain_expected), computed from
 * the dimensions, not from these loops. The first differences are the
 * lowest (map, floor)s that differ, kept with their 256-bit masks of
 * differing seconds, so the report lists the lowest differing triples,
 * each with A's draws for its chests (oracle_chest_draws_of). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/chests.h"
#include "grotto/map.h"
#include "grotto/rng.h"
#include "grotto/tables.h"
#include "base.h"
#include "oracle.h"

enum { SIDES = 2, T = GROTTO_CHEST_SECONDS, FLOORS = GROTTO_MAX_FLOORS };

/* ---- the slice ---- */

int oracle_chests_in_slice(const oracle_compare_opts *o, uint32_t seed, uint32_t t)
{
    return o->chests_full ||
           (t < ORACLE_CHESTS_SLICE_SECONDS || seed % ORACLE_CHESTS_SLICE_SEED_STRIDE == 0);
}

/* Triples of the domain with these options: full, or the slice - every
 * map and floor at seconds 0..S-1, and all 256 seconds of the seeds that
 * are multiples of the stride. */
uint64_t oracle_chests_expected(const oracle_compare_opts *o, char *def, size_t n)
{
    uint64_t maps = (uint64_t)GROTTO_BANDS * GROTTO_SEED_COUNT, floors = FLOORS;
    if (o->chests_full) {
        snprintf(def, n, "%u bands x %u seeds x %u floors x %u seconds", GROTTO_BANDS, GROTTO_SEED_COUNT, FLOORS, T);
        return maps * floors * T;
    }
    uint64_t stride_seeds = (GROTTO_SEED_COUNT + ORACLE_CHESTS_SLICE_SEED_STRIDE - 1) / ORACLE_CHESTS_SLICE_SEED_STRIDE;
    snprintf(def, n, "slice: %u bands x 16 floors x (32768 seeds x t 0..%d + %llu seeds 0 mod %d x t %d..255)",
             GROTTO_BANDS, ORACLE_CHESTS_SLICE_SECONDS - 1, (unsigned long long)stride_seeds,
             ORACLE_CHESTS_SLICE_SEED_STRIDE, ORACLE_CHESTS_SLICE_SECONDS);
    return (uint64_t)GROTTO_BANDS * floors *
           ((uint64_t)GROTTO_SEED_COUNT * ORACLE_CHESTS_SLICE_SECONDS +
            stride_seeds * (T - ORACLE_CHESTS_SLICE_SECONDS));
}

/* ---- one side's triples ---- */

/* The floor of a map as the chest functions take it: each engine's map
 * decides its own input (no chests past the last floor). */
void oracle_chest_floor_of(const grotto_map_t *m, int n, grotto_chest_floor *f)
{
    memset(f, 0, sizeof *f);
    f->seed = m->d.seed;
    f->floor = (uint8_t)n;
    if (n <= m->d.floors) {
        f->count = m->chest_count[n - 1];
        memcpy(f->rank, m->chest_rank[n - 1], GROTTO_MAX_CHESTS);
    }
}

/* A map's 16 floors at the seconds wanted (want[t]): each floor's input
 * and its items; ok = 0 when the engine refused the map or a floor. Only
 * the wanted seconds are written. */
typedef struct side_map {
    int ok;
    grotto_chest_floor floor[FLOORS];
    uint8_t item[FLOORS][T][GROTTO_MAX_CHESTS];
} side_map;

static void side_floors(const grotto_engine *e, const grotto_map_t *m, int map_ok, const uint8_t want[T],
                        side_map *out)
{
    out->ok = map_ok;
    if (!map_ok)
        return;
    for (int n = 1; n <= FLOORS; n++) {
        grotto_chest_floor *f = &out->floor[n - 1];
        oracle_chest_floor_of(m, n, f);
        /* one call per run of wanted seconds */
        for (int t = 0; t < T;) {
            int end = t;
            while (end < T && want[end] == want[t])
                end++;
            if (want[t] && e->chest_seconds(f, (uint32_t)t, (uint32_t)(end - t), &out->item[n - 1][t]) != 0) {
                out->ok = 0;
                return;
            }
            t = end;
        }
    }
}

/* Whether a triple differs: either side refused, or the count, a rank or
 * an item differs. */
static int triple_differs(const side_map *a, const side_map *b, int n, int t)
{
    if (!a->ok || !b->ok)
        return 1;
    const grotto_chest_floor *fa = &a->floor[n - 1], *fb = &b->floor[n - 1];
    return fa->count != fb->count || memcmp(fa->rank, fb->rank, GROTTO_MAX_CHESTS) != 0 ||
           memcmp(a->item[n - 1][t], b->item[n - 1][t], GROTTO_MAX_CHESTS) != 0;
}

/* ---- the pass ---- */

typedef struct keep_unit {
    size_t unit;                     /* (band * 32768 + seed) * 16 + n - 1 */
    uint64_t mask[T / 64];           /* the seconds that differ */
} keep_unit;

typedef struct chests_pass {
    const oracle_compare_opts *o;
    const grotto_engine *e[SIDES];
    uint16_t *seen;                  /* per (map, floor): seconds compared */
    uint16_t *differ;                /* per (map, floor): seconds that differ */
    atomic_uint_fast64_t visits;
    atomic_uint_fast64_t cpu_ns, side_ns[SIDES];
    pthread_mutex_t lock;            /* keep */
    int keep_cap, keep_count;
    keep_unit keep[ORACLE_MAX_SHOW]; /* the lowest differing units, ascending */
} chests_pass;

/* Keep unit u if it is among the keep_cap lowest so far. */
static void keep_lowest(chests_pass *p, size_t unit, const uint64_t mask[T / 64])
{
    pthread_mutex_lock(&p->lock);
    int n = p->keep_count;
    if (n < p->keep_cap || (n > 0 && unit < p->keep[n - 1].unit)) {
        int at = n < p->keep_cap ? n : n - 1;
        while (at > 0 && p->keep[at - 1].unit > unit) {
            p->keep[at] = p->keep[at - 1];
            at--;
        }
        p->keep[at].unit = unit;
        memcpy(p->keep[at].mask, mask, sizeof p->keep[at].mask);
        if (n < p->keep_cap)
            p->keep_count++;
    }
    pthread_mutex_unlock(&p->lock);
}

typedef struct seed_work {
    grotto_map_t m[SIDES][GROTTO_BANDS];
    int ok[SIDES][GROTTO_BANDS];
    side_map side[SIDES];
} seed_work;

/* One unit per seed: each engine's 16 floors once, its 12 band maps, and
 * every (map, floor, second) of the domain. */
static void chests_unit(size_t unit, void *arg)
{
    chests_pass *p = arg;
    double t0 = base_thread_cpu();
    uint32_t seed = (uint32_t)unit;
    seed_work work, *w = &work; /* about 50 KB */
    uint8_t want[T];
    for (int t = 0; t < T; t++)
        want[t] = (uint8_t)oracle_chests_in_slice(p->o, seed, (uint32_t)t);
    for (int s = 0; s < SIDES; s++) {
        grotto_map_floors_t fl;
        int fl_ok = p->e[s]->map_floors(seed, FLOORS, &fl) == 0;
        for (int b = 0; b < GROTTO_BANDS; b++)
            w->ok[s][b] = fl_ok && p->e[s]->map_from_floors(gt_band[b].code, &fl, &w->m[s][b]) == 0;
    }
    uint64_t visits = 0;
    for (int b = 0; b < GROTTO_BANDS; b++) {
        for (int s = 0; s < SIDES; s++) {
            double c0 = base_thread_cpu();
            side_floors(p->e[s], &w->m[s][b], w->ok[s][b], want, &w->side[s]);
            atomic_fetch_add(&p->side_ns[s], (uint64_t)((base_thread_cpu() - c0) * 1e9));
        }
        for (int n = 1; n <= FLOORS; n++) {
            size_t u = ((size_t)b * GROTTO_SEED_COUNT + seed) * FLOORS + (size_t)(n - 1);
            uint64_t mask[T / 64] = {0};
            int seen = 0, differ = 0;
            for (int t = 0; t < T; t++) {
                if (!want[t])
                    continue;
                seen++;
                if (triple_differs(&w->side[0], &w->side[1], n, t)) {
                    differ++;
                    mask[t / 64] |= (uint64_t)1 << (t % 64);
                }
            }
            p->seen[u] = (uint16_t)seen;
            p->differ[u] = (uint16_t)differ;
            visits += (uint64_t)seen;
            if (differ)
                keep_lowest(p, u, mask);
        }
    }
    atomic_fetch_add(&p->visits, visits);
    atomic_fetch_add(&p->cpu_ns, (uint64_t)((base_thread_cpu() - t0) * 1e9));
}

static void summarize(const chests_pass *p, double wall, oracle_compare_result *r)
{
    const oracle_compare_opts *o = p->o;
    memset(r, 0, sizeof *r);
    r->domain = ORACLE_CHESTS;
    r->expected = oracle_domain_expected(ORACLE_CHESTS, o, r->definition, sizeof r->definition);
    r->visits = atomic_load(&p->visits);
    r->seconds = wall;
    r->cpu_seconds = (double)atomic_load(&p->cpu_ns) * 1e-9;
    for (int s = 0; s < SIDES; s++)
        r->engine_cpu_seconds[s] = (double)atomic_load(&p->side_ns[s]) * 1e-9;
    size_t units = (size_t)GROTTO_MAP_UNIVERSE * FLOORS;
    for (size_t u = 0; u < units; u++) {
        r->checked += p->seen[u];
        r->mismatched += p->differ[u];
    }
    r->ab = r->mismatched;
    for (int k = 0; k < p->keep_count && r->first_count < p->keep_cap; k++)
        for (int t = 0; t < T && r->first_count < p->keep_cap; t++)
            if (p->keep[k].mask[t / 64] >> (t % 64) & 1u) {
                r->first[r->first_count] = p->keep[k].unit * T + (size_t)t;
                r->first_kind[r->first_count] = ORACLE_AB;
                r->first_count++;
            }
}

int oracle_chests_domain_run(const oracle_compare_opts *o, oracle_done_fn done, void *ctx)
{
    char why[256];
    if (oracle_domain_unavailable(ORACLE_CHESTS, o, why, sizeof why))
        return -1;
    chests_pass *p = calloc(1, sizeof *p);
    size_t units = (size_t)GROTTO_MAP_UNIVERSE * FLOORS;
    if (!p)
        return -1;
    p->seen = calloc(units, sizeof *p->seen);
    p->differ = calloc(units, sizeof *p->differ);
    if (!p->seen || !p->differ) {
        free(p->seen);
        free(p->differ);
        free(p);
        return -1;
    }
    p->o = o;
    p->e[0] = o->a;
    p->e[1] = o->b;
    p->keep_cap = o->show < 0 ? 0 : o->show > ORACLE_MAX_SHOW ? ORACLE_MAX_SHOW : o->show;
    pthread_mutex_init(&p->lock, NULL);
    char label[96];
    snprintf(label, sizeof label, "chests %s vs %s", o->a->name, o->b->name);
    base_progress pr;
    base_progress_init(&pr, label, o->quiet);
    double t0 = base_now();
    base_parallel(o->threads, GROTTO_SEED_COUNT, 4, chests_unit, p, base_progress_cb, &pr);
    double wall = base_now() - t0;
    base_progress_done(&pr);
    oracle_compare_result r;
    summarize(p, wall, &r);
    pthread_mutex_destroy(&p->lock);
    free(p->seen);
    free(p->differ);
    free(p);
    return done && done(ctx, &r) ? 1 : 0;
}

/* ---- reports ---- */

oracle_chest_draws oracle_chest_draws_of(const grotto_chest_floor *f, int smr, uint32_t t, int i)
{
    oracle_chest_draws d;
    d.rank = grotto_draw_k(f->seed + f->floor, (uint32_t)(2 * f->count + i + 1));
    d.content = grotto_draw_k(f->floor + f->seed + t, (uint32_t)i + 1);
    d.v = (int)(100 * ((int64_t)d.content - 1) / 32767); /* trunc toward zero: draw 0 gives 0 */
    d.lo = d.span = 0;
    int mr = grotto_floor_mr(smr, f->floor);
    for (int k = 0; k < GT_CHEST_RANK_BY_MR_ROWS; k++)
        if (mr >= gt_chest_rank_by_mr[k].key_min && mr <= gt_chest_rank_by_mr[k].key_max) {
            d.lo = gt_chest_rank_by_mr[k].lo;
            d.span = gt_chest_rank_by_mr[k].hi - gt_chest_rank_by_mr[k].lo + 1;
        }
    return d;
}

static void print_side(FILE *out, const grotto_engine *e, const side_map *v, const side_map *w, int n, int t)
{
    if (!v->ok) {
        fprintf(out, "    %-5s refused the map or one of its floors\n", e->name);
        return;
    }
    const grotto_chest_floor *f = &v->floor[n - 1], *g = w && w->ok ? &w->floor[n - 1] : NULL;
    const uint8_t *item = v->item[n - 1][t], *other = g ? w->item[n - 1][t] : NULL;
    fprintf(out, "    %-5s %u chest%s%s", e->name, f->count, f->count == 1 ? "" : "s",
            g && f->count != g->count ? "*" : "");
    const char *sep = ":";
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++) {
        int r = f->rank[i], it = item[i];
        int dr = g && r != g->rank[i], di = g && it != other[i];
        if (i >= f->count && !dr && !di && !it)
            continue; /* an empty slot, as on the other side */
        fprintf(out, "%s %d %c%s %s%s", sep, i + 1,
                r >= 1 && r <= GT_CHEST_RANKS ? gt_chest_tables[r].letter : '-', dr ? "*" : "",
                i < f->count && it < GT_ITEM_COUNT ? gt_item_name[it].en : "(no chest)", di ? "*" : "");
        if (i >= f->count)
            fprintf(out, " [item %d]", it);
        sep = ",";
    }
    fputc('\n', out);
}

void oracle_chests_report_item(FILE *out, size_t item, const oracle_compare_opts *o)
{
    int t = (int)(item % T);
    size_t unit = item / T;
    int n = (int)(unit % FLOORS) + 1;
    size_t map = unit / FLOORS;
    int band = (int)(map / GROTTO_SEED_COUNT);
    uint32_t seed = (uint32_t)(map % GROTTO_SEED_COUNT);
    fprintf(out, "  map %02X%04X B%dF at second %d (stopwatch %d):\n", gt_band[band].code, seed, n, t,
            t + GROTTO_STOPWATCH_OFFSET);
    const grotto_engine *e[SIDES] = {o->a, o->b};
    side_map *v = malloc(SIDES * sizeof *v);
    if (!v) {
        fprintf(out, "    (out of memory for the report)\n");
        return;
    }
    uint8_t want[T] = {0};
    want[t] = 1;
    /* as the domain computes it: each engine's map, all 16 floors */
    int smr_a = 0;
    for (int s = 0; s < SIDES; s++) {
        grotto_map_floors_t fl;
        grotto_map_t m;
        int ok = e[s]->map_floors(seed, FLOORS, &fl) == 0 && e[s]->map_from_floors(gt_band[band].code, &fl, &m) == 0;
        side_floors(e[s], &m, ok, want, &v[s]);
        if (s == 0 && ok)
            smr_a = m.d.smr;
    }
    for (int s = 0; s < SIDES; s++)
        print_side(out, e[s], &v[s], s ? &v[0] : NULL, n, t);
    /* the draws that decide A's chests */
    for (int i = 0; v[0].ok && i < v[0].floor[n - 1].count; i++) {
        oracle_chest_draws d = oracle_chest_draws_of(&v[0].floor[n - 1], smr_a, (uint32_t)t, i);
        fprintf(out, "    chest %d draws (%s): rank %u (%d + scaled(%d)), content %u (v %d)\n", i + 1, e[0]->name,
                d.rank, d.lo, d.span, d.content, d.v);
    }
    free(v);
}

void oracle_chests_item_value(json_t *v, size_t item)
{
    size_t unit = item / T, map = unit / FLOORS;
    res_int(v, "band", gt_band[map / GROTTO_SEED_COUNT].code);
    res_int(v, "seed", (long long)(map % GROTTO_SEED_COUNT));
    res_int(v, "floor", (long long)(unit % FLOORS + 1));
    res_int(v, "second", (long long)(item % T));
}
