/* The differential oracle over the whole universe (issue 5): ref and impl
 * must agree record by record, byte for byte, on all 524,288 FloorRecords
 * and 393,216 MapRecords, and both must match the golden digests. (impl's
 * memoized sweep is checked against the corpus in test_impl_universe.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

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

Test(universe, floors_ref_vs_impl_vs_corpus, .timeout = 1200)
{
    differential(ORACLE_FLOORS);
}

Test(universe, maps_ref_vs_impl_vs_corpus, .timeout = 1200)
{
    differential(ORACLE_MAPS);
}
