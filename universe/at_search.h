/* universe/at_search.h: the searches of research.md §4-§5 over the
 * universe - the AT drop-pattern search, the whistle-summoned monster search
 * and the multiplayer-bug ("multibug") search - as the community tool runs
 * them, composed with the universe index's map filters (universe.h).
 *
 * Each search takes the maps a universe_query selects (band, seed window
 * via seed_lo/seed_hi here, name, boss, floors, level, base quality,
 * locations: every map filter of universe_query_run; the tool lists only
 * maps that some base quality produces in their band, which
 * universe_query_listed() selects) and tests each through a chosen engine
 * (grotto/engine.h: ref or impl from the registry, never called directly):
 * at_scan and at_pop for the pattern search, whistle (and at_scan) for the
 * whistle search, map_floors(seed, 16) and multibug for the multibug search.
 * Both engines give the same set (tests/unit/test_universe_at_search.c
 * checks them against the tool's own result sets). Results come in
 * ascending map slot - the tool's scan order - with what the tool shows per
 * map, and the time taken. Implemented in at_search.c. */
#ifndef GROTTO_UNIVERSE_AT_SEARCH_H
#define GROTTO_UNIVERSE_AT_SEARCH_H

#include <stdint.h>

#include "grotto/at.h"
#include "grotto/multibug.h"
#include "universe.h"

/* Makes q select only maps the tool lists: some base quality 2..248 and
 * timer give the map in its band at some location (every location wanted:
 * rng-and-timer.md §4.5; quest 15's map at location 05 included). */
void universe_query_listed(universe_query *q);

/* The maps a search looks at: universe_query_run(ix, maps) restricted to
 * seeds seed_lo..seed_hi (the tool's seed window). */
typedef struct universe_at_where {
    const universe_query *maps;  /* map filters; NULL: every map */
    uint32_t seed_lo, seed_hi;   /* 0..0x7FFF, lo <= hi */
    int threads;                 /* the multibug search's workers; <= 0: all cores */
} universe_at_where;

/* One map found by an AT search. */
typedef struct universe_at_hit {
    uint32_t map;                /* grotto_map_slot(band, seed) */
    grotto_at_pop pop;           /* step N = 35 + 29 zoom: value, next value, deftness */
    uint32_t matches;            /* counted drop-pattern matches (0: no pattern asked) */
    uint32_t first;              /* start step of the first counted match, 0 if none */
} universe_at_hit;

typedef struct universe_at_result {
    universe_at_hit *hit;        /* ascending map slot */
    uint32_t count;
    uint32_t looked;             /* maps the filters let through, each tested */
    double seconds;              /* wall time of the search (filters included) */
} universe_at_result;

/* The drop-pattern search (the tool's atPtnSearch): a map qualifies when the
 * scan of its seed (grotto_at_scan: pattern, threshold, max_steps, POP index
 * N = 35 + 29 zoom, matches counted from N + 3, restart after every match,
 * steps from 38 unless max_steps <= 50) counts at least one match.
 * max_steps below N is raised to N + 1, as the tool does (N itself is kept;
 * the raise matters: at most 50 steps, matches count from step 1). */
typedef struct universe_at_pattern_query {
    int pattern;                 /* 1..GT_AT_PATTERN_COUNT */
    uint32_t threshold;          /* hit: value <= threshold (gt_at_threshold: 128..1024) */
    uint32_t max_steps;          /* 1..GROTTO_AT_MAX_STEPS */
    int zoom;                    /* 0..GROTTO_AT_ZOOM_MAX */
} universe_at_pattern_query;

/* The whistle search (the tool's atSearch): the value at step N of the
 * seed falls in the monster's spawn window of (env, mr) and, with a
 * maximum, the deftness from step N + 1 is at most it (grotto_whistle_match);
 * with a pattern (pattern > 0) the seed's scan with POP index N must also
 * count a match (from N + 3, from step 1 when max_steps <= 50; max_steps
 * below N raised to N, as the tool does). */
typedef struct universe_whistle_query {
    grotto_whistle w;            /* env, mr, monster, zoom, deft_max */
    int pattern;                 /* 0: none; else 1..GT_AT_PATTERN_COUNT */
    uint32_t threshold, max_steps;
} universe_whistle_query;

/* 0, or -1 (bad query - *r then empty - or out of memory). The engine must
 * have at_pop, at_scan and (whistle) whistle members. */
int universe_at_pattern_search(const universe_index *ix, const grotto_engine *e, const universe_at_where *where,
                               const universe_at_pattern_query *q, universe_at_result *r);
int universe_whistle_search(const universe_index *ix, const grotto_engine *e, const universe_at_where *where,
                            const universe_whistle_query *q, universe_at_result *r);
void universe_at_result_free(universe_at_result *r);

/* ---- the multibug search (the tool's MultibugSearch) ---- */

/* Conditions, all optional (the tool's MultibugSearch; spec notes 54, 55
 * and the one on Flag0 and the ONLY monster):
 *   more_floors     the bug map has more floors than the map;
 *   special_in_bug  a floor among B5F..B16F in (map floors, bug floors] is in
 *                   a non-zero enemy-list state;
 *                   the enemy-list and monster conditions are then not
 *                   applied (the tool counts any such floor);
 *   states          enemy-list condition: bit per state code (records.md); a
 *                   floor among B5F..B16F of the seed's 16 floors must be in
 *                   one of them. With no states, no monster, no flag0 and no
 *                   chest counts the tool searches ONLY floors (states 5, 14-16);
 *   with_monster    monster (index into gt_monsters): alone, a floor in an
 *                   ONLY state of that monster; with states (cut states 2-4,
 *                   10-13 or the partial state 1; no ONLY or no-enemy state),
 *                   a floor in one of them whose first k wandering members
 *                   (k: the state's kinds, every member for the partial
 *                   state) include the monster - the tool's combined search.
 *                   Either way only the bands where the monster can be an
 *                   ONLY monster are searched (the tool's band rule, spec
 *                   notes 71);
 *   flag0           a listed floor with D > 0 (a floor with D > 0 is never in
 *                   the normal state: nothing more is listed); with states
 *                   or a monster, on a floor that meets them;
 *   chests[r]       exact counts of rank-r chests (1..10; 0: any) over floors
 *                   B3F..the bug map's last floor of the 16-floor generation. */
typedef struct universe_multibug_query {
    int more_floors;
    int special_in_bug;
    uint32_t states;
    uint8_t chests[11];
    int flag0;
    int with_monster;
    int monster;
} universe_multibug_query;

/* The state bits of the ONLY states (5, 14, 15, 16) */
enum { UNIVERSE_MULTIBUG_ONLY_STATES = (1u << 5) | (1u << 14) | (1u << 15) | (1u << 16) };

typedef struct universe_multibug_hit {
    uint32_t map;                /* grotto_map_slot(band, seed) */
    uint8_t orig_floors, bug_floors;
    uint8_t bug_boss, bug_level;
    uint16_t shown;              /* bit n-1: floor n listed (B5F..B16F in a non-zero state, which
                                    every floor with D > 0 is; within (orig, bug] under special_in_bug) */
    uint16_t matched;            /* bit n-1: floor n meets the enemy-list and monster conditions */
    uint16_t ofs[GROTTO_MAX_FLOORS]; /* ElistOfs of each floor (the tool shows them in hex) */
    uint8_t state[GROTTO_MAX_FLOORS];
} universe_multibug_hit;

typedef struct universe_multibug_result {
    universe_multibug_hit *hit;  /* ascending map slot */
    uint32_t count;
    uint32_t looked;
    uint16_t bands_skipped;      /* bit b: band index b left out by the tool's band rule for the
                                    monster (spec notes 71), among the bands the map filters allow */
    double seconds;
} universe_multibug_result;

/* 1 when the states (bits) may go with a monster: none, or only cut states
 * that keep 2..4 kinds and the partial state (the tool's combined search). */
int universe_multibug_states_take_monster(uint32_t states);

/* 0, or -1 (bad query - a state bit above 16, a monster out of range, a
 * monster with an ONLY or no-enemy state -, or out of memory; *r then
 * empty). The engine must have map_floors and multibug members. */
int universe_multibug_search(const universe_index *ix, const grotto_engine *e, const universe_at_where *where,
                             const universe_multibug_query *q, universe_multibug_result *r);
void universe_multibug_result_free(universe_multibug_result *r);

#endif
