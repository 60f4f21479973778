/* research.md §5 for impl (grotto_engine_impl's multibug slot): the spec's
 * DD00CD example, the bug map drawn one step on (environment, floor count
 * and floor sides on every seed of three bands), the 16 floors equal to
 * impl's own map up to its depth and to impl's floors' cuts below it. */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/multibug.h"
#include "grotto/tables.h"
#include "multibug_model.h"

static const grotto_engine *E = &grotto_engine_impl;

static int multibug_of(int q, uint32_t seed, grotto_multibug_t *m)
{
    grotto_map_floors_t fl;
    if (E->map_floors(seed, GROTTO_MAX_FLOORS, &fl) != 0)
        return -1;
    return E->multibug(q, &fl, m);
}

Test(impl_multibug, dd00cd_example)
{
    grotto_multibug_t m;
    cr_assert_eq(multibug_of(MB_EXAMPLE_QUALITY, MB_EXAMPLE_SEED, &m), 0);
    cr_expect_eq(m.orig.floors, 15);
    cr_expect_str_eq(gt_boss_name[m.orig.boss].en, "Equinox");
    cr_expect_eq(m.orig.level, 64);
    cr_expect_str_eq(gt_prefix_name[m.orig.prefix].en, "Ruby");
    cr_expect_str_eq(gt_locale_name[m.orig.locale].en, "Ruins");
    cr_expect_str_eq(gt_suffix_name[m.orig.suffix].en, "Glee");
    cr_expect_eq(m.bug.floors, 16);
    cr_expect_str_eq(gt_boss_name[m.bug.boss].en, "Shogum");
    cr_expect_eq(m.bug.level, 73);
    cr_expect_str_eq(gt_prefix_name[m.bug.prefix].en, "Ruby");
    cr_expect_str_eq(gt_locale_name[m.bug.locale].en, "Ruins");
    cr_expect_str_eq(gt_suffix_name[m.bug.suffix].en, "Bliss");
    cr_expect_eq(m.elist[15].ofs, 0x2B3C);
    cr_expect_eq(m.elist[15].state, 2, "4-enemy");
}

Test(impl_multibug, bug_map_is_one_step_on_every_seed)
{
    for (int b = 1; b < GT_BAND_COUNT; b += 5)
        for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
            int q = gt_band[b].code;
            grotto_multibug_t m;
            grotto_map_floors_t fl;
            memset(&fl, 0, sizeof fl); /* only the details are looked at here */
            fl.seed = seed;
            fl.count = GROTTO_MAX_FLOORS;
            cr_assert_eq(E->multibug(q, &fl, &m), 0);
            cr_assert_eq(m.orig.env, model_env_of_draw(model_at_value(seed, 13)));
            cr_assert_eq(m.orig.floors, model_floors_of_draw(q, model_at_value(seed, 14)));
            cr_assert_eq(m.bug.env, model_env_of_draw(model_at_value(seed, 14)), "seed %u", seed);
            cr_assert_eq(m.bug.floors, model_floors_of_draw(q, model_at_value(seed, 15)), "seed %u", seed);
            for (int n = 1; n <= GROTTO_MAX_FLOORS; n++)
                cr_assert_eq(m.bug.side[n - 1], n <= m.bug.floors ? model_side(seed, n) : 0, "seed %u floor %d", seed,
                             n);
        }
}

Test(impl_multibug, floors_to_b16f)
{
    for (uint32_t seed = 9; seed <= GROTTO_SEED_MAX; seed += 1237)
        for (int b = 0; b < GT_BAND_COUNT; b++) {
            int q = gt_band[b].code;
            grotto_multibug_t m;
            grotto_map_t map;
            cr_assert_eq(multibug_of(q, seed, &m), 0);
            cr_assert_eq(E->map(q, seed, &map), 0);
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
                cr_assert_eq(E->floor(seed, n, &f), 0);
                E->elist(&f, map.d.env, map.d.smr, &e);
                cr_assert_eq(m.chest_count[n - 1], f.chest_count);
                cr_assert(m.elist[n - 1].ofs == e.ofs && m.elist[n - 1].D == e.D && m.elist[n - 1].state == e.state,
                          "seed %u floor %d", seed, n);
            }
        }
}

Test(impl_multibug, bad_input)
{
    grotto_map_floors_t fl;
    grotto_multibug_t m;
    cr_assert_eq(E->map_floors(0x00CD, 15, &fl), 0);
    cr_expect_eq(E->multibug(221, &fl, &m), -1, "15 floors given, 16 needed");
    cr_assert_eq(E->map_floors(0x00CD, 16, &fl), 0);
    cr_expect_eq(E->multibug(1, &fl, &m), -1);
    cr_expect_eq(E->multibug(249, &fl, &m), -1);
    fl.seed = 0x8000;
    cr_expect_eq(E->multibug(221, &fl, &m), -1);
}
