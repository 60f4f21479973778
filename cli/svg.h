#ifndef GROTTO_CLI_SVG_H
#define GROTTO_CLI_SVG_H

#include <stdio.h>

#include "grotto/types.h"

/* Writes the floor as an SVG document; 0, or -1 on a write error. */
int svg_write_floor(FILE *out, const grotto_floor_t *f, const char *title);

#endif
