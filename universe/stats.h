/* Universe statistics answering the hardware observations of hardware.md:
 * HW-2 (stair overflow), HW-3 (never-seeds), HW-4 (quest-15 name twins),
 * HW-6 (trapped-chest records lost), and the count of every enemy-list
 * state, on the counting bases of enemy-list.md §8. */
#ifndef GROTTO_ORACLE_STATS_H
#define GROTTO_ORACLE_STATS_H

#include <stdint.h>

#include "grotto/engine.h"
#include "index.h"

enum { STATS_MAX_LIST = 64, STATS_STATES = 17, STATS_MAX_SPARE = 256 };
enum { BASIS_INSTANCES = 0, BASIS_ARISING = 1, BASIS_DISTINCT = 2, BASES = 3 };
enum { LOST_PANDORA = 0, LOST_MIMIC = 1, LOST_CANNIBOX = 2, LOST_KINDS = 3 };

typedef struct stats_floor_ref {
    uint16_t seed;
    uint8_t floor;
    uint8_t up_on_wall;
} stats_floor_ref;

/* A floor of a map: band code, seed, floor, and what the figure needs. */
typedef struct stats_map_floor {
    uint8_t band_code;
    uint16_t seed;
    uint8_t floor;
    uint8_t state;
    uint16_t ofs;                        /* ElistOfs */
    uint8_t rank[3];                     /* chest ranks */
} stats_map_floor;

enum { RANK_ARISING = 0, RANK_ALL = 1, RANK_BASES = 2 };
enum { SL_UP = 0, SL_CUT = 1, SL_BOTH = 2, SL_OVERFLOW = 3 };

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
    /* HW-1 softlock candidates: floors (seed, floor) and maps with a floor
     * whose final up stairs are 4-adjacent to a chest [SL_UP], whose down
     * stairs are cut off with chests solid [SL_CUT], both [SL_BOTH], and both
     * on an overflow floor [SL_OVERFLOW] (the two observed softlocks) */
    uint64_t softlock_floors[4], softlock_maps[4];
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
    /* HW-6 on the chest-rank basis (hardware.md HW-6): map floors where one
     * of the chests has a rank that can hold a trapped chest whose record is
     * lost (rank 3 and the cannibox, 4-7 and the mimic, 8-10 and Pandora's
     * box; chests.md §3.1), over seeds that arise [RANK_ARISING] and over all
     * seeds [RANK_ALL]; then, among them, the floors losing each record */
    uint64_t rank_floors[RANK_BASES];
    uint64_t rank_lost[LOST_KINDS][RANK_BASES];
    /* floors of the arising set that keep the mimic's record with 0 bytes to
     * spare (ElistOfs + 128 + 20 j = 11,344 for the mimic's position j) */
    uint32_t mimic_zero_spare;
    stats_map_floor mimic_zero_spare_list[STATS_MAX_SPARE];
    double seconds;
} oracle_stats;

/* The statistics from the universe index (opts: for the overflow flags of
 * seeds 0x8000..0xFFFF, computed or read once). 0, or -1 on allocation
 * failure. */
int oracle_stats_compute(grotto_index *ix, const grotto_index_opts *opts, oracle_stats *out);

/* The published figures of HW-6 (seed-001 tool). */
enum { HW6_FLOORS = 1615, HW6_PANDORA = 1615, HW6_MIMIC = 1266, HW6_CANNIBOX = 597 };

#endif
