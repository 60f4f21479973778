/* Phase 2 of the reference floor generator, rooms and doors
 * (floor-generation.md §6, ref/rooms.c), on its own: examples A and B of
 * §13 from the spec's "BSP" column to its "rooms" column (rooms carved as
 * floor, doors 8), one room per node, with the phase's draws and end
 * state. */
#include <criterion/criterion.h>
#include <string.h>

#include "ref_stages.h"

Test(ref_rooms, examples_a_and_b)
{
    ref_stages s;
    ref_stages_expect_phase(&s, &REF_EXAMPLE_A, 1);
    cr_expect_eq(wa_get(s.A, HDR_ROOM_COUNT), 4);
    ref_stages_expect_phase(&s, &REF_EXAMPLE_B, 1);
    cr_expect_eq(wa_get(s.A, HDR_ROOM_COUNT), 3);
}
