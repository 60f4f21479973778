/* The universe index (universe/universe.h) over the whole universe: built from
 * impl's sweep it equals, byte for byte, the index built item by item from
 * ref (floor facts incl. the softlock report, map details, every special
 * floor's state, ElistOfs, D and chest ranks), the statistics computed from
 * both are identical, and it agrees with the golden samples. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/record.h"
#include "grotto/tables.h"
#include "universe.h"
#include "corpus.h"

static universe_index *open_index(const grotto_engine *engine)
{
    char err[256];
    universe_index_opts o = {.engine = engine, .threads = 0, .cache = 0};
    universe_index *ix = universe_index_open(&o, err, sizeof err);
    cr_assert_not_null(ix, "%s", err);
    cr_assert_eq(ix->from_cache, 0);
    return ix;
}

static long count_differences(const void *a, const void *b, size_t n, size_t size, const char *what)
{
    long bad = 0;
    for (size_t i = 0; i < n; i++)
        if (memcmp((const char *)a + i * size, (const char *)b + i * size, size) != 0 && bad++ < 5)
            cr_log_error("%s entry %zu differs (ref vs impl)", what, i);
    return bad;
}

Test(index_universe, ref_equals_impl, .timeout = 1200)
{
    universe_index *im = open_index(&grotto_engine_impl), *rf = open_index(&grotto_engine_ref);
    fprintf(stderr, "index: impl %.2f s, ref %.2f s; %u special floors\n", im->seconds, rf->seconds,
            im->special_count);
    cr_assert_eq(im->special_count, rf->special_count);
    cr_expect_eq(im->special_count, 3734); /* enemy-list.md §8: every non-zero state instance */
    long fb = count_differences(im->floor, rf->floor, GROTTO_FLOOR_UNIVERSE, sizeof *im->floor, "floor facts");
    long mb = count_differences(im->map, rf->map, GROTTO_MAP_UNIVERSE, sizeof *im->map, "map facts");
    long sb = count_differences(im->special, rf->special, im->special_count, sizeof *im->special, "special floor");
    fprintf(stderr, "ref vs impl index: %ld floor, %ld map, %ld special entries differ\n", fb, mb, sb);
    cr_expect_eq(fb + mb + sb, 0);

    /* the softlock report over the universe, from either engine */
    long up = 0, cut = 0, both = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        up += im->floor[i].up_next_to_chest;
        cut += im->floor[i].softlock_down_cut;
        both += im->floor[i].up_next_to_chest && im->floor[i].softlock_down_cut;
    }
    fprintf(stderr, "floors: final up stairs next to a chest %ld, down stairs cut off with chests solid %ld, both %ld\n",
            up, cut, both);
    cr_expect(up > 0 && cut > 0 && both > 0);

    /* statistics from both indexes are identical */
    static universe_stats si, sr;
    universe_index_opts o = {0};
    cr_assert_eq(universe_stats_compute(im, &o, 1, &si), 0);
    o.engine = &grotto_engine_ref;
    cr_assert_eq(universe_stats_compute(rf, &o, 1, &sr), 0);
    si.seconds = sr.seconds = 0;
    cr_expect_eq(memcmp(&si, &sr, sizeof si), 0, "stats differ between the ref and impl indexes");
    /* hardware.md HW-6: the chest-rank basis gives 1,615 / 1,265 / 597 over
     * arising seeds, 1,628 / 1,278 / 602 over all seeds, and 54 floors of the
     * arising set keep the mimic's record with 0 bytes to spare */
    cr_expect_eq(si.rank_floors[UNIVERSE_RANK_ARISING], 1615);
    cr_expect_eq(si.rank_lost[UNIVERSE_LOST_PANDORA][UNIVERSE_RANK_ARISING], 1615);
    cr_expect_eq(si.rank_lost[UNIVERSE_LOST_MIMIC][UNIVERSE_RANK_ARISING], 1265);
    cr_expect_eq(si.rank_lost[UNIVERSE_LOST_CANNIBOX][UNIVERSE_RANK_ARISING], 597);
    cr_expect_eq(si.rank_floors[UNIVERSE_RANK_ALL], 1628);
    cr_expect_eq(si.rank_lost[UNIVERSE_LOST_MIMIC][UNIVERSE_RANK_ALL], 1278);
    cr_expect_eq(si.rank_lost[UNIVERSE_LOST_CANNIBOX][UNIVERSE_RANK_ALL], 602);
    cr_expect_eq(si.mimic_zero_spare, 54);
    /* by default only the maps that can be found (as search and odds list
     * them): 3 of those floors lie on unfindable maps */
    static universe_stats sf;
    cr_assert_eq(universe_stats_compute(im, &o, 0, &sf), 0);
    cr_expect_eq(sf.include_unfindable, 0);
    cr_expect_eq(sf.rank_floors[UNIVERSE_RANK_ARISING], 1612);
    cr_expect_eq(sf.rank_lost[UNIVERSE_LOST_MIMIC][UNIVERSE_RANK_ARISING], 1262);
    cr_expect_eq(sf.rank_lost[UNIVERSE_LOST_CANNIBOX][UNIVERSE_RANK_ARISING], 595);
    cr_expect_eq(sf.rank_floors[UNIVERSE_RANK_ALL], 1628);
    cr_expect_eq(sf.softlock_maps[UNIVERSE_SL_OVERFLOW], 33);
    cr_expect_eq(si.softlock_maps[UNIVERSE_SL_OVERFLOW], 34);
    for (uint32_t i = 0; i < si.mimic_zero_spare && i < UNIVERSE_STATS_MAX_SPARE; i++)
        cr_expect_neq(si.mimic_zero_spare_list[i].state, 8); /* the mimic's record fits: not "no Mimic" */
    cr_expect_eq(si.overflow_count_16bit, 16);
    cr_expect_eq(si.overflow_inputs_16bit, 4);
    universe_index_close(im);
    universe_index_close(rf);
}

/* ---- the golden samples ---- */

static universe_index *golden_ix;

static void check_map_line(const json_t *line, void *ctx)
{
    long *bad = ctx;
    int band = grotto_band_of_code((int)jint(line, "band"));
    uint32_t seed = (uint32_t)jint(line, "seed");
    uint32_t m = (uint32_t)grotto_map_slot(band, seed);
    const grotto_map_facts *d = &golden_ix->map[m];
    int ok = d->env == jint(line, "env") && d->floors == jint(line, "floors") && d->smr == jint(line, "smr") &&
             d->boss == jint(line, "boss") && d->prefix == jint(line, "prefix") &&
             d->suffix == jint(line, "suffix") && d->locale == jint(line, "locale") &&
             d->level == jint(line, "level");
    const json_t *el = json_object_get(line, "elist"), *ranks = json_object_get(line, "chest_ranks");
    int n;
    const grotto_special_floor *sp = universe_index_special_of(golden_ix, m, &n);
    int listed = 0;
    for (size_t f = 0; ok && f < json_array_size(el); f++) {
        const json_t *e = json_array_get(el, f);
        long state = jint(e, "state");
        int special = (d->special >> f) & 1;
        ok = special == (state != 0);
        if (!ok || !special)
            continue;
        const grotto_special_floor *s = &sp[listed++];
        ok = listed <= n && s->floor == f + 1 && s->state == state && s->ofs == jint(e, "ofs") &&
             s->D == jint(e, "D");
        const json_t *r = json_array_get(ranks, f);
        for (size_t c = 0; ok && c < GROTTO_MAX_CHESTS; c++)
            ok = s->rank[c] == (c < json_array_size(r) ? (long)jlong(json_array_get(r, c)) : 0);
    }
    ok = ok && listed == n;
    if (!ok && (*bad)++ < 5)
        cr_log_error("map %02lX%04X disagrees with maps-sample.jsonl", jint(line, "band"), seed);
}

Test(index_universe, golden_maps_sample, .timeout = 1200)
{
    golden_ix = open_index(&grotto_engine_impl);
    long bad = 0;
    long lines = corpus_each_line("golden/maps-sample.jsonl", check_map_line, &bad);
    /* the sample holds every map with a floor in a non-zero state */
    long with_special = 0;
    for (size_t m = 0; m < GROTTO_MAP_UNIVERSE; m++)
        with_special += golden_ix->map[m].special != 0;
    fprintf(stderr, "maps-sample: %ld maps checked against the index, %ld disagree; maps with special floors %ld\n",
            lines, bad, with_special);
    cr_expect(lines > 7000);
    cr_expect_eq(bad, 0);
    universe_index_close(golden_ix);
}

/* An independent softlock report from the golden grid: flood from the up
 * stairs over tiles other than wall 1, partition 3 and chest 6. */
static void softlock_of_grid(const uint8_t *g, int ux, int uy, int dx, int dy, int *near, int *far, int *cut)
{
    uint8_t seen[256] = {0};
    int stack[256], sp = 0;
    *near = 0;
    stack[sp++] = uy * 16 + ux;
    seen[uy * 16 + ux] = 1;
    while (sp) {
        int c = stack[--sp], x = c % 16, y = c / 16;
        (*near)++;
        static const int ddx[4] = {1, -1, 0, 0}, ddy[4] = {0, 0, 1, -1};
        for (int i = 0; i < 4; i++) {
            int nx = x + ddx[i], ny = y + ddy[i];
            if (nx < 0 || nx > 15 || ny < 0 || ny > 15 || seen[ny * 16 + nx])
                continue;
            uint8_t t = g[ny * 16 + nx];
            if (t == 1 || t == 3 || t == 6)
                continue;
            seen[ny * 16 + nx] = 1;
            stack[sp++] = ny * 16 + nx;
        }
    }
    int open = 0;
    for (int i = 0; i < 256; i++)
        open += g[i] != 1 && g[i] != 3 && g[i] != 6;
    *far = open - *near;
    *cut = !seen[dy * 16 + dx];
}

typedef struct floors_ctx {
    long bad, up, cut, both;
} floors_ctx;

static void check_floor_line(const json_t *line, void *arg)
{
    floors_ctx *c = arg;
    uint32_t seed = (uint32_t)jint(line, "seed");
    int k = (int)jint(line, "floor");
    const grotto_floor_facts *f = &golden_ix->floor[grotto_floor_slot(seed, k)];
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    cr_assert_eq(hex_decode(jstr(line, "record"), rec, sizeof rec), GROTTO_FLOOR_RECORD_SIZE);
    const uint8_t *g = rec + 16;
    const json_t *chests = json_object_get(line, "chests");
    int ux = rec[4], uy = rec[5], adj = 0;
    for (size_t i = 0; i < json_array_size(chests); i++) {
        int x = (int)jlong(json_array_get(json_array_get(chests, i), 0)), y = (int)jlong(json_array_get(json_array_get(chests, i), 1));
        adj |= abs(x - ux) + abs(y - uy) == 1;
    }
    int near, far, cut;
    softlock_of_grid(g, ux, uy, rec[6], rec[7], &near, &far, &cut);
    int ok = f->ghost_count == json_array_size(json_object_get(line, "ghosts")) &&
             f->unreachable_chests == jint(line, "unreachable_chests") &&
             f->down_unreachable == (uint8_t)jlong(json_object_get(line, "down_unreachable")) &&
             f->region_count == json_array_size(json_object_get(line, "isolated_regions")) && f->overflow == (rec[3] & 1) &&
             f->chest_count == json_array_size(chests) && f->up_next_to_chest == adj && f->softlock_down_cut == cut &&
             f->softlock_near == near && f->softlock_far == far;
    c->up += adj;
    c->cut += cut;
    c->both += adj && cut;
    if (!ok && c->bad++ < 5)
        cr_log_error("floor %04X B%dF disagrees with floors-sample.jsonl", seed, k);
}

Test(index_universe, golden_floors_sample, .timeout = 1200)
{
    golden_ix = open_index(&grotto_engine_impl);
    floors_ctx c = {0};
    long lines = corpus_each_line("golden/floors-sample.jsonl", check_floor_line, &c);
    fprintf(stderr,
            "floors-sample: %ld floors checked against the index, %ld disagree; up stairs next to a chest %ld, "
            "down stairs cut off %ld, both %ld\n",
            lines, c.bad, c.up, c.cut, c.both);
    cr_expect(lines > 6000);
    cr_expect_eq(c.bad, 0);
    /* docs/spec-notes.md note 16 */
    cr_expect_eq(c.up, 651);
    cr_expect_eq(c.cut, 287);
    cr_expect_eq(c.both, 60);
    universe_index_close(golden_ix);
}
