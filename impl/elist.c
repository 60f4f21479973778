/* impl/: enemy-list terms and classification (enemy-list.md §2-§5). W and X
 * by popcounts, D by row-wise pool arithmetic (bitboard.h impl_flag0). */
#include <stdio.h>
#include <string.h>

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
    impl_init(); /* the §5.4 cut states (impl_cut_state) */
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

/* ---- §5.4: the state from which records fit ----
 * The list's records are stored in ascending monster number and cut from
 * the end. With the first s kept: m = kept members that are not a chest
 * monster (026, 027, 028), and the lowest-numbered chest monster not kept
 * (if any) names the suffix. The state is the one whose label is the base
 * of m ("4-enemy" .. "No-enemy") followed by " (No <that monster>)": looked
 * up among the generated state labels, so no state number is written here. */
uint8_t impl_cut_state[GT_ENV_COUNT + 1][GT_MONSTER_RANKS + 1][GT_LIST_MAX + 1];

static int state_by_label(const char *label)
{
    for (int c = 0; c < GT_STATE_COUNT; c++)
        if (!strcmp(gt_state_text[c].en, label))
            return c;
    return -1;
}

static int is_chest_monster(int idx)
{
    return idx == GT_MONSTER_026 || idx == GT_MONSTER_027 || idx == GT_MONSTER_028;
}

void impl_cut_states_init(void)
{
    static const char *const base[5] = {"No-enemy", "<ONLY> only", "2-enemy", "3-enemy", "4-enemy"}; /* by m */
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
            int order[GT_LIST_MAX], F = ft->F;
            for (int j = 0; j < F; j++) { /* ascending monster number */
                int v = ft->spawn[j].monster, i = j;
                for (; i > 0 && order[i - 1] > v; i--)
                    order[i] = order[i - 1];
                order[i] = v;
            }
            for (int s = 0; s < F; s++) {
                int m = 0, missing = -1;
                for (int j = 0; j < s; j++)
                    m += !is_chest_monster(order[j]);
                for (int j = F - 1; j >= s; j--) /* lowest-numbered one not kept */
                    if (is_chest_monster(order[j]))
                        missing = order[j];
                char label[96];
                if (missing < 0)
                    snprintf(label, sizeof label, "%s", base[m > 4 ? 4 : m]);
                else
                    snprintf(label, sizeof label, "%s (No %s)", base[m > 4 ? 4 : m], gt_monsters[missing].en);
                int c = state_by_label(label);
                impl_cut_state[env][mr][s] = (uint8_t)(c < 0 ? 255 : c); /* 255: no such state */
            }
        }
}
