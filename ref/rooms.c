/* Phase 2: rooms and doors (floor-generation.md §6).
 * Node n gets room r = A[23] (always n, carving never fails). */
#include "always.h"
#include "floor_internal.h"
#include "work_area.h"

/* A door slot (x, y) of a room record. */
static void set_door(uint8_t *A, int slot, int x, int y)
{
    wa_set(A, slot, x);
    wa_set(A, slot + 1, y);
}

static void mark_door(uint8_t *A, int slot)
{
    G_set(A, wa_get(A, slot), wa_get(A, slot + 1), T_DOOR);
}

/* §6.2: one door per side when the side is shorter than 5, else one in
 * each half. Draw order top, [top1], bottom, [bottom1], left, [left1],
 * right, [right1]. Doors lie on the room's own edge tiles. */
static void place_doors(ref_gen *g, int r)
{
    uint8_t *A = g->A;
    int R = wa_room(r);
    int x0 = wa_get(A, R + ROOM_X0), y0 = wa_get(A, R + ROOM_Y0);
    int x1 = wa_get(A, R + ROOM_X1), y1 = wa_get(A, R + ROOM_Y1);
    if (NEVER(x0 == 0 || y0 == 0 || x1 == 0 || y1 == 0))
        return; /* R9: every carved room lies inside the ring */

    int w = x1 - x0 + 1;
    if (w < 5) {
        set_door(A, R + ROOM_TOP0, ref_range(g, x0, x1), y0);
        set_door(A, R + ROOM_BOTTOM0, ref_range(g, x0, x1), y1);
        mark_door(A, R + ROOM_TOP0);
        mark_door(A, R + ROOM_BOTTOM0);
    } else {
        int mid = x0 + (w / 2) - 1;
        set_door(A, R + ROOM_TOP0, ref_range(g, x0, mid), y0);
        set_door(A, R + ROOM_TOP1, ref_range(g, mid + 1, x1), y0);
        set_door(A, R + ROOM_BOTTOM0, ref_range(g, x0, mid), y1);
        set_door(A, R + ROOM_BOTTOM1, ref_range(g, mid + 1, x1), y1);
        mark_door(A, R + ROOM_TOP0);
        mark_door(A, R + ROOM_TOP1);
        mark_door(A, R + ROOM_BOTTOM0);
        mark_door(A, R + ROOM_BOTTOM1);
    }

    int h = y1 - y0 + 1;
    if (h < 5) {
        set_door(A, R + ROOM_LEFT0, x0, ref_range(g, y0, y1));
        set_door(A, R + ROOM_RIGHT0, x1, ref_range(g, y0, y1));
        mark_door(A, R + ROOM_LEFT0);
        mark_door(A, R + ROOM_RIGHT0);
    } else {
        int midy = y0 + (h / 2) - 1;
        set_door(A, R + ROOM_LEFT0, x0, ref_range(g, y0, midy));
        set_door(A, R + ROOM_LEFT1, x0, ref_range(g, midy + 1, y1));
        set_door(A, R + ROOM_RIGHT0, x1, ref_range(g, y0, midy));
        set_door(A, R + ROOM_RIGHT1, x1, ref_range(g, midy + 1, y1));
        mark_door(A, R + ROOM_LEFT0);
        mark_door(A, R + ROOM_LEFT1);
        mark_door(A, R + ROOM_RIGHT0);
        mark_door(A, R + ROOM_RIGHT1);
    }
}

/* §6.1: near corner flush/inset bit, rx0, ry0, far corner bit, rx1, ry1
 * (RANGE with equal bounds draws nothing; RANGE(a, a-1) draws, yields a). */
int ref_carve_room(ref_gen *g, int n, int r)
{
    uint8_t *A = g->A;
    int N = wa_node(n);
    int nx0 = wa_get(A, N + NODE_X0), ny0 = wa_get(A, N + NODE_Y0);
    int nx1 = wa_get(A, N + NODE_X1), ny1 = wa_get(A, N + NODE_Y1);
    if (NEVER((nx1 + 1 - nx0) < 3 || (ny1 + 1 - ny0) < 3))
        return 0; /* R6: the BSP leaves no leaf below 3x3 */
    int tw = (nx1 - nx0 + 1) / 3;
    int th = (ny1 - ny0 + 1) / 3;

    int rx0, ry0, rx1, ry1;
    if (ref_range(g, 0, 1) != 0) { /* near corner flush */
        rx0 = ref_range(g, nx0, nx0 + tw);
        ry0 = ref_range(g, ny0, ny0 + th);
    } else {                       /* near corner inset */
        rx0 = ref_range(g, nx0 + 1, nx0 + tw);
        ry0 = ref_range(g, ny0 + 1, ny0 + th);
    }
    if (ref_range(g, 0, 1) != 0) { /* far corner flush */
        rx1 = ref_range(g, nx0 + 2 * tw, nx1);
        ry1 = ref_range(g, ny0 + 2 * th, ny1);
    } else {                       /* far corner inset */
        rx1 = ref_range(g, nx0 + 2 * tw, nx1 - 1);
        ry1 = ref_range(g, ny0 + 2 * th, ny1 - 1);
    }

    int R = wa_room(r);
    wa_set(A, R + ROOM_X0, rx0);
    wa_set(A, R + ROOM_Y0, ry0);
    wa_set(A, R + ROOM_X1, rx1);
    wa_set(A, R + ROOM_Y1, ry1);
    for (int i = ROOM_LEFT0; i < WA_ROOM_SIZE; i++)
        wa_set(A, R + i, 0);
    wa_set_ptr(A, N + NODE_ROOM, R);
    for (int y = ry0; y <= ry1; y++)
        for (int x = rx0; x <= rx1; x++)
            G_set(A, x, y, T_FLOOR);
    place_doors(g, r);
    return 1;
}
