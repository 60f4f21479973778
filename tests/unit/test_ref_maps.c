/* Whole maps (records.md MapRecord v1): every map of maps-sample.jsonl must
 * come out of grotto_map() byte for byte, and its digest must match. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "corpus.h"

typedef struct {
    long maps, mismatched, special_floors;
} sample_ctx;

static void check_map(const json_t *line, void *arg)
{
    sample_ctx *c = arg;
    uint8_t want[GROTTO_MAP_RECORD_SIZE], got[GROTTO_MAP_RECORD_SIZE];
    cr_assert_eq(hex_decode(jstr(line, "record"), want, sizeof want), GROTTO_MAP_RECORD_SIZE);
    int band = (int)jint(line, "band");
    uint32_t seed = (uint32_t)jint(line, "seed");
    grotto_map_t m;
    cr_assert_eq(grotto_map(band, seed, &m), 0);
    grotto_map_record(&m, got);
    c->maps++;
    long i = first_difference(got, want, sizeof want);
    if (i >= 0) {
        c->mismatched++;
        cr_log_error("map %02X%04X: first differing byte %ld (got %02x, want %02x)", band, seed, i, got[i], want[i]);
    }
    char digest[17];
    digest_hex(got, sizeof got, digest);
    cr_expect_str_eq(digest, jstr(line, "digest"), "map %02X%04X digest", band, seed);
    for (int f = 0; f < m.d.floors; f++)
        c->special_floors += m.elist[f].state != 0;
}

Test(ref_maps, every_sample_map_record_is_byte_identical)
{
    sample_ctx c = {0};
    long lines = corpus_each_line("golden/maps-sample.jsonl", check_map, &c);
    cr_assert_eq(lines, 7765, "maps-sample.jsonl has %ld lines", lines);
    fprintf(stderr, "ref_maps: %ld sample maps checked, %ld mismatched, %ld floors in a non-zero state\n", c.maps,
            c.mismatched, c.special_floors);
    cr_expect_eq(c.mismatched, 0);
    cr_expect_gt(c.special_floors, 3000, "the sample holds every map with a special floor");
}

Test(ref_maps, quality_within_band_gives_the_same_map)
{
    const int quality[] = {2, 30, 55, 56, 60, 61, 75, 76, 80, 81, 100, 101, 120, 121, 140, 141, 160, 161, 180, 181, 200,
                           201, 220, 221, 248};
    const int band_code[] = {2, 2, 2, 56, 56, 61, 61, 76, 76, 81, 81, 101, 101, 121, 121, 141, 141, 161, 161, 181, 181,
                             201, 201, 221, 221};
    for (size_t i = 0; i < sizeof quality / sizeof quality[0]; i++)
        for (uint32_t seed = 0; seed < 0x8000; seed += 1021) {
            grotto_map_t a, b;
            uint8_t ra[GROTTO_MAP_RECORD_SIZE], rb[GROTTO_MAP_RECORD_SIZE];
            cr_assert_eq(grotto_map(quality[i], seed, &a), 0);
            cr_assert_eq(grotto_map(band_code[i], seed, &b), 0);
            grotto_map_record(&a, ra);
            grotto_map_record(&b, rb);
            cr_expect_eq(memcmp(ra, rb, sizeof ra), 0, "quality %d vs band %d, seed %u", quality[i], band_code[i], seed);
            cr_expect_eq(ra[0], band_code[i], "record byte 0 is the band code");
        }
}

Test(ref_maps, bad_input_is_rejected_and_output_untouched)
{
    grotto_map_t m;
    memset(&m, 0xAB, sizeof m);
    cr_expect_eq(grotto_map(1, 0, &m), -1);
    cr_expect_eq(grotto_map(249, 0, &m), -1);
    cr_expect_eq(grotto_map(2, 0x8000, &m), -1);
    cr_expect_eq(((uint8_t *)&m)[0], 0xAB);
}

Test(ref_maps, masayuki_map_hw9)
{
    /* hardware.md HW-9: B50E5C, Ruby Path of Doom Lv.87, 15 floors, boss
     * Tyrannosaurus Wrecks, B15F only metal king slimes wander */
    grotto_map_t m;
    cr_assert_eq(grotto_map(0xB5, 0x0E5C, &m), 0);
    char en[128], jp[192], state[256];
    grotto_map_name_en(&m.d, en, sizeof en);
    grotto_map_name_jp(&m.d, jp, sizeof jp);
    cr_expect_str_eq(en, "Ruby Path of Doom Lv.87");
    cr_expect_str_eq(jp, "見えざる魔神の道Lv87");
    cr_expect_eq(m.d.floors, 15);
    cr_expect_eq(m.d.boss, 11);
    cr_expect_eq(m.elist[14].state, 5, "B15F is an ONLY floor");
    grotto_elist_state_text(&m.elist[14], 0, state, sizeof state);
    cr_expect_str_eq(state, "Metal King Slime only");
}
