/* grotto at RRSSSS [--steps N] [--threshold T] [--zoom n] | --pattern P ... |
 * --whistle MONSTER ...: the AT of one map (the community's "map method",
 * research.md §4) - its values at steps 35..37, the R2 / +3 / N2 positions,
 * the POP of a zoom with its deftness, and its sequence with hit marks - or
 * the AT searches over the universe: the drop-pattern search (--pattern)
 * and the whistle-summoned monster search (--whistle, optionally with a
 * pattern), composed with the map filters of grotto search. Runs:
 * lookup_at (lookup/map_research.c), universe_at_search_run (universe/
 * research_run.c). */
#include <stdlib.h>
#include <string.h>

#include "grotto/at.h"
#include "map_research.h"
#include "query.h"
#include "research_run.h"
#include "show_research.h"

typedef struct at_args {
    query_args q;                /* first: QUERY_OPTIONS address it */
    lookup_at_args l;
    unsigned long steps, threshold;
    int steps_given, pattern, zoom, monster, env, rank, deft_max;
    universe_at_search_args run;
} at_args;

enum { M_MAP = 0, M_PATTERN = 1, M_WHISTLE = 2 };
#define T(f) offsetof(at_args, f)

static int threshold(const cli_value *v, const char *text, void *field)
{
    for (int i = 0; i < GT_AT_THRESHOLD_COUNT; i++)
        if (!strcmp(text, gt_at_threshold[i].odds)) {
            *(unsigned long *)field = gt_at_threshold[i].threshold;
            return 0;
        }
    static const cli_range R = {"threshold", 0, 32767};
    if (text[0] >= '0' && text[0] <= '9')
        return cli_uint_of(v->cmd, &R, text, field);
    return cli_error(v->cmd, "bad threshold '%s': expected 1/256, 1/128, 1/64, 1/32 or a value 0..32767 (a hit: "
                             "value <= it)", text);
}
static const cli_kind THRESHOLD = {threshold, NULL};

static int pattern(const cli_value *v, const char *text, void *field)
{
    int p = grotto_at_pattern_by_name(text);
    if (p < 1) {
        char names[256];
        size_t n = 0;
        for (int i = 1; i <= GT_AT_PATTERN_COUNT; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i > 1 ? ", " : "", gt_at_pattern[i].name);
        return cli_error(v->cmd, "unknown pattern '%s': expected one of %s", text, names);
    }
    *(int *)field = p;
    return 0;
}
static const cli_kind PATTERN = {pattern, NULL};

static const cli_range MAX_STEPS = {"max steps", 1, GROTTO_AT_MAX_STEPS};
static const cli_range ZOOM = {"zoom", 0, GROTTO_AT_ZOOM_MAX}, RANK = {"monster rank", 1, 12},
                       DEFT = {"deftness", 0, GROTTO_AT_DEFT_MAX};

static int steps(const cli_value *v, const char *text, void *field)
{
    at_args *a = (at_args *)((char *)field - offsetof(at_args, steps));
    a->steps_given = 1;
    return cli_uint_of(v->cmd, &MAX_STEPS, text, field);
}
static const cli_kind STEPS_KIND = {steps, NULL};

enum { SEARCH = 1u << M_PATTERN | 1u << M_WHISTLE };

static const cli_option OPTIONS[] = {
    {"steps", 0, "N", &STEPS_KIND, T(steps), NULL, 0, 0, 0, "AT",
     "RRSSSS: list steps 1..N (default 100, at most 100000); searches: the\npattern's max steps (default 400)"},
    {"threshold", 0, "T", &THRESHOLD, T(threshold), NULL, 0, 0, 0, NULL,
     "a hit: value <= T; 1/256 (128, the default), 1/128, 1/64, 1/32 or a\nvalue"},
    {"zoom", 0, "N", &CLI_INT, T(zoom), &ZOOM, 0, 0, 0, NULL, "zoom N: the POP index 35 + 29 N (default 0)"},
    {"pattern", 0, "P", &PATTERN, T(pattern), NULL, SEARCH, 1u << M_PATTERN, 0, NULL,
     "search: a drop pattern R2, N2, R2_3, R3, R4, R5, 4_in_6, 3_in_7, N3, N4,\nN5, 4_in_10 or 3_in_10 "
     "(case-insensitive) within --steps"},
    {"whistle", 0, "MONSTER", &QUERY_MONSTER, T(monster), NULL, 1u << M_WHISTLE, 1u << M_WHISTLE, 0, NULL,
     "search: the whistle-summoned monster at the POP index (EN any case, JP)"},
    {"whistle-env", 0, "ENV", &QUERY_ENV, T(env), NULL, 1u << M_WHISTLE, 1u << M_WHISTLE, 0, NULL,
     "the environment whose spawn table is read: caves, ruins, ice, water, fire"},
    {"whistle-rank", 0, "R", &CLI_INT, T(rank), &RANK, 1u << M_WHISTLE, 1u << M_WHISTLE, 0, NULL,
     "the floor's monster rank 1..12"},
    {"deftness-max", 0, "D", &CLI_INT, T(deft_max), &DEFT, 1u << M_WHISTLE, 0, 0, NULL,
     "the deftness (from the value at N + 1) at most D, 0..1000"},
    QUERY_OPTIONS("only maps that base quality Q (2..248) produces (as search --base)",
                  "machine-readable (docs/json.md, 'at' and 'at --pattern')"),
    QUERY_RESEARCH_OPTIONS,
    {0},
};

static const cli_positional MAP_POS[] = {
    {"RRSSSS", &CLI_MAP_ID, T(l.map), NULL, 0, 0, "map id (band code and seed in hex, e.g. DD5BC3)"},
    {0},
};

static const cli_mode MODES[] = {
    {NULL, MAP_POS, "expected RRSSSS, --pattern P or --whistle MONSTER; see 'grotto at --help'", NULL},
    {"--pattern", NULL, NULL, NULL},
    {"--whistle", NULL, NULL, NULL},
};

static int mode_of(const char *cmd, const cli_scan *s)
{
    (void)cmd;
    return cli_given(s, "whistle") ? M_WHISTLE : cli_given(s, "pattern") ? M_PATTERN : M_MAP;
}

static void init(void *args)
{
    at_args *a = args;
    query_init(&a->q);
    a->q.a.index.who = "at";
    a->threshold = gt_at_threshold[0].threshold;
    a->deft_max = -1;
    a->monster = -1;
}

static int check(const char *cmd, void *args, int mode)
{
    at_args *a = args;
    if (mode == M_MAP) {
        /* the map filters and outputs of the searches do not apply to one map */
        at_args fresh;
        memset(&fresh, 0, sizeof fresh);
        init(&fresh);
        if (memcmp(&a->q.a.q, &fresh.q.a.q, sizeof a->q.a.q) || a->q.a.limit != fresh.q.a.limit ||
            a->q.arising || a->q.include_unfindable || a->q.helper.base || a->q.a.index.no_cache ||
            a->q.a.index.threads || a->q.a.index.quiet)
            return cli_error(cmd, "the map filters, --limit and the index options apply to the searches (--pattern, "
                                  "--whistle), not to one map");
        if (a->q.format == CLI_CSV || a->q.format == CLI_COUNT)
            return cli_error(cmd, "--csv and --count apply to the searches (--pattern, --whistle), not to one map");
        a->l.steps = a->steps_given ? (uint32_t)a->steps : 100;
        if (a->l.steps > LOOKUP_AT_STEPS_MAX)
            return cli_error(cmd, "--steps %lu: one map lists at most %d steps", a->steps, LOOKUP_AT_STEPS_MAX);
        a->l.threshold = (uint32_t)a->threshold;
        a->l.zoom = a->zoom;
        a->l.engine = a->q.a.index.engine ? a->q.a.index.engine : &grotto_engine_impl; /* --engine */
        return 0;
    }
    int rc = query_check(cmd, &a->q, 0);
    if (rc)
        return rc;
    universe_at_search_args *x = &a->run;
    x->s = a->q.a;
    x->seed_lo = (uint32_t)a->q.a.q.seed_lo; /* --seeds (QUERY_OPTIONS) */
    x->seed_hi = (uint32_t)a->q.a.q.seed_hi;
    uint32_t max = a->steps_given ? (uint32_t)a->steps : 400;
    x->p = (universe_at_pattern_query){a->pattern, (uint32_t)a->threshold, max, a->zoom};
    x->whistle = mode == M_WHISTLE;
    if (x->whistle) {
        uint16_t lo, hi;
        if (grotto_at_window(a->env, a->rank, a->monster, &lo, &hi))
            return cli_error(cmd, "%s does not wander in the %s rank %d enemy list: no spawn window (see grotto map "
                                  "for a floor's monsters)",
                             gt_monsters[a->monster].en, gt_env_name[a->env].en, a->rank);
        x->w = (universe_whistle_query){{a->env, a->rank, a->monster, a->zoom, a->deft_max}, a->pattern,
                                        (uint32_t)a->threshold, max};
    }
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    const at_args *a = args;
    return mode == M_MAP ? lookup_at(&a->l, r) : universe_at_search_run(&a->run, r);
}

/* ---- text ---- */

static void map_head(const json_t *d, const void *args)
{
    (void)args;
    printf("map %s (seed %04llX), engine %s\n", res_get_str(d, "map"), res_get_int(d, "seed"), res_get_str(d, "engine"));
    at_value_text(json_object_get(d, "at"), "  ");
    printf("  steps 1..%lld: %lld hit%s (value <= %lld, marked *); the POP index is marked @\n",
           res_get_int(d, "step_count"), res_get_int(d, "hits"), res_get_int(d, "hits") == 1 ? "" : "s",
           res_get_int(d, "threshold"));
}

enum { PER_LINE = 6 };
static char at_line[256];
static size_t at_len;

static void map_step(const json_t *s, const json_t *h, const void *args)
{
    (void)h, (void)args;
    long long step = res_get_int(s, "step");
    char marks[3] = {0};
    size_t k = 0;
    if (res_get_bool(s, "hit"))
        marks[k++] = '*';
    if (res_get_bool(s, "pop"))
        marks[k++] = '@';
    at_len += (size_t)snprintf(at_line + at_len, sizeof at_line - at_len, "%s%6lld:%5lld%-2s",
                               (step - 1) % PER_LINE ? " " : "", step, res_get_int(s, "value"), marks);
    if (step % PER_LINE == 0) {
        while (at_len && at_line[at_len - 1] == ' ')
            at_line[--at_len] = 0;
        printf("%s\n", at_line);
        at_len = 0;
    }
}

static void map_end(const json_t *d, const void *args)
{
    (void)d, (void)args;
    while (at_len && at_line[at_len - 1] == ' ')
        at_line[--at_len] = 0;
    if (at_len)
        printf("%s\n", at_line);
    at_len = 0;
}

static void search_head(const json_t *d)
{
    const json_t *p = json_object_get(d, "pattern"), *w = json_object_get(d, "whistle");
    if (json_is_object(w)) {
        printf("whistle search: %s (%s) in the %s rank %lld spawn table, window %lld..%lld", res_get_str(w, "monster_en"),
               res_get_str(w, "monster_jp"), res_get_str(w, "env_en"), res_get_int(w, "monster_rank"),
               res_get_int(w, "window_lo"), res_get_int(w, "window_hi"));
        if (res_has(w, "deftness_max"))
            printf(", deftness <= %lld", res_get_int(w, "deftness_max"));
        putchar('\n');
    }
    printf("  zoom %lld: POP index N %lld", res_get_int(d, "zoom"), res_get_int(d, "pop_index"));
    if (json_is_object(p))
        printf("; pattern %s, a hit: value <= %lld, within %lld steps", res_get_str(p, "name"),
               res_get_int(p, "threshold"), res_get_int(p, "max_steps"));
    putchar('\n');
}

static void head(const json_t *d, const void *args)
{
    if (res_has(d, "search"))
        search_head(d);
    else
        map_head(d, args);
}

static void item(const json_t *m, const json_t *h, const void *args)
{
    if (!res_has(m, "map")) {
        map_step(m, h, args);
        return;
    }
    const json_t *p = json_object_get(m, "pop");
    char first[320], what[128];
    snprintf(first, sizeof first, "%s  %-34s %s", res_get_str(m, "map"), res_get_str(m, "name_en"),
             res_get_str(m, "name_jp"));
    size_t n = (size_t)snprintf(what, sizeof what, "POP %lld, next %lld, deftness %lld", res_get_int(p, "value"),
                                res_get_int(p, "next"), res_get_int(p, "deftness"));
    if (res_has(m, "matches"))
        snprintf(what + n, sizeof what - n, "; %lld match%s, first at step %lld", res_get_int(m, "matches"),
                 res_get_int(m, "matches") == 1 ? "" : "es", res_get_int(m, "first_match"));
    const char *pieces[] = {first, what};
    cli_wrap_pieces(stdout, pieces, 2, "  ", 8);
}

static void summary(const json_t *d, const void *args)
{
    if (!res_has(d, "search")) {
        map_end(d, args);
        return;
    }
    long long found = res_get_int(d, "found"), shown = res_get_int(d, "shown");
    printf("%lld map%s found of %lld searched%s\n", found, found == 1 ? "" : "s", res_get_int(d, "looked"),
           shown < found ? " (raise --limit or use --limit 0 to list all)" : "");
}

static const cli_renderer TEXT = {head, item, summary};

static void csv_head(const json_t *d, const void *args)
{
    (void)d, (void)args;
    printf("map,band,seed,name_en,name_jp,floor_count,level,pop_index,pop_value,next,deftness,matches,first_match\n");
}

static void csv_row(const json_t *m, const json_t *h, const void *args)
{
    (void)h, (void)args;
    const json_t *p = json_object_get(m, "pop");
    char num[11][24];
    snprintf(num[0], sizeof num[0], "%02llX", res_get_int(m, "band"));
    snprintf(num[1], sizeof num[1], "%04llX", res_get_int(m, "seed"));
    snprintf(num[2], sizeof num[2], "%lld", res_get_int(m, "floor_count"));
    snprintf(num[3], sizeof num[3], "%lld", res_get_int(m, "level"));
    snprintf(num[4], sizeof num[4], "%lld", res_get_int(p, "index"));
    snprintf(num[5], sizeof num[5], "%lld", res_get_int(p, "value"));
    snprintf(num[6], sizeof num[6], "%lld", res_get_int(p, "next"));
    snprintf(num[7], sizeof num[7], "%lld", res_get_int(p, "deftness"));
    snprintf(num[8], sizeof num[8], "%s", res_has(m, "matches") ? "" : "-");
    if (res_has(m, "matches")) {
        snprintf(num[8], sizeof num[8], "%lld", res_get_int(m, "matches"));
        snprintf(num[9], sizeof num[9], "%lld", res_get_int(m, "first_match"));
    } else {
        num[8][0] = num[9][0] = 0;
    }
    const char *f[] = {res_get_str(m, "map"), num[0], num[1], res_get_str(m, "name_en"), res_get_str(m, "name_jp"),
                       num[2], num[3], num[4], num[5], num[6], num[7], num[8], num[9]};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        query_csv_field(f[i], i + 1 == sizeof f / sizeof f[0]);
}

static const cli_renderer CSV = {csv_head, csv_row, NULL};

/* ---- help and documentation ---- */

static void notes_more(FILE *out)
{
    fprintf(out,
            "Step n is the value after n steps of the generator from the map seed (0..32767).\n"
            "The pattern search (the tool's): steps from 38 (from 1 when the max steps are 50 or\n"
            "fewer) give hit bits; a match counts when it starts at N + 3 or later, and the\n"
            "history restarts after every match; max steps below N are raised to N + 1. The\n"
            "whistle search: the value at N falls in the monster's spawn window of (ENV, R) and,\n"
            "with --deftness-max, the deftness is at most it; with --pattern the seed's scan\n"
            "must also count a match. Deftness of a value v: ceil(v / 32768 x 100 - 2) x 20,\n"
            "0..1000. The map filters are those of grotto search.\n\n");
    query_index_help(out);
}

static const cli_field MAP_FIELDS[] = {
    {"map", "string", "always", "map id", NULL},
    {"seed", "int", "always", "seed", NULL},
    {"engine", "string", "always", "`ref` or `impl` (the values listed are ref's)", NULL},
    {"at", "at_value", "always", "the map's AT", NULL},
    {"threshold", "int", "always", "a hit: value <= it", NULL},
    {"step_count", "int", "always", "steps listed", NULL},
    {"hits", "int", "always", "hits among them", NULL},
    {"steps", "array of object", "always", "steps 1..`step_count`", NULL},
    {"steps[].step", "int", "always", "the step", NULL},
    {"steps[].value", "int", "always", "the value 0..32767", NULL},
    {"steps[].hit", "bool", "always", "value <= threshold", NULL},
    {"steps[].pop", "bool", "always", "the POP index of the zoom", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_field SEARCH_FIELDS[] = {
    {"search", "string", "always", "`pattern` or `whistle`", NULL},
    {"zoom", "int", "always", "zoom n", NULL},
    {"pop_index", "int", "always", "N = 35 + 29 n", NULL},
    {"pattern", "object or null", "always", "the drop pattern, `null` for a whistle search without one", NULL},
    {"pattern.name", "string", "always", "`R2`, `4_in_6`, ...", NULL},
    {"pattern.threshold", "int", "always", "a hit: value <= it", NULL},
    {"pattern.max_steps", "int", "always", "steps scanned (as given)", NULL},
    {"whistle", "object or null", "always", "the whistle search; `null` for the pattern search", NULL},
    {"whistle.env_en", "string", "always", "the spawn table's environment", NULL},
    {"whistle.monster_rank", "int", "always", "its monster rank", NULL},
    {"whistle.monster_en", "string", "always", "the monster, English", NULL},
    {"whistle.monster_jp", "string", "always", "Japanese", NULL},
    {"whistle.window_lo", "int", "always", "its spawn window, lowest value", NULL},
    {"whistle.window_hi", "int", "always", "highest value", NULL},
    {"whistle.deftness_max", "int or null", "always", "`--deftness-max`", NULL},
    {"maps", "array of object", "always", "the maps found (ascending band and seed), at most `--limit`", NULL},
    {"maps[].map", "string", "always", "map id", NULL},
    {"maps[].band", "int", "always", "band code", NULL},
    {"maps[].seed", "int", "always", "seed", NULL},
    {"maps[].name_en", "string", "always", "name, English", NULL},
    {"maps[].name_jp", "string", "always", "Japanese", NULL},
    {"maps[].env_en", "string", "always", "environment", NULL},
    {"maps[].floor_count", "int", "always", "floors", NULL},
    {"maps[].boss", "int", "always", "boss 1..12", NULL},
    {"maps[].boss_en", "string", "always", "the boss, English", NULL},
    {"maps[].level", "int", "always", "level", NULL},
    {"maps[].pop", "object", "always", "the POP of the zoom", NULL},
    {"maps[].pop.index", "int", "always", "N", NULL},
    {"maps[].pop.value", "int", "always", "the value at step N", NULL},
    {"maps[].pop.next", "int", "always", "the value at N + 1", NULL},
    {"maps[].pop.deftness", "int", "always", "the deftness from it", NULL},
    {"maps[].matches", "int or null", "always", "pattern matches counted; `null` without a pattern", NULL},
    {"maps[].first_match", "int or null", "always", "start step of the first", NULL},
    {"found", "int", "always", "maps found", NULL},
    {"shown", "int", "always", "maps listed", NULL},
    {"looked", "int", "always", "maps searched", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result MAP_RESULT = {
    "at",
    "`grotto at RRSSSS [--steps N] [--threshold T] [--zoom n] --json`: one map's AT and its sequence.",
    "at DD5BC3 --json; at DD5BC3 --steps 40 --zoom 1 --threshold 1/32 --json",
    MAP_FIELDS,
    NULL,
};

static const cli_result SEARCH_RESULT = {
    "at --pattern",
    "`grotto at --pattern P ... --json`: the drop-pattern search.",
    "at --pattern R2 --band DD --limit 2 --json --quiet; at --pattern 4_in_6 --threshold 1/32 --zoom 2 --band 51 "
    "--limit 1 --json --quiet; at --pattern R2 --threshold 1/32 --whistle \"Metal King Slime\" --whistle-env fire "
    "--whistle-rank 9 --band DD --limit 1 --json --quiet",
    SEARCH_FIELDS,
    NULL,
};

static const cli_result WHISTLE_RESULT = {
    "at --whistle",
    "`grotto at --whistle MONSTER --whistle-env ENV --whistle-rank R ... --json`: the whistle search (as "
    "`at --pattern`).",
    "at --whistle \"Metal King Slime\" --whistle-env fire --whistle-rank 9 --band DD --limit 2 --json --quiet; "
    "at --whistle \"Metal King Slime\" --whistle-env fire --whistle-rank 9 --pattern R2 --threshold 1/32 "
    "--deftness-max 100 --band DD --limit 1 --json --quiet",
    SEARCH_FIELDS,
    NULL,
};

const cli_command CMD_at = {
    .name = "at",
    .summary = "the AT (map method): one map's values and sequence, drop-pattern and whistle searches",
    .size = sizeof(at_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 3,
    .mode_of = mode_of,
    .check = check,
    .about = "The AT of a map - the generator's values after the map is generated, which players\n"
             "steer for rare drops (drop patterns: runs of low values) and for a chosen\n"
             "whistle-summoned monster (the spawn draw at the POP index N = 35 + 29 zoom, the\n"
             "deftness from the value at N + 1). With RRSSSS: its values at steps 35..37, the R2 / +3 /\n"
             "N2 positions, the POP of the zoom, and steps 1..N with the hits marked. With --pattern\n"
             "or --whistle: the community tool's searches over the universe, with the map filters\n"
             "of grotto search.\n",
    .notes_more = notes_more,
    .examples = "grotto at DD5BC3                 # AT values 4491 32143 10468\n"
                "grotto at DD5BC3 --steps 200 --threshold 1/128 --zoom 2\n"
                "grotto at --pattern R2 --threshold 1/256 --steps 400 --band DD --count\n"
                "grotto at --whistle \"Metal King Slime\" --whistle-env fire --whistle-rank 9 --band DD \\\n"
                "    --deftness-max 100\n"
                "grotto at --pattern 4_in_6 --threshold 1/32 --zoom 2 --band 51 --csv",
    .run = run,
    .result = {&MAP_RESULT, &SEARCH_RESULT, &WHISTLE_RESULT},
    .render = {[CLI_TEXT] = &TEXT, [CLI_CSV] = &CSV, [CLI_COUNT] = &QUERY_COUNT},
};
