/* Enemy-list memory cut of a floor (enemy-list.md). Reference API (ref/). */
#ifndef GROTTO_ELIST_H
#define GROTTO_ELIST_H

#include <stddef.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cut of floor f (its index gives n) for a map of environment env and
 * first-floor monster rank smr. */
void grotto_elist(const grotto_floor_t *f, int env, int smr, grotto_elist_t *out);

/* The same from already-counted layout terms: W, X and the Flag0 count D
 * computed for B = 515 - 2W (regime 2; ignored in regime 1). */
void grotto_elist_from_terms(int env, int mr, int W, int X, int D, grotto_elist_t *out);

/* grotto_elist() in its two halves: the layout terms W, X and D (for
 * B = 515 - 2W) of a floor (§2-§3; chest_count is left alone), and the cut
 * of floor n for (env, smr) from those terms. */
void grotto_elist_layout(const grotto_floor_t *f, grotto_floor_terms *out);
void grotto_elist_of_layout(const grotto_floor_terms *t, int n, int env, int smr, grotto_elist_t *out);

/* State label as the tool words it (enemy-list.md §5.1), ONLY name filled
 * in. jp = 0 English, 1 Japanese. Returns snprintf-style length. */
int grotto_elist_state_text(const grotto_elist_t *e, int jp, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
