/* grotto seeds --never | grotto seeds SSSS [--band RR]: rng-and-timer.md
 * §4.5 (where a map can be found) and §5 (seeds no timer yields). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "location.h"
#include "place.h"

static const cli_usage SEEDS_USAGE = {
    "grotto seeds --never [--json]\ngrotto seeds SSSS [--band RR | --quality Q] [--json]",
    "--never lists the map seeds that no console timer value yields (302 of 32,768):\n"
    "such maps have details but can never be obtained as random maps.\n"
    "\n"
    "With a seed (hex 0..7FFF): the timers that yield it with their r1/r3 draws, and\n"
    "with a band (RR, any quality 2..248 in hex, or --quality Q in decimal) where that\n"
    "map can be found (rng-and-timer.md 4.5): per timer, the base qualities whose final\n"
    "quality falls in the band and the entrance location each leads to; quest 15's\n"
    "fixed map (location 05, base 2) is listed for seed 0032 in band 02.\n",
    NULL,
    NULL,
    cli_location_help,
    "grotto seeds --never\n"
    "grotto seeds 0032 --band 02      # where map 020032 is found\n"
    "grotto seeds 5BC3 --json",
};

static int never_list(int json)
{
    uint16_t *list = malloc(GROTTO_SEED_COUNT * sizeof *list);
    if (!list)
        return cli_error("seeds", "out of memory");
    int n = grotto_never_seeds(list);
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_int(&w, "count", n);
        jw_arr(&w, "seeds");
        for (int i = 0; i < n; i++)
            jw_uint(&w, NULL, list[i]);
        jw_end_arr(&w);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        printf("%d seeds never arise from the timer (of 32768):\n", n);
        for (int i = 0; i < n; i++)
            printf("%04X%s", list[i], (i % 16 == 15 || i + 1 == n) ? "\n" : " ");
    }
    free(list);
    return EXIT_OK;
}

/* The timers whose 2nd draw is seed (at most 3, §5). */
static int seed_timers(uint32_t seed, grotto_timer_draws out[4])
{
    int n = 0;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        if (d.seed == seed && n < 4)
            out[n++] = d;
    }
    return n;
}

static void json_seed(uint32_t seed, int band, const grotto_timer_draws *timers, int ntimers, const cli_place *places,
                      int nplaces)
{
    jw w;
    jw_init(&w, stdout);
    jw_obj(&w, NULL);
    jw_uint(&w, "seed", seed);
    jw_bool(&w, "never_seed", ntimers == 0);
    jw_int(&w, "timers", ntimers);
    if (band >= 0) {
        jw_uint(&w, "band", gt_band[band].code);
        cli_json_places(&w, "found_at", places, nplaces);
    } else {
        jw_arr(&w, "timer_draws");
        for (int i = 0; i < ntimers; i++) {
            jw_obj(&w, NULL);
            jw_uint(&w, "timer", timers[i].timer);
            jw_uint(&w, "r1", timers[i].r1);
            jw_uint(&w, "r3", timers[i].r3);
            jw_end_obj(&w);
        }
        jw_end_arr(&w);
    }
    jw_end_obj(&w);
    jw_done(&w);
}

static void text_seed(uint32_t seed, int band, const grotto_timer_draws *timers, int ntimers, const cli_place *places,
                      int nplaces)
{
    if (ntimers == 0)
        printf("seed 0x%04X: no timer yields it (a never-seed)\n", seed);
    else
        printf("seed 0x%04X: %d timer%s yield%s it\n", seed, ntimers, ntimers == 1 ? "" : "s",
               ntimers == 1 ? "s" : "");
    if (band < 0) {
        for (int i = 0; i < ntimers; i++)
            printf("  T = %5u  r1 %5u  r3 %5u\n", timers[i].timer, timers[i].r1, timers[i].r3);
        if (ntimers)
            printf("(add --band RR for where the map of a band is found: locations and base qualities)\n");
        return;
    }
    char id[8];
    cli_format_map_id(gt_band[band].code, seed, id);
    if (nplaces == 0) {
        printf("  map %s cannot be found: no base quality gives band %02X with this seed\n", id, gt_band[band].code);
        return;
    }
    printf("map %s (qualities %u..%u) is found at:\n", id, gt_band[band].qmin, gt_band[band].qmax);
    cli_print_places(stdout, "  ", places, nplaces);
}

int cmd_seeds(int argc, char **argv)
{
    const char *band_s = NULL, *quality_s = NULL, *pos[1];
    int json = 0, never = 0, help = 0, npos;
    const cli_opt opts[] = {
        {"SSSS", 0, OPT_ARG, NULL, NULL, NULL, "the seed in hex 0..7FFF"},
        {"never", 0, OPT_FLAG, &never, NULL, NULL, "the never-seeds"},
        {"band", 0, OPT_VALUE, NULL, &band_s, "RR", "the map's band: any quality in hex, e.g. 02 or DD"},
        {"quality", 0, OPT_VALUE, NULL, &quality_s, "Q", "the same as a decimal quality 2..248"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md, 'seeds')"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse("seeds", argc, argv, opts, nopts, pos, 1, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&SEEDS_USAGE, opts, nopts);
        return EXIT_OK;
    }
    if (never) {
        if (npos || band_s || quality_s)
            return cli_error("seeds", "--never takes no seed, band or quality");
        if (cli_parse_only)
            return EXIT_OK;
        return never_list(json);
    }
    if (npos < 1)
        return cli_error("seeds", "give --never or a seed (hex 0..7FFF); see 'grotto seeds --help'");
    uint32_t seed;
    if (cli_seed("seeds", pos[0], &seed))
        return EXIT_USAGE;
    if (band_s && quality_s)
        return cli_error("seeds", "give either --band or --quality, not both");
    int band = -1;
    if (band_s) {
        if (cli_band("seeds", band_s, &band))
            return EXIT_USAGE;
    } else if (quality_s) {
        int q;
        if (cli_quality("seeds", quality_s, &q))
            return EXIT_USAGE;
        band = grotto_band_of_quality(q);
    }
    if (cli_parse_only)
        return EXIT_OK;
    grotto_timer_draws timers[4];
    int ntimers = seed_timers(seed, timers);
    static cli_place places[CLI_PLACES_MAX];
    int nplaces = band >= 0 ? cli_map_places(seed, band, places) : 0;
    if (json)
        json_seed(seed, band, timers, ntimers, places, nplaces);
    else
        text_seed(seed, band, timers, ntimers, places, nplaces);
    return EXIT_OK;
}
