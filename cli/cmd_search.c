/* grotto search: the maps of the whole universe that pass the filters, on
 * the universe index (universe/universe.h). */
#include "research.h"

static const cli_usage SEARCH_USAGE = {
    "grotto search [filters] [--limit N] [--count | --json | --csv] [--no-cache]",
    "Lists the maps of the whole universe (12 bands x 32,768 seeds) that pass every filter,\n"
    "with the floors that matched the floor filters and, with --location or --base, where\n"
    "they are found. Runs on the universe index (a few milliseconds once it is cached).\n",
    NULL,
    NULL,
    cli_index_help,
    "grotto search --band DD --state only --count\n"
    "grotto search --band DD --monster \"Liquid Metal Slime\"\n"
    "grotto search --up-by-chest --down-cut --limit 0 --json   # softlock candidates\n"
    "grotto search --name \"Granite Tunnel of Woe Lv.1\"\n"
    "grotto search --boss greygnarl --level 90..99 --location \"Wormwood Canyon\" --csv\n"
    "grotto search --nipple --floor 3..6 --arising",
};

int cmd_search(int argc, char **argv)
{
    cli_query cq;
    if (cli_query_parse("search", 0, &SEARCH_USAGE, argc, argv, &cq))
        return EXIT_USAGE;
    if (cli_parse_only || cq.help)
        return EXIT_OK;
    return cli_query_print("search", 0, &cq);
}
