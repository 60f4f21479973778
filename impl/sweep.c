/* impl/sweep.c: the whole-universe sweep (grotto/sweep.h).
 *
 * Phase 1 (floors) walks the floor-generator inputs instead of the floors:
 * a floor's layout up to and including the stairs is a pure function of
 * T = S + k and the floor's size, and inside each band of k (1-4, 5-8,
 * 9-12, 13-16) the size is a function of T. Bands whose sizes coincide for
 * a T share one layout (9-12 and 13-16 are both 16 when T mod 3 = 2).
 * Work items are ascending chunks of T; for every (T, size) the layout is
 * generated exactly once (108,149 runs for the 524,288 floors, where the
 * (T, band) pairs are 131,084) and immediately consumed: the chest phase
 * runs once per chest class of the layout's k with S = T - k in 0..0x7FFF
 * (impl_chest_class: k <= 2, k = 3 with its discards by one 300-step jump,
 * k >= 4; the floors of one class differ only in their index k, so chests,
 * masks, enemy-list terms and facts are made once and copied), then the
 * records, one per floor, are hashed. So the "sliding memo" has depth one
 * layout: no grid outlives its (T, size) step, and per floor only the
 * record digest, the overflow flag, the facts and a 4-byte summary for the
 * map phase (layout part of ElistOfs, D, chest count) are kept.
 * Enemy-list terms and facts run as separate stages over the chunk's row
 * masks so that their CPU time can be reported.
 *
 * Phase 2 (maps) walks ascending chunks of seeds: the eight detail draws of a
 * seed are band-independent (jump-ahead), so they are computed once per seed,
 * and so are the chest-rank draws of every floor; each of the 12 bands then
 * only resolves tables. A floor of the map is a function of the seed, n and
 * its monster rank, hence of (n, smr): its 8-byte MapRecord slot is made once
 * per seed and (n, monster rank), and the slots of floors 1..16 once per
 * seed and smr, copied into each band's record in one piece. In the AVX-512
 * build the stage works across lanes where the base build loops: the
 * twelve bands' details and record heads in two 256-bit registers
 * (details_lanes), a seed's chest-rank draws and an smr's sixteen slots
 * eight floors a register (rank_draws16, floor_slots16); the two builds'
 * outputs are compared over the universe (test_impl_universe).
 *
 * FNV-1a is one multiply per byte and record, so records are hashed in
 * batches of 52 of one length, side by side (fnv.c: eight chains, or twelve
 * AVX-512 registers of four and four general registers); a MapRecord is
 * hashed up to its last used floor slot, and its zero tail costs one
 * multiplication by a power of the FNV prime. MapRecords are batched by
 * floor count, so that a batch's records have one length.
 *
 * Two builds of this file and of the files it drives (floorgen.c,
 * analysis.c, elist.c, details.c): the base one, which runs on any x86-64,
 * and sweep_avx512.c's, the same source compiled again for CPUs with
 * AVX-512 (the compiler then uses BMI, three-operand and masked vector
 * forms throughout; about 5 % of the sweep's CPU, docs/performance.md).
 * grotto_impl_sweep takes the second where the CPU has it (impl_sweep_path);
 * impl_sweep_on runs either, for the tests that compare the two.
 *
 * Threads, clocks and progress are the harness's common library's
 * (base/base.h: base_parallel_chunks hands each worker its chunks and its
 * worker number, which indexes the per-worker state here). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "always.h"
#include "base.h"
#include "bitboard.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"

/* The map stage's details and floor slots across vector lanes
 * (details_lanes, floor_slots16) in the second build, where AVX-512 is
 * there (VL for its masks and two-register lookups on 256-bit registers:
 * the sweep keeps off 512-bit ones, docs/performance.md); the base build
 * makes them band by band and floor by floor (impl_details_from_draws,
 * floor_slot). */
#if defined(IMPL_SWEEP_SECOND_BUILD) && defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512BW__)
#include <immintrin.h>
#define SLOTS_VECTOR 1
#else
#define SLOTS_VECTOR 0
#endif

enum {
    T_CHUNK = 64,
    SEED_CHUNK = 256,
    MAX_THREADS = 256
};

/* What the map phase needs of a floor: the layout part of ElistOfs
 * (impl_elist_layout_ofs), D and the chest count. */
typedef struct floor_info {
    uint16_t ofs_layout;
    uint8_t D, count;
} floor_info;
_Static_assert(sizeof(floor_info) == 4, "floor_slots16 reads a floor_info as one 32-bit lane");

/* A finished floor of the current chunk, as row masks. */
typedef struct floor_sum {
    uint32_t slot;
    uint32_t layout;       /* which generator run of the chunk made it */
    impl_floor_masks m;
    uint8_t up_on_wall;
    uint8_t overflow;
    uint8_t chest_on_wall; /* a chest replaced a wall or partition tile */
    uint8_t size;          /* the floor is size x size */
} floor_sum;

/* A floor like an earlier one of the chunk but for its index k (the same
 * chest class): its info and facts are copies of that floor's. */
typedef struct floor_copy {
    uint32_t slot, from;
} floor_copy;

/* The outputs are indexed by slot (seed, k), so the sweep's first writes to
 * them jump about the 14 MB of facts, the digests and the floor info, and
 * each missed the cache and stalled the stores: their lines are asked for
 * ahead - a digest's line when its record is batched (written at the
 * flush), an entry's lines 16 floors before the loop writes it (floors
 * 0.1173 -> 0.1153 s, enemy list 0.0082 -> 0.0057 s, maps 0.0232 -> 0.0222
 * s, docs/performance.md). An entry's first and last byte, as it may cross
 * a line. */
static inline void prefetch_entry(const void *entry, size_t size)
{
    __builtin_prefetch(entry, 1);
    __builtin_prefetch((const char *)entry + size - 1, 1);
}

/* Records waiting to be hashed (impl_fnv1a_records takes 52 of one length
 * at once on the AVX-512 path: twelve registers of four and four general
 * registers in flight), and where their digests go. A MapRecord is hashed
 * up to its last used floor slot (len), its stride rounded up to whole
 * 8-byte blocks. A worker's batches outlive its chunks: run_phase hashes
 * what is left in them when the phase ends. */
enum { BATCH = IMPL_FNV_GROUP_EQUAL, MAP_STRIDE = (GROTTO_MAP_RECORD_SIZE + 7) / 8 * 8 };
typedef struct rec_batch {
    uint8_t rec[BATCH][GROTTO_FLOOR_RECORD_SIZE];
    uint32_t slot[BATCH];
    int n;
} rec_batch;

typedef struct map_batch {
    uint8_t rec[BATCH][MAP_STRIDE];
    uint16_t len[BATCH];
    uint32_t slot[BATCH];
    int n;
} map_batch;

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
    floor_sum *buf;   /* the chunk's floors that start a chest class */
    floor_copy *copy; /* the others */
    int ncopy;
    struct facts_scratch *facts; /* stage 3's floods (floors_facts) */
    rec_batch batch;
    map_batch maps[GROTTO_MAX_FLOORS + 1]; /* one per floor count, hence per length (hashed fastest) */
} sweep_worker;

static void batch_flush(sweep_worker *w, uint64_t *digest)
{
    rec_batch *b = &w->batch;
    uint64_t h[BATCH];
    impl_fnv1a_records(b->rec[0], GROTTO_FLOOR_RECORD_SIZE, NULL, (size_t)b->n, h);
    w->hashed += (uint64_t)b->n * GROTTO_FLOOR_RECORD_SIZE;
    for (int i = 0; i < b->n; i++)
        digest[b->slot[i]] = h[i];
    b->n = 0;
}

/* FNV-1a over z zero bytes is one multiplication by P^z: a MapRecord's
 * zero tail past its last used slot is not hashed byte by byte. */
static void map_batch_flush(sweep_worker *w, map_batch *b, uint64_t *digest)
{
    uint64_t h[BATCH];
    impl_fnv1a_records(b->rec[0], MAP_STRIDE, b->len, (size_t)b->n, h);
    /* the count in a local: w->hashed, a uint64_t like the digests, could
     * be any of them, so adding to it in the loop made one chain of stores
     * and reloads through memory (maps -0.6 ms, docs/performance.md) */
    uint64_t hashed = 0;
    for (int i = 0; i < b->n; i++) {
        digest[b->slot[i]] = h[i] * impl_fnv_prime_pow[GROTTO_MAP_RECORD_SIZE - b->len[i]];
        hashed += b->len[i];
    }
    w->hashed += hashed;
    b->n = 0;
}

/* ---- phase 1: three stages over a chunk of generator inputs ---- */

/* The bands of k (1-4, 5-8, 9-12, 13-16) a floor seed T serves: per band
 * its k with S = T - k in seed_first..seed_last (kl..kh) and the size
 * they share (0: no such k). */
typedef struct t_bands {
    int kl[4], kh[4], size[4];
} t_bands;

static t_bands bands_of(const sweep_shared *sh, uint32_t T)
{
    t_bands tb;
    int64_t lo = (int64_t)T - sh->seed_last, hi = (int64_t)T - sh->seed_first;
    for (int band = 0; band < 4; band++) {
        int k0 = 4 * band + 1;
        tb.kl[band] = k0 > lo ? k0 : (int)lo;
        tb.kh[band] = k0 + 3 < hi ? k0 + 3 : (int)hi;
        tb.size[band] = tb.kl[band] <= tb.kh[band] ? impl_floor_size(T - (uint32_t)tb.kl[band], tb.kl[band]) : 0;
    }
    return tb;
}

/* The summary of the first floor of a chest class: the layout's masks,
 * then its chests (walkable, not pocket). */
static void class_summary(floor_sum *fs, const impl_layout *L, const impl_floor_masks *lm, int count,
                          const grotto_xy *chest)
{
    fs->up_on_wall = L->up_on_wall;
    fs->overflow = L->overflow;
    fs->size = L->size;
    fs->chest_on_wall = 0;
    for (int i = 0; i < count; i++)
        fs->chest_on_wall |= (uint8_t)((L->blocked[chest[i].y] >> chest[i].x) & 1u);
    impl_floor_masks *m = &fs->m;
    *m = *lm;
    for (int i = 0; i < count; i++) {
        uint16_t bit = (uint16_t)(1u << chest[i].x);
        m->chest[chest[i].y] |= bit;
        m->walk[chest[i].y] |= bit;
        m->pocket[chest[i].y] &= (uint16_t)~bit; /* a chest is never on stairs (§11) */
        m->chests[i] = chest[i];
    }
    m->chest_count = (uint8_t)count;
}

/* The floors of layout L (floor seed T, the size of band `band`): those of
 * every band of T with that size, band by band, k ascending. The floors of
 * a chest class (impl_chest_class) get the same chests: they differ only
 * in their index k, so chests, masks and the record's other bytes are made
 * once per class, and the later stages copy the class's first floor; the
 * class never falls as k grows, so a class's floors are consecutive. Their
 * FloorRecords go to the batch; the summary of a class's first floor to
 * w->buf from entry nsum on, each later floor of the class to w->copy (the
 * stages then loop over the classes only, with no test of "a copy?" per
 * floor in each: enemy list -1.6 ms, analysis -0.9 ms); returns the new
 * count. */
static int layout_floors(sweep_worker *w, const impl_layout *L, uint32_t T, const t_bands *tb, int band,
                         uint32_t nlayout, int nsum, uint32_t *draws)
{
    const sweep_shared *sh = w->sh;
    const grotto_sweep_request *req = sh->req;
    rec_batch *batch = &w->batch;
    impl_floor_masks lm; /* the masks of the layout without chests */
    memset(&lm, 0, sizeof lm);
    for (int y = 0; y < 16; y++) {
        lm.walk[y] = (uint16_t)~L->blocked[y];
        lm.stairs[y] = L->stairs[y];
        lm.pocket[y] = (uint16_t)(lm.walk[y] & ~L->stairs[y]);
    }
    lm.up = L->up;
    lm.down = L->down;
    int cls_made = -1, count = 0;
    grotto_xy chest[GROTTO_MAX_CHESTS];
    /* the class's FloorRecord, encoded once (grotto_floor_record) for its
     * first floor; a later floor's record is a copy with its own index, the
     * record's byte 0 (records.md FloorRecord), which is all that tells the
     * floors of a class apart (encoding each floor's record wrote its head
     * byte by byte again: floors -1.2 ms, docs/performance.md) */
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    memset(rec, 0, sizeof rec); /* made by the first floor (a new class) before any use; zeroed
                                 * because, with the generator inlined, GCC cannot see that */
    uint32_t first = 0; /* the slot of the class's first floor */
    floor_copy *copy = w->copy;
    int ncopy = w->ncopy; /* in a register: the record's byte stores could alias w */
    for (int b = band; b < 4; b++) {
        if (tb->size[b] != tb->size[band])
            continue;
        for (int k = tb->kl[b]; k <= tb->kh[b]; k++) {
            uint32_t slot = (uint32_t)grotto_floor_slot(T - (uint32_t)k - sh->seed_first, k);
            int cls = impl_chest_class(k);
            int same = cls == cls_made;
            if (!same) {
                count = impl_place_chests(L, k, chest, draws);
                if (req->floor_digest) {
                    grotto_floor_t f;
                    impl_floor_from_layout(L, k, count, chest, &f);
                    grotto_floor_record(&f, rec);
                }
                cls_made = cls;
            }
            if (req->floor_digest) {
                if (batch->n == BATCH)
                    batch_flush(w, req->floor_digest);
                __builtin_prefetch(&req->floor_digest[slot], 1); /* written at the flush (prefetch_entry) */
                batch->slot[batch->n] = slot;
                uint8_t *out = batch->rec[batch->n++];
                memcpy(out, rec, sizeof rec);
                out[0] = (uint8_t)k; /* FloorRecord byte 0: the floor index (after the copy: a
                                      * byte stored into rec and read back whole would stall) */
            }
            if (req->overflow)
                req->overflow[slot] = L->overflow;
            if (same) {
                floor_copy *c = &copy[ncopy++];
                c->slot = slot;
                c->from = first;
                continue;
            }
            floor_sum *fs = &w->buf[nsum];
            fs->slot = slot;
            fs->layout = nlayout;
            first = slot;
            class_summary(fs, L, &lm, count, chest);
            nsum++;
        }
    }
    w->ncopy = ncopy;
    return nsum;
}

/* Stage 1: every (T, size) layout once, its floors' chests, FloorRecords
 * (grotto_floor_record) batched and hashed 52 at a time, and the row masks
 * the later stages read. Returns the number of chest classes of the chunk
 * (w->buf); their other floors are in w->copy. */
static int floors_generate(sweep_worker *w, int chunk)
{
    const sweep_shared *sh = w->sh;
    uint32_t t0 = sh->t_first + (uint32_t)chunk * T_CHUNK;
    uint32_t t1 = t0 + T_CHUNK;
    if (t1 > sh->t_last + 1)
        t1 = sh->t_last + 1;
    int nsum = 0;
    uint32_t nlayout = 0, draws = 0;
    w->ncopy = 0;
    for (uint32_t T = t0; T < t1; T++) {
        t_bands tb = bands_of(sh, T);
        for (int band = 0; band < 4; band++) {
            /* one run per size: a band whose size an earlier band has was
             * served by that band's run */
            int seen = !tb.size[band];
            for (int b = 0; b < band; b++)
                seen |= tb.size[b] == tb.size[band];
            if (seen)
                continue;
            impl_layout L;
            impl_layout_gen(T, tb.size[band], &L);
            draws += impl_steps_between(T, L.state); /* the draws of phases 1-6 */
            w->generated++;
            nlayout++;
            nsum = layout_floors(w, &L, T, &tb, band, nlayout, nsum, &draws);
        }
    }
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
    impl_elist_terms t = {0};
    /* the layout part of ElistOfs goes with its terms, made when they are:
     * a call per floor on terms copied field by field was a stalled load
     * (two narrow stores read back as one word), about 1 % of the sweep */
    int cached_ofs = 0, ofs = 0;
    for (int i = 0; i < nsum; i++) {
        floor_sum *fs = &w->buf[i];
        if (i + 16 < nsum) { /* prefetch_entry */
            uint32_t ahead = w->buf[i + 16].slot;
            if (req->facts)
                prefetch_entry(&req->facts[ahead], sizeof *req->facts);
            if (w->sh->info)
                prefetch_entry(&w->sh->info[ahead], sizeof *w->sh->info);
        }
        if (!fs->chest_on_wall && fs->layout == cached_layout) {
            t = cached;
            ofs = cached_ofs;
        } else {
            t = impl_elist_terms_of(fs->m.walk);
            ofs = impl_elist_layout_ofs(t);
            if (!fs->chest_on_wall) {
                cached_layout = fs->layout;
                cached = t;
                cached_ofs = ofs;
            }
        }
        if (w->sh->info) {
            floor_info *fi = &w->sh->info[fs->slot];
            fi->ofs_layout = (uint16_t)ofs;
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
    /* a class's later floors: their info (their facts: floors_facts) */
    for (int i = 0; w->sh->info && i < w->ncopy; i++) {
        if (i + 16 < w->ncopy)
            prefetch_entry(&w->sh->info[w->copy[i + 16].slot], sizeof *w->sh->info);
        w->sh->info[w->copy[i].slot] = w->sh->info[w->copy[i].from];
    }
}

/* Stage 3: facts. If no chest replaced a wall and every chest lies in the
 * part reached from the up stairs, the floor has the reach set, the
 * down-stairs verdict, the ghosts and the pockets of its chest-free layout
 * (a reached chest tile was never part of a pocket), and no unreachable
 * chest. Other floors are analysed in full.
 * The floods run in batches (bitboard.h impl_flood_many: independent
 * floods side by side, as one alone leaves the core waiting): first the
 * chest-free layouts' floods, then, floor by floor, whatever the reach
 * answers, the chests-solid floods it leaves queued, and last the copies
 * of a chest class's first floor (which must wait for its queued flood). */
enum { MAX_LAYOUTS = T_CHUNK * 4, MAX_FLOODS = MAX_LAYOUTS + T_CHUNK * GROTTO_MAX_FLOORS };
typedef struct facts_scratch {
    impl_floor_masks bm[MAX_LAYOUTS]; /* the chest-free masks of the chunk's layouts */
    grotto_floor_facts base[MAX_LAYOUTS];
    uint16_t r[MAX_FLOODS][16], p[MAX_FLOODS][16]; /* layout floods, then chests-solid ones */
    uint32_t queued[T_CHUNK * GROTTO_MAX_FLOORS];  /* the floor of each chests-solid flood */
} facts_scratch;

/* The layouts whose base facts a class can take: a new layout at the first
 * class whose chests all replaced walkable tiles. */
static inline int base_layout_at(const floor_sum *fs, uint32_t *last)
{
    if (fs->chest_on_wall || fs->layout == *last)
        return 0;
    *last = fs->layout;
    return 1;
}

static void floors_facts(sweep_worker *w, int nsum)
{
    const grotto_sweep_request *req = w->sh->req;
    facts_scratch *sc = w->facts;
    /* 1: the layouts' floods and base facts */
    int nb = 0;
    uint32_t last = UINT32_MAX;
    for (int i = 0; i < nsum; i++) {
        const floor_sum *fs = &w->buf[i];
        if (!base_layout_at(fs, &last))
            continue;
        impl_floor_masks *bm = &sc->bm[nb];
        *bm = fs->m;
        for (int y = 0; y < 16; y++) {
            bm->chest[y] = 0;
            bm->pocket[y] = (uint16_t)(bm->walk[y] & ~bm->stairs[y]);
        }
        bm->chest_count = 0;
        impl_flood_seed(bm->up, bm->walk, sc->r[nb], sc->p[nb]);
        nb++;
    }
    impl_flood_many(sc->r, (const uint16_t(*)[16])sc->p, nb);
    for (int j = 0; j < nb; j++)
        impl_facts_reached(&sc->bm[j], sc->r[j], &sc->base[j]);
    /* 2: floor by floor */
    int nq = 0, j = -1;
    uint32_t walk_layout = UINT32_MAX;
    uint16_t layout_walk = 0;
    last = UINT32_MAX;
    for (int i = 0; i < nsum; i++) {
        floor_sum *fs = &w->buf[i];
        grotto_floor_facts *fa = &req->facts[fs->slot];
        j += base_layout_at(fs, &last);
        int shared = 0;
        if (!fs->chest_on_wall && ALWAYS(j >= 0 && j < nb)) { /* step 1 took this floor's layout */
            shared = 1;
            for (int c = 0; c < fs->m.chest_count; c++)
                shared &= (sc->r[j][fs->m.chests[c].y] >> fs->m.chests[c].x) & 1;
        }
        if (shared) {
            const grotto_floor_facts *base = &sc->base[j];
            fa->ghost_count = base->ghost_count;
            fa->unreachable_chests = 0;
            fa->down_unreachable = base->down_unreachable;
            fa->region_count = base->region_count;
            if (!impl_softlock_from_reach(&fs->m, sc->r[j], fa)) { /* chests solid: a flood of its own */
                uint16_t open[16];
                impl_softlock_open(&fs->m, open);
                impl_flood_seed(fs->m.up, open, sc->r[nb + nq], sc->p[nb + nq]);
                sc->queued[nq++] = (uint32_t)i;
            }
        } else {
            impl_facts_masks(&fs->m, fa, NULL);
        }
        fa->up_on_wall = fs->up_on_wall;
        fa->overflow = fs->overflow;
        fa->chest_count = fs->m.chest_count;
        /* chests on walkable tiles leave the walkable set, hence the walk,
         * as the layout had it */
        if (fs->chest_on_wall) {
            fa->walk = impl_walk_rows(fs->m.walk, fs->m.up, fs->m.down);
        } else {
            if (fs->layout != walk_layout) {
                layout_walk = impl_walk_rows(fs->m.walk, fs->m.up, fs->m.down);
                walk_layout = fs->layout;
            }
            fa->walk = layout_walk;
        }
        fa->width = fs->size;
        fa->height = fs->size;
    }
    /* 3: the chests-solid floods */
    impl_flood_many(sc->r + nb, (const uint16_t(*)[16])(sc->p + nb), nq);
    for (int q = 0; q < nq; q++) {
        const floor_sum *fs = &w->buf[sc->queued[q]];
        impl_softlock_reached(&fs->m, sc->r[nb + q], &req->facts[fs->slot]);
    }
    /* 4: a chest class's later floors */
    for (int i = 0; i < w->ncopy; i++) {
        const floor_copy *c = &w->copy[i];
        if (i + 16 < w->ncopy)
            prefetch_entry(&req->facts[w->copy[i + 16].slot], sizeof *req->facts);
        req->facts[c->slot] = req->facts[c->from]; /* padding too (memset there) */
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
        w->floors_emitted += (uint64_t)(nsum + w->ncopy);
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
        grotto_map_facts_chests(m, &req->maps[mslot]);
    }
}

/* Floor n's 8-byte MapRecord slot at monster rank mr (records.md: chest
 * ranks, ElistOfs little-endian, D, state, a zero byte), for one seed: f is
 * what the floor phase kept of the floor, frac[i] the chest-rank draw of
 * chest i as impl_scaled_frac made it (lcg.h: the rank is then one
 * multiplication by the rank range's width). All three ranks are made
 * whatever the count, the ones past it masked off as a whole (a loop over
 * the count is a mispredicted branch per floor). The slot is one
 * little-endian word (impl/ is little-endian only, packed.h), made in a
 * register and stored whole: a word load of bytes just stored one by one
 * would stall on store forwarding. */
static inline uint64_t floor_slot(const floor_info *f, const uint64_t frac[GROTTO_MAX_CHESTS], int env, int mr)
{
    impl_key_range rr = impl_rank_of_mr[mr];
    uint32_t width = (uint32_t)(rr.hi - rr.lo + 1);
    int ofs = f->ofs_layout + impl_elist_list_ofs(env, mr);
    int state = impl_elist_state(ofs, f->D, env, mr);
    uint64_t ranks = (uint64_t)(uint8_t)(rr.lo + impl_scaled_by(frac[0], width)) |
                     (uint64_t)(uint8_t)(rr.lo + impl_scaled_by(frac[1], width)) << 8 |
                     (uint64_t)(uint8_t)(rr.lo + impl_scaled_by(frac[2], width)) << 16;
    ranks &= (1ull << (8 * f->count)) - 1u; /* count <= 3 */
    /* D <= 196: the record's byte needs no clamp */
    return ranks | (uint64_t)(uint16_t)ofs << 24 | (uint64_t)f->D << 40 | (uint64_t)(uint8_t)state << 48;
}

#if SLOTS_VECTOR
/* Entry idx (0..15) of a table of 16 32-bit entries, eight at once. */
static inline __m256i lookup16(const void *table, __m256i idx)
{
    const __m256i *t = (const __m256i *)table;
    return _mm256_permutex2var_epi32(_mm256_loadu_si256(t), idx, _mm256_loadu_si256(t + 1));
}

/* The chest-rank draws of floors 1..16 of map seed `seed`, as the v'
 * = max(v - 1, 0) of impl_scaled: v[h][i] lane j is chest i of floor
 * 8 h + j + 1, the draw 2c + 1 + i after reseeding with seed + n (c the
 * floor's chest count: chests.md's discards; impl_chest_ranks). Lanes of
 * floors without chest i are made too and masked off in the slot. */
static inline void rank_draws16(uint32_t seed, const floor_info fi[GROTTO_MAX_FLOORS], __m256i v[2][3])
{
    const __m256i one = _mm256_set1_epi32(1);
    for (int h = 0; h < 2; h++) {
        __m256i n = _mm256_add_epi32(_mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 8), _mm256_set1_epi32(8 * h));
        __m256i reseed = _mm256_add_epi32(_mm256_set1_epi32((int)seed), n);
        __m256i info = _mm256_loadu_si256((const __m256i *)(const void *)(fi + 8 * h));
        __m256i twice_c = _mm256_slli_epi32(_mm256_srli_epi32(info, 24), 1); /* floor_info's count byte */
        for (int i = 0; i < 3; i++) {
            /* draw k = 2c + 1 + i: A_k, C_k at index k - 1 of the lane tables */
            __m256i at = _mm256_add_epi32(twice_c, _mm256_set1_epi32(i));
            __m256i st = _mm256_add_epi32(_mm256_mullo_epi32(lookup16(impl_jump_lane_a, at), reseed),
                                          lookup16(impl_jump_lane_c, at));
            __m256i d = _mm256_and_si256(_mm256_srli_epi32(st, 16), _mm256_set1_epi32(0x7FFF));
            v[h][i] = _mm256_sub_epi32(d, _mm256_min_epu32(d, one));
        }
    }
}

/* floor_slot for floors 1..16 at once (env, smr of a band of the seed):
 * the same fields, each made for eight floors in a register. A rank is
 * lo + floor(v' w / 32767) (impl_scaled), the quotient as (x + (x >> 15)
 * + 1) >> 15, exact for x < 2^19 (v' < 32767, w <= 16); the records that
 * fit a cut list, max(room, 0) / 20, as (room * 3277) >> 16, exact below
 * 2^14 (room <= 11,216). Both checked on every input by test_impl_primitives,
 * and the slots against the base build's by test_impl_universe. */
_Static_assert(GT_ELIST_RECORD_BYTES == 20 && GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET < (1 << 14),
               "floor_slots16's division by the record size");
static inline void floor_slots16(const floor_info fi[GROTTO_MAX_FLOORS], __m256i v[2][3], int env, int smr,
                                 uint64_t out[GROTTO_MAX_FLOORS])
{
    const __m256i byte = _mm256_set1_epi32(0xFF);
    for (int h = 0; h < 2; h++) {
        /* mr = min(smr + (n - 1) / 4, 12) (impl_floor_mr) */
        __m256i quarter = _mm256_add_epi32(_mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), _mm256_set1_epi32(2 * h));
        __m256i mr = _mm256_min_epi32(_mm256_add_epi32(_mm256_set1_epi32(smr), quarter),
                                      _mm256_set1_epi32(GT_MONSTER_RANKS));
        __m256i info = _mm256_loadu_si256((const __m256i *)(const void *)(fi + 8 * h));
        __m256i D = _mm256_and_si256(_mm256_srli_epi32(info, 16), byte), count = _mm256_srli_epi32(info, 24);
        __m256i ofs = _mm256_add_epi32(_mm256_and_si256(info, _mm256_set1_epi32(0xFFFF)),
                                       lookup16(impl_list_ofs_by_mr[env], mr));
        /* the state (impl_elist_state): nothing cut, or a cut list's entry */
        __mmask8 partial = _mm256_cmpgt_epi32_mask(D, _mm256_setzero_si256());
        __m256i state =
            _mm256_mask_blend_epi32(partial, _mm256_set1_epi32(GT_STATE_NORMAL), _mm256_set1_epi32(GT_STATE_PARTIAL));
        __mmask8 cut = _mm256_cmpgt_epi32_mask(ofs, lookup16(impl_list_full_by_mr[env], mr));
        if (cut) {
            const int memory = GT_ELIST_MEMORY_BYTES - GT_ELIST_RECORD_START_OFFSET;
            __m256i room = _mm256_sub_epi32(_mm256_set1_epi32(memory), ofs);
            room = _mm256_max_epi32(room, _mm256_setzero_si256());
            __m256i fit = _mm256_srli_epi32(_mm256_mullo_epi32(room, _mm256_set1_epi32(3277)), 16);
            __m256i list = _mm256_add_epi32(_mm256_set1_epi32(env * (GT_MONSTER_RANKS + 1)), mr);
            __m256i at = _mm256_add_epi32(_mm256_mullo_epi32(list, _mm256_set1_epi32(GT_LIST_MAX + 1)), fit);
            state = _mm256_mmask_i32gather_epi32(state, cut, at, (const int *)(const void *)impl_cut_state32, 4);
        }
        /* the ranks, all three, masked to the count */
        __m256i lo = lookup16(impl_rank_lo_by_mr, mr), width = lookup16(impl_rank_width_by_mr, mr);
        __m256i ranks = _mm256_setzero_si256();
        for (int i = 0; i < 3; i++) {
            __m256i x = _mm256_mullo_epi32(v[h][i], width);
            __m256i q = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(x, _mm256_srli_epi32(x, 15)),
                                                           _mm256_set1_epi32(1)), 15);
            ranks = _mm256_or_si256(ranks, _mm256_slli_epi32(_mm256_and_si256(_mm256_add_epi32(lo, q), byte), 8 * i));
        }
        __m256i kept = _mm256_sub_epi32(_mm256_sllv_epi32(_mm256_set1_epi32(1), _mm256_slli_epi32(count, 3)),
                                        _mm256_set1_epi32(1));
        ranks = _mm256_and_si256(ranks, kept);
        /* bytes 0-3: ranks, ElistOfs low; 4-7: ElistOfs high, D, state, 0 */
        __m256i low = _mm256_or_si256(ranks, _mm256_slli_epi32(_mm256_and_si256(ofs, byte), 24));
        __m256i high = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(ofs, 8), byte),
                                       _mm256_or_si256(_mm256_slli_epi32(D, 8),
                                                       _mm256_slli_epi32(_mm256_and_si256(state, byte), 16)));
        __m256i a = _mm256_unpacklo_epi32(low, high), b = _mm256_unpackhi_epi32(low, high); /* 0 1 4 5, 2 3 6 7 */
        _mm256_storeu_si256((__m256i *)(void *)(out + 8 * h), _mm256_permute2x128_si256(a, b, 0x20));
        _mm256_storeu_si256((__m256i *)(void *)(out + 8 * h + 4), _mm256_permute2x128_si256(a, b, 0x31));
    }
}
#endif

#if SLOTS_VECTOR
/* The float lookup of lookup16. */
static inline __m256 lookup16f(const float *table, __m256i idx)
{
    return _mm256_permutex2var_ps(_mm256_loadu_ps(table), idx, _mm256_loadu_ps(table + 8));
}

/* r mod n, lane by lane (r < 2^15 as an integer and a float, n <= 600,
 * inv its impl_mod_float_inv) */
static inline __m256i mod_lanes(__m256i r, __m256 rf, __m256i n, __m256 inv)
{
    __m256i q = _mm256_cvttps_epi32(_mm256_mul_ps(rf, inv));
    return _mm256_sub_epi32(r, _mm256_mullo_epi32(q, n));
}

/* The 12-byte MapRecord heads (map_record_head) of bands 8 h .. 8 h + 7
 * of map seed `seed` from its eight detail draws, as impl_details_from_draws
 * makes them band by band: head[j][lane] holds bytes 4 j .. 4 j + 3 of the
 * lane's head (code, seed low, seed high, env; floors, smr, boss, prefix;
 * suffix, locale, level, 0), group[lane] the locale group. */
typedef struct band_heads {
    uint32_t head[3][16];
    uint32_t group[16];
} band_heads;

static inline void details_lanes(uint32_t seed, const uint32_t v[8], band_heads *out)
{
    const impl_details_lanes *t = &impl_details_by_lane;
    const __m256i one = _mm256_set1_epi32(1);
    int env = impl_env_of_percent[v[0] % 100u];
    int jitter = (int)(v[7] % 11u) - 5;
    __m256i r[8];
    __m256 rf[8];
    for (int i = 1; i <= 6; i++) {
        r[i] = _mm256_set1_epi32((int)v[i]);
        rf[i] = _mm256_set1_ps((float)v[i]);
    }
    for (int h = 0; h < 2; h++) {
        int b = 8 * h;
#define ROW(f) _mm256_loadu_si256((const __m256i *)(const void *)(t->f + b))
#define ROWF(f) _mm256_loadu_ps(t->f + b)
        __m256i floors = _mm256_add_epi32(ROW(floors_lo), mod_lanes(r[1], rf[1], ROW(floors_n), ROWF(floors_inv)));
        __m256i smr = _mm256_add_epi32(ROW(smr_lo), mod_lanes(r[2], rf[2], ROW(smr_n), ROWF(smr_inv)));
        __m256i w = _mm256_add_epi32(ROW(boss_before), mod_lanes(r[3], rf[3], ROW(boss_total), ROWF(boss_inv)));
        __m256i boss = _mm256_i32gather_epi32((const int *)(const void *)t->boss_of_weight, w, 4);
        __m256i pn = lookup16(t->prefix_n, smr), sn = lookup16(t->suffix_n, boss);
        __m256i prefix = _mm256_add_epi32(lookup16(t->prefix_lo, smr),
                                          mod_lanes(r[4], rf[4], pn, lookup16f(t->prefix_inv, smr)));
        __m256i suffix = _mm256_add_epi32(lookup16(t->suffix_lo, boss),
                                          mod_lanes(r[5], rf[5], sn, lookup16f(t->suffix_inv, boss)));
        __m256i gn = _mm256_i32gather_epi32((const int *)(const void *)t->group_n, floors, 4);
        __m256 ginv = _mm256_i32gather_ps(t->group_inv, floors, 4);
        __m256i group = _mm256_add_epi32(_mm256_i32gather_epi32((const int *)(const void *)t->group_lo, floors, 4),
                                         mod_lanes(r[6], rf[6], gn, ginv));
        /* level = 3 (boss + floors + smr - 4) + jitter, within 1..99 */
        __m256i sum = _mm256_add_epi32(_mm256_add_epi32(boss, floors), smr);
        __m256i level = _mm256_add_epi32(_mm256_mullo_epi32(sum, _mm256_set1_epi32(3)), _mm256_set1_epi32(jitter - 12));
        level = _mm256_min_epi32(_mm256_max_epi32(level, one), _mm256_set1_epi32(99));
        __m256i at = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_sub_epi32(group, one), _mm256_set1_epi32(5)),
                                      _mm256_set1_epi32(env - 1));
        __m256i locale = _mm256_i32gather_epi32((const int *)(const void *)t->locale, at, 4);
        uint32_t seed_env = (seed & 0xFFFFu) << 8 | (uint32_t)env << 24;
        __m256i head0 = _mm256_or_si256(ROW(code), _mm256_set1_epi32((int)seed_env));
        __m256i head1 = _mm256_or_si256(_mm256_or_si256(floors, _mm256_slli_epi32(smr, 8)),
                                        _mm256_or_si256(_mm256_slli_epi32(boss, 16), _mm256_slli_epi32(prefix, 24)));
        __m256i head2 =
            _mm256_or_si256(suffix, _mm256_or_si256(_mm256_slli_epi32(locale, 8), _mm256_slli_epi32(level, 16)));
#undef ROW
#undef ROWF
        _mm256_storeu_si256((__m256i *)(void *)(out->head[0] + b), head0);
        _mm256_storeu_si256((__m256i *)(void *)(out->head[1] + b), head1);
        _mm256_storeu_si256((__m256i *)(void *)(out->head[2] + b), head2);
        _mm256_storeu_si256((__m256i *)(void *)(out->group + b), group);
    }
}

/* Band b's details back from its head (the fields impl_details_from_draws
 * fills without the sides). */
static inline void details_of_head(const band_heads *bh, int b, grotto_map_details_t *d)
{
    uint32_t h0 = bh->head[0][b], h1 = bh->head[1][b], h2 = bh->head[2][b];
    d->band = (uint8_t)b;
    d->band_code = (uint8_t)h0;
    d->seed = (uint16_t)(h0 >> 8);
    d->env = (uint8_t)(h0 >> 24);
    d->floors = (uint8_t)h1;
    d->smr = (uint8_t)(h1 >> 8);
    d->boss = (uint8_t)(h1 >> 16);
    d->prefix = (uint8_t)(h1 >> 24);
    d->suffix = (uint8_t)h2;
    d->locale = (uint8_t)(h2 >> 8);
    d->level = (uint8_t)(h2 >> 16);
    d->group = (uint8_t)bh->group[b];
}
#endif

/* The same slot read back into floor n of a map (its chest count from f). */
static inline void floor_slot_to_map(uint64_t sl, const floor_info *f, int n, grotto_map_t *m)
{
    m->chest_count[n - 1] = f->count;
    memcpy(m->chest_rank[n - 1], &sl, GROTTO_MAX_CHESTS);
    m->elist[n - 1].ofs = (uint16_t)(sl >> 24);
    m->elist[n - 1].D = (uint8_t)(sl >> 40);
    m->elist[n - 1].state = (uint8_t)(sl >> 48);
}

/* The 12-byte head of a MapRecord (records.md): band code, seed
 * little-endian, env, floors, smr, boss, prefix, suffix, locale, level, a
 * zero byte. */
static inline void map_record_head(const grotto_map_details_t *d, uint8_t *out)
{
    out[0] = d->band_code;
    out[1] = (uint8_t)(d->seed & 0xFFu);
    out[2] = (uint8_t)(d->seed >> 8);
    out[3] = d->env;
    out[4] = d->floors;
    out[5] = d->smr;
    out[6] = d->boss;
    out[7] = d->prefix;
    out[8] = d->suffix;
    out[9] = d->locale;
    out[10] = d->level;
    out[11] = 0;
}

/* The next MapRecord of band `band`, map seed `seed` with `floors`
 * floors, in the batch of its length (flushed into digest first when
 * full): its floor slots copied from slots (one size: no branch; the hash
 * stops after the used ones), its slot and length noted. Returns the
 * record, whose 12-byte head the caller writes. */
static inline uint8_t *map_record_next(sweep_worker *w, uint64_t *digest, int band, uint32_t seed, int floors,
                                       const uint64_t slots[GROTTO_MAX_FLOORS])
{
    map_batch *mb = &w->maps[floors];
    if (mb->n == BATCH)
        map_batch_flush(w, mb, digest);
    uint8_t *rec = mb->rec[mb->n];
    memcpy(rec + 12, slots, GROTTO_MAX_FLOORS * sizeof slots[0]);
    mb->len[mb->n] = (uint16_t)(12 + 8 * floors);
    uint32_t mslot = (uint32_t)grotto_map_slot(band, seed);
    mb->slot[mb->n++] = mslot;
    __builtin_prefetch(&digest[mslot], 1); /* written at the flush (prefetch_entry) */
    return rec;
}

/* The map facts and special floors of a map whose details are in m->d:
 * its floors' slots read back into m first. */
static inline void map_outputs_from_slots(sweep_worker *w, int band, uint32_t seed, const floor_info *fi,
                                          const uint64_t slots[GROTTO_MAX_FLOORS], grotto_map_t *m)
{
    for (int n = 1; n <= m->d.floors; n++)
        floor_slot_to_map(slots[n - 1], &fi[n - 1], n, m);
    map_outputs(w, band, seed, m);
}

static void maps_chunk(sweep_worker *w, int chunk)
{
    const grotto_sweep_request *req = w->sh->req;
    const floor_info *info = w->sh->info;
    const int want_map = req->maps || req->special; /* map_outputs reads a grotto_map_t */
    double ta = base_thread_cpu();
    uint32_t s0 = (uint32_t)chunk * SEED_CHUNK;
    uint32_t s1 = s0 + SEED_CHUNK;
    if (s1 > GROTTO_SEED_COUNT)
        s1 = GROTTO_SEED_COUNT;
    uint64_t draws = 0;
    grotto_map_t m;
    for (uint32_t seed = s0; seed < s1; seed++) {
        uint32_t v[8];
        impl_detail_draws(seed, v);
        draws += 8;
        /* chest-rank draws of every floor (band-independent) */
        const floor_info *fi = &info[grotto_floor_slot(seed, 1)];
#if SLOTS_VECTOR
        __m256i rank_v[2][3];
        rank_draws16(seed, fi, rank_v);
        for (int n = 3; n <= GROTTO_MAX_FLOORS; n++)
            draws += fi[n - 1].count;
        uint32_t made = 0; /* bit smr: tail[smr] holds floors 1..16 */
#else
        /* as fractions */
        uint64_t rank_frac[GROTTO_MAX_FLOORS][GROTTO_MAX_CHESTS] = {{0}};
        for (int n = 3; n <= GROTTO_MAX_FLOORS; n++) {
            /* all three made, whatever the count; the extra ones unused */
            int c = fi[n - 1].count;
            uint32_t st = seed + (uint32_t)n;
            for (int i = 0; i < GROTTO_MAX_CHESTS; i++)
                rank_frac[n - 1][i] = impl_scaled_frac(impl_draw_at(st, 2 * c + 1 + i));
            draws += (uint64_t)c;
        }
#endif
        /* A floor of the map depends, for a given seed, only on the floor n
         * and its monster rank mr = impl_floor_mr(smr, n) (env is
         * band-independent). Below the cap mr determines smr for a given n,
         * so what bands share is a whole run of slots: the record's floor
         * slots are made once per smr (tail[smr], floors 1..tail_n[smr],
         * 67 a seed on average, one per (n, mr) pair; in the AVX-512 build
         * all 16 floors of each smr a seed names, a register at a time). */
        uint64_t tail[GT_MONSTER_RANKS + 1][GROTTO_MAX_FLOORS];
#if !SLOTS_VECTOR
        memset(tail, 0, sizeof tail); /* copied whole into a record; hashed only up to its floors */
        uint8_t tail_n[GT_MONSTER_RANKS + 1] = {0};
#endif
#if SLOTS_VECTOR
        band_heads heads;
        details_lanes(seed, v, &heads);
        int env = (int)(heads.head[0][0] >> 24);
#endif
        for (int band = 0; band < GROTTO_BANDS; band++) {
#if SLOTS_VECTOR
            uint32_t h1 = heads.head[1][band];
            int floors = (int)(h1 & 0xFFu), smr = (int)((h1 >> 8) & 0xFFu);
            if (!((made >> smr) & 1u)) {
                floor_slots16(fi, rank_v, env, smr, tail[smr]);
                made |= 1u << smr;
            }
            if (req->map_digest) {
                uint8_t *rec = map_record_next(w, req->map_digest, band, seed, floors, tail[smr]);
                for (int j = 0; j < 3; j++)
                    memcpy(rec + 4 * j, &heads.head[j][band], 4);
            }
            if (want_map) {
                details_of_head(&heads, band, &m.d);
                map_outputs_from_slots(w, band, seed, fi, tail[smr], &m);
            }
#else
            grotto_map_details_t *d = &m.d;
            impl_details_from_draws(band, seed, v, d, 0);
            int env = d->env, smr = d->smr;
            for (int n = tail_n[smr] + 1; n <= d->floors; n++)
                tail[smr][n - 1] = floor_slot(&fi[n - 1], rank_frac[n - 1], env, impl_floor_mr(smr, n));
            if (d->floors > tail_n[smr])
                tail_n[smr] = d->floors;
            if (req->map_digest)
                map_record_head(d, map_record_next(w, req->map_digest, band, seed, d->floors, tail[smr]));
            if (want_map)
                map_outputs_from_slots(w, band, seed, fi, tail[smr], &m);
#endif
        }
        w->maps_emitted += GROTTO_BANDS;
    }
    w->draws += draws;
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
    /* The records still batched, every worker's, hashed by this thread: a
     * batch is carried from chunk to chunk, so only the phase's last one
     * per worker and length is partial (hashing each chunk's remainder on
     * its own sent a seventh of the MapRecords through the kernel's masked
     * groups: maps -1.1 ms). Billed to the phase's stage of the worker. */
    const grotto_sweep_request *req = sh->req;
    for (int i = 0; i < nthreads; i++) {
        sweep_worker *w = &sh->workers[i];
        double t0 = base_thread_cpu();
        if (phase == 1 && req->floor_digest)
            batch_flush(w, req->floor_digest);
        for (int f = 0; phase == 2 && req->map_digest && f <= GROTTO_MAX_FLOORS; f++)
            map_batch_flush(w, &w->maps[f], req->map_digest);
        double spent = base_thread_cpu() - t0;
        if (phase == 1)
            w->floors_s += spent;
        else
            w->maps_s += spent;
    }
}

static int sweep_run(const grotto_sweep_request *req, grotto_sweep_stats *stats)
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
        ws[i].copy = malloc((size_t)T_CHUNK * GROTTO_MAX_FLOORS * sizeof *ws[i].copy);
        ws[i].facts = req->facts ? malloc(sizeof *ws[i].facts) : NULL;
        if (!ws[i].buf || !ws[i].copy || (req->facts && !ws[i].facts))
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
    for (int i = 0; ws && i < nthreads; i++) {
        free(ws[i].buf);
        free(ws[i].copy);
        free(ws[i].facts);
    }
    free(ws);
    free(sh.info);
    if (stats)
        stats->wall_seconds = base_now() - t_start;
    return rc;
}

/* ---- the entry points: one per build of this file (sweep_avx512.c) ---- */
#ifndef IMPL_SWEEP_SECOND_BUILD
int impl_sweep_path(void)
{
#ifdef IMPL_HAVE_SWEEP_AVX512
    if (impl_cpu_avx512)
        return IMPL_SWEEP_AVX512;
#endif
    return IMPL_SWEEP_BASE;
}

int impl_sweep_on(int path, const grotto_sweep_request *req, grotto_sweep_stats *stats)
{
    if (path == IMPL_SWEEP_BASE)
        return sweep_run(req, stats);
#ifdef IMPL_HAVE_SWEEP_AVX512
    if (path == IMPL_SWEEP_AVX512 && impl_sweep_path() == IMPL_SWEEP_AVX512)
        return impl_sweep_avx512(req, stats);
#endif
    return -1;
}

int grotto_impl_sweep(const grotto_sweep_request *req, grotto_sweep_stats *stats)
{
    return impl_sweep_on(impl_sweep_path(), req, stats);
}
#else
int impl_sweep_avx512(const grotto_sweep_request *req, grotto_sweep_stats *stats)
{
    return sweep_run(req, stats);
}
#endif
