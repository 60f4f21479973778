/* The chest-timer searches over the universe (research.md §3; issue 21):
 * which maps pay for farming chest contents with the chest timer, as the
 * community tool searches them - quickload (QL) and PPAP 5 / 9 with the
 * per-item rules and groups, the walking-cost variants D / 5D / 9D, PPAP
 * 5A / 9A (hits on two floors anywhere), combo (waypoint + material,
 * monster-box windows, the Sainted-soma rule), 3rd chest and S3, and the
 * free search (up to three conditions on chests). Part of grotto_universe
 * (universe.h); implemented in chest_search.c.
 *
 * A search runs over the universe index (the maps' floor counts, monster
 * ranks and every floor's chest count) under a chosen engine: the engine
 * gives each map's chest ranks (map_from_floors over the index's floor
 * terms), the chests' contents (chest_seconds, chest_hits) and, for the D
 * variants, the floors and walks (floor, walk). ref and impl must give the
 * same sets. Seconds are the tool's internal seconds t; the player's
 * stopwatch shows t + GROTTO_STOPWATCH_OFFSET. Items and groups are named
 * as grotto_item_set_by_name() reads them (English any case, or Japanese);
 * the rules per target are the generated tables gt_ql_rule, gt_ql_all,
 * gt_third and gt_combo (tools/tables/chest-groups.json). */
#ifndef GROTTO_UNIVERSE_CHEST_SEARCH_H
#define GROTTO_UNIVERSE_CHEST_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/chests.h"
#include "grotto/engine.h"

struct universe_index;

typedef enum universe_chest_kind {
    UNIVERSE_CHEST_QL = 0,     /* QL (Solo/Party), PPAP 5 / 9; with walk: D, 5D, 9D */
    UNIVERSE_CHEST_QL_ALL = 1, /* PPAP 5A / 9A: two hit floors anywhere */
    UNIVERSE_CHEST_COMBO = 2,  /* waypoint + material, monster boxes, Sainted soma */
    UNIVERSE_CHEST_THIRD = 3,  /* 3rd chest; S3 for the target Sainted soma */
    UNIVERSE_CHEST_FREE = 4    /* up to three conditions */
} universe_chest_kind;

/* When the chests are read: the quickload's two seconds, or one PPAP second. */
typedef enum universe_chest_timing {
    UNIVERSE_CHEST_SOLO_PARTY = 0, /* t 1 (Solo, stopwatch 6) or t 2 (Party, 7) */
    UNIVERSE_CHEST_PPAP5 = 1,      /* t 0 (stopwatch 5) */
    UNIVERSE_CHEST_PPAP9 = 2       /* t 4 (stopwatch 9) */
} universe_chest_timing;

enum {
    UNIVERSE_CHEST_CONDS = 3,      /* free search: at most three conditions */
    UNIVERSE_CHEST_ANY_SECOND = -1 /* free search: any second 0..255 */
};

/* One free-search condition: a chest of `floor` picked by `chest`, of
 * `rank` (0: any), holding an item of `item` (NULL: any content) at the
 * stopwatch second `stopwatch` (t = stopwatch - 5; a stopwatch below 5 is
 * read as 5, as the tool does) or at any second 0..255. Conditions are
 * taken in order and each takes the first chest and second that satisfy it
 * and are not taken yet (the same chest at another second is another hit;
 * a condition with any content and any second takes a whole chest). */
typedef struct universe_chest_cond {
    int floor;                 /* 1..16 */
    grotto_chest_pick chest;
    int rank;                  /* 0, or 1..10 */
    const char *item;          /* item or group name, or NULL */
    int stopwatch;             /* 0..260, or UNIVERSE_CHEST_ANY_SECOND */
} universe_chest_cond;

typedef struct universe_chest_query {
    universe_chest_kind kind;
    const char *target;        /* QL, QL_ALL, COMBO, THIRD: the item or group sought */
    universe_chest_timing timing; /* QL, QL_ALL (not Solo/Party), COMBO (shifts the seconds) */
    int walk;                  /* QL, COMBO, THIRD: D variants - walking cost per hit, sorted by it
                                  (the routes: chest_search.c) */
    int band;                  /* 0..11, or -1: every band */
    uint32_t seed_lo, seed_hi; /* 0..0x7FFF */
    int listed_only;           /* only maps some timer and base quality give in their band (the tool) */
    const uint8_t *only;       /* NULL, or one byte per map slot: only the maps marked non-zero (the
                                  other map filters, applied before the D variants' B10F cut) */
    int threads;               /* workers trying the maps (< 1: every core); the result is the same */
    int conds;                 /* FREE: 1..3 */
    universe_chest_cond cond[UNIVERSE_CHEST_CONDS];
} universe_chest_query;

/* A query for every map of every band with no condition yet (kind QL,
 * Solo/Party, all seeds, listed_only 1). */
void universe_chest_query_init(universe_chest_query *q);

/* One row of the result: one per map, except in two D variants, which give
 * a row per floor that hits - the B9F targets' QL (B9F, B10F) and the
 * Sainted-soma combo (a waypoint on B9F, on B10F) - and keep only the 5
 * cheapest B10F rows, as the tool does. The walk (D variants) is the
 * tool's route, in half-steps:
 *   QL      floors before the hit floor, then from its up stairs through
 *           the hit chests in the cheapest order;
 *   combo   floors before the waypoint floor, its up stairs to the
 *           waypoint chests (the order whose part is cheapest), then to the
 *           3rd chest(s) that pay - with two, the cheapest of either alone
 *           and both - over the Solo and the Party chests when they differ;
 *   3rd     floors before the first, then the cheaper of: its 3rd chest
 *           and down to the other's, or the other's first and back up. */
typedef struct universe_chest_hit {
    uint32_t map;              /* grotto_map_slot(band, seed) */
    uint8_t floor;             /* the floor the tool's card shows, 1..16 (the waypoint's for combo) */
    uint8_t chests;            /* QL: chests that hold the target on it; 0 for other kinds */
    uint8_t x3;                /* QL walk: more chests than the rule needs (the tool's "x3" tail) */
    uint8_t b10;               /* a B10F row of the row-per-floor D variants */
    uint16_t walk;             /* D variants: half-steps (above), GROTTO_WALK_NONE without a
                                  path; 0 otherwise */
} universe_chest_hit;

typedef struct universe_chest_result {
    universe_chest_hit *hit;   /* scan order (band, then seed); D variants: by walk (stable), x3 last */
    uint32_t count;
    uint32_t maps;             /* maps examined (in band and seed range, listed if asked, in `only`) */
    double seconds;            /* wall */
} universe_chest_result;

/* Runs q over the index under engine e (NULL: impl). 0; 2 for a query the
 * tool refuses or that is malformed (unknown target or item, a target the
 * kind does not search, bad band, seeds, floor, rank or second, no
 * condition) with one line in err; -1 when out of memory or when the
 * engine lacks a member the search needs (err says which). */
int universe_chest_search(const struct universe_index *ix, const grotto_engine *e, const universe_chest_query *q,
                          universe_chest_result *r, char *err, size_t errlen);
void universe_chest_result_free(universe_chest_result *r);

#endif
