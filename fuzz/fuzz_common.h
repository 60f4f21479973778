/* Helpers shared by the libFuzzer targets: read fields from the input,
 * compare what ref and impl say, and stop loudly on a difference. */
#ifndef GROTTO_FUZZ_COMMON_H
#define GROTTO_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/record.h"

typedef struct {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline uint32_t fz_u32(fz_in *in, int bytes)
{
    uint32_t v = 0;
    for (int i = 0; i < bytes; i++) {
        v = (v << 8) | (in->n ? *in->p : 0);
        if (in->n) {
            in->p++;
            in->n--;
        }
    }
    return v;
}

#define FZ_FAIL(...)                              \
    do {                                          \
        fprintf(stderr, "DIFFERENCE: " __VA_ARGS__); \
        fputc('\n', stderr);                      \
        abort();                                  \
    } while (0)

/* In the comparisons below: a field a->x that differs from b->x. */
#define FZ_FIELD(x)        \
    if (a->x != b->x) {    \
        *what = #x;        \
        return 0;          \
    }

/* Every analysis field that is defined for the floor (reached[] only inside
 * W x H, per-chest flags only for placed chests). */
static inline int fz_analysis_equal(const grotto_floor_t *f, const grotto_floor_analysis *a,
                                    const grotto_floor_analysis *b, const char **what)
{
    FZ_FIELD(ghost_count)
    FZ_FIELD(reached_count)
    FZ_FIELD(unreachable_chests)
    FZ_FIELD(down_unreachable)
    FZ_FIELD(region_count)
    FZ_FIELD(up_next_to_chest)
    FZ_FIELD(softlock_near)
    FZ_FIELD(softlock_far)
    FZ_FIELD(softlock_down_cut)
    for (int i = 0; i < a->ghost_count && i < GROTTO_MAX_GHOSTS; i++)
        if (a->ghost[i].x != b->ghost[i].x || a->ghost[i].y != b->ghost[i].y) {
            *what = "ghost";
            return 0;
        }
    for (int y = 0; y < f->height; y++)
        for (int x = 0; x < f->width; x++)
            if (!a->reached[16 * y + x] != !b->reached[16 * y + x]) {
                *what = "reached";
                return 0;
            }
    for (int i = 0; i < f->chest_count; i++)
        if (!a->chest_unreachable[i] != !b->chest_unreachable[i]) {
            *what = "chest_unreachable";
            return 0;
        }
    for (int i = 0; i < a->region_count && i < GROTTO_MAX_REGIONS; i++)
        if (a->region_size[i] != b->region_size[i] || a->region_first[i].x != b->region_first[i].x ||
            a->region_first[i].y != b->region_first[i].y) {
            *what = "region";
            return 0;
        }
    return 1;
}

static inline int fz_elist_equal(const grotto_elist_t *a, const grotto_elist_t *b, const char **what)
{
    FZ_FIELD(env)
    FZ_FIELD(mr)
    FZ_FIELD(F)
    FZ_FIELD(G)
    FZ_FIELD(cls)
    FZ_FIELD(W)
    FZ_FIELD(X)
    FZ_FIELD(regime)
    FZ_FIELD(boundary)
    FZ_FIELD(A)
    FZ_FIELD(B)
    FZ_FIELD(D)
    FZ_FIELD(ofs)
    FZ_FIELD(survivors)
    FZ_FIELD(state)
    FZ_FIELD(only)
    return 1;
}

static inline int fz_details_equal(const grotto_map_details_t *a, const grotto_map_details_t *b, const char **what)
{
    FZ_FIELD(band)
    FZ_FIELD(band_code)
    FZ_FIELD(seed)
    FZ_FIELD(env)
    FZ_FIELD(floors)
    FZ_FIELD(smr)
    FZ_FIELD(boss)
    FZ_FIELD(prefix)
    FZ_FIELD(suffix)
    FZ_FIELD(group)
    FZ_FIELD(locale)
    FZ_FIELD(level)
    if (memcmp(a->side, b->side, sizeof a->side) != 0) {
        *what = "side";
        return 0;
    }
    return 1;
}

#undef FZ_FIELD

#endif
