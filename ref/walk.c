/* Walking cost of a finished floor (research.md §1): Dijkstra's shortest
 * path from the final up stairs to the final down stairs, in steps as the
 * spec states them - an orthogonal step costs 1, a diagonal step 1.5, and a
 * diagonal step needs both orthogonal neighbours it passes between to be
 * walkable (no corner cutting). Walkable = inside the floor's width x
 * height and not a wall (1) or a partition line (3). The result is given
 * in half-steps (2 x steps, exact: every cost is a multiple of 0.5).
 *
 * A plain textbook search, correctness over speed: every tile carries its
 * best known distance; the open list holds the tiles reached but not yet
 * settled, and each round settles the open tile of least distance (a scan
 * of the open list) and relaxes its eight neighbours. Clean-room reference. */
#include "grotto/floor.h"
#include "grotto/walk.h"

/* The eight moves, orthogonal first: (dx, dy) and their cost in steps. */
static const int move_dx[8] = {0, 0, -1, 1, -1, 1, -1, 1};
static const int move_dy[8] = {-1, 1, 0, 0, -1, -1, 1, 1};
static const double move_cost[8] = {1, 1, 1, 1, 1.5, 1.5, 1.5, 1.5};

typedef struct floor_view {
    const grotto_floor_t *f;
    int W, H;
} floor_view;

static int inside(const floor_view *v, int x, int y)
{
    return 0 <= x && x < v->W && 0 <= y && y < v->H;
}

/* §1: every tile except wall (1) and partition line (3), inside W x H. */
static int walkable(const floor_view *v, int x, int y)
{
    return inside(v, x, y) && grotto_tile_walkable(grotto_tile_at(v->f, x, y));
}

/* §1: a diagonal move from (x, y) by (dx, dy) cuts no corner: the tiles
 * (x + dx, y) and (x, y + dy) are both walkable. */
static int corner_free(const floor_view *v, int x, int y, int dx, int dy)
{
    return walkable(v, x + dx, y) && walkable(v, x, y + dy);
}

/* Dijkstra from `from` to `to` over the floor; steps, or -1 when `to` is
 * never reached. */
static double shortest_path(const floor_view *v, grotto_xy from, grotto_xy to)
{
    double dist[GROTTO_CELLS];
    unsigned char settled[GROTTO_CELLS] = {0};
    int open[GROTTO_CELLS], open_count = 0;
    for (int i = 0; i < GROTTO_CELLS; i++)
        dist[i] = -1; /* not reached yet */

    int start = GROTTO_GRID * from.y + from.x;
    dist[start] = 0;
    open[open_count++] = start;
    while (open_count > 0) {
        /* settle the open tile of least distance */
        int best = 0;
        for (int i = 1; i < open_count; i++)
            if (dist[open[i]] < dist[open[best]])
                best = i;
        int here = open[best];
        open[best] = open[--open_count];
        settled[here] = 1;
        int x = here % GROTTO_GRID, y = here / GROTTO_GRID;
        if (x == to.x && y == to.y)
            return dist[here];

        for (int m = 0; m < 8; m++) {
            int nx = x + move_dx[m], ny = y + move_dy[m];
            if (!walkable(v, nx, ny))
                continue;
            if (move_dx[m] != 0 && move_dy[m] != 0 && !corner_free(v, x, y, move_dx[m], move_dy[m]))
                continue;
            int next = GROTTO_GRID * ny + nx;
            double d = dist[here] + move_cost[m];
            if (settled[next] || (dist[next] >= 0 && dist[next] <= d))
                continue;
            if (dist[next] < 0)
                open[open_count++] = next;
            dist[next] = d;
        }
    }
    return -1;
}

uint16_t grotto_floor_walk(const grotto_floor_t *f)
{
    floor_view v = {f, f->width, f->height};
    if (v.W < 1 || v.W > GROTTO_GRID || v.H < 1 || v.H > GROTTO_GRID)
        return GROTTO_WALK_NONE;
    if (f->up.x == f->down.x && f->up.y == f->down.y)
        return 0;
    if (!inside(&v, f->up.x, f->up.y) || !inside(&v, f->down.x, f->down.y))
        return GROTTO_WALK_NONE;
    double steps = shortest_path(&v, f->up, f->down);
    if (steps < 0)
        return GROTTO_WALK_NONE;
    return (uint16_t)(2 * steps); /* half-steps: 2 x a multiple of 0.5 */
}

/* §1: "cost up to floor k" = the sum over floors 1..k, none if any floor
 * has none. */
int grotto_walk_up_to(uint32_t seed, int k, uint16_t *half_steps)
{
    if (k < 1 || k > GROTTO_MAX_FLOORS)
        return -1;
    uint16_t cost[GROTTO_MAX_FLOORS];
    for (int n = 1; n <= k; n++) {
        grotto_floor_t f;
        grotto_floor(seed, n, &f);
        cost[n - 1] = grotto_floor_walk(&f);
    }
    *half_steps = grotto_walk_sum(cost, k);
    return 0;
}
