/* The runs of the research searches (research.md §3-§5) as result values
 * (result/result.h) for the grotto command: `grotto chests` (the chest-timer
 * searches of chest_search.h), `grotto at` (the AT drop-pattern and whistle
 * searches of at_search.h) and `grotto search --multibug` (the multibug
 * search). Implemented in research_run.c.
 *
 * Every run composes the search with the map filters of `grotto search`
 * (universe_query: band, environment, boss, level, floors, name, floor
 * filters, base quality, locations, findable) and a seed window: the AT and
 * multibug searches take the filters themselves; the chest search runs over
 * the band and seeds and keeps the maps the filters let through (a hit is a
 * map, so the set is the same as filtering first). The engine is the index
 * engine's (impl unless --engine says otherwise). Each found map is one
 * object streamed as "maps" (at most the limit; 0: all), then "found" and
 * "shown" (docs/json.md: chests, at --pattern / --whistle, search
 * --multibug). Seconds are shown twice: the chest timer's (internal) and the
 * player's stopwatch (+ GROTTO_STOPWATCH_OFFSET). */
#ifndef GROTTO_UNIVERSE_RESEARCH_H
#define GROTTO_UNIVERSE_RESEARCH_H

#include "at_search.h"
#include "chest_search.h"
#include "universe.h"

/* ---- grotto chests ---- */
typedef struct universe_chests_args {
    universe_search_args s;      /* index, map filters (s.q), limit */
    universe_chest_query c;      /* kind, target, timing, walk, conditions (band, seeds and
                                    listed_only are taken from s.q and the window below) */
    uint32_t seed_lo, seed_hi;
} universe_chests_args;
int universe_chests_run(const universe_chests_args *a, res_run *r);

/* The tool's name of a chest search: "QL", "5", "9D", "5A", "combo 9", "3rd",
 * "S3", "free". */
void universe_chests_variant(const universe_chest_query *q, char *buf, size_t size);

/* ---- grotto at --pattern / --whistle ---- */
typedef struct universe_at_search_args {
    universe_search_args s;      /* index, map filters, limit */
    uint32_t seed_lo, seed_hi;
    int whistle;                 /* 0: the pattern search (p); 1: the whistle search (w) */
    universe_at_pattern_query p;
    universe_whistle_query w;
} universe_at_search_args;
int universe_at_search_run(const universe_at_search_args *a, res_run *r);

/* ---- grotto search --multibug ---- */
typedef struct universe_multibug_args {
    universe_search_args s;      /* index, map filters (their floor filters apply to the map's own
                                    floors), limit */
    uint32_t seed_lo, seed_hi;
    universe_multibug_query m;
} universe_multibug_args;
int universe_multibug_run(const universe_multibug_args *a, res_run *r);

#endif
