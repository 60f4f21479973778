/* Where a map can be found (rng-and-timer.md §4.5): for every timer whose
 * 2nd draw is the map's seed, the runs of base qualities whose final quality
 * lies in the map's band, each with the entrance location it leads to
 * (§4.2, drawn for that final quality); then quest 15's fixed map (§4.3:
 * seed 0x0032, location 5, base 2) when the band holds quality 2. */
#ifndef GROTTO_CLI_PLACE_H
#define GROTTO_CLI_PLACE_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"

typedef struct cli_place {
    int timer;          /* 0..65535, or CLI_PLACE_QUEST15 */
    unsigned r1, r3;    /* the timer's 1st and 3rd draws (0 for quest 15) */
    int location;       /* 1..150 */
    int base_lo, base_hi;
} cli_place;

/* A seed has at most 3 timers (§5), each at most one run per base 2..248. */
enum { CLI_PLACE_QUEST15 = -1, CLI_PLACES_MAX = 4 * 247 };

/* The places of (band 0..11, seed), timers ascending, then quest 15.
 * Returns how many (never more than CLI_PLACES_MAX). */
int cli_map_places(uint32_t seed, int band, cli_place out[CLI_PLACES_MAX]);

/* One line per place: "<indent>timer 36690  bases   2..51   23 Slurry Coast / ... ◯". */
void cli_print_places(FILE *out, const char *indent, const cli_place *p, int n);

/* JSON array `key` of {"source":"timer","timer":36690,"r1":..,"r3":..,
 * "location":35,"base_min":2,"base_max":51,"location_info":{cli_json_location}};
 * quest 15's entry has "source":"quest15" and null timer, r1, r3. */
void cli_json_places(jw *w, const char *key, const cli_place *p, int n);

#endif
