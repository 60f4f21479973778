/* grotto timer T [--base Q]: rng-and-timer.md §4. */
#include <stdlib.h>

#include "cli.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "location.h"
#include "output.h"

static const cli_usage TIMER_USAGE = {
    "grotto timer T [--base Q] [--json]",
    "What the console timer value T (0..65535) produces when a random treasure map is\n"
    "made: the three draws r1 (quality variation), the map seed and r3 (entrance\n"
    "location), and the entrance location for each range of final quality (2..50,\n"
    "51..80, 81..248). With --base Q (base quality 2..248, e.g. from a grotto boss:\n"
    "level + 5 x revocations + grotto level) also the final quality, its band, its\n"
    "location and the resulting map with its name.\n",
    NULL,
    NULL,
    cli_location_help,
    "grotto timer 36690 --base 55     # quality 54, map 020032, location 72 (= 114)\n"
    "grotto timer 36690 --json",
};

int cmd_timer(int argc, char **argv)
{
    const char *base_s = NULL, *pos[1];
    int json = 0, help = 0, npos;
    const cli_opt opts[] = {
        {"T", 0, OPT_ARG, NULL, NULL, NULL, "the timer value 0..65535"},
        {"base", 0, OPT_VALUE, NULL, &base_s, "Q", "base quality 2..248"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md, 'timer')"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_parse("timer", argc, argv, opts, nopts, pos, 1, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_help(&TIMER_USAGE, opts, nopts);
        return EXIT_OK;
    }
    if (npos < 1)
        return cli_error("timer", "missing timer value T (0..65535); see 'grotto timer --help'");
    unsigned long t;
    if (cli_uint("timer", "timer value", pos[0], 65535, &t))
        return EXIT_USAGE;
    int base = 0;
    if (base_s && cli_quality("timer", base_s, &base))
        return EXIT_USAGE;
    if (cli_parse_only)
        return EXIT_OK;

    grotto_timer_draws d;
    grotto_timer((uint32_t)t, &d);
    int quality = 0, location = 0, band = -1;
    grotto_map_details_t md;
    char name_en[128] = "", name_jp[192] = "", id[8] = "", loc[256];
    if (base) {
        quality = grotto_final_quality(base, d.r1);
        location = grotto_location(quality, d.r3);
        band = grotto_band_of_quality(quality);
        grotto_map_details(quality, d.seed, &md);
        grotto_map_name_en(&md, name_en, sizeof name_en);
        grotto_map_name_jp(&md, name_jp, sizeof name_jp);
        cli_format_map_id(gt_band[band].code, d.seed, id);
    }
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_uint(&w, "timer", t);
        jw_uint(&w, "r1", d.r1);
        jw_uint(&w, "seed", d.seed);
        jw_uint(&w, "r3", d.r3);
        jw_arr(&w, "locations_by_quality");
        for (int i = 0; i < GT_LOCATION_BAND_COUNT; i++) {
            int l = grotto_location(gt_location_bands[i].qmin, d.r3);
            jw_obj(&w, NULL);
            jw_uint(&w, "quality_min", gt_location_bands[i].qmin);
            jw_uint(&w, "quality_max", gt_location_bands[i].qmax);
            jw_int(&w, "location", l);
            cli_json_location(&w, "location_info", l);
            jw_end_obj(&w);
        }
        jw_end_arr(&w);
        if (base) {
            jw_uint(&w, "base", (unsigned)base);
            jw_uint(&w, "quality", (unsigned)quality);
            jw_uint(&w, "band", gt_band[band].code);
            jw_int(&w, "location", location);
            cli_json_location(&w, "location_info", location);
            jw_str(&w, "map", id);
            jw_str(&w, "name_en", name_en);
            jw_str(&w, "name_jp", name_jp);
        }
        jw_end_obj(&w);
        jw_done(&w);
        return EXIT_OK;
    }
    printf("timer %lu: r1 %u, seed 0x%04X, r3 %u\n", t, d.r1, d.seed, d.r3);
    printf("location by final quality:\n");
    for (int i = 0; i < GT_LOCATION_BAND_COUNT; i++) {
        char range[16];
        cli_location_text(grotto_location(gt_location_bands[i].qmin, d.r3), CLI_LOC_BOTH | CLI_LOC_NOTE, loc,
                          sizeof loc);
        snprintf(range, sizeof range, "%u..%u", gt_location_bands[i].qmin, gt_location_bands[i].qmax);
        printf("  %-8s  %s\n", range, loc);
    }
    if (base) {
        cli_location_text(location, CLI_LOC_BOTH | CLI_LOC_NOTE, loc, sizeof loc);
        printf("base quality %d: final quality %d (band %02X, qualities %u..%u)\n"
               "map %s  %s / %s\n"
               "location %s\n",
               base, quality, gt_band[band].code, gt_band[band].qmin, gt_band[band].qmax, id, name_en, name_jp, loc);
    } else {
        printf("(add --base Q for the final quality, location and map)\n");
    }
    return EXIT_OK;
}
