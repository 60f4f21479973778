/* impl/: map details by jump-ahead (map-details.md §3) and chest ranks
 * (chests.md §2). The table rows keyed by quality / smr / boss / floors /
 * monster rank are resolved once into flat arrays (impl_map_tables_init). */
#include "grotto/tables.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"

impl_band_info impl_bands[GROTTO_BANDS];
impl_key_range impl_prefix_of_smr[16], impl_suffix_of_boss[16], impl_group_of_floors[32],
    impl_rank_of_mr[16];

static const struct gt_range *row_of(const struct gt_range *rows, int n, int key)
{
    for (int i = 0; i < n; i++)
        if (rows[i].key_min <= key && key <= rows[i].key_max)
            return &rows[i];
    return NULL;
}

static impl_key_range kr(const struct gt_range *r)
{
    impl_key_range k = {0, 0};
    if (r) {
        k.lo = r->lo;
        k.hi = r->hi;
    }
    return k;
}

void impl_map_tables_init(void)
{
    for (int b = 0; b < GROTTO_BANDS && b < GT_BAND_COUNT; b++) {
        int q = gt_band[b].code;
        impl_band_info *bi = &impl_bands[b];
        bi->code = gt_band[b].code;
        bi->floors = kr(row_of(gt_floor_count_by_quality, GT_FLOOR_COUNT_BY_QUALITY_ROWS, q));
        bi->smr = kr(row_of(gt_smr_by_quality, GT_SMR_BY_QUALITY_ROWS, q));
        bi->boss = kr(row_of(gt_boss_range_by_quality, GT_BOSS_RANGE_BY_QUALITY_ROWS, q));
        int total = 0;
        for (int x = bi->boss.lo; x <= bi->boss.hi; x++)
            total += gt_boss_weight[x];
        bi->boss_total = (uint16_t)total;
    }
    for (int k = 0; k < 16; k++) {
        impl_prefix_of_smr[k] = kr(row_of(gt_prefix_by_smr, GT_PREFIX_BY_SMR_ROWS, k));
        impl_suffix_of_boss[k] = kr(row_of(gt_suffix_by_boss, GT_SUFFIX_BY_BOSS_ROWS, k));
        impl_rank_of_mr[k] = kr(row_of(gt_chest_rank_by_mr, GT_CHEST_RANK_BY_MR_ROWS, k));
    }
    for (int k = 0; k < 32; k++)
        impl_group_of_floors[k] = kr(row_of(gt_locale_group_by_floors, GT_LOCALE_GROUP_BY_FLOORS_ROWS, k));
}

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
    /* k = 13: environment, percent table in stored order */
    int e = (int)(v[0] % 100u), sum = 0, env = gt_env_weights[GT_ENV_COUNT - 1].id;
    for (int i = 0; i < GT_ENV_COUNT; i++) {
        sum += gt_env_weights[i].weight;
        if (e < sum) {
            env = gt_env_weights[i].id;
            break;
        }
    }
    int floors = impl_pick_raw(v[1], bi->floors.lo, bi->floors.hi);
    int smr = impl_pick_raw(v[2], bi->smr.lo, bi->smr.hi);
    int bv = (int)(v[3] % bi->boss_total), boss = bi->boss.hi;
    sum = 0;
    for (int b = bi->boss.lo; b <= bi->boss.hi; b++) {
        sum += gt_boss_weight[b];
        if (bv < sum) {
            boss = b;
            break;
        }
    }
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
        uint8_t side = 0;
        if (n <= floors) {
            for (int r = 0; r < GT_FLOOR_SIZE_ROWS; r++) {
                const struct gt_floor_size *fs = &gt_floor_size[r];
                if (fs->n_min <= n && n <= fs->n_max) {
                    side = fs->modulus ? (uint8_t)(fs->base + (seed + (uint32_t)n) % fs->modulus) : fs->base;
                    break;
                }
            }
        }
        d->side[n - 1] = side;
    }
}

void impl_details(int band, uint32_t seed, grotto_map_details_t *d)
{
    uint32_t v[8];
    impl_detail_draws(seed, v);
    impl_details_from_draws(band, seed, v, d, 1);
}
