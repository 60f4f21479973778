/* grotto interchange export|encode|decode: the interchange format
 * (docs/interchange.md) from an engine, and the converter between it and
 * the binary records (records.md). Runs: ix_run_export/encode/decode
 * (interchange/convert.c), which write the output themselves - lines or
 * records, not a document - into the file -o names (whole or not at all)
 * or standard output; encode and decode hold standard output until the
 * input was read through, so that a broken input leaves nothing there. */
#include <stddef.h>
#include <string.h>

#include "grotto/types.h"
#include "cli.h"
#include "interchange.h"

typedef struct interchange_args {
    int format;
    ix_run_args a;
    cli_seeds seeds;
    const char *what, *out;
    int floors, maps;
} interchange_args;

enum { EXPORT, ENCODE, DECODE };
enum { M_EXPORT = 1u << EXPORT, M_DECODE = 1u << DECODE };
#define A(f) offsetof(interchange_args, a.f)
#define F(f) offsetof(interchange_args, f)

static const cli_option OPTIONS[] = {
    {"seeds", 0, "LO..HI", &CLI_SEED_RANGE, F(seeds), NULL, M_EXPORT, 0, 0, NULL, "seeds (hex, default 0..7FFF)"},
    {"bands", 0, "LIST", &CLI_BAND_LIST, A(bands), NULL, M_EXPORT, 0, 0, NULL,
     "export maps: band codes in hex (02,38,..,DD) or all (default)"},
    {"engine", 0, "E", &CLI_ENGINE, A(engine), &grotto_engine_ref, M_EXPORT, 0, 0, NULL, NULL},
    {"seed", 0, "S", &CLI_SEED, A(first_seed), NULL, M_DECODE, 0, 0, NULL,
     "seed of the first FloorRecord (hex, default 0)"},
    {"floors", 0, NULL, &CLI_FLAG, F(floors), NULL, M_DECODE, 0, 1, NULL,
     "the file holds FloorRecords (needed when its size fits both kinds)"},
    {"maps", 0, NULL, &CLI_FLAG, F(maps), NULL, M_DECODE, 0, 1, NULL, "the file holds MapRecords"},
    {"out", 'o', "FILE", &CLI_OUT_FILE, F(out), NULL, 0, 0, 0, NULL,
     "write FILE (whole or not at all) instead of standard output ('-')"},
    {0},
};

static const cli_positional EXPORT_POS[] = {{"floors|maps", NULL, F(what), NULL, 0, 0, "what to export"}, {0}};
static const cli_positional JSONL_POS[] = {{"FILE.jsonl", NULL, F(a.in), NULL, 0, 0, "interchange lines"}, {0}};
static const cli_positional FILE_POS[] = {{"FILE", NULL, F(a.in), NULL, 0, 0, "a file of binary records"}, {0}};
static const cli_mode MODES[] = {
    {"export", EXPORT_POS, NULL, NULL},
    {"encode", JSONL_POS, NULL, NULL},
    {"decode", FILE_POS, NULL, NULL},
};

static void init(void *args)
{
    interchange_args *x = args;
    x->seeds.hi = GROTTO_SEED_MAX;
    x->a.bands = (1u << GROTTO_BANDS) - 1u;
    x->a.engine = &grotto_engine_ref;
}

static int check(const char *cmd, void *args, int mode)
{
    interchange_args *x = args;
    x->a.lo = x->seeds.lo, x->a.hi = x->seeds.hi;
    x->a.kind = x->floors ? IX_FLOOR : x->maps ? IX_MAP : 0;
    if (mode != EXPORT)
        return 0;
    if (strcmp(x->what, "floors") != 0 && strcmp(x->what, "maps") != 0)
        return cli_error(cmd, "export '%s': expected floors or maps", x->what);
    x->a.kind = x->what[0] == 'f' ? IX_FLOOR : IX_MAP;
    if (x->a.kind == IX_FLOOR && x->a.bands != (1u << GROTTO_BANDS) - 1u)
        return cli_error(cmd, "--bands applies to export maps only");
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    static int (*const RUN[])(const ix_run_args *, FILE *, char *, size_t) = {ix_run_export, ix_run_encode,
                                                                               ix_run_decode};
    const interchange_args *x = args;
    const char *path = x->out ? x->out : "-";
    cli_file *f;
    if ((mode == EXPORT ? cli_file_open : cli_file_open_held)("interchange", path, &f))
        return RES_ERROR; /* r->err empty: the line is printed */
    int rc = RUN[mode](&x->a, cli_file_stream(f), r->err, sizeof r->err);
    if (rc == -1) {
        cli_file_discard(f);
        return RES_ERROR;
    }
    return cli_file_close("interchange", f, rc == IX_RUN_WRITE) ? RES_ERROR : RES_OK;
}

const cli_command CMD_interchange = {
    .name = "interchange",
    .summary = "another tool's floors and maps as JSON lines: export, to and from binary records",
    .size = sizeof(interchange_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 3,
    .check = check,
    .about = "The interchange format (docs/interchange.md): one JSON object per line, a floor\n"
             "{\"seed\",\"floor\",\"width\",\"height\",\"overflow\",\"up\",\"down\",\"chests\",\"grid\"} or a map\n"
             "{\"band\",\"seed\",\"env\",\"floors\",\"smr\",\"boss\",\"prefix\",\"suffix\",\"locale\",\"level\",\n"
             "\"chest_ranks\",\"elist\":[{\"ofs\",\"D\",\"state\"}]}; seed and floor / band (the band code)\n"
             "and seed are decimal. Another tool's file is checked with grotto oracle --b FILE.\n"
             "\n"
             "  export    every floor (16 per seed) or map of the seeds and bands, as computed by an\n"
             "            engine, one line each, in slot order\n"
             "  encode    interchange lines -> binary records: FloorRecords (272 bytes) or\n"
             "            MapRecords (140 bytes), in the file's order; every field must be present\n"
             "            and floors and maps cannot be mixed\n"
             "  decode    binary records -> interchange lines: the kind is the one whose record\n"
             "            size divides the file's size; a size both divide (9,520 bytes: 35\n"
             "            FloorRecords or 68 MapRecords, and its multiples) needs --floors or --maps.\n"
             "            A FloorRecord holds no seed: the first is seed --seed (hex, default 0)\n"
             "            and the seed advances whenever a record's floor index is not above the\n"
             "            previous one's\n",
    .notes = "Exit 0, or 2 on bad input, a malformed line or record (FILE:LINE: reason) or a write\n"
             "error (one line naming the file and the reason; nothing is left under its name).\n",
    .examples = "grotto interchange export floors --seeds 5BC3 -o 5bc3.jsonl\n"
                "grotto interchange export maps --seeds 0..FF --bands DD\n"
                "grotto interchange encode 5bc3.jsonl -o 5bc3.bin\n"
                "grotto interchange decode 5bc3.bin --seed 5BC3\n"
                "grotto interchange decode maps.bin --maps",
    .run = run,
};
