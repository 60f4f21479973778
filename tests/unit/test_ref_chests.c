/* ref/chests.c against chests.md §1-§4 and the golden corpus
 * (chest_ranks of corpus/golden/maps-sample.jsonl). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/rng.h"
#include "grotto/tables.h"
#include "testjson.h"

enum { ITEM_NONE = 0xFF };

/* Assertions in loops over thousands of vectors only fire on a mismatch,
 * so that --full-stats stays fast; the message carries both values. */
#define QUIET_EQ(got, want, fmt, ...)                                              \
    do {                                                                           \
        long got_ = (long)(got), want_ = (long)(want);                             \
        if (got_ != want_)                                                         \
            cr_expect_fail(fmt ": got %ld, want %ld", __VA_ARGS__, got_, want_);   \
    } while (0)


/* ---- §2: floor monster rank and the rank letters ------------------- */

Test(chests, floor_mr_2)
{
    cr_expect_eq(grotto_floor_mr(1, 1), 1);
    cr_expect_eq(grotto_floor_mr(1, 4), 1);
    cr_expect_eq(grotto_floor_mr(1, 5), 2);
    cr_expect_eq(grotto_floor_mr(3, 4), 3);
    cr_expect_eq(grotto_floor_mr(4, 10), 6);
    cr_expect_eq(grotto_floor_mr(7, 9), 9);
    cr_expect_eq(grotto_floor_mr(6, 14), 9);
    cr_expect_eq(grotto_floor_mr(9, 13), 12);
    cr_expect_eq(grotto_floor_mr(9, 16), 12);
    /* the cap at 12 */
    cr_expect_eq(grotto_floor_mr(10, 16), 12);
    cr_expect_eq(grotto_floor_mr(12, 16), 12);
    /* only ranks 1..12 and floors 1..16 (grotto/map.h) */
    cr_expect_eq(grotto_floor_mr(9, 17), -1);
    cr_expect_eq(grotto_floor_mr(9, 0), -1);
    cr_expect_eq(grotto_floor_mr(0, 1), -1);
    cr_expect_eq(grotto_floor_mr(13, 1), -1);
}

Test(chests, rank_letters_2)
{
    const char letters[] = "IHGFEDCBAS"; /* rank 1..10 */
    for (int r = 1; r <= 10; r++) {
        cr_expect_eq(gt_chest_tables[r].rank, r);
        cr_expect_eq(gt_chest_tables[r].letter, letters[r - 1], "rank %d", r);
        int sum = 0;
        for (int e = 0; e < gt_chest_tables[r].count; e++)
            sum += gt_chest_tables[r].entry[e].weight;
        cr_expect_eq(sum, 100, "rank %d weights", r); /* §3 */
    }
}

/* ---- §4 worked examples -------------------------------------------- */

typedef struct content_row {
    uint32_t t;
    uint32_t raw[3];
    int v[3];
    uint8_t item[3];
    const char *en[3];
    const char *jp[3]; /* NULL where the spec gives none */
} content_row;

typedef struct chest_example {
    uint32_t seed;
    int n, smr, count, lo, hi;
    uint32_t raw[9];   /* 2*count discarded draws, then one per chest */
    uint8_t rank[3];
    int rows;
    content_row row[2];
} chest_example;

static const chest_example EXAMPLES[] = {
    /* Example 1: rank 0x02, seed 0x0032, floor 3 */
    {0x0032, 3, 1, 2, 1, 2, {7694, 8070, 16652, 7613, 22030, 7869}, {2, 1}, 2,
     {{0, {7694, 8070}, {23, 24}, {34, 16}, {"Angel bell", "Magic water"}, {"天使のすず", "まほうのせいすい"}},
      {1, {24532, 25128}, {74, 76}, {7, 0}, {"Gleeban groat", "125G"}, {"グビアナどうか", NULL}}}},
    /* Example 1, t = 7 (kept as its own entry: two rows per entry) */
    {0x0032, 3, 1, 2, 1, 2, {7694, 8070, 16652, 7613, 22030, 7869}, {2, 1}, 1,
     {{7, {27258, 29176}, {83, 89}, {46, 13}, {"Rockbomb shard", "Strong medicine"}, {"ばくだん石", "上やくそう"}}}},
    /* Example 2: rank 0x65, seed 0x1357, floor 10 */
    {0x1357, 10, 4, 3, 2, 6, {9205, 9454, 11178, 585, 20003, 25379, 779, 1982, 19512}, {2, 2, 4}, 2,
     {{0, {9205, 9454, 11178}, {28, 28, 34}, {36, 36, 53}, {"Fisticup", "Fisticup", "Nectar"}, {NULL}},
      {15, {32404, 3189, 13064}, {98, 9, 39}, {40, 33, 11}, {"Iron mask", "Lava lump", "Mini medal"}, {NULL}}}},
    /* Example 3: rank 0xDD, seed 0x00A5, floor 16 */
    {0x00A5, 16, 9, 2, 4, 10, {309, 28883, 32746, 8444, 9906, 3305}, {6, 4}, 2,
     {{0, {309, 28883}, {0, 88}, {139, 47}, {"Mimic", "Flintstone"}, {"ミミック", "つけもの石"}},
      {3600, {30180, 32622}, {92, 99}, {11, 57}, {"Mini medal", "Malicite"}, {NULL, "うらみのほうじゅ"}}}},
    /* Example 4: rank 0xA1, seed 0x5A5A, floor 9 */
    {0x5A5A, 9, 7, 2, 4, 9, {10050, 17158, 3067, 11156, 24686, 10050}, {8, 5}, 2,
     {{0, {10050, 17158}, {30, 52}, {100, 65}, {"Mythril ore", "Finessence"}, {"ミスリルこうせき", "ぶどうエキス"}},
      {59, {20470, 7808}, {62, 23}, {11, 58}, {"Mini medal", "Hephaestus' flame"}, {NULL, "ヘパイトスのひだね"}}}},
    /* Example 5: rank 0x8D, seed 0x0BAD, floor 14 */
    {0x0BAD, 14, 6, 2, 4, 9, {4410, 32069, 27128, 31897, 6804, 31707}, {5, 9}, 2,
     {{100, {17072, 1225}, {52, 3}, {65, 110}, {"Finessence", "Pandora's box"}, {NULL, "パンドラボックス"}},
      {101, {1143, 18284}, {3, 55}, {139, 11}, {"Mimic", "Mini medal"}, {"ミミック", NULL}}}},
    /* Example 6: rank 0x38, seed 0x1234, floor 4 */
    {0x1234, 4, 3, 2, 1, 3, {21733, 22089, 6602, 23744, 28678, 6273}, {3, 1}, 2,
     {{0, {21733, 22089}, {66, 67}, {43, 27}, {"Iron ore", "Chimaera wing"}, {"てっこうせき", "キメラのつばさ"}},
      {1, {5803, 6379}, {17, 19}, {41, 14}, {"Toad oil", "Evac-u-bell"}, {"ガマのあぶら", "おもいでのすず"}}}},
};

Test(chests, worked_examples_4)
{
    const int n_ex = (int)(sizeof EXAMPLES / sizeof EXAMPLES[0]);
    int contents_checked = 0;
    for (int i = 0; i < n_ex; i++) {
        const chest_example *x = &EXAMPLES[i];
        int mr = grotto_floor_mr(x->smr, x->n);
        cr_expect_eq(gt_chest_rank_by_mr[mr - 1].lo, x->lo, "ex %d range lo", i);
        cr_expect_eq(gt_chest_rank_by_mr[mr - 1].hi, x->hi, "ex %d range hi", i);

        /* raw draws of the rank computation, seeded with seed + n */
        grotto_rng r;
        grotto_rng_seed(&r, x->seed + (uint32_t)x->n);
        for (int k = 0; k < 3 * x->count; k++)
            cr_expect_eq(grotto_rng_draw(&r), x->raw[k], "ex %d rank draw %d", i, k + 1);
        for (int c = 0; c < x->count; c++) {
            int v = (int)x->raw[2 * x->count + c];
            cr_expect_eq(x->lo + ((x->hi - x->lo + 1) * (v - 1)) / 32767, x->rank[c], "ex %d chest %d", i, c);
        }

        uint8_t rank[3];
        memset(rank, 0xEE, sizeof rank);
        grotto_chest_ranks(x->seed, x->n, x->smr, x->count, rank);
        for (int c = 0; c < 3; c++)
            cr_expect_eq(rank[c], c < x->count ? x->rank[c] : 0, "ex %d rank of chest %d", i, c);

        for (int j = 0; j < x->rows; j++) {
            const content_row *row = &x->row[j];
            grotto_rng_seed(&r, (uint32_t)x->n + x->seed + row->t);
            for (int c = 0; c < x->count; c++) {
                uint32_t raw = grotto_rng_draw(&r);
                cr_expect_eq(raw, row->raw[c], "ex %d t %u raw %d", i, row->t, c);
                cr_expect_eq((100 * ((int)raw - 1)) / 32767, row->v[c], "ex %d t %u v %d", i, row->t, c);
            }
            uint8_t item[3];
            memset(item, 0xEE, sizeof item);
            grotto_chest_contents(x->seed, x->n, row->t, x->count, x->rank, item);
            for (int c = 0; c < x->count; c++) {
                cr_expect_eq(item[c], row->item[c], "ex %d t %u chest %d", i, row->t, c);
                cr_assert_lt(item[c], GT_ITEM_COUNT);
                cr_expect_str_eq(gt_item_name[item[c]].en, row->en[c], "ex %d t %u chest %d", i, row->t, c);
                if (row->jp[c])
                    cr_expect_str_eq(gt_item_name[item[c]].jp, row->jp[c], "ex %d t %u chest %d", i, row->t, c);
                contents_checked++;
            }
        }
    }
    fprintf(stderr, "chests.worked_examples_4: checked %d example floors, %d chest contents\n",
            n_ex, contents_checked);
}

/* Example 3's whole map (rank 0xDD, seed 0x00A5): ranks of floors 3..16
 * and totals by rank. The counts are the lengths of the listed strings. */
Test(chests, example3_whole_map_4)
{
    static const char *const floors[17] = {NULL, "", "", "DC", "DFD", "A", "AC", "BD", "CA",
                                           "EHI", "S", "IA", "SE", "S", "S", "CC", "DF"};
    const char letters[] = "IHGFEDCBAS";
    const int want_total[11] = {0, 2, 1, 0, 2, 2, 5, 5, 1, 4, 4}; /* rank 1 (I) .. 10 (S) */
    int total[11] = {0}, chests = 0;
    for (int n = 1; n <= 16; n++) {
        int count = (int)strlen(floors[n]);
        uint8_t rank[3];
        grotto_chest_ranks(0x00A5, n, 9, count, rank);
        for (int c = 0; c < count; c++) {
            cr_assert(rank[c] >= 1 && rank[c] <= 10, "B%d chest %d rank %d", n, c, rank[c]);
            cr_expect_eq(letters[rank[c] - 1], floors[n][c], "B%d chest %d", n, c);
            total[rank[c]]++;
            chests++;
        }
    }
    cr_expect_eq(chests, 26);
    for (int k = 1; k <= 10; k++)
        cr_expect_eq(total[k], want_total[k], "rank %c", letters[k - 1]);
}

/* ---- §1: floors 1 and 2 never have chests --------------------------- */

Test(chests, floors_1_and_2_have_none_1)
{
    uint8_t rank[3], item[3];
    const uint8_t some[3] = {5, 5, 5};
    for (int n = 1; n <= 2; n++) {
        memset(rank, 0xEE, sizeof rank);
        grotto_chest_ranks(0x0032, n, 1, 2, rank);
        cr_expect_eq(rank[0], 0);
        cr_expect_eq(rank[1], 0);
        cr_expect_eq(rank[2], 0);
        memset(item, 0xEE, sizeof item);
        grotto_chest_contents(0x0032, n, 0, 2, some, item);
        cr_expect_eq(item[0], 0);
        cr_expect_eq(item[1], 0);
    }
}

/* Not in the spec: a rank outside 1..10 has no item table; the draw is
 * still made (later chests keep their draws) and the item is 0xFF. */
Test(chests, invalid_rank_has_no_item)
{
    const uint8_t good[3] = {2, 1, 0}, bad[3] = {0, 1, 0};
    uint8_t a[3], b[3];
    grotto_chest_contents(0x0032, 3, 7, 2, good, a);
    grotto_chest_contents(0x0032, 3, 7, 2, bad, b);
    cr_expect_eq(b[0], ITEM_NONE);
    cr_expect_eq(b[1], a[1]);
    cr_expect_eq(a[1], 13); /* Example 1, t = 7: Strong medicine */
}

/* ---- §3: the content seed wraps modulo 2^32 ------------------------ */

Test(chests, content_seed_wraps_3)
{
    /* 3 + 50 + (2^32 - 53) = 0 (mod 2^32): the draws of seed 0 are 0 and
     * 21468 (rng-and-timer.md §1) -> v = 0 and 65; ranks H, I (Example 1)
     * -> Royal soil (H 0-7) and Moonwort bulb (I 58-65). */
    const uint8_t rank[3] = {2, 1, 0};
    uint8_t item[3];
    grotto_chest_contents(0x0032, 3, 0xFFFFFFFFu - 52u, 2, rank, item);
    cr_expect_eq(item[0], 32);
    cr_expect_eq(item[1], 23);
    cr_expect_str_eq(gt_item_name[item[0]].en, "Royal soil");
    cr_expect_str_eq(gt_item_name[item[1]].en, "Moonwort bulb");
}

/* ---- §3.1 item windows, through grotto_chest_contents -------------- */

/* (last v of the window, item) pairs of §3.1, rank 1 (I) .. 10 (S). */
typedef struct window {
    int last;
    int item;
} window;

static const window WINDOWS[11][22] = {
    [1] = {{9, 12}, {19, 14}, {24, 16}, {34, 15}, {44, 7}, {52, 18}, {57, 28}, {65, 23}, {75, 27},
           {85, 0}, {87, 29}, {95, 13}, {97, 30}, {99, 31}},
    [2] = {{7, 32}, {15, 33}, {25, 34}, {27, 35}, {37, 36}, {47, 22}, {57, 19}, {67, 1}, {75, 7},
           {83, 46}, {93, 37}, {95, 38}, {97, 39}, {99, 40}},
    [3] = {{9, 140}, {19, 41}, {29, 11}, {39, 42}, {49, 7}, {59, 2}, {69, 43}, {70, 44}, {80, 45},
           {90, 49}, {95, 8}, {97, 50}, {99, 51}},
    [4] = {{4, 139}, {19, 52}, {34, 53}, {46, 11}, {56, 8}, {71, 16}, {83, 3}, {85, 54}, {90, 47},
           {95, 48}, {96, 76}, {97, 55}, {98, 56}, {99, 57}},
    [5] = {{4, 139}, {19, 24}, {29, 58}, {44, 16}, {45, 59}, {46, 60}, {47, 61}, {48, 62}, {49, 63},
           {50, 64}, {60, 65}, {70, 66}, {71, 67}, {83, 11}, {84, 68}, {99, 20}},
    [6] = {{9, 139}, {24, 21}, {39, 69}, {54, 8}, {64, 70}, {70, 71}, {71, 72}, {72, 73}, {82, 74},
           {83, 75}, {93, 11}, {94, 77}, {95, 78}, {96, 79}, {97, 80}, {98, 81}, {99, 82}},
    [7] = {{9, 139}, {19, 83}, {29, 84}, {39, 85}, {49, 17}, {64, 4}, {70, 25}, {72, 86}, {74, 87},
           {89, 11}, {90, 88}, {91, 89}, {92, 90}, {93, 91}, {94, 92}, {95, 93}, {96, 94}, {97, 95},
           {98, 96}, {99, 97}},
    [8] = {{4, 98}, {17, 99}, {30, 100}, {40, 17}, {55, 5}, {70, 11}, {85, 9}, {90, 10}, {91, 101},
           {92, 102}, {93, 103}, {94, 104}, {95, 105}, {96, 106}, {97, 107}, {98, 108}, {99, 109}},
    [9] = {{9, 110}, {19, 111}, {29, 112}, {39, 6}, {49, 17}, {64, 11}, {74, 9}, {84, 113}, {92, 114},
           {93, 115}, {94, 116}, {95, 117}, {96, 118}, {97, 119}, {98, 120}, {99, 121}},
    [10] = {{14, 122}, {24, 123}, {34, 9}, {44, 124}, {59, 17}, {69, 125}, {77, 26}, {82, 10},
            {87, 126}, {88, 127}, {89, 128}, {90, 129}, {91, 130}, {92, 131}, {93, 132}, {94, 133},
            {95, 134}, {96, 135}, {97, 136}, {98, 137}, {99, 138}},
};

/* The state before a draw whose output is `raw` (inverse LCG step). */
static uint32_t state_before_draw(uint32_t raw)
{
    const uint32_t minv = 0xEEB9EB65u; /* 1103515245^-1 mod 2^32 */
    return ((raw << 16) - 12345u) * minv;
}

Test(chests, item_windows_3_1)
{
    int checked = 0;
    for (int rank = 1; rank <= 10; rank++) {
        int first = 0;
        for (int w = 0; w < 22 && (w == 0 || WINDOWS[rank][w].last); w++) {
            for (int v = first; v <= WINDOWS[rank][w].last; v++) {
                /* smallest raw draw with scaled(100) == v */
                uint32_t raw = (uint32_t)((v * 32767 + 99) / 100 + 1);
                cr_assert_eq((100 * ((int)raw - 1)) / 32767, v);
                /* contents of floor 3 of seed 0: state = 3 + t */
                uint32_t t = state_before_draw(raw) - 3u;
                const uint8_t ranks[3] = {(uint8_t)rank, 0, 0};
                uint8_t item[3];
                grotto_chest_contents(0, 3, t, 1, ranks, item);
                cr_expect_eq(item[0], WINDOWS[rank][w].item, "rank %d v %d", rank, v);
                checked++;
            }
            first = WINDOWS[rank][w].last + 1;
        }
        cr_expect_eq(first, 100, "rank %d windows end at 99", rank);
    }
    cr_expect_eq(checked, 1000);
}

/* ---- golden maps-sample.jsonl: chest ranks of every floor ---------- */

typedef struct sample_ctx {
    long maps, floors, chests;
} sample_ctx;

static void check_sample_map(const tj *line, void *vctx)
{
    sample_ctx *ctx = vctx;
    long code = tj_int(line, "band"), seed = tj_int(line, "seed");
    long smr = tj_int(line, "smr"), floors = tj_int(line, "floors");
    const tj *lists = tj_get(line, "chest_ranks");
    if (!lists)
        cr_assert_fail("band %ld seed %#lx: chest_ranks missing", code, seed);
    QUIET_EQ(lists->len, floors, "band %ld seed %#lx chest_ranks lists", code, seed);

    uint8_t rec[140];
    if (hex_decode(tj_str(line, "record"), rec, sizeof rec) != 140L)
        cr_assert_fail("band %ld seed %#lx: bad record", code, seed);

    for (int n = 1; n <= (int)lists->len; n++) {
        const tj *list = tj_at(lists, (size_t)n - 1);
        int count = (int)list->len;
        if (n <= 2) {
            QUIET_EQ(count, 0, "band %ld seed %#lx B%d chest count", code, seed, n);
            continue;
        }
        if (count < 1 || count > 3)
            cr_expect_fail("band %ld seed %#lx B%d count %d", code, seed, n, count);
        uint8_t rank[3];
        memset(rank, 0xEE, sizeof rank);
        grotto_chest_ranks((uint32_t)seed, n, (int)smr, count, rank);
        for (int c = 0; c < 3; c++) {
            long want = c < count ? (long)tj_at(list, (size_t)c)->num : 0;
            QUIET_EQ(rank[c], want, "band %ld seed %#lx B%d chest %d rank", code, seed, n, c);
            QUIET_EQ(rec[12 + 8 * (n - 1) + c], want, "band %ld seed %#lx B%d chest %d record slot", code, seed, n, c);
        }
        ctx->floors++;
        ctx->chests += count;
    }
    ctx->maps++;
}

Test(chests, golden_maps_sample_ranks)
{
    sample_ctx ctx = {0, 0, 0};
    long lines = tj_each_line("golden/maps-sample.jsonl", check_sample_map, &ctx);
    cr_assert_gt(lines, 0, "corpus/golden/maps-sample.jsonl unreadable or empty");
    cr_expect_eq(ctx.maps, lines);
    fprintf(stderr, "chests.golden_maps_sample_ranks: checked %ld maps, %ld floors, %ld chests\n",
            ctx.maps, ctx.floors, ctx.chests);
}
