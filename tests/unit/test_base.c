/* The common library's parallel driver (base/base.h) as impl's sweep and
 * the harness use it: every chunk exactly once with its right bounds, the
 * worker numbers inside 0..workers-1 (they index per-worker state),
 * progress counts ascending, one call at a time, the last one n of n. */
#include <criterion/criterion.h>
#include <stdatomic.h>

#include "base.h"

enum { N = 10007, CHUNK = 64, CHUNKS = (N + CHUNK - 1) / CHUNK };

static atomic_int chunk_hits[CHUNKS];
static atomic_int bad_bounds, bad_worker;

static void on_chunk(void *ctx, int worker, size_t lo, size_t hi)
{
    int workers = *(const int *)ctx;
    if (worker < 0 || worker >= (workers < 1 ? 1 : workers))
        atomic_fetch_add(&bad_worker, 1);
    if (lo % CHUNK != 0 || hi != (lo + CHUNK < N ? lo + CHUNK : N))
        atomic_fetch_add(&bad_bounds, 1);
    else
        atomic_fetch_add(&chunk_hits[lo / CHUNK], 1);
}

static atomic_int inside, overlapped;
static uint64_t calls, last_done, not_ascending, wrong_total;

static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
    (void)ctx;
    if (atomic_fetch_add(&inside, 1) != 0)
        atomic_fetch_add(&overlapped, 1);
    not_ascending += done <= last_done;
    wrong_total += total != N;
    last_done = done;
    calls++;
    atomic_fetch_sub(&inside, 1);
}

Test(base, parallel_chunks_once_each_with_worker_numbers_and_progress)
{
    for (int workers = 0; workers <= 4; workers++) {
        for (int c = 0; c < CHUNKS; c++)
            atomic_store(&chunk_hits[c], 0);
        atomic_store(&bad_bounds, 0);
        atomic_store(&bad_worker, 0);
        atomic_store(&overlapped, 0);
        calls = last_done = not_ascending = wrong_total = 0;
        base_parallel_chunks(workers, N, CHUNK, on_chunk, &workers, on_progress, NULL);
        for (int c = 0; c < CHUNKS; c++)
            cr_assert_eq(atomic_load(&chunk_hits[c]), 1, "chunk %d with %d workers", c, workers);
        cr_expect_eq(atomic_load(&bad_bounds), 0);
        cr_expect_eq(atomic_load(&bad_worker), 0, "a worker number outside 0..%d", workers - 1);
        cr_expect(calls >= 1 && last_done == N && not_ascending == 0 && wrong_total == 0,
                  "%d workers: %llu progress calls, last %llu of %d, %llu not ascending", workers,
                  (unsigned long long)calls, (unsigned long long)last_done, N, (unsigned long long)not_ascending);
        cr_expect_eq(atomic_load(&overlapped), 0, "two progress calls at once");
    }
}

Test(base, nothing_to_do_calls_nothing)
{
    int workers = 3;
    calls = 0;
    atomic_store(&bad_bounds, 0);
    base_parallel_chunks(workers, 0, 0, on_chunk, &workers, on_progress, NULL);
    cr_expect_eq(calls, 0);
    cr_expect_eq(atomic_load(&bad_bounds), 0);
}

Test(base, clocks_move_forward)
{
    double t0 = base_now(), c0 = base_thread_cpu();
    volatile uint64_t x = 0;
    for (int i = 0; i < 10000000; i++)
        x += (uint64_t)i * 7;
    cr_expect_neq(x, 0);
    cr_expect_geq(base_now(), t0);
    cr_expect_geq(base_thread_cpu(), c0);
    cr_expect_geq(base_default_threads(), 1);
}
