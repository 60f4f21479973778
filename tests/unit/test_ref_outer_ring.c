/* Phase 5 of the reference floor generator, the outer ring
 * (floor-generation.md §9, ref/outer_ring.c), on its own: examples A and
 * B of §13 from the "corridors" column to the "ring" column (A's border
 * row 9, opened by erosion, closed again) without a draw; over many floors
 * the ring leaves the border of the floor all wall and changes nothing
 * inside it. */
#include <criterion/criterion.h>
#include <string.h>

#include "ref_stages.h"

Test(ref_outer_ring, examples_a_and_b)
{
    ref_stages s;
    ref_stages_expect_phase(&s, &REF_EXAMPLE_A, 4);
    ref_stages_expect_phase(&s, &REF_EXAMPLE_B, 4);
}

Test(ref_outer_ring, the_border_is_wall_and_the_inside_untouched)
{
    long floors = 0;
    for (uint32_t seed = 0; seed <= 0x7FFF; seed += 89)
        for (int k = 1; k <= 16; k += 2) {
            ref_stages s;
            ref_stages_begin(&s, seed, k);
            ref_stages_run(&s, 4);
            uint8_t before[GROTTO_WORK_AREA_SIZE];
            memcpy(before, s.A, sizeof before);
            uint32_t draws = s.g.rng.draws;
            ref_stages_run(&s, 5);
            floors++;
            cr_assert_eq(s.g.rng.draws, draws, "(%#x, %d): the ring drew", seed, k);
            int w = wa_get(s.A, HDR_W);
            for (int y = 0; y < 16; y++)
                for (int x = 0; x < 16; x++) {
                    int i = WA_GRID + 16 * y + x;
                    int border = x == 0 || y == 0 || x == w - 1 || y == w - 1;
                    if (x < w && y < w && border)
                        cr_assert_eq(s.A[i], 1, "(%#x, %d): border (%d,%d) is %u", seed, k, x, y, s.A[i]);
                    else
                        cr_assert_eq(s.A[i], before[i], "(%#x, %d): (%d,%d) changed", seed, k, x, y);
                }
            cr_assert_eq(memcmp(s.A, before, WA_GRID), 0, "(%#x, %d): the records changed", seed, k);
        }
    cr_assert_gt(floors, 2500);
}
