/* Universe statistics answering the hardware observations of hardware.md:
 * HW-2 (stair overflow), HW-3 (never-seeds), HW-4 (quest-15 name twins),
 * HW-6 (trapped-chest records lost), and the count of every enemy-list
 * state, on the counting bases of enemy-list.md §8. */
#ifndef GROTTO_ORACLE_STATS_H
#define GROTTO_ORACLE_STATS_H

#include <stdint.h>

#include "grotto/engine.h"

enum { STATS_MAX_LIST = 64, STATS_STATES = 17 };
enum { BASIS_INSTANCES = 0, BASIS_ARISING = 1, BASIS_DISTINCT = 2, BASES = 3 };
enum { LOST_PANDORA = 0, LOST_MIMIC = 1, LOST_CANNIBOX = 2, LOST_KINDS = 3 };

typedef struct stats_floor_ref {
    uint16_t seed;
    uint8_t floor;
    uint8_t up_on_wall;
} stats_floor_ref;

typedef struct oracle_stats {
    /* floors of seeds 0..0x7FFF, floors 1..16 (generator inputs) */
    uint64_t floors;
    uint32_t overflow_count;
    stats_floor_ref overflow[STATS_MAX_LIST];
    uint32_t overflow_inputs;            /* distinct (S + k, size band) */
    uint32_t overflow_floor_seeds[STATS_MAX_LIST]; /* the distinct S + k values */
    uint32_t overflow_occurring[12];     /* per band: overflow floors that a map of the band has */
    uint32_t overflow_occurring_total;
    /* the community tool's search box accepts seeds up to 0xFFFF: the same
     * count over 0x0000..0xFFFF (the generator is defined for any seed) */
    uint32_t overflow_count_16bit;
    uint32_t overflow_inputs_16bit;
    uint32_t overflow_up_on_wall;        /* overflow floors whose final up stairs were written on a wall */
    uint64_t up_on_wall_floors;          /* all floors whose final up stairs sit on a former wall */
    uint64_t ghost_floors, nipple_floors, chamber_floors, down_unreachable_floors;
    /* HW-3 */
    int never_seeds;
    /* HW-4 */
    int quest_name_maps;                 /* maps named like quest 15's map (EN) */
    int quest_name_maps_jp;
    int quest_name_maps_both;            /* same maps under both names */
    int quest_twins;                     /* EN-named twins other than quest 15's own map */
    uint16_t quest_twin_seed[STATS_MAX_LIST];
    uint8_t quest_twin_band[STATS_MAX_LIST];
    int quest_twin_arising;              /* twins whose seed arises from a timer */
    /* states over map floors: [state][basis] */
    uint64_t map_floors;                 /* floor instances over all maps */
    uint64_t state[STATS_STATES][BASES];
    uint64_t lost[LOST_KINDS][BASES];
    uint64_t d_positive[BASES];
    uint64_t d_positive_state0;          /* D > 0 floors classified normal (expected 0) */
    double seconds;
} oracle_stats;

/* Returns 0, or -1 on allocation failure. */
int oracle_stats_compute(const grotto_engine *e, int threads, int quiet, oracle_stats *out);

/* The published figures of HW-6 (seed-001 tool). */
enum { HW6_FLOORS = 1615, HW6_PANDORA = 1615, HW6_MIMIC = 1266, HW6_CANNIBOX = 597 };

#endif
