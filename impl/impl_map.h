/* impl/impl_map.h: the keyed range tables of map-details.md §3 and
 * chests.md §2 resolved by key into flat arrays (built in tables.c), and the
 * chest ranks of a floor by jump-ahead. */
#ifndef IMPL_IMPL_MAP_H
#define IMPL_IMPL_MAP_H

#include <stdint.h>

#include "grotto/tables.h"
#include "impl.h"
#include "lcg.h"

typedef struct impl_key_range {
    uint8_t lo, hi;
} impl_key_range;

/* The weights of bosses 1..12 laid end to end (map-details.md §3: 560);
 * the lookup below is bounded by it. */
enum { IMPL_BOSS_WEIGHTS = 560 };

typedef struct impl_band_info {
    uint8_t code;
    impl_key_range floors, smr, boss;
    uint16_t boss_total;  /* the weights of bosses boss.lo..boss.hi */
    uint16_t boss_before; /* the weights of bosses 1..boss.lo-1 */
    uint32_t boss_magic;  /* impl_mod_magic's M for boss_total */
} impl_band_info;

extern impl_band_info impl_bands[GROTTO_BANDS];
/* The weighted picks of map-details.md §3 as lookups: the environment of a
 * percent draw (0..99, weights in stored order), and the boss whose
 * interval of the bosses' weights laid end to end (boss 1 first) holds a
 * draw - a band's pick is entry boss_before + v mod boss_total, since its
 * bosses are a run lo..hi. */
extern uint8_t impl_env_of_percent[100];
/* The side of floor n (map-details.md's floor sizes) by n: base +
 * (seed + n) mod modulus, modulus 0 for a constant base (its reciprocal 0
 * then gives 0); base 0 where no row holds n. */
typedef struct impl_side_rule {
    uint8_t base, modulus;
    uint32_t magic; /* impl_mod_magic's M for modulus */
} impl_side_rule;
extern impl_side_rule impl_side_of_floor[GROTTO_MAX_FLOORS + 1];
extern uint8_t impl_boss_of_weight[IMPL_BOSS_WEIGHTS];
extern impl_key_range impl_prefix_of_smr[16], impl_suffix_of_boss[16], impl_group_of_floors[32],
    impl_rank_of_mr[16];
/* impl_rank_of_mr as 32-bit low ends and widths (hi - lo + 1), for
 * lookups in vector registers (sweep.c). */
extern uint32_t impl_rank_lo_by_mr[16], impl_rank_width_by_mr[16];

/* The tables of impl_details_from_draws for every band at once in vector
 * registers (sweep.c's map stage, AVX-512 build): by band in rows of 16
 * (bands 12-15 repeat band 11), by smr, boss (rows of 16) and floors
 * (32), all 32-bit, each range as its low end, its size n and 1/n as a
 * float rounded up by 2^-20 (impl_mod_float_inv); the boss by weight and the
 * locale index widened to 32 bits for gathers. */
typedef struct impl_details_lanes {
    uint32_t code[16], floors_lo[16], floors_n[16], smr_lo[16], smr_n[16], boss_before[16], boss_total[16];
    float floors_inv[16], smr_inv[16], boss_inv[16];
    uint32_t prefix_lo[16], prefix_n[16]; /* by smr */
    float prefix_inv[16];
    uint32_t suffix_lo[16], suffix_n[16]; /* by boss */
    float suffix_inv[16];
    uint32_t group_lo[32], group_n[32]; /* by floors */
    float group_inv[32];
    uint32_t boss_of_weight[IMPL_BOSS_WEIGHTS];
    uint32_t locale[GT_LOCALE_INDEX_COUNT];
} impl_details_lanes;
extern impl_details_lanes impl_details_by_lane;

/* The float for r mod n by r - n * trunc(r * inv) (r < 2^15, n <= 600:
 * exact, every pair checked by test_impl_primitives). */
static inline float impl_mod_float_inv(uint32_t n)
{
    return n ? (float)((1.0 / n) * (1.0 + 0x1p-20)) : 0.0f;
}

/* Terms a caller may give (grotto/elist.h, grotto/map.h): a 16 x 16 grid
 * has at most 256 white (or Flag0) cells and 2 * 16 * 15 = 480 adjacent
 * white pairs. */
static inline int impl_elist_terms_ok(unsigned W, unsigned X, unsigned D)
{
    return W <= GROTTO_CELLS && X <= 2u * GROTTO_GRID * (GROTTO_GRID - 1) && D <= GROTTO_CELLS;
}

/* Floor n's terms in a grotto_map_floors_t: as above, and 0..3 chests,
 * none on floors 1 and 2 (chests.md §1). */
static inline int impl_floor_terms_ok(const grotto_floor_terms *t, int n)
{
    return impl_elist_terms_ok(t->W, t->X, t->D) && t->chest_count <= GROTTO_MAX_CHESTS &&
           (n >= 3 || t->chest_count == 0);
}

/* Chest ranks of floor n (seed + n) with c chests at floor monster rank mr:
 * reseed, discard 2c draws, one scaled draw per chest (jump-ahead). */
static inline void impl_chest_ranks(uint32_t seed, int n, int c, int mr, uint8_t rank[3])
{
    impl_key_range r = impl_rank_of_mr[mr];
    uint32_t s = seed + (uint32_t)n;
    for (int i = 0; i < 3; i++)
        rank[i] = i < c ? (uint8_t)(r.lo + impl_scaled(impl_draw_at(s, 2 * c + 1 + i), r.hi - r.lo + 1)) : 0;
}

#endif
