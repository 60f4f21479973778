/* The differential oracle over the whole universe (issue 5): ref and impl
 * must agree record by record, byte for byte, on all 524,288 FloorRecords
 * and 393,216 MapRecords, and both must match the golden digests. (impl's
 * memoized sweep is checked against the corpus in test_impl_universe.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/sweep.h"

#include "oracle.h"

static uint64_t *load(oracle_domain d)
{
    char path[4096], err[512];
    oracle_against_path("corpus", d, path, sizeof path);
    uint64_t *w = oracle_digest_load(path, d, err, sizeof err);
    cr_assert_not_null(w, "%s", err);
    return w;
}

static void differential(oracle_domain d)
{
    uint64_t *want = load(d);
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &grotto_engine_impl, .want = want, .threads = 0,
                             .show = 5, .quiet = 1};
    oracle_compare_result r;
    cr_assert_eq(oracle_compare(d, &o, &r), 0);
    oracle_report_summary(stderr, &r, &o);
    for (int i = 0; i < r.first_count; i++)
        oracle_report_item(stderr, d, r.first[i], r.first_kind[i], &o);
    cr_expect_eq(r.checked, oracle_domain_size(d));
    cr_expect_eq(r.ab, 0, "ref vs impl differences");
    cr_expect_eq(r.a_corpus, 0, "ref vs corpus");
    cr_expect_eq(r.b_corpus, 0, "impl vs corpus");
    free(want);
}

/* The facts of every floor from impl's memoized sweep equal ref's per-floor
 * facts (generator run, §12 analysis, enemy-list terms). */
typedef struct {
    const grotto_floor_facts *sweep;
    uint8_t *differs;
} facts_ctx;

static void facts_item(size_t i, void *arg)
{
    facts_ctx *c = arg;
    grotto_floor_t f;
    grotto_floor_facts e;
    memset(&e, 0, sizeof e);
    grotto_engine_ref.facts((uint32_t)(i / GROTTO_MAX_FLOORS), (int)(i % GROTTO_MAX_FLOORS) + 1, &f, &e);
    const grotto_floor_facts *s = &c->sweep[i];
    c->differs[i] = e.W != s->W || e.X != s->X || e.D != s->D || e.ghost_count != s->ghost_count ||
                    e.unreachable_chests != s->unreachable_chests || e.down_unreachable != s->down_unreachable ||
                    e.region_count != s->region_count || e.up_on_wall != s->up_on_wall;
}

Test(universe, facts_ref_vs_impl_sweep, .timeout = 1200)
{
    grotto_floor_facts *fa = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *fa);
    facts_ctx c = {fa, calloc(GROTTO_FLOOR_UNIVERSE, 1)};
    cr_assert(fa && c.differs);
    grotto_sweep_request req = {.threads = 0, .facts = fa};
    grotto_sweep_stats st;
    cr_assert_eq(grotto_impl_sweep(&req, &st), 0);
    oracle_parallel(0, GROTTO_FLOOR_UNIVERSE, 256, facts_item, &c, NULL, NULL);
    long bad = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++)
        if (c.differs[i] && bad++ < 5)
            cr_log_error("facts of seed 0x%04zX floor %zu differ", i / 16, i % 16 + 1);
    fprintf(stderr, "facts: 524288 floors, ref per floor vs impl sweep: %ld differ\n", bad);
    cr_expect_eq(bad, 0);
    free(fa);
    free(c.differs);
}

Test(universe, floors_ref_vs_impl_vs_corpus, .timeout = 1200)
{
    differential(ORACLE_FLOORS);
}

Test(universe, maps_ref_vs_impl_vs_corpus, .timeout = 1200)
{
    differential(ORACLE_MAPS);
}
