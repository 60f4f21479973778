/* The capture parser and writer (include/grotto/capture.h) and the checks
 * of verify/verify.h that the e2e tests cannot reach: the round trip, the
 * model's own work area, the free-bytes definition, names. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grotto/capture.h"
#include "grotto/elist.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "corpus.h"
#include "verify.h"

static const char PROV[] = "source: test_capture.c\ndate: 2026-11-30\nmethod: emulator RAM read\ngame: na\n";

static grotto_capture_file parse_text(const char *text)
{
    grotto_capture_file f;
    cr_assert_eq(grotto_capture_parse(text, strlen(text), &f), 0);
    return f;
}

/* Text of a record with the provenance lines after its capture: line. */
static char *record(const char *kind, const char *body)
{
    size_t n = strlen(kind) + strlen(PROV) + strlen(body) + 16;
    char *s = malloc(n);
    snprintf(s, n, "capture: %s\n%s%s", kind, PROV, body);
    return s;
}

static void expect_rejected(const char *kind, const char *body, unsigned line, const char *reason)
{
    char *text = record(kind, body);
    grotto_capture_file f = parse_text(text);
    cr_assert_eq(f.count, 1);
    cr_expect_eq(f.items[0].ok, 0, "accepted: %s", body);
    cr_expect_eq(f.items[0].line, line, "line %u for %s (%s)", f.items[0].line, body, f.items[0].reason);
    cr_expect(strstr(f.items[0].reason, reason) != NULL, "reason '%s' lacks '%s'", f.items[0].reason, reason);
    grotto_capture_file_free(&f);
    free(text);
}

/* write, parse again: the same record except its line */
static void expect_round_trip(const grotto_capture *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    cr_assert_eq(grotto_capture_write(m, c), 0);
    fclose(m);
    grotto_capture_file f = parse_text(buf);
    cr_assert_eq(f.count, 1, "%s", buf);
    cr_assert_eq(f.items[0].ok, 1, "%s\n%s", f.items[0].reason, buf);
    grotto_capture again = f.items[0].cap, orig = *c;
    again.line = orig.line = 0;
    cr_expect_eq(memcmp(&again, &orig, sizeof again), 0, "round trip changed:\n%s", buf);
    grotto_capture_file_free(&f);
    free(buf);
}

Test(capture, corpus_files_parse_and_round_trip)
{
    static const char *files[] = {"hardware/hw1-softlock.cap", "hardware/hw4-quest15.cap",
                                  "hardware/hw9-masayuki.cap", "../tests/fixtures/captures/hardware-md-ram-example.cap"};
    static const size_t records[] = {2, 1, 2, 1};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t len;
        uint8_t *text = corpus_read(files[i], &len);
        cr_assert_not_null(text, "%s", files[i]);
        grotto_capture_file f;
        cr_assert_eq(grotto_capture_parse((const char *)text, len, &f), 0);
        cr_expect_eq(f.count, records[i], "%s", files[i]);
        for (size_t k = 0; k < f.count; k++) {
            cr_expect_eq(f.items[k].ok, 1, "%s: %s", files[i], f.items[k].reason);
            expect_round_trip(&f.items[k].cap);
        }
        grotto_capture_file_free(&f);
        free(text);
    }
}

Test(capture, hardware_md_example_fields)
{
    size_t len;
    uint8_t *text = corpus_read("../tests/fixtures/captures/hardware-md-ram-example.cap", &len);
    cr_assert_not_null(text);
    grotto_capture_file f;
    cr_assert_eq(grotto_capture_parse((const char *)text, len, &f), 0);
    const grotto_capture *c = &f.items[0].cap;
    cr_expect_eq(c->kind, GROTTO_CAPTURE_RAM);
    cr_expect_eq(c->game, GROTTO_GAME_NA);
    cr_expect_eq(c->seed, 0x5BC3);
    cr_expect_eq(c->floor, 4);
    cr_expect_eq(c->quality, 221);
    cr_expect_eq(c->width, 10);
    cr_expect(c->has_up && c->up.x == 7 && c->up.y == 8);
    cr_expect(c->has_down && c->down.x == 3 && c->down.y == 2);
    cr_expect_eq(c->chest_count, 3);
    cr_expect(c->chest[2].x == 7 && c->chest[2].y == 2);
    cr_expect_eq(c->tiles[16 * 2 + 2], 4);
    cr_expect_eq(c->walk_nodes, -1);
    /* the bytes are the FloorRecord grid of that floor */
    grotto_floor_t fl;
    grotto_floor(0x5BC3, 4, &fl);
    cr_expect_eq(memcmp(c->tiles, fl.grid, GROTTO_CELLS), 0);
    grotto_capture_file_free(&f);
    free(text);
}

static void provenance(grotto_capture *c, grotto_capture_kind kind, const char *date)
{
    grotto_capture_init(c, kind);
    snprintf(c->source, sizeof c->source, "s");
    snprintf(c->date, sizeof c->date, "%s", date);
    snprintf(c->method, sizeof c->method, "m");
}

Test(capture, every_kind_round_trips_with_every_field)
{
    grotto_capture c;
    grotto_capture_init(&c, GROTTO_CAPTURE_INVENTORY);
    snprintf(c.source, sizeof c.source, "a\tb: c # d");
    snprintf(c.date, sizeof c.date, "2026-11-30T21:05:09+09:00");
    snprintf(c.method, sizeof c.method, "video");
    snprintf(c.name, sizeof c.name, "見えざる魔神の道Lv87");
    c.game = GROTTO_GAME_EU;
    c.seed = 0x7FFF;
    c.quality = 248;
    c.location = 150;
    c.level = 99;
    c.floors = 16;
    c.boss = 12;
    c.has_raw = 1;
    c.raw[0x15] = 150, c.raw[0x17] = 248, c.raw[0x1A] = 0xFF, c.raw[0x1B] = 0x7F, c.raw[0] = 0xAB;
    expect_round_trip(&c);

    provenance(&c, GROTTO_CAPTURE_FLOOR, "2026");
    c.seed = 1;
    c.floor = 16;
    c.band_code = 0xDD;
    c.width = c.height = 16;
    c.has_grid = 1;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            c.grid[16 * y + x] = "#.c?"[(x + y) % 4];
    c.grid[17] = '<';
    c.grid[18] = '>';
    c.has_up = c.has_down = 1;
    c.up = (grotto_xy){15, 15};
    c.chest_count = 5;
    for (int i = 0; i < 5; i++)
        c.chest[i] = (grotto_xy){(uint8_t)i, (uint8_t)(i + 1)};
    c.up_next_to_chest = 0;
    c.down_cut_off = 1;
    expect_round_trip(&c);

    provenance(&c, GROTTO_CAPTURE_MEMORY, "2026-11");
    c.seed = 0x0E5C;
    c.floor = 15;
    c.quality = 190;
    c.elistofs = 65535;
    c.walk_nodes = 256;
    c.free_bytes = 0;
    c.state = GROTTO_CSTATE_ONLY;
    c.only = GT_MONSTER_COUNT - 1;
    c.lost = GROTTO_LOST_MIMIC | GROTTO_LOST_PANDORA;
    expect_round_trip(&c);
    c.lost = 0;
    c.only = -1;
    c.state = GROTTO_CSTATE_NO_ENEMY;
    expect_round_trip(&c);

    provenance(&c, GROTTO_CAPTURE_RAM, "2026-11-30T00:00Z");
    c.floor = 1;
    c.has_tiles = 1;
    for (int i = 0; i < GROTTO_CELLS; i++)
        c.tiles[i] = (uint8_t)(255 - i);
    c.chest_count = 0;
    c.walk_nodes = 0;
    expect_round_trip(&c);
    c.has_floor_byte = 1;
    c.floor_byte = -1;
    snprintf(c.inferred, sizeof c.inferred, "walk_nodes tiles");
    expect_round_trip(&c);
    c.floor_byte = -128;
    expect_round_trip(&c);
    c.floor_byte = 127;
    expect_round_trip(&c);

    provenance(&c, GROTTO_CAPTURE_WORKAREA, "2000-02-29");
    c.floor = 2;
    c.has_work_area = 1;
    for (int i = 0; i < GROTTO_WORK_AREA_SIZE; i++)
        c.work_area[i] = (uint8_t)(i * 7);
    expect_round_trip(&c);
}

Test(capture, monster_and_boss_names_are_unique_so_the_writer_round_trips)
{
    for (int i = 0; i < GT_MONSTER_COUNT; i++)
        for (int j = i + 1; j < GT_MONSTER_COUNT; j++) {
            cr_expect(strcasecmp(gt_monsters[i].en, gt_monsters[j].en) != 0, "%s", gt_monsters[i].en);
            cr_expect(strcmp(gt_monsters[i].jp, gt_monsters[j].jp) != 0, "%s", gt_monsters[i].jp);
        }
    for (int i = 1; i <= GT_BOSS_NAMES; i++)
        for (int j = i + 1; j <= GT_BOSS_NAMES; j++)
            cr_expect(strcasecmp(gt_boss_name[i].en, gt_boss_name[j].en) != 0);
}

Test(capture, strictness)
{
    /* line numbers: capture 1, provenance 2-5, body from 6 */
    expect_rejected("floor", "seed: 0x5BC3\nfloor: 4\nup: 7,8\nup: 7,8\n", 9, "duplicate key 'up' (first given on line 8)");
    expect_rejected("floor", "seed: 0x5BC3\nfloor: 4\nUp: 7,8\n", 8, "expected 'key: value'");
    expect_rejected("floor", "seed: 0x5BC3\nfloor: 4\nup : 7,8\n", 8, "expected 'key: value'");
    expect_rejected("floor", "seed: 0x5BC3\nfloor: 4\nup: 7, 8\n", 8, "not a coordinate");
    expect_rejected("floor", "seed: +5\nfloor: 4\nup: 7,8\n", 6, "not a number");
    expect_rejected("floor", "seed: 0x\nfloor: 4\nup: 7,8\n", 6, "not a number");
    expect_rejected("floor", "seed: 99999999999999999999\nfloor: 4\nup: 7,8\n", 6, "out of range");
    expect_rejected("floor", "seed: 0x5BC3\nfloor: 4F\nup: 7,8\n", 7, "not a floor");
    expect_rejected("floor", "seed: 0x5BC3\nfloor: BF\nup: 7,8\n", 7, "not a floor");
    expect_rejected("memory", "seed: 1\nfloor: 1\nquality: 2\nelistofs: 65536\n", 9, "out of range (0..65535)");
    expect_rejected("memory", "seed: 1\nfloor: 1\nquality: 2\nlost: mimic mimic\n", 9, "given twice");
    expect_rejected("memory", "seed: 1\nfloor: 1\nquality: 2\nlost: none mimic\n", 9, "lost: 'none'");
    expect_rejected("inventory", "seed: 1\nquality: 2\nraw: 00112233445566778899aabbccddeeff0011223344556677889900zz\n",
                    8, "raw: not hex digits");
    expect_rejected("inventory", "seed: 1\nquality: 2\nfloor: 3\n", 8, "key 'floor' does not belong in an");
    expect_rejected("workarea", "seed: 1\nfloor: 1\n", 1, "workarea capture without 'work_area:'");
    expect_rejected("ram", "seed: 1\nfloor: 1\nband: 0x02\n", 8, "key 'band' does not belong");
    expect_rejected("ram", "seed: 1\nfloor: 1\nwidth: 10\n", 1, "without 'tiles:'");
}

Test(capture, floor_byte_and_inferred)
{
    const char *tiles = "tiles:\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n"
                        "00000000000000000000000000000000\n00000000000000000000000000000000\n";
    char body[1024];
    snprintf(body, sizeof body, "seed: 1\nfloor: 4\nfloor_byte: -1\ninferred:  walk_nodes \t up\n"
                                "walk_nodes: 30\nup: 1,1\n%s", tiles);
    char *text = record("ram", body);
    grotto_capture_file f = parse_text(text);
    cr_assert_eq(f.items[0].ok, 1, "%s", f.items[0].reason);
    const grotto_capture *c = &f.items[0].cap;
    cr_expect(c->has_floor_byte && c->floor_byte == -1);
    cr_expect_str_eq(c->inferred, "walk_nodes up");
    cr_expect(grotto_capture_inferred(c, "walk_nodes") && grotto_capture_inferred(c, "up"));
    cr_expect(!grotto_capture_inferred(c, "walk") && !grotto_capture_inferred(c, "tiles") &&
              !grotto_capture_inferred(c, "walk_nodes up"));
    grotto_capture_file_free(&f);
    free(text);
    /* line numbers: capture 1, provenance 2-5, seed 6, floor 7, the key under test 8 */
    static const struct {
        const char *line, *reason;
    } BAD[] = {{"floor_byte: 128", "out of range (-128..127"},   {"floor_byte: -129", "out of range"},
               {"floor_byte: 0x04", "not a decimal number"},      {"floor_byte: --1", "not a decimal number"},
               {"floor_byte: +4", "not a decimal number"},        {"floor_byte: -", "not a decimal number"},
               {"inferred: seed seed", "'seed' is listed twice"}, {"inferred: source", "'source' is not a value key"},
               {"inferred: inferred", "not a value key"},         {"inferred: walk", "'walk' is not a value key"},
               {"inferred: grid", "'grid' does not belong in a ram"},
               {"inferred: down", "names 'down', which the record does not give"}};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        snprintf(body, sizeof body, "seed: 1\nfloor: 4\n%s\n%s", BAD[i].line, tiles);
        expect_rejected("ram", body, 8, BAD[i].reason);
    }
    expect_rejected("floor", "seed: 1\nfloor: 1\nfloor_byte: 1\nup: 1,1\n", 8, "key 'floor_byte' does not belong");
    expect_rejected("inventory", "seed: 1\nquality: 2\ninferred: location\n", 8, "names 'location'");
}

Test(capture, dates)
{
    static const char *good[] = {"2026", "2026-02", "2024-02-29", "2026-11-30T23:59", "2026-11-30T23:59:60Z",
                                 "2026-11-30T00:00+14:00", "2026-11-30T00:00:00-05:30", "2026-12-31T00:00-14:59",
                                 "2000-02-29", "2026-01-31T00:00:00"};
    static const char *bad[] = {"26-11-30", "2026-1-30", "2023-02-29", "1900-02-29", "2026-11-31", "2026-00-10",
                                "2026-11-30T24:00", "2026-11-30T12", "2026-11-30 12:00", "2026-11-30T12:00+1:00",
                                "2026-11-30T12:00Zulu", "2026-11-30T12:00+15:00", "2026/11/30",
                                /* each field one step out, or one character wrong, in turn */
                                "202", "2026x11", "2026-1", "2026-13", "2026-1x", "2026-11x30", "2026-11-3",
                                "2026-11-00", "2026-11-3x", "2026-11-30T1x:00", "2026-11-30T12-00", "2026-11-30T12:0x",
                                "2026-11-30T12:60", "2026-11-30T12:00:6x", "2026-11-30T12:00:61", "2026-11-30T12:00:",
                                "2026-11-30T12:00+1x:00", "2026-11-30T12:00+12-00", "2026-11-30T12:00+12:0x",
                                "2026-11-30T12:00+12:60", "2026-11-30T12:00+12:000", "2026-11-30T12:00*12:00"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char buf[256];
        snprintf(buf, sizeof buf, "capture: floor\nsource: s\ndate: %s\nmethod: m\ngame: jp\nseed: 1\nfloor: 1\nup: 1,1\n",
                 good[i]);
        grotto_capture_file f = parse_text(buf);
        cr_expect_eq(f.items[0].ok, 1, "%s: %s", good[i], f.items[0].reason);
        grotto_capture_file_free(&f);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char buf[256];
        snprintf(buf, sizeof buf, "capture: floor\nsource: s\ndate: %s\nmethod: m\ngame: jp\nseed: 1\nfloor: 1\nup: 1,1\n",
                 bad[i]);
        grotto_capture_file f = parse_text(buf);
        cr_expect_eq(f.items[0].ok, 0, "accepted %s", bad[i]);
        cr_expect_eq(f.items[0].line, 3);
        grotto_capture_file_free(&f);
    }
}

Test(capture, records_are_independent_and_lines_counted_across_crlf)
{
    const char *text = "# header comment\r\n\r\ncapture: floor\r\nsource: s\r\ndate: 2026-11-30\r\nmethod: m\r\n"
                       "game: jp\r\nseed: 1\r\nfloor: 1\r\nbogus: 1\r\n\r\n\r\ncapture: floor\r\nsource: s\r\n"
                       "date: 2026-11-30\r\nmethod: m\r\ngame: jp\r\nseed: 1\r\nfloor: 1\r\nup: 1,1";
    grotto_capture_file f = parse_text(text);
    cr_assert_eq(f.count, 2);
    cr_expect_eq(f.items[0].ok, 0);
    cr_expect_eq(f.items[0].line, 10);
    cr_expect_eq(f.items[1].ok, 1, "%s", f.items[1].reason);
    cr_expect_eq(f.items[1].cap.line, 13);
    grotto_capture_file_free(&f);
    f = parse_text("");
    cr_expect(f.count == 1 && !f.items[0].ok && f.items[0].line == 0);
    grotto_capture_file_free(&f);
    const char nul[] = "capture: floor\nsource: a\0b\n";
    cr_assert_eq(grotto_capture_parse(nul, sizeof nul - 1, &f), 0);
    cr_expect(f.count == 1 && !f.items[0].ok && f.items[0].line == 2, "%s", f.items[0].reason);
    grotto_capture_file_free(&f);
}

Test(capture, load_and_message)
{
    grotto_capture_file f;
    cr_assert_eq(grotto_capture_load("/nonexistent/x.cap", &f), 0);
    cr_assert_eq(f.count, 1);
    char msg[256];
    grotto_capture_message("/nonexistent/x.cap", &f.items[0], msg, sizeof msg);
    cr_expect_str_eq(msg, "/nonexistent/x.cap: cannot read: No such file or directory");
    grotto_capture_file_free(&f);
    /* what is not a regular file is refused without being read or waited on */
    static const struct {
        const char *path, *reason;
    } NOT_FILES[] = {{"/", "a directory: not a capture file"}, {"/dev/null", "a device: not a capture file"},
                     {"/dev/zero", "a device: not a capture file"}};
    for (size_t i = 0; i < sizeof NOT_FILES / sizeof NOT_FILES[0]; i++) {
        cr_assert_eq(grotto_capture_load(NOT_FILES[i].path, &f), 0);
        cr_expect(f.count == 1 && !f.items[0].ok && f.items[0].line == 0);
        cr_expect(strstr(f.items[0].reason, NOT_FILES[i].reason) != NULL, "%s: %s", NOT_FILES[i].path,
                  f.items[0].reason);
        grotto_capture_file_free(&f);
    }
    grotto_capture_item it;
    memset(&it, 0, sizeof it);
    it.line = 7;
    snprintf(it.reason, sizeof it.reason, "unknown key 'x'");
    grotto_capture_message("a.cap", &it, msg, sizeof msg);
    cr_expect_str_eq(msg, "a.cap:7: unknown key 'x'");
}

/* ---- verification ---- */

static void workarea_capture(uint32_t seed, int k, grotto_capture *c)
{
    grotto_capture_init(c, GROTTO_CAPTURE_WORKAREA);
    snprintf(c->source, sizeof c->source, "ref grotto_floor_ex");
    snprintf(c->date, sizeof c->date, "2026-11-30");
    snprintf(c->method, sizeof c->method, "model");
    c->seed = (uint16_t)seed;
    c->floor = (uint8_t)k;
    c->has_work_area = 1;
    grotto_floor_t f;
    cr_assert_eq(grotto_floor_ex(seed, k, &f, NULL, c->work_area), 0);
}

Test(verify, the_models_own_work_area_verifies_with_both_engines)
{
    static const uint32_t seeds[] = {0x0000, 0x5BC3, 0x5BC4, 0x0346, 0x7FFF};
    verify_result *r = malloc(sizeof *r);
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++)
        for (int k = 1; k <= 16; k++) {
            grotto_capture c;
            workarea_capture(seeds[i], k, &c);
            expect_round_trip(&c);
            verify_capture(&c, &grotto_engine_ref, -1, r);
            cr_expect_eq(r->ndiff, 0, "0x%04X B%dF: %s", seeds[i], k, r->diff[0].field);
            verify_capture(&c, &grotto_engine_impl, -1, r);
            cr_expect_eq(r->ndiff, 0, "impl 0x%04X B%dF", seeds[i], k);
            /* a change outside the FloorRecord fields is not compared; one inside is */
            c.work_area[1100] ^= 0xFF;
            c.work_area[9] ^= 0xFF; /* chest rank bytes: not FloorRecord fields */
            verify_capture(&c, &grotto_engine_ref, -1, r);
            cr_expect_eq(r->ndiff, 0);
            c.work_area[792 + 16 * 5 + 5] ^= 0x01;
            c.work_area[8] ^= 0x01;
            verify_capture(&c, &grotto_engine_ref, -1, r);
            cr_expect_eq(r->ndiff, 2);
            cr_expect_str_eq(r->diff[0].field, "chest count");
            cr_expect_str_eq(r->diff[1].field, "tile");
            cr_expect(r->diff[1].x == 5 && r->diff[1].y == 5);
        }
    free(r);
}

Test(verify, free_bytes_definition_and_its_closed_form)
{
    /* free after the walking map = 11,348 + 28F + G - ElistOfs (intl), 128 less on jp,
     * for every floor of every band of a spread of seeds (both regimes occur) */
    int regime2 = 0;
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed += 331)
        for (int b = 0; b < GT_BAND_COUNT; b++) {
            grotto_map_t m;
            cr_assert_eq(grotto_map(gt_band[b].code, seed, &m), 0);
            for (int n = 0; n < m.d.floors; n++) {
                const grotto_elist_t *e = &m.elist[n];
                int closed = 11348 + 28 * e->F + e->G - e->ofs;
                cr_expect_eq(verify_free_bytes(e, GROTTO_REGION_INTL), closed);
                cr_expect_eq(verify_free_bytes(e, GROTTO_REGION_JP), closed - 128);
                regime2 += e->regime == 2;
            }
        }
    /* enemy-list.md E3 (B51D99 B14F, regime 2): W 164, B 187, D 46 -> 6448 - 2624 - 2992 - 184 */
    grotto_map_t m;
    grotto_map(0xB5, 0x1D99, &m);
    cr_expect_eq(m.elist[13].regime, 2);
    cr_expect_eq(verify_free_bytes(&m.elist[13], GROTTO_REGION_INTL), 6448 - 16 * 164 - 16 * 187 - 4 * 46);
    cr_expect_gt(regime2, 0);
}

Test(verify, names)
{
    cr_expect(verify_name_equal("Granite Tunnel of Woe Lv. 1", "Granite Tunnel of Woe Lv.1"));
    cr_expect(verify_name_equal("  granite   tunnel of woe LV1", "Granite Tunnel of Woe Lv.1"));
    cr_expect(verify_name_equal("見えざる魔神の道Lv 87", "見えざる魔神の道Lv87"));
    cr_expect(!verify_name_equal("Granite Tunnel of Woe Lv.10", "Granite Tunnel of Woe Lv.1"));
    cr_expect(!verify_name_equal("Granite Tunnel of Woe", "Granite Tunnel of Woe Lv.1"));
    cr_expect(!verify_name_equal("GraniteTunnel of Woe Lv.1", "Granite Tunnel of Woe Lv.1"));
    cr_expect(verify_name_equal("Granite Tunnel of Woe Lv.1 \t ", "granite tunnel of woe lv1"), "trailing blanks");
    cr_expect(verify_name_equal("Silver Lvx", "silver lvx"), "'Lv' without a number is kept");
    cr_expect(!verify_name_equal("Silver Lv.x", "silver lvx"));
}

Test(verify, state_classes_follow_the_state_codes)
{
    static const char *const want[17] = {"normal",   "partial",  "4-enemy",  "3-enemy", "2-enemy", "only",
                                         "no-enemy", "no-enemy", "no-enemy", "no-enemy", "3-enemy", "3-enemy",
                                         "3-enemy",  "2-enemy",  "only",     "only",    "only"};
    for (int code = 0; code < 17; code++)
        cr_expect_str_eq(grotto_capture_state_name(grotto_capture_state_of_code(code)), want[code], "code %d", code);
}
