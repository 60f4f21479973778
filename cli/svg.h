#ifndef GROTTO_CLI_SVG_H
#define GROTTO_CLI_SVG_H

#include <stdio.h>

#include "view.h"

/* Writes the floor as an SVG document (title on top, the legend below);
 * 0, or -1 on a write error. */
int svg_write_floor(FILE *out, const floor_view *v, const char *title);

#endif
