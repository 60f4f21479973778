/* The chest timer (chests.md §3, research.md §3): what the chests of one
 * floor hold at each second, and the building blocks of the searches over
 * it - sets of items (an English name may stand for several item numbers,
 * and the tool's groups such as "Millionaire" for many), the chest numbers
 * players use (chest 1, 2, 3 = the order the layout generator placed them),
 * and per chest the set of seconds 0..255 that give an item of a set.
 *
 * Seconds are the tool's internal seconds t (chests.md §3: whole seconds
 * since the quicksave was loaded); the player's stopwatch shows t + 5
 * (GROTTO_STOPWATCH_OFFSET).
 *
 * Reference API (ref/chests.c, ref/chest_sets.c: second by second as the
 * spec reads); impl/ gives the same results through grotto_engine_impl
 * (grotto/engine.h: chest_seconds, chest_hits). The tool's item groups are
 * the generated table gt_item_group (grotto/tables.h). */
#ifndef GROTTO_CHESTS_H
#define GROTTO_CHESTS_H

#include <stdint.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GROTTO_CHEST_SECONDS = 256,      /* the seconds the tool's searches read: 0..255 */
    GROTTO_STOPWATCH_OFFSET = 5,     /* the stopwatch shows t + 5 */
    GROTTO_CHEST_FIRST_FLOOR = 3,    /* floors 1 and 2 never have chests */
    GROTTO_ITEM_SLOTS = 256          /* item numbers are bytes: a set has 256 slots */
};

/* Bad input is answered in every build as each comment says; pointers
 * must not be NULL unless a comment allows it. */

/* One floor's chests: everything chests.md §3 reads. */
typedef struct grotto_chest_floor {
    uint32_t seed;                   /* map seed 0..0x7FFF */
    uint8_t floor;                   /* n, 1..16 (B1F = 1) */
    uint8_t count;                   /* chests 0..3; 0 on floors 1 and 2 */
    uint8_t rank[GROTTO_MAX_CHESTS]; /* 1..10 in chest order, 0 beyond count */
} grotto_chest_floor;

/* Floor n (1..16) of a map: its seed, chest count and ranks. A floor past
 * the map's last floor has no chests (count 0). 0, or -1 for n outside
 * 1..16 (out untouched). */
int grotto_chest_floor_of(const grotto_map_t *m, int n, grotto_chest_floor *out);

/* Whether f is a floor the functions below accept: seed 0..0x7FFF, floor
 * 1..16, count 0..3 (0 on floors 1 and 2), rank[i] 1..10 for i < count and
 * 0 beyond. 1 or 0. */
int grotto_chest_floor_valid(const grotto_chest_floor *f);

/* The contents at seconds first, first + 1, ..., first + count - 1
 * (each taken mod 2^32, chests.md §3): item[k][i] is chest i's item number
 * (gt_item_name) at second first + k, 0 for i >= f->count. item must hold
 * count rows (it may be NULL when count is 0). 0, or -1 for an invalid
 * floor (item untouched). */
int grotto_chest_seconds(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                         uint8_t (*item)[GROTTO_MAX_CHESTS]);

/* ---- sets of items ---- */

typedef struct grotto_item_set {
    uint64_t bits[GROTTO_ITEM_SLOTS / 64]; /* bit k of bits[k / 64]: item number k */
} grotto_item_set;

static inline int grotto_item_set_has(const grotto_item_set *s, unsigned item)
{
    return item < GROTTO_ITEM_SLOTS && (s->bits[item / 64] >> (item % 64) & 1u);
}

static inline void grotto_item_set_add(grotto_item_set *s, unsigned item)
{
    if (item < GROTTO_ITEM_SLOTS)
        s->bits[item / 64] |= (uint64_t)1 << (item % 64);
}

/* The set a name stands for, as the tool matches items (by English name):
 * an item's English name (any case) or Japanese name gives every item
 * number of that name ("Fisticup" is 36 and 42); a group's English or
 * Japanese name (gt_item_group: "Millionaire", "S weapon", ...) gives the
 * items of all its names. Returns the number of item numbers in the set,
 * or -1 when the name is neither, or NULL (out cleared). */
int grotto_item_set_by_name(const char *name, grotto_item_set *out);

/* ---- chest numbers ---- */

/* Chest k (1..3) is the k-th chest the layout generator placed on the
 * floor (chests.md §1): chest index k - 1 of every array here, the tool's
 * box k - 1. The tool's searches pick chests by these: */
typedef enum grotto_chest_pick {
    GROTTO_CHEST_ANY = 0,            /* every chest of the floor */
    GROTTO_CHEST_1 = 1,
    GROTTO_CHEST_2 = 2,
    GROTTO_CHEST_3 = 3,
    GROTTO_CHEST_NOT_3 = 4           /* chests 1 and 2 (the combo's waypoint chests) */
} grotto_chest_pick;

/* The chest indices (bit i = chest index i) a pick selects on a floor of
 * count chests (0..3): e.g. GROTTO_CHEST_3 with 2 chests selects none.
 * 0 for an unknown pick or count. */
unsigned grotto_chest_pick_mask(grotto_chest_pick pick, int count);

/* ---- seconds ---- */

typedef struct grotto_seconds {
    uint64_t bits[GROTTO_CHEST_SECONDS / 64]; /* bit t of bits[t / 64]: second t */
} grotto_seconds;

static inline int grotto_seconds_has(const grotto_seconds *s, unsigned t)
{
    return t < GROTTO_CHEST_SECONDS && (s->bits[t / 64] >> (t % 64) & 1u);
}

/* How many seconds the set holds. */
static inline int grotto_seconds_count(const grotto_seconds *s)
{
    int n = 0;
    for (unsigned t = 0; t < GROTTO_CHEST_SECONDS; t++)
        n += grotto_seconds_has(s, t);
    return n;
}

/* The seconds t in 0..255 at which chest index `chest` (0..count-1) of f
 * holds an item of `set`. 0, or -1 for an invalid floor or a chest outside
 * 0..count-1 (out untouched). */
int grotto_chest_hits(const grotto_chest_floor *f, int chest, const grotto_item_set *set, grotto_seconds *out);

#ifdef __cplusplus
}
#endif

#endif
