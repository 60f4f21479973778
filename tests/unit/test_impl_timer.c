/* impl/timer.c (jump-ahead draws, quality and location tables) against
 * rng-and-timer.md §4-§4.2 and the golden timer vectors, without ref. The
 * whole domain, 65,536 timers x 247 bases, is compared with ref by the
 * oracle's timers domain (test_universe_differential). */
#include <criterion/criterion.h>

#include "impl.h"
#include "spec_timer.h"
#include "corpus.h"

static grotto_timer_value timer_of(uint32_t t, int base)
{
    grotto_timer_value v;
    cr_assert_eq(impl_timer(t, base, &v), 0, "timer %u base %d", t, base);
    return v;
}

Test(impl_timer, spec_table_4)
{
    for (int i = 0; i < SPEC_TIMER_VECTOR_COUNT; i++) {
        const struct spec_timer_vector *w = &SPEC_TIMER_VECTORS[i];
        grotto_timer_value v = timer_of(w->T, 2);
        cr_expect_eq(v.timer, w->T);
        cr_expect_eq(v.r1, w->r1, "T=%u r1", w->T);
        cr_expect_eq(v.seed, w->seed, "T=%u seed", w->T);
        cr_expect_eq(v.r3, w->r3, "T=%u r3", w->T);
    }
}

static void check_line(const json_t *line, void *ctx)
{
    long *n = ctx;
    grotto_timer_value v = timer_of((uint32_t)jint(line, "timer"), 100);
    cr_expect_eq(v.r1, jint(line, "r1"));
    cr_expect_eq(v.seed, jint(line, "seed"));
    cr_expect_eq(v.r3, jint(line, "r3"));
    (*n)++;
}

Test(impl_timer, golden_vectors)
{
    long n = 0;
    cr_assert_eq(corpus_each_line("golden/timers.jsonl", check_line, &n), 1665);
    cr_expect_eq(n, 1665);
}

/* §4.1 examples (T = 36690: r1 22356, T = 51675: r1 30776) and §4.2 (T = 36690,
 * r3 2995: location 35 at quality <= 50, 114 at 51..80, 146 above) */
Test(impl_timer, quality_and_location_examples)
{
    cr_expect_eq(timer_of(36690, 55).quality, 54);
    cr_expect_eq(timer_of(51675, 55).quality, 58);
    cr_expect_eq(timer_of(36690, 50).quality, 49);
    cr_expect_eq(timer_of(51675, 50).quality, 54);
    cr_expect_eq(timer_of(36690, 2).location, 35);
    cr_expect_eq(timer_of(36690, 55).location, 114); /* quality 54 */
    cr_expect_eq(timer_of(36690, 120).location, 146);
}

/* The quality range of every base: base-d..base+d for multiples of 10,
 * base-d..base+d-1 otherwise (base itself twice), clamped to 2..248; bases
 * 2..9 keep their quality. Found over all timers. */
Test(impl_timer, every_base_reaches_exactly_its_range)
{
    for (int base = 2; base <= 248; base++) {
        int d = base / 10, lo = base - d, hi = base % 10 == 0 || d == 0 ? base + d : base + d - 1;
        if (hi > 248)
            hi = 248;
        int seen_lo = 999, seen_hi = 0;
        for (uint32_t t = 0; t < 65536; t += 7) {
            grotto_timer_value v = timer_of(t, base);
            seen_lo = v.quality < seen_lo ? v.quality : seen_lo;
            seen_hi = v.quality > seen_hi ? v.quality : seen_hi;
            cr_assert(v.location >= 1 && v.location <= (v.quality <= 50 ? 47 : v.quality <= 80 ? 131 : 150));
        }
        cr_expect_eq(seen_lo, lo, "base %d lowest quality", base);
        cr_expect_eq(seen_hi, hi, "base %d highest quality", base);
    }
}

Test(impl_timer, bad_input)
{
    grotto_timer_value v;
    cr_expect_eq(impl_timer(65536, 100, &v), -1);
    cr_expect_eq(impl_timer(0, 1, &v), -1);
    cr_expect_eq(impl_timer(0, 249, &v), -1);
}
