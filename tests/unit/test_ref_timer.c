/* ref/timer.c against rng-and-timer.md §4-§5, map-details.md §2 and the
 * golden corpus (corpus/golden/timers.jsonl, never-seeds.json). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/tables.h"
#include "grotto/timer.h"
#include "spec_timer.h"
#include "corpus.h"

/* ---- §4: timer -> (r1, seed, r3) ------------------------------------- */

static void check_timer_line(const json_t *line, void *ctx)
{
    long *checked = ctx;
    long t = jint(line, "timer");
    grotto_timer_draws d;
    grotto_timer((uint32_t)t, &d);
    cr_expect_eq(d.timer, t, "timer %ld: timer field", t);
    cr_expect_eq(d.r1, jint(line, "r1"), "timer %ld: r1", t);
    cr_expect_eq(d.seed, jint(line, "seed"), "timer %ld: seed", t);
    cr_expect_eq(d.r3, jint(line, "r3"), "timer %ld: r3", t);
    (*checked)++;
}

Test(timer, golden_timers_jsonl)
{
    long checked = 0;
    long lines = corpus_each_line("golden/timers.jsonl", check_timer_line, &checked);
    cr_assert_gt(lines, 0, "corpus/golden/timers.jsonl unreadable or empty");
    cr_expect_eq(checked, lines);
    fprintf(stderr, "timer.golden_timers_jsonl: checked %ld timer vectors\n", checked);
}

Test(timer, spec_table_4)
{
    for (int i = 0; i < SPEC_TIMER_VECTOR_COUNT; i++) {
        const struct spec_timer_vector *v = &SPEC_TIMER_VECTORS[i];
        grotto_timer_draws d;
        grotto_timer(v->T, &d);
        cr_expect_eq(d.r1, v->r1, "T=%u r1", v->T);
        cr_expect_eq(d.seed, v->seed, "T=%u seed", v->T);
        cr_expect_eq(d.r3, v->r3, "T=%u r3", v->T);
    }
}

/* ---- §4.1: final quality ------------------------------------------- */

Test(timer, final_quality_examples_4_1)
{
    cr_expect_eq(grotto_final_quality(55, 22356), 54);
    cr_expect_eq(grotto_final_quality(55, 30776), 58);
    cr_expect_eq(grotto_final_quality(50, 22356), 49);
    cr_expect_eq(grotto_final_quality(50, 30776), 54);
}

Test(timer, final_quality_ranges_and_clamp_4_1)
{
    /* bases 2..9: d = 0, quality == base for every r1 */
    for (int base = 2; base <= 9; base++)
        for (uint32_t r1 = 0; r1 < 32768; r1 += 97)
            if (grotto_final_quality(base, r1) != base)
                cr_expect_fail("base %d r1 %u", base, r1);
    /* base 248: d = 24, m = 49; k = 48 gives 248 + 23 -> clamp 248,
     * k = 0 gives 248 - 24 = 224 */
    cr_expect_eq(grotto_final_quality(248, 48), 248);
    cr_expect_eq(grotto_final_quality(248, 49), 224);
    /* base 240 (multiple of 10): k = 48 -> +24 = 264 -> 248 */
    cr_expect_eq(grotto_final_quality(240, 48), 248);
    cr_expect_eq(grotto_final_quality(240, 0), 216);
    /* base 55: base is hit by k = d and k = d + 1 (two values) */
    cr_expect_eq(grotto_final_quality(55, 5), 55);
    cr_expect_eq(grotto_final_quality(55, 6), 55);
    cr_expect_eq(grotto_final_quality(55, 10), 59);
    cr_expect_eq(grotto_final_quality(60, 12), 66);
}

/* §4.1: the tool literally computes base + trunc((r1 mod m) - base/10.0),
 * then clamps; an independent formula, checked for every (base, r1). */
Test(timer, final_quality_matches_tool_formula_exhaustively)
{
    long checked = 0;
    for (int base = 2; base <= 248; base++) {
        int m = 2 * (base / 10) + 1;
        for (uint32_t r1 = 0; r1 < 32768; r1++) {
            double x = (double)(r1 % (uint32_t)m) - base / 10.0;
            int q = base + (int)x; /* (int) truncates toward zero */
            q = q < 2 ? 2 : q > 248 ? 248 : q;
            int got = grotto_final_quality(base, r1);
            if (got != q)
                cr_assert_eq(got, q, "base %d r1 %u", base, r1);
            checked++;
        }
    }
    cr_expect_eq(checked, 247L * 32768);
    fprintf(stderr, "timer.final_quality_matches_tool_formula_exhaustively: checked %ld pairs\n", checked);
}

/* ---- §4.2: entrance location -------------------------------------- */

Test(timer, location_example_4_2)
{
    cr_expect_eq(grotto_location(2, 2995), 35);
    cr_expect_eq(grotto_location(50, 2995), 35);
    cr_expect_eq(grotto_location(51, 2995), 114);
    cr_expect_eq(grotto_location(80, 2995), 114);
    cr_expect_eq(grotto_location(81, 2995), 146);
    cr_expect_eq(grotto_location(248, 2995), 146);
    /* r3 mod n + 1 spans 1..n */
    cr_expect_eq(grotto_location(30, 0), 1);
    cr_expect_eq(grotto_location(30, 46), 47);
    cr_expect_eq(grotto_location(30, 47), 1);
    cr_expect_eq(grotto_location(60, 130), 131);
    cr_expect_eq(grotto_location(200, 149), 150);
}

Test(timer, bad_inputs)
{
    cr_expect_eq(grotto_final_quality(1, 0), -1);
    cr_expect_eq(grotto_final_quality(249, 0), -1);
    cr_expect_eq(grotto_final_quality(0, 123), -1);
    cr_expect_eq(grotto_final_quality(-5, 123), -1);
    cr_expect_eq(grotto_location(1, 2995), -1);
    cr_expect_eq(grotto_location(249, 2995), -1);
    cr_expect_eq(grotto_location(-1, 2995), -1);
}

/* ---- §4.3 / §4.5: locations compatible with a map ------------------ */

typedef struct loc_run {
    uint32_t timer;
    int location, base_lo, base_hi;
} loc_run;

/* §4.5 pseudocode through the API; consecutive bases with the same
 * (timer, location) are merged into one run. Returns the run count. */
static int list_locations(int qmin, int qmax, uint16_t seed, loc_run *runs, int cap)
{
    int n = 0;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        if (d.seed != seed)
            continue;
        for (int base = 2; base <= 248; base++) {
            int q = grotto_final_quality(base, d.r1);
            if (q < qmin || q > qmax)
                continue;
            int loc = grotto_location(q, d.r3);
            if (n > 0 && runs[n - 1].timer == t && runs[n - 1].location == loc &&
                runs[n - 1].base_hi == base - 1) {
                runs[n - 1].base_hi = base;
                continue;
            }
            cr_assert_lt(n, cap);
            runs[n++] = (loc_run){t, loc, base, base};
        }
    }
    return n;
}

static void expect_runs(const loc_run *got, int n, const loc_run *want, int m, const char *what)
{
    cr_expect_eq(n, m, "%s: %d runs, want %d", what, n, m);
    for (int i = 0; i < n && i < m; i++) {
        cr_expect_eq(got[i].timer, want[i].timer, "%s run %d timer", what, i);
        cr_expect_eq(got[i].location, want[i].location, "%s run %d location", what, i);
        cr_expect_eq(got[i].base_lo, want[i].base_lo, "%s run %d base_lo", what, i);
        cr_expect_eq(got[i].base_hi, want[i].base_hi, "%s run %d base_hi", what, i);
    }
}

Test(timer, locations_example_4_5)
{
    loc_run runs[64];
    int n = list_locations(2, 55, 0x0032, runs, 64);
    const loc_run want32[] = {{36690, 35, 2, 51}, {36690, 114, 52, 56},
                              {51675, 27, 2, 49}, {51675, 3, 50, 52}};
    expect_runs(runs, n, want32, 4, "seed 0x0032 rank 0x02");

    n = list_locations(56, 60, 0x1234, runs, 64);
    const loc_run want1234[] = {{46193, 19, 59, 59}, {61178, 21, 53, 57}};
    expect_runs(runs, n, want1234, 2, "seed 0x1234 rank 0x38");
}

/* §4.3: seed 0x0032 arises from exactly timers 36690 and 51675, and no
 * timer-derived quality places it at the quest-15 location. */
Test(timer, quest15_map_never_from_timer_4_3)
{
    uint32_t found[4];
    int n = 0;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        if (d.seed != GT_QUEST15_SEED)
            continue;
        cr_assert_lt(n, 4);
        found[n++] = t;
        for (int base = 2; base <= 248; base++) {
            int q = grotto_final_quality(base, d.r1);
            if (grotto_location(q, d.r3) == GT_QUEST15_LOCATION)
                cr_expect_fail("T=%u base %d gives the quest-15 location", t, base);
        }
    }
    cr_expect_eq(n, 2);
    cr_expect_eq(found[0], 36690u);
    cr_expect_eq(found[1], 51675u);
    cr_expect_eq(grotto_band_of_quality(GT_QUEST15_QUALITY), 0);
}

/* ---- §5: seeds that never arise ------------------------------------ */

Test(timer, seed_counts_distribution_5)
{
    static uint8_t counts[32768];
    memset(counts, 0xEE, sizeof counts);
    grotto_seed_timer_counts(counts);
    long hist[4] = {0, 0, 0, 0};
    long total = 0;
    for (int s = 0; s < 32768; s++) {
        if (counts[s] > 3)
            cr_assert_fail("seed %d count %d", s, counts[s]);
        hist[counts[s]]++;
        total += counts[s];
    }
    cr_expect_eq(hist[0], 302);
    cr_expect_eq(hist[1], 4901);
    cr_expect_eq(hist[2], 22060);
    cr_expect_eq(hist[3], 5505);
    cr_expect_eq(total, 65536);
    cr_expect_eq(counts[0x0032], 2, "quest-15 seed arises from two timers");
}

Test(timer, never_seeds_match_golden_5)
{
    static uint16_t seeds[32768];
    int n = grotto_never_seeds(seeds);
    cr_expect_eq(n, GROTTO_NEVER_SEEDS);
    cr_expect_eq(grotto_never_seeds(NULL), n);

    size_t len;
    char *text = (char *)corpus_read("golden/never-seeds.json", &len);
    cr_assert_not_null(text);
    json_t *v = jparse(text);
    free(text);
    cr_assert_not_null(v);
    cr_assert(json_is_array(v));
    cr_expect_eq((long)json_array_size(v), 302L);
    cr_expect_eq((long)json_array_size(v), (long)n);
    for (size_t i = 0; i < json_array_size(v) && (int)i < n; i++)
        cr_expect_eq(seeds[i], (long)jlong(json_array_get(v, i)), "never seed #%zu", i);
    /* first and last of the spec's hex list */
    cr_expect_eq(seeds[0], 0x0007);
    cr_expect_eq(seeds[1], 0x0065);
    cr_expect_eq(seeds[n - 1], 0x7F9E);
    fprintf(stderr, "timer.never_seeds_match_golden_5: checked %zu never-seeds\n", json_array_size(v));
    json_decref(v);
}

/* ---- map-details.md §2: bands ------------------------------------- */

static const int band_lo[12] = {2, 56, 61, 76, 81, 101, 121, 141, 161, 181, 201, 221};
static const int band_hi[12] = {55, 60, 75, 80, 100, 120, 140, 160, 180, 200, 220, 248};

Test(timer, bands_table_2)
{
    for (int b = 0; b < 12; b++) {
        cr_expect_eq(grotto_band_code(b), band_lo[b], "band %d code", b);
        cr_expect_eq(grotto_band_of_code(band_lo[b]), b, "code %d", band_lo[b]);
        for (int q = band_lo[b]; q <= band_hi[b]; q++)
            cr_expect_eq(grotto_band_of_quality(q), b, "quality %d", q);
    }
    cr_expect_eq(grotto_band_code(-1), -1);
    cr_expect_eq(grotto_band_code(12), -1);
    cr_expect_eq(grotto_band_of_quality(1), -1);
    cr_expect_eq(grotto_band_of_quality(249), -1);
    cr_expect_eq(grotto_band_of_quality(0), -1);
    /* only exact codes name a band */
    int codes = 0;
    for (int c = -2; c <= 260; c++)
        if (grotto_band_of_code(c) >= 0)
            codes++;
    cr_expect_eq(codes, 12);
    cr_expect_eq(grotto_band_of_code(55), -1);
    cr_expect_eq(grotto_band_of_code(57), -1);
    cr_expect_eq(grotto_band_of_code(0x38), 1);
    cr_expect_eq(grotto_band_of_code(0xDD), 11);
}
