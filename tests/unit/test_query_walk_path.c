/* The walk that grotto floor --path draws (lookup_walk_path) against the
 * engines' walking cost, on floors spread over the whole universe: the path
 * starts on the up stairs and ends on the down stairs, every move is one of
 * the 8 steps onto a walkable tile without cutting a corner (research.md
 * §1, rules restated here), and its cost - orthogonal 2, diagonal 3
 * half-steps - is the engines' cost exactly; no path exactly where they
 * find none. */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/walk.h"
#include "lookup.h"

static int open_at(const grotto_floor_t *f, int x, int y)
{
    if (x < 0 || y < 0 || x >= f->width || y >= f->height)
        return 0;
    uint8_t t = f->grid[y * GROTTO_GRID + x];
    return t != GROTTO_TILE_WALL && t != GROTTO_TILE_PARTITION;
}

/* Half-steps of the path, or -1 with the reason in why. */
static int path_cost(const grotto_floor_t *f, const grotto_xy *p, int n, const char **why)
{
    int cost = 0;
    if (p[0].x != f->up.x || p[0].y != f->up.y || p[n - 1].x != f->down.x || p[n - 1].y != f->down.y) {
        *why = "does not run from the up to the down stairs";
        return -1;
    }
    for (int i = 1; i < n; i++) {
        int dx = p[i].x - p[i - 1].x, dy = p[i].y - p[i - 1].y;
        if ((!dx && !dy) || dx < -1 || dx > 1 || dy < -1 || dy > 1 || !open_at(f, p[i].x, p[i].y)) {
            *why = "a move that is not a step onto a walkable tile";
            return -1;
        }
        if (dx && dy && (!open_at(f, p[i - 1].x + dx, p[i - 1].y) || !open_at(f, p[i - 1].x, p[i - 1].y + dy))) {
            *why = "a corner cut";
            return -1;
        }
        cost += dx && dy ? 3 : 2;
    }
    return cost;
}

Test(walk_path, costs_what_the_engines_say, .timeout = 300)
{
    long floors = 0, paths = 0;
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed += 37) {
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            cr_assert_eq(grotto_engine_impl.floor(seed, k, &f), 0);
            uint16_t want = grotto_engine_impl.walk(&f);
            cr_assert_eq(grotto_engine_ref.walk(&f), want, "seed %04X B%dF: ref and impl differ", seed, k);
            grotto_xy p[GROTTO_CELLS];
            int n = lookup_walk_path(&f, p, GROTTO_CELLS);
            floors++;
            if (want == GROTTO_WALK_NONE) {
                cr_assert_eq(n, 0, "seed %04X B%dF: a path where the engines find none", seed, k);
                continue;
            }
            cr_assert_gt(n, 0, "seed %04X B%dF: no path, the engines walk %u half-steps", seed, k, want);
            const char *why = "";
            int cost = path_cost(&f, p, n, &why);
            cr_assert_geq(cost, 0, "seed %04X B%dF: %s", seed, k, why);
            cr_assert_eq(cost, want, "seed %04X B%dF: the path costs %d half-steps, the engines %u", seed, k, cost,
                         want);
            paths++;
        }
    }
    /* 886 seeds x 16 floors, and (floor-walk.bin: none without a path) a path on each */
    cr_assert_eq(floors, 886L * 16);
    cr_assert_eq(paths, floors);
}

/* A floor built by hand: the walk must go round a wall's corner. */
Test(walk_path, does_not_cut_corners)
{
    grotto_floor_t f;
    memset(&f, 0, sizeof f);
    f.width = f.height = 10;
    for (int i = 0; i < GROTTO_CELLS; i++)
        f.grid[i] = GROTTO_TILE_WALL;
    for (int y = 1; y <= 3; y++)
        for (int x = 1; x <= 3; x++)
            f.grid[y * GROTTO_GRID + x] = GROTTO_TILE_FLOOR;
    f.grid[2 * GROTTO_GRID + 2] = GROTTO_TILE_WALL; /* a pillar in the middle */
    f.up = (grotto_xy){1, 1};
    f.down = (grotto_xy){3, 3};
    grotto_xy p[GROTTO_CELLS];
    int n = lookup_walk_path(&f, p, GROTTO_CELLS);
    const char *why = "";
    /* round the pillar: two orthogonal steps and two more, or 2 + 3 + 2 ... the cheapest is 4 x 2 */
    cr_assert_eq(grotto_engine_ref.walk(&f), 8);
    cr_assert_eq(path_cost(&f, p, n, &why), 8, "%s", why);
    cr_assert_eq(n, 5);
}
