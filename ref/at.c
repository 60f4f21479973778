/* The AT of a map seed (research.md §4), read off the generator as the
 * spec words it: step the LCG from the map seed and look at the values -
 * the three shown values, the R2 / +3 / N2 positions, the POP of a zoom
 * and its deftness, the whistle test through the spawn windows of the
 * enemy lists (monsters.json), and the drop-pattern scan with its history
 * of hit bits. Patterns and thresholds: at-patterns.json via
 * grotto/tables.h. */
#include <ctype.h>
#include <string.h>

#include "grotto/at.h"
#include "grotto/rng.h"
#include "grotto/tables.h"
#include "grotto/types.h"

/* "Step n from the map seed" = the value after n LCG steps from the seed. */
static uint32_t step_value(grotto_rng *r)
{
    return grotto_rng_draw(r);
}

static void start_at_seed(grotto_rng *r, uint32_t seed)
{
    grotto_rng_seed(r, seed);
}

int grotto_at_values(uint32_t seed, uint32_t first, uint32_t count, uint16_t *out)
{
    if (seed > GROTTO_SEED_MAX || first < 1 || first > GROTTO_AT_MAX_STEPS ||
        count > GROTTO_AT_MAX_STEPS - first + 1)
        return -1;
    grotto_rng r;
    start_at_seed(&r, seed);
    for (uint32_t n = 1; n < first; n++)
        step_value(&r);
    for (uint32_t i = 0; i < count; i++)
        out[i] = (uint16_t)step_value(&r);
    return 0;
}

/* §4 "AT values shown per map" and "R2 / +3 / N2 (first 400 steps, v[i] =
 * value at step i+1)". The tool draws 404 values so that v[i+3] exists
 * for every i < 400. */
int grotto_at(uint32_t seed, grotto_at_t *out)
{
    enum { DRAWN = GROTTO_AT_MARK_STEPS + 4 };
    if (seed > GROTTO_SEED_MAX)
        return -1;
    uint32_t v[DRAWN];
    grotto_rng r;
    start_at_seed(&r, seed);
    for (int i = 0; i < DRAWN; i++)
        v[i] = step_value(&r);

    grotto_at_t a;
    for (int k = 0; k < GROTTO_AT_SHOWN; k++)
        a.shown[k] = (uint16_t)v[GROTTO_AT_SHOWN_FIRST + k - 1]; /* step n is v[n-1] */

    const uint32_t rare = GROTTO_AT_MARK_RARE, normal = GROTTO_AT_MARK_NORMAL;
    a.r2 = a.plus3 = a.n2 = -1;
    for (int i = 0; i < GROTTO_AT_MARK_STEPS; i++) {
        if (a.r2 == -1 && v[i] < rare && v[i + 1] < rare)
            a.r2 = (int16_t)(i + 1);
        if (a.plus3 == -1 && v[i] < rare && v[i + 3] < rare)
            a.plus3 = (int16_t)(i + 1);
        if (a.n2 == -1 && v[i] >= rare && v[i + 1] < normal && v[i + 2] >= rare && v[i + 3] < normal)
            a.n2 = (int16_t)(i + 1);
    }
    *out = a;
    return 0;
}

/* The least integer >= x (|x| small): what Math.ceil gives. */
static double ceiling(double x)
{
    double t = (double)(long)x; /* toward zero */
    return t < x ? t + 1.0 : t;
}

/* §4 calcDeftness: ceil(v / 32768 * 100 - 2) * 20, <= 0 -> 0, > 999 -> 1000,
 * in doubles as the tool computes it. */
int grotto_at_deftness(uint32_t value)
{
    if (value > 0x7FFF)
        return -1;
    double raw = ceiling((double)value / 32768.0 * 100.0 - 2.0) * 20.0;
    if (raw <= 0)
        return 0;
    if (raw > 999)
        return GROTTO_AT_DEFT_MAX;
    return (int)raw;
}

/* §4 "for zoom n, N = 35 + 29n": the value at step N, the deftness from
 * step N + 1. */
int grotto_at_pop_of(uint32_t seed, int zoom, grotto_at_pop *out)
{
    if (seed > GROTTO_SEED_MAX || zoom < 0 || zoom > GROTTO_AT_ZOOM_MAX)
        return -1;
    uint32_t N = GROTTO_AT_POP_BASE + GROTTO_AT_POP_STRIDE * (uint32_t)zoom;
    grotto_at_pop p;
    p.index = N;
    grotto_rng r;
    start_at_seed(&r, seed);
    for (uint32_t n = 1; n < N; n++)
        step_value(&r);
    p.value = (uint16_t)step_value(&r); /* step N */
    p.next = (uint16_t)step_value(&r);  /* step N + 1 */
    p.deftness = (uint16_t)grotto_at_deftness(p.next);
    *out = p;
    return 0;
}

/* ---- whistle-summoned monsters: the spawn table ---- */

static const struct gt_spawn *member_of(int env, int mr, int monster)
{
    if (env < 1 || env > GT_ENV_COUNT || mr < 1 || mr > GT_MONSTER_RANKS)
        return NULL;
    const struct gt_floor_table *list = &gt_floor_tables[env][mr];
    for (int j = 0; j < list->F; j++)
        if (list->spawn[j].monster == monster)
            return &list->spawn[j];
    return NULL;
}

/* A chest monster has no window (lo = hi = -1 in the table). */
int grotto_at_window(int env, int mr, int monster, uint16_t *lo, uint16_t *hi)
{
    const struct gt_spawn *s = member_of(env, mr, monster);
    if (!s || s->lo < 0 || s->hi < 0)
        return -1;
    *lo = (uint16_t)s->lo;
    *hi = (uint16_t)s->hi;
    return 0;
}

int grotto_at_spawn_monster(int env, int mr, uint32_t value)
{
    if (env < 1 || env > GT_ENV_COUNT || mr < 1 || mr > GT_MONSTER_RANKS)
        return -1;
    const struct gt_floor_table *list = &gt_floor_tables[env][mr];
    for (int j = 0; j < list->F; j++) {
        const struct gt_spawn *s = &list->spawn[j];
        if (s->lo >= 0 && (int32_t)value >= s->lo && (int32_t)value <= s->hi)
            return s->monster;
    }
    return -1;
}

/* §4 "a seed qualifies when the value at step N is in the window and, if a
 * maximum is given, the deftness from step N+1 is <= it". */
int grotto_whistle_match(uint32_t seed, const grotto_whistle *w)
{
    uint16_t lo, hi;
    grotto_at_pop pop;
    if (grotto_at_window(w->env, w->mr, w->monster, &lo, &hi) != 0 || w->deft_max < -1 ||
        grotto_at_pop_of(seed, w->zoom, &pop) != 0)
        return -1;
    if (pop.value < lo || pop.value > hi)
        return 0;
    if (w->deft_max >= 0 && pop.deftness > w->deft_max)
        return 0;
    return 1;
}

/* ---- drop patterns ---- */

int grotto_at_pattern_by_name(const char *name)
{
    for (int p = 1; name && p <= GT_AT_PATTERN_COUNT; p++) {
        const char *a = gt_at_pattern[p].name, *b = name;
        while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b)
            return p;
    }
    return -1;
}

/* evaluateATPtn: at least min_valid bits recorded since the last restart,
 * and the last `width` bits are one of the pattern's windows (the bits it
 * does not care about left out). */
static int pattern_matches(const struct gt_at_pattern *pat, uint32_t history, uint32_t recorded)
{
    if (recorded < pat->min_valid)
        return 0;
    uint32_t last = history & pat->care;
    for (int i = 0; i < pat->windows; i++)
        if (last == pat->window[i])
            return 1;
    return 0;
}

/* §4 drop-pattern search (scanSeedForAtPattern). */
long grotto_at_scan(uint32_t seed, const grotto_at_scan_query *q, uint32_t *start, size_t cap)
{
    if (seed > GROTTO_SEED_MAX || q->pattern < 1 || q->pattern > GT_AT_PATTERN_COUNT || q->threshold > 0x7FFF ||
        q->max_steps < 1 || q->max_steps > GROTTO_AT_MAX_STEPS || q->pop > GROTTO_AT_MAX_STEPS ||
        (cap > 0 && !start))
        return -1;
    const struct gt_at_pattern *pat = &gt_at_pattern[q->pattern];
    /* "for steps 38..maxSteps (1.. if maxSteps <= 50)"; a match counts from
     * POP + 3 on, or anywhere without the lower bound */
    int no_lower_bound = q->max_steps <= GROTTO_AT_NO_BOUND_MAX;
    uint32_t first_step = no_lower_bound ? 1 : GROTTO_AT_LOWER_BOUND;
    uint32_t min_start = no_lower_bound ? 1 : q->pop + 3;

    grotto_rng r;
    start_at_seed(&r, seed);
    uint32_t history = 0, recorded = 0;
    long matches = 0;
    for (uint32_t step = 1; step <= q->max_steps; step++) {
        uint32_t v = step_value(&r);
        if (step < first_step)
            continue;
        uint32_t hit = v <= q->threshold ? 1u : 0u;   /* "a hit bit = value <= threshold" */
        history = ((history << 1) | hit) & 1023u;     /* the last ten bits */
        recorded++;
        if (!pattern_matches(pat, history, recorded))
            continue;
        long match_start = (long)step - pat->width + 1;
        if (match_start >= (long)min_start) {
            if ((size_t)matches < cap)
                start[matches] = (uint32_t)match_start;
            matches++;
        }
        history = 0;                                  /* "the history restarts after each match" */
        recorded = 0;
    }
    return matches;
}
