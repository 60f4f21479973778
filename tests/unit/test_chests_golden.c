/* The chest-timer layer against the community tool's own answer
 * (corpus/golden/searcher/issue21-chests.jsonl, produced by running the
 * tool under node, corpus/README.md): Lucida shard quickload in band DD -
 * two or more chests of B3F or of B4F hold it at t = 1 (Solo) or t = 2
 * (Party) - over every seed the tool lists (never-listed.json excluded).
 * Both engines, through their own maps and chest_hits, must find the tool's
 * 56 maps and the floor each is shown at, and nothing else. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/chests.h"
#include "grotto/engine.h"
#include "grotto/tables.h"
#include "corpus.h"

enum { BAND_DD = 11, SOLO = 1, PARTY = 2 };

typedef struct golden {
    int hits;
    uint8_t listed[GROTTO_SEED_COUNT];     /* 0 for never-listed seeds */
    uint8_t first_floor[GROTTO_SEED_COUNT]; /* 0: not a hit */
} golden;

static void read_line(const json_t *line, void *ctx)
{
    golden *g = ctx;
    if (strcmp(jstr(line, "id"), "DD-ql-lucida-shard"))
        return;
    const json_t *maps = json_object_get(line, "maps"), *first = json_object_get(line, "first_floor");
    g->hits = (int)jint(line, "hits");
    cr_assert_eq(json_array_size(maps), (size_t)g->hits);
    for (size_t i = 0; i < json_array_size(maps); i++) {
        const char *id = json_string_value(json_array_get(maps, i));
        cr_assert(strlen(id) == 6 && !strncmp(id, "DD", 2), "%s", id);
        unsigned long seed = strtoul(id + 2, NULL, 16);
        cr_assert_leq(seed, GROTTO_SEED_MAX);
        g->first_floor[seed] = (uint8_t)jint(first, id);
    }
}

static void load(golden *g)
{
    memset(g, 0, sizeof *g);
    cr_assert_eq(corpus_each_line("golden/searcher/issue21-chests.jsonl", read_line, g), 52); /* this one and the others of test_universe_chest_search */
    cr_assert_eq(g->hits, 56, "research.md's published count");
    size_t len;
    uint8_t *text = corpus_read("golden/searcher/never-listed.json", &len);
    cr_assert_not_null(text);
    char *z = malloc(len + 1);
    memcpy(z, text, len);
    z[len] = 0;
    json_t *j = jparse(z);
    cr_assert_not_null(j);
    memset(g->listed, 1, sizeof g->listed);
    const json_t *bands = json_object_get(j, "bands");
    int found = 0;
    for (size_t b = 0; b < json_array_size(bands); b++) {
        const json_t *e = json_array_get(bands, b);
        if (strcmp(jstr(e, "band"), "DD"))
            continue;
        const json_t *seeds = json_object_get(e, "seeds");
        for (size_t i = 0; i < json_array_size(seeds); i++)
            g->listed[strtoul(json_string_value(json_array_get(seeds, i)), NULL, 16)] = 0;
        found = (int)json_array_size(seeds);
    }
    cr_assert_eq(found, 302, "band DD's never-listed seeds");
    json_decref(j);
    free(z);
    free(text);
}

/* The floor (3 or 4) where Solo or Party finds two chests of the set, or 0. */
static int quickload_floor(const grotto_engine *e, const grotto_map_t *m, const grotto_item_set *set)
{
    for (int n = 3; n <= 4 && n <= m->d.floors; n++) {
        grotto_chest_floor f;
        cr_assert_eq(grotto_chest_floor_of(m, n, &f), 0);
        int at[3] = {0, 0, 0};
        for (int c = 0; c < f.count; c++) {
            grotto_seconds s;
            cr_assert_eq(e->chest_hits(&f, c, set, &s), 0);
            for (int t = SOLO; t <= PARTY; t++)
                at[t] += grotto_seconds_has(&s, (unsigned)t);
        }
        if (at[SOLO] >= 2 || at[PARTY] >= 2)
            return n;
    }
    return 0;
}

static void check_engine(const grotto_engine *e)
{
    static golden g;
    load(&g);
    grotto_item_set set;
    cr_assert_eq(grotto_item_set_by_name("Lucida shard", &set), 1);
    int hits = 0, wrong = 0;
    for (uint32_t seed = 0; seed <= GROTTO_SEED_MAX; seed++) {
        if (!g.listed[seed])
            continue;
        grotto_map_floors_t fl;
        grotto_map_t m;
        cr_assert_eq(e->map_floors(seed, GROTTO_MAX_FLOORS, &fl), 0);
        cr_assert_eq(e->map_from_floors(gt_band[BAND_DD].code, &fl, &m), 0);
        int n = m.d.floors >= 3 ? quickload_floor(e, &m, &set) : 0;
        hits += n != 0;
        if (n != g.first_floor[seed] && wrong++ < 5)
            cr_log_error("%s: DD%04X: floor %d, the tool %d", e->name, seed, n, g.first_floor[seed]);
    }
    cr_expect_eq(wrong, 0, "%s: %d maps differ from the tool's", e->name, wrong);
    cr_expect_eq(hits, 56, "%s", e->name);
}

Test(chests_golden, lucida_shard_quickload_dd_ref)
{
    check_engine(&grotto_engine_ref);
}

Test(chests_golden, lucida_shard_quickload_dd_impl)
{
    check_engine(&grotto_engine_impl);
}
