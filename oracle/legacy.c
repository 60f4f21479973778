/* The legacy tool's enemy-list model (legacy.h). */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "grotto/walk.h"
#include "legacy.h"

/* enemy-list.md §5.3, the tool's form, with D = 0 (the legacy tool has no
 * Flag0 tiles, so never "partially no-enemy"). */
static int legacy_classify(int cls, int ofs)
{
    if (ofs < GT_ELIST_FIRST_CUT)
        return 0;
    int k = (ofs - GT_ELIST_FIRST_CUT) / GT_ELIST_RECORD_BYTES;
    int state = gt_class_table[cls][k < 7 ? k : 7];
    return state < 0 ? 0 : state;
}

void oracle_legacy_elist(int env, int mr, int W, int X, grotto_elist_t *out)
{
    const struct gt_floor_table *list = &gt_floor_tables[env][mr];
    int Xl = oracle_legacy_passages(X);
    memset(out, 0, sizeof *out);
    out->env = (uint8_t)env;
    out->mr = (uint8_t)mr;
    out->F = list->F;
    out->G = list->G;
    out->cls = list->cls;
    out->only = list->only;
    out->W = (uint16_t)W;
    out->X = (uint16_t)Xl;
    out->regime = 1;                               /* no overflow regime */
    out->boundary = GT_ELIST_BOUNDARY_CAP - 16 * W - 8 * Xl;
    out->A = GT_ELIST_FIXED_BYTES + 16 * W + 8 * Xl;
    out->B = Xl;
    out->D = 0;
    int ofs = out->A + 4 + 8 * out->B + 28 * out->F + out->G;
    out->ofs = (uint16_t)ofs;
    out->state = (uint8_t)legacy_classify(out->cls, ofs);
    int survivors = (GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET - ofs) / GT_ELIST_RECORD_BYTES;
    out->survivors = (uint8_t)(survivors < 0 ? 0 : survivors > out->F ? out->F : survivors);
}

static void legacy_floor_elist(const grotto_floor_t *f, int env, int smr, grotto_elist_t *out)
{
    grotto_floor_terms t;
    grotto_elist_layout(f, &t);
    oracle_legacy_elist(env, grotto_floor_mr(smr, f->index), t.W, t.X, out);
}

static int legacy_map_from_floors(int quality, const grotto_map_floors_t *floors, grotto_map_t *out)
{
    if (grotto_map_from_floors(quality, floors, out) != 0)
        return -1;
    for (int n = 1; n <= out->d.floors; n++)
        oracle_legacy_elist(out->d.env, grotto_floor_mr(out->d.smr, n), floors->floor[n - 1].W,
                            floors->floor[n - 1].X, &out->elist[n - 1]);
    return 0;
}

static int legacy_map(int quality, uint32_t seed, grotto_map_t *out)
{
    grotto_map_details_t d;
    grotto_map_floors_t floors;
    if (grotto_map_details(quality, seed, &d) != 0 || grotto_map_floors(seed, d.floors, &floors) != 0)
        return -1;
    return legacy_map_from_floors(quality, &floors, out);
}

/* what the legacy tool shares with the game model: ref's */
static int legacy_facts(uint32_t seed, int k, grotto_floor_t *floor, grotto_floor_facts *out)
{
    return grotto_engine_ref.facts(seed, k, floor, out);
}

static int legacy_timer(uint32_t timer, int base, grotto_timer_value *out)
{
    return grotto_engine_ref.timer(timer, base, out);
}

const grotto_engine grotto_engine_legacy = {
    .name = "legacy",
    .floor = grotto_floor,
    .analyse = grotto_floor_analyse,
    .elist = legacy_floor_elist,
    .map = legacy_map,
    .facts = legacy_facts,
    .map_floors = grotto_map_floors,
    .map_from_floors = legacy_map_from_floors,
    .timer = legacy_timer,
    .sweep = NULL,
    .walk = grotto_floor_walk, /* a walk over the game model's floors: ref's */
};
