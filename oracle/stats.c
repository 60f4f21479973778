/* Universe statistics (see stats.h). Floors and maps are computed in
 * parallel with the chosen engine; the aggregation is sequential. */
#include <stdlib.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "oracle.h"
#include "stats.h"

typedef struct {
    const grotto_engine *e;
    grotto_floor_facts *facts;
    uint8_t *overflow;
    uint8_t *state;   /* [band][seed][16]: state code, 0xFF beyond the map's floors */
    uint8_t *dpos;    /* same layout: 1 if D > 0 */
    uint8_t *mr;      /* same layout: floor monster rank */
    uint8_t *high_overflow; /* overflow flags of seeds 0x8000..0xFFFF */
} stats_ctx;

static void floor_item(size_t item, void *arg)
{
    stats_ctx *c = arg;
    grotto_floor_t f;
    c->e->facts((uint32_t)(item / GROTTO_MAX_FLOORS), (int)(item % GROTTO_MAX_FLOORS) + 1, &f, &c->facts[item]);
    c->overflow[item] = f.overflow;
}

/* Overflow flags of the seeds 0x8000..0xFFFF (outside the game's domain). */
static void high_floor_item(size_t item, void *arg)
{
    stats_ctx *c = arg;
    grotto_floor_t f;
    c->e->floor(0x8000u + (uint32_t)(item / GROTTO_MAX_FLOORS), (int)(item % GROTTO_MAX_FLOORS) + 1, &f);
    c->high_overflow[item] = f.overflow;
}

static void map_item(size_t item, void *arg)
{
    stats_ctx *c = arg;
    int band = (int)(item / GROTTO_SEED_COUNT);
    grotto_map_t m;
    c->e->map(gt_band[band].code, (uint32_t)(item % GROTTO_SEED_COUNT), &m);
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++) {
        size_t i = item * GROTTO_MAX_FLOORS + (size_t)n;
        c->state[i] = n < m.d.floors ? m.elist[n].state : 0xFF;
        c->dpos[i] = n < m.d.floors && m.elist[n].D > 0;
        c->mr[i] = (uint8_t)grotto_floor_mr(m.d.smr, n + 1);
    }
}

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
    case LOST_PANDORA: return state >= 7 && state <= 16;
    case LOST_MIMIC: return state == 8 || state == 9 || (state >= 11 && state <= 13) || state == 15 || state == 16;
    default: return state == 9 || state == 12 || state == 13 || state == 16;
    }
}

/* Record the floor-generator input of (seed, floor k) - (S + k, size band of
 * k), encoded as (S + k) * 4 + band - once in a short list. */
static void add_input(uint32_t *list, uint32_t *n, uint32_t seed, int k)
{
    uint32_t input = (seed + (uint32_t)k) * 4 + (uint32_t)((k - 1) / 4);
    for (uint32_t j = 0; j < *n; j++)
        if (list[j] == input)
            return;
    if (*n < STATS_MAX_LIST)
        list[(*n)++] = input;
}

static void floor_stats(const stats_ctx *c, oracle_stats *s)
{
    s->floors = GROTTO_FLOOR_UNIVERSE;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        const grotto_floor_facts *f = &c->facts[i];
        uint32_t seed = (uint32_t)(i / GROTTO_MAX_FLOORS);
        int k = (int)(i % GROTTO_MAX_FLOORS) + 1;
        s->ghost_floors += f->ghost_count > 0;
        s->nipple_floors += f->unreachable_chests > 0;
        s->chamber_floors += f->region_count > 0;
        s->down_unreachable_floors += f->down_unreachable;
        s->up_on_wall_floors += f->up_on_wall;
        if (!c->overflow[i])
            continue;
        if (s->overflow_count < STATS_MAX_LIST)
            s->overflow[s->overflow_count] = (stats_floor_ref){(uint16_t)seed, (uint8_t)k, f->up_on_wall};
        s->overflow_count++;
        s->overflow_up_on_wall += f->up_on_wall;
        add_input(s->overflow_floor_seeds, &s->overflow_inputs, seed, k);
        for (int b = 0; b < GROTTO_BANDS; b++)
            if (c->state[((size_t)b * GROTTO_SEED_COUNT + seed) * GROTTO_MAX_FLOORS + (size_t)(k - 1)] != 0xFF) {
                s->overflow_occurring[b]++;
                s->overflow_occurring_total++;
            }
    }
    /* the same over 0x0000..0xFFFF: count floors and distinct inputs */
    uint32_t inputs[STATS_MAX_LIST];
    uint32_t ninputs = 0;
    for (size_t i = 0; i < 2 * (size_t)GROTTO_FLOOR_UNIVERSE; i++) {
        int flag = i < GROTTO_FLOOR_UNIVERSE ? c->overflow[i] : c->high_overflow[i - GROTTO_FLOOR_UNIVERSE];
        if (!flag)
            continue;
        uint32_t seed = (uint32_t)(i / GROTTO_MAX_FLOORS), k = (uint32_t)(i % GROTTO_MAX_FLOORS) + 1;
        add_input(inputs, &ninputs, seed, (int)k);
        s->overflow_count_16bit++;
    }
    s->overflow_inputs_16bit = ninputs;
    for (uint32_t j = 0; j < s->overflow_inputs; j++)
        s->overflow_floor_seeds[j] /= 4; /* keep S + k for display */
}

static int map_stats(const stats_ctx *c, const uint8_t *timer_counts, oracle_stats *s)
{
    uint8_t *seen_state = calloc((size_t)STATS_STATES * KEYS / 8 + 1, 1);
    uint8_t *seen_lost = calloc((size_t)LOST_KINDS * KEYS / 8 + 1, 1);
    uint8_t *seen_d = calloc(KEYS / 8 + 1, 1);
    if (!seen_state || !seen_lost || !seen_d) {
        free(seen_state);
        free(seen_lost);
        free(seen_d);
        return -1;
    }
    for (size_t item = 0; item < GROTTO_MAP_UNIVERSE; item++) {
        uint32_t seed = (uint32_t)(item % GROTTO_SEED_COUNT);
        int arising = timer_counts[seed] > 0;
        for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
            size_t i = item * GROTTO_MAX_FLOORS + (size_t)(n - 1);
            int st = c->state[i];
            if (st == 0xFF)
                continue;
            size_t key = distinct_key(seed, n, c->mr[i]);
            s->map_floors++;
            s->state[st][BASIS_INSTANCES]++;
            s->state[st][BASIS_ARISING] += arising;
            s->state[st][BASIS_DISTINCT] += set_once(seen_state + (size_t)st * (KEYS / 8 + 1), key);
            for (int kind = 0; kind < LOST_KINDS; kind++)
                if (lost_kind(st, kind)) {
                    s->lost[kind][BASIS_INSTANCES]++;
                    s->lost[kind][BASIS_ARISING] += arising;
                    s->lost[kind][BASIS_DISTINCT] += set_once(seen_lost + (size_t)kind * (KEYS / 8 + 1), key);
                }
            if (c->dpos[i]) {
                s->d_positive[BASIS_INSTANCES]++;
                s->d_positive[BASIS_ARISING] += arising;
                s->d_positive[BASIS_DISTINCT] += set_once(seen_d, key);
                s->d_positive_state0 += st == 0;
            }
        }
    }
    free(seen_state);
    free(seen_lost);
    free(seen_d);
    return 0;
}

static void name_stats(const uint8_t *timer_counts, oracle_stats *s)
{
    grotto_map_details_t quest;
    char quest_en[128], quest_jp[192];
    grotto_map_details(GT_QUEST15_QUALITY, GT_QUEST15_SEED, &quest);
    grotto_map_name_en(&quest, quest_en, sizeof quest_en);
    grotto_map_name_jp(&quest, quest_jp, sizeof quest_jp);
    for (int b = 0; b < GROTTO_BANDS; b++)
        for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++) {
            grotto_map_details_t d;
            char en[128], jp[192];
            grotto_map_details(gt_band[b].code, seed, &d);
            grotto_map_name_en(&d, en, sizeof en);
            grotto_map_name_jp(&d, jp, sizeof jp);
            int same_en = !strcmp(en, quest_en), same_jp = !strcmp(jp, quest_jp);
            s->quest_name_maps += same_en;
            s->quest_name_maps_jp += same_jp;
            s->quest_name_maps_both += same_en && same_jp;
            int is_quest = seed == GT_QUEST15_SEED && b == grotto_band_of_quality(GT_QUEST15_QUALITY);
            if (same_en && !is_quest) {
                int t = s->quest_twins++;
                if (t < STATS_MAX_LIST) {
                    s->quest_twin_seed[t] = (uint16_t)seed;
                    s->quest_twin_band[t] = gt_band[b].code;
                }
                s->quest_twin_arising += timer_counts[seed] > 0;
            }
        }
}

int oracle_stats_compute(const grotto_engine *e, int threads, int quiet, oracle_stats *s)
{
    memset(s, 0, sizeof *s);
    double t0 = oracle_now();
    stats_ctx c = {e, calloc(GROTTO_FLOOR_UNIVERSE, sizeof(grotto_floor_facts)), calloc(GROTTO_FLOOR_UNIVERSE, 1),
                   malloc((size_t)GROTTO_MAP_UNIVERSE * GROTTO_MAX_FLOORS),
                   malloc((size_t)GROTTO_MAP_UNIVERSE * GROTTO_MAX_FLOORS),
                   malloc((size_t)GROTTO_MAP_UNIVERSE * GROTTO_MAX_FLOORS), calloc(GROTTO_FLOOR_UNIVERSE, 1)};
    uint8_t *timer_counts = malloc(GROTTO_SEED_COUNT);
    int rc = -1;
    if (!c.facts || !c.overflow || !c.state || !c.dpos || !c.mr || !c.high_overflow || !timer_counts)
        goto out;
    grotto_seed_timer_counts(timer_counts);
    s->never_seeds = grotto_never_seeds(NULL);
    oracle_progress p;
    oracle_progress_init(&p, "stats: floors", quiet);
    oracle_parallel(threads, GROTTO_FLOOR_UNIVERSE, 256, floor_item, &c, oracle_progress_cb, &p);
    oracle_progress_done(&p);
    oracle_progress_init(&p, "stats: floors of seeds 8000..FFFF", quiet);
    oracle_parallel(threads, GROTTO_FLOOR_UNIVERSE, 256, high_floor_item, &c, oracle_progress_cb, &p);
    oracle_progress_done(&p);
    oracle_progress_init(&p, "stats: maps", quiet);
    oracle_parallel(threads, GROTTO_MAP_UNIVERSE, 64, map_item, &c, oracle_progress_cb, &p);
    oracle_progress_done(&p);
    floor_stats(&c, s);
    if (map_stats(&c, timer_counts, s) != 0)
        goto out;
    name_stats(timer_counts, s);
    s->seconds = oracle_now() - t0;
    rc = 0;
out:
    free(c.facts);
    free(c.overflow);
    free(c.state);
    free(c.dpos);
    free(c.mr);
    free(c.high_overflow);
    free(timer_counts);
    return rc;
}
