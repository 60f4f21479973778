/* impl/walk.c: the wavefront walking cost (research.md §1) on hand-made
 * floors with costs worked out by hand (corner cutting, no path,
 * diagonals, the floor's bounds and the lanes' edges, stairs on walls, a
 * 268-half-step serpentine that turns the four-slot ring 67 times), on
 * random floors against a brute-force relaxation, and on real floors and
 * map sums against the golden corpus/golden/floor-walk.bin. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "grotto/engine.h"
#include "grotto/walk.h"
#include "impl.h"
#include "testjson.h"
#include "walk_cases.h"

Test(impl_walk, hand_made_floors)
{
    for (int i = 0; i < WALK_CASE_COUNT; i++) {
        grotto_floor_t f;
        walk_case_floor(&WALK_CASES[i], &f);
        cr_expect_eq(impl_walk(&f), WALK_CASES[i].half_steps, "%s: %u half-steps, expected %u",
                     WALK_CASES[i].name, impl_walk(&f), WALK_CASES[i].half_steps);
    }
    cr_expect_eq(grotto_engine_impl.walk, impl_walk, "the engine's walk is the wavefront");
}

Test(impl_walk, sizes_and_stairs_outside)
{
    grotto_floor_t f;
    walk_case_floor(&WALK_CASES[0], &f); /* 10 wide, 10 half-steps */
    f.width = 0;
    cr_expect_eq(impl_walk(&f), GROTTO_WALK_NONE, "width 0");
    f.width = 17;
    cr_expect_eq(impl_walk(&f), GROTTO_WALK_NONE, "width 17");
    f.width = 10;
    f.height = 17;
    cr_expect_eq(impl_walk(&f), GROTTO_WALK_NONE, "height 17");
    f.height = 1; /* row 1 is beyond a height of 1 */
    cr_expect_eq(impl_walk(&f), GROTTO_WALK_NONE, "stairs below the floor");
    f.height = 2;
    cr_expect_eq(impl_walk(&f), 10);
    f.width = 6; /* the down stairs at x = 6 */
    cr_expect_eq(impl_walk(&f), GROTTO_WALK_NONE, "down stairs beyond the width");
    f.width = 7;
    cr_expect_eq(impl_walk(&f), 10);
    f.down = f.up;
    f.width = 0; /* the size is checked before "same tile" */
    cr_expect_eq(impl_walk(&f), GROTTO_WALK_NONE);
}

Test(impl_walk, random_floors_against_brute_force)
{
    uint32_t s = 0x9E3779B9u;
    int none = 0, paths = 0;
    for (int i = 0; i < 10000; i++) {
        grotto_floor_t f;
        walk_random_floor(&s, &f);
        uint16_t want = walk_brute(&f), got = impl_walk(&f);
        if (got != want)
            cr_expect_fail("random floor %d (%ux%u, up (%u,%u), down (%u,%u)): %u, brute force %u", i, f.width,
                           f.height, f.up.x, f.up.y, f.down.x, f.down.y, got, want);
        none += want == GROTTO_WALK_NONE;
        paths += want != GROTTO_WALK_NONE && want > 8;
    }
    /* the sample holds both kinds, and paths of some length */
    cr_expect_gt(none, 2000, "%d floors without a path", none);
    cr_expect_gt(paths, 2000, "%d floors with a path over 4 steps", paths);
}

static uint16_t *golden_walk(void)
{
    size_t len = 0;
    uint8_t *raw = corpus_read("golden/floor-walk.bin", &len);
    cr_assert_not_null(raw);
    cr_assert_eq(len, 2u * GROTTO_FLOOR_UNIVERSE, "floor-walk.bin: %zu bytes", len);
    uint16_t *w = malloc(GROTTO_FLOOR_UNIVERSE * sizeof *w);
    cr_assert_not_null(w);
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++)
        w[i] = (uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    free(raw);
    return w;
}

/* every floor of the seeds = 0 (mod 97), and the two softlock floors */
Test(impl_walk, golden_sample)
{
    uint16_t *want = golden_walk();
    long checked = 0, bad = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
        if (seed % 97 && seed != 0x5BC3 && seed != 0x5BC4)
            continue;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            cr_assert_eq(impl_floor_generate(seed, k, &f, NULL), 0);
            uint16_t got = impl_walk(&f), w = want[seed * 16 + (uint32_t)k - 1];
            if (got != w && bad++ < 5)
                cr_log_error("seed 0x%04X B%dF: %u half-steps, golden %u", seed, k, got, w);
            checked++;
        }
    }
    cr_expect_eq(checked, (338 + 2) * 16, "%ld floors compared", checked);
    cr_expect_eq(bad, 0);
    free(want);
}

/* a seed's floors summed as a map's cost, through the shared sum */
Test(impl_walk, map_sums)
{
    uint16_t *want = golden_walk();
    static const uint32_t seeds[] = {0, 0x0032, 0x5BC3, 0x7FFF};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        uint16_t cost[GROTTO_MAX_FLOORS];
        unsigned sum = 0;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            cr_assert_eq(impl_floor_generate(seeds[i], k, &f, NULL), 0);
            cost[k - 1] = impl_walk(&f);
            sum += want[seeds[i] * 16 + (uint32_t)k - 1];
            cr_expect_eq(grotto_walk_sum(cost, k), sum, "seed 0x%04X up to B%dF", seeds[i], k);
        }
    }
    free(want);
}
