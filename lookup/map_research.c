/* One map's AT and multiplayer-bug values (map_research.h): what `grotto map
 * --at`, `grotto map --multibug` and `grotto at MAP` show, built from the
 * engine's at, at_pop, map_floors and multibug members (ref's public
 * grotto_at_values for the listing's values). */
#include <stdlib.h>
#include <string.h>

#include "grotto/at.h"
#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/multibug.h"
#include "map_research.h"

static const grotto_engine *engine_of(const grotto_engine *e)
{
    return e ? e : &grotto_engine_ref;
}

static void position(json_t *o, const char *key, int v)
{
    if (v < 0)
        res_null(o, key);
    else
        res_int(o, key, v);
}

json_t *lookup_at_value(const grotto_engine *e, uint32_t seed, int zoom)
{
    e = engine_of(e);
    grotto_at_t at;
    grotto_at_pop pop;
    if (!e->at || !e->at_pop || e->at(seed, &at) || e->at_pop(seed, zoom, &pop))
        return NULL;
    json_t *o = json_object();
    res_int(o, "first_step", GROTTO_AT_SHOWN_FIRST);
    json_t *v = res_arr(o, "values");
    for (int i = 0; i < GROTTO_AT_SHOWN; i++)
        res_push_int(v, at.shown[i]);
    position(o, "r2", at.r2);
    position(o, "plus3", at.plus3);
    position(o, "n2", at.n2);
    res_int(o, "zoom", zoom);
    json_t *p = res_obj(o, "pop");
    res_int(p, "index", pop.index);
    res_int(p, "value", pop.value);
    res_int(p, "next", pop.next);
    res_int(p, "deftness", pop.deftness);
    return o;
}

static json_t *details_value(const grotto_engine *e, const grotto_map_details_t *d)
{
    json_t *o = json_object();
    char name[192];
    e->map_name(d, 0, name, sizeof name);
    res_str(o, "name_en", name);
    e->map_name(d, 1, name, sizeof name);
    res_str(o, "name_jp", name);
    res_int(o, "floor_count", d->floors);
    res_int(o, "boss", d->boss);
    res_str(o, "boss_en", gt_boss_name[d->boss].en);
    res_str(o, "boss_jp", gt_boss_name[d->boss].jp);
    res_int(o, "level", d->level);
    return o;
}

json_t *lookup_multibug_value(const grotto_engine *e, int quality, uint32_t seed)
{
    e = engine_of(e);
    if (!e->map_floors || !e->multibug || !e->map_name)
        return NULL;
    grotto_map_floors_t *floors = malloc(sizeof *floors);
    grotto_multibug_t *mb = malloc(sizeof *mb);
    json_t *o = NULL;
    if (!floors || !mb || e->map_floors(seed, GROTTO_MAX_FLOORS, floors) || e->multibug(quality, floors, mb))
        goto done;
    o = json_object();
    res_set(o, "bug", details_value(e, &mb->bug));
    res_bool(o, "more_floors", grotto_multibug_more_floors(mb));
    int special = grotto_multibug_bug_floor_special(mb);
    position(o, "special_floor", special ? special : -1);
    unsigned count[11];
    grotto_multibug_chest_counts(mb, count);
    json_t *c = res_obj(o, "chest_counts");
    for (int r = GT_CHEST_RANKS; r >= 1; r--) {
        char letter[2] = {gt_chest_tables[r].letter, 0};
        res_int(c, letter, count[r]);
    }
    json_t *fl = res_arr(o, "floors");
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
        const grotto_elist_t *el = &mb->elist[n - 1];
        json_t *f = json_object();
        char hex[8], text[128];
        res_int(f, "floor", n);
        json_t *ranks = res_arr(f, "chests");
        for (int i = 0; i < mb->chest_count[n - 1]; i++) {
            char letter[2] = {gt_chest_tables[mb->chest_rank[n - 1][i]].letter, 0};
            res_push(ranks, res_string(letter));
        }
        snprintf(hex, sizeof hex, "%04X", el->ofs);
        res_str(f, "ofs_hex", hex);
        res_int(f, "state", el->state);
        grotto_elist_state_text(el, 0, text, sizeof text);
        res_str(f, "state_text_en", text);
        res_int(f, "D", el->D);
        res_bool(f, "beyond", n > mb->orig.floors);
        res_push(fl, f);
    }
done:
    free(floors);
    free(mb);
    return o;
}

int lookup_at(const lookup_at_args *a, res_run *r)
{
    const grotto_engine *e = engine_of(a->engine);
    json_t *at = lookup_at_value(e, a->map.seed, a->zoom);
    if (!at)
        return res_fail(r, "engine %s has no AT of its own", e->name);
    uint16_t *v = malloc(a->steps * sizeof *v);
    if (!v || grotto_at_values(a->map.seed, 1, a->steps, v)) {
        free(v);
        json_decref(at);
        return res_fail(r, "out of memory");
    }
    char id[8];
    lookup_map_id(a->map, id);
    r->doc = res_doc();
    res_str(r->doc, "map", id);
    res_int(r->doc, "seed", a->map.seed);
    res_str(r->doc, "engine", e->name);
    res_set(r->doc, "at", at);
    res_int(r->doc, "threshold", a->threshold);
    res_int(r->doc, "step_count", a->steps);
    uint32_t hits = 0;
    for (uint32_t i = 0; i < a->steps; i++)
        hits += v[i] <= a->threshold;
    res_int(r->doc, "hits", hits);
    res_head(r, "steps");
    uint32_t pop = GROTTO_AT_POP_BASE + GROTTO_AT_POP_STRIDE * (uint32_t)a->zoom;
    for (uint32_t i = 0; i < a->steps; i++) {
        json_t *s = json_object();
        res_int(s, "step", i + 1);
        res_int(s, "value", v[i]);
        res_bool(s, "hit", v[i] <= a->threshold);
        res_bool(s, "pop", i + 1 == pop);
        res_item(r, s);
    }
    free(v);
    return RES_OK;
}
