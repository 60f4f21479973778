/* grotto stats [--legacy-diff]: universe figures, each with what was seen
 * on the console, and the enemy-list states; or where the legacy Windows
 * tool's model misjudges. Run: universe_stats_run (universe/); the text
 * reads its document, nothing more. */
#include <stddef.h>
#include <string.h>

#include "cli.h"
#include "query.h"

typedef struct stats_args {
    int format;
    universe_stats_args a;
} stats_args;

enum { M_STATS = 1u << 0, M_LEGACY = 1u << 1 };
#define A(f) offsetof(stats_args, a.f)

static const cli_option OPTIONS[] = {
    {"legacy-diff", 0, NULL, &CLI_FLAG, A(legacy_diff), NULL, M_LEGACY, 0, 0, NULL,
     "instead: every map floor judged by the game model and by the legacy\nWindows tool's model (it ignored "
     "Flag0 tiles, and its passage count\nwrapped at 256); how many floors and maps each misjudgment class\n"
     "affects (no-enemy -> really ONLY/reduced, ONLY -> really reduced,\ntriple none -> really special), by "
     "cause, with examples, and every\ndisagreement by state family"},
    {"include-unfindable", 0, NULL, &CLI_FLAG, A(include_unfindable), NULL, M_STATS, 0, 0, NULL,
     "the arising basis counts every map whose seed a timer value yields,\nalso the maps no base quality gives in "
     "their band (unfindable; by\ndefault left out, as search and odds leave them out)"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 0, NULL, "machine-readable (docs/json.md, 'stats')"},
    {"no-cache", 0, NULL, &CLI_FLAG, A(index.no_cache), NULL, 0, 0, 0, "Index",
     "build the index in memory, do not read or write the cache"},
    {"engine", 0, "E", &QUERY_INDEX_ENGINE, A(index.engine), &grotto_engine_impl, M_STATS, 0, 0, NULL, NULL},
    {"threads", 'j', "N", &CLI_THREADS, A(index.threads), NULL, 0, 0, 0, NULL,
     "threads for building it (default: all cores)"},
    {"quiet", 'q', NULL, &CLI_FLAG, A(index.quiet), NULL, 0, 0, 0, NULL, "no progress line"},
    {0},
};

static const cli_mode MODES[] = {{NULL, NULL, NULL, NULL}, {"--legacy-diff", NULL, NULL, NULL}};

static void init(void *args)
{
    ((stats_args *)args)->a.index.who = "stats";
}

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    return universe_stats_run(&((const stats_args *)args)->a, r);
}

/* ---- text ---- */

static long long get(const json_t *d, const char *path)
{
    const json_t *v = res_at(d, path);
    return json_is_integer(v) ? (long long)json_integer_value(v) : 0;
}

static void softlock(const json_t *d)
{
    static const char *const KEY[4] = {"up_next_to_chest", "down_cut", "both", "both_on_overflow_floors"};
    static const char *const TEXT[4] = {"final up stairs 4-adjacent to a chest", "down stairs cut off with chests solid",
                                        "both", "both, on an overflow floor (the observed softlocks)"};
    printf("Softlock candidates: floors with the pattern of the two softlock floors seen on the console\n"
           "(5BC3 B4F, 5BC4 B3F), to test on a console (grotto search --up-by-chest / --down-cut / --overflow)\n"
           "on maps %s\n", res_get_bool(d, "include_unfindable") ? "of every kind, unfindable ones too" : "that can be found");
    for (int i = 0; i < 4; i++) {
        const json_t *c = res_at(json_object_get(d, "softlock_candidates"), KEY[i]);
        printf("  %-52s %7lld floors (seed, floor), on %7lld maps\n", TEXT[i], res_get_int(c, "floors"),
               res_get_int(c, "maps"));
    }
    printf("\n");
}

/* Items of an array joined into buf: fmt per element (an int, or an object's key). */
static void joined(const json_t *a, char *buf, size_t size, const char *(*item)(const json_t *, char *, size_t))
{
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < json_array_size(a) && n < size; i++) {
        char t[64];
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", item(json_array_get(a, i), t, sizeof t));
    }
}

static const char *overflow_floor(const json_t *f, char *t, size_t n)
{
    snprintf(t, n, "%04llX:B%lldF", res_get_int(f, "seed"), res_get_int(f, "floor"));
    return t;
}

static const char *hex4(const json_t *v, char *t, size_t n)
{
    snprintf(t, n, "0x%04llX", (long long)json_integer_value(v));
    return t;
}

static void overflow(const json_t *d)
{
    const json_t *o = json_object_get(d, "stair_overflow"), *per = json_object_get(o, "occurring_per_band");
    char buf[2048], head[128];
    printf("Stair overflow: floors whose stair placement ran out of room (\"4 types, 16 results\" in the\n"
           "community's search)\n");
    printf("  %lld of %lld floors (seeds 0000..7FFF x floors 1..16) enter overflow mode:\n", res_get_int(o, "floors"),
           res_get_int(o, "floors_checked"));
    joined(json_object_get(o, "list"), buf, sizeof buf, overflow_floor);
    cli_wrap(stdout, "    ", buf, " ", 4);
    snprintf(head, sizeof head, "  distinct floor-generator inputs (floor seed S+k, size band): %lld, floor seeds ",
             res_get_int(o, "distinct_inputs"));
    joined(json_object_get(o, "floor_seeds"), buf, sizeof buf, hex4);
    cli_wrap(stdout, head, buf, " ", 4);
    size_t n = 0;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)per, key, v)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s:%lld", n ? " " : "", key, (long long)json_integer_value(v));
    printf("  (seed, floor) pairs that occur on a map, per band (total %lld map floors):\n",
           res_get_int(o, "occurring_total"));
    cli_wrap(stdout, "    ", buf, " ", 4);
    printf("  over seeds 0000..FFFF (the tool's search range, beyond the game's 15-bit seeds): %lld floors\n"
           "  from %lld distinct inputs - %s the community's \"4 types, 16 results\"\n",
           res_get_int(o, "floors_seeds_0000_ffff"), res_get_int(o, "distinct_inputs_seeds_0000_ffff"),
           res_get_bool(o, "published_reproduced") ? "the same figures as" : "NOT");
    printf("  final up stairs written on a cell that was wall before placement: %lld of the overflow floors\n  %s\n",
           res_get_int(o, "up_on_wall"),
           res_get_int(o, "up_on_wall") ? "(some sealed in a wall)" : "(none sealed in a wall, as observed)");
    printf("  (over all floors, final up stairs on a former wall cell: %lld floors)\n\n",
           res_get_int(o, "all_floors_up_on_wall"));
}

static const char *string_item(const json_t *v, char *t, size_t n)
{
    snprintf(t, n, "%s", json_string_value(v));
    return t;
}

static void names(const json_t *d)
{
    const json_t *q = json_object_get(d, "quest15_name");
    char buf[1024];
    printf("Never-seeds: seeds no console timer value yields, whose maps cannot be had at random: %lld\n"
           "  (published: 302)\n\n", get(d, "never_seeds.count"));
    printf("Name twins: maps named like quest 15's map (Granite Tunnel of Woe Lv.1): %lld, i.e. %lld twins\n"
           "  besides the quest map (published: 21); %lld of the twins are arising maps; same maps\n"
           "  under the JP name: %lld\n",
           res_get_int(q, "maps_named"), res_get_int(q, "twins"), res_get_int(q, "twins_arising"),
           res_get_int(q, "maps_named_jp"));
    joined(json_object_get(q, "twin_maps"), buf, sizeof buf, string_item);
    cli_wrap(stdout, "  ", buf, " ", 2);
    putchar('\n');
}

static const char *const LOST_KEY[3] = {"pandora", "mimic", "cannibox"};
static const char *const LOST_LABEL[3] = {"Pandora's box", "mimic", "cannibox"};

static void lost_bases(const json_t *l)
{
    printf("Lost trapped chests: floors where a trapped-chest monster's record does not fit in memory, so\n"
           "that chest opens without a fight (the enemy-list memory model)\n");
    printf("  %-14s %10s %10s %10s   published (seed-001)\n", "", "instances", "arising", "distinct");
    for (int k = 0; k < 3; k++) {
        const json_t *c = json_object_get(l, LOST_KEY[k]);
        printf("  %-14s %10lld %10lld %10lld   %lld\n", LOST_LABEL[k], res_get_int(c, "instances"),
               res_get_int(c, "arising"), res_get_int(c, "distinct"),
               res_get_int(json_object_get(l, "published"), LOST_KEY[k]));
    }
    printf("  %s\n", res_get_bool(l, "published_reproduced")
                         ? "one counting basis reproduces the published figures"
                         : "OPEN FINDING: no counting basis reproduces the published 1,615 / 1,266 / 597;\n"
                           "  the model is not tuned to them");
}

static const char *spare_floor(const json_t *z, char *t, size_t n)
{
    snprintf(t, n, "%s:B%lldF", res_get_str(z, "map"), res_get_int(z, "floor"));
    return t;
}

static void lost_ranks(const json_t *d)
{
    const json_t *l = json_object_get(d, "lost_trapped_chests");
    const json_t *r = json_object_get(l, "chest_rank_basis"), *p = json_object_get(l, "published");
    const json_t *ar = json_object_get(r, "arising"), *all = json_object_get(r, "all_seeds");
    char buf[4096];
    printf("  chest-rank basis (a floor counts only where a chest's rank can hold the trapped chest whose\n"
           "  record is lost: rank G (3) cannibox, F..C (4..7) mimic, B, A, S (8..10) Pandora's box):\n");
    printf("  %-14s %10s %10s   published (seed-001)\n", "", "arising", "all seeds");
    printf("  %-14s %10lld %10lld   %lld\n", "floors", res_get_int(ar, "floors"), res_get_int(all, "floors"),
           res_get_int(p, "floors"));
    for (int k = 0; k < 3; k++)
        printf("  %-14s %10lld %10lld   %lld\n", LOST_LABEL[k], res_get_int(ar, LOST_KEY[k]),
               res_get_int(all, LOST_KEY[k]), res_get_int(p, LOST_KEY[k]));
    printf("  %s\n", res_get_bool(r, "published_reproduced")
                         ? "this basis reproduces the published figures"
                         : "this basis does not reproduce all published figures (an open finding)");
    if (!res_get_bool(d, "include_unfindable"))
        printf("  (the published figures count unfindable maps too: see grotto stats --include-unfindable)\n");
    printf("  floors of the arising set keeping the mimic's record with 0 bytes to spare (a 4-byte\n"
           "  difference would lose it; candidates to check on a console): %lld\n",
           res_get_int(r, "mimic_zero_spare_count"));
    joined(json_object_get(r, "mimic_zero_spare"), buf, sizeof buf, spare_floor);
    if (buf[0])
        cli_wrap(stdout, "    ", buf, " ", 4);
    putchar('\n');
}

static void states(const json_t *d)
{
    const json_t *s = json_object_get(d, "states"), *codes = json_object_get(s, "by_code");
    const json_t *dp = json_object_get(s, "d_positive");
    printf("Enemy-list states (how much of the floor's monster list fits in memory) over %lld map floors\n",
           res_get_int(s, "map_floors"));
    printf("  %-4s %-36s %10s %10s %10s\n", "code", "state", "instances", "arising", "distinct");
    for (size_t i = 0; i < json_array_size(codes); i++) {
        const json_t *c = json_array_get(codes, i);
        printf("  %-4lld %-36s %10lld %10lld %10lld\n", res_get_int(c, "code"), res_get_str(c, "label"),
               res_get_int(c, "instances"), res_get_int(c, "arising"), res_get_int(c, "distinct"));
    }
    printf("  floors with Flag0 tiles (D > 0, tiles that take list memory): %lld instances, %lld arising,\n"
           "  %lld distinct; in state 0: %lld\n\n",
           res_get_int(dp, "instances"), res_get_int(dp, "arising"), res_get_int(dp, "distinct"),
           res_get_int(dp, "in_state_0"));
    const json_t *a = json_object_get(d, "floor_anomalies");
    printf("Floor anomalies (seeds 0000..7FFF x 16 floors): ghost stairs %lld, unreachable chest %lld,\n"
           "  chamber %lld, down stairs unreachable %lld\n",
           res_get_int(a, "ghost_stairs"), res_get_int(a, "unreachable_chest"), res_get_int(a, "chamber"),
           res_get_int(a, "down_unreachable"));
}

static void stats_text(const json_t *d)
{
    printf("universe statistics (%s engine, %.3f s; index %s)\n\n", res_get_str(d, "engine"),
           res_get_num(d, "seconds"), res_get_bool(json_object_get(d, "index"), "from_cache") ? "from the cache" : "built");
    char legend[512];
    snprintf(legend, sizeof legend, "floors = (seed, floor) pairs; instances = every floor of every map; arising = "
             "only %s; distinct = different floor layouts", res_get_bool(d, "include_unfindable")
                 ? "maps whose seed some timer value yields, unfindable ones too (--include-unfindable)"
                 : "maps that can be found (some timer value and base quality give them in their band)");
    cli_wrap(stdout, "counted as: ", legend, " ", 0);
    putchar('\n');
    softlock(d);
    overflow(d);
    names(d);
    lost_bases(json_object_get(d, "lost_trapped_chests"));
    lost_ranks(d);
    states(d);
}

/* ---- --legacy-diff text ---- */

static const char *const CLASS_KEY[3] = {"noenemy_really_only_or_reduced", "only_really_reduced",
                                         "none_really_special"};
static const char *const CLASS_NAME[3] = {"no-enemy -> really ONLY/reduced", "ONLY -> really reduced",
                                          "triple none -> really special"};

static void legacy_class(const json_t *k, const char *name)
{
    printf("  %-32s %6lld floors, %6lld maps (Flag0 ignored %lld, X >= 256 wrap %lld)\n", name,
           res_get_int(k, "floors"), res_get_int(k, "maps"), res_get_int(k, "flag0_ignored"), res_get_int(k, "wrap"));
    const json_t *ex = json_object_get(k, "examples");
    for (size_t i = 0; i < json_array_size(ex); i++) {
        const json_t *x = json_array_get(ex, i);
        char a[256], b[256];
        snprintf(a, sizeof a, "      %02llX%04llX B%lldF: legacy %s (ElistOfs %04llX),", res_get_int(x, "band"),
                 res_get_int(x, "seed"), res_get_int(x, "floor"), res_get_str(x, "legacy_state_text"),
                 res_get_int(x, "legacy_ofs"));
        snprintf(b, sizeof b, "really %s (%04llX; X %lld, D %lld)", res_get_str(x, "state_text"),
                 res_get_int(x, "ofs"), res_get_int(x, "X"), res_get_int(x, "D"));
        const char *pieces[] = {a, b};
        cli_wrap_pieces(stdout, pieces, 2, " ", 8);
    }
}

static void legacy_text(const json_t *d)
{
    printf("legacy Windows tool's enemy-list model vs the game model, over %lld map floors (12 bands x\n"
           "32,768 seeds)\n", res_get_int(d, "floors"));
    printf("  states differ on %lld floors of %lld maps\n", res_get_int(d, "floors_differing"),
           res_get_int(d, "maps_differing"));
    printf("  floors with Flag0 tiles (D > 0): %lld; legacy ElistOfs higher on %lld, lower on %lld (the 256\n"
           "  wrap); floors with X >= 256: %lld\n\n",
           res_get_int(d, "flag0_floors"), res_get_int(d, "flag0_legacy_higher"), res_get_int(d, "flag0_legacy_lower"),
           res_get_int(d, "wrap_floors"));
    for (int c = 0; c < 3; c++)
        legacy_class(json_object_get(json_object_get(d, "classes"), CLASS_KEY[c]), CLASS_NAME[c]);
    const json_t *fam = json_object_get(d, "families");
    printf("\n  every disagreement, legacy family (rows) vs real family (columns), floors:\n  %-10s", "");
    const char *key;
    json_t *row;
    json_object_foreach((json_t *)fam, key, row)
        printf(" %9s", key);
    printf("\n");
    json_object_foreach((json_t *)fam, key, row) {
        const char *k2;
        json_t *v;
        printf("  %-10s", key);
        json_object_foreach(row, k2, v)
            printf(" %9lld", (long long)json_integer_value(v));
        printf("\n");
    }
}

static void text(const json_t *d, const void *args)
{
    if (((const stats_args *)args)->a.legacy_diff)
        legacy_text(d);
    else
        stats_text(d);
}

static const cli_renderer TEXT = {NULL, NULL, text};

/* ---- help and documentation ---- */

static const cli_field STATS_FIELDS[] = {
    {"schema", "int", "always", "1", NULL},
    {"engine", "string", "always", "the engine of the universe index", NULL},
    {"seconds", "number", "always", "time to compute the figures", NULL},
    {"index", "object", "always", "the universe index", NULL},
    {"index.from_cache", "bool", "always", "read from the cache (not built)", NULL},
    {"index.seconds", "number", "always", "time to read or build it", NULL},
    {"include_unfindable", "bool", "always",
     "`--include-unfindable`: the maps counted as arising (and the softlock candidates' maps) include the "
     "unfindable ones", NULL},
    {"softlock_candidates", "object", "always",
     "floors with the pattern of the softlock floors seen on the console", NULL},
    {"softlock_candidates.up_next_to_chest", "object", "always", "final up stairs 4-adjacent to a chest", NULL},
    {"softlock_candidates.up_next_to_chest.floors", "int", "always", "(seed, floor) pairs", NULL},
    {"softlock_candidates.up_next_to_chest.maps", "int", "always",
     "maps holding one: the findable maps (`grotto search --up-by-chest --count`), with `--include-unfindable` "
     "every map", NULL},
    {"softlock_candidates.down_cut", "object", "always", "down stairs cut off with chests solid", NULL},
    {"softlock_candidates.down_cut.floors", "int", "always", "(seed, floor) pairs", NULL},
    {"softlock_candidates.down_cut.maps", "int", "always", "maps", NULL},
    {"softlock_candidates.both", "object", "always", "both at once", NULL},
    {"softlock_candidates.both.floors", "int", "always", "(seed, floor) pairs", NULL},
    {"softlock_candidates.both.maps", "int", "always", "maps", NULL},
    {"softlock_candidates.both_on_overflow_floors", "object", "always",
     "both, on a stair-overflow floor (as the observed softlocks)", NULL},
    {"softlock_candidates.both_on_overflow_floors.floors", "int", "always", "(seed, floor) pairs", NULL},
    {"softlock_candidates.both_on_overflow_floors.maps", "int", "always", "maps", NULL},
    {"stair_overflow", "object", "always", "floors whose stair placement enters overflow mode", NULL},
    {"stair_overflow.floors_checked", "int", "always", "floors looked at (32,768 seeds x 16)", NULL},
    {"stair_overflow.floors", "int", "always", "of them in overflow mode", NULL},
    {"stair_overflow.list", "array of object", "always", "those floors", NULL},
    {"stair_overflow.list[].seed", "int", "always", "seed", NULL},
    {"stair_overflow.list[].floor", "int", "always", "floor", NULL},
    {"stair_overflow.list[].up_on_wall", "bool", "always", "final up stairs written on a former wall cell", NULL},
    {"stair_overflow.distinct_inputs", "int", "always", "distinct floor-generator inputs among them", NULL},
    {"stair_overflow.floor_seeds", "array of int", "always",
     "the floor seeds (seed + floor) of those inputs", NULL},
    {"stair_overflow.occurring_per_band", "object", "always",
     "per band code (two hex digits, `\"DD\"`), the overflow floors that occur on a map of that band", NULL},
    {"stair_overflow.occurring_per_band.*", "int", "always", "count", NULL},
    {"stair_overflow.occurring_total", "int", "always", "sum over the bands", NULL},
    {"stair_overflow.floors_seeds_0000_ffff", "int", "always",
     "overflow floors over seeds 0000..FFFF (the community tool's range)", NULL},
    {"stair_overflow.distinct_inputs_seeds_0000_ffff", "int", "always", "distinct inputs over that range", NULL},
    {"stair_overflow.published_reproduced", "bool", "always",
     "these two figures are the community's \"4 types, 16 results\"", NULL},
    {"stair_overflow.up_on_wall", "int", "always",
     "overflow floors with the up stairs on a former wall cell", NULL},
    {"stair_overflow.all_floors_up_on_wall", "int", "always",
     "all floors with the up stairs on a former wall cell", NULL},
    {"never_seeds", "object", "always", "seeds no timer value yields", NULL},
    {"never_seeds.count", "int", "always", "how many (302)", NULL},
    {"quest15_name", "object", "always", "maps named like quest 15's map, Granite Tunnel of Woe Lv.1", NULL},
    {"quest15_name.maps_named", "int", "always", "maps with that English name", NULL},
    {"quest15_name.maps_named_jp", "int", "always", "maps with its Japanese name", NULL},
    {"quest15_name.twins", "int", "always", "of them, maps other than 020032", NULL},
    {"quest15_name.twins_arising", "int", "always",
     "twins that can be found (with `--include-unfindable`: whose seed a timer value yields)", NULL},
    {"quest15_name.twin_maps", "array of string", "always", "the twins' map ids", NULL},
    {"lost_trapped_chests", "object", "always",
     "floors whose trapped-chest monster record does not fit in memory", NULL},
    {"lost_trapped_chests.pandora", "counts", "always", "Pandora's Box's record lost", NULL},
    {"lost_trapped_chests.mimic", "counts", "always", "the Mimic's", NULL},
    {"lost_trapped_chests.cannibox", "counts", "always", "the Cannibox's", NULL},
    {"lost_trapped_chests.published", "lost_counts", "always", "the figures the community published", NULL},
    {"lost_trapped_chests.published_reproduced", "bool", "always",
     "one counting basis gives the published figures", NULL},
    {"lost_trapped_chests.chest_rank_basis", "object", "always",
     "counting a floor only where a chest's rank can hold that trapped chest (rank 3 Cannibox, 4-7 Mimic, "
     "8-10 Pandora's Box)", NULL},
    {"lost_trapped_chests.chest_rank_basis.arising", "lost_counts", "always",
     "over the maps that can be found (with `--include-unfindable`: over arising seeds)", NULL},
    {"lost_trapped_chests.chest_rank_basis.all_seeds", "lost_counts", "always", "over all seeds", NULL},
    {"lost_trapped_chests.chest_rank_basis.published_reproduced", "bool", "always",
     "this basis gives the published figures", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare_count", "int", "always",
     "arising floors keeping the Mimic's record with 0 bytes to spare", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare", "array of object", "always", "those floors", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare[].map", "string", "always", "map id", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare[].floor", "int", "always", "floor", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare[].state", "int", "always",
     "its enemy-list state", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare[].elist_ofs", "int", "always",
     "its ElistOfs (Japanese value)", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare[].chest_ranks", "array of int", "always",
     "its chest ranks", NULL},
    {"lost_trapped_chests.chest_rank_basis.mimic_zero_spare[].chest_letters", "array of string", "always",
     "the same as letters", NULL},
    {"states", "object", "always", "enemy-list states over every floor of every map", NULL},
    {"states.map_floors", "int", "always", "map floors counted", NULL},
    {"states.by_code", "array of object", "always", "one entry per state code 0..16", NULL},
    {"states.by_code[].code", "int", "always", "state code", NULL},
    {"states.by_code[].label", "string", "always", "its name (`<ONLY>` stands for the monster)", NULL},
    {"states.by_code[].instances", "int", "always", "map floors in that state", NULL},
    {"states.by_code[].arising", "int", "always",
     "of them on maps that can be found (with `--include-unfindable`: on arising seeds)", NULL},
    {"states.by_code[].distinct", "int", "always", "distinct (seed, floor, monster rank)", NULL},
    {"states.d_positive", "counts", "always", "floors with Flag0 tiles (D > 0)", NULL},
    {"states.d_positive.in_state_0", "int", "always", "of them in state 0", NULL},
    {"floor_anomalies", "object", "always", "floors (32,768 seeds x 16) with each anomaly", NULL},
    {"floor_anomalies.ghost_stairs", "int", "always", "ghost stairs", NULL},
    {"floor_anomalies.unreachable_chest", "int", "always", "an unreachable chest", NULL},
    {"floor_anomalies.chamber", "int", "always", "a chamber", NULL},
    {"floor_anomalies.down_unreachable", "int", "always", "the down stairs unreachable", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result STATS_RESULT = {
    "stats",
    "`grotto stats --json`: aggregates over the whole universe (what `grotto stats` explains in words).",
    "stats --json --quiet",
    STATS_FIELDS,
    NULL,
};

static const cli_field STATS_LEGACY_DIFF_FIELDS[] = {
    {"schema", "int", "always", "1", NULL},
    {"floors", "int", "always", "map floors compared (12 bands x 32,768 seeds x their floors)", NULL},
    {"floors_differing", "int", "always", "floors whose state differs", NULL},
    {"maps_differing", "int", "always", "maps with such a floor", NULL},
    {"flag0_floors", "int", "always", "floors with Flag0 tiles (D > 0)", NULL},
    {"flag0_legacy_higher", "int", "always", "of them, legacy ElistOfs higher", NULL},
    {"flag0_legacy_lower", "int", "always", "of them, legacy ElistOfs lower (the 256 wrap)", NULL},
    {"wrap_floors", "int", "always", "floors with X >= 256", NULL},
    {"classes", "object", "always",
     "the misjudgment classes: `noenemy_really_only_or_reduced`, `only_really_reduced`, "
     "`none_really_special`", NULL},
    {"classes.*", "object", "always", "one class", NULL},
    {"classes.*.floors", "int", "always", "floors", NULL},
    {"classes.*.maps", "int", "always", "maps", NULL},
    {"classes.*.flag0_ignored", "int", "always",
     "floors of the class where the cause is the ignored Flag0 tiles", NULL},
    {"classes.*.wrap", "int", "always", "floors where the cause is the 256 wrap", NULL},
    {"classes.*.examples", "array of object", "always", "up to 5 examples", NULL},
    {"classes.*.examples[].band", "int", "always", "band code of the map", NULL},
    {"classes.*.examples[].seed", "int", "always", "seed", NULL},
    {"classes.*.examples[].floor", "int", "always", "floor number", NULL},
    {"classes.*.examples[].legacy_state", "int", "always", "state the legacy model gives", NULL},
    {"classes.*.examples[].legacy_state_text", "string", "always", "that state in words", NULL},
    {"classes.*.examples[].legacy_ofs", "int", "always", "ElistOfs the legacy model gives", NULL},
    {"classes.*.examples[].state", "int", "always", "the game model's state", NULL},
    {"classes.*.examples[].state_text", "string", "always", "that state in words", NULL},
    {"classes.*.examples[].ofs", "int", "always", "the game model's ElistOfs", NULL},
    {"classes.*.examples[].X", "int", "always", "passages", NULL},
    {"classes.*.examples[].D", "int", "always", "Flag0 tiles", NULL},
    {"families", "object", "always", "every disagreement, legacy family (key) vs real family", NULL},
    {"families.*", "object", "always", "`none`, `partial`, `reduced`, `ONLY`, `no-enemy`", NULL},
    {"families.*.*", "int", "always", "floors", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static const cli_result STATS_LEGACY_DIFF_RESULT = {
    "stats --legacy-diff",
    "`grotto stats --legacy-diff --json`: every map floor judged by the game model and by the legacy Windows "
    "tool's model (docs/spec-notes.md, note 27).",
    "stats --legacy-diff --json --quiet",
    STATS_LEGACY_DIFF_FIELDS,
    NULL,
};

const cli_command CMD_stats = {
    .name = "stats",
    .summary = "universe figures: softlock candidates, stair overflow, never-seeds, twins, lost chests",
    .size = sizeof(stats_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 2,
    .about = "Figures over every floor (32,768 seeds x 16) and every map (12 bands x 32,768 seeds),\n"
             "computed from the universe index, each next to what was seen on the console:\n"
             "  softlock candidates: floors whose final up stairs touch a chest, whose down stairs\n"
             "      are cut off with the chests solid, both, and both on a stair-overflow floor (as\n"
             "      the two softlock floors seen on the console, 5BC3 B4F and 5BC4 B3F), with the\n"
             "      maps holding them\n"
             "  stair overflow: the floors whose stair placement runs out of room, their distinct\n"
             "      generator inputs, how many occur on real maps per band, up stairs written on a\n"
             "      wall (and the same over seeds 0000..FFFF, which the community tool accepts)\n"
             "  never-seeds: seeds no timer value yields\n"
             "  name twins: maps sharing the quest-15 map's name\n"
             "  lost trapped chests: floors whose trapped-chest monster records do not fit in\n"
             "      memory, on each counting basis (instances, maps that can be found, distinct\n"
             "      floors),\n"
             "      against the published figures; and on the chest-rank basis (a floor counts only\n"
             "      where one of its chests has a rank that can hold the lost trapped chest: rank G\n"
             "      the cannibox, F..C the mimic, B, A, S Pandora's box), with the floors that keep\n"
             "      the mimic's record with 0 bytes to spare (candidates to check on a console)\n"
             "  and the count of every enemy-list state. The words: 'grotto help terms'.\n"
             "Maps that no base quality gives in their band (unfindable: search and odds leave them\n"
             "out) are not counted as arising nor as softlock candidates' maps unless\n"
             "--include-unfindable.\n",
    .notes_more = query_index_help,
    .examples = "grotto stats\n"
                "grotto stats --json --quiet\n"
                "grotto stats --engine ref --no-cache   # the same figures from the reference\n"
                "grotto stats --legacy-diff             # where the legacy Windows tool misjudged",
    .run = run,
    .result = {&STATS_RESULT, &STATS_LEGACY_DIFF_RESULT},
    .render = {[CLI_TEXT] = &TEXT},
};
