/* grotto stats --legacy-diff: the legacy tool's engine against the game
 * model - the engine of the universe index - over every map floor, both
 * cuts from the index's floor facts through the engine interface
 * (elist_of_layout). */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "universe.h"

enum { FAM_NONE, FAM_PARTIAL, FAM_REDUCED, FAM_ONLY, FAM_NOENEMY };

static const char *const FAMILY[UNIVERSE_LEGACY_FAMILIES] = {"none", "partial", "reduced", "ONLY", "no-enemy"};

const char *universe_legacy_family_name(int family)
{
    return family >= 0 && family < UNIVERSE_LEGACY_FAMILIES ? FAMILY[family] : "?";
}

/* records.md state codes */
int universe_legacy_family(int state)
{
    switch (state) {
    case 0: return FAM_NONE;
    case 1: return FAM_PARTIAL;
    case 5: case 14: case 15: case 16: return FAM_ONLY;
    case 6: case 7: case 8: case 9: return FAM_NOENEMY;
    default: return FAM_REDUCED; /* 2-4, 10-13 */
    }
}

static int class_of(int legacy, int real)
{
    int lf = universe_legacy_family(legacy), rf = universe_legacy_family(real);
    if (lf == FAM_NOENEMY && (rf == FAM_ONLY || rf == FAM_REDUCED))
        return UNIVERSE_LEGACY_NOENEMY_REALLY_FEWER;
    if (lf == FAM_ONLY && rf == FAM_REDUCED)
        return UNIVERSE_LEGACY_ONLY_REALLY_REDUCED;
    if (legacy == 0 && real != 0)
        return UNIVERSE_LEGACY_NONE_REALLY_SPECIAL;
    return -1;
}

int universe_legacy_diff_compute(const struct universe_index *ix, universe_legacy_diff *out)
{
    const grotto_engine *game = ix->engine, *legacy = &grotto_engine_legacy;
    memset(out, 0, sizeof *out);
    if (game == legacy)
        return -1;
    for (uint32_t m = 0; m < GROTTO_MAP_UNIVERSE; m++) {
        const grotto_map_facts *mf = &ix->map[m];
        uint32_t seed = m % GROTTO_SEED_COUNT;
        int in_class[UNIVERSE_LEGACY_CLASSES] = {0}, differs = 0;
        for (int n = 1; n <= mf->floors; n++) {
            const grotto_floor_facts *fa = &ix->floor[grotto_floor_slot(seed, n)];
            const grotto_floor_terms terms = {.chest_count = fa->chest_count, .W = fa->W, .X = fa->X, .D = fa->D};
            grotto_elist_t real, tool;
            game->elist_of_layout(&terms, n, mf->env, mf->smr, &real);
            legacy->elist_of_layout(&terms, n, mf->env, mf->smr, &tool);
            out->floors++;
            if (real.D > 0) {
                out->flag0_floors++;
                out->flag0_over += tool.ofs > real.ofs;
                out->flag0_under += tool.ofs < real.ofs;
            }
            out->wrap_floors += fa->X >= 256;
            if (tool.state == real.state)
                continue;
            out->differ++;
            differs = 1;
            out->family[universe_legacy_family(tool.state)][universe_legacy_family(real.state)]++;
            int c = class_of(tool.state, real.state);
            if (c < 0)
                continue;
            universe_legacy_class *k = &out->cls[c];
            k->floors++;
            k->cause[fa->X >= 256 ? UNIVERSE_LEGACY_CAUSE_WRAP : UNIVERSE_LEGACY_CAUSE_FLAG0]++;
            in_class[c] = 1;
            if (k->examples < UNIVERSE_LEGACY_EXAMPLES)
                k->ex[k->examples++] = (universe_legacy_example){m, (uint8_t)n, tool.state, real.state,
                                                               (uint8_t)real.D, tool.ofs, real.ofs, fa->X};
        }
        out->maps_differ += differs;
        for (int c = 0; c < UNIVERSE_LEGACY_CLASSES; c++)
            out->cls[c].maps += in_class[c];
    }
    return 0;
}
