/* The runs of grotto stats and stats --legacy-diff (universe.h): the
 * figures of stats.c and legacy_diff.c as their documents (docs/json.md),
 * with the comparisons against the published figures made here, once. */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "universe.h"

static const char *const BASIS_NAME[UNIVERSE_BASES] = {"instances", "arising", "distinct"};
static const char *const LOST_NAME[UNIVERSE_LOST_KINDS] = {"pandora", "mimic", "cannibox"};
static const int PUBLISHED[UNIVERSE_LOST_KINDS] = {UNIVERSE_HW6_PANDORA, UNIVERSE_HW6_MIMIC, UNIVERSE_HW6_CANNIBOX};

int universe_stats_lost_reproduced(const universe_stats *s, int basis)
{
    for (int k = 0; k < UNIVERSE_LOST_KINDS; k++)
        if (s->lost[k][basis] != (uint64_t)PUBLISHED[k])
            return 0;
    return 1;
}

int universe_stats_rank_reproduced(const universe_stats *s)
{
    for (int k = 0; k < UNIVERSE_LOST_KINDS; k++)
        if (s->rank_lost[k][UNIVERSE_RANK_ARISING] != (uint64_t)PUBLISHED[k])
            return 0;
    return s->rank_floors[UNIVERSE_RANK_ARISING] == UNIVERSE_HW6_FLOORS;
}

static void map_id(json_t *arr, int band_code, unsigned seed)
{
    char id[8];
    snprintf(id, sizeof id, "%02X%04X", (unsigned)band_code & 0xFF, seed & 0xFFFF);
    res_push(arr, res_string(id));
}

static void softlock(json_t *doc, const universe_stats *s)
{
    static const char *const NAME[4] = {"up_next_to_chest", "down_cut", "both", "both_on_overflow_floors"};
    json_t *o = res_obj(doc, "softlock_candidates");
    for (int i = 0; i < 4; i++) {
        json_t *c = res_obj(o, NAME[i]);
        res_int(c, "floors", (long long)s->softlock_floors[i]);
        res_int(c, "maps", (long long)s->softlock_maps[i]);
    }
}

static void overflow(json_t *doc, const universe_stats *s)
{
    json_t *o = res_obj(doc, "stair_overflow");
    res_int(o, "floors_checked", (long long)s->floors);
    res_int(o, "floors", s->overflow_count);
    json_t *list = res_arr(o, "list");
    for (uint32_t i = 0; i < s->overflow_count && i < UNIVERSE_STATS_MAX_LIST; i++) {
        json_t *f = json_object();
        res_int(f, "seed", s->overflow[i].seed);
        res_int(f, "floor", s->overflow[i].floor);
        res_bool(f, "up_on_wall", s->overflow[i].up_on_wall);
        res_push(list, f);
    }
    res_int(o, "distinct_inputs", s->overflow_inputs);
    json_t *seeds = res_arr(o, "floor_seeds");
    for (uint32_t i = 0; i < s->overflow_inputs; i++)
        res_push_int(seeds, s->overflow_floor_seeds[i]);
    json_t *per = res_obj(o, "occurring_per_band");
    for (int b = 0; b < GROTTO_BANDS; b++) {
        char key[8];
        snprintf(key, sizeof key, "%02X", gt_band[b].code);
        res_int(per, key, s->overflow_occurring[b]);
    }
    res_int(o, "occurring_total", s->overflow_occurring_total);
    res_int(o, "floors_seeds_0000_ffff", s->overflow_count_16bit);
    res_int(o, "distinct_inputs_seeds_0000_ffff", s->overflow_inputs_16bit);
    res_bool(o, "published_reproduced", s->overflow_count_16bit == 16 && s->overflow_inputs_16bit == 4);
    res_int(o, "up_on_wall", s->overflow_up_on_wall);
    res_int(o, "all_floors_up_on_wall", (long long)s->up_on_wall_floors);
}

static void names(json_t *doc, const universe_stats *s)
{
    res_int(res_obj(doc, "never_seeds"), "count", s->never_seeds);
    json_t *q = res_obj(doc, "quest15_name");
    res_int(q, "maps_named", s->quest_name_maps);
    res_int(q, "maps_named_jp", s->quest_name_maps_jp);
    res_int(q, "twins", s->quest_twins);
    res_int(q, "twins_arising", s->quest_twin_arising);
    json_t *twins = res_arr(q, "twin_maps");
    for (int i = 0; i < s->quest_twins && i < UNIVERSE_STATS_MAX_LIST; i++)
        map_id(twins, s->quest_twin_band[i], s->quest_twin_seed[i]);
}

static json_t *zero_spare(const universe_stats_map_floor *z)
{
    json_t *o = json_object();
    char id[8];
    snprintf(id, sizeof id, "%02X%04X", z->band_code, z->seed);
    res_str(o, "map", id);
    res_int(o, "floor", z->floor);
    res_int(o, "state", z->state);
    res_int(o, "elist_ofs", z->ofs);
    json_t *ranks = res_arr(o, "chest_ranks"), *letters = res_arr(o, "chest_letters");
    for (int c = 0; c < 3 && z->rank[c]; c++) {
        char l[2] = {gt_chest_tables[z->rank[c]].letter, 0};
        res_push_int(ranks, z->rank[c]);
        res_push(letters, res_string(l));
    }
    return o;
}

static void rank_basis(json_t *lost, const universe_stats *s)
{
    static const char *const NAME[UNIVERSE_RANK_BASES] = {"arising", "all_seeds"};
    json_t *o = res_obj(lost, "chest_rank_basis");
    for (int b = 0; b < UNIVERSE_RANK_BASES; b++) {
        json_t *c = res_obj(o, NAME[b]);
        res_int(c, "floors", (long long)s->rank_floors[b]);
        for (int k = 0; k < UNIVERSE_LOST_KINDS; k++)
            res_int(c, LOST_NAME[k], (long long)s->rank_lost[k][b]);
    }
    res_bool(o, "published_reproduced", universe_stats_rank_reproduced(s));
    res_int(o, "mimic_zero_spare_count", s->mimic_zero_spare);
    json_t *list = res_arr(o, "mimic_zero_spare");
    for (uint32_t i = 0; i < s->mimic_zero_spare && i < UNIVERSE_STATS_MAX_SPARE; i++)
        res_push(list, zero_spare(&s->mimic_zero_spare_list[i]));
}

static void lost(json_t *doc, const universe_stats *s)
{
    json_t *o = res_obj(doc, "lost_trapped_chests");
    int agree = 0;
    for (int k = 0; k < UNIVERSE_LOST_KINDS; k++) {
        json_t *c = res_obj(o, LOST_NAME[k]);
        for (int b = 0; b < UNIVERSE_BASES; b++)
            res_int(c, BASIS_NAME[b], (long long)s->lost[k][b]);
    }
    json_t *p = res_obj(o, "published");
    res_int(p, "floors", UNIVERSE_HW6_FLOORS);
    for (int k = 0; k < UNIVERSE_LOST_KINDS; k++)
        res_int(p, LOST_NAME[k], PUBLISHED[k]);
    for (int b = 0; b < UNIVERSE_BASES; b++)
        agree |= universe_stats_lost_reproduced(s, b);
    res_bool(o, "published_reproduced", agree);
    rank_basis(o, s);
}

static void states(json_t *doc, const universe_stats *s)
{
    json_t *o = res_obj(doc, "states");
    res_int(o, "map_floors", (long long)s->map_floors);
    json_t *list = res_arr(o, "by_code");
    for (int st = 0; st < UNIVERSE_STATS_STATES; st++) {
        json_t *c = json_object();
        res_int(c, "code", st);
        res_str(c, "label", gt_state_text[st].en);
        for (int b = 0; b < UNIVERSE_BASES; b++)
            res_int(c, BASIS_NAME[b], (long long)s->state[st][b]);
        res_push(list, c);
    }
    json_t *d = res_obj(o, "d_positive");
    for (int b = 0; b < UNIVERSE_BASES; b++)
        res_int(d, BASIS_NAME[b], (long long)s->d_positive[b]);
    res_int(d, "in_state_0", (long long)s->d_positive_state0);
    json_t *a = res_obj(doc, "floor_anomalies");
    res_int(a, "ghost_stairs", (long long)s->ghost_floors);
    res_int(a, "unreachable_chest", (long long)s->nipple_floors);
    res_int(a, "chamber", (long long)s->chamber_floors);
    res_int(a, "down_unreachable", (long long)s->down_unreachable_floors);
}

static void stats_doc(json_t *doc, const universe_stats *s, const universe_index *ix)
{
    res_str(doc, "engine", ix->engine->name);
    res_num(doc, "seconds", s->seconds + ix->seconds, 3);
    json_t *i = res_obj(doc, "index");
    res_bool(i, "from_cache", ix->from_cache);
    res_num(i, "seconds", ix->seconds, 3);
    res_bool(doc, "include_unfindable", s->include_unfindable);
    softlock(doc, s);
    overflow(doc, s);
    names(doc, s);
    lost(doc, s);
    states(doc, s);
}

/* ---- --legacy-diff ---- */

static const char *const CLASS_KEY[UNIVERSE_LEGACY_CLASSES] = {"noenemy_really_only_or_reduced",
                                                               "only_really_reduced", "none_really_special"};

static json_t *example(const universe_legacy_example *x)
{
    int band = (int)(x->map / GROTTO_SEED_COUNT);
    uint32_t seed = x->map % GROTTO_SEED_COUNT;
    grotto_map_details_t d;
    grotto_map_details(gt_band[band].code, seed, &d);
    int only = gt_floor_tables[d.env][grotto_floor_mr(d.smr, x->floor)].only;
    char text[96];
    json_t *o = json_object();
    res_int(o, "band", gt_band[band].code);
    res_int(o, "seed", seed);
    res_int(o, "floor", x->floor);
    res_int(o, "legacy_state", x->legacy_state);
    grotto_elist_state_text(&(grotto_elist_t){.state = x->legacy_state, .only = (uint16_t)only}, 0, text, sizeof text);
    res_str(o, "legacy_state_text", text);
    res_int(o, "legacy_ofs", x->legacy_ofs);
    res_int(o, "state", x->state);
    grotto_elist_state_text(&(grotto_elist_t){.state = x->state, .only = (uint16_t)only}, 0, text, sizeof text);
    res_str(o, "state_text", text);
    res_int(o, "ofs", x->ofs);
    res_int(o, "X", x->X);
    res_int(o, "D", x->D);
    return o;
}

static void legacy_doc(json_t *doc, const universe_legacy_diff *L)
{
    res_int(doc, "floors", (long long)L->floors);
    res_int(doc, "floors_differing", (long long)L->differ);
    res_int(doc, "maps_differing", (long long)L->maps_differ);
    res_int(doc, "flag0_floors", (long long)L->flag0_floors);
    res_int(doc, "flag0_legacy_higher", (long long)L->flag0_over);
    res_int(doc, "flag0_legacy_lower", (long long)L->flag0_under);
    res_int(doc, "wrap_floors", (long long)L->wrap_floors);
    json_t *classes = res_obj(doc, "classes");
    for (int c = 0; c < UNIVERSE_LEGACY_CLASSES; c++) {
        const universe_legacy_class *k = &L->cls[c];
        json_t *o = res_obj(classes, CLASS_KEY[c]);
        res_int(o, "floors", (long long)k->floors);
        res_int(o, "maps", (long long)k->maps);
        res_int(o, "flag0_ignored", (long long)k->cause[UNIVERSE_LEGACY_CAUSE_FLAG0]);
        res_int(o, "wrap", (long long)k->cause[UNIVERSE_LEGACY_CAUSE_WRAP]);
        json_t *ex = res_arr(o, "examples");
        for (int i = 0; i < k->examples; i++)
            res_push(ex, example(&k->ex[i]));
    }
    json_t *fam = res_obj(doc, "families");
    for (int l = 0; l < UNIVERSE_LEGACY_FAMILIES; l++) {
        json_t *o = res_obj(fam, universe_legacy_family_name(l));
        for (int r = 0; r < UNIVERSE_LEGACY_FAMILIES; r++)
            res_int(o, universe_legacy_family_name(r), (long long)L->family[l][r]);
    }
}

int universe_stats_run(const universe_stats_args *a, res_run *r)
{
    universe_index_opts o;
    char err[256];
    if (a->legacy_diff && a->index.engine == &grotto_engine_legacy)
        return res_fail(r, "--legacy-diff compares %s with the game model: give another --engine",
                        grotto_engine_legacy.name);
    universe_index *ix = universe_index_for(&a->index, &o, err, sizeof err);
    if (!ix)
        return res_fail(r, "%s", err);
    static universe_stats s;
    static universe_legacy_diff L;
    int bad = a->legacy_diff ? universe_legacy_diff_compute(ix, &L) : universe_stats_compute(ix, &o, a->include_unfindable, &s);
    if (!bad) {
        r->doc = res_doc();
        if (a->legacy_diff)
            legacy_doc(r->doc, &L);
        else
            stats_doc(r->doc, &s, ix);
    }
    universe_index_close(ix);
    return bad ? res_fail(r, a->legacy_diff ? "internal error: the index is legacy's own" : "out of memory") : RES_OK;
}
