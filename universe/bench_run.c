/* The runs of grotto bench (universe.h, "the bench runs"):
 *   sweep    the full-universe sweep timed with ref and impl, each run a
 *            child process (universe_bench), N runs per engine, min and
 *            median of every figure, the CPU-time limit of impl's work,
 *            the digests compared with each other and the corpus;
 *   queries  the documented research queries (or the user's, --query),
 *            each run as a fresh grotto process cold (--no-cache; the
 *            user's from an empty cache folder) and warm (a private cache).
 * Each returns its document (docs/json.md, 'bench' and 'bench --queries');
 * RES_DIFF when digests differ (sweep) or a query failed or its cold and
 * warm outputs differ (queries). */
#define _DEFAULT_SOURCE /* wait4 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "always.h"
#include "base.h"
#include "oracle.h"
#include "universe.h"

/* The documented query set (README, grotto bench --help). NULL-terminated
 * argument lists; "stats" output is not compared (it holds timings). */
enum { QUERY_WORDS = 12 };
/* a query as text: its words, a space or two quotes each (--query's fit) */
enum { QUERY_TEXT = sizeof(((universe_bench_queries *)0)->words) + 3 * UNIVERSE_BENCH_MAX_WORDS };
static const char *const QUERIES[][QUERY_WORDS] = {
    {"search", "--band", "DD", "--state", "only", "--count", NULL},
    {"search", "--state", "no-enemy", "--limit", "0", NULL},
    {"search", "--monster", "liquid metal slime", "--limit", "0", "--json", NULL},
    {"search", "--up-by-chest", "--down-cut", "--count", NULL},
    {"search", "--name-has", "lv.9", "--ghosts", "2", "--limit", "0", "--csv", NULL},
    {"search", "--location", "72", "--base", "120", "--limit", "0", "--csv", NULL},
    {"search", "--band", "DD", "--smr", "9", "--chests", "S2,A3", "--flag0", "--count", NULL},
    {"search", "--prefix", "diamond", "--bq-count", "D'", "--multi-special", "--limit", "0", NULL},
    {"search", "--chambers-floors", "2", "--chestless", "--count", NULL},
    {"search", "--band", "DD", "--floors", "16", "--sort", "steps", "--limit", "50", "--json", NULL},
    {"search", "--sort", "tiles", "--desc", "--csv", NULL},
    {"odds", "--base", "248", "--state", "only", NULL},
    {"odds", "--base", "120", "--monster", "liquid metal slime", "--json", NULL},
    {"chests", "ql", "Lucida shard", "--band", "DD", "--count", NULL},
    {"chests", "combo", "Millionaire", "--walk", "--band", "DD", "--limit", "0", "--json", NULL},
    {"at", "--pattern", "R2", "--threshold", "1/256", "--band", "DD", "--count", NULL},
    {"search", "--multibug", "--band", "DD", "--flag0", "--limit", "0", "--json", NULL},
    {"stats", NULL},
};
enum { NQUERIES = sizeof QUERIES / sizeof QUERIES[0], MAX_RUNS = 100, MAX_QUERIES = UNIVERSE_BENCH_MAX_QUERIES,
       MAX_WORDS = UNIVERSE_BENCH_MAX_WORDS };

typedef struct timing {
    double wall[MAX_RUNS], cpu[MAX_RUNS];
    int n;
} timing;

typedef struct qresult {
    timing cold, warm;
    int ok, same;
} qresult;

void universe_bench_queries_help(FILE *out)
{
    fprintf(out, "The query set of --queries:\n");
    for (int q = 0; q < NQUERIES; q++) {
        fprintf(out, "    grotto");
        for (int i = 0; QUERIES[q][i]; i++)
            fprintf(out, strchr(QUERIES[q][i], ' ') ? " \"%s\"" : " %s", QUERIES[q][i]);
        fputc('\n', out);
    }
}

/* Splits text into queries (';' between them) of words (spaces between
 * them; "..." keeps spaces). 0, or -1 with a message in err. */
int universe_bench_query_parse(const char *text, universe_bench_queries *l, char *err, size_t errlen)
{
    char *w = l->words, *end = l->words + sizeof l->words;
    int words = 0, quoted = 0, in_word = 0;
    l->n = 1;
    for (const char *c = text;; c++) {
        int ends_query = !*c || (!quoted && *c == ';');
        if (in_word && (ends_query || (!quoted && (*c == ' ' || *c == '\t')))) {
            *w++ = 0; /* room kept by the length check below */
            in_word = 0;
        }
        if (ends_query) {
            l->argv[l->n - 1][words] = NULL;
            if (!words)
                return snprintf(err, errlen, "--query: an empty query in '%s'", text), -1;
            if (!*c)
                return quoted ? (snprintf(err, errlen, "--query: a '\"' is not closed in '%s'", text), -1) : 0;
            if (l->n == MAX_QUERIES)
                return snprintf(err, errlen, "--query: more than %d queries", MAX_QUERIES), -1;
            l->n++, words = 0;
        } else if (quoted || (*c != ' ' && *c != '\t')) {
            if (!in_word && words == MAX_WORDS)
                return snprintf(err, errlen, "--query: more than %d words in a query", MAX_WORDS), -1;
            if (!in_word)
                l->argv[l->n - 1][words++] = w, in_word = 1;
            if (*c == '"')
                quoted = !quoted;
            else if (w + 2 > end) /* the character and a NUL */
                return snprintf(err, errlen, "--query: longer than %d characters", (int)sizeof l->words - 1), -1;
            else
                *w++ = *c;
        }
    }
}

static void query_set(universe_bench_queries *l)
{
    _Static_assert((int)NQUERIES <= (int)MAX_QUERIES && (int)QUERY_WORDS <= (int)MAX_WORDS, "the set fits a list");
    l->n = NQUERIES;
    for (int q = 0; q < NQUERIES; q++)
        memcpy(l->argv[q], QUERIES[q], sizeof QUERIES[q]);
}

static void query_text(const char *const *argv, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; argv[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, strchr(argv[i], ' ') ? "%s\"%s\"" : "%s%s", i ? " " : "",
                              argv[i]);
}

/* ---- stopping ----
 * The query runs keep their caches and outputs in a temporary folder (the
 * cache alone is 21 MB). A signal that ends the bench - SIGINT, SIGTERM,
 * SIGHUP, and SIGPIPE when stderr's reader is gone - is only noted by the
 * handler: the run under way is terminated, no other starts, the folder is
 * removed, and the signal is raised again with the action it had before
 * (an inherited "ignore" is kept, as nohup wants). */
static volatile sig_atomic_t stop_signal;

static void note_stop(int sig)
{
    stop_signal = sig;
}

static const int STOP_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
enum { STOP_SIGNAL_COUNT = sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0] };

static void stop_signals_catch(struct sigaction old[STOP_SIGNAL_COUNT])
{
    stop_signal = 0;
    for (int i = 0; i < STOP_SIGNAL_COUNT; i++) {
        sigaction(STOP_SIGNALS[i], NULL, &old[i]);
        if (old[i].sa_handler == SIG_IGN)
            continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = note_stop; /* no SA_RESTART: a wait for a run returns at once */
        sigemptyset(&sa.sa_mask);
        sigaction(STOP_SIGNALS[i], &sa, NULL);
    }
}

/* The handlers as they were; a noted signal raised again. */
static void stop_signals_release(const struct sigaction old[STOP_SIGNAL_COUNT])
{
    for (int i = 0; i < STOP_SIGNAL_COUNT; i++)
        sigaction(STOP_SIGNALS[i], &old[i], NULL);
    if (stop_signal)
        raise(stop_signal);
}

/* Runs grotto with the query (plus --no-cache if no_cache), stdout into the
 * file out; the timing of the run is appended to t. 0 if it exited 0; -1
 * also when a stop signal came (the run is terminated). */
static int run_once(const char *const *query, int no_cache, const char *cache_dir, const char *out, timing *t)
{
    const char *argv[MAX_WORDS + 3];
    int argc = 0;
    argv[argc++] = "grotto";
    for (int i = 0; query[i]; i++)
        argv[argc++] = query[i];
    if (no_cache)
        argv[argc++] = "--no-cache";
    argv[argc] = NULL;
    double t0 = base_now();
    if (stop_signal)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int nul = open("/dev/null", O_WRONLY);
        if (fd < 0 || nul < 0 || dup2(fd, 1) < 0 || dup2(nul, 2) < 0 || setenv("GROTTO_CACHE_DIR", cache_dir, 1))
            _exit(127);
        unsetenv("GROTTO_INDEX_TRACE");
        execv("/proc/self/exe", (char *const *)argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    pid_t w;
    while ((w = wait4(pid, &status, 0, &ru)) < 0 && errno == EINTR)
        if (stop_signal)
            kill(pid, SIGTERM); /* and wait for it */
    if (w != pid || stop_signal)
        return -1;
    if (t->n < MAX_RUNS) {
        t->wall[t->n] = base_now() - t0;
        t->cpu[t->n] = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
                       ru.ru_stime.tv_usec * 1e-6;
        t->n++;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) {
        int ca = fgetc(fa), cb = fgetc(fb);
        same = ca == cb;
        if (ca == EOF || cb == EOF)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* min and median of v[0..n) (n >= 1) */
static void min_median(const double *v, int n, double *mn, double *med)
{
    double s[MAX_RUNS];
    memcpy(s, v, (size_t)n * sizeof *v);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    *mn = s[0];
    *med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char p[4200];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* ---- sweep ---- */

enum { F_CPU, F_WALL, F_FLOORS, F_ELIST, F_ANALYSIS, F_MAPS, F_COUNT };
static const char *const FIG_KEY[F_COUNT] = {"cpu_seconds", "wall_seconds", "floors", "elist", "analysis", "maps"};

/* The figures of one engine over its runs. */
typedef struct engine_runs {
    universe_bench_run last;     /* counts, digests (equal in every run) */
    universe_bench_stat fig[F_COUNT];
    long rss_max_kib;
    uint64_t mismatches;         /* corpus mismatches, worst run */
    int same_every_run;          /* every run gave the first run's digests */
} engine_runs;

static void keep_run(engine_runs *er, const universe_bench_run *r, int i, double v[F_COUNT][MAX_RUNS])
{
    if (i > 0 && (r->floor_set_digest != er->last.floor_set_digest || r->map_set_digest != er->last.map_set_digest))
        er->same_every_run = 0;
    if (i == 0 || r->floor_mismatch + r->map_mismatch > er->mismatches)
        er->mismatches = r->floor_mismatch + r->map_mismatch;
    if (i == 0)
        er->last = *r;
    if (r->peak_rss_kib > er->rss_max_kib)
        er->rss_max_kib = r->peak_rss_kib;
    double f[F_COUNT] = {r->cpu, r->wall, r->floors_s, r->elist_s, r->analysis_s, r->maps_s};
    for (int k = 0; k < F_COUNT; k++)
        v[k][i] = f[k];
}

static int run_engine(const grotto_engine *engine, const universe_bench_args *a, const oracle_corpus *want,
                      engine_runs *er)
{
    static double v[F_COUNT][MAX_RUNS];
    memset(er, 0, sizeof *er);
    er->same_every_run = 1;
    for (int i = 0; i < a->repeat; i++) {
        char label[48];
        snprintf(label, sizeof label, "bench %s %d/%d", engine->name, i + 1, a->repeat);
        universe_bench_run r;
        if (universe_bench(engine, a->threads, want->floors, want->maps, a->progress ? label : NULL, &r) != 0)
            return -1;
        if (!r.ok)
            return 1;
        keep_run(er, &r, i, v);
    }
    for (int k = 0; k < F_COUNT; k++)
        er->fig[k] = universe_bench_stat_of(v[k], a->repeat);
    return 0;
}

static void stat_value(json_t *o, const char *key, universe_bench_stat s)
{
    json_t *x = res_obj(o, key);
    res_num(x, "min", s.min, 4);
    res_num(x, "median", s.median, 4);
}

static void engine_value(json_t *doc, const char *key, const engine_runs *e)
{
    const universe_bench_run *r = &e->last;
    json_t *o = res_obj(doc, key), *st;
    res_bool(o, "ok", 1);
    stat_value(o, "cpu_seconds", e->fig[F_CPU]);
    stat_value(o, "wall_seconds", e->fig[F_WALL]);
    st = res_obj(o, "stage_cpu_seconds");
    for (int k = F_FLOORS; k < F_COUNT; k++)
        stat_value(st, FIG_KEY[k], e->fig[k]);
    res_int(o, "floors", (long long)r->floors);
    res_int(o, "maps", (long long)r->maps);
    res_int(o, "floor_generations", (long long)r->floor_generations);
    res_int(o, "peak_rss_kib", e->rss_max_kib);
    res_int(o, "floor_corpus_mismatches", (long long)r->floor_mismatch);
    res_int(o, "map_corpus_mismatches", (long long)r->map_mismatch);
    res_bool(o, "same_digests_every_run", e->same_every_run);
    res_int(o, "corpus_mismatches_worst_run", (long long)e->mismatches);
}

static double ratio_of(double a, double b)
{
    return b > 0 ? a / b : 0;
}

/* The limit line (docs/performance.md); returns its seconds. */
static double limit_value(json_t *doc, const engine_runs *impl, const universe_bench_limit lim)
{
    double limit = universe_bench_limit_seconds(&lim, impl->last.draws, impl->last.bytes_hashed);
    json_t *o = res_obj(doc, "limit");
    res_int(o, "draws", (long long)impl->last.draws);
    res_int(o, "bytes_hashed", (long long)impl->last.bytes_hashed);
    res_num(o, "ns_per_draw", lim.ns_per_draw, 3);
    res_num(o, "ns_per_byte", lim.ns_per_byte, 3);
    res_num(o, "seconds", limit, 4);
    res_num(o, "impl_cpu_over_limit", ratio_of(impl->fig[F_CPU].median, limit), 2);
    return limit;
}

universe_bench_targets universe_bench_targets_of(double impl_cpu, double limit, double ratio, long long rss_kib)
{
    return (universe_bench_targets){.impl_within_2x_limit = impl_cpu <= 2 * limit,
                                    .ratio_at_least_40 = ratio >= 40,
                                    .impl_rss_under_64mib = rss_kib < 64 * 1024};
}

static int sweep_value(const universe_bench_args *a, const engine_runs *ref, const engine_runs *impl,
                       const universe_bench_limit *lim, json_t *doc)
{
    double ratio = ratio_of(ref->fig[F_CPU].median, impl->fig[F_CPU].median);
    int same = impl->last.floor_set_digest == ref->last.floor_set_digest &&
               impl->last.map_set_digest == ref->last.map_set_digest && impl->same_every_run && ref->same_every_run;
    uint64_t mismatches = ref->mismatches + impl->mismatches;
    res_int(doc, "threads", a->threads);
    res_int(doc, "repeat", a->repeat);
    engine_value(doc, "ref", ref);
    engine_value(doc, "impl", impl);
    res_num(doc, "ratio", ratio, 2);
    res_num(doc, "ratio_min", ratio_of(ref->fig[F_CPU].min, impl->fig[F_CPU].min), 2);
    res_num(doc, "ratio_wall", ratio_of(ref->fig[F_WALL].median, impl->fig[F_WALL].median), 2);
    double limit = limit_value(doc, impl, *lim);
    res_bool(doc, "identical_digests", same);
    res_bool(doc, "corpus_checked", !a->no_corpus);
    res_int(doc, "corpus_mismatches", (long long)mismatches);
    universe_bench_targets tg = universe_bench_targets_of(impl->fig[F_CPU].median, limit, ratio, impl->rss_max_kib);
    json_t *t = res_obj(doc, "targets");
    res_bool(t, "impl_within_2x_limit", tg.impl_within_2x_limit);
    res_bool(t, "ratio_at_least_40", tg.ratio_at_least_40);
    res_bool(t, "impl_rss_under_64mib", tg.impl_rss_under_64mib);
    return mismatches || !same ? RES_DIFF : RES_OK;
}

/* ---- the research domains: impl's, a->repeat runs ---- */

typedef struct research_runs {
    universe_research_run first;
    universe_bench_stat cpu[UNIVERSE_RESEARCH_COUNT];
    int same_every_run;
    uint64_t walk_mismatch, refused; /* worst run */
} research_runs;

static int run_research(const universe_bench_args *a, const oracle_corpus *want, research_runs *rr)
{
    static double v[UNIVERSE_RESEARCH_COUNT][MAX_RUNS];
    memset(rr, 0, sizeof *rr);
    rr->same_every_run = 1;
    for (int i = 0; i < a->repeat; i++) {
        char label[48];
        snprintf(label, sizeof label, "bench impl research %d/%d", i + 1, a->repeat);
        universe_research_run r;
        if (universe_bench_research(&grotto_engine_impl, a->threads, 0, GROTTO_SEED_MAX, want->walk,
                                    a->progress ? label : NULL, &r) != 0)
            return -1;
        if (i == 0)
            rr->first = r;
        for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++) {
            v[d][i] = r.cpu[d];
            if (r.digest[d] != rr->first.digest[d])
                rr->same_every_run = 0;
        }
        if (r.walk_mismatch > rr->walk_mismatch)
            rr->walk_mismatch = r.walk_mismatch;
        if (r.refused > rr->refused)
            rr->refused = r.refused;
    }
    for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++)
        rr->cpu[d] = universe_bench_stat_of(v[d], a->repeat);
    return 0;
}

/* "research": per domain its items, CPU, limit and digest; returns 0 when
 * every run gave the same digests, no call was refused and the walking
 * costs match the corpus (when compared). */
static int research_value(const universe_bench_args *a, const research_runs *rr, const universe_bench_limit *lim,
                          json_t *doc)
{
    json_t *o = res_obj(doc, "research");
    res_str(o, "engine", grotto_engine_impl.name);
    res_int(o, "seeds", GROTTO_SEED_COUNT);
    json_t *list = res_arr(o, "domains");
    for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++) {
        json_t *x = json_object();
        uint64_t items = rr->first.items[d], bytes = rr->first.bytes[d];
        double limit = universe_bench_limit_seconds(lim, 0, bytes), med = rr->cpu[d].median;
        char hex[24];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)rr->first.digest[d]);
        res_str(x, "domain", universe_research_name[d]);
        res_int(x, "items", (long long)items);
        stat_value(x, "cpu_seconds", rr->cpu[d]);
        res_num(x, "ns_per_item", items ? med * 1e9 / (double)items : 0, 2);
        res_int(x, "bytes", (long long)bytes);
        res_num(x, "limit_seconds", limit, 4);
        res_num(x, "impl_cpu_over_limit", ratio_of(med, limit), 2);
        res_str(x, "digest", hex);
        res_push(list, x);
    }
    res_bool(o, "same_digests_every_run", rr->same_every_run);
    res_int(o, "refused", (long long)rr->refused);
    if (a->no_corpus)
        res_null(o, "walk_corpus_mismatches");
    else
        res_int(o, "walk_corpus_mismatches", (long long)rr->walk_mismatch);
    return !rr->same_every_run || rr->refused || rr->walk_mismatch;
}

const char *universe_bench_research_same(const json_t *research)
{
    return res_get_bool(research, "same_digests_every_run") ? "yes" : "NO";
}

const char *universe_bench_research_walk(const json_t *research)
{
    const json_t *m = json_object_get(research, "walk_corpus_mismatches");
    if (!json_is_integer(m))
        return "not compared";
    return json_integer_value(m) ? "MISMATCH" : "match";
}

int universe_bench_sweep_run(const universe_bench_args *a, res_run *r)
{
    oracle_corpus want = {0};
    char err[4096];
    unsigned domains = 1u << ORACLE_FLOORS | 1u << ORACLE_MAPS | 1u << ORACLE_WALK;
    if (!a->no_corpus && oracle_corpus_load("corpus", domains, &want, err, sizeof err))
        return res_fail(r, "%s (use --no-corpus to skip the check)", err);
    static engine_runs impl, ref;
    static research_runs research;
    /* The limit line right before impl's runs, so that both see the same
     * host: measured after ref's runs (a minute and a half later), it saw
     * another one - this host's speed drifts by a tenth within a minute.
     * The printed ratio still spreads with the host's speed during the
     * runs (docs/performance.md, 5 December, a sixth session). */
    universe_bench_limit lim;
    universe_bench_limit_measure(&lim);
    int rc = run_engine(&grotto_engine_impl, a, &want, &impl);
    if (!rc)
        rc = run_engine(&grotto_engine_ref, a, &want, &ref);
    if (!rc && run_research(a, &want, &research) != 0)
        rc = -1;
    oracle_corpus_free(&want);
    if (rc)
        return res_fail(r, "%s", rc < 0 ? "cannot start a benchmark run (fork or memory)"
                                        : "a benchmark run did not finish");
    r->doc = res_doc();
    int sweep = sweep_value(a, &ref, &impl, &lim, r->doc);
    int research_bad = research_value(a, &research, &lim, r->doc);
    return sweep != RES_OK || research_bad ? RES_DIFF : RES_OK;
}

/* ---- queries ---- */

static void timing_value(json_t *o, const char *key, const timing *t)
{
    double wmin, wmed, cmin, cmed;
    min_median(t->wall, t->n, &wmin, &wmed);
    min_median(t->cpu, t->n, &cmin, &cmed);
    json_t *x = res_obj(o, key);
    res_num(x, "wall_min", wmin, 4);
    res_num(x, "wall_median", wmed, 4);
    res_num(x, "cpu_min", cmin, 4);
    res_num(x, "cpu_median", cmed, 4);
}

/* A cold run: the set's queries with --no-cache (the index built in
 * memory); --query's, which need not take that option, with an empty cache
 * folder (as after a rebuild: the index built and written). */
static int run_cold(const universe_bench_args *a, const char *const *query, const char *fresh, const char *out,
                    timing *t)
{
    if (a->query == NULL)
        return run_once(query, 1, fresh, out, t);
    remove_dir(fresh);
    return mkdir(fresh, 0700) ? -1 : run_once(query, 0, fresh, out, t);
}

/* Every query: once to write the cache, then runs x (cold, warm). */
static void time_queries(const universe_bench_args *a, const universe_bench_queries *l, const char *dir, qresult *r)
{
    char cache[4200], fresh[4200], out_cold[4200], out_warm[4200];
    snprintf(cache, sizeof cache, "%s/cache", dir);
    snprintf(fresh, sizeof fresh, "%s/cold-cache", dir);
    snprintf(out_cold, sizeof out_cold, "%s/cold.out", dir);
    snprintf(out_warm, sizeof out_warm, "%s/warm.out", dir);
    for (int q = 0; q < l->n && !stop_signal; q++) {
        char text[QUERY_TEXT];
        query_text(l->argv[q], text, sizeof text);
        if (a->progress)
            fprintf(stderr, "bench: grotto %s\n", text);
        qresult *x = &r[q];
        memset(x, 0, sizeof *x);
        timing prime = {0};
        const char *const *query = l->argv[q];
        x->ok = run_once(query, 0, cache, out_warm, &prime) == 0; /* writes the cache */
        for (int i = 0; x->ok && i < a->runs; i++)
            x->ok = run_cold(a, query, fresh, out_cold, &x->cold) == 0 &&
                    run_once(query, 0, cache, out_warm, &x->warm) == 0;
        x->same = !strcmp(query[0], "stats") || same_file(out_cold, out_warm);
    }
    remove_dir(cache);
    remove_dir(fresh);
    remove_dir(dir);
}

static int queries_value(const universe_bench_queries *l, const qresult *r, json_t *doc)
{
    double worst_cold = 0, worst_warm = 0, mn, med;
    int all = 1;
    json_t *list = res_arr(doc, "queries");
    for (int q = 0; q < l->n; q++) {
        char text[QUERY_TEXT];
        query_text(l->argv[q], text, sizeof text);
        json_t *o = json_object();
        res_str(o, "query", text);
        res_bool(o, "ok", r[q].ok);
        if (r[q].ok) {
            timing_value(o, "cold", &r[q].cold);
            timing_value(o, "warm", &r[q].warm);
            min_median(r[q].cold.wall, r[q].cold.n, &mn, &med);
            worst_cold = med > worst_cold ? med : worst_cold;
            min_median(r[q].warm.wall, r[q].warm.n, &mn, &med);
            worst_warm = med > worst_warm ? med : worst_warm;
        }
        res_bool(o, "same_output", r[q].same);
        res_push(list, o);
        all &= r[q].ok && r[q].same;
    }
    json_t *t = res_obj(doc, "targets");
    res_bool(t, "every_query_under_0_3s", worst_warm < 0.3);
    res_bool(t, "cached_under_20ms", worst_warm < 0.02);
    res_bool(t, "cold_under_0_3s", worst_cold < 0.3);
    res_num(doc, "worst_warm_wall", worst_warm, 4);
    res_num(doc, "worst_cold_wall", worst_cold, 4);
    return all ? RES_OK : RES_DIFF;
}

int universe_bench_queries_run(const universe_bench_args *a, res_run *r)
{
    static universe_bench_queries l;
    static qresult res[MAX_QUERIES];
    char err[256];
    int bad = a->query ? universe_bench_query_parse(a->query, &l, err, sizeof err) : (query_set(&l), 0);
    if (NEVER(bad)) /* the command checked it (NEVER's argument has no effect: always.h) */
        return res_fail(r, "%s", err);
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/grotto-bench-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    struct sigaction old[STOP_SIGNAL_COUNT];
    stop_signals_catch(old);
    if (!mkdtemp(dir)) {
        int e = errno;
        stop_signals_release(old);
        return res_fail(r, "cannot make a temporary directory: %s", strerror(e));
    }
    time_queries(a, &l, dir, res); /* removes the folder, stopped or not */
    stop_signals_release(old);
    r->doc = res_doc();
    res_int(r->doc, "runs", a->runs);
    res_int(r->doc, "cpus", base_default_threads());
    res_bool(r->doc, "own_queries", a->query != NULL);
    return queries_value(&l, res, r->doc);
}
