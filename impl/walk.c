/* impl/: walking cost of a floor (research.md §1) as a wavefront over
 * 256-bit planes, row y = 16-bit lane y: one AVX2 register where the CPU
 * has AVX2 (walk_avx2.c, asked at run time; walk_avx512.c where it has
 * AVX-512 too), else two SSE2 registers, or
 * four 64-bit words of packed.h where SSE2 is missing. The wavefront
 * itself is written once (walk_wave.h) over the plane operations each
 * file defines.
 *
 * Costs are integer half-steps: an orthogonal move 2, a diagonal move 3.
 * Instead of settling tiles one at a time, whole distance classes are
 * settled at once. ring[d mod 4] collects the tiles some settled tile can
 * step onto at cost d; the tiles of distance exactly d are those of
 * ring[d mod 4] not settled before (every distance-d tile has a
 * predecessor at d - 2 or d - 3, which were settled earlier, and a tile
 * first offered at d cannot be nearer). Settling class d offers its
 * orthogonal neighbours to d + 2 and its diagonal neighbours to d + 3, so
 * four slots suffice; they stay in registers, the loop taking four classes
 * a turn with the slots' roles rotated. The walk fails when a class and
 * the two after it are empty (nothing settled later could offer
 * anything).
 *
 * A move is a plane shift: east = every lane << 1 (no bit crosses into the
 * next lane), west = >> 1, north / south = the whole plane shifted by one
 * lane. The walkable plane (not 1 or 3, inside W x H) masks every
 * offer, so the edges of the floor need no tests. A diagonal move passes
 * between two orthogonal neighbours and both must be walkable: the
 * north-east move is "north of the walkable east neighbours" AND "east of
 * the walkable north neighbours" - a target whose two corners both lie in
 * the walkable plane. As plane shifts commute and distribute over AND,
 * that is the class shifted north-east AND a mask of the targets whose
 * corners are walkable, one per direction, made once per walk (walk_wave.h
 * walk_corners): a class then costs two vertical shifts, not six. */
#include <string.h>

#include "always.h"
#include "bitboard.h"
#include "grotto/walk.h"
#include "impl.h"
#include "packed.h"

/* ---- the plane operations of the wavefront ----
 * With SSE2 a plane is two registers of eight 16-bit lanes (rows 0-7 and
 * 8-15): east and west are lane shifts (a bit never crosses its lane),
 * north and south move whole lanes, a byte shift of each register plus
 * the lane carried over from the other one. Without SSE2, four 64-bit
 * words (packed.h pk_plane), lanes kept apart by masks. */
#if defined(__SSE2__)
typedef struct wplane {
    __m128i lo, hi;
} wplane;

static inline wplane wp_load(const uint16_t r[16])
{
    wplane p = {_mm_loadu_si128((const __m128i *)(const void *)r),
                _mm_loadu_si128((const __m128i *)(const void *)(r + 8))};
    return p;
}

static inline wplane wp_zero(void)
{
    wplane p = {_mm_setzero_si128(), _mm_setzero_si128()};
    return p;
}

/* The plane of the one cell (x, y), made in registers */
static inline wplane wp_cell(grotto_xy c)
{
    const __m128i lanes = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
    __m128i bit = _mm_set1_epi16((short)(1u << c.x));
    wplane p = {_mm_and_si128(_mm_cmpeq_epi16(lanes, _mm_set1_epi16((short)c.y)), bit),
                _mm_and_si128(_mm_cmpeq_epi16(lanes, _mm_set1_epi16((short)(c.y - 8))), bit)};
    return p;
}

static inline wplane wp_and(wplane a, wplane b)
{
    wplane p = {_mm_and_si128(a.lo, b.lo), _mm_and_si128(a.hi, b.hi)};
    return p;
}

static inline wplane wp_or(wplane a, wplane b)
{
    wplane p = {_mm_or_si128(a.lo, b.lo), _mm_or_si128(a.hi, b.hi)};
    return p;
}

/* a less b */
static inline wplane wp_andnot(wplane a, wplane b)
{
    wplane p = {_mm_andnot_si128(b.lo, a.lo), _mm_andnot_si128(b.hi, a.hi)};
    return p;
}

static inline int wp_any(wplane a)
{
    __m128i z = _mm_cmpeq_epi8(_mm_or_si128(a.lo, a.hi), _mm_setzero_si128());
    return _mm_movemask_epi8(z) != 0xFFFF;
}

/* x + 1 */
static inline wplane wp_east(wplane a)
{
    wplane p = {_mm_slli_epi16(a.lo, 1), _mm_slli_epi16(a.hi, 1)};
    return p;
}

static inline wplane wp_west(wplane a)
{
    wplane p = {_mm_srli_epi16(a.lo, 1), _mm_srli_epi16(a.hi, 1)};
    return p;
}

/* y - 1: lane y + 1 moves to lane y (row 15 becomes empty) */
static inline wplane wp_north(wplane a)
{
    wplane p = {_mm_or_si128(_mm_srli_si128(a.lo, 2), _mm_slli_si128(a.hi, 14)), _mm_srli_si128(a.hi, 2)};
    return p;
}

/* y + 1 */
static inline wplane wp_south(wplane a)
{
    wplane p = {_mm_slli_si128(a.lo, 2), _mm_or_si128(_mm_slli_si128(a.hi, 2), _mm_srli_si128(a.lo, 14))};
    return p;
}
#else
typedef pk_plane wplane;

#define LANE_LOW PK_LANES          /* bit 0 of every lane */
#define LANE_HIGH (PK_LANES << 15) /* bit 15 of every lane */

static inline wplane wp_load(const uint16_t r[16])
{
    wplane p;
    memcpy(p.r, r, sizeof p.r);
    return p;
}

static inline wplane wp_zero(void)
{
    wplane p;
    memset(&p, 0, sizeof p);
    return p;
}

/* The plane of the one cell (x, y) */
static inline wplane wp_cell(grotto_xy c)
{
    wplane p = wp_zero();
    p.r[c.y] = (uint16_t)(1u << c.x);
    return p;
}

static inline wplane wp_and(wplane a, wplane b)
{
    for (int j = 0; j < 4; j++)
        a.q[j] &= b.q[j];
    return a;
}

static inline wplane wp_or(wplane a, wplane b)
{
    for (int j = 0; j < 4; j++)
        a.q[j] |= b.q[j];
    return a;
}

static inline wplane wp_andnot(wplane a, wplane b)
{
    for (int j = 0; j < 4; j++)
        a.q[j] &= ~b.q[j];
    return a;
}

static inline int wp_any(wplane a)
{
    return (a.q[0] | a.q[1] | a.q[2] | a.q[3]) != 0;
}

static inline wplane wp_east(wplane a)
{
    for (int j = 0; j < 4; j++)
        a.q[j] = (a.q[j] << 1) & ~LANE_LOW;
    return a;
}

static inline wplane wp_west(wplane a)
{
    for (int j = 0; j < 4; j++)
        a.q[j] = (a.q[j] >> 1) & ~LANE_HIGH;
    return a;
}

static inline wplane wp_north(wplane a)
{
    wplane n;
    for (int j = 0; j < 4; j++)
        n.q[j] = (a.q[j] >> 16) | (j < 3 ? a.q[j + 1] << 48 : 0);
    return n;
}

static inline wplane wp_south(wplane a)
{
    wplane s;
    for (int j = 0; j < 4; j++)
        s.q[j] = (a.q[j] << 16) | (j > 0 ? a.q[j - 1] >> 48 : 0);
    return s;
}
#endif

/* The walkable rows: rows below h, bits below w, without 1/3. */
static void walkable_rows(const grotto_floor_t *f, int w, int h, uint16_t rows[16])
{
    uint16_t blocked[16];
    impl_blocked_rows(f->grid, blocked);
    uint16_t cols = (uint16_t)((1u << w) - 1u);
    for (int y = 0; y < 16; y++)
        rows[y] = y < h ? (uint16_t)(cols & ~blocked[y]) : 0;
}

/* A floor's walk before any wavefront: 1 with the answer in *answer
 * (a size out of range, stairs on one tile, stairs outside the floor), or
 * 0 with the walkable rows made. */
static int walk_input(const grotto_floor_t *f, uint16_t rows[16], uint16_t *answer)
{
    int w = f->width, h = f->height;
    grotto_xy up = f->up, down = f->down;
    *answer = GROTTO_WALK_NONE;
    if (w < 1 || w > 16 || h < 1 || h > 16)
        return 1;
    if (up.x == down.x && up.y == down.y) {
        *answer = 0;
        return 1;
    }
    if (up.x >= w || up.y >= h || down.x >= w || down.y >= h)
        return 1;
    walkable_rows(f, w, h, rows);
    return 0;
}

uint16_t impl_walk(const grotto_floor_t *f)
{
    uint16_t rows[16], answer;
    if (walk_input(f, rows, &answer))
        return answer;
    return impl_walk_rows(rows, f->up, f->down);
}

#define WALK_ATTR
#define WALK_ROWS walk_rows_base
#include "walk_wave.h"

int impl_walk_path(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (impl_cpu_avx512)
        return IMPL_WALK_AVX512;
#endif
    return impl_cpu_avx2 ? IMPL_WALK_AVX2 : IMPL_WALK_BASE;
}

/* Whether this CPU runs path: the paths are ordered, and a CPU that runs
 * one runs those before it (every AVX-512 CPU has AVX2). */
static int walk_path_runs(int path)
{
    return path >= IMPL_WALK_BASE && path <= impl_walk_path();
}

/* The walk on one path; -1 for a path not built in or not on this CPU. */
static int walk_rows_on(int path, const uint16_t rows[16], grotto_xy up, grotto_xy down, uint16_t *out)
{
    if (path == IMPL_WALK_BASE) {
        *out = walk_rows_base(rows, up, down);
        return 0;
    }
#if defined(__x86_64__) && defined(__GNUC__)
    if (path == IMPL_WALK_AVX2 && walk_path_runs(path)) {
        *out = impl_walk_rows_avx2(rows, up, down);
        return 0;
    }
    if (path == IMPL_WALK_AVX512 && walk_path_runs(path)) {
        *out = impl_walk_rows_avx512(rows, up, down);
        return 0;
    }
#endif
    return -1;
}

uint16_t impl_walk_rows(const uint16_t rows[16], grotto_xy up, grotto_xy down)
{
    /* both callers (impl_walk above, the sweep's generated floors) pass
     * distinct stairs inside the grid */
    if (NEVER(up.x == down.x && up.y == down.y))
        return 0;
    if (NEVER(up.x > 15 || up.y > 15 || down.x > 15 || down.y > 15))
        return GROTTO_WALK_NONE;
    uint16_t cost;
    if (walk_rows_on(impl_walk_path(), rows, up, down, &cost) != 0)
        cost = walk_rows_base(rows, up, down);
    return cost;
}

int impl_walk_on(int path, const grotto_floor_t *f, uint16_t *out)
{
    uint16_t rows[16], answer;
    if (!walk_path_runs(path))
        return -1;
    if (walk_input(f, rows, &answer)) {
        *out = answer;
        return 0;
    }
    return walk_rows_on(path, rows, f->up, f->down, out);
}
