/* research.md §4 for the reference: the spec's DD5BC3 values, R2 / +3 / N2
 * and deftness as the community tool computes them (values from its code
 * run under node, DQIX/Grotto-Searcher 5f39e56), the R2 / +3 / N2
 * definitions checked on every seed, the POP of a zoom, the whistle test
 * through the spawn windows, and the drop-pattern scan against the tool's
 * vectors and against the test-side model of its history register. */
#include <criterion/criterion.h>
#include <string.h>

#include "at_model.h"
#include "grotto/at.h"
#include "grotto/rng.h"
#include "grotto/tables.h"

Test(ref_at, dd5bc3_shown_values)
{
    grotto_at_t a;
    cr_assert_eq(grotto_at(0x5BC3, &a), 0);
    cr_expect_eq(a.shown[0], 4491);
    cr_expect_eq(a.shown[1], 32143);
    cr_expect_eq(a.shown[2], 10468);
    cr_expect_eq(a.r2, -1);
    cr_expect_eq(a.plus3, -1);
    cr_expect_eq(a.n2, -1);
}

Test(ref_at, marks_as_the_tool_gives_them)
{
    static const struct {
        uint32_t seed;
        int r2, plus3, n2;
    } want[] = {{4, 43, -1, -1}, {5158, 129, -1, 126}, {2886, -1, 254, 316}, {20998, 11, 12, -1}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        grotto_at_t a;
        cr_assert_eq(grotto_at(want[i].seed, &a), 0);
        cr_expect_eq(a.r2, want[i].r2, "seed %u R2 %d", want[i].seed, a.r2);
        cr_expect_eq(a.plus3, want[i].plus3, "seed %u +3 %d", want[i].seed, a.plus3);
        cr_expect_eq(a.n2, want[i].n2, "seed %u N2 %d", want[i].seed, a.n2);
    }
}

/* Every seed: each mark is the FIRST position with its property, within
 * 1..400, and -1 only when there is none; the shown values are steps 35..37.
 * The tool finds R2 within 400 steps for 213 seeds, +3 for 181, N2 for 794. */
Test(ref_at, marks_definitions_every_seed)
{
    static uint16_t v[405];
    int found[3] = {0, 0, 0};
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
        grotto_at_t a;
        cr_assert_eq(grotto_at(seed, &a), 0);
        cr_assert_eq(grotto_at_values(seed, 1, 404, v + 1), 0);
        for (int k = 0; k < 3; k++)
            cr_assert_eq(a.shown[k], v[35 + k]);
        int r2 = -1, p3 = -1, n2 = -1;
        for (int p = 1; p <= 400; p++) { /* position p: values at steps p..p+3 */
            if (r2 < 0 && v[p] < 128 && v[p + 1] < 128)
                r2 = p;
            if (p3 < 0 && v[p] < 128 && v[p + 3] < 128)
                p3 = p;
            if (n2 < 0 && v[p] >= 128 && v[p + 1] < 256 && v[p + 2] >= 128 && v[p + 3] < 256)
                n2 = p;
        }
        cr_assert_eq(a.r2, r2, "seed %u", seed);
        cr_assert_eq(a.plus3, p3, "seed %u", seed);
        cr_assert_eq(a.n2, n2, "seed %u", seed);
        found[0] += r2 > 0;
        found[1] += p3 > 0;
        found[2] += n2 > 0;
    }
    cr_expect_eq(found[0], 213);
    cr_expect_eq(found[1], 181);
    cr_expect_eq(found[2], 794);
}

Test(ref_at, values_follow_the_generator)
{
    uint16_t v[8];
    cr_assert_eq(grotto_at_values(0x1234, 30, 8, v), 0);
    for (int i = 0; i < 8; i++)
        cr_expect_eq(v[i], grotto_draw_k(0x1234, 30 + (uint32_t)i));
    cr_assert_eq(grotto_at_values(0x7FFF, GROTTO_AT_MAX_STEPS, 1, v), 0);
    cr_expect_eq(v[0], model_at_value(0x7FFF, GROTTO_AT_MAX_STEPS));
    cr_expect_eq(grotto_at_values(0x8000, 1, 1, v), -1);
    cr_expect_eq(grotto_at_values(0, 0, 1, v), -1);
    cr_expect_eq(grotto_at_values(0, GROTTO_AT_MAX_STEPS, 2, v), -1);
    cr_expect_eq(grotto_at(0x8000, &(grotto_at_t){0}), -1);
}

Test(ref_at, deftness_boundaries)
{
    /* (value, the tool's calcDeftness) */
    static const int want[][2] = {{0, 0},      {655, 0},    {656, 20},    {1000, 40},
                                  {16711, 980}, {16712, 1000}, {20000, 1000}, {32767, 1000}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_expect_eq(grotto_at_deftness((uint32_t)want[i][0]), want[i][1], "value %d", want[i][0]);
    /* the formula on every value: a multiple of 20 in 0..980, or 1000 */
    int last = 0;
    for (uint32_t v = 0; v <= 0x7FFF; v++) {
        int d = grotto_at_deftness(v);
        cr_assert(d == 1000 || (d % 20 == 0 && d >= 0 && d <= 980), "value %u: %d", v, d);
        cr_assert_geq(d, last, "deftness never falls as the value grows");
        last = d;
    }
    cr_expect_eq(grotto_at_deftness(0x8000), -1);
}

Test(ref_at, pop_of_a_zoom)
{
    for (int zoom = 0; zoom <= 5; zoom++) {
        grotto_at_pop p;
        cr_assert_eq(grotto_at_pop_of(0x5BC3, zoom, &p), 0);
        uint32_t n = 35 + 29 * (uint32_t)zoom;
        cr_expect_eq(p.index, n);
        cr_expect_eq(p.value, model_at_value(0x5BC3, n));
        cr_expect_eq(p.next, model_at_value(0x5BC3, n + 1));
        cr_expect_eq(p.deftness, grotto_at_deftness(p.next));
    }
    grotto_at_pop p;
    cr_assert_eq(grotto_at_pop_of(0x5BC3, 0, &p), 0);
    cr_expect_eq(p.value, 4491); /* POP 35 is the first shown value */
    cr_expect_eq(p.deftness, 1000);
    cr_expect_eq(grotto_at_pop_of(0x5BC3, -1, &p), -1);
    cr_expect_eq(grotto_at_pop_of(0x5BC3, GROTTO_AT_ZOOM_MAX + 1, &p), -1);
    cr_expect_eq(grotto_at_pop_of(0x8000, 0, &p), -1);
}

/* Every list's windows: chest monsters have none, the wandering members'
 * windows are disjoint and cover 0..32767 (so the spawn draw always names
 * exactly one monster). */
Test(ref_at, spawn_windows_partition_the_draw)
{
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *t = &gt_floor_tables[env][mr];
            static uint8_t owner[32768];
            memset(owner, 0, sizeof owner);
            for (int j = 0; j < t->F; j++) {
                uint16_t lo, hi;
                int rc = grotto_at_window(env, mr, t->spawn[j].monster, &lo, &hi);
                if (t->spawn[j].lo < 0) {
                    cr_expect_eq(rc, -1, "a trapped chest has no window");
                    continue;
                }
                cr_assert_eq(rc, 0);
                for (uint32_t v = lo; v <= hi; v++) {
                    cr_assert_eq(owner[v], 0, "env %d rank %d: windows overlap at %u", env, mr, v);
                    owner[v] = 1;
                    if (v == lo || v == hi)
                        cr_expect_eq(grotto_at_spawn_monster(env, mr, v), t->spawn[j].monster);
                }
            }
            for (uint32_t v = 0; v < 32768; v++)
                cr_assert_eq(owner[v], 1, "env %d rank %d: %u in no window", env, mr, v);
        }
    uint16_t lo, hi;
    cr_expect_eq(grotto_at_window(0, 1, 0, &lo, &hi), -1);
    cr_expect_eq(grotto_at_window(1, 13, 0, &lo, &hi), -1);
    cr_expect_eq(grotto_at_spawn_monster(6, 1, 0), -1);
}

static int metal_king_slime(void)
{
    for (int i = 0; i < GT_MONSTER_COUNT; i++)
        if (!strcmp(gt_monsters[i].en, "Metal King Slime"))
            return i;
    return -1;
}

/* The spec's published run: Metal King Slime, Fire rank 9, zoom 0 (and
 * with deftness <= 100): the seeds whose step 35 lies in its window. */
Test(ref_at, whistle_metal_king_slime_fire_9)
{
    int mks = metal_king_slime();
    cr_assert_geq(mks, 0);
    uint16_t lo, hi;
    cr_assert_eq(grotto_at_window(5, 9, mks, &lo, &hi), 0);
    cr_expect_eq(lo, 30428);
    cr_expect_eq(hi, 32767);
    int matches = 0, deft = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
        grotto_whistle w = {5, 9, mks, 0, -1};
        uint32_t v35 = model_at_value(seed, 35), v36 = model_at_value(seed, 36);
        int in = v35 >= lo && v35 <= hi;
        cr_assert_eq(grotto_whistle_match(seed, &w), in, "seed %u", seed);
        w.deft_max = 100;
        int with = in && grotto_at_deftness(v36) <= 100;
        cr_assert_eq(grotto_whistle_match(seed, &w), with, "seed %u", seed);
        matches += in;
        deft += with;
    }
    cr_expect_gt(matches, 0);
    cr_expect_gt(deft, 0);
    cr_expect_lt(deft, matches);
    /* zoom 2: POP 93 */
    grotto_whistle w = {5, 9, mks, 2, -1};
    for (uint32_t seed = 0; seed < 2000; seed++) {
        uint32_t v = model_at_value(seed, 93);
        cr_assert_eq(grotto_whistle_match(seed, &w), v >= lo && v <= hi);
    }
}

Test(ref_at, whistle_bad_input)
{
    int mks = metal_king_slime();
    int chest = gt_floor_tables[5][9].spawn[0].monster; /* a trapped chest: no window */
    cr_expect_eq(grotto_whistle_match(0, &(grotto_whistle){5, 9, chest, 0, -1}), -1);
    cr_expect_eq(grotto_whistle_match(0, &(grotto_whistle){1, 1, mks, 0, -1}), -1, "not in that list");
    cr_expect_eq(grotto_whistle_match(0, &(grotto_whistle){5, 9, mks, -1, -1}), -1);
    cr_expect_eq(grotto_whistle_match(0, &(grotto_whistle){5, 9, mks, 0, -2}), -1);
    cr_expect_eq(grotto_whistle_match(0x8000, &(grotto_whistle){5, 9, mks, 0, -1}), -1);
}

Test(ref_at, pattern_names)
{
    cr_expect_eq(grotto_at_pattern_by_name("R2"), 1);
    cr_expect_eq(grotto_at_pattern_by_name("n2"), 2);
    cr_expect_eq(grotto_at_pattern_by_name("4_in_6"), 7);
    cr_expect_eq(grotto_at_pattern_by_name("3_IN_10"), 13);
    cr_expect_eq(grotto_at_pattern_by_name("R"), -1);
    cr_expect_eq(grotto_at_pattern_by_name("R22"), -1);
    cr_expect_eq(grotto_at_pattern_by_name(""), -1);
}

Test(ref_at, scans_reproduce_the_tool)
{
    for (size_t i = 0; i < sizeof AT_TOOL_VECTORS / sizeof AT_TOOL_VECTORS[0]; i++) {
        const at_tool_vector *t = &AT_TOOL_VECTORS[i];
        grotto_at_scan_query q = {grotto_at_pattern_by_name(t->pattern), t->threshold, t->max_steps, t->pop};
        uint32_t start[8] = {0};
        long n = grotto_at_scan(t->seed, &q, start, 8);
        cr_expect_eq(n, t->count, "%s: %ld matches", t->why, n);
        for (long k = 0; k < t->count && k < 8; k++)
            cr_expect_eq(start[k], t->start[k], "%s: match %ld starts at %u", t->why, k, start[k]);
    }
}

/* Every pattern at every offered threshold, around the lower bound's edge
 * (50 / 51 steps) and at other lengths and POPs, on a sample of seeds. */
Test(ref_at, scans_equal_the_model)
{
    static const uint32_t steps[][2] = {{38, 35}, {50, 35}, {51, 35}, {400, 35}, {400, 64}, {1500, 122}};
    for (uint32_t seed = 7; seed <= GROTTO_SEED_MAX; seed += 641)
        for (int p = 1; p <= GT_AT_PATTERN_COUNT; p++)
            for (int t = 0; t < GT_AT_THRESHOLD_COUNT; t++)
                for (size_t c = 0; c < sizeof steps / sizeof steps[0]; c++) {
                    grotto_at_scan_query q = {p, gt_at_threshold[t].threshold, steps[c][0], steps[c][1]};
                    uint32_t a[32] = {0}, b[32] = {0};
                    long n = grotto_at_scan(seed, &q, a, 32);
                    long m = model_at_scan(seed, p, q.threshold, q.max_steps, q.pop, b, 32);
                    cr_assert_eq(n, m, "seed %u %s <= %u steps %u POP %u", seed, gt_at_pattern[p].name, q.threshold,
                                 q.max_steps, q.pop);
                    cr_assert_eq(memcmp(a, b, sizeof a), 0);
                }
}

/* A value equal to the threshold is a hit: thresholds set to the values
 * the scan meets, so that equality decides matches. */
Test(ref_at, scans_threshold_equal_to_a_value)
{
    int decided = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed += 97)
        for (uint32_t step = 38; step < 48; step++) {
            uint32_t t = model_at_value(seed, step);
            for (int p = 1; p <= GT_AT_PATTERN_COUNT; p++) {
                grotto_at_scan_query q = {p, t, 60, 35};
                uint32_t a[16] = {0}, b[16] = {0};
                long n = grotto_at_scan(seed, &q, a, 16);
                cr_assert_eq(n, model_at_scan(seed, p, t, 60, 35, b, 16), "seed %u threshold %u", seed, t);
                cr_assert_eq(memcmp(a, b, sizeof a), 0);
                decided += n != (t ? model_at_scan(seed, p, t - 1, 60, 35, b, 16) : 0);
            }
        }
    cr_expect_gt(decided, 100, "equality decided some scans");
}

Test(ref_at, scan_cap_and_bad_input)
{
    /* a threshold that makes every value a hit: R2 matches every two steps */
    grotto_at_scan_query q = {1, 0x7FFF, 400, 35};
    uint32_t start[4] = {0};
    long n = grotto_at_scan(1, &q, start, 4);
    cr_expect_eq(n, (400 - 38 + 1) / 2, "R2 on all hits: one match per two recorded steps");
    cr_expect_eq(start[0], 38);
    cr_expect_eq(start[3], 44);
    cr_expect_eq(grotto_at_scan(1, &q, NULL, 0), n, "counting only");
    cr_expect_eq(grotto_at_scan(1, &q, NULL, 1), -1);
    grotto_at_scan_query bad[] = {{0, 128, 400, 35},     {14, 128, 400, 35}, {1, 0x8000, 400, 35},
                                  {1, 128, 0, 35},       {1, 128, GROTTO_AT_MAX_STEPS + 1, 35},
                                  {1, 128, 400, GROTTO_AT_MAX_STEPS + 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_eq(grotto_at_scan(1, &bad[i], start, 4), -1, "query %zu", i);
    cr_expect_eq(grotto_at_scan(0x8000, &q, start, 4), -1);
}
