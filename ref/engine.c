/* The reference behind the engine interface used by the oracle, the
 * benchmark and the statistics. */
#include <string.h>

#include "floor_internal.h"
#include "grotto/at.h"
#include "grotto/chests.h"
#include "grotto/elist.h"
#include "grotto/engine.h"
#include "grotto/map.h"
#include "grotto/multibug.h"
#include "grotto/timer.h"
#include "grotto/walk.h"

/* Per-floor facts: the generator run (for the tile under the final up
 * stairs), the §12 analysis and the enemy-list layout terms. The floor
 * goes to *floor, or nowhere when floor is NULL (grotto/engine.h). */
static int ref_facts(uint32_t seed, int k, grotto_floor_t *floor, grotto_floor_facts *out)
{
    if (k < 1 || k > GROTTO_MAX_FLOORS)
        return -1;
    grotto_floor_t local;
    if (!floor)
        floor = &local;
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
    out->walk = grotto_floor_walk(floor);
    out->width = floor->width;
    out->height = floor->height;
    return 0;
}

/* rng-and-timer.md §4: the three draws of the timer, §4.1 the final
 * quality from the base, §4.2 the entrance location of that quality. */
static int ref_timer(uint32_t timer, int base, grotto_timer_value *out)
{
    if (timer >= GROTTO_TIMER_COUNT)
        return -1;
    grotto_timer_draws d;
    grotto_timer(timer, &d);
    int quality = grotto_final_quality(base, d.r1);
    if (quality < 0)
        return -1;
    out->timer = d.timer;
    out->r1 = d.r1;
    out->seed = d.seed;
    out->r3 = d.r3;
    out->base = (uint8_t)base;
    out->quality = (uint8_t)quality;
    out->location = (uint8_t)grotto_location(quality, d.r3);
    return 0;
}

/* map-details.md §4 */
static int ref_name(const grotto_map_details_t *d, int jp, char *buf, size_t size)
{
    return jp ? grotto_map_name_jp(d, buf, size) : grotto_map_name_en(d, buf, size);
}

const grotto_engine grotto_engine_ref = {
    .name = "ref",
    .floor = grotto_floor,
    .analyse = grotto_floor_analyse,
    .elist = grotto_elist,
    .map = grotto_map,
    .facts = ref_facts,
    .map_floors = grotto_map_floors,
    .map_from_floors = grotto_map_from_floors,
    .timer = ref_timer,
    .sweep = NULL, /* the reference computes every item on its own */
    .map_name = ref_name,
    .elist_of_layout = grotto_elist_of_layout,
    .floors_from = NULL,
    .about = "the reference, one file per spec stage",
    .walk = grotto_floor_walk,
    .at = grotto_at,
    .at_pop = grotto_at_pop_of,
    .at_scan = grotto_at_scan,
    .whistle = grotto_whistle_match,
    .multibug = grotto_multibug_from_floors,
    .chest_seconds = grotto_chest_seconds,
    .chest_hits = grotto_chest_hits,
};
