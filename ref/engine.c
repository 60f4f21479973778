/* The reference behind the engine interface used by the oracle, the
 * benchmark and the statistics. */
#include <string.h>

#include "floor_internal.h"
#include "grotto/elist.h"
#include "grotto/engine.h"
#include "grotto/map.h"

/* Per-floor facts: the generator run (for the tile under the final up
 * stairs), the §12 analysis and the enemy-list layout terms. */
static int ref_facts(uint32_t seed, int k, grotto_floor_t *floor, grotto_floor_facts *out)
{
    if (k < 1 || k > GROTTO_MAX_FLOORS)
        return -1;
    ref_floor_run run;
    ref_floor_generate(seed, k, &run);
    ref_floor_from_run(&run, floor);
    grotto_floor_analysis a;
    grotto_floor_analyse(floor, &a);
    grotto_elist_t e;
    grotto_elist(floor, 1, 1, &e); /* W, X and D do not depend on env or rank */
    memset(out, 0, sizeof *out);   /* padding too: facts compare with memcmp */
    out->W = e.W;
    out->X = e.X;
    out->D = e.D;
    out->ghost_count = a.ghost_count;
    out->unreachable_chests = a.unreachable_chests;
    out->down_unreachable = a.down_unreachable;
    out->region_count = a.region_count;
    out->up_on_wall = run.up_tile_before == GROTTO_TILE_WALL || run.up_tile_before == GROTTO_TILE_PARTITION;
    out->overflow = floor->overflow;
    out->chest_count = floor->chest_count;
    out->up_next_to_chest = a.up_next_to_chest;
    out->softlock_down_cut = a.softlock_down_cut;
    out->softlock_near = a.softlock_near;
    out->softlock_far = a.softlock_far;
    return 0;
}

const grotto_engine grotto_engine_ref = {
    .name = "ref",
    .floor = grotto_floor,
    .analyse = grotto_floor_analyse,
    .elist = grotto_elist,
    .map = grotto_map,
    .facts = ref_facts,
};
