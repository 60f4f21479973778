/* The floor's 1,336-byte work area A[] (floor-generation.md §3): layout,
 * field offsets and accessors. Internal to ref/.
 *
 * Every read of the generator goes through this image, exactly as the tool
 * does: records are addressed by byte offset, pointers are stored as 32-bit
 * little-endian absolute offsets into A and followed when read (§3.1), and
 * the grid is G(x, y) = A[792 + 16y + x] (§0). A stray read would therefore
 * see whatever bytes lie there (§3.8 lists every unusual read); the asserts
 * only check that no access leaves the array, which §3.8 guarantees. */
#ifndef REF_WORK_AREA_H
#define REF_WORK_AREA_H

#include <assert.h>
#include <stdint.h>

/* §3.1 layout */
enum {
    WA_SIZE = 1336,
    WA_NODE_BASE = 24,   /* node n at 24 + 12n */
    WA_NODE_SIZE = 12,
    WA_SPLIT_BASE = 216, /* split s at 216 + 16s */
    WA_SPLIT_SIZE = 16,
    WA_ROOM_BASE = 472,  /* room r at 472 + 20r */
    WA_ROOM_SIZE = 20,
    WA_GRID = 792,       /* 16 x 16 tiles, stride 16 */
    WA_STRIDE = 16
};

/* §3.2 header bytes */
enum {
    HDR_FLOOR_INDEX = 0,
    HDR_SPECIAL_DONE = 1,
    HDR_W = 2,
    HDR_H = 3,
    HDR_UP_X = 4,
    HDR_UP_Y = 5,
    HDR_DOWN_X = 6,
    HDR_DOWN_Y = 7,
    HDR_CHEST_COUNT = 8,
    HDR_CHEST0_X = 13,   /* chest i at 13 + 2i (x), 14 + 2i (y) */
    HDR_NODE_COUNT = 21,
    HDR_SPLIT_COUNT = 22,
    HDR_ROOM_COUNT = 23
};

/* §3.3 node record fields */
enum {
    NODE_X0 = 0,
    NODE_Y0 = 1,
    NODE_X1 = 2,
    NODE_Y1 = 3,
    NODE_ROW_CUT_DONE = 4,
    NODE_COL_CUT_DONE = 5,
    NODE_ROOM = 8        /* pointer to the room record */
};

/* §3.4 split record fields */
enum {
    SPLIT_LX0 = 0,
    SPLIT_LY0 = 1,
    SPLIT_LX1 = 2,
    SPLIT_LY1 = 3,
    SPLIT_FIRST = 4,     /* pointer to the node that was cut (upper / left) */
    SPLIT_SECOND = 8,    /* pointer to the node created (lower / right) */
    SPLIT_KIND = 12      /* 1 = horizontal line, 2 = vertical line */
};
enum { SPLIT_KIND_ROWS = 1, SPLIT_KIND_COLS = 2 };

/* §3.5 room record fields; a door slot is (x, y) */
enum {
    ROOM_X0 = 0,
    ROOM_Y0 = 1,
    ROOM_X1 = 2,
    ROOM_Y1 = 3,
    ROOM_LEFT0 = 4,
    ROOM_LEFT1 = 6,
    ROOM_RIGHT0 = 8,
    ROOM_RIGHT1 = 10,
    ROOM_TOP0 = 12,
    ROOM_TOP1 = 14,
    ROOM_BOTTOM0 = 16,
    ROOM_BOTTOM1 = 18
};

/* §0 tile codes */
enum {
    T_FLOOR = 0,
    T_WALL = 1,
    T_CORRIDOR = 2,
    T_PARTITION = 3,
    T_UP = 4,
    T_DOWN = 5,
    T_CHEST = 6,
    T_DOOR = 8
};

/* --- raw bytes -------------------------------------------------------- */

static inline uint8_t wa_get(const uint8_t *A, int off)
{
    assert(off >= 0 && off < WA_SIZE);
    return A[off];
}

static inline void wa_set(uint8_t *A, int off, int v)
{
    assert(off >= 0 && off < WA_SIZE);
    assert(v >= 0 && v <= 255); /* §0: only 0..255 is ever stored in a byte */
    A[off] = (uint8_t)v;
}

/* 32-bit little-endian pointers (§3.1) */
static inline int wa_get_ptr(const uint8_t *A, int off)
{
    uint32_t p = (uint32_t)wa_get(A, off) | (uint32_t)wa_get(A, off + 1) << 8 |
                 (uint32_t)wa_get(A, off + 2) << 16 | (uint32_t)wa_get(A, off + 3) << 24;
    assert(p < WA_SIZE);
    return (int)p;
}

static inline void wa_set_ptr(uint8_t *A, int off, int ptr)
{
    for (int i = 0; i < 4; i++)
        wa_set(A, off + i, (int)(((uint32_t)ptr >> (8 * i)) & 0xFF));
}

/* --- record addresses (byte offsets into A) ---------------------------- */

static inline int wa_node(int n) { return WA_NODE_BASE + WA_NODE_SIZE * n; }
static inline int wa_split(int s) { return WA_SPLIT_BASE + WA_SPLIT_SIZE * s; }
static inline int wa_room(int r) { return WA_ROOM_BASE + WA_ROOM_SIZE * r; }

/* Follow node n's room pointer (§3.3 +8). A node without a room would
 * yield 0, i.e. the header read as a room record (latent quirk R6). */
static inline int wa_node_room(const uint8_t *A, int node_off)
{
    return wa_get_ptr(A, node_off + NODE_ROOM);
}

/* --- the grid ------------------------------------------------------------ */

/* G(x, y) = A[792 + 16y + x]: no clipping, any (x, y) addresses the image. */
static inline uint8_t G(const uint8_t *A, int x, int y)
{
    return wa_get(A, WA_GRID + WA_STRIDE * y + x);
}

static inline void G_set(uint8_t *A, int x, int y, int t)
{
    wa_set(A, WA_GRID + WA_STRIDE * y + x, t);
}

/* §0: the only "is this a wall?" test of the stair logic (and of §8). */
static inline int BLOCKED(int t)
{
    return t == T_WALL || t == T_PARTITION;
}

#endif
