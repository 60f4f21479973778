/* The runs of grotto interchange (interchange.h, "converting"): export
 * (an engine's floors or maps as interchange lines), encode (lines ->
 * binary records) and decode (records -> lines). Each writes to a stream
 * the caller opened (a file written whole or not at all, or standard
 * output) and says what went wrong in one line; a failed write is told
 * apart (IX_RUN_WRITE, errno kept) so that the caller names the path.
 *
 * decode chooses the kind by the size: a multiple of only one of 272
 * (FloorRecord) and 140 (MapRecord) bytes decides it; a size that is a
 * multiple of both (9,520 bytes: 35 floors or 68 maps) needs --floors or
 * --maps, and is refused without. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/tables.h"
#include "interchange.h"

/* A write failed: keep errno for the caller's message. */
static int write_failed(void)
{
    return IX_RUN_WRITE;
}

static int export_floors(const ix_run_args *a, FILE *out)
{
    for (uint32_t s = a->lo; s <= a->hi; s++)
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            if (a->engine->floor(s, k, &f) != 0 || ix_write_floor(out, s, &f) < 0)
                return write_failed();
        }
    return 0;
}

static int export_maps(const ix_run_args *a, FILE *out)
{
    for (int b = 0; b < GROTTO_BANDS; b++)
        for (uint32_t s = a->lo; (a->bands >> b & 1u) && s <= a->hi; s++) {
            grotto_map_t m;
            if (a->engine->map(gt_band[b].code, s, &m) != 0 || ix_write_map(out, &m) < 0)
                return write_failed();
        }
    return 0;
}

int ix_run_export(const ix_run_args *a, FILE *out, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return a->kind == IX_FLOOR ? export_floors(a, out) : export_maps(a, out);
}

/* One line of an encode: its record appended, or the reason. */
static int encode_line(char *line, ssize_t len, ix_record *r, int *kind, FILE *out, char *err, size_t errlen)
{
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    if (!len)
        return 0;
    if (ix_parse(line, (size_t)len, r, err, errlen))
        return -1;
    if (r->kind == IX_CHEST)
        return snprintf(err, errlen, "a chest line: no binary record holds chest contents"), -1;
    if (*kind && (int)r->kind != *kind)
        return snprintf(err, errlen, "floors and maps mixed: a record file holds one kind"), -1;
    if (r->kind == IX_FLOOR ? ix_to_floor_record(r, rec, err, errlen) : ix_to_map_record(r, rec, err, errlen))
        return -1;
    *kind = (int)r->kind;
    size_t size = *kind == IX_FLOOR ? GROTTO_FLOOR_RECORD_SIZE : GROTTO_MAP_RECORD_SIZE;
    return fwrite(rec, 1, size, out) == size ? 0 : write_failed();
}

int ix_run_encode(const ix_run_args *a, FILE *out, char *err, size_t errlen)
{
    FILE *in = fopen(a->in, "r");
    if (!in)
        return snprintf(err, errlen, "cannot read '%s': %s", a->in, strerror(errno)), -1;
    char *line = NULL, why[300];
    size_t cap = 0;
    ssize_t len;
    long no = 0;
    int kind = 0, rc = 0;
    ix_record *r = malloc(sizeof *r);
    if (!r)
        rc = (snprintf(err, errlen, "out of memory"), -1);
    while (!rc && (len = getline(&line, &cap, in)) >= 0) {
        no++;
        rc = encode_line(line, len, r, &kind, out, why, sizeof why);
        if (rc == -1)
            snprintf(err, errlen, "%s:%ld: %s", a->in, no, why);
    }
    if (!rc && ferror(in))
        rc = (snprintf(err, errlen, "%s: read error", a->in), -1);
    free(r);
    free(line);
    fclose(in);
    return rc;
}

static int read_all(const char *path, uint8_t **data, size_t *n, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno)), -1;
    size_t cap = 1 << 16, len = 0, got = 1;
    uint8_t *buf = malloc(cap);
    while (buf && got) {
        if (len == cap) {
            uint8_t *b = realloc(buf, cap * 2);
            if (!b)
                free(buf);
            buf = b, cap *= 2;
            if (!buf)
                break;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return snprintf(err, errlen, "%s: %s", path, bad ? "read error" : "out of memory"), -1;
    }
    *data = buf;
    *n = len;
    return 0;
}

/* The kind of a record file of n bytes (IX_FLOOR / IX_MAP), or 0 with the reason. */
static int kind_of_size(const ix_run_args *a, size_t n, char *err, size_t errlen)
{
    int floors = n % GROTTO_FLOOR_RECORD_SIZE == 0, maps = n % GROTTO_MAP_RECORD_SIZE == 0;
    const char *path = a->in;
    if (a->kind == IX_FLOOR || a->kind == IX_MAP) {
        size_t size = a->kind == IX_FLOOR ? GROTTO_FLOOR_RECORD_SIZE : GROTTO_MAP_RECORD_SIZE;
        if (n && n % size == 0)
            return a->kind;
        snprintf(err, errlen, "%s: %zu bytes: not a whole number of %s (%zu bytes)", path, n,
                 a->kind == IX_FLOOR ? "FloorRecords" : "MapRecords", size);
        return 0;
    }
    if (n && floors && maps)
        snprintf(err, errlen, "%s: %zu bytes: as many bytes as %zu FloorRecords or %zu MapRecords; say which with "
                 "--floors or --maps", path, n, n / GROTTO_FLOOR_RECORD_SIZE, n / GROTTO_MAP_RECORD_SIZE);
    else if (n && (floors || maps))
        return floors ? IX_FLOOR : IX_MAP;
    else
        snprintf(err, errlen, "%s: %zu bytes: not a whole number of FloorRecords (272) or MapRecords (140)", path, n);
    return 0;
}

static int decode_records(const ix_run_args *a, const uint8_t *data, size_t n, int kind, FILE *out, char *err,
                          size_t errlen)
{
    size_t size = kind == IX_MAP ? GROTTO_MAP_RECORD_SIZE : GROTTO_FLOOR_RECORD_SIZE;
    uint32_t seed = a->first_seed;
    int prev = 0;
    for (size_t i = 0; i < n / size; i++) {
        const uint8_t *rec = data + i * size;
        if (kind == IX_FLOOR && i > 0 && rec[0] <= prev && ++seed > GROTTO_SEED_MAX)
            return snprintf(err, errlen, "%s: record %zu: the seed passes 7FFF", a->in, i + 1), -1;
        if (kind == IX_MAP ? ix_map_record_line(out, rec) : ix_floor_record_line(out, seed, rec)) {
            if (ferror(out))
                return write_failed();
            return snprintf(err, errlen, "%s: record %zu (byte %zu): not a valid %s (records.md)", a->in, i + 1,
                            i * size, kind == IX_MAP ? "MapRecord" : "FloorRecord"), -1;
        }
        prev = rec[0];
    }
    return 0;
}

int ix_run_decode(const ix_run_args *a, FILE *out, char *err, size_t errlen)
{
    uint8_t *data = NULL;
    size_t n = 0;
    if (read_all(a->in, &data, &n, err, errlen))
        return -1;
    int kind = kind_of_size(a, n, err, errlen);
    int rc = kind ? decode_records(a, data, n, kind, out, err, errlen) : -1;
    free(data);
    return rc;
}
