/* The universe index's cache file (universe/universe.h): written when built, read
 * when valid, and rebuilt - never trusted - when it is missing, truncated,
 * corrupt, foreign, stale (another engine build), of another payload kind,
 * entry count or entry size, longer than its header says, or holds
 * implausible values under a valid checksum; a cache directory that cannot
 * be written leaves the index in memory and says so once on stderr; of two
 * processes that find no cache at the same time, one builds and the other
 * reads. Three kinds of damage go through a whole rebuild (a full index
 * build each: seconds under a sanitizer); every kind is also refused by
 * universe_index_cache_check, the validation the open trusts a file by. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

/* the test's directory and everything in it (15 MB per index file); also
 * each test's .fini, so that a failed assertion leaves nothing in /tmp */
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
    uint8_t *b = calloc(1, *n + 64); /* room for damage that appends */
    cr_assert_not_null(b);
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
    cr_expect_eq(memcmp(a->findable, b->findable, GROTTO_MAP_UNIVERSE), 0);
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

/* Damage the cache file with fn: it is no longer valid, for `why`
 * (universe_index_cache_check: the validation universe_index_open trusts
 * a file by, without the rebuild that expect_rebuilt also checks); then
 * the good file is put back. */
static void expect_rejected(void (*damage)(uint8_t *b, size_t *n), const char *why)
{
    size_t n0;
    uint8_t *good = read_all(&n0);
    size_t n = n0;
    uint8_t *b = malloc(n0 + 64); /* read_all's room for damage that appends */
    cr_assert_not_null(b);
    memcpy(b, good, n0 + 64);
    char reason[256] = "";
    cr_assert_eq(universe_index_cache_check(path, reason, sizeof reason), 1, "%s", reason);
    damage(b, &n);
    write_all(b, n);
    cr_expect_eq(universe_index_cache_check(path, reason, sizeof reason), 0, "a damaged cache is valid (%s)", why);
    cr_expect(strstr(reason, why) != NULL, "reason '%s' does not say '%s'", reason, why);
    write_all(good, n0);
    free(b);
    free(good);
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

/* header fields outside the checksummed payload: the payload's kind, an
 * entry count, an entry size, the payload size, the checksum itself */
static void other_kind(uint8_t *b, size_t *n)
{
    (void)n;
    b[12] ^= 3; /* the universe (1) becomes the overflow flags' kind (2) */
}

static void other_count(uint8_t *b, size_t *n)
{
    (void)n;
    b[40] ^= 1; /* count[0]: the floors (the special floors' count[2] sizes the payload read) */
}

static void other_entry_size(uint8_t *b, size_t *n)
{
    (void)n;
    b[56 + 2 * 1] ^= 2; /* size[1]: bytes per map entry */
}

static void other_payload_size(uint8_t *b, size_t *n)
{
    (void)n;
    b[24] ^= 8;
}

static void bytes_appended(uint8_t *b, size_t *n)
{
    (void)b;
    *n += 8; /* zeros after the payload */
}

static void checksum_field(uint8_t *b, size_t *n)
{
    (void)n;
    b[32 + 7] ^= 0x80;
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

/* A findable flag (the payload's last section, a byte per map) that is
 * neither 0 nor 1, under a correct checksum. */
static void findable_not_a_flag(uint8_t *b, size_t *n)
{
    uint64_t size;
    memcpy(&size, b + 24, 8);
    cr_assert_eq(size + 64, *n);
    cr_assert_leq(b[*n - 1], 1); /* the last map slot (band 11, seed 0x7FFF) */
    b[*n - 1] = 2;
    uint64_t sum = XXH3_64bits(b + 64, size);
    memcpy(b + 32, &sum, 8);
}

Test(index_cache, written_read_and_rebuilt_when_damaged, .fini = remove_dir, .timeout = 600)
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

    /* rebuilt for a damaged payload, another engine build, nonsense under a
     * good checksum: each a full index build */
    expect_rebuilt(built, flip_payload_byte, "corrupt");
    expect_rebuilt(built, stale_key, "stale");
    expect_rebuilt(built, implausible, "implausible");
    universe_index_close(built);
    remove_dir();
}

/* Every other damage is refused by the same validation (no rebuild each). */
Test(index_cache, every_header_field_is_validated, .fini = remove_dir, .timeout = 900)
{
    make_dir();
    universe_index *built = open_cached(dir);
    char reason[256] = "";
    cr_assert_eq(universe_index_cache_check(path, reason, sizeof reason), 1, "%s", reason);
    expect_rejected(flip_payload_byte, "corrupt (checksum mismatch)");
    expect_rejected(truncate_half, "truncated");
    expect_rejected(truncate_header, "truncated");
    expect_rejected(foreign, "foreign");
    expect_rejected(stale_key, "stale (written by another build of the engine)");
    expect_rejected(other_version, "other format version");
    expect_rejected(implausible, "implausible");
    expect_rejected(findable_not_a_flag, "implausible");
    expect_rejected(other_kind, "other payload kind");
    expect_rejected(other_count, "other entry counts or sizes");
    expect_rejected(other_entry_size, "other entry counts or sizes");
    expect_rejected(other_payload_size, "size does not match the header");
    expect_rejected(bytes_appended, "size does not match the header");
    expect_rejected(checksum_field, "corrupt (checksum mismatch)");
    /* the good file put back each time is read, not rebuilt */
    universe_index *again = open_cached(dir);
    cr_expect_eq(again->from_cache, 1, "%s", again->note);
    expect_same(built, again);
    universe_index_close(again);
    universe_index_close(built);
    cr_expect_eq(universe_index_cache_check("/nonexistent/universe.idx", reason, sizeof reason), 0);
    cr_expect_str_eq(reason, "no cache file yet");
    remove_dir();
}

Test(index_cache, unwritable_or_missing_directory, .fini = remove_dir, .timeout = 600)
{
    make_dir();
    /* a directory below a regular file can be neither made nor written (even by root) */
    char file[512], below[600];
    snprintf(file, sizeof file, "%s/plain-file", dir);
    FILE *f = fopen(file, "w");
    cr_assert_not_null(f);
    fclose(f);
    snprintf(below, sizeof below, "%s/cache", file);
    /* stderr into a file: the warning, once for two opens */
    char said[600];
    snprintf(said, sizeof said, "%s/stderr.txt", dir);
    fflush(stderr);
    int keep = dup(2), to = open(said, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    cr_assert(keep >= 0 && to >= 0 && dup2(to, 2) == 2);
    universe_index *ix = open_cached(below);
    cr_expect_eq(ix->from_cache, 0);
    cr_expect(strstr(ix->note, "not written") != NULL, "%s", ix->note);
    cr_expect_eq(ix->special_count, 3734);
    universe_index_close(ix);
    universe_index_close(open_cached(below));
    fflush(stderr);
    cr_assert(dup2(keep, 2) == 2);
    close(keep);
    close(to);
    FILE *s = fopen(said, "r");
    cr_assert_not_null(s);
    char text[4096] = "";
    size_t got = fread(text, 1, sizeof text - 1, s);
    fclose(s);
    text[got] = 0;
    const char *w = strstr(text, "grotto: warning: the universe index is not cached (");
    cr_expect(w != NULL && strstr(w, "plain-file/cache") != NULL, "stderr: %s", text);
    cr_expect(w == NULL || strstr(w + 1, "grotto: warning") == NULL, "said more than once: %s", text);
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

Test(index_cache, overflow_flags_beyond_the_game_seeds_are_cached, .fini = remove_dir, .timeout = 600)
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

/* Two processes that find no cache file at once: one builds (under the
 * directory's lock), the other waits and reads what it wrote. */
Test(index_cache, two_builders_at_once_build_once, .fini = remove_dir, .timeout = 600)
{
    make_dir();
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    pid_t child = fork();
    cr_assert(child >= 0);
    if (child == 0) {
        close(fds[0]);
        char err[256];
        universe_index_opts o = {.engine = &grotto_engine_impl, .cache = 1, .cache_dir = dir};
        universe_index *ix = universe_index_open(&o, err, sizeof err);
        char c = ix ? (char)('0' + ix->from_cache) : 'x';
        _exit(write(fds[1], &c, 1) == 1 ? 0 : 1);
    }
    close(fds[1]);
    universe_index *ix = open_cached(dir);
    char c = 0;
    cr_assert_eq(read(fds[0], &c, 1), 1);
    close(fds[0]);
    int status;
    cr_assert_eq(waitpid(child, &status, 0), child);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    cr_expect((c == '1') + ix->from_cache == 1, "child from_cache %c, parent %d (%s)", c, ix->from_cache, ix->note);
    universe_index_close(ix);
    struct stat st;
    char lock[600];
    snprintf(lock, sizeof lock, "%s/index.lock", dir);
    cr_expect_eq(stat(lock, &st), 0, "the lock file is kept in the cache directory");
    remove_dir();
}
