/* Phase 6 of the reference floor generator, the stairs
 * (floor-generation.md §10, ref/stairs.c), on its own: the floors of
 * §13.1 (Example A, which enters overflow mode and leaves a ghost up
 * stairs) and §13.3 (Example B) are run up to the stage, their grid
 * checked against the spec's "ring" column, then the stage runs and the
 * grid must be the "stairs" column, with the stairs, the draws, the
 * overflow flag and the end state; the §10.1 helpers (CLASSIFY and its
 * blacklist) and the overflow floors of §14. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/floor.h"
#include "ref_stages.h"

Test(ref_stairs, example_a_0x5BC3_floor4_overflow_and_ghost)
{
    ref_stages s;
    /* the ghost up stairs (4) of refused candidates stay behind */
    ref_stages_expect_phase(&s, &REF_EXAMPLE_A, 5);
    cr_expect_eq(s.g.overflow, 1, "example A enters overflow mode");
    cr_expect_eq(s.g.up_tile_before, 4, "the final up stairs land on a ghost");
    cr_expect(wa_get(s.A, HDR_UP_X) == 7 && wa_get(s.A, HDR_UP_Y) == 8);
    cr_expect(wa_get(s.A, HDR_DOWN_X) == 3 && wa_get(s.A, HDR_DOWN_Y) == 2);
}

Test(ref_stairs, example_b_0x0000_floor1)
{
    ref_stages s;
    ref_stages_expect_phase(&s, &REF_EXAMPLE_B, 5);
    cr_expect_eq(s.g.overflow, 0);
    cr_expect_eq(s.g.up_tile_before, 0, "the final up stairs are written on floor");
    cr_expect(wa_get(s.A, HDR_UP_X) == 2 && wa_get(s.A, HDR_UP_Y) == 2);
    cr_expect(wa_get(s.A, HDR_DOWN_X) == 6 && wa_get(s.A, HDR_DOWN_Y) == 7);
}

/* ------------------------------------------------- §14 overflow floors */

Test(ref_stairs, overflow_floor_seeds_above_0x7FFF)
{
    /* §14: the groups 0x98F3 and 0xDF70 (floors 1..4 of S = seed - k) */
    const uint32_t floor_seed[2] = {0x98F3, 0xDF70};
    for (int i = 0; i < 2; i++)
        for (int k = 1; k <= 4; k++) {
            grotto_floor_t f;
            cr_assert_eq(grotto_floor_ex(floor_seed[i] - (uint32_t)k, k, &f, NULL, NULL), 0);
            cr_expect_eq(f.overflow, 1, "(%#x, %d) should overflow", floor_seed[i] - (uint32_t)k, k);
        }
    /* and a neighbour of each group does not */
    grotto_floor_t f;
    cr_assert_eq(grotto_floor_ex(0x98F3 - 5, 5, &f, NULL, NULL), 0);
    cr_expect_eq(f.overflow, 0);
}

/* ------------------------------------------------- §10.1 CLASSIFY */

/* Build a 3x3 neighbourhood around (5, 5) on an all-floor grid. */
static int classify_pattern(int blocked_mask, int centre)
{
    /* bit order of the mask: NW N NE E SE S SW W (same as the code bits) */
    static const int dx[8] = {-1, 0, 1, 1, 1, 0, -1, -1};
    static const int dy[8] = {-1, -1, -1, 0, 1, 1, 1, 0};
    uint8_t A[1336] = {0};
    for (int i = 0; i < 256; i++)
        A[792 + i] = 0;
    A[792 + 16 * 5 + 5] = (uint8_t)centre;
    for (int b = 0; b < 8; b++)
        if (blocked_mask & (0x80 >> b))
            A[792 + 16 * (5 + dy[b]) + 5 + dx[b]] = (b & 1) ? 3 : 1; /* walls and partitions */
    return ref_classify(A, 5, 5);
}

Test(ref_stairs, classify_blacklist_shapes)
{
    /* §10.1 table: orthogonal blocked + far diagonal(s), all else open.
     * Mask bits: NW N NE E SE S SW W. */
    enum { NW = 0x80, N = 0x40, NE = 0x20, E = 0x10, SE = 0x08, S = 0x04, SW = 0x02, W = 0x01 };
    const struct { int code, mask; } rows[] = {
        {46, S | NE},       {58, E | SW},       {139, W | SE},      {142, S | NW},
        {163, W | NE},      {171, W | NE | SE}, {174, S | NE | NW}, {184, E | NW},
        {186, E | SW | NW}, {226, N | SW},      {232, N | SE},      {234, N | SE | SW},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        cr_expect_eq(classify_pattern(rows[i].mask, 0), rows[i].code, "shape of %d", rows[i].code);
        cr_expect(ref_blacklisted(rows[i].code));
    }
    cr_expect_eq(classify_pattern(0, 0), 0, "open all round");
    cr_expect_eq(classify_pattern(0xFF, 2), 255, "closed all round");
    cr_expect_eq(classify_pattern(0, 1), 255, "a wall centre classifies as 255");
    cr_expect_eq(classify_pattern(0, 3), 255, "a partition centre classifies as 255");
    cr_expect_not(ref_blacklisted(255));
    cr_expect_not(ref_blacklisted(0));
    /* a lone diagonal sets only its corner bit */
    cr_expect_eq(classify_pattern(NE, 8), 0x20);
    /* an orthogonal sets itself and both neighbouring corners */
    cr_expect_eq(classify_pattern(E, 4), 0x20 | 0x10 | 0x08);
}
