/* impl/floorgen.c: the floor generator of floor-generation.md §4-§11, second
 * derivation: it never builds the spec's 1,336-byte work area.
 *
 * How it works: phases 1-5 (partition, rooms and doors, erosion, corridors,
 * outer ring) write four bitplanes (packed.h: wall, partition, door,
 * corridor; floor is "no plane") with line operations - a row or a column at
 * a time, as masks. Phase 6 (stairs) reads those planes through the cells it
 * has written (see "Phase 6" below) and ends by turning the planes into the
 * byte grid once (write_layout). The result, impl_layout (impl.h), is what
 * the chest phase and the sweep reuse: the chest phase (7) needs only the
 * rooms, the blocked and stair rows and the generator state, so one layout
 * serves every floor index k of its size band (sweep.c).
 *
 * The work area of phases 1-6 (work_area) keeps only what a later step reads:
 *  - the grid as four bitplanes (packed.h): 128 bytes;
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

#include "bitboard.h"
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
    uint32_t rng; /* generator state */
    int size;     /* W = H */
    int nodes, splits;
    int special_done;
    lnode node[16];
    lsplit split[16];
    lroom room[16]; /* room n was carved for node n: as many rooms as nodes */
    pk_grid grid;
} work_area;

/* RANGE(lo, hi) of §1.2 (no draw when lo == hi) and one raw bit. */
static inline int draw(work_area *wa, int lo, int hi)
{
    return impl_range(&wa->rng, lo, hi);
}

static inline uint32_t draw_bit(work_area *wa)
{
    return impl_next15(&wa->rng) & 1u;
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
static int cut(work_area *wa, int n, int a)
{
    lnode *N = &wa->node[n];
    int len = N->hi[a] + 1 - N->lo[a];
    if (len < 7 || N->cut[a])
        return 0; /* no draw */
    int at = N->lo[a] + draw(wa, 0, len - 7) + 3;
    int o = 1 - a;
    pk_write(&wa->grid, o, at, pk_span(N->lo[o], N->hi[o]), PK_PART);
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
static void partition(work_area *wa)
{
    uint8_t todo[32];
    int top = 0;
    todo[top++] = 0;
    while (top) {
        int n = todo[--top];
        if (wa->nodes >= 15)
            continue; /* R8 */
        const lnode *N = &wa->node[n];
        int a;
        if (N->cut[0])
            a = 1;
        else if (N->cut[1])
            a = 0;
        else
            a = draw_bit(wa) ? 0 : 1; /* 1 = columns (axis 0) */
        if (!cut(wa, n, a))
            continue;
        int m = wa->nodes++;
        wa->splits++;
        int kept_first = (int)draw_bit(wa);
        todo[top++] = (uint8_t)(kept_first ? m : n);
        todo[top++] = (uint8_t)(kept_first ? n : m);
    }
}

/* ---- Phase 2 (§6) ---- */

/* Doors on the two edges across axis a (a = 1: top and bottom, a coordinate
 * along x; a = 0: left and right, along y), in the draw order of §6.2. */
static void doors(work_area *wa, lroom *R, int a)
{
    int b = 1 - a, lo = R->lo[b], hi = R->hi[b];
    int w = hi - lo + 1;
    uint8_t(*d)[2] = R->door[a];
    if (w < 5) {
        d[0][0] = (uint8_t)draw(wa, lo, hi);
        d[1][0] = (uint8_t)draw(wa, lo, hi);
    } else {
        int mid = lo + w / 2 - 1;
        d[0][0] = (uint8_t)draw(wa, lo, mid);
        d[0][1] = (uint8_t)draw(wa, mid + 1, hi);
        d[1][0] = (uint8_t)draw(wa, lo, mid);
        d[1][1] = (uint8_t)draw(wa, mid + 1, hi);
    }
    /* door (side, slot) is the cell at d along axis b on edge lo/hi[a] */
    for (int side = 0; side < 2; side++)
        for (int slot = 0; slot < 2; slot++) {
            int c[2];
            c[b] = d[side][slot];
            c[a] = side ? R->hi[a] : R->lo[a];
            if (c[b]) /* inside the room just carved: every plane is 0 there */
                wa->grid.p[PK_DOOR].r[c[1]] |= (uint16_t)(1u << c[0]);
        }
}

static void carve(work_area *wa, int n)
{
    const lnode *N = &wa->node[n];
    lroom *R = &wa->room[n];
    memset(R, 0, sizeof *R);
    int wx = N->hi[0] + 1 - N->lo[0], wy = N->hi[1] + 1 - N->lo[1];
    if (wx < 3 || wy < 3)
        return; /* R6, unreachable */
    int t[2] = {wx / 3, wy / 3};
    int inset = draw(wa, 0, 1) == 0;
    for (int a = 0; a < 2; a++)
        R->lo[a] = (uint8_t)draw(wa, N->lo[a] + inset, N->lo[a] + t[a]);
    inset = draw(wa, 0, 1) == 0;
    for (int a = 0; a < 2; a++)
        R->hi[a] = (uint8_t)draw(wa, N->lo[a] + 2 * t[a], N->hi[a] - inset);
    R->carved = 1;
    for (int y = R->lo[1]; y <= R->hi[1]; y++)
        pk_write(&wa->grid, 0, y, pk_span(R->lo[0], R->hi[0]), PK_FLOOR);
    if (R->lo[0] && R->lo[1] && R->hi[0] && R->hi[1]) { /* R9 */
        doors(wa, R, 1);
        doors(wa, R, 0);
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
static void erode_edge_rows(work_area *wa, const lroom *R, int high, int grow)
{
    pk_grid *g = &wa->grid;
    int e = high ? R->hi[0] : R->lo[0], dir = high ? -1 : 1;
    int half = (R->hi[0] - R->lo[0] + 1) / 2;
    int outside = high ? R->lo[1] + 1 : e - dir; /* R1 on the right edge */
    const uint16_t *W = g->p[PK_WALL].r, *D = g->p[PK_DOOR].r, *P = g->p[PK_PART].r;
    for (int i = R->lo[1]; i <= R->hi[1]; i++) {
        if (((W[i] | P[i]) >> e) & 1u)
            continue; /* 1 or 3: no draw */
        if (draw(wa, 0, 1)) { /* grow outward; doors stay */
            int len = draw(wa, 0, grow);
            uint16_t m = (uint16_t)(pk_cells(e - dir, -dir, len) & ~D[i]);
            g->p[PK_WALL].r[i] &= (uint16_t)~m; /* no corridor exists yet */
            g->p[PK_PART].r[i] &= (uint16_t)~m;
            continue;
        }
        if (((D[i] >> e) | ((W[i] | D[i]) >> outside)) & 1u)
            continue;
        int len = draw(wa, 0, half);
        int k = pk_run(pk_shrink_stop(W[i], D[i], W[i - 1], W[i + 1], dir), e, dir, len);
        g->p[PK_WALL].r[i] |= pk_cells(e, dir, k); /* the run's cells are floor */
    }
}

static void erode_edge_cols(work_area *wa, const lroom *R, int high, int grow)
{
    pk_grid *g = &wa->grid;
    int e = high ? R->hi[1] : R->lo[1], dir = high ? -1 : 1;
    int half = (R->hi[1] - R->lo[1] + 1) / 2;
    uint16_t *W = g->p[PK_WALL].r, *P = g->p[PK_PART].r;
    const uint16_t *D = g->p[PK_DOOR].r;
    for (int i = R->lo[0]; i <= R->hi[0]; i++) {
        uint16_t bit = (uint16_t)(1u << i);
        if ((W[e] | P[e]) & bit)
            continue; /* 1 or 3: no draw */
        if (draw(wa, 0, 1)) { /* grow outward; doors stay */
            int len = draw(wa, 0, grow);
            for (int y = e - dir, j = 0; j < len; j++, y -= dir) {
                uint16_t m = (uint16_t)(bit & ~D[y]);
                W[y] &= (uint16_t)~m;
                P[y] &= (uint16_t)~m;
            }
            continue;
        }
        if ((D[e] | W[e - dir] | D[e - dir]) & bit)
            continue;
        int len = draw(wa, 0, half);
        for (int y = e, k = 0; k < len; k++, y += dir) {
            uint16_t next = W[y + dir], side = (uint16_t)(~W[y] & next);
            uint16_t stop = (uint16_t)(D[y] | next | (side >> 1) | (side << 1));
            if (stop & bit)
                break;
            W[y] |= bit;
        }
    }
}

static void erode(work_area *wa, int n)
{
    const lnode *N = &wa->node[n];
    const lroom *R = &wa->room[n];
    if (!R->carved)
        return; /* R6 */
    int special = 0;
    if (!wa->special_done && draw(wa, 0, 15) == 0) {
        special = 1;
        wa->special_done = 1;
    }
    /* top, bottom, left, right */
    for (int a = 1; a >= 0; a--) {
        int up = special ? R->lo[a] - 1 : R->lo[a] - N->lo[a];
        int down = special ? wa->size - R->hi[a] - 1 : N->hi[a] - R->hi[a];
        void (*edge)(work_area *, const lroom *, int, int) = a ? erode_edge_cols : erode_edge_rows;
        edge(wa, R, 0, up);
        edge(wa, R, 1, down);
    }
}

/* ---- Phase 4 (§8): corridors between the doors of a split. The line L
 * has orientation o (a row for a split across rows); a door's coordinate
 * along L is `p`, the edge it stands on `q` (A's high edge, B's low edge);
 * the approach legs run along the lines of orientation 1 - o. ---- */
static void corridor(work_area *wa, int o, int L, int pa, int qa, int pb, int qb, int extend)
{
    pk_grid *g = &wa->grid;
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

static void connect(work_area *wa, const lsplit *P)
{
    const lroom *A = &wa->room[P->first], *B = &wa->room[P->second];
    if (!A->carved || !B->carved)
        return; /* R6 */
    int a = P->axis, o = 1 - a;
    for (int i = 0; i < 4; i++) {
        /* pairs (A0,B0) (A1,B0) (A0,B1) (A1,B1) */
        int pa = A->door[a][1][i & 1], pb = B->door[a][0][i >> 1];
        int extend = draw(wa, 0, 7) == 0; /* always drawn (R5) */
        if (pa && pb)
            corridor(wa, o, P->at, pa, A->hi[a], pb, B->lo[a], extend);
    }
}

/* ---- Phase 5 (§9) ---- */
static void ring(work_area *wa)
{
    uint16_t all = pk_span(0, wa->size - 1);
    for (int o = 0; o < 2; o++) {
        pk_write(&wa->grid, o, 0, all, PK_WALL);
        pk_write(&wa->grid, o, wa->size - 1, all, PK_WALL);
    }
}

/* ---- Phase 6 (§10): stairs ----
 *
 * The stair rules test only "blocked" (tile 1 or 3), and the phase writes
 * only 4s and a 5, which are not blocked. So the phase keeps no grid of its
 * own, only two planes: `blocked`, the wall plane OR the partition plane
 * (four word operations) less every cell written since, and `placed`, the
 * cells written. A candidate is judged by its 3 x 3 pattern of blocked
 * cells (bitboard.h): the up stairs by one lookup in impl_up_refused
 * (tables.c: CORNER_FAIL, or the pinch that CLASSIFY and BLACKLIST
 * describe), the down stairs by impl_corner_fail.
 *
 * §10.2's attempt loop is taken apart into its two searches:
 *  - up_stairs() draws candidates until one is accepted: checked while the
 *    failure count is below FAILURES_TO_OVERFLOW; the first one drawn at
 *    that count is taken unchecked (overflow mode) and resets both counts;
 *  - down_stairs() draws the down candidate for those up stairs under the
 *    same-room rule;
 * and place_stairs() repeats the two while the down candidate fails its
 * corner check, each failure counted. The 4 of a failed attempt stays in
 * `placed` (a ghost stair): open to every later check, a candidate again. */
typedef struct stair_state {
    pk_plane blocked;   /* tiles 1 and 3 as the stair checks see them */
    pk_plane placed;    /* cells written 4 or 5 so far */
    int same_room_hits; /* §10.2 sameRoomHits: persists over attempts */
    int failures;       /* §10.2 failures: up and down, persists */
    int overflow;       /* overflow mode entered at least once */
} stair_state;

static void stairs_begin(const work_area *wa, stair_state *st)
{
    for (int j = 0; j < 4; j++) {
        st->blocked.q[j] = wa->grid.p[PK_WALL].q[j] | wa->grid.p[PK_PART].q[j];
        st->placed.q[j] = 0;
    }
    st->same_room_hits = st->failures = st->overflow = 0;
}

typedef struct cell {
    int x, y;
} cell;

/* The pattern of a candidate: candidates lie inside rooms, rows and columns
 * 1..W-2 (R10), so rows y-1 and y+1 and bits x-1, x+1 exist. */
static inline unsigned pattern_at(const stair_state *st, cell c)
{
    return impl_pat9(st->blocked.r, c.x, c.y);
}

/* A cell of room r, drawn x first, then y. */
static inline cell room_cell(work_area *wa, int r)
{
    const lroom *R = &wa->room[r];
    cell c;
    c.x = draw(wa, R->lo[0], R->hi[0]);
    c.y = draw(wa, R->lo[1], R->hi[1]);
    return c;
}

static inline cell up_stairs(work_area *wa, stair_state *st, int *room)
{
    for (;;) {
        int r = draw(wa, 0, wa->nodes - 1);
        cell c = room_cell(wa, r);
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
static inline cell down_stairs(work_area *wa, stair_state *st, int up_room, cell up)
{
    for (;;) {
        int r = draw(wa, 0, wa->nodes - 1);
        if (r == up_room && st->same_room_hits < SAME_ROOM_HITS_MAX) {
            st->same_room_hits++;
            continue;
        }
        cell c = room_cell(wa, r);
        if (r != up_room || c.x != up.x || c.y != up.y)
            return c;
    }
}

typedef struct stair_result {
    cell up, down;
    int up_on_wall; /* the final up stairs were written on a blocked cell */
} stair_result;

static void place_stairs(work_area *wa, stair_state *st, stair_result *res)
{
    cell up, down;
    int up_on_wall;
    for (;;) {
        int room;
        up = up_stairs(wa, st, &room);
        uint16_t bit = (uint16_t)(1u << up.x);
        up_on_wall = (st->blocked.r[up.y] & bit) != 0;
        st->blocked.r[up.y] &= (uint16_t)~bit;
        st->placed.r[up.y] |= bit;
        down = down_stairs(wa, st, room, up);
        if (!impl_corner_fail(pattern_at(st, down)))
            break;
        st->failures++;
    }
    st->blocked.r[down.y] &= (uint16_t)~(1u << down.x);
    st->placed.r[down.y] |= (uint16_t)(1u << down.x);
    res->up = up;
    res->down = down;
    res->up_on_wall = up_on_wall;
}

/* The layout the caller keeps (impl.h): the byte grid from the planes and
 * the stair cells - tile code bits 1 = {1,3,5}, 2 = {2,3}, 4 = {4,5},
 * 8 = {8}, a written cell holding 4 or 5 whatever its plane said - its
 * blocked and stair rows, the rooms and the flags. */
static void write_layout(const work_area *wa, const stair_state *st, const stair_result *res, impl_layout *out)
{
    const pk_grid *g = &wa->grid;
    for (int y = 0; y < GROTTO_GRID; y++) {
        uint16_t stairs = st->placed.r[y], keep = (uint16_t)~stairs;
        uint16_t down = (uint16_t)(y == res->down.y ? 1u << res->down.x : 0u);
        uint16_t wall = g->p[PK_WALL].r[y] & keep, part = g->p[PK_PART].r[y] & keep;
        uint16_t corr = g->p[PK_CORR].r[y] & keep, door = g->p[PK_DOOR].r[y] & keep;
        pk_bytes_of_row((uint16_t)(wall | part | down), (uint16_t)(corr | part), stairs, door,
                        out->grid + GROTTO_GRID * y);
        out->blocked[y] = st->blocked.r[y]; /* = wall | part */
        out->stairs[y] = stairs;
    }
    int rooms = wa->nodes, regular = rooms >= 2;
    for (int r = 0; r < rooms; r++) {
        const lroom *R = &wa->room[r];
        out->room[r].x0 = R->lo[0];
        out->room[r].y0 = R->lo[1];
        out->room[r].x1 = R->hi[0];
        out->room[r].y1 = R->hi[1];
        if (R->lo[0] == R->hi[0] || R->lo[1] == R->hi[1])
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

static void stairs_phase(work_area *wa, impl_layout *out)
{
    stair_state st;
    stairs_begin(wa, &st);
    stair_result res;
    place_stairs(wa, &st, &res);
    write_layout(wa, &st, &res, out);
}

void impl_layout_gen(uint32_t T, int size, impl_layout *out)
{
    work_area wa;
    wa.rng = T;
    wa.size = size;
    wa.nodes = 1;
    wa.splits = 0;
    wa.special_done = 0;
    for (int k = 0; k < PK_PLANES; k++)
        for (int j = 0; j < 4; j++)
            wa.grid.p[k].q[j] = k == PK_WALL ? ~UINT64_C(0) : 0; /* every cell a wall (§4) */
    lnode *root = &wa.node[0];
    root->lo[0] = root->lo[1] = 1;
    root->hi[0] = root->hi[1] = (uint8_t)(size - 2);
    root->cut[0] = root->cut[1] = 0;

    partition(&wa);
    for (int n = 0; n < wa.nodes; n++)
        carve(&wa, n);
    for (int n = 0; n < wa.nodes; n++)
        erode(&wa, n);
    for (int s = 0; s < wa.splits; s++)
        connect(&wa, &wa.split[s]);
    ring(&wa);
    stairs_phase(&wa, out);
}

void impl_stairs_alone(const impl_stairs_input *in, impl_layout *out)
{
    work_area wa;
    memset(&wa, 0, sizeof wa);
    wa.rng = in->state;
    wa.size = in->size;
    wa.nodes = in->room_count;
    for (int y = 0; y < GROTTO_GRID; y++) {
        wa.grid.p[PK_WALL].r[y] = in->wall[y];
        wa.grid.p[PK_PART].r[y] = in->part[y];
        wa.grid.p[PK_DOOR].r[y] = in->door[y];
        wa.grid.p[PK_CORR].r[y] = in->corridor[y];
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

int impl_place_chests(const impl_layout *layout, int k, grotto_xy chest[GROTTO_MAX_CHESTS], uint32_t *draws)
{
    if (k <= 2)
        return 0;
    uint32_t made = 1; /* the count; the discards are one jump, not draws */
    uint32_t s = layout->state;
    int rooms = layout->room_count;
    int count = impl_range(&s, 1, GROTTO_MAX_CHESTS);
    int skipped = 0, placed = 0;
    uint16_t occupied[16]; /* stairs (ghosts too) and the chests placed */
    memcpy(occupied, layout->stairs, sizeof occupied);
    int discards = k == 3 || k == 1; /* A[0] == 1 never gets here: dead, as in §11 */
    if (discards && layout->rooms_regular) {
        /* every discarded candidate makes exactly its room, x and y draws */
        s = impl_state_after(s, CHEST_DISCARDS * CHEST_DRAWS);
        skipped = CHEST_DISCARDS;
    }
    do {
        int ri = impl_range(&s, 0, rooms - 1);
        const impl_room *R = &layout->room[ri];
        int cx = impl_range(&s, R->x0, R->x1);
        int cy = impl_range(&s, R->y0, R->y1);
        made += 1u + (R->x0 != R->x1) + (R->y0 != R->y1); /* room: rooms >= 3 always draws */
        if (discards && skipped < CHEST_DISCARDS) {
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
