/* grotto bench: the research domains of one engine (universe.h,
 * universe_bench_research) - the walking cost of every floor, the AT of
 * every seed, the multiplayer bug of every map and the chest contents of
 * the oracle's default slice - each timed on its own.
 *
 * The items are the oracle's (oracle.h: the at domain's marks, whistle
 * answers and 156 scans per seed; the multibug domain's 12 maps per seed;
 * the chests domain's slice of (map, floor, second) triples; the walk
 * domain's floors), encoded by the oracle's own encoders and hashed with
 * FNV-1a: one digest per seed and domain, and per domain one digest of
 * those in seed order, so that a run's answer does not depend on how the
 * threads shared the seeds, and two runs (or two engines) that gave the
 * same bytes give the same digest.
 *
 * What is timed is the engine's calls of each domain with the encoding
 * and hashing of their results (thread CPU time, summed over threads): the
 * inputs they take - a floor for the walk, a seed's 16 floor terms for the
 * multibug, a map's chest counts and ranks for the chests - are made
 * before the clock starts, as the oracle times the walk. Each domain is
 * timed in one block per seed: a clock read per call would cost as much as
 * a walk.
 *
 * The bytes each domain counts are what its limit line prices at the
 * hashing rate (docs/performance.md): the results it hashes, and for the
 * walk also the W x H tiles of each floor, which a walk must read. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "universe.h"
#include "always.h"
#include "base.h"
#include "grotto/record.h"
#include "grotto/walk.h"
#include "grotto/tables.h"
#include "oracle.h"

const char *const universe_research_name[UNIVERSE_RESEARCH_COUNT] = {"walk", "at", "multibug", "chests"};

enum { FLOORS = GROTTO_MAX_FLOORS, T = GROTTO_CHEST_SECONDS };

typedef struct research_pass {
    const grotto_engine *e;
    uint32_t seed_lo;
    const uint16_t *want_walk;
    const oracle_whistles *whistles;
    grotto_at_scan_query scan[ORACLE_AT_SCANS];  /* the at domain's scans, the same for every seed */
    oracle_compare_opts slice;                   /* the chests domain's default: not full */
    uint64_t *digest[UNIVERSE_RESEARCH_COUNT];   /* per seed of the window */
    atomic_uint_fast64_t ns[UNIVERSE_RESEARCH_COUNT], items[UNIVERSE_RESEARCH_COUNT];
    atomic_uint_fast64_t bytes[UNIVERSE_RESEARCH_COUNT];
    atomic_uint_fast64_t walk_mismatch, refused;
} research_pass;

/* FNV-1a in eight streams, as the sweep hashes its records (the limit's
 * hashing rate): byte i of each call goes to stream i mod 8. */
typedef struct hash8 {
    uint64_t h[8];
} hash8;

static void hash8_init(hash8 *s)
{
    for (int j = 0; j < 8; j++)
        s->h[j] = GROTTO_FNV_OFFSET;
}

static void hash8_more(hash8 *s, const void *data, size_t len)
{
    const uint8_t *b = data;
    uint64_t h0 = s->h[0], h1 = s->h[1], h2 = s->h[2], h3 = s->h[3], h4 = s->h[4], h5 = s->h[5], h6 = s->h[6],
             h7 = s->h[7];
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        h0 = (h0 ^ b[i]) * GROTTO_FNV_PRIME, h1 = (h1 ^ b[i + 1]) * GROTTO_FNV_PRIME;
        h2 = (h2 ^ b[i + 2]) * GROTTO_FNV_PRIME, h3 = (h3 ^ b[i + 3]) * GROTTO_FNV_PRIME;
        h4 = (h4 ^ b[i + 4]) * GROTTO_FNV_PRIME, h5 = (h5 ^ b[i + 5]) * GROTTO_FNV_PRIME;
        h6 = (h6 ^ b[i + 6]) * GROTTO_FNV_PRIME, h7 = (h7 ^ b[i + 7]) * GROTTO_FNV_PRIME;
    }
    s->h[0] = h0, s->h[1] = h1, s->h[2] = h2, s->h[3] = h3, s->h[4] = h4, s->h[5] = h5, s->h[6] = h6, s->h[7] = h7;
    for (int j = 0; i < len; i++, j++)
        s->h[j] = (s->h[j] ^ b[i]) * GROTTO_FNV_PRIME;
}

static uint64_t hash8_end(const hash8 *s)
{
    return grotto_fnv1a(s->h, sizeof s->h);
}

/* A domain's block of one seed: its thread CPU, items and bytes. */
static void account(research_pass *p, int d, double t0, uint64_t items, uint64_t bytes)
{
    atomic_fetch_add(&p->ns[d], (uint64_t)((base_thread_cpu() - t0) * 1e9));
    atomic_fetch_add(&p->items[d], items);
    atomic_fetch_add(&p->bytes[d], bytes);
}

static void walk_seed(research_pass *p, uint32_t seed, uint64_t *digest)
{
    grotto_floor_t f[FLOORS];
    int ok[FLOORS];
    uint64_t tiles = 0;
    for (int k = 1; k <= FLOORS; k++) {
        ok[k - 1] = p->e->floor(seed, k, &f[k - 1]) == 0;
        tiles += ok[k - 1] ? (uint64_t)f[k - 1].width * f[k - 1].height : 0;
    }
    uint16_t cost[FLOORS];
    uint8_t le[2 * FLOORS];
    double t0 = base_thread_cpu();
    for (int k = 0; k < FLOORS; k++) {
        cost[k] = ok[k] ? p->e->walk(&f[k]) : (uint16_t)GROTTO_WALK_NONE;
        le[2 * k] = (uint8_t)cost[k];
        le[2 * k + 1] = (uint8_t)(cost[k] >> 8);
    }
    *digest = grotto_fnv1a(le, sizeof le);
    account(p, UNIVERSE_RESEARCH_WALK, t0, FLOORS, tiles + sizeof le);
    for (int k = 1; k <= FLOORS; k++) {
        if (!ok[k - 1])
            atomic_fetch_add(&p->refused, 1);
        if (p->want_walk && cost[k - 1] != p->want_walk[grotto_floor_slot(seed, k)])
            atomic_fetch_add(&p->walk_mismatch, 1);
    }
}

static void at_seed(research_pass *p, uint32_t seed, uint64_t *digest)
{
    uint8_t marks[ORACLE_AT_MARKS_BYTES], whistle[ORACLE_AT_WHISTLE_BYTES], scan[ORACLE_AT_SCAN_BYTES];
    int refused = 0;
    double t0 = base_thread_cpu();
    hash8 h;
    hash8_init(&h);
    refused += !oracle_at_marks_bytes(p->e, seed, marks);
    hash8_more(&h, marks, sizeof marks);
    size_t n = oracle_at_whistle_bytes(p->e, seed, p->whistles, whistle);
    hash8_more(&h, whistle, n);
    for (int i = 0; i < ORACLE_AT_SCANS; i++) {
        refused += !oracle_at_scan_bytes(p->e, seed, &p->scan[i], scan);
        hash8_more(&h, scan, sizeof scan);
    }
    *digest = hash8_end(&h);
    account(p, UNIVERSE_RESEARCH_AT, t0, ORACLE_AT_PER_SEED,
            sizeof marks + n + (uint64_t)ORACLE_AT_SCANS * sizeof scan);
    atomic_fetch_add(&p->refused, (uint64_t)refused);
}

/* The multibug results of the seed's 12 maps, then their chest contents
 * at the slice's seconds. */
static void maps_seed(research_pass *p, uint32_t seed, uint64_t *mb_digest, uint64_t *ch_digest)
{
    grotto_map_floors_t fl;
    int refused = p->e->map_floors(seed, FLOORS, &fl) != 0;
    uint8_t rec[ORACLE_MULTIBUG_BYTES];
    double t0 = base_thread_cpu();
    hash8 h;
    hash8_init(&h);
    for (int b = 0; b < GROTTO_BANDS; b++) {
        grotto_multibug_t m;
        memset(rec, 0, sizeof rec);
        if (!refused && p->e->multibug(gt_band[b].code, &fl, &m) == 0)
            oracle_multibug_bytes(&m, rec);
        else
            refused++;
        hash8_more(&h, rec, sizeof rec);
    }
    *mb_digest = hash8_end(&h);
    account(p, UNIVERSE_RESEARCH_MULTIBUG, t0, GROTTO_BANDS, (uint64_t)GROTTO_BANDS * sizeof rec);

    /* the chests: each band's map from the floors, its 16 chest floors */
    static const grotto_chest_floor none;
    grotto_chest_floor cf[GROTTO_BANDS][FLOORS];
    for (int b = 0; b < GROTTO_BANDS; b++) {
        grotto_map_t m;
        int ok = !refused && p->e->map_from_floors(gt_band[b].code, &fl, &m) == 0;
        refused += !ok;
        for (int n = 1; n <= FLOORS; n++)
            if (ok)
                oracle_chest_floor_of(&m, n, &cf[b][n - 1]);
            else
                cf[b][n - 1] = none;
    }
    uint32_t seconds = oracle_chests_in_slice(&p->slice, seed, T - 1) ? T : ORACLE_CHESTS_SLICE_SECONDS;
    /* a floor's bytes: its count and ranks, then its items at every second */
    uint8_t out[1 + GROTTO_MAX_CHESTS + T * GROTTO_MAX_CHESTS];
    uint8_t(*item)[GROTTO_MAX_CHESTS] = (uint8_t(*)[GROTTO_MAX_CHESTS])(out + 1 + GROTTO_MAX_CHESTS);
    size_t len = 1 + GROTTO_MAX_CHESTS + seconds * GROTTO_MAX_CHESTS;
    t0 = base_thread_cpu();
    hash8_init(&h);
    for (int b = 0; b < GROTTO_BANDS; b++)
        for (int n = 0; n < FLOORS; n++) {
            const grotto_chest_floor *f = &cf[b][n];
            out[0] = f->count;
            memcpy(out + 1, f->rank, GROTTO_MAX_CHESTS);
            memset(item, 0, seconds * GROTTO_MAX_CHESTS);
            refused += p->e->chest_seconds(f, 0, seconds, item) != 0;
            hash8_more(&h, out, len);
        }
    *ch_digest = hash8_end(&h);
    uint64_t floors = (uint64_t)GROTTO_BANDS * FLOORS;
    account(p, UNIVERSE_RESEARCH_CHESTS, t0, floors * seconds, floors * len);
    atomic_fetch_add(&p->refused, (uint64_t)refused);
}

static void research_unit(size_t unit, void *arg)
{
    research_pass *p = arg;
    uint32_t seed = p->seed_lo + (uint32_t)unit;
    walk_seed(p, seed, &p->digest[UNIVERSE_RESEARCH_WALK][unit]);
    at_seed(p, seed, &p->digest[UNIVERSE_RESEARCH_AT][unit]);
    maps_seed(p, seed, &p->digest[UNIVERSE_RESEARCH_MULTIBUG][unit], &p->digest[UNIVERSE_RESEARCH_CHESTS][unit]);
}

int universe_bench_research(const grotto_engine *e, int threads, uint32_t seed_lo, uint32_t seed_hi,
                            const uint16_t *want_walk, const char *progress_label, universe_research_run *out)
{
    memset(out, 0, sizeof *out);
    if (NEVER(seed_hi < seed_lo || seed_hi > GROTTO_SEED_MAX) || !e->walk || !e->at || !e->at_scan ||
        !e->whistle || !e->multibug || !e->chest_seconds || !e->map_floors || !e->map_from_floors)
        return -1;
    size_t seeds = (size_t)(seed_hi - seed_lo) + 1;
    research_pass *p = calloc(1, sizeof *p);
    oracle_whistles *w = oracle_whistles_new();
    uint64_t *digests = calloc(seeds * UNIVERSE_RESEARCH_COUNT, sizeof *digests);
    int rc = -1;
    if (p && w && digests) {
        p->e = e;
        p->seed_lo = seed_lo;
        p->want_walk = want_walk;
        p->whistles = w;
        for (int i = 0; i < ORACLE_AT_SCANS; i++)
            oracle_at_scan_query(i, &p->scan[i]);
        for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++)
            p->digest[d] = digests + (size_t)d * seeds;
        base_progress pr;
        base_progress_init(&pr, progress_label ? progress_label : "", progress_label == NULL);
        base_parallel(threads, seeds, 16, research_unit, p, base_progress_cb, &pr);
        base_progress_done(&pr);
        for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++) {
            out->cpu[d] = (double)atomic_load(&p->ns[d]) * 1e-9;
            out->items[d] = atomic_load(&p->items[d]);
            out->bytes[d] = atomic_load(&p->bytes[d]);
            out->digest[d] = grotto_fnv1a(p->digest[d], seeds * sizeof *digests);
        }
        out->walk_mismatch = atomic_load(&p->walk_mismatch);
        out->refused = atomic_load(&p->refused);
        rc = 0;
    }
    free(digests);
    oracle_whistles_free(w);
    free(p);
    return rc;
}
