/* The objects several --json documents share (docs/json.md, "Shared
 * objects"): their descriptions, by name. A command's result description
 * names them as a field's type ("array of place", "floor"); the JSON
 * Schema inlines them. */
#include "cli.h"
#include "show_research.h"

static const cli_field OBJ_LOCATION_INFO_FIELDS[] = {
    {"number", "int", "always", "the location number 1..150", NULL},
    {"hex", "string", "always", "the same in two hex digits, as the community writes it (`\"23\"` = 35)", NULL},
    {"area_en", "string", "always", "the overworld area, English", NULL},
    {"area_jp", "string", "always", "the overworld area, Japanese", NULL},
    {"monster_mark", "string", "always", "the monster mark of the location table: `◎`, `◯`, `△` or `×`", NULL},
    {"monster_bump", "string", "always",
     "what the mark means: `none appear` (no monster), `never` (never bumps), `occasionally`, `yes`", NULL},
    {"starflight_direct", "bool", "always", "Starflight (Zoom) reaches it directly", NULL},
    {"ship_only", "bool", "always", "reachable by ship only", NULL},
    {"starflight_only", "bool", "always", "reachable by Starflight only", NULL},
    {"note_en", "string or null", "always", "a note of the table, English", NULL},
    {"note_jp", "string or null", "always", "a note of the table, Japanese", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_LOCATION_INFO_RESULT = {
    "location_info",
    "An entrance location (the tables of `tools/tables/locations.json`).",
    NULL,
    OBJ_LOCATION_INFO_FIELDS,
    NULL,
};

static const cli_field OBJ_PLACE_FIELDS[] = {
    {"source", "string", "always",
     "`\"timer\"`: a console timer value; `\"quest15\"`: the fixed map of quest 15 (map 020032 at location "
     "5, base quality 2)", NULL},
    {"timer", "int or null", "always", "the timer value 0..65535; `null` for quest 15", NULL},
    {"r1", "int or null", "always", "the timer's 1st draw (quality variation); `null` for quest 15", NULL},
    {"r3", "int or null", "always", "the timer's 3rd draw (location); `null` for quest 15", NULL},
    {"location", "int", "always", "the entrance location 1..150", NULL},
    {"base_min", "int", "always", "lowest base quality of the run (2..248)", NULL},
    {"base_max", "int", "always", "highest base quality of the run", NULL},
    {"location_info", "location_info", "always", "the location", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_PLACE_RESULT = {
    "place",
    "Where a map can be found: one timer value (or quest 15) and a run of base qualities that, with that timer, "
    "give a final quality in the map's band, with the entrance location it leads to.",
    NULL,
    OBJ_PLACE_FIELDS,
    NULL,
};

static const cli_field OBJ_CHEST_FIELDS[] = {
    {"pos", "xy", "always", "its tile", NULL},
    {"rank", "int", "when the floor belongs to a map (a map id or `--quality` was given)",
     "chest rank 1..10", NULL},
    {"letter", "string", "with `rank`", "the rank as the game's letter, `S` (10) .. `I` (1)", NULL},
    {"reachable", "bool", "always", "reachable from the up stairs (`false`: an unreachable chest)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_CHEST_RESULT = {
    "chest",
    "A chest of a floor.",
    NULL,
    OBJ_CHEST_FIELDS,
    NULL,
};

static const cli_field OBJ_MONSTER_FIELDS[] = {
    {"id", "string", "always", "the monster id, 3 hex digits (`\"035\"`)", NULL},
    {"number", "int", "always", "its number in the monster list of the game", NULL},
    {"name_en", "string", "always", "English name", NULL},
    {"name_jp", "string", "always", "Japanese name", NULL},
    {"trapped_chest", "bool", "always",
     "a trapped-chest monster (Cannibox, Mimic, Pandora's Box): fights from a chest, never wanders", NULL},
    {"spawn", "object or null", "always",
     "its window of the spawn draw 0..32767; `null` for a trapped-chest monster", NULL},
    {"spawn.lo", "int", "always", "first draw value", NULL},
    {"spawn.hi", "int", "always", "last draw value", NULL},
    {"spawn.weight", "int", "always", "`hi - lo + 1`", NULL},
    {"spawn.percent", "number", "always", "`weight / 32768` in percent, 2 decimals", NULL},
    {"kept", "bool", "always", "its record fits in memory; `false`: cut, it never appears", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_MONSTER_RESULT = {
    "monster",
    "A member of a floor's monster list, in memory order.",
    NULL,
    OBJ_MONSTER_FIELDS,
    NULL,
};

static const cli_field OBJ_ELIST_FIELDS[] = {
    {"ofs", "int", "always",
     "ElistOfs in bytes, as the Japanese build has it (the value the states are classified on)", NULL},
    {"display_ofs", "int", "always",
     "ElistOfs as the chosen `--region` shows it (international: `ofs + 128`)", NULL},
    {"display_ofs_hex", "string", "always", "`display_ofs` in 4 hex digits", NULL},
    {"D", "int", "always", "Flag0 tiles", NULL},
    {"W", "int", "always", "white (walkable) tiles", NULL},
    {"X", "int", "always", "adjacent pairs of white tiles", NULL},
    {"regime", "int", "always", "1 or 2: which layout formula applies", NULL},
    {"A", "int", "always", "fixed plus walking-map bytes", NULL},
    {"B", "int", "always", "passages kept", NULL},
    {"F", "int", "always", "length of the monster list, 7 or 8", NULL},
    {"G", "int", "always", "sum of the members' record sizes", NULL},
    {"monster_rank", "int", "always", "the floor's monster rank 1..12", NULL},
    {"env", "int", "always", "the environment 1..5 whose list it is (with `monster_rank`)", NULL},
    {"env_en", "string", "always", "the environment, English", NULL},
    {"class", "string", "always", "the exception class of the list (`STD`, ...)", NULL},
    {"survivors", "int", "always", "how many records fit, 0..F", NULL},
    {"state", "int", "always",
     "the state code 0..16 (0 Normal; the ONLY states 5, 14, 15, 16 name a monster)", NULL},
    {"state_text_en", "string", "always",
     "the state as the community names it, English (`\"Metal King Only\"`)", NULL},
    {"state_text_jp", "string", "always", "the same in Japanese", NULL},
    {"only", "object", "in the ONLY states only", "the monster the floor has only", NULL},
    {"only.id", "string", "always", "monster id", NULL},
    {"only.name_en", "string", "always", "English name", NULL},
    {"only.name_jp", "string", "always", "Japanese name", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_ELIST_RESULT = {
    "elist",
    "The enemy-list memory cut of a floor. The capital letters are terms of the model: `grotto help terms` "
    "(docs/glossary.md) explains them.",
    NULL,
    OBJ_ELIST_FIELDS,
    NULL,
};

static const cli_field OBJ_FLOOR_FIELDS[] = {
    {"floor", "int", "always", "floor number 1..16", NULL},
    {"width", "int", "always", "width in tiles, 10..16", NULL},
    {"height", "int", "always", "height in tiles (= width)", NULL},
    {"overflow", "bool", "always", "stair placement entered overflow mode", NULL},
    {"up", "xy", "always", "the up stairs", NULL},
    {"down", "xy", "always", "the down stairs", NULL},
    {"chests", "array of chest", "always", "the chests in placement order (none on B1F and B2F)", NULL},
    {"elist", "elist", "when the floor belongs to a map", "the enemy-list cut", NULL},
    {"monsters", "array of monster", "when the floor belongs to a map", "the monster list", NULL},
    {"anomalies", "object", "always", "what is unusual about the floor", NULL},
    {"anomalies.ghost_stairs", "array of xy", "always",
     "tiles of ghost stairs (stairs drawn but not usable), row by row", NULL},
    {"anomalies.unreachable_chests", "int", "always", "chests no one can reach", NULL},
    {"anomalies.down_unreachable", "bool", "always", "the down stairs cannot be reached from the up stairs", NULL},
    {"anomalies.chambers", "array of object", "always", "sealed pockets of floor tiles", NULL},
    {"anomalies.chambers[].first", "xy", "always", "the chamber's first tile, row by row", NULL},
    {"anomalies.chambers[].size", "int", "always", "its tiles", NULL},
    {"anomalies.softlock", "object", "always",
     "the softlock pattern of the two softlock floors seen on the console (5BC3 B4F, 5BC4 B3F)", NULL},
    {"anomalies.softlock.up_next_to_chest", "bool", "always",
     "the final up stairs touch a chest (4-adjacent)", NULL},
    {"anomalies.softlock.near", "int", "always",
     "walkable tiles reachable from the up stairs with chests solid", NULL},
    {"anomalies.softlock.far", "int", "always", "walkable non-chest tiles not reachable so", NULL},
    {"anomalies.softlock.down_cut", "bool", "always", "the down stairs are among the far tiles: a softlock", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_FLOOR_RESULT = {
    "floor",
    "A generated floor.",
    NULL,
    OBJ_FLOOR_FIELDS,
    NULL,
};

static const cli_field OBJ_COUNTS_FIELDS[] = {
    {"instances", "int", "always", "every (band, seed, floor) of every map", NULL},
    {"arising", "int", "always",
     "only maps that can be found: some timer value and base quality give them in their band (quest 15's gift "
     "too), as search and odds list them; with `--include-unfindable` every map whose seed some timer value "
     "yields", NULL},
    {"distinct", "int", "always", "distinct (seed, floor) layouts", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_COUNTS_RESULT = {
    "counts",
    "A figure over the universe, on three counting bases.",
    NULL,
    OBJ_COUNTS_FIELDS,
    NULL,
};

static const cli_field OBJ_LOST_COUNTS_FIELDS[] = {
    {"floors", "int", "always", "floors counted", NULL},
    {"pandora", "int", "always", "of them, floors losing Pandora's Box's record", NULL},
    {"mimic", "int", "always", "... the Mimic's", NULL},
    {"cannibox", "int", "always", "... the Cannibox's", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_LOST_COUNTS_RESULT = {
    "lost_counts",
    NULL,
    NULL,
    OBJ_LOST_COUNTS_FIELDS,
    NULL,
};

static const cli_field OBJ_TIMINGS_FIELDS[] = {
    {"wall_min", "number", "always", "fastest wall time of the runs, seconds", NULL},
    {"wall_median", "number", "always", "median wall time, seconds", NULL},
    {"cpu_min", "number", "always", "least CPU time, seconds", NULL},
    {"cpu_median", "number", "always", "median CPU time, seconds", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_TIMINGS_RESULT = {
    "timings",
    NULL,
    NULL,
    OBJ_TIMINGS_FIELDS,
    NULL,
};

static const cli_field OBJ_SEARCH_MAP_FIELDS[] = {
    {"map", "string", "always", "map id", NULL},
    {"band", "int", "always", "band code", NULL},
    {"seed", "int", "always", "seed", NULL},
    {"name_en", "string", "always", "name, English", NULL},
    {"name_jp", "string", "always", "Japanese", NULL},
    {"env", "int", "always", "environment 1..5", NULL},
    {"env_en", "string", "always", "the environment, English", NULL},
    {"floor_count", "int", "always", "floors", NULL},
    {"boss", "int", "always", "boss 1..12", NULL},
    {"level", "int", "always", "level 1..99", NULL},
    {"arising", "bool", "always", "some timer value yields the seed", NULL},
    {"findable", "bool", "always",
     "some timer value and base quality give the map in its band (or it is quest 15's gift): `false` only "
     "with `--include-unfindable`", NULL},
    {"matched_floors", "array of int", "always",
     "the floors that passed the floor filters (empty without floor filters)", NULL},
    {"sort_value", "number", "`search --sort` only",
     "the ranked value: steps (orthogonal 1, diagonal 1.5) for `steps` and `walk`, tiles for `tiles` and "
     "`chamber`, ghost stair tiles for `ghosts`", NULL},
    {"sort_floor", "int", "`search --sort` only",
     "the floor: summed to (`--to-floor`), first matched (`steps` with floor filters; 0 without), or ranked "
     "(per-floor metrics)", NULL},
    {"sort_size", "string", "`search --sort` only", "the floor's size, `16x16` (per-floor metrics; else empty)", NULL},
    {"sort_group", "string", "`search --sort` only",
     "the group the tool shows it under: the size (`tiles`, `walk`), the area (`chamber`: `4 tiles`), or `top`",
     NULL},
    {"timers", "int", "`odds` only", "timer values giving this map from the base quality", NULL},
    {"chance", "number", "`odds` only", "`timers / 65536`", NULL},
    {"locations", "array of object", "always",
     "where it is found: for the base quality (`--base`, `odds`), else for some base", NULL},
    {"locations[].location", "int", "always", "location number", NULL},
    {"locations[].timers", "int", "`odds` only", "timer values giving the map at this location", NULL},
    {"locations[].quest15", "bool", "always", "quest 15's gift lies here (map 020032 at location 05, base 2)", NULL},
    {"locations[].location_info", "location_info", "always", "the location", NULL},
    {"quest15", "bool", "always",
     "quest 15's fixed map is among the places (location 5; for a base, only for the quest's base 2)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result OBJ_SEARCH_MAP_RESULT = {
    "search_map",
    "A map that passed the filters of `search` or `odds`.",
    NULL,
    OBJ_SEARCH_MAP_FIELDS,
    NULL,
};

const cli_result *const CLI_SHARED_OBJECTS[] = {
    &OBJ_LOCATION_INFO_RESULT,
    &OBJ_PLACE_RESULT,
    &OBJ_CHEST_RESULT,
    &OBJ_MONSTER_RESULT,
    &OBJ_ELIST_RESULT,
    &OBJ_FLOOR_RESULT,
    &OBJ_COUNTS_RESULT,
    &OBJ_LOST_COUNTS_RESULT,
    &OBJ_TIMINGS_RESULT,
    &OBJ_SEARCH_MAP_RESULT,
    &CLI_AT_VALUE_RESULT,
    &CLI_MULTIBUG_VALUE_RESULT,
    NULL,
};
