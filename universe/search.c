/* The runs of grotto search and grotto odds (universe.h): the query on the
 * universe index, every matching map as a `search_map` object streamed as
 * "maps" (at most the limit), then the counts and, for odds, the chances.
 * And opening the index for a command: its progress line and trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "lookup.h"
#include "universe.h"

universe_index *universe_index_for(const universe_index_args *a, universe_index_opts *opts, char *err, size_t n)
{
    static base_progress p;
    base_progress_init(&p, "universe index", a->quiet);
    *opts = (universe_index_opts){.engine = a->engine ? a->engine : &grotto_engine_impl,
                                  .threads = a->threads,
                                  .cache = !a->no_cache,
                                  .progress = base_progress_cb,
                                  .progress_ctx = &p};
    universe_index *ix = universe_index_open(opts, err, n);
    base_progress_done(&p);
    if (ix && getenv("GROTTO_INDEX_TRACE"))
        fprintf(stderr, "grotto%s%s: index %s\n", a->who ? " " : "", a->who ? a->who : "", ix->note);
    return ix;
}

/* The location_info objects of one run, each made on first use and shared
 * by every map listed there (a whole-universe listing names each location
 * hundreds of thousands of times); and so the entries of a "locations"
 * list without timer counts, one per (location, quest15): made per row,
 * with their three members, they were a twentieth of a CSV listing's time. */
typedef struct location_infos {
    json_t *info[GT_LOCATION_COUNT + 1];
    json_t *entry[GT_LOCATION_COUNT + 1][2];
} location_infos;

static json_t *location_info(location_infos *c, int l)
{
    if (!c->info[l])
        c->info[l] = lookup_location(l);
    return json_incref(c->info[l]);
}

/* The entry of location l in a row's list; with odds, the row's own (its
 * timer count), else the run's shared one. */
static json_t *location_entry(location_infos *c, int l, int gift, int odds, uint16_t timers)
{
    json_t **shared = &c->entry[l][gift != 0];
    if (!odds && *shared)
        return json_incref(*shared);
    json_t *e = json_object();
    res_int(e, "location", l);
    if (odds)
        res_int(e, "timers", timers);
    res_bool(e, "quest15", gift);
    res_set(e, "location_info", location_info(c, l));
    if (!odds)
        *shared = json_incref(e);
    return e;
}

static void location_infos_free(location_infos *c)
{
    for (int l = 0; l <= GT_LOCATION_COUNT; l++) {
        json_decref(c->info[l]);
        json_decref(c->entry[l][0]);
        json_decref(c->entry[l][1]);
    }
}

/* "locations": where the map is found (for the base, or some base), with
 * the timer values giving it there (odds) and quest 15's gift. */
static void locations(json_t *o, const universe_index *ix, uint32_t m, int base, int odds, location_infos *infos)
{
    uint16_t at[GT_LOCATION_COUNT + 1];
    int quest15 = 0;
    universe_query_places(ix, m, base, at, &quest15);
    json_t *list = res_arr(o, "locations");
    for (int l = 1; l <= GT_LOCATION_COUNT; l++) {
        int gift = quest15 && l == GT_QUEST15_LOCATION;
        if (!at[l] && !gift)
            continue;
        res_push(list, location_entry(infos, l, gift, odds, at[l]));
    }
    res_bool(o, "quest15", quest15);
}

/* "DD5BC3": the band code and the seed in upper-case hex (every listed row
 * has one: not snprintf, whose call cost a twentieth of a CSV row). */
static void map_id(unsigned band_code, uint32_t seed, char out[8])
{
    uint32_t v = (band_code & 0xFFu) << 16 | (seed & 0xFFFFu);
    for (int i = 5; i >= 0; i--, v >>= 4)
        out[i] = "0123456789ABCDEF"[v & 15u];
    out[6] = 0;
}

json_t *universe_map_head(const universe_index *ix, uint32_t m, int with_env)
{
    int band = (int)(m / GROTTO_SEED_COUNT);
    uint32_t seed = m % GROTTO_SEED_COUNT;
    grotto_map_details_t d;
    char id[8], name[192];
    grotto_map_details_of(&ix->map[m], band, gt_band[band].code, seed, &d);
    json_t *o = json_object();
    map_id(d.band_code, d.seed, id);
    res_str(o, "map", id);
    res_int(o, "band", d.band_code);
    res_int(o, "seed", d.seed);
    universe_engine_map_name(ix->engine, &d, 0, name, sizeof name);
    res_str(o, "name_en", name);
    universe_engine_map_name(ix->engine, &d, 1, name, sizeof name);
    res_str(o, "name_jp", name);
    if (with_env)
        res_int(o, "env", d.env);
    res_str(o, "env_en", gt_env_name[d.env].en);
    res_int(o, "floor_count", d.floors);
    res_int(o, "boss", d.boss);
    res_int(o, "level", d.level);
    return o;
}

static json_t *map_value(const universe_index *ix, const universe_query_hit *h, const universe_search_args *a,
                         location_infos *infos)
{
    uint32_t seed = h->map % GROTTO_SEED_COUNT;
    json_t *o = universe_map_head(ix, h->map, 1);
    res_bool(o, "arising", ix->seed_start[seed + 1] > ix->seed_start[seed]);
    res_bool(o, "findable", ix->findable[h->map]);
    json_t *floors = res_arr(o, "matched_floors");
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++)
        if ((h->floors >> n) & 1)
            res_push_int(floors, n + 1);
    if (a->q.sort) {
        char group[32], size[16];
        int steps = a->q.sort == UNIVERSE_SORT_STEPS || a->q.sort == UNIVERSE_SORT_WALK;
        if (steps)
            res_num(o, "sort_value", h->value / 2.0, 1); /* half-steps: exact */
        else
            res_int(o, "sort_value", h->value);
        res_int(o, "sort_floor", h->floor);
        snprintf(size, sizeof size, "%dx%d", h->size, h->size);
        res_str(o, "sort_size", h->size ? size : "");
        universe_rank_group_name(&a->q, h->group, group, sizeof group);
        res_str(o, "sort_group", group);
    }
    if (a->odds) {
        res_int(o, "timers", h->timers);
        res_num(o, "chance", h->timers / (double)GROTTO_TIMER_COUNT, 16); /* k / 2^16: exact */
    }
    locations(o, ix, h->map, a->q.base, a->odds, infos);
    return o;
}

static int listed(const universe_search_args *a, const universe_index *ix, const universe_query_result *q,
                  res_run *r)
{
    unsigned long shown = a->limit && a->limit < q->count ? a->limit : q->count;
    if (a->odds) {
        res_int(r->doc, "base", a->q.base);
        res_str(r->doc, "base_how", a->base_how);
        res_int(r->doc, "timer_values", GROTTO_TIMER_COUNT);
    }
    res_head(r, "maps");
    location_infos infos;
    memset(&infos, 0, sizeof infos);
    for (unsigned long i = 0; i < shown; i++)
        res_item(r, map_value(ix, &q->hit[i], a, &infos));
    location_infos_free(&infos);
    res_int(r->doc, "found", a->q.sort > UNIVERSE_SORT_STEPS ? q->ranked : q->count);
    res_int(r->doc, "shown", (long long)shown);
    if (a->odds) {
        res_int(r->doc, "timers", q->timers);
        res_num(r->doc, "chance", q->timers / (double)GROTTO_TIMER_COUNT, 16);
        res_int(r->doc, "produced", q->produced);
    }
    return RES_OK;
}

int universe_search(const universe_search_args *a, res_run *r)
{
    universe_index_opts o;
    char err[256];
    universe_index *ix = universe_index_for(&a->index, &o, err, sizeof err);
    if (!ix)
        return res_fail(r, "%s", err);
    universe_query_result q;
    if (universe_query_run(ix, &a->q, &q) != 0) {
        universe_index_close(ix);
        return res_fail(r, "out of memory");
    }
    r->doc = res_doc();
    int rc = listed(a, ix, &q, r);
    universe_query_result_free(&q);
    universe_index_close(ix);
    return rc;
}
