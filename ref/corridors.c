/* Phase 4: corridors (floor-generation.md §8).
 * Each split joins the rooms of its two nodes (followed through the
 * pointers split.first/second -> node -> node.room -> room record) by up to
 * four door pairs; each pair draws its 1-in-8 "extend" even when skipped. */
#include "always.h"
#include "floor_internal.h"
#include "work_area.h"

/* §8 EXTEND_ROW: scan row L away from the corridor end, past 1/3 tiles, up
 * to the grid edge 0..15 (not W: R2); fill the gap up to the first open
 * tile, or write nothing if there is none. */
static void extend_row(uint8_t *A, int L, int start, int step)
{
    for (int i = start + step; 0 <= i && i <= 15; i += step) {
        if (!BLOCKED(G(A, i, L))) {
            for (int j = start + step; j != i; j += step)
                G_set(A, j, L, T_CORRIDOR);
            return;
        }
    }
}

/* §8 EXTEND_COL: the same along column L. */
static void extend_col(uint8_t *A, int L, int start, int step)
{
    for (int i = start + step; 0 <= i && i <= 15; i += step) {
        if (!BLOCKED(G(A, L, i))) {
            for (int j = start + step; j != i; j += step)
                G_set(A, L, j, T_CORRIDOR);
            return;
        }
    }
}

/* §8 DRAW_CORRIDOR: a and b are door slots (offsets into A) of room A
 * (upper/left) and room B (lower/right). Corridor writes overwrite
 * anything. */
static void draw_corridor(uint8_t *A, int P, int a, int b, int extend)
{
    int ax = wa_get(A, a), ay = wa_get(A, a + 1);
    int bx = wa_get(A, b), by = wa_get(A, b + 1);
    if (ax == 0 || ay == 0 || bx == 0 || by == 0)
        return; /* empty door slot (R5) */

    int kind = wa_get(A, P + SPLIT_KIND);
    if (kind == SPLIT_KIND_ROWS) { /* horizontal line at row L */
        int L = wa_get(A, P + SPLIT_LY0);
        for (int y = ay + 1; y <= L; y++)
            G_set(A, ax, y, T_CORRIDOR);
        for (int y = by - 1; y >= L + 1; y--)
            G_set(A, bx, y, T_CORRIDOR);
        if (ax < bx)
            for (int x = ax; x <= bx; x++)
                G_set(A, x, L, T_CORRIDOR);
        else if (ax > bx)
            for (int x = bx; x <= ax; x++)
                G_set(A, x, L, T_CORRIDOR);
        if (!extend)
            return;
        if (ax < bx) {
            extend_row(A, L, bx, +1);
            extend_row(A, L, ax, -1);
        } else {
            extend_row(A, L, ax, +1);
            extend_row(A, L, bx, -1);
        }
    } else if (kind == SPLIT_KIND_COLS) { /* vertical line at column L */
        int L = wa_get(A, P + SPLIT_LX0);
        for (int x = ax + 1; x <= L; x++)
            G_set(A, x, ay, T_CORRIDOR);
        for (int x = bx - 1; x >= L + 1; x--)
            G_set(A, x, by, T_CORRIDOR);
        if (ay < by)
            for (int y = ay; y <= by; y++)
                G_set(A, L, y, T_CORRIDOR);
        else if (ay > by)
            for (int y = by; y <= ay; y++)
                G_set(A, L, y, T_CORRIDOR);
        if (!extend)
            return;
        if (ay < by) {
            extend_col(A, L, by, +1);
            extend_col(A, L, ay, -1);
        } else {
            extend_col(A, L, ay, +1);
            extend_col(A, L, by, -1);
        }
    }
}

/* §8 CONNECT_SPLIT: pairs (a0,b0), (a1,b0), (a0,b1), (a1,b1), in order. */
void ref_connect_split(ref_gen *g, int s)
{
    uint8_t *A = g->A;
    int P = wa_split(s);
    int roomA = wa_node_room(A, wa_get_ptr(A, P + SPLIT_FIRST));
    int roomB = wa_node_room(A, wa_get_ptr(A, P + SPLIT_SECOND));
    int a0, a1, b0, b1;
    int kind = wa_get(A, P + SPLIT_KIND);
    if (kind == SPLIT_KIND_ROWS) {
        a0 = roomA + ROOM_BOTTOM0;
        a1 = roomA + ROOM_BOTTOM1;
        b0 = roomB + ROOM_TOP0;
        b1 = roomB + ROOM_TOP1;
    } else if (NEVER(kind != SPLIT_KIND_COLS)) {
        return; /* every split record has kind 1 or 2 */
    } else {
        a0 = roomA + ROOM_RIGHT0;
        a1 = roomA + ROOM_RIGHT1;
        b0 = roomB + ROOM_LEFT0;
        b1 = roomB + ROOM_LEFT1;
    }
    const int pairs[4][2] = {{a0, b0}, {a1, b0}, {a0, b1}, {a1, b1}};
    for (int i = 0; i < 4; i++) {
        int extend = ref_range(g, 0, 7) == 0; /* always one draw */
        draw_corridor(A, P, pairs[i][0], pairs[i][1], extend);
    }
}
