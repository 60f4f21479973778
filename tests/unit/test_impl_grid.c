/* The grid primitives of impl's layout generator (impl/bytegrid.h,
 * impl/packed.h) against naive cell-by-cell versions written here from
 * floor-generation.md §7-§9, over random grids: line fills and the room
 * rectangle, blocked cells of a line, the extension scan, the row-mask
 * writes, the transpose of line masks, one room edge of the erosion
 * against the spec's four edge loops (draws included); the steps between
 * two generator states (the bench's draw count). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "bytegrid.h"
#include "impl.h"
#include "lcg.h"
#include "packed.h"
#include "testrng.h"

static uint64_t rs = 0xD1B54A32D192ED03ull;
static uint32_t rnd(void)
{
    return test_rng_next(&rs);
}

/* ---- the naive model: G(x, y) on a byte grid of tile codes ---- */
typedef struct {
    uint8_t c[16][16]; /* c[y][x] */
} bgrid;

static void random_bgrid(bgrid *g, int walls)
{
    static const uint8_t codes[5] = {0, 1, 2, 3, 8};
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            g->c[y][x] = (int)(rnd() % 100) < walls ? 1 : codes[rnd() % 5];
}

/* cell c of line i of orientation o (0: row i, 1: column i) */
static uint8_t *cell(bgrid *g, int o, int i, int c)
{
    return o ? &g->c[c][i] : &g->c[i][c];
}

static int blocked(uint8_t t)
{
    return t == 1 || t == 3;
}

static void expect_same(const uint8_t *got, const bgrid *want, const char *what, long item)
{
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            cr_assert_eq(got[16 * y + x], want->c[y][x], "%s #%ld: cell (%d, %d) is %d, want %d", what, item, x, y,
                         got[16 * y + x], want->c[y][x]);
}

Test(impl_grid, span_and_transpose)
{
    for (int lo = 0; lo <= 16; lo++)
        for (int hi = -1; hi < 16; hi++) {
            uint16_t want = 0;
            for (int b = lo; b <= hi; b++)
                want |= (uint16_t)(1u << b);
            cr_assert_eq(pk_span(lo, hi), want, "span %d..%d", lo, hi);
        }
    for (int rep = 0; rep < 5000; rep++) {
        uint16_t in[16], out[16];
        for (int y = 0; y < 16; y++)
            in[y] = (uint16_t)(rep % 3 ? rnd() : 1u << (rnd() % 16));
        pk_transpose(in, out);
        for (int x = 0; x < 16; x++) {
            for (int y = 0; y < 16; y++)
                cr_assert_eq((out[x] >> y) & 1u, (in[y] >> x) & 1u, "#%d: bit %d of out[%d]", rep, y, x);
            cr_assert_eq(pk_column(in, x), out[x], "#%d: column %d", rep, x);
        }
    }
}

Test(impl_grid, fills_and_rectangles)
{
    long checked = 0;
    for (int rep = 0; rep < 5000; rep++, checked++) {
        bgrid want;
        random_bgrid(&want, 40);
        uint8_t got[256];
        memcpy(got, want.c, sizeof got);
        int o = (int)(rnd() & 1), i = (int)(rnd() % 16), lo = (int)(rnd() % 16), hi = (int)(rnd() % 16);
        uint8_t v = (uint8_t)(rnd() % 9);
        /* lo..hi of line (o, i), forwards or backwards from an end */
        if (rnd() & 1)
            bg_fill(got + i * bg_stride(1 - o) + lo * bg_stride(o), bg_stride(o), hi + 1 - lo, v);
        else
            bg_fill(got + i * bg_stride(1 - o) + hi * bg_stride(o), -bg_stride(o), hi + 1 - lo, v);
        for (int c = lo; c <= hi; c++)
            *cell(&want, o, i, c) = v;
        expect_same(got, &want, "fill", rep);
        int x0 = (int)(rnd() % 16), x1 = x0 + (int)(rnd() % (16 - x0));
        int y0 = (int)(rnd() % 16), y1 = y0 + (int)(rnd() % (16 - y0));
        bg_clear_rect(got, x0, y0, x1, y1);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++)
                want.c[y][x] = 0;
        expect_same(got, &want, "rectangle", rep);
    }
    fprintf(stderr, "fills and rectangles: %ld checked\n", checked);
}

Test(impl_grid, blocked_lines_and_row_writes)
{
    for (int rep = 0; rep < 3000; rep++) {
        bgrid want;
        random_bgrid(&want, (int)(rnd() % 60));
        uint8_t got[256];
        memcpy(got, want.c, sizeof got);
        for (int o = 0; o < 2; o++)
            for (int i = 0; i < 16; i++) {
                uint16_t m = 0;
                for (int c = 0; c < 16; c++)
                    m |= (uint16_t)(blocked(*cell(&want, o, i, c)) << c);
                cr_assert_eq(bg_blocked_line(got, o, i), m, "#%d: line (%d, %d)", rep, o, i);
            }
        uint16_t first[16], then[16];
        for (int y = 0; y < 16; y++) {
            first[y] = (uint16_t)rnd();
            then[y] = (uint16_t)(rnd() & rnd());
        }
        int rows = 10 + (int)(rnd() % 7);
        bg_put_rows(got, rows, first, 2, then, 1);
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < 16; x++) {
                if ((first[y] >> x) & 1)
                    want.c[y][x] = 2;
                if ((then[y] >> x) & 1)
                    want.c[y][x] = 1;
            }
        expect_same(got, &want, "row writes", rep);
    }
}

/* EXTEND_ROW / EXTEND_COL of §8 on one line of tile codes */
static uint16_t naive_extension(const uint8_t line[16], int start, int step)
{
    for (int i = start + step; i >= 0 && i <= 15; i += step)
        if (!blocked(line[i])) {
            uint16_t m = 0;
            for (int j = start + step; j != i; j += step)
                m |= (uint16_t)(1u << j);
            return m;
        }
    return 0;
}

Test(impl_grid, extension_vs_scan)
{
    long checked = 0, filled = 0;
    static const uint8_t codes[6] = {0, 1, 1, 3, 3, 2};
    for (int rep = 0; rep < 50000; rep++) {
        uint8_t line[16];
        uint16_t open = 0;
        int dense = (int)(rnd() % 4);
        for (int b = 0; b < 16; b++) {
            line[b] = (int)(rnd() % 4) < dense ? 1 : codes[rnd() % 6];
            open |= (uint16_t)(!blocked(line[b]) << b);
        }
        int start = (int)(rnd() % 16), step = (rnd() & 1) ? 1 : -1;
        uint16_t want = naive_extension(line, start, step);
        cr_assert_eq(bg_extension(open, start, step), want, "open %04X start %d step %d", open, start, step);
        checked++;
        filled += want != 0;
    }
    fprintf(stderr, "extensions: %ld checked (%ld fill)\n", checked, filled);
    cr_assert_gt(filled, checked / 10);
}

/* ---- one room edge of the erosion against the spec's loops ---- */

static int naive_range(uint32_t *s, int lo, int hi)
{
    if (lo == hi)
        return lo;
    *s = *s * 1103515245u + 12345u;
    return lo + (int)(((*s >> 16) & 0x7FFFu) % (uint32_t)(hi - lo + 1));
}

typedef struct counts {
    long grown, shrunk, door_kept;
} counts;

#define G(x, y) g->c[y][x]

/* §7.1-§7.4: edge 0 top, 1 bottom, 2 left, 3 right (R1) */
static void naive_edge(bgrid *g, uint32_t *s, int edge, int x0, int y0, int x1, int y1, int grow, counts *n)
{
    int half = edge < 2 ? (y1 - y0 + 1) / 2 : (x1 - x0 + 1) / 2;
    int lo = edge < 2 ? x0 : y0, hi = edge < 2 ? x1 : y1;
    for (int v = lo; v <= hi; v++) {
        /* the edge cell, one step outward and one step inward as (dx, dy) */
        int ex = edge == 2 ? x0 : edge == 3 ? x1 : v, ey = edge == 0 ? y0 : edge == 1 ? y1 : v;
        int ix = edge == 2 ? 1 : edge == 3 ? -1 : 0, iy = edge == 0 ? 1 : edge == 1 ? -1 : 0;
        uint8_t t = G(ex, ey);
        if (t == 1 || t == 3)
            continue;
        if (naive_range(s, 0, 1)) {
            int len = naive_range(s, 0, grow);
            for (int k = 0; k < len; k++) {
                int cx = ex - ix * (k + 1), cy = ey - iy * (k + 1);
                if (G(cx, cy) != 8) {
                    G(cx, cy) = 0;
                    n->grown++;
                } else {
                    n->door_kept++;
                }
            }
            continue;
        }
        if (t == 8)
            continue;
        uint8_t o = edge == 3 ? G(y0 + 1, ey) : G(ex - ix, ey - iy); /* R1: column room.y0 + 1 */
        if (o == 1 || o == 8)
            continue;
        int len = naive_range(s, 0, half);
        int sx = iy ? 1 : 0, sy = ix ? 1 : 0; /* the side direction */
        for (int k = 0; k < len; k++) {
            int cx = ex + ix * k, cy = ey + iy * k, nx = cx + ix, ny = cy + iy;
            if (G(cx, cy) == 8 || G(nx, ny) == 1)
                break;
            if (!(G(cx + sx, cy + sy) == 1 || G(nx + sx, ny + sy) != 1))
                break;
            if (!(G(cx - sx, cy - sy) == 1 || G(nx - sx, ny - sy) != 1))
                break;
            G(cx, cy) = 1;
            n->shrunk++;
        }
    }
}

#undef G

Test(impl_grid, erode_edge_vs_spec)
{
    counts n = {0, 0, 0};
    long checked = 0;
    for (int rep = 0; rep < 40000; rep++) {
        bgrid want;
        random_bgrid(&want, (int)(rnd() % 70));
        uint8_t got[256];
        int x0 = 1 + (int)(rnd() % 12), y0 = 1 + (int)(rnd() % 12);
        int x1 = x0 + 1 + (int)(rnd() % (14 - x0)), y1 = y0 + 1 + (int)(rnd() % (14 - y0));
        for (int y = y0; y <= y1; y++) /* a room: mostly floor, a few doors and walls */
            for (int x = x0; x <= x1; x++)
                want.c[y][x] = (rnd() % 10) == 0 ? 8 : (rnd() % 10) == 0 ? 1 : 0;
        memcpy(got, want.c, sizeof got);
        int edge = (int)(rnd() % 4);
        /* growth limits that keep every cell inside the grid (at most the
         * special room's reach: rows/columns 1 .. 15) */
        int reach = edge == 0 ? y0 - 1 : edge == 1 ? 15 - y1 : edge == 2 ? x0 - 1 : 15 - x1;
        int grow = reach ? (int)(rnd() % (reach + 1)) : 0;
        uint32_t s = rnd(), t = s;
        naive_edge(&want, &s, edge, x0, y0, x1, y1, grow, &n);
        int a = edge < 2, b = 1 - a, in = bg_stride(a), along = bg_stride(b);
        int lo[2] = {x0, y0}, hi[2] = {x1, y1};
        int count = hi[b] + 1 - lo[b], half = (hi[a] + 1 - lo[a]) / 2;
        if (edge == 0 || edge == 2)
            bg_erode_edge(&t, got, lo[a] * in + lo[b] * along, count, along, in, -in, grow, half);
        else
            bg_erode_edge(&t, got, hi[a] * in + lo[b] * along, count, along, -in, a ? in : y0 + 1 - x1, grow, half);
        cr_assert_eq(t, s, "#%d edge %d: generator state", rep, edge);
        expect_same(got, &want, "edge", rep);
        checked++;
    }
    fprintf(stderr, "erosion edges: %ld checked; cells grown %ld, shrunk %ld, doors kept %ld\n", checked, n.grown,
            n.shrunk, n.door_kept);
    cr_assert(n.grown > 1000 && n.shrunk > 1000 && n.door_kept > 100);
}

/* ---- the draw count of the bench: steps between two generator states ---- */
Test(impl_grid, steps_between_states)
{
    for (int rep = 0; rep < 20000; rep++) {
        uint32_t s = rnd(), t = s;
        uint32_t n = rep < 10000 ? (uint32_t)(rnd() % 5000) : rnd();
        if (rep < 10000) {
            for (uint32_t i = 0; i < n; i++) /* stepped one draw at a time */
                t = t * 1103515245u + 12345u;
        } else {
            impl_affine f = impl_affine_pow(n);
            t = f.a * s + f.c;
        }
        cr_assert_eq(impl_steps_between(s, t), n, "from %08X: %u steps", s, n);
    }
}

/* Its tables: the fast path must be the one taken for n < 4,096 (a wrong
 * table would still give right counts, through the bit-by-bit search). */
Test(impl_grid, steps_between_tables)
{
    uint32_t low = 0;
    for (uint32_t i = 0; i < IMPL_POS12; i++) { /* the cycle of the low 12 bits from 0 */
        cr_assert_eq(impl_lcg_pos12[low], i, "low bits %03X", low);
        low = (low * 1103515245u + 12345u) & (IMPL_POS12 - 1u);
    }
    for (int j = 0; j < IMPL_POS12 / 64; j++) {
        impl_affine f = impl_affine_pow((uint64_t)j * 64u);
        cr_assert(impl_jump64[j].a == f.a && impl_jump64[j].c == f.c, "64 x %d steps", j);
    }
    for (int rep = 0; rep < 1000; rep++) {
        uint32_t s = rnd(), n = rnd() % IMPL_POS12;
        impl_affine f = impl_affine_pow(n);
        uint32_t t = f.a * s + f.c;
        uint32_t m = 0;
        cr_assert(impl_steps_low12(s, t, &m), "from %08X: %u steps not answered by the low bits", s, n);
        cr_assert_eq(m, n, "from %08X: %u steps by the low bits", s, n);
        f = impl_affine_pow(n + IMPL_POS12 * (1u + rnd() % 1000u)); /* 4,096 or more: not answered */
        cr_assert(!impl_steps_low12(s, f.a * s + f.c, &m), "from %08X: n >= 4096 answered as %u", s, m);
    }
}
