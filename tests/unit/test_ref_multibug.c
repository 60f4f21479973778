/* research.md §5 for the reference: the spec's DD00CD example (original 15
 * floors, Equinox, "Ruby Ruins of Glee Lv.64"; bug map 16 floors, Shogum,
 * "Ruby Ruins of Bliss Lv.73"; B16F ElistOfs 0x2B3C, 4-enemy), the bug map
 * drawn one LCG step further on (checked on every seed through its
 * environment and floor count), the 16 floors equal to the map's own
 * floors up to its depth and to each generated floor's cut below it, and
 * the search options on a result. */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/multibug.h"
#include "grotto/rng.h"
#include "grotto/tables.h"
#include "multibug_model.h"

static void expect_name(const grotto_map_details_t *d, const char *want)
{
    char name[128];
    grotto_map_name_en(d, name, sizeof name);
    cr_expect_str_eq(name, want);
}

Test(ref_multibug, dd00cd_example)
{
    grotto_multibug_t m;
    cr_assert_eq(grotto_multibug(MB_EXAMPLE_QUALITY, MB_EXAMPLE_SEED, &m), 0);
    cr_expect_eq(m.orig.floors, 15);
    cr_expect_str_eq(gt_boss_name[m.orig.boss].en, "Equinox");
    expect_name(&m.orig, "Ruby Ruins of Glee Lv.64");
    cr_expect_eq(m.bug.floors, 16);
    cr_expect_str_eq(gt_boss_name[m.bug.boss].en, "Shogum");
    expect_name(&m.bug, "Ruby Ruins of Bliss Lv.73");
    cr_expect_eq(m.elist[15].ofs, 0x2B3C);
    cr_expect_eq(m.elist[15].state, 2, "4-enemy");
    char text[64];
    grotto_elist_state_text(&m.elist[15], 0, text, sizeof text);
    cr_expect_str_eq(text, "4-enemy");
    /* the options of §5 */
    cr_expect_eq(grotto_multibug_more_floors(&m), 1);
    cr_expect_eq(grotto_multibug_bug_floor_special(&m), 16);
    unsigned count[11];
    grotto_multibug_chest_counts(&m, count);
    unsigned total = 0, want = 0;
    for (int r = 0; r <= 10; r++)
        total += count[r];
    for (int n = 3; n <= 16; n++)
        want += m.chest_count[n - 1];
    cr_expect_eq(count[0], 0);
    cr_expect_eq(total, want, "every chest of B3F..B16F counted once");
    /* quality does not matter within the band */
    grotto_multibug_t other;
    cr_assert_eq(grotto_multibug(248, MB_EXAMPLE_SEED, &other), 0);
    cr_expect_eq(memcmp(&m.bug, &other.bug, sizeof m.bug), 0);
}

/* The bug map's details start one step later: its environment is drawn at
 * step 14 (the map's at 13), its floor count at 15 (the map's at 14). */
Test(ref_multibug, bug_map_is_one_step_on_every_seed)
{
    int deeper = 0;
    for (int b = 0; b < GT_BAND_COUNT; b += 5)
        for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
            int q = gt_band[b].code;
            grotto_map_details_t bug, orig;
            cr_assert_eq(grotto_multibug_details(q, seed, &bug), 0);
            cr_assert_eq(grotto_map_details(q, seed, &orig), 0);
            cr_assert_eq(orig.env, model_env_of_draw(grotto_draw_k(seed, 13)));
            cr_assert_eq(bug.env, model_env_of_draw(grotto_draw_k(seed, 14)), "seed %u", seed);
            cr_assert_eq(bug.floors, model_floors_of_draw(q, grotto_draw_k(seed, 15)), "seed %u", seed);
            cr_assert_eq(bug.seed, seed);
            for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) /* the floors stay the seed's own */
                cr_assert_eq(bug.side[n - 1], n <= bug.floors ? model_side(seed, n) : 0, "seed %u floor %d", seed, n);
            deeper += bug.floors > orig.floors;
        }
    cr_expect_gt(deeper, 0);
}

/* Floors 1..orig.floors are the map's own floors; the deeper ones are the
 * seed's floors cut with the map's environment and SMR. */
Test(ref_multibug, floors_to_b16f)
{
    for (uint32_t seed = 5; seed <= GROTTO_SEED_MAX; seed += 1031) {
        grotto_map_floors_t fl;
        cr_assert_eq(grotto_map_floors(seed, GROTTO_MAX_FLOORS, &fl), 0);
        for (int b = 0; b < GT_BAND_COUNT; b++) {
            int q = gt_band[b].code;
            grotto_multibug_t m, direct;
            grotto_map_t map;
            cr_assert_eq(grotto_multibug_from_floors(q, &fl, &m), 0);
            cr_assert_eq(grotto_multibug(q, seed, &direct), 0);
            cr_assert_eq(memcmp(&m, &direct, sizeof m), 0);
            cr_assert_eq(grotto_map(q, seed, &map), 0);
            cr_assert_eq(memcmp(&m.orig, &map.d, sizeof map.d), 0);
            for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
                if (n <= map.d.floors) {
                    cr_assert_eq(m.chest_count[n - 1], map.chest_count[n - 1]);
                    cr_assert_eq(memcmp(m.chest_rank[n - 1], map.chest_rank[n - 1], 3), 0);
                    cr_assert_eq(memcmp(&m.elist[n - 1], &map.elist[n - 1], sizeof map.elist[0]), 0);
                    continue;
                }
                grotto_floor_t f;
                grotto_elist_t e;
                cr_assert_eq(grotto_floor(seed, n, &f), 0);
                grotto_elist(&f, map.d.env, map.d.smr, &e);
                cr_assert_eq(m.chest_count[n - 1], f.chest_count);
                cr_assert(m.elist[n - 1].ofs == e.ofs && m.elist[n - 1].D == e.D && m.elist[n - 1].state == e.state,
                          "seed %u floor %d", seed, n);
                uint8_t rank[3] = {0, 0, 0};
                if (f.chest_count)
                    grotto_chest_ranks(seed, n, map.d.smr, f.chest_count, rank);
                cr_assert_eq(memcmp(m.chest_rank[n - 1], rank, 3), 0);
            }
        }
    }
}

Test(ref_multibug, options_on_a_result)
{
    grotto_multibug_t m;
    memset(&m, 0, sizeof m);
    m.orig.floors = 6;
    m.bug.floors = 9;
    cr_expect_eq(grotto_multibug_more_floors(&m), 1);
    cr_expect_eq(grotto_multibug_bug_floor_special(&m), 0);
    m.elist[6 - 1].state = 5; /* B6F: not in (6, 9] */
    m.elist[10 - 1].state = 5; /* B10F: beyond the bug map */
    cr_expect_eq(grotto_multibug_bug_floor_special(&m), 0);
    m.elist[9 - 1].state = 1;
    cr_expect_eq(grotto_multibug_bug_floor_special(&m), 9);
    m.elist[7 - 1].state = 3;
    cr_expect_eq(grotto_multibug_bug_floor_special(&m), 7);
    m.orig.floors = 2;
    m.bug.floors = 4;
    m.elist[3 - 1].state = 6;
    m.elist[4 - 1].state = 6;
    cr_expect_eq(grotto_multibug_bug_floor_special(&m), 0, "the tool lists B5F..B16F only");
    cr_expect_eq(grotto_multibug_more_floors(&m), 1);
    m.bug.floors = 2;
    cr_expect_eq(grotto_multibug_more_floors(&m), 0);
    /* chest counts: floors 3..bug.floors */
    memset(&m, 0, sizeof m);
    m.bug.floors = 4;
    m.chest_count[1] = 1; /* B2F: not counted */
    m.chest_rank[1][0] = 9;
    m.chest_count[2] = 2;
    m.chest_rank[2][0] = 10;
    m.chest_rank[2][1] = 1;
    m.chest_count[3] = 1;
    m.chest_rank[3][0] = 10;
    m.chest_count[4] = 1; /* B5F: beyond the bug map */
    m.chest_rank[4][0] = 5;
    unsigned count[11];
    grotto_multibug_chest_counts(&m, count);
    cr_expect_eq(count[10], 2);
    cr_expect_eq(count[1], 1);
    cr_expect_eq(count[9], 0);
    cr_expect_eq(count[5], 0);
}

Test(ref_multibug, bad_input)
{
    grotto_multibug_t m;
    grotto_map_details_t d;
    cr_expect_eq(grotto_multibug(1, 0, &m), -1);
    cr_expect_eq(grotto_multibug(249, 0, &m), -1);
    cr_expect_eq(grotto_multibug(221, 0x8000, &m), -1);
    cr_expect_eq(grotto_multibug_details(1, 0, &d), -1);
    cr_expect_eq(grotto_multibug_details(221, 0x8000, &d), -1);
    grotto_map_floors_t fl;
    cr_assert_eq(grotto_map_floors(0x00CD, 15, &fl), 0);
    cr_expect_eq(grotto_multibug_from_floors(221, &fl, &m), -1, "15 floors given, 16 needed");
}
