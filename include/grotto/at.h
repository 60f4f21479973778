/* The AT of a map seed - the community's "map method" (research.md §4):
 * the generator's values after a map is generated, which players steer to
 * get rare drops (drop patterns: runs of low values) and a chosen
 * whistle-summoned monster (the spawn draw at the POP index, with the
 * deftness read from the next value).
 *
 * "Step n" is the value after n LCG steps from the map seed itself
 * (rng-and-timer.md §1). Reference API (implemented in ref/); impl/ gives
 * the same results through grotto_engine_impl (grotto/engine.h). The drop
 * patterns and the offered thresholds are the tables gt_at_pattern and
 * gt_at_threshold (grotto/tables.h). */
#ifndef GROTTO_AT_H
#define GROTTO_AT_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GROTTO_AT_SHOWN_FIRST = 35,      /* the values shown per map: steps 35, 36, 37 */
    GROTTO_AT_SHOWN = 3,
    GROTTO_AT_MARK_STEPS = 400,      /* R2 / +3 / N2 look at the first 400 positions */
    GROTTO_AT_MARK_RARE = 128,       /* R2, +3: value < 128 (1/256) */
    GROTTO_AT_MARK_NORMAL = 256,     /* N2: value < 256 (1/128) */
    GROTTO_AT_POP_BASE = 35,         /* POP index N = 35 + 29 n for zoom n */
    GROTTO_AT_POP_STRIDE = 29,
    GROTTO_AT_ZOOM_MAX = 100000,     /* largest zoom accepted (N < 2^22) */
    GROTTO_AT_LOWER_BOUND = 38,      /* drop scans record steps from 38 ... */
    GROTTO_AT_NO_BOUND_MAX = 50,     /* ... unless max_steps <= 50: then from step 1 */
    GROTTO_AT_MAX_STEPS = 1 << 22,   /* largest max_steps accepted */
    GROTTO_AT_DEFT_MAX = 1000        /* deftness is 0..1000 */
};

/* Bad input is answered in every build as each comment says; pointers
 * must not be NULL unless a comment allows it. */

/* What the tool shows per map. */
typedef struct grotto_at {
    uint16_t shown[GROTTO_AT_SHOWN]; /* the values at steps 35, 36, 37 */
    /* v[i] = the value at step i + 1; each is the first i + 1 in 1..400
     * with the property, -1 when none:
     *   r2     v[i] < 128 and v[i+1] < 128
     *   plus3  v[i] < 128 and v[i+3] < 128
     *   n2     v[i] >= 128, v[i+1] < 256, v[i+2] >= 128, v[i+3] < 256 */
    int16_t r2, plus3, n2;
} grotto_at_t;

/* The AT of map seed 0..0x7FFF: 0, or -1 (out untouched). */
int grotto_at(uint32_t seed, grotto_at_t *out);

/* The values at steps first .. first + count - 1 of map seed 0..0x7FFF
 * (first >= 1, the last step at most GROTTO_AT_MAX_STEPS) into out[0 ..
 * count-1] (out may be NULL when count is 0): 0, or -1 (out untouched). */
int grotto_at_values(uint32_t seed, uint32_t first, uint32_t count, uint16_t *out);

/* The POP of zoom n: the spawn draw at step N = 35 + 29 n and the value at
 * N + 1, which gives the deftness. */
typedef struct grotto_at_pop {
    uint32_t index;                  /* N */
    uint16_t value;                  /* the value at step N */
    uint16_t next;                   /* the value at step N + 1 */
    uint16_t deftness;               /* grotto_at_deftness(next) */
} grotto_at_pop;

/* zoom 0..GROTTO_AT_ZOOM_MAX, seed 0..0x7FFF: 0, or -1 (out untouched). */
int grotto_at_pop_of(uint32_t seed, int zoom, grotto_at_pop *out);

/* The tool's deftness of a value 0..32767: ceil(v / 32768 * 100 - 2) * 20,
 * 0 when that is <= 0, 1000 when it is > 999. -1 for a value out of range. */
int grotto_at_deftness(uint32_t value);

/* ---- whistle-summoned monsters ---- */

/* The spawn window [lo, hi] of a wandering member of the enemy list of
 * (env 1..5, floor monster rank 1..12); monster is an index into
 * gt_monsters. 0, or -1 when the monster does not wander in that list
 * (a trapped chest, or not a member). */
int grotto_at_window(int env, int mr, int monster, uint16_t *lo, uint16_t *hi);

/* The wandering member whose spawn window holds value: its index into
 * gt_monsters, or -1 (no window holds it, or env / mr out of range). */
int grotto_at_spawn_monster(int env, int mr, uint32_t value);

/* The whistle search's test of one seed. */
typedef struct grotto_whistle {
    int env;                         /* 1..5 */
    int mr;                          /* floor monster rank 1..12 */
    int monster;                     /* index into gt_monsters, wandering in (env, mr) */
    int zoom;                        /* n >= 0: N = 35 + 29 n */
    int deft_max;                    /* -1: none; else deftness(step N + 1) <= deft_max */
} grotto_whistle;

/* 1 when the value at step N is in the monster's window and (if a maximum
 * is given) the deftness is at most it; 0 when not; -1 for bad input. */
int grotto_whistle_match(uint32_t seed, const grotto_whistle *w);

/* ---- drop patterns ---- */

/* A scan of one seed for one pattern (the tool's pattern search; its
 * whistle search with a pattern uses the same scan). Steps 1..max_steps
 * are drawn; from step 38 on (from step 1 when max_steps <= 50) each adds
 * a hit bit (value <= threshold) to the history; a pattern match is
 * counted when it starts at or after pop + 3 (anywhere when max_steps <=
 * 50), and the history restarts after every match, counted or not. The
 * tool raises max_steps to pop + 1 (pattern search) or pop (whistle
 * search) when it is smaller: callers apply that; the scan does not. */
typedef struct grotto_at_scan_query {
    int pattern;                     /* 1..GT_AT_PATTERN_COUNT (gt_at_pattern) */
    uint32_t threshold;              /* 0..32767; the tool offers gt_at_threshold */
    uint32_t max_steps;              /* 1..GROTTO_AT_MAX_STEPS */
    uint32_t pop;                    /* the POP index N (35 + 29 n in the tool) */
} grotto_at_scan_query;

/* Scans map seed 0..0x7FFF: the start steps of the first min(count, cap)
 * counted matches go to start[] (ascending; start may be NULL when cap is
 * 0). Returns the number of counted matches, or -1 for bad input. */
long grotto_at_scan(uint32_t seed, const grotto_at_scan_query *q, uint32_t *start, size_t cap);

/* Pattern code of a name as the tool writes it ("R2", "4_in_6", ...),
 * case-insensitive; -1 when unknown or NULL. */
int grotto_at_pattern_by_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
