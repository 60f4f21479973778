/* impl/walk_wave.h: the wavefront of walk.c (research.md §1), written once
 * for every plane type. Included by walk.c (two SSE2 registers a plane,
 * or four 64-bit words) and by walk_avx2.c (one AVX2 register), each of
 * which first defines:
 *  - the type wplane and its operations wp_load, wp_zero, wp_cell (the
 *    plane of one cell), wp_and, wp_or, wp_andnot (a less b), wp_any,
 *    wp_east (x + 1), wp_west, wp_north (y - 1), wp_south;
 *  - WALK_ATTR, the attributes of the functions below (a target, or
 *    nothing), and WALK_ROWS, the name of the walk it defines.
 * How the wavefront works is in walk.c's design comment. */

enum { SLOTS = 4 }; /* classes d .. d + 3: a move costs 2 (orthogonal) or 3 (diagonal) */

/* What a walk's diagonal moves need of the floor, made once per walk: a
 * diagonal target is reached through both of its corners, so the target
 * north-east of a tile is open when it, the tile south of it and the tile
 * west of it are walkable (walk.c's design comment). Shifts of planes
 * commute and distribute over AND, so "north of the walkable east
 * neighbours AND east of the walkable north neighbours" of a class is
 * the class shifted north-east AND that mask: per class two vertical and
 * six horizontal shifts, not six and six. */
typedef struct wcorners {
    wplane ne, nw, se, sw;
} wcorners;

WALK_ATTR static inline wcorners walk_corners(wplane walk)
{
    wplane from_s = wp_and(walk, wp_north(walk)), from_n = wp_and(walk, wp_south(walk));
    wcorners c = {wp_and(from_s, wp_east(walk)), wp_and(from_s, wp_west(walk)), wp_and(from_n, wp_east(walk)),
                  wp_and(from_n, wp_west(walk))};
    return c;
}

/* Distance class d: `cur` is slot d mod 4, `next` d + 1, `ortho` d + 2,
 * `diag` d + 3. Returns 1 when the goal is settled at d, -1 when the walk
 * fails at d, 0 to go on. */
WALK_ATTR static inline __attribute__((always_inline)) int walk_class(wplane *cur, const wplane *next,
                                                                      wplane *ortho, wplane *diag, wplane *seen,
                                                                      wplane walk, const wcorners *c, wplane goal)
{
    wplane now = wp_andnot(*cur, *seen);
    *cur = wp_zero();
    if (!wp_any(now)) {
        /* offers pending: from d - 1 and d - 2 (in d + 1, d + 2); d + 3
         * holds only what class d itself offers */
        return wp_any(wp_or(*next, *ortho)) ? 0 : -1;
    }
    if (wp_any(wp_and(now, goal)))
        return 1;
    *seen = wp_or(*seen, now);
    wplane n = wp_north(now), s = wp_south(now);
    wplane step = wp_or(wp_or(wp_east(now), wp_west(now)), wp_or(n, s));
    *ortho = wp_or(*ortho, wp_and(step, walk));
    wplane up = wp_or(wp_and(wp_east(n), c->ne), wp_and(wp_west(n), c->nw));
    wplane down = wp_or(wp_and(wp_east(s), c->se), wp_and(wp_west(s), c->sw));
    *diag = wp_or(*diag, wp_or(up, down));
    return 0;
}

/* The walking cost from up to down over the walkable rows (distinct
 * stairs inside the grid: impl_walk_rows checks). */
WALK_ATTR static uint16_t WALK_ROWS(const uint16_t rows[16], grotto_xy up, grotto_xy down)
{
    const wplane walk = wp_load(rows), goal = wp_cell(down);
    const wcorners c = walk_corners(walk);
    /* the start, whatever its tile */
    wplane seen = wp_zero(), r0 = wp_cell(up), r1 = wp_zero(), r2 = wp_zero(), r3 = wp_zero();
    /* four classes a turn, the slots in registers, their roles rotating */
    for (unsigned d = 0;; d += SLOTS) {
        int r;
        if ((r = walk_class(&r0, &r1, &r2, &r3, &seen, walk, &c, goal)) != 0)
            return r > 0 ? (uint16_t)d : GROTTO_WALK_NONE;
        if ((r = walk_class(&r1, &r2, &r3, &r0, &seen, walk, &c, goal)) != 0)
            return r > 0 ? (uint16_t)(d + 1) : GROTTO_WALK_NONE;
        if ((r = walk_class(&r2, &r3, &r0, &r1, &seen, walk, &c, goal)) != 0)
            return r > 0 ? (uint16_t)(d + 2) : GROTTO_WALK_NONE;
        if ((r = walk_class(&r3, &r0, &r1, &r2, &seen, walk, &c, goal)) != 0)
            return r > 0 ? (uint16_t)(d + 3) : GROTTO_WALK_NONE;
    }
}
