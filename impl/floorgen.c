/* impl/floorgen.c: the floor generator of floor-generation.md §4-§11, second
 * derivation: it never builds the spec's 1,336-byte work area.
 *
 * How it works: each phase works on the representation that is cheapest for
 * what it reads and writes (measured with callgrind, README "impl: the
 * second engine"):
 *  - phases 1-5 (partition, rooms and doors, erosion, corridors, outer ring)
 *    write the byte grid of the layout itself (bytegrid.h): their rules
 *    touch one to three cells at a time, and every line (a partition, a
 *    corridor leg, a room edge) is a start cell and a step, so one routine
 *    serves rows and columns alike;
 *  - phase 6 (stairs) judges candidates by 3 x 3 patterns of blocked cells,
 *    so it turns the grid into blocked row masks once (bitboard.h
 *    impl_blocked_rows) and keeps them current as it writes 4s and a 5
 *    into the grid (see "Phase 6" below).
 * The result, impl_layout (impl.h), is what the chest phase and the sweep
 * reuse: the chest phase (7) needs only the rooms, the blocked and stair
 * rows and the generator state, so one layout serves every floor index k
 * with the same T = S + k and size (sweep.c). The generator state lives in
 * a local variable of each phase (a byte store could alias it in memory).
 *
 * The work area of phases 1-6 (work_area) keeps only what a later step reads:
 *  - the grid: 256 bytes, the layout's own;
 *  - per node: its rectangle as lo[axis], hi[axis] (axis 0 = x, 1 = y) and
 *    the two cut flags; the node's room is the node's own index (carving
 *    never fails, §6; a failed carve, R6, is recorded and skips the node);
 *  - per split: the line (axis cut and position), the node slots first /
 *    second; the line's extent is never read again (§8 reads only L);
 *  - per room: the rectangle and its doors, each door as ONE coordinate
 *    along its edge (the other one is the edge itself), 0 = empty slot:
 *    "a coordinate is 0" (§8) can only hold for an empty slot because rooms
 *    lie in 1..W-2 (§3.5), so the test on one coordinate is the same test.
 * Nothing of the spec's work-area header is kept but W (= H) and
 * specialDone. */
#include <string.h>

#include "always.h"
#include "bitboard.h"
#include "bytegrid.h"
#include "impl.h"
#include "lcg.h"
#include "packed.h"

/* Counts the spec names (floor-generation.md §10.2, §11). */
enum {
    FAILURES_TO_OVERFLOW = 100, /* §10.2: at this many failures the up stairs go unchecked */
    SAME_ROOM_HITS_MAX = 25,    /* §10.2: redraws of the up stairs' room skipped per floor */
    CHEST_DISCARDS = 100,       /* §11: candidates floor 3 draws and throws away first */
    CHEST_DRAWS = 3             /* §11: draws per candidate when every room is >= 2 x 2 */
};

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

typedef struct work_area {
    uint8_t *g;   /* G(x, y) = g[16 y + x] */
    uint32_t rng; /* generator state between phases */
    int size;     /* W = H */
    int nodes, splits;
    int special_done;
    lnode node[16];
    lsplit split[16];
    lroom room[16]; /* room n was carved for node n: as many rooms as nodes */
} work_area;

/* The cell at (c[0], c[1]). */
static inline uint8_t *cell_at(uint8_t *g, int x, int y)
{
    return g + GROTTO_GRID * y + x;
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

/* ---- Phase 1 (§5): one cut across axis a; the partition line runs along
 * the other axis o at position `at` (a row when rows are divided). ---- */
static int cut(work_area *wa, uint32_t *s, int n, int a)
{
    lnode *N = &wa->node[n];
    int len = N->hi[a] + 1 - N->lo[a];
    if (len < 7 || N->cut[a])
        return 0; /* no draw */
    int at = N->lo[a] + impl_range(s, 0, len - 7) + 3;
    int o = 1 - a;
    bg_fill_line(wa->g, o, at, N->lo[o], N->hi[o], GROTTO_TILE_PARTITION);
    lnode *M = &wa->node[wa->nodes];
    *M = *N;
    M->lo[a] = (uint8_t)(at + 1);
    M->cut[0] = M->cut[1] = 0;
    N->hi[a] = (uint8_t)(at - 1);
    N->cut[a] = 1;
    lsplit *P = &wa->split[wa->splits];
    P->axis = (uint8_t)a;
    P->at = (uint8_t)at;
    P->first = (uint8_t)n;
    P->second = (uint8_t)wa->nodes;
    return 1;
}

/* The depth-first visit of §5.1/§5.3 with an explicit stack of nodes still
 * to visit (the first child on top, so its subtree is done first). */
static void partition(work_area *wa, uint32_t *s)
{
    uint8_t todo[32];
    int top = 0;
    todo[top++] = 0;
    while (top) {
        int n = todo[--top];
        if (NEVER(wa->nodes >= 15))
            continue; /* R8 */
        const lnode *N = &wa->node[n];
        /* the axis: forced by a cut already made, else drawn (1 = columns,
         * axis 0); the draw is selected, not branched on */
        uint32_t c0 = N->cut[0], c1 = N->cut[1], drawn = 0u - (uint32_t)!(c0 | c1);
        uint32_t next = *s * IMPL_MULT + IMPL_INC;
        *s ^= (*s ^ next) & drawn;
        int a = (int)(c0 | (~c1 & ~(next >> 16) & 1u));
        if (!cut(wa, s, n, a))
            continue;
        int m = wa->nodes++;
        wa->splits++;
        int kept_first = (int)(impl_next15(s) & 1u);
        todo[top++] = (uint8_t)(kept_first ? m : n);
        todo[top++] = (uint8_t)(kept_first ? n : m);
    }
}

/* ---- Phase 2 (§6) ---- */

/* Doors on the two edges across axis a (a = 1: top and bottom, a coordinate
 * along x; a = 0: left and right, along y), in the draw order of §6.2. */
static inline void doors(uint32_t *s, uint8_t *g, lroom *R, int a)
{
    int b = 1 - a, lo = R->lo[b], hi = R->hi[b];
    int w = hi - lo + 1;
    uint8_t(*d)[2] = R->door[a];
    /* Every door draws: an edge has w >= 2 cells (carving leaves a room at
     * least t + 1 >= 2 wide, §6.1), and for w >= 5 each half has 2 or more.
     * So the four states are taken straight from s, side by side, rather
     * than one draw after the other. */
    uint32_t s0 = *s;
    uint32_t v1 = s0 * IMPL_MULT + IMPL_INC, v2 = s0 * IMPL_MULT2 + IMPL_INC2;
    uint32_t v3 = s0 * IMPL_MULT3 + IMPL_INC3, v4 = s0 * IMPL_MULT4 + IMPL_INC4;
    if (NEVER(w < 2)) { /* a room one cell wide: RANGE's lazy case */
        d[0][0] = (uint8_t)impl_range(s, lo, hi);
        d[1][0] = (uint8_t)impl_range(s, lo, hi);
    } else if (w < 5) {
        d[0][0] = (uint8_t)(lo + (int)impl_mod15((v1 >> 16) & 0x7FFFu, (uint32_t)w));
        d[1][0] = (uint8_t)(lo + (int)impl_mod15((v2 >> 16) & 0x7FFFu, (uint32_t)w));
        *s = v2;
    } else {
        int mid = lo + w / 2 - 1;
        uint32_t nl = (uint32_t)(w / 2), nh = (uint32_t)(hi - mid);
        d[0][0] = (uint8_t)(lo + (int)impl_mod15((v1 >> 16) & 0x7FFFu, nl));
        d[0][1] = (uint8_t)(mid + 1 + (int)impl_mod15((v2 >> 16) & 0x7FFFu, nh));
        d[1][0] = (uint8_t)(lo + (int)impl_mod15((v3 >> 16) & 0x7FFFu, nl));
        d[1][1] = (uint8_t)(mid + 1 + (int)impl_mod15((v4 >> 16) & 0x7FFFu, nh));
        *s = v4;
    }
    /* door (side, slot) is the cell at d along axis b on edge lo/hi[a] */
    uint8_t *edge[2] = {g + R->lo[a] * bg_stride(a), g + R->hi[a] * bg_stride(a)};
    for (int side = 0; side < 2; side++)
        for (int slot = 0; slot < 2; slot++)
            if (d[side][slot])
                edge[side][d[side][slot] * bg_stride(b)] = GROTTO_TILE_DOOR;
}

static inline void carve(work_area *wa, uint32_t *s, int n)
{
    const lnode *N = &wa->node[n];
    lroom *R = &wa->room[n];
    memset(R, 0, sizeof *R);
    int wx = N->hi[0] + 1 - N->lo[0], wy = N->hi[1] + 1 - N->lo[1];
    if (NEVER(wx < 3 || wy < 3))
        return; /* R6, unreachable */
    int t[2] = {wx / 3, wy / 3};
    int inset = (impl_next15(s) & 1u) == 0;
    for (int a = 0; a < 2; a++)
        R->lo[a] = (uint8_t)impl_range(s, N->lo[a] + inset, N->lo[a] + t[a]);
    inset = (impl_next15(s) & 1u) == 0;
    for (int a = 0; a < 2; a++)
        R->hi[a] = (uint8_t)impl_range(s, N->lo[a] + 2 * t[a], N->hi[a] - inset);
    R->carved = 1;
    bg_clear_rect(wa->g, R->lo[0], R->lo[1], R->hi[0], R->hi[1]);
    if (ALWAYS(R->lo[0] && R->lo[1] && R->hi[0] && R->hi[1])) { /* R9: the outer ring keeps 0 */
        doors(s, wa->g, R, 1);
        doors(s, wa->g, R, 0);
    }
}

/* ---- Phase 3 (§7): the four edges of a room, top, bottom, left, right.
 * The edges across axis a (a = 1: top and bottom) are walked along the
 * other axis b; inward is +-stride(a); the half and the growth limits are
 * lengths along a. The shrink pre-check reads the cell outside the edge,
 * except on the right edge (a = 0, high): quirk R1 reads column
 * room.y0 + 1 of the edge cell's row. ---- */
static inline void erode_axis(uint8_t *g, uint32_t *s, const lnode *N, const lroom *R, int a, int special, int size)
{
    int b = 1 - a, in = bg_stride(a), along = bg_stride(b);
    int count = R->hi[b] + 1 - R->lo[b], half = (R->hi[a] + 1 - R->lo[a]) / 2;
    int grow_lo = special ? R->lo[a] - 1 : R->lo[a] - N->lo[a];
    int grow_hi = special ? size - R->hi[a] - 1 : N->hi[a] - R->hi[a];
    int lo_edge = R->lo[a] * in + R->lo[b] * along, hi_edge = R->hi[a] * in + R->lo[b] * along;
    int hi_outside = a ? in : R->lo[1] + 1 - R->hi[0]; /* R1 on the right edge */
    bg_erode_edge(s, g, lo_edge, count, along, in, -in, grow_lo, half);
    bg_erode_edge(s, g, hi_edge, count, along, -in, hi_outside, grow_hi, half);
}

static inline void erode(work_area *wa, uint32_t *s, int n)
{
    const lnode *N = &wa->node[n];
    const lroom *R = &wa->room[n];
    if (NEVER(!R->carved))
        return; /* R6 */
    int special = 0;
    if (!wa->special_done && impl_range(s, 0, 15) == 0) {
        special = 1;
        wa->special_done = 1;
    }
    erode_axis(wa->g, s, N, R, 1, special, wa->size); /* top, bottom */
    erode_axis(wa->g, s, N, R, 0, special, wa->size); /* left, right */
}

/* ---- Phase 4 (§8) and phase 5 (§9): corridors, then the outer ring.
 *
 * A corridor writes 2 whatever the cell held, and the phase's only read is
 * the extension scan. So the corridors are collected as line masks in two
 * planes, one per orientation (corr[o][i]: bit c = cell c of row i for
 * o = 0, of column i for o = 1), every segment one OR whichever way it
 * runs; the scan sees a cell as blocked when its byte is 1 or 3 and no
 * corridor of either plane covers it. At the end the column plane is
 * turned into row masks (pk_transpose) and the corridors, then the ring,
 * are written into the grid row by row (bg_put_rows): no loop runs over a
 * drawn length.
 *
 * For a split, the line L runs along axis o (a row for a split across
 * rows); a door's coordinate along L is `p`, the edge it stands on `q`
 * (A's high edge, B's low edge); the approach legs run along the other
 * axis, at p, from the door's edge to L. ---- */
typedef struct corridor_planes {
    uint16_t corr[2][GROTTO_GRID];
} corridor_planes;

/* The open cells of line (o, L) as the scan sees them now. */
static uint16_t open_on_line(const uint8_t *g, const corridor_planes *cp, int o, int L)
{
    uint16_t across = pk_column(cp->corr[1 - o], L); /* the other plane's lines crossing L at L's cells */
    return (uint16_t)(~bg_blocked_line(g, o, L) | cp->corr[o][L] | across);
}

static inline void corridor(const uint8_t *g, corridor_planes *cp, int o, int L, int pa, int qa, int pb, int qb,
                            int extend)
{
    uint16_t *legs = cp->corr[1 - o];
    legs[pa] |= pk_span(qa + 1, L);
    legs[pb] |= pk_span(L + 1, qb - 1);
    int lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
    cp->corr[o][L] |= pk_span(lo, hi); /* one cell when lo == hi: a leg's end */
    if (!extend)
        return;
    cp->corr[o][L] |= bg_extension(open_on_line(g, cp, o, L), hi, +1);
    cp->corr[o][L] |= bg_extension(open_on_line(g, cp, o, L), lo, -1);
}

static inline void connect(work_area *wa, corridor_planes *cp, uint32_t *s, const lsplit *P)
{
    const lroom *A = &wa->room[P->first], *B = &wa->room[P->second];
    if (NEVER(!A->carved || !B->carved))
        return; /* R6 */
    int a = P->axis, o = 1 - a;
    for (int i = 0; i < 4; i++) {
        /* pairs (A0,B0) (A1,B0) (A0,B1) (A1,B1) */
        int pa = A->door[a][1][i & 1], pb = B->door[a][0][i >> 1];
        int extend = impl_range(s, 0, 7) == 0; /* always drawn (R5) */
        if (pa && pb)
            corridor(wa->g, cp, o, P->at, pa, A->hi[a], pb, B->lo[a], extend);
    }
}

/* The corridors, then the ring of the W x W floor, into the grid; rows
 * past W hold no corridor and keep their 1s, and so do the cells past W in
 * the rows above (no corridor reaches them: an extension stops before the
 * first open cell, and past W every cell is a wall). */
static void write_corridors_and_ring(work_area *wa, const corridor_planes *cp)
{
    uint16_t rows[GROTTO_GRID], ring[GROTTO_GRID];
    pk_transpose(cp->corr[1], rows);
    int w = wa->size;
    uint16_t side_cells = (uint16_t)(1u | 1u << (w - 1));
    for (int y = 0; y < GROTTO_GRID; y++) {
        rows[y] |= cp->corr[0][y];
        ring[y] = side_cells;
    }
    ring[0] = ring[w - 1] = pk_span(0, w - 1);
    bg_put_rows(wa->g, w, rows, GROTTO_TILE_CORRIDOR, ring, GROTTO_TILE_WALL); /* rows past W: nothing */
}

/* ---- Phase 6 (§10): stairs ----
 *
 * The stair rules test only "blocked" (tile 1 or 3), and the phase writes
 * only 4s and a 5, which are not blocked. So the checks read two row-mask
 * planes taken from the grid once: `blocked` (impl_blocked_rows) less
 * every cell written since, and `placed`, the cells written. A candidate is
 * judged by its 3 x 3 pattern of blocked cells (bitboard.h): the up stairs
 * by one lookup in impl_up_refused (tables.c: CORNER_FAIL, or the pinch
 * that CLASSIFY and BLACKLIST describe), the down stairs by
 * impl_corner_fail.
 *
 * §10.2's attempt loop is taken apart into its two searches:
 *  - up_stairs() draws candidates until one is accepted: checked while the
 *    failure count is below FAILURES_TO_OVERFLOW; the first one drawn at
 *    that count is taken unchecked (overflow mode) and resets both counts;
 *  - down_stairs() draws the down candidate for those up stairs under the
 *    same-room rule;
 * and place_stairs() repeats the two while the down candidate fails its
 * corner check, each failure counted. The 4 of a failed attempt stays in
 * the grid and in `placed` (a ghost stair): open to every later check, a
 * candidate again. */
typedef struct stair_state {
    uint16_t blocked[16]; /* tiles 1 and 3 as the stair checks see them */
    uint16_t placed[16];  /* cells written 4 or 5 so far */
    int same_room_hits;   /* §10.2 sameRoomHits: persists over attempts */
    int failures;         /* §10.2 failures: up and down, persists */
    int overflow;         /* overflow mode entered at least once */
} stair_state;

typedef struct cell {
    int x, y;
} cell;

/* The pattern of a candidate: candidates lie inside rooms, rows and columns
 * 1..W-2 (R10), so rows y-1 and y+1 and bits x-1, x+1 exist. */
static inline unsigned pattern_at(const stair_state *st, cell c)
{
    return impl_pat9(st->blocked, c.x, c.y);
}

/* A cell of room r, drawn x first, then y. */
static inline cell room_cell(const work_area *wa, uint32_t *s, int r)
{
    const lroom *R = &wa->room[r];
    cell c;
    c.x = impl_range_wide(s, R->lo[0], R->hi[0]);
    c.y = impl_range_wide(s, R->lo[1], R->hi[1]);
    return c;
}

/* A room and a cell of it: three draws when the room's ranges are wider
 * than one cell, as carving makes them (the layout has two or more rooms),
 * their states taken straight from s, side by side; with one room
 * (impl_stairs_alone's input may have one) the room is not drawn, as
 * RANGE(0, 0) says. */
static inline cell room_and_cell(const work_area *wa, uint32_t *s, int *room)
{
    uint32_t s0 = *s;
    uint32_t v1 = s0 * IMPL_MULT + IMPL_INC, v2 = s0 * IMPL_MULT2 + IMPL_INC2, v3 = s0 * IMPL_MULT3 + IMPL_INC3;
    int nodes = wa->nodes;
    int r = (int)impl_mod15((v1 >> 16) & 0x7FFFu, (uint32_t)nodes); /* 0 for one room */
    const lroom *R = &wa->room[r];
    int wx = R->hi[0] - R->lo[0], wy = R->hi[1] - R->lo[1];
    if (__builtin_expect(nodes < 2, 0)) { /* RANGE(0, 0): no draw */
        *room = 0;
        return room_cell(wa, s, 0);
    }
    if (NEVER(wx < 1 || wy < 1)) { /* R6: rooms are 2 wide or more */
        r = impl_range(s, 0, nodes - 1);
        *room = r;
        return room_cell(wa, s, r);
    }
    cell c;
    c.x = R->lo[0] + (int)impl_mod15((v2 >> 16) & 0x7FFFu, (uint32_t)wx + 1u);
    c.y = R->lo[1] + (int)impl_mod15((v3 >> 16) & 0x7FFFu, (uint32_t)wy + 1u);
    *s = v3;
    *room = r;
    return c;
}

static inline cell up_stairs(const work_area *wa, uint32_t *s, stair_state *st, int *room)
{
    for (;;) {
        int r;
        cell c = room_and_cell(wa, s, &r);
        if (st->failures >= FAILURES_TO_OVERFLOW) { /* overflow mode: no checks */
            st->failures = 0;
            st->same_room_hits = 0;
            st->overflow = 1;
        } else if (impl_up_refused[pattern_at(st, c)]) {
            st->failures++;
            continue;
        }
        *room = r;
        return c;
    }
}

/* A room draw that names the up stairs' room is skipped (no cell drawn)
 * while the floor has had fewer than SAME_ROOM_HITS_MAX such skips; after
 * that only the up stairs' own cell is refused. */
static inline cell down_stairs(const work_area *wa, uint32_t *s, stair_state *st, int up_room, cell up)
{
    for (;;) {
        int r = impl_range_drawn(s, 0, wa->nodes - 1);
        if (r == up_room && st->same_room_hits < SAME_ROOM_HITS_MAX) {
            st->same_room_hits++;
            continue;
        }
        cell c = room_cell(wa, s, r);
        if (r != up_room || c.x != up.x || c.y != up.y)
            return c;
    }
}

typedef struct stair_result {
    cell up, down;
    int up_on_wall; /* the final up stairs were written on a blocked cell */
} stair_result;

/* Stair tile t written at c: the grid, `placed`, and no longer blocked. */
static inline void put_stairs(work_area *wa, stair_state *st, cell c, uint8_t t)
{
    uint16_t bit = (uint16_t)(1u << c.x);
    *cell_at(wa->g, c.x, c.y) = t;
    st->blocked[c.y] &= (uint16_t)~bit;
    st->placed[c.y] |= bit;
}

static void place_stairs(work_area *wa, uint32_t *s, stair_state *st, stair_result *res)
{
    cell up, down;
    int up_on_wall;
    for (;;) {
        int room;
        up = up_stairs(wa, s, st, &room);
        up_on_wall = (st->blocked[up.y] >> up.x) & 1;
        put_stairs(wa, st, up, GROTTO_TILE_UP);
        down = down_stairs(wa, s, st, room, up);
        if (!impl_corner_fail(pattern_at(st, down)))
            break;
        st->failures++;
    }
    put_stairs(wa, st, down, GROTTO_TILE_DOWN);
    res->up = up;
    res->down = down;
    res->up_on_wall = up_on_wall;
}

/* What the layout keeps besides its grid (impl.h): the blocked and stair
 * rows, the rooms and the flags. */
static void write_layout(const work_area *wa, const stair_state *st, const stair_result *res, impl_layout *out)
{
    memcpy(out->blocked, st->blocked, sizeof out->blocked); /* the 1/3 cells of the final grid */
    memcpy(out->stairs, st->placed, sizeof out->stairs);
    int rooms = wa->nodes, regular = rooms >= 2;
    for (int r = 0; r < rooms; r++) {
        const lroom *R = &wa->room[r];
        out->room[r].x0 = R->lo[0];
        out->room[r].y0 = R->lo[1];
        out->room[r].x1 = R->hi[0];
        out->room[r].y1 = R->hi[1];
        if (NEVER(R->lo[0] == R->hi[0] || R->lo[1] == R->hi[1])) /* R6: rooms are 3 wide */
            regular = 0;
    }
    out->size = (uint8_t)wa->size;
    out->room_count = (uint8_t)rooms;
    out->overflow = (uint8_t)st->overflow;
    out->up_on_wall = (uint8_t)res->up_on_wall;
    out->rooms_regular = (uint8_t)regular;
    out->up.x = (uint8_t)res->up.x;
    out->up.y = (uint8_t)res->up.y;
    out->down.x = (uint8_t)res->down.x;
    out->down.y = (uint8_t)res->down.y;
    out->state = wa->rng;
}

/* ---- The phases as the driver calls them: one call per phase and layout,
 * kept out of line so that a profiler (valgrind --tool=callgrind) bills each
 * phase on its own; a call per phase costs nothing measurable. Each phase
 * keeps the generator state in a local variable. ---- */
#define PHASE __attribute__((noinline))

static PHASE void phase_partition(work_area *wa)
{
    uint32_t s = wa->rng;
    partition(wa, &s);
    wa->rng = s;
}

static PHASE void phase_rooms(work_area *wa)
{
    uint32_t s = wa->rng;
    for (int n = 0; n < wa->nodes; n++)
        carve(wa, &s, n);
    wa->rng = s;
}

static PHASE void phase_erosion(work_area *wa)
{
    uint32_t s = wa->rng;
    for (int n = 0; n < wa->nodes; n++)
        erode(wa, &s, n);
    wa->rng = s;
}

static PHASE void phase_corridors(work_area *wa)
{
    uint32_t s = wa->rng;
    corridor_planes cp;
    memset(&cp, 0, sizeof cp);
    for (int i = 0; i < wa->splits; i++)
        connect(wa, &cp, &s, &wa->split[i]);
    wa->rng = s;
    write_corridors_and_ring(wa, &cp);
}

static PHASE void phase_stairs(work_area *wa, stair_state *st, stair_result *res)
{
    uint32_t s = wa->rng;
    impl_blocked_rows(wa->g, st->blocked);
    memset(st->placed, 0, sizeof st->placed);
    st->same_room_hits = st->failures = st->overflow = 0;
    place_stairs(wa, &s, st, res);
    wa->rng = s;
}

static PHASE void phase_output(const work_area *wa, const stair_state *st, const stair_result *res,
                               impl_layout *out)
{
    write_layout(wa, st, res, out);
}

static void stairs_phase(work_area *wa, impl_layout *out)
{
    stair_state st;
    stair_result res;
    phase_stairs(wa, &st, &res);
    phase_output(wa, &st, &res, out);
}

void impl_layout_gen(uint32_t T, int size, impl_layout *out)
{
    work_area wa;
    wa.g = out->grid;
    memset(wa.g, GROTTO_TILE_WALL, GROTTO_CELLS); /* every cell a wall (§4) */
    wa.rng = T;
    wa.size = size;
    wa.nodes = 1;
    wa.splits = 0;
    wa.special_done = 0;
    lnode *root = &wa.node[0];
    root->lo[0] = root->lo[1] = 1;
    root->hi[0] = root->hi[1] = (uint8_t)(size - 2);
    root->cut[0] = root->cut[1] = 0;

    phase_partition(&wa);
    phase_rooms(&wa);
    phase_erosion(&wa);
    phase_corridors(&wa);
    stairs_phase(&wa, out);
}

void impl_stairs_alone(const impl_stairs_input *in, impl_layout *out)
{
    work_area wa;
    memset(&wa, 0, sizeof wa);
    wa.g = out->grid;
    wa.rng = in->state;
    wa.size = in->size;
    wa.nodes = in->room_count;
    for (int y = 0; y < GROTTO_GRID; y++)
        for (int x = 0; x < GROTTO_GRID; x++) {
            uint16_t bit = (uint16_t)(1u << x);
            uint8_t t = GROTTO_TILE_FLOOR;
            if (in->wall[y] & bit)
                t = GROTTO_TILE_WALL;
            else if (in->part[y] & bit)
                t = GROTTO_TILE_PARTITION;
            else if (in->door[y] & bit)
                t = GROTTO_TILE_DOOR;
            else if (in->corridor[y] & bit)
                t = GROTTO_TILE_CORRIDOR;
            *cell_at(wa.g, x, y) = t;
        }
    for (int r = 0; r < in->room_count; r++) {
        wa.room[r].lo[0] = in->room[r].x0;
        wa.room[r].lo[1] = in->room[r].y0;
        wa.room[r].hi[0] = in->room[r].x1;
        wa.room[r].hi[1] = in->room[r].y1;
    }
    stairs_phase(&wa, out);
}

/* ---- Phase 7: chests (§11) ---- */

int impl_chest_class(int k)
{
    return (k >= 3) + (k >= 4);
}

int impl_place_chests(const impl_layout *layout, int k, grotto_xy chest[GROTTO_MAX_CHESTS], uint32_t *draws)
{
    int cls = impl_chest_class(k); /* the only use of k: floors of one class get the same chests */
    if (cls == 0)
        return 0;
    uint32_t made = 1; /* the count; the discards are one jump, not draws */
    uint32_t s = layout->state;
    int rooms = layout->room_count;
    int count = impl_range(&s, 1, GROTTO_MAX_CHESTS);
    int skipped = 0, placed = 0;
    uint16_t occupied[16]; /* stairs (ghosts too) and the chests placed */
    memcpy(occupied, layout->stairs, sizeof occupied);
    int discards = cls == 1; /* k == 3 (k == 1 never gets here: dead, as in §11) */
    if (discards && ALWAYS(layout->rooms_regular)) {
        /* every discarded candidate makes exactly its room, x and y draws */
        s = impl_state_after(s, CHEST_DISCARDS * CHEST_DRAWS);
        skipped = CHEST_DISCARDS;
    }
    do {
        int ri = impl_range_wide(&s, 0, rooms - 1);
        const impl_room *R = &layout->room[ri];
        int cx = impl_range_wide(&s, R->x0, R->x1);
        int cy = impl_range_wide(&s, R->y0, R->y1);
        made += 1u + (R->x0 != R->x1) + (R->y0 != R->y1); /* room: rooms >= 3 always draws */
        if (discards && NEVER(skipped < CHEST_DISCARDS)) { /* the jump above took them all */
            skipped++;
        } else if ((occupied[cy] >> cx) & 1) {
            skipped++;
        } else {
            occupied[cy] |= (uint16_t)(1u << cx);
            chest[placed].x = (uint8_t)cx;
            chest[placed].y = (uint8_t)cy;
            placed++;
        }
    } while (placed < count);
    if (draws)
        *draws += made;
    return count;
}

void impl_floor_from_layout(const impl_layout *layout, int k, int count, const grotto_xy *chest,
                            grotto_floor_t *out)
{
    out->index = (uint8_t)k;
    out->width = layout->size;
    out->height = layout->size;
    out->overflow = layout->overflow;
    out->up = layout->up;
    out->down = layout->down;
    out->chest_count = (uint8_t)count;
    memcpy(out->grid, layout->grid, GROTTO_CELLS);
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++) {
        if (i < count) {
            out->chest[i] = chest[i];
            out->grid[GROTTO_GRID * chest[i].y + chest[i].x] = GROTTO_TILE_CHEST;
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
    impl_layout layout;
    impl_layout_gen(seed + (uint32_t)k, impl_floor_size(seed, k), &layout);
    grotto_xy chest[GROTTO_MAX_CHESTS];
    int count = impl_place_chests(&layout, k, chest, NULL);
    impl_floor_from_layout(&layout, k, count, chest, out);
    if (up_on_wall)
        *up_on_wall = layout.up_on_wall;
    return 0;
}
