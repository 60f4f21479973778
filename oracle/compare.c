/* Whole-universe comparison: engine A against engine B record by record
 * (byte for byte) and/or against a golden digest file. */
#include <stdlib.h>
#include <string.h>

#include "grotto/record.h"
#include "grotto/tables.h"
#include "oracle.h"

typedef struct {
    oracle_domain d;
    const oracle_compare_opts *o;
    uint8_t *flags; /* per item: ORACLE_AB | ORACLE_A_CORPUS | ORACLE_B_CORPUS */
} compare_ctx;

/* Record of one item from an engine; returns 0 or -1. */
static int item_record(const grotto_engine *e, oracle_domain d, size_t item, uint8_t *rec)
{
    if (d == ORACLE_FLOORS) {
        grotto_floor_t f;
        if (e->floor((uint32_t)(item / GROTTO_MAX_FLOORS), (int)(item % GROTTO_MAX_FLOORS) + 1, &f) != 0)
            return -1;
        grotto_floor_record(&f, rec);
    } else {
        grotto_map_t m;
        int band = (int)(item / GROTTO_SEED_COUNT);
        if (e->map(gt_band[band].code, (uint32_t)(item % GROTTO_SEED_COUNT), &m) != 0)
            return -1;
        grotto_map_record(&m, rec);
    }
    return 0;
}

static size_t record_size(oracle_domain d)
{
    return d == ORACLE_FLOORS ? GROTTO_FLOOR_RECORD_SIZE : GROTTO_MAP_RECORD_SIZE;
}

static void compare_item(size_t item, void *arg)
{
    compare_ctx *c = arg;
    const oracle_compare_opts *o = c->o;
    uint8_t ra[GROTTO_FLOOR_RECORD_SIZE], rb[GROTTO_FLOOR_RECORD_SIZE];
    size_t n = record_size(c->d);
    uint8_t flag = 0;
    int fa = item_record(o->a, c->d, item, ra);
    int fb = o->b ? item_record(o->b, c->d, item, rb) : 0;
    if (o->b && (fa || fb || memcmp(ra, rb, n) != 0))
        flag |= ORACLE_AB;
    if (o->want) {
        if (fa || grotto_fnv1a(ra, n) != o->want[item])
            flag |= ORACLE_A_CORPUS;
        if (o->b && (fb || grotto_fnv1a(rb, n) != o->want[item]))
            flag |= ORACLE_B_CORPUS;
    }
    c->flags[item] = flag;
}

int oracle_compare(oracle_domain d, const oracle_compare_opts *o, oracle_compare_result *r)
{
    size_t n = oracle_domain_size(d);
    compare_ctx c = {d, o, calloc(n, 1)};
    if (!c.flags)
        return -1;
    memset(r, 0, sizeof *r);
    r->domain = d;
    char label[64];
    snprintf(label, sizeof label, "%s %s%s%s%s", oracle_domain_name(d), o->a->name,
             o->b ? " vs " : "", o->b ? o->b->name : "", o->want ? " vs corpus" : "");
    oracle_progress p;
    oracle_progress_init(&p, label, o->quiet);
    double t0 = oracle_now();
    oracle_parallel(o->threads, n, d == ORACLE_FLOORS ? 256 : 64, compare_item, &c,
                    oracle_progress_cb, &p);
    r->seconds = oracle_now() - t0;
    oracle_progress_done(&p);
    int show = o->show < 0 ? 0 : (o->show > ORACLE_MAX_SHOW ? ORACLE_MAX_SHOW : o->show);
    for (size_t i = 0; i < n; i++) {
        uint8_t f = c.flags[i];
        r->checked++;
        if (!f)
            continue;
        r->mismatched++;
        r->ab += (f & ORACLE_AB) != 0;
        r->a_corpus += (f & ORACLE_A_CORPUS) != 0;
        r->b_corpus += (f & ORACLE_B_CORPUS) != 0;
        if (r->first_count < show) {
            r->first[r->first_count] = i;
            r->first_kind[r->first_count] = f;
            r->first_count++;
        }
    }
    free(c.flags);
    return 0;
}
