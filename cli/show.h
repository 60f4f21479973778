/* Text pieces several renderers share, each reading only the result value
 * (a `location_info`, an array of `place`, a `floor` object of
 * docs/json.md): locations as the community writes them, where a map is
 * found, a floor's anomalies, its softlock report and its monster list. */
#ifndef GROTTO_CLI_SHOW_H
#define GROTTO_CLI_SHOW_H

#include <stddef.h>
#include <stdio.h>

#include "cli.h"

/* A location (location_info): "72 Wormwood Canyon ◯", flags may be or-ed:
 * SHOW_LOC_BOTH "72 Wormwood Canyon / <Japanese> ◯", SHOW_LOC_NOTE appends
 * the community's note " [note: 4.81s (3rd)]"; every form adds
 * " (ship only)", " (Starflight only)" or " (no direct Starflight)" where
 * the table says so. */
enum { SHOW_LOC_EN = 0, SHOW_LOC_BOTH = 2, SHOW_LOC_NOTE = 4 };
void show_location(const json_t *info, int flags, char *buf, size_t size);

/* One line per place (array of place): "<indent>timer 36690  bases   2..51
 * 23 Slurry Coast / ... ◯", wrapped at the width. */
void show_places(const json_t *places, const char *indent);

/* Help paragraph explaining the two-hex-digit codes and the marks. */
void show_location_help(FILE *out);

/* "STAIR OVERFLOW; 3 ghost stairs; chest 2 (3,4) unreachable; ..." or "-". */
void show_anomalies(const json_t *floor, char *buf, size_t size);
/* The softlock report of an overflow floor, in one paragraph. */
void show_softlock(const json_t *floor);

/* The floor's monster list, compact: "Cannibox*, Mimic*, Teaky Mask 20% |
 * cut: ..." (a floor of a map). */
void show_monsters_line(const json_t *floor, char *buf, size_t size);
/* One monster per line: id, spawn share or "chest", EN / JP name, [cut]. */
void show_monsters_block(const json_t *floor);
/* Help paragraph explaining the marks of both forms. */
void show_monsters_help(FILE *out);

/* "(x,y)" of an xy value. */
void show_xy(const json_t *xy, char *buf, size_t size);
/* Says once that the enemy lists shown are the legacy tool's model, when
 * the document's engine is legacy. */
void show_engine_note(const json_t *doc);

#endif
