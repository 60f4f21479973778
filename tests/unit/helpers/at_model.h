/* A test-side model of research.md §4 for the AT tests of both engines:
 * the value at a step by a plain LCG loop, and the tool's drop-pattern
 * scan as its code states it - a ten-bit history register, a count of the
 * bits recorded since the last restart, the window compared under the
 * pattern's care mask - written here without either engine. Also the tool's
 * vectors (DQIX/Grotto-Searcher 5f39e56, scanSeedForAtPattern run under
 * node on these inputs) that the engines must reproduce. */
#ifndef GROTTO_AT_MODEL_H
#define GROTTO_AT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/tables.h"

static inline uint32_t model_at_value(uint32_t seed, uint32_t step)
{
    uint32_t s = seed;
    for (uint32_t i = 0; i < step; i++)
        s = s * 1103515245u + 12345u;
    return (s >> 16) & 0x7FFFu;
}

/* The count of counted matches; starts of the first cap in start[]. */
static inline long model_at_scan(uint32_t seed, int pattern, uint32_t threshold, uint32_t max_steps, uint32_t pop,
                                 uint32_t *start, size_t cap)
{
    const struct gt_at_pattern *p = &gt_at_pattern[pattern];
    int unbounded = max_steps <= 50;
    long min_start = unbounded ? 1 : (long)pop + 3, count = 0;
    uint32_t s = seed, history = 0, valid = 0;
    for (uint32_t step = 1; step <= max_steps; step++) {
        s = s * 1103515245u + 12345u;
        if (!unbounded && step < 38)
            continue;
        history = ((history << 1) | (((s >> 16) & 0x7FFFu) <= threshold)) & 1023u;
        valid++;
        int hit = 0;
        for (int w = 0; w < p->windows; w++)
            hit |= valid >= p->min_valid && (history & p->care) == p->window[w];
        if (!hit)
            continue;
        long first = (long)step - p->width + 1;
        if (first >= min_start) {
            if ((size_t)count < cap)
                start[count] = (uint32_t)first;
            count++;
        }
        history = valid = 0;
    }
    return count;
}

/* The tool's own results (node, 2.js scanSeedForAtPattern with minStart =
 * pop + 3): each exercises one rule. */
typedef struct at_tool_vector {
    const char *why;
    uint32_t seed;
    const char *pattern;
    uint32_t threshold, max_steps, pop;
    long count;
    uint32_t start[8];
} at_tool_vector;

static const at_tool_vector AT_TOOL_VECTORS[] = {
    {"R2_3 cares only for its first and last bit", 40, "R2_3", 1024, 2000, 64, 5, {602, 1042, 1390, 1490, 1973}},
    {"N2 right after a match: three bits recorded, the fourth is the cleared history", 9295, "N2", 1024, 400, 35, 2,
     {129, 132}},
    {"N2 after a match, the partial window not matching", 45, "N2", 512, 2000, 64, 2, {1409, 1723}},
    {"max_steps <= 50: recorded from step 1, counted from step 1", 60, "R2_3", 1024, 45, 35, 1, {32}},
    {"max_steps <= 50: two matches", 4390, "R2", 1024, 45, 35, 2, {10, 34}},
    {"POP 35: a match starting at 50 counts", 40, "R2", 1024, 400, 35, 1, {50}},
    {"POP 93: the same match starts before 96 and is dropped", 40, "R2", 1024, 400, 93, 0, {0}},
    {"zoom 2 (POP 93)", 0, "R2", 1024, 400, 93, 2, {349, 383}},
    {"3_in_7", 35, "3_in_7", 512, 400, 35, 1, {246}},
    {"3_in_10", 5, "3_in_10", 1024, 400, 35, 1, {143}},
};

#endif
