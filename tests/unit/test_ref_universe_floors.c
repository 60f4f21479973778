/* The whole floor universe (records.md): all 32,768 x 16 FloorRecords of
 * the reference generator against corpus/golden/floors.digest, and the
 * overflow floors of floor-generation.md §14. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "floor_internal.h" /* internal API of ref/ */
#include "grotto/floor.h"
#include "grotto/record.h"
#include "corpus.h"

Test(ref_universe, floors_digest, .timeout = 1200)
{
    size_t len = 0;
    uint8_t *golden = corpus_read("golden/floors.digest", &len);
    cr_assert_not_null(golden, "corpus/golden/floors.digest is missing");
    cr_assert_eq(len, (size_t)GROTTO_FLOOR_UNIVERSE * 8, "floors.digest has %zu bytes", len);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long checked = 0, mismatched = 0, overflow = 0;
    uint32_t overflow_seed[16];
    int overflow_k[16];
    for (uint32_t seed = 0; seed < GROTTO_SEED_COUNT; seed++)
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            grotto_floor_t f;
            uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
            cr_assert_eq(grotto_floor(seed, k, &f), 0);
            grotto_floor_record(&f, rec);
            uint64_t got = grotto_fnv1a(rec, sizeof rec);
            uint64_t want = grotto_load_u64le(golden + 8 * grotto_floor_slot(seed, k));
            checked++;
            if (got != want) {
                if (mismatched < 10)
                    fprintf(stderr, "mismatch: seed 0x%04X floor %d: digest %016llx, golden %016llx\n", seed, k,
                            (unsigned long long)got, (unsigned long long)want);
                mismatched++;
            }
            if (f.overflow) {
                if (overflow < 16) {
                    overflow_seed[overflow] = seed;
                    overflow_k[overflow] = k;
                }
                overflow++;
            }
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    free(golden);

    fprintf(stderr, "%ld checked, %ld mismatched (%.2f s, %.2f us/floor)\n", checked, mismatched, secs,
            secs * 1e6 / (double)checked);
    fprintf(stderr, "overflow floors among seeds 0..0x7FFF: %ld\n", overflow);
    cr_assert_eq(checked, (long)GROTTO_FLOOR_UNIVERSE);
    cr_assert_eq(mismatched, 0, "%ld of %ld floors differ from floors.digest", mismatched, checked);

    /* §14: the overflow floors share the floor seeds 0x5BC7 and 0x6E32
     * (floors 1..4 of S = floor seed - k) within 0..0x7FFF */
    cr_assert_eq(overflow, 8, "%ld overflow floors, want 8", overflow);
    for (int i = 0; i < 8; i++) {
        uint32_t floor_seed = overflow_seed[i] + (uint32_t)overflow_k[i];
        cr_expect(floor_seed == 0x5BC7 || floor_seed == 0x6E32, "overflow on (0x%04X, %d), floor seed 0x%04X",
                  overflow_seed[i], overflow_k[i], floor_seed);
        cr_expect(overflow_k[i] >= 1 && overflow_k[i] <= 4);
    }
}

/* floor-generation.md §14, measured by the spec's authors over all map
 * seeds 0x0000..0xFFFF (the upper half has no golden digests): overflow on
 * 16 floors, a special room on 282,828, ghost stairs on 242,157, draws
 * averaging 204.8 with the maximum 4,392 on 0x5BC4 floor 3, nodeCount
 * 3..9. Within 0..0x7FFF, records.md counts 120,461 ghost-stair floors. */
Test(ref_universe, spec_section14_facts_0000_to_FFFF, .timeout = 1200)
{
    long overflow = 0, special = 0, ghost_floors = 0, ghost_floors_low = 0;
    uint64_t draws_sum = 0;
    uint32_t draws_max = 0, max_seed = 0;
    int max_k = 0, nodes_min = 99, nodes_max = 0;
    for (uint32_t seed = 0; seed <= 0xFFFF; seed++)
        for (int k = 1; k <= GROTTO_MAX_FLOORS; k++) {
            ref_floor_run run;
            ref_floor_generate(seed, k, &run);
            const uint8_t *A = run.A;
            int W = A[2], H = A[3];
            overflow += run.overflow != 0;
            special += A[1];
            draws_sum += run.draws;
            if (run.draws > draws_max) {
                draws_max = run.draws;
                max_seed = seed;
                max_k = k;
            }
            if (A[21] < nodes_min)
                nodes_min = A[21];
            if (A[21] > nodes_max)
                nodes_max = A[21];
            int ghost = 0;
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    int t = A[792 + 16 * y + x];
                    if ((t == 4 || t == 5) && !(x == A[4] && y == A[5]) && !(x == A[6] && y == A[7]))
                        ghost = 1;
                }
            ghost_floors += ghost;
            if (seed <= GROTTO_SEED_MAX)
                ghost_floors_low += ghost;
        }
    double avg = (double)draws_sum / (65536.0 * 16.0);
    fprintf(stderr,
            "0..0xFFFF: overflow %ld, special %ld, ghost floors %ld (%ld below 0x8000), draws avg %.2f max %u on "
            "0x%04X:%d, nodeCount %d..%d\n",
            overflow, special, ghost_floors, ghost_floors_low, avg, draws_max, max_seed, max_k, nodes_min, nodes_max);
    cr_expect_eq(overflow, 16);
    cr_expect_eq(special, 282828);
    cr_expect_eq(ghost_floors, 242157);
    cr_expect_eq(ghost_floors_low, 120461);
    cr_expect(avg > 204.75 && avg < 204.85, "average draws %.3f", avg);
    cr_expect_eq(draws_max, 4392u);
    cr_expect_eq(max_seed, 0x5BC4u);
    cr_expect_eq(max_k, 3);
    cr_expect_eq(nodes_min, 3);
    cr_expect_eq(nodes_max, 9);
}
