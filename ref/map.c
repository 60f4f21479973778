/* A whole map: the details of map-details.md, then every floor of
 * floor-generation.md with its chest ranks (chests.md §2, fed the floor's
 * real chest count) and its enemy-list cut (enemy-list.md). This is what
 * the MapRecord of records.md summarises. */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/floor.h"
#include "grotto/map.h"

int grotto_map(int quality, uint32_t seed, grotto_map_t *out)
{
    grotto_map_t m;
    memset(&m, 0, sizeof m);
    if (grotto_map_details(quality, seed, &m.d) != 0)
        return -1;
    for (int n = 1; n <= m.d.floors; n++) {
        grotto_floor_t f;
        grotto_floor(seed, n, &f);
        m.chest_count[n - 1] = f.chest_count;
        if (f.chest_count > 0) /* floors 1 and 2 never have chests (chests.md §1) */
            grotto_chest_ranks(seed, n, m.d.smr, f.chest_count, m.chest_rank[n - 1]);
        grotto_elist(&f, m.d.env, m.d.smr, &m.elist[n - 1]);
    }
    *out = m;
    return 0;
}
