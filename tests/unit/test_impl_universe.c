/* impl/ whole-universe sweep against the golden digests: every floor of
 * every seed, every map of every band, and the overflow floors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/engine.h"
#include "grotto/record.h"
#include "grotto/sweep.h"
#include "testjson.h"

static void print_stats(const char *what, const grotto_sweep_stats *st)
{
    fprintf(stderr,
            "%s: wall %.3f s on %d threads; stage seconds summed over threads: floors %.3f, elist %.3f, "
            "analysis %.3f, maps %.3f; generator runs %llu, floors emitted %llu, maps emitted %llu\n",
            what, st->wall_seconds, st->threads, st->floors_seconds, st->elist_seconds, st->analysis_seconds,
            st->maps_seconds, (unsigned long long)st->floors_generated, (unsigned long long)st->floors_emitted,
            (unsigned long long)st->maps_emitted);
}

static uint64_t progress_calls, progress_last_done, progress_total;
static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
    (void)ctx;
    cr_assert(done > progress_last_done && done <= total);
    progress_last_done = done;
    progress_total = total;
    progress_calls++;
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
    cr_assert_eq(st.floors_generated, 131084u, "one generator run per distinct (S+k, size band)");
    cr_assert(progress_calls > 0 && progress_last_done == progress_total);
    free(fd);
    free(md);
    free(ov);
    free(gf);
    free(gm);
}

/* Facts over the universe: each equals the engine's per-floor facts on a
 * sample, and the universe counts match records.md (floors with ghost
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
        if (i % 61 == 0 || fa[i].region_count || fa[i].unreachable_chests || fa[i].up_on_wall) {
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
