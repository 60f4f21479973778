/* The legacy tool's enemy-list model (legacy/legacy.h) on hand-made grids
 * for both misjudgments - Flag0 tiles ignored, the passage count wrapping
 * at 256 - and on spec example E6; the legacy engine's maps against ref's;
 * the interchange format's writer, parser and record conversion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "interchange.h"
#include "legacy.h"

enum { RUINS = 2 };

/* A 16 x 16 floor n whose rows y in [y0, y1] are open on x = 1..14. */
static void open_rows(grotto_floor_t *f, int y0, int y1)
{
    for (int y = y0; y <= y1; y++)
        for (int x = 1; x <= 14; x++)
            f->grid[16 * y + x] = GROTTO_TILE_FLOOR;
}

static void blank_floor(grotto_floor_t *f)
{
    memset(f, 0, sizeof *f);
    memset(f->grid, GROTTO_TILE_WALL, sizeof f->grid);
    f->index = 1;
    f->width = f->height = 16;
}

Test(legacy, flag0_ignored_over_estimates)
{
    /* Open rows {1,2,3}, {5,6,7}, {9,10,11}, {13,14}: W = 11 * 14 = 154;
     * X = 11 * 13 across + 3 * 28 + 14 down = 143 + 98 = 241 (< 256: no wrap).
     * 16W + 8X = 4392 > 4128: the game is in regime 2, B = 515 - 308 = 207.
     * Pool: rows 1-3 take 13 + 27 + 27 = 67, twice -> 134, rows 9-11 -> 201;
     * row 13: (1,13) nothing, (2..7,13) one each -> 0; Flag0 = (8..14,13) and
     * all of row 14: D = 7 + 14 = 21.
     * Ruins 1 (STD, F 8, G 124; 28F + G = 348):
     *   game:   13140 - 16*154 + 4*21 + 348 = 11108, k = 48/20 = 2 -> 4 (2-enemy)
     *   legacy: 4900 + 16*154 + 16*241 + 348 = 11568, k = 25 -> 9 (no-enemy) */
    grotto_floor_t f;
    blank_floor(&f);
    open_rows(&f, 1, 3);
    open_rows(&f, 5, 7);
    open_rows(&f, 9, 11);
    open_rows(&f, 13, 14);
    grotto_elist_t game, legacy;
    grotto_elist(&f, RUINS, 1, &game);
    cr_assert_eq(game.W, 154);
    cr_assert_eq(game.X, 241);
    cr_expect_eq(game.regime, 2);
    cr_expect_eq(game.D, 21);
    cr_expect_eq(game.ofs, 11108);
    cr_expect_eq(game.state, 4);
    grotto_engine_legacy.elist(&f, RUINS, 1, &legacy);
    cr_expect_eq(legacy.W, 154);
    cr_expect_eq(legacy.X, 241);
    cr_expect_eq(legacy.regime, 1);
    cr_expect_eq(legacy.D, 0);
    cr_expect_eq(legacy.B, 241);
    cr_expect_eq(legacy.ofs, 11568);
    cr_expect_eq(legacy.state, 9);
    cr_expect_eq(legacy.survivors, 0);
}

Test(legacy, passage_count_wraps_at_256)
{
    /* The whole 14 x 14 interior: W = 196, X = 2 * 14 * 13 = 364 -> the
     * legacy tool keeps 364 - 256 = 108.
     *   game:   regime 2, B = 123, D = 124 (see test_ref_enemy_list
     *           regime_2_open_floor): 13140 - 3136 + 496 + 348 = 10848 -> 1
     *   legacy: 4900 + 3136 + 16*108 + 348 = 10112 -> 0 ("triple none") */
    grotto_floor_t f;
    blank_floor(&f);
    open_rows(&f, 1, 14);
    grotto_elist_t game, legacy;
    grotto_elist(&f, RUINS, 1, &game);
    cr_assert_eq(game.X, 364);
    cr_expect_eq(game.D, 124);
    cr_expect_eq(game.ofs, 10848);
    cr_expect_eq(game.state, 1);
    grotto_engine_legacy.elist(&f, RUINS, 1, &legacy);
    cr_expect_eq(legacy.X, 108);
    cr_expect_eq(legacy.ofs, 10112);
    cr_expect_eq(legacy.state, 0);
    cr_expect_eq(legacy.survivors, 8);
}

Test(legacy, wrap_threshold)
{
    cr_expect_eq(legacy_passages(0), 0);
    cr_expect_eq(legacy_passages(255), 255);
    cr_expect_eq(legacy_passages(256), 0);
    cr_expect_eq(legacy_passages(300), 44);
    /* the same terms on both sides of the threshold: 16 * 256 bytes apart */
    grotto_elist_t a, b;
    legacy_elist(RUINS, 1, 100, 255, &a);
    legacy_elist(RUINS, 1, 100, 256, &b);
    cr_expect_eq(a.ofs - b.ofs, 16 * 255);
}

Test(legacy, example_e6)
{
    /* enemy-list.md E6 (0x4C, 0x1BE6, B9F; Ruins 7, A1): W 147, X 230, D 5;
     * the game says 0x2BA0, state 15. Legacy: 4900 + 2352 + 3680 + 224 + 136
     * = 11292 = 0x2C1C, k = 11 -> 9 (No-enemy (No Cannibox)). */
    grotto_elist_t e;
    legacy_elist(RUINS, 7, 147, 230, &e);
    cr_expect_eq(e.ofs, 0x2C1C);
    cr_expect_eq(e.state, 9);
    grotto_map_t game, legacy;
    cr_assert_eq(grotto_engine_ref.map(0x4C, 0x1BE6, &game), 0);
    cr_assert_eq(grotto_engine_legacy.map(0x4C, 0x1BE6, &legacy), 0);
    cr_expect_eq(game.elist[8].ofs, 0x2BA0);
    cr_expect_eq(game.elist[8].state, 15);
    cr_expect_eq(legacy.elist[8].ofs, 0x2C1C);
    cr_expect_eq(legacy.elist[8].state, 9);
    /* everything else of the MapRecord is the game's */
    uint8_t rg[GROTTO_MAP_RECORD_SIZE], rl[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(&game, rg);
    grotto_map_record(&legacy, rl);
    for (int i = 0; i < GROTTO_MAP_RECORD_SIZE; i++) {
        int elist_byte = i >= 12 && (i - 12) % 8 >= 3 && (i - 12) % 8 <= 6;
        if (!elist_byte)
            cr_expect_eq(rg[i], rl[i], "MapRecord byte %d", i);
    }
    cr_expect_eq(grotto_engine_legacy.map(1, 0, &legacy), -1);
}

Test(legacy, map_halves_and_shared_parts)
{
    for (uint32_t seed = 0; seed < 40; seed++) {
        grotto_map_t whole, halves;
        grotto_map_floors_t fl;
        cr_assert_eq(grotto_engine_legacy.map(0xDD, seed, &whole), 0);
        cr_assert_eq(grotto_engine_legacy.map_floors(seed, 16, &fl), 0);
        cr_assert_eq(grotto_engine_legacy.map_from_floors(0xF0, &fl, &halves), 0);
        uint8_t a[GROTTO_MAP_RECORD_SIZE], b[GROTTO_MAP_RECORD_SIZE];
        grotto_map_record(&whole, a);
        grotto_map_record(&halves, b);
        cr_expect(memcmp(a, b, sizeof a) == 0, "seed %u", seed);
    }
    grotto_map_floors_t few;
    cr_assert_eq(grotto_map_floors(0x5BC3, 2, &few), 0);
    grotto_map_t m;
    cr_expect_eq(grotto_engine_legacy.map_from_floors(0xDD, &few, &m), -1); /* the map has 15 floors */
    grotto_floor_t f;
    grotto_floor_facts fa;
    grotto_timer_value tv, tr; /* compared by field: the struct has padding */
    cr_expect_eq(grotto_engine_legacy.facts(0x5BC3, 4, &f, &fa), 0);
    cr_expect_eq(grotto_engine_legacy.timer(1234, 100, &tv), 0);
    cr_expect_eq(grotto_engine_ref.timer(1234, 100, &tr), 0);
    cr_expect(tv.timer == tr.timer && tv.r1 == tr.r1 && tv.seed == tr.seed && tv.r3 == tr.r3 &&
              tv.base == tr.base && tv.quality == tr.quality && tv.location == tr.location);
}

/* ---- the interchange format ---- */

static char *line_of_floor(uint32_t seed, const grotto_floor_t *f)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    cr_assert(m);
    cr_assert_gt(ix_write_floor(m, seed, f), 0);
    fclose(m);
    return buf;
}

Test(interchange, floor_line_parses_back_to_the_record)
{
    for (int k = 1; k <= 16; k++) {
        grotto_floor_t f;
        cr_assert_eq(grotto_floor(0x5BC3, k, &f), 0);
        char *line = line_of_floor(0x5BC3, &f), err[256];
        ix_record r;
        cr_assert_eq(ix_parse(line, strlen(line) - 1, &r, err, sizeof err), 0, "%s", err);
        cr_expect_eq(r.kind, IX_FLOOR);
        cr_expect_eq(r.seed, 0x5BC3);
        cr_expect_eq(r.floor, k);
        cr_expect_eq(r.have, (1u << IX_FIRST_MAP_FIELD) - 1u);
        cr_expect_eq(r.ignored_count, 0);
        uint8_t want[GROTTO_FLOOR_RECORD_SIZE], got[GROTTO_FLOOR_RECORD_SIZE];
        grotto_floor_record(&f, want);
        cr_assert_eq(ix_to_floor_record(&r, got, err, sizeof err), 0, "%s", err);
        cr_expect(memcmp(want, got, sizeof want) == 0, "floor %d", k);
        free(line);
    }
}

Test(interchange, map_line_parses_back_to_the_record)
{
    grotto_map_t m;
    cr_assert_eq(grotto_map(0x4C, 0x1BE6, &m), 0);
    char *buf = NULL, err[256];
    size_t n = 0;
    FILE *s = open_memstream(&buf, &n);
    ix_write_map(s, &m);
    fclose(s);
    ix_record r;
    cr_assert_eq(ix_parse(buf, n, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.kind, IX_MAP);
    cr_expect_eq(r.band, 3);
    cr_expect_eq(r.elist_state[8], 15);
    cr_expect_eq(r.have >> IX_FIRST_MAP_FIELD, (1u << (IX_FIRST_CHEST_FIELD - IX_FIRST_MAP_FIELD)) - 1u);
    uint8_t want[GROTTO_MAP_RECORD_SIZE], got[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(&m, want);
    cr_assert_eq(ix_to_map_record(&r, got, err, sizeof err), 0, "%s", err);
    cr_expect(memcmp(want, got, sizeof want) == 0);
    uint8_t floor_rec[GROTTO_FLOOR_RECORD_SIZE];
    cr_expect_eq(ix_to_floor_record(&r, floor_rec, err, sizeof err), -1);
    /* and back from the record */
    char *back = NULL;
    size_t bn = 0;
    s = open_memstream(&back, &bn);
    cr_expect_eq(ix_map_record_line(s, want), 0);
    fclose(s);
    cr_expect_str_eq(back, buf);
    want[11] = 1; /* padding */
    cr_expect_eq(ix_map_record_line(stdout, want), -1);
    free(back);
    free(buf);
}

Test(interchange, optional_fields_and_ignored_keys)
{
    const char *line = "{\"seed\":3,\"floor\":2,\"up\":[1,2],\"note\":\"x\",\"overflow\":1}";
    ix_record r;
    char err[256];
    cr_assert_eq(ix_parse(line, strlen(line), &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.have, (1u << IX_UP) | (1u << IX_OVERFLOW));
    cr_expect_eq(r.overflow, 1);
    cr_expect_eq(r.ignored_count, 1);
    cr_expect_str_eq(r.ignored[0], "note");
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    cr_expect_eq(ix_to_floor_record(&r, rec, err, sizeof err), -1);
    cr_expect(strstr(err, "no \"width\"") != NULL, "%s", err);
    const char *partial = "{\"band\":221,\"seed\":3,\"elist\":[{\"ofs\":1},{\"ofs\":2,\"state\":0}]}";
    cr_assert_eq(ix_parse(partial, strlen(partial), &r, err, sizeof err), 0, "%s", err);
    /* elist.state is carried by one entry only: not carried as a field */
    cr_expect_eq(r.have, 1u << IX_ELIST_OFS);
    cr_expect_eq(r.elist_have[1], (1u << IX_ELIST_OFS) | (1u << IX_ELIST_STATE));
}

Test(interchange, check_counts_fields_and_differences)
{
    ix_check c;
    cr_assert_eq(ix_check_init(&c, &grotto_engine_impl, "b", 2), 0);
    grotto_floor_t f;
    grotto_floor(77, 5, &f);
    f.grid[16 * 3 + 4] ^= 1;
    char *line = line_of_floor(77, &f), err[256];
    ix_record r;
    cr_assert_eq(ix_parse(line, strlen(line), &r, err, sizeof err), 0);
    cr_expect_eq(ix_check_record(&c, &r, 1, err, sizeof err), 1);
    cr_expect_eq(ix_check_record(&c, &r, 2, err, sizeof err), -1);
    cr_expect(strstr(err, "given twice") != NULL, "%s", err);
    cr_expect_eq(c.records, 1);
    cr_expect_eq(c.fields, 7);
    cr_expect_eq(c.fields_differing, 1);
    cr_expect_eq(c.first_count, 1);
    ix_check_free(&c);
    free(line);
}

Test(interchange, domain_sample_is_fixed_and_ordered)
{
    size_t n1, n2, all;
    ix_item *a = ix_domain(1, 0x801, 0, 99, 50, &n1);
    ix_item *b = ix_domain(1, 0x801, 0, 99, 50, &n2);
    ix_item *whole = ix_domain(1, 0x801, 0, 99, 0, &all);
    cr_assert(a && b && whole);
    cr_expect_eq(all, 100 * 16 + 2 * 100);
    cr_expect_eq(n1, 50);
    cr_expect(memcmp(a, b, 50 * sizeof *a) == 0);
    int floors = 0, maps = 0;
    for (size_t i = 0; i < n1; i++) {
        floors += a[i].kind == IX_FLOOR;
        maps += a[i].kind == IX_MAP;
        if (i && a[i].kind == a[i - 1].kind && a[i].kind == IX_FLOOR)
            cr_expect(a[i].seed * 16 + (uint32_t)a[i].floor > a[i - 1].seed * 16 + (uint32_t)a[i - 1].floor);
        cr_expect(a[i].kind == IX_FLOOR || a[i].band == 0 || a[i].band == 11);
    }
    cr_expect(floors > 0 && maps > 0 && floors + maps == 50);
    free(a);
    free(b);
    free(whole);
}
