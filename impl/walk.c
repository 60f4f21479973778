/* impl/: walking cost of a floor (research.md §1) as a wavefront over
 * packed planes (packed.h: 256 bits, row y = lane r[y], four rows per
 * 64-bit word).
 *
 * Costs are integer half-steps: an orthogonal move 2, a diagonal move 3.
 * Instead of settling tiles one at a time, whole distance classes are
 * settled at once. ring[d mod 4] collects the tiles some settled tile can
 * step onto at cost d; the tiles of distance exactly d are those of
 * ring[d mod 4] not settled before (every distance-d tile has a
 * predecessor at d - 2 or d - 3, which were settled earlier, and a tile
 * first offered at d cannot be nearer). Settling class d offers its
 * orthogonal neighbours to d + 2 and its diagonal neighbours to d + 3, so
 * four slots suffice. The walk fails when a class and the two after it
 * are empty (nothing settled later could offer anything).
 *
 * A move is a plane shift: east = every lane << 1 (no bit crosses into the
 * next lane), west = >> 1, north / south = the whole 256-bit plane shifted
 * by one lane. The walkable plane (not 1 or 3, inside W x H) masks every
 * offer, so the edges of the floor need no tests. A diagonal move passes
 * between two orthogonal neighbours and both must be walkable: the
 * north-east move is "north of the walkable east neighbours" AND "east of
 * the walkable north neighbours" - a target whose two corners both lie in
 * the walkable plane. */
#include <string.h>

#include "always.h"
#include "bitboard.h"
#include "grotto/walk.h"
#include "impl.h"
#include "packed.h"

#define LANE_LOW PK_LANES                  /* bit 0 of every lane */
#define LANE_HIGH (PK_LANES << 15)          /* bit 15 of every lane */

enum { ORTHO = 2, DIAG = 3, SLOTS = 4 };

static inline pk_plane pl_and(pk_plane a, pk_plane b)
{
    for (int j = 0; j < 4; j++)
        a.q[j] &= b.q[j];
    return a;
}

static inline pk_plane pl_or(pk_plane a, pk_plane b)
{
    for (int j = 0; j < 4; j++)
        a.q[j] |= b.q[j];
    return a;
}

static inline pk_plane pl_andnot(pk_plane a, pk_plane b)
{
    for (int j = 0; j < 4; j++)
        a.q[j] &= ~b.q[j];
    return a;
}

static inline int pl_any(pk_plane a)
{
    return (a.q[0] | a.q[1] | a.q[2] | a.q[3]) != 0;
}

/* x + 1: within each lane; bit 15 falls off its lane. */
static inline pk_plane pl_east(pk_plane a)
{
    for (int j = 0; j < 4; j++)
        a.q[j] = (a.q[j] << 1) & ~LANE_LOW;
    return a;
}

static inline pk_plane pl_west(pk_plane a)
{
    for (int j = 0; j < 4; j++)
        a.q[j] = (a.q[j] >> 1) & ~LANE_HIGH;
    return a;
}

/* y - 1: lane y + 1 moves to lane y (row 15 becomes empty). */
static inline pk_plane pl_north(pk_plane a)
{
    pk_plane n;
    for (int j = 0; j < 4; j++)
        n.q[j] = (a.q[j] >> 16) | (j < 3 ? a.q[j + 1] << 48 : 0);
    return n;
}

/* y + 1 */
static inline pk_plane pl_south(pk_plane a)
{
    pk_plane s;
    for (int j = 0; j < 4; j++)
        s.q[j] = (a.q[j] << 16) | (j > 0 ? a.q[j - 1] >> 48 : 0);
    return s;
}

/* The walkable plane: lanes of rows below h, bits below w, without 1/3. */
static pk_plane walkable_plane(const grotto_floor_t *f, int w, int h)
{
    uint16_t blocked[16];
    impl_blocked_rows(f->grid, blocked);
    pk_plane p;
    uint16_t cols = (uint16_t)((1u << w) - 1u);
    for (int y = 0; y < 16; y++)
        p.r[y] = y < h ? (uint16_t)(cols & ~blocked[y]) : 0;
    return p;
}

uint16_t impl_walk(const grotto_floor_t *f)
{
    int w = f->width, h = f->height;
    if (w < 1 || w > 16 || h < 1 || h > 16)
        return GROTTO_WALK_NONE;
    grotto_xy up = f->up, down = f->down;
    if (up.x == down.x && up.y == down.y)
        return 0;
    if (up.x >= w || up.y >= h || down.x >= w || down.y >= h)
        return GROTTO_WALK_NONE;
    pk_plane walk = walkable_plane(f, w, h);
    return impl_walk_rows(walk.r, up, down);
}

uint16_t impl_walk_rows(const uint16_t rows[16], grotto_xy up, grotto_xy down)
{
    /* both callers (impl_walk above, the sweep's generated floors) pass
     * distinct stairs inside the grid */
    if (NEVER(up.x == down.x && up.y == down.y))
        return 0;
    if (NEVER(up.x > 15 || up.y > 15 || down.x > 15 || down.y > 15))
        return GROTTO_WALK_NONE;
    pk_plane walk, seen, ring[SLOTS];
    memcpy(walk.r, rows, sizeof walk.r);
    memset(&seen, 0, sizeof seen);
    memset(ring, 0, sizeof ring);
    ring[0].r[up.y] = (uint16_t)(1u << up.x); /* the start, whatever its tile */
    uint16_t goal = (uint16_t)(1u << down.x);

    for (unsigned d = 0;; d++) {
        pk_plane *slot = &ring[d % SLOTS];
        pk_plane now = pl_andnot(*slot, seen);
        memset(slot, 0, sizeof *slot);
        if (now.r[down.y] & goal)
            return (uint16_t)d;
        if (!pl_any(now)) {
            /* offers pending: from d - 1 and d - 2 (in d + 1, d + 2); d + 3
             * holds only what class d itself offers */
            if (!pl_any(ring[(d + 1) % SLOTS]) && !pl_any(ring[(d + 2) % SLOTS]))
                return GROTTO_WALK_NONE;
            continue;
        }
        seen = pl_or(seen, now);
        pk_plane e = pl_and(pl_east(now), walk), wv = pl_and(pl_west(now), walk);
        pk_plane n = pl_and(pl_north(now), walk), s = pl_and(pl_south(now), walk);
        pk_plane *o = &ring[(d + ORTHO) % SLOTS], *g = &ring[(d + DIAG) % SLOTS];
        *o = pl_or(*o, pl_or(pl_or(e, wv), pl_or(n, s)));
        /* a diagonal target is reached through both of its walkable corners */
        pk_plane ne = pl_and(pl_north(e), pl_east(n)), nw = pl_and(pl_north(wv), pl_west(n));
        pk_plane se = pl_and(pl_south(e), pl_east(s)), sw = pl_and(pl_south(wv), pl_west(s));
        *g = pl_or(*g, pl_and(pl_or(pl_or(ne, nw), pl_or(se, sw)), walk));
    }
}
