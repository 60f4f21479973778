/* ref vs impl on any floor generator input: a 32-bit map seed (the
 * generator is defined for every value, floor-generation.md §2) and a floor
 * 1..16. The FloorRecords must be identical, and so must the analyses and
 * the walking costs (research.md §1; seeds beyond 0x7FFF make floors the
 * golden file does not hold).
 * Input: seed (4 bytes), floor (1), mode (1): mode bit 0 clear keeps the
 * seed in the tool's 16-bit range; mode bits 1-4 all clear take the floor
 * byte as a raw signed number instead, which both engines must refuse
 * alike outside 1..16. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint32_t seed = fz_u32(&in, 4);
    uint32_t kb = fz_u32(&in, 1), mode = fz_u32(&in, 1);
    int k = (int)(kb % 16) + 1;
    if (!(mode & 1))
        seed &= 0xFFFF;
    if (!(mode & 0x1E))
        k = (int)(int8_t)kb;
    grotto_floor_t a, b;
    int ra_ok = grotto_engine_ref.floor(seed, k, &a), rb_ok = grotto_engine_impl.floor(seed, k, &b);
    if (ra_ok != rb_ok)
        FZ_FAIL("floor(%#x, %d): ref returns %d, impl %d", seed, k, ra_ok, rb_ok);
    if ((ra_ok != 0) != (k < 1 || k > GROTTO_MAX_FLOORS))
        FZ_FAIL("floor(%#x, %d) returns %d", seed, k, ra_ok);
    if (ra_ok != 0)
        return 0;
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
    uint16_t wa = grotto_engine_ref.walk(&a), wb = grotto_engine_impl.walk(&b);
    if (wa != wb)
        FZ_FAIL("walking cost of seed %#x floor %d: ref %u, impl %u half-steps", seed, k, wa, wb);
    return 0;
}
