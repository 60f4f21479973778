/* ref vs impl at the edges of the generator's domain that the golden corpus
 * does not cover: seeds above the game's 0x7FFF (the tool's search accepts
 * 0xFFFF; the generator is defined for any 32-bit seed, floor-generation.md
 * §2) and seeds where S + k wraps past 2^32. Both must agree byte for byte,
 * and with the analyses. */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/record.h"

static void expect_same_floor(uint32_t seed, int k)
{
    grotto_floor_t a, b;
    cr_assert_eq(grotto_engine_ref.floor(seed, k, &a), 0);
    cr_assert_eq(grotto_engine_impl.floor(seed, k, &b), 0);
    uint8_t ra[GROTTO_FLOOR_RECORD_SIZE], rb[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&a, ra);
    grotto_floor_record(&b, rb);
    cr_assert_eq(memcmp(ra, rb, sizeof ra), 0, "seed %#x floor %d", seed, k);
    grotto_floor_analysis x, y;
    grotto_engine_ref.analyse(&a, &x);
    grotto_engine_impl.analyse(&b, &y);
    cr_expect_eq(x.ghost_count, y.ghost_count, "seed %#x floor %d", seed, k);
    cr_expect_eq(x.region_count, y.region_count, "seed %#x floor %d", seed, k);
    cr_expect_eq(x.unreachable_chests, y.unreachable_chests, "seed %#x floor %d", seed, k);
    cr_expect_eq(x.softlock_near, y.softlock_near, "seed %#x floor %d", seed, k);
}

Test(edges, sixteen_bit_seeds_with_overflow_floors)
{
    /* the other two overflow floor seeds of 0..0xFFFF (floor-generation.md §14) */
    const uint32_t seeds[] = {0x98EF, 0x98F0, 0x98F1, 0x98F2, 0xDF6C, 0xDF6D, 0xDF6E, 0xDF6F};
    for (int i = 0; i < 8; i++) {
        grotto_floor_t f;
        int k = 4 - i % 4;
        grotto_engine_ref.floor(seeds[i], k, &f);
        cr_expect_eq(f.overflow, 1, "seed %#x floor %d enters overflow mode", seeds[i], k);
        expect_same_floor(seeds[i], k);
    }
}

Test(edges, around_the_15_and_16_bit_limits)
{
    for (uint32_t seed = 0x7FF0; seed <= 0x8010; seed++)
        for (int k = 1; k <= 16; k++)
            expect_same_floor(seed, k);
    for (uint32_t seed = 0xFFF0; seed <= 0x10010; seed++)
        for (int k = 1; k <= 16; k++)
            expect_same_floor(seed, k);
}

Test(edges, seed_plus_floor_wrapping_past_2_pow_32)
{
    for (uint32_t seed = 0xFFFFFFE0u; seed != 0; seed++)
        for (int k = 1; k <= 16; k++)
            expect_same_floor(seed, k);
}
