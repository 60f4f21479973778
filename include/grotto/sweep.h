/* The fast whole-universe sweep of impl/: every floor of every seed and every
 * map of every band, floors memoized by generator input, on N threads. */
#ifndef GROTTO_SWEEP_H
#define GROTTO_SWEEP_H

#include <stdint.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*grotto_progress_fn)(void *ctx, uint64_t done, uint64_t total);

/* Per map (band, seed), at grotto_map_slot(band, seed): the MapRecord's
 * details and which floors are in a non-zero enemy-list state. */
typedef struct grotto_map_facts {
    uint8_t env, floors, smr, boss, prefix, suffix, locale, level;
    uint16_t special;            /* bit n-1: floor n's enemy-list state is not 0 (normal) */
    uint8_t chests[GROTTO_CHEST_RANK_COUNT]; /* chests[r-1]: the map's chests of rank r (1..10), all floors */
} grotto_map_facts;

/* The facts of a map from its details, and back (band, band code and seed
 * from the map slot; group and side[] are not kept). */
static inline void grotto_map_facts_of(const grotto_map_details_t *d, uint16_t special, grotto_map_facts *out)
{
    memset(out, 0, sizeof *out);
    out->env = d->env;
    out->floors = d->floors;
    out->smr = d->smr;
    out->boss = d->boss;
    out->prefix = d->prefix;
    out->suffix = d->suffix;
    out->locale = d->locale;
    out->level = d->level;
    out->special = special;
}

/* The per-rank chest totals of a whole map into its facts (chests[]). */
static inline void grotto_map_facts_chests(const grotto_map_t *m, grotto_map_facts *out)
{
    memset(out->chests, 0, sizeof out->chests);
    for (int n = 1; n <= m->d.floors && n <= GROTTO_MAX_FLOORS; n++)
        for (int i = 0; i < m->chest_count[n - 1] && i < GROTTO_MAX_CHESTS; i++)
            if (m->chest_rank[n - 1][i] >= 1 && m->chest_rank[n - 1][i] <= GROTTO_CHEST_RANK_COUNT)
                out->chests[m->chest_rank[n - 1][i] - 1]++;
}

static inline void grotto_map_details_of(const grotto_map_facts *f, int band, int band_code, uint32_t seed,
                                         grotto_map_details_t *out)
{
    memset(out, 0, sizeof *out); /* group and side[] are not kept */
    out->band = (uint8_t)band;
    out->band_code = (uint8_t)band_code;
    out->seed = (uint16_t)seed;
    out->env = f->env;
    out->floors = f->floors;
    out->smr = f->smr;
    out->boss = f->boss;
    out->prefix = f->prefix;
    out->suffix = f->suffix;
    out->locale = f->locale;
    out->level = f->level;
}

/* One map floor in a non-zero enemy-list state: its MapRecord floor slot. */
typedef struct grotto_special_floor {
    uint32_t map;                /* grotto_map_slot(band, seed) */
    uint8_t floor;               /* 1..16 */
    uint8_t state;               /* 1..16 (records.md state codes) */
    uint8_t D;                   /* Flag0 tiles */
    uint8_t rank[GROTTO_MAX_CHESTS]; /* chest ranks, 0 where no chest */
    uint16_t ofs;                /* ElistOfs (Japanese, unpadded) */
} grotto_special_floor;

typedef struct grotto_sweep_request {
    int threads;                 /* <= 0: all cores */
    uint64_t *floor_digest;      /* GROTTO_FLOOR_UNIVERSE entries, or NULL */
    uint64_t *map_digest;        /* GROTTO_MAP_UNIVERSE entries, or NULL */
    grotto_floor_facts *facts;   /* GROTTO_FLOOR_UNIVERSE entries, or NULL */
    uint8_t *overflow;           /* GROTTO_FLOOR_UNIVERSE flags, or NULL */
    grotto_map_facts *maps;      /* GROTTO_MAP_UNIVERSE entries, or NULL */
    /* every map floor in a non-zero state, in no particular order: up to
     * special_cap entries are written, stats->special_floors counts all */
    grotto_special_floor *special;
    uint32_t special_cap;
    /* Floor outputs cover map seeds seed_first .. seed_first + seed_count - 1
     * (seed_count 0: 32,768), at index (seed - seed_first) * 16 + floor - 1.
     * The generator is defined for any seed: e.g. seed_first 0x8000 gives the
     * seeds the community tool's search box accepts beyond the game's. Map
     * outputs need the default range. */
    uint32_t seed_first, seed_count;
    grotto_progress_fn progress; /* may be NULL; called from worker threads */
    void *progress_ctx;
} grotto_sweep_request;

typedef struct grotto_sweep_stats {
    double floors_seconds;       /* floor generation + records */
    double elist_seconds;        /* enemy-list terms */
    double analysis_seconds;     /* facts (reachability, pockets) */
    double maps_seconds;         /* map details, chest ranks, map records */
    double wall_seconds;
    uint64_t floors_generated;   /* distinct generator runs after memoization */
    uint64_t floors_emitted;     /* 524,288 when floor digests are requested */
    uint64_t maps_emitted;
    uint64_t draws;              /* generator draws made (layouts, chests, map
                                    details, chest ranks; jumps not counted) */
    uint64_t bytes_hashed;       /* record bytes run through FNV-1a */
    uint64_t special_floors;     /* map floors in a non-zero state (all, even beyond special_cap) */
    int threads;
} grotto_sweep_stats;

/* Returns 0, or -1 on allocation failure or a bad request (map outputs with
 * a seed range other than the default; a seed range that wraps past
 * 0xFFFFFFFF or whose last seed is above 0xFFFFFFEF, so that its floor
 * seeds S + k would). Every output given must hold the entries its comment
 * says; req must not be NULL, stats may be. */
int grotto_impl_sweep(const grotto_sweep_request *req, grotto_sweep_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
