/* universe/bench.c: the min/median summary of repeated runs and the limit
 * calibration that grotto bench prints. */
#include <criterion/criterion.h>

#include "universe.h"

Test(bench, min_and_median)
{
    double odd[5] = {0.9, 0.3, 0.5, 7.0, 0.4};
    universe_bench_stat s = universe_bench_stat_of(odd, 5);
    cr_assert_float_eq(s.min, 0.3, 1e-12);
    cr_assert_float_eq(s.median, 0.5, 1e-12);
    double even[4] = {4.0, 1.0, 3.0, 2.0};
    s = universe_bench_stat_of(even, 4);
    cr_assert_float_eq(s.min, 1.0, 1e-12);
    cr_assert_float_eq(s.median, 2.5, 1e-12);
    double one[1] = {0.25};
    s = universe_bench_stat_of(one, 1);
    cr_assert(s.min == 0.25 && s.median == 0.25);
}

Test(bench, limit_calibration)
{
    universe_bench_limit l;
    universe_bench_limit_measure(&l);
    /* a draw is a dependent multiply-add (a few cycles), a hashed byte a
     * multiply in one of eight chains: both well inside (0.05 ns, 50 ns) */
    cr_assert(l.ns_per_draw > 0.05 && l.ns_per_draw < 50, "ns per draw %g", l.ns_per_draw);
    cr_assert(l.ns_per_byte > 0.05 && l.ns_per_byte < 50, "ns per byte %g", l.ns_per_byte);
    cr_assert_float_eq(universe_bench_limit_seconds(&l, 1000000000ull, 0), l.ns_per_draw, 1e-9);
    cr_assert_float_eq(universe_bench_limit_seconds(&l, 0, 2000000000ull), 2 * l.ns_per_byte, 1e-9);
}
