/* rng-and-timer.md §1-§3 and floor-generation.md §1 vectors. */
#include <criterion/criterion.h>

#include "grotto/rng.h"

static void expect_draws(uint32_t seed, const uint32_t *want, int n)
{
    grotto_rng r;
    grotto_rng_seed(&r, seed);
    for (int i = 0; i < n; i++)
        cr_expect_eq(grotto_rng_draw(&r), want[i], "seed %#x draw %d", seed, i + 1);
}

Test(rng, first_draws_after_seeding)
{
    expect_draws(0x0000, (uint32_t[]){0, 21468, 9988, 22117, 3498, 16927, 16045, 19741}, 8);
    expect_draws(0x0032, (uint32_t[]){22715, 22430, 16275, 21417, 4906, 9000, 3863, 26227}, 8);
    expect_draws(0x1234, (uint32_t[]){19915, 19390, 6099, 9382, 16769, 18704, 1368, 8159}, 8);
    expect_draws(0x7FFF, (uint32_t[]){25968, 24173, 1248, 10215, 17959, 6719, 19706, 27856}, 8);
}

Test(rng, state_after_one_step)
{
    const uint32_t before[] = {0x00000000, 0x00000001, 0x00005BC7, 0x12345678, 0xFFFFFFFF, 0x80000000};
    const uint32_t after[] = {0x00003039, 0x41C67EA6, 0x9F07E5F4, 0x0B719151, 0xBE39E1CC, 0x80003039};
    const uint32_t out[] = {0, 16838, 7943, 2929, 15929, 0};
    for (int i = 0; i < 6; i++) {
        grotto_rng r;
        grotto_rng_seed(&r, before[i]);
        cr_expect_eq(grotto_rng_draw(&r), out[i]);
        cr_expect_eq(r.state, after[i]);
        cr_expect_eq(r.draws, 1u);
    }
}

Test(rng, lazy_range_draw_accounting)
{
    grotto_rng r;
    grotto_rng_seed(&r, 1);
    cr_expect_eq(grotto_rng_range(&r, 5, 5), 5);
    cr_expect_eq(r.draws, 0u, "RANGE(a, a) must not draw");
    cr_expect_eq(grotto_rng_range(&r, 7, 6), 7);
    cr_expect_eq(r.draws, 1u, "RANGE(a, a-1) draws once and yields a");
    cr_expect_eq(grotto_rng_pick(&r, 9, 9), 9);
    cr_expect_eq(r.draws, 2u, "pick(a, a) always draws");
}

Test(rng, scaled_vectors)
{
    /* (n, v, result offset) from rng-and-timer.md §2.4 */
    const int n[] = {2, 2, 2, 7, 10, 10, 5, 100, 100, 100, 100, 100};
    const int v[] = {0, 16384, 16385, 4682, 29491, 29492, 32767, 0, 328, 329, 16384, 32767};
    const int want[] = {0, 0, 1, 1, 8, 9, 4, 0, 0, 1, 49, 99};
    for (int i = 0; i < 12; i++) {
        /* find a state whose next draw is v: the draw is bits 16..30 of
         * the new state, so state_new = v << 16 works after inverting. */
        grotto_rng r;
        uint32_t target = (uint32_t)v[i] << 16;
        /* inverse of x -> x*M + C: x = (target - C) * M^-1 */
        uint32_t minv = 0xEEB9EB65u; /* 1103515245^-1 mod 2^32 */
        cr_assert_eq(1103515245u * minv, 1u);
        grotto_rng_seed(&r, (target - 12345u) * minv);
        cr_expect_eq(grotto_rng_scaled(&r, n[i]), want[i], "n=%d v=%d", n[i], v[i]);
    }
}

Test(rng, scaled_float_forms_agree_exhaustively)
{
    /* rng-and-timer.md §2.4: integer form == float form for n 1..100 */
    for (int nn = 1; nn <= 100; nn++)
        for (int vv = 0; vv <= 32767; vv++) {
            float num = (float)(vv - 1);
            float x = (float)nn * num / 32767.0f;
            int f = (int)x;
            cr_assert_eq((nn * (vv - 1)) / 32767, f, "n=%d v=%d", nn, vv);
        }
}

Test(rng, jump_ahead_pairs)
{
    const uint32_t k[] = {1, 2, 3, 12, 13, 14, 15, 16, 17, 28, 29, 30, 31, 32, 35, 36, 37};
    const uint32_t a[] = {0x41C64E6D, 0xC2A29A69, 0x807DBCB5, 0xC8333031, 0x8D6072DD, 0x88FE3E19,
                          0x2B820EA5, 0x5F748241, 0x639143AD, 0xD8AC1E71, 0xEEF5641D, 0x4E6A7659,
                          0xF53981E5, 0x8B2E1481, 0xC1A03B35, 0x83415B91, 0x6FE02ABD};
    const uint32_t c[] = {0x00003039, 0xD3DC167E, 0xA70427DF, 0x69ACC4C4, 0x961BAFAD, 0x261EB2E2,
                          0x525F3673, 0x65136930, 0x7E7099A9, 0xDAACE6F4, 0x5EB4DE1D, 0x961D9892,
                          0x0202A263, 0x642B7E60, 0x1F7301BF, 0x473A208C, 0xC1F2B3D5};
    for (int i = 0; i < 17; i++) {
        grotto_jump j = grotto_jump_k(k[i]);
        cr_expect_eq(j.a, a[i], "A_%u", k[i]);
        cr_expect_eq(j.c, c[i], "C_%u", k[i]);
    }
}

Test(rng, jump_ahead_matches_iteration_for_every_seed)
{
    const uint32_t ks[] = {13, 14, 15, 16, 29, 30, 31, 32};
    for (uint32_t s = 0; s < 32768; s++) {
        grotto_rng r;
        grotto_rng_seed(&r, s);
        uint32_t out[33];
        for (int i = 1; i <= 32; i++)
            out[i] = grotto_rng_draw(&r);
        for (int i = 0; i < 8; i++)
            cr_assert_eq(grotto_draw_k(s, ks[i]), out[ks[i]], "seed %u k %u", s, ks[i]);
    }
}
