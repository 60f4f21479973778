/* What grotto search, odds, stats and bench --queries share: opening the
 * universe index (universe/universe.h) with the cache options, the filter options
 * of search and odds and their output (text, --count, --json, --csv). */
#ifndef GROTTO_CLI_RESEARCH_H
#define GROTTO_CLI_RESEARCH_H

#include <stdio.h>

#include "cli.h"
#include "universe.h"

/* --engine of an index command (NULL: the index's default engine, impl):
 * the engine, or NULL after printing the problem; the check returns 0 or
 * EXIT_USAGE; the help text lists the registry's engines. */
const grotto_engine *cli_index_engine(const char *cmd, const char *engine);
int cli_index_engine_check(const char *cmd, const char *engine);
const char *cli_index_engine_help(void);
/* Options every index command has: --engine, -j, --no-cache, --quiet. */
typedef struct cli_index_args {
    const char *engine, *threads_s;
    int no_cache, quiet;
} cli_index_args;

/* Opens the index (progress line on a terminal; with GROTTO_INDEX_TRACE set,
 * one line on stderr saying how it was obtained). NULL after printing the
 * problem. opts receives the options used (for universe_index_overflow_high). */
universe_index *cli_index_open(const char *cmd, const cli_index_args *a, universe_index_opts *opts);

/* What the index is and where its cache lives (for the help). */
void cli_index_help(FILE *out);
/* The option-table entries of the index options (search, odds, stats). */
#define CLI_INDEX_OPTS(ia)                                                                           \
    {"Index", 0, OPT_SECTION, NULL, NULL, NULL, NULL},                                               \
    {"no-cache", 0, OPT_FLAG, &(ia)->no_cache, NULL, NULL,                                           \
     "build the index in memory, do not read or write the cache"},                                   \
    {"engine", 0, OPT_VALUE, NULL, &(ia)->engine, "E", cli_index_engine_help()},                     \
    {"threads", 'j', OPT_VALUE, NULL, &(ia)->threads_s, "N", "threads for building it (default: all cores)"}, \
    {"quiet", 'q', OPT_FLAG, &(ia)->quiet, NULL, NULL, "no progress line"}

enum { QUERY_TEXT = 0, QUERY_COUNT = 1, QUERY_JSON = 2, QUERY_CSV = 3 };

typedef struct cli_query {
    universe_query q;
    cli_index_args ix;
    int format;              /* QUERY_* */
    unsigned long limit;     /* maps listed; 0 = all */
    int help;
    char base_how[64];       /* how the base was given when not by --base: "--from-boss 50,2,40", or "" */
} cli_query;

/* Parses the options of search (odds = 0) or odds (odds = 1: --base, or
 * --from-boss / --reward, is required). 0, or EXIT_USAGE after printing the
 * problem. */
int cli_query_parse(const char *cmd, int odds, const cli_usage *usage, int argc, char **argv, cli_query *cq);



/* Runs the query and prints it (odds = 1: with chances). Returns the exit
 * code. */
int cli_query_print(const char *cmd, int odds, const cli_query *cq);


#endif
