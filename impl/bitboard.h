/* impl/bitboard.h: operations on row masks of the 16 x 16 grid, for the
 * stair checks, the enemy-list terms and the analysis.
 *
 * A "row mask" set is uint16_t m[16]: bit x of m[y] stands for cell (x, y).
 * The stair phase reads the blocked cells (tile 1 or 3) as row masks
 * (floorgen.c); the layout keeps the blocked and stair rows, and the
 * analysis builds its masks from a floor's byte grid (analysis.c). The
 * stair checks, the enemy-list terms and the floods are shifts, popcounts
 * and table lookups over such masks.
 *
 * 3x3 neighbourhood pattern ("pat9") of a cell (x, y): bit (dy+1)*3 + (dx+1)
 * is BLOCKED(G(x+dx, y+dy)):
 *     bit 0 NW   bit 1 N   bit 2 NE
 *     bit 3 W    bit 4 C   bit 5 E
 *     bit 6 SW   bit 7 S   bit 8 SE
 */
#ifndef IMPL_BITBOARD_H
#define IMPL_BITBOARD_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>
#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    IMPL_P_NW = 1 << 0,
    IMPL_P_N = 1 << 1,
    IMPL_P_NE = 1 << 2,
    IMPL_P_W = 1 << 3,
    IMPL_P_C = 1 << 4,
    IMPL_P_E = 1 << 5,
    IMPL_P_SW = 1 << 6,
    IMPL_P_S = 1 << 7,
    IMPL_P_SE = 1 << 8
};

/* Row masks of the cells of a 16x16 byte grid that hold 1 or 3. */
static inline void impl_blocked_rows(const uint8_t grid[256], uint16_t bm[16])
{
#if defined(__SSE2__)
    const __m128i one = _mm_set1_epi8(1), three = _mm_set1_epi8(3);
    for (int y = 0; y < 16; y++) {
        __m128i row = _mm_loadu_si128((const __m128i *)(const void *)(grid + 16 * y));
        __m128i b = _mm_or_si128(_mm_cmpeq_epi8(row, one), _mm_cmpeq_epi8(row, three));
        bm[y] = (uint16_t)_mm_movemask_epi8(b);
    }
#else
    for (int y = 0; y < 16; y++) {
        uint16_t m = 0;
        for (int x = 0; x < 16; x++) {
            uint8_t t = grid[16 * y + x];
            m |= (uint16_t)((t == 1 || t == 3) << x);
        }
        bm[y] = m;
    }
#endif
}

/* pat9 of an interior cell (1 <= x <= 14) from the masks of its row and
 * of the rows above and below. */
static inline unsigned impl_pat9_rows(uint16_t above, uint16_t row, uint16_t below, int x)
{
    return ((unsigned)(above >> (x - 1)) & 7u) | (((unsigned)(row >> (x - 1)) & 7u) << 3) |
           (((unsigned)(below >> (x - 1)) & 7u) << 6);
}

/* pat9 of an interior cell (1 <= x, y <= 14). Stair and chest candidates
 * always lie inside rooms, i.e. in 1..W-2 (floor-generation.md R10). */
static inline unsigned impl_pat9(const uint16_t m[16], int x, int y)
{
    return impl_pat9_rows(m[y - 1], m[y], m[y + 1], x);
}

/* CORNER_FAIL (floor-generation.md §10.1) of a pattern. */
static inline int impl_corner_fail(unsigned p)
{
    return (p & (IMPL_P_N | IMPL_P_S)) && (p & (IMPL_P_W | IMPL_P_E));
}

/* Up-stairs verdict of every pattern (floor-generation.md §10.1): 1 when
 * CORNER_FAIL holds or CLASSIFY is blacklisted. A constant table
 * (tables.c), written from the rule the blacklist encodes: the centre is
 * open, exactly one orthogonal neighbour is blocked, and so is a diagonal
 * neighbour on the far side. */
extern const uint8_t impl_up_refused[512];

/* Whether a solid chest can be walked round, by the pattern of the open
 * (walkable, not chest) cells around it: 1 when its open 4-neighbours lie
 * in one run of open ring cells (tables.c, built before main()). */
extern uint8_t impl_ring_bypass[512];

/* Runs of p (16-bit row) that contain a bit of s; requires s subset of p.
 * Towards higher bits by the carry trick ((s + p) ^ p) & p, towards lower
 * bits by a 4-step Kogge-Stone fill. */
static inline uint16_t impl_hfill(uint16_t s, uint16_t p)
{
    uint32_t g = ((((uint32_t)s + p) ^ p) & p) | s;
    uint32_t q = p;
    g |= q & (g >> 1);
    q &= q >> 1;
    g |= q & (g >> 2);
    q &= q >> 2;
    g |= q & (g >> 4);
    q &= q >> 4;
    g |= q & (g >> 8);
    return (uint16_t)g;
}

/* 4-connected flood inside p: r (subset of p) grows to the union of the
 * components of p it touches.
 *  - With SSE2 the plane is two registers and every row moves at once: a
 *    turn takes the rows above and below into each row and fills the
 *    row's runs (impl_hfill8); it stops at the first turn that adds
 *    nothing. A turn crosses one row, but a whole run of any length; it
 *    was 15 % faster than the row sweeps below in the sweep's analysis.
 *  - Otherwise row sweeps alternate downward and upward; a row takes seeds
 *    from the rows above and below as they stand. The first sweep fills
 *    every row it meets (r need not be whole runs yet); later sweeps fill
 *    a row only when a neighbour offers it cells it lacks, so a visit that
 *    finds nothing new is a few mask operations. It stops after the first
 *    sweep that changes nothing: then no row has a seed left. */
#if defined(__SSE2__)
/* impl_hfill on eight rows at once: the carry trick per 16-bit lane (a
 * carry out of bit 15 is dropped, as the run ends there), then the
 * Kogge-Stone fill towards lower bits. */
static inline __m128i impl_hfill8(__m128i s, __m128i p)
{
    __m128i g = _mm_or_si128(_mm_and_si128(_mm_xor_si128(_mm_add_epi16(s, p), p), p), s), q = p;
    g = _mm_or_si128(g, _mm_and_si128(q, _mm_srli_epi16(g, 1)));
    q = _mm_and_si128(q, _mm_srli_epi16(q, 1));
    g = _mm_or_si128(g, _mm_and_si128(q, _mm_srli_epi16(g, 2)));
    q = _mm_and_si128(q, _mm_srli_epi16(q, 2));
    g = _mm_or_si128(g, _mm_and_si128(q, _mm_srli_epi16(g, 4)));
    q = _mm_and_si128(q, _mm_srli_epi16(q, 4));
    return _mm_or_si128(g, _mm_and_si128(q, _mm_srli_epi16(g, 8)));
}

/* One turn of the flood on a plane in two registers (rows 0-7, 8-15):
 * the rows above and below taken into r, then every row's runs filled. */
static inline void impl_flood_turn8(__m128i r0, __m128i r1, __m128i p0, __m128i p1, __m128i *g0, __m128i *g1)
{
    __m128i below0 = _mm_or_si128(_mm_srli_si128(r0, 2), _mm_slli_si128(r1, 14)), below1 = _mm_srli_si128(r1, 2);
    __m128i above0 = _mm_slli_si128(r0, 2), above1 = _mm_or_si128(_mm_slli_si128(r1, 2), _mm_srli_si128(r0, 14));
    *g0 = impl_hfill8(_mm_or_si128(r0, _mm_and_si128(_mm_or_si128(below0, above0), p0)), p0);
    *g1 = impl_hfill8(_mm_or_si128(r1, _mm_and_si128(_mm_or_si128(below1, above1), p1)), p1);
}

/* Whether a turn added nothing: (g0, g1) equal to (r0, r1). */
static inline int impl_flood_still8(__m128i g0, __m128i g1, __m128i r0, __m128i r1)
{
    return _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(g0, r0), _mm_cmpeq_epi8(g1, r1))) == 0xFFFF;
}
#endif

static inline void impl_flood(uint16_t r[16], const uint16_t p[16])
{
#if defined(__SSE2__)
    /* the whole plane in two registers (rows 0-7, 8-15): each turn takes
     * the rows above and below into r, then fills every row's runs; it
     * stops when a turn adds nothing */
    const __m128i p0 = _mm_loadu_si128((const __m128i *)(const void *)p);
    const __m128i p1 = _mm_loadu_si128((const __m128i *)(const void *)(p + 8));
    __m128i r0 = impl_hfill8(_mm_loadu_si128((const __m128i *)(const void *)r), p0);
    __m128i r1 = impl_hfill8(_mm_loadu_si128((const __m128i *)(const void *)(r + 8)), p1);
    for (;;) {
        __m128i g0, g1;
        impl_flood_turn8(r0, r1, p0, p1, &g0, &g1);
        int same = impl_flood_still8(g0, g1, r0, r1);
        r0 = g0;
        r1 = g1;
        if (same)
            break;
    }
    _mm_storeu_si128((__m128i *)(void *)r, r0);
    _mm_storeu_si128((__m128i *)(void *)(r + 8), r1);
#else
    int y0 = 0, y1 = 15;
    while (y0 < 15 && !p[y0])
        y0++;
    while (y1 > y0 && !p[y1])
        y1--;
    uint16_t pad[18]; /* pad[y + 1] = r[y]; rows -1 and 16 stay empty */
    pad[0] = pad[17] = 0;
    memcpy(pad + 1, r, 16 * sizeof r[0]);
    for (int y = y0; y <= y1; y++) {
        uint16_t s = (uint16_t)(pad[y + 1] | ((pad[y] | pad[y + 2]) & p[y]));
        if (s)
            pad[y + 1] = impl_hfill(s, p[y]);
    }
    for (int down = 0;; down ^= 1) {
        int changed = 0;
        for (int i = 0; i <= y1 - y0; i++) {
            int y = down ? y0 + i : y1 - i;
            uint16_t seeds = (uint16_t)((pad[y] | pad[y + 2]) & p[y] & ~pad[y + 1]);
            if (seeds) {
                pad[y + 1] |= impl_hfill(seeds, p[y]);
                changed = 1;
            }
        }
        if (!changed)
            break;
    }
    memcpy(r, pad + 1, 16 * sizeof r[0]);
#endif
}

/* Floods side by side: r[i] grows inside p[i], for i < n, to what
 * impl_flood makes of it. A flood is a chain of turns, each waiting for
 * the one before (about 16 dependent steps a turn, some 11 turns a flood
 * of the sweep), so one flood leaves the core mostly idle; floods of
 * different floors are independent and run here in groups, their turns
 * interleaved, a group until its last flood adds nothing (a finished
 * plane just stays as it is, and a missing one is empty). Measured alone
 * (docs/performance.md, 5 December 2026): in the sweep's second build
 * (AVX2) a group of four planes in four 256-bit registers, about 32 ns a
 * flood instead of 60; with SSE2, pairs of two-register planes, about 72
 * instead of 85. */
#if defined(__AVX2__)
enum { IMPL_FLOOD_GROUP = 4 };

/* impl_hfill on all sixteen rows (row y in 16-bit lane y) with the
 * Kogge-Stone masks of p made once per flood (q[i]: the cells of p with
 * 2^(i+1) - 1 cells of p above them in the row). */
static inline __m256i impl_hfill16(__m256i s, __m256i p, const __m256i q[3])
{
    __m256i g = _mm256_or_si256(_mm256_andnot_si256(_mm256_add_epi16(s, p), p), s);
    g = _mm256_or_si256(g, _mm256_and_si256(p, _mm256_srli_epi16(g, 1)));
    g = _mm256_or_si256(g, _mm256_and_si256(q[0], _mm256_srli_epi16(g, 2)));
    g = _mm256_or_si256(g, _mm256_and_si256(q[1], _mm256_srli_epi16(g, 4)));
    return _mm256_or_si256(g, _mm256_and_si256(q[2], _mm256_srli_epi16(g, 8)));
}

static inline void impl_flood_group(uint16_t (*r)[16], const uint16_t (*p)[16], int n)
{
    __m256i pl[IMPL_FLOOD_GROUP], q[IMPL_FLOOD_GROUP][3], a[IMPL_FLOOD_GROUP];
    for (int k = 0; k < IMPL_FLOOD_GROUP; k++) {
        pl[k] = k < n ? _mm256_loadu_si256((const __m256i *)(const void *)p[k]) : _mm256_setzero_si256();
        q[k][0] = _mm256_and_si256(pl[k], _mm256_srli_epi16(pl[k], 1));
        q[k][1] = _mm256_and_si256(q[k][0], _mm256_srli_epi16(q[k][0], 2));
        q[k][2] = _mm256_and_si256(q[k][1], _mm256_srli_epi16(q[k][1], 4));
        a[k] = k < n ? _mm256_loadu_si256((const __m256i *)(const void *)r[k]) : _mm256_setzero_si256();
        a[k] = impl_hfill16(a[k], pl[k], q[k]);
    }
    for (;;) {
        int same = 1;
        for (int k = 0; k < IMPL_FLOOD_GROUP; k++) {
            /* the rows below and above: the other 128-bit half brought
             * beside each half (VPERM2I128) and the pair shifted by a row */
            __m256i below = _mm256_alignr_epi8(_mm256_permute2x128_si256(a[k], a[k], 0x81), a[k], 2);
            __m256i above = _mm256_alignr_epi8(a[k], _mm256_permute2x128_si256(a[k], a[k], 0x08), 14);
            __m256i seeds = _mm256_or_si256(a[k], _mm256_and_si256(_mm256_or_si256(below, above), pl[k]));
            __m256i g = impl_hfill16(seeds, pl[k], q[k]);
            same &= _mm256_testc_si256(a[k], g); /* g adds nothing to a */
            a[k] = g;
        }
        if (same)
            break;
    }
    for (int k = 0; k < n; k++)
        _mm256_storeu_si256((__m256i *)(void *)r[k], a[k]);
}
#elif defined(__SSE2__)
enum { IMPL_FLOOD_GROUP = 2 };

static inline void impl_flood_group(uint16_t (*r)[16], const uint16_t (*p)[16], int n)
{
    __m128i p0[IMPL_FLOOD_GROUP], p1[IMPL_FLOOD_GROUP], r0[IMPL_FLOOD_GROUP], r1[IMPL_FLOOD_GROUP];
    for (int k = 0; k < IMPL_FLOOD_GROUP; k++) {
        p0[k] = p1[k] = r0[k] = r1[k] = _mm_setzero_si128();
        if (k < n) {
            p0[k] = _mm_loadu_si128((const __m128i *)(const void *)p[k]);
            p1[k] = _mm_loadu_si128((const __m128i *)(const void *)(p[k] + 8));
            r0[k] = impl_hfill8(_mm_loadu_si128((const __m128i *)(const void *)r[k]), p0[k]);
            r1[k] = impl_hfill8(_mm_loadu_si128((const __m128i *)(const void *)(r[k] + 8)), p1[k]);
        }
    }
    for (;;) {
        int same = 1;
        for (int k = 0; k < IMPL_FLOOD_GROUP; k++) {
            __m128i g0, g1;
            impl_flood_turn8(r0[k], r1[k], p0[k], p1[k], &g0, &g1);
            same &= impl_flood_still8(g0, g1, r0[k], r1[k]);
            r0[k] = g0;
            r1[k] = g1;
        }
        if (same)
            break;
    }
    for (int k = 0; k < n; k++) {
        _mm_storeu_si128((__m128i *)(void *)r[k], r0[k]);
        _mm_storeu_si128((__m128i *)(void *)(r[k] + 8), r1[k]);
    }
}
#endif

static inline void impl_flood_many(uint16_t (*r)[16], const uint16_t (*p)[16], int n)
{
#if defined(__SSE2__)
    for (int i = 0; i < n; i += IMPL_FLOOD_GROUP)
        impl_flood_group(r + i, p + i, n - i < IMPL_FLOOD_GROUP ? n - i : IMPL_FLOOD_GROUP);
#else
    for (int i = 0; i < n; i++)
        impl_flood(r[i], p[i]);
#endif
}

/* 16-bit popcount without relying on the POPCNT instruction (the build is
 * generic x86-64, where __builtin_popcount becomes a libgcc call). */
static inline int impl_popcount16(uint16_t v)
{
    uint32_t x = v;
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}

/* Sum of the bit counts of the 16-bit fields of a 64-bit word (SWAR). */
static inline int impl_popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Cells of a (16 row masks) outside b (b may be NULL: all of a), four rows
 * per 64-bit word: per word the bit counts of its bytes (SWAR), the four
 * words' byte counts added (at most 32 per byte), pairs of bytes added into
 * 16-bit lanes (at most 64: the total, up to 256, does not fit a byte),
 * one multiply to sum the lanes. */
static inline int impl_count_andnot(const uint16_t a[16], const uint16_t *b)
{
    uint64_t w[4], n[4], sum = 0;
    memcpy(w, a, sizeof w);
    if (b) {
        memcpy(n, b, sizeof n);
        for (int j = 0; j < 4; j++)
            w[j] &= ~n[j];
    }
    for (int j = 0; j < 4; j++) {
        uint64_t x = w[j] - ((w[j] >> 1) & 0x5555555555555555ull);
        x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
        sum += (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    }
    sum = (sum & 0x00FF00FF00FF00FFull) + ((sum >> 8) & 0x00FF00FF00FF00FFull);
    return (int)((sum * 0x0001000100010001ull) >> 48);
}

static inline int impl_count_cells(const uint16_t m[16])
{
    return impl_count_andnot(m, NULL);
}

/* W = white tiles; X = adjacent white pairs (left + upper neighbours).
 * Four rows per 64-bit word: row y+j in bits 16j..16j+15. */
static inline void impl_wx(const uint16_t white[16], int *W, int *X)
{
    int w = 0, x = 0;
    uint64_t prev = 0;
    for (int q = 0; q < 4; q++) {
        const uint16_t *r = white + 4 * q;
        uint64_t v = (uint64_t)r[0] | ((uint64_t)r[1] << 16) | ((uint64_t)r[2] << 32) | ((uint64_t)r[3] << 48);
        uint64_t up = (v << 16) | (prev >> 48); /* row above each row */
        uint64_t left = v & (v << 1) & 0xFFFEFFFEFFFEFFFEull; /* no carry across rows */
        w += impl_popcount64(v);
        x += impl_popcount64(left) + impl_popcount64(v & up);
        prev = v;
    }
    *W = w;
    *X = x;
}

/* D of enemy-list.md §3, regime 2 with pool B: while the pool is positive
 * every white tile subtracts min(pool, L + U); once it is 0 every further
 * white tile is a Flag0 tile. Whole rows are consumed with popcounts while
 * their L+U total stays below the pool; the row where the pool runs out is
 * walked tile by tile. */
static inline int impl_flag0(const uint16_t white[16], int B)
{
    int pool = B;
    uint16_t prev = 0;
    if (pool <= 0) { /* never happens (B >= 123): every white tile is Flag0 */
        int d = 0;
        for (int y = 0; y < 16; y++)
            d += impl_popcount16(white[y]);
        return d;
    }
    for (int y = 0; y < 16; y++) {
        uint16_t r = white[y];
        uint16_t lm = (uint16_t)(r & (r << 1)); /* tiles with a white left neighbour */
        uint16_t um = (uint16_t)(r & prev);     /* tiles with a white upper neighbour */
        int sum = impl_popcount16(lm) + impl_popcount16(um);
        if (sum < pool) {
            pool -= sum;
            prev = r;
            continue;
        }
        /* the pool runs out in this row (at the tile where it reaches 0) */
        uint16_t rest = r;
        while (rest) {
            int x = __builtin_ctz(rest);
            rest &= (uint16_t)(rest - 1);
            pool -= (int)((lm >> x) & 1u) + (int)((um >> x) & 1u);
            if (pool <= 0)
                break;
        }
        int d = impl_popcount16(rest);
        for (int yy = y + 1; yy < 16; yy++)
            d += impl_popcount16(white[yy]);
        return d;
    }
    return 0;
}

#endif
