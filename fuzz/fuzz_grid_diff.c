/* ref vs impl on arbitrary grids, beyond what the generator makes: any tile
 * codes, any floor size 10..16, stairs and chests anywhere inside the floor.
 * The analyses (floor-generation.md §12, softlock report), the walking
 * costs (research.md §1) and the enemy-list cuts (enemy-list.md) must be
 * identical, for every list (env 1..5, floor monster rank 1..12).
 *
 * The cut takes env and the first-floor rank smr; the floor's rank is
 * mr = min(12, smr + (n-1) div 4) for floor index n. Drawing smr from 1..9
 * (the ranks maps have) left smr 10..12, which the engines accept, and the
 * cap at 12 untried, and made ranks 10..12 rare (they needed a late floor).
 * So three inputs in four draw mr itself uniformly from 1..12 and pick n
 * among the floors where that mr has smr >= 1; the fourth draws smr from
 * 1..12 and n from 1..16, so the cap runs too. */
#include "fuzz_common.h"

static const uint8_t TILES[8] = {0, 1, 2, 3, 4, 5, 6, 8};

static grotto_xy pos(fz_in *in, int side)
{
    grotto_xy p = {(uint8_t)(fz_u32(in, 1) % (uint32_t)side), (uint8_t)(fz_u32(in, 1) % (uint32_t)side)};
    return p;
}

enum { MAX_MR = 12 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    grotto_floor_t f;
    memset(&f, 0, sizeof f);
    int side = 10 + (int)(fz_u32(&in, 1) % 7);
    uint32_t rank = fz_u32(&in, 1), nb = fz_u32(&in, 1);
    int env = 1 + (int)(fz_u32(&in, 1) % 5), smr, n, mr;
    if (rank & 3) {
        mr = 1 + (int)((rank >> 2) % MAX_MR);
        int floors = 4 * mr < GROTTO_MAX_FLOORS ? 4 * mr : GROTTO_MAX_FLOORS;
        n = 1 + (int)(nb % (uint32_t)floors);
        smr = mr - (n - 1) / 4;
    } else {
        smr = 1 + (int)((rank >> 2) % MAX_MR);
        n = 1 + (int)(nb % GROTTO_MAX_FLOORS);
        mr = smr + (n - 1) / 4 < MAX_MR ? smr + (n - 1) / 4 : MAX_MR;
    }
    f.index = (uint8_t)n;
    f.width = f.height = (uint8_t)side;
    f.up = pos(&in, side);
    f.down = pos(&in, side);
    f.chest_count = (uint8_t)(fz_u32(&in, 1) % 4);
    for (int i = 0; i < f.chest_count; i++)
        f.chest[i] = pos(&in, side);
    int ring = fz_u32(&in, 1) & 1; /* half the inputs keep a wall ring like real floors */
    for (int i = 0; i < GROTTO_CELLS; i++) {
        int x = i % 16, y = i / 16;
        uint8_t t = TILES[fz_u32(&in, 1) & 7];
        if (x >= side || y >= side || (ring && (x == 0 || y == 0 || x == side - 1 || y == side - 1)))
            t = GROTTO_TILE_WALL;
        f.grid[i] = t;
    }
    static grotto_floor_analysis aa, ab;
    grotto_engine_ref.analyse(&f, &aa);
    grotto_engine_impl.analyse(&f, &ab);
    const char *what = "";
    if (!fz_analysis_equal(&f, &aa, &ab, &what))
        FZ_FAIL("analysis field %s on a %dx%d grid", what, side, side);
    uint16_t wa = grotto_engine_ref.walk(&f), wb = grotto_engine_impl.walk(&f);
    if (wa != wb)
        FZ_FAIL("walking cost on a %dx%d grid, up (%u,%u), down (%u,%u): ref %u, impl %u half-steps", side, side,
                f.up.x, f.up.y, f.down.x, f.down.y, wa, wb);
    grotto_elist_t ea, eb;
    grotto_engine_ref.elist(&f, env, smr, &ea);
    grotto_engine_impl.elist(&f, env, smr, &eb);
    if (!fz_elist_equal(&ea, &eb, &what))
        FZ_FAIL("enemy-list field %s on a %dx%d grid (env %d, smr %d, floor %d)", what, side, side, env, smr, n);
    if (ea.env != env || ea.mr != mr)
        FZ_FAIL("enemy list of env %d, smr %d, floor %d is (%u, %u), not (%d, %d)", env, smr, n, ea.env, ea.mr,
                env, mr);
    return 0;
}
