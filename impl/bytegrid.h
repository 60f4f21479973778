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

#if defined(__SSE2__)
/* A row's cells lo..hi as a byte mask: 0xFF in those columns, 0 elsewhere
 * (none when lo > hi; -1 <= lo and hi <= 15). */
static inline __m128i bg_columns(int lo, int hi)
{
    const __m128i col = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm_andnot_si128(_mm_cmplt_epi8(col, _mm_set1_epi8((char)lo)),
                            _mm_cmplt_epi8(col, _mm_set1_epi8((char)(hi + 1))));
}
#endif

/* Cells lo..hi of line `at` := v: row `at` for o = 0, column `at` for o = 1
 * (a partition line, §5.2). With SSE2 a row is one masked 16-byte update,
 * with no branch on the length (a loop over it was one mispredicted exit per
 * line); a column stays a loop (16 byte selects measured slower). */
static inline void bg_fill_line(uint8_t *g, int o, int at, int lo, int hi, uint8_t v)
{
#if defined(__SSE2__)
    if (o == 0) {
        __m128i on = bg_columns(lo, hi);
        __m128i *q = (__m128i *)(void *)(g + GROTTO_GRID * at), r = _mm_loadu_si128(q);
        _mm_storeu_si128(q, _mm_or_si128(_mm_andnot_si128(on, r), _mm_and_si128(on, _mm_set1_epi8((char)v))));
        return;
    }
#endif
    bg_fill(g + at * bg_stride(1 - o) + lo * bg_stride(o), bg_stride(o), hi + 1 - lo, v);
}

/* G(x, y) := floor for x0 <= x <= x1, y0 <= y <= y1 (0 <= x0 <= x1 <= 15).
 * With SSE2 a row is one masked 16-byte update: the mask of the columns
 * cleared is made once for all rows. The first four rows are updated
 * whatever the height, those past y1 with an empty mask: most rooms
 * are 2 to 4 rows high, and a loop over the height was one mispredicted
 * exit per room (sweep CPU -1.5 %, docs/performance.md). */
static inline void bg_clear_rect(uint8_t *g, int x0, int y0, int x1, int y1)
{
#if defined(__SSE2__)
    const __m128i clear = bg_columns(x0, x1);
    for (int k = 0; k < 4; k++) {
        int y = y0 + k;
        __m128i clear_row = _mm_and_si128(clear, _mm_set1_epi8((char)(0 - (y <= y1))));
        y = y < GROTTO_GRID ? y : GROTTO_GRID - 1; /* past the grid: a row kept whole */
        __m128i *q = (__m128i *)(void *)(g + GROTTO_GRID * y);
        _mm_storeu_si128(q, _mm_andnot_si128(clear_row, _mm_loadu_si128(q)));
    }
    for (int y = y0 + 4; y <= y1; y++) {
        __m128i *q = (__m128i *)(void *)(g + GROTTO_GRID * y);
        _mm_storeu_si128(q, _mm_andnot_si128(clear, _mm_loadu_si128(q)));
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

/* Cells lo..hi of row `row` (lo > hi: none) become floor, doors kept: the
 * growth of one cell of a left or right room edge (§7.3, §7.4), made as the
 * spec makes it, right after the cell's draws. With SSE2 one masked 16-byte
 * update, with no branch on the drawn length or on whether it is 0. */
static inline void bg_floor_run(uint8_t *row, int lo, int hi)
{
#if defined(__SSE2__)
    __m128i *q = (__m128i *)(void *)row, v = _mm_loadu_si128(q);
    __m128i m = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)GROTTO_TILE_DOOR)), bg_columns(lo, hi));
    _mm_storeu_si128(q, _mm_andnot_si128(m, v));
#else
    for (int x = lo; x <= hi; x++)
        if (row[x] != GROTTO_TILE_DOOR)
            row[x] = GROTTO_TILE_FLOOR;
#endif
}

/* Lengths by column: a top or bottom edge's growth, cell by cell. With
 * SSE2 one register, each length put in by a select: stored as bytes and
 * read back as one 16-byte load, the load waited for the stores to leave
 * the store buffer (a store cannot forward to a wider load: floors -2 ms,
 * docs/performance.md). Else 16 bytes. */
#if defined(__SSE2__)
typedef __m128i bg_lengths;

static inline bg_lengths bg_lengths_zero(void)
{
    return _mm_setzero_si128();
}

static inline bg_lengths bg_lengths_put(bg_lengths l, int col, uint32_t len)
{
    const __m128i cols = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i here = _mm_cmpeq_epi8(cols, _mm_set1_epi8((char)col));
    return _mm_or_si128(l, _mm_and_si128(here, _mm_set1_epi8((char)len)));
}
#else
typedef struct bg_lengths {
    uint8_t at[GROTTO_GRID];
} bg_lengths;

static inline bg_lengths bg_lengths_zero(void)
{
    bg_lengths l = {{0}};
    return l;
}

static inline bg_lengths bg_lengths_put(bg_lengths l, int col, uint32_t len)
{
    l.at[col] = (uint8_t)len;
    return l;
}
#endif

/* The growth of a top or bottom room edge (§7.1, §7.2), made after the
 * edge's draws: grown[x] cells outward from the edge cell in column x become
 * floor, doors kept. Deferring it is exact: within one edge no later draw or
 * check reads a cell that an earlier cell's growth writes (growth writes
 * only above a top edge or below a bottom one, each cell in its own column;
 * the pre-check reads the edge cell's own column; a shrink reads only the
 * room's rows). The edge lies in row y; outward is -in (+-16). Rows are
 * written whole, one select per row. The first two rows outward are
 * written whatever the limit (it is 0, 1 or 2 for 94 % of the edges, and a
 * loop over it was a mispredicted exit per edge): a row there that the
 * limit does not reach has an empty mask, because grown[x] <= grow, and
 * such a row past the grid is clamped to row 0 or 15 (the limits keep
 * every reached row inside: §7). */
static inline void bg_grow_across(uint8_t *g, int y, int in, int grow, bg_lengths grown)
{
#if defined(__SSE2__)
    const __m128i reach = grown;
    const __m128i door = _mm_set1_epi8((char)GROTTO_TILE_DOOR);
    int out = in > 0 ? -1 : 1; /* one row outward */
    for (int k = 0; k < grow || k < 2; k++) {
        int r = y + out * (k + 1);
        r = r < 0 ? 0 : r < GROTTO_GRID ? r : GROTTO_GRID - 1;
        __m128i *q = (__m128i *)(void *)(g + GROTTO_GRID * r), v = _mm_loadu_si128(q);
        __m128i m = _mm_andnot_si128(_mm_cmpeq_epi8(v, door), _mm_cmpgt_epi8(reach, _mm_set1_epi8((char)k)));
        _mm_storeu_si128(q, _mm_andnot_si128(m, v));
    }
#else
    for (int x = 0; x < GROTTO_GRID; x++)
        for (int k = 0; k < grown.at[x] && k < grow; k++) {
            uint8_t *c = g + GROTTO_GRID * y + x - in * (k + 1);
            if (*c != GROTTO_TILE_DOOR)
                *c = GROTTO_TILE_FLOOR;
        }
#endif
}

/* One room edge of the erosion (§7.1-§7.4): `count` edge cells from
 * g[first], `along` apart; `in` is the step inward; the shrink pre-check
 * reads the cell at `outside` from the edge cell (-in, except on the right
 * edge: quirk R1); growth is drawn from RANGE(0, grow), a shrink run from
 * RANGE(0, half). Draws from *s exactly as the spec's loop does.
 *
 * A growth floors the first len cells outward, all but doors: at once on a
 * left or right edge (bg_floor_run), after the edge's draws on a top or
 * bottom one (bg_grow_across). A shrink run walls cells inward
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
    bg_lengths grown = bg_lengths_zero(); /* top or bottom: the growth drawn, by column */
    const int x = first & (GROTTO_GRID - 1); /* the edge's first column (a left or right edge's only one) */
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
        uint32_t len = impl_mod_magic(r2, ng, mg) & (0u - grows);
        if (along == 1) {
            grown = bg_lengths_put(grown, x + p, len);
        } else { /* the cell's row: len cells outward, at the left (in > 0) or the right */
            int n = (int)len;
            bg_floor_run(c - x, in > 0 ? x - n : x + 1, in > 0 ? x - 1 : x + n);
        }
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
    if (along == 1)
        bg_grow_across(g, first / GROTTO_GRID, in, grow, grown);
}

#endif
