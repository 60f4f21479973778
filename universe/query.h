/* Research queries on the universe index (index.h): the filters of grotto
 * search and grotto odds, evaluated over all 393,216 maps in milliseconds.
 *
 * A map passes when it passes every map filter given and, if any floor filter
 * is given, one of its floors (within floor_lo..floor_hi) passes every floor
 * filter; with a base quality, only maps that base can produce (some timer
 * value yields the seed and final_quality(base, r1) falls in the band,
 * rng-and-timer.md §4), and with locations only maps found at one of them. */
#ifndef GROTTO_ORACLE_QUERY_H
#define GROTTO_ORACLE_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/tables.h"
#include "index.h"

typedef struct grotto_query {
    /* map filters */
    int band;                /* band index 0..11, -1: any */
    int env, boss, floors;   /* 0: any */
    int level_lo, level_hi;  /* 1..99 */
    int arising;             /* only seeds that a timer yields */
    const char *name;        /* EN or JP name (forgiving, see grotto_name_canon), or NULL */
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
    /* where */
    int base;                /* 0: any; 2..248: maps this base quality produces (timers only) */
    int has_locations;
    uint8_t location[GT_LOCATION_COUNT + 1]; /* 1: wanted (1..150) */
} grotto_query;

/* An empty query (no filter) */
void grotto_query_init(grotto_query *q);
int grotto_query_has_floor_filters(const grotto_query *q);

typedef struct grotto_query_hit {
    uint32_t map;            /* grotto_map_slot(band, seed) */
    uint16_t floors;         /* bit n-1: floor n passed the floor filters (0 without floor filters) */
    uint16_t timers;         /* with a base: timer values that give this map (at a wanted location) */
} grotto_query_hit;

typedef struct grotto_query_result {
    grotto_query_hit *hit;   /* ascending map slot */
    uint32_t count;
    /* with a base: */
    uint32_t timers;         /* timer values whose map (and location) passes: chance = timers / 65,536 */
    uint32_t produced;       /* distinct maps the base produces at all */
} grotto_query_result;

/* 0, or -1 (out of memory; a name that cannot be matched sets no hit). */
int grotto_query_run(const grotto_index *ix, const grotto_query *q, grotto_query_result *r);
void grotto_query_result_free(grotto_query_result *r);

/* Where map slot m is found: count[l] = timer values giving it at location l
 * (1..150) - for some base 2..248 (base 0, the tool's listing of
 * rng-and-timer.md §4.5) or for that base. *quest15 = 1 for quest 15's map
 * (location 5, not from a timer) when base is 0. Returns how many distinct
 * locations (quest 15's included). */
int grotto_query_places(const grotto_index *ix, uint32_t m, int base, uint16_t count[GT_LOCATION_COUNT + 1],
                        int *quest15);

/* Forgiving name form used by the name filters: surrounding spaces dropped,
 * ASCII letters lower-cased, "Lv" followed by '.', spaces and digits written
 * "lv" + digits: "Granite Tunnel of Woe Lv 1 " -> "granite tunnel of woe lv1".
 * Returns the length (snprintf semantics). */
int grotto_name_canon(const char *in, char *out, size_t size);

/* Name tables: per (prefix, locale, suffix) combination - index
 * ((prefix-1) * 24 + (locale-1)) * 16 + (suffix-1) - the levels 1..99 whose
 * name matches text. how: GROTTO_NAME_EN and/or _JP (which names), _PART
 * (the name contains text, else equals it), _RAW (byte for byte, else in
 * the forgiving form of grotto_name_canon). out holds GROTTO_NAME_COMBOS
 * entries. 0, or -1 when the names do not have the form "<words>Lv<level>"
 * (nothing can be matched then). */
enum { GROTTO_NAME_EN = 1, GROTTO_NAME_JP = 2, GROTTO_NAME_PART = 4, GROTTO_NAME_RAW = 8 };
enum { GROTTO_NAME_COMBOS = GT_PREFIX_NAMES * GT_LOCALE_NAMES * GT_SUFFIX_NAMES };
typedef struct grotto_name_levels {
    uint64_t w[2]; /* bit v: level v */
} grotto_name_levels;
int grotto_name_table(const char *text, int how, grotto_name_levels *out);
int grotto_name_levels_has(const grotto_name_levels *l, int level);
/* The combination index of a map */
static inline int grotto_name_combo(const grotto_map_facts *m)
{
    return ((m->prefix - 1) * GT_LOCALE_NAMES + (m->locale - 1)) * GT_SUFFIX_NAMES + (m->suffix - 1);
}

/* The ONLY monster of a floor of a map with this env and first-floor monster
 * rank smr, or -1 when the state is not an ONLY state. */
int grotto_only_monster(int env, int smr, int floor, int state);

#endif
