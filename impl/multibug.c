/* impl/: the multiplayer bug (research.md §5) through impl's details path.
 * The details are a function of eight raw draws (k = 13..16, 29..32 after
 * seeding, details.c); the bug map is the same function of the eight draws
 * one step later, taken by jump-ahead. The 16 floors are the seed's floor
 * terms, read with the original map's environment and SMR like any map. */
#include <string.h>

#include "grotto/multibug.h"
#include "impl.h"
#include "impl_map.h"

int impl_multibug(int quality, const grotto_map_floors_t *floors, grotto_multibug_t *out)
{
    int band = impl_band_of_quality(quality);
    if (band < 0 || floors->seed > GROTTO_SEED_MAX || floors->count != GROTTO_MAX_FLOORS)
        return -1;
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++)
        if (!impl_floor_terms_ok(&floors->floor[n - 1], n))
            return -1;
    uint32_t seed = floors->seed;
    grotto_multibug_t m;
    memset(&m, 0, sizeof m);
    uint32_t now[8], later[8];
    impl_detail_draws_after(seed, 0, now);
    impl_detail_draws_after(seed, 1, later);
    impl_details_from_draws(band, seed, now, &m.orig, 1);
    impl_details_from_draws(band, seed, later, &m.bug, 1);
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
        const grotto_floor_terms *ft = &floors->floor[n - 1];
        int mr = impl_floor_mr(m.orig.smr, n);
        impl_elist_terms t = {ft->W, ft->X, ft->D, 0};
        m.chest_count[n - 1] = ft->chest_count;
        impl_chest_ranks(seed, n, ft->chest_count, mr, m.chest_rank[n - 1]);
        impl_elist_fill(t, m.orig.env, mr, &m.elist[n - 1]);
    }
    *out = m;
    return 0;
}
