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

int cli_location_text(int no, int flags, char *buf, size_t size)
{
    if (no < 1 || no > GT_LOCATION_COUNT)
        return snprintf(buf, size, "??");
    const struct gt_location *l = &gt_location[no];
    char area[160];
    if (flags & CLI_LOC_BOTH)
        snprintf(area, sizeof area, "%s / %s", l->region_en, l->region_jp);
    else
        snprintf(area, sizeof area, "%s", (flags & CLI_LOC_JP) ? l->region_jp : l->region_en);
    const char *note = (flags & CLI_LOC_JP) && !(flags & CLI_LOC_BOTH) ? l->note_jp : l->note_en;
    int with_note = (flags & CLI_LOC_NOTE) && note;
    return snprintf(buf, size, "%02X %s %s%s%s%s%s", no, area, l->mark, reach_note(l), with_note ? " [note: " : "",
                    with_note ? note : "", with_note ? "]" : "");
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
        if (l->note_en)
            jw_str(w, "note_en", l->note_en);
        else
            jw_null(w, "note_en");
        if (l->note_jp)
            jw_str(w, "note_jp", l->note_jp);
        else
            jw_null(w, "note_jp");
    }
    jw_end_obj(w);
}

void cli_location_help(FILE *out)
{
    fprintf(out, "locations are written as the community does: two hex digits, 01..%02X (72 = location\n"
                 "114). A map's location is drawn, by its final quality, among\n ",
            GT_LOCATION_COUNT);
    for (int i = 0; i < GT_LOCATION_BAND_COUNT; i++)
        fprintf(out, "%s %u (quality %u..%u)", i ? "," : "", gt_location_bands[i].locations,
                gt_location_bands[i].qmin, gt_location_bands[i].qmax);
    fprintf(out,
            ".\nEach is shown with its overworld area (English / Japanese) and the monster mark, how\n"
            "often a wandering monster bumps into a player standing still at the entrance:\n"
            "  \u25ce none appear there  \u25ef never  \u25b3 occasionally  \u00d7 yes\n"
            "and where the table says so: (no direct Starflight) the Starflight Express cannot\n"
            "land there (a detour is needed), (ship only), (Starflight only); [note: ...] is the\n"
            "community's note, verbatim (timings such as '4.81s (3rd)' are unexplained there).\n");
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
