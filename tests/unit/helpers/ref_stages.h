/* The reference floor generator run stage by stage (floor-generation.md
 * §4), for the tests of one stage: ref_stages_begin seeds the work area
 * (§3.7), ref_stages_run runs the phases up to but not including `stop`
 * (0 BSP, 1 rooms and doors, 2 erosion, 3 corridors, 4 ring, 5 stairs,
 * 6 chests) through ref/'s stage functions, so a test can look at the
 * grid before and after the one stage it is about; the worked examples
 * A and B of §13 phase by phase, and the check of one phase against them.
 * Header-only: included by test_ref_* files only (they see ref/'s
 * internal headers). */
#ifndef GROTTO_TEST_REF_STAGES_H
#define GROTTO_TEST_REF_STAGES_H

#include <string.h>

#include "floor_internal.h"
#include "work_area.h"

typedef struct ref_stages {
    uint8_t A[GROTTO_WORK_AREA_SIZE];
    ref_gen g;
    int next;  /* the phase that runs next */
} ref_stages;

static inline void ref_stages_begin(ref_stages *s, uint32_t seed, int k)
{
    memset(s, 0, sizeof *s);
    s->g.A = s->A;
    uint8_t *A = s->A;
    int side = grotto_floor_side(seed, k);
    wa_set(A, HDR_W, side);
    wa_set(A, HDR_H, side);
    wa_set(A, HDR_FLOOR_INDEX, k);
    grotto_rng_seed(&s->g.rng, seed + (uint32_t)k);
    for (int i = 0; i < 256; i++)
        wa_set(A, WA_GRID + i, T_WALL);
    wa_set(A, HDR_NODE_COUNT, 1);
    int N0 = wa_node(0);
    wa_set(A, N0 + NODE_X0, 1);
    wa_set(A, N0 + NODE_Y0, 1);
    wa_set(A, N0 + NODE_X1, side - 2);
    wa_set(A, N0 + NODE_Y1, side - 2);
}

/* Runs the phases from s->next up to (not including) stop. */
static inline void ref_stages_run(ref_stages *s, int stop)
{
    uint8_t *A = s->A;
    for (; s->next < stop; s->next++)
        switch (s->next) {
        case 0:
            ref_bsp_visit(&s->g, 0);
            break;
        case 1:
            for (int n = 0; n < wa_get(A, HDR_NODE_COUNT); n++)
                if (ref_carve_room(&s->g, n, wa_get(A, HDR_ROOM_COUNT)))
                    wa_set(A, HDR_ROOM_COUNT, wa_get(A, HDR_ROOM_COUNT) + 1);
            break;
        case 2:
            for (int n = 0; n < wa_get(A, HDR_NODE_COUNT); n++)
                ref_erode(&s->g, n);
            break;
        case 3:
            for (int sp = 0; sp < wa_get(A, HDR_SPLIT_COUNT); sp++)
                ref_connect_split(&s->g, sp);
            break;
        case 4:
            ref_force_outer_ring(&s->g);
            break;
        case 5:
            s->g.overflow = 0;
            ref_place_stairs(&s->g);
            break;
        default:
            if (wa_get(A, HDR_FLOOR_INDEX) > 2)
                ref_place_chests(&s->g);
            break;
        }
}

/* The W x W part of the grid as rows of tile digits, row y at out + (W+1)*y. */
static inline void ref_stages_grid(const ref_stages *s, char *out)
{
    int w = wa_get(s->A, HDR_W);
    for (int y = 0; y < w; y++) {
        for (int x = 0; x < w; x++)
            out[(w + 1) * y + x] = (char)('0' + wa_get(s->A, WA_GRID + WA_STRIDE * y + x));
        out[(w + 1) * y + w] = y + 1 < w ? '\n' : 0;
    }
}

/* ---- the worked examples of floor-generation.md §13, phase by phase ----
 * The grid after each phase (the spec's side-by-side columns, rows joined
 * by newlines), the draws of each phase and the generator state at the
 * start of each phase (start[7]: the final state). */
typedef struct ref_example {
    const char *name;
    uint32_t seed;
    int k;
    const char *grid[REF_PHASES];
    uint32_t draws[REF_PHASES];
    uint32_t start[REF_PHASES + 1];
} ref_example;

/* §13.1 Example A: map seed 0x5BC3, floor 4 */
static const ref_example REF_EXAMPLE_A = {
    "example A (0x5BC3 B4F)", 0x5BC3, 4,
    {"1111111111\n1111131111\n1111131111\n1111131111\n1333331111\n"
     "1111133331\n1111131111\n1111131111\n1111131111\n1111111111",
     "1111111111\n1111131111\n1108131801\n1188131881\n1333331111\n"
     "1111133331\n1108131111\n1188131081\n1111131881\n1111111111",
     "1111111111\n1111131111\n1008131801\n1188131881\n1330331111\n"
     "1110133331\n1108131111\n1188131081\n1110131881\n1110111111",
     "1111111111\n1111131111\n1008222801\n1188131881\n1332331211\n"
     "1112133221\n1108131121\n1188131081\n1110131881\n1110111111",
     "1111111111\n1111131111\n1008222801\n1188131881\n1332331211\n"
     "1112133221\n1108131121\n1188131081\n1110131881\n1111111111",
     "1111111111\n1111131111\n1045222801\n1148131441\n1332331211\n"
     "1112133221\n1104131121\n1144131481\n1110131481\n1111111111",
     "1111111111\n1111131111\n1045222601\n1148131441\n1332331211\n"
     "1112133221\n1164131121\n1144131481\n1110131461\n1111111111"},
    {10, 30, 46, 12, 0, 3945, 34},
    {0x00005BC7, 0x1582A6D5, 0x43A1C69F, 0x9AAE8149, 0x86DC33BD, 0x86DC33BD, 0x7D16E82A, 0xA28E4E18},
};

/* §13.3 Example B: map seed 0x0000, floor 1 (no chest phase draws) */
static const ref_example REF_EXAMPLE_B = {
    "example B (0x0000 B1F)", 0x0000, 1,
    {"11111111111\n11111311111\n11111311111\n11111311111\n11111311111\n13333333331\n"
     "11111111111\n11111111111\n11111111111\n11111111111\n11111111111",
     "11111111111\n18008311111\n10000318811\n18800310811\n11111311111\n13333333331\n"
     "11808800111\n11000000111\n11800808111\n11111111111\n11111111111",
     "11111111111\n18008311111\n10000308811\n18800310801\n11110311111\n13333333331\n"
     "11808810111\n11000000111\n11800808111\n11001110111\n11111111111",
     "11111111111\n18008211111\n10000228811\n18800310801\n11210311111\n13222233331\n"
     "11808810111\n11000000111\n11800808111\n11001110111\n11111111111",
     "11111111111\n18008211111\n10000228811\n18800310801\n11210311111\n13222233331\n"
     "11808810111\n11000000111\n11800808111\n11001110111\n11111111111",
     "11111111111\n18048211111\n10400228811\n18800310801\n11210311111\n13222233331\n"
     "11808810111\n11000050111\n11800808111\n11001110111\n11111111111",
     "11111111111\n18048211111\n10400228811\n18800310801\n11210311111\n13222233331\n"
     "11808810111\n11000050111\n11800808111\n11001110111\n11111111111"},
    {7, 27, 59, 8, 0, 17, 0},
    {0x00000001, 0xD9E2B600, 0x5656AEC7, 0xF809B8FA, 0x14526D52, 0x14526D52, 0x6E32F013, 0x6E32F013},
};

/* Runs ex up to `phase`, checks the grid before it (the previous phase's
 * column) and the state it starts from, runs it, and checks the grid,
 * the draws and the state after it; s is left after the phase. Uses
 * Criterion's cr_expect (include criterion.h first). */
static inline void ref_stages_expect_phase(ref_stages *s, const ref_example *ex, int phase)
{
    char got[16 * 17];
    ref_stages_begin(s, ex->seed, ex->k);
    ref_stages_run(s, phase);
    if (phase > 0) {
        ref_stages_grid(s, got);
        cr_expect_str_eq(got, ex->grid[phase - 1], "%s before phase %d:\n%s", ex->name, phase, got);
    }
    cr_expect_eq(s->g.rng.state, ex->start[phase], "%s: phase %d starts at %08X, want %08X", ex->name, phase,
                 s->g.rng.state, ex->start[phase]);
    uint32_t before = s->g.rng.draws;
    ref_stages_run(s, phase + 1);
    ref_stages_grid(s, got);
    cr_expect_str_eq(got, ex->grid[phase], "%s after phase %d:\n%s\nwant\n%s", ex->name, phase, got,
                     ex->grid[phase]);
    cr_expect_eq(s->g.rng.draws - before, ex->draws[phase], "%s: phase %d draws %u, want %u", ex->name, phase,
                 s->g.rng.draws - before, ex->draws[phase]);
    cr_expect_eq(s->g.rng.state, ex->start[phase + 1], "%s: phase %d ends at %08X, want %08X", ex->name, phase,
                 s->g.rng.state, ex->start[phase + 1]);
}

#endif
