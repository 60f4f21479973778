/* impl/bytegrid.h: the byte grid of the layout generator's phases 1-5
 * (floor-generation.md §5-§9) and its line primitives.
 *
 * Why bytes here: every rule of those phases reads or writes one to three
 * cells at a time (an edge cell, the cell outside it, a shrink step's four
 * neighbours, a door, a corridor leg of a few cells), and a byte load or
 * store is the cheapest way to touch one cell; the grid is also what the
 * layout hands on (impl.h impl_layout.grid), so nothing is converted at the
 * end. Planes (row masks) take over where a rule reads whole neighbourhoods
 * or regions: the stair checks (bitboard.h impl_pat9), the floods of the
 * analysis and the walk.
 *
 * G(x, y) is g[16 y + x]. A "line" is a start cell and a step: 1 along a
 * row, 16 along a column (bg_stride), so one routine serves both
 * orientations and all four room edges: an edge is walked with step
 * `along`, its inward direction is `in` (+-1 or +-16) and the two side
 * neighbours of a cell lie at +-along. */
#ifndef IMPL_BYTEGRID_H
#define IMPL_BYTEGRID_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "grotto/types.h"
#include "lcg.h"

/* Offset between neighbouring cells along axis a (0 = x, 1 = y). */
static inline int bg_stride(int a)
{
    return 1 + (GROTTO_GRID - 1) * a; /* a is 0 or 1; no branch */
}

/* Tile 1 or 3 (floor-generation.md §0 BLOCKED). */
static inline int bg_blocked(uint8_t t)
{
    return (t | 2u) == 3u;
}

/* n cells from p, step apart, := v (nothing when n <= 0). */
static inline void bg_fill(uint8_t *p, int step, int n, uint8_t v)
{
    for (; n > 0; n--, p += step)
        *p = v;
}

/* G(x, y) := floor for x0 <= x <= x1, y0 <= y <= y1 (0 <= x0 <= x1 <= 15).
 * With SSE2 a row is one masked 16-byte update: the mask of the columns
 * kept is made once for all rows. */
static inline void bg_clear_rect(uint8_t *g, int x0, int y0, int x1, int y1)
{
#if defined(__SSE2__)
    const __m128i col = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i keep = _mm_or_si128(_mm_cmplt_epi8(col, _mm_set1_epi8((char)x0)),
                                _mm_cmpgt_epi8(col, _mm_set1_epi8((char)x1)));
    for (uint8_t *row = g + GROTTO_GRID * y0, *end = g + GROTTO_GRID * (y1 + 1); row != end; row += GROTTO_GRID) {
        __m128i *q = (__m128i *)(void *)row;
        _mm_storeu_si128(q, _mm_and_si128(_mm_loadu_si128(q), keep));
    }
#else
    for (int y = y0; y <= y1; y++)
        bg_fill(g + GROTTO_GRID * y + x0, 1, x1 - x0 + 1, GROTTO_TILE_FLOOR);
#endif
}

/* Row masks of the cells of line (o, i) that are blocked (1 or 3), as a
 * line mask: bit c = cell c of row i (o = 0) or of column i (o = 1). */
static inline uint16_t bg_blocked_line(const uint8_t *g, int o, int i)
{
    const uint8_t *p = g + i * bg_stride(1 - o);
    int step = bg_stride(o);
    uint32_t m = 0;
    for (int c = 0; c < GROTTO_GRID; c++, p += step)
        m |= (uint32_t)bg_blocked(*p) << c;
    return (uint16_t)m;
}

/* The extension scan of §8 (R2) along a line whose open cells (not
 * blocked) are the bits of `open`: from cell `start` in direction dir
 * (+1 or -1), the cells before the first open one, as a line mask; 0 when
 * no open cell lies between start and the grid's edge (nothing is
 * written). */
static inline uint16_t bg_extension(uint16_t open, int start, int dir)
{
    uint32_t beyond, first;
    if (dir > 0) {
        beyond = (uint32_t)open & ~((2u << start) - 1u); /* cells above start */
        if (!beyond)
            return 0;
        first = (uint32_t)__builtin_ctz(beyond);
        return (uint16_t)(((1u << first) - 1u) & ~((2u << start) - 1u));
    }
    beyond = (uint32_t)open & ((1u << start) - 1u); /* cells below start */
    if (!beyond)
        return 0;
    first = 31u - (uint32_t)__builtin_clz(beyond);
    return (uint16_t)(((1u << start) - 1u) & ~((2u << first) - 1u));
}

/* Every row y < rows: the cells named by first[y] := v1, then those named
 * by then[y] := v2. With SSE2 a row is two 16-byte selects: a mask's two
 * bytes broadcast, each byte's own bit picked out and compared (0xFF where
 * the cell is named). */
#if defined(__SSE2__)
static inline __m128i bg_bytes_of_mask(uint16_t mask)
{
    const __m128i bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    __m128i m = _mm_set1_epi16((short)mask);
    m = _mm_unpacklo_epi8(m, m);                                 /* lo lo hi hi ... */
    m = _mm_shufflehi_epi16(_mm_shufflelo_epi16(m, 0x00), 0x55); /* lo x 8, hi x 8 */
    return _mm_cmpeq_epi8(_mm_and_si128(m, bit), bit);
}
#endif

static inline void bg_put_rows(uint8_t *g, int rows, const uint16_t first[16], uint8_t v1, const uint16_t then[16],
                               uint8_t v2)
{
#if defined(__SSE2__)
    const __m128i val1 = _mm_set1_epi8((char)v1), val2 = _mm_set1_epi8((char)v2);
    for (int y = 0; y < rows; y++) {
        __m128i m1 = bg_bytes_of_mask(first[y]), m2 = bg_bytes_of_mask(then[y]);
        __m128i *q = (__m128i *)(void *)(g + GROTTO_GRID * y);
        __m128i row = _mm_loadu_si128(q);
        row = _mm_or_si128(_mm_andnot_si128(m1, row), _mm_and_si128(m1, val1));
        row = _mm_or_si128(_mm_andnot_si128(m2, row), _mm_and_si128(m2, val2));
        _mm_storeu_si128(q, row);
    }
#else
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < GROTTO_GRID; x++) {
            if ((first[y] >> x) & 1)
                g[GROTTO_GRID * y + x] = v1;
            if ((then[y] >> x) & 1)
                g[GROTTO_GRID * y + x] = v2;
        }
#endif
}

/* The growth of one room edge (§7.1-§7.4), made after the edge's draws:
 * grown[i] cells outward from the edge cell on line i (its column for an
 * edge along a row, its row for an edge along a column) become floor,
 * doors kept. Deferring it is exact: within one edge no later draw or
 * check reads a cell that an earlier cell's growth writes (growth writes
 * only outside the room, each cell on its own line across the edge; the
 * pre-check reads the edge cell's own line, or under R1 its own row; a
 * shrink reads only the room's cells). The edge's first cell is g[first];
 * outward is -in. Rows are written whole: one select per row, no branch
 * per cell or per drawn length. */
static inline void bg_grow_edge(uint8_t *g, int first, int count, int along, int in, int grow,
                                const uint8_t grown[GROTTO_GRID])
{
#if defined(__SSE2__)
    const __m128i door = _mm_set1_epi8((char)GROTTO_TILE_DOOR);
    if (along == 1) { /* top or bottom: row after row outward, every column at once */
        const __m128i reach = _mm_loadu_si128((const __m128i *)(const void *)grown);
        uint8_t *row = g + (first & ~(GROTTO_GRID - 1));
        for (int k = 0; k < grow; k++) {
            row -= in;
            __m128i *q = (__m128i *)(void *)row, v = _mm_loadu_si128(q);
            __m128i m = _mm_andnot_si128(_mm_cmpeq_epi8(v, door), _mm_cmpgt_epi8(reach, _mm_set1_epi8((char)k)));
            _mm_storeu_si128(q, _mm_andnot_si128(m, v));
        }
        return;
    }
    /* left or right: each row of the edge, the columns its growth reaches */
    const __m128i col = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    int x = first & (GROTTO_GRID - 1), y0 = first / GROTTO_GRID;
    for (int y = y0; y < y0 + count; y++) {
        int n = grown[y], lo = in > 0 ? x - n : x + 1, hi = in > 0 ? x - 1 : x + n;
        __m128i *q = (__m128i *)(void *)(g + GROTTO_GRID * y), v = _mm_loadu_si128(q);
        __m128i m = _mm_and_si128(_mm_cmpgt_epi8(col, _mm_set1_epi8((char)(lo - 1))),
                                  _mm_cmplt_epi8(col, _mm_set1_epi8((char)(hi + 1))));
        m = _mm_andnot_si128(_mm_cmpeq_epi8(v, door), m);
        _mm_storeu_si128(q, _mm_andnot_si128(m, v));
    }
#else
    int line0 = along == 1 ? first & (GROTTO_GRID - 1) : first / GROTTO_GRID;
    uint8_t *c = g + first;
    for (int p = 0; p < count; p++, c += along) {
        uint8_t *q = c;
        for (int k = 0; k < grown[line0 + p] && k < grow; k++) {
            q -= in;
            if (*q != GROTTO_TILE_DOOR)
                *q = GROTTO_TILE_FLOOR;
        }
    }
#endif
}

/* One room edge of the erosion (§7.1-§7.4): `count` edge cells from
 * g[first], `along` apart; `in` is the step inward; the shrink pre-check
 * reads the cell at `outside` from the edge cell (-in, except on the right
 * edge: quirk R1); growth is drawn from RANGE(0, grow), a shrink run from
 * RANGE(0, half). Draws from *s exactly as the spec's loop does.
 *
 * A growth floors the first len cells outward, all but doors
 * (bg_grow_edge, after the edge's draws). A shrink run walls cells inward
 * from the edge while the cell is no door, the next one inward no wall,
 * and on each side the neighbour of the cell is a wall or the neighbour of
 * the next one is not.
 *
 * The drawn grow-or-shrink bit is not branched on (such a branch is
 * mispredicted half the time): per open edge cell both possible second
 * draws are one step, and the state, the growth length and the run length
 * are selected by masks; only a nonzero shrink length is branched on. */
static inline void bg_erode_edge(uint32_t *s, uint8_t *g, int first, int count, int along, int in, int outside,
                                 int grow, int half)
{
    uint32_t st = *s;
    /* RANGE(0, grow) and RANGE(0, half) as remainders by direct computation
     * (lcg.h impl_mod_magic) with the magic numbers fetched once per edge */
    const uint32_t ng = (uint32_t)grow + 1u, nh = (uint32_t)half + 1u, grow_draws = grow != 0;
    const uint32_t mg = impl_fastmod_magic[ng], mh = impl_fastmod_magic[nh];
    uint8_t grown[GROTTO_GRID] = {0}; /* growth drawn, by line across the edge */
    uint8_t *gl = grown + (along == 1 ? first & (GROTTO_GRID - 1) : first / GROTTO_GRID);
    uint8_t *c = g + first;
    for (int p = 0; p < count; p++, c += along) {
        uint32_t t = *c;
        if (bg_blocked((uint8_t)t))
            continue; /* no draw */
        /* two steps ahead straight from st (not from s1): the two
         * multiplications run side by side on the state's dependency chain */
        uint32_t s1 = st * IMPL_MULT + IMPL_INC, s2 = st * IMPL_MULT2 + IMPL_INC2;
        uint32_t r2 = (s2 >> 16) & 0x7FFFu, grows = (s1 >> 16) & 1u;
        /* shrink pre-checks: the edge cell no door (t is 0, 2 or 8 here),
         * the outside cell neither 1 nor 8 (bit o of 0xFD; codes are <= 8) */
        uint32_t o = c[outside];
        uint32_t may_shrink = (0xFDu >> o) & ~(t >> 3) & 1u;
        uint32_t shrinks = (grows ^ 1u) & may_shrink;
        /* the next state: both outcomes of the growth draw are chosen off
         * the state's chain, then one select on its bit (a length is drawn
         * after a growth when grow > 0, after no growth when it may shrink) */
        uint32_t if_grows = grow_draws ? s2 : s1, if_not = may_shrink ? s2 : s1;
        st = grows ? if_grows : if_not;
        gl[p] = (uint8_t)(impl_mod_magic(r2, ng, mg) & (0u - grows));
        uint32_t ls = impl_mod_magic(r2, nh, mh) & (0u - shrinks);
        uint8_t *q = c;
        for (; ls > 0; ls--, q += in) {
            const uint8_t *next = q + in;
            if (*q == GROTTO_TILE_DOOR || *next == GROTTO_TILE_WALL)
                break;
            if (q[along] != GROTTO_TILE_WALL && next[along] == GROTTO_TILE_WALL)
                break;
            if (q[-along] != GROTTO_TILE_WALL && next[-along] == GROTTO_TILE_WALL)
                break;
            *q = GROTTO_TILE_WALL;
        }
    }
    *s = st;
    if (grow)
        bg_grow_edge(g, first, count, along, in, grow, grown);
}

#endif
