/* ref vs impl on arbitrary grids, beyond what the generator makes: any tile
 * codes, any floor size 10..16, stairs and chests anywhere inside the floor.
 * The analyses (floor-generation.md §12, softlock report) and the
 * enemy-list cuts (enemy-list.md) must be identical. */
#include "fuzz_common.h"

static const uint8_t TILES[8] = {0, 1, 2, 3, 4, 5, 6, 8};

static grotto_xy pos(fz_in *in, int side)
{
    grotto_xy p = {(uint8_t)(fz_u32(in, 1) % (uint32_t)side), (uint8_t)(fz_u32(in, 1) % (uint32_t)side)};
    return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    grotto_floor_t f;
    memset(&f, 0, sizeof f);
    int side = 10 + (int)(fz_u32(&in, 1) % 7);
    f.index = (uint8_t)(fz_u32(&in, 1) % 16 + 1);
    f.width = f.height = (uint8_t)side;
    f.up = pos(&in, side);
    f.down = pos(&in, side);
    f.chest_count = (uint8_t)(fz_u32(&in, 1) % 4);
    for (int i = 0; i < f.chest_count; i++)
        f.chest[i] = pos(&in, side);
    int env = 1 + (int)(fz_u32(&in, 1) % 5), smr = 1 + (int)(fz_u32(&in, 1) % 9);
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
    grotto_elist_t ea, eb;
    grotto_engine_ref.elist(&f, env, smr, &ea);
    grotto_engine_impl.elist(&f, env, smr, &eb);
    if (!fz_elist_equal(&ea, &eb, &what))
        FZ_FAIL("enemy-list field %s on a %dx%d grid (env %d, smr %d)", what, side, side, env, smr);
    return 0;
}
