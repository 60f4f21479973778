/* Entrance locations (locations.json -> gt_location[]): the location_info
 * object and the --location argument's set (lookup.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lookup.h"

/* locations.json 'meaning': how often a wandering monster bumps into a
 * player standing still at the entrance, by mark. */
static const char *const BUMP[4] = {"none appear", "never", "occasionally", "yes"};

json_t *lookup_location(int no)
{
    json_t *o = json_object();
    res_int(o, "number", no);
    char hex[8];
    snprintf(hex, sizeof hex, "%02X", (unsigned)no & 0xFF);
    res_str(o, "hex", hex);
    if (no < 1 || no > GT_LOCATION_COUNT)
        return o;
    const struct gt_location *l = &gt_location[no];
    res_str(o, "area_en", l->region_en);
    res_str(o, "area_jp", l->region_jp);
    res_str(o, "monster_mark", l->mark);
    res_str(o, "monster_bump", BUMP[l->monster_mark & 3]);
    res_bool(o, "starflight_direct", l->starflight_direct);
    res_bool(o, "ship_only", l->ship_only);
    res_bool(o, "starflight_only", l->starflight_only);
    res_str(o, "note_en", l->note_en);
    res_str(o, "note_jp", l->note_jp);
    return o;
}

int lookup_same_text(const char *a, const char *b)
{
    while (*a == ' ' || *a == '\t')
        a++;
    size_t n = strlen(a);
    while (n && (a[n - 1] == ' ' || a[n - 1] == '\t'))
        n--;
    if (strlen(b) != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return 0;
    return 1;
}

static int all_of(const char *s, int (*cls)(int))
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!cls((unsigned char)*s))
            return 0;
    return 1;
}

/* The location number the text writes, or -1 when it is not a number. */
static long location_number(const char *text)
{
    size_t n = strlen(text);
    if (n == 2 && all_of(text, isxdigit))
        return strtol(text, NULL, 16);
    if (n > 2 && n <= 4 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && all_of(text + 2, isxdigit))
        return strtol(text + 2, NULL, 16);
    if ((n == 1 || n == 3) && all_of(text, isdigit))
        return strtol(text, NULL, 10);
    return -1;
}

int lookup_location_set(const char *text, uint8_t set[LOOKUP_LOCATION_SET_BYTES])
{
    memset(set, 0, LOOKUP_LOCATION_SET_BYTES);
    long no = location_number(text);
    if (no >= 0) {
        if (no < 1 || no > GT_LOCATION_COUNT)
            return -1;
        set[no / 8] |= (uint8_t)(1u << (no % 8));
        return 1;
    }
    int count = 0;
    for (int i = 1; i <= GT_LOCATION_COUNT; i++)
        if (lookup_same_text(text, gt_location[i].region_en) || lookup_same_text(text, gt_location[i].region_jp)) {
            set[i / 8] |= (uint8_t)(1u << (i % 8));
            count++;
        }
    return count;
}
