/* Console timer -> (quality variation, map seed, entrance location), the
 * seeds no timer yields, and the quality bands.
 * rng-and-timer.md §4 (timer), §4.1 (final quality), §4.2 (location),
 * §5 (never-arising seeds); map-details.md §2 (bands).
 * Tables: gt_band, gt_location_bands (tools/tables/map-tables.json). */
#include <string.h>

#include "grotto/rng.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "grotto/types.h"

static int quality_is_valid(int quality)
{
    return quality >= GROTTO_QUALITY_MIN && quality <= GROTTO_QUALITY_MAX;
}

/* rng-and-timer.md §4: seed the LCG with T and take three draws, in order.
 * The console's timer is 16 bits: a wider value is taken mod 65536. */
void grotto_timer(uint32_t timer, grotto_timer_draws *out)
{
    timer %= GROTTO_TIMER_COUNT;
    grotto_rng r;
    grotto_rng_seed(&r, timer);
    out->timer = (uint16_t)timer;
    out->r1 = (uint16_t)grotto_rng_draw(&r);   /* 1st: quality variation */
    out->seed = (uint16_t)grotto_rng_draw(&r); /* 2nd: map seed (15 bits) */
    out->r3 = (uint16_t)grotto_rng_draw(&r);   /* 3rd: entrance location */
}

/* rng-and-timer.md §4.1: the variation delta for k = r1 mod (2d + 1). */
static int quality_delta(int base, int k)
{
    int d = base / 10;
    if (base % 10 == 0)
        return k - d;                       /* -d .. +d   */
    return k <= d ? k - d : k - d - 1;      /* -d .. +d-1 */
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* rng-and-timer.md §4.1: final quality = clamp(base + delta, 2, 248). */
int grotto_final_quality(int base, uint32_t r1)
{
    if (!quality_is_valid(base))
        return -1;
    int m = 2 * (base / 10) + 1;
    int k = (int)(r1 % (uint32_t)m);
    return clamp(base + quality_delta(base, k), GROTTO_QUALITY_MIN, GROTTO_QUALITY_MAX);
}

/* rng-and-timer.md §4.2: location = r3 mod (locations of the final
 * quality's row) + 1. */
int grotto_location(int quality, uint32_t r3)
{
    for (int i = 0; i < GT_LOCATION_BAND_COUNT; i++) {
        const struct gt_location_band *b = &gt_location_bands[i];
        if (quality >= b->qmin && quality <= b->qmax)
            return (int)(r3 % b->locations) + 1;
    }
    return -1; /* outside 2..248 */
}

/* rng-and-timer.md §5: how many of the 65,536 timers give each seed. */
void grotto_seed_timer_counts(uint8_t counts[32768])
{
    memset(counts, 0, GROTTO_SEED_COUNT);
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        counts[d.seed]++;
    }
}

/* rng-and-timer.md §5: the seeds with count 0, ascending. */
int grotto_never_seeds(uint16_t *out)
{
    uint8_t counts[GROTTO_SEED_COUNT]; /* 32 KiB; no static state */
    grotto_seed_timer_counts(counts);
    int n = 0;
    for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++) {
        if (counts[s] != 0)
            continue;
        if (out)
            out[n] = (uint16_t)s;
        n++;
    }
    return n;
}

/* map-details.md §2: the band (0..11) whose quality range holds `quality`. */
int grotto_band_of_quality(int quality)
{
    for (int b = 0; b < GT_BAND_COUNT; b++)
        if (quality >= gt_band[b].qmin && quality <= gt_band[b].qmax)
            return b;
    return -1;
}

/* map-details.md §2: the rank code is the band's lowest quality. */
int grotto_band_code(int band)
{
    if (band < 0 || band >= GT_BAND_COUNT)
        return -1;
    return gt_band[band].code;
}

int grotto_band_of_code(int code)
{
    for (int b = 0; b < GT_BAND_COUNT; b++)
        if (code == gt_band[b].code)
            return b;
    return -1;
}
