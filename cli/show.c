/* Text pieces the map, floor, timer and seeds renderers share (show.h),
 * each reading only the result value. */
#include <stdarg.h>
#include <string.h>

#include "grotto/tables.h"
#include "show.h"

void show_xy(const json_t *xy, char *buf, size_t size)
{
    snprintf(buf, size, "(%lld,%lld)", (long long)json_integer_value(json_array_get(xy, 0)),
             (long long)json_integer_value(json_array_get(xy, 1)));
}

static const char *reach_note(const json_t *l)
{
    if (res_get_bool(l, "ship_only"))
        return " (ship only)";
    if (res_get_bool(l, "starflight_only"))
        return " (Starflight only)";
    if (res_has(l, "starflight_direct") && !res_get_bool(l, "starflight_direct"))
        return " (no direct Starflight)";
    return "";
}

void show_location(const json_t *l, int flags, char *buf, size_t size)
{
    if (!res_has(l, "area_en")) {
        snprintf(buf, size, "??");
        return;
    }
    char area[192];
    if (flags & SHOW_LOC_BOTH)
        snprintf(area, sizeof area, "%s / %s", res_get_str(l, "area_en"), res_get_str(l, "area_jp"));
    else
        snprintf(area, sizeof area, "%s", res_get_str(l, "area_en"));
    int note = (flags & SHOW_LOC_NOTE) && res_has(l, "note_en");
    snprintf(buf, size, "%s %s %s%s%s%s%s", res_get_str(l, "hex"), area, res_get_str(l, "monster_mark"),
             reach_note(l), note ? " [note: " : "", note ? res_get_str(l, "note_en") : "", note ? "]" : "");
}

void show_places(const json_t *places, const char *indent)
{
    for (size_t i = 0; i < json_array_size(places); i++) {
        const json_t *p = json_array_get(places, i);
        char loc[320], who[32], bases[32], prefix[96];
        show_location(json_object_get(p, "location_info"), SHOW_LOC_BOTH | SHOW_LOC_NOTE, loc, sizeof loc);
        if (!strcmp(res_get_str(p, "source"), "quest15"))
            snprintf(who, sizeof who, "quest 15");
        else
            snprintf(who, sizeof who, "timer %5lld", res_get_int(p, "timer"));
        long long lo = res_get_int(p, "base_min"), hi = res_get_int(p, "base_max");
        if (lo == hi)
            snprintf(bases, sizeof bases, "base  %3lld", lo);
        else
            snprintf(bases, sizeof bases, "bases %3lld..%lld", lo, hi);
        snprintf(prefix, sizeof prefix, "%s%-11s  %-15s ", indent, who, bases);
        cli_wrap(stdout, prefix, loc, " ", (int)strlen(prefix));
    }
}

void show_location_help(FILE *out)
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

static void append(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t size, const char *fmt, ...)
{
    size_t l = strlen(buf);
    if (l >= size)
        return;
    if (l)
        snprintf(buf + l, size - l, "; "), l = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + l, size - l, fmt, ap);
    va_end(ap);
}

static void chamber_anomalies(const json_t *chambers, char *buf, size_t size)
{
    size_t n = json_array_size(chambers);
    for (size_t i = 0; i < n && i < 4; i++) { /* where each sealed pocket starts, and its size */
        const json_t *c = json_array_get(chambers, i);
        char at[32];
        show_xy(json_object_get(c, "first"), at, sizeof at);
        long long tiles = res_get_int(c, "size");
        append(buf, size, "chamber at %s, %lld tile%s", at, tiles, tiles > 1 ? "s" : "");
    }
    if (n > 4)
        append(buf, size, "%zu more chambers", n - 4);
}

void show_anomalies(const json_t *f, char *buf, size_t size)
{
    const json_t *a = json_object_get(f, "anomalies"), *sl = json_object_get(a, "softlock");
    const json_t *chests = json_object_get(f, "chests");
    size_t ghosts = json_array_size(json_object_get(a, "ghost_stairs"));
    buf[0] = 0;
    if (res_get_bool(f, "overflow"))
        append(buf, size, "STAIR OVERFLOW");
    if (res_get_bool(f, "overflow") && res_get_bool(sl, "up_next_to_chest") && res_get_bool(sl, "down_cut"))
        append(buf, size, "SOFTLOCK: down stairs cut off (see the report)");
    if (ghosts)
        append(buf, size, "%zu ghost stair%s", ghosts, ghosts > 1 ? "s" : "");
    for (size_t i = 0; i < json_array_size(chests); i++) {
        const json_t *c = json_array_get(chests, i);
        char at[32];
        show_xy(json_object_get(c, "pos"), at, sizeof at);
        if (!res_get_bool(c, "reachable"))
            append(buf, size, "chest %zu %s unreachable", i + 1, at);
    }
    if (res_get_bool(a, "down_unreachable"))
        append(buf, size, "down stairs unreachable");
    chamber_anomalies(json_object_get(a, "chambers"), buf, size);
    if (!buf[0])
        snprintf(buf, size, "-");
}

void show_softlock(const json_t *f)
{
    const json_t *sl = res_at(f, "anomalies.softlock");
    char up[32], down[32];
    show_xy(json_object_get(f, "up"), up, sizeof up);
    show_xy(json_object_get(f, "down"), down, sizeof down);
    printf("B%lldF softlock report (the pattern of the softlock floors seen on the console, 5BC3 B4F\n"
           "  and 5BC4 B3F): stair placement entered overflow mode; the final up stairs %s\n"
           "  %s.\n",
           res_get_int(f, "floor"), up, res_get_bool(sl, "up_next_to_chest") ? "touch a chest" : "touch no chest");
    printf("  With chests solid, %lld tiles are reachable from the up stairs and %lld walkable tiles lie\n"
           "  on the other side; the down stairs %s are %s.\n",
           res_get_int(sl, "near"), res_get_int(sl, "far"), down, res_get_bool(sl, "down_cut") ? "CUT OFF" : "reachable");
}

/* "20%", or "4.4%" below 10%; "*" / "chest" for a trapped chest. */
static void share(const json_t *m, int compact, char *buf, size_t size)
{
    if (res_get_bool(m, "trapped_chest")) {
        snprintf(buf, size, compact ? "*" : "chest");
        return;
    }
    double p = res_get_int(json_object_get(m, "spawn"), "weight") * 100.0 / 32768.0;
    snprintf(buf, size, p < 9.95 ? "%s%.1f%%" : "%s%.0f%%", compact ? " " : "", p);
}

void show_monsters_line(const json_t *f, char *buf, size_t size)
{
    const json_t *ms = json_object_get(f, "monsters");
    long long kept = res_get_int(json_object_get(f, "elist"), "survivors");
    size_t l = 0;
    buf[0] = 0;
    for (size_t j = 0; j < json_array_size(ms) && l < size; j++) {
        const json_t *m = json_array_get(ms, j);
        const char *sep = j == 0 ? (kept == 0 ? "cut: " : "") : (long long)j == kept ? " | cut: " : ", ";
        char s[16];
        share(m, 1, s, sizeof s);
        l += (size_t)snprintf(buf + l, size - l, "%s%s%s", sep, res_get_str(m, "name_en"), s);
    }
}

void show_monsters_block(const json_t *f)
{
    const json_t *ms = json_object_get(f, "monsters"), *e = json_object_get(f, "elist");
    long long kept = res_get_int(e, "survivors");
    size_t n = json_array_size(ms);
    printf("monsters: %s list of floor monster rank %lld, %lld of %zu records fit in memory%s:\n",
           res_get_str(e, "env_en"), res_get_int(e, "monster_rank"), kept, n,
           kept < (long long)n ? " ([cut] = never appears)" : "");
    for (size_t j = 0; j < n; j++) {
        const json_t *m = json_array_get(ms, j);
        char s[16];
        share(m, 0, s, sizeof s);
        printf("  %s  %5s  %s / %s%s\n", res_get_str(m, "id"), s, res_get_str(m, "name_en"), res_get_str(m, "name_jp"),
               res_get_bool(m, "kept") ? "" : "  [cut]");
    }
}

void show_monsters_help(FILE *out)
{
    fprintf(out,
            "monsters: the floor's enemy list (by environment and floor monster rank) in memory\n"
            "order, ascending monster number, with each wandering monster's spawn share (its\n"
            "window of the 0..32767 spawn draw, as the uncut table gives it; how a cut changes the\n"
            "shares is not known).\n"
            "* or 'chest': a trapped-chest monster (%s %s, %s %s, %s %s)\n"
            "that fights from a chest and never wanders. The records are kept from the first one\n"
            "while they fit in memory: the ones after '| cut:' (map) or marked [cut] (floor) do\n"
            "not fit and never appear; a cut trapped chest opens without a fight. The words:\n"
            "'grotto help terms'.\n",
            gt_monsters[GT_MONSTER_026].id, gt_monsters[GT_MONSTER_026].en, gt_monsters[GT_MONSTER_027].id,
            gt_monsters[GT_MONSTER_027].en, gt_monsters[GT_MONSTER_028].id, gt_monsters[GT_MONSTER_028].en);
}

void show_engine_note(const json_t *doc)
{
    if (!strcmp(res_get_str(doc, "engine"), "legacy"))
        printf("enemy lists, ElistOfs and states: the LEGACY Windows tool's model (--engine legacy), not\n"
               "the game's: it ignored Flag0 tiles and its passage count wrapped at 256\n");
}
