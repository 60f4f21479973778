/* The oracle's less travelled paths: reports of a map difference and of a
 * floor difference between two engines, engines that refuse an item, the
 * digest files' error paths, the progress line. Differences are planted
 * through a test engine: impl, bent at one item. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "base.h"
#include "oracle.h"
#include "corpus.h"

enum { BENT_SEED = 0x5BC3, BENT_FLOOR = 4, BENT_BAND = 11 /* DD */, REFUSED_SEED = 0x0007 };

/* impl, except: floor (0x5BC3, B4F) has one tile changed; map DD5BC3 has
 * level + 1 and B4F's D + 1; every floor of seed 0x0007 is refused. */
static int bent_floor(uint32_t seed, int k, grotto_floor_t *out)
{
    if (seed == REFUSED_SEED)
        return -1;
    int rc = grotto_engine_impl.floor(seed, k, out);
    if (rc == 0 && seed == BENT_SEED && k == BENT_FLOOR)
        out->grid[16 * 1 + 1] ^= 1;
    return rc;
}

static int bent_map(int quality, uint32_t seed, grotto_map_t *out)
{
    int rc = grotto_engine_impl.map(quality, seed, out);
    if (rc == 0 && seed == BENT_SEED && grotto_band_of_quality(quality) == BENT_BAND) {
        out->d.level++;
        out->elist[BENT_FLOOR - 1].D++;
    }
    return rc;
}

static grotto_engine bent(void)
{
    grotto_engine e = grotto_engine_impl;
    e.name = "bent";
    e.floor = bent_floor;
    e.map = bent_map;
    return e;
}

static char *report(oracle_domain d, size_t item, uint8_t kind, const oracle_compare_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    oracle_compare_result r = {.domain = d, .first_count = 1};
    r.first[0] = item;
    r.first_kind[0] = kind;
    oracle_report_item(f, &r, 0, o);
    fclose(f);
    return text;
}

Test(oracle_edges, map_report_marks_the_differing_fields_and_floor)
{
    grotto_engine b = bent();
    uint64_t *want = calloc(GROTTO_MAP_UNIVERSE, sizeof *want);
    size_t item = grotto_map_slot(BENT_BAND, BENT_SEED);
    want[item] = UINT64_C(0x0123456789abcdef);
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &b, .want_maps = want};
    char *text = report(ORACLE_MAPS, item, ORACLE_AB | ORACLE_B_CORPUS, &o);
    cr_expect_not_null(strstr(text, "difference (ref != bent; bent != corpus)"), "%s", text);
    cr_expect_not_null(strstr(text, "map DD5BC3 (band 221..248, seed 0x5BC3)"), "%s", text);
    /* ref's line stars the fields where bent differs, and bent's likewise */
    cr_expect_not_null(strstr(text, "ref   band 221 seed 23491 env 2 floors 15 smr 9 boss 2 prefix 16 suffix 2 "
                                    "locale 19 level 70*"),
                       "%s", text);
    cr_expect_not_null(strstr(text, "level 71*"), "%s", text);
    /* only B4F's slot differs, once in each engine's floor list */
    const char *p = text;
    int marks = 0;
    while ((p = strstr(p, "<- differs")))
        marks++, p++;
    cr_expect_eq(marks, 2, "%s", text);
    const char *b4 = strstr(text, "B4 F ranks");
    cr_assert_not_null(b4, "%s", text);
    const char *eol = strchr(b4, '\n'), *mark = strstr(b4, "<- differs");
    cr_expect(mark && mark < eol, "B4F is the floor marked: %s", text);
    cr_expect_not_null(strstr(text, "corpus digest 0123456789abcdef"), "%s", text);
    free(text);
    free(want);
}

Test(oracle_edges, floor_report_shows_the_second_engine_and_first_differing_byte)
{
    grotto_engine b = bent();
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &b};
    char *text = report(ORACLE_FLOORS, grotto_floor_slot(BENT_SEED, BENT_FLOOR), ORACLE_AB, &o);
    cr_expect_not_null(strstr(text, "seed 0x5BC3 floor 4 (B4F)"), "%s", text);
    cr_expect_not_null(strstr(text, "    bent  size 10x10"), "%s", text);
    /* tile (1, 1) is record byte 16 + 17 = 33: a wall in ref, flipped in bent */
    cr_expect_not_null(strstr(text, "first differing record byte: 33 (ref 0x01, bent 0x00)"), "%s", text);
    cr_expect_not_null(strstr(text, "   .^..............\n"), "the grid diff marks tile (1, 1): %s", text);
    free(text);
}

Test(oracle_edges, a_refused_floor_is_a_corpus_mismatch)
{
    /* the whole floors domain of the bent engine against the golden corpus */
    grotto_engine b = bent();
    char path[4096], err[512];
    oracle_against_path("corpus", ORACLE_FLOORS, path, sizeof path);
    uint64_t *golden = oracle_digest_load(path, ORACLE_FLOORS, err, sizeof err);
    cr_assert_not_null(golden, "%s", err);
    oracle_compare_opts o = {.a = &b, .want_floors = golden, .threads = 2, .show = 64, .quiet = 1};
    oracle_compare_result r;
    cr_assert_eq(oracle_compare(ORACLE_FLOORS, &o, &r), 0);
    /* the 16 refused floors of seed 7, then the bent B4F of 0x5BC3 */
    cr_expect_eq(r.checked, GROTTO_FLOOR_UNIVERSE);
    cr_expect_eq(r.mismatched, 17);
    cr_expect_eq(r.a_corpus, 17);
    cr_expect_eq(r.ab, 0);
    cr_expect_eq(r.b_corpus, 0);
    cr_assert_eq(r.first_count, 17);
    for (int k = 0; k < 16; k++) {
        cr_expect_eq(r.first[k], grotto_floor_slot(REFUSED_SEED, k + 1));
        cr_expect_eq(r.first_kind[k], ORACLE_A_CORPUS);
    }
    cr_expect_eq(r.first[16], grotto_floor_slot(BENT_SEED, BENT_FLOOR));
    free(golden);
}

Test(oracle_edges, map_json_report_names_band_seed_and_kinds)
{
    grotto_engine b = bent();
    static uint64_t want[GROTTO_MAP_UNIVERSE]; /* the report in words reads the item's corpus digest */
    oracle_compare_opts o = {.a = &grotto_engine_ref, .b = &b, .want_maps = want};
    oracle_compare_result r = {.domain = ORACLE_MAPS, .checked = 393216, .mismatched = 2, .ab = 1, .b_corpus = 2};
    r.first_count = 2;
    r.first[0] = grotto_map_slot(0, 0x0032);
    r.first_kind[0] = ORACLE_B_CORPUS;
    r.first[1] = grotto_map_slot(BENT_BAND, BENT_SEED);
    r.first_kind[1] = ORACLE_AB | ORACLE_A_CORPUS | ORACLE_B_CORPUS;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    oracle_report_json(f, &r, &o);
    fclose(f);
    json_t *j = jparse(text);
    cr_assert_not_null(j, "%s", text);
    cr_expect_str_eq(jstr(j, "b"), "bent");
    const json_t *first = json_object_get(j, "first");
    cr_assert_eq(json_array_size(first), 2, "%s", text);
    cr_expect_eq(jint(json_array_get(first, 0), "band"), 2);
    cr_expect_eq(jint(json_array_get(first, 0), "seed"), 0x32);
    cr_expect_str_eq(json_string_value(json_array_get(json_object_get(json_array_get(first, 0), "kinds"), 0)), "b_corpus");
    cr_expect_eq(jint(json_array_get(first, 1), "band"), 221);
    cr_expect_eq(jint(json_array_get(first, 1), "seed"), BENT_SEED);
    const json_t *kinds = json_object_get(json_array_get(first, 1), "kinds");
    cr_assert_eq(json_array_size(kinds), 3, "%s", text);
    cr_expect_str_eq(json_string_value(json_array_get(kinds, 0)), "ab");
    cr_expect_str_eq(json_string_value(json_array_get(kinds, 1)), "a_corpus");
    cr_expect_str_eq(json_string_value(json_array_get(kinds, 2)), "b_corpus");
    json_decref(j);
    free(text);
}

/* ---- digest files ---- */

static char dir[256];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/grotto-oracle-edges-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

/* Removes the folder with the one file a test saves there; 0, or -1 when
 * something else is left in it (a save's temporary). */
static int remove_dir_now(void)
{
    char path[sizeof dir + 16];
    snprintf(path, sizeof path, "%s/maps.digest", dir);
    unlink(path);
    int rc = rmdir(dir);
    dir[0] = 0;
    return rc;
}

/* The end of a test that made the folder: it must go. */
static void expect_dir_removed(void)
{
    char made[sizeof dir];
    memcpy(made, dir, sizeof dir);
    cr_expect_eq(remove_dir_now(), 0, "%s is left behind, not empty", made);
}

/* .fini: the folder of a test that stopped early goes too (an assertion in
 * .fini does not fail the test: expect_dir_removed checks) */
static void remove_dir(void)
{
    if (dir[0])
        remove_dir_now();
}

Test(oracle_edges, a_folder_is_not_a_digest_file, .fini = remove_dir)
{
    make_dir();
    char err[512];
    cr_expect_null(oracle_digest_load(dir, ORACLE_FLOORS, err, sizeof err));
    cr_expect_not_null(strstr(err, "not a regular file"), "%s", err);
    expect_dir_removed();
}

Test(oracle_edges, digest_file_without_a_folder_in_its_name, .fini = remove_dir)
{
    make_dir();
    uint64_t *d = calloc(GROTTO_MAP_UNIVERSE, sizeof *d);
    d[GROTTO_MAP_UNIVERSE - 1] = UINT64_C(0xfeedface12345678);
    char err[512];
    cr_assert_eq(chdir(dir), 0);
    cr_assert_eq(oracle_digest_save("maps.digest", d, ORACLE_MAPS, err, sizeof err), 0, "%s", err);
    uint64_t *back = oracle_digest_load("maps.digest", ORACLE_MAPS, err, sizeof err);
    cr_assert_not_null(back, "%s", err);
    cr_expect_eq(memcmp(back, d, (size_t)GROTTO_MAP_UNIVERSE * sizeof *d), 0, "the last digest too");
    free(back);
    free(d);
    expect_dir_removed();
}

Test(oracle_edges, digest_save_errors_are_reported, .fini = remove_dir)
{
    uint64_t *d = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *d);
    char err[512];
    cr_expect_eq(oracle_digest_save("/nonexistent/floors.digest", d, ORACLE_FLOORS, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "cannot write"), "%s", err);
    if (access("/dev/full", W_OK) == 0) {
        cr_expect_eq(oracle_digest_save("/dev/full", d, ORACLE_FLOORS, err, sizeof err), -1);
        cr_expect_not_null(strstr(err, "write error"), "%s", err);
        struct stat st;
        cr_assert_eq(stat("/dev/full", &st), 0);
        cr_expect(S_ISCHR(st.st_mode), "a device is written in place, never replaced by a rename");
    }
    make_dir();
    cr_expect_eq(oracle_digest_save(dir, d, ORACLE_FLOORS, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "Is a directory"), "%s", err);
    free(d);
    expect_dir_removed();
}

Test(oracle_edges, corpus_folder_from_the_environment)
{
    char path[4096];
    setenv("GROTTO_CORPUS", "/data/corpus", 1);
    cr_expect_str_eq(oracle_corpus_dir(), "/data/corpus");
    oracle_against_path("corpus", ORACLE_MAPS, path, sizeof path);
    cr_expect_str_eq(path, "/data/corpus/golden/maps.digest");
    unsetenv("GROTTO_CORPUS");
}

/* ---- parallel driver and progress line ---- */

static size_t sum_items;

static void add_item(size_t i, void *ctx)
{
    (void)ctx;
    __atomic_add_fetch(&sum_items, i + 1, __ATOMIC_RELAXED);
}

Test(oracle_edges, parallel_driver_with_default_chunk_and_threads)
{
    sum_items = 0;
    base_parallel(0, 1000, 0, add_item, NULL, NULL, NULL);
    cr_expect_eq(sum_items, (size_t)1000 * 1001 / 2);
}

Test(oracle_edges, progress_line_on_a_terminal, .init = cr_redirect_stderr)
{
    base_progress p;
    base_progress_init(&p, "floors ref", 1);
    cr_expect_eq(p.enabled, 0, "--quiet: no progress line");
    p.enabled = 1; /* as on a terminal */
    base_progress_cb(&p, 131072, 524288);
    base_progress_cb(&p, 1, 0); /* nothing to report */
    base_progress_done(&p);
    fflush(stderr);
    char buf[256] = "";
    FILE *err = cr_get_redirected_stderr();
    size_t n = fread(buf, 1, sizeof buf - 1, err);
    buf[n] = 0;
    cr_expect_not_null(strstr(buf, "\rfloors ref: 131072/524288 ( 25%)"), "%s", buf);
    cr_expect_not_null(strstr(buf, "\r\033[K"), "the line is cleared at the end: %s", buf);
}
