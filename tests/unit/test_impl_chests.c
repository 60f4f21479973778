/* impl/chests.c (the engine's chest_seconds and chest_hits) against
 * chests.md §4 and the test-side model (helpers/chest_checks.h, the same
 * checks as test_ref_chest_timer), and the engine interface's slots. */
#include <criterion/criterion.h>

#include "chest_checks.h"
#include "grotto/engine.h"
#include "impl.h"
#include "lcg.h"

Test(impl_chests, worked_examples_4)
{
    cc_examples(impl_chest_seconds);
}

Test(impl_chests, random_floors_against_the_model)
{
    cc_against_model(impl_chest_seconds, 0x1A9Dull, 4000);
}

Test(impl_chests, a_run_is_its_seconds)
{
    cc_runs_split(impl_chest_seconds);
}

Test(impl_chests, refusals)
{
    cc_refusals(impl_chest_seconds, impl_chest_hits);
}

Test(impl_chests, hits_against_the_model)
{
    cc_hits(impl_chest_hits, 0x7E57ull, 120);
}

Test(impl_chests, engine_slots)
{
    cr_expect_eq((void *)grotto_engine_impl.chest_seconds, (void *)impl_chest_seconds);
    cr_expect_eq((void *)grotto_engine_impl.chest_hits, (void *)impl_chest_hits);
}

/* The item of every raw draw, built run by run before main() (tables.c),
 * is the window's item at the draw's scaled value, draw by draw. */
Test(impl_chests, item_of_every_raw_draw_is_its_scaled_window)
{
    for (int r = 1; r <= GT_CHEST_RANKS; r++)
        for (uint32_t raw = 0; raw < IMPL_CHEST_RAW; raw++)
            if (impl_chest_item_of_raw[r][raw] != impl_chest_window[r][impl_scaled(raw, IMPL_CHEST_V)])
                cr_assert_fail("rank %d raw %u: %u, window %u", r, raw, impl_chest_item_of_raw[r][raw],
                               impl_chest_window[r][impl_scaled(raw, IMPL_CHEST_V)]);
}
