/* What the map and floor commands show about one floor, computed with a
 * chosen engine: the floor, its analysis, chest ranks, enemy-list cut. */
#ifndef GROTTO_CLI_VIEW_H
#define GROTTO_CLI_VIEW_H

#include <stddef.h>

#include "cli.h"
#include "grotto/engine.h"

typedef struct floor_view {
    grotto_floor_t f;
    grotto_floor_analysis a;
    int has_map;              /* the fields below are valid */
    uint8_t rank[GROTTO_MAX_CHESTS];
    grotto_elist_t e;
} floor_view;

/* Engine by name ("ref" or "impl"); NULL and an error printed otherwise. */
const grotto_engine *cli_engine(const char *cmd, const char *name);

/* Floor n of map m (m may be NULL: a bare floor without enemy list/ranks). */
void view_floor(const grotto_engine *e, const grotto_map_t *m, uint32_t seed, int n, floor_view *v);

/* "overflow; 3 ghost stairs; unreachable chest 2; ..." or "-" */
void view_anomalies(const floor_view *v, char *buf, size_t size);
/* Softlock report (HW-1) in one paragraph, for overflow floors. */
void view_softlock(FILE *out, const floor_view *v, const char *indent);
/* JSON object members for the floor (caller opened the object). */
void view_json_floor(jw *w, const floor_view *v, grotto_region region, int with_grid);

#endif
