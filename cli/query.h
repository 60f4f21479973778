/* What grotto search and odds share (query.c): their args struct, the
 * option rows of the filters and of the universe index (stats has those
 * too), the kinds of the filter values, the check, the renderers (text,
 * --csv, --count) and the documentation of their documents. */
#ifndef GROTTO_CLI_QUERY_H
#define GROTTO_CLI_QUERY_H

#include <stddef.h>

#include "cli.h"
#include "universe.h"

typedef struct query_args {
    int format;
    universe_search_args a;
    int arising, include_unfindable;
    struct {
        int base;                /* from --from-boss or --reward */
        char how[64];            /* "--from-boss 50,2,40" */
    } helper;
} query_args;

/* The kinds of the filter values (query.c). */
extern const cli_kind QUERY_ENV, QUERY_BOSS, QUERY_LEVELS, QUERY_STATES, QUERY_MONSTER, QUERY_FLOORS,
    QUERY_LOCATION, QUERY_FROM_BOSS, QUERY_REWARD, QUERY_INDEX_ENGINE;
extern const cli_range QUERY_FLOOR_COUNT, QUERY_GHOSTS, QUERY_LIMIT;
/* research.md §1-§2 (issue 20): the name parts, seed window, chest counts,
 * base-quality counts and rankings */
extern const cli_kind QUERY_PREFIX, QUERY_SUFFIX, QUERY_LOCALE, QUERY_SEEDS, QUERY_CHESTS, QUERY_BQ_COUNT, QUERY_SORT;
extern const cli_range QUERY_SMR, QUERY_CHAMBER_COUNT, QUERY_TO_FLOOR;

/* The index options of a command whose args struct T holds a
 * universe_index_args at member F (search, odds, stats); M: their modes. */
#define CLI_INDEX_OPTIONS(T, F, M)                                                                              \
    {"no-cache", 0, NULL, &CLI_FLAG, offsetof(T, F.no_cache), NULL, M, 0, 0, "Index",                          \
     "build the index in memory, do not read or write the cache"},                                            \
    {"engine", 0, "E", &QUERY_INDEX_ENGINE, offsetof(T, F.engine), &grotto_engine_impl, M, 0, 0, NULL, NULL}, \
    {"threads", 'j', "N", &CLI_THREADS, offsetof(T, F.threads), NULL, M, 0, 0, NULL,                          \
     "threads for building it (default: all cores)"},                                                         \
    {"quiet", 'q', NULL, &CLI_FLAG, offsetof(T, F.quiet), NULL, M, 0, 0, NULL, "no progress line"}

/* The filter and output options of search and odds; BASE_HELP: --base's help. */
#define Q(f) offsetof(query_args, a.q.f)
#define QUERY_OPTIONS(BASE_HELP, JSON_HELP)                                                                     \
    {"band", 0, "RR", &CLI_BAND, Q(band), NULL, 0, 0, 0, "Map filters",                                       \
     "band of the quality RR (hex 02..F8), e.g. --band DD"},                                                   \
    {"env", 0, "NAME", &QUERY_ENV, Q(env), NULL, 0, 0, 0, NULL,                                                \
     "caves, ruins, ice, water or fire (EN any case, or JP)"},                                                 \
    {"boss", 0, "B", &QUERY_BOSS, Q(boss), NULL, 0, 0, 0, NULL,                                                \
     "boss 1..12 or its name, e.g. --boss Nemean (EN any case, or JP)"},                                       \
    {"level", 0, "LO[..HI]", &QUERY_LEVELS, offsetof(query_args, a.q), NULL, 0, 0, 0, NULL,                    \
     "map level, e.g. --level 99 or --level 90..99"},                                                          \
    {"floors", 0, "N", &CLI_INT, Q(floors), &QUERY_FLOOR_COUNT, 0, 0, 0, NULL,                                 \
     "number of floors, e.g. --floors 16"},                                                                    \
    {"name", 0, "NAME", &CLI_STRING, Q(name), NULL, 0, 0, 0, NULL,                                             \
     "the English or Japanese name, forgiving case, spaces around it and\nLv1 / Lv.1 / Lv 1: --name "         \
     "\"granite tunnel of woe lv 1\""},                                                                        \
    {"name-has", 0, "TEXT", &CLI_STRING, Q(name_has), NULL, 0, 0, 0, NULL,                                     \
     "the name contains TEXT (same forgiveness): --name-has \"Lv.99\""},                                       \
    {"arising", 0, NULL, &CLI_FLAG, offsetof(query_args, arising), NULL, 0, 0, 0, NULL,                        \
     "only maps some timer value and base quality give in their band (the\ndefault; with "                    \
     "--include-unfindable it keeps them only)"},                                                              \
    {"include-unfindable", 0, NULL, &CLI_FLAG, offsetof(query_args, include_unfindable), NULL, 0, 0, 0, NULL, \
     "also the maps no timer value and base quality give in their band\n('found at: nowhere': never-seeds "   \
     "and seeds whose timers miss the band);\nnot with a base quality: every map a base gives can be found"}, \
    {"state", 0, "LIST", &QUERY_STATES, Q(states), NULL, 0, 0, 0,                                              \
     "Floor filters (a map passes when one of its floors passes all of them)",                                \
     "enemy-list state codes 0..16 or normal, partial, only, no-enemy,\nspecial (any but 0), 4-enemy, "      \
     "3-enemy, 2-enemy, comma-separated:\n--state only,no-enemy"},                                                                \
    {"monster", 0, "NAME", &QUERY_MONSTER, Q(monster), NULL, 0, 0, 0, NULL,                                    \
     "the floor's ONLY monster (in an ONLY state), EN any case, JP or id:\n--monster \"liquid metal slime\""}, \
    {"nipple", 0, NULL, &CLI_FLAG, Q(nipple), NULL, 0, 0, 0, NULL, "a chest no one can reach (an unreachable chest)"}, \
    {"chamber", 0, NULL, &CLI_FLAG, Q(chamber), NULL, 0, 0, 0, NULL, "a sealed pocket of floor tiles"},        \
    {"ghosts", 0, "N", &CLI_INT, Q(ghosts), &QUERY_GHOSTS, 0, 0, 0, NULL, "at least N ghost stair tiles: --ghosts 3"}, \
    {"overflow", 0, NULL, &CLI_FLAG, Q(overflow), NULL, 0, 0, 0, NULL,                                         \
     "stair placement entered overflow mode (as on the softlock floors\nseen on the console)"},                \
    {"up-by-chest", 0, NULL, &CLI_FLAG, Q(up_by_chest), NULL, 0, 0, 0, NULL,                                   \
     "final up stairs 4-adjacent to a chest (the softlock pattern)"},                                          \
    {"down-cut", 0, NULL, &CLI_FLAG, Q(down_cut), NULL, 0, 0, 0, NULL,                                         \
     "down stairs cut off from the up stairs with chests solid (softlock)"},                                   \
    {"up-on-wall", 0, NULL, &CLI_FLAG, Q(up_on_wall), NULL, 0, 0, 0, NULL,                                     \
     "final up stairs written on a former wall cell"},                                                         \
    {"floor", 0, "F[..G]", &QUERY_FLOORS, offsetof(query_args, a.q), NULL, 0, 0, 0, NULL,                      \
     "only these floors for the floor filters: --floor 3..6, --floor B16F"},                                   \
    {"location", 0, "L", &QUERY_LOCATION, offsetof(query_args, a.q), NULL, 0, 0, 0, "Where",                   \
     "found at location L: two hex digits as the community writes them\n(--location 72), 0x72, a decimal "  \
     "1..150 written with 1 or 3 digits\n(5, 072, 114), or an area name (--location \"Wormwood Canyon\"); "   \
     "a\nmap's locations come from the timer values that yield its seed at\nsome base (or the base given), " \
     "plus location 05 for quest 15's map"},                                                                  \
    {"base", 0, "Q", &CLI_QUALITY, Q(base), NULL, 0, 0, 2, NULL, BASE_HELP},                                   \
    {"from-boss", 0, "L,R,G", &QUERY_FROM_BOSS, offsetof(query_args, helper), NULL, 0, 0, 2, NULL,              \
     "the base quality of a map from a grotto boss: highest level L (1..99)\n+ 5 x revocations R (0..10) + "  \
     "the grotto's level G (1..99)"},                                                                          \
    {"reward", 0, "L,R", &QUERY_REWARD, offsetof(query_args, helper), NULL, 0, 0, 2, NULL,                     \
     "the base quality of a map obtained elsewhere: L x 1.5 rounded down\n+ 5 x R (a result below 2 is "     \
     "refused)"},                                                                                              \
    {"limit", 0, "N", &CLI_UINT, offsetof(query_args, a.limit), &QUERY_LIMIT, 0, 0, 0, "Output",               \
     "list at most N maps (default 100; 0 = all); counts are complete"},                                       \
    {"count", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_COUNT, 0, 0, 1, NULL, "print the number of matching maps alone"}, \
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 1, NULL, JSON_HELP},                                \
    {"csv", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_CSV, 0, 0, 1, NULL,                                              \
     "a header line, then one line per map (RFC 4180 quoting)"},                                               \
    CLI_INDEX_OPTIONS(query_args, a.index, 0)

/* The filters of research.md §2 (search and odds), after QUERY_OPTIONS. */
#define QUERY_RESEARCH_OPTIONS                                                                                  \
    {"smr", 0, "N", &CLI_INT, Q(smr), &QUERY_SMR, 0, 0, 0, "More map filters (the community tool's)",          \
     "first-floor monster rank N (1..12)"},                                                                    \
    {"seeds", 0, "LO..HI", &QUERY_SEEDS, offsetof(query_args, a.q), NULL, 0, 0, 0, NULL,                       \
     "seeds LO..HI (hex), e.g. --seeds 1000..10FF"},                                                           \
    {"prefix", 0, "NAME", &QUERY_PREFIX, Q(prefix), NULL, 0, 0, 0, NULL,                                       \
     "the name's first part, EN any case or JP: --prefix Diamond"},                                            \
    {"suffix", 0, "NAME", &QUERY_SUFFIX, Q(suffix), NULL, 0, 0, 0, NULL, "the name's last part: --suffix Bliss"}, \
    {"locale", 0, "NAME", &QUERY_LOCALE, Q(locale), NULL, 0, 0, 0, NULL, "the name's middle part: --locale World"}, \
    {"chests", 0, "LIST", &QUERY_CHESTS, offsetof(query_args, a.q), NULL, 0, 0, 0, NULL,                      \
     "exact chest counts over the whole map per rank letter (S..I):\n--chests S2,A3"},                       \
    {"bq-count", 0, "K", &QUERY_BQ_COUNT, Q(bq_count), NULL, 0, 0, 0, NULL,                                    \
     "base qualities giving the map: 1 (one in all), 1' (one at some\nlocation), D (all >= 245), D' (all >= " \
     "245 at some location)"},                                                                                 \
    {"multi-special", 0, NULL, &CLI_FLAG, Q(multi_special), NULL, 0, 0, 0, NULL,                               \
     "two floors or more in a special enemy-list state"},                                                      \
    {"chambers-floors", 0, "N", &CLI_INT, Q(chambers_floors), &QUERY_CHAMBER_COUNT, 0, 0, 0, NULL,             \
     "chambers on N floors or more"},                                                                          \
    {"flag0", 0, NULL, &CLI_FLAG, Q(flag0), NULL, 0, 0, 0, "More floor filters",                               \
     "Flag0 tiles on the floor (D > 0; with --state: on a matched floor)"},                                    \
    {"chambers-per-floor", 0, "N", &CLI_INT, Q(chambers_per_floor), &QUERY_CHAMBER_COUNT, 0, 0, 0, NULL,       \
     "N chambers or more on the floor"},                                                                       \
    {"chestless", 0, NULL, &CLI_FLAG, Q(chestless), NULL, 0, 0, 0, NULL,                                       \
     "the floor's only chest cannot be reached"},                                                              \
    {"down-unreachable", 0, NULL, &CLI_FLAG, Q(down_unreachable), NULL, 0, 0, 0, NULL,                         \
     "the down stairs cannot be reached from the up stairs"}

/* The rankings of search (research.md §1). */
#define QUERY_SORT_OPTIONS                                                                                      \
    {"sort", 0, "BY", &QUERY_SORT, Q(sort), NULL, 0, 0, 0, "Ranking",                                          \
     "steps: maps by walking cost (fastest first; Greygnarl left out unless\n--boss 12); tiles, walk, "      \
     "chamber, ghosts: band DD's floors by\nwalkable tiles, walking cost, largest chamber, ghost stairs"},    \
    {"desc", 0, NULL, &CLI_FLAG, Q(desc), NULL, 0, 0, 0, NULL, "largest first (slowest maps, most tiles, ...)"}, \
    {"to-match", 0, NULL, &CLI_FLAG, Q(to_match), NULL, 0, 0, 3, NULL,                                         \
     "steps: summed to the first matched floor (the floors before it)"},                                       \
    {"to-floor", 0, "N", &CLI_INT, Q(to_floor), &QUERY_TO_FLOOR, 0, 0, 3, NULL,                                \
     "steps: summed over B1F..BNF, maps of N floors or more"}

void query_init(void *args);
/* odds: a base is required. */
int query_check(const char *cmd, void *args, int odds);
void query_index_help(FILE *out);

/* One CSV field (RFC 4180 quoting), then ',' or, for the last, a newline. */
void query_csv_field(const char *s, int last);

extern const cli_renderer QUERY_TEXT, QUERY_CSV, QUERY_COUNT;
extern const cli_field QUERY_SEARCH_FIELDS[], QUERY_ODDS_FIELDS[];

#endif
