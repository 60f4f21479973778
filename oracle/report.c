/* Human and JSON reports of a comparison: the summary line, and for each
 * of the first differences the decoded records with a side-by-side grid. */
#include <string.h>

#include "grotto/record.h"
#include "grotto/tables.h"
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

static void print_floor_header(FILE *out, const char *label, const grotto_floor_t *f)
{
    fprintf(out, "    %-5s size %ux%u overflow %u up (%u,%u) down (%u,%u) chests %u", label, f->width,
            f->height, f->overflow, f->up.x, f->up.y, f->down.x, f->down.y, f->chest_count);
    for (int i = 0; i < f->chest_count && i < GROTTO_MAX_CHESTS; i++)
        fprintf(out, " (%u,%u)", f->chest[i].x, f->chest[i].y);
    fputc('\n', out);
}

static const char *kind_text(uint8_t kind, const oracle_compare_opts *o, char *buf, size_t n)
{
    buf[0] = 0;
    if (kind & ORACLE_AB)
        snprintf(buf + strlen(buf), n - strlen(buf), "%s != %s; ", o->a->name, o->b->name);
    if (kind & ORACLE_A_CORPUS)
        snprintf(buf + strlen(buf), n - strlen(buf), "%s != corpus; ", o->a->name);
    if (kind & ORACLE_B_CORPUS)
        snprintf(buf + strlen(buf), n - strlen(buf), "%s != corpus; ", o->b->name);
    size_t l = strlen(buf);
    if (l >= 2)
        buf[l - 2] = 0;
    return buf;
}

static void report_floor(FILE *out, size_t item, const oracle_compare_opts *o)
{
    uint32_t seed = (uint32_t)(item / GROTTO_MAX_FLOORS);
    int k = (int)(item % GROTTO_MAX_FLOORS) + 1;
    grotto_floor_t fa, fb;
    uint8_t ra[GROTTO_FLOOR_RECORD_SIZE], rb[GROTTO_FLOOR_RECORD_SIZE];
    o->a->floor(seed, k, &fa);
    grotto_floor_record(&fa, ra);
    fprintf(out, "  seed 0x%04X floor %d (B%dF):\n", seed, k, k);
    print_floor_header(out, o->a->name, &fa);
    fprintf(out, "    %-5s digest %016llx\n", o->a->name, (unsigned long long)grotto_fnv1a(ra, sizeof ra));
    if (o->b) {
        o->b->floor(seed, k, &fb);
        grotto_floor_record(&fb, rb);
        print_floor_header(out, o->b->name, &fb);
        fprintf(out, "    %-5s digest %016llx\n", o->b->name, (unsigned long long)grotto_fnv1a(rb, sizeof rb));
        for (size_t i = 0; i < sizeof ra; i++)
            if (ra[i] != rb[i]) {
                fprintf(out, "    first differing record byte: %zu (%s 0x%02x, %s 0x%02x)\n", i,
                        o->a->name, ra[i], o->b->name, rb[i]);
                break;
            }
    }
    if (o->want)
        fprintf(out, "    corpus digest %016llx\n", (unsigned long long)o->want[item]);
    oracle_print_grid_diff(out, &fa, o->a->name, o->b ? &fb : NULL, o->b ? o->b->name : "");
}

static void print_map_fields(FILE *out, const char *label, const uint8_t *r, const uint8_t *other)
{
    static const char *names[] = {"band", "seed", "env", "floors", "smr", "boss",
                                  "prefix", "suffix", "locale", "level"};
    fprintf(out, "    %-5s", label);
    unsigned vals[10] = {r[0], (unsigned)(r[1] | r[2] << 8), r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10]};
    unsigned ovals[10] = {0};
    if (other) {
        unsigned o2[10] = {other[0], (unsigned)(other[1] | other[2] << 8), other[3], other[4], other[5],
                           other[6], other[7], other[8], other[9], other[10]};
        memcpy(ovals, o2, sizeof ovals);
    }
    for (int i = 0; i < 10; i++)
        fprintf(out, " %s %u%s", names[i], vals[i], other && ovals[i] != vals[i] ? "*" : "");
    fputc('\n', out);
    for (int f = 0; f < GROTTO_MAX_FLOORS && f < r[4]; f++) {
        const uint8_t *s = r + 12 + 8 * f;
        const uint8_t *t = other ? other + 12 + 8 * f : NULL;
        int diff = t && memcmp(s, t, 8) != 0;
        fprintf(out, "      B%-2dF ranks %u %u %u  ElistOfs 0x%04X  D %3u  state %2u%s\n", f + 1, s[0], s[1],
                s[2], (unsigned)(s[3] | s[4] << 8), s[5], s[6], diff ? "   <- differs" : "");
    }
}

static void report_map(FILE *out, size_t item, const oracle_compare_opts *o)
{
    int band = (int)(item / GROTTO_SEED_COUNT);
    uint32_t seed = (uint32_t)(item % GROTTO_SEED_COUNT);
    grotto_map_t ma, mb;
    uint8_t ra[GROTTO_MAP_RECORD_SIZE], rb[GROTTO_MAP_RECORD_SIZE];
    o->a->map(gt_band[band].code, seed, &ma);
    grotto_map_record(&ma, ra);
    fprintf(out, "  map %02X%04X (band %d..%d, seed 0x%04X):\n", gt_band[band].code, seed,
            gt_band[band].qmin, gt_band[band].qmax, seed);
    if (o->b) {
        o->b->map(gt_band[band].code, seed, &mb);
        grotto_map_record(&mb, rb);
    }
    print_map_fields(out, o->a->name, ra, o->b ? rb : NULL);
    fprintf(out, "    %-5s digest %016llx\n", o->a->name, (unsigned long long)grotto_fnv1a(ra, sizeof ra));
    if (o->b) {
        print_map_fields(out, o->b->name, rb, ra);
        fprintf(out, "    %-5s digest %016llx\n", o->b->name, (unsigned long long)grotto_fnv1a(rb, sizeof rb));
    }
    if (o->want)
        fprintf(out, "    corpus digest %016llx\n", (unsigned long long)o->want[item]);
}

void oracle_report_item(FILE *out, oracle_domain d, size_t item, uint8_t kind, const oracle_compare_opts *o)
{
    char buf[128];
    fprintf(out, "difference (%s):\n", kind_text(kind, o, buf, sizeof buf));
    if (d == ORACLE_FLOORS)
        report_floor(out, item, o);
    else
        report_map(out, item, o);
}

void oracle_report_summary(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o)
{
    fprintf(out, "%s: %llu checked, %llu mismatched", oracle_domain_name(r->domain),
            (unsigned long long)r->checked, (unsigned long long)r->mismatched);
    int extra = 0;
    if (o->b) {
        fprintf(out, " (%s vs %s: %llu differences", o->a->name, o->b->name, (unsigned long long)r->ab);
        extra = 1;
    }
    if (o->want) {
        fprintf(out, "%s%s vs corpus: %llu", extra ? "; " : " (", o->a->name, (unsigned long long)r->a_corpus);
        if (o->b)
            fprintf(out, "; %s vs corpus: %llu", o->b->name, (unsigned long long)r->b_corpus);
        extra = 1;
    }
    fprintf(out, "%s in %.2f s\n", extra ? ")" : "", r->seconds);
}

void oracle_report_json(FILE *out, const oracle_compare_result *r, const oracle_compare_opts *o)
{
    fprintf(out, "{\"domain\":\"%s\",\"a\":\"%s\",\"b\":%s%s%s,\"against_corpus\":%s,"
                 "\"checked\":%llu,\"mismatched\":%llu,\"ab_differences\":%llu,"
                 "\"a_corpus_mismatches\":%llu,\"b_corpus_mismatches\":%llu,\"seconds\":%.3f,\"first\":[",
            oracle_domain_name(r->domain), o->a->name, o->b ? "\"" : "", o->b ? o->b->name : "null",
            o->b ? "\"" : "", o->want ? "true" : "false", (unsigned long long)r->checked,
            (unsigned long long)r->mismatched, (unsigned long long)r->ab, (unsigned long long)r->a_corpus,
            (unsigned long long)r->b_corpus, r->seconds);
    for (int i = 0; i < r->first_count; i++) {
        size_t it = r->first[i];
        uint8_t k = r->first_kind[i];
        if (r->domain == ORACLE_FLOORS)
            fprintf(out, "%s{\"seed\":%zu,\"floor\":%zu,\"kinds\":[", i ? "," : "", it / GROTTO_MAX_FLOORS,
                    it % GROTTO_MAX_FLOORS + 1);
        else
            fprintf(out, "%s{\"band\":%u,\"seed\":%zu,\"kinds\":[", i ? "," : "", gt_band[it / GROTTO_SEED_COUNT].code,
                    it % GROTTO_SEED_COUNT);
        const char *sep = "";
        if (k & ORACLE_AB)
            fprintf(out, "\"ab\""), sep = ",";
        if (k & ORACLE_A_CORPUS)
            fprintf(out, "%s\"a_corpus\"", sep), sep = ",";
        if (k & ORACLE_B_CORPUS)
            fprintf(out, "%s\"b_corpus\"", sep);
        fprintf(out, "]}");
    }
    fprintf(out, "]}");
}
