/* The oracle's report (oracle/report.c), domain by domain: the summary line
 * names every kind of difference that applies with its own count (and no
 * kind that does not apply), the JSON document carries the same counts
 * under each kind's key and identifies every first difference by its own
 * members, and the item reports of timers, qualities, walks and the sweep
 * show both sides with the differing values marked. The results are
 * built by hand with a different count per kind, so a count reported
 * under another kind's name, or a kind dropped or added, changes the text;
 * differences are planted through a test engine (impl, bent at one item). */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/at.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/walk.h"
#include "oracle.h"

/* ---- a hand-made result: every kind its own count ---- */

static oracle_compare_result result(oracle_domain d)
{
    oracle_compare_result r;
    memset(&r, 0, sizeof r);
    r.domain = d;
    snprintf(r.definition, sizeof r.definition, "the test's items");
    r.expected = 40;
    r.checked = 40;
    r.visits = 40;
    r.mismatched = 7;
    r.ab = 1;
    r.a_corpus = 2;
    r.b_corpus = 3;
    r.a_ref = 4;
    r.b_ref = 5;
    r.sweep_corpus = 6;
    r.against_corpus = 1;
    r.seconds = 1.5;
    r.cpu_seconds = 2.25;
    r.search_cpu_seconds[0] = 0.5;
    r.search_cpu_seconds[1] = 0.25;
    r.engine_cpu_seconds[0] = 0.75;
    r.engine_cpu_seconds[1] = 1.0;
    return r;
}

static char *summary(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    oracle_report_summary(f, r, o);
    cr_assert_eq(fclose(f), 0);
    return text;
}

static void expect_summary(oracle_domain d, const oracle_compare_opts *o, int against_corpus, const char *want)
{
    oracle_compare_result r = result(d);
    r.against_corpus = against_corpus;
    char *text = summary(&r, o);
    cr_expect_str_eq(text, want, "%s summary (b %s, corpus %d)", oracle_domain_name(d), o->b ? o->b->name : "none",
                     against_corpus);
    free(text);
}

Test(oracle_report, summary_of_every_domain_names_each_kind_with_its_count)
{
    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &grotto_engine_impl};
    oracle_compare_opts a = {.a = &grotto_engine_ref};
    oracle_compare_opts sweep = {.a = &grotto_engine_ref, .b = &grotto_engine_impl, .sweeper = &grotto_engine_ref};
    static const char HEAD[] = "of 40 checked (the test's items), 7 mismatched";
    static const char TAIL[] = " in 1.50 s (cpu 2.25 s)\n";
    char want[512];
    static const oracle_domain RECORD[] = {ORACLE_FLOORS, ORACLE_MAPS, ORACLE_AT, ORACLE_MULTIBUG};
    /* at and multibug add each engine's calls alone */
    static const char CALLS_AB[] = " in 1.50 s (cpu 2.25 s; the engines' calls alone: ref 0.75 s, impl 1.00 s)\n";
    static const char CALLS_A[] = " in 1.50 s (cpu 2.25 s; the engines' calls alone: ref 0.75 s)\n";
    for (size_t i = 0; i < sizeof RECORD / sizeof RECORD[0]; i++) {
        const char *name = oracle_domain_name(RECORD[i]);
        int calls = RECORD[i] == ORACLE_AT || RECORD[i] == ORACLE_MULTIBUG;
        const char *tail_ab = calls ? CALLS_AB : TAIL, *tail_a = calls ? CALLS_A : TAIL;
        snprintf(want, sizeof want, "%s: 40 %s (ref vs impl: 1 differences; ref vs corpus: 2; impl vs corpus: 3)%s",
                 name, HEAD, tail_ab);
        expect_summary(RECORD[i], &ab, 1, want);
        snprintf(want, sizeof want, "%s: 40 %s (ref vs impl: 1 differences)%s", name, HEAD, tail_ab);
        expect_summary(RECORD[i], &ab, 0, want);
        snprintf(want, sizeof want, "%s: 40 %s (ref vs corpus: 2)%s", name, HEAD, tail_a);
        expect_summary(RECORD[i], &a, 1, want);
        snprintf(want, sizeof want, "%s: 40 %s%s", name, HEAD, tail_a);
        expect_summary(RECORD[i], &a, 0, want);
    }
    snprintf(want, sizeof want,
             "qualities: 40 %s (ref vs its band maps: 4; impl vs its band maps: 5; ref vs impl: 1 differences; "
             "ref vs corpus: 2; impl vs corpus: 3)%s", HEAD, TAIL);
    expect_summary(ORACLE_QUALITIES, &ab, 1, want);
    snprintf(want, sizeof want, "qualities: 40 %s (ref vs its band maps: 4)%s", HEAD, TAIL);
    expect_summary(ORACLE_QUALITIES, &a, 0, want);
    snprintf(want, sizeof want,
             "timers: 40 %s (ref vs impl: 1 differences; ref vs corpus sample: 2; impl vs corpus sample: 3)%s", HEAD,
             TAIL);
    expect_summary(ORACLE_TIMERS, &ab, 1, want);
    /* the sweep's kinds name the sweeper's comparisons; %s is the sweeper */
    snprintf(want, sizeof want, "sweep: 40 %s (sweep vs ref: 4; sweep vs impl: 5; sweep vs corpus: 6)%s", HEAD, TAIL);
    expect_summary(ORACLE_SWEEP, &sweep, 1, want);
    snprintf(want, sizeof want, "sweep: 40 %s (sweep vs ref: 4)%s", HEAD, TAIL);
    expect_summary(ORACLE_SWEEP, &a, 0, want);
    /* walk and chests add what their engines' own parts took */
    snprintf(want, sizeof want,
             "walk: 40 %s (ref vs impl: 1 differences; ref vs corpus: 2; impl vs corpus: 3) in 1.50 s (cpu 2.25 s; "
             "the searches alone: ref 0.50 s, impl 0.25 s)\n", HEAD);
    expect_summary(ORACLE_WALK, &ab, 1, want);
    snprintf(want, sizeof want, "walk: 40 %s (ref vs corpus: 2) in 1.50 s (cpu 2.25 s; the searches alone: ref 0.50 s)\n",
             HEAD);
    expect_summary(ORACLE_WALK, &a, 1, want);
    snprintf(want, sizeof want,
             "chests: 40 %s (ref vs impl: 1 differences) in 1.50 s (cpu 2.25 s; the contents alone: ref 0.75 s, "
             "impl 1.00 s)\n", HEAD);
    expect_summary(ORACLE_CHESTS, &ab, 0, want);
}

/* ---- the JSON document ---- */

static json_t *json_report(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    oracle_report_json(f, r, o);
    cr_assert_eq(fclose(f), 0);
    json_error_t err;
    json_t *j = json_loads(text, JSON_REJECT_DUPLICATES, &err);
    cr_assert_not_null(j, "not JSON (%s): %s", err.text, text);
    free(text);
    return j;
}

static json_int_t member_int(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    cr_assert(json_is_integer(v), "no integer '%s'", key);
    return json_integer_value(v);
}

static const char *member_str(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    cr_assert(json_is_string(v), "no string '%s'", key);
    return json_string_value(v);
}

/* "differences": exactly these kinds, each with its count */
static void expect_differences(const json_t *j, const char *const *keys, const int *counts, size_t n)
{
    const json_t *d = json_object_get(j, "differences");
    cr_assert(json_is_object(d));
    cr_expect_eq(json_object_size(d), n, "%s: %zu kinds, expected %zu", member_str(j, "domain"),
                 json_object_size(d), n);
    for (size_t i = 0; i < n; i++)
        cr_expect_eq(member_int(d, keys[i]), counts[i], "%s: %s", member_str(j, "domain"), keys[i]);
}

Test(oracle_report, json_of_every_domain_carries_the_counts_under_their_kinds)
{
    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &grotto_engine_impl};
    oracle_compare_opts a = {.a = &grotto_engine_impl};
    static const char *const REC[] = {"ab", "a_corpus", "b_corpus"};
    static const int REC_N[] = {1, 2, 3};
    static const char *const QUAL[] = {"a_band", "b_band", "ab", "a_corpus", "b_corpus"};
    static const int QUAL_N[] = {4, 5, 1, 2, 3};
    static const char *const SWEEP[] = {"sweep_a", "sweep_b", "sweep_corpus"};
    static const int SWEEP_N[] = {4, 5, 6};
    for (int d = 0; d < ORACLE_DOMAIN_COUNT; d++) {
        oracle_compare_result r = result((oracle_domain)d);
        json_t *j = json_report(&r, &ab);
        cr_expect_str_eq(member_str(j, "domain"), oracle_domain_name((oracle_domain)d));
        cr_expect_str_eq(member_str(j, "a"), "ref");
        cr_expect_str_eq(member_str(j, "b"), "impl");
        cr_expect(json_is_true(json_object_get(j, "against_corpus")));
        cr_expect_str_eq(member_str(j, "definition"), "the test's items");
        cr_expect_eq(member_int(j, "expected"), 40);
        cr_expect_eq(member_int(j, "checked"), 40);
        cr_expect_eq(member_int(j, "mismatched"), 7);
        cr_expect(json_is_true(json_object_get(j, "complete")));
        cr_expect_eq(json_array_size(json_object_get(j, "first")), 0);
        if (d == ORACLE_QUALITIES)
            expect_differences(j, QUAL, QUAL_N, 5);
        else if (d == ORACLE_SWEEP)
            expect_differences(j, SWEEP, SWEEP_N, 3);
        else
            expect_differences(j, REC, REC_N, 3);
        /* each engine's own CPU: at and multibug (the calls), walk (the
         * searches), chests (the contents), nowhere else */
        const json_t *calls = json_object_get(j, "engine_cpu_seconds");
        if (d == ORACLE_AT || d == ORACLE_MULTIBUG) {
            cr_expect_float_eq(json_real_value(json_object_get(calls, "a")), 0.75, 1e-9, "%s", oracle_domain_name(d));
            cr_expect_float_eq(json_real_value(json_object_get(calls, "b")), 1.0, 1e-9, "%s", oracle_domain_name(d));
        } else {
            cr_expect_null(calls, "%s carries engine_cpu_seconds", oracle_domain_name((oracle_domain)d));
        }
        cr_expect_eq(json_object_get(j, "search_cpu_seconds") != NULL, d == ORACLE_WALK);
        cr_expect_eq(json_object_get(j, "contents_cpu_seconds") != NULL, d == ORACLE_CHESTS);
        json_decref(j);
        /* no B and no corpus: only what A alone is compared with */
        r.against_corpus = 0;
        j = json_report(&r, &a);
        cr_expect_str_eq(member_str(j, "a"), "impl");
        cr_expect(json_is_null(json_object_get(j, "b")));
        cr_expect(json_is_false(json_object_get(j, "against_corpus")));
        if (d == ORACLE_AT || d == ORACLE_MULTIBUG)
            cr_expect(json_is_null(json_object_get(json_object_get(j, "engine_cpu_seconds"), "b")));
        if (d == ORACLE_QUALITIES)
            expect_differences(j, QUAL, QUAL_N, 1);
        else if (d == ORACLE_SWEEP)
            expect_differences(j, SWEEP, SWEEP_N, 1);
        else
            expect_differences(j, REC, REC_N, 0);
        json_decref(j);
    }
}

Test(oracle_report, json_complete_only_when_every_item_was_compared_once)
{
    oracle_compare_opts a = {.a = &grotto_engine_ref};
    oracle_compare_result r = result(ORACLE_FLOORS);
    r.checked = 39;
    json_t *j = json_report(&r, &a);
    cr_expect(json_is_false(json_object_get(j, "complete")), "a short count is complete");
    cr_expect_eq(member_int(j, "checked"), 39);
    json_decref(j);
    r = result(ORACLE_FLOORS);
    r.visits = 41;
    j = json_report(&r, &a);
    cr_expect(json_is_false(json_object_get(j, "complete")), "an item compared twice is complete");
    json_decref(j);
}

/* The "first" entries of a domain with these items and kinds. */
static json_t *first_entries(oracle_domain d, const size_t *items, const uint64_t *values, const uint8_t *kinds,
                             int n, const oracle_compare_opts *o)
{
    oracle_compare_result r = result(d);
    r.first_count = n;
    for (int i = 0; i < n; i++) {
        r.first[i] = items[i];
        r.first_kind[i] = kinds[i];
        r.first_value[i] = values ? values[i] : 0;
    }
    json_t *j = json_report(&r, o);
    json_t *first = json_incref(json_object_get(j, "first"));
    json_decref(j);
    cr_assert_eq(json_array_size(first), (size_t)n);
    return first;
}

static void expect_kinds(const json_t *entry, const char *want)
{
    const json_t *k = json_object_get(entry, "kinds");
    char got[128] = "";
    for (size_t i = 0; i < json_array_size(k); i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "",
                 json_string_value(json_array_get(k, i)));
    cr_expect_str_eq(got, want);
}

Test(oracle_report, json_first_differences_are_identified_in_every_domain)
{
    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &grotto_engine_impl};
    const json_t *e;
    /* floors: seed*16 + k-1 */
    size_t fl[] = {grotto_floor_slot(0x5BC3, 4), grotto_floor_slot(0x7FFF, 16)};
    uint8_t fk[] = {ORACLE_AB, ORACLE_A_CORPUS | ORACLE_B_CORPUS};
    json_t *f = first_entries(ORACLE_FLOORS, fl, NULL, fk, 2, &ab);
    e = json_array_get(f, 0);
    cr_expect(member_int(e, "seed") == 0x5BC3 && member_int(e, "floor") == 4);
    expect_kinds(e, "ab");
    e = json_array_get(f, 1);
    cr_expect(member_int(e, "seed") == 0x7FFF && member_int(e, "floor") == 16);
    expect_kinds(e, "a_corpus b_corpus");
    json_decref(f);
    /* maps: band*32768 + seed, the band by its code */
    size_t mp[] = {grotto_map_slot(11, 0x7FFF)};
    uint8_t mk[] = {ORACLE_B_CORPUS};
    f = first_entries(ORACLE_MAPS, mp, NULL, mk, 1, &ab);
    cr_expect(member_int(json_array_get(f, 0), "band") == 0xDD && member_int(json_array_get(f, 0), "seed") == 0x7FFF);
    expect_kinds(json_array_get(f, 0), "b_corpus");
    json_decref(f);
    /* qualities: seed*247 + q-2, with the quality's band */
    size_t ql[] = {(size_t)0x0032 * ORACLE_QUALITY_COUNT + (54 - 2), (size_t)5 * ORACLE_QUALITY_COUNT + (248 - 2)};
    uint8_t qk[] = {ORACLE_A_REF | ORACLE_AB, ORACLE_B_REF};
    f = first_entries(ORACLE_QUALITIES, ql, NULL, qk, 2, &ab);
    e = json_array_get(f, 0);
    cr_expect(member_int(e, "quality") == 54 && member_int(e, "band") == 2 && member_int(e, "seed") == 0x32);
    expect_kinds(e, "a_band ab");
    e = json_array_get(f, 1);
    cr_expect(member_int(e, "quality") == 248 && member_int(e, "band") == 0xDD && member_int(e, "seed") == 5);
    expect_kinds(e, "b_band");
    json_decref(f);
    /* timers: T*247 + base-2 */
    size_t tm[] = {(size_t)36690 * ORACLE_QUALITY_COUNT + (55 - 2)};
    uint8_t tk[] = {ORACLE_A_CORPUS};
    f = first_entries(ORACLE_TIMERS, tm, NULL, tk, 1, &ab);
    cr_expect(member_int(json_array_get(f, 0), "timer") == 36690 && member_int(json_array_get(f, 0), "base") == 55);
    json_decref(f);
    /* sweep: floors first, then maps after the floor universe, with the sweep's digest */
    size_t sw[] = {grotto_floor_slot(3, 2), GROTTO_FLOOR_UNIVERSE + grotto_map_slot(1, 9)};
    uint64_t sv[] = {UINT64_C(0x00000000000000ff), UINT64_C(0xfedcba9876543210)};
    uint8_t sk[] = {ORACLE_A_REF, ORACLE_SWEEP_CORPUS};
    f = first_entries(ORACLE_SWEEP, sw, sv, sk, 2, &ab);
    e = json_array_get(f, 0);
    cr_expect_str_eq(member_str(e, "record"), "floor");
    cr_expect(member_int(e, "seed") == 3 && member_int(e, "floor") == 2);
    cr_expect_str_eq(member_str(e, "sweep_digest"), "00000000000000ff");
    expect_kinds(e, "sweep_a");
    e = json_array_get(f, 1);
    cr_expect_str_eq(member_str(e, "record"), "map");
    cr_expect(member_int(e, "band") == 0x38 && member_int(e, "seed") == 9);
    cr_expect_str_eq(member_str(e, "sweep_digest"), "fedcba9876543210");
    expect_kinds(e, "sweep_corpus");
    json_decref(f);
    /* walk: each side's cost, null where a side gave no floor or no path */
    uint16_t want_walk[GROTTO_MAX_FLOORS * 2] = {0};
    want_walk[grotto_floor_slot(1, 3)] = 77;
    oracle_compare_opts walk = ab;
    size_t wk[] = {grotto_floor_slot(1, 3), grotto_floor_slot(0, 5), grotto_floor_slot(0, 6), grotto_floor_slot(0, 7)};
    uint64_t wv[] = {oracle_walk_value(1, 40, 1, 42), oracle_walk_value(0, 0, 1, GROTTO_WALK_NONE),
                     oracle_walk_value(0, 0, 1, 42), oracle_walk_value(1, 40, 0, 0)};
    uint8_t wkk[] = {ORACLE_AB, ORACLE_A_CORPUS, ORACLE_AB, ORACLE_AB};
    walk.want_walk = want_walk;
    f = first_entries(ORACLE_WALK, wk, wv, wkk, 4, &walk);
    e = json_array_get(f, 0);
    cr_expect(member_int(e, "seed") == 1 && member_int(e, "floor") == 3);
    const json_t *h = json_object_get(e, "half_steps");
    cr_expect(member_int(h, "a") == 40 && member_int(h, "b") == 42 && member_int(h, "corpus") == 77);
    h = json_object_get(json_array_get(f, 1), "half_steps");
    cr_expect(json_is_null(json_object_get(h, "a")) && json_is_null(json_object_get(h, "b")));
    /* each side's own "gave a floor" flag */
    h = json_object_get(json_array_get(f, 2), "half_steps");
    cr_expect(json_is_null(json_object_get(h, "a")) && json_integer_value(json_object_get(h, "b")) == 42);
    h = json_object_get(json_array_get(f, 3), "half_steps");
    cr_expect(json_integer_value(json_object_get(h, "a")) == 40 && json_is_null(json_object_get(h, "b")));
    json_decref(f);
    /* at: the part of the seed; multibug: the map */
    size_t at[] = {(size_t)7 * ORACLE_AT_PER_SEED, (size_t)7 * ORACLE_AT_PER_SEED + 1,
                   (size_t)8 * ORACLE_AT_PER_SEED + 2 + 5};
    uint8_t ak[] = {ORACLE_AB, ORACLE_AB, ORACLE_AB};
    f = first_entries(ORACLE_AT, at, NULL, ak, 3, &ab);
    cr_expect(member_int(json_array_get(f, 0), "seed") == 7);
    cr_expect_str_eq(member_str(json_array_get(f, 0), "part"), "marks");
    cr_expect_str_eq(member_str(json_array_get(f, 1), "part"), "whistle");
    e = json_array_get(f, 2);
    grotto_at_scan_query q;
    oracle_at_scan_query(5, &q);
    cr_expect(member_int(e, "seed") == 8);
    cr_expect_str_eq(member_str(e, "part"), "scan");
    cr_expect_str_eq(member_str(e, "pattern"), gt_at_pattern[q.pattern].name);
    cr_expect(member_int(e, "threshold") == q.threshold && member_int(e, "max_steps") == q.max_steps &&
              member_int(e, "pop") == q.pop);
    json_decref(f);
    size_t mb[] = {grotto_map_slot(4, 0x1234)};
    f = first_entries(ORACLE_MULTIBUG, mb, NULL, ak, 1, &ab);
    cr_expect(member_int(json_array_get(f, 0), "band") == 0x51 && member_int(json_array_get(f, 0), "seed") == 0x1234);
    json_decref(f);
    /* chests: ((band*32768 + seed)*16 + floor-1)*256 + second */
    size_t ch[] = {((size_t)grotto_map_slot(11, 0x5BC3) * 16 + 3) * 256 + 37};
    f = first_entries(ORACLE_CHESTS, ch, NULL, ak, 1, &ab);
    e = json_array_get(f, 0);
    cr_expect(member_int(e, "band") == 0xDD && member_int(e, "seed") == 0x5BC3 && member_int(e, "floor") == 4 &&
              member_int(e, "second") == 37);
    json_decref(f);
}

/* ---- item reports ---- */

enum { BENT_TIMER = 36690, BENT_BASE = 55, BENT_SEED = 0x5BC3, BENT_FLOOR = 4 };

/* impl, except: timer 36690 has r3 + 1 and location + 1 at every base; the
 * map of seed 0x0032 at quality 54 has level + 1 (its band map does not);
 * floor (0x5BC3, B4F) walks 2 half-steps more. */
static int bent_timer(uint32_t t, int base, grotto_timer_value *out)
{
    int rc = grotto_engine_impl.timer(t, base, out);
    if (rc == 0 && t == BENT_TIMER) {
        out->r3++;
        out->location++;
    }
    return rc;
}

static int bent_from_floors(int quality, const grotto_map_floors_t *fl, grotto_map_t *out)
{
    int rc = grotto_engine_impl.map_from_floors(quality, fl, out);
    if (rc == 0 && quality == 54 && out->d.seed == 0x0032)
        out->d.level++;
    return rc;
}

static uint16_t bent_walk(const grotto_floor_t *f)
{
    uint16_t c = grotto_engine_impl.walk(f);
    grotto_floor_t b4;
    grotto_engine_impl.floor(BENT_SEED, BENT_FLOOR, &b4);
    return memcmp(f->grid, b4.grid, sizeof b4.grid) == 0 ? (uint16_t)(c + 2) : c;
}

static grotto_engine bent(void)
{
    grotto_engine e = grotto_engine_impl;
    e.name = "bent";
    e.timer = bent_timer;
    e.map_from_floors = bent_from_floors;
    e.walk = bent_walk;
    return e;
}

static char *item_report(oracle_domain d, size_t item, uint64_t value, uint8_t kind, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    oracle_compare_result r = {.domain = d, .first_count = 1};
    r.first[0] = item;
    r.first_kind[0] = kind;
    r.first_value[0] = value;
    oracle_report_item(f, &r, 0, o);
    cr_assert_eq(fclose(f), 0);
    return text;
}

/* the line of text that starts (after its indent) with `start` */
static const char *line_of(const char *text, const char *start, char *buf, size_t size)
{
    for (const char *p = text; p && *p;) {
        const char *q = p;
        while (*q == ' ')
            q++;
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        if (!strncmp(q, start, strlen(start))) {
            snprintf(buf, size, "%.*s", (int)n, p);
            return buf;
        }
        p = eol ? eol + 1 : NULL;
    }
    cr_assert_fail("no line starting '%s' in:\n%s", start, text);
    return NULL;
}

Test(oracle_report, timer_item_marks_the_differing_draws_and_the_corpus_sample)
{
    grotto_engine b = bent();
    grotto_timer_value v;
    cr_assert_eq(grotto_engine_ref.timer(BENT_TIMER, BENT_BASE, &v), 0);
    oracle_timer_sample *s = calloc(1, sizeof *s);
    cr_assert_not_null(s);
    s->present[BENT_TIMER] = 1;
    s->draws[BENT_TIMER] = (grotto_timer_draws){BENT_TIMER, v.r1, (uint16_t)(v.seed + 1), v.r3};
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &b, .want_timers = s};
    size_t item = (size_t)BENT_TIMER * ORACLE_QUALITY_COUNT + (BENT_BASE - GROTTO_QUALITY_MIN);
    char *text = item_report(ORACLE_TIMERS, item, 0, ORACLE_AB | ORACLE_A_CORPUS, &o);
    char line[256], want[256];
    cr_expect(strstr(text, "difference (ref != bent; ref != corpus sample):\n  timer 36690, base quality 55:\n") ==
                  text, "%s", text);
    snprintf(want, sizeof want, "    ref    r1 %5u seed 0x%04X r3 %5u quality %3u location %3u", v.r1, v.seed, v.r3,
             v.quality, v.location);
    cr_expect_str_eq(line_of(text, "ref ", line, sizeof line), want);
    /* bent: r3 and location differ from ref's, nothing else */
    snprintf(want, sizeof want, "    bent   r1 %5u seed 0x%04X r3 %5u* quality %3u location %3u*", v.r1, v.seed,
             v.r3 + 1, v.quality, v.location + 1);
    cr_expect_str_eq(line_of(text, "bent ", line, sizeof line), want);
    /* the sample's seed differs from ref's */
    snprintf(want, sizeof want, "    corpus sample r1 %5u seed 0x%04X* r3 %5u", v.r1, v.seed + 1, v.r3);
    cr_expect_str_eq(line_of(text, "corpus sample", line, sizeof line), want);
    free(text);
    free(s);
}

Test(oracle_report, quality_item_shows_the_map_at_the_quality_beside_the_band_map)
{
    grotto_engine b = bent();
    uint64_t *want = calloc(GROTTO_MAP_UNIVERSE, sizeof *want);
    cr_assert_not_null(want);
    want[grotto_map_slot(0, 0x0032)] = UINT64_C(0x1111222233334444);
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &b, .want_maps = want};
    /* quality 54 lies in the first band (qualities 2..55, code 2) */
    size_t item = (size_t)0x0032 * ORACLE_QUALITY_COUNT + (54 - GROTTO_QUALITY_MIN);
    char *text = item_report(ORACLE_QUALITIES, item, 0, ORACLE_B_REF, &o);
    cr_expect(strstr(text, "difference (bent at this quality != bent's band map):\n"
                           "  quality 54, seed 0x0032 (band 02: qualities 2..55, map 020032):\n") == text,
              "%s", text);
    cr_expect_not_null(strstr(text, "    ref at quality 54:\n"), "%s", text);
    cr_expect_not_null(strstr(text, "    bent at quality 54:\n"), "%s", text);
    /* bent's level at 54 is starred against its band map; ref's is not */
    char line[512];
    const char *bent_line = strstr(text, "    bent  band");
    cr_assert_not_null(bent_line, "%s", text);
    snprintf(line, sizeof line, "%.*s", (int)(strchr(bent_line, '\n') - bent_line), bent_line);
    cr_expect(strstr(line, "*") != NULL && strstr(line, "level") < strstr(line, "*"), "%s", line);
    const char *ref_line = strstr(text, "    ref   band");
    cr_assert_not_null(ref_line, "%s", text);
    snprintf(line, sizeof line, "%.*s", (int)(strchr(ref_line, '\n') - ref_line), ref_line);
    cr_expect(strchr(line, '*') == NULL, "%s", line);
    cr_expect_not_null(strstr(text, "corpus digest of map 020032 1111222233334444"), "%s", text);
    free(text);
    free(want);
}

Test(oracle_report, walk_item_shows_each_sides_cost_and_the_corpus)
{
    grotto_engine b = bent();
    uint16_t *want = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *want);
    cr_assert_not_null(want);
    size_t item = grotto_floor_slot(BENT_SEED, BENT_FLOOR);
    grotto_floor_t f;
    cr_assert_eq(grotto_engine_ref.floor(BENT_SEED, BENT_FLOOR, &f), 0);
    uint16_t a = grotto_engine_ref.walk(&f);
    cr_assert_neq(a, GROTTO_WALK_NONE);
    want[item] = a;
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &b, .want_walk = want};
    char *text = item_report(ORACLE_WALK, item, oracle_walk_value(1, a, 1, (uint16_t)(a + 2)), ORACLE_AB, &o);
    char line[256], w[256];
    cr_expect_not_null(strstr(text, "seed 0x5BC3 floor 4 (B4F): walking cost from the up to the down stairs:"),
                       "%s", text);
    snprintf(w, sizeof w, "    ref    walk: %u half-steps (%u%s steps)", a, a / 2u, a % 2u ? ".5" : "");
    cr_expect_str_eq(line_of(text, "ref    walk", line, sizeof line), w);
    snprintf(w, sizeof w, "    bent   walk: %u half-steps (%u%s steps)*", a + 2, (a + 2) / 2u, a % 2u ? ".5" : "");
    cr_expect_str_eq(line_of(text, "bent   walk", line, sizeof line), w);
    snprintf(w, sizeof w, "    corpus walk: %u half-steps (%u%s steps)", a, a / 2u, a % 2u ? ".5" : "");
    cr_expect_str_eq(line_of(text, "corpus walk", line, sizeof line), w);
    free(text);
    /* no path on B's side, no floor on A's */
    text = item_report(ORACLE_WALK, item, oracle_walk_value(0, 0, 1, GROTTO_WALK_NONE), ORACLE_AB, &o);
    cr_expect_str_eq(line_of(text, "ref    walk", line, sizeof line),
                     "    ref    walk: no floor (the engine rejected (seed, floor))");
    cr_expect_str_eq(line_of(text, "bent   walk", line, sizeof line), "    bent   walk: none (no path)*");
    free(text);
    free(want);
}

Test(oracle_report, sweep_item_shows_the_sweepers_digest_beside_each_engine)
{
    uint64_t *floors = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *floors);
    uint64_t *maps = calloc(GROTTO_MAP_UNIVERSE, sizeof *maps);
    cr_assert(floors && maps);
    size_t fi = grotto_floor_slot(BENT_SEED, BENT_FLOOR), mi = grotto_map_slot(11, BENT_SEED);
    floors[fi] = UINT64_C(0xaaaaaaaaaaaaaaaa);
    maps[mi] = UINT64_C(0xbbbbbbbbbbbbbbbb);
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &grotto_engine_impl, .sweeper = &grotto_engine_impl,
                             .want_floors = floors, .want_maps = maps};
    grotto_floor_t f;
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    cr_assert_eq(grotto_engine_ref.floor(BENT_SEED, BENT_FLOOR, &f), 0);
    grotto_floor_record(&f, rec);
    char want[128];
    char *text = item_report(ORACLE_SWEEP, fi, 0x1234, ORACLE_A_REF | ORACLE_SWEEP_CORPUS, &o);
    cr_expect(strstr(text, "difference (impl sweep != ref; impl sweep != corpus):\n"
                           "  sweep floor: seed 0x5BC3 floor 4 (B4F):\n"
                           "    impl sweep digest 0000000000001234\n") == text, "%s", text);
    snprintf(want, sizeof want, "    ref   digest %016llx\n",
             (unsigned long long)grotto_fnv1a(rec, GROTTO_FLOOR_RECORD_SIZE));
    cr_expect_not_null(strstr(text, want), "%s", text);
    cr_expect_not_null(strstr(text, "    corpus digest aaaaaaaaaaaaaaaa\n"), "%s", text);
    free(text);
    uint8_t mrec[GROTTO_MAP_RECORD_SIZE];
    cr_assert(oracle_map_record(&grotto_engine_ref, 0xDD, BENT_SEED, mrec));
    text = item_report(ORACLE_SWEEP, GROTTO_FLOOR_UNIVERSE + mi, 0x5678, ORACLE_B_REF, &o);
    cr_expect(strstr(text, "difference (impl sweep != impl):\n"
                           "  sweep map: DD5BC3 (band 221..248, seed 0x5BC3):\n"
                           "    impl sweep digest 0000000000005678\n") == text, "%s", text);
    snprintf(want, sizeof want, "    ref   digest %016llx\n",
             (unsigned long long)grotto_fnv1a(mrec, GROTTO_MAP_RECORD_SIZE));
    cr_expect_not_null(strstr(text, want), "%s", text);
    cr_expect_not_null(strstr(text, "    corpus digest bbbbbbbbbbbbbbbb\n"), "%s", text);
    free(text);
    free(floors);
    free(maps);
}
