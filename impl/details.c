/* impl/details.c: map details (map-details.md §3) by jump-ahead: the eight
 * draws a map's details use are outputs 13-16 and 29-32 after seeding,
 * each one affine map of the seed (impl_detail_draws), so the sweep draws
 * them once per seed and resolves every band from them
 * (impl_details_from_draws). The table rows keyed by quality / smr / boss /
 * floors / monster rank are flat arrays by key (impl_map.h, built in
 * tables.c). */
#include "always.h"
#include "grotto/tables.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"

int impl_band_of_quality(int quality)
{
    for (int b = 0; b < GT_BAND_COUNT; b++)
        if (gt_band[b].qmin <= quality && quality <= gt_band[b].qmax)
            return b;
    return -1;
}

static const int detail_k[8] = {13, 14, 15, 16, 29, 30, 31, 32};

void impl_detail_draws(uint32_t seed, uint32_t v[8])
{
    impl_detail_draws_after(seed, 0, v);
}

/* The same draws when the generator was already `ahead` steps past the
 * seed before the 12 discarded ones (the multiplayer bug: ahead = 1). */
void impl_detail_draws_after(uint32_t seed, int ahead, uint32_t v[8])
{
    for (int i = 0; i < 8; i++)
        v[i] = impl_draw_at(seed, detail_k[i] + ahead);
}

void impl_details_from_draws(int band, uint32_t seed, const uint32_t v[8], grotto_map_details_t *d, int sides)
{
    const impl_band_info *bi = &impl_bands[band];
    d->band = (uint8_t)band;
    d->band_code = bi->code;
    d->seed = (uint16_t)seed;
    /* k = 13: environment, percent table in stored order; k = 16: the
     * boss, weighted over the band's run of bosses (impl_map.h lookups) */
    int env = impl_env_of_percent[v[0] % 100u];
    int floors = impl_pick_raw(v[1], bi->floors.lo, bi->floors.hi);
    int smr = impl_pick_raw(v[2], bi->smr.lo, bi->smr.hi);
    uint32_t w = bi->boss_before + impl_mod_magic(v[3], bi->boss_total, bi->boss_magic);
    int boss = ALWAYS(w < IMPL_BOSS_WEIGHTS) ? impl_boss_of_weight[w] : bi->boss.hi;
    int prefix = impl_pick_raw(v[4], impl_prefix_of_smr[smr].lo, impl_prefix_of_smr[smr].hi);
    int suffix = impl_pick_raw(v[5], impl_suffix_of_boss[boss].lo, impl_suffix_of_boss[boss].hi);
    int group = impl_pick_raw(v[6], impl_group_of_floors[floors].lo, impl_group_of_floors[floors].hi);
    int level = 3 * (boss + floors + smr - 4) + (int)(v[7] % 11u) - 5;
    if (level < 1)
        level = 1;
    if (level > 99)
        level = 99;
    d->env = (uint8_t)env;
    d->floors = (uint8_t)floors;
    d->smr = (uint8_t)smr;
    d->boss = (uint8_t)boss;
    d->prefix = (uint8_t)prefix;
    d->suffix = (uint8_t)suffix;
    d->group = (uint8_t)group;
    d->locale = gt_locale_index[(group - 1) * 5 + (env - 1)];
    d->level = (uint8_t)level;
    for (int n = 1; sides && n <= GROTTO_MAX_FLOORS; n++) {
        const impl_side_rule *sr = &impl_side_of_floor[n];
        /* seed <= 0x7FFF at every caller, so seed + n < 2^16: the reciprocal is exact */
        uint32_t side = sr->base + impl_mod_magic(seed + (uint32_t)n, sr->modulus, sr->magic);
        d->side[n - 1] = (uint8_t)(side & (0u - (uint32_t)(n <= floors)));
    }
}

void impl_details(int band, uint32_t seed, grotto_map_details_t *d)
{
    uint32_t v[8];
    impl_detail_draws(seed, v);
    impl_details_from_draws(band, seed, v, d, 1);
}
