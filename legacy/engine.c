/* legacy/: the legacy tool as an engine (grotto_engine_legacy, legacy.h).
 * What the tool shares with the game model - floors, their analysis and
 * facts, a map's details, chests and chest ranks, names, timers - is asked
 * of ref through its public engine (grotto_engine_ref), never recomputed
 * here. The enemy-list cut of every floor is the tool's own model
 * (model.c), applied to the list the game uses for the floor (env, floor
 * monster rank) and to the floor's layout terms W and X, which the tool
 * counted as the game does (enemy-list.md §2): the game's cut supplies
 * those inputs, none of its results. */
#include <string.h>

#include "grotto/engine.h"
#include "grotto/tables.h"
#include "legacy.h"

#define GAME grotto_engine_ref

/* The tool's cut of the floor whose game cut is `game`: same list, same
 * layout terms. A cut the game refused (no list: env 0) stays empty. */
static void tool_cut(const grotto_elist_t *game, grotto_elist_t *out)
{
    if (game->env < 1 || game->env > GT_ENV_COUNT || game->mr < 1 || game->mr > GT_MONSTER_RANKS) {
        memset(out, 0, sizeof *out);
        return;
    }
    legacy_elist(game->env, game->mr, game->W, game->X, out);
}

/* The tool's map over the game's: the game's details, chests and ranks,
 * every floor's cut the tool's own. */
static void tool_map(const grotto_map_t *game, grotto_map_t *out)
{
    grotto_map_t m;
    memset(&m, 0, sizeof m);
    m.d = game->d;
    memcpy(m.chest_count, game->chest_count, sizeof m.chest_count);
    memcpy(m.chest_rank, game->chest_rank, sizeof m.chest_rank);
    for (int n = 1; n <= m.d.floors; n++)
        tool_cut(&game->elist[n - 1], &m.elist[n - 1]);
    *out = m;
}

static void legacy_floor_elist(const grotto_floor_t *f, int env, int smr, grotto_elist_t *out)
{
    grotto_elist_t game;
    GAME.elist(f, env, smr, &game);
    tool_cut(&game, out);
}

static void legacy_elist_of_layout(const grotto_floor_terms *t, int n, int env, int smr, grotto_elist_t *out)
{
    grotto_elist_t game;
    GAME.elist_of_layout(t, n, env, smr, &game);
    tool_cut(&game, out);
}

static int legacy_map(int quality, uint32_t seed, grotto_map_t *out)
{
    grotto_map_t game;
    if (GAME.map(quality, seed, &game) != 0)
        return -1;
    tool_map(&game, out);
    return 0;
}

static int legacy_map_from_floors(int quality, const grotto_map_floors_t *floors, grotto_map_t *out)
{
    grotto_map_t game;
    if (GAME.map_from_floors(quality, floors, &game) != 0)
        return -1;
    tool_map(&game, out);
    return 0;
}

/* ---- the game model's, unchanged ---- */

static int legacy_floor(uint32_t seed, int k, grotto_floor_t *out)
{
    return GAME.floor(seed, k, out);
}

static void legacy_analyse(const grotto_floor_t *f, grotto_floor_analysis *out)
{
    GAME.analyse(f, out);
}

static int legacy_facts(uint32_t seed, int k, grotto_floor_t *floor, grotto_floor_facts *out)
{
    return GAME.facts(seed, k, floor, out);
}

static int legacy_map_floors(uint32_t seed, int count, grotto_map_floors_t *out)
{
    return GAME.map_floors(seed, count, out);
}

static int legacy_timer(uint32_t timer, int base, grotto_timer_value *out)
{
    return GAME.timer(timer, base, out);
}

static uint16_t legacy_walk(const grotto_floor_t *f)
{
    return GAME.walk(f); /* a walk over the game model's floors */
}

static int legacy_name(const grotto_map_details_t *d, int jp, char *buf, size_t size)
{
    return GAME.map_name(d, jp, buf, size);
}

const grotto_engine grotto_engine_legacy = {
    .name = "legacy",
    .floor = legacy_floor,
    .analyse = legacy_analyse,
    .elist = legacy_floor_elist,
    .map = legacy_map,
    .facts = legacy_facts,
    .map_floors = legacy_map_floors,
    .map_from_floors = legacy_map_from_floors,
    .timer = legacy_timer,
    .sweep = NULL,
    .map_name = legacy_name,
    .elist_of_layout = legacy_elist_of_layout,
    .floors_from = &GAME,
    .about = "the legacy Windows tool's enemy-list model over ref's floors",
    .walk = legacy_walk,
};
