/* grotto sweep [--out DIR] [--against SRC]: impl's memoized, threaded
 * sweep of the universe; writes the digest files (a corpus in the golden
 * format) and/or checks them. Run: oracle_sweep_run (oracle/); the text is
 * the generic "label: value" rendering of its document. */
#include <stddef.h>
#include <string.h>

#include "cli.h"
#include "oracle.h"

typedef struct sweep_args {
    int format;
    oracle_sweep_args a;
} sweep_args;

#define A(f) offsetof(sweep_args, a.f)

/* A directory to write into: standard output cannot hold three files. */
static int out_dir(const cli_value *v, const char *text, void *field)
{
    if (!strcmp(text, "-"))
        return cli_error(v->cmd, "%s '-': standard output cannot hold the three digest files; give a directory",
                         v->what);
    return CLI_STRING.conv(v, text, field);
}
static const cli_kind OUT_DIR = {out_dir, NULL};

static const cli_option OPTIONS[] = {
    {"out", 0, "DIR", &OUT_DIR, A(out), NULL, 0, 0, 0, NULL,
     "write DIR/floors.digest, DIR/maps.digest and DIR/SHA256SUMS\n(the golden format: grotto oracle "
     "--against DIR reads them)"},
    {"against", 0, "SRC", &CLI_IN_FILE, A(against), NULL, 0, 0, 0, NULL,
     "compare the digests with corpus (default when no --out), or a\ndirectory holding floors.digest and "
     "maps.digest"},
    {"threads", 'j', "N", &CLI_THREADS, A(threads), NULL, 0, 0, 0, NULL, "threads (default: all cores)"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 0, NULL, "summary as JSON (docs/json.md, 'sweep')"},
    {"quiet", 'q', NULL, &CLI_FLAG, A(quiet), NULL, 0, 0, 0, NULL, "no progress line"},
    {0},
};

static const cli_mode MODES[] = {{NULL, NULL, NULL, NULL}};

static int check(const char *cmd, void *args, int mode)
{
    sweep_args *s = args;
    (void)cmd, (void)mode;
    if (!s->a.out && !s->a.against)
        s->a.against = "corpus";
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    return oracle_sweep_run(&((const sweep_args *)args)->a, r);
}

static const cli_field FIELDS[] = {
    {"threads", "int", "always", "threads used", "threads"},
    {"wall_seconds", "number", "always", "wall time", "wall seconds"},
    {"floors", "int", "always", "FloorRecord digests computed (524,288)", "floor digests"},
    {"maps", "int", "always", "MapRecord digests computed (393,216)", "map digests"},
    {"floor_generations", "int", "always", "floor layouts generated (each shared by the floors and maps using it)",
     "floor generator runs"},
    {"out", "string or null", "always", "the directory the digest files were written into; `null` without `--out`",
     "written into"},
    {"against_checked", "bool", "always", "the digests were compared (`false` with `--out`)",
     "compared with the corpus"},
    {"floor_mismatches", "int", "always", "floor digests differing from the reference digests",
     "floor digests differing"},
    {"map_mismatches", "int", "always", "map digests differing", "map digests differing"},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "sweep",
    "`grotto sweep --json`: impl's memoized sweep.",
    "sweep -j 2 --json --quiet",
    FIELDS,
    NULL,
};

const cli_command CMD_sweep = {
    .name = "sweep",
    .summary = "impl's memoized threaded sweep of the universe: write or check digest files",
    .size = sizeof(sweep_args),
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 1,
    .check = check,
    .about = "Runs impl's whole-universe sweep - every floor of every seed (524,288 FloorRecord\n"
             "digests) and every map of every band (393,216 MapRecord digests), each floor layout\n"
             "generated once and shared by the floors and maps that use it - on N threads.\n",
    .notes = "--out writes whole files or none: before sweeping it creates the three files under\n"
             "temporary names in DIR and reserves their space (a directory that cannot be written,\n"
             "a full disk or a file-size limit fails here, at once); after the sweep every write,\n"
             "fsync and close is checked, and the files are renamed into place only when all\n"
             "three are complete, SHA256SUMS last. An error, SIGINT, SIGTERM or SIGHUP removes the\n"
             "temporary files: no partial floors.digest is ever left under its name.\n"
             "\n"
             "Exit 0 when the digests match (or were written), 1 on a mismatch, 2 on bad input or\n"
             "a write error.\n",
    .examples = "grotto sweep -j 2\n"
                "grotto sweep --out /tmp/corpus && grotto oracle --against /tmp/corpus",
    .run = run,
    .result = {&RESULT},
};
