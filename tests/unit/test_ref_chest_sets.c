/* ref/chest_sets.c: item sets by the names the tool matches (every item
 * number of an English name; the groups of chest-groups.json), the chest
 * numbers 1 / 2 / 3 / not 3, and the generated group and quickload
 * tables against the tool's lists (DQIX/Grotto-Searcher 5f39e56). */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/chests.h"
#include "grotto/engine.h"
#include "grotto/tables.h"

static int set_items(const grotto_item_set *s, int *out, int cap)
{
    int n = 0;
    for (unsigned i = 0; i < GROTTO_ITEM_SLOTS; i++)
        if (grotto_item_set_has(s, i)) {
            if (n < cap)
                out[n] = (int)i;
            n++;
        }
    return n;
}

Test(chest_sets, names_stand_for_every_number)
{
    static const struct {
        const char *name;
        int count, items[3];
    } want[] = {
        {"Fisticup", 2, {36, 42}},           {"fisticup", 2, {36, 42}},        {"げんこつダケ", 2, {36, 42}},
        {"Orichalcum", 2, {114, 126}},       {"Pandora's box", 3, {98, 110, 122}},
        {"PANDORA'S BOX", 3, {98, 110, 122}}, {"Evac-u-bell", 2, {14, 124}},   {"Mini medal", 1, {11}},
        {"ちいさなメダル", 1, {11}},          {"Cannibox", 1, {140}},          {"125G", 1, {0}},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        grotto_item_set s;
        int items[8];
        cr_expect_eq(grotto_item_set_by_name(want[k].name, &s), want[k].count, "%s", want[k].name);
        cr_assert_eq(set_items(&s, items, 8), want[k].count, "%s", want[k].name);
        for (int i = 0; i < want[k].count; i++)
            cr_expect_eq(items[i], want[k].items[i], "%s item %d", want[k].name, i);
    }
}

Test(chest_sets, groups)
{
    grotto_item_set s, t;
    int items[16];
    cr_expect_eq(grotto_item_set_by_name("Millionaire", &s), 11);
    cr_expect_eq(grotto_item_set_by_name("大富豪", &t), 11);
    cr_expect_eq(memcmp(&s, &t, sizeof s), 0);
    cr_expect_eq(grotto_item_set_by_name("millionaire", &t), 11);
    set_items(&s, items, 16);
    static const int millionaire[11] = {101, 102, 103, 104, 105, 106, 107, 108, 109, 115, 116};
    cr_expect_eq(memcmp(items, millionaire, sizeof millionaire), 0);
    cr_expect_eq(grotto_item_set_by_name("S weapon", &s), 12);
    cr_expect_eq(grotto_item_set_by_name("S武器", &t), 12);
    cr_expect_eq(memcmp(&s, &t, sizeof s), 0);
    set_items(&s, items, 16);
    for (int i = 0; i < 12; i++)
        cr_expect_eq(items[i], 127 + i, "S weapon %d", i); /* Stardust sword .. Angel's bow */
    cr_expect_eq(grotto_item_set_by_name("Millionaire 3rd chest", &s), 7);
    set_items(&s, items, 16);
    cr_expect_eq(memcmp(items, millionaire, 7 * sizeof(int)), 0, "the first seven Millionaire items");
    /* every group: offered or not, its items are chest items */
    for (int g = 0; g < GT_ITEM_GROUP_COUNT; g++) {
        cr_expect_gt(gt_item_group[g].count, 0);
        for (int i = 0; i < gt_item_group[g].count; i++)
            cr_expect_lt(gt_item_group[g].item[i], GT_ITEM_COUNT);
    }
    /* the free search's metal slime gear, the combo's materials, S3's items */
    cr_expect_eq(grotto_item_set_by_name("Metal Slime Equips", &s), 7);
    cr_expect_eq(grotto_item_set_by_name("メタスラ装備", &t), 7);
    cr_expect_eq(memcmp(&s, &t, sizeof s), 0);
    cr_expect_eq(grotto_item_set_by_name("Millionaire materials", &s), 3, "Gold bar, Orichalcum (114, 126)");
    cr_expect_eq(grotto_item_set_by_name("Millionaire 3rd chest materials", &s), 10);
    cr_expect_eq(grotto_item_set_by_name("S3 items", &s), 2);
    cr_expect_eq(GT_ITEM_GROUP_COUNT, 7);
}

Test(chest_sets, unknown_names)
{
    grotto_item_set s;
    memset(&s, 0xEE, sizeof s);
    cr_expect_eq(grotto_item_set_by_name("Excalibur", &s), -1);
    for (int w = 0; w < 4; w++)
        cr_expect_eq(s.bits[w], 0, "cleared");
    cr_expect_eq(grotto_item_set_by_name("", &s), -1);
    cr_expect_eq(grotto_item_set_by_name("Mini medal ", &s), -1, "no trimming");
    cr_expect_eq(grotto_item_set_by_name("s weapons", &s), -1);
}

/* The quickload rules of the tool's search page (3.js, 1.js b3fThreeItems). */
Test(chest_sets, quickload_rules)
{
    static const struct {
        const char *target;
        int rule;
    } want[] = {{"Sainted soma", GT_QL_B9F},         {"Yggdrasil leaf", GT_QL_B9F},
                {"Reset stone", GT_QL_B9F},          {"S weapon", GT_QL_B9F},
                {"Mini medal", GT_QL_THREE_ON_B3F},  {"Sage's elixir", GT_QL_THREE_ON_B3F},
                {"Iron nails", GT_QL_THREE_ON_B3F},  {"Hephaestus' flame", GT_QL_THREE_ON_B3F},
                {"Cannibox", GT_QL_REFUSED},         {"Mimic", GT_QL_REFUSED},
                {"Pandora's box", GT_QL_REFUSED}};
    cr_assert_eq(GT_QL_RULE_COUNT, sizeof want / sizeof want[0]);
    for (int k = 0; k < GT_QL_RULE_COUNT; k++) {
        cr_expect_str_eq(gt_ql_rule[k].target, want[k].target);
        cr_expect_eq(gt_ql_rule[k].rule, want[k].rule, "%s", want[k].target);
        grotto_item_set s;
        cr_expect_gt(grotto_item_set_by_name(gt_ql_rule[k].target, &s), 0, "%s names items", want[k].target);
    }
}

/* Chest k is index k - 1 (chests.md §1); "not 3" is chests 1 and 2. */
Test(chest_sets, chest_picks)
{
    static const unsigned want[5][4] = {
        /* count:            0  1  2  3 */
        [GROTTO_CHEST_ANY] = {0, 1, 3, 7},
        [GROTTO_CHEST_1] = {0, 1, 1, 1},
        [GROTTO_CHEST_2] = {0, 0, 2, 2},
        [GROTTO_CHEST_3] = {0, 0, 0, 4},
        [GROTTO_CHEST_NOT_3] = {0, 1, 3, 3},
    };
    for (int p = 0; p < 5; p++)
        for (int c = 0; c <= 3; c++)
            cr_expect_eq(grotto_chest_pick_mask((grotto_chest_pick)p, c), want[p][c], "pick %d count %d", p, c);
    cr_expect_eq(grotto_chest_pick_mask((grotto_chest_pick)5, 3), 0);
    cr_expect_eq(grotto_chest_pick_mask(GROTTO_CHEST_ANY, 4), 0);
    cr_expect_eq(grotto_chest_pick_mask(GROTTO_CHEST_ANY, -1), 0);
}

Test(chest_sets, seconds_count)
{
    grotto_seconds s;
    memset(&s, 0, sizeof s);
    cr_expect_eq(grotto_seconds_count(&s), 0);
    s.bits[0] = 1;
    s.bits[3] = 1ull << 63;
    cr_expect_eq(grotto_seconds_count(&s), 2);
    cr_expect(grotto_seconds_has(&s, 0) && grotto_seconds_has(&s, 255) && !grotto_seconds_has(&s, 1));
    memset(&s, 0xFF, sizeof s);
    cr_expect_eq(grotto_seconds_count(&s), 256);
}

Test(chest_sets, engine_slots)
{
    cr_expect_eq((void *)grotto_engine_ref.chest_seconds, (void *)grotto_chest_seconds);
    cr_expect_eq((void *)grotto_engine_ref.chest_hits, (void *)grotto_chest_hits);
}
