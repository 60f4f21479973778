/* The chest-timer searches (universe/chest_search.h) against the community
 * tool's own answers and against planted engines.
 *  - golden: every query of corpus/golden/searcher/issue21-chests.jsonl
 *    (QL per item and group, PPAP 5/9/5A/9A, D/5D/9D with the B9F targets'
 *    B9F/B10F rows, combo and combo D/5D/9D, 3rd/S3 and their D; bands DD,
 *    B5, 51, C9), translated from the tool's form controls, run under ref
 *    AND impl: the maps in scan order, the floor each card shows and, for
 *    the D variants, the order (the B10F rows cut to 5) and the walking
 *    cost must be the tool's exactly. The number of queries compared, and
 *    of D queries per kind, is checked.
 *  - listed: the maps the searches skip as "never listed" are exactly the
 *    tool's (never-listed.json, every band).
 *  - planted: an engine that is impl except for the chests of one floor of
 *    one seed, which it fills with chosen items at chosen seconds; each rule
 *    (the seconds Solo/Party/PPAP read, the counts, the floors, the 3rd
 *    chest, rank S, the combo's late second, the free search's greedy
 *    choice) must find the planted map exactly when it should.
 *  - refused: the queries the tool refuses are refused (2, one line). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/chests.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/walk.h"
#include "corpus.h"
#include "universe.h"

static universe_index *ix;

static void open_index(void)
{
    char err[256];
    universe_index_opts o = {.engine = &grotto_engine_impl, .cache = 0};
    ix = universe_index_open(&o, err, sizeof err);
    cr_assert_not_null(ix, "%s", err);
}

static void close_index(void)
{
    universe_index_close(ix);
    ix = NULL;
}

static int band_of_code(const char *hex2)
{
    unsigned code = (unsigned)strtoul(hex2, NULL, 16);
    for (int b = 0; b < GROTTO_BANDS; b++)
        if (gt_band[b].code == code)
            return b;
    cr_assert_fail("band %s", hex2);
    return -1;
}

static const char *field(const json_t *fields, const char *key)
{
    const json_t *v = json_object_get(fields, key);
    return json_is_string(v) ? json_string_value(v) : "";
}

/* ---- golden ---- */

typedef struct gold_ctx {
    int queries, compared_maps;
    int kinds[5], walked[5];
    double seconds[5];
} gold_ctx;

/* The query of a golden entry, from the tool's form (3.js entries). */
static void query_of(const json_t *e, universe_chest_query *q)
{
    universe_chest_query_init(q);
    const json_t *g = json_object_get(e, "grotto");
    for (size_t i = 0; i + 1 < json_array_size(g); i++) {
        if (!strcmp(json_string_value(json_array_get(g, i)), "--band"))
            q->band = band_of_code(json_string_value(json_array_get(g, i + 1)));
        if (!strcmp(json_string_value(json_array_get(g, i)), "--seeds")) {
            q->seed_lo = (uint32_t)strtoul(json_string_value(json_array_get(g, i + 1)), NULL, 16);
            q->seed_hi = (uint32_t)strtoul(strstr(json_string_value(json_array_get(g, i + 1)), "..") + 2, NULL, 16);
        }
    }
    const json_t *tool = json_object_get(e, "tool"), *f = json_object_get(tool, "fields");
    const char *entry = jstr(tool, "entry"), *mode = field(f, "ql_mode");
    q->target = field(f, "searchItem");
    q->walk = strchr(mode, 'D') != NULL;
    q->timing = mode[0] == '5' ? UNIVERSE_CHEST_PPAP5 : mode[0] == '9' ? UNIVERSE_CHEST_PPAP9 : UNIVERSE_CHEST_SOLO_PARTY;
    if (!strcmp(entry, "startSearch"))
        q->kind = strchr(mode, 'A') ? UNIVERSE_CHEST_QL_ALL : UNIVERSE_CHEST_QL;
    else if (!strcmp(entry, "Box3Search"))
        q->kind = UNIVERSE_CHEST_THIRD;
    else if (!strcmp(entry, "TKSearch"))
        q->kind = UNIVERSE_CHEST_COMBO;
    else if (!strcmp(entry, "FreeSearch")) {
        q->kind = UNIVERSE_CHEST_FREE;
        for (int i = 1; i <= 3; i++) {
            char k[5][16];
            const char *X = "fbrit";
            for (int j = 0; j < 5; j++)
                snprintf(k[j], sizeof k[j], "fs_%c_%d", X[j], i);
            int fl = atoi(field(f, k[0])), b = atoi(field(f, k[1])), r = atoi(field(f, k[2]));
            const char *it = field(f, k[3]), *t = field(f, k[4]);
            if (b == -1 && r == 0 && !strcmp(it, "ANY"))
                continue; /* the tool's form: an empty condition */
            universe_chest_cond *c = &q->cond[q->conds++];
            c->floor = fl;
            c->chest = b == -1 ? GROTTO_CHEST_ANY : b == 3 ? GROTTO_CHEST_NOT_3 : (grotto_chest_pick)(b + 1);
            c->rank = r;
            /* the form's values for the groups */
            c->item = !strcmp(it, "ANY")       ? NULL
                      : !strcmp(it, "Rich")    ? "Millionaire"
                      : !strcmp(it, "Metasla") ? "Metal Slime Equips"
                      : !strcmp(it, "S_wpn")   ? "S weapon"
                                               : it;
            c->stopwatch = *t ? atoi(t) : UNIVERSE_CHEST_ANY_SECOND;
        }
    } else
        cr_assert_fail("entry %s", entry);
}

static void check_entry(const json_t *e, const grotto_engine *eng, gold_ctx *g)
{
    const char *id = jstr(e, "id");
    universe_chest_query q;
    query_of(e, &q);
    universe_chest_result r;
    char err[256];
    int rc = universe_chest_search(ix, eng, &q, &r, err, sizeof err);
    cr_assert_eq(rc, 0, "%s %s: %s", id, eng->name, err);
    int ranked = !strcmp(jstr(e, "order"), "ranked");
    const json_t *list = ranked ? json_object_get(e, "results") : json_object_get(e, "maps");
    const json_t *first = json_object_get(e, "first_floor");
    cr_assert_eq(r.count, json_array_size(list), "%s %s: %u maps, the tool %zu", id, eng->name, r.count, json_array_size(list));
    cr_assert_eq((long)r.count, jint(e, "shown"), "%s", id);
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *it = json_array_get(list, i);
        const char *want = ranked ? jstr(it, "map") : json_string_value(it);
        const universe_chest_hit *h = &r.hit[i];
        char got[8];
        snprintf(got, sizeof got, "%02X%04X", gt_band[h->map / GROTTO_SEED_COUNT].code, h->map % GROTTO_SEED_COUNT);
        cr_assert_str_eq(got, want, "%s %s: map %zu", id, eng->name, i);
        long floor = ranked ? jint(it, "floor") : (first ? (long)json_number_value(json_object_get(first, want)) : 1);
        cr_assert_eq(h->floor, floor, "%s %s: %s floor %d, the tool %ld", id, eng->name, got, h->floor, floor);
        if (ranked) {
            double steps = h->walk == GROTTO_WALK_NONE ? 1e9 : h->walk / 2.0;
            cr_assert_eq(steps, json_number_value(json_object_get(it, "sort")), "%s %s: %s walk %g, the tool %g", id, eng->name, got, steps,
                         json_number_value(json_object_get(it, "sort")));
        }
        g->compared_maps++;
    }
    g->kinds[q.kind]++;
    g->walked[q.kind] += ranked;
    g->seconds[q.kind] += r.seconds;
    cr_log_info("%s %s: %u maps of %u in %.3f s", id, eng->name, r.count, r.maps, r.seconds);
    universe_chest_result_free(&r);
}

typedef struct gold_run {
    const grotto_engine *e;
    gold_ctx g;
} gold_run;

static void each_entry(const json_t *line, void *ctx)
{
    gold_run *run = ctx;
    check_entry(line, run->e, &run->g);
    run->g.queries++;
}

static void golden(const grotto_engine *e)
{
    open_index();
    gold_run run = {.e = e};
    long n = corpus_each_line("golden/searcher/issue21-chests.jsonl", each_entry, &run);
    cr_assert_eq(n, run.g.queries);
    cr_assert_eq(run.g.queries, 52, "%s: the golden queries compared", e->name);
    for (int k = 0; k < 5; k++)
        cr_assert_gt(run.g.kinds[k], 0, "%s: no query of kind %d", e->name, k);
    cr_assert_gt(run.g.compared_maps, 500, "%s: %d maps compared", e->name, run.g.compared_maps);
    /* the D variants of every kind that has them */
    cr_assert_geq(run.g.walked[UNIVERSE_CHEST_QL], 8, "%s", e->name);
    cr_assert_geq(run.g.walked[UNIVERSE_CHEST_COMBO], 7, "%s", e->name);
    cr_assert_geq(run.g.walked[UNIVERSE_CHEST_THIRD], 4, "%s", e->name);
    for (int k = 0; k < 5; k++)
        fprintf(stderr, "  chests golden %s kind %d: %d queries (%d D), %.2f s\n", e->name, k, run.g.kinds[k],
                run.g.walked[k], run.g.seconds[k]);
    close_index();
}

Test(universe_chest_search, golden_impl, .timeout = 1200)
{
    golden(&grotto_engine_impl);
}

Test(universe_chest_search, golden_ref, .timeout = 1200)
{
    golden(&grotto_engine_ref);
}

/* The published figure through the library: Lucida shard QL in band DD. */
Test(universe_chest_search, lucida_shard_dd_is_56, .timeout = 600)
{
    open_index();
    universe_chest_query q;
    universe_chest_query_init(&q);
    q.band = 11;
    q.target = "lucida SHARD"; /* any case */
    universe_chest_result r;
    char err[256];
    cr_assert_eq(universe_chest_search(ix, NULL, &q, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.count, 56);
    cr_assert_eq(r.maps, GROTTO_SEED_COUNT - 302, "band DD's listed maps");
    universe_chest_result_free(&r);
    close_index();
}

/* The maps are tried on several workers a block at a time (SCAN_BLOCK
 * 4096 maps): the rows come out in scan order whatever the workers, over
 * blocks; a refusing engine is reported at the first map it refused in
 * scan order, not at whichever worker's came first. */
static int refuse_from_seed = -1;
static int refusing_map_from_floors(int quality, const grotto_map_floors_t *f, grotto_map_t *out)
{
    if (refuse_from_seed >= 0 && f->seed >= (uint32_t)refuse_from_seed)
        return -1;
    return grotto_engine_impl.map_from_floors(quality, f, out);
}

Test(universe_chest_search, workers_change_nothing, .timeout = 600)
{
    open_index();
    universe_chest_query q;
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_COMBO;
    q.target = "Millionaire";
    q.walk = 1;
    q.band = 10;
    q.listed_only = 0;
    universe_chest_result one, three;
    char err[256];
    q.threads = 1;
    cr_assert_eq(universe_chest_search(ix, NULL, &q, &one, err, sizeof err), 0, "%s", err);
    q.threads = 3;
    cr_assert_eq(universe_chest_search(ix, NULL, &q, &three, err, sizeof err), 0, "%s", err);
    cr_assert_eq(one.maps, GROTTO_SEED_COUNT);
    cr_assert_eq(three.maps, one.maps);
    cr_assert_gt(one.count, 10);
    cr_assert_eq(three.count, one.count);
    cr_assert_arr_eq(three.hit, one.hit, one.count * sizeof *one.hit);
    /* a block is a band's maps: a window of seeds over every band is twelve
     * partial blocks, the last one flushed after the loop; their rows in
     * scan order (band, then seed) before the walk's sort */
    q.walk = 0;
    q.band = -1;
    q.seed_lo = 0x7000;
    q.seed_hi = 0x7FFF;
    universe_chest_result_free(&one);
    universe_chest_result_free(&three);
    cr_assert_eq(universe_chest_search(ix, NULL, &q, &three, err, sizeof err), 0, "%s", err);
    cr_assert_eq(three.maps, GROTTO_BANDS * 0x1000u);
    unsigned bands = 0;
    for (uint32_t i = 0; i < three.count; i++) {
        cr_assert(i == 0 || three.hit[i].map > three.hit[i - 1].map, "row %u out of scan order", i);
        cr_assert_geq(three.hit[i].map % GROTTO_SEED_COUNT, 0x7000u);
        bands |= 1u << (three.hit[i].map / GROTTO_SEED_COUNT);
    }
    /* Millionaire's items lie in the top bands' chests: rows in DD's block,
     * the last and partial one, and in at least one block before it */
    cr_assert(bands >> (GROTTO_BANDS - 1) & 1u, "no row in the last block (bands %03X)", bands);
    cr_assert(bands & ((1u << (GROTTO_BANDS - 1)) - 1), "rows in one block only (bands %03X)", bands);
    universe_chest_result_free(&three);
    q.band = 10;
    q.seed_lo = 0;
    q.seed_hi = GROTTO_SEED_MAX;

    grotto_engine e = grotto_engine_impl;
    e.name = "refuser";
    e.map_from_floors = refusing_map_from_floors;
    refuse_from_seed = 0x1234;
    q.threads = 3;
    cr_assert_eq(universe_chest_search(ix, &e, &q, &three, err, sizeof err), -1);
    cr_assert_str_eq(err, "engine refuser refused map C91234");
    refuse_from_seed = -1;
    close_index();
}

/* ---- listed ---- */

Test(universe_chest_search, listed_maps_are_the_tools, .timeout = 600)
{
    open_index();
    size_t len;
    uint8_t *text = corpus_read("golden/searcher/never-listed.json", &len);
    cr_assert_not_null(text);
    char *z = malloc(len + 1);
    memcpy(z, text, len);
    z[len] = 0;
    json_t *j = jparse(z);
    cr_assert_not_null(j);
    const json_t *bands = json_object_get(j, "bands");
    cr_assert_eq(json_array_size(bands), GROTTO_BANDS);
    /* a free search that every map with a B3F passes (chest 1, any content at 5 s) */
    universe_chest_query q;
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_FREE;
    q.conds = 1;
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_1, .stopwatch = 5};
    long total = 0;
    for (size_t b = 0; b < json_array_size(bands); b++) {
        const json_t *e = json_array_get(bands, b);
        q.band = band_of_code(jstr(e, "band"));
        universe_chest_result r;
        char err[256];
        cr_assert_eq(universe_chest_search(ix, NULL, &q, &r, err, sizeof err), 0, "%s", err);
        const json_t *seeds = json_object_get(e, "seeds");
        cr_assert_eq(r.maps, GROTTO_SEED_COUNT - json_array_size(seeds), "band %s", jstr(e, "band"));
        /* the hits: exactly the maps of 3 floors or more that the tool lists */
        static uint8_t never[GROTTO_SEED_COUNT];
        memset(never, 0, sizeof never);
        for (size_t k = 0; k < json_array_size(seeds); k++)
            never[strtoul(json_string_value(json_array_get(seeds, k)), NULL, 16)] = 1;
        uint32_t i = 0;
        for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++) {
            uint32_t m = (uint32_t)grotto_map_slot(q.band, seed);
            if (never[seed] || ix->map[m].floors < 3)
                continue;
            cr_assert(i < r.count && r.hit[i].map == m, "band %s: %04X", jstr(e, "band"), seed);
            cr_assert_eq(r.hit[i].floor, 3);
            i++;
        }
        cr_assert_eq(i, r.count, "band %s", jstr(e, "band"));
        total += (long)json_array_size(seeds);
        universe_chest_result_free(&r);
    }
    cr_assert_eq(total, 5089, "research.md §2");
    json_decref(j);
    free(z);
    free(text);
    close_index();
}

/* ---- planted engines ---- */

enum { PLANT_BAND = 11 };
static uint32_t plant_seed;
static int plant_floor;
static uint8_t plant_item[GROTTO_CHEST_SECONDS][GROTTO_MAX_CHESTS]; /* 0xFF: impl's own */
static uint8_t plant_rank[GROTTO_MAX_CHESTS];                       /* 0: the real rank */

static int plant_seconds(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                         uint8_t (*item)[GROTTO_MAX_CHESTS])
{
    if (grotto_engine_impl.chest_seconds(f, first, count, item))
        return -1;
    if (f->seed != plant_seed || f->floor != plant_floor)
        return 0;
    for (uint32_t k = 0; k < count; k++)
        for (int i = 0; i < f->count; i++) {
            uint32_t t = first + k;
            if (t < GROTTO_CHEST_SECONDS && plant_item[t][i] != 0xFF)
                item[k][i] = plant_item[t][i];
        }
    return 0;
}

static int plant_hits(const grotto_chest_floor *f, int chest, const grotto_item_set *set, grotto_seconds *out)
{
    if (!grotto_chest_floor_valid(f) || chest < 0 || chest >= f->count)
        return -1;
    static uint8_t item[GROTTO_CHEST_SECONDS][GROTTO_MAX_CHESTS];
    if (plant_seconds(f, 0, GROTTO_CHEST_SECONDS, item))
        return -1;
    memset(out, 0, sizeof *out);
    for (unsigned t = 0; t < GROTTO_CHEST_SECONDS; t++)
        if (grotto_item_set_has(set, item[t][chest]))
            out->bits[t / 64] |= (uint64_t)1 << (t % 64);
    return 0;
}

static int plant_map_from_floors(int quality, const grotto_map_floors_t *fl, grotto_map_t *out)
{
    if (grotto_engine_impl.map_from_floors(quality, fl, out))
        return -1;
    if (fl->seed == plant_seed && plant_floor >= 3)
        for (int i = 0; i < out->chest_count[plant_floor - 1]; i++)
            if (plant_rank[i])
                out->chest_rank[plant_floor - 1][i] = plant_rank[i];
    return 0;
}

static grotto_engine plant_engine(void)
{
    grotto_engine e = grotto_engine_impl;
    e.name = "plant";
    e.chest_seconds = plant_seconds;
    e.chest_hits = plant_hits;
    e.map_from_floors = plant_map_from_floors;
    return e;
}

static int item_no(const char *name)
{
    grotto_item_set s;
    cr_assert_gt(grotto_item_set_by_name(name, &s), 0, "%s", name);
    for (int k = 0; k < GROTTO_ITEM_SLOTS; k++)
        if (grotto_item_set_has(&s, (unsigned)k))
            return k;
    return -1;
}

/* A DD map with at least `floors` floors, `chests` chests on floor n,
 * listed, smr at least smr_min: the first seed from `from`. */
static uint32_t seed_with(uint32_t from, int n, int chests, int floors, int smr)
{
    for (uint32_t s = from; s <= GROTTO_SEED_MAX; s++) {
        uint32_t m = (uint32_t)grotto_map_slot(PLANT_BAND, s);
        uint16_t where[GT_LOCATION_COUNT + 1];
        int q15;
        if (ix->map[m].floors >= floors && ix->floor[grotto_floor_slot(s, n)].chest_count == chests &&
            ix->map[m].smr == smr && universe_query_places(ix, m, 0, where, &q15) > 0)
            return s;
    }
    cr_assert_fail("no seed");
    return 0;
}

static void plant_reset(uint32_t seed, int floor)
{
    plant_seed = seed;
    plant_floor = floor;
    memset(plant_item, 0xFF, sizeof plant_item);
    memset(plant_rank, 0, sizeof plant_rank);
}

/* Runs q over the plant seed alone; returns the floor shown (0: no hit). */
static int run_plant(universe_chest_query *q)
{
    grotto_engine e = plant_engine();
    q->band = PLANT_BAND;
    q->seed_lo = q->seed_hi = plant_seed;
    universe_chest_result r;
    char err[256];
    cr_assert_eq(universe_chest_search(ix, &e, q, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.maps, 1);
    int floor = r.count ? r.hit[0].floor : 0;
    cr_assert_leq(r.count, 1);
    universe_chest_result_free(&r);
    return floor;
}

/* An item no search here looks for, to blank a chest. */
#define BLANK item_no("Medicinal herb")

static void blank_floor(int from_t, int to_t)
{
    for (int t = from_t; t <= to_t; t++)
        for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
            plant_item[t][i] = (uint8_t)BLANK;
}

Test(universe_chest_search, planted_quickload_seconds_and_counts, .timeout = 300)
{
    open_index();
    int lucida = item_no("Lucida shard");
    universe_chest_query q;
    uint32_t s = seed_with(0, 3, 3, 4, 9);
    /* two Lucida shards on B3F at t: Solo (1) and Party (2) find them, t 0 and 3 do not */
    static const struct {
        int t;
        universe_chest_timing timing;
        int want;
    } cases[] = {{1, UNIVERSE_CHEST_SOLO_PARTY, 3}, {2, UNIVERSE_CHEST_SOLO_PARTY, 3}, {0, UNIVERSE_CHEST_SOLO_PARTY, 0},
                 {3, UNIVERSE_CHEST_SOLO_PARTY, 0}, {0, UNIVERSE_CHEST_PPAP5, 3},      {1, UNIVERSE_CHEST_PPAP5, 0},
                 {4, UNIVERSE_CHEST_PPAP9, 3},      {2, UNIVERSE_CHEST_PPAP9, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        plant_reset(s, 3);
        blank_floor(0, 255);
        plant_item[cases[k].t][0] = plant_item[cases[k].t][2] = (uint8_t)lucida;
        universe_chest_query_init(&q);
        q.target = "Lucida shard";
        q.timing = cases[k].timing;
        /* B4F may hold shards of its own: plant B3F and look at the floor shown */
        int got = run_plant(&q);
        cr_assert_eq(got == 3, cases[k].want == 3, "case %zu: floor %d", k, got);
    }
    /* one shard is not enough; Mini medal needs three on B3F */
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[1][1] = (uint8_t)lucida;
    universe_chest_query_init(&q);
    q.target = "Lucida shard";
    cr_assert_neq(run_plant(&q), 3);
    int medal = item_no("Mini medal");
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[2][0] = plant_item[2][1] = (uint8_t)medal;
    universe_chest_query_init(&q);
    q.target = "Mini medal";
    cr_assert_eq(run_plant(&q), 0, "two medals: the rule wants three on B3F");
    plant_item[2][2] = (uint8_t)medal;
    cr_assert_eq(run_plant(&q), 3);
    /* a group: two different Millionaire items count together */
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[1][0] = (uint8_t)item_no("Hero spear");
    plant_item[1][1] = (uint8_t)item_no("Pentarang");
    universe_chest_query_init(&q);
    q.target = "Millionaire";
    cr_assert_eq(run_plant(&q), 3);
    /* D: the walk of the hit chests, x3 when all three hold it */
    plant_item[1][2] = (uint8_t)item_no("Wyrmwand");
    universe_chest_result r;
    grotto_engine e = plant_engine();
    q.walk = 1;
    q.band = PLANT_BAND;
    q.seed_lo = q.seed_hi = s;
    char err[256];
    cr_assert_eq(universe_chest_search(ix, &e, &q, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.count, 1);
    cr_assert_eq(r.hit[0].x3, 1);
    cr_assert_eq(r.hit[0].chests, 3);
    uint16_t up_to;
    cr_assert_eq(grotto_walk_up_to(s, 2, &up_to), 0);
    cr_assert_gt(r.hit[0].walk, up_to, "the walk adds B3F's legs to B1F..B2F's");
    cr_assert_neq(r.hit[0].walk, GROTTO_WALK_NONE);
    universe_chest_result_free(&r);
    close_index();
}

Test(universe_chest_search, planted_b9f_and_all_floors, .timeout = 300)
{
    open_index();
    int soma = item_no("Sainted soma");
    uint32_t s = seed_with(0, 9, 2, 10, 9);
    universe_chest_query q;
    plant_reset(s, 9);
    blank_floor(0, 255);
    plant_item[2][0] = plant_item[2][1] = (uint8_t)soma;
    universe_chest_query_init(&q);
    q.target = "Sainted soma";
    cr_assert_eq(run_plant(&q), 9);
    plant_item[2][1] = (uint8_t)BLANK;
    cr_assert_eq(run_plant(&q), 0);
    /* 5A: a single floor with two is not enough (two floors needed) */
    plant_reset(s, 9);
    blank_floor(0, 255);
    plant_item[0][0] = plant_item[0][1] = (uint8_t)item_no("Lucida shard");
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_QL_ALL;
    q.timing = UNIVERSE_CHEST_PPAP5;
    q.target = "Lucida shard";
    int got = run_plant(&q);
    cr_assert(got == 0 || got != 9, "one planted floor: the other hit floor must be a real one (%d)", got);
    close_index();
}

Test(universe_chest_search, planted_third_and_s3, .timeout = 300)
{
    open_index();
    int lucida = item_no("Lucida shard");
    uint32_t s = seed_with(0, 3, 3, 4, 9);
    universe_chest_query q;
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_THIRD;
    q.target = "Lucida shard";
    /* only B3F planted: B4F's 3rd chest must hold it as well (the real one
     * does not, checked with the plant removed) */
    plant_reset(s, 3);
    cr_assert_eq(run_plant(&q), 0, "seed %04X without a plant", s);
    plant_item[2][2] = (uint8_t)lucida;
    grotto_engine e = plant_engine();
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(gt_band[PLANT_BAND].code, s, &m), 0);
    grotto_chest_floor b4;
    cr_assert_eq(grotto_chest_floor_of(&m, 4, &b4), 0);
    uint8_t at2[1][GROTTO_MAX_CHESTS];
    cr_assert_eq(e.chest_seconds(&b4, 2, 1, at2), 0);
    int b4_has = b4.count == 3 && at2[0][2] == lucida;
    cr_assert_eq(run_plant(&q), b4_has ? 3 : 0);
    /* chest 1 or 2 holding it is not the 3rd chest */
    plant_reset(s, 3);
    plant_item[2][0] = plant_item[2][1] = (uint8_t)lucida;
    cr_assert_eq(run_plant(&q), 0);
    /* S3: planted ranks and items on B13F; B14F's real chest decides */
    uint32_t s3 = seed_with(0, 13, 3, 14, 9);
    plant_reset(s3, 13);
    plant_item[2][2] = (uint8_t)item_no("Sage's elixir");
    plant_rank[2] = 9; /* rank A: S3 wants S */
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_THIRD;
    q.target = "Sainted soma";
    cr_assert_eq(run_plant(&q), 0);
    close_index();
}

Test(universe_chest_search, planted_combo_and_free, .timeout = 300)
{
    open_index();
    uint32_t s = seed_with(0, 3, 3, 4, 9);
    int bustier = item_no("Dangerous bustier"), aggressence = item_no("Aggressence");
    universe_chest_query q;
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_COMBO;
    q.target = "Dangerous bustier";
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[1][1] = (uint8_t)bustier;     /* waypoint: chest 2 at Solo */
    plant_item[8][2] = (uint8_t)aggressence; /* material at t 8 */
    cr_assert_eq(run_plant(&q), 3);
    plant_item[20][2] = (uint8_t)aggressence; /* ... but also at t 20: refused */
    cr_assert_eq(run_plant(&q), 0);
    plant_item[20][2] = (uint8_t)BLANK;
    plant_item[1][1] = (uint8_t)BLANK;
    plant_item[1][2] = (uint8_t)bustier; /* the waypoint must be chest 1 or 2 */
    cr_assert_eq(run_plant(&q), 0);
    /* PPAP 9 shifts the material's seconds by 2 */
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[4][0] = (uint8_t)bustier;
    plant_item[10][2] = (uint8_t)aggressence;
    q.timing = UNIVERSE_CHEST_PPAP9;
    cr_assert_eq(run_plant(&q), 3);
    /* monster box: the window 20..30 */
    int mimic = item_no("Mimic");
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_COMBO;
    q.target = "Mimic";
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[2][0] = (uint8_t)mimic;
    plant_item[31][2] = (uint8_t)mimic;
    cr_assert_eq(run_plant(&q), 0);
    plant_item[30][2] = (uint8_t)mimic;
    cr_assert_eq(run_plant(&q), 3);
    /* free: two conditions on one chest at one second take it once */
    int medal = item_no("Mini medal");
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[1][0] = (uint8_t)medal;
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_FREE;
    q.conds = 2;
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_ANY, .item = "Mini medal", .stopwatch = 6};
    q.cond[1] = q.cond[0];
    cr_assert_eq(run_plant(&q), 0);
    plant_item[1][2] = (uint8_t)medal;
    cr_assert_eq(run_plant(&q), 3);
    /* ... and a chest taken whole (any content, any second) is not taken again */
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_3, .stopwatch = UNIVERSE_CHEST_ANY_SECOND,
                                      .rank = 0};
    q.cond[0].chest = GROTTO_CHEST_3;
    q.cond[1] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_3, .item = "Mini medal", .stopwatch = 6};
    cr_assert_eq(run_plant(&q), 0);
    q.cond[1].chest = GROTTO_CHEST_NOT_3;
    cr_assert_eq(run_plant(&q), 3);
    /* a stopwatch below 5 is read as 5 (t 0) */
    plant_reset(s, 3);
    blank_floor(0, 255);
    plant_item[0][1] = (uint8_t)medal;
    q.conds = 1;
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_2, .item = "Mini medal", .stopwatch = 2};
    cr_assert_eq(run_plant(&q), 3);
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(gt_band[PLANT_BAND].code, s, &m), 0);
    q.cond[0].rank = m.chest_rank[2][1] == 10 ? 9 : m.chest_rank[2][1] + 1; /* another rank */
    cr_assert_eq(run_plant(&q), 0);
    q.cond[0].rank = m.chest_rank[2][1];
    cr_assert_eq(run_plant(&q), 3);
    close_index();
}

Test(universe_chest_search, refused)
{
    universe_chest_query q;
    universe_chest_result r;
    char err[256];
    universe_index dummy;
    memset(&dummy, 0, sizeof dummy);
    static const struct {
        universe_chest_kind kind;
        const char *target;
        universe_chest_timing timing;
        int walk;
    } bad[] = {{UNIVERSE_CHEST_QL, "Mimic", UNIVERSE_CHEST_SOLO_PARTY, 0},
               {UNIVERSE_CHEST_QL, "no such item", UNIVERSE_CHEST_SOLO_PARTY, 0},
               {UNIVERSE_CHEST_QL_ALL, "Lucida shard", UNIVERSE_CHEST_SOLO_PARTY, 0},
               {UNIVERSE_CHEST_THIRD, "Orichalcum", UNIVERSE_CHEST_SOLO_PARTY, 0},
               {UNIVERSE_CHEST_COMBO, "Lucida shard", UNIVERSE_CHEST_SOLO_PARTY, 0},
               {UNIVERSE_CHEST_QL_ALL, "Lucida shard", UNIVERSE_CHEST_PPAP5, 1}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        universe_chest_query_init(&q);
        q.kind = bad[k].kind;
        q.target = bad[k].target;
        q.timing = bad[k].timing;
        q.walk = bad[k].walk;
        cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2, "case %zu", k);
        cr_assert(err[0] && !strchr(err, '\n'), "case %zu: %s", k, err);
    }
    universe_chest_query_init(&q);
    q.target = "Lucida shard";
    q.band = 12;
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2);
    universe_chest_query_init(&q);
    q.target = "Lucida shard";
    q.seed_lo = 5, q.seed_hi = 4;
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2);
    universe_chest_query_init(&q);
    q.kind = UNIVERSE_CHEST_FREE;
    q.conds = 1;
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_ANY, .stopwatch = 6};
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2, "a condition asking nothing");
    q.cond[0] = (universe_chest_cond){.floor = 17, .chest = GROTTO_CHEST_1, .stopwatch = 6};
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2);
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_1, .stopwatch = 261};
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2);
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_1, .rank = 11, .stopwatch = 6};
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2);
    q.conds = 0;
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2);
    q.conds = 1;
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_1, .stopwatch = 6};
    q.walk = 1;
    cr_assert_eq(universe_chest_search(&dummy, NULL, &q, &r, err, sizeof err), 2, "the free search has no D");
    q.walk = 0;
    grotto_engine none = grotto_engine_impl;
    none.chest_hits = NULL;
    q.conds = 1;
    q.cond[0] = (universe_chest_cond){.floor = 3, .chest = GROTTO_CHEST_1, .stopwatch = 6};
    cr_assert_eq(universe_chest_search(&dummy, &none, &q, &r, err, sizeof err), -1);
}
