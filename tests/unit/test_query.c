/* Research queries (universe/universe.h): locations and base qualities against a
 * brute force over every base 2..248 with the reference timer functions
 * (rng-and-timer.md §4), the forgiving name form and the name tables against
 * every name, and the query filters against a direct scan of the index. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "universe.h"

static universe_index *open_index(void)
{
    char err[256];
    universe_index_opts o = {.engine = &grotto_engine_impl, .cache = 0};
    universe_index *ix = universe_index_open(&o, err, sizeof err);
    cr_assert_not_null(ix, "%s", err);
    return ix;
}

/* The timer tables made at build time (tools/gen_timer_tables.c) are ref's
 * grotto_timer of every timer value, each value once, in seed order and
 * ascending within a seed - and every index points to them. */
Test(query, timer_tables_are_grotto_timer)
{
    universe_index *ix = open_index();
    cr_assert_eq(ix->timer, universe_timer_draws);
    cr_assert_eq(ix->by_seed, universe_timer_by_seed);
    cr_assert_eq(ix->seed_start, universe_timer_seed_start);
    static uint8_t seen[GROTTO_TIMER_COUNT];
    memset(seen, 0, sizeof seen);
    long bad = 0;
    cr_assert_eq(universe_timer_seed_start[0], 0);
    cr_assert_eq(universe_timer_seed_start[GROTTO_SEED_COUNT], GROTTO_TIMER_COUNT);
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++) {
        cr_assert_leq(universe_timer_seed_start[seed], universe_timer_seed_start[seed + 1]);
        for (uint32_t i = universe_timer_seed_start[seed]; i < universe_timer_seed_start[seed + 1]; i++) {
            uint16_t t = universe_timer_by_seed[i];
            grotto_timer_draws d;
            grotto_timer(t, &d);
            const grotto_timer_draws *g = &universe_timer_draws[i];
            bad += d.seed != seed || g->timer != t || g->r1 != d.r1 || g->seed != d.seed || g->r3 != d.r3 ||
                   seen[t]++ || (i > universe_timer_seed_start[seed] && universe_timer_by_seed[i - 1] >= t);
        }
    }
    cr_expect_eq(bad, 0, "%ld timer table entries differ from grotto_timer or are out of order", bad);
    universe_index_close(ix);
}

/* The classes and locations of every timer in the tables, against every
 * base quality through ref's final quality and location (§4.1, §4.2):
 * class (b, L) when some base gives a quality of band b in location band L,
 * and the location ref's grotto_location picks for a quality of band L (the
 * location bands split the qualities). */
Test(query, timer_classes_and_locations_are_every_base, .timeout = 120)
{
    universe_index *ix = open_index();
    cr_assert_eq(ix->classes, universe_timer_classes);
    cr_assert_eq((const void *)ix->location, (const void *)universe_timer_location);
    long bad = 0;
    static uint64_t by_r1[1 << 16];
    static uint8_t known[1 << 16];
    for (uint32_t i = 0; i < GROTTO_TIMER_COUNT; i++) {
        const grotto_timer_draws *d = &universe_timer_draws[i];
        if (!known[d->r1]) {
            uint64_t want = 0;
            for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
                int q = grotto_final_quality(base, d->r1);
                for (int L = 0; L < GT_LOCATION_BAND_COUNT; L++)
                    if (gt_location_bands[L].qmin <= q && q <= gt_location_bands[L].qmax)
                        want |= UINT64_C(1) << (grotto_band_of_quality(q) * GT_LOCATION_BAND_COUNT + L);
            }
            by_r1[d->r1] = want;
            known[d->r1] = 1;
        }
        bad += universe_timer_classes[i] != by_r1[d->r1];
        for (int L = 0; L < GT_LOCATION_BAND_COUNT; L++)
            bad += universe_timer_location[i][L] != grotto_location(gt_location_bands[L].qmin, d->r3);
    }
    cr_expect_eq(bad, 0, "%ld timer classes or locations differ from every base's", bad);
    universe_index_close(ix);
}

/* Every map of every band: where it is found, for any base and for a few
 * given bases, equals the §4.5 listing computed base by base. */
Test(query, places_against_every_base, .timeout = 300)
{
    universe_index *ix = open_index();
    static const int bases[] = {2, 9, 10, 55, 120, 240, 248};
    long bad = 0, checked = 0;
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++) {
        static uint16_t want[8][GROTTO_BANDS][GT_LOCATION_COUNT + 1]; /* [0]: any base, [1..]: bases[] */
        memset(want, 0, sizeof want);
        for (uint32_t i = ix->seed_start[seed]; i < ix->seed_start[seed + 1]; i++) {
            grotto_timer_draws d;
            grotto_timer(ix->by_seed[i], &d);
            cr_assert_eq(d.seed, seed);
            uint8_t any[GROTTO_BANDS][GT_LOCATION_COUNT + 1] = {{0}};
            for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
                int q = grotto_final_quality(base, d.r1);
                int b = grotto_band_of_quality(q), loc = grotto_location(q, d.r3);
                any[b][loc] = 1;
                for (size_t k = 0; k < sizeof bases / sizeof bases[0]; k++)
                    want[k + 1][b][loc] += base == bases[k];
            }
            for (int b = 0; b < GROTTO_BANDS; b++)
                for (int l = 1; l <= GT_LOCATION_COUNT; l++)
                    want[0][b][l] += any[b][l];
        }
        for (int b = 0; b < GROTTO_BANDS; b++)
            for (size_t k = 0; k <= sizeof bases / sizeof bases[0]; k++) {
                uint16_t got[GT_LOCATION_COUNT + 1];
                int quest;
                uint32_t m = (uint32_t)grotto_map_slot(b, seed);
                int n = universe_query_places(ix, m, k ? bases[k - 1] : 0, got, &quest);
                checked++;
                /* quest 15's gift: any base, or the quest's own base 2 */
                int is_quest = (!k || bases[k - 1] == GT_QUEST15_QUALITY) && seed == GT_QUEST15_SEED && b == 0;
                int want_n = 0; /* the locations where it is found, the gift's among them */
                for (int l = 1; l <= GT_LOCATION_COUNT; l++)
                    want_n += want[k][b][l] > 0 || (is_quest && l == GT_QUEST15_LOCATION);
                if (memcmp(got, want[k][b], sizeof got) != 0 || quest != is_quest || n != want_n) {
                    if (bad++ < 5)
                        cr_log_error("places of %02X%04X (base %d) differ", gt_band[b].code, seed,
                                     k ? bases[k - 1] : 0);
                }
            }
    }
    fprintf(stderr, "places: %ld (map, base) pairs checked against every base, %ld differ\n", checked, bad);
    cr_expect_eq(bad, 0);
    universe_index_close(ix);
}

Test(query, name_canon)
{
    static const char *const cases[][2] = {
        {"Granite Tunnel of Woe Lv.1", "granite tunnel of woe lv1"},
        {"  granite tunnel of woe lv 1 ", "granite tunnel of woe lv1"},
        {"GRANITE TUNNEL OF WOE LV1", "granite tunnel of woe lv1"},
        {"Woe Lv. 12", "woe lv12"},
        {"Lv.", "lv"},
        {"silver lvx", "silver lvx"},
        {"うす暗き獣の地下道Lv1", "うす暗き獣の地下道lv1"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[128];
        int n = universe_name_canon(cases[i][0], out, sizeof out);
        cr_expect_str_eq(out, cases[i][1], "canon('%s')", cases[i][0]);
        cr_expect_eq(n, (int)strlen(cases[i][1]));
    }
    char small[5];
    cr_expect_eq(universe_name_canon("Abcdefgh", small, sizeof small), 8);
    cr_expect_str_eq(small, "abcd");
    /* cut inside "lv": the letter that fits is written, none is left unset */
    memset(small, 'X', sizeof small);
    cr_expect_eq(universe_name_canon("abcLv1", small, sizeof small), 6);
    cr_expect_str_eq(small, "abcl");
    memset(small, 'X', sizeof small);
    cr_expect_eq(universe_name_canon("abcdLv1", small, sizeof small), 7);
    cr_expect_str_eq(small, "abcd");
    cr_expect_eq(universe_name_canon("ab Lv 2", NULL, 0), 6, "no room: the length only");
}

/* The name tables against every name (16 x 24 x 16 word combinations x 99
 * levels, EN and JP): equal / contains, raw and forgiving. */
static void check_table(const char *text, int how)
{
    universe_name_levels *t = calloc(UNIVERSE_NAME_COMBOS, sizeof *t);
    cr_assert_eq(universe_name_table(&grotto_engine_impl, text, how, t), 0); /* impl's names, checked against ref's */
    char want[256];
    if (how & UNIVERSE_NAME_RAW)
        snprintf(want, sizeof want, "%s", text);
    else
        universe_name_canon(text, want, sizeof want);
    grotto_map_details_t d;
    memset(&d, 0, sizeof d);
    long bad = 0, hits = 0;
    for (int p = 1; p <= GT_PREFIX_NAMES; p++)
        for (int l = 1; l <= GT_LOCALE_NAMES; l++)
            for (int s = 1; s <= GT_SUFFIX_NAMES; s++)
                for (int v = 1; v <= 99; v++) {
                    d.prefix = (uint8_t)p;
                    d.locale = (uint8_t)l;
                    d.suffix = (uint8_t)s;
                    d.level = (uint8_t)v;
                    grotto_map_facts m = {.prefix = (uint8_t)p, .locale = (uint8_t)l, .suffix = (uint8_t)s};
                    int expect = 0;
                    for (int jp = 0; jp < 2; jp++) {
                        if (!(how & (jp ? UNIVERSE_NAME_JP : UNIVERSE_NAME_EN)))
                            continue;
                        char name[256], c[256];
                        (jp ? grotto_map_name_jp : grotto_map_name_en)(&d, name, sizeof name);
                        if (how & UNIVERSE_NAME_RAW)
                            snprintf(c, sizeof c, "%s", name);
                        else
                            universe_name_canon(name, c, sizeof c);
                        expect |= how & UNIVERSE_NAME_PART ? strstr(c, want) != NULL : !strcmp(c, want);
                    }
                    int got = universe_name_levels_has(&t[universe_name_combo(&m)], v);
                    hits += got;
                    if (got != expect && bad++ < 3)
                        cr_log_error("'%s' (how %d): names %d/%d/%d level %d: got %d", text, how, p, l, s, v, got);
                }
    fprintf(stderr, "name table '%s' (how %d): %ld names match, %ld differ from the brute force\n", text, how, hits, bad);
    cr_expect_eq(bad, 0);
    free(t);
}

Test(query, name_tables_against_every_name, .timeout = 300)
{
    check_table("Granite Tunnel of Woe Lv.1", UNIVERSE_NAME_EN | UNIVERSE_NAME_RAW);
    check_table("うす暗き獣の地下道Lv1", UNIVERSE_NAME_JP | UNIVERSE_NAME_RAW);
    check_table(" granite tunnel of woe LV 1", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP);
    check_table("Diamond World of Bliss Lv 70", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP);
    check_table("大いなる岩の世界Lv70", UNIVERSE_NAME_JP | UNIVERSE_NAME_RAW);
    check_table("Diamond World of Bliss Lv.070", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP); /* no such level */
    check_table("Lv.9", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP | UNIVERSE_NAME_PART);
    check_table("woe lv 1", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP | UNIVERSE_NAME_PART);
    check_table("9", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP | UNIVERSE_NAME_PART);
    check_table("Tunnel of", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP | UNIVERSE_NAME_PART);
    check_table("地下道Lv", UNIVERSE_NAME_EN | UNIVERSE_NAME_JP | UNIVERSE_NAME_PART);
    check_table("lv1x", UNIVERSE_NAME_EN | UNIVERSE_NAME_PART);
}

/* The query against a direct scan of the index, for filters whose meaning
 * is one comparison: the evaluation (bands skipped, floor masks, ranges,
 * states of listed floors) must not lose or invent a map. */
Test(query, filters_against_a_scan_of_the_index, .timeout = 300)
{
    universe_index *ix = open_index();
    universe_query q;
    universe_query_init(&q);
    q.band = 5;
    q.level_lo = 40;
    q.level_hi = 60;
    q.ghosts = 2;
    q.floor_lo = 3;
    q.floor_hi = 9;
    q.states = 1u << 0; /* normal floors only */
    universe_query_result r;
    cr_assert_eq(universe_query_run(ix, &q, &r), 0);
    uint32_t want = 0, at = 0;
    long bad = 0;
    for (uint32_t m = 0; m < GROTTO_MAP_UNIVERSE; m++) {
        const grotto_map_facts *d = &ix->map[m];
        if ((int)(m / GROTTO_SEED_COUNT) != q.band || d->level < 40 || d->level > 60)
            continue;
        uint16_t floors = 0;
        for (int n = 3; n <= 9 && n <= d->floors; n++)
            if (ix->floor[grotto_floor_slot(m % GROTTO_SEED_COUNT, n)].ghost_count >= 2 && !((d->special >> (n - 1)) & 1))
                floors |= (uint16_t)(1u << (n - 1));
        if (!floors)
            continue;
        want++;
        if (at >= r.count || r.hit[at].map != m || r.hit[at].floors != floors)
            bad++;
        else
            at++;
    }
    fprintf(stderr, "band 65, level 40..60, >= 2 ghost stairs on a normal floor of B3F..B9F: %u maps, scan %u, %ld "
                    "differ\n", r.count, want, bad);
    cr_expect_eq(r.count, want);
    cr_expect_eq(bad, 0);
    cr_expect(want > 0);
    universe_query_result_free(&r);

    /* with a base: the maps and their timer counts are the timers' own */
    universe_query_init(&q);
    q.base = 137;
    cr_assert_eq(universe_query_run(ix, &q, &r), 0);
    static uint16_t count[GROTTO_MAP_UNIVERSE];
    memset(count, 0, sizeof count);
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        count[grotto_map_slot(grotto_band_of_quality(grotto_final_quality(137, d.r1)), d.seed)]++;
    }
    uint32_t maps = 0, sum = 0;
    bad = 0;
    for (uint32_t m = 0, i = 0; m < GROTTO_MAP_UNIVERSE; m++) {
        if (!count[m])
            continue;
        maps++;
        if (i >= r.count || r.hit[i].map != m || r.hit[i].timers != count[m])
            bad++;
        else
            sum += r.hit[i++].timers;
    }
    cr_expect_eq(r.count, maps);
    cr_expect_eq(r.produced, maps);
    cr_expect_eq(r.timers, GROTTO_TIMER_COUNT);
    cr_expect_eq(sum, GROTTO_TIMER_COUNT);
    cr_expect_eq(bad, 0);
    universe_query_result_free(&r);
    universe_index_close(ix);
}
