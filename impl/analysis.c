/* impl/: detection rules of floor-generation.md §12 and the softlock report
 * of hardware.md HW-1, by bitboard flood fills (bitboard.h impl_flood). */
#include <string.h>

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
                if (t != 1 && t != 3)
                    wk |= b;
                if (t == 4 || t == 5)
                    st |= b;
                if (t == 6)
                    ch |= b;
                if (t == 0 || t == 2 || t == 8)
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

static inline int in16(grotto_xy p)
{
    return p.x < 16 && p.y < 16;
}

static inline int bit_at(const uint16_t r[16], grotto_xy p)
{
    return in16(p) && ((r[p.y] >> p.x) & 1);
}

/* Flood from the up stairs through pass (the start is accepted whatever its
 * tile, as FLOOD of §12 does). */
static void flood_from(grotto_xy start, const uint16_t pass[16], uint16_t r[16])
{
    memset(r, 0, 16 * sizeof r[0]);
    if (!in16(start))
        return;
    uint16_t p[16];
    memcpy(p, pass, sizeof p);
    p[start.y] |= (uint16_t)(1u << start.x);
    r[start.y] = (uint16_t)(1u << start.x);
    impl_flood(r, p);
}

static int count_rows(const uint16_t r[16])
{
    int n = 0;
    for (int y = 0; y < 16; y++)
        n += impl_popcount16(r[y]);
    return n;
}

/* Chamber pockets of `left` (unreached 0/2/8 tiles; consumed): each
 * 4-connected group in row-major order of its first tile. Returns how many;
 * with out, also records their sizes and first tiles. */
static int chambers(uint16_t left[16], grotto_floor_analysis *out)
{
    int n = 0;
    for (int y = 0; y < 16; y++) {
        while (left[y]) {
            int x = __builtin_ctz(left[y]);
            uint16_t reg[16] = {0};
            reg[y] = (uint16_t)(1u << x);
            impl_flood(reg, left);
            int size = 0;
            for (int yy = 0; yy < 16; yy++) {
                size += impl_popcount16(reg[yy]);
                left[yy] &= (uint16_t)~reg[yy];
            }
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

void impl_analyse_masks(const impl_floor_masks *m, grotto_floor_analysis *out)
{
    memset(out, 0, sizeof *out);
    /* ghosts: 4/5 tiles other than the final stairs, row-major */
    for (int y = 0; y < 16; y++) {
        uint16_t g = m->stairs[y];
        if (m->up.y == y && m->up.x < 16)
            g &= (uint16_t)~(1u << m->up.x);
        if (m->down.y == y && m->down.x < 16)
            g &= (uint16_t)~(1u << m->down.x);
        while (g) {
            int x = __builtin_ctz(g);
            g &= (uint16_t)(g - 1);
            if (out->ghost_count < GROTTO_MAX_GHOSTS) {
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
    /* softlock report: chests solid */
    uint16_t open[16], r2[16];
    for (int y = 0; y < 16; y++)
        open[y] = m->walk[y] & (uint16_t)~m->chest[y];
    flood_from(m->up, open, r2);
    out->softlock_near = (uint16_t)count_rows(r2);
    int far = 0;
    for (int y = 0; y < 16; y++)
        far += impl_popcount16((uint16_t)(open[y] & ~r2[y]));
    out->softlock_far = (uint16_t)far;
    out->softlock_down_cut = (uint8_t)!bit_at(r2, m->down);
    if (in16(m->up)) {
        int ux = m->up.x, uy = m->up.y;
        int adj = (ux > 0 && ((m->chest[uy] >> (ux - 1)) & 1)) || (ux < 15 && ((m->chest[uy] >> (ux + 1)) & 1)) ||
                  (uy > 0 && ((m->chest[uy - 1] >> ux) & 1)) || (uy < 15 && ((m->chest[uy + 1] >> ux) & 1));
        out->up_next_to_chest = (uint8_t)adj;
    }
}

void impl_facts_masks(const impl_floor_masks *m, grotto_floor_facts *out, uint16_t reach[16])
{
    int ghosts = 0;
    for (int y = 0; y < 16; y++)
        ghosts += impl_popcount16(m->stairs[y]);
    ghosts -= bit_at(m->stairs, m->up);
    if (!(m->down.x == m->up.x && m->down.y == m->up.y))
        ghosts -= bit_at(m->stairs, m->down);
    out->ghost_count = (uint16_t)ghosts;
    uint16_t r[16];
    flood_from(m->up, m->walk, r);
    int unr = 0;
    for (int i = 0; i < m->chest_count; i++)
        unr += !bit_at(r, m->chests[i]);
    out->unreachable_chests = (uint8_t)unr;
    out->down_unreachable = (uint8_t)!bit_at(r, m->down);
    uint16_t left[16];
    for (int y = 0; y < 16; y++)
        left[y] = m->pocket[y] & (uint16_t)~r[y];
    out->region_count = (uint16_t)chambers(left, NULL);
    if (reach)
        memcpy(reach, r, sizeof r);
}
