/* The universe index: every fact a research query needs, for all 524,288
 * floors (seeds 0..0x7FFF x floors 1..16) and all 393,216 maps (12 bands x
 * 32,768 seeds), built from impl's memoized sweep (grotto/sweep.h) in a
 * fraction of a second and kept in a cache file so that a repeated query
 * only reads it. search, odds and stats run on it; any tool can embed it
 * (it needs the grotto libraries and libxxhash).
 *
 * What is stored:
 *   floor[grotto_floor_slot(seed, k)]  grotto_floor_facts: W/X/D, chests,
 *       overflow, ghosts, unreachable chests, chambers, the softlock report
 *   map[grotto_map_slot(band, seed)]   grotto_map_facts: the MapRecord's
 *       details and which floors are in a non-zero enemy-list state
 *   special[]                          every such map floor: state, ElistOfs,
 *       D and chest ranks, ascending (map, floor)
 * A floor's state is 0 unless listed in special[]; its ONLY monster is the
 * enemy-list table's (gt_floor_tables[env][mr].only).
 * Computed when opened (never cached): the 65,536 timer values' draws and the
 * timers of every seed (rng-and-timer.md §4).
 *
 * The cache file (native byte order, one per user):
 *   $GROTTO_CACHE_DIR, else $XDG_CACHE_HOME/grotto, else ~/.cache/grotto,
 *   file universe.idx: a 64-byte header - magic "GROTTOIX", format version,
 *   payload kind, the engine key (XXH3-64 of the running executable, so any
 *   rebuild of the engine invalidates it), payload size, XXH3-64 checksum of
 *   the payload, entry counts and sizes - then the payload. A file that is
 *   missing, truncated, corrupt, foreign or stale is rebuilt, never trusted;
 *   it is written to a temporary name and renamed. A cache directory that
 *   cannot be created or written leaves the index in memory only. */
#ifndef GROTTO_ORACLE_INDEX_H
#define GROTTO_ORACLE_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/engine.h"
#include "grotto/sweep.h"
#include "grotto/timer.h"

enum { GROTTO_INDEX_FORMAT = 1 };

typedef struct grotto_index_opts {
    const grotto_engine *engine; /* NULL: impl (its memoized sweep, cached); an engine without a
                                    sweep (ref) is asked item by item: slow, never cached; one
                                    whose floors are another's (floors_from: legacy) gets the
                                    default index's floor facts and its own map pass */
    int threads;                 /* <= 0: all cores */
    int cache;                   /* use the cache file (impl only) */
    const char *cache_dir;       /* NULL: the default above */
    grotto_progress_fn progress; /* may be NULL */
    void *progress_ctx;
} grotto_index_opts;

typedef struct grotto_index {
    const grotto_floor_facts *floor;
    const grotto_map_facts *map;
    const grotto_special_floor *special;
    uint32_t special_count;
    /* timers (computed at open): draws of every timer value, and the timer
     * values yielding seed s: by_seed[seed_start[s] .. seed_start[s + 1]) */
    grotto_timer_draws *timer;
    uint16_t *by_seed;
    uint32_t *seed_start;
    /* overflow flags of seeds 0x8000..0xFFFF, beyond the game's seeds (HW-2):
     * NULL until grotto_index_overflow_high() */
    const uint8_t *overflow_high;
    /* provenance */
    const grotto_engine *engine; /* whose index it is */
    int from_cache;              /* 1: read from the cache file */
    char cache_path[4096];       /* "" when no cache file is used */
    char note[1024];             /* how the index was obtained, one line */
    double seconds;              /* to read or build it, wall */
    uint64_t key;                /* the engine key (0: no cache) */
    void *block, *high_block;
    size_t block_mapped, high_mapped; /* sizes when mapped from the cache file, else 0 (malloc'd) */
} grotto_index;

/* Opens the index: from the cache when it is valid, else built (and cached
 * when opts->cache). NULL with a reason in err on failure (out of memory,
 * unknown engine). */
grotto_index *grotto_index_open(const grotto_index_opts *opts, char *err, size_t errlen);
void grotto_index_close(grotto_index *ix);

/* The special floors of map slot m: *n entries (0 if none). */
const grotto_special_floor *grotto_index_special_of(const grotto_index *ix, uint32_t m, int *n);

/* Loads or computes the overflow flags of seeds 0x8000..0xFFFF (cached like
 * the index, in overflow-8000-ffff.idx). 0, or -1 (out of memory). */
int grotto_index_overflow_high(grotto_index *ix, const grotto_index_opts *opts);

/* The cache directory that opts selects (no trailing slash). */
void grotto_index_cache_dir(const grotto_index_opts *opts, char *out, size_t outlen);

#endif
