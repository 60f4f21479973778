/* Phase 3 of the reference floor generator, erosion / extension
 * (floor-generation.md §7, ref/erosion.c), on its own: the floors of
 * §13.1 (Example A) and §13.3 (Example B) are run up to the stage, their
 * grid checked against the spec's "rooms" column, then the stage runs and
 * the grid must be the "erosion" column, with the stage's draws and end
 * state; over many floors the stage only turns cells to floor or wall
 * and leaves the records of nodes, splits and rooms alone. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "ref_stages.h"

static void expect_grid(const ref_stages *s, const char *want, const char *what)
{
    char got[16 * 17];
    ref_stages_grid(s, got);
    cr_expect_str_eq(got, want, "%s:\n%s\nwant\n%s", what, got, want);
}

Test(ref_erosion, example_a_0x5BC3_floor4)
{
    ref_stages s;
    ref_stages_begin(&s, 0x5BC3, 4);
    ref_stages_run(&s, 2);
    expect_grid(&s, "1111111111\n1111131111\n1108131801\n1188131881\n1333331111\n"
                    "1111133331\n1108131111\n1188131081\n1111131881\n1111111111", "A after rooms");
    cr_expect_eq(s.g.rng.state, 0x43A1C69Fu, "erosion starts at %08X", s.g.rng.state);
    uint32_t before = s.g.rng.draws;
    ref_stages_run(&s, 3);
    /* room 0's downward growth runs through row 4 and room 3 to the border row 9 */
    expect_grid(&s, "1111111111\n1111131111\n1008131801\n1188131881\n1330331111\n"
                    "1110133331\n1108131111\n1188131081\n1110131881\n1110111111", "A after erosion");
    cr_expect_eq(s.g.rng.draws - before, 46u);
    cr_expect_eq(s.g.rng.state, 0x9AAE8149u, "the corridors start at %08X", s.g.rng.state);
}

Test(ref_erosion, example_b_0x0000_floor1)
{
    ref_stages s;
    ref_stages_begin(&s, 0x0000, 1);
    ref_stages_run(&s, 2);
    expect_grid(&s, "11111111111\n18008311111\n10000318811\n18800310811\n11111311111\n13333333331\n"
                    "11808800111\n11000000111\n11800808111\n11111111111\n11111111111", "B after rooms");
    cr_expect_eq(s.g.rng.state, 0x5656AEC7u);
    uint32_t before = s.g.rng.draws;
    ref_stages_run(&s, 3);
    expect_grid(&s, "11111111111\n18008311111\n10000308811\n18800310801\n11110311111\n13333333331\n"
                    "11808810111\n11000000111\n11800808111\n11001110111\n11111111111", "B after erosion");
    cr_expect_eq(s.g.rng.draws - before, 59u);
    cr_expect_eq(s.g.rng.state, 0xF809B8FAu);
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
