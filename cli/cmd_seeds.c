/* grotto seeds --never | grotto seeds SSSS [--band RR]: rng-and-timer.md
 * §4.5 (where a map can be found) and §5 (seeds no timer yields). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grotto/tables.h"
#include "grotto/timer.h"

void help_seeds(FILE *out)
{
    fprintf(out,
            "usage: grotto seeds --never [--json]\n"
            "       grotto seeds SSSS [--band RR | --quality Q] [--json]\n"
            "\n"
            "--never lists the map seeds that no console timer value yields (302 of 32,768):\n"
            "such maps have details but can never be obtained as random maps.\n"
            "\n"
            "With a seed (hex 0..7FFF): the timers that yield it with their r1/r3 draws, and\n"
            "with a band (RR, any quality 2..248 in hex, or --quality Q in decimal) the entrance\n"
            "locations where that map can be found and the base qualities that lead there.\n"
            "\n"
            "examples: grotto seeds --never\n"
            "          grotto seeds 0032 --band 02\n");
}

static int never_list(int json)
{
    uint16_t *list = malloc(GROTTO_SEED_COUNT * sizeof *list);
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

/* One (timer, location) row of §4.5: bases lo..hi lead to location loc. */
typedef struct {
    unsigned timer, r1, r3;
    int location, base_lo, base_hi;
} place;

static int seed_places(uint32_t seed, int band, place *out, int max)
{
    int n = 0;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        if (d.seed != seed)
            continue;
        if (band < 0) {
            if (n < max)
                out[n++] = (place){t, d.r1, d.r3, 0, 0, 0};
            continue;
        }
        for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
            int q = grotto_final_quality(base, d.r1);
            if (q < gt_band[band].qmin || q > gt_band[band].qmax)
                continue;
            int loc = grotto_location(q, d.r3);
            if (n > 0 && out[n - 1].timer == t && out[n - 1].location == loc && out[n - 1].base_hi == base - 1)
                out[n - 1].base_hi = base;
            else if (n < max)
                out[n++] = (place){t, d.r1, d.r3, loc, base, base};
        }
    }
    return n;
}

int cmd_seeds(int argc, char **argv)
{
    const char *band_s = NULL, *quality_s = NULL, *pos[1];
    int json = 0, never = 0, help = 0, npos;
    cli_opt opts[] = {{"never", 0, OPT_FLAG, &never, NULL},
                      {"band", 0, OPT_VALUE, NULL, &band_s},
                      {"quality", 0, OPT_VALUE, NULL, &quality_s},
                      {"json", 0, OPT_FLAG, &json, NULL}};
    if (cli_parse("seeds", argc, argv, opts, 4, pos, 1, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        help_seeds(stdout);
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
    place places[512];
    int n = seed_places(seed, band, places, 512);
    int quest = band >= 0 && seed == GT_QUEST15_SEED && gt_band[band].qmin <= GT_QUEST15_QUALITY &&
                GT_QUEST15_QUALITY <= gt_band[band].qmax;
    int timers = 0;
    for (int i = 0; i < n; i++)
        timers += i == 0 || places[i].timer != places[i - 1].timer;
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_uint(&w, "seed", seed);
        jw_bool(&w, "never", timers == 0);
        jw_int(&w, "timers", timers);
        if (band >= 0)
            jw_uint(&w, "band", gt_band[band].code);
        jw_arr(&w, "places");
        for (int i = 0; i < n; i++) {
            jw_obj(&w, NULL);
            jw_uint(&w, "timer", places[i].timer);
            jw_uint(&w, "r1", places[i].r1);
            jw_uint(&w, "r3", places[i].r3);
            if (band >= 0) {
                jw_int(&w, "location", places[i].location);
                jw_int(&w, "base_min", places[i].base_lo);
                jw_int(&w, "base_max", places[i].base_hi);
            }
            jw_end_obj(&w);
        }
        if (quest) {
            jw_obj(&w, NULL);
            jw_str(&w, "timer", "quest 15");
            jw_int(&w, "location", GT_QUEST15_LOCATION);
            jw_int(&w, "base_min", GT_QUEST15_QUALITY);
            jw_int(&w, "base_max", GT_QUEST15_QUALITY);
            jw_end_obj(&w);
        }
        jw_end_arr(&w);
        jw_end_obj(&w);
        jw_done(&w);
        return EXIT_OK;
    }
    if (timers == 0 && !quest && band < 0) {
        printf("seed 0x%04X: no timer yields it (a never-seed)\n", seed);
        return EXIT_OK;
    }
    printf("seed 0x%04X: %d timer%s yield%s it\n", seed, timers, timers == 1 ? "" : "s", timers == 1 ? "s" : "");
    for (int i = 0; i < n; i++) {
        if (band < 0)
            printf("  T = %5u  r1 %5u  r3 %5u\n", places[i].timer, places[i].r1, places[i].r3);
        else
            printf("  T = %5u  location %3d  (bases %d..%d)\n", places[i].timer, places[i].location,
                   places[i].base_lo, places[i].base_hi);
    }
    if (band >= 0 && n == 0 && !quest)
        printf("  no base quality gives band %02X with this seed\n", gt_band[band].code);
    if (quest)
        printf("  quest 15   location %3d  (base %d)\n", GT_QUEST15_LOCATION, GT_QUEST15_QUALITY);
    return EXIT_OK;
}
