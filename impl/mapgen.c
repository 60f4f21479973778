/* impl/mapgen.c: a whole map (details, per floor chests and enemy-list
 * cut), and its two halves: the floors of a seed as the terms a map needs
 * (chest count, W, X, D: impl_map_floors, one layout and chest phase per
 * floor), and the map of a quality over those terms (impl_map_from_floors:
 * details, chest ranks by jump-ahead, the cut of each floor's list). */
#include <string.h>

#include "impl.h"
#include "impl_map.h"

/* white (walkable) row masks of a layout once its chests are placed:
 * chests turn their cell white; cells beyond W x H are walls. */
static void layout_white(const impl_layout *layout, int count, const grotto_xy *chest, uint16_t white[16])
{
    for (int y = 0; y < 16; y++)
        white[y] = (uint16_t)~layout->blocked[y];
    for (int i = 0; i < count; i++)
        white[chest[i].y] |= (uint16_t)(1u << chest[i].x);
}

/* The terms of floor n of a seed: one layout, its chests, W, X, D. */
static void floor_terms(uint32_t seed, int n, grotto_floor_terms *ft)
{
    impl_layout layout;
    impl_layout_gen(seed + (uint32_t)n, impl_floor_size(seed, n), &layout);
    grotto_xy chest[GROTTO_MAX_CHESTS];
    int c = impl_place_chests(&layout, n, chest, NULL);
    uint16_t white[16];
    layout_white(&layout, c, chest, white);
    impl_elist_terms t = impl_elist_terms_of(white);
    ft->chest_count = (uint8_t)c;
    ft->W = t.W;
    ft->X = t.X;
    ft->D = t.D;
}

int impl_map_floors(uint32_t seed, int count, grotto_map_floors_t *out)
{
    int valid = seed <= GROTTO_SEED_MAX && count >= 1 && count <= GROTTO_MAX_FLOORS;
    if (!valid)
        return -1;
    memset(out, 0, sizeof *out); /* padding too: callers compare with memcmp */
    for (int n = 1; n <= count; n++)
        floor_terms(seed, n, &out->floor[n - 1]);
    out->count = (uint8_t)count;
    out->seed = seed;
    return 0;
}

int impl_map_from_floors(int quality, const grotto_map_floors_t *floors, grotto_map_t *out)
{
    int band = impl_band_of_quality(quality);
    uint32_t seed = floors->seed;
    int valid = band >= 0 && seed <= GROTTO_SEED_MAX;
    grotto_map_details_t d;
    memset(&d, 0, sizeof d);
    if (valid)
        impl_details(band, seed, &d);
    if (!valid || d.floors > floors->count || floors->count > GROTTO_MAX_FLOORS)
        return -1;
    for (int n = 1; n <= d.floors; n++)
        if (!impl_floor_terms_ok(&floors->floor[n - 1], n))
            return -1;
    /* out is written only now, in place (a chest search builds a map per
     * seed it tries: a copy of the whole map was a fifth of this call) */
    memset(out, 0, sizeof *out);
    out->d = d;
    for (int n = 1; n <= d.floors; n++) {
        const grotto_floor_terms *ft = &floors->floor[n - 1];
        int mr = impl_floor_mr(d.smr, n);
        out->chest_count[n - 1] = ft->chest_count;
        impl_chest_ranks(seed, n, ft->chest_count, mr, out->chest_rank[n - 1]);
        impl_elist_terms t = {ft->W, ft->X, ft->D, 0};
        impl_elist_fill(t, d.env, mr, &out->elist[n - 1]);
    }
    return 0;
}

int impl_map(int quality, uint32_t seed, grotto_map_t *out)
{
    grotto_map_floors_t floors;
    int band = impl_band_of_quality(quality);
    if (band >= 0 && seed <= GROTTO_SEED_MAX) {
        grotto_map_details_t d;
        impl_details(band, seed, &d); /* how many floors to generate */
        if (impl_map_floors(seed, d.floors, &floors) == 0)
            return impl_map_from_floors(quality, &floors, out);
    }
    return -1;
}
