/* floor-generation.md §12 detection rules and the HW-1 softlock report,
 * on the real floors of corpus/golden/floors-sample.jsonl. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/floor.h"
#include "grotto/record.h"
#include "corpus.h"

static void decode_line(const json_t *line, grotto_floor_t *f)
{
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    const char *hex = jstr(line, "record");
    cr_assert(hex && hex_decode(hex, rec, sizeof rec) == GROTTO_FLOOR_RECORD_SIZE);
    cr_assert_eq(grotto_floor_from_record(rec, f), 0);
}

/* One floor of floors-sample by (seed, floor). */
typedef struct lookup {
    long seed, floor;
    int found;
    grotto_floor_t f;
} lookup;

static void find_floor(const json_t *line, void *ctx)
{
    lookup *l = ctx;
    if (jint(line, "seed") == l->seed && jint(line, "floor") == l->floor) {
        decode_line(line, &l->f);
        l->found = 1;
    }
}

static grotto_floor_t golden_floor(long seed, long floor)
{
    static lookup l;
    l.seed = seed;
    l.floor = floor;
    l.found = 0;
    cr_assert_gt(corpus_each_line("golden/floors-sample.jsonl", find_floor, &l), 0);
    cr_assert(l.found, "seed %#lx floor %ld not in floors-sample", seed, floor);
    return l.f;
}

/* The decoded grid equals the grid printed in the spec (W x H part). */
static void expect_grid(const grotto_floor_t *f, const char *const rows[])
{
    for (int y = 0; y < f->height; y++)
        for (int x = 0; x < f->width; x++)
            cr_expect_eq(grotto_tile_at(f, x, y), rows[y][x] - '0', "tile (%d,%d)", x, y);
}

/* Independent softlock count: grow the set reached from the up stairs by
 * repeated sweeps (not a queue) until it is stable; chests, walls and
 * partitions are solid. */
static void softlock_by_sweeps(const grotto_floor_t *f, int *near, int *far, int *down_cut)
{
    uint8_t in[GROTTO_CELLS] = {0};
    in[16 * f->up.y + f->up.x] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int y = 0; y < f->height; y++)
            for (int x = 0; x < f->width; x++) {
                int t = grotto_tile_at(f, x, y);
                if (in[16 * y + x] || t == 1 || t == 3 || t == 6)
                    continue;
                if ((x > 0 && in[16 * y + x - 1]) || (x + 1 < f->width && in[16 * y + x + 1]) ||
                    (y > 0 && in[16 * (y - 1) + x]) || (y + 1 < f->height && in[16 * (y + 1) + x])) {
                    in[16 * y + x] = 1;
                    changed = 1;
                }
            }
    }
    *near = *far = 0;
    for (int y = 0; y < f->height; y++)
        for (int x = 0; x < f->width; x++) {
            int t = grotto_tile_at(f, x, y);
            if (in[16 * y + x])
                ++*near;
            else if (t != 1 && t != 3 && t != 6)
                ++*far;
        }
    *down_cut = !in[16 * f->down.y + f->down.x];
}

/* ------------------------------------------------------------------ */
/* Every floor of floors-sample                                        */
/* ------------------------------------------------------------------ */

typedef struct sweep {
    long floors, bad;
    long ghost_floors, ghosts, nipple_floors, down_cut_floors, chamber_floors, regions;
    long up_next_to_chest, softlock_down_cut, both, softlock_bad;
} sweep;

static void check_floor(const json_t *line, void *ctx)
{
    sweep *s = ctx;
    grotto_floor_t f;
    grotto_floor_analysis a;
    decode_line(line, &f);
    grotto_floor_analyse(&f, &a);
    long seed = jint(line, "seed"), n = jint(line, "floor");
    int bad = 0;

    /* ghosts: positions and order */
    const json_t *ghosts = json_object_get(line, "ghosts");
    if (!ghosts || json_array_size(ghosts) != a.ghost_count) {
        bad = 1;
    } else {
        for (size_t i = 0; i < json_array_size(ghosts); i++) {
            const json_t *p = json_array_get(ghosts, i);
            if (json_array_size(p) != 2 || a.ghost[i].x != (int)jlong(json_array_get(p, 0)) || a.ghost[i].y != (int)jlong(json_array_get(p, 1)))
                bad = 1;
        }
    }

    if (a.unreachable_chests != jint(line, "unreachable_chests"))
        bad = 1;
    if (a.down_unreachable != jint(line, "down_unreachable"))
        bad = 1;

    /* regions: sizes in row-major order of first tile */
    const json_t *regions = json_object_get(line, "isolated_regions");
    if (!regions || json_array_size(regions) != a.region_count) {
        bad = 1;
    } else {
        for (size_t i = 0; i < json_array_size(regions); i++)
            if (a.region_size[i] != (int)jlong(json_array_get(regions, i)))
                bad = 1;
        for (size_t i = 1; i < json_array_size(regions); i++)
            if (16 * a.region_first[i].y + a.region_first[i].x <=
                16 * a.region_first[i - 1].y + a.region_first[i - 1].x)
                bad = 1;
    }

    /* internal consistency: per-chest flags, reached marks */
    int per_chest = 0, marks = 0;
    for (int i = 0; i < f.chest_count; i++)
        per_chest += a.chest_unreachable[i];
    for (int c = 0; c < GROTTO_CELLS; c++) {
        marks += a.reached[c];
        if (a.reached[c] && (c % 16 >= f.width || c / 16 >= f.height))
            bad = 1;
    }
    if (per_chest != a.unreachable_chests || marks != a.reached_count)
        bad = 1;

    /* softlock report against the independent count */
    int near, far, down_cut;
    softlock_by_sweeps(&f, &near, &far, &down_cut);
    if (a.softlock_near != near || a.softlock_far != far || a.softlock_down_cut != down_cut) {
        if (s->softlock_bad++ < 5)
            fprintf(stderr, "softlock %#lx B%ldF: near %d far %d cut %d; sweeps %d %d %d\n", seed, n,
                    a.softlock_near, a.softlock_far, a.softlock_down_cut, near, far, down_cut);
    }
    /* with no chest in the way the softlock flood is the main flood minus chests */
    if (f.chest_count == 0 && a.softlock_near != a.reached_count)
        bad = 1;

    if (bad && s->bad++ < 10)
        fprintf(stderr, "analysis mismatch: seed %#lx floor %ld (ghosts %d, nipples %d, down %d, regions %d)\n",
                seed, n, a.ghost_count, a.unreachable_chests, a.down_unreachable, a.region_count);
    s->floors++;
    s->ghost_floors += a.ghost_count > 0;
    s->ghosts += a.ghost_count;
    s->nipple_floors += a.unreachable_chests > 0;
    s->down_cut_floors += a.down_unreachable;
    s->chamber_floors += a.region_count > 0;
    s->regions += a.region_count;
    s->up_next_to_chest += a.up_next_to_chest;
    s->softlock_down_cut += a.softlock_down_cut;
    s->both += a.up_next_to_chest && a.softlock_down_cut;
}

Test(analysis_golden, every_floor_of_floors_sample, .timeout = 240)
{
    static sweep s;
    long lines = corpus_each_line("golden/floors-sample.jsonl", check_floor, &s);
    fprintf(stderr,
            "analysis_golden: %ld floors checked, %ld mismatches; %ld with ghosts (%ld ghosts), %ld with "
            "unreachable chests, %ld with unreachable down stairs, %ld with chambers (%ld regions)\n",
            s.floors, s.bad, s.ghost_floors, s.ghosts, s.nipple_floors, s.down_cut_floors, s.chamber_floors,
            s.regions);
    fprintf(stderr,
            "analysis_golden: softlock report: %ld floors with up stairs next to a chest, %ld with the down "
            "stairs cut off by chests, %ld with both, %ld disagreements with the sweep count\n",
            s.up_next_to_chest, s.softlock_down_cut, s.both, s.softlock_bad);
    cr_expect_eq(lines, 6157);
    cr_expect_eq(s.floors, 6157);
    cr_expect_eq(s.bad, 0);
    cr_expect_eq(s.softlock_bad, 0);
}

/* ------------------------------------------------------------------ */
/* The spec's examples                                                  */
/* ------------------------------------------------------------------ */

Test(analysis_examples, C_chamber_0346_B16F)
{
    static const char *const grid[] = {
        "1111111111111111", "1111101311131111", "1800882200001011", "1088000208820881",
        "1322033228422811", "1112011228821081", "1118000310021051", "1008161318022881",
        "1332233312031121", "1110211312033221", "1110801312031201", "1110081332230801",
        "1110000311831081", "1108181318831001", "1111011310831111", "1111111111111111",
    };
    grotto_floor_t f = golden_floor(0x0346, 16);
    grotto_floor_analysis a;
    expect_grid(&f, grid);
    grotto_floor_analyse(&f, &a);
    cr_expect_eq(a.ghost_count, 0);
    cr_expect_eq(a.region_count, 1);
    cr_expect_eq(a.region_size[0], 1);
    cr_expect(a.region_first[0].x == 4 && a.region_first[0].y == 14, "region at (%d,%d)", a.region_first[0].x,
              a.region_first[0].y);
    cr_expect_eq(a.unreachable_chests, 0);
    cr_expect_eq(a.down_unreachable, 0);
    /* up (10,4) is not next to the chest (5,7): nothing is cut by chests */
    cr_expect_eq(a.up_next_to_chest, 0);
    cr_expect_eq(a.softlock_down_cut, 0);
}

Test(analysis_examples, D_nipple_038E_B16F)
{
    static const char *const grid[] = {
        "1111111111111111", "1011111111311111", "1080081111310111", "1000000001318111",
        "1800001011228111", "1810411882210011", "1222222233300801", "1112113100310211",
        "1188222106311211", "1180112288322231", "1121113111381011", "1322222222280081",
        "1110201211385081", "1110800801311001", "1118000081361081", "1111111111111111",
    };
    grotto_floor_t f = golden_floor(0x038E, 16);
    grotto_floor_analysis a;
    expect_grid(&f, grid);
    grotto_floor_analyse(&f, &a);
    cr_expect_eq(f.chest_count, 2);
    cr_expect(f.chest[1].x == 11 && f.chest[1].y == 14);
    cr_expect_eq(a.chest_unreachable[0], 0);
    cr_expect_eq(a.chest_unreachable[1], 1, "chest 1 at (11,14) is a nipple");
    cr_expect_eq(a.unreachable_chests, 1);
    cr_expect_eq(a.down_unreachable, 0);
    cr_expect_eq(a.region_count, 0);
    cr_expect_eq(a.ghost_count, 0);
}

/* Example A (5BC3 B4F) and its companion (5BC4 B3F): same stairs and ghosts. */
static void expect_example_a_common(const grotto_floor_t *f, const grotto_floor_analysis *a)
{
    static const int ghosts[8][2] = {{2, 2}, {2, 3}, {7, 3}, {8, 3}, {3, 6}, {2, 7}, {3, 7}, {7, 7}};
    cr_expect_eq(f->overflow, 1);
    cr_expect(f->up.x == 7 && f->up.y == 8);
    cr_expect(f->down.x == 3 && f->down.y == 2);
    cr_assert_eq(a->ghost_count, 8);
    for (int i = 0; i < 8; i++)
        cr_expect(a->ghost[i].x == ghosts[i][0] && a->ghost[i].y == ghosts[i][1], "ghost %d (%d,%d)", i,
                  a->ghost[i].x, a->ghost[i].y);
    /* §13.1: every chest reachable, down stairs reachable, no chamber */
    cr_expect_eq(a->unreachable_chests, 0);
    cr_expect_eq(a->down_unreachable, 0);
    cr_expect_eq(a->region_count, 0);
    /* HW-1: the up stairs (7,8) sit next to the chest (8,8) */
    cr_expect_eq(grotto_tile_at(f, 8, 8), GROTTO_TILE_CHEST);
    cr_expect_eq(a->up_next_to_chest, 1);
    cr_expect_eq(a->softlock_down_cut, 1, "the down stairs (3,2) are cut off");
}

/* The report's figures, the hand count of the comment, and the independent
 * count by repeated sweeps must all agree; the down stairs are cut off. */
static void expect_softlock(const grotto_floor_t *f, const grotto_floor_analysis *a, const char *label, int want_near,
                            int want_far)
{
    int near, far, cut;
    softlock_by_sweeps(f, &near, &far, &cut);
    fprintf(stderr, "softlock %s: near %d, far %d, down cut %d\n", label, a->softlock_near, a->softlock_far,
            a->softlock_down_cut);
    cr_expect_eq(a->softlock_near, want_near, "%s", label);
    cr_expect_eq(a->softlock_far, want_far, "%s", label);
    cr_expect_eq(near, a->softlock_near, "%s", label);
    cr_expect_eq(far, a->softlock_far, "%s", label);
    cr_expect_eq(cut, 1, "%s", label);
    cr_expect_eq(a->softlock_near + a->softlock_far, 24, "%s: walkable non-chest tiles", label);
}

Test(analysis_softlock, A_5BC3_B4F)
{
    static const char *const grid[] = {
        "1111111111", "1111131111", "1045222601", "1148131441", "1332331211",
        "1112133221", "1164131121", "1144131481", "1110131461", "1111111111",
    };
    grotto_floor_t f = golden_floor(0x5BC3, 4);
    grotto_floor_analysis a;
    expect_grid(&f, grid);
    grotto_floor_analyse(&f, &a);
    expect_example_a_common(&f, &a);

    /* Walkable non-chest tiles (hand count by row): row 2: 7, row 3: 4,
     * row 4: 2, row 5: 3, row 6: 2, row 7: 4, row 8: 2 -> 24.
     * Near side, from (7,8): (7,8) (7,7) (8,7) (8,6) (8,5) (7,5) (7,4) (7,3)
     * (8,3) (8,2) = 10; the chest (7,2) cuts off the rest: far = 14, i.e.
     * (1..6,2) (2,3) (3,3) (3,4) (3,5) (3,6) (2,7) (3,7) (3,8), with the
     * down stairs (3,2). */
    expect_softlock(&f, &a, "5BC3 B4F", 10, 14);
}

Test(analysis_softlock, companion_5BC4_B3F)
{
    static const char *const grid[] = {
        "1111111111", "1111131111", "1045222601", "1148131441", "1332331211",
        "1112133221", "1104131121", "1144131461", "1110131461", "1111111111",
    };
    grotto_floor_t f = golden_floor(0x5BC4, 3);
    grotto_floor_analysis a;
    expect_grid(&f, grid);
    grotto_floor_analyse(&f, &a);
    expect_example_a_common(&f, &a);

    /* Chests (8,8), (7,2), (8,7): the up stairs (7,8) and the ghost (7,7)
     * are boxed in: near = 2. Walkable non-chest: 7 + 4 + 2 + 3 + 3 + 3 + 2
     * = 24, so far = 22. */
    expect_softlock(&f, &a, "5BC4 B3F", 2, 22);
}

Test(analysis_softlock, up_not_next_to_a_chest)
{
    /* 0x0000 B1F: no chests (floor 1), so nothing is cut. */
    grotto_floor_t f = golden_floor(0x0000, 1);
    grotto_floor_analysis a;
    grotto_floor_analyse(&f, &a);
    cr_expect_eq(f.chest_count, 0);
    cr_expect_eq(a.up_next_to_chest, 0);
    cr_expect_eq(a.softlock_down_cut, 0);
    cr_expect_eq(a.softlock_near, a.reached_count);
    int walkable = 0;
    for (int y = 0; y < f.height; y++)
        for (int x = 0; x < f.width; x++)
            walkable += grotto_tile_walkable(grotto_tile_at(&f, x, y));
    cr_expect_eq(a.softlock_near + a.softlock_far, walkable);
    cr_expect_eq(a.ghost_count, 1);
    cr_expect(a.ghost[0].x == 3 && a.ghost[0].y == 1);
}

Test(analysis_rules, flood_start_accepted_whatever_its_tile)
{
    /* Up stairs written over a wall cell's code: the flood still starts there. */
    grotto_floor_t f;
    memset(&f, 0, sizeof f);
    memset(f.grid, GROTTO_TILE_WALL, sizeof f.grid);
    f.index = 5;
    f.width = f.height = 10;
    f.up = (grotto_xy){2, 2};
    f.down = (grotto_xy){4, 2};
    f.grid[16 * 2 + 2] = GROTTO_TILE_WALL;  /* start tile blocked */
    f.grid[16 * 2 + 3] = GROTTO_TILE_CORRIDOR;
    f.grid[16 * 2 + 4] = GROTTO_TILE_DOWN;
    f.grid[16 * 5 + 5] = GROTTO_TILE_DOOR;  /* a pocket of one door */
    f.grid[16 * 7 + 5] = GROTTO_TILE_UP;    /* ghost splitting a pocket */
    f.grid[16 * 6 + 5] = GROTTO_TILE_FLOOR;
    f.grid[16 * 8 + 5] = GROTTO_TILE_FLOOR;
    f.grid[16 * 8 + 12] = GROTTO_TILE_FLOOR; /* outside W x H: ignored */
    grotto_floor_analysis a;
    grotto_floor_analyse(&f, &a);
    cr_expect_eq(a.reached_count, 3);
    cr_expect_eq(a.down_unreachable, 0);
    cr_expect_eq(a.ghost_count, 1);
    /* regions: (5,5)-(5,6) size 2, then (5,8) size 1: the ghost (5,7) splits them */
    cr_assert_eq(a.region_count, 2);
    cr_expect_eq(a.region_size[0], 2);
    cr_expect(a.region_first[0].x == 5 && a.region_first[0].y == 5);
    cr_expect_eq(a.region_size[1], 1);
    cr_expect(a.region_first[1].x == 5 && a.region_first[1].y == 8);
    /* out->reached keeps the main flood's marks only */
    cr_expect_eq(a.reached[16 * 5 + 5], 0);
}
