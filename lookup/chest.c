/* grotto chest's run (lookup.h): a floor's chests and their contents at one
 * second, or over a range of seconds (streamed as "seconds"), optionally
 * only the seconds in which a chest holds an item. Seconds are the chest
 * timer's (internal); "stopwatch" is what a player's stopwatch reads,
 * GROTTO_STOPWATCH_OFFSET more. */
#include <string.h>

#include "grotto/chests.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "lookup.h"

typedef struct chest_floor {
    uint32_t seed;
    int n, count;
    grotto_xy pos[GROTTO_MAX_CHESTS];
    uint8_t rank[GROTTO_MAX_CHESTS];
} chest_floor;

int lookup_item_filter_of(const char *name, lookup_item_filter *out)
{
    out->first = -1;
    memset(out->match, 0, sizeof out->match);
    for (int i = GT_ITEM_COUNT - 1; i >= 0; i--)
        if (lookup_same_text(name, gt_item_name[i].en) || lookup_same_text(name, gt_item_name[i].jp))
            out->match[i] = 1, out->first = i;
    return out->first < 0 ? -1 : 0;
}

static int rank_holds(int rank, const lookup_item_filter *q)
{
    const struct gt_chest_table *t = &gt_chest_tables[rank];
    for (int i = 0; i < t->count; i++)
        if (q->match[t->entry[i].item])
            return 1;
    return 0;
}

static void contents(const chest_floor *c, uint64_t t, uint8_t item[GROTTO_MAX_CHESTS])
{
    memset(item, 0, GROTTO_MAX_CHESTS);
    grotto_chest_contents(c->seed, c->n, (uint32_t)t, c->count, c->rank, item);
}

static int listed(const chest_floor *c, const lookup_item_filter *q, const uint8_t item[GROTTO_MAX_CHESTS])
{
    if (q->first < 0)
        return 1;
    for (int i = 0; i < c->count; i++)
        if (q->match[item[i]])
            return 1;
    return 0;
}

static json_t *item_value(int item)
{
    json_t *o = json_object();
    res_int(o, "item", item);
    res_str(o, "name_en", gt_item_name[item].en);
    res_str(o, "name_jp", gt_item_name[item].jp);
    return o;
}

/* "chests": position and rank, and with the contents the item. */
static void chests(json_t *doc, const chest_floor *c, const uint8_t *item)
{
    json_t *a = res_arr(doc, "chests");
    for (int i = 0; i < c->count; i++) {
        char letter[2] = {gt_chest_tables[c->rank[i]].letter, 0};
        json_t *o = json_object();
        res_set(o, "pos", res_xy(c->pos[i].x, c->pos[i].y));
        res_int(o, "rank", c->rank[i]);
        res_str(o, "letter", letter);
        if (item) {
            res_int(o, "item", item[i]);
            res_str(o, "name_en", gt_item_name[item[i]].en);
            res_str(o, "name_jp", gt_item_name[item[i]].jp);
        }
        res_push(a, o);
    }
}

static json_t *second_value(const chest_floor *c, uint64_t t, const uint8_t *item)
{
    json_t *o = json_object();
    res_int(o, "second", (long long)t);
    res_int(o, "stopwatch", (long long)t + GROTTO_STOPWATCH_OFFSET);
    json_t *items = res_arr(o, "items");
    for (int i = 0; i < c->count; i++)
        res_push(items, item_value(item[i]));
    return o;
}

/* Counts the listed seconds and, per chest, those in which it holds the item. */
static uint64_t count_seconds(const chest_floor *c, const lookup_chest_args *a, uint64_t per[GROTTO_MAX_CHESTS])
{
    uint64_t n = 0;
    memset(per, 0, GROTTO_MAX_CHESTS * sizeof *per);
    for (uint64_t t = a->when.first; t <= a->when.last; t++) {
        uint8_t item[GROTTO_MAX_CHESTS];
        contents(c, t, item);
        if (!listed(c, &a->item, item))
            continue;
        n++;
        for (int i = 0; i < c->count; i++)
            per[i] += a->item.match[item[i]];
    }
    return n;
}

static void item_filter(json_t *doc, const chest_floor *c, const lookup_chest_args *a, int possible,
                        const uint64_t *per)
{
    const lookup_item_filter *q = &a->item;
    if (q->first < 0) {
        res_null(doc, "item_filter");
        return;
    }
    json_t *f = res_obj(doc, "item_filter");
    res_str(f, "name_en", gt_item_name[q->first].en);
    res_str(f, "name_jp", gt_item_name[q->first].jp);
    json_t *items = res_arr(f, "items");
    for (int i = 0; i < GT_ITEM_COUNT; i++)
        if (q->match[i])
            res_push_int(items, i);
    res_bool(f, "possible", possible);
    json_t *letters = res_arr(f, "rank_letters");
    for (int rank = GT_CHEST_RANKS; rank >= 1; rank--)
        if (rank_holds(rank, q)) {
            char letter[2] = {gt_chest_tables[rank].letter, 0};
            res_push(letters, res_string(letter));
        }
    json_t *pc = res_arr(f, "per_chest");
    for (int i = 0; i < c->count; i++)
        res_push_int(pc, possible ? (long long)per[i] : 0);
}

static int range(const chest_floor *c, const lookup_chest_args *a, res_run *r)
{
    int possible = 0;
    for (int i = 0; i < c->count; i++)
        possible |= a->item.first < 0 || rank_holds(c->rank[i], &a->item);
    uint64_t per[GROTTO_MAX_CHESTS] = {0};
    uint64_t n = possible ? count_seconds(c, a, per) : 0;
    res_int(r->doc, "first", (long long)a->when.first);
    res_int(r->doc, "last", (long long)a->when.last);
    chests(r->doc, c, NULL);
    item_filter(r->doc, c, a, possible, per);
    res_int(r->doc, "count", (long long)n);
    res_head(r, "seconds");
    for (uint64_t t = a->when.first; possible && t <= a->when.last; t++) {
        uint8_t item[GROTTO_MAX_CHESTS];
        contents(c, t, item);
        if (listed(c, &a->item, item))
            res_item(r, second_value(c, t, item));
    }
    return RES_OK;
}

int lookup_chest(const lookup_chest_args *a, res_run *r)
{
    grotto_map_details_t d;
    grotto_map_details(a->map.quality, a->map.seed, &d);
    chest_floor c = {.seed = a->map.seed, .n = a->floor};
    grotto_floor_t f;
    grotto_floor(c.seed, c.n, &f);
    c.count = f.chest_count;
    memcpy(c.pos, f.chest, sizeof c.pos);
    if (c.count)
        grotto_chest_ranks(c.seed, c.n, d.smr, c.count, c.rank);
    char id[8];
    lookup_map_id(a->map, id);
    r->doc = res_doc();
    res_str(r->doc, "map", id);
    res_int(r->doc, "floor", c.n);
    if (a->when.range)
        return range(&c, a, r);
    uint8_t item[GROTTO_MAX_CHESTS];
    contents(&c, a->when.first, item);
    res_int(r->doc, "second", (long long)a->when.first);
    res_int(r->doc, "stopwatch", (long long)a->when.first + GROTTO_STOPWATCH_OFFSET);
    chests(r->doc, &c, item);
    return RES_OK;
}
