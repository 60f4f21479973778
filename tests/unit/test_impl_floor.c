/* impl/ floor generator and analysis against the golden floor sample and the
 * worked examples of floor-generation.md §13. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/record.h"
#include "corpus.h"
#include "impl.h"

typedef struct {
    long lines;
    long record_bad, digest_bad, ghosts_bad, unreach_bad, down_bad, regions_bad, fields_bad;
    long overflow_floors, with_ghosts, with_regions, with_unreachable;
} floor_ctx;

static int xy_list_eq(const json_t *arr, const grotto_xy *xy, int n)
{
    if (!json_is_array(arr) || (int)json_array_size(arr) != n)
        return 0;
    for (int i = 0; i < n; i++) {
        const json_t *p = json_array_get(arr, (size_t)i);
        if (!p || json_array_size(p) != 2 || (int)jlong(json_array_get(p, 0)) != xy[i].x || (int)jlong(json_array_get(p, 1)) != xy[i].y)
            return 0;
    }
    return 1;
}

static void check_floor_line(const json_t *line, void *vctx)
{
    floor_ctx *c = vctx;
    c->lines++;
    uint32_t seed = (uint32_t)jint(line, "seed");
    int k = (int)jint(line, "floor");
    uint8_t want[GROTTO_FLOOR_RECORD_SIZE];
    long n = hex_decode(jstr(line, "record"), want, sizeof want);
    cr_assert_eq(n, GROTTO_FLOOR_RECORD_SIZE, "bad golden record for %u:%d", seed, k);

    grotto_floor_t f;
    cr_assert_eq(grotto_engine_impl.floor(seed, k, &f), 0);
    uint8_t got[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&f, got);
    long i = first_difference(got, want, sizeof got);
    if (i >= 0) {
        if (c->record_bad < 5)
            fprintf(stderr, "floor %04X:%d record differs at byte %ld (got %u want %u)\n", seed, k, i, got[i],
                    want[i]);
        c->record_bad++;
    }
    char hex[17];
    digest_hex(got, sizeof got, hex);
    if (strcmp(hex, jstr(line, "digest")) != 0)
        c->digest_bad++;
    if (f.width != jint(line, "w") || f.height != jint(line, "h") || f.overflow != jint(line, "flags"))
        c->fields_bad++;
    c->overflow_floors += f.overflow;

    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    if (!xy_list_eq(json_object_get(line, "ghosts"), a.ghost, a.ghost_count))
        c->ghosts_bad++;
    if (a.unreachable_chests != jint(line, "unreachable_chests"))
        c->unreach_bad++;
    if (a.down_unreachable != jint(line, "down_unreachable"))
        c->down_bad++;
    const json_t *regs = json_object_get(line, "isolated_regions");
    int ok = json_is_array(regs) && json_array_size(regs) == a.region_count;
    for (size_t i = 0; ok && i < json_array_size(regs); i++)
        ok = (int)jlong(json_array_get(regs, i)) == a.region_size[i];
    if (!ok)
        c->regions_bad++;
    c->with_ghosts += a.ghost_count > 0;
    c->with_regions += a.region_count > 0;
    c->with_unreachable += a.unreachable_chests > 0;

    /* facts agree with the analysis */
    grotto_floor_t f2;
    grotto_floor_facts fa;
    cr_assert_eq(grotto_engine_impl.facts(seed, k, &f2, &fa), 0);
    cr_assert_eq(memcmp(&f, &f2, sizeof f), 0);
    cr_assert_eq(fa.ghost_count, a.ghost_count);
    cr_assert_eq(fa.unreachable_chests, a.unreachable_chests);
    cr_assert_eq(fa.down_unreachable, a.down_unreachable);
    cr_assert_eq(fa.region_count, a.region_count);
}

Test(impl_floor, golden_sample)
{
    floor_ctx c = {0};
    long lines = corpus_each_line("golden/floors-sample.jsonl", check_floor_line, &c);
    fprintf(stderr,
            "impl floors-sample: %ld floors checked; mismatches: record %ld, digest %ld, fields %ld, "
            "ghosts %ld, unreachable_chests %ld, down_unreachable %ld, isolated_regions %ld\n"
            "  (overflow floors %ld, floors with ghosts %ld, with pockets %ld, with unreachable chests %ld)\n",
            c.lines, c.record_bad, c.digest_bad, c.fields_bad, c.ghosts_bad, c.unreach_bad, c.down_bad,
            c.regions_bad, c.overflow_floors, c.with_ghosts, c.with_regions, c.with_unreachable);
    cr_assert_eq(lines, 6157, "expected 6157 golden floors, read %ld", lines);
    cr_assert_eq(c.record_bad + c.digest_bad + c.fields_bad + c.ghosts_bad + c.unreach_bad + c.down_bad +
                     c.regions_bad,
                 0);
    cr_assert_eq(c.overflow_floors, 8, "the sample holds every overflow floor (8)");
}

/* ---- §13 examples ---- */

static void check_grid(const grotto_floor_t *f, const char *const *rows)
{
    for (int y = 0; y < f->height; y++) {
        cr_assert_eq((int)strlen(rows[y]), f->width);
        for (int x = 0; x < f->width; x++)
            cr_assert_eq(grotto_tile_at(f, x, y), rows[y][x] - '0', "cell (%d,%d)", x, y);
    }
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            if (x >= f->width || y >= f->height)
                cr_assert_eq(grotto_tile_at(f, x, y), 1, "outside cell (%d,%d) must stay wall", x, y);
}

static void check_xy(grotto_xy p, int x, int y)
{
    cr_assert(p.x == x && p.y == y, "(%d,%d) expected (%d,%d)", p.x, p.y, x, y);
}

static const char *const grid_a[] = {"1111111111", "1111131111", "1045222601", "1148131441", "1332331211",
                                     "1112133221", "1164131121", "1144131481", "1110131461", "1111111111"};

Test(impl_floor, example_a_5bc3_floor4)
{
    grotto_floor_t f;
    cr_assert_eq(grotto_engine_impl.floor(0x5BC3, 4, &f), 0);
    cr_assert_eq(f.width, 10);
    check_grid(&f, grid_a);
    check_xy(f.up, 7, 8);
    check_xy(f.down, 3, 2);
    cr_assert_eq(f.overflow, 1);
    cr_assert_eq(f.chest_count, 3);
    check_xy(f.chest[0], 8, 8);
    check_xy(f.chest[1], 2, 6);
    check_xy(f.chest[2], 7, 2);
    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    static const grotto_xy ghosts[] = {{2, 2}, {2, 3}, {7, 3}, {8, 3}, {3, 6}, {2, 7}, {3, 7}, {7, 7}};
    cr_assert_eq(a.ghost_count, 8);
    for (int i = 0; i < 8; i++)
        check_xy(a.ghost[i], ghosts[i].x, ghosts[i].y);
    cr_assert_eq(a.unreachable_chests, 0);
    cr_assert_eq(a.down_unreachable, 0);
    cr_assert_eq(a.region_count, 0);
    /* HW-1: the final up stairs sit next to a chest */
    cr_assert_eq(a.up_next_to_chest, 1);
    fprintf(stderr, "example A softlock: near %u far %u down_cut %u\n", a.softlock_near, a.softlock_far,
            a.softlock_down_cut);
    cr_assert(a.softlock_near + a.softlock_far > 0);
}

Test(impl_floor, companion_5bc4_floor3)
{
    grotto_floor_t f, a4;
    cr_assert_eq(grotto_engine_impl.floor(0x5BC4, 3, &f), 0);
    cr_assert_eq(grotto_engine_impl.floor(0x5BC3, 4, &a4), 0);
    cr_assert_eq(f.index, 3);
    cr_assert_eq(f.overflow, 1);
    check_xy(f.up, 7, 8);
    check_xy(f.down, 3, 2);
    cr_assert_eq(f.chest_count, 3);
    check_xy(f.chest[0], 8, 8);
    check_xy(f.chest[1], 7, 2);
    check_xy(f.chest[2], 8, 7);
    /* same layout as example A except the chest cells */
    for (int i = 0; i < 256; i++) {
        int ca = a4.grid[i] == 6, cb = f.grid[i] == 6;
        if (!ca && !cb)
            cr_assert_eq(f.grid[i], a4.grid[i]);
    }
    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    cr_assert_eq(a.up_next_to_chest, 1);
    /* header bytes of §13.2 (9..11 zeroed) map to the record fields */
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&f, rec);
    static const uint8_t hdr[] = {3, 10, 10, 1, 7, 8, 3, 2, 3, 8, 8, 7, 2, 8, 7, 0};
    cr_assert_eq(memcmp(rec, hdr, 16), 0);
}

static const char *const grid_b[] = {"11111111111", "18048211111", "10400228811", "18800310801",
                                     "11210311111", "13222233331", "11808810111", "11000050111",
                                     "11800808111", "11001110111", "11111111111"};

Test(impl_floor, example_b_0000_floor1)
{
    grotto_floor_t f;
    cr_assert_eq(grotto_engine_impl.floor(0, 1, &f), 0);
    cr_assert_eq(f.width, 11);
    check_grid(&f, grid_b);
    check_xy(f.up, 2, 2);
    check_xy(f.down, 6, 7);
    cr_assert_eq(f.chest_count, 0);
    cr_assert_eq(f.overflow, 0);
    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    cr_assert_eq(a.ghost_count, 1);
    check_xy(a.ghost[0], 3, 1);
    cr_assert_eq(a.region_count, 0);
    cr_assert_eq(a.down_unreachable, 0);
}

static const char *const grid_c[] = {"1111111111111111", "1111101311131111", "1800882200001011", "1088000208820881",
                                     "1322033228422811", "1112011228821081", "1118000310021051", "1008161318022881",
                                     "1332233312031121", "1110211312033221", "1110801312031201", "1110081332230801",
                                     "1110000311831081", "1108181318831001", "1111011310831111", "1111111111111111"};

Test(impl_floor, example_c_0346_floor16_chamber)
{
    grotto_floor_t f;
    cr_assert_eq(grotto_engine_impl.floor(0x0346, 16, &f), 0);
    check_grid(&f, grid_c);
    check_xy(f.up, 10, 4);
    check_xy(f.down, 14, 6);
    cr_assert_eq(f.chest_count, 1);
    check_xy(f.chest[0], 5, 7);
    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    cr_assert_eq(a.region_count, 1);
    cr_assert_eq(a.region_size[0], 1);
    check_xy(a.region_first[0], 4, 14);
    cr_assert_eq(a.ghost_count, 0);
    cr_assert_eq(a.unreachable_chests, 0);
    cr_assert_eq(a.down_unreachable, 0);
    /* the same floor seed 0x356 at size 16 */
    static const struct { uint32_t s; int k; } same[] = {{0x347, 15}, {0x348, 14}, {0x349, 13}};
    for (int i = 0; i < 3; i++) {
        grotto_floor_t g;
        cr_assert_eq(grotto_engine_impl.floor(same[i].s, same[i].k, &g), 0);
        check_xy(g.up, 10, 4);
        check_xy(g.down, 14, 6);
    }
}

static const char *const grid_d[] = {"1111111111111111", "1011111111311111", "1080081111310111", "1000000001318111",
                                     "1800001011228111", "1810411882210011", "1222222233300801", "1112113100310211",
                                     "1188222106311211", "1180112288322231", "1121113111381011", "1322222222280081",
                                     "1110201211385081", "1110800801311001", "1118000081361081", "1111111111111111"};

Test(impl_floor, example_d_038e_floor16_nipple)
{
    grotto_floor_t f;
    cr_assert_eq(grotto_engine_impl.floor(0x038E, 16, &f), 0);
    check_grid(&f, grid_d);
    check_xy(f.up, 4, 5);
    check_xy(f.down, 12, 12);
    cr_assert_eq(f.chest_count, 2);
    check_xy(f.chest[0], 9, 8);
    check_xy(f.chest[1], 11, 14);
    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    cr_assert_eq(a.unreachable_chests, 1);
    cr_assert_eq(a.chest_unreachable[0], 0);
    cr_assert_eq(a.chest_unreachable[1], 1);
    cr_assert_eq(a.region_count, 0);
    cr_assert_eq(a.down_unreachable, 0);
}

Test(impl_floor, sizes_and_domain)
{
    static const int s0[16] = {11, 12, 13, 14, 13, 14, 15, 12, 14, 15, 16, 14, 16, 16, 16, 16};
    static const int s5bc3[16] = {12, 13, 14, 10, 12, 13, 14, 15, 15, 16, 14, 15, 16, 16, 16, 16};
    static const int sffff[16] = {11, 12, 13, 14, 12, 13, 14, 15, 14, 15, 16, 14, 16, 16, 16, 16};
    grotto_floor_t f;
    for (int k = 1; k <= 16; k++) {
        cr_assert_eq(grotto_engine_impl.floor(0, k, &f), 0);
        cr_assert_eq(f.width, s0[k - 1]);
        cr_assert_eq(grotto_engine_impl.floor(0x5BC3, k, &f), 0);
        cr_assert_eq(f.width, s5bc3[k - 1]);
        cr_assert_eq(grotto_engine_impl.floor(0xFFFF, k, &f), 0);
        cr_assert_eq(f.width, sffff[k - 1]);
        cr_assert_eq(f.chest_count == 0, k <= 2);
    }
    cr_assert_eq(grotto_engine_impl.floor(0, 0, &f), -1);
    cr_assert_eq(grotto_engine_impl.floor(0, 17, &f), -1);
}

/* The sweep makes chests, masks and facts once per layout and chest class
 * (impl_chest_class) and copies them to the class's other floors. The
 * classes, and the premise as the per-floor generator sees it: floors made
 * from one generator input T = S + k in one size band, with k of one class,
 * are the same floor but for the index byte (record byte 0). (That the
 * reference agrees, floor by floor, is the oracle's floors domain.) */
Test(impl_floor, chest_classes_share_chests)
{
    static const int cls[17] = {-1, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    for (int k = 1; k <= 16; k++)
        cr_assert_eq(impl_chest_class(k), cls[k], "class of k = %d", k);
    long pairs = 0, with_chests = 0;
    for (uint32_t T = 20; T < 20 + 3000; T += 7) {
        for (int k0 = 1; k0 <= 13; k0 += 4) {
            uint8_t first[2][GROTTO_FLOOR_RECORD_SIZE];
            int have[3] = {0, 0, 0};
            for (int k = k0; k < k0 + 4; k++) {
                grotto_floor_t f;
                uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
                cr_assert_eq(grotto_engine_impl.floor(T - (uint32_t)k, k, &f), 0);
                grotto_floor_record(&f, rec);
                int c = cls[k];
                if (c == 0)
                    continue;
                if (!have[c]) {
                    memcpy(first[c - 1], rec, sizeof rec);
                    have[c] = 1;
                    with_chests += f.chest_count > 0;
                    continue;
                }
                cr_assert_eq(memcmp(first[c - 1] + 1, rec + 1, sizeof rec - 1), 0, "T %u: k = %d", T, k);
                pairs++;
            }
        }
    }
    fprintf(stderr, "chest classes: %ld floor pairs of one input and class compared\n", pairs);
    cr_assert_gt(pairs, 2000);
    cr_assert_gt(with_chests, 1000);
}
