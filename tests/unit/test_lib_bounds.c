/* The public library driven out of bounds (issue 18 item 4): every function
 * declared in an installed header (include/grotto/, and every member of
 * every engine in the registry) called with out-of-range numbers - bad
 * env, rank, quality, seed, floor, state, ONLY monster, chest counts and
 * ranks, floor shapes and stairs, zero sizes, spans that would overflow -
 * and held to the behaviour its header documents for them: -1 with the
 * output untouched, the empty result, or the clamp. Run in the ASan +
 * UBSan build by ci/sanitize.sh (the whole ctest suite), where any read or
 * write out of bounds, division by zero or signed overflow is a report
 * that fails the run; in the other builds the documented results are
 * checked all the same, with the library's assertions on (RelWithDebInfo).
 * The engines must also agree on bad input: ref, impl and legacy give the
 * same answer to every call here.
 *
 * tests/e2e/test_lib_exports.py checks that every function of the
 * installed headers is named in this file. Pointers stay valid throughout:
 * NULL where a header forbids it is a documented precondition, not input. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/grotto.h"

enum { SEED = 0x5BC3, QUALITY = 221 }; /* DD5BC3, 15 floors */

/* Values outside each domain: qualities 2..248, floors 1..16, monster
 * ranks 1..12 (smr and mr), environments 1..5, bands 0..11. */
static const int bad_quality[] = {INT_MIN, -9999, -1, 0, 1, 249, 256, INT_MAX};
static const int bad_floor[] = {INT_MIN, -9999, -1, 0, 17, 255, 9999, INT_MAX};
static const int bad_rank[] = {INT_MIN, -1, 0, 13, 255, INT_MAX};
static const int bad_env[] = {INT_MIN, -1, 0, 6, 9, 255, INT_MAX};
static const int bad_band[] = {INT_MIN, -1, 12, 255, INT_MAX};
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A value written over an output before a call that must leave it alone. */
enum { SENTINEL = 0xA5 };

static int all_bytes(const void *p, size_t n, int byte)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != byte)
            return 0;
    return 1;
}

#define EXPECT_UNTOUCHED(obj, what) \
    cr_expect(all_bytes(&(obj), sizeof(obj), SENTINEL), "%s: output touched on bad input", what)
#define EXPECT_ZERO(obj, what) cr_expect(all_bytes(&(obj), sizeof(obj), 0), "%s: output not empty on bad input", what)

/* A generated floor with chests: DD5BC3's first floor that has two. */
static grotto_floor_t floor_with_chests(void)
{
    grotto_floor_t f;
    for (int k = 3; k <= 15; k++) {
        cr_assert_eq(grotto_floor(SEED, k, &f), 0);
        if (f.chest_count >= 2)
            return f;
    }
    cr_assert_fail("DD5BC3 has no floor with two chests");
    return f;
}

/* ---- rng.h ---- */

Test(lib_bounds, rng)
{
    grotto_rng r, copy;
    grotto_rng_seed(&r, UINT32_MAX);
    copy = r;
    cr_expect_eq(grotto_rng_below(&r, 0), 0u, "below(0) is below(1)");
    cr_expect_eq(r.draws, 1u, "below(0) makes its draw");
    cr_expect_eq(grotto_rng_below(&copy, 1), 0u);
    cr_expect_eq(copy.state, r.state);

    for (int i = 0; i < 64; i++) {
        int v = grotto_rng_pick(&r, 5, 4);
        cr_expect_eq(v, 5, "pick(5, 4) on an empty span returns lo");
        cr_expect_eq(grotto_rng_pick(&r, 5, INT_MIN), 5);
        v = grotto_rng_pick(&r, INT_MIN, INT_MAX);
        cr_expect(v >= INT_MIN && v <= INT_MIN + 32767, "pick over every int: lo + draw, got %d", v);
        v = grotto_rng_pick(&r, INT_MAX - 3, INT_MAX);
        cr_expect(v >= INT_MAX - 3, "pick at the top of int: %d", v);
    }
    uint32_t before = r.draws;
    cr_expect_eq(grotto_rng_pick(&r, 7, 7), 7);
    cr_expect_eq(r.draws, before + 1, "pick draws even for one value");

    for (int i = 0; i < 64; i++) {
        int v = grotto_rng_range(&r, INT_MIN, INT_MAX);
        cr_expect(v >= INT_MIN && v <= INT_MIN + 32767, "range over every int: %d", v);
        v = grotto_rng_range(&r, INT_MAX, INT_MIN); /* negative span: lo + draw mod |n|, at most INT_MAX */
        cr_expect_eq(v, INT_MAX);
        v = grotto_rng_range(&r, 10, 5);
        cr_expect(v >= 10 && v < 14, "range(10, 5): 10 + draw mod 4, got %d", v);
        cr_expect_eq(grotto_rng_range(&r, 3, 2), 3);
    }
    before = r.draws;
    cr_expect_eq(grotto_rng_range(&r, INT_MIN, INT_MIN), INT_MIN);
    cr_expect_eq(r.draws, before, "range(lo, lo) draws nothing");

    for (int i = 0; i < 64; i++) {
        copy = r;
        long long v = grotto_rng_draw(&copy);
        int s = grotto_rng_scaled(&r, INT_MAX);
        cr_expect_eq(s, (int)((long long)INT_MAX * (v - 1) / 32767), "scaled(INT_MAX)");
        s = grotto_rng_scaled(&r, INT_MIN);
        cr_expect(s <= 0, "scaled(INT_MIN) = %d", s);
        cr_expect_eq(grotto_rng_scaled(&r, 0), 0);
    }

    /* any k: the jump for k is the jump for a then b (rng-and-timer.md §3) */
    const uint32_t ks[][2] = {{UINT32_MAX, 1}, {0x80000000u, 0x7FFFFFFFu}, {123456789u, 987654321u}, {0, 0}};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        grotto_jump a = grotto_jump_k(ks[i][0]), b = grotto_jump_k(ks[i][1]);
        grotto_jump ab = grotto_jump_k(ks[i][0] + ks[i][1]);
        cr_expect(ab.a == b.a * a.a && ab.c == b.a * a.c + b.c, "jump(%u + %u)", ks[i][0], ks[i][1]);
    }
    grotto_rng step;
    grotto_rng_seed(&step, 77);
    uint32_t last = 0;
    for (int i = 0; i < 1000; i++)
        last = grotto_rng_draw(&step);
    cr_expect_eq(grotto_draw_k(77, 1000), last);
    (void)grotto_draw_k(UINT32_MAX, UINT32_MAX);
}

/* ---- timer.h ---- */

Test(lib_bounds, timer)
{
    const uint32_t wide[] = {65536, 65536 + 12345, UINT32_MAX};
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
        grotto_timer_draws a, b;
        grotto_timer(wide[i], &a);
        grotto_timer(wide[i] % 65536, &b);
        cr_expect(memcmp(&a, &b, sizeof a) == 0, "timer %u is taken mod 65536", wide[i]);
    }
    for (size_t i = 0; i < N(bad_quality); i++) {
        int v = bad_quality[i];
        cr_expect_eq(grotto_final_quality(v, 12345), -1, "final quality of base %d", v);
        cr_expect_eq(grotto_location(v, 12345), -1, "location of quality %d", v);
        cr_expect_eq(grotto_band_of_quality(v), -1, "band of quality %d", v);
        cr_expect_eq(grotto_band_of_code(v), -1, "band of code %d", v);
    }
    for (size_t i = 0; i < N(bad_band); i++)
        cr_expect_eq(grotto_band_code(bad_band[i]), -1, "band code of band %d", bad_band[i]);
    cr_expect_eq(grotto_band_of_code(3), -1, "3 is no band's code");
    cr_expect_eq(grotto_final_quality(248, UINT32_MAX) >= 2, 1);
    cr_expect_eq(grotto_never_seeds(NULL), GROTTO_NEVER_SEEDS);
    uint8_t *counts = malloc(GROTTO_SEED_COUNT);
    cr_assert(counts);
    grotto_seed_timer_counts(counts);
    free(counts);
}

/* ---- floor.h, walk.h, types.h ---- */

Test(lib_bounds, floor_generation)
{
    for (size_t i = 0; i < N(bad_floor); i++) {
        int k = bad_floor[i];
        grotto_floor_t f;
        uint32_t draws;
        memset(&f, SENTINEL, sizeof f);
        memset(&draws, SENTINEL, sizeof draws);
        cr_expect_eq(grotto_floor_side(SEED, k), -1, "side of floor %d", k);
        cr_expect_eq(grotto_floor(UINT32_MAX, k, &f), -1, "floor %d", k);
        cr_expect_eq(grotto_floor_ex(SEED, k, &f, &draws, NULL), -1, "floor_ex %d", k);
        EXPECT_UNTOUCHED(f, "grotto_floor");
        EXPECT_UNTOUCHED(draws, "grotto_floor_ex");
        uint16_t cost;
        memset(&cost, SENTINEL, sizeof cost);
        cr_expect_eq(grotto_walk_up_to(SEED, k, &cost), -1, "walk up to floor %d", k);
        EXPECT_UNTOUCHED(cost, "grotto_walk_up_to");
        for (int e = 0; grotto_engines[e]; e++) {
            const grotto_engine *E = grotto_engines[e];
            grotto_floor_facts facts;
            cr_expect_eq(E->floor(SEED, k, &f), -1, "%s floor %d", E->name, k);
            cr_expect_eq(E->facts(SEED, k, NULL, &facts), -1, "%s facts %d", E->name, k);
        }
    }
    /* all three NULL, and facts without a floor to fill */
    cr_expect_eq(grotto_floor_ex(UINT32_MAX, 16, NULL, NULL, NULL), 0);
    grotto_floor_t f;
    cr_assert_eq(grotto_floor(SEED, 7, &f), 0);
    for (int e = 0; grotto_engines[e]; e++) {
        grotto_floor_facts a, b;
        grotto_floor_t g;
        cr_expect_eq(grotto_engines[e]->facts(SEED, 7, NULL, &a), 0, "%s facts, floor NULL", grotto_engines[e]->name);
        cr_expect_eq(grotto_engines[e]->facts(SEED, 7, &g, &b), 0);
        cr_expect(memcmp(&a, &b, sizeof a) == 0 && memcmp(&g, &f, sizeof f) == 0, "%s facts",
                  grotto_engines[e]->name);
    }
    /* G(x, y) outside the 16 x 16 grid is a wall */
    const int xy[][2] = {{-1, 0}, {0, -1}, {16, 0}, {0, 16}, {INT_MIN, INT_MAX}, {INT_MAX, 3}};
    for (size_t i = 0; i < sizeof xy / sizeof xy[0]; i++)
        cr_expect_eq(grotto_tile_at(&f, xy[i][0], xy[i][1]), GROTTO_TILE_WALL, "G(%d, %d)", xy[i][0], xy[i][1]);
    /* any byte: walkable unless wall or partition */
    for (int t = 0; t < 256; t++)
        cr_expect_eq(grotto_tile_walkable((uint8_t)t), t != GROTTO_TILE_WALL && t != GROTTO_TILE_PARTITION, "tile %d", t);
}

/* Floors no generator makes, each a way for the analysis or the walk to
 * leave the grid. */
typedef struct spoiled_floor {
    const char *what;
    void (*spoil)(grotto_floor_t *f);
} spoiled_floor;

static void width_0(grotto_floor_t *f) { f->width = 0; }
static void width_17(grotto_floor_t *f) { f->width = f->height = 17; }
static void width_255(grotto_floor_t *f) { f->width = f->height = 255; }
static void height_0(grotto_floor_t *f) { f->height = 0; }
static void height_200(grotto_floor_t *f) { f->height = 200; }
static void up_outside(grotto_floor_t *f) { f->up.x = f->width; }
static void up_far(grotto_floor_t *f) { f->up = (grotto_xy){255, 255}; }
static void down_outside(grotto_floor_t *f) { f->down.y = f->height; }
static void down_far(grotto_floor_t *f) { f->down = (grotto_xy){200, 7}; }
static void chests_4(grotto_floor_t *f) { f->chest_count = 4; }
static void chests_255(grotto_floor_t *f) { f->chest_count = 255; }
static void chest_outside(grotto_floor_t *f) { f->chest[1] = (grotto_xy){16, 255}; }

static const spoiled_floor bad_floors[] = {
    {"width 0", width_0},         {"width 17", width_17},         {"width 255", width_255},
    {"height 0", height_0},       {"height 200", height_200},     {"up outside", up_outside},
    {"up at 255,255", up_far},    {"down outside", down_outside}, {"down at 200,7", down_far},
    {"4 chests", chests_4},       {"255 chests", chests_255},     {"chest outside", chest_outside},
};
enum { N_BAD_FLOORS = sizeof bad_floors / sizeof bad_floors[0] };

Test(lib_bounds, floor_analysis)
{
    const grotto_floor_t good = floor_with_chests();
    for (int e = 0; grotto_engines[e]; e++) {
        grotto_floor_analysis a;
        grotto_engines[e]->analyse(&good, &a);
        cr_expect_gt(a.reached_count, 0, "%s: a generated floor reaches its up stairs", grotto_engines[e]->name);
    }
    for (int i = 0; i < N_BAD_FLOORS; i++) {
        grotto_floor_t f = good;
        bad_floors[i].spoil(&f);
        grotto_floor_analysis a;
        memset(&a, SENTINEL, sizeof a);
        grotto_floor_analyse(&f, &a);
        EXPECT_ZERO(a, bad_floors[i].what);
        for (int e = 0; grotto_engines[e]; e++) {
            memset(&a, SENTINEL, sizeof a);
            grotto_engines[e]->analyse(&f, &a);
            cr_expect(all_bytes(&a, sizeof a, 0), "%s analyse, %s: not the empty analysis", grotto_engines[e]->name,
                      bad_floors[i].what);
        }
        /* the walk: NONE unless both stairs are on one tile (grotto/walk.h) */
        uint16_t want = grotto_floor_walk(&f);
        for (int e = 0; grotto_engines[e]; e++)
            cr_expect_eq(grotto_engines[e]->walk(&f), want, "%s walk, %s", grotto_engines[e]->name,
                         bad_floors[i].what);
        if (f.width > 16 || f.height > 16 || f.width == 0 || f.height == 0 || f.up.x >= f.width ||
            f.up.y >= f.height || f.down.x >= f.width || f.down.y >= f.height)
            cr_expect_eq(want, GROTTO_WALK_NONE, "walk, %s", bad_floors[i].what);
    }
}

/* ---- elist.h ---- */

Test(lib_bounds, elist)
{
    const grotto_floor_t good = floor_with_chests();
    grotto_elist_t e;
    grotto_floor_terms t;
    grotto_elist(&good, 1, 1, &e);
    cr_assert_eq(e.env, 1, "a valid cut");
    grotto_elist_layout(&good, &t);

    for (size_t i = 0; i < N(bad_env); i++) {
        int v = bad_env[i];
        memset(&e, SENTINEL, sizeof e);
        grotto_elist(&good, v, 1, &e);
        EXPECT_ZERO(e, "grotto_elist env");
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_from_terms(v, 1, t.W, t.X, t.D, &e);
        EXPECT_ZERO(e, "grotto_elist_from_terms env");
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_of_layout(&t, 5, v, 1, &e);
        EXPECT_ZERO(e, "grotto_elist_of_layout env");
        for (int k = 0; grotto_engines[k]; k++) {
            const grotto_engine *E = grotto_engines[k];
            memset(&e, SENTINEL, sizeof e);
            E->elist(&good, v, 1, &e);
            cr_expect(all_bytes(&e, sizeof e, 0), "%s elist env %d", E->name, v);
            memset(&e, SENTINEL, sizeof e);
            E->elist_of_layout(&t, 4, v, 1, &e);
            cr_expect(all_bytes(&e, sizeof e, 0), "%s elist_of_layout env %d", E->name, v);
        }
    }
    for (size_t i = 0; i < N(bad_rank); i++) {
        int v = bad_rank[i];
        memset(&e, SENTINEL, sizeof e);
        grotto_elist(&good, 2, v, &e);
        EXPECT_ZERO(e, "grotto_elist smr");
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_from_terms(2, v, t.W, t.X, t.D, &e);
        EXPECT_ZERO(e, "grotto_elist_from_terms mr");
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_of_layout(&t, 5, 2, v, &e);
        EXPECT_ZERO(e, "grotto_elist_of_layout smr");
        for (int k = 0; grotto_engines[k]; k++) {
            const grotto_engine *E = grotto_engines[k];
            memset(&e, SENTINEL, sizeof e);
            E->elist(&good, 3, v, &e);
            cr_expect(all_bytes(&e, sizeof e, 0), "%s elist smr %d", E->name, v);
            memset(&e, SENTINEL, sizeof e);
            E->elist_of_layout(&t, 4, 3, v, &e);
            cr_expect(all_bytes(&e, sizeof e, 0), "%s elist_of_layout smr %d", E->name, v);
        }
    }
    for (size_t i = 0; i < N(bad_floor); i++) {
        int v = bad_floor[i];
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_of_layout(&t, v, 2, 1, &e);
        EXPECT_ZERO(e, "grotto_elist_of_layout floor");
        for (int k = 0; grotto_engines[k]; k++) {
            memset(&e, SENTINEL, sizeof e);
            grotto_engines[k]->elist_of_layout(&t, v, 3, 1, &e);
            cr_expect(all_bytes(&e, sizeof e, 0), "%s elist_of_layout floor %d", grotto_engines[k]->name, v);
        }
    }
    /* terms: W and D 0..256, X 0..480 */
    const int bad_w[] = {INT_MIN, -1, 257, 65535, INT_MAX}, bad_x[] = {INT_MIN, -1, 481, 65535, INT_MAX};
    for (size_t i = 0; i < N(bad_w); i++) {
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_from_terms(2, 3, bad_w[i], t.X, t.D, &e);
        EXPECT_ZERO(e, "grotto_elist_from_terms W");
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_from_terms(2, 3, t.W, t.X, bad_w[i], &e);
        EXPECT_ZERO(e, "grotto_elist_from_terms D");
        memset(&e, SENTINEL, sizeof e);
        grotto_elist_from_terms(2, 3, t.W, bad_x[i], t.D, &e);
        EXPECT_ZERO(e, "grotto_elist_from_terms X");
    }
    /* terms beyond a 16 x 16 grid, through every engine */
    const grotto_floor_terms bad_terms[] = {{0, 257, 0, 0}, {0, 100, 481, 0}, {0, 100, 200, 257}, {0, 65535, 65535, 65535}};
    for (size_t i = 0; i < sizeof bad_terms / sizeof bad_terms[0]; i++)
        for (int k = 0; grotto_engines[k]; k++) {
            memset(&e, SENTINEL, sizeof e);
            grotto_engines[k]->elist_of_layout(&bad_terms[i], 6, 2, 4, &e);
            cr_expect(all_bytes(&e, sizeof e, 0), "%s elist_of_layout, terms %zu", grotto_engines[k]->name, i);
            memset(&e, SENTINEL, sizeof e);
            grotto_elist_of_layout(&bad_terms[i], 6, 2, 4, &e);
            EXPECT_ZERO(e, "grotto_elist_of_layout terms");
        }
    /* floors: index 1..16, square with side 1..16 */
    const struct { uint8_t index, width, height; } shapes[] = {{0, 13, 13}, {17, 13, 13}, {255, 13, 13},
                                                               {5, 0, 0},   {5, 17, 17},  {5, 255, 255},
                                                               {5, 13, 12}, {5, 12, 13},  {5, 16, 200}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        grotto_floor_t f = good;
        f.index = shapes[i].index;
        f.width = shapes[i].width;
        f.height = shapes[i].height;
        for (int k = 0; grotto_engines[k]; k++) {
            memset(&e, SENTINEL, sizeof e);
            grotto_engines[k]->elist(&f, 1, 1, &e);
            cr_expect(all_bytes(&e, sizeof e, 0), "%s elist, floor %u %ux%u", grotto_engines[k]->name, f.index,
                      f.width, f.height);
        }
        if (f.width != f.height || f.width == 0 || f.width > 16) {
            grotto_floor_terms lt;
            memset(&lt, SENTINEL, sizeof lt);
            grotto_elist_layout(&f, &lt);
            cr_expect(lt.W == 0 && lt.X == 0 && lt.D == 0 && lt.chest_count == SENTINEL,
                      "grotto_elist_layout %ux%u: W = X = D = 0, chest_count left alone", f.width, f.height);
        }
    }
}

Test(lib_bounds, elist_state_text)
{
    grotto_elist_t e;
    char buf[160];
    memset(&e, 0, sizeof e);
    const uint8_t states[] = {GT_STATE_COUNT, 200, 255};
    for (size_t i = 0; i < sizeof states; i++) {
        e.state = states[i];
        cr_expect_eq(grotto_elist_state_text(&e, 0, buf, sizeof buf), 1);
        cr_expect_str_eq(buf, "?");
    }
    /* every state with an ONLY monster out of gt_monsters: "?" in its place */
    int with_name = 0;
    for (int s = 0; s < GT_STATE_COUNT; s++) {
        e.state = (uint8_t)s;
        e.only = GT_MONSTER_COUNT;
        for (int jp = -1; jp <= 2; jp++) {
            int n = grotto_elist_state_text(&e, jp, buf, sizeof buf);
            cr_expect(n > 0 && (size_t)n < sizeof buf, "state %d", s);
            cr_expect_eq(grotto_elist_state_text(&e, jp, NULL, 0), n, "state %d, buf NULL", s);
            const char *label = jp ? gt_state_text[s].jp : gt_state_text[s].en;
            if (strstr(label, "<ONLY>"))
                cr_expect(strchr(buf, '?') != NULL, "state %d: '%s' names a monster past gt_monsters", s, buf);
        }
        e.only = UINT16_MAX;
        int full = grotto_elist_state_text(&e, 0, buf, sizeof buf);
        if (strchr(buf, '?'))
            with_name++;
        cr_expect_eq(grotto_elist_state_text(&e, 0, buf, 1), full);
        cr_expect_str_eq(buf, "", "size 1 holds the NUL only");
    }
    cr_expect_gt(with_name, 0, "no state names its ONLY monster");
}

/* ---- map.h ---- */

Test(lib_bounds, map_details_and_names)
{
    const uint32_t bad_seeds[] = {0x8000, 0xFFFF, UINT32_MAX};
    for (size_t i = 0; i < N(bad_quality); i++) {
        grotto_map_details_t d;
        memset(&d, SENTINEL, sizeof d);
        cr_expect_eq(grotto_map_details(bad_quality[i], SEED, &d), -1, "quality %d", bad_quality[i]);
        cr_expect_eq(grotto_multibug_details(bad_quality[i], SEED, &d), -1);
        EXPECT_UNTOUCHED(d, "grotto_map_details");
    }
    for (size_t i = 0; i < sizeof bad_seeds / sizeof bad_seeds[0]; i++) {
        grotto_map_details_t d;
        memset(&d, SENTINEL, sizeof d);
        cr_expect_eq(grotto_map_details(QUALITY, bad_seeds[i], &d), -1);
        cr_expect_eq(grotto_multibug_details(QUALITY, bad_seeds[i], &d), -1);
        EXPECT_UNTOUCHED(d, "grotto_map_details seed");
    }
    /* names of details without a name: "Unknown"; buf NULL with size 0 */
    grotto_map_details_t d;
    cr_assert_eq(grotto_map_details(QUALITY, SEED, &d), 0);
    const uint8_t bad_words[] = {0, 17, 25, 255};
    char buf[128];
    for (size_t i = 0; i < sizeof bad_words; i++)
        for (int field = 0; field < 3; field++) {
            grotto_map_details_t x = d;
            *(field == 0 ? &x.prefix : field == 1 ? &x.suffix : &x.locale) = bad_words[i];
            if (field == 2 && bad_words[i] == 17)
                continue; /* locale 17 exists (24 locales) */
            cr_expect_eq(grotto_map_name_en(&x, buf, sizeof buf), 7);
            cr_expect_str_eq(buf, "Unknown");
            cr_expect_eq(grotto_map_name_jp(&x, NULL, 0), 7);
            for (int e = 0; grotto_engines[e]; e++) {
                cr_expect_eq(grotto_engines[e]->map_name(&x, 1, buf, sizeof buf), 7);
                cr_expect_str_eq(buf, "Unknown", "%s map_name", grotto_engines[e]->name);
                cr_expect_eq(grotto_engines[e]->map_name(&x, -3, NULL, 0), 7);
            }
        }
    d.level = 255;
    int n = grotto_map_name_en(&d, NULL, 0);
    cr_expect_gt(n, 0);
    for (int e = 0; grotto_engines[e]; e++) {
        cr_expect_eq(grotto_engines[e]->map_name(&d, 0, buf, 1), n, "%s", grotto_engines[e]->name);
        cr_expect_str_eq(buf, "");
    }
}

Test(lib_bounds, floor_mr_and_chests)
{
    const uint8_t some[GROTTO_MAX_CHESTS] = {3, 4, 5};
    uint8_t rank[GROTTO_MAX_CHESTS], item[GROTTO_MAX_CHESTS];
    for (size_t i = 0; i < N(bad_rank); i++) {
        int v = bad_rank[i];
        cr_expect_eq(grotto_floor_mr(v, 5), -1, "floor_mr smr %d", v);
        memset(rank, SENTINEL, sizeof rank);
        grotto_chest_ranks(SEED, 8, v, 3, rank);
        EXPECT_ZERO(rank, "grotto_chest_ranks smr");
    }
    for (size_t i = 0; i < N(bad_floor); i++) {
        int v = bad_floor[i];
        cr_expect_eq(grotto_floor_mr(3, v), -1, "floor_mr floor %d", v);
        memset(rank, SENTINEL, sizeof rank);
        grotto_chest_ranks(SEED, v, 3, 3, rank);
        EXPECT_ZERO(rank, "grotto_chest_ranks floor");
        memset(item, SENTINEL, sizeof item);
        grotto_chest_contents(SEED, v, 12345, 3, some, item);
        EXPECT_ZERO(item, "grotto_chest_contents floor");
    }
    const int bad_count[] = {INT_MIN, -1, 0};
    for (size_t i = 0; i < N(bad_count); i++) {
        memset(rank, SENTINEL, sizeof rank);
        grotto_chest_ranks(SEED, 8, 3, bad_count[i], rank);
        EXPECT_ZERO(rank, "grotto_chest_ranks count");
        memset(item, SENTINEL, sizeof item);
        grotto_chest_contents(SEED, 8, 0, bad_count[i], some, item);
        EXPECT_ZERO(item, "grotto_chest_contents count");
    }
    cr_expect_eq(grotto_floor_mr(12, 16), 12);
    /* a count above 3 is 3; a rank outside 1..10 holds item 0xFF */
    uint8_t a[GROTTO_MAX_CHESTS], b[GROTTO_MAX_CHESTS];
    grotto_chest_ranks(SEED, 9, 5, INT_MAX, a);
    grotto_chest_ranks(SEED, 9, 5, 3, b);
    cr_expect(memcmp(a, b, sizeof a) == 0 && a[2] != 0, "count INT_MAX is count 3");
    const uint8_t bad_rank[GROTTO_MAX_CHESTS] = {0, 11, 255};
    grotto_chest_contents(UINT32_MAX, 16, UINT32_MAX, 99, bad_rank, a);
    cr_expect(a[0] == 0xFF && a[1] == 0xFF && a[2] == 0xFF, "ranks 0, 11, 255 hold 0xFF");
}

/* Floors of DD5BC3 spoiled one term at a time. */
static grotto_map_floors_t spoiled_floors(int which)
{
    grotto_map_floors_t fl;
    cr_assert_eq(grotto_map_floors(SEED, 16, &fl), 0);
    switch (which) {
    case 0: fl.count = 0; break;
    case 1: fl.count = 17; break;
    case 2: fl.count = 255; break;
    case 3: fl.seed = 0x8000; break;
    case 4: fl.seed = UINT32_MAX; break;
    case 5: fl.floor[5].chest_count = 4; break;
    case 6: fl.floor[9].chest_count = 255; break;
    case 7: fl.floor[0].chest_count = 1; break;  /* floors 1 and 2 have none */
    case 8: fl.floor[1].chest_count = 2; break;
    case 9: fl.floor[3].W = 257; break;
    case 10: fl.floor[3].X = 481; break;
    case 11: fl.floor[14].D = 257; break;
    case 12: fl.floor[7].W = fl.floor[7].X = fl.floor[7].D = 65535; break;
    default: break;
    }
    return fl;
}
enum { N_SPOILED = 13 };

Test(lib_bounds, maps)
{
    for (size_t i = 0; i < N(bad_quality) && i < N(bad_floor); i++) {
        int q = bad_quality[i], v = bad_floor[i];
        grotto_map_t m;
        grotto_map_floors_t fl;
        memset(&m, SENTINEL, sizeof m);
        memset(&fl, SENTINEL, sizeof fl);
        cr_expect_eq(grotto_map(q, SEED, &m), -1, "map quality %d", q);
        cr_expect_eq(grotto_map_floors(SEED, v, &fl), -1, "map_floors count %d", v);
        for (int e = 0; grotto_engines[e]; e++) {
            cr_expect_eq(grotto_engines[e]->map(q, SEED, &m), -1, "%s map quality %d", grotto_engines[e]->name, q);
            cr_expect_eq(grotto_engines[e]->map_floors(SEED, v, &fl), -1, "%s map_floors %d", grotto_engines[e]->name,
                         v);
        }
        EXPECT_UNTOUCHED(m, "grotto_map");
        EXPECT_UNTOUCHED(fl, "grotto_map_floors");
    }
    for (int e = 0; grotto_engines[e]; e++) {
        grotto_map_t m;
        grotto_map_floors_t fl;
        cr_expect_eq(grotto_engines[e]->map(QUALITY, 0x8000, &m), -1);
        cr_expect_eq(grotto_engines[e]->map_floors(0x8000, 5, &fl), -1);
        cr_expect_eq(grotto_engines[e]->map_floors(UINT32_MAX, 5, &fl), -1);
    }
    /* maps over floors a caller spoiled: -1, out untouched, in every engine */
    for (int which = 0; which < N_SPOILED; which++) {
        grotto_map_floors_t fl = spoiled_floors(which);
        grotto_map_t m;
        memset(&m, SENTINEL, sizeof m);
        cr_expect_eq(grotto_map_from_floors(QUALITY, &fl, &m), -1, "map_from_floors, spoil %d", which);
        EXPECT_UNTOUCHED(m, "grotto_map_from_floors");
        for (int e = 0; grotto_engines[e]; e++)
            cr_expect_eq(grotto_engines[e]->map_from_floors(QUALITY, &fl, &m), -1, "%s map_from_floors, spoil %d",
                         grotto_engines[e]->name, which);
        EXPECT_UNTOUCHED(m, "map_from_floors");
    }
    /* the unspoiled floors give the map */
    grotto_map_floors_t fl = spoiled_floors(-1);
    grotto_map_t a, b;
    cr_expect_eq(grotto_map_from_floors(QUALITY, &fl, &a), 0);
    cr_expect_eq(grotto_map(QUALITY, SEED, &b), 0);
    cr_expect(memcmp(&a, &b, sizeof a) == 0);
}

/* ---- multibug.h ---- */

Test(lib_bounds, multibug)
{
    for (size_t i = 0; i < N(bad_quality); i++) {
        grotto_multibug_t m;
        memset(&m, SENTINEL, sizeof m);
        cr_expect_eq(grotto_multibug(bad_quality[i], SEED, &m), -1);
        EXPECT_UNTOUCHED(m, "grotto_multibug");
    }
    grotto_multibug_t m;
    memset(&m, SENTINEL, sizeof m);
    cr_expect_eq(grotto_multibug(QUALITY, 0x8000, &m), -1);
    EXPECT_UNTOUCHED(m, "grotto_multibug seed");
    for (int which = 0; which < N_SPOILED; which++) {
        grotto_map_floors_t fl = spoiled_floors(which);
        memset(&m, SENTINEL, sizeof m);
        cr_expect_eq(grotto_multibug_from_floors(QUALITY, &fl, &m), -1, "multibug_from_floors, spoil %d", which);
        EXPECT_UNTOUCHED(m, "grotto_multibug_from_floors");
        for (int e = 0; grotto_engines[e]; e++)
            if (grotto_engines[e]->multibug)
                cr_expect_eq(grotto_engines[e]->multibug(QUALITY, &fl, &m), -1, "%s multibug, spoil %d",
                             grotto_engines[e]->name, which);
    }
    grotto_map_floors_t fl;
    cr_assert_eq(grotto_map_floors(SEED, 15, &fl), 0);
    cr_expect_eq(grotto_multibug_from_floors(QUALITY, &fl, &m), -1, "15 floors");
    /* the search options read floors 1..16 of whatever they are given */
    memset(&m, 0xFF, sizeof m);
    m.orig.floors = 0;
    cr_expect_eq(grotto_multibug_more_floors(&m), 1);
    int n = grotto_multibug_bug_floor_special(&m);
    cr_expect(n == 5, "first listed floor with a state: %d", n);
    unsigned count[11];
    grotto_multibug_chest_counts(&m, count);
    for (int r = 0; r <= 10; r++)
        cr_expect_eq(count[r], 0u, "rank 255 chests are not counted (rank %d)", r);
    for (int k = 0; k < 16; k++)
        memset(m.chest_rank[k], 7, GROTTO_MAX_CHESTS);
    grotto_multibug_chest_counts(&m, count);
    cr_expect_eq(count[7], 14u * 3u, "floors 3..16, 3 chests each at most");
    m.orig.floors = 255;
    cr_expect_eq(grotto_multibug_more_floors(&m), 0);
    cr_expect_eq(grotto_multibug_bug_floor_special(&m), 0);
}

/* ---- walk.h, record.h (header-only) ---- */

Test(lib_bounds, walk_and_records)
{
    uint16_t cost[2] = {5, 7};
    cr_expect_eq(grotto_walk_sum(cost, 0), 0);
    cr_expect_eq(grotto_walk_sum(NULL, -5), 0);
    uint16_t big[16];
    for (int i = 0; i < 16; i++)
        big[i] = 0xFFFE;
    cr_expect_eq(grotto_walk_sum(big, 16), GROTTO_WALK_NONE, "a sum past 0xFFFE is NONE");

    grotto_floor_t f = floor_with_chests();
    f.chest_count = 255;
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&f, rec);
    grotto_floor_t back;
    cr_expect_eq(grotto_floor_from_record(rec, &back), -1, "a chest count of 255 does not decode");
    grotto_map_t m;
    cr_assert_eq(grotto_map(QUALITY, SEED, &m), 0);
    m.d.floors = 255;
    memset(m.chest_count, 255, sizeof m.chest_count);
    uint8_t mrec[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(&m, mrec);
    cr_expect_eq(mrec[4], 255);
    cr_expect_eq(grotto_floor_slot(0, 1), 0u);
    cr_expect_eq(grotto_map_slot(0, 0), 0u);
    cr_expect_eq(grotto_fnv1a(NULL, 0), GROTTO_FNV_OFFSET);
    uint8_t le[8];
    grotto_store_u64le(le, UINT64_MAX);
    cr_expect_eq(grotto_load_u64le(le), UINT64_MAX);
    grotto_elist_t e = m.elist[0];
    cr_expect_eq(grotto_elist_display_ofs(&e, (grotto_region)7), e.ofs, "an unknown region is unpadded");
    grotto_map_facts facts;
    grotto_map_details_t d;
    grotto_map_facts_of(&m.d, 0xFFFF, &facts);
    grotto_map_details_of(&facts, 11, 221, SEED, &d);
    cr_expect_eq(d.floors, 255);
    /* 255 floors of 255 chests: 16 floors of 3 chests are counted, ranks
     * outside 1..10 are not */
    m.chest_rank[0][0] = 0;
    m.chest_rank[1][0] = 11;
    grotto_map_facts_chests(&m, &facts);
    int total = 0, ranked = 0;
    for (int r = 0; r < GROTTO_CHEST_RANK_COUNT; r++)
        total += facts.chests[r];
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++)
        for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
            ranked += m.chest_rank[n][i] >= 1 && m.chest_rank[n][i] <= GROTTO_CHEST_RANK_COUNT;
    cr_expect_eq(total, ranked);
    cr_expect_leq(total, GROTTO_MAX_FLOORS * GROTTO_MAX_CHESTS - 2);
}

/* ---- at.h ---- */

Test(lib_bounds, at)
{
    const uint32_t bad_seeds[] = {0x8000, UINT32_MAX};
    for (size_t i = 0; i < 2; i++) {
        grotto_at_t a;
        grotto_at_pop p;
        uint16_t v[4];
        memset(&a, SENTINEL, sizeof a);
        memset(&p, SENTINEL, sizeof p);
        memset(v, SENTINEL, sizeof v);
        cr_expect_eq(grotto_at(bad_seeds[i], &a), -1);
        cr_expect_eq(grotto_at_values(bad_seeds[i], 1, 4, v), -1);
        cr_expect_eq(grotto_at_pop_of(bad_seeds[i], 0, &p), -1);
        for (int e = 0; grotto_engines[e]; e++) {
            const grotto_engine *E = grotto_engines[e];
            if (!E->at)
                continue;
            cr_expect_eq(E->at(bad_seeds[i], &a), -1, "%s at", E->name);
            cr_expect_eq(E->at_pop(bad_seeds[i], 0, &p), -1, "%s at_pop", E->name);
        }
        EXPECT_UNTOUCHED(a, "grotto_at");
        EXPECT_UNTOUCHED(p, "grotto_at_pop_of");
        EXPECT_UNTOUCHED(v, "grotto_at_values");
    }
    uint16_t v[4];
    memset(v, SENTINEL, sizeof v);
    cr_expect_eq(grotto_at_values(SEED, 0, 4, v), -1, "first 0");
    cr_expect_eq(grotto_at_values(SEED, GROTTO_AT_MAX_STEPS + 1, 1, v), -1, "first past the last step");
    cr_expect_eq(grotto_at_values(SEED, GROTTO_AT_MAX_STEPS, 2, v), -1, "count past the last step");
    cr_expect_eq(grotto_at_values(SEED, 2, UINT32_MAX, v), -1, "count UINT32_MAX");
    EXPECT_UNTOUCHED(v, "grotto_at_values");
    cr_expect_eq(grotto_at_values(SEED, 1, 0, NULL), 0, "count 0, out NULL");
    cr_expect_eq(grotto_at_values(SEED, GROTTO_AT_MAX_STEPS, 1, v), 0);

    const int zooms[] = {INT_MIN, -1, GROTTO_AT_ZOOM_MAX + 1, INT_MAX};
    for (size_t i = 0; i < 4; i++) {
        grotto_at_pop p;
        cr_expect_eq(grotto_at_pop_of(SEED, zooms[i], &p), -1, "zoom %d", zooms[i]);
        for (int e = 0; grotto_engines[e]; e++)
            if (grotto_engines[e]->at_pop)
                cr_expect_eq(grotto_engines[e]->at_pop(SEED, zooms[i], &p), -1);
    }
    cr_expect_eq(grotto_at_deftness(0x8000), -1);
    cr_expect_eq(grotto_at_deftness(UINT32_MAX), -1);
    cr_expect_eq(grotto_at_deftness(0x7FFF), GROTTO_AT_DEFT_MAX);

    uint16_t lo = SENTINEL, hi = SENTINEL;
    const int bad_monster[] = {INT_MIN, -1, GT_MONSTER_COUNT, 65535, INT_MAX};
    for (size_t i = 0; i < N(bad_env); i++) {
        cr_expect_eq(grotto_at_window(bad_env[i], 1, 0, &lo, &hi), -1, "window env %d", bad_env[i]);
        cr_expect_eq(grotto_at_spawn_monster(bad_env[i], 1, 0), -1, "spawn env %d", bad_env[i]);
    }
    for (size_t i = 0; i < N(bad_rank); i++) {
        cr_expect_eq(grotto_at_window(1, bad_rank[i], 0, &lo, &hi), -1, "window mr %d", bad_rank[i]);
        cr_expect_eq(grotto_at_spawn_monster(1, bad_rank[i], 0), -1, "spawn mr %d", bad_rank[i]);
    }
    for (size_t i = 0; i < N(bad_monster); i++)
        cr_expect_eq(grotto_at_window(1, 1, bad_monster[i], &lo, &hi), -1, "window monster %d", bad_monster[i]);
    cr_expect(lo == SENTINEL && hi == SENTINEL, "grotto_at_window: output touched");
    cr_expect_eq(grotto_at_spawn_monster(1, 1, UINT32_MAX), -1);
    cr_expect_eq(grotto_at_spawn_monster(1, 1, 0x8000), -1);

    /* a whistle that matches nothing valid: each field spoiled in turn */
    const struct gt_floor_table *list = &gt_floor_tables[1][1];
    int wanderer = -1;
    for (int j = 0; j < list->F && wanderer < 0; j++)
        if (list->spawn[j].lo >= 0)
            wanderer = list->spawn[j].monster;
    cr_assert_geq(wanderer, 0);
    const grotto_whistle good = {1, 1, wanderer, 3, -1};
    cr_expect_neq(grotto_whistle_match(SEED, &good), -1, "the unspoiled whistle");
    const int bad_zoom[] = {INT_MIN, -1, GROTTO_AT_ZOOM_MAX + 1, INT_MAX};
    const int bad_deft[] = {INT_MIN, -1000, -2};
    for (int field = 0; field < 5; field++)
        for (size_t i = 0; i < 8; i++) {
            grotto_whistle w = good;
            switch (field) {
            case 0: w.env = bad_env[i % N(bad_env)]; break;
            case 1: w.mr = bad_rank[i % N(bad_rank)]; break;
            case 2: w.monster = bad_monster[i % N(bad_monster)]; break;
            case 3: w.zoom = bad_zoom[i % N(bad_zoom)]; break;
            default: w.deft_max = bad_deft[i % N(bad_deft)]; break;
            }
            int b = (int)i;
            cr_expect_eq(grotto_whistle_match(SEED, &w), -1, "whistle field %d = %d", field, b);
            for (int e = 0; grotto_engines[e]; e++)
                if (grotto_engines[e]->whistle)
                    cr_expect_eq(grotto_engines[e]->whistle(SEED, &w), -1, "%s whistle field %d", grotto_engines[e]->name,
                                 field);
        }
    cr_expect_eq(grotto_whistle_match(0x8000, &good), -1);

    /* drop-pattern scans */
    const grotto_at_scan_query ok = {1, 200, 600, 35};
    uint32_t start[4];
    cr_expect_geq(grotto_at_scan(SEED, &ok, start, 4), 0);
    cr_expect_geq(grotto_at_scan(SEED, &ok, NULL, 0), 0, "start NULL with cap 0");
    const grotto_at_scan_query bad[] = {
        {0, 200, 600, 35},  {GT_AT_PATTERN_COUNT + 1, 200, 600, 35}, {-5, 200, 600, 35},
        {1, 0x8000, 600, 35}, {1, 200, 0, 35},   {1, 200, GROTTO_AT_MAX_STEPS + 1, 35},
        {1, 200, 600, GROTTO_AT_MAX_STEPS + 1},  {1, UINT32_MAX, UINT32_MAX, UINT32_MAX},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(grotto_at_scan(SEED, &bad[i], start, 4), -1, "scan query %zu", i);
        for (int e = 0; grotto_engines[e]; e++)
            if (grotto_engines[e]->at_scan)
                cr_expect_eq(grotto_engines[e]->at_scan(SEED, &bad[i], start, 4), -1, "%s scan query %zu",
                             grotto_engines[e]->name, i);
    }
    cr_expect_eq(grotto_at_scan(SEED, &ok, NULL, 1), -1, "start NULL with cap 1");
    cr_expect_eq(grotto_at_scan(0x8000, &ok, start, 4), -1);
    for (int e = 0; grotto_engines[e]; e++)
        if (grotto_engines[e]->at_scan) {
            cr_expect_eq(grotto_engines[e]->at_scan(SEED, &ok, NULL, 1), -1);
            cr_expect_eq(grotto_engines[e]->at_scan(UINT32_MAX, &ok, start, 4), -1);
        }
    cr_expect_eq(grotto_at_pattern_by_name(NULL), -1);
    cr_expect_eq(grotto_at_pattern_by_name(""), -1);
    cr_expect_eq(grotto_at_pattern_by_name("R2R2R2R2R2R2R2R2R2R2R2R2R2R2R2R2"), -1);
}

/* ---- chests.h ---- */

Test(lib_bounds, chest_timer)
{
    grotto_map_t m;
    cr_assert_eq(grotto_map(QUALITY, SEED, &m), 0);
    grotto_chest_floor cf;
    memset(&cf, SENTINEL, sizeof cf);
    for (size_t i = 0; i < N(bad_floor); i++)
        cr_expect_eq(grotto_chest_floor_of(&m, bad_floor[i], &cf), -1, "chest floor %d", bad_floor[i]);
    EXPECT_UNTOUCHED(cf, "grotto_chest_floor_of");
    int k = 3;
    while (m.chest_count[k - 1] < 2)
        k++;
    grotto_chest_floor good;
    cr_assert_eq(grotto_chest_floor_of(&m, k, &good), 0);
    cr_assert(grotto_chest_floor_valid(&good));
    grotto_map_t odd = m;
    odd.d.floors = 255;
    memset(odd.chest_count, 255, sizeof odd.chest_count);
    cr_expect_eq(grotto_chest_floor_of(&odd, 16, &cf), 0, "floor 16 of a map of 255 floors");
    cr_expect_eq(grotto_chest_floor_valid(&cf), 0, "with 255 chests");

    /* each field spoiled in turn */
    for (int which = 0; which < 9; which++) {
        grotto_chest_floor f = good;
        switch (which) {
        case 0: f.seed = 0x8000; break;
        case 1: f.seed = UINT32_MAX; break;
        case 2: f.floor = 0; break;
        case 3: f.floor = 17; break;
        case 4: f.count = 4; break;
        case 5: f.floor = 2; break;                 /* chests on floor 2 */
        case 6: f.rank[0] = 0; break;
        case 7: f.rank[1] = 11; break;
        default: f.count = 1; f.rank[2] = 5; break; /* a rank beyond count */
        }
        cr_expect_eq(grotto_chest_floor_valid(&f), 0, "spoil %d", which);
        uint8_t item[4][GROTTO_MAX_CHESTS];
        grotto_seconds s;
        memset(item, SENTINEL, sizeof item);
        memset(&s, SENTINEL, sizeof s);
        grotto_item_set set;
        cr_assert_gt(grotto_item_set_by_name("Millionaire", &set), 0);
        cr_expect_eq(grotto_chest_seconds(&f, UINT32_MAX - 1, 4, item), -1, "seconds, spoil %d", which);
        cr_expect_eq(grotto_chest_hits(&f, 0, &set, &s), -1, "hits, spoil %d", which);
        for (int e = 0; grotto_engines[e]; e++) {
            const grotto_engine *E = grotto_engines[e];
            if (!E->chest_seconds)
                continue;
            cr_expect_eq(E->chest_seconds(&f, 0, 4, item), -1, "%s seconds, spoil %d", E->name, which);
            cr_expect_eq(E->chest_hits(&f, 0, &set, &s), -1, "%s hits, spoil %d", E->name, which);
        }
        EXPECT_UNTOUCHED(item, "grotto_chest_seconds");
        EXPECT_UNTOUCHED(s, "grotto_chest_hits");
    }
    grotto_item_set set;
    cr_assert_gt(grotto_item_set_by_name("Millionaire", &set), 0);
    const int chests[] = {INT_MIN, -1, good.count, 3, INT_MAX};
    for (size_t i = 0; i < sizeof chests / sizeof chests[0]; i++) {
        grotto_seconds s;
        cr_expect_eq(grotto_chest_hits(&good, chests[i], &set, &s), -1, "chest %d", chests[i]);
        for (int e = 0; grotto_engines[e]; e++)
            if (grotto_engines[e]->chest_hits)
                cr_expect_eq(grotto_engines[e]->chest_hits(&good, chests[i], &set, &s), -1);
    }
    cr_expect_eq(grotto_chest_seconds(&good, 0, 0, NULL), 0, "count 0, item NULL");
    uint8_t wrap[2][GROTTO_MAX_CHESTS], again[2][GROTTO_MAX_CHESTS];
    cr_expect_eq(grotto_chest_seconds(&good, UINT32_MAX, 2, wrap), 0, "seconds wrap round 2^32");
    cr_expect_eq(grotto_chest_seconds(&good, UINT32_MAX, 1, again), 0);
    cr_expect_eq(grotto_chest_seconds(&good, 0, 1, again + 1), 0);
    cr_expect(memcmp(wrap, again, sizeof wrap) == 0);

    grotto_item_set none;
    memset(&none, SENTINEL, sizeof none);
    cr_expect_eq(grotto_item_set_by_name(NULL, &none), -1);
    EXPECT_ZERO(none, "grotto_item_set_by_name(NULL)");
    cr_expect_eq(grotto_item_set_by_name("", &none), -1);
    cr_expect_eq(grotto_item_set_by_name("no such item", &none), -1);
    cr_expect_eq(grotto_item_set_has(&set, 256), 0);
    cr_expect_eq(grotto_item_set_has(&set, UINT32_MAX), 0);
    grotto_item_set_add(&none, 256);
    grotto_item_set_add(&none, UINT32_MAX);
    EXPECT_ZERO(none, "grotto_item_set_add out of range");
    grotto_seconds s = {{0}};
    cr_expect_eq(grotto_seconds_has(&s, 256), 0);
    cr_expect_eq(grotto_seconds_count(&s), 0);

    const int picks[] = {-1, 5, 99, INT_MAX};
    for (size_t i = 0; i < 4; i++)
        cr_expect_eq(grotto_chest_pick_mask((grotto_chest_pick)picks[i], 3), 0u, "pick %d", picks[i]);
    const int counts[] = {INT_MIN, -1, 4, 255};
    for (size_t i = 0; i < 4; i++)
        cr_expect_eq(grotto_chest_pick_mask(GROTTO_CHEST_ANY, counts[i]), 0u, "count %d", counts[i]);
    cr_expect_eq(grotto_chest_pick_mask(GROTTO_CHEST_NOT_3, 3), 3u);
}

/* ---- capture.h ---- */

/* What grotto_capture_write puts out for c: its return and the bytes. */
static int write_capture(const grotto_capture *c, long *bytes)
{
    FILE *f = tmpfile();
    cr_assert(f);
    int rc = grotto_capture_write(f, c);
    fflush(f);
    *bytes = ftell(f);
    fclose(f);
    return rc;
}

Test(lib_bounds, capture)
{
    grotto_capture_file file;
    cr_expect_eq(grotto_capture_parse(NULL, 0, &file), 0, "no text");
    cr_expect(file.count == 1 && !file.items[0].ok, "no text: one rejected item");
    grotto_capture_file_free(&file);
    grotto_capture_file_free(&file); /* twice: empty */
    grotto_capture_file_free(NULL);
    const char junk[] = "capture: floor\n\xFF\xFE\x00seed: 0x99999999\nfloor: -3\ngrid:\n##\n\n\n#\xC3";
    cr_expect_eq(grotto_capture_parse(junk, sizeof junk - 1, &file), 0);
    cr_expect_geq(file.count, 1u);
    for (size_t i = 0; i < file.count; i++)
        cr_expect_eq(file.items[i].ok, 0, "junk record %zu accepted", i);
    grotto_capture_file_free(&file);
    cr_expect_eq(grotto_capture_load("/nonexistent/grotto-capture", &file), 0);
    cr_expect(file.count == 1 && !file.items[0].ok && file.items[0].line == 0);
    grotto_capture_file_free(&file);

    /* a message from an item whose reason fills its array */
    grotto_capture_item *it = calloc(1, sizeof *it);
    cr_assert(it);
    memset(it->reason, 'x', sizeof it->reason);
    it->line = 7;
    char buf[64];
    int n = grotto_capture_message("f", it, buf, sizeof buf);
    cr_expect_eq(n, (int)(strlen("f:7: ") + sizeof it->reason), "the reason is cut at its array's end");
    cr_expect_eq(grotto_capture_message("f", it, NULL, 0), n);
    it->line = 0;
    cr_expect_eq(grotto_capture_message("f", it, buf, 1), (int)(strlen("f: ") + sizeof it->reason));
    cr_expect_str_eq(buf, "");
    free(it);

    /* names of values outside the enums */
    cr_expect_str_eq(grotto_capture_kind_name((grotto_capture_kind)99), "?");
    cr_expect_str_eq(grotto_capture_kind_name((grotto_capture_kind)-1), "?");
    cr_expect_str_eq(grotto_capture_game_name((grotto_game)3), "?");
    cr_expect_str_eq(grotto_capture_game_name((grotto_game)-1), "?");
    cr_expect_str_eq(grotto_capture_state_name(GROTTO_CSTATE_COUNT), "?");
    cr_expect_str_eq(grotto_capture_state_name((grotto_capture_state)-1), "?");
    const int bad_code[] = {INT_MIN, -1, 17, 255, INT_MAX};
    for (size_t i = 0; i < N(bad_code); i++)
        cr_expect_eq(grotto_capture_state_of_code(bad_code[i]), GROTTO_CSTATE_NORMAL, "code %d", bad_code[i]);

    /* the writer: a valid record, then each value out of range in turn */
    grotto_capture *c = malloc(sizeof *c);
    cr_assert(c);
    long bytes;
    for (int kind = 0; kind < GROTTO_CAPTURE_KINDS; kind++) {
        grotto_capture_init(c, (grotto_capture_kind)kind);
        cr_expect_eq(write_capture(c, &bytes), 0, "kind %d", kind);
        cr_expect_gt(bytes, 0);
    }
    for (int which = 0; which < 16; which++) {
        grotto_capture_init(c, which < 8 ? GROTTO_CAPTURE_MEMORY : GROTTO_CAPTURE_FLOOR);
        switch (which) {
        case 0: c->kind = (grotto_capture_kind)99; break;
        case 1: c->game = (grotto_game)3; break;
        case 2: c->state = GROTTO_CSTATE_COUNT; break;
        case 3: c->state = -2; break;
        case 4: c->only = GT_MONSTER_COUNT; break;
        case 5: c->only = INT16_MAX; break;
        case 6: c->lost = 8; break;
        case 7: memset(c->source, 'a', sizeof c->source); break;
        case 8: c->chest_count = GROTTO_CAPTURE_CHESTS + 1; break;
        case 9: c->chest_count = -2; break;
        case 10: c->width = 17; c->height = 16; c->has_grid = 1; break;
        case 11: c->width = 16; c->height = 255; c->has_grid = 1; break;
        case 12: c->boss = GT_BOSS_NAMES + 1; c->kind = GROTTO_CAPTURE_INVENTORY; break;
        case 13: memset(c->date, '1', sizeof c->date); break;
        case 14: memset(c->inferred, 'k', sizeof c->inferred); break;
        default: memset(c->method, 'm', sizeof c->method); break;
        }
        cr_expect_eq(write_capture(c, &bytes), -1, "writer, value %d out of range", which);
        cr_expect_eq(bytes, 0L, "writer, value %d: nothing is written", which);
    }
    grotto_capture_init(c, (grotto_capture_kind)-7);
    cr_expect_eq(c->kind, (grotto_capture_kind)-7);
    cr_expect_eq(c->state, -1);
    memset(c->inferred, 'k', sizeof c->inferred);
    char key[GROTTO_CAPTURE_TEXT + 2];
    memset(key, 'k', sizeof key - 1);
    key[sizeof key - 1] = 0;
    cr_expect_eq(grotto_capture_inferred(c, key), 0, "a key longer than the field");
    key[GROTTO_CAPTURE_TEXT] = 0;
    cr_expect_eq(grotto_capture_inferred(c, key), 1, "the whole unterminated field is one key");
    cr_expect_eq(grotto_capture_inferred(c, NULL), 0);
    cr_expect_eq(grotto_capture_inferred(c, ""), 0);
    free(c);
}

/* ---- engine.h, sweep.h, version.h ---- */

Test(lib_bounds, registry_sweep_version)
{
    cr_expect_null(grotto_engine_by_name(NULL));
    cr_expect_null(grotto_engine_by_name(""));
    cr_expect_null(grotto_engine_by_name("REF"));
    cr_expect_null(grotto_engine_by_name("ref "));
    int n = grotto_engine_names(NULL, 0, NULL);
    cr_expect_eq(n, (int)strlen("ref, impl or legacy"));
    char buf[8];
    memset(buf, 'x', sizeof buf);
    cr_expect_eq(grotto_engine_names(buf, 1, &grotto_engine_impl), n);
    cr_expect_str_eq(buf, "");
    grotto_engine other = grotto_engine_ref;
    other.name = "other";
    char all[64];
    cr_expect_eq(grotto_engine_names(all, sizeof all, &other), (int)strlen("other, ref, impl or legacy"));
    cr_expect_str_eq(all, "other, ref, impl or legacy");

    /* timers through the engines: 0..65535, base 2..248 */
    const uint32_t timers[] = {65536, UINT32_MAX};
    for (int e = 0; grotto_engines[e]; e++) {
        const grotto_engine *E = grotto_engines[e];
        grotto_timer_value tv;
        memset(&tv, SENTINEL, sizeof tv);
        for (size_t i = 0; i < 2; i++)
            cr_expect_eq(E->timer(timers[i], 100, &tv), -1, "%s timer %u", E->name, timers[i]);
        for (size_t i = 0; i < N(bad_quality); i++)
            cr_expect_eq(E->timer(5, bad_quality[i], &tv), -1, "%s base %d", E->name, bad_quality[i]);
        EXPECT_UNTOUCHED(tv, "engine timer");
    }

    /* sweep requests that are refused before any work */
    const uint32_t ranges[][2] = {
        {0xFFFFFFF0u, 1}, {0xFFFFFFEFu, 2}, {1, UINT32_MAX}, {0xFFFFFFFFu, 0}, {0x80000000u, 0x80000000u},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        uint64_t digest[16];
        grotto_sweep_request req;
        memset(&req, 0, sizeof req);
        req.threads = 1;
        req.floor_digest = digest;
        req.seed_first = ranges[i][0];
        req.seed_count = ranges[i][1];
        grotto_sweep_stats st;
        cr_expect_eq(grotto_impl_sweep(&req, &st), -1, "seed range %#x + %#x", ranges[i][0], ranges[i][1]);
        cr_expect_eq(grotto_engine_impl.sweep(&req, NULL), -1);
    }
    uint64_t map_digest[1];
    grotto_sweep_request req;
    memset(&req, 0, sizeof req);
    req.map_digest = map_digest;
    req.seed_first = 1;
    cr_expect_eq(grotto_impl_sweep(&req, NULL), -1, "map outputs need the default seed range");
    req.seed_first = 0;
    req.seed_count = 100;
    cr_expect_eq(grotto_impl_sweep(&req, NULL), -1);

    cr_expect_not_null(grotto_version());
    cr_expect_str_eq(grotto_version(), GROTTO_VERSION_STRING);
}
