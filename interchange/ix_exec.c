/* Another implementation as a child process speaking the line protocol
 * (interchange.h, docs/interchange.md), and the domains it is asked over.
 * The child runs as `/bin/sh -c COMMAND` in its own process group so that a
 * hanging child is killed with everything it started; its stderr goes to a
 * temporary file whose last line is quoted when it fails. SIGPIPE is
 * ignored while it runs (a dead child's pipe gives EPIPE instead). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grotto/tables.h"
#include "interchange.h"
#include "oracle.h"

/* ---- domains ---- */

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

enum { SAMPLE_SEED = 0x13 }; /* fixed: the same sample every run */

static int item_before(const void *pa, const void *pb)
{
    const ix_item *a = pa, *b = pb;
    uint64_t ka = a->kind == IX_FLOOR ? grotto_floor_slot(a->seed, a->floor)
                                      : GROTTO_FLOOR_UNIVERSE + grotto_map_slot(a->band, a->seed);
    uint64_t kb = b->kind == IX_FLOOR ? grotto_floor_slot(b->seed, b->floor)
                                      : GROTTO_FLOOR_UNIVERSE + grotto_map_slot(b->band, b->seed);
    return (ka > kb) - (ka < kb);
}

ix_item *ix_domain(int floors, unsigned bands, uint32_t lo, uint32_t hi, uint64_t sample, size_t *n)
{
    size_t seeds = hi >= lo ? (size_t)(hi - lo + 1) : 0, nb = 0;
    for (int b = 0; b < GROTTO_BANDS; b++)
        nb += bands >> b & 1u;
    size_t total = (floors ? seeds * GROTTO_MAX_FLOORS : 0) + nb * seeds;
    ix_item *it = malloc((total ? total : 1) * sizeof *it);
    if (!it)
        return NULL;
    size_t k = 0;
    for (uint32_t s = lo; floors && s <= hi && seeds; s++)
        for (int f = 1; f <= GROTTO_MAX_FLOORS; f++)
            it[k++] = (ix_item){IX_FLOOR, s, f, 0, 0};
    for (int b = 0; b < GROTTO_BANDS; b++)
        for (uint32_t s = lo; (bands >> b & 1u) && s <= hi && seeds; s++)
            it[k++] = (ix_item){IX_MAP, s, 0, b, 0};
    if (sample > 0 && sample < total) { /* partial Fisher-Yates, then domain order */
        uint64_t st = SAMPLE_SEED;
        for (size_t i = 0; i < sample; i++) {
            size_t j = i + (size_t)(splitmix64(&st) % (total - i));
            ix_item t = it[i];
            it[i] = it[j];
            it[j] = t;
        }
        total = (size_t)sample;
        qsort(it, total, sizeof *it, item_before);
    }
    *n = total;
    return it;
}

/* The item at index i of the domain of ix_domain_chests (domain order). */
typedef struct chest_domain {
    int floors;
    unsigned bands, chest_bands;
    uint32_t lo, seeds;
    int t_lo, nt;
    uint64_t n_floors, n_maps, total;
} chest_domain;

/* The band index of the b-th band (from 0) of a mask. */
static int nth_band(unsigned mask, uint64_t b)
{
    for (int k = 0; k < GROTTO_BANDS; k++)
        if ((mask >> k & 1u) && b-- == 0)
            return k;
    return 0;
}

static ix_item chest_domain_item(const chest_domain *d, uint64_t i)
{
    ix_item it = {0};
    if (i < d->n_floors) {
        it.kind = IX_FLOOR;
        it.seed = d->lo + (uint32_t)(i / GROTTO_MAX_FLOORS);
        it.floor = (int)(i % GROTTO_MAX_FLOORS) + 1;
        return it;
    }
    i -= d->n_floors;
    if (i < d->n_maps) {
        it.kind = IX_MAP;
        it.band = nth_band(d->bands, i / d->seeds);
        it.seed = d->lo + (uint32_t)(i % d->seeds);
        return it;
    }
    i -= d->n_maps;
    uint64_t per_map = (uint64_t)GROTTO_MAX_FLOORS * (uint64_t)d->nt;
    it.kind = IX_CHEST;
    it.band = nth_band(d->chest_bands, i / per_map / d->seeds);
    it.seed = d->lo + (uint32_t)(i / per_map % d->seeds);
    it.floor = (int)(i % per_map / (uint64_t)d->nt) + 1;
    it.second = d->t_lo + (int)(i % (uint64_t)d->nt);
    return it;
}

static int u64_before(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return (a > b) - (a < b);
}

ix_item *ix_domain_chests(int floors, unsigned bands, unsigned chest_bands, uint32_t lo, uint32_t hi,
                          int t_lo, int t_hi, uint64_t sample, size_t *n)
{
    chest_domain d = {.floors = floors, .bands = bands, .chest_bands = chest_bands, .lo = lo,
                      .seeds = hi >= lo ? hi - lo + 1 : 0, .t_lo = t_lo, .nt = t_hi >= t_lo ? t_hi - t_lo + 1 : 0};
    uint64_t nb = 0, ncb = 0;
    for (int b = 0; b < GROTTO_BANDS; b++)
        nb += bands >> b & 1u, ncb += chest_bands >> b & 1u;
    d.n_floors = floors ? (uint64_t)d.seeds * GROTTO_MAX_FLOORS : 0;
    d.n_maps = nb * d.seeds;
    d.total = d.n_floors + d.n_maps + ncb * d.seeds * GROTTO_MAX_FLOORS * (uint64_t)d.nt;
    uint64_t want = sample > 0 && sample < d.total ? sample : d.total;
    *n = 0;
    if (want > IX_MAX_DOMAIN) {
        *n = (size_t)want;
        return NULL;
    }
    ix_item *it = malloc((want ? want : 1) * sizeof *it);
    uint64_t *idx = want < d.total ? malloc((size_t)want * sizeof *idx) : NULL;
    if (!it || (want < d.total && !idx)) {
        free(it);
        free(idx);
        return NULL;
    }
    if (idx) { /* distinct random indices: draw, sort, drop repeats, draw the rest again */
        uint64_t st = SAMPLE_SEED, have = 0;
        while (have < want) {
            for (uint64_t i = have; i < want; i++)
                idx[i] = splitmix64(&st) % d.total;
            qsort(idx, (size_t)want, sizeof *idx, u64_before);
            have = 0;
            for (uint64_t i = 0; i < want; i++)
                if (i == 0 || idx[i] != idx[i - 1])
                    idx[have++] = idx[i];
        }
    }
    for (uint64_t i = 0; i < want; i++)
        it[i] = chest_domain_item(&d, idx ? idx[i] : i);
    free(idx);
    *n = (size_t)want;
    return it;
}

/* ---- the child ---- */

typedef struct child {
    pid_t pid;
    int in, out;                 /* its stdin (we write), its stdout (we read) */
    FILE *err;                   /* its stderr */
    char *buf;
    size_t len, cap;             /* bytes buffered from its stdout */
    int status, reaped;
} child;

enum { MAX_REPLY = 1 << 20 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int child_start(child *c, const char *command, char *err, size_t errlen)
{
    int in[2], out[2];
    memset(c, 0, sizeof *c);
    c->in = c->out = -1;
    if (!(c->err = tmpfile())) {
        snprintf(err, errlen, "cannot create a file for the child's stderr: %s", strerror(errno));
        return -1;
    }
    if (pipe(in) != 0 || (pipe(out) != 0 && (close(in[0]), close(in[1]), 1))) {
        snprintf(err, errlen, "cannot create pipes: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "cannot fork: %s", strerror(errno));
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(fileno(c->err), 2);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here: no race with a kill before the child ran */
    close(in[0]);
    close(out[1]);
    c->pid = pid;
    c->in = in[1];
    c->out = out[0];
    fcntl(c->in, F_SETFD, FD_CLOEXEC);
    fcntl(c->out, F_SETFD, FD_CLOEXEC);
    fcntl(c->in, F_SETFL, fcntl(c->in, F_GETFL) | O_NONBLOCK);
    return 0;
}

/* Waits for the child's exit until the deadline; 1 when it exited. */
static int child_wait(child *c, double deadline)
{
    while (!c->reaped) {
        pid_t r = waitpid(c->pid, &c->status, WNOHANG);
        if (r == c->pid || (r < 0 && errno != EINTR)) {
            c->reaped = 1;
            break;
        }
        if (now() >= deadline)
            return 0;
        struct timespec t = {0, 5000000};
        nanosleep(&t, NULL);
    }
    return 1;
}

/* Closes the pipes; kills the child's process group when it has not been
 * reaped yet (a group cannot vanish before its leader is reaped), reaps. */
static void child_stop(child *c)
{
    if (c->in >= 0)
        close(c->in);
    if (c->out >= 0)
        close(c->out);
    c->in = c->out = -1;
    if (c->pid > 0 && !c->reaped) {
        kill(-c->pid, SIGKILL);
        kill(c->pid, SIGKILL);
        while (waitpid(c->pid, &c->status, 0) < 0 && errno == EINTR)
            ;
        c->reaped = 1;
    }
}

static void child_free(child *c)
{
    child_stop(c);
    free(c->buf);
    c->buf = NULL;
    if (c->err)
        fclose(c->err);
    c->err = NULL;
}

/* The last non-empty line the child wrote on stderr ("" if none). */
static void child_last_err(child *c, char *out, size_t n)
{
    out[0] = 0;
    if (!c->err || fflush(c->err) != 0)
        return;
    long size = (fseek(c->err, 0, SEEK_END), ftell(c->err));
    long from = size > 4096 ? size - 4096 : 0;
    char tail[4097];
    fseek(c->err, from, SEEK_SET);
    size_t got = fread(tail, 1, (size_t)(size - from), c->err);
    tail[got] = 0;
    while (got && (tail[got - 1] == '\n' || tail[got - 1] == '\r'))
        tail[--got] = 0;
    char *start = strrchr(tail, '\n');
    snprintf(out, n, "%.160s", start ? start + 1 : tail);
}

static void describe_exit(int status, char *out, size_t n)
{
    if (WIFEXITED(status))
        snprintf(out, n, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(out, n, "was killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        snprintf(out, n, "stopped");
}

typedef enum { GOT_LINE, GOT_EOF, GOT_TIMEOUT, GOT_TOO_LONG, GOT_ERROR } got;

/* Writes the whole request (polling while the pipe is full). */
static got child_send(child *c, const char *req, double deadline)
{
    size_t n = strlen(req), done = 0;
    while (done < n) {
        ssize_t w = write(c->in, req + done, n - done);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno == EPIPE)
            return GOT_EOF;
        if (w < 0 && errno != EAGAIN)
            return GOT_ERROR;
        double left = deadline - now();
        if (left <= 0)
            return GOT_TIMEOUT;
        struct pollfd p = {c->in, POLLOUT, 0};
        poll(&p, 1, (int)(left * 1000) + 1);
    }
    return GOT_LINE;
}

/* One line of the child's stdout (without the newline) in *line. */
static got child_line(child *c, double deadline, char **line, size_t *len)
{
    for (;;) {
        char *nl = c->len ? memchr(c->buf, '\n', c->len) : NULL;
        if (nl) {
            *nl = 0;
            *line = c->buf;
            *len = (size_t)(nl - c->buf);
            return GOT_LINE;
        }
        if (c->len >= MAX_REPLY)
            return GOT_TOO_LONG;
        double left = deadline - now();
        if (left <= 0)
            return GOT_TIMEOUT;
        struct pollfd p = {c->out, POLLIN, 0};
        int pr = poll(&p, 1, (int)(left * 1000) + 1);
        if (pr < 0 && errno != EINTR)
            return GOT_ERROR;
        if (pr <= 0)
            continue;
        if (c->cap - c->len < 65536) {
            size_t cap = c->cap ? c->cap * 2 : 131072;
            char *b = realloc(c->buf, cap);
            if (!b)
                return GOT_ERROR;
            c->buf = b;
            c->cap = cap;
        }
        ssize_t r = read(c->out, c->buf + c->len, c->cap - c->len - 1);
        if (r == 0)
            return GOT_EOF;
        if (r < 0 && errno != EINTR && errno != EAGAIN)
            return GOT_ERROR;
        if (r > 0)
            c->len += (size_t)r;
    }
}

/* Drops the line just returned by child_line from the buffer. */
static void child_consume(child *c, size_t len)
{
    size_t used = len + 1;
    memmove(c->buf, c->buf + used, c->len - used);
    c->len -= used;
}

static void request_text(const ix_item *it, int details, char *out, size_t n)
{
    if (it->kind == IX_FLOOR)
        snprintf(out, n, "floor %u %d", it->seed, it->floor);
    else if (it->kind == IX_CHEST)
        snprintf(out, n, "chest %u %u %d %d", gt_band[it->band].code, it->seed, it->floor, it->second);
    else
        snprintf(out, n, "%s %u %u", details ? "details" : "map", gt_band[it->band].code, it->seed);
}

/* A reply that fails: the reason, and the child's own last stderr line. */
static int child_fail(child *c, const ix_exec *x, const char *what, const char *req, char *err, size_t errlen)
{
    char last[200];
    child_stop(c); /* reaped first: its stderr is complete */
    child_last_err(c, last, sizeof last);
    snprintf(err, errlen, "child '%.200s' %s%s%s%s after %llu good replies%s%s", x->command, what,
             req ? " (request '" : "", req ? req : "", req ? "')" : "", (unsigned long long)x->replies,
             last[0] ? "; its stderr: " : "", last);
    return -1;
}

int ix_check_exec(ix_check *c, ix_exec *x, const ix_item *items, size_t n, char *err,
                  size_t errlen)
{
    child ch;
    x->requests = x->replies = 0;
    if (child_start(&ch, x->command, err, errlen) != 0) {
        child_free(&ch);
        return -1;
    }
    struct sigaction ign = {.sa_handler = SIG_IGN}, old;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old);
    ix_record *r = malloc(sizeof *r);
    int rc = 0;
    char req[64], why[600], what[800];
    for (size_t i = 0; i < n && r && rc == 0; i++) {
        request_text(&items[i], x->details, req, sizeof req - 1);
        size_t rl = strlen(req);
        req[rl] = '\n', req[rl + 1] = 0;
        double deadline = now() + x->timeout;
        got g = child_send(&ch, req, deadline);
        req[rl] = 0;
        x->requests++;
        char *line = NULL;
        size_t len = 0;
        if (g == GOT_LINE)
            g = child_line(&ch, deadline, &line, &len);
        if (g != GOT_LINE) {
            if (g == GOT_TIMEOUT)
                snprintf(what, sizeof what, "hung: no reply within %.3g s (killed)", x->timeout);
            else if (g == GOT_TOO_LONG)
                snprintf(what, sizeof what, "answered garbage: a reply line longer than %d bytes", MAX_REPLY);
            else if (g == GOT_EOF) {
                child_wait(&ch, now() + x->timeout);
                char how[96] = "closed its output";
                if (ch.reaped)
                    describe_exit(ch.status, how, sizeof how);
                snprintf(what, sizeof what, "died: %s", how);
            } else
                snprintf(what, sizeof what, "failed: %s", strerror(errno));
            rc = child_fail(&ch, x, what, req, err, errlen);
            break;
        }
        if (ix_parse(line, len, r, why, sizeof why) != 0) {
            snprintf(what, sizeof what, "answered garbage: %.300s: '%.60s'", why, line);
            rc = child_fail(&ch, x, what, req, err, errlen);
            break;
        }
        const ix_item *it = &items[i];
        if (r->kind != it->kind || r->seed != it->seed ||
            (it->kind != IX_MAP && r->floor != it->floor) || (it->kind != IX_FLOOR && r->band != it->band) ||
            (it->kind == IX_CHEST && r->second != it->second)) {
            snprintf(what, sizeof what, "answered for another item: '%.80s'", line);
            rc = child_fail(&ch, x, what, req, err, errlen);
            break;
        }
        child_consume(&ch, len);
        x->replies++;
        if (x->progress && (x->replies % 256 == 0 || x->replies == n))
            x->progress(x->progress_ctx, x->replies, n);
        if (ix_check_record(c, r, -(long)(i + 1), why, sizeof why) < 0) {
            snprintf(what, sizeof what, "gave a bad item: %.300s", why);
            rc = child_fail(&ch, x, what, req, err, errlen);
        }
    }
    if (!r)
        rc = child_fail(&ch, x, "could not be checked: out of memory", NULL, err, errlen);
    if (rc == 0) { /* end of requests: EOF on its stdin, then it must exit 0 */
        close(ch.in);
        ch.in = -1;
        char *line;
        size_t len;
        got g = child_line(&ch, now() + x->timeout, &line, &len);
        if (g == GOT_LINE || g == GOT_TOO_LONG) {
            rc = child_fail(&ch, x, "answered garbage: output beyond its replies", NULL, err, errlen);
        } else if (!child_wait(&ch, now() + x->timeout)) {
            snprintf(what, sizeof what, "hung: did not exit within %.3g s of the end of its input (killed)",
                     x->timeout);
            rc = child_fail(&ch, x, what, NULL, err, errlen);
        } else if (!WIFEXITED(ch.status) || WEXITSTATUS(ch.status) != 0) {
            char how[96];
            describe_exit(ch.status, how, sizeof how);
            snprintf(what, sizeof what, "%s at the end", how);
            rc = child_fail(&ch, x, what, NULL, err, errlen);
        }
    }
    child_free(&ch);
    sigaction(SIGPIPE, &old, NULL);
    free(r);
    return rc;
}
