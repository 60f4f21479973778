/* Whole-domain comparison (oracle.h): every item of a domain computed by
 * engine A and engine B and compared byte for byte, and with the corpus.
 * Each compared item is marked; a domain's "checked" count comes from those
 * marks and must reach the count of its definition (oracle_domain_expected),
 * which is computed from the universe's dimensions, not from these loops.
 * The walk domain compares walking costs (half-steps) instead of records. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/record.h"
#include "grotto/sweep.h"
#include "grotto/tables.h"
#include "grotto/walk.h"
#include "base.h"
#include "oracle.h"

enum { VISITED = 128, SIDES = 2 }; /* side 0 = engine A, side 1 = engine B */
enum { KEEP_FLOORS = 0, KEEP_MAPS = 1 };

typedef struct pass {
    const oracle_compare_opts *o;
    const grotto_engine *e[SIDES];          /* B may be NULL */
    uint8_t *flags[ORACLE_DOMAIN_COUNT];    /* per item; NULL: domain not compared */
    uint64_t *keep[SIDES][2];               /* per-item digests kept for the sweep, or NULL */
    const uint32_t *timer_list;             /* the timers to visit; NULL: all of them */
    atomic_uint_fast64_t visits[ORACLE_DOMAIN_COUNT];
    atomic_uint_fast64_t cpu_ns[ORACLE_DOMAIN_COUNT];
    double wall[ORACLE_DOMAIN_COUNT];
    uint64_t *walk_values;                  /* walk: per item, oracle_walk_value() */
    atomic_uint_fast64_t search_ns[SIDES];  /* walk: CPU of each engine's searches */
} pass;

static void account(pass *p, oracle_domain d, uint64_t visits, double cpu_from)
{
    atomic_fetch_add(&p->visits[d], visits);
    atomic_fetch_add(&p->cpu_ns[d], (uint64_t)((base_thread_cpu() - cpu_from) * 1e9));
}

/* Kinds shared by every record domain: A vs B byte for byte, each vs the
 * corpus digest (want may be NULL). A side that produced no record differs. */
static uint8_t record_kinds(const pass *p, const int ok[SIDES], const uint8_t *const rec[SIDES],
                            const uint64_t dig[SIDES], size_t n, const uint64_t *want)
{
    uint8_t f = 0;
    if (p->e[1] && (!ok[0] || !ok[1] || memcmp(rec[0], rec[1], n) != 0))
        f |= ORACLE_AB;
    if (want) {
        if (!ok[0] || dig[0] != *want)
            f |= ORACLE_A_CORPUS;
        if (p->e[1] && (!ok[1] || dig[1] != *want))
            f |= ORACLE_B_CORPUS;
    }
    return f;
}

/* ---- floors: one unit per seed, its 16 floors ---- */

static void floors_unit(size_t unit, void *arg)
{
    pass *p = arg;
    double t0 = base_thread_cpu();
    uint32_t seed = (uint32_t)unit;
    uint8_t *flags = p->flags[ORACLE_FLOORS];
    uint64_t visits = 0;
    for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
        size_t item = grotto_floor_slot(seed, k);
        uint8_t rec[SIDES][GROTTO_FLOOR_RECORD_SIZE];
        int ok[SIDES] = {0, 0};
        uint64_t dig[SIDES] = {0, 0};
        for (int s = 0; s < SIDES; s++) {
            grotto_floor_t f;
            if (!p->e[s])
                continue;
            ok[s] = p->e[s]->floor(seed, k, &f) == 0;
            if (ok[s]) {
                grotto_floor_record(&f, rec[s]);
                dig[s] = grotto_fnv1a(rec[s], GROTTO_FLOOR_RECORD_SIZE);
            }
            if (p->keep[s][KEEP_FLOORS])
                p->keep[s][KEEP_FLOORS][item] = dig[s];
        }
        if (!flags)
            continue;
        const uint8_t *const r[SIDES] = {rec[0], rec[1]};
        flags[item] = (uint8_t)(VISITED | record_kinds(p, ok, r, dig, GROTTO_FLOOR_RECORD_SIZE,
                                                       p->o->want_floors ? &p->o->want_floors[item] : NULL));
        visits++;
    }
    account(p, flags ? ORACLE_FLOORS : ORACLE_SWEEP, visits, t0);
}

/* ---- maps and qualities: one unit per seed ----
 * The 12 band maps from map(band code) are the maps domain's items and the
 * reference of the qualities domain: the map of every quality 2..248, from
 * map_from_floors over the seed's floors (generated once per engine), must
 * be its band's map byte for byte. */

typedef struct band_maps {
    uint8_t rec[SIDES][GROTTO_BANDS][GROTTO_MAP_RECORD_SIZE];
    int ok[SIDES][GROTTO_BANDS];
    uint64_t dig[SIDES][GROTTO_BANDS];
} band_maps;

int oracle_map_record(const grotto_engine *e, int quality, uint32_t seed, uint8_t rec[GROTTO_MAP_RECORD_SIZE])
{
    grotto_map_t m;
    if (e->map(quality, seed, &m) != 0)
        return 0;
    grotto_map_record(&m, rec);
    return 1;
}

static void qualities_of_seed(pass *p, uint32_t seed, const band_maps *bm)
{
    double t0 = base_thread_cpu();
    const oracle_compare_opts *o = p->o;
    grotto_map_floors_t fl[SIDES];
    int fl_ok[SIDES] = {0, 0};
    for (int s = 0; s < SIDES; s++)
        fl_ok[s] = p->e[s] && p->e[s]->map_floors(seed, GROTTO_MAX_FLOORS, &fl[s]) == 0;
    uint64_t visits = 0;
    for (int q = GROTTO_QUALITY_MIN; q <= GROTTO_QUALITY_MAX; q++) {
        int band = oracle_band_of_quality(q);
        size_t item = (size_t)seed * ORACLE_QUALITY_COUNT + (size_t)(q - GROTTO_QUALITY_MIN);
        uint8_t rec[SIDES][GROTTO_MAP_RECORD_SIZE];
        int ok[SIDES] = {0, 0};
        uint64_t dig[SIDES] = {0, 0};
        uint8_t f = VISITED;
        for (int s = 0; s < SIDES; s++) {
            grotto_map_t m;
            if (!p->e[s])
                continue;
            ok[s] = fl_ok[s] && p->e[s]->map_from_floors(q, &fl[s], &m) == 0;
            if (ok[s])
                grotto_map_record(&m, rec[s]);
            int same = ok[s] && band >= 0 && bm->ok[s][band] &&
                       memcmp(rec[s], bm->rec[s][band], GROTTO_MAP_RECORD_SIZE) == 0;
            if (!same)
                f |= s ? ORACLE_B_REF : ORACLE_A_REF;
            dig[s] = same ? bm->dig[s][band] : ok[s] ? grotto_fnv1a(rec[s], GROTTO_MAP_RECORD_SIZE) : 0;
        }
        const uint8_t *const r[SIDES] = {rec[0], rec[1]};
        const uint64_t *want = o->want_maps && band >= 0 ? &o->want_maps[grotto_map_slot(band, seed)] : NULL;
        p->flags[ORACLE_QUALITIES][item] = (uint8_t)(f | record_kinds(p, ok, r, dig, GROTTO_MAP_RECORD_SIZE, want));
        visits++;
    }
    account(p, ORACLE_QUALITIES, visits, t0);
}

static void maps_unit(size_t unit, void *arg)
{
    pass *p = arg;
    double t0 = base_thread_cpu();
    uint32_t seed = (uint32_t)unit;
    uint8_t *flags = p->flags[ORACLE_MAPS];
    band_maps bm;
    uint64_t visits = 0;
    for (int b = 0; b < GROTTO_BANDS; b++) {
        size_t item = grotto_map_slot(b, seed);
        for (int s = 0; s < SIDES; s++) {
            bm.ok[s][b] = p->e[s] && oracle_map_record(p->e[s], gt_band[b].code, seed, bm.rec[s][b]);
            bm.dig[s][b] = bm.ok[s][b] ? grotto_fnv1a(bm.rec[s][b], GROTTO_MAP_RECORD_SIZE) : 0;
            if (p->keep[s][KEEP_MAPS])
                p->keep[s][KEEP_MAPS][item] = bm.dig[s][b];
        }
        if (!flags)
            continue;
        const uint8_t *const r[SIDES] = {bm.rec[0][b], bm.rec[1][b]};
        const uint64_t dig[SIDES] = {bm.dig[0][b], bm.dig[1][b]};
        const int ok[SIDES] = {bm.ok[0][b], bm.ok[1][b]};
        flags[item] = (uint8_t)(VISITED | record_kinds(p, ok, r, dig, GROTTO_MAP_RECORD_SIZE,
                                                       p->o->want_maps ? &p->o->want_maps[item] : NULL));
        visits++;
    }
    /* without the maps domain the band maps are the qualities' (or the sweep's) cost */
    account(p, flags ? ORACLE_MAPS : p->flags[ORACLE_QUALITIES] ? ORACLE_QUALITIES : ORACLE_SWEEP, visits, t0);
    if (p->flags[ORACLE_QUALITIES])
        qualities_of_seed(p, seed, &bm);
}

/* ---- timers: one unit per timer value, its 247 base qualities ---- */

static int timer_equal(const grotto_timer_value *a, const grotto_timer_value *b)
{
    return a->timer == b->timer && a->r1 == b->r1 && a->seed == b->seed && a->r3 == b->r3 && a->base == b->base &&
           a->quality == b->quality && a->location == b->location;
}

static int timer_matches_sample(const grotto_timer_value *v, const grotto_timer_draws *d)
{
    return v->r1 == d->r1 && v->seed == d->seed && v->r3 == d->r3;
}

static void timers_unit(size_t unit, void *arg)
{
    pass *p = arg;
    double t0 = base_thread_cpu();
    uint32_t timer = p->timer_list ? p->timer_list[unit] : (uint32_t)unit;
    const oracle_timer_sample *sample = p->o->want_timers;
    const grotto_timer_draws *want = sample && sample->present[timer] ? &sample->draws[timer] : NULL;
    uint64_t visits = 0;
    for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
        size_t item = (size_t)timer * ORACLE_QUALITY_COUNT + (size_t)(base - GROTTO_QUALITY_MIN);
        grotto_timer_value v[SIDES];
        int ok[SIDES] = {0, 0};
        for (int s = 0; s < SIDES; s++)
            ok[s] = p->e[s] && p->e[s]->timer(timer, base, &v[s]) == 0;
        uint8_t f = VISITED;
        if (p->e[1] && (!ok[0] || !ok[1] || !timer_equal(&v[0], &v[1])))
            f |= ORACLE_AB;
        if (want) {
            if (!ok[0] || !timer_matches_sample(&v[0], want))
                f |= ORACLE_A_CORPUS;
            if (p->e[1] && (!ok[1] || !timer_matches_sample(&v[1], want)))
                f |= ORACLE_B_CORPUS;
        }
        p->flags[ORACLE_TIMERS][item] = f;
        visits++;
    }
    account(p, ORACLE_TIMERS, visits, t0);
}

/* ---- walk: one unit per seed, its 16 floors ----
 * Each engine generates the seed's floors and then walks them, the walks
 * timed apart (search_ns) so that the searches can be compared without the
 * generators. An item is the cost of (seed, floor k): A vs B, each vs the
 * golden floor-walk.bin. A side that gave no floor differs. */

static void walk_unit(size_t unit, void *arg)
{
    pass *p = arg;
    double t0 = base_thread_cpu();
    uint32_t seed = (uint32_t)unit;
    uint16_t cost[SIDES][GROTTO_MAX_FLOORS];
    int ok[SIDES][GROTTO_MAX_FLOORS];
    memset(ok, 0, sizeof ok);
    for (int s = 0; s < SIDES; s++) {
        grotto_floor_t f[GROTTO_MAX_FLOORS];
        if (!p->e[s])
            continue;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++)
            ok[s][k - 1] = p->e[s]->floor(seed, k, &f[k - 1]) == 0;
        double c0 = base_thread_cpu();
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++)
            cost[s][k - 1] = ok[s][k - 1] ? p->e[s]->walk(&f[k - 1]) : (uint16_t)GROTTO_WALK_NONE;
        atomic_fetch_add(&p->search_ns[s], (uint64_t)((base_thread_cpu() - c0) * 1e9));
    }
    const uint16_t *want = p->o->want_walk;
    uint64_t visits = 0;
    for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
        size_t item = grotto_floor_slot(seed, k);
        int a_ok = ok[0][k - 1], b_ok = ok[1][k - 1];
        uint16_t a = cost[0][k - 1], b = p->e[1] ? cost[1][k - 1] : 0;
        uint8_t f = VISITED;
        if (p->e[1] && (!a_ok || !b_ok || a != b))
            f |= ORACLE_AB;
        if (want && (!a_ok || a != want[item]))
            f |= ORACLE_A_CORPUS;
        if (want && p->e[1] && (!b_ok || b != want[item]))
            f |= ORACLE_B_CORPUS;
        p->flags[ORACLE_WALK][item] = f;
        p->walk_values[item] = oracle_walk_value(a_ok, a, b_ok, b);
        visits++;
    }
    account(p, ORACLE_WALK, visits, t0);
}

/* ---- running and summing up ---- */

static void run_units(pass *p, const char *what, size_t units, size_t chunk, base_item_fn fn, double *wall)
{
    const oracle_compare_opts *o = p->o;
    char label[96];
    snprintf(label, sizeof label, "%s %s%s%s%s", what, o->a->name, o->b ? " vs " : "", o->b ? o->b->name : "",
             o->want_floors || o->want_maps || o->want_timers || o->want_walk ? " vs corpus" : "");
    base_progress pr;
    base_progress_init(&pr, label, o->quiet);
    double t0 = base_now();
    base_parallel(o->threads, units, chunk, fn, p, base_progress_cb, &pr);
    *wall += base_now() - t0;
    base_progress_done(&pr);
}

int oracle_result_complete(const oracle_compare_result *r)
{
    return r->expected > 0 && r->checked == r->expected && r->visits == r->expected;
}

/* Count the marks of a domain's items and keep the first differences. */
static void summarize(pass *p, oracle_domain d, const uint64_t *values, oracle_compare_result *r)
{
    const oracle_compare_opts *o = p->o;
    const uint8_t *flags = p->flags[d];
    memset(r, 0, sizeof *r);
    r->domain = d;
    r->expected = oracle_domain_expected(d, o, r->definition, sizeof r->definition);
    r->visits = atomic_load(&p->visits[d]);
    r->seconds = p->wall[d];
    r->cpu_seconds = (double)atomic_load(&p->cpu_ns[d]) * 1e-9;
    r->against_corpus = d == ORACLE_FLOORS      ? o->want_floors != NULL
                        : d == ORACLE_TIMERS    ? o->want_timers != NULL
                        : d == ORACLE_SWEEP     ? o->want_floors || o->want_maps
                        : d == ORACLE_WALK      ? o->want_walk != NULL
                                                : o->want_maps != NULL;
    for (int s = 0; d == ORACLE_WALK && s < SIDES; s++)
        r->search_cpu_seconds[s] = (double)atomic_load(&p->search_ns[s]) * 1e-9;
    int show = o->show < 0 ? 0 : o->show > ORACLE_MAX_SHOW ? ORACLE_MAX_SHOW : o->show;
    size_t n = oracle_domain_size(d);
    for (size_t i = 0; i < n; i++) {
        uint8_t f = flags[i];
        if (!(f & VISITED))
            continue;
        r->checked++;
        f &= (uint8_t)~VISITED;
        if (!f)
            continue;
        r->mismatched++;
        r->ab += (f & ORACLE_AB) != 0;
        r->a_corpus += (f & ORACLE_A_CORPUS) != 0;
        r->b_corpus += (f & ORACLE_B_CORPUS) != 0;
        r->a_ref += (f & ORACLE_A_REF) != 0;
        r->b_ref += (f & ORACLE_B_REF) != 0;
        r->sweep_corpus += (f & ORACLE_SWEEP_CORPUS) != 0;
        if (r->first_count < show) {
            r->first[r->first_count] = i;
            r->first_kind[r->first_count] = f;
            r->first_value[r->first_count] = values ? values[i] : 0;
            r->first_count++;
        }
    }
}

static int begin(pass *p, oracle_domain d)
{
    p->flags[d] = calloc(oracle_domain_size(d), 1);
    return p->flags[d] ? 0 : -1;
}

/* Returns 1 when done() asks to stop. */
static int finish(pass *p, oracle_domain d, const uint64_t *values, oracle_done_fn done, void *ctx)
{
    oracle_compare_result r;
    summarize(p, d, values, &r);
    free(p->flags[d]);
    p->flags[d] = NULL;
    return done && done(ctx, &r) ? 1 : 0;
}

/* What differs about the sweep's digest v of item i of a part (floors or
 * maps): A's own digest, B's, the corpus's (want may be NULL). */
static uint8_t sweep_kinds(const pass *p, uint64_t v, int part, size_t i, const uint64_t *want)
{
    uint8_t f = VISITED;
    if (v != p->keep[0][part][i])
        f |= ORACLE_A_REF;
    if (p->e[1] && v != p->keep[1][part][i])
        f |= ORACLE_B_REF;
    if (want && v != want[i])
        f |= ORACLE_SWEEP_CORPUS;
    return f;
}

/* The sweep domain: the sweeper's digests of every floor and map against
 * A's (and B's) own digests of each item and against the corpus. */
static int sweep_domain(pass *p, oracle_done_fn done, void *ctx)
{
    const oracle_compare_opts *o = p->o;
    const grotto_engine *sw = o->sweeper ? o->sweeper : &grotto_engine_impl;
    size_t nf = (size_t)GROTTO_FLOOR_UNIVERSE;
    uint64_t *values = calloc(oracle_domain_size(ORACLE_SWEEP), sizeof *values);
    if (!values || begin(p, ORACLE_SWEEP) != 0) {
        free(values);
        return -1;
    }
    char label[64];
    snprintf(label, sizeof label, "sweep %s", sw->name);
    base_progress pr;
    base_progress_init(&pr, label, o->quiet);
    grotto_sweep_request req = {.threads = o->threads, .floor_digest = values, .map_digest = values + nf,
                                .progress = base_progress_cb, .progress_ctx = &pr};
    grotto_sweep_stats st;
    double t0 = base_now();
    int rc = sw->sweep(&req, &st);
    base_progress_done(&pr);
    double c0 = base_thread_cpu();
    if (rc != 0) {
        free(values);
        free(p->flags[ORACLE_SWEEP]);
        p->flags[ORACLE_SWEEP] = NULL;
        return -1;
    }
    uint8_t *flags = p->flags[ORACLE_SWEEP];
    uint64_t visits = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++)
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            size_t i = grotto_floor_slot(seed, k);
            flags[i] = sweep_kinds(p, values[i], KEEP_FLOORS, i, o->want_floors);
            visits++;
        }
    for (int b = 0; b < GROTTO_BANDS; b++)
        for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
            size_t i = grotto_map_slot(b, seed);
            flags[nf + i] = sweep_kinds(p, values[nf + i], KEEP_MAPS, i, o->want_maps);
            visits++;
        }
    /* CPU: what the sweep reports for its threads (this one included), then the comparison */
    atomic_fetch_add(&p->cpu_ns[ORACLE_SWEEP],
                     (uint64_t)((base_thread_cpu() - c0 + st.floors_seconds + st.elist_seconds +
                                 st.analysis_seconds + st.maps_seconds) * 1e9));
    atomic_fetch_add(&p->visits[ORACLE_SWEEP], visits);
    p->wall[ORACLE_SWEEP] += base_now() - t0;
    rc = finish(p, ORACLE_SWEEP, values, done, ctx);
    free(values);
    return rc;
}

static void free_pass(pass *p)
{
    for (int d = 0; d < ORACLE_DOMAIN_COUNT; d++)
        free(p->flags[d]);
    for (int s = 0; s < SIDES; s++)
        for (int k = 0; k < 2; k++)
            free(p->keep[s][k]);
}

int oracle_run(unsigned domains, const oracle_compare_opts *o, oracle_done_fn done, void *ctx)
{
    char why[256];
    domains &= ORACLE_ALL_DOMAINS;
    for (int d = 0; d < ORACLE_DOMAIN_COUNT; d++)
        if ((domains >> d & 1u) && oracle_domain_unavailable((oracle_domain)d, o, why, sizeof why))
            return -1;
    pass p;
    memset(&p, 0, sizeof p);
    p.o = o;
    p.e[0] = o->a;
    p.e[1] = o->b;
    int sweep = (domains >> ORACLE_SWEEP) & 1u;
    int rc = 0;
    for (int s = 0; sweep && s < SIDES; s++)
        if (p.e[s]) {
            p.keep[s][KEEP_FLOORS] = calloc(GROTTO_FLOOR_UNIVERSE, sizeof(uint64_t));
            p.keep[s][KEEP_MAPS] = calloc(GROTTO_MAP_UNIVERSE, sizeof(uint64_t));
            if (!p.keep[s][KEEP_FLOORS] || !p.keep[s][KEEP_MAPS])
                rc = -1;
        }

    /* floors (for the sweep's reference digests even when not a domain) */
    int floors = (domains >> ORACLE_FLOORS) & 1u;
    if (!rc && (floors || sweep)) {
        if (floors)
            rc = begin(&p, ORACLE_FLOORS);
        if (!rc) {
            run_units(&p, floors ? "floors" : "sweep reference floors", GROTTO_SEED_COUNT, 16, floors_unit,
                      &p.wall[floors ? ORACLE_FLOORS : ORACLE_SWEEP]);
            if (floors)
                rc = finish(&p, ORACLE_FLOORS, NULL, done, ctx);
        }
    }

    /* maps and qualities in one pass */
    int maps = (domains >> ORACLE_MAPS) & 1u, qual = (domains >> ORACLE_QUALITIES) & 1u;
    if (!rc && (maps || qual || sweep)) {
        if (maps)
            rc = begin(&p, ORACLE_MAPS);
        if (!rc && qual)
            rc = begin(&p, ORACLE_QUALITIES);
        if (!rc) {
            double wall = 0;
            run_units(&p, maps && qual ? "maps+qualities" : maps ? "maps" : qual ? "qualities" : "sweep reference maps",
                      GROTTO_SEED_COUNT, 4, maps_unit, &wall);
            /* one wall time for both domains: shared in proportion to CPU time */
            double cm = (double)atomic_load(&p.cpu_ns[ORACLE_MAPS]), cq = (double)atomic_load(&p.cpu_ns[ORACLE_QUALITIES]);
            if (maps && qual) {
                p.wall[ORACLE_MAPS] += cm + cq > 0 ? wall * cm / (cm + cq) : wall / 2;
                p.wall[ORACLE_QUALITIES] += wall - p.wall[ORACLE_MAPS];
            } else {
                p.wall[maps ? ORACLE_MAPS : qual ? ORACLE_QUALITIES : ORACLE_SWEEP] += wall;
            }
            if (maps)
                rc = finish(&p, ORACLE_MAPS, NULL, done, ctx);
            if (!rc && qual)
                rc = finish(&p, ORACLE_QUALITIES, NULL, done, ctx);
        }
    }

    /* timers: every timer with B; only the corpus sample's timers without */
    if (!rc && (domains >> ORACLE_TIMERS & 1u)) {
        uint32_t *list = NULL;
        size_t units = GROTTO_TIMER_COUNT;
        if (!o->b) {
            list = malloc(GROTTO_TIMER_COUNT * sizeof *list);
            units = 0;
            for (uint32_t t = 0; list && t < GROTTO_TIMER_COUNT; t++)
                if (o->want_timers->present[t])
                    list[units++] = t;
        }
        p.timer_list = list;
        if ((!o->b && !list) || begin(&p, ORACLE_TIMERS) != 0)
            rc = -1;
        if (!rc) {
            run_units(&p, "timers", units, 256, timers_unit, &p.wall[ORACLE_TIMERS]);
            rc = finish(&p, ORACLE_TIMERS, NULL, done, ctx);
        }
        free(list);
        p.timer_list = NULL;
    }

    if (!rc && sweep)
        rc = sweep_domain(&p, done, ctx);

    /* walk: every floor again, each engine walking its own */
    if (!rc && (domains >> ORACLE_WALK & 1u)) {
        p.walk_values = calloc(oracle_domain_size(ORACLE_WALK), sizeof *p.walk_values);
        if (!p.walk_values || begin(&p, ORACLE_WALK) != 0)
            rc = -1;
        if (!rc) {
            run_units(&p, "walk", GROTTO_SEED_COUNT, 16, walk_unit, &p.wall[ORACLE_WALK]);
            rc = finish(&p, ORACLE_WALK, p.walk_values, done, ctx);
        }
        free(p.walk_values);
        p.walk_values = NULL;
    }
    /* at and multibug: engine A vs engine B (at_domains.c) */
    for (int d = ORACLE_AT; !rc && d <= ORACLE_MULTIBUG; d++)
        if (domains >> d & 1u)
            rc = oracle_at_domain_run((oracle_domain)d, o, done, ctx);
    /* chests: engine A vs engine B (chests_domain.c) */
    if (!rc && (domains >> ORACLE_CHESTS & 1u))
        rc = oracle_chests_domain_run(o, done, ctx);
    free_pass(&p);
    return rc;
}

static int keep_result(void *ctx, const oracle_compare_result *r)
{
    *(oracle_compare_result *)ctx = *r;
    return 0;
}

int oracle_compare(oracle_domain d, const oracle_compare_opts *o, oracle_compare_result *r)
{
    memset(r, 0, sizeof *r);
    return oracle_run(1u << d, o, keep_result, r) == 0 ? 0 : -1;
}
