/* impl/packed.h: the packed grid of the layout generator (floor-generation.md §5-§9).
 *
 * The 16 x 16 grid is four bitplanes, one per tile class the layout phases
 * write: wall (1), partition (3), door (8), corridor (2). Floor (0) is "no
 * plane"; the planes are pairwise disjoint. A plane is 256 bits: row y is
 * the 16-bit lane r[y] (bit x = cell (x, y)), four rows per 64-bit word q[].
 *
 * Everything the generator does is a "line" operation: a line is a row
 * (orientation 0: line i = row i, bit = x) or a column (orientation 1: line
 * i = column i, bit = y). Rows are the lanes themselves; a column is
 * gathered from / scattered to the four words with one multiply each
 * (pk_col_get / pk_col_mask), so vertical and horizontal rules share one
 * code path and every test or write is a mask operation:
 *  - a run (erosion's shrink walk) is the count of zero bits of a stop mask
 *    from the edge: count-trailing-zeros inward (+1) or count-leading-zeros
 *    (-1); the stop mask is built from the line and its two side lines;
 *  - growth, corridors, partition lines and rooms are masked writes;
 *  - the extension scan (§8, R2) is "the nearest open bit beyond the end",
 *    a ctz/clz over the 16-bit line: bits beyond W/H are walls because the
 *    wall plane starts all ones and nothing outside W x H is ever written.
 */
#ifndef IMPL_PACKED_H
#define IMPL_PACKED_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "impl/packed.h: lanes r[] alias q[] in little-endian order"
#endif

typedef union pk_plane {
    uint64_t q[4];
    uint16_t r[16];
} pk_plane;

enum { PK_WALL, PK_PART, PK_DOOR, PK_CORR, PK_PLANES };
enum { PK_FLOOR = -1 }; /* "code" of a write that clears every plane */

typedef struct pk_grid {
    pk_plane p[PK_PLANES];
} pk_grid;

#define PK_LANES UINT64_C(0x0001000100010001)

/* Bits lo..hi of a 16-bit line (0 when lo > hi); 0 <= lo, hi <= 15. */
static inline uint16_t pk_span(int lo, int hi)
{
    if (lo > hi)
        return 0;
    return (uint16_t)(((2u << hi) - 1u) & ~((1u << lo) - 1u));
}

/* Column x of a plane as a 16-bit line (bit y = cell (x, y)): bit x of the
 * four lanes of a word moved to bits 48..51 by one multiply (the partial
 * products land on distinct bits, so nothing carries into 48..51). */
static inline uint16_t pk_col_get(const pk_plane *p, int x)
{
    uint32_t c = 0;
    for (int j = 0; j < 4; j++)
        c |= (uint32_t)((((p->q[j] >> x) & PK_LANES) * UINT64_C(0x0001000200040008)) >> 48) << (4 * j);
    return (uint16_t)c;
}

/* The cells of column x named by a 16-bit line mask, as word j of a plane:
 * bits 4j..4j+3 of m spread to bit x of the four lanes (one multiply). */
static inline uint64_t pk_col_word(uint16_t m, int x, int j)
{
    uint64_t n = (m >> (4 * j)) & 0xFu;
    return ((n * UINT64_C(0x0000200040008001)) & PK_LANES) << x;
}

/* The cells m of line (o, i) := code (a plane index, or PK_FLOOR). */
static inline void pk_write(pk_grid *g, int o, int i, uint16_t m, int code)
{
    if (!o) {
        for (int k = 0; k < PK_PLANES; k++)
            g->p[k].r[i] &= (uint16_t)~m;
        if (code >= 0)
            g->p[code].r[i] |= m;
        return;
    }
    for (int j = 0; j < 4; j++) {
        uint64_t w = pk_col_word(m, i, j);
        if (!w)
            continue;
        for (int k = 0; k < PK_PLANES; k++)
            g->p[k].q[j] &= ~w;
        if (code >= 0)
            g->p[code].q[j] |= w;
    }
}

/* Blocked (1 or 3) cells of line (o, i). */
static inline uint16_t pk_blocked(const pk_grid *g, int o, int i)
{
    if (!o)
        return (uint16_t)(g->p[PK_WALL].r[i] | g->p[PK_PART].r[i]);
    return (uint16_t)(pk_col_get(&g->p[PK_WALL], i) | pk_col_get(&g->p[PK_PART], i));
}

/* Length of a run from bit e in direction dir (+1 towards bit 15, -1
 * towards bit 0) over the zero bits of stop, capped at cap and at the line's
 * end: the number of cells e, e+dir, ... before the first set bit. A guard
 * bit just past the end (bit 16 or bit -1, shifted with the line) ends it. */
static inline int pk_run(uint16_t stop, int e, int dir, int cap)
{
    int n;
    if (dir > 0)
        n = __builtin_ctz(((uint32_t)stop >> e) | (1u << (16 - e)));
    else
        n = __builtin_clz(((uint32_t)stop << (31 - e)) | (1u << (30 - e)));
    return n < cap ? n : cap;
}

/* The n cells e, e+dir, ..., e+(n-1)*dir as a line mask (n >= 0, all inside
 * 0..15). */
static inline uint16_t pk_cells(int e, int dir, int n)
{
    if (n <= 0)
        return 0;
    return dir > 0 ? pk_span(e, e + n - 1) : pk_span(e - n + 1, e);
}

/* The stop mask of an erosion shrink walk (§7) on a line whose walls are
 * `wall` and doors `door`, with side lines' walls `sa` and `sb`, walking in
 * direction dir: bit c is set when the walk cannot write cell c, i.e. c is
 * a door, the next cell inward (c + dir) is a wall, or on a side line the
 * cell beside c is open while the one beside c + dir is a wall. The walk
 * reads only cells it has not written yet, so the mask taken before the
 * walk decides it completely. */
static inline uint16_t pk_shrink_stop(uint16_t wall, uint16_t door, uint16_t sa, uint16_t sb, int dir)
{
    uint32_t nw, na, nb; /* bit c = the cell at c + dir */
    if (dir > 0) {
        nw = (uint32_t)wall >> 1;
        na = (uint32_t)sa >> 1;
        nb = (uint32_t)sb >> 1;
    } else {
        nw = (uint32_t)wall << 1;
        na = (uint32_t)sa << 1;
        nb = (uint32_t)sb << 1;
    }
    return (uint16_t)(door | nw | (~(uint32_t)sa & na) | (~(uint32_t)sb & nb));
}

/* Extension scan of §8 (R2): from `start`, the cells start+dir, ... up to
 * (not including) the first open (not blocked) cell of the line; 0 when no
 * open cell lies between start and the grid edge. */
static inline uint16_t pk_extension(uint16_t blocked, int start, int dir)
{
    uint32_t open = (uint16_t)~blocked;
    if (dir > 0) {
        open &= ~((2u << start) - 1u); /* bits above start */
        if (!open)
            return 0;
        return pk_span(start + 1, __builtin_ctz(open) - 1);
    }
    open &= (1u << start) - 1u; /* bits below start */
    if (!open)
        return 0;
    return pk_span(31 - __builtin_clz(open) + 1, start - 1);
}

/* Bit i of byte b to byte i (0 or 1) of a word. */
static inline uint64_t pk_spread8(unsigned b)
{
    uint64_t x = ((uint64_t)(b & 0xFFu) * UINT64_C(0x0101010101010101)) & UINT64_C(0x8040201008040201);
    return ((x + UINT64_C(0x7F7F7F7F7F7F7F7F)) >> 7) & UINT64_C(0x0101010101010101);
}

/* Byte row of tile codes from the four bits of the code (b0 = cells whose
 * code has bit 0 set, ...): 16 bytes. With SSE2 each bit row is broadcast,
 * its bit per byte selected and compared (0xFF where set); otherwise by
 * multiply spreading, eight bits at a time. */
static inline void pk_bytes_of_row(uint16_t b0, uint16_t b1, uint16_t b2, uint16_t b3, uint8_t out[16])
{
#if defined(__SSE2__)
    const __m128i sel = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    const uint16_t bits[4] = {b0, b1, b2, b3};
    __m128i row = _mm_setzero_si128();
    for (int j = 0; j < 4; j++) {
        __m128i v = _mm_set1_epi16((short)bits[j]);
        v = _mm_unpacklo_epi8(v, v); /* words: lo lo, hi hi, ... */
        v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0x00), 0x55); /* lo x 8, hi x 8 */
        __m128i on = _mm_cmpeq_epi8(_mm_and_si128(v, sel), sel);
        row = _mm_or_si128(row, _mm_and_si128(on, _mm_set1_epi8((char)(1 << j))));
    }
    _mm_storeu_si128((__m128i *)(void *)out, row);
#else
    uint64_t w[2];
    for (int h = 0; h < 2; h++) {
        int s = 8 * h;
        w[h] = pk_spread8(b0 >> s) | (pk_spread8(b1 >> s) << 1) | (pk_spread8(b2 >> s) << 2) |
               (pk_spread8(b3 >> s) << 3);
    }
    memcpy(out, w, 16);
#endif
}

#endif
