/* Entrance locations as the community writes them (locations.json, generated
 * as gt_location[]): two hex digits ("72" = location 114), the overworld area
 * in English / Japanese, the monster mark and the reachability marks. */
#ifndef GROTTO_CLI_LOCATION_H
#define GROTTO_CLI_LOCATION_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* Text forms of a location (flags, may be or-ed):
 *   CLI_LOC_EN    "72 Wormwood Canyon ◯"            (0: the English area name)
 *   CLI_LOC_JP    "72 <Japanese area name> ◯"
 *   CLI_LOC_BOTH  "72 Wormwood Canyon / <Japanese> ◯", as names are shown elsewhere
 *   CLI_LOC_NOTE  appends the community's note, e.g. " [note: 4.81s (3rd)]"
 * Every form adds " (ship only)", " (Starflight only)" or
 * " (no direct Starflight)" where the table says so. */
enum { CLI_LOC_EN = 0, CLI_LOC_JP = 1, CLI_LOC_BOTH = 2, CLI_LOC_NOTE = 4 };

/* Location `no` in the form `flags` (jp = 1 is CLI_LOC_JP). Numbers outside
 * 1..150 give "??". Returns the snprintf length. */
int cli_location_text(int no, int flags, char *buf, size_t size);

/* JSON object for a location: {"number":114,"hex":"72","area_en":..,
 * "area_jp":..,"monster_mark":"◯","monster_bump":"never","starflight_direct":true,
 * "ship_only":false,"starflight_only":false,"note_en":null,"note_jp":null}
 * (key NULL inside arrays; notes null where the community has none). */
void cli_json_location(jw *w, const char *key, int no);

/* Help paragraph explaining the two-hex-digit codes and the marks, for the
 * --help of every command that prints locations. */
void cli_location_help(FILE *out);

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
