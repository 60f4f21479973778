/* Internal helpers of ref/enemy_list.c, visible to ref/ and the white-box
 * tests; named ref_*, so that libgrotto.so does not export them (lib/grotto.map
 * exports grotto_* and gt_* only). */
#ifndef REF_ELIST_INTERNAL_H
#define REF_ELIST_INTERNAL_H

#include "grotto/types.h"

/* §3: the Flag0 count D of a floor, with its first and last Flag0 tile. */
int ref_elist_flag0(const grotto_floor_t *f, grotto_xy *first, grotto_xy *last);
/* §5.3: the tool's classification rule. */
int ref_elist_state_by_table(int env, int mr, int ofs, int D);
/* §5.4: records that fit, and the state the memory model gives. */
int ref_elist_survivors(int ofs, int F);
int ref_elist_state_by_memory(int env, int mr, int survivors, int D);
/* Whether W, X, D are within what a 16 x 16 grid bounds (W <= 256,
 * X <= 480, D <= 256): what grotto_elist_from_terms accepts. */
int ref_elist_terms_valid(int W, int X, int D);

#endif
