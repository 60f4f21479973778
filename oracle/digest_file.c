/* Digest files (records.md "Golden files"): a flat array of u64 LE, one
 * per record, in the universe's canonical order. A file sitting next to a
 * SHA256SUMS that names it is also checked against that checksum, so a
 * damaged corpus file is reported as broken rather than as a mismatch. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grotto/record.h"
#include "oracle.h"

size_t oracle_domain_size(oracle_domain d)
{
    return d == ORACLE_FLOORS ? (size_t)GROTTO_FLOOR_UNIVERSE : (size_t)GROTTO_MAP_UNIVERSE;
}

const char *oracle_domain_name(oracle_domain d)
{
    return d == ORACLE_FLOORS ? "floors" : "maps";
}

const char *oracle_domain_file(oracle_domain d)
{
    return d == ORACLE_FLOORS ? "floors.digest" : "maps.digest";
}

const char *oracle_corpus_dir(void)
{
    const char *env = getenv("GROTTO_CORPUS");
    if (env && *env)
        return env;
#ifdef GROTTO_SOURCE_DIR
    return GROTTO_SOURCE_DIR "/corpus";
#else
    return "corpus";
#endif
}

void oracle_against_path(const char *against, oracle_domain d, char *out, size_t outlen)
{
    struct stat st;
    if (!strcmp(against, "corpus"))
        snprintf(out, outlen, "%s/golden/%s", oracle_corpus_dir(), oracle_domain_file(d));
    else if (stat(against, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(out, outlen, "%s/%s", against, oracle_domain_file(d));
    else
        snprintf(out, outlen, "%s", against);
}

static uint8_t *read_all(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", path);
        fclose(f);
        return NULL;
    }
    size_t n = (size_t)st.st_size;
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf || fread(buf, 1, n, f) != n) {
        snprintf(err, errlen, "%s: read error", path);
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Look for "<hex>  <name>" in SHA256SUMS beside path. Returns 1 and fills
 * want[] if the file is listed, 0 if not listed (or no SHA256SUMS). */
static int listed_checksum(const char *path, char want[65])
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    if (slash)
        snprintf(dir, sizeof dir, "%.*s/SHA256SUMS", (int)(slash - path), path);
    else
        snprintf(dir, sizeof dir, "SHA256SUMS");
    FILE *f = fopen(dir, "r");
    if (!f)
        return 0;
    char line[4096];
    int found = 0;
    while (fgets(line, sizeof line, f)) {
        char hex[65], file[4000];
        if (sscanf(line, "%64s %3999s", hex, file) == 2) {
            const char *fn = file[0] == '*' ? file + 1 : file;
            if (!strcmp(fn, name)) {
                memcpy(want, hex, 65);
                found = 1;
                break;
            }
        }
    }
    fclose(f);
    return found;
}

uint64_t *oracle_digest_load(const char *path, oracle_domain d, char *err, size_t errlen)
{
    size_t len = 0;
    uint8_t *raw = read_all(path, &len, err, errlen);
    if (!raw)
        return NULL;
    size_t count = oracle_domain_size(d);
    if (len != count * 8) {
        snprintf(err, errlen,
                 "%s: broken %s digest file: %zu bytes, expected %zu (%zu digests of 8 bytes)%s",
                 path, oracle_domain_name(d), len, count * 8, count,
                 len < count * 8 ? " - truncated?" : "");
        free(raw);
        return NULL;
    }
    char want[65];
    if (listed_checksum(path, want)) {
        char got[65];
        oracle_sha256_hex(raw, len, got);
        if (strcmp(got, want) != 0) {
            snprintf(err, errlen, "%s: corrupt digest file: sha256 %.16s... does not match SHA256SUMS (%.16s...)",
                     path, got, want);
            free(raw);
            return NULL;
        }
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

int oracle_digest_save(const char *path, const uint64_t *digests, oracle_domain d, char *err, size_t errlen)
{
    size_t count = oracle_domain_size(d);
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    uint8_t b[8];
    for (size_t i = 0; i < count; i++) {
        grotto_store_u64le(b, digests[i]);
        if (fwrite(b, 1, 8, f) != 8) {
            snprintf(err, errlen, "%s: write error", path);
            fclose(f);
            return -1;
        }
    }
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: write error", path);
        return -1;
    }
    return 0;
}
