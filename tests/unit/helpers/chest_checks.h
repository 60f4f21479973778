/* The checks of a chest-timer engine (grotto/chests.h: chest_seconds and
 * chest_hits), shared by test_ref_chest_timer (ref) and test_impl_chests
 * (impl): the spec's worked examples, runs against the test-side model
 * (chest_model.h) on random floors, seconds that wrap past 2^32, the hits
 * of every item and of random sets, and refusals of bad input. Each check
 * takes the engine's two functions. */
#ifndef GROTTO_CHEST_CHECKS_H
#define GROTTO_CHEST_CHECKS_H

#include <criterion/criterion.h>
#include <string.h>

#include "chest_model.h"
#include "testrng.h"

typedef int (*chest_seconds_fn)(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                                uint8_t (*item)[GROTTO_MAX_CHESTS]);
typedef int (*chest_hits_fn)(const grotto_chest_floor *f, int chest, const grotto_item_set *set,
                             grotto_seconds *out);

/* A random valid floor: seed, floor 3..16, 1..3 chests of ranks 1..10;
 * about one in eight with no chests (floor 1..16). */
static inline grotto_chest_floor cc_random_floor(uint64_t *rng)
{
    grotto_chest_floor f;
    memset(&f, 0, sizeof f);
    f.seed = test_rng_next(rng) & 0x7FFFu;
    if (test_rng_next(rng) % 8 == 0) {
        f.floor = (uint8_t)(1 + test_rng_next(rng) % 16);
        return f;
    }
    f.floor = (uint8_t)(3 + test_rng_next(rng) % 14);
    f.count = (uint8_t)(1 + test_rng_next(rng) % 3);
    for (int i = 0; i < f.count; i++)
        f.rank[i] = (uint8_t)(1 + test_rng_next(rng) % 10);
    return f;
}

/* chests.md §4: every example second, alone and inside a run from 0 (or
 * from t - 100 for the far ones). */
static inline void cc_examples(chest_seconds_fn seconds)
{
    static uint8_t item[256][GROTTO_MAX_CHESTS];
    for (size_t e = 0; e < CM_EXAMPLE_COUNT; e++) {
        const cm_example *x = &CM_EXAMPLES[e];
        memset(item, 0xEE, sizeof item);
        cr_assert_eq(seconds(&x->floor, x->t, 1, item), 0, "example %zu", e);
        cr_expect_eq(memcmp(item[0], x->item, GROTTO_MAX_CHESTS), 0, "example %zu (t %u): %u %u %u", e, x->t,
                     item[0][0], item[0][1], item[0][2]);
        uint32_t first = x->t < 200 ? 0 : x->t - 100;
        cr_assert_eq(seconds(&x->floor, first, 256, item), 0);
        cr_expect_eq(memcmp(item[x->t - first], x->item, GROTTO_MAX_CHESTS), 0, "example %zu in a run from %u", e,
                     first);
    }
}

/* Random floors, runs of random length from random seconds (some near
 * 2^32, where the content seed wraps), against the model item by item. */
static inline void cc_against_model(chest_seconds_fn seconds, uint64_t rng_seed, int floors)
{
    static uint8_t item[300][GROTTO_MAX_CHESTS];
    uint64_t rng = rng_seed;
    long checked = 0, wrong = 0;
    for (int k = 0; k < floors; k++) {
        grotto_chest_floor f = cc_random_floor(&rng);
        uint32_t count = 1 + test_rng_next(&rng) % 300;
        uint32_t first = k % 4 == 0 ? 0xFFFFFFFFu - test_rng_next(&rng) % 280 : test_rng_next(&rng) % 5000;
        memset(item, 0xEE, sizeof item);
        cr_assert_eq(seconds(&f, first, count, item), 0);
        for (uint32_t t = 0; t < count; t++)
            for (int i = 0; i < GROTTO_MAX_CHESTS; i++, checked++)
                if (item[t][i] != cm_contents(&f, first + t, i) && wrong++ < 5)
                    cr_log_error("seed %#x B%dF ranks %u %u %u second %u chest %d: %u, model %u", f.seed, f.floor,
                                 f.rank[0], f.rank[1], f.rank[2], first + t, i, item[t][i],
                                 cm_contents(&f, first + t, i));
    }
    cr_expect_eq(wrong, 0, "%ld of %ld contents differ from the model", wrong, checked);
}

/* A run from `first` of count seconds equals count runs of one second. */
static inline void cc_runs_split(chest_seconds_fn seconds)
{
    grotto_chest_floor f = {0x1357, 10, 3, {2, 2, 4}};
    uint8_t run[256][GROTTO_MAX_CHESTS], one[1][GROTTO_MAX_CHESTS];
    cr_assert_eq(seconds(&f, 0xFFFFFF80u, 256, run), 0);
    for (uint32_t k = 0; k < 256; k++) {
        cr_assert_eq(seconds(&f, 0xFFFFFF80u + k, 1, one), 0);
        cr_expect_eq(memcmp(run[k], one[0], GROTTO_MAX_CHESTS), 0, "second %#x", 0xFFFFFF80u + k);
    }
    /* a run of 0 seconds writes nothing */
    memset(one, 0xEE, sizeof one);
    cr_expect_eq(seconds(&f, 0, 0, one), 0);
    cr_expect_eq(one[0][0], 0xEE);
}

/* Invalid floors are refused and nothing is written. */
static inline void cc_refusals(chest_seconds_fn seconds, chest_hits_fn hits)
{
    static const grotto_chest_floor bad[] = {
        {0x8000, 3, 1, {1, 0, 0}},  /* seed past 0x7FFF */
        {0, 0, 0, {0, 0, 0}},       /* floor 0 */
        {0, 17, 0, {0, 0, 0}},      /* floor 17 */
        {0, 2, 1, {1, 0, 0}},       /* a chest on B2F */
        {0, 1, 1, {1, 0, 0}},       /* a chest on B1F */
        {0, 3, 4, {1, 1, 1}},       /* four chests */
        {0, 3, 2, {1, 0, 0}},       /* chest 2 without a rank */
        {0, 3, 1, {11, 0, 0}},      /* rank 11 */
        {0, 3, 1, {1, 2, 0}},       /* a rank beyond the count */
        {0, 3, 2, {1, 1, 9}},       /* a rank beyond the count */
    };
    grotto_item_set all;
    memset(&all, 0xFF, sizeof all);
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        uint8_t item[2][GROTTO_MAX_CHESTS];
        memset(item, 0xEE, sizeof item);
        cr_expect_eq(seconds(&bad[k], 0, 2, item), -1, "bad floor %zu accepted", k);
        cr_expect_eq(item[0][0], 0xEE, "bad floor %zu: item written", k);
        grotto_seconds s;
        memset(&s, 0xEE, sizeof s);
        cr_expect_eq(hits(&bad[k], 0, &all, &s), -1, "bad floor %zu: hits accepted", k);
        cr_expect_eq(s.bits[0], 0xEEEEEEEEEEEEEEEEull, "bad floor %zu: hits written", k);
    }
    /* the edges that are valid */
    static const grotto_chest_floor good[] = {
        {0x7FFF, 16, 3, {10, 10, 10}}, {0, 1, 0, {0, 0, 0}}, {0, 3, 0, {0, 0, 0}}, {5, 3, 1, {1, 0, 0}}};
    for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
        uint8_t item[1][GROTTO_MAX_CHESTS];
        cr_expect_eq(seconds(&good[k], 0, 1, item), 0, "good floor %zu refused", k);
    }
    /* a chest outside 0..count-1 */
    grotto_chest_floor f = {0x00A5, 16, 2, {6, 4, 0}};
    grotto_seconds s;
    cr_expect_eq(hits(&f, 2, &all, &s), -1);
    cr_expect_eq(hits(&f, -1, &all, &s), -1);
    cr_expect_eq(hits(&f, 1, &all, &s), 0);
}

/* Hits: for every item a chest's rank can hold, the seconds of its hits
 * are exactly those at which the model puts it there; the hits of all the
 * items of a rank cover the 256 seconds once; random sets are the union of
 * their items' hits. */
static inline void cc_hits(chest_hits_fn hits, uint64_t rng_seed, int floors)
{
    uint64_t rng = rng_seed;
    long wrong = 0, sets = 0;
    for (int k = 0; k < floors; k++) {
        grotto_chest_floor f = cc_random_floor(&rng);
        for (int c = 0; c < f.count; c++) {
            uint8_t at[GROTTO_CHEST_SECONDS];
            for (uint32_t t = 0; t < GROTTO_CHEST_SECONDS; t++)
                at[t] = cm_contents(&f, t, c);
            int covered = 0;
            grotto_item_set random;
            memset(&random, 0, sizeof random);
            uint64_t want_random[4] = {0};
            for (int item = 0; item < GT_ITEM_COUNT; item++) {
                grotto_item_set one;
                memset(&one, 0, sizeof one);
                grotto_item_set_add(&one, (unsigned)item);
                int in_random = test_rng_next(&rng) % 3 == 0;
                if (in_random)
                    grotto_item_set_add(&random, (unsigned)item);
                grotto_seconds s;
                cr_assert_eq(hits(&f, c, &one, &s), 0);
                sets++;
                for (unsigned t = 0; t < GROTTO_CHEST_SECONDS; t++) {
                    int want = at[t] == item;
                    if (grotto_seconds_has(&s, t) != want && wrong++ < 5)
                        cr_log_error("seed %#x B%dF chest %d item %d second %u: hit %d, model %d", f.seed, f.floor,
                                     c, item, t, grotto_seconds_has(&s, t), want);
                    if (want && in_random)
                        want_random[t / 64] |= 1ull << (t % 64);
                }
                covered += grotto_seconds_count(&s);
            }
            cr_expect_eq(covered, GROTTO_CHEST_SECONDS, "the items' hits cover each second once");
            grotto_seconds s;
            cr_assert_eq(hits(&f, c, &random, &s), 0);
            cr_expect_eq(memcmp(s.bits, want_random, sizeof want_random), 0, "a random set is its items' union");
        }
    }
    cr_expect_eq(wrong, 0, "%ld wrong hit bits over %ld sets", wrong, sets);
}

#endif
