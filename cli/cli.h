/* The grotto command: every command is one static description (a
 * cli_command) - its options, positionals and modes, its help, how it runs
 * and how its result is rendered and documented - and the code here does
 * the rest from those descriptions:
 *
 *   parse.c    argv -> the command's args struct (cli_parse), refusing what
 *              it cannot mean; the fuzzer calls it alone
 *   kinds.c    the kinds of values (converters: seed, map id, engine, ...)
 *   help.c     help and usage from the descriptions; `grotto help ...`
 *   render.c   a result value as JSON (fixed key order), as text through
 *              the command's renderer or the generic "label: value" one
 *   doc.c      docs/json.md's sections and the JSON Schema from the
 *              result descriptions (`grotto help json`, `help schema`)
 *   terms.c    the glossary (`grotto help terms`, docs/glossary.md)
 *   commands.c the table of commands and the dispatcher (cli_main)
 *   cmd_*.c    one command each: its description and its text renderer
 *
 * A run (the `run` of a description) calls a library layer - lookup/,
 * universe/, oracle/, verify/, interchange/ - which returns the result
 * value (result/result.h); cli/ only parses, renders and documents.
 * docs/cli.md says how to add a command, an option, a result field. */
#ifndef GROTTO_CLI_H
#define GROTTO_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "result.h"

enum { EXIT_OK = 0, EXIT_DIFF = 1, EXIT_USAGE = 2, EXIT_DOUBTFUL = 3 /* verify: a capture in doubt */ };

/* Prints "grotto CMD: message" (one line: control characters become '?')
 * on stderr; returns EXIT_USAGE. cmd may be NULL ("grotto: ..."). */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ==== values ====
 * A kind converts an argument's text into its field of the args struct,
 * or prints why it cannot (one line naming the value and the expected
 * form) and returns EXIT_USAGE. */
typedef struct cli_option cli_option;
typedef struct cli_value {
    const char *cmd;             /* "map", for messages */
    const char *what;            /* "--seeds", "RRSSSS": what the text was given as */
    const void *aux;             /* the option's parameter */
} cli_value;

typedef struct cli_kind {
    int (*conv)(const cli_value *v, const char *text, void *field);
    /* more help for an option of this kind (e.g. the engines), appended to
     * its help; NULL: none */
    void (*help)(const cli_option *o, char *buf, size_t size);
} cli_kind;

/* The kinds every command may use (kinds.c); field types in brackets. */
extern const cli_kind CLI_FLAG;       /* [int] set to 1; no value */
extern const cli_kind CLI_FORMAT;     /* [int] set to *(const int *)aux; no value: --json, --csv, ... */
extern const cli_kind CLI_STRING;     /* [const char *] any non-empty text */
extern const cli_kind CLI_OUT_FILE;   /* [const char *] a file to write; "-": standard output */
extern const cli_kind CLI_IN_FILE;    /* [const char *] a file to read */
extern const cli_kind CLI_SEED;       /* [uint32_t] hex 0..7FFF */
extern const cli_kind CLI_QUALITY;    /* [int] 2..248 */
extern const cli_kind CLI_BAND;       /* [int] band 0..11 from a quality in hex (RR) */
extern const cli_kind CLI_BAND_OF_QUALITY; /* [int] band 0..11 from a decimal quality */
extern const cli_kind CLI_MAP_ID;     /* [lookup_mapref] RRSSSS */
extern const cli_kind CLI_FLOOR;      /* [int] 1..16 or B1F..B16F */
extern const cli_kind CLI_UINT;       /* [unsigned long] within aux (cli_range) */
extern const cli_kind CLI_INT;        /* [int] within aux (cli_range) */
extern const cli_kind CLI_THREADS;    /* [int] 1..256 */
extern const cli_kind CLI_REGION;     /* [grotto_region] jp | intl */
extern const cli_kind CLI_ENGINE;     /* [const grotto_engine *] a registry name; aux: the default */
extern const cli_kind CLI_SEED_RANGE; /* [cli_seeds] LO..HI or S, hex */
extern const cli_kind CLI_BAND_LIST;  /* [unsigned] band bits: 02,38,.. or all */

/* aux of CLI_UINT: what the number is, in messages, and its range. */
typedef struct cli_range {
    const char *what;            /* "timer value" */
    unsigned long min, max;
} cli_range;
/* The conversions behind some kinds, for commands' own kinds. */
int cli_floor_of(const char *cmd, const char *text, int *floor);
int cli_uint_of(const char *cmd, const cli_range *r, const char *text, unsigned long *out);
/* The engine kind's conversion and help ("ref (default), impl or legacy:"
 * and a line per engine), for kinds that add to them. */
int cli_engine_of(const cli_value *v, const char *text, void *field);
void cli_engine_help(const cli_option *o, char *buf, size_t size);
/* Calls fn for every item of a comma-separated list; an empty item is refused. */
int cli_each_item(const cli_value *v, const char *text, int (*fn)(const cli_value *v, const char *item, void *ctx),
                  void *ctx);

typedef struct cli_seeds {
    uint32_t lo, hi;
} cli_seeds;

/* ==== a command's description ==== */

/* An option. Flags (value NULL) have kind CLI_FLAG or CLI_FORMAT; an
 * option with a value refuses one that begins with '-' unless written
 * --name=-x. Tables end with an entry whose name is NULL. */
struct cli_option {
    const char *name;            /* long name without dashes, "band" */
    char short_name;             /* 'j', or 0 */
    const char *value;           /* its value's name in the help, "N"; NULL: a flag */
    const cli_kind *kind;
    size_t offset;               /* its field in the args struct */
    const void *aux;             /* the kind's parameter */
    unsigned modes;              /* the modes it applies in (bit i: mode i); 0: every mode */
    unsigned required;           /* the modes that need it */
    int group;                   /* options of one nonzero group exclude each other */
    const char *section;         /* a heading printed before it in the help, or NULL */
    const char *help;            /* what it does; '\n' starts a line at the help column */
};

/* A positional argument of a mode; tables end with name NULL. */
typedef struct cli_positional {
    const char *name;            /* "RRSSSS", as usage and help show it */
    const cli_kind *kind;        /* NULL: the text itself (const char *) */
    size_t offset;
    const void *aux;
    int optional;
    int many;                    /* takes every further one; kind NULL: a cli_list */
    const char *help;
} cli_positional;

/* The texts of a positional given many times (kind NULL): v[0..n). */
typedef struct cli_list {
    const char **v;
    int n;
} cli_list;

/* A mode: one form of the command, with its own positionals; an option
 * outside its modes is refused ("--engine does not apply to ..."). */
enum { CLI_MAX_MODES = 8 };
typedef struct cli_mode {
    /* what chooses it: "--never" (one of these options given, "|"-separated),
     * "export" (the first positional is this word), NULL (the default: no
     * other mode is chosen) */
    const char *select;
    const cli_positional *pos;   /* may be NULL: none */
    const char *missing;         /* message when something it needs is missing; NULL: generic */
    const char *label;           /* how messages and usage name it when select does not
                                    ("--b exec:CMD"); NULL: select */
} cli_mode;

/* Output formats; the args struct of every command starts with
 * `int format` (CLI_TEXT unless an option of kind CLI_FORMAT sets it). */
enum { CLI_OUTPUT_DONE = 100 };
enum { CLI_TEXT = 0, CLI_JSON = 1, CLI_CSV = 2, CLI_COUNT = 3, CLI_RECORD = 4, CLI_FORMATS = 5 };
extern const int CLI_FMT_JSON, CLI_FMT_CSV, CLI_FMT_COUNT, CLI_FMT_RECORD; /* aux of CLI_FORMAT */

/* A result value's description: one row per field (docs/json.md's tables,
 * the JSON Schema, the generic text rendering). Paths are relative to the
 * object described: "a.b" nested, "a[]" an array's elements, "a.*" any
 * key; "+" inlines every field of the object named by the type. Types:
 * int, number, string, bool, null, object, array, xy, "array of T", the
 * name of a shared object, alternatives with " or ". */
typedef struct cli_field {
    const char *path;
    const char *type;
    const char *presence;        /* "always", or when */
    const char *meaning;
    const char *label;           /* the generic text rendering's label; NULL: not shown there */
} cli_field;

typedef struct cli_result {
    const char *name;            /* "map", "stats --legacy-diff", or a shared object's name */
    const char *intro;           /* the paragraph under the heading */
    const char *checked;         /* "; "-separated command lines (after "grotto ") whose output is checked */
    const cli_field *fields;     /* ended by path NULL */
    const char *after;           /* a paragraph after the table, or NULL */
} cli_result;

/* How a format shows a result: doc for the whole document (for a
 * streamed list: the members after it), head before the streamed list,
 * item per element. Any may be NULL. They print to stdout. */
typedef struct cli_renderer {
    void (*head)(const json_t *doc, const void *args);
    void (*item)(const json_t *item, const json_t *head, const void *args);
    void (*doc)(const json_t *doc, const void *args);
} cli_renderer;

typedef struct cli_scan cli_scan;

typedef struct cli_command {
    const char *name;
    const char *summary;         /* one line in 'grotto --help' */
    size_t size;                 /* of the args struct (it starts with int format) */
    void (*init)(void *args);    /* defaults after zeroing, or NULL */
    const cli_option *options;
    const cli_mode *modes;       /* modes[0..nmodes); a single-mode command has one */
    int nmodes;
    /* chooses the mode when the selectors cannot (oracle: the value of
     * --b), or NULL: returns the mode, or -1 after printing the problem */
    int (*mode_of)(const char *cmd, const cli_scan *s);
    /* cross-field checks once every value is converted, or NULL */
    int (*check)(const char *cmd, void *args, int mode);
    /* help */
    const char *about;           /* what the command does (after the usage) */
    void (*about_more)(FILE *out); /* printed after about, or NULL */
    const char *notes;           /* after the options, or NULL */
    void (*notes_more)(FILE *out); /* after the notes, or NULL */
    const char *examples;        /* one per line: "grotto map 020032  # why" */
    /* running */
    int (*run)(const void *args, int mode, res_run *r);
    const cli_result *result[CLI_MAX_MODES]; /* per mode, or NULL: no document */
    const cli_renderer *render[CLI_FORMATS]; /* per format; JSON is generic (NULL) */
    int hold;                    /* JSON kept until the run ends: an error leaves stdout empty */
    /* what goes to files besides the output (floor --svg), or NULL: 0 to go
     * on with the output, EXIT_USAGE after one line, or CLI_OUTPUT_DONE when
     * it wrote the output itself ("--svg -") */
    int (*files)(const json_t *doc, const void *args);
} cli_command;

/* ==== the framework ==== */

/* The arguments as given, before conversion (parse.c): the text of an
 * option (a flag: ""), NULL when it was not given; the positionals. */
const char *cli_given(const cli_scan *s, const char *name);
int cli_positionals(const cli_scan *s, const char *const **pos);
/* How messages name mode m: "grotto seeds --never", "grotto stats without
 * --legacy-diff". */
void cli_mode_label(const cli_command *c, int m, char *buf, size_t size);

/* The table (commands.c): every command once, in the order of the help. */
const cli_command *const *cli_commands(int *count);
const cli_command *cli_find_command(const char *name); /* NULL if unknown */

/* Parses argv[1..] (argv[0] the command name) into args (cmd->size bytes,
 * initialised here). Returns 0 (*mode set, *help 1 when -h/--help was
 * given: args then holds what parsed), or EXIT_USAGE after printing the
 * problem. Whatever it returns, cli_release() frees what it kept. */
int cli_parse(const cli_command *cmd, int argc, char **argv, void *args, int *mode, int *help);
void cli_release(const cli_command *cmd, void *args);

/* The help of a command, from its description (stdout). */
void cli_help(const cli_command *cmd);
/* 'grotto help ...' topics: terms, json, schema (help.c, doc.c, terms.c). */
int cli_help_topic(const char *topic);
void cli_terms(FILE *out);                  /* the glossary (terms.c) */
void cli_glossary(FILE *out);               /* the same as docs/glossary.md */
void cli_json_doc(FILE *out);               /* docs/json.md's generated part (doc.c) */
void cli_json_schema(FILE *out);            /* the JSON Schema (doc.c) */
/* The shared objects' descriptions (doc.c), ended by NULL. */
extern const cli_result *const CLI_SHARED_OBJECTS[];

/* Runs a parsed command and renders its result (render.c). */
int cli_run(const cli_command *cmd, const void *args, int mode);
/* The whole command line as main() runs it (commands.c). */
int cli_main(int argc, char **argv);

/* ==== helpers for renderers (render.c) ==== */
/* Text output is at most this wide (display columns, a wide character
 * counting 2): the README's promise. */
enum { CLI_WIDTH = 100 };
/* Display columns of UTF-8 text. */
int cli_columns(const char *s);
/* Prints prefix then text, breaking text after the separator sep (", ")
 * so that no line is wider than CLI_WIDTH; continuation lines start with
 * indent spaces. */
void cli_wrap(FILE *out, const char *prefix, const char *text, const char *sep, int indent);
/* Prints the non-empty pieces joined by join, starting a line (indented)
 * before a piece that would pass CLI_WIDTH. */
void cli_wrap_pieces(FILE *out, const char *const *pieces, int n, const char *join, int indent);
/* The generic rendering: every field of the description with a label, as
 * "label: value", one per line (a field absent or null is left out). */
void cli_render_fields(const cli_result *res, const json_t *doc);
/* fflush(stdout) for streamed output; a failure is kept for main's check. */
void cli_flush_stdout(void);
int cli_stdout_errno(void);
/* A JSON value as the documents write it (render.c), to out. */
void cli_write_json(FILE *out, const json_t *v);

/* A file a command writes: "-" is standard output; otherwise a temporary
 * name next to path, renamed when complete (base_out_*). */
typedef struct cli_file cli_file;
int cli_file_open(const char *cmd, const char *path, cli_file **out);
/* The same, but standard output is held in memory until cli_file_close:
 * an input found broken half-way leaves nothing on stdout. */
int cli_file_open_held(const char *cmd, const char *path, cli_file **out);
FILE *cli_file_stream(cli_file *f);
/* Gives up: nothing is written (the temporary removed, held output dropped). */
void cli_file_discard(cli_file *f);
/* Finishes (failed non-zero: the writer saw an error; errno tells why):
 * 0, or EXIT_USAGE after one line "grotto CMD: write error on 'PATH':
 * reason (nothing written)". Frees f. */
int cli_file_close(const char *cmd, cli_file *f, int failed);

#endif
