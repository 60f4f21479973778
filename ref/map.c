/* A whole map: the details of map-details.md, then every floor of
 * floor-generation.md with its chest ranks (chests.md §2, fed the floor's
 * real chest count) and its enemy-list cut (enemy-list.md). This is what
 * the MapRecord of records.md summarises.
 *
 * Written in the two halves records.md implies: what the floors of a seed
 * are (no quality changes a floor), then what the quality makes of them. */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/floor.h"
#include "grotto/map.h"

#include "elist_internal.h"
#include "map_internal.h"

enum { FIRST_CHEST_FLOOR = 3 };

/* floor-generation.md for floors 1..count, with each floor's chest count
 * (chests.md §1) and its enemy-list layout terms (enemy-list.md §2-§3). */
int grotto_map_floors(uint32_t seed, int count, grotto_map_floors_t *out)
{
    if (count < 1 || count > GROTTO_MAX_FLOORS || seed > GROTTO_SEED_MAX)
        return -1;
    memset(out, 0, sizeof *out);
    out->seed = seed;
    out->count = (uint8_t)count;
    for (int n = 1; n <= count; n++) {
        grotto_floor_t f;
        grotto_floor(seed, n, &f);
        grotto_floor_terms *t = &out->floor[n - 1];
        grotto_elist_layout(&f, t);
        t->chest_count = f.chest_count;
    }
    return 0;
}

/* Floors given by a caller: what grotto_map_floors could have made. */
int ref_map_floors_valid(const grotto_map_floors_t *floors, int n)
{
    if (floors->count > GROTTO_MAX_FLOORS || n > floors->count)
        return 0;
    for (int k = 1; k <= n; k++) {
        const grotto_floor_terms *t = &floors->floor[k - 1];
        if (t->chest_count > GROTTO_MAX_CHESTS || (k < FIRST_CHEST_FLOOR && t->chest_count > 0) ||
            !ref_elist_terms_valid(t->W, t->X, t->D))
            return 0;
    }
    return 1;
}

/* map-details.md for (quality, seed), then per floor the chest ranks
 * (chests.md §2) and the enemy-list cut (enemy-list.md §3-§5). */
int grotto_map_from_floors(int quality, const grotto_map_floors_t *floors, grotto_map_t *out)
{
    grotto_map_t m;
    memset(&m, 0, sizeof m);
    if (grotto_map_details(quality, floors->seed, &m.d) != 0 || !ref_map_floors_valid(floors, m.d.floors))
        return -1;
    for (int n = 1; n <= m.d.floors; n++) {
        const grotto_floor_terms *t = &floors->floor[n - 1];
        m.chest_count[n - 1] = t->chest_count;
        if (t->chest_count > 0) /* floors 1 and 2 never have chests (chests.md §1) */
            grotto_chest_ranks(floors->seed, n, m.d.smr, t->chest_count, m.chest_rank[n - 1]);
        grotto_elist_of_layout(t, n, m.d.env, m.d.smr, &m.elist[n - 1]);
    }
    *out = m;
    return 0;
}

int grotto_map(int quality, uint32_t seed, grotto_map_t *out)
{
    grotto_map_details_t d;
    grotto_map_floors_t floors;
    if (grotto_map_details(quality, seed, &d) != 0 || grotto_map_floors(seed, d.floors, &floors) != 0)
        return -1;
    return grotto_map_from_floors(quality, &floors, out);
}
