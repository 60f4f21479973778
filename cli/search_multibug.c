/* grotto search --multibug (search_multibug.h): the four-player bug search
 * (research.md §5) as a mode of grotto search. Its conditions: the bug map
 * has more floors, a special floor beyond the map's last (up to the bug
 * map's), exact chest counts by rank over B3F..the bug map's last floor,
 * and --state, --monster and --flag0 moved from the map's floors to
 * B5F..B16F of the seed's 16 floors; with no condition the tool's default,
 * an ONLY floor. The other
 * map filters of search apply to the map itself. Run:
 * universe_multibug_run (universe/research_run.c). */
#include <stdlib.h>
#include <string.h>

#include "search_multibug.h"

static int chest_item(const cli_value *v, const char *t, void *ctx)
{
    uint8_t *count = ctx;
    int rank = 0;
    for (int r = 1; r <= GT_CHEST_RANKS; r++)
        if (t[0] == gt_chest_tables[r].letter || t[0] + 'A' - 'a' == gt_chest_tables[r].letter)
            rank = r;
    char *end;
    long n = rank ? strtol(t + 1, &end, 10) : 0;
    if (!rank || !t[1] || *end || n < 1 || n > 48)
        return cli_error(v->cmd, "bad chest count '%s': expected a rank letter S, A..I and a count 1..48, e.g. S1", t);
    count[rank] = (uint8_t)n;
    return 0;
}

static int bug_chests(const cli_value *v, const char *text, void *field)
{
    memset(field, 0, 11);
    return cli_each_item(v, text, chest_item, field);
}
const cli_kind SEARCH_BUG_CHESTS = {bug_chests, NULL};

void search_multibug_init(search_args *a)
{
    (void)a; /* nothing beyond search's defaults */
}

int search_multibug_check(const char *cmd, search_args *a)
{
    universe_query *q = &a->q.a.q;
    universe_multibug_args *x = &a->mb.run;
    x->s = a->q.a;
    x->m = (universe_multibug_query){.more_floors = a->mb.more_floors, .special_in_bug = a->mb.special,
                                     .states = q->states, .flag0 = q->flag0, .with_monster = q->monster >= 0,
                                     .monster = q->monster};
    if (q->monster >= 0 && !universe_multibug_states_take_monster(q->states))
        return cli_error(cmd, "--monster with --multibug takes --state 4-enemy, 3-enemy, 2-enemy or partial (the "
                              "survivors of the cut) or no --state (an ONLY floor of the monster), not ONLY or "
                              "no-enemy states");
    memcpy(x->m.chests, a->mb.chests, sizeof x->m.chests);
    /* --state, --monster and --flag0 are the bug search's conditions on the seed's 16 floors, not filters
     * of the map's own floors */
    x->s.q.states = 0;
    x->s.q.monster = -1;
    x->s.q.flag0 = 0;
    x->seed_lo = (uint32_t)q->seed_lo; /* --seeds (QUERY_OPTIONS) */
    x->seed_hi = (uint32_t)q->seed_hi;
    return 0;
}

int search_multibug_run(const search_args *a, res_run *r)
{
    return universe_multibug_run(&a->mb.run, r);
}

/* ---- text ---- */

static void head(const json_t *d, const void *args)
{
    (void)args;
    const json_t *c = json_object_get(d, "conditions"), *st = json_object_get(c, "states"),
                 *ch = json_object_get(c, "chests");
    char what[512];
    size_t n = (size_t)snprintf(what, sizeof what, "multibug search:");
    if (res_get_bool(c, "more_floors"))
        n += (size_t)snprintf(what + n, sizeof what - n, " more floors;");
    if (res_get_bool(c, "special_in_bug"))
        n += (size_t)snprintf(what + n, sizeof what - n, " a special floor beyond the map's;");
    if (json_array_size(st)) {
        n += (size_t)snprintf(what + n, sizeof what - n, " B5F..B16F in state");
        for (size_t i = 0; i < json_array_size(st); i++)
            n += (size_t)snprintf(what + n, sizeof what - n, "%s%lld", i ? "," : " ",
                                  (long long)json_integer_value(json_array_get(st, i)));
        n += (size_t)snprintf(what + n, sizeof what - n, ";");
    }
    if (res_has(c, "monster_en"))
        n += (size_t)snprintf(what + n, sizeof what - n, " monster %s;", res_get_str(c, "monster_en"));
    if (res_get_bool(c, "flag0"))
        n += (size_t)snprintf(what + n, sizeof what - n, " Flag0;");
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)ch, key, value)
        n += (size_t)snprintf(what + n, sizeof what - n, " %s%lld", key, (long long)json_integer_value(value));
    if (what[n - 1] == ';')
        what[--n] = 0;
    const char *pieces[] = {what, "(* a floor beyond the map's last)"};
    cli_wrap_pieces(stdout, pieces, 2, " ", 2); /* at most CLI_WIDTH columns */
}

static void item(const json_t *m, const json_t *h, const void *args)
{
    (void)h, (void)args;
    const json_t *bug = json_object_get(m, "bug"), *fl = json_object_get(m, "floors");
    char first[256], bugs[256];
    snprintf(first, sizeof first, "%s  %-34s B%lldF %s", res_get_str(m, "map"), res_get_str(m, "name_en"),
             res_get_int(m, "floor_count"), res_get_str(m, "boss_en"));
    snprintf(bugs, sizeof bugs, "-> bug %s B%lldF %s%s", res_get_str(bug, "name_en"), res_get_int(bug, "floor_count"),
             res_get_str(bug, "boss_en"), res_get_bool(m, "more_floors") ? " (more floors)" : "");
    const char *pieces[] = {first, bugs};
    cli_wrap_pieces(stdout, pieces, 2, "  ", 8);
    char line[1024];
    size_t n = 0;
    line[0] = 0;
    for (size_t i = 0; i < json_array_size(fl) && n < sizeof line; i++) {
        const json_t *f = json_array_get(fl, i);
        char d[24] = "";
        if (res_has(f, "flag0") && res_get_int(f, "flag0") > 0)
            snprintf(d, sizeof d, " (Flag0 %lld)", res_get_int(f, "flag0"));
        n += (size_t)snprintf(line + n, sizeof line - n, "%sB%lldF%s [%s] %s%s", i ? "; " : "", res_get_int(f, "floor"),
                              res_get_bool(f, "beyond") ? "*" : "", res_get_str(f, "ofs_hex"),
                              res_get_str(f, "state_text_en"), d);
    }
    if (n)
        cli_wrap(stdout, "        ", line, "; ", 8);
}

static void summary(const json_t *d, const void *args)
{
    (void)args;
    long long found = res_get_int(d, "found"), shown = res_get_int(d, "shown");
    printf("%lld map%s found of %lld searched%s\n", found, found == 1 ? "" : "s", res_get_int(d, "looked"),
           shown < found ? " (raise --limit or use --limit 0 to list all)" : "");
    const json_t *skipped = json_object_get(d, "bands_skipped");
    if (json_array_size(skipped)) {
        char bands[64] = "";
        for (size_t i = 0, n = 0; i < json_array_size(skipped) && n < sizeof bands; i++)
            n += (size_t)snprintf(bands + n, sizeof bands - n, "%s%s", i ? " " : "",
                                  json_string_value(json_array_get(skipped, i)));
        char why[128];
        snprintf(why, sizeof why, "%s is never an ONLY monster on their floors (the tool skips them)",
                 res_get_str(json_object_get(d, "conditions"), "monster_en"));
        char lead[96];
        snprintf(lead, sizeof lead, "band%s %s not searched:", json_array_size(skipped) == 1 ? "" : "s", bands);
        const char *pieces[] = {lead, why};
        cli_wrap_pieces(stdout, pieces, 2, " ", 2);
    }
}

static void mb_csv_head(const json_t *d, const void *args)
{
    (void)d, (void)args;
    printf("map,band,seed,name_en,floor_count,boss_en,bug_name_en,bug_floor_count,bug_boss_en,bug_level,floors\n");
}

static void mb_csv_row(const json_t *m, const json_t *h, const void *args)
{
    (void)h, (void)args;
    const json_t *bug = json_object_get(m, "bug"), *fl = json_object_get(m, "floors");
    char num[6][24], floors[512] = "";
    snprintf(num[0], sizeof num[0], "%02llX", res_get_int(m, "band"));
    snprintf(num[1], sizeof num[1], "%04llX", res_get_int(m, "seed"));
    snprintf(num[2], sizeof num[2], "%lld", res_get_int(m, "floor_count"));
    snprintf(num[3], sizeof num[3], "%lld", res_get_int(bug, "floor_count"));
    snprintf(num[4], sizeof num[4], "%lld", res_get_int(bug, "level"));
    for (size_t i = 0, n = 0; i < json_array_size(fl) && n < sizeof floors; i++)
        n += (size_t)snprintf(floors + n, sizeof floors - n, "%s%lld:%s:%lld", i ? " " : "",
                              res_get_int(json_array_get(fl, i), "floor"), res_get_str(json_array_get(fl, i), "ofs_hex"),
                              res_get_int(json_array_get(fl, i), "state"));
    const char *f[] = {res_get_str(m, "map"), num[0], num[1], res_get_str(m, "name_en"), num[2], res_get_str(m, "boss_en"),
                       res_get_str(bug, "name_en"), num[3], res_get_str(bug, "boss_en"), num[4], floors};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        query_csv_field(f[i], i + 1 == sizeof f / sizeof f[0]);
}

static const cli_renderer TEXT = {head, item, summary}, CSV = {mb_csv_head, mb_csv_row, NULL};

/* search's renderers, or the multibug's */
static const cli_renderer *pick(const void *args, const cli_renderer *mine, const cli_renderer *search)
{
    return ((const search_args *)args)->mb.on ? mine : search;
}
#define WRAP(NAME, MINE, SEARCH)                                                                                 \
    static void NAME##_head(const json_t *d, const void *a)                                                     \
    {                                                                                                            \
        const cli_renderer *r = pick(a, MINE, SEARCH);                                                           \
        if (r->head)                                                                                             \
            r->head(d, a);                                                                                       \
    }                                                                                                            \
    static void NAME##_item(const json_t *i, const json_t *h, const void *a)                                    \
    {                                                                                                            \
        const cli_renderer *r = pick(a, MINE, SEARCH);                                                           \
        if (r->item)                                                                                             \
            r->item(i, h, a);                                                                                    \
    }                                                                                                            \
    static void NAME##_doc(const json_t *d, const void *a)                                                      \
    {                                                                                                            \
        const cli_renderer *r = pick(a, MINE, SEARCH);                                                           \
        if (r->doc)                                                                                              \
            r->doc(d, a);                                                                                        \
    }
WRAP(w_text, &TEXT, &QUERY_TEXT)
WRAP(w_csv, &CSV, &QUERY_CSV)
const cli_renderer SEARCH_TEXT = {w_text_head, w_text_item, w_text_doc}, SEARCH_CSV = {w_csv_head, w_csv_item, w_csv_doc};

/* ---- documentation ---- */

static const cli_field FIELDS[] = {
    {"conditions", "object", "always", "the conditions as applied", NULL},
    {"conditions.more_floors", "bool", "always", "`--bug-more-floors`", NULL},
    {"conditions.special_in_bug", "bool", "always", "`--bug-special-floor`", NULL},
    {"conditions.states", "array of int", "always",
     "the states a floor among B5F..B16F must be in (`--state`; ONLY states 5, 14-16 with no condition; empty "
     "with `--bug-special-floor`, or with chest counts, `--monster` or `--flag0` alone)", NULL},
    {"conditions.flag0", "bool", "always", "`--flag0`: a listed floor with Flag0 tiles (D > 0; on a floor that meets "
     "`--state` / `--monster` when given)", NULL},
    {"conditions.monster_en", "string or null", "always", "`--monster`: alone an ONLY floor of it; with `--state` "
     "a cut floor whose surviving kinds include it", NULL},
    {"conditions.chests", "object", "always", "`--bug-chests`: rank letter -> exact count", NULL},
    {"conditions.chests.*", "int", "always", "the count asked for that rank", NULL},
    {"maps", "array of object", "always", "the maps found (ascending band and seed), at most `--limit`", NULL},
    {"maps[].map", "string", "always", "map id", NULL},
    {"maps[].band", "int", "always", "band code", NULL},
    {"maps[].seed", "int", "always", "seed", NULL},
    {"maps[].name_en", "string", "always", "the map's own name, English", NULL},
    {"maps[].name_jp", "string", "always", "Japanese", NULL},
    {"maps[].env_en", "string", "always", "environment", NULL},
    {"maps[].floor_count", "int", "always", "the map's floors", NULL},
    {"maps[].boss", "int", "always", "boss 1..12", NULL},
    {"maps[].boss_en", "string", "always", "the boss, English", NULL},
    {"maps[].level", "int", "always", "level", NULL},
    {"maps[].bug", "object or null", "always", "the bug map (as `multibug_value.bug`)", NULL},
    {"maps[].bug.name_en", "string", "always", "its name, English", NULL},
    {"maps[].bug.name_jp", "string", "always", "Japanese", NULL},
    {"maps[].bug.floor_count", "int", "always", "its floors", NULL},
    {"maps[].bug.boss", "int", "always", "its boss", NULL},
    {"maps[].bug.boss_en", "string", "always", "its boss, English", NULL},
    {"maps[].bug.level", "int", "always", "its level", NULL},
    {"maps[].more_floors", "bool", "always", "the bug map has more floors", NULL},
    {"maps[].floors", "array of object", "always",
     "the floors the tool lists: B5F..B16F of the 16 floors in a special state (every floor with D > 0 is one) "
     "(only those beyond the map's last with `--bug-special-floor`)", NULL},
    {"maps[].floors[].floor", "int", "always", "floor", NULL},
    {"maps[].floors[].ofs_hex", "string", "always", "ElistOfs, 4 hex digits", NULL},
    {"maps[].floors[].state", "int", "always", "state code", NULL},
    {"maps[].floors[].state_text_en", "string or null", "always", "the state as `map` writes it", NULL},
    {"maps[].floors[].flag0", "int or null", "always", "Flag0 tiles on it (D)", NULL},
    {"maps[].floors[].matched", "bool", "always", "the floor meets the state and monster conditions", NULL},
    {"maps[].floors[].beyond", "bool", "always", "below the map's last floor", NULL},
    {"found", "int", "always", "maps found", NULL},
    {"shown", "int", "always", "maps listed", NULL},
    {"looked", "int", "always", "maps searched", NULL},
    {"bands_skipped", "array of string", "always",
     "with `--monster`: the bands (codes, e.g. \"4C\") the map filters allow but the search leaves out, as the "
     "tool does, because the monster is never an ONLY monster on their floors (spec-notes 71); else empty", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

const cli_result SEARCH_MULTIBUG_RESULT = {
    "search --multibug",
    "`grotto search --multibug [conditions] [filters] --json`.",
    "search --multibug --band DD --seeds 0000..0FFF --limit 2 --json --quiet; "
    "search --multibug --bug-more-floors --bug-chests S2 --band DD --seeds 0000..03FF --limit 1 --json --quiet; "
    "search --multibug --flag0 --monster Godsteed --band DD --limit 2 --json --quiet",
    FIELDS,
    NULL,
};
