/* impl/ whole-universe sweep against the golden digests: every floor of
 * every seed, every map of every band, and the overflow floors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "grotto/tables.h"
#include "corpus.h"
#include "cpu_features.h"
#include "impl.h"

static void print_stats(const char *what, const grotto_sweep_stats *st)
{
    fprintf(stderr,
            "%s: wall %.3f s on %d threads; stage seconds summed over threads: floors %.3f, elist %.3f, "
            "analysis %.3f, maps %.3f; generator runs %llu, floors emitted %llu, maps emitted %llu\n",
            what, st->wall_seconds, st->threads, st->floors_seconds, st->elist_seconds, st->analysis_seconds,
            st->maps_seconds, (unsigned long long)st->floors_generated, (unsigned long long)st->floors_emitted,
            (unsigned long long)st->maps_emitted);
}

/* Called from worker threads: record, assert later on the test thread. */
static uint64_t progress_calls, progress_last_done, progress_total, progress_bad;
static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
    (void)ctx;
    if (!(done > progress_last_done && done <= total))
        progress_bad++;
    progress_last_done = done;
    progress_total = total;
    progress_calls++;
}

/* How many of n digests differ from a golden digest file's (little-endian
 * u64 each). */
static long golden_mismatches(const uint64_t *got, const uint8_t *golden, size_t n)
{
    long bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += got[i] != grotto_load_u64le(golden + 8 * i);
    return bad;
}

/* The layouts the floor universe needs: distinct (T = S + k, size), the
 * size from floor-generation.md §2 written out here. A floor's layout is a
 * function of these two alone, so bands of k whose sizes coincide for a T
 * (9-12 and 13-16 are both 16 when T mod 3 = 2) share one run. */
static uint64_t distinct_layouts(void)
{
    static uint8_t seen[GROTTO_SEED_COUNT + GROTTO_MAX_FLOORS + 1][17];
    memset(seen, 0, sizeof seen);
    uint64_t n = 0;
    for (uint32_t S = 0; S < GROTTO_SEED_COUNT; S++)
        for (uint32_t k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            uint32_t T = S + k;
            uint32_t size = k >= 13 ? 16 : k >= 9 ? T % 3 + 14 : k >= 5 ? T % 4 + 12 : T % 5 + 10;
            n += !seen[T][size];
            seen[T][size] = 1;
        }
    return n;
}

Test(impl_universe, digests_and_overflow, .timeout = 1200)
{
    size_t flen = 0, mlen = 0;
    uint8_t *gf = corpus_read("golden/floors.digest", &flen);
    uint8_t *gm = corpus_read("golden/maps.digest", &mlen);
    cr_assert_not_null(gf);
    cr_assert_not_null(gm);
    cr_assert_eq(flen, (size_t)GROTTO_FLOOR_UNIVERSE * 8);
    cr_assert_eq(mlen, (size_t)GROTTO_MAP_UNIVERSE * 8);

    uint64_t *fd = malloc(sizeof(uint64_t) * GROTTO_FLOOR_UNIVERSE);
    uint64_t *md = malloc(sizeof(uint64_t) * GROTTO_MAP_UNIVERSE);
    uint8_t *ov = malloc(GROTTO_FLOOR_UNIVERSE);
    cr_assert(fd && md && ov);
    memset(fd, 0, sizeof(uint64_t) * GROTTO_FLOOR_UNIVERSE);
    memset(md, 0, sizeof(uint64_t) * GROTTO_MAP_UNIVERSE);
    memset(ov, 0xAA, GROTTO_FLOOR_UNIVERSE);

    grotto_sweep_request req = {0};
    req.threads = 2;
    req.floor_digest = fd;
    req.map_digest = md;
    req.overflow = ov;
    req.progress = on_progress;
    grotto_sweep_stats st;
    cr_assert_eq(grotto_impl_sweep(&req, &st), 0);
    print_stats("impl sweep (floor digests + map digests + overflow)", &st);

    long fbad = 0, mbad = 0, overflow = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        if (fd[i] != grotto_load_u64le(gf + 8 * i)) {
            if (fbad < 5)
                fprintf(stderr, "floor digest mismatch: seed %04zX floor %zu\n", i / 16, i % 16 + 1);
            fbad++;
        }
        cr_assert(ov[i] <= 1);
        if (ov[i]) {
            overflow++;
            fprintf(stderr, "overflow floor: seed %04zX floor %zu\n", i / 16, i % 16 + 1);
        }
    }
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++)
        if (md[i] != grotto_load_u64le(gm + 8 * i)) {
            if (mbad < 5)
                fprintf(stderr, "map digest mismatch: band %zu seed %04zX\n", i / 32768, i % 32768);
            mbad++;
        }
    fprintf(stderr, "%d floors checked, %ld mismatched; %d maps checked, %ld mismatched; %ld overflow floors\n",
            GROTTO_FLOOR_UNIVERSE, fbad, GROTTO_MAP_UNIVERSE, mbad, overflow);
    cr_assert_eq(fbad, 0);
    cr_assert_eq(mbad, 0);
    cr_assert_eq(overflow, 8);
    cr_assert_eq(st.floors_emitted, (uint64_t)GROTTO_FLOOR_UNIVERSE);
    cr_assert_eq(st.maps_emitted, (uint64_t)GROTTO_MAP_UNIVERSE);
    uint64_t layouts = distinct_layouts();
    cr_assert_eq(layouts, 108149u); /* 131,084 (T, band) pairs: one in six shares its size */
    cr_assert_eq(st.floors_generated, layouts, "one generator run per distinct (S+k, size)");
    cr_assert(progress_calls > 0 && progress_last_done == progress_total && progress_bad == 0,
              "progress: %llu calls, last %llu of %llu, %llu out of order", (unsigned long long)progress_calls,
              (unsigned long long)progress_last_done, (unsigned long long)progress_total,
              (unsigned long long)progress_bad);
    free(fd);
    free(md);
    free(ov);
    free(gf);
    free(gm);
}

/* Facts over the universe: each equals the engine's per-floor facts (the
 * sweep shares the analysis of floors with the same layout; the per-floor
 * path does not), and the universe counts match records.md (floors with ghost
 * stairs 120,461; with pockets 1,125; with unreachable chests 151). */
Test(impl_universe, facts, .timeout = 1200)
{
    grotto_floor_facts *fa = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *fa);
    cr_assert_not_null(fa);
    grotto_sweep_request req = {0};
    req.threads = 2;
    req.facts = fa;
    grotto_sweep_stats st;
    cr_assert_eq(grotto_impl_sweep(&req, &st), 0);
    print_stats("impl sweep (facts)", &st);
    long ghosts = 0, pockets = 0, unreach = 0, down = 0, upwall = 0, dpos = 0, bad = 0, checked = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        ghosts += fa[i].ghost_count > 0;
        pockets += fa[i].region_count > 0;
        unreach += fa[i].unreachable_chests > 0;
        down += fa[i].down_unreachable;
        upwall += fa[i].up_on_wall;
        dpos += fa[i].D > 0;
        {
            grotto_floor_t f;
            grotto_floor_facts e;
            cr_assert_eq(grotto_engine_impl.facts((uint32_t)(i / 16), (int)(i % 16) + 1, &f, &e), 0);
            checked++;
            if (memcmp(&e, &fa[i], sizeof e) != 0)
                bad++;
        }
    }
    fprintf(stderr,
            "facts: floors with ghosts %ld, with pockets %ld, with unreachable chests %ld, down unreachable %ld, "
            "final up stairs on a former wall %ld, D > 0 %ld; %ld floors re-checked against engine facts, %ld "
            "differ\n",
            ghosts, pockets, unreach, down, upwall, dpos, checked, bad);
    cr_assert_eq(bad, 0);
    cr_assert_eq(ghosts, 120461);
    cr_assert_eq(pockets, 1125);
    cr_assert_eq(unreach, 151);
    cr_assert_eq(down, 0);
    free(fa);
}

/* The result does not depend on the number of threads or on how chunks are
 * shared out: 1 thread, 3 threads and "all cores" against the golden files. */
Test(impl_universe, thread_counts, .timeout = 1200)
{
    size_t flen = 0, mlen = 0;
    uint8_t *gf = corpus_read("golden/floors.digest", &flen);
    uint8_t *gm = corpus_read("golden/maps.digest", &mlen);
    cr_assert(gf && gm && flen == (size_t)GROTTO_FLOOR_UNIVERSE * 8 && mlen == (size_t)GROTTO_MAP_UNIVERSE * 8);
    uint64_t *fd = malloc(sizeof(uint64_t) * GROTTO_FLOOR_UNIVERSE);
    uint64_t *md = malloc(sizeof(uint64_t) * GROTTO_MAP_UNIVERSE);
    cr_assert(fd && md);
    static const int counts[] = {1, 3, 0};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        memset(fd, 0, sizeof(uint64_t) * GROTTO_FLOOR_UNIVERSE);
        memset(md, 0, sizeof(uint64_t) * GROTTO_MAP_UNIVERSE);
        grotto_sweep_request req = {0};
        req.threads = counts[c];
        req.floor_digest = fd;
        req.map_digest = md;
        grotto_sweep_stats st;
        cr_assert_eq(grotto_impl_sweep(&req, &st), 0);
        long fbad = golden_mismatches(fd, gf, GROTTO_FLOOR_UNIVERSE);
        long mbad = golden_mismatches(md, gm, GROTTO_MAP_UNIVERSE);
        fprintf(stderr, "threads requested %d (used %d): wall %.3f s, %ld floor and %ld map digests mismatched\n",
                counts[c], st.threads, st.wall_seconds, fbad, mbad);
        cr_assert_eq(fbad + mbad, 0);
        cr_assert(st.threads >= 1);
    }
    free(fd);
    free(md);
    free(gf);
    free(gm);
}

/* floor-generation.md §14 measured the tool over map seeds 0x0000..0xFFFF
 * (the tool's search box accepts them; floor() is defined for any seed):
 * ghost stairs on 242,157 floors, nipples on 275, chambers on 2,328,
 * unreachable down stairs on 0, overflow on 16 floors sharing 4 floor seeds. */
Test(impl_universe, spec_section14_seeds_0_to_ffff, .timeout = 1200)
{
    long ghosts = 0, nipples = 0, chambers = 0, down = 0, overflow = 0;
    uint32_t ovf_seed[4] = {0};
    int novf_seed = 0;
    for (uint32_t s = 0; s <= 0xFFFF; s++)
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            grotto_floor_facts fa;
            cr_assert_eq(grotto_engine_impl.facts(s, k, &f, &fa), 0);
            ghosts += fa.ghost_count > 0;
            nipples += fa.unreachable_chests > 0;
            chambers += fa.region_count > 0;
            down += fa.down_unreachable;
            if (f.overflow) {
                overflow++;
                int seen = 0;
                for (int i = 0; i < novf_seed; i++)
                    seen |= ovf_seed[i] == s + (uint32_t)k;
                if (!seen && novf_seed < 4)
                    ovf_seed[novf_seed++] = s + (uint32_t)k;
                else if (!seen)
                    novf_seed++;
            }
        }
    fprintf(stderr,
            "seeds 0..0xFFFF x 16 floors: ghosts %ld, nipples %ld, chambers %ld, down unreachable %ld, overflow %ld "
            "floors on %d floor seeds\n",
            ghosts, nipples, chambers, down, overflow, novf_seed);
    cr_assert_eq(ghosts, 242157);
    cr_assert_eq(nipples, 275);
    cr_assert_eq(chambers, 2328);
    cr_assert_eq(down, 0);
    cr_assert_eq(overflow, 16);
    cr_assert_eq(novf_seed, 4);
    cr_assert(ovf_seed[0] == 0x5BC7 && ovf_seed[1] == 0x6E32 && ovf_seed[2] == 0x98F3 && ovf_seed[3] == 0xDF70);
}

/* The sweep over another seed range (0x8000..0xFFFF, beyond the game's
 * seeds; grotto stats uses its overflow flags): the same facts as the
 * engine's per-floor path; map outputs need the default range. */
Test(impl_universe, seed_range_0x8000, .timeout = 1200)
{
    grotto_floor_facts *fa = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *fa);
    uint8_t *ov = calloc(GROTTO_FLOOR_UNIVERSE, 1);
    cr_assert(fa && ov);
    grotto_sweep_request req = {.threads = 2, .facts = fa, .overflow = ov, .seed_first = 0x8000};
    grotto_sweep_stats st;
    cr_assert_eq(grotto_impl_sweep(&req, &st), 0);
    long bad = 0, overflow = 0;
    for (size_t i = 0; i < GROTTO_FLOOR_UNIVERSE; i++) {
        grotto_floor_t f;
        grotto_floor_facts e;
        cr_assert_eq(grotto_engine_impl.facts(0x8000u + (uint32_t)(i / 16), (int)(i % 16) + 1, &f, &e), 0);
        bad += memcmp(&e, &fa[i], sizeof e) != 0 || ov[i] != f.overflow;
        overflow += ov[i];
    }
    fprintf(stderr, "seeds 0x8000..0xFFFF: %ld floors differ from the per-floor facts; %ld overflow floors\n", bad,
            overflow);
    cr_expect_eq(bad, 0);
    cr_expect_eq(overflow, 8);
    grotto_map_facts *maps = calloc(GROTTO_MAP_UNIVERSE, sizeof *maps);
    grotto_sweep_request wrong = {.threads = 1, .maps = maps, .seed_first = 0x8000};
    cr_expect_eq(grotto_impl_sweep(&wrong, NULL), -1);
    free(maps);
    free(fa);
    free(ov);
}

/* Each output of the sweep request on its own (sweep.h): map digests alone
 * still equal the golden ones and emit no floor; special floors alone stop
 * writing at special_cap while counting all; map facts alone match the
 * engine's map path; an empty request does nothing. */
Test(impl_universe, request_shapes, .timeout = 1200)
{
    size_t mlen = 0;
    uint8_t *gm = corpus_read("golden/maps.digest", &mlen);
    cr_assert_not_null(gm);
    cr_assert_eq(mlen, (size_t)GROTTO_MAP_UNIVERSE * 8);
    uint64_t *md = calloc(GROTTO_MAP_UNIVERSE, sizeof *md);
    cr_assert_not_null(md);
    grotto_sweep_request req = {.threads = 2, .map_digest = md};
    grotto_sweep_stats st;
    cr_assert_eq(grotto_impl_sweep(&req, &st), 0);
    long bad = golden_mismatches(md, gm, GROTTO_MAP_UNIVERSE);
    cr_expect_eq(bad, 0, "map digests alone: %ld differ from the golden ones", bad);
    cr_expect_eq(st.floors_emitted, 0);
    cr_expect_eq(st.maps_emitted, GROTTO_MAP_UNIVERSE);
    free(md);
    free(gm);

    grotto_special_floor few[10];
    memset(few, 0xEE, sizeof few);
    grotto_sweep_request sp = {.threads = 2, .special = few, .special_cap = 10};
    cr_assert_eq(grotto_impl_sweep(&sp, &st), 0);
    cr_expect_gt(st.special_floors, 10, "the count goes on past the cap");
    for (int i = 0; i < 10; i++) {
        cr_expect(few[i].floor >= 1 && few[i].floor <= 16 && few[i].state >= 1 && few[i].state <= 16,
                  "entry %d: floor %d state %d", i, few[i].floor, few[i].state);
        grotto_map_t m;
        int band = (int)(few[i].map / GROTTO_SEED_COUNT);
        cr_assert_eq(grotto_engine_impl.map(gt_band[band].qmin, few[i].map % GROTTO_SEED_COUNT, &m), 0);
        cr_expect_eq(m.elist[few[i].floor - 1].state, few[i].state, "entry %d", i);
    }

    grotto_map_facts *maps = calloc(GROTTO_MAP_UNIVERSE, sizeof *maps);
    cr_assert_not_null(maps);
    grotto_sweep_request mf = {.threads = 1, .maps = maps};
    cr_assert_eq(grotto_impl_sweep(&mf, &st), 0);
    for (uint32_t slot = 0; slot < GROTTO_MAP_UNIVERSE; slot += 4099) {
        grotto_map_t m;
        int band = (int)(slot / GROTTO_SEED_COUNT);
        cr_assert_eq(grotto_engine_impl.map(gt_band[band].qmin, slot % GROTTO_SEED_COUNT, &m), 0);
        cr_expect_eq(maps[slot].floors, m.d.floors, "slot %u", slot);
        cr_expect_eq(maps[slot].boss, m.d.boss, "slot %u", slot);
        cr_expect_eq(maps[slot].level, m.d.level, "slot %u", slot);
    }
    free(maps);

    grotto_sweep_request none = {.threads = 2};
    cr_assert_eq(grotto_impl_sweep(&none, &st), 0);
    cr_expect_eq(st.floors_emitted + st.maps_emitted + st.special_floors, 0);
}

/* Every output of one sweep, all requested at once (special floors sorted:
 * the workers append them in no particular order). */
typedef struct sweep_outputs {
    uint64_t *floor_d, *map_d; /* digests */
    grotto_floor_facts *fa;
    uint8_t *ov;
    grotto_map_facts *maps;
    grotto_special_floor *sp;
    grotto_sweep_stats st;
} sweep_outputs;

enum { SPECIAL_CAP = 1 << 20 };

static int special_order(const void *a, const void *b)
{
    const grotto_special_floor *x = a, *y = b;
    if (x->map != y->map)
        return x->map < y->map ? -1 : 1;
    return (x->floor > y->floor) - (x->floor < y->floor);
}

static void outputs_alloc(sweep_outputs *o)
{
    o->floor_d = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *o->floor_d);
    o->map_d = calloc(GROTTO_MAP_UNIVERSE, sizeof *o->map_d);
    o->fa = calloc(GROTTO_FLOOR_UNIVERSE, sizeof *o->fa);
    o->ov = calloc(GROTTO_FLOOR_UNIVERSE, 1);
    o->maps = calloc(GROTTO_MAP_UNIVERSE, sizeof *o->maps);
    o->sp = calloc(SPECIAL_CAP, sizeof *o->sp);
    cr_assert(o->floor_d && o->map_d && o->fa && o->ov && o->maps && o->sp);
    memset(&o->st, 0x5A, sizeof o->st);
}

static int outputs_sweep(int path, sweep_outputs *o)
{
    grotto_sweep_request req = {.threads = 2, .floor_digest = o->floor_d, .map_digest = o->map_d, .facts = o->fa,
                                .overflow = o->ov, .maps = o->maps, .special = o->sp, .special_cap = SPECIAL_CAP};
    int rc = impl_sweep_on(path, &req, &o->st);
    if (rc == 0) {
        cr_assert_leq(o->st.special_floors, SPECIAL_CAP);
        qsort(o->sp, (size_t)o->st.special_floors, sizeof *o->sp, special_order);
    }
    return rc;
}

static void outputs_free(sweep_outputs *o)
{
    free(o->floor_d);
    free(o->map_d);
    free(o->fa);
    free(o->ov);
    free(o->maps);
    free(o->sp);
}

/* The same outputs, byte for byte, and the same work counted. */
static void outputs_expect_equal(const char *what, const sweep_outputs *a, const sweep_outputs *b)
{
    cr_expect_eq(memcmp(a->floor_d, b->floor_d, GROTTO_FLOOR_UNIVERSE * sizeof *a->floor_d), 0, "%s: floor digests",
                 what);
    cr_expect_eq(memcmp(a->map_d, b->map_d, GROTTO_MAP_UNIVERSE * sizeof *a->map_d), 0, "%s: map digests", what);
    cr_expect_eq(memcmp(a->fa, b->fa, GROTTO_FLOOR_UNIVERSE * sizeof *a->fa), 0, "%s: floor facts", what);
    cr_expect_eq(memcmp(a->ov, b->ov, GROTTO_FLOOR_UNIVERSE), 0, "%s: overflow flags", what);
    cr_expect_eq(memcmp(a->maps, b->maps, GROTTO_MAP_UNIVERSE * sizeof *a->maps), 0, "%s: map facts", what);
    cr_assert_eq(a->st.special_floors, b->st.special_floors, "%s: special floor counts", what);
    cr_expect_gt(a->st.special_floors, 0);
    cr_expect_eq(memcmp(a->sp, b->sp, (size_t)a->st.special_floors * sizeof *a->sp), 0, "%s: special floors", what);
    cr_expect_eq(a->st.draws, b->st.draws, "%s: draws", what);
    cr_expect_eq(a->st.bytes_hashed, b->st.bytes_hashed, "%s: bytes hashed", what);
    cr_expect_eq(a->st.floors_generated, b->st.floors_generated, "%s: generator runs", what);
    cr_expect_eq(a->st.maps_emitted, b->st.maps_emitted, "%s: maps emitted", what);
}

/* The sweep's two builds (impl/sweep_avx512.c: the same code compiled for
 * AVX-512) give every output byte for byte and count the same work; the
 * second is taken wherever it is built and the CPU has it, and asked for
 * where it is not, it is refused with nothing written. A third run takes
 * the base build on every base path (the CPU flags of impl.h cleared: the
 * digests' scalar chains, the walk's SSE2 planes), which otherwise only
 * a CPU without AVX2 would run over the whole universe; it must match the
 * golden floor digests and the others' every output. (Criterion runs each
 * test in a process of its own: the flags change nowhere else.) */
Test(impl_universe, both_builds, .timeout = 1200)
{
    int second = GROTTO_SWEEP_AVX512_BUILT && cpu_has_avx512();
    cr_assert_eq(impl_sweep_path(), second ? IMPL_SWEEP_AVX512 : IMPL_SWEEP_BASE);
    sweep_outputs base, fast, plain;
    outputs_alloc(&base);
    outputs_alloc(&fast);
    outputs_alloc(&plain);
    cr_assert_eq(outputs_sweep(IMPL_SWEEP_BASE, &base), 0);
    print_stats("impl sweep, base build", &base.st);
    cr_expect_eq(outputs_sweep(4242, &fast), -1, "no such build");
    if (!second) {
        cr_expect_eq(outputs_sweep(IMPL_SWEEP_AVX512, &fast), -1);
        uint8_t untouched[sizeof fast.st];
        memset(untouched, 0x5A, sizeof untouched);
        cr_expect_eq(memcmp(&fast.st, untouched, sizeof untouched), 0, "stats written by a refused build");
        cr_expect_eq(fast.floor_d[0] | fast.map_d[0], 0, "digests written by a refused build");
    } else {
        cr_assert_eq(outputs_sweep(IMPL_SWEEP_AVX512, &fast), 0);
        print_stats("impl sweep, AVX-512 build", &fast.st);
        outputs_expect_equal("AVX-512 build against the base build", &base, &fast);
    }

    int avx2 = impl_cpu_avx2, avx512 = impl_cpu_avx512;
    impl_cpu_avx2 = impl_cpu_avx512 = 0;
    cr_expect_eq(impl_sweep_path(), IMPL_SWEEP_BASE);
    cr_expect_eq(impl_walk_path(), IMPL_WALK_BASE);
    cr_assert_eq(outputs_sweep(IMPL_SWEEP_BASE, &plain), 0);
    impl_cpu_avx2 = avx2;
    impl_cpu_avx512 = avx512;
    print_stats("impl sweep, base build on base paths", &plain.st);
    size_t flen = 0;
    uint8_t *gf = corpus_read("golden/floors.digest", &flen);
    cr_assert_not_null(gf);
    cr_assert_eq(flen, (size_t)GROTTO_FLOOR_UNIVERSE * 8);
    long bad = golden_mismatches(plain.floor_d, gf, GROTTO_FLOOR_UNIVERSE);
    cr_expect_eq(bad, 0, "base paths: %ld floor digests differ from the golden ones", bad);
    free(gf);
    outputs_expect_equal("base paths against the CPU's paths", &base, &plain);
    outputs_free(&base);
    outputs_free(&fast);
    outputs_free(&plain);
}
