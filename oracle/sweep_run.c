/* The run of grotto sweep (oracle.h): impl's memoized, threaded sweep of
 * the universe, its digests compared with a corpus and/or written as one
 * (floors.digest, maps.digest, SHA256SUMS: the golden format). The files
 * are created under temporary names with their space reserved before the
 * sweep - a directory that cannot take them fails at once - and renamed
 * into place only when all three are complete, SHA256SUMS last; an error
 * or SIGINT/SIGTERM/SIGHUP removes the temporaries. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grotto/record.h"
#include "grotto/sweep.h"
#include "base.h"
#include "oracle.h"

enum { OUT_FLOORS, OUT_MAPS, OUT_SUMS, OUT_FILES };
static const char *const OUT_NAME[OUT_FILES] = {"floors.digest", "maps.digest", "SHA256SUMS"};

static void abort_all(base_out_file *f)
{
    for (int i = 0; i < OUT_FILES; i++)
        base_out_abort(&f[i]);
}

static int open_out(const char *dir, base_out_file *f, char *err, size_t n)
{
    char path[4096];
    uint64_t size[OUT_FILES] = {(uint64_t)GROTTO_FLOOR_UNIVERSE * 8, (uint64_t)GROTTO_MAP_UNIVERSE * 8,
                                2 * (64 + 2 + 1) + strlen(OUT_NAME[0]) + strlen(OUT_NAME[1])};
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, n, "cannot create '%s': %s", dir, strerror(errno));
        return -1;
    }
    base_out_cleanup_on_signals();
    for (int i = 0; i < OUT_FILES; i++)
        f[i].tmp[0] = 0, f[i].f = NULL, f[i].slot = -1;
    for (int i = 0; i < OUT_FILES; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, OUT_NAME[i]);
        if (base_out_open(&f[i], path, size[i], err, n) != 0) {
            abort_all(f);
            return -1;
        }
    }
    return 0;
}

/* Writes, flushes, syncs and closes all three, then renames them into place,
 * SHA256SUMS last (until it is replaced, an older SHA256SUMS no longer
 * matches the new digest files, so a half-replaced set reads as broken). */
static int write_out(base_out_file *f, const uint64_t *fd, const uint64_t *md, char *err, size_t n)
{
    char sums[512] = "";
    const uint64_t *d[2] = {fd, md};
    size_t count[2] = {GROTTO_FLOOR_UNIVERSE, GROTTO_MAP_UNIVERSE};
    int rc = 0;
    for (int i = 0; !rc && i < 2; i++) {
        uint8_t *raw = malloc(count[i] * 8);
        if (!raw) {
            snprintf(err, n, "out of memory");
            rc = -1;
            break;
        }
        oracle_digest_bytes(d[i], count[i], raw);
        char hex[65];
        base_sha256_hex(raw, count[i] * 8, hex);
        snprintf(sums + strlen(sums), sizeof sums - strlen(sums), "%s  %s\n", hex, OUT_NAME[i]);
        rc = base_out_write(&f[i], raw, count[i] * 8, err, n);
        free(raw);
    }
    if (!rc)
        rc = base_out_write(&f[OUT_SUMS], sums, strlen(sums), err, n);
    for (int i = 0; !rc && i < OUT_FILES; i++)
        rc = base_out_finish(&f[i], err, n);
    for (int i = 0; !rc && i < OUT_FILES; i++)
        rc = base_out_commit(&f[i], err, n);
    if (!rc)
        rc = base_sync_dir_of(f[0].path, err, n);
    if (rc)
        abort_all(f);
    return rc;
}

static int sweep(const oracle_sweep_args *a, uint64_t *fd, uint64_t *md, grotto_sweep_stats *st)
{
    base_progress p;
    base_progress_init(&p, "sweep", a->quiet);
    grotto_sweep_request req = {.threads = a->threads, .floor_digest = fd, .map_digest = md,
                                .progress = base_progress_cb, .progress_ctx = &p};
    int rc = grotto_impl_sweep(&req, st);
    base_progress_done(&p);
    return rc;
}

static void sweep_doc(json_t *doc, const oracle_sweep_args *a, const grotto_sweep_stats *st, const uint64_t bad[2])
{
    res_int(doc, "threads", st->threads);
    res_num(doc, "wall_seconds", st->wall_seconds, 4);
    res_int(doc, "floors", (long long)st->floors_emitted);
    res_int(doc, "maps", (long long)st->maps_emitted);
    res_int(doc, "floor_generations", (long long)st->floors_generated);
    res_str(doc, "out", a->out); /* null without --out */
    res_bool(doc, "against_checked", a->against != NULL);
    res_int(doc, "floor_mismatches", (long long)bad[0]);
    res_int(doc, "map_mismatches", (long long)bad[1]);
}

/* Sweeps, compares and writes; 0 or -1 with err. */
static int sweep_all(const oracle_sweep_args *a, const oracle_corpus *want, base_out_file *files, json_t *doc,
                     uint64_t bad[2], char *err, size_t n)
{
    uint64_t *fd = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *fd); /* a sweep that missed an item shows as 0 */
    uint64_t *md = calloc(GROTTO_MAP_UNIVERSE, sizeof *md);
    grotto_sweep_stats st;
    int rc = fd && md ? sweep(a, fd, md, &st) : -1;
    if (rc != 0) {
        snprintf(err, n, "the sweep failed (out of memory?)");
        if (a->out)
            abort_all(files);
    }
    for (size_t i = 0; !rc && want->floors && i < GROTTO_FLOOR_UNIVERSE; i++)
        bad[0] += fd[i] != want->floors[i];
    for (size_t i = 0; !rc && want->maps && i < GROTTO_MAP_UNIVERSE; i++)
        bad[1] += md[i] != want->maps[i];
    if (!rc && a->out)
        rc = write_out(files, fd, md, err, n);
    if (!rc)
        sweep_doc(doc, a, &st, bad);
    free(fd);
    free(md);
    return rc;
}

int oracle_sweep_run(const oracle_sweep_args *a, res_run *r)
{
    oracle_corpus want = {0};
    base_out_file files[OUT_FILES];
    char err[4096];
    uint64_t bad[2] = {0, 0};
    if (a->against && oracle_corpus_load(a->against, 1u << ORACLE_FLOORS | 1u << ORACLE_MAPS, &want, err, sizeof err))
        return res_fail(r, "%s", err);
    if (a->out && open_out(a->out, files, err, sizeof err) != 0) {
        oracle_corpus_free(&want);
        return res_fail(r, "%s", err);
    }
    r->doc = res_doc();
    int rc = sweep_all(a, &want, files, r->doc, bad, err, sizeof err);
    oracle_corpus_free(&want);
    if (rc)
        return res_fail(r, "%s", err);
    return bad[0] || bad[1] ? RES_DIFF : RES_OK;
}
