/* Interchange records checked field by field against an engine, and the
 * reports (interchange.h). A chest line is checked against the contents
 * engine A gives for the same floor of its own map at that second (its
 * chest_seconds over grotto_chest_floor_of); the items already seen are a
 * bit per floor and map slot, and for chest items (1.6 billion possible) a
 * growing hash set of the ones given. A differing chest rank or item is
 * reported with the draw that decides it (chests.md §2-§3, computed from
 * A's floor: oracle_chest_draws_of): the rank draw, and the content draw
 * with its v = scaled(100). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/chests.h"
#include "grotto/tables.h"
#include "interchange.h"
#include "oracle.h"

enum { SEEN_BITS = GROTTO_FLOOR_UNIVERSE + GROTTO_MAP_UNIVERSE, MAX_DIFFS = 64 };

int ix_check_init(ix_check *c, const grotto_engine *a, const char *b_label, int show)
{
    memset(c, 0, sizeof *c);
    c->a = a;
    c->b_label = b_label;
    c->show = show < 0 ? 0 : show > IX_MAX_SHOW ? IX_MAX_SHOW : show;
    c->seen = calloc(SEEN_BITS / 8, 1);
    return c->seen ? 0 : -1;
}

void ix_check_free(ix_check *c)
{
    free(c->seen);
    c->seen = NULL;
    free(c->chests_seen);
    c->chests_seen = NULL;
}

/* Adds a chest item's key to the set: 1 when it was new, 0 when it was
 * there, -1 when out of memory. */
static int chest_seen_add(ix_check *c, uint64_t key)
{
    if (2 * (c->chests_count + 1) > c->chests_cap) {
        size_t cap = c->chests_cap ? 2 * c->chests_cap : 1024;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t)
            return -1;
        for (size_t i = 0; i < c->chests_cap; i++) {
            uint64_t k = c->chests_seen[i];
            size_t j = (size_t)(k * UINT64_C(0x9E3779B97F4A7C15) >> 20) & (cap - 1);
            while (k && t[j])
                j = (j + 1) & (cap - 1);
            if (k)
                t[j] = k;
        }
        free(c->chests_seen);
        c->chests_seen = t;
        c->chests_cap = cap;
    }
    uint64_t k = key + 1;
    size_t j = (size_t)(k * UINT64_C(0x9E3779B97F4A7C15) >> 20) & (c->chests_cap - 1);
    for (; c->chests_seen[j]; j = (j + 1) & (c->chests_cap - 1))
        if (c->chests_seen[j] == k)
            return 0;
    c->chests_seen[j] = k;
    c->chests_count++;
    return 1;
}

/* ---- one record against the engine ---- */

typedef struct field_diff {
    ix_field field;
    int floor;                   /* map fields per floor: 1..16; else 0 */
    int chest;                   /* chest fields: 1..3; else 0 */
    long draw, v;                /* chest fields: the deciding draw, v (content); else -1 */
    char text[160];
    char note[64];               /* chest fields: the draw in words; else "" */
} field_diff;

typedef struct diff_list {
    const char *a, *b;           /* labels */
    int n;                       /* kept (at most MAX_DIFFS) */
    uint64_t count, compared;
    field_diff d[MAX_DIFFS];
} diff_list;

static void add_diff(diff_list *l, ix_field f, int floor, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_diff(diff_list *l, ix_field f, int floor, const char *fmt, ...)
{
    l->count++;
    if (l->n == MAX_DIFFS)
        return;
    field_diff *d = &l->d[l->n++];
    d->field = f;
    d->floor = floor;
    d->chest = 0;
    d->draw = d->v = -1;
    d->note[0] = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->text, sizeof d->text, fmt, ap);
    va_end(ap);
}

static void cmp_int(diff_list *l, ix_field f, int floor, const char *what, int a, int b)
{
    l->compared++;
    if (a != b)
        add_diff(l, f, floor, "%s: %s %d, %s %d", what, l->a, a, l->b, b);
}

static void cmp_xy(diff_list *l, ix_field f, grotto_xy a, const int b[2])
{
    l->compared++;
    if (a.x != b[0] || a.y != b[1])
        add_diff(l, f, 0, "%s: %s (%u,%u), %s (%d,%d)", ix_field_name(f), l->a, a.x, a.y, l->b, b[0], b[1]);
}

static void compare_floor(const grotto_floor_t *fa, const ix_record *r, diff_list *l)
{
    uint32_t h = r->have;
    if (h >> IX_WIDTH & 1u)
        cmp_int(l, IX_WIDTH, 0, "width", fa->width, r->width);
    if (h >> IX_HEIGHT & 1u)
        cmp_int(l, IX_HEIGHT, 0, "height", fa->height, r->height);
    if (h >> IX_OVERFLOW & 1u)
        cmp_int(l, IX_OVERFLOW, 0, "overflow", fa->overflow, r->overflow);
    if (h >> IX_UP & 1u)
        cmp_xy(l, IX_UP, fa->up, r->up);
    if (h >> IX_DOWN & 1u)
        cmp_xy(l, IX_DOWN, fa->down, r->down);
    if (h >> IX_CHESTS & 1u) {
        l->compared++;
        int same = fa->chest_count == r->chest_count;
        for (int i = 0; same && i < r->chest_count; i++)
            same = fa->chest[i].x == r->chest[i][0] && fa->chest[i].y == r->chest[i][1];
        if (!same) {
            char ta[40] = "", tb[120] = "";
            for (int i = 0, n = 0; i < fa->chest_count; i++)
                n += snprintf(ta + n, sizeof ta - (size_t)n, " (%u,%u)", fa->chest[i].x, fa->chest[i].y);
            for (int i = 0, n = 0; i < r->chest_count && n < (int)sizeof tb - 1; i++)
                n += snprintf(tb + n, sizeof tb - (size_t)n, " (%d,%d)", r->chest[i][0], r->chest[i][1]);
            add_diff(l, IX_CHESTS, 0, "chests: %s %d:%s, %s %d:%s", l->a, fa->chest_count, ta, l->b, r->chest_count,
                     tb);
        }
    }
    if (h >> IX_GRID & 1u) {
        l->compared++;
        int n = 0, first = -1;
        for (int i = 0; i < GROTTO_CELLS; i++)
            if (fa->grid[i] != r->grid[i]) {
                n++;
                if (first < 0)
                    first = i;
            }
        if (n)
            add_diff(l, IX_GRID, 0, "grid: %d cell%s differ%s, first (%d,%d): %s %u, %s %u = FloorRecord byte %d", n,
                     n == 1 ? "" : "s", n == 1 ? "s" : "", first % GROTTO_GRID, first / GROTTO_GRID, l->a,
                     fa->grid[first], l->b, r->grid[first], 16 + first);
    }
}

static void compare_map(const grotto_map_t *ma, const ix_record *r, diff_list *l)
{
    const grotto_map_details_t *d = &ma->d;
    const int detail[8] = {d->env, d->floors, d->smr, d->boss, d->prefix, d->suffix, d->locale, d->level};
    for (int i = 0; i < 8; i++)
        if (r->have >> (IX_ENV + i) & 1u)
            cmp_int(l, (ix_field)(IX_ENV + i), 0, ix_field_name((ix_field)(IX_ENV + i)),
                    detail[i], r->detail[i]);
    if (r->have >> IX_CHEST_RANKS & 1u) {
        if (r->ranks_floors != d->floors) {
            l->compared++;
            add_diff(l, IX_CHEST_RANKS, 0, "chest_ranks: %s has %d floors, %s %d entries", l->a, d->floors, l->b,
                     r->ranks_floors);
        } else {
            for (int f = 0; f < d->floors; f++) {
                l->compared++;
                int same = ma->chest_count[f] == r->ranks_count[f];
                for (int i = 0; same && i < r->ranks_count[f]; i++)
                    same = ma->chest_rank[f][i] == r->rank[f][i];
                if (!same) {
                    char ta[32] = "", tb[48] = "";
                    for (int i = 0, n = 0; i < ma->chest_count[f]; i++)
                        n += snprintf(ta + n, sizeof ta - (size_t)n, "%s%u", i ? "," : "", ma->chest_rank[f][i]);
                    for (int i = 0, n = 0; i < r->ranks_count[f]; i++)
                        n += snprintf(tb + n, sizeof tb - (size_t)n, "%s%d", i ? "," : "", r->rank[f][i]);
                    add_diff(l, IX_CHEST_RANKS, f + 1, "chest_ranks[%d] (B%dF): %s [%s], %s [%s]", f, f + 1, l->a, ta,
                             l->b, tb);
                }
            }
        }
    }
    if (!r->elist_floors)
        return;
    if (r->elist_floors != d->floors) {
        l->compared++;
        add_diff(l, IX_ELIST_STATE, 0, "elist: %s has %d floors, %s %d entries", l->a, d->floors, l->b,
                 r->elist_floors);
        return;
    }
    for (int f = 0; f < d->floors; f++) {
        const grotto_elist_t *e = &ma->elist[f];
        const int av[3] = {e->ofs, e->D, e->state}, bv[3] = {r->elist_ofs[f], r->elist_D[f], r->elist_state[f]};
        for (int k = 0; k < 3; k++) {
            ix_field fld = (ix_field)(IX_ELIST_OFS + k);
            if (!(r->elist_have[f] >> fld & 1u))
                continue;
            char what[40];
            snprintf(what, sizeof what, "elist[%d].%s (B%dF)", f, ix_field_name(fld) + 6, f + 1);
            cmp_int(l, fld, f + 1, what, av[k], bv[k]);
        }
    }
}

static const char *item_en(int item)
{
    return item >= 0 && item < GT_ITEM_COUNT && gt_item_name[item].en ? gt_item_name[item].en : "?";
}

/* The difference just added, when it was kept (kept_before: l->n before),
 * as chest i's, decided by this draw (and v for a content draw). */
static void mark_chest(diff_list *l, int kept_before, int i, uint32_t draw, int v, int lo, int span)
{
    if (l->n == kept_before)
        return;
    field_diff *d = &l->d[l->n - 1];
    d->chest = i + 1;
    d->draw = draw;
    d->v = v;
    if (v >= 0)
        snprintf(d->note, sizeof d->note, "content draw %u: v %d", draw, v);
    else
        snprintf(d->note, sizeof d->note, "rank draw %u: %d + scaled(%d)", draw, lo, span);
}

/* A chest line against A's floor cf (of a map with first-floor monster
 * rank smr) and its items at second t. */
static void compare_chest(const grotto_chest_floor *cf, int smr, int t, const uint8_t item[GROTTO_MAX_CHESTS],
                          const ix_record *r, diff_list *l)
{
    if (r->have >> IX_CONTENTS & 1u)
        cmp_int(l, IX_CONTENTS, 0, "contents: chests", cf->count, r->contents_count);
    int n = r->contents_count < cf->count ? r->contents_count : cf->count;
    for (int i = 0; i < n; i++) {
        oracle_chest_draws d = oracle_chest_draws_of(cf, smr, (uint32_t)t, i);
        if (r->contents_have[i] >> IX_CONTENTS_RANK & 1u) {
            int kept = l->n;
            char what[48];
            snprintf(what, sizeof what, "chest %d rank", i + 1);
            cmp_int(l, IX_CONTENTS_RANK, 0, what, cf->rank[i], r->contents_rank[i]);
            mark_chest(l, kept, i, d.rank, -1, d.lo, d.span);
        }
        if (r->contents_have[i] >> IX_CONTENTS_ITEM & 1u) {
            int kept = l->n;
            l->compared++;
            if (item[i] != r->contents_item[i])
                add_diff(l, IX_CONTENTS_ITEM, 0, "chest %d (rank %u) item: %s %u %s, %s %d %s", i + 1, cf->rank[i], l->a,
                         item[i], item_en(item[i]), l->b, r->contents_item[i], item_en(r->contents_item[i]));
            mark_chest(l, kept, i, d.content, d.v, 0, 0);
        }
        if (r->contents_have[i] >> IX_CONTENTS_NAME & 1u) {
            int kept = l->n;
            l->compared++;
            if (strcmp(item_en(item[i]), r->contents_name[i]) != 0)
                add_diff(l, IX_CONTENTS_NAME, 0, "chest %d (rank %u) name: %s %s, %s %s", i + 1, cf->rank[i], l->a,
                         item_en(item[i]), l->b, r->contents_name[i]);
            mark_chest(l, kept, i, d.content, d.v, 0, 0);
        }
    }
}

/* A's item; 0, or -1 when A rejects it (never for a parsed key) or has no
 * chest timer (a chest line). */
static int compare(const ix_check *c, const ix_record *r, diff_list *l, grotto_floor_t *fa)
{
    memset(l, 0, sizeof *l);
    l->a = c->a->name;
    l->b = c->b_label;
    if (r->kind == IX_FLOOR) {
        if (c->a->floor(r->seed, r->floor, fa) != 0)
            return -1;
        compare_floor(fa, r, l);
    } else if (r->kind == IX_CHEST) {
        grotto_map_t ma;
        grotto_chest_floor cf;
        uint8_t item[1][GROTTO_MAX_CHESTS];
        if (!c->a->chest_seconds || c->a->map(gt_band[r->band].code, r->seed, &ma) != 0 ||
            grotto_chest_floor_of(&ma, r->floor, &cf) != 0 ||
            c->a->chest_seconds(&cf, (uint32_t)r->second, 1, item) != 0)
            return -1;
        compare_chest(&cf, ma.d.smr, r->second, item[0], r, l);
    } else {
        grotto_map_t ma;
        if (c->a->map(gt_band[r->band].code, r->seed, &ma) != 0)
            return -1;
        compare_map(&ma, r, l);
    }
    return 0;
}

static void item_name(const ix_record *r, char *out, size_t n)
{
    if (r->kind == IX_FLOOR)
        snprintf(out, n, "floor seed 0x%04X B%dF", r->seed, r->floor);
    else if (r->kind == IX_CHEST)
        snprintf(out, n, "chests of map %02X%04X B%dF at second %d", gt_band[r->band].code, r->seed, r->floor,
                 r->second);
    else
        snprintf(out, n, "map %02X%04X (band %u, seed 0x%04X)", gt_band[r->band].code, r->seed,
                 gt_band[r->band].code, r->seed);
}

int ix_check_record(ix_check *c, const ix_record *r, long line, char *err, size_t errlen)
{
    char name[80];
    item_name(r, name, sizeof name);
    if (r->kind == IX_CHEST) {
        uint64_t key = (((uint64_t)r->band * GROTTO_SEED_COUNT + r->seed) * GROTTO_MAX_FLOORS + (uint64_t)r->floor - 1) *
                           (IX_MAX_SECOND + 1) + (uint64_t)r->second;
        int added = chest_seen_add(c, key);
        if (added <= 0) {
            snprintf(err, errlen, added < 0 ? "out of memory at %s" : "%s given twice", name);
            return -1;
        }
    } else {
        size_t slot = r->kind == IX_FLOOR ? grotto_floor_slot(r->seed, r->floor)
                                          : GROTTO_FLOOR_UNIVERSE + grotto_map_slot(r->band, r->seed);
        if (c->seen[slot / 8] >> (slot % 8) & 1u) {
            snprintf(err, errlen, "%s given twice", name);
            return -1;
        }
        c->seen[slot / 8] |= (uint8_t)(1u << (slot % 8));
    }
    diff_list l;
    grotto_floor_t fa;
    if (compare(c, r, &l, &fa) != 0) {
        snprintf(err, errlen, r->kind == IX_CHEST && !c->a->chest_seconds ? "engine %s has no chest timer (%s)"
                                                                          : "engine %s rejects the item (%s)",
                 c->a->name, name);
        return -1;
    }
    c->records++;
    if (r->kind == IX_FLOOR)
        c->floor_records++;
    else if (r->kind == IX_CHEST)
        c->chest_records++;
    else
        c->map_records++;
    for (int f = 0; f < IX_FIELD_COUNT; f++)
        c->carried[f] += r->have >> f & 1u;
    if (r->ignored_count) {
        c->ignored_records++;
        for (int i = 0; i < r->ignored_count; i++) {
            int known = 0;
            for (int j = 0; j < c->ignored_count; j++)
                known |= !strcmp(c->ignored[j], r->ignored[i]);
            if (!known && c->ignored_count < IX_MAX_IGNORED)
                memcpy(c->ignored[c->ignored_count++], r->ignored[i], sizeof r->ignored[i]);
        }
    }
    c->fields += l.compared;
    c->fields_differing += l.count;
    if (!l.count)
        return 0;
    c->records_differing++;
    if (c->first_count < c->show) {
        c->first[c->first_count] = *r;
        c->first_line[c->first_count++] = line;
    }
    return 1;
}

/* ---- reports ---- */

static void grid_of_record(const ix_record *r, grotto_floor_t *f)
{
    memset(f, 0, sizeof *f);
    memcpy(f->grid, r->grid, GROTTO_CELLS);
}

static const char *where_kind(long line)
{
    return line > 0 ? "line" : "request";
}

/* Kept record i in words: its differing fields, the grids side by side. */
static void first_text(FILE *out, const ix_check *c, int i, const diff_list *l, const grotto_floor_t *fa)
{
    const ix_record *r = &c->first[i];
    char name[80];
    item_name(r, name, sizeof name);
    fprintf(out, "%s (%s %ld): %llu field%s differ%s\n", name, where_kind(c->first_line[i]), labs(c->first_line[i]),
            (unsigned long long)l->count, l->count == 1 ? "" : "s", l->count == 1 ? "s" : "");
    int grid = 0;
    for (int j = 0; j < l->n; j++) {
        /* the draw beside both answers, or under them when the line would pass 100 columns */
        const field_diff *d = &l->d[j];
        if (!d->note[0])
            fprintf(out, "  %s\n", d->text);
        else if (2 + strlen(d->text) + 3 + strlen(d->note) <= 100)
            fprintf(out, "  %s (%s)\n", d->text, d->note);
        else
            fprintf(out, "  %s\n    (%s)\n", d->text, d->note);
        grid |= l->d[j].field == IX_GRID;
    }
    if (grid) {
        grotto_floor_t fb;
        grid_of_record(r, &fb);
        oracle_print_grid_diff(out, fa, c->a->name, &fb, c->b_label);
    }
}

/* The text's lines, one string each. */
static json_t *text_lines(const ix_check *c, int i, const diff_list *l, const grotto_floor_t *fa)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
        first_text(f, c, i, l, fa);
        fclose(f);
    }
    json_t *lines = res_lines(text);
    free(text);
    return lines;
}

/* Kept record i (compared anew: it was once): its keys, where it came
 * from, its differing fields and their text. */
static json_t *first_value(const ix_check *c, int i)
{
    const ix_record *r = &c->first[i];
    diff_list l;
    grotto_floor_t fa;
    json_t *e = json_object();
    if (r->kind == IX_FLOOR)
        res_int(e, "seed", r->seed), res_int(e, "floor", r->floor);
    else if (r->kind == IX_CHEST)
        res_int(e, "band", gt_band[r->band].code), res_int(e, "seed", r->seed), res_int(e, "floor", r->floor),
            res_int(e, "second", r->second);
    else
        res_int(e, "band", gt_band[r->band].code), res_int(e, "seed", r->seed);
    res_int(e, where_kind(c->first_line[i]), labs(c->first_line[i]));
    json_t *fields = res_arr(e, "fields");
    if (compare(c, r, &l, &fa) != 0)
        return e;
    for (int j = 0; j < l.n; j++) {
        json_t *f = json_object();
        res_str(f, "field", ix_field_name(l.d[j].field));
        if (l.d[j].floor)
            res_int(f, "floor", l.d[j].floor);
        if (l.d[j].chest) {
            res_int(f, "chest", l.d[j].chest);
            res_int(f, "draw", l.d[j].draw);
            if (l.d[j].v >= 0)
                res_int(f, "v", l.d[j].v);
        }
        res_push(fields, f);
    }
    res_set(e, "report", text_lines(c, i, &l, &fa));
    return e;
}

json_t *ix_report_value(const ix_check *c)
{
    json_t *v = json_object();
    res_str(v, "a", c->a->name);
    res_int(v, "records", (long long)c->records);
    res_int(v, "floor_records", (long long)c->floor_records);
    res_int(v, "map_records", (long long)c->map_records);
    res_int(v, "chest_records", (long long)c->chest_records);
    res_bool(v, "details", c->details);
    res_int(v, "fields", (long long)c->fields);
    res_int(v, "records_differing", (long long)c->records_differing);
    res_int(v, "fields_differing", (long long)c->fields_differing);
    json_t *carried = res_obj(v, "carried"), *missing = json_array(), *ignored;
    for (int f = 0; f < IX_FIELD_COUNT; f++) {
        res_int(carried, ix_field_name((ix_field)f), (long long)c->carried[f]);
        int applies = f < IX_FIRST_MAP_FIELD     ? c->floor_records > 0
                      : f < IX_FIRST_CHEST_FIELD ? c->map_records > 0 && (!c->details || f <= IX_LEVEL)
                                                 : c->chest_records > 0;
        if (applies && !c->carried[f])
            res_push(missing, json_string(ix_field_name((ix_field)f)));
    }
    res_set(v, "not_carried", missing);
    ignored = res_arr(v, "ignored_keys");
    for (int i = 0; i < c->ignored_count; i++)
        res_push(ignored, res_string(c->ignored[i]));
    res_int(v, "ignored_records", (long long)c->ignored_records);
    json_t *first = res_arr(v, "first");
    for (int i = 0; i < c->first_count; i++)
        res_push(first, first_value(c, i));
    return v;
}

/* ---- a file ---- */

int ix_check_file(ix_check *c, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long no = 0;
    int rc = 0;
    ix_record *r = malloc(sizeof *r);
    char why[256];
    if (!r) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    while (!rc && (len = getline(&line, &cap, f)) >= 0) {
        no++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            len--;
        if (len == 0)
            continue;
        if (ix_parse(line, (size_t)len, r, why, sizeof why) != 0 ||
            ix_check_record(c, r, no, why, sizeof why) < 0) {
            snprintf(err, errlen, "%s:%ld: %s", path, no, why);
            rc = -1;
        }
    }
    if (!rc && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        rc = -1;
    }
    if (!rc && c->records == 0) {
        snprintf(err, errlen, "%s: no interchange records in the file: nothing to check", path);
        rc = -1;
    }
    free(r);
    free(line);
    fclose(f);
    return rc;
}
