/* A small work-sharing parallel-for over an index range (base.h): the
 * calling thread and workers - 1 started threads take ascending chunks
 * from one atomic counter, each knowing its worker number so that it may
 * keep state of its own; the clocks the stage timings use; the terminal's
 * width; and the progress line shown on terminals during long sweeps. */
#include <pthread.h>
#include <sys/ioctl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

double base_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double base_now_coarse(void)
{
    struct timespec ts;
#ifdef CLOCK_MONOTONIC_COARSE
    if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) == 0)
        return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
    return base_now();
}

double base_thread_cpu(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return base_now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int base_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : (int)n;
}

/* One run of the driver. Workers take chunks in ascending order from
 * `next`; `done` counts the items finished. Progress is reported by the
 * worker that finishes a chunk, under `lock`, when `done` has grown and
 * either PROGRESS_EVERY seconds have passed or everything is done - so the
 * calls see ascending counts, at most ten a second, and the last one says
 * n of n. */
enum { DEFAULT_CHUNK = 64 };
#define PROGRESS_EVERY 0.1

typedef struct par_job {
    size_t n, chunk;
    atomic_size_t next;
    atomic_size_t done;
    base_chunk_fn fn;
    void *ctx;
    base_progress_fn progress;
    void *progress_ctx;
    pthread_mutex_t lock;
    size_t reported; /* under lock */
    double last;     /* under lock: when progress was last called */
} par_job;

typedef struct par_worker {
    par_job *job;
    int index;
    pthread_t tid;
} par_worker;

static void report(par_job *j)
{
    double t = base_now();
    pthread_mutex_lock(&j->lock);
    size_t done = atomic_load(&j->done);
    if (done > j->reported && (done == j->n || t - j->last >= PROGRESS_EVERY)) {
        j->reported = done;
        j->last = t;
        j->progress(j->progress_ctx, done, j->n);
    }
    pthread_mutex_unlock(&j->lock);
}

static void work(par_job *j, int index)
{
    for (;;) {
        size_t lo = atomic_fetch_add(&j->next, j->chunk);
        if (lo >= j->n)
            break;
        size_t hi = lo + j->chunk < j->n ? lo + j->chunk : j->n;
        j->fn(j->ctx, index, lo, hi);
        atomic_fetch_add(&j->done, hi - lo);
        if (j->progress)
            report(j);
    }
}

static void *worker_main(void *arg)
{
    par_worker *w = arg;
    work(w->job, w->index);
    return NULL;
}

void base_parallel_chunks(int workers, size_t n, size_t chunk, base_chunk_fn fn, void *ctx,
                          base_progress_fn progress, void *progress_ctx)
{
    if (workers < 1)
        workers = 1;
    par_job j = {.n = n, .chunk = chunk ? chunk : DEFAULT_CHUNK, .fn = fn, .ctx = ctx, .progress = progress,
                 .progress_ctx = progress_ctx};
    atomic_init(&j.next, 0);
    atomic_init(&j.done, 0);
    pthread_mutex_init(&j.lock, NULL);
    j.last = base_now();
    par_worker *w = calloc((size_t)workers, sizeof *w);
    int started = 0; /* workers 1..started run on threads of their own */
    for (int i = 1; w && i < workers; i++) {
        w[i].job = &j;
        w[i].index = i;
        if (pthread_create(&w[i].tid, NULL, worker_main, &w[i]) != 0)
            break; /* the workers started (and the calling thread) do the rest */
        started = i;
    }
    work(&j, 0); /* the calling thread is worker 0 */
    for (int i = 1; i <= started; i++)
        pthread_join(w[i].tid, NULL);
    free(w);
    pthread_mutex_destroy(&j.lock);
}

typedef struct beside_job {
    base_task_fn fn;
    void *ctx;
} beside_job;

static void *beside_main(void *arg)
{
    const beside_job *j = arg;
    j->fn(j->ctx);
    return NULL;
}

void base_beside(int workers, base_task_fn a, base_task_fn b, void *ctx)
{
    beside_job j = {b, ctx};
    pthread_t t;
    int threaded = (workers > 0 ? workers : base_default_threads()) > 1 &&
                   pthread_create(&t, NULL, beside_main, &j) == 0;
    a(ctx);
    if (threaded)
        pthread_join(t, NULL);
    else
        b(ctx);
}

/* base_parallel: one item at a time inside each chunk */
typedef struct item_job {
    base_item_fn fn;
    void *ctx;
} item_job;

static void items_of_chunk(void *arg, int worker, size_t lo, size_t hi)
{
    const item_job *ij = arg;
    (void)worker;
    for (size_t i = lo; i < hi; i++)
        ij->fn(i, ij->ctx);
}

void base_parallel(int threads, size_t n, size_t chunk, base_item_fn fn, void *ctx, base_progress_fn progress,
                   void *progress_ctx)
{
    item_job ij = {fn, ctx};
    base_parallel_chunks(threads > 0 ? threads : base_default_threads(), n, chunk, items_of_chunk, &ij, progress,
                         progress_ctx);
}

int base_terminal_columns(int fd)
{
    if (!isatty(fd))
        return 0;
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    const char *env = getenv("COLUMNS");
    int cols = env ? atoi(env) : 0;
    return cols > 0 ? cols : 80;
}

void base_progress_init(base_progress *p, const char *label, int quiet)
{
    p->label = label;
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->started = base_now();
}

void base_progress_cb(void *ctx, uint64_t done, uint64_t total)
{
    base_progress *p = ctx;
    if (!p->enabled || total == 0)
        return;
    double elapsed = base_now() - p->started;
    char line[256], eta[48] = "";
    if (done > 0 && done < total)
        snprintf(eta, sizeof eta, ", about %.0f s left", elapsed * (double)(total - done) / (double)done);
    snprintf(line, sizeof line, "%s: %llu/%llu (%3.0f%%) %.1f s%s", p->label, (unsigned long long)done,
             (unsigned long long)total, 100.0 * (double)done / (double)total, elapsed, eta);
    int cols = base_terminal_columns(STDERR_FILENO);
    if (cols > 1 && (int)strlen(line) >= cols) /* never wrap: a wrapped line cannot be redrawn by \r */
        line[cols - 1] = 0;
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
}

void base_progress_done(base_progress *p)
{
    if (p->enabled)
        fprintf(stderr, "\r\033[K");
}
