/* grotto search --multibug (search_multibug.c): the multiplayer-bug search
 * as a mode of grotto search - its args (search's query_args first, so the
 * rows of QUERY_OPTIONS address both), option rows, check, run, renderers
 * and documentation. cmd_search.c holds the description. */
#ifndef GROTTO_CLI_SEARCH_MULTIBUG_H
#define GROTTO_CLI_SEARCH_MULTIBUG_H

#include "query.h"
#include "research_run.h"

typedef struct search_multibug {
    int on;                      /* the mode was chosen */
    int more_floors, special;
    uint8_t chests[11];
    universe_multibug_args run;
} search_multibug;

typedef struct search_args {
    query_args q;                /* first: QUERY_OPTIONS address it */
    search_multibug mb;
} search_args;

enum { SEARCH_M_MAPS = 0, SEARCH_M_MULTIBUG = 1 };
extern const cli_kind SEARCH_BUG_CHESTS;

#define MB(f) offsetof(search_args, mb.f)
#define SEARCH_MULTIBUG_OPTIONS                                                                                 \
    {"multibug", 0, NULL, &CLI_FLAG, MB(on), NULL, 1u << SEARCH_M_MULTIBUG, 0, 0, "Multiplayer bug",           \
     "search the four-player bug: maps whose bug map or the seed's 16\nfloors meet the conditions (with none: " \
     "an ONLY floor among B5F..B16F);\n--state, --monster and --flag0 then apply to B5F..B16F of the 16 "     \
     "floors\n(--monster alone: an ONLY floor of it; with --state 2..4-enemy or partial:\na floor whose "    \
     "surviving kinds include it; --flag0: D > 0 on such a floor);\nthe floors are generated "             \
     "on -j's threads"},                                                                                       \
    {"bug-more-floors", 0, NULL, &CLI_FLAG, MB(more_floors), NULL, 1u << SEARCH_M_MULTIBUG, 0, 0, NULL,        \
     "the bug map has more floors than the map"},                                                             \
    {"bug-special-floor", 0, NULL, &CLI_FLAG, MB(special), NULL, 1u << SEARCH_M_MULTIBUG, 0, 0, NULL,          \
     "a floor beyond the map's last, up to the bug map's, is in a special\nstate (then --state is not applied)"}, \
    {"bug-chests", 0, "LIST", &SEARCH_BUG_CHESTS, MB(chests), NULL, 1u << SEARCH_M_MULTIBUG, 0, 0, NULL,       \
     "exact chest counts by rank over B3F..the bug map's last floor of the\n16 floors: --bug-chests S1,A2"}

void search_multibug_init(search_args *a);
int search_multibug_check(const char *cmd, search_args *a);
int search_multibug_run(const search_args *a, res_run *r);
/* The renderers of search: search's own, or the multibug's under --multibug. */
extern const cli_renderer SEARCH_TEXT, SEARCH_CSV;
extern const cli_result SEARCH_MULTIBUG_RESULT;

#endif
