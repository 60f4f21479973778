/* grotto search: the maps of the whole universe that pass the filters, on
 * the universe index. Run: universe_search (universe/search.c); options,
 * kinds and renderers shared with odds: query.c. */
#include "search_multibug.h"

static const cli_option OPTIONS[] = {
    QUERY_OPTIONS("only maps that base quality Q (2..248) produces: a timer value yields\nthe seed and "
                  "final_quality(Q, r1) falls in the band (and for base 2\nquest 15's gift, 020032 at location 05)",
                  "machine-readable (docs/json.md, 'search')"),
    QUERY_RESEARCH_OPTIONS,
    QUERY_SORT_OPTIONS,
    SEARCH_MULTIBUG_OPTIONS,
    {0},
};

static const cli_mode MODES[] = {{NULL, NULL, NULL, NULL}, {"--multibug", NULL, NULL, NULL}};

static void init(void *args)
{
    query_init(args);
    ((query_args *)args)->a.index.who = "search";
    search_multibug_init(args);
}

static int check(const char *cmd, void *args, int mode)
{
    int rc = query_check(cmd, args, 0);
    return rc || mode != SEARCH_M_MULTIBUG ? rc : search_multibug_check(cmd, args);
}

static int run(const void *args, int mode, res_run *r)
{
    if (mode == SEARCH_M_MULTIBUG)
        return search_multibug_run(args, r);
    return universe_search(&((const query_args *)args)->a, r);
}

static const cli_result RESULT = {
    "search",
    "`grotto search [filters] --json`.",
    "search --band DD --state only --limit 3 --json --quiet; "
    "search --name \"granite tunnel of woe lv 1\" --location 5 --json --quiet; "
    "search --monster \"Metal King Slime\" --base 200 --limit 2 --json --quiet; "
    "search --band 38 --include-unfindable --limit 2 --json --quiet; "
    "search --band DD --floors 16 --sort steps --limit 2 --json --quiet; "
    "search --sort chamber --desc --json --quiet",
    QUERY_SEARCH_FIELDS,
    NULL,
};

const cli_command CMD_search = {
    .name = "search",
    .summary = "find maps: details, names, enemy-list states, ONLY monsters, anomalies, locations",
    .size = sizeof(search_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 2,
    .check = check,
    .about = "Lists the maps of the whole universe (12 bands x 32,768 seeds) that pass every filter,\n"
             "with the floors that matched the floor filters and, with --location or --base, where\n"
             "they are found. Only maps that some timer value and base quality give in their band\n"
             "are listed, as the community tool does (--include-unfindable for the others).\n"
             "--sort ranks them as that tool does (research.md §1): maps by walking cost, or band\n"
             "DD's floors by a measure, one floor per layout. Runs on the universe index (a few\n"
             "milliseconds once it is cached).\n",
    .notes_more = query_index_help,
    .examples = "grotto search --band DD --state only --count\n"
                "grotto search --band DD --monster \"Liquid Metal Slime\"\n"
                "grotto search --up-by-chest --down-cut --limit 0 --json   # softlock candidates\n"
                "grotto search --name \"Granite Tunnel of Woe Lv.1\"\n"
                "grotto search --boss greygnarl --level 90..99 --location \"Wormwood Canyon\" --csv\n"
                "grotto search --nipple --floor 3..6\n"
                "grotto search --band DD --floors 16 --sort steps --limit 10   # the fastest maps\n"
                "grotto search --band DD --state only --sort steps --to-match  # fastest to an ONLY floor\n"
                "grotto search --sort tiles --desc                             # band DD's roomiest floors\n"
                "grotto search --band DD --smr 9 --chests S2,A3 --flag0\n"
                "grotto search --multibug --bug-more-floors --bug-special-floor --state 2 --band DD\n"
                "grotto search --multibug --monster Godsteed --flag0 --band DD   # Flag0 on its ONLY floor",
    .run = run,
    .result = {&RESULT, &SEARCH_MULTIBUG_RESULT},
    .render = {[CLI_TEXT] = &SEARCH_TEXT, [CLI_CSV] = &SEARCH_CSV, [CLI_COUNT] = &QUERY_COUNT},
};
