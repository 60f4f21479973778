/* Phase 1 of the reference floor generator, the BSP partition
 * (floor-generation.md §5, ref/partition.c), on its own: examples A and B
 * of §13 from the all-wall grid to the spec's "BSP" column - the
 * partition lines (3) cut through the walls - with the phase's draws and
 * end state, and the node and split counts the header then holds. */
#include <criterion/criterion.h>
#include <string.h>

#include "ref_stages.h"

Test(ref_partition, examples_a_and_b)
{
    ref_stages s;
    ref_stages_expect_phase(&s, &REF_EXAMPLE_A, 0);
    cr_expect(wa_get(s.A, HDR_NODE_COUNT) == 4 && wa_get(s.A, HDR_SPLIT_COUNT) == 3, "A: 4 nodes, 3 splits");
    cr_expect_eq(wa_get(s.A, HDR_ROOM_COUNT), 0);
    ref_stages_expect_phase(&s, &REF_EXAMPLE_B, 0);
    cr_expect(wa_get(s.A, HDR_NODE_COUNT) == 3 && wa_get(s.A, HDR_SPLIT_COUNT) == 2, "B: 3 nodes, 2 splits");
}
