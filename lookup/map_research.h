/* One map's research values (research.md §4-§5) as result values: its AT
 * (the values at steps 35..37, the R2 / +3 / N2 positions, the POP of a
 * zoom and its deftness), the listing of its AT sequence with hit marks
 * (`grotto at MAP`), and its multiplayer-bug details with the original
 * seed's 16 floors (`grotto map --multibug`). Through the engine interface
 * (grotto/engine.h: at, at_pop, map_floors, multibug, map_name) and ref's
 * public grotto_at_values for the listing's values. Implemented in
 * map_research.c; part of grotto_lookup. */
#ifndef GROTTO_LOOKUP_RESEARCH_H
#define GROTTO_LOOKUP_RESEARCH_H

#include "lookup.h"

/* The "at" object of `map --at` (docs/json.md 'at_value'), or NULL when the
 * engine has no AT or the input is bad. */
json_t *lookup_at_value(const grotto_engine *e, uint32_t seed, int zoom);

/* The "multibug" object of `map --multibug` (docs/json.md 'multibug_value'),
 * or NULL when the engine has no multibug or the input is bad. */
json_t *lookup_multibug_value(const grotto_engine *e, int quality, uint32_t seed);

/* ---- grotto at MAP ---- */
typedef struct lookup_at_args {
    lookup_mapref map;
    uint32_t steps;                /* steps 1..steps listed */
    uint32_t threshold;            /* a hit: value <= threshold */
    int zoom;                      /* the POP index marked: 35 + 29 zoom */
    const grotto_engine *engine;   /* NULL: ref */
} lookup_at_args;
enum { LOOKUP_AT_STEPS_MAX = 100000 };
/* The AT value, then the steps streamed as "steps" (res_head / res_item). */
int lookup_at(const lookup_at_args *a, res_run *r);

#endif
