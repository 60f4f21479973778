/* impl/impl.h: internal interface of impl/, the second derivation of the
 * engine (bit-packed, memoised; grotto/engine.h grotto_engine_impl).
 * Nothing here is shared with ref/; only the generated tables
 * (grotto/tables.h) and the header-only record encoders (grotto/record.h)
 * are common.
 *
 * The files, by stage: floorgen.c floors (phases 1-7 of
 * floor-generation.md), analysis.c the detection rules (§12), elist.c the
 * enemy-list terms and cut (enemy-list.md), details.c map details
 * (map-details.md), mapgen.c whole maps, timer.c timer values
 * (rng-and-timer.md §4), sweep.c the whole-universe sweep, fnv.c its
 * record digests, walk.c the walking cost (its wavefront in walk_wave.h,
 * the AVX2 path in walk_avx2.c), at.c, multibug.c and chests.c the
 * research layers (research.md), engine.c the engine interface; tables.c
 * every table they read (built before main(), no initialisation call
 * anywhere); lcg.h, bitboard.h, packed.h the inline primitives. */
#ifndef IMPL_IMPL_H
#define IMPL_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/engine.h"
#include "grotto/tables.h"
#include "grotto/types.h"

typedef struct impl_room {
    uint8_t x0, y0, x1, y1;
} impl_room;

/* A floor as it stands after the stair phase (floor-generation.md §4 up to
 * and including PLACE_STAIRS), made by impl_layout_gen (floorgen.c, which
 * describes how). It is a pure function of the generator input (floor seed
 * T = S + k, size): the memoisation unit of the sweep. The chest phase
 * (impl_place_chests) needs only the rooms, the stair rows and the RNG
 * state; the enemy-list terms and the analysis need the blocked rows; the
 * FloorRecord needs the byte grid, which is built once per layout. */
typedef struct impl_layout {
    uint8_t grid[GROTTO_CELLS]; /* G(x, y) = grid[16*y + x], after the stairs */
    uint16_t blocked[16];       /* row masks of the cells holding 1 or 3 */
    uint16_t stairs[16];        /* row masks of the cells holding 4 or 5 (ghosts too) */
    impl_room room[16];
    uint8_t size;
    uint8_t room_count;
    uint8_t overflow;      /* overflow mode entered at least once */
    uint8_t up_on_wall;    /* final up stairs written on a 1/3 cell */
    uint8_t rooms_regular; /* every room >= 2x2 and room_count >= 2: every
                              floor-3 discard is exactly 3 draws */
    grotto_xy up, down;
    uint32_t state;        /* RNG state after the stair phase */
} impl_layout;

int impl_floor_size(uint32_t seed, int k);
/* Phases 1-6 for floor seed T and square size. */
void impl_layout_gen(uint32_t T, int size, impl_layout *out);
/* Phase 6 alone, over a grid and rooms given as they stand after phase 5
 * (for test_impl_stairs): the four planes' row masks (pairwise disjoint;
 * cells outside size x size walls), the rooms (1..16, each inside
 * 1..size-2, at least one with a cell that passes CORNER_FAIL) and the
 * generator state. Fills *out as impl_layout_gen does after its phase 6. */
typedef struct impl_stairs_input {
    uint16_t wall[16], part[16], door[16], corridor[16];
    impl_room room[16];
    int room_count, size;
    uint32_t state;
} impl_stairs_input;
void impl_stairs_alone(const impl_stairs_input *in, impl_layout *out);
/* Phase 7 for floor index k; returns the count (0 for k <= 2). The draws
 * made are added to *draws (may be NULL); the floor-3 discards are a jump.
 * It reads k only through impl_chest_class(k): 0 for k <= 2 (no chest),
 * 1 for k = 3 (100 candidates discarded first), 2 for k >= 4; floors of one
 * layout and one class have the same chests (sweep.c shares them). */
int impl_chest_class(int k);
int impl_place_chests(const impl_layout *layout, int k, grotto_xy chest[GROTTO_MAX_CHESTS], uint32_t *draws);
/* Fill a grotto_floor_t from a layout and its chests. */
void impl_floor_from_layout(const impl_layout *layout, int k, int count, const grotto_xy *chest,
                            grotto_floor_t *out);
/* Whole floor; returns 0, or -1 for k outside 1..16 (any 32-bit seed). */
int impl_floor_generate(uint32_t seed, int k, grotto_floor_t *out, uint8_t *up_on_wall);

/* Enemy list. */
typedef struct impl_elist_terms {
    uint16_t W, X, D; /* D = 0 in regime 1 */
    uint16_t pad;     /* 0: eight bytes, which GCC keeps in one register; of
                       * six it made three stores and read them back as a
                       * word, a stalled load per floor in the sweep */
} impl_elist_terms;
impl_elist_terms impl_elist_terms_of(const uint16_t white[16]);
void impl_elist_fill(impl_elist_terms t, int env, int mr, grotto_elist_t *out);
/* The layout part of ElistOfs, i.e. ElistOfs - 28F - G (see elist.c). */
int impl_elist_layout_ofs(impl_elist_terms t);
/* What the enemy-list state reads of list (env, mr), in a compact table
 * (tables.c, from gt_floor_tables): its part 20F + 8F + G of ElistOfs
 * (enemy-list.md §4), F, and the largest ElistOfs at which all F records
 * still fit (11,344 - 128 - 20F; every ElistOfs when F = 0). */
typedef struct impl_list_info {
    int32_t ofs, full_max;
    uint8_t F;
} impl_list_info;
extern impl_list_info impl_list_info_of[GT_ENV_COUNT + 1][GT_MONSTER_RANKS + 1];

static inline int impl_elist_list_ofs(int env, int mr)
{
    return impl_list_info_of[env][mr].ofs;
}

/* State of enemy-list.md §5.4, the memory model (not the table of §5.3,
 * which ref/ keeps): impl_cut_state[env][mr][s] is the state of list
 * (env, mr) when its first s records fit (s < F), built in tables.c from
 * the list's members and the generated gt_state_of_cut; IMPL_NO_STATE
 * where the rule names no state (never, for the game's lists:
 * test_impl_elist). s = F (nothing cut) is GT_STATE_PARTIAL when D > 0,
 * else GT_STATE_NORMAL. */
enum { IMPL_NO_STATE = 255 };
extern uint8_t impl_cut_state[GT_ENV_COUNT + 1][GT_MONSTER_RANKS + 1][GT_LIST_MAX + 1];

/* The same lists by monster rank in rows of 16 (ranks 13-15 never
 * read), for lookups of eight ranks at once in vector registers (sweep.c's
 * map floor slots): the list's part of ElistOfs and full_max by [env][mr],
 * and impl_cut_state as 32-bit entries (a gather reads four bytes) at
 * index (env * (GT_MONSTER_RANKS + 1) + mr) * (GT_LIST_MAX + 1) + s. */
extern int32_t impl_list_ofs_by_mr[GT_ENV_COUNT + 1][16], impl_list_full_by_mr[GT_ENV_COUNT + 1][16];
extern uint32_t impl_cut_state32[(GT_ENV_COUNT + 1) * (GT_MONSTER_RANKS + 1) * (GT_LIST_MAX + 1)];

/* Records that fit at ElistOfs ofs, however long the list: record j
 * (1-based) ends at ofs + 128 + 20 j, and it fits when that is at most
 * 11,344 (none when the room is negative; taken as 0 without a branch). */
static inline int impl_elist_fitting(int ofs)
{
    int room = GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET - ofs;
    return (int)((unsigned)(room & ~(room >> 31)) / GT_ELIST_RECORD_BYTES);
}

/* Records of a list of F that fit at ElistOfs ofs. */
static inline int impl_elist_survivors(int ofs, int F)
{
    int s = impl_elist_fitting(ofs);
    return s > F ? F : s;
}

/* Nothing cut (ofs <= full_max: the survivors are F) is the common case,
 * decided without the survivors' division. */
static inline int impl_elist_state(int ofs, int D, int env, int mr)
{
    const impl_list_info *li = &impl_list_info_of[env][mr];
    if (ofs <= li->full_max)
        return D > 0 ? GT_STATE_PARTIAL : GT_STATE_NORMAL;
    /* ofs > full_max: fewer than F records fit, so the count needs no clamp
     * and s < F <= GT_LIST_MAX (F >= 1: full_max of an empty list is every
     * ElistOfs) */
    return impl_cut_state[env][mr][impl_elist_fitting(ofs)];
}

/* Analysis on row masks, all restricted to the W x H rectangle:
 * walk = tiles other than 1/3, stairs = tiles 4/5, chest = tiles 6,
 * pocket = tiles 0/2/8. up/down/chests come from the floor header. */
typedef struct impl_floor_masks {
    uint16_t walk[16], stairs[16], chest[16], pocket[16];
    grotto_xy up, down;
    uint8_t chest_count;
    grotto_xy chests[GROTTO_MAX_CHESTS];
} impl_floor_masks;
void impl_masks_of_floor(const grotto_floor_t *f, impl_floor_masks *m);
void impl_analyse_masks(const impl_floor_masks *m, grotto_floor_analysis *out);
/* The sweep's facts from masks (no per-tile arrays): ghost_count,
 * unreachable_chests, down_unreachable, region_count and the softlock
 * fields are written, the other fields are left alone. reach (may be NULL)
 * receives the tiles reached from the up stairs. */
void impl_facts_masks(const impl_floor_masks *m, grotto_floor_facts *out, uint16_t reach[16]);
/* The same from r, the flood from the up stairs through the walkable
 * tiles (impl_flood_seed with m->up and m->walk, then impl_flood or
 * impl_flood_many); the softlock fields need a second flood when the floor
 * has chests (made inside). */
void impl_facts_reached(const impl_floor_masks *m, const uint16_t r[16], grotto_floor_facts *out);
/* A flood's start: r holds only `start`, p is pass with `start` added (a
 * start is accepted whatever its tile, as FLOOD of floor-generation.md §12
 * does); r empty when start lies outside the grid. */
void impl_flood_seed(grotto_xy start, const uint16_t pass[16], uint16_t r[16], uint16_t p[16]);
/* Only the softlock fields (up_next_to_chest, softlock_near/far/down_cut). */
void impl_softlock_facts(const impl_floor_masks *m, grotto_floor_facts *out);
/* The tiles a chests-solid flood passes: walkable and no chest. */
void impl_softlock_open(const impl_floor_masks *m, uint16_t open[16]);
/* The softlock fields from r2, the flood from the up stairs through those
 * tiles (impl_flood_seed with m->up and impl_softlock_open's rows). */
void impl_softlock_reached(const impl_floor_masks *m, const uint16_t r2[16], grotto_floor_facts *out);
/* The same without a flood from `reach`, the tiles reached from the up
 * stairs with chests walkable, when that is exact: every chest was reached
 * and none is needed to pass (its open neighbours are connected round it).
 * Returns 1 when the fields were written, 0 otherwise (nothing written). */
int impl_softlock_from_reach(const impl_floor_masks *m, const uint16_t reach[16], grotto_floor_facts *out);

/* Map details (map-details.md), from a band index 0..11. */
int impl_band_of_quality(int quality);
void impl_details(int band, uint32_t seed, grotto_map_details_t *d);
/* Details from the 8 raw draws k = 13,14,15,16,29,30,31,32; side[] is
 * filled only when sides != 0 (the MapRecord does not hold it). */
void impl_details_from_draws(int band, uint32_t seed, const uint32_t v[8], grotto_map_details_t *d, int sides);
void impl_detail_draws(uint32_t seed, uint32_t v[8]);
void impl_detail_draws_after(uint32_t seed, int ahead, uint32_t v[8]);

/* Floor monster rank: smr + (n-1) div 4, capped at 12. */
static inline int impl_floor_mr(int smr, int n)
{
    int mr = smr + (n - 1) / 4;
    return mr > 12 ? 12 : mr;
}

int impl_map(int quality, uint32_t seed, grotto_map_t *out);
/* The map's name, English (jp = 0) or Japanese (names.c; grotto/engine.h name). */
int impl_map_name(const grotto_map_details_t *d, int jp, char *buf, size_t size);
/* The two halves of impl_map (grotto/engine.h map_floors, map_from_floors). */
int impl_map_floors(uint32_t seed, int count, grotto_map_floors_t *out);
int impl_map_from_floors(int quality, const grotto_map_floors_t *floors, grotto_map_t *out);

/* Walking cost of a finished floor in half-steps (grotto/walk.h), by a
 * wavefront over packed planes (walk.c). */
uint16_t impl_walk(const grotto_floor_t *f);
/* The same on row masks of the walkable tiles (bit x of rows[y]; tiles
 * outside the floor clear), as the sweep keeps them (impl_floor_masks.walk):
 * the start counts whatever it holds. */
uint16_t impl_walk_rows(const uint16_t rows[16], grotto_xy up, grotto_xy down);
/* The walk's paths (walk.c): the base one (two SSE2 registers a plane, or
 * four 64-bit words); where the CPU has AVX2 (asked at run time), one
 * 256-bit register a plane (walk_avx2.c); where it has AVX-512 as well,
 * the same with one-instruction row moves (walk_avx512.c). impl_walk_path
 * names the best the CPU runs, which impl_walk_rows takes. impl_walk_on
 * answers on the path named (for the tests): 0, or -1 with nothing written
 * for a path not built in or not on this CPU. */
enum { IMPL_WALK_BASE, IMPL_WALK_AVX2, IMPL_WALK_AVX512 }; /* ordered: a CPU runs a path and those before it */
int impl_walk_path(void);
int impl_walk_on(int path, const grotto_floor_t *f, uint16_t *out);
uint16_t impl_walk_rows_avx2(const uint16_t rows[16], grotto_xy up, grotto_xy down);   /* AVX2 CPUs only */
uint16_t impl_walk_rows_avx512(const uint16_t rows[16], grotto_xy up, grotto_xy down); /* AVX-512 CPUs only */

/* The AT (research.md §4; grotto/at.h semantics, impl/at.c) and the
 * multiplayer bug (§5; grotto/multibug.h, impl/multibug.c). */
struct grotto_at;
struct grotto_at_pop;
struct grotto_at_scan_query;
struct grotto_whistle;
struct grotto_multibug;
int impl_at(uint32_t seed, struct grotto_at *out);
int impl_at_pop(uint32_t seed, int zoom, struct grotto_at_pop *out);
long impl_at_scan(uint32_t seed, const struct grotto_at_scan_query *q, uint32_t *start, size_t cap);
int impl_whistle(uint32_t seed, const struct grotto_whistle *w);
int impl_multibug(int quality, const grotto_map_floors_t *floors, struct grotto_multibug *out);

/* Timer value T with a base quality (rng-and-timer.md §4): 0 or -1. */
int impl_timer(uint32_t timer, int base, grotto_timer_value *out);
/* Its tables (tables.c): m = 2 (base div 10) + 1 by base quality, the final
 * quality by base quality and k = r1 mod m, the entrance locations by final
 * quality. */
enum { IMPL_TIMER_K_MAX = 2 * (GROTTO_QUALITY_MAX / 10) + 1 }; /* the largest m, 49 */
extern uint8_t impl_timer_modulus[GROTTO_QUALITY_MAX + 1];
extern uint8_t impl_timer_quality[GROTTO_QUALITY_MAX + 1][IMPL_TIMER_K_MAX];
extern uint8_t impl_timer_locations[GROTTO_QUALITY_MAX + 1];

/* FNV prime powers P^z, z = 0..GROTTO_MAP_RECORD_SIZE (sweep.c, tables.c). */
extern uint64_t impl_fnv_prime_pow[];

/* The digests (records.md, grotto_fnv1a) of n records (fnv.c): record r is
 * the len[r] bytes at base + r * stride (len NULL: all stride bytes long).
 * The AVX-512 path is taken where the CPU has it and every length rounded
 * up to 8 lies within stride; the scalar path otherwise. */
void impl_fnv1a_records(const uint8_t *base, size_t stride, const uint16_t *len, size_t n, uint64_t *out);
/* Records of one length (len NULL, or lengths all equal) go fastest in
 * groups of IMPL_FNV_GROUP_EQUAL: 48 in vector registers and
 * IMPL_FNV_SCALAR_LANES in general ones, side by side (fnv.c). */
enum { IMPL_FNV_SCALAR_LANES = 4, IMPL_FNV_GROUP_EQUAL = 48 + IMPL_FNV_SCALAR_LANES };
/* The same on one path (for the tests): 0, or -1 with nothing written
 * when the path is not built in, the CPU lacks it or the lengths do not
 * fit the stride. */
enum { IMPL_FNV_SCALAR, IMPL_FNV_AVX512 };
int impl_fnv1a_records_on(int path, const uint8_t *base, size_t stride, const uint16_t *len, size_t n,
                          uint64_t *out);

/* The AT scan's hit bits (at.c): bit i of *out is whether step i + 1
 * after state s has a value at most limit >> 16 (limit = threshold << 16),
 * for n = 1..64 steps, on one path (for the tests): 0, or -1 with nothing
 * written when the path is not built in, the CPU lacks it, or n or limit
 * is out of range. impl_at_scan takes AVX2 where the CPU has it. */
enum { IMPL_AT_SCALAR, IMPL_AT_AVX2 };
int impl_at_hits_on(int path, uint32_t s, int n, uint32_t limit, uint64_t *out);
int impl_at_scan_path(void); /* the path impl_at_scan takes on this CPU */

/* Whether the CPU has AVX2, and AVX-512 F/BW/DQ/VL (with the AVX2, BMI1,
 * BMI2 and POPCNT every such CPU has): asked once before main()
 * (tables.c); the fast paths above, the walk's and the sweep's read them. */
extern int impl_cpu_avx2, impl_cpu_avx512;

/* The whole-universe sweep's two builds (sweep.c): the base one and, where
 * the library was built with it (IMPL_HAVE_SWEEP_AVX512) and the CPU has
 * AVX-512, the same code compiled for it (sweep_avx512.c), which
 * grotto_impl_sweep then takes. impl_sweep_on runs the build named (for
 * the tests): grotto_impl_sweep's answer, or -1 with nothing written when
 * that build is not in the library or not for this CPU. */
struct grotto_sweep_request;
struct grotto_sweep_stats;
enum { IMPL_SWEEP_BASE, IMPL_SWEEP_AVX512 };
int impl_sweep_path(void);
int impl_sweep_on(int path, const struct grotto_sweep_request *req, struct grotto_sweep_stats *stats);
int impl_sweep_avx512(const struct grotto_sweep_request *req, struct grotto_sweep_stats *stats);

/* The chest timer (chests.md §3; impl/chests.c): grotto/engine.h
 * chest_seconds and chest_hits, as grotto/chests.h defines them. Tables
 * (tables.c): per rank 1..10 the item of every scaled value v 0..99 and of
 * every raw 15-bit draw. */
enum { IMPL_CHEST_V = 100, IMPL_CHEST_RAW = 32768 };
extern uint8_t impl_chest_window[GT_CHEST_RANKS + 1][IMPL_CHEST_V];
extern uint8_t impl_chest_item_of_raw[GT_CHEST_RANKS + 1][IMPL_CHEST_RAW];
struct grotto_chest_floor;
struct grotto_item_set;
struct grotto_seconds;
int impl_chest_seconds(const struct grotto_chest_floor *f, uint32_t first, uint32_t count,
                       uint8_t (*item)[GROTTO_MAX_CHESTS]);
int impl_chest_hits(const struct grotto_chest_floor *f, int chest, const struct grotto_item_set *set,
                    struct grotto_seconds *out);

#endif
