/* libgrotto from several threads at once (grotto/grotto.h, "Thread
 * safety"): THREADS threads each run the same workload - every engine of
 * the registry through every member it has, and the public functions of
 * every header, on inputs all threads share read-only - ROUNDS times, and
 * every round's digest of the results must equal the digest the workload
 * gives on one thread. A function that kept state between calls, or wrote
 * to a global, would make the digests differ or, in the TSan build
 * (ci/sanitize.sh tsan runs this test), be reported as a data race. One
 * step of the workload is impl's sweep, which starts threads of its own. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/grotto.h"

#ifndef LIB_THREADS_STANDALONE
#include <criterion/criterion.h>
#else
/* ci/sanitize.sh's TSan stage builds this file on its own, against the
 * TSan build's libgrotto.a: Criterion's runner cannot start under TSan (its
 * shared arena is refused a fixed mapping). The few Criterion macros used
 * here, and a main() that runs the one test: exit 1 on a failure. */
static int failures;
#define cr_assert(c, ...)                                                        \
    do {                                                                         \
        if (!(c)) {                                                              \
            fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__, __LINE__, #c); \
            exit(1);                                                             \
        }                                                                        \
    } while (0)
#define cr_assert_eq(a, b, ...) cr_assert((a) == (b))
#define cr_assert_gt(a, b, ...) cr_assert((a) > (b))
#define cr_expect_eq(a, b, ...) (failures += (a) != (b))
#define cr_log_error(...) (fprintf(stderr, __VA_ARGS__), fputc('\n', stderr))
#define Test(suite, name)      \
    static void name(void);    \
    int main(void)             \
    {                          \
        name();                \
        return failures != 0;  \
    }                          \
    static void name(void)
#endif

enum { THREADS = 4, ROUNDS = 2, FLOORS = 6, SWEEP_SEEDS = 24 };

/* The shared inputs, made once before any thread starts. */
static struct {
    grotto_floor_t floor[FLOORS];
    grotto_map_floors_t floors;      /* DD5BC3's 16 floors */
    grotto_map_t map;
    grotto_chest_floor chests;
    grotto_item_set set;
    grotto_whistle whistle;
    grotto_at_scan_query scan;
    const char *capture;
} in;

static const uint32_t seeds[] = {0x0000, 0x0032, 0x382A, 0x5BC3, 0x7FFF};
static const int qualities[] = {2, 75, 150, 221, 248};

static const char CAPTURE[] =
    "capture: memory\nsource: test_lib_threads\ndate: 2024-01-02\nmethod: hand-made\ngame: jp\n"
    "seed: 0x5BC3\nfloor: 9\nband: 0xDD\nelistofs: 0x2B30\nstate: normal\n\n"
    "capture: floor\nsource: test\ndate: 2024-13-01\nmethod: x\ngame: na\nseed: 0x0001\nfloor: 1\n";

/* FNV-1a over the results, in the order the workload makes them. */
typedef struct digest {
    uint64_t h;
} digest;

static void mix(digest *d, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        d->h ^= b[i];
        d->h *= GROTTO_FNV_PRIME;
    }
}

#define MIX(d, x) mix((d), &(x), sizeof(x))

static void mix_int(digest *d, long v)
{
    MIX(d, v);
}

/* Structures with padding are mixed field by field: their padding bytes
 * are whatever the stack held. */
static void mix_details(digest *d, const grotto_map_details_t *x)
{
    const long v[] = {x->band, x->band_code, x->seed, x->env, x->floors, x->smr, x->boss,
                      x->prefix, x->suffix, x->group, x->locale, x->level};
    MIX(d, v);
    MIX(d, x->side);
}

static void mix_elist(digest *d, const grotto_elist_t *e)
{
    const long v[] = {e->env, e->mr, e->F, e->G, e->cls, e->W, e->X, e->regime, e->boundary,
                      e->A, e->B, e->D, e->ofs, e->survivors, e->state, e->only};
    MIX(d, v);
}

static void mix_map(digest *d, const grotto_map_t *m)
{
    mix_details(d, &m->d);
    MIX(d, m->chest_count);
    MIX(d, m->chest_rank);
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++)
        mix_elist(d, &m->elist[n]);
}

static void mix_multibug(digest *d, const grotto_multibug_t *m)
{
    mix_details(d, &m->orig);
    mix_details(d, &m->bug);
    MIX(d, m->chest_count);
    MIX(d, m->chest_rank);
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++)
        mix_elist(d, &m->elist[n]);
}

static void mix_analysis(digest *d, const grotto_floor_analysis *a)
{
    const long v[] = {a->ghost_count, a->reached_count, a->unreachable_chests, a->down_unreachable,
                      a->region_count, a->up_next_to_chest, a->softlock_near, a->softlock_far,
                      a->softlock_down_cut};
    MIX(d, v);
    mix(d, a->ghost, sizeof a->ghost[0] * (a->ghost_count < GROTTO_MAX_GHOSTS ? a->ghost_count : GROTTO_MAX_GHOSTS));
    MIX(d, a->reached);
    MIX(d, a->chest_unreachable);
    MIX(d, a->region_size);
    MIX(d, a->region_first);
}

static void mix_facts(digest *d, const grotto_floor_facts *f)
{
    const long v[] = {f->W, f->X, f->D, f->ghost_count, f->unreachable_chests, f->down_unreachable,
                      f->region_count, f->up_on_wall, f->overflow, f->chest_count, f->up_next_to_chest,
                      f->softlock_down_cut, f->softlock_near, f->softlock_far};
    MIX(d, v);
}

static void engine_work(const grotto_engine *E, digest *d)
{
    char name[128];
    for (int i = 0; i < FLOORS; i++) {
        const grotto_floor_t *f = &in.floor[i];
        grotto_floor_t g;
        grotto_floor_analysis a;
        grotto_elist_t e;
        grotto_floor_facts facts;
        mix_int(d, E->floor(0x5BC3 + (uint32_t)i, 3 + i, &g));
        MIX(d, g);
        E->analyse(f, &a);
        mix_analysis(d, &a);
        E->elist(f, 1 + i % 5, 1 + i, &e);
        mix_elist(d, &e);
        mix_int(d, E->facts(0x382A, 1 + i, NULL, &facts));
        mix_facts(d, &facts);
        mix_int(d, E->walk(f));
        grotto_floor_terms t = {0, 100 + (uint16_t)i, 150, 20};
        E->elist_of_layout(&t, 2 + i, 3, 4, &e);
        mix_elist(d, &e);
    }
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
        grotto_map_t m;
        grotto_timer_value tv;
        int q = qualities[s];
        if (E->map(q, seeds[s], &m) == 0) {
            mix_map(d, &m);
            mix_int(d, E->map_name(&m.d, (int)s % 2, name, sizeof name));
            mix(d, name, strlen(name));
        }
        cr_assert_eq(E->timer(seeds[s] * 2, q, &tv), 0);
        const long v[] = {tv.timer, tv.r1, tv.seed, tv.r3, tv.base, tv.quality, tv.location};
        MIX(d, v);
    }
    grotto_map_t m;
    cr_assert_eq(E->map_from_floors(221, &in.floors, &m), 0);
    mix_map(d, &m);
    grotto_map_floors_t fl;
    cr_assert_eq(E->map_floors(0x0032, 7, &fl), 0);
    mix_int(d, fl.count);
    for (int n = 0; n < fl.count; n++) {
        const long v[] = {fl.floor[n].chest_count, fl.floor[n].W, fl.floor[n].X, fl.floor[n].D};
        MIX(d, v);
    }
    if (E->at) {
        grotto_at_t at;
        grotto_at_pop pop;
        uint32_t start[8];
        grotto_multibug_t mb;
        cr_assert_eq(E->at(0x5BC3, &at), 0);
        MIX(d, at);
        cr_assert_eq(E->at_pop(0x5BC3, 17, &pop), 0);
        const long v[] = {pop.index, pop.value, pop.next, pop.deftness};
        MIX(d, v);
        long found = E->at_scan(0x5BC3, &in.scan, start, 8);
        mix_int(d, found);
        mix(d, start, sizeof start[0] * (size_t)(found < 8 ? found : 8));
        mix_int(d, E->whistle(0x382A, &in.whistle));
        cr_assert_eq(E->multibug(221, &in.floors, &mb), 0);
        mix_multibug(d, &mb);
    }
    if (E->chest_seconds) {
        uint8_t item[64][GROTTO_MAX_CHESTS];
        grotto_seconds hits;
        mix_int(d, E->chest_seconds(&in.chests, 1000, 64, item));
        MIX(d, item);
        mix_int(d, E->chest_hits(&in.chests, 0, &in.set, &hits));
        MIX(d, hits);
    }
}

/* The public functions of the headers, beside the engines. */
static void function_work(digest *d)
{
    char text[160];
    grotto_map_details_t det;
    cr_assert_eq(grotto_map_details(221, 0x5BC3, &det), 0);
    mix_details(d, &det);
    mix_int(d, grotto_map_name_jp(&det, text, sizeof text));
    mix(d, text, strlen(text));
    cr_assert_eq(grotto_multibug_details(221, 0x5BC3, &det), 0);
    mix_details(d, &det);
    grotto_multibug_t mb;
    cr_assert_eq(grotto_multibug(150, 0x382A, &mb), 0);
    mix_multibug(d, &mb);
    mix_int(d, grotto_multibug_more_floors(&mb) * 100 + grotto_multibug_bug_floor_special(&mb));
    unsigned counts[11];
    grotto_multibug_chest_counts(&mb, counts);
    MIX(d, counts);
    for (int n = 1; n <= 16; n++) {
        grotto_elist_t e;
        grotto_elist_of_layout(&in.floors.floor[n - 1], n, 2, 5, &e);
        mix_int(d, grotto_elist_state_text(&e, n % 2, text, sizeof text));
        mix(d, text, strlen(text));
        uint8_t rank[GROTTO_MAX_CHESTS], item[GROTTO_MAX_CHESTS];
        grotto_chest_ranks(0x5BC3, n, 5, in.floors.floor[n - 1].chest_count, rank);
        grotto_chest_contents(0x5BC3, n, 77, in.floors.floor[n - 1].chest_count, rank, item);
        MIX(d, rank);
        MIX(d, item);
        mix_int(d, grotto_floor_mr(5, n));
    }
    uint16_t cost;
    mix_int(d, grotto_walk_up_to(0x5BC3, 15, &cost));
    MIX(d, cost);
    grotto_timer_draws td;
    grotto_timer(12345, &td);
    MIX(d, td); /* four uint16_t: no padding */
    mix_int(d, grotto_location(grotto_final_quality(150, td.r1), td.r3));
    mix_int(d, grotto_never_seeds(NULL));
    grotto_rng r;
    grotto_rng_seed(&r, 99);
    for (int i = 0; i < 20; i++)
        mix_int(d, grotto_rng_range(&r, 2, 12) + grotto_rng_pick(&r, 1, 6) + grotto_rng_scaled(&r, 100) +
                       (long)grotto_rng_below(&r, 7));
    grotto_jump j = grotto_jump_k(123456);
    MIX(d, j);
    grotto_item_set set;
    mix_int(d, grotto_item_set_by_name("Fisticup", &set));
    MIX(d, set);
    mix_int(d, grotto_at_pattern_by_name("r2"));
    grotto_capture_file file;
    mix_int(d, grotto_capture_parse(in.capture, strlen(in.capture), &file));
    for (size_t i = 0; i < file.count; i++) {
        const grotto_capture_item *it = &file.items[i];
        mix_int(d, grotto_capture_message("f", it, text, sizeof text));
        mix(d, text, strlen(text));
        if (!it->ok)
            continue;
        char *buf = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&buf, &len);
        cr_assert(out);
        mix_int(d, grotto_capture_write(out, &it->cap));
        fclose(out);
        mix(d, buf, len);
        free(buf);
    }
    grotto_capture_file_free(&file);
    mix_int(d, grotto_engine_names(text, sizeof text, grotto_engine_by_name("legacy")));
    mix(d, text, strlen(text));

    /* impl's sweep, with threads of its own, over a few seeds */
    uint64_t digests[SWEEP_SEEDS * GROTTO_MAX_FLOORS];
    grotto_floor_facts facts[SWEEP_SEEDS * GROTTO_MAX_FLOORS];
    grotto_sweep_request req;
    memset(&req, 0, sizeof req);
    req.threads = 2;
    req.floor_digest = digests;
    req.facts = facts;
    req.seed_first = 0x5BC3;
    req.seed_count = SWEEP_SEEDS;
    grotto_sweep_stats st;
    cr_assert_eq(grotto_impl_sweep(&req, &st), 0);
    MIX(d, digests);
    for (int i = 0; i < SWEEP_SEEDS * GROTTO_MAX_FLOORS; i++)
        mix_facts(d, &facts[i]);
    mix_int(d, (long)st.floors_emitted);
}

static uint64_t workload(void)
{
    digest d = {GROTTO_FNV_OFFSET};
    for (int e = 0; grotto_engines[e]; e++)
        engine_work(grotto_engines[e], &d);
    function_work(&d);
    return d.h;
}

static uint64_t single;

typedef struct job {
    pthread_t id;
    uint64_t got[ROUNDS];
} job;

static void *run_job(void *arg)
{
    job *jb = arg;
    for (int r = 0; r < ROUNDS; r++)
        jb->got[r] = workload();
    return NULL;
}

static void make_inputs(void)
{
    for (int i = 0; i < FLOORS; i++)
        cr_assert_eq(grotto_floor(0x5BC3, 10 + i, &in.floor[i]), 0);
    cr_assert_eq(grotto_map_floors(0x5BC3, 16, &in.floors), 0);
    cr_assert_eq(grotto_map(221, 0x5BC3, &in.map), 0);
    int n = 3;
    while (in.map.chest_count[n - 1] == 0)
        n++;
    cr_assert_eq(grotto_chest_floor_of(&in.map, n, &in.chests), 0);
    cr_assert_gt(grotto_item_set_by_name("Millionaire", &in.set), 0);
    const struct gt_floor_table *list = &gt_floor_tables[2][4];
    in.whistle = (grotto_whistle){2, 4, list->spawn[0].monster, 5, 400};
    in.scan = (grotto_at_scan_query){1, 300, 2000, 35};
    in.capture = CAPTURE;
}

Test(lib_threads, shared_inputs_same_results)
{
    make_inputs();
    single = workload();
    cr_assert_eq(workload(), single, "the workload is not a function of its inputs on one thread");

    job jobs[THREADS];
    for (int t = 0; t < THREADS; t++)
        cr_assert_eq(pthread_create(&jobs[t].id, NULL, run_job, &jobs[t]), 0);
    for (int t = 0; t < THREADS; t++)
        cr_assert_eq(pthread_join(jobs[t].id, NULL), 0);
    int differ = 0;
    for (int t = 0; t < THREADS; t++)
        for (int r = 0; r < ROUNDS; r++)
            if (jobs[t].got[r] != single) {
                differ++;
                cr_log_error("thread %d round %d: digest %016llx, one thread %016llx", t, r,
                             (unsigned long long)jobs[t].got[r], (unsigned long long)single);
            }
    fprintf(stderr, "lib_threads: %d threads x %d rounds of the workload, digest %016llx, %d differ\n", THREADS,
            ROUNDS, (unsigned long long)single, differ);
    cr_expect_eq(differ, 0);
}
