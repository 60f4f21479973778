/* grotto bench --queries (bench_queries.c). */
#ifndef GROTTO_CLI_BENCH_QUERIES_H
#define GROTTO_CLI_BENCH_QUERIES_H

#include <stdio.h>

/* Runs the query set; prints the table or JSON. Returns the exit code. */
int bench_queries(int runs, int json, int quiet); /* quiet: no progress lines on stderr */
/* Help lines of --queries and -n, with the query set. */
void bench_queries_help(FILE *out);

#endif
