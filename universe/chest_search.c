/* The chest-timer searches over the universe (chest_search.h; research.md
 * §3): one pass over the maps of the bands and seeds asked, each map tried
 * by the rule of its kind, in the tool's order of checks so that the floor
 * shown and the free search's choice of chests come out as the tool's.
 *
 * How a map is read: its floor count and first-floor monster rank come
 * from the index; its chest ranks from the engine (map_from_floors over
 * the index's per-floor chest counts and layout terms), only when a rule
 * gets past the map-level requirements; a chest's content at a second
 * from the engine's chest_seconds, the seconds 0..255 that give an item of
 * a set from its chest_hits. The D variants' walk (the routes per kind:
 * chest_search.h): the floors before the route's first floor summed
 * (engine walk), then legs between tiles, each the engine's walk on a copy
 * of the floor whose stairs are moved to the leg's ends (the walk's rules,
 * grotto/walk.h, are exactly the tool's point-to-point rules); a leg to
 * the next floor down goes through the down stairs and that floor's up
 * stairs, one up the other way. Floors are generated once per map.
 *
 * Rules per kind (the tool's 2.js DUNGEON_CHECKERS, 3.js search entries;
 * tables gt_ql_rule, gt_ql_all, gt_third, gt_combo):
 *  QL      floors B3F and B4F, two chests of the target at one of the
 *          seconds (Solo t 1 / Party t 2, or the PPAP second); B9F with two
 *          for the B9F targets; B3F alone with three for the three-on-B3F
 *          targets; the first floor that hits is shown.
 *  QL_ALL  every floor counted at the PPAP second; two hit floors, an
 *          anchor among them when the target has anchors.
 *  THIRD   the 3rd chests of both floors hold the items at t 2 (S3: both
 *          of rank S).
 *  COMBO   waypoint in chest 1 or 2 (Solo or Party, or the PPAP second),
 *          then the 3rd chest's material (chest_search.h, gt_combo).
 *  FREE    the conditions in order, greedy, as chest_search.h says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base.h"
#include "chest_search.h"
#include "grotto/record.h"
#include "grotto/walk.h"
#include "universe.h"

enum { SOMA_SECOND = 2, THIRD_SECOND = 2, LATE_SECOND = 20, THIRD_CHEST = 2, B9F = 9, B10F = 10 };

/* The D variants with a row per floor keep the cheapest few B10F rows (the tool's cut). */
enum { B10_ROWS_KEPT = 5 };

void universe_chest_query_init(universe_chest_query *q)
{
    memset(q, 0, sizeof *q);
    q->kind = UNIVERSE_CHEST_QL;
    q->band = -1;
    q->seed_hi = GROTTO_SEED_MAX;
    q->listed_only = 1;
}

void universe_chest_result_free(universe_chest_result *r)
{
    free(r->hit);
    memset(r, 0, sizeof *r);
}

/* ---- names ---- */

/* The English name a target stands for (item or group, any case, or
 * Japanese), or NULL. */
static const char *canon_name(const char *name)
{
    if (!name)
        return NULL;
    for (int k = 0; k < GT_ITEM_COUNT; k++)
        if ((gt_item_name[k].en && !strcasecmp(name, gt_item_name[k].en)) ||
            (gt_item_name[k].jp && !strcmp(name, gt_item_name[k].jp)))
            return gt_item_name[k].en;
    for (int g = 0; g < GT_ITEM_GROUP_COUNT; g++)
        if (!strcasecmp(name, gt_item_group[g].en) || (gt_item_group[g].jp && !strcmp(name, gt_item_group[g].jp)))
            return gt_item_group[g].en;
    return NULL;
}

static int ql_rule_of(const char *target)
{
    for (int i = 0; i < GT_QL_RULE_COUNT; i++)
        if (!strcmp(gt_ql_rule[i].target, target))
            return gt_ql_rule[i].rule;
    return 0;
}

/* ---- one map ---- */

typedef struct map_ctx {
    const universe_index *ix;
    const grotto_engine *e;
    int band;
    uint32_t seed;
    int floors, smr;
    int have_map;
    grotto_map_t map;
    uint32_t have_floor;               /* bit n-1: floor[n-1] generated */
    grotto_floor_t floor[GROTTO_MAX_FLOORS];
} map_ctx;

/* The map's chest ranks through the engine (once per map). 0 or -1. */
static int need_map(map_ctx *c)
{
    if (c->have_map)
        return 0;
    grotto_map_floors_t fl;
    universe_index_map_floors(c->ix, c->seed, c->floors, &fl);
    if (c->e->map_from_floors(gt_band[c->band].code, &fl, &c->map) != 0)
        return -1;
    c->have_map = 1;
    return 0;
}

/* Chests of floor n (1..16; none beyond the map's floors). */
static int chests_on(map_ctx *c, int n)
{
    if (n < 1 || n > c->floors)
        return 0;
    return c->ix->floor[grotto_floor_slot(c->seed, n)].chest_count;
}

static int chest_floor(map_ctx *c, int n, grotto_chest_floor *cf)
{
    if (need_map(c))
        return -1;
    memset(cf, 0, sizeof *cf);
    cf->seed = c->seed;
    cf->floor = (uint8_t)n;
    if (n <= c->floors) {
        cf->count = c->map.chest_count[n - 1];
        memcpy(cf->rank, c->map.chest_rank[n - 1], GROTTO_MAX_CHESTS);
    }
    return 0;
}

/* Contents of floor n at second t. 0 or -1. */
static int items_at(map_ctx *c, int n, uint32_t t, uint8_t item[GROTTO_MAX_CHESTS], int *count)
{
    grotto_chest_floor cf;
    if (chest_floor(c, n, &cf))
        return -1;
    *count = cf.count;
    uint8_t row[1][GROTTO_MAX_CHESTS];
    if (c->e->chest_seconds(&cf, t, 1, row))
        return -1;
    memcpy(item, row[0], GROTTO_MAX_CHESTS);
    return 0;
}

/* Chests of floor n holding an item of s at second t: their mask. */
static int hits_at(map_ctx *c, int n, uint32_t t, const grotto_item_set *s, unsigned *mask)
{
    uint8_t item[GROTTO_MAX_CHESTS];
    int count;
    if (items_at(c, n, t, item, &count))
        return -1;
    *mask = 0;
    for (int i = 0; i < count; i++)
        if (grotto_item_set_has(s, item[i]))
            *mask |= 1u << i;
    return 0;
}

static int bits(unsigned m)
{
    return __builtin_popcount(m);
}

/* ---- walking cost (the D variants) ---- */

enum { NO_COST = -1 }; /* a route without a path (the tool's null; sorted as 1e9 steps) */

/* Floor n (1..16) of the map through the engine, generated once. */
static const grotto_floor_t *floor_of(map_ctx *c, int n)
{
    if (!(c->have_floor >> (n - 1) & 1)) {
        if (c->e->floor(c->seed, n, &c->floor[n - 1]))
            return NULL;
        c->have_floor |= 1u << (n - 1);
    }
    return &c->floor[n - 1];
}

/* Half-steps between two tiles of one floor: the engine's walk on a copy
 * whose stairs are moved to the leg's ends; NO_COST without a path. */
static long leg(const grotto_engine *e, const grotto_floor_t *f, grotto_xy from, grotto_xy to)
{
    grotto_floor_t g = *f;
    g.up = from;
    g.down = to;
    uint16_t w = e->walk(&g);
    return w == GROTTO_WALK_NONE ? NO_COST : w;
}

static long add(long a, long b)
{
    return a == NO_COST || b == NO_COST ? NO_COST : a + b;
}

static long least(long a, long b)
{
    return a == NO_COST ? b : b == NO_COST ? a : a < b ? a : b;
}

/* Floors 1..n-1 walked from stairs to stairs. -2 on an engine error. */
static long prefix_cost(map_ctx *c, int n)
{
    long sum = 0;
    for (int k = 1; k < n; k++) {
        const grotto_floor_t *f = floor_of(c, k);
        if (!f)
            return -2;
        sum = add(sum, leg(c->e, f, f->up, f->down));
    }
    return sum;
}

/* A point of floor n to a point of floor m (n, or a floor next to it): on
 * the same floor the leg itself; one floor down through n's down stairs and
 * m's up stairs; otherwise through n's up stairs and m's down stairs (the
 * tool's rule for a step between two floors). -2 on an engine error. */
static long cross_leg(map_ctx *c, int n, grotto_xy from, int m, grotto_xy to)
{
    const grotto_floor_t *a = floor_of(c, n), *b = floor_of(c, m);
    if (!a || !b)
        return -2;
    if (n == m)
        return leg(c->e, a, from, to);
    if (m == n + 1)
        return add(leg(c->e, a, from, a->down), leg(c->e, b, b->up, to));
    return add(leg(c->e, a, from, a->up), leg(c->e, b, b->down, to));
}

/* Floors 1..n-1, then from floor n's up stairs through the chests of
 * `mask` in the cheapest order (QL D). NO_COST without a path, -2 on an
 * engine error. */
static long chain_cost(map_ctx *c, int n, unsigned mask)
{
    long sum = prefix_cost(c, n);
    const grotto_floor_t *f = floor_of(c, n);
    if (sum == -2 || !f)
        return -2;
    grotto_xy pt[GROTTO_MAX_CHESTS + 1];
    int np = 0;
    pt[np++] = f->up;
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
        if (mask >> i & 1)
            pt[np++] = f->chest[i];
    long d[GROTTO_MAX_CHESTS + 1][GROTTO_MAX_CHESTS + 1];
    for (int i = 0; i < np; i++)
        for (int j = 1; j < np; j++)
            d[i][j] = i == j ? 0 : leg(c->e, f, pt[i], pt[j]);
    /* every order of the chests (at most 3! = 6) */
    static const int ORDERS[6][3] = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}};
    long best = NO_COST;
    for (int o = 0; o < 6; o++) {
        int cur = 0;
        long cost = 0;
        for (int k = 0; k < 3 && cost != NO_COST; k++) {
            int nx = ORDERS[o][k];
            if (nx >= np)
                continue;
            cost = add(cost, d[cur][nx]);
            cur = nx;
        }
        best = least(best, cost);
    }
    return add(sum, best);
}

/* A 3rd chest to reach: floor and tile. */
typedef struct stop {
    int floor;
    grotto_xy at;
} stop;

/* The combo's route: floors 1..wp-1, floor wp's up stairs to the waypoint
 * chests of `mask` (two of them: either order), then the stops (two: either
 * order), a stop on another floor reached by cross_leg. Of the waypoint
 * orders the tool keeps the one whose waypoint part is cheapest, the whole
 * route breaking a tie. NO_COST without a path, -2 on an engine error. */
static long route_cost(map_ctx *c, int wp, unsigned mask, const stop *t, int nt)
{
    long pre = prefix_cost(c, wp);
    const grotto_floor_t *f = floor_of(c, wp);
    if (pre == -2 || !f)
        return -2;
    if (pre == NO_COST)
        return NO_COST;
    grotto_xy w[2];
    int nw = 0;
    for (int i = 0; i < 2; i++)
        if (mask >> i & 1)
            w[nw++] = f->chest[i];
    long best_wp = NO_COST, best = NO_COST;
    for (int o = 0; o < nw; o++) {
        grotto_xy at = f->up;
        long wc = 0;
        for (int k = 0; k < nw && wc != NO_COST; k++) {
            grotto_xy next = w[(o + k) % nw];
            wc = add(wc, leg(c->e, f, at, next));
            at = next;
        }
        if (wc == NO_COST)
            continue;
        long seg = NO_COST;
        for (int u = 0; u < nt; u++) {
            int fl = wp;
            grotto_xy p = at;
            long sc = 0;
            for (int k = 0; k < nt && sc != NO_COST; k++) {
                const stop *s = &t[(u + k) % nt];
                long l = cross_leg(c, fl, p, s->floor, s->at);
                if (l == -2)
                    return -2;
                sc = add(sc, l);
                fl = s->floor;
                p = s->at;
            }
            seg = least(seg, sc);
        }
        if (seg == NO_COST)
            continue;
        if (best_wp == NO_COST || wc < best_wp || (wc == best_wp && wc + seg < best))
            best_wp = wc, best = wc + seg;
    }
    return add(pre, best);
}

/* ---- the kinds ---- */

typedef struct plan {
    universe_chest_kind kind;
    const universe_chest_query *q;
    grotto_item_set target;   /* QL, QL_ALL, THIRD items, COMBO waypoint */
    unsigned target_ranks;    /* QL, QL_ALL: bit r when rank r's table holds an item of target */
    int target_chests;        /* QL, QL_ALL: chests of those ranks a map needs at least */
    /* QL */
    int floor[2], nfloors, need;
    int b10_rows;             /* D of the B9F targets and of the Sainted-soma rule: a row per floor */
    uint32_t second[2];
    int nseconds;
    /* QL_ALL */
    const struct gt_ql_all *all;
    /* THIRD */
    const struct gt_third *third;
    /* COMBO */
    const struct gt_combo *combo;
    grotto_item_set material, broad;
    int timed;                /* a PPAP second instead of Solo/Party */
    int shift;                /* seconds shift: PPAP second - 2 */
    uint32_t wp_second[2];    /* waypoint: Solo, Party (both the PPAP second when timed) */
    /* FREE */
    int nconds;
    universe_chest_cond cond[UNIVERSE_CHEST_CONDS];
    grotto_item_set cond_set[UNIVERSE_CHEST_CONDS];
    int cond_any_item[UNIVERSE_CHEST_CONDS];
    int min_floors;
} plan;

static uint32_t ppap_second(universe_chest_timing t)
{
    return t == UNIVERSE_CHEST_PPAP5 ? 0 : 4;
}

static uint16_t half_steps(long cost)
{
    return cost < 0 || cost >= GROTTO_WALK_NONE ? (uint16_t)GROTTO_WALK_NONE : (uint16_t)cost;
}

/* QL: the rows found (floor, chests, walk in h[]), 0 none, -1 error. One
 * row, the first floor that hits; the B9F targets' D variants a row per hit
 * floor (B9F, B10F). */
static int try_ql(const plan *p, map_ctx *c, universe_chest_hit *h)
{
    if (c->floors < p->min_floors)
        return 0;
    int rows = 0;
    for (int i = 0; i < p->nfloors; i++) {
        int n = p->floor[i];
        if (n > c->floors)
            continue;
        unsigned best = 0;
        for (int s = 0; s < p->nseconds; s++) {
            unsigned m;
            if (hits_at(c, n, p->second[s], &p->target, &m))
                return -1;
            if (bits(m) >= p->need && !best)
                best = m; /* Solo's chests when Solo hits, else Party's */
        }
        if (!best)
            continue;
        universe_chest_hit *o = &h[rows++];
        o->floor = (uint8_t)n;
        o->chests = (uint8_t)bits(best);
        if (p->q->walk) {
            o->x3 = bits(best) > p->need;
            o->b10 = p->b10_rows && n == B10F;
            long w = chain_cost(c, n, best);
            if (w == -2)
                return -1;
            o->walk = half_steps(w);
        }
        if (!p->b10_rows)
            return 1;
    }
    return rows;
}

static int try_ql_all(const plan *p, map_ctx *c, universe_chest_hit *h)
{
    if (c->floors < 2)
        return 0;
    const struct gt_ql_all *a = p->all;
    int need_one = !a->anchors && a->other_hits < 2 ? 2 : 0;
    int hit_floors = 0, anchor_hit = 0, one_ok = !need_one, first = 0;
    uint32_t t = p->second[0];
    for (int n = 1; n <= c->floors; n++) {
        if (!chests_on(c, n))
            continue; /* no chest, no hit (every threshold is at least 1) */
        unsigned m;
        if (hits_at(c, n, t, &p->target, &m))
            return -1;
        int anchor = a->anchors >> (n - 1) & 1;
        if (bits(m) >= (anchor ? a->anchor_hits : a->other_hits)) {
            hit_floors++;
            anchor_hit |= anchor;
            one_ok |= bits(m) >= need_one;
            if (!first)
                first = n;
        }
    }
    if (hit_floors >= 2 && (!a->anchors || anchor_hit) && one_ok) {
        h->floor = (uint8_t)first;
        return 1;
    }
    return 0;
}

/* 3rd D: floors before f1, then either f1's 3rd chest first and down to
 * f2's (forward), or f2's first and back up to f1's (reverse), the cheaper. */
static long third_cost(map_ctx *c, int f1, int f2)
{
    long pre = prefix_cost(c, f1);
    const grotto_floor_t *a = floor_of(c, f1), *b = floor_of(c, f2);
    if (pre == -2 || !a || !b)
        return -1;
    grotto_xy t1 = a->chest[THIRD_CHEST], t2 = b->chest[THIRD_CHEST];
    long fwd1 = cross_leg(c, f1, a->up, f1, t1), fwd2 = cross_leg(c, f1, t1, f2, t2);
    long rev1 = cross_leg(c, f1, a->up, f2, t2), rev2 = cross_leg(c, f2, t2, f1, t1);
    if (fwd1 == -2 || fwd2 == -2 || rev1 == -2 || rev2 == -2)
        return -1;
    return half_steps(least(add(pre, add(fwd1, fwd2)), add(pre, add(rev1, rev2))));
}

static int try_third(const plan *p, map_ctx *c, universe_chest_hit *h)
{
    int f1 = p->third->floor[0], f2 = p->third->floor[1];
    if (c->floors < f2)
        return 0;
    if (chests_on(c, f1) < 3 || chests_on(c, f2) < 3)
        return 0;
    grotto_chest_floor a, b;
    if (chest_floor(c, f1, &a) || chest_floor(c, f2, &b))
        return -1;
    if (p->third->s_rank && (a.rank[THIRD_CHEST] != GT_CHEST_RANKS || b.rank[THIRD_CHEST] != GT_CHEST_RANKS))
        return 0;
    unsigned m1, m2;
    if (hits_at(c, f1, THIRD_SECOND, &p->target, &m1) || hits_at(c, f2, THIRD_SECOND, &p->target, &m2))
        return -1;
    if (!(m1 >> THIRD_CHEST & 1) || !(m2 >> THIRD_CHEST & 1))
        return 0;
    h->floor = (uint8_t)f1;
    if (p->q->walk) {
        long w = third_cost(c, f1, f2);
        if (w < 0)
            return -1;
        h->walk = (uint16_t)w;
    }
    return 1;
}

/* The waypoint chests of a floor (chest 1 or 2 holding a waypoint item):
 * at Solo's and at Party's second (both the PPAP second when timed). */
typedef struct wp_hit {
    unsigned solo, party;
} wp_hit;

/* The waypoint chests' sets the route may start with (the tool's cases):
 * one set at a PPAP second or when Solo and Party pick the same chests,
 * else Party's then Solo's (each when not empty). Their count. */
static int wp_cases(const plan *p, wp_hit w, unsigned cases[2])
{
    int n = 0;
    if (p->timed || w.solo == w.party) { /* (a PPAP second: the same chests) */
        if (w.party)
            cases[n++] = w.party;
        return n;
    }
    if (w.party)
        cases[n++] = w.party;
    if (w.solo)
        cases[n++] = w.solo;
    return n;
}

/* The cheapest route over the cases to the stops. NO_COST or -2 as route_cost. */
static long cases_cost(map_ctx *c, int wp, const unsigned *cases, int ncases, const stop *t, int nt)
{
    long best = NO_COST;
    for (int i = 0; i < ncases; i++) {
        long r = route_cost(c, wp, cases[i], t, nt);
        if (r == -2)
            return -2;
        best = least(best, r);
    }
    return best;
}

/* The waypoint on floor n: chest 1 or 2 holds a waypoint item at Solo's or
 * Party's second (or the PPAP second). 1 (*w: which chests), 0, -1. */
static int waypoint(const plan *p, map_ctx *c, int n, wp_hit *w)
{
    memset(w, 0, sizeof *w);
    if (n > c->floors)
        return 0;
    if (hits_at(c, n, p->wp_second[0], &p->target, &w->solo))
        return -1;
    if (p->timed)
        w->party = w->solo;
    else if (hits_at(c, n, p->wp_second[1], &p->target, &w->party))
        return -1;
    w->solo &= 3u, w->party &= 3u;
    return (w->solo | w->party) != 0;
}

/* The 3rd chest of floor n at second t holds an item of s: 1, 0, -1. */
static int third_has(map_ctx *c, int n, int t, const grotto_item_set *s)
{
    unsigned m;
    if (hits_at(c, n, (uint32_t)t, s, &m))
        return -1;
    return m >> THIRD_CHEST & 1;
}

static stop third_stop(map_ctx *c, int n)
{
    const grotto_floor_t *f = floor_of(c, n);
    return (stop){n, f ? f->chest[THIRD_CHEST] : (grotto_xy){0, 0}};
}

/* The Sainted-soma rule from the waypoint on floor wp: 1 (*cost: the walk
 * to the chosen S-rank 3rd chest when walking - the first of `thirds`, or
 * the cheapest when `cheapest`), 0, -1. */
static int soma_route(const plan *p, map_ctx *c, int wp, const int *thirds, int nthirds, int cheapest, long *cost)
{
    wp_hit w;
    int r = waypoint(p, c, wp, &w);
    if (r <= 0)
        return r;
    if (chests_on(c, wp) >= 3 && (r = third_has(c, wp, SOMA_SECOND + p->shift, &p->target)) != 0)
        return r < 0 ? -1 : 0; /* the waypoint floor's 3rd chest is itself the soma */
    unsigned cases[2];
    int ncases = wp_cases(p, w, cases), found = 0;
    for (int i = 0; i < nthirds; i++) {
        int n = thirds[i];
        if (n > c->floors || chests_on(c, n) < 3)
            continue;
        grotto_chest_floor cf;
        if (chest_floor(c, n, &cf))
            return -1;
        if (cf.rank[THIRD_CHEST] != GT_CHEST_RANKS)
            continue;
        if ((r = third_has(c, n, p->combo->second + p->shift, &p->material)) < 0)
            return -1;
        if (!r)
            continue;
        if (!p->q->walk)
            return 1;
        stop t = third_stop(c, n);
        long k = cases_cost(c, wp, cases, ncases, &t, 1);
        if (k == -2)
            return -1;
        /* the first target, or a strictly cheaper one (no path counts as endless); no map
         * has two S-rank 3rd chests on B9F..B11F, so this choice never shows (spec-notes 72) */
        if (!found || (cheapest && k != NO_COST && (*cost == NO_COST || k < *cost)))
            *cost = k;
        found = 1;
        if (!cheapest)
            break;
    }
    return found;
}

static int try_combo(const plan *p, map_ctx *c, universe_chest_hit *h)
{
    const struct gt_combo *k = p->combo;
    int r;
    long cost = NO_COST;
    wp_hit w;
    unsigned cases[2];
    if (k->kind == GT_COMBO_SOMA) {
        if (c->smr != 9 || c->floors < B9F)
            return 0;
        static const int MAIN[] = {B9F, B10F}, EXTRA[] = {B9F, B10F, B10F + 1};
        int rows = 0;
        if ((r = soma_route(p, c, B9F, MAIN, 2, 0, &cost)) < 0)
            return -1;
        if (r) {
            h[rows].floor = B9F;
            h[rows++].walk = p->q->walk ? half_steps(cost) : 0;
        }
        if (!p->q->walk)
            return rows;
        /* D: also a row for a waypoint on B10F (the cheapest of its targets) */
        if ((r = soma_route(p, c, B10F, EXTRA, 3, 1, &cost)) < 0)
            return -1;
        if (r) {
            h[rows].floor = B10F;
            h[rows].b10 = 1;
            h[rows++].walk = half_steps(cost);
        }
        return rows;
    }
    if (c->floors < 3)
        return 0;
    if (k->kind == GT_COMBO_MONSTER_BOX) {
        if ((r = waypoint(p, c, 3, &w)) <= 0)
            return r;
        if (chests_on(c, 3) < 3)
            return 0;
        for (int t = k->window[0] + p->shift; t <= k->window[1] + p->shift; t++) {
            if ((r = third_has(c, 3, t, &p->material)) < 0)
                return -1;
            if (!r)
                continue;
            h->floor = 3;
            if (p->q->walk) {
                stop s3 = third_stop(c, 3);
                if ((cost = cases_cost(c, 3, cases, wp_cases(p, w, cases), &s3, 1)) == -2)
                    return -1;
                h->walk = half_steps(cost);
            }
            return 1;
        }
        return 0;
    }
    int wp = 3;
    if ((r = waypoint(p, c, 3, &w)) < 0)
        return -1;
    if (!r) {
        wp = 4;
        if ((r = waypoint(p, c, 4, &w)) <= 0)
            return r;
    }
    int t = k->second + p->shift, late = LATE_SECOND + p->shift;
    int ok[2] = {0, 0}; /* B3F, B4F: the 3rd chest holds the material now and not at the late second */
    for (int n = 3; n <= 4; n++) {
        if (n > c->floors || chests_on(c, n) < 3)
            continue;
        /* Millionaire: the waypoint's floor wants the strict materials, the other the broad set */
        const grotto_item_set *want = k->broad && n != wp ? &p->broad : &p->material;
        int now = third_has(c, n, t, want);
        if (now < 0)
            return -1;
        if (!now)
            continue;
        int then = third_has(c, n, late, k->broad ? &p->material : want);
        if (then < 0)
            return -1;
        ok[n - 3] = !then;
    }
    if (!ok[0] && !ok[1])
        return 0;
    h->floor = (uint8_t)wp;
    if (p->q->walk) {
        /* one 3rd chest, or with both the cheapest of: either alone, both */
        stop s[2] = {third_stop(c, 3), third_stop(c, 4)};
        int ncases = wp_cases(p, w, cases);
        long k1 = NO_COST, k2 = NO_COST, k12 = NO_COST;
        if (ok[0] && (k1 = cases_cost(c, wp, cases, ncases, &s[0], 1)) == -2)
            return -1;
        if (ok[1] && (k2 = cases_cost(c, wp, cases, ncases, &s[1], 1)) == -2)
            return -1;
        if (ok[0] && ok[1] && (k12 = cases_cost(c, wp, cases, ncases, s, 2)) == -2)
            return -1;
        h->walk = half_steps(least(least(k1, k2), k12));
    }
    return 1;
}

/* FREE: the greedy choice of chests (chest_search.h). */
typedef struct taken {
    grotto_seconds at[GROTTO_MAX_FLOORS][GROTTO_MAX_CHESTS];
    uint8_t whole[GROTTO_MAX_FLOORS][GROTTO_MAX_CHESTS];
} taken;

static int seconds_empty(const grotto_seconds *s)
{
    for (int i = 0; i < GROTTO_CHEST_SECONDS / 64; i++)
        if (s->bits[i])
            return 0;
    return 1;
}

static int try_free(const plan *p, map_ctx *c, universe_chest_hit *h)
{
    if (c->floors < p->min_floors)
        return 0;
    taken tk;
    memset(&tk, 0, sizeof tk);
    for (int g = 0; g < p->nconds; g++) {
        const universe_chest_cond *cd = &p->cond[g];
        int n = cd->floor, found = 0;
        grotto_chest_floor cf;
        if (chest_floor(c, n, &cf))
            return -1;
        unsigned pick = grotto_chest_pick_mask(cd->chest, cf.count);
        for (int b = 0; b < cf.count && !found; b++) {
            if (!(pick >> b & 1) || (cd->rank && cf.rank[b] != cd->rank))
                continue;
            grotto_seconds *used = &tk.at[n - 1][b];
            uint8_t *whole = &tk.whole[n - 1][b];
            if (cd->stopwatch == UNIVERSE_CHEST_ANY_SECOND && p->cond_any_item[g]) {
                if (*whole || !seconds_empty(used))
                    continue;
                *whole = 1;
                found = 1;
                break;
            }
            if (*whole)
                continue;
            if (cd->stopwatch != UNIVERSE_CHEST_ANY_SECOND) {
                int t = (cd->stopwatch < GROTTO_STOPWATCH_OFFSET ? GROTTO_STOPWATCH_OFFSET : cd->stopwatch) -
                        GROTTO_STOPWATCH_OFFSET;
                if (grotto_seconds_has(used, (unsigned)t))
                    continue;
                unsigned m = 1u << b;
                if (!p->cond_any_item[g] && hits_at(c, n, (uint32_t)t, &p->cond_set[g], &m))
                    return -1;
                if (m >> b & 1) {
                    used->bits[t / 64] |= (uint64_t)1 << (t % 64);
                    found = 1;
                }
                continue;
            }
            grotto_seconds s;
            if (c->e->chest_hits(&cf, b, &p->cond_set[g], &s))
                return -1;
            for (int t = 0; t < GROTTO_CHEST_SECONDS; t++)
                if (grotto_seconds_has(&s, (unsigned)t) && !grotto_seconds_has(used, (unsigned)t)) {
                    used->bits[t / 64] |= (uint64_t)1 << (t % 64);
                    found = 1;
                    break;
                }
        }
        if (!found)
            return 0;
    }
    h->floor = (uint8_t)p->cond[0].floor;
    return 1;
}

/* ---- the query ---- */

#define FAIL(code, ...)                                                                                                \
    do {                                                                                                               \
        if (err && errlen)                                                                                             \
            snprintf(err, errlen, __VA_ARGS__);                                                                        \
        return code;                                                                                                   \
    } while (0)

/* The ranks whose table (gt_chest_tables) holds an item of s: a chest of
 * another rank never holds one, at any second. Bit r for rank r. */
static unsigned ranks_holding(const grotto_item_set *s)
{
    unsigned ranks = 0;
    for (int r = 1; r <= GT_CHEST_RANKS; r++)
        for (int e = 0; e < gt_chest_tables[r].count; e++)
            if (gt_chest_tables[r].entry[e].weight && grotto_item_set_has(s, gt_chest_tables[r].entry[e].item))
                ranks |= 1u << r;
    return ranks;
}

static int item_set(const char *name, grotto_item_set *s)
{
    return grotto_item_set_by_name(name, s) > 0 ? 0 : -1;
}

static int make_plan(const universe_chest_query *q, plan *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->kind = q->kind;
    p->q = q;
    if (q->band < -1 || q->band >= GROTTO_BANDS)
        FAIL(2, "bad band %d: expected 0..%d or -1 (every band)", q->band, GROTTO_BANDS - 1);
    if (q->seed_lo > q->seed_hi || q->seed_hi > GROTTO_SEED_MAX)
        FAIL(2, "bad seeds %04X..%04X: expected A..B within 0000..7FFF", q->seed_lo, q->seed_hi);
    if (q->timing < UNIVERSE_CHEST_SOLO_PARTY || q->timing > UNIVERSE_CHEST_PPAP9)
        FAIL(2, "bad timing %d: expected Solo/Party, PPAP 5 or PPAP 9", (int)q->timing);
    p->timed = q->timing != UNIVERSE_CHEST_SOLO_PARTY;
    p->shift = p->timed ? (int)ppap_second(q->timing) - 2 : 0;
    const char *t = NULL;
    if (q->kind != UNIVERSE_CHEST_FREE) {
        t = canon_name(q->target);
        if (!t)
            FAIL(2, "unknown target '%s': expected an item name or a group (e.g. Millionaire)",
                 q->target ? q->target : "(none)");
    }
    switch (q->kind) {
    case UNIVERSE_CHEST_QL:
    case UNIVERSE_CHEST_QL_ALL: {
        int rule = ql_rule_of(t);
        if (rule == GT_QL_REFUSED)
            FAIL(2, "target '%s': the quickload searches refuse the trapped chests (use combo)", t);
        if (item_set(t, &p->target))
            FAIL(2, "unknown target '%s'", t);
        p->target_ranks = ranks_holding(&p->target);
        if (q->kind == UNIVERSE_CHEST_QL_ALL) {
            if (!p->timed)
                FAIL(2, "5A / 9A need a PPAP second (5 or 9), not Solo/Party");
            if (q->walk)
                FAIL(2, "5A / 9A have no walking-cost variant");
            p->all = &gt_ql_all_default;
            for (int i = 0; i < GT_QL_ALL_COUNT; i++)
                if (!strcmp(gt_ql_all[i].target, t))
                    p->all = &gt_ql_all[i];
            p->second[0] = ppap_second(q->timing);
            p->target_chests = 2; /* two hit floors, each with at least one chest of the target */
            return 0;
        }
        if (rule == GT_QL_B9F) {
            p->floor[0] = B9F, p->nfloors = 1, p->need = 2, p->min_floors = B9F;
            if (q->walk) /* D: a row for each of B9F and B10F that hits */
                p->floor[1] = B10F, p->nfloors = 2, p->b10_rows = 1;
        } else if (rule == GT_QL_THREE_ON_B3F) {
            p->floor[0] = 3, p->nfloors = 1, p->need = 3, p->min_floors = 3;
        } else {
            p->floor[0] = 3, p->floor[1] = 4, p->nfloors = 2, p->need = 2, p->min_floors = 3;
        }
        if (p->timed)
            p->second[0] = ppap_second(q->timing), p->nseconds = 1;
        else
            p->second[0] = 1, p->second[1] = 2, p->nseconds = 2;
        p->target_chests = p->need; /* one floor with `need` chests of the target */
        return 0;
    }
    case UNIVERSE_CHEST_THIRD:
        for (int i = 0; i < GT_THIRD_COUNT; i++)
            if (!strcmp(gt_third[i].target, t))
                p->third = &gt_third[i];
        if (!p->third)
            FAIL(2, "target '%s': the 3rd-chest search takes Ethereal stone, Lucida shard, Hephaestus' flame, "
                    "Millionaire or Sainted soma (S3)", t);
        if (item_set(p->third->items, &p->target))
            FAIL(-1, "table: unknown items '%s'", p->third->items);
        return 0;
    case UNIVERSE_CHEST_COMBO:
        for (int i = 0; i < GT_COMBO_COUNT; i++)
            if (!strcmp(gt_combo[i].target, t))
                p->combo = &gt_combo[i];
        if (!p->combo)
            FAIL(2, "target '%s': the combo search takes Millionaire, the trapped chests, Dangerous bustier, "
                    "Fuddle bow, Slime shield, Sorcerer's stone or Sainted soma", t);
        if (item_set(p->combo->waypoint, &p->target) || item_set(p->combo->material, &p->material) ||
            (p->combo->broad && item_set(p->combo->broad, &p->broad)))
            FAIL(-1, "table: unknown combo items for '%s'", t);
        p->b10_rows = q->walk && p->combo->kind == GT_COMBO_SOMA;
        p->wp_second[0] = p->timed ? ppap_second(q->timing) : 1;
        p->wp_second[1] = p->timed ? ppap_second(q->timing) : 2;
        return 0;
    case UNIVERSE_CHEST_FREE:
        if (q->walk)
            FAIL(2, "the free search has no walking-cost variant");
        if (q->conds < 1 || q->conds > UNIVERSE_CHEST_CONDS)
            FAIL(2, "bad free search: %d conditions, expected 1..3", q->conds);
        for (int i = 0; i < q->conds; i++) {
            const universe_chest_cond *cd = &q->cond[i];
            if (cd->floor < 1 || cd->floor > GROTTO_MAX_FLOORS)
                FAIL(2, "condition %d: bad floor %d, expected 1..16", i + 1, cd->floor);
            if (cd->chest < GROTTO_CHEST_ANY || cd->chest > GROTTO_CHEST_NOT_3)
                FAIL(2, "condition %d: bad chest %d, expected any, 1, 2, 3 or not-3", i + 1, (int)cd->chest);
            if (cd->rank < 0 || cd->rank > GT_CHEST_RANKS)
                FAIL(2, "condition %d: bad rank %d, expected 0 (any) or 1..10", i + 1, cd->rank);
            if (cd->stopwatch != UNIVERSE_CHEST_ANY_SECOND &&
                (cd->stopwatch < 0 || cd->stopwatch > GROTTO_CHEST_SECONDS - 1 + GROTTO_STOPWATCH_OFFSET))
                FAIL(2, "condition %d: bad stopwatch second %d, expected 0..260 or any", i + 1, cd->stopwatch);
            grotto_item_set s;
            if (cd->item && item_set(cd->item, &s))
                FAIL(2, "condition %d: unknown item '%s': expected an item name or a group", i + 1, cd->item);
            /* the tool drops a condition that asks nothing of the chest (any chest, rank, item) */
            if (cd->chest == GROTTO_CHEST_ANY && !cd->rank && !cd->item)
                continue;
            p->cond[p->nconds] = *cd;
            p->cond_any_item[p->nconds] = !cd->item;
            if (cd->item)
                p->cond_set[p->nconds] = s;
            else
                memset(p->cond_set[p->nconds].bits, 0xFF, sizeof s.bits);
            if (cd->floor > p->min_floors)
                p->min_floors = cd->floor;
            p->nconds++;
        }
        if (!p->nconds)
            FAIL(2, "free search: every condition asks nothing (give a chest, a rank or an item)");
        return 0;
    }
    FAIL(2, "bad search kind %d", (int)q->kind);
}

/* The D variants' order: by walk (no path last), stable - scan order among
 * equals, a map's B9F row before its B10F row, the kept B10F rows after
 * the others of their cost -, the maps with more chests than needed
 * after the rest (QL). */
static int by_walk(const void *a, const void *b)
{
    const universe_chest_hit *x = a, *y = b;
    if (x->x3 != y->x3)
        return x->x3 - y->x3;
    if (x->walk != y->walk)
        return x->walk < y->walk ? -1 : 1;
    if (x->b10 != y->b10)
        return x->b10 - y->b10;
    if (x->map != y->map)
        return x->map < y->map ? -1 : 1;
    return x->floor - y->floor;
}

static int by_walk_only(const void *a, const void *b)
{
    const universe_chest_hit *x = a, *y = b;
    if (x->walk != y->walk)
        return x->walk < y->walk ? -1 : 1;
    return x->map < y->map ? -1 : x->map > y->map;
}

/* Keeps the B10_ROWS_KEPT cheapest B10F rows (scan order among equals). */
static void cut_b10_rows(universe_chest_result *r)
{
    universe_chest_hit *b10 = malloc((r->count ? r->count : 1) * sizeof *b10);
    uint32_t nb = 0, n = 0;
    if (!b10)
        return;
    for (uint32_t i = 0; i < r->count; i++)
        if (r->hit[i].b10)
            b10[nb++] = r->hit[i];
        else
            r->hit[n++] = r->hit[i];
    qsort(b10, nb, sizeof *b10, by_walk_only);
    for (uint32_t i = 0; i < nb && i < B10_ROWS_KEPT; i++)
        r->hit[n++] = b10[i];
    r->count = n;
    free(b10);
}

/* A block of the maps a search examines, tried on the workers: each map
 * alone (its map_ctx; the plan and the index only read), its rows and
 * return value kept in its slot. A block holds a band's seeds (about 1 MB):
 * each block starts and joins its workers, and with blocks of 4,096 maps
 * those starts cost a `--band` search 3 ms of its 18 on a 2-core host. */
enum { SCAN_BLOCK = GROTTO_SEED_COUNT };

typedef struct scan_block {
    const universe_index *ix;
    const grotto_engine *e;
    const plan *p;
    int n;
    uint32_t map[SCAN_BLOCK];
    int rc[SCAN_BLOCK];                /* rows, or -1 when the engine refused */
    universe_chest_hit hit[SCAN_BLOCK][2];
} scan_block;

/* Whether the map has too few chests of the target's ranks for a QL or
 * QL_ALL hit, by the index's per-rank totals (the map's chests over all
 * its floors): then it needs no map_from_floors. Only under the index's
 * own engine (another engine's search reads its own chests). */
static int too_few_target_chests(const plan *p, const universe_index *ix, const grotto_engine *e, uint32_t m)
{
    if (ix->engine != e || !p->target_chests)
        return 0;
    int n = 0;
    for (int r = 1; r <= GT_CHEST_RANKS; r++)
        if (p->target_ranks >> r & 1u)
            n += ix->map[m].chests[r - 1];
    return n < p->target_chests;
}

static int try_map(const plan *p, const universe_index *ix, const grotto_engine *e, uint32_t m,
                   universe_chest_hit h[2])
{
    h[0] = h[1] = (universe_chest_hit){.map = m};
    if (too_few_target_chests(p, ix, e, m))
        return 0;
    map_ctx c = {.ix = ix, .e = e, .band = (int)(m / GROTTO_SEED_COUNT), .seed = m % GROTTO_SEED_COUNT};
    c.floors = ix->map[m].floors;
    c.smr = ix->map[m].smr;
    switch (p->kind) {
    case UNIVERSE_CHEST_QL:
        return try_ql(p, &c, h);
    case UNIVERSE_CHEST_QL_ALL:
        return try_ql_all(p, &c, h);
    case UNIVERSE_CHEST_THIRD:
        return try_third(p, &c, h);
    case UNIVERSE_CHEST_COMBO:
        return try_combo(p, &c, h);
    default:
        return try_free(p, &c, h);
    }
}

static void scan_chunk(void *ctx, int worker, size_t lo, size_t hi)
{
    (void)worker;
    scan_block *b = ctx;
    for (size_t i = lo; i < hi; i++)
        b->rc[i] = try_map(b->p, b->ix, b->e, b->map[i], b->hit[i]);
}

/* Tries the block's maps on the workers and appends their rows to r in
 * the block's order; empties the block. 0; -1 when the engine refused a
 * map (*bad: the first in that order); -2 when out of memory. */
static int scan_flush(scan_block *b, int workers, universe_chest_result *r, size_t *cap, uint32_t *bad)
{
    base_parallel_chunks(workers, (size_t)b->n, 16, scan_chunk, b, NULL, NULL);
    int n = b->n;
    b->n = 0;
    for (int i = 0; i < n; i++) {
        if (b->rc[i] < 0) {
            *bad = b->map[i];
            return -1;
        }
        for (int row = 0; row < b->rc[i]; row++) {
            if (r->count == *cap) {
                size_t more = *cap ? *cap * 2 : 256;
                universe_chest_hit *g = realloc(r->hit, more * sizeof *g);
                if (!g)
                    return -2;
                r->hit = g;
                *cap = more;
            }
            r->hit[r->count++] = b->hit[i][row];
        }
    }
    return 0;
}

int universe_chest_search(const universe_index *ix, const grotto_engine *e, const universe_chest_query *q,
                          universe_chest_result *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (err && errlen)
        err[0] = 0;
    if (!e)
        e = &grotto_engine_impl;
    if (!e->map_from_floors || !e->chest_seconds || !e->chest_hits || (q->walk && (!e->floor || !e->walk)))
        FAIL(-1, "engine %s has no chest timer (or no walk) of its own", e->name);
    double t0 = base_now();
    plan p;
    int rc = make_plan(q, &p, err, errlen);
    if (rc)
        return rc;
    int b0 = q->band < 0 ? 0 : q->band, b1 = q->band < 0 ? GROTTO_BANDS - 1 : q->band;
    int workers = q->threads > 0 ? q->threads : base_default_threads();
    size_t cap = 0;
    scan_block *blk = malloc(sizeof *blk);
    if (!blk)
        FAIL(-1, "out of memory");
    blk->ix = ix;
    blk->e = e;
    blk->p = &p;
    blk->n = 0;
    /* the maps in scan order (band, then seed), a block at a time: each
     * block's maps tried on the workers, then its rows appended in order */
    uint32_t bad = 0;
    int st = 0;
    for (int band = b0; band <= b1 && !st; band++)
        for (uint32_t seed = q->seed_lo; seed <= q->seed_hi && !st; seed++) {
            uint32_t m = (uint32_t)grotto_map_slot(band, seed);
            if ((q->only && !q->only[m]) || (q->listed_only && !ix->findable[m]))
                continue;
            r->maps++;
            blk->map[blk->n++] = m;
            if (blk->n == SCAN_BLOCK)
                st = scan_flush(blk, workers, r, &cap, &bad);
        }
    if (!st && blk->n)
        st = scan_flush(blk, workers, r, &cap, &bad);
    free(blk);
    if (st) {
        universe_chest_result_free(r);
        if (st == -2)
            FAIL(-1, "out of memory");
        FAIL(-1, "engine %s refused map %02X%04X", e->name, gt_band[bad / GROTTO_SEED_COUNT].code,
             bad % GROTTO_SEED_COUNT);
    }
    if (p.b10_rows)
        cut_b10_rows(r);
    if (q->walk && r->count)
        qsort(r->hit, r->count, sizeof *r->hit, by_walk);
    r->seconds = base_now() - t0;
    return 0;
}
