/* A small JSON reader for the tests (golden .jsonl vectors). Not used by
 * the product: the CLI only writes JSON. */
#ifndef GROTTO_TESTJSON_H
#define GROTTO_TESTJSON_H

#include <stddef.h>
#include <stdint.h>

typedef enum { TJ_NULL, TJ_BOOL, TJ_NUM, TJ_STR, TJ_ARR, TJ_OBJ } tj_kind;

typedef struct tj {
    tj_kind kind;
    double num;           /* TJ_NUM, TJ_BOOL (0/1) */
    char *str;            /* TJ_STR (UTF-8, NUL-terminated) */
    size_t len;           /* TJ_ARR / TJ_OBJ: number of children */
    struct tj *items;     /* children */
    char **keys;          /* TJ_OBJ: key of each child */
} tj;

/* Parse one JSON text; returns NULL on a syntax error. */
tj *tj_parse(const char *text);
void tj_free(tj *v);
/* Object member by key (NULL if absent or not an object). */
const tj *tj_get(const tj *obj, const char *key);
/* Convenience: integer member (aborts the test process if missing). */
long tj_int(const tj *obj, const char *key);
const char *tj_str(const tj *obj, const char *key);
const tj *tj_at(const tj *arr, size_t i);

/* Lines of a .jsonl file under corpus/: calls fn for each parsed line.
 * Returns the number of lines, or -1 if the file cannot be read. */
long tj_each_line(const char *corpus_relative, void (*fn)(const tj *line, void *ctx), void *ctx);

/* Read a whole corpus file; *len receives its size. NULL on failure. */
uint8_t *corpus_read(const char *corpus_relative, size_t *len);

/* Decode hex into out (at most cap bytes); returns bytes written or -1. */
long hex_decode(const char *hex, uint8_t *out, size_t cap);

/* First byte where two records differ, or -1 when they are equal. */
long first_difference(const uint8_t *got, const uint8_t *want, size_t n);

/* FNV-1a of a record as the golden jsonl files write it: 16 hex digits. */
void digest_hex(const uint8_t *rec, size_t n, char out[17]);

#endif
