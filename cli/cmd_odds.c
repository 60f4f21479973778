/* grotto odds: what a base quality produces, with the chance of each map
 * (timer values / 65,536) and the summed chance of the maps that pass the
 * filters (the same filters as grotto search, universe/universe.h). */
#include "research.h"

static const cli_usage ODDS_USAGE = {
    "grotto odds --base Q | --from-boss L,R,G | --reward L,R [filters] [--limit N]\n"
    "            [--count | --json | --csv] [--no-cache]",
    "Every map that base quality Q can produce - each console timer value T (0..65535) gives\n"
    "one map and one location (rng-and-timer.md 4) - with its chance (timer values giving\n"
    "it / 65,536) and its locations, and the summed chance of the maps that pass the filters\n"
    "(with --location: of the timer values that give a passing map at such a location).\n"
    "Quest 15's map is a gift, not a timer outcome: odds never count it.\n",
    NULL,
    NULL,
    cli_index_help,
    "grotto odds --base 248 --state only\n"
    "grotto odds --base 120 --monster \"Liquid Metal Slime\"\n"
    "grotto odds --from-boss 99,10,99 --state no-enemy --count\n"
    "grotto odds --reward 60,3 --location 72 --json",
};

int cmd_odds(int argc, char **argv)
{
    cli_query cq;
    if (cli_query_parse("odds", 1, &ODDS_USAGE, argc, argv, &cq))
        return EXIT_USAGE;
    if (cli_parse_only || cq.help)
        return EXIT_OK;
    return cli_query_print("odds", 1, &cq);
}
