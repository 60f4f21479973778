/* The game's random number generator and derived draws (rng-and-timer.md §1-§3,
 * floor-generation.md §1). This is the reference API (implemented in ref/). */
#ifndef GROTTO_RNG_H
#define GROTTO_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct grotto_rng {
    uint32_t state;
    uint32_t draws;       /* number of draws made since seeding */
} grotto_rng;

/* Affine map of k steps: state_k = a * seed + c (mod 2^32). */
typedef struct grotto_jump {
    uint32_t a, c;
} grotto_jump;

/* Every function here takes any value of its numeric arguments; r must
 * point to a generator (never NULL). */

/* Any 32-bit seed; draws = 0. */
void grotto_rng_seed(grotto_rng *r, uint32_t seed);
/* One step; returns bits 16..30 of the new state (0..32767). */
uint32_t grotto_rng_draw(grotto_rng *r);
/* below(n) = draw() mod n. n = 0 is taken as 1: one draw, 0 returned. */
uint32_t grotto_rng_below(grotto_rng *r, uint32_t n);
/* pick(lo, hi) = lo + draw() mod (hi - lo + 1): always consumes one draw
 * (map details, chests). An empty span (hi < lo) returns lo. */
int grotto_rng_pick(grotto_rng *r, int lo, int hi);
/* RANGE(lo, hi) of the floor generator: no draw when lo == hi; when
 * hi == lo - 1 it draws and returns lo; for hi < lo - 1 it draws and
 * returns lo + draw mod (lo - hi - 1), at most INT_MAX. */
int grotto_rng_range(grotto_rng *r, int lo, int hi);
/* scaled(n) = trunc(n * (v - 1) / 32767), 0..n-1 for n >= 1
 * (rng-and-timer.md §2.4); any n (the product is taken in 64 bits). */
int grotto_rng_scaled(grotto_rng *r, int n);

/* Jump-ahead: the pair for k steps, and the k-th draw after seeding; any
 * k (at most 32 compositions, not k steps). */
grotto_jump grotto_jump_k(uint32_t k);
uint32_t grotto_draw_k(uint32_t seed, uint32_t k);

#ifdef __cplusplus
}
#endif

#endif
