/* impl/: a whole map (details, per floor chests and enemy-list cut). */
#include <string.h>

#include "impl.h"
#include "impl_map.h"

/* white (walkable) row masks of a layout once its chests are placed:
 * chests turn their cell white; cells beyond W x H are walls. */
static void layout_white(const impl_layout *L, int count, const grotto_xy *chest, uint16_t white[16])
{
    for (int y = 0; y < 16; y++)
        white[y] = (uint16_t)~L->blocked[y];
    for (int i = 0; i < count; i++)
        white[chest[i].y] |= (uint16_t)(1u << chest[i].x);
}

int impl_map(int quality, uint32_t seed, grotto_map_t *out)
{
    int band = impl_band_of_quality(quality);
    if (band < 0 || seed > GROTTO_SEED_MAX)
        return -1;
    impl_init();
    memset(out, 0, sizeof *out);
    impl_details(band, seed, &out->d);
    for (int n = 1; n <= out->d.floors; n++) {
        impl_layout L;
        impl_layout_gen(seed + (uint32_t)n, impl_floor_size(seed, n), &L);
        grotto_xy chest[GROTTO_MAX_CHESTS];
        int c = impl_place_chests(&L, n, chest);
        int mr = impl_floor_mr(out->d.smr, n);
        out->chest_count[n - 1] = (uint8_t)c;
        impl_chest_ranks(seed, n, c, mr, out->chest_rank[n - 1]);
        uint16_t white[16];
        layout_white(&L, c, chest, white);
        impl_elist_fill(impl_elist_terms_of(white), out->d.env, mr, &out->elist[n - 1]);
    }
    return 0;
}
