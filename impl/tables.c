/* impl/tables.c: every table impl/ reads, in one place.
 *
 * Two kinds:
 *  - constant tables, computed by the compiler from the rule they encode:
 *    the fast-modulo magic numbers (lcg.h) and the up-stairs verdict of
 *    every 3 x 3 pattern (bitboard.h);
 *  - tables computed from the generated game tables (grotto/tables.h) and
 *    the generator constants, by impl_tables_build() below. It runs once,
 *    before main(), as this file's constructor: nothing else calls it, and
 *    no impl/ code can run before it (every table it fills is defined here,
 *    so any program that uses one links this file and its constructor).
 *    It calls no other impl/ file; the files that read a table only read.
 *
 * Which file reads which table: lcg.h impl_jump (every jump-ahead),
 * floorgen.c impl_up_refused, analysis.c impl_ring_bypass, impl.h
 * impl_cut_state (impl_elist_state), details.c and impl_map.h the key tables
 * of map-details.md, timer.c the timer tables, sweep.c impl_fnv_prime_pow,
 * chests.c the chest windows and the item of every raw draw. */
#include <string.h>

#include "always.h"
#include "bitboard.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"

/* ---- constant tables ---- */

/* ceil(2^32 / n) mod 2^32, n = 0..256 (n = 1 wraps to 0, as does n = 0:
 * both give the remainder 0). */
#define MG(n) ((n) ? (uint32_t)(UINT64_C(0xFFFFFFFF) / ((n) ? (unsigned)(n) : 1u) + 1u) : 0u)
#define MG4(n) MG(n), MG((n) + 1), MG((n) + 2), MG((n) + 3)
#define MG16(n) MG4(n), MG4((n) + 4), MG4((n) + 8), MG4((n) + 12)
#define MG64(n) MG16(n), MG16((n) + 16), MG16((n) + 32), MG16((n) + 48)
const uint32_t impl_fastmod_magic[IMPL_FASTMOD_MAX + 1] = {MG64(0), MG64(64), MG64(128), MG64(192), MG(256)};

/* floor-generation.md §10.1 over a pattern p: CORNER_FAIL, or a "pinch" -
 * the codes of BLACKLIST are exactly the open centres with one orthogonal
 * neighbour blocked and at least one of the two diagonal neighbours on the
 * opposite side blocked (the other two diagonals are free: the blocked side
 * already sets their corner bits of CLASSIFY). test_impl_stairs checks
 * this against CLASSIFY and BLACKLIST as the spec writes them. */
#define SIDES (IMPL_P_N | IMPL_P_E | IMPL_P_S | IMPL_P_W)
#define ONLY_SIDE(p, side, far) (((p) & SIDES) == (side) && ((p) & (far)) != 0)
#define PINCH(p)                                                                                                 \
    (!((p) & IMPL_P_C) &&                                                                                        \
     (ONLY_SIDE(p, IMPL_P_N, IMPL_P_SW | IMPL_P_SE) || ONLY_SIDE(p, IMPL_P_S, IMPL_P_NW | IMPL_P_NE) ||          \
      ONLY_SIDE(p, IMPL_P_E, IMPL_P_NW | IMPL_P_SW) || ONLY_SIDE(p, IMPL_P_W, IMPL_P_NE | IMPL_P_SE)))
#define CORNER_FAIL(p) (((p) & (IMPL_P_N | IMPL_P_S)) != 0 && ((p) & (IMPL_P_W | IMPL_P_E)) != 0)
#define UR(p) (uint8_t)(CORNER_FAIL(p) || PINCH(p))
#define UR4(p) UR(p), UR((p) + 1), UR((p) + 2), UR((p) + 3)
#define UR16(p) UR4(p), UR4((p) + 4), UR4((p) + 8), UR4((p) + 12)
#define UR64(p) UR16(p), UR16((p) + 16), UR16((p) + 32), UR16((p) + 48)
const uint8_t impl_up_refused[512] = {UR64(0),   UR64(64),  UR64(128), UR64(192),
                                      UR64(256), UR64(320), UR64(384), UR64(448)};

/* ---- computed once ---- */

/* analysis.c (softlock report): whether a solid chest can be walked round,
 * judged on the 3 x 3 pattern (bitboard.h pat9) of open cells around it:
 * its open 4-neighbours lie in one run of open cells of the ring of eight
 * (consecutive ring cells share an edge, so any path through the chest can
 * go round it instead); a ring with no open 4-neighbour, or all open, is
 * trivially so. A sufficient test, not a necessary one (analysis.c floods
 * otherwise). */
uint8_t impl_ring_bypass[512];

static void build_ring_bypass(void)
{
    static const unsigned ring[8] = {IMPL_P_N, IMPL_P_NE, IMPL_P_E, IMPL_P_SE,
                                     IMPL_P_S, IMPL_P_SW, IMPL_P_W, IMPL_P_NW}; /* even = 4-neighbour */
    for (unsigned pat = 0; pat < 512; pat++) {
        unsigned p = 0;
        for (int i = 0; i < 8; i++)
            p |= (unsigned)((pat & ring[i]) != 0) << i;
        int ok = 1;
        if ((p & 0x55u) && p != 0xFFu) {
            int z = __builtin_ctz(~p & 0xFFu), runs = 0, in_run = 0, has4 = 0;
            for (int i = 1; i <= 8; i++) { /* from just after a closed cell round to it */
                int b = (z + i) & 7;
                if ((p >> b) & 1) {
                    in_run = 1;
                    has4 |= !(b & 1);
                } else {
                    runs += in_run && has4;
                    in_run = has4 = 0;
                }
            }
            ok = runs <= 1;
        }
        impl_ring_bypass[pat] = (uint8_t)ok;
    }
}

impl_affine impl_jump[IMPL_JUMP_MAX + 1];
impl_affine impl_jump64[IMPL_POS12 / 64];
uint16_t impl_lcg_pos12[IMPL_POS12];
uint32_t impl_jump_lane_a[IMPL_JUMP_LANES], impl_jump_lane_c[IMPL_JUMP_LANES];
uint8_t impl_cut_state[GT_ENV_COUNT + 1][GT_MONSTER_RANKS + 1][GT_LIST_MAX + 1];
impl_list_info impl_list_info_of[GT_ENV_COUNT + 1][GT_MONSTER_RANKS + 1];
int32_t impl_list_ofs_by_mr[GT_ENV_COUNT + 1][16], impl_list_full_by_mr[GT_ENV_COUNT + 1][16];
uint32_t impl_cut_state32[(GT_ENV_COUNT + 1) * (GT_MONSTER_RANKS + 1) * (GT_LIST_MAX + 1)];
impl_band_info impl_bands[GROTTO_BANDS];
impl_key_range impl_prefix_of_smr[16], impl_suffix_of_boss[16], impl_group_of_floors[32], impl_rank_of_mr[16];
uint32_t impl_rank_lo_by_mr[16], impl_rank_width_by_mr[16];
impl_details_lanes impl_details_by_lane;
uint8_t impl_env_of_percent[100];
impl_side_rule impl_side_of_floor[GROTTO_MAX_FLOORS + 1];
uint8_t impl_boss_of_weight[IMPL_BOSS_WEIGHTS];
uint8_t impl_timer_modulus[GROTTO_QUALITY_MAX + 1];
uint8_t impl_timer_quality[GROTTO_QUALITY_MAX + 1][IMPL_TIMER_K_MAX];
uint8_t impl_timer_locations[GROTTO_QUALITY_MAX + 1];
uint64_t impl_fnv_prime_pow[GROTTO_MAP_RECORD_SIZE + 1];
uint8_t impl_chest_window[GT_CHEST_RANKS + 1][IMPL_CHEST_V];
uint8_t impl_chest_item_of_raw[GT_CHEST_RANKS + 1][IMPL_CHEST_RAW];

/* state_k = A_k * seed + C_k (rng-and-timer.md §3), k = 0..IMPL_JUMP_MAX. */
static void build_jumps(void)
{
    impl_affine a = {1u, 0u};
    impl_affine step = {IMPL_MULT, IMPL_INC};
    for (int k = 0; k <= IMPL_JUMP_MAX; k++) {
        impl_jump[k] = a;
        a = impl_affine_then(a, step);
    }
    for (int k = 1; k <= IMPL_JUMP_LANES; k++) {
        impl_jump_lane_a[k - 1] = impl_jump[k].a;
        impl_jump_lane_c[k - 1] = impl_jump[k].c;
    }
    /* 64 steps at a time, and the cycle of the low 12 bits from 0 */
    impl_affine b = {1u, 0u};
    for (int j = 0; j < IMPL_POS12 / 64; j++) {
        impl_jump64[j] = b;
        b = impl_affine_then(b, impl_jump[64]);
    }
    uint32_t low = 0;
    for (uint32_t i = 0; i < IMPL_POS12; i++) {
        impl_lcg_pos12[low] = (uint16_t)i;
        low = (low * IMPL_MULT + IMPL_INC) & (IMPL_POS12 - 1u);
    }
}

/* enemy-list.md §5.4. A list's records are stored in ascending monster
 * number - the order of the generated spawn lists - and cut from the end,
 * so when s records fit they are the first s members. `kinds` counts the
 * members kept that are not chest monsters; the chest monster of the first
 * cut member that is one is the lowest-numbered chest monster cut. The
 * state is the generated gt_state_of_cut entry of the two (no label is
 * read). */
static int chest_column(int monster) /* gt_state_of_cut's column: 0 = not a chest monster */
{
    int c = monster - GT_MONSTER_026 + 1;
    return c >= 1 && c <= GT_CHEST_MONSTERS ? c : 0;
}

static void build_cut_states(void)
{
    for (int env = 0; env <= GT_ENV_COUNT; env++)
        for (int mr = 0; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
            impl_list_info *li = &impl_list_info_of[env][mr];
            li->ofs = 28 * ft->F + ft->G;
            li->F = ft->F;
            li->full_max = ft->F ? GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET - GT_ELIST_RECORD_BYTES * ft->F
                                 : INT32_MAX;
        }
    for (int env = 0; env <= GT_ENV_COUNT; env++)
        for (int mr = 0; mr < 16; mr++) {
            const impl_list_info *li = &impl_list_info_of[env][mr <= GT_MONSTER_RANKS ? mr : GT_MONSTER_RANKS];
            impl_list_ofs_by_mr[env][mr] = li->ofs;
            impl_list_full_by_mr[env][mr] = li->full_max;
        }
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
            int kinds = 0;
            for (int s = 0; s < ft->F; s++) {
                int missing = 0;
                for (int j = s; j < ft->F && !missing; j++)
                    missing = chest_column(ft->spawn[j].monster);
                int code = ALWAYS(kinds <= GT_CUT_KINDS_MAX) ? gt_state_of_cut[kinds][missing] : -1;
                impl_cut_state[env][mr][s] = (uint8_t)(code < 0 ? IMPL_NO_STATE : code);
                kinds += !chest_column(ft->spawn[s].monster);
            }
        }
    for (int env = 0; env <= GT_ENV_COUNT; env++)
        for (int mr = 0; mr <= GT_MONSTER_RANKS; mr++)
            for (int s = 0; s <= GT_LIST_MAX; s++) {
                int at = (env * (GT_MONSTER_RANKS + 1) + mr) * (GT_LIST_MAX + 1) + s;
                impl_cut_state32[at] = impl_cut_state[env][mr][s];
            }
}

/* The rows of the keyed range tables (map-details.md §3, chests.md §2)
 * resolved by key into flat arrays. */
static const struct gt_range *row_of(const struct gt_range *rows, int n, int key)
{
    for (int i = 0; i < n; i++)
        if (rows[i].key_min <= key && key <= rows[i].key_max)
            return &rows[i];
    return NULL;
}

static impl_key_range key_range(const struct gt_range *r)
{
    impl_key_range k = {0, 0};
    if (r) {
        k.lo = r->lo;
        k.hi = r->hi;
    }
    return k;
}

/* impl_details_by_lane from the tables above (impl_map.h). */
static void put_range(impl_key_range r, uint32_t *lo, uint32_t *n, float *inv)
{
    *lo = r.lo;
    *n = (uint32_t)(r.hi - r.lo + 1);
    *inv = impl_mod_float_inv(*n);
}

static void build_details_lanes(void)
{
    impl_details_lanes *t = &impl_details_by_lane;
    for (int lane = 0; lane < 16; lane++) {
        const impl_band_info *bi = &impl_bands[lane < GROTTO_BANDS ? lane : GROTTO_BANDS - 1];
        t->code[lane] = bi->code;
        put_range(bi->floors, &t->floors_lo[lane], &t->floors_n[lane], &t->floors_inv[lane]);
        put_range(bi->smr, &t->smr_lo[lane], &t->smr_n[lane], &t->smr_inv[lane]);
        t->boss_before[lane] = bi->boss_before;
        t->boss_total[lane] = bi->boss_total;
        t->boss_inv[lane] = impl_mod_float_inv(bi->boss_total);
        put_range(impl_prefix_of_smr[lane], &t->prefix_lo[lane], &t->prefix_n[lane], &t->prefix_inv[lane]);
        put_range(impl_suffix_of_boss[lane], &t->suffix_lo[lane], &t->suffix_n[lane], &t->suffix_inv[lane]);
    }
    for (int k = 0; k < 32; k++)
        put_range(impl_group_of_floors[k], &t->group_lo[k], &t->group_n[k], &t->group_inv[k]);
    for (int w = 0; w < IMPL_BOSS_WEIGHTS; w++)
        t->boss_of_weight[w] = impl_boss_of_weight[w];
    for (int i = 0; i < GT_LOCALE_INDEX_COUNT; i++)
        t->locale[i] = gt_locale_index[i];
}

static void build_map_tables(void)
{
    for (int b = 0; b < GROTTO_BANDS && b < GT_BAND_COUNT; b++) {
        int q = gt_band[b].code;
        impl_band_info *bi = &impl_bands[b];
        bi->code = gt_band[b].code;
        bi->floors = key_range(row_of(gt_floor_count_by_quality, GT_FLOOR_COUNT_BY_QUALITY_ROWS, q));
        bi->smr = key_range(row_of(gt_smr_by_quality, GT_SMR_BY_QUALITY_ROWS, q));
        bi->boss = key_range(row_of(gt_boss_range_by_quality, GT_BOSS_RANGE_BY_QUALITY_ROWS, q));
        int total = 0, before = 0;
        for (int x = 1; x < bi->boss.lo; x++)
            before += gt_boss_weight[x];
        for (int x = bi->boss.lo; x <= bi->boss.hi; x++)
            total += gt_boss_weight[x];
        bi->boss_total = (uint16_t)total;
        bi->boss_before = (uint16_t)before;
        bi->boss_magic = impl_mod_magic_of((uint32_t)total);
    }
    /* a draw past the last weight gets the last entry (env: the last in
     * stored order, boss: boss 12), as a scan that finds no interval does */
    for (int e = 0, sum = 0, i = 0; e < 100; e++) {
        while (i < GT_ENV_COUNT && e >= sum + gt_env_weights[i].weight)
            sum += gt_env_weights[i++].weight;
        impl_env_of_percent[e] = gt_env_weights[i < GT_ENV_COUNT ? i : GT_ENV_COUNT - 1].id;
    }
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++)
        for (int r = GT_FLOOR_SIZE_ROWS - 1; r >= 0; r--) /* the first row holding n wins */
            if (gt_floor_size[r].n_min <= n && n <= gt_floor_size[r].n_max) {
                unsigned m = gt_floor_size[r].modulus;
                impl_side_of_floor[n].base = gt_floor_size[r].base;
                impl_side_of_floor[n].modulus = (uint8_t)m;
                impl_side_of_floor[n].magic = impl_mod_magic_of(m);
            }
    for (int w = 0, sum = 0, b = 1; w < IMPL_BOSS_WEIGHTS; w++) {
        while (b <= GT_BOSS_COUNT && w >= sum + gt_boss_weight[b])
            sum += gt_boss_weight[b++];
        impl_boss_of_weight[w] = (uint8_t)(b <= GT_BOSS_COUNT ? b : GT_BOSS_COUNT);
    }
    for (int k = 0; k < 16; k++) {
        impl_prefix_of_smr[k] = key_range(row_of(gt_prefix_by_smr, GT_PREFIX_BY_SMR_ROWS, k));
        impl_suffix_of_boss[k] = key_range(row_of(gt_suffix_by_boss, GT_SUFFIX_BY_BOSS_ROWS, k));
        impl_rank_of_mr[k] = key_range(row_of(gt_chest_rank_by_mr, GT_CHEST_RANK_BY_MR_ROWS, k));
        impl_rank_lo_by_mr[k] = impl_rank_of_mr[k].lo;
        impl_rank_width_by_mr[k] = (uint32_t)(impl_rank_of_mr[k].hi - impl_rank_of_mr[k].lo + 1);
    }
    for (int k = 0; k < 32; k++)
        impl_group_of_floors[k] = key_range(row_of(gt_locale_group_by_floors, GT_LOCALE_GROUP_BY_FLOORS_ROWS, k));
    build_details_lanes();
}

/* rng-and-timer.md §4: the final quality for base quality and k = r1 mod m,
 * m = 2 (base div 10) + 1, from the tool's literal expression
 * base + trunc(k - base/10) with a double quotient, clamped to 2..248; the
 * number of entrance locations of a final quality (§4.2). */
static void build_timer_tables(void)
{
    for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
        int m = 2 * (base / 10) + 1;
        impl_timer_modulus[base] = (uint8_t)m;
        for (int k = 0; k < m; k++) {
            int q = base + (int)((double)k - (double)base / 10.0); /* (int) truncates toward zero */
            impl_timer_quality[base][k] = (uint8_t)(NEVER(q < GROTTO_QUALITY_MIN) ? GROTTO_QUALITY_MIN
                                                    : q > GROTTO_QUALITY_MAX ? GROTTO_QUALITY_MAX
                                                                             : q);
        }
    }
    for (int i = 0; i < GT_LOCATION_BAND_COUNT; i++)
        for (int q = gt_location_bands[i].qmin; q <= gt_location_bands[i].qmax && ALWAYS(q <= GROTTO_QUALITY_MAX); q++)
            impl_timer_locations[q] = (uint8_t)gt_location_bands[i].locations;
}

/* FNV-1a over z zero bytes multiplies by P^z (sweep.c's MapRecord tails). */
static void build_fnv_powers(void)
{
    uint64_t p = 1;
    for (int z = 0; z <= GROTTO_MAP_RECORD_SIZE; z++) {
        impl_fnv_prime_pow[z] = p;
        p *= GROTTO_FNV_PRIME;
    }
}

/* The first raw draw whose scaled value (impl_scaled, n = IMPL_CHEST_V)
 * is at least v; IMPL_CHEST_RAW when none is. scaled() never decreases
 * as the raw draw grows, so a binary search finds it. */
static int first_raw_scaling_to(int v)
{
    int lo = 0, hi = IMPL_CHEST_RAW;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (impl_scaled((uint32_t)mid, IMPL_CHEST_V) >= v)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* chests.md §3.1: per rank the item of every scaled value v 0..99 (the
 * table's entries laid out weight by weight), and of every raw draw. The
 * raw draws of one scaled value are one run, filled at once: every process
 * builds these tables before main(), and 327,680 scalings were most of
 * that cost (about 0.5 ms; a cached query takes 5). */
static void build_chest_tables(void)
{
    int first[IMPL_CHEST_V + 1];
    for (int v = 0; v <= IMPL_CHEST_V; v++)
        first[v] = first_raw_scaling_to(v);
    for (int r = 1; r <= GT_CHEST_RANKS; r++) {
        const struct gt_chest_table *t = &gt_chest_tables[r];
        int v = 0;
        for (int e = 0; e < t->count; e++)
            for (int w = 0; w < t->entry[e].weight && ALWAYS(v < IMPL_CHEST_V); w++)
                impl_chest_window[r][v++] = t->entry[e].item;
        for (v = 0; v < IMPL_CHEST_V; v++)
            memset(&impl_chest_item_of_raw[r][first[v]], impl_chest_window[r][v], (size_t)(first[v + 1] - first[v]));
    }
}

/* What the CPU runs beyond x86-64's baseline, asked once here (a
 * constructor calls __builtin_cpu_init first) for the paths of fnv.c,
 * at.c and walk.c and the sweep's second build that need it; 0 elsewhere.
 * impl_cpu_avx512 also asks for what the sweep's second build is compiled
 * with beyond AVX-512 (impl/CMakeLists.txt), which every such CPU has. */
int impl_cpu_avx2, impl_cpu_avx512;

static void build_cpu_flags(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    impl_cpu_avx2 = __builtin_cpu_supports("avx2");
    impl_cpu_avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
                      impl_cpu_avx2 && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                      __builtin_cpu_supports("popcnt");
#endif
}

__attribute__((constructor)) static void impl_tables_build(void)
{
    build_cpu_flags();
    build_jumps();
    build_cut_states();
    build_map_tables();
    build_timer_tables();
    build_fnv_powers();
    build_ring_bypass();
    build_chest_tables();
}
