/* Transitional: the argument parsing and JSON writer of the commands not
 * yet described as cli_command (cli.h); removed with the last of them. */
#ifndef GROTTO_CLI_OLD_H
#define GROTTO_CLI_OLD_H

#include <stdint.h>
#include <stdio.h>

#include "grotto/engine.h"
#include "grotto/types.h"
#include "cli.h"

/* Set by the argument fuzzer (fuzz/): every command returns EXIT_OK right
 * after its arguments were accepted, before any real work or output:
 *     if (cli_parse_only) return EXIT_OK;
 * Defined in args.c; 0 in the grotto command. */
extern int cli_parse_only;


int cmd_oracle(int argc, char **argv);

/* ---- options ----
 * A command's option table is what cli_old_parse() accepts and what cli_old_help()
 * prints for 'grotto CMD --help', entry by entry: an option cannot be
 * accepted and undocumented (cli_help prints "UNDOCUMENTED" for an entry
 * without help, which the e2e tests refuse). Every entry has all seven
 * fields, in this order (an old five-field entry does not compile with
 * -Werror: -Wmissing-field-initializers):
 *   {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md)"}
 *   {"threads", 'j', OPT_VALUE, NULL, &threads_s, "N", "threads (default: all cores)"}
 *   {"RRSSSS", 0, OPT_ARG, NULL, NULL, NULL, "map id: band code and seed in hex"}
 *   {"Map filters", 0, OPT_SECTION, NULL, NULL, NULL, NULL}
 * OPT_ARG documents a positional argument and OPT_SECTION starts a group of
 * options under a heading; the parser skips both. In help, '\n' starts a
 * new line at the help column. */
typedef enum { OPT_FLAG, OPT_VALUE, OPT_ARG, OPT_SECTION } cli_opt_kind;
typedef struct cli_opt {
    const char *name;      /* long name without dashes, e.g. "json"; OPT_ARG: as shown */
    char short_name;       /* e.g. 'j', or 0 */
    cli_opt_kind kind;
    int *flag;             /* OPT_FLAG: set to 1 */
    const char **value;    /* OPT_VALUE: the argument */
    const char *arg;       /* OPT_VALUE: the value's name in the help, e.g. "N" */
    const char *help;      /* what it does */
} cli_opt;

/* The rest of a command's help, around its option table. */
typedef struct cli_usage {
    const char *usage;           /* the forms after "usage: ", one per line */
    const char *about;           /* what the command does (before the options) */
    void (*about_more)(FILE *out); /* more of it, printed after about, or NULL */
    const char *notes;           /* after the options, or NULL */
    void (*more)(FILE *out);     /* after the notes (shared explanations), or NULL */
    const char *examples;        /* one example per line: "grotto map 020032  # why" */
} cli_usage;

/* Prints the help of a command to stdout: usage, about, the option table,
 * notes, examples. */
void cli_old_help(const cli_usage *u, const cli_opt *opts, int nopts);

/* Parses argv[1..]: options (--name, --name=value, --name value, -j N, -jN)
 * and up to max_pos positionals. "--help"/"-h" sets *help. Returns 0, or
 * EXIT_USAGE after printing the problem (unknown option, missing value,
 * too many arguments). */
int cli_old_parse(const char *cmd, int argc, char **argv, const cli_opt *opts, int nopts,
              const char **pos, int max_pos, int *npos, int *help);

/* ---- values; each returns 0 or prints the problem and returns EXIT_USAGE ---- */
int cli_seed(const char *cmd, const char *text, uint32_t *seed);           /* hex 0..7FFF */
int cli_uint(const char *cmd, const char *what, const char *text, unsigned long max, unsigned long *out);
int cli_threads(const char *cmd, const char *text, int *threads);          /* -j N, 1..256 */
int cli_seed_range(const char *cmd, const char *text, uint32_t *lo, uint32_t *hi); /* --seeds LO..HI or S */
int cli_band_list(const char *cmd, const char *text, unsigned *bands);     /* 02,38,.. or all: bit per band */

/* Engine by name (grotto_engine_by_name), dflt when name is NULL; NULL and
 * an error naming the registry's engines (dflt first) otherwise. */
const grotto_engine *cli_engine(const char *cmd, const char *name, const grotto_engine *dflt);
/* The engines for an option's help: lead, "ref (default), impl or legacy:"
 * (dflt - may be NULL - first and marked) and a line per engine. */
const char *cli_old_engine_help(char *buf, size_t size, const char *lead, const grotto_engine *dflt);


/* ---- JSON writer ---- */
/* The version of the --json documents (docs/json.md): every top-level object
 * starts with "schema": CLI_JSON_SCHEMA. Raise it when a field changes name,
 * type or meaning, or disappears (adding a field does not). */
enum { CLI_JSON_SCHEMA = 1 };
/* Numbers that are not finite are written as null. */
typedef struct jw {
    FILE *f;
    int depth;
    int count[64];
} jw;
void jw_init(jw *w, FILE *f);
void jw_obj(jw *w, const char *key);   /* key NULL inside arrays / at top */
void jw_end_obj(jw *w);
void jw_arr(jw *w, const char *key);
void jw_end_arr(jw *w);
void jw_int(jw *w, const char *key, long long v);
void jw_uint(jw *w, const char *key, unsigned long long v);
void jw_num(jw *w, const char *key, double v, int decimals);
void jw_str(jw *w, const char *key, const char *s);
void jw_bool(jw *w, const char *key, int v);
void jw_null(jw *w, const char *key);
void jw_xy(jw *w, const char *key, grotto_xy p); /* [x, y] */
void jw_done(jw *w);
/* Separator for an array element the caller writes itself (raw JSON). */
void jw_raw_item(jw *w);                            /* newline */

#endif
