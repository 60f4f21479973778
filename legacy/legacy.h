/* The legacy Windows tool's enemy-list model as a third engine: neither ref
 * nor impl, but what the community's old tool computed for 16 years
 * (docs/spec-notes.md, "The legacy tool's model"). Floors, details, chest
 * ranks and timers are ref's; only the enemy-list cut differs:
 *   - it knows no Flag0 tiles: regime 1 always (no passage is dropped when
 *     16W + 8X exceeds 4,128, D = 0), so it over-estimates ElistOfs on every
 *     floor the game puts into regime 2 (exactly the floors with D > 0);
 *   - its passage count is the adjacency sum / 2 kept in a byte: when it
 *     reaches 256, 256 is subtracted.
 * The state is then the tool's classifier (enemy-list.md §5.3) on that
 * ElistOfs with D = 0. */
#ifndef GROTTO_ORACLE_LEGACY_H
#define GROTTO_ORACLE_LEGACY_H

#include <stdint.h>

#include "grotto/engine.h"
#include "grotto/types.h"

extern const grotto_engine grotto_engine_legacy;

/* The legacy cut of a floor with layout terms W, X at (env, floor mr).
 * out->X is the legacy (wrapped) passage count; out->regime is always 1. */
void oracle_legacy_elist(int env, int mr, int W, int X, grotto_elist_t *out);

/* The passage count the legacy tool used (X, or X - 256 once X >= 256). */
static inline int oracle_legacy_passages(int X)
{
    return X >= 256 ? X - 256 : X;
}

#endif
