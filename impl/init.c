/* impl/: one-time tables (jump-ahead pairs, CLASSIFY blacklist, the 512-entry
 * up-stairs rejection table) and the static fast-modulo magic numbers. */
#include <pthread.h>

#include "bitboard.h"
#include "impl.h"
#include "impl_map.h"
#include "lcg.h"

/* ceil(2^24 / n), n = 0..256 (entry 0 unused). */
#define MG(n) ((n) ? (uint32_t)((16777216u + (unsigned)(n) - 1u) / ((n) ? (unsigned)(n) : 1u)) : 0u)
#define MG4(n) MG(n), MG((n) + 1), MG((n) + 2), MG((n) + 3)
#define MG16(n) MG4(n), MG4((n) + 4), MG4((n) + 8), MG4((n) + 12)
#define MG64(n) MG16(n), MG16((n) + 16), MG16((n) + 32), MG16((n) + 48)
const uint32_t impl_fastmod_magic[IMPL_FASTMOD_MAX + 1] = {MG64(0), MG64(64), MG64(128), MG64(192), MG(256)};

impl_affine impl_jump[IMPL_JUMP_MAX + 1];
uint8_t impl_blacklist[256];
uint8_t impl_up_reject[512];

static pthread_once_t impl_once = PTHREAD_ONCE_INIT;

static void impl_init_once(void)
{
    impl_affine a = {1u, 0u};
    impl_affine step = {IMPL_MULT, IMPL_INC};
    for (int k = 0; k <= IMPL_JUMP_MAX; k++) {
        impl_jump[k] = a;
        a = impl_affine_then(a, step);
    }
    static const uint8_t black[] = {46, 58, 139, 142, 163, 171, 174, 184, 186, 226, 232, 234};
    for (unsigned i = 0; i < sizeof black; i++)
        impl_blacklist[black[i]] = 1;
    for (unsigned p = 0; p < 512; p++)
        impl_up_reject[p] = (uint8_t)(impl_corner_fail(p) || impl_blacklist[impl_classify_pat(p)]);
    impl_cut_states_init();
    impl_map_tables_init();
    impl_timer_tables_init();
}

void impl_init(void)
{
    pthread_once(&impl_once, impl_init_once);
}
