/* grotto seeds --never | grotto seeds SSSS [--band RR | --quality Q]: the
 * seeds no timer yields, or the timer values of a seed and where the map
 * of a band is found. Run: lookup_seeds (lookup/). */
#include <stddef.h>

#include "cli.h"
#include "lookup.h"
#include "show.h"

typedef struct seeds_args {
    int format;
    lookup_seeds_args a;
} seeds_args;

enum { M_NEVER = 1u << 0, M_SEED = 1u << 1 };
#define A(f) offsetof(seeds_args, a.f)

static const cli_option OPTIONS[] = {
    {"never", 0, NULL, &CLI_FLAG, A(never), NULL, M_NEVER, 0, 0, NULL, "the never-seeds"},
    {"band", 0, "RR", &CLI_BAND, A(band), NULL, M_SEED, 0, 1, NULL, "the map's band: any quality in hex, e.g. 02 or DD"},
    {"quality", 0, "Q", &CLI_BAND_OF_QUALITY, A(band), NULL, M_SEED, 0, 1, NULL,
     "the same as a decimal quality 2..248"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 0, NULL, "machine-readable (docs/json.md, 'seeds')"},
    {0},
};

static const cli_positional SEED[] = {
    {"SSSS", &CLI_SEED, A(seed), NULL, 0, 0, "the seed in hex 0..7FFF"},
    {0},
};

static const cli_mode MODES[] = {
    {"--never", NULL, NULL, NULL},
    {NULL, SEED, "give --never or a seed (hex 0..7FFF); see 'grotto seeds --help'", NULL},
};

static void init(void *args)
{
    ((seeds_args *)args)->a.band = -1;
}

static int run(const void *args, int mode, res_run *r)
{
    (void)mode;
    return lookup_seeds(&((const seeds_args *)args)->a, r);
}

static void never(const json_t *d)
{
    const json_t *seeds = json_object_get(d, "seeds");
    size_t n = json_array_size(seeds);
    printf("%lld seeds never arise from the timer (of 32768):\n", res_get_int(d, "count"));
    for (size_t i = 0; i < n; i++)
        printf("%04llX%s", (long long)json_integer_value(json_array_get(seeds, i)),
               (i % 16 == 15 || i + 1 == n) ? "\n" : " ");
}

static void timer_draws(const json_t *draws)
{
    for (size_t i = 0; i < json_array_size(draws); i++) {
        const json_t *t = json_array_get(draws, i);
        printf("  T = %5lld  r1 %5lld  r3 %5lld\n", res_get_int(t, "timer"), res_get_int(t, "r1"),
               res_get_int(t, "r3"));
    }
    if (json_array_size(draws))
        printf("(add --band RR for where the map of a band is found: locations and base qualities)\n");
}

static void text(const json_t *d, const void *args)
{
    (void)args;
    if (res_has(d, "count")) {
        never(d);
        return;
    }
    long long seed = res_get_int(d, "seed"), n = res_get_int(d, "timers");
    if (n == 0)
        printf("seed 0x%04llX: no timer yields it (a never-seed)\n", seed);
    else
        printf("seed 0x%04llX: %lld timer%s yield%s it\n", seed, n, n == 1 ? "" : "s", n == 1 ? "s" : "");
    if (!res_has(d, "band")) {
        timer_draws(json_object_get(d, "timer_draws"));
        return;
    }
    long long band = res_get_int(d, "band");
    const json_t *found = json_object_get(d, "found_at");
    if (!json_array_size(found)) {
        printf("  map %02llX%04llX cannot be found: no base quality gives band %02llX with this seed\n", band, seed,
               band);
        return;
    }
    printf("map %02llX%04llX (qualities %lld..%lld) is found at:\n", band, seed, res_get_int(d, "quality_min"),
           res_get_int(d, "quality_max"));
    show_places(found, "  ");
}

static const cli_renderer TEXT = {NULL, NULL, text};

static const cli_field FIELDS[] = {
    {"count", "int", "with `--never`", "how many seeds no timer value yields (302)", NULL},
    {"seeds", "array of int", "with `--never`", "those seeds, ascending", NULL},
    {"seed", "int", "with a seed", "the seed", NULL},
    {"never_seed", "bool", "with a seed", "no timer value yields it", NULL},
    {"timers", "int", "with a seed", "timer values yielding it (0..3)", NULL},
    {"timer_draws", "array of object", "with a seed, without a band", "the timer values yielding it", NULL},
    {"timer_draws[].timer", "int", "always", "timer value", NULL},
    {"timer_draws[].r1", "int", "always", "its 1st draw", NULL},
    {"timer_draws[].r3", "int", "always", "its 3rd draw", NULL},
    {"band", "int", "with `--band` or `--quality`", "band code", NULL},
    {"quality_min", "int", "with `--band` or `--quality`", "lowest quality of the band", NULL},
    {"quality_max", "int", "with `--band` or `--quality`", "highest quality of the band", NULL},
    {"found_at", "array of place", "with `--band` or `--quality`", "where the map (band, seed) can be found", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "seeds",
    "`grotto seeds --never --json`, or `grotto seeds SSSS [--band RR | --quality Q] --json`.",
    "seeds --never --json; seeds 0032 --json; seeds 0032 --band 02 --json; seeds 0007 --json",
    FIELDS,
    NULL,
};

const cli_command CMD_seeds = {
    .name = "seeds",
    .summary = "seed facts: the seeds no timer yields, the timers of a seed",
    .size = sizeof(seeds_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 2,
    .about = "--never lists the map seeds that no console timer value yields (302 of 32,768):\n"
             "such maps have details but can never be obtained as random maps.\n"
             "\n"
             "With a seed (hex 0..7FFF): the timers that yield it with their r1/r3 draws, and\n"
             "with a band (RR, any quality 2..248 in hex, or --quality Q in decimal) where that\n"
             "map can be found: per timer, the base qualities whose final quality falls in the\n"
             "band and the entrance location each leads to; quest 15's fixed map (location 05,\n"
             "base 2) is listed for seed 0032 in band 02. The words: 'grotto help terms'.\n",
    .notes_more = show_location_help,
    .examples = "grotto seeds --never\n"
                "grotto seeds 0032 --band 02      # where map 020032 is found\n"
                "grotto seeds 5BC3 --json",
    .run = run,
    .result = {&RESULT, &RESULT},
    .render = {[CLI_TEXT] = &TEXT},
};
