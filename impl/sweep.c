/* impl/: the whole-universe sweep (grotto/sweep.h).
 *
 * Phase 1 (floors) walks the floor-generator inputs instead of the floors:
 * a floor's layout up to and including the stairs is a pure function of
 * T = S + k and the size band of k (1-4, 5-8, 9-12, 13-16; the size is a
 * function of T inside a band). Work items are ascending chunks of T; for
 * every (T, band) the layout is generated exactly once (131,084 runs for the
 * 524,288 floors) and the chest phase then runs once per k of the band with
 * S = T - k in 0..0x7FFF. No grid outlives its chunk: per floor only the
 * record digest, the overflow flag, the facts and a 6-byte summary for the
 * map phase (W, X, D, chest count) are kept.
 *
 * Phase 2 (maps) walks ascending chunks of seeds: the eight detail draws of a
 * seed are band-independent (jump-ahead), so they are computed once per seed,
 * and so are the chest-rank draws of every floor; each of the 12 bands then
 * only resolves tables.
 *
 * FNV-1a is latency-bound (one multiply per byte), so the records of a chunk
 * are hashed four streams at a time. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bitboard.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"

enum {
    T_FIRST = 1,
    T_LAST = GROTTO_SEED_MAX + GROTTO_MAX_FLOORS, /* 0x800F */
    T_CHUNK = 256,
    SEED_CHUNK = 256,
    MAX_THREADS = 256
};

/* What the map phase needs of a floor: the layout part of ElistOfs
 * (impl_elist_layout_ofs), D and the chest count. */
typedef struct floor_info {
    uint16_t ofs_layout;
    uint8_t D, count;
} floor_info;

/* 28F + G and the exception class of every (env, mr) list */
static uint16_t list_ofs[GT_ENV_COUNT + 1][GT_MONSTER_RANKS + 1];
static uint8_t list_cls[GT_ENV_COUNT + 1][GT_MONSTER_RANKS + 1];

/* A finished floor of the current chunk, as row masks. */
typedef struct floor_sum {
    uint32_t slot;
    impl_floor_masks m;
    uint8_t up_on_wall;
} floor_sum;

typedef struct sweep_shared {
    const grotto_sweep_request *req;
    floor_info *info; /* GROTTO_FLOOR_UNIVERSE entries when maps are requested */
    atomic_int next_chunk;
    int chunks;
    int phase;
    pthread_mutex_t progress_lock;
    uint64_t progress_done, progress_total;
} sweep_shared;

typedef struct sweep_worker {
    pthread_t tid;
    sweep_shared *sh;
    double floors_s, elist_s, analysis_s, maps_s;
    uint64_t generated, floors_emitted, maps_emitted;
    floor_sum *buf;
} sweep_worker;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void report_progress(sweep_shared *sh)
{
    if (!sh->req->progress)
        return;
    pthread_mutex_lock(&sh->progress_lock);
    sh->progress_done++;
    sh->req->progress(sh->req->progress_ctx, sh->progress_done, sh->progress_total);
    pthread_mutex_unlock(&sh->progress_lock);
}

/* FNV-1a of n (<= 4) equally long buffers, interleaved. */
static void fnv1a_multi(const uint8_t *const *buf, int n, size_t len, uint64_t *out)
{
    uint64_t h0 = GROTTO_FNV_OFFSET, h1 = GROTTO_FNV_OFFSET, h2 = GROTTO_FNV_OFFSET, h3 = GROTTO_FNV_OFFSET;
    const uint8_t *b0 = buf[0], *b1 = n > 1 ? buf[1] : buf[0], *b2 = n > 2 ? buf[2] : buf[0],
                  *b3 = n > 3 ? buf[3] : buf[0];
    for (size_t i = 0; i < len; i++) {
        h0 = (h0 ^ b0[i]) * GROTTO_FNV_PRIME;
        h1 = (h1 ^ b1[i]) * GROTTO_FNV_PRIME;
        h2 = (h2 ^ b2[i]) * GROTTO_FNV_PRIME;
        h3 = (h3 ^ b3[i]) * GROTTO_FNV_PRIME;
    }
    out[0] = h0;
    if (n > 1)
        out[1] = h1;
    if (n > 2)
        out[2] = h2;
    if (n > 3)
        out[3] = h3;
}

/* P^z mod 2^64, z = 0..GROTTO_MAP_RECORD_SIZE */
static uint64_t fnv_prime_pow[GROTTO_MAP_RECORD_SIZE + 1];
static pthread_once_t fnv_once = PTHREAD_ONCE_INIT;
static void fnv_init(void)
{
    uint64_t p = 1;
    for (int z = 0; z <= GROTTO_MAP_RECORD_SIZE; z++) {
        fnv_prime_pow[z] = p;
        p *= GROTTO_FNV_PRIME;
    }
    for (int env = 1; env <= GT_ENV_COUNT; env++)
        for (int mr = 1; mr <= GT_MONSTER_RANKS; mr++) {
            const struct gt_floor_table *ft = &gt_floor_tables[env][mr];
            list_ofs[env][mr] = (uint16_t)(28 * ft->F + ft->G);
            list_cls[env][mr] = ft->cls;
        }
}

/* ---- phase 1 ---- */

static void floors_chunk(sweep_worker *w, int chunk)
{
    const grotto_sweep_request *req = w->sh->req;
    uint32_t t0 = T_FIRST + (uint32_t)chunk * T_CHUNK;
    uint32_t t1 = t0 + T_CHUNK;
    if (t1 > T_LAST + 1)
        t1 = T_LAST + 1;
    int nsum = 0;

    double ta = now_s();
    for (int band = 0; band < 4; band++) {
        int k0 = 4 * band + 1;
        for (uint32_t T = t0; T < t1; T++) {
            /* k of this band with S = T - k in 0..0x7FFF */
            int kl = k0, kh = k0 + 3;
            if ((int)T < kh)
                kh = (int)T;
            if ((int)T - kl > GROTTO_SEED_MAX)
                kl = (int)T - GROTTO_SEED_MAX;
            if (kl > kh)
                continue;
            impl_layout L;
            impl_layout_gen(T, impl_floor_size(T - (uint32_t)kl, kl), &L);
            w->generated++;
            uint8_t rec[4][GROTTO_FLOOR_RECORD_SIZE];
            const uint8_t *recp[4];
            uint32_t slots[4];
            int nf = 0;
            for (int k = kl; k <= kh; k++, nf++) {
                uint32_t S = T - (uint32_t)k;
                grotto_xy chest[GROTTO_MAX_CHESTS];
                int count = impl_place_chests(&L, k, chest);
                uint32_t slot = (uint32_t)grotto_floor_slot(S, k);
                slots[nf] = slot;
                if (req->floor_digest) {
                    /* FloorRecord v1 (records.md), written straight from the
                     * layout: the same bytes as grotto_floor_record() of
                     * impl_floor_from_layout() (checked by the floor tests) */
                    uint8_t *r = rec[nf];
                    memset(r, 0, 16);
                    r[0] = (uint8_t)k;
                    r[1] = r[2] = L.size;
                    r[3] = L.overflow;
                    r[4] = L.up.x;
                    r[5] = L.up.y;
                    r[6] = L.down.x;
                    r[7] = L.down.y;
                    r[8] = (uint8_t)count;
                    memcpy(r + 16, L.grid, 256);
                    for (int i = 0; i < count; i++) {
                        r[9 + 2 * i] = chest[i].x;
                        r[10 + 2 * i] = chest[i].y;
                        r[16 + 16 * chest[i].y + chest[i].x] = 6;
                    }
                    recp[nf] = r;
                }
                if (req->overflow)
                    req->overflow[slot] = L.overflow;
                floor_sum *fs = &w->buf[nsum++];
                fs->slot = slot;
                fs->up_on_wall = L.up_on_wall;
                impl_floor_masks *m = &fs->m;
                for (int y = 0; y < 16; y++) {
                    m->walk[y] = (uint16_t)~L.blocked[y];
                    m->stairs[y] = L.stairs[y];
                    m->chest[y] = 0;
                }
                for (int i = 0; i < count; i++)
                    m->chest[chest[i].y] |= (uint16_t)(1u << chest[i].x);
                for (int y = 0; y < 16; y++) {
                    m->walk[y] |= m->chest[y];
                    m->pocket[y] = m->walk[y] & (uint16_t)~(m->stairs[y] | m->chest[y]);
                }
                m->up = L.up;
                m->down = L.down;
                m->chest_count = (uint8_t)count;
                for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
                    m->chests[i] = i < count ? chest[i] : (grotto_xy){0, 0};
            }
            if (req->floor_digest) {
                uint64_t h[4];
                fnv1a_multi(recp, nf, GROTTO_FLOOR_RECORD_SIZE, h);
                for (int i = 0; i < nf; i++)
                    req->floor_digest[slots[i]] = h[i];
            }
        }
    }
    double tb = now_s();
    w->floors_s += tb - ta;

    if (w->sh->info || req->facts) {
        for (int i = 0; i < nsum; i++) {
            floor_sum *fs = &w->buf[i];
            impl_elist_terms t = impl_elist_terms_of(fs->m.walk);
            if (w->sh->info) {
                floor_info *fi = &w->sh->info[fs->slot];
                fi->ofs_layout = (uint16_t)impl_elist_layout_ofs(t);
                fi->D = (uint8_t)t.D; /* D <= W <= 196 */
                fi->count = fs->m.chest_count;
            }
            if (req->facts) {
                grotto_floor_facts *fa = &req->facts[fs->slot];
                fa->W = t.W;
                fa->X = t.X;
                fa->D = t.D;
            }
        }
    }
    double tc = now_s();
    w->elist_s += tc - tb;

    if (req->facts) {
        for (int i = 0; i < nsum; i++) {
            floor_sum *fs = &w->buf[i];
            grotto_floor_facts *fa = &req->facts[fs->slot];
            impl_facts_masks(&fs->m, fa);
            fa->up_on_wall = fs->up_on_wall;
        }
        w->analysis_s += now_s() - tc;
    }
    if (req->floor_digest || req->facts || req->overflow)
        w->floors_emitted += (uint64_t)nsum;
}

/* ---- phase 2 ---- */

static void maps_chunk(sweep_worker *w, int chunk)
{
    const grotto_sweep_request *req = w->sh->req;
    const floor_info *info = w->sh->info;
    double ta = now_s();
    uint32_t s0 = (uint32_t)chunk * SEED_CHUNK;
    uint32_t s1 = s0 + SEED_CHUNK;
    if (s1 > GROTTO_SEED_COUNT)
        s1 = GROTTO_SEED_COUNT;
    for (uint32_t seed = s0; seed < s1; seed++) {
        uint32_t v[8];
        impl_detail_draws(seed, v);
        /* chest-rank draws of every floor (band-independent) */
        uint16_t rank_draw[GROTTO_MAX_FLOORS][GROTTO_MAX_CHESTS];
        const floor_info *fi = &info[grotto_floor_slot(seed, 1)];
        for (int n = 3; n <= GROTTO_MAX_FLOORS; n++) {
            int c = fi[n - 1].count;
            uint32_t st = seed + (uint32_t)n;
            for (int i = 0; i < c; i++)
                rank_draw[n - 1][i] = (uint16_t)impl_draw_at(st, 2 * c + 1 + i);
        }
        grotto_map_t maps[4];
        uint8_t rec[4][GROTTO_MAP_RECORD_SIZE];
        const uint8_t *recp[4] = {rec[0], rec[1], rec[2], rec[3]};
        for (int b0 = 0; b0 < GROTTO_BANDS; b0 += 4) {
            int nb = GROTTO_BANDS - b0 < 4 ? GROTTO_BANDS - b0 : 4;
            for (int j = 0; j < nb; j++) {
                grotto_map_t *m = &maps[j];
                impl_details_from_draws(b0 + j, seed, v, &m->d, 0);
                int smr = m->d.smr, env = m->d.env;
                for (int n = 1; n <= m->d.floors; n++) {
                    const floor_info *f = &fi[n - 1];
                    int mr = impl_floor_mr(smr, n);
                    int c = f->count;
                    m->chest_count[n - 1] = (uint8_t)c;
                    if (c) {
                        impl_key_range r = impl_rank_of_mr[mr];
                        for (int i = 0; i < c; i++)
                            m->chest_rank[n - 1][i] =
                                (uint8_t)(r.lo + impl_scaled(rank_draw[n - 1][i], r.hi - r.lo + 1));
                    }
                    grotto_elist_t *e = &m->elist[n - 1];
                    int ofs = f->ofs_layout + list_ofs[env][mr];
                    e->ofs = (uint16_t)ofs;
                    e->D = f->D;
                    e->state = (uint8_t)impl_elist_state(ofs, f->D, list_cls[env][mr]);
                }
                grotto_map_record(m, rec[j]);
            }
            /* bytes past the last used floor slot are zero, and FNV-1a over
             * z zero bytes is one multiplication by P^z */
            int len = 0;
            for (int j = 0; j < nb; j++)
                if (12 + 8 * maps[j].d.floors > len)
                    len = 12 + 8 * maps[j].d.floors;
            if (len > GROTTO_MAP_RECORD_SIZE)
                len = GROTTO_MAP_RECORD_SIZE;
            uint64_t h[4];
            fnv1a_multi(recp, nb, (size_t)len, h);
            for (int j = 0; j < nb; j++)
                req->map_digest[grotto_map_slot(b0 + j, seed)] = h[j] * fnv_prime_pow[GROTTO_MAP_RECORD_SIZE - len];
            w->maps_emitted += (uint64_t)nb;
        }
    }
    w->maps_s += now_s() - ta;
}

static void *worker_main(void *arg)
{
    sweep_worker *w = arg;
    sweep_shared *sh = w->sh;
    for (;;) {
        int c = atomic_fetch_add(&sh->next_chunk, 1);
        if (c >= sh->chunks)
            break;
        if (sh->phase == 1)
            floors_chunk(w, c);
        else
            maps_chunk(w, c);
        report_progress(sh);
    }
    return NULL;
}

static int run_phase(sweep_shared *sh, sweep_worker *ws, int nthreads, int phase, int chunks)
{
    sh->phase = phase;
    sh->chunks = chunks;
    atomic_store(&sh->next_chunk, 0);
    int started = 0;
    for (int i = 1; i < nthreads; i++) {
        if (pthread_create(&ws[i].tid, NULL, worker_main, &ws[i]) != 0)
            break;
        started = i;
    }
    worker_main(&ws[0]); /* the calling thread works too */
    for (int i = 1; i <= started; i++)
        pthread_join(ws[i].tid, NULL);
    return 0;
}

int grotto_impl_sweep(const grotto_sweep_request *req, grotto_sweep_stats *stats)
{
    double t_start = now_s();
    impl_init();
    pthread_once(&fnv_once, fnv_init);
    int nthreads = req->threads;
    if (nthreads <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        nthreads = n > 0 ? (int)n : 1;
    }
    if (nthreads > MAX_THREADS)
        nthreads = MAX_THREADS;

    sweep_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.req = req;
    pthread_mutex_init(&sh.progress_lock, NULL);
    int floor_chunks = (T_LAST - T_FIRST + 1 + T_CHUNK - 1) / T_CHUNK;
    int map_chunks = (GROTTO_SEED_COUNT + SEED_CHUNK - 1) / SEED_CHUNK;
    int need_floors = req->floor_digest || req->facts || req->overflow || req->map_digest;
    sh.progress_total = (uint64_t)(need_floors ? floor_chunks : 0) + (uint64_t)(req->map_digest ? map_chunks : 0);

    int rc = 0;
    sweep_worker *ws = calloc((size_t)nthreads, sizeof *ws);
    if (!ws)
        rc = -1;
    if (!rc && req->map_digest) {
        sh.info = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *sh.info);
        if (!sh.info)
            rc = -1;
    }
    for (int i = 0; !rc && i < nthreads; i++) {
        ws[i].sh = &sh;
        ws[i].buf = malloc((size_t)T_CHUNK * GROTTO_MAX_FLOORS * sizeof *ws[i].buf);
        if (!ws[i].buf)
            rc = -1;
    }
    if (!rc && need_floors)
        run_phase(&sh, ws, nthreads, 1, floor_chunks);
    if (!rc && req->map_digest)
        run_phase(&sh, ws, nthreads, 2, map_chunks);

    if (stats) {
        memset(stats, 0, sizeof *stats);
        stats->threads = nthreads;
        for (int i = 0; ws && i < nthreads; i++) {
            stats->floors_seconds += ws[i].floors_s;
            stats->elist_seconds += ws[i].elist_s;
            stats->analysis_seconds += ws[i].analysis_s;
            stats->maps_seconds += ws[i].maps_s;
            stats->floors_generated += ws[i].generated;
            stats->floors_emitted += ws[i].floors_emitted;
            stats->maps_emitted += ws[i].maps_emitted;
        }
    }
    for (int i = 0; ws && i < nthreads; i++)
        free(ws[i].buf);
    free(ws);
    free(sh.info);
    pthread_mutex_destroy(&sh.progress_lock);
    if (stats)
        stats->wall_seconds = now_s() - t_start;
    return rc;
}
