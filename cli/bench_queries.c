/* grotto bench --queries: a fixed set of research queries, each run as a
 * fresh grotto process (start-up included) N times cold (--no-cache: the
 * universe index is built in memory) and N times warm (the index read from a
 * private cache directory primed by one run), with wall and CPU time per
 * run, min and median. Warm and cold output must be identical (the cache
 * must not change an answer): a difference is exit 1. */
#define _DEFAULT_SOURCE /* wait4, mkdtemp */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base.h"
#include "bench_queries.h"
#include "oracle.h"
#include "research.h"

/* The documented query set (README, grotto bench --help). NULL-terminated
 * argument lists; "stats" output is not compared (it holds timings). */
static const char *const QUERIES[][12] = {
    {"search", "--band", "DD", "--state", "only", "--count", NULL},
    {"search", "--state", "no-enemy", "--limit", "0", NULL},
    {"search", "--monster", "liquid metal slime", "--limit", "0", "--json", NULL},
    {"search", "--up-by-chest", "--down-cut", "--count", NULL},
    {"search", "--name-has", "lv.9", "--ghosts", "2", "--limit", "0", "--csv", NULL},
    {"search", "--location", "72", "--base", "120", "--limit", "0", "--csv", NULL},
    {"odds", "--base", "248", "--state", "only", NULL},
    {"odds", "--base", "120", "--monster", "liquid metal slime", "--json", NULL},
    {"stats", NULL},
};
enum { NQUERIES = sizeof QUERIES / sizeof QUERIES[0], MAX_RUNS = 100 };

typedef struct timing {
    double wall[MAX_RUNS], cpu[MAX_RUNS];
    int n;
} timing;

typedef struct qresult {
    timing cold, warm;
    int ok, same;
} qresult;

void bench_queries_help(FILE *out)
{
    fprintf(out, "The query set of --queries:\n");
    for (int q = 0; q < NQUERIES; q++) {
        fprintf(out, "    grotto");
        for (int i = 0; QUERIES[q][i]; i++)
            fprintf(out, strchr(QUERIES[q][i], ' ') ? " \"%s\"" : " %s", QUERIES[q][i]);
        fputc('\n', out);
    }
}

static void query_text(int q, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; QUERIES[q][i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, strchr(QUERIES[q][i], ' ') ? "%s\"%s\"" : "%s%s", i ? " " : "",
                              QUERIES[q][i]);
}

/* Runs grotto with the query (plus --no-cache when cold), stdout into the
 * file out; the timing of the run is appended to t. 0 if it exited 0. */
static int run_once(int q, int cold, const char *cache_dir, const char *out, timing *t)
{
    const char *argv[16];
    int argc = 0;
    argv[argc++] = "grotto";
    for (int i = 0; QUERIES[q][i]; i++)
        argv[argc++] = QUERIES[q][i];
    if (cold)
        argv[argc++] = "--no-cache";
    argv[argc] = NULL;
    double t0 = base_now();
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
    if (wait4(pid, &status, 0, &ru) != pid)
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

static void json_timing(jw *w, const char *key, const timing *t)
{
    double wmin, wmed, cmin, cmed;
    min_median(t->wall, t->n, &wmin, &wmed);
    min_median(t->cpu, t->n, &cmin, &cmed);
    jw_obj(w, key);
    jw_num(w, "wall_min", wmin, 4);
    jw_num(w, "wall_median", wmed, 4);
    jw_num(w, "cpu_min", cmin, 4);
    jw_num(w, "cpu_median", cmed, 4);
    jw_end_obj(w);
}

int bench_queries(int runs, int json, int quiet)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096], cache[4200], out_cold[4200], out_warm[4200];
    snprintf(dir, sizeof dir, "%s/grotto-bench-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return cli_error("bench", "cannot make a temporary directory: %s", strerror(errno));
    snprintf(cache, sizeof cache, "%s/cache", dir);
    snprintf(out_cold, sizeof out_cold, "%s/cold.out", dir);
    snprintf(out_warm, sizeof out_warm, "%s/warm.out", dir);
    static qresult r[NQUERIES];
    int all_ok = 1, all_same = 1;
    for (int q = 0; q < NQUERIES; q++) {
        char text[256];
        query_text(q, text, sizeof text);
        if (!json && !quiet)
            fprintf(stderr, "bench: grotto %s\n", text);
        qresult *x = &r[q];
        memset(x, 0, sizeof *x);
        timing prime = {0};
        x->ok = run_once(q, 0, cache, out_warm, &prime) == 0; /* writes the cache */
        for (int i = 0; x->ok && i < runs; i++)
            x->ok = run_once(q, 1, cache, out_cold, &x->cold) == 0 && run_once(q, 0, cache, out_warm, &x->warm) == 0;
        x->same = !strcmp(QUERIES[q][0], "stats") || same_file(out_cold, out_warm);
        all_ok &= x->ok;
        all_same &= x->same;
    }
    char path[4300];
    snprintf(path, sizeof path, "%s/cache", dir);
    remove_dir(path);
    remove_dir(dir);
    double worst_cold = 0, worst_warm = 0;
    for (int q = 0; q < NQUERIES; q++) {
        double mn, med;
        if (!r[q].ok)
            continue;
        min_median(r[q].cold.wall, r[q].cold.n, &mn, &med);
        worst_cold = med > worst_cold ? med : worst_cold;
        min_median(r[q].warm.wall, r[q].warm.n, &mn, &med);
        worst_warm = med > worst_warm ? med : worst_warm;
    }
    int t_all = worst_warm < 0.3, t_warm = worst_warm < 0.05, t_cold = worst_cold < 0.3;
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_int(&w, "runs", runs);
        jw_int(&w, "cpus", base_default_threads());
        jw_arr(&w, "queries");
        for (int q = 0; q < NQUERIES; q++) {
            char text[256];
            query_text(q, text, sizeof text);
            jw_obj(&w, NULL);
            jw_str(&w, "query", text);
            jw_bool(&w, "ok", r[q].ok);
            if (r[q].ok) {
                json_timing(&w, "cold", &r[q].cold);
                json_timing(&w, "warm", &r[q].warm);
            }
            jw_bool(&w, "same_output", r[q].same);
            jw_end_obj(&w);
        }
        jw_end_arr(&w);
        jw_obj(&w, "targets");
        jw_bool(&w, "every_query_under_0_3s", t_all);
        jw_bool(&w, "cached_under_50ms", t_warm);
        jw_bool(&w, "cold_under_0_3s", t_cold);
        jw_end_obj(&w);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        printf("research queries, %d runs each as a fresh process, %d cpus (seconds: min / median)\n", runs,
               base_default_threads());
        printf("  query\n    %15s %15s %15s %15s\n", "cold wall", "cold cpu", "warm wall", "warm cpu");
        for (int q = 0; q < NQUERIES; q++) {
            char text[256];
            query_text(q, text, sizeof text);
            if (!r[q].ok) {
                printf("  %s\n    FAILED (exit status not 0)\n", text);
                continue;
            }
            double v[8];
            min_median(r[q].cold.wall, r[q].cold.n, &v[0], &v[1]);
            min_median(r[q].cold.cpu, r[q].cold.n, &v[2], &v[3]);
            min_median(r[q].warm.wall, r[q].warm.n, &v[4], &v[5]);
            min_median(r[q].warm.cpu, r[q].warm.n, &v[6], &v[7]);
            printf("  %s\n    %7.3f/%7.3f %7.3f/%7.3f %7.3f/%7.3f %7.3f/%7.3f%s\n", text, v[0], v[1], v[2], v[3],
                   v[4], v[5], v[6], v[7], r[q].same ? "" : "  OUTPUT DIFFERS");
        }
        printf("targets (medians): every query < 0.3 s wall with the cache: %s (worst %.3f s);\n"
               "  cached < 50 ms: %s; cold (index built in memory) < 0.3 s: %s (worst %.3f s)\n",
               t_all ? "met" : "MISSED", worst_warm, t_warm ? "met" : "MISSED", t_cold ? "met" : "MISSED",
               worst_cold);
    }
    return all_ok && all_same ? EXIT_OK : EXIT_DIFF;
}
