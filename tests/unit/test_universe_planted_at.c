/* The at and multibug domains find what they should and only that: a test
 * engine "plant" wraps impl and alters one output of each kind - the marks
 * (an R2 position, a POP's deftness), the whistle test, a scan's count and
 * a scan's starts, a bug map's level and a deep floor's enemy-list state -
 * at the first, a middle and the LAST item of each domain. The oracle runs
 * both domains in full (A = impl, B = plant) and must report exactly the
 * planted items, in the right words and JSON, with the full count. A loop
 * that skips an item fails here twice: the last planted item is missing
 * and the domain is incomplete. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/at.h"
#include "grotto/multibug.h"
#include "grotto/tables.h"
#include "oracle.h"
#include "corpus.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
enum { LAST_SCAN = ORACLE_AT_SCANS - 1 };

static const uint32_t R2_PLANTS[] = {0, 0x4000, 0x7FFF}; /* marks: R2 + 1 */
static const uint32_t DEFT_PLANT = 0x2000;               /* marks: zoom 3 deftness */
static const uint32_t WHISTLE_PLANT = 0x1234;            /* Metal King Slime, fire 9, <= 100 */
static const uint32_t FIRST_SCAN_PLANT = 0;              /* the first scan: one match more */
static const uint32_t LAST_SCAN_PLANT = 0x7FFF;          /* the last scan: a start moved */
static const struct {
    int band;
    uint32_t seed;
    int floor_state; /* 0: the bug map's level; else alter this floor's state */
} MB_PLANTS[] = {{0, 0, 0}, {3, 0x0100, 16}, {6, 0x4000, 0}, {11, 0x7FFF, 0}};

static int is_scan(const grotto_at_scan_query *q, int s)
{
    grotto_at_scan_query w;
    oracle_at_scan_query(s, &w);
    return q->pattern == w.pattern && q->threshold == w.threshold && q->max_steps == w.max_steps && q->pop == w.pop;
}

static int plant_at(uint32_t seed, struct grotto_at *out)
{
    int rc = grotto_engine_impl.at(seed, out);
    for (size_t i = 0; i < COUNT(R2_PLANTS); i++)
        if (seed == R2_PLANTS[i])
            out->r2++;
    return rc;
}

static int plant_pop(uint32_t seed, int zoom, struct grotto_at_pop *out)
{
    int rc = grotto_engine_impl.at_pop(seed, zoom, out);
    if (seed == DEFT_PLANT && zoom == ORACLE_AT_ZOOMS - 1)
        out->deftness ^= 4;
    return rc;
}

static int mks;

static int plant_whistle(uint32_t seed, const struct grotto_whistle *w)
{
    int rc = grotto_engine_impl.whistle(seed, w);
    if (seed == WHISTLE_PLANT && w->env == 5 && w->mr == 9 && w->monster == mks && w->deft_max == 100)
        rc = !rc;
    return rc;
}

static long plant_scan(uint32_t seed, const struct grotto_at_scan_query *q, uint32_t *start, size_t cap)
{
    long n = grotto_engine_impl.at_scan(seed, q, start, cap);
    if (seed == FIRST_SCAN_PLANT && is_scan(q, 0)) {
        if ((size_t)n < cap)
            start[n] = 44;
        n++;
    }
    if (seed == LAST_SCAN_PLANT && is_scan(q, LAST_SCAN)) {
        cr_assert_gt(cap, 0);
        if (n == 0)
            n = 1, start[0] = 0;
        start[0] += 1000;
    }
    return n;
}

static int plant_multibug(int quality, const grotto_map_floors_t *fl, struct grotto_multibug *out)
{
    int rc = grotto_engine_impl.multibug(quality, fl, out);
    for (size_t i = 0; i < COUNT(MB_PLANTS); i++)
        if (quality == gt_band[MB_PLANTS[i].band].code && fl->seed == MB_PLANTS[i].seed) {
            if (MB_PLANTS[i].floor_state)
                out->elist[MB_PLANTS[i].floor_state - 1].state ^= 1;
            else
                out->bug.level ^= 0x40;
        }
    return rc;
}

static grotto_engine plant;

static void make_plant(void)
{
    for (int i = 0; i < GT_MONSTER_COUNT; i++)
        if (!strcmp(gt_monsters[i].en, "Metal King Slime"))
            mks = i;
    plant = grotto_engine_impl;
    plant.name = "plant";
    plant.at = plant_at;
    plant.at_pop = plant_pop;
    plant.whistle = plant_whistle;
    plant.at_scan = plant_scan;
    plant.multibug = plant_multibug;
}

static size_t at_item(uint32_t seed, int part)
{
    return (size_t)seed * ORACLE_AT_PER_SEED + (size_t)part;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* the planted items of a domain, ascending */
static size_t expected_of(oracle_domain d, size_t *item)
{
    size_t n = 0;
    if (d == ORACLE_AT) {
        for (size_t i = 0; i < COUNT(R2_PLANTS); i++)
            item[n++] = at_item(R2_PLANTS[i], 0);
        item[n++] = at_item(DEFT_PLANT, 0);
        item[n++] = at_item(WHISTLE_PLANT, 1);
        item[n++] = at_item(FIRST_SCAN_PLANT, 2);
        item[n++] = at_item(LAST_SCAN_PLANT, 2 + LAST_SCAN);
    } else {
        for (size_t i = 0; i < COUNT(MB_PLANTS); i++)
            item[n++] = grotto_map_slot(MB_PLANTS[i].band, MB_PLANTS[i].seed);
    }
    qsort(item, n, sizeof *item, cmp_size);
    return n;
}

static char *text_of(const oracle_compare_result *r, size_t item, const oracle_compare_opts *o)
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

static void check_at_reports(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char buf[160];
    char *t = text_of(r, at_item(0x7FFF, 0), o);
    grotto_at_t a;
    cr_assert_eq(grotto_engine_impl.at(0x7FFF, &a), 0);
    HAS(t, "difference (impl != plant):");
    HAS(t, "  seed 0x7FFF: marks (steps 35..37, R2 / +3 / N2, POP of zooms 0..3):");
    snprintf(buf, sizeof buf, "  R2 %d*  +3", a.r2 + 1);
    HAS(t, buf);
    snprintf(buf, sizeof buf, "  R2 %d*  +3", a.r2);
    HAS(t, buf);
    free(t);

    t = text_of(r, at_item(DEFT_PLANT, 0), o);
    HAS(t, "          zoom 3: POP 122 value ");
    cr_expect_null(strstr(t, "R2 -1*"), "only the deftness differs:\n%s", t);
    HAS(t, "deftness ");
    free(t);

    t = text_of(r, at_item(WHISTLE_PLANT, 1), o);
    HAS(t, "  seed 0x1234: whistle at zoom 0 (POP 35), ");
    HAS(t, "    env 5 rank  9 Metal King Slime");
    cr_expect_null(strstr(t, "members differ in all"), "one member differs:\n%s", t);
    free(t);

    t = text_of(r, at_item(LAST_SCAN_PLANT, 2 + LAST_SCAN), o);
    HAS(t, "  seed 0x7FFF: scan 3_in_10, hit <= 1024, steps 1..400, POP 93:");
    HAS(t, "    plant ");
    HAS(t, "*");
    free(t);

    t = text_of(r, at_item(FIRST_SCAN_PLANT, 2), o);
    HAS(t, "  seed 0x0000: scan R2, hit <= 128, steps 1..45, POP 35:");
    HAS(t, " 44*");
    free(t);
}

static void check_multibug_reports(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char buf[160];
    char *t = text_of(r, grotto_map_slot(11, 0x7FFF), o);
    grotto_multibug_t m;
    grotto_map_floors_t fl;
    cr_assert_eq(grotto_engine_impl.map_floors(0x7FFF, 16, &fl), 0);
    cr_assert_eq(grotto_engine_impl.multibug(221, &fl, &m), 0);
    HAS(t, "difference (impl != plant):");
    HAS(t, "  map DD7FFF, multiplayer bug (band 221..248, seed 0x7FFF):");
    snprintf(buf, sizeof buf, " level %u* sides\n", (unsigned)(m.bug.level ^ 0x40));
    HAS(t, buf);
    snprintf(buf, sizeof buf, " level %u* sides\n", (unsigned)m.bug.level);
    HAS(t, buf);
    cr_expect_null(strstr(t, "<- differs"), "no floor differs:\n%s", t);
    free(t);
    t = text_of(r, grotto_map_slot(3, 0x0100), o);
    HAS(t, "  map 4C0100, multiplayer bug (band 76..80, seed 0x0100):");
    HAS(t, "      B16F chests ");
    HAS(t, "<- differs");
    free(t);
}

static void check_json(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    oracle_report_json(f, r, o);
    fclose(f);
    json_t *j = jparse(text);
    cr_assert_not_null(j, "%s", text);
    cr_expect_str_eq(jstr(j, "domain"), oracle_domain_name(r->domain));
    cr_expect_eq(jint(j, "expected"), (long)r->expected);
    cr_expect_eq(jint(j, "checked"), (long)r->checked);
    cr_expect_eq(jint(j, "mismatched"), (long)r->mismatched);
    cr_expect_eq(jlong(json_object_get(j, "complete")), 1);
    cr_expect_eq(jlong(json_object_get(j, "against_corpus")), 0);
    cr_expect_eq(jint(json_object_get(j, "differences"), "ab"), (long)r->mismatched);
    const json_t *calls = json_object_get(j, "engine_cpu_seconds");
    cr_expect_float_eq(json_number_value(json_object_get(calls, "a")), r->engine_cpu_seconds[0], 6e-4);
    cr_expect_float_eq(json_number_value(json_object_get(calls, "b")), r->engine_cpu_seconds[1], 6e-4);
    const json_t *first = json_object_get(j, "first");
    cr_assert_eq(json_array_size(first), (size_t)r->first_count);
    const json_t *last = json_array_get(first, json_array_size(first) - 1);
    cr_expect_eq(jint(last, "seed"), 0x7FFF);
    cr_expect_str_eq(json_string_value(json_array_get(json_object_get(last, "kinds"), 0)), "ab");
    if (r->domain == ORACLE_AT) {
        cr_expect_str_eq(jstr(last, "part"), "scan");
        cr_expect_str_eq(jstr(last, "pattern"), "3_in_10");
        cr_expect_eq(jint(last, "threshold"), 1024);
        cr_expect_eq(jint(last, "max_steps"), 400);
        cr_expect_eq(jint(last, "pop"), 93);
        cr_expect_str_eq(jstr(json_array_get(first, 0), "part"), "marks");
        cr_expect_eq(jint(json_array_get(first, 0), "seed"), 0);
    } else {
        cr_expect_eq(jint(last, "band"), 221);
        cr_expect_eq(jint(json_array_get(first, 0), "band"), 2);
    }
    json_decref(j);
    free(text);
}

static void check_summary(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    const char *want = r->domain == ORACLE_AT
                           ? "at: 5177344 of 5177344 checked (32768 seeds x (marks + whistle + 156 scans)), 7 "
                             "mismatched (impl vs plant: 7 differences) in "
                           : "multibug: 393216 of 393216 checked (12 bands x 32768 seeds), 4 mismatched (impl vs "
                             "plant: 4 differences) in ";
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    oracle_report_summary(f, r, o);
    fclose(f);
    cr_expect_eq(strncmp(text, want, strlen(want)), 0, "summary:\n%s\nexpected:\n%s", text, want);
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
    size_t want[16];
    size_t n = expected_of(r->domain, want);
    cr_expect_eq(r->mismatched, n, "%s: %llu mismatched, planted %zu", name, (unsigned long long)r->mismatched, n);
    cr_expect_eq(r->ab, n, "%s: every difference is A vs B", name);
    cr_expect_eq(r->a_corpus + r->b_corpus + r->a_ref + r->b_ref + r->sweep_corpus, 0);
    cr_assert_eq((size_t)r->first_count, n, "%s: every difference reported", name);
    for (size_t i = 0; i < n; i++) {
        cr_expect_eq(r->first[i], want[i], "%s difference %zu: item %zu, planted %zu", name, i, r->first[i], want[i]);
        cr_expect_eq(r->first_kind[i], ORACLE_AB);
    }
    /* each engine's calls timed apart, inside the domain's CPU time */
    for (int side = 0; side < 2; side++)
        cr_expect(r->engine_cpu_seconds[side] > 0, "%s: engine %c's calls took %g s", name, 'A' + side,
                  r->engine_cpu_seconds[side]);
    cr_expect(r->engine_cpu_seconds[0] + r->engine_cpu_seconds[1] <= r->cpu_seconds + 1e-3,
              "%s: the engines' %g + %g s exceed the domain's %g s", name, r->engine_cpu_seconds[0],
              r->engine_cpu_seconds[1], r->cpu_seconds);
    if (r->domain == ORACLE_AT)
        check_at_reports(r, o);
    else
        check_multibug_reports(r, o);
    check_json(r, o);
    check_summary(r, o);
    return 0;
}

Test(universe_planted_at, at_and_multibug_first_middle_last, .timeout = 1200)
{
    make_plant();
    unsigned domains = 1u << ORACLE_AT | 1u << ORACLE_MULTIBUG;
    oracle_compare_opts o = {.a = &grotto_engine_impl, .b = &plant, .threads = 0, .show = ORACLE_MAX_SHOW, .quiet = 1};
    cr_assert_eq(oracle_run(domains, &o, check_planted, &o), 0);
    cr_expect_eq(seen, (int)domains, "both domains reported");
}
