/* grotto sweep: impl's memoized, threaded whole-universe sweep; writes the
 * digest files (a corpus in the golden format) and/or checks them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grotto/record.h"
#include "grotto/sweep.h"
#include "base.h"
#include "oracle.h"
#include "view.h"

static const cli_usage SWEEP_USAGE = {
    "grotto sweep [--out DIR] [--against SRC] [-j N] [--json] [--quiet]",
    "Runs impl's whole-universe sweep - every floor of every seed (524,288 FloorRecord\n"
    "digests) and every map of every band (393,216 MapRecord digests), each floor layout\n"
    "generated once and shared by the floors and maps that use it - on N threads.\n",
    NULL,
    "--out writes whole files or none: before sweeping it creates the three files under\n"
    "temporary names in DIR and reserves their space (a directory that cannot be written,\n"
    "a full disk or a file-size limit fails here, at once); after the sweep every write,\n"
    "fsync and close is checked, and the files are renamed into place only when all\n"
    "three are complete, SHA256SUMS last. An error, SIGINT, SIGTERM or SIGHUP removes the\n"
    "temporary files: no partial floors.digest is ever left under its name.\n"
    "\n"
    "Exit 0 when the digests match (or were written), 1 on a mismatch, 2 on bad input or\n"
    "a write error.\n",
    NULL,
    "grotto sweep -j 2\n"
    "grotto sweep --out /tmp/corpus && grotto oracle --against /tmp/corpus",
};

enum { OUT_FLOORS, OUT_MAPS, OUT_SUMS, OUT_FILES };
static const char *const OUT_NAME[OUT_FILES] = {"floors.digest", "maps.digest", "SHA256SUMS"};

static void abort_all(base_out_file *f)
{
    for (int i = 0; i < OUT_FILES; i++)
        base_out_abort(&f[i]);
}

/* Create the three files under temporary names with their space reserved:
 * whether DIR can take them is known before the sweep. */
static int open_out(const char *dir, base_out_file *f)
{
    char path[4096], err[4096];
    uint64_t size[OUT_FILES] = {(uint64_t)GROTTO_FLOOR_UNIVERSE * 8, (uint64_t)GROTTO_MAP_UNIVERSE * 8,
                                2 * (64 + 2 + 1) + strlen(OUT_NAME[0]) + strlen(OUT_NAME[1])};
    for (int i = 0; i < OUT_FILES; i++)
        f[i].tmp[0] = 0, f[i].f = NULL, f[i].slot = -1;
    for (int i = 0; i < OUT_FILES; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, OUT_NAME[i]);
        if (base_out_open(&f[i], path, size[i], err, sizeof err) != 0) {
            abort_all(f);
            return cli_error("sweep", "%s", err);
        }
    }
    return 0;
}

/* Write, flush, fsync and close all three; then rename them into place,
 * SHA256SUMS last (until it is replaced, an older SHA256SUMS no longer
 * matches the new digest files, so a half-replaced set reads as broken). */
static int write_out(base_out_file *f, const uint64_t *fd, const uint64_t *md)
{
    char err[4096], sums[512] = "";
    const uint64_t *d[2] = {fd, md};
    size_t n[2] = {GROTTO_FLOOR_UNIVERSE, GROTTO_MAP_UNIVERSE};
    int rc = 0;
    for (int i = 0; !rc && i < 2; i++) {
        uint8_t *raw = malloc(n[i] * 8);
        if (!raw) {
            abort_all(f);
            return cli_error("sweep", "out of memory");
        }
        oracle_digest_bytes(d[i], n[i], raw);
        char hex[65];
        base_sha256_hex(raw, n[i] * 8, hex);
        snprintf(sums + strlen(sums), sizeof sums - strlen(sums), "%s  %s\n", hex, OUT_NAME[i]);
        rc = base_out_write(&f[i], raw, n[i] * 8, err, sizeof err);
        free(raw);
    }
    if (!rc)
        rc = base_out_write(&f[OUT_SUMS], sums, strlen(sums), err, sizeof err);
    for (int i = 0; !rc && i < OUT_FILES; i++)
        rc = base_out_finish(&f[i], err, sizeof err);
    for (int i = 0; !rc && i < OUT_FILES; i++)
        rc = base_out_commit(&f[i], err, sizeof err);
    if (!rc)
        rc = base_sync_dir_of(f[0].path, err, sizeof err);
    if (rc) {
        abort_all(f);
        return cli_error("sweep", "%s", err);
    }
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    const char *out = NULL, *against = NULL, *threads_s = NULL, *pos[1];
    int json = 0, quiet = 0, help = 0, npos, threads = 0;
    const cli_opt opts[] = {
        {"out", 0, OPT_VALUE, NULL, &out, "DIR",
         "write DIR/floors.digest, DIR/maps.digest and DIR/SHA256SUMS\n(the golden format: grotto oracle "
         "--against DIR reads them)"},
        {"against", 0, OPT_VALUE, NULL, &against, "SRC",
         "compare the digests with corpus (default when no --out), or a\ndirectory holding floors.digest and "
         "maps.digest"},
        {"threads", 'j', OPT_VALUE, NULL, &threads_s, "N", "threads (default: all cores)"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "summary as JSON (docs/json.md, 'sweep')"},
        {"quiet", 'q', OPT_FLAG, &quiet, NULL, NULL, "no progress line"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse("sweep", argc, argv, opts, nopts, pos, 0, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&SWEEP_USAGE, opts, nopts);
        return EXIT_OK;
    }
    if (threads_s && cli_threads("sweep", threads_s, &threads))
        return EXIT_USAGE;
    if (!out && !against)
        against = "corpus";
    if (cli_parse_only)
        return EXIT_OK;
    oracle_corpus want = {0};
    char err[4096];
    if (against && oracle_corpus_load(against, 1u << ORACLE_FLOORS | 1u << ORACLE_MAPS, &want, err, sizeof err))
        return cli_error("sweep", "%s", err);
    base_out_file files[OUT_FILES];
    if (out) {
        if (mkdir(out, 0777) != 0 && errno != EEXIST) {
            oracle_corpus_free(&want);
            return cli_error("sweep", "cannot create '%s': %s", out, strerror(errno));
        }
        base_out_cleanup_on_signals();
        if (open_out(out, files) != 0) {
            oracle_corpus_free(&want);
            return EXIT_USAGE;
        }
    }
    uint64_t *fd = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *fd); /* a sweep that missed an item shows as 0 */
    uint64_t *md = calloc(GROTTO_MAP_UNIVERSE, sizeof *md);
    int rc = fd && md ? 0 : -1;
    grotto_sweep_stats st;
    if (!rc) {
        base_progress p;
        base_progress_init(&p, "sweep", quiet);
        grotto_sweep_request req = {.threads = threads, .floor_digest = fd, .map_digest = md,
                                    .progress = base_progress_cb, .progress_ctx = &p};
        rc = grotto_impl_sweep(&req, &st);
        base_progress_done(&p);
    }
    if (rc != 0) {
        if (out)
            abort_all(files);
        free(fd);
        free(md);
        oracle_corpus_free(&want);
        return cli_error("sweep", "the sweep failed (out of memory?)");
    }
    uint64_t bad[2] = {0, 0};
    for (size_t i = 0; want.floors && i < GROTTO_FLOOR_UNIVERSE; i++)
        bad[0] += fd[i] != want.floors[i];
    for (size_t i = 0; want.maps && i < GROTTO_MAP_UNIVERSE; i++)
        bad[1] += md[i] != want.maps[i];
    oracle_corpus_free(&want);
    if (out && write_out(files, fd, md) != 0) {
        free(fd);
        free(md);
        return EXIT_USAGE;
    }
    free(fd);
    free(md);
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_int(&w, "threads", st.threads);
        jw_num(&w, "wall_seconds", st.wall_seconds, 4);
        jw_uint(&w, "floors", st.floors_emitted);
        jw_uint(&w, "maps", st.maps_emitted);
        jw_uint(&w, "floor_generations", st.floors_generated);
        if (out)
            jw_str(&w, "out", out);
        jw_bool(&w, "against_checked", against != NULL);
        jw_uint(&w, "floor_mismatches", bad[0]);
        jw_uint(&w, "map_mismatches", bad[1]);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        printf("sweep: %llu floors and %llu maps from %llu floor generator runs, %.3f s wall on %d threads\n",
               (unsigned long long)st.floors_emitted, (unsigned long long)st.maps_emitted,
               (unsigned long long)st.floors_generated, st.wall_seconds, st.threads);
        if (out)
            printf("wrote %s/floors.digest, %s/maps.digest, %s/SHA256SUMS\n", out, out, out);
        if (against)
            printf("floors: %d checked, %llu mismatched; maps: %d checked, %llu mismatched\n", GROTTO_FLOOR_UNIVERSE,
                   (unsigned long long)bad[0], GROTTO_MAP_UNIVERSE, (unsigned long long)bad[1]);
    }
    return bad[0] || bad[1] ? EXIT_DIFF : EXIT_OK;
}
