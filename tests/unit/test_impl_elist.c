/* impl/ enemy-list cut (impl/elist.c, the §5.4 states of impl/tables.c):
 * the memory-model classifier against the §5.3 table rule over every list,
 * ElistOfs 10,000..11,800 and D = 0 / D > 0; every cut of every list names
 * a state; the survivors and the state at the boundaries of the memory;
 * the fill of a grotto_elist_t from terms (both regimes). The terms W, X, D
 * against naive scans are in test_impl_primitives. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/tables.h"
#include "impl.h"

/* §5.3: the tool's table form, an independent statement of the same rule. */
static int state_by_table(int ofs, int D, const struct gt_floor_table *ft)
{
    if (ofs <= GT_ELIST_ALL_FIT_MAX)
        return D > 0;
    int k = (ofs - GT_ELIST_FIRST_CUT) / GT_ELIST_RECORD_BYTES;
    int v = gt_class_table[ft->cls][k > 7 ? 7 : k];
    return v < 0 ? D > 0 : v;
}

Test(impl_elist, cut_states_model_vs_table)
{
    long checked = 0;
    int seen[GT_STATE_COUNT] = {0};
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
            for (int ofs = 10000; ofs <= 11800; ofs += 4)
                for (int D = 0; D <= 1; D++) {
                    int want = state_by_table(ofs, D, ft);
                    int got = impl_elist_state(ofs, D, env, mr);
                    cr_assert_eq(got, want, "env %d mr %d ofs %d D %d: model %d, table %d", env, mr, ofs, D, got,
                                 want);
                    seen[got] = 1;
                    checked++;
                }
        }
    int kinds = 0;
    for (int c = 0; c < GT_STATE_COUNT; c++)
        kinds += seen[c];
    fprintf(stderr, "classification: %ld (list, ElistOfs, D) cases, %d states produced\n", checked, kinds);
    cr_assert_eq(checked, 54120);
    cr_assert_eq(kinds, GT_STATE_COUNT);
}

/* Every cut of every list is a state, and the cut of the last record alone
 * is never the uncut state. */
Test(impl_elist, every_cut_names_a_state)
{
    int cuts = 0;
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
            cr_assert(ft->F >= 1 && ft->F <= GT_LIST_MAX);
            for (int s = 0; s < ft->F; s++) {
                int c = impl_cut_state[env][mr][s];
                cr_assert_neq(c, IMPL_NO_STATE, "env %d mr %d: %d kept names no state", env, mr, s);
                cr_assert(c < GT_STATE_COUNT && c != GT_STATE_NORMAL && c != GT_STATE_PARTIAL,
                          "env %d mr %d s %d: state %d", env, mr, s, c);
                cuts++;
            }
        }
    fprintf(stderr, "cut states: %d (list, records kept) pairs, each a state\n", cuts);
    cr_assert_eq(cuts, 55 * 8 + 5 * 7, "60 lists: 55 of F = 8, 5 of F = 7 (F7, F7A)");
}

/* Survivors at the edge of the memory: record j fits when
 * ofs + 128 + 20 j <= 11,344. */
Test(impl_elist, survivors_at_the_memory_edge)
{
    int edge = GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET; /* 11,216 */
    cr_assert_eq(impl_elist_survivors(edge - 8 * GT_ELIST_RECORD_BYTES, 8), 8);
    cr_assert_eq(impl_elist_survivors(edge - 8 * GT_ELIST_RECORD_BYTES + 4, 8), 7);
    cr_assert_eq(impl_elist_survivors(edge - GT_ELIST_RECORD_BYTES, 8), 1);
    cr_assert_eq(impl_elist_survivors(edge - GT_ELIST_RECORD_BYTES + 4, 8), 0);
    cr_assert_eq(impl_elist_survivors(edge + 400, 8), 0);
    cr_assert_eq(impl_elist_survivors(0, 7), 7);
    /* nothing cut: normal, or partially no-enemy with Flag0 tiles */
    cr_assert_eq(impl_elist_state(10000, 0, 1, 1), GT_STATE_NORMAL);
    cr_assert_eq(impl_elist_state(10000, 3, 1, 1), GT_STATE_PARTIAL);
    /* no record kept: Caves rank 1 has lost Cannibox (026), §5.1 state 9 */
    cr_assert_eq(impl_elist_state(edge, 0, 1, 1), 9);
    /* STD (Caves rank 2): the last record (0BD) cut is 4-enemy, state 2 */
    cr_assert_eq(impl_elist_state(edge - 7 * GT_ELIST_RECORD_BYTES, 0, 1, 2), 2);
}

/* impl_elist_fill against enemy-list.md §3-§4 written out here. */
Test(impl_elist, fill_both_regimes)
{
    static const uint16_t terms[][3] = {{100, 150, 0}, {150, 200, 0}, {196, 300, 40}, {180, 320, 7},
                                           /* the extremes the terms allow: the list past the memory */
                                           {0, 0, 0}, {0, 480, 0}, {256, 480, 256}, {19, 480, 256}};
    for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++)
        for (int env = 1; env <= GT_ENV_COUNT; env++)
            for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
                impl_elist_terms t = {terms[i][0], terms[i][1], terms[i][2], 0};
                grotto_elist_t e;
                memset(&e, 0xA5, sizeof e);
                impl_elist_fill(t, env, mr, &e);
                const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
                int W = t.W, X = t.X;
                int boundary = GT_ELIST_BOUNDARY_CAP - 16 * W - 8 * X;
                int regime = boundary >= 0 ? 1 : 2;
                int A = regime == 1 ? GT_ELIST_FIXED_BYTES + 16 * W + 8 * X : GT_ELIST_REGIME2_A;
                int B = regime == 1 ? X : 515 - 2 * W;
                int D = regime == 1 ? 0 : t.D;
                int ofs = A + 4 + 8 * B + 4 * D + 20 * ft->F + 8 * ft->F + ft->G;
                cr_assert_eq(e.regime, regime);
                cr_assert_eq(e.boundary, boundary);
                cr_assert_eq(e.A, A);
                cr_assert_eq(e.B, B);
                cr_assert_eq(e.D, D);
                cr_assert_eq(e.ofs, ofs, "terms %zu env %d mr %d", i, env, mr);
                cr_assert_eq(e.ofs, impl_elist_layout_ofs(t) + impl_elist_list_ofs(env, mr));
                cr_assert_eq(e.survivors, impl_elist_survivors(ofs, ft->F));
                if (ofs + GT_ELIST_RECORD_BYTES > GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET)
                    cr_assert_eq(e.survivors, 0, "terms %zu env %d mr %d: ofs %d keeps no record", i, env, mr, ofs);
                cr_assert_eq(e.state, state_by_table(ofs, D, ft));
                cr_assert_eq(e.F, ft->F);
                cr_assert_eq(e.G, ft->G);
                cr_assert_eq(e.only, ft->only);
                cr_assert_eq(e.env, env);
                cr_assert_eq(e.mr, mr);
            }
}
