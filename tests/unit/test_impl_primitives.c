/* impl/ packed primitives against naive byte-grid versions written here
 * straight from the specification: fast modulo, RANGE, LCG vectors,
 * jump-ahead, row fill, flood fill, W / X, D, the whole analysis, on random
 * and real grids (the stair checks: test_impl_stairs). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "cpu_features.h"
#include "testrng.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"
#include "grotto/engine.h"
#include "grotto/record.h"

/* ---- the test PRNG (helpers/testrng.h) ---- */
static uint64_t rs = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    return test_rng_next(&rs);
}

/* ---- RNG ---- */

Test(impl_primitives, fast_modulo_exhaustive)
{
    long bad = 0, n_checked = 0;
    for (uint32_t n = 1; n <= IMPL_FASTMOD_MAX; n++)
        for (uint32_t r = 0; r < 32768; r++, n_checked++)
            bad += impl_mod15(r, n) != r % n;
    fprintf(stderr, "fast modulo: %ld (r, n) pairs checked, %ld wrong\n", n_checked, bad);
    cr_assert_eq(bad, 0);
    cr_assert_eq(impl_mod15(32767, 1000), 767u); /* table-less fallback */
    volatile uint32_t big = 1000;                /* the same, n not a constant */
    cr_assert_eq(impl_mod15(32767, big), 767u);
}

/* The remainders and quotients the sweep's vector code takes by other
 * means than a division (impl_map.h impl_mod_float_inv; sweep.c
 * floor_slots16): exact on every input they can get, and the tables'
 * divisors within the checked range. */
Test(impl_primitives, vector_remainders_exhaustive)
{
    long bad = 0, n_checked = 0;
    for (uint32_t n = 1; n <= 600; n++) {
        float inv = impl_mod_float_inv(n);
        for (uint32_t r = 0; r < 32768; r++, n_checked++) {
            volatile float product = (float)r * inv; /* one rounding, as one vector multiply */
            uint32_t q = (uint32_t)(int)product;
            bad += r - q * n != r % n;
        }
    }
    fprintf(stderr, "float remainders: %ld (r, n) pairs checked, %ld wrong\n", n_checked, bad);
    cr_assert_eq(bad, 0);
    for (uint32_t x = 0; x < (1u << 19); x++) /* a rank: v' w div 32767, v' < 32767, w <= 16 */
        cr_assert_eq((x + (x >> 15) + 1u) >> 15, x / 32767u, "x = %u", x);
    for (uint32_t room = 0; room <= GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET; room++)
        cr_assert_eq((room * 3277u) >> 16, room / GT_ELIST_RECORD_BYTES, "room = %u", room);
    const impl_details_lanes *t = &impl_details_by_lane;
    for (int k = 0; k < 16; k++) {
        uint32_t n[] = {t->floors_n[k], t->smr_n[k], t->boss_total[k], t->prefix_n[k], t->suffix_n[k]};
        for (size_t i = 0; i < sizeof n / sizeof n[0]; i++)
            cr_assert(n[i] >= 1 && n[i] <= 600, "lane %d, range %zu: %u values", k, i, n[i]);
        cr_assert_leq(t->boss_before[k] + t->boss_total[k], (uint32_t)IMPL_BOSS_WEIGHTS);
        cr_assert_leq(t->floors_lo[k] + t->floors_n[k], 32u); /* the group table's rows */
    }
    for (int k = 0; k < 32; k++)
        cr_assert(t->group_n[k] >= 1 && t->group_n[k] <= 600);
}

/* scaled(n) as a fraction and a width (lcg.h impl_scaled_by) equals the
 * spec's signed division for every raw draw and every width it is used
 * with; the sweep's chest-rank ranges are such widths. */
Test(impl_primitives, scaled_by_fraction_exhaustive)
{
    long bad = 0, n_checked = 0;
    for (uint32_t n = 1; n <= IMPL_SCALED_WIDTH_MAX; n++)
        for (uint32_t v = 0; v < 32768; v++, n_checked++)
            bad += impl_scaled_by(impl_scaled_frac(v), n) != (uint32_t)impl_scaled(v, (int)n);
    fprintf(stderr, "scaled by a fraction: %ld (v, n) pairs checked, %ld wrong\n", n_checked, bad);
    cr_assert_eq(bad, 0);
    cr_assert_eq(impl_scaled_by(impl_scaled_frac(32767), 10), 9u); /* (10 * 32766) div 32767 */
    cr_assert_eq(impl_scaled_by(impl_scaled_frac(0), 10), 0u);     /* v = 0: 0, not -1 */
    for (int mr = 0; mr <= GT_MONSTER_RANKS; mr++) {
        impl_key_range r = impl_rank_of_mr[mr];
        cr_assert_leq(r.hi - r.lo + 1, IMPL_SCALED_WIDTH_MAX, "monster rank %d: chest-rank range %d..%d", mr, r.lo,
                      r.hi);
    }
}

Test(impl_primitives, lcg_vectors)
{
    static const uint32_t seeds[4] = {0, 0x32, 0x1234, 0x7FFF};
    static const uint32_t out[4][8] = {
        {0, 21468, 9988, 22117, 3498, 16927, 16045, 19741},
        {22715, 22430, 16275, 21417, 4906, 9000, 3863, 26227},
        {19915, 19390, 6099, 9382, 16769, 18704, 1368, 8159},
        {25968, 24173, 1248, 10215, 17959, 6719, 19706, 27856},
    };
    for (int i = 0; i < 4; i++) {
        uint32_t s = seeds[i];
        for (int j = 0; j < 8; j++)
            cr_assert_eq(impl_next15(&s), out[i][j]);
    }
    static const uint32_t before[6] = {0, 1, 0x5BC7, 0x12345678, 0xFFFFFFFF, 0x80000000};
    static const uint32_t after[6] = {0x3039, 0x41C67EA6, 0x9F07E5F4, 0x0B719151, 0xBE39E1CC, 0x80003039};
    static const uint32_t o[6] = {0, 16838, 7943, 2929, 15929, 0};
    for (int i = 0; i < 6; i++) {
        uint32_t s = before[i];
        cr_assert_eq(impl_next15(&s), o[i]);
        cr_assert_eq(s, after[i]);
    }
}

Test(impl_primitives, range_semantics)
{
    uint32_t s = 77, s0 = 77;
    cr_assert_eq(impl_range(&s, 5, 5), 5);
    cr_assert_eq(s, s0, "RANGE(a, a) must not draw");
    cr_assert_eq(impl_range(&s, 5, 4), 5);
    cr_assert_neq(s, s0, "RANGE(a, a-1) must draw");
    for (int i = 0; i < 100000; i++) {
        int lo = (int)(rnd() % 16), hi = lo + 1 + (int)(rnd() % 15);
        uint32_t a = rnd(), b = a;
        int v = impl_range(&a, lo, hi);
        uint32_t r = ((b * IMPL_MULT + IMPL_INC) >> 16) & 0x7FFF;
        cr_assert_eq(v, lo + (int)(r % (uint32_t)(hi - lo + 1)));
    }
    for (int i = 0; i < 100000; i++) { /* the branching form: the same draws and states */
        int lo = (int)(rnd() % 16), hi = lo + (int)(rnd() % 4) - 1 + (int)(rnd() % 2) * (int)(rnd() % 300);
        uint32_t a = rnd(), b = a;
        cr_assert_eq(impl_range_drawn(&a, lo, hi), impl_range(&b, lo, hi), "RANGE(%d, %d)", lo, hi);
        cr_assert_eq(a, b, "RANGE(%d, %d): the state after", lo, hi);
        if (lo < hi) { /* and the form for ranges that always draw */
            uint32_t c = b;
            cr_assert_eq(impl_range_wide(&c, lo, hi), impl_range_drawn(&b, lo, hi), "RANGE(%d, %d)", lo, hi);
            cr_assert_eq(c, b, "RANGE(%d, %d): the state after", lo, hi);
        }
    }
    for (volatile int hi = 256; hi <= 1000; hi += 744) { /* n past the fast modulo's table */
        uint32_t a = 12345, b = a;
        uint32_t r = ((b * IMPL_MULT + IMPL_INC) >> 16) & 0x7FFF;
        cr_assert_eq(impl_range(&a, 0, hi), (int)(r % (uint32_t)(hi + 1)));
    }
    /* scaled(n) vectors of rng-and-timer.md §2.4 */
    cr_assert_eq(impl_scaled(0, 2), 0);
    cr_assert_eq(impl_scaled(16384, 2), 0);
    cr_assert_eq(impl_scaled(16385, 2), 1);
    cr_assert_eq(impl_scaled(4682, 7), 1);
    cr_assert_eq(impl_scaled(29491, 10), 8);
    cr_assert_eq(impl_scaled(29492, 10), 9);
    cr_assert_eq(impl_scaled(32767, 5), 4);
    cr_assert_eq(impl_scaled(328, 100), 0);
    cr_assert_eq(impl_scaled(329, 100), 1);
    cr_assert_eq(impl_scaled(32767, 100), 99);
}

Test(impl_primitives, jump_ahead_vs_iteration)
{
    long checked = 0;
    for (int t = 0; t < 2000; t++) {
        uint32_t seed = t < 1000 ? (uint32_t)t * 33u : rnd();
        uint32_t s = seed;
        for (int k = 1; k <= IMPL_JUMP_MAX; k++) {
            uint32_t v = impl_next15(&s);
            cr_assert_eq(impl_state_after(seed, k), s, "state %u k %d", seed, k);
            cr_assert_eq(impl_draw_at(seed, k), v);
            checked++;
        }
    }
    for (int k = 0; k <= IMPL_JUMP_MAX; k++) {
        impl_affine p = impl_affine_pow((uint64_t)k);
        cr_assert(p.a == impl_jump[k].a && p.c == impl_jump[k].c);
    }
    /* (A_k, C_k) pairs of rng-and-timer.md §3 */
    static const uint32_t tab[][3] = {{1, 0x41C64E6D, 0x00003039},  {2, 0xC2A29A69, 0xD3DC167E},
                                      {13, 0x8D6072DD, 0x961BAFAD}, {16, 0x5F748241, 0x65136930},
                                      {29, 0xEEF5641D, 0x5EB4DE1D}, {32, 0x8B2E1481, 0x642B7E60},
                                      {37, 0x6FE02ABD, 0xC1F2B3D5}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        cr_assert(impl_jump[tab[i][0]].a == tab[i][1] && impl_jump[tab[i][0]].c == tab[i][2]);
    fprintf(stderr, "jump-ahead: %ld (seed, k) pairs checked against iteration\n", checked);
}

static int naive_blocked(uint8_t t)
{
    return t == 1 || t == 3;
}

static void masks_naive(const uint8_t *g, uint16_t bm[16])
{
    for (int y = 0; y < 16; y++) {
        bm[y] = 0;
        for (int x = 0; x < 16; x++)
            if (naive_blocked(g[16 * y + x]))
                bm[y] |= (uint16_t)(1u << x);
    }
}

/* ---- record digests, many at once (impl/fnv.c) ---- */

/* The AT scan's hit words (at.c) on both paths against a step-by-step
 * model: every word length 1..64, thresholds from 0 to 32767 (limit =
 * threshold << 16), states at random and at the edges; the AVX2 path must
 * be taken where the CPU has it. */
Test(impl_primitives, at_hit_words_both_paths)
{
    static const uint32_t thresholds[] = {0, 1, 127, 128, 256, 512, 1024, 16384, 32766, 32767};
    int fast = cpu_has_avx2();
    long compared = 0;
    for (int rep = 0; rep < 300; rep++) {
        uint32_t s0 = rep == 0 ? 0u : rep == 1 ? 0xFFFFFFFFu : rnd();
        uint32_t t = thresholds[rep % (sizeof thresholds / sizeof thresholds[0])];
        for (int n = 1; n <= 64; n++) {
            uint64_t want = 0;
            uint32_t s = s0;
            for (int i = 0; i < n; i++) {
                s = s * 1103515245u + 12345u;
                want |= (uint64_t)(((s >> 16) & 0x7FFFu) <= t) << i;
            }
            for (int path = IMPL_AT_SCALAR; path <= IMPL_AT_AVX2; path++) {
                uint64_t got = 0xA5A5A5A5A5A5A5A5ull;
                int rc = impl_at_hits_on(path, s0, n, t << 16, &got);
                if (path == IMPL_AT_AVX2 && !fast) {
                    cr_assert_eq(rc, -1, "no AVX2 here, yet the path answered");
                    continue;
                }
                cr_assert_eq(rc, 0, "path %d refused %d steps", path, n);
                cr_assert_eq(got, want, "path %d, state %08X, %d steps, threshold %u", path, s0, n, t);
                compared++;
            }
        }
    }
    fprintf(stderr, "at hit words: %ld compared (AVX2 %s)\n", compared, fast ? "taken" : "absent");
    cr_assert_eq(impl_at_scan_path(), fast ? IMPL_AT_AVX2 : IMPL_AT_SCALAR,
                 "the scan's path is not this CPU's fastest");
    uint64_t untouched = 7;
    cr_assert_eq(impl_at_hits_on(IMPL_AT_SCALAR, 1, 0, 0, &untouched), -1);
    cr_assert_eq(impl_at_hits_on(IMPL_AT_SCALAR, 1, 65, 0, &untouched), -1);
    cr_assert_eq(impl_at_hits_on(IMPL_AT_SCALAR, 1, 8, 0x7FFF0001u, &untouched), -1);
    cr_assert_eq(impl_at_hits_on(99, 1, 8, 0, &untouched), -1);
    cr_assert_eq(untouched, 7u);
}

Test(impl_primitives, record_digests_both_paths)
{
    enum { STRIDE = 304, MAX_N = 100 }; /* 300 bytes rounded up to whole 8-byte blocks */
    static uint8_t buf[MAX_N * STRIDE];
    static uint64_t got[MAX_N + 1];
    uint16_t len[MAX_N];
    int fast = cpu_has_avx512(), lengths_seen[301] = {0};
    long compared = 0;
    for (int rep = 0; rep < 400; rep++) {
        int n = rep % (MAX_N + 1); /* 0..100: every size of a last, partial group of 48 */
        for (size_t i = 0; i < sizeof buf; i++)
            buf[i] = (uint8_t)rnd();
        for (int r = 0; r < n; r++) {
            /* every length 0..300 over the run; some batches all equal, at
             * 272 or at a length that ends inside a block (the AVX-512 path
             * hashes equal lengths in groups of IMPL_FNV_GROUP_EQUAL) */
            len[r] = (uint16_t)(rep % 4 == 0   ? 272
                                : rep % 4 == 1 ? rep % 300 + 1
                                : rep % 8 == 2 ? 12 + 8 * ((rep + r) % 17) /* MapRecords' lengths */
                                               : (rep * 37 + r * 11) % 301);
            lengths_seen[len[r]] = 1;
        }
        for (int path = IMPL_FNV_SCALAR; path <= IMPL_FNV_AVX512; path++) {
            for (int r = 0; r <= n; r++) /* no digest left over from the other path */
                got[r] = 0xA5A5A5A5A5A5A5A5ull;
            int rc = impl_fnv1a_records_on(path, buf, STRIDE, len, (size_t)n, got);
            if (path == IMPL_FNV_AVX512 && !fast) {
                cr_assert_eq(rc, -1, "no AVX-512 here, yet the path answered");
                continue;
            }
            cr_assert_eq(rc, 0, "path %d refused %d records of stride %d", path, n, STRIDE);
            for (int r = 0; r < n; r++, compared++)
                cr_assert_eq(got[r], grotto_fnv1a(buf + (size_t)r * STRIDE, len[r]), "path %d, record %d of %d, %d bytes",
                             path, r, n, len[r]);
            cr_assert_eq(got[n], 0xA5A5A5A5A5A5A5A5ull, "path %d wrote past %d digests", path, n);
        }
        memset(got, 0, sizeof got);
        impl_fnv1a_records(buf, STRIDE, len, (size_t)n, got); /* whichever path this CPU takes */
        for (int r = 0; r < n; r++)
            cr_assert_eq(got[r], grotto_fnv1a(buf + (size_t)r * STRIDE, len[r]));
    }
    for (int l = 0; l <= 300; l++)
        cr_assert(lengths_seen[l], "length %d never tried", l);

    /* records of the stride's length (len NULL): FloorRecords, in counts
     * below, at and past a group of IMPL_FNV_GROUP_EQUAL (48 chains in
     * vector registers and the rest in general ones), other strides of
     * whole blocks, and 140-byte records packed tight, which the AVX-512
     * path refuses (their last block would run into the next record) */
    static const struct {
        size_t stride, n;
    } whole[] = {{GROTTO_FLOOR_RECORD_SIZE, 48},
                 {GROTTO_FLOOR_RECORD_SIZE, IMPL_FNV_GROUP_EQUAL},
                 {GROTTO_FLOOR_RECORD_SIZE, 97},
                 {GROTTO_FLOOR_RECORD_SIZE, MAX_N - 1}, /* a group and a partial one (MAX_N >= 52 + 48) */
                 {8, MAX_N},
                 {STRIDE, MAX_N},
                 {GROTTO_MAP_RECORD_SIZE, 9}};
    _Static_assert(MAX_N >= IMPL_FNV_GROUP_EQUAL + 48, "a group of equal lengths and a partial one fit");
    for (size_t c = 0; c < sizeof whole / sizeof whole[0]; c++) {
        size_t st = whole[c].stride, n = whole[c].n;
        cr_assert(n <= MAX_N && n * st <= sizeof buf, "case %zu outgrows the buffers", c);
        for (int path = IMPL_FNV_SCALAR; path <= IMPL_FNV_AVX512; path++) {
            memset(got, 0, sizeof got);
            int rc = impl_fnv1a_records_on(path, buf, st, NULL, n, got);
            int want = path == IMPL_FNV_SCALAR || (fast && st % 8 == 0) ? 0 : -1;
            cr_assert_eq(rc, want, "path %d, stride %zu: %d", path, st, rc);
            for (size_t r = 0; rc == 0 && r < n; r++, compared++)
                cr_assert_eq(got[r], grotto_fnv1a(buf + r * st, st));
        }
    }
    /* lengths whose whole blocks pass the stride: the AVX-512 path refuses
     * them (it would read the next record), the dispatcher still answers */
    uint16_t over[3] = {140, 141, 144}, bad[3] = {140, 145, 12};
    for (int path = IMPL_FNV_SCALAR; path <= IMPL_FNV_AVX512; path++) {
        cr_assert_eq(impl_fnv1a_records_on(path, buf, 144, over, 3, got), path == IMPL_FNV_SCALAR || fast ? 0 : -1,
                     "lengths up to the stride: taken");
        cr_assert_eq(impl_fnv1a_records_on(path, buf, 144, bad, 3, got), path == IMPL_FNV_SCALAR ? 0 : -1,
                     "a length past the stride: the AVX-512 path must refuse");
    }
    memset(got, 0, sizeof got);
    impl_fnv1a_records(buf, 144, bad, 3, got);
    for (int r = 0; r < 3; r++)
        cr_assert_eq(got[r], grotto_fnv1a(buf + (size_t)r * 144, bad[r]));
    fprintf(stderr, "record digests: %ld compared with grotto_fnv1a; AVX-512 path %s\n", compared,
            fast ? "taken and checked" : "absent on this CPU (scalar path only)");
}

/* ---- fills ---- */

static uint16_t naive_hfill(uint16_t s, uint16_t p)
{
    uint16_t r = s;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int x = 0; x < 16; x++)
            if (((p >> x) & 1) && !((r >> x) & 1) &&
                ((x > 0 && ((r >> (x - 1)) & 1)) || (x < 15 && ((r >> (x + 1)) & 1)))) {
                r |= (uint16_t)(1u << x);
                changed = 1;
            }
    }
    return r;
}

Test(impl_primitives, row_fill)
{
    long checked = 0;
    for (uint32_t p = 0; p < 65536; p++) {
        for (int t = 0; t < 6; t++) {
            uint16_t s = (uint16_t)(rnd() & p);
            if (t == 0)
                s = (uint16_t)(p & (0u - p)); /* lowest bit */
            if (t == 1)
                s = (uint16_t)p;
            cr_assert_eq(impl_hfill(s, (uint16_t)p), naive_hfill(s, (uint16_t)p), "p %04X s %04X", p, s);
            checked++;
        }
    }
    fprintf(stderr, "row fill: %ld (seed, mask) rows checked\n", checked);
}

/* naive 4-neighbour BFS of §12 over a 16x16 mask */
static void naive_flood(int sx, int sy, const uint16_t pass[16], uint8_t reached[256])
{
    int qx[256], qy[256], h = 0, t = 0;
    reached[16 * sy + sx] = 1;
    qx[t] = sx;
    qy[t++] = sy;
    while (h < t) {
        int cx = qx[h], cy = qy[h++];
        static const int dx[4] = {0, 0, -1, 1}, dy[4] = {-1, 1, 0, 0};
        for (int d = 0; d < 4; d++) {
            int nx = cx + dx[d], ny = cy + dy[d];
            if (nx < 0 || ny < 0 || nx > 15 || ny > 15 || reached[16 * ny + nx] || !((pass[ny] >> nx) & 1))
                continue;
            reached[16 * ny + nx] = 1;
            qx[t] = nx;
            qy[t++] = ny;
        }
    }
}

static void random_mask(uint16_t m[16], int density)
{
    for (int y = 0; y < 16; y++) {
        uint16_t r = 0;
        for (int x = 0; x < 16; x++)
            if ((int)(rnd() % 100) < density)
                r |= (uint16_t)(1u << x);
        m[y] = r;
    }
}

Test(impl_primitives, flood_vs_bfs_random)
{
    long checked = 0;
    for (int t = 0; t < 20000; t++) {
        uint16_t p[16];
        random_mask(p, 30 + (t % 60));
        int sx = (int)(rnd() % 16), sy = (int)(rnd() % 16);
        p[sy] |= (uint16_t)(1u << sx);
        uint16_t r[16] = {0};
        r[sy] = (uint16_t)(1u << sx);
        impl_flood(r, p);
        uint8_t reached[256] = {0};
        naive_flood(sx, sy, p, reached);
        for (int i = 0; i < 256; i++)
            cr_assert_eq((r[i / 16] >> (i % 16)) & 1, reached[i], "trial %d cell %d", t, i);
        checked++;
    }
    fprintf(stderr, "flood: %ld random grids checked against BFS\n", checked);
}

/* a sparse mask (few cells), a dense one and the full grid: each count
 * against a cell-by-cell one, with and without a mask to leave out */
Test(impl_primitives, cell_counts)
{
    long checked = 0;
    for (int t = 0; t < 20000; t++) {
        uint16_t a[16], b[16];
        random_mask(a, t % 101);
        random_mask(b, (t * 7) % 101);
        int want_a = 0, want_andnot = 0;
        for (int i = 0; i < 256; i++) {
            int in_a = (a[i / 16] >> (i % 16)) & 1, in_b = (b[i / 16] >> (i % 16)) & 1;
            want_a += in_a;
            want_andnot += in_a && !in_b;
        }
        cr_assert_eq(impl_count_cells(a), want_a, "trial %d", t);
        cr_assert_eq(impl_count_andnot(a, b), want_andnot, "trial %d", t);
        checked++;
    }
    uint16_t full[16];
    memset(full, 0xFF, sizeof full);
    cr_assert_eq(impl_count_cells(full), 256);
    cr_assert_eq(impl_count_andnot(full, full), 0);
    fprintf(stderr, "cell counts: %ld mask pairs checked\n", checked);
}

/* a flood whose components need many turns (a serpentine corridor) and
 * one seeded in several rows at once */
Test(impl_primitives, flood_serpentine)
{
    uint16_t p[16], r[16] = {0};
    for (int y = 0; y < 16; y++)
        p[y] = (y % 2 == 0) ? 0xFFFFu : (uint16_t)((y % 4 == 1) ? 0x8000u : 0x0001u);
    r[0] = 1;
    impl_flood(r, p);
    for (int y = 0; y < 16; y++)
        cr_assert_eq(r[y], p[y], "row %d", y);
    uint16_t q[16], s[16] = {0};
    for (int y = 0; y < 16; y++)
        q[y] = (uint16_t)(0x0F0Fu << (y % 2)); /* columns touching diagonally only: 4-connected in rows */
    s[3] = 0x0001u;
    s[10] = 0x0800u;
    impl_flood(s, q);
    uint8_t reached[256] = {0};
    naive_flood(0, 3, q, reached);
    naive_flood(11, 10, q, reached);
    for (int i = 0; i < 256; i++)
        cr_assert_eq((s[i / 16] >> (i % 16)) & 1, reached[i], "cell %d", i);
}

/* impl_ring_bypass against the rule taken pair by pair: every two open
 * 4-neighbours of the chest are joined by a path of open ring cells going
 * one way or the other round the ring */
Test(impl_primitives, ring_bypass_every_pattern)
{
    static const int ring_bit[8] = {1, 2, 5, 8, 7, 6, 3, 0}; /* N NE E SE S SW W NW as pat9 bits */
    int bypass = 0;
    for (unsigned pat = 0; pat < 512; pat++) {
        int open[8];
        for (int i = 0; i < 8; i++)
            open[i] = (pat >> ring_bit[i]) & 1;
        int ok = 1;
        for (int a = 0; a < 8; a += 2)
            for (int b = a + 2; b < 8; b += 2) {
                if (!open[a] || !open[b])
                    continue;
                int cw = 1, ccw = 1;
                for (int i = a; i != b; i = (i + 1) % 8)
                    cw &= open[i];
                for (int i = a; i != b; i = (i + 7) % 8)
                    ccw &= open[i];
                ok &= cw || ccw;
            }
        cr_assert_eq(impl_ring_bypass[pat], ok, "pattern %03X", pat);
        bypass += ok;
    }
    cr_assert(bypass > 0 && bypass < 512);
}

/* ---- enemy-list terms ---- */

static void naive_wxd(const uint16_t white[16], int B, int *W, int *X, int *D)
{
    int w = 0, x = 0, d = 0, pool = B;
    for (int yy = 0; yy < 16; yy++)
        for (int xx = 0; xx < 16; xx++) {
            if (!((white[yy] >> xx) & 1))
                continue;
            int L = xx > 0 && ((white[yy] >> (xx - 1)) & 1);
            int U = yy > 0 && ((white[yy - 1] >> xx) & 1);
            w++;
            x += L + U;
            if (pool <= 0) {
                d++;
            } else {
                if (L)
                    pool--;
                if (U && pool > 0)
                    pool--;
            }
        }
    *W = w;
    *X = x;
    *D = d;
}

Test(impl_primitives, wxd_random)
{
    long checked = 0, exhausted = 0;
    for (int t = 0; t < 50000; t++) {
        uint16_t m[16];
        random_mask(m, 20 + (t % 75));
        int B = (int)(rnd() % 600) - 20;
        int W, X, D, w2, x2;
        naive_wxd(m, B, &W, &X, &D);
        impl_wx(m, &w2, &x2);
        cr_assert_eq(w2, W);
        cr_assert_eq(x2, X);
        cr_assert_eq(impl_flag0(m, B), D, "trial %d B %d", t, B);
        exhausted += D > 0;
        checked++;
    }
    fprintf(stderr, "W/X/D: %ld random grids checked (%ld with an exhausted pool)\n", checked, exhausted);
}

/* ---- real floors: masks, terms, the whole analysis vs a naive §12 ---- */

/* A tile of the 16 x 16 grid; outside it, wall (0): stairs in a corner
   have fewer than four neighbours. */
static int naive_tile(const grotto_floor_t *f, int x, int y)
{
    return x < 0 || x > 15 || y < 0 || y > 15 ? 0 : f->grid[16 * y + x];
}

static void naive_analyse(const grotto_floor_t *f, grotto_floor_analysis *a)
{
    memset(a, 0, sizeof *a);
    int W = f->width, H = f->height;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t t = f->grid[16 * y + x];
            if ((t == 4 || t == 5) && !(x == f->up.x && y == f->up.y) && !(x == f->down.x && y == f->down.y)) {
                a->ghost[a->ghost_count].x = (uint8_t)x;
                a->ghost[a->ghost_count].y = (uint8_t)y;
                a->ghost_count++;
            }
        }
    uint16_t walk[16] = {0}, open[16] = {0}, pocket[16] = {0};
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t t = f->grid[16 * y + x];
            if (t != 1 && t != 3)
                walk[y] |= (uint16_t)(1u << x);
            if (t != 1 && t != 3 && t != 6)
                open[y] |= (uint16_t)(1u << x);
            if (t == 0 || t == 2 || t == 8)
                pocket[y] |= (uint16_t)(1u << x);
        }
    naive_flood(f->up.x, f->up.y, walk, a->reached);
    for (int i = 0; i < 256; i++)
        a->reached_count += a->reached[i];
    for (int i = 0; i < f->chest_count; i++) {
        a->chest_unreachable[i] = !a->reached[16 * f->chest[i].y + f->chest[i].x];
        a->unreachable_chests += a->chest_unreachable[i];
    }
    a->down_unreachable = !a->reached[16 * f->down.y + f->down.x];
    uint8_t mark[256];
    memcpy(mark, a->reached, sizeof mark);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (!mark[16 * y + x] && ((pocket[y] >> x) & 1)) {
                uint8_t before[256];
                memcpy(before, mark, sizeof before);
                naive_flood(x, y, pocket, mark);
                int size = 0;
                for (int i = 0; i < 256; i++)
                    size += mark[i] && !before[i];
                a->region_size[a->region_count] = (uint16_t)size;
                a->region_first[a->region_count].x = (uint8_t)x;
                a->region_first[a->region_count].y = (uint8_t)y;
                a->region_count++;
            }
    uint8_t r2[256] = {0};
    naive_flood(f->up.x, f->up.y, open, r2);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            if (r2[16 * y + x])
                a->softlock_near++;
            else if ((open[y] >> x) & 1)
                a->softlock_far++;
        }
    a->softlock_down_cut = !r2[16 * f->down.y + f->down.x];
    int ux = f->up.x, uy = f->up.y;
    a->up_next_to_chest = naive_tile(f, ux - 1, uy) == 6 || naive_tile(f, ux + 1, uy) == 6 ||
                          naive_tile(f, ux, uy - 1) == 6 || naive_tile(f, ux, uy + 1) == 6;
}

static void check_analysis(const grotto_floor_t *f)
{
    grotto_floor_analysis a, b;
    grotto_engine_impl.analyse(f, &a);
    naive_analyse(f, &b);
    cr_assert_eq(a.ghost_count, b.ghost_count);
    cr_assert_eq(memcmp(a.ghost, b.ghost, sizeof a.ghost[0] * a.ghost_count), 0);
    cr_assert_eq(memcmp(a.reached, b.reached, sizeof a.reached), 0);
    cr_assert_eq(a.reached_count, b.reached_count);
    cr_assert_eq(memcmp(a.chest_unreachable, b.chest_unreachable, sizeof a.chest_unreachable), 0);
    cr_assert_eq(a.unreachable_chests, b.unreachable_chests);
    cr_assert_eq(a.down_unreachable, b.down_unreachable);
    cr_assert_eq(a.region_count, b.region_count);
    cr_assert_eq(memcmp(a.region_size, b.region_size, sizeof a.region_size[0] * a.region_count), 0);
    cr_assert_eq(memcmp(a.region_first, b.region_first, sizeof a.region_first[0] * a.region_count), 0);
    cr_assert_eq(a.up_next_to_chest, b.up_next_to_chest);
    cr_assert_eq(a.softlock_near, b.softlock_near);
    cr_assert_eq(a.softlock_far, b.softlock_far);
    cr_assert_eq(a.softlock_down_cut, b.softlock_down_cut);
}

Test(impl_primitives, real_floors)
{
    long floors = 0, regions = 0, regime2 = 0, upwall = 0;
    for (uint32_t seed = 0; seed < 0x8000; seed += 37) {
        for (int k = 1; k <= 16; k++) {
            impl_layout L;
            impl_layout_gen(seed + (uint32_t)k, impl_floor_size(seed, k), &L);
            /* the generator's masks equal the masks of its grid */
            uint16_t bm[16];
            masks_naive(L.grid, bm);
            cr_assert_eq(memcmp(bm, L.blocked, sizeof bm), 0);
            for (int y = 0; y < 16; y++)
                for (int x = 0; x < 16; x++) {
                    uint8_t t = L.grid[16 * y + x];
                    cr_assert_eq((L.stairs[y] >> x) & 1, t == 4 || t == 5);
                    if (x >= L.size || y >= L.size)
                        cr_assert_eq(t, 1);
                }
            /* rooms are >= 2x2, so the floor-3 discards are 300 draws */
            cr_assert_eq(L.rooms_regular, 1);
            cr_assert(L.room_count >= 3 && L.room_count <= 9);
            /* every final stair cell passes its checks on the final grid */
            cr_assert(!impl_corner_fail(impl_pat9(L.blocked, L.down.x, L.down.y)));
            grotto_floor_t f;
            uint8_t uw = 0;
            cr_assert_eq(impl_floor_generate(seed, k, &f, &uw), 0);
            upwall += uw;
            check_analysis(&f);
            /* W, X, D of the packed path vs a naive scan */
            uint16_t white[16] = {0};
            for (int y = 0; y < f.height; y++)
                for (int x = 0; x < f.width; x++)
                    if (!naive_blocked(f.grid[16 * y + x]))
                        white[y] |= (uint16_t)(1u << x);
            int W, X, D;
            naive_wxd(white, 0, &W, &X, &D); /* W first, then D for B = 515 - 2W */
            naive_wxd(white, 515 - 2 * W, &W, &X, &D);
            impl_elist_terms t = impl_elist_terms_of(white);
            cr_assert_eq(t.W, W);
            cr_assert_eq(t.X, X);
            int r2 = 4128 - 16 * W - 8 * X < 0;
            cr_assert_eq(t.D, r2 ? D : 0);
            regime2 += r2;
            grotto_floor_analysis a;
            grotto_engine_impl.analyse(&f, &a);
            regions += a.region_count;
            floors++;
        }
    }
    fprintf(stderr,
            "real floors: %ld floors checked (masks, stair checks, analysis vs naive BFS, W/X/D vs naive scan); "
            "%ld pockets, %ld regime-2 floors, %ld final up stairs on a former wall\n",
            floors, regions, regime2, upwall);
    cr_assert(floors > 14000);
}

Test(impl_primitives, analysis_random_grids)
{
    long checked = 0;
    static const uint8_t codes[] = {0, 0, 0, 1, 1, 1, 2, 3, 8, 6};
    for (int t = 0; t < 20000; t++) {
        grotto_floor_t f;
        memset(&f, 0, sizeof f);
        int n = 10 + (int)(rnd() % 7);
        f.width = f.height = (uint8_t)n;
        memset(f.grid, 1, sizeof f.grid);
        for (int y = 1; y < n - 1; y++)
            for (int x = 1; x < n - 1; x++)
                f.grid[16 * y + x] = codes[rnd() % sizeof codes];
        f.up.x = (uint8_t)(1 + rnd() % (unsigned)(n - 2));
        f.up.y = (uint8_t)(1 + rnd() % (unsigned)(n - 2));
        do {
            f.down.x = (uint8_t)(1 + rnd() % (unsigned)(n - 2));
            f.down.y = (uint8_t)(1 + rnd() % (unsigned)(n - 2));
        } while (f.down.x == f.up.x && f.down.y == f.up.y);
        for (int g = 0; g < (int)(rnd() % 4); g++)
            f.grid[16 * (1 + rnd() % (unsigned)(n - 2)) + 1 + rnd() % (unsigned)(n - 2)] = 4;
        f.grid[16 * f.up.y + f.up.x] = 4;
        f.grid[16 * f.down.y + f.down.x] = 5;
        f.chest_count = 0;
        for (int y = 1; y < n - 1 && f.chest_count < 3; y++)
            for (int x = 1; x < n - 1 && f.chest_count < 3; x++)
                if (f.grid[16 * y + x] == 6) {
                    f.chest[f.chest_count].x = (uint8_t)x;
                    f.chest[f.chest_count].y = (uint8_t)y;
                    f.chest_count++;
                }
        for (int y = 1; y < n - 1; y++) /* chests beyond the header's three become floor */
            for (int x = 1; x < n - 1; x++)
                if (f.grid[16 * y + x] == 6) {
                    int listed = 0;
                    for (int i = 0; i < f.chest_count; i++)
                        listed |= f.chest[i].x == x && f.chest[i].y == y;
                    if (!listed)
                        f.grid[16 * y + x] = 0;
                }
        check_analysis(&f);
        checked++;
    }
    fprintf(stderr, "analysis: %ld random grids checked against the naive rules\n", checked);
}

/* Final up stairs in each corner of a 16 x 16 floor, with and without a
 * chest beside them: the softlock's neighbour test at the grid's edges. */
Test(impl_primitives, analysis_stairs_in_the_corners)
{
    static const int corner[4][2] = {{0, 0}, {15, 0}, {0, 15}, {15, 15}};
    int adjacent = 0;
    for (int c = 0; c < 4; c++)
        for (int side = -1; side < 4; side++) { /* -1: no chest; else a 4-neighbour, if inside */
            static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
            grotto_floor_t f;
            memset(&f, 0, sizeof f);
            f.index = 3;
            f.width = f.height = 16;
            f.up.x = (uint8_t)corner[c][0];
            f.up.y = (uint8_t)corner[c][1];
            f.down.x = f.down.y = 7;
            f.grid[16 * f.up.y + f.up.x] = 4;
            f.grid[16 * 7 + 7] = 5;
            if (side >= 0) {
                int x = corner[c][0] + dx[side], y = corner[c][1] + dy[side];
                if (x < 0 || x > 15 || y < 0 || y > 15)
                    continue;
                f.grid[16 * y + x] = 6;
                f.chest[0].x = (uint8_t)x;
                f.chest[0].y = (uint8_t)y;
                f.chest_count = 1;
            }
            check_analysis(&f);
            grotto_floor_analysis a;
            grotto_engine_impl.analyse(&f, &a);
            cr_assert_eq(a.up_next_to_chest, side >= 0, "corner %d side %d", c, side);
            adjacent += a.up_next_to_chest;
        }
    cr_assert_eq(adjacent, 8, "two inside neighbours per corner");
}
