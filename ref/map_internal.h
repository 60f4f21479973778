/* Internal helper of ref/map.c, shared with ref/multibug.c: which floors
 * of a seed (grotto_map_floors_t) a map may be read over. */
#ifndef REF_MAP_INTERNAL_H
#define REF_MAP_INTERNAL_H

#include "grotto/types.h"

/* 1 when n <= floors->count <= 16 and floors 1..n hold terms a floor can
 * have: 0..3 chests, none on floors 1 and 2 (chests.md §1), and W, X, D
 * within a 16 x 16 grid (enemy-list.md §2-§3); else 0. */
int ref_map_floors_valid(const grotto_map_floors_t *floors, int n);

#endif
