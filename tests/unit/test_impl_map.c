/* impl/ map layer (details, chest ranks, enemy-list cut) against the golden
 * map sample and the worked examples of map-details.md, chests.md and
 * enemy-list.md. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "corpus.h"

typedef struct {
    long lines, record_bad, digest_bad, fields_bad, other_quality_bad, special_floors;
} map_ctx;

static void check_map_line(const json_t *line, void *vctx)
{
    map_ctx *c = vctx;
    c->lines++;
    int band = (int)jint(line, "band");
    uint32_t seed = (uint32_t)jint(line, "seed");
    uint8_t want[GROTTO_MAP_RECORD_SIZE];
    cr_assert_eq(hex_decode(jstr(line, "record"), want, sizeof want), GROTTO_MAP_RECORD_SIZE);
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(band, seed, &m), 0, "map %02X/%04X", band, seed);
    uint8_t got[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(&m, got);
    long i = first_difference(got, want, sizeof got);
    if (i >= 0) {
        if (c->record_bad < 5)
            fprintf(stderr, "map %02X/%04X record differs at byte %ld (got %u want %u)\n", band, seed, i, got[i],
                    want[i]);
        c->record_bad++;
    }
    char hex[17];
    digest_hex(got, sizeof got, hex);
    if (strcmp(hex, jstr(line, "digest")) != 0)
        c->digest_bad++;
    if (m.d.env != jint(line, "env") || m.d.floors != jint(line, "floors") || m.d.smr != jint(line, "smr") ||
        m.d.boss != jint(line, "boss") || m.d.prefix != jint(line, "prefix") ||
        m.d.suffix != jint(line, "suffix") || m.d.locale != jint(line, "locale") ||
        m.d.level != jint(line, "level"))
        c->fields_bad++;
    const json_t *el = json_object_get(line, "elist");
    for (int f = 0; f < m.d.floors; f++) {
        const json_t *e = json_array_get(el, (size_t)f);
        if (!e || m.elist[f].ofs != jint(e, "ofs") || m.elist[f].D != jint(e, "D") ||
            m.elist[f].state != jint(e, "state"))
            c->fields_bad++;
        c->special_floors += m.elist[f].state != 0;
    }
    /* any quality of the band gives the same map */
    const struct gt_band *b = NULL;
    for (int i = 0; i < GT_BAND_COUNT; i++)
        if (gt_band[i].code == band)
            b = &gt_band[i];
    cr_assert_not_null(b);
    if (seed % 7 == 0) {
        grotto_map_t m2;
        cr_assert_eq(grotto_engine_impl.map(b->qmax, seed, &m2), 0);
        uint8_t r2[GROTTO_MAP_RECORD_SIZE];
        grotto_map_record(&m2, r2);
        if (memcmp(r2, got, sizeof got) != 0)
            c->other_quality_bad++;
    }
}

Test(impl_map, golden_sample)
{
    map_ctx c = {0};
    long lines = corpus_each_line("golden/maps-sample.jsonl", check_map_line, &c);
    fprintf(stderr,
            "impl maps-sample: %ld maps checked; mismatches: record %ld, digest %ld, decoded fields %ld, "
            "other quality of band %ld (special floors seen: %ld)\n",
            c.lines, c.record_bad, c.digest_bad, c.fields_bad, c.other_quality_bad, c.special_floors);
    cr_assert_eq(lines, 7765, "expected 7765 golden maps, read %ld", lines);
    cr_assert_eq(c.record_bad + c.digest_bad + c.fields_bad + c.other_quality_bad, 0);
}

/* map-details.md §6 table: rank, seed, env, floors, smr, boss, prefix, suffix, group, locale, level */
static const int details_vec[][11] = {
    {0x02, 0x0032, 2, 3, 1, 1, 3, 5, 1, 2, 1},      {0x02, 0x0000, 2, 4, 1, 1, 5, 4, 2, 3, 3},
    {0x38, 0x1234, 3, 4, 3, 2, 6, 4, 1, 1, 14},     {0x3D, 0x0ABC, 1, 5, 4, 2, 7, 2, 3, 6, 23},
    {0x4C, 0x7FFF, 2, 10, 3, 3, 7, 4, 6, 16, 37},   {0x51, 0x2468, 4, 10, 3, 4, 6, 4, 5, 14, 40},
    {0x65, 0x1357, 2, 10, 4, 4, 4, 8, 5, 14, 46},   {0x79, 0x4000, 1, 12, 5, 6, 7, 9, 4, 10, 57},
    {0x8D, 0x0BAD, 1, 14, 6, 8, 7, 8, 5, 14, 68},   {0xA1, 0x5A5A, 1, 11, 7, 7, 9, 9, 6, 15, 67},
    {0xB5, 0x6789, 1, 12, 7, 10, 14, 15, 7, 19, 78}, {0xC9, 0x0101, 1, 13, 9, 1, 13, 3, 6, 15, 62},
    {0xDD, 0x00A5, 2, 16, 9, 12, 12, 10, 8, 21, 99}, {0x02, 0x000F, 2, 3, 1, 1, 2, 5, 2, 3, 1},
};

Test(impl_map, details_examples)
{
    for (size_t i = 0; i < sizeof details_vec / sizeof details_vec[0]; i++) {
        const int *v = details_vec[i];
        grotto_map_t m;
        cr_assert_eq(grotto_engine_impl.map(v[0], (uint32_t)v[1], &m), 0);
        cr_assert(m.d.env == v[2] && m.d.floors == v[3] && m.d.smr == v[4] && m.d.boss == v[5] &&
                      m.d.prefix == v[6] && m.d.suffix == v[7] && m.d.group == v[8] && m.d.locale == v[9] &&
                      m.d.level == v[10],
                  "details of %02X/%04X", v[0], v[1]);
        cr_assert_eq(m.d.band_code, v[0]);
    }
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(0x4C, 0x7FFF, &m), 0);
    static const int sides[] = {13, 14, 10, 11, 12, 13, 14, 15, 15, 16};
    for (int n = 0; n < 10; n++)
        cr_assert_eq(m.d.side[n], sides[n]);
    for (int n = 10; n < 16; n++)
        cr_assert_eq(m.d.side[n], 0);
    cr_assert_eq(grotto_engine_impl.map(1, 0, &m), -1);
    cr_assert_eq(grotto_engine_impl.map(249, 0, &m), -1);
    cr_assert_eq(grotto_engine_impl.map(2, 0x8000, &m), -1);
}

Test(impl_map, chest_rank_examples)
{
    grotto_map_t m;
    /* Example 1: 0x02/0x0032 floor 3: 2 chests H, I */
    cr_assert_eq(grotto_engine_impl.map(0x02, 0x0032, &m), 0);
    cr_assert_eq(m.chest_count[2], 2);
    cr_assert(m.chest_rank[2][0] == 2 && m.chest_rank[2][1] == 1);
    cr_assert(m.chest_count[0] == 0 && m.chest_count[1] == 0);
    /* Example 2: 0x65/0x1357 floor 10: H H F */
    cr_assert_eq(grotto_engine_impl.map(0x65, 0x1357, &m), 0);
    cr_assert_eq(m.chest_count[9], 3);
    cr_assert(m.chest_rank[9][0] == 2 && m.chest_rank[9][1] == 2 && m.chest_rank[9][2] == 4);
    /* Example 3: 0xDD/0x00A5: ranks per floor B3..B16 */
    cr_assert_eq(grotto_engine_impl.map(0xDD, 0x00A5, &m), 0);
    static const char *letters[] = {"DC", "DFD", "A", "AC", "BD", "CA", "EHI", "S",
                                    "IA", "SE", "S", "S", "CC", "DF"};
    for (int n = 3; n <= 16; n++) {
        const char *w = letters[n - 3];
        cr_assert_eq(m.chest_count[n - 1], (int)strlen(w), "floor %d", n);
        for (int i = 0; w[i]; i++)
            cr_assert_eq(gt_chest_tables[m.chest_rank[n - 1][i]].letter, w[i], "floor %d chest %d", n, i);
    }
    /* Example 4 and 5 */
    cr_assert_eq(grotto_engine_impl.map(0xA1, 0x5A5A, &m), 0);
    cr_assert(m.chest_count[8] == 2 && m.chest_rank[8][0] == 8 && m.chest_rank[8][1] == 5);
    cr_assert_eq(grotto_engine_impl.map(0x8D, 0x0BAD, &m), 0);
    cr_assert(m.chest_count[13] == 2 && m.chest_rank[13][0] == 5 && m.chest_rank[13][1] == 9);
    cr_assert_eq(grotto_engine_impl.map(0x38, 0x1234, &m), 0);
    cr_assert(m.chest_count[3] == 2 && m.chest_rank[3][0] == 3 && m.chest_rank[3][1] == 1);
}

/* enemy-list.md §7: rank, seed, floor, W, X, regime, B, D, ofs, state */
static const int elist_vec[][10] = {
    {0x02, 0x0032, 1, 40, 51, 1, 51, 0, 0x1A30, 0},     {0x8D, 0x2810, 13, 146, 224, 1, 224, 0, 0x2B80, 5},
    {0xB5, 0x1D99, 14, 164, 266, 2, 187, 46, 0x2B2C, 1}, {0xC9, 0x5FB0, 14, 161, 261, 2, 193, 48, 0x2B40, 1},
    {0x38, 0x3581, 6, 138, 225, 1, 225, 0, 0x2B34, 2},   {0x4C, 0x1BE6, 9, 147, 230, 2, 221, 5, 0x2BA0, 15},
    {0x4C, 0x6A94, 9, 144, 235, 2, 227, 4, 0x2BCC, 9},   {0x65, 0x00D4, 9, 144, 219, 1, 219, 0, 0x2B3C, 2},
};

Test(impl_map, elist_examples)
{
    for (size_t i = 0; i < sizeof elist_vec / sizeof elist_vec[0]; i++) {
        const int *v = elist_vec[i];
        grotto_map_t m;
        cr_assert_eq(grotto_engine_impl.map(v[0], (uint32_t)v[1], &m), 0);
        const grotto_elist_t *e = &m.elist[v[2] - 1];
        cr_assert(e->W == v[3] && e->X == v[4] && e->regime == v[5] && e->B == v[6] && e->D == v[7] &&
                      e->ofs == v[8] && e->state == v[9],
                  "E%zu: W %u X %u regime %u B %d D %u ofs %04X state %u", i + 1, e->W, e->X, e->regime, e->B,
                  e->D, e->ofs, e->state);
        /* the engine's elist() on the floor gives the same cut */
        grotto_floor_t f;
        grotto_elist_t e2;
        cr_assert_eq(grotto_engine_impl.floor((uint32_t)v[1], v[2], &f), 0);
        grotto_engine_impl.elist(&f, m.d.env, m.d.smr, &e2);
        cr_assert_eq(memcmp(e, &e2, sizeof e2), 0);
    }
    /* survivors of the memory model: E2 4, E6 2, E7 0, E8 7 */
    grotto_map_t m;
    cr_assert_eq(grotto_engine_impl.map(0x8D, 0x2810, &m), 0);
    cr_assert_eq(m.elist[12].survivors, 4);
    cr_assert_eq(gt_monsters[m.elist[12].only].number, 0x0B9);
    cr_assert_eq(grotto_engine_impl.map(0x4C, 0x1BE6, &m), 0);
    cr_assert_eq(m.elist[8].survivors, 2);
    cr_assert_eq(grotto_engine_impl.map(0x4C, 0x6A94, &m), 0);
    cr_assert_eq(m.elist[8].survivors, 0);
    cr_assert_eq(grotto_engine_impl.map(0x65, 0x00D4, &m), 0);
    cr_assert_eq(m.elist[8].survivors, 7);
    /* HW-9: the Masayuki map B50E5C: 15 floors, floor 15 ONLY metal king slime */
    cr_assert_eq(grotto_engine_impl.map(0xB5, 0x0E5C, &m), 0);
    cr_assert_eq(m.d.floors, 15);
    cr_assert_eq(m.elist[14].state, 5);
    cr_assert_eq(gt_monsters[m.elist[14].only].number, 0x0B5);
}
