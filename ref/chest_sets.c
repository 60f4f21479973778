/* The building blocks of the chest-timer searches (research.md §3,
 * grotto/chests.h): sets of items named as the tool names them, the chest
 * numbers players use. Tables: gt_item_name
 * (items.json), gt_item_group (chest-groups.json). */
#include <string.h>
#include <strings.h>

#include "grotto/chests.h"
#include "grotto/tables.h"

/* The tool matches contents by English name: a name is every item number
 * that carries it (items.json: numbers that share an English name share the
 * Japanese one too). English any case (ASCII), Japanese exactly. */
static int same_name(const char *name, const char *en, const char *jp)
{
    return (en && strcasecmp(name, en) == 0) || (jp && strcmp(name, jp) == 0);
}

static int set_size(const grotto_item_set *s)
{
    int n = 0;
    for (unsigned i = 0; i < GROTTO_ITEM_SLOTS; i++)
        n += grotto_item_set_has(s, i);
    return n;
}

int grotto_item_set_by_name(const char *name, grotto_item_set *out)
{
    memset(out, 0, sizeof *out);
    if (!name)
        return -1;
    for (int k = 0; k < GT_ITEM_COUNT; k++)
        if (same_name(name, gt_item_name[k].en, gt_item_name[k].jp))
            grotto_item_set_add(out, (unsigned)k);
    for (int g = 0; g < GT_ITEM_GROUP_COUNT; g++)
        if (same_name(name, gt_item_group[g].en, gt_item_group[g].jp))
            for (int i = 0; i < gt_item_group[g].count; i++)
                grotto_item_set_add(out, gt_item_group[g].item[i]);
    int n = set_size(out);
    return n > 0 ? n : -1;
}

/* chests.md §1: chest k is the k-th placed, index k - 1. */
unsigned grotto_chest_pick_mask(grotto_chest_pick pick, int count)
{
    if (count < 0 || count > GROTTO_MAX_CHESTS)
        return 0;
    unsigned all = (1u << count) - 1u;
    switch (pick) {
    case GROTTO_CHEST_ANY:
        return all;
    case GROTTO_CHEST_1:
    case GROTTO_CHEST_2:
    case GROTTO_CHEST_3:
        return all & 1u << (pick - GROTTO_CHEST_1);
    case GROTTO_CHEST_NOT_3:
        return all & ~(1u << 2);
    default:
        return 0;
    }
}
