/* verify follows the engine it is given, for every capture kind (inventory,
 * floor, memory, ram, workarea): each capture below is what impl says of
 * a map or floor, so impl and ref verify it OK; then a test-only engine -
 * impl with one slot altered - is passed to the verify library, and the
 * capture must come out with exactly the altered expectation as a
 * difference. A verify that asked any other engine (or ref's functions
 * directly) for that expectation would still say OK. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/capture.h"
#include "grotto/engine.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "verify.h"

/* ---- the planted engine: impl with one slot altered ---- */

static grotto_engine plant;

static int plant_floor(uint32_t seed, int k, grotto_floor_t *out)
{
    int rc = grotto_engine_impl.floor(seed, k, out);
    out->grid[0] = GROTTO_TILE_FLOOR; /* the corner (0,0) is a wall on every floor */
    return rc;
}

static void plant_analyse(const grotto_floor_t *f, grotto_floor_analysis *out)
{
    grotto_engine_impl.analyse(f, out);
    out->up_next_to_chest = !out->up_next_to_chest;
}

static int plant_facts(uint32_t seed, int k, grotto_floor_t *floor, grotto_floor_facts *out)
{
    int rc = grotto_engine_impl.facts(seed, k, floor, out);
    out->W++;
    return rc;
}

static int plant_map(int quality, uint32_t seed, grotto_map_t *out)
{
    int rc = grotto_engine_impl.map(quality, seed, out);
    out->d.level = (uint8_t)(out->d.level % 99 + 1);
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++) {
        out->elist[n].ofs += 4;
        out->elist[n].state = out->elist[n].state ? 0 : 6;
    }
    return rc;
}

static int plant_name(const grotto_map_details_t *d, int jp, char *buf, size_t size)
{
    char real[256];
    grotto_engine_impl.map_name(d, jp, real, sizeof real);
    return snprintf(buf, size, "Planted %s", real);
}

/* every timer's entrance location reads 1 (2 where it was 1) */
static int plant_timer(uint32_t timer, int base, grotto_timer_value *out)
{
    int rc = grotto_engine_impl.timer(timer, base, out);
    out->location = out->location == 1 ? 2 : 1;
    return rc;
}

static const grotto_engine *planted(const char *slot)
{
    plant = grotto_engine_impl;
    plant.name = "planted";
    if (!strcmp(slot, "floor"))
        plant.floor = plant_floor;
    else if (!strcmp(slot, "analyse"))
        plant.analyse = plant_analyse;
    else if (!strcmp(slot, "facts"))
        plant.facts = plant_facts;
    else if (!strcmp(slot, "map"))
        plant.map = plant_map;
    else if (!strcmp(slot, "map_name"))
        plant.map_name = plant_name;
    else if (!strcmp(slot, "timer"))
        plant.timer = plant_timer;
    else
        cr_assert_fail("no slot %s", slot);
    return &plant;
}

/* ---- checks ---- */

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

static void expect_ok(const grotto_capture *c, const grotto_engine *e)
{
    verify_capture(c, e, -1, result);
    cr_expect_eq(result->ndiff, 0, "%s capture, engine %s: %d differences, first %s: capture %s, engine %s",
                 grotto_capture_kind_name(c->kind), e->name, result->ndiff, result->diff[0].field,
                 result->diff[0].capture, result->diff[0].engine);
}

/* Under the engine with `slot` planted, the capture differs in `field`
 * (and impl and ref still verify it). */
static void expect_follows(const grotto_capture *c, const char *slot, const char *field)
{
    expect_ok(c, &grotto_engine_impl);
    expect_ok(c, &grotto_engine_ref);
    verify_capture(c, planted(slot), -1, result);
    int found = 0;
    for (int i = 0; i < result->ndiff; i++)
        found |= !strcmp(result->diff[i].field, field);
    cr_expect(found, "%s capture with %s planted: no '%s' difference (%d differences)",
              grotto_capture_kind_name(c->kind), slot, field, result->ndiff);
}

static void provenance(grotto_capture *c, grotto_capture_kind kind, uint32_t seed, int floor)
{
    grotto_capture_init(c, kind);
    snprintf(c->source, sizeof c->source, "impl, test_verify_engine");
    snprintf(c->date, sizeof c->date, "2026-12-02");
    snprintf(c->method, sizeof c->method, "model");
    c->game = GROTTO_GAME_NA;
    c->seed = (uint16_t)seed;
    c->floor = (uint8_t)floor;
}

/* ---- inventory: timers and locations, name, map details ---- */

Test(verify_engine, inventory_follows_timers_names_and_maps, .init = setup, .fini = teardown)
{
    /* timer 36690 with base quality 55: quality 54, seed 0x0032, location 114
     * (rng-and-timer.md §4; README's `grotto timer 36690 --base 55`) */
    grotto_timer_value v;
    cr_assert_eq(grotto_engine_impl.timer(36690, 55, &v), 0);
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(v.quality, v.seed, &m), 0);
    grotto_capture c;
    provenance(&c, GROTTO_CAPTURE_INVENTORY, v.seed, 0);
    c.quality = v.quality;
    c.location = v.location;
    c.level = m.d.level;
    c.floors = m.d.floors;
    c.boss = m.d.boss;
    grotto_engine_impl.map_name(&m.d, 0, c.name, sizeof c.name);
    cr_assert_eq(v.location, 114);
    expect_follows(&c, "timer", "location");
    expect_follows(&c, "map_name", "name");
    expect_follows(&c, "map", "level");
}

/* ---- floor: the grid, stairs and chests, the softlock facts ---- */

/* The grid as the game shows it (corpus/README.md): walls '#', walkable
 * '.', then the chests and the stairs where the floor's header puts them. */
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

Test(verify_engine, floor_follows_floors_and_analysis, .init = setup, .fini = teardown)
{
    grotto_floor_t f;
    grotto_floor_analysis a;
    cr_assert_eq(grotto_engine_impl.floor(0x5BC3, 4, &f), 0);
    grotto_engine_impl.analyse(&f, &a);
    grotto_capture c;
    provenance(&c, GROTTO_CAPTURE_FLOOR, 0x5BC3, 4);
    c.band_code = 0xDD;
    c.width = c.height = f.width;
    c.has_grid = 1;
    shown_grid(&f, c.grid);
    c.has_up = c.has_down = 1;
    c.up = f.up;
    c.down = f.down;
    c.chest_count = (int8_t)f.chest_count;
    memcpy(c.chest, f.chest, sizeof f.chest);
    c.up_next_to_chest = a.up_next_to_chest != 0;
    c.down_cut_off = a.softlock_down_cut != 0;
    expect_follows(&c, "floor", "cell");
    expect_follows(&c, "analyse", "up_next_to_chest");
}

/* ---- memory: the enemy-list cut of the map ---- */

Test(verify_engine, memory_follows_maps, .init = setup, .fini = teardown)
{
    /* enemy-list.md E6: 4C1BE6 B9F, Liquid Metal Slime only (No Mimic) */
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(0x4C, 0x1BE6, &m), 0);
    const grotto_elist_t *e = &m.elist[8];
    grotto_capture c;
    provenance(&c, GROTTO_CAPTURE_MEMORY, 0x1BE6, 9);
    c.game = GROTTO_GAME_JP;
    c.band_code = 0x4C;
    c.elistofs = (int32_t)grotto_elist_display_ofs(e, GROTTO_REGION_JP);
    c.walk_nodes = e->W;
    c.state = (int8_t)grotto_capture_state_of_code(e->state);
    cr_assert_eq(c.state, GROTTO_CSTATE_ONLY);
    c.only = (int16_t)e->only;
    expect_follows(&c, "map", "elistofs");
    expect_follows(&c, "map", "state");
}

/* ---- ram: the tile bytes, the walking map's node count ---- */

Test(verify_engine, ram_follows_floors_and_facts, .init = setup, .fini = teardown)
{
    grotto_floor_t f;
    grotto_floor_facts fa;
    cr_assert_eq(grotto_engine_impl.facts(0x5BC3, 4, &f, &fa), 0);
    grotto_capture c;
    provenance(&c, GROTTO_CAPTURE_RAM, 0x5BC3, 4);
    c.quality = 221;
    c.width = c.height = f.width;
    c.has_up = c.has_down = 1;
    c.up = f.up;
    c.down = f.down;
    c.chest_count = (int8_t)f.chest_count;
    memcpy(c.chest, f.chest, sizeof f.chest);
    c.has_tiles = 1;
    memcpy(c.tiles, f.grid, GROTTO_CELLS);
    c.walk_nodes = fa.W;
    expect_follows(&c, "floor", "tile");
    expect_follows(&c, "facts", "walk_nodes");
}

/* ---- workarea: the FloorRecord fields and tiles of the work area ---- */

Test(verify_engine, workarea_follows_floors, .init = setup, .fini = teardown)
{
    grotto_capture c;
    provenance(&c, GROTTO_CAPTURE_WORKAREA, 0x0346, 16);
    c.has_work_area = 1;
    grotto_floor_t f;
    cr_assert_eq(grotto_floor_ex(0x0346, 16, &f, NULL, c.work_area), 0); /* the public model's work area */
    expect_follows(&c, "floor", "tile");
}

/* ---- and through the registry: every engine verifies these captures ---- */

Test(verify_engine, every_registered_engine_verifies_the_hardware_ram_example, .init = setup, .fini = teardown)
{
    grotto_capture_file file;
    cr_assert_eq(grotto_capture_load(GROTTO_CORPUS_DIR "/../tests/fixtures/captures/hardware-md-ram-example.cap",
                                     &file),
                 0);
    cr_assert_eq(file.count, 1);
    cr_assert(file.items[0].ok, "%s", file.items[0].reason);
    for (int i = 0; grotto_engines[i]; i++)
        expect_ok(&file.items[0].cap, grotto_engines[i]);
    expect_follows(&file.items[0].cap, "floor", "tile");
    grotto_capture_file_free(&file);
}
