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

/* Details for any quality 2..248 (only its band matters) and seed 0..0x7FFF.
 * Returns 0, or -1 for an invalid quality or seed (out untouched). */
int grotto_map_details(int quality, uint32_t seed, grotto_map_details_t *out);

/* Names exactly as the tool writes them (map-details.md §4). Return the
 * length written (snprintf semantics). */
int grotto_map_name_en(const grotto_map_details_t *d, char *buf, size_t size);
int grotto_map_name_jp(const grotto_map_details_t *d, char *buf, size_t size);

/* Floor monster rank: smr + (n-1) div 4, capped at 12. */
int grotto_floor_mr(int smr, int n);

/* Chest ranks of floor n (>= 3) for `count` chests (chests.md §2). */
void grotto_chest_ranks(uint32_t seed, int n, int smr, int count,
                        uint8_t rank[GROTTO_MAX_CHESTS]);
/* Chest contents of floor n at second t (chests.md §3): item indices into
 * gt_item_name, one per chest. */
void grotto_chest_contents(uint32_t seed, int n, uint32_t t, int count,
                           const uint8_t rank[GROTTO_MAX_CHESTS],
                           uint8_t item[GROTTO_MAX_CHESTS]);

/* A whole map: details, every floor generated, chest ranks from the real
 * chest counts, enemy-list cut per floor. Returns 0 or -1 (bad input). */
int grotto_map(int quality, uint32_t seed, grotto_map_t *out);

/* grotto_map() in its two halves: floors 1..count (1..16) of a seed with
 * their chest counts and enemy-list layout terms (no quality changes
 * them), and the map of a quality over such floors. grotto_map(q, s) ==
 * grotto_map_from_floors(q, floors of s) whenever enough floors are given.
 * Both return 0, or -1 on bad input (map_from_floors also when the map has
 * more floors than `floors` holds). */
int grotto_map_floors(uint32_t seed, int count, grotto_map_floors_t *out);
int grotto_map_from_floors(int quality, const grotto_map_floors_t *floors, grotto_map_t *out);

#ifdef __cplusplus
}
#endif

#endif
