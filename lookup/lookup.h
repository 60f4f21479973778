/* lookup/: one item of the universe at a time, as a result value
 * (result/result.h): a map with its floors, one floor, what a console timer
 * value makes, the facts of a seed, a floor's chests at some seconds - and
 * the pieces the searches share: where a map can be found (the timer
 * values and base qualities that give it, and quest 15's gift) and the
 * entrance locations. The runs are those of `grotto map`, `floor`,
 * `timer`, `seeds` and `chest`; their documents are described field by
 * field in docs/json.md.
 *
 * Engines are reached through grotto/engine.h (map, floor) or the public
 * headers (timers, chests); the game tables through grotto/tables.h.
 * Below it: the engines and result/. Prefix lookup_. */
#ifndef GROTTO_LOOKUP_H
#define GROTTO_LOOKUP_H

#include <stdint.h>

#include "grotto/chests.h"
#include "grotto/engine.h"
#include "grotto/tables.h"
#include "grotto/types.h"
#include "result.h"

/* A map as the community names it: a quality 2..248 (any quality of the
 * band; `RRSSSS` gives the band code RR) and a seed 0..0x7FFF. quality 0:
 * no map (a floor layout alone). */
typedef struct lookup_mapref {
    int quality;
    uint32_t seed;
} lookup_mapref;

/* Floors of the map (2..16). */
int lookup_floor_count(lookup_mapref m);
/* "DD5BC3": the band code of the quality's band and the seed. */
void lookup_map_id(lookup_mapref m, char out[8]);

/* ---- grotto map ---- */
typedef struct lookup_map_args {
    lookup_mapref map;
    grotto_region region;          /* how ElistOfs is shown */
    const grotto_engine *engine;   /* NULL: ref */
    int record;                    /* only the MapRecord: {"schema", "record": hex} */
} lookup_map_args;
int lookup_map(const lookup_map_args *a, res_run *r);

/* ---- grotto floor ---- */
typedef struct lookup_floor_args {
    lookup_mapref map;             /* quality 0: the layout of map.seed alone */
    int floor;                     /* 1..16 (1..floors of the map) */
    grotto_region region;
    const grotto_engine *engine;   /* NULL: ref */
    int record;                    /* only the FloorRecord: {"schema", "record": hex} */
} lookup_floor_args;
int lookup_floor(const lookup_floor_args *a, res_run *r);
/* One cheapest walk of a floor (research.md §1; walk_path.c), as floor's
 * "walk_path": the tiles from the up stairs to the down stairs, both
 * included; returns how many (at most cap), 0 when there is no path. */
int lookup_walk_path(const grotto_floor_t *f, grotto_xy *path, int cap);

/* ---- grotto timer ---- */
typedef struct lookup_timer_args {
    unsigned long timer;           /* 0..65535 */
    int base;                      /* 0: none; 2..248 */
} lookup_timer_args;
int lookup_timer(const lookup_timer_args *a, res_run *r);

/* ---- grotto seeds ---- */
typedef struct lookup_seeds_args {
    int never;                     /* the never-seeds (seed and band unused) */
    uint32_t seed;
    int band;                      /* -1: none; 0..11 */
} lookup_seeds_args;
int lookup_seeds(const lookup_seeds_args *a, res_run *r);

/* ---- grotto chest ---- */
/* Every item number of one name (an item of the chest tables, EN any case
 * or JP); first < 0: no filter. */
typedef struct lookup_item_filter {
    int first;
    uint8_t match[GT_ITEM_COUNT];
} lookup_item_filter;
/* 0, or -1 when no item of the chest tables has that name. */
int lookup_item_filter_of(const char *name, lookup_item_filter *out);

/* Seconds of the chest timer (internal), first <= last; range: listed one
 * by one (a range, or any --item query), else one second's contents. */
typedef struct lookup_seconds {
    uint64_t first, last;
    int range;
} lookup_seconds;

typedef struct lookup_chest_args {
    lookup_mapref map;
    int floor;
    lookup_seconds when;
    lookup_item_filter item;
} lookup_chest_args;
/* The longest range one call lists: a day of seconds. */
enum { LOOKUP_CHEST_RANGE_MAX = 86400, LOOKUP_SECOND_MAX = 4294967295u };
/* The range's seconds stream as "seconds" (res_head / res_item). */
int lookup_chest(const lookup_chest_args *a, res_run *r);

/* ---- grotto chest RRSSSS all FIRST..LAST: the marathon table (marathon.c) ---- */
enum { LOOKUP_RANKS_ALL = 0, LOOKUP_RANKS_SA = 1, LOOKUP_RANKS_AB = 2, LOOKUP_HIGHLIGHT_MAX = 16 };
typedef struct lookup_marathon_args {
    lookup_mapref map;
    lookup_seconds when;
    int ranks;                     /* LOOKUP_RANKS_*: the chests shown */
    grotto_item_set highlight;     /* the items marked */
    int highlights;
    const char *highlight_name[LOOKUP_HIGHLIGHT_MAX]; /* as given (items or groups) */
} lookup_marathon_args;
/* The community tool's highlighted items and groups, NULL-terminated. */
extern const char *const LOOKUP_MARATHON_HIGHLIGHT[];
/* Every chest of every floor kept by the rank filter, then the seconds
 * streamed as "seconds" (res_head / res_item). */
int lookup_marathon(const lookup_marathon_args *a, res_run *r);

/* ---- where a map is found ----
 * For every timer whose 2nd draw is the seed, the runs of base qualities
 * whose final quality lies in the band, each with the entrance location it
 * leads to; then quest 15's fixed map (seed 0x0032, location 5, base 2)
 * when the band holds quality 2. An array of `place` objects
 * (docs/json.md), timers ascending. */
json_t *lookup_places(uint32_t seed, int band);

/* ---- locations ----
 * The `location_info` object of location no (1..150; only number and hex
 * outside). */
json_t *lookup_location(int no);
/* The locations an argument names (bit i of set[] for location i): two hex
 * digits as the community writes them (72 = location 114), 0x72, one or
 * three decimal digits (5, 072, 114), or an overworld area's name (EN any
 * case, or JP): every location there. Returns how many, 0 when the text
 * names none, -1 when a number is outside 1..150. */
enum { LOOKUP_LOCATION_SET_BYTES = 19 };
int lookup_location_set(const char *text, uint8_t set[LOOKUP_LOCATION_SET_BYTES]);

/* Whether the user's text a names b: equal ignoring ASCII case and the
 * spaces around a (area, boss, monster, item names). */
int lookup_same_text(const char *a, const char *b);

#endif
