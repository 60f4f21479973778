/* rng-and-timer.md §4's table of timer vectors (T -> r1, seed, r3), for the
 * ref and impl timer tests (each checks its own engine against the spec). */
#ifndef GROTTO_SPEC_TIMER_H
#define GROTTO_SPEC_TIMER_H

#include <stdint.h>

static const struct spec_timer_vector {
    uint32_t T;
    uint16_t r1, seed, r3;
} SPEC_TIMER_VECTORS[] = {
    {0, 0, 0x53DC, 9988},          {1, 16838, 0x167E, 10113},    {2, 908, 0x5921, 10239},
    {4660, 19915, 0x4BBE, 6099},   {12345, 21468, 0x2704, 22117}, {36690, 22356, 0x0032, 2995},
    {51675, 30776, 0x0032, 19390}, {65535, 3238, 0x2BA2, 25403},
};
enum { SPEC_TIMER_VECTOR_COUNT = sizeof SPEC_TIMER_VECTORS / sizeof SPEC_TIMER_VECTORS[0] };

#endif
