/* grotto verify FILE|DIR...: hardware captures (hardware.md "Capture files")
 * against an engine. One verdict line per capture on stdout, a summary,
 * exit 0 / 1 (a mismatch) / 2 (a rejected record or file) / 3 (a doubtful
 * capture). Nothing stops the run early: an unusable argument, directory
 * entry or file (too large, not a regular file, unreadable, out of memory)
 * is one REJECTED line, every other file is still checked, and the summary
 * (or the whole --json document) always follows. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "grotto/capture.h"
#include "verify.h"
#include "view.h"

static const cli_usage VERIFY_USAGE = {
    "grotto verify FILE|DIR... [--engine E] [--region jp|intl] [--json]",
    "Checks hardware captures (capture files, format in corpus/README.md) against an\n"
    "engine. A DIR is searched recursively for *.cap files, in path order (names starting\n"
    "with '.' and symlinked directories are skipped; a *.cap that cannot be read - a\n"
    "dangling or looping link, a FIFO, a device - is REJECTED). Every record is checked\n"
    "on its own: a malformed one is REJECTED with file:line: reason, and so is a file over\n"
    "16 MiB or one that is not a regular file (never waited on); the others are still\n"
    "checked.\n"
    "\n"
    "  inventory  the seed arises (a timer's 2nd draw, or quest 15's map) at that quality\n"
    "             or band; the location is possible for it; name (EN or JP), level, floors, boss\n"
    "  floor      cell by cell ('?' skipped), up, down, chests (as a set), up_next_to_chest and\n"
    "             down_cut_off (chests solid, as in the softlock report)\n"
    "  memory     the enemy-list model for the build: elistofs, walk_nodes (= W), free_bytes,\n"
    "             state, only, lost\n"
    "  ram        the 256 tile bytes, width/height, final stairs, chests in order, walk_nodes = W\n"
    "  workarea   the FloorRecord fields of the 1,336-byte work area (records.md)\n",
    NULL,
    "One line per capture: OK, MISMATCH with the first differences (and the grids side by\n"
    "side for floor, ram and workarea captures), DOUBTFUL when the capture itself is in\n"
    "doubt (its floor_byte differs from its floor, or only values read at inferred\n"
    "addresses differ: never a finding about the model), or REJECTED with file:line:\n"
    "reason; then a summary line. Exit 0 if every capture agrees, 1 if one mismatches, 2 if\n"
    "a record or a file is rejected (the verdicts stay on stdout; one line on stderr says\n"
    "so), 3 if the worst is a doubtful capture.\n",
    NULL,
    "grotto verify corpus/hardware\n"
    "grotto verify my-floor.cap --engine impl --json",
};

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

/* ---- reporting ---- */

typedef struct tally {
    size_t files, captures, ok, mismatch, rejected, doubtful;
    char first_rejected[512];
} tally;

static void diff_text(const verify_diff *d, const char *engine, char *buf, size_t size)
{
    if (d->x >= 0)
        snprintf(buf, size, "%s (%d,%d): capture %s, %s %s", d->field, d->x, d->y, d->capture, engine, d->engine);
    else
        snprintf(buf, size, "%s: capture %s, %s %s", d->field, d->capture, engine, d->engine);
}

static const char *verdict_name(const verify_result *r)
{
    return r->verdict == VERIFY_DOUBTFUL ? "DOUBTFUL" : r->verdict == VERIFY_MISMATCH ? "MISMATCH" : "OK";
}

static void print_verdict(const char *path, const grotto_capture *c, const verify_result *r, const char *engine)
{
    char label[32];
    verify_capture_label(c, label, sizeof label);
    printf("%-9s %s:%u  %s %s: ", verdict_name(r), path, c->line, grotto_capture_kind_name(c->kind), label);
    if (r->doubt[0])
        printf("%s; ", r->doubt);
    if (!r->ndiff) {
        for (int i = 0; i < r->nchecked; i++) {
            printf("%s%s", i ? ", " : "", r->checked[i]);
            if (!strcmp(r->checked[i], "arises") && r->note[0])
                printf(" (%s)", r->note);
        }
        putchar('\n');
        return;
    }
    enum { SHOW = 4 };
    for (int i = 0; i < r->ndiff && i < SHOW; i++) {
        char t[512];
        diff_text(&r->diff[i], engine, t, sizeof t);
        printf("%s%s", i ? "; " : "", t);
    }
    printf(" (%d difference%s)\n", r->ndiff, r->ndiff == 1 ? "" : "s");
    verify_print_grid(stdout, c, r, engine);
}

static void json_verdict(jw *w, const char *path, const grotto_capture *c, const verify_result *r)
{
    char label[32];
    verify_capture_label(c, label, sizeof label);
    jw_obj(w, NULL);
    jw_str(w, "file", path);
    jw_uint(w, "line", c->line);
    jw_str(w, "verdict", verdict_name(r));
    jw_str(w, "kind", grotto_capture_kind_name(c->kind));
    jw_str(w, "label", label);
    jw_uint(w, "seed", c->seed);
    if (c->floor)
        jw_uint(w, "floor", c->floor);
    else
        jw_null(w, "floor");
    if (c->quality)
        jw_uint(w, "quality", c->quality);
    else
        jw_null(w, "quality");
    if (c->band_code)
        jw_uint(w, "band", c->band_code);
    else
        jw_null(w, "band");
    jw_str(w, "game", grotto_capture_game_name(c->game));
    jw_str(w, "region", r->region == GROTTO_REGION_JP ? "jp" : "intl");
    jw_arr(w, "checked");
    for (int i = 0; i < r->nchecked; i++)
        jw_str(w, NULL, r->checked[i]);
    jw_end_arr(w);
    jw_str(w, "note", r->note);
    jw_str(w, "doubt", r->doubt);
    jw_arr(w, "differences");
    for (int i = 0; i < r->ndiff; i++) {
        const verify_diff *d = &r->diff[i];
        jw_obj(w, NULL);
        jw_str(w, "field", d->field);
        if (d->x >= 0) {
            jw_int(w, "x", d->x);
            jw_int(w, "y", d->y);
        }
        jw_str(w, "capture", d->capture);
        jw_str(w, "engine", d->engine);
        jw_end_obj(w);
    }
    jw_end_arr(w);
    jw_end_obj(w);
}

static void report_rejected(jw *w, tally *t, const char *path, const grotto_capture_item *it)
{
    char msg[512];
    grotto_capture_message(path, it, msg, sizeof msg);
    t->rejected++;
    if (!t->first_rejected[0])
        snprintf(t->first_rejected, sizeof t->first_rejected, "%s", msg);
    if (!w) {
        printf("%-9s %s\n", "REJECTED", msg);
        return;
    }
    jw_obj(w, NULL);
    jw_str(w, "file", path);
    if (it->line)
        jw_uint(w, "line", it->line);
    else
        jw_null(w, "line");
    jw_str(w, "verdict", "REJECTED");
    jw_str(w, "reason", it->reason);
    jw_str(w, "message", msg);
    jw_end_obj(w);
}

/* A whole file or argument REJECTED with a reason (line 0). */
static void reject_whole(jw *w, tally *t, const char *path, const char *why)
{
    grotto_capture_item it;
    memset(&it, 0, sizeof it);
    snprintf(it.reason, sizeof it.reason, "%s", why);
    t->captures++;
    report_rejected(w, t, path, &it);
}

/* Check one file; whatever goes wrong is a REJECTED line (r NULL: no memory
 * for the result). */
static void verify_file(const char *path, const char *problem, const grotto_engine *e, int region, jw *w,
                        tally *t, verify_result *r)
{
    grotto_capture_file f;
    t->files++;
    if (problem || !r || grotto_capture_load(path, &f)) {
        reject_whole(w, t, path, problem ? problem : "cannot check: out of memory");
        return;
    }
    for (size_t i = 0; i < f.count; i++) {
        const grotto_capture_item *it = &f.items[i];
        t->captures++;
        if (!it->ok) {
            report_rejected(w, t, path, it);
            continue;
        }
        verify_capture(&it->cap, e, region, r);
        if (r->verdict == VERIFY_MISMATCH)
            t->mismatch++;
        else if (r->verdict == VERIFY_DOUBTFUL)
            t->doubtful++;
        else
            t->ok++;
        if (w)
            json_verdict(w, path, &it->cap, r);
        else
            print_verdict(path, &it->cap, r, e->name);
    }
    grotto_capture_file_free(&f);
}

int cmd_verify(int argc, char **argv)
{
    const char *engine_s = NULL, *region_s = NULL;
    int json = 0, help = 0, npos;
    const char **pos = malloc((size_t)(argc > 0 ? argc : 1) * sizeof *pos);
    if (!pos)
        return cli_error("verify", "out of memory");
    char engine_help[512];
    const cli_opt opts[] = {
        {"FILE|DIR", 0, OPT_ARG, NULL, NULL, NULL, "capture files, or directories searched for *.cap"},
        {"engine", 0, OPT_VALUE, NULL, &engine_s, "E", cli_old_engine_help(engine_help, sizeof engine_help, "", &grotto_engine_ref)},
        {"region", 0, OPT_VALUE, NULL, &region_s, "R",
         "jp or intl: the build whose ElistOfs and free bytes memory captures\nexpect, for every capture (default: "
         "each capture's game, jp -> jp,\nna/eu -> intl); nothing else depends on the region"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md, 'verify')"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    int rc = EXIT_OK;
    if (cli_old_parse("verify", argc, argv, opts, nopts, pos, argc, &npos, &help)) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&VERIFY_USAGE, opts, nopts);
        goto done;
    }
    if (npos == 0) {
        rc = cli_error("verify", "give capture files or directories (e.g. corpus/hardware); see 'grotto verify --help'");
        goto done;
    }
    const grotto_engine *e = cli_engine("verify", engine_s, &grotto_engine_ref);
    grotto_region reg = GROTTO_REGION_JP;
    if (!e || (region_s && cli_region("verify", region_s, &reg))) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (cli_parse_only)
        goto done;

    entries files = {NULL, 0, 0};
    tally t;
    memset(&t, 0, sizeof t);
    verify_result *r = malloc(sizeof *r);
    jw w;
    if (json) {
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_str(&w, "engine", e->name);
        jw_str(&w, "region", region_s ? region_s : "from-game");
        jw_arr(&w, "captures");
    }
    for (int i = 0; i < npos; i++)
        if (collect(pos[i], &files) != 0) { /* out of memory listing it: reported first */
            t.files++;
            reject_whole(json ? &w : NULL, &t, pos[i], "cannot list: out of memory");
        }
    for (size_t i = 0; i < files.n; i++)
        verify_file(files.v[i].path, files.v[i].problem, e, region_s ? (int)reg : -1, json ? &w : NULL, &t, r);
    for (size_t i = 0; i < files.n; i++) {
        free(files.v[i].path);
        free(files.v[i].problem);
    }
    free(files.v);
    free(r);
    if (json) {
        jw_end_arr(&w);
        jw_obj(&w, "summary");
        jw_uint(&w, "files", t.files);
        jw_uint(&w, "captures", t.captures);
        jw_uint(&w, "ok", t.ok);
        jw_uint(&w, "mismatch", t.mismatch);
        jw_uint(&w, "rejected", t.rejected);
        jw_uint(&w, "doubtful", t.doubtful);
        jw_end_obj(&w);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        printf("verify: %zu capture%s in %zu file%s: %zu OK, %zu MISMATCH, %zu REJECTED, %zu DOUBTFUL (engine %s, "
               "region %s)\n",
               t.captures, t.captures == 1 ? "" : "s", t.files, t.files == 1 ? "" : "s", t.ok, t.mismatch,
               t.rejected, t.doubtful, e->name, region_s ? region_s : "from each capture's game");
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        rc = cli_error("verify", "write error on standard output: %s", strerror(errno));
        goto done;
    }
    if (t.rejected) {
        rc = cli_error("verify", "%zu of %zu captures rejected (first: %s)", t.rejected, t.captures,
                       t.first_rejected);
    } else if (t.mismatch) {
        rc = EXIT_DIFF;
    } else if (t.doubtful) {
        rc = EXIT_DOUBTFUL;
    }
done:
    free(pos);
    return rc;
}
