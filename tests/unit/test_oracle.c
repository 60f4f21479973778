/* The oracle's pieces that are not whole-universe sweeps: digest files
 * (size and SHA256SUMS checks), SHA-256, the parallel driver, the reports. */
#include <criterion/criterion.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grotto/record.h"
#include "oracle.h"
#include "testjson.h"

static char dir[256];

static void make_dir(void)
{
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
    oracle_sha256_hex("", 0, hex);
    cr_expect_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    oracle_sha256_hex("abc", 3, hex);
    cr_expect_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"; /* 56 bytes: two tail blocks */
    oracle_sha256_hex(m, strlen(m), hex);
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
    oracle_sha256_hex(buf, n, hex);
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
        oracle_parallel(threads, 10007, 64, count_item, NULL, NULL, NULL);
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
