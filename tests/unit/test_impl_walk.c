/* impl/walk.c: the wavefront walking cost (research.md §1) on hand-made
 * floors with costs worked out by hand (corner cutting, no path,
 * diagonals, the floor's bounds and the lanes' edges, stairs on walls, a
 * 268-half-step serpentine that turns the four-slot ring 67 times), on
 * random floors against a brute-force relaxation, and on real floors and
 * map sums against the golden corpus/golden/floor-walk.bin (the checks:
 * helpers/walk_checks.h). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "grotto/engine.h"
#include "grotto/walk.h"
#include "cpu_features.h"
#include "impl.h"
#include "walk_checks.h"

static int impl_floor(uint32_t seed, int k, grotto_floor_t *out)
{
    return impl_floor_generate(seed, k, out, NULL);
}

Test(impl_walk, hand_made_floors)
{
    walk_check_cases(impl_walk);
    cr_expect_eq(grotto_engine_impl.walk, impl_walk, "the engine's walk is the wavefront");
}

Test(impl_walk, sizes_and_stairs_outside)
{
    walk_check_sizes(impl_walk);
}

Test(impl_walk, random_floors_against_brute_force)
{
    walk_check_random(impl_walk, 0x9E3779B9u);
}

Test(impl_walk, golden_sample)
{
    walk_check_golden_sample(impl_walk, impl_floor);
}

/* Every path of the wavefront (impl_walk_on), each through every check
 * above: the base one always, the AVX2 one where the CPU has AVX2, the
 * AVX-512 one where it has AVX-512 - and the best of them must be the path
 * impl_walk takes; a path the CPU lacks answers -1 and writes nothing. */
static uint16_t walk_on(int path, const grotto_floor_t *f)
{
    uint16_t cost = 0xABCD;
    cr_assert_eq(impl_walk_on(path, f, &cost), 0, "path %d refused a floor", path);
    return cost;
}

static uint16_t walk_base(const grotto_floor_t *f)
{
    return walk_on(IMPL_WALK_BASE, f);
}

static uint16_t walk_avx2(const grotto_floor_t *f)
{
    return walk_on(IMPL_WALK_AVX2, f);
}

static uint16_t walk_avx512(const grotto_floor_t *f)
{
    return walk_on(IMPL_WALK_AVX512, f);
}

Test(impl_walk, every_path)
{
    walk_fn paths[3] = {walk_base, walk_avx2, walk_avx512};
    int runs[3] = {1, cpu_has_avx2(), cpu_has_avx512()};
    int best = runs[2] ? IMPL_WALK_AVX512 : runs[1] ? IMPL_WALK_AVX2 : IMPL_WALK_BASE;
    cr_assert_eq(impl_walk_path(), best, "the walk takes path %d, the best this CPU runs is %d", impl_walk_path(),
                 best);
    grotto_floor_t f;
    cr_assert_eq(impl_floor(0, 1, &f), 0);
    for (int p = 0; p < 3; p++) {
        if (!runs[p]) {
            uint16_t untouched = 7;
            cr_assert_eq(impl_walk_on(p, &f, &untouched), -1, "path %d answered on a CPU without it", p);
            cr_assert_eq(untouched, 7);
            continue;
        }
        walk_check_cases(paths[p]);
        walk_check_sizes(paths[p]);
        walk_check_random(paths[p], 0x85EBCA6Bu + (uint32_t)p);
        walk_check_golden_sample(paths[p], impl_floor);
    }
    uint16_t untouched = 7;
    cr_assert_eq(impl_walk_on(99, &f, &untouched), -1);
    cr_assert_eq(impl_walk_on(-1, &f, &untouched), -1);
    cr_assert_eq(untouched, 7);
}

/* a seed's floors summed as a map's cost, through the shared sum */
Test(impl_walk, map_sums)
{
    uint16_t *want = walk_golden();
    static const uint32_t seeds[] = {0, 0x0032, 0x5BC3, 0x7FFF};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        uint16_t cost[GROTTO_MAX_FLOORS];
        unsigned sum = 0;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            cr_assert_eq(impl_floor(seeds[i], k, &f), 0);
            cost[k - 1] = impl_walk(&f);
            sum += want[seeds[i] * 16 + (uint32_t)k - 1];
            cr_expect_eq(grotto_walk_sum(cost, k), sum, "seed 0x%04X up to B%dF", seeds[i], k);
        }
    }
    free(want);
}
