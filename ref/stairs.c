/* Phase 6: stairs (floor-generation.md §10).
 * Up candidate: corner check and blacklist (skipped in overflow mode, after
 * 100 failures); down candidate: corner check only. A failed down candidate
 * leaves the up tile 4 behind ("ghost stairs"). */
#include "always.h"
#include "floor_internal.h"
#include "work_area.h"

enum {
    OVERFLOW_FAILURES = 100, /* failures before the up checks are skipped */
    SAME_ROOM_LIMIT = 25     /* same-room down draws refused before allowed */
};

/* §10.1 CORNER_FAIL: rejected unless (up and down both open) or (left and
 * right both open). The candidate cell itself is not examined. */
int ref_corner_fail(const uint8_t *A, int x, int y)
{
    return (BLOCKED(G(A, x, y - 1)) || BLOCKED(G(A, x, y + 1)))
        && (BLOCKED(G(A, x - 1, y)) || BLOCKED(G(A, x + 1, y)));
}

/* §10.1 CLASSIFY: 8-neighbour shape code. Bits 6/4/2/0 are N/E/S/W; a
 * corner bit (7 NW, 5 NE, 3 SE, 1 SW) is set when the diagonal or either
 * adjacent orthogonal cell is blocked. A 1/3 centre gives 255. */
int ref_classify(const uint8_t *A, int x, int y)
{
    int c = G(A, x, y);
    if (c == T_WALL || c == T_PARTITION)
        return 255;
    if (NEVER(!(c == 0 || c == 2 || c == 4 || c == 5 || c == 6 || c == 7 || c == 8)))
        return 0; /* the grid holds tile codes 0..8, and 1/3 returned above */
    int n = BLOCKED(G(A, x, y - 1)), ne = BLOCKED(G(A, x + 1, y - 1));
    int e = BLOCKED(G(A, x + 1, y)), se = BLOCKED(G(A, x + 1, y + 1));
    int s = BLOCKED(G(A, x, y + 1)), sw = BLOCKED(G(A, x - 1, y + 1));
    int w = BLOCKED(G(A, x - 1, y)), nw = BLOCKED(G(A, x - 1, y - 1));
    return (nw || n || w) << 7
         | n << 6
         | (ne || n || e) << 5
         | e << 4
         | (se || e || s) << 3
         | s << 2
         | (sw || s || w) << 1
         | w << 0;
}

/* §10.1 BLACKLIST: the "pinch" shapes a staircase would close. */
int ref_blacklisted(int code)
{
    static const int blacklist[] = {46, 58, 139, 142, 163, 171, 174, 184, 186, 226, 232, 234};
    for (unsigned i = 0; i < sizeof blacklist / sizeof blacklist[0]; i++)
        if (blacklist[i] == code)
            return 1;
    return 0;
}

/* §10.2 PLACE_STAIRS. Both counters persist over all attempts of the floor
 * and are reset only when overflow mode writes an up stairs. */
void ref_place_stairs(ref_gen *g)
{
    uint8_t *A = g->A;
    int sameRoomHits = 0;
    int failures = 0;
    int dx, dy;
    for (;;) { /* one attempt */
        int ri = ref_range(g, 0, wa_get(A, HDR_ROOM_COUNT) - 1);
        int R = wa_room(ri);
        int ux = ref_range(g, wa_get(A, R + ROOM_X0), wa_get(A, R + ROOM_X1));
        int uy = ref_range(g, wa_get(A, R + ROOM_Y0), wa_get(A, R + ROOM_Y1));
        if (failures < OVERFLOW_FAILURES) { /* normal mode: check the up candidate */
            if (ref_corner_fail(A, ux, uy)) {
                failures++;
                continue;
            }
            if (ref_blacklisted(ref_classify(A, ux, uy))) {
                failures++;
                continue;
            }
        }
        g->up_tile_before = G(A, ux, uy);
        G_set(A, ux, uy, T_UP);
        wa_set(A, HDR_UP_X, ux);
        wa_set(A, HDR_UP_Y, uy);
        if (failures >= OVERFLOW_FAILURES) { /* overflow mode was used */
            sameRoomHits = 0;
            failures = 0;
            g->overflow = 1;
        }

        /* a down candidate that is not exactly the up-stairs tile */
        dx = ux;
        dy = uy;
        int droom = ri;
        do {
            int rj = ref_range(g, 0, wa_get(A, HDR_ROOM_COUNT) - 1);
            if (rj == ri && sameRoomHits < SAME_ROOM_LIMIT) {
                sameRoomHits++; /* no coordinate draws; try again */
            } else {
                int R2 = wa_room(rj);
                dx = ref_range(g, wa_get(A, R2 + ROOM_X0), wa_get(A, R2 + ROOM_X1));
                droom = rj;
                dy = ref_range(g, wa_get(A, R2 + ROOM_Y0), wa_get(A, R2 + ROOM_Y1));
            }
        } while (droom == ri && dx == ux && dy == uy);

        if (ref_corner_fail(A, dx, dy)) { /* down stairs: corner check only */
            failures++;
            continue; /* the 4 written above stays: ghost stairs */
        }
        break;
    }
    G_set(A, dx, dy, T_DOWN);
    wa_set(A, HDR_DOWN_X, dx);
    wa_set(A, HDR_DOWN_Y, dy);
}
