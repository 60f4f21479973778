/* The runs of grotto chests, grotto at --pattern / --whistle and grotto
 * search --multibug (research.h): open the universe index, run the search
 * of chest_search.h or at_search.h over the maps the filters select, and
 * answer with one object per found map (streamed as "maps", at most the
 * limit) between the query's description and the counts.
 *
 * The chest search knows only band, seeds and "listed"; the other map
 * filters are applied after it, through a bitmap of the maps that
 * universe_query_run lets through (a hit is one map, so the found set is
 * that of filtering first, in the search's order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base.h"
#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/walk.h"
#include "research_run.h"

/* The map's details as every found map starts: id, band, seed, names,
 * environment, floors, boss and level. */
static json_t *map_head(const universe_index *ix, uint32_t m)
{
    json_t *o = universe_map_head(ix, m, 0);
    res_str(o, "boss_en", gt_boss_name[ix->map[m].boss].en);
    return o;
}

static json_t *second_value(int t, const char *what)
{
    json_t *o = json_object();
    res_int(o, "second", t);
    res_int(o, "stopwatch", t + GROTTO_STOPWATCH_OFFSET);
    res_str(o, "what", what);
    return o;
}

static universe_index *open_index(const universe_search_args *s, res_run *r)
{
    universe_index_opts o;
    char err[256];
    universe_index *ix = universe_index_for(&s->index, &o, err, sizeof err);
    if (!ix)
        res_fail(r, "%s", err);
    return ix;
}

static const grotto_engine *engine_of(const universe_search_args *s)
{
    return s->index.engine ? s->index.engine : &grotto_engine_impl;
}

static void counts(res_run *r, unsigned long limit, uint32_t found, uint32_t looked)
{
    res_int(r->doc, "found", found);
    res_int(r->doc, "shown", limit && limit < found ? (long long)limit : (long long)found);
    res_int(r->doc, "looked", looked);
}

/* ==== grotto chests ==== */

void universe_chests_variant(const universe_chest_query *q, char *buf, size_t size)
{
    static const char *const TIMING[] = {"", "5", "9"};
    const char *t = TIMING[q->timing];
    switch (q->kind) {
    case UNIVERSE_CHEST_QL:
        snprintf(buf, size, "%s%s", *t || q->walk ? t : "QL", q->walk ? "D" : "");
        return;
    case UNIVERSE_CHEST_QL_ALL:
        snprintf(buf, size, "%sA", t);
        return;
    case UNIVERSE_CHEST_COMBO:
        snprintf(buf, size, "combo%s%s%s", *t || q->walk ? " " : "", t, q->walk ? "D" : "");
        return;
    case UNIVERSE_CHEST_THIRD:
        snprintf(buf, size, "%s%s", q->target && !strcasecmp(q->target, "Sainted soma") ? "S3" : "3rd",
                 q->walk ? " D" : "");
        return;
    default:
        snprintf(buf, size, "free");
    }
}

/* The seconds a kind reads, as the tool's presets name them. */
static void chest_seconds(json_t *doc, const universe_chest_query *q)
{
    json_t *a = res_arr(doc, "seconds");
    static const int PPAP[] = {0, 0, 4};
    switch (q->kind) {
    case UNIVERSE_CHEST_QL:
    case UNIVERSE_CHEST_COMBO:
        if (q->timing == UNIVERSE_CHEST_SOLO_PARTY) {
            res_push(a, second_value(1, "Solo"));
            res_push(a, second_value(2, "Party"));
        } else {
            res_push(a, second_value(PPAP[q->timing], q->timing == UNIVERSE_CHEST_PPAP5 ? "PPAP 5" : "PPAP 9"));
        }
        if (q->kind == UNIVERSE_CHEST_COMBO)
            res_push(a, second_value(8, "3rd chest (material)"));
        break;
    case UNIVERSE_CHEST_QL_ALL:
        res_push(a, second_value(PPAP[q->timing], q->timing == UNIVERSE_CHEST_PPAP5 ? "PPAP 5" : "PPAP 9"));
        break;
    case UNIVERSE_CHEST_THIRD:
        res_push(a, second_value(2, "3rd chest"));
        break;
    default:
        for (int i = 0; i < q->conds; i++)
            if (q->cond[i].stopwatch != UNIVERSE_CHEST_ANY_SECOND) {
                char what[32];
                int sw = q->cond[i].stopwatch < GROTTO_STOPWATCH_OFFSET ? GROTTO_STOPWATCH_OFFSET : q->cond[i].stopwatch;
                snprintf(what, sizeof what, "condition %d", i + 1);
                res_push(a, second_value(sw - GROTTO_STOPWATCH_OFFSET, what));
            }
    }
}

static void chest_conditions(json_t *doc, const universe_chest_query *q)
{
    if (q->kind != UNIVERSE_CHEST_FREE) {
        res_null(doc, "conditions");
        return;
    }
    static const char *const PICK[] = {"any", "1", "2", "3", "not-3"};
    json_t *a = res_arr(doc, "conditions");
    for (int i = 0; i < q->conds; i++) {
        const universe_chest_cond *c = &q->cond[i];
        json_t *o = json_object();
        res_int(o, "floor", c->floor);
        res_str(o, "chest", PICK[c->chest]);
        if (c->rank) {
            char letter[2] = {gt_chest_tables[c->rank].letter, 0};
            res_str(o, "rank", letter);
        } else {
            res_null(o, "rank");
        }
        res_str(o, "item", c->item);
        if (c->stopwatch == UNIVERSE_CHEST_ANY_SECOND) {
            res_null(o, "second");
            res_null(o, "stopwatch");
        } else {
            int sw = c->stopwatch < GROTTO_STOPWATCH_OFFSET ? GROTTO_STOPWATCH_OFFSET : c->stopwatch;
            res_int(o, "second", sw - GROTTO_STOPWATCH_OFFSET);
            res_int(o, "stopwatch", sw);
        }
        res_push(a, o);
    }
}

static json_t *chest_hit_value(const universe_index *ix, const universe_chest_query *q, const universe_chest_hit *h)
{
    json_t *o = map_head(ix, h->map);
    res_int(o, "floor", h->floor);
    if (q->kind == UNIVERSE_CHEST_QL)
        res_int(o, "chests", h->chests);
    else
        res_null(o, "chests");
    if (q->walk && h->walk != GROTTO_WALK_NONE)
        res_num(o, "walk", h->walk / 2.0, 1);
    else
        res_null(o, "walk");
    res_bool(o, "more_chests", h->x3);
    return o;
}

/* Bitmap of the maps the filters let through (1 byte per map slot). */
static uint8_t *passing(const universe_index *ix, const universe_query *q)
{
    universe_query_result qr;
    if (universe_query_run(ix, q, &qr))
        return NULL;
    uint8_t *ok = calloc(GROTTO_MAP_UNIVERSE, 1);
    for (uint32_t i = 0; ok && i < qr.count; i++)
        ok[qr.hit[i].map] = 1;
    universe_query_result_free(&qr);
    return ok;
}

int universe_chests_run(const universe_chests_args *a, res_run *r)
{
    universe_index *ix = open_index(&a->s, r);
    if (!ix)
        return RES_ERROR;
    universe_chest_query q = a->c;
    q.band = a->s.q.band;
    q.seed_lo = a->seed_lo;
    q.seed_hi = a->seed_hi;
    q.listed_only = a->s.q.findable;
    uint8_t *ok = passing(ix, &a->s.q);
    if (!ok) {
        universe_index_close(ix);
        return res_fail(r, "out of memory");
    }
    q.only = ok; /* the map filters first: the D variants' B10F cut is over the maps they pass */
    q.threads = a->s.index.threads;
    universe_chest_result res;
    char err[256];
    int rc = universe_chest_search(ix, engine_of(&a->s), &q, &res, err, sizeof err);
    if (rc) {
        free(ok);
        universe_index_close(ix);
        return res_fail(r, "%s", err);
    }
    uint32_t found = res.count, looked = 0;
    for (int band = 0; band < GROTTO_BANDS; band++)
        for (uint32_t s = q.seed_lo; (q.band < 0 || q.band == band) && s <= q.seed_hi; s++)
            looked += ok[grotto_map_slot(band, s)];
    char variant[32];
    universe_chests_variant(&q, variant, sizeof variant);
    r->doc = res_doc();
    static const char *const KIND[] = {"ql", "ql", "combo", "3rd", "free"};
    res_str(r->doc, "kind", KIND[q.kind]);
    res_str(r->doc, "variant", variant);
    res_str(r->doc, "target", q.kind == UNIVERSE_CHEST_FREE ? NULL : q.target);
    res_bool(r->doc, "walk", q.walk);
    chest_seconds(r->doc, &q);
    chest_conditions(r->doc, &q);
    res_head(r, "maps");
    unsigned long shown = a->s.limit && a->s.limit < found ? a->s.limit : found;
    for (unsigned long i = 0; i < shown; i++)
        res_item(r, chest_hit_value(ix, &q, &res.hit[i]));
    counts(r, a->s.limit, found, looked);
    free(ok);
    universe_chest_result_free(&res);
    universe_index_close(ix);
    return RES_OK;
}

/* ==== grotto at --pattern / --whistle ==== */

static json_t *at_hit_value(const universe_index *ix, const universe_at_search_args *a, const universe_at_hit *h)
{
    json_t *o = map_head(ix, h->map);
    json_t *p = res_obj(o, "pop");
    res_int(p, "index", h->pop.index);
    res_int(p, "value", h->pop.value);
    res_int(p, "next", h->pop.next);
    res_int(p, "deftness", h->pop.deftness);
    int pattern = a->whistle ? a->w.pattern : a->p.pattern;
    if (pattern) {
        res_int(o, "matches", h->matches);
        res_int(o, "first_match", h->first);
    } else {
        res_null(o, "matches");
        res_null(o, "first_match");
    }
    return o;
}

int universe_at_search_run(const universe_at_search_args *a, res_run *r)
{
    universe_index *ix = open_index(&a->s, r);
    if (!ix)
        return RES_ERROR;
    universe_at_where where = {&a->s.q, a->seed_lo, a->seed_hi, a->s.index.threads};
    universe_at_result res;
    const grotto_engine *e = engine_of(&a->s);
    int rc = a->whistle ? universe_whistle_search(ix, e, &where, &a->w, &res)
                        : universe_at_pattern_search(ix, e, &where, &a->p, &res);
    if (rc) {
        universe_index_close(ix);
        return res_fail(r, "the AT search failed (bad query, an engine without an AT, or out of memory)");
    }
    int pattern = a->whistle ? a->w.pattern : a->p.pattern;
    uint32_t threshold = a->whistle ? a->w.threshold : a->p.threshold, steps = a->whistle ? a->w.max_steps : a->p.max_steps;
    int zoom = a->whistle ? a->w.w.zoom : a->p.zoom;
    r->doc = res_doc();
    res_str(r->doc, "search", a->whistle ? "whistle" : "pattern");
    res_int(r->doc, "zoom", zoom);
    res_int(r->doc, "pop_index", GROTTO_AT_POP_BASE + GROTTO_AT_POP_STRIDE * zoom);
    if (pattern) {
        json_t *p = res_obj(r->doc, "pattern");
        res_str(p, "name", gt_at_pattern[pattern].name);
        res_int(p, "threshold", threshold);
        res_int(p, "max_steps", steps);
    } else {
        res_null(r->doc, "pattern");
    }
    if (a->whistle) {
        json_t *w = res_obj(r->doc, "whistle");
        uint16_t lo = 0, hi = 0;
        grotto_at_window(a->w.w.env, a->w.w.mr, a->w.w.monster, &lo, &hi);
        res_str(w, "env_en", gt_env_name[a->w.w.env].en);
        res_int(w, "monster_rank", a->w.w.mr);
        res_str(w, "monster_en", gt_monsters[a->w.w.monster].en);
        res_str(w, "monster_jp", gt_monsters[a->w.w.monster].jp);
        res_int(w, "window_lo", lo);
        res_int(w, "window_hi", hi);
        if (a->w.w.deft_max >= 0)
            res_int(w, "deftness_max", a->w.w.deft_max);
        else
            res_null(w, "deftness_max");
    } else {
        res_null(r->doc, "whistle");
    }
    res_head(r, "maps");
    unsigned long shown = a->s.limit && a->s.limit < res.count ? a->s.limit : res.count;
    for (unsigned long i = 0; i < shown; i++)
        res_item(r, at_hit_value(ix, a, &res.hit[i]));
    counts(r, a->s.limit, res.count, res.looked);
    universe_at_result_free(&res);
    universe_index_close(ix);
    return RES_OK;
}

/* ==== grotto search --multibug ==== */

static json_t *details_value(const grotto_engine *e, const grotto_map_details_t *d)
{
    json_t *o = json_object();
    char name[192];
    universe_engine_map_name(e, d, 0, name, sizeof name);
    res_str(o, "name_en", name);
    universe_engine_map_name(e, d, 1, name, sizeof name);
    res_str(o, "name_jp", name);
    res_int(o, "floor_count", d->floors);
    res_int(o, "boss", d->boss);
    res_str(o, "boss_en", gt_boss_name[d->boss].en);
    res_int(o, "level", d->level);
    return o;
}

/* A found map: its bug map and the listed floors of the 16-floor generation. */
static json_t *multibug_hit_value(const universe_index *ix, const grotto_engine *e, const universe_multibug_hit *h,
                                  grotto_map_floors_t *floors, grotto_multibug_t *mb)
{
    json_t *o = map_head(ix, h->map);
    uint32_t seed = h->map % GROTTO_SEED_COUNT;
    int have = !universe_engine_map_floors(ix, e, seed, GROTTO_MAX_FLOORS, floors) &&
               !e->multibug(gt_band[h->map / GROTTO_SEED_COUNT].qmin, floors, mb);
    if (have)
        res_set(o, "bug", details_value(e, &mb->bug));
    else
        res_null(o, "bug");
    res_bool(o, "more_floors", h->bug_floors > h->orig_floors);
    json_t *fl = res_arr(o, "floors");
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
        if (!((h->shown >> (n - 1)) & 1))
            continue;
        json_t *f = json_object();
        char hex[8], text[128] = "";
        res_int(f, "floor", n);
        snprintf(hex, sizeof hex, "%04X", h->ofs[n - 1]);
        res_str(f, "ofs_hex", hex);
        res_int(f, "state", h->state[n - 1]);
        if (have)
            grotto_elist_state_text(&mb->elist[n - 1], 0, text, sizeof text);
        res_str(f, "state_text_en", have ? text : NULL);
        if (have)
            res_int(f, "flag0", mb->elist[n - 1].D);
        else
            res_null(f, "flag0");
        res_bool(f, "matched", (h->matched >> (n - 1)) & 1);
        res_bool(f, "beyond", n > h->orig_floors);
        res_push(fl, f);
    }
    return o;
}

int universe_multibug_run(const universe_multibug_args *a, res_run *r)
{
    universe_index *ix = open_index(&a->s, r);
    if (!ix)
        return RES_ERROR;
    universe_at_where where = {&a->s.q, a->seed_lo, a->seed_hi, a->s.index.threads};
    universe_multibug_result res;
    const grotto_engine *e = engine_of(&a->s);
    if (universe_multibug_search(ix, e, &where, &a->m, &res)) {
        universe_index_close(ix);
        return res_fail(r, "the multibug search failed (an engine without multibug, or out of memory)");
    }
    grotto_map_floors_t *floors = malloc(sizeof *floors);
    grotto_multibug_t *mb = malloc(sizeof *mb);
    if (!floors || !mb) {
        free(floors);
        free(mb);
        universe_multibug_result_free(&res);
        universe_index_close(ix);
        return res_fail(r, "out of memory");
    }
    r->doc = res_doc();
    json_t *c = res_obj(r->doc, "conditions");
    res_bool(c, "more_floors", a->m.more_floors);
    res_bool(c, "special_in_bug", a->m.special_in_bug);
    json_t *st = res_arr(c, "states");
    uint32_t states = a->m.states;
    int any_chests = 0;
    for (int k = 1; k <= GT_CHEST_RANKS; k++)
        any_chests |= a->m.chests[k] != 0;
    if (a->m.special_in_bug)
        states = 0; /* any state in (orig, bug] counts */
    else if (!states && !any_chests && !a->m.with_monster && !a->m.flag0)
        states = UNIVERSE_MULTIBUG_ONLY_STATES; /* the tool's default: ONLY floors */
    for (int s = 0; s < 17; s++)
        if ((states >> s) & 1)
            res_push_int(st, s);
    res_bool(c, "flag0", a->m.flag0);
    res_str(c, "monster_en", a->m.with_monster ? gt_monsters[a->m.monster].en : NULL);
    json_t *ch = res_obj(c, "chests");
    for (int k = GT_CHEST_RANKS; k >= 1; k--)
        if (a->m.chests[k]) {
            char letter[2] = {gt_chest_tables[k].letter, 0};
            res_int(ch, letter, a->m.chests[k]);
        }
    res_head(r, "maps");
    unsigned long shown = a->s.limit && a->s.limit < res.count ? a->s.limit : res.count;
    for (unsigned long i = 0; i < shown; i++)
        res_item(r, multibug_hit_value(ix, e, &res.hit[i], floors, mb));
    counts(r, a->s.limit, res.count, res.looked);
    json_t *skipped = res_arr(r->doc, "bands_skipped");
    for (int b = 0; b < GROTTO_BANDS; b++)
        if (res.bands_skipped >> b & 1u) {
            char code[3];
            snprintf(code, sizeof code, "%02X", gt_band[b].code);
            res_push(skipped, json_string(code));
        }
    free(floors);
    free(mb);
    universe_multibug_result_free(&res);
    universe_index_close(ix);
    return RES_OK;
}
