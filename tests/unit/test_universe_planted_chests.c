/* The chests domain finds what it should and only that: test engines wrap
 * impl and alter exactly chosen triples (map, floor, second), and the
 * oracle (A = impl, B = the plant) must report exactly them, lowest first,
 * in the right words and JSON, with the full count of its definition.
 *  - "plant": one item of the first triple (band 0, seed 0, B1F, t 0 - a
 *    floor without chests: the empty chests are compared too), a middle
 *    one and the LAST one (band 11, seed 0x7FFF, B16F, t 255); the full
 *    run must find all three, the default slice the two inside it. The
 *    plant knows a floor only by its chest floor (seed, floor, count,
 *    ranks), so every band whose floor is the same is planted as well: the
 *    expected items are computed here from impl's maps.
 *  - "bent": a map whose chest rank F is made E (ranks 4 and 5 both give a
 *    Mimic for v 0..4, so some triples differ only by the rank), and a map
 *    whose floor the engine refuses (every triple of that map differs).
 * A loop that skips the last seed, floor or second fails the full run
 * twice: the last plant is missing and the count falls short. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/chests.h"
#include "grotto/tables.h"
#include "oracle.h"
#include "testjson.h"

enum { T = GROTTO_CHEST_SECONDS };

typedef struct plant_at {
    int band;
    uint32_t seed;
    int floor, second;
} plant_at;

static const plant_at ITEM_PLANTS[] = {{0, 0, 1, 0}, {6, 0x4000, 9, 128}, {11, 0x7FFF, 16, 255}};
static const plant_at RANK_PLANT = {5, 0x2222, 0, 0}; /* floor: the first with a rank F (or E) chest */
static const plant_at REFUSE_PLANT = {9, 0x1234, 5, 0};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* impl's chest floor n of map (band, seed) */
static grotto_chest_floor impl_floor(int band, uint32_t seed, int n)
{
    grotto_map_t m;
    grotto_chest_floor f;
    cr_assert_eq(grotto_engine_impl.map(gt_band[band].code, seed, &m), 0);
    cr_assert_eq(grotto_chest_floor_of(&m, n, &f), 0);
    return f;
}

static grotto_chest_floor item_floor[COUNT(ITEM_PLANTS)], refuse_floor;
static int rank_floor;

/* Field by field: a struct returned by value need not carry its padding
 * (memcmp of two copies of one floor may differ, and did on CI). */
static int same_floor(const grotto_chest_floor *a, const grotto_chest_floor *b)
{
    return a->seed == b->seed && a->floor == b->floor && a->count == b->count &&
           !memcmp(a->rank, b->rank, sizeof a->rank);
}

static int plant_seconds(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                         uint8_t (*item)[GROTTO_MAX_CHESTS])
{
    int rc = grotto_engine_impl.chest_seconds(f, first, count, item);
    for (size_t p = 0; p < COUNT(ITEM_PLANTS); p++)
        if (same_floor(f, &item_floor[p]) && (uint32_t)ITEM_PLANTS[p].second - first < count)
            item[ITEM_PLANTS[p].second - first][2] ^= 0x40;
    return rc;
}

static int bent_seconds(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                        uint8_t (*item)[GROTTO_MAX_CHESTS])
{
    if (same_floor(f, &refuse_floor))
        return -1;
    return grotto_engine_impl.chest_seconds(f, first, count, item);
}

static int bent_from_floors(int quality, const grotto_map_floors_t *fl, grotto_map_t *out)
{
    int rc = grotto_engine_impl.map_from_floors(quality, fl, out);
    if (rc == 0 && quality == gt_band[RANK_PLANT.band].code && fl->seed == RANK_PLANT.seed)
        for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
            if (out->chest_rank[rank_floor - 1][i] == 4 || out->chest_rank[rank_floor - 1][i] == 5) {
                out->chest_rank[rank_floor - 1][i] ^= 4 ^ 5;
                break;
            }
    return rc;
}

static grotto_engine plant, bent;

static void make_engines(void)
{
    plant = grotto_engine_impl;
    plant.name = "plant";
    plant.chest_seconds = plant_seconds;
    bent = grotto_engine_impl;
    bent.name = "bent";
    bent.chest_seconds = bent_seconds;
    bent.map_from_floors = bent_from_floors;
    for (size_t p = 0; p < COUNT(ITEM_PLANTS); p++)
        item_floor[p] = impl_floor(ITEM_PLANTS[p].band, ITEM_PLANTS[p].seed, ITEM_PLANTS[p].floor);
    refuse_floor = impl_floor(REFUSE_PLANT.band, REFUSE_PLANT.seed, REFUSE_PLANT.floor);
    cr_assert_gt(refuse_floor.count, 0, "the refused floor has chests (no other floor looks like it)");
    for (int n = 3; n <= 16 && !rank_floor; n++) {
        grotto_chest_floor f = impl_floor(RANK_PLANT.band, RANK_PLANT.seed, n);
        for (int i = 0; i < f.count; i++)
            if (f.rank[i] == 4 || f.rank[i] == 5)
                rank_floor = n;
    }
    cr_assert_gt(rank_floor, 0, "map %02X%04X has a rank F or E chest", gt_band[RANK_PLANT.band].code,
                 RANK_PLANT.seed);
}

/* ---- expected items ---- */

static size_t item_of(int band, uint32_t seed, int n, int t)
{
    return (((size_t)band * GROTTO_SEED_COUNT + seed) * GROTTO_MAX_FLOORS + (size_t)(n - 1)) * T + (size_t)t;
}

typedef struct expect_list {
    size_t n, cap;
    size_t *item;
} expect_list;

static void expect_add(expect_list *e, size_t item)
{
    if (e->n == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 64;
        e->item = realloc(e->item, e->cap * sizeof *e->item);
        cr_assert_not_null(e->item);
    }
    e->item[e->n++] = item;
}

static int by_item(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* Every (band, n) of a seed whose impl chest floor equals f. */
static void expect_like(expect_list *e, const oracle_compare_opts *o, uint32_t seed, const grotto_chest_floor *f,
                        int second)
{
    for (int b = 0; b < GROTTO_BANDS; b++)
        for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
            grotto_chest_floor g = impl_floor(b, seed, n);
            if (!same_floor(&g, f))
                continue;
            for (int t = 0; t < T; t++)
                if ((second < 0 || t == second) && oracle_chests_in_slice(o, seed, (uint32_t)t))
                    expect_add(e, item_of(b, seed, n, t));
        }
}

static void expected_plant(expect_list *e, const oracle_compare_opts *o)
{
    for (size_t p = 0; p < COUNT(ITEM_PLANTS); p++)
        expect_like(e, o, ITEM_PLANTS[p].seed, &item_floor[p], ITEM_PLANTS[p].second);
    qsort(e->item, e->n, sizeof *e->item, by_item);
}

static void expected_bent(expect_list *e, const oracle_compare_opts *o)
{
    /* the rank plant: every wanted second of that floor */
    for (int t = 0; t < T; t++)
        if (oracle_chests_in_slice(o, RANK_PLANT.seed, (uint32_t)t))
            expect_add(e, item_of(RANK_PLANT.band, RANK_PLANT.seed, rank_floor, t));
    /* the refusal: every triple of every map that has the refused floor */
    for (int b = 0; b < GROTTO_BANDS; b++) {
        int refused = 0;
        for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
            grotto_chest_floor g = impl_floor(b, REFUSE_PLANT.seed, n);
            refused |= same_floor(&g, &refuse_floor);
        }
        for (int n = 1; refused && n <= GROTTO_MAX_FLOORS; n++)
            for (int t = 0; t < T; t++)
                if (oracle_chests_in_slice(o, REFUSE_PLANT.seed, (uint32_t)t))
                    expect_add(e, item_of(b, REFUSE_PLANT.seed, n, t));
    }
    qsort(e->item, e->n, sizeof *e->item, by_item);
}

/* ---- checks ---- */

static char *text_of(void (*fn)(FILE *, const oracle_compare_result *, int, const oracle_compare_opts *),
                     const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fn(f, r, i, o);
    fclose(f);
    return text;
}

static void item_report(FILE *f, const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    oracle_report_item(f, r, i, o);
}

static void summary_report(FILE *f, const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    (void)i;
    oracle_report_summary(f, r, o);
}

static void json_report(FILE *f, const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    (void)i;
    oracle_report_json(f, r, o);
}

#define HAS(text, needle) cr_expect_not_null(strstr(text, needle), "missing \"%s\" in:\n%s", needle, text)

typedef struct run_check {
    const oracle_compare_opts *o;
    expect_list want;
    int done;
} run_check;

static int check_run(void *ctx, const oracle_compare_result *r)
{
    run_check *c = ctx;
    const oracle_compare_opts *o = c->o;
    c->done++;
    cr_assert_eq(r->domain, ORACLE_CHESTS);
    char def[96];
    cr_expect_eq(r->expected, oracle_chests_expected(o, def, sizeof def));
    cr_expect_eq(r->expected, o->chests_full ? 1610612736ull : 336592896ull);
    cr_expect(oracle_result_complete(r), "%llu of %llu checked, %llu visits", (unsigned long long)r->checked,
              (unsigned long long)r->expected, (unsigned long long)r->visits);
    cr_expect_eq(r->mismatched, c->want.n, "%llu mismatched, planted %zu", (unsigned long long)r->mismatched,
                 c->want.n);
    cr_expect_eq(r->ab, r->mismatched);
    size_t shown = c->want.n < (size_t)o->show ? c->want.n : (size_t)o->show;
    cr_expect_eq((size_t)r->first_count, shown, "the lowest differences reported");
    for (int i = 0; i < r->first_count && (size_t)i < shown; i++) {
        cr_expect_eq(r->first[i], c->want.item[i], "difference %d: item %zu, planted %zu", i, r->first[i],
                     c->want.item[i]);
        cr_expect_eq(r->first_kind[i], ORACLE_AB);
    }

    /* the words of every reported difference */
    for (int i = 0; i < r->first_count; i++) {
        size_t it = r->first[i];
        int t = (int)(it % T), n = (int)(it / T % GROTTO_MAX_FLOORS) + 1;
        size_t map = it / T / GROTTO_MAX_FLOORS;
        char head[96];
        snprintf(head, sizeof head, "difference (impl != %s):\n  map %02X%04X B%dF at second %d (stopwatch %d):\n",
                 o->b->name, gt_band[map / GROTTO_SEED_COUNT].code, (unsigned)(map % GROTTO_SEED_COUNT), n, t,
                 t + 5);
        char *text = text_of(item_report, r, i, o);
        HAS(text, head);
        HAS(text, "    impl  ");
        free(text);
    }

    char want[320];
    snprintf(want, sizeof want, "chests: %llu of %llu checked (%s), %zu mismatched (impl vs %s: %zu differences) in ",
             (unsigned long long)r->expected, (unsigned long long)r->expected, def, c->want.n, o->b->name, c->want.n);
    char *text = text_of(summary_report, r, 0, o);
    cr_expect_eq(strncmp(text, want, strlen(want)), 0, "summary:\n%s\nexpected:\n%s", text, want);
    HAS(text, "the contents alone: impl ");
    free(text);

    text = text_of(json_report, r, 0, o);
    tj *j = tj_parse(text);
    cr_assert_not_null(j, "%s", text);
    cr_expect_str_eq(tj_str(j, "domain"), "chests");
    cr_expect_str_eq(tj_str(j, "definition"), def);
    cr_expect_eq(tj_get(j, "full")->kind, TJ_BOOL);
    cr_expect_eq(tj_get(j, "full")->num, o->chests_full);
    cr_expect_eq(tj_get(j, "against_corpus")->num, 0);
    cr_expect_eq(tj_int(tj_get(j, "differences"), "ab"), (long)c->want.n);
    cr_expect_not_null(tj_get(tj_get(j, "contents_cpu_seconds"), "a"));
    const tj *first = tj_get(j, "first");
    cr_assert_eq(first->len, (size_t)r->first_count);
    for (size_t i = 0; i < first->len; i++) {
        const tj *e = tj_at(first, i);
        size_t it = r->first[i], map = it / T / GROTTO_MAX_FLOORS;
        cr_expect_eq(tj_int(e, "band"), gt_band[map / GROTTO_SEED_COUNT].code);
        cr_expect_eq(tj_int(e, "seed"), (long)(map % GROTTO_SEED_COUNT));
        cr_expect_eq(tj_int(e, "floor"), (long)(it / T % GROTTO_MAX_FLOORS) + 1);
        cr_expect_eq(tj_int(e, "second"), (long)(it % T));
        cr_expect_str_eq(tj_at(tj_get(e, "kinds"), 0)->str, "ab");
    }
    tj_free(j);
    free(text);
    return 0;
}

static void run(const grotto_engine *b, int full, void (*expected)(expect_list *, const oracle_compare_opts *),
                run_check *c)
{
    oracle_compare_opts o = {.a = &grotto_engine_impl, .b = b, .threads = 0, .show = ORACLE_MAX_SHOW, .quiet = 1,
                             .chests_full = full};
    memset(c, 0, sizeof *c);
    c->o = &o;
    expected(&c->want, &o);
    cr_assert_eq(oracle_run(1u << ORACLE_CHESTS, &o, check_run, c), 0);
    cr_expect_eq(c->done, 1, "the domain reported once");
}

Test(universe_planted_chests, full_first_middle_last, .timeout = 1200)
{
    make_engines();
    run_check c;
    run(&plant, 1, expected_plant, &c);
    /* the three plants are there, the last one last */
    cr_assert_gt(c.want.n, 3);
    cr_expect_eq(c.want.item[0], 0, "the very first triple");
    cr_expect_eq(c.want.item[c.want.n - 1], item_of(11, 0x7FFF, 16, 255), "the very last triple");
    free(c.want.item);
}

Test(universe_planted_chests, slice_keeps_what_it_covers, .timeout = 1200)
{
    make_engines();
    run_check c;
    run(&plant, 0, expected_plant, &c);
    /* the last plant (seed 0x7FFF, t 255) is outside the slice; the middle
     * one (seed 0x4000 = 0 mod 16, t 128) inside */
    int middle = 0;
    for (size_t i = 0; i < c.want.n; i++) {
        size_t t = c.want.item[i] % T, seed = c.want.item[i] / T / GROTTO_MAX_FLOORS % GROTTO_SEED_COUNT;
        cr_expect(t < 40 || seed % 16 == 0, "item %zu is in the slice", c.want.item[i]);
        middle |= c.want.item[i] == item_of(6, 0x4000, 9, 128);
    }
    cr_expect(middle);
    cr_expect_neq(c.want.item[c.want.n - 1], item_of(11, 0x7FFF, 16, 255));
    free(c.want.item);
}

Test(universe_planted_chests, ranks_and_refusals, .timeout = 1200)
{
    make_engines();
    run_check c;
    run(&bent, 0, expected_bent, &c);
    /* the rank plant's 40 seconds (0x2222 is not a multiple of 16), and 16
     * floors x 40 seconds of each refused map (at least band 9's) */
    cr_expect(c.want.n >= 40 + 16 * 40 && (c.want.n - 40) % (16 * 40) == 0, "%zu expected", c.want.n);
    /* the reports: the rank plant shows E against F; the refusal says so */
    oracle_compare_opts o = {.a = &grotto_engine_impl, .b = &bent, .show = ORACLE_MAX_SHOW};
    oracle_compare_result r;
    memset(&r, 0, sizeof r);
    r.domain = ORACLE_CHESTS;
    r.first_count = 2;
    r.first[0] = item_of(RANK_PLANT.band, RANK_PLANT.seed, rank_floor, 3);
    r.first[1] = item_of(REFUSE_PLANT.band, REFUSE_PLANT.seed, 1, 0);
    r.first_kind[0] = r.first_kind[1] = ORACLE_AB;
    char *text = text_of(item_report, &r, 0, &o);
    cr_expect(strstr(text, " F ") || strstr(text, " E "), "%s", text);
    cr_expect(strstr(text, " E* ") || strstr(text, " F* "), "bent's differing rank marked:\n%s", text);
    free(text);
    text = text_of(item_report, &r, 1, &o);
    HAS(text, "    bent  refused the map or one of its floors\n");
    free(text);
    free(c.want.item);
}
