/* ref/walk.c: walking cost (research.md §1) on hand-made floors with costs
 * worked out by hand (corner cutting, no path, diagonals, the floor's
 * bounds, stairs on walls), on random floors against a brute-force
 * relaxation, and on real floors and map sums against the golden
 * corpus/golden/floor-walk.bin (the checks: helpers/walk_checks.h). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "grotto/engine.h"
#include "grotto/floor.h"
#include "grotto/walk.h"
#include "walk_checks.h"

Test(ref_walk, hand_made_floors)
{
    walk_check_cases(grotto_floor_walk);
    cr_expect_eq(grotto_engine_ref.walk, grotto_floor_walk, "the engine's walk is the reference's");
}

Test(ref_walk, sizes_and_stairs_outside)
{
    walk_check_sizes(grotto_floor_walk);
}

Test(ref_walk, random_floors_against_brute_force)
{
    walk_check_random(grotto_floor_walk, 0x2545F491u);
}

Test(ref_walk, golden_sample)
{
    walk_check_golden_sample(grotto_floor_walk, grotto_floor);
}

/* grotto_walk_up_to against the golden costs summed; the sum's rules */
Test(ref_walk, up_to_floor_and_map_sums)
{
    uint16_t *want = walk_golden();
    static const uint32_t seeds[] = {0, 0x0032, 0x5BC3, 0x7FFF};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        unsigned sum = 0;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            sum += want[seeds[i] * 16 + (uint32_t)k - 1];
            uint16_t got = 0xBEEF;
            cr_assert_eq(grotto_walk_up_to(seeds[i], k, &got), 0);
            cr_expect_eq(got, sum, "seed 0x%04X up to B%dF: %u, golden sum %u", seeds[i], k, got, sum);
        }
    }
    uint16_t keep = 77;
    cr_expect_eq(grotto_walk_up_to(0, 0, &keep), -1);
    cr_expect_eq(grotto_walk_up_to(0, 17, &keep), -1);
    cr_expect_eq(keep, 77, "untouched on bad input");
    free(want);

    const uint16_t costs[] = {10, 9, GROTTO_WALK_NONE, 4};
    cr_expect_eq(grotto_walk_sum(costs, 2), 19);
    cr_expect_eq(grotto_walk_sum(costs, 3), GROTTO_WALK_NONE, "a floor without a path: the sum has none");
    cr_expect_eq(grotto_walk_sum(costs, 0), 0);
    cr_expect_eq(grotto_walk_sum(costs + 3, 1), 4);
}
