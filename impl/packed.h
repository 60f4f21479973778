/* impl/packed.h: 256-bit planes of the 16 x 16 grid and the line masks
 * impl/ reads grids through.
 *
 * A plane is 256 bits: row y is the 16-bit lane r[y] (bit x = cell (x, y)),
 * four rows per 64-bit word q[] (walk.c moves whole planes with word
 * shifts). A "line mask" is 16 bits along a row or a column; pk_span makes
 * one, pk_transpose turns a set of column masks into row masks (the
 * corridor phase collects its column segments that way, floorgen.c). */
#ifndef IMPL_PACKED_H
#define IMPL_PACKED_H

#include <stdint.h>
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

#define PK_LANES UINT64_C(0x0001000100010001)

/* Bits lo..hi of a 16-bit line (0 when lo > hi); 0 <= lo <= 16 and
 * -1 <= hi <= 15. The bits up to hi and the bits from lo on have no bit
 * in common when lo > hi: no branch (the corridor phase's spans are empty
 * or not as the drawn doors fall, a branch mispredicted often). */
static inline uint16_t pk_span(int lo, int hi)
{
    return (uint16_t)((0xFFFFu >> (15 - hi)) & ~((1u << lo) - 1u));
}

/* One column of 16 masks: bit y = bit x of in[y]. With SSE2 every 16-bit
 * lane is shifted left so that bit x becomes its sign bit, the lanes are
 * packed to bytes with signed saturation (which keeps the sign) and one
 * movemask collects the sixteen signs. */
static inline uint16_t pk_column(const uint16_t in[16], int x)
{
#if defined(__SSE2__)
    __m128i shift = _mm_cvtsi32_si128(15 - x);
    __m128i a = _mm_sll_epi16(_mm_loadu_si128((const __m128i *)(const void *)in), shift);
    __m128i b = _mm_sll_epi16(_mm_loadu_si128((const __m128i *)(const void *)(in + 8)), shift);
    return (uint16_t)_mm_movemask_epi8(_mm_packs_epi16(a, b));
#else
    uint32_t m = 0;
    for (int y = 0; y < 16; y++)
        m |= (uint32_t)((in[y] >> x) & 1u) << y;
    return (uint16_t)m;
#endif
}

/* Transpose of 16 masks: bit y of out[x] = bit x of in[y]. With SSE2 the
 * low bytes of the 16 masks (bits 0-7) go into one register and the high
 * bytes into another, one byte per mask; shifting every 16-bit lane left
 * by 7 - x brings bit x of each byte to the byte's top bit (the bits that
 * cross into the next byte land below its top bit), and one movemask
 * collects the sixteen top bits: out[x] from the low bytes, out[x + 8]
 * from the high ones. */
static inline void pk_transpose(const uint16_t in[16], uint16_t out[16])
{
#if defined(__SSE2__)
    const __m128i low = _mm_set1_epi16(0x00FF);
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)in);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(in + 8));
    __m128i lo = _mm_packus_epi16(_mm_and_si128(a, low), _mm_and_si128(b, low));
    __m128i hi = _mm_packus_epi16(_mm_srli_epi16(a, 8), _mm_srli_epi16(b, 8));
    for (int x = 0; x < 8; x++) {
        __m128i shift = _mm_cvtsi32_si128(7 - x);
        out[x] = (uint16_t)_mm_movemask_epi8(_mm_sll_epi16(lo, shift));
        out[x + 8] = (uint16_t)_mm_movemask_epi8(_mm_sll_epi16(hi, shift));
    }
#else
    for (int x = 0; x < 16; x++)
        out[x] = pk_column(in, x);
#endif
}

#endif
