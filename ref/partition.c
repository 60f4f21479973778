/* Phase 1: BSP partition (floor-generation.md §5).
 * Node records are edited in place; every new node and split is appended
 * at the current counts A[21] / A[22]. */
#include "always.h"
#include "floor_internal.h"
#include "work_area.h"

enum { NODE_CAP = 15 }; /* §5.1 / R8: never reached (at most 9 nodes) */

/* §5.2: the line, the new node (lower part) and the split record. */
static int split_rows(ref_gen *g, int n)
{
    uint8_t *A = g->A;
    int N = wa_node(n);
    int m = wa_get(A, HDR_NODE_COUNT);
    int s = wa_get(A, HDR_SPLIT_COUNT);
    int x0 = wa_get(A, N + NODE_X0), y0 = wa_get(A, N + NODE_Y0);
    int x1 = wa_get(A, N + NODE_X1), y1 = wa_get(A, N + NODE_Y1);
    int h = y1 + 1 - y0;
    if (h < 7 || wa_get(A, N + NODE_ROW_CUT_DONE) != 0)
        return 0; /* no draw on failure */
    int line = y0 + ref_range(g, 0, h - 7) + 3;
    for (int x = x0; x <= x1; x++)
        G_set(A, x, line, T_PARTITION);

    int P = wa_split(s);
    wa_set(A, P + SPLIT_LX0, x0);
    wa_set(A, P + SPLIT_LY0, line);
    wa_set(A, P + SPLIT_LX1, x1);
    wa_set(A, P + SPLIT_LY1, line);

    int M = wa_node(m);
    wa_set(A, M + NODE_X0, x0);
    wa_set(A, M + NODE_Y0, line + 1);
    wa_set(A, M + NODE_X1, x1);
    wa_set(A, M + NODE_Y1, y1); /* the OLD y1 */
    wa_set(A, M + NODE_ROW_CUT_DONE, 0);
    wa_set(A, M + NODE_COL_CUT_DONE, 0);

    wa_set(A, N + NODE_Y1, line - 1);
    wa_set(A, N + NODE_ROW_CUT_DONE, 1);
    wa_set_ptr(A, P + SPLIT_FIRST, N);
    wa_set_ptr(A, P + SPLIT_SECOND, M);
    wa_set(A, P + SPLIT_KIND, SPLIT_KIND_ROWS);
    return 1;
}

/* §5.2: the vertical twin of split_rows (new node = right part). */
static int split_cols(ref_gen *g, int n)
{
    uint8_t *A = g->A;
    int N = wa_node(n);
    int m = wa_get(A, HDR_NODE_COUNT);
    int s = wa_get(A, HDR_SPLIT_COUNT);
    int x0 = wa_get(A, N + NODE_X0), y0 = wa_get(A, N + NODE_Y0);
    int x1 = wa_get(A, N + NODE_X1), y1 = wa_get(A, N + NODE_Y1);
    int w = x1 + 1 - x0;
    if (w < 7 || wa_get(A, N + NODE_COL_CUT_DONE) != 0)
        return 0;
    int line = x0 + ref_range(g, 0, w - 7) + 3;
    for (int y = y0; y <= y1; y++)
        G_set(A, line, y, T_PARTITION);

    int P = wa_split(s);
    wa_set(A, P + SPLIT_LX0, line);
    wa_set(A, P + SPLIT_LY0, y0);
    wa_set(A, P + SPLIT_LX1, line);
    wa_set(A, P + SPLIT_LY1, y1);

    int M = wa_node(m);
    wa_set(A, M + NODE_X0, line + 1);
    wa_set(A, M + NODE_Y0, y0);
    wa_set(A, M + NODE_X1, x1); /* the OLD x1 */
    wa_set(A, M + NODE_Y1, y1);
    wa_set(A, M + NODE_ROW_CUT_DONE, 0);
    wa_set(A, M + NODE_COL_CUT_DONE, 0);

    wa_set(A, N + NODE_X1, line - 1);
    wa_set(A, N + NODE_COL_CUT_DONE, 1);
    wa_set_ptr(A, P + SPLIT_FIRST, N);
    wa_set_ptr(A, P + SPLIT_SECOND, M);
    wa_set(A, P + SPLIT_KIND, SPLIT_KIND_COLS);
    return 1;
}

/* §5.3: count the new node and split, then recurse depth-first in the
 * order given by one draw. */
static void after_split(ref_gen *g, int n)
{
    uint8_t *A = g->A;
    int m = wa_get(A, HDR_NODE_COUNT);
    wa_set(A, HDR_NODE_COUNT, m + 1);
    wa_set(A, HDR_SPLIT_COUNT, wa_get(A, HDR_SPLIT_COUNT) + 1);
    if (ref_bit(g) == 1) { /* order: kept part first */
        ref_bsp_visit(g, n);
        ref_bsp_visit(g, m);
    } else {
        ref_bsp_visit(g, m);
        ref_bsp_visit(g, n);
    }
}

/* §5.1: a node already cut one way may only be cut the other way; a fresh
 * node draws its orientation. A failed cut has no fallback. */
void ref_bsp_visit(ref_gen *g, int n)
{
    uint8_t *A = g->A;
    if (NEVER(wa_get(A, HDR_NODE_COUNT) >= NODE_CAP)) /* R8 */
        return;
    int N = wa_node(n);
    int ok;
    if (wa_get(A, N + NODE_COL_CUT_DONE) != 0)
        ok = split_rows(g, n);
    else if (wa_get(A, N + NODE_ROW_CUT_DONE) != 0)
        ok = split_cols(g, n);
    else if (ref_bit(g) == 1) /* orientation */
        ok = split_cols(g, n);
    else
        ok = split_rows(g, n);
    if (!ok)
        return;
    after_split(g, n);
}
