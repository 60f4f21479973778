/* Research queries on the universe index (universe.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/record.h"
#include "universe.h"
#include "base.h"

void universe_query_init(universe_query *q)
{
    memset(q, 0, sizeof *q);
    q->band = -1;
    q->monster = -1;
    q->level_lo = 1;
    q->level_hi = 99;
    q->floor_lo = 1;
    q->floor_hi = GROTTO_MAX_FLOORS;
    q->seed_hi = GROTTO_SEED_MAX;
}

static int has_layout_filters(const universe_query *q)
{
    return q->nipple || q->chamber || q->ghosts > 0 || q->overflow || q->up_by_chest || q->down_cut || q->up_on_wall ||
           q->chambers_per_floor > 0 || q->chestless || q->down_unreachable;
}

int universe_query_has_floor_filters(const universe_query *q)
{
    return has_layout_filters(q) || q->states || q->monster >= 0 || q->flag0;
}

static int is_only_state(int state)
{
    return state == 5 || (state >= 14 && state <= 16); /* records.md: ONLY, ONLY no Pandora/Mimic/Cannibox */
}

int universe_only_monster(int env, int smr, int floor, int state)
{
    if (!is_only_state(state) || env < 1 || env > GT_ENV_COUNT)
        return -1;
    return gt_floor_tables[env][grotto_floor_mr(smr, floor)].only;
}

/* ---- names ---- */

/* ASCII letters lower-cased, every other byte kept (tolower() is the
 * locale's: the C locale's is this, but a call per byte of 12,288 names
 * was half of a name table's cost) */
static char ascii_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

int universe_name_canon(const char *in, char *out, size_t size)
{
    while (*in == ' ' || *in == '\t')
        in++;
    size_t n = strlen(in), o = 0;
    while (n && (in[n - 1] == ' ' || in[n - 1] == '\t'))
        n--;
    for (size_t i = 0; i < n;) {
        char c = ascii_lower(in[i]);
        if (c == 'l' && i + 1 < n && ascii_lower(in[i + 1]) == 'v') {
            size_t j = i + 2;
            while (j < n && (in[j] == '.' || in[j] == ' '))
                j++;
            if (j == n || isdigit((unsigned char)in[j])) { /* "Lv.1", "Lv 1", "Lv1", a trailing "Lv." */
                if (o + 1 < size) /* each letter that fits: a cut "lv" keeps its 'l' */
                    out[o] = 'l';
                if (o + 2 < size)
                    out[o + 1] = 'v';
                o += 2;
                i = j;
                continue;
            }
        }
        if (o + 1 < size)
            out[o] = c;
        o++;
        i++;
    }
    if (size)
        out[o < size ? o : size - 1] = 0;
    return (int)o;
}

static void levels_set(universe_name_levels *l, int v)
{
    l->w[v >> 6] |= UINT64_C(1) << (v & 63);
}

int universe_name_levels_has(const universe_name_levels *l, int level)
{
    return level >= 0 && level < 128 && (int)((l->w[level >> 6] >> (level & 63)) & 1);
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* What a text asks of the names stem + "<level>" - a name without its level
 * digits holds no digit (checked where stems are made), so the text's digits
 * can only fall on the level, and nothing follows them:
 *   exact:  the text is stem + the digits of a level
 *   part, no digit in the text:   the stem contains it, whatever the level
 *   part, text = A + digits:      the stem ends with A (any stem if A is empty)
 *                                 and the level's digits start with (A empty:
 *                                 contain) the text's digits. */
typedef struct name_want {
    const char *text;
    size_t len, head;              /* head: length of A, the part before the first digit */
    int part, digits_ok;
    universe_name_levels tail;       /* part with digits: the levels whose digits fit */
} name_want;

static void name_want_init(name_want *w, const char *text, int part)
{
    memset(w, 0, sizeof *w);
    w->text = text;
    w->part = part;
    w->len = strlen(text);
    w->head = strcspn(text, "0123456789");
    w->digits_ok = w->head == w->len || all_digits(text + w->head);
    for (int v = 1; v <= 99 && w->digits_ok && w->head < w->len; v++) {
        char num[4];
        snprintf(num, sizeof num, "%d", v);
        if (w->head ? !strncmp(num, text + w->head, w->len - w->head) : strstr(num, text) != NULL)
            levels_set(&w->tail, v);
    }
}

static void stem_levels(const char *stem, const name_want *w, universe_name_levels *out)
{
    size_t sl = strlen(stem);
    const char *text = w->text;
    if (!w->part) {
        size_t d = w->len - sl;
        if (w->len > sl && d <= 2 && !strncmp(text, stem, sl) && all_digits(text + sl) && text[sl] != '0')
            levels_set(out, atoi(text + sl));
        return;
    }
    if (w->head == w->len) {
        if (strstr(stem, text))
            for (int v = 1; v <= 99; v++)
                levels_set(out, v);
        return;
    }
    if (!w->digits_ok || (w->head && (w->head > sl || strncmp(stem + sl - w->head, text, w->head) != 0)))
        return;
    out->w[0] |= w->tail.w[0];
    out->w[1] |= w->tail.w[1];
}

/* s copied into out (size > 0), cut to fit; its length. A name table copies
 * 24,576 names: snprintf's "%s" was a sixth of `grotto stats`. */
static size_t raw_copy(const char *s, char *out, size_t size)
{
    size_t n = strlen(s);
    if (n >= size)
        n = size - 1;
    memcpy(out, s, n);
    out[n] = 0;
    return n;
}

int universe_name_table(const grotto_engine *e, const char *text, int how, universe_name_levels *out)
{
    char want[256];
    if (how & UNIVERSE_NAME_RAW)
        raw_copy(text, want, sizeof want);
    else
        universe_name_canon(text, want, sizeof want);
    name_want nw;
    name_want_init(&nw, want, how & UNIVERSE_NAME_PART);
    grotto_map_details_t d;
    memset(&d, 0, sizeof d);
    d.level = 1;
    int ok = 0;
    for (int p = 1; p <= GT_PREFIX_NAMES; p++)
        for (int l = 1; l <= GT_LOCALE_NAMES; l++)
            for (int s = 1; s <= GT_SUFFIX_NAMES; s++) {
                d.prefix = (uint8_t)p;
                d.locale = (uint8_t)l;
                d.suffix = (uint8_t)s;
                universe_name_levels *t = &out[((p - 1) * GT_LOCALE_NAMES + (l - 1)) * GT_SUFFIX_NAMES + (s - 1)];
                memset(t, 0, sizeof *t);
                for (int jp = 0; jp < 2; jp++) {
                    if (!(how & (jp ? UNIVERSE_NAME_JP : UNIVERSE_NAME_EN)))
                        continue;
                    char raw[256], stem[256];
                    universe_engine_map_name(e, &d, jp, raw, sizeof raw);
                    size_t n = how & UNIVERSE_NAME_RAW ? raw_copy(raw, stem, sizeof stem)
                                                     : (size_t)universe_name_canon(raw, stem, sizeof stem);
                    if (n < 2 || stem[n - 1] != '1' || strcspn(stem, "0123456789") != n - 1)
                        return -1; /* not "<stem>1" at level 1: the name format changed */
                    stem[n - 1] = 0;
                    stem_levels(stem, &nw, t);
                    ok = 1;
                }
            }
    return ok ? 0 : -1;
}

/* Per combination, the levels passing --name and --name-has (both when both
 * are given). NULL without a name filter or on failure (*failed = 1). */
static universe_name_levels *name_table(const grotto_engine *e, const universe_query *q, int *failed)
{
    *failed = 0;
    if (!q->name && !q->name_has)
        return NULL;
    universe_name_levels *t = calloc(2 * UNIVERSE_NAME_COMBOS, sizeof *t);
    const int part = UNIVERSE_NAME_EN | UNIVERSE_NAME_JP | UNIVERSE_NAME_PART;
    if (!t || (q->name && universe_name_table(e, q->name, UNIVERSE_NAME_EN | UNIVERSE_NAME_JP, t) != 0) ||
        (q->name_has && universe_name_table(e, q->name_has, part, t + UNIVERSE_NAME_COMBOS))) {
        free(t);
        *failed = 1;
        return NULL;
    }
    for (int c = 0; c < UNIVERSE_NAME_COMBOS; c++) {
        if (!q->name)
            t[c] = t[UNIVERSE_NAME_COMBOS + c];
        else if (q->name_has)
            for (int i = 0; i < 2; i++)
                t[c].w[i] &= t[UNIVERSE_NAME_COMBOS + c].w[i];
    }
    return t;
}

/* ---- where a map is found ---- */

static int clampq(int q)
{
    return q < GROTTO_QUALITY_MIN ? GROTTO_QUALITY_MIN : q > GROTTO_QUALITY_MAX ? GROTTO_QUALITY_MAX : q;
}

static int is_quest15(uint32_t m)
{
    return m == grotto_map_slot(grotto_band_of_quality(GT_QUEST15_QUALITY), GT_QUEST15_SEED);
}

int universe_query_places(const universe_index *ix, uint32_t m, int base, uint16_t count[GT_LOCATION_COUNT + 1],
                          int *quest15)
{
    memset(count, 0, (GT_LOCATION_COUNT + 1) * sizeof count[0]);
    int band = (int)(m / GROTTO_SEED_COUNT), n = 0;
    uint32_t seed = m % GROTTO_SEED_COUNT;
    for (uint32_t i = ix->seed_start[seed]; i < ix->seed_start[seed + 1]; i++) {
        const grotto_timer_draws *t = &ix->timer[i];
        if (base) {
            int q = grotto_final_quality(base, t->r1);
            if (grotto_band_of_quality(q) == band) {
                int loc = grotto_location(q, t->r3);
                n += !count[loc]++;
            }
            continue;
        }
        unsigned cls = (unsigned)(ix->classes[i] >> (band * GT_LOCATION_BAND_COUNT));
        int seen[GT_LOCATION_BAND_COUNT], ns = 0; /* two location bands may give the same number */
        for (int L = 0; L < GT_LOCATION_BAND_COUNT; L++) {
            if (!((cls >> L) & 1))
                continue;
            int loc = ix->location[i][L], dup = 0;
            for (int j = 0; j < ns; j++)
                dup |= seen[j] == loc;
            if (!dup)
                n += !count[seen[ns++] = loc]++;
        }
    }
    *quest15 = (!base || base == GT_QUEST15_QUALITY) && is_quest15(m);
    return n + (*quest15 && !count[GT_QUEST15_LOCATION]);
}

/* Quest 15's gift: its map, at its location, for its base (or any). */
static int gift_wanted(const universe_query *q)
{
    return (!q->base || q->base == GT_QUEST15_QUALITY) &&
           (!q->has_locations || q->location[GT_QUEST15_LOCATION]);
}

/* Per map slot: with a base, the timer values giving it (at a wanted
 * location); without, 1 when it is found at a wanted location. */
static uint16_t *where_table(const universe_index *ix, const universe_query *q, uint32_t *produced)
{
    uint16_t *w = calloc(GROTTO_MAP_UNIVERSE, sizeof *w);
    if (!w)
        return NULL;
    *produced = 0;
    if (q->base) {
        uint8_t *seen = calloc(GROTTO_MAP_UNIVERSE, 1);
        if (!seen) {
            free(w);
            return NULL;
        }
        for (uint32_t i = 0; i < GROTTO_TIMER_COUNT; i++) { /* every timer value (in seed order) */
            const grotto_timer_draws *d = &ix->timer[i];
            int quality = grotto_final_quality(q->base, d->r1);
            size_t m = grotto_map_slot(grotto_band_of_quality(quality), d->seed);
            *produced += !seen[m];
            seen[m] = 1;
            if (!q->has_locations || q->location[grotto_location(quality, d->r3)])
                w[m]++;
        }
        free(seen);
        return w;
    }
    for (uint32_t i = 0; i < GROTTO_TIMER_COUNT; i++) { /* every timer value (in seed order) */
        uint64_t cls = ix->classes[i];
        for (int b = 0; b < GROTTO_BANDS; b++)
            for (int L = 0; L < GT_LOCATION_BAND_COUNT; L++)
                if (((cls >> (b * GT_LOCATION_BAND_COUNT + L)) & 1) && q->location[ix->location[i][L]])
                    w[grotto_map_slot(b, ix->timer[i].seed)] = 1;
    }
    return w;
}

/* The findable maps of the seeds in [lo, hi): each seed's timer values
 * (by_seed), so a work item writes only its own seeds' slots. */
typedef struct findable_ctx {
    const universe_index *ix;
    uint8_t *out;
} findable_ctx;

static void findable_seeds(void *arg, int worker, size_t lo, size_t hi)
{
    const findable_ctx *c = arg;
    const universe_index *ix = c->ix;
    (void)worker;
    for (size_t seed = lo; seed < hi; seed++) {
        uint16_t bands = 0;
        for (uint32_t i = ix->seed_start[seed]; i < ix->seed_start[seed + 1]; i++) {
            uint64_t cls = ix->classes[i];
            for (int b = 0; b < GROTTO_BANDS; b++)
                if (cls >> (b * GT_LOCATION_BAND_COUNT) & ((UINT64_C(1) << GT_LOCATION_BAND_COUNT) - 1))
                    bands |= (uint16_t)(1u << b);
        }
        for (int b = 0; b < GROTTO_BANDS; b++)
            c->out[grotto_map_slot(b, (uint32_t)seed)] = (uint8_t)((bands >> b) & 1u);
    }
}

void universe_findable_fill(const universe_index *ix, int threads, uint8_t *out)
{
    findable_ctx c = {.ix = ix, .out = out};
    base_parallel_chunks(threads > 0 ? threads : base_default_threads(), GROTTO_SEED_COUNT, 1024, findable_seeds,
                         &c, NULL, NULL);
    out[grotto_map_slot(grotto_band_of_quality(GT_QUEST15_QUALITY), GT_QUEST15_SEED)] = 1;
}

uint8_t *universe_findable_table(const universe_index *ix)
{
    uint8_t *f = malloc(GROTTO_MAP_UNIVERSE);
    if (f)
        memcpy(f, ix->findable, GROTTO_MAP_UNIVERSE);
    return f;
}

/* ---- base qualities per location (--bq-count) ---- */

/* The final quality of every base 2..248 for r1 (rng-and-timer.md §4.1),
 * decade by decade as reachable_qualities walks them: q[base]. */
static void final_qualities(uint32_t r1, uint8_t q[GROTTO_QUALITY_MAX + 1])
{
    for (int d = 0; d <= GROTTO_QUALITY_MAX / 10; d++) {
        int k = (int)(r1 % (uint32_t)(2 * d + 1));
        for (int base = 10 * d; base <= 10 * d + 9 && base <= GROTTO_QUALITY_MAX; base++) {
            if (base < GROTTO_QUALITY_MIN)
                continue;
            int delta = base == 10 * d ? k - d : k <= d ? k - d : k - d - 1;
            q[base] = (uint8_t)clampq(base + delta);
        }
    }
}

/* The tool's checkLocationBQ over the (location, base) pairs giving map
 * slot m in its band: every timer value of the seed with every base whose
 * final quality falls in the band, plus quest 15's gift (location 5, base 2). */
static int bq_count_passes(const universe_index *ix, int mode, uint32_t m)
{
    int band = (int)(m / GROTTO_SEED_COUNT);
    uint32_t seed = m % GROTTO_SEED_COUNT;
    uint64_t all[4] = {0}, at[GT_LOCATION_COUNT + 1][4];
    uint8_t touched[GT_LOCATION_COUNT + 1];
    int nt = 0;
    memset(at, 0, sizeof at);
    for (uint32_t i = ix->seed_start[seed]; i < ix->seed_start[seed + 1]; i++) {
        const grotto_timer_draws *t = &ix->timer[i];
        uint8_t fq[GROTTO_QUALITY_MAX + 1];
        final_qualities(t->r1, fq);
        for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
            if (fq[base] < gt_band[band].qmin || fq[base] > gt_band[band].qmax)
                continue;
            int loc = grotto_location(fq[base], t->r3);
            if (loc < 1 || loc > GT_LOCATION_COUNT)
                continue;
            if (!(at[loc][0] | at[loc][1] | at[loc][2] | at[loc][3]))
                touched[nt++] = (uint8_t)loc;
            at[loc][base >> 6] |= UINT64_C(1) << (base & 63);
            all[base >> 6] |= UINT64_C(1) << (base & 63);
        }
    }
    if (is_quest15(m)) {
        if (!(at[GT_QUEST15_LOCATION][0] | at[GT_QUEST15_LOCATION][1] | at[GT_QUEST15_LOCATION][2] |
              at[GT_QUEST15_LOCATION][3]))
            touched[nt++] = GT_QUEST15_LOCATION;
        at[GT_QUEST15_LOCATION][GT_QUEST15_QUALITY >> 6] |= UINT64_C(1) << (GT_QUEST15_QUALITY & 63);
        all[GT_QUEST15_QUALITY >> 6] |= UINT64_C(1) << (GT_QUEST15_QUALITY & 63);
    }
    if (!nt)
        return 0; /* not listed */
    /* bases below 245: bits 0..244 */
    const uint64_t low[4] = {~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0), (UINT64_C(1) << (UNIVERSE_BQ_D_MIN - 192)) - 1};
    if (mode == UNIVERSE_BQ_ONE)
        return __builtin_popcountll(all[0]) + __builtin_popcountll(all[1]) + __builtin_popcountll(all[2]) +
                   __builtin_popcountll(all[3]) == 1;
    if (mode == UNIVERSE_BQ_D)
        return !((all[0] & low[0]) | (all[1] & low[1]) | (all[2] & low[2]) | (all[3] & low[3]));
    for (int i = 0; i < nt; i++) {
        const uint64_t *b = at[touched[i]];
        if (mode == UNIVERSE_BQ_ONE_SOME && __builtin_popcountll(b[0]) + __builtin_popcountll(b[1]) +
                                                    __builtin_popcountll(b[2]) + __builtin_popcountll(b[3]) == 1)
            return 1;
        if (mode == UNIVERSE_BQ_D_SOME && !((b[0] & low[0]) | (b[1] & low[1]) | (b[2] & low[2]) | (b[3] & low[3])))
            return 1;
    }
    return 0;
}

/* ---- floors ---- */

static int layout_floor_passes(const universe_query *q, const grotto_floor_facts *f)
{
    return (!q->nipple || f->unreachable_chests > 0) && (!q->chamber || f->region_count > 0) &&
           (!q->ghosts || f->ghost_count >= q->ghosts) && (!q->overflow || f->overflow) &&
           (!q->up_by_chest || f->up_next_to_chest) && (!q->down_cut || f->softlock_down_cut) &&
           (!q->up_on_wall || f->up_on_wall) && f->region_count >= q->chambers_per_floor &&
           (!q->chestless || (f->chest_count == 1 && f->unreachable_chests > 0)) &&
           (!q->down_unreachable || f->down_unreachable);
}

/* Floors of map slot m that pass the state and monster filters. */
static uint16_t state_floors(const universe_index *ix, const universe_query *q, uint32_t m, uint16_t floors)
{
    const grotto_map_facts *d = &ix->map[m];
    uint16_t out = 0;
    if ((q->states & 1u) && q->monster < 0 && !q->flag0)
        out = floors & (uint16_t)~d->special; /* state 0: every floor not listed (D = 0) */
    int n;
    const grotto_special_floor *s = universe_index_special_of(ix, m, &n);
    for (int i = 0; i < n; i++) {
        if ((q->states && !((q->states >> s[i].state) & 1)) || (q->flag0 && !s[i].D))
            continue;
        if (q->monster >= 0 && universe_only_monster(d->env, d->smr, s[i].floor, s[i].state) != q->monster)
            continue;
        out |= (uint16_t)(1u << (s[i].floor - 1));
    }
    return out & floors;
}

/* Per seed, bit k-1 set when floor k has a chamber: what --chambers-floors
 * counts for each of the seed's maps. One pass over the floors; counted map
 * by map, the twelve bands read the 13.6 MB of floor facts twelve times
 * (10 ms of a 12 ms query). NULL: out of memory. */
static uint16_t *chamber_floor_table(const universe_index *ix)
{
    uint16_t *t = malloc(GROTTO_SEED_COUNT * sizeof *t);
    for (uint32_t s = 0; t && s < GROTTO_SEED_COUNT; s++) {
        universe_prefetch_floors(ix, s + 8);
        unsigned bits = 0;
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++)
            bits |= (unsigned)(ix->floor[grotto_floor_slot(s, k)].region_count > 0) << (k - 1);
        t[s] = (uint16_t)bits;
    }
    return t;
}

/* The other map filters of research.md §2 (the tool's checkBasicConds,
 * chest counts, MULTI_SPECIAL, multi_chamber with the seed's chamber_floor_table,
 * checkLocationBQ). */
static int research_map_passes(const universe_index *ix, const universe_query *q, uint32_t m, const grotto_map_facts *d,
                               const uint16_t *chambers)
{
    uint32_t seed = m % GROTTO_SEED_COUNT;
    if ((q->smr && d->smr != q->smr) || (int)seed < q->seed_lo || (int)seed > q->seed_hi ||
        (q->prefix && d->prefix != q->prefix) || (q->suffix && d->suffix != q->suffix) ||
        (q->locale && d->locale != q->locale))
        return 0;
    for (int r = 0; q->chest_ranks && r < GROTTO_CHEST_RANK_COUNT; r++) /* every map: no loop without --chests */
        if ((q->chest_ranks >> r & 1) && d->chests[r] != q->chests[r])
            return 0;
    if (q->multi_special && __builtin_popcount(d->special) < 2)
        return 0;
    if (q->chambers_floors && __builtin_popcount(chambers[seed] & ((1u << d->floors) - 1u)) < q->chambers_floors)
        return 0;
    return !q->bq_count || bq_count_passes(ix, q->bq_count, m);
}

/* What a query makes before its pass over the maps: the layout filters'
 * floors per seed (fmask, when allocated) and the name table. Neither needs
 * the other: with both, they are made side by side (the table 1.2 ms,
 * 24,576 names made and compared; the pass over the floors 2 ms). */
typedef struct query_prep {
    const universe_index *ix;
    const universe_query *q;
    uint16_t *fmask;
    universe_name_levels *names;
    int names_failed;
} query_prep;

static void prep_floors(void *arg)
{
    query_prep *p = arg;
    const universe_query *q = p->q;
    /* both passes ask for their data ahead (universe_prefetch_floors) */
    for (uint32_t s = 0; p->fmask && s < GROTTO_SEED_COUNT; s++) {
        universe_prefetch_floors(p->ix, s + 8);
        for (int k = q->floor_lo; k <= q->floor_hi; k++)
            if (layout_floor_passes(q, &p->ix->floor[grotto_floor_slot(s, k)]))
                p->fmask[s] |= (uint16_t)(1u << (k - 1));
    }
}

static void prep_names(void *arg)
{
    query_prep *p = arg;
    p->names = name_table(p->ix->engine, p->q, &p->names_failed);
}

int universe_query_run(const universe_index *ix, const universe_query *q, universe_query_result *r)
{
    memset(r, 0, sizeof *r);
    int rc = -1;
    query_prep p = {ix, q, has_layout_filters(q) ? calloc(GROTTO_SEED_COUNT, sizeof *p.fmask) : NULL, NULL, 0};
    uint16_t *fmask = p.fmask;
    uint16_t *where = q->base || q->has_locations ? where_table(ix, q, &r->produced) : NULL;
    uint8_t *findable = q->findable ? universe_findable_table(ix) : NULL;
    uint16_t *chambers = q->chambers_floors ? chamber_floor_table(ix) : NULL;
    uint32_t gift = gift_wanted(q) ? (uint32_t)grotto_map_slot(grotto_band_of_quality(GT_QUEST15_QUALITY),
                                                                GT_QUEST15_SEED)
                                   : UINT32_MAX;
    r->hit = malloc(GROTTO_MAP_UNIVERSE * sizeof *r->hit);
    int no_memory = (has_layout_filters(q) && !fmask) || ((q->base || q->has_locations) && !where) ||
                    (q->findable && !findable) || (q->chambers_floors && !chambers) || !r->hit;
    uint16_t range = (uint16_t)(((1u << q->floor_hi) - 1) & ~((1u << (q->floor_lo - 1)) - 1));
    base_beside(fmask && (q->name || q->name_has) ? ix->threads : 1, prep_floors, prep_names, &p);
    universe_name_levels *names = p.names;
    if (p.names_failed || no_memory)
        goto out;
    int floor_filters = universe_query_has_floor_filters(q);
    int state_filters = q->states || q->monster >= 0 || q->flag0;
    for (uint32_t m = 0; m < GROTTO_MAP_UNIVERSE; m++) {
        int band = (int)(m / GROTTO_SEED_COUNT);
        uint32_t seed = m % GROTTO_SEED_COUNT;
        if (q->band >= 0 && band != q->band) {
            m = (uint32_t)(band < q->band ? q->band * GROTTO_SEED_COUNT : GROTTO_MAP_UNIVERSE) - 1;
            continue;
        }
        const grotto_map_facts *d = &ix->map[m];
        if (m + 96 < GROTTO_MAP_UNIVERSE)
            __builtin_prefetch(d + 96);
        if ((q->arising && ix->seed_start[seed] == ix->seed_start[seed + 1]) || (q->env && d->env != q->env) ||
            (q->boss && d->boss != q->boss) || (q->floors && d->floors != q->floors) || d->level < q->level_lo ||
            d->level > q->level_hi || (where && !where[m] && m != gift) || (findable && !findable[m]))
            continue;
        if (names && !universe_name_levels_has(&names[universe_name_combo(d)], d->level))
            continue;
        if (!research_map_passes(ix, q, m, d, chambers))
            continue;
        uint16_t hits = 0;
        if (floor_filters) {
            hits = range & (uint16_t)((1u << d->floors) - 1);
            if (fmask)
                hits &= fmask[seed];
            if (hits && state_filters)
                hits = state_floors(ix, q, m, hits);
            if (!hits)
                continue;
        }
        universe_query_hit *h = &r->hit[r->count++];
        h->map = m;
        h->floors = hits;
        h->timers = q->base ? where[m] : 0;
        r->timers += h->timers;
    }
    rc = q->sort ? universe_rank(ix, q, r) : 0;
out:
    free(names);
    free(fmask);
    free(where);
    free(findable);
    free(chambers);
    if (rc)
        universe_query_result_free(r);
    return rc;
}

void universe_query_result_free(universe_query_result *r)
{
    free(r->hit);
    r->hit = NULL;
    r->count = 0;
}
