/* The random number generator and its derived draws.
 * rng-and-timer.md §1 (generator), §2 (below, pick, scaled), §3 (jump-ahead);
 * floor-generation.md §1.2 (the lazy RANGE of the floor generator). */
#include <limits.h>

#include "grotto/rng.h"

enum { LCG_MULT = 1103515245u, LCG_INC = 12345u };

/* §1: seeding assigns the state; nothing is masked. */
void grotto_rng_seed(grotto_rng *r, uint32_t seed)
{
    r->state = seed;
    r->draws = 0;
}

/* §1: step first, then output bits 16..30 of the new state. */
uint32_t grotto_rng_draw(grotto_rng *r)
{
    r->state = r->state * LCG_MULT + LCG_INC; /* mod 2^32 by uint32_t */
    r->draws++;
    return (r->state >> 16) & 0x7FFF;
}

/* §2.1: plain modulo, biased on purpose. below(0) is taken as below(1):
 * the draw is made, 0 returned (no division by zero). */
uint32_t grotto_rng_below(grotto_rng *r, uint32_t n)
{
    uint32_t v = grotto_rng_draw(r);
    return n == 0 ? 0 : v % n;
}

/* §2.2: always consumes one draw, even when lo == hi. The span is counted
 * in 64 bits (any two ints); an empty one (hi < lo) yields lo. */
int grotto_rng_pick(grotto_rng *r, int lo, int hi)
{
    uint32_t v = grotto_rng_draw(r);
    if (hi < lo)
        return lo;
    int64_t span = (int64_t)hi - lo + 1;       /* 1 .. 2^32 */
    return (int)(lo + (int64_t)v % span);      /* lo .. hi */
}

/* floor-generation.md §1.2: lazy RANGE. lo == hi draws nothing; the empty
 * span hi == lo - 1 draws and yields lo; a negative span (never met in floor
 * generation) takes the remainder by |n| as JavaScript's % would. Counted in
 * 64 bits; a result past INT_MAX (lo near it, negative span) is INT_MAX. */
int grotto_rng_range(grotto_rng *r, int lo, int hi)
{
    if (lo == hi)
        return lo;
    int64_t v = grotto_rng_draw(r);
    int64_t n = (int64_t)hi - lo + 1;
    if (n == 0)
        return lo;
    if (n < 0)
        n = -n;
    int64_t x = lo + v % n;
    return x > INT_MAX ? INT_MAX : (int)x;
}

/* §2.4: trunc(n * (v - 1) / 32767) with C's truncating signed division:
 * v = 0 gives 0, never -1. The product in 64 bits: any n, |result| < |n|
 * or 0. */
int grotto_rng_scaled(grotto_rng *r, int n)
{
    int64_t v = grotto_rng_draw(r);
    return (int)((int64_t)n * (v - 1) / 32767);
}

/* §3: k steps compose into state_k = A_k * seed + C_k; "(A, C) then
 * (A', C') = (A'A, A'C + C')". The pair for k is composed from the pairs
 * for 1, 2, 4, ... steps (each the previous one twice), one per bit of k:
 * the same pair as k single steps, in at most 32 rounds. */
grotto_jump grotto_jump_k(uint32_t k)
{
    grotto_jump j = {1u, 0u};              /* 0 steps */
    grotto_jump p = {LCG_MULT, LCG_INC};   /* 2^i steps, i = 0 first */
    for (; k != 0; k >>= 1) {
        if (k & 1u)                        /* j then p */
            j = (grotto_jump){p.a * j.a, p.a * j.c + p.c};
        p = (grotto_jump){p.a * p.a, p.a * p.c + p.c}; /* p then p */
    }
    return j;
}

uint32_t grotto_draw_k(uint32_t seed, uint32_t k)
{
    grotto_jump j = grotto_jump_k(k);
    return ((j.a * seed + j.c) >> 16) & 0x7FFF;
}
