/* The reference floor generator (floor-generation.md §2-§11, records.md),
 * whole floors: the golden FloorRecord sample, the worked examples of §13,
 * the size vectors of §2 and the structural invariants of §5/§14. One
 * stage on its own: test_ref_erosion.c (§7), test_ref_stairs.c (§10). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "floor_internal.h" /* internal API of ref/ */
#include "grotto/floor.h"
#include "grotto/record.h"
#include "corpus.h"

/* ---------------------------------------------------------------- helpers */

static void generate(uint32_t seed, int k, ref_floor_run *run, grotto_floor_t *f)
{
    ref_floor_generate(seed, k, run);
    ref_floor_from_run(run, f);
}

/* W x H rows of tile digits, as printed in §13; everything beyond is 1. */
static void expect_grid(const grotto_floor_t *f, const char *const *rows, int side, const char *what)
{
    cr_assert_eq(f->width, side, "%s: width", what);
    cr_assert_eq(f->height, side, "%s: height", what);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            int want = (x < side && y < side) ? rows[y][x] - '0' : 1;
            cr_expect_eq(grotto_tile_at(f, x, y), want, "%s: G(%d,%d) = %d, want %d", what, x, y,
                         grotto_tile_at(f, x, y), want);
        }
}

static void expect_bytes(const uint8_t *got, const char *hex, const char *what)
{
    uint8_t want[64];
    char compact[160];
    size_t n = 0;
    for (const char *p = hex; *p; p++)
        if (*p != ' ')
            compact[n++] = *p;
    compact[n] = 0;
    long len = hex_decode(compact, want, sizeof want);
    cr_assert_gt(len, 0, "%s: bad hex in test", what);
    for (long i = 0; i < len; i++)
        cr_expect_eq(got[i], want[i], "%s: byte +%ld = %02x, want %02x", what, i, got[i], want[i]);
}

/* Work-area bytes that §13 lists as the used records; everything else
 * outside the grid must be zero ("Every other byte outside the grid is 0"). */
static void expect_zero_except(const uint8_t *A, int nodes, int splits, int rooms, const char *what)
{
    for (int i = 0; i < 1336; i++) {
        int listed = i < 24 || (i >= 24 && i < 24 + 12 * nodes) ||
                     (i >= 216 && i < 216 + 16 * splits) || (i >= 472 && i < 472 + 20 * rooms) ||
                     (i >= 792 && i < 1048);
        if (!listed)
            cr_expect_eq(A[i], 0, "%s: A[%d] = %d, want 0", what, i, A[i]);
    }
}

/* ------------------------------------------------ golden FloorRecord sample */

typedef struct sample_ctx {
    long lines;
    long mismatched;
    long digest_mismatched;
} sample_ctx;

static void check_sample_line(const json_t *line, void *vctx)
{
    sample_ctx *ctx = vctx;
    uint32_t seed = (uint32_t)jint(line, "seed");
    int k = (int)jint(line, "floor");
    const char *hex = jstr(line, "record");
    const char *digest_hex = jstr(line, "digest");
    cr_assert(hex && digest_hex, "line %ld: record/digest missing", ctx->lines + 1);
    uint8_t want[GROTTO_FLOOR_RECORD_SIZE];
    cr_assert_eq(hex_decode(hex, want, sizeof want), GROTTO_FLOOR_RECORD_SIZE, "line %ld: record size",
                 ctx->lines + 1);
    ctx->lines++;

    grotto_floor_t f;
    cr_assert_eq(grotto_floor(seed, k, &f), 0);
    uint8_t got[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&f, got);

    if (memcmp(got, want, sizeof got) != 0) {
        int off = 0;
        while (got[off] == want[off])
            off++;
        if (ctx->mismatched < 20)
            fprintf(stderr, "MISMATCH seed 0x%04X floor %d: first differing offset %d (got %02x, want %02x)\n",
                    seed, k, off, got[off], want[off]);
        ctx->mismatched++;
    }
    uint64_t want_digest = strtoull(digest_hex, NULL, 16);
    if (grotto_fnv1a(got, sizeof got) != want_digest) {
        if (ctx->digest_mismatched < 20)
            fprintf(stderr, "DIGEST MISMATCH seed 0x%04X floor %d\n", seed, k);
        ctx->digest_mismatched++;
    }
}

Test(ref_floor, golden_sample_records_byte_for_byte)
{
    sample_ctx ctx = {0};
    long n = corpus_each_line("golden/floors-sample.jsonl", check_sample_line, &ctx);
    cr_assert_eq(n, 6157, "floors-sample.jsonl: %ld lines", n);
    cr_assert_eq(ctx.lines, 6157);
    fprintf(stderr, "floors-sample: %ld checked, %ld record mismatches, %ld digest mismatches\n", ctx.lines,
            ctx.mismatched, ctx.digest_mismatched);
    cr_assert_eq(ctx.mismatched, 0, "%ld of %ld sample records differ", ctx.mismatched, ctx.lines);
    cr_assert_eq(ctx.digest_mismatched, 0, "%ld of %ld sample digests differ", ctx.digest_mismatched, ctx.lines);
}

/* ------------------------------------------------------------ §2 sizes */

Test(ref_floor, size_vectors)
{
    static const struct {
        uint32_t seed;
        int side[16];
    } v[] = {
        {0x0000, {11, 12, 13, 14, 13, 14, 15, 12, 14, 15, 16, 14, 16, 16, 16, 16}},
        {0x5BC3, {12, 13, 14, 10, 12, 13, 14, 15, 15, 16, 14, 15, 16, 16, 16, 16}},
        {0x5BC4, {13, 14, 10, 11, 13, 14, 15, 12, 16, 14, 15, 16, 16, 16, 16, 16}},
        {0xFFFF, {11, 12, 13, 14, 12, 13, 14, 15, 14, 15, 16, 14, 16, 16, 16, 16}},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (int k = 1; k <= 16; k++) {
            cr_expect_eq(grotto_floor_side(v[i].seed, k), v[i].side[k - 1], "SIZE(%#x, %d)", v[i].seed, k);
            grotto_floor_t f;
            cr_assert_eq(grotto_floor_ex(v[i].seed, k, &f, NULL, NULL), 0);
            cr_expect_eq(f.width, v[i].side[k - 1], "floor width of (%#x, %d)", v[i].seed, k);
            cr_expect_eq(f.height, v[i].side[k - 1]);
            cr_expect_eq(f.index, k);
        }
}

Test(ref_floor, bad_floor_index)
{
    grotto_floor_t f;
    memset(&f, 0xAB, sizeof f);
    uint32_t draws = 7;
    cr_expect_eq(grotto_floor(0, 0, &f), -1);
    cr_expect_eq(grotto_floor(0, 17, &f), -1);
    cr_expect_eq(grotto_floor(0x5BC3, -1, &f), -1);
    cr_expect_eq(grotto_floor_ex(0, 0, &f, &draws, NULL), -1);
    cr_expect_eq(grotto_floor_ex(0, 17, &f, &draws, NULL), -1);
    cr_expect_eq(f.index, 0xAB, "out must be untouched on error");
    cr_expect_eq(draws, 7u, "draws must be untouched on error");
    cr_expect_eq(grotto_floor_side(0, 0), -1);
    cr_expect_eq(grotto_floor_side(0, 17), -1);
}

/* ------------------------------------------------- §13.1 Example A */

static const char *const example_a_grid[] = {
    "1111111111", "1111131111", "1045222601", "1148131441", "1332331211",
    "1112133221", "1164131121", "1144131481", "1110131461", "1111111111",
};

Test(ref_floor, example_a_0x5BC3_floor4)
{
    ref_floor_run run;
    grotto_floor_t f;
    generate(0x5BC3, 4, &run, &f);
    expect_grid(&f, example_a_grid, 10, "example A");
    cr_expect_eq(f.up.x, 7);
    cr_expect_eq(f.up.y, 8);
    cr_expect_eq(f.down.x, 3);
    cr_expect_eq(f.down.y, 2);
    cr_expect_eq(f.chest_count, 3);
    const grotto_xy chests[3] = {{8, 8}, {2, 6}, {7, 2}};
    for (int i = 0; i < 3; i++) {
        cr_expect_eq(f.chest[i].x, chests[i].x, "chest %d x", i);
        cr_expect_eq(f.chest[i].y, chests[i].y, "chest %d y", i);
    }
    cr_expect_eq(f.overflow, 1, "example A enters overflow mode");
    cr_expect_eq(run.overflow, 1);
    /* the final up write (#13 of the stair log) lands on the ghost of #4 */
    cr_expect_eq(run.up_tile_before, 4);

    const uint32_t draws[7] = {10, 30, 46, 12, 0, 3945, 34};
    for (int p = 0; p < 7; p++)
        cr_expect_eq(run.phase_draws[p], draws[p], "phase %d draws %u, want %u", p, run.phase_draws[p], draws[p]);
    cr_expect_eq(run.draws, 4077u);
    const uint32_t starts[7] = {0x00005BC7, 0x1582A6D5, 0x43A1C69F, 0x9AAE8149,
                                0x86DC33BD, 0x86DC33BD, 0x7D16E82A};
    for (int p = 0; p < 7; p++)
        cr_expect_eq(run.phase_start_state[p], starts[p], "phase %d starts at %08X, want %08X", p,
                     run.phase_start_state[p], starts[p]);
    cr_expect_eq(run.final_state, 0xA28E4E18u);

    const uint8_t *A = run.A;
    expect_bytes(A + 0, "04 01 0a 0a 07 08 03 02 03 00 00 00 00 08 08 02 06 07 02 00 00 04 03 04", "A hdr");
    expect_bytes(A + 24, "01 01 04 03 01 01 00 00 d8 01 00 00", "A node 0");
    expect_bytes(A + 36, "06 01 08 04 01 00 00 00 ec 01 00 00", "A node 1");
    expect_bytes(A + 48, "06 06 08 08 00 00 00 00 00 02 00 00", "A node 2");
    expect_bytes(A + 60, "01 05 04 08 00 00 00 00 14 02 00 00", "A node 3");
    expect_bytes(A + 216, "05 01 05 08 18 00 00 00 24 00 00 00 02 00 00 00", "A split 0");
    expect_bytes(A + 232, "06 05 08 05 24 00 00 00 30 00 00 00 01 00 00 00", "A split 1");
    expect_bytes(A + 248, "01 04 04 04 18 00 00 00 3c 00 00 00 01 00 00 00", "A split 2");
    expect_bytes(A + 472, "02 02 03 03 02 03 00 00 03 02 00 00 03 02 00 00 03 03 00 00", "A room 0");
    expect_bytes(A + 492, "07 02 08 03 07 02 00 00 08 03 00 00 07 02 00 00 07 03 00 00", "A room 1");
    expect_bytes(A + 512, "07 07 08 08 07 08 00 00 08 08 00 00 08 07 00 00 08 08 00 00", "A room 2");
    expect_bytes(A + 532, "02 06 03 07 02 07 00 00 03 07 00 00 03 06 00 00 03 07 00 00", "A room 3");
    expect_zero_except(A, 4, 3, 4, "example A");

    /* grotto_floor_ex returns the same draws and image */
    uint8_t image[GROTTO_WORK_AREA_SIZE];
    uint32_t n = 0;
    grotto_floor_t g;
    cr_assert_eq(grotto_floor_ex(0x5BC3, 4, &g, &n, image), 0);
    cr_expect_eq(n, 4077u);
    cr_expect(memcmp(image, run.A, sizeof image) == 0);
    cr_expect(memcmp(&g, &f, sizeof g) == 0);
}

/* ------------------------------------------------- §13.2 companion */

Test(ref_floor, companion_0x5BC4_floor3)
{
    static const char *const grid[] = {
        "1111111111", "1111131111", "1045222601", "1148131441", "1332331211",
        "1112133221", "1104131121", "1144131461", "1110131461", "1111111111",
    };
    ref_floor_run run, a;
    grotto_floor_t f;
    generate(0x5BC4, 3, &run, &f);
    ref_floor_generate(0x5BC3, 4, &a);
    expect_grid(&f, grid, 10, "companion");
    cr_expect_eq(run.draws, 4392u);
    cr_expect_eq(run.final_state, 0xF790C59Fu);
    cr_expect_eq(run.phase_draws[6], 349u);
    cr_expect_eq(run.phase_start_state[6], 0x7D16E82Au);
    /* same floor seed and size: identical up to the chest phase */
    for (int p = 0; p < 6; p++) {
        cr_expect_eq(run.phase_draws[p], a.phase_draws[p], "phase %d", p);
        cr_expect_eq(run.phase_start_state[p], a.phase_start_state[p], "phase %d", p);
    }
    expect_bytes(run.A, "03 01 0a 0a 07 08 03 02 03 00 00 00 00 08 08 07 02 08 07 00 00 04 03 04", "companion hdr");
    cr_expect_eq(f.overflow, 1);
    cr_expect_eq(f.chest_count, 3);
    cr_expect_eq(f.chest[1].x, 7);
    cr_expect_eq(f.chest[1].y, 2);
}

/* ------------------------------------------------- §13.3 Example B */

Test(ref_floor, example_b_0x0000_floor1)
{
    static const char *const grid[] = {
        "11111111111", "18048211111", "10400228811", "18800310801", "11210311111", "13222233331",
        "11808810111", "11000050111", "11800808111", "11001110111", "11111111111",
    };
    ref_floor_run run;
    grotto_floor_t f;
    generate(0x0000, 1, &run, &f);
    expect_grid(&f, grid, 11, "example B");
    cr_expect_eq(f.up.x, 2);
    cr_expect_eq(f.up.y, 2);
    cr_expect_eq(f.down.x, 6);
    cr_expect_eq(f.down.y, 7);
    cr_expect_eq(f.chest_count, 0);
    cr_expect_eq(f.overflow, 0);
    cr_expect_eq(run.up_tile_before, 0, "final up stairs written on floor");
    const uint32_t draws[7] = {7, 27, 59, 8, 0, 17, 0};
    for (int p = 0; p < 7; p++)
        cr_expect_eq(run.phase_draws[p], draws[p], "phase %d draws %u, want %u", p, run.phase_draws[p], draws[p]);
    cr_expect_eq(run.draws, 118u);
    const uint32_t starts[6] = {0x00000001, 0xD9E2B600, 0x5656AEC7, 0xF809B8FA, 0x14526D52, 0x14526D52};
    for (int p = 0; p < 6; p++)
        cr_expect_eq(run.phase_start_state[p], starts[p], "phase %d starts at %08X, want %08X", p,
                     run.phase_start_state[p], starts[p]);
    cr_expect_eq(run.phase_start_state[6], 0x6E32F013u, "no chest draws on floor 1");
    cr_expect_eq(run.final_state, 0x6E32F013u);

    const uint8_t *A = run.A;
    expect_bytes(A + 0, "01 00 0b 0b 02 02 06 07 00 00 00 00 00 00 00 00 00 00 00 00 00 03 02 03", "B hdr");
    expect_bytes(A + 24, "01 01 04 04 01 01 00 00 d8 01 00 00", "B node 0");
    expect_bytes(A + 36, "01 06 09 09 00 00 00 00 ec 01 00 00", "B node 1");
    expect_bytes(A + 48, "06 01 09 04 00 00 00 00 00 02 00 00", "B node 2");
    expect_bytes(A + 216, "01 05 09 05 18 00 00 00 24 00 00 00 01 00 00 00", "B split 0");
    expect_bytes(A + 232, "05 01 05 04 18 00 00 00 30 00 00 00 02 00 00 00", "B split 1");
    expect_bytes(A + 472, "01 01 04 03 01 03 00 00 04 01 00 00 01 01 00 00 02 03 00 00", "B room 0");
    expect_bytes(A + 492, "02 06 07 08 02 06 00 00 07 08 00 00 04 06 05 06 02 08 05 08", "B room 1");
    expect_bytes(A + 512, "07 02 08 03 07 02 00 00 08 02 00 00 07 02 00 00 08 03 00 00", "B room 2");
    expect_zero_except(A, 3, 2, 3, "example B");
}

/* ------------------------------------------------- §13.4 Example C */

static const char *const example_c_grid[] = {
    "1111111111111111", "1111101311131111", "1800882200001011", "1088000208820881",
    "1322033228422811", "1112011228821081", "1118000310021051", "1008161318022881",
    "1332233312031121", "1110211312033221", "1110801312031201", "1110081332230801",
    "1110000311831081", "1108181318831001", "1111011310831111", "1111111111111111",
};

Test(ref_floor, example_c_chamber_0x0346_floor16)
{
    ref_floor_run run;
    grotto_floor_t f;
    generate(0x0346, 16, &run, &f);
    expect_grid(&f, example_c_grid, 16, "example C");
    cr_expect_eq(f.up.x, 10);
    cr_expect_eq(f.up.y, 4);
    cr_expect_eq(f.down.x, 14);
    cr_expect_eq(f.down.y, 6);
    cr_expect_eq(f.chest_count, 1);
    cr_expect_eq(f.chest[0].x, 5);
    cr_expect_eq(f.chest[0].y, 7);
    cr_expect_eq(run.A[1], 1, "special room");
    cr_expect_eq(run.A[21], 7, "nodeCount");
    cr_expect_eq(run.draws, 241u);
    cr_expect_eq(f.overflow, 0);
    /* the isolated tile (4, 14) is floor walled in on four sides */
    cr_expect_eq(grotto_tile_at(&f, 4, 14), 0);

    /* same floor seed 0x356 and size 16 on (0x347,15), (0x348,14), (0x349,13) */
    const struct { uint32_t seed; int k; } same[] = {{0x347, 15}, {0x348, 14}, {0x349, 13}};
    for (int i = 0; i < 3; i++) {
        grotto_floor_t o;
        cr_assert_eq(grotto_floor_ex(same[i].seed, same[i].k, &o, NULL, NULL), 0);
        cr_expect(memcmp(o.grid, f.grid, sizeof o.grid) == 0, "(%#x, %d) grid differs", same[i].seed, same[i].k);
    }
}

/* ------------------------------------------------- §13.5 Example D */

Test(ref_floor, example_d_nipple_0x038E_floor16)
{
    static const char *const grid[] = {
        "1111111111111111", "1011111111311111", "1080081111310111", "1000000001318111",
        "1800001011228111", "1810411882210011", "1222222233300801", "1112113100310211",
        "1188222106311211", "1180112288322231", "1121113111381011", "1322222222280081",
        "1110201211385081", "1110800801311001", "1118000081361081", "1111111111111111",
    };
    ref_floor_run run;
    grotto_floor_t f;
    generate(0x038E, 16, &run, &f);
    expect_grid(&f, grid, 16, "example D");
    cr_expect_eq(f.up.x, 4);
    cr_expect_eq(f.up.y, 5);
    cr_expect_eq(f.down.x, 12);
    cr_expect_eq(f.down.y, 12);
    cr_expect_eq(f.chest_count, 2);
    cr_expect_eq(f.chest[0].x, 9);
    cr_expect_eq(f.chest[0].y, 8);
    cr_expect_eq(f.chest[1].x, 11);
    cr_expect_eq(f.chest[1].y, 14);
    cr_expect_eq(f.chest[2].x, 0);
    cr_expect_eq(f.chest[2].y, 0);
    cr_expect_eq(run.A[1], 0, "no special room");
    cr_expect_eq(run.draws, 239u);
    cr_expect_eq(f.overflow, 0);
}

/* ------------------------------------------------- invariants (§3.6, §5, §14) */

Test(ref_floor, invariants_over_many_floors)
{
    long floors = 0;
    for (uint32_t seed = 0; seed <= 0x7FFF; seed += 61)
        for (int k = 1; k <= 16; k++) {
            ref_floor_run run;
            grotto_floor_t f;
            generate(seed, k, &run, &f);
            const uint8_t *A = run.A;
            int W = A[2], H = A[3];
            floors++;
            cr_assert_eq(W, grotto_floor_side(seed, k));
            cr_assert_eq(W, H);
            for (int y = 0; y < 16; y++)
                for (int x = 0; x < 16; x++)
                    if (x >= W || y >= H || x == 0 || y == 0 || x == W - 1 || y == H - 1)
                        cr_assert_eq(A[792 + 16 * y + x], 1, "(%#x,%d): G(%d,%d) outside/ring not wall", seed, k,
                                     x, y);
            int nodes = A[21], splits = A[22], rooms = A[23];
            cr_assert(nodes >= 3 && nodes <= 9, "(%#x,%d): nodeCount %d", seed, k, nodes);
            cr_assert_eq(splits, nodes - 1, "(%#x,%d)", seed, k);
            cr_assert_eq(rooms, nodes, "(%#x,%d)", seed, k);
            for (int r = 0; r < rooms; r++) {
                const uint8_t *R = A + 472 + 20 * r;
                cr_assert(R[0] >= 1 && R[2] <= W - 2 && R[1] >= 1 && R[3] <= H - 2, "(%#x,%d) room %d", seed, k, r);
                cr_assert(R[2] - R[0] >= 1 && R[3] - R[1] >= 1, "(%#x,%d) room %d is not >= 2x2", seed, k, r);
                const uint8_t *N = A + 24 + 12 * r;
                uint32_t ptr = (uint32_t)N[8] | (uint32_t)N[9] << 8 | (uint32_t)N[10] << 16 | (uint32_t)N[11] << 24;
                cr_assert_eq(ptr, 472u + 20u * (unsigned)r, "(%#x,%d) node %d room pointer", seed, k, r);
                cr_assert(N[2] - N[0] >= 2 && N[3] - N[1] >= 2, "(%#x,%d) leaf %d smaller than 3x3", seed, k, r);
            }
            for (int i = 1048; i < 1336; i++)
                cr_assert_eq(A[i], 0, "(%#x,%d) tail byte %d", seed, k, i);
            for (int i = 9; i <= 12; i++)
                cr_assert_eq(A[i], 0);
            cr_assert_eq(A[19], 0);
            cr_assert_eq(A[20], 0);
            cr_assert_eq(grotto_tile_at(&f, f.up.x, f.up.y), 4, "(%#x,%d) final up tile", seed, k);
            cr_assert_eq(grotto_tile_at(&f, f.down.x, f.down.y), 5, "(%#x,%d) final down tile", seed, k);
            if (k <= 2)
                cr_assert_eq(f.chest_count, 0, "(%#x,%d) floors 1-2 have no chests", seed, k);
            else
                cr_assert(f.chest_count >= 1 && f.chest_count <= 3, "(%#x,%d) chest count", seed, k);
            for (int i = 0; i < f.chest_count; i++)
                cr_assert_eq(grotto_tile_at(&f, f.chest[i].x, f.chest[i].y), 6, "(%#x,%d) chest %d", seed, k, i);
            uint32_t sum = 0;
            for (int p = 0; p < 7; p++)
                sum += run.phase_draws[p];
            cr_assert_eq(sum, run.draws);
            cr_assert_eq(run.phase_draws[4], 0u, "the ring draws nothing");
            cr_assert_eq(run.phase_start_state[0], seed + (uint32_t)k);
            for (int i = 0; i < 256; i++)
                cr_assert(A[792 + i] <= 8 && A[792 + i] != 7, "(%#x,%d) tile code %d", seed, k, A[792 + i]);
        }
    cr_assert_gt(floors, 8000);
}
