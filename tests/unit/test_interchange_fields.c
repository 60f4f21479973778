/* The interchange check's comparison of every field (interchange/ix_check.c):
 * a floor and a map as impl writes them check with no difference; then one
 * field of the parsed record is changed at a time and exactly that field
 * must differ - one field, one record, every other field still compared -
 * so a comparison that looked at part of a value (x but not y), at the
 * wrong value or not at all shows here. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "interchange.h"

static ix_record parsed(int floor_not_map)
{
    char *buf = NULL, err[256];
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    cr_assert_not_null(m);
    if (floor_not_map) {
        grotto_floor_t f;
        cr_assert_eq(grotto_engine_impl.floor(0x5BC3, 4, &f), 0);
        cr_assert_gt(ix_write_floor(m, 0x5BC3, &f), 0);
    } else {
        grotto_map_t map;
        cr_assert_eq(grotto_engine_impl.map(0x4C, 0x1BE6, &map), 0);
        cr_assert_gt(ix_write_map(m, &map), 0);
    }
    cr_assert_eq(fclose(m), 0);
    ix_record r;
    cr_assert_eq(ix_parse(buf, n - 1, &r, err, sizeof err), 0, "%s: %s", err, buf);
    free(buf);
    return r;
}

/* Checks r alone against impl: the fields compared and differing. */
static void check(const ix_record *r, uint64_t *fields, uint64_t *differing, const char *what)
{
    ix_check c;
    char err[256];
    cr_assert_eq(ix_check_init(&c, &grotto_engine_impl, "file", 4), 0);
    int rc = ix_check_record(&c, r, 1, err, sizeof err);
    cr_assert_geq(rc, 0, "%s: %s", what, err);
    cr_expect_eq(rc, c.fields_differing != 0, "%s", what);
    cr_expect_eq(c.records_differing, (uint64_t)(rc == 1), "%s", what);
    *fields = c.fields;
    *differing = c.fields_differing;
    ix_check_free(&c);
}

static void expect_one_differs(const ix_record *r, uint64_t fields, const char *what)
{
    uint64_t f, d;
    check(r, &f, &d, what);
    cr_expect_eq(d, 1, "%s: %llu fields differ", what, (unsigned long long)d);
    cr_expect_eq(f, fields, "%s: %llu fields compared, expected %llu", what, (unsigned long long)f,
                 (unsigned long long)fields);
}

Test(interchange_fields, every_floor_field)
{
    const ix_record good = parsed(1);
    uint64_t fields, d;
    check(&good, &fields, &d, "the floor as impl writes it");
    cr_expect_eq(d, 0);
    cr_expect_eq(fields, 7, "width, height, overflow, up, down, chests, grid");
    cr_assert_geq(good.chest_count, 2);
    ix_record r;
    r = good, r.width++;
    expect_one_differs(&r, fields, "width");
    r = good, r.height++;
    expect_one_differs(&r, fields, "height");
    r = good, r.overflow = !r.overflow;
    expect_one_differs(&r, fields, "overflow");
    r = good, r.up[0]++;
    expect_one_differs(&r, fields, "up x");
    r = good, r.up[1]++;
    expect_one_differs(&r, fields, "up y");
    r = good, r.down[1]++;
    expect_one_differs(&r, fields, "down y");
    r = good, r.chest[1][1]++;
    expect_one_differs(&r, fields, "a chest's y");
    r = good, r.chest[0][0]++;
    expect_one_differs(&r, fields, "a chest's x");
    r = good;
    memcpy(r.chest[0], good.chest[1], sizeof r.chest[0]);
    memcpy(r.chest[1], good.chest[0], sizeof r.chest[1]);
    expect_one_differs(&r, fields, "chests in another order");
    r = good, r.chest_count--;
    expect_one_differs(&r, fields, "a chest missing");
    r = good, r.grid[GROTTO_CELLS - 1] ^= 1;
    expect_one_differs(&r, fields, "the last cell");
    /* a field not carried is not compared */
    r = good, r.width++, r.have &= ~(1u << IX_WIDTH);
    check(&r, &fields, &d, "width not carried");
    cr_expect(d == 0 && fields == 6);
}

Test(interchange_fields, every_map_field)
{
    const ix_record good = parsed(0);
    uint64_t fields, d;
    check(&good, &fields, &d, "the map as impl writes it");
    cr_expect_eq(d, 0);
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(0x4C, 0x1BE6, &m), 0);
    /* 8 details, the chest ranks of each floor, 3 elist values per floor */
    cr_expect_eq(fields, 8 + m.d.floors + 3u * m.d.floors);
    ix_record r;
    for (int i = 0; i < 8; i++) {
        r = good;
        r.detail[i]++;
        expect_one_differs(&r, fields, ix_field_name((ix_field)(IX_ENV + i)));
    }
    int f = 8; /* B9F */
    cr_assert_geq(good.ranks_count[f], 1);
    r = good, r.rank[f][good.ranks_count[f] - 1]++;
    expect_one_differs(&r, fields, "a chest rank");
    r = good, r.ranks_count[f]--;
    expect_one_differs(&r, fields, "a chest rank missing");
    r = good, r.elist_ofs[f] += 4;
    expect_one_differs(&r, fields, "elist.ofs");
    r = good, r.elist_D[f]++;
    expect_one_differs(&r, fields, "elist.D");
    r = good, r.elist_state[f] = r.elist_state[f] == 0 ? 1 : 0;
    expect_one_differs(&r, fields, "elist.state");
    r = good, r.elist_state[m.d.floors - 1] ^= 1;
    expect_one_differs(&r, fields, "the last floor's elist.state");
}

/* ---- the line parser (ix_parse): every refusal names its cause ---- */

static void expect_refused(const char *line, const char *reason)
{
    ix_record r;
    char err[256] = "";
    cr_expect_eq(ix_parse(line, strlen(line), &r, err, sizeof err), -1, "accepted: %s", line);
    cr_expect(strstr(err, reason) != NULL, "%s: reason '%s' lacks '%s'", line, err, reason);
}

Test(interchange_parse, refusals)
{
    static const char *const bad[][2] = {
        {"[1]", "not a JSON object"},
        {"{\"seed\": 1", "not JSON"},
        {"{\"seed\": 1}", "neither \"floor\" nor \"band\""},
        {"{\"seed\": 1, \"floor\": 1, \"band\": 2}", "both \"floor\" and \"band\""},
        {"{\"seed\": 1, \"floor\": 1, \"second\": 0}", "\"second\" without \"band\" and \"floor\""},
        {"{\"floor\": 1}", "no \"seed\""},
        {"{\"seed\": \"1\", \"floor\": 1}", "\"seed\" is not an integer"},
        {"{\"seed\": 1.5, \"floor\": 1}", "\"seed\" is not an integer"},
        {"{\"seed\": 32768, \"floor\": 1}", "\"seed\" is out of range"},
        {"{\"seed\": -1, \"floor\": 1}", "\"seed\" is out of range"},
        {"{\"seed\": 1, \"floor\": 0}", "\"floor\" is out of range"},
        {"{\"seed\": 1, \"floor\": 17}", "\"floor\" is out of range"},
        {"{\"seed\": 1, \"floor\": 1, \"band\": 2, \"second\": 65536}", "\"second\" is out of range"},
        {"{\"seed\": 1, \"floor\": 1, \"band\": 2, \"second\": -1}", "\"second\" is out of range"},
        {"{\"seed\": 1, \"band\": 3}", "\"band\" is not a band code"},
        {"{\"seed\": 1, \"band\": 256}", "\"band\" is out of range"},
        {"{\"seed\": 1, \"floor\": 1, \"width\": 1000001}", "\"width\" is out of range"},
        {"{\"seed\": 1, \"floor\": 1, \"width\": -1000001}", "\"width\" is out of range"},
        {"{\"seed\": 1, \"floor\": 1, \"width\": true}", "\"width\" is not an integer"},
        {"{\"seed\": 1, \"floor\": 1, \"overflow\": null}", "\"overflow\" is not an integer"},
        {"{\"seed\": 1, \"floor\": 1, \"up\": [1]}", "\"up\" is not an [x, y] pair"},
        {"{\"seed\": 1, \"floor\": 1, \"up\": [1, 2, 3]}", "\"up\" is not an [x, y] pair"},
        {"{\"seed\": 1, \"floor\": 1, \"down\": {\"x\": 1}}", "\"down\" is not an [x, y] pair"},
        {"{\"seed\": 1, \"floor\": 1, \"up\": [\"1\", 2]}", "\"up\" is not an integer"},
        {"{\"seed\": 1, \"floor\": 1, \"up\": [1, \"2\"]}", "\"up\" is not an integer"},
        {"{\"seed\": 1, \"floor\": 1, \"chests\": 3}", "\"chests\" is not an array of [x, y] pairs"},
        {"{\"seed\": 1, \"floor\": 1, \"chests\": [[1, 1], [2]]}", "\"chests\" is not an [x, y] pair"},
        {"{\"seed\": 1, \"floor\": 1, \"chests\": [[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],"
         "[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]]}",
         "\"chests\" is not an array of [x, y] pairs"},
        {"{\"seed\": 1, \"floor\": 1, \"grid\": []}", "\"grid\" is not an array of 16 rows"},
        {"{\"seed\": 1, \"floor\": 1, \"grid\": \"0\"}", "\"grid\" is not an array of 16 rows"},
        {"{\"seed\": 1, \"floor\": 1, \"grid\": [\"0000000000000000\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\", "
         "\"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\", \"0\"]}",
         "a row is not a string of 16 hex digits"},
        {"{\"seed\": 1, \"floor\": 1, \"grid\": [\"000000000000000g\", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
         "1]}",
         "a row is not a string of 16 hex digits"},
        {"{\"seed\": 1, \"floor\": 1, \"grid\": [\"aAfF09000000000G\", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
         "1]}",
         "a row is not a string of 16 hex digits"},
        {"{\"seed\": 1, \"floor\": 1, \"grid\": [\"aAfF090000000000\", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
         "1]}",
         "a row is not a string of 16 hex digits"},
        {"{\"seed\": 1, \"band\": 2, \"chest_ranks\": {}}", "\"chest_ranks\" is not an array of at most 16"},
        {"{\"seed\": 1, \"band\": 2, \"chest_ranks\": [[1, 2, 3, 4]]}", "a floor's ranks are not a list"},
        {"{\"seed\": 1, \"band\": 2, \"chest_ranks\": [1]}", "a floor's ranks are not a list"},
        {"{\"seed\": 1, \"band\": 2, \"chest_ranks\": [[1, \"2\"]]}", "\"chest_ranks\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"elist\": 1}", "\"elist\" is not an array of at most 16"},
        {"{\"seed\": 1, \"band\": 2, \"elist\": [[]]}", "\"elist\": an entry is not an object"},
        {"{\"seed\": 1, \"band\": 2, \"elist\": [{\"ofs\": \"1\"}]}", "\"elist.ofs\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"elist\": [{\"D\": 1.0}]}", "\"elist.D\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"elist\": [{\"state\": null}]}", "\"elist.state\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"env\": \"Caves\"}", "\"env\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"level\": []}", "\"level\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"floor\": 1, \"second\": 0, \"contents\": {}}",
         "\"contents\" is not an array of at most 16"},
        {"{\"seed\": 1, \"band\": 2, \"floor\": 1, \"second\": 0, \"contents\": [1]}",
         "\"contents\": an entry is not an object"},
        {"{\"seed\": 1, \"band\": 2, \"floor\": 1, \"second\": 0, \"contents\": [{\"rank\": \"1\"}]}",
         "\"contents.rank\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"floor\": 1, \"second\": 0, \"contents\": [{\"item\": false}]}",
         "\"contents.item\" is not an integer"},
        {"{\"seed\": 1, \"band\": 2, \"floor\": 1, \"second\": 0, \"contents\": [{\"name\": 1}]}",
         "\"contents.name\" is not a string of at most 47 bytes"},
        {"{\"seed\": 1, \"band\": 2, \"floor\": 1, \"second\": 0, \"contents\": [{\"name\": "
         "\"123456789012345678901234567890123456789012345678\"}]}",
         "\"contents.name\" is not a string of at most 47 bytes"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_refused(bad[i][0], bad[i][1]);
}

/* Values at the ends of their ranges are taken as given; keys the format
 * does not define are listed once each, at most IX_MAX_IGNORED of them. */
Test(interchange_parse, edges_and_ignored_keys)
{
    ix_record r;
    char err[256];
    static const char floor_line[] =
        "{\"seed\": 32767, \"floor\": 16, \"width\": 1000000, \"height\": -1000000, \"overflow\": true, "
        "\"up\": [0, 15], \"down\": [15, 0], \"chests\": [], \"band\": null, \"a\": 1, \"b\": 2, \"c\": 3, "
        "\"d\": 4, \"e\": 5, \"f\": 6, \"g\": 7, \"h\": 8, \"i\": 9, \"chest_ranks\": [], \"elist\": []}";
    cr_assert_eq(ix_parse(floor_line, strlen(floor_line), &r, err, sizeof err), -1, "\"band\": null is a map key");
    static const char floor_ok[] =
        "{\"seed\": 32767, \"floor\": 16, \"width\": 1000000, \"height\": -1000000, \"overflow\": true, "
        "\"up\": [0, 15], \"down\": [15, 0], \"chests\": [], \"a\": 1, \"b\": 2, \"c\": 3, "
        "\"d\": 4, \"e\": 5, \"f\": 6, \"g\": 7, \"h\": 8, \"i\": 9, \"chest_ranks\": [], \"elist\": []}";
    cr_assert_eq(ix_parse(floor_ok, strlen(floor_ok), &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.kind, IX_FLOOR);
    cr_expect_eq(r.seed, 32767u);
    cr_expect_eq(r.floor, 16);
    cr_expect_eq(r.width, 1000000);
    cr_expect_eq(r.height, -1000000);
    cr_expect_eq(r.overflow, 1);
    cr_expect_eq(r.up[1], 15);
    cr_expect_eq(r.down[0], 15);
    cr_expect_eq(r.chest_count, 0);
    cr_expect_eq(r.ignored_count, IX_MAX_IGNORED, "the first 8 of 11 undefined keys");
    cr_expect_str_eq(r.ignored[0], "a");
    cr_expect_str_eq(r.ignored[7], "h");
    cr_expect_eq(r.have, 1u << IX_WIDTH | 1u << IX_HEIGHT | 1u << IX_OVERFLOW | 1u << IX_UP | 1u << IX_DOWN |
                             1u << IX_CHESTS);

    /* a grid of 16 rows of 16 hex digits, either case; a 17th digit is too many */
    char grid_line[512];
    int n = snprintf(grid_line, sizeof grid_line, "{\"seed\": 1, \"floor\": 1, \"grid\": [\"09afAF0000000000\"");
    for (int y = 1; y < 16; y++)
        n += snprintf(grid_line + n, sizeof grid_line - (size_t)n, ", \"%s\"", y == 15 ? "000000000000000b" : "0000000000000000");
    snprintf(grid_line + n, sizeof grid_line - (size_t)n, "]}");
    cr_assert_eq(ix_parse(grid_line, strlen(grid_line), &r, err, sizeof err), 0, "%s", err);
    static const uint8_t row0[6] = {0, 9, 10, 15, 10, 15};
    cr_expect_eq(memcmp(r.grid, row0, sizeof row0), 0);
    cr_expect_eq(r.grid[255], 11);
    cr_expect_eq(r.have, 1u << IX_GRID);
    char *seventeen = strstr(grid_line, "000000000000000b");
    memmove(seventeen + 1, seventeen, strlen(seventeen) + 1);
    expect_refused(grid_line, "a row is not a string of 16 hex digits");

    static const char map_line[] =
        "{\"band\": 221, \"seed\": 0, \"env\": -3, \"x\": 1, \"elist\": [{\"ofs\": 9, \"D\": 0, \"state\": 4, "
        "\"why\": 1}, {\"ofs\": 8, \"why\": 2, \"what\": 3}], \"width\": 12, \"chest_ranks\": [[], [1, 2, 3]]}";
    cr_assert_eq(ix_parse(map_line, strlen(map_line), &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.kind, IX_MAP);
    cr_expect_eq(gt_band[r.band].code, 221);
    cr_expect_eq(r.detail[0], -3);
    cr_expect_eq(r.elist_floors, 2);
    cr_expect_eq(r.elist_ofs[1], 8);
    cr_expect_eq(r.elist_have[0], 1u << IX_ELIST_OFS | 1u << IX_ELIST_D | 1u << IX_ELIST_STATE);
    cr_expect_eq(r.have & (1u << IX_ELIST_OFS | 1u << IX_ELIST_D), 1u << IX_ELIST_OFS, "D: not in every entry");
    cr_expect_eq(r.ranks_floors, 2);
    cr_expect_eq(r.ranks_count[1], 3);
    cr_expect_eq(r.rank[1][2], 3);
    cr_expect_eq(r.ignored_count, 4, "x, elist[].why (once), elist[].what, width (a floor key)");
    cr_expect_str_eq(r.ignored[1], "elist[].why");
    cr_expect_str_eq(r.ignored[3], "width");

    static const char chest_line[] = "{\"band\": 2, \"seed\": 1, \"floor\": 3, \"second\": 65535, \"width\": 1, "
                                     "\"contents\": [{\"rank\": 2, \"item\": 7, \"name\": \"x\", \"q\": 0}, "
                                     "{\"rank\": 1, \"q\": 1}]}";
    cr_assert_eq(ix_parse(chest_line, strlen(chest_line), &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.kind, IX_CHEST);
    cr_expect_eq(r.second, 65535);
    cr_expect_eq(r.contents_count, 2);
    cr_expect_eq(r.have, 1u << IX_CONTENTS | 1u << IX_CONTENTS_RANK, "item and name only in the first entry");
    cr_expect_eq(r.ignored_count, 2, "width, contents[].q");
    cr_expect_str_eq(r.ignored[1], "contents[].q");
}
