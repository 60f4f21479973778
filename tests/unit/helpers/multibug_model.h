/* Test-side facts of research.md §5 for both engines' multibug tests: the
 * environment and floor count a map's details draw at k = 13 and 14 after
 * the state they start from (map-details.md §3), computed here from the
 * tables and a plain LCG loop, so that "the seed advanced one step" can be
 * checked on every seed: the bug map draws them at steps 14 and 15. And
 * the spec's DD00CD example. */
#ifndef GROTTO_MULTIBUG_MODEL_H
#define GROTTO_MULTIBUG_MODEL_H

#include <stdint.h>

#include "at_model.h"
#include "grotto/tables.h"

/* environment of the k-th draw value (percent table in stored order) */
static inline int model_env_of_draw(uint32_t v)
{
    uint32_t e = v % 100, sum = 0;
    for (int i = 0; i < GT_ENV_COUNT; i++) {
        sum += gt_env_weights[i].weight;
        if (e < sum)
            return gt_env_weights[i].id;
    }
    return -1;
}

/* floor count of a draw value at quality q */
static inline int model_floors_of_draw(int q, uint32_t v)
{
    for (int i = 0; i < GT_FLOOR_COUNT_BY_QUALITY_ROWS; i++) {
        const struct gt_range *r = &gt_floor_count_by_quality[i];
        if (q >= r->key_min && q <= r->key_max)
            return r->lo + (int)(v % (uint32_t)(r->hi - r->lo + 1));
    }
    return -1;
}

/* side of floor n of a seed (map-details.md §3: base + (seed + n) mod m) */
static inline int model_side(uint32_t seed, int n)
{
    for (int i = 0; i < GT_FLOOR_SIZE_ROWS; i++) {
        const struct gt_floor_size *r = &gt_floor_size[i];
        if (n >= r->n_min && n <= r->n_max)
            return r->modulus ? r->base + (int)((seed + (uint32_t)n) % r->modulus) : r->base;
    }
    return -1;
}

/* research.md §5 example: DD00CD */
#define MB_EXAMPLE_QUALITY 221
#define MB_EXAMPLE_SEED 0x00CD

#endif
