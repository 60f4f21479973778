/* grotto interchange export|encode|decode: the interchange format
 * (docs/interchange.md) from an engine, and the converter between it and
 * the binary records (records.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/tables.h"
#include "base.h"
#include "interchange.h"
#include "oracle.h"
#include "view.h"

static const cli_usage INTERCHANGE_USAGE = {
    "grotto interchange export floors|maps [--seeds LO..HI] [--bands LIST] [--engine E] [-o FILE]\n"
    "grotto interchange encode FILE.jsonl [-o FILE]\n"
    "grotto interchange decode FILE [--seed S] [-o FILE]",
    "The interchange format (docs/interchange.md): one JSON object per line, a floor\n"
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
    "  decode    binary records -> interchange lines: a file of MapRecords (size a multiple\n"
    "            of 140 and not of 272) or of FloorRecords; a FloorRecord holds no seed, so\n"
    "            the first is seed --seed (hex, default 0) and the seed advances whenever a\n"
    "            record's floor index is not above the previous one's\n",
    NULL,
    "Exit 0, or 2 on bad input, a malformed line or record (FILE:LINE: reason) or a write\n"
    "error.\n",
    NULL,
    "grotto interchange export floors --seeds 5BC3 -o 5bc3.jsonl\n"
    "grotto interchange export maps --seeds 0..FF --bands DD\n"
    "grotto interchange encode 5bc3.jsonl -o 5bc3.bin\n"
    "grotto interchange decode 5bc3.bin --seed 5BC3",
};

/* Output to -o FILE (temporary name, renamed when complete) or stdout; with
 * `hold`, stdout output is kept in memory until the end, so that a
 * malformed input line leaves nothing on stdout. */
typedef struct out_target {
    base_out_file o;
    FILE *f;
    int file;
    char *held;
    size_t held_len;
} out_target;

static int out_begin(out_target *t, const char *path, int hold)
{
    char err[4200];
    t->file = path != NULL;
    t->f = stdout;
    t->held = NULL;
    if (!path && hold && !(t->f = open_memstream(&t->held, &t->held_len)))
        return cli_error("interchange", "out of memory");
    if (path) {
        if (base_out_open(&t->o, path, 0, err, sizeof err) != 0)
            return cli_error("interchange", "%s", err);
        t->f = t->o.f;
    }
    return 0;
}

static int out_end(out_target *t, int failed)
{
    char err[4200];
    if (!t->file) {
        if (t->f != stdout) {
            int bad = fclose(t->f) != 0;
            if (!failed && !bad)
                fwrite(t->held, 1, t->held_len, stdout);
            free(t->held);
            if (!failed && bad)
                return cli_error("interchange", "out of memory");
        }
        cli_flush_stdout();
        return failed;
    }
    if (failed || ferror(t->f)) {
        base_out_abort(&t->o);
        return failed ? failed : cli_error("interchange", "write error on %s", t->o.path);
    }
    if (base_out_finish(&t->o, err, sizeof err) != 0 || base_out_commit(&t->o, err, sizeof err) != 0) {
        base_out_abort(&t->o);
        return cli_error("interchange", "%s", err);
    }
    return 0;
}

static int read_all(const char *path, uint8_t **data, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return cli_error("interchange", "%s: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        if (len == cap) {
            uint8_t *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
        size_t r = fread(buf + len, 1, cap - len, f);
        len += r;
        if (r == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return cli_error("interchange", "%s: %s", path, bad ? "read error" : "out of memory");
    }
    *data = buf;
    *n = len;
    return 0;
}

int cmd_interchange(int argc, char **argv)
{
    const char *seeds = NULL, *bands = NULL, *engine = NULL, *seed_s = NULL, *out_s = NULL, *pos[2];
    int help = 0, npos;
    char engine_help[512];
    const cli_opt opts[] = {
        {"MODE", 0, OPT_ARG, NULL, NULL, NULL, "export, encode or decode"},
        {"WHAT|FILE", 0, OPT_ARG, NULL, NULL, NULL, "export: floors or maps; encode, decode: the input file"},
        {"seeds", 0, OPT_VALUE, NULL, &seeds, "LO..HI", "export: seeds (hex, default 0..7FFF)"},
        {"bands", 0, OPT_VALUE, NULL, &bands, "LIST", "export maps: band codes in hex (02,38,..,DD) or all (default)"},
        {"engine", 0, OPT_VALUE, NULL, &engine, "E", cli_old_engine_help(engine_help, sizeof engine_help, "export: ", &grotto_engine_ref)},
        {"seed", 0, OPT_VALUE, NULL, &seed_s, "S", "decode: seed of the first FloorRecord (hex, default 0)"},
        {"out", 'o', OPT_VALUE, NULL, &out_s, "FILE", "write FILE (whole or not at all) instead of stdout"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse("interchange", argc, argv, opts, nopts, pos, 2, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&INTERCHANGE_USAGE, opts, nopts);
        return EXIT_OK;
    }
    if (npos != 2)
        return cli_error("interchange", "expected export floors|maps, encode FILE or decode FILE (see --help)");
    const char *mode = pos[0];
    int export = !strcmp(mode, "export"), encode = !strcmp(mode, "encode"), decode = !strcmp(mode, "decode");
    if (!export && !encode && !decode)
        return cli_error("interchange", "unknown mode '%s': expected export, encode or decode", mode);
    if (!export && (seeds || bands || engine))
        return cli_error("interchange", "--seeds, --bands and --engine apply to export only");
    if (!decode && seed_s)
        return cli_error("interchange", "--seed applies to decode only");
    uint32_t lo = 0, hi = GROTTO_SEED_MAX, first_seed = 0;
    unsigned band_mask = (1u << GROTTO_BANDS) - 1u;
    const grotto_engine *e = &grotto_engine_ref;
    int floors = 0;
    if (export) {
        floors = !strcmp(pos[1], "floors");
        if (!floors && strcmp(pos[1], "maps") != 0)
            return cli_error("interchange", "export '%s': expected floors or maps", pos[1]);
        if (seeds && cli_seed_range("interchange", seeds, &lo, &hi))
            return EXIT_USAGE;
        if (bands && (floors ? cli_error("interchange", "--bands applies to export maps only")
                             : cli_band_list("interchange", bands, &band_mask)))
            return EXIT_USAGE;
        if (engine && !(e = cli_engine("interchange", engine, &grotto_engine_ref)))
            return EXIT_USAGE;
    }
    if (seed_s && cli_seed("interchange", seed_s, &first_seed))
        return EXIT_USAGE;
    if (cli_parse_only)
        return EXIT_OK;

    out_target t;
    int rc = 0;
    if (export) {
        if (out_begin(&t, out_s, 0))
            return EXIT_USAGE;
        for (int b = 0; b < (floors ? 1 : GROTTO_BANDS) && rc == 0; b++) {
            if (!floors && !(band_mask >> b & 1u))
                continue;
            for (uint32_t s = lo; s <= hi && rc == 0; s++) {
                if (floors) {
                    for (int k = 1; k <= GROTTO_MAX_FLOORS && rc == 0; k++) {
                        grotto_floor_t f;
                        if (e->floor(s, k, &f) != 0 || ix_write_floor(t.f, s, &f) < 0)
                            rc = cli_error("interchange", "write error");
                    }
                } else {
                    grotto_map_t m;
                    if (e->map(gt_band[b].code, s, &m) != 0 || ix_write_map(t.f, &m) < 0)
                        rc = cli_error("interchange", "write error");
                }
            }
        }
        return out_end(&t, rc);
    }
    if (encode) {
        FILE *in = fopen(pos[1], "r");
        if (!in)
            return cli_error("interchange", "%s: %s", pos[1], strerror(errno));
        if (out_begin(&t, out_s, 1)) {
            fclose(in);
            return EXIT_USAGE;
        }
        char *line = NULL, err[300];
        size_t cap = 0;
        ssize_t len;
        long no = 0;
        int kind = 0;
        ix_record *r = malloc(sizeof *r);
        if (!r)
            rc = cli_error("interchange", "out of memory");
        while (rc == 0 && (len = getline(&line, &cap, in)) >= 0) {
            no++;
            while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
                len--;
            if (!len)
                continue;
            uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
            int bad = ix_parse(line, (size_t)len, r, err, sizeof err);
            if (!bad && kind && (int)r->kind != kind)
                bad = snprintf(err, sizeof err, "floors and maps mixed: a record file holds one kind") > 0;
            if (!bad)
                bad = r->kind == IX_FLOOR ? ix_to_floor_record(r, rec, err, sizeof err)
                                          : ix_to_map_record(r, rec, err, sizeof err);
            if (bad) {
                rc = cli_error("interchange", "%s:%ld: %s", pos[1], no, err);
                break;
            }
            kind = (int)r->kind;
            size_t size = kind == IX_FLOOR ? GROTTO_FLOOR_RECORD_SIZE : GROTTO_MAP_RECORD_SIZE;
            if (fwrite(rec, 1, size, t.f) != size)
                rc = cli_error("interchange", "write error");
        }
        if (rc == 0 && ferror(in))
            rc = cli_error("interchange", "%s: read error", pos[1]);
        free(r);
        free(line);
        fclose(in);
        return out_end(&t, rc);
    }
    uint8_t *data = NULL;
    size_t n = 0;
    if (read_all(pos[1], &data, &n))
        return EXIT_USAGE;
    int maps = n % GROTTO_MAP_RECORD_SIZE == 0 && n % GROTTO_FLOOR_RECORD_SIZE != 0;
    size_t size = maps ? GROTTO_MAP_RECORD_SIZE : GROTTO_FLOOR_RECORD_SIZE;
    if (n == 0 || n % size != 0) {
        free(data);
        return cli_error("interchange", "%s: %zu bytes: not a whole number of FloorRecords (272) or MapRecords (140)",
                         pos[1], n);
    }
    if (out_begin(&t, out_s, 1)) {
        free(data);
        return EXIT_USAGE;
    }
    uint32_t seed = first_seed;
    int prev = 0;
    for (size_t i = 0; i < n / size && rc == 0; i++) {
        const uint8_t *rec = data + i * size;
        if (!maps && i > 0 && rec[0] <= prev && ++seed > GROTTO_SEED_MAX)
            rc = cli_error("interchange", "%s: record %zu: the seed passes 7FFF", pos[1], i + 1);
        if (rc == 0 && (maps ? ix_map_record_line(t.f, rec) : ix_floor_record_line(t.f, seed, rec)))
            rc = cli_error("interchange", "%s: record %zu (byte %zu): not a valid %s (records.md)", pos[1], i + 1,
                           i * size, maps ? "MapRecord" : "FloorRecord");
        prev = rec[0];
    }
    free(data);
    return out_end(&t, rc);
}
