/* impl/walk_avx2.c: the walk's wavefront (walk_wave.h) with a plane in one
 * 256-bit AVX2 register, row y = 16-bit lane y. Compiled for AVX2 by a
 * target attribute on every function, so the library still runs anywhere:
 * walk.c calls it only where the CPU has AVX2 (impl_walk_path).
 *
 * East and west are lane shifts; north and south move the whole plane by
 * one lane, across the middle of the register: the other 128-bit half is
 * brought beside each half (VPERM2I128, the missing half zero) and the
 * pair shifted by two bytes (VPALIGNR).
 *
 * walk_avx512.c compiles this file again, with WALK_AVX512 defined, for
 * CPUs with AVX-512 BW and VL: north and south are then one lane
 * permutation each with the vacated lane zeroed by a mask (VPERMW), and the
 * compiler joins the plane's and/or chains into three-input logic
 * instructions; measured alone, 75 against 67 ns a walk of the sweep. */
#include "grotto/walk.h"
#include "impl.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#ifdef WALK_AVX512
#define WALK_ATTR __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))
#else
#define WALK_ATTR __attribute__((target("avx2")))
#endif

typedef __m256i wplane;

WALK_ATTR static inline wplane wp_load(const uint16_t r[16])
{
    return _mm256_loadu_si256((const __m256i *)(const void *)r);
}

WALK_ATTR static inline wplane wp_zero(void)
{
    return _mm256_setzero_si256();
}

/* The plane of the one cell (x, y), made in a register (a row stored into
 * a zeroed array and the array loaded whole waited on store forwarding) */
WALK_ATTR static inline wplane wp_cell(grotto_xy c)
{
#ifdef WALK_AVX512
    return _mm256_maskz_set1_epi16((__mmask16)(1u << c.y), (short)(1u << c.x));
#else
    const __m256i lanes = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm256_and_si256(_mm256_cmpeq_epi16(lanes, _mm256_set1_epi16((short)c.y)),
                            _mm256_set1_epi16((short)(1u << c.x)));
#endif
}

WALK_ATTR static inline wplane wp_and(wplane a, wplane b)
{
    return _mm256_and_si256(a, b);
}

WALK_ATTR static inline wplane wp_or(wplane a, wplane b)
{
    return _mm256_or_si256(a, b);
}

/* a less b */
WALK_ATTR static inline wplane wp_andnot(wplane a, wplane b)
{
    return _mm256_andnot_si256(b, a);
}

WALK_ATTR static inline int wp_any(wplane a)
{
    return !_mm256_testz_si256(a, a);
}

/* x + 1 */
WALK_ATTR static inline wplane wp_east(wplane a)
{
    return _mm256_slli_epi16(a, 1);
}

WALK_ATTR static inline wplane wp_west(wplane a)
{
    return _mm256_srli_epi16(a, 1);
}

#ifdef WALK_AVX512
/* y - 1: lane y + 1 moves to lane y (row 15 becomes empty) */
WALK_ATTR static inline wplane wp_north(wplane a)
{
    const __m256i from = _mm256_setr_epi16(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0);
    return _mm256_maskz_permutexvar_epi16(0x7FFF, from, a);
}

/* y + 1 */
WALK_ATTR static inline wplane wp_south(wplane a)
{
    const __m256i from = _mm256_setr_epi16(0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
    return _mm256_maskz_permutexvar_epi16(0xFFFE, from, a);
}

#define WALK_ROWS walk_rows_avx512
#include "walk_wave.h"

WALK_ATTR uint16_t impl_walk_rows_avx512(const uint16_t rows[16], grotto_xy up, grotto_xy down)
{
    return walk_rows_avx512(rows, up, down);
}
#else
/* y - 1: lane y + 1 moves to lane y (row 15 becomes empty) */
WALK_ATTR static inline wplane wp_north(wplane a)
{
    return _mm256_alignr_epi8(_mm256_permute2x128_si256(a, a, 0x81), a, 2);
}

/* y + 1 */
WALK_ATTR static inline wplane wp_south(wplane a)
{
    return _mm256_alignr_epi8(a, _mm256_permute2x128_si256(a, a, 0x08), 14);
}

#define WALK_ROWS walk_rows_avx2
#include "walk_wave.h"

WALK_ATTR uint16_t impl_walk_rows_avx2(const uint16_t rows[16], grotto_xy up, grotto_xy down)
{
    return walk_rows_avx2(rows, up, down);
}
#endif
#else
typedef int impl_walk_avx2_absent; /* ISO C wants a declaration in every file */
#endif
