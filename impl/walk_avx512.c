/* impl/walk_avx512.c: the walk's wavefront for CPUs with AVX-512 BW and VL
 * - walk_avx2.c compiled again with WALK_AVX512 defined (its design
 * comment says what changes). walk.c calls it only where the CPU has
 * AVX-512 (impl_walk_path). */
#define WALK_AVX512 1
#include "walk_avx2.c"
