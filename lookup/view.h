/* lookup/'s own: one floor as the map and floor documents show it - the
 * floor, its analysis and, on a map, its chest ranks and enemy-list cut -
 * and the members of its `floor` object (docs/json.md). */
#ifndef GROTTO_LOOKUP_VIEW_H
#define GROTTO_LOOKUP_VIEW_H

#include "lookup.h"

typedef struct lookup_view {
    grotto_floor_t f;
    grotto_floor_analysis a;
    int has_map;                  /* rank and e are valid */
    uint8_t rank[GROTTO_MAX_CHESTS];
    grotto_elist_t e;
} lookup_view;

/* Floor n of map m with engine e (m NULL: the layout of seed alone). */
void lookup_view_of(const grotto_engine *e, const grotto_map_t *m, uint32_t seed, int n, lookup_view *v);
/* The members of the floor object, into o; with_grid adds "grid". */
void lookup_floor_members(json_t *o, const lookup_view *v, grotto_region region, int with_grid);
/* The record as lowercase hex (2 n + 1 bytes). */
void lookup_hex(const uint8_t *p, size_t n, char *out);

#endif
