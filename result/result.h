/* result/: the value a command's run returns, and how the layers build it.
 *
 * Every run of the harness's layers (lookup/, universe/, oracle/, verify/,
 * interchange/) answers with one JSON object - a jansson json_t whose
 * members are in the order the documentation lists them (jansson keeps
 * insertion order) - and a status. The `grotto` command (cli/) renders that
 * one value as JSON or as text, and documents it from its result
 * description; nothing else writes the answer.
 *
 * A long list (search's maps, a chest range's seconds, verify's captures,
 * oracle's domains) may be streamed: the run calls res_head() once the
 * members before the list are final, then res_item() per element, then
 * returns the document with the members after the list. Without a stream
 * (res_run.stream NULL, as in the tests) the elements are appended to the
 * list in the document itself.
 *
 * Strings are stored as given (json_stringn_nocheck): a file name that is
 * not UTF-8 stays as it is, and the JSON writer (cli/render.c) replaces
 * the invalid bytes. Prefix res_. Below it: jansson only. */
#ifndef GROTTO_RESULT_H
#define GROTTO_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* What a run says besides its value (the exit codes of grotto). */
enum { RES_OK = 0, RES_DIFF = 1, RES_ERROR = 2, RES_DOUBTFUL = 3 };
/* The document is complete and is rendered, then err is reported: exit 2
 * (verify: a rejected record among the verdicts). */
enum { RES_ERROR_AFTER = 4 };

typedef struct res_stream res_stream;
struct res_stream {
    /* the members of doc so far are final and precede the list `key` */
    void (*head)(res_stream *s, json_t *doc, const char *key);
    /* one element of that list; the stream takes it */
    void (*item)(res_stream *s, json_t *item);
};

typedef struct res_run {
    res_stream *stream;          /* NULL: lists are built inside doc */
    json_t *doc;                 /* the result, set by the run (also on RES_DIFF / RES_DOUBTFUL) */
    const char *list_key;        /* the streamed list (set by res_head) */
    char err[1024];              /* RES_ERROR: one line, what went wrong */
} res_run;

/* A new top-level document, {"schema": RES_SCHEMA} (docs/json.md: raise it
 * when a field changes name, type or meaning, or disappears). */
enum { RES_SCHEMA = 1 };
json_t *res_doc(void);

/* Sets r->err (one line) and returns RES_ERROR; frees r->doc. */
int res_fail(res_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Starts the list `key` of r->doc: the members so far are final. */
void res_head(res_run *r, const char *key);
/* One element of that list (taken). */
void res_item(res_run *r, json_t *item);

/* ---- building values: each sets key in obj (replacing), value taken ---- */
void res_int(json_t *obj, const char *key, long long v);
void res_bool(json_t *obj, const char *key, int v);
void res_null(json_t *obj, const char *key);
void res_str(json_t *obj, const char *key, const char *s);     /* NULL: null */
/* A number rounded to `decimals` places (NaN and infinities: null). */
void res_num(json_t *obj, const char *key, double v, int decimals);
void res_set(json_t *obj, const char *key, json_t *v);         /* v taken */
json_t *res_xy(unsigned x, unsigned y);                         /* [x, y] */
json_t *res_string(const char *s);                              /* NULL: null */
json_t *res_obj(json_t *obj, const char *key);                  /* a new {} under key, returned */
json_t *res_arr(json_t *obj, const char *key);                  /* a new [] under key, returned */
void res_push(json_t *arr, json_t *v);                          /* v taken */
void res_push_int(json_t *arr, long long v);
/* The lines of text as an array of strings, each without its newline (a
 * last line without one too): a report in words carried in a value. */
json_t *res_lines(const char *text);

/* ---- reading values (renderers, tests): missing or of another type = 0 / "" ---- */
long long res_get_int(const json_t *obj, const char *key);
double res_get_num(const json_t *obj, const char *key);
int res_get_bool(const json_t *obj, const char *key);
const char *res_get_str(const json_t *obj, const char *key);
int res_has(const json_t *obj, const char *key);                /* present and not null */
/* The value at a path of keys and indices, "floors.3.elist": NULL if absent. */
const json_t *res_at(const json_t *v, const char *path);

#endif
