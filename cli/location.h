/* Entrance locations as the community writes them (locations.json, generated
 * as gt_location[]): two hex digits ("72" = location 114), the overworld area
 * in English / Japanese, the monster mark and the reachability marks. */
#ifndef GROTTO_CLI_LOCATION_H
#define GROTTO_CLI_LOCATION_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* "72 Wormwood Canyon ◯" (jp = 1: the Japanese area name); adds
 * " (ship only)", " (Starflight only)" or " (no direct Starflight)" where the
 * table says so. Location numbers outside 1..150 give "??". Returns the
 * snprintf length. */
int cli_location_text(int no, int jp, char *buf, size_t size);

/* JSON object for a location: {"number":114,"hex":"72","area_en":..,
 * "area_jp":..,"monster_mark":"◯","monster":"never","starflight_direct":true,
 * "ship_only":false,"starflight_only":false} (key NULL inside arrays). */
void cli_json_location(jw *w, const char *key, int no);

/* Parse a --location argument into a set of locations (bit i of set[] for
 * location i, 1..150). Accepted, as documented in the help texts:
 *   two hex digits, the community's code:  72  -> location 114
 *   0x-prefixed hex:                       0x72 -> 114
 *   one or three decimal digits:           5, 114, 072 -> 5, 114, 72
 *   an overworld area name, EN (any case, surrounding spaces ignored) or JP:
 *                                          "Wormwood Canyon" -> every location there
 * Returns the number of locations selected, or prints the problem and
 * returns -1 (EXIT_USAGE should follow). */
int cli_location_parse(const char *cmd, const char *text, uint8_t set[GROTTO_LOCATION_SET_BYTES]);

#endif
