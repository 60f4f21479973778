/* A floor as an SVG picture (svg.c), from the floor command's result. */
#ifndef GROTTO_CLI_SVG_H
#define GROTTO_CLI_SVG_H

#include <stdio.h>

#include "cli.h"

/* Writes the floor (a `floor` document with its grid) as an SVG document,
 * title on top, the legend below; with_path: its walk_path as a line.
 * 0, or -1 on a write error. */
int svg_write_floor(FILE *out, const json_t *doc, const char *title, int with_path);

#endif
