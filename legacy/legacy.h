/* legacy/: the legacy Windows tool's enemy-list model as a third engine,
 * grotto_engine_legacy (grotto/engine.h): neither ref nor impl, but what
 * the community's old tool computed for 16 years (docs/spec-notes.md 27,
 * "The legacy tool's model"). Floors, their analysis and facts, map
 * details, chest ranks, names and timers are the game model's, taken from
 * ref through its public engine (engine.c). The enemy-list cut is the
 * tool's own model (model.c), which differs from the game in two ways:
 *   - it knows no Flag0 tiles: there is no layout-overflow regime, every
 *     passage is counted and D = 0, so it over-estimates ElistOfs on every
 *     floor the game puts into regime 2 (exactly the floors with D > 0);
 *   - its passage count (the adjacency sum / 2) is kept in a byte, so 256
 *     passages count as 0.
 * Its state is the tool's classifier (enemy-list.md §5.3) with D = 0.
 * Prefix legacy_. */
#ifndef GROTTO_LEGACY_H
#define GROTTO_LEGACY_H

#include <stdint.h>

#include "grotto/engine.h"
#include "grotto/types.h"

/* The passage count the tool keeps: X in a byte. No floor has 512
 * passages or more (X <= 2 * 14 * 13 = 364), so this is X - 256 once
 * X >= 256. */
static inline int legacy_passages(int X)
{
    return X >= 256 ? X - 256 : X;
}

/* The tool's cut of a floor of list (env, mr) with W walkable tiles and X
 * passages (the true count; the model wraps it). out->X and out->B are the
 * tool's passage count, out->regime is 1 and out->D 0. */
void legacy_elist(int env, int mr, int W, int X, grotto_elist_t *out);

#endif
