/* impl/: the chest timer (chests.md §3) in its own shapes.
 *
 * Two observations carry it:
 *  - the item of a chest is a function of its rank and of one raw draw
 *    (15 bits): per rank a table of the item of every raw value, 10 x 32768
 *    bytes, built before main() with the rank's window of 100 scaled values
 *    (impl/tables.c, from gt_chest_tables);
 *  - chest i reads draw i + 1 after seeding with n + seed + t, and the LCG
 *    state after k steps is A_k * s + C_k: for consecutive seconds the
 *    seed steps by one, so chest i's state steps by A_{i+1}. A floor's
 *    contents over a run of seconds are one addition and one table read per
 *    chest per second, chest by chest, and a single chest never needs the
 *    draws of the chests before it.
 * impl/ never calls the reference functions (grotto/map.h, grotto/rng.h). */

#include "grotto/chests.h"
#include "grotto/tables.h"
#include "impl.h"
#include "lcg.h"

/* The inputs chests.md §3 allows (grotto/chests.h, grotto_chest_floor_valid). */
static int floor_ok(const grotto_chest_floor *f)
{
    if (f->seed > GROTTO_SEED_MAX || f->floor == 0 || f->floor > GROTTO_MAX_FLOORS || f->count > 3 ||
        (f->count && f->floor < GROTTO_CHEST_FIRST_FLOOR))
        return 0;
    unsigned bad = 0;
    for (int i = 0; i < 3; i++)
        bad |= i < f->count ? (unsigned)(f->rank[i] == 0 || f->rank[i] > GT_CHEST_RANKS) : f->rank[i];
    return bad == 0;
}

static inline uint32_t raw_of(uint32_t state)
{
    return (state >> 16) & 0x7FFFu;
}

int impl_chest_seconds(const grotto_chest_floor *f, uint32_t first, uint32_t count, uint8_t (*item)[GROTTO_MAX_CHESTS])
{
    if (!floor_ok(f))
        return -1;
    uint32_t s = f->seed + f->floor + first; /* the content seed of the first second */
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++) {
        impl_affine j = impl_jump[i + 1]; /* chest i reads draw i + 1 */
        if (i >= f->count) {
            for (uint32_t k = 0; k < count; k++)
                item[k][i] = 0;
            continue;
        }
        uint32_t x = j.a * s + j.c, step = j.a;
        const uint8_t *of_raw = impl_chest_item_of_raw[f->rank[i]];
        for (uint32_t k = 0; k < count; k++, x += step)
            item[k][i] = of_raw[raw_of(x)];
    }
    return 0;
}

int impl_chest_hits(const grotto_chest_floor *f, int chest, const grotto_item_set *set, grotto_seconds *out)
{
    if (!floor_ok(f) || chest < 0 || chest >= f->count)
        return -1;
    uint8_t hit[IMPL_CHEST_V]; /* v -> 1 when the chest's rank gives an item of the set there */
    for (int v = 0; v < IMPL_CHEST_V; v++)
        hit[v] = (uint8_t)grotto_item_set_has(set, impl_chest_window[f->rank[chest]][v]);
    impl_affine j = impl_jump[chest + 1];
    uint32_t x = j.a * (f->seed + f->floor) + j.c;
    for (int word = 0; word < GROTTO_CHEST_SECONDS / 64; word++) {
        uint64_t bits = 0;
        for (int b = 0; b < 64; b++, x += j.a)
            bits |= (uint64_t)hit[impl_scaled(raw_of(x), IMPL_CHEST_V)] << b;
        out->bits[word] = bits;
    }
    return 0;
}
