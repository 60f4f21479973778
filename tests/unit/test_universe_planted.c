/* The oracle finds what it should and only that (issue 9): a test engine
 * "plant" wraps impl and alters exactly one chosen output in the first, a
 * middle and the LAST item of every domain - floors, maps, qualities,
 * timers, the memoized sweep, the walking costs. The oracle runs every domain in full
 * (A = impl, B = plant, against the corpus) and must report exactly the
 * planted items, with the right kinds, in the right words (seed/floor,
 * map id, quality, timer), and the expected knock-on effects: a planted
 * band map makes every quality of that band disagree with it, and a
 * planted floor or map is a "sweep vs plant" difference in the sweep. A
 * planted corpus (altered digests, an altered timer vector) is found the
 * same way. A loop that skips an item (say 0..n-2) fails here twice: the
 * last planted item is missing and the domain is incomplete. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/record.h"
#include "grotto/sweep.h"
#include "grotto/tables.h"
#include "grotto/walk.h"
#include "oracle.h"
#include "testjson.h"

/* ---- the plants ---- */

static const size_t FLOOR_PLANTS[] = {0, (size_t)0x4000 * 16 + 7, GROTTO_FLOOR_UNIVERSE - 1};
static const struct {
    int band;
    uint32_t seed;
} MAP_PLANTS[] = {{0, 0}, {6, 0x4000}, {11, 0x7FFF}};
static const struct {
    int quality;
    uint32_t seed;
} QUALITY_PLANTS[] = {{2, 0}, {125, 0x4000}, {248, 0x7FFF}};
static const struct {
    uint32_t timer;
    int base;
} TIMER_PLANTS[] = {{0, 2}, {32768, 125}, {65535, 248}};
/* walk: the first, a middle and the last floor (the plant's own floor of
 * the last one is planted too: its walk is found all the same) */
static const size_t WALK_PLANTS[] = {0, (size_t)0x2345 * 16 + 10, GROTTO_FLOOR_UNIVERSE - 1};
/* first, middle, last, and the two items on the floors/maps boundary */
static const size_t SWEEP_PLANTS[] = {0, 458752, GROTTO_FLOOR_UNIVERSE - 1, GROTTO_FLOOR_UNIVERSE,
                                      GROTTO_FLOOR_UNIVERSE + GROTTO_MAP_UNIVERSE - 1};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int plant_floor(uint32_t seed, int k, grotto_floor_t *out)
{
    int rc = grotto_engine_impl.floor(seed, k, out);
    for (size_t i = 0; i < COUNT(FLOOR_PLANTS); i++)
        if (grotto_floor_slot(seed, k) == FLOOR_PLANTS[i])
            out->grid[0] ^= 8; /* cell (0,0): record byte 16 */
    return rc;
}

static int plant_map(int quality, uint32_t seed, grotto_map_t *out)
{
    int rc = grotto_engine_impl.map(quality, seed, out);
    for (size_t i = 0; i < COUNT(MAP_PLANTS); i++)
        if (quality == gt_band[MAP_PLANTS[i].band].code && seed == MAP_PLANTS[i].seed)
            out->d.level ^= 0x40;
    return rc;
}

static int plant_from_floors(int quality, const grotto_map_floors_t *fl, grotto_map_t *out)
{
    int rc = grotto_engine_impl.map_from_floors(quality, fl, out);
    for (size_t i = 0; i < COUNT(QUALITY_PLANTS); i++)
        if (quality == QUALITY_PLANTS[i].quality && fl->seed == QUALITY_PLANTS[i].seed)
            out->d.prefix ^= 0x20;
    return rc;
}

static int plant_timer(uint32_t timer, int base, grotto_timer_value *out)
{
    int rc = grotto_engine_impl.timer(timer, base, out);
    for (size_t i = 0; i < COUNT(TIMER_PLANTS); i++)
        if (timer == TIMER_PLANTS[i].timer && base == TIMER_PLANTS[i].base)
            out->location ^= 0x80;
    return rc;
}

static int plant_sweep(const struct grotto_sweep_request *req, struct grotto_sweep_stats *st)
{
    int rc = grotto_impl_sweep(req, st);
    for (size_t i = 0; i < COUNT(SWEEP_PLANTS); i++) {
        size_t it = SWEEP_PLANTS[i];
        if (it < GROTTO_FLOOR_UNIVERSE)
            req->floor_digest[it] ^= 1;
        else
            req->map_digest[it - GROTTO_FLOOR_UNIVERSE] ^= 1;
    }
    return rc;
}

/* The floors whose walk is planted, as the plant generates them: a walk
 * sees only its floor, so the floor says which item it is. */
static grotto_floor_t walk_planted_floor[COUNT(WALK_PLANTS)];

static uint16_t plant_walk(const grotto_floor_t *f)
{
    uint16_t c = grotto_engine_impl.walk(f);
    for (size_t i = 0; i < COUNT(WALK_PLANTS); i++)
        if (!memcmp(f, &walk_planted_floor[i], sizeof *f))
            c = (uint16_t)(c + 2); /* one orthogonal step more */
    return c;
}

static grotto_engine plant;

static void make_plant(void)
{
    plant = grotto_engine_impl;
    plant.name = "plant";
    plant.floor = plant_floor;
    plant.map = plant_map;
    plant.map_from_floors = plant_from_floors;
    plant.timer = plant_timer;
    plant.sweep = plant_sweep;
    plant.walk = plant_walk;
    for (size_t i = 0; i < COUNT(WALK_PLANTS); i++)
        cr_assert_eq(plant_floor((uint32_t)(WALK_PLANTS[i] / 16), (int)(WALK_PLANTS[i] % 16) + 1,
                                 &walk_planted_floor[i]), 0);
}

/* ---- expected items ---- */

typedef struct expect_list {
    size_t n;
    size_t item[ORACLE_MAX_SHOW];
    uint8_t kind[ORACLE_MAX_SHOW];
} expect_list;

static void expect_add(expect_list *e, size_t item, uint8_t kind)
{
    for (size_t i = 0; i < e->n; i++)
        if (e->item[i] == item) {
            e->kind[i] |= kind;
            return;
        }
    cr_assert_lt(e->n, ORACLE_MAX_SHOW);
    size_t j = e->n++;
    while (j > 0 && e->item[j - 1] > item) { /* keep ascending */
        e->item[j] = e->item[j - 1];
        e->kind[j] = e->kind[j - 1];
        j--;
    }
    e->item[j] = item;
    e->kind[j] = kind;
}

static size_t quality_item(int q, uint32_t seed)
{
    return (size_t)seed * ORACLE_QUALITY_COUNT + (size_t)(q - GROTTO_QUALITY_MIN);
}

static void expected_of(oracle_domain d, expect_list *e)
{
    memset(e, 0, sizeof *e);
    const uint8_t AB_B = ORACLE_AB | ORACLE_B_CORPUS;
    switch (d) {
    case ORACLE_FLOORS:
        for (size_t i = 0; i < COUNT(FLOOR_PLANTS); i++)
            expect_add(e, FLOOR_PLANTS[i], AB_B);
        break;
    case ORACLE_MAPS:
        for (size_t i = 0; i < COUNT(MAP_PLANTS); i++)
            expect_add(e, grotto_map_slot(MAP_PLANTS[i].band, MAP_PLANTS[i].seed), AB_B);
        break;
    case ORACLE_QUALITIES:
        /* plant's band map differs from its map of every quality of the band */
        for (size_t i = 0; i < COUNT(MAP_PLANTS); i++) {
            const struct gt_band *b = &gt_band[MAP_PLANTS[i].band];
            for (int q = b->qmin; q <= b->qmax; q++)
                expect_add(e, quality_item(q, MAP_PLANTS[i].seed), ORACLE_B_REF);
        }
        for (size_t i = 0; i < COUNT(QUALITY_PLANTS); i++)
            expect_add(e, quality_item(QUALITY_PLANTS[i].quality, QUALITY_PLANTS[i].seed), ORACLE_B_REF | AB_B);
        break;
    case ORACLE_TIMERS:
        for (size_t i = 0; i < COUNT(TIMER_PLANTS); i++)
            expect_add(e, (size_t)TIMER_PLANTS[i].timer * ORACLE_QUALITY_COUNT + (size_t)(TIMER_PLANTS[i].base - 2),
                       ORACLE_AB); /* the location is not in the corpus sample */
        break;
    case ORACLE_WALK: /* the planted floors' cell (0,0) is on no walk: only the walk plants show */
        for (size_t i = 0; i < COUNT(WALK_PLANTS); i++)
            expect_add(e, WALK_PLANTS[i], AB_B);
        break;
    default:
        for (size_t i = 0; i < COUNT(SWEEP_PLANTS); i++)
            expect_add(e, SWEEP_PLANTS[i], ORACLE_A_REF | ORACLE_B_REF | ORACLE_SWEEP_CORPUS);
        for (size_t i = 0; i < COUNT(FLOOR_PLANTS); i++)
            expect_add(e, FLOOR_PLANTS[i], ORACLE_B_REF);
        for (size_t i = 0; i < COUNT(MAP_PLANTS); i++)
            expect_add(e, GROTTO_FLOOR_UNIVERSE + grotto_map_slot(MAP_PLANTS[i].band, MAP_PLANTS[i].seed),
                       ORACLE_B_REF);
        break;
    }
}

static uint64_t count_kind(const expect_list *e, uint8_t bit)
{
    uint64_t n = 0;
    for (size_t i = 0; i < e->n; i++)
        n += (e->kind[i] & bit) != 0;
    return n;
}

/* ---- report text ---- */

static char *report_of(const oracle_compare_result *r, size_t item, const oracle_compare_opts *o)
{
    int at = -1;
    for (int i = 0; i < r->first_count; i++)
        if (r->first[i] == item)
            at = i;
    cr_assert_geq(at, 0, "%s item %zu is among the reported differences", oracle_domain_name(r->domain), item);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    oracle_report_item(f, r, at, o);
    fclose(f);
    return text;
}

#define HAS(text, needle) cr_expect_not_null(strstr(text, needle), "missing \"%s\" in:\n%s", needle, text)

static void check_reports(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char buf[256], *t;
    grotto_map_t m;
    switch (r->domain) {
    case ORACLE_FLOORS:
        t = report_of(r, FLOOR_PLANTS[2], o); /* the last floor */
        HAS(t, "difference (impl != plant; plant != corpus):");
        HAS(t, "seed 0x7FFF floor 16 (B16F):");
        HAS(t, "    impl  size ");
        HAS(t, "    plant size "); /* the --b side */
        HAS(t, "    plant digest ");
        HAS(t, "first differing record byte: 16 (impl 0x01, plant 0x09)");
        HAS(t, "corpus digest ");
        snprintf(buf, sizeof buf, "    %-16s   %-16s   diff\n", "impl", "plant");
        HAS(t, buf);
        HAS(t, "   ^...............\n"); /* row 0: only cell (0,0) differs */
        free(t);
        t = report_of(r, FLOOR_PLANTS[1], o);
        HAS(t, "seed 0x4000 floor 8 (B8F):");
        free(t);
        break;
    case ORACLE_MAPS:
        t = report_of(r, grotto_map_slot(11, 0x7FFF), o); /* the last map */
        HAS(t, "difference (impl != plant; plant != corpus):");
        HAS(t, "  map DD7FFF (band 221..248, seed 0x7FFF):");
        cr_assert_eq(grotto_engine_impl.map(221, 0x7FFF, &m), 0);
        snprintf(buf, sizeof buf, " level %u*\n", (unsigned)(m.d.level ^ 0x40));
        HAS(t, buf); /* plant's line marks the level that differs from impl's */
        snprintf(buf, sizeof buf, " level %u*\n", (unsigned)m.d.level);
        HAS(t, buf);
        HAS(t, "    plant digest ");
        HAS(t, "corpus digest ");
        free(t);
        break;
    case ORACLE_QUALITIES:
        t = report_of(r, quality_item(248, 0x7FFF), o); /* the last quality of the last seed */
        HAS(t, "difference (plant at this quality != plant's band map; impl != plant; plant != corpus):");
        HAS(t, "  quality 248, seed 0x7FFF (band DD: qualities 221..248, map DD7FFF):");
        HAS(t, "    plant at quality 248:");
        cr_assert_eq(grotto_engine_impl.map(248, 0x7FFF, &m), 0);
        snprintf(buf, sizeof buf, " prefix %u* ", (unsigned)(m.d.prefix ^ 0x20));
        HAS(t, buf);
        HAS(t, "band map (map(band code)): digest ");
        HAS(t, "corpus digest of map DD7FFF ");
        free(t);
        t = report_of(r, quality_item(230, 0x7FFF), o); /* knocked on by the planted band map */
        HAS(t, "difference (plant at this quality != plant's band map):");
        HAS(t, "  quality 230, seed 0x7FFF (band DD:");
        free(t);
        break;
    case ORACLE_TIMERS: {
        t = report_of(r, (size_t)65535 * ORACLE_QUALITY_COUNT + 246, o); /* the last timer, last base */
        HAS(t, "difference (impl != plant):");
        HAS(t, "  timer 65535, base quality 248:");
        grotto_timer_value v;
        cr_assert_eq(grotto_engine_impl.timer(65535, 248, &v), 0);
        snprintf(buf, sizeof buf, "location %3u*", (unsigned)(v.location ^ 0x80));
        HAS(t, buf);
        free(t);
        break;
    }
    case ORACLE_WALK: {
        grotto_floor_t f;
        cr_assert_eq(grotto_engine_impl.floor(0x7FFF, 16, &f), 0);
        uint16_t c = grotto_engine_impl.walk(&f);
        t = report_of(r, GROTTO_FLOOR_UNIVERSE - 1, o); /* the last floor */
        HAS(t, "difference (impl != plant; plant != corpus):");
        HAS(t, "  seed 0x7FFF floor 16 (B16F): walking cost from the up to the down stairs:\n");
        snprintf(buf, sizeof buf, "    impl   walk: %u half-steps (%u%s steps)\n", c, c / 2u, c % 2u ? ".5" : "");
        HAS(t, buf);
        snprintf(buf, sizeof buf, "    plant  walk: %u half-steps (%u%s steps)*\n", c + 2u, c / 2u + 1u,
                 c % 2u ? ".5" : "");
        HAS(t, buf);
        snprintf(buf, sizeof buf, "    corpus walk: %u half-steps (%u%s steps)\n", c, c / 2u, c % 2u ? ".5" : "");
        HAS(t, buf);
        HAS(t, "    plant size "); /* the floors walked, drawn side by side */
        snprintf(buf, sizeof buf, "    %-16s   %-16s   diff\n", "impl", "plant");
        HAS(t, buf);
        HAS(t, "   ^...............\n");
        free(t);
        t = report_of(r, WALK_PLANTS[1], o);
        HAS(t, "seed 0x2345 floor 11 (B11F): walking cost");
        free(t);
        break;
    }
    default:
        t = report_of(r, GROTTO_FLOOR_UNIVERSE + GROTTO_MAP_UNIVERSE - 1, o); /* the last map of the sweep */
        HAS(t, "difference (plant sweep != impl; plant sweep != plant; plant sweep != corpus):");
        HAS(t, "  sweep map: DD7FFF (band 221..248, seed 0x7FFF):");
        HAS(t, "    plant sweep digest ");
        HAS(t, "    impl  digest ");
        free(t);
        t = report_of(r, FLOOR_PLANTS[1], o);
        HAS(t, "difference (plant sweep != plant):");
        HAS(t, "  sweep floor: seed 0x4000 floor 8 (B8F):");
        free(t);
        break;
    }
}

/* the JSON of a domain names the items and kinds */
static void check_json(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    oracle_report_json(f, r, o);
    fclose(f);
    tj *j = tj_parse(text);
    cr_assert_not_null(j, "%s", text);
    cr_expect_str_eq(tj_str(j, "domain"), oracle_domain_name(r->domain));
    cr_expect_eq(tj_int(j, "expected"), (long)r->expected);
    cr_expect_eq(tj_int(j, "checked"), (long)r->checked);
    cr_expect_eq(tj_int(j, "mismatched"), (long)r->mismatched);
    cr_expect_eq(tj_get(j, "complete")->num, 1);
    const tj *first = tj_get(j, "first");
    cr_assert_eq(first->len, (size_t)r->first_count);
    const tj *last = tj_at(first, first->len - 1);
    switch (r->domain) {
    case ORACLE_FLOORS:
        cr_expect_eq(tj_int(last, "seed"), 0x7FFF);
        cr_expect_eq(tj_int(last, "floor"), 16);
        break;
    case ORACLE_MAPS:
        cr_expect_eq(tj_int(last, "band"), 221);
        cr_expect_eq(tj_int(last, "seed"), 0x7FFF);
        break;
    case ORACLE_QUALITIES:
        cr_expect_eq(tj_int(last, "quality"), 248);
        cr_expect_eq(tj_int(last, "band"), 221);
        cr_expect_eq(tj_int(last, "seed"), 0x7FFF);
        cr_expect_str_eq(tj_at(tj_get(last, "kinds"), 0)->str, "b_band");
        break;
    case ORACLE_TIMERS:
        cr_expect_eq(tj_int(last, "timer"), 65535);
        cr_expect_eq(tj_int(last, "base"), 248);
        cr_expect_str_eq(tj_at(tj_get(last, "kinds"), 0)->str, "ab");
        break;
    case ORACLE_WALK: {
        cr_expect_eq(tj_int(last, "seed"), 0x7FFF);
        cr_expect_eq(tj_int(last, "floor"), 16);
        const tj *h = tj_get(last, "half_steps");
        cr_assert_not_null(h);
        cr_expect_eq(tj_int(h, "b"), tj_int(h, "a") + 2);
        cr_expect_eq(tj_int(h, "corpus"), tj_int(h, "a"));
        cr_expect_eq(tj_get(last, "kinds")->len, 2);
        cr_expect_not_null(tj_get(j, "search_cpu_seconds"));
        break;
    }
    default:
        cr_expect_str_eq(tj_str(last, "record"), "map");
        cr_expect_eq(tj_int(last, "band"), 221);
        cr_expect_eq(tj_int(last, "seed"), 0x7FFF);
        cr_expect_eq(tj_get(last, "kinds")->len, 3);
        break;
    }
    tj_free(j);
    free(text);
}

/* the summary line names the domain, the count of its definition and every kind */
static void check_summary(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    static const char *const want[ORACLE_DOMAIN_COUNT] = {
        "floors: 524288 of 524288 checked (32768 seeds x 16 floors), 3 mismatched (impl vs plant: 3 differences; "
        "impl vs corpus: 0; plant vs corpus: 3) in ",
        "maps: 393216 of 393216 checked (12 bands x 32768 seeds), 3 mismatched (impl vs plant: 3 differences; "
        "impl vs corpus: 0; plant vs corpus: 3) in ",
        "qualities: 8093696 of 8093696 checked (247 qualities x 32768 seeds), 102 mismatched (impl vs its band "
        "maps: 0; plant vs its band maps: 102; impl vs plant: 3 differences; impl vs corpus: 0; plant vs corpus: 3) "
        "in ",
        "timers: 16187392 of 16187392 checked (65536 timers x 247 base qualities), 3 mismatched (impl vs plant: 3 "
        "differences; impl vs corpus sample: 0; plant vs corpus sample: 0) in ",
        "sweep: 917504 of 917504 checked (524288 floors + 393216 maps of plant's memoized sweep), 7 mismatched "
        "(sweep vs impl: 5; sweep vs plant: 7; sweep vs corpus: 5) in ",
        "walk: 524288 of 524288 checked (32768 seeds x 16 floors), 3 mismatched (impl vs plant: 3 differences; "
        "impl vs corpus: 0; plant vs corpus: 3) in "};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    oracle_report_summary(f, r, o);
    fclose(f);
    cr_expect_eq(strncmp(text, want[r->domain], strlen(want[r->domain])), 0, "summary:\n%s\nexpected:\n%s", text,
                 want[r->domain]);
    free(text);
}

static int seen;

static int check_planted(void *ctx, const oracle_compare_result *r)
{
    const oracle_compare_opts *o = ctx;
    const char *name = oracle_domain_name(r->domain);
    seen |= 1 << r->domain;
    cr_expect(oracle_result_complete(r), "%s: %llu of %llu checked, %llu visits", name,
              (unsigned long long)r->checked, (unsigned long long)r->expected, (unsigned long long)r->visits);
    expect_list e;
    expected_of(r->domain, &e);
    cr_expect_eq(r->mismatched, e.n, "%s: %llu mismatched, planted %zu", name, (unsigned long long)r->mismatched, e.n);
    cr_expect_eq(r->ab, count_kind(&e, ORACLE_AB), "%s ab", name);
    cr_expect_eq(r->a_corpus, 0, "%s: impl agrees with the corpus", name);
    cr_expect_eq(r->b_corpus, count_kind(&e, ORACLE_B_CORPUS), "%s b_corpus", name);
    cr_expect_eq(r->a_ref, count_kind(&e, ORACLE_A_REF), "%s a_ref", name);
    cr_expect_eq(r->b_ref, count_kind(&e, ORACLE_B_REF), "%s b_ref", name);
    cr_expect_eq(r->sweep_corpus, count_kind(&e, ORACLE_SWEEP_CORPUS), "%s sweep_corpus", name);
    cr_expect_eq((size_t)r->first_count, e.n, "%s: every difference reported", name);
    for (int i = 0; i < r->first_count && (size_t)i < e.n; i++) {
        cr_expect_eq(r->first[i], e.item[i], "%s difference %d: item %zu, planted %zu", name, i, r->first[i],
                     e.item[i]);
        cr_expect_eq(r->first_kind[i], e.kind[i], "%s item %zu: kinds %u, expected %u", name, r->first[i],
                     r->first_kind[i], e.kind[i]);
    }
    check_reports(r, o);
    check_json(r, o);
    check_summary(r, o);
    return 0;
}

static oracle_corpus corpus;

static void load_corpus(unsigned domains)
{
    char err[4096];
    cr_assert_eq(oracle_corpus_load("corpus", domains, &corpus, err, sizeof err), 0, "%s", err);
}

Test(universe_planted, every_domain_first_middle_last, .timeout = 1200)
{
    make_plant();
    /* the corpus domains; at and multibug: test_universe_planted_at.c; chests:
     * test_universe_planted_chests.c */
    load_corpus(ORACLE_CORPUS_DOMAINS);
    oracle_compare_opts o = {.a = &grotto_engine_impl, .b = &plant, .sweeper = &plant,
                             .want_floors = corpus.floors, .want_maps = corpus.maps, .want_timers = corpus.timers,
                             .want_walk = corpus.walk, .threads = 0, .show = ORACLE_MAX_SHOW, .quiet = 1};
    cr_assert_eq(oracle_run(ORACLE_CORPUS_DOMAINS, &o, check_planted, &o), 0);
    cr_expect_eq(seen, (int)ORACLE_CORPUS_DOMAINS, "every domain reported");
    oracle_corpus_free(&corpus);
}

/* An altered corpus digest is a difference of A against the corpus, found
 * at the first, a middle and the last floor. */
Test(universe_planted, corpus_digests_first_middle_last, .timeout = 600)
{
    load_corpus(1u << ORACLE_FLOORS);
    const size_t at[] = {0, 300001, GROTTO_FLOOR_UNIVERSE - 1};
    for (size_t i = 0; i < COUNT(at); i++)
        corpus.floors[at[i]] ^= UINT64_C(1) << 40;
    oracle_compare_opts o = {.a = &grotto_engine_impl, .want_floors = corpus.floors, .show = 10, .quiet = 1};
    oracle_compare_result r;
    cr_assert_eq(oracle_compare(ORACLE_FLOORS, &o, &r), 0);
    cr_expect(oracle_result_complete(&r));
    cr_expect_eq(r.mismatched, 3);
    cr_expect_eq(r.a_corpus, 3);
    cr_assert_eq(r.first_count, 3);
    for (int i = 0; i < 3; i++) {
        cr_expect_eq(r.first[i], at[i]);
        cr_expect_eq(r.first_kind[i], ORACLE_A_CORPUS);
    }
    char *t = report_of(&r, at[2], &o);
    char want[64];
    snprintf(want, sizeof want, "corpus digest %016llx", (unsigned long long)corpus.floors[at[2]]);
    HAS(t, "difference (impl != corpus):");
    HAS(t, "seed 0x7FFF floor 16 (B16F):");
    HAS(t, want);
    free(t);
    oracle_corpus_free(&corpus);
}

/* Without B the timers domain is the corpus sample's timers x 247 bases;
 * an altered vector (first and last timer of the sample) differs at every
 * base quality of that timer. */
Test(universe_planted, timer_sample_vectors)
{
    load_corpus(1u << ORACLE_TIMERS);
    uint32_t first = 0, last = 0;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++)
        if (corpus.timers->present[t])
            last = t;
    cr_assert(corpus.timers->present[first]);
    grotto_timer_draws keep = corpus.timers->draws[first];
    corpus.timers->draws[first].r3 ^= 1;
    corpus.timers->draws[last].seed ^= 0x100;
    oracle_compare_opts o = {.a = &grotto_engine_impl, .want_timers = corpus.timers, .show = ORACLE_MAX_SHOW,
                             .quiet = 1};
    oracle_compare_result r;
    cr_assert_eq(oracle_compare(ORACLE_TIMERS, &o, &r), 0);
    cr_expect_str_eq(r.definition, "1665 corpus timers x 247 base qualities");
    cr_expect_eq(r.expected, 1665u * 247u);
    cr_expect(oracle_result_complete(&r));
    cr_expect_eq(r.mismatched, 2 * 247);
    cr_expect_eq(r.a_corpus, 2 * 247);
    cr_expect_eq(r.first[0], 0);
    cr_expect_eq(r.first[ORACLE_MAX_SHOW - 1], ORACLE_MAX_SHOW - 1);
    /* the last one alone */
    corpus.timers->draws[first] = keep;
    cr_assert_eq(oracle_compare(ORACLE_TIMERS, &o, &r), 0);
    cr_expect_eq(r.mismatched, 247);
    cr_expect_eq(r.first[0], (size_t)last * 247);
    char *t = report_of(&r, (size_t)last * 247 + 127, &o);
    char want[96];
    snprintf(want, sizeof want, "  timer %u, base quality 129:", last);
    HAS(t, want);
    HAS(t, "difference (impl != corpus sample):");
    snprintf(want, sizeof want, "seed 0x%04X*", corpus.timers->draws[last].seed);
    HAS(t, want);
    free(t);
    oracle_corpus_free(&corpus);
}

/* An altered golden walking cost is a difference of A against the corpus,
 * at the first, a middle and the last floor; the report gives the costs. */
Test(universe_planted, corpus_walk_first_middle_last, .timeout = 600)
{
    load_corpus(1u << ORACLE_WALK);
    const size_t at[] = {0, 300001, GROTTO_FLOOR_UNIVERSE - 1};
    uint16_t was[3];
    for (size_t i = 0; i < COUNT(at); i++) {
        was[i] = corpus.walk[at[i]];
        corpus.walk[at[i]] = GROTTO_WALK_NONE;
    }
    oracle_compare_opts o = {.a = &grotto_engine_ref, .want_walk = corpus.walk, .show = 10, .quiet = 1};
    oracle_compare_result r;
    cr_assert_eq(oracle_compare(ORACLE_WALK, &o, &r), 0);
    cr_expect(oracle_result_complete(&r));
    cr_expect_eq(r.mismatched, 3);
    cr_expect_eq(r.a_corpus, 3);
    cr_assert_eq(r.first_count, 3);
    for (int i = 0; i < 3; i++) {
        cr_expect_eq(r.first[i], at[i]);
        cr_expect_eq(r.first_kind[i], ORACLE_A_CORPUS);
    }
    char *t = report_of(&r, at[1], &o);
    char want[96];
    HAS(t, "difference (ref != corpus):");
    HAS(t, "  seed 0x493E floor 2 (B2F): walking cost"); /* 300001 = 0x493E * 16 + 1 */
    snprintf(want, sizeof want, "    ref    walk: %u half-steps", was[1]);
    HAS(t, want);
    HAS(t, "    corpus walk: none (no path)*\n");
    HAS(t, "    ref   size ");
    free(t);
    oracle_corpus_free(&corpus);
}
