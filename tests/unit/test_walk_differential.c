/* Walking cost (research.md §1), ref vs impl vs the golden floor-walk.bin on
 * a sample that runs in a unit test's time: every floor of the seeds = 0
 * (mod 97) and of the softlock seeds 5BC3 and 5BC4, each engine walking its
 * own floor. (The whole universe is the walk domain of
 * test_universe_differential: 524,288 floors, about 6 s of CPU.) The count
 * compared is asserted, so an empty or short sample fails. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "grotto/engine.h"
#include "grotto/walk.h"
#include "oracle.h"

Test(walk_differential, sample_ref_vs_impl_vs_golden)
{
    char path[4096], err[512];
    oracle_against_path("corpus", ORACLE_WALK, path, sizeof path);
    uint16_t *golden = oracle_walk_load(path, 1, err, sizeof err);
    cr_assert_not_null(golden, "%s", err);
    long floors = 0, ab = 0, a_golden = 0, b_golden = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
        if (seed % 97 && seed != 0x5BC3 && seed != 0x5BC4)
            continue;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t fa, fb;
            cr_assert_eq(grotto_engine_ref.floor(seed, k, &fa), 0);
            cr_assert_eq(grotto_engine_impl.floor(seed, k, &fb), 0);
            uint16_t a = grotto_engine_ref.walk(&fa), b = grotto_engine_impl.walk(&fb);
            uint16_t g = golden[grotto_floor_slot(seed, k)];
            if ((a != b || a != g) && ab + a_golden + b_golden < 5)
                cr_log_error("seed 0x%04X B%dF: ref %u, impl %u, golden %u half-steps", seed, k, a, b, g);
            ab += a != b;
            a_golden += a != g;
            b_golden += b != g;
            floors++;
        }
    }
    cr_expect_eq(floors, (338 + 2) * 16, "%ld floors compared", floors);
    cr_expect_eq(ab, 0, "ref vs impl");
    cr_expect_eq(a_golden, 0, "ref vs golden");
    cr_expect_eq(b_golden, 0, "impl vs golden");
    free(golden);
}
