/* A private test PRNG (xorshift64*) for random grids and inputs: tests own
 * their state, so each test file's sequence is fixed by its seed. */
#ifndef GROTTO_TESTRNG_H
#define GROTTO_TESTRNG_H

#include <stdint.h>

static inline uint32_t test_rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (uint32_t)((*s * 0x2545F4914F6CDD1Dull) >> 32);
}

#endif
