/* Internal helpers of ref/enemy_list.c, visible to the white-box tests. */
#ifndef REF_ELIST_INTERNAL_H
#define REF_ELIST_INTERNAL_H

#include "grotto/types.h"

/* §3: the Flag0 count D of a floor, with its first and last Flag0 tile. */
int grotto_ref_elist_flag0(const grotto_floor_t *f, grotto_xy *first, grotto_xy *last);
/* §5.3: the tool's classification rule. */
int grotto_ref_elist_state_by_table(int env, int mr, int ofs, int D);
/* §5.4: records that fit, and the state the memory model gives. */
int grotto_ref_elist_survivors(int ofs, int F);
int grotto_ref_elist_state_by_memory(int env, int mr, int survivors, int D);

#endif
