/* Phase 3: erosion / extension (floor-generation.md §7).
 * Each room edge tile that is not 1/3 draws grow (1) or shrink (0). Growth
 * turns up to `len` outward cells to floor (doors kept); shrinking walls up
 * to `len` inward cells while the 4-part condition holds. Every condition
 * reads the current grid, including the still-open border of R3. */
#include "floor_internal.h"
#include "work_area.h"

/* The room rectangle, read from the record the node points to. */
typedef struct room_rect {
    int x0, y0, x1, y1;
} room_rect;

static int is_wall_or_partition(int t)
{
    return t == T_WALL || t == T_PARTITION;
}

/* §7.1 top edge: shrink runs downwards, growth upwards. */
static void erode_top(ref_gen *g, room_rect R, int halfH, int growUp)
{
    uint8_t *A = g->A;
    for (int x = R.x0; x <= R.x1; x++) {
        int t = G(A, x, R.y0);
        if (is_wall_or_partition(t))
            continue;
        if (ref_range(g, 0, 1) == 0) { /* shrink */
            if (t == T_DOOR)
                continue;
            int o = G(A, x, R.y0 - 1); /* cell above the edge */
            if (o == T_WALL || o == T_DOOR)
                continue;
            int len = ref_range(g, 0, halfH);
            int k = 0;
            while (k < len
                   && G(A, x, R.y0 + k) != T_DOOR
                   && G(A, x, R.y0 + k + 1) != T_WALL
                   && (G(A, x + 1, R.y0 + k) == T_WALL || G(A, x + 1, R.y0 + k + 1) != T_WALL)
                   && (G(A, x - 1, R.y0 + k) == T_WALL || G(A, x - 1, R.y0 + k + 1) != T_WALL)) {
                G_set(A, x, R.y0 + k, T_WALL);
                k++;
            }
        } else { /* grow */
            int len = ref_range(g, 0, growUp);
            for (int k = 0; k < len; k++)
                if (G(A, x, R.y0 - 1 - k) != T_DOOR)
                    G_set(A, x, R.y0 - 1 - k, T_FLOOR);
        }
    }
}

/* §7.2 bottom edge: growth downwards, shrink upwards. */
static void erode_bottom(ref_gen *g, room_rect R, int halfH, int growDown)
{
    uint8_t *A = g->A;
    for (int x = R.x0; x <= R.x1; x++) {
        int t = G(A, x, R.y1);
        if (is_wall_or_partition(t))
            continue;
        if (ref_range(g, 0, 1) != 0) { /* grow */
            int len = ref_range(g, 0, growDown);
            for (int k = 0; k < len; k++)
                if (G(A, x, R.y1 + 1 + k) != T_DOOR)
                    G_set(A, x, R.y1 + 1 + k, T_FLOOR);
        } else { /* shrink */
            if (t == T_DOOR)
                continue;
            int o = G(A, x, R.y1 + 1); /* cell below the edge */
            if (o == T_WALL || o == T_DOOR)
                continue;
            int len = ref_range(g, 0, halfH);
            int k = 0;
            while (k < len
                   && G(A, x, R.y1 - k) != T_DOOR
                   && G(A, x, R.y1 - k - 1) != T_WALL
                   && (G(A, x + 1, R.y1 - k) == T_WALL || G(A, x + 1, R.y1 - k - 1) != T_WALL)
                   && (G(A, x - 1, R.y1 - k) == T_WALL || G(A, x - 1, R.y1 - k - 1) != T_WALL)) {
                G_set(A, x, R.y1 - k, T_WALL);
                k++;
            }
        }
    }
}

/* §7.3 left edge: growth leftwards, shrink rightwards. */
static void erode_left(ref_gen *g, room_rect R, int halfW, int growLeft)
{
    uint8_t *A = g->A;
    for (int y = R.y0; y <= R.y1; y++) {
        int t = G(A, R.x0, y);
        if (is_wall_or_partition(t))
            continue;
        if (ref_range(g, 0, 1) != 0) { /* grow */
            int len = ref_range(g, 0, growLeft);
            for (int k = 0; k < len; k++)
                if (G(A, R.x0 - 1 - k, y) != T_DOOR)
                    G_set(A, R.x0 - 1 - k, y, T_FLOOR);
        } else { /* shrink */
            if (t == T_DOOR)
                continue;
            int o = G(A, R.x0 - 1, y); /* cell left of the edge */
            if (o == T_WALL || o == T_DOOR)
                continue;
            int len = ref_range(g, 0, halfW);
            int k = 0;
            while (k < len
                   && G(A, R.x0 + k, y) != T_DOOR
                   && G(A, R.x0 + k + 1, y) != T_WALL
                   && (G(A, R.x0 + k, y + 1) == T_WALL || G(A, R.x0 + k + 1, y + 1) != T_WALL)
                   && (G(A, R.x0 + k, y - 1) == T_WALL || G(A, R.x0 + k + 1, y - 1) != T_WALL)) {
                G_set(A, R.x0 + k, y, T_WALL);
                k++;
            }
        }
    }
}

/* §7.4 right edge: growth rightwards, shrink leftwards. Contains quirk R1
 * (§3.8): the shrink pre-check reads column room.y0 + 1 of the current row,
 * not the cell right of the edge. */
static void erode_right(ref_gen *g, room_rect R, int halfW, int growRight)
{
    uint8_t *A = g->A;
    for (int y = R.y0; y <= R.y1; y++) {
        int t = G(A, R.x1, y);
        if (is_wall_or_partition(t))
            continue;
        if (ref_range(g, 0, 1) != 0) { /* grow */
            int len = ref_range(g, 0, growRight);
            for (int k = 0; k < len; k++)
                if (G(A, R.x1 + 1 + k, y) != T_DOOR)
                    G_set(A, R.x1 + 1 + k, y, T_FLOOR);
        } else { /* shrink */
            if (t == T_DOOR)
                continue;
            int o = G(A, R.y0 + 1, y); /* QUIRK R1: column = room top row + 1 */
            if (o == T_WALL || o == T_DOOR)
                continue;
            int len = ref_range(g, 0, halfW);
            int k = 0;
            while (k < len
                   && G(A, R.x1 - k, y) != T_DOOR
                   && G(A, R.x1 - k - 1, y) != T_WALL
                   && (G(A, R.x1 - k, y + 1) == T_WALL || G(A, R.x1 - k - 1, y + 1) != T_WALL)
                   && (G(A, R.x1 - k, y - 1) == T_WALL || G(A, R.x1 - k - 1, y - 1) != T_WALL)) {
                G_set(A, R.x1 - k, y, T_WALL);
                k++;
            }
        }
    }
}

/* §7: growth limits (node, or map border for the special room, drawn 1 in
 * 16 while A[1] == 0), then the edges top, bottom, left, right. */
void ref_erode(ref_gen *g, int n)
{
    uint8_t *A = g->A;
    int N = wa_node(n);
    int P = wa_node_room(A, N); /* follow node.room */
    room_rect R = {wa_get(A, P + ROOM_X0), wa_get(A, P + ROOM_Y0),
                   wa_get(A, P + ROOM_X1), wa_get(A, P + ROOM_Y1)};
    int halfW = (R.x1 - R.x0 + 1) / 2;
    int halfH = (R.y1 - R.y0 + 1) / 2;

    int special = 0;
    if (wa_get(A, HDR_SPECIAL_DONE) == 0)
        if (ref_range(g, 0, 15) == 0)
            special = 1;

    int growUp, growDown, growLeft, growRight;
    if (!special) { /* limited to the node */
        growUp = R.y0 - wa_get(A, N + NODE_Y0);
        growDown = wa_get(A, N + NODE_Y1) - R.y1;
        growLeft = R.x0 - wa_get(A, N + NODE_X0);
        growRight = wa_get(A, N + NODE_X1) - R.x1;
    } else {        /* limited by the map: rows/columns 1 .. H-1 / W-1 (R3) */
        growUp = R.y0 - 1;
        growDown = wa_get(A, HDR_H) - R.y1 - 1;
        growLeft = R.x0 - 1;
        growRight = wa_get(A, HDR_W) - R.x1 - 1;
        wa_set(A, HDR_SPECIAL_DONE, 1);
    }

    erode_top(g, R, halfH, growUp);
    erode_bottom(g, R, halfH, growDown);
    erode_left(g, R, halfW, growLeft);
    erode_right(g, R, halfW, growRight);
}
