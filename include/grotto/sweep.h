/* The fast whole-universe sweep of impl/: every floor of every seed and every
 * map of every band, floors memoized by generator input, on N threads. */
#ifndef GROTTO_SWEEP_H
#define GROTTO_SWEEP_H

#include <stdint.h>

#include "grotto/engine.h"
#include "grotto/types.h"

typedef void (*grotto_progress_fn)(void *ctx, uint64_t done, uint64_t total);

typedef struct grotto_sweep_request {
    int threads;                 /* <= 0: all cores */
    uint64_t *floor_digest;      /* GROTTO_FLOOR_UNIVERSE entries, or NULL */
    uint64_t *map_digest;        /* GROTTO_MAP_UNIVERSE entries, or NULL */
    grotto_floor_facts *facts;   /* GROTTO_FLOOR_UNIVERSE entries, or NULL */
    uint8_t *overflow;           /* GROTTO_FLOOR_UNIVERSE flags, or NULL */
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
    int threads;
} grotto_sweep_stats;

/* Returns 0, or -1 on allocation failure. */
int grotto_impl_sweep(const grotto_sweep_request *req, grotto_sweep_stats *stats);

#endif
