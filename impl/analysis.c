/* impl/analysis.c: the detection rules of floor-generation.md §12 (ghost
 * stairs, reachability, unreachable chests, chambers) and the softlock
 * report of hardware.md HW-1, on row masks instead of the byte grid.
 *
 * A floor becomes four masks (impl_masks_of_floor, or straight from a layout
 * in sweep.c): walkable, stairs, chests, pocket tiles (0/2/8). Reachability
 * is one 4-connected flood from the up stairs over the walkable mask
 * (bitboard.h impl_flood: every row at once, each row's runs filled by
 * carries); chambers are the floods of what is left of the pocket mask,
 * taken in row-major order of their first tile; ghosts are popcounts of
 * the stair mask minus the final stairs. The softlock report floods again with the chests solid,
 * unless every chest is reached and can be walked round, in which case the
 * first flood already answers it (impl_softlock_from_reach). */
#include <string.h>

#include "always.h"
#include "bitboard.h"
#include "impl.h"

void impl_masks_of_floor(const grotto_floor_t *f, impl_floor_masks *m)
{
    int w = f->width > 16 ? 16 : f->width;
    int h = f->height > 16 ? 16 : f->height;
    for (int y = 0; y < 16; y++) {
        uint16_t wk = 0, st = 0, ch = 0, pk = 0;
        if (y < h) {
            const uint8_t *row = f->grid + 16 * y;
            for (int x = 0; x < w; x++) {
                uint8_t t = row[x];
                uint16_t b = (uint16_t)(1u << x);
                if (t != GROTTO_TILE_WALL && t != GROTTO_TILE_PARTITION)
                    wk |= b;
                if (t == GROTTO_TILE_UP || t == GROTTO_TILE_DOWN)
                    st |= b;
                if (t == GROTTO_TILE_CHEST)
                    ch |= b;
                if (t == GROTTO_TILE_FLOOR || t == GROTTO_TILE_CORRIDOR || t == GROTTO_TILE_DOOR)
                    pk |= b;
            }
        }
        m->walk[y] = wk;
        m->stairs[y] = st;
        m->chest[y] = ch;
        m->pocket[y] = pk;
    }
    m->up = f->up;
    m->down = f->down;
    m->chest_count = f->chest_count > GROTTO_MAX_CHESTS ? GROTTO_MAX_CHESTS : f->chest_count;
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
        m->chests[i] = f->chest[i];
}

/* Stairs and chests lie inside the grid: impl_e_analyse refuses other
 * floors (floor_readable), and generated floors have them inside. */
static inline int in16(grotto_xy p)
{
    return ALWAYS(p.x < 16 && p.y < 16);
}

static inline int bit_at(const uint16_t r[16], grotto_xy p)
{
    return in16(p) && ((r[p.y] >> p.x) & 1);
}

void impl_flood_seed(grotto_xy start, const uint16_t pass[16], uint16_t r[16], uint16_t p[16])
{
    memset(r, 0, 16 * sizeof r[0]);
    memcpy(p, pass, 16 * sizeof p[0]);
    if (!in16(start))
        return;
    p[start.y] |= (uint16_t)(1u << start.x);
    r[start.y] = (uint16_t)(1u << start.x);
}

/* Flood from the up stairs through pass (the start is accepted whatever its
 * tile, as FLOOD of §12 does). */
static void flood_from(grotto_xy start, const uint16_t pass[16], uint16_t r[16])
{
    uint16_t p[16];
    impl_flood_seed(start, pass, r, p);
    impl_flood(r, p);
}

static int count_rows(const uint16_t r[16])
{
    return impl_count_cells(r);
}

/* Chamber pockets of `left` (unreached 0/2/8 tiles; consumed): each
 * 4-connected group in row-major order of its first tile. Returns how many;
 * with out, also records their sizes and first tiles. */
static int chambers(uint16_t left[16], grotto_floor_analysis *out)
{
    int n = 0;
    if (!impl_count_cells(left))
        return 0; /* the usual floor: every pocket tile reached */
    for (int y = 0; y < 16; y++) {
        while (left[y]) {
            int x = __builtin_ctz(left[y]);
            uint16_t reg[16] = {0};
            reg[y] = (uint16_t)(1u << x);
            impl_flood(reg, left);
            int size = impl_count_cells(reg);
            for (int yy = 0; yy < 16; yy++)
                left[yy] &= (uint16_t)~reg[yy];
            if (out && n < GROTTO_MAX_REGIONS) {
                out->region_size[n] = (uint16_t)size;
                out->region_first[n].x = (uint8_t)x;
                out->region_first[n].y = (uint8_t)y;
            }
            n++;
        }
    }
    return n;
}

/* The final up stairs 4-adjacent to a chest (HW-1). */
static void softlock_adjacent(const impl_floor_masks *m, uint8_t *up_next)
{
    *up_next = 0;
    if (in16(m->up)) {
        int ux = m->up.x, uy = m->up.y;
        int adj = (ux > 0 && ((m->chest[uy] >> (ux - 1)) & 1)) || (ux < 15 && ((m->chest[uy] >> (ux + 1)) & 1)) ||
                  (uy > 0 && ((m->chest[uy - 1] >> ux) & 1)) || (uy < 15 && ((m->chest[uy + 1] >> ux) & 1));
        *up_next = (uint8_t)adj;
    }
}

void impl_softlock_open(const impl_floor_masks *m, uint16_t open[16])
{
    for (int y = 0; y < 16; y++)
        open[y] = m->walk[y] & (uint16_t)~m->chest[y];
}

/* Softlock report (HW-1) from r2, the flood from the up stairs with chests
 * solid (through open, impl_softlock_open). */
static void softlock_of(const impl_floor_masks *m, const uint16_t open[16], const uint16_t r2[16], uint8_t *up_next,
                        uint16_t *near, uint16_t *far, uint8_t *down_cut)
{
    *near = (uint16_t)count_rows(r2);
    *far = (uint16_t)impl_count_andnot(open, r2);
    *down_cut = (uint8_t)!bit_at(r2, m->down);
    softlock_adjacent(m, up_next);
}

static void softlock(const impl_floor_masks *m, uint8_t *up_next, uint16_t *near, uint16_t *far, uint8_t *down_cut)
{
    uint16_t open[16], r2[16];
    impl_softlock_open(m, open);
    flood_from(m->up, open, r2);
    softlock_of(m, open, r2, up_next, near, far, down_cut);
}

void impl_softlock_reached(const impl_floor_masks *m, const uint16_t r2[16], grotto_floor_facts *out)
{
    uint16_t open[16];
    impl_softlock_open(m, open);
    softlock_of(m, open, r2, &out->up_next_to_chest, &out->softlock_near, &out->softlock_far,
                &out->softlock_down_cut);
}

void impl_analyse_masks(const impl_floor_masks *m, grotto_floor_analysis *out)
{
    memset(out, 0, sizeof *out);
    /* ghosts: 4/5 tiles other than the final stairs, row-major */
    for (int y = 0; y < 16; y++) {
        uint16_t g = m->stairs[y];
        if (m->up.y == y && in16(m->up))
            g &= (uint16_t)~(1u << m->up.x);
        if (m->down.y == y && in16(m->down))
            g &= (uint16_t)~(1u << m->down.x);
        while (g) {
            int x = __builtin_ctz(g);
            g &= (uint16_t)(g - 1);
            if (ALWAYS(out->ghost_count < GROTTO_MAX_GHOSTS)) { /* 256 tiles, two of them final stairs */
                out->ghost[out->ghost_count].x = (uint8_t)x;
                out->ghost[out->ghost_count].y = (uint8_t)y;
            }
            out->ghost_count++;
        }
    }
    uint16_t r[16];
    flood_from(m->up, m->walk, r);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            out->reached[16 * y + x] = (uint8_t)((r[y] >> x) & 1);
    out->reached_count = (uint16_t)count_rows(r);
    for (int i = 0; i < m->chest_count; i++) {
        out->chest_unreachable[i] = (uint8_t)!bit_at(r, m->chests[i]);
        out->unreachable_chests += out->chest_unreachable[i];
    }
    out->down_unreachable = (uint8_t)!bit_at(r, m->down);
    /* chambers: unreached 0/2/8 tiles, 4-connected, in row-major order */
    uint16_t left[16];
    for (int y = 0; y < 16; y++)
        left[y] = m->pocket[y] & (uint16_t)~r[y];
    out->region_count = (uint16_t)chambers(left, out);
    softlock(m, &out->up_next_to_chest, &out->softlock_near, &out->softlock_far, &out->softlock_down_cut);
}

void impl_softlock_facts(const impl_floor_masks *m, grotto_floor_facts *out)
{
    softlock(m, &out->up_next_to_chest, &out->softlock_near, &out->softlock_far, &out->softlock_down_cut);
}

/* Whether making the chest at c solid leaves the connectivity of the other
 * tiles as it was: none of its 4-neighbours is a chest, and its open
 * (walkable, non-chest) 4-neighbours lie in one run of open cells of its
 * 3x3 ring (impl_ring_bypass) - so any path through the chest can go round
 * it instead. A sufficient test, not a necessary one. A chest on the grid's
 * border is not judged (0: the caller floods); generated chests lie in
 * rooms, never there. */
static int chest_bypassed(const impl_floor_masks *m, const uint16_t open[16], grotto_xy c)
{
    if (NEVER(c.x < 1 || c.x > 14 || c.y < 1 || c.y > 14))
        return 0;
    if (impl_pat9(m->chest, c.x, c.y) & (IMPL_P_N | IMPL_P_E | IMPL_P_S | IMPL_P_W))
        return 0;
    return impl_ring_bypass[impl_pat9(open, c.x, c.y)];
}

int impl_softlock_from_reach(const impl_floor_masks *m, const uint16_t reach[16], grotto_floor_facts *out)
{
    uint16_t open[16];
    for (int y = 0; y < 16; y++)
        open[y] = m->walk[y] & (uint16_t)~m->chest[y];
    for (int i = 0; i < m->chest_count; i++)
        if (!bit_at(reach, m->chests[i]) || !chest_bypassed(m, open, m->chests[i]))
            return 0;
    /* every chest was reached and each can be walked round: the
     * chests-solid reach is the reach without the chest tiles */
    int reached = count_rows(reach), walk = count_rows(m->walk);
    out->softlock_near = (uint16_t)(reached - m->chest_count);
    out->softlock_far = (uint16_t)(walk - m->chest_count - (reached - m->chest_count));
    out->softlock_down_cut = (uint8_t)!bit_at(reach, m->down);
    softlock_adjacent(m, &out->up_next_to_chest);
    return 1;
}

void impl_facts_masks(const impl_floor_masks *m, grotto_floor_facts *out, uint16_t reach[16])
{
    uint16_t r[16];
    flood_from(m->up, m->walk, r);
    impl_facts_reached(m, r, out);
    if (reach)
        memcpy(reach, r, sizeof r);
}

void impl_facts_reached(const impl_floor_masks *m, const uint16_t r[16], grotto_floor_facts *out)
{
    int ghosts = impl_count_cells(m->stairs);
    ghosts -= bit_at(m->stairs, m->up);
    if (ALWAYS(!(m->down.x == m->up.x && m->down.y == m->up.y))) /* generated floors only */
        ghosts -= bit_at(m->stairs, m->down);
    out->ghost_count = (uint16_t)ghosts;
    int unr = 0;
    for (int i = 0; i < m->chest_count; i++)
        unr += !bit_at(r, m->chests[i]);
    out->unreachable_chests = (uint8_t)unr;
    out->down_unreachable = (uint8_t)!bit_at(r, m->down);
    uint16_t left[16];
    for (int y = 0; y < 16; y++)
        left[y] = m->pocket[y] & (uint16_t)~r[y];
    out->region_count = (uint16_t)chambers(left, NULL);
    if (m->chest_count == 0) {
        /* no chest to make solid: the chests-solid reach is this reach */
        out->up_next_to_chest = 0;
        out->softlock_near = (uint16_t)count_rows(r);
        out->softlock_far = (uint16_t)impl_count_andnot(m->walk, r);
        out->softlock_down_cut = out->down_unreachable;
    } else {
        impl_softlock_facts(m, out);
    }
}
