/* grotto bench: the full-universe sweep timed with ref and impl in one run. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"
#include "universe.h"
#include "bench_queries.h"
#include "oracle.h"
#include "view.h"

static const cli_usage BENCH_USAGE = {
    "grotto bench [-j N] [--repeat N] [--json] [--no-corpus]\ngrotto bench --queries [-n N] [--json]",
    "Times the full-universe sweep - every FloorRecord digest with its analysis and\n"
    "enemy-list terms (524,288 floors) and every MapRecord digest (393,216 maps) - with\n"
    "ref (item by item: each map regenerates its floors) and with impl (its memoized,\n"
    "threaded sweep), N times each (--repeat), and reports the minimum and the median\n"
    "of every figure. Each run is a child process: its CPU time (user + system, all\n"
    "threads) and peak RSS are its own. Per engine: CPU and wall seconds, CPU seconds\n"
    "of each stage (floors, enemy list, analysis, maps; thread CPU time summed over\n"
    "threads, so time spent preempted on a loaded machine is not counted), floor\n"
    "generator runs, peak RSS. The ratio ref/impl is taken from CPU time (medians).\n"
    "The limit line counts impl's generator draws and hashed record bytes, measures\n"
    "what one draw and one hashed byte cost here (tight loops, best of three) and\n"
    "prints the resulting CPU-time limit and impl's distance to it. Then whether both\n"
    "engines produced identical digests, how many of each engine's 917,504 digests\n"
    "differ from the golden corpus (corpus/golden/floors.digest and maps.digest,\n"
    "checked against SHA256SUMS), and the targets (impl sweep CPU <= 0.15 s, impl >=\n"
    "60x ref by CPU time, peak RSS < 64 MiB). A missed target is reported, not an\n"
    "error. On a terminal a progress line per run and stage goes to stderr.\n",
    NULL,
    "Exit 0 when both engines produced identical digests that match the corpus in every\n"
    "run; 1 when they differ from each other or from the corpus; 2 on bad input, a\n"
    "broken corpus file or a run that failed.\n",
    bench_queries_help,
    "grotto bench -j 1 --repeat 5\n"
    "grotto bench --queries -n 5 --json",
};

/* The figures of one engine over its runs. */
enum { F_CPU, F_WALL, F_FLOORS, F_ELIST, F_ANALYSIS, F_MAPS, F_COUNT };
static const char *const fig_key[F_COUNT] = {"cpu_seconds", "wall_seconds", "floors", "elist", "analysis", "maps"};
static const char *const fig_label[F_COUNT] = {"whole run, CPU s", "whole run, wall s", "floors (records)",
                                               "enemy list", "analysis", "maps (records)"};

typedef struct engine_runs {
    universe_bench_run last;          /* counts, digests (equal in every run) */
    universe_bench_stat fig[F_COUNT];
    long rss_max_kib;
    uint64_t mismatches;     /* corpus mismatches, worst run */
    int same_every_run;      /* every run gave the first run's digests */
} engine_runs;

static int run_engine(const grotto_engine *engine, int threads, int repeat, const oracle_corpus *want, int tty,
                      engine_runs *er)
{
    double v[F_COUNT][100];
    memset(er, 0, sizeof *er);
    er->same_every_run = 1;
    for (int i = 0; i < repeat; i++) {
        char label[48];
        snprintf(label, sizeof label, "bench %s %d/%d", engine->name, i + 1, repeat);
        universe_bench_run r;
        if (universe_bench(engine, threads, want->floors, want->maps, tty ? label : NULL, &r) != 0)
            return -1;
        if (!r.ok)
            return 1;
        if (i > 0 && (r.floor_set_digest != er->last.floor_set_digest || r.map_set_digest != er->last.map_set_digest))
            er->same_every_run = 0;
        if (i == 0 || r.floor_mismatch + r.map_mismatch > er->mismatches)
            er->mismatches = r.floor_mismatch + r.map_mismatch;
        if (i == 0)
            er->last = r;
        if (r.peak_rss_kib > er->rss_max_kib)
            er->rss_max_kib = r.peak_rss_kib;
        double f[F_COUNT] = {r.cpu, r.wall, r.floors_s, r.elist_s, r.analysis_s, r.maps_s};
        for (int k = 0; k < F_COUNT; k++)
            v[k][i] = f[k];
    }
    for (int k = 0; k < F_COUNT; k++)
        er->fig[k] = universe_bench_stat_of(v[k], repeat);
    return 0;
}

static void json_stat(jw *w, const char *key, universe_bench_stat s)
{
    jw_obj(w, key);
    jw_num(w, "min", s.min, 4);
    jw_num(w, "median", s.median, 4);
    jw_end_obj(w);
}

static void json_run(jw *w, const char *key, const engine_runs *e)
{
    const universe_bench_run *r = &e->last;
    jw_obj(w, key);
    jw_bool(w, "ok", 1);
    json_stat(w, "cpu_seconds", e->fig[F_CPU]);
    json_stat(w, "wall_seconds", e->fig[F_WALL]);
    jw_obj(w, "stage_cpu_seconds");
    for (int k = F_FLOORS; k < F_COUNT; k++)
        json_stat(w, fig_key[k], e->fig[k]);
    jw_end_obj(w);
    jw_uint(w, "floors", r->floors);
    jw_uint(w, "maps", r->maps);
    jw_uint(w, "floor_generations", r->floor_generations);
    jw_int(w, "peak_rss_kib", e->rss_max_kib);
    jw_uint(w, "floor_corpus_mismatches", r->floor_mismatch);
    jw_uint(w, "map_corpus_mismatches", r->map_mismatch);
    jw_bool(w, "same_digests_every_run", e->same_every_run);
    jw_end_obj(w);
}

static double ratio_of(double a, double b)
{
    return b > 0 ? a / b : 0;
}

int cmd_bench(int argc, char **argv)
{
    const char *threads_s = NULL, *runs_s = NULL, *repeat_s = NULL, *pos[1];
    int json = 0, no_corpus = 0, queries = 0, quiet = 0, help = 0, npos, threads = 0;
    const cli_opt opts[] = {
        {"threads", 'j', OPT_VALUE, NULL, &threads_s, "N", "threads for both engines (default: all cores)"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable"},
        {"no-corpus", 0, OPT_FLAG, &no_corpus, NULL, NULL, "skip the comparison with the corpus"},
        {"quiet", 'q', OPT_FLAG, &quiet, NULL, NULL, "no progress lines (they go to stderr, on a terminal only)"},
        {"queries", 0, OPT_FLAG, &queries, NULL, NULL,
         "instead: time the research query set below, each run as a fresh\nprocess N times cold (--no-cache: the "
         "universe index built in\nmemory) and N times warm (read from a private cache), wall and CPU\ntime min "
         "and median; warm and cold output must be identical (else\nexit 1); targets: every query < 0.3 s wall, a "
         "cached one < 50 ms"},
        {"repeat", 0, OPT_VALUE, NULL, &repeat_s, "N", "runs per engine, 1..100 (default 1); min and median are reported"},
        {"runs", 'n', OPT_VALUE, NULL, &runs_s, "N", "runs per query and mode with --queries (default 5)"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse("bench", argc, argv, opts, nopts, pos, 0, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&BENCH_USAGE, opts, nopts);
        return EXIT_OK;
    }
    if (queries || runs_s) {
        unsigned long runs = 5;
        if (!queries)
            return cli_error("bench", "-n counts the runs of --queries: give --queries");
        if (threads_s || no_corpus || repeat_s)
            return cli_error("bench", "--queries takes no -j, --repeat or --no-corpus (each query uses all cores; -n counts its runs)");
        if (runs_s && cli_uint("bench", "run count", runs_s, 100, &runs))
            return EXIT_USAGE;
        if (runs < 1)
            return cli_error("bench", "-n needs at least 1 run");
        if (cli_parse_only)
            return EXIT_OK;
        return bench_queries((int)runs, json, quiet);
    }
    if (threads_s && cli_threads("bench", threads_s, &threads))
        return EXIT_USAGE;
    unsigned long repeat = 1;
    if (repeat_s && cli_uint("bench", "repeat count", repeat_s, 100, &repeat))
        return EXIT_USAGE;
    if (repeat < 1)
        return cli_error("bench", "--repeat needs at least 1 run");
    if (threads <= 0)
        threads = base_default_threads();
    if (cli_parse_only)
        return EXIT_OK;
    oracle_corpus want = {0};
    char err[4096];
    if (!no_corpus && oracle_corpus_load("corpus", 1u << ORACLE_FLOORS | 1u << ORACLE_MAPS, &want, err, sizeof err))
        return cli_error("bench", "%s (use --no-corpus to skip the check)", err);
    int tty = isatty(STDERR_FILENO) && !json && !quiet; /* progress only on a terminal */
    engine_runs impl, ref;
    int rc = run_engine(&grotto_engine_impl, threads, (int)repeat, &want, tty, &impl);
    if (!rc)
        rc = run_engine(&grotto_engine_ref, threads, (int)repeat, &want, tty, &ref);
    oracle_corpus_free(&want);
    if (rc < 0)
        return cli_error("bench", "cannot start a benchmark run (fork or memory)");
    if (rc > 0)
        return cli_error("bench", "a benchmark run did not finish");
    universe_bench_limit lim;
    universe_bench_limit_measure(&lim);
    double limit = universe_bench_limit_seconds(&lim, impl.last.draws, impl.last.bytes_hashed);
    double ratio = ratio_of(ref.fig[F_CPU].median, impl.fig[F_CPU].median);
    double ratio_min = ratio_of(ref.fig[F_CPU].min, impl.fig[F_CPU].min);
    double ratio_wall = ratio_of(ref.fig[F_WALL].median, impl.fig[F_WALL].median);
    int same = impl.last.floor_set_digest == ref.last.floor_set_digest &&
               impl.last.map_set_digest == ref.last.map_set_digest && impl.same_every_run && ref.same_every_run;
    int t_ratio = ratio >= 60, t_cpu = impl.fig[F_CPU].median <= 0.15, t_rss = impl.rss_max_kib < 64 * 1024;
    uint64_t mismatches = ref.mismatches + impl.mismatches;
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_int(&w, "threads", threads);
        jw_int(&w, "repeat", (int)repeat);
        json_run(&w, "ref", &ref);
        json_run(&w, "impl", &impl);
        jw_num(&w, "ratio", ratio, 2);
        jw_num(&w, "ratio_min", ratio_min, 2);
        jw_num(&w, "ratio_wall", ratio_wall, 2);
        jw_obj(&w, "limit");
        jw_uint(&w, "draws", impl.last.draws);
        jw_uint(&w, "bytes_hashed", impl.last.bytes_hashed);
        jw_num(&w, "ns_per_draw", lim.ns_per_draw, 3);
        jw_num(&w, "ns_per_byte", lim.ns_per_byte, 3);
        jw_num(&w, "seconds", limit, 4);
        jw_num(&w, "impl_cpu_over_limit", ratio_of(impl.fig[F_CPU].median, limit), 2);
        jw_end_obj(&w);
        jw_bool(&w, "identical_digests", same);
        jw_bool(&w, "corpus_checked", !no_corpus);
        jw_uint(&w, "corpus_mismatches", mismatches);
        jw_obj(&w, "targets");
        jw_bool(&w, "ratio_at_least_60", t_ratio);
        jw_bool(&w, "impl_cpu_at_most_0_15s", t_cpu);
        jw_bool(&w, "impl_rss_under_64mib", t_rss);
        jw_end_obj(&w);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        printf("full-universe sweep, %d thread%s, %lu run%s per engine (min / median)\n", threads,
               threads == 1 ? "" : "s", repeat, repeat == 1 ? "" : "s");
        printf("  %-20s %21s %21s\n", "", "ref", "impl");
        for (int k = 0; k < F_COUNT; k++) {
            if (k == F_FLOORS)
                printf("  stage CPU s\n");
            printf("  %-20s %10.3f %10.3f %10.3f %10.3f\n", fig_label[k], ref.fig[k].min, ref.fig[k].median,
                   impl.fig[k].min, impl.fig[k].median);
        }
        printf("  %-20s %21llu %21llu\n", "floor generator runs", (unsigned long long)ref.last.floor_generations,
               (unsigned long long)impl.last.floor_generations);
        printf("  %-20s %17.1f MiB %17.1f MiB\n", "peak RSS", ref.rss_max_kib / 1024.0, impl.rss_max_kib / 1024.0);
        if (!no_corpus)
            printf("  %-20s %21llu %21llu\n", "corpus mismatches", (unsigned long long)ref.mismatches,
                   (unsigned long long)impl.mismatches);
        printf("ratio ref/impl by CPU time: %.1fx (median), %.1fx (min); by wall time %.1fx\n", ratio, ratio_min,
               ratio_wall);
        printf("limit: %llu draws x %.3f ns + %llu bytes hashed x %.3f ns = %.3f s CPU;\n"
               "       impl %.3f s = %.1fx the limit\n",
               (unsigned long long)impl.last.draws, lim.ns_per_draw, (unsigned long long)impl.last.bytes_hashed,
               lim.ns_per_byte, limit, impl.fig[F_CPU].median, ratio_of(impl.fig[F_CPU].median, limit));
        printf("digests of both engines identical%s: %s\n", repeat > 1 ? " in every run" : "", same ? "yes" : "NO");
        if (no_corpus)
            printf("corpus: not compared (--no-corpus)\n");
        else
            printf("corpus: %s (%d floor + %d map digests per engine and run, corpus/golden,\n"
                   "        SHA256SUMS checked)\n",
                   mismatches ? "MISMATCH" : "match", GROTTO_FLOOR_UNIVERSE, GROTTO_MAP_UNIVERSE);
        printf("targets: impl CPU <= 0.15 s: %s (%.3f s); impl >= 60x ref by CPU: %s (%.1fx);\n"
               "         peak RSS < 64 MiB: %s (%.1f MiB)\n",
               t_cpu ? "met" : "MISSED", impl.fig[F_CPU].median, t_ratio ? "met" : "MISSED", ratio,
               t_rss ? "met" : "MISSED", impl.rss_max_kib / 1024.0);
    }
    return mismatches || !same ? EXIT_DIFF : EXIT_OK;
}
