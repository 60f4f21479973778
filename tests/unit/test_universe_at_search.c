/* The AT drop-pattern, whistle and multibug searches (universe/at_search.h)
 * against the community tool's own result sets (corpus/golden/searcher/
 * issue22-at.jsonl and issue22-multibug.jsonl, made by running the tool
 * under node: corpus/README.md), under ref AND impl: every golden query is
 * rebuilt from the tool's job (its own terms: band, seed window, pattern
 * code, threshold, steps, POP index, spawn window, enemy-list condition,
 * chest counts) and the search must give exactly the tool's maps, in its
 * order, with the value at the POP index per map (AT) or the map's and the
 * bug map's floor counts and the listed floors with their ElistOfs
 * (multibug). Then the rules one by one: the listed maps are the tool's,
 * the max-steps raises, the seed window, the engine is the one asked
 * (planted engines), the ONLY default and the bug-floor rule. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_search.h"
#include "grotto/engine.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "corpus.h"

static universe_index *ix;

static void open_index(void)
{
    universe_index_opts o = {0}; /* impl's index, no cache file */
    char err[256];
    ix = universe_index_open(&o, err, sizeof err);
    cr_assert_not_null(ix, "%s", err);
}

static void close_index(void)
{
    universe_index_close(ix);
    ix = NULL;
}

static int band_of(const char *key)
{
    long code = strtol(key, NULL, 16);
    for (int b = 0; b < GROTTO_BANDS; b++)
        if (gt_band[b].code == code)
            return b;
    cr_assert_fail("band %s", key);
    return -1;
}

static uint32_t hex_seed(const char *s, const char *fallback)
{
    return (uint32_t)strtoul(s && *s ? s : fallback, NULL, 16);
}

static int monster_of(const char *id)
{
    for (int i = 0; i < GT_MONSTER_COUNT; i++)
        if (!strcmp(gt_monsters[i].id, id))
            return i;
    cr_assert_fail("monster %s", id);
    return -1;
}

/* The conditions this test understands must be the only ones the job has. */
static void require_plain_conds(const json_t *conds, const char *id)
{
    static const char *const empty[] = {"prefix", "suffix", "locale", "lv", "location", "bq", "bqCount", "env",
                                        "monster", "depth", "boss", "anomaly"};
    for (size_t i = 0; i < sizeof empty / sizeof *empty; i++)
        cr_assert_str_empty(jstr(conds, empty[i]), "%s: condition %s", id, empty[i]);
}

typedef struct golden_set {
    char id[64];
    int band;
    uint32_t count;
    uint32_t seed[GROTTO_SEED_COUNT];
    long pop[GROTTO_SEED_COUNT];
    const char *text[GROTTO_SEED_COUNT];
} golden_set;

static void read_maps(const json_t *line, golden_set *g)
{
    const json_t *maps = json_object_get(line, "maps"), *pops = json_object_get(line, "pops"), *texts = json_object_get(line, "texts");
    snprintf(g->id, sizeof g->id, "%s", jstr(line, "id"));
    g->count = (uint32_t)json_array_size(maps);
    cr_assert_eq(jint(line, "hits"), (long)g->count, "%s: every hit shown", g->id);
    for (size_t i = 0; i < json_array_size(maps); i++) {
        const char *m = json_string_value(json_array_get(maps, i));
        cr_assert_eq(band_of((char[]){m[0], m[1], 0}), g->band, "%s", m);
        g->seed[i] = (uint32_t)strtoul(m + 2, NULL, 16);
        g->pop[i] = pops ? (long)json_number_value(json_array_get(pops, i)) : -1;
        g->text[i] = texts ? json_string_value(json_array_get(texts, i)) : NULL;
    }
}

static void where_of(const json_t *job, const char *lo, const char *hi, universe_query *q, universe_at_where *w,
                     int band)
{
    universe_query_init(q);
    q->band = band;
    universe_query_listed(q); /* the tool lists only maps it finds at a location (searchFilterLoc) */
    cr_assert(!job || jlong(json_object_get(job, "searchFilterLoc")) == 1); /* no job: its default */
    w->maps = q;
    w->seed_lo = hex_seed(lo, job ? jstr(job, "startSeed") : "0000");
    w->seed_hi = hex_seed(hi, job ? jstr(job, "endSeed") : "7FFF");
    w->threads = 0;
}

/* ---- AT ---- */

typedef struct at_ctx {
    int queries, patterns, whistles;
    golden_set g;
} at_ctx;

static void check_at_hits(const golden_set *g, const universe_at_result *r, const char *engine)
{
    cr_assert_eq(r->count, g->count, "%s under %s: %u maps, the tool %u", g->id, engine, r->count, g->count);
    for (uint32_t i = 0; i < r->count; i++) {
        cr_assert_eq(r->hit[i].map, grotto_map_slot(g->band, g->seed[i]), "%s under %s: map %u", g->id, engine, i);
        cr_assert_eq((long)r->hit[i].pop.value, g->pop[i], "%s under %s: POP value of %04X", g->id, engine,
                     g->seed[i]);
    }
}

static void at_line(const json_t *line, void *ctx)
{
    at_ctx *c = ctx;
    const json_t *tool = json_object_get(line, "tool"), *job = json_object_get(tool, "job"), *fields = json_object_get(tool, "fields");
    const char *kind = jstr(job, "kind");
    golden_set *g = &c->g;
    c->queries++;
    if (!strcmp(kind, "atPattern")) {
        g->band = band_of(jstr(job, "targetRankKey"));
        read_maps(line, g);
        universe_query q;
        universe_at_where w;
        where_of(job, NULL, NULL, &q, &w, g->band);
        long pop = jint(job, "POPIndex");
        cr_assert_eq((pop - GROTTO_AT_POP_BASE) % GROTTO_AT_POP_STRIDE, 0);
        universe_at_pattern_query pq = {(int)jint(job, "pType"), (uint32_t)jint(job, "threshold"),
                                        (uint32_t)strtoul(jstr(fields, "at_maxSteps"), NULL, 10),
                                        (int)((pop - GROTTO_AT_POP_BASE) / GROTTO_AT_POP_STRIDE)};
        cr_assert_eq(pq.pattern, grotto_at_pattern_by_name(jstr(job, "patternName")), "%s", g->id);
        for (int k = 0; k < 2; k++) {
            const grotto_engine *e = grotto_engine_by_name(k ? "impl" : "ref");
            universe_at_result r;
            cr_assert_eq(universe_at_pattern_search(ix, e, &w, &pq, &r), 0, "%s", g->id);
            check_at_hits(g, &r, e->name);
            fprintf(stderr, "  %-22s %-4s %5u of %5u maps, %.3f s\n", g->id, e->name, r.count, r.looked, r.seconds);
            universe_at_result_free(&r);
        }
        c->patterns++;
        return;
    }
    cr_assert_str_eq(kind, "atMonster", "%s", jstr(line, "id"));
    g->band = band_of(jstr(job, "targetRankKey"));
    read_maps(line, g);
    const json_t *conds = json_object_get(job, "conds");
    require_plain_conds(conds, g->id);
    cr_assert_str_empty(jstr(conds, "elist"));
    cr_assert(jlong(json_object_get(conds, "hasBoxCond")) == 0);
    universe_query q;
    universe_at_where w;
    where_of(job, jstr(conds, "seedMin"), jstr(conds, "seedMax"), &q, &w, g->band);
    long n = jint(job, "N");
    universe_whistle_query wq = {{(int)strtol(jstr(fields, "at_env"), NULL, 10),
                                  (int)strtol(jstr(fields, "at_mr"), NULL, 10), monster_of(jstr(fields, "at_mon")),
                                  (int)((n - GROTTO_AT_POP_BASE) / GROTTO_AT_POP_STRIDE), (int)jint(job, "deftMax")},
                                 (int)jint(job, "pType"), (uint32_t)jint(job, "atThreshold"),
                                 (uint32_t)strtoul(jstr(fields, "at_maxSteps"), NULL, 10)};
    cr_assert_eq(GROTTO_AT_POP_BASE + GROTTO_AT_POP_STRIDE * wq.w.zoom, n);
    uint16_t lo, hi;
    cr_assert_eq(grotto_at_window(wq.w.env, wq.w.mr, wq.w.monster, &lo, &hi), 0);
    cr_assert_eq(lo, jint(job, "atmin"), "%s: the tool's spawn window", g->id);
    cr_assert_eq(hi, jint(job, "atmax"), "%s: the tool's spawn window", g->id);
    for (int k = 0; k < 2; k++) {
        const grotto_engine *e = grotto_engine_by_name(k ? "impl" : "ref");
        universe_at_result r;
        cr_assert_eq(universe_whistle_search(ix, e, &w, &wq, &r), 0, "%s", g->id);
        check_at_hits(g, &r, e->name);
        fprintf(stderr, "  %-22s %-4s %5u of %5u maps, %.3f s\n", g->id, e->name, r.count, r.looked, r.seconds);
        universe_at_result_free(&r);
    }
    c->whistles++;
}

Test(at_search, golden_at_and_whistle_sets_under_both_engines, .init = open_index, .fini = close_index,
     .timeout = 1200)
{
    at_ctx *c = calloc(1, sizeof *c);
    long lines = corpus_each_line("golden/searcher/issue22-at.jsonl", at_line, c);
    cr_assert_eq(lines, c->queries);
    cr_assert_geq(c->patterns, 13, "every drop pattern once");
    cr_assert_geq(c->whistles, 5);
    fprintf(stderr, "issue22-at: %d pattern and %d whistle queries, each equal under ref and impl\n", c->patterns,
            c->whistles);
    free(c);
}

/* ---- multibug ---- */

static uint32_t states_of(const char *elist)
{
    if (!*elist)
        return 0;
    if (!strcmp(elist, "ONLY"))
        return UNIVERSE_MULTIBUG_ONLY_STATES;
    if (!strcmp(elist, "4"))
        return 1u << 2;
    if (!strcmp(elist, "3"))
        return (1u << 3) | (1u << 10) | (1u << 11) | (1u << 12);
    if (!strcmp(elist, "2"))
        return (1u << 4) | (1u << 13);
    cr_assert_fail("enemy-list condition %s", elist);
    return 0;
}

/* "... | [Source] NAME | B14F | BOSS | [Bug] NAME | B15F | BOSS ... B11F: [2B70] STATE ..." */
static void check_text(const char *text, const universe_multibug_hit *h, const char *id)
{
    const char *src = strstr(text, "[Source] "), *bug = strstr(text, "[Bug] ");
    cr_assert(src && bug, "%s: %s", id, text);
    const char *f = strstr(src, " | B");
    cr_assert_eq(atoi(f + 4), h->orig_floors, "%s: %s", id, text);
    f = strstr(bug, " | B");
    cr_assert_eq(atoi(f + 4), h->bug_floors, "%s: %s", id, text);
    uint16_t shown = 0;
    for (const char *p = bug; (p = strstr(p, "F: [")) != NULL; p += 4) {
        const char *b = p;
        while (b > text && b[-1] != 'B')
            b--;
        int n = atoi(b);
        cr_assert(n >= 5 && n <= 16, "%s: %s", id, text);
        shown |= (uint16_t)(1u << (n - 1));
        cr_assert_eq(strtoul(p + 4, NULL, 16), h->ofs[n - 1], "%s: B%dF ElistOfs in %s", id, n, text);
    }
    cr_assert_eq(shown, h->shown, "%s: listed floors %04X, the tool %04X: %s", id, h->shown, shown, text);
}

typedef struct mb_ctx {
    int queries;
    golden_set g;
} mb_ctx;

static void mb_line(const json_t *line, void *ctx)
{
    mb_ctx *c = ctx;
    golden_set *g = &c->g;
    const json_t *tool = json_object_get(line, "tool"), *job = json_object_get(tool, "job"), *conds = json_object_get(job, "conds");
    const json_t *params = json_object_get(job, "params"), *fields = json_object_get(tool, "fields");
    universe_query q;
    universe_at_where w;
    universe_multibug_query mq = {0};
    const char *mon;
    int no_job = json_is_null(job); /* the tool skipped every band: its form's fields alone */
    if (no_job) {
        g->band = band_of(jstr(fields, "rank") + 2); /* "0xRR" */
        read_maps(line, g);
        cr_assert_eq(g->count, 0, "%s", g->id);
        where_of(NULL, jstr(fields, "cond_seed_min"), jstr(fields, "cond_seed_max"), &q, &w, g->band);
        mq.states = states_of(jstr(fields, "cond_elist"));
        mon = jstr(fields, "cond_only_mon");
    } else {
        cr_assert_str_eq(jstr(job, "processor"), "multibug");
        cr_assert_eq(json_array_size(json_object_get(job, "ranks")), 1);
        g->band = band_of(json_string_value(json_array_get(json_object_get(job, "ranks"), 0)));
        read_maps(line, g);
        require_plain_conds(conds, g->id);
        where_of(job, jstr(conds, "seedMin"), jstr(conds, "seedMax"), &q, &w, g->band);
        mq.more_floors = jlong(json_object_get(params, "requireFloorIncrease")) != 0;
        mq.special_in_bug = jlong(json_object_get(params, "requireBugFloorHit")) != 0;
        mq.states = states_of(jstr(conds, "elist"));
        mq.flag0 = jlong(json_object_get(params, "searchOnlyWithD")) != 0;
        mon = jstr(conds, "onlyMon");
    }
    if (mon && *mon) {
        mq.with_monster = 1;
        mq.monster = -1;
        for (int i = 0; i < GT_MONSTER_COUNT; i++)
            if (!strcmp(gt_monsters[i].en, mon))
                mq.monster = i;
        cr_assert_geq(mq.monster, 0, "%s: monster %s", g->id, mon);
    }
    const json_t *box = json_object_get(conds, "reqBox");
    for (int r = 1; r <= 10 && !no_job; r++) {
        char key[4];
        snprintf(key, sizeof key, "%d", r);
        mq.chests[r] = (uint8_t)jint(box, key);
    }
    for (int k = 0; k < 2; k++) {
        const grotto_engine *e = grotto_engine_by_name(k ? "impl" : "ref");
        universe_multibug_result r;
        cr_assert_eq(universe_multibug_search(ix, e, &w, &mq, &r), 0, "%s", g->id);
        cr_assert_eq(r.count, g->count, "%s under %s: %u maps, the tool %u", g->id, e->name, r.count, g->count);
        cr_assert(!no_job || r.looked == 0, "%s under %s: the band searched (%u maps)", g->id, e->name, r.looked);
        for (uint32_t i = 0; i < r.count; i++) {
            cr_assert_eq(r.hit[i].map, grotto_map_slot(g->band, g->seed[i]), "%s under %s: map %u", g->id, e->name,
                         i);
            check_text(g->text[i], &r.hit[i], g->id);
        }
        fprintf(stderr, "  %-28s %-4s %5u of %5u maps, %.3f s\n", g->id, e->name, r.count, r.looked, r.seconds);
        universe_multibug_result_free(&r);
    }
    c->queries++;
}

Test(at_search, golden_multibug_sets_under_both_engines, .init = open_index, .fini = close_index, .timeout = 1200)
{
    mb_ctx *c = calloc(1, sizeof *c);
    long lines = corpus_each_line("golden/searcher/issue22-multibug.jsonl", mb_line, c);
    cr_assert_eq(lines, c->queries);
    cr_assert_eq(c->queries, 18, "the golden multibug queries compared");
    fprintf(stderr, "issue22-multibug: %d queries, each equal under ref and impl\n", c->queries);
    free(c);
}

/* ---- the rules one by one ---- */

/* The maps of a band that universe_query_listed selects are the tool's: all
 * but its never-listed seeds (never-listed.json), in every band. */
Test(at_search, listed_maps_are_the_tools, .init = open_index, .fini = close_index, .timeout = 600)
{
    size_t len;
    uint8_t *text = corpus_read("golden/searcher/never-listed.json", &len);
    cr_assert_not_null(text);
    char *z = calloc(1, len + 1);
    memcpy(z, text, len);
    json_t *j = jparse(z);
    cr_assert_not_null(j);
    const json_t *bands = json_object_get(j, "bands");
    cr_assert_eq(json_array_size(bands), GROTTO_BANDS);
    for (size_t b = 0; b < json_array_size(bands); b++) {
        int band = band_of(jstr(json_array_get(bands, b), "band"));
        static uint8_t listed[GROTTO_SEED_COUNT];
        memset(listed, 0, sizeof listed);
        universe_query q;
        universe_query_init(&q);
        q.band = band;
        universe_query_listed(&q);
        universe_query_result r;
        cr_assert_eq(universe_query_run(ix, &q, &r), 0);
        for (uint32_t i = 0; i < r.count; i++)
            listed[r.hit[i].map % GROTTO_SEED_COUNT] = 1;
        const json_t *seeds = json_object_get(json_array_get(bands, b), "seeds");
        cr_assert_eq(r.count + json_array_size(seeds), GROTTO_SEED_COUNT, "band %s", jstr(json_array_get(bands, b), "band"));
        for (size_t i = 0; i < json_array_size(seeds); i++)
            cr_assert(!listed[strtoul(json_string_value(json_array_get(seeds, i)), NULL, 16)], "%s", json_string_value(json_array_get(seeds, i)));
        universe_query_result_free(&r);
    }
    json_decref(j);
    free(z);
    free(text);
}

/* The maps of band DD in a seed window that the engine's scan finds. */
static uint32_t scan_set(const grotto_engine *e, const universe_at_where *w, grotto_at_scan_query sq, uint8_t *in)
{
    universe_query_result qr;
    cr_assert_eq(universe_query_run(ix, w->maps, &qr), 0);
    uint32_t n = 0;
    memset(in, 0, GROTTO_SEED_COUNT);
    for (uint32_t i = 0; i < qr.count; i++) {
        uint32_t seed = qr.hit[i].map % GROTTO_SEED_COUNT;
        if (seed < w->seed_lo || seed > w->seed_hi)
            continue;
        long k = e->at_scan(seed, &sq, NULL, 0);
        cr_assert_geq(k, 0);
        in[seed] = k > 0;
        n += k > 0;
    }
    universe_query_result_free(&qr);
    return n;
}

static void same_set(const universe_at_result *r, const uint8_t *in, uint32_t n, const char *what)
{
    cr_assert_eq(r->count, n, "%s: %u maps, expected %u", what, r->count, n);
    for (uint32_t i = 0; i < r->count; i++)
        cr_assert(in[r->hit[i].map % GROTTO_SEED_COUNT], "%s: %06X", what, r->hit[i].map);
}

/* Pattern search: max_steps below N becomes N + 1; N itself is kept; at
 * most 50 steps count matches from step 1. Each case must change the set. */
Test(at_search, pattern_max_steps_raise, .init = open_index, .fini = close_index, .timeout = 600)
{
    static uint8_t a[GROTTO_SEED_COUNT], b[GROTTO_SEED_COUNT];
    universe_query q;
    universe_query_init(&q);
    q.band = band_of("DD");
    universe_query_listed(&q);
    universe_at_where w = {&q, 0, GROTTO_SEED_MAX, 0};
    const grotto_engine *e = &grotto_engine_impl;
    int r2 = grotto_at_pattern_by_name("R2");
    universe_at_result r;
    /* 20 steps: the tool scans 36 */
    universe_at_pattern_query pq = {r2, 1024, 20, 0};
    cr_assert_eq(universe_at_pattern_search(ix, e, &w, &pq, &r), 0);
    uint32_t n36 = scan_set(e, &w, (grotto_at_scan_query){r2, 1024, 36, 35}, a);
    uint32_t n20 = scan_set(e, &w, (grotto_at_scan_query){r2, 1024, 20, 35}, b);
    cr_assert_neq(n36, n20, "the raise changes the set");
    same_set(&r, a, n36, "20 steps, zoom 0");
    universe_at_result_free(&r);
    /* 35 steps = N: kept */
    pq.max_steps = 35;
    cr_assert_eq(universe_at_pattern_search(ix, e, &w, &pq, &r), 0);
    uint32_t n35 = scan_set(e, &w, (grotto_at_scan_query){r2, 1024, 35, 35}, b);
    cr_assert_neq(n35, n36, "35 steps differ from 36");
    same_set(&r, b, n35, "35 steps, zoom 0");
    universe_at_result_free(&r);
    /* a bad query is refused */
    pq.pattern = 0;
    cr_assert_eq(universe_at_pattern_search(ix, e, &w, &pq, &r), -1);
    pq.pattern = r2;
    pq.zoom = -1;
    cr_assert_eq(universe_at_pattern_search(ix, e, &w, &pq, &r), -1);
}

/* Whistle search with a pattern: max_steps below N becomes N (then at most
 * 50 steps: matches from step 1); the spawn window test comes first. */
Test(at_search, whistle_max_steps_raise_and_window, .init = open_index, .fini = close_index, .timeout = 600)
{
    static uint8_t a[GROTTO_SEED_COUNT], b[GROTTO_SEED_COUNT];
    universe_query q;
    universe_query_init(&q);
    q.band = band_of("DD");
    universe_query_listed(&q);
    universe_at_where w = {&q, 0, GROTTO_SEED_MAX, 0};
    const grotto_engine *e = &grotto_engine_ref;
    int r2 = grotto_at_pattern_by_name("R2");
    universe_whistle_query wq = {{5, 9, monster_of("0B5"), 0, -1}, r2, 1024, 10};
    universe_at_result r;
    cr_assert_eq(universe_whistle_search(ix, e, &w, &wq, &r), 0);
    scan_set(e, &w, (grotto_at_scan_query){r2, 1024, 35, 35}, a);
    scan_set(e, &w, (grotto_at_scan_query){r2, 1024, 10, 35}, b);
    uint32_t n35 = 0, n10 = 0;
    for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++) {
        grotto_whistle x = wq.w;
        int m = grotto_whistle_match(s, &x);
        a[s] = a[s] && m == 1;
        b[s] = b[s] && m == 1;
        n35 += a[s];
        n10 += b[s];
    }
    cr_assert_neq(n35, n10, "the raise changes the set");
    same_set(&r, a, n35, "whistle R2 1/32 in 10 steps, zoom 0");
    for (uint32_t i = 0; i < r.count; i++) {
        cr_assert_geq(r.hit[i].pop.value, 30428, "Metal King Slime's window");
        cr_assert_gt(r.hit[i].matches, 0);
    }
    universe_at_result_free(&r);
    /* a monster that does not wander there is refused */
    wq.w.monster = monster_of("026");
    cr_assert_eq(universe_whistle_search(ix, e, &w, &wq, &r), -1);
}

/* The seed window cuts the set and nothing else; a bad one is refused. */
Test(at_search, seed_window, .init = open_index, .fini = close_index, .timeout = 600)
{
    universe_query q;
    universe_query_init(&q);
    q.band = band_of("B5");
    universe_query_listed(&q);
    universe_at_where all = {&q, 0, GROTTO_SEED_MAX, 0}, part = {&q, 0x1234, 0x2345, 0}, bad = {&q, 5, 4, 0};
    universe_at_pattern_query pq = {grotto_at_pattern_by_name("R2"), 512, 400, 1};
    universe_at_result ra, rp;
    cr_assert_eq(universe_at_pattern_search(ix, &grotto_engine_impl, &all, &pq, &ra), 0);
    cr_assert_eq(universe_at_pattern_search(ix, &grotto_engine_impl, &part, &pq, &rp), 0);
    uint32_t n = 0;
    for (uint32_t i = 0; i < ra.count; i++) {
        uint32_t s = ra.hit[i].map % GROTTO_SEED_COUNT;
        if (s >= 0x1234 && s <= 0x2345)
            cr_assert_eq(rp.hit[n++].map, ra.hit[i].map);
    }
    cr_assert_eq(rp.count, n);
    cr_assert(n > 0 && n < ra.count);
    universe_at_result_free(&ra);
    universe_at_result_free(&rp);
    cr_assert_eq(universe_at_pattern_search(ix, &grotto_engine_impl, &bad, &pq, &ra), -1);
    universe_multibug_query mq = {0};
    universe_multibug_result rm;
    cr_assert_eq(universe_multibug_search(ix, &grotto_engine_impl, &bad, &mq, &rm), -1);
    mq.states = 1u << 17;
    cr_assert_eq(universe_multibug_search(ix, &grotto_engine_impl, &part, &mq, &rm), -1);
}

/* ---- planted engines: the search answers with the engine it is given ---- */

static uint32_t planted_seed;
static long planted_scan(uint32_t seed, const grotto_at_scan_query *q, uint32_t *start, size_t cap)
{
    return seed == planted_seed ? 0 : grotto_engine_impl.at_scan(seed, q, start, cap);
}
static int planted_whistle(uint32_t seed, const grotto_whistle *w)
{
    return seed == planted_seed ? 0 : grotto_engine_impl.whistle(seed, w);
}
static int planted_multibug(int quality, const grotto_map_floors_t *floors, grotto_multibug_t *out)
{
    int rc = grotto_engine_impl.multibug(quality, floors, out);
    if (!rc && floors->seed == planted_seed)
        out->bug.floors = out->orig.floors; /* no longer "more floors" */
    return rc;
}

Test(at_search, planted_engines, .init = open_index, .fini = close_index, .timeout = 600)
{
    grotto_engine p = grotto_engine_impl;
    p.at_scan = planted_scan;
    p.whistle = planted_whistle;
    p.multibug = planted_multibug;
    universe_query q;
    universe_query_init(&q);
    q.band = band_of("DD");
    universe_query_listed(&q);
    universe_at_where w = {&q, 0, 0x0FFF, 0};
    universe_at_result ri, rp;
    /* DD0004 is the tool's first R2 map at 1/256 */
    planted_seed = 0x0004;
    universe_at_pattern_query pq = {grotto_at_pattern_by_name("R2"), 128, 400, 0};
    cr_assert_eq(universe_at_pattern_search(ix, &grotto_engine_impl, &w, &pq, &ri), 0);
    cr_assert_eq(universe_at_pattern_search(ix, &p, &w, &pq, &rp), 0);
    cr_assert_eq(ri.hit[0].map, grotto_map_slot(q.band, 0x0004));
    cr_assert_eq(rp.count + 1, ri.count);
    cr_assert_neq(rp.hit[0].map, ri.hit[0].map);
    universe_at_result_free(&ri);
    universe_at_result_free(&rp);
    /* DD000F is the tool's first Metal King Slime map */
    planted_seed = 0x000F;
    universe_whistle_query wq = {{5, 9, monster_of("0B5"), 0, -1}, 0, 0, 0};
    cr_assert_eq(universe_whistle_search(ix, &grotto_engine_impl, &w, &wq, &ri), 0);
    cr_assert_eq(universe_whistle_search(ix, &p, &w, &wq, &rp), 0);
    cr_assert_eq(ri.hit[0].map, grotto_map_slot(q.band, 0x000F));
    cr_assert_eq(rp.count + 1, ri.count);
    universe_at_result_free(&ri);
    universe_at_result_free(&rp);
    /* DD00CD: the bug map has 16 floors, the map 15 */
    planted_seed = 0x00CD;
    universe_multibug_query mq = {0};
    mq.more_floors = 1;
    mq.special_in_bug = 1;
    universe_multibug_result mi, mp;
    cr_assert_eq(universe_multibug_search(ix, &grotto_engine_impl, &w, &mq, &mi), 0);
    cr_assert_eq(universe_multibug_search(ix, &p, &w, &mq, &mp), 0);
    cr_assert_eq(mi.hit[0].map, grotto_map_slot(q.band, 0x00CD));
    cr_assert_eq(mi.hit[0].orig_floors, 15);
    cr_assert_eq(mi.hit[0].bug_floors, 16);
    cr_assert_eq(mi.hit[0].shown, 1u << 15);
    cr_assert_eq(mi.hit[0].ofs[15], 0x2B3C);
    cr_assert_eq(mi.hit[0].state[15], 2, "4-enemy");
    cr_assert_eq(mp.count + 1, mi.count);
    universe_multibug_result_free(&mi);
    universe_multibug_result_free(&mp);
}

/* ---- multibug conditions ---- */

static uint32_t mb_count(const universe_at_where *w, const universe_multibug_query *q)
{
    universe_multibug_result r;
    cr_assert_eq(universe_multibug_search(ix, &grotto_engine_impl, w, q, &r), 0);
    uint32_t n = r.count;
    universe_multibug_result_free(&r);
    return n;
}

Test(at_search, multibug_conditions, .init = open_index, .fini = close_index, .timeout = 600)
{
    universe_query q;
    universe_query_init(&q);
    q.band = band_of("DD");
    universe_query_listed(&q);
    universe_at_where w = {&q, 0, 0x0FFF, 0};
    universe_multibug_query none = {0}, only = {0}, any = {0}, four = {0}, chests = {0};
    only.states = UNIVERSE_MULTIBUG_ONLY_STATES;
    any.states = 0x1FFFEu; /* every non-zero state */
    four.states = 1u << 2;
    chests.chests[10] = 1; /* one S chest over B3F..the bug floor */
    uint32_t n_none = mb_count(&w, &none), n_only = mb_count(&w, &only), n_any = mb_count(&w, &any);
    cr_assert_eq(n_none, 10, "the tool's DD-multibug-window");
    cr_assert_eq(n_none, n_only, "no condition: ONLY floors");
    cr_assert_gt(n_any, n_only);
    uint32_t n_four = mb_count(&w, &four), n_chests = mb_count(&w, &chests);
    cr_assert_gt(n_four, 0);
    cr_assert_lt(n_four, n_any);
    /* chest counts alone: no ONLY default */
    chests.states = UNIVERSE_MULTIBUG_ONLY_STATES;
    cr_assert_gt(n_chests, mb_count(&w, &chests));
    /* under special_in_bug the enemy-list condition is not applied */
    none.special_in_bug = four.special_in_bug = 1;
    none.more_floors = four.more_floors = 1;
    uint32_t hit_none = mb_count(&w, &none);
    cr_assert_gt(hit_none, 0);
    cr_assert_eq(hit_none, mb_count(&w, &four));
    none.special_in_bug = 0;
    cr_assert_lt(mb_count(&w, &none), n_only, "more floors: DD003C's bug map has 14 floors as the map");
    /* B5F is the first floor listed: DD3582's B5F is 4-enemy (its own map's
     * B5F, corpus/golden/maps-sample.jsonl) */
    universe_query band;
    universe_query_init(&band);
    band.band = q.band; /* every map of the band, listed or not */
    universe_at_where one = {&band, 0x3582, 0x3582, 0};
    universe_multibug_result r;
    four.special_in_bug = four.more_floors = 0;
    cr_assert_eq(universe_multibug_search(ix, &grotto_engine_ref, &one, &four, &r), 0);
    cr_assert_eq(r.count, 1);
    cr_assert(r.hit[0].shown & r.hit[0].matched & (1u << 4), "B5F listed and matched");
    cr_assert_eq(r.hit[0].state[4], 2);
    universe_multibug_result_free(&r);
}

/* The multibug search splits its candidates over -j's workers: the answer
 * (hits, their order and contents, the count looked at) is the same on one
 * worker as on three, over several bands (seeds met once per band), and
 * the same as the bands searched one by one. */
Test(at_search, multibug_threads_same_answer, .init = open_index, .fini = close_index, .timeout = 600)
{
    universe_query q;
    universe_query_init(&q);
    universe_query_listed(&q);
    universe_multibug_query any = {0};
    any.states = 0x1FFFEu; /* every non-zero state: many hits */
    universe_multibug_result r[2];
    for (int t = 0; t < 2; t++) {
        universe_at_where w = {&q, 0x0100, 0x02FF, t ? 3 : 1};
        cr_assert_eq(universe_multibug_search(ix, &grotto_engine_impl, &w, &any, &r[t]), 0);
    }
    cr_assert_gt(r[0].count, 100);
    cr_assert_eq(r[0].count, r[1].count);
    cr_assert_eq(r[0].looked, r[1].looked);
    for (uint32_t i = 1; i < r[0].count; i++)
        cr_assert_lt(r[0].hit[i - 1].map, r[0].hit[i].map, "ascending map slot");
    cr_assert_eq(memcmp(r[0].hit, r[1].hit, r[0].count * sizeof r[0].hit[0]), 0);
    /* the search tests the bands of a seed together (its floors made once):
     * band by band, one band's candidates at a time, gives the same hits */
    uint32_t at = 0, looked = 0;
    for (int b = 0; b < GROTTO_BANDS; b++) {
        universe_query one;
        universe_query_init(&one);
        one.band = b;
        universe_query_listed(&one);
        universe_at_where w = {&one, 0x0100, 0x02FF, 2};
        universe_multibug_result rb;
        cr_assert_eq(universe_multibug_search(ix, &grotto_engine_impl, &w, &any, &rb), 0);
        cr_assert_leq(at + rb.count, r[0].count);
        cr_assert_eq(memcmp(rb.hit, r[0].hit + at, rb.count * sizeof rb.hit[0]), 0, "band %02X", gt_band[b].code);
        at += rb.count;
        looked += rb.looked;
        universe_multibug_result_free(&rb);
    }
    cr_assert_eq(at, r[0].count);
    cr_assert_eq(looked, r[0].looked);
    universe_multibug_result_free(&r[0]);
    universe_multibug_result_free(&r[1]);
}

/* The multibug search reads a seed's floors from the index when the index
 * holds the engine's own (universe_index_map_floors): the chest counts and
 * layout terms impl's map_floors generates, for every 7th seed and for a
 * short count; and a search through a copy of impl - not the index's
 * engine, so its floors are generated - gives the same answer. */
/* The multibug search under impl (the index's engine: floors and D from
 * the index) and under a copy of impl (another engine: its own floors,
 * every seed tried) give the same hits, more than 100. */
static void expect_same_as_a_copy(const universe_at_where *w, const universe_multibug_query *mq)
{
    grotto_engine copy = grotto_engine_impl;
    universe_multibug_result r[2];
    cr_assert_eq(universe_multibug_search(ix, &grotto_engine_impl, w, mq, &r[0]), 0);
    cr_assert_eq(universe_multibug_search(ix, &copy, w, mq, &r[1]), 0);
    cr_assert_gt(r[0].count, 100);
    cr_assert_eq(r[0].count, r[1].count);
    cr_assert_eq(r[0].looked, r[1].looked);
    cr_assert_eq(memcmp(r[0].hit, r[1].hit, r[0].count * sizeof r[0].hit[0]), 0);
    universe_multibug_result_free(&r[0]);
    universe_multibug_result_free(&r[1]);
}

Test(at_search, multibug_floors_from_the_index, .init = open_index, .fini = close_index, .timeout = 600)
{
    for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s += 7) {
        int count = s % 2 ? GROTTO_MAX_FLOORS : 1 + (int)(s % GROTTO_MAX_FLOORS);
        grotto_map_floors_t a, b;
        universe_index_map_floors(ix, s, count, &a);
        cr_assert_eq(grotto_engine_impl.map_floors(s, count, &b), 0);
        cr_assert_eq(a.seed, b.seed);
        cr_assert_eq(a.count, b.count);
        for (int n = 0; n < count; n++) {
            const grotto_floor_terms *x = &a.floor[n], *y = &b.floor[n];
            cr_assert(x->chest_count == y->chest_count && x->W == y->W && x->X == y->X && x->D == y->D,
                      "seed %04X B%dF", (unsigned)s, n + 1);
        }
    }
    universe_query q;
    universe_query_init(&q);
    q.band = band_of("DD");
    universe_query_listed(&q);
    universe_multibug_query any = {0};
    any.states = 0x1FFFEu;
    universe_at_where w = {&q, 0x0000, 0x0FFF, 2};
    expect_same_as_a_copy(&w, &any);
    /* --flag0: the index's own engine skips the seeds without a floor of
     * B5F..B16F with D > 0 (seed_may_flag0); the copy tries every seed */
    universe_multibug_query flag0 = {0};
    flag0.flag0 = 1;
    w.seed_hi = GROTTO_SEED_MAX;
    expect_same_as_a_copy(&w, &flag0);
}
