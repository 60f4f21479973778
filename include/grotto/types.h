/* Public types shared by the engines (ref/, impl/, legacy/), the harness and the CLI.
 * Vocabulary: docs/spec/README.md (band, SMR, floor MR, ghost stairs,
 * overflow mode, nipple, chamber, Flag0 tiles). */
#ifndef GROTTO_TYPES_H
#define GROTTO_TYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Naming: the four structures whose name is also a function of the API
 * (grotto_floor(), grotto_map(), grotto_map_details(), grotto_elist()) are
 * typedef'd with a _t suffix: grotto_floor_t, grotto_map_t,
 * grotto_map_details_t, grotto_elist_t. */

enum {
    GROTTO_SEED_COUNT = 32768,  /* map seeds 0x0000..0x7FFF */
    GROTTO_SEED_MAX = 0x7FFF,
    GROTTO_BANDS = 12,          /* quality bands ("ranks") */
    GROTTO_QUALITY_MIN = 2,
    GROTTO_QUALITY_MAX = 248,
    GROTTO_MAX_FLOORS = 16,     /* ordinary floors of a map (boss floor excluded) */
    GROTTO_GRID = 16,           /* the work grid is always 16 x 16 */
    GROTTO_CELLS = 256,
    GROTTO_MAX_CHESTS = 3,
    GROTTO_CHEST_RANK_COUNT = 10, /* chest ranks 1..10 (I..S, chests.md §2) */
    GROTTO_FLOOR_UNIVERSE = GROTTO_SEED_COUNT * GROTTO_MAX_FLOORS, /* 524,288 */
    GROTTO_MAP_UNIVERSE = GROTTO_BANDS * GROTTO_SEED_COUNT         /* 393,216 */
};

/* Tile codes of the grid (floor-generation.md §0). Code 7 never occurs. */
enum grotto_tile {
    GROTTO_TILE_FLOOR = 0,
    GROTTO_TILE_WALL = 1,
    GROTTO_TILE_CORRIDOR = 2,
    GROTTO_TILE_PARTITION = 3,
    GROTTO_TILE_UP = 4,
    GROTTO_TILE_DOWN = 5,
    GROTTO_TILE_CHEST = 6,
    GROTTO_TILE_DOOR = 8
};

typedef struct grotto_xy {
    uint8_t x, y;
} grotto_xy;

/* One generated floor: everything the FloorRecord v1 holds (records.md). */
typedef struct grotto_floor {
    uint8_t index;        /* 1..16 (B1F = 1) */
    uint8_t width;        /* 10..16 */
    uint8_t height;       /* == width */
    uint8_t overflow;     /* 1 if stair placement entered overflow mode at least once */
    grotto_xy up;         /* final up stairs */
    grotto_xy down;       /* final down stairs */
    uint8_t chest_count;  /* 0..3 (0 on floors 1 and 2) */
    grotto_xy chest[GROTTO_MAX_CHESTS]; /* placement order; (0,0) when absent */
    uint8_t grid[GROTTO_CELLS];         /* G(x, y) = grid[16*y + x], whole 16x16 */
} grotto_floor_t;

/* G(x, y): the tile at (x, y) of the 16 x 16 grid, GROTTO_TILE_WALL for
 * any (x, y) outside it. */
static inline uint8_t grotto_tile_at(const grotto_floor_t *f, int x, int y)
{
    if ((unsigned)x >= GROTTO_GRID || (unsigned)y >= GROTTO_GRID)
        return GROTTO_TILE_WALL;
    return f->grid[GROTTO_GRID * y + x];
}

/* Walkable ("white") tile: every code except wall 1 and partition 3. */
static inline int grotto_tile_walkable(uint8_t t)
{
    return t != GROTTO_TILE_WALL && t != GROTTO_TILE_PARTITION;
}

/* Map details from (quality band, seed): map-details.md §1. */
typedef struct grotto_map_details {
    uint8_t band;         /* band index 0..11 */
    uint8_t band_code;    /* lowest quality of the band: 2, 56, ..., 221 */
    uint16_t seed;        /* 0..0x7FFF */
    uint8_t env;          /* 1..5: caves, ruins, ice, water, fire */
    uint8_t floors;       /* 2..16 */
    uint8_t smr;          /* first-floor monster rank 1..9 */
    uint8_t boss;         /* 1..12 */
    uint8_t prefix;       /* 1..16 */
    uint8_t suffix;       /* 1..16 */
    uint8_t group;        /* locale group 1..8 */
    uint8_t locale;       /* 1..24 */
    uint8_t level;        /* 1..99 */
    uint8_t side[GROTTO_MAX_FLOORS]; /* side[n-1] for floor n; 0 beyond floors */
} grotto_map_details_t;

/* Enemy-list memory cut of one floor (enemy-list.md). */
typedef struct grotto_elist {
    uint8_t env;          /* 1..5 */
    uint8_t mr;           /* floor monster rank 1..12 (capped) */
    uint8_t F;            /* list length 7 or 8 */
    uint16_t G;           /* sum of the members' g */
    uint8_t cls;          /* exception class, enum gt_elist_class */
    uint16_t W;           /* white (walkable) tiles */
    uint16_t X;           /* adjacent white pairs */
    uint8_t regime;       /* 1 or 2 */
    int32_t boundary;     /* 4128 - 16W - 8X */
    int32_t A;            /* fixed + walking-map bytes */
    int32_t B;            /* passages kept */
    uint16_t D;           /* Flag0 tiles */
    uint16_t ofs;         /* ElistOfs, Japanese (unpadded) value: the classified one */
    uint8_t survivors;    /* records that fit, 0..F */
    uint8_t state;        /* 0..16, records.md state codes */
    uint16_t only;        /* ONLY monster: index into gt_monsters */
} grotto_elist_t;

/* A whole map: details, then per floor its chests and enemy-list cut. */
typedef struct grotto_map {
    grotto_map_details_t d;
    uint8_t chest_count[GROTTO_MAX_FLOORS];
    uint8_t chest_rank[GROTTO_MAX_FLOORS][GROTTO_MAX_CHESTS]; /* 1..10, 0 if none */
    grotto_elist_t elist[GROTTO_MAX_FLOORS];
} grotto_map_t;

/* The part of a seed's maps that no quality changes (records.md: a floor
 * depends only on the seed and the floor index): per floor its chest count
 * and the enemy-list layout terms W, X, D (enemy-list.md §2-§3). A map is
 * these plus what the quality decides (details, chest ranks, cuts). */
typedef struct grotto_floor_terms {
    uint8_t chest_count;
    uint16_t W, X, D;     /* D for B = 515 - 2W, whatever the regime */
} grotto_floor_terms;

typedef struct grotto_map_floors {
    uint32_t seed;
    uint8_t count;                               /* floors 1..count filled */
    grotto_floor_terms floor[GROTTO_MAX_FLOORS]; /* floor[n-1] for floor n */
} grotto_map_floors_t;

/* Everything one console timer value gives with one base quality
 * (rng-and-timer.md §4-§4.2): the three draws, the final quality and the
 * entrance location. */
typedef struct grotto_timer_value {
    uint16_t timer;       /* 0..65535 */
    uint16_t r1, seed, r3;
    uint8_t base;         /* 2..248 */
    uint8_t quality;      /* final quality 2..248 */
    uint8_t location;     /* 1..150 */
} grotto_timer_value;

/* Region of the game build: only the displayed ElistOfs differs (HW-7). */
typedef enum grotto_region {
    GROTTO_REGION_JP = 0,
    GROTTO_REGION_INTL = 1
} grotto_region;

enum { GROTTO_INTL_PADDING = 128 };

static inline unsigned grotto_elist_display_ofs(const grotto_elist_t *e, grotto_region r)
{
    return (unsigned)e->ofs + (r == GROTTO_REGION_INTL ? (unsigned)GROTTO_INTL_PADDING : 0u);
}

/* What the tool's detection rules find on a finished floor
 * (floor-generation.md §12), plus the softlock report of hardware.md HW-1. */
enum { GROTTO_MAX_REGIONS = 128, GROTTO_MAX_GHOSTS = 256 };

typedef struct grotto_floor_analysis {
    uint16_t ghost_count;
    grotto_xy ghost[GROTTO_MAX_GHOSTS];     /* row-major */
    uint8_t reached[GROTTO_CELLS];          /* 1 = reached from the up stairs */
    uint16_t reached_count;
    uint8_t chest_unreachable[GROTTO_MAX_CHESTS]; /* per chest, placement order */
    uint8_t unreachable_chests;             /* count ("nipple" if > 0) */
    uint8_t down_unreachable;
    uint16_t region_count;                  /* "chamber" pockets */
    uint16_t region_size[GROTTO_MAX_REGIONS];
    grotto_xy region_first[GROTTO_MAX_REGIONS]; /* first tile, row-major */
    /* Softlock report (HW-1): in the game chests are solid. With chests as
     * obstacles, which walkable tiles can the player reach from the final
     * up stairs, and which are left on the other side? */
    uint8_t up_next_to_chest;               /* final up stairs 4-adjacent to a chest */
    uint16_t softlock_near;                 /* tiles reachable from up stairs, chests solid */
    uint16_t softlock_far;                  /* walkable non-chest tiles not reachable so */
    uint8_t softlock_down_cut;              /* the down stairs are on the far side */
} grotto_floor_analysis;

#ifdef __cplusplus
}
#endif

#endif
