/* The universe index's cache file (universe/universe.h): written when built, read
 * when valid, and rebuilt - never trusted - when it is missing, truncated,
 * corrupt, foreign, stale (another engine build) or holds implausible values
 * under a valid checksum; a cache directory that cannot be written leaves
 * the index in memory. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "grotto/record.h"
#include "universe.h"

static char dir[256], path[512];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/grotto-index-test-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/universe.idx", dir);
}

static int remove_entry(const char *p, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)type;
    (void)ftw;
    return remove(p);
}

/* the test's directory and everything in it (15 MB per index file) */
static void remove_dir(void)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static universe_index *open_cached(const char *cache_dir)
{
    char err[256];
    universe_index_opts o = {.engine = &grotto_engine_impl, .cache = 1, .cache_dir = cache_dir};
    universe_index *ix = universe_index_open(&o, err, sizeof err);
    cr_assert_not_null(ix, "%s", err);
    return ix;
}

static uint8_t *read_all(size_t *n)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    rewind(f);
    uint8_t *b = malloc(*n);
    cr_assert_eq(fread(b, 1, *n, f), *n);
    fclose(f);
    return b;
}

static void write_all(const uint8_t *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(b, 1, n, f), n);
    fclose(f);
}

/* The content of two indexes is the same. */
static void expect_same(const universe_index *a, const universe_index *b)
{
    cr_expect_eq(memcmp(a->floor, b->floor, GROTTO_FLOOR_UNIVERSE * sizeof *a->floor), 0);
    cr_expect_eq(memcmp(a->map, b->map, GROTTO_MAP_UNIVERSE * sizeof *a->map), 0);
    cr_assert_eq(a->special_count, b->special_count);
    cr_expect_eq(memcmp(a->special, b->special, a->special_count * sizeof *a->special), 0);
}

/* Damage the cache file with fn, then the next open must rebuild it (with
 * `why` in its note), give the same index, and leave a valid cache behind. */
static void expect_rebuilt(const universe_index *good, void (*damage)(uint8_t *b, size_t *n), const char *why)
{
    size_t n;
    uint8_t *b = read_all(&n);
    damage(b, &n);
    write_all(b, n);
    free(b);
    universe_index *ix = open_cached(dir);
    cr_expect_eq(ix->from_cache, 0, "a damaged cache was trusted (%s)", why);
    cr_expect(strstr(ix->note, why) != NULL, "note '%s' does not say '%s'", ix->note, why);
    cr_expect(strstr(ix->note, "written") != NULL, "%s", ix->note);
    expect_same(good, ix);
    universe_index_close(ix);
    ix = open_cached(dir);
    cr_expect_eq(ix->from_cache, 1, "the rebuilt cache is not read back: %s", ix->note);
    universe_index_close(ix);
}

static void flip_payload_byte(uint8_t *b, size_t *n)
{
    b[64 + *n / 2 - 32] ^= 0x10;
}

static void truncate_half(uint8_t *b, size_t *n)
{
    (void)b;
    *n /= 2;
}

static void truncate_header(uint8_t *b, size_t *n)
{
    (void)b;
    *n = 10;
}

static void foreign(uint8_t *b, size_t *n)
{
    static const char junk[] = "PK\x03\x04 not an index";
    memcpy(b, junk, sizeof junk);
    (void)n;
}

static void stale_key(uint8_t *b, size_t *n)
{
    (void)n;
    b[16] ^= 0xFF; /* the engine key, bytes 16..23 of the header */
}

static void other_version(uint8_t *b, size_t *n)
{
    (void)n;
    b[8] = 99;
}

/* A value that indexes a table, out of range, under a correct checksum. */
static void implausible(uint8_t *b, size_t *n)
{
    uint64_t size;
    memcpy(&size, b + 24, 8);
    cr_assert_eq(size + 64, *n);
    size_t maps_at = 64 + (size_t)GROTTO_FLOOR_UNIVERSE * sizeof(grotto_floor_facts);
    b[maps_at + 7 * sizeof(grotto_map_facts)] = 200; /* map 7's env */
    uint64_t sum = XXH3_64bits(b + 64, size);
    memcpy(b + 32, &sum, 8);
}

Test(index_cache, written_read_and_rebuilt_when_damaged, .timeout = 600)
{
    make_dir();
    universe_index *built = open_cached(dir);
    cr_expect_eq(built->from_cache, 0);
    cr_expect(strstr(built->note, "no cache file yet") != NULL, "%s", built->note);
    cr_expect_str_eq(built->cache_path, path);
    universe_index *read = open_cached(dir);
    cr_expect_eq(read->from_cache, 1, "%s", read->note);
    expect_same(built, read);
    universe_index_close(read);

    expect_rebuilt(built, flip_payload_byte, "corrupt");
    expect_rebuilt(built, truncate_half, "truncated");
    expect_rebuilt(built, truncate_header, "truncated");
    expect_rebuilt(built, foreign, "foreign");
    expect_rebuilt(built, stale_key, "stale");
    expect_rebuilt(built, other_version, "other format version");
    expect_rebuilt(built, implausible, "implausible");
    universe_index_close(built);
    remove_dir();
}

Test(index_cache, unwritable_or_missing_directory, .timeout = 600)
{
    make_dir();
    /* a directory below a regular file can be neither made nor written (even by root) */
    char file[512], below[600];
    snprintf(file, sizeof file, "%s/plain-file", dir);
    FILE *f = fopen(file, "w");
    cr_assert_not_null(f);
    fclose(f);
    snprintf(below, sizeof below, "%s/cache", file);
    universe_index *ix = open_cached(below);
    cr_expect_eq(ix->from_cache, 0);
    cr_expect(strstr(ix->note, "not written") != NULL, "%s", ix->note);
    cr_expect_eq(ix->special_count, 3734);
    universe_index_close(ix);
    /* a missing directory (two levels) is made */
    char deep[600];
    snprintf(deep, sizeof deep, "%s/a/b", dir);
    ix = open_cached(deep);
    universe_index_close(ix);
    ix = open_cached(deep);
    cr_expect_eq(ix->from_cache, 1, "%s", ix->note);
    universe_index_close(ix);
    /* no cache at all */
    char err[256];
    universe_index_opts o = {.engine = &grotto_engine_impl, .cache = 0, .cache_dir = dir};
    ix = universe_index_open(&o, err, sizeof err);
    cr_assert_not_null(ix);
    cr_expect_eq(ix->from_cache, 0);
    cr_expect_str_eq(ix->cache_path, "");
    universe_index_close(ix);
    /* an unknown engine name is no engine, not a guess */
    cr_expect_null(grotto_engine_by_name("fast"));
    remove_dir();
}

Test(index_cache, overflow_flags_beyond_the_game_seeds_are_cached, .timeout = 600)
{
    make_dir();
    universe_index *ix = open_cached(dir);
    universe_index_opts o = {.engine = &grotto_engine_impl, .cache = 1, .cache_dir = dir};
    cr_assert_eq(universe_index_overflow_high(ix, &o), 0);
    long n = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++)
        n += ix->overflow_high[i];
    cr_expect_eq(n, 8); /* floor seeds 0x98F3 and 0xDF70, floors 1-4 each (spec-notes 15) */
    cr_expect(ix->overflow_high[grotto_floor_slot(0x98F3 - 0x8000 - 4, 4)]);
    cr_expect(ix->overflow_high[grotto_floor_slot(0xDF70 - 0x8000 - 1, 1)]);
    universe_index_close(ix);
    char high[600];
    snprintf(high, sizeof high, "%s/overflow-8000-ffff.idx", dir);
    struct stat st;
    cr_expect_eq(stat(high, &st), 0);
    cr_expect_eq((size_t)st.st_size, 64 + (size_t)GROTTO_FLOOR_UNIVERSE);
    ix = open_cached(dir);
    cr_assert_eq(universe_index_overflow_high(ix, &o), 0);
    cr_expect_eq(ix->high_mapped, (size_t)st.st_size, "the second call did not read the cached flags");
    long m = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++)
        m += ix->overflow_high[i];
    cr_expect_eq(m, 8);
    universe_index_close(ix);
    remove_dir();
}
