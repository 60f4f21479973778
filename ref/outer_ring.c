/* Phase 5: outer ring (floor-generation.md §9).
 * Only the ring of the W x H floor is written, after the corridors; cells
 * beyond W / H keep their initial wall (§3.6). No draws. */
#include "floor_internal.h"
#include "work_area.h"

void ref_force_outer_ring(ref_gen *g)
{
    uint8_t *A = g->A;
    int W = wa_get(A, HDR_W), H = wa_get(A, HDR_H);
    for (int x = 0; x <= W - 1; x++) {
        G_set(A, x, 0, T_WALL);
        G_set(A, x, H - 1, T_WALL);
    }
    for (int y = 0; y <= H - 1; y++) {
        G_set(A, 0, y, T_WALL);
        G_set(A, W - 1, y, T_WALL);
    }
}
