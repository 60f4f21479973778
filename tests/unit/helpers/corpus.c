/* The tests' corpus access (corpus.h): files read whole from corpus/
 * (GROTTO_CORPUS_DIR), .jsonl vectors parsed line by line with jansson. */
#include "corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/record.h"

json_t *jparse(const char *text)
{
    json_error_t err;
    return json_loads(text, JSON_REJECT_DUPLICATES, &err);
}

/* The number v holds in *out: 0, or -1 when v holds none. */
static int number(const json_t *v, long *out)
{
    if (json_is_integer(v))
        *out = (long)json_integer_value(v);
    else if (json_is_boolean(v))
        *out = json_is_true(v);
    else if (json_is_real(v))
        *out = (long)json_real_value(v);
    else
        return -1;
    return 0;
}

long jint(const json_t *obj, const char *key)
{
    long x;
    if (number(json_object_get(obj, key), &x) != 0) {
        fprintf(stderr, "corpus: missing numeric member '%s'\n", key);
        abort();
    }
    return x;
}

long jlong(const json_t *v)
{
    long x;
    if (number(v, &x) != 0) {
        fprintf(stderr, "corpus: a value that is missing or not a number\n");
        abort();
    }
    return x;
}

const char *jstr(const json_t *obj, const char *key)
{
    return json_string_value(json_object_get(obj, key));
}

uint8_t *corpus_read(const char *rel, size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", GROTTO_CORPUS_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *buf = NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf)
        return NULL;
    buf[n] = 0;
    if (len)
        *len = (size_t)n;
    return buf;
}

long corpus_each_line(const char *rel, void (*fn)(const json_t *line, void *ctx), void *ctx)
{
    size_t n;
    char *text = (char *)corpus_read(rel, &n);
    if (!text)
        return -1;
    long lines = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        json_error_t err;
        json_t *v = json_loads(line, JSON_REJECT_DUPLICATES, &err);
        if (!v) {
            fprintf(stderr, "corpus: %s: line %ld is not JSON: %s\n", rel, lines + 1, err.text);
            abort();
        }
        fn(v, ctx);
        json_decref(v);
        lines++;
    }
    free(text);
    return lines;
}

long hex_decode(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return (long)(n / 2);
}

long first_difference(const uint8_t *got, const uint8_t *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i])
            return (long)i;
    return -1;
}

void digest_hex(const uint8_t *rec, size_t n, char out[17])
{
    snprintf(out, 17, "%016llx", (unsigned long long)grotto_fnv1a(rec, n));
}
