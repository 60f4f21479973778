/* impl/: the floor generator (floor-generation.md §4-§11) over compact state.
 * See impl.h (impl_layout) for what state is kept and why it is faithful. */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bitboard.h"
#include "impl.h"
#include "lcg.h"

#define G(x, y) g->grid[((y) << 4) + (x)]

typedef struct gnode {
    uint8_t x0, y0, x1, y1;
    uint8_t rowcut, colcut;
} gnode;

typedef struct gsplit {
    uint8_t lx0, ly0, lx1, ly1;
    uint8_t first, second; /* node indices (the pointers of §3.4) */
    uint8_t kind;          /* 1 horizontal line, 2 vertical line */
} gsplit;

/* door slot order of the room record (§3.5) */
enum { D_LEFT0, D_LEFT1, D_RIGHT0, D_RIGHT1, D_TOP0, D_TOP1, D_BOTTOM0, D_BOTTOM1 };

typedef struct groom {
    uint8_t x0, y0, x1, y1;
    uint8_t door[8][2]; /* (x, y); (0, 0) = empty slot */
} groom;

typedef struct gen {
    uint32_t s;                 /* RNG state */
    int W, H;
    int node_count, split_count, room_count;
    int special_done;
    gnode node[16];
    gsplit split[16];
    groom room[16];
    int8_t node_room[16];       /* node n -> room index, -1 = pointer 0 */
    uint8_t grid[256];
} gen;

/* G(x, y) := v for x = x0..x1 (nothing when x0 > x1). One masked 16-byte
 * row update instead of a loop (which compilers turn into a memset call). */
static inline void fill_row(gen *g, int y, int x0, int x1, uint8_t v)
{
    if (x0 > x1)
        return;
#if defined(__SSE2__)
    const __m128i idx = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i *p = (__m128i *)(void *)(g->grid + 16 * y);
    __m128i row = _mm_loadu_si128(p);
    __m128i outside = _mm_or_si128(_mm_cmpgt_epi8(_mm_set1_epi8((char)x0), idx),
                                   _mm_cmpgt_epi8(idx, _mm_set1_epi8((char)x1)));
    row = _mm_or_si128(_mm_and_si128(outside, row), _mm_andnot_si128(outside, _mm_set1_epi8((char)v)));
    _mm_storeu_si128(p, row);
#else
    for (int x = x0; x <= x1; x++)
        G(x, y) = v;
#endif
}

static inline int RANGE(gen *g, int lo, int hi)
{
    return impl_range(&g->s, lo, hi);
}

static inline int blocked_tile(uint8_t t)
{
    return t == 1 || t == 3;
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

/* ---- Phase 1: BSP (§5) ---- */

static int split_rows(gen *g, int n)
{
    gnode *N = &g->node[n];
    int m = g->node_count, s = g->split_count;
    int h = N->y1 + 1 - N->y0;
    if (h < 7 || N->rowcut)
        return 0;
    int line = N->y0 + RANGE(g, 0, h - 7) + 3;
    fill_row(g, line, N->x0, N->x1, 3);
    gsplit *P = &g->split[s];
    P->lx0 = N->x0;
    P->ly0 = (uint8_t)line;
    P->lx1 = N->x1;
    P->ly1 = (uint8_t)line;
    gnode *M = &g->node[m];
    M->x0 = N->x0;
    M->y0 = (uint8_t)(line + 1);
    M->x1 = N->x1;
    M->y1 = N->y1;
    M->rowcut = 0;
    M->colcut = 0;
    N->y1 = (uint8_t)(line - 1);
    N->rowcut = 1;
    P->first = (uint8_t)n;
    P->second = (uint8_t)m;
    P->kind = 1;
    return 1;
}

static int split_cols(gen *g, int n)
{
    gnode *N = &g->node[n];
    int m = g->node_count, s = g->split_count;
    int w = N->x1 + 1 - N->x0;
    if (w < 7 || N->colcut)
        return 0;
    int line = N->x0 + RANGE(g, 0, w - 7) + 3;
    for (int y = N->y0; y <= N->y1; y++)
        G(line, y) = 3;
    gsplit *P = &g->split[s];
    P->lx0 = (uint8_t)line;
    P->ly0 = N->y0;
    P->lx1 = (uint8_t)line;
    P->ly1 = N->y1;
    gnode *M = &g->node[m];
    M->x0 = (uint8_t)(line + 1);
    M->y0 = N->y0;
    M->x1 = N->x1;
    M->y1 = N->y1;
    M->rowcut = 0;
    M->colcut = 0;
    N->x1 = (uint8_t)(line - 1);
    N->colcut = 1;
    P->first = (uint8_t)n;
    P->second = (uint8_t)m;
    P->kind = 2;
    return 1;
}

static void bsp_visit(gen *g, int n)
{
    if (g->node_count >= 15)
        return;
    gnode *N = &g->node[n];
    int ok;
    if (N->colcut)
        ok = split_rows(g, n);
    else if (N->rowcut)
        ok = split_cols(g, n);
    else if (impl_next15(&g->s) & 1)
        ok = split_cols(g, n);
    else
        ok = split_rows(g, n);
    if (!ok)
        return;
    int m = g->node_count;
    g->node_count++;
    g->split_count++;
    if (impl_next15(&g->s) & 1) {
        bsp_visit(g, n);
        bsp_visit(g, m);
    } else {
        bsp_visit(g, m);
        bsp_visit(g, n);
    }
}

/* ---- Phase 2: rooms and doors (§6) ---- */

static void place_doors(gen *g, int r)
{
    groom *R = &g->room[r];
    if (R->x0 == 0 || R->y0 == 0 || R->x1 == 0 || R->y1 == 0)
        return; /* R9, unreachable */
    int w = R->x1 - R->x0 + 1;
    if (w < 5) {
        R->door[D_TOP0][0] = (uint8_t)RANGE(g, R->x0, R->x1);
        R->door[D_TOP0][1] = R->y0;
        R->door[D_BOTTOM0][0] = (uint8_t)RANGE(g, R->x0, R->x1);
        R->door[D_BOTTOM0][1] = R->y1;
        G(R->door[D_TOP0][0], R->y0) = 8;
        G(R->door[D_BOTTOM0][0], R->y1) = 8;
    } else {
        int mid = R->x0 + w / 2 - 1;
        R->door[D_TOP0][0] = (uint8_t)RANGE(g, R->x0, mid);
        R->door[D_TOP0][1] = R->y0;
        R->door[D_TOP1][0] = (uint8_t)RANGE(g, mid + 1, R->x1);
        R->door[D_TOP1][1] = R->y0;
        R->door[D_BOTTOM0][0] = (uint8_t)RANGE(g, R->x0, mid);
        R->door[D_BOTTOM0][1] = R->y1;
        R->door[D_BOTTOM1][0] = (uint8_t)RANGE(g, mid + 1, R->x1);
        R->door[D_BOTTOM1][1] = R->y1;
        G(R->door[D_TOP0][0], R->y0) = 8;
        G(R->door[D_TOP1][0], R->y0) = 8;
        G(R->door[D_BOTTOM0][0], R->y1) = 8;
        G(R->door[D_BOTTOM1][0], R->y1) = 8;
    }
    int h = R->y1 - R->y0 + 1;
    if (h < 5) {
        R->door[D_LEFT0][0] = R->x0;
        R->door[D_LEFT0][1] = (uint8_t)RANGE(g, R->y0, R->y1);
        R->door[D_RIGHT0][0] = R->x1;
        R->door[D_RIGHT0][1] = (uint8_t)RANGE(g, R->y0, R->y1);
        G(R->x0, R->door[D_LEFT0][1]) = 8;
        G(R->x1, R->door[D_RIGHT0][1]) = 8;
    } else {
        int midy = R->y0 + h / 2 - 1;
        R->door[D_LEFT0][0] = R->x0;
        R->door[D_LEFT0][1] = (uint8_t)RANGE(g, R->y0, midy);
        R->door[D_LEFT1][0] = R->x0;
        R->door[D_LEFT1][1] = (uint8_t)RANGE(g, midy + 1, R->y1);
        R->door[D_RIGHT0][0] = R->x1;
        R->door[D_RIGHT0][1] = (uint8_t)RANGE(g, R->y0, midy);
        R->door[D_RIGHT1][0] = R->x1;
        R->door[D_RIGHT1][1] = (uint8_t)RANGE(g, midy + 1, R->y1);
        G(R->x0, R->door[D_LEFT0][1]) = 8;
        G(R->x0, R->door[D_LEFT1][1]) = 8;
        G(R->x1, R->door[D_RIGHT0][1]) = 8;
        G(R->x1, R->door[D_RIGHT1][1]) = 8;
    }
}

static int carve_room(gen *g, int n, int r)
{
    gnode *N = &g->node[n];
    if ((N->x1 + 1 - N->x0) < 3 || (N->y1 + 1 - N->y0) < 3)
        return 0; /* R6, unreachable */
    int tw = (N->x1 - N->x0 + 1) / 3;
    int th = (N->y1 - N->y0 + 1) / 3;
    int rx0, ry0, rx1, ry1;
    if (RANGE(g, 0, 1) != 0) {
        rx0 = RANGE(g, N->x0, N->x0 + tw);
        ry0 = RANGE(g, N->y0, N->y0 + th);
    } else {
        rx0 = RANGE(g, N->x0 + 1, N->x0 + tw);
        ry0 = RANGE(g, N->y0 + 1, N->y0 + th);
    }
    if (RANGE(g, 0, 1) != 0) {
        rx1 = RANGE(g, N->x0 + 2 * tw, N->x1);
        ry1 = RANGE(g, N->y0 + 2 * th, N->y1);
    } else {
        rx1 = RANGE(g, N->x0 + 2 * tw, N->x1 - 1);
        ry1 = RANGE(g, N->y0 + 2 * th, N->y1 - 1);
    }
    groom *R = &g->room[r];
    R->x0 = (uint8_t)rx0;
    R->y0 = (uint8_t)ry0;
    R->x1 = (uint8_t)rx1;
    R->y1 = (uint8_t)ry1;
    memset(R->door, 0, sizeof R->door);
    g->node_room[n] = (int8_t)r;
    for (int y = ry0; y <= ry1; y++)
        fill_row(g, y, rx0, rx1, 0);
    place_doors(g, r);
    return 1;
}

/* ---- Phase 3: erosion / extension (§7) ---- */

static void erode_top(gen *g, const groom *R, int halfH, int growUp)
{
    for (int x = R->x0; x <= R->x1; x++) {
        uint8_t t = G(x, R->y0);
        if (blocked_tile(t))
            continue;
        if (RANGE(g, 0, 1) == 0) {
            if (t == 8)
                continue;
            uint8_t o = G(x, R->y0 - 1);
            if (o == 1 || o == 8)
                continue;
            int len = RANGE(g, 0, halfH);
            int k = 0;
            while (k < len && G(x, R->y0 + k) != 8 && G(x, R->y0 + k + 1) != 1 &&
                   (G(x + 1, R->y0 + k) == 1 || G(x + 1, R->y0 + k + 1) != 1) &&
                   (G(x - 1, R->y0 + k) == 1 || G(x - 1, R->y0 + k + 1) != 1)) {
                G(x, R->y0 + k) = 1;
                k++;
            }
        } else {
            int len = RANGE(g, 0, growUp);
            for (int k = 0; k < len; k++)
                if (G(x, R->y0 - 1 - k) != 8)
                    G(x, R->y0 - 1 - k) = 0;
        }
    }
}

static void erode_bottom(gen *g, const groom *R, int halfH, int growDown)
{
    for (int x = R->x0; x <= R->x1; x++) {
        uint8_t t = G(x, R->y1);
        if (blocked_tile(t))
            continue;
        if (RANGE(g, 0, 1) != 0) {
            int len = RANGE(g, 0, growDown);
            for (int k = 0; k < len; k++)
                if (G(x, R->y1 + 1 + k) != 8)
                    G(x, R->y1 + 1 + k) = 0;
        } else {
            if (t == 8)
                continue;
            uint8_t o = G(x, R->y1 + 1);
            if (o == 1 || o == 8)
                continue;
            int len = RANGE(g, 0, halfH);
            int k = 0;
            while (k < len && G(x, R->y1 - k) != 8 && G(x, R->y1 - k - 1) != 1 &&
                   (G(x + 1, R->y1 - k) == 1 || G(x + 1, R->y1 - k - 1) != 1) &&
                   (G(x - 1, R->y1 - k) == 1 || G(x - 1, R->y1 - k - 1) != 1)) {
                G(x, R->y1 - k) = 1;
                k++;
            }
        }
    }
}

static void erode_left(gen *g, const groom *R, int halfW, int growLeft)
{
    for (int y = R->y0; y <= R->y1; y++) {
        uint8_t t = G(R->x0, y);
        if (blocked_tile(t))
            continue;
        if (RANGE(g, 0, 1) != 0) {
            int len = RANGE(g, 0, growLeft);
            for (int k = 0; k < len; k++)
                if (G(R->x0 - 1 - k, y) != 8)
                    G(R->x0 - 1 - k, y) = 0;
        } else {
            if (t == 8)
                continue;
            uint8_t o = G(R->x0 - 1, y);
            if (o == 1 || o == 8)
                continue;
            int len = RANGE(g, 0, halfW);
            int k = 0;
            while (k < len && G(R->x0 + k, y) != 8 && G(R->x0 + k + 1, y) != 1 &&
                   (G(R->x0 + k, y + 1) == 1 || G(R->x0 + k + 1, y + 1) != 1) &&
                   (G(R->x0 + k, y - 1) == 1 || G(R->x0 + k + 1, y - 1) != 1)) {
                G(R->x0 + k, y) = 1;
                k++;
            }
        }
    }
}

static void erode_right(gen *g, const groom *R, int halfW, int growRight)
{
    for (int y = R->y0; y <= R->y1; y++) {
        uint8_t t = G(R->x1, y);
        if (blocked_tile(t))
            continue;
        if (RANGE(g, 0, 1) != 0) {
            int len = RANGE(g, 0, growRight);
            for (int k = 0; k < len; k++)
                if (G(R->x1 + 1 + k, y) != 8)
                    G(R->x1 + 1 + k, y) = 0;
        } else {
            if (t == 8)
                continue;
            uint8_t o = G(R->y0 + 1, y); /* QUIRK R1: column room.y0 + 1 */
            if (o == 1 || o == 8)
                continue;
            int len = RANGE(g, 0, halfW);
            int k = 0;
            while (k < len && G(R->x1 - k, y) != 8 && G(R->x1 - k - 1, y) != 1 &&
                   (G(R->x1 - k, y + 1) == 1 || G(R->x1 - k - 1, y + 1) != 1) &&
                   (G(R->x1 - k, y - 1) == 1 || G(R->x1 - k - 1, y - 1) != 1)) {
                G(R->x1 - k, y) = 1;
                k++;
            }
        }
    }
}

static void erode(gen *g, int n)
{
    const gnode *N = &g->node[n];
    if (g->node_room[n] < 0)
        return; /* R6: a node without a room; unreachable (every leaf >= 3x3) */
    const groom *R = &g->room[g->node_room[n]];
    int halfW = (R->x1 - R->x0 + 1) / 2;
    int halfH = (R->y1 - R->y0 + 1) / 2;
    int special = 0;
    if (!g->special_done && RANGE(g, 0, 15) == 0)
        special = 1;
    int growUp, growDown, growLeft, growRight;
    if (!special) {
        growUp = R->y0 - N->y0;
        growDown = N->y1 - R->y1;
        growLeft = R->x0 - N->x0;
        growRight = N->x1 - R->x1;
    } else {
        growUp = R->y0 - 1;
        growDown = g->H - R->y1 - 1;
        growLeft = R->x0 - 1;
        growRight = g->W - R->x1 - 1;
        g->special_done = 1;
    }
    erode_top(g, R, halfH, growUp);
    erode_bottom(g, R, halfH, growDown);
    erode_left(g, R, halfW, growLeft);
    erode_right(g, R, halfW, growRight);
}

/* ---- Phase 4: corridors (§8) ---- */

static void extend_row(gen *g, int L, int start, int step)
{
    int i = start + step;
    while (i >= 0 && i <= 15) { /* R2: bound is the 16-cell grid */
        if (!blocked_tile(G(i, L))) {
            if (step > 0)
                fill_row(g, L, start + 1, i - 1, 2);
            else
                fill_row(g, L, i + 1, start - 1, 2);
            return;
        }
        i += step;
    }
}

static void extend_col(gen *g, int L, int start, int step)
{
    int i = start + step;
    while (i >= 0 && i <= 15) {
        if (!blocked_tile(G(L, i))) {
            for (int j = start + step; j != i; j += step)
                G(L, j) = 2;
            return;
        }
        i += step;
    }
}

static void draw_corridor(gen *g, const gsplit *P, const uint8_t a[2], const uint8_t b[2], int extend)
{
    int ax = a[0], ay = a[1], bx = b[0], by = b[1];
    if (ax == 0 || ay == 0 || bx == 0 || by == 0)
        return; /* empty door slot (R5) */
    if (P->kind == 1) {
        int L = P->ly0;
        for (int y = ay + 1; y <= L; y++)
            G(ax, y) = 2;
        for (int y = by - 1; y >= L + 1; y--)
            G(bx, y) = 2;
        /* the line between the two doors, then (R2) both ends pushed on:
         * the far end first, towards 15, then the near end towards 0 */
        int lo = ax < bx ? ax : bx, hi = ax < bx ? bx : ax;
        if (lo < hi)
            fill_row(g, L, lo, hi, 2);
        if (extend) {
            extend_row(g, L, hi, +1);
            extend_row(g, L, lo, -1);
        }
    } else if (P->kind == 2) {
        int L = P->lx0;
        for (int x = ax + 1; x <= L; x++)
            G(x, ay) = 2;
        for (int x = bx - 1; x >= L + 1; x--)
            G(x, by) = 2;
        int lo = ay < by ? ay : by, hi = ay < by ? by : ay;
        for (int y = lo; lo < hi && y <= hi; y++)
            G(L, y) = 2;
        if (extend) {
            extend_col(g, L, hi, +1);
            extend_col(g, L, lo, -1);
        }
    }
}

static void connect_split(gen *g, int s)
{
    const gsplit *P = &g->split[s];
    if (g->node_room[P->first] < 0 || g->node_room[P->second] < 0)
        return; /* R6, unreachable */
    /* node(first).room and node(second).room at corridor time */
    const groom *A = &g->room[g->node_room[P->first]];
    const groom *B = &g->room[g->node_room[P->second]];
    const uint8_t *pa[4], *pb[4];
    if (P->kind == 1) {
        pa[0] = A->door[D_BOTTOM0]; pb[0] = B->door[D_TOP0];
        pa[1] = A->door[D_BOTTOM1]; pb[1] = B->door[D_TOP0];
        pa[2] = A->door[D_BOTTOM0]; pb[2] = B->door[D_TOP1];
        pa[3] = A->door[D_BOTTOM1]; pb[3] = B->door[D_TOP1];
    } else {
        pa[0] = A->door[D_RIGHT0]; pb[0] = B->door[D_LEFT0];
        pa[1] = A->door[D_RIGHT1]; pb[1] = B->door[D_LEFT0];
        pa[2] = A->door[D_RIGHT0]; pb[2] = B->door[D_LEFT1];
        pa[3] = A->door[D_RIGHT1]; pb[3] = B->door[D_LEFT1];
    }
    for (int i = 0; i < 4; i++) {
        int extend = RANGE(g, 0, 7) == 0; /* always one draw */
        draw_corridor(g, P, pa[i], pb[i], extend);
    }
}

/* ---- driver, Phase 5 ring, Phase 6 stairs ---- */

void impl_layout_gen(uint32_t T, int size, impl_layout *L)
{
    gen gg;
    gen *g = &gg;
    g->s = T;
    g->W = g->H = size;
    g->node_count = 1;
    g->split_count = 0;
    g->room_count = 0;
    g->special_done = 0;
    memset(g->grid, 1, sizeof g->grid);
    memset(g->node_room, -1, sizeof g->node_room);
    g->node[0].x0 = 1;
    g->node[0].y0 = 1;
    g->node[0].x1 = (uint8_t)(size - 2);
    g->node[0].y1 = (uint8_t)(size - 2);
    g->node[0].rowcut = 0;
    g->node[0].colcut = 0;

    bsp_visit(g, 0);

    for (int n = 0; n < g->node_count; n++)
        if (carve_room(g, n, g->room_count))
            g->room_count++;

    for (int n = 0; n < g->node_count; n++)
        erode(g, n);

    for (int s = 0; s < g->split_count; s++)
        connect_split(g, s);

    fill_row(g, 0, 0, g->W - 1, 1);
    fill_row(g, g->H - 1, 0, g->W - 1, 1);
    for (int y = 0; y < g->H; y++) {
        G(0, y) = 1;
        G(g->W - 1, y) = 1;
    }

    /* stairs (§10) on blocked row masks */
    uint16_t bm[16], st[16];
    impl_blocked_rows(g->grid, bm);
    memset(st, 0, sizeof st);
    int rc = g->room_count;
    int same = 0, failures = 0, overflow = 0, up_on_wall = 0;
    int ux, uy, dx, dy;
    for (;;) {
        int ri = RANGE(g, 0, rc - 1);
        const groom *R = &g->room[ri];
        ux = RANGE(g, R->x0, R->x1);
        uy = RANGE(g, R->y0, R->y1);
        if (failures < 100) {
            if (impl_up_reject[impl_pat9(bm, ux, uy)]) {
                failures++;
                continue;
            }
        }
        up_on_wall = (bm[uy] >> ux) & 1;
        G(ux, uy) = 4;
        bm[uy] &= (uint16_t)~(1u << ux);
        st[uy] |= (uint16_t)(1u << ux);
        if (failures >= 100) {
            same = 0;
            failures = 0;
            overflow = 1;
        }
        dx = ux;
        dy = uy;
        int droom = ri;
        do {
            int rj = RANGE(g, 0, rc - 1);
            if (rj == ri && same < 25) {
                same++;
            } else {
                const groom *R2 = &g->room[rj];
                dx = RANGE(g, R2->x0, R2->x1);
                droom = rj;
                dy = RANGE(g, R2->y0, R2->y1);
            }
        } while (droom == ri && dx == ux && dy == uy);
        if (impl_corner_fail(impl_pat9(bm, dx, dy))) {
            failures++;
            continue; /* the 4 stays: ghost stairs */
        }
        break;
    }
    G(dx, dy) = 5;
    bm[dy] &= (uint16_t)~(1u << dx);
    st[dy] |= (uint16_t)(1u << dx);

    memcpy(L->grid, g->grid, 256);
    memcpy(L->blocked, bm, sizeof bm);
    memcpy(L->stairs, st, sizeof st);
    int regular = rc >= 2;
    for (int r = 0; r < rc; r++) {
        L->room[r].x0 = g->room[r].x0;
        L->room[r].y0 = g->room[r].y0;
        L->room[r].x1 = g->room[r].x1;
        L->room[r].y1 = g->room[r].y1;
        if (g->room[r].x0 == g->room[r].x1 || g->room[r].y0 == g->room[r].y1)
            regular = 0;
    }
    L->size = (uint8_t)size;
    L->room_count = (uint8_t)rc;
    L->overflow = (uint8_t)overflow;
    L->up_on_wall = (uint8_t)up_on_wall;
    L->rooms_regular = (uint8_t)regular;
    L->up.x = (uint8_t)ux;
    L->up.y = (uint8_t)uy;
    L->down.x = (uint8_t)dx;
    L->down.y = (uint8_t)dy;
    L->state = g->s;
}

/* ---- Phase 7: chests (§11) ---- */

int impl_place_chests(const impl_layout *L, int k, grotto_xy chest[GROTTO_MAX_CHESTS])
{
    if (k <= 2)
        return 0;
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
    int count = impl_place_chests(&L, k, chest);
    impl_floor_from_layout(&L, k, count, chest, out);
    if (up_on_wall)
        *up_on_wall = L.up_on_wall;
    return 0;
}
