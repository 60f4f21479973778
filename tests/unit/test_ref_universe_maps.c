/* Whole-universe MapRecords of the reference against corpus/golden/maps.digest
 * (issue 4): 12 bands x 32,768 seeds. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "corpus.h"

Test(ref_universe, every_map_digest_matches_the_corpus, .timeout = 1200)
{
    size_t len;
    uint8_t *raw = corpus_read("golden/maps.digest", &len);
    cr_assert_not_null(raw);
    cr_assert_eq(len, (size_t)GROTTO_MAP_UNIVERSE * 8);
    long mismatched = 0, checked = 0;
    for (int band = 0; band < GROTTO_BANDS; band++)
        for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++) {
            grotto_map_t m;
            uint8_t rec[GROTTO_MAP_RECORD_SIZE];
            cr_assert_eq(grotto_map(gt_band[band].code, seed, &m), 0);
            grotto_map_record(&m, rec);
            uint64_t want = grotto_load_u64le(raw + 8 * grotto_map_slot(band, seed));
            checked++;
            if (grotto_fnv1a(rec, sizeof rec) != want && mismatched++ < 5)
                cr_log_error("map %02X%04X differs from the corpus", gt_band[band].code, seed);
        }
    free(raw);
    fprintf(stderr, "ref_universe_maps: %ld checked, %ld mismatched\n", checked, mismatched);
    cr_expect_eq(checked, GROTTO_MAP_UNIVERSE);
    cr_expect_eq(mismatched, 0);
}
