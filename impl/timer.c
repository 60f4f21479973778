/* impl/timer.c: what a console timer value gives (rng-and-timer.md §4), by
 * jump-ahead and tables rather than by stepping the generator:
 *  - the three draws of T are outputs 1, 2 and 3 after seeding with T,
 *    each one affine map of T (§3; impl_draw_at);
 *  - the final quality is a table per base quality (impl_timer_quality,
 *    tables.c: the tool's literal expression base + trunc(k - base/10)
 *    with a double quotient, §4.1: k = r1 mod m, m = 2 (base div 10) + 1,
 *    clamped to 2..248);
 *  - the number of entrance locations is a table per final quality (§4.2,
 *    impl_timer_locations from gt_location_bands). */
#include "grotto/tables.h"
#include "impl.h"
#include "lcg.h"

enum { TIMERS = 65536 };

int impl_timer(uint32_t timer, int base, grotto_timer_value *out)
{
    if (timer >= TIMERS || base < GROTTO_QUALITY_MIN || base > GROTTO_QUALITY_MAX)
        return -1;
    uint32_t r1 = impl_draw_at(timer, 1), seed = impl_draw_at(timer, 2), r3 = impl_draw_at(timer, 3);
    int q = impl_timer_quality[base][impl_mod15(r1, impl_timer_modulus[base])];
    out->timer = (uint16_t)timer;
    out->r1 = (uint16_t)r1;
    out->seed = (uint16_t)seed;
    out->r3 = (uint16_t)r3;
    out->base = (uint8_t)base;
    out->quality = (uint8_t)q;
    out->location = (uint8_t)(impl_mod15(r3, impl_timer_locations[q]) + 1);
    return 0;
}
