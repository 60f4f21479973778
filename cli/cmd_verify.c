/* grotto verify FILE|DIR...: hardware captures (hardware.md "Capture files")
 * against an engine. Run: verify_run (verify/run.c), which streams one
 * element per capture; the text is one verdict line per capture (with the
 * grids side by side on a mismatch of a floor) and a summary line. Exit 0 /
 * 1 (a mismatch) / 2 (a rejected record or file, after the whole output) /
 * 3 (a doubtful capture). */
#include <stddef.h>
#include <string.h>

#include "cli.h"
#include "verify.h"

typedef struct verify_args {
    int format;
    verify_run_args a;
    cli_list paths;
    const char *region;
} verify_args;

#define A(f) offsetof(verify_args, a.f)

static int region(const cli_value *v, const char *text, void *field)
{
    grotto_region r;
    if (CLI_REGION.conv(v, text, &r))
        return EXIT_USAGE;
    *(int *)field = (int)r;
    return 0;
}
static const cli_kind REGION = {region, NULL};

static const cli_option OPTIONS[] = {
    {"engine", 0, "E", &CLI_ENGINE, A(engine), &grotto_engine_ref, 0, 0, 0, NULL, NULL},
    {"region", 0, "R", &REGION, A(region), NULL, 0, 0, 0, NULL,
     "jp or intl: the build whose ElistOfs and free bytes memory captures\nexpect, for every capture (default: "
     "each capture's game, jp -> jp,\nna/eu -> intl); nothing else depends on the region"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 0, NULL, "machine-readable (docs/json.md, 'verify')"},
    {0},
};

static const cli_positional POS[] = {
    {"FILE|DIR", NULL, offsetof(verify_args, paths), NULL, 0, 1, "capture files, or directories searched for *.cap"},
    {0},
};
static const cli_mode MODES[] = {
    {NULL, POS, "give capture files or directories (e.g. corpus/hardware); see 'grotto verify --help'", NULL}};

static void init(void *args)
{
    verify_args *v = args;
    v->a.engine = &grotto_engine_ref;
    v->a.region = -1;
}

static int run(const void *args, int mode, res_run *r)
{
    const verify_args *v = args;
    verify_run_args a = v->a;
    (void)mode;
    a.paths = v->paths.v;
    a.count = v->paths.n;
    return verify_run(&a, r);
}

/* ---- text ---- */

static void difference(const json_t *d, const char *engine, char *buf, size_t size)
{
    size_t n = strlen(buf);
    n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "; " : "", res_get_str(d, "field"));
    if (res_has(d, "x") && n < size)
        n += (size_t)snprintf(buf + n, size - n, " (%lld,%lld)", res_get_int(d, "x"), res_get_int(d, "y"));
    if (n < size)
        snprintf(buf + n, size - n, ": capture %s, %s %s", res_get_str(d, "capture"), engine,
                 res_get_str(d, "engine"));
}

/* What was compared (OK), or the first differences. */
static void findings(const json_t *c, const char *engine, char *buf, size_t size)
{
    const json_t *diffs = json_object_get(c, "differences"), *checked = json_object_get(c, "checked");
    size_t n = (size_t)snprintf(buf, size, "%s", res_get_str(c, "doubt"));
    for (size_t i = 0; !json_array_size(diffs) && i < json_array_size(checked) && n < size; i++) {
        const char *what = json_string_value(json_array_get(checked, i));
        int note = !strcmp(what, "arises") && res_get_str(c, "note")[0];
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s%s%s", n ? (i ? ", " : "; ") : "", what, note ? " (" : "",
                              note ? res_get_str(c, "note") : "", note ? ")" : "");
    }
    enum { SHOW = 4 };
    for (size_t i = 0; i < json_array_size(diffs) && i < SHOW; i++)
        difference(json_array_get(diffs, i), engine, buf, size);
    n = strlen(buf);
    if (json_array_size(diffs) && n < size)
        snprintf(buf + n, size - n, " (%zu difference%s)", json_array_size(diffs),
                 json_array_size(diffs) == 1 ? "" : "s");
}

/* One line per capture (wrapped at 100 columns), the grids below it. */
static void item(const json_t *c, const json_t *head, const void *args)
{
    (void)args;
    char prefix[1200], text[4096];
    if (!strcmp(res_get_str(c, "verdict"), "REJECTED")) {
        printf("%-9s %s\n", "REJECTED", res_get_str(c, "message")); /* file:line: reason, unbroken */
        return;
    }
    snprintf(prefix, sizeof prefix, "%-9s %s:%lld  %s %s: ", res_get_str(c, "verdict"), res_get_str(c, "file"),
             res_get_int(c, "line"), res_get_str(c, "kind"), res_get_str(c, "label"));
    findings(c, res_get_str(head, "engine"), text, sizeof text);
    cli_wrap(stdout, prefix, text, json_array_size(json_object_get(c, "differences")) ? "; " : ", ", 10);
    const json_t *grids = json_object_get(c, "grids");
    for (size_t i = 0; i < json_array_size(grids); i++)
        printf("%s\n", json_string_value(json_array_get(grids, i)));
}

static void summary(const json_t *d, const void *args)
{
    (void)args;
    const json_t *s = json_object_get(d, "summary");
    long long files = res_get_int(s, "files"), captures = res_get_int(s, "captures");
    const char *region = res_get_str(d, "region");
    printf("verify: %lld capture%s in %lld file%s: %lld OK, %lld MISMATCH, %lld REJECTED, %lld DOUBTFUL (%s, %s)\n",
           captures, captures == 1 ? "" : "s", files, files == 1 ? "" : "s", res_get_int(s, "ok"),
           res_get_int(s, "mismatch"), res_get_int(s, "rejected"), res_get_int(s, "doubtful"),
           res_get_str(d, "engine"), strcmp(region, "from-game") ? region : "each game's region");
}

static const cli_renderer TEXT = {NULL, item, summary};

static const cli_field FIELDS[] = {
    {"engine", "string", "always", "`ref` or `impl`", NULL},
    {"region", "string", "always", "`--region`, or `from-game` (each capture's own)", NULL},
    {"captures", "array of object", "always", "one per capture record, in file order", NULL},
    {"captures[].file", "string", "always", "the file", NULL},
    {"captures[].line", "int or null", "always", "its line; `null` when the whole file is rejected", NULL},
    {"captures[].verdict", "string", "always",
     "`OK`, `MISMATCH`, `DOUBTFUL` (the capture itself is in doubt: its `floor_byte` differs from its `floor`, or "
     "only values it lists as `inferred` differ; never a finding about the model) or `REJECTED`", NULL},
    {"captures[].kind", "string", "unless rejected", "capture kind (`inventory`, `floor`, `ram`, `workarea`, ...)",
     NULL},
    {"captures[].label", "string", "unless rejected", "what was captured, in words", NULL},
    {"captures[].seed", "int", "unless rejected", "seed", NULL},
    {"captures[].floor", "int or null", "unless rejected", "floor, `null` for map-level captures", NULL},
    {"captures[].quality", "int or null", "unless rejected", "quality when the capture gives one", NULL},
    {"captures[].band", "int or null", "unless rejected", "band code when the capture gives one", NULL},
    {"captures[].game", "string", "unless rejected", "the game build of the capture", NULL},
    {"captures[].region", "string", "unless rejected", "`jp` or `intl`: the region it was checked for", NULL},
    {"captures[].checked", "array of string", "unless rejected", "the facts compared", NULL},
    {"captures[].note", "string", "unless rejected", "the capture's note", NULL},
    {"captures[].doubt", "string", "unless rejected",
     "why the verdict is `DOUBTFUL`, in words; `\"\"` for the other verdicts", NULL},
    {"captures[].differences", "array of object", "unless rejected", "the differences (empty when OK)", NULL},
    {"captures[].differences[].field", "string", "on a mismatch", "what differs", NULL},
    {"captures[].differences[].x", "int", "on a mismatch, for a tile", "tile column", NULL},
    {"captures[].differences[].y", "int", "on a mismatch, for a tile", "tile row", NULL},
    {"captures[].differences[].capture", "string", "on a mismatch", "the captured value", NULL},
    {"captures[].differences[].engine", "string", "on a mismatch", "the engine's value", NULL},
    {"captures[].grids", "array of string", "on a mismatch",
     "a floor's grid as captured beside the engine's, differing cells marked `^`, one string per text line "
     "(empty for captures without a grid)", NULL},
    {"captures[].reason", "string", "when rejected", "short reason", NULL},
    {"captures[].message", "string", "when rejected", "the whole message, `file:line: reason`", NULL},
    {"summary", "object", "always", "totals", NULL},
    {"summary.files", "int", "always", "files read", NULL},
    {"summary.captures", "int", "always", "capture records", NULL},
    {"summary.ok", "int", "always", "OK", NULL},
    {"summary.mismatch", "int", "always", "MISMATCH", NULL},
    {"summary.rejected", "int", "always",
     "REJECTED (records, and whole files or arguments that could not be read: too large, not a regular file, a "
     "dangling link, out of memory)", NULL},
    {"summary.doubtful", "int", "always", "DOUBTFUL", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "verify",
    "`grotto verify FILE|DIR... --json`: hardware captures against an engine.",
    "verify corpus/hardware --json",
    FIELDS,
    "The document is always complete: nothing in a file or an argument stops the run\n"
    "(each such problem is one `REJECTED` capture). Exit 0 when every capture is OK, 1\n"
    "on a MISMATCH, 2 when anything was REJECTED, 3 when the worst is a DOUBTFUL one.",
};

const cli_command CMD_verify = {
    .name = "verify",
    .summary = "check hardware captures (corpus/hardware/*.cap) against an engine",
    .size = sizeof(verify_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 1,
    .about = "Checks hardware captures (capture files, format in corpus/README.md) against an\n"
    "engine. A DIR is searched recursively for *.cap files, in path order (names starting\n"
    "with '.' and symlinked directories are skipped; a *.cap that cannot be read - a\n"
    "dangling or looping link, a FIFO, a device - is REJECTED). Every record is checked\n"
    "on its own: a malformed one is REJECTED with file:line: reason, and so is a file over\n"
    "16 MiB or one that is not a regular file (never waited on); the others are still\n"
    "checked.\n"
    "\n"
    "  inventory  the seed arises (a timer's 2nd draw, or quest 15's map) at that quality\n"
    "             or band; the location is possible for it; name (EN or JP), level, floors, boss\n"
    "  floor      cell by cell ('?' skipped), up, down, chests (as a set), up_next_to_chest and\n"
    "             down_cut_off (chests solid, as in the softlock report)\n"
    "  memory     the enemy-list model for the build: elistofs, walk_nodes (= W), free_bytes,\n"
    "             state, only, lost\n"
    "  ram        the 256 tile bytes, width/height, final stairs, chests in order, walk_nodes = W\n"
    "  workarea   the FloorRecord fields of the 1,336-byte work area (records.md)\n",
    .notes = "One line per capture: OK, MISMATCH with the first differences (and the grids side by\n"
    "side for floor, ram and workarea captures), DOUBTFUL when the capture itself is in\n"
    "doubt (its floor_byte differs from its floor, or only values read at inferred\n"
    "addresses differ: never a finding about the model), or REJECTED with file:line:\n"
    "reason; then a summary line. Exit 0 if every capture agrees, 1 if one mismatches, 2 if\n"
    "a record or a file is rejected (the verdicts stay on stdout; one line on stderr says\n"
    "so), 3 if the worst is a doubtful capture.\n",
    .examples = "grotto verify corpus/hardware\n"
                "grotto verify my-floor.cap --engine impl --json",
    .run = run,
    .result = {&RESULT},
    .render = {[CLI_TEXT] = &TEXT},
};
