/* oracle/: comparison. Whole-domain comparisons - floors, maps, every
 * quality, every timer, the memoized sweep, every floor's walking cost, the
 * AT and the multiplayer bug - of engine A against engine B
 * byte for byte and against the golden corpus, through the engine interface
 * (grotto/engine.h), with first-difference reports; the digest files and
 * the corpus. One header, prefix oracle_ (constants ORACLE_); below it the
 * engines and base/; interchange/, verify/ and the CLI build on it. Used by
 * the CLI and the tests. */
#ifndef GROTTO_ORACLE_H
#define GROTTO_ORACLE_H

#include <stdint.h>
#include <stdio.h>

#include "grotto/at.h"
#include "grotto/chests.h"
#include "grotto/engine.h"
#include "grotto/multibug.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "grotto/types.h"
#include "result.h"

/* ---- domains (domain.c) ----
 * floors     FloorRecord of (seed, floor k): item seed*16 + k-1
 * maps       MapRecord of (band, seed) from map(band code): item band*32768 + seed
 * qualities  MapRecord of (quality 2..248, seed), from the engine's
 *            map_from_floors over the seed's floors; it must equal the
 *            engine's map(band code) byte for byte: item seed*247 + q-2
 * timers     timer value T 0..65535 with base quality 2..248: item T*247 + base-2
 * sweep      the memoized sweep's digests: floors items 0..524287 as in
 *            floors, then maps items 524288 + band*32768 + seed
 * walk       walking cost (research.md §1, grotto/walk.h) of (seed, floor
 *            k), each engine's walk over its own floor: item seed*16 + k-1
 * at         the AT of every seed (research.md §4; see "AT and multibug"
 *            below): item seed*ORACLE_AT_PER_SEED + part
 * multibug   the multiplayer bug of (band, seed) (§5): item band*32768 + seed
 * chests     the contents of every chest of (map, floor, second 0..255),
 *            A vs B (chests_domain.c): item
 *            ((band*32768 + seed)*16 + floor-1)*256 + second */
typedef enum {
    ORACLE_FLOORS = 0,
    ORACLE_MAPS = 1,
    ORACLE_QUALITIES = 2,
    ORACLE_TIMERS = 3,
    ORACLE_SWEEP = 4,
    ORACLE_WALK = 5,
    ORACLE_AT = 6,           /* at_domains.c: engine vs engine only, no corpus */
    ORACLE_MULTIBUG = 7,
    ORACLE_CHESTS = 8,       /* chests_domain.c: engine vs engine only, no corpus */
    ORACLE_DOMAIN_COUNT = 9
} oracle_domain;
#define ORACLE_ALL_DOMAINS ((1u << ORACLE_DOMAIN_COUNT) - 1u)
/* The domains the golden corpus covers (the rest need a second engine). */
#define ORACLE_CORPUS_DOMAINS ((1u << ORACLE_FLOORS) | (1u << ORACLE_MAPS) | (1u << ORACLE_QUALITIES) | \
                               (1u << ORACLE_TIMERS) | (1u << ORACLE_SWEEP) | (1u << ORACLE_WALK))
enum { ORACLE_QUALITY_COUNT = GROTTO_QUALITY_MAX - GROTTO_QUALITY_MIN + 1 }; /* 247 */

const char *oracle_domain_name(oracle_domain d);
int oracle_domain_by_name(const char *name); /* -1 if unknown */
/* Size of a domain's item index space (the items listed above). */
size_t oracle_domain_size(oracle_domain d);
/* Band 0..11 of a quality 2..248 from the band table (-1 outside): the
 * oracle's own lookup, independent of both engines. */
int oracle_band_of_quality(int quality);

/* ---- digest files and corpus (digest_file.c) ---- */
/* floors.digest / maps.digest (maps and qualities) / timers.jsonl (timers) /
 * floor-walk.bin (walk); NULL for sweep (it reads both digest files). */
const char *oracle_domain_file(oracle_domain d);
/* Load a digest file of exactly oracle_domain_size(d) u64 LE (d = floors or
 * maps). SHA256SUMS beside the file: when present it must be a readable,
 * well-formed regular file that names the file with the right checksum;
 * when absent the file is taken as it is. Returns NULL with a one-line
 * reason in err on any problem. */
uint64_t *oracle_digest_load(const char *path, oracle_domain d, char *err, size_t errlen);
/* The same, with SHA256SUMS required (the golden corpus). */
uint64_t *oracle_digest_load_checked(const char *path, oracle_domain d, char *err, size_t errlen);
/* Write a digest file: temporary name in the same directory, every write,
 * fsync and close checked, renamed into place when complete. */
int oracle_digest_save(const char *path, const uint64_t *digests, oracle_domain d, char *err, size_t errlen);
/* The digest file's bytes: u64 LE per entry (n entries, 8n bytes). */
void oracle_digest_bytes(const uint64_t *digests, size_t n, uint8_t *out);
/* The corpus directory: $GROTTO_CORPUS, else the source tree's corpus/ in a
 * build tree, or the copy installed in share/grotto-harness/corpus beside an
 * installed grotto (GROTTO_BUILD_TREE_CORPUS=OFF), else ./corpus. */
const char *oracle_corpus_dir(void);
/* Resolve an --against argument: "corpus" -> <corpus>/golden/<file>; a
 * directory -> dir/<file>; anything else is taken as the file itself. */
void oracle_against_path(const char *against, oracle_domain d, char *out, size_t outlen);

/* The corpus's timer vectors (timers.jsonl: {"timer":T,"r1":..,"seed":..,"r3":..}
 * per line), indexed by timer. */
typedef struct oracle_timer_sample {
    size_t count;                              /* timers present */
    uint8_t present[GROTTO_TIMER_COUNT];
    grotto_timer_draws draws[GROTTO_TIMER_COUNT];
} oracle_timer_sample;
oracle_timer_sample *oracle_timer_sample_load(const char *path, int require_sums, char *err, size_t errlen);

/* The walking costs of floor-walk.bin (records.md: oracle_domain_size(walk)
 * u16 LE, half-steps, 0xFFFF = no path, index seed*16 + k-1), checked
 * against SHA256SUMS as digest files are (required when require_sums).
 * NULL with a one-line reason in err. */
uint16_t *oracle_walk_load(const char *path, int require_sums, char *err, size_t errlen);

/* Everything --against SRC provides for a set of domains (bit mask of
 * 1 << oracle_domain): "corpus" (SHA256SUMS and every file required), a
 * directory (digest files required, timers.jsonl and floor-walk.bin
 * optional), or one file (only for exactly one of: floors; maps and/or
 * qualities; timers; walk). */
typedef struct oracle_corpus {
    uint64_t *floors, *maps;
    oracle_timer_sample *timers;
    uint16_t *walk;
} oracle_corpus;
int oracle_corpus_load(const char *against, unsigned domains, oracle_corpus *out, char *err, size_t errlen);
void oracle_corpus_free(oracle_corpus *c);

/* ---- the run of grotto sweep (sweep_run.c) ----
 * impl's sweep; its digests compared with --against (corpus, a directory
 * or NULL) and/or written into the directory out (NULL: none) whole or not
 * at all. Its document: threads, wall_seconds, floors, maps,
 * floor_generations, out, against_checked, floor_mismatches,
 * map_mismatches (docs/json.md); RES_DIFF on a mismatch. */
typedef struct oracle_sweep_args {
    const char *out, *against;
    int threads, quiet;
} oracle_sweep_args;
int oracle_sweep_run(const oracle_sweep_args *a, res_run *r);

/* ---- the run of grotto oracle over domains (domains_run.c) ----
 * Its document: "domains", one oracle_report_value per domain run (streamed
 * as each completes), then "ok" (docs/json.md, command `oracle`). RES_DIFF
 * on any mismatch; RES_ERROR on a broken corpus file, a domain that cannot
 * be covered, or one that did not reach its count. */
typedef struct oracle_run_args {
    unsigned domains;            /* bit per domain; 0: every one A, B and the corpus can cover */
    const grotto_engine *a, *b;  /* b NULL: compared with the corpus only */
    const char *against;         /* corpus, a directory or a file; NULL: "corpus" without b */
    int threads, show, quiet, full;
} oracle_run_args;
int oracle_domains_run(const oracle_run_args *a, res_run *r);

/* ---- comparison (compare.c) ---- */
enum { ORACLE_MAX_SHOW = 128 };
/* What differs in an item (bits; a domain uses some of them). */
enum {
    ORACLE_AB = 1,           /* A != B byte for byte */
    ORACLE_A_CORPUS = 2,     /* A != corpus (digest, or timer sample vector) */
    ORACLE_B_CORPUS = 4,     /* B != corpus */
    ORACLE_A_REF = 8,        /* qualities: A's map at the quality != A's band map;
                                sweep: the sweep's digest != A's own digest */
    ORACLE_B_REF = 16,       /* the same for B */
    ORACLE_SWEEP_CORPUS = 32 /* sweep: the sweep's digest != corpus */
};

typedef struct oracle_compare_opts {
    const grotto_engine *a;       /* required */
    const grotto_engine *b;       /* NULL: no engine-vs-engine comparison */
    const grotto_engine *sweeper; /* the sweep domain's engine (NULL: impl) */
    const uint64_t *want_floors;  /* floors.digest entries or NULL */
    const uint64_t *want_maps;    /* maps.digest entries or NULL (maps, qualities, sweep) */
    const oracle_timer_sample *want_timers; /* timer vectors or NULL */
    const uint16_t *want_walk;    /* floor-walk.bin entries or NULL */
    int threads;
    int show;                    /* how many first differences to keep (<= ORACLE_MAX_SHOW) */
    int quiet;                   /* no progress line */
    int chests_full;             /* chests: every triple, not the slice */
} oracle_compare_opts;

typedef struct oracle_compare_result {
    oracle_domain domain;
    char definition[96];         /* "32768 seeds x 16 floors" */
    uint64_t expected;           /* items by the definition */
    uint64_t checked;            /* items compared (counted from per-item marks) */
    uint64_t visits;             /* item comparisons the workers counted */
    uint64_t mismatched;         /* items with any difference */
    uint64_t ab, a_corpus, b_corpus, a_ref, b_ref, sweep_corpus; /* items per kind */
    int against_corpus;          /* some corpus data was compared */
    int first_count;
    size_t first[ORACLE_MAX_SHOW];     /* item indices, ascending */
    uint8_t first_kind[ORACLE_MAX_SHOW];
    uint64_t first_value[ORACLE_MAX_SHOW]; /* sweep: the sweep's digest of the item;
                                              walk: oracle_walk_value() of A's and B's costs */
    double seconds;              /* wall */
    double cpu_seconds;          /* summed over threads */
    double search_cpu_seconds[2]; /* walk: CPU of A's and of B's walk searches alone
                                     (their floor generation not counted) */
    double engine_cpu_seconds[2]; /* chests: CPU of A's and of B's chest_seconds
                                     calls alone (their maps not counted); at,
                                     multibug: of each engine's calls alone */
} oracle_compare_result;

/* walk: A's and B's costs of an item in one value - bits 0-15 A's cost,
 * 16-31 B's, bit 32 / 33 set when A / B gave the floor at all. */
static inline uint64_t oracle_walk_value(int ok_a, uint16_t a, int ok_b, uint16_t b)
{
    return (uint64_t)a | (uint64_t)b << 16 | (uint64_t)(ok_a != 0) << 32 | (uint64_t)(ok_b != 0) << 33;
}

/* The MapRecord of e->map(quality, seed): 1, or 0 when the engine rejects it. */
int oracle_map_record(const grotto_engine *e, int quality, uint32_t seed, uint8_t rec[GROTTO_MAP_RECORD_SIZE]);
/* 1 when every item of the domain was compared exactly once. */
int oracle_result_complete(const oracle_compare_result *r);
/* The count domain d must reach with opts, and its definition in words
 * ("32768 seeds x 16 floors"). */
uint64_t oracle_domain_expected(oracle_domain d, const oracle_compare_opts *o, char *def, size_t n);
/* Which domains opts can cover in full; 0 when d can be run. Otherwise a
 * one-line reason (e.g. timers without B or a timer sample). */
int oracle_domain_unavailable(oracle_domain d, const oracle_compare_opts *o, char *why, size_t n);

/* Runs the selected domains (bit mask) in the order floors, maps,
 * qualities, timers, sweep, walk, at, multibug, chests, sharing work: maps and qualities
 * are one pass per seed (the band maps are the qualities' reference), the
 * sweep reuses the per-item digests of floors and maps. done() is called
 * with each domain's result as it completes; when it returns non-zero the
 * run stops there. Returns 0, 1 when done() stopped it, or -1 when a selected domain
 * is unavailable (oracle_domain_unavailable) or on allocation or sweep
 * failure. */
typedef int (*oracle_done_fn)(void *ctx, const oracle_compare_result *r);
int oracle_run(unsigned domains, const oracle_compare_opts *o, oracle_done_fn done, void *ctx);
/* One domain. Returns 0 or -1. */
int oracle_compare(oracle_domain d, const oracle_compare_opts *o, oracle_compare_result *r);

/* ---- AT and multibug (at_domains.c) ----
 * at: per seed, part 0 = the marks (grotto_at: steps 35..37, R2 / +3 / N2;
 * grotto_at_pop_of for zooms 0..ORACLE_AT_ZOOMS-1), part 1 = the whistle
 * test of every wandering member of every enemy list at zoom 0, without a
 * deftness maximum and with maximum 100, parts 2.. = the drop-pattern scans
 * of oracle_at_scan_query (the count and the first ORACLE_AT_KEEP starts).
 * multibug: grotto_multibug_from_floors over the seed's 16 floors (each
 * engine's own map_floors), every field. Both compare A with B only: no
 * corpus holds them, so both need B (oracle_domain_unavailable). */
enum {
    ORACLE_AT_ZOOMS = 4,
    ORACLE_AT_CONFIGS = 3,       /* (max_steps, POP): (45, 35) (400, 35) (400, 93) */
    ORACLE_AT_SCANS = ORACLE_AT_CONFIGS * 4 * 13, /* x 4 thresholds x 13 patterns */
    ORACLE_AT_PER_SEED = 2 + ORACLE_AT_SCANS,
    ORACLE_AT_KEEP = 16,
    ORACLE_AT_WHISTLE_DEFT = 100
};
/* The query of scan s (0..ORACLE_AT_SCANS-1): config-major, then
 * threshold (gt_at_threshold order), then pattern code. */
void oracle_at_scan_query(int s, grotto_at_scan_query *q);
/* One engine's results as the two domains compare them, every field in
 * bytes (also what `grotto bench` hashes, universe/bench_research.c):
 * the marks of a seed, one scan (its count and first starts), the whistle
 * answers of every wandering member (two per member: no deftness maximum,
 * maximum ORACLE_AT_WHISTLE_DEFT; 1, 0 or 2 for an error), a multibug
 * result. The marks and the scan return 1, or 0 when the engine refused
 * (the bytes then 0); the whistle answers return their byte count. */
enum {
    ORACLE_AT_MARKS_BYTES = 2 * 3 + 2 * 3 + ORACLE_AT_ZOOMS * 10,
    ORACLE_AT_SCAN_BYTES = 4 + 4 * ORACLE_AT_KEEP,
    ORACLE_AT_WHISTLE_MAX = GT_ENV_COUNT * GT_MONSTER_RANKS * GT_LIST_MAX,
    ORACLE_AT_WHISTLE_BYTES = 2 * ORACLE_AT_WHISTLE_MAX,
    ORACLE_MULTIBUG_BYTES = 2 * (13 + GROTTO_MAX_FLOORS) + GROTTO_MAX_FLOORS * 16
};
typedef struct oracle_whistles oracle_whistles; /* the wandering members of every list */
oracle_whistles *oracle_whistles_new(void);      /* NULL when out of memory */
void oracle_whistles_free(oracle_whistles *w);
int oracle_at_marks_bytes(const grotto_engine *e, uint32_t seed, uint8_t out[ORACLE_AT_MARKS_BYTES]);
int oracle_at_scan_bytes(const grotto_engine *e, uint32_t seed, const grotto_at_scan_query *q,
                         uint8_t out[ORACLE_AT_SCAN_BYTES]);
size_t oracle_at_whistle_bytes(const grotto_engine *e, uint32_t seed, const oracle_whistles *w,
                               uint8_t out[ORACLE_AT_WHISTLE_BYTES]);
void oracle_multibug_bytes(const grotto_multibug_t *m, uint8_t out[ORACLE_MULTIBUG_BYTES]);
/* Runs the at or multibug domain; as oracle_run: 0, 1 when done() asked to
 * stop, -1 on allocation failure. */
int oracle_at_domain_run(oracle_domain d, const oracle_compare_opts *o, oracle_done_fn done, void *ctx);
/* One difference of those domains in words, and the members that identify
 * the item in its "first" entry (set in v). */
void oracle_at_report_item(FILE *out, oracle_domain d, size_t item, const oracle_compare_opts *o);
void oracle_at_item_value(json_t *v, oracle_domain d, size_t item);

/* ---- chests (chests_domain.c) ----
 * The chests domain compares A with B only (no corpus holds contents), so
 * it needs B and two engines with chest_seconds (oracle_domain_unavailable).
 * Its default run is a slice of the 1,610,612,736 triples: every map and
 * floor at seconds 0..ORACLE_CHESTS_SLICE_SECONDS-1 (the quickload, PPAP
 * and combo seconds of research.md §3 lie in 0..37), and all 256 seconds
 * of every seed that is a multiple of ORACLE_CHESTS_SLICE_SEED_STRIDE;
 * opts.chests_full runs every triple. */
enum { ORACLE_CHESTS_SLICE_SECONDS = 40, ORACLE_CHESTS_SLICE_SEED_STRIDE = 16 };
/* The floor n (1..16) of a map as the chest functions take it: the map's
 * seed, n, and its chest count and ranks (none past the map's last floor). */
void oracle_chest_floor_of(const grotto_map_t *m, int n, grotto_chest_floor *f);
/* Whether (seed, second) is in the run's domain (the same for every band
 * and floor). */
int oracle_chests_in_slice(const oracle_compare_opts *o, uint32_t seed, uint32_t t);
/* The count and definition of the chests domain with these options. */
uint64_t oracle_chests_expected(const oracle_compare_opts *o, char *def, size_t n);
/* Runs the domain; as oracle_run: 0, 1 when done() asked to stop, -1 on
 * allocation failure or when it is unavailable. */
int oracle_chests_domain_run(const oracle_compare_opts *o, oracle_done_fn done, void *ctx);
/* One difference in words (both sides' count, ranks and items, the
 * differing ones marked), and the members of its "first" entry (in v). */
void oracle_chests_report_item(FILE *out, size_t item, const oracle_compare_opts *o);
void oracle_chests_item_value(json_t *v, size_t item);

/* The draws that decide chest i (0..2) of floor f of a map whose first
 * floor has monster rank smr (chests.md §2-§3): the rank draw (seed + n,
 * after 2 x count discarded draws and i earlier chests; rank = lo +
 * scaled(span) of it) and the content draw at second t (n + seed + t,
 * after i earlier chests; v = scaled(100) of it). Computed from f with the
 * generator's jump-ahead, for the reports; lo = span = 0 for an smr
 * outside 1..12. */
typedef struct oracle_chest_draws {
    uint32_t rank, content;
    int v, lo, span;
} oracle_chest_draws;
oracle_chest_draws oracle_chest_draws_of(const grotto_chest_floor *f, int smr, uint32_t t, int i);

/* ---- reports (report.c) ---- */
/* One mismatch in words: the item (seed/floor, map, quality, timer), each
 * side's decoded record or values with the differing parts marked. */
void oracle_report_item(FILE *out, const oracle_compare_result *r, int i, const oracle_compare_opts *o);
/* A domain's result as a value (docs/json.md, command `oracle`: an element
 * of "domains"); each "first" entry carries "report", the lines of
 * oracle_report_item. */
json_t *oracle_report_value(const oracle_compare_result *r, const oracle_compare_opts *o);
/* The summary line of such a value (no newline): items checked of the
 * count, mismatched, per kind, wall and CPU seconds. */
void oracle_summary_text(const json_t *domain, char *buf, size_t size);
/* The same written to out (with a newline), and the value as compact JSON. */
void oracle_report_summary(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o);
void oracle_report_json(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o);
/* Print a floor's grid with tile digits, and two grids side by side with
 * the differing cells marked. */
void oracle_print_grid_diff(FILE *out, const grotto_floor_t *a, const char *la,
                            const grotto_floor_t *b, const char *lb);

#endif
