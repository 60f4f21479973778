/* grotto map's run (lookup.h): a map's details and names, where it can be
 * found, and every floor (view.c). */
#include <string.h>

#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "grotto/walk.h"
#include "view.h"

int lookup_floor_count(lookup_mapref m)
{
    grotto_map_details_t d;
    grotto_map_details(m.quality, m.seed, &d);
    return d.floors;
}

void lookup_map_id(lookup_mapref m, char out[8])
{
    int band = grotto_band_of_quality(m.quality);
    snprintf(out, 8, "%02X%04X", (unsigned)gt_band[band].code & 0xFF, (unsigned)m.seed & 0xFFFF);
}

static const grotto_engine *engine_of(const grotto_engine *e)
{
    return e ? e : &grotto_engine_ref;
}

/* The map's own members: details and names, in the documented order. */
static void details(json_t *doc, const grotto_map_details_t *d)
{
    const struct gt_band *b = &gt_band[grotto_band_of_quality(d->band_code)];
    char id[8], name[192];
    snprintf(id, sizeof id, "%02X%04X", d->band_code, d->seed);
    res_str(doc, "map", id);
    res_int(doc, "band", d->band_code);
    res_int(doc, "quality_min", b->qmin);
    res_int(doc, "quality_max", b->qmax);
    res_int(doc, "seed", d->seed);
    grotto_map_name_en(d, name, sizeof name);
    res_str(doc, "name_en", name);
    grotto_map_name_jp(d, name, sizeof name);
    res_str(doc, "name_jp", name);
    res_int(doc, "env", d->env);
    res_str(doc, "env_en", gt_env_name[d->env].en);
    res_str(doc, "env_jp", gt_env_name[d->env].jp);
    res_int(doc, "floor_count", d->floors);
    res_int(doc, "monster_rank", d->smr);
    res_int(doc, "boss", d->boss);
    res_str(doc, "boss_en", gt_boss_name[d->boss].en);
    res_str(doc, "boss_jp", gt_boss_name[d->boss].jp);
    res_int(doc, "prefix", d->prefix);
    res_int(doc, "suffix", d->suffix);
    res_int(doc, "group", d->group);
    res_int(doc, "locale", d->locale);
    res_int(doc, "level", d->level);
}

static int is_quest15(const grotto_map_details_t *d)
{
    return d->seed == GT_QUEST15_SEED &&
           grotto_band_of_quality(d->band_code) == grotto_band_of_quality(GT_QUEST15_QUALITY);
}

static int record_only(const grotto_map_t *m, res_run *r)
{
    uint8_t rec[GROTTO_MAP_RECORD_SIZE];
    char hex[2 * GROTTO_MAP_RECORD_SIZE + 1];
    grotto_map_record(m, rec);
    lookup_hex(rec, sizeof rec, hex);
    res_str(r->doc, "record", hex);
    return RES_OK;
}

/* The engine whose walk a map's floors get (legacy's floors are ref's). */
static const grotto_engine *walk_engine(const grotto_engine *e)
{
    return e->walk ? e : e->floors_from;
}

/* research.md §1-§2: each floor's walking cost and the map's (in steps:
 * orthogonal 1, diagonal 1.5; null where there is no path), and the map's
 * chests per rank letter over every floor. */
static void walk_and_chests(json_t *doc, const grotto_map_t *m, const uint16_t *cost)
{
    json_t *steps = res_arr(doc, "walk_steps");
    for (int n = 1; n <= m->d.floors; n++)
        res_push(steps, cost[n - 1] == GROTTO_WALK_NONE ? json_null() : json_real(cost[n - 1] / 2.0));
    uint16_t total = grotto_walk_sum(cost, m->d.floors);
    if (total == GROTTO_WALK_NONE)
        res_null(doc, "walk_total");
    else
        res_num(doc, "walk_total", total / 2.0, 1);
    int count[GROTTO_CHEST_RANK_COUNT + 1] = {0};
    for (int n = 1; n <= m->d.floors; n++)
        for (int i = 0; i < m->chest_count[n - 1] && i < GROTTO_MAX_CHESTS; i++)
            if (m->chest_rank[n - 1][i] >= 1 && m->chest_rank[n - 1][i] <= GROTTO_CHEST_RANK_COUNT)
                count[m->chest_rank[n - 1][i]]++;
    json_t *ranks = res_obj(doc, "chest_totals");
    for (int rank = GROTTO_CHEST_RANK_COUNT; rank >= 1; rank--) {
        char letter[2] = {gt_chest_tables[rank].letter, 0};
        res_int(ranks, letter, count[rank]);
    }
}

int lookup_map(const lookup_map_args *a, res_run *r)
{
    const grotto_engine *e = engine_of(a->engine);
    grotto_map_t m;
    if (e->map(a->map.quality, a->map.seed, &m) != 0)
        return res_fail(r, "cannot compute map for quality %d seed 0x%04X", a->map.quality, a->map.seed);
    r->doc = res_doc();
    if (a->record)
        return record_only(&m, r);
    static uint8_t counts[GROTTO_SEED_COUNT];
    grotto_seed_timer_counts(counts);
    details(r->doc, &m.d);
    res_int(r->doc, "timers", counts[a->map.seed]);
    res_bool(r->doc, "never_seed", counts[a->map.seed] == 0);
    res_bool(r->doc, "quest15", is_quest15(&m.d));
    res_str(r->doc, "region", a->region == GROTTO_REGION_INTL ? "intl" : "jp");
    res_str(r->doc, "engine", e->name);
    uint8_t rec[GROTTO_MAP_RECORD_SIZE];
    char digest[17];
    grotto_map_record(&m, rec);
    snprintf(digest, sizeof digest, "%016llx", (unsigned long long)grotto_fnv1a(rec, sizeof rec));
    res_str(r->doc, "record_digest", digest);
    res_set(r->doc, "found_at", lookup_places(a->map.seed, m.d.band));
    json_t *floors = res_arr(r->doc, "floors");
    uint16_t cost[GROTTO_MAX_FLOORS];
    for (int n = 1; n <= m.d.floors; n++) {
        lookup_view v;
        lookup_view_of(e, &m, a->map.seed, n, &v);
        json_t *f = json_object();
        lookup_floor_members(f, &v, a->region, 0);
        res_push(floors, f);
        cost[n - 1] = walk_engine(e)->walk(&v.f);
    }
    walk_and_chests(r->doc, &m, cost);
    return RES_OK;
}
