/* Test-side model of the chest timer (chests.md §3), written from the
 * spec's words with nothing of ref/ or impl/: reseed the LCG with
 * n + seed + t, one draw per chest in order, v = scaled(100), the item is
 * the first entry of the rank's table (gt_chest_tables) whose running
 * weight exceeds v. And the spec's worked examples (§4) as (floor, second,
 * items) vectors. Used by test_ref_chests_seconds and test_impl_chests. */
#ifndef GROTTO_CHEST_MODEL_H
#define GROTTO_CHEST_MODEL_H

#include <stdint.h>

#include "grotto/chests.h"
#include "grotto/tables.h"

static inline uint32_t cm_draw(uint32_t *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7FFFu;
}

static inline int cm_item(int rank, uint32_t raw)
{
    int v = (100 * ((int)raw - 1)) / 32767, sum = 0;
    const struct gt_chest_table *t = &gt_chest_tables[rank];
    for (int e = 0; e < t->count; e++) {
        sum += t->entry[e].weight;
        if (v < sum)
            return t->entry[e].item;
    }
    return -1;
}

/* Chest i's item at second t (i < f->count), or 0 beyond the count. */
static inline uint8_t cm_contents(const grotto_chest_floor *f, uint32_t t, int i)
{
    if (i >= f->count)
        return 0;
    uint32_t state = f->seed + f->floor + t, raw = 0;
    for (int k = 0; k <= i; k++)
        raw = cm_draw(&state);
    return (uint8_t)cm_item(f->rank[i], raw);
}

/* chests.md §4: a floor, a second, the items in chest order. */
typedef struct cm_example {
    grotto_chest_floor floor;
    uint32_t t;
    uint8_t item[GROTTO_MAX_CHESTS];
} cm_example;

static const cm_example CM_EXAMPLES[] = {
    {{0x0032, 3, 2, {2, 1, 0}}, 0, {34, 16, 0}},      /* Ex. 1: Angel bell, Magic water */
    {{0x0032, 3, 2, {2, 1, 0}}, 1, {7, 0, 0}},        /* Gleeban groat, 125G */
    {{0x0032, 3, 2, {2, 1, 0}}, 7, {46, 13, 0}},      /* Rockbomb shard, Strong medicine */
    {{0x1357, 10, 3, {2, 2, 4}}, 0, {36, 36, 53}},    /* Ex. 2: Fisticup, Fisticup, Nectar */
    {{0x1357, 10, 3, {2, 2, 4}}, 15, {40, 33, 11}},   /* Iron mask, Lava lump, Mini medal */
    {{0x00A5, 16, 2, {6, 4, 0}}, 0, {139, 47, 0}},    /* Ex. 3: Mimic, Flintstone */
    {{0x00A5, 16, 2, {6, 4, 0}}, 3600, {11, 57, 0}},  /* Mini medal, Malicite */
    {{0x5A5A, 9, 2, {8, 5, 0}}, 0, {100, 65, 0}},     /* Ex. 4: Mythril ore, Finessence */
    {{0x5A5A, 9, 2, {8, 5, 0}}, 59, {11, 58, 0}},     /* Mini medal, Hephaestus' flame */
    {{0x0BAD, 14, 2, {5, 9, 0}}, 100, {65, 110, 0}},  /* Ex. 5: Finessence, Pandora's box */
    {{0x0BAD, 14, 2, {5, 9, 0}}, 101, {139, 11, 0}},  /* Mimic, Mini medal */
    {{0x1234, 4, 2, {3, 1, 0}}, 0, {43, 27, 0}},      /* Ex. 6: Iron ore, Chimaera wing */
    {{0x1234, 4, 2, {3, 1, 0}}, 1, {41, 14, 0}},      /* Toad oil, Evac-u-bell */
};
#define CM_EXAMPLE_COUNT (sizeof CM_EXAMPLES / sizeof CM_EXAMPLES[0])

#endif
