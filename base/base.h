/* The harness's common library (base/): what every layer above the
 * engines shares and none of them is about - a parallel driver over an
 * index range with its progress line, clocks, the terminal's width, files
 * written whole or not at all, SHA-256. Needs only libc and pthreads. */
#ifndef GROTTO_BASE_H
#define GROTTO_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- parallel driver (parallel.c) ---- */
typedef void (*oracle_item_fn)(size_t item, void *ctx);
typedef void (*oracle_progress_fn)(void *ctx, uint64_t done, uint64_t total);
/* Runs fn(i) for every i in [0, n) on `threads` threads (<= 0: all online
 * cores), in chunks of `chunk` items; progress is called from one thread. */
void oracle_parallel(int threads, size_t n, size_t chunk, oracle_item_fn fn, void *ctx,
                     oracle_progress_fn progress, void *progress_ctx);
int oracle_default_threads(void);
double oracle_now(void);        /* monotonic seconds */
double oracle_thread_cpu(void); /* CPU seconds of the calling thread */

/* Columns of the terminal on fd (TIOCGWINSZ, else $COLUMNS), 0 when fd is
 * not a terminal. */
int oracle_terminal_columns(int fd);

/* Progress line on stderr, only when stderr is a terminal: done/total,
 * percent, elapsed seconds and the estimated time left, cut to the
 * terminal's width so that it never wraps. */
typedef struct oracle_progress {
    const char *label;
    int enabled;
    double started;
} oracle_progress;
void oracle_progress_init(oracle_progress *p, const char *label, int quiet);
void oracle_progress_cb(void *ctx, uint64_t done, uint64_t total);
void oracle_progress_done(oracle_progress *p);

/* sha256.c */
void oracle_sha256(const void *data, size_t len, uint8_t out[32]);
void oracle_sha256_hex(const void *data, size_t len, char out[65]);

/* ---- files written whole or not at all (out_file.c) ----
 * A file is written under a temporary name in its directory (created by
 * oracle_out_open, optionally with `reserve` bytes allocated so that a full
 * disk shows before any work), then oracle_out_finish flushes, fsyncs and
 * closes it, and oracle_out_commit renames it into place. Every step is
 * checked; on failure the temporary file is removed (oracle_out_abort), and
 * oracle_out_cleanup_on_signals() makes SIGINT/SIGTERM/SIGHUP remove every
 * temporary file still open before the process dies. A target that exists
 * and is not a regular file (a device such as /dev/stdout, a FIFO) is
 * written in place instead, never replaced; a directory is refused. */
typedef struct oracle_out_file {
    char path[4096];
    char tmp[4096];
    FILE *f;
    int slot;                    /* signal-cleanup registry slot, -1 none */
    uint64_t written;            /* by oracle_out_write (callers may also fprintf to f) */
    uint64_t reserved;           /* bytes allocated by open; the excess is cut by finish */
    int direct;                  /* written in place (not a regular file) */
    int no_sync;                 /* set after open: skip the fsync (a cache that is
                                    validated on every read needs no durability) */
} oracle_out_file;
int oracle_out_open(oracle_out_file *o, const char *path, uint64_t reserve, char *err, size_t errlen);
int oracle_out_write(oracle_out_file *o, const void *data, size_t n, char *err, size_t errlen);
int oracle_out_finish(oracle_out_file *o, char *err, size_t errlen);
int oracle_out_commit(oracle_out_file *o, char *err, size_t errlen);
void oracle_out_abort(oracle_out_file *o);
void oracle_out_cleanup_on_signals(void);
/* fsync the directory holding path (after renames); 0 or -1. */
int oracle_sync_dir_of(const char *path, char *err, size_t errlen);

#endif
