/* Running a parsed command and rendering its result value (cli.h):
 *   JSON   the value written in its own key order, compact, on one line;
 *          strings always valid UTF-8 (a byte outside a valid sequence is
 *          written as U+FFFD: a file name in another encoding); numbers
 *          that are not whole in the shortest decimal form that reads back
 *          as the same double;
 *   text   the command's renderer for that format (it reads only the
 *          value), or the generic "label: value" lines of its description.
 * A streamed list (result.h) is rendered element by element as the run
 * sends it. Also the one-line error, the width helpers and files written
 * whole or not at all. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "cli.h"

/* ---- errors and standard output ---- */

static int stdout_errno;

void cli_flush_stdout(void)
{
    if (fflush(stdout) != 0 && !stdout_errno)
        stdout_errno = errno;
}

int cli_stdout_errno(void)
{
    return stdout_errno;
}

int cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *msg = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (msg) {
        vsnprintf(msg, (size_t)n + 1, fmt, again);
        for (char *p = msg; *p; p++) /* exactly one line, whatever the quoted arguments hold */
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                *p = '?';
    }
    va_end(again);
    fprintf(stderr, "grotto%s%s: %s\n", cmd ? " " : "", cmd ? cmd : "", msg ? msg : fmt);
    free(msg);
    return EXIT_USAGE;
}

/* ---- JSON ---- */

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

/* A JSON string: the runs of bytes that need no escape written in one
 * piece (a write per character was half of a JSON listing's time), each
 * escape on its own; an invalid UTF-8 byte as U+FFFD. */
static void write_string(FILE *f, const char *s, size_t len)
{
    fputc('"', f);
    const unsigned char *p = (const unsigned char *)s, *end = p + len, *run = p;
    while (p < end) {
        size_t n = utf8_len(p);
        if (n && p + n <= end && *p != '"' && *p != '\\' && *p >= 0x20) {
            p += n;
            continue;
        }
        fwrite(run, 1, (size_t)(p - run), f); /* the run before this escape */
        if (n == 0 || p + n > end)
            fputs("\\ufffd", f), n = 1;
        else if (*p == '"' || *p == '\\')
            fputc('\\', f), fputc(*p, f);
        else if (*p == '\n')
            fputs("\\n", f);
        else
            fprintf(f, "\\u%04x", *p);
        p += n;
        run = p;
    }
    fwrite(run, 1, (size_t)(end - run), f);
    fputc('"', f);
}

/* A JSON integer, its digits written without printf (every number of a
 * listing); no output has a negative one, which printf writes. */
static void write_integer(FILE *f, long long v)
{
    if (v < 0) {
        fprintf(f, "%lld", v);
        return;
    }
    char buf[24], *p = buf + sizeof buf;
    unsigned long long u = (unsigned long long)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    fwrite(p, 1, (size_t)(buf + sizeof buf - p), f);
}

/* The shortest fixed form (at least one decimal) that reads back as v. */
static void write_real(FILE *f, double v)
{
    char buf[64];
    if (!isfinite(v)) { /* JSON has no nan or inf */
        fputs("null", f);
        return;
    }
    for (int d = 1; d <= 17; d++) {
        snprintf(buf, sizeof buf, "%.*f", d, v);
        if (strtod(buf, NULL) == v) {
            fputs(buf, f);
            return;
        }
    }
    fprintf(f, "%.17g", v);
}

static void write_members(FILE *f, const json_t *obj, size_t skip, int first);

void cli_write_json(FILE *f, const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        fputc('{', f);
        write_members(f, v, 0, 1);
        fputc('}', f);
        break;
    case JSON_ARRAY:
        fputc('[', f);
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i)
                fputc(',', f);
            cli_write_json(f, json_array_get(v, i));
        }
        fputc(']', f);
        break;
    case JSON_STRING: write_string(f, json_string_value(v), json_string_length(v)); break;
    case JSON_INTEGER: write_integer(f, (long long)json_integer_value(v)); break;
    case JSON_REAL: write_real(f, json_real_value(v)); break;
    case JSON_TRUE: fputs("true", f); break;
    case JSON_FALSE: fputs("false", f); break;
    default: fputs("null", f); break;
    }
}

/* The members of obj after the first `skip`, each preceded by a comma but
 * for the very first of the object. */
static void write_members(FILE *f, const json_t *obj, size_t skip, int first)
{
    const char *key;
    json_t *val;
    size_t i = 0;
    json_object_foreach((json_t *)obj, key, val) {
        if (i++ < skip)
            continue;
        if (!first)
            fputc(',', f);
        first = 0;
        write_string(f, key, strlen(key));
        fputc(':', f);
        cli_write_json(f, val);
    }
}

/* ---- running and rendering ---- */

typedef struct sink {
    res_stream s;
    const cli_command *cmd;
    const cli_renderer *render;  /* NULL: JSON */
    const void *args;
    FILE *out;
    const json_t *head;
    size_t head_members;
    unsigned long items;
    double flushed;              /* base_now_coarse() of the last flush of a rendered item */
} sink;

static void sink_head(res_stream *st, json_t *doc, const char *key)
{
    sink *k = (sink *)st;
    k->head = doc;
    k->head_members = json_object_size(doc);
    if (!k->render) {
        fputc('{', k->out);
        write_members(k->out, doc, 0, 1);
        fprintf(k->out, "%s", k->head_members ? "," : "");
        write_string(k->out, key, strlen(key));
        fputs(":[", k->out);
    } else if (k->render->head) {
        k->render->head(doc, k->args);
    }
}

static void sink_item(res_stream *st, json_t *item)
{
    sink *k = (sink *)st;
    if (!k->render) {
        if (k->items)
            fputc(',', k->out);
        cli_write_json(k->out, item);
    } else if (k->render->item) {
        /* rendered items reach a pipe as they come, at most a tenth of a
         * second late: a flush per item would cost a write per line of a
         * whole-universe listing */
        k->render->item(item, k->head, k->args);
        double now = base_now_coarse(); /* per item: a tenth of a second needs no timer read */
        if (now - k->flushed >= 0.1) {
            cli_flush_stdout();
            k->flushed = now;
        }
    }
    k->items++;
    json_decref(item);
}

/* The document once the run is done (after a streamed list: the rest). */
static void finish(sink *k, const json_t *doc, int format, int mode)
{
    if (!k->render) {
        if (k->head) {
            fputc(']', k->out);
            write_members(k->out, doc, k->head_members, 0);
            fputc('}', k->out);
        } else {
            cli_write_json(k->out, doc);
        }
        fputc('\n', k->out);
    } else if (k->render->doc) {
        k->render->doc(doc, k->args);
    } else if (format == CLI_TEXT && !k->render->item && k->cmd->result[mode]) {
        cli_render_fields(k->cmd->result[mode], doc);
    }
}

static const cli_renderer GENERIC = {NULL, NULL, NULL};

int cli_run(const cli_command *cmd, const void *args, int mode)
{
    int format = *(const int *)args;
    const cli_renderer *render = format == CLI_JSON ? NULL : cmd->render[format] ? cmd->render[format] : &GENERIC;
    sink k = {{sink_head, sink_item}, cmd, render, args, stdout, NULL, 0, 0, 0};
    char *held = NULL;
    size_t held_len = 0;
    if (!render && cmd->hold && !(k.out = open_memstream(&held, &held_len)))
        return cli_error(cmd->name, "out of memory");
    res_run r = {&k.s, NULL, NULL, ""};
    int rc = cmd->run(args, mode, &r), done = 0;
    if (rc != RES_ERROR && r.doc && cmd->files && (done = cmd->files(r.doc, args)) == EXIT_USAGE)
        rc = RES_ERROR, r.err[0] = 0;
    if (rc != RES_ERROR && r.doc && done != CLI_OUTPUT_DONE)
        finish(&k, r.doc, format, mode);
    json_decref(r.doc);
    if (k.out != stdout) {
        fclose(k.out);
        if (rc != RES_ERROR)
            fwrite(held, 1, held_len, stdout);
        free(held);
    }
    if (rc == RES_ERROR || rc == RES_ERROR_AFTER)
        return r.err[0] ? cli_error(cmd->name, "%s", r.err) : EXIT_USAGE;
    return rc;
}

/* ---- the generic text rendering ---- */

static void print_scalar(const json_t *v)
{
    if (json_is_integer(v))
        printf("%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        printf("%.3f", json_real_value(v));
    else if (json_is_string(v))
        fputs(json_string_value(v), stdout);
    else if (json_is_boolean(v))
        fputs(json_is_true(v) ? "yes" : "no", stdout);
    else
        fputs("-", stdout);
}

void cli_render_fields(const cli_result *res, const json_t *doc)
{
    for (const cli_field *f = res->fields; f->path; f++) {
        const json_t *v = f->label ? res_at(doc, f->path) : NULL;
        if (!v || json_is_null(v)) /* absent or null: not shown */
            continue;
        printf("%s: ", f->label);
        if (json_is_array(v)) {
            for (size_t i = 0; i < json_array_size(v); i++) {
                fputs(i ? ", " : "", stdout);
                print_scalar(json_array_get(v, i));
            }
            if (!json_array_size(v))
                fputs("none", stdout);
        } else {
            print_scalar(v);
        }
        putchar('\n');
    }
}

/* ---- width ---- */

int cli_columns(const char *s)
{
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = utf8_len(p);
        if (!n) {
            cols++, p++;
            continue;
        }
        unsigned cp = n == 1 ? p[0] : n == 2 ? (p[0] & 0x1Fu) << 6 | (p[1] & 0x3F)
                                    : n == 3 ? (p[0] & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3F)
                                             : 0x10000;
        /* East Asian wide and fullwidth: CJK, kana, hangul, fullwidth forms */
        int wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F) ||
                   (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                   (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                   (cp >= 0xFFE0 && cp <= 0xFFE6) || cp >= 0x10000;
        cols += 1 + wide;
        p += n;
    }
    return cols;
}

void cli_wrap(FILE *out, const char *prefix, const char *text, const char *sep, int indent)
{
    size_t sl = strlen(sep), trail = sep[sl - 1] == ' '; /* the separator's trailing space moves */
    int col = cli_columns(prefix), space = 0, first = 1;
    fputs(prefix, out);
    for (const char *p = text; *p; first = 0) {
        const char *next = strstr(p, sep);
        size_t n = next ? (size_t)(next - p) + sl - trail : strlen(p); /* a piece with its separator */
        char piece[1024];
        snprintf(piece, sizeof piece, "%.*s", (int)n, p);
        int w = cli_columns(piece);
        if (!first && col > indent && col + space + w > CLI_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
            space = 0;
        }
        fprintf(out, "%*s%s", space, "", piece);
        col += space + w;
        p += n + (next ? trail : 0);
        space = (int)trail;
    }
    fputc('\n', out);
}

void cli_wrap_pieces(FILE *out, const char *const *pieces, int n, const char *join, int indent)
{
    int col = 0, first = 1;
    for (int i = 0; i < n; i++) {
        if (!pieces[i][0])
            continue;
        int w = cli_columns(pieces[i]), jw = first ? 0 : (int)strlen(join);
        if (!first && col + jw + w > CLI_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent, jw = 0;
        }
        fprintf(out, "%s%s", jw ? join : "", pieces[i]);
        col += jw + w;
        first = 0;
    }
    fputc('\n', out);
}

/* ---- files ---- */

struct cli_file {
    FILE *f;
    int std;                     /* "-": standard output */
    char *held;                  /* standard output kept until the end (cli_file_open_held) */
    size_t held_len;
    base_out_file o;
};

int cli_file_open(const char *cmd, const char *path, cli_file **out)
{
    char err[4400];
    cli_file *cf = calloc(1, sizeof *cf);
    *out = NULL;
    if (!cf)
        return cli_error(cmd, "out of memory");
    if (!strcmp(path, "-")) {
        cf->f = stdout;
        cf->std = 1;
    } else if (strlen(path) >= sizeof cf->o.path - 32) {
        free(cf);
        return cli_error(cmd, "cannot write '%s': file name too long", path);
    } else if (base_out_open(&cf->o, path, 0, err, sizeof err) != 0) {
        free(cf);
        return cli_error(cmd, "%s", err);
    } else {
        cf->f = cf->o.f;
    }
    *out = cf;
    return 0;
}

int cli_file_open_held(const char *cmd, const char *path, cli_file **out)
{
    if (cli_file_open(cmd, path, out))
        return EXIT_USAGE;
    if ((*out)->std && !((*out)->f = open_memstream(&(*out)->held, &(*out)->held_len))) {
        free(*out);
        *out = NULL;
        return cli_error(cmd, "out of memory");
    }
    return 0;
}

FILE *cli_file_stream(cli_file *f)
{
    return f->f;
}

/* Standard output: what was held goes out now (unless failed). */
static int close_std(const char *cmd, cli_file *cf, int failed)
{
    int rc = 0;
    if (failed && cf->f == stdout && !stdout_errno) /* the writer's failing call set errno */
        stdout_errno = errno ? errno : EIO;
    if (cf->f != stdout) {
        int bad = fclose(cf->f) != 0;
        if (!failed && !bad)
            fwrite(cf->held, 1, cf->held_len, stdout);
        if (!failed && bad)
            rc = cli_error(cmd, "out of memory");
        free(cf->held);
    }
    cli_flush_stdout();
    free(cf);
    return rc; /* standard output is checked once, in main */
}

void cli_file_discard(cli_file *cf)
{
    if (cf->std)
        close_std(NULL, cf, 1);
    else {
        base_out_abort(&cf->o);
        free(cf);
    }
}

int cli_file_close(const char *cmd, cli_file *cf, int failed)
{
    char err[4400];
    int e = errno, rc = 0; /* the writer's failing call set it */
    if (cf->std)
        return close_std(cmd, cf, failed);
    if (failed || ferror(cf->f)) {
        base_out_abort(&cf->o);
        rc = cli_error(cmd, "write error on '%s': %s (nothing written)", cf->o.path, strerror(e ? e : EIO));
    } else if (base_out_finish(&cf->o, err, sizeof err) != 0 || base_out_commit(&cf->o, err, sizeof err) != 0) {
        base_out_abort(&cf->o);
        rc = cli_error(cmd, "%s (nothing written)", err);
    }
    free(cf);
    return rc;
}
