/* The run of grotto verify (verify.h, "the run"): the capture files of
 * the arguments (a directory searched recursively for *.cap, in path
 * order), each record checked against the engine, one element of the
 * streamed list "captures" per capture - its verdict, what was compared,
 * the differences and, on a mismatch of a floor, the grids side by side -
 * then the summary. Nothing stops the run early: an unusable argument,
 * directory entry or file is one REJECTED element and the others are still
 * checked; a rejected record or file makes the run end RES_ERROR_AFTER
 * (the document complete, then one line on stderr). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grotto/capture.h"
#include "verify.h"

/* ---- the files to check ---- */

typedef struct entry {
    char *path;
    char *problem; /* the argument itself is unusable: why */
} entry;

typedef struct entries {
    entry *v;
    size_t n, cap;
} entries;

static int add_entry(entries *l, const char *path, const char *problem)
{
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 16;
        entry *p = realloc(l->v, ncap * sizeof *p);
        if (!p)
            return -1;
        l->v = p;
        l->cap = ncap;
    }
    l->v[l->n].path = strdup(path);
    l->v[l->n].problem = problem ? strdup(problem) : NULL;
    if (!l->v[l->n].path || (problem && !l->v[l->n].problem))
        return -1;
    l->n++;
    return 0;
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const entry *)a)->path, ((const entry *)b)->path);
}

static int ends_with_cap(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && !strcmp(name + n - 4, ".cap");
}

/* Every *.cap below dir (symlinked directories are not followed). */
static int scan_dir(const char *dir, entries *out)
{
    DIR *d = opendir(dir);
    if (!d) {
        char why[256];
        snprintf(why, sizeof why, "cannot read directory: %s", strerror(errno));
        return add_entry(out, dir, why);
    }
    struct dirent *de;
    int r = 0;
    while (!r && (errno = 0, de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(de->d_name) + 2;
        char *full = malloc(len);
        if (!full) {
            r = -1;
            break;
        }
        snprintf(full, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", de->d_name);
        struct stat st, target;
        if (lstat(full, &st) != 0) {
            if (ends_with_cap(de->d_name)) { /* gone or unreadable since readdir */
                char why[256];
                snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
                r = add_entry(out, full, why);
            }
        } else if (S_ISDIR(st.st_mode)) {
            r = scan_dir(full, out);
        } else if (ends_with_cap(de->d_name)) {
            /* a link is followed to a file (a symlinked directory is skipped);
             * a dangling or looping link is rejected by name, and a FIFO or a
             * device is refused by grotto_capture_load without being waited on */
            int link = S_ISLNK(st.st_mode), e = 0;
            if (link && stat(full, &target) != 0)
                e = errno;
            if (e) {
                char why[256];
                snprintf(why, sizeof why, "cannot read: %s", e == ENOENT ? "dangling symbolic link"
                                                             : e == ELOOP ? "symbolic link loop"
                                                                          : strerror(e));
                r = add_entry(out, full, why);
            } else if (!link || !S_ISDIR(target.st_mode)) {
                r = add_entry(out, full, NULL);
            }
        }
        free(full);
    }
    if (!r && !de && errno) {
        char why[256];
        snprintf(why, sizeof why, "cannot read directory: %s", strerror(errno));
        r = add_entry(out, dir, why);
    }
    closedir(d);
    return r;
}

static int collect(const char *arg, entries *out)
{
    struct stat st;
    if (stat(arg, &st) != 0) {
        char why[256];
        snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
        return add_entry(out, arg, why);
    }
    if (!S_ISDIR(st.st_mode))
        return add_entry(out, arg, NULL);
    size_t first = out->n;
    if (scan_dir(arg, out))
        return -1;
    if (out->n == first)
        return add_entry(out, arg, "no *.cap files in this directory");
    qsort(out->v + first, out->n - first, sizeof *out->v, by_path);
    return 0;
}

typedef struct tally {
    size_t files, captures, ok, mismatch, rejected, doubtful;
    char first_rejected[512];
} tally;

static const char *verdict_name(const verify_result *r)
{
    return r->verdict == VERIFY_DOUBTFUL ? "DOUBTFUL" : r->verdict == VERIFY_MISMATCH ? "MISMATCH" : "OK";
}

static void int_or_null(json_t *o, const char *key, unsigned v)
{
    if (v)
        res_int(o, key, v);
    else
        res_null(o, key);
}

/* The grids side by side (verify_print_grid), one string per line. */
static json_t *grid_lines(const grotto_capture *c, const verify_result *r, const char *engine)
{
    json_t *lines = json_array();
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return lines;
    verify_print_grid(f, c, r, engine);
    fclose(f);
    for (char *p = text, *nl; p && *p; p = nl + 1) {
        nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = 0;
        res_push(lines, res_string(p));
    }
    free(text);
    return lines;
}

static json_t *differences(const verify_result *r)
{
    json_t *a = json_array();
    for (int i = 0; i < r->ndiff; i++) {
        const verify_diff *d = &r->diff[i];
        json_t *o = json_object();
        res_str(o, "field", d->field);
        if (d->x >= 0) {
            res_int(o, "x", d->x);
            res_int(o, "y", d->y);
        }
        res_str(o, "capture", d->capture);
        res_str(o, "engine", d->engine);
        res_push(a, o);
    }
    return a;
}

static json_t *verdict(const char *path, const grotto_capture *c, const verify_result *r, const char *engine)
{
    char label[32];
    verify_capture_label(c, label, sizeof label);
    json_t *o = json_object(), *checked = json_array();
    res_str(o, "file", path);
    res_int(o, "line", c->line);
    res_str(o, "verdict", verdict_name(r));
    res_str(o, "kind", grotto_capture_kind_name(c->kind));
    res_str(o, "label", label);
    res_int(o, "seed", c->seed);
    int_or_null(o, "floor", c->floor);
    int_or_null(o, "quality", c->quality);
    int_or_null(o, "band", c->band_code);
    res_str(o, "game", grotto_capture_game_name(c->game));
    res_str(o, "region", r->region == GROTTO_REGION_JP ? "jp" : "intl");
    for (int i = 0; i < r->nchecked; i++)
        res_push(checked, res_string(r->checked[i]));
    res_set(o, "checked", checked);
    res_str(o, "note", r->note);
    res_str(o, "doubt", r->doubt);
    res_set(o, "differences", differences(r));
    json_t *grids = r->ndiff ? grid_lines(c, r, engine) : NULL;
    if (json_array_size(grids))
        res_set(o, "grids", grids);
    else
        json_decref(grids);
    return o;
}

static void rejected(res_run *run, tally *t, const char *path, const grotto_capture_item *it)
{
    char msg[512];
    grotto_capture_message(path, it, msg, sizeof msg);
    t->rejected++;
    if (!t->first_rejected[0])
        snprintf(t->first_rejected, sizeof t->first_rejected, "%s", msg);
    json_t *o = json_object();
    res_str(o, "file", path);
    int_or_null(o, "line", it->line);
    res_str(o, "verdict", "REJECTED");
    res_str(o, "reason", it->reason);
    res_str(o, "message", msg);
    res_item(run, o);
}

/* A whole file or argument REJECTED with a reason (line 0). */
static void reject_whole(res_run *run, tally *t, const char *path, const char *why)
{
    grotto_capture_item it;
    memset(&it, 0, sizeof it);
    snprintf(it.reason, sizeof it.reason, "%s", why);
    t->captures++;
    rejected(run, t, path, &it);
}

static void count(tally *t, const verify_result *r)
{
    if (r->verdict == VERIFY_MISMATCH)
        t->mismatch++;
    else if (r->verdict == VERIFY_DOUBTFUL)
        t->doubtful++;
    else
        t->ok++;
}

/* One file; whatever goes wrong is a REJECTED element (r NULL: no memory). */
static void verify_file(res_run *run, const entry *en, const verify_run_args *a, tally *t, verify_result *r)
{
    grotto_capture_file f;
    t->files++;
    if (en->problem || !r || grotto_capture_load(en->path, &f)) {
        reject_whole(run, t, en->path, en->problem ? en->problem : "cannot check: out of memory");
        return;
    }
    for (size_t i = 0; i < f.count; i++) {
        const grotto_capture_item *it = &f.items[i];
        t->captures++;
        if (!it->ok) {
            rejected(run, t, en->path, it);
            continue;
        }
        verify_capture(&it->cap, a->engine, a->region, r);
        count(t, r);
        res_item(run, verdict(en->path, &it->cap, r, a->engine->name));
    }
    grotto_capture_file_free(&f);
}

static void summary(json_t *doc, const tally *t)
{
    json_t *s = res_obj(doc, "summary");
    res_int(s, "files", (long long)t->files);
    res_int(s, "captures", (long long)t->captures);
    res_int(s, "ok", (long long)t->ok);
    res_int(s, "mismatch", (long long)t->mismatch);
    res_int(s, "rejected", (long long)t->rejected);
    res_int(s, "doubtful", (long long)t->doubtful);
}

static int status(res_run *run, const tally *t)
{
    if (t->rejected) {
        snprintf(run->err, sizeof run->err, "%zu of %zu captures rejected (first: %s)", t->rejected, t->captures,
                 t->first_rejected);
        return RES_ERROR_AFTER;
    }
    return t->mismatch ? RES_DIFF : t->doubtful ? RES_DOUBTFUL : RES_OK;
}

int verify_run(const verify_run_args *a, res_run *run)
{
    entries files = {NULL, 0, 0};
    tally t;
    memset(&t, 0, sizeof t);
    verify_result *r = malloc(sizeof *r);
    run->doc = res_doc();
    res_str(run->doc, "engine", a->engine->name);
    res_str(run->doc, "region", a->region < 0 ? "from-game" : a->region == GROTTO_REGION_JP ? "jp" : "intl");
    res_head(run, "captures");
    for (int i = 0; i < a->count; i++)
        if (collect(a->paths[i], &files) != 0) { /* out of memory listing it: reported first */
            t.files++;
            reject_whole(run, &t, a->paths[i], "cannot list: out of memory");
        }
    for (size_t i = 0; i < files.n; i++)
        verify_file(run, &files.v[i], a, &t, r);
    for (size_t i = 0; i < files.n; i++) {
        free(files.v[i].path);
        free(files.v[i].problem);
    }
    free(files.v);
    free(r);
    summary(run->doc, &t);
    return status(run, &t);
}
