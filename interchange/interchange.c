/* The interchange format (interchange.h, docs/interchange.md): parsing with
 * jansson (Debian libjansson-dev: a strict JSON parser that rejects
 * duplicate keys), writing, and conversion to and from binary records. */
#include <jansson.h>
#include <string.h>

#include "always.h"
#include "grotto/tables.h"
#include "interchange.h"
#include "oracle.h"

static const char *const FIELD_NAME[IX_FIELD_COUNT] = {
    "width", "height", "overflow", "up", "down", "chests", "grid",
    "env", "floors", "smr", "boss", "prefix", "suffix", "locale", "level",
    "chest_ranks", "elist.ofs", "elist.D", "elist.state",
    "contents", "contents.rank", "contents.item", "contents.name"};

const char *ix_field_name(ix_field f)
{
    return f < IX_FIELD_COUNT ? FIELD_NAME[f] : "?";
}

/* ---- parsing ---- */

typedef struct parse_ctx {
    ix_record *r;
    char *err;
    size_t errlen;
} parse_ctx;

static int fail(parse_ctx *p, const char *fmt, const char *what)
{
    snprintf(p->err, p->errlen, fmt, what);
    return -1;
}

enum { VALUE_LIMIT = 1000000 }; /* any field value beyond this is malformed */

/* An integer value (true/false count as 1/0 only where bool_ok). */
static int int_of(parse_ctx *p, const json_t *v, const char *name, int bool_ok, int *out)
{
    if (bool_ok && json_is_boolean(v)) {
        *out = json_is_true(v);
        return 0;
    }
    if (!json_is_integer(v))
        return fail(p, "\"%s\" is not an integer", name);
    json_int_t x = json_integer_value(v);
    if (x < -VALUE_LIMIT || x > VALUE_LIMIT)
        return fail(p, "\"%s\" is out of range", name);
    *out = (int)x;
    return 0;
}

static int xy_of(parse_ctx *p, const json_t *v, const char *name, int out[2])
{
    if (!json_is_array(v) || json_array_size(v) != 2)
        return fail(p, "\"%s\" is not an [x, y] pair", name);
    return int_of(p, json_array_get(v, 0), name, 0, &out[0]) || int_of(p, json_array_get(v, 1), name, 0, &out[1]);
}

static void note_ignored(ix_record *r, const char *prefix, const char *key)
{
    char name[32];
    snprintf(name, sizeof name, "%s%s", prefix, key);
    for (int i = 0; i < r->ignored_count; i++)
        if (!strcmp(r->ignored[i], name))
            return;
    if (r->ignored_count < IX_MAX_IGNORED)
        memcpy(r->ignored[r->ignored_count++], name, sizeof name);
}

static int hexdigit(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int grid_of(parse_ctx *p, const json_t *v)
{
    if (!json_is_array(v) || json_array_size(v) != GROTTO_GRID)
        return fail(p, "\"%s\" is not an array of 16 rows", "grid");
    for (int y = 0; y < GROTTO_GRID; y++) {
        const char *row = json_string_value(json_array_get(v, (size_t)y));
        if (!row || strlen(row) != GROTTO_GRID)
            return fail(p, "\"%s\": a row is not a string of 16 hex digits", "grid");
        for (int x = 0; x < GROTTO_GRID; x++) {
            int d = hexdigit((unsigned char)row[x]);
            if (d < 0)
                return fail(p, "\"%s\": a row is not a string of 16 hex digits", "grid");
            p->r->grid[GROTTO_GRID * y + x] = (uint8_t)d;
        }
    }
    return 0;
}

static int chests_of(parse_ctx *p, const json_t *v)
{
    if (!json_is_array(v) || json_array_size(v) > IX_MAX_LIST)
        return fail(p, "\"%s\" is not an array of [x, y] pairs", "chests");
    p->r->chest_count = (int)json_array_size(v);
    for (int i = 0; i < p->r->chest_count; i++)
        if (xy_of(p, json_array_get(v, (size_t)i), "chests", p->r->chest[i]))
            return -1;
    return 0;
}

static int ranks_of(parse_ctx *p, const json_t *v)
{
    ix_record *r = p->r;
    if (!json_is_array(v) || json_array_size(v) > IX_MAX_LIST)
        return fail(p, "\"%s\" is not an array of at most 16 per-floor lists", "chest_ranks");
    r->ranks_floors = (int)json_array_size(v);
    for (int f = 0; f < r->ranks_floors; f++) {
        const json_t *l = json_array_get(v, (size_t)f);
        if (!json_is_array(l) || json_array_size(l) > GROTTO_MAX_CHESTS)
            return fail(p, "\"%s\": a floor's ranks are not a list of at most 3 integers", "chest_ranks");
        r->ranks_count[f] = (int)json_array_size(l);
        for (int i = 0; i < r->ranks_count[f]; i++)
            if (int_of(p, json_array_get(l, (size_t)i), "chest_ranks", 0, &r->rank[f][i]))
                return -1;
    }
    return 0;
}

static int elist_of(parse_ctx *p, const json_t *v)
{
    ix_record *r = p->r;
    if (!json_is_array(v) || json_array_size(v) > IX_MAX_LIST)
        return fail(p, "\"%s\" is not an array of at most 16 {ofs, D, state} objects", "elist");
    r->elist_floors = (int)json_array_size(v);
    for (int f = 0; f < r->elist_floors; f++) {
        json_t *e = json_array_get(v, (size_t)f);
        if (!json_is_object(e))
            return fail(p, "\"%s\": an entry is not an object", "elist");
        const char *key;
        json_t *x;
        json_object_foreach(e, key, x) {
            int *dst = !strcmp(key, "ofs") ? &r->elist_ofs[f] : !strcmp(key, "D") ? &r->elist_D[f]
                     : !strcmp(key, "state") ? &r->elist_state[f] : NULL;
            ix_field fld = !strcmp(key, "ofs") ? IX_ELIST_OFS : !strcmp(key, "D") ? IX_ELIST_D : IX_ELIST_STATE;
            if (!dst) {
                note_ignored(r, "elist[].", key);
                continue;
            }
            if (int_of(p, x, FIELD_NAME[fld], 0, dst))
                return -1;
            r->elist_have[f] |= 1u << fld;
        }
    }
    /* a field is carried when every entry carries it */
    for (int fld = IX_ELIST_OFS; fld <= IX_ELIST_STATE; fld++) {
        int all = r->elist_floors > 0;
        for (int f = 0; f < r->elist_floors; f++)
            all &= (int)(r->elist_have[f] >> fld & 1u);
        if (all)
            r->have |= 1u << fld;
    }
    return 0;
}

/* "contents": [{"rank", "item", "name"}, ...], each key optional per entry */
static int contents_of(parse_ctx *p, const json_t *v)
{
    ix_record *r = p->r;
    if (!json_is_array(v) || json_array_size(v) > IX_MAX_LIST)
        return fail(p, "\"%s\" is not an array of at most 16 {rank, item, name} objects", "contents");
    r->contents_count = (int)json_array_size(v);
    for (int i = 0; i < r->contents_count; i++) {
        json_t *e = json_array_get(v, (size_t)i);
        if (!json_is_object(e))
            return fail(p, "\"%s\": an entry is not an object", "contents");
        const char *key;
        json_t *x;
        json_object_foreach(e, key, x) {
            ix_field fld;
            if (!strcmp(key, "rank")) {
                if (int_of(p, x, FIELD_NAME[IX_CONTENTS_RANK], 0, &r->contents_rank[i]))
                    return -1;
                fld = IX_CONTENTS_RANK;
            } else if (!strcmp(key, "item")) {
                if (int_of(p, x, FIELD_NAME[IX_CONTENTS_ITEM], 0, &r->contents_item[i]))
                    return -1;
                fld = IX_CONTENTS_ITEM;
            } else if (!strcmp(key, "name")) {
                const char *name = json_string_value(x);
                if (!name || strlen(name) >= IX_NAME_LEN)
                    return fail(p, "\"%s\" is not a string of at most 47 bytes", FIELD_NAME[IX_CONTENTS_NAME]);
                snprintf(r->contents_name[i], IX_NAME_LEN, "%s", name);
                fld = IX_CONTENTS_NAME;
            } else {
                note_ignored(r, "contents[].", key);
                continue;
            }
            r->contents_have[i] |= 1u << fld;
        }
    }
    r->have |= 1u << IX_CONTENTS;
    /* a field is carried when there are chests and every entry carries it */
    for (int fld = IX_CONTENTS_RANK; fld <= IX_CONTENTS_NAME; fld++) {
        int all = r->contents_count > 0;
        for (int i = 0; i < r->contents_count; i++)
            all &= (int)(r->contents_have[i] >> fld & 1u);
        if (all)
            r->have |= 1u << fld;
    }
    return 0;
}

static int key_int(parse_ctx *p, json_t *o, const char *key, int lo, int hi, int *out)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return fail(p, "no \"%s\"", key);
    if (int_of(p, v, key, 0, out))
        return -1;
    if (*out < lo || *out > hi)
        return fail(p, "\"%s\" is out of range", key);
    return 0;
}

static const char *const DETAIL_KEY[8] = {"env", "floors", "smr", "boss", "prefix", "suffix", "locale", "level"};

static int parse_object(parse_ctx *p, json_t *o)
{
    ix_record *r = p->r;
    int is_floor = json_object_get(o, "floor") != NULL, is_map = json_object_get(o, "band") != NULL;
    int is_chest = json_object_get(o, "second") != NULL;
    if (is_chest && !(is_floor && is_map))
        return fail(p, "%s", "\"second\" without \"band\" and \"floor\": a chest line has band, seed, floor "
                             "and second");
    if (is_floor == is_map && !is_chest)
        return fail(p, "%s", is_floor ? "both \"floor\" and \"band\" without \"second\": a line is a floor, a "
                                        "map or a chest line"
                                      : "neither \"floor\" nor \"band\": a floor line has seed and floor, a map "
                                        "line band and seed");
    int seed;
    if (key_int(p, o, "seed", 0, GROTTO_SEED_MAX, &seed))
        return -1;
    r->seed = (uint32_t)seed;
    if (is_floor) {
        r->kind = is_chest ? IX_CHEST : IX_FLOOR;
        if (key_int(p, o, "floor", 1, GROTTO_MAX_FLOORS, &r->floor))
            return -1;
        if (is_chest && key_int(p, o, "second", 0, IX_MAX_SECOND, &r->second))
            return -1;
    }
    if (is_map) {
        r->kind = is_chest ? IX_CHEST : IX_MAP;
        int code;
        if (key_int(p, o, "band", 0, 255, &code))
            return -1;
        r->band = -1;
        for (int b = 0; b < GT_BAND_COUNT; b++)
            if (gt_band[b].code == code)
                r->band = b;
        if (r->band < 0)
            return fail(p, "\"%s\" is not a band code (2, 56, 61, 76, 81, 101, 121, 141, 161, 181, 201, 221)",
                        "band");
    }
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        if (!strcmp(key, "seed") || !strcmp(key, "floor") || !strcmp(key, "band") || !strcmp(key, "second"))
            continue;
        int rc = 0, fld = -1;
        if (is_chest) {
            if (!strcmp(key, "contents"))
                rc = contents_of(p, v); /* sets its own bits */
            else
                note_ignored(r, "", key);
        } else if (is_floor && !strcmp(key, "width"))
            rc = int_of(p, v, key, 0, &r->width), fld = IX_WIDTH;
        else if (is_floor && !strcmp(key, "height"))
            rc = int_of(p, v, key, 0, &r->height), fld = IX_HEIGHT;
        else if (is_floor && !strcmp(key, "overflow"))
            rc = int_of(p, v, key, 1, &r->overflow), fld = IX_OVERFLOW;
        else if (is_floor && !strcmp(key, "up"))
            rc = xy_of(p, v, key, r->up), fld = IX_UP;
        else if (is_floor && !strcmp(key, "down"))
            rc = xy_of(p, v, key, r->down), fld = IX_DOWN;
        else if (is_floor && !strcmp(key, "chests"))
            rc = chests_of(p, v), fld = IX_CHESTS;
        else if (is_floor && !strcmp(key, "grid"))
            rc = grid_of(p, v), fld = IX_GRID;
        else if (is_map && !strcmp(key, "chest_ranks"))
            rc = ranks_of(p, v), fld = IX_CHEST_RANKS;
        else if (is_map && !strcmp(key, "elist"))
            rc = elist_of(p, v); /* sets its own bits */
        else if (is_map) {
            for (int i = 0; i < 8; i++)
                if (!strcmp(key, DETAIL_KEY[i]))
                    rc = int_of(p, v, key, 0, &r->detail[i]), fld = IX_ENV + i;
            if (fld < 0 && ALWAYS(strcmp(key, "elist") != 0)) /* "elist" was taken above */
                note_ignored(r, "", key);
        } else
            note_ignored(r, "", key);
        if (rc)
            return -1;
        if (fld >= 0)
            r->have |= 1u << fld;
    }
    return 0;
}

int ix_parse(const char *line, size_t len, ix_record *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    json_error_t je;
    json_t *o = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    if (!o) {
        snprintf(err, errlen, "not JSON: %s", je.text);
        return -1;
    }
    parse_ctx p = {r, err, errlen};
    int rc = -1;
    if (!json_is_object(o))
        snprintf(err, errlen, "not a JSON object");
    else
        rc = parse_object(&p, o);
    json_decref(o);
    return rc;
}

/* ---- writing ---- */

int ix_write_floor(FILE *out, uint32_t seed, const grotto_floor_t *f)
{
    char grid[GROTTO_GRID * 19 + 2], *g = grid;
    for (int y = 0; y < GROTTO_GRID; y++) {
        *g++ = y ? ',' : '[';
        *g++ = '"';
        for (int x = 0; x < GROTTO_GRID; x++)
            *g++ = "0123456789abcdef"[grotto_tile_at(f, x, y) & 15];
        *g++ = '"';
    }
    *g++ = ']';
    *g = 0;
    char chests[64] = "";
    for (int i = 0, n = 0; i < f->chest_count; i++)
        n += snprintf(chests + n, sizeof chests - (size_t)n, "%s[%u,%u]", i ? "," : "", f->chest[i].x, f->chest[i].y);
    return fprintf(out,
                   "{\"seed\":%u,\"floor\":%u,\"width\":%u,\"height\":%u,\"overflow\":%s,\"up\":[%u,%u],"
                   "\"down\":[%u,%u],\"chests\":[%s],\"grid\":%s}\n",
                   seed, f->index, f->width, f->height, f->overflow ? "true" : "false", f->up.x, f->up.y, f->down.x,
                   f->down.y, chests, grid);
}

int ix_write_map(FILE *out, const grotto_map_t *m)
{
    const grotto_map_details_t *d = &m->d;
    char ranks[16 * 12 + 4] = "[", elist[16 * 40 + 4] = "[";
    size_t nr = 1, ne = 1;
    for (int f = 0; f < d->floors; f++) {
        nr += (size_t)snprintf(ranks + nr, sizeof ranks - nr, "%s[", f ? "," : "");
        for (int i = 0; i < m->chest_count[f]; i++)
            nr += (size_t)snprintf(ranks + nr, sizeof ranks - nr, "%s%u", i ? "," : "", m->chest_rank[f][i]);
        nr += (size_t)snprintf(ranks + nr, sizeof ranks - nr, "]");
        ne += (size_t)snprintf(elist + ne, sizeof elist - ne, "%s{\"ofs\":%u,\"D\":%u,\"state\":%u}", f ? "," : "",
                               m->elist[f].ofs, m->elist[f].D, m->elist[f].state);
    }
    snprintf(ranks + nr, sizeof ranks - nr, "]");
    snprintf(elist + ne, sizeof elist - ne, "]");
    return fprintf(out,
                   "{\"band\":%u,\"seed\":%u,\"env\":%u,\"floors\":%u,\"smr\":%u,\"boss\":%u,\"prefix\":%u,"
                   "\"suffix\":%u,\"locale\":%u,\"level\":%u,\"chest_ranks\":%s,\"elist\":%s}\n",
                   d->band_code, d->seed, d->env, d->floors, d->smr, d->boss, d->prefix, d->suffix, d->locale,
                   d->level, ranks, elist);
}

/* ---- conversion to and from binary records ---- */

static int missing(const ix_record *r, int first, int last, char *err, size_t errlen)
{
    for (int f = first; f <= last; f++)
        if (!(r->have >> f & 1u)) {
            snprintf(err, errlen, "no \"%s\": a record needs every field", FIELD_NAME[f]);
            return 1;
        }
    return 0;
}

static int byte_ok(int v)
{
    return v >= 0 && v <= 255;
}

int ix_to_floor_record(const ix_record *r, uint8_t out[GROTTO_FLOOR_RECORD_SIZE], char *err,
                       size_t errlen)
{
    if (r->kind != IX_FLOOR) {
        snprintf(err, errlen, "a map line where a floor was expected");
        return -1;
    }
    if (missing(r, IX_WIDTH, IX_GRID, err, errlen))
        return -1;
    int ok = byte_ok(r->width) && byte_ok(r->height) && (r->overflow == 0 || r->overflow == 1) &&
             r->chest_count <= GROTTO_MAX_CHESTS;
    for (int i = 0; i < 2; i++)
        ok &= byte_ok(r->up[i]) && byte_ok(r->down[i]);
    for (int i = 0; i < r->chest_count && ok; i++)
        ok &= byte_ok(r->chest[i][0]) && byte_ok(r->chest[i][1]);
    grotto_floor_t f = {.index = (uint8_t)r->floor, .width = (uint8_t)r->width, .height = (uint8_t)r->height,
                        .overflow = (uint8_t)r->overflow, .up = {(uint8_t)r->up[0], (uint8_t)r->up[1]},
                        .down = {(uint8_t)r->down[0], (uint8_t)r->down[1]}, .chest_count = (uint8_t)r->chest_count};
    for (int i = 0; i < r->chest_count && ok; i++)
        f.chest[i] = (grotto_xy){(uint8_t)r->chest[i][0], (uint8_t)r->chest[i][1]};
    memcpy(f.grid, r->grid, GROTTO_CELLS);
    grotto_floor_t back;
    if (ok) {
        grotto_floor_record(&f, out);
        ok = grotto_floor_from_record(out, &back) == 0;
    }
    if (!ok)
        snprintf(err, errlen, "values a FloorRecord cannot hold (records.md: sizes 10..16, width = height, at "
                              "most 3 chests, bytes 0..255)");
    return ok ? 0 : -1;
}

int ix_to_map_record(const ix_record *r, uint8_t out[GROTTO_MAP_RECORD_SIZE], char *err,
                     size_t errlen)
{
    if (r->kind != IX_MAP) {
        snprintf(err, errlen, "a floor line where a map was expected");
        return -1;
    }
    if (missing(r, IX_ENV, IX_ELIST_STATE, err, errlen))
        return -1;
    grotto_map_t m;
    memset(&m, 0, sizeof m);
    int ok = 1;
    for (int i = 0; i < 8; i++)
        ok &= byte_ok(r->detail[i]);
    int floors = r->detail[1];
    ok &= floors >= 1 && floors <= GROTTO_MAX_FLOORS && r->ranks_floors == floors && r->elist_floors == floors;
    m.d = (grotto_map_details_t){.band = (uint8_t)r->band, .band_code = gt_band[r->band].code,
                                 .seed = (uint16_t)r->seed, .env = (uint8_t)r->detail[0], .floors = (uint8_t)floors,
                                 .smr = (uint8_t)r->detail[2], .boss = (uint8_t)r->detail[3],
                                 .prefix = (uint8_t)r->detail[4], .suffix = (uint8_t)r->detail[5],
                                 .locale = (uint8_t)r->detail[6], .level = (uint8_t)r->detail[7]};
    for (int f = 0; ok && f < floors; f++) {
        m.chest_count[f] = (uint8_t)r->ranks_count[f];
        for (int i = 0; i < r->ranks_count[f]; i++) {
            ok &= byte_ok(r->rank[f][i]);
            m.chest_rank[f][i] = (uint8_t)r->rank[f][i];
        }
        ok &= r->elist_ofs[f] >= 0 && r->elist_ofs[f] <= 0xFFFF && byte_ok(r->elist_D[f]) &&
              byte_ok(r->elist_state[f]);
        m.elist[f].ofs = (uint16_t)r->elist_ofs[f];
        m.elist[f].D = (uint16_t)r->elist_D[f];
        m.elist[f].state = (uint8_t)r->elist_state[f];
    }
    if (!ok) {
        snprintf(err, errlen, "values a MapRecord cannot hold (records.md: one chest_ranks and elist entry per "
                              "floor, 1..16 floors, bytes 0..255, ofs 0..65535)");
        return -1;
    }
    grotto_map_record(&m, out);
    return 0;
}

int ix_floor_record_line(FILE *out, uint32_t seed, const uint8_t rec[GROTTO_FLOOR_RECORD_SIZE])
{
    grotto_floor_t f;
    if (grotto_floor_from_record(rec, &f) != 0)
        return -1;
    return ix_write_floor(out, seed, &f) < 0 ? -1 : 0;
}

int ix_map_record_line(FILE *out, const uint8_t rec[GROTTO_MAP_RECORD_SIZE])
{
    grotto_map_t m;
    memset(&m, 0, sizeof m);
    int band = oracle_band_of_quality(rec[0]);
    if (band < 0 || gt_band[band].code != rec[0] || rec[4] < 1 || rec[4] > GROTTO_MAX_FLOORS || rec[11] != 0)
        return -1;
    m.d = (grotto_map_details_t){.band = (uint8_t)band, .band_code = rec[0], .seed = (uint16_t)(rec[1] | rec[2] << 8),
                                 .env = rec[3], .floors = rec[4], .smr = rec[5], .boss = rec[6], .prefix = rec[7],
                                 .suffix = rec[8], .locale = rec[9], .level = rec[10]};
    if (m.d.seed > GROTTO_SEED_MAX)
        return -1;
    for (int f = 0; f < GROTTO_MAX_FLOORS; f++) {
        const uint8_t *s = rec + 12 + 8 * f;
        if (f >= m.d.floors) {
            for (int i = 0; i < 8; i++)
                if (s[i])
                    return -1;
            continue;
        }
        if (s[7])
            return -1;
        int n = 0;
        while (n < GROTTO_MAX_CHESTS && s[n])
            n++;
        for (int i = n; i < GROTTO_MAX_CHESTS; i++)
            if (s[i])
                return -1;
        m.chest_count[f] = (uint8_t)n;
        memcpy(m.chest_rank[f], s, GROTTO_MAX_CHESTS);
        m.elist[f].ofs = (uint16_t)(s[3] | s[4] << 8);
        m.elist[f].D = s[5];
        m.elist[f].state = s[6];
    }
    return ix_write_map(out, &m) < 0 ? -1 : 0;
}
