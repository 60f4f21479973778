/* universe/at_search.c: the AT drop-pattern, whistle and multibug searches
 * (at_search.h; research.md §4-§5) over the maps a universe query selects.
 *
 * How it works: universe_query_run gives the maps that pass the map filters
 * (ascending map slot); the seed window cuts them; each remaining map's seed
 * is tested through the chosen engine's members only, so that ref and impl
 * each answer the whole search on their own. The AT searches need the seed
 * alone (a seed tested once per band, its answer reused would save nothing:
 * a scan is a few hundred generator steps). The multibug search takes the
 * seed's 16 floors (chest counts, layout terms) once per seed from the
 * index when it is the engine's index (whose floors are that engine's:
 * built by its sweep, item by item, or borrowed for an engine with
 * floors_from, universe.h), else from the engine's map_floors (a layout
 * generated per floor: ref's multibug search over impl's index), once per
 * worker
 * (the candidates are split over the cores in runs); it asks the engine
 * for the multibug result once per (band, seed), then applies the tool's
 * conditions in its order: more floors, chest counts over B3F..the bug floor,
 * the floors B5F..B16F in a non-zero state (cut to (map floors, bug floors]
 * under special_in_bug), the enemy-list condition (ONLY states when no
 * condition is given). With a monster condition the candidates of the bands
 * the tool skips for it are left out first (band_may_hold_only). */
#include "at_search.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "always.h"
#include "base.h"
#include "grotto/record.h"
#include "grotto/tables.h"

/* One map of a search's answer: its matches, the first one, and the AT
 * values at the zoom's POP index (from the engine). 0, or -1. */
static int add_hit(const grotto_engine *e, universe_at_result *r, uint32_t map, long n, uint32_t first, int zoom)
{
    universe_at_hit *h = &r->hit[r->count++];
    h->map = map;
    h->matches = (uint32_t)n;
    h->first = first;
    return e->at_pop(map % GROTTO_SEED_COUNT, zoom, &h->pop);
}

void universe_query_listed(universe_query *q)
{
    q->has_locations = 1;
    for (int l = 1; l <= GT_LOCATION_COUNT; l++)
        q->location[l] = 1;
}

/* The maps to test: the query's hits within the seed window. */
static int candidates(const universe_index *ix, const universe_at_where *where, universe_query_result *qr)
{
    universe_query all;
    universe_query_init(&all);
    if (where->seed_lo > where->seed_hi || where->seed_hi > GROTTO_SEED_MAX)
        return -1;
    if (universe_query_run(ix, where->maps ? where->maps : &all, qr))
        return -1;
    uint32_t n = 0;
    for (uint32_t i = 0; i < qr->count; i++) {
        uint32_t seed = qr->hit[i].map % GROTTO_SEED_COUNT;
        if (seed >= where->seed_lo && seed <= where->seed_hi)
            qr->hit[n++] = qr->hit[i];
    }
    qr->count = n;
    return 0;
}

static int pop_index(int zoom)
{
    return GROTTO_AT_POP_BASE + GROTTO_AT_POP_STRIDE * zoom;
}

static int scan_valid(int pattern, uint32_t threshold, uint32_t max_steps)
{
    return pattern >= 1 && pattern <= GT_AT_PATTERN_COUNT && threshold <= 0x7FFF && max_steps >= 1 &&
           max_steps <= GROTTO_AT_MAX_STEPS;
}

int universe_at_pattern_search(const universe_index *ix, const grotto_engine *e, const universe_at_where *where,
                               const universe_at_pattern_query *q, universe_at_result *r)
{
    double t0 = base_now();
    memset(r, 0, sizeof *r);
    if (!e->at_pop || !e->at_scan || q->zoom < 0 || q->zoom > GROTTO_AT_ZOOM_MAX ||
        !scan_valid(q->pattern, q->threshold, q->max_steps))
        return -1;
    universe_query_result qr;
    if (candidates(ix, where, &qr))
        return -1;
    grotto_at_scan_query sq = {q->pattern, q->threshold, q->max_steps, (uint32_t)pop_index(q->zoom)};
    if (q->max_steps < sq.pop)
        sq.max_steps = sq.pop + 1; /* the tool's raise (max_steps = N itself is kept) */
    r->hit = malloc((qr.count ? qr.count : 1) * sizeof *r->hit);
    if (!r->hit) {
        universe_query_result_free(&qr);
        return -1;
    }
    for (uint32_t i = 0; i < qr.count; i++) {
        uint32_t seed = qr.hit[i].map % GROTTO_SEED_COUNT, first = 0;
        long n = e->at_scan(seed, &sq, &first, 1);
        if (n < 0)
            goto fail;
        if (n == 0)
            continue;
        if (add_hit(e, r, qr.hit[i].map, n, first, q->zoom))
            goto fail;
    }
    r->looked = qr.count;
    universe_query_result_free(&qr);
    r->seconds = base_now() - t0;
    return 0;
fail:
    universe_query_result_free(&qr);
    universe_at_result_free(r);
    return -1;
}

int universe_whistle_search(const universe_index *ix, const grotto_engine *e, const universe_at_where *where,
                            const universe_whistle_query *q, universe_at_result *r)
{
    double t0 = base_now();
    memset(r, 0, sizeof *r);
    if (!e->whistle || !e->at_pop || !e->at_scan || (q->pattern && !scan_valid(q->pattern, q->threshold, q->max_steps)))
        return -1;
    uint16_t lo, hi;
    if (q->w.zoom < 0 || q->w.zoom > GROTTO_AT_ZOOM_MAX || grotto_at_window(q->w.env, q->w.mr, q->w.monster, &lo, &hi))
        return -1;
    universe_query_result qr;
    if (candidates(ix, where, &qr))
        return -1;
    grotto_at_scan_query sq = {q->pattern, q->threshold, q->max_steps, (uint32_t)pop_index(q->w.zoom)};
    if (sq.max_steps < sq.pop)
        sq.max_steps = sq.pop; /* the tool's raise for the whistle search */
    r->hit = malloc((qr.count ? qr.count : 1) * sizeof *r->hit);
    if (!r->hit) {
        universe_query_result_free(&qr);
        return -1;
    }
    for (uint32_t i = 0; i < qr.count; i++) {
        uint32_t seed = qr.hit[i].map % GROTTO_SEED_COUNT, first = 0;
        int m = e->whistle(seed, &q->w);
        if (m < 0)
            goto fail;
        if (!m)
            continue;
        long n = 0;
        if (q->pattern) {
            n = e->at_scan(seed, &sq, &first, 1);
            if (n < 0)
                goto fail;
            if (n == 0)
                continue;
        }
        if (add_hit(e, r, qr.hit[i].map, n, first, q->w.zoom))
            goto fail;
    }
    r->looked = qr.count;
    universe_query_result_free(&qr);
    r->seconds = base_now() - t0;
    return 0;
fail:
    universe_query_result_free(&qr);
    universe_at_result_free(r);
    return -1;
}

void universe_at_result_free(universe_at_result *r)
{
    free(r->hit);
    memset(r, 0, sizeof *r);
}

/* ---- multibug ---- */

enum { LISTED_FIRST = 5 }; /* the tool lists B5F..B16F */

/* The kinds a cut state keeps, 2..4 (the tool reads them from the state's
 * text: 4-, 3- or 2-enemy, with or without a chest monster); 0 for the
 * other states. */
static int kinds_kept(int state)
{
    for (int k = 2; k <= GT_CUT_KINDS_MAX; k++)
        for (int miss = 0; miss <= GT_CHEST_MONSTERS; miss++)
            if (gt_state_of_cut[k][miss] == state)
                return k;
    return 0;
}

/* The states the combined search takes with a monster (the tool refuses a
 * monster with the ONLY and no-enemy conditions): the cuts that keep 2..4
 * kinds and the partial state. */
int universe_multibug_states_take_monster(uint32_t states)
{
    for (int s = 0; s < 32; s++)
        if ((states >> s & 1u) && s != GT_STATE_PARTIAL && !kinds_kept(s))
            return 0;
    return 1;
}

/* The monster is among the first k wandering members of the floor's enemy
 * list (k = 0: any of them) - the tool's combined search. */
static int among_survivors(const grotto_elist_t *el, int k, int monster)
{
    const struct gt_floor_table *ft = &gt_floor_tables[el->env][el->mr];
    for (int j = 0, seen = 0; j < ft->F && j < GT_LIST_MAX && (!k || seen < k); j++) {
        if (ft->spawn[j].lo < 0)
            continue; /* a trapped chest: not a wanderer */
        if (ft->spawn[j].monster == monster)
            return 1;
        seen++;
    }
    return 0;
}

/* Floor n (elist el) meets the enemy-list and monster conditions. */
static int floor_matches(const universe_multibug_query *q, uint32_t states, const grotto_elist_t *el)
{
    int s = el->state;
    if (states && !((states >> s) & 1u))
        return 0;
    if (!q->with_monster)
        return 1;
    if (states) /* combined: the state's survivors */
        return among_survivors(el, kinds_kept(s), q->monster);
    return (s == 5 || (s >= 14 && s <= 16)) && gt_floor_tables[el->env][el->mr].only == q->monster;
}

/* The tool's test of one result: 1 and *h filled when it is listed. */
static int multibug_passes(const grotto_multibug_t *mb, const universe_multibug_query *q, int any_chests,
                           universe_multibug_hit *h)
{
    int orig = mb->orig.floors, bug = mb->bug.floors;
    if (q->more_floors && !grotto_multibug_more_floors(mb))
        return 0;
    if (any_chests) {
        unsigned count[11];
        grotto_multibug_chest_counts(mb, count);
        for (int rank = 1; rank <= 10; rank++)
            if (q->chests[rank] && count[rank] != q->chests[rank])
                return 0;
    }
    int only_default = !q->states && !q->with_monster && !q->flag0 && !any_chests;
    uint32_t states = only_default ? (uint32_t)UNIVERSE_MULTIBUG_ONLY_STATES : q->states;
    int conditioned = states || q->with_monster;
    /* The tool lists the floors in a non-zero state and, under flag0, those
     * with D > 0 too; but D > 0 always gives a non-zero state (enemy-list.md
     * §5.3: partially no-enemy, or a cut), so the listed floors are the ones
     * in a non-zero state (spec-notes 70). */
    uint16_t shown = 0, matched = 0, with_d = 0;
    for (int n = LISTED_FIRST; n <= GROTTO_MAX_FLOORS; n++) {
        const grotto_elist_t *el = &mb->elist[n - 1];
        uint16_t bit = (uint16_t)(1u << (n - 1));
        if (el->D)
            with_d |= bit;
        if (el->state && floor_matches(q, states, el))
            matched |= bit;
        if (el->state || NEVER(el->D != 0))
            shown |= bit;
    }
    if (q->special_in_bug) {
        /* only the floors in (orig, bug], each in a non-zero state */
        shown &= (uint16_t)(((1u << bug) - 1) & ~((1u << orig) - 1));
        if (!shown)
            return 0;
        with_d &= shown;
    }
    if (q->flag0 && !with_d)
        return 0;
    if (q->flag0 && conditioned && !(with_d & shown & matched))
        return 0; /* a floor that meets the conditions has D > 0 */
    if (!q->special_in_bug && conditioned && !matched)
        return 0;
    memset(h, 0, sizeof *h);
    h->orig_floors = (uint8_t)orig;
    h->bug_floors = (uint8_t)bug;
    h->bug_boss = mb->bug.boss;
    h->bug_level = mb->bug.level;
    h->shown = shown;
    h->matched = matched;
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
        h->ofs[n - 1] = mb->elist[n - 1].ofs;
        h->state[n - 1] = mb->elist[n - 1].state;
    }
    return 1;
}

/* The tool's band rule for a monster condition (2.js sharedRankFilter,
 * spec-notes 71): it searches a band only when the monster is the ONLY
 * monster of some environment (the --env filter's, if given) and floor
 * monster rank fMR with smr <= fMR <= smr + 3 for a first-floor rank smr of
 * the band (the --smr filter's, if given and in the band's range; the bug
 * search's floors reach B16F, 3 ranks above B1F). A monster alone or with
 * Flag0 asks for an ONLY floor of it, which such a band cannot have; the
 * combined search (a cut state and a monster among its survivors) is the
 * one this rule changes. */
static int band_may_hold_only(int band, int monster, const universe_query *maps)
{
    int code = gt_band[band].code, lo = 1, hi = 9; /* the tool's row when none holds the code */
    for (int i = 0; i < GT_SMR_BY_QUALITY_ROWS; i++)
        if (code >= gt_smr_by_quality[i].key_min && code <= gt_smr_by_quality[i].key_max) {
            lo = gt_smr_by_quality[i].lo, hi = gt_smr_by_quality[i].hi;
            break;
        }
    if (maps && maps->smr) {
        if (maps->smr < lo || maps->smr > hi)
            return 0;
        lo = hi = maps->smr;
    }
    for (int env = 1; env <= GT_ENV_COUNT; env++) {
        if (maps && maps->env && maps->env != env)
            continue;
        for (int fmr = lo; fmr <= GT_MONSTER_RANKS && fmr <= hi + 3; fmr++)
            if (gt_floor_tables[env][fmr].only == monster)
                return 1;
    }
    return 0;
}

/* Leaves out the candidates of the bands the tool does not search; the
 * mask of those bands (among the ones the map filters allow). */
static uint16_t drop_bands_without_only(const universe_multibug_query *q, const universe_at_where *where,
                                        universe_query_result *qr)
{
    uint8_t keep[GT_BAND_COUNT];
    uint16_t skipped = 0;
    for (int b = 0; b < GT_BAND_COUNT; b++) {
        keep[b] = (uint8_t)band_may_hold_only(b, q->monster, where->maps);
        if (!keep[b] && (!where->maps || where->maps->band < 0 || where->maps->band == b))
            skipped |= (uint16_t)(1u << b);
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < qr->count; i++)
        if (keep[qr->hit[i].map / GROTTO_SEED_COUNT])
            qr->hit[n++] = qr->hit[i];
    qr->count = n;
    return skipped;
}

/* The search's map loop, split over the workers by runs of candidates
 * taken seed by seed (the 16 floors of a seed are every band's: made once
 * for all its candidates, not once per band): each worker keeps its own
 * floors and result buffers (and the seed whose floors they hold), and
 * marks which candidates pass; the hits are packed in candidate order
 * afterwards, so the answer depends neither on the number of threads nor
 * on the order the candidates were tested in. */
typedef struct multibug_worker {
    grotto_map_floors_t floors;
    grotto_multibug_t mb;
    uint32_t have;               /* the seed of floors, UINT32_MAX: none */
} multibug_worker;

typedef struct multibug_ctx {
    const grotto_engine *e;
    const universe_index *ix;    /* the floors, when they are e's (universe_engine_map_floors) */
    const universe_multibug_query *q;
    int any_chests;
    const universe_query_result *qr;
    const uint32_t *order;       /* the candidates' indices, seed-major */
    universe_multibug_hit *hit;  /* hit[i]: candidate i's, when passed[i] */
    uint8_t *passed;
    multibug_worker *w;
    atomic_int failed;
} multibug_ctx;

/* Whether a floor of B5F..B16F of the seed has D > 0 in the index: a
 * floor's D in the multibug result is its layout term D or 0 (enemy-list.md
 * §5.3: D counts only in regime 2), so without one no map of the seed can
 * pass --flag0 (multibug_passes: with_d empty). */
static int seed_may_flag0(const universe_index *ix, uint32_t seed)
{
    for (int n = LISTED_FIRST; n <= GROTTO_MAX_FLOORS; n++)
        if (ix->floor[grotto_floor_slot(seed, n)].D)
            return 1;
    return 0;
}

static void multibug_chunk(void *arg, int worker, size_t lo, size_t hi)
{
    multibug_ctx *c = arg;
    multibug_worker *w = &c->w[worker];
    int own = c->ix->engine == c->e; /* the index's D are the engine's own */
    for (size_t k = lo; k < hi && !atomic_load(&c->failed); k++) {
        uint32_t i = c->order[k], m = c->qr->hit[i].map, seed = m % GROTTO_SEED_COUNT;
        if (c->q->flag0 && own && !seed_may_flag0(c->ix, seed))
            continue;
        if (seed != w->have) {
            w->have = UINT32_MAX;
            if (universe_engine_map_floors(c->ix, c->e, seed, GROTTO_MAX_FLOORS, &w->floors)) {
                atomic_store(&c->failed, 1);
                return;
            }
            w->have = seed;
        }
        if (c->e->multibug(gt_band[m / GROTTO_SEED_COUNT].qmin, &w->floors, &w->mb)) {
            atomic_store(&c->failed, 1);
            return;
        }
        if (multibug_passes(&w->mb, c->q, c->any_chests, &c->hit[i])) {
            c->hit[i].map = m;
            c->passed[i] = 1;
        }
    }
}

/* The indices of the candidates ordered by seed (a counting sort: the
 * bands of a seed keep their order), NULL when out of memory. */
static uint32_t *seed_major(const universe_query_result *qr)
{
    uint32_t *start = calloc(GROTTO_SEED_COUNT + 1, sizeof *start);
    uint32_t *order = malloc((qr->count ? qr->count : 1) * sizeof *order);
    if (!start || !order) {
        free(start);
        free(order);
        return NULL;
    }
    for (uint32_t i = 0; i < qr->count; i++)
        start[qr->hit[i].map % GROTTO_SEED_COUNT + 1]++;
    for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++)
        start[s + 1] += start[s];
    for (uint32_t i = 0; i < qr->count; i++)
        order[start[qr->hit[i].map % GROTTO_SEED_COUNT]++] = i;
    free(start);
    return order;
}

int universe_multibug_search(const universe_index *ix, const grotto_engine *e, const universe_at_where *where,
                             const universe_multibug_query *q, universe_multibug_result *r)
{
    double t0 = base_now();
    memset(r, 0, sizeof *r);
    if (!e->map_floors || !e->multibug || q->states >> 17 ||
        (q->with_monster && (q->monster < 0 || q->monster >= GT_MONSTER_COUNT || !universe_multibug_states_take_monster(q->states))))
        return -1;
    universe_query_result qr;
    if (candidates(ix, where, &qr))
        return -1;
    if (q->with_monster)
        r->bands_skipped = drop_bands_without_only(q, where, &qr);
    int workers = where->threads > 0 ? where->threads : base_default_threads();
    multibug_ctx c = {.e = e, .ix = ix, .q = q, .qr = &qr};
    for (int rank = 1; rank <= 10; rank++)
        c.any_chests |= q->chests[rank] != 0;
    atomic_init(&c.failed, 0);
    r->hit = malloc((qr.count ? qr.count : 1) * sizeof *r->hit);
    c.passed = calloc(qr.count ? qr.count : 1, 1);
    c.w = malloc((size_t)workers * sizeof *c.w);
    c.hit = r->hit;
    uint32_t *order = seed_major(&qr);
    c.order = order;
    if (!r->hit || !c.passed || !c.w || !order)
        goto fail;
    for (int i = 0; i < workers; i++)
        c.w[i].have = UINT32_MAX;
    base_parallel_chunks(workers, qr.count, 256, multibug_chunk, &c, NULL, NULL);
    if (atomic_load(&c.failed))
        goto fail;
    for (uint32_t i = 0; i < qr.count; i++)
        if (c.passed[i])
            r->hit[r->count++] = r->hit[i]; /* r->count <= i */
    r->looked = qr.count;
    free(order);
    free(c.passed);
    free(c.w);
    universe_query_result_free(&qr);
    r->seconds = base_now() - t0;
    return 0;
fail:
    free(order);
    free(c.passed);
    free(c.w);
    universe_query_result_free(&qr);
    universe_multibug_result_free(r);
    return -1;
}

void universe_multibug_result_free(universe_multibug_result *r)
{
    free(r->hit);
    memset(r, 0, sizeof *r);
}
