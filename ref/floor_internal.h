/* Internal API of the reference floor generator (floor-generation.md §4-§11).
 * Used by ref/floor.c, by the ref engine and by the tests; not public.
 *
 * One file per stage:
 *   partition.c        §5  BSP_VISIT, SPLIT_ROWS, SPLIT_COLS, AFTER_SPLIT
 *   rooms.c            §6  CARVE_ROOM, PLACE_DOORS
 *   erosion.c          §7  ERODE, ERODE_TOP/BOTTOM/LEFT/RIGHT
 *   corridors.c        §8  CONNECT_SPLIT, DRAW_CORRIDOR, EXTEND_ROW/COL
 *   outer_ring.c       §9  FORCE_OUTER_RING
 *   stairs.c           §10 CORNER_FAIL, CLASSIFY, PLACE_STAIRS
 *   chest_placement.c  §11 PLACE_CHESTS
 *   floor.c            §2 SIZE, §4 GENERATE_FLOOR, records.md mapping */
#ifndef REF_FLOOR_INTERNAL_H
#define REF_FLOOR_INTERNAL_H

#include <stdint.h>

#include "grotto/floor.h"
#include "grotto/rng.h"
#include "grotto/types.h"

enum { REF_PHASES = 7 }; /* BSP, rooms+doors, erosion, corridors, ring, stairs, chests */

typedef struct ref_floor_run {
    uint8_t A[1336];                    /* the work area after the chest phase */
    uint32_t draws;                     /* total draws of the floor */
    uint32_t phase_draws[REF_PHASES];
    uint32_t phase_start_state[REF_PHASES];
    uint32_t final_state;
    int overflow;                       /* §10 overflow mode entered at least once */
    uint8_t up_tile_before; /* tile code under the FINAL up stairs just before it was written */
} ref_floor_run;

/* Phases 0..6 of §4 for floor k (1..16) of map seed `seed`. */
void ref_floor_generate(uint32_t seed, int k, ref_floor_run *run);
/* Fill the public struct from the work area (records.md mapping). */
void ref_floor_from_run(const ref_floor_run *run, grotto_floor_t *out);

/* --- the stages, over one generation context --------------------------- */

typedef struct ref_gen {
    uint8_t *A;              /* the work area (§3) */
    grotto_rng rng;          /* §1; rng.draws counts the draws */
    int overflow;            /* §4 overflowHappened */
    uint8_t up_tile_before;  /* tile under the latest up-stairs write (§10) */
} ref_gen;

/* §1.2 helpers over the context's generator */
static inline int ref_range(ref_gen *g, int lo, int hi) /* lazy RANGE */
{
    return grotto_rng_range(&g->rng, lo, hi);
}

static inline int ref_bit(ref_gen *g) /* BIT(): one draw, low bit */
{
    return (int)(grotto_rng_draw(&g->rng) & 1u);
}

void ref_bsp_visit(ref_gen *g, int n);           /* §5.1 */
int ref_carve_room(ref_gen *g, int n, int r);    /* §6.1 (calls PLACE_DOORS) */
void ref_erode(ref_gen *g, int n);               /* §7 */
void ref_connect_split(ref_gen *g, int s);       /* §8 */
void ref_force_outer_ring(ref_gen *g);           /* §9 */
void ref_place_stairs(ref_gen *g);               /* §10.2 */
void ref_place_chests(ref_gen *g);               /* §11 */

/* §10.1 helpers, on a finished or partial work area */
int ref_corner_fail(const uint8_t *A, int x, int y);
int ref_classify(const uint8_t *A, int x, int y);
int ref_blacklisted(int code);

#endif
