/* The four-player multiplayer bug ("multibug", research.md §5): in a
 * four-player session a map's details are computed with the generator one
 * step further on - the "bug map", often deeper than the map itself - while
 * its floors stay the seed's own floors, so the original seed's floors below
 * its last one (to B16F) can be reached. Reference API (implemented in
 * ref/); impl/ gives the same through grotto_engine_impl (grotto/engine.h). */
#ifndef GROTTO_MULTIBUG_H
#define GROTTO_MULTIBUG_H

#include <stdint.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct grotto_multibug {
    grotto_map_details_t orig;       /* the map's own details (map-details.md) */
    grotto_map_details_t bug;        /* the bug map's details: floor count, boss, name,
                                        level...; side[] of its floors from the seed */
    /* The seed's floors 1..16 (the generation forced to 16 floors) with the
     * ORIGINAL environment and SMR: the chests of each floor (chests.md,
     * ranks from the original SMR) and its enemy-list cut (enemy-list.md;
     * the tool lists B5F..B16F). */
    uint8_t chest_count[GROTTO_MAX_FLOORS];
    uint8_t chest_rank[GROTTO_MAX_FLOORS][GROTTO_MAX_CHESTS]; /* 1..10, 0 if none */
    grotto_elist_t elist[GROTTO_MAX_FLOORS];
} grotto_multibug_t;

/* The bug map's details: map-details.md §3 with the seed advanced one LCG
 * step before the 12 discarded draws (the tool's _at_offset = 1).
 * quality 2..248, seed 0..0x7FFF: 0, or -1 (out untouched). */
int grotto_multibug_details(int quality, uint32_t seed, grotto_map_details_t *out);

/* Both maps and the 16 floors: 0, or -1 for bad input (out untouched). */
int grotto_multibug(int quality, uint32_t seed, grotto_multibug_t *out);

/* The same over a seed's floors from grotto_map_floors(seed, 16, ...)
 * (no quality changes them); -1 also when floors->count is not 16 or a
 * floor holds terms no floor has (as grotto_map_from_floors, grotto/map.h). */
int grotto_multibug_from_floors(int quality, const grotto_map_floors_t *floors, grotto_multibug_t *out);

/* The search options of research.md §5, on a result. They read only the
 * floors 1..16 whatever m holds (a floor count above 16 reads as 16, chest
 * counts above 3 as 3, ranks outside 1..10 are not counted). Pointers must
 * not be NULL, here and above. */
/* 1 when the bug map has more floors than the map itself. */
int grotto_multibug_more_floors(const grotto_multibug_t *m);
/* The first floor n in (orig.floors, bug.floors] - among B5F..B16F, the
 * floors the tool lists - whose enemy-list state is not 0 (normal); 0 when
 * there is none. */
int grotto_multibug_bug_floor_special(const grotto_multibug_t *m);
/* The chests of floors 3..bug.floors by rank: count[r] for rank r 1..10
 * (count[0] = 0). */
void grotto_multibug_chest_counts(const grotto_multibug_t *m, unsigned count[11]);

#ifdef __cplusplus
}
#endif

#endif
