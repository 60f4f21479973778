/* verify's comparison of every field of every capture kind: each capture
 * below is what impl says of a map or floor, so it verifies OK; then one
 * field of the capture is changed at a time and exactly that field must
 * come out as the one difference, with the capture's and the engine's
 * values as text - a comparison that looked at the wrong value, at only
 * part of it (x but not y), at the wrong offset or in the wrong region
 * shows here. The verdict rules (a wrong floor byte, inferred addresses)
 * close the file. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/capture.h"
#include "grotto/elist.h"
#include "grotto/engine.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "verify.h"

static verify_result *result;

static void setup(void)
{
    result = malloc(sizeof *result);
    cr_assert_not_null(result);
}

static void teardown(void)
{
    free(result);
}

static const verify_result *check(const grotto_capture *c, int region)
{
    verify_capture(c, &grotto_engine_impl, region, result);
    return result;
}

static void expect_ok(const grotto_capture *c, const char *what)
{
    const verify_result *r = check(c, -1);
    cr_expect_eq(r->verdict, VERIFY_OK, "%s: %d differences, first '%s': capture %s, engine %s", what, r->ndiff,
                 r->diff[0].field, r->diff[0].capture, r->diff[0].engine);
}

/* exactly one difference, in `field`, with these values (engine: a prefix;
 * NULL: any) */
static void expect_one(const grotto_capture *c, int region, const char *what, const char *field, const char *cap,
                       const char *eng)
{
    const verify_result *r = check(c, region);
    cr_expect_eq(r->verdict, VERIFY_MISMATCH, "%s: verdict %d", what, r->verdict);
    cr_assert_eq(r->ndiff, 1, "%s: %d differences, first '%s': capture %s, engine %s", what, r->ndiff,
                 r->diff[0].field, r->diff[0].capture, r->diff[0].engine);
    cr_expect_str_eq(r->diff[0].field, field, "%s", what);
    if (cap)
        cr_expect_str_eq(r->diff[0].capture, cap, "%s", what);
    if (eng)
        cr_expect(!strncmp(r->diff[0].engine, eng, strlen(eng)), "%s: engine '%s', expected '%s...'", what,
                  r->diff[0].engine, eng);
}

static int was_checked(const verify_result *r, const char *what)
{
    for (int i = 0; i < r->nchecked; i++)
        if (!strcmp(r->checked[i], what))
            return 1;
    return 0;
}

static void provenance(grotto_capture *c, grotto_capture_kind kind, uint32_t seed, int floor)
{
    grotto_capture_init(c, kind);
    snprintf(c->source, sizeof c->source, "impl, test_verify_fields");
    snprintf(c->date, sizeof c->date, "2026-12-02");
    snprintf(c->method, sizeof c->method, "model");
    c->game = GROTTO_GAME_NA;
    c->seed = (uint16_t)seed;
    c->floor = (uint8_t)floor;
}

/* The first floor (seed order, floors 1..4) with at least `chests` chests. */
static void floor_with_chests(int chests, uint32_t *seed, int *k, grotto_floor_t *f)
{
    for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++)
        for (int n = 1; n <= 4; n++)
            if (grotto_engine_impl.floor(s, n, f) == 0 && f->chest_count >= chests) {
                *seed = s;
                *k = n;
                return;
            }
    cr_assert_fail("no floor with %d chests", chests);
}

static void xy(char *buf, size_t n, grotto_xy p)
{
    snprintf(buf, n, "%u,%u", p.x, p.y);
}

/* ---- floor: the grid as shown, stairs, chests as a set, the softlock facts ---- */

static void shown_grid(const grotto_floor_t *f, char grid[GROTTO_CELLS])
{
    for (int i = 0; i < GROTTO_CELLS; i++)
        grid[i] = i % GROTTO_GRID < f->width && i / GROTTO_GRID < f->height
                      ? (grotto_tile_walkable(f->grid[i]) ? '.' : '#')
                      : 0;
    for (int c = 0; c < f->chest_count; c++)
        grid[GROTTO_GRID * f->chest[c].y + f->chest[c].x] = 'c';
    grid[GROTTO_GRID * f->up.y + f->up.x] = '<';
    grid[GROTTO_GRID * f->down.y + f->down.x] = '>';
}

Test(verify_fields, floor_capture_every_field, .init = setup, .fini = teardown)
{
    uint32_t seed;
    int k;
    grotto_floor_t f;
    floor_with_chests(2, &seed, &k, &f);
    grotto_floor_analysis a;
    grotto_engine_impl.analyse(&f, &a);
    grotto_capture good, c;
    provenance(&good, GROTTO_CAPTURE_FLOOR, seed, k);
    good.width = good.height = f.width;
    good.has_grid = 1;
    shown_grid(&f, good.grid);
    good.has_up = good.has_down = 1;
    good.up = f.up;
    good.down = f.down;
    good.chest_count = (int8_t)f.chest_count;
    memcpy(good.chest, f.chest, sizeof f.chest);
    good.up_next_to_chest = a.up_next_to_chest != 0;
    good.down_cut_off = a.softlock_down_cut != 0;
    expect_ok(&good, "the floor as impl makes it");
    static const char *const ALL[] = {"size", "cells", "up", "down", "chests", "up_next_to_chest", "down_cut_off"};
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++)
        cr_expect(was_checked(result, ALL[i]), "%s not checked", ALL[i]);

    char cap[32], eng[32];
    xy(eng, sizeof eng, f.up);
    /* stairs: x alone, y alone */
    c = good;
    c.up.y = (uint8_t)(f.up.y ^ 1);
    xy(cap, sizeof cap, c.up);
    expect_one(&c, -1, "up y", "up", cap, eng);
    c = good;
    c.up.x = (uint8_t)(f.up.x ^ 1);
    xy(cap, sizeof cap, c.up);
    expect_one(&c, -1, "up x", "up", cap, eng);
    c = good;
    c.down.y = (uint8_t)(f.down.y ^ 1);
    xy(cap, sizeof cap, c.down);
    xy(eng, sizeof eng, f.down);
    expect_one(&c, -1, "down y", "down", cap, eng);
    /* chests: a set on a floor capture (the order is not seen) */
    c = good;
    c.chest[0] = f.chest[1];
    c.chest[1] = f.chest[0];
    expect_ok(&c, "chests in another order");
    c = good;
    c.chest[1].y = (uint8_t)(c.chest[1].y ^ 1);
    expect_one(&c, -1, "a chest moved", "chests", NULL, NULL);
    c = good;
    c.chest_count--;
    expect_one(&c, -1, "a chest missing", "chests", NULL, NULL);
    c = good;
    c.chest_count = 0;
    expect_one(&c, -1, "no chests", "chests", "none", NULL);
    /* the grid: a cell, an unknown cell, the size */
    int x = f.down.x, y = f.down.y;
    c = good;
    c.grid[GROTTO_GRID * y + x] = '#';
    char want_eng[32];
    snprintf(want_eng, sizeof want_eng, "'>' (tile %u)", grotto_tile_at(&f, x, y));
    expect_one(&c, -1, "a cell", "cell", "'#'", want_eng);
    cr_expect(result->diff[0].x == x && result->diff[0].y == y);
    c = good;
    for (int i = 0; i < f.width; i++)
        c.grid[GROTTO_GRID * i + i] = '?';
    expect_ok(&c, "unknown cells");
    c = good;
    c.width = c.height = (uint8_t)(f.width == 16 ? 15 : f.width + 1);
    snprintf(cap, sizeof cap, "%ux%u", c.width, c.height);
    snprintf(eng, sizeof eng, "%ux%u", f.width, f.height);
    expect_one(&c, -1, "the size", "size", cap, eng);
    /* the softlock facts, each on its own */
    c = good;
    c.up_next_to_chest = !good.up_next_to_chest;
    expect_one(&c, -1, "up_next_to_chest", "up_next_to_chest", c.up_next_to_chest ? "yes" : "no",
               good.up_next_to_chest ? "yes" : "no");
    c = good;
    c.down_cut_off = !good.down_cut_off;
    expect_one(&c, -1, "down_cut_off", "down_cut_off", c.down_cut_off ? "yes" : "no",
               good.down_cut_off ? "yes" : "no");
}

Test(verify_fields, a_floor_beyond_the_maps_floors, .init = setup, .fini = teardown)
{
    /* DD5BC3 has 15 floors: B15F is on the map, B16F is not */
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(0xDD, 0x5BC3, &m), 0);
    cr_assert_eq(m.d.floors, 15);
    grotto_capture c;
    grotto_floor_t f;
    provenance(&c, GROTTO_CAPTURE_FLOOR, 0x5BC3, 15);
    c.band_code = 0xDD;
    cr_assert_eq(grotto_engine_impl.floor(0x5BC3, 15, &f), 0);
    c.has_up = 1;
    c.up = f.up;
    expect_ok(&c, "B15F");
    c.floor = 16;
    cr_assert_eq(grotto_engine_impl.floor(0x5BC3, 16, &f), 0);
    c.up = f.up;
    expect_one(&c, -1, "B16F", "floor", "B16F", "map DD5BC3 has 15 floors");
}

/* ---- ram: sizes, stairs, chests in placement order, tile bytes, W ---- */

Test(verify_fields, ram_capture_every_field, .init = setup, .fini = teardown)
{
    uint32_t seed;
    int k;
    grotto_floor_t f;
    floor_with_chests(2, &seed, &k, &f);
    grotto_floor_facts fa;
    cr_assert_eq(grotto_engine_impl.facts(seed, k, NULL, &fa), 0);
    grotto_capture good, c;
    provenance(&good, GROTTO_CAPTURE_RAM, seed, k);
    good.width = good.height = f.width;
    good.has_up = good.has_down = 1;
    good.up = f.up;
    good.down = f.down;
    good.chest_count = (int8_t)f.chest_count;
    memcpy(good.chest, f.chest, sizeof f.chest);
    good.has_tiles = 1;
    memcpy(good.tiles, f.grid, GROTTO_CELLS);
    good.walk_nodes = fa.W;
    expect_ok(&good, "the floor's RAM as impl makes it");
    static const char *const ALL[] = {"width", "height", "up", "down", "chests", "tiles", "walk_nodes"};
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++)
        cr_expect(was_checked(result, ALL[i]), "%s not checked", ALL[i]);

    char cap[32], eng[32];
    c = good;
    c.width = (uint8_t)(f.width == 16 ? 15 : f.width + 1);
    snprintf(cap, sizeof cap, "%u", c.width);
    snprintf(eng, sizeof eng, "%u", f.width);
    expect_one(&c, -1, "width", "width", cap, eng);
    c = good;
    c.height = (uint8_t)(f.height == 16 ? 15 : f.height + 1);
    snprintf(cap, sizeof cap, "%u", c.height);
    snprintf(eng, sizeof eng, "%u", f.height);
    expect_one(&c, -1, "height", "height", cap, eng);
    c = good;
    c.down.y = (uint8_t)(f.down.y ^ 1);
    expect_one(&c, -1, "down y", "down", NULL, NULL);
    /* the game's chest list is in placement order: swapped is a difference */
    c = good;
    c.chest[0] = f.chest[1];
    c.chest[1] = f.chest[0];
    expect_one(&c, -1, "chests swapped", "chests", NULL, NULL);
    /* one tile byte */
    c = good;
    int i = GROTTO_GRID * f.up.y + f.up.x;
    c.tiles[i] ^= 0x40;
    snprintf(cap, sizeof cap, "%02X", c.tiles[i]);
    snprintf(eng, sizeof eng, "%02X", f.grid[i]);
    expect_one(&c, -1, "a tile", "tile", cap, eng);
    cr_expect(result->diff[0].x == f.up.x && result->diff[0].y == f.up.y);
    /* the walking map's nodes: W of the floor's facts */
    c = good;
    c.walk_nodes = fa.W + 1;
    snprintf(cap, sizeof cap, "%u", fa.W + 1);
    snprintf(eng, sizeof eng, "%u", fa.W);
    expect_one(&c, -1, "walk_nodes", "walk_nodes", cap, eng);
}

/* ---- workarea: every FloorRecord field at its work-area offset ---- */

Test(verify_fields, workarea_capture_every_header_field, .init = setup, .fini = teardown)
{
    uint32_t seed;
    int k;
    grotto_floor_t f;
    floor_with_chests(3, &seed, &k, &f);
    grotto_capture good, c;
    provenance(&good, GROTTO_CAPTURE_WORKAREA, seed, k);
    good.has_work_area = 1;
    cr_assert_eq(grotto_floor_ex(seed, k, &f, NULL, good.work_area), 0);
    expect_ok(&good, "the model's work area");
    /* records.md: the work area's header bytes and the FloorRecord's */
    static const struct {
        const char *name;
        int area;
    } FIELDS[] = {{"floor index", 0},  {"width", 2},      {"height", 3},     {"up x", 4},       {"up y", 5},
                  {"down x", 6},       {"down y", 7},     {"chest count", 8}, {"chest 1 x", 13}, {"chest 1 y", 14},
                  {"chest 2 x", 15},   {"chest 2 y", 16}, {"chest 3 x", 17}, {"chest 3 y", 18}};
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++) {
        c = good;
        uint8_t was = c.work_area[FIELDS[i].area];
        c.work_area[FIELDS[i].area] = (uint8_t)(was ^ 0x20);
        char cap[8], eng[8];
        snprintf(cap, sizeof cap, "%u", was ^ 0x20);
        snprintf(eng, sizeof eng, "%u", was);
        expect_one(&c, -1, FIELDS[i].name, FIELDS[i].name, cap, eng);
    }
    /* the tiles from byte 792 */
    c = good;
    c.work_area[792 + 17] ^= 1;
    expect_one(&c, -1, "a tile", "tile", NULL, NULL);
    cr_expect(result->diff[0].x == 1 && result->diff[0].y == 1);
}

/* ---- memory: the enemy-list model of the build ---- */

Test(verify_fields, memory_capture_every_field, .init = setup, .fini = teardown)
{
    /* enemy-list.md E6: 4C1BE6 B9F, Liquid Metal Slime only (No Mimic), state 15 */
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(0x4C, 0x1BE6, &m), 0);
    const grotto_elist_t *e = &m.elist[8];
    cr_assert_eq(e->state, 15);
    grotto_capture good, c;
    provenance(&good, GROTTO_CAPTURE_MEMORY, 0x1BE6, 9);
    good.game = GROTTO_GAME_JP;
    good.band_code = 0x4C;
    good.elistofs = (int32_t)grotto_elist_display_ofs(e, GROTTO_REGION_JP);
    good.walk_nodes = e->W;
    good.free_bytes = verify_free_bytes(e, GROTTO_REGION_JP);
    good.state = GROTTO_CSTATE_ONLY;
    good.only = (int16_t)e->only;
    /* the lost records: exactly one set of the eight is the model's, and
     * state 15 says the Mimic's is among them */
    int accepted = 0;
    for (int lost = 0; lost < 8; lost++) {
        c = good;
        c.lost = (int8_t)lost;
        if (check(&c, -1)->verdict == VERIFY_OK) {
            accepted++;
            good.lost = (int8_t)lost;
        } else {
            cr_expect_eq(result->ndiff, 1);
            cr_expect_str_eq(result->diff[0].field, "lost");
        }
    }
    cr_assert_eq(accepted, 1, "%d lost sets accepted", accepted);
    cr_expect(good.lost & GROTTO_LOST_MIMIC, "lost %d without the Mimic", good.lost);
    expect_ok(&good, "the model's memory");
    static const char *const ALL[] = {"elistofs", "walk_nodes", "free_bytes", "state", "only", "lost"};
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++)
        cr_expect(was_checked(result, ALL[i]), "%s not checked", ALL[i]);

    /* the region: a jp capture read as intl differs in ElistOfs and free bytes */
    char cap[32], eng[64];
    c = good;
    c.free_bytes = -1;
    snprintf(cap, sizeof cap, "0x%04X", (unsigned)good.elistofs);
    snprintf(eng, sizeof eng, "0x%04X (intl)", grotto_elist_display_ofs(e, GROTTO_REGION_INTL));
    expect_one(&c, GROTTO_REGION_INTL, "elistofs as intl", "elistofs", cap, eng);
    c = good;
    c.elistofs = -1;
    snprintf(cap, sizeof cap, "%d", good.free_bytes);
    snprintf(eng, sizeof eng, "%d (intl;", verify_free_bytes(e, GROTTO_REGION_INTL));
    expect_one(&c, GROTTO_REGION_INTL, "free_bytes as intl", "free_bytes", cap, eng);
    cr_expect_eq(verify_free_bytes(e, GROTTO_REGION_INTL) - verify_free_bytes(e, GROTTO_REGION_JP),
                 GROTTO_INTL_PADDING);
    c = good;
    c.elistofs += 4;
    snprintf(cap, sizeof cap, "0x%04X", (unsigned)c.elistofs);
    snprintf(eng, sizeof eng, "0x%04X (jp)", (unsigned)good.elistofs);
    expect_one(&c, -1, "elistofs", "elistofs", cap, eng);
    c = good;
    c.walk_nodes++;
    expect_one(&c, -1, "walk_nodes", "walk_nodes", NULL, NULL);
    c = good;
    c.free_bytes += 4;
    expect_one(&c, -1, "free_bytes", "free_bytes", NULL, NULL);
    /* state, and the ONLY monster */
    c = good;
    c.only = -1;
    c.state = GROTTO_CSTATE_2_ENEMY;
    expect_one(&c, -1, "state", "state", "2-enemy", "only (");
    c = good;
    c.only = (int16_t)(e->only == 0 ? 1 : e->only - 1);
    char want[160];
    snprintf(want, sizeof want, "%s (%s)", gt_monsters[e->only].en, gt_monsters[e->only].jp);
    expect_one(&c, -1, "only", "only", gt_monsters[c.only].en, want);
}

Test(verify_fields, memory_only_on_a_floor_without_an_only_state, .init = setup, .fini = teardown)
{
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(0x4C, 0x1BE6, &m), 0);
    int k = 0;
    while (k < m.d.floors && grotto_capture_state_of_code(m.elist[k].state) == GROTTO_CSTATE_ONLY)
        k++;
    cr_assert(k < m.d.floors);
    grotto_capture c;
    provenance(&c, GROTTO_CAPTURE_MEMORY, 0x1BE6, k + 1);
    c.band_code = 0x4C;
    c.only = (int16_t)m.elist[8].only;
    expect_one(&c, -1, "only", "only", gt_monsters[c.only].en, "no ONLY state");
}

/* ---- inventory: where the seed arises, the name in either language, details ---- */

Test(verify_fields, inventory_capture_every_field, .init = setup, .fini = teardown)
{
    /* timer 36690 with base quality 55: quality 54, seed 0x0032, location 114 */
    grotto_timer_value v;
    cr_assert_eq(grotto_engine_impl.timer(36690, 55, &v), 0);
    cr_assert(v.quality == 54 && v.seed == 0x32 && v.location == 114);
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(v.quality, v.seed, &m), 0);
    grotto_capture good, c;
    provenance(&good, GROTTO_CAPTURE_INVENTORY, v.seed, 0);
    good.quality = v.quality;
    good.location = v.location;
    good.level = m.d.level;
    good.floors = m.d.floors;
    good.boss = m.d.boss;
    char en[128], jp[128];
    grotto_engine_impl.map_name(&m.d, 0, en, sizeof en);
    grotto_engine_impl.map_name(&m.d, 1, jp, sizeof jp);
    snprintf(good.name, sizeof good.name, "%s", en);
    expect_ok(&good, "the map as impl makes it");
    static const char *const ALL[] = {"arises", "location", "name", "level", "floors", "boss"};
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++)
        cr_expect(was_checked(result, ALL[i]), "%s not checked", ALL[i]);
    cr_expect(strstr(result->note, "36690") != NULL, "%s", result->note);
    c = good;
    snprintf(c.name, sizeof c.name, "%s", jp);
    expect_ok(&c, "the Japanese name");
    c = good;
    c.quality = 0;
    c.band_code = 2;
    expect_ok(&c, "the band instead of the quality");

    c = good;
    snprintf(c.name, sizeof c.name, "Not %s", en);
    char want[300];
    snprintf(want, sizeof want, "%s / %s", en, jp);
    expect_one(&c, -1, "name", "name", c.name, want);
    c = good;
    c.location = v.location == 1 ? 2 : 1;
    expect_one(&c, -1, "location", "location", NULL, NULL);
    cr_expect(strstr(result->diff[0].engine, "114") != NULL, "%s", result->diff[0].engine);
    c = good;
    c.level = (uint8_t)(m.d.level % 99 + 1);
    expect_one(&c, -1, "level", "level", NULL, NULL);
    c = good;
    c.floors = (uint8_t)(m.d.floors == 16 ? 15 : m.d.floors + 1);
    expect_one(&c, -1, "floors", "floors", NULL, NULL);
    c = good;
    c.boss = (uint8_t)(m.d.boss % GT_BOSS_NAMES + 1);
    expect_one(&c, -1, "boss", "boss", gt_boss_name[c.boss].en, gt_boss_name[m.d.boss].en);
}

/* Where a map comes from: a seed no timer yields, a quality none of a
 * seed's timers gives from any base, and quest 15 (seed 0x0032, quality 2,
 * location 5). */
Test(verify_fields, inventory_seed_quality_and_quest, .init = setup, .fini = teardown)
{
    static uint8_t yielded[GROTTO_SEED_COUNT];
    uint16_t t32[4];
    int n32 = 0;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_value v;
        cr_assert_eq(grotto_engine_impl.timer(t, GROTTO_QUALITY_MIN, &v), 0);
        yielded[v.seed] = 1;
        if (v.seed == GT_QUEST15_SEED && n32 < 4)
            t32[n32++] = (uint16_t)t;
    }
    int never = -1, nevers = 0;
    for (int s = 0; s < GROTTO_SEED_COUNT; s++)
        if (!yielded[s]) {
            nevers++;
            if (never < 0)
                never = s;
        }
    cr_assert_eq(nevers, GROTTO_NEVER_SEEDS, "the seeds no timer yields");
    grotto_capture c;
    char hex[16];
    provenance(&c, GROTTO_CAPTURE_INVENTORY, (uint32_t)never, 0);
    c.quality = 54;
    snprintf(hex, sizeof hex, "0x%04X", (unsigned)never);
    expect_one(&c, -1, "a seed no timer yields", "seed", hex, "never arises");

    uint8_t given[GROTTO_QUALITY_MAX + 1] = {0};
    for (int i = 0; i < n32; i++)
        for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
            grotto_timer_value v;
            cr_assert_eq(grotto_engine_impl.timer(t32[i], base, &v), 0);
            given[v.quality] = 1;
        }
    int q = -1;
    for (int x = 56; x <= GROTTO_QUALITY_MAX && q < 0; x++)
        if (!given[x])
            q = x;
    cr_assert_geq(q, 0);
    provenance(&c, GROTTO_CAPTURE_INVENTORY, GT_QUEST15_SEED, 0);
    c.quality = (uint8_t)q;
    char qtext[32];
    snprintf(qtext, sizeof qtext, "quality %d", q);
    expect_one(&c, -1, "a quality the seed's timers never give", "quality", qtext, "seed 0x0032 arises");

    c.quality = 0;
    c.band_code = 2;
    c.location = GT_QUEST15_LOCATION;
    expect_ok(&c, "quest 15's location, band 2..55");
    cr_expect(strstr(result->note, " and quest 15") != NULL, "%s", result->note);
    c.band_code = 56;
    expect_one(&c, -1, "quest 15's location, band 56..60", "location", "5", NULL);
}

/* ---- the verdict ---- */

Test(verify_fields, doubtful_only_when_every_difference_is_inferred, .init = setup, .fini = teardown)
{
    grotto_floor_t f;
    grotto_floor_facts fa;
    cr_assert_eq(grotto_engine_impl.facts(0x5BC3, 4, &f, &fa), 0);
    grotto_capture c;
    provenance(&c, GROTTO_CAPTURE_RAM, 0x5BC3, 4);
    c.has_up = 1;
    c.up = f.up;
    c.has_tiles = 1;
    memcpy(c.tiles, f.grid, GROTTO_CELLS);
    c.walk_nodes = fa.W + 1;
    snprintf(c.inferred, sizeof c.inferred, "walk_nodes");
    cr_expect_eq(check(&c, -1)->verdict, VERIFY_DOUBTFUL);
    cr_expect(strstr(result->doubt, "inferred") != NULL, "%s", result->doubt);
    /* one more difference where the address is confirmed: a finding */
    c.up.x ^= 1;
    cr_expect_eq(check(&c, -1)->verdict, VERIFY_MISMATCH);
    cr_expect_eq(result->ndiff, 2);
    /* a tile difference is doubtful when the tiles were inferred */
    c.up = f.up;
    c.walk_nodes = fa.W;
    c.tiles[0] ^= 1;
    cr_expect_eq(check(&c, -1)->verdict, VERIFY_MISMATCH);
    snprintf(c.inferred, sizeof c.inferred, "walk_nodes tiles");
    cr_expect_eq(check(&c, -1)->verdict, VERIFY_DOUBTFUL);
    /* a floor byte other than the floor: the whole capture in doubt, even when all agrees */
    c.tiles[0] ^= 1;
    c.inferred[0] = 0;
    c.has_floor_byte = 1;
    c.floor_byte = 4;
    cr_expect_eq(check(&c, -1)->verdict, VERIFY_OK);
    c.floor_byte = 5;
    cr_expect_eq(check(&c, -1)->verdict, VERIFY_DOUBTFUL);
    cr_expect(strstr(result->doubt, "current-floor byte read 5") != NULL, "%s", result->doubt);
}
