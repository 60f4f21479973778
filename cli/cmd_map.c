/* grotto map RRSSSS | --quality Q --seed SSSS: a map's details and names,
 * where it is found, and every floor with stairs, chests and ranks, the
 * enemy-list cut and the anomalies, with a softlock report for overflow
 * floors; then the monsters of each floor. Run: lookup_map (lookup/). */
#include <stddef.h>
#include <string.h>

#include "grotto/at.h"
#include "grotto/tables.h"
#include "cli.h"
#include "lookup.h"
#include "map_research.h"
#include "show.h"
#include "show_research.h"

typedef struct map_args {
    int format;
    lookup_map_args a;
    int at, zoom, multibug; /* research values (map_research.h) */
} map_args;

static const cli_range MAP_ZOOM = {"zoom", 0, GROTTO_AT_ZOOM_MAX};
enum { M_ID = 1u << 0, M_QUALITY = 1u << 1 };
#define A(f) offsetof(map_args, a.f)

static const cli_option OPTIONS[] = {
    {"quality", 0, "Q", &CLI_QUALITY, A(map.quality), NULL, M_QUALITY, M_QUALITY, 0, NULL,
     "quality 2..248 (decimal); with --seed"},
    {"seed", 0, "SSSS", &CLI_SEED, A(map.seed), NULL, M_QUALITY, M_QUALITY, 0, NULL, "seed in hex 0..7FFF; with --quality"},
    {"region", 0, "R", &CLI_REGION, A(region), NULL, 0, 0, 0, NULL,
     "jp (default, the golden model) or intl: ElistOfs shown 128 higher;\nstates are the same"},
    {"engine", 0, "E", &CLI_ENGINE, A(engine), &grotto_engine_ref, 0, 0, 0, NULL, NULL},
    {"at", 0, NULL, &CLI_FLAG, offsetof(map_args, at), NULL, 0, 0, 0, NULL,
     "also the AT: values at steps 35..37, R2 / +3 / N2, the zoom's POP\nand deftness (grotto at)"},
    {"zoom", 0, "N", &CLI_INT, offsetof(map_args, zoom), &MAP_ZOOM, 0, 0, 0, NULL, "with --at: zoom N (the POP index 35 + 29 N)"},
    {"multibug", 0, NULL, &CLI_FLAG, offsetof(map_args, multibug), NULL, 0, 0, 0, NULL,
     "also the four-player bug: the bug map and the seed's 16 floors"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 1, NULL, "everything above as JSON (docs/json.md, 'map')"},
    {"record", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_RECORD, 0, 0, 1, NULL,
     "the 140-byte MapRecord v1 as one line of hex, nothing else"},
    {0},
};

static const cli_positional ID[] = {
    {"RRSSSS", &CLI_MAP_ID, A(map), NULL, 0, 0,
     "map id: band code and seed in hex, e.g. DD5BC3 (RR may be any quality\n02..F8: it is mapped onto its band)"},
    {0},
};

static const cli_mode MODES[] = {
    {NULL, ID, NULL, NULL},
    {"--quality|--seed", NULL, "missing map: give RRSSSS or --quality Q --seed SSSS (see 'grotto map --help')", NULL},
};

static int check(const char *cmd, void *args, int mode)
{
    map_args *m = args;
    (void)mode;
    m->a.record = m->format == CLI_RECORD;
    if (m->zoom && !m->at)
        return cli_error(cmd, "--zoom goes with --at");
    return 0;
}

/* Adds v to the document: 0, or -1 when there is none. */
static int res_put(res_run *r, const char *key, json_t *v)
{
    if (!v)
        return -1;
    res_set(r->doc, key, v);
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    const map_args *m = args;
    int rc = lookup_map(&m->a, r);
    const grotto_engine *e = m->a.engine;
    if (rc == RES_OK && !m->a.record && m->at && res_put(r, "at", lookup_at_value(e, m->a.map.seed, m->zoom)))
        return res_fail(r, "engine %s has no AT", e ? e->name : "ref");
    if (rc == RES_OK && !m->a.record && m->multibug &&
        res_put(r, "multibug", lookup_multibug_value(e, m->a.map.quality, m->a.map.seed)))
        return res_fail(r, "engine %s has no multibug", e ? e->name : "ref");
    return rc;
}

/* ---- text ---- */

static void heading(const json_t *d)
{
    printf("map %s: %s / %s\n", res_get_str(d, "map"), res_get_str(d, "name_en"), res_get_str(d, "name_jp"));
    printf("  band %02llX (qualities %lld..%lld), seed 0x%04llX", res_get_int(d, "band"), res_get_int(d, "quality_min"),
           res_get_int(d, "quality_max"), res_get_int(d, "seed"));
    if (res_get_bool(d, "quest15"))
        printf(" - also quest 15's fixed map (location %02X)", GT_QUEST15_LOCATION);
    printf("\n  %s (%s), %lld floors + boss floor, boss %s (%s)\n", res_get_str(d, "env_en"), res_get_str(d, "env_jp"),
           res_get_int(d, "floor_count"), res_get_str(d, "boss_en"), res_get_str(d, "boss_jp"));
    printf("  first-floor monster rank %lld, level %lld (prefix %lld, suffix %lld, locale %lld, locale group %lld)\n",
           res_get_int(d, "monster_rank"), res_get_int(d, "level"), res_get_int(d, "prefix"), res_get_int(d, "suffix"),
           res_get_int(d, "locale"), res_get_int(d, "group"));
    long long timers = res_get_int(d, "timers");
    if (timers)
        printf("  the seed arises from %lld timer value%s\n", timers, timers > 1 ? "s" : "");
    else
        printf("  NEVER-SEED: no timer yields this seed; the map cannot be obtained at random\n");
    int intl = !strcmp(res_get_str(d, "region"), "intl");
    printf("  ElistOfs shown for the %s build%s\n", intl ? "international" : "Japanese",
           intl ? " (+128; states unchanged)" : "");
    const json_t *found = json_object_get(d, "found_at");
    if (json_array_size(found)) {
        printf("  found at (location code, area, monster mark; see --help):\n");
        show_places(found, "    ");
    } else {
        printf("  found at: nowhere - no timer and base quality give this map\n");
    }
}

/* "( 6,11)H ( 3, 2)I" */
static void chest_cells(const json_t *chests, char *buf, size_t size)
{
    size_t l = 0;
    buf[0] = 0;
    for (size_t i = 0; i < json_array_size(chests) && l < size; i++) {
        const json_t *c = json_array_get(chests, i), *pos = json_object_get(c, "pos");
        l += (size_t)snprintf(buf + l, size - l, "%s(%2lld,%2lld)%s", i ? " " : "",
                              (long long)json_integer_value(json_array_get(pos, 0)),
                              (long long)json_integer_value(json_array_get(pos, 1)), res_get_str(c, "letter"));
    }
    if (!l)
        snprintf(buf, size, "-");
}

static void floor_row(const json_t *f)
{
    const json_t *e = json_object_get(f, "elist"), *up = json_object_get(f, "up"), *down = json_object_get(f, "down");
    char chests[64], fl[8], anomalies[512];
    chest_cells(json_object_get(f, "chests"), chests, sizeof chests);
    snprintf(fl, sizeof fl, "B%lldF", res_get_int(f, "floor"));
    printf("%-5s %2lldx%-2lld (%2lld,%2lld) (%2lld,%2lld) %-26s 0x%s   %s\n", fl, res_get_int(f, "width"),
           res_get_int(f, "height"), (long long)json_integer_value(json_array_get(up, 0)),
           (long long)json_integer_value(json_array_get(up, 1)), (long long)json_integer_value(json_array_get(down, 0)),
           (long long)json_integer_value(json_array_get(down, 1)), chests, res_get_str(e, "display_ofs_hex"),
           res_get_str(e, "state_text_en"));
    show_anomalies(f, anomalies, sizeof anomalies);
    if (strcmp(anomalies, "-") != 0)
        cli_wrap(stdout, "      ! ", anomalies, "; ", 8);
}

/* The walking costs (research.md §1) and the chests per rank. */
static void walk_and_chests(const json_t *d)
{
    char line[1024], num[32];
    size_t n = 0;
    const json_t *steps = json_object_get(d, "walk_steps"), *total = json_object_get(d, "walk_total");
    for (size_t i = 0; i < json_array_size(steps); i++) {
        const json_t *c = json_array_get(steps, i);
        if (json_is_null(c))
            snprintf(num, sizeof num, "none");
        else
            snprintf(num, sizeof num, "%g", json_number_value(c));
        n += (size_t)snprintf(line + n, sizeof line - n, "%sB%zuF %s", i ? ", " : "", i + 1, num);
    }
    if (json_is_null(total))
        snprintf(num, sizeof num, "none");
    else
        snprintf(num, sizeof num, "%g", json_number_value(total));
    snprintf(line + n, sizeof line - n, "; total %s", num);
    cli_wrap(stdout, "walking cost (steps): ", line, ", ", 8);
    const json_t *ranks = json_object_get(d, "chest_totals");
    const char *letter;
    const json_t *v;
    n = 0;
    line[0] = 0;
    json_object_foreach((json_t *)ranks, letter, v)
        if (json_integer_value(v))
            n += (size_t)snprintf(line + n, sizeof line - n, "%s%s%lld", n ? " " : "", letter,
                                  (long long)json_integer_value(v));
    printf("chests per rank: %s\n", n ? line : "none");
}

/* One line per run of floors with the same list and cut. */
static void monsters(const json_t *floors)
{
    printf("\nmonsters (memory order; * trapped chest, never wanders; %% spawn share; after '| cut:' never met):\n");
    size_t n = json_array_size(floors);
    for (size_t i = 0; i < n;) {
        const json_t *e = res_at(json_array_get(floors, i), "elist");
        size_t last = i;
        while (last + 1 < n && res_get_int(res_at(json_array_get(floors, last + 1), "elist"), "monster_rank") ==
                                   res_get_int(e, "monster_rank") &&
               res_get_int(res_at(json_array_get(floors, last + 1), "elist"), "survivors") ==
                   res_get_int(e, "survivors"))
            last++;
        char range[64], head[96], line[512];
        if (last == i)
            snprintf(range, sizeof range, "B%zuF", i + 1);
        else
            snprintf(range, sizeof range, "B%zuF-B%zuF", i + 1, last + 1);
        snprintf(head, sizeof head, "  %-9s rank %-2lld  ", range, res_get_int(e, "monster_rank"));
        show_monsters_line(json_array_get(floors, i), line, sizeof line);
        cli_wrap(stdout, head, line, ", ", (int)strlen(head));
        i = last + 1;
    }
}

static void text(const json_t *d, const void *args)
{
    (void)args;
    heading(d);
    show_engine_note(d);
    const json_t *floors = json_object_get(d, "floors");
    printf("\nfloor size  up      down    chests (x,y) and rank      ElistOfs enemy list\n");
    for (size_t i = 0; i < json_array_size(floors); i++)
        floor_row(json_array_get(floors, i));
    walk_and_chests(d);
    for (size_t i = 0; i < json_array_size(floors); i++)
        if (res_get_bool(json_array_get(floors, i), "overflow")) {
            putchar('\n');
            show_softlock(json_array_get(floors, i));
        }
    monsters(floors);
    if (res_has(d, "at"))
        printf("\n"), at_value_text(json_object_get(d, "at"), "");
    if (res_has(d, "multibug"))
        printf("\n"), multibug_value_text(json_object_get(d, "multibug"), (int)res_get_int(d, "floor_count"), "");
}

static void record(const json_t *d, const void *args)
{
    (void)args;
    printf("%s\n", res_get_str(d, "record"));
}

static const cli_renderer TEXT = {NULL, NULL, text}, RECORD = {NULL, NULL, record};

/* ---- help and documentation ---- */

static void about_more(FILE *out)
{
    fprintf(out, "Quest 15's fixed map 020032 is also listed at its location %02X.\n", GT_QUEST15_LOCATION);
}

static void notes_more(FILE *out)
{
    show_location_help(out);
    fprintf(out, "\n");
    show_monsters_help(out);
}

static const cli_field FIELDS[] = {
    {"map", "string", "always", "map id `RRSSSS`", NULL},
    {"band", "int", "always", "band code", NULL},
    {"quality_min", "int", "always", "lowest quality of the band", NULL},
    {"quality_max", "int", "always", "highest quality of the band", NULL},
    {"seed", "int", "always", "seed 0..32767", NULL},
    {"name_en", "string", "always", "the map's name, English (`\"Diamond World of Bliss Lv.70\"`)", NULL},
    {"name_jp", "string", "always", "Japanese", NULL},
    {"env", "int", "always", "environment 1..5: caves, ruins, ice, water, fire", NULL},
    {"env_en", "string", "always", "the environment, English", NULL},
    {"env_jp", "string", "always", "Japanese", NULL},
    {"floor_count", "int", "always", "floors 2..16 (the boss floor not counted)", NULL},
    {"monster_rank", "int", "always", "monster rank of B1F, 1..9 (floor n: `floors[n-1].elist.monster_rank`)", NULL},
    {"boss", "int", "always", "boss 1..12", NULL},
    {"boss_en", "string", "always", "the boss, English", NULL},
    {"boss_jp", "string", "always", "Japanese", NULL},
    {"prefix", "int", "always", "name prefix index 1..16", NULL},
    {"suffix", "int", "always", "name suffix index 1..16", NULL},
    {"group", "int", "always", "locale group 1..8", NULL},
    {"locale", "int", "always", "locale index 1..24", NULL},
    {"level", "int", "always", "map level 1..99", NULL},
    {"timers", "int", "always", "timer values yielding the seed (0..3)", NULL},
    {"never_seed", "bool", "always", "no timer value yields the seed: not obtainable at random", NULL},
    {"quest15", "bool", "always", "this is also quest 15's fixed map (020032)", NULL},
    {"region", "string", "always", "`jp` or `intl`, from `--region`", NULL},
    {"engine", "string", "always",
     "`ref`, `impl` or `legacy`, from `--engine` (`legacy`: the enemy lists are the legacy tool's model)", NULL},
    {"record_digest", "string", "always", "FNV-1a 64 of the 140-byte MapRecord, 16 hex digits", NULL},
    {"found_at", "array of place", "always", "where the map can be found", NULL},
    {"floors", "array of floor", "always", "floor 1 to `floor_count`", NULL},
    {"walk_steps", "array", "always",
     "per floor, the walking cost from the up to the down stairs in steps (orthogonal 1, diagonal 1.5; "
     "research.md §1)", NULL},
    {"walk_steps[]", "number or null", "always", "floor n's at index n-1; `null`: no path", NULL},
    {"walk_total", "number or null", "always", "the map's walking cost: the sum over its floors (`null` if one has no path)",
     NULL},
    {"chest_totals", "object", "always", "the map's chests per rank letter over every floor, S to I", NULL},
    {"chest_totals.*", "int", "always", "chests of that rank", NULL},
    {"at", "at_value", "with `--at`", "the map's AT", NULL},
    {"multibug", "multibug_value", "with `--multibug`", "the four-player bug", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "map",
    "`grotto map RRSSSS --json`: a map and all its floors.",
    "map DD5BC3 --json; map 020032 --json; map B50E5C --json --region intl; map 020007 --json --engine impl; "
    "map 382A87 --json; map 4C1BE6 --json --engine legacy; map DD00CD --at --zoom 2 --multibug --json",
    FIELDS,
    NULL,
};

const cli_command CMD_map = {
    .name = "map",
    .summary = "show a map: details, names, every floor's stairs, chests, enemy list, anomalies",
    .size = sizeof(map_args),
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 2,
    .check = check,
    .about = "A treasure map's details (environment, floors, first-floor monster rank, boss, level),\n"
             "its English and Japanese names, where it can be found (per timer value yielding its\n"
             "seed: the base qualities that give its band and the entrance location each leads to),\n"
             "and per floor: size, stairs, chests with their ranks (letters S..I), the enemy-list\n"
             "cut (ElistOfs in hex, state) and anomalies (stair overflow, ghost stairs, unreachable\n"
             "chests, chambers) with a softlock report for overflow floors; then the monsters of\n"
             "each floor, one line per run of floors with the same list and cut. The words are\n"
             "explained by 'grotto help terms'.\n",
    .about_more = about_more,
    .notes = "Positions are (x,y): x the column, y the row, from (0,0) at the top left.\n",
    .notes_more = notes_more,
    .examples = "grotto map 020032                      # quest 15's map: Granite Tunnel of Woe Lv.1\n"
                "grotto map DD5BC3 --json               # a softlock map, machine-readable\n"
                "grotto map --quality 55 --seed 0032\n"
                "grotto map 4C1BE6 --region intl        # ElistOfs as the international builds show it\n"
                "grotto map DD5BC3 --at --zoom 1        # AT values 4491 32143 10468, the POP of zoom 1\n"
                "grotto map DD00CD --multibug           # the bug map: 16 floors, Shogum, Lv.73",
    .run = run,
    .result = {&RESULT, &RESULT},
    .render = {[CLI_TEXT] = &TEXT, [CLI_RECORD] = &RECORD},
};
