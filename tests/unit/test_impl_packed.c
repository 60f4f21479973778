/* impl/packed.h (the packed grid of the layout generator) against naive
 * cell-by-cell versions written here from floor-generation.md §7-§8, over
 * random grids: line reads and writes in both orientations, the shrink run
 * (stop mask + ctz/clz) against the spec's walk, growth cells, the
 * extension scan, the byte expansion; the steps between two generator
 * states (the bench's draw count). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "testrng.h"
#include "impl.h"
#include "lcg.h"
#include "packed.h"

static uint64_t rs = 0xD1B54A32D192ED03ull;
static uint32_t rnd(void)
{
    return test_rng_next(&rs);
}

/* ---- the naive model: a byte grid of tile codes ---- */
typedef struct {
    uint8_t c[16][16]; /* c[y][x] */
} bgrid;

static const uint8_t plane_code[PK_PLANES] = {1, 3, 8, 2}; /* PK_WALL, PK_PART, PK_DOOR, PK_CORR */

/* cell b of line i of orientation o (0: row i, 1: column i) */
static uint8_t *cell(bgrid *g, int o, int i, int b)
{
    return o ? &g->c[b][i] : &g->c[i][b];
}

static void random_bgrid(bgrid *g, int walls)
{
    static const uint8_t codes[5] = {0, 1, 2, 3, 8};
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            uint32_t r = rnd() % 100;
            g->c[y][x] = (int)r < walls ? 1 : codes[rnd() % 5];
        }
}

static void pack(const bgrid *b, pk_grid *g)
{
    memset(g, 0, sizeof *g);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            for (int k = 0; k < PK_PLANES; k++)
                if (b->c[y][x] == plane_code[k])
                    g->p[k].r[y] |= (uint16_t)(1u << x);
}

/* the grid the planes stand for; planes must be disjoint (else 255) */
static void unpack(const pk_grid *g, bgrid *b)
{
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            int n = 0;
            uint8_t v = 0;
            for (int k = 0; k < PK_PLANES; k++)
                if ((g->p[k].r[y] >> x) & 1u) {
                    n++;
                    v = plane_code[k];
                }
            b->c[y][x] = n > 1 ? 255 : v;
        }
}

/* line i of orientation o of a plane, through the packed reads */
static uint16_t line_of(const pk_plane *p, int o, int i)
{
    return o ? pk_col_get(p, i) : p->r[i];
}

static void expect_same(const pk_grid *g, const bgrid *want, const char *what, long item)
{
    bgrid got;
    unpack(g, &got);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            cr_assert_eq(got.c[y][x], want->c[y][x], "%s #%ld: cell (%d, %d) is %d, want %d", what, item, x, y,
                         got.c[y][x], want->c[y][x]);
}

Test(impl_packed, span_and_cells)
{
    for (int lo = 0; lo < 16; lo++)
        for (int hi = -1; hi < 16; hi++) {
            uint16_t want = 0;
            for (int b = lo; b <= hi; b++)
                want |= (uint16_t)(1u << b);
            cr_assert_eq(pk_span(lo, hi), want, "span %d..%d", lo, hi);
        }
    for (int e = 0; e < 16; e++)
        for (int dir = -1; dir <= 1; dir += 2)
            for (int n = 0; n <= 16; n++) {
                if (e + dir * (n - 1) < 0 || e + dir * (n - 1) > 15)
                    continue;
                uint16_t want = 0;
                for (int k = 0; k < n; k++)
                    want |= (uint16_t)(1u << (e + dir * k));
                cr_assert_eq(pk_cells(e, dir, n), want, "cells e %d dir %d n %d", e, dir, n);
            }
}

Test(impl_packed, lines_bits_blocked)
{
    long checked = 0;
    for (int rep = 0; rep < 2000; rep++) {
        bgrid b;
        pk_grid g;
        random_bgrid(&b, (int)(rnd() % 60));
        pack(&b, &g);
        for (int o = 0; o < 2; o++)
            for (int i = 0; i < 16; i++) {
                uint16_t blocked = 0;
                for (int k = 0; k < PK_PLANES; k++) {
                    uint16_t want = 0;
                    for (int bit = 0; bit < 16; bit++)
                        want |= (uint16_t)((*cell(&b, o, i, bit) == plane_code[k]) << bit);
                    cr_assert_eq(line_of(&g.p[k], o, i), want, "plane %d o %d line %d", k, o, i);
                    if (k == PK_WALL || k == PK_PART)
                        blocked |= want;
                    checked++;
                }
                cr_assert_eq(pk_blocked(&g, o, i), blocked);
            }
    }
    fprintf(stderr, "packed lines: %ld (grid, plane, orientation, line) checked\n", checked);
}

Test(impl_packed, writes_both_orientations)
{
    long checked = 0;
    for (int rep = 0; rep < 500; rep++) {
        bgrid b;
        pk_grid g;
        random_bgrid(&b, 30);
        pack(&b, &g);
        for (int w = 0; w < 40; w++, checked++) {
            int o = (int)(rnd() & 1), i = (int)(rnd() % 16), code = (int)(rnd() % 5) - 1;
            uint16_t m = (uint16_t)rnd();
            if (rnd() & 1) /* single cells too */
                m = (uint16_t)(1u << (rnd() % 16));
            pk_write(&g, o, i, m, code);
            for (int bit = 0; bit < 16; bit++)
                if ((m >> bit) & 1u)
                    *cell(&b, o, i, bit) = code < 0 ? 0 : plane_code[code];
            expect_same(&g, &b, "write", checked);
        }
    }
    fprintf(stderr, "packed writes: %ld writes checked cell by cell\n", checked);
}

/* The shrink walk of §7 on line i of orientation o from edge cell e inward
 * in direction dir, at most len cells, exactly as the spec's loop (side
 * lines i - 1 and i + 1); writes the 1s and returns the count. */
static int naive_shrink(bgrid *b, int o, int i, int e, int dir, int len)
{
    int k = 0;
    while (k < len && *cell(b, o, i, e + dir * k) != 8 && *cell(b, o, i, e + dir * (k + 1)) != 1 &&
           (*cell(b, o, i + 1, e + dir * k) == 1 || *cell(b, o, i + 1, e + dir * (k + 1)) != 1) &&
           (*cell(b, o, i - 1, e + dir * k) == 1 || *cell(b, o, i - 1, e + dir * (k + 1)) != 1)) {
        *cell(b, o, i, e + dir * k) = 1;
        k++;
    }
    return k;
}

Test(impl_packed, shrink_run_vs_walk)
{
    long checked = 0, nonzero = 0;
    for (int rep = 0; rep < 20000; rep++) {
        bgrid b;
        pk_grid g;
        random_bgrid(&b, (int)(rnd() % 50));
        pack(&b, &g);
        int o = (int)(rnd() & 1), i = 1 + (int)(rnd() % 14), dir = (rnd() & 1) ? 1 : -1;
        int len = (int)(rnd() % 8);
        /* the walk reads up to e + dir * len: keep it inside 0..15 */
        int e = dir > 0 ? (int)(rnd() % (16 - len)) : len + (int)(rnd() % (16 - len));
        int want = naive_shrink(&b, o, i, e, dir, len);
        uint16_t stop = pk_shrink_stop(line_of(&g.p[PK_WALL], o, i), line_of(&g.p[PK_DOOR], o, i),
                                       line_of(&g.p[PK_WALL], o, i - 1), line_of(&g.p[PK_WALL], o, i + 1), dir);
        int k = pk_run(stop, e, dir, len);
        cr_assert_eq(k, want, "o %d line %d e %d dir %d len %d: run %d, walk %d", o, i, e, dir, len, k, want);
        pk_write(&g, o, i, pk_cells(e, dir, k), PK_WALL);
        expect_same(&g, &b, "shrink", rep);
        checked++;
        nonzero += want > 0;
    }
    fprintf(stderr, "shrink runs: %ld checked (%ld non-empty)\n", checked, nonzero);
    cr_assert_gt(nonzero, checked / 10);
}

Test(impl_packed, run_exhaustive_lines)
{
    /* every 16-bit stop mask, every edge, both directions, caps 0..15 */
    long checked = 0;
    for (uint32_t stop = 0; stop < 65536; stop += 7)
        for (int e = 0; e < 16; e++)
            for (int dir = -1; dir <= 1; dir += 2)
                for (int cap = 0; cap < 16; cap += 5) {
                    int n = 0;
                    for (int c = e; c >= 0 && c <= 15 && !((stop >> c) & 1u) && n < cap; c += dir)
                        n++;
                    cr_assert_eq(pk_run((uint16_t)stop, e, dir, cap), n, "stop %04X e %d dir %d cap %d", stop, e,
                                 dir, cap);
                    checked++;
                }
    fprintf(stderr, "runs: %ld (mask, edge, direction, cap) checked\n", checked);
}

/* EXTEND_ROW / EXTEND_COL of §8 on one line of tile codes */
static uint16_t naive_extension(const uint8_t line[16], int start, int step)
{
    for (int i = start + step; i >= 0 && i <= 15; i += step)
        if (!(line[i] == 1 || line[i] == 3)) {
            uint16_t m = 0;
            for (int j = start + step; j != i; j += step)
                m |= (uint16_t)(1u << j);
            return m;
        }
    return 0;
}

Test(impl_packed, extension_vs_scan)
{
    long checked = 0, filled = 0;
    static const uint8_t codes[6] = {0, 1, 1, 3, 3, 2};
    for (int rep = 0; rep < 50000; rep++) {
        uint8_t line[16];
        uint16_t blocked = 0;
        int dense = (int)(rnd() % 4);
        for (int b = 0; b < 16; b++) {
            line[b] = (int)(rnd() % 4) < dense ? 1 : codes[rnd() % 6];
            blocked |= (uint16_t)((line[b] == 1 || line[b] == 3) << b);
        }
        int start = (int)(rnd() % 16), step = (rnd() & 1) ? 1 : -1;
        uint16_t want = naive_extension(line, start, step);
        cr_assert_eq(pk_extension(blocked, start, step), want, "blocked %04X start %d step %d", blocked, start,
                     step);
        checked++;
        filled += want != 0;
    }
    fprintf(stderr, "extensions: %ld checked (%ld fill)\n", checked, filled);
    cr_assert_gt(filled, checked / 10);
}

Test(impl_packed, bytes_of_row)
{
    static const uint8_t codes[7] = {0, 1, 2, 3, 4, 5, 8};
    for (int rep = 0; rep < 20000; rep++) {
        uint8_t want[16];
        uint16_t bit[4] = {0};
        for (int x = 0; x < 16; x++) {
            want[x] = codes[rnd() % 7];
            for (int j = 0; j < 4; j++)
                bit[j] |= (uint16_t)(((want[x] >> j) & 1u) << x);
        }
        uint8_t got[16];
        pk_bytes_of_row(bit[0], bit[1], bit[2], bit[3], got);
        cr_assert_arr_eq(got, want, 16, "row expansion #%d", rep);
    }
    for (unsigned v = 0; v < 256; v++) {
        uint64_t s = pk_spread8(v);
        for (int i = 0; i < 8; i++)
            cr_assert_eq((s >> (8 * i)) & 0xFF, (v >> i) & 1u, "spread %02X byte %d", v, i);
    }
}

/* ---- the draw count of the bench: steps between two generator states ---- */
Test(impl_packed, steps_between_states)
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
