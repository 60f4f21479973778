/* impl/sweep_avx512.c: the sweep's second build - sweep.c and the files it
 * drives, compiled again for CPUs with AVX-512 (F, BW, DQ, VL, with the
 * AVX2, BMI1, BMI2 and POPCNT they all have; the flags are set on this
 * file alone in impl/CMakeLists.txt, which also defines
 * IMPL_HAVE_SWEEP_AVX512 where the compiler and the target allow it).
 *
 * Nothing here is new code. The external functions of the included files
 * are renamed below (a name missed here is a duplicate symbol at link
 * time, never a silent mix), so this build calls its own copies, and its
 * entry is impl_sweep_avx512; grotto_impl_sweep (sweep.c) calls it only
 * where the CPU has AVX-512 (impl_cpu_avx512, tables.c). Everything else
 * it calls - the digests, the walk, the tables - is the library's one copy,
 * with its own run-time paths.
 *
 * Why a whole second build and not a target attribute per function: the
 * gain is spread over the generator, the analysis and the enemy-list terms
 * (a shorter instruction for many a mask, shift and select), not in one
 * loop; measured by alternating runs of the sweep alone, one thread, about
 * 5 % of its CPU (docs/performance.md, 5 December 2026). The tests run both
 * builds over the whole universe and compare every output
 * (test_impl_universe.c, both_builds). */
#ifdef IMPL_HAVE_SWEEP_AVX512

#define IMPL_SWEEP_SECOND_BUILD 1

/* floorgen.c */
#define impl_floor_size impl_floor_size_avx512
#define impl_layout_gen impl_layout_gen_avx512
#define impl_stairs_alone impl_stairs_alone_avx512
#define impl_chest_class impl_chest_class_avx512
#define impl_place_chests impl_place_chests_avx512
#define impl_floor_from_layout impl_floor_from_layout_avx512
#define impl_floor_generate impl_floor_generate_avx512
/* analysis.c */
#define impl_masks_of_floor impl_masks_of_floor_avx512
#define impl_analyse_masks impl_analyse_masks_avx512
#define impl_softlock_facts impl_softlock_facts_avx512
#define impl_softlock_from_reach impl_softlock_from_reach_avx512
#define impl_facts_masks impl_facts_masks_avx512
#define impl_facts_reached impl_facts_reached_avx512
#define impl_flood_seed impl_flood_seed_avx512
#define impl_softlock_open impl_softlock_open_avx512
#define impl_softlock_reached impl_softlock_reached_avx512
/* elist.c */
#define impl_elist_terms_of impl_elist_terms_of_avx512
#define impl_elist_layout_ofs impl_elist_layout_ofs_avx512
#define impl_elist_fill impl_elist_fill_avx512
/* details.c */
#define impl_band_of_quality impl_band_of_quality_avx512
#define impl_detail_draws impl_detail_draws_avx512
#define impl_detail_draws_after impl_detail_draws_after_avx512
#define impl_details_from_draws impl_details_from_draws_avx512
#define impl_details impl_details_avx512

#include "floorgen.c"
#include "analysis.c"
#include "elist.c"
#include "details.c"
#include "sweep.c"

#else
typedef int impl_sweep_avx512_not_built; /* ISO C: no empty file */
#endif
