/* The FloorRecord decoder on arbitrary bytes: it either rejects the record
 * or decodes it so that encoding gives back exactly the same 272 bytes. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < GROTTO_FLOOR_RECORD_SIZE)
        return 0;
    grotto_floor_t f;
    if (grotto_floor_from_record(data, &f) != 0)
        return 0;
    uint8_t again[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&f, again);
    if (memcmp(again, data, sizeof again) != 0)
        FZ_FAIL("decode/encode round trip changed the record");
    return 0;
}
