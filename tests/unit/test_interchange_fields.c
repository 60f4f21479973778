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
