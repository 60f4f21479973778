/* Map details, names, chest ranks and contents, whole maps
 * (map-details.md, chests.md). Reference API (ref/). */
#ifndef GROTTO_MAP_H
#define GROTTO_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bad input is answered in every build as each comment says; pointers
 * must not be NULL unless a comment allows it. */

/* Details for any quality 2..248 (only its band matters) and seed 0..0x7FFF.
 * Returns 0, or -1 for an invalid quality or seed (out untouched). */
int grotto_map_details(int quality, uint32_t seed, grotto_map_details_t *out);

/* Names exactly as the tool writes them (map-details.md §4); "Unknown"
 * when prefix, suffix or locale is outside its table. Return the length
 * written (snprintf semantics: buf may be NULL when size is 0). */
int grotto_map_name_en(const grotto_map_details_t *d, char *buf, size_t size);
int grotto_map_name_jp(const grotto_map_details_t *d, char *buf, size_t size);

/* Floor monster rank: smr + (n-1) div 4, capped at 12, for smr 1..12 and
 * floor n 1..16; -1 otherwise. */
int grotto_floor_mr(int smr, int n);

/* Chest ranks of floor n (>= 3) for `count` chests (chests.md §2), 1..10
 * in chest order, 0 beyond count. count is capped at 3; all 0 when count
 * <= 0, n is outside 3..16 or smr outside 1..12. */
void grotto_chest_ranks(uint32_t seed, int n, int smr, int count,
                        uint8_t rank[GROTTO_MAX_CHESTS]);
/* Chest contents of floor n at second t (chests.md §3): item indices into
 * gt_item_name, one per chest, 0 beyond count (capped at 3; all 0 when
 * count <= 0 or n is outside 3..16); 0xFF for a chest whose rank is
 * outside 1..10. */
void grotto_chest_contents(uint32_t seed, int n, uint32_t t, int count,
                           const uint8_t rank[GROTTO_MAX_CHESTS],
                           uint8_t item[GROTTO_MAX_CHESTS]);

/* A whole map: details, every floor generated, chest ranks from the real
 * chest counts, enemy-list cut per floor. Returns 0, or -1 (bad quality or
 * seed, out untouched). */
int grotto_map(int quality, uint32_t seed, grotto_map_t *out);

/* grotto_map() in its two halves: floors 1..count (1..16) of a seed
 * 0..0x7FFF with their chest counts and enemy-list layout terms (no quality
 * changes them), and the map of a quality over such floors. grotto_map(q,
 * s) == grotto_map_from_floors(q, floors of s) whenever enough floors are
 * given. Both return 0, or -1 on bad input, out untouched: map_floors for
 * a seed or count out of range; map_from_floors for a bad quality or
 * floors->seed, when the map has more floors than floors->count (1..16)
 * holds, or when one of its floors holds terms no floor has (chest_count
 * above 3, or not 0 on floors 1 and 2; W, X, D as grotto/elist.h
 * bounds them). */
int grotto_map_floors(uint32_t seed, int count, grotto_map_floors_t *out);
int grotto_map_from_floors(int quality, const grotto_map_floors_t *floors, grotto_map_t *out);

#ifdef __cplusplus
}
#endif

#endif
