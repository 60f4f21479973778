/* Phase 3 of the reference floor generator, erosion / extension
 * (floor-generation.md §7, ref/erosion.c), on its own: the floors of
 * §13.1 (Example A) and §13.3 (Example B) are run up to the stage, their
 * grid checked against the spec's "rooms" column, then the stage runs and
 * the grid must be the "erosion" column, with the stage's draws and end
 * state; over many floors the stage only turns cells to floor or wall
 * and leaves the records of nodes, splits and rooms alone. */
#include <criterion/criterion.h>
#include <string.h>

#include "ref_stages.h"

Test(ref_erosion, examples_a_and_b)
{
    ref_stages s;
    /* A: room 0's downward growth runs through row 4 and room 3 to the border row 9 */
    ref_stages_expect_phase(&s, &REF_EXAMPLE_A, 2);
    ref_stages_expect_phase(&s, &REF_EXAMPLE_B, 2);
}

Test(ref_erosion, only_floor_or_wall_and_the_records_untouched)
{
    long floors = 0, changed = 0;
    for (uint32_t seed = 0; seed <= 0x7FFF; seed += 97)
        for (int k = 1; k <= 16; k += 3) {
            ref_stages s;
            ref_stages_begin(&s, seed, k);
            ref_stages_run(&s, 2);
            uint8_t before[GROTTO_WORK_AREA_SIZE];
            memcpy(before, s.A, sizeof before);
            ref_stages_run(&s, 3);
            floors++;
            /* header (but the special room's flag, byte 1), nodes, splits, rooms */
            for (int i = 0; i < WA_GRID; i++)
                if (i != HDR_SPECIAL_DONE)
                    cr_assert_eq(s.A[i], before[i], "(%#x, %d): byte %d changed by erosion", seed, k, i);
            for (int i = WA_GRID + 256; i < GROTTO_WORK_AREA_SIZE; i++)
                cr_assert_eq(s.A[i], before[i], "(%#x, %d): byte %d changed by erosion", seed, k, i);
            int w = wa_get(s.A, HDR_W);
            for (int y = 0; y < 16; y++)
                for (int x = 0; x < 16; x++) {
                    int i = WA_GRID + 16 * y + x;
                    if (s.A[i] == before[i])
                        continue;
                    changed++;
                    cr_assert(s.A[i] == 0 || s.A[i] == 1, "(%#x, %d): (%d,%d) %u -> %u", seed, k, x, y, before[i],
                              s.A[i]);
                    cr_assert(x < w && y < w, "(%#x, %d): (%d,%d) outside the floor",
                              seed, k, x, y);
                }
        }
    cr_assert_gt(floors, 1500);
    cr_assert_gt(changed, floors, "erosion changes cells on most floors");
}
