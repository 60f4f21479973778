/* grotto timer T [--base Q]: what a console timer value makes - its three
 * draws, the entrance location for each range of final quality and, with a
 * base quality, the final quality, its location and the map. Run:
 * lookup_timer (lookup/). */
#include <stddef.h>

#include "cli.h"
#include "lookup.h"
#include "show.h"

typedef struct timer_args {
    int format;
    lookup_timer_args a;
} timer_args;

#define A(f) offsetof(timer_args, a.f)

static const cli_option OPTIONS[] = {
    {"base", 0, "Q", &CLI_QUALITY, A(base), NULL, 0, 0, 0, NULL, "base quality 2..248"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 0, NULL, "machine-readable (docs/json.md, 'timer')"},
    {0},
};

static const cli_range TIMER = {"timer value", 0, 65535};
static const cli_positional POS[] = {
    {"T", &CLI_UINT, A(timer), &TIMER, 0, 0, "timer value 0..65535"},
    {0},
};
static const cli_mode MODES[] = {{NULL, POS, NULL, NULL}};

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    return lookup_timer(&((const timer_args *)args)->a, r);
}

static void text(const json_t *d, const void *args)
{
    (void)args;
    char loc[320];
    printf("timer %lld: r1 %lld, seed 0x%04llX, r3 %lld\n", res_get_int(d, "timer"), res_get_int(d, "r1"),
           res_get_int(d, "seed"), res_get_int(d, "r3"));
    printf("location by final quality:\n");
    const json_t *bands = json_object_get(d, "locations_by_quality");
    for (size_t i = 0; i < json_array_size(bands); i++) {
        const json_t *b = json_array_get(bands, i);
        char range[32];
        show_location(json_object_get(b, "location_info"), SHOW_LOC_BOTH | SHOW_LOC_NOTE, loc, sizeof loc);
        snprintf(range, sizeof range, "%lld..%lld", res_get_int(b, "quality_min"), res_get_int(b, "quality_max"));
        printf("  %-8s  %s\n", range, loc);
    }
    if (!res_has(d, "base")) {
        printf("(add --base Q for the final quality, location and map)\n");
        return;
    }
    show_location(json_object_get(d, "location_info"), SHOW_LOC_BOTH | SHOW_LOC_NOTE, loc, sizeof loc);
    printf("base quality %lld: final quality %lld (band %02llX, qualities %lld..%lld)\n"
           "map %s  %s / %s\n"
           "location %s\n",
           res_get_int(d, "base"), res_get_int(d, "quality"), res_get_int(d, "band"), res_get_int(d, "quality_min"),
           res_get_int(d, "quality_max"), res_get_str(d, "map"), res_get_str(d, "name_en"), res_get_str(d, "name_jp"),
           loc);
}

static const cli_renderer TEXT = {NULL, NULL, text};

static const cli_field FIELDS[] = {
    {"timer", "int", "always", "the timer value 0..65535", NULL},
    {"r1", "int", "always", "1st draw: quality variation", NULL},
    {"seed", "int", "always", "2nd draw: the map seed", NULL},
    {"r3", "int", "always", "3rd draw: the entrance location", NULL},
    {"locations_by_quality", "array of object", "always", "the location for each range of final quality", NULL},
    {"locations_by_quality[].quality_min", "int", "always", "lowest final quality of the range", NULL},
    {"locations_by_quality[].quality_max", "int", "always", "highest", NULL},
    {"locations_by_quality[].location", "int", "always", "location number", NULL},
    {"locations_by_quality[].location_info", "location_info", "always", "the location", NULL},
    {"base", "int", "with `--base`", "the base quality", NULL},
    {"quality", "int", "with `--base`", "the final quality 2..248", NULL},
    {"band", "int", "with `--base`", "its band code", NULL},
    {"quality_min", "int", "with `--base`", "lowest quality of the band", NULL},
    {"quality_max", "int", "with `--base`", "highest quality of the band", NULL},
    {"location", "int", "with `--base`", "its location", NULL},
    {"location_info", "location_info", "with `--base`", "the location", NULL},
    {"map", "string", "with `--base`", "the resulting map id", NULL},
    {"name_en", "string", "with `--base`", "the map's name, English", NULL},
    {"name_jp", "string", "with `--base`", "Japanese", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "timer",
    "`grotto timer T [--base Q] --json`: what a console timer value produces.",
    "timer 36690 --json; timer 36690 --base 55 --json",
    FIELDS,
    NULL,
};

const cli_command CMD_timer = {
    .name = "timer",
    .summary = "what a console timer value produces (draws, quality, location, map)",
    .size = sizeof(timer_args),
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 1,
    .about = "What the console timer value T (0..65535) produces when a random treasure map is\n"
             "made: the three draws r1 (quality variation), the map seed and r3 (entrance\n"
             "location), and the entrance location for each range of final quality (2..50,\n"
             "51..80, 81..248). With --base Q (base quality 2..248, e.g. from a grotto boss:\n"
             "level + 5 x revocations + grotto level) also the final quality, its band, its\n"
             "location and the resulting map with its name. The words: 'grotto help terms'.\n",
    .notes_more = show_location_help,
    .examples = "grotto timer 36690 --base 55     # quality 54, map 020032, location 72 (= 114)\n"
                "grotto timer 36690 --json",
    .run = run,
    .result = {&RESULT},
    .render = {[CLI_TEXT] = &TEXT},
};
