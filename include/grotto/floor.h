/* One grotto floor (floor-generation.md) and its analysis (§12).
 * Reference API (ref/). */
#ifndef GROTTO_FLOOR_H
#define GROTTO_FLOOR_H

#include <stdint.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Side length of floor k (1..16) of map seed S (floor-generation.md §2),
 * any 32-bit seed; -1 for k outside 1..16. */
int grotto_floor_side(uint32_t seed, int k);

/* Generate floor k (1..16) of map seed `seed`. Returns 0, or -1 when k is
 * outside 1..16 (out untouched). Any 32-bit seed is accepted here: the
 * generator is defined for it (the CLI restricts seeds to 0..0x7FFF).
 * out must not be NULL. */
int grotto_floor(uint32_t seed, int k, grotto_floor_t *out);

/* Same, also returning the number of draws and the full 1,336-byte work
 * area (any of out, draws and work_area may be NULL). */
enum { GROTTO_WORK_AREA_SIZE = 1336 };
int grotto_floor_ex(uint32_t seed, int k, grotto_floor_t *out,
                    uint32_t *draws, uint8_t work_area[GROTTO_WORK_AREA_SIZE]);

/* Detection rules: ghost stairs, reachability, nipples, chambers, softlock,
 * read within f's width x height. f must be a floor the rules can read:
 * width and height 1..16, the final up and down stairs inside them,
 * chest_count 0..3 and those chests inside them (every generated floor
 * is). Another floor gets the empty analysis, in every build: *out all
 * zero - reached_count 0 marks it, since a floor read always reaches its
 * up stairs' tile. Pointers must not be NULL. */
void grotto_floor_analyse(const grotto_floor_t *f, grotto_floor_analysis *out);

#ifdef __cplusplus
}
#endif

#endif
