/* grotto odds: what a base quality produces, with the chance of each map
 * (timer values / 65,536) and the summed chance of the maps that pass the
 * filters (those of grotto search). Run: universe_search (odds);
 * options, kinds and renderers: query.c. */
#include "query.h"

static const cli_option OPTIONS[] = {
    QUERY_OPTIONS("base quality 2..248 (or --from-boss / --reward; one is required)",
                  "machine-readable (docs/json.md, 'odds')"),
    QUERY_RESEARCH_OPTIONS,
    {0},
};

static const cli_mode MODES[] = {{NULL, NULL, NULL, NULL}};

static void init(void *args)
{
    query_init(args);
    ((query_args *)args)->a.index.who = "odds";
}

static int check(const char *cmd, void *args, int mode)
{
    (void)mode;
    return query_check(cmd, args, 1);
}

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    return universe_search(&((const query_args *)args)->a, r);
}

static const cli_result RESULT = {
    "odds",
    "`grotto odds --base Q [filters] --json`.",
    "odds --base 248 --state only --limit 3 --json --quiet; odds --base 2 --location 05 --json --quiet; "
    "odds --reward 99,10 --state only --limit 1 --json --quiet",
    QUERY_ODDS_FIELDS,
    NULL,
};

const cli_command CMD_odds = {
    .name = "odds",
    .summary = "what a base quality produces: every map with its chance and locations",
    .size = sizeof(query_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 1,
    .check = check,
    .about = "Every map that base quality Q can produce - each console timer value T (0..65535) gives\n"
             "one map and one location - with its chance (timer values giving it / 65,536) and its\n"
             "locations, and the summed chance of the maps that pass the filters (with --location:\n"
             "of the timer values that give a passing map at such a location). Quest 15's map is a\n"
             "gift, not a timer outcome: for base 2 it is listed at location 05, but chances never\n"
             "count it.\n",
    .notes_more = query_index_help,
    .examples = "grotto odds --base 248 --state only\n"
                "grotto odds --base 120 --monster \"Liquid Metal Slime\"\n"
                "grotto odds --from-boss 99,10,99 --state no-enemy --count\n"
                "grotto odds --reward 60,3 --location 72 --json",
    .run = run,
    .result = {&RESULT},
    .render = {[CLI_TEXT] = &QUERY_TEXT, [CLI_CSV] = &QUERY_CSV, [CLI_COUNT] = &QUERY_COUNT},
};
