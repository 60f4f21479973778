/* impl/engine.c: impl/ behind the engine interface (grotto/engine.h). Each
 * member is a thin adapter: a floor is a layout plus its chest phase
 * (floorgen.c), analysis and enemy list go through the row masks of the
 * floor (analysis.c, elist.c), maps and timers are impl_map / impl_timer,
 * and the whole universe is the memoised sweep (sweep.c). */
#include <string.h>

#include "grotto/engine.h"
#include "grotto/sweep.h"
#include "impl.h"
#include "impl_map.h"

/* The floors the detection rules read (grotto/floor.h): width and height
 * 1..16, the final stairs and the chest_count (0..3) chests inside them. */
static int floor_readable(const grotto_floor_t *f)
{
    int w = f->width, h = f->height;
    if (w < 1 || w > 16 || h < 1 || h > 16 || f->chest_count > GROTTO_MAX_CHESTS)
        return 0;
    unsigned outside = (f->up.x >= w) | (f->up.y >= h) | (f->down.x >= w) | (f->down.y >= h);
    for (int i = 0; i < f->chest_count; i++)
        outside |= (f->chest[i].x >= w) | (f->chest[i].y >= h);
    return !outside;
}

/* The inputs of a cut (grotto/elist.h): env 1..5, smr 1..12, floor 1..16. */
static int cut_inputs_ok(int n, int env, int smr)
{
    return env >= 1 && env <= GT_ENV_COUNT && smr >= 1 && smr <= 12 && n >= 1 && n <= GROTTO_MAX_FLOORS;
}

static int impl_e_floor(uint32_t seed, int k, grotto_floor_t *out)
{
    return impl_floor_generate(seed, k, out, NULL);
}

static void impl_e_analyse(const grotto_floor_t *f, grotto_floor_analysis *out)
{
    if (!floor_readable(f)) {
        memset(out, 0, sizeof *out); /* the empty analysis: reached_count 0 */
        return;
    }
    impl_floor_masks m;
    impl_masks_of_floor(f, &m);
    impl_analyse_masks(&m, out);
}

static void impl_e_elist(const grotto_floor_t *f, int env, int smr, grotto_elist_t *out)
{
    memset(out, 0, sizeof *out); /* refused: the empty cut, env 0 */
    if (!cut_inputs_ok(f->index, env, smr) || f->width < 1 || f->width > 16 || f->height != f->width)
        return;
    impl_floor_masks m;
    impl_masks_of_floor(f, &m);
    impl_elist_fill(impl_elist_terms_of(m.walk), env, impl_floor_mr(smr, f->index), out);
}

/* the cut from already-counted terms (the second half of impl_e_elist) */
static void impl_e_elist_of_layout(const grotto_floor_terms *t, int n, int env, int smr, grotto_elist_t *out)
{
    memset(out, 0, sizeof *out); /* refused: the empty cut, env 0 */
    if (!cut_inputs_ok(n, env, smr) || !impl_elist_terms_ok(t->W, t->X, t->D))
        return;
    impl_elist_terms terms = {t->W, t->X, t->D, 0};
    impl_elist_fill(terms, env, impl_floor_mr(smr, n), out);
}

static int impl_e_map(int quality, uint32_t seed, grotto_map_t *out)
{
    return impl_map(quality, seed, out);
}

static int impl_e_facts(uint32_t seed, int k, grotto_floor_t *floor, grotto_floor_facts *out)
{
    grotto_floor_t local;
    grotto_floor_t *f = floor ? floor : &local;
    uint8_t up_on_wall = 0;
    if (impl_floor_generate(seed, k, f, &up_on_wall) != 0)
        return -1;
    impl_floor_masks m;
    impl_masks_of_floor(f, &m);
    memset(out, 0, sizeof *out);
    impl_elist_terms t = impl_elist_terms_of(m.walk);
    out->W = t.W;
    out->X = t.X;
    out->D = t.D;
    impl_facts_masks(&m, out, NULL);
    out->up_on_wall = up_on_wall;
    out->overflow = f->overflow;
    out->chest_count = m.chest_count;
    out->walk = impl_walk(f);
    out->width = f->width;
    out->height = f->height;
    return 0;
}

/* The interface's members in declaration order (include/grotto/engine.h). */
const grotto_engine grotto_engine_impl = {"impl",         impl_e_floor,    impl_e_analyse,        impl_e_elist,
                                          impl_e_map,     impl_e_facts,    impl_map_floors,       impl_map_from_floors,
                                          impl_timer,     grotto_impl_sweep, impl_map_name,   impl_e_elist_of_layout,
                                          NULL,           "the bit-packed engine (memoized sweep, threads)",
                                          impl_walk,      impl_at,         impl_at_pop,           impl_at_scan,
                                          impl_whistle,   impl_multibug,   impl_chest_seconds,    impl_chest_hits};
