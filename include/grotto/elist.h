/* Enemy-list memory cut of a floor (enemy-list.md). Reference API (ref/). */
#ifndef GROTTO_ELIST_H
#define GROTTO_ELIST_H

#include <stddef.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bad input, in every build: each function refuses what no floor of a map
 * can be - an environment env outside 1..5, a first-floor monster rank smr
 * outside 1..12 (mr outside 1..12), a floor number n (f->index) outside
 * 1..16, a floor that is not square with a side of 1..16 (width == height),
 * layout terms beyond a 16 x 16 grid (W or D outside 0..256, X outside
 * 0..480) - by writing the empty cut: *out all zero (env 0 marks
 * it: no list). Pointers must not be NULL. */

/* Cut of floor f (its index gives n) for a map of environment env and
 * first-floor monster rank smr. */
void grotto_elist(const grotto_floor_t *f, int env, int smr, grotto_elist_t *out);

/* The same from already-counted layout terms: W, X and the Flag0 count D
 * computed for B = 515 - 2W (regime 2; ignored in regime 1), for the list
 * of (env, floor monster rank mr). */
void grotto_elist_from_terms(int env, int mr, int W, int X, int D, grotto_elist_t *out);

/* grotto_elist() in its two halves: the layout terms W, X and D (for
 * B = 515 - 2W) of a floor (§2-§3; chest_count is left alone; a floor
 * refused gives W = X = D = 0), and the cut of floor n for (env, smr) from
 * those terms. */
void grotto_elist_layout(const grotto_floor_t *f, grotto_floor_terms *out);
void grotto_elist_of_layout(const grotto_floor_terms *t, int n, int env, int smr, grotto_elist_t *out);

/* State label as the tool words it (enemy-list.md §5.1), ONLY name filled
 * in. jp = 0 English, any other value Japanese. A state outside 0..16
 * gives "?"; so does, in its place, an ONLY monster outside gt_monsters.
 * Returns snprintf-style length (buf may be NULL when size is 0). */
int grotto_elist_state_text(const grotto_elist_t *e, int jp, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
