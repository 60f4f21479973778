/* impl/sweep.c: the whole-universe sweep (grotto/sweep.h).
 *
 * Phase 1 (floors) walks the floor-generator inputs instead of the floors:
 * a floor's layout up to and including the stairs is a pure function of
 * T = S + k and the size band of k (1-4, 5-8, 9-12, 13-16; the size is a
 * function of T inside a band). Work items are ascending chunks of T; for
 * every (T, band) the layout is generated exactly once (131,084 runs for the
 * 524,288 floors) and immediately consumed: the chest phase runs once per k
 * of the band with S = T - k in 0..0x7FFF (the floor-3 discards by one
 * 300-step jump), then the records are hashed. So the "sliding memo" has
 * depth one layout: no grid outlives its (T, band) step, and per floor only
 * the record digest, the overflow flag, the facts and a 4-byte summary for
 * the map phase (layout part of ElistOfs, D, chest count) are kept.
 * Enemy-list terms and facts run as separate stages over the chunk's row
 * masks so that their CPU time can be reported.
 *
 * Phase 2 (maps) walks ascending chunks of seeds: the eight detail draws of a
 * seed are band-independent (jump-ahead), so they are computed once per seed,
 * and so are the chest-rank draws of every floor; each of the 12 bands then
 * only resolves tables.
 *
 * FNV-1a is latency-bound (one multiply per byte), so records are hashed four
 * streams at a time; a MapRecord's zero tail after its last floor slot costs
 * one multiplication by a power of the FNV prime.
 *
 * Threads, clocks and progress are the harness's common library's
 * (base/base.h: base_parallel_chunks hands each worker its chunks and its
 * worker number, which indexes the per-worker state here). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "bitboard.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"

enum {
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

/* A finished floor of the current chunk, as row masks. */
typedef struct floor_sum {
    uint32_t slot;
    uint32_t layout;       /* which generator run of the chunk made it */
    impl_floor_masks m;
    uint8_t up_on_wall;
    uint8_t overflow;
    uint8_t chest_on_wall; /* a chest replaced a wall or partition tile */
} floor_sum;

/* Floor records waiting to be hashed eight at a time. */
typedef struct rec_batch {
    uint8_t rec[8][GROTTO_FLOOR_RECORD_SIZE];
    uint32_t slot[8];
    int n;
} rec_batch;

typedef struct sweep_shared {
    const grotto_sweep_request *req;
    uint32_t seed_first, seed_last; /* floor outputs: map seeds seed_first..seed_last */
    uint32_t t_first, t_last;       /* floor seeds T = S + k they need */
    floor_info *info; /* GROTTO_FLOOR_UNIVERSE entries when maps are requested */
    atomic_uint_fast32_t special_n;
    int phase;
    struct sweep_worker *workers;    /* one per worker of base_parallel_chunks */
    uint64_t progress_before, progress_total; /* chunks of earlier phases, of all phases */
} sweep_shared;

typedef struct sweep_worker {
    sweep_shared *sh;
    double floors_s, elist_s, analysis_s, maps_s;
    uint64_t generated, floors_emitted, maps_emitted;
    uint64_t draws, hashed; /* generator draws made, record bytes hashed */
    floor_sum *buf;
    rec_batch batch;
} sweep_worker;

/* FNV-1a of 8 equally long buffers, interleaved: with 8 independent chains
 * the multiplier, not the xor-multiply latency, is the limit (about 1.7x
 * faster than 4 chains here). */
static void fnv1a_8(const uint8_t *const buf[8], size_t len, uint64_t out[8])
{
    uint64_t h0 = GROTTO_FNV_OFFSET, h1 = h0, h2 = h0, h3 = h0, h4 = h0, h5 = h0, h6 = h0, h7 = h0;
    const uint8_t *b0 = buf[0], *b1 = buf[1], *b2 = buf[2], *b3 = buf[3], *b4 = buf[4], *b5 = buf[5],
                  *b6 = buf[6], *b7 = buf[7];
    for (size_t i = 0; i < len; i++) {
        h0 = (h0 ^ b0[i]) * GROTTO_FNV_PRIME;
        h1 = (h1 ^ b1[i]) * GROTTO_FNV_PRIME;
        h2 = (h2 ^ b2[i]) * GROTTO_FNV_PRIME;
        h3 = (h3 ^ b3[i]) * GROTTO_FNV_PRIME;
        h4 = (h4 ^ b4[i]) * GROTTO_FNV_PRIME;
        h5 = (h5 ^ b5[i]) * GROTTO_FNV_PRIME;
        h6 = (h6 ^ b6[i]) * GROTTO_FNV_PRIME;
        h7 = (h7 ^ b7[i]) * GROTTO_FNV_PRIME;
    }
    out[0] = h0;
    out[1] = h1;
    out[2] = h2;
    out[3] = h3;
    out[4] = h4;
    out[5] = h5;
    out[6] = h6;
    out[7] = h7;
}

static void batch_flush(sweep_worker *w, uint64_t *digest)
{
    rec_batch *b = &w->batch;
    if (!b->n)
        return;
    w->hashed += (uint64_t)b->n * GROTTO_FLOOR_RECORD_SIZE;
    const uint8_t *p[8];
    for (int i = 0; i < 8; i++)
        p[i] = b->rec[i < b->n ? i : 0];
    uint64_t h[8];
    fnv1a_8(p, GROTTO_FLOOR_RECORD_SIZE, h);
    for (int i = 0; i < b->n; i++)
        digest[b->slot[i]] = h[i];
    b->n = 0;
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

/* ---- phase 1: three stages over a chunk of generator inputs ---- */

/* Stage 1: every (T, band) layout once, its floors' chests, FloorRecords
 * (grotto_floor_record) hashed eight at a time, and the row masks the later
 * stages read. Returns the number of floors of the chunk. */
static int floors_generate(sweep_worker *w, int chunk)
{
    const sweep_shared *sh = w->sh;
    const grotto_sweep_request *req = sh->req;
    uint32_t t0 = sh->t_first + (uint32_t)chunk * T_CHUNK;
    uint32_t t1 = t0 + T_CHUNK;
    if (t1 > sh->t_last + 1)
        t1 = sh->t_last + 1;
    int nsum = 0;
    uint32_t nlayout = 0, draws = 0;
    rec_batch *batch = &w->batch;
    batch->n = 0;
    for (int band = 0; band < 4; band++) {
        int k0 = 4 * band + 1;
        for (uint32_t T = t0; T < t1; T++) {
            /* k of this band with S = T - k in seed_first..seed_last */
            int64_t lo = (int64_t)T - sh->seed_last, hi = (int64_t)T - sh->seed_first;
            int kl = k0 > lo ? k0 : (int)lo, kh = k0 + 3 < hi ? k0 + 3 : (int)hi;
            if (kl > kh)
                continue;
            impl_layout L;
            impl_layout_gen(T, impl_floor_size(T - (uint32_t)kl, kl), &L);
            draws += impl_steps_between(T, L.state); /* the draws of phases 1-6 */
            w->generated++;
            nlayout++;
            for (int k = kl; k <= kh; k++) {
                uint32_t S = T - (uint32_t)k;
                grotto_xy chest[GROTTO_MAX_CHESTS];
                int count = impl_place_chests(&L, k, chest, &draws);
                uint32_t slot = (uint32_t)grotto_floor_slot(S - sh->seed_first, k);
                if (req->floor_digest) {
                    if (batch->n == 8)
                        batch_flush(w, req->floor_digest);
                    batch->slot[batch->n] = slot;
                    grotto_floor_t f;
                    impl_floor_from_layout(&L, k, count, chest, &f);
                    grotto_floor_record(&f, batch->rec[batch->n++]);
                }
                if (req->overflow)
                    req->overflow[slot] = L.overflow;
                floor_sum *fs = &w->buf[nsum++];
                fs->slot = slot;
                fs->layout = nlayout;
                fs->up_on_wall = L.up_on_wall;
                fs->overflow = L.overflow;
                fs->chest_on_wall = 0;
                for (int i = 0; i < count; i++)
                    fs->chest_on_wall |= (uint8_t)((L.blocked[chest[i].y] >> chest[i].x) & 1u);
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
        }
    }
    if (req->floor_digest)
        batch_flush(w, req->floor_digest);
    w->draws += draws;
    return nsum;
}

/* Stage 2: enemy-list terms. Floors of one layout differ only in their
 * chest tiles; a chest on a tile that was already walkable leaves the
 * walkable set, hence W, X, D, as the layout had it: such floors share one
 * computation. */
static void floors_elist(sweep_worker *w, int nsum)
{
    const grotto_sweep_request *req = w->sh->req;
    uint32_t cached_layout = UINT32_MAX;
    impl_elist_terms cached = {0};
    for (int i = 0; i < nsum; i++) {
        floor_sum *fs = &w->buf[i];
        impl_elist_terms t;
        if (!fs->chest_on_wall && fs->layout == cached_layout) {
            t = cached;
        } else {
            t = impl_elist_terms_of(fs->m.walk);
            if (!fs->chest_on_wall) {
                cached_layout = fs->layout;
                cached = t;
            }
        }
        if (w->sh->info) {
            floor_info *fi = &w->sh->info[fs->slot];
            fi->ofs_layout = (uint16_t)impl_elist_layout_ofs(t);
            fi->D = (uint8_t)t.D; /* D <= W <= 196 */
            fi->count = fs->m.chest_count;
        }
        if (req->facts) {
            grotto_floor_facts *fa = &req->facts[fs->slot];
            memset(fa, 0, sizeof *fa); /* padding too: entries compare with memcmp */
            fa->W = t.W;
            fa->X = t.X;
            fa->D = t.D;
        }
    }
}

/* Stage 3: facts. If no chest replaced a wall and every chest lies in the
 * part reached from the up stairs, the floor has the reach set, the
 * down-stairs verdict, the ghosts and the pockets of its chest-free layout
 * (a reached chest tile was never part of a pocket), and no unreachable
 * chest. Other floors are analysed in full. */
static void floors_facts(sweep_worker *w, int nsum)
{
    const grotto_sweep_request *req = w->sh->req;
    uint32_t base_layout = UINT32_MAX;
    grotto_floor_facts base = {0};
    uint16_t reach[16] = {0};
    for (int i = 0; i < nsum; i++) {
        floor_sum *fs = &w->buf[i];
        grotto_floor_facts *fa = &req->facts[fs->slot];
        int shared = 0;
        if (!fs->chest_on_wall) {
            if (fs->layout != base_layout) {
                impl_floor_masks bm = fs->m;
                for (int y = 0; y < 16; y++) {
                    bm.chest[y] = 0;
                    bm.pocket[y] = (uint16_t)(bm.walk[y] & ~bm.stairs[y]);
                }
                bm.chest_count = 0;
                impl_facts_masks(&bm, &base, reach);
                base_layout = fs->layout;
            }
            shared = 1;
            for (int c = 0; c < fs->m.chest_count; c++)
                shared &= (reach[fs->m.chests[c].y] >> fs->m.chests[c].x) & 1;
        }
        if (shared) {
            fa->ghost_count = base.ghost_count;
            fa->unreachable_chests = 0;
            fa->down_unreachable = base.down_unreachable;
            fa->region_count = base.region_count;
            if (!impl_softlock_from_reach(&fs->m, reach, fa)) /* chests solid: per floor */
                impl_softlock_facts(&fs->m, fa);
        } else {
            impl_facts_masks(&fs->m, fa, NULL);
        }
        fa->up_on_wall = fs->up_on_wall;
        fa->overflow = fs->overflow;
        fa->chest_count = fs->m.chest_count;
    }
}

static void floors_chunk(sweep_worker *w, int chunk)
{
    const grotto_sweep_request *req = w->sh->req;
    double ta = base_thread_cpu();
    int nsum = floors_generate(w, chunk);
    double tb = base_thread_cpu();
    w->floors_s += tb - ta;
    if (w->sh->info || req->facts)
        floors_elist(w, nsum);
    double tc = base_thread_cpu();
    w->elist_s += tc - tb;
    if (req->facts) {
        floors_facts(w, nsum);
        w->analysis_s += base_thread_cpu() - tc;
    }
    if (req->floor_digest || req->facts || req->overflow)
        w->floors_emitted += (uint64_t)nsum;
}

/* ---- phase 2 ---- */

/* The map facts and special floors of one map. */
static void map_outputs(sweep_worker *w, int band, uint32_t seed, const grotto_map_t *m)
{
    const grotto_sweep_request *req = w->sh->req;
    const grotto_map_details_t *d = &m->d;
    uint32_t mslot = (uint32_t)grotto_map_slot(band, seed);
    uint16_t special = 0;
    for (int n = 1; n <= d->floors; n++) {
        const grotto_elist_t *el = &m->elist[n - 1];
        if (!el->state)
            continue;
        special |= (uint16_t)(1u << (n - 1));
        if (!req->special)
            continue;
        uint32_t k = (uint32_t)atomic_fetch_add(&w->sh->special_n, 1);
        if (k < req->special_cap) {
            grotto_special_floor *e = &req->special[k];
            memset(e, 0, sizeof *e);
            e->map = mslot;
            e->floor = (uint8_t)n;
            e->state = el->state;
            e->D = (uint8_t)el->D;
            for (int i = 0; i < m->chest_count[n - 1]; i++)
                e->rank[i] = m->chest_rank[n - 1][i];
            e->ofs = el->ofs;
        }
    }
    if (req->maps) {
        memset(&req->maps[mslot], 0, sizeof req->maps[mslot]); /* padding too: indexes compare with memcmp */
        grotto_map_facts_of(d, special, &req->maps[mslot]);
    }
}

/* What a map's floor n holds for a given monster rank (for one seed, the
 * same in every band): chest ranks, ElistOfs, D, state. */
typedef struct floor_cut {
    uint8_t rank[GROTTO_MAX_CHESTS];
    uint8_t state, D;
    uint16_t ofs;
} floor_cut;

static void maps_chunk(sweep_worker *w, int chunk)
{
    const grotto_sweep_request *req = w->sh->req;
    const floor_info *info = w->sh->info;
    double ta = base_thread_cpu();
    uint32_t s0 = (uint32_t)chunk * SEED_CHUNK;
    uint32_t s1 = s0 + SEED_CHUNK;
    if (s1 > GROTTO_SEED_COUNT)
        s1 = GROTTO_SEED_COUNT;
    uint64_t draws = 0, hashed = 0;
    grotto_map_t m[8];
    for (uint32_t seed = s0; seed < s1; seed++) {
        uint32_t v[8];
        impl_detail_draws(seed, v);
        draws += 8;
        /* chest-rank draws of every floor (band-independent) */
        uint16_t rank_draw[GROTTO_MAX_FLOORS][GROTTO_MAX_CHESTS];
        const floor_info *fi = &info[grotto_floor_slot(seed, 1)];
        for (int n = 3; n <= GROTTO_MAX_FLOORS; n++) {
            int c = fi[n - 1].count;
            uint32_t st = seed + (uint32_t)n;
            for (int i = 0; i < c; i++)
                rank_draw[n - 1][i] = (uint16_t)impl_draw_at(st, 2 * c + 1 + i);
            draws += (uint64_t)c;
        }
        /* A floor of the map depends, for a given seed, only on the floor n
         * and its monster rank mr (env is band-independent): built once per
         * (n, mr) and shared by the bands. */
        floor_cut cut[GROTTO_MAX_FLOORS][GT_MONSTER_RANKS + 1];
        uint16_t cut_ok[GROTTO_MAX_FLOORS] = {0};
        uint8_t rec[8][GROTTO_MAP_RECORD_SIZE];
        const uint8_t *recp[8] = {rec[0], rec[1], rec[2], rec[3], rec[4], rec[5], rec[6], rec[7]};
        for (int b0 = 0; b0 < GROTTO_BANDS; b0 += 8) { /* bands 0-7 eight-way, 8-11 four-way */
            int nb = GROTTO_BANDS - b0 < 8 ? GROTTO_BANDS - b0 : 8;
            int len = 0;
            for (int j = 0; j < nb; j++) {
                grotto_map_t *mj = &m[j];
                impl_details_from_draws(b0 + j, seed, v, &mj->d, 0);
                if (12 + 8 * mj->d.floors > len)
                    len = 12 + 8 * mj->d.floors;
                int env = mj->d.env;
                for (int n = 1; n <= mj->d.floors; n++) {
                    int mr = impl_floor_mr(mj->d.smr, n);
                    floor_cut *c = &cut[n - 1][mr];
                    const floor_info *f = &fi[n - 1];
                    if (!((cut_ok[n - 1] >> mr) & 1)) {
                        impl_key_range rr = impl_rank_of_mr[mr];
                        for (int i = 0; i < f->count; i++)
                            c->rank[i] = (uint8_t)(rr.lo + impl_scaled(rank_draw[n - 1][i], rr.hi - rr.lo + 1));
                        c->ofs = (uint16_t)(f->ofs_layout + impl_elist_list_ofs(env, mr));
                        c->D = f->D; /* <= 196, no clamp needed */
                        c->state = (uint8_t)impl_elist_state(c->ofs, f->D, env, mr);
                        cut_ok[n - 1] |= (uint16_t)(1u << mr);
                    }
                    /* the fields a MapRecord holds (grotto_map_record) */
                    mj->chest_count[n - 1] = f->count;
                    memcpy(mj->chest_rank[n - 1], c->rank, GROTTO_MAX_CHESTS);
                    mj->elist[n - 1].ofs = c->ofs;
                    mj->elist[n - 1].D = c->D;
                    mj->elist[n - 1].state = c->state;
                }
                if (req->maps || req->special)
                    map_outputs(w, b0 + j, seed, mj);
                if (req->map_digest)
                    grotto_map_record(mj, rec[j]);
            }
            if (req->map_digest) {
                /* bytes past the last used floor slot are zero, and FNV-1a
                 * over z zero bytes is one multiplication by P^z */
                uint64_t h[8];
                if (nb == 8)
                    fnv1a_8(recp, (size_t)len, h);
                else
                    fnv1a_multi(recp, nb, (size_t)len, h);
                hashed += (uint64_t)nb * (uint64_t)len;
                for (int j = 0; j < nb; j++)
                    req->map_digest[grotto_map_slot(b0 + j, seed)] =
                        h[j] * impl_fnv_prime_pow[GROTTO_MAP_RECORD_SIZE - len];
            }
            w->maps_emitted += (uint64_t)nb;
        }
    }
    w->draws += draws;
    w->hashed += hashed;
    w->maps_s += base_thread_cpu() - ta;
}

/* The chunks [lo, hi) of the current phase, with worker `worker`'s state.
 * (Stage times are CPU seconds of the calling thread, base_thread_cpu, so
 * that time spent preempted on a busy machine is not billed to a stage.) */
static void phase_chunks(void *arg, int worker, size_t lo, size_t hi)
{
    sweep_shared *sh = arg;
    for (size_t c = lo; c < hi; c++) {
        if (sh->phase == 1)
            floors_chunk(&sh->workers[worker], (int)c);
        else
            maps_chunk(&sh->workers[worker], (int)c);
    }
}

/* one progress count over both phases, in chunks */
static void phase_progress(void *arg, uint64_t done, uint64_t total)
{
    const sweep_shared *sh = arg;
    (void)total;
    sh->req->progress(sh->req->progress_ctx, sh->progress_before + done, sh->progress_total);
}

static void run_phase(sweep_shared *sh, int nthreads, int phase, int chunks)
{
    sh->phase = phase;
    base_parallel_chunks(nthreads, (size_t)chunks, 1, phase_chunks, sh, sh->req->progress ? phase_progress : NULL,
                         sh);
    sh->progress_before += (uint64_t)chunks;
}

int grotto_impl_sweep(const grotto_sweep_request *req, grotto_sweep_stats *stats)
{
    double t_start = base_now();
    int nthreads = req->threads > 0 ? req->threads : base_default_threads();
    if (nthreads > MAX_THREADS)
        nthreads = MAX_THREADS;

    sweep_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.req = req;
    sh.seed_first = req->seed_first;
    sh.seed_last = req->seed_first + (req->seed_count ? req->seed_count : GROTTO_SEED_COUNT) - 1;
    sh.t_first = sh.seed_first + 1;
    sh.t_last = sh.seed_last + GROTTO_MAX_FLOORS;
    int need_maps = req->map_digest || req->maps || req->special;
    /* the range must not wrap, nor its last floor seed T = S + 16 */
    if (sh.seed_last < sh.seed_first || sh.seed_last > UINT32_MAX - GROTTO_MAX_FLOORS ||
        (need_maps && (sh.seed_first != 0 || sh.seed_last != GROTTO_SEED_MAX)))
        return -1;
    atomic_init(&sh.special_n, 0);
    int floor_chunks = (int)(((uint64_t)sh.t_last - sh.t_first + 1 + T_CHUNK - 1) / T_CHUNK);
    int map_chunks = (GROTTO_SEED_COUNT + SEED_CHUNK - 1) / SEED_CHUNK;
    int need_floors = req->floor_digest || req->facts || req->overflow || need_maps;
    sh.progress_total = (uint64_t)(need_floors ? floor_chunks : 0) + (uint64_t)(need_maps ? map_chunks : 0);

    int rc = 0;
    sweep_worker *ws = calloc((size_t)nthreads, sizeof *ws);
    sh.workers = ws;
    if (!ws)
        rc = -1;
    if (!rc && need_maps) {
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
        run_phase(&sh, nthreads, 1, floor_chunks);
    if (!rc && need_maps)
        run_phase(&sh, nthreads, 2, map_chunks);

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
            stats->draws += ws[i].draws;
            stats->bytes_hashed += ws[i].hashed;
        }
        stats->special_floors = (uint64_t)atomic_load(&sh.special_n);
    }
    for (int i = 0; ws && i < nthreads; i++)
        free(ws[i].buf);
    free(ws);
    free(sh.info);
    if (stats)
        stats->wall_seconds = base_now() - t_start;
    return rc;
}
