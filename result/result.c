/* Building and reading result values (result.h). Allocation failures of
 * jansson are treated as fatal: a result is small, and a half-built one
 * would be a silently wrong answer. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

static json_t *need(json_t *v)
{
    if (!v) {
        fputs("grotto: out of memory building a result\n", stderr);
        abort();
    }
    return v;
}

json_t *res_doc(void)
{
    json_t *d = need(json_object());
    res_int(d, "schema", RES_SCHEMA);
    return d;
}

int res_fail(res_run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, sizeof r->err, fmt, ap);
    va_end(ap);
    json_decref(r->doc);
    r->doc = NULL;
    return RES_ERROR;
}

void res_head(res_run *r, const char *key)
{
    r->list_key = key;
    if (r->stream)
        r->stream->head(r->stream, r->doc, key);
    else
        res_arr(r->doc, key);
}

void res_item(res_run *r, json_t *item)
{
    if (r->stream)
        r->stream->item(r->stream, item);
    else
        res_push(json_object_get(r->doc, r->list_key), item);
}

/* Keys are the program's own names (literals and its tables' ASCII words,
 * never input), so jansson's UTF-8 check of each key is skipped. */
void res_set(json_t *obj, const char *key, json_t *v)
{
    if (json_object_set_new_nocheck(obj, key, need(v)) != 0)
        need(NULL);
}

/* An integer value: 0..255 - bands, floors, levels, locations, counts of
 * a row - is one shared, never-freed json_t per value, taken with a
 * reference (a listing's rows hold about ten each: an allocation and a
 * free apiece were a tenth of a row's cost). Shared values are never
 * changed (nothing calls json_integer_set), jansson's reference counts are
 * atomic (a jansson without atomic counts shares nothing), and a slot is
 * filled by compare-and-swap, so workers may build results at once. */
enum { SHARED_INTS = 256, SHARE = JSON_HAVE_ATOMIC_BUILTINS || JSON_HAVE_SYNC_BUILTINS };

static json_t *integer(long long v)
{
    static json_t *shared[SHARED_INTS];
    if (!SHARE || v < 0 || v >= SHARED_INTS)
        return need(json_integer(v));
    json_t *x = __atomic_load_n(&shared[v], __ATOMIC_ACQUIRE);
    if (!x) {
        json_t *made = need(json_integer(v)), *none = NULL;
        if (__atomic_compare_exchange_n(&shared[v], &none, made, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            x = made;
        else
            json_decref(made), x = none; /* another thread's, in none */
    }
    return json_incref(x);
}

void res_int(json_t *obj, const char *key, long long v)
{
    res_set(obj, key, integer(v));
}

void res_bool(json_t *obj, const char *key, int v)
{
    res_set(obj, key, json_boolean(v));
}

void res_null(json_t *obj, const char *key)
{
    res_set(obj, key, json_null());
}

json_t *res_string(const char *s)
{
    return need(s ? json_stringn_nocheck(s, strlen(s)) : json_null());
}

void res_str(json_t *obj, const char *key, const char *s)
{
    res_set(obj, key, res_string(s));
}

void res_num(json_t *obj, const char *key, double v, int decimals)
{
    if (!isfinite(v)) {
        res_null(obj, key);
        return;
    }
    double scale = pow(10, decimals);
    res_set(obj, key, json_real(round(v * scale) / scale));
}

json_t *res_xy(unsigned x, unsigned y)
{
    return need(json_pack("[II]", (json_int_t)x, (json_int_t)y));
}

json_t *res_obj(json_t *obj, const char *key)
{
    json_t *o = need(json_object());
    res_set(obj, key, o);
    return o;
}

json_t *res_arr(json_t *obj, const char *key)
{
    json_t *a = need(json_array());
    res_set(obj, key, a);
    return a;
}

void res_push(json_t *arr, json_t *v)
{
    if (json_array_append_new(arr, need(v)) != 0)
        need(NULL);
}

void res_push_int(json_t *arr, long long v)
{
    res_push(arr, integer(v));
}

json_t *res_lines(const char *text)
{
    json_t *lines = json_array();
    for (const char *p = text; p && *p;) {
        size_t n = strcspn(p, "\n");
        res_push(lines, json_stringn_nocheck(p, n));
        p += n + (p[n] == '\n');
    }
    return lines;
}

long long res_get_int(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    return json_is_integer(v) ? json_integer_value(v) : json_is_real(v) ? (long long)json_real_value(v) : 0;
}

double res_get_num(const json_t *obj, const char *key)
{
    return json_number_value(json_object_get(obj, key));
}

int res_get_bool(const json_t *obj, const char *key)
{
    return json_is_true(json_object_get(obj, key));
}

const char *res_get_str(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    return s ? s : "";
}

int res_has(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    return v && !json_is_null(v);
}

const json_t *res_at(const json_t *v, const char *path)
{
    char key[64];
    while (v && *path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof key)
            return NULL;
        memcpy(key, path, n);
        key[n] = 0;
        char *end;
        long i = strtol(key, &end, 10);
        v = json_is_array(v) && end != key && !*end ? json_array_get(v, (size_t)i) : json_object_get(v, key);
        path += n + (path[n] == '.');
    }
    return v;
}
