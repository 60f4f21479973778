/* Console timer -> (quality variation, map seed, entrance location);
 * rng-and-timer.md §4-§5. Reference API (ref/timer.c). */
#ifndef GROTTO_TIMER_H
#define GROTTO_TIMER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GROTTO_TIMER_COUNT = 65536, GROTTO_NEVER_SEEDS = 302 };

typedef struct grotto_timer_draws {
    uint16_t timer;
    uint16_t r1;    /* quality variation draw */
    uint16_t seed;  /* map seed */
    uint16_t r3;    /* entrance location draw */
} grotto_timer_draws;

/* Bad input is answered in every build as each comment says; pointers
 * must not be NULL unless a comment allows it. */

/* The three draws of timer value T (§4); T is taken mod 65536 (the
 * console's 16-bit timer), so out->timer == T mod 65536. */
void grotto_timer(uint32_t timer, grotto_timer_draws *out);
/* Final quality from a base quality 2..248 and r1 (§4.1); -1 if base invalid. */
int grotto_final_quality(int base, uint32_t r1);
/* Entrance location 1..n from the final quality and r3 (§4.2); -1 if
 * quality is outside 2..248. */
int grotto_location(int quality, uint32_t r3);
/* How many timers yield each seed: counts[0..32767] (§5). */
void grotto_seed_timer_counts(uint8_t counts[32768]);
/* The seeds no timer yields, ascending; returns how many (302). out may be
 * NULL; otherwise it must hold 32768 entries. */
int grotto_never_seeds(uint16_t *out);

/* Quality bands (map-details.md §2). */
int grotto_band_of_quality(int quality);  /* 0..11, -1 outside 2..248 */
int grotto_band_code(int band);           /* lowest quality of the band, -1 outside 0..11 */
int grotto_band_of_code(int code);        /* exact band code -> 0..11, else -1 */

#ifdef __cplusplus
}
#endif

#endif
