/* The random number generator and its derived draws.
 * rng-and-timer.md §1 (generator), §2 (below, pick, scaled), §3 (jump-ahead);
 * floor-generation.md §1.2 (the lazy RANGE of the floor generator). */
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

/* §2.1: plain modulo, biased on purpose. */
uint32_t grotto_rng_below(grotto_rng *r, uint32_t n)
{
    return grotto_rng_draw(r) % n;
}

/* §2.2: always consumes one draw, even when lo == hi. */
int grotto_rng_pick(grotto_rng *r, int lo, int hi)
{
    return lo + (int)(grotto_rng_draw(r) % (uint32_t)(hi - lo + 1));
}

/* floor-generation.md §1.2: lazy RANGE. lo == hi draws nothing; the empty
 * span hi == lo - 1 draws and yields lo; a negative span (never met in floor
 * generation) takes the remainder by |n| as JavaScript's % would. */
int grotto_rng_range(grotto_rng *r, int lo, int hi)
{
    if (lo == hi)
        return lo;
    int v = (int)grotto_rng_draw(r);
    int n = hi - lo + 1;
    if (n == 0)
        return lo;
    if (n < 0)
        n = -n;
    return lo + v % n;
}

/* §2.4: trunc(n * (v - 1) / 32767) with C's truncating signed division:
 * v = 0 gives 0, never -1. */
int grotto_rng_scaled(grotto_rng *r, int n)
{
    int v = (int)grotto_rng_draw(r);
    return (n * (v - 1)) / 32767;
}

/* §3: k steps compose into state_k = A_k * seed + C_k. */
grotto_jump grotto_jump_k(uint32_t k)
{
    grotto_jump j = {1u, 0u};
    for (uint32_t i = 0; i < k; i++) {
        j.a = j.a * LCG_MULT;
        j.c = j.c * LCG_MULT + LCG_INC;
    }
    return j;
}

uint32_t grotto_draw_k(uint32_t seed, uint32_t k)
{
    grotto_jump j = grotto_jump_k(k);
    return ((j.a * seed + j.c) >> 16) & 0x7FFF;
}
