/* impl/: the AT of a map seed (research.md §4) by jump-ahead and bit sets.
 *
 * - Fixed steps (the shown values, the POP of a zoom) are one affine jump
 *   from the seed: state_N = A_N * seed + C_N.
 * - R2 / +3 / N2: the first 404 values become two bit sets (value < 128,
 *   value < 256) of seven 64-bit words; each mark is an AND of shifted
 *   sets, and its position is the lowest set bit.
 * - Deftness in integers: ceil((100 v - 65536) / 32768) * 20 is the tool's
 *   double formula exactly (v / 32768 is exact in binary).
 * - Drop patterns: the hit bits of the recorded steps are produced a word
 *   (64 steps) at a time; for each word, the ends of every full window
 *   that equals one of the pattern's windows come out of one AND per
 *   window bit over shifted words (bit-parallel). The restarts after a
 *   match are then a walk over those candidate ends: after a match ending
 *   at e, an end e' counts when e' - e >= width (a full window, a
 *   candidate bit) or, for width > min_valid, when min_valid <= e' - e <
 *   width and the window with the bits at or before e cleared matches. */
#include <string.h>

#include "always.h"
#include "grotto/at.h"
#include "grotto/engine.h"
#include "impl.h"
#include "lcg.h"

enum { MARK_VALUES = GROTTO_AT_MARK_STEPS + 4, MARK_WORDS = (MARK_VALUES + 63) / 64 };

static inline uint32_t value_of_state(uint32_t s)
{
    return (s >> 16) & 0x7FFFu;
}

/* bit i of the result = bit i + k of the set (words beyond are zero) */
static inline uint64_t shifted_word(const uint64_t *set, int words, int j, int k)
{
    uint64_t lo = set[j] >> k;
    uint64_t hi = (ALWAYS(k > 0) && j + 1 < words) ? set[j + 1] << (64 - k) : 0; /* callers: k 1..3 */
    return lo | hi;
}

static int16_t lowest_position(const uint64_t *marks)
{
    for (int j = 0; j < MARK_WORDS; j++)
        if (marks[j])
            return (int16_t)(64 * j + __builtin_ctzll(marks[j]) + 1);
    return -1;
}

int impl_at(uint32_t seed, grotto_at_t *out)
{
    if (seed > GROTTO_SEED_MAX)
        return -1;
    grotto_at_t a;
    for (int k = 0; k < GROTTO_AT_SHOWN; k++)
        a.shown[k] = (uint16_t)impl_draw_at(seed, GROTTO_AT_SHOWN_FIRST + k);

    uint64_t rare[MARK_WORDS] = {0}, normal[MARK_WORDS] = {0};
    uint32_t s = seed;
    for (int i = 0; i < MARK_VALUES; i++) {
        uint32_t v = impl_next15(&s);
        rare[i >> 6] |= (uint64_t)(v < GROTTO_AT_MARK_RARE) << (i & 63);
        normal[i >> 6] |= (uint64_t)(v < GROTTO_AT_MARK_NORMAL) << (i & 63);
    }
    uint64_t r2[MARK_WORDS], p3[MARK_WORDS], n2[MARK_WORDS];
    for (int j = 0; j < MARK_WORDS; j++) {
        /* positions 0..399 only */
        uint64_t in_range = 64 * j + 64 <= GROTTO_AT_MARK_STEPS          ? ~0ull
                            : NEVER(64 * j >= GROTTO_AT_MARK_STEPS) ? 0ull /* 7 words: the last is partial */
                                                                    : (1ull << (GROTTO_AT_MARK_STEPS - 64 * j)) - 1ull;
        uint64_t r0 = rare[j], r1 = shifted_word(rare, MARK_WORDS, j, 1);
        uint64_t r3 = shifted_word(rare, MARK_WORDS, j, 3), r2s = shifted_word(rare, MARK_WORDS, j, 2);
        uint64_t n1 = shifted_word(normal, MARK_WORDS, j, 1), n3 = shifted_word(normal, MARK_WORDS, j, 3);
        r2[j] = r0 & r1 & in_range;
        p3[j] = r0 & r3 & in_range;
        n2[j] = ~r0 & n1 & ~r2s & n3 & in_range;
    }
    a.r2 = lowest_position(r2);
    a.plus3 = lowest_position(p3);
    a.n2 = lowest_position(n2);
    *out = a;
    return 0;
}

static int deftness_of(uint32_t v)
{
    int t = 100 * (int)v - 65536; /* 32768 * (v / 32768 * 100 - 2) */
    if (t <= 0)
        return 0;
    int raw = 20 * ((t + 32767) / 32768);
    return raw > 999 ? GROTTO_AT_DEFT_MAX : raw;
}

int impl_at_pop(uint32_t seed, int zoom, grotto_at_pop *out)
{
    if (seed > GROTTO_SEED_MAX || zoom < 0 || zoom > GROTTO_AT_ZOOM_MAX)
        return -1;
    uint32_t N = GROTTO_AT_POP_BASE + GROTTO_AT_POP_STRIDE * (uint32_t)zoom;
    impl_affine j = N <= IMPL_JUMP_MAX ? impl_jump[N] : impl_affine_pow(N); /* zooms 0..3: the table's */
    uint32_t s = j.a * seed + j.c;
    out->index = N;
    out->value = (uint16_t)value_of_state(s);
    out->next = (uint16_t)impl_next15(&s);
    out->deftness = (uint16_t)deftness_of(out->next);
    return 0;
}

int impl_whistle(uint32_t seed, const grotto_whistle *w)
{
    if (w->env < 1 || w->env > GT_ENV_COUNT || w->mr < 1 || w->mr > GT_MONSTER_RANKS || w->deft_max < -1)
        return -1;
    const struct gt_floor_table *ft = &gt_floor_tables[w->env][w->mr];
    int32_t lo = -1, hi = -1;
    for (int j = ft->F - 1; j >= 0; j--)
        if (ft->spawn[j].monster == (uint16_t)w->monster && w->monster >= 0) {
            lo = ft->spawn[j].lo;
            hi = ft->spawn[j].hi;
        }
    grotto_at_pop p;
    if (lo < 0 || impl_at_pop(seed, w->zoom, &p) != 0)
        return -1;
    int in_window = (int32_t)p.value >= lo && (int32_t)p.value <= hi;
    return in_window && (w->deft_max < 0 || (int)p.deftness <= w->deft_max);
}

/* ---- drop patterns ---- */

/* The window ending at bit `off` of cur in the patterns' order: bit j =
 * the hit bit j steps earlier (bits before cur come from prev). */
static inline uint32_t window_at(uint64_t prev, uint64_t cur, int off, int width)
{
    uint32_t w = 0;
    for (int j = 0; j < width; j++) {
        int i = off - j;
        uint64_t bit = i >= 0 ? cur >> i : prev >> (64 + i);
        w |= (uint32_t)(bit & 1u) << j;
    }
    return w;
}

/* Bit i set when the full window ending at bit i of cur equals one of the
 * pattern's windows. */
static uint64_t candidate_ends(const struct gt_at_pattern *p, uint64_t prev, uint64_t cur)
{
    uint64_t any = 0;
    for (int w = 0; w < p->windows; w++) {
        uint64_t all = ~0ull;
        for (int j = 0; j < p->width; j++) {
            if (!(p->care >> j & 1u))
                continue;
            uint64_t bits = j ? (cur << j) | (prev >> (64 - j)) : cur; /* bit i = hit of step i - j */
            all &= (p->window[w] >> j & 1u) ? bits : ~bits;
        }
        any |= all;
    }
    return any;
}

/* The hit bits of the n (1..64) steps after state s: bit i = whether step
 * i + 1's value is at most the threshold (state & 0x7FFF0000 <= limit).
 * The steps are four chains, each jumping four steps at a time
 * (impl_jump[4]), so that four multiplications run side by side instead
 * of one dependent chain of 64 (the scan's cost was that chain). */
static inline uint64_t hit_word(uint32_t s, int n, uint32_t limit)
{
    const impl_affine j4 = impl_jump[4];
    uint32_t x0 = s * IMPL_MULT + IMPL_INC, x1 = x0 * IMPL_MULT + IMPL_INC;
    uint32_t x2 = x1 * IMPL_MULT + IMPL_INC, x3 = x2 * IMPL_MULT + IMPL_INC;
    /* each turn's four bits enter at the top (constant shifts only), so
     * after q turns step i's bit sits at i + 64 - 4q */
    uint64_t cur = 0;
    int q = (n + 3) / 4;
    for (int t = 0; t < q; t++) {
        uint64_t nib = (uint64_t)((x0 & 0x7FFF0000u) <= limit) | (uint64_t)((x1 & 0x7FFF0000u) <= limit) << 1 |
                       (uint64_t)((x2 & 0x7FFF0000u) <= limit) << 2 | (uint64_t)((x3 & 0x7FFF0000u) <= limit) << 3;
        cur = cur >> 4 | nib << 60;
        x0 = x0 * j4.a + j4.c;
        x1 = x1 * j4.a + j4.c;
        x2 = x2 * j4.a + j4.c;
        x3 = x3 * j4.a + j4.c;
    }
    if (q < 16)
        cur >>= 64 - 4 * q;
    return n < 64 ? cur & ((1ull << n) - 1ull) : cur;
}

/* The same eight steps at a time where the CPU has AVX2 (asked at run
 * time; compiled for it by a target attribute, so the binary runs
 * anywhere): register r holds steps 8r + 1 .. 8r + 8 in its 32-bit lanes,
 * each one jump from s (impl_jump_lane_a/c), so no register waits for
 * another; a compare and a movemask give its eight bits. The compare is
 * signed, which is exact here: both sides lie in 0..0x7FFF0000
 * (thresholds are 15-bit). */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AT_AVX2 1
#define AVX2 __attribute__((target("avx2")))

AVX2 static uint64_t hit_word_avx2(uint32_t s, int n, uint32_t limit)
{
    const __m256i seed = _mm256_set1_epi32((int)s);
    const __m256i *ja = (const __m256i *)(const void *)impl_jump_lane_a;
    const __m256i *jc = (const __m256i *)(const void *)impl_jump_lane_c;
    const __m256i value = _mm256_set1_epi32(0x7FFF0000), above = _mm256_set1_epi32((int)limit);
    uint64_t cur = 0;
    for (int r = 0; r < (n + 7) / 8; r++) {
        __m256i x = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_loadu_si256(ja + r), seed), _mm256_loadu_si256(jc + r));
        __m256i over = _mm256_cmpgt_epi32(_mm256_and_si256(x, value), above);
        unsigned miss = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(over));
        cur |= (uint64_t)(~miss & 0xFFu) << (8 * r);
    }
    return n < 64 ? cur & ((1ull << n) - 1ull) : cur;
}
#endif

int impl_at_hits_on(int path, uint32_t s, int n, uint32_t limit, uint64_t *out)
{
    if (n < 1 || n > 64 || limit > 0x7FFF0000u)
        return -1;
    if (path == IMPL_AT_SCALAR) {
        *out = hit_word(s, n, limit);
        return 0;
    }
#ifdef AT_AVX2
    if (path == IMPL_AT_AVX2 && impl_cpu_avx2) {
        *out = hit_word_avx2(s, n, limit);
        return 0;
    }
#endif
    return -1;
}

int impl_at_scan_path(void)
{
#ifdef AT_AVX2
    return impl_cpu_avx2 ? IMPL_AT_AVX2 : IMPL_AT_SCALAR;
#else
    return IMPL_AT_SCALAR;
#endif
}

static inline uint64_t hits(int path, uint32_t s, int n, uint32_t limit)
{
#ifdef AT_AVX2
    if (path == IMPL_AT_AVX2)
        return hit_word_avx2(s, n, limit);
#endif
    (void)path;
    return hit_word(s, n, limit);
}

typedef struct scan_out {
    uint32_t *start;
    size_t cap;
    long count;
    uint32_t min_start;
} scan_out;

static void emit(scan_out *o, int64_t match_start)
{
    if (match_start < (int64_t)o->min_start)
        return;
    if ((size_t)o->count < o->cap)
        o->start[o->count] = (uint32_t)match_start;
    o->count++;
}

/* seed and threshold are 15-bit values; pattern 1..13; 1 <= max_steps and
 * pop <= the API's limit; somewhere to write when cap > 0 */
static int scan_query_valid(uint32_t seed, const grotto_at_scan_query *q, const uint32_t *start, size_t cap)
{
    if ((seed | q->threshold) >> 15)
        return 0;
    if ((unsigned)q->pattern - 1u >= (unsigned)GT_AT_PATTERN_COUNT)
        return 0;
    if (q->max_steps - 1u >= (uint32_t)GROTTO_AT_MAX_STEPS) /* 0 wraps round */
        return 0;
    return q->pop <= (uint32_t)GROTTO_AT_MAX_STEPS && (start != NULL || cap == 0);
}

long impl_at_scan(uint32_t seed, const grotto_at_scan_query *q, uint32_t *start, size_t cap)
{
    if (!scan_query_valid(seed, q, start, cap))
        return -1;
    const struct gt_at_pattern *p = &gt_at_pattern[q->pattern];
    int unbounded = q->max_steps <= GROTTO_AT_NO_BOUND_MAX;
    uint32_t first = unbounded ? 1 : GROTTO_AT_LOWER_BOUND; /* step of bit 0 */
    scan_out o = {start, cap, 0, unbounded ? 1 : q->pop + 3};
    if (NEVER(q->max_steps < first)) /* max_steps >= 1, and > GROTTO_AT_NO_BOUND_MAX when first is 38 */
        return 0;
    uint64_t bits = (uint64_t)(q->max_steps - first + 1); /* recorded steps */

    impl_affine j = impl_affine_pow(first - 1);
    uint32_t s = j.a * seed + j.c;
    uint32_t limit = q->threshold << 16; /* value <= t  <=>  (state & 0x7FFF0000) <= t << 16 */
    int64_t last = -1;                   /* bit of the last match end (-1: the scan's start) */
    uint64_t prev = 0;
    const impl_affine j64 = impl_jump[64];
    const int path = impl_at_scan_path();
    for (uint64_t base = 0; base < bits; base += 64) {
        int n = bits - base < 64 ? (int)(bits - base) : 64;
        uint64_t cur = hits(path, s, n, limit);
        s = j64.a * s + j64.c; /* the next word's start (unused after a partial word) */
        uint64_t cand = candidate_ends(p, prev, cur);
        if (n < 64)
            cand &= (1ull << n) - 1ull;
        for (;;) {
            /* a partial window right after the last match (only when width > min_valid) */
            int64_t e = -1;
            for (int64_t k = last + p->min_valid; k < last + p->width && e < 0; k++) {
                if (k < (int64_t)base || k >= (int64_t)base + n)
                    continue;
                uint32_t recorded = (1u << (k - last)) - 1u;
                uint32_t win = window_at(prev, cur, (int)(k - base), p->width) & recorded & p->care;
                for (int w = 0; w < p->windows; w++)
                    if (win == p->window[w])
                        e = k;
            }
            if (e < 0) {
                int64_t from = last + p->width;
                if (from < (int64_t)base)
                    from = (int64_t)base;
                if (from - (int64_t)base >= 64)
                    break;
                uint64_t rest = cand & (~0ull << (from - (int64_t)base));
                if (!rest)
                    break;
                e = (int64_t)base + __builtin_ctzll(rest);
            }
            emit(&o, (int64_t)first + e - p->width + 1);
            last = e;
        }
        prev = cur;
    }
    return o.count;
}
