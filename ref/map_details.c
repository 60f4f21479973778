/* Map details from (quality, seed): map-details.md §3, written as the
 * 32-draw sequence it describes, one function per step, draws in order;
 * and the multiplayer bug's map (research.md §5), the same sequence one
 * step further on.
 * The quality tables are keyed by the quality itself (map-details.md §1:
 * any quality of a band gives the band's details).
 * Tables: tools/tables/map-tables.json via grotto/tables.h. */
#include <string.h>

#include "always.h"

#include "grotto/map.h"
#include "grotto/multibug.h"
#include "grotto/rng.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "grotto/types.h"

/* map-details.md §3.1: the row of a keyed range table that holds `key`
 * (keys inclusive); NULL if none. */
static const struct gt_range *row_of(const struct gt_range *table, int rows, int key)
{
    for (int i = 0; i < rows; i++)
        if (key >= table[i].key_min && key <= table[i].key_max)
            return &table[i];
    return NULL;
}

/* rng-and-timer.md §2.2: pick(lo, hi) from the row keyed by `key`. The draw
 * is consumed even when lo == hi; with no row (a table defect) the draw is
 * still made and 0 is returned so that the caller rejects the map. */
static int pick_keyed(grotto_rng *r, const struct gt_range *table, int rows, int key)
{
    const struct gt_range *row = row_of(table, rows, key);
    if (!row) {
        grotto_rng_draw(r);
        return 0;
    }
    return grotto_rng_pick(r, row->lo, row->hi);
}

/* map-details.md §3, k = 1..12: twelve draws whose values are discarded. */
static void discard_twelve(grotto_rng *r)
{
    for (int i = 0; i < 12; i++)
        grotto_rng_draw(r);
}

/* map-details.md §3, k = 13: environment, percent table walked in stored
 * order, first entry with v < running sum (rng-and-timer.md §2.3). */
static int draw_environment(grotto_rng *r)
{
    uint32_t v = grotto_rng_below(r, 100);
    uint32_t sum = 0;
    for (int i = 0; i < GT_ENV_COUNT; i++) {
        sum += gt_env_weights[i].weight;
        if (v < sum)
            return gt_env_weights[i].id;
    }
    return 0;
}

/* map-details.md §3, k = 14: floor count, keyed by quality. */
static int draw_floor_count(grotto_rng *r, int quality)
{
    return pick_keyed(r, gt_floor_count_by_quality, GT_FLOOR_COUNT_BY_QUALITY_ROWS, quality);
}

/* map-details.md §3, k = 15: first-floor monster rank, keyed by quality
 * (draws even for the 9..9 row). */
static int draw_first_floor_mr(grotto_rng *r, int quality)
{
    return pick_keyed(r, gt_smr_by_quality, GT_SMR_BY_QUALITY_ROWS, quality);
}

/* map-details.md §3, k = 16: boss, weighted over the quality's boss range;
 * exactly one draw (rng-and-timer.md §2.3). */
static int draw_boss(grotto_rng *r, int quality)
{
    const struct gt_range *row = row_of(gt_boss_range_by_quality, GT_BOSS_RANGE_BY_QUALITY_ROWS, quality);
    uint32_t v = grotto_rng_draw(r);
    if (!row)
        return 0;
    uint32_t total = 0;
    for (int b = row->lo; b <= row->hi; b++)
        total += gt_boss_weight[b];
    if (total == 0)
        return 0;
    v %= total;
    uint32_t sum = 0;
    for (int b = row->lo; b <= row->hi; b++) {
        sum += gt_boss_weight[b];
        if (v < sum)
            return b;
    }
    return 0;
}

/* map-details.md §3, k = 17..28: one chest-rank-range pick per monster
 * rank 1..12, values unused (real draws: they move the generator). */
static void discard_chest_rank_draws(grotto_rng *r)
{
    for (int m = 1; m <= GT_CHEST_RANK_BY_MR_ROWS; m++)
        (void)pick_keyed(r, gt_chest_rank_by_mr, GT_CHEST_RANK_BY_MR_ROWS, m);
}

/* map-details.md §3, k = 29: prefix, keyed by smr. */
static int draw_prefix(grotto_rng *r, int smr)
{
    return pick_keyed(r, gt_prefix_by_smr, GT_PREFIX_BY_SMR_ROWS, smr);
}

/* map-details.md §3, k = 30: suffix, keyed by boss. */
static int draw_suffix(grotto_rng *r, int boss)
{
    return pick_keyed(r, gt_suffix_by_boss, GT_SUFFIX_BY_BOSS_ROWS, boss);
}

/* map-details.md §3, k = 31: locale group, keyed by floor count. */
static int draw_locale_group(grotto_rng *r, int floors)
{
    return pick_keyed(r, gt_locale_group_by_floors, GT_LOCALE_GROUP_BY_FLOORS_ROWS, floors);
}

/* map-details.md §3, k = 32: level = 3(boss + floors + smr - 4)
 * + (draw mod 11) - 5, clamped to 1..99. */
static int draw_level(grotto_rng *r, int boss, int floors, int smr)
{
    int level = 3 * (boss + floors + smr - 4) + (int)grotto_rng_below(r, 11) - 5;
    return level < 1 ? 1 : level > 99 ? 99 : level;
}

/* map-details.md §3, no draw: locale word from (group, env). */
static int locale_of(int group, int env)
{
    int i = (group - 1) * GT_ENV_COUNT + (env - 1);
    return i >= 0 && i < GT_LOCALE_INDEX_COUNT ? gt_locale_index[i] : 0;
}

/* map-details.md §3, no draw: side of the square floor n (floor_size rows:
 * base + (seed + n) mod modulus, or the constant base when modulus is 0). */
static int floor_side(uint32_t seed, int n)
{
    for (int i = 0; i < GT_FLOOR_SIZE_ROWS; i++) {
        const struct gt_floor_size *row = &gt_floor_size[i];
        if (n >= row->n_min && n <= row->n_max)
            return row->modulus ? row->base + (int)((seed + (uint32_t)n) % row->modulus) : row->base;
    }
    return 0;
}

/* map-details.md §1-§3; `advance` extra LCG steps are taken after seeding,
 * before the 12 discarded draws (0 for a map, 1 for the multiplayer bug's
 * map of research.md §5). The floor sides always come from the seed. */
static int details_of(int quality, uint32_t seed, int advance, grotto_map_details_t *out)
{
    int band = grotto_band_of_quality(quality);
    if (band < 0 || seed > GROTTO_SEED_MAX)
        return -1;

    grotto_map_details_t d;
    memset(&d, 0, sizeof d);
    d.band = (uint8_t)band;
    d.band_code = (uint8_t)grotto_band_code(band);
    d.seed = (uint16_t)seed;

    grotto_rng r;
    grotto_rng_seed(&r, seed);                         /* state := seed */
    for (int i = 0; i < advance; i++)                  /* research.md §5 */
        grotto_rng_draw(&r);
    discard_twelve(&r);                                /* k = 1..12 */
    d.env = (uint8_t)draw_environment(&r);             /* k = 13 */
    d.floors = (uint8_t)draw_floor_count(&r, quality); /* k = 14 */
    d.smr = (uint8_t)draw_first_floor_mr(&r, quality); /* k = 15 */
    d.boss = (uint8_t)draw_boss(&r, quality);          /* k = 16 */
    discard_chest_rank_draws(&r);                      /* k = 17..28 */
    d.prefix = (uint8_t)draw_prefix(&r, d.smr);        /* k = 29 */
    d.suffix = (uint8_t)draw_suffix(&r, d.boss);       /* k = 30 */
    d.group = (uint8_t)draw_locale_group(&r, d.floors); /* k = 31 */
    d.level = (uint8_t)draw_level(&r, d.boss, d.floors, d.smr); /* k = 32 */
    d.locale = (uint8_t)locale_of(d.group, d.env);

    /* A zero field would mean a table row was missing: the tables cover
     * every band and draw, so never; rejected all the same (out untouched). */
    if (NEVER(!d.env || !d.floors || !d.smr || !d.boss || !d.prefix || !d.suffix || !d.group || !d.locale ||
              d.floors > GROTTO_MAX_FLOORS))
        return -1;

    for (int n = 1; n <= d.floors; n++)                /* 0 beyond floors */
        d.side[n - 1] = (uint8_t)floor_side(seed, n);

    *out = d;
    return 0;
}

int grotto_map_details(int quality, uint32_t seed, grotto_map_details_t *out)
{
    return details_of(quality, seed, 0, out);
}

/* research.md §5: the bug map's details - the seed advanced one LCG step
 * before the 12 discarded draws. */
int grotto_multibug_details(int quality, uint32_t seed, grotto_map_details_t *out)
{
    return details_of(quality, seed, 1, out);
}
