/* grotto stats --legacy-diff: the legacy tool's enemy-list model
 * (legacy/legacy.h) against the game model over every map floor of the
 * universe index (legacy_diff.c). */
#ifndef GROTTO_ORACLE_LEGACY_DIFF_H
#define GROTTO_ORACLE_LEGACY_DIFF_H

#include <stdint.h>

/* ---- grotto stats --legacy-diff: where the legacy model misjudges ----
 * Every map floor (12 bands x 32,768 seeds x its floors) with the state of
 * the game model (the index engine's cut from its floor facts) against the legacy
 * model's. State families: none (0), partial (1), reduced (2-4, 10-13),
 * ONLY (5, 14-16), no-enemy (6-9). The named misjudgment classes: */
enum {
    LEGACY_NOENEMY_REALLY_FEWER, /* legacy no-enemy, really ONLY or reduced */
    LEGACY_ONLY_REALLY_REDUCED,  /* legacy ONLY, really reduced */
    LEGACY_NONE_REALLY_SPECIAL,  /* legacy normal ("triple none"), really any other state */
    LEGACY_CLASSES
};
enum { LEGACY_FAMILIES = 5, LEGACY_EXAMPLES = 5, LEGACY_CAUSE_FLAG0 = 0, LEGACY_CAUSE_WRAP = 1 };

typedef struct oracle_legacy_example {
    uint32_t map;                /* grotto_map_slot(band, seed) */
    uint8_t floor, legacy_state, state, D;
    uint16_t legacy_ofs, ofs, X;
} oracle_legacy_example;

typedef struct oracle_legacy_class {
    uint64_t floors;             /* map floors in the class */
    uint64_t maps;               /* maps with at least one */
    uint64_t cause[2];           /* floors by cause: Flag0 ignored (regime 2), or X >= 256 (the wrap) */
    int examples;
    oracle_legacy_example ex[LEGACY_EXAMPLES];
} oracle_legacy_class;

typedef struct oracle_legacy_diff {
    uint64_t floors;             /* map floors compared */
    uint64_t differ;             /* state differs */
    uint64_t maps_differ;        /* maps with a floor whose state differs */
    uint64_t family[LEGACY_FAMILIES][LEGACY_FAMILIES]; /* [legacy][real], floors whose state differs */
    uint64_t flag0_floors;       /* floors with D > 0 */
    uint64_t flag0_over, flag0_under; /* ... on which the legacy ElistOfs is higher / lower
                                         (lower only where the wrap subtracted 4,096) */
    uint64_t wrap_floors;        /* floors with X >= 256 */
    oracle_legacy_class cls[LEGACY_CLASSES];
} oracle_legacy_diff;

struct grotto_index;
const char *oracle_legacy_family_name(int family); /* "none", "partial", ... */
int oracle_legacy_family(int state);
/* 0, or -1 when the index is legacy's own (nothing to compare). */
int oracle_legacy_diff_compute(const struct grotto_index *ix, oracle_legacy_diff *out);

#endif
