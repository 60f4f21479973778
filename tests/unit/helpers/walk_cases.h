/* Hand-made floors with their walking cost worked out by hand (research.md
 * §1: orthogonal step 1, diagonal 1.5, no corner cutting; costs here in
 * half-steps), for the ref and impl walk tests (each checks its own engine
 * against the same table).
 *
 * A floor is drawn as up to 16 rows of up to 16 characters; missing cells
 * are walls. '#' wall (1), '=' partition line (3), '.' room floor (0), 'c'
 * corridor (2), '$' chest (6), '+' door (8), '4' / '5' ghost stairs, 'U'
 * up stairs (4), 'D' down stairs (5), 'X' both stairs on one tile (4), 'u'
 * / 'd' the up / down stairs' position on a wall tile (1). */
#ifndef GROTTO_WALK_CASES_H
#define GROTTO_WALK_CASES_H

#include <stdint.h>
#include <string.h>

#include "grotto/types.h"
#include "grotto/walk.h"

typedef struct walk_case {
    const char *name;
    int width, height;
    const char *rows[16];
    uint16_t half_steps;
} walk_case;

#define NONE GROTTO_WALK_NONE
static const walk_case WALK_CASES[] = {
    {"five steps along a row", 10, 10, {"##########", "#U....D###"}, 10},
    {"three diagonals across a room", 10, 10,
     {"##########", "#U.......#", "#........#", "#........#", "#...D....#", "#........#"}, 9},
    {"two diagonals then three steps", 10, 10,
     {"##########", "#U.......#", "#........#", "#.....D..#", "#........#"}, 12},
    {"no corner cutting: one corner is a wall, go round", 10, 10, {"#####", "#U###", "#.D##", "#####"}, 4},
    {"no corner cutting: both corners are walls", 10, 10, {"#####", "#U###", "##D##", "#####"}, NONE},
    {"a wall in the way", 10, 10, {"#######", "#U.#.D#", "#######"}, NONE},
    {"partition lines block", 10, 10, {"#######", "#U.=.D#", "#..=..#", "#######"}, NONE},
    {"round a partition line, corners respected", 10, 10,
     {"#######", "#U.=.D#", "#..=..#", "#.....#", "#######"}, 14},
    {"chests, doors, corridors and ghost stairs are walkable", 10, 10, {"##########", "#U$+c45.D#"}, 14},
    {"down stairs on a wall are never reached", 10, 10, {"#####", "#Ud##", "#####"}, NONE},
    {"up stairs on a wall: the walk starts there anyway", 10, 10, {"#####", "#u.D#", "#####"}, 4},
    {"both stairs on one tile", 10, 10, {"#####", "#.X.#", "#####"}, 0},
    {"both stairs on one wall tile", 10, 10, {"#####", "##x##", "#####"}, 0},
    {"nothing beyond the width is walkable", 10, 16,
     {"################", "#.......U.......", "##########......", "#.......D.......", "################"},
     NONE},
    {"the same floor 16 wide: round the wall", 16, 16,
     {"################", "#.......U.......", "##########......", "#.......D.......", "################"}, 12},
    {"nothing beyond the height is walkable", 16, 10,
     {"################", "#.#.############", "#.#.############", "#.#.############", "#.#.############",
      "#.#.############", "#.#.############", "#.#.############", "#U#D############", "#.#.############",
      "#...############", "#...############", "#...############", "#...############", "#...############",
      "#...############"},
     NONE},
    {"the same floor 16 high: round the wall", 16, 16,
     {"################", "#.#.############", "#.#.############", "#.#.############", "#.#.############",
      "#.#.############", "#.#.############", "#.#.############", "#U#D############", "#.#.############",
      "#...############", "#...############", "#...############", "#...############", "#...############",
      "#...############"},
     12},
    {"no step from the east edge to the next row's west edge", 16, 16,
     {"################", "###############U", "D###############"}, NONE},
    {"no step from the west edge to the previous row's east edge", 16, 16,
     {"################", "###############D", "U###############"}, NONE},
    {"corner to corner of an open 16 x 16 floor: 15 diagonals", 16, 16,
     {"...............U", "................", "................", "................", "................",
      "................", "................", "................", "................", "................",
      "................", "................", "................", "................", "................",
      "D..............."},
     45},
    {"along the bottom row of an open floor", 16, 16,
     {"................", "................", "................", "................", "................",
      "................", "................", "................", "................", "................",
      "................", "................", "................", "................", "................",
      "U..............D"},
     30},
    {"a serpentine: 8 rows of 15 steps and 7 turns of 2", 16, 16,
     {"U...............", "###############.", "................", ".###############", "................",
      "###############.", "................", ".###############", "................", "###############.",
      "................", ".###############", "................", "###############.", "D...............",
      "################"},
     268},
};
#undef NONE
enum { WALK_CASE_COUNT = sizeof WALK_CASES / sizeof WALK_CASES[0] };

/* The floor a case draws. */
static inline void walk_case_floor(const walk_case *c, grotto_floor_t *f)
{
    memset(f, 0, sizeof *f);
    f->index = 3;
    f->width = (uint8_t)c->width;
    f->height = (uint8_t)c->height;
    memset(f->grid, GROTTO_TILE_WALL, sizeof f->grid);
    for (int y = 0; y < 16 && c->rows[y]; y++)
        for (int x = 0; x < 16 && c->rows[y][x]; x++) {
            uint8_t t = GROTTO_TILE_WALL;
            grotto_xy here = {(uint8_t)x, (uint8_t)y};
            switch (c->rows[y][x]) {
            case '=': t = GROTTO_TILE_PARTITION; break;
            case '.': t = GROTTO_TILE_FLOOR; break;
            case 'c': t = GROTTO_TILE_CORRIDOR; break;
            case '$': t = GROTTO_TILE_CHEST; break;
            case '+': t = GROTTO_TILE_DOOR; break;
            case '4': t = GROTTO_TILE_UP; break;
            case '5': t = GROTTO_TILE_DOWN; break;
            case 'U': t = GROTTO_TILE_UP; f->up = here; break;
            case 'D': t = GROTTO_TILE_DOWN; f->down = here; break;
            case 'X': t = GROTTO_TILE_UP; f->up = f->down = here; break;
            case 'x': f->up = f->down = here; break;
            case 'u': f->up = here; break;
            case 'd': f->down = here; break;
            default: break;
            }
            f->grid[16 * y + x] = t;
        }
}

/* ---- random floors and a third, brute-force, walk ----
 * Random grids (any size 1..16 x 1..16, stairs anywhere, tiles of every
 * code) and the cost by relaxing every move of the rules until nothing
 * changes (Bellman-Ford): no order, no queue, nothing shared with either
 * engine's search. */

static inline uint32_t walk_rand(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static inline void walk_random_floor(uint32_t *s, grotto_floor_t *f)
{
    static const uint8_t codes[] = {0, 0, 0, 0, 0, 0, 2, 2, 8, 6, 4, 5, 1, 3};
    memset(f, 0, sizeof *f);
    f->index = 5;
    f->width = (uint8_t)(1 + walk_rand(s) % 16);
    f->height = (uint8_t)(walk_rand(s) % 4 ? f->width : 1 + walk_rand(s) % 16);
    int walls = (int)(walk_rand(s) % 45); /* percent of extra walls: sparse to dense */
    for (int i = 0; i < GROTTO_CELLS; i++)
        f->grid[i] = (int)(walk_rand(s) % 100) < walls ? 1 : codes[walk_rand(s) % sizeof codes];
    int room = walk_rand(s) % 8 != 0; /* mostly stairs inside the floor */
    int xm = room ? f->width : 16, ym = room ? f->height : 16;
    f->up = (grotto_xy){(uint8_t)(walk_rand(s) % (uint32_t)xm), (uint8_t)(walk_rand(s) % (uint32_t)ym)};
    f->down = (grotto_xy){(uint8_t)(walk_rand(s) % (uint32_t)xm), (uint8_t)(walk_rand(s) % (uint32_t)ym)};
    if (walk_rand(s) % 3) {
        f->grid[16 * f->up.y + f->up.x] = GROTTO_TILE_UP;
        f->grid[16 * f->down.y + f->down.x] = GROTTO_TILE_DOWN;
    }
}

static inline int walk_brute_open(const grotto_floor_t *f, int x, int y)
{
    if (x < 0 || y < 0 || x >= f->width || y >= f->height)
        return 0;
    uint8_t t = f->grid[16 * y + x];
    return t != 1 && t != 3;
}

static inline uint16_t walk_brute(const grotto_floor_t *f)
{
    if (f->width < 1 || f->width > 16 || f->height < 1 || f->height > 16)
        return GROTTO_WALK_NONE;
    if (f->up.x == f->down.x && f->up.y == f->down.y)
        return 0;
    if (f->up.x >= f->width || f->up.y >= f->height || f->down.x >= f->width || f->down.y >= f->height)
        return GROTTO_WALK_NONE;
    unsigned dist[256];
    for (int i = 0; i < 256; i++)
        dist[i] = 0xFFFFu;
    dist[16 * f->up.y + f->up.x] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++) {
                if (dist[16 * y + x] == 0xFFFFu)
                    continue;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        if ((!dx && !dy) || !walk_brute_open(f, x + dx, y + dy))
                            continue;
                        if (dx && dy && !(walk_brute_open(f, x + dx, y) && walk_brute_open(f, x, y + dy)))
                            continue;
                        unsigned d = dist[16 * y + x] + (dx && dy ? 3u : 2u);
                        if (d < dist[16 * (y + dy) + x + dx]) {
                            dist[16 * (y + dy) + x + dx] = d;
                            changed = 1;
                        }
                    }
            }
    }
    return (uint16_t)dist[16 * f->down.y + f->down.x];
}

#endif
