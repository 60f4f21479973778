/* The tests' access to the golden corpus: files under corpus/, the .jsonl
 * vectors line by line as jansson values (Debian libjansson-dev; the CLI
 * only writes JSON, the tests read it), and small helpers for the records
 * the vectors hold. Not used by the product. */
#ifndef GROTTO_TEST_CORPUS_H
#define GROTTO_TEST_CORPUS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* Parse one JSON text (a whole document); NULL on a syntax error. Free
 * with json_decref. */
json_t *jparse(const char *text);
/* An integer member (true/false count as 1/0); aborts the test process
 * when it is missing or not a number - a vector without its value is a
 * broken corpus, never a pass. */
long jint(const json_t *obj, const char *key);
/* The number v holds (true/false: 1/0); aborts when v is NULL or holds
 * no number. */
long jlong(const json_t *v);
/* A string member, or NULL when missing or not a string. */
const char *jstr(const json_t *obj, const char *key);

/* Lines of a .jsonl file under corpus/: calls fn for each parsed line
 * (aborts on a line that is not JSON). Returns the number of lines, or -1
 * if the file cannot be read. */
long corpus_each_line(const char *corpus_relative, void (*fn)(const json_t *line, void *ctx), void *ctx);

/* Read a whole corpus file (NUL-terminated); *len receives its size. NULL
 * on failure. */
uint8_t *corpus_read(const char *corpus_relative, size_t *len);

/* Decode hex into out (at most cap bytes); returns bytes written or -1. */
long hex_decode(const char *hex, uint8_t *out, size_t cap);

/* First byte where two records differ, or -1 when they are equal. */
long first_difference(const uint8_t *got, const uint8_t *want, size_t n);

/* FNV-1a of a record as the golden jsonl files write it: 16 hex digits. */
void digest_hex(const uint8_t *rec, size_t n, char out[17]);

#endif
