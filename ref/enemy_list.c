/* The enemy-list memory cut of one floor: ElistOfs, Flag0 tiles and the
 * floor's state (enemy-list.md). Clean-room reference: each step is written
 * as the spec words it, and every game value comes from "grotto/tables.h". */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/tables.h"

#include "elist_internal.h"

/* ------------------------------------------------------------------ */
/* §1 Inputs: floor monster rank and the floor's enemy list            */
/* ------------------------------------------------------------------ */

enum { MAX_MR = 12, MAX_SMR = 12 };

/* mr = min(12, smr + (n - 1) div 4) */
static int floor_monster_rank(int smr, int n)
{
    int mr = smr + (n - 1) / 4;
    return mr < MAX_MR ? mr : MAX_MR;
}

/* monsters.json has a list for env 1..5 and mr 1..12 */
static int list_exists(int env, int mr)
{
    return env >= 1 && env <= GT_ENV_COUNT && mr >= 1 && mr <= GT_MONSTER_RANKS;
}

/* monsters.json -> floor_tables[env, mr] */
static const struct gt_floor_table *enemy_list(int env, int mr)
{
    assert(list_exists(env, mr)); /* every caller checked */
    return &gt_floor_tables[env][mr];
}

/* ------------------------------------------------------------------ */
/* §2 Layout terms W, X and the per-tile (L, U) sequence                */
/* ------------------------------------------------------------------ */

typedef struct white_tile {
    grotto_xy at;
    uint8_t L;  /* left neighbour is white */
    uint8_t U;  /* upper neighbour is white */
} white_tile;

typedef struct layout_terms {
    int W;                          /* white tiles */
    int X;                          /* sum of L + U = adjacent white pairs */
    white_tile tile[GROTTO_CELLS];  /* scan order: row by row, left to right */
} layout_terms;

/* The floors the scan accepts (grotto/elist.h): side x side, side 1..16. */
static int floor_is_square(const grotto_floor_t *f)
{
    return f->width >= 1 && f->width <= GROTTO_GRID && f->height == f->width;
}

/* Terms within what a 16 x 16 grid bounds: W and D at most 256 tiles, X at
 * most 2 * 16 * 15 adjacent pairs. */
int ref_elist_terms_valid(int W, int X, int D)
{
    enum { MAX_PAIRS = 2 * GROTTO_GRID * (GROTTO_GRID - 1) };
    return W >= 0 && W <= GROTTO_CELLS && X >= 0 && X <= MAX_PAIRS && D >= 0 && D <= GROTTO_CELLS;
}

/* White = every tile code except 1 (wall) and 3 (partition). */
static int white(const grotto_floor_t *f, int x, int y)
{
    return grotto_tile_walkable(grotto_tile_at(f, x, y));
}

/* Scan the side x side floor row by row, each row left to right. */
static void scan_layout(const grotto_floor_t *f, layout_terms *t)
{
    int side = f->width;  /* the floor is square (width == height) */
    assert(floor_is_square(f)); /* every caller checked */
    t->W = 0;
    t->X = 0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            if (!white(f, x, y))
                continue;
            white_tile *w = &t->tile[t->W++];
            w->at.x = (uint8_t)x;
            w->at.y = (uint8_t)y;
            w->L = (x > 0 && white(f, x - 1, y)) ? 1 : 0;
            w->U = (y > 0 && white(f, x, y - 1)) ? 1 : 0;
            t->X += w->L + w->U;
        }
}

/* ------------------------------------------------------------------ */
/* §3 The two regimes, B and D                                          */
/* ------------------------------------------------------------------ */

/* Boundary = 4128 - 16*W - 8*X; regime 1 iff Boundary >= 0. */
static int boundary_of(int W, int X)
{
    return GT_ELIST_BOUNDARY_CAP - 16 * W - 8 * X;
}

/* Regime 2: B = 515 - 2*W = (9016 - 4896 - 16*W) / 8 passages kept. */
static int regime2_passages(int W)
{
    return (GT_ELIST_REGIME2_A - GT_ELIST_FIXED_BYTES - 16 * W) / 8;
}

/* §3 regime-2 loop: D = white tiles reached with an exhausted pool of B
 * passages ("Flag0" tiles). first/last receive the first and last Flag0
 * tile when D > 0. */
static int count_flag0(const layout_terms *t, int B, grotto_xy *first, grotto_xy *last)
{
    int D = 0;
    int pool = B;
    for (int i = 0; i < t->W; i++) {
        const white_tile *w = &t->tile[i];
        if (pool <= 0) {
            if (D == 0 && first)
                *first = w->at;
            if (last)
                *last = w->at;
            D = D + 1;              /* a Flag0 tile; nothing subtracted */
        } else {
            if (w->L == 1)
                pool = pool - 1;    /* no check that pool stays > 0 */
            if (w->U == 1 && pool > 0)
                pool = pool - 1;
        }
    }
    return D;
}

/* ------------------------------------------------------------------ */
/* §5.3 Classification, the tool's rule                                 */
/* ------------------------------------------------------------------ */

static int classify_by_table(int cls, int ofs, int D)
{
    if (ofs <= GT_ELIST_ALL_FIT_MAX)        /* <= 0x2B30: every record fits */
        return D > 0 ? 1 : 0;
    if (ofs < GT_ELIST_FIRST_CUT)           /* 0x2B31..0x2B33: never (multiples of 4) */
        return 0;
    int k = (ofs - GT_ELIST_FIRST_CUT) / GT_ELIST_RECORD_BYTES;
    int state = gt_class_table[cls][k < 7 ? k : 7];
    if (state < 0)                          /* "0/1": the F = 7 list still fits */
        state = D > 0 ? 1 : 0;
    return state;
}

/* ------------------------------------------------------------------ */
/* §5.4 The same rule as a memory model                                 */
/* ------------------------------------------------------------------ */

/* survivors = number of j in 1..F with ElistOfs + 128 + 20*j <= 11344 */
static int records_that_fit(int ofs, int F)
{
    int survivors = 0;
    for (int j = 1; j <= F; j++)
        if (ofs + GT_ELIST_RECORD_START_OFFSET + GT_ELIST_RECORD_BYTES * j <= GT_ELIST_MEMORY_BYTES)
            survivors = j;
    return survivors;
}

static int is_chest_monster(uint16_t monster)
{
    return monster == GT_MONSTER_026 || monster == GT_MONSTER_027 || monster == GT_MONSTER_028;
}

/* State code of base (m wandering kinds kept) + suffix (lowest-numbered
 * chest monster missing), records.md codes; -1 for a pair the list order
 * cannot produce. */
static int state_of(int m, uint16_t missing, int any_missing)
{
    enum { NONE, NO_PANDORA, NO_MIMIC, NO_CANNIBOX };
    int suffix = !any_missing ? NONE
               : missing == GT_MONSTER_028 ? NO_PANDORA
               : missing == GT_MONSTER_027 ? NO_MIMIC
               : NO_CANNIBOX;
    /* [m][suffix], from the §5.1 table */
    static const int8_t code[5][4] = {
        /* none, no Pandora, no Mimic, no Cannibox */
        {6, 7, 8, 9},       /* 0: no-enemy */
        {5, 14, 15, 16},    /* 1: only */
        {4, -1, -1, 13},    /* 2: 2-enemy */
        {3, 10, 11, 12},    /* 3: 3-enemy */
        {2, -1, -1, -1},    /* 4: 4-enemy */
    };
    if (m < 0 || m > 4)
        return -1;
    return code[m][suffix];
}

static int classify_by_memory(const struct gt_floor_table *list, int survivors, int D)
{
    if (survivors == list->F)
        return D > 0 ? 1 : 0;
    /* kept = the first `survivors` entries (ascending monster number) */
    int m = 0;
    for (int i = 0; i < survivors; i++)
        if (!is_chest_monster(list->spawn[i].monster))
            m++;
    /* missing = lowest-numbered of 026, 027, 028 not kept */
    static const uint16_t chest_monsters[3] = {GT_MONSTER_026, GT_MONSTER_027, GT_MONSTER_028};
    for (int c = 0; c < 3; c++) {
        int kept = 0;
        for (int i = 0; i < survivors; i++)
            if (list->spawn[i].monster == chest_monsters[c])
                kept = 1;
        if (!kept)
            return state_of(m, chest_monsters[c], 1);
    }
    return state_of(m, 0, 0);
}

/* ------------------------------------------------------------------ */
/* §3-§5 from the counted terms                                         */
/* ------------------------------------------------------------------ */

void grotto_elist_from_terms(int env, int mr, int W, int X, int D, grotto_elist_t *out)
{
    memset(out, 0, sizeof *out);            /* refused: env 0, no list */
    if (!list_exists(env, mr) || !ref_elist_terms_valid(W, X, D))
        return;
    const struct gt_floor_table *list = enemy_list(env, mr);
    out->env = (uint8_t)env;
    out->mr = (uint8_t)mr;
    out->F = list->F;
    out->G = list->G;
    out->cls = list->cls;
    out->only = list->only;
    out->W = (uint16_t)W;
    out->X = (uint16_t)X;

    /* §3 */
    out->boundary = boundary_of(W, X);
    if (out->boundary >= 0) {               /* regime 1 (Boundary == 0 included) */
        out->regime = 1;
        out->A = GT_ELIST_FIXED_BYTES + 16 * W + 8 * X;
        out->B = X;
        out->D = 0;
    } else {                                /* regime 2: layout overflow */
        out->regime = 2;
        out->A = GT_ELIST_REGIME2_A;
        out->B = regime2_passages(W);
        out->D = (uint16_t)D;
    }

    /* §4 ElistOfs = A + 4 + 8B + 4D + 20F + 8F + G (Japanese, unpadded) */
    int ofs = out->A + 4 + 8 * out->B + 4 * out->D + 20 * out->F + 8 * out->F + out->G;
    out->ofs = (uint16_t)ofs;

    /* §5: the tool's rule decides; the memory model is kept alongside */
    out->state = (uint8_t)classify_by_table(out->cls, ofs, out->D);
    out->survivors = (uint8_t)records_that_fit(ofs, out->F);
}

void grotto_elist_layout(const grotto_floor_t *f, grotto_floor_terms *out)
{
    out->W = out->X = out->D = 0;           /* refused: no white tile */
    if (!floor_is_square(f))
        return;
    layout_terms t;
    scan_layout(f, &t);                                         /* §2 */
    out->W = (uint16_t)t.W;
    out->X = (uint16_t)t.X;
    out->D = (uint16_t)count_flag0(&t, regime2_passages(t.W), NULL, NULL); /* §3, used in regime 2 */
}

/* The floor n and first-floor rank smr the API accepts; then mr is 1..12. */
static int floor_and_rank_exist(int n, int smr)
{
    return n >= 1 && n <= GROTTO_MAX_FLOORS && smr >= 1 && smr <= MAX_SMR;
}

void grotto_elist_of_layout(const grotto_floor_terms *t, int n, int env, int smr, grotto_elist_t *out)
{
    if (!floor_and_rank_exist(n, smr)) {
        memset(out, 0, sizeof *out);        /* refused: env 0, no list */
        return;
    }
    grotto_elist_from_terms(env, floor_monster_rank(smr, n), t->W, t->X, t->D, out); /* §1, §3-§5 */
}

void grotto_elist(const grotto_floor_t *f, int env, int smr, grotto_elist_t *out)
{
    if (!floor_is_square(f) || !floor_and_rank_exist(f->index, smr)) { /* env: grotto_elist_from_terms */
        memset(out, 0, sizeof *out);        /* refused: env 0, no list */
        return;
    }
    grotto_floor_terms t;
    grotto_elist_layout(f, &t);
    grotto_elist_of_layout(&t, f->index, env, smr, out);
}

/* ------------------------------------------------------------------ */
/* §5.1 State labels                                                    */
/* ------------------------------------------------------------------ */

int grotto_elist_state_text(const grotto_elist_t *e, int jp, char *buf, size_t size)
{
    static const char placeholder[] = "<ONLY>";
    if (e->state >= GT_STATE_COUNT)
        return snprintf(buf, size, "%s", "?");
    const char *label = jp ? gt_state_text[e->state].jp : gt_state_text[e->state].en;
    const char *at = strstr(label, placeholder);
    if (!at)
        return snprintf(buf, size, "%s", label);
    const char *name = "?";                 /* no such monster */
    if (e->only < GT_MONSTER_COUNT)
        name = jp ? gt_monsters[e->only].jp : gt_monsters[e->only].en;
    return snprintf(buf, size, "%.*s%s%s", (int)(at - label), label, name, at + strlen(placeholder));
}

/* ------------------------------------------------------------------ */
/* Test-visible helpers                                                 */
/* ------------------------------------------------------------------ */

/* D of floor f for B = 515 - 2W, with the first and last Flag0 tiles. */
int ref_elist_flag0(const grotto_floor_t *f, grotto_xy *first, grotto_xy *last)
{
    layout_terms t;
    scan_layout(f, &t);
    return count_flag0(&t, regime2_passages(t.W), first, last);
}

int ref_elist_state_by_table(int env, int mr, int ofs, int D)
{
    return classify_by_table(enemy_list(env, mr)->cls, ofs, D);
}

int ref_elist_survivors(int ofs, int F)
{
    return records_that_fit(ofs, F);
}

int ref_elist_state_by_memory(int env, int mr, int survivors, int D)
{
    return classify_by_memory(enemy_list(env, mr), survivors, D);
}
