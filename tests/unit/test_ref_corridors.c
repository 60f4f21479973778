/* Phase 4 of the reference floor generator, the corridors
 * (floor-generation.md §8, ref/corridors.c), on its own: examples A and B
 * of §13 from the spec's "erosion" column to its "corridors" column (the
 * partition tiles 3 on a corridor become 2), with the phase's draws and
 * end state. */
#include <criterion/criterion.h>
#include <string.h>

#include "ref_stages.h"

Test(ref_corridors, examples_a_and_b)
{
    ref_stages s;
    ref_stages_expect_phase(&s, &REF_EXAMPLE_A, 3);
    ref_stages_expect_phase(&s, &REF_EXAMPLE_B, 3);
}
