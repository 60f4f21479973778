/* One grotto floor: size (floor-generation.md §2), seeding, the top-level
 * driver (§4), and the FloorRecord mapping of the work area (records.md). */
#include <assert.h>
#include <string.h>

#include "floor_internal.h"
#include "work_area.h"

_Static_assert(sizeof(((ref_floor_run *)0)->A) == WA_SIZE && (int)WA_SIZE == (int)GROTTO_WORK_AREA_SIZE,
               "the work area is 1,336 bytes (§3.1)");

/* §2 SIZE(S, k): S + k is ordinary integer addition (no 16-bit wrap). */
int grotto_floor_side(uint32_t seed, int k)
{
    if (k < 1 || k > GROTTO_MAX_FLOORS)
        return -1;
    uint64_t sk = (uint64_t)seed + (uint64_t)k;
    if (k >= 13)
        return 16;
    if (k >= 9)
        return (int)(sk % 3) + 14;
    if (k >= 5)
        return (int)(sk % 4) + 12;
    return (int)(sk % 5) + 10;
}

/* Phase bookkeeping for ref_floor_run: the state at the start of a phase,
 * and its draws (phase_draws holds the starting count until phase_end). */
static void phase_begin(ref_floor_run *run, const ref_gen *g, int phase)
{
    run->phase_start_state[phase] = g->rng.state;
    run->phase_draws[phase] = g->rng.draws;
}

static void phase_end(ref_floor_run *run, const ref_gen *g, int phase)
{
    run->phase_draws[phase] = g->rng.draws - run->phase_draws[phase];
}

/* §4 GENERATE_FLOOR(S, k), k in 1..16. */
void ref_floor_generate(uint32_t seed, int k, ref_floor_run *run)
{
    assert(k >= 1 && k <= GROTTO_MAX_FLOORS);
    memset(run, 0, sizeof *run);
    ref_gen g = {.A = run->A};
    uint8_t *A = run->A;

    /* §3.7: all zero except the sizes */
    int side = grotto_floor_side(seed, k);
    wa_set(A, HDR_W, side);
    wa_set(A, HDR_H, side);
    int W = wa_get(A, HDR_W), H = wa_get(A, HDR_H);

    wa_set(A, HDR_FLOOR_INDEX, k);
    wa_set(A, HDR_CHEST_COUNT, 0);
    grotto_rng_seed(&g.rng, seed + (uint32_t)k); /* §2: (S + k) mod 2^32 */
    for (int i = 0; i < 256; i++)                /* whole 16x16 grid = wall */
        wa_set(A, WA_GRID + i, T_WALL);
    wa_set(A, HDR_NODE_COUNT, 1);
    wa_set(A, HDR_SPLIT_COUNT, 0);
    wa_set(A, HDR_ROOM_COUNT, 0);
    wa_set(A, HDR_SPECIAL_DONE, 0);
    int N0 = wa_node(0);
    wa_set(A, N0 + NODE_X0, 1);
    wa_set(A, N0 + NODE_Y0, 1);
    wa_set(A, N0 + NODE_X1, W - 2);
    wa_set(A, N0 + NODE_Y1, H - 2);
    wa_set(A, N0 + NODE_ROW_CUT_DONE, 0);
    wa_set(A, N0 + NODE_COL_CUT_DONE, 0);

    phase_begin(run, &g, 0); /* Phase 1, §5 */
    ref_bsp_visit(&g, 0);
    phase_end(run, &g, 0);

    phase_begin(run, &g, 1); /* Phase 2, §6: room slot = current roomCount */
    for (int n = 0; n < wa_get(A, HDR_NODE_COUNT); n++)
        if (ref_carve_room(&g, n, wa_get(A, HDR_ROOM_COUNT)))
            wa_set(A, HDR_ROOM_COUNT, wa_get(A, HDR_ROOM_COUNT) + 1);
    phase_end(run, &g, 1);

    phase_begin(run, &g, 2); /* Phase 3, §7 */
    for (int n = 0; n < wa_get(A, HDR_NODE_COUNT); n++)
        ref_erode(&g, n);
    phase_end(run, &g, 2);

    phase_begin(run, &g, 3); /* Phase 4, §8 */
    for (int s = 0; s < wa_get(A, HDR_SPLIT_COUNT); s++)
        ref_connect_split(&g, s);
    phase_end(run, &g, 3);

    phase_begin(run, &g, 4); /* Phase 5, §9 */
    ref_force_outer_ring(&g);
    phase_end(run, &g, 4);

    phase_begin(run, &g, 5); /* Phase 6, §10 */
    g.overflow = 0;
    ref_place_stairs(&g);
    phase_end(run, &g, 5);

    phase_begin(run, &g, 6); /* Phase 7, §11 */
    if (wa_get(A, HDR_FLOOR_INDEX) <= 2)
        wa_set(A, HDR_CHEST_COUNT, 0); /* floors 1 and 2: no chests, no draws */
    else
        ref_place_chests(&g);
    phase_end(run, &g, 6);

    run->draws = g.rng.draws;
    run->final_state = g.rng.state;
    run->overflow = g.overflow;
    run->up_tile_before = g.up_tile_before;
}

/* records.md: FloorRecord fields from the work area. */
void ref_floor_from_run(const ref_floor_run *run, grotto_floor_t *out)
{
    const uint8_t *A = run->A;
    memset(out, 0, sizeof *out);
    out->index = A[HDR_FLOOR_INDEX];
    out->width = A[HDR_W];
    out->height = A[HDR_H];
    out->overflow = run->overflow ? 1 : 0;
    out->up.x = A[HDR_UP_X];
    out->up.y = A[HDR_UP_Y];
    out->down.x = A[HDR_DOWN_X];
    out->down.y = A[HDR_DOWN_Y];
    out->chest_count = A[HDR_CHEST_COUNT];
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++) {
        out->chest[i].x = A[HDR_CHEST0_X + 2 * i];
        out->chest[i].y = A[HDR_CHEST0_X + 2 * i + 1];
    }
    memcpy(out->grid, A + WA_GRID, GROTTO_CELLS);
}

int grotto_floor_ex(uint32_t seed, int k, grotto_floor_t *out, uint32_t *draws,
                    uint8_t work_area[GROTTO_WORK_AREA_SIZE])
{
    if (k < 1 || k > GROTTO_MAX_FLOORS)
        return -1;
    ref_floor_run run;
    ref_floor_generate(seed, k, &run);
    if (out)
        ref_floor_from_run(&run, out);
    if (draws)
        *draws = run.draws;
    if (work_area)
        memcpy(work_area, run.A, GROTTO_WORK_AREA_SIZE);
    return 0;
}

int grotto_floor(uint32_t seed, int k, grotto_floor_t *out)
{
    return grotto_floor_ex(seed, k, out, NULL, NULL);
}
