/* The oracle's pieces that are not whole-universe sweeps: digest files
 * (size and SHA256SUMS checks), timer vectors, --against, the domains'
 * definitions and completeness, files written whole or not at all, SHA-256,
 * the parallel driver, the reports. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <criterion/criterion.h>
#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grotto/record.h"
#include "grotto/tables.h"
#include "base.h"
#include "legacy.h"
#include "oracle.h"
#include "corpus.h"

static char dir[256];

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static void remove_dir(void)
{
    if (dir[0])
        nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
    dir[0] = 0;
}

/* A fresh scratch directory; the previous one, and the last one when the
 * test process ends, are removed (a test writes several MiB). */
static void make_dir(void)
{
    static int registered;
    if (!registered)
        registered = atexit(remove_dir) == 0;
    remove_dir();
    snprintf(dir, sizeof dir, "/tmp/grotto-oracle-test-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void write_file(const char *name, const void *data, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

Test(oracle, sha256_vectors)
{
    char hex[65];
    base_sha256_hex("", 0, hex);
    cr_expect_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    base_sha256_hex("abc", 3, hex);
    cr_expect_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"; /* 56 bytes: two tail blocks */
    base_sha256_hex(m, strlen(m), hex);
    cr_expect_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

Test(oracle, golden_digest_files_load_and_verify)
{
    char path[4096], err[512];
    oracle_against_path("corpus", ORACLE_FLOORS, path, sizeof path);
    uint64_t *d = oracle_digest_load(path, ORACLE_FLOORS, err, sizeof err);
    cr_assert_not_null(d, "%s", err);
    /* the first golden floor: seed 0 floor 1 (floors-sample.jsonl line 1) */
    cr_expect_eq(d[0], UINT64_C(0xeb1e862e031cbd36));
    free(d);
    oracle_against_path("corpus", ORACLE_MAPS, path, sizeof path);
    d = oracle_digest_load(path, ORACLE_MAPS, err, sizeof err);
    cr_assert_not_null(d, "%s", err);
    free(d);
}

Test(oracle, truncated_digest_file_is_broken)
{
    make_dir();
    uint8_t *buf = calloc(GROTTO_FLOOR_UNIVERSE, 8);
    write_file("floors.digest", buf, (size_t)GROTTO_FLOOR_UNIVERSE * 8 - 3);
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/floors.digest", dir);
    cr_expect_null(oracle_digest_load(path, ORACLE_FLOORS, err, sizeof err));
    cr_expect_not_null(strstr(err, "truncated"), "%s", err);
    cr_expect_null(oracle_digest_load(path, ORACLE_MAPS, err, sizeof err), "wrong domain size");
    free(buf);
}

Test(oracle, checksum_mismatch_is_broken_not_a_difference)
{
    make_dir();
    size_t n = (size_t)GROTTO_MAP_UNIVERSE * 8;
    uint8_t *buf = calloc(n, 1);
    char hex[65], sums[256], path[512], err[512];
    base_sha256_hex(buf, n, hex);
    snprintf(sums, sizeof sums, "%s  maps.digest\n", hex);
    write_file("SHA256SUMS", sums, strlen(sums));
    write_file("maps.digest", buf, n);
    snprintf(path, sizeof path, "%s/maps.digest", dir);
    uint64_t *d = oracle_digest_load(path, ORACLE_MAPS, err, sizeof err);
    cr_expect_not_null(d, "intact file loads: %s", err);
    free(d);
    buf[12345] ^= 0x40;
    write_file("maps.digest", buf, n);
    cr_expect_null(oracle_digest_load(path, ORACLE_MAPS, err, sizeof err));
    cr_expect_not_null(strstr(err, "corrupt"), "%s", err);
    free(buf);
}

/* floor-walk.bin: the golden costs load (checked against SHA256SUMS); a
 * file of the wrong size, or one that no longer matches its checksum, is
 * broken */
Test(oracle, walk_file_golden_truncated_and_corrupt)
{
    char path[4096], err[512];
    oracle_against_path("corpus", ORACLE_WALK, path, sizeof path);
    cr_expect_not_null(strstr(path, "/golden/floor-walk.bin"), "%s", path);
    uint16_t *w = oracle_walk_load(path, 1, err, sizeof err);
    cr_assert_not_null(w, "%s", err);
    long none = 0, odd = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        none += w[i] == 0xFFFF;
        odd += w[i] % 2;
    }
    cr_expect_eq(none, 0, "every floor of the universe has a path");
    cr_expect_gt(odd, 0, "some costs end in a half step");
    free(w);

    make_dir();
    size_t n = (size_t)GROTTO_FLOOR_UNIVERSE * 2;
    uint8_t *buf = calloc(n + 2, 1);
    snprintf(path, sizeof path, "%s/floor-walk.bin", dir);
    write_file("floor-walk.bin", buf, n - 1);
    cr_expect_null(oracle_walk_load(path, 0, err, sizeof err));
    cr_expect_not_null(strstr(err, "broken walk file: 1048575 bytes, expected 1048576"), "%s", err);
    cr_expect_not_null(strstr(err, "truncated"), "%s", err);
    write_file("floor-walk.bin", buf, n + 2);
    cr_expect_null(oracle_walk_load(path, 0, err, sizeof err), "too long");
    cr_expect_null(oracle_walk_load(path, 1, err, sizeof err), "no SHA256SUMS where one is required");
    cr_expect_not_null(strstr(err, "missing"), "%s", err);

    char hex[65], sums[256];
    buf[2 * 7] = 0x29; /* item 7: 41 half-steps */
    base_sha256_hex(buf, n, hex);
    snprintf(sums, sizeof sums, "%s  floor-walk.bin\n", hex);
    write_file("SHA256SUMS", sums, strlen(sums));
    write_file("floor-walk.bin", buf, n);
    w = oracle_walk_load(path, 1, err, sizeof err);
    cr_assert_not_null(w, "%s", err);
    cr_expect_eq(w[7], 41);
    cr_expect_eq(w[6], 0);
    free(w);
    buf[n - 1] = 0x80; /* the last entry's high byte */
    write_file("floor-walk.bin", buf, n);
    cr_expect_null(oracle_walk_load(path, 0, err, sizeof err));
    cr_expect_not_null(strstr(err, "corrupt walk file"), "%s", err);
    free(buf);
}

Test(oracle, missing_file_is_reported)
{
    char err[512];
    cr_expect_null(oracle_digest_load("/nonexistent/floors.digest", ORACLE_FLOORS, err, sizeof err));
    cr_expect_not_null(strstr(err, "cannot open"), "%s", err);
}

static atomic_int hits[10007];

static void count_item(size_t i, void *ctx)
{
    (void)ctx;
    atomic_fetch_add(&hits[i], 1);
}

Test(oracle, parallel_driver_visits_every_item_once)
{
    for (int threads = 1; threads <= 4; threads++) {
        for (size_t i = 0; i < 10007; i++)
            atomic_store(&hits[i], 0);
        base_parallel(threads, 10007, 64, count_item, NULL, NULL, NULL);
        for (size_t i = 0; i < 10007; i++)
            cr_assert_eq(atomic_load(&hits[i]), 1, "item %zu with %d threads", i, threads);
    }
}

Test(oracle, grid_diff_marks_differing_cells)
{
    grotto_floor_t a, b;
    memset(&a, 0, sizeof a);
    memset(a.grid, 1, sizeof a.grid);
    b = a;
    b.grid[16 * 3 + 5] = 4;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    oracle_print_grid_diff(f, &a, "ref", &b, "impl");
    fclose(f);
    cr_expect_not_null(strstr(text, "1111141111111111"), "%s", text);
    cr_expect_not_null(strstr(text, ".....^.........."), "%s", text);
    free(text);
}

/* ---- SHA256SUMS (issue 9: a damaged checksum file is broken, not skipped) ---- */

static void write_digests_with_sums(const char *sums_extra, int with_floors_line)
{
    make_dir();
    size_t n = (size_t)GROTTO_FLOOR_UNIVERSE * 8;
    uint8_t *buf = calloc(n, 1);
    char hex[65], sums[1024];
    base_sha256_hex(buf, n, hex);
    for (int i = 0; i < 64; i++) /* upper case is accepted */
        hex[i] = (char)(hex[i] >= 'a' ? hex[i] - 'a' + 'A' : hex[i]);
    snprintf(sums, sizeof sums, "%s%s%s", with_floors_line ? hex : "", with_floors_line ? " *floors.digest\n" : "",
             sums_extra);
    write_file("SHA256SUMS", sums, strlen(sums));
    write_file("floors.digest", buf, n);
    free(buf);
}

static void expect_broken(const char *needle)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/floors.digest", dir);
    uint64_t *d = oracle_digest_load(path, ORACLE_FLOORS, err, sizeof err);
    cr_expect_null(d, "loaded despite a broken SHA256SUMS");
    free(d);
    cr_expect_not_null(strstr(err, "broken"), "%s", err);
    cr_expect_not_null(strstr(err, needle), "'%s' not in: %s", needle, err);
}

Test(oracle, sha256sums_well_formed_binary_mode_and_upper_case)
{
    write_digests_with_sums("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  other file\n", 1);
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/floors.digest", dir);
    uint64_t *d = oracle_digest_load_checked(path, ORACLE_FLOORS, err, sizeof err);
    cr_expect_not_null(d, "%s", err);
    free(d);
}

Test(oracle, sha256sums_that_does_not_name_the_file)
{
    write_digests_with_sums("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  maps.digest\n", 0);
    expect_broken("does not name floors.digest");
}

Test(oracle, sha256sums_listing_the_file_twice)
{
    write_digests_with_sums("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  floors.digest\n", 1);
    expect_broken("listed twice");
}

Test(oracle, sha256sums_malformed_lines)
{
    static const char *bad[] = {"not a line\n", "0123456789abcdef  floors.digest\n",
                                "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeg  x\n",
                                "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\tx\n",
                                "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  \n", "\n",
                                "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  x\r\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_digests_with_sums(bad[i], 1);
        expect_broken("line 2 is not");
    }
}

Test(oracle, sha256sums_directory_or_missing_when_required)
{
    make_dir();
    size_t n = (size_t)GROTTO_MAP_UNIVERSE * 8;
    uint8_t *buf = calloc(n, 1);
    write_file("maps.digest", buf, n);
    free(buf);
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/maps.digest", dir);
    uint64_t *d = oracle_digest_load(path, ORACLE_MAPS, err, sizeof err);
    cr_expect_not_null(d, "no SHA256SUMS in a plain directory is fine: %s", err);
    free(d);
    cr_expect_null(oracle_digest_load_checked(path, ORACLE_MAPS, err, sizeof err));
    cr_expect_not_null(strstr(err, "SHA256SUMS: broken corpus: missing"), "%s", err);
    char sums[512];
    snprintf(sums, sizeof sums, "%s/SHA256SUMS", dir);
    cr_assert_eq(mkdir(sums, 0755), 0);
    cr_expect_null(oracle_digest_load(path, ORACLE_MAPS, err, sizeof err));
    cr_expect_not_null(strstr(err, "broken checksum file: not a regular file"), "%s", err);
}

/* ---- timer vectors ---- */

Test(oracle, timer_sample_golden_and_malformed)
{
    char path[4096], err[512];
    oracle_against_path("corpus", ORACLE_TIMERS, path, sizeof path);
    oracle_timer_sample *s = oracle_timer_sample_load(path, 1, err, sizeof err);
    cr_assert_not_null(s, "%s", err);
    cr_expect_eq(s->count, 1665);
    cr_expect(s->present[1]); /* rng-and-timer.md §4: T = 1 */
    cr_expect_eq(s->draws[1].r1, 16838);
    cr_expect_eq(s->draws[1].seed, 5758);
    cr_expect_eq(s->draws[1].r3, 10113);
    free(s);
    static const char *bad[] = {
        "{\"timer\":0,\"r1\":0,\"seed\":21468,\"r3\":9988}\n{\"timer\":0,\"r1\":0,\"seed\":21468,\"r3\":9988}\n",
        "{\"timer\":65536,\"r1\":0,\"seed\":0,\"r3\":0}\n", "{\"timer\":1,\"r1\":32768,\"seed\":0,\"r3\":0}\n",
        "{\"timer\":1,\"r1\":01,\"seed\":0,\"r3\":0}\n", "{\"timer\":1, \"r1\":1,\"seed\":0,\"r3\":0}\n",
        "{\"timer\":1,\"r1\":1,\"seed\":0,\"r3\":0}x\n", "\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        make_dir();
        write_file("timers.jsonl", bad[i], strlen(bad[i]));
        snprintf(path, sizeof path, "%s/timers.jsonl", dir);
        s = oracle_timer_sample_load(path, 0, err, sizeof err);
        cr_expect_null(s, "accepted: %s", bad[i]);
        free(s);
        cr_expect_not_null(strstr(err, "broken timer file"), "%s", err);
    }
}

/* ---- --against ---- */

Test(oracle, corpus_load_one_file_serves_one_domain)
{
    char path[4096], err[4096];
    oracle_corpus c;
    oracle_against_path("corpus", ORACLE_FLOORS, path, sizeof path);
    cr_expect_eq(oracle_corpus_load(path, 1u << ORACLE_FLOORS, &c, err, sizeof err), 0, "%s", err);
    cr_expect(c.floors && !c.maps && !c.timers);
    oracle_corpus_free(&c);
    cr_expect_eq(oracle_corpus_load(path, 1u << ORACLE_FLOORS | 1u << ORACLE_MAPS, &c, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "one file serves one of"), "%s", err);
    cr_expect_eq(oracle_corpus_load(path, 1u << ORACLE_SWEEP, &c, err, sizeof err), -1);
    oracle_against_path("corpus", ORACLE_QUALITIES, path, sizeof path);
    cr_expect_not_null(strstr(path, "/maps.digest"), "%s", path);
    cr_expect_eq(oracle_corpus_load(path, 1u << ORACLE_MAPS | 1u << ORACLE_QUALITIES, &c, err, sizeof err), 0,
                 "%s", err);
    cr_expect(c.maps && !c.floors);
    oracle_corpus_free(&c);
    oracle_against_path("corpus", ORACLE_WALK, path, sizeof path);
    cr_expect_eq(oracle_corpus_load(path, 1u << ORACLE_WALK, &c, err, sizeof err), 0, "%s", err);
    cr_expect(c.walk && !c.floors && !c.maps && !c.timers);
    oracle_corpus_free(&c);
    cr_expect_eq(oracle_corpus_load(path, 1u << ORACLE_WALK | 1u << ORACLE_FLOORS, &c, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "one file serves one of"), "%s", err);
    /* the golden corpus holds every file, the walking costs too */
    cr_expect_eq(oracle_corpus_load("corpus", ORACLE_ALL_DOMAINS, &c, err, sizeof err), 0, "%s", err);
    cr_expect(c.walk && c.floors && c.maps && c.timers);
    oracle_corpus_free(&c);
}

/* A directory (grotto sweep --out) need not hold floor-walk.bin: the walk
 * domain is then compared between engines only, and without a second
 * engine it is refused, never a pass over nothing. */
Test(oracle, walk_without_costs_to_compare)
{
    make_dir();
    char err[4096], why[256];
    oracle_corpus c;
    cr_expect_eq(oracle_corpus_load(dir, 1u << ORACLE_WALK, &c, err, sizeof err), 0, "%s", err);
    cr_expect_null(c.walk);
    oracle_corpus_free(&c);
    oracle_compare_opts alone = {.a = &grotto_engine_ref};
    cr_expect_eq(oracle_domain_unavailable(ORACLE_WALK, &alone, why, sizeof why), 1);
    cr_expect_not_null(strstr(why, "walk: nothing to compare"), "%s", why);
    cr_expect_eq(oracle_run(1u << ORACLE_WALK, &alone, NULL, NULL), -1, "refused, not run");
    grotto_engine blind = grotto_engine_impl;
    blind.name = "blind";
    blind.walk = NULL;
    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &blind};
    cr_expect_eq(oracle_domain_unavailable(ORACLE_WALK, &ab, why, sizeof why), 1);
    cr_expect_str_eq(why, "walk: engine blind computes no walking cost");
    ab.a = &blind, ab.b = &grotto_engine_ref;
    cr_expect_eq(oracle_domain_unavailable(ORACLE_WALK, &ab, why, sizeof why), 1);
    cr_expect_str_eq(why, "walk: engine blind computes no walking cost");
}

/* ---- domains and their definitions ---- */

Test(oracle, domain_definitions_and_completeness)
{
    oracle_timer_sample sample;
    memset(&sample, 0, sizeof sample);
    sample.count = 7;
    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &grotto_engine_impl};
    oracle_compare_opts alone = {.a = &grotto_engine_ref, .want_timers = &sample};
    oracle_compare_opts nothing = {.a = &grotto_engine_ref};
    static const struct {
        oracle_domain d;
        uint64_t n;
        const char *def;
    } want[] = {{ORACLE_FLOORS, 524288, "32768 seeds x 16 floors"},
                {ORACLE_MAPS, 393216, "12 bands x 32768 seeds"},
                {ORACLE_QUALITIES, 8093696, "247 qualities x 32768 seeds"},
                {ORACLE_TIMERS, 16187392, "65536 timers x 247 base qualities"},
                {ORACLE_SWEEP, 917504, "524288 floors + 393216 maps of impl's memoized sweep"},
                {ORACLE_WALK, 524288, "32768 seeds x 16 floors"}};
    char def[96], why[256];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        cr_expect_eq(oracle_domain_expected(want[i].d, &ab, def, sizeof def), want[i].n);
        cr_expect_str_eq(def, want[i].def);
        cr_expect_eq(oracle_domain_size(want[i].d), want[i].n, "the index space is the whole domain");
        cr_expect_eq(oracle_domain_by_name(oracle_domain_name(want[i].d)), (int)want[i].d);
        cr_expect_eq(oracle_domain_unavailable(want[i].d, &ab, why, sizeof why), 0);
    }
    /* names outside the list, both ways */
    cr_expect_str_eq(oracle_domain_name((oracle_domain)-1), "?");
    cr_expect_str_eq(oracle_domain_name(ORACLE_DOMAIN_COUNT), "?");
    cr_expect_eq(oracle_domain_by_name("floor"), -1);
    cr_expect_eq(oracle_domain_by_name(""), -1);
    cr_expect_eq(oracle_domain_file(ORACLE_SWEEP), NULL, "the sweep has no corpus file of its own");
    cr_expect_str_eq(oracle_domain_file(ORACLE_QUALITIES), "maps.digest");
    cr_expect_eq(oracle_domain_expected(ORACLE_TIMERS, &alone, def, sizeof def), 7 * 247);
    cr_expect_str_eq(def, "7 corpus timers x 247 base qualities");
    cr_expect_eq(oracle_domain_unavailable(ORACLE_TIMERS, &nothing, why, sizeof why), 1);
    cr_expect_not_null(strstr(why, "nothing to compare"), "%s", why);
    cr_expect_eq(oracle_run(1u << ORACLE_TIMERS, &nothing, NULL, NULL), -1, "refused, not run");
    cr_expect_eq(oracle_domain_by_name("everything"), -1);

    oracle_compare_result r;
    memset(&r, 0, sizeof r);
    r.expected = r.checked = r.visits = 10;
    cr_expect(oracle_result_complete(&r));
    r.checked = 9; /* an item never marked */
    cr_expect(!oracle_result_complete(&r));
    r.checked = 10, r.visits = 11; /* an item compared twice */
    cr_expect(!oracle_result_complete(&r));
    r.expected = r.checked = r.visits = 0;
    cr_expect(!oracle_result_complete(&r), "an empty domain proves nothing");
}

/* The at and multibug domains: their counts and definitions, the fixed set
 * of scans, and why they cannot run without two engines that compute them. */
Test(oracle, at_and_multibug_definitions)
{
    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &grotto_engine_impl};
    oracle_compare_opts alone = {.a = &grotto_engine_ref};
    oracle_compare_opts legacy = {.a = &grotto_engine_ref, .b = &grotto_engine_legacy};
    char def[96], why[256];
    cr_expect_eq(oracle_domain_expected(ORACLE_AT, &ab, def, sizeof def), 32768u * 158u);
    cr_expect_str_eq(def, "32768 seeds x (marks + whistle + 156 scans)");
    cr_expect_eq(oracle_domain_size(ORACLE_AT), 32768u * 158u);
    cr_expect_eq(oracle_domain_expected(ORACLE_MULTIBUG, &ab, def, sizeof def), 393216);
    cr_expect_str_eq(def, "12 bands x 32768 seeds");
    cr_expect_eq(oracle_domain_size(ORACLE_MULTIBUG), 393216);
    cr_expect_eq(oracle_domain_by_name("at"), ORACLE_AT);
    cr_expect_eq(oracle_domain_by_name("multibug"), ORACLE_MULTIBUG);
    for (int d = ORACLE_AT; d <= ORACLE_MULTIBUG; d++) {
        cr_expect_eq(oracle_domain_unavailable((oracle_domain)d, &ab, why, sizeof why), 0);
        cr_expect_eq(oracle_domain_unavailable((oracle_domain)d, &alone, why, sizeof why), 1);
        cr_expect_not_null(strstr(why, "no corpus holds it"), "%s", why);
        cr_expect_eq(oracle_domain_unavailable((oracle_domain)d, &legacy, why, sizeof why), 1);
        cr_expect_not_null(strstr(why, "engine legacy does not compute it"), "%s", why);
        cr_expect_eq(oracle_run(1u << d, &alone, NULL, NULL), -1, "refused, not run");
    }
    cr_expect_eq(ORACLE_ALL_DOMAINS & ~ORACLE_CORPUS_DOMAINS,
                 1u << ORACLE_AT | 1u << ORACLE_MULTIBUG | 1u << ORACLE_CHESTS);
    /* 156 distinct scans: every pattern at every offered threshold in each configuration */
    int seen[ORACLE_AT_CONFIGS][GT_AT_THRESHOLD_COUNT][GT_AT_PATTERN_COUNT + 1];
    memset(seen, 0, sizeof seen);
    uint32_t last_steps = 0;
    for (int s = 0, c = -1; s < ORACLE_AT_SCANS; s++) {
        grotto_at_scan_query q;
        oracle_at_scan_query(s, &q);
        if (s % (GT_AT_THRESHOLD_COUNT * GT_AT_PATTERN_COUNT) == 0)
            c++, last_steps = q.max_steps;
        cr_assert_eq(q.max_steps, last_steps, "one configuration per block");
        int t = 0;
        while (t < GT_AT_THRESHOLD_COUNT && gt_at_threshold[t].threshold != q.threshold)
            t++;
        cr_assert_lt(t, GT_AT_THRESHOLD_COUNT);
        cr_assert(q.pattern >= 1 && q.pattern <= GT_AT_PATTERN_COUNT);
        seen[c][t][q.pattern]++;
        cr_expect(q.pop == 35 || q.pop == 93);
    }
    for (int c = 0; c < ORACLE_AT_CONFIGS; c++)
        for (int t = 0; t < GT_AT_THRESHOLD_COUNT; t++)
            for (int p = 1; p <= GT_AT_PATTERN_COUNT; p++)
                cr_expect_eq(seen[c][t][p], 1);
    grotto_at_scan_query first, last;
    oracle_at_scan_query(0, &first);
    oracle_at_scan_query(ORACLE_AT_SCANS - 1, &last);
    cr_expect(first.max_steps <= 50, "one configuration without the lower bound");
    cr_expect(last.max_steps > 50 && last.pop > 35, "one with a later POP");
}

/* chests: engine against engine only; the slice by default, every triple
 * with chests_full; the slice is the same set of (seed, second) for every
 * band and floor. */
Test(oracle, chests_domain_definition)
{
    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &grotto_engine_impl};
    oracle_compare_opts full = {.a = &grotto_engine_ref, .b = &grotto_engine_impl, .chests_full = 1};
    oracle_compare_opts alone = {.a = &grotto_engine_ref};
    oracle_compare_opts legacy = {.a = &grotto_engine_ref, .b = &grotto_engine_legacy};
    char def[96], why[256];
    cr_expect_eq(oracle_domain_by_name("chests"), ORACLE_CHESTS);
    cr_expect_str_eq(oracle_domain_name(ORACLE_CHESTS), "chests");
    cr_expect_eq(oracle_domain_size(ORACLE_CHESTS), 1610612736ull, "12 x 32768 x 16 x 256");
    cr_expect_eq(oracle_domain_expected(ORACLE_CHESTS, &full, def, sizeof def), 1610612736ull);
    cr_expect_str_eq(def, "12 bands x 32768 seeds x 16 floors x 256 seconds");
    cr_expect_eq(oracle_domain_expected(ORACLE_CHESTS, &ab, def, sizeof def), 336592896ull);
    cr_expect_str_eq(def, "slice: 12 bands x 16 floors x (32768 seeds x t 0..39 + 2048 seeds 0 mod 16 x t 40..255)");
    /* the count is the slice's size, counted here one (seed, second) at a time */
    uint64_t n = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++)
        for (uint32_t t = 0; t < 256; t++)
            n += (uint64_t)oracle_chests_in_slice(&ab, seed, t);
    cr_expect_eq(n * 12 * 16, 336592896ull);
    cr_expect(oracle_chests_in_slice(&ab, 5, 39));
    cr_expect(!oracle_chests_in_slice(&ab, 5, 40));
    cr_expect(oracle_chests_in_slice(&ab, 32, 255));
    cr_expect(!oracle_chests_in_slice(&ab, 0x7FFF, 255));
    cr_expect(oracle_chests_in_slice(&full, 0x7FFF, 255));
    cr_expect_eq(oracle_domain_unavailable(ORACLE_CHESTS, &ab, why, sizeof why), 0);
    cr_expect_eq(oracle_domain_unavailable(ORACLE_CHESTS, &alone, why, sizeof why), 1);
    cr_expect_not_null(strstr(why, "no corpus holds chest contents"), "%s", why);
    cr_expect_eq(oracle_run(1u << ORACLE_CHESTS, &alone, NULL, NULL), -1, "refused, not run");
    cr_expect_eq(oracle_domain_unavailable(ORACLE_CHESTS, &legacy, why, sizeof why), 1);
    cr_expect_str_eq(why, "chests: engine legacy does not compute chest contents");
    cr_expect_eq(ORACLE_CORPUS_DOMAINS >> ORACLE_CHESTS & 1u, 0);
}

/* The draws beside a chest difference: chests.md §4's worked examples 1
 * and 3 (rank draws after 2 x count discarded ones, content draws at
 * seconds 0 and 7, v = scaled(100)), and the domain's report of a triple
 * lists them under both sides. */
Test(oracle, chest_draws_of_the_worked_examples)
{
    grotto_chest_floor f1 = {.seed = 0x32, .floor = 3, .count = 2, .rank = {2, 1}};
    oracle_chest_draws d = oracle_chest_draws_of(&f1, 1, 0, 0);
    cr_expect_eq(d.rank, 22030);
    cr_expect_eq(d.content, 7694);
    cr_expect_eq(d.v, 23);
    cr_expect_eq(d.lo, 1);
    cr_expect_eq(d.span, 2);
    d = oracle_chest_draws_of(&f1, 1, 0, 1);
    cr_expect(d.rank == 7869 && d.content == 8070 && d.v == 24);
    d = oracle_chest_draws_of(&f1, 1, 7, 1);
    cr_expect(d.content == 29176 && d.v == 89, "%u %d", d.content, d.v);
    grotto_chest_floor f3 = {.seed = 0xA5, .floor = 16, .count = 2, .rank = {6, 4}};
    d = oracle_chest_draws_of(&f3, 9, 0, 0);
    cr_expect(d.rank == 9906 && d.content == 309 && d.v == 0 && d.lo == 4 && d.span == 7);
    d = oracle_chest_draws_of(&f3, 9, 3600, 1);
    cr_expect(d.rank == 3305 && d.content == 32622 && d.v == 99);
    d = oracle_chest_draws_of(&f3, 0, 0, 0);
    cr_expect(d.lo == 0 && d.span == 0, "no monster rank, no range");
    /* v = scaled(100) of the draw at every second of a long run: the draws
     * just above a multiple of 327.67 tell (v - 1) from v */
    int near = 0;
    for (uint32_t t = 0; t < 20000; t++) {
        d = oracle_chest_draws_of(&f1, 1, t, 1);
        int want = d.content == 0 ? 0 : (int)(100 * (d.content - 1) / 32767);
        cr_assert_eq(d.v, want, "second %u: draw %u", t, d.content);
        near += d.content > 0 && 100 * d.content / 32767 != 100 * (d.content - 1) / 32767;
    }
    cr_expect_gt(near, 0, "the run holds draws where scaled(100) differs from 100 v / 32767");

    oracle_compare_opts ab = {.a = &grotto_engine_ref, .b = &grotto_engine_impl};
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cr_assert_not_null(out);
    oracle_chests_report_item(out, (((size_t)0 * 32768 + 0x32) * 16 + 2) * 256 + 7, &ab);
    fclose(out);
    cr_expect_not_null(strstr(text, "    chest 1 draws (ref): rank 22030 (1 + scaled(2)), content 27258 (v 83)\n"),
                       "%s", text);
    cr_expect_not_null(strstr(text, "    chest 2 draws (ref): rank 7869 (1 + scaled(2)), content 29176 (v 89)\n"),
                       "%s", text);
    free(text);
}

Test(oracle, band_of_every_quality)
{
    int last = -1;
    for (int q = 2; q <= 248; q++) {
        int b = oracle_band_of_quality(q);
        cr_assert(b == last || b == last + 1, "quality %d band %d after %d", q, b, last);
        if (b != last)
            cr_expect_eq(q, gt_band[b].code, "band %d starts at its code", b);
        last = b;
    }
    cr_expect_eq(last, GROTTO_BANDS - 1);
    cr_expect_eq(oracle_band_of_quality(1), -1);
    cr_expect_eq(oracle_band_of_quality(249), -1);
}

/* ---- files written whole or not at all ---- */

static int count_entries(void)
{
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.' || (e->d_name[1] && strcmp(e->d_name, ".."));
    if (d)
        closedir(d);
    return n;
}

Test(oracle, digest_save_round_trip)
{
    make_dir();
    uint64_t *d = malloc((size_t)GROTTO_MAP_UNIVERSE * sizeof *d);
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++)
        d[i] = i * UINT64_C(0x9E3779B97F4A7C15);
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/maps.digest", dir);
    cr_assert_eq(oracle_digest_save(path, d, ORACLE_MAPS, err, sizeof err), 0, "%s", err);
    cr_expect_eq(count_entries(), 1, "no temporary file left");
    uint64_t *back = oracle_digest_load(path, ORACLE_MAPS, err, sizeof err);
    cr_assert_not_null(back, "%s", err);
    cr_expect_eq(memcmp(back, d, (size_t)GROTTO_MAP_UNIVERSE * 8), 0);
    free(back);
    free(d);
}

Test(oracle, a_failed_write_leaves_no_file)
{
    make_dir();
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim = {1 << 16, 1 << 16}; /* 64 KiB: this test process only */
    cr_assert_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/floors.digest", dir);
    /* reserved: fails at once */
    base_out_file f;
    cr_expect_eq(base_out_open(&f, path, 1 << 20, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "cannot reserve space: File too large"), "%s", err);
    cr_expect_eq(count_entries(), 0);
    /* not reserved: the write fails, the temporary file goes */
    cr_assert_eq(base_out_open(&f, path, 0, err, sizeof err), 0, "%s", err);
    cr_expect_eq(count_entries(), 1);
    static uint8_t block[1 << 17];
    int rc = base_out_write(&f, block, sizeof block, err, sizeof err);
    if (rc == 0) /* buffered: the error shows at the flush */
        rc = base_out_finish(&f, err, sizeof err);
    cr_expect_eq(rc, -1);
    cr_expect_not_null(strstr(err, "write error: File too large"), "%s", err);
    cr_expect_eq(count_entries(), 0, "the temporary file is removed");
    /* oracle_digest_save the same */
    uint64_t *d = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *d);
    cr_expect_eq(oracle_digest_save(path, d, ORACLE_FLOORS, err, sizeof err), -1);
    cr_expect_eq(count_entries(), 0);
    free(d);
    /* and a small file within the limit is written whole */
    cr_assert_eq(base_out_open(&f, path, 100, err, sizeof err), 0, "%s", err);
    cr_assert_eq(base_out_write(&f, "abc", 3, err, sizeof err), 0);
    cr_assert_eq(base_out_finish(&f, err, sizeof err), 0, "%s", err);
    cr_expect_eq(access(path, F_OK), -1, "not under its name before the commit");
    cr_assert_eq(base_out_commit(&f, err, sizeof err), 0, "%s", err);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_expect_eq(st.st_size, 3, "the reservation is not part of the file");
    cr_expect_eq(count_entries(), 1);
}

Test(oracle, abort_removes_the_temporary_file)
{
    make_dir();
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/SHA256SUMS", dir);
    base_out_file f;
    cr_assert_eq(base_out_open(&f, path, 0, err, sizeof err), 0, "%s", err);
    cr_assert_eq(base_out_write(&f, "x", 1, err, sizeof err), 0);
    base_out_abort(&f);
    cr_expect_eq(count_entries(), 0);
    base_out_abort(&f); /* twice is harmless */
    snprintf(path, sizeof path, "%s/no/such/dir/file", dir);
    cr_expect_eq(base_out_open(&f, path, 0, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "cannot write: No such file or directory"), "%s", err);
}
