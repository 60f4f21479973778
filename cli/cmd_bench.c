/* grotto bench: the full-universe sweep timed with ref and impl in one run. */
#include <stdlib.h>

#include "bench.h"
#include "oracle.h"
#include "view.h"

void help_bench(FILE *out)
{
    fprintf(out,
            "usage: grotto bench [-j N] [--json] [--no-corpus]\n"
            "\n"
            "Times, in one run, the full-universe sweep - every FloorRecord digest with its\n"
            "analysis and enemy-list terms (524,288 floors) and every MapRecord digest (393,216\n"
            "maps) - with ref (item by item: each map regenerates its floors) and with impl (its\n"
            "memoized, threaded sweep). Each engine runs in its own child process so that the\n"
            "peak RSS reported is its own. Prints per-stage thread-seconds (floors, enemy list,\n"
            "analysis, maps), wall time, the ratio ref/impl, floors per second, peak RSS, whether\n"
            "both produced identical digests and whether they match the golden corpus, and the\n"
            "targets (impl >= 30x ref, full sweep < 1 s with 2 threads, peak RSS < 64 MiB).\n"
            "\n"
            "  -j N          threads for both engines (default: all cores)\n"
            "  --json        machine-readable\n"
            "  --no-corpus   skip the comparison with corpus/golden/*.digest\n");
}

static void json_run(jw *w, const char *key, const bench_run *r)
{
    jw_obj(w, key);
    jw_bool(w, "ok", r->ok);
    jw_num(w, "wall_seconds", r->wall, 4);
    jw_obj(w, "stage_thread_seconds");
    jw_num(w, "floors", r->floors_s, 4);
    jw_num(w, "elist", r->elist_s, 4);
    jw_num(w, "analysis", r->analysis_s, 4);
    jw_num(w, "maps", r->maps_s, 4);
    jw_end_obj(w);
    jw_uint(w, "floors", r->floors);
    jw_uint(w, "maps", r->maps);
    jw_uint(w, "floor_generations", r->floor_generations);
    jw_num(w, "floors_per_second", r->wall > 0 ? (double)r->floors / r->wall : 0, 0);
    jw_int(w, "peak_rss_kib", r->peak_rss_kib);
    jw_uint(w, "floor_corpus_mismatches", r->floor_mismatch);
    jw_uint(w, "map_corpus_mismatches", r->map_mismatch);
    jw_end_obj(w);
}

int cmd_bench(int argc, char **argv)
{
    const char *threads_s = NULL, *pos[1];
    int json = 0, no_corpus = 0, help = 0, npos, threads = 0;
    cli_opt opts[] = {{"threads", 'j', OPT_VALUE, NULL, &threads_s},
                      {"json", 0, OPT_FLAG, &json, NULL},
                      {"no-corpus", 0, OPT_FLAG, &no_corpus, NULL}};
    if (cli_parse("bench", argc, argv, opts, 3, pos, 0, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        help_bench(stdout);
        return EXIT_OK;
    }
    if (threads_s && cli_threads("bench", threads_s, &threads))
        return EXIT_USAGE;
    if (threads <= 0)
        threads = oracle_default_threads();
    if (cli_parse_only)
        return EXIT_OK;
    uint64_t *want[2] = {NULL, NULL};
    if (!no_corpus)
        for (int d = 0; d < 2; d++) {
            char path[4096], err[4096];
            oracle_against_path("corpus", (oracle_domain)d, path, sizeof path);
            if (!(want[d] = oracle_digest_load(path, (oracle_domain)d, err, sizeof err))) {
                free(want[0]);
                return cli_error("bench", "%s (use --no-corpus to skip the check)", err);
            }
        }
    bench_run impl, ref;
    if (!json)
        fprintf(stderr, "bench: impl sweep...\n");
    if (oracle_bench("impl", threads, want[0], want[1], &impl) != 0)
        return cli_error("bench", "cannot start the impl run");
    if (!json)
        fprintf(stderr, "bench: ref sweep...\n");
    if (oracle_bench("ref", threads, want[0], want[1], &ref) != 0)
        return cli_error("bench", "cannot start the ref run");
    free(want[0]);
    free(want[1]);
    double ratio = impl.wall > 0 ? ref.wall / impl.wall : 0;
    int same = impl.floor_set_digest == ref.floor_set_digest && impl.map_set_digest == ref.map_set_digest;
    int t_ratio = ratio >= 30, t_wall = impl.wall < 1.0, t_rss = impl.peak_rss_kib < 64 * 1024;
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_int(&w, "threads", threads);
        json_run(&w, "ref", &ref);
        json_run(&w, "impl", &impl);
        jw_num(&w, "ratio", ratio, 2);
        jw_bool(&w, "identical_digests", same);
        jw_bool(&w, "corpus_checked", !no_corpus);
        jw_obj(&w, "targets");
        jw_bool(&w, "ratio_at_least_30", t_ratio);
        jw_bool(&w, "impl_wall_under_1s", t_wall);
        jw_bool(&w, "impl_rss_under_64mib", t_rss);
        jw_end_obj(&w);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        printf("full-universe sweep, %d threads (stage times are thread-seconds)\n", threads);
        printf("  %-22s %12s %12s\n", "", "ref", "impl");
        printf("  %-22s %12.3f %12.3f\n", "floors (records)", ref.floors_s, impl.floors_s);
        printf("  %-22s %12.3f %12.3f\n", "enemy list", ref.elist_s, impl.elist_s);
        printf("  %-22s %12.3f %12.3f\n", "analysis", ref.analysis_s, impl.analysis_s);
        printf("  %-22s %12.3f %12.3f\n", "maps (records)", ref.maps_s, impl.maps_s);
        printf("  %-22s %12.3f %12.3f\n", "full sweep, wall s", ref.wall, impl.wall);
        printf("  %-22s %12llu %12llu\n", "floor generator runs", (unsigned long long)ref.floor_generations,
               (unsigned long long)impl.floor_generations);
        printf("  %-22s %12.0f %12.0f\n", "floors per second", (double)ref.floors / ref.wall,
               (double)impl.floors / impl.wall);
        printf("  %-22s %9.1f MiB %8.1f MiB\n", "peak RSS", ref.peak_rss_kib / 1024.0, impl.peak_rss_kib / 1024.0);
        if (!no_corpus)
            printf("  %-22s %12llu %12llu\n", "corpus mismatches",
                   (unsigned long long)(ref.floor_mismatch + ref.map_mismatch),
                   (unsigned long long)(impl.floor_mismatch + impl.map_mismatch));
        printf("ratio ref/impl: %.1fx; digests of both engines identical: %s\n", ratio, same ? "yes" : "NO");
        printf("targets: impl >= 30x ref: %s (%.1fx); full sweep < 1 s: %s (%.3f s); peak RSS < 64 MiB: %s (%.1f MiB)\n",
               t_ratio ? "met" : "MISSED", ratio, t_wall ? "met" : "MISSED", impl.wall, t_rss ? "met" : "MISSED",
               impl.peak_rss_kib / 1024.0);
    }
    return (impl.ok && ref.ok) ? EXIT_OK : EXIT_DIFF;
}
