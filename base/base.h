/* The harness's common library (base/): what every layer above the
 * engines shares and none of them is about - a parallel driver over an
 * index range with its progress line, clocks, the terminal's width, files
 * written whole or not at all, SHA-256. Needs only libc and pthreads. */
#ifndef GROTTO_BASE_H
#define GROTTO_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- parallel driver, clocks, terminal, progress line (parallel.c) ---- */
typedef void (*base_item_fn)(size_t item, void *ctx);
typedef void (*base_chunk_fn)(void *ctx, int worker, size_t lo, size_t hi);
typedef void (*base_progress_fn)(void *ctx, uint64_t done, uint64_t total);
/* Runs fn(ctx, worker, lo, hi) over the chunks [lo, hi) of [0, n) (chunk
 * items each, 0: 64; ascending) on `workers` workers (< 1: 1): the calling
 * thread is worker 0 and workers - 1 threads are started (when one cannot
 * be, the others do its share). worker is 0..workers - 1, so fn may keep
 * state per worker. progress (may be NULL) is called with the items done
 * so far (ascending; at most ten times a second; last with done = n), from
 * whichever worker finished a chunk, never two calls at once. */
void base_parallel_chunks(int workers, size_t n, size_t chunk, base_chunk_fn fn, void *ctx,
                          base_progress_fn progress, void *progress_ctx);
/* The same item by item: fn(i, ctx) for every i in [0, n), on `threads`
 * workers (<= 0: base_default_threads()). */
void base_parallel(int threads, size_t n, size_t chunk, base_item_fn fn, void *ctx, base_progress_fn progress,
                   void *progress_ctx);
/* a(ctx) and b(ctx), side by side: b on a thread of its own when `workers`
 * (<= 0: base_default_threads()) is above 1 and the thread starts, else
 * after a on the calling thread. Returns when both are done. */
typedef void (*base_task_fn)(void *ctx);
void base_beside(int workers, base_task_fn a, base_task_fn b, void *ctx);
int base_default_threads(void); /* online cores, at least 1 */
double base_now(void);          /* monotonic seconds */
/* The same to a few milliseconds (the kernel's tick, no timer read): for
 * per-item checks against a tenth of a second (a listing's flushes). */
double base_now_coarse(void);
double base_thread_cpu(void);   /* CPU seconds of the calling thread (monotonic seconds if unavailable) */

/* Columns of the terminal on fd (TIOCGWINSZ, else $COLUMNS), 0 when fd is
 * not a terminal. */
int base_terminal_columns(int fd);

/* Progress line on stderr, only when stderr is a terminal: done/total,
 * percent, elapsed seconds and the estimated time left, cut to the
 * terminal's width so that it never wraps. */
typedef struct base_progress {
    const char *label;
    int enabled;
    double started;
} base_progress;
void base_progress_init(base_progress *p, const char *label, int quiet);
void base_progress_cb(void *ctx, uint64_t done, uint64_t total);
void base_progress_done(base_progress *p);

/* ---- SHA-256 (sha256.c; FIPS 180-4) ---- */
void base_sha256(const void *data, size_t len, uint8_t out[32]);
void base_sha256_hex(const void *data, size_t len, char out[65]);

/* ---- files written whole or not at all (out_file.c) ----
 * A file is written under a temporary name in its directory (created by
 * base_out_open, optionally with `reserve` bytes allocated so that a full
 * disk shows before any work), then base_out_finish flushes, fsyncs and
 * closes it, and base_out_commit renames it into place. Every step is
 * checked; on failure the temporary file is removed (base_out_abort), and
 * base_out_cleanup_on_signals() makes SIGINT/SIGTERM/SIGHUP remove every
 * temporary file still open before the process dies. A target that exists
 * and is not a regular file (a device such as /dev/stdout, a FIFO) is
 * written in place instead, never replaced; a directory is refused.
 * The temporary name is DIR/.NAME.tmp-PID-XXXXXX and the writer holds an
 * flock on it; base_out_open first removes the ones of earlier writers of
 * the same target that died without cleaning up (base_out_remove_stale) and
 * says so in one line on stderr. */
typedef struct base_out_file {
    char path[4096];
    char tmp[4096];
    FILE *f;
    int slot;                    /* signal-cleanup registry slot, -1 none */
    uint64_t written;            /* by base_out_write (callers may also fprintf to f) */
    uint64_t reserved;           /* bytes allocated by open; the excess is cut by finish */
    int direct;                  /* written in place (not a regular file) */
    int no_sync;                 /* set after open: skip the fsync (a cache that is
                                    validated on every read needs no durability) */
} base_out_file;
int base_out_open(base_out_file *o, const char *path, uint64_t reserve, char *err, size_t errlen);
int base_out_write(base_out_file *o, const void *data, size_t n, char *err, size_t errlen);
int base_out_finish(base_out_file *o, char *err, size_t errlen);
int base_out_commit(base_out_file *o, char *err, size_t errlen);
void base_out_abort(base_out_file *o);
void base_out_cleanup_on_signals(void);
/* Removes the temporary files earlier writers of path left behind: in
 * path's folder, named .NAME.tmp-PID-XXXXXX for path's NAME, regular, their
 * process PID gone (kill(PID, 0) fails with ESRCH; a live process, this one
 * or another user's, keeps its file) and their lock free. Returns how many;
 * note (may be NULL) lists them, "" when none. */
int base_out_remove_stale(const char *path, char *note, size_t notelen);
/* fsync the directory holding path (after renames); 0 or -1. */
int base_sync_dir_of(const char *path, char *err, size_t errlen);

#endif
