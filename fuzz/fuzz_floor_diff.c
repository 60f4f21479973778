/* ref vs impl on any floor generator input: a 32-bit map seed (the
 * generator is defined for every value, floor-generation.md §2) and a floor
 * 1..16. The FloorRecords must be identical, and so must the analyses. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint32_t seed = fz_u32(&in, 4);
    int k = (int)(fz_u32(&in, 1) % 16) + 1;
    if (!(fz_u32(&in, 1) & 1))
        seed &= 0xFFFF; /* half the time stay in the tool's 16-bit range */
    grotto_floor_t a, b;
    if (grotto_engine_ref.floor(seed, k, &a) != 0 || grotto_engine_impl.floor(seed, k, &b) != 0)
        FZ_FAIL("floor(%#x, %d) refused", seed, k);
    uint8_t ra[GROTTO_FLOOR_RECORD_SIZE], rb[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&a, ra);
    grotto_floor_record(&b, rb);
    if (memcmp(ra, rb, sizeof ra) != 0)
        FZ_FAIL("FloorRecord of seed %#x floor %d", seed, k);
    static grotto_floor_analysis aa, ab;
    grotto_engine_ref.analyse(&a, &aa);
    grotto_engine_impl.analyse(&b, &ab);
    const char *what = "";
    if (!fz_analysis_equal(&a, &aa, &ab, &what))
        FZ_FAIL("analysis field %s of seed %#x floor %d", what, seed, k);
    return 0;
}
