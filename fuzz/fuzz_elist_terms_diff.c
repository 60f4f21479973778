/* ref vs impl on the enemy-list cut from its layout terms alone
 * (enemy-list.md §3-§5), with the list given directly: every environment
 * 1..5, every floor monster rank 1..12, and any terms a 16 x 16 floor can
 * have - W white tiles 0..256, X adjacent white pairs 0..min(2W, 480), D
 * Flag0 tiles 0..W - including combinations no generated floor reaches.
 * ref: grotto_elist_from_terms(); impl: impl_elist_fill() (white-box, as the
 * impl tests use it). Every field must be identical. */
#include "fuzz_common.h"
#include "grotto/elist.h"
#include "impl.h"

enum { MAX_MR = 12, MAX_X = 2 * GROTTO_GRID * (GROTTO_GRID - 1) /* 480 */ };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    int env = 1 + (int)(fz_u32(&in, 1) % 5);
    int mr = 1 + (int)(fz_u32(&in, 1) % MAX_MR);
    int W = (int)(fz_u32(&in, 2) % (GROTTO_CELLS + 1));
    int xmax = 2 * W < MAX_X ? 2 * W : MAX_X;
    int X = (int)(fz_u32(&in, 2) % (uint32_t)(xmax + 1));
    int D = (int)(fz_u32(&in, 2) % (uint32_t)(W + 1));
    grotto_elist_t a, b;
    grotto_elist_from_terms(env, mr, W, X, D, &a);
    impl_elist_terms t = {(uint16_t)W, (uint16_t)X, (uint16_t)D, 0};
    memset(&b, 0, sizeof b);
    impl_elist_fill(t, env, mr, &b);
    const char *what = "";
    if (!fz_elist_equal(&a, &b, &what))
        FZ_FAIL("enemy-list field %s of env %d, mr %d, W %d, X %d, D %d", what, env, mr, W, X, D);
    return 0;
}
