/* Chest ranks per floor and chest contents per second: chests.md §2-§3.
 * Tables: gt_chest_rank_by_mr (map-tables.json), gt_chest_tables
 * (items.json). The chest count of a floor is an input (chests.md §1).
 * Over many seconds (grotto/chests.h) every second is computed on its own,
 * as §3 reads: reseed with n + seed + t, one draw per chest in order. */
#include <string.h>

#include "always.h"
#include "grotto/chests.h"
#include "grotto/map.h"
#include "grotto/rng.h"
#include "grotto/tables.h"

enum { FIRST_CHEST_FLOOR = 3, MAX_MONSTER_RANK = 12 };

/* chests.md §2: floor_mr(n) = smr + (n - 1) div 4, capped at 12 like the
 * enemy-list code (README vocabulary: "at most 12"); for smr 1..12 and
 * floors 1..16 only (grotto/map.h), -1 otherwise. */
int grotto_floor_mr(int smr, int n)
{
    if (smr < 1 || smr > MAX_MONSTER_RANK || n < 1 || n > GROTTO_MAX_FLOORS)
        return -1;
    int mr = smr + (n - 1) / 4;
    return mr > MAX_MONSTER_RANK ? MAX_MONSTER_RANK : mr;
}

/* chests.md §1: floors 1 and 2 have no chests; at most 3 per floor. A
 * floor outside 1..16 has none either (grotto/map.h). */
static int chest_count_of(int n, int count)
{
    if (n < FIRST_CHEST_FLOOR || n > GROTTO_MAX_FLOORS || count < 0)
        return 0;
    return count > GROTTO_MAX_CHESTS ? GROTTO_MAX_CHESTS : count;
}

/* chests.md §2: the chest-rank range of a floor monster rank. */
static const struct gt_range *rank_range(int mr)
{
    for (int i = 0; i < GT_CHEST_RANK_BY_MR_ROWS; i++)
        if (mr >= gt_chest_rank_by_mr[i].key_min && mr <= gt_chest_rank_by_mr[i].key_max)
            return &gt_chest_rank_by_mr[i];
    return NULL;
}

/* chests.md §2: state := seed + n; 2*count discarded draws; then one
 * scaled(hi - lo + 1) per chest, in chest order. Unused slots are 0. */
void grotto_chest_ranks(uint32_t seed, int n, int smr, int count,
                        uint8_t rank[GROTTO_MAX_CHESTS])
{
    memset(rank, 0, GROTTO_MAX_CHESTS);
    count = chest_count_of(n, count);
    int mr = grotto_floor_mr(smr, n);
    if (count == 0 || mr < 0)
        return;
    const struct gt_range *range = rank_range(mr);
    if (NEVER(!range))                                /* map-tables.json covers mr 1..12 */
        return;

    grotto_rng r;
    grotto_rng_seed(&r, seed + (uint32_t)n);          /* u32, no masking */
    for (int i = 0; i < 2 * count; i++)               /* discarded */
        grotto_rng_draw(&r);
    for (int i = 0; i < count; i++)
        rank[i] = (uint8_t)(range->lo + grotto_rng_scaled(&r, range->hi - range->lo + 1));
}

/* chests.md §3 and rng-and-timer.md §2.3: the first entry of the rank's
 * item table (stored order) with v < running sum of weights. 0xFF for an
 * invalid rank (no table). */
static uint8_t item_for(int rank, int v)
{
    if (rank < 1 || rank > GT_CHEST_RANKS)
        return 0xFF;
    const struct gt_chest_table *table = &gt_chest_tables[rank];
    int sum = 0;
    for (int e = 0; e < table->count; e++) {
        sum += table->entry[e].weight;
        if (v < sum)
            return table->entry[e].item;
    }
    return 0xFF; /* weights sum to 100, so never reached */
}

/* chests.md §3: state := n + seed + t (u32); one scaled(100) per chest, in
 * chest order, always drawing for every earlier chest. Unused slots are 0. */
void grotto_chest_contents(uint32_t seed, int n, uint32_t t, int count,
                           const uint8_t rank[GROTTO_MAX_CHESTS],
                           uint8_t item[GROTTO_MAX_CHESTS])
{
    memset(item, 0, GROTTO_MAX_CHESTS);
    count = chest_count_of(n, count);

    grotto_rng r;
    grotto_rng_seed(&r, (uint32_t)n + seed + t);
    for (int i = 0; i < count; i++)
        item[i] = item_for(rank[i], grotto_rng_scaled(&r, 100));
}

/* ---- the chests of a floor over many seconds (grotto/chests.h) ---- */

/* chests.md §1-§2: floor n of the map, no chests past its last floor. */
int grotto_chest_floor_of(const grotto_map_t *m, int n, grotto_chest_floor *out)
{
    if (n < 1 || n > GROTTO_MAX_FLOORS)
        return -1;
    memset(out, 0, sizeof *out);
    out->seed = m->d.seed;
    out->floor = (uint8_t)n;
    if (n > m->d.floors)
        return 0;
    out->count = m->chest_count[n - 1];
    memcpy(out->rank, m->chest_rank[n - 1], GROTTO_MAX_CHESTS);
    return 0;
}

int grotto_chest_floor_valid(const grotto_chest_floor *f)
{
    if (f->seed > GROTTO_SEED_MAX || f->floor < 1 || f->floor > GROTTO_MAX_FLOORS ||
        f->count > GROTTO_MAX_CHESTS || (f->floor < FIRST_CHEST_FLOOR && f->count > 0))
        return 0;
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
        if (i < f->count ? f->rank[i] < 1 || f->rank[i] > GT_CHEST_RANKS : f->rank[i] != 0)
            return 0;
    return 1;
}

/* chests.md §3 at each second in turn: the seconds are taken mod 2^32. */
int grotto_chest_seconds(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                         uint8_t (*item)[GROTTO_MAX_CHESTS])
{
    if (!grotto_chest_floor_valid(f))
        return -1;
    for (uint32_t k = 0; k < count; k++)
        grotto_chest_contents(f->seed, f->floor, first + k, f->count, f->rank, item[k]);
    return 0;
}

/* The seconds 0..255 at which the chest holds an item of the set: every
 * second's contents, drawn for every chest in order (chests.md §3). */
int grotto_chest_hits(const grotto_chest_floor *f, int chest, const grotto_item_set *set, grotto_seconds *out)
{
    if (!grotto_chest_floor_valid(f) || chest < 0 || chest >= f->count)
        return -1;
    memset(out, 0, sizeof *out);
    for (uint32_t t = 0; t < GROTTO_CHEST_SECONDS; t++) {
        uint8_t item[GROTTO_MAX_CHESTS];
        grotto_chest_contents(f->seed, f->floor, t, f->count, f->rank, item);
        if (grotto_item_set_has(set, item[chest]))
            out->bits[t / 64] |= (uint64_t)1 << (t % 64);
    }
    return 0;
}
