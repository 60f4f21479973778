/* grotto bench: see bench.h. ref is swept item by item (every map
 * regenerates its floors, as the reference is meant to be used); impl uses
 * its memoized, threaded sweep. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, wait4 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "grotto/tables.h"
#include "oracle.h"

#ifdef GROTTO_COVERAGE
void __gcov_dump(void); /* libgcov: write the counters; _exit would drop them */
#endif

typedef struct {
    const grotto_engine *e;
    uint64_t *floor_digest, *map_digest;
    atomic_uint_fast64_t ns[4]; /* floors, elist, analysis, maps */
    atomic_uint_fast64_t generations;
} generic_ctx;

static uint64_t ns_since(double t0)
{
    return (uint64_t)((oracle_now() - t0) * 1e9);
}

static void generic_floor(size_t item, void *arg)
{
    generic_ctx *c = arg;
    grotto_floor_t f;
    grotto_floor_analysis a;
    grotto_elist_t el;
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    double t0 = oracle_now();
    c->e->floor((uint32_t)(item / GROTTO_MAX_FLOORS), (int)(item % GROTTO_MAX_FLOORS) + 1, &f);
    grotto_floor_record(&f, rec);
    c->floor_digest[item] = grotto_fnv1a(rec, sizeof rec);
    double t1 = oracle_now();
    c->e->elist(&f, 1, 1, &el); /* the layout terms W, X, D */
    double t2 = oracle_now();
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
    double t0 = oracle_now();
    c->e->map(gt_band[item / GROTTO_SEED_COUNT].code, (uint32_t)(item % GROTTO_SEED_COUNT), &m);
    grotto_map_record(&m, rec);
    c->map_digest[item] = grotto_fnv1a(rec, sizeof rec);
    atomic_fetch_add(&c->ns[3], ns_since(t0));
    atomic_fetch_add(&c->generations, m.d.floors); /* every map regenerates its floors */
}

static void run_generic(const grotto_engine *e, int threads, uint64_t *fd, uint64_t *md, bench_run *r)
{
    generic_ctx c = {.e = e, .floor_digest = fd, .map_digest = md};
    for (int i = 0; i < 4; i++)
        atomic_init(&c.ns[i], 0);
    atomic_init(&c.generations, GROTTO_FLOOR_UNIVERSE);
    double t0 = oracle_now();
    oracle_parallel(threads, GROTTO_FLOOR_UNIVERSE, 256, generic_floor, &c, NULL, NULL);
    oracle_parallel(threads, GROTTO_MAP_UNIVERSE, 64, generic_map, &c, NULL, NULL);
    r->wall = oracle_now() - t0;
    r->floors_s = (double)atomic_load(&c.ns[0]) * 1e-9;
    r->elist_s = (double)atomic_load(&c.ns[1]) * 1e-9;
    r->analysis_s = (double)atomic_load(&c.ns[2]) * 1e-9;
    r->maps_s = (double)atomic_load(&c.ns[3]) * 1e-9;
    r->floors = GROTTO_FLOOR_UNIVERSE;
    r->maps = GROTTO_MAP_UNIVERSE;
    r->floor_generations = atomic_load(&c.generations);
}

static int run_impl(int threads, uint64_t *fd, uint64_t *md, bench_run *r)
{
    grotto_floor_facts *facts = malloc((size_t)GROTTO_FLOOR_UNIVERSE * sizeof *facts);
    if (!facts)
        return -1;
    grotto_sweep_request req = {.threads = threads, .floor_digest = fd, .map_digest = md, .facts = facts};
    grotto_sweep_stats st;
    double t0 = oracle_now();
    int rc = grotto_impl_sweep(&req, &st);
    r->wall = oracle_now() - t0;
    free(facts);
    r->floors_s = st.floors_seconds;
    r->elist_s = st.elist_seconds;
    r->analysis_s = st.analysis_seconds;
    r->maps_s = st.maps_seconds;
    r->floors = st.floors_emitted;
    r->maps = st.maps_emitted;
    r->floor_generations = st.floors_generated;
    return rc;
}

int oracle_bench(const char *engine, int threads, const uint64_t *want_floors, const uint64_t *want_maps,
                 bench_run *out)
{
    if (threads <= 0)
        threads = oracle_default_threads();
    size_t bytes = ((size_t)GROTTO_FLOOR_UNIVERSE + GROTTO_MAP_UNIVERSE) * sizeof(uint64_t) + sizeof(bench_run);
    void *shared = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED)
        return -1;
    bench_run *r = shared;
    uint64_t *fd = (uint64_t *)(r + 1), *md = fd + GROTTO_FLOOR_UNIVERSE;
    memset(r, 0, sizeof *r);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        munmap(shared, bytes);
        return -1;
    }
    if (pid == 0) {
        int rc = 0;
        if (!strcmp(engine, "impl"))
            rc = run_impl(threads, fd, md, r);
        else
            run_generic(&grotto_engine_ref, threads, fd, md, r);
        r->ok = rc == 0;
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
    snprintf(out->engine, sizeof out->engine, "%s", engine);
    out->threads = threads;
    out->ok = out->ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    out->peak_rss_kib = ru.ru_maxrss;
    out->floor_set_digest = grotto_fnv1a(fd, (size_t)GROTTO_FLOOR_UNIVERSE * 8);
    out->map_set_digest = grotto_fnv1a(md, (size_t)GROTTO_MAP_UNIVERSE * 8);
    for (size_t i = 0; want_floors && i < GROTTO_FLOOR_UNIVERSE; i++)
        out->floor_mismatch += fd[i] != want_floors[i];
    for (size_t i = 0; want_maps && i < GROTTO_MAP_UNIVERSE; i++)
        out->map_mismatch += md[i] != want_maps[i];
    munmap(shared, bytes);
    return 0;
}
