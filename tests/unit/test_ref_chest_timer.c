/* ref/chests.c over many seconds (grotto/chests.h): grotto_chest_seconds
 * and grotto_chest_hits against chests.md §4 and the test-side model
 * (helpers/chest_checks.h, shared with test_impl_chests), and
 * grotto_chest_floor_of over real maps. */
#include <criterion/criterion.h>
#include <string.h>

#include "chest_checks.h"
#include "grotto/map.h"

Test(chest_timer, worked_examples_4)
{
    cc_examples(grotto_chest_seconds);
}

Test(chest_timer, random_floors_against_the_model)
{
    cc_against_model(grotto_chest_seconds, 0x5EC0ADull, 400);
}

Test(chest_timer, a_run_is_its_seconds)
{
    cc_runs_split(grotto_chest_seconds);
}

Test(chest_timer, refusals)
{
    cc_refusals(grotto_chest_seconds, grotto_chest_hits);
    grotto_chest_floor ok = {0x0032, 3, 2, {2, 1, 0}};
    cr_expect(grotto_chest_floor_valid(&ok));
    ok.rank[2] = 1;
    cr_expect(!grotto_chest_floor_valid(&ok));
}

Test(chest_timer, hits_against_the_model)
{
    cc_hits(grotto_chest_hits, 0xB175ull, 40);
}

/* Example 3 (DD00A5 B16F, ranks D F): a Mimic in chest 1 at t = 0 and
 * Flintstone in chest 2; Example 5 (8D0BAD B14F): Mimic in chest 1 at
 * t = 101 and a Pandora's box in chest 2 at t = 100. */
Test(chest_timer, hits_of_the_examples)
{
    grotto_item_set mimic, flint, pandora;
    cr_assert_eq(grotto_item_set_by_name("Mimic", &mimic), 1);
    cr_assert_eq(grotto_item_set_by_name("Flintstone", &flint), 1);
    cr_assert_eq(grotto_item_set_by_name("Pandora's box", &pandora), 3);
    grotto_chest_floor dd = {0x00A5, 16, 2, {6, 4, 0}}, bad = {0x0BAD, 14, 2, {5, 9, 0}};
    grotto_seconds s;
    cr_assert_eq(grotto_chest_hits(&dd, 0, &mimic, &s), 0);
    cr_expect(grotto_seconds_has(&s, 0));
    cr_assert_eq(grotto_chest_hits(&dd, 1, &flint, &s), 0);
    cr_expect(grotto_seconds_has(&s, 0));
    cr_assert_eq(grotto_chest_hits(&dd, 1, &mimic, &s), 0);
    cr_expect(!grotto_seconds_has(&s, 0), "rank F can hold a Mimic, but not at t = 0");
    cr_assert_eq(grotto_chest_hits(&bad, 0, &mimic, &s), 0);
    cr_expect(grotto_seconds_has(&s, 101));
    cr_expect(!grotto_seconds_has(&s, 100));
    cr_assert_eq(grotto_chest_hits(&bad, 1, &pandora, &s), 0);
    cr_expect(grotto_seconds_has(&s, 100));
    cr_expect(!grotto_seconds_has(&s, 256), "no second past 255");
}

/* The chest floors of a real map: Example 3's whole map (DD00A5) and a map
 * of fewer floors, whose floors past the last have no chests. */
Test(chest_timer, floor_of_a_map)
{
    static const char *const floors[17] = {NULL, "", "", "DC", "DFD", "A", "AC", "BD", "CA",
                                           "EHI", "S", "IA", "SE", "S", "S", "CC", "DF"};
    const char letters[] = "IHGFEDCBAS";
    grotto_map_t m;
    cr_assert_eq(grotto_map(0xDD, 0x00A5, &m), 0);
    cr_assert_eq(m.d.floors, 16);
    for (int n = 1; n <= 16; n++) {
        grotto_chest_floor f;
        memset(&f, 0xEE, sizeof f);
        cr_assert_eq(grotto_chest_floor_of(&m, n, &f), 0);
        cr_expect_eq(f.seed, 0x00A5);
        cr_expect_eq(f.floor, n);
        cr_expect_eq(f.count, strlen(floors[n]), "B%dF", n);
        for (int i = 0; i < 3; i++)
            cr_expect_eq(f.rank[i], i < f.count ? (uint8_t)(strchr(letters, floors[n][i]) - letters + 1) : 0,
                         "B%dF chest %d", n, i);
        cr_expect(grotto_chest_floor_valid(&f));
    }
    grotto_chest_floor f;
    cr_expect_eq(grotto_chest_floor_of(&m, 0, &f), -1);
    cr_expect_eq(grotto_chest_floor_of(&m, 17, &f), -1);

    /* 020032 (Example 1) has fewer than 16 floors: past the last, nothing */
    cr_assert_eq(grotto_map(2, 0x0032, &m), 0);
    cr_assert_lt(m.d.floors, 16);
    m.chest_count[15] = 2; /* not read: the map has no 16th floor */
    cr_assert_eq(grotto_chest_floor_of(&m, 16, &f), 0);
    cr_expect_eq(f.count, 0);
    cr_expect_eq(f.rank[0], 0);
    cr_assert_eq(grotto_chest_floor_of(&m, 3, &f), 0);
    cr_expect_eq(f.count, 2);
    cr_expect_eq(f.rank[0], 2); /* H */
    cr_expect_eq(f.rank[1], 1); /* I */
    int last = m.d.floors;
    cr_assert_eq(grotto_chest_floor_of(&m, last, &f), 0);
    cr_expect_eq(f.count, m.chest_count[last - 1], "the last floor is the map's");
}
