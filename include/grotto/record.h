/* Canonical records and digests (records.md): the contract between ref/,
 * impl/, oracle/ and corpus/. Header-only so that both implementations
 * share the encoders without sharing any generation code. */
#ifndef GROTTO_RECORD_H
#define GROTTO_RECORD_H

#include <stdint.h>
#include <string.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { GROTTO_FLOOR_RECORD_SIZE = 272, GROTTO_MAP_RECORD_SIZE = 140 };

#define GROTTO_FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define GROTTO_FNV_PRIME UINT64_C(0x100000001b3)

/* FNV-1a 64-bit. */
static inline uint64_t grotto_fnv1a(const void *data, size_t len)
{
    const uint8_t *p = (const uint8_t *)data;
    uint64_t h = GROTTO_FNV_OFFSET;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= GROTTO_FNV_PRIME;
    }
    return h;
}

/* FloorRecord v1, 272 bytes. */
static inline void grotto_floor_record(const grotto_floor_t *f, uint8_t out[GROTTO_FLOOR_RECORD_SIZE])
{
    memset(out, 0, 16);
    out[0] = f->index;
    out[1] = f->width;
    out[2] = f->height;
    out[3] = f->overflow ? 1 : 0;
    out[4] = f->up.x;
    out[5] = f->up.y;
    out[6] = f->down.x;
    out[7] = f->down.y;
    out[8] = f->chest_count;
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++) { /* absent chests 0, selected without a branch */
        uint8_t present = (uint8_t)(0u - (unsigned)(i < f->chest_count));
        out[9 + 2 * i] = (uint8_t)(f->chest[i].x & present);
        out[10 + 2 * i] = (uint8_t)(f->chest[i].y & present);
    }
    memcpy(out + 16, f->grid, GROTTO_CELLS);
}

/* Decode a FloorRecord (for reports and captures). Returns 0, or -1 if the
 * record breaks an invariant of records.md (floor index, sizes, flags,
 * chest count, absent chests not 0, padding). Decoding then encoding a
 * record that passes gives the same bytes. */
static inline int grotto_floor_from_record(const uint8_t in[GROTTO_FLOOR_RECORD_SIZE], grotto_floor_t *f)
{
    if (in[0] < 1 || in[0] > 16 || in[1] < 10 || in[1] > 16 || in[2] != in[1] ||
        (in[3] & ~1u) || in[8] > 3 || in[15] != 0)
        return -1;
    for (int i = in[8]; i < GROTTO_MAX_CHESTS; i++)
        if (in[9 + 2 * i] != 0 || in[10 + 2 * i] != 0)
            return -1;
    f->index = in[0];
    f->width = in[1];
    f->height = in[2];
    f->overflow = in[3] & 1;
    f->up.x = in[4];
    f->up.y = in[5];
    f->down.x = in[6];
    f->down.y = in[7];
    f->chest_count = in[8];
    for (int i = 0; i < GROTTO_MAX_CHESTS; i++) {
        f->chest[i].x = in[9 + 2 * i];
        f->chest[i].y = in[10 + 2 * i];
    }
    memcpy(f->grid, in + 16, GROTTO_CELLS);
    return 0;
}

/* MapRecord v1, 140 bytes. */
static inline void grotto_map_record(const grotto_map_t *m, uint8_t out[GROTTO_MAP_RECORD_SIZE])
{
    memset(out, 0, GROTTO_MAP_RECORD_SIZE);
    out[0] = m->d.band_code;
    out[1] = (uint8_t)(m->d.seed & 0xFF);
    out[2] = (uint8_t)(m->d.seed >> 8);
    out[3] = m->d.env;
    out[4] = m->d.floors;
    out[5] = m->d.smr;
    out[6] = m->d.boss;
    out[7] = m->d.prefix;
    out[8] = m->d.suffix;
    out[9] = m->d.locale;
    out[10] = m->d.level;
    for (int f = 0; f < m->d.floors && f < GROTTO_MAX_FLOORS; f++) {
        uint8_t *s = out + 12 + 8 * f;
        for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
            s[i] = i < m->chest_count[f] ? m->chest_rank[f][i] : 0;
        s[3] = (uint8_t)(m->elist[f].ofs & 0xFF);
        s[4] = (uint8_t)(m->elist[f].ofs >> 8);
        s[5] = m->elist[f].D > 255 ? 255 : (uint8_t)m->elist[f].D;
        s[6] = m->elist[f].state;
    }
}

/* Digest files: little-endian u64 per record (records.md "Golden files"). */
static inline uint64_t grotto_load_u64le(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static inline void grotto_store_u64le(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Digest file index of (seed, floor k) and of (band 0..11, seed): index
 * arithmetic only (nothing is read), for k 1..16, band 0..11 and the
 * seeds of the file; the caller checks them. */
static inline size_t grotto_floor_slot(uint32_t seed, int k)
{
    return (size_t)seed * GROTTO_MAX_FLOORS + (size_t)(k - 1);
}

static inline size_t grotto_map_slot(int band, uint32_t seed)
{
    return (size_t)band * GROTTO_SEED_COUNT + seed;
}

#ifdef __cplusplus
}
#endif

#endif
