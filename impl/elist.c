/* impl/elist.c: the enemy-list cut of a floor (enemy-list.md §2-§5).
 *
 * The terms come from the walkable ("white") row masks: W and X by
 * popcounts, D by row-wise pool arithmetic (bitboard.h impl_flag0). ElistOfs
 * is §4's sum; the state is the memory model of §5.4 - how many records fit
 * (impl_elist_survivors), then the state of the list cut there, a lookup in
 * impl_cut_state (built in tables.c from the list's members and the
 * generated gt_state_of_cut). */

#include "bitboard.h"
#include "grotto/tables.h"
#include "impl.h"

impl_elist_terms impl_elist_terms_of(const uint16_t white[16])
{
    impl_elist_terms t;
    int W, X;
    impl_wx(white, &W, &X);
    t.W = (uint16_t)W;
    t.X = (uint16_t)X;
    t.D = 0;
    if (GT_ELIST_BOUNDARY_CAP - 16 * W - 8 * X < 0) {
        int B = (GT_ELIST_REGIME2_A - GT_ELIST_FIXED_BYTES - 16 * W) / 8; /* 515 - 2W */
        t.D = (uint16_t)impl_flag0(white, B);
    }
    return t;
}

static inline int elist_ofs(impl_elist_terms t, const struct gt_floor_table *ft, int *regime, int *boundary,
                            int *A, int *B)
{
    int W = t.W, X = t.X;
    int bnd = GT_ELIST_BOUNDARY_CAP - 16 * W - 8 * X;
    int a, b;
    if (bnd >= 0) {
        *regime = 1;
        a = GT_ELIST_FIXED_BYTES + 16 * W + 8 * X;
        b = X;
    } else {
        *regime = 2;
        a = GT_ELIST_REGIME2_A;
        b = (GT_ELIST_REGIME2_A - GT_ELIST_FIXED_BYTES - 16 * W) / 8;
    }
    *boundary = bnd;
    *A = a;
    *B = b;
    int D = *regime == 2 ? t.D : 0;
    return a + 4 + 8 * b + 4 * D + 20 * ft->F + 8 * ft->F + ft->G;
}

/* The layout part of ElistOfs (everything but 28F + G): regime 1
 * 4900 + 16W + 16X, regime 2 13140 - 16W + 4D. */
int impl_elist_layout_ofs(impl_elist_terms t)
{
    static const struct gt_floor_table zero; /* F = G = 0 */
    int regime, bnd, A, B;
    return elist_ofs(t, &zero, &regime, &bnd, &A, &B);
}

void impl_elist_fill(impl_elist_terms t, int env, int mr, grotto_elist_t *out)
{
    const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
    int regime, bnd, A, B;
    int o = elist_ofs(t, ft, &regime, &bnd, &A, &B);
    int D = regime == 2 ? t.D : 0;
    out->env = (uint8_t)env;
    out->mr = (uint8_t)mr;
    out->F = ft->F;
    out->G = ft->G;
    out->cls = ft->cls;
    out->W = t.W;
    out->X = t.X;
    out->regime = (uint8_t)regime;
    out->boundary = bnd;
    out->A = A;
    out->B = B;
    out->D = (uint16_t)D;
    out->ofs = (uint16_t)o;
    out->survivors = (uint8_t)impl_elist_survivors(o, ft->F);
    out->state = (uint8_t)impl_elist_state(o, D, env, mr);
    out->only = ft->only;
}
