/* The oracle's domains: names, index spaces, and the definition of each
 * domain's item count - computed from the universe's dimensions, never
 * from a comparison loop, so that a loop that misses items shows. */
#include <stdio.h>
#include <string.h>

#include "grotto/tables.h"
#include "oracle.h"

static const char *const NAMES[ORACLE_DOMAIN_COUNT] = {"floors", "maps", "qualities", "timers", "sweep",
                                                       "walk",   "at",   "multibug", "chests"};

const char *oracle_domain_name(oracle_domain d)
{
    return d >= 0 && d < ORACLE_DOMAIN_COUNT ? NAMES[d] : "?";
}

int oracle_domain_by_name(const char *name)
{
    for (int d = 0; d < ORACLE_DOMAIN_COUNT; d++)
        if (!strcmp(name, NAMES[d]))
            return d;
    return -1;
}

size_t oracle_domain_size(oracle_domain d)
{
    switch (d) {
    case ORACLE_FLOORS:
        return (size_t)GROTTO_SEED_COUNT * GROTTO_MAX_FLOORS;
    case ORACLE_MAPS:
        return (size_t)GROTTO_BANDS * GROTTO_SEED_COUNT;
    case ORACLE_QUALITIES:
        return (size_t)ORACLE_QUALITY_COUNT * GROTTO_SEED_COUNT;
    case ORACLE_TIMERS:
        return (size_t)GROTTO_TIMER_COUNT * ORACLE_QUALITY_COUNT;
    case ORACLE_SWEEP:
        return (size_t)GROTTO_SEED_COUNT * GROTTO_MAX_FLOORS + (size_t)GROTTO_BANDS * GROTTO_SEED_COUNT;
    case ORACLE_WALK:
        return (size_t)GROTTO_SEED_COUNT * GROTTO_MAX_FLOORS;
    case ORACLE_AT:
        return (size_t)GROTTO_SEED_COUNT * ORACLE_AT_PER_SEED;
    case ORACLE_MULTIBUG:
        return (size_t)GROTTO_BANDS * GROTTO_SEED_COUNT;
    case ORACLE_CHESTS:
        return (size_t)GROTTO_MAP_UNIVERSE * GROTTO_MAX_FLOORS * 256u;
    default:
        return 0;
    }
}

int oracle_band_of_quality(int quality)
{
    for (int b = 0; b < GT_BAND_COUNT; b++)
        if (gt_band[b].qmin <= quality && quality <= gt_band[b].qmax)
            return b;
    return -1;
}

int oracle_domain_unavailable(oracle_domain d, const oracle_compare_opts *o, char *why, size_t n)
{
    if (d == ORACLE_TIMERS && !o->b && !o->want_timers) {
        snprintf(why, n, "timers: nothing to compare the timers with: give a second engine (--b), a "
                         "corpus holding timers.jsonl, or name the domains to run");
        return 1;
    }
    const grotto_engine *sw = o->sweeper ? o->sweeper : &grotto_engine_impl;
    if (d == ORACLE_SWEEP && !sw->sweep) {
        snprintf(why, n, "sweep: engine %s has no memoized sweep", sw->name);
        return 1;
    }
    const grotto_engine *nowalk = !o->a->walk ? o->a : o->b && !o->b->walk ? o->b : NULL;
    if (d == ORACLE_WALK && nowalk) {
        snprintf(why, n, "walk: engine %s computes no walking cost", nowalk->name);
        return 1;
    }
    if (d == ORACLE_WALK && !o->b && !o->want_walk) {
        snprintf(why, n, "walk: nothing to compare the walking costs with: give a second engine (--b), a "
                         "corpus holding floor-walk.bin, or name the domains to run");
        return 1;
    }
    if (d == ORACLE_AT || d == ORACLE_MULTIBUG) {
        const char *name = oracle_domain_name(d);
        if (!o->b) {
            snprintf(why, n, "%s: nothing to compare with: no corpus holds it; give a second engine (--b)", name);
            return 1;
        }
        const grotto_engine *e[2] = {o->a, o->b};
        for (int s = 0; s < 2; s++)
            if (d == ORACLE_AT ? !e[s]->at || !e[s]->at_pop || !e[s]->at_scan || !e[s]->whistle : !e[s]->multibug) {
                snprintf(why, n, "%s: engine %s does not compute it", name, e[s]->name);
                return 1;
            }
    }
    if (d == ORACLE_CHESTS) {
        if (!o->b) {
            snprintf(why, n, "chests: nothing to compare with: no corpus holds chest contents; give a second "
                             "engine (--b)");
            return 1;
        }
        const grotto_engine *e[2] = {o->a, o->b};
        for (int s = 0; s < 2; s++)
            if (!e[s]->chest_seconds) {
                snprintf(why, n, "chests: engine %s does not compute chest contents", e[s]->name);
                return 1;
            }
    }
    return 0;
}

/* The count a domain must reach, and its definition in words. */
uint64_t oracle_domain_expected(oracle_domain d, const oracle_compare_opts *o, char *def, size_t n)
{
    uint64_t seeds = GROTTO_SEED_MAX + 1, floors = GROTTO_MAX_FLOORS, bands = GT_BAND_COUNT;
    uint64_t qualities = GROTTO_QUALITY_MAX - GROTTO_QUALITY_MIN + 1, timers = 0xFFFF + 1;
    switch (d) {
    case ORACLE_FLOORS:
        snprintf(def, n, "%llu seeds x %llu floors", (unsigned long long)seeds, (unsigned long long)floors);
        return seeds * floors;
    case ORACLE_MAPS:
        snprintf(def, n, "%llu bands x %llu seeds", (unsigned long long)bands, (unsigned long long)seeds);
        return bands * seeds;
    case ORACLE_QUALITIES:
        snprintf(def, n, "%llu qualities x %llu seeds", (unsigned long long)qualities, (unsigned long long)seeds);
        return qualities * seeds;
    case ORACLE_TIMERS:
        if (!o->b && o->want_timers) {
            snprintf(def, n, "%llu corpus timers x %llu base qualities", (unsigned long long)o->want_timers->count,
                     (unsigned long long)qualities);
            return (uint64_t)o->want_timers->count * qualities;
        }
        snprintf(def, n, "%llu timers x %llu base qualities", (unsigned long long)timers,
                 (unsigned long long)qualities);
        return timers * qualities;
    case ORACLE_SWEEP:
        snprintf(def, n, "%llu floors + %llu maps of %s's memoized sweep", (unsigned long long)(seeds * floors),
                 (unsigned long long)(bands * seeds), (o->sweeper ? o->sweeper : &grotto_engine_impl)->name);
        return seeds * floors + bands * seeds;
    case ORACLE_WALK:
        snprintf(def, n, "%llu seeds x %llu floors", (unsigned long long)seeds, (unsigned long long)floors);
        return seeds * floors;
    case ORACLE_AT:
        snprintf(def, n, "%llu seeds x (marks + whistle + %d scans)", (unsigned long long)seeds, ORACLE_AT_SCANS);
        return seeds * (2 + ORACLE_AT_SCANS);
    case ORACLE_MULTIBUG:
        snprintf(def, n, "%llu bands x %llu seeds", (unsigned long long)bands, (unsigned long long)seeds);
        return bands * seeds;
    case ORACLE_CHESTS:
        return oracle_chests_expected(o, def, n);
    default:
        snprintf(def, n, "?");
        return 0;
    }
}
