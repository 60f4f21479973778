/* The reports of a comparison. A domain's result becomes one value
 * (oracle_report_value: the document `grotto oracle --json` lists, and
 * what its text is rendered from): the counts, per kind of difference its
 * count, and for each of the first differences the item's fields, its
 * kinds and the item in words - both sides' decoded records (grid side by
 * side for floors, fields for maps, draws for timers, the costs and the
 * floor for walks) with the differing parts marked. The summary line is
 * written from that value (oracle_summary_text). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/walk.h"
#include "oracle.h"

static const char TILE_CHAR[16] = "0123456789abcdef";

void oracle_print_grid_diff(FILE *out, const grotto_floor_t *a, const char *la,
                            const grotto_floor_t *b, const char *lb)
{
    fprintf(out, "    %-16s   %-16s   diff\n", la, b ? lb : "");
    for (int y = 0; y < GROTTO_GRID; y++) {
        char ra[17], rb[17], rd[17];
        for (int x = 0; x < GROTTO_GRID; x++) {
            uint8_t ta = grotto_tile_at(a, x, y);
            ra[x] = TILE_CHAR[ta & 15];
            if (b) {
                uint8_t tb = grotto_tile_at(b, x, y);
                rb[x] = TILE_CHAR[tb & 15];
                rd[x] = ta == tb ? '.' : '^';
            }
        }
        ra[16] = rb[16] = rd[16] = 0;
        if (b)
            fprintf(out, "    %s   %s   %s\n", ra, rb, rd);
        else
            fprintf(out, "    %s\n", ra);
    }
}

/* ---- kinds of difference ---- */

typedef struct kind_info {
    uint8_t bit;
    const char *json;      /* key in "differences" and "kinds" */
    const char *vs;        /* summary: "%1 vs %2" */
    const char *ne;        /* item header: "%1 != %2" */
} kind_info;

/* %a = engine A, %b = engine B, %s = the sweeper */
static const kind_info KINDS_RECORD[] = {
    {ORACLE_AB, "ab", "%a vs %b", "%a != %b"},
    {ORACLE_A_CORPUS, "a_corpus", "%a vs corpus", "%a != corpus"},
    {ORACLE_B_CORPUS, "b_corpus", "%b vs corpus", "%b != corpus"},
};
static const kind_info KINDS_QUALITIES[] = {
    {ORACLE_A_REF, "a_band", "%a vs its band maps", "%a at this quality != %a's band map"},
    {ORACLE_B_REF, "b_band", "%b vs its band maps", "%b at this quality != %b's band map"},
    {ORACLE_AB, "ab", "%a vs %b", "%a != %b"},
    {ORACLE_A_CORPUS, "a_corpus", "%a vs corpus", "%a != corpus"},
    {ORACLE_B_CORPUS, "b_corpus", "%b vs corpus", "%b != corpus"},
};
static const kind_info KINDS_TIMERS[] = {
    {ORACLE_AB, "ab", "%a vs %b", "%a != %b"},
    {ORACLE_A_CORPUS, "a_corpus", "%a vs corpus sample", "%a != corpus sample"},
    {ORACLE_B_CORPUS, "b_corpus", "%b vs corpus sample", "%b != corpus sample"},
};
static const kind_info KINDS_SWEEP[] = {
    {ORACLE_A_REF, "sweep_a", "sweep vs %a", "%s sweep != %a"},
    {ORACLE_B_REF, "sweep_b", "sweep vs %b", "%s sweep != %b"},
    {ORACLE_SWEEP_CORPUS, "sweep_corpus", "sweep vs corpus", "%s sweep != corpus"},
};

static const kind_info *kinds_of(oracle_domain d, int *n)
{
#define KINDS(t) (*n = (int)(sizeof t / sizeof t[0]), t)
    switch (d) {
    case ORACLE_QUALITIES:
        return KINDS(KINDS_QUALITIES);
    case ORACLE_TIMERS:
        return KINDS(KINDS_TIMERS);
    case ORACLE_SWEEP:
        return KINDS(KINDS_SWEEP);
    default:
        return KINDS(KINDS_RECORD);
    }
#undef KINDS
}

/* Is the kind compared at all in this configuration? */
static int kind_applies(const kind_info *k, const oracle_compare_result *r, const oracle_compare_opts *o)
{
    switch (k->bit) {
    case ORACLE_AB:
    case ORACLE_B_REF:
        return o->b != NULL;
    case ORACLE_A_CORPUS:
    case ORACLE_SWEEP_CORPUS:
        return r->against_corpus;
    case ORACLE_B_CORPUS:
        return o->b && r->against_corpus;
    default:
        return 1;
    }
}

static uint64_t kind_count(const oracle_compare_result *r, uint8_t bit)
{
    switch (bit) {
    case ORACLE_AB:
        return r->ab;
    case ORACLE_A_CORPUS:
        return r->a_corpus;
    case ORACLE_B_CORPUS:
        return r->b_corpus;
    case ORACLE_A_REF:
        return r->a_ref;
    case ORACLE_B_REF:
        return r->b_ref;
    default:
        return r->sweep_corpus;
    }
}

static void expand(FILE *out, const char *tmpl, const oracle_compare_opts *o)
{
    const grotto_engine *sw = o->sweeper ? o->sweeper : &grotto_engine_impl;
    for (const char *p = tmpl; *p; p++) {
        if (p[0] == '%' && (p[1] == 'a' || p[1] == 'b' || p[1] == 's')) {
            fputs(p[1] == 'a' ? o->a->name : p[1] == 'b' ? (o->b ? o->b->name : "?") : sw->name, out);
            p++;
        } else {
            fputc(*p, out);
        }
    }
}

/* ---- items ---- */

static void print_floor_header(FILE *out, const char *label, const grotto_floor_t *f)
{
    fprintf(out, "    %-5s size %ux%u overflow %u up (%u,%u) down (%u,%u) chests %u", label, f->width,
            f->height, f->overflow, f->up.x, f->up.y, f->down.x, f->down.y, f->chest_count);
    for (int i = 0; i < f->chest_count && i < GROTTO_MAX_CHESTS; i++)
        fprintf(out, " (%u,%u)", f->chest[i].x, f->chest[i].y);
    fputc('\n', out);
}

static int floor_side(FILE *out, const grotto_engine *e, uint32_t seed, int k, grotto_floor_t *f,
                      uint8_t rec[GROTTO_FLOOR_RECORD_SIZE])
{
    if (e->floor(seed, k, f) != 0) {
        fprintf(out, "    %-5s no floor: the engine rejected (seed, floor)\n", e->name);
        return 0;
    }
    grotto_floor_record(f, rec);
    print_floor_header(out, e->name, f);
    fprintf(out, "    %-5s digest %016llx\n", e->name,
            (unsigned long long)grotto_fnv1a(rec, GROTTO_FLOOR_RECORD_SIZE));
    return 1;
}

static void report_floor(FILE *out, size_t item, const oracle_compare_opts *o)
{
    uint32_t seed = (uint32_t)(item / GROTTO_MAX_FLOORS);
    int k = (int)(item % GROTTO_MAX_FLOORS) + 1;
    grotto_floor_t fa, fb;
    uint8_t ra[GROTTO_FLOOR_RECORD_SIZE], rb[GROTTO_FLOOR_RECORD_SIZE];
    fprintf(out, "  seed 0x%04X floor %d (B%dF):\n", seed, k, k);
    int oka = floor_side(out, o->a, seed, k, &fa, ra);
    int okb = o->b && floor_side(out, o->b, seed, k, &fb, rb);
    if (oka && okb)
        for (size_t i = 0; i < sizeof ra; i++)
            if (ra[i] != rb[i]) {
                fprintf(out, "    first differing record byte: %zu (%s 0x%02x, %s 0x%02x)\n", i, o->a->name, ra[i],
                        o->b->name, rb[i]);
                break;
            }
    if (o->want_floors)
        fprintf(out, "    corpus digest %016llx\n", (unsigned long long)o->want_floors[item]);
    if (oka)
        oracle_print_grid_diff(out, &fa, o->a->name, okb ? &fb : NULL, okb ? o->b->name : "");
    else if (okb)
        oracle_print_grid_diff(out, &fb, o->b->name, NULL, "");
}

/* The MapRecord's fields, '*' where they differ from `other`; then one line
 * per floor slot, "<- differs" where the slot differs. */
static void print_map_fields(FILE *out, const char *label, const uint8_t *r, const uint8_t *other)
{
    static const char *names[] = {"band", "seed", "env", "floors", "smr", "boss",
                                  "prefix", "suffix", "locale", "level"};
    fprintf(out, "    %-5s", label);
    for (int i = 0; i < 10; i++) {
        int off = i == 0 ? 0 : i + 1; /* the seed is bytes 1-2 */
        unsigned v = i == 1 ? (unsigned)(r[1] | r[2] << 8) : r[off];
        int differs = other && (i == 1 ? (r[1] != other[1] || r[2] != other[2]) : r[off] != other[off]);
        fprintf(out, " %s %u%s", names[i], v, differs ? "*" : "");
    }
    fputc('\n', out);
    for (int f = 0; f < GROTTO_MAX_FLOORS; f++) {
        const uint8_t *s = r + 12 + 8 * f;
        const uint8_t *t = other ? other + 12 + 8 * f : NULL;
        int diff = t && memcmp(s, t, 8) != 0;
        if (f >= r[4] && !diff)
            continue;
        fprintf(out, "      B%-2dF ranks %u %u %u  ElistOfs 0x%04X  D %3u  state %2u%s\n", f + 1, s[0], s[1],
                s[2], (unsigned)(s[3] | s[4] << 8), s[5], s[6], diff ? "   <- differs" : "");
    }
}

static void print_digest(FILE *out, const char *label, const char *what, const uint8_t *rec)
{
    fprintf(out, "    %-5s %sdigest %016llx\n", label, what,
            (unsigned long long)grotto_fnv1a(rec, GROTTO_MAP_RECORD_SIZE));
}

static void report_map(FILE *out, size_t item, const oracle_compare_opts *o)
{
    int band = (int)(item / GROTTO_SEED_COUNT);
    uint32_t seed = (uint32_t)(item % GROTTO_SEED_COUNT);
    uint8_t ra[GROTTO_MAP_RECORD_SIZE], rb[GROTTO_MAP_RECORD_SIZE];
    fprintf(out, "  map %02X%04X (band %d..%d, seed 0x%04X):\n", gt_band[band].code, seed, gt_band[band].qmin,
            gt_band[band].qmax, seed);
    int oka = oracle_map_record(o->a, gt_band[band].code, seed, ra);
    int okb = o->b && oracle_map_record(o->b, gt_band[band].code, seed, rb);
    const grotto_engine *e[2] = {o->a, o->b};
    const uint8_t *rec[2] = {ra, rb}, *other[2] = {okb ? rb : NULL, oka ? ra : NULL};
    int ok[2] = {oka, okb};
    for (int s = 0; s < (o->b ? 2 : 1); s++) {
        if (!ok[s]) {
            fprintf(out, "    %-5s no map: the engine rejected (quality %d, seed 0x%04X)\n", e[s]->name,
                    gt_band[band].code, seed);
            continue;
        }
        print_map_fields(out, e[s]->name, rec[s], other[s]);
        print_digest(out, e[s]->name, "", rec[s]);
    }
    if (o->want_maps)
        fprintf(out, "    corpus digest %016llx\n", (unsigned long long)o->want_maps[item]);
}

static void report_quality(FILE *out, size_t item, const oracle_compare_opts *o)
{
    uint32_t seed = (uint32_t)(item / ORACLE_QUALITY_COUNT);
    int q = (int)(item % ORACLE_QUALITY_COUNT) + GROTTO_QUALITY_MIN;
    int band = oracle_band_of_quality(q);
    fprintf(out, "  quality %d, seed 0x%04X (band %02X: qualities %d..%d, map %02X%04X):\n", q, seed,
            gt_band[band].code, gt_band[band].qmin, gt_band[band].qmax, gt_band[band].code, seed);
    const grotto_engine *e[2] = {o->a, o->b};
    for (int s = 0; s < (o->b ? 2 : 1); s++) {
        uint8_t at[GROTTO_MAP_RECORD_SIZE], bandrec[GROTTO_MAP_RECORD_SIZE];
        grotto_map_floors_t fl;
        grotto_map_t m;
        int ok = e[s]->map_floors(seed, GROTTO_MAX_FLOORS, &fl) == 0 && e[s]->map_from_floors(q, &fl, &m) == 0;
        int okband = oracle_map_record(e[s], gt_band[band].code, seed, bandrec);
        char label[64];
        if (ok) {
            grotto_map_record(&m, at);
            snprintf(label, sizeof label, "%s at quality %d:", e[s]->name, q);
            fprintf(out, "    %s\n", label);
            print_map_fields(out, e[s]->name, at, okband ? bandrec : NULL);
            print_digest(out, e[s]->name, "at this quality: ", at);
        } else {
            fprintf(out, "    %-5s no map at quality %d: the engine rejected (quality %d, seed 0x%04X)\n", e[s]->name,
                    q, q, seed);
        }
        if (okband)
            print_digest(out, e[s]->name, "band map (map(band code)): ", bandrec);
        else
            fprintf(out, "    %-5s no band map: the engine rejected (quality %d, seed 0x%04X)\n", e[s]->name,
                    gt_band[band].code, seed);
    }
    if (o->want_maps)
        fprintf(out, "    corpus digest of map %02X%04X %016llx\n", gt_band[band].code, seed,
                (unsigned long long)o->want_maps[grotto_map_slot(band, seed)]);
}

static void print_timer(FILE *out, const char *label, const grotto_timer_value *v, const grotto_timer_value *other)
{
#define MARK(f) (other && v->f != other->f ? "*" : "")
    fprintf(out, "    %-6s r1 %5u%s seed 0x%04X%s r3 %5u%s quality %3u%s location %3u%s\n", label, v->r1, MARK(r1),
            v->seed, MARK(seed), v->r3, MARK(r3), v->quality, MARK(quality), v->location, MARK(location));
#undef MARK
}

static void report_timer(FILE *out, size_t item, const oracle_compare_opts *o)
{
    uint32_t t = (uint32_t)(item / ORACLE_QUALITY_COUNT);
    int base = (int)(item % ORACLE_QUALITY_COUNT) + GROTTO_QUALITY_MIN;
    fprintf(out, "  timer %u, base quality %d:\n", t, base);
    grotto_timer_value va, vb;
    int oka = o->a->timer(t, base, &va) == 0;
    int okb = o->b && o->b->timer(t, base, &vb) == 0;
    if (oka)
        print_timer(out, o->a->name, &va, NULL);
    else
        fprintf(out, "    %-6s no value: the engine rejected (timer %u, base %d)\n", o->a->name, t, base);
    if (o->b) {
        if (okb)
            print_timer(out, o->b->name, &vb, oka ? &va : NULL);
        else
            fprintf(out, "    %-6s no value: the engine rejected (timer %u, base %d)\n", o->b->name, t, base);
    }
    const oracle_timer_sample *s = o->want_timers;
    if (s && s->present[t]) {
        const grotto_timer_draws *d = &s->draws[t];
        fprintf(out, "    corpus sample r1 %5u%s seed 0x%04X%s r3 %5u%s\n", d->r1, oka && va.r1 != d->r1 ? "*" : "",
                d->seed, oka && va.seed != d->seed ? "*" : "", d->r3, oka && va.r3 != d->r3 ? "*" : "");
    }
}

static void report_sweep(FILE *out, size_t item, uint64_t value, const oracle_compare_opts *o)
{
    const grotto_engine *sw = o->sweeper ? o->sweeper : &grotto_engine_impl;
    const grotto_engine *e[2] = {o->a, o->b};
    uint64_t want = 0;
    int have_want = 0;
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    if (item < GROTTO_FLOOR_UNIVERSE) {
        uint32_t seed = (uint32_t)(item / GROTTO_MAX_FLOORS);
        int k = (int)(item % GROTTO_MAX_FLOORS) + 1;
        fprintf(out, "  sweep floor: seed 0x%04X floor %d (B%dF):\n", seed, k, k);
        fprintf(out, "    %s sweep digest %016llx\n", sw->name, (unsigned long long)value);
        for (int s = 0; s < 2 && e[s]; s++) {
            grotto_floor_t f;
            if (e[s]->floor(seed, k, &f) == 0) {
                grotto_floor_record(&f, rec);
                fprintf(out, "    %-5s digest %016llx\n", e[s]->name,
                        (unsigned long long)grotto_fnv1a(rec, GROTTO_FLOOR_RECORD_SIZE));
            }
        }
        if (o->want_floors)
            want = o->want_floors[item], have_want = 1;
    } else {
        size_t i = item - GROTTO_FLOOR_UNIVERSE;
        int band = (int)(i / GROTTO_SEED_COUNT);
        uint32_t seed = (uint32_t)(i % GROTTO_SEED_COUNT);
        fprintf(out, "  sweep map: %02X%04X (band %d..%d, seed 0x%04X):\n", gt_band[band].code, seed,
                gt_band[band].qmin, gt_band[band].qmax, seed);
        fprintf(out, "    %s sweep digest %016llx\n", sw->name, (unsigned long long)value);
        for (int s = 0; s < 2 && e[s]; s++)
            if (oracle_map_record(e[s], gt_band[band].code, seed, rec))
                print_digest(out, e[s]->name, "", rec);
        if (o->want_maps)
            want = o->want_maps[i], have_want = 1;
    }
    if (have_want)
        fprintf(out, "    corpus digest %016llx\n", (unsigned long long)want);
}

/* A walking cost in half-steps and in steps, '*' when it differs from
 * `other` (other_ok = 0: nothing to compare). */
static void print_walk_cost(FILE *out, const char *label, int ok, uint16_t c, int other_ok, uint16_t other)
{
    const char *mark = other_ok && (!ok || c != other) ? "*" : "";
    if (!ok)
        fprintf(out, "    %-6s walk: no floor (the engine rejected (seed, floor))%s\n", label, mark);
    else if (c == GROTTO_WALK_NONE)
        fprintf(out, "    %-6s walk: none (no path)%s\n", label, mark);
    else
        fprintf(out, "    %-6s walk: %u half-steps (%u%s steps)%s\n", label, c, c / 2u, c % 2u ? ".5" : "", mark);
}

static void report_walk(FILE *out, size_t item, uint64_t value, const oracle_compare_opts *o)
{
    uint32_t seed = (uint32_t)(item / GROTTO_MAX_FLOORS);
    int k = (int)(item % GROTTO_MAX_FLOORS) + 1;
    int a_ok = (int)(value >> 32 & 1u), b_ok = (int)(value >> 33 & 1u);
    uint16_t a = (uint16_t)value, b = (uint16_t)(value >> 16);
    fprintf(out, "  seed 0x%04X floor %d (B%dF): walking cost from the up to the down stairs:\n", seed, k, k);
    print_walk_cost(out, o->a->name, a_ok, a, 0, 0);
    if (o->b)
        print_walk_cost(out, o->b->name, b_ok, b, 1, a);
    if (o->want_walk)
        print_walk_cost(out, "corpus", 1, o->want_walk[item], 1, a);
    /* the floors walked, as each engine generates them again */
    grotto_floor_t fa, fb;
    uint8_t ra[GROTTO_FLOOR_RECORD_SIZE], rb[GROTTO_FLOOR_RECORD_SIZE];
    int oka = floor_side(out, o->a, seed, k, &fa, ra);
    int okb = o->b && floor_side(out, o->b, seed, k, &fb, rb);
    if (oka)
        oracle_print_grid_diff(out, &fa, o->a->name, okb ? &fb : NULL, okb ? o->b->name : "");
    else if (okb)
        oracle_print_grid_diff(out, &fb, o->b->name, NULL, "");
}

void oracle_report_item(FILE *out, const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    int n;
    const kind_info *k = kinds_of(r->domain, &n);
    fprintf(out, "difference (");
    const char *sep = "";
    for (int j = 0; j < n; j++)
        if (r->first_kind[i] & k[j].bit) {
            fputs(sep, out);
            expand(out, k[j].ne, o);
            sep = "; ";
        }
    fprintf(out, "):\n");
    size_t item = r->first[i];
    switch (r->domain) {
    case ORACLE_FLOORS:
        report_floor(out, item, o);
        break;
    case ORACLE_MAPS:
        report_map(out, item, o);
        break;
    case ORACLE_QUALITIES:
        report_quality(out, item, o);
        break;
    case ORACLE_TIMERS:
        report_timer(out, item, o);
        break;
    case ORACLE_WALK:
        report_walk(out, item, r->first_value[i], o);
        break;
    case ORACLE_AT:
    case ORACLE_MULTIBUG:
        oracle_at_report_item(out, r->domain, item, o);
        break;
    case ORACLE_CHESTS:
        oracle_chests_report_item(out, item, o);
        break;
    default:
        report_sweep(out, item, r->first_value[i], o);
        break;
    }
}

/* ---- the domain's value, and its summary line ---- */

/* Appends to buf (a full buffer stays as it is). */
static void add(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add(char *buf, size_t size, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    if (n < size)
        vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

/* A kind's words with the engines' names ("%a vs %b" -> "ref vs impl"). */
static void add_names(char *buf, size_t size, const char *tmpl, const char *a, const char *b)
{
    for (const char *p = tmpl; *p; p++)
        if (p[0] == '%' && (p[1] == 'a' || p[1] == 'b'))
            add(buf, size, "%s", *++p == 'a' ? a : b);
        else
            add(buf, size, "%c", *p);
}

/* "; WHAT alone: A s[, B s]" from a {"a", "b"} object of CPU seconds, if
 * the document has one. */
static void add_per_engine(char *buf, size_t size, const char *what, const json_t *cpu, const char *a, const char *b)
{
    if (!cpu)
        return;
    add(buf, size, "; %s alone: %s %.2f s", what, a, res_get_num(cpu, "a"));
    if (res_has(cpu, "b"))
        add(buf, size, ", %s %.2f s", b, res_get_num(cpu, "b"));
}

void oracle_summary_text(const json_t *d, char *buf, size_t size)
{
    int dom = oracle_domain_by_name(res_get_str(d, "domain")), n;
    const char *a = res_get_str(d, "a"), *b = res_has(d, "b") ? res_get_str(d, "b") : "?";
    const json_t *diff = json_object_get(d, "differences");
    snprintf(buf, size, "%s: %lld of %lld checked (%s), %lld mismatched", res_get_str(d, "domain"),
             res_get_int(d, "checked"), res_get_int(d, "expected"), res_get_str(d, "definition"),
             res_get_int(d, "mismatched"));
    const kind_info *k = kinds_of(dom < 0 ? ORACLE_FLOORS : (oracle_domain)dom, &n);
    const char *sep = " (";
    for (int j = 0; j < n; j++) {
        if (!json_object_get(diff, k[j].json))
            continue;
        add(buf, size, "%s", sep);
        add_names(buf, size, k[j].vs, a, b);
        add(buf, size, ": %lld%s", res_get_int(diff, k[j].json), k[j].bit == ORACLE_AB ? " differences" : "");
        sep = "; ";
    }
    add(buf, size, "%s in %.2f s (cpu %.2f s", *sep == ';' ? ")" : "", res_get_num(d, "seconds"),
        res_get_num(d, "cpu_seconds"));
    add_per_engine(buf, size, "the searches", json_object_get(d, "search_cpu_seconds"), a, b);
    add_per_engine(buf, size, "the contents", json_object_get(d, "contents_cpu_seconds"), a, b);
    add_per_engine(buf, size, "the engines' calls", json_object_get(d, "engine_cpu_seconds"), a, b);
    add(buf, size, ")");
}

void oracle_report_summary(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o)
{
    char line[1024];
    json_t *v = oracle_report_value(r, o);
    oracle_summary_text(v, line, sizeof line);
    fprintf(out, "%s\n", line);
    json_decref(v);
}

/* A cost in half-steps, or null (no path, or no value on that side). */
static json_t *cost_value(int ok, uint16_t c)
{
    return ok && c != GROTTO_WALK_NONE ? json_integer(c) : json_null();
}

/* The members that identify item i of the floors .. sweep domains. */
static void item_members(json_t *e, const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    size_t it = r->first[i];
    int q = (int)(it % ORACLE_QUALITY_COUNT) + GROTTO_QUALITY_MIN;
    uint64_t v = r->first_value[i];
    switch (r->domain) {
    case ORACLE_FLOORS:
    case ORACLE_WALK:
        res_int(e, "seed", (long long)(it / GROTTO_MAX_FLOORS));
        res_int(e, "floor", (long long)(it % GROTTO_MAX_FLOORS + 1));
        break;
    case ORACLE_MAPS:
        res_int(e, "band", gt_band[it / GROTTO_SEED_COUNT].code);
        res_int(e, "seed", (long long)(it % GROTTO_SEED_COUNT));
        break;
    case ORACLE_QUALITIES:
        res_int(e, "quality", q);
        res_int(e, "band", gt_band[oracle_band_of_quality(q)].code);
        res_int(e, "seed", (long long)(it / ORACLE_QUALITY_COUNT));
        break;
    case ORACLE_TIMERS:
        res_int(e, "timer", (long long)(it / ORACLE_QUALITY_COUNT));
        res_int(e, "base", q);
        break;
    default: { /* sweep */
        char hex[17];
        int floor = it < GROTTO_FLOOR_UNIVERSE;
        res_str(e, "record", floor ? "floor" : "map");
        if (floor)
            item_members(e, &(oracle_compare_result){.domain = ORACLE_FLOORS, .first = {it}}, 0, o);
        else
            item_members(e, &(oracle_compare_result){.domain = ORACLE_MAPS, .first = {it - GROTTO_FLOOR_UNIVERSE}}, 0,
                         o);
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)v);
        res_str(e, "sweep_digest", hex);
        break;
    }
    }
    if (r->domain == ORACLE_WALK) {
        json_t *h = res_obj(e, "half_steps");
        res_set(h, "a", cost_value((int)(v >> 32 & 1u), (uint16_t)v));
        res_set(h, "b", cost_value(o->b && (v >> 33 & 1u), (uint16_t)(v >> 16)));
        res_set(h, "corpus", cost_value(o->want_walk != NULL, o->want_walk ? o->want_walk[it] : 0));
    }
}

/* The lines of oracle_report_item, one string each. */
static json_t *report_lines(const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
        oracle_report_item(f, r, i, o);
        fclose(f);
    }
    json_t *lines = res_lines(text);
    free(text);
    return lines;
}

static json_t *first_value(const oracle_compare_result *r, int i, const oracle_compare_opts *o)
{
    json_t *e = json_object(), *kinds;
    int n;
    const kind_info *k = kinds_of(r->domain, &n);
    if (r->domain == ORACLE_AT || r->domain == ORACLE_MULTIBUG)
        oracle_at_item_value(e, r->domain, r->first[i]);
    else if (r->domain == ORACLE_CHESTS)
        oracle_chests_item_value(e, r->first[i]);
    else
        item_members(e, r, i, o);
    kinds = res_arr(e, "kinds");
    for (int j = 0; j < n; j++)
        if (r->first_kind[i] & k[j].bit)
            res_push(kinds, json_string(k[j].json));
    res_set(e, "report", report_lines(r, i, o));
    return e;
}

/* key: {"a": A's seconds, "b": B's, or null without a B} */
static void per_engine_cpu(json_t *v, const char *key, const double seconds[2], const oracle_compare_opts *o)
{
    json_t *c = res_obj(v, key);
    res_num(c, "a", seconds[0], 3);
    if (o->b)
        res_num(c, "b", seconds[1], 3);
    else
        res_null(c, "b");
}

json_t *oracle_report_value(const oracle_compare_result *r, const oracle_compare_opts *o)
{
    json_t *v = json_object();
    int n;
    const kind_info *k = kinds_of(r->domain, &n);
    res_str(v, "domain", oracle_domain_name(r->domain));
    res_str(v, "a", o->a->name);
    res_str(v, "b", o->b ? o->b->name : NULL);
    res_bool(v, "against_corpus", r->against_corpus);
    res_str(v, "definition", r->definition);
    res_int(v, "expected", (long long)r->expected);
    res_int(v, "checked", (long long)r->checked);
    res_bool(v, "complete", oracle_result_complete(r));
    res_int(v, "mismatched", (long long)r->mismatched);
    json_t *d = res_obj(v, "differences");
    for (int j = 0; j < n; j++)
        if (kind_applies(&k[j], r, o))
            res_int(d, k[j].json, (long long)kind_count(r, k[j].bit));
    res_num(v, "seconds", r->seconds, 3);
    res_num(v, "cpu_seconds", r->cpu_seconds, 3);
    if (r->domain == ORACLE_WALK)
        per_engine_cpu(v, "search_cpu_seconds", r->search_cpu_seconds, o);
    if (r->domain == ORACLE_AT || r->domain == ORACLE_MULTIBUG)
        per_engine_cpu(v, "engine_cpu_seconds", r->engine_cpu_seconds, o);
    if (r->domain == ORACLE_CHESTS) {
        res_bool(v, "full", o->chests_full);
        json_t *c = res_obj(v, "contents_cpu_seconds");
        res_num(c, "a", r->engine_cpu_seconds[0], 3);
        res_num(c, "b", r->engine_cpu_seconds[1], 3);
    }
    json_t *first = res_arr(v, "first");
    for (int i = 0; i < r->first_count; i++)
        res_push(first, first_value(r, i, o));
    return v;
}

void oracle_report_json(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o)
{
    json_t *v = oracle_report_value(r, o);
    json_dumpf(v, out, JSON_COMPACT);
    json_decref(v);
}
