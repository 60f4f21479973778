/* grotto floor's run (lookup.h): one floor of a map, or a layout alone. */
#include "grotto/record.h"
#include "grotto/walk.h"
#include "view.h"

int lookup_floor(const lookup_floor_args *a, res_run *r)
{
    const grotto_engine *e = a->engine ? a->engine : &grotto_engine_ref;
    grotto_map_t m;
    int on_map = a->map.quality != 0;
    if (on_map && e->map(a->map.quality, a->map.seed, &m) != 0)
        return res_fail(r, "cannot compute map for quality %d seed 0x%04X", a->map.quality, a->map.seed);
    lookup_view v;
    lookup_view_of(e, on_map ? &m : NULL, a->map.seed, a->floor, &v);
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&v.f, rec);
    r->doc = res_doc();
    if (a->record) {
        char hex[2 * GROTTO_FLOOR_RECORD_SIZE + 1];
        lookup_hex(rec, sizeof rec, hex);
        res_str(r->doc, "record", hex);
        return RES_OK;
    }
    char id[8], digest[17];
    if (on_map) {
        lookup_map_id(a->map, id);
        res_str(r->doc, "map", id);
    }
    res_int(r->doc, "seed", a->map.seed);
    res_str(r->doc, "engine", e->name);
    res_str(r->doc, "region", a->region == GROTTO_REGION_INTL ? "intl" : "jp");
    snprintf(digest, sizeof digest, "%016llx", (unsigned long long)grotto_fnv1a(rec, sizeof rec));
    res_str(r->doc, "record_digest", digest);
    lookup_floor_members(r->doc, &v, a->region, 1);
    /* research.md §1: the engine's walking cost, and one path of that cost */
    uint16_t cost = (e->walk ? e : e->floors_from)->walk(&v.f);
    if (cost == GROTTO_WALK_NONE)
        res_null(r->doc, "walk_steps");
    else
        res_num(r->doc, "walk_steps", cost / 2.0, 1);
    grotto_xy path[GROTTO_CELLS];
    int n = cost == GROTTO_WALK_NONE ? 0 : lookup_walk_path(&v.f, path, GROTTO_CELLS);
    json_t *tiles = res_arr(r->doc, "walk_path");
    for (int i = 0; i < n; i++)
        res_push(tiles, res_xy(path[i].x, path[i].y));
    return RES_OK;
}
