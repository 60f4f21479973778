/* ref vs impl on any map: every quality 2..248 (each quality of a band, not
 * only its code) and a seed 0..0x7FFF. The MapRecords, the details (floor
 * sides included) and every enemy-list field of every floor must be
 * identical. Input: quality (1 byte), seed (2), mode (1): with mode bit 0
 * set the quality byte minus 4 (-4..251) and the 16-bit seed are taken raw,
 * and both engines must refuse alike what lies outside. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint32_t qb = fz_u32(&in, 1), sb = fz_u32(&in, 2), mode = fz_u32(&in, 1);
    int quality = GROTTO_QUALITY_MIN + (int)(qb % (GROTTO_QUALITY_MAX - GROTTO_QUALITY_MIN + 1));
    uint32_t seed = sb & GROTTO_SEED_MAX;
    if (mode & 1) {
        quality = (int)qb - 4;
        seed = sb;
    }
    static grotto_map_t a, b;
    int ra_ok = grotto_engine_ref.map(quality, seed, &a), rb_ok = grotto_engine_impl.map(quality, seed, &b);
    int valid = quality >= GROTTO_QUALITY_MIN && quality <= GROTTO_QUALITY_MAX && seed <= GROTTO_SEED_MAX;
    if (ra_ok != rb_ok || (ra_ok == 0) != valid)
        FZ_FAIL("map(%d, %#x): ref returns %d, impl %d", quality, seed, ra_ok, rb_ok);
    if (!valid)
        return 0;
    uint8_t ra[GROTTO_MAP_RECORD_SIZE], rb[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(&a, ra);
    grotto_map_record(&b, rb);
    if (memcmp(ra, rb, sizeof ra) != 0)
        FZ_FAIL("MapRecord of quality %d seed %#x", quality, seed);
    const char *what = "";
    if (!fz_details_equal(&a.d, &b.d, &what))
        FZ_FAIL("map detail %s of quality %d seed %#x", what, quality, seed);
    for (int n = 0; n < a.d.floors; n++) {
        if (!fz_elist_equal(&a.elist[n], &b.elist[n], &what))
            FZ_FAIL("enemy-list field %s of quality %d seed %#x floor %d", what, quality, seed, n + 1);
    }
    return 0;
}
