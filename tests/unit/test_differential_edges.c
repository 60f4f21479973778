/* ref vs impl at the edges of the generator's domain that the golden corpus
 * does not cover: seeds above the game's 0x7FFF (the tool's search accepts
 * 0xFFFF; the generator is defined for any 32-bit seed, floor-generation.md
 * §2) and seeds where S + k wraps past 2^32. Both must agree byte for byte,
 * and with the analyses. */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/record.h"

static void expect_same_floor(uint32_t seed, int k)
{
    grotto_floor_t a, b;
    cr_assert_eq(grotto_engine_ref.floor(seed, k, &a), 0);
    cr_assert_eq(grotto_engine_impl.floor(seed, k, &b), 0);
    uint8_t ra[GROTTO_FLOOR_RECORD_SIZE], rb[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&a, ra);
    grotto_floor_record(&b, rb);
    cr_assert_eq(memcmp(ra, rb, sizeof ra), 0, "seed %#x floor %d", seed, k);
    grotto_floor_analysis x, y;
    grotto_engine_ref.analyse(&a, &x);
    grotto_engine_impl.analyse(&b, &y);
    cr_expect_eq(x.ghost_count, y.ghost_count, "seed %#x floor %d", seed, k);
    cr_expect_eq(x.region_count, y.region_count, "seed %#x floor %d", seed, k);
    cr_expect_eq(x.unreachable_chests, y.unreachable_chests, "seed %#x floor %d", seed, k);
    cr_expect_eq(x.softlock_near, y.softlock_near, "seed %#x floor %d", seed, k);
}

Test(edges, sixteen_bit_seeds_with_overflow_floors)
{
    /* the other two overflow floor seeds of 0..0xFFFF (floor-generation.md §14) */
    const uint32_t seeds[] = {0x98EF, 0x98F0, 0x98F1, 0x98F2, 0xDF6C, 0xDF6D, 0xDF6E, 0xDF6F};
    for (int i = 0; i < 8; i++) {
        grotto_floor_t f;
        int k = 4 - i % 4;
        grotto_engine_ref.floor(seeds[i], k, &f);
        cr_expect_eq(f.overflow, 1, "seed %#x floor %d enters overflow mode", seeds[i], k);
        expect_same_floor(seeds[i], k);
    }
}

Test(edges, around_the_15_and_16_bit_limits)
{
    for (uint32_t seed = 0x7FF0; seed <= 0x8010; seed++)
        for (int k = 1; k <= 16; k++)
            expect_same_floor(seed, k);
    for (uint32_t seed = 0xFFF0; seed <= 0x10010; seed++)
        for (int k = 1; k <= 16; k++)
            expect_same_floor(seed, k);
}

Test(edges, seed_plus_floor_wrapping_past_2_pow_32)
{
    for (uint32_t seed = 0xFFFFFFE0u; seed != 0; seed++)
        for (int k = 1; k <= 16; k++)
            expect_same_floor(seed, k);
}

/* ---- hand-made floors: the detection rules (floor-generation.md §12,
 * hardware.md HW-1) read any floor the header allows, not only generated
 * ones - stairs and chests on the border, the up and down stairs on one
 * tile, a grid full of stair tiles, a chest walled in. ref and impl must
 * agree on every field of the analysis. */

static void expect_same_analysis(const grotto_floor_t *f, const char *what)
{
    grotto_floor_analysis x, y;
    grotto_engine_ref.analyse(f, &x);
    grotto_engine_impl.analyse(f, &y);
    cr_expect_eq(x.ghost_count, y.ghost_count, "%s: ghosts", what);
    for (int i = 0; i < x.ghost_count && i < GROTTO_MAX_GHOSTS; i++)
        cr_expect(x.ghost[i].x == y.ghost[i].x && x.ghost[i].y == y.ghost[i].y, "%s: ghost %d", what, i);
    cr_expect_eq(memcmp(x.reached, y.reached, sizeof x.reached), 0, "%s: reached tiles", what);
    cr_expect_eq(x.reached_count, y.reached_count, "%s: reached", what);
    cr_expect_eq(memcmp(x.chest_unreachable, y.chest_unreachable, sizeof x.chest_unreachable), 0, "%s", what);
    cr_expect_eq(x.unreachable_chests, y.unreachable_chests, "%s: unreachable chests", what);
    cr_expect_eq(x.down_unreachable, y.down_unreachable, "%s: down unreachable", what);
    cr_expect_eq(x.region_count, y.region_count, "%s: regions", what);
    for (int i = 0; i < x.region_count && i < GROTTO_MAX_REGIONS; i++) {
        cr_expect_eq(x.region_size[i], y.region_size[i], "%s: region %d", what, i);
        cr_expect(x.region_first[i].x == y.region_first[i].x && x.region_first[i].y == y.region_first[i].y,
                  "%s: region %d first tile", what, i);
    }
    cr_expect_eq(x.up_next_to_chest, y.up_next_to_chest, "%s: up next to chest", what);
    cr_expect_eq(x.softlock_near, y.softlock_near, "%s: softlock near", what);
    cr_expect_eq(x.softlock_far, y.softlock_far, "%s: softlock far", what);
    cr_expect_eq(x.softlock_down_cut, y.softlock_down_cut, "%s: softlock down cut", what);
}

static grotto_floor_t open_floor(uint8_t tile)
{
    grotto_floor_t f;
    memset(&f, 0, sizeof f);
    f.index = 3;
    f.width = f.height = 16;
    memset(f.grid, tile, sizeof f.grid);
    return f;
}

static void put(grotto_floor_t *f, int x, int y, uint8_t tile)
{
    f->grid[GROTTO_GRID * y + x] = tile;
}

static void stairs(grotto_floor_t *f, int ux, int uy, int dx, int dy)
{
    f->up = (grotto_xy){(uint8_t)ux, (uint8_t)uy};
    f->down = (grotto_xy){(uint8_t)dx, (uint8_t)dy};
    put(f, ux, uy, GROTTO_TILE_UP);
    put(f, dx, dy, GROTTO_TILE_DOWN);
}

static void chest(grotto_floor_t *f, int x, int y)
{
    f->chest[f->chest_count++] = (grotto_xy){(uint8_t)x, (uint8_t)y};
    put(f, x, y, GROTTO_TILE_CHEST);
}

Test(edges, hand_made_floors_analysed_alike)
{
    /* stairs in opposite corners, a chest beside each, one on the border */
    grotto_floor_t f = open_floor(GROTTO_TILE_FLOOR);
    stairs(&f, 0, 0, 15, 15);
    chest(&f, 1, 0);
    chest(&f, 15, 14);
    chest(&f, 0, 7);
    expect_same_analysis(&f, "corners");
    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    cr_expect_eq(a.up_next_to_chest, 1);
    cr_expect_eq(a.reached_count, 256);

    f = open_floor(GROTTO_TILE_FLOOR);
    stairs(&f, 15, 15, 0, 0);
    chest(&f, 15, 14);
    chest(&f, 14, 15);
    expect_same_analysis(&f, "up stairs in the far corner, walled in by chests");
    grotto_engine_impl.analyse(&f, &a);
    cr_expect_eq(a.softlock_near, 1, "only the up stairs' own tile");
    cr_expect_eq(a.softlock_down_cut, 1);

    /* up and down stairs on one tile; every other tile a stair tile */
    f = open_floor(GROTTO_TILE_DOWN);
    stairs(&f, 7, 7, 7, 7);
    put(&f, 7, 7, GROTTO_TILE_UP);
    expect_same_analysis(&f, "one stair tile for both, 255 ghosts");
    grotto_engine_impl.analyse(&f, &a);
    cr_expect_eq(a.ghost_count, 255);

    /* a chest and the down stairs walled off in a room of their own */
    f = open_floor(GROTTO_TILE_FLOOR);
    for (int i = 0; i < 16; i++) {
        put(&f, 10, i, GROTTO_TILE_WALL);
        put(&f, i, 10, GROTTO_TILE_PARTITION);
    }
    stairs(&f, 2, 2, 13, 13);
    chest(&f, 12, 12);
    chest(&f, 3, 2);
    chest(&f, 14, 3);
    expect_same_analysis(&f, "walled-off chests and down stairs");
    grotto_engine_impl.analyse(&f, &a);
    cr_expect_eq(a.down_unreachable, 1);
    cr_expect_eq(a.unreachable_chests, 2);
    cr_expect_eq(a.region_count, 3);

    /* a small floor: the rules read only width x height */
    f = open_floor(GROTTO_TILE_WALL);
    f.width = f.height = 10;
    for (int y = 1; y < 9; y++)
        for (int x = 1; x < 9; x++)
            put(&f, x, y, GROTTO_TILE_FLOOR);
    stairs(&f, 1, 1, 8, 8);
    chest(&f, 1, 2);
    expect_same_analysis(&f, "ten by ten");
}
