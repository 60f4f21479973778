/* One cheapest walk of a floor, for drawing (grotto floor --path):
 * research.md §1's rules as grotto/walk.h states them (8 directions,
 * orthogonal 2 half-steps, diagonal 3, no corner cutting; walkable = not
 * wall or partition, inside the floor; the up stairs' tile is the start
 * whatever it holds). The engines give the cost only; this finds a path of
 * that cost: distances from the up stairs by a plain Dijkstra over the 256
 * tiles (a linear scan for the nearest: small and obviously right), then
 * back from the down stairs, each step to a neighbour whose distance plus
 * the move is the tile's own. The floor document carries the engine's cost
 * beside it; the tests check that the path costs exactly that. */
#include <string.h>

#include "grotto/walk.h"
#include "view.h"

enum { UNSEEN = 0xFFFF };

static int open_tile(const grotto_floor_t *f, int x, int y)
{
    return x >= 0 && y >= 0 && x < f->width && y < f->height &&
           f->grid[y * GROTTO_GRID + x] != GROTTO_TILE_WALL && f->grid[y * GROTTO_GRID + x] != GROTTO_TILE_PARTITION;
}

/* The move from (x, y) by (dx, dy) in half-steps, or 0 when not allowed. */
static int move_cost(const grotto_floor_t *f, int x, int y, int dx, int dy)
{
    if (!open_tile(f, x + dx, y + dy))
        return 0;
    if (dx && dy)
        return open_tile(f, x + dx, y) && open_tile(f, x, y + dy) ? 3 : 0;
    return 2;
}

static const int DX[8] = {0, 0, -1, 1, 1, 1, -1, -1}, DY[8] = {-1, 1, 0, 0, 1, -1, 1, -1};

int lookup_walk_path(const grotto_floor_t *f, grotto_xy *path, int cap)
{
    if (f->width < 1 || f->width > GROTTO_GRID || f->height < 1 || f->height > GROTTO_GRID ||
        f->up.x >= f->width || f->up.y >= f->height || f->down.x >= f->width || f->down.y >= f->height)
        return 0;
    uint16_t dist[GROTTO_CELLS];
    uint8_t done[GROTTO_CELLS] = {0};
    for (int i = 0; i < GROTTO_CELLS; i++)
        dist[i] = UNSEEN;
    dist[f->up.y * GROTTO_GRID + f->up.x] = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < GROTTO_CELLS; i++)
            if (!done[i] && dist[i] != UNSEEN && (best < 0 || dist[i] < dist[best]))
                best = i;
        if (best < 0)
            break;
        done[best] = 1;
        int x = best % GROTTO_GRID, y = best / GROTTO_GRID;
        for (int d = 0; d < 8; d++) {
            int c = move_cost(f, x, y, DX[d], DY[d]);
            int j = (y + DY[d]) * GROTTO_GRID + x + DX[d];
            if (c && dist[best] + c < dist[j])
                dist[j] = (uint16_t)(dist[best] + c);
        }
    }
    int at = f->down.y * GROTTO_GRID + f->down.x, n = 0;
    if (dist[at] == UNSEEN)
        return 0;
    /* back from the down stairs; then reversed */
    grotto_xy back[GROTTO_CELLS];
    back[n++] = f->down;
    while (dist[at]) {
        int x = at % GROTTO_GRID, y = at / GROTTO_GRID, prev = -1;
        for (int d = 0; d < 8 && prev < 0; d++) {
            int px = x - DX[d], py = y - DY[d], i = py * GROTTO_GRID + px;
            if (px < 0 || py < 0 || px >= f->width || py >= f->height || dist[i] == UNSEEN)
                continue;
            int c = move_cost(f, px, py, DX[d], DY[d]);
            if (c && dist[i] + c == dist[at])
                prev = i;
        }
        if (prev < 0)
            return 0; /* cannot happen: every settled tile has its predecessor */
        at = prev;
        back[n++] = (grotto_xy){(uint8_t)(at % GROTTO_GRID), (uint8_t)(at / GROTTO_GRID)};
    }
    if (n > cap)
        return 0;
    for (int i = 0; i < n; i++)
        path[i] = back[n - 1 - i];
    return n;
}
