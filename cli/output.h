/* Output that is never lost silently (issue 9): standard output is checked
 * when a command ends, and files are written to a temporary name in the same
 * directory and renamed onto the wanted name only when complete, so a failed
 * write leaves no partial file (and an existing file untouched). */
#ifndef GROTTO_CLI_OUTPUT_H
#define GROTTO_CLI_OUTPUT_H

#include <stdio.h>

typedef struct cli_file {
    FILE *f;          /* write here */
    const char *path; /* the final name */
    char tmp[4096];   /* the temporary name, "PATH.XXXXXX" */
} cli_file;

/* Creates the temporary file next to path (mode as fopen would give).
 * 0, or the problem printed ("cannot write 'PATH': ...") and EXIT_USAGE. */
int cli_file_open(const char *cmd, const char *path, cli_file *cf);

/* Flushes, syncs, closes and renames the temporary onto path. `failed`
 * non-zero (the writer saw an error) counts as a failure too. On failure the
 * temporary is removed, one line is printed and EXIT_USAGE returned. */
int cli_file_commit(const char *cmd, cli_file *cf, int failed);

#endif
