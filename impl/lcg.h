/* impl/lcg.h: the LCG of rng-and-timer.md §1 / floor-generation.md §1, its
 * derived draws, fast small modulo and jump-ahead. Everything inline; the two
 * tables (fastmod magic, jump pairs) are defined in tables.c.
 * impl/ never calls the reference functions declared in grotto/rng.h. */
#ifndef IMPL_LCG_H
#define IMPL_LCG_H

#include <stdint.h>

#include "always.h"

#define IMPL_MULT 1103515245u
#define IMPL_INC 12345u
/* Two steps at once: s -> (MULT * MULT) s + (MULT * INC + INC), mod 2^32. */
#define IMPL_MULT2 (IMPL_MULT * IMPL_MULT)
#define IMPL_INC2 (IMPL_MULT * IMPL_INC + IMPL_INC)
#define IMPL_MULT3 (IMPL_MULT * IMPL_MULT2)
#define IMPL_INC3 (IMPL_MULT * IMPL_INC2 + IMPL_INC)
#define IMPL_MULT4 (IMPL_MULT * IMPL_MULT3)
#define IMPL_INC4 (IMPL_MULT * IMPL_INC3 + IMPL_INC)

/* One step; returns bits 16..30 of the NEW state. */
static inline uint32_t impl_next15(uint32_t *s)
{
    *s = *s * IMPL_MULT + IMPL_INC;
    return (*s >> 16) & 0x7FFFu;
}

/* Exact r mod n for r < 2^15 and 0 <= n <= IMPL_FASTMOD_MAX by two
 * multiplications and no division (remainder by direct computation, Lemire,
 * Kaser and Kurz 2019): with M = ceil(2^32 / n), the low 32 bits of M * r
 * are the fraction r / n in 32-bit fixed point, and multiplying it by n
 * gives the remainder in the high word. 32 fraction bits are exact while
 * r and n stay below 2^16 (checked exhaustively by test_impl_primitives);
 * n = 0 gives 0 (M = 0), which is what RANGE wants for an empty range. */
#define IMPL_FASTMOD_MAX 256
extern const uint32_t impl_fastmod_magic[IMPL_FASTMOD_MAX + 1]; /* constant (tables.c) */

/* M = ceil(2^32 / n) mod 2^32 for impl_mod_magic (0 for n = 0 and n = 1:
 * both give the remainder 0). */
static inline uint32_t impl_mod_magic_of(uint32_t n)
{
    return n ? (uint32_t)(UINT64_C(0xFFFFFFFF) / n + 1u) : 0u;
}

/* r mod n with M = impl_mod_magic_of(n) given: exact for r, n < 2^16. */
static inline uint32_t impl_mod_magic(uint32_t r, uint32_t n, uint32_t magic)
{
    uint32_t frac = magic * r;
    return (uint32_t)(((uint64_t)frac * n) >> 32);
}

static inline uint32_t impl_mod15(uint32_t r, uint32_t n)
{
    if (__builtin_constant_p(n) && n)
        return r % n; /* constant divisor: the compiler's own reciprocal */
    if (n <= IMPL_FASTMOD_MAX)
        return impl_mod_magic(r, n, impl_fastmod_magic[n]);
    return r % n;
}

/* RANGE(lo, hi), the lazy range of floor-generation.md §1.2: no draw when
 * lo == hi; one draw otherwise; n == 0 (hi == lo-1) returns lo; a negative n
 * (never happens) behaves like JavaScript/C: lo + r mod |n|. Whether the
 * state moves is selected, not branched on (lo == hi depends on drawn
 * values and would be mispredicted): for lo == hi, n = 1 and the remainder
 * is 0. The usual n (0..256) take one unsigned comparison. */
static inline int impl_range(uint32_t *s, int lo, int hi)
{
    uint32_t next = *s * IMPL_MULT + IMPL_INC;
    uint32_t r = (next >> 16) & 0x7FFFu;
    *s ^= (*s ^ next) & (0u - (uint32_t)(lo != hi));
    int n = hi - lo + 1;
    if ((unsigned)n <= IMPL_FASTMOD_MAX)
        return lo + (int)impl_mod15(r, (uint32_t)n);
    if (NEVER(n < 0)) /* every caller has hi >= lo - 1 */
        return lo + (int)(r % (uint32_t)(-n));
    return lo + (int)(r % (uint32_t)n);
}

/* RANGE(lo, hi) where lo < hi nearly always holds (the down stairs' room:
 * impl_stairs_alone may be given one room). impl_range selects whether the
 * state moves, so each of its draws waits for a select on the state's chain
 * (a step and a select, where a plain draw is a step); here the lazy case
 * is a branch, never mispredicted where it never happens, and the draw is
 * a plain step (floors -1.5 ms with impl_range_wide, docs/performance.md). */
static inline int impl_range_drawn(uint32_t *s, int lo, int hi)
{
    if (__builtin_expect(lo == hi, 0))
        return lo;
    return impl_range(s, lo, hi); /* lo != hi is known here: the select folds away */
}

/* The same where lo < hi always holds (R6: a room is two cells wide or
 * more; a layout has two rooms or more): the lazy case is believed
 * impossible (NEVER). */
static inline int impl_range_wide(uint32_t *s, int lo, int hi)
{
    if (NEVER(lo == hi))
        return lo;
    return impl_range(s, lo, hi); /* the select folds away here too */
}

/* pick(lo, hi) of rng-and-timer.md §2.2 on a raw draw (always consumed). */
static inline int impl_pick_raw(uint32_t v, int lo, int hi)
{
    return lo + (int)impl_mod15(v, (uint32_t)(hi - lo + 1));
}

/* scaled(n) of rng-and-timer.md §2.4 on a raw draw v: trunc(n*(v-1)/32767),
 * signed C division (v = 0 gives 0, never -1). */
static inline int impl_scaled(uint32_t v, int n)
{
    return (n * ((int)v - 1)) / 32767;
}

/* scaled(n) on a raw draw v as a fraction made once per draw and a width
 * applied per use: impl_scaled_frac(v) = max(v - 1, 0) * ceil(2^48 / 32767),
 * then impl_scaled_by(f, n) = (n * f) >> 48 = impl_scaled(v, n) for every
 * v < 32768 and n <= 16 (the error, at most n * v / 2^48, is below 1/32767;
 * test_impl_primitives checks every pair). One multiplication per use, no
 * division, no sign fix-up. */
#define IMPL_SCALED_MAGIC 8590196745ull /* ceil(2^48 / 32767) */
enum { IMPL_SCALED_WIDTH_MAX = 16 };
static inline uint64_t impl_scaled_frac(uint32_t v)
{
    return (uint64_t)(v - (v != 0)) * IMPL_SCALED_MAGIC;
}

static inline uint32_t impl_scaled_by(uint64_t frac, uint32_t n)
{
    return (uint32_t)((n * frac) >> 48);
}

/* Jump-ahead: state_k = A_k * seed + C_k. impl_jump[k] for k = 0..IMPL_JUMP_MAX
 * (k = 0 is the identity), built before main() (tables.c). */
#define IMPL_JUMP_MAX 320
typedef struct impl_affine {
    uint32_t a, c;
} impl_affine;
extern impl_affine impl_jump[IMPL_JUMP_MAX + 1];
/* The same for k = 1..64 as two arrays (A_k, C_k at index k - 1): the
 * steps of a 64-step word from one state side by side in vector lanes
 * (at.c). */
#define IMPL_JUMP_LANES 64
extern uint32_t impl_jump_lane_a[IMPL_JUMP_LANES], impl_jump_lane_c[IMPL_JUMP_LANES];

/* Compose: first p, then q. */
static inline impl_affine impl_affine_then(impl_affine p, impl_affine q)
{
    impl_affine r = {q.a * p.a, q.a * p.c + q.c};
    return r;
}

/* (A, C) for any k by square-and-multiply (independent of the table). */
static inline impl_affine impl_affine_pow(uint64_t k)
{
    impl_affine result = {1u, 0u};
    impl_affine base = {IMPL_MULT, IMPL_INC};
    while (k) {
        if (k & 1)
            result = impl_affine_then(result, base);
        base = impl_affine_then(base, base);
        k >>= 1;
    }
    return result;
}

static inline uint32_t impl_state_after(uint32_t seed, int k)
{
    return impl_jump[k].a * seed + impl_jump[k].c;
}

/* k-th draw after seeding (k >= 1). */
static inline uint32_t impl_draw_at(uint32_t seed, int k)
{
    return (impl_state_after(seed, k) >> 16) & 0x7FFFu;
}

/* The number of steps n (mod 2^32) with state_after(from, n) == to. The
 * generator has full period mod 2^32 (multiplier 1 mod 4, odd increment),
 * so bits 0..k-1 of the state repeat every 2^k steps and bit k flips after
 * 2^k: n is found bit by bit, bit k by comparing bit k of the two states and
 * jumping 2^k steps when they differ (32 squarings of the affine step). */
static inline uint32_t impl_steps_between_bits(uint32_t from, uint32_t to)
{
    uint32_t a = IMPL_MULT, c = IMPL_INC, n = 0;
    /* bits 0..11 whatever the states (n < 4096 for nearly every layout: a
     * loop exit on from == to was mispredicted once a call), then on while
     * they differ */
    for (int k = 0; k < 32 && (k < 12 || from != to); k++) {
        uint32_t flip = ((from ^ to) >> k) & 1u; /* selected, not branched on */
        from ^= (from ^ (a * from + c)) & (0u - flip);
        n |= flip << k;
        c = a * c + c; /* (a, c) o (a, c) */
        a = a * a;
    }
    return n;
}

/* The same, first by the low 12 bits (impl_steps_low12: 1 and *n when
 * n < 4,096, else 0): they run through an LCG of their own with full period
 * 4,096, so n mod 4,096 is the difference of the two states' positions in
 * that cycle (impl_lcg_pos12, tables.c), and one jump (impl_jump for the
 * low 6 bits of n, impl_jump64 for the high 6) tells whether n is that. A
 * layout makes fewer than 4,096 draws but for a few, which take the
 * bit-by-bit search (the sweep counts every layout's draws so: floors
 * -1.6 ms, docs/performance.md). */
#define IMPL_POS12 4096
extern uint16_t impl_lcg_pos12[IMPL_POS12];
extern impl_affine impl_jump64[IMPL_POS12 / 64];
static inline int impl_steps_low12(uint32_t from, uint32_t to, uint32_t *n)
{
    *n = (uint32_t)(impl_lcg_pos12[to & (IMPL_POS12 - 1)] - impl_lcg_pos12[from & (IMPL_POS12 - 1)]) &
         (IMPL_POS12 - 1u);
    impl_affine lo = impl_jump[*n & 63u], hi = impl_jump64[*n >> 6];
    return hi.a * (lo.a * from + lo.c) + hi.c == to;
}

static inline uint32_t impl_steps_between(uint32_t from, uint32_t to)
{
    uint32_t n;
    if (impl_steps_low12(from, to, &n))
        return n;
    return impl_steps_between_bits(from, to);
}

#endif
