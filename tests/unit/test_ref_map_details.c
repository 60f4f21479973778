/* ref/map_details.c against map-details.md §1-§7 and the golden corpus
 * (corpus/golden/maps-sample.jsonl); the golden names are compared here
 * too, the name rules on their own in test_ref_names.c. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/rng.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "corpus.h"

typedef grotto_map_details_t details;

/* Assertions in loops over thousands of vectors only fire on a mismatch,
 * so that --full-stats stays fast; the message carries both values. */
#define QUIET_EQ(got, want, fmt, ...)                                              \
    do {                                                                           \
        long got_ = (long)(got), want_ = (long)(want);                             \
        if (got_ != want_)                                                         \
            cr_expect_fail(fmt ": got %ld, want %ld", __VA_ARGS__, got_, want_);   \
    } while (0)


/* Field-by-field comparison (no memcmp: the struct has padding). */
static int same_details(const details *a, const details *b)
{
    if (a->band != b->band || a->band_code != b->band_code || a->seed != b->seed ||
        a->env != b->env || a->floors != b->floors || a->smr != b->smr || a->boss != b->boss ||
        a->prefix != b->prefix || a->suffix != b->suffix || a->group != b->group ||
        a->locale != b->locale || a->level != b->level)
        return 0;
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++)
        if (a->side[n] != b->side[n])
            return 0;
    return 1;
}

/* ---- golden maps-sample.jsonl ------------------------------------- */

enum { GROTTO_MAP_RECORD_SIZE_FOR_TEST = 140 }; /* records.md MapRecord v1 */

typedef struct sample_ctx {
    long maps;
} sample_ctx;

static void check_sample_map(const json_t *line, void *vctx)
{
    sample_ctx *ctx = vctx;
    long code = jint(line, "band"), seed = jint(line, "seed");
    details d;
    int rc = grotto_map_details((int)code, (uint32_t)seed, &d);
    if (rc != 0)
        cr_assert_fail("band %ld seed %#lx rejected", code, seed);
    QUIET_EQ(d.band_code, code, "band %ld seed %#lx band code", code, seed);
    QUIET_EQ(grotto_band_code(d.band), code, "band %ld seed %#lx band index", code, seed);
    QUIET_EQ(d.seed, seed, "band %ld seed %#lx seed", code, seed);
    QUIET_EQ(d.env, jint(line, "env"), "band %ld seed %#lx env", code, seed);
    QUIET_EQ(d.floors, jint(line, "floors"), "band %ld seed %#lx floors", code, seed);
    QUIET_EQ(d.smr, jint(line, "smr"), "band %ld seed %#lx smr", code, seed);
    QUIET_EQ(d.boss, jint(line, "boss"), "band %ld seed %#lx boss", code, seed);
    QUIET_EQ(d.prefix, jint(line, "prefix"), "band %ld seed %#lx prefix", code, seed);
    QUIET_EQ(d.suffix, jint(line, "suffix"), "band %ld seed %#lx suffix", code, seed);
    QUIET_EQ(d.locale, jint(line, "locale"), "band %ld seed %#lx locale", code, seed);
    QUIET_EQ(d.level, jint(line, "level"), "band %ld seed %#lx level", code, seed);

    char en[128], jp[128];
    int len_en = grotto_map_name_en(&d, en, sizeof en);
    int len_jp = grotto_map_name_jp(&d, jp, sizeof jp);
    const char *want_en = jstr(line, "name_en"), *want_jp = jstr(line, "name_jp");
    if (!want_en || !want_jp)
        cr_assert_fail("band %ld seed %#lx: names missing", code, seed);
    if (strcmp(en, want_en) != 0)
        cr_expect_fail("band %ld seed %#lx: \"%s\", want \"%s\"", code, seed, en, want_en);
    if (strcmp(jp, want_jp) != 0)
        cr_expect_fail("band %ld seed %#lx: \"%s\", want \"%s\"", code, seed, jp, want_jp);
    QUIET_EQ(len_en, strlen(en), "band %ld seed %#lx EN length", code, seed);
    QUIET_EQ(len_jp, strlen(jp), "band %ld seed %#lx JP length", code, seed);

    /* the MapRecord header bytes 0..11 carry the same fields */
    uint8_t rec[GROTTO_MAP_RECORD_SIZE_FOR_TEST];
    long rl = hex_decode(jstr(line, "record"), rec, sizeof rec);
    if (rl != 140L)
        cr_assert_fail("band %ld seed %#lx: record of %ld bytes", code, seed, rl);
    const uint8_t want[12] = {d.band_code, (uint8_t)(d.seed & 0xFF), (uint8_t)(d.seed >> 8), d.env,
                              d.floors, d.smr, d.boss, d.prefix, d.suffix, d.locale, d.level, 0};
    for (int i = 0; i < 12; i++)
        QUIET_EQ(rec[i], want[i], "band %ld seed %#lx record byte %d", code, seed, i);

    /* one chest-rank list per floor; sides set exactly for floors 1..floors */
    const json_t *ranks = json_object_get(line, "chest_ranks");
    if (!ranks)
        cr_assert_fail("band %ld seed %#lx: chest_ranks missing", code, seed);
    QUIET_EQ(json_array_size(ranks), d.floors, "band %ld seed %#lx chest_ranks lists", code, seed);
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
        if (n <= d.floors && (d.side[n - 1] < 10 || d.side[n - 1] > 16))
            cr_expect_fail("band %ld seed %#lx side of B%d = %d", code, seed, n, d.side[n - 1]);
        if (n > d.floors)
            QUIET_EQ(d.side[n - 1], 0, "band %ld seed %#lx side beyond floors (B%d)", code, seed, n);
    }
    ctx->maps++;
}

Test(map_details, golden_maps_sample)
{
    sample_ctx ctx = {0};
    long lines = corpus_each_line("golden/maps-sample.jsonl", check_sample_map, &ctx);
    cr_assert_gt(lines, 0, "corpus/golden/maps-sample.jsonl unreadable or empty");
    cr_expect_eq(ctx.maps, lines);
    cr_expect_eq(lines, 7765L);
    fprintf(stderr, "map_details.golden_maps_sample: checked %ld maps\n", ctx.maps);
}

/* ---- §5-§6 worked examples ---------------------------------------- */

typedef struct worked {
    int code;
    uint32_t seed;
    int env, floors, smr, boss, prefix, suffix, group, locale, level_raw, level;
    uint8_t side[16];
    const char *en, *jp;
    uint32_t k13_16[4], k29_32[4];
} worked;

static const worked EXAMPLES[] = {
    {0x02, 0x0032, 2, 3, 1, 1, 3, 5, 1, 2, -1, 1, {11, 12, 13},
     "Granite Tunnel of Woe Lv.1", "うす暗き獣の地下道Lv1",
     {13042, 26566, 20934, 2516}, {2722, 26344, 26430, 4907}},
    {0x02, 0x0000, 2, 4, 1, 1, 5, 4, 2, 3, 3, 3, {11, 12, 13, 14},
     "Graphite Mine of Doubt Lv.3", "ざわめく空の坑道Lv3",
     {5659, 9758, 21087, 25875}, {24244, 5661, 514, 25643}},
    {0x38, 0x1234, 3, 4, 3, 2, 6, 4, 1, 1, 14, 14, {11, 12, 13, 14},
     "Iron Cave of Doubt Lv.14", "ねむれる空の洞くつLv14",
     {5574, 23073, 19921, 31206}, {10647, 15, 23763, 26360}},
    {0x3D, 0x0ABC, 1, 5, 4, 2, 7, 2, 3, 6, 23, 23, {14, 10, 11, 12, 13},
     "Copper Lair of Bliss Lv.23", "怒れる岩のアジトLv23",
     {11628, 12097, 23156, 3001}, {28883, 21739, 22352, 26319}},
    {0x4C, 0x7FFF, 2, 10, 3, 3, 7, 4, 6, 16, 37, 37, {13, 14, 10, 11, 12, 13, 14, 15, 15, 16},
     "Copper Ruins of Doubt Lv.37", "怒れる空の遺跡Lv37",
     {16937, 15404, 11823, 18111}, {8653, 735, 19899, 25405}},
    {0x51, 0x2468, 4, 10, 3, 4, 6, 4, 5, 14, 40, 40, {11, 12, 13, 14, 13, 14, 15, 12, 16, 14},
     "Iron Crypt of Doubt Lv.40", "ねむれる空の墓場Lv40",
     {5489, 3619, 18756, 3769}, {29817, 27138, 14243, 27077}},
    {0x65, 0x1357, 2, 10, 4, 4, 4, 8, 5, 14, 46, 46, {12, 13, 14, 10, 12, 13, 14, 15, 15, 16},
     "Basalt Crypt of Bane Lv.46", "ゆらめく大地の墓場Lv46",
     {19049, 4897, 17064, 31574}, {19080, 8980, 7473, 7258}},
    {0x79, 0x4000, 1, 12, 5, 6, 7, 9, 4, 10, 57, 57, {10, 11, 12, 13, 13, 14, 15, 12, 15, 16, 14, 15},
     "Copper Path of Fear Lv.57", "怒れる運命の道Lv57",
     {13010, 13732, 22024, 1443}, {14268, 13235, 25211, 26955}},
    {0x8D, 0x0BAD, 1, 14, 6, 8, 7, 8, 5, 14, 68, 68,
     {10, 11, 12, 13, 14, 15, 12, 13, 15, 16, 14, 15, 16, 16},
     "Copper Crypt of Bane Lv.68", "怒れる大地の墓場Lv68",
     {17720, 9881, 20452, 26728}, {26070, 10021, 12916, 27952}},
    {0xA1, 0x5A5A, 1, 11, 7, 7, 9, 9, 6, 15, 67, 67, {11, 12, 13, 14, 15, 12, 13, 14, 14, 15, 16},
     "Steel Nest of Fear Lv.67", "放たれし運命の巣Lv67",
     {12901, 12629, 22334, 27092}, {9772, 5414, 28644, 1428}},
    {0xB5, 0x6789, 1, 12, 7, 10, 14, 15, 7, 19, 78, 78, {11, 12, 13, 14, 14, 15, 12, 13, 14, 15, 16, 14},
     "Emerald World of Ruin Lv.78", "あらぶる悪霊の世界Lv78",
     {3312, 16681, 28381, 23253}, {31567, 25268, 24844, 27156}},
    {0xC9, 0x0101, 1, 13, 9, 1, 13, 3, 6, 15, 62, 62,
     {13, 14, 10, 11, 14, 15, 12, 13, 16, 14, 15, 16, 16},
     "Ruby Nest of Glee Lv.62", "見えざる風の巣Lv62",
     {1006, 11611, 32751, 14602}, {17166, 20222, 12478, 7534}},
    {0xDD, 0x00A5, 2, 16, 9, 12, 12, 10, 8, 21, 102, 99,
     {11, 12, 13, 14, 14, 15, 12, 13, 14, 15, 16, 14, 16, 16, 16, 16},
     "Platinum Maze of Dread Lv.99", "残された魂の迷宮Lv99",
     {13637, 29180, 23858, 27435}, {25310, 8379, 4115, 6366}},
    {0x02, 0x000F, 2, 3, 1, 1, 2, 5, 2, 3, 0, 1, {11, 12, 13},
     "Rock Mine of Woe Lv.1", "ちいさな獣の坑道Lv1",
     {24258, 11524, 24318, 31975}, {24341, 11866, 24673, 3038}},
};

Test(map_details, worked_examples_6)
{
    const int n_ex = (int)(sizeof EXAMPLES / sizeof EXAMPLES[0]);
    for (int i = 0; i < n_ex; i++) {
        const worked *w = &EXAMPLES[i];
        details d;
        cr_assert_eq(grotto_map_details(w->code, w->seed, &d), 0, "rank %#x seed %#x", w->code, w->seed);
        cr_expect_eq(d.band_code, w->code, "ex %d", i);
        cr_expect_eq(d.seed, w->seed, "ex %d", i);
        cr_expect_eq(d.env, w->env, "ex %d env", i);
        cr_expect_eq(d.floors, w->floors, "ex %d floors", i);
        cr_expect_eq(d.smr, w->smr, "ex %d smr", i);
        cr_expect_eq(d.boss, w->boss, "ex %d boss", i);
        cr_expect_eq(d.prefix, w->prefix, "ex %d prefix", i);
        cr_expect_eq(d.suffix, w->suffix, "ex %d suffix", i);
        cr_expect_eq(d.group, w->group, "ex %d group", i);
        cr_expect_eq(d.locale, w->locale, "ex %d locale", i);
        cr_expect_eq(d.level, w->level, "ex %d level", i);
        for (int n = 0; n < 16; n++)
            cr_expect_eq(d.side[n], w->side[n], "ex %d side of floor %d", i, n + 1);

        char en[128], jp[128];
        grotto_map_name_en(&d, en, sizeof en);
        grotto_map_name_jp(&d, jp, sizeof jp);
        cr_expect_str_eq(en, w->en, "ex %d", i);
        cr_expect_str_eq(jp, w->jp, "ex %d", i);

        /* the draws listed for k = 13..16 and 29..32, by jump-ahead and by
         * iterating the generator */
        grotto_rng r;
        grotto_rng_seed(&r, w->seed);
        uint32_t it[33];
        for (int k = 1; k <= 32; k++)
            it[k] = grotto_rng_draw(&r);
        for (int j = 0; j < 4; j++) {
            cr_expect_eq(grotto_draw_k(w->seed, 13 + j), w->k13_16[j], "ex %d k=%d", i, 13 + j);
            cr_expect_eq(grotto_draw_k(w->seed, 29 + j), w->k29_32[j], "ex %d k=%d", i, 29 + j);
            cr_expect_eq(it[13 + j], w->k13_16[j]);
            cr_expect_eq(it[29 + j], w->k29_32[j]);
        }
        /* "level before clamp" column: 3(boss + floors + smr - 4) + k32 mod 11 - 5 */
        int raw = 3 * (w->boss + w->floors + w->smr - 4) + (int)(w->k29_32[3] % 11) - 5;
        cr_expect_eq(raw, w->level_raw, "ex %d level before clamp", i);
    }
}

Test(map_details, quest15_example_5)
{
    /* §5: all 32 draws after seeding with 50 */
    const uint32_t draws[32] = {22715, 22430, 16275, 21417, 4906, 9000, 3863, 26227, 20017, 21604, 28180,
                                940, 13042, 26566, 20934, 2516, 28879, 3135, 19934, 19690, 16332, 11370,
                                25667, 20851, 11425, 24188, 5261, 11338, 2722, 26344, 26430, 4907};
    grotto_rng r;
    grotto_rng_seed(&r, GT_QUEST15_SEED);
    for (int k = 0; k < 32; k++)
        cr_expect_eq(grotto_rng_draw(&r), draws[k], "k=%d", k + 1);

    details d;
    cr_assert_eq(grotto_map_details(GT_QUEST15_QUALITY, GT_QUEST15_SEED, &d), 0);
    cr_expect_eq(d.band, 0);
    cr_expect_eq(d.band_code, 2);
    cr_expect_str_eq(gt_env_name[d.env].en, "Ruins");
    cr_expect_str_eq(gt_boss_name[d.boss].en, "Equinox");
    cr_expect_str_eq(gt_boss_name[d.boss].jp, "黒竜丸");
    cr_expect_str_eq(gt_prefix_name[d.prefix].en, "Granite");
    cr_expect_str_eq(gt_prefix_name[d.prefix].jp, "うす暗き");
    cr_expect_str_eq(gt_suffix_name[d.suffix].en, "Woe");
    cr_expect_str_eq(gt_suffix_name[d.suffix].jp, "獣");
    cr_expect_str_eq(gt_locale_name[d.locale].en, "Tunnel");
    cr_expect_str_eq(gt_locale_name[d.locale].jp, "地下道");
}

/* ---- §7 reachable ranges and environment counts -------------------- */

Test(map_details, reachable_ranges_per_rank_7)
{
    static const int want[12][8] = {
        /* levels, floors, smr, bosses (lo, hi) */
        {1, 23, 2, 4, 1, 3, 1, 3},     {4, 32, 4, 6, 2, 4, 1, 3},    {7, 38, 4, 6, 2, 4, 2, 5},
        {16, 53, 6, 10, 3, 5, 2, 5},   {19, 59, 6, 10, 3, 5, 3, 7},  {31, 68, 8, 12, 4, 6, 4, 7},
        {40, 80, 10, 14, 4, 6, 5, 9},  {46, 89, 10, 16, 5, 7, 6, 9}, {49, 92, 10, 16, 5, 7, 7, 10},
        {58, 99, 11, 16, 6, 9, 8, 12}, {46, 99, 12, 16, 8, 9, 1, 12}, {55, 99, 14, 16, 9, 9, 1, 12},
    };
    long maps = 0;
    for (int b = 0; b < 12; b++) {
        int lo[4] = {999, 999, 999, 999}, hi[4] = {-1, -1, -1, -1};
        uint8_t level_seen[100] = {0};
        for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++) {
            details d;
            if (grotto_map_details(grotto_band_code(b), s, &d) != 0)
                cr_assert_fail("band %d seed %#x rejected", b, s);
            const int v[4] = {d.level, d.floors, d.smr, d.boss};
            for (int j = 0; j < 4; j++) {
                lo[j] = v[j] < lo[j] ? v[j] : lo[j];
                hi[j] = v[j] > hi[j] ? v[j] : hi[j];
            }
            level_seen[d.level] = 1;
            maps++;
        }
        for (int j = 0; j < 4; j++) {
            cr_expect_eq(lo[j], want[b][2 * j], "band %d column %d min", b, j);
            cr_expect_eq(hi[j], want[b][2 * j + 1], "band %d column %d max", b, j);
        }
        for (int l = want[b][0]; l <= want[b][1]; l++)
            cr_expect(level_seen[l], "band %d: level %d never occurs", b, l);
    }
    fprintf(stderr, "map_details.reachable_ranges_per_rank_7: checked %ld maps\n", maps);
}

Test(map_details, environment_counts_7)
{
    const long want[6] = {0, 9837, 13124, 3263, 3279, 3265};
    long count[6] = {0};
    for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++) {
        details d0;
        if (grotto_map_details(2, s, &d0) != 0 || d0.env < 1 || d0.env > 5)
            cr_assert_fail("seed %#x: rejected or env %d", s, d0.env);
        count[d0.env]++;
        /* the environment does not depend on the rank */
        for (int b = 1; b < 12; b++) {
            details d;
            grotto_map_details(grotto_band_code(b), s, &d);
            if (d.env != d0.env)
                cr_assert_eq(d.env, d0.env, "seed %#x band %d", s, b);
        }
    }
    for (int e = 1; e <= 5; e++)
        cr_expect_eq(count[e], want[e], "env %d", e);
}

/* ---- §1: every quality of a band gives the band's details ----------- */

Test(map_details, quality_equals_band_code_1)
{
    long cases = 0;
    for (int q = 2; q <= 248; q++) {
        int code = grotto_band_code(grotto_band_of_quality(q));
        /* every 61st seed, then the last seed 0x7FFF */
        for (uint32_t step = 0; step < GROTTO_SEED_COUNT + 61; step += 61) {
            uint32_t s = step > GROTTO_SEED_MAX ? GROTTO_SEED_MAX : step;
            details a, b;
            if (grotto_map_details(q, s, &a) != 0 || grotto_map_details(code, s, &b) != 0)
                cr_assert_fail("q %d seed %#x rejected", q, s);
            if (!same_details(&a, &b))
                cr_expect_fail("quality %d seed %#x differs from band code %d", q, s, code);
            cases++;
        }
    }
    cr_expect_eq(cases, 247L * 539);
    fprintf(stderr, "map_details.quality_equals_band_code_1: checked %ld (quality, seed) pairs\n", cases);
}

/* ---- invalid input ------------------------------------------------- */

Test(map_details, invalid_inputs)
{
    const int bad_q[] = {-1, 0, 1, 249, 255, 1000};
    const uint32_t bad_s[] = {0x8000, 0x8032, 0xFFFF, 0xFFFFFFFFu};
    details d, sentinel;
    memset(&sentinel, 0xAB, sizeof sentinel);
    for (int i = 0; i < 6; i++) {
        memcpy(&d, &sentinel, sizeof d);
        cr_expect_eq(grotto_map_details(bad_q[i], 0x32, &d), -1, "quality %d", bad_q[i]);
        cr_expect_arr_eq(&d, &sentinel, sizeof d, "out touched for quality %d", bad_q[i]);
    }
    for (int i = 0; i < 4; i++) {
        memcpy(&d, &sentinel, sizeof d);
        cr_expect_eq(grotto_map_details(2, bad_s[i], &d), -1, "seed %#x", bad_s[i]);
        cr_expect_arr_eq(&d, &sentinel, sizeof d, "out touched for seed %#x", bad_s[i]);
    }
    cr_expect_eq(grotto_map_details(2, GROTTO_SEED_MAX, &d), 0);
    cr_expect_eq(grotto_map_details(248, 0, &d), 0);
}
