/* The rankings of grotto search --sort (universe.h, universe_rank;
 * research.md §1), as the community tool offers them (its 2.js
 * SEED_PROCESSORS.fastest and collectMetricPerFloor, 3.js
 * startFastestSearch and renderMetricSearchResults).
 *
 * steps: the hits of the query, each with its walking cost from the
 * index's floor facts (half-steps): to the depth, to the first matched
 * floor (the floors before it) or to floor N (maps that deep). A map with
 * a floor without a path drops out; the fastest maps to the depth leave
 * Greygnarl (boss 12) out unless the query asks for him. The order is a
 * stable sort on the cost: equal costs keep the scan order (band, then
 * seed), which is the order the tool keeps.
 *
 * tiles, walk, chamber, ghosts: floors, not maps. The tool looks at band
 * DD only, and there at one floor of each layout: floors 1, 5, 9 and 13 of
 * every seed (also 3 and 4, whose chests may change the measure, for all
 * but ghosts) and every floor of seed 7FFF - a floor's layout depends on
 * seed + floor and its size class only. Square floors of 10..16 tiles a
 * side. Each (size, seed + floor) keeps its best floor (ties: the lower
 * floor), in the order the layouts were first met; then the tool's cut:
 * per size (16 down to 10) the first 10 with ties (tiles, walk); the
 * first 50 with ties (ghosts); every floor, grouped by area, largest
 * first (chamber, areas of 3 tiles or more). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/walk.h"
#include "universe.h"

enum { GREYGNARL = 12, SIDE_MIN = 10, SIDE_MAX = 16, EDGE_SEED = GROTTO_SEED_MAX };

typedef struct ranked {
    universe_query_hit h;
    uint32_t order;              /* scan order, for equal values */
} ranked;

static int g_desc;

static int by_value(const void *pa, const void *pb)
{
    const ranked *a = pa, *b = pb;
    if (a->h.value != b->h.value)
        return (a->h.value < b->h.value) != g_desc ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

static void sort_stable(ranked *v, size_t n, int desc)
{
    g_desc = desc;
    qsort(v, n, sizeof *v, by_value);
}

/* ---- steps: maps ---- */

static int rank_steps(const universe_index *ix, const universe_query *q, universe_query_result *r)
{
    ranked *v = malloc((r->count ? r->count : 1) * sizeof *v);
    if (!v)
        return -1;
    size_t n = 0;
    int to_depth = !q->to_match && !q->to_floor;
    for (uint32_t i = 0; i < r->count; i++) {
        universe_query_hit h = r->hit[i];
        const grotto_map_facts *d = &ix->map[h.map];
        uint32_t seed = h.map % GROTTO_SEED_COUNT;
        if (to_depth && !q->desc && d->boss == GREYGNARL && q->boss != GREYGNARL)
            continue;
        int first = h.floors ? __builtin_ctz(h.floors) + 1 : 0, upto = d->floors;
        h.floor = (uint8_t)first;
        if (q->to_floor) {
            if (d->floors < q->to_floor)
                continue;
            upto = q->to_floor;
            h.floor = (uint8_t)q->to_floor;
        } else if (q->to_match) {
            upto = first - 1;
        }
        uint16_t cost[GROTTO_MAX_FLOORS];
        for (int k = 1; k <= upto; k++)
            cost[k - 1] = ix->floor[grotto_floor_slot(seed, k)].walk;
        h.value = grotto_walk_sum(cost, upto);
        if (h.value == GROTTO_WALK_NONE)
            continue;
        h.size = h.group = 0;
        v[n] = (ranked){h, (uint32_t)n};
        n++;
    }
    sort_stable(v, n, q->desc);
    for (size_t i = 0; i < n; i++)
        r->hit[i] = v[i].h;
    r->count = r->ranked = (uint32_t)n;
    free(v);
    return 0;
}

/* ---- per-floor metrics: floors of band DD ---- */

/* The floors the tool samples of seed s, in its order: 1, 5, 9, 13, (3, 4),
 * then for the edge seed every other one. Returns how many. */
static int sample_floors(uint32_t s, int chest_sensitive, int out[GROTTO_MAX_FLOORS])
{
    static const int rep[] = {1, 5, 9, 13}, chest[] = {3, 4};
    int n = 0;
    uint32_t seen = 0;
    for (int i = 0; i < 4; i++, n++)
        seen |= 1u << (out[n] = rep[i]);
    for (int i = 0; chest_sensitive && i < 2; i++, n++)
        seen |= 1u << (out[n] = chest[i]);
    for (int k = 1; s == EDGE_SEED && k <= GROTTO_MAX_FLOORS; k++)
        if (!(seen >> k & 1)) {
            seen |= 1u << k;
            out[n++] = k;
        }
    return n;
}

/* The largest chamber of floor k of seed, from the index's engine (only
 * floors with a chamber are asked). */
static int largest_chamber(const universe_index *ix, uint32_t seed, int k)
{
    const grotto_engine *e = ix->engine->floors_from ? ix->engine->floors_from : ix->engine;
    grotto_floor_t f;
    grotto_floor_analysis a;
    if (e->floor(seed, k, &f) != 0)
        return 0;
    e->analyse(&f, &a);
    int most = 0;
    for (int i = 0; i < a.region_count && i < GROTTO_MAX_REGIONS; i++)
        most = a.region_size[i] > most ? a.region_size[i] : most;
    return most;
}

/* The measure of a floor, or -1 where the tool has none. */
static int measure(const universe_index *ix, int sort, uint32_t seed, int k, const grotto_floor_facts *f)
{
    switch (sort) {
    case UNIVERSE_SORT_TILES:
        return f->W;
    case UNIVERSE_SORT_WALK:
        return f->walk == GROTTO_WALK_NONE ? -1 : f->walk;
    case UNIVERSE_SORT_CHAMBER: {
        int most = f->region_count ? largest_chamber(ix, seed, k) : 0;
        return most >= 3 ? most : -1;
    }
    default:
        return f->ghost_count ? f->ghost_count : -1;
    }
}

/* The k-th smallest (0-based) of a[0..m), k < m; a is reordered
 * (quickselect, the middle element as pivot). */
static uint16_t kth_smallest(uint16_t *a, size_t m, size_t k)
{
    size_t lo = 0, hi = m - 1;
    while (lo < hi) {
        uint16_t pivot = a[lo + (hi - lo) / 2];
        size_t i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i <= j) {
                uint16_t t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                if (j == 0)
                    break;
                j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return a[k];
    }
    return a[k];
}

/* A value as a key that is smaller the better it ranks. */
static uint16_t rank_key(uint16_t value, int desc)
{
    return desc ? (uint16_t)(UINT16_MAX - value) : value;
}

/* The first n of g (scan order) by value with the ones tied with the n-th,
 * sorted into g[0..): what sorting all m and cutting after the n-th and
 * its ties keeps - every value better than the n-th best and every one
 * equal to it - without sorting the rest. scratch: room for m keys.
 * Returns how many. */
static size_t keep_best(ranked *g, size_t m, size_t n, int desc, uint16_t *scratch)
{
    if (m > n) {
        for (size_t i = 0; i < m; i++)
            scratch[i] = rank_key(g[i].h.value, desc);
        uint16_t cut = kth_smallest(scratch, m, n - 1);
        size_t c = 0;
        for (size_t i = 0; i < m; i++)
            if (rank_key(g[i].h.value, desc) <= cut)
                g[c++] = g[i]; /* scan order kept: the stable sort below breaks ties by it */
        m = c;
    }
    sort_stable(g, m, desc);
    return m;
}

static int rank_floors(const universe_index *ix, const universe_query *q, universe_query_result *r)
{
    enum { SIZES = SIDE_MAX - SIDE_MIN + 1, KEYS = GROTTO_SEED_COUNT + GROTTO_MAX_FLOORS + 1 };
    int32_t *key = malloc((size_t)SIZES * KEYS * sizeof *key);
    ranked *v = malloc(((size_t)GROTTO_SEED_COUNT * 6 + GROTTO_MAX_FLOORS) * sizeof *v), *g = NULL;
    if (!key || !v) {
        free(key);
        free(v);
        return -1;
    }
    memset(key, 0xFF, (size_t)SIZES * KEYS * sizeof *key);
    int band = grotto_band_of_quality(0xDD);
    int chest_sensitive = q->sort != UNIVERSE_SORT_GHOSTS;
    size_t n = 0;
    r->seeds = 0;
    for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++) {
        int ks[GROTTO_MAX_FLOORS], nk = sample_floors(s, chest_sensitive, ks), any = 0;
        for (int i = 0; i < nk; i++) {
            const grotto_floor_facts *f = &ix->floor[grotto_floor_slot(s, ks[i])];
            if (f->width != f->height || f->width < SIDE_MIN || f->width > SIDE_MAX)
                continue;
            int val = measure(ix, q->sort, s, ks[i], f);
            if (val < 0)
                continue;
            any = 1;
            universe_query_hit h = {.map = (uint32_t)grotto_map_slot(band, s), .value = (uint16_t)val,
                                    .floor = (uint8_t)ks[i], .size = f->width};
            int32_t *slot = &key[(size_t)(f->width - SIDE_MIN) * KEYS + s + (uint32_t)ks[i]];
            if (*slot < 0) {
                *slot = (int32_t)n;
                v[n] = (ranked){h, (uint32_t)n};
                n++;
                continue;
            }
            ranked *cur = &v[*slot];
            int better = q->desc ? val > cur->h.value : val < cur->h.value;
            if (better || (val == cur->h.value && ks[i] < cur->h.floor))
                cur->h = h; /* keeps its place: the key's first meeting */
        }
        r->seeds += (uint32_t)any;
    }
    r->ranked = (uint32_t)n;
    /* groups: by size, by area (chamber), one (ghosts) */
    for (size_t i = 0; i < n; i++)
        v[i].h.group = (uint8_t)(q->sort == UNIVERSE_SORT_CHAMBER ? v[i].h.value
                                 : q->sort == UNIVERSE_SORT_GHOSTS ? 0 : v[i].h.size);
    g = malloc((n ? n : 1) * sizeof *g);
    uint16_t *scratch = malloc((n ? n : 1) * sizeof *scratch);
    if (!g || !scratch) {
        free(g);
        free(scratch);
        free(key);
        free(v);
        return -1;
    }
    uint32_t out = 0;
    int lo = q->sort == UNIVERSE_SORT_GHOSTS ? 0 : q->sort == UNIVERSE_SORT_CHAMBER ? 0 : SIDE_MIN;
    int hi = q->sort == UNIVERSE_SORT_GHOSTS ? 0 : q->sort == UNIVERSE_SORT_CHAMBER ? 255 : SIDE_MAX;
    for (int grp = hi; grp >= lo; grp--) { /* sizes and areas largest first */
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (v[i].h.group == grp)
                g[m++] = v[i];
        size_t keep = m;
        if (q->sort == UNIVERSE_SORT_CHAMBER)
            sort_stable(g, m, q->desc);
        else
            keep = keep_best(g, m, q->sort == UNIVERSE_SORT_GHOSTS ? 50 : 10, q->desc, scratch);
        for (size_t i = 0; i < keep; i++)
            r->hit[out++] = g[i].h;
    }
    r->count = out;
    free(g);
    free(scratch);
    free(key);
    free(v);
    return 0;
}

int universe_rank(const universe_index *ix, const universe_query *q, universe_query_result *r)
{
    if (q->sort == UNIVERSE_SORT_STEPS)
        return rank_steps(ix, q, r);
    return rank_floors(ix, q, r);
}

void universe_rank_group_name(const universe_query *q, int g, char *buf, size_t size)
{
    if (q->sort == UNIVERSE_SORT_CHAMBER)
        snprintf(buf, size, "%d tiles", g);
    else if (q->sort == UNIVERSE_SORT_GHOSTS || q->sort == UNIVERSE_SORT_STEPS)
        snprintf(buf, size, "top");
    else
        snprintf(buf, size, "%dx%d", g, g);
}
