/* ref vs impl on any map: a quality 2..248 and a seed 0..0x7FFF. The
 * MapRecords and every enemy-list field of every floor must be identical. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    int quality = 2 + (int)(fz_u32(&in, 1) % 247);
    uint32_t seed = fz_u32(&in, 2) & 0x7FFF;
    grotto_map_t a, b;
    if (grotto_engine_ref.map(quality, seed, &a) != 0 || grotto_engine_impl.map(quality, seed, &b) != 0)
        FZ_FAIL("map(%d, %#x) refused", quality, seed);
    uint8_t ra[GROTTO_MAP_RECORD_SIZE], rb[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(&a, ra);
    grotto_map_record(&b, rb);
    if (memcmp(ra, rb, sizeof ra) != 0)
        FZ_FAIL("MapRecord of quality %d seed %#x", quality, seed);
    for (int n = 0; n < a.d.floors; n++) {
        const char *what = "";
        if (!fz_elist_equal(&a.elist[n], &b.elist[n], &what))
            FZ_FAIL("enemy-list field %s of quality %d seed %#x floor %d", what, quality, seed, n + 1);
    }
    return 0;
}
