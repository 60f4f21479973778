/* A small work-sharing parallel-for over an index range, and the progress
 * line shown on terminals during long sweeps. */
#include <pthread.h>
#include <sys/ioctl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

double oracle_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double oracle_thread_cpu(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return oracle_now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int oracle_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : (int)n;
}

typedef struct {
    size_t n, chunk;
    atomic_size_t next;
    atomic_size_t done;
    oracle_item_fn fn;
    void *ctx;
} par_job;

static void *par_worker(void *arg)
{
    par_job *j = arg;
    for (;;) {
        size_t lo = atomic_fetch_add(&j->next, j->chunk);
        if (lo >= j->n)
            break;
        size_t hi = lo + j->chunk < j->n ? lo + j->chunk : j->n;
        for (size_t i = lo; i < hi; i++)
            j->fn(i, j->ctx);
        atomic_fetch_add(&j->done, hi - lo);
    }
    return NULL;
}

void oracle_parallel(int threads, size_t n, size_t chunk, oracle_item_fn fn, void *ctx,
                     oracle_progress_fn progress, void *progress_ctx)
{
    if (threads <= 0)
        threads = oracle_default_threads();
    if (chunk == 0)
        chunk = 64;
    par_job j = {.n = n, .chunk = chunk, .fn = fn, .ctx = ctx};
    atomic_init(&j.next, 0);
    atomic_init(&j.done, 0);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    int started = 0;
    for (int t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, par_worker, &j) == 0)
            started++;
        else
            break;
    if (started == 0)
        par_worker(&j);
    if (progress) {
        while (atomic_load(&j.done) < n) {
            progress(progress_ctx, atomic_load(&j.done), n);
            struct timespec ts = {0, 100 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        progress(progress_ctx, n, n);
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    free(tid);
}

int oracle_terminal_columns(int fd)
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

void oracle_progress_init(oracle_progress *p, const char *label, int quiet)
{
    p->label = label;
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->started = oracle_now();
}

void oracle_progress_cb(void *ctx, uint64_t done, uint64_t total)
{
    oracle_progress *p = ctx;
    if (!p->enabled || total == 0)
        return;
    double elapsed = oracle_now() - p->started;
    char line[256], eta[48] = "";
    if (done > 0 && done < total)
        snprintf(eta, sizeof eta, ", about %.0f s left", elapsed * (double)(total - done) / (double)done);
    snprintf(line, sizeof line, "%s: %llu/%llu (%3.0f%%) %.1f s%s", p->label, (unsigned long long)done,
             (unsigned long long)total, 100.0 * (double)done / (double)total, elapsed, eta);
    int cols = oracle_terminal_columns(STDERR_FILENO);
    if (cols > 1 && (int)strlen(line) >= cols) /* never wrap: a wrapped line cannot be redrawn by \r */
        line[cols - 1] = 0;
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
}

void oracle_progress_done(oracle_progress *p)
{
    if (p->enabled)
        fprintf(stderr, "\r\033[K");
}
