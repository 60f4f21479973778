/* impl/: the floor generator (floor-generation.md §4-§11) over compact state.
 * See impl.h (impl_layout) for what state is kept and why it is faithful. */
#include <string.h>
#include "bitboard.h"
#include "impl.h"
#include "lcg.h"
#include "packed.h"

/* Smallest faithful state of the layout phases (what `lay` keeps):
 *  - the grid as four bitplanes (packed.h): 128 bytes; floor is implicit;
 *  - per node: its rectangle as lo[axis], hi[axis] (axis 0 = x, 1 = y) and
 *    the two cut flags; the node's room is the node's own index (carving
 *    never fails, §6; a failed carve, R6, is recorded and skips the node);
 *  - per split: the line (axis cut and position), the node slots first /
 *    second; the line's extent is never read again (§8 reads only L);
 *  - per room: the rectangle and its doors, each door as ONE coordinate
 *    along its edge (the other one is the edge itself), 0 = empty slot:
 *    "a coordinate is 0" (§8) can only hold for an empty slot because rooms
 *    lie in 1..W-2 (§3.5), so the test on one coordinate is the same test.
 * Nothing of the work-area header is kept but W (= H) and specialDone. */
typedef struct lnode {
    uint8_t lo[2], hi[2];
    uint8_t cut[2]; /* cut[a]: cut across axis a (cut[1] = rowCutDone) */
} lnode;

typedef struct lsplit {
    uint8_t axis; /* axis divided: 1 = rows (kind 1), 0 = columns (kind 2) */
    uint8_t at;   /* the partition line's row (axis 1) or column (axis 0) */
    uint8_t first, second;
} lsplit;

typedef struct lroom {
    uint8_t lo[2], hi[2];
    uint8_t door[2][2][2]; /* [axis of the edge][0 low edge, 1 high][slot] */
    uint8_t carved;
} lroom;

typedef struct lay {
    uint32_t s;
    int size;
    int nodes, splits;
    int special_done;
    lnode node[16];
    lsplit split[16];
    lroom room[16];
    pk_grid g;
} lay;

static inline int RANGE(lay *l, int lo, int hi)
{
    return impl_range(&l->s, lo, hi);
}

static inline uint32_t BIT(lay *l)
{
    return impl_next15(&l->s) & 1u;
}

int impl_floor_size(uint32_t seed, int k)
{
    uint64_t t = (uint64_t)seed + (uint64_t)k; /* ordinary addition, no wrap (§2) */
    if (k >= 13)
        return 16;
    if (k >= 9)
        return (int)(t % 3u) + 14;
    if (k >= 5)
        return (int)(t % 4u) + 12;
    return (int)(t % 5u) + 10;
}

/* ---- Phase 1 (§5): one cut across axis a; the partition line is the line
 * of orientation 1 - a (a row when rows are divided). ---- */
static int cut(lay *l, int n, int a)
{
    lnode *N = &l->node[n];
    int len = N->hi[a] + 1 - N->lo[a];
    if (len < 7 || N->cut[a])
        return 0; /* no draw */
    int at = N->lo[a] + RANGE(l, 0, len - 7) + 3;
    int o = 1 - a;
    pk_write(&l->g, o, at, pk_span(N->lo[o], N->hi[o]), PK_PART);
    lnode *M = &l->node[l->nodes];
    *M = *N;
    M->lo[a] = (uint8_t)(at + 1);
    M->cut[0] = M->cut[1] = 0;
    N->hi[a] = (uint8_t)(at - 1);
    N->cut[a] = 1;
    lsplit *P = &l->split[l->splits];
    P->axis = (uint8_t)a;
    P->at = (uint8_t)at;
    P->first = (uint8_t)n;
    P->second = (uint8_t)l->nodes;
    return 1;
}

/* The depth-first visit of §5.1/§5.3 with an explicit stack of nodes still
 * to visit (the first child on top, so its subtree is done first). */
static void partition(lay *l)
{
    uint8_t todo[32];
    int top = 0;
    todo[top++] = 0;
    while (top) {
        int n = todo[--top];
        if (l->nodes >= 15)
            continue; /* R8 */
        const lnode *N = &l->node[n];
        int a;
        if (N->cut[0])
            a = 1;
        else if (N->cut[1])
            a = 0;
        else
            a = BIT(l) ? 0 : 1; /* 1 = columns (axis 0) */
        if (!cut(l, n, a))
            continue;
        int m = l->nodes++;
        l->splits++;
        int kept_first = (int)BIT(l);
        todo[top++] = (uint8_t)(kept_first ? m : n);
        todo[top++] = (uint8_t)(kept_first ? n : m);
    }
}

/* ---- Phase 2 (§6) ---- */

/* Doors on the two edges across axis a (a = 1: top and bottom, a coordinate
 * along x; a = 0: left and right, along y), in the draw order of §6.2. */
static void doors(lay *l, lroom *R, int a)
{
    int b = 1 - a, lo = R->lo[b], hi = R->hi[b];
    int w = hi - lo + 1;
    uint8_t(*d)[2] = R->door[a];
    if (w < 5) {
        d[0][0] = (uint8_t)RANGE(l, lo, hi);
        d[1][0] = (uint8_t)RANGE(l, lo, hi);
    } else {
        int mid = lo + w / 2 - 1;
        d[0][0] = (uint8_t)RANGE(l, lo, mid);
        d[0][1] = (uint8_t)RANGE(l, mid + 1, hi);
        d[1][0] = (uint8_t)RANGE(l, lo, mid);
        d[1][1] = (uint8_t)RANGE(l, mid + 1, hi);
    }
    /* door (side, slot) is the cell at d along axis b on edge lo/hi[a] */
    for (int side = 0; side < 2; side++)
        for (int slot = 0; slot < 2; slot++) {
            int c[2];
            c[b] = d[side][slot];
            c[a] = side ? R->hi[a] : R->lo[a];
            if (c[b]) /* inside the room just carved: every plane is 0 there */
                l->g.p[PK_DOOR].r[c[1]] |= (uint16_t)(1u << c[0]);
        }
}

static void carve(lay *l, int n)
{
    const lnode *N = &l->node[n];
    lroom *R = &l->room[n];
    memset(R, 0, sizeof *R);
    int wx = N->hi[0] + 1 - N->lo[0], wy = N->hi[1] + 1 - N->lo[1];
    if (wx < 3 || wy < 3)
        return; /* R6, unreachable */
    int t[2] = {wx / 3, wy / 3};
    int inset = RANGE(l, 0, 1) == 0;
    for (int a = 0; a < 2; a++)
        R->lo[a] = (uint8_t)RANGE(l, N->lo[a] + inset, N->lo[a] + t[a]);
    inset = RANGE(l, 0, 1) == 0;
    for (int a = 0; a < 2; a++)
        R->hi[a] = (uint8_t)RANGE(l, N->lo[a] + 2 * t[a], N->hi[a] - inset);
    R->carved = 1;
    for (int y = R->lo[1]; y <= R->hi[1]; y++)
        pk_write(&l->g, 0, y, pk_span(R->lo[0], R->hi[0]), PK_FLOOR);
    if (R->lo[0] && R->lo[1] && R->hi[0] && R->hi[1]) { /* R9 */
        doors(l, R, 1);
        doors(l, R, 0);
    }
}

/* ---- Phase 3 (§7): one edge of a room. The edge lies across axis a; its
 * cells are visited along lines of orientation a: line i in
 * lo[1-a]..hi[1-a], edge cell at bit e, inward direction dir. `outside` is
 * the bit read by the shrink pre-check (e - dir, except on the right edge:
 * quirk R1).
 *
 * Left and right edges (a = 0) walk rows, which are lanes: a shrink run is
 * one stop mask and one ctz/clz, a growth one masked write. Top and bottom
 * edges (a = 1) walk columns; there the stop condition of a whole row is one
 * mask expression (bit i: the cell (i, y) stops a walk in column i), so the
 * run steps row by row over those masks instead of gathering four columns;
 * growth clears the bit of column i row by row.
 * Writes touch only the planes that can hold the cells: no corridor exists
 * before phase 4, so growth clears walls and partitions (doors are masked
 * out); a shrink run's cells are floor (not 1 or 3: the edge cell is tested,
 * every further cell was the "next inward is not 1" of the step before, and
 * no partition lies inside a room; not 8: doors stop the run), so it only
 * sets walls. ---- */
static void erode_edge_rows(lay *l, const lroom *R, int high, int grow)
{
    pk_grid *g = &l->g;
    int e = high ? R->hi[0] : R->lo[0], dir = high ? -1 : 1;
    int half = (R->hi[0] - R->lo[0] + 1) / 2;
    int outside = high ? R->lo[1] + 1 : e - dir; /* R1 on the right edge */
    const uint16_t *W = g->p[PK_WALL].r, *D = g->p[PK_DOOR].r, *P = g->p[PK_PART].r;
    for (int i = R->lo[1]; i <= R->hi[1]; i++) {
        if (((W[i] | P[i]) >> e) & 1u)
            continue; /* 1 or 3: no draw */
        if (RANGE(l, 0, 1)) { /* grow outward; doors stay */
            int len = RANGE(l, 0, grow);
            uint16_t m = (uint16_t)(pk_cells(e - dir, -dir, len) & ~D[i]);
            g->p[PK_WALL].r[i] &= (uint16_t)~m; /* no corridor exists yet */
            g->p[PK_PART].r[i] &= (uint16_t)~m;
            continue;
        }
        if (((D[i] >> e) | ((W[i] | D[i]) >> outside)) & 1u)
            continue;
        int len = RANGE(l, 0, half);
        int k = pk_run(pk_shrink_stop(W[i], D[i], W[i - 1], W[i + 1], dir), e, dir, len);
        g->p[PK_WALL].r[i] |= pk_cells(e, dir, k); /* the run's cells are floor */
    }
}

static void erode_edge_cols(lay *l, const lroom *R, int high, int grow)
{
    pk_grid *g = &l->g;
    int e = high ? R->hi[1] : R->lo[1], dir = high ? -1 : 1;
    int half = (R->hi[1] - R->lo[1] + 1) / 2;
    uint16_t *W = g->p[PK_WALL].r, *P = g->p[PK_PART].r;
    const uint16_t *D = g->p[PK_DOOR].r;
    for (int i = R->lo[0]; i <= R->hi[0]; i++) {
        uint16_t bit = (uint16_t)(1u << i);
        if ((W[e] | P[e]) & bit)
            continue; /* 1 or 3: no draw */
        if (RANGE(l, 0, 1)) { /* grow outward; doors stay */
            int len = RANGE(l, 0, grow);
            for (int y = e - dir, j = 0; j < len; j++, y -= dir) {
                uint16_t m = (uint16_t)(bit & ~D[y]);
                W[y] &= (uint16_t)~m;
                P[y] &= (uint16_t)~m;
            }
            continue;
        }
        if ((D[e] | W[e - dir] | D[e - dir]) & bit)
            continue;
        int len = RANGE(l, 0, half);
        for (int y = e, k = 0; k < len; k++, y += dir) {
            uint16_t next = W[y + dir], side = (uint16_t)(~W[y] & next);
            uint16_t stop = (uint16_t)(D[y] | next | (side >> 1) | (side << 1));
            if (stop & bit)
                break;
            W[y] |= bit;
        }
    }
}

static void erode(lay *l, int n)
{
    const lnode *N = &l->node[n];
    const lroom *R = &l->room[n];
    if (!R->carved)
        return; /* R6 */
    int special = 0;
    if (!l->special_done && RANGE(l, 0, 15) == 0) {
        special = 1;
        l->special_done = 1;
    }
    /* top, bottom, left, right */
    for (int a = 1; a >= 0; a--) {
        int up = special ? R->lo[a] - 1 : R->lo[a] - N->lo[a];
        int down = special ? l->size - R->hi[a] - 1 : N->hi[a] - R->hi[a];
        void (*edge)(lay *, const lroom *, int, int) = a ? erode_edge_cols : erode_edge_rows;
        edge(l, R, 0, up);
        edge(l, R, 1, down);
    }
}

/* ---- Phase 4 (§8): corridors between the doors of a split. The line L
 * has orientation o (a row for a split across rows); a door's coordinate
 * along L is `p`, the edge it stands on `q` (A's high edge, B's low edge);
 * the approach legs run along the lines of orientation 1 - o. ---- */
static void corridor(lay *l, int o, int L, int pa, int qa, int pb, int qb, int extend)
{
    pk_grid *g = &l->g;
    pk_write(g, 1 - o, pa, pk_span(qa + 1, L), PK_CORR);
    pk_write(g, 1 - o, pb, pk_span(L + 1, qb - 1), PK_CORR);
    int lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
    if (lo < hi)
        pk_write(g, o, L, pk_span(lo, hi), PK_CORR);
    if (!extend)
        return;
    uint16_t m = pk_extension(pk_blocked(g, o, L), hi, +1);
    if (m)
        pk_write(g, o, L, m, PK_CORR);
    m = pk_extension(pk_blocked(g, o, L), lo, -1);
    if (m)
        pk_write(g, o, L, m, PK_CORR);
}

static void connect(lay *l, const lsplit *P)
{
    const lroom *A = &l->room[P->first], *B = &l->room[P->second];
    if (!A->carved || !B->carved)
        return; /* R6 */
    int a = P->axis, o = 1 - a;
    for (int i = 0; i < 4; i++) {
        /* pairs (A0,B0) (A1,B0) (A0,B1) (A1,B1) */
        int pa = A->door[a][1][i & 1], pb = B->door[a][0][i >> 1];
        int extend = RANGE(l, 0, 7) == 0; /* always drawn (R5) */
        if (pa && pb)
            corridor(l, o, P->at, pa, A->hi[a], pb, B->lo[a], extend);
    }
}

/* ---- Phase 5 (§9) ---- */
static void ring(lay *l)
{
    uint16_t all = pk_span(0, l->size - 1);
    for (int o = 0; o < 2; o++) {
        pk_write(&l->g, o, 0, all, PK_WALL);
        pk_write(&l->g, o, l->size - 1, all, PK_WALL);
    }
}

/* ---- Phase 6 (§10): stairs on the blocked row masks ---- */
static void stairs(lay *l, impl_layout *L)
{
    uint16_t bm[16], up4[16];
    for (int y = 0; y < 16; y++) {
        bm[y] = (uint16_t)(l->g.p[PK_WALL].r[y] | l->g.p[PK_PART].r[y]);
        up4[y] = 0;
    }
    int rc = l->nodes;
    int same = 0, failures = 0, overflow = 0, up_on_wall = 0;
    int ux, uy, dx, dy;
    for (;;) {
        int ri = RANGE(l, 0, rc - 1);
        const lroom *R = &l->room[ri];
        ux = RANGE(l, R->lo[0], R->hi[0]);
        uy = RANGE(l, R->lo[1], R->hi[1]);
        if (failures < 100) {
            if (impl_up_reject[impl_pat9(bm, ux, uy)]) {
                failures++;
                continue;
            }
        }
        up_on_wall = (bm[uy] >> ux) & 1;
        bm[uy] &= (uint16_t)~(1u << ux);
        up4[uy] |= (uint16_t)(1u << ux);
        if (failures >= 100) {
            same = 0;
            failures = 0;
            overflow = 1;
        }
        dx = ux;
        dy = uy;
        int droom = ri;
        do {
            int rj = RANGE(l, 0, rc - 1);
            if (rj == ri && same < 25) {
                same++;
            } else {
                const lroom *R2 = &l->room[rj];
                dx = RANGE(l, R2->lo[0], R2->hi[0]);
                droom = rj;
                dy = RANGE(l, R2->lo[1], R2->hi[1]);
            }
        } while (droom == ri && dx == ux && dy == uy);
        if (impl_corner_fail(impl_pat9(bm, dx, dy))) {
            failures++;
            continue; /* the 4 stays: ghost stairs */
        }
        break;
    }
    bm[dy] &= (uint16_t)~(1u << dx);
    up4[dy] &= (uint16_t)~(1u << dx);

    /* the byte grid from the planes and the stair cells: code bits
     * 1 = {1,3,5}, 2 = {2,3}, 4 = {4,5}, 8 = {8} */
    const pk_grid *g = &l->g;
    for (int y = 0; y < 16; y++) {
        uint16_t dn = (uint16_t)(y == dy ? 1u << dx : 0u), st = (uint16_t)(up4[y] | dn);
        uint16_t keep = (uint16_t)~st;
        uint16_t w = g->p[PK_WALL].r[y] & keep, p = g->p[PK_PART].r[y] & keep;
        uint16_t c = g->p[PK_CORR].r[y] & keep, d = g->p[PK_DOOR].r[y] & keep;
        pk_bytes_of_row((uint16_t)(w | p | dn), (uint16_t)(c | p), st, d, L->grid + 16 * y);
        L->blocked[y] = bm[y];
        L->stairs[y] = st;
    }
    int regular = rc >= 2;
    for (int r = 0; r < rc; r++) {
        const lroom *R = &l->room[r];
        L->room[r].x0 = R->lo[0];
        L->room[r].y0 = R->lo[1];
        L->room[r].x1 = R->hi[0];
        L->room[r].y1 = R->hi[1];
        if (R->lo[0] == R->hi[0] || R->lo[1] == R->hi[1])
            regular = 0;
    }
    L->room_count = (uint8_t)rc;
    L->overflow = (uint8_t)overflow;
    L->up_on_wall = (uint8_t)up_on_wall;
    L->rooms_regular = (uint8_t)regular;
    L->up.x = (uint8_t)ux;
    L->up.y = (uint8_t)uy;
    L->down.x = (uint8_t)dx;
    L->down.y = (uint8_t)dy;
}

void impl_layout_gen(uint32_t T, int size, impl_layout *L)
{
    lay ll;
    lay *l = &ll;
    l->s = T;
    l->size = size;
    l->nodes = 1;
    l->splits = 0;
    l->special_done = 0;
    for (int k = 0; k < PK_PLANES; k++)
        for (int j = 0; j < 4; j++)
            l->g.p[k].q[j] = k == PK_WALL ? ~UINT64_C(0) : 0;
    lnode *root = &l->node[0];
    root->lo[0] = root->lo[1] = 1;
    root->hi[0] = root->hi[1] = (uint8_t)(size - 2);
    root->cut[0] = root->cut[1] = 0;

    partition(l);
    for (int n = 0; n < l->nodes; n++)
        carve(l, n);
    for (int n = 0; n < l->nodes; n++)
        erode(l, n);
    for (int s = 0; s < l->splits; s++)
        connect(l, &l->split[s]);
    ring(l);
    stairs(l, L);
    L->size = (uint8_t)size;
    L->state = l->s;
}

/* ---- Phase 7: chests (§11) ---- */

int impl_place_chests(const impl_layout *L, int k, grotto_xy chest[GROTTO_MAX_CHESTS], uint32_t *draws)
{
    if (k <= 2)
        return 0;
    uint32_t made = 1; /* the count; the 300 discards are one jump, not draws */
    uint32_t s = L->state;
    int rc = L->room_count;
    int count = impl_range(&s, 1, 3);
    int skipped = 0, placed = 0;
    uint16_t occ[16];
    memcpy(occ, L->stairs, sizeof occ);
    if ((k == 3 || k == 1) && L->rooms_regular) {
        /* 100 discarded candidates, 3 draws each (room, x, y all draw) */
        s = impl_state_after(s, 300);
        skipped = 100;
    }
    do {
        int ri = impl_range(&s, 0, rc - 1);
        const impl_room *R = &L->room[ri];
        int cx = impl_range(&s, R->x0, R->x1);
        int cy = impl_range(&s, R->y0, R->y1);
        made += 1u + (R->x0 != R->x1) + (R->y0 != R->y1); /* room: rc >= 3 always draws */
        if (skipped < 100 && (k == 3 || k == 1)) {
            skipped++;
        } else if ((occ[cy] >> cx) & 1) {
            skipped++;
        } else {
            occ[cy] |= (uint16_t)(1u << cx);
            chest[placed].x = (uint8_t)cx;
            chest[placed].y = (uint8_t)cy;
            placed++;
        }
    } while (placed < count);
    if (draws)
        *draws += made;
    return count;
}

void impl_floor_from_layout(const impl_layout *L, int k, int count, const grotto_xy *chest,
                            grotto_floor_t *out)
{
    out->index = (uint8_t)k;
    out->width = L->size;
    out->height = L->size;
    out->overflow = L->overflow;
    out->up = L->up;
    out->down = L->down;
    out->chest_count = (uint8_t)count;
    memcpy(out->grid, L->grid, 256);
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++) {
        if (i < count) {
            out->chest[i] = chest[i];
            out->grid[chest[i].y * 16 + chest[i].x] = 6;
        } else {
            out->chest[i].x = 0;
            out->chest[i].y = 0;
        }
    }
}

int impl_floor_generate(uint32_t seed, int k, grotto_floor_t *out, uint8_t *up_on_wall)
{
    if (k < 1 || k > GROTTO_MAX_FLOORS)
        return -1; /* any 32-bit seed: the generator is defined for it (floor.h) */
    impl_init();
    impl_layout L;
    impl_layout_gen(seed + (uint32_t)k, impl_floor_size(seed, k), &L);
    grotto_xy chest[GROTTO_MAX_CHESTS];
    int count = impl_place_chests(&L, k, chest, NULL);
    impl_floor_from_layout(&L, k, count, chest, out);
    if (up_on_wall)
        *up_on_wall = L.up_on_wall;
    return 0;
}
