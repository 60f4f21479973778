/* universe/bench.c: the min/median summary of repeated runs and the limit
 * calibration that grotto bench prints - their arithmetic, not the
 * machine's speed (no wall-clock ranges). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "grotto/sweep.h"
#include "universe.h"

Test(bench, min_and_median)
{
    double odd[5] = {0.9, 0.3, 0.5, 7.0, 0.4};
    universe_bench_stat s = universe_bench_stat_of(odd, 5);
    cr_assert_float_eq(s.min, 0.3, 1e-12);
    cr_assert_float_eq(s.median, 0.5, 1e-12);
    double even[4] = {4.0, 1.0, 3.0, 2.0};
    s = universe_bench_stat_of(even, 4);
    cr_assert_float_eq(s.min, 1.0, 1e-12);
    cr_assert_float_eq(s.median, 2.5, 1e-12);
    double one[1] = {0.25};
    s = universe_bench_stat_of(one, 1);
    cr_assert(s.min == 0.25 && s.median == 0.25);
}

/* The calibration measures; what it measured is the machine's business
 * (speed is `grotto bench`'s, never a unit test's): only that both costs
 * came out as positive, finite numbers. The limit is linear in them. */
Test(bench, limit_calibration)
{
    universe_bench_limit l;
    universe_bench_limit_measure(&l);
    cr_assert(isfinite(l.ns_per_draw) && l.ns_per_draw > 0, "ns per draw %g", l.ns_per_draw);
    cr_assert(isfinite(l.ns_per_byte) && l.ns_per_byte > 0, "ns per byte %g", l.ns_per_byte);
    cr_assert_float_eq(universe_bench_limit_seconds(&l, 1000000000ull, 0), l.ns_per_draw, 1e-9);
    cr_assert_float_eq(universe_bench_limit_seconds(&l, 0, 2000000000ull), 2 * l.ns_per_byte, 1e-9);
    universe_bench_limit fixed = {.ns_per_draw = 2.5, .ns_per_byte = 0.5};
    cr_assert_float_eq(universe_bench_limit_seconds(&fixed, 4000000000ull, 6000000000ull), 10.0 + 3.0, 1e-9);
    cr_assert_float_eq(universe_bench_limit_seconds(&fixed, 0, 0), 0.0, 1e-12);
}

/* The sweep's targets on fixed figures, each at its edge: a measured ratio
 * on a loaded machine may fall either side of 40, these do not. */
Test(bench, targets_at_their_edges)
{
    universe_bench_targets t = universe_bench_targets_of(0.378, 0.189, 40.0, 64 * 1024 - 1);
    cr_assert(t.impl_within_2x_limit && t.ratio_at_least_40 && t.impl_rss_under_64mib);
    t = universe_bench_targets_of(0.3781, 0.189, 39.99, 64 * 1024);
    cr_assert(!t.impl_within_2x_limit && !t.ratio_at_least_40 && !t.impl_rss_under_64mib);
    t = universe_bench_targets_of(0.2, 0.189, 49.6, 33178);
    cr_assert(t.impl_within_2x_limit && t.ratio_at_least_40 && t.impl_rss_under_64mib);
    t = universe_bench_targets_of(0.413, 0.189, 41.0, 100000);
    cr_assert(!t.impl_within_2x_limit && t.ratio_at_least_40 && !t.impl_rss_under_64mib);
}

/* The research block's verdict words (grotto bench's text reads them):
 * every branch, from research objects made here. */
Test(bench, research_verdicts_in_words)
{
    json_t *o = json_object();
    json_object_set_new(o, "same_digests_every_run", json_true());
    json_object_set_new(o, "walk_corpus_mismatches", json_integer(0));
    cr_assert_str_eq(universe_bench_research_same(o), "yes");
    cr_assert_str_eq(universe_bench_research_walk(o), "match");
    json_object_set_new(o, "same_digests_every_run", json_false());
    json_object_set_new(o, "walk_corpus_mismatches", json_integer(1));
    cr_assert_str_eq(universe_bench_research_same(o), "NO");
    cr_assert_str_eq(universe_bench_research_walk(o), "MISMATCH");
    json_object_set_new(o, "walk_corpus_mismatches", json_null()); /* --no-corpus */
    cr_assert_str_eq(universe_bench_research_walk(o), "not compared");
    json_decref(o);
}

/* The bench's outputs are the harness's: an engine's sweep writing every
 * entry of them takes no page fault (they are mapped before it starts, also
 * in the child, where fork kept no page table entry of the shared mapping),
 * and the CPU the child spent before the engine is not in the engine's.
 * A fake engine whose sweep writes every output and reports, as its floor
 * count, the minor faults it took doing so. */
static long minor_faults(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : -1;
}

static int writing_sweep(const grotto_sweep_request *req, grotto_sweep_stats *st)
{
    long before = minor_faults();
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        req->floor_digest[i] = i;
        req->facts[i].W = 1;
    }
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++)
        req->map_digest[i] = i;
    memset(st, 0, sizeof *st);
    st->floors_emitted = (uint64_t)(minor_faults() - before);
    st->maps_emitted = GROTTO_MAP_UNIVERSE;
    return before < 0 ? -1 : 0;
}

/* One bench run of a fake engine whose sweep is `sweep`, run to its end. */
static universe_bench_run bench_of_fake(int (*sweep)(const grotto_sweep_request *, grotto_sweep_stats *))
{
    grotto_engine fake = {.name = "fake", .sweep = sweep};
    universe_bench_run r;
    cr_assert_eq(universe_bench(&fake, 1, NULL, NULL, NULL, &r), 0);
    cr_assert(r.ok);
    return r;
}

Test(bench, outputs_mapped_before_the_engine)
{
    universe_bench_run r = bench_of_fake(writing_sweep);
    /* 24 MiB of outputs are about 6,000 pages: a few faults (the stack,
     * a heap page) are the sweep's own */
    cr_expect_lt(r.floors, 64, "the engine's writes took %llu page faults", (unsigned long long)r.floors);
    cr_expect_gt(r.cpu_before, 0.0, "the child's CPU before the engine: %g s", r.cpu_before);
    cr_expect_geq(r.cpu, 0.0);
}

/* An engine that leaves its child a costly exit: 256 MiB it wrote and never
 * unmapped (the kernel frees 65,536 pages when the child exits, several
 * milliseconds). It reports its own CPU, from its start to its return, as
 * its floors stage. */
enum { LEFT_BEHIND = 256 << 20 };

static double own_cpu(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return -1;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec * 1e-6;
}

static int leaving_sweep(const grotto_sweep_request *req, grotto_sweep_stats *st)
{
    (void)req;
    double start = own_cpu();
    uint8_t *p = mmap(NULL, LEFT_BEHIND, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    for (size_t off = 0; off < LEFT_BEHIND; off += 4096)
        p[off] = 1;
    memset(st, 0, sizeof *st);
    st->floors_seconds = own_cpu() - start;
    return start < 0 ? -1 : 0;
}

/* The engine's CPU is its own, from its start to its return: neither the
 * mapping before it (outputs_mapped_before_the_engine) nor the child's exit
 * after it. */
Test(bench, the_childs_exit_is_not_the_engines)
{
    universe_bench_run r = bench_of_fake(leaving_sweep);
    cr_assert_gt(r.floors_s, 0.0, "the engine's own CPU: %g s", r.floors_s);
    cr_expect_geq(r.cpu, r.floors_s, "bench %g s, the engine's own %g s", r.cpu, r.floors_s);
    cr_expect_lt(r.cpu - r.floors_s, 0.002, "bench %g s against the engine's own %g s: the exit billed?", r.cpu,
                 r.floors_s);
    cr_expect_gt(r.cpu_engine_end, r.cpu_before);
}
