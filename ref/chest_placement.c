/* Phase 7: chests (floor-generation.md §11). Called for floor index >= 3
 * only (the driver zeroes A[8] on floors 1 and 2, with no draws). */
#include "floor_internal.h"
#include "work_area.h"

enum { FLOOR3_DISCARDS = 100 }; /* candidates burned on floor index 3 */

/* §11 PLACE_CHESTS: count, then (room, x, y) candidates until `count` land
 * on a tile other than 4, 5 or 6. Walls, doors and corridors are taken. */
void ref_place_chests(ref_gen *g)
{
    uint8_t *A = g->A;
    int count = ref_range(g, 1, 3);
    wa_set(A, HDR_CHEST_COUNT, count);
    int skipped = 0, placed = 0;
    do {
        int ri = ref_range(g, 0, wa_get(A, HDR_ROOM_COUNT) - 1);
        int R = wa_room(ri);
        int cx = ref_range(g, wa_get(A, R + ROOM_X0), wa_get(A, R + ROOM_X1));
        int cy = ref_range(g, wa_get(A, R + ROOM_Y0), wa_get(A, R + ROOM_Y1));
        int t = G(A, cx, cy);
        int k = wa_get(A, HDR_FLOOR_INDEX);
        if (skipped < FLOOR3_DISCARDS && (k == 3 || k == 1)) {
            skipped++; /* discarded without looking at the tile (k == 1 is dead code) */
        } else if (t == T_CHEST || t == T_UP || t == T_DOWN) {
            skipped++; /* occupied: chest, stairs or ghost stairs */
        } else {
            G_set(A, cx, cy, T_CHEST);
            wa_set(A, HDR_CHEST0_X + 2 * placed, cx);
            wa_set(A, HDR_CHEST0_X + 2 * placed + 1, cy);
            placed++;
        }
    } while (placed < count);
}
