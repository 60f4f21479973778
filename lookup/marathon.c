/* grotto chest RRSSSS all FIRST..LAST (lookup.h): the marathon table -
 * every chest of every floor of a map against the chest timer's second, in
 * one table (research.md §3), as the community tool's marathon view shows
 * it: the chests kept by a rank filter (all, S-A: ranks 9..10, A-B: ranks
 * 8..9), and the items it highlights (by default the tool's list: Sainted
 * soma, the S weapons, Ethereal stone, the metal slime equipment, the
 * Millionaire items, Lucida shard, Dangerous bustier, Fuddle bow) marked.
 * Seconds streamed as "seconds", each also as the stopwatch reads it. */
#include <string.h>

#include "grotto/chests.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "lookup.h"

const char *const LOOKUP_MARATHON_HIGHLIGHT[] = {"Sainted soma", "S weapon",     "Ethereal stone",    "Metal Slime Equips",
                                                 "Millionaire",  "Lucida shard", "Dangerous bustier", "Fuddle bow",
                                                 NULL};

static int rank_kept(int filter, int rank)
{
    return filter == LOOKUP_RANKS_SA ? rank >= 9 : filter == LOOKUP_RANKS_AB ? rank == 9 || rank == 8 : 1;
}

typedef struct marathon_floor {
    int n, count;
    uint8_t rank[GROTTO_MAX_CHESTS];
    uint8_t kept[GROTTO_MAX_CHESTS];
} marathon_floor;

int lookup_marathon(const lookup_marathon_args *a, res_run *r)
{
    grotto_map_details_t d;
    grotto_map_details(a->map.quality, a->map.seed, &d);
    marathon_floor fl[GROTTO_MAX_FLOORS];
    char id[8];
    lookup_map_id(a->map, id);
    r->doc = res_doc();
    res_str(r->doc, "map", id);
    res_int(r->doc, "floor_count", d.floors);
    static const char *const RANKS[] = {"all", "S-A", "A-B"};
    res_str(r->doc, "ranks", RANKS[a->ranks]);
    json_t *hl = res_arr(r->doc, "highlight");
    for (int i = 0; i < a->highlights; i++)
        res_push(hl, res_string(a->highlight_name[i]));
    res_int(r->doc, "first", (long long)a->when.first);
    res_int(r->doc, "last", (long long)a->when.last);
    json_t *chests = res_arr(r->doc, "chests");
    int columns = 0;
    for (int n = 1; n <= d.floors; n++) {
        marathon_floor *f = &fl[n - 1];
        grotto_floor_t g;
        grotto_floor(a->map.seed, n, &g);
        f->n = n;
        f->count = g.chest_count;
        if (f->count)
            grotto_chest_ranks(a->map.seed, n, d.smr, f->count, f->rank);
        for (int i = 0; i < f->count; i++) {
            f->kept[i] = (uint8_t)rank_kept(a->ranks, f->rank[i]);
            if (!f->kept[i])
                continue;
            char letter[2] = {gt_chest_tables[f->rank[i]].letter, 0};
            json_t *o = json_object();
            res_int(o, "floor", n);
            res_int(o, "chest", i + 1);
            res_set(o, "pos", res_xy(g.chest[i].x, g.chest[i].y));
            res_int(o, "rank", f->rank[i]);
            res_str(o, "letter", letter);
            res_push(chests, o);
            columns++;
        }
    }
    res_int(r->doc, "count", columns ? (long long)(a->when.last - a->when.first + 1) : 0);
    res_head(r, "seconds");
    for (uint64_t t = a->when.first; columns && t <= a->when.last; t++) {
        json_t *s = json_object();
        res_int(s, "second", (long long)t);
        res_int(s, "stopwatch", (long long)t + GROTTO_STOPWATCH_OFFSET);
        json_t *items = res_arr(s, "items");
        for (int n = 1; n <= d.floors; n++) {
            const marathon_floor *f = &fl[n - 1];
            uint8_t item[GROTTO_MAX_CHESTS] = {0};
            if (f->count)
                grotto_chest_contents(a->map.seed, n, (uint32_t)t, f->count, f->rank, item);
            for (int i = 0; i < f->count; i++) {
                if (!f->kept[i])
                    continue;
                json_t *o = json_object();
                res_int(o, "item", item[i]);
                res_str(o, "name_en", gt_item_name[item[i]].en);
                res_str(o, "name_jp", gt_item_name[item[i]].jp);
                res_bool(o, "highlight", grotto_item_set_has(&a->highlight, item[i]));
                res_push(items, o);
            }
        }
        res_item(r, s);
    }
    return RES_OK;
}
