/* Corpus files: digest files (records.md "Golden files": a flat array of
 * u64 LE, one per record, in the universe's canonical order) and the timer
 * vectors (timers.jsonl). A file is checked against the SHA256SUMS of its
 * directory: a damaged file is reported as broken, never as a mismatch.
 * SHA256SUMS itself must be a readable, well-formed regular file naming
 * the file; the golden corpus must have one. The walking costs
 * (floor-walk.bin: u16 LE per floor, in the order of floors.digest) are
 * loaded and checked the same way. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grotto/record.h"
#include "base.h"
#include "oracle.h"

const char *oracle_domain_file(oracle_domain d)
{
    switch (d) {
    case ORACLE_FLOORS:
        return "floors.digest";
    case ORACLE_MAPS:
    case ORACLE_QUALITIES:
        return "maps.digest";
    case ORACLE_TIMERS:
        return "timers.jsonl";
    case ORACLE_WALK:
        return "floor-walk.bin";
    default:
        return NULL;
    }
}

#ifndef GROTTO_SOURCE_DIR
/* An installed grotto's corpus: GROTTO_INSTALLED_CORPUS (datadir's
 * grotto-harness/corpus relative to bindir) from the executable's own
 * folder, when that folder exists. */
static const char *installed_corpus(void)
{
    static char dir[4096];
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = 0;
    struct stat st;
    int len = snprintf(dir, sizeof dir, "%s/%s", exe, GROTTO_INSTALLED_CORPUS);
    return len > 0 && (size_t)len < sizeof dir && stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? dir : NULL;
}
#endif

const char *oracle_corpus_dir(void)
{
    const char *env = getenv("GROTTO_CORPUS");
    if (env && *env)
        return env;
#ifdef GROTTO_SOURCE_DIR
    return GROTTO_SOURCE_DIR "/corpus";
#else
    const char *installed = installed_corpus();
    return installed ? installed : "corpus";
#endif
}

void oracle_against_path(const char *against, oracle_domain d, char *out, size_t outlen)
{
    struct stat st;
    const char *file = oracle_domain_file(d) ? oracle_domain_file(d) : "";
    if (!strcmp(against, "corpus"))
        snprintf(out, outlen, "%s/golden/%s", oracle_corpus_dir(), file);
    else if (stat(against, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(out, outlen, "%s/%s", against, file);
    else
        snprintf(out, outlen, "%s", against);
}

enum { SUMS_MAX_BYTES = 1 << 20 };

/* The whole of a regular file; NULL with a reason in err. Opened without
 * blocking, so that a FIFO or device under a corpus name is refused, not
 * waited for. */
static uint8_t *read_all(const char *path, const char *what, size_t max, size_t *len, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %scannot open: %s", path, what, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: %snot a regular file", path, what);
        close(fd);
        return NULL;
    }
    size_t n = (size_t)st.st_size, got = 0;
    if (max && n > max) {
        snprintf(err, errlen, "%s: %s%zu bytes, far too large", path, what, n);
        close(fd);
        return NULL;
    }
    uint8_t *buf = malloc(n + 1);
    while (buf && got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    if (!buf || got != n) {
        snprintf(err, errlen, "%s: %scannot read: %s", path, what,
                 !buf ? "out of memory" : got < n && errno ? strerror(errno) : "the file changed while read");
        free(buf);
        close(fd);
        return NULL;
    }
    close(fd);
    buf[n] = 0;
    *len = n;
    return buf;
}

static int is_hex(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The checksum SHA256SUMS beside `path` lists for it. Returns 1 (want[]
 * filled, lower case), 0 when there is no SHA256SUMS and none is required,
 * -1 with a reason: required but missing; not a regular file; unreadable;
 * a line that is not "<64 hex digits> <space or *><name>"; a name listed
 * twice; or the file not named. */
static int listed_checksum(const char *path, int require, char want[65], char *err, size_t errlen)
{
    char sums[4096];
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    snprintf(sums, sizeof sums, "%.*sSHA256SUMS", slash ? (int)(slash - path + 1) : 0, path);
    struct stat st;
    if (lstat(sums, &st) != 0 && errno == ENOENT) { /* a dangling link is not "no SHA256SUMS" */
        if (!require)
            return 0;
        snprintf(err, errlen, "%s: broken corpus: missing, so %s cannot be checked", sums, name);
        return -1;
    }
    size_t len = 0;
    char *text = (char *)read_all(sums, "broken checksum file: ", SUMS_MAX_BYTES, &len, err, errlen);
    if (!text)
        return -1;
    int found = 0, line = 0;
    for (char *p = text; p < text + len; line++) {
        char *eol = memchr(p, '\n', (size_t)(text + len - p));
        char *end = eol ? eol : text + len;
        size_t n = (size_t)(end - p);
        int ok = n > 66 && (p[65] == ' ' || p[65] == '*') && p[64] == ' ';
        for (int i = 0; ok && i < 64; i++)
            ok = is_hex((unsigned char)p[i]);
        for (size_t i = 66; ok && i < n; i++)
            ok = p[i] != '\r' && p[i] != 0;
        if (!ok) {
            snprintf(err, errlen, "%s: broken checksum file: line %d is not '<sha256>  <file>'", sums, line + 1);
            free(text);
            return -1;
        }
        if (n - 66 == strlen(name) && !memcmp(p + 66, name, n - 66)) {
            if (found) {
                snprintf(err, errlen, "%s: broken checksum file: %s is listed twice", sums, name);
                free(text);
                return -1;
            }
            for (int i = 0; i < 64; i++)
                want[i] = (char)(p[i] >= 'A' && p[i] <= 'F' ? p[i] - 'A' + 'a' : p[i]);
            want[64] = 0;
            found = 1;
        }
        p = eol ? eol + 1 : end;
    }
    free(text);
    if (!found) {
        snprintf(err, errlen, "%s: broken checksum file: it does not name %s", sums, name);
        return -1;
    }
    return 1;
}

/* A corpus file's bytes, checked against SHA256SUMS. */
static uint8_t *read_checked(const char *path, int require_sums, const char *kind, size_t *len, char *err,
                             size_t errlen)
{
    char want[65];
    int listed = listed_checksum(path, require_sums, want, err, errlen);
    if (listed < 0)
        return NULL;
    uint8_t *raw = read_all(path, "", 0, len, err, errlen);
    if (!raw)
        return NULL;
    if (listed) {
        char got[65];
        base_sha256_hex(raw, *len, got);
        if (strcmp(got, want) != 0) {
            snprintf(err, errlen, "%s: corrupt %s: sha256 %.16s... does not match SHA256SUMS (%.16s...)", path, kind,
                     got, want);
            free(raw);
            return NULL;
        }
    }
    return raw;
}

static uint64_t *digest_load(const char *path, oracle_domain d, int require_sums, char *err, size_t errlen)
{
    if (d != ORACLE_FLOORS && d != ORACLE_MAPS) {
        snprintf(err, errlen, "%s: no digest file for %s", path, oracle_domain_name(d));
        return NULL;
    }
    size_t len = 0, count = oracle_domain_size(d);
    uint8_t *raw = read_checked(path, require_sums, "digest file", &len, err, errlen);
    if (!raw)
        return NULL;
    if (len != count * 8) {
        snprintf(err, errlen,
                 "%s: broken %s digest file: %zu bytes, expected %zu (%zu digests of 8 bytes)%s",
                 path, oracle_domain_name(d), len, count * 8, count,
                 len < count * 8 ? " - truncated?" : "");
        free(raw);
        return NULL;
    }
    uint64_t *out = malloc(count * sizeof *out);
    if (!out) {
        snprintf(err, errlen, "out of memory");
        free(raw);
        return NULL;
    }
    for (size_t i = 0; i < count; i++)
        out[i] = grotto_load_u64le(raw + 8 * i);
    free(raw);
    return out;
}

uint64_t *oracle_digest_load(const char *path, oracle_domain d, char *err, size_t errlen)
{
    return digest_load(path, d, 0, err, errlen);
}

uint64_t *oracle_digest_load_checked(const char *path, oracle_domain d, char *err, size_t errlen)
{
    return digest_load(path, d, 1, err, errlen);
}

void oracle_digest_bytes(const uint64_t *digests, size_t n, uint8_t *out)
{
    for (size_t i = 0; i < n; i++)
        grotto_store_u64le(out + 8 * i, digests[i]);
}

int oracle_digest_save(const char *path, const uint64_t *digests, oracle_domain d, char *err, size_t errlen)
{
    size_t n = oracle_domain_size(d);
    uint8_t *raw = malloc(n * 8);
    if (!raw) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    oracle_digest_bytes(digests, n, raw);
    base_out_file f;
    int rc = base_out_open(&f, path, n * 8, err, errlen);
    if (!rc)
        rc = base_out_write(&f, raw, n * 8, err, errlen);
    if (!rc)
        rc = base_out_finish(&f, err, errlen);
    if (!rc)
        rc = base_out_commit(&f, err, errlen);
    if (!rc)
        rc = base_sync_dir_of(path, err, errlen);
    free(raw);
    return rc;
}

/* ---- floor-walk.bin ---- */

uint16_t *oracle_walk_load(const char *path, int require_sums, char *err, size_t errlen)
{
    size_t len = 0, count = oracle_domain_size(ORACLE_WALK);
    uint8_t *raw = read_checked(path, require_sums, "walk file", &len, err, errlen);
    if (!raw)
        return NULL;
    if (len != count * 2) {
        snprintf(err, errlen, "%s: broken walk file: %zu bytes, expected %zu (%zu costs of 2 bytes)%s", path, len,
                 count * 2, count, len < count * 2 ? " - truncated?" : "");
        free(raw);
        return NULL;
    }
    uint16_t *out = malloc(count * sizeof *out);
    if (!out) {
        snprintf(err, errlen, "out of memory");
        free(raw);
        return NULL;
    }
    for (size_t i = 0; i < count; i++)
        out[i] = (uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    free(raw);
    return out;
}

/* ---- timers.jsonl ---- */

static int expect(const char **p, const char *lit)
{
    size_t n = strlen(lit);
    if (strncmp(*p, lit, n) != 0)
        return 0;
    *p += n;
    return 1;
}

static int number(const char **p, unsigned long max, unsigned long *v)
{
    const char *s = *p;
    unsigned long x = 0;
    if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
        return 0;
    while (*s >= '0' && *s <= '9') {
        x = x * 10 + (unsigned long)(*s++ - '0');
        if (x > max)
            return 0;
    }
    *p = s;
    *v = x;
    return 1;
}

oracle_timer_sample *oracle_timer_sample_load(const char *path, int require_sums, char *err, size_t errlen)
{
    size_t len = 0;
    char *text = (char *)read_checked(path, require_sums, "timer file", &len, err, errlen);
    if (!text)
        return NULL;
    oracle_timer_sample *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        free(text);
        return NULL;
    }
    int line = 0;
    for (const char *p = text; p < text + len; line++) {
        unsigned long t, r1, seed, r3;
        int ok = expect(&p, "{\"timer\":") && number(&p, GROTTO_TIMER_COUNT - 1, &t) && expect(&p, ",\"r1\":") &&
                 number(&p, 0x7FFF, &r1) && expect(&p, ",\"seed\":") && number(&p, 0x7FFF, &seed) &&
                 expect(&p, ",\"r3\":") && number(&p, 0x7FFF, &r3) && expect(&p, "}") &&
                 (*p == '\n' || p == text + len);
        if (ok && s->present[t]) {
            snprintf(err, errlen, "%s: broken timer file: line %d repeats timer %lu", path, line + 1, t);
            free(s);
            free(text);
            return NULL;
        }
        if (!ok) {
            snprintf(err, errlen, "%s: broken timer file: line %d is not {\"timer\":T,\"r1\":N,\"seed\":N,\"r3\":N}",
                     path, line + 1);
            free(s);
            free(text);
            return NULL;
        }
        s->present[t] = 1;
        s->draws[t] = (grotto_timer_draws){(uint16_t)t, (uint16_t)r1, (uint16_t)seed, (uint16_t)r3};
        s->count++;
        if (*p == '\n')
            p++;
    }
    free(text);
    return s;
}

/* ---- --against ---- */

int oracle_corpus_load(const char *against, unsigned domains, oracle_corpus *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    struct stat st;
    int corpus = !strcmp(against, "corpus");
    int dir = !corpus && stat(against, &st) == 0 && S_ISDIR(st.st_mode);
    int floors = (domains & (1u << ORACLE_FLOORS | 1u << ORACLE_SWEEP)) != 0;
    int maps = (domains & (1u << ORACLE_MAPS | 1u << ORACLE_QUALITIES | 1u << ORACLE_SWEEP)) != 0;
    int timers = (domains & 1u << ORACLE_TIMERS) != 0;
    int walk = (domains & 1u << ORACLE_WALK) != 0;
    if (!corpus && stat(against, &st) != 0) {
        snprintf(err, errlen, "--against %s: %s", against, strerror(errno));
        return -1;
    }
    if (!corpus && !dir && (floors + maps + timers + walk != 1 || (domains & 1u << ORACLE_SWEEP))) {
        snprintf(err, errlen,
                 "--against %s: one file serves one of floors, maps/qualities, timers or walk; for these domains "
                 "give 'corpus' or a directory holding floors.digest, maps.digest (and timers.jsonl, "
                 "floor-walk.bin)",
                 against);
        return -1;
    }
    char path[4096];
    if (floors) {
        oracle_against_path(against, ORACLE_FLOORS, path, sizeof path);
        if (!(out->floors = digest_load(path, ORACLE_FLOORS, corpus, err, errlen)))
            goto fail;
    }
    if (maps) {
        oracle_against_path(against, ORACLE_MAPS, path, sizeof path);
        if (!(out->maps = digest_load(path, ORACLE_MAPS, corpus, err, errlen)))
            goto fail;
    }
    if (timers) {
        oracle_against_path(against, ORACLE_TIMERS, path, sizeof path);
        /* a directory need not hold timer vectors (grotto sweep --out writes none) */
        if (!(dir && lstat(path, &st) != 0 && errno == ENOENT) &&
            !(out->timers = oracle_timer_sample_load(path, corpus, err, errlen)))
            goto fail;
    }
    if (walk) {
        oracle_against_path(against, ORACLE_WALK, path, sizeof path);
        /* nor the walking costs (grotto sweep --out writes none either) */
        if (!(dir && lstat(path, &st) != 0 && errno == ENOENT) &&
            !(out->walk = oracle_walk_load(path, corpus, err, errlen)))
            goto fail;
    }
    return 0;
fail:
    oracle_corpus_free(out);
    return -1;
}

void oracle_corpus_free(oracle_corpus *c)
{
    free(c->floors);
    free(c->maps);
    free(c->timers);
    free(c->walk);
    memset(c, 0, sizeof *c);
}
