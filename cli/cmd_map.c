/* grotto map RRSSSS | --quality Q --seed SSSS: a map's details and names
 * (map-details.md), every floor with stairs, chests and ranks (chests.md),
 * the enemy-list cut (enemy-list.md) and the anomalies (floor-generation.md
 * §12, hardware.md HW-1). */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "location.h"
#include "output.h"
#include "place.h"
#include "view.h"

static void map_help_more(FILE *out)
{
    cli_location_help(out);
    fprintf(out, "\n");
    view_monsters_help(out);
}

static void map_about_more(FILE *out)
{
    fprintf(out, "Quest 15's fixed map 020032 is also listed at its location %02X.\n", GT_QUEST15_LOCATION);
}

static const cli_usage MAP_USAGE = {
    "grotto map RRSSSS [options]\ngrotto map --quality Q --seed SSSS [options]",
    "A treasure map's details (environment, floors, first-floor monster rank, boss, level),\n"
    "its English and Japanese names, where it can be found (per timer value yielding its\n"
    "seed: the base qualities that give its band and the entrance location each leads to,\n"
    "rng-and-timer.md 4.5), and per floor: size, stairs, chests with their ranks, the\n"
    "enemy-list cut (ElistOfs in hex, Flag0 count D, state) and anomalies (stair overflow,\n"
    "ghost stairs, unreachable chests, chambers) with a softlock report for overflow floors;\n"
    "then the monsters of each floor, one line per run of floors with the same list and cut.\n",
    map_about_more,
    "Positions are (x,y): x the column, y the row, from (0,0) at the top left.\n",
    map_help_more,
    "grotto map 020032                      # quest 15's map: Granite Tunnel of Woe Lv.1\n"
    "grotto map DD5BC3 --json               # a softlock map, machine-readable\n"
    "grotto map --quality 55 --seed 0032\n"
    "grotto map 4C1BE6 --region intl        # ElistOfs as the international builds show it",
};

typedef struct map_args {
    int quality;
    uint32_t seed;
    grotto_region region;
    const grotto_engine *engine;
    int json, record;
} map_args;

static int parse_args(int argc, char **argv, map_args *a, int *help)
{
    const char *quality_s = NULL, *seed_s = NULL, *region_s = "jp", *engine_s = NULL, *pos[1];
    int npos;
    char engine_help[512];
    const cli_opt opts[] = {
        {"RRSSSS", 0, OPT_ARG, NULL, NULL, NULL,
         "map id: band code and seed in hex, e.g. DD5BC3 (RR may be any quality\n02..F8: it is mapped onto its band)"},
        {"quality", 0, OPT_VALUE, NULL, &quality_s, "Q", "quality 2..248 (decimal); with --seed"},
        {"seed", 0, OPT_VALUE, NULL, &seed_s, "SSSS", "seed in hex 0..7FFF; with --quality"},
        {"region", 0, OPT_VALUE, NULL, &region_s, "R",
         "jp (default, the golden model) or intl: ElistOfs shown 128 higher;\nstates are the same"},
        {"engine", 0, OPT_VALUE, NULL, &engine_s, "E", cli_engine_help(engine_help, sizeof engine_help, "", &grotto_engine_ref)},
        {"json", 0, OPT_FLAG, &a->json, NULL, NULL, "everything above as JSON (docs/json.md, 'map')"},
        {"record", 0, OPT_FLAG, &a->record, NULL, NULL, "the 140-byte MapRecord v1 as one line of hex, nothing else"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_parse("map", argc, argv, opts, nopts, pos, 1, &npos, help))
        return EXIT_USAGE;
    if (*help) {
        if (!cli_parse_only)
            cli_help(&MAP_USAGE, opts, nopts);
        return 0;
    }
    if (npos && (quality_s || seed_s))
        return cli_error("map", "give either a map id RRSSSS or --quality and --seed, not both");
    if (npos) {
        if (cli_map_id("map", pos[0], &a->quality, &a->seed))
            return EXIT_USAGE;
    } else {
        if (!quality_s || !seed_s)
            return cli_error("map", "missing map: give RRSSSS or --quality Q --seed SSSS (see 'grotto map --help')");
        if (cli_quality("map", quality_s, &a->quality) || cli_seed("map", seed_s, &a->seed))
            return EXIT_USAGE;
    }
    if (a->json && a->record)
        return cli_error("map", "--json and --record are exclusive");
    if (cli_region("map", region_s, &a->region))
        return EXIT_USAGE;
    a->engine = cli_engine("map", engine_s, &grotto_engine_ref);
    return a->engine ? 0 : EXIT_USAGE;
}

/* The map id and both names, as the tool writes them. */
typedef struct map_names {
    char id[8], en[128], jp[192];
} map_names;

static void name_map(const grotto_map_details_t *d, map_names *n)
{
    cli_format_map_id(d->band_code, d->seed, n->id);
    grotto_map_name_en(d, n->en, sizeof n->en);
    grotto_map_name_jp(d, n->jp, sizeof n->jp);
}

static void print_hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    putchar('\n');
}

/* What the output shows besides the map itself. */
typedef struct map_extras {
    int timers;                  /* timers yielding the seed */
    cli_place places[CLI_PLACES_MAX];
    int nplaces;
} map_extras;

static void json_map(const map_args *a, const grotto_map_t *m, const floor_view *views, const map_extras *x)
{
    const grotto_map_details_t *d = &m->d;
    map_names names;
    name_map(d, &names);
    const char *id = names.id, *en = names.en, *jp = names.jp;
    uint8_t rec[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(m, rec);
    char digest[17];
    snprintf(digest, sizeof digest, "%016llx", (unsigned long long)grotto_fnv1a(rec, sizeof rec));
    jw w;
    jw_init(&w, stdout);
    jw_obj(&w, NULL);
    jw_str(&w, "map", id);
    jw_int(&w, "band", d->band_code);
    jw_int(&w, "quality_min", gt_band[grotto_band_of_quality(d->band_code)].qmin);
    jw_int(&w, "quality_max", gt_band[grotto_band_of_quality(d->band_code)].qmax);
    jw_int(&w, "seed", d->seed);
    jw_str(&w, "name_en", en);
    jw_str(&w, "name_jp", jp);
    jw_int(&w, "env", d->env);
    jw_str(&w, "env_en", gt_env_name[d->env].en);
    jw_str(&w, "env_jp", gt_env_name[d->env].jp);
    jw_int(&w, "floor_count", d->floors);
    jw_int(&w, "monster_rank", d->smr);
    jw_int(&w, "boss", d->boss);
    jw_str(&w, "boss_en", gt_boss_name[d->boss].en);
    jw_str(&w, "boss_jp", gt_boss_name[d->boss].jp);
    jw_int(&w, "prefix", d->prefix);
    jw_int(&w, "suffix", d->suffix);
    jw_int(&w, "group", d->group);
    jw_int(&w, "locale", d->locale);
    jw_int(&w, "level", d->level);
    jw_int(&w, "timers", x->timers);
    jw_bool(&w, "never_seed", x->timers == 0);
    jw_bool(&w, "quest15", d->seed == GT_QUEST15_SEED && d->band_code == gt_band[grotto_band_of_quality(GT_QUEST15_QUALITY)].code);
    jw_str(&w, "region", a->region == GROTTO_REGION_INTL ? "intl" : "jp");
    jw_str(&w, "engine", a->engine->name);
    jw_str(&w, "record_digest", digest);
    cli_json_places(&w, "found_at", x->places, x->nplaces);
    jw_arr(&w, "floors");
    for (int n = 1; n <= d->floors; n++) {
        jw_obj(&w, NULL);
        view_json_floor(&w, &views[n - 1], a->region, 0);
        jw_end_obj(&w);
    }
    jw_end_arr(&w);
    jw_end_obj(&w);
    jw_done(&w);
}

/* Monsters per floor: one line per run of floors with the same list and cut,
 * wrapped to the text width. */
static void text_monsters(const grotto_map_t *m, const floor_view *views, int width)
{
    printf("\nmonsters (memory order; * trapped chest, never wanders; %% spawn share; after '| cut:' never met):\n");
    for (int n = 1; n <= m->d.floors;) {
        const grotto_elist_t *e = &views[n - 1].e;
        int last = n;
        while (last < m->d.floors && views[last].e.mr == e->mr && views[last].e.survivors == e->survivors)
            last++;
        char floors[32], head[64], line[512];
        if (last == n)
            snprintf(floors, sizeof floors, "B%dF", n);
        else
            snprintf(floors, sizeof floors, "B%dF-B%dF", n, last);
        snprintf(head, sizeof head, "  %-9s rank %-2u  ", floors, e->mr);
        view_monsters_line(&views[n - 1], line, sizeof line);
        view_wrap(stdout, head, line, ", ", (int)strlen(head), width);
        n = last + 1;
    }
}

static void text_map(const map_args *a, const grotto_map_t *m, const floor_view *views, const map_extras *x)
{
    const grotto_map_details_t *d = &m->d;
    map_names names;
    name_map(d, &names);
    const char *id = names.id, *en = names.en, *jp = names.jp;
    printf("map %s: %s / %s\n", id, en, jp);
    printf("  band %02X (qualities %u..%u), seed 0x%04X", d->band_code, gt_band[grotto_band_of_quality(d->band_code)].qmin,
           gt_band[grotto_band_of_quality(d->band_code)].qmax, d->seed);
    if (d->seed == GT_QUEST15_SEED && grotto_band_of_quality(d->band_code) == grotto_band_of_quality(GT_QUEST15_QUALITY))
        printf(" - also quest 15's fixed map (location %02X)", GT_QUEST15_LOCATION);
    printf("\n  %s (%s), %u floors + boss floor, boss %s (%s)\n", gt_env_name[d->env].en, gt_env_name[d->env].jp,
           d->floors, gt_boss_name[d->boss].en, gt_boss_name[d->boss].jp);
    printf("  first-floor monster rank %u, level %u (prefix %u, suffix %u, locale %u, locale group %u)\n", d->smr,
           d->level, d->prefix, d->suffix, d->locale, d->group);
    if (x->timers)
        printf("  the seed arises from %d timer value%s\n", x->timers, x->timers > 1 ? "s" : "");
    else
        printf("  NEVER-SEED: no timer yields this seed; the map cannot be obtained at random\n");
    printf("  ElistOfs shown for the %s build%s\n", a->region == GROTTO_REGION_INTL ? "international" : "Japanese",
           a->region == GROTTO_REGION_INTL ? " (+128; states unchanged)" : "");
    if (x->nplaces) {
        printf("  found at (location code, area, monster mark; see --help):\n");
        cli_print_places(stdout, "    ", x->places, x->nplaces);
    } else {
        printf("  found at: nowhere - no timer and base quality give this map\n");
    }
    /* 99 columns; a floor's anomalies on the line below it */
    int width = view_text_width();
    printf("\nfloor size  up      down    chests (x,y) and rank      ElistOfs enemy list\n");
    for (int n = 1; n <= d->floors; n++) {
        const floor_view *v = &views[n - 1];
        char chests[64] = "", state[256], anomalies[512];
        for (int i = 0; i < v->f.chest_count; i++)
            snprintf(chests + strlen(chests), sizeof chests - strlen(chests), "%s(%2u,%2u)%c", i ? " " : "",
                     v->f.chest[i].x, v->f.chest[i].y, gt_chest_tables[v->rank[i]].letter);
        if (!v->f.chest_count)
            snprintf(chests, sizeof chests, "-");
        grotto_elist_state_text(&v->e, 0, state, sizeof state);
        char fl[8];
        snprintf(fl, sizeof fl, "B%dF", n);
        printf("%-5s %2ux%-2u (%2u,%2u) (%2u,%2u) %-26s 0x%04X   %s\n", fl, v->f.width, v->f.height, v->f.up.x,
               v->f.up.y, v->f.down.x, v->f.down.y, chests, grotto_elist_display_ofs(&v->e, a->region), state);
        view_anomalies(v, anomalies, sizeof anomalies);
        if (strcmp(anomalies, "-") != 0)
            view_wrap(stdout, "      ! ", anomalies, "; ", 8, width);
    }
    for (int n = 1; n <= d->floors; n++)
        if (views[n - 1].f.overflow) {
            putchar('\n');
            view_softlock(stdout, &views[n - 1], "");
        }
    text_monsters(m, views, width);
}

int cmd_map(int argc, char **argv)
{
    map_args a = {0};
    int help = 0;
    int rc = parse_args(argc, argv, &a, &help);
    if (rc)
        return rc;
    if (help || cli_parse_only)
        return EXIT_OK;
    grotto_map_t m;
    if (a.engine->map(a.quality, a.seed, &m) != 0)
        return cli_error("map", "cannot compute map for quality %d seed 0x%04X", a.quality, a.seed);
    if (a.record) {
        uint8_t rec[GROTTO_MAP_RECORD_SIZE];
        grotto_map_record(&m, rec);
        print_hex(rec, sizeof rec);
        return EXIT_OK;
    }
    floor_view views[GROTTO_MAX_FLOORS];
    for (int n = 1; n <= m.d.floors; n++)
        view_floor(a.engine, &m, a.seed, n, &views[n - 1]);
    static uint8_t counts[GROTTO_SEED_COUNT];
    grotto_seed_timer_counts(counts);
    static map_extras x;
    x.timers = counts[a.seed];
    x.nplaces = cli_map_places(a.seed, m.d.band, x.places);
    if (a.json)
        json_map(&a, &m, views, &x);
    else
        text_map(&a, &m, views, &x);
    return EXIT_OK;
}
