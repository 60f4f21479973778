/* universe/bench_research.c: the research domains that grotto bench times
 * (walk, at, multibug, chests) - their items, bytes and digests over a
 * window of seeds, never their speed. ref and impl must give the same
 * digests; a copy of impl with one call changed must change exactly that
 * domain's digest (and, for the walk, every floor's comparison with the
 * corpus); the threads must not change anything. */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/chests.h"
#include "grotto/multibug.h"
#include "oracle.h"
#include "universe.h"

enum { LO = 0x1230, HI = 0x123F, SEEDS = HI - LO + 1 };

static uint16_t *walk_corpus(void)
{
    oracle_corpus c = {0};
    char err[4096];
    cr_assert_eq(oracle_corpus_load(GROTTO_CORPUS_DIR "/golden", 1u << ORACLE_WALK, &c, err, sizeof err), 0, "%s", err);
    cr_assert_not_null(c.walk);
    uint16_t *w = c.walk;
    c.walk = NULL;
    oracle_corpus_free(&c);
    return w;
}

static universe_research_run run(const grotto_engine *e, int threads, const uint16_t *want)
{
    universe_research_run r;
    cr_assert_eq(universe_bench_research(e, threads, LO, HI, want, NULL, &r), 0, "%s", e->name);
    return r;
}

/* the changed calls of the planted copies */
static uint16_t walk_plus_one(const grotto_floor_t *f)
{
    return (uint16_t)(grotto_engine_impl.walk(f) + 1);
}

static long scan_one_more(uint32_t seed, const grotto_at_scan_query *q, uint32_t *start, size_t cap)
{
    long n = grotto_engine_impl.at_scan(seed, q, start, cap);
    return n < 0 ? n : n + (seed == LO + 3 && q->pattern == 5);
}

static int multibug_other_rank(int quality, const grotto_map_floors_t *floors, grotto_multibug_t *out)
{
    int rc = grotto_engine_impl.multibug(quality, floors, out);
    if (rc == 0 && floors->seed == HI)
        out->chest_rank[15][0] ^= 1;
    return rc;
}

static int chest_item_other(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                            uint8_t (*item)[GROTTO_MAX_CHESTS])
{
    int rc = grotto_engine_impl.chest_seconds(f, first, count, item);
    if (rc == 0 && f->seed == LO && f->count && count > 200)
        item[200][0] ^= 1; /* a second past the slice's first 40: seeds 0 mod 16 only */
    return rc;
}

static int chest_last_byte_other(const grotto_chest_floor *f, uint32_t first, uint32_t count,
                                 uint8_t (*item)[GROTTO_MAX_CHESTS])
{
    int rc = grotto_engine_impl.chest_seconds(f, first, count, item);
    if (rc == 0 && f->seed == LO + 1 && f->floor == 16 && count == 40)
        item[39][2] ^= 1; /* the last byte a floor hashes: 4 + 40 x 3 = 124, not a multiple of 8 */
    return rc;
}

static int whistle_other(uint32_t seed, const grotto_whistle *w)
{
    int r = grotto_engine_impl.whistle(seed, w);
    return seed == LO + 5 && w->deft_max < 0 && r >= 0 ? !r : r;
}

Test(bench_research, ref_and_impl_give_the_same_bytes)
{
    uint16_t *want = walk_corpus();
    universe_research_run r = run(&grotto_engine_ref, 2, want), i = run(&grotto_engine_impl, 2, want);
    for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++) {
        cr_expect_eq(r.digest[d], i.digest[d], "%s", universe_research_name[d]);
        cr_expect_eq(r.items[d], i.items[d], "%s", universe_research_name[d]);
        cr_expect_eq(r.bytes[d], i.bytes[d], "%s", universe_research_name[d]);
    }
    cr_expect_eq(r.walk_mismatch, 0);
    cr_expect_eq(i.walk_mismatch, 0);
    cr_expect_eq(r.refused + i.refused, 0);
    free(want);
}

/* The counts from the domains' definitions: 16 floors, 158 AT items and 12
 * maps per seed; the chests slice's seconds (40, or 256 for the seed that
 * is a multiple of 16: LO) of 12 x 16 floors; each chest floor hashes its
 * count and ranks (4 bytes) and 3 bytes a second; a walk its W x H tiles
 * (10..16 square) and 2 bytes. */
Test(bench_research, items_and_bytes_from_the_definitions)
{
    universe_research_run i = run(&grotto_engine_impl, 1, NULL);
    cr_expect_eq(i.items[UNIVERSE_RESEARCH_WALK], SEEDS * 16);
    cr_expect_eq(i.items[UNIVERSE_RESEARCH_AT], SEEDS * ORACLE_AT_PER_SEED);
    cr_expect_eq(i.items[UNIVERSE_RESEARCH_MULTIBUG], SEEDS * 12);
    uint64_t seconds = (SEEDS - 1) * 40 + 256;
    cr_expect_eq(i.items[UNIVERSE_RESEARCH_CHESTS], 12 * 16 * seconds);
    cr_expect_eq(i.bytes[UNIVERSE_RESEARCH_CHESTS], 12 * 16 * (4 * SEEDS + 3 * seconds));
    cr_expect_eq(i.bytes[UNIVERSE_RESEARCH_MULTIBUG], SEEDS * 12 * ORACLE_MULTIBUG_BYTES);
    uint64_t walk = i.bytes[UNIVERSE_RESEARCH_WALK] - SEEDS * 16 * 2;
    cr_expect(walk >= SEEDS * 16 * 100 && walk <= SEEDS * 16 * 256, "walk tiles %llu", (unsigned long long)walk);
    uint64_t at_min = SEEDS * (ORACLE_AT_MARKS_BYTES + ORACLE_AT_SCANS * ORACLE_AT_SCAN_BYTES);
    cr_expect(i.bytes[UNIVERSE_RESEARCH_AT] > at_min &&
                  i.bytes[UNIVERSE_RESEARCH_AT] <= at_min + SEEDS * ORACLE_AT_WHISTLE_BYTES,
              "at bytes %llu", (unsigned long long)i.bytes[UNIVERSE_RESEARCH_AT]);
    cr_expect_eq(i.walk_mismatch, 0); /* no corpus given: nothing compared */
    for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++)
        cr_expect(i.cpu[d] > 0, "%s", universe_research_name[d]);
}

Test(bench_research, threads_change_nothing)
{
    universe_research_run one = run(&grotto_engine_impl, 1, NULL), three = run(&grotto_engine_impl, 3, NULL);
    for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++) {
        cr_expect_eq(one.digest[d], three.digest[d], "%s", universe_research_name[d]);
        cr_expect_eq(one.items[d], three.items[d], "%s", universe_research_name[d]);
        cr_expect_eq(one.bytes[d], three.bytes[d], "%s", universe_research_name[d]);
    }
}

/* One call changed on one item: exactly its domain's digest changes. */
static void expect_only(const grotto_engine *planted, int domain, const uint16_t *want, uint64_t walk_mismatch)
{
    universe_research_run i = run(&grotto_engine_impl, 2, want), p = run(planted, 2, want);
    for (int d = 0; d < UNIVERSE_RESEARCH_COUNT; d++)
        if (d == domain)
            cr_expect_neq(i.digest[d], p.digest[d], "%s: the planted change did not show",
                          universe_research_name[d]);
        else
            cr_expect_eq(i.digest[d], p.digest[d], "%s changed by a change of %s", universe_research_name[d],
                         universe_research_name[domain]);
    cr_expect_eq(p.walk_mismatch, walk_mismatch);
    cr_expect_eq(p.refused, 0);
}

/* impl with one call replaced, and the domain that must show it */
static grotto_engine planted(int which, int *domain)
{
    grotto_engine e = grotto_engine_impl;
    static const int DOMAIN[] = {UNIVERSE_RESEARCH_WALK, UNIVERSE_RESEARCH_AT, UNIVERSE_RESEARCH_AT,
                                 UNIVERSE_RESEARCH_MULTIBUG, UNIVERSE_RESEARCH_CHESTS, UNIVERSE_RESEARCH_CHESTS};
    switch (which) {
    case 0: e.walk = walk_plus_one; break;
    case 1: e.at_scan = scan_one_more; break;
    case 2: e.whistle = whistle_other; break;
    case 3: e.multibug = multibug_other_rank; break;
    case 4: e.chest_seconds = chest_item_other; break;
    default: e.chest_seconds = chest_last_byte_other; break;
    }
    *domain = DOMAIN[which];
    return e;
}

Test(bench_research, a_planted_change_shows_in_its_domain_only)
{
    uint16_t *want = walk_corpus();
    for (int which = 0; which < 6; which++) {
        int domain;
        grotto_engine e = planted(which, &domain);
        expect_only(&e, domain, want, domain == UNIVERSE_RESEARCH_WALK ? SEEDS * 16 : 0);
    }
    free(want);
}

Test(bench_research, an_engine_without_the_calls_is_refused)
{
    universe_research_run r;
    grotto_engine e = grotto_engine_impl;
    e.at_scan = NULL;
    cr_expect_eq(universe_bench_research(&e, 1, LO, HI, NULL, NULL, &r), -1);
    e = grotto_engine_impl;
    e.chest_seconds = NULL;
    cr_expect_eq(universe_bench_research(&e, 1, LO, HI, NULL, NULL, &r), -1);
    cr_expect_eq(universe_bench_research(&grotto_engine_legacy, 1, LO, HI, NULL, NULL, &r), -1);
}
