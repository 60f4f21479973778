/* Entrance locations (locations.json -> gt_location[]): text, JSON and the
 * --location argument. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/tables.h"
#include "location.h"

/* locations.json 'meaning': how often a wandering monster bumps into a
 * player standing still at the entrance, by mark. */
static const char *const BUMP[4] = {"none appear", "never", "occasionally", "yes"};

static const char *reach_note(const struct gt_location *l)
{
    if (l->ship_only)
        return " (ship only)";
    if (l->starflight_only)
        return " (Starflight only)";
    if (!l->starflight_direct)
        return " (no direct Starflight)";
    return "";
}

int cli_location_text(int no, int jp, char *buf, size_t size)
{
    if (no < 1 || no > GT_LOCATION_COUNT)
        return snprintf(buf, size, "??");
    const struct gt_location *l = &gt_location[no];
    return snprintf(buf, size, "%02X %s %s%s", no, jp ? l->region_jp : l->region_en, l->mark, reach_note(l));
}

void cli_json_location(jw *w, const char *key, int no)
{
    jw_obj(w, key);
    jw_int(w, "number", no);
    char hex[8];
    snprintf(hex, sizeof hex, "%02X", (unsigned)no & 0xFF);
    jw_str(w, "hex", hex);
    if (no >= 1 && no <= GT_LOCATION_COUNT) {
        const struct gt_location *l = &gt_location[no];
        jw_str(w, "area_en", l->region_en);
        jw_str(w, "area_jp", l->region_jp);
        jw_str(w, "monster_mark", l->mark);
        jw_str(w, "monster_bump", BUMP[l->monster_mark & 3]);
        jw_bool(w, "starflight_direct", l->starflight_direct);
        jw_bool(w, "ship_only", l->ship_only);
        jw_bool(w, "starflight_only", l->starflight_only);
    }
    jw_end_obj(w);
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

int cli_location_parse(const char *cmd, const char *text, uint8_t set[GROTTO_LOCATION_SET_BYTES])
{
    memset(set, 0, GROTTO_LOCATION_SET_BYTES);
    long no = -1;
    size_t n = strlen(text);
    if (n == 2 && all_of(text, isxdigit))
        no = strtol(text, NULL, 16);
    else if (n > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && n <= 4 && all_of(text + 2, isxdigit))
        no = strtol(text + 2, NULL, 16);
    else if ((n == 1 || n == 3) && all_of(text, isdigit))
        no = strtol(text, NULL, 10);
    if (no >= 0) {
        if (no < 1 || no > GT_LOCATION_COUNT) {
            cli_error(cmd, "location '%s' is %ld, outside 1..150 (hex 01..96)", text, no);
            return -1;
        }
        set[no / 8] |= (uint8_t)(1u << (no % 8));
        return 1;
    }
    int count = 0;
    for (int i = 1; i <= GT_LOCATION_COUNT; i++)
        if (cli_same_text(text, gt_location[i].region_en) || cli_same_text(text, gt_location[i].region_jp)) {
            set[i / 8] |= (uint8_t)(1u << (i % 8));
            count++;
        }
    if (!count) {
        cli_error(cmd,
                  "unknown location '%s': expected two hex digits as the community writes them (72 = 114), "
                  "0x72, a decimal 1..150 written with 1 or 3 digits (5, 072, 114), or an area name such as "
                  "'Angel Falls'",
                  text);
        return -1;
    }
    return count;
}
