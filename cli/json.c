/* A minimal streaming JSON writer for --json output (stable key order). */
#include <math.h>
#include <string.h>

#include "cli.h"

void jw_init(jw *w, FILE *f)
{
    memset(w, 0, sizeof *w);
    w->f = f;
}

static void jw_raw_str(FILE *f, const char *s);

/* Comma before every member but the first; then "key": when there is one. */
static void jw_key(jw *w, const char *key)
{
    if (w->depth > 0 && w->count[w->depth]++ > 0)
        fputc(',', w->f);
    if (key) {
        jw_raw_str(w->f, key);
        fputc(':', w->f);
    }
}

/* Length of the valid UTF-8 sequence at p (no overlong forms, surrogates or
 * code points above U+10FFFF), 0 if p does not start one. */
static size_t utf8_len(const unsigned char *p)
{
    unsigned c = p[0], cp;
    size_t n;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07;
    else
        return 0;
    for (size_t k = 1; k < n; k++) {
        if ((p[k] & 0xC0) != 0x80) /* also stops at the terminating NUL */
            return 0;
        cp = cp << 6 | (p[k] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* A JSON string, always valid UTF-8: a byte that does not belong to a valid
 * UTF-8 sequence (a file name in another encoding) is written as U+FFFD,
 * one per byte (docs/json.md). */
static void jw_raw_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = utf8_len(p);
        if (n == 0)
            fputs("\\ufffd", f);
        else if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fwrite(p, 1, n, f);
        p += n ? n : 1;
    }
    fputc('"', f);
}

void jw_obj(jw *w, const char *key)
{
    int top = w->depth == 0 && !key;
    jw_key(w, key);
    fputc('{', w->f);
    w->count[++w->depth] = 0;
    if (top) /* every document says which version of docs/json.md it follows */
        jw_int(w, "schema", CLI_JSON_SCHEMA);
}

void jw_end_obj(jw *w)
{
    fputc('}', w->f);
    w->depth--;
}

void jw_arr(jw *w, const char *key)
{
    jw_key(w, key);
    fputc('[', w->f);
    w->count[++w->depth] = 0;
}

void jw_end_arr(jw *w)
{
    fputc(']', w->f);
    w->depth--;
}

void jw_int(jw *w, const char *key, long long v)
{
    jw_key(w, key);
    fprintf(w->f, "%lld", v);
}

void jw_uint(jw *w, const char *key, unsigned long long v)
{
    jw_key(w, key);
    fprintf(w->f, "%llu", v);
}

void jw_num(jw *w, const char *key, double v, int decimals)
{
    jw_key(w, key);
    if (isfinite(v))
        fprintf(w->f, "%.*f", decimals, v);
    else /* JSON has no nan or inf */
        fputs("null", w->f);
}

void jw_str(jw *w, const char *key, const char *s)
{
    jw_key(w, key);
    if (!s) {
        fputs("null", w->f);
        return;
    }
    jw_raw_str(w->f, s);
}

void jw_bool(jw *w, const char *key, int v)
{
    jw_key(w, key);
    fputs(v ? "true" : "false", w->f);
}

void jw_null(jw *w, const char *key)
{
    jw_key(w, key);
    fputs("null", w->f);
}

void jw_xy(jw *w, const char *key, grotto_xy p)
{
    jw_key(w, key);
    fprintf(w->f, "[%u,%u]", p.x, p.y);
}

void jw_done(jw *w)
{
    fputc('\n', w->f);
}

void jw_raw_item(jw *w)
{
    jw_key(w, NULL);
}
