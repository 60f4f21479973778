/* The four-player multiplayer bug (research.md §5): the map's own details,
 * the bug map's details (map_details.c, one LCG step further on), and the
 * seed's floors generated to B16F - the generation forced to 16 floors -
 * read with the ORIGINAL environment and SMR: chest ranks (chests.md §2)
 * and the enemy-list cut (enemy-list.md) of every floor. Then the search
 * options of §5 on such a result. */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/multibug.h"

#include "map_internal.h"

/* §5: "the original seed's floors generated up to 16 with the original
 * environment and SMR". */
int grotto_multibug_from_floors(int quality, const grotto_map_floors_t *floors, grotto_multibug_t *out)
{
    grotto_multibug_t m;
    memset(&m, 0, sizeof m);
    if (floors->count != GROTTO_MAX_FLOORS || !ref_map_floors_valid(floors, GROTTO_MAX_FLOORS) ||
        grotto_map_details(quality, floors->seed, &m.orig) != 0 ||
        grotto_multibug_details(quality, floors->seed, &m.bug) != 0)
        return -1;
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
        const grotto_floor_terms *t = &floors->floor[n - 1];
        m.chest_count[n - 1] = t->chest_count;
        if (t->chest_count > 0) /* floors 1 and 2 have none (chests.md §1) */
            grotto_chest_ranks(floors->seed, n, m.orig.smr, t->chest_count, m.chest_rank[n - 1]);
        grotto_elist_of_layout(t, n, m.orig.env, m.orig.smr, &m.elist[n - 1]);
    }
    *out = m;
    return 0;
}

int grotto_multibug(int quality, uint32_t seed, grotto_multibug_t *out)
{
    grotto_map_details_t d;
    grotto_map_floors_t floors;
    if (grotto_map_details(quality, seed, &d) != 0 || grotto_map_floors(seed, GROTTO_MAX_FLOORS, &floors) != 0)
        return -1;
    return grotto_multibug_from_floors(quality, &floors, out);
}

/* §5 option: "the bug map has more floors than the original". */
int grotto_multibug_more_floors(const grotto_multibug_t *m)
{
    return m->bug.floors > m->orig.floors;
}

/* §5 option: "a special floor lies in (original floor count, bug floor
 * count]"; the tool looks at B5F..B16F only. */
int grotto_multibug_bug_floor_special(const grotto_multibug_t *m)
{
    enum { FIRST_LISTED = 5 };
    for (int n = m->orig.floors + 1; n <= m->bug.floors && n <= GROTTO_MAX_FLOORS; n++)
        if (n >= FIRST_LISTED && m->elist[n - 1].state != 0)
            return n;
    return 0;
}

/* §5: "chest counts over B3F..bug floors", by rank. */
void grotto_multibug_chest_counts(const grotto_multibug_t *m, unsigned count[11])
{
    memset(count, 0, 11 * sizeof count[0]);
    for (int n = 3; n <= m->bug.floors && n <= GROTTO_MAX_FLOORS; n++)
        for (int i = 0; i < m->chest_count[n - 1] && i < GROTTO_MAX_CHESTS; i++)
            if (m->chest_rank[n - 1][i] >= 1 && m->chest_rank[n - 1][i] <= 10)
                count[m->chest_rank[n - 1][i]]++;
}
