/* impl/fnv.c: the record digest (records.md "Digest": FNV-1a 64) of many
 * records at once, for the sweep.
 *
 * FNV-1a is one chain per record, an xor and a 64-bit multiply per byte:
 * the bytes of one record cannot be hashed side by side, but records can.
 *  - Scalar path: eight records at a time, eight chains in eight
 *    registers; the one 64-bit multiplier is the limit, about a cycle a
 *    byte.
 *  - AVX-512 path (F, BW, DQ and VL, asked of the CPU at run time; the
 *    code is compiled for them with a target attribute, so the binary runs
 *    anywhere): a 256-bit register holds the states of four records and
 *    one VPMULLQ multiplies all four. Its latency (about 15 cycles) is
 *    hidden by keeping GROUP_VECTORS registers (48 records) in flight. A
 *    record's bytes are fetched 8 at a time, one gather for the four
 *    records of a register (lane j: record j's next 8 bytes), and each of
 *    the 8 steps moves its byte into the low byte of every lane, zeroing
 *    the others, with one in-lane shuffle (PSHUFB).
 *    256-bit registers, not 512: measured in the sweep (docs/performance.md,
 *    4 December, night), the 512-bit kernel was faster alone (0.13 against 0.21
 *    ns a byte) but slower in the sweep, whose other code then ran on a
 *    core clocked for 512-bit work.
 *
 * Records may differ in length (a MapRecord is hashed up to its last used
 * floor slot): a lane whose record has ended is masked out of the multiply
 * and of the gathers. Records are read in whole 8-byte blocks, so every
 * record's length rounded up to 8 must lie within `stride`; where it does
 * not, the scalar path answers (blocks_fit).
 *
 * Both paths give the digests of grotto_fnv1a (record.h) byte for byte;
 * test_impl_primitives compares them on records of every length 0..300 and
 * on counts that leave every kind of partial group. */
#include <string.h>

#include "grotto/record.h"
#include "impl.h"

/* The scalar path: groups of eight chains over the group's shortest
 * length, then each record alone over the rest of it. */
static void fnv_scalar(const uint8_t *base, size_t stride, const uint16_t *len, size_t n, uint64_t *out)
{
    size_t r = 0;
    for (; r + 8 <= n; r += 8) {
        const uint8_t *b = base + r * stride;
        size_t common = len ? len[r] : stride;
        for (int j = 1; len && j < 8; j++)
            common = len[r + (size_t)j] < common ? len[r + (size_t)j] : common;
        uint64_t h[8];
        for (int j = 0; j < 8; j++)
            h[j] = GROTTO_FNV_OFFSET;
        for (size_t i = 0; i < common; i++)
            for (int j = 0; j < 8; j++) /* unrolled by the compiler: eight registers */
                h[j] = (h[j] ^ b[(size_t)j * stride + i]) * GROTTO_FNV_PRIME;
        for (int j = 0; j < 8; j++) {
            size_t end = len ? len[r + (size_t)j] : stride;
            for (size_t i = common; i < end; i++)
                h[j] = (h[j] ^ b[(size_t)j * stride + i]) * GROTTO_FNV_PRIME;
            out[r + (size_t)j] = h[j];
        }
    }
    for (; r < n; r++)
        out[r] = grotto_fnv1a(base + r * stride, len ? len[r] : stride);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define FNV_AVX512 1
#define AVX512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl")))

enum { GROUP_VECTORS = 12, GROUP_RECORDS = 4 * GROUP_VECTORS };
_Static_assert(GROUP_VECTORS == 12, "fnv_avx512 takes a last group in 4, 8 or 12 registers");

/* Step t of an 8-byte block: byte t of every lane's word, zero-extended
 * (PSHUFB works within 128-bit lanes: two words each; index 0x80 zeroes). */
AVX512 static inline __m256i fnv_pick(int t)
{
    long long lo = (long long)(0x8080808080808000ull | (unsigned)t);
    long long hi = (long long)(0x8080808080808000ull | (unsigned)(8 + t));
    return _mm256_set_epi64x(hi, lo, hi, lo);
}
/* One group of at most 4 x NV records (record r of the group: base +
 * r * stride, len[r] bytes, r < n). NV is a constant at every call, so the
 * states stay in registers. */
AVX512 static inline __attribute__((always_inline)) void fnv_group(const uint8_t *base, size_t stride,
                                                                   const uint16_t *len, size_t n, uint64_t *out,
                                                                   const int NV)
{
    const __m256i prime = _mm256_set1_epi64x((long long)GROTTO_FNV_PRIME);
    const __m256i lane_at = _mm256_setr_epi64x(0, (long long)stride, 2 * (long long)stride, 3 * (long long)stride);
    __m256i h[GROUP_VECTORS], lens[GROUP_VECTORS];
    __mmask8 in_group[GROUP_VECTORS];
    size_t longest = 0;
    for (int v = 0; v < NV; v++) {
        uint64_t l[4];
        unsigned m = 0;
        for (int j = 0; j < 4; j++) {
            size_t r = (size_t)(4 * v + j);
            l[j] = r < n ? (len ? len[r] : stride) : 0;
            m |= (unsigned)(r < n) << j;
            longest = l[j] > longest ? l[j] : longest;
        }
        lens[v] = _mm256_loadu_si256((const __m256i *)l);
        in_group[v] = (__mmask8)m;
        h[v] = _mm256_set1_epi64x((long long)GROTTO_FNV_OFFSET);
    }
    for (size_t i = 0; i < longest; i += 8) {
        __m256i word[GROUP_VECTORS];
        __mmask8 live[GROUP_VECTORS];
        int whole = 1; /* every live lane has all 8 bytes of this block */
        for (int v = 0; v < NV; v++) {
            live[v] = _mm256_mask_cmpgt_epu64_mask(in_group[v], lens[v], _mm256_set1_epi64x((long long)i));
            whole &= _mm256_mask_cmpge_epu64_mask(live[v], lens[v], _mm256_set1_epi64x((long long)(i + 8))) == live[v];
            word[v] = _mm256_mmask_i64gather_epi64(_mm256_setzero_si256(), live[v], lane_at,
                                                  base + (size_t)(4 * v) * stride + i, 1);
        }
        for (int t = 0; t < 8; t++) {
            const __m256i pick = fnv_pick(t);
            for (int v = 0; v < NV; v++) {
                __mmask8 on = live[v];
                if (!whole)
                    on = _mm256_mask_cmpgt_epu64_mask(on, lens[v], _mm256_set1_epi64x((long long)(i + (size_t)t)));
                __m256i x = _mm256_xor_si256(h[v], _mm256_shuffle_epi8(word[v], pick));
                h[v] = _mm256_mask_mullo_epi64(h[v], on, x, prime);
            }
        }
    }
    for (int v = 0; v < NV; v++)
        _mm256_mask_storeu_epi64(out + 4 * v, in_group[v], h[v]);
}

/* A group of records of one length (stride bytes each or fewer) with
 * IMPL_FNV_SCALAR_LANES more chains in general registers beside the twelve
 * vector registers: VPMULLQ keeps the vector multiplier busy while the
 * scalar one (a separate port) idles, so four scalar chains ride along
 * nearly free - measured alone, 0.135 against 0.150 ns a byte; with six
 * or more the registers run out and it gets slower. */
AVX512 static void fnv_group_mixed(const uint8_t *base, size_t stride, size_t length, uint64_t *out)
{
    const __m256i prime = _mm256_set1_epi64x((long long)GROTTO_FNV_PRIME);
    const __m256i lane_at = _mm256_setr_epi64x(0, (long long)stride, 2 * (long long)stride, 3 * (long long)stride);
    __m256i h[GROUP_VECTORS];
    uint64_t sh[IMPL_FNV_SCALAR_LANES];
    const uint8_t *sb = base + (size_t)GROUP_RECORDS * stride; /* the scalar chains' records */
    for (int v = 0; v < GROUP_VECTORS; v++)
        h[v] = _mm256_set1_epi64x((long long)GROTTO_FNV_OFFSET);
    for (int j = 0; j < IMPL_FNV_SCALAR_LANES; j++)
        sh[j] = GROTTO_FNV_OFFSET;
    for (size_t i = 0; i < length; i += 8) {
        __m256i word[GROUP_VECTORS];
        for (int v = 0; v < GROUP_VECTORS; v++)
            word[v] = _mm256_i64gather_epi64((const long long *)(const void *)(base + (size_t)(4 * v) * stride + i),
                                             lane_at, 1);
        int steps = length - i < 8 ? (int)(length - i) : 8; /* a last, partial block */
        for (int t = 0; t < steps; t++) {
            const __m256i pick = fnv_pick(t);
            for (int v = 0; v < GROUP_VECTORS; v++)
                h[v] = _mm256_mullo_epi64(_mm256_xor_si256(h[v], _mm256_shuffle_epi8(word[v], pick)), prime);
            for (int j = 0; j < IMPL_FNV_SCALAR_LANES; j++)
                sh[j] = (sh[j] ^ sb[(size_t)j * stride + i + (size_t)t]) * GROTTO_FNV_PRIME;
        }
    }
    for (int v = 0; v < GROUP_VECTORS; v++)
        _mm256_storeu_si256((__m256i *)(void *)(out + 4 * v), h[v]);
    for (int j = 0; j < IMPL_FNV_SCALAR_LANES; j++)
        out[GROUP_RECORDS + j] = sh[j];
}

/* Whether the n lengths from len are all one. */
static int one_length(const uint16_t *len, size_t n)
{
    uint16_t differ = 0;
    for (size_t r = 1; r < n; r++)
        differ |= len[r] ^ len[0];
    return !differ;
}

AVX512 static void fnv_avx512(const uint8_t *base, size_t stride, const uint16_t *len, size_t n, uint64_t *out)
{
    size_t r = 0;
    enum { MIXED = GROUP_RECORDS + IMPL_FNV_SCALAR_LANES };
    _Static_assert((int)MIXED == (int)IMPL_FNV_GROUP_EQUAL, "impl.h's group of equal lengths is this one");
    for (; r + MIXED <= n && (!len || one_length(len + r, MIXED)); r += MIXED)
        fnv_group_mixed(base + r * stride, stride, len ? len[r] : stride, out + r);
    for (; r + GROUP_RECORDS <= n; r += GROUP_RECORDS)
        fnv_group(base + r * stride, stride, len ? len + r : NULL, GROUP_RECORDS, out + r, GROUP_VECTORS);
    size_t rest = n - r;
    base += r * stride;
    len = len ? len + r : NULL;
    out += r;
    /* the last group (1..47 records) in a group of 4, 8 or 12 registers,
     * its missing lanes masked: at most three registers idle */
    if (rest > 32)
        fnv_group(base, stride, len, rest, out, 12);
    else if (rest > 16)
        fnv_group(base, stride, len, rest, out, 8);
    else if (rest > 0)
        fnv_group(base, stride, len, rest, out, 4);
}
#endif

/* Every record read in whole 8-byte blocks stays within its stride (the
 * AVX-512 path's condition; a caller's mistake, so a real check). */
static int blocks_fit(size_t stride, const uint16_t *len, size_t n)
{
    if (!len)
        return stride % 8u == 0;
    for (size_t r = 0; r < n; r++)
        if (((size_t)len[r] + 7u) / 8u * 8u > stride)
            return 0;
    return 1;
}

int impl_fnv1a_records_on(int path, const uint8_t *base, size_t stride, const uint16_t *len, size_t n,
                          uint64_t *out)
{
    if (path == IMPL_FNV_SCALAR) {
        fnv_scalar(base, stride, len, n, out);
        return 0;
    }
#ifdef FNV_AVX512
    if (path == IMPL_FNV_AVX512 && impl_cpu_avx512 && blocks_fit(stride, len, n)) {
        fnv_avx512(base, stride, len, n, out);
        return 0;
    }
#endif
    return -1;
}

void impl_fnv1a_records(const uint8_t *base, size_t stride, const uint16_t *len, size_t n, uint64_t *out)
{
    if (impl_fnv1a_records_on(IMPL_FNV_AVX512, base, stride, len, n, out) != 0)
        fnv_scalar(base, stride, len, n, out);
}
