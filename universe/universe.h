/* universe/: the whole universe of maps and floors as data, and what is
 * computed over it. One header, prefix universe_ (constants UNIVERSE_):
 *   index.c        the universe index - every floor's and map's facts from
 *                  an engine (impl's memoized sweep by default), cached in
 *                  a validated file;
 *   query.c        the research queries of search and odds on the index,
 *                  name forms and name tables;
 *   stats.c        the statistics answering hardware.md's observations;
 *   legacy_diff.c  stats --legacy-diff: the legacy tool's engine against
 *                  the index's engine over every map floor;
 *   bench.c        the full-universe benchmark of an engine;
 *   chest_search.c the chest-timer searches (QL, PPAP, combo, 3rd, free):
 *                  chest_search.h, included at the end of this header.
 * Engines are reached only through grotto/engine.h. Below it: base/. */
#ifndef GROTTO_UNIVERSE_H
#define GROTTO_UNIVERSE_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/engine.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "result.h"

/* ==== the universe index (index.c) ==== */

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
 * Made with the program (tools/gen_timer_tables.c, never cached): the 65,536
 * timer values' draws, the timers of every seed and what each timer reaches
 * (rng-and-timer.md §4).
 *
 * The cache file (native byte order, one per user):
 *   $GROTTO_CACHE_DIR, else $XDG_CACHE_HOME/grotto, else ~/.cache/grotto,
 *   file universe.idx: a 64-byte header - magic "GROTTOIX", format version,
 *   payload kind, the engine key (the GNU build ID of the object holding
 *   the engine, else XXH3-64 of the running executable: any rebuild of the
 *   engine invalidates it), payload size, XXH3-64 checksum of
 *   the payload, entry counts and sizes - then the payload. A file that is
 *   missing, truncated, corrupt, foreign or stale is rebuilt, never trusted;
 *   it is written to a temporary name and renamed. Builders take turns
 *   through the lock file index.lock beside it (flock): a process that finds
 *   no valid file waits while another builds, then reads its file. A cache
 *   directory that cannot be created or written leaves the index in memory
 *   only, and says so once per process on stderr ("grotto: warning: ..."). */

enum { UNIVERSE_INDEX_FORMAT = 3 }; /* 3: the findable table is part of the index */

typedef struct universe_index_opts {
    const grotto_engine *engine; /* NULL: impl (its memoized sweep, cached); an engine without a
                                    sweep (ref) is asked item by item: slow, never cached; one
                                    whose floors are another's (floors_from: legacy) gets the
                                    default index's floor facts and its own map pass */
    int threads;                 /* <= 0: all cores */
    int cache;                   /* use the cache file (impl only) */
    const char *cache_dir;       /* NULL: the default above */
    grotto_progress_fn progress; /* may be NULL */
    void *progress_ctx;
} universe_index_opts;

typedef struct universe_index {
    const grotto_floor_facts *floor;
    const grotto_map_facts *map;
    const grotto_special_floor *special;
    uint32_t special_count;
    /* per map slot 1 when findable (universe_findable_table): a function of
     * the timers alone, made once with the index and cached with it */
    const uint8_t *findable;
    /* timers (the universe_timer_* tables below): the draws of every timer
     * value in seed order - those of the timer values yielding seed s are
     * timer[i] for i in seed_start[s] .. seed_start[s + 1], ascending
     * values (a map's places read its seed's draws side by side) - and
     * those values, by_seed[i] (= timer[i].timer) */
    const grotto_timer_draws *timer;
    const uint16_t *by_seed;
    const uint32_t *seed_start;
    /* and per timer i the same way: the classes its r1 reaches (bit
     * b * GT_LOCATION_BAND_COUNT + L: band b, location band L, for some
     * base) and the location its r3 picks in each location band */
    const uint64_t *classes;
    const uint8_t (*location)[GT_LOCATION_BAND_COUNT];
    /* overflow flags of seeds 0x8000..0xFFFF, beyond the game's seeds (HW-2):
     * NULL until universe_index_overflow_high() */
    const uint8_t *overflow_high;
    int threads;                 /* the opts' threads: the index's own passes (<= 0: all cores) */
    /* provenance */
    const grotto_engine *engine; /* whose index it is */
    int from_cache;              /* 1: read from the cache file */
    char cache_path[4096];       /* "" when no cache file is used */
    char note[1024];             /* how the index was obtained, one line */
    double seconds;              /* to read or build it, wall */
    uint64_t key;                /* the engine key (0: no cache) */
    void *block, *high_block;
    size_t block_mapped, high_mapped; /* sizes when mapped from the cache file, else 0 (malloc'd) */
} universe_index;

/* Opens the index: from the cache when it is valid, else built (and cached
 * when opts->cache). NULL with a reason in err on failure (out of memory,
 * unknown engine). */
universe_index *universe_index_open(const universe_index_opts *opts, char *err, size_t errlen);
void universe_index_close(universe_index *ix);

/* Opening the index for a command: which engine (NULL: impl), threads (0:
 * all cores), whether to skip the cache, and whether to show no progress
 * line (shown only on a terminal). With GROTTO_INDEX_TRACE set, one line on
 * stderr says how the index was obtained. NULL with a reason in err. */
typedef struct universe_index_args {
    const grotto_engine *engine;
    int threads;
    int no_cache, quiet;
    const char *who;             /* the command, for the trace line ("grotto WHO: index ...") */
} universe_index_args;
universe_index *universe_index_for(const universe_index_args *a, universe_index_opts *opts, char *err, size_t n);

/* The special floors of map slot m: *n entries (0 if none). */
const grotto_special_floor *universe_index_special_of(const universe_index *ix, uint32_t m, int *n);

/* Floors 1..count (1..16) of seed 0..0x7FFF as the index holds them: their
 * chest counts and enemy-list layout terms W, X, D, what map_floors(seed,
 * count) of the engine whose floors the index holds gives (its own, or
 * for an engine with floors_from the default index's), read without
 * generating a layout. */
void universe_index_map_floors(const universe_index *ix, uint32_t seed, int count, grotto_map_floors_t *out);
/* The timer tables every index points to, made at build time by ref's
 * grotto_timer and grotto_final_quality (tools/gen_timer_tables.c;
 * test_query checks them against ref's functions): constant pages of the
 * executable, not 1.3 ms of every query. */
extern const uint32_t universe_timer_seed_start[GROTTO_SEED_COUNT + 1];
extern const uint16_t universe_timer_by_seed[GROTTO_TIMER_COUNT];
extern const grotto_timer_draws universe_timer_draws[GROTTO_TIMER_COUNT];
extern const uint64_t universe_timer_classes[GROTTO_TIMER_COUNT];
extern const uint8_t universe_timer_location[GROTTO_TIMER_COUNT][GT_LOCATION_BAND_COUNT];

/* Passes over the index ask for its data ahead of use: the cache file's
 * pages are the page cache's, scattered in memory, and the hardware's
 * prefetch stops at each 4 KB page. This asks for the 16 floor facts of a
 * seed (a pass over seeds calls it for the seed 8 ahead: 3.5 KB); passes
 * over maps or floors one by one ask for the entry about 2 KB ahead. */
static inline void universe_prefetch_floors(const universe_index *ix, uint32_t seed)
{
    /* a seed past the last asks for the last again: with an early return
     * instead, GCC 12 drops the whole loop (dead-code elimination takes a
     * prefetch under a condition for nothing) and no pass prefetched */
    if (seed >= GROTTO_SEED_COUNT)
        seed = GROTTO_SEED_COUNT - 1;
    const char *p = (const char *)&ix->floor[grotto_floor_slot(seed, 1)];
    for (size_t b = 0; b < GROTTO_MAX_FLOORS * sizeof *ix->floor; b += 64)
        __builtin_prefetch(p + b);
}

/* The same floors for engine e: read from the index when the index is e's
 * own (ix->engine == e), else asked of e->map_floors (another engine's
 * search stays its own). 0, or -1 when e refused. */
int universe_engine_map_floors(const universe_index *ix, const grotto_engine *e, uint32_t seed, int count,
                               grotto_map_floors_t *out);
/* A map's name by engine e (grotto_engine.map_name; ref's words for an
 * engine without one): English (jp = 0) or Japanese. */
int universe_engine_map_name(const grotto_engine *e, const grotto_map_details_t *d, int jp, char *buf, size_t size);

/* Loads or computes the overflow flags of seeds 0x8000..0xFFFF (cached like
 * the index, in overflow-8000-ffff.idx). 0, or -1 (out of memory). */
int universe_index_overflow_high(universe_index *ix, const universe_index_opts *opts);

/* The cache directory that opts selects (no trailing slash). */
void universe_index_cache_dir(const universe_index_opts *opts, char *out, size_t outlen);

/* 1 when the universe cache file at path is one universe_index_open would
 * read (for this build of the default engine): else 0 with the reason in
 * why, as the index's note gives it ("corrupt (checksum mismatch)", ...). */
int universe_index_cache_check(const char *path, char *why, size_t whylen);

/* ==== research queries and name tables (query.c) ==== */

/* Research queries on the universe index (above): the filters of grotto
 * search and grotto odds, evaluated over all 393,216 maps in milliseconds.
 *
 * A map passes when it passes every map filter given and, if any floor filter
 * is given, one of its floors (within floor_lo..floor_hi) passes every floor
 * filter; with a base quality, only maps that base can produce (some timer
 * value yields the seed and final_quality(base, r1) falls in the band,
 * rng-and-timer.md §4; for base 2 also quest 15's gift, map 020032 at
 * location 5), and with locations only maps found at one of them. */

typedef struct universe_query {
    /* map filters */
    int band;                /* band index 0..11, -1: any */
    int env, boss, floors;   /* 0: any */
    int level_lo, level_hi;  /* 1..99 */
    int arising;             /* only seeds that a timer yields */
    int findable;            /* only maps that some timer value and base quality give in their band
                                (quest 15's gift counts): the maps the community tool lists */
    const char *name;        /* EN or JP name (forgiving, see universe_name_canon), or NULL */
    const char *name_has;    /* EN or JP name contains it (forgiving), or NULL */
    /* floor filters */
    uint32_t states;         /* bit per enemy-list state code; 0: no state filter */
    int monster;             /* the floor's ONLY monster (index into gt_monsters, in an ONLY state); -1: any */
    int nipple;              /* an unreachable chest */
    int chamber;             /* a sealed pocket */
    int ghosts;              /* at least this many ghost stair tiles; 0: no filter */
    int overflow;            /* stair placement entered overflow mode */
    int up_by_chest;         /* final up stairs 4-adjacent to a chest (HW-1) */
    int down_cut;            /* down stairs cut off from the up stairs with chests solid (HW-1) */
    int up_on_wall;          /* final up stairs written on a former wall */
    int floor_lo, floor_hi;  /* floor filters look at these floors only (1..16) */
    /* research.md §2 (issue 20), the community tool's other filters. Map: */
    int smr;                 /* first-floor monster rank 1..12; 0: any */
    int seed_lo, seed_hi;    /* seed window (0..0x7FFF by default) */
    int prefix, suffix, locale; /* the name's parts (gt_prefix_name, ... index); 0: any */
    uint16_t chest_ranks;    /* bit r-1: the map's chests of rank r must number chests[r-1] */
    uint8_t chests[GROTTO_CHEST_RANK_COUNT];
    int bq_count;            /* UNIVERSE_BQ_*: base qualities per location (below) */
    int multi_special;       /* >= 2 floors in a non-zero enemy-list state */
    int chambers_floors;     /* chambers on >= N floors; 0: no filter */
    /* ... floor: */
    int flag0;               /* the floor's enemy-list D > 0 (Flag0 tiles) */
    int chambers_per_floor;  /* >= N chambers on the floor; 0: no filter */
    int chestless;           /* the floor's only chest cannot be reached */
    int down_unreachable;    /* the down stairs cannot be reached from the up stairs */
    /* ranking (universe_rank, rank.c): UNIVERSE_SORT_*; 0: scan order */
    int sort, desc;
    int to_match;            /* steps: summed over the floors before the first matched floor */
    int to_floor;            /* steps: summed over floors 1..N, maps of N floors or more; 0: to the depth */
    /* where */
    int base;                /* 0: any; 2..248: maps this base quality produces (timers, and quest 15's
                                gift for base 2) */
    int has_locations;
    uint8_t location[GT_LOCATION_COUNT + 1]; /* 1: wanted (1..150) */
} universe_query;

/* --bq-count (the tool's checkLocationBQ): over the (location, base
 * quality) pairs that give the map in its band - ONE: one base quality in
 * all; ONE_SOME: a location with exactly one; D: every base >= 245;
 * D_SOME: a location whose bases are all >= 245. */
enum { UNIVERSE_BQ_ONE = 1, UNIVERSE_BQ_ONE_SOME, UNIVERSE_BQ_D, UNIVERSE_BQ_D_SOME, UNIVERSE_BQ_D_MIN = 245 };
/* Rankings (research.md §1): STEPS the walking cost of maps; the others
 * per-floor metrics of band DD's floor layouts, as the tool samples them. */
enum {
    UNIVERSE_SORT_NONE = 0,
    UNIVERSE_SORT_STEPS,     /* walking cost (half-steps), maps */
    UNIVERSE_SORT_TILES,     /* walkable tiles of a floor */
    UNIVERSE_SORT_WALK,      /* walking cost of a floor */
    UNIVERSE_SORT_CHAMBER,   /* largest chamber of a floor (3 tiles or more) */
    UNIVERSE_SORT_GHOSTS     /* ghost stair tiles of a floor */
};

/* An empty query (no filter) */
void universe_query_init(universe_query *q);
int universe_query_has_floor_filters(const universe_query *q);

typedef struct universe_query_hit {
    uint32_t map;            /* grotto_map_slot(band, seed) */
    uint16_t floors;         /* bit n-1: floor n passed the floor filters (0 without floor filters) */
    uint16_t timers;         /* with a base: timer values that give this map (at a wanted location) */
    /* ranked (sort): the value (half-steps for steps and walk, else a count),
     * the floor it belongs to (0: the map), the floor's size (per-floor
     * metrics) and its group (universe_rank_group_name) */
    uint16_t value;
    uint8_t floor, size, group;
} universe_query_hit;

typedef struct universe_query_result {
    universe_query_hit *hit;   /* ascending map slot */
    uint32_t count;
    /* with a base: */
    uint32_t timers;         /* timer values whose map (and location) passes: chance = timers / 65,536 */
    uint32_t produced;       /* distinct maps the base produces at all */
    /* ranked: every candidate (count: the shown ones, after the tool's cut
     * per group); per-floor metrics: the seeds with a candidate floor */
    uint32_t ranked, seeds;
} universe_query_result;

/* 0, or -1 (out of memory; a name that cannot be matched sets no hit).
 * With a sort, the hits come ranked (rank.c). */
int universe_query_run(const universe_index *ix, const universe_query *q, universe_query_result *r);
void universe_query_result_free(universe_query_result *r);

/* Ranking (rank.c), called by universe_query_run on its hits. STEPS: each
 * hit gets its walking cost (a hit without one is dropped; the fastest
 * maps leave Greygnarl out unless the boss filter asks for him, as the
 * tool does), then a stable sort, the tool's order for equal values being
 * the scan order. The per-floor metrics rank the floors of band DD the
 * tool samples (floors 1, 5, 9, 13 of every seed, also 3 and 4 unless
 * ghosts, every floor of seed 7FFF; square 10..16 only), one per layout
 * (size, seed + floor), and keep the tool's cut: 10 per size with ties
 * (tiles, walk), 50 with ties (ghosts), every floor grouped by area
 * (chamber). 0, or -1 (out of memory). */
int universe_rank(const universe_index *ix, const universe_query *q, universe_query_result *r);
/* The header of group g of a ranked result ("16x16", "4 tiles", "top"). */
void universe_rank_group_name(const universe_query *q, int g, char *buf, size_t size);

/* Where map slot m is found: count[l] = timer values giving it at location l
 * (1..150) - for some base 2..248 (base 0, the tool's listing of
 * rng-and-timer.md §4.5) or for that base. *quest15 = 1 for quest 15's map
 * (location 5, not from a timer) when base is 0 or 2, the quest's. Returns
 * how many distinct locations (quest 15's included): 0 for a map no timer
 * value and base quality give (an unfindable map). */
int universe_query_places(const universe_index *ix, uint32_t m, int base, uint16_t count[GT_LOCATION_COUNT + 1],
                          int *quest15);

/* Whether some timer value and base quality give each map slot in its band,
 * or it is quest 15's gift (universe_query_places finds a location): a
 * malloc'd table of GROTTO_MAP_UNIVERSE bytes, 1 for a findable map (NULL:
 * out of memory), a copy of the index's own (ix->findable). */
uint8_t *universe_findable_table(const universe_index *ix);
/* Makes that table (GROTTO_MAP_UNIVERSE bytes at out) from the index's
 * timers on `threads` workers (<= 0: all cores): the index build's step. */
void universe_findable_fill(const universe_index *ix, int threads, uint8_t *out);

/* Forgiving name form used by the name filters: surrounding spaces dropped,
 * ASCII letters lower-cased, "Lv" followed by '.', spaces and digits written
 * "lv" + digits: "Granite Tunnel of Woe Lv 1 " -> "granite tunnel of woe lv1".
 * Returns the length (snprintf semantics). */
int universe_name_canon(const char *in, char *out, size_t size);

/* Name tables: per (prefix, locale, suffix) combination - index
 * ((prefix-1) * 24 + (locale-1)) * 16 + (suffix-1) - the levels 1..99 whose
 * name matches text. how: UNIVERSE_NAME_EN and/or _JP (which names), _PART
 * (the name contains text, else equals it), _RAW (byte for byte, else in
 * the forgiving form of universe_name_canon). out holds UNIVERSE_NAME_COMBOS
 * entries. 0, or -1 when the names do not have the form "<words>Lv<level>"
 * (nothing can be matched then). */
enum { UNIVERSE_NAME_EN = 1, UNIVERSE_NAME_JP = 2, UNIVERSE_NAME_PART = 4, UNIVERSE_NAME_RAW = 8 };
enum { UNIVERSE_NAME_COMBOS = GT_PREFIX_NAMES * GT_LOCALE_NAMES * GT_SUFFIX_NAMES };
typedef struct universe_name_levels {
    uint64_t w[2]; /* bit v: level v */
} universe_name_levels;
int universe_name_table(const grotto_engine *e, const char *text, int how, universe_name_levels *out);
int universe_name_levels_has(const universe_name_levels *l, int level);
/* The combination index of a map */
static inline int universe_name_combo(const grotto_map_facts *m)
{
    return ((m->prefix - 1) * GT_LOCALE_NAMES + (m->locale - 1)) * GT_SUFFIX_NAMES + (m->suffix - 1);
}

/* The ONLY monster of a floor of a map with this env and first-floor monster
 * rank smr, or -1 when the state is not an ONLY state. */
int universe_only_monster(int env, int smr, int floor, int state);

/* ==== the runs of grotto search and odds (search.c) ====
 * The matching maps as `search_map` objects streamed as "maps" (at most
 * limit, 0: all), then "found" and "shown"; odds (a base is required) also
 * "base", "base_how", "timer_values" before the maps and "timers",
 * "chance", "produced" after (docs/json.md). */
typedef struct universe_search_args {
    universe_index_args index;
    universe_query q;
    int odds;
    unsigned long limit;
    const char *base_how;        /* how the base was given ("--from-boss 50,2,40"), or NULL */
} universe_search_args;
int universe_search(const universe_search_args *a, res_run *r);

/* The head of a map's JSON object, shared by search and the research
 * searches: map, band, seed, name_en, name_jp, (with env: env,) env_en,
 * floor_count, boss, level of map slot m. */
json_t *universe_map_head(const universe_index *ix, uint32_t m, int with_env);

/* ==== universe statistics (stats.c) ==== */

/* Universe statistics answering the hardware observations of hardware.md:
 * HW-2 (stair overflow), HW-3 (never-seeds), HW-4 (quest-15 name twins),
 * HW-6 (trapped-chest records lost), and the count of every enemy-list
 * state, on the counting bases of enemy-list.md §8. */

enum { UNIVERSE_STATS_MAX_LIST = 64, UNIVERSE_STATS_STATES = 17, UNIVERSE_STATS_MAX_SPARE = 256 };
enum { UNIVERSE_BASIS_INSTANCES = 0, UNIVERSE_BASIS_ARISING = 1, UNIVERSE_BASIS_DISTINCT = 2, UNIVERSE_BASES = 3 };
enum { UNIVERSE_LOST_PANDORA = 0, UNIVERSE_LOST_MIMIC = 1, UNIVERSE_LOST_CANNIBOX = 2, UNIVERSE_LOST_KINDS = 3 };

typedef struct universe_stats_floor_ref {
    uint16_t seed;
    uint8_t floor;
    uint8_t up_on_wall;
} universe_stats_floor_ref;

/* A floor of a map: band code, seed, floor, and what the figure needs. */
typedef struct universe_stats_map_floor {
    uint8_t band_code;
    uint16_t seed;
    uint8_t floor;
    uint8_t state;
    uint16_t ofs;                        /* ElistOfs */
    uint8_t rank[3];                     /* chest ranks */
} universe_stats_map_floor;

enum { UNIVERSE_RANK_ARISING = 0, UNIVERSE_RANK_ALL = 1, UNIVERSE_RANK_BASES = 2 };
enum { UNIVERSE_SL_UP = 0, UNIVERSE_SL_CUT = 1, UNIVERSE_SL_BOTH = 2, UNIVERSE_SL_OVERFLOW = 3 };

typedef struct universe_stats {
    /* floors of seeds 0..0x7FFF, floors 1..16 (generator inputs) */
    uint64_t floors;
    uint32_t overflow_count;
    universe_stats_floor_ref overflow[UNIVERSE_STATS_MAX_LIST];
    uint32_t overflow_inputs;            /* distinct (S + k, size band) */
    uint32_t overflow_floor_seeds[UNIVERSE_STATS_MAX_LIST]; /* the distinct S + k values */
    uint32_t overflow_occurring[12];     /* per band: overflow floors that a map of the band has */
    uint32_t overflow_occurring_total;
    /* the community tool's search box accepts seeds up to 0xFFFF: the same
     * count over 0x0000..0xFFFF (the generator is defined for any seed) */
    uint32_t overflow_count_16bit;
    uint32_t overflow_inputs_16bit;
    uint32_t overflow_up_on_wall;        /* overflow floors whose final up stairs were written on a wall */
    uint64_t up_on_wall_floors;          /* all floors whose final up stairs sit on a former wall */
    uint64_t ghost_floors, nipple_floors, chamber_floors, down_unreachable_floors;
    /* HW-1 softlock candidates: floors (seed, floor) and maps (findable ones;
     * with include_unfindable every map) with a floor
     * whose final up stairs are 4-adjacent to a chest [UNIVERSE_SL_UP], whose down
     * stairs are cut off with chests solid [UNIVERSE_SL_CUT], both [UNIVERSE_SL_BOTH], and both
     * on an overflow floor [UNIVERSE_SL_OVERFLOW] (the two observed softlocks) */
    uint64_t softlock_floors[4], softlock_maps[4];
    /* HW-3 */
    int never_seeds;
    /* HW-4 */
    int quest_name_maps;                 /* maps named like quest 15's map (EN) */
    int quest_name_maps_jp;
    int quest_name_maps_both;            /* same maps under both names */
    int quest_twins;                     /* EN-named twins other than quest 15's own map */
    uint16_t quest_twin_seed[UNIVERSE_STATS_MAX_LIST];
    uint8_t quest_twin_band[UNIVERSE_STATS_MAX_LIST];
    int quest_twin_arising;              /* twins of the arising basis (found, or with include_unfindable
                                            whose seed arises from a timer) */
    /* states over map floors: [state][basis] */
    uint64_t map_floors;                 /* floor instances over all maps */
    uint64_t state[UNIVERSE_STATS_STATES][UNIVERSE_BASES];
    uint64_t lost[UNIVERSE_LOST_KINDS][UNIVERSE_BASES];
    uint64_t d_positive[UNIVERSE_BASES];
    uint64_t d_positive_state0;          /* D > 0 floors classified normal (expected 0) */
    /* HW-6 on the chest-rank basis (hardware.md HW-6): map floors where one
     * of the chests has a rank that can hold a trapped chest whose record is
     * lost (rank 3 and the cannibox, 4-7 and the mimic, 8-10 and Pandora's
     * box; chests.md §3.1), over seeds that arise [UNIVERSE_RANK_ARISING] and over all
     * seeds [UNIVERSE_RANK_ALL]; then, among them, the floors losing each record */
    uint64_t rank_floors[UNIVERSE_RANK_BASES];
    uint64_t rank_lost[UNIVERSE_LOST_KINDS][UNIVERSE_RANK_BASES];
    /* floors of the arising set that keep the mimic's record with 0 bytes to
     * spare (ElistOfs + 128 + 20 j = 11,344 for the mimic's position j) */
    uint32_t mimic_zero_spare;
    universe_stats_map_floor mimic_zero_spare_list[UNIVERSE_STATS_MAX_SPARE];
    int include_unfindable;              /* the basis "arising" counts unfindable maps too */
    double seconds;
} universe_stats;

/* The statistics from the universe index (opts: for the overflow flags of
 * seeds 0x8000..0xFFFF, computed or read once). The "arising" basis counts
 * the maps that can be found - some timer value and base quality give them
 * in their band, or quest 15's gift - as search and odds list them; with
 * include_unfindable every map whose seed some timer value yields. 0, or
 * -1 on allocation failure. */
int universe_stats_compute(universe_index *ix, const universe_index_opts *opts, int include_unfindable,
                           universe_stats *out);

/* The published figures of HW-6 (seed-001 tool). */
enum { UNIVERSE_HW6_FLOORS = 1615, UNIVERSE_HW6_PANDORA = 1615, UNIVERSE_HW6_MIMIC = 1266, UNIVERSE_HW6_CANNIBOX = 597 };
/* Whether a counting basis of the lost trapped chests gives the published
 * Pandora / Mimic / Cannibox figures; whether the chest-rank basis over
 * arising seeds gives all four (stats_value.c). */
int universe_stats_lost_reproduced(const universe_stats *s, int basis);
int universe_stats_rank_reproduced(const universe_stats *s);

/* The run of grotto stats (and stats --legacy-diff): the figures as the
 * documents of docs/json.md (stats_value.c). */
typedef struct universe_stats_args {
    universe_index_args index;
    int legacy_diff;
    int include_unfindable;      /* stats: the arising basis counts unfindable maps too */
} universe_stats_args;
int universe_stats_run(const universe_stats_args *a, res_run *r);

/* ==== stats --legacy-diff (legacy_diff.c) ==== */

/* grotto stats --legacy-diff: the legacy tool's enemy-list model
 * (legacy/legacy.h) against the game model over every map floor of the
 * universe index (legacy_diff.c). */

/* ---- grotto stats --legacy-diff: where the legacy model misjudges ----
 * Every map floor (12 bands x 32,768 seeds x its floors) with the state of
 * the game model (the index engine's cut from its floor facts) against the legacy
 * model's. State families: none (0), partial (1), reduced (2-4, 10-13),
 * ONLY (5, 14-16), no-enemy (6-9). The named misjudgment classes: */
enum {
    UNIVERSE_LEGACY_NOENEMY_REALLY_FEWER, /* legacy no-enemy, really ONLY or reduced */
    UNIVERSE_LEGACY_ONLY_REALLY_REDUCED,  /* legacy ONLY, really reduced */
    UNIVERSE_LEGACY_NONE_REALLY_SPECIAL,  /* legacy normal ("triple none"), really any other state */
    UNIVERSE_LEGACY_CLASSES
};
enum { UNIVERSE_LEGACY_FAMILIES = 5, UNIVERSE_LEGACY_EXAMPLES = 5, UNIVERSE_LEGACY_CAUSE_FLAG0 = 0, UNIVERSE_LEGACY_CAUSE_WRAP = 1 };

typedef struct universe_legacy_example {
    uint32_t map;                /* grotto_map_slot(band, seed) */
    uint8_t floor, legacy_state, state, D;
    uint16_t legacy_ofs, ofs, X;
} universe_legacy_example;

typedef struct universe_legacy_class {
    uint64_t floors;             /* map floors in the class */
    uint64_t maps;               /* maps with at least one */
    uint64_t cause[2];           /* floors by cause: Flag0 ignored (regime 2), or X >= 256 (the wrap) */
    int examples;
    universe_legacy_example ex[UNIVERSE_LEGACY_EXAMPLES];
} universe_legacy_class;

typedef struct universe_legacy_diff {
    uint64_t floors;             /* map floors compared */
    uint64_t differ;             /* state differs */
    uint64_t maps_differ;        /* maps with a floor whose state differs */
    uint64_t family[UNIVERSE_LEGACY_FAMILIES][UNIVERSE_LEGACY_FAMILIES]; /* [legacy][real], floors whose state differs */
    uint64_t flag0_floors;       /* floors with D > 0 */
    uint64_t flag0_over, flag0_under; /* ... on which the legacy ElistOfs is higher / lower
                                         (lower only where the wrap subtracted 4,096) */
    uint64_t wrap_floors;        /* floors with X >= 256 */
    universe_legacy_class cls[UNIVERSE_LEGACY_CLASSES];
} universe_legacy_diff;

struct universe_index;
const char *universe_legacy_family_name(int family); /* "none", "partial", ... */
int universe_legacy_family(int state);
/* 0, or -1 when the index is legacy's own (nothing to compare). */
int universe_legacy_diff_compute(const struct universe_index *ix, universe_legacy_diff *out);

/* ==== the full-universe benchmark (bench.c) ==== */

/* The benchmark: the full-universe sweep (every FloorRecord digest with its
 * analysis and enemy-list terms, every MapRecord digest) timed with ref and
 * with impl in one run, each in a child process so that its peak RSS is its
 * own: an engine with a sweep of its own runs it, any other is asked item by
 * item through the engine interface. */

typedef struct universe_bench_run {
    char engine[8];
    int threads;
    int ok;                      /* the child ran to the end */
    double wall;                 /* whole sweep, wall seconds */
    double cpu;                  /* whole sweep, CPU seconds (user + system, all threads) */
    double cpu_before;           /* the child's CPU before the engine started (not in cpu) */
    double cpu_engine_end;       /* the child's CPU when the engine returned (its exit is not in cpu) */
    double floors_s, elist_s, analysis_s, maps_s; /* stage CPU seconds, summed over threads */
    uint64_t draws, bytes_hashed; /* impl: generator draws made, record bytes hashed */
    uint64_t floors, maps;       /* records emitted */
    uint64_t floor_generations;  /* floor generator runs (after memoization for impl) */
    long peak_rss_kib;
    uint64_t floor_mismatch, map_mismatch; /* vs the corpus digests (if loaded) */
    uint64_t floor_set_digest, map_set_digest; /* FNV-1a of the whole digest arrays */
} universe_bench_run;

/* want_* may be NULL (no corpus comparison). progress_label: show a
 * progress line per stage on a terminal under this label (NULL: none).
 * Returns 0 or -1. */
int universe_bench(const grotto_engine *e, int threads, const uint64_t *want_floors, const uint64_t *want_maps,
                   const char *progress_label, universe_bench_run *out);

/* Minimum and median of n values (n >= 1; v is reordered). */
typedef struct universe_bench_stat {
    double min, median;
} universe_bench_stat;
universe_bench_stat universe_bench_stat_of(double *v, int n);

/* The research domains of one engine (bench_research.c): the oracle's
 * items of the walk (every floor's walking cost), at (per seed: the marks,
 * the whistle answers, 156 scans), multibug (12 maps per seed) and chests
 * (the default slice of (map, floor, second) triples) domains over the
 * seeds seed_lo..seed_hi, their results encoded as the oracle compares
 * them and hashed. Per domain: the thread CPU seconds of the engine's
 * calls with the encoding and hashing (the inputs made beforehand, not
 * counted), the items, the bytes its limit prices (the results hashed;
 * the walk also reads each floor's W x H tiles), and one digest of the
 * per-seed digests in seed order. want_walk (or NULL): the corpus's
 * walking costs (oracle_corpus.walk), counted in walk_mismatch. Returns 0,
 * or -1 when the engine lacks a research call or memory ran out. */
enum { UNIVERSE_RESEARCH_WALK, UNIVERSE_RESEARCH_AT, UNIVERSE_RESEARCH_MULTIBUG, UNIVERSE_RESEARCH_CHESTS,
       UNIVERSE_RESEARCH_COUNT };
extern const char *const universe_research_name[UNIVERSE_RESEARCH_COUNT];
typedef struct universe_research_run {
    double cpu[UNIVERSE_RESEARCH_COUNT];
    uint64_t items[UNIVERSE_RESEARCH_COUNT], bytes[UNIVERSE_RESEARCH_COUNT];
    uint64_t digest[UNIVERSE_RESEARCH_COUNT];
    uint64_t walk_mismatch;      /* floors whose cost differs from want_walk */
    uint64_t refused;            /* calls the engine refused (each hashed as zeros) */
} universe_research_run;
int universe_bench_research(const grotto_engine *e, int threads, uint32_t seed_lo, uint32_t seed_hi,
                            const uint16_t *want_walk, const char *progress_label, universe_research_run *out);
/* The research block's verdicts in words, from its "research" object: the
 * digests of every run ("yes" / "NO") and the walking costs against the
 * corpus ("match", "MISMATCH", or "not compared" when
 * walk_corpus_mismatches is null: --no-corpus). */
const char *universe_bench_research_same(const json_t *research);
const char *universe_bench_research_walk(const json_t *research);

/* ---- the bench runs (bench_run.c) ---- */
typedef struct universe_bench_args {
    int threads;                 /* sweep: threads of both engines */
    int repeat;                  /* sweep: runs per engine, 1..100 */
    int no_corpus;               /* sweep: no comparison with the corpus */
    int runs;                    /* queries: runs per query and mode, 1..100 */
    const char *query;           /* queries: NULL (the set) or the user's (--query) */
    int progress;                /* progress lines on stderr */
} universe_bench_args;
/* The queries of a --queries run: grotto's arguments, NULL-terminated. */
enum { UNIVERSE_BENCH_MAX_QUERIES = 32, UNIVERSE_BENCH_MAX_WORDS = 24 };
typedef struct universe_bench_queries {
    const char *argv[UNIVERSE_BENCH_MAX_QUERIES][UNIVERSE_BENCH_MAX_WORDS + 1];
    int n;
    char words[4096];            /* the words of --query, each NUL-terminated */
} universe_bench_queries;
/* --query's text: queries separated by ';', words by spaces ("..." keeps
 * them). 0, or -1 with the problem in err. */
int universe_bench_query_parse(const char *text, universe_bench_queries *l, char *err, size_t errlen);
int universe_bench_sweep_run(const universe_bench_args *a, res_run *r);
int universe_bench_queries_run(const universe_bench_args *a, res_run *r);
/* The query set, as the help lists it. */
void universe_bench_queries_help(FILE *out);

/* The physical limit of the sweep on this machine: what one generator draw
 * (a dependent LCG step with its 15-bit output) and one FNV-1a byte (eight
 * interleaved streams, as the sweep hashes) cost in CPU time, measured by
 * tight loops (best of five after a warm-up pass, whose cold buffers cost
 * up to a quarter more). limit = draws * ns_per_draw + bytes * ns_per_byte.
 * `grotto bench` measures it right before impl's runs. */
typedef struct universe_bench_limit {
    double ns_per_draw, ns_per_byte;
} universe_bench_limit;
void universe_bench_limit_measure(universe_bench_limit *out);
static inline double universe_bench_limit_seconds(const universe_bench_limit *l, uint64_t draws, uint64_t bytes)
{
    return ((double)draws * l->ns_per_draw + (double)bytes * l->ns_per_byte) * 1e-9;
}
/* The sweep's targets (issue 24), from its medians: impl's CPU seconds at
 * most twice the limit line, ref/impl by CPU at least 40, impl's peak RSS
 * under 64 MiB. */
typedef struct universe_bench_targets {
    int impl_within_2x_limit, ratio_at_least_40, impl_rss_under_64mib;
} universe_bench_targets;
universe_bench_targets universe_bench_targets_of(double impl_cpu, double limit, double ratio, long long rss_kib);

#include "chest_search.h"

#endif
