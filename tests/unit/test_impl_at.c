/* research.md §4 for impl (grotto_engine_impl's at, at_pop, at_scan and
 * whistle slots): the spec's DD5BC3 values, the tool's R2 / +3 / N2 and
 * scan vectors, every seed's marks and POPs against the test-side model,
 * and the word-parallel scan against the model where it is most fragile:
 * matches across 64-step words, partial windows right after a match,
 * long scans, the lower bound's edge, the cap. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "at_model.h"
#include "grotto/at.h"
#include "grotto/engine.h"
#include "grotto/tables.h"

static const grotto_engine *E = &grotto_engine_impl;

static int pattern_code(const char *name)
{
    for (int p = 1; p <= GT_AT_PATTERN_COUNT; p++)
        if (!strcmp(gt_at_pattern[p].name, name))
            return p;
    return -1;
}

Test(impl_at, dd5bc3_and_the_tools_marks)
{
    grotto_at_t a;
    cr_assert_eq(E->at(0x5BC3, &a), 0);
    cr_expect_eq(a.shown[0], 4491);
    cr_expect_eq(a.shown[1], 32143);
    cr_expect_eq(a.shown[2], 10468);
    static const struct {
        uint32_t seed;
        int r2, plus3, n2;
    } want[] = {{0x5BC3, -1, -1, -1}, {4, 43, -1, -1}, {5158, 129, -1, 126}, {2886, -1, 254, 316},
                {20998, 11, 12, -1}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        cr_assert_eq(E->at(want[i].seed, &a), 0);
        cr_expect_eq(a.r2, want[i].r2, "seed %u", want[i].seed);
        cr_expect_eq(a.plus3, want[i].plus3, "seed %u", want[i].seed);
        cr_expect_eq(a.n2, want[i].n2, "seed %u", want[i].seed);
    }
    cr_expect_eq(E->at(0x8000, &a), -1);
}

/* every seed, against values stepped here; positions near 400 (the end of
 * the last word but one) included */
Test(impl_at, marks_every_seed)
{
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
        uint32_t v[405], s = seed;
        for (int n = 1; n <= 404; n++) {
            s = s * 1103515245u + 12345u;
            v[n] = (s >> 16) & 0x7FFFu;
        }
        int r2 = -1, p3 = -1, n2 = -1;
        for (int p = 400; p >= 1; p--) {
            if (v[p] < 128 && v[p + 1] < 128)
                r2 = p;
            if (v[p] < 128 && v[p + 3] < 128)
                p3 = p;
            if (v[p] >= 128 && v[p + 1] < 256 && v[p + 2] >= 128 && v[p + 3] < 256)
                n2 = p;
        }
        grotto_at_t a;
        cr_assert_eq(E->at(seed, &a), 0);
        cr_assert(a.shown[0] == v[35] && a.shown[1] == v[36] && a.shown[2] == v[37], "seed %u", seed);
        cr_assert(a.r2 == r2 && a.plus3 == p3 && a.n2 == n2, "seed %u: %d %d %d, want %d %d %d", seed, a.r2, a.plus3,
                  a.n2, r2, p3, n2);
    }
}

static int tool_deftness(uint32_t v)
{
    double raw = ceil((double)v / 32768 * 100 - 2) * 20;
    return raw <= 0 ? 0 : raw > 999 ? 1000 : (int)raw;
}

Test(impl_at, pops_every_seed)
{
    int seen[1001] = {0};
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++)
        for (int zoom = 0; zoom < 3; zoom++) {
            grotto_at_pop p;
            cr_assert_eq(E->at_pop(seed, zoom, &p), 0);
            uint32_t n = 35 + 29 * (uint32_t)zoom;
            cr_assert_eq(p.index, n);
            cr_assert_eq(p.value, model_at_value(seed, n), "seed %u zoom %d", seed, zoom);
            cr_assert_eq(p.next, model_at_value(seed, n + 1), "seed %u zoom %d", seed, zoom);
            cr_assert_eq(p.deftness, tool_deftness(p.next), "seed %u: next %u", seed, p.next);
            seen[p.deftness]++;
        }
    cr_expect_gt(seen[0], 0);
    cr_expect_gt(seen[20], 0);
    cr_expect_gt(seen[980], 0);
    cr_expect_gt(seen[1000], 0);
    grotto_at_pop p;
    cr_assert_eq(E->at_pop(7, GROTTO_AT_ZOOM_MAX, &p), 0);
    cr_expect_eq(p.value, model_at_value(7, 35 + 29u * GROTTO_AT_ZOOM_MAX));
    cr_expect_eq(E->at_pop(7, GROTTO_AT_ZOOM_MAX + 1, &p), -1);
    cr_expect_eq(E->at_pop(7, -1, &p), -1);
    cr_expect_eq(E->at_pop(0x8000, 0, &p), -1);
}

Test(impl_at, whistle_against_the_windows)
{
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *t = &gt_floor_tables[env][mr];
            for (int j = 0; j < t->F; j++) {
                grotto_whistle w = {env, mr, t->spawn[j].monster, (env + mr) % 3, -1};
                for (uint32_t seed = (uint32_t)(env * 131 + mr); seed <= GROTTO_SEED_MAX; seed += 997) {
                    if (t->spawn[j].lo < 0) {
                        cr_assert_eq(E->whistle(seed, &w), -1, "a trapped chest has no window");
                        continue;
                    }
                    uint32_t n = 35 + 29 * (uint32_t)w.zoom, v = model_at_value(seed, n);
                    int in = (int32_t)v >= t->spawn[j].lo && (int32_t)v <= t->spawn[j].hi;
                    w.deft_max = -1;
                    cr_assert_eq(E->whistle(seed, &w), in);
                    w.deft_max = 100;
                    cr_assert_eq(E->whistle(seed, &w), in && tool_deftness(model_at_value(seed, n + 1)) <= 100);
                }
            }
        }
    int mks = gt_floor_tables[5][9].spawn[3].monster;
    cr_expect_eq(E->whistle(0, &(grotto_whistle){1, 1, mks, 0, -1}), -1, "not in that list");
    cr_expect_eq(E->whistle(0, &(grotto_whistle){0, 9, mks, 0, -1}), -1);
    cr_expect_eq(E->whistle(0, &(grotto_whistle){5, 13, mks, 0, -1}), -1);
    cr_expect_eq(E->whistle(0, &(grotto_whistle){5, 9, mks, 0, -2}), -1);
    cr_expect_eq(E->whistle(0, &(grotto_whistle){5, 9, -1, 0, -1}), -1);
    /* a negative index whose low 16 bits name a member is not that member */
    cr_expect_eq(E->whistle(0, &(grotto_whistle){5, 9, mks - 0x10000, 0, -1}), -1);
}

Test(impl_at, scans_reproduce_the_tool)
{
    for (size_t i = 0; i < sizeof AT_TOOL_VECTORS / sizeof AT_TOOL_VECTORS[0]; i++) {
        const at_tool_vector *t = &AT_TOOL_VECTORS[i];
        grotto_at_scan_query q = {pattern_code(t->pattern), t->threshold, t->max_steps, t->pop};
        uint32_t start[8] = {0};
        long n = E->at_scan(t->seed, &q, start, 8);
        cr_expect_eq(n, t->count, "%s: %ld matches", t->why, n);
        for (long k = 0; k < t->count && k < 8; k++)
            cr_expect_eq(start[k], t->start[k], "%s: match %ld starts at %u", t->why, k, start[k]);
    }
}

static void expect_model(uint32_t seed, const grotto_at_scan_query *q)
{
    uint32_t a[64] = {0}, b[64] = {0};
    long n = E->at_scan(seed, q, a, 64);
    long m = model_at_scan(seed, q->pattern, q->threshold, q->max_steps, q->pop, b, 64);
    cr_assert_eq(n, m, "seed %u %s <= %u steps %u POP %u: %ld matches, model %ld", seed, gt_at_pattern[q->pattern].name,
                 q->threshold, q->max_steps, q->pop, n, m);
    cr_assert_eq(memcmp(a, b, sizeof a), 0, "seed %u %s: starts differ", seed, gt_at_pattern[q->pattern].name);
}

/* every pattern and offered threshold; lengths that end inside, at and
 * just past a 64-step word; the lower bound's edge (50 / 51) */
Test(impl_at, scans_equal_the_model)
{
    static const uint32_t steps[][2] = {{1, 35},   {37, 35},  {38, 35},  {50, 35},  {51, 35},   {101, 35},
                                        {102, 35}, {103, 64}, {400, 35}, {400, 93}, {1000, 122}};
    for (uint32_t seed = 3; seed <= GROTTO_SEED_MAX; seed += 257)
        for (int p = 1; p <= GT_AT_PATTERN_COUNT; p++)
            for (int t = 0; t < GT_AT_THRESHOLD_COUNT; t++)
                for (size_t c = 0; c < sizeof steps / sizeof steps[0]; c++) {
                    grotto_at_scan_query q = {p, gt_at_threshold[t].threshold, steps[c][0], steps[c][1]};
                    expect_model(seed, &q);
                }
}

/* dense hits (thresholds far above the tool's) make matches, restarts and
 * partial windows frequent, across many word boundaries */
Test(impl_at, scans_dense_hits_long_runs)
{
    static const uint32_t thresholds[] = {0, 4096, 8191, 16383, 24575, 32767};
    for (uint32_t seed = 11; seed <= GROTTO_SEED_MAX; seed += 4099)
        for (int p = 1; p <= GT_AT_PATTERN_COUNT; p++)
            for (size_t t = 0; t < sizeof thresholds / sizeof thresholds[0]; t++) {
                grotto_at_scan_query q = {p, thresholds[t], 5000, 35};
                expect_model(seed, &q);
                q.max_steps = 45; /* unbounded */
                expect_model(seed, &q);
            }
    grotto_at_scan_query q = {pattern_code("N2"), 1024, 200000, 64};
    expect_model(0x5BC3, &q);
}

/* A value equal to the threshold is a hit: thresholds set to the values
 * the scan meets, so that equality decides matches. */
Test(impl_at, scans_threshold_equal_to_a_value)
{
    for (uint32_t seed = 1; seed <= GROTTO_SEED_MAX; seed += 97)
        for (uint32_t step = 38; step < 48; step++) {
            grotto_at_scan_query q = {1, model_at_value(seed, step), 60, 35};
            for (q.pattern = 1; q.pattern <= GT_AT_PATTERN_COUNT; q.pattern++)
                expect_model(seed, &q);
        }
}

Test(impl_at, scan_cap_and_bad_input)
{
    grotto_at_scan_query q = {1, 0x7FFF, 400, 35};
    uint32_t start[4] = {0};
    long n = E->at_scan(1, &q, start, 4);
    cr_expect_eq(n, 181);
    cr_expect_eq(start[0], 38);
    cr_expect_eq(start[3], 44);
    cr_expect_eq(E->at_scan(1, &q, NULL, 0), n);
    cr_expect_eq(E->at_scan(1, &q, NULL, 1), -1);
    q.max_steps = GROTTO_AT_MAX_STEPS;
    cr_expect_eq(E->at_scan(1, &q, NULL, 0), (GROTTO_AT_MAX_STEPS - 38 + 1) / 2);
    grotto_at_scan_query bad[] = {{0, 128, 400, 35},     {14, 128, 400, 35}, {1, 0x8000, 400, 35},
                                  {1, 128, 0, 35},       {1, 128, GROTTO_AT_MAX_STEPS + 1, 35},
                                  {1, 128, 400, GROTTO_AT_MAX_STEPS + 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_eq(E->at_scan(1, &bad[i], start, 4), -1, "query %zu", i);
    cr_expect_eq(E->at_scan(0x8000, &q, start, 4), -1);
}
