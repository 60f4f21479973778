/* grotto chests ql|combo|3rd TARGET | free COND...: the chest-timer searches
 * of the community tool over the whole universe (research.md §3) - which
 * maps pay for farming chest contents with the chest timer - composed with
 * the map filters of grotto search and a seed window. The variants by the
 * tool's names: QL = ql, 5 / 9 = ql --ppap 5 / 9, 5A / 9A = ql --ppap 5
 * --all-floors, D / 5D / 9D = ql --walk [--ppap 5], combo [--ppap 9]
 * [--walk], 3rd [--walk] (S3 for Sainted soma), free. Run: universe_chests_run (universe/
 * research_run.c) over universe_chest_search (universe/chest_search.h). */
#include <stdlib.h>
#include <string.h>

#include "grotto/chests.h"
#include "lookup.h"
#include "query.h"
#include "research_run.h"

typedef struct chests_args {
    query_args q;                /* first: QUERY_OPTIONS address it */
    const char *target;
    cli_list conds;
    int ppap, all_floors, walk;
    universe_chests_args run;
    char item[UNIVERSE_CHEST_CONDS][128];
} chests_args;

enum { M_QL = 0, M_COMBO = 1, M_THIRD = 2, M_FREE = 3 };
#define C(f) offsetof(chests_args, f)

static int ppap(const cli_value *v, const char *text, void *field)
{
    if (strcmp(text, "5") && strcmp(text, "9"))
        return cli_error(v->cmd, "bad --ppap '%s': expected 5 or 9 (the stopwatch second: PPAP 5 reads second 0, "
                                 "PPAP 9 second 4)", text);
    *(int *)field = text[0] - '0';
    return 0;
}
static const cli_kind PPAP_KIND = {ppap, NULL};

static int target(const cli_value *v, const char *text, void *field)
{
    grotto_item_set s;
    if (grotto_item_set_by_name(text, &s) <= 0)
        return cli_error(v->cmd, "unknown item '%s': expected an item of the chest tables or a group (Millionaire, "
                                 "S weapon, ...), English any case or Japanese",
                         text);
    *(const char **)field = text;
    return 0;
}
static const cli_kind TARGET = {target, NULL};

static const cli_option OPTIONS[] = {
    {"ppap", 0, "S", &PPAP_KIND, C(ppap), NULL, 1u << M_QL | 1u << M_COMBO, 0, 0, "Chest search",
     "read the chests at one PPAP second instead of the quickload's two:\nstopwatch S = 5 (second 0) or 9 (second 4)"},
    {"all-floors", 0, NULL, &CLI_FLAG, C(all_floors), NULL, 1u << M_QL, 0, 0, NULL,
     "5A / 9A (with --ppap): two hit floors anywhere on the map"},
    {"walk", 0, NULL, &CLI_FLAG, C(walk), NULL, 1u << M_QL | 1u << M_COMBO | 1u << M_THIRD, 0, 0, NULL,
     "D / 5D / 9D: the walking cost of the tool's route (ql: to the hit floor\nand through the hit chests; combo: the waypoint chests, then the 3rd\nchest(s); 3rd: both 3rd chests), maps sorted by it"},
    QUERY_OPTIONS("only maps that base quality Q (2..248) produces (as search --base)",
                  "machine-readable (docs/json.md, 'chests')"),
    QUERY_RESEARCH_OPTIONS,
    {0},
};

static const cli_positional TARGET_POS[] = {
    {"TARGET", &TARGET, C(target), NULL, 0, 0, "the item or group sought, e.g. \"Lucida shard\" or Millionaire"},
    {0},
};
static const cli_positional COND_POS[] = {
    {"COND", NULL, C(conds), NULL, 0, 1, "one to three conditions on distinct chests (see below)"},
    {0},
};

static const cli_mode MODES[] = {
    {"ql", TARGET_POS, NULL, NULL},
    {"combo", TARGET_POS, NULL, NULL},
    {"3rd", TARGET_POS, NULL, NULL},
    {"free", COND_POS, NULL, NULL},
};

static void init(void *args)
{
    chests_args *a = args;
    query_init(&a->q);
    a->q.a.index.who = "chests";
}

/* "B3F,chest=1,rank=S,item=Mini medal,stopwatch=6": one free condition. */
static int cond_of(const char *cmd, const char *text, universe_chest_cond *c, char item[128])
{
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return cli_error(cmd, "condition '%.40s...' is too long", text);
    snprintf(buf, sizeof buf, "%s", text);
    *c = (universe_chest_cond){.stopwatch = UNIVERSE_CHEST_ANY_SECOND};
    int n = 0;
    for (char *save = NULL, *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save), n++) {
        char *eq = strchr(p, '=');
        if (n == 0 && !eq) {
            if (cli_floor_of(cmd, p, &c->floor))
                return EXIT_USAGE;
            continue;
        }
        if (!eq || n == 0)
            goto bad;
        *eq = 0;
        const char *key = p, *val = eq + 1;
        unsigned long t;
        static const cli_range SW = {"stopwatch second", 0, GROTTO_CHEST_SECONDS - 1 + GROTTO_STOPWATCH_OFFSET},
                               SEC = {"second", 0, GROTTO_CHEST_SECONDS - 1};
        if (!strcmp(key, "chest")) {
            static const char *const PICK[] = {"any", "1", "2", "3", "not-3"};
            int k = 0;
            while (k < 5 && strcmp(val, PICK[k]))
                k++;
            if (k == 5)
                return cli_error(cmd, "bad chest '%s' in condition '%s': expected 1, 2, 3, not-3 or any", val, text);
            c->chest = (grotto_chest_pick)k;
        } else if (!strcmp(key, "rank")) {
            c->rank = 0;
            for (int r = 1; r <= GT_CHEST_RANKS; r++)
                if (val[0] && !val[1] && (val[0] == gt_chest_tables[r].letter || val[0] + 'A' - 'a' == gt_chest_tables[r].letter))
                    c->rank = r;
            if (!c->rank && strcmp(val, "any"))
                return cli_error(cmd, "bad rank '%s' in condition '%s': expected a letter S, A..I or any", val, text);
        } else if (!strcmp(key, "item")) {
            grotto_item_set s;
            if (!strcmp(val, "any"))
                continue;
            if (grotto_item_set_by_name(val, &s) <= 0)
                return cli_error(cmd, "unknown item '%s' in condition '%s': expected an item of the chest tables or a "
                                      "group (Millionaire, S weapon, Metal Slime Equips, ...), or any", val, text);
            snprintf(item, 128, "%s", val);
            c->item = item;
        } else if (!strcmp(key, "stopwatch") || !strcmp(key, "second")) {
            int sw = key[0] == 's' && key[1] == 't';
            if (!strcmp(val, "any"))
                c->stopwatch = UNIVERSE_CHEST_ANY_SECOND;
            else if (cli_uint_of(cmd, sw ? &SW : &SEC, val, &t))
                return EXIT_USAGE;
            else
                c->stopwatch = (int)t + (sw ? 0 : GROTTO_STOPWATCH_OFFSET);
        } else {
            goto bad;
        }
    }
    if (!c->floor)
        goto bad;
    return 0;
bad:
    return cli_error(cmd, "bad condition '%s': expected FLOOR[,chest=1|2|3|not-3][,rank=S..I][,item=NAME]"
                          "[,stopwatch=S|second=T], e.g. \"B3F,item=Mini medal,stopwatch=6\"", text);
}

static int check(const char *cmd, void *args, int mode)
{
    chests_args *a = args;
    int rc = query_check(cmd, &a->q, 0);
    if (rc)
        return rc;
    universe_chests_args *x = &a->run;
    x->s = a->q.a;
    x->seed_lo = (uint32_t)a->q.a.q.seed_lo; /* --seeds (QUERY_OPTIONS) */
    x->seed_hi = (uint32_t)a->q.a.q.seed_hi;
    universe_chest_query *c = &x->c;
    universe_chest_query_init(c);
    c->timing = a->ppap == 5 ? UNIVERSE_CHEST_PPAP5 : a->ppap == 9 ? UNIVERSE_CHEST_PPAP9 : UNIVERSE_CHEST_SOLO_PARTY;
    c->walk = a->walk;
    c->target = a->target;
    if (a->all_floors && !a->ppap)
        return cli_error(cmd, "--all-floors (5A / 9A) needs --ppap 5 or --ppap 9");
    if (a->all_floors && a->walk)
        return cli_error(cmd, "--all-floors (5A / 9A) has no walking-cost variant: drop --walk");
    static const universe_chest_kind KIND[] = {UNIVERSE_CHEST_QL, UNIVERSE_CHEST_COMBO, UNIVERSE_CHEST_THIRD,
                                               UNIVERSE_CHEST_FREE};
    c->kind = mode == M_QL && a->all_floors ? UNIVERSE_CHEST_QL_ALL : KIND[mode];
    if (mode != M_FREE)
        return 0;
    if (a->conds.n > UNIVERSE_CHEST_CONDS)
        return cli_error(cmd, "%d conditions: the free search takes 1..3", a->conds.n);
    for (int i = 0; i < a->conds.n; i++)
        if ((rc = cond_of(cmd, a->conds.v[i], &c->cond[i], a->item[i])) != 0)
            return rc;
    c->conds = a->conds.n;
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    return universe_chests_run(&((const chests_args *)args)->run, r);
}

/* ---- text ---- */

static void seconds_text(const json_t *d, char *buf, size_t size)
{
    const json_t *s = json_object_get(d, "seconds");
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < json_array_size(s) && n < size; i++) {
        const json_t *e = json_array_get(s, i);
        n += (size_t)snprintf(buf + n, size - n, "%s%s second %lld (stopwatch %lld)", i ? ", " : "",
                              res_get_str(e, "what"), res_get_int(e, "second"), res_get_int(e, "stopwatch"));
    }
}

static void head(const json_t *d, const void *args)
{
    (void)args;
    char secs[512];
    seconds_text(d, secs, sizeof secs);
    if (res_has(d, "target"))
        printf("%s search for %s\n", res_get_str(d, "variant"), res_get_str(d, "target"));
    else
        printf("free search\n");
    const json_t *conds = json_object_get(d, "conditions");
    for (size_t i = 0; i < json_array_size(conds); i++) {
        const json_t *c = json_array_get(conds, i);
        char when[64] = "any second";
        if (res_has(c, "second"))
            snprintf(when, sizeof when, "second %lld (stopwatch %lld)", res_get_int(c, "second"),
                     res_get_int(c, "stopwatch"));
        printf("  condition %zu: B%lldF chest %s, rank %s, %s at %s\n", i + 1, res_get_int(c, "floor"),
               res_get_str(c, "chest"), res_has(c, "rank") ? res_get_str(c, "rank") : "any",
               res_has(c, "item") ? res_get_str(c, "item") : "any content", when);
    }
    if (secs[0])
        cli_wrap(stdout, "  reads: ", secs, ", ", 9);
}

static void map_line(const json_t *m, const json_t *h, const void *args)
{
    (void)h, (void)args;
    char first[320], what[96] = "", fl[8];
    snprintf(fl, sizeof fl, "B%lldF", res_get_int(m, "floor"));
    snprintf(first, sizeof first, "%s  %-5s %-34s %s", res_get_str(m, "map"), fl, res_get_str(m, "name_en"),
             res_get_str(m, "name_jp"));
    size_t n = 0;
    if (res_has(m, "chests"))
        n += (size_t)snprintf(what + n, sizeof what - n, "%lld chests", res_get_int(m, "chests"));
    if (res_has(m, "walk"))
        n += (size_t)snprintf(what + n, sizeof what - n, "%swalk %.1f", n ? ", " : "", res_get_num(m, "walk"));
    if (res_get_bool(m, "more_chests"))
        snprintf(what + n, sizeof what - n, "%smore chests than needed", n ? ", " : "");
    const char *pieces[] = {first, what};
    cli_wrap_pieces(stdout, pieces, 2, "  ", 8);
}

static void summary(const json_t *d, const void *args)
{
    (void)args;
    long long found = res_get_int(d, "found"), shown = res_get_int(d, "shown");
    printf("%lld map%s found of %lld searched%s\n", found, found == 1 ? "" : "s", res_get_int(d, "looked"),
           shown < found ? " (raise --limit or use --limit 0 to list all)" : "");
}

static const cli_renderer TEXT = {head, map_line, summary};

/* ---- --csv, --count ---- */

static void csv_head(const json_t *d, const void *args)
{
    (void)d, (void)args;
    printf("map,band,seed,name_en,name_jp,floor_count,level,floor,chests,walk\n");
}

static void csv_row(const json_t *m, const json_t *h, const void *args)
{
    (void)h, (void)args;
    char num[6][24];
    snprintf(num[0], sizeof num[0], "%02llX", res_get_int(m, "band"));
    snprintf(num[1], sizeof num[1], "%04llX", res_get_int(m, "seed"));
    snprintf(num[2], sizeof num[2], "%lld", res_get_int(m, "floor_count"));
    snprintf(num[3], sizeof num[3], "%lld", res_get_int(m, "level"));
    snprintf(num[4], sizeof num[4], "%lld", res_get_int(m, "floor"));
    snprintf(num[5], sizeof num[5], "%lld", res_get_int(m, "chests"));
    char walk[24] = "";
    if (res_has(m, "walk"))
        snprintf(walk, sizeof walk, "%.1f", res_get_num(m, "walk"));
    const char *f[] = {res_get_str(m, "map"), num[0], num[1], res_get_str(m, "name_en"), res_get_str(m, "name_jp"),
                       num[2], num[3], num[4], res_has(m, "chests") ? num[5] : "", walk};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        query_csv_field(f[i], i + 1 == sizeof f / sizeof f[0]);
}

static const cli_renderer CSV = {csv_head, csv_row, NULL};

/* ---- help and documentation ---- */

static void notes_more(FILE *out)
{
    fprintf(out,
            "Seconds: the chest timer's second t counts from the (quick)save's load; the player's\n"
            "stopwatch reads t + %d. Every second is shown both ways: QL reads Solo t 1 (stopwatch\n"
            "6) and Party t 2 (7); PPAP 5 t 0, PPAP 9 t 4; combo's material t 8 (3rd chest).\n"
            "\n"
            "The searches (the community tool's rules, per item and group):\n"
            "  ql TARGET            QL: two chests of B3F or B4F hold it at Solo or Party (some\n"
            "                       targets: three on B3F, or B9F); --ppap 5|9: PPAP 5 / 9;\n"
            "                       --all-floors: 5A / 9A; --walk: D / 5D / 9D, by walking cost\n"
            "  combo TARGET         a waypoint item in chest 1 or 2 of B3F/B4F, then the 3rd\n"
            "                       chest's material (monster boxes, the Sainted-soma rule);\n"
            "                       --walk: combo D / 5D / 9D\n"
            "  3rd TARGET           the 3rd chests of B3F and B4F hold it at t 2; S3 for Sainted\n"
            "                       soma (S-rank 3rd chests of B13F and B14F); --walk: 3rd D\n"
            "  free COND [COND [COND]]  up to three conditions, each on its own chest:\n"
            "                       FLOOR[,chest=1|2|3|not-3|any][,rank=S..I|any][,item=NAME|any]\n"
            "                       [,stopwatch=S|second=T|any]; FLOOR 1..16 or B3F; a stopwatch\n"
            "                       below %d reads as %d; default any (a condition with any chest,\n"
            "                       rank and item asks nothing and is dropped, as the tool does)\n"
            "TARGET and item=: an item of the chest tables or a group (Millionaire, S weapon,\n"
            "Metal Slime Equips, ...), English any case or Japanese.\n"
            "\n"
            "The map filters are those of grotto search; floor filters look at the map's own\n"
            "floors. A found map shows the floor the tool's card shows (combo: the waypoint's).\n"
            "\n"
            "--walk (the D variants) sorts by the walking cost of the tool's route, in steps\n"
            "(diagonal 1.5): the floors above, then on the floor from the up stairs - ql:\n"
            "through the hit chests; combo: the waypoint chests, then the paying 3rd chest(s),\n"
            "a floor down through the stairs; 3rd: both 3rd chests, the cheaper way round.\n"
            "The B9F targets (Sainted soma, Yggdrasil leaf, Reset stone, S weapon) and the\n"
            "Sainted-soma combo list a row per floor (B9F, B10F); like the tool, only the 5\n"
            "cheapest B10F rows are kept (after the map filters).\n",
            GROTTO_STOPWATCH_OFFSET, GROTTO_STOPWATCH_OFFSET, GROTTO_STOPWATCH_OFFSET);
    fprintf(out, "\n");
    query_index_help(out);
}

static const cli_field FIELDS[] = {
    {"kind", "string", "always", "`ql`, `combo`, `3rd` or `free`", NULL},
    {"variant", "string", "always", "the tool's name: `QL`, `5`, `9`, `5A`, `9A`, `D`, `5D`, `9D`, `combo`, "
                                    "`combo 5`, `combo 9`, `combo D`, `combo 5D`, `combo 9D`, `3rd`, `3rd D`, "
                                    "`S3`, `S3 D`, `free`", NULL},
    {"target", "string or null", "always", "the item or group sought; `null` for `free`", NULL},
    {"walk", "bool", "always", "the D variants (`--walk`: ql, combo, 3rd): maps sorted by walking cost", NULL},
    {"seconds", "array of object", "always", "the seconds the search reads", NULL},
    {"seconds[].second", "int", "always", "the chest timer's second", NULL},
    {"seconds[].stopwatch", "int", "always", "the same on the player's stopwatch: `second + 5`", NULL},
    {"seconds[].what", "string", "always", "`Solo`, `Party`, `PPAP 5`, ..., `condition N`", NULL},
    {"conditions", "array of object or null", "always", "`free`: the conditions; `null` otherwise", NULL},
    {"conditions[].floor", "int", "always", "floor 1..16", NULL},
    {"conditions[].chest", "string", "always", "`1`, `2`, `3`, `not-3` or `any`", NULL},
    {"conditions[].rank", "string or null", "always", "the rank's letter; `null`: any", NULL},
    {"conditions[].item", "string or null", "always", "the item or group; `null`: any content", NULL},
    {"conditions[].second", "int or null", "always", "the second; `null`: any of 0..255", NULL},
    {"conditions[].stopwatch", "int or null", "always", "`second + 5`", NULL},
    {"maps", "array of object", "always", "the maps found, at most `--limit`, in the tool's order (the D "
     "variants of the B9F targets and of the Sainted-soma combo: a row per floor, B9F and B10F)", NULL},
    {"maps[].map", "string", "always", "map id", NULL},
    {"maps[].band", "int", "always", "band code", NULL},
    {"maps[].seed", "int", "always", "seed", NULL},
    {"maps[].name_en", "string", "always", "the map's name, English", NULL},
    {"maps[].name_jp", "string", "always", "Japanese", NULL},
    {"maps[].env_en", "string", "always", "environment", NULL},
    {"maps[].floor_count", "int", "always", "floors", NULL},
    {"maps[].boss", "int", "always", "boss 1..12", NULL},
    {"maps[].boss_en", "string", "always", "the boss, English", NULL},
    {"maps[].level", "int", "always", "map level", NULL},
    {"maps[].floor", "int", "always", "the floor the tool's card shows (combo: the waypoint's)", NULL},
    {"maps[].chests", "int or null", "always", "QL: chests holding the target on it; `null` otherwise", NULL},
    {"maps[].walk", "number or null", "always",
     "D variants: steps of the tool's route (`--help`); `null` otherwise or without a path", NULL},
    {"maps[].more_chests", "bool", "always", "D variants: more chests than needed (listed last)", NULL},
    {"found", "int", "always", "maps found", NULL},
    {"shown", "int", "always", "maps listed in `maps`", NULL},
    {"looked", "int", "always", "maps searched (band, seeds, filters, listed)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "chests",
    "`grotto chests ql|combo|3rd TARGET [options] --json` or `grotto chests free COND... --json`.",
    "chests ql \"Lucida shard\" --band DD --limit 3 --json --quiet; "
    "chests ql Orichalcum --ppap 5 --walk --band DD --seeds 0000..0FFF --limit 3 --json --quiet; "
    "chests free \"B3F,item=Mini medal,stopwatch=6\" --band DD --seeds 0000..03FF --limit 2 --json --quiet; "
    "chests combo \"Sainted soma\" --walk --band DD --seeds 0000..1FFF --limit 3 --json --quiet; "
    "chests 3rd \"Hephaestus' flame\" --walk --band DD --limit 2 --json --quiet",
    FIELDS,
    NULL,
};

const cli_command CMD_chests = {
    .name = "chests",
    .summary = "chest-timer searches over the universe: QL, PPAP, combo, 3rd chest, free",
    .size = sizeof(chests_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 4,
    .check = check,
    .about = "Searches the whole universe for maps whose chests pay for farming with the chest timer,\n"
             "as the community tool does (its quickload, PPAP, combo, 3rd-chest and free searches),\n"
             "with the map filters of grotto search. Only maps some timer value and base quality\n"
             "give in their band are searched (--include-unfindable for all).\n",
    .notes_more = notes_more,
    .examples = "grotto chests ql \"Lucida shard\" --band DD --count   # 56, as the tool\n"
                "grotto chests ql Orichalcum --ppap 5 --walk --band DD --seeds 0000..0FFF\n"
                "grotto chests ql Millionaire --ppap 5 --all-floors --band DD --seeds 0000..0FFF\n"
                "grotto chests combo Millionaire --band DD --seeds 0000..0FFF --csv\n"
                "grotto chests combo \"Sainted soma\" --walk --band DD    # rows for B9F and B10F\n"
                "grotto chests 3rd \"Sainted soma\" --band DD --seeds 0000..1FFF\n"
                "grotto chests 3rd \"Hephaestus' flame\" --walk --band B5\n"
                "grotto chests free \"B3F,item=Mini medal,stopwatch=6\" \"B3F,item=Mini medal,stopwatch=6\" --band DD",
    .run = run,
    .result = {&RESULT, &RESULT, &RESULT, &RESULT},
    .render = {[CLI_TEXT] = &TEXT, [CLI_CSV] = &CSV, [CLI_COUNT] = &QUERY_COUNT},
};
