/* impl/ stair phase (floor-generation.md §10; impl/floorgen.c "Phase 6",
 * impl/tables.c impl_up_refused) against the spec written out here on a
 * byte grid:
 *  - the up-stairs verdict table against CLASSIFY + BLACKLIST + CORNER_FAIL
 *    for every neighbour pattern and centre code;
 *  - the whole phase (impl_stairs_alone) against PLACE_STAIRS on random
 *    grids and rooms: stairs, ghosts, overflow flag, up-on-wall flag, the
 *    grid, the blocked and stair rows, the generator state after; the runs
 *    must include overflow mode, the same-room limit, ghost stairs, up
 *    stairs on walls and down stairs over a ghost, or the test fails;
 *  - on real floors, the final stairs against their checks. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "impl.h"
#include "testrng.h"

static uint64_t rs = 0x2F1D3C4B5A697887ull;
static uint32_t rnd(void)
{
    return test_rng_next(&rs);
}

/* ---- §10.1 on a byte grid ---- */

typedef struct grid {
    uint8_t c[16][16]; /* c[y][x] */
} grid;

static int blocked(uint8_t t)
{
    return t == 1 || t == 3;
}

static int corner_fail(const grid *g, int x, int y)
{
    return (blocked(g->c[y - 1][x]) || blocked(g->c[y + 1][x])) &&
           (blocked(g->c[y][x - 1]) || blocked(g->c[y][x + 1]));
}

static int classify(const grid *g, int x, int y)
{
    uint8_t t = g->c[y][x];
    if (t == 1 || t == 3)
        return 255;
    if (!(t == 0 || t == 2 || t == 4 || t == 5 || t == 6 || t == 7 || t == 8))
        return 0;
    int n = blocked(g->c[y - 1][x]), ne = blocked(g->c[y - 1][x + 1]);
    int e = blocked(g->c[y][x + 1]), se = blocked(g->c[y + 1][x + 1]);
    int s = blocked(g->c[y + 1][x]), sw = blocked(g->c[y + 1][x - 1]);
    int w = blocked(g->c[y][x - 1]), nw = blocked(g->c[y - 1][x - 1]);
    return ((nw || n || w) << 7) | (n << 6) | ((ne || n || e) << 5) | (e << 4) | ((se || e || s) << 3) |
           (s << 2) | ((sw || s || w) << 1) | w;
}

static int blacklisted(int code)
{
    static const int list[] = {46, 58, 139, 142, 163, 171, 174, 184, 186, 226, 232, 234};
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        if (list[i] == code)
            return 1;
    return 0;
}

static void rows_of(const grid *g, uint16_t bm[16])
{
    for (int y = 0; y < 16; y++) {
        bm[y] = 0;
        for (int x = 0; x < 16; x++)
            bm[y] |= (uint16_t)(blocked(g->c[y][x]) << x);
    }
}

Test(impl_stairs, up_verdict_every_pattern)
{
    static const uint8_t centres[] = {0, 2, 4, 5, 6, 7, 8, 1, 3};
    static const uint8_t open_codes[] = {0, 2, 4, 5, 6, 8};
    static const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
    long checked = 0, refused = 0, pinches = 0;
    for (size_t ci = 0; ci < sizeof centres; ci++)
        for (int pat = 0; pat < 256; pat++)
            for (int variant = 0; variant < 4; variant++) {
                grid g;
                memset(&g, 1, sizeof g);
                int x = 2 + 3 * variant, y = 2 + 3 * variant;
                for (int i = 0; i < 8; i++)
                    g.c[y + dy[i]][x + dx[i]] = ((pat >> i) & 1) ? (uint8_t)((rnd() & 1) ? 1 : 3)
                                                                  : open_codes[rnd() % sizeof open_codes];
                g.c[y][x] = centres[ci];
                uint16_t bm[16];
                rows_of(&g, bm);
                unsigned p = impl_pat9(bm, x, y);
                /* the pattern is the 3 x 3 block, bit (dy+1)*3 + (dx+1) */
                for (int j = -1; j <= 1; j++)
                    for (int i = -1; i <= 1; i++)
                        cr_assert_eq((p >> (3 * (j + 1) + (i + 1))) & 1, (unsigned)blocked(g.c[y + j][x + i]));
                int cf = corner_fail(&g, x, y), bl = blacklisted(classify(&g, x, y));
                cr_assert_eq(impl_corner_fail(p) != 0, cf, "pattern %d centre %d", pat, centres[ci]);
                cr_assert_eq(impl_up_refused[p] != 0, cf || bl, "pattern %d centre %d: corner %d blacklisted %d", pat,
                             centres[ci], cf, bl);
                refused += cf || bl;
                pinches += bl;
                checked++;
            }
    fprintf(stderr, "up verdicts: %ld (pattern, centre) cases, %ld refused, %ld by the blacklist\n", checked,
            refused, pinches);
    cr_assert_eq(checked, 9 * 256 * 4);
    cr_assert(pinches > 0 && refused > pinches);
}

/* ---- §10.2 on a byte grid ---- */

typedef struct lcg {
    uint32_t s;
} lcg;

static int range(lcg *r, int lo, int hi)
{
    if (lo == hi)
        return lo;
    r->s = r->s * 1103515245u + 12345u;
    int v = (int)((r->s >> 16) & 0x7FFFu);
    int n = hi - lo + 1;
    if (n == 0)
        return lo;
    return lo + v % (n < 0 ? -n : n);
}

typedef struct spec_out {
    int ux, uy, dx, dy, overflow, up_on_wall;
    int max_same_room_hits, limit_after_reset, overflows, ghosts_written, down_on_ghost;
} spec_out;

static void place_stairs_spec(grid *g, const impl_room *room, int rooms, lcg *r, spec_out *o)
{
    memset(o, 0, sizeof *o);
    int same_room_hits = 0, failures = 0, ux, uy, dx, dy;
    for (;;) {
        int ri = range(r, 0, rooms - 1);
        const impl_room *R = &room[ri];
        ux = range(r, R->x0, R->x1);
        uy = range(r, R->y0, R->y1);
        if (failures < 100) {
            if (corner_fail(g, ux, uy)) {
                failures++;
                continue;
            }
            if (blacklisted(classify(g, ux, uy))) {
                failures++;
                continue;
            }
        }
        o->up_on_wall = blocked(g->c[uy][ux]);
        g->c[uy][ux] = 4;
        if (failures >= 100) {
            same_room_hits = 0;
            failures = 0;
            o->overflow = 1;
            o->overflows++;
        }
        dx = ux;
        dy = uy;
        int droom = ri;
        do {
            int rj = range(r, 0, rooms - 1);
            if (rj == ri && same_room_hits < 25) {
                same_room_hits++;
                if (same_room_hits > o->max_same_room_hits)
                    o->max_same_room_hits = same_room_hits;
                o->limit_after_reset |= same_room_hits == 25 && o->overflows > 0;
            } else {
                dx = range(r, room[rj].x0, room[rj].x1);
                droom = rj;
                dy = range(r, room[rj].y0, room[rj].y1);
            }
        } while (droom == ri && dx == ux && dy == uy);
        if (corner_fail(g, dx, dy)) {
            failures++;
            o->ghosts_written++;
            continue;
        }
        break;
    }
    o->down_on_ghost = g->c[dy][dx] == 4;
    g->c[dy][dx] = 5;
    o->ux = ux;
    o->uy = uy;
    o->dx = dx;
    o->dy = dy;
}

/* A grid after phase 5 as far as the stair phase can tell: a wall ring,
 * cells outside the floor walls, inside random codes 0/1/2/3/8 with wall
 * density `walls` percent; 1..9 rooms of at least 2 x 2 inside 2..size-3,
 * the first two with one cell whose north and south neighbours are floor
 * (so a down candidate can pass and the phase ends; a lone room is opened
 * whole, with the rows above and below it). One case in four has
 * two rooms and dense walls: many failures, overflow mode, and the
 * same-room limit reached again after an overflow reset. */
static void random_input(grid *g, impl_stairs_input *in)
{
    memset(in, 0, sizeof *in);
    int crowded = rnd() % 4 == 0;
    int size = 10 + (int)(rnd() % 7), walls = crowded ? 70 + (int)(rnd() % 25) : (int)(rnd() % 95);
    static const uint8_t open_codes[] = {0, 0, 0, 2, 8};
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            uint8_t t = 1;
            if (x > 0 && y > 0 && x < size - 1 && y < size - 1) {
                if ((int)(rnd() % 100) < walls)
                    t = (rnd() % 4) ? 1 : 3;
                else
                    t = open_codes[rnd() % sizeof open_codes];
            }
            g->c[y][x] = t;
        }
    in->size = size;
    in->room_count = crowded ? 2 : 1 + (int)(rnd() % 9);
    for (int r = 0; r < in->room_count; r++) {
        impl_room *R = &in->room[r];
        int w = 2 + (int)(rnd() % 4), h = 2 + (int)(rnd() % 4);
        if (w > size - 4)
            w = size - 4;
        if (h > size - 4)
            h = size - 4;
        R->x0 = (uint8_t)(2 + rnd() % (unsigned)(size - 3 - w));
        R->y0 = (uint8_t)(2 + rnd() % (unsigned)(size - 3 - h));
        R->x1 = (uint8_t)(R->x0 + w - 1);
        R->y1 = (uint8_t)(R->y0 + h - 1);
        if (r < 2) {
            int x = R->x0 + (int)(rnd() % (unsigned)w), y = R->y0 + (int)(rnd() % (unsigned)h);
            g->c[y - 1][x] = 0;
            g->c[y + 1][x] = 0;
        }
        if (in->room_count == 1) /* a lone room and the rows around it open: its down stairs can pass */
            for (int y = R->y0 - 1; y <= R->y1 + 1; y++)
                for (int x = R->x0; x <= R->x1; x++)
                    g->c[y][x] = 0;
    }
    in->state = rnd();
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            uint16_t b = (uint16_t)(1u << x);
            switch (g->c[y][x]) {
            case 1: in->wall[y] |= b; break;
            case 3: in->part[y] |= b; break;
            case 2: in->corridor[y] |= b; break;
            case 8: in->door[y] |= b; break;
            default: break;
            }
        }
}

Test(impl_stairs, phase_vs_spec_random_grids)
{
    long cases = 0, overflow_floors = 0, overflows = 0, limit_reached = 0, limit_after_reset = 0, ghosts = 0,
         up_walls = 0, down_on_ghost = 0;
    for (int n = 0; n < 40000; n++) {
        grid g;
        impl_stairs_input in;
        random_input(&g, &in);
        impl_layout got;
        memset(&got, 0xA5, sizeof got);
        impl_stairs_alone(&in, &got);
        lcg r = {in.state};
        spec_out want;
        place_stairs_spec(&g, in.room, in.room_count, &r, &want);
        cr_assert(got.up.x == want.ux && got.up.y == want.uy, "case %d: up (%d,%d), spec (%d,%d)", n, got.up.x,
                  got.up.y, want.ux, want.uy);
        cr_assert(got.down.x == want.dx && got.down.y == want.dy, "case %d: down (%d,%d), spec (%d,%d)", n,
                  got.down.x, got.down.y, want.dx, want.dy);
        cr_assert_eq(got.overflow, want.overflow, "case %d", n);
        cr_assert_eq(got.up_on_wall, want.up_on_wall, "case %d", n);
        cr_assert_eq(got.state, r.s, "case %d: generator state after the phase", n);
        cr_assert_eq(got.room_count, in.room_count);
        cr_assert_eq(got.size, in.size);
        for (int y = 0; y < 16; y++) {
            uint16_t bl = 0, st = 0;
            for (int x = 0; x < 16; x++) {
                cr_assert_eq(got.grid[16 * y + x], g.c[y][x], "case %d: cell (%d,%d)", n, x, y);
                bl |= (uint16_t)(blocked(g.c[y][x]) << x);
                st |= (uint16_t)((g.c[y][x] == 4 || g.c[y][x] == 5) << x);
            }
            cr_assert_eq(got.blocked[y], bl, "case %d row %d", n, y);
            cr_assert_eq(got.stairs[y], st, "case %d row %d", n, y);
        }
        cases++;
        overflow_floors += want.overflow;
        overflows += want.overflows;
        limit_reached += want.max_same_room_hits == 25;
        limit_after_reset += want.limit_after_reset;
        ghosts += want.ghosts_written > 0;
        up_walls += want.up_on_wall;
        down_on_ghost += want.down_on_ghost;
    }
    fprintf(stderr,
            "stair phase: %ld random grids vs PLACE_STAIRS; %ld with overflow mode (%ld entries), %ld reaching the "
            "same-room limit (%ld after an overflow reset), %ld with ghosts, %ld final up stairs on a wall, %ld down "
            "stairs over a ghost\n",
            cases, overflow_floors, overflows, limit_reached, limit_after_reset, ghosts, up_walls, down_on_ghost);
    cr_assert(overflows > overflow_floors && overflow_floors > 0, "overflow mode entered more than once somewhere");
    cr_assert(limit_reached > 0 && limit_after_reset > 0 && ghosts > 0 && up_walls > 0 && down_on_ghost > 0);
}

/* Real floors: the final down stairs pass their check on the final grid,
 * and the rows the layout keeps are those of its grid. */
Test(impl_stairs, real_floors_final_stairs)
{
    long floors = 0, overflow = 0, ghosts = 0;
    for (uint32_t seed = 0; seed < 0x8000; seed += 29)
        for (int k = 1; k <= 16; k++) {
            impl_layout L;
            impl_layout_gen(seed + (uint32_t)k, impl_floor_size(seed, k), &L);
            grid g;
            memcpy(g.c, L.grid, sizeof g.c);
            cr_assert_eq(g.c[L.up.y][L.up.x], 4);
            cr_assert_eq(g.c[L.down.y][L.down.x], 5);
            /* CORNER_FAIL does not read the centre, and every neighbour
             * reads as it did when the down stairs were checked */
            cr_assert(!corner_fail(&g, L.down.x, L.down.y), "seed %04X k %d", seed, k);
            uint16_t bm[16];
            rows_of(&g, bm);
            cr_assert_eq(memcmp(bm, L.blocked, sizeof bm), 0);
            cr_assert(!impl_corner_fail(impl_pat9(L.blocked, L.down.x, L.down.y)), "seed %04X k %d", seed, k);
            int n = 0;
            for (int y = 0; y < 16; y++)
                for (int x = 0; x < 16; x++)
                    n += g.c[y][x] == 4;
            ghosts += n > 1;
            overflow += L.overflow;
            floors++;
        }
    fprintf(stderr, "real floors: %ld layouts, %ld with ghost stairs, %ld with overflow mode\n", floors, ghosts,
            overflow);
    cr_assert(floors > 18000 && ghosts > 0);
}
