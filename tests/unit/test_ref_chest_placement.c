/* Phase 7 of the reference floor generator, the chests
 * (floor-generation.md §11, ref/chest_placement.c), on its own: example A
 * of §13 from the "stairs" column to the final grid (three chests, tile
 * 6, in placement order), with the phase's draws and the final state;
 * example B is floor 1, where the phase draws nothing and places nothing. */
#include <criterion/criterion.h>
#include <string.h>

#include "ref_stages.h"

Test(ref_chest_placement, examples_a_and_b)
{
    ref_stages s;
    ref_stages_expect_phase(&s, &REF_EXAMPLE_A, 6);
    cr_assert_eq(wa_get(s.A, HDR_CHEST_COUNT), 3);
    static const int chest[3][2] = {{8, 8}, {2, 6}, {7, 2}};
    for (int i = 0; i < 3; i++)
        cr_expect(wa_get(s.A, HDR_CHEST0_X + 2 * i) == chest[i][0] && wa_get(s.A, HDR_CHEST0_X + 2 * i + 1) == chest[i][1],
                  "chest %d", i);
    ref_stages_expect_phase(&s, &REF_EXAMPLE_B, 6);
    cr_expect_eq(wa_get(s.A, HDR_CHEST_COUNT), 0);
}
