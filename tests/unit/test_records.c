/* records.md: FNV-1a, the FloorRecord and MapRecord encoders/decoder and
 * the digest-file slots, on known vectors and golden records. */
#include <criterion/criterion.h>
#include <string.h>

#include "grotto/record.h"
#include "corpus.h"

Test(records, fnv1a_vectors)
{
    cr_expect_eq(grotto_fnv1a("", 0), UINT64_C(0xcbf29ce484222325));
    cr_expect_eq(grotto_fnv1a("a", 1), UINT64_C(0xaf63dc4c8601ec8c));
    cr_expect_eq(grotto_fnv1a("foobar", 6), UINT64_C(0x85944171f73967e8));
}

Test(records, u64le_round_trip_and_slots)
{
    uint8_t b[8];
    grotto_store_u64le(b, UINT64_C(0x0102030405060708));
    cr_expect_eq(b[0], 0x08);
    cr_expect_eq(b[7], 0x01);
    cr_expect_eq(grotto_load_u64le(b), UINT64_C(0x0102030405060708));
    cr_expect_eq(grotto_floor_slot(0, 1), 0u);
    cr_expect_eq(grotto_floor_slot(0x5BC3, 4), 0x5BC3u * 16 + 3);
    cr_expect_eq(grotto_map_slot(11, 0x7FFF), 11u * 32768 + 0x7FFF);
}

typedef struct {
    long n;
} ctx_t;

static void floor_round_trip(const json_t *line, void *arg)
{
    ctx_t *c = arg;
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE], again[GROTTO_FLOOR_RECORD_SIZE];
    cr_assert_eq(hex_decode(jstr(line, "record"), rec, sizeof rec), GROTTO_FLOOR_RECORD_SIZE);
    grotto_floor_t f;
    memset(&f, 0xA5, sizeof f); /* a field the decoder leaves unset shows in the round trip */
    cr_assert_eq(grotto_floor_from_record(rec, &f), 0);
    cr_expect_eq(f.index, jint(line, "floor"));
    cr_expect_eq(f.width, jint(line, "w"));
    cr_expect_eq(f.overflow, jint(line, "flags"));
    grotto_floor_record(&f, again);
    cr_expect_eq(memcmp(rec, again, sizeof rec), 0, "seed %ld floor %ld", jint(line, "seed"), jint(line, "floor"));
    c->n++;
}

Test(records, floor_record_decode_encode_round_trip)
{
    ctx_t c = {0};
    corpus_each_line("golden/floors-sample.jsonl", floor_round_trip, &c);
    cr_expect_eq(c.n, 6157);
}

/* records.md: chests past the count are 0 in the record, whatever the
 * struct holds there (the encoder selects them without a branch). */
Test(records, floor_record_absent_chests_are_zero)
{
    grotto_floor_t f;
    memset(&f, 0xA5, sizeof f);
    f.index = 4;
    f.width = f.height = 10;
    f.overflow = 0;
    for (int n = 0; n <= GROTTO_MAX_CHESTS; n++) {
        f.chest_count = (uint8_t)n;
        uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
        grotto_floor_record(&f, rec);
        cr_expect_eq(rec[8], n);
        for (int i = 0; i < GROTTO_MAX_CHESTS; i++) {
            uint8_t want = i < n ? 0xA5 : 0;
            cr_expect_eq(rec[9 + 2 * i], want, "%d chests: chest %d x", n, i + 1);
            cr_expect_eq(rec[10 + 2 * i], want, "%d chests: chest %d y", n, i + 1);
        }
        cr_expect_eq(rec[15], 0);
    }
}

Test(records, floor_record_decoder_rejects_broken_records)
{
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE] = {4, 10, 10, 1, 7, 8, 3, 2, 3};
    grotto_floor_t f;
    cr_expect_eq(grotto_floor_from_record(rec, &f), 0);
    rec[0] = 0;
    cr_expect_eq(grotto_floor_from_record(rec, &f), -1, "floor index 0");
    rec[0] = 17;
    cr_expect_eq(grotto_floor_from_record(rec, &f), -1, "floor index 17");
    rec[0] = 4;
    rec[2] = 11;
    cr_expect_eq(grotto_floor_from_record(rec, &f), -1, "height != width");
    rec[2] = 10;
    rec[3] = 2;
    cr_expect_eq(grotto_floor_from_record(rec, &f), -1, "unknown flag bit");
    rec[3] = 1;
    rec[8] = 1;
    rec[11] = 5;
    cr_expect_eq(grotto_floor_from_record(rec, &f), -1, "an absent chest with coordinates");
    rec[11] = 0;
    rec[8] = 4;
    cr_expect_eq(grotto_floor_from_record(rec, &f), -1, "4 chests");
    rec[8] = 3;
    rec[15] = 1;
    cr_expect_eq(grotto_floor_from_record(rec, &f), -1, "padding byte");
}

Test(records, map_record_layout)
{
    grotto_map_t m;
    memset(&m, 0, sizeof m);
    m.d.band_code = 221;
    m.d.seed = 0x5BC3;
    m.d.env = 2;
    m.d.floors = 2;
    m.d.smr = 9;
    m.d.boss = 2;
    m.d.prefix = 16;
    m.d.suffix = 2;
    m.d.locale = 19;
    m.d.level = 70;
    m.chest_count[1] = 2;
    m.chest_rank[1][0] = 8;
    m.chest_rank[1][1] = 6;
    m.chest_rank[1][2] = 9; /* beyond the chest count: must not be written */
    m.elist[0].ofs = 0x1B8C;
    m.elist[1].ofs = 0x2B40;
    m.elist[1].D = 300; /* clamped to 255 */
    m.elist[1].state = 5;
    m.elist[2].state = 7; /* slot beyond the floor count: zero */
    uint8_t r[GROTTO_MAP_RECORD_SIZE];
    grotto_map_record(&m, r);
    const uint8_t head[12] = {221, 0xC3, 0x5B, 2, 2, 9, 2, 16, 2, 19, 70, 0};
    cr_expect_eq(memcmp(r, head, 12), 0);
    const uint8_t s0[8] = {0, 0, 0, 0x8C, 0x1B, 0, 0, 0}, s1[8] = {8, 6, 0, 0x40, 0x2B, 255, 5, 0};
    cr_expect_eq(memcmp(r + 12, s0, 8), 0);
    cr_expect_eq(memcmp(r + 20, s1, 8), 0);
    for (int i = 28; i < GROTTO_MAP_RECORD_SIZE; i++)
        cr_expect_eq(r[i], 0, "byte %d", i);
}
