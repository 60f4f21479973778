/* grotto bench: the full-universe sweep timed with ref and impl in one run. */
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"
#include "bench_queries.h"
#include "oracle.h"
#include "view.h"

static const cli_usage BENCH_USAGE = {
    "grotto bench [-j N] [--json] [--no-corpus]\ngrotto bench --queries [-n N] [--json]",
    "Times, in one run, the full-universe sweep - every FloorRecord digest with its\n"
    "analysis and enemy-list terms (524,288 floors) and every MapRecord digest (393,216\n"
    "maps) - with ref (item by item: each map regenerates its floors) and with impl (its\n"
    "memoized, threaded sweep). Each engine runs in its own child process so that the\n"
    "peak RSS reported is its own. Prints per-stage thread-seconds (floors, enemy list,\n"
    "analysis, maps), wall time, the ratio ref/impl, floors per second, peak RSS, whether\n"
    "both produced identical digests and how many of each engine's 917,504 digests differ\n"
    "from the golden corpus (corpus/golden/floors.digest and maps.digest, checked against\n"
    "SHA256SUMS), and the targets (impl >= 30x ref, full sweep < 1 s with 2 threads, peak\n"
    "RSS < 64 MiB). A missed target is reported, not an error.\n",
    NULL,
    "Exit 0 when both engines produced identical digests that match the corpus; 1 when\n"
    "they differ from each other or from the corpus; 2 on bad input, a broken corpus\n"
    "file or a run that failed.\n",
    bench_queries_help,
    "grotto bench -j 2\n"
    "grotto bench --queries -n 5 --json",
};

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
    const char *threads_s = NULL, *runs_s = NULL, *pos[1];
    int json = 0, no_corpus = 0, queries = 0, help = 0, npos, threads = 0;
    const cli_opt opts[] = {
        {"threads", 'j', OPT_VALUE, NULL, &threads_s, "N", "threads for both engines (default: all cores)"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable"},
        {"no-corpus", 0, OPT_FLAG, &no_corpus, NULL, NULL, "skip the comparison with the corpus"},
        {"queries", 0, OPT_FLAG, &queries, NULL, NULL,
         "instead: time the research query set below, each run as a fresh\nprocess N times cold (--no-cache: the "
         "universe index built in\nmemory) and N times warm (read from a private cache), wall and CPU\ntime min "
         "and median; warm and cold output must be identical (else\nexit 1); targets: every query < 0.3 s wall, a "
         "cached one < 50 ms"},
        {"runs", 'n', OPT_VALUE, NULL, &runs_s, "N", "runs per query and mode with --queries (default 5)"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_parse("bench", argc, argv, opts, nopts, pos, 0, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_help(&BENCH_USAGE, opts, nopts);
        return EXIT_OK;
    }
    if (queries || runs_s) {
        unsigned long runs = 5;
        if (!queries)
            return cli_error("bench", "-n counts the runs of --queries: give --queries");
        if (threads_s || no_corpus)
            return cli_error("bench", "--queries takes no -j or --no-corpus (each query uses all cores)");
        if (runs_s && cli_uint("bench", "run count", runs_s, 100, &runs))
            return EXIT_USAGE;
        if (runs < 1)
            return cli_error("bench", "-n needs at least 1 run");
        if (cli_parse_only)
            return EXIT_OK;
        return bench_queries((int)runs, json);
    }
    if (threads_s && cli_threads("bench", threads_s, &threads))
        return EXIT_USAGE;
    if (threads <= 0)
        threads = oracle_default_threads();
    if (cli_parse_only)
        return EXIT_OK;
    oracle_corpus want = {0};
    char err[4096];
    if (!no_corpus && oracle_corpus_load("corpus", 1u << ORACLE_FLOORS | 1u << ORACLE_MAPS, &want, err, sizeof err))
        return cli_error("bench", "%s (use --no-corpus to skip the check)", err);
    int tty = isatty(STDERR_FILENO) && !json; /* progress only on a terminal */
    bench_run impl, ref;
    if (tty)
        fprintf(stderr, "bench: impl sweep...\n");
    int started = oracle_bench("impl", threads, want.floors, want.maps, &impl) == 0;
    if (started && tty)
        fprintf(stderr, "bench: ref sweep...\n");
    started = started && oracle_bench("ref", threads, want.floors, want.maps, &ref) == 0;
    oracle_corpus_free(&want);
    if (!started)
        return cli_error("bench", "cannot start a benchmark run (fork or memory)");
    if (!impl.ok || !ref.ok)
        return cli_error("bench", "the %s run did not finish", !impl.ok ? "impl" : "ref");
    double ratio = impl.wall > 0 ? ref.wall / impl.wall : 0;
    int same = impl.floor_set_digest == ref.floor_set_digest && impl.map_set_digest == ref.map_set_digest;
    int t_ratio = ratio >= 30, t_wall = impl.wall < 1.0, t_rss = impl.peak_rss_kib < 64 * 1024;
    uint64_t mismatches = ref.floor_mismatch + ref.map_mismatch + impl.floor_mismatch + impl.map_mismatch;
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
        jw_uint(&w, "corpus_mismatches", mismatches);
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
        if (no_corpus)
            printf("corpus: not compared (--no-corpus)\n");
        else
            printf("corpus: %s (%d floor + %d map digests per engine, corpus/golden, SHA256SUMS checked): "
                   "ref %llu mismatched, impl %llu mismatched\n",
                   mismatches ? "MISMATCH" : "match", GROTTO_FLOOR_UNIVERSE, GROTTO_MAP_UNIVERSE,
                   (unsigned long long)(ref.floor_mismatch + ref.map_mismatch),
                   (unsigned long long)(impl.floor_mismatch + impl.map_mismatch));
        printf("targets: impl >= 30x ref: %s (%.1fx); full sweep < 1 s: %s (%.3f s); peak RSS < 64 MiB: %s (%.1f MiB)\n",
               t_ratio ? "met" : "MISSED", ratio, t_wall ? "met" : "MISSED", impl.wall, t_rss ? "met" : "MISSED",
               impl.peak_rss_kib / 1024.0);
    }
    return mismatches || !same ? EXIT_DIFF : EXIT_OK;
}
