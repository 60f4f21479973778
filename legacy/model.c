/* The legacy tool's enemy-list model (legacy.h), from enemy-list.md and
 * docs/spec-notes.md 27: the memory the tool believed the walking map
 * takes, the ElistOfs that follows, and the tool's classification of it.
 *
 * What the tool counted: W walkable tiles and X' passages, X' the
 * adjacency sum / 2 kept in a byte. It had no layout-overflow regime:
 * every floor is laid out as the game lays out regime 1 (enemy-list.md §3,
 * A = 4,896 + 16 W + 8 X', B = X', D = 0), whatever its size, and §4 gives
 *     ElistOfs = A + 4 + 8 B + 28 F + G = 4,900 + 16 W + 16 X' + 28 F + G.
 * With no Flag0 tiles its D is 0, so its classifier (§5.3) never says
 * "partially no-enemy". */
#include "grotto/tables.h"
#include "legacy.h"

/* enemy-list.md §5.3 with D = 0: nothing is cut below the first cut
 * offset; past it, step k of 20 bytes reads the class's column (k >= 7:
 * column 7), whose "0, or 1 when D > 0" entries (-1) mean 0. */
static int tool_state(int cls, int ofs)
{
    if (ofs < GT_ELIST_FIRST_CUT)
        return 0;
    int k = (ofs - GT_ELIST_FIRST_CUT) / GT_ELIST_RECORD_BYTES;
    int code = gt_class_table[cls][k < 7 ? k : 7];
    return code < 0 ? 0 : code;
}

/* enemy-list.md §5.4: the records that end inside the memory area. */
static int records_kept(int ofs, int F)
{
    int room = GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET - ofs;
    int kept = room < 0 ? 0 : room / GT_ELIST_RECORD_BYTES;
    return kept < F ? kept : F;
}

void legacy_elist(int env, int mr, int W, int X, grotto_elist_t *out)
{
    const struct gt_floor_table *list = &gt_floor_tables[env][mr];
    int Xt = legacy_passages(X);                   /* the tool's passage count */
    int A = GT_ELIST_FIXED_BYTES + 16 * W + 8 * Xt; /* §3, regime 1: fixed bytes + walking map */
    int B = Xt;                                    /* every passage kept */
    int ofs = A + 4 + 8 * B + 28 * list->F + list->G; /* §4 with D = 0 */
    *out = (grotto_elist_t){
        .env = (uint8_t)env,
        .mr = (uint8_t)mr,
        .F = list->F,
        .G = list->G,
        .cls = list->cls,
        .W = (uint16_t)W,
        .X = (uint16_t)Xt,
        .regime = 1, /* the tool knew no other */
        .boundary = GT_ELIST_BOUNDARY_CAP - 16 * W - 8 * Xt,
        .A = A,
        .B = B,
        .D = 0,
        .ofs = (uint16_t)ofs,
        .survivors = (uint8_t)records_kept(ofs, list->F),
        .state = (uint8_t)tool_state(list->cls, ofs),
        .only = list->only,
    };
}
