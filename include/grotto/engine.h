/* The engines behind one interface, and their registry. ref/ provides
 * grotto_engine_ref (the reference), impl/ grotto_engine_impl (the
 * bit-packed engine), legacy/ grotto_engine_legacy (the legacy Windows
 * tool's enemy-list model over ref's floors); ref and impl never include
 * each other. Every consumer - the oracle, the universe index, the
 * benchmark, verify, the commands - reaches an engine through this
 * interface and finds it by name only through grotto_engine_by_name(). */
#ifndef GROTTO_ENGINE_H
#define GROTTO_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Per-floor facts a universe sweep needs beyond the FloorRecord: what the
 * universe index (universe/universe.h) answers queries from. */
typedef struct grotto_floor_facts {
    uint16_t W, X, D;            /* enemy-list layout terms (D for regime 2) */
    uint16_t ghost_count;
    uint8_t unreachable_chests;
    uint8_t down_unreachable;
    uint16_t region_count;       /* chambers */
    uint8_t up_on_wall;          /* final up stairs written on a cell that was 1/3 (HW-2) */
    uint8_t overflow;            /* stair placement entered overflow mode (FloorRecord flag) */
    uint8_t chest_count;         /* 0..3 */
    /* softlock report (hardware.md HW-1; grotto_floor_analysis) */
    uint8_t up_next_to_chest;    /* final up stairs 4-adjacent to a chest */
    uint8_t softlock_down_cut;   /* down stairs cut off from the up stairs with chests solid */
    uint8_t pad;                 /* 0 */
    uint16_t softlock_near;      /* tiles reachable from the up stairs, chests solid */
    uint16_t softlock_far;       /* walkable non-chest tiles not reachable so */
    /* walking cost from the final up to the final down stairs in half-steps,
     * GROTTO_WALK_NONE when there is no path (research.md §1, grotto/walk.h) */
    uint16_t walk;
    uint8_t width, height;       /* the floor's size */
} grotto_floor_facts;

struct grotto_sweep_request; /* grotto/sweep.h */
struct grotto_sweep_stats;
struct grotto_at;            /* grotto/at.h */
struct grotto_at_pop;
struct grotto_at_scan_query;
struct grotto_whistle;
struct grotto_multibug;      /* grotto/multibug.h */
struct grotto_chest_floor;   /* grotto/chests.h */
struct grotto_item_set;
struct grotto_seconds;

/* An engine's members take what the public function each one stands for
 * takes and answer bad input as it does, in every build and in every
 * engine alike (tests/unit/test_lib_bounds.c): a -1, an empty result or a
 * clamp, as that function's header says. Pointers must not be NULL unless
 * a comment allows it. A member an engine lacks is NULL (legacy has no
 * sweep, AT, multibug or chest timer of its own). */
typedef struct grotto_engine {
    const char *name;            /* "ref", "impl", "legacy": the registry's key */
    /* floor k of seed (grotto_floor); 0, or -1 for k outside 1..16 */
    int (*floor)(uint32_t seed, int k, grotto_floor_t *out);
    /* analysis of a finished floor (grotto_floor_analyse: a floor the
     * rules cannot read gets the empty analysis, reached_count 0) */
    void (*analyse)(const grotto_floor_t *f, grotto_floor_analysis *out);
    /* enemy-list cut of a floor for (env, smr) (grotto_elist: bad input
     * gives the empty cut, env 0) */
    void (*elist)(const grotto_floor_t *f, int env, int smr, grotto_elist_t *out);
    /* whole map for a quality (any quality of a band) and seed; 0 or -1 */
    int (*map)(int quality, uint32_t seed, grotto_map_t *out);
    /* facts of floor k of seed (generates the floor into *floor, which may
     * be NULL); 0, or -1 for k outside 1..16 */
    int (*facts)(uint32_t seed, int k, grotto_floor_t *floor, grotto_floor_facts *out);
    /* The two halves of map(): floors 1..count (1..16) of a seed, which no
     * quality changes, and the map of a quality over them. For every valid
     * (quality, seed): map(q, s) gives the same map as
     * map_from_floors(q, map_floors(s, n)) for any n >= its floor count.
     * Both return 0, or -1 on bad input (map_from_floors also when the map
     * has more floors than were given). */
    int (*map_floors)(uint32_t seed, int count, grotto_map_floors_t *out);
    int (*map_from_floors)(int quality, const grotto_map_floors_t *floors, grotto_map_t *out);
    /* timer value 0..65535 with a base quality 2..248 (rng-and-timer.md
     * §4-§4.2); 0, or -1 (either out of range; out untouched) */
    int (*timer)(uint32_t timer, int base, grotto_timer_value *out);
    /* the engine's own whole-universe sweep (grotto/sweep.h), or NULL when
     * it has none (ref: every item is computed on its own) */
    int (*sweep)(const struct grotto_sweep_request *req, struct grotto_sweep_stats *stats);
    /* the map's name as the tool writes it (map-details.md §4), English
     * (jp = 0) or Japanese (jp = 1); "Unknown" for details without a name;
     * returns the length written (snprintf semantics) */
    int (*map_name)(const grotto_map_details_t *d, int jp, char *buf, size_t size);
    /* The two halves of elist(): elist(f, env, smr) gives the same cut as
     * elist_of_layout(layout terms of f, f->index, env, smr) - the terms
     * that map_floors() gives and grotto_floor_facts keep (W, X, D). */
    void (*elist_of_layout)(const grotto_floor_terms *t, int n, int env, int smr, grotto_elist_t *out);
    /* NULL, or the engine whose floors this one returns unchanged (floor,
     * analyse, facts, map_floors): legacy's are ref's. The universe index
     * then takes the floor facts from its default index (universe/universe.h). */
    const struct grotto_engine *floors_from;
    /* what the engine is, in a few words, for help texts */
    const char *about;
    /* walking cost of a finished floor from its final up to its final down
     * stairs, in half-steps, or GROTTO_WALK_NONE when there is no path
     * (research.md §1; the rules and the unit: grotto/walk.h) */
    uint16_t (*walk)(const grotto_floor_t *f);
    /* research.md §4-§5, as grotto/at.h and grotto/multibug.h define them:
     * grotto_at, grotto_at_pop_of, grotto_at_scan, grotto_whistle_match and
     * grotto_multibug_from_floors (floors: map_floors(seed, 16)) */
    int (*at)(uint32_t seed, struct grotto_at *out);
    int (*at_pop)(uint32_t seed, int zoom, struct grotto_at_pop *out);
    long (*at_scan)(uint32_t seed, const struct grotto_at_scan_query *q, uint32_t *start, size_t cap);
    int (*whistle)(uint32_t seed, const struct grotto_whistle *w);
    int (*multibug)(int quality, const grotto_map_floors_t *floors, struct grotto_multibug *out);
    /* the chest timer (chests.md §3), as grotto/chests.h defines them:
     * grotto_chest_seconds (a floor's contents over a run of seconds) and
     * grotto_chest_hits (the seconds 0..255 that put an item of a set in
     * one chest) */
    int (*chest_seconds)(const struct grotto_chest_floor *f, uint32_t first, uint32_t count,
                         uint8_t (*item)[GROTTO_MAX_CHESTS]);
    int (*chest_hits)(const struct grotto_chest_floor *f, int chest, const struct grotto_item_set *set,
                      struct grotto_seconds *out);
} grotto_engine;

extern const grotto_engine grotto_engine_ref;
extern const grotto_engine grotto_engine_impl;
extern const grotto_engine grotto_engine_legacy;

/* ---- the registry ---- */
/* Every engine, in the order lists name them (ref, impl, legacy), ended by
 * NULL; GROTTO_ENGINE_COUNT of them. */
enum { GROTTO_ENGINE_COUNT = 3 };
extern const grotto_engine *const grotto_engines[GROTTO_ENGINE_COUNT + 1];
/* The engine of that name, or NULL (name NULL or unknown). */
const grotto_engine *grotto_engine_by_name(const char *name);
/* The registry's names for messages and help: "ref, impl or legacy", with
 * `first` (when not NULL, e.g. a command's default) moved to the front:
 * "impl, ref or legacy". Returns the length written (snprintf semantics:
 * buf may be NULL when size is 0). */
int grotto_engine_names(char *buf, size_t size, const grotto_engine *first);

#ifdef __cplusplus
}
#endif

#endif
