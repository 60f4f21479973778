/* The interchange format (docs/interchange.md): one JSON object per line,
 * a floor, a map or a floor's chest contents at one second of another
 * tool, every field optional except the keys;
 * the converter between it and our binary records; the field-by-field
 * check of such records against an engine; and the child-process line
 * protocol ("floor SEED K" / "map BAND SEED" / "chest BAND SEED K T", one
 * interchange line back).
 * Prefix ix_ (constants IX_). */
#ifndef GROTTO_INTERCHANGE_H
#define GROTTO_INTERCHANGE_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "grotto/engine.h"
#include "grotto/record.h"
#include "grotto/types.h"
#include "result.h"

/* ---- records ---- */
typedef enum { IX_FLOOR = 1, IX_MAP = 2, IX_CHEST = 3 } ix_kind;

/* Fields, in report order: floor fields, map fields, chest fields. A record
 * carries a set of them (bit 1 << field). */
typedef enum {
    IX_WIDTH, IX_HEIGHT, IX_OVERFLOW, IX_UP, IX_DOWN, IX_CHESTS, IX_GRID,
    IX_ENV, IX_FLOORS, IX_SMR, IX_BOSS, IX_PREFIX, IX_SUFFIX, IX_LOCALE, IX_LEVEL,
    IX_CHEST_RANKS, IX_ELIST_OFS, IX_ELIST_D, IX_ELIST_STATE,
    IX_CONTENTS, IX_CONTENTS_RANK, IX_CONTENTS_ITEM, IX_CONTENTS_NAME,
    IX_FIELD_COUNT
} ix_field;
enum { IX_FIRST_MAP_FIELD = IX_ENV, IX_FIRST_CHEST_FIELD = IX_CONTENTS, IX_MAX_LIST = 16, IX_MAX_IGNORED = 8,
       IX_MAX_SECOND = 65535, IX_NAME_LEN = 48 };
const char *ix_field_name(ix_field f); /* "width", ..., "elist.state", "contents", ..., "contents.name" */

typedef struct ix_record {
    ix_kind kind;
    uint32_t seed;               /* 0..0x7FFF */
    int floor;                   /* floors, chests: 1..16 */
    int band;                    /* maps, chests: band index 0..11 (the line holds the band code) */
    int second;                  /* chests: 0..IX_MAX_SECOND */
    uint32_t have;               /* carried fields (bit 1 << ix_field) */
    /* floor fields (ints: a value out of a byte's range must not wrap into a match) */
    int width, height, overflow, up[2], down[2];
    int chest_count, chest[IX_MAX_LIST][2];
    uint8_t grid[GROTTO_CELLS];
    /* map fields: env, floors, smr, boss, prefix, suffix, locale, level */
    int detail[8];
    int ranks_floors, ranks_count[IX_MAX_LIST], rank[IX_MAX_LIST][GROTTO_MAX_CHESTS];
    int elist_floors;
    uint32_t elist_have[IX_MAX_LIST]; /* per entry: bits of IX_ELIST_OFS/D/STATE */
    int elist_ofs[IX_MAX_LIST], elist_D[IX_MAX_LIST], elist_state[IX_MAX_LIST];
    /* chest fields: the floor's chests in placement order ("contents": the
     * count), per chest rank 1..10, item number (gt_item_name), English name */
    int contents_count;
    uint32_t contents_have[IX_MAX_LIST]; /* per entry: bits of IX_CONTENTS_RANK/ITEM/NAME */
    int contents_rank[IX_MAX_LIST], contents_item[IX_MAX_LIST];
    char contents_name[IX_MAX_LIST][IX_NAME_LEN];
    /* keys the format does not define (ignored), "elist[].x" inside entries */
    int ignored_count;
    char ignored[IX_MAX_IGNORED][32];
} ix_record;

/* Parses one line. 0, or -1 with a one-line reason (not JSON, a key
 * missing or out of range, a field of the wrong type or shape). */
int ix_parse(const char *line, size_t len, ix_record *r, char *err, size_t errlen);

/* The interchange line of an engine's floor k of seed / map (every field,
 * "\n"-terminated). Return what fprintf returns (negative on error). */
int ix_write_floor(FILE *out, uint32_t seed, const grotto_floor_t *f);
int ix_write_map(FILE *out, const grotto_map_t *m);

/* A record carrying every field as the binary record: FloorRecord (272
 * bytes) or MapRecord (140 bytes). 0, or -1 with the reason (a field
 * missing, a value a record cannot hold). */
int ix_to_floor_record(const ix_record *r, uint8_t out[GROTTO_FLOOR_RECORD_SIZE], char *err,
                       size_t errlen);
int ix_to_map_record(const ix_record *r, uint8_t out[GROTTO_MAP_RECORD_SIZE], char *err,
                     size_t errlen);
/* And back: a record's interchange line (floors need their seed: a
 * FloorRecord does not hold it). 0, or -1 when the record is broken. */
int ix_floor_record_line(FILE *out, uint32_t seed, const uint8_t rec[GROTTO_FLOOR_RECORD_SIZE]);
int ix_map_record_line(FILE *out, const uint8_t rec[GROTTO_MAP_RECORD_SIZE]);

/* ---- converting: the runs of grotto interchange (convert.c) ----
 * Each writes to out and returns 0; -1 with a one-line reason in err (an
 * input that cannot be read, a malformed line or record, a file of either
 * kind without --floors/--maps); IX_RUN_WRITE when writing to out failed
 * (errno tells why; the caller names the file). */
enum { IX_RUN_WRITE = -2 };
typedef struct ix_run_args {
    int kind;                    /* export, decode: IX_FLOOR or IX_MAP; decode: 0 = by the file's size */
    uint32_t lo, hi;             /* export: seeds */
    unsigned bands;              /* export maps: bit per band index */
    const grotto_engine *engine; /* export */
    const char *in;              /* encode, decode: the input file */
    uint32_t first_seed;         /* decode floors: the first record's seed */
} ix_run_args;
int ix_run_export(const ix_run_args *a, FILE *out, char *err, size_t errlen);
int ix_run_encode(const ix_run_args *a, FILE *out, char *err, size_t errlen);
int ix_run_decode(const ix_run_args *a, FILE *out, char *err, size_t errlen);

/* ---- checking records against an engine ---- */
enum { IX_MAX_SHOW = 128 };
typedef struct ix_check {
    const grotto_engine *a;      /* the engine the records are checked against */
    const char *b_label;         /* the other side in reports ("file", "b"): short, a grid column */
    const char *source;          /* the file or command, for the summary line (NULL: b_label) */
    int show;                    /* first differing records kept (<= IX_MAX_SHOW) */
    uint64_t records, floor_records, map_records, chest_records;
    uint64_t fields;             /* field values compared */
    uint64_t fields_differing;
    uint64_t records_differing;
    uint64_t carried[IX_FIELD_COUNT]; /* records carrying each field */
    uint64_t ignored_records;    /* records with keys the format does not define */
    char ignored[IX_MAX_IGNORED][32]; /* the first such keys seen */
    int ignored_count;
    int first_count;
    ix_record first[IX_MAX_SHOW];
    long first_line[IX_MAX_SHOW]; /* line in the file, or request number */
    /* items already seen: a record given twice is a broken file */
    uint8_t *seen;               /* bit per floor slot, then per map slot */
    uint64_t *chests_seen;       /* chest items: an open-addressing set of key + 1 (0 = empty) */
    size_t chests_cap, chests_count;
    int details;                 /* maps asked as `details`: chest_ranks and elist were not asked */
} ix_check;

int ix_check_init(ix_check *c, const grotto_engine *a, const char *b_label, int show);
void ix_check_free(ix_check *c);
/* Compares r with engine A field by field. 1 when something differs, 0
 * when not, -1 when the item was given before (err says where). */
int ix_check_record(ix_check *c, const ix_record *r, long line, char *err, size_t errlen);
/* The check as a value (docs/json.md, command `oracle --b`: "check"): a,
 * records, floor_records, map_records, chest_records, fields, records_differing,
 * fields_differing, carried {field: n}, not_carried, ignored_keys,
 * ignored_records, and first: per kept record its keys, line or request,
 * its differing fields and "report", the record in words (with the grids
 * side by side), one string per line. */
json_t *ix_report_value(const ix_check *c);

/* Checks every line of an interchange file. 0, or -1 with "FILE:LINE:
 * reason" for a file that cannot be read or is malformed. */
int ix_check_file(ix_check *c, const char *path, char *err, size_t errlen);

/* ---- another implementation as a child process ---- */
typedef struct ix_item {
    ix_kind kind;
    uint32_t seed;
    int floor;                   /* floors, chests */
    int band;                    /* maps, chests: 0..11 */
    int second;                  /* chests */
} ix_item;

/* The items of a domain: floors of seeds lo..hi (all 16 of each), then maps
 * of the selected bands (bit mask) x seeds; `sample` > 0 keeps that many of
 * them chosen at random with a fixed seed (the same every run), in domain
 * order. Returns a malloc'd array (*n items) or NULL (out of memory). */
ix_item *ix_domain(int floors, unsigned bands, uint32_t lo, uint32_t hi, uint64_t sample, size_t *n);

/* The same with chest items after the maps: chest_bands (bit mask) x seeds
 * x floors 1..16 x seconds t_lo..t_hi, in that order. With chest items the
 * sample is drawn by index (the domain is never built whole); without a
 * sample a domain of more than IX_MAX_DOMAIN items is refused. NULL with
 * *n = 0 when out of memory, with *n = the domain's size when too large. */
enum { IX_MAX_DOMAIN = 1 << 22 };
ix_item *ix_domain_chests(int floors, unsigned bands, unsigned chest_bands, uint32_t lo, uint32_t hi,
                          int t_lo, int t_hi, uint64_t sample, size_t *n);

typedef struct ix_exec {
    const char *command;         /* run with /bin/sh -c */
    double timeout;              /* seconds per reply (and for the exit at the end) */
    void (*progress)(void *ctx, uint64_t done, uint64_t total); /* may be NULL */
    void *progress_ctx;
    int details;                 /* ask maps as "details BAND SEED" (map details only), not "map" */
    uint64_t requests, replies;
} ix_exec;
/* Asks the child for every item and checks each reply. 0 when the child
 * answered everything well-formed and exited 0; -1 with a one-line reason
 * when it could not be started, died, hung (no reply within the timeout),
 * answered garbage or for another item, or exited non-zero. The child is
 * always reaped (killed with its process group when it must be). */
int ix_check_exec(ix_check *c, ix_exec *x, const ix_item *items, size_t n, char *err,
                  size_t errlen);

/* ---- the run of grotto oracle --b FILE / --b exec:CMD (ix_oracle.c) ---- */
typedef struct ix_oracle_args {
    const char *b;               /* FILE.jsonl, or exec:CMD */
    const grotto_engine *a;
    int floors, maps, chests;    /* exec: the domains asked (none: floors and maps; with details: maps) */
    int details;                 /* exec: maps asked as "details BAND SEED" (a tool of map details only) */
    uint32_t lo, hi;             /* exec: seeds */
    unsigned bands;              /* exec: bit per band index of the maps and chests asked; 0: all */
    int t_lo, t_hi;              /* exec, chests: the seconds asked */
    unsigned long sample;        /* exec: items asked per domain, at random (fixed seed); 0: all */
    double timeout;              /* exec: seconds per reply; 0: 10 */
    int show, quiet;
} ix_oracle_args;
/* RES_OK, RES_DIFF when a field differs, RES_ERROR when the file or the
 * child is broken (err: why, with the child's last stderr line). */
int ix_oracle_run(const ix_oracle_args *a, res_run *r);

#endif
