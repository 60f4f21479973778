/* Universe statistics (universe.h), computed from the universe index: the
 * floor facts, the maps' details and the list of map floors in a non-zero
 * enemy-list state (every other map floor is in state 0). */
#include <stdlib.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "base.h"
#include "universe.h"

/* A floor instance is fixed by (seed, floor number, env, floor MR) and env
 * depends on the seed alone (enemy-list.md §8): distinct key (seed, n, mr). */
static size_t distinct_key(uint32_t seed, int n, int mr)
{
    return ((size_t)seed * GROTTO_MAX_FLOORS + (size_t)(n - 1)) * 13 + (size_t)mr;
}

enum { KEYS = GROTTO_SEED_COUNT * GROTTO_MAX_FLOORS * 13 };

static int set_once(uint8_t *bits, size_t key)
{
    uint8_t m = (uint8_t)(1u << (key & 7));
    if (bits[key >> 3] & m)
        return 0;
    bits[key >> 3] |= m;
    return 1;
}

static int lost_kind(int state, int kind)
{
    /* records.md codes: Pandora lost 7..16; Mimic lost 8,9,11,12,13,15,16; Cannibox 9,12,13,16 */
    switch (kind) {
    case UNIVERSE_LOST_PANDORA: return state >= 7 && state <= 16;
    case UNIVERSE_LOST_MIMIC: return state == 8 || state == 9 || (state >= 11 && state <= 13) || state == 15 || state == 16;
    default: return state == 9 || state == 12 || state == 13 || state == 16;
    }
}

static int arises(const universe_index *ix, uint32_t seed)
{
    return ix->seed_start[seed + 1] > ix->seed_start[seed];
}

/* The maps of the arising basis, per map slot: the findable ones (as search
 * and odds list them), or with include_unfindable every map whose seed
 * arises. NULL: out of memory. */
static uint8_t *basis_table(const universe_index *ix, int include_unfindable)
{
    if (!include_unfindable)
        return universe_findable_table(ix);
    uint8_t *t = malloc(GROTTO_MAP_UNIVERSE);
    for (uint32_t m = 0; t && m < GROTTO_MAP_UNIVERSE; m++)
        t[m] = (uint8_t)arises(ix, m % GROTTO_SEED_COUNT);
    return t;
}

/* Record the floor-generator input of (seed, floor k) - (S + k, size band of
 * k), encoded as (S + k) * 4 + band - once in a short list. */
static void add_input(uint32_t *list, uint32_t *n, uint32_t seed, int k)
{
    uint32_t input = (seed + (uint32_t)k) * 4 + (uint32_t)((k - 1) / 4);
    for (uint32_t j = 0; j < *n; j++)
        if (list[j] == input)
            return;
    if (*n < UNIVERSE_STATS_MAX_LIST)
        list[(*n)++] = input;
}

static void floor_stats(const universe_index *ix, universe_stats *s)
{
    s->floors = GROTTO_FLOOR_UNIVERSE;
    uint32_t inputs[UNIVERSE_STATS_MAX_LIST]; /* the floor inputs of seeds 0x0000..0xFFFF that overflow */
    uint32_t ninputs = 0;
    /* the counts in locals: a byte read from a floor may alias any counter
     * of *s, so counters there would be stored and reloaded every floor */
    uint64_t ghost = 0, nipple = 0, chamber = 0, down_unreachable = 0, up_on_wall = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        const grotto_floor_facts *f = &ix->floor[i];
        if (i + 128 < GROTTO_FLOOR_UNIVERSE)
            __builtin_prefetch(f + 128); /* universe_prefetch_floors */
        ghost += f->ghost_count > 0;
        nipple += f->unreachable_chests > 0;
        chamber += f->region_count > 0;
        down_unreachable += f->down_unreachable;
        up_on_wall += f->up_on_wall;
        if (!f->overflow)
            continue;
        uint32_t seed = (uint32_t)(i / GROTTO_MAX_FLOORS);
        int k = (int)(i % GROTTO_MAX_FLOORS) + 1;
        if (s->overflow_count < UNIVERSE_STATS_MAX_LIST)
            s->overflow[s->overflow_count] = (universe_stats_floor_ref){(uint16_t)seed, (uint8_t)k, f->up_on_wall};
        s->overflow_count++;
        s->overflow_up_on_wall += f->up_on_wall;
        add_input(s->overflow_floor_seeds, &s->overflow_inputs, seed, k);
        add_input(inputs, &ninputs, seed, k); /* and among seeds 0x0000..0xFFFF */
        s->overflow_count_16bit++;
        for (int b = 0; b < GROTTO_BANDS; b++)
            if (ix->map[grotto_map_slot(b, seed)].floors >= k) {
                s->overflow_occurring[b]++;
                s->overflow_occurring_total++;
            }
    }
    s->ghost_floors += ghost;
    s->nipple_floors += nipple;
    s->chamber_floors += chamber;
    s->down_unreachable_floors += down_unreachable;
    s->up_on_wall_floors += up_on_wall;
    /* the same over seeds 0x8000..0xFFFF: count floors and distinct inputs */
    for (size_t i = GROTTO_FLOOR_UNIVERSE; i < 2 * (size_t)GROTTO_FLOOR_UNIVERSE; i++) {
        if (!ix->overflow_high[i - GROTTO_FLOOR_UNIVERSE])
            continue;
        uint32_t seed = (uint32_t)(i / GROTTO_MAX_FLOORS), k = (uint32_t)(i % GROTTO_MAX_FLOORS) + 1;
        add_input(inputs, &ninputs, seed, (int)k);
        s->overflow_count_16bit++;
    }
    s->overflow_inputs_16bit = ninputs;
    for (uint32_t j = 0; j < s->overflow_inputs; j++)
        s->overflow_floor_seeds[j] /= 4; /* keep S + k for display */
}

static int popcount16(unsigned v)
{
    v = v - ((v >> 1) & 0x5555u);
    v = (v & 0x3333u) + ((v >> 2) & 0x3333u);
    v = (v + (v >> 4)) & 0x0F0Fu;
    return (int)((v + (v >> 8)) & 0x1Fu);
}

/* HW-1: the softlock pattern on floors and on maps (the maps of `maps`, or
 * every map when it is NULL). */
static void softlock_stats(const universe_index *ix, const uint8_t *maps, universe_stats *s)
{
    uint64_t floors_with[4] = {0}, maps_with[4] = {0}; /* locals: see floor_stats */
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++) {
        unsigned up = 0, cut = 0, over = 0; /* bit k-1: floor k */
        universe_prefetch_floors(ix, seed + 8);
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            const grotto_floor_facts *f = &ix->floor[grotto_floor_slot(seed, k)];
            up |= (unsigned)(f->up_next_to_chest != 0) << (k - 1);
            cut |= (unsigned)(f->softlock_down_cut != 0) << (k - 1);
            over |= (unsigned)(f->overflow != 0) << (k - 1);
        }
        const unsigned mask[4] = {up, cut, up & cut, up & cut & over};
        for (int i = 0; i < 4; i++)
            floors_with[i] += (uint64_t)popcount16(mask[i]);
        for (int b = 0; b < GROTTO_BANDS; b++) {
            uint32_t m = (uint32_t)grotto_map_slot(b, seed);
            unsigned floors = (1u << ix->map[m].floors) - 1;
            for (int i = 0; i < 4 && (!maps || maps[m]); i++)
                maps_with[i] += (mask[i] & floors) != 0;
        }
    }
    for (int i = 0; i < 4; i++) {
        s->softlock_floors[i] += floors_with[i];
        s->softlock_maps[i] += maps_with[i];
    }
}

/* Every map floor: instances, arising instances and distinct keys, in all
 * and with D > 0 (D is a floor fact: it does not depend on the band). A
 * seed's distinct floors are its (n, mr) pairs, mr = smr + (n-1) div 4: for
 * each n, as many as the distinct smr of the bands whose maps reach n. */
static void all_floor_counts(const universe_index *ix, const uint8_t *found, universe_stats *s,
                             uint64_t *distinct_all)
{
    /* the counts in locals: see floor_stats */
    uint64_t map_floors = 0, arising_floors = 0, dp_all = 0, dp_arising = 0, dp_state0 = 0, dp_distinct = 0,
             distinct = 0;
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++) {
        unsigned dmask = 0, reach[GROTTO_MAX_FLOORS + 1] = {0}; /* reach[f]: bit smr of bands with f floors */
        universe_prefetch_floors(ix, seed + 8);
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++)
            dmask |= (unsigned)(ix->floor[grotto_floor_slot(seed, k)].D > 0) << (k - 1);
        for (int b = 0; b < GROTTO_BANDS; b++) {
            const grotto_map_facts *d = &ix->map[grotto_map_slot(b, seed)];
            unsigned floors = (1u << d->floors) - 1;
            int ar = found[grotto_map_slot(b, seed)];
            map_floors += d->floors;
            arising_floors += ar ? d->floors : 0;
            int dp = popcount16(dmask & floors);
            dp_all += (uint64_t)dp;
            dp_arising += ar ? (uint64_t)dp : 0;
            dp_state0 += (uint64_t)popcount16(dmask & floors & ~(unsigned)d->special);
            reach[d->floors] |= 1u << d->smr;
        }
        unsigned smrs = 0;
        for (int n = GROTTO_MAX_FLOORS; n >= 1; n--) {
            smrs |= reach[n];
            int k = popcount16(smrs);
            distinct += (uint64_t)k;
            if ((dmask >> (n - 1)) & 1)
                dp_distinct += (uint64_t)k;
        }
    }
    s->map_floors += map_floors;
    s->state[0][UNIVERSE_BASIS_ARISING] += arising_floors;
    s->d_positive[UNIVERSE_BASIS_INSTANCES] += dp_all;
    s->d_positive[UNIVERSE_BASIS_ARISING] += dp_arising;
    s->d_positive_state0 += dp_state0;
    s->d_positive[UNIVERSE_BASIS_DISTINCT] += dp_distinct;
    *distinct_all = distinct;
}

/* The position j (1-based) of the mimic's record in the enemy list of
 * (env, mr), 0 if the list has none. */
static int mimic_position(int env, int mr)
{
    const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
    for (int j = 0; j < ft->F && j < GT_LIST_MAX; j++)
        if (ft->spawn[j].monster == GT_MONSTER_027)
            return j + 1;
    return 0;
}

/* HW-6 on the chest-rank basis: a chest of rank 3 holds a cannibox, 4-7 a
 * mimic, 8-10 Pandora's box (chests.md §3.1). */
static int rank_holds_lost(const grotto_special_floor *e)
{
    for (int c = 0; c < GROTTO_MAX_CHESTS; c++) {
        int r = e->rank[c];
        if ((r == 3 && lost_kind(e->state, UNIVERSE_LOST_CANNIBOX)) || (r >= 4 && r <= 7 && lost_kind(e->state, UNIVERSE_LOST_MIMIC)) ||
            (r >= 8 && r <= 10 && lost_kind(e->state, UNIVERSE_LOST_PANDORA)))
            return 1;
    }
    return 0;
}

static void rank_basis(const universe_index *ix, const grotto_special_floor *e, int ar, universe_stats *s)
{
    if (!rank_holds_lost(e))
        return;
    uint32_t seed = e->map % GROTTO_SEED_COUNT;
    for (int basis = 0; basis < UNIVERSE_RANK_BASES; basis++) {
        if (basis == UNIVERSE_RANK_ARISING && !ar)
            continue;
        s->rank_floors[basis]++;
        for (int kind = 0; kind < UNIVERSE_LOST_KINDS; kind++)
            s->rank_lost[kind][basis] += lost_kind(e->state, kind);
    }
    const grotto_map_facts *d = &ix->map[e->map];
    int j = mimic_position(d->env, grotto_floor_mr(d->smr, e->floor));
    if (!ar || !j || lost_kind(e->state, UNIVERSE_LOST_MIMIC) ||
        e->ofs + GT_ELIST_RECORD_START_OFFSET + GT_ELIST_RECORD_BYTES * j != GT_ELIST_MEMORY_BYTES)
        return;
    if (s->mimic_zero_spare < UNIVERSE_STATS_MAX_SPARE) {
        universe_stats_map_floor *z = &s->mimic_zero_spare_list[s->mimic_zero_spare];
        z->band_code = gt_band[e->map / GROTTO_SEED_COUNT].code;
        z->seed = (uint16_t)seed;
        z->floor = e->floor;
        z->state = e->state;
        z->ofs = e->ofs;
        memcpy(z->rank, e->rank, sizeof z->rank);
    }
    s->mimic_zero_spare++;
}

static int map_stats(const universe_index *ix, const uint8_t *found, universe_stats *s)
{
    uint8_t *seen = calloc(KEYS / 8 + 1, 1);
    if (!seen)
        return -1;
    uint64_t distinct_all, distinct_special = 0;
    all_floor_counts(ix, found, s, &distinct_all);
    for (uint32_t i = 0; i < ix->special_count; i++) {
        const grotto_special_floor *e = &ix->special[i];
        uint32_t seed = e->map % GROTTO_SEED_COUNT;
        const grotto_map_facts *d = &ix->map[e->map];
        int st = e->state, ar = found[e->map];
        int first = set_once(seen, distinct_key(seed, e->floor, grotto_floor_mr(d->smr, e->floor)));
        distinct_special += first;
        s->state[st][UNIVERSE_BASIS_INSTANCES]++;
        s->state[st][UNIVERSE_BASIS_ARISING] += ar;
        s->state[st][UNIVERSE_BASIS_DISTINCT] += first;
        s->state[0][UNIVERSE_BASIS_ARISING] -= ar;
        for (int kind = 0; kind < UNIVERSE_LOST_KINDS; kind++)
            if (lost_kind(st, kind)) {
                s->lost[kind][UNIVERSE_BASIS_INSTANCES]++;
                s->lost[kind][UNIVERSE_BASIS_ARISING] += ar;
                s->lost[kind][UNIVERSE_BASIS_DISTINCT] += first;
            }
        rank_basis(ix, e, ar, s);
    }
    s->state[0][UNIVERSE_BASIS_INSTANCES] = s->map_floors - ix->special_count;
    s->state[0][UNIVERSE_BASIS_DISTINCT] = distinct_all - distinct_special;
    free(seen);
    return 0;
}

/* HW-4: the names of quest 15's map, compared byte for byte (a name is its
 * words and level: one table of levels per word combination). */
static int name_stats(const universe_index *ix, const uint8_t *found, universe_stats *s)
{
    grotto_map_details_t quest;
    char name[2][192];
    grotto_map_details(GT_QUEST15_QUALITY, GT_QUEST15_SEED, &quest);
    universe_engine_map_name(ix->engine, &quest, 0, name[0], sizeof name[0]);
    universe_engine_map_name(ix->engine, &quest, 1, name[1], sizeof name[1]);
    universe_name_levels *t = calloc(2 * UNIVERSE_NAME_COMBOS, sizeof *t);
    if (!t || universe_name_table(ix->engine, name[0], UNIVERSE_NAME_EN | UNIVERSE_NAME_RAW, t) != 0 ||
        universe_name_table(ix->engine, name[1], UNIVERSE_NAME_JP | UNIVERSE_NAME_RAW, t + UNIVERSE_NAME_COMBOS) != 0) {
        free(t);
        return -1;
    }
    uint32_t quest_slot = (uint32_t)grotto_map_slot(grotto_band_of_quality(GT_QUEST15_QUALITY), GT_QUEST15_SEED);
    for (uint32_t m = 0; m < GROTTO_MAP_UNIVERSE; m++) {
        const grotto_map_facts *d = &ix->map[m];
        int c = universe_name_combo(d);
        int same_en = universe_name_levels_has(&t[c], d->level);
        int same_jp = universe_name_levels_has(&t[UNIVERSE_NAME_COMBOS + c], d->level);
        s->quest_name_maps += same_en;
        s->quest_name_maps_jp += same_jp;
        s->quest_name_maps_both += same_en && same_jp;
        if (same_en && m != quest_slot) {
            int k = s->quest_twins++;
            if (k < UNIVERSE_STATS_MAX_LIST) {
                s->quest_twin_seed[k] = (uint16_t)(m % GROTTO_SEED_COUNT);
                s->quest_twin_band[k] = gt_band[m / GROTTO_SEED_COUNT].code;
            }
            s->quest_twin_arising += found[m];
        }
    }
    free(t);
    return 0;
}

int universe_stats_compute(universe_index *ix, const universe_index_opts *opts, int include_unfindable,
                           universe_stats *s)
{
    memset(s, 0, sizeof *s);
    s->include_unfindable = include_unfindable;
    double t0 = base_now();
    if (universe_index_overflow_high(ix, opts) != 0)
        return -1;
    s->never_seeds = 0;
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++)
        s->never_seeds += !arises(ix, seed);
    floor_stats(ix, s);
    uint8_t *found = basis_table(ix, include_unfindable);
    if (found)
        softlock_stats(ix, include_unfindable ? NULL : found, s);
    int bad = !found || map_stats(ix, found, s) != 0 || name_stats(ix, found, s) != 0;
    free(found);
    if (bad)
        return -1;
    s->seconds = base_now() - t0;
    return 0;
}
