/* The oracle: whole-universe sweeps over floors and maps, digest files,
 * ref-vs-impl and vs-corpus comparison with first-difference reports,
 * universe statistics and the benchmark. Used by the CLI and the tests. */
#ifndef GROTTO_ORACLE_H
#define GROTTO_ORACLE_H

#include <stdint.h>
#include <stdio.h>

#include "grotto/engine.h"
#include "grotto/types.h"

/* ---- parallel driver (parallel.c) ---- */
typedef void (*oracle_item_fn)(size_t item, void *ctx);
typedef void (*oracle_progress_fn)(void *ctx, uint64_t done, uint64_t total);
/* Runs fn(i) for every i in [0, n) on `threads` threads (<= 0: all online
 * cores), in chunks of `chunk` items; progress is called from one thread. */
void oracle_parallel(int threads, size_t n, size_t chunk, oracle_item_fn fn, void *ctx,
                     oracle_progress_fn progress, void *progress_ctx);
int oracle_default_threads(void);
double oracle_now(void); /* monotonic seconds */

/* Progress line on stderr, only when stderr is a terminal. */
typedef struct oracle_progress {
    const char *label;
    int enabled;
    double started;
} oracle_progress;
void oracle_progress_init(oracle_progress *p, const char *label, int quiet);
void oracle_progress_cb(void *ctx, uint64_t done, uint64_t total);
void oracle_progress_done(oracle_progress *p);

/* ---- digest files (digest_file.c) ---- */
typedef enum { ORACLE_FLOORS = 0, ORACLE_MAPS = 1 } oracle_domain;
size_t oracle_domain_size(oracle_domain d); /* 524,288 or 393,216 */
const char *oracle_domain_name(oracle_domain d);
const char *oracle_domain_file(oracle_domain d); /* floors.digest / maps.digest */
/* Load a digest file of exactly oracle_domain_size(d) u64 LE. If the file's
 * directory holds SHA256SUMS naming the file, its checksum is verified.
 * Returns NULL with a one-line reason in err on any problem. */
uint64_t *oracle_digest_load(const char *path, oracle_domain d, char *err, size_t errlen);
int oracle_digest_save(const char *path, const uint64_t *digests, oracle_domain d, char *err, size_t errlen);
/* The corpus directory: $GROTTO_CORPUS, else the source tree's corpus/. */
const char *oracle_corpus_dir(void);
/* Resolve an --against argument: "corpus" -> <corpus>/golden/<file>; a
 * directory -> dir/<file>; anything else is taken as the file itself. */
void oracle_against_path(const char *against, oracle_domain d, char *out, size_t outlen);

/* sha256.c */
void oracle_sha256(const void *data, size_t len, uint8_t out[32]);
void oracle_sha256_hex(const void *data, size_t len, char out[65]);

/* ---- comparison (compare.c) ---- */
enum { ORACLE_MAX_SHOW = 64 };
enum { ORACLE_AB = 1, ORACLE_A_CORPUS = 2, ORACLE_B_CORPUS = 4 };

typedef struct oracle_compare_opts {
    const grotto_engine *a;      /* required */
    const grotto_engine *b;      /* NULL: no engine-vs-engine comparison */
    const uint64_t *want;        /* golden digests or NULL */
    int threads;
    int show;                    /* how many first differences to keep (<= ORACLE_MAX_SHOW) */
    int quiet;                   /* no progress line */
} oracle_compare_opts;

typedef struct oracle_compare_result {
    oracle_domain domain;
    uint64_t checked;
    uint64_t mismatched;         /* items with any difference */
    uint64_t ab;                 /* A != B (byte-for-byte) */
    uint64_t a_corpus;           /* digest(A) != corpus */
    uint64_t b_corpus;           /* digest(B) != corpus */
    int first_count;
    size_t first[ORACLE_MAX_SHOW];   /* item indices, ascending */
    uint8_t first_kind[ORACLE_MAX_SHOW];
    double seconds;
} oracle_compare_result;

/* item index <-> (seed, floor) / (band, seed) follow grotto_floor_slot and
 * grotto_map_slot of record.h. Returns 0, or -1 on allocation failure. */
int oracle_compare(oracle_domain d, const oracle_compare_opts *o, oracle_compare_result *r);

/* ---- reports (report.c) ---- */
/* One mismatch in words: decoded records side by side, grid diff. */
void oracle_report_item(FILE *out, oracle_domain d, size_t item, uint8_t kind,
                        const oracle_compare_opts *o);
void oracle_report_summary(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o);
void oracle_report_json(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o);
/* Print a floor's grid with tile digits, and two grids side by side with
 * the differing cells marked. */
void oracle_print_grid_diff(FILE *out, const grotto_floor_t *a, const char *la,
                            const grotto_floor_t *b, const char *lb);

#endif
