/* The checks test_ref_walk and test_impl_walk both make of their engine's
 * walk (each test links only its own engine and passes its functions in):
 * the hand-made floors of walk_cases.h, the size and bounds rules, random
 * floors against the brute-force relaxation, and real floors against the
 * golden corpus/golden/floor-walk.bin. */
#ifndef GROTTO_WALK_CHECKS_H
#define GROTTO_WALK_CHECKS_H

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdlib.h>

#include "corpus.h"
#include "walk_cases.h"

typedef uint16_t (*walk_fn)(const grotto_floor_t *f);
typedef int (*walk_floor_fn)(uint32_t seed, int k, grotto_floor_t *out);

static inline void walk_check_cases(walk_fn walk)
{
    for (int i = 0; i < WALK_CASE_COUNT; i++) {
        grotto_floor_t f;
        walk_case_floor(&WALK_CASES[i], &f);
        uint16_t got = walk(&f);
        cr_expect_eq(got, WALK_CASES[i].half_steps, "%s: %u half-steps, expected %u", WALK_CASES[i].name, got,
                     WALK_CASES[i].half_steps);
    }
}

/* The first case (10 x 10, up (1,1), down (6,1), 10 half-steps) resized. */
static inline void walk_check_sizes(walk_fn walk)
{
    grotto_floor_t f;
    walk_case_floor(&WALK_CASES[0], &f);
    cr_assert_eq(WALK_CASES[0].half_steps, 10);
    f.width = 0;
    cr_expect_eq(walk(&f), GROTTO_WALK_NONE, "width 0");
    f.width = 17;
    cr_expect_eq(walk(&f), GROTTO_WALK_NONE, "width 17");
    f.width = 10;
    f.height = 17;
    cr_expect_eq(walk(&f), GROTTO_WALK_NONE, "height 17");
    f.height = 1; /* row 1 is beyond a height of 1 */
    cr_expect_eq(walk(&f), GROTTO_WALK_NONE, "stairs below the floor");
    f.height = 2;
    cr_expect_eq(walk(&f), 10);
    f.width = 6; /* the down stairs at x = 6 */
    cr_expect_eq(walk(&f), GROTTO_WALK_NONE, "down stairs beyond the width");
    f.width = 7;
    cr_expect_eq(walk(&f), 10);
    f.down = f.up;
    cr_expect_eq(walk(&f), 0, "both stairs on one tile");
    f.width = 0; /* the size is checked before "one tile" */
    cr_expect_eq(walk(&f), GROTTO_WALK_NONE);
}

static inline void walk_check_random(walk_fn walk, uint32_t s)
{
    int none = 0, paths = 0;
    for (int i = 0; i < 10000; i++) {
        grotto_floor_t f;
        walk_random_floor(&s, &f);
        uint16_t want = walk_brute(&f), got = walk(&f);
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

static inline uint16_t *walk_golden(void)
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

/* every floor of the seeds = 0 (mod 97), and of the softlock seeds 5BC3 and
 * 5BC4; the count compared is asserted */
static inline void walk_check_golden_sample(walk_fn walk, walk_floor_fn floor)
{
    uint16_t *want = walk_golden();
    long checked = 0, bad = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
        if (seed % 97 && seed != 0x5BC3 && seed != 0x5BC4)
            continue;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            cr_assert_eq(floor(seed, k, &f), 0);
            uint16_t got = walk(&f), w = want[seed * 16 + (uint32_t)k - 1];
            if (got != w && bad++ < 5)
                cr_log_error("seed 0x%04X B%dF: %u half-steps, golden %u", seed, k, got, w);
            checked++;
        }
    }
    cr_expect_eq(checked, (338 + 2) * 16, "%ld floors compared", checked);
    cr_expect_eq(bad, 0);
    free(want);
}

#endif
