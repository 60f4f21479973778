/* The benchmark: the full-universe sweep (every FloorRecord digest with its
 * analysis and enemy-list terms, every MapRecord digest) timed with ref and
 * with impl in one run, each in a child process so that its peak RSS is its
 * own: an engine with a sweep of its own runs it, any other is asked item by
 * item through the engine interface. */
#ifndef GROTTO_ORACLE_BENCH_H
#define GROTTO_ORACLE_BENCH_H

#include <stdint.h>

#include "grotto/engine.h"

typedef struct bench_run {
    char engine[8];
    int threads;
    int ok;                      /* the child ran to the end */
    double wall;                 /* whole sweep, wall seconds */
    double cpu;                  /* whole sweep, CPU seconds (user + system, all threads) */
    double floors_s, elist_s, analysis_s, maps_s; /* stage CPU seconds, summed over threads */
    uint64_t draws, bytes_hashed; /* impl: generator draws made, record bytes hashed */
    uint64_t floors, maps;       /* records emitted */
    uint64_t floor_generations;  /* floor generator runs (after memoization for impl) */
    long peak_rss_kib;
    uint64_t floor_mismatch, map_mismatch; /* vs the corpus digests (if loaded) */
    uint64_t floor_set_digest, map_set_digest; /* FNV-1a of the whole digest arrays */
} bench_run;

/* want_* may be NULL (no corpus comparison). progress_label: show a
 * progress line per stage on a terminal under this label (NULL: none).
 * Returns 0 or -1. */
int oracle_bench(const grotto_engine *e, int threads, const uint64_t *want_floors, const uint64_t *want_maps,
                 const char *progress_label, bench_run *out);

/* Minimum and median of n values (n >= 1; v is reordered). */
typedef struct bench_stat {
    double min, median;
} bench_stat;
bench_stat bench_stat_of(double *v, int n);

/* The physical limit of the sweep on this machine: what one generator draw
 * (a dependent LCG step with its 15-bit output) and one FNV-1a byte (eight
 * interleaved streams, as the sweep hashes) cost in CPU time, measured by
 * tight loops (best of three). limit = draws * ns_per_draw + bytes *
 * ns_per_byte. */
typedef struct bench_limit {
    double ns_per_draw, ns_per_byte;
} bench_limit;
void bench_limit_measure(bench_limit *out);
static inline double bench_limit_seconds(const bench_limit *l, uint64_t draws, uint64_t bytes)
{
    return ((double)draws * l->ns_per_draw + (double)bytes * l->ns_per_byte) * 1e-9;
}

#endif
