/* Detection rules on a finished floor (floor-generation.md §12): ghost
 * stairs, reachability from the up stairs, unreachable chests ("nipples"),
 * unreachable down stairs, sealed pockets ("chambers"); plus the softlock
 * report of hardware.md HW-1. Clean-room reference. */
#include <string.h>

#include "grotto/floor.h"

/* §12 reads only the grid within 0..W-1 x 0..H-1. */
typedef struct floor_view {
    const grotto_floor_t *f;
    int W, H;
} floor_view;

static int cell(int x, int y)
{
    return GROTTO_GRID * y + x;
}

static int G(const floor_view *v, int x, int y)
{
    return grotto_tile_at(v->f, x, y);
}

/* The 4 neighbours in §12's order: up, down, left, right. */
static const int dx[4] = {0, 0, -1, 1};
static const int dy[4] = {-1, 1, 0, 0};

/* The three passability rules the floods use. */
typedef int (*passable_fn)(int t);

/* Main flood: walkable = everything except 1 and 3. */
static int passable_walkable(int t)
{
    return t != GROTTO_TILE_WALL && t != GROTTO_TILE_PARTITION;
}

/* Region ("chamber") flood: only codes 0, 2, 8. */
static int passable_pocket(int t)
{
    return t == GROTTO_TILE_FLOOR || t == GROTTO_TILE_CORRIDOR || t == GROTTO_TILE_DOOR;
}

/* Softlock flood (HW-1): walkable, and chests are solid as in the game. */
static int passable_chests_solid(int t)
{
    return passable_walkable(t) && t != GROTTO_TILE_CHEST;
}

/* §12 FLOOD: 4-neighbour breadth-first flood; the start is accepted
 * whatever its tile. Marks reached[] and returns the number of tiles
 * taken from the queue. */
static int flood(const floor_view *v, int startX, int startY, passable_fn passable, uint8_t reached[GROTTO_CELLS])
{
    grotto_xy queue[GROTTO_CELLS];
    int head = 0, tail = 0, size = 0;

    reached[cell(startX, startY)] = 1;
    queue[tail++] = (grotto_xy){(uint8_t)startX, (uint8_t)startY};
    while (head < tail) {
        grotto_xy c = queue[head++];
        size += 1;
        for (int d = 0; d < 4; d++) {
            int nx = c.x + dx[d], ny = c.y + dy[d];
            if (0 <= nx && nx < v->W && 0 <= ny && ny < v->H && !reached[cell(nx, ny)] &&
                passable(G(v, nx, ny))) {
                reached[cell(nx, ny)] = 1;
                queue[tail++] = (grotto_xy){(uint8_t)nx, (uint8_t)ny};
            }
        }
    }
    return size;
}

/* §12 GHOST_STAIRS: stair tiles (4 or 5) that are not the final up or
 * down stairs, row-major. */
static void ghost_stairs(const floor_view *v, grotto_floor_analysis *out)
{
    const grotto_floor_t *f = v->f;
    out->ghost_count = 0;
    for (int y = 0; y < v->H; y++)
        for (int x = 0; x < v->W; x++) {
            int t = G(v, x, y);
            if ((t == GROTTO_TILE_UP || t == GROTTO_TILE_DOWN) &&
                !(x == f->up.x && y == f->up.y) && !(x == f->down.x && y == f->down.y))
                out->ghost[out->ghost_count++] = (grotto_xy){(uint8_t)x, (uint8_t)y};
        }
}

/* §12 "chamber": each 4-connected group of unreached tiles 0, 2, 8. The
 * region flood shares the reached marks of the main flood; out->reached
 * keeps the main flood's marks only. */
static void chambers(const floor_view *v, grotto_floor_analysis *out)
{
    uint8_t marks[GROTTO_CELLS];
    memcpy(marks, out->reached, sizeof marks);
    out->region_count = 0;
    for (int y = 0; y < v->H; y++)
        for (int x = 0; x < v->W; x++) {
            if (marks[cell(x, y)] || !passable_pocket(G(v, x, y)))
                continue;
            int size = flood(v, x, y, passable_pocket, marks);
            if (out->region_count < GROTTO_MAX_REGIONS) {
                out->region_size[out->region_count] = (uint16_t)size;
                out->region_first[out->region_count] = (grotto_xy){(uint8_t)x, (uint8_t)y};
                out->region_count++;
            }
        }
}

/* HW-1 softlock report: in the game a chest is solid. Flood from the
 * final up stairs with walls, partitions and chests solid. */
static void softlock(const floor_view *v, grotto_floor_analysis *out)
{
    const grotto_floor_t *f = v->f;

    out->up_next_to_chest = 0;
    for (int d = 0; d < 4; d++) {
        int nx = f->up.x + dx[d], ny = f->up.y + dy[d];
        if (0 <= nx && nx < v->W && 0 <= ny && ny < v->H && G(v, nx, ny) == GROTTO_TILE_CHEST)
            out->up_next_to_chest = 1;
    }

    uint8_t near[GROTTO_CELLS] = {0};
    out->softlock_near = (uint16_t)flood(v, f->up.x, f->up.y, passable_chests_solid, near);

    out->softlock_far = 0;
    for (int y = 0; y < v->H; y++)
        for (int x = 0; x < v->W; x++)
            if (passable_chests_solid(G(v, x, y)) && !near[cell(x, y)])
                out->softlock_far++;

    out->softlock_down_cut = near[cell(f->down.x, f->down.y)] ? 0 : 1;
}

/* The floors the rules can read (grotto/floor.h): width and height 1..16,
 * the final stairs and the chest_count (0..3) chests inside them. */
static int inside(const floor_view *v, grotto_xy p)
{
    return p.x < v->W && p.y < v->H;
}

static int floor_readable(const floor_view *v)
{
    const grotto_floor_t *f = v->f;
    if (v->W < 1 || v->W > GROTTO_GRID || v->H < 1 || v->H > GROTTO_GRID || f->chest_count > GROTTO_MAX_CHESTS ||
        !inside(v, f->up) || !inside(v, f->down))
        return 0;
    for (int i = 0; i < f->chest_count; i++)
        if (!inside(v, f->chest[i]))
            return 0;
    return 1;
}

/* §12 ANALYSE_FLOOR */
void grotto_floor_analyse(const grotto_floor_t *f, grotto_floor_analysis *out)
{
    floor_view v = {f, f->width, f->height};
    memset(out, 0, sizeof *out);
    if (!floor_readable(&v))
        return;                              /* refused: reached_count 0 */

    ghost_stairs(&v, out);

    /* FLOOD from the up stairs; walkable = not 1 and not 3 */
    out->reached_count = (uint16_t)flood(&v, f->up.x, f->up.y, passable_walkable, out->reached);

    /* "nipple": a chest not reached */
    out->unreachable_chests = 0;
    for (int i = 0; i < f->chest_count; i++) {
        out->chest_unreachable[i] = out->reached[cell(f->chest[i].x, f->chest[i].y)] ? 0 : 1;
        out->unreachable_chests += out->chest_unreachable[i];
    }

    out->down_unreachable = out->reached[cell(f->down.x, f->down.y)] ? 0 : 1;

    chambers(&v, out);
    softlock(&v, out);
}
