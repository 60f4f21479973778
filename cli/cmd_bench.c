/* grotto bench [--queries]: the full-universe sweep timed with ref and impl,
 * or the research queries timed cold and cached. Runs:
 * universe_bench_sweep_run and universe_bench_queries_run
 * (universe/bench_run.c); the text renderers read their documents. */
#include <stddef.h>
#include <unistd.h>

#include "grotto/record.h"
#include "base.h"
#include "cli.h"
#include "universe.h"

typedef struct bench_args {
    int format;
    universe_bench_args a;
    int queries, quiet;
} bench_args;

enum { SWEEP, QUERIES };
enum { M_SWEEP = 1u << SWEEP, M_QUERIES = 1u << QUERIES };
#define A(f) offsetof(bench_args, a.f)

static const cli_range REPEAT = {"--repeat count", 1, 100}, RUNS = {"run count", 1, 100};

static int count(const cli_value *v, const char *text, void *field)
{
    unsigned long n;
    if (cli_uint_of(v->cmd, v->aux, text, &n))
        return EXIT_USAGE;
    *(int *)field = (int)n;
    return 0;
}
static const cli_kind COUNT = {count, NULL};

static const cli_option OPTIONS[] = {
    {"threads", 'j', "N", &CLI_THREADS, A(threads), NULL, M_SWEEP, 0, 0, NULL,
     "threads for both engines (default: all cores)"},
    {"repeat", 0, "N", &COUNT, A(repeat), &REPEAT, M_SWEEP, 0, 0, NULL,
     "runs per engine, 1..100 (default 1); min and median are reported"},
    {"no-corpus", 0, NULL, &CLI_FLAG, A(no_corpus), NULL, M_SWEEP, 0, 0, NULL, "skip the comparison with the corpus"},
    {"queries", 0, NULL, &CLI_FLAG, offsetof(bench_args, queries), NULL, M_QUERIES, 0, 0, NULL,
     "instead: time the research query set below, each run as a fresh\nprocess N times cold (--no-cache: the "
     "universe index built in\nmemory) and N times warm (read from a private cache), wall and CPU\ntime min "
     "and median; warm and cold output must be identical (else\nexit 1); targets: every query < 0.3 s wall, a "
     "cached one < 20 ms.\nThe caches and outputs live in a folder under $TMPDIR (else /tmp),\nremoved at the "
     "end and on SIGINT, SIGTERM, SIGHUP or SIGPIPE"},
    {"runs", 'n', "N", &COUNT, A(runs), &RUNS, M_QUERIES, 0, 0, NULL,
     "runs per query and mode with --queries, 1..100 (default 5)"},
    {"query", 0, "ARGS", &CLI_STRING, A(query), NULL, M_QUERIES, 0, 0, NULL,
     "with --queries: time these instead of the set - grotto's arguments,\nwords split at spaces (\"...\" keeps "
     "them), queries separated by ';'\n(at most 32 of 24 words); cold runs start from an empty cache\nfolder "
     "(the index built and written, as after a rebuild)"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 0, NULL, "machine-readable (docs/json.md, 'bench')"},
    {"quiet", 'q', NULL, &CLI_FLAG, offsetof(bench_args, quiet), NULL, 0, 0, 0, NULL,
     "no progress lines (they go to stderr, on a terminal only)"},
    {0},
};

static const cli_mode MODES[] = {{NULL, NULL, NULL, NULL}, {"--queries", NULL, NULL, NULL}};

static void init(void *args)
{
    bench_args *b = args;
    b->a.repeat = 1;
    b->a.runs = 5;
}

static int check(const char *cmd, void *args, int mode)
{
    bench_args *b = args;
    static universe_bench_queries scratch;
    char err[256];
    if (b->a.query && universe_bench_query_parse(b->a.query, &scratch, err, sizeof err))
        return cli_error(cmd, "%s", err);
    if (b->a.threads <= 0)
        b->a.threads = base_default_threads();
    /* progress only on a terminal, and not under --json or -q */
    b->a.progress = !b->quiet && b->format != CLI_JSON && (mode == QUERIES || isatty(STDERR_FILENO));
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    const bench_args *b = args;
    return mode == QUERIES ? universe_bench_queries_run(&b->a, r) : universe_bench_sweep_run(&b->a, r);
}

/* ---- text ---- */

static const char *const FIG[] = {"cpu_seconds", "wall_seconds", "floors", "elist", "analysis", "maps"};
static const char *const FIG_LABEL[] = {"whole run, CPU s", "whole run, wall s", "floors (records)",
                                        "enemy list", "analysis", "maps (records)"};

static const json_t *fig(const json_t *engine, int k)
{
    return k < 2 ? json_object_get(engine, FIG[k]) : res_at(json_object_get(engine, "stage_cpu_seconds"), FIG[k]);
}

static void engines_table(const json_t *d)
{
    const json_t *ref = json_object_get(d, "ref"), *impl = json_object_get(d, "impl");
    printf("  %-20s %21s %21s\n", "", "ref", "impl");
    for (int k = 0; k < 6; k++) {
        if (k == 2)
            printf("  stage CPU s\n");
        printf("  %-20s %10.3f %10.3f %10.3f %10.3f\n", FIG_LABEL[k], res_get_num(fig(ref, k), "min"),
               res_get_num(fig(ref, k), "median"), res_get_num(fig(impl, k), "min"), res_get_num(fig(impl, k), "median"));
    }
    printf("  %-20s %21lld %21lld\n", "floor generator runs", res_get_int(ref, "floor_generations"),
           res_get_int(impl, "floor_generations"));
    printf("  %-20s %17.1f MiB %17.1f MiB\n", "peak RSS", res_get_int(ref, "peak_rss_kib") / 1024.0,
           res_get_int(impl, "peak_rss_kib") / 1024.0);
    if (res_get_bool(d, "corpus_checked"))
        printf("  %-20s %21lld %21lld\n", "corpus mismatches", res_get_int(ref, "corpus_mismatches_worst_run"),
               res_get_int(impl, "corpus_mismatches_worst_run"));
}

static void sweep_text(const json_t *d)
{
    long long threads = res_get_int(d, "threads"), repeat = res_get_int(d, "repeat");
    const json_t *l = json_object_get(d, "limit"), *t = json_object_get(d, "targets");
    double impl_cpu = res_get_num(res_at(d, "impl.cpu_seconds"), "median");
    printf("full-universe sweep, %lld thread%s, %lld run%s per engine (min / median)\n", threads,
           threads == 1 ? "" : "s", repeat, repeat == 1 ? "" : "s");
    engines_table(d);
    printf("ratio ref/impl by CPU time: %.1fx (median), %.1fx (min); by wall time %.1fx\n", res_get_num(d, "ratio"),
           res_get_num(d, "ratio_min"), res_get_num(d, "ratio_wall"));
    printf("limit: %lld draws x %.3f ns + %lld bytes hashed x %.3f ns = %.3f s CPU;\n"
           "       impl %.3f s = %.1fx the limit\n",
           res_get_int(l, "draws"), res_get_num(l, "ns_per_draw"), res_get_int(l, "bytes_hashed"),
           res_get_num(l, "ns_per_byte"), res_get_num(l, "seconds"), impl_cpu, res_get_num(l, "impl_cpu_over_limit"));
    printf("digests of both engines identical%s: %s\n", repeat > 1 ? " in every run" : "",
           res_get_bool(d, "identical_digests") ? "yes" : "NO");
    if (!res_get_bool(d, "corpus_checked"))
        printf("corpus: not compared (--no-corpus)\n");
    else
        printf("corpus: %s (%d floor + %d map digests per engine and run, corpus/golden,\n"
               "        SHA256SUMS checked)\n",
               res_get_int(d, "corpus_mismatches") ? "MISMATCH" : "match", GROTTO_FLOOR_UNIVERSE, GROTTO_MAP_UNIVERSE);
    printf("targets: impl CPU <= 2x the limit: %s (%.1fx); impl >= 40x ref by CPU: %s (%.1fx);\n"
           "         peak RSS < 64 MiB: %s (%.1f MiB)\n",
           res_get_bool(t, "impl_within_2x_limit") ? "met" : "MISSED", res_get_num(l, "impl_cpu_over_limit"),
           res_get_bool(t, "ratio_at_least_40") ? "met" : "MISSED", res_get_num(d, "ratio"),
           res_get_bool(t, "impl_rss_under_64mib") ? "met" : "MISSED", res_get_int(res_at(d, "impl"), "peak_rss_kib") / 1024.0);
}

/* The research domains' block: one line per domain, its limit priced
 * bytes at the sweep's hashing rate. */
static void research_text(const json_t *d)
{
    const json_t *o = json_object_get(d, "research"), *list = json_object_get(o, "domains");
    printf("research domains, %s: its calls, the results encoded and hashed (thread CPU s)\n",
           res_get_str(o, "engine"));
    printf("  %-9s %13s %10s %10s %9s %12s %9s\n", "domain", "items", "CPU min", "median", "ns/item", "limit s",
           "x limit");
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *x = json_array_get(list, i), *c = json_object_get(x, "cpu_seconds");
        printf("  %-9s %13lld %10.3f %10.3f %9.1f %12.4f %8.1fx\n", res_get_str(x, "domain"),
               res_get_int(x, "items"), res_get_num(c, "min"), res_get_num(c, "median"),
               res_get_num(x, "ns_per_item"), res_get_num(x, "limit_seconds"), res_get_num(x, "impl_cpu_over_limit"));
    }
    printf("  limit: the bytes hashed (the results; the walk also reads W x H tiles a floor) x %.3f ns\n",
           res_get_num(res_at(d, "limit"), "ns_per_byte"));
    printf("  results identical in every run: %s; calls refused: %lld; walking costs vs corpus: %s\n",
           universe_bench_research_same(o), res_get_int(o, "refused"), universe_bench_research_walk(o));
}

static void queries_text(const json_t *d)
{
    const json_t *qs = json_object_get(d, "queries"), *t = json_object_get(d, "targets");
    printf("%s, %lld runs each as a fresh process, %lld cpus (seconds: min / median)\n",
           res_get_bool(d, "own_queries") ? "your queries (--query)" : "research queries", res_get_int(d, "runs"),
           res_get_int(d, "cpus"));
    printf("  query\n    %15s %15s %15s %15s\n", "cold wall", "cold cpu", "warm wall", "warm cpu");
    for (size_t i = 0; i < json_array_size(qs); i++) {
        const json_t *q = json_array_get(qs, i), *c = json_object_get(q, "cold"), *w = json_object_get(q, "warm");
        printf("  %s\n", res_get_str(q, "query"));
        if (!res_get_bool(q, "ok")) {
            printf("    FAILED (exit status not 0)\n");
            continue;
        }
        printf("    %7.3f/%7.3f %7.3f/%7.3f %7.3f/%7.3f %7.3f/%7.3f%s\n", res_get_num(c, "wall_min"),
               res_get_num(c, "wall_median"), res_get_num(c, "cpu_min"), res_get_num(c, "cpu_median"),
               res_get_num(w, "wall_min"), res_get_num(w, "wall_median"), res_get_num(w, "cpu_min"),
               res_get_num(w, "cpu_median"), res_get_bool(q, "same_output") ? "" : "  OUTPUT DIFFERS");
    }
    printf("targets (medians): every query < 0.3 s wall with the cache: %s (worst %.3f s);\n"
           "  cached < 20 ms: %s; cold (%s) < 0.3 s: %s (worst %.3f s)\n",
           res_get_bool(t, "every_query_under_0_3s") ? "met" : "MISSED", res_get_num(d, "worst_warm_wall"),
           res_get_bool(t, "cached_under_20ms") ? "met" : "MISSED",
           res_get_bool(d, "own_queries") ? "an empty cache folder" : "index built in memory",
           res_get_bool(t, "cold_under_0_3s") ? "met" : "MISSED",
           res_get_num(d, "worst_cold_wall"));
}

static void text(const json_t *d, const void *args)
{
    if (((const bench_args *)args)->queries)
        queries_text(d);
    else {
        sweep_text(d);
        research_text(d);
    }
}

static const cli_renderer TEXT = {NULL, NULL, text};

static const cli_field QUERY_FIELDS[] = {
    {"runs", "int", "always", "runs of each query (`-n`)", NULL},
    {"own_queries", "bool", "always", "the queries are `--query`'s, not the set", NULL},
    {"cpus", "int", "always", "CPUs of the machine", NULL},
    {"queries", "array of object", "always", "one per query", NULL},
    {"queries[].query", "string", "always", "the query, as `grotto` arguments", NULL},
    {"queries[].ok", "bool", "always", "it ran without error", NULL},
    {"queries[].cold", "timings", "always", "without the index cache", NULL},
    {"queries[].warm", "timings", "always", "with the cache", NULL},
    {"queries[].same_output", "bool", "always", "cold and warm printed the same", NULL},
    {"targets", "object", "always", "the speed targets, met or not", NULL},
    {"targets.every_query_under_0_3s", "bool", "always", "every run under 0.3 s", NULL},
    {"targets.cached_under_20ms", "bool", "always", "every cached run under 20 ms", NULL},
    {"targets.cold_under_0_3s", "bool", "always", "every cold run under 0.3 s", NULL},
    {"worst_warm_wall", "number", "always", "the slowest query's median wall seconds with the cache", NULL},
    {"worst_cold_wall", "number", "always", "the slowest query's median wall seconds without it", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result QUERY_RESULT = {
    "bench",
    "`grotto bench --queries --json`: the research queries, cold and cached. (The\n"
    "full-universe `grotto bench [--repeat N] --json` takes minutes; its fields are\n"
    "listed in docs/performance.md under the benchmark, and `tests/e2e/test_nothing_lost.py`\n"
    "checks them; it is not checked here.)",
    "bench --queries -n 1 --query 'search --band DD --count' --json",
    QUERY_FIELDS,
    NULL,
};

static void more_help(FILE *out)
{
    universe_bench_queries_help(out);
}

const cli_command CMD_bench = {
    .name = "bench",
    .summary = "time the full-universe sweep with ref and impl, ratio and peak memory",
    .size = sizeof(bench_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 2,
    .check = check,
    .about = "Times the full-universe sweep - every FloorRecord digest with its analysis and\n"
             "enemy-list terms (524,288 floors) and every MapRecord digest (393,216 maps) - with\n"
             "ref (item by item: each map regenerates its floors) and with impl (its memoized,\n"
             "threaded sweep), N times each (--repeat), and reports the minimum and the median\n"
             "of every figure. Each run is a child process: its CPU time (user + system, all\n"
             "threads, from the engine's start to its return) and peak RSS are its own; the\n"
             "arrays it fills (digests, facts) are mapped and faulted in before it starts, so\n"
             "neither engine pays for zeroing the harness's pages, nor for the child's exit.\n"
             "Per engine: CPU and wall seconds, CPU seconds\n"
             "of each stage (floors, enemy list, analysis, maps; thread CPU time summed over\n"
             "threads, so time spent preempted on a loaded machine is not counted), floor\n"
             "generator runs, peak RSS. The ratio ref/impl is taken from CPU time (medians).\n"
             "The limit line counts impl's generator draws and hashed record bytes, measures\n"
             "what one draw and one hashed byte cost here (tight loops, best of five after a\n"
             "warm-up pass; measured right before impl's runs)\n"
             "and prints the resulting CPU-time limit and impl's distance to it.\n"
             "Then whether both engines produced identical digests, how many of each engine's\n"
             "917,504 digests differ from the golden corpus (corpus/golden/floors.digest and\n"
             "maps.digest, checked against SHA256SUMS), and the targets (impl sweep CPU at most\n"
             "twice the limit, impl >= 40x ref by CPU time, peak RSS < 64 MiB). A missed target\n"
             "is reported, not an error. Then impl's research domains, N runs: the walking cost\n"
             "of every floor, the AT of every seed (marks, whistle answers, 156 scans), the\n"
             "multiplayer bug of every map and the chest contents of the oracle's default\n"
             "slice - the oracle's items, encoded as it compares them and hashed - each with\n"
             "the thread CPU time of impl's calls and the hashing (their inputs made before the\n"
             "clock starts), ns per item, and a limit: the bytes hashed (and each floor's tiles\n"
             "the walk reads) at the hashing rate above; whether every run gave the same\n"
             "digests, and the walking costs against corpus/golden/floor-walk.bin. On a\n"
             "terminal a progress line per run and stage goes to stderr.\n",
    .notes = "Exit 0 when both engines produced identical digests that match the corpus in every\n"
             "run and the research domains gave the same digests in every run, every call\n"
             "answered and the walking costs match; 1 when not; 2 on bad input, a\n"
             "broken corpus file or a run that failed.\n",
    .notes_more = more_help,
    .examples = "grotto bench -j 1 --repeat 5\n"
                "grotto bench --queries -n 5 --json\n"
                "grotto bench --queries --query 'search --band DD --count; map DD5BC3'",
    .run = run,
    .result = {NULL, &QUERY_RESULT},
    .render = {[CLI_TEXT] = &TEXT},
};
