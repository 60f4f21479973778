/* grotto floor RRSSSS N | --seed SSSS --floor N: one floor
 * (floor-generation.md) as ASCII art, JSON, a FloorRecord or an SVG. */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "output.h"
#include "svg.h"
#include "view.h"

static const cli_usage FLOOR_USAGE = {
    "grotto floor RRSSSS N [options]\ngrotto floor --seed SSSS --floor N [options]",
    "One floor of a map: the layout as ASCII art with a legend, the stairs, the chests,\n"
    "and the anomalies (stair overflow, ghost stairs, unreachable chests, chambers,\n"
    "softlock report). A floor depends only on the seed and the floor number; given a\n"
    "map id, chest ranks, the enemy-list cut and the floor's monsters are shown too, and\n"
    "N must be one of the map's floors.\n",
    NULL,
    "Positions are (x,y): x the column, y the row, from (0,0) at the top left; the\n"
    "drawing numbers both in decimal.\n",
    view_monsters_help,
    "grotto floor DD5BC3 4                       # the softlock floor B4F of DD5BC3\n"
    "grotto floor --seed 0346 --floor B16F --svg f.svg\n"
    "grotto floor 020032 B3F --json",
};

static char tile_char(const grotto_floor_t *f, const grotto_floor_analysis *a, int x, int y)
{
    uint8_t t = grotto_tile_at(f, x, y);
    switch (t) {
    case GROTTO_TILE_FLOOR: return '.';
    case GROTTO_TILE_WALL: return '#';
    case GROTTO_TILE_CORRIDOR: return ':';
    case GROTTO_TILE_PARTITION: return '=';
    case GROTTO_TILE_DOOR: return '+';
    case GROTTO_TILE_CHEST:
        for (int i = 0; i < f->chest_count; i++)
            if (f->chest[i].x == x && f->chest[i].y == y && a->chest_unreachable[i])
                return 'C';
        return 'c';
    case GROTTO_TILE_UP:
    case GROTTO_TILE_DOWN:
        if (x == f->up.x && y == f->up.y)
            return '<';
        if (x == f->down.x && y == f->down.y)
            return '>';
        return 'g';
    default: return '?';
    }
}

static void text_floor(const floor_view *v, uint32_t seed, const char *id, grotto_region region)
{
    const grotto_floor_t *f = &v->f;
    if (id)
        printf("map %s, ", id);
    printf("seed 0x%04X B%uF: %ux%u, floor seed 0x%04X%s\n", seed, f->index, f->width, f->height, seed + f->index,
           f->overflow ? ", STAIR OVERFLOW" : "");
    /* columns numbered like the rows, in decimal: tens above units */
    putchar('\n');
    if (f->width > 10) {
        printf("    ");
        for (int x = 0; x < f->width; x++)
            putchar(x < 10 ? ' ' : '0' + x / 10);
        putchar('\n');
    }
    printf("    ");
    for (int x = 0; x < f->width; x++)
        putchar('0' + x % 10);
    putchar('\n');
    for (int y = 0; y < f->height; y++) {
        printf(" %2d ", y);
        for (int x = 0; x < f->width; x++)
            putchar(tile_char(f, &v->a, x, y));
        putchar('\n');
    }
    printf("\nlegend: # wall  = partition  . floor  : corridor  + door  < up  > down  c chest\n"
           "        C unreachable chest  g ghost stairs;  (x,y) = column x, row y, numbered as above\n");
    printf("up stairs (%u,%u), down stairs (%u,%u)\n", f->up.x, f->up.y, f->down.x, f->down.y);
    if (f->chest_count) {
        printf("chests:");
        for (int i = 0; i < f->chest_count; i++) {
            printf(" (%u,%u)", f->chest[i].x, f->chest[i].y);
            if (v->has_map)
                printf(" %c", gt_chest_tables[v->rank[i]].letter);
            printf("%s", i + 1 < f->chest_count ? "," : "\n");
        }
    } else {
        printf("chests: none\n");
    }
    if (v->has_map) {
        char state[256];
        grotto_elist_state_text(&v->e, 0, state, sizeof state);
        printf("enemy list: ElistOfs 0x%04X (%s), D %u, W %u, X %u, regime %u: %s\n",
               grotto_elist_display_ofs(&v->e, region), region == GROTTO_REGION_INTL ? "intl" : "jp", v->e.D,
               v->e.W, v->e.X, v->e.regime, state);
        view_monsters_block(stdout, v, "");
    }
    char anomalies[512];
    view_anomalies(v, anomalies, sizeof anomalies);
    printf("anomalies: %s\n", anomalies);
    if (v->a.ghost_count) {
        printf("ghost stairs:");
        for (int i = 0; i < v->a.ghost_count; i++)
            printf(" (%u,%u)", v->a.ghost[i].x, v->a.ghost[i].y);
        putchar('\n');
    }
    if (f->overflow)
        view_softlock(stdout, v, "");
}

int cmd_floor(int argc, char **argv)
{
    const char *seed_s = NULL, *floor_s = NULL, *svg_s = NULL, *region_s = "jp", *engine_s = NULL, *pos[2];
    int json = 0, record = 0, help = 0, npos;
    char engine_help[512];
    const cli_opt opts[] = {
        {"RRSSSS", 0, OPT_ARG, NULL, NULL, NULL, "map id, e.g. DD5BC3"},
        {"N", 0, OPT_ARG, NULL, NULL, NULL, "floor number 1..16 or B4F notation"},
        {"seed", 0, OPT_VALUE, NULL, &seed_s, "SSSS", "map seed in hex (0..7FFF), with --floor N: the layout alone"},
        {"floor", 0, OPT_VALUE, NULL, &floor_s, "N", "floor number, with --seed"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL,
         "machine-readable, including the whole 16x16 grid (docs/json.md, 'floor')"},
        {"record", 0, OPT_FLAG, &record, NULL, NULL, "the 272-byte FloorRecord v1 as one line of hex, nothing else"},
        {"svg", 0, OPT_VALUE, NULL, &svg_s, "FILE",
         "also write the floor as an SVG picture to FILE (written completely\nunder a temporary name, then "
         "renamed: a failure leaves no FILE)"},
        {"region", 0, OPT_VALUE, NULL, &region_s, "R", "jp (default) or intl (ElistOfs +128, display only)"},
        {"engine", 0, OPT_VALUE, NULL, &engine_s, "E", cli_engine_help(engine_help, sizeof engine_help, "", &grotto_engine_ref)},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_parse("floor", argc, argv, opts, nopts, pos, 2, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_help(&FLOOR_USAGE, opts, nopts);
        return EXIT_OK;
    }
    int quality = 0, n;
    uint32_t seed;
    if (npos && (seed_s || floor_s))
        return cli_error("floor", "give either RRSSSS N or --seed SSSS --floor N, not both");
    if (npos == 1)
        return cli_error("floor", "missing floor number after the map id (1..16 or B4F)");
    if (npos == 2) {
        if (cli_map_id("floor", pos[0], &quality, &seed) || cli_floor_number("floor", pos[1], &n))
            return EXIT_USAGE;
    } else {
        if (!seed_s || !floor_s)
            return cli_error("floor", "missing floor: give RRSSSS N or --seed SSSS --floor N (see 'grotto floor --help')");
        if (cli_seed("floor", seed_s, &seed) || cli_floor_number("floor", floor_s, &n))
            return EXIT_USAGE;
    }
    if ((json + record) > 1)
        return cli_error("floor", "--json and --record are exclusive");
    grotto_region region;
    if (cli_region("floor", region_s, &region))
        return EXIT_USAGE;
    const grotto_engine *e = cli_engine("floor", engine_s, &grotto_engine_ref);
    if (!e)
        return EXIT_USAGE;

    grotto_map_t m;
    char id[8] = "";
    if (quality) {
        grotto_map_details_t d;
        grotto_map_details(quality, seed, &d);
        cli_format_map_id(d.band_code, seed, id);
        if (n > d.floors)
            return cli_error("floor", "map %s has %u floors: B%dF is beyond them", id, d.floors, n);
    }
    if (cli_parse_only)
        return EXIT_OK;
    if (quality)
        e->map(quality, seed, &m);
    floor_view v;
    view_floor(e, quality ? &m : NULL, seed, n, &v);
    if (svg_s) {
        cli_file o;
        if (cli_file_open("floor", svg_s, &o))
            return EXIT_USAGE;
        char title[96], id[8];
        if (quality) { /* the map id and floor, as the community writes them */
            cli_format_map_id(m.d.band_code, seed, id);
            snprintf(title, sizeof title, "map %s B%dF (%ux%u)%s", id, n, v.f.width, v.f.height,
                     v.f.overflow ? " - stair overflow" : "");
        } else {
            snprintf(title, sizeof title, "seed 0x%04X B%dF (%ux%u)%s", seed, n, v.f.width, v.f.height,
                     v.f.overflow ? " - stair overflow" : "");
        }
        if (cli_file_commit("floor", &o, svg_write_floor(o.f, &v, title)))
            return EXIT_USAGE;
        fprintf(stderr, "grotto floor: wrote %s\n", svg_s);
    }
    if (record) {
        uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
        grotto_floor_record(&v.f, rec);
        for (size_t i = 0; i < sizeof rec; i++)
            printf("%02x", rec[i]);
        putchar('\n');
    } else if (json) {
        uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
        grotto_floor_record(&v.f, rec);
        char digest[17];
        snprintf(digest, sizeof digest, "%016llx", (unsigned long long)grotto_fnv1a(rec, sizeof rec));
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        if (quality)
            jw_str(&w, "map", id);
        jw_int(&w, "seed", seed);
        jw_str(&w, "engine", e->name);
        jw_str(&w, "record_digest", digest);
        view_json_floor(&w, &v, region, 1);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        text_floor(&v, seed, quality ? id : NULL, region);
    }
    return EXIT_OK;
}
