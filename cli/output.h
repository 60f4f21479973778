/* Files written whole or not at all (issue 9): the command-side wrapper of
 * base_out_* (base/out_file.c): a temporary name in the same directory,
 * renamed onto the wanted name only when complete, so a failed write leaves
 * no partial file (and an existing file untouched). Standard output is
 * checked once, for every command, in main.c. */
#ifndef GROTTO_CLI_OUTPUT_H
#define GROTTO_CLI_OUTPUT_H

#include <stdio.h>

#include "base.h"
#include "oracle.h"

typedef struct cli_file {
    FILE *f;          /* write here */
    base_out_file o;
} cli_file;

/* Creates the temporary file next to path. 0, or the problem printed
 * ("grotto CMD: PATH: cannot write: ...") and EXIT_USAGE. */
int cli_file_open(const char *cmd, const char *path, cli_file *cf);

/* Flushes, syncs, closes and renames the temporary onto path. `failed`
 * non-zero (the writer saw an error) counts as a failure too. On failure the
 * temporary is removed, one line is printed and EXIT_USAGE returned. */
int cli_file_commit(const char *cmd, cli_file *cf, int failed);

#endif
