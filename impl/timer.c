/* impl/: what a console timer value gives (rng-and-timer.md §4), by
 * jump-ahead and tables rather than by stepping the generator:
 *  - the three draws of T are outputs 1, 2 and 3 after seeding with T,
 *    each one affine map of T (§3; impl_draw_at);
 *  - the final quality is a table per base quality, filled from the tool's
 *    literal expression base + trunc(k - base/10) with a double quotient
 *    (§4.1: k = r1 mod m, m = 2 (base div 10) + 1), then clamped to 2..248;
 *  - the number of entrance locations is a table per final quality (§4.2,
 *    gt_location_bands). */
#include "grotto/tables.h"
#include "impl.h"
#include "lcg.h"

enum {
    TIMERS = 65536,
    K_MAX = 2 * (GROTTO_QUALITY_MAX / 10) + 1 /* the largest modulus m, 49 */
};

static uint8_t modulus_of_base[GROTTO_QUALITY_MAX + 1];
static uint8_t quality_of_base[GROTTO_QUALITY_MAX + 1][K_MAX];
static uint8_t locations_of_quality[GROTTO_QUALITY_MAX + 1];

void impl_timer_tables_init(void)
{
    for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
        int m = 2 * (base / 10) + 1;
        modulus_of_base[base] = (uint8_t)m;
        for (int k = 0; k < m; k++) {
            int q = base + (int)((double)k - (double)base / 10.0); /* (int) truncates toward zero */
            quality_of_base[base][k] = (uint8_t)(q < GROTTO_QUALITY_MIN   ? GROTTO_QUALITY_MIN
                                                 : q > GROTTO_QUALITY_MAX ? GROTTO_QUALITY_MAX
                                                                          : q);
        }
    }
    for (int i = 0; i < GT_LOCATION_BAND_COUNT; i++)
        for (int q = gt_location_bands[i].qmin; q <= gt_location_bands[i].qmax && q <= GROTTO_QUALITY_MAX; q++)
            locations_of_quality[q] = (uint8_t)gt_location_bands[i].locations;
}

int impl_timer(uint32_t timer, int base, grotto_timer_value *out)
{
    if (timer >= TIMERS || base < GROTTO_QUALITY_MIN || base > GROTTO_QUALITY_MAX)
        return -1;
    impl_init();
    uint32_t r1 = impl_draw_at(timer, 1), seed = impl_draw_at(timer, 2), r3 = impl_draw_at(timer, 3);
    int q = quality_of_base[base][impl_mod15(r1, modulus_of_base[base])];
    out->timer = (uint16_t)timer;
    out->r1 = (uint16_t)r1;
    out->seed = (uint16_t)seed;
    out->r3 = (uint16_t)r3;
    out->base = (uint8_t)base;
    out->quality = (uint8_t)q;
    out->location = (uint8_t)(impl_mod15(r3, locations_of_quality[q]) + 1);
    return 0;
}
