#include "testjson.h"

#include "grotto/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p;
    int err;
} tj_in;

static void ws(tj_in *in)
{
    while (*in->p == ' ' || *in->p == '\t' || *in->p == '\n' || *in->p == '\r')
        in->p++;
}

static int parse_value(tj_in *in, tj *out);

static void put_utf8(char **w, unsigned cp)
{
    char *o = *w;
    if (cp < 0x80) {
        *o++ = (char)cp;
    } else if (cp < 0x800) {
        *o++ = (char)(0xC0 | (cp >> 6));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (char)(0xE0 | (cp >> 12));
        *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (char)(0xF0 | (cp >> 18));
        *o++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    }
    *w = o;
}

static char *parse_string(tj_in *in)
{
    if (*in->p != '"') {
        in->err = 1;
        return NULL;
    }
    in->p++;
    const char *s = in->p;
    size_t cap = 0;
    while (s[cap] && s[cap] != '"') {
        if (s[cap] == '\\' && s[cap + 1])
            cap++;
        cap++;
    }
    char *buf = malloc(cap * 2 + 8);
    char *w = buf;
    while (*in->p && *in->p != '"') {
        char ch = *in->p++;
        if (ch != '\\') {
            *w++ = ch;
            continue;
        }
        char e = *in->p++;
        switch (e) {
        case 'n': *w++ = '\n'; break;
        case 't': *w++ = '\t'; break;
        case 'r': *w++ = '\r'; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'u': {
            unsigned cp = 0;
            for (int i = 0; i < 4; i++) {
                char h = *in->p++;
                cp <<= 4;
                if (h >= '0' && h <= '9') cp |= (unsigned)(h - '0');
                else if (h >= 'a' && h <= 'f') cp |= (unsigned)(h - 'a' + 10);
                else if (h >= 'A' && h <= 'F') cp |= (unsigned)(h - 'A' + 10);
                else { in->err = 1; free(buf); return NULL; }
            }
            if (cp >= 0xD800 && cp < 0xDC00 && in->p[0] == '\\' && in->p[1] == 'u') {
                unsigned lo = (unsigned)strtoul((char[]){in->p[2], in->p[3], in->p[4], in->p[5], 0}, NULL, 16);
                in->p += 6;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            put_utf8(&w, cp);
            break;
        }
        default: *w++ = e; break;
        }
    }
    if (*in->p != '"') {
        in->err = 1;
        free(buf);
        return NULL;
    }
    in->p++;
    *w = 0;
    return buf;
}

static int push(tj *out, tj *child, char *key)
{
    out->items = realloc(out->items, (out->len + 1) * sizeof *out->items);
    out->items[out->len] = *child;
    if (out->kind == TJ_OBJ) {
        out->keys = realloc(out->keys, (out->len + 1) * sizeof *out->keys);
        out->keys[out->len] = key;
    }
    out->len++;
    return 0;
}

static int parse_value(tj_in *in, tj *out)
{
    memset(out, 0, sizeof *out);
    ws(in);
    char c = *in->p;
    if (c == '{' || c == '[') {
        out->kind = c == '{' ? TJ_OBJ : TJ_ARR;
        char close = c == '{' ? '}' : ']';
        in->p++;
        ws(in);
        if (*in->p == close) {
            in->p++;
            return 0;
        }
        for (;;) {
            char *key = NULL;
            ws(in);
            if (out->kind == TJ_OBJ) {
                key = parse_string(in);
                if (!key)
                    return -1;
                ws(in);
                if (*in->p != ':') {
                    free(key);
                    return -1;
                }
                in->p++;
            }
            tj child;
            if (parse_value(in, &child)) {
                free(key);
                return -1;
            }
            push(out, &child, key);
            ws(in);
            if (*in->p == ',') {
                in->p++;
                continue;
            }
            if (*in->p == close) {
                in->p++;
                return 0;
            }
            return -1;
        }
    }
    if (c == '"') {
        out->kind = TJ_STR;
        out->str = parse_string(in);
        return out->str ? 0 : -1;
    }
    if (!strncmp(in->p, "true", 4)) { out->kind = TJ_BOOL; out->num = 1; in->p += 4; return 0; }
    if (!strncmp(in->p, "false", 5)) { out->kind = TJ_BOOL; out->num = 0; in->p += 5; return 0; }
    if (!strncmp(in->p, "null", 4)) { out->kind = TJ_NULL; in->p += 4; return 0; }
    char *end;
    out->num = strtod(in->p, &end);
    if (end == in->p)
        return -1;
    out->kind = TJ_NUM;
    in->p = end;
    return 0;
}

static void free_inner(tj *v)
{
    for (size_t i = 0; i < v->len; i++) {
        free_inner(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
}

tj *tj_parse(const char *text)
{
    tj_in in = {text, 0};
    tj *v = malloc(sizeof *v);
    if (parse_value(&in, v) || in.err) {
        free_inner(v);
        free(v);
        return NULL;
    }
    return v;
}

void tj_free(tj *v)
{
    if (!v)
        return;
    free_inner(v);
    free(v);
}

const tj *tj_get(const tj *obj, const char *key)
{
    if (!obj || obj->kind != TJ_OBJ)
        return NULL;
    for (size_t i = 0; i < obj->len; i++)
        if (!strcmp(obj->keys[i], key))
            return &obj->items[i];
    return NULL;
}

long tj_int(const tj *obj, const char *key)
{
    const tj *v = tj_get(obj, key);
    if (!v || (v->kind != TJ_NUM && v->kind != TJ_BOOL)) {
        fprintf(stderr, "testjson: missing numeric member '%s'\n", key);
        abort();
    }
    return (long)v->num;
}

const char *tj_str(const tj *obj, const char *key)
{
    const tj *v = tj_get(obj, key);
    return v && v->kind == TJ_STR ? v->str : NULL;
}

const tj *tj_at(const tj *arr, size_t i)
{
    return arr && i < arr->len ? &arr->items[i] : NULL;
}

uint8_t *corpus_read(const char *rel, size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", GROTTO_CORPUS_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc((size_t)n + 1);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[n] = 0;
    if (len)
        *len = (size_t)n;
    return buf;
}

long tj_each_line(const char *rel, void (*fn)(const tj *line, void *ctx), void *ctx)
{
    size_t n;
    char *text = (char *)corpus_read(rel, &n);
    if (!text)
        return -1;
    long lines = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        tj *v = tj_parse(line);
        if (!v) {
            fprintf(stderr, "testjson: %s: bad JSON on line %ld\n", rel, lines + 1);
            abort();
        }
        fn(v, ctx);
        tj_free(v);
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
