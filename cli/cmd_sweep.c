/* grotto sweep: impl's memoized, threaded whole-universe sweep; writes the
 * digest files (a corpus in the golden format) and/or checks them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grotto/record.h"
#include "grotto/sweep.h"
#include "oracle.h"
#include "view.h"

void help_sweep(FILE *out)
{
    fprintf(out,
            "usage: grotto sweep [--out DIR] [--against SRC] [-j N] [--json] [--quiet]\n"
            "\n"
            "Runs impl's whole-universe sweep - every floor of every seed (524,288 FloorRecord\n"
            "digests) and every map of every band (393,216 MapRecord digests), each floor layout\n"
            "generated once and shared by the floors and maps that use it - on N threads.\n"
            "\n"
            "  --out DIR       write DIR/floors.digest, DIR/maps.digest and DIR/SHA256SUMS\n"
            "                  (the golden format: grotto oracle --against DIR reads them)\n"
            "  --against SRC   compare the digests with corpus (default when no --out), a\n"
            "                  directory holding floors.digest and maps.digest\n"
            "  -j N            threads (default: all cores)\n"
            "  --json          summary as JSON\n"
            "  --quiet         no progress line\n"
            "\n"
            "Exit 0 when the digests match (or were written), 1 on a mismatch, 2 on bad input.\n");
}

static int write_dir(const char *dir, const uint64_t *fd, const uint64_t *md)
{
    char path[4096], err[4096], sums[512];
    const uint64_t *d[2] = {fd, md};
    sums[0] = 0;
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, oracle_domain_file((oracle_domain)i));
        if (oracle_digest_save(path, d[i], (oracle_domain)i, err, sizeof err) != 0)
            return cli_error("sweep", "%s", err);
        /* checksum of the bytes as written: u64 LE per digest */
        size_t n = oracle_domain_size((oracle_domain)i);
        uint8_t *raw = malloc(n * 8);
        if (!raw)
            return cli_error("sweep", "out of memory");
        for (size_t k = 0; k < n; k++)
            grotto_store_u64le(raw + 8 * k, d[i][k]);
        char hex[65];
        oracle_sha256_hex(raw, n * 8, hex);
        free(raw);
        snprintf(sums + strlen(sums), sizeof sums - strlen(sums), "%s  %s\n", hex,
                 oracle_domain_file((oracle_domain)i));
    }
    snprintf(path, sizeof path, "%s/SHA256SUMS", dir);
    FILE *f = fopen(path, "w");
    if (!f || fputs(sums, f) < 0 || fclose(f) != 0)
        return cli_error("sweep", "cannot write '%s'", path);
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    const char *out = NULL, *against = NULL, *threads_s = NULL, *pos[1];
    int json = 0, quiet = 0, help = 0, npos, threads = 0;
    cli_opt opts[] = {{"out", 0, OPT_VALUE, NULL, &out},
                      {"against", 0, OPT_VALUE, NULL, &against},
                      {"threads", 'j', OPT_VALUE, NULL, &threads_s},
                      {"json", 0, OPT_FLAG, &json, NULL},
                      {"quiet", 'q', OPT_FLAG, &quiet, NULL}};
    if (cli_parse("sweep", argc, argv, opts, 5, pos, 0, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        help_sweep(stdout);
        return EXIT_OK;
    }
    if (threads_s && cli_threads("sweep", threads_s, &threads))
        return EXIT_USAGE;
    if (!out && !against)
        against = "corpus";
    if (cli_parse_only)
        return EXIT_OK;
    if (out && mkdir(out, 0777) != 0 && errno != EEXIST) /* before the sweep, not after */
        return cli_error("sweep", "cannot create '%s': %s", out, strerror(errno));
    uint64_t *want[2] = {NULL, NULL};
    for (int d = 0; against && d < 2; d++) {
        char path[4096], err[4096];
        oracle_against_path(against, (oracle_domain)d, path, sizeof path);
        if (!(want[d] = oracle_digest_load(path, (oracle_domain)d, err, sizeof err))) {
            free(want[0]);
            return cli_error("sweep", "%s", err);
        }
    }
    uint64_t *fd = malloc((size_t)GROTTO_FLOOR_UNIVERSE * sizeof *fd);
    uint64_t *md = malloc((size_t)GROTTO_MAP_UNIVERSE * sizeof *md);
    if (!fd || !md)
        return cli_error("sweep", "out of memory");
    oracle_progress p;
    oracle_progress_init(&p, "sweep", quiet);
    grotto_sweep_request req = {.threads = threads, .floor_digest = fd, .map_digest = md,
                                .progress = oracle_progress_cb, .progress_ctx = &p};
    grotto_sweep_stats st;
    int rc = grotto_impl_sweep(&req, &st);
    oracle_progress_done(&p);
    if (rc != 0)
        return cli_error("sweep", "the sweep failed (out of memory?)");
    uint64_t bad[2] = {0, 0};
    for (size_t i = 0; want[0] && i < GROTTO_FLOOR_UNIVERSE; i++)
        bad[0] += fd[i] != want[0][i];
    for (size_t i = 0; want[1] && i < GROTTO_MAP_UNIVERSE; i++)
        bad[1] += md[i] != want[1][i];
    int wrote = 0;
    if (out) {
        if (write_dir(out, fd, md) != 0)
            return EXIT_USAGE;
        wrote = 1;
    }
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_int(&w, "threads", st.threads);
        jw_num(&w, "wall_seconds", st.wall_seconds, 4);
        jw_uint(&w, "floors", st.floors_emitted);
        jw_uint(&w, "maps", st.maps_emitted);
        jw_uint(&w, "floor_generations", st.floors_generated);
        if (wrote)
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
        if (wrote)
            printf("wrote %s/floors.digest, %s/maps.digest, %s/SHA256SUMS\n", out, out, out);
        if (against)
            printf("floors: %d checked, %llu mismatched; maps: %d checked, %llu mismatched\n", GROTTO_FLOOR_UNIVERSE,
                   (unsigned long long)bad[0], GROTTO_MAP_UNIVERSE, (unsigned long long)bad[1]);
    }
    free(fd);
    free(md);
    free(want[0]);
    free(want[1]);
    return bad[0] || bad[1] ? EXIT_DIFF : EXIT_OK;
}
