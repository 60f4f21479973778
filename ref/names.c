/* Map names exactly as the tool writes them: map-details.md §4.
 * Words: tools/tables/names.json (gt_prefix_name, gt_suffix_name,
 * gt_locale_name), UTF-8. */
#include <stdio.h>

#include "grotto/map.h"
#include "grotto/tables.h"

/* map-details.md §2: invalid maps have no details; the tool's name for them
 * is "Unknown". */
static const char UNKNOWN[] = "Unknown";

static int names_valid(const grotto_map_details_t *d)
{
    return d->prefix >= 1 && d->prefix <= GT_PREFIX_NAMES &&
           d->suffix >= 1 && d->suffix <= GT_SUFFIX_NAMES &&
           d->locale >= 1 && d->locale <= GT_LOCALE_NAMES;
}

/* map-details.md §4, English: "P L of S Lv.N" (no space after "Lv."). */
int grotto_map_name_en(const grotto_map_details_t *d, char *buf, size_t size)
{
    if (!names_valid(d))
        return snprintf(buf, size, "%s", UNKNOWN);
    return snprintf(buf, size, "%s %s of %s Lv.%d",
                    gt_prefix_name[d->prefix].en, gt_locale_name[d->locale].en,
                    gt_suffix_name[d->suffix].en, (int)d->level);
}

/* map-details.md §4, Japanese: P S "の" L "Lv" N, no spaces, no period.
 * "の" is U+306E, UTF-8 E3 81 AE. */
int grotto_map_name_jp(const grotto_map_details_t *d, char *buf, size_t size)
{
    if (!names_valid(d))
        return snprintf(buf, size, "%s", UNKNOWN);
    return snprintf(buf, size, "%s%s\xE3\x81\xAE%sLv%d",
                    gt_prefix_name[d->prefix].jp, gt_suffix_name[d->suffix].jp,
                    gt_locale_name[d->locale].jp, (int)d->level);
}
