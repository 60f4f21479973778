/* enemy-list.md: layout terms, the two regimes, ElistOfs, the tool's
 * classification and the memory model, state texts; end to end against
 * maps-sample x floors-sample. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "testjson.h"

#include "elist_internal.h"

enum { CAVES = 1, RUINS = 2, ICE = 3, WATER = 4, FIRE = 5 };

/* A floor from an ASCII grid: '#' -> wall 1, '.' -> room floor 0; every
 * cell outside the side x side square stays wall. */
static void floor_from_ascii(const char *const rows[], int n, grotto_floor_t *f)
{
    memset(f, 0, sizeof *f);
    memset(f->grid, GROTTO_TILE_WALL, sizeof f->grid);
    int side = 0;
    while (side < GROTTO_GRID && rows[side])
        side++;
    f->index = (uint8_t)n;
    f->width = f->height = (uint8_t)side;
    for (int y = 0; y < side; y++) {
        cr_assert_eq((int)strlen(rows[y]), side, "row %d is not %d wide", y, side);
        for (int x = 0; x < side; x++)
            f->grid[16 * y + x] = rows[y][x] == '.' ? GROTTO_TILE_FLOOR : GROTTO_TILE_WALL;
    }
}

/* ------------------------------------------------------------------ */
/* §7 worked examples E1-E8                                            */
/* ------------------------------------------------------------------ */

typedef struct worked {
    const char *name;
    int env, smr, n;
    int W, X, regime, A, B, D, F, G, ofs, state, survivors;
    grotto_xy first, last; /* Flag0 tiles, regime 2 */
    const char *rows[17];
} worked;

/* Values from the §7 text and summary table. survivors: stated in §7 for
 * E2, E4, E6, E7, E8; for E1, E3, E5 = clamp((11216 - ElistOfs) div 20, 0, F). */
static const worked examples[] = {
    {"E1", RUINS, 1, 1, 40, 51, 1, 5944, 51, 0, 8, 124, 0x1A30, 0, 8, {0, 0}, {0, 0},
     {"###########", "#########.#", "#.........#", "##...#....#", "##..##.####", "##.###.####", "#...##..###",
      "##..##..###", "##..##...##", "######....#", "###########"}},
    {"E2", ICE, 7, 13, 146, 224, 1, 9024, 224, 0, 7, 120, 0x2B80, 5, 4, {0, 0}, {0, 0},
     {"################", "#...#.....######", "#...#.....#..###", "#.............##", "#......#########",
      "#...#.........##", "#.....##.......#", "#.....##.......#", "#...#.##.......#", "#.#.#.##...#...#",
      "#.###.##...#...#", "#.............##", "##.######.#...##", "#..............#", "#.............##",
      "################"}},
    {"E3", RUINS, 8, 14, 164, 266, 2, 9016, 187, 46, 8, 128, 0x2B2C, 1, 8, {2, 11}, {14, 14},
     {"################", "#.......#......#", "#......###.....#", "#........#.....#", "##..#..#.......#",
      "##.....#......##", "##..#....#.....#", "##.............#", "###..#..#.....##", "#....#..#......#",
      "#.......#......#", "#....#..#.....##", "#....#..#.....##", "#..#....#.....##", "#..............#",
      "################"}},
    {"E4", ICE, 8, 14, 161, 261, 2, 9016, 193, 48, 7, 120, 0x2B40, 1, 7, {14, 9}, {13, 14},
     {"################", "#........#######", "#..............#", "#..........#...#", "#..............#",
      "#......#.......#", "#........#.....#", "#........#.#..##", "#..............#", "#..............#",
      "###.#..######.##", "#.............##", "#.####...#######", "#..............#", "#..........#..##",
      "################"}},
    {"E5", CAVES, 3, 6, 138, 225, 1, 8904, 225, 0, 8, 128, 0x2B34, 2, 7, {0, 0}, {0, 0},
     {"###############", "#........####.#", "#.............#", "#.........#...#", "#.........#..##",
      "#.........#..##", "#....#.#..#.###", "#......#.....##", "#.........#..##", "#.#....#......#",
      "#.........#####", "###.........###", "##..........###", "#.............#", "###############"}},
    {"E6", RUINS, 5, 9, 147, 230, 2, 9016, 221, 5, 8, 136, 0x2BA0, 15, 2, {10, 14}, {14, 14},
     {"################", "###.....####.###", "##...........#.#", "##.......##....#", "#........##....#",
      "###............#", "###.#...#####..#", "#..............#", "#........###...#", "#......#.......#",
      "#.......##.....#", "#......######..#", "####.#.#####...#", "##............##", "##.............#",
      "################"}},
    {"E7", RUINS, 5, 9, 144, 235, 2, 9016, 227, 4, 8, 136, 0x2BCC, 9, 0, {12, 13}, {10, 14},
     {"################", "##..###.########", "#.......###...##", "#.......##.....#", "#........#.....#",
      "#....###.#.....#", "#.....##......##", "#..............#", "#........#.....#", "#..............#",
      "##....##.....###", "####..##.#.....#", "#..............#", "#.....##.......#", "##########.#####",
      "################"}},
    {"E8", RUINS, 5, 9, 144, 219, 1, 8952, 219, 0, 8, 136, 0x2B3C, 2, 7, {0, 0}, {0, 0},
     {"################", "#......##.####.#", "#......##.###..#", "#..........#..##", "#..............#",
      "#.......#...#..#", "#.......#......#", "#....#..#.#....#", "#....#......####", "###.....#..#####",
      "##....#.#..#.#.#", "#...##.....#.#.#", "#.....##...#...#", "#......#.......#", "####.####...##.#",
      "################"}},
};

Test(elist_examples, E1_to_E8)
{
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const worked *w = &examples[i];
        grotto_floor_t f;
        grotto_elist_t e;
        floor_from_ascii(w->rows, w->n, &f);
        grotto_elist(&f, w->env, w->smr, &e);
        cr_expect_eq(e.W, w->W, "%s W %d", w->name, e.W);
        cr_expect_eq(e.X, w->X, "%s X %d", w->name, e.X);
        cr_expect_eq(e.regime, w->regime, "%s regime %d", w->name, e.regime);
        cr_expect_eq(e.boundary, 4128 - 16 * w->W - 8 * w->X, "%s boundary", w->name);
        cr_expect_eq(e.A, w->A, "%s A %d", w->name, e.A);
        cr_expect_eq(e.B, w->B, "%s B %d", w->name, e.B);
        cr_expect_eq(e.D, w->D, "%s D %d", w->name, e.D);
        cr_expect_eq(e.F, w->F, "%s F", w->name);
        cr_expect_eq(e.G, w->G, "%s G", w->name);
        cr_expect_eq(e.ofs, w->ofs, "%s ElistOfs %#x", w->name, e.ofs);
        cr_expect_eq(e.state, w->state, "%s state %d", w->name, e.state);
        cr_expect_eq(e.survivors, w->survivors, "%s survivors %d", w->name, e.survivors);
        cr_expect_eq(ref_elist_state_by_memory(e.env, e.mr, e.survivors, e.D), w->state,
                     "%s memory-model state", w->name);
        if (w->regime == 2) {
            grotto_xy first = {99, 99}, last = {99, 99};
            cr_expect_eq(ref_elist_flag0(&f, &first, &last), w->D, "%s flag0 count", w->name);
            cr_expect(first.x == w->first.x && first.y == w->first.y, "%s first Flag0 (%d,%d)", w->name,
                      first.x, first.y);
            cr_expect(last.x == w->last.x && last.y == w->last.y, "%s last Flag0 (%d,%d)", w->name, last.x,
                      last.y);
        }
    }
}

Test(elist_examples, E2_boundary_exactly_zero_is_regime_1)
{
    grotto_floor_t f;
    grotto_elist_t e;
    floor_from_ascii(examples[1].rows, 13, &f);
    grotto_elist(&f, ICE, 7, &e);
    cr_expect_eq(e.boundary, 0);
    cr_expect_eq(e.regime, 1);
    cr_expect_eq(e.mr, 10);
    cr_expect_eq(e.cls, GT_CLASS_F7);
    cr_expect_str_eq(gt_monsters[e.only].id, "0B9"); /* Gem Slime */
}

Test(elist_examples, mr_is_capped_at_12)
{
    grotto_floor_t f;
    grotto_elist_t e;
    floor_from_ascii(examples[0].rows, 16, &f);   /* n = 16: smr 9 + 15 div 4 = 12 */
    grotto_elist(&f, FIRE, 9, &e);
    cr_expect_eq(e.mr, 12);
    f.index = 13;                                 /* 9 + 3 = 12 */
    grotto_elist(&f, FIRE, 9, &e);
    cr_expect_eq(e.mr, 12);
    f.index = 12;                                 /* 9 + 2 = 11 */
    grotto_elist(&f, FIRE, 9, &e);
    cr_expect_eq(e.mr, 11);
    f.index = 16;
    grotto_elist(&f, FIRE, 8, &e);                /* 8 + 3 = 11 */
    cr_expect_eq(e.mr, 11);
}

/* ------------------------------------------------------------------ */
/* Hand-made grids for the ElistOfs arithmetic                          */
/* ------------------------------------------------------------------ */

/* side x side floor with an open rectangle [x0..x0+w-1] x [y0..y0+h-1]
 * plus `tail` open tiles at the start of the row below it. */
static void open_block(grotto_floor_t *f, int side, int n, int x0, int y0, int w, int h, int tail)
{
    memset(f, 0, sizeof *f);
    memset(f->grid, GROTTO_TILE_WALL, sizeof f->grid);
    f->index = (uint8_t)n;
    f->width = f->height = (uint8_t)side;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++)
            f->grid[16 * y + x] = GROTTO_TILE_FLOOR;
    for (int x = x0; x < x0 + tail; x++)
        f->grid[16 * (y0 + h) + x] = GROTTO_TILE_CORRIDOR;
}

Test(elist_arith, regime_1_small_floor)
{
    /* 10 x 10, open 8 x 8: W = 64, X = 2*8*7 = 112; 16W + 8X = 1920.
     * Caves 1 (F 8, G 116): 4900 + 16*64 + 16*112 + 224 + 116 = 8056. */
    grotto_floor_t f;
    grotto_elist_t e;
    open_block(&f, 10, 1, 1, 1, 8, 8, 0);
    grotto_elist(&f, CAVES, 1, &e);
    cr_expect_eq(e.W, 64);
    cr_expect_eq(e.X, 112);
    cr_expect_eq(e.regime, 1);
    cr_expect_eq(e.boundary, 4128 - 1920);
    cr_expect_eq(e.A, 4896 + 1920);
    cr_expect_eq(e.B, 112);
    cr_expect_eq(e.D, 0);
    cr_expect_eq(e.ofs, 8056);
    cr_expect_eq(e.state, 0);
    cr_expect_eq(e.survivors, 8);
}

Test(elist_arith, boundary_exactly_zero)
{
    /* 14 x 9 block + 9 tiles below: W = 126 + 9 = 135,
     * X = (14*8 + 13*9) + 9 + 8 = 229 + 17 = 246; 16W + 8X = 2160 + 1968 = 4128.
     * Fire 4 (F 8, G 128): A = 9024, ofs = 9024 + 4 + 8*246 + 224 + 128 = 11348,
     * k = 288 div 20 = 14 -> column 7 -> 9. */
    grotto_floor_t f;
    grotto_elist_t e;
    open_block(&f, 16, 13, 1, 1, 14, 9, 9);
    grotto_elist(&f, FIRE, 1, &e);                /* smr 1, n 13 -> mr 4 */
    cr_expect_eq(e.mr, 4);
    cr_expect_eq(e.W, 135);
    cr_expect_eq(e.X, 246);
    cr_expect_eq(e.boundary, 0);
    cr_expect_eq(e.regime, 1);
    cr_expect_eq(e.A, 9024);
    cr_expect_eq(e.B, 246);
    cr_expect_eq(e.D, 0);
    cr_expect_eq(e.ofs, 11348);
    cr_expect_eq(e.state, 9);
    cr_expect_eq(e.survivors, 0);

    /* One more tail tile: 2W + X = 520 > 516 -> regime 2, B = 515 - 272 = 243. */
    open_block(&f, 16, 13, 1, 1, 14, 9, 10);
    grotto_elist(&f, FIRE, 1, &e);
    cr_expect_eq(e.boundary, -32);
    cr_expect_eq(e.regime, 2);
    cr_expect_eq(e.B, 243);
    cr_expect_eq(e.A, 9016);
}

Test(elist_arith, regime_2_open_floor)
{
    /* 16 x 16 with the whole 14 x 14 interior open: W = 196, X = 364,
     * B = 515 - 392 = 123. Pool by row: 123 -13-> 110 -27-> 83 -27-> 56
     * -27-> 29 -27-> 2; row 6: (1,6) U -> 1, (2,6) L -> 0 (U skipped);
     * Flag0 = (3,6)..(14,6) = 12, rows 7..14 = 8*14 = 112: D = 124.
     * Caves 1: ofs = 9016 + 4 + 984 + 496 + 224 + 116 = 10840 -> state 1. */
    grotto_floor_t f;
    grotto_elist_t e;
    grotto_xy first, last;
    open_block(&f, 16, 1, 1, 1, 14, 14, 0);
    grotto_elist(&f, CAVES, 1, &e);
    cr_expect_eq(e.W, 196);
    cr_expect_eq(e.X, 364);
    cr_expect_eq(e.regime, 2);
    cr_expect_eq(e.B, 123);
    cr_expect_eq(e.D, 124);
    cr_expect_eq(e.ofs, 10840);
    cr_expect_eq(e.state, 1);
    cr_expect_eq(ref_elist_flag0(&f, &first, &last), 124);
    cr_expect(first.x == 3 && first.y == 6, "first Flag0 (%d,%d)", first.x, first.y);
    cr_expect(last.x == 14 && last.y == 14, "last Flag0 (%d,%d)", last.x, last.y);
}

Test(elist_arith, regime_2_L_subtraction_unchecked)
{
    /* The open 14 x 14 floor with (1,6) walled: W = 195, B = 515 - 390 = 125.
     * Pool after rows 1..5: 125 - 13 - 4*27 = 4. (2,6): L = 0, U = 1 -> 3;
     * (3,6): L = U = 1 -> 1; (4,6): L -> 0 (unchecked), U skipped (pool 0);
     * Flag0 from (5,6): 10 in row 6 + 8*14 = 122. */
    grotto_floor_t f;
    grotto_xy first, last;
    open_block(&f, 16, 1, 1, 1, 14, 14, 0);
    f.grid[16 * 6 + 1] = GROTTO_TILE_WALL;
    int D = ref_elist_flag0(&f, &first, &last);
    cr_expect(first.x == 5 && first.y == 6, "first Flag0 (%d,%d)", first.x, first.y);
    cr_expect(last.x == 14 && last.y == 14, "last Flag0 (%d,%d)", last.x, last.y);
    cr_expect_eq(D, 122);
}

Test(elist_arith, regime_2_grids_always_have_flag0_tiles)
{
    /* In regime 2, X >= 517 - 2W = B + 2 while a D = 0 scan consumes at most
     * B + 1 passages, so a real grid always gives D >= 1 there. Check it on
     * every prefix-filled 14 x 14 interior that reaches regime 2. */
    int regime2 = 0;
    for (int cells = 1; cells <= 196; cells++) {
        grotto_floor_t f;
        grotto_elist_t e;
        open_block(&f, 16, 1, 1, 1, 14, (cells - 1) / 14, (cells - 1) % 14 + 1);
        grotto_elist(&f, CAVES, 1, &e);
        cr_assert_eq(e.W, cells);
        if (e.regime == 2) {
            regime2++;
            cr_expect_gt(e.D, 0, "W %d: regime 2 with D = 0", cells);
        }
    }
    fprintf(stderr, "elist_arith: %d prefix-filled grids in regime 2, all with D > 0\n", regime2);
    cr_expect_gt(regime2, 0);
}

Test(elist_arith, regime_2_with_D_zero_from_terms)
{
    /* From terms, D = 0 in regime 2: W = 180, X = 200 (2W + X = 560).
     * B = 155; ofs = 13140 - 16*180 + 0 + 28F + G; Ruins 7 (F 8, G 136):
     * 10260 + 224 + 136 = 10620 -> state 0. With D = 25: 10720, state 1. */
    grotto_elist_t e;
    grotto_elist_from_terms(RUINS, 7, 180, 200, 0, &e);
    cr_expect_eq(e.regime, 2);
    cr_expect_eq(e.B, 155);
    cr_expect_eq(e.A, 9016);
    cr_expect_eq(e.D, 0);
    cr_expect_eq(e.ofs, 10620);
    cr_expect_eq(e.state, 0);
    grotto_elist_from_terms(RUINS, 7, 180, 200, 25, &e);
    cr_expect_eq(e.D, 25);
    cr_expect_eq(e.ofs, 10720);
    cr_expect_eq(e.state, 1);
    /* regime 1 ignores D */
    grotto_elist_from_terms(RUINS, 7, 100, 150, 25, &e);
    cr_expect_eq(e.regime, 1);
    cr_expect_eq(e.D, 0);
    cr_expect_eq(e.ofs, 4900 + 1600 + 2400 + 224 + 136);
}

Test(elist_arith, closed_forms)
{
    /* §4 closed forms over every W 1..196, X 0..2W, both D's, all lists. */
    long cases = 0;
    int bad = 0;
    for (int env = 1; env <= 5; env++)
        for (int mr = 1; mr <= 12; mr++)
            for (int W = 1; W <= 196; W += 5)
                for (int X = 0; X <= 2 * W; X += 3)
                    for (int D = 0; D <= 40; D += 40) {
                        grotto_elist_t e;
                        grotto_elist_from_terms(env, mr, W, X, D, &e);
                        int FG = 28 * e.F + e.G;
                        int want = 16 * W + 8 * X <= 4128 ? 4900 + 16 * W + 16 * X + FG
                                                           : 13140 - 16 * W + 4 * D + FG;
                        if (e.ofs != want || e.ofs % 4 != 0)
                            bad++;
                        cases++;
                    }
    fprintf(stderr, "elist_arith: %ld closed-form cases, %d mismatches\n", cases, bad);
    cr_expect_eq(bad, 0);
}

/* ------------------------------------------------------------------ */
/* Classification                                                       */
/* ------------------------------------------------------------------ */

/* One list of each exception class (§5.2). */
static const struct {
    int cls, env, mr;
} class_lists[] = {
    {GT_CLASS_STD, CAVES, 2}, {GT_CLASS_F7, ICE, 10}, {GT_CLASS_F7A, ICE, 1},
    {GT_CLASS_A1, RUINS, 7},  {GT_CLASS_C3, CAVES, 1},
};

/* §5.3 table, restated here from the spec (not read from gt_class_table);
 * -1 = "0/1". */
static const int spec_table[5][8] = {
    {2, 3, 4, 5, 6, 7, 8, 9},       /* STD */
    {-1, 3, 4, 5, 6, 7, 8, 9},      /* F7 */
    {-1, 3, 4, 5, 14, 15, 16, 9},   /* F7A */
    {2, 3, 4, 5, 14, 15, 16, 9},    /* A1 */
    {2, 3, 10, 11, 12, 13, 16, 9},  /* C3 */
};

Test(elist_class, from_terms_every_class_every_k)
{
    int checked = 0;
    for (int c = 0; c < 5; c++) {
        int env = class_lists[c].env, mr = class_lists[c].mr;
        cr_assert_eq(gt_floor_tables[env][mr].cls, class_lists[c].cls, "class of list %d/%d", env, mr);
        for (int k = 0; k <= 7; k++)
            for (int D = 0; D <= 5; D += 5) {
                /* regime 2 via X = 392: ofs = 13140 - 16W + 4D + 28F + G steps by 16,
                 * so some W in 63..196 lands in [0x2B34 + 20k, 0x2B34 + 20k + 19]. */
                int found = 0;
                for (int W = 63; W <= 196 && !found; W++) {
                    grotto_elist_t e;
                    grotto_elist_from_terms(env, mr, W, 392, D, &e);
                    if (e.ofs < 11060 + 20 * k || e.ofs > 11060 + 20 * k + 19)
                        continue;
                    found = 1;
                    int want = spec_table[c][k] < 0 ? (D > 0 ? 1 : 0) : spec_table[c][k];
                    cr_expect_eq(e.regime, 2);
                    cr_expect_eq(e.state, want, "class %s k %d D %d ofs %d: state %d, want %d",
                                 gt_class_name[c], k, D, e.ofs, e.state, want);
                    cr_expect_eq(ref_elist_state_by_memory(env, mr, e.survivors, e.D), want,
                                 "class %s k %d D %d: memory model", gt_class_name[c], k, D);
                    checked++;
                }
                cr_expect(found, "class %d k %d: no W found", c, k);
            }
    }
    fprintf(stderr, "elist_class: %d (class, k, D) cases from terms\n", checked);
    cr_expect_eq(checked, 5 * 8 * 2);
}

Test(elist_class, generated_table_matches_spec)
{
    for (int c = 0; c < 5; c++)
        for (int k = 0; k < 8; k++)
            cr_expect_eq(gt_class_table[c][k], spec_table[c][k], "class %d k %d", c, k);
}

Test(elist_class, below_first_cut)
{
    /* <= 0x2B30: D decides; 0x2B31..0x2B33 is 0 (never a real ElistOfs). */
    cr_expect_eq(ref_elist_state_by_table(CAVES, 2, 11056, 0), 0);
    cr_expect_eq(ref_elist_state_by_table(CAVES, 2, 11056, 3), 1);
    cr_expect_eq(ref_elist_state_by_table(CAVES, 2, 11057, 3), 0);
    cr_expect_eq(ref_elist_state_by_table(CAVES, 2, 11059, 3), 0);
    cr_expect_eq(ref_elist_state_by_table(CAVES, 2, 11060, 3), 2);
    cr_expect_eq(ref_elist_state_by_table(CAVES, 2, 5000, 0), 0);
}

Test(elist_class, table_rule_equals_memory_model_exhaustively)
{
    /* §5.4 verification: 60 lists x ElistOfs 10000..11800 step 4 x {D = 0, D > 0}. */
    long cases = 0;
    int disagree = 0, seen[GT_STATE_COUNT] = {0};
    for (int env = 1; env <= 5; env++)
        for (int mr = 1; mr <= 12; mr++) {
            int F = gt_floor_tables[env][mr].F;
            for (int ofs = 10000; ofs <= 11800; ofs += 4)
                for (int D = 0; D <= 1; D++) {
                    int survivors = ref_elist_survivors(ofs, F);
                    int clamp = ofs > 11216 ? 0 : (11216 - ofs) / 20;
                    if (clamp > F)
                        clamp = F;
                    cr_expect_eq(survivors, clamp, "survivors ofs %d F %d", ofs, F);
                    int by_table = ref_elist_state_by_table(env, mr, ofs, D);
                    int by_memory = ref_elist_state_by_memory(env, mr, survivors, D);
                    if (by_table != by_memory) {
                        if (disagree++ < 10)
                            fprintf(stderr, "env %d mr %d ofs %d D %d: table %d memory %d\n", env, mr, ofs,
                                    D, by_table, by_memory);
                    }
                    if (by_table >= 0 && by_table < GT_STATE_COUNT)
                        seen[by_table]++;
                    cases++;
                }
        }
    int states = 0;
    for (int s = 0; s < GT_STATE_COUNT; s++)
        states += seen[s] > 0;
    fprintf(stderr, "elist_class: %ld table-vs-memory cases, %d disagreements, %d of 17 states produced\n",
            cases, disagree, states);
    cr_expect_eq(cases, 54120);
    cr_expect_eq(disagree, 0);
    cr_expect_eq(states, 17);
}

Test(elist_class, memory_model_through_the_struct)
{
    /* Every from_terms result carries survivors consistent with its state. */
    long cases = 0;
    int bad = 0;
    for (int env = 1; env <= 5; env++)
        for (int mr = 1; mr <= 12; mr++)
            for (int W = 100; W <= 196; W++)
                for (int X = 150; X <= 2 * W && X <= 392; X += 7)
                    for (int D = 0; D <= 9; D += 9) {
                        grotto_elist_t e;
                        grotto_elist_from_terms(env, mr, W, X, D, &e);
                        if (ref_elist_state_by_memory(env, mr, e.survivors, e.D) != e.state)
                            bad++;
                        cases++;
                    }
    fprintf(stderr, "elist_class: %ld struct cases, %d memory/state mismatches\n", cases, bad);
    cr_expect_eq(bad, 0);
}

Test(elist_tables, lists_are_consistent_with_the_spec)
{
    /* §1: F = 7 exactly for Ice 1, 10, 11, 12 and Ruins 3; lists ascending;
     * 026/027/028 always present; G = sum of g; §6: ONLY = lowest-numbered
     * non-chest entry. */
    for (int env = 1; env <= 5; env++)
        for (int mr = 1; mr <= 12; mr++) {
            const struct gt_floor_table *t = &gt_floor_tables[env][mr];
            int f7 = (env == ICE && (mr == 1 || mr >= 10)) || (env == RUINS && mr == 3);
            cr_expect_eq(t->F, f7 ? 7 : 8, "F of %d/%d", env, mr);
            int g = 0, chests = 0, only = -1;
            for (int i = 0; i < t->F; i++) {
                uint16_t m = t->spawn[i].monster;
                if (i > 0)
                    cr_expect_lt(gt_monsters[t->spawn[i - 1].monster].number, gt_monsters[m].number);
                g += gt_monsters[m].g;
                if (m == GT_MONSTER_026 || m == GT_MONSTER_027 || m == GT_MONSTER_028)
                    chests++;
                else if (only < 0)
                    only = m;
            }
            cr_expect_eq(chests, 3, "chest monsters in %d/%d", env, mr);
            cr_expect_eq(g, t->G, "G of %d/%d", env, mr);
            cr_expect_eq(only, t->only, "ONLY of %d/%d", env, mr);
        }
}

/* ------------------------------------------------------------------ */
/* Region display (HW-7) and state texts                                */
/* ------------------------------------------------------------------ */

Test(elist_region, intl_display_adds_128_only)
{
    grotto_floor_t f;
    grotto_elist_t e;
    floor_from_ascii(examples[5].rows, 9, &f);    /* E6 */
    grotto_elist(&f, RUINS, 5, &e);
    cr_expect_eq(grotto_elist_display_ofs(&e, GROTTO_REGION_JP), 0x2BA0);
    cr_expect_eq(grotto_elist_display_ofs(&e, GROTTO_REGION_INTL), 0x2BA0 + 128);
    cr_expect_eq(e.ofs, 0x2BA0, "the classified value stays unpadded");
    cr_expect_eq(e.state, 15);
    /* Classifying the padded value would be wrong (state 9 instead of 15)... */
    cr_expect_eq(ref_elist_state_by_table(RUINS, 7, 0x2BA0 + 128, e.D), 9);
    /* ...unless the thresholds move too: start 128 later in an area 128 larger. */
    int padded = 0;
    for (int j = 1; j <= e.F; j++)
        if ((0x2BA0 + 128) + 128 + 20 * j <= 11344 + 128)
            padded = j;
    cr_expect_eq(padded, e.survivors);
}

static void expect_text(const grotto_elist_t *e, int jp, const char *want)
{
    char buf[256];
    int n = grotto_elist_state_text(e, jp, buf, sizeof buf);
    cr_expect_str_eq(buf, want, "state %d jp %d", e->state, jp);
    cr_expect_eq(n, (int)strlen(want));
}

Test(elist_text, labels)
{
    grotto_elist_t e;
    grotto_elist_from_terms(RUINS, 7, 100, 150, 0, &e);  /* LMS is Ruins 7's ONLY */
    cr_assert_str_eq(gt_monsters[e.only].id, "01B");
    e.state = 0;
    expect_text(&e, 0, "Normal");
    expect_text(&e, 1, "通常");
    e.state = 1;
    expect_text(&e, 0, "Partially No-enemy");
    expect_text(&e, 1, "部分敵無");
    e.state = 2;
    expect_text(&e, 0, "4-enemy");
    expect_text(&e, 1, "敵減 4 種");
    e.state = 5;
    expect_text(&e, 0, "Liquid Metal Slime only");
    expect_text(&e, 1, "はぐれメタルオンリー");
    e.state = 9;
    expect_text(&e, 0, "No-enemy (No Cannibox)");
    expect_text(&e, 1, "敵無 (ひとくいばこ消失)");
    e.state = 12;
    expect_text(&e, 0, "3-enemy (No Cannibox)");
    expect_text(&e, 1, "敵減 3 種 (ひとくいばこ消失)");
    e.state = 14;
    expect_text(&e, 0, "Liquid Metal Slime only (No Pandora's Box)");
    expect_text(&e, 1, "はぐれメタルオンリー (パンドラボックス消失)");
    e.state = 15;
    expect_text(&e, 0, "Liquid Metal Slime only (No Mimic)");
    expect_text(&e, 1, "はぐれメタルオンリー (ミミック消失)");
    e.state = 16;
    expect_text(&e, 0, "Liquid Metal Slime only (No Cannibox)");
    expect_text(&e, 1, "はぐれメタルオンリー (ひとくいばこ消失)");
}

Test(elist_text, worked_examples_and_truncation)
{
    grotto_floor_t f;
    grotto_elist_t e;
    floor_from_ascii(examples[1].rows, 13, &f);   /* E2: Gem Slime only */
    grotto_elist(&f, ICE, 7, &e);
    expect_text(&e, 0, "Gem Slime only");
    expect_text(&e, 1, "ゴールデンスライムオンリー");
    floor_from_ascii(examples[5].rows, 9, &f);    /* E6 */
    grotto_elist(&f, RUINS, 5, &e);
    expect_text(&e, 0, "Liquid Metal Slime only (No Mimic)");
    expect_text(&e, 1, "はぐれメタルオンリー (ミミック消失)");
    char small[8];
    int n = grotto_elist_state_text(&e, 0, small, sizeof small);
    cr_expect_eq(n, (int)strlen("Liquid Metal Slime only (No Mimic)"));
    cr_expect_str_eq(small, "Liquid ");
}

/* ------------------------------------------------------------------ */
/* End to end: maps-sample x floors-sample                              */
/* ------------------------------------------------------------------ */

typedef struct floor_index {
    grotto_floor_t **at;  /* [seed * 16 + floor - 1] */
    long floors;
} floor_index;

static void index_floor(const tj *line, void *ctx)
{
    floor_index *ix = ctx;
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    const char *hex = tj_str(line, "record");
    cr_assert(hex && hex_decode(hex, rec, sizeof rec) == GROTTO_FLOOR_RECORD_SIZE);
    grotto_floor_t *f = malloc(sizeof *f);
    cr_assert(f && grotto_floor_from_record(rec, f) == 0);
    long seed = tj_int(line, "seed"), n = tj_int(line, "floor");
    cr_assert_eq(f->index, n);
    size_t slot = grotto_floor_slot((uint32_t)seed, (int)n);
    free(ix->at[slot]);
    ix->at[slot] = f;
    ix->floors++;
}

typedef struct e2e {
    floor_index ix;
    long maps, pairs, mismatches;
    long per_state[GT_STATE_COUNT];
} e2e;

static void check_map(const tj *line, void *ctx)
{
    e2e *c = ctx;
    long seed = tj_int(line, "seed"), env = tj_int(line, "env"), smr = tj_int(line, "smr");
    long floors = tj_int(line, "floors");
    const tj *elist = tj_get(line, "elist");
    cr_assert(elist && (long)elist->len == floors);
    c->maps++;
    for (long n = 1; n <= floors; n++) {
        const grotto_floor_t *f = c->ix.at[grotto_floor_slot((uint32_t)seed, (int)n)];
        if (!f)
            continue;
        const tj *want = tj_at(elist, (size_t)(n - 1));
        grotto_elist_t e;
        grotto_elist(f, (int)env, (int)smr, &e);
        char text[256];
        grotto_elist_state_text(&e, 0, text, sizeof text);
        const char *want_text = tj_str(want, "state_text"); /* null for state 0 */
        long want_state = tj_int(want, "state");
        int ok = e.ofs == tj_int(want, "ofs") && e.D == tj_int(want, "D") && e.state == want_state &&
                 (want_state == 0 ? want_text == NULL : want_text && !strcmp(text, want_text));
        if (!ok && c->mismatches++ < 10)
            fprintf(stderr, "band %ld seed %#lx floor %ld: ofs %d D %d state %d '%s'; want %ld %ld %ld '%s'\n",
                    tj_int(line, "band"), seed, n, e.ofs, e.D, e.state, text, tj_int(want, "ofs"),
                    tj_int(want, "D"), want_state, want_text ? want_text : "(null)");
        c->pairs++;
        if (e.state < GT_STATE_COUNT)
            c->per_state[e.state]++;
    }
}

Test(elist_golden, maps_sample_x_floors_sample, .timeout = 240)
{
    static e2e c;
    c.ix.at = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *c.ix.at);
    cr_assert(c.ix.at);
    cr_assert_gt(tj_each_line("golden/floors-sample.jsonl", index_floor, &c.ix), 0);
    cr_assert_gt(tj_each_line("golden/maps-sample.jsonl", check_map, &c), 0);
    fprintf(stderr, "elist_golden: %ld floors indexed, %ld maps, %ld map-floor pairs checked, %ld mismatches\n",
            c.ix.floors, c.maps, c.pairs, c.mismatches);
    fprintf(stderr, "elist_golden: pairs per state:");
    for (int s = 0; s < GT_STATE_COUNT; s++)
        if (c.per_state[s])
            fprintf(stderr, " %d:%ld", s, c.per_state[s]);
    fprintf(stderr, "\n");
    cr_expect_eq(c.mismatches, 0);
    cr_expect_gt(c.pairs, 40000);
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++)
        free(c.ix.at[i]);
    free(c.ix.at);
}
