/* grotto floor RRSSSS N | --seed SSSS --floor N: one floor as ASCII art
 * with a legend, as JSON, as a FloorRecord, or as an SVG picture. Run:
 * lookup_floor (lookup/); the drawing and the picture read its value. */
#include <stddef.h>
#include <string.h>

#include "grotto/types.h"
#include "cli.h"
#include "lookup.h"
#include "show.h"
#include "svg.h"

typedef struct floor_args {
    int format;
    lookup_floor_args a;
    const char *svg;
    int path;
} floor_args;

enum { M_ID = 1u << 0, M_SEED = 1u << 1 };
#define A(f) offsetof(floor_args, a.f)

static const cli_option OPTIONS[] = {
    {"seed", 0, "SSSS", &CLI_SEED, A(map.seed), NULL, M_SEED, M_SEED, 0, NULL,
     "map seed in hex (0..7FFF), with --floor N: the layout alone"},
    {"floor", 0, "N", &CLI_FLOOR, A(floor), NULL, M_SEED, M_SEED, 0, NULL, "floor number, with --seed"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 1, NULL,
     "machine-readable, including the whole 16x16 grid (docs/json.md, 'floor')"},
    {"record", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_RECORD, 0, 0, 1, NULL,
     "the 272-byte FloorRecord v1 as one line of hex, nothing else"},
    {"svg", 0, "FILE", &CLI_OUT_FILE, offsetof(floor_args, svg), NULL, 0, 0, 0, NULL,
     "also write the floor as an SVG picture to FILE (written completely\nunder a temporary name, then "
     "renamed: a failure leaves no FILE);\n'-': the picture on standard output instead of the text"},
    {"path", 0, NULL, &CLI_FLAG, offsetof(floor_args, path), NULL, 0, 0, 0, NULL,
     "draw a cheapest walk from the up to the down stairs (* in the text,\na line in the --svg picture)"},
    {"region", 0, "R", &CLI_REGION, A(region), NULL, 0, 0, 0, NULL, "jp (default) or intl (ElistOfs +128, display only)"},
    {"engine", 0, "E", &CLI_ENGINE, A(engine), &grotto_engine_ref, 0, 0, 0, NULL, NULL},
    {0},
};

static const cli_positional ID[] = {
    {"RRSSSS", &CLI_MAP_ID, A(map), NULL, 0, 0, "map id, e.g. DD5BC3"},
    {"N", &CLI_FLOOR, A(floor), NULL, 0, 0, "floor number 1..16 or B4F notation"},
    {0},
};

static const cli_mode MODES[] = {
    {NULL, ID, NULL, NULL},
    {"--seed|--floor", NULL, "missing floor: give RRSSSS N or --seed SSSS --floor N (see 'grotto floor --help')",
     NULL},
};

static int check(const char *cmd, void *args, int mode)
{
    floor_args *f = args;
    f->a.record = f->format == CLI_RECORD;
    if (f->svg && !strcmp(f->svg, "-") && f->format != CLI_TEXT)
        return cli_error(cmd, "--svg - writes the picture to standard output: not with --json or --record");
    if (mode == 1)
        return 0;
    int floors = lookup_floor_count(f->a.map);
    if (f->a.floor > floors) {
        char id[8];
        lookup_map_id(f->a.map, id);
        return cli_error(cmd, "map %s has %d floors: B%dF is beyond them", id, floors, f->a.floor);
    }
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    return lookup_floor(&((const floor_args *)args)->a, r);
}

/* The picture: "map DD5BC3 B4F (12x12) - stair overflow" on top. */
static int files(const json_t *d, const void *args)
{
    const floor_args *f = args;
    if (!f->svg || f->a.record)
        return 0;
    char title[96];
    const char *over = res_get_bool(d, "overflow") ? " - stair overflow" : "";
    if (res_has(d, "map"))
        snprintf(title, sizeof title, "map %s B%lldF (%lldx%lld)%s", res_get_str(d, "map"), res_get_int(d, "floor"),
                 res_get_int(d, "width"), res_get_int(d, "height"), over);
    else
        snprintf(title, sizeof title, "seed 0x%04llX B%lldF (%lldx%lld)%s", res_get_int(d, "seed"),
                 res_get_int(d, "floor"), res_get_int(d, "width"), res_get_int(d, "height"), over);
    cli_file *out;
    if (cli_file_open("floor", f->svg, &out))
        return EXIT_USAGE;
    if (cli_file_close("floor", out, svg_write_floor(cli_file_stream(out), d, title, f->path)))
        return EXIT_USAGE;
    if (!strcmp(f->svg, "-"))
        return CLI_OUTPUT_DONE;
    fprintf(stderr, "grotto floor: wrote %s\n", f->svg);
    return 0;
}

/* ---- text ---- */

/* The drawing's character for the tile code at (x, y). */
static char tile_char(const json_t *d, int x, int y)
{
    const char *row = json_string_value(json_array_get(json_object_get(d, "grid"), (size_t)y));
    int t = row[x] <= '9' ? row[x] - '0' : row[x] - 'a' + 10;
    const json_t *up = json_object_get(d, "up"), *down = json_object_get(d, "down");
    const json_t *chests = json_object_get(d, "chests");
    switch (t) {
    case GROTTO_TILE_FLOOR: return '.';
    case GROTTO_TILE_WALL: return '#';
    case GROTTO_TILE_CORRIDOR: return ':';
    case GROTTO_TILE_PARTITION: return '=';
    case GROTTO_TILE_DOOR: return '+';
    case GROTTO_TILE_CHEST:
        for (size_t i = 0; i < json_array_size(chests); i++) {
            const json_t *c = json_array_get(chests, i), *pos = json_object_get(c, "pos");
            if (json_integer_value(json_array_get(pos, 0)) == x && json_integer_value(json_array_get(pos, 1)) == y &&
                !res_get_bool(c, "reachable"))
                return 'C';
        }
        return 'c';
    case GROTTO_TILE_UP:
    case GROTTO_TILE_DOWN:
        if (x == json_integer_value(json_array_get(up, 0)) && y == json_integer_value(json_array_get(up, 1)))
            return '<';
        if (x == json_integer_value(json_array_get(down, 0)) && y == json_integer_value(json_array_get(down, 1)))
            return '>';
        return 'g';
    default: return '?';
    }
}

/* The tiles of walk_path (with --path). */
static void path_tiles(const json_t *d, uint8_t on[GROTTO_CELLS])
{
    memset(on, 0, GROTTO_CELLS);
    const json_t *p = json_object_get(d, "walk_path");
    for (size_t i = 0; i < json_array_size(p); i++) {
        const json_t *xy = json_array_get(p, i);
        json_int_t x = json_integer_value(json_array_get(xy, 0)), y = json_integer_value(json_array_get(xy, 1));
        if (x >= 0 && x < GROTTO_GRID && y >= 0 && y < GROTTO_GRID)
            on[y * GROTTO_GRID + x] = 1;
    }
}

/* Columns numbered like the rows, in decimal: tens above units. */
static void drawing(const json_t *d, int with_path)
{
    uint8_t on[GROTTO_CELLS];
    path_tiles(d, on);
    int w = (int)res_get_int(d, "width"), h = (int)res_get_int(d, "height");
    putchar('\n');
    if (w > 10) {
        printf("    ");
        for (int x = 0; x < w; x++)
            putchar(x < 10 ? ' ' : '0' + x / 10);
        putchar('\n');
    }
    printf("    ");
    for (int x = 0; x < w; x++)
        putchar('0' + x % 10);
    putchar('\n');
    for (int y = 0; y < h; y++) {
        printf(" %2d ", y);
        for (int x = 0; x < w; x++) {
            char c = tile_char(d, x, y);
            putchar(with_path && on[y * GROTTO_GRID + x] && strchr(".:+g", c) ? '*' : c);
        }
        putchar('\n');
    }
    printf("\nlegend: # wall  = partition  . floor  : corridor  + door  < up  > down  c chest\n"
           "        C unreachable chest  g ghost stairs%s;  (x,y) = column x, row y, numbered as above\n",
           with_path ? "  * the walk" : "");
}

static void chests(const json_t *d)
{
    const json_t *cs = json_object_get(d, "chests");
    if (!json_array_size(cs)) {
        printf("chests: none\n");
        return;
    }
    printf("chests:");
    for (size_t i = 0; i < json_array_size(cs); i++) {
        const json_t *c = json_array_get(cs, i);
        char at[32];
        show_xy(json_object_get(c, "pos"), at, sizeof at);
        printf(" %s%s%s%s", at, res_has(c, "letter") ? " " : "", res_get_str(c, "letter"),
               i + 1 < json_array_size(cs) ? "," : "\n");
    }
}

static void enemy_list(const json_t *d)
{
    const json_t *e = json_object_get(d, "elist");
    printf("enemy list: ElistOfs 0x%s (%s), D %lld, W %lld, X %lld, regime %lld: %s\n",
           res_get_str(e, "display_ofs_hex"), res_get_str(d, "region"), res_get_int(e, "D"), res_get_int(e, "W"),
           res_get_int(e, "X"), res_get_int(e, "regime"), res_get_str(e, "state_text_en"));
    show_monsters_block(d);
}

static void text(const json_t *d, const void *args)
{
    const floor_args *fa = args;
    if (res_has(d, "map"))
        printf("map %s, ", res_get_str(d, "map"));
    long long seed = res_get_int(d, "seed"), n = res_get_int(d, "floor");
    printf("seed 0x%04llX B%lldF: %lldx%lld, floor seed 0x%04llX%s\n", seed, n, res_get_int(d, "width"),
           res_get_int(d, "height"), seed + n, res_get_bool(d, "overflow") ? ", STAIR OVERFLOW" : "");
    drawing(d, fa->path);
    char up[32], down[32], anomalies[512];
    show_xy(json_object_get(d, "up"), up, sizeof up);
    show_xy(json_object_get(d, "down"), down, sizeof down);
    printf("up stairs %s, down stairs %s\n", up, down);
    if (res_has(d, "walk_steps"))
        printf("walking cost: %g steps from the up to the down stairs\n", res_get_num(d, "walk_steps"));
    else
        printf("walking cost: none (no path from the up to the down stairs)\n");
    chests(d);
    if (res_has(d, "elist")) {
        show_engine_note(d);
        enemy_list(d);
    }
    show_anomalies(d, anomalies, sizeof anomalies);
    cli_wrap(stdout, "anomalies: ", anomalies, "; ", 11);
    const json_t *ghosts = res_at(d, "anomalies.ghost_stairs");
    if (json_array_size(ghosts)) {
        printf("ghost stairs:");
        for (size_t i = 0; i < json_array_size(ghosts); i++) {
            char at[32];
            show_xy(json_array_get(ghosts, i), at, sizeof at);
            printf(" %s", at);
        }
        putchar('\n');
    }
    if (res_get_bool(d, "overflow"))
        show_softlock(d);
}

static void record(const json_t *d, const void *args)
{
    (void)args;
    printf("%s\n", res_get_str(d, "record"));
}

static const cli_renderer TEXT = {NULL, NULL, text}, RECORD = {NULL, NULL, record};

/* ---- help and documentation ---- */

static void notes_more(FILE *out)
{
    show_monsters_help(out);
}

static const cli_field FIELDS[] = {
    {"map", "string", "with a map id", "map id", NULL},
    {"seed", "int", "always", "seed", NULL},
    {"engine", "string", "always", "`ref`, `impl` or `legacy`", NULL},
    {"region", "string", "always", "`jp` or `intl`, from `--region` (how `elist.display_ofs` is shown)", NULL},
    {"record_digest", "string", "always", "FNV-1a 64 of the 272-byte FloorRecord, 16 hex digits", NULL},
    {"+", "floor", "always", "every field of a `floor` object", NULL},
    {"walk_steps", "number or null", "always",
     "walking cost from the up to the down stairs in steps (orthogonal 1, diagonal 1.5; research.md §1), "
     "from the engine; `null`: no path", NULL},
    {"walk_path", "array of xy", "always",
     "one walk of that cost, tile by tile from the up to the down stairs (empty without a path)", NULL},
    {"grid", "array of string", "always",
     "16 rows of 16 tiles, each a hex digit of the tile code: 0 room floor, 1 wall, 2 corridor, 3 partition, "
     "4 up stairs, 5 down stairs, 6 chest, 8 door", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "floor",
    "`grotto floor RRSSSS N --json` (a floor of a map) or `grotto floor --seed SSSS --floor N --json` (a layout "
    "alone: no ranks, enemy list or monsters).",
    "floor DD5BC3 4 --json; floor B50E5C 15 --json; floor 382A87 3 --json; floor --seed 0346 --floor B16F --json",
    FIELDS,
    NULL,
};

const cli_command CMD_floor = {
    .name = "floor",
    .summary = "draw one floor (ASCII, --json, --record hex, --svg picture)",
    .size = sizeof(floor_args),
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 2,
    .check = check,
    .about = "One floor of a map: the layout as ASCII art with a legend, the stairs, the chests,\n"
             "and the anomalies (stair overflow, ghost stairs, unreachable chests, chambers,\n"
             "softlock report). A floor depends only on the seed and the floor number; given a\n"
             "map id, chest ranks, the enemy-list cut and the floor's monsters are shown too, and\n"
             "N must be one of the map's floors. The words: 'grotto help terms'.\n",
    .notes = "Positions are (x,y): x the column, y the row, from (0,0) at the top left; the\n"
             "drawing numbers both in decimal.\n",
    .notes_more = notes_more,
    .examples = "grotto floor DD5BC3 4                       # the softlock floor B4F of DD5BC3\n"
                "grotto floor --seed 0346 --floor B16F --svg f.svg\n"
                "grotto floor DD5BC3 B9F --path              # a cheapest walk, drawn\n"
                "grotto floor 020032 B3F --json",
    .run = run,
    .files = files,
    .result = {&RESULT, &RESULT},
    .render = {[CLI_TEXT] = &TEXT, [CLI_RECORD] = &RECORD},
};
