/* The reference floor generator run stage by stage (floor-generation.md
 * §4), for the tests of one stage: ref_stages_begin seeds the work area
 * (§3.7), ref_stages_run runs the phases up to but not including `stop`
 * (0 BSP, 1 rooms and doors, 2 erosion, 3 corridors, 4 ring, 5 stairs,
 * 6 chests) through ref/'s stage functions, so a test can look at the
 * grid before and after the one stage it is about. Header-only: included
 * by test_ref_* files only (they see ref/'s internal headers). */
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

#endif
