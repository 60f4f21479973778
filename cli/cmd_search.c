/* grotto search: every map of every band, filtered; the researcher's query
 * over the universe (map details, names, enemy-list states, ONLY monster). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "oracle.h"
#include "view.h"

void help_search(FILE *out)
{
    fprintf(out,
            "usage: grotto search [filters] [--limit N] [--engine E] [-j N] [--json] [--quiet]\n"
            "\n"
            "Lists the maps of the whole universe (12 bands x 32,768 seeds) that pass every filter,\n"
            "with the floors that matched the floor filters. Filters:\n"
            "  --band RR          band of the quality RR (hex 02..F8), e.g. DD\n"
            "  --env NAME         caves, ruins, ice, water or fire\n"
            "  --boss N           boss 1..12 (grotto map shows the numbers)\n"
            "  --level LO[..HI]   map level, e.g. 99 or 90..99\n"
            "  --floors N         number of floors\n"
            "  --name NAME        English or Japanese name is exactly NAME\n"
            "  --name-has TEXT    English or Japanese name contains TEXT (case-sensitive)\n"
            "  --state LIST       a floor in one of these enemy-list states: codes 0..16, or\n"
            "                     only, no-enemy, partial, special (any state but 0)\n"
            "  --monster NAME     a floor whose ONLY monster is NAME (EN or JP), in an ONLY state\n"
            "  --arising          only seeds that a timer yields (no never-seeds)\n"
            "  --limit N          stop listing after N maps (default 100; 0 = all); the count is\n"
            "                     always complete\n"
            "\n"
            "examples: grotto search --monster \"Metal King Slime\" --band DD\n"
            "          grotto search --name \"Granite Tunnel of Woe Lv.1\"\n"
            "          grotto search --state no-enemy --arising --limit 0 --json\n");
}

typedef struct search_q {
    int band, env, boss, level_lo, level_hi, floors, arising;
    const char *name, *name_has, *monster;
    uint32_t states; /* bit per state code; 0 = no state filter */
} search_q;

typedef struct search_ctx {
    const search_q *q;
    const grotto_engine *e;
    const uint8_t *timer_counts;
    uint16_t *floor_hits; /* per map: bit n-1 = floor n matched; 0xFFFF sentinel unused */
    uint8_t *match;
} search_ctx;

static int floor_matches(const search_q *q, const grotto_elist_t *el)
{
    if (q->states && !(q->states & (1u << el->state)))
        return 0;
    if (q->monster) {
        int only = el->state == 5 || (el->state >= 14 && el->state <= 16);
        const struct gt_monster *m = &gt_monsters[el->only];
        if (!only || (strcmp(m->en, q->monster) != 0 && strcmp(m->jp, q->monster) != 0))
            return 0;
    }
    return 1;
}

static void search_item(size_t item, void *arg)
{
    search_ctx *c = arg;
    const search_q *q = c->q;
    int band = (int)(item / GROTTO_SEED_COUNT);
    uint32_t seed = (uint32_t)(item % GROTTO_SEED_COUNT);
    c->match[item] = 0;
    if ((q->band >= 0 && band != q->band) || (q->arising && !c->timer_counts[seed]))
        return;
    grotto_map_details_t d;
    grotto_map_details(gt_band[band].code, seed, &d); /* cheap pre-filter on the details */
    if ((q->env && d.env != q->env) || (q->boss && d.boss != q->boss) || (q->floors && d.floors != q->floors) ||
        d.level < q->level_lo || d.level > q->level_hi)
        return;
    if (q->name || q->name_has) {
        char en[128], jp[192];
        grotto_map_name_en(&d, en, sizeof en);
        grotto_map_name_jp(&d, jp, sizeof jp);
        if (q->name && strcmp(en, q->name) != 0 && strcmp(jp, q->name) != 0)
            return;
        if (q->name_has && !strstr(en, q->name_has) && !strstr(jp, q->name_has))
            return;
    }
    uint16_t hits = 0;
    if (q->states || q->monster) {
        grotto_map_t m;
        c->e->map(gt_band[band].code, seed, &m);
        for (int n = 0; n < m.d.floors; n++)
            if (floor_matches(q, &m.elist[n]))
                hits |= (uint16_t)(1u << n);
        if (!hits)
            return;
    }
    c->floor_hits[item] = hits;
    c->match[item] = 1;
}

static int parse_states(const char *text, uint32_t *out)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    *out = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (!strcmp(t, "only"))
            *out |= 1u << 5 | 1u << 14 | 1u << 15 | 1u << 16;
        else if (!strcmp(t, "no-enemy"))
            *out |= 1u << 6 | 1u << 7 | 1u << 8 | 1u << 9;
        else if (!strcmp(t, "partial"))
            *out |= 1u << 1;
        else if (!strcmp(t, "special"))
            *out |= ((1u << 17) - 1) & ~1u;
        else {
            char *end;
            long v = strtol(t, &end, 10);
            if (end == t || *end || v < 0 || v > 16)
                return -1;
            *out |= 1u << v;
        }
    }
    return *out ? 0 : -1;
}

static int parse_level(const char *text, int *lo, int *hi)
{
    char *end;
    long a = strtol(text, &end, 10), b = a;
    if (end == text)
        return -1;
    if (!strncmp(end, "..", 2)) {
        char *e2;
        b = strtol(end + 2, &e2, 10);
        if (e2 == end + 2 || *e2)
            return -1;
    } else if (*end) {
        return -1;
    }
    if (a < 1 || b > 99 || a > b)
        return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

static int parse_query(int argc, char **argv, search_q *q, const char **engine_s, int *threads, unsigned long *limit,
                       int *json, int *quiet, int *help)
{
    const char *band_s = NULL, *env_s = NULL, *boss_s = NULL, *level_s = NULL, *floors_s = NULL, *state_s = NULL,
               *threads_s = NULL, *limit_s = NULL, *pos[1];
    int npos;
    cli_opt opts[] = {{"band", 0, OPT_VALUE, NULL, &band_s},       {"env", 0, OPT_VALUE, NULL, &env_s},
                      {"boss", 0, OPT_VALUE, NULL, &boss_s},       {"level", 0, OPT_VALUE, NULL, &level_s},
                      {"floors", 0, OPT_VALUE, NULL, &floors_s},   {"name", 0, OPT_VALUE, NULL, &q->name},
                      {"name-has", 0, OPT_VALUE, NULL, &q->name_has},
                      {"state", 0, OPT_VALUE, NULL, &state_s},     {"monster", 0, OPT_VALUE, NULL, &q->monster},
                      {"arising", 0, OPT_FLAG, &q->arising, NULL}, {"limit", 0, OPT_VALUE, NULL, &limit_s},
                      {"engine", 0, OPT_VALUE, NULL, engine_s},    {"threads", 'j', OPT_VALUE, NULL, &threads_s},
                      {"json", 0, OPT_FLAG, json, NULL},           {"quiet", 'q', OPT_FLAG, quiet, NULL}};
    if (cli_parse("search", argc, argv, opts, 15, pos, 0, &npos, help))
        return EXIT_USAGE; /* even after a --help: the error stands */
    if (*help)
        return 0;
    if (band_s && cli_band("search", band_s, &q->band))
        return EXIT_USAGE;
    if (env_s) {
        for (int i = 1; i <= GT_ENV_NAMES && !q->env; i++) {
            const char *en = gt_env_name[i].en;
            size_t n = strlen(en);
            int same = strlen(env_s) == n;
            for (size_t k = 0; same && k < n; k++)
                same = tolower((unsigned char)env_s[k]) == tolower((unsigned char)en[k]);
            if (same || !strcmp(env_s, gt_env_name[i].jp))
                q->env = i;
        }
        if (!q->env)
            return cli_error("search", "unknown environment '%s': expected caves, ruins, ice, water or fire", env_s);
    }
    unsigned long v;
    if (boss_s) {
        if (cli_uint("search", "boss", boss_s, GT_BOSS_NAMES, &v))
            return EXIT_USAGE;
        if (v < 1)
            return cli_error("search", "boss 0 is outside 1..12");
        q->boss = (int)v;
    }
    if (floors_s) {
        if (cli_uint("search", "floor count", floors_s, 16, &v))
            return EXIT_USAGE;
        if (v < 2)
            return cli_error("search", "floor count %lu is outside 2..16", v);
        q->floors = (int)v;
    }
    if (level_s && parse_level(level_s, &q->level_lo, &q->level_hi))
        return cli_error("search", "bad level '%s': expected N or LO..HI within 1..99", level_s);
    if (state_s && parse_states(state_s, &q->states))
        return cli_error("search", "bad state list '%s': codes 0..16 or only, no-enemy, partial, special", state_s);
    if (q->monster) {
        int known = 0;
        for (int i = 0; i < GT_MONSTER_COUNT && !known; i++)
            known = !strcmp(gt_monsters[i].en, q->monster) || !strcmp(gt_monsters[i].jp, q->monster);
        if (!known)
            return cli_error("search", "unknown monster '%s' (use the English or Japanese name)", q->monster);
    }
    if (threads_s && cli_threads("search", threads_s, threads))
        return EXIT_USAGE;
    if (limit_s && cli_uint("search", "limit", limit_s, 393216, limit))
        return EXIT_USAGE;
    return 0;
}

int cmd_search(int argc, char **argv)
{
    search_q q = {.band = -1, .level_lo = 1, .level_hi = 99};
    const char *engine_s = "impl";
    int threads = 0, json = 0, quiet = 0, help = 0;
    unsigned long limit = 100;
    int rc = parse_query(argc, argv, &q, &engine_s, &threads, &limit, &json, &quiet, &help);
    if (rc)
        return rc;
    if (help) {
        help_search(stdout);
        return EXIT_OK;
    }
    const grotto_engine *e = cli_engine("search", engine_s);
    if (!e)
        return EXIT_USAGE;
    if (cli_parse_only)
        return EXIT_OK;
    static uint8_t counts[GROTTO_SEED_COUNT];
    grotto_seed_timer_counts(counts);
    search_ctx c = {&q, e, counts, calloc(GROTTO_MAP_UNIVERSE, sizeof(uint16_t)), calloc(GROTTO_MAP_UNIVERSE, 1)};
    if (!c.floor_hits || !c.match)
        return cli_error("search", "out of memory");
    oracle_progress p;
    oracle_progress_init(&p, "search", quiet);
    oracle_parallel(threads, GROTTO_MAP_UNIVERSE, 64, search_item, &c, oracle_progress_cb, &p);
    oracle_progress_done(&p);
    unsigned long found = 0, shown = 0;
    jw w;
    if (json) {
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_arr(&w, "maps");
    }
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++) {
        if (!c.match[i])
            continue;
        found++;
        if (limit && shown >= limit)
            continue;
        shown++;
        grotto_map_details_t d;
        grotto_map_details(gt_band[i / GROTTO_SEED_COUNT].code, (uint32_t)(i % GROTTO_SEED_COUNT), &d);
        char id[8], en[128], jp[192];
        cli_format_map_id(d.band_code, d.seed, id);
        grotto_map_name_en(&d, en, sizeof en);
        grotto_map_name_jp(&d, jp, sizeof jp);
        if (json) {
            jw_obj(&w, NULL);
            jw_str(&w, "id", id);
            jw_str(&w, "name_en", en);
            jw_str(&w, "name_jp", jp);
            jw_bool(&w, "arising", counts[d.seed] > 0);
            jw_arr(&w, "floors");
            for (int n = 0; n < 16; n++)
                if (c.floor_hits[i] & (1u << n))
                    jw_int(&w, NULL, n + 1);
            jw_end_arr(&w);
            jw_end_obj(&w);
        } else {
            printf("%s  %-34s %s%s", id, en, jp, counts[d.seed] ? "" : "  (never-seed)");
            if (c.floor_hits[i]) {
                printf("  floors");
                for (int n = 0; n < 16; n++)
                    if (c.floor_hits[i] & (1u << n))
                        printf(" B%dF", n + 1);
            }
            putchar('\n');
        }
    }
    if (json) {
        jw_end_arr(&w);
        jw_uint(&w, "found", found);
        jw_uint(&w, "shown", shown);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        printf("%lu map%s found%s\n", found, found == 1 ? "" : "s",
               shown < found ? " (raise --limit or use --limit 0 to list all)" : "");
    }
    free(c.floor_hits);
    free(c.match);
    return EXIT_OK;
}
