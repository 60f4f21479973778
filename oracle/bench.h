/* The benchmark: the full-universe sweep (every FloorRecord digest with its
 * analysis and enemy-list terms, every MapRecord digest) timed with ref and
 * with impl in one run, each in a child process so that its peak RSS is its
 * own. */
#ifndef GROTTO_ORACLE_BENCH_H
#define GROTTO_ORACLE_BENCH_H

#include <stdint.h>

typedef struct bench_run {
    char engine[8];
    int threads;
    int ok;                      /* the child ran to the end */
    double wall;                 /* whole sweep, wall seconds */
    double floors_s, elist_s, analysis_s, maps_s; /* stage thread-seconds */
    uint64_t floors, maps;       /* records emitted */
    uint64_t floor_generations;  /* floor generator runs (after memoization for impl) */
    long peak_rss_kib;
    uint64_t floor_mismatch, map_mismatch; /* vs the corpus digests (if loaded) */
    uint64_t floor_set_digest, map_set_digest; /* FNV-1a of the whole digest arrays */
} bench_run;

/* want_* may be NULL (no corpus comparison). Returns 0 or -1. */
int oracle_bench(const char *engine, int threads, const uint64_t *want_floors, const uint64_t *want_maps,
                 bench_run *out);

#endif
