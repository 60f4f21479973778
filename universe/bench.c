/* grotto bench: see universe.h. An engine with a sweep of its own (impl) runs
 * its memoized, threaded sweep; one without (ref) is swept item by item
 * through the engine interface (every map regenerates its floors, as the
 * reference is meant to be used). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, wait4 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "universe.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "grotto/tables.h"
#include "base.h"

#ifdef GROTTO_COVERAGE
void __gcov_dump(void); /* libgcov: write the counters; _exit would drop them */
#endif

typedef struct {
    const grotto_engine *e;
    uint64_t *floor_digest, *map_digest;
    atomic_uint_fast64_t ns[4]; /* floors, elist, analysis, maps: thread CPU */
    atomic_uint_fast64_t generations;
} generic_ctx;

/* Stage times are the calling thread's CPU time, so that a loaded machine
 * (time spent preempted) does not inflate them. */
static uint64_t ns_since(double t0)
{
    return (uint64_t)((base_thread_cpu() - t0) * 1e9);
}

static void generic_floor(size_t item, void *arg)
{
    generic_ctx *c = arg;
    grotto_floor_t f;
    grotto_floor_analysis a;
    grotto_elist_t el;
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    double t0 = base_thread_cpu();
    c->e->floor((uint32_t)(item / GROTTO_MAX_FLOORS), (int)(item % GROTTO_MAX_FLOORS) + 1, &f);
    grotto_floor_record(&f, rec);
    c->floor_digest[item] = grotto_fnv1a(rec, sizeof rec);
    double t1 = base_thread_cpu();
    c->e->elist(&f, 1, 1, &el); /* the layout terms W, X, D */
    double t2 = base_thread_cpu();
    c->e->analyse(&f, &a);
    atomic_fetch_add(&c->ns[0], (uint64_t)((t1 - t0) * 1e9));
    atomic_fetch_add(&c->ns[1], (uint64_t)((t2 - t1) * 1e9));
    atomic_fetch_add(&c->ns[2], ns_since(t2));
}

static void generic_map(size_t item, void *arg)
{
    generic_ctx *c = arg;
    grotto_map_t m;
    uint8_t rec[GROTTO_MAP_RECORD_SIZE];
    double t0 = base_thread_cpu();
    c->e->map(gt_band[item / GROTTO_SEED_COUNT].code, (uint32_t)(item % GROTTO_SEED_COUNT), &m);
    grotto_map_record(&m, rec);
    c->map_digest[item] = grotto_fnv1a(rec, sizeof rec);
    atomic_fetch_add(&c->ns[3], ns_since(t0));
    atomic_fetch_add(&c->generations, m.d.floors); /* every map regenerates its floors */
}

/* A progress line per stage, on a terminal only. */
static void stage_progress(base_progress *p, char *buf, size_t size, const char *label, const char *stage)
{
    snprintf(buf, size, "%s: %s", label ? label : "", stage);
    base_progress_init(p, buf, label == NULL);
}

static void run_generic(const grotto_engine *e, int threads, uint64_t *fd, uint64_t *md, const char *label,
                        universe_bench_run *r)
{
    generic_ctx c = {.e = e, .floor_digest = fd, .map_digest = md};
    for (int i = 0; i < 4; i++)
        atomic_init(&c.ns[i], 0);
    atomic_init(&c.generations, GROTTO_FLOOR_UNIVERSE);
    base_progress pr;
    char buf[96];
    double t0 = base_now();
    stage_progress(&pr, buf, sizeof buf, label, "floors, enemy list, analysis");
    base_parallel(threads, GROTTO_FLOOR_UNIVERSE, 256, generic_floor, &c, base_progress_cb, &pr);
    base_progress_done(&pr);
    stage_progress(&pr, buf, sizeof buf, label, "maps");
    base_parallel(threads, GROTTO_MAP_UNIVERSE, 64, generic_map, &c, base_progress_cb, &pr);
    base_progress_done(&pr);
    r->wall = base_now() - t0;
    r->floors_s = (double)atomic_load(&c.ns[0]) * 1e-9;
    r->elist_s = (double)atomic_load(&c.ns[1]) * 1e-9;
    r->analysis_s = (double)atomic_load(&c.ns[2]) * 1e-9;
    r->maps_s = (double)atomic_load(&c.ns[3]) * 1e-9;
    r->floors = GROTTO_FLOOR_UNIVERSE;
    r->maps = GROTTO_MAP_UNIVERSE;
    r->floor_generations = atomic_load(&c.generations);
}

static int run_sweep(const grotto_engine *e, int threads, uint64_t *fd, uint64_t *md, grotto_floor_facts *facts,
                     const char *label, universe_bench_run *r)
{
    base_progress pr;
    char buf[96];
    stage_progress(&pr, buf, sizeof buf, label, "floors, then maps");
    grotto_sweep_request req = {.threads = threads, .floor_digest = fd, .map_digest = md, .facts = facts,
                                .progress = base_progress_cb, .progress_ctx = &pr};
    grotto_sweep_stats st;
    double t0 = base_now();
    int rc = e->sweep(&req, &st);
    r->wall = base_now() - t0;
    base_progress_done(&pr);
    r->draws = st.draws;
    r->bytes_hashed = st.bytes_hashed;
    r->floors_s = st.floors_seconds;
    r->elist_s = st.elist_seconds;
    r->analysis_s = st.analysis_seconds;
    r->maps_s = st.maps_seconds;
    r->floors = st.floors_emitted;
    r->maps = st.maps_emitted;
    r->floor_generations = st.floors_generated;
    return rc;
}

/* User + system seconds of a struct rusage. */
static double rusage_seconds(const struct rusage *ru)
{
    return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 + (double)ru->ru_stime.tv_sec +
           (double)ru->ru_stime.tv_usec * 1e-6;
}

/* The child's CPU so far: every thread's, the ones joined too. */
static double child_cpu(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? rusage_seconds(&ru) : 0;
}

/* In the child, before the engine starts: the shared output pages the
 * engine will write mapped again (fork copies no page table entry of a
 * shared mapping, so each page's first write would fault in the engine's
 * time: about 6,000 faults for a sweep's 24 MiB), and the CPU the child has
 * used so far, which the parent takes off its total. Only the outputs the
 * engine fills: its peak RSS stays its own. */
static double child_prefault(void *first, size_t bytes)
{
    long page = sysconf(_SC_PAGESIZE);
    volatile uint8_t *p = first;
    for (size_t off = 0; off < bytes; off += page > 0 ? (size_t)page : 4096u)
        p[off] = p[off];
    return child_cpu();
}

int universe_bench(const grotto_engine *e, int threads, const uint64_t *want_floors, const uint64_t *want_maps,
                   const char *progress_label, universe_bench_run *out)
{
    if (threads <= 0)
        threads = base_default_threads();
    /* The run's record and the engine's outputs (digests; facts for a
     * sweep), shared with the child and faulted in here (MAP_POPULATE,
     * where there is one) and mapped again in the child before the engine
     * starts (child_prefault): zeroing and mapping the caller's 24 MiB of
     * output pages is the harness's work, not the engine's, and is billed
     * to neither. */
    size_t bytes = sizeof(universe_bench_run) + ((size_t)GROTTO_FLOOR_UNIVERSE + GROTTO_MAP_UNIVERSE) * sizeof(uint64_t) +
                   (size_t)GROTTO_FLOOR_UNIVERSE * sizeof(grotto_floor_facts);
    int flags = MAP_SHARED | MAP_ANONYMOUS;
#ifdef MAP_POPULATE
    flags |= MAP_POPULATE;
#endif
    void *shared = mmap(NULL, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (shared == MAP_FAILED)
        return -1;
    universe_bench_run *r = shared;
    uint64_t *fd = (uint64_t *)(r + 1), *md = fd + GROTTO_FLOOR_UNIVERSE;
    grotto_floor_facts *facts = (grotto_floor_facts *)(md + GROTTO_MAP_UNIVERSE);
    memset(r, 0, sizeof *r);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        munmap(shared, bytes);
        return -1;
    }
    if (pid == 0) {
        int rc = 0;
        size_t written = e->sweep ? bytes : (size_t)((uint8_t *)facts - (uint8_t *)shared); /* facts: sweeps only */
        r->cpu_before = child_prefault(shared, written);
        if (e->sweep)
            rc = run_sweep(e, threads, fd, md, facts, progress_label, r);
        else
            run_generic(e, threads, fd, md, progress_label, r);
        r->ok = rc == 0;
        r->cpu_engine_end = child_cpu();
#ifdef GROTTO_COVERAGE
        __gcov_dump();
#endif
        _exit(0);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        munmap(shared, bytes);
        return -1;
    }
    *out = *r;
    snprintf(out->engine, sizeof out->engine, "%s", e->name);
    out->threads = threads;
    out->ok = out->ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    out->peak_rss_kib = ru.ru_maxrss;
    /* the engine's CPU: from its start to its return. The child's exit
     * (unmapping what it shares with the parent, about 1-2 ms) is the
     * harness's work, like the mapping before the start; a child that
     * never got back from the engine is billed to its end. */
    double end = r->cpu_engine_end > 0 ? r->cpu_engine_end : rusage_seconds(&ru);
    out->cpu = end - r->cpu_before;
    out->floor_set_digest = grotto_fnv1a(fd, (size_t)GROTTO_FLOOR_UNIVERSE * 8);
    out->map_set_digest = grotto_fnv1a(md, (size_t)GROTTO_MAP_UNIVERSE * 8);
    for (size_t i = 0; want_floors && i < GROTTO_FLOOR_UNIVERSE; i++)
        out->floor_mismatch += fd[i] != want_floors[i];
    for (size_t i = 0; want_maps && i < GROTTO_MAP_UNIVERSE; i++)
        out->map_mismatch += md[i] != want_maps[i];
    munmap(shared, bytes);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

universe_bench_stat universe_bench_stat_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    universe_bench_stat s = {v[0], n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2};
    return s;
}

static double process_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void universe_bench_limit_measure(universe_bench_limit *out)
{
    enum { DRAWS = 1 << 24, BUF = 1 << 14, PASSES = 64 };
    static uint8_t buf[8][BUF];
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < BUF; i++)
            buf[j][i] = (uint8_t)(i * 7 + j);
    volatile uint64_t sink = 0;
    out->ns_per_draw = out->ns_per_byte = 1e9;
    /* rep 0 warms up (its figures are dropped: the first pass over the
     * buffers runs cold, up to a quarter slower); then the best of five */
    for (int rep = 0; rep < 6; rep++) {
        /* a dependent chain of draws, each output consumed */
        uint32_t s = (uint32_t)rep, acc = 0;
        double t0 = process_cpu();
        for (int i = 0; i < DRAWS; i++) {
            s = s * 1103515245u + 12345u;
            acc += (s >> 16) & 0x7FFFu;
        }
        double t1 = process_cpu();
        sink += acc;
        /* FNV-1a, eight streams interleaved */
        uint64_t h[8];
        for (int j = 0; j < 8; j++)
            h[j] = GROTTO_FNV_OFFSET + (uint64_t)rep;
        for (int p = 0; p < PASSES; p++)
            for (int i = 0; i < BUF; i++)
                for (int j = 0; j < 8; j++)
                    h[j] = (h[j] ^ buf[j][i]) * GROTTO_FNV_PRIME;
        double t2 = process_cpu();
        for (int j = 0; j < 8; j++)
            sink += h[j];
        double d = (t1 - t0) * 1e9 / DRAWS, b = (t2 - t1) * 1e9 / ((double)PASSES * BUF * 8);
        if (rep == 0)
            continue;
        if (d < out->ns_per_draw)
            out->ns_per_draw = d;
        if (b < out->ns_per_byte)
            out->ns_per_byte = b;
    }
    (void)sink;
}
