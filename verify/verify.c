/* Verification of hardware captures against an engine (hardware.md
 * "Capture files"): one function per kind, every comparison recorded as a
 * difference with both values as text. Every expectation comes from the
 * engine given, through its interface only - floors, analysis, facts,
 * maps, names and timers - so `verify --engine` checks that engine. */
#include <ctype.h>
#include <stdarg.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "always.h"
#include "oracle.h"
#include "verify.h"

/* ---- the timers yielding a seed (rng-and-timer.md §4-§5), by the engine ---- */

enum { MAX_TIMERS_PER_SEED = 4 }; /* at most 3 occur (§5) */

/* The timer values whose second draw is seed, ascending (at most
 * MAX_TIMERS_PER_SEED kept); how many. */
static int timers_of_seed(const grotto_engine *e, uint32_t seed, uint16_t timer[MAX_TIMERS_PER_SEED])
{
    int n = 0;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT && n < MAX_TIMERS_PER_SEED; t++) {
        grotto_timer_value v;
        if (e->timer(t, GROTTO_QUALITY_MIN, &v) == 0 && v.seed == seed)
            timer[n++] = (uint16_t)t;
    }
    return n;
}

/* ---- results ---- */

/* The caps hold every capture: at most 8 checks (a floor: floor count,
 * size, cells, up, down, chests and the two facts) and 271 differences (a
 * work area: the floor count, 14 header fields and 256 tiles). */
static void checked(verify_result *r, const char *what)
{
    if (ALWAYS(r->nchecked < VERIFY_MAX_CHECKS))
        r->checked[r->nchecked++] = what;
}

static void differ(verify_result *r, const char *field, int x, int y, const char *cap, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

static void differ(verify_result *r, const char *field, int x, int y, const char *cap, const char *fmt, ...)
{
    if (NEVER(r->ndiff >= VERIFY_MAX_DIFFS))
        return;
    verify_diff *d = &r->diff[r->ndiff++];
    snprintf(d->field, sizeof d->field, "%s", field);
    d->x = x;
    d->y = y;
    snprintf(d->capture, sizeof d->capture, "%s", cap);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->engine, sizeof d->engine, fmt, ap);
    va_end(ap);
}

static void xy_text(grotto_xy p, char *buf, size_t n)
{
    snprintf(buf, n, "%u,%u", p.x, p.y);
}

static void compare_xy(verify_result *r, const char *field, grotto_xy cap, grotto_xy eng)
{
    checked(r, field);
    if (cap.x != eng.x || cap.y != eng.y) {
        char a[16];
        xy_text(cap, a, sizeof a);
        differ(r, field, -1, -1, a, "%u,%u", eng.x, eng.y);
    }
}

static void compare_uint(verify_result *r, const char *field, unsigned cap, unsigned eng)
{
    checked(r, field);
    if (cap != eng) {
        char a[16];
        snprintf(a, sizeof a, "%u", cap);
        differ(r, field, -1, -1, a, "%u", eng);
    }
}

static void chests_text(const grotto_xy *c, int n, char *buf, size_t size)
{
    buf[0] = 0;
    if (n == 0)
        snprintf(buf, size, "none");
    for (int i = 0; i < n; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%u,%u", i ? " " : "", c[i].x, c[i].y);
}

/* chests: in placement order (ram) or as a set (floor: order not seen). */
static void compare_chests(verify_result *r, const grotto_capture *c, const grotto_floor_t *f, int ordered)
{
    checked(r, "chests");
    int same = c->chest_count == f->chest_count;
    for (int i = 0; same && i < c->chest_count; i++) {
        int hit = 0;
        for (int j = 0; j < f->chest_count; j++)
            hit |= c->chest[i].x == f->chest[j].x && c->chest[i].y == f->chest[j].y && (!ordered || i == j);
        same = hit;
    }
    if (!same) {
        char a[64], b[64];
        chests_text(c->chest, c->chest_count, a, sizeof a);
        chests_text(f->chest, f->chest_count, b, sizeof b);
        differ(r, "chests", -1, -1, a, "%s", b);
    }
}

/* final stairs and chests, where the capture gives them */
static void compare_stairs_and_chests(verify_result *r, const grotto_capture *c, const grotto_floor_t *f,
                                      int ordered)
{
    if (c->has_up)
        compare_xy(r, "up", c->up, f->up);
    if (c->has_down)
        compare_xy(r, "down", c->down, f->down);
    if (c->chest_count >= 0)
        compare_chests(r, c, f, ordered);
}

grotto_region verify_capture_region(grotto_game g)
{
    return g == GROTTO_GAME_JP ? GROTTO_REGION_JP : GROTTO_REGION_INTL;
}

int verify_free_bytes(const grotto_elist_t *e, grotto_region r)
{
    int area_end = GT_ELIST_MEMORY_BYTES - (r == GROTTO_REGION_JP ? GROTTO_INTL_PADDING : 0);
    int walking_map = 16 * e->W + 16 * e->B + 4 * e->D;
    return area_end - GT_ELIST_FIXED_BYTES - walking_map;
}

/* lower case, spaces collapsed, "Lv. 1" -> "lv1"; the key is never longer
 * than in, and size (2 * GROTTO_CAPTURE_TEXT) exceeds every name given:
 * a capture's (at most 255 bytes) or an engine's (127) */
static void name_key(const char *in, char *out, size_t size)
{
    size_t n = 0;
    const char *p = in;
    while (*p == ' ' || *p == '\t')
        p++;
    while (*p && ALWAYS(n + 1 < size)) {
        if (*p == ' ' || *p == '\t') {
            while (*p == ' ' || *p == '\t')
                p++;
            if (*p)
                out[n++] = ' ';
            continue;
        }
        if ((p[0] == 'L' || p[0] == 'l') && (p[1] == 'v' || p[1] == 'V')) {
            const char *q = p + 2;
            if (*q == '.')
                q++;
            while (*q == ' ')
                q++;
            if (isdigit((unsigned char)*q) && ALWAYS(n + 3 < size)) {
                out[n++] = 'l';
                out[n++] = 'v';
                p = q;
                continue;
            }
        }
        out[n++] = (char)tolower((unsigned char)*p);
        p++;
    }
    out[n] = 0;
}

int verify_name_equal(const char *a, const char *b)
{
    char ka[GROTTO_CAPTURE_TEXT * 2], kb[GROTTO_CAPTURE_TEXT * 2];
    name_key(a, ka, sizeof ka);
    name_key(b, kb, sizeof kb);
    return strcmp(ka, kb) == 0;
}

/* The band a capture names by its quality or band code (the band table,
 * as the oracle reads it: no engine's lookup), or -1. */
static int capture_band(const grotto_capture *c)
{
    if (c->quality)
        return oracle_band_of_quality(c->quality);
    for (int b = 0; c->band_code && b < GT_BAND_COUNT; b++)
        if (gt_band[b].code == c->band_code)
            return b;
    return -1;
}

void verify_capture_label(const grotto_capture *c, char *buf, size_t size)
{
    int band = capture_band(c);
    if (band >= 0)
        snprintf(buf, size, "%02X%04X", gt_band[band].code, c->seed);
    else
        snprintf(buf, size, "%04X", c->seed);
    if (c->floor)
        snprintf(buf + strlen(buf), size - strlen(buf), " B%uF", c->floor);
}

/* The map the capture names (quality or band), if any: 0, or -1 if none;
 * a floor beyond the map's floors is a difference. */
static int capture_map(const grotto_capture *c, const grotto_engine *e, verify_result *r, grotto_map_t *m)
{
    int band = capture_band(c);
    if (band < 0)
        return -1;
    e->map(c->quality ? c->quality : gt_band[band].code, c->seed, m);
    if (c->floor) {
        checked(r, "floor count");
        if (c->floor > m->d.floors) {
            char a[16];
            snprintf(a, sizeof a, "B%uF", c->floor);
            differ(r, "floor", -1, -1, a, "map %02X%04X has %u floors", m->d.band_code, c->seed, m->d.floors);
            return -1;
        }
    }
    return 0;
}

/* ---- inventory ---- */

static void verify_inventory(const grotto_capture *c, const grotto_engine *e, verify_result *r)
{
    int band = capture_band(c);
    if (NEVER(band < 0)) { /* the parser requires quality or band of an inventory capture */
        checked(r, "quality");
        differ(r, "quality", -1, -1, "none", "a quality 2..248 or a band code");
        return;
    }
    int qlo = c->quality ? c->quality : gt_band[band].qmin, qhi = c->quality ? c->quality : gt_band[band].qmax;
    char qtext[48];
    if (c->quality)
        snprintf(qtext, sizeof qtext, "quality %u", c->quality);
    else
        snprintf(qtext, sizeof qtext, "band %02X (qualities %d..%d)", c->band_code, qlo, qhi);

    /* arises: some timer's second draw, at that quality from some base; or quest 15 */
    uint8_t loc_ok[GT_LOCATION_COUNT + 1] = {0};
    uint16_t timer[MAX_TIMERS_PER_SEED];
    int at_quality = 0, n = timers_of_seed(e, c->seed, timer);
    int quest = c->seed == GT_QUEST15_SEED && qlo <= GT_QUEST15_QUALITY && GT_QUEST15_QUALITY <= qhi;
    for (int i = 0; i < n; i++)
        for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
            grotto_timer_value v;
            if (e->timer(timer[i], base, &v) == 0 && v.quality >= qlo && v.quality <= qhi) {
                at_quality = 1;
                if (ALWAYS(v.location <= GT_LOCATION_COUNT)) /* a timer's location is 1..150 */
                    loc_ok[v.location] = 1;
            }
        }
    if (quest)
        at_quality = 1, loc_ok[GT_QUEST15_LOCATION] = 1;
    snprintf(r->note, sizeof r->note, "%s", "");
    for (int i = 0; i < n; i++)
        snprintf(r->note + strlen(r->note), sizeof r->note - strlen(r->note), "%s%u", i ? ", " : "timers ",
                 timer[i]);
    if (quest)
        snprintf(r->note + strlen(r->note), sizeof r->note - strlen(r->note), "%squest 15", n ? " and " : "");
    char seedtext[16];
    snprintf(seedtext, sizeof seedtext, "0x%04X", c->seed);
    checked(r, "arises");
    if (n == 0 && !quest)
        differ(r, "seed", -1, -1, seedtext, "never arises: no timer yields it (one of the 302)");
    else if (!at_quality)
        differ(r, "quality", -1, -1, qtext, "seed 0x%04X arises (%s) but no base quality 2..248 gives %s", c->seed,
               r->note, qtext);
    if (c->location) {
        checked(r, "location");
        if (!loc_ok[c->location]) {
            char a[8], list[128] = "";
            snprintf(a, sizeof a, "%u", c->location);
            for (int l = 1; l <= GT_LOCATION_COUNT; l++)
                if (loc_ok[l])
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d", list[0] ? ", " : "", l);
            differ(r, "location", -1, -1, a, "impossible for seed 0x%04X at %s (possible: %s)", c->seed, qtext,
                   list[0] ? list : "none");
        }
    }
    grotto_map_t m;
    capture_map(c, e, r, &m);
    if (c->name[0]) {
        char en[128], jp[128];
        e->map_name(&m.d, 0, en, sizeof en);
        e->map_name(&m.d, 1, jp, sizeof jp);
        checked(r, "name");
        if (!verify_name_equal(c->name, en) && !verify_name_equal(c->name, jp))
            differ(r, "name", -1, -1, c->name, "%s / %s", en, jp);
    }
    if (c->level)
        compare_uint(r, "level", c->level, m.d.level);
    if (c->floors)
        compare_uint(r, "floors", c->floors, m.d.floors);
    if (c->boss) {
        checked(r, "boss");
        if (c->boss != m.d.boss)
            differ(r, "boss", -1, -1, gt_boss_name[c->boss].en, "%s (%s)", gt_boss_name[m.d.boss].en,
                   gt_boss_name[m.d.boss].jp);
    }
}

/* ---- floor: what the game shows ---- */

static char engine_cell(const grotto_floor_t *f, int x, int y)
{
    uint8_t t = grotto_tile_at(f, x, y);
    if (x == f->up.x && y == f->up.y)
        return '<';
    if (x == f->down.x && y == f->down.y)
        return '>';
    if (t == GROTTO_TILE_CHEST)
        return 'c';
    return grotto_tile_walkable(t) ? '.' : '#';
}

static void verify_floor(const grotto_capture *c, const grotto_engine *e, verify_result *r)
{
    grotto_map_t m;
    capture_map(c, e, r, &m);
    const grotto_floor_t *f = &r->floor;
    if (c->has_grid) {
        checked(r, "size");
        if (c->width != f->width) {
            char a[16];
            snprintf(a, sizeof a, "%ux%u", c->width, c->height);
            differ(r, "size", -1, -1, a, "%ux%u", f->width, f->height);
        } else {
            checked(r, "cells");
            for (int y = 0; y < c->height; y++)
                for (int x = 0; x < c->width; x++) {
                    char want = c->grid[GROTTO_GRID * y + x], got = engine_cell(f, x, y);
                    if (want != '?' && want != got) {
                        char a[4] = {'\'', want, '\'', 0};
                        differ(r, "cell", x, y, a, "'%c' (tile %u)", got, grotto_tile_at(f, x, y));
                    }
                }
        }
    }
    compare_stairs_and_chests(r, c, f, 0);
    if (c->up_next_to_chest >= 0 || c->down_cut_off >= 0) {
        grotto_floor_analysis a;
        e->analyse(f, &a);
        const struct {
            const char *name;
            int cap, eng;
        } facts[2] = {{"up_next_to_chest", c->up_next_to_chest, a.up_next_to_chest != 0},
                      {"down_cut_off", c->down_cut_off, a.softlock_down_cut != 0}};
        for (int i = 0; i < 2; i++) {
            if (facts[i].cap < 0)
                continue;
            checked(r, facts[i].name);
            if (facts[i].cap != facts[i].eng)
                differ(r, facts[i].name, -1, -1, facts[i].cap ? "yes" : "no", "%s", facts[i].eng ? "yes" : "no");
        }
    }
}

/* ---- ram: the game's floor map, byte for byte ---- */

static void compare_tiles(verify_result *r, const uint8_t *tiles, const grotto_floor_t *f)
{
    checked(r, "tiles");
    for (int i = 0; i < GROTTO_CELLS; i++)
        if (tiles[i] != f->grid[i]) {
            char a[4];
            snprintf(a, sizeof a, "%02X", tiles[i]);
            differ(r, "tile", i % GROTTO_GRID, i / GROTTO_GRID, a, "%02X", f->grid[i]);
        }
}

static void verify_ram(const grotto_capture *c, const grotto_engine *e, verify_result *r)
{
    grotto_map_t m;
    capture_map(c, e, r, &m);
    const grotto_floor_t *f = &r->floor;
    if (c->width) {
        compare_uint(r, "width", c->width, f->width);
        compare_uint(r, "height", c->height, f->height);
    }
    compare_stairs_and_chests(r, c, f, 1);
    compare_tiles(r, c->tiles, f);
    if (c->walk_nodes >= 0) {
        grotto_floor_t again;
        grotto_floor_facts facts;
        e->facts(c->seed, c->floor, &again, &facts);
        compare_uint(r, "walk_nodes", (unsigned)c->walk_nodes, facts.W);
    }
}

/* ---- workarea: FloorRecord fields (records.md's table) ---- */

static void verify_workarea(const grotto_capture *c, verify_result *r)
{
    static const struct {
        const char *name;
        int rec, area;   /* FloorRecord offset, work-area offset */
    } FIELDS[] = {{"floor index", 0, 0}, {"width", 1, 2},   {"height", 2, 3},  {"up x", 4, 4},
                  {"up y", 5, 5},        {"down x", 6, 6},  {"down y", 7, 7},  {"chest count", 8, 8},
                  {"chest 1 x", 9, 13},  {"chest 1 y", 10, 14}, {"chest 2 x", 11, 15}, {"chest 2 y", 12, 16},
                  {"chest 3 x", 13, 17}, {"chest 3 y", 14, 18}};
    uint8_t rec[GROTTO_FLOOR_RECORD_SIZE];
    grotto_floor_record(&r->floor, rec);
    checked(r, "header fields");
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++) {
        uint8_t cap = c->work_area[FIELDS[i].area], eng = rec[FIELDS[i].rec];
        if (cap != eng) {
            char a[8];
            snprintf(a, sizeof a, "%u", cap);
            differ(r, FIELDS[i].name, -1, -1, a, "%u", eng);
        }
    }
    compare_tiles(r, c->work_area + 792, &r->floor);
}

/* ---- memory: the enemy-list model for the capture's build ---- */

static void lost_text(int mask, char *buf, size_t size)
{
    static const char *const NAME[3] = {"cannibox", "mimic", "pandora"};
    buf[0] = 0;
    for (int b = 0; b < 3; b++)
        if (mask & (1 << b))
            snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? " " : "", NAME[b]);
    if (!buf[0])
        snprintf(buf, size, "none");
}

static void verify_memory(const grotto_capture *c, const grotto_engine *e, verify_result *r)
{
    grotto_map_t m;
    if (capture_map(c, e, r, &m))
        return;
    const grotto_elist_t *el = &m.elist[c->floor - 1];
    const char *rname = r->region == GROTTO_REGION_JP ? "jp" : "intl";
    char a[64], text[256];
    if (c->elistofs >= 0) {
        unsigned want = grotto_elist_display_ofs(el, r->region);
        checked(r, "elistofs");
        if ((unsigned)c->elistofs != want) {
            snprintf(a, sizeof a, "0x%04X", (unsigned)c->elistofs);
            differ(r, "elistofs", -1, -1, a, "0x%04X (%s)", want, rname);
        }
    }
    if (c->walk_nodes >= 0)
        compare_uint(r, "walk_nodes", (unsigned)c->walk_nodes, el->W);
    if (c->free_bytes >= 0) {
        int want = verify_free_bytes(el, r->region);
        checked(r, "free_bytes");
        if (c->free_bytes != want) {
            snprintf(a, sizeof a, "%d", (int)c->free_bytes);
            differ(r, "free_bytes", -1, -1, a, "%d (%s; W %u, B %d, D %u)", want, rname, el->W, el->B, el->D);
        }
    }
    grotto_elist_state_text(el, 0, text, sizeof text);
    grotto_capture_state st = grotto_capture_state_of_code(el->state);
    if (c->state >= 0) {
        checked(r, "state");
        if (c->state != (int)st)
            differ(r, "state", -1, -1, grotto_capture_state_name((grotto_capture_state)c->state), "%s (%s)",
                   grotto_capture_state_name(st), text);
    }
    if (c->only >= 0) {
        checked(r, "only");
        if (st != GROTTO_CSTATE_ONLY)
            differ(r, "only", -1, -1, gt_monsters[c->only].en, "no ONLY state (%s)", text);
        else if (c->only != el->only)
            differ(r, "only", -1, -1, gt_monsters[c->only].en, "%s (%s)", gt_monsters[el->only].en,
                   gt_monsters[el->only].jp);
    }
    if (c->lost >= 0) {
        /* the records that fit are the first `survivors` of the list (enemy-list.md §5.4) */
        const struct gt_floor_table *t = &gt_floor_tables[el->env][el->mr];
        int lost = GROTTO_LOST_CANNIBOX | GROTTO_LOST_MIMIC | GROTTO_LOST_PANDORA;
        for (int i = 0; i < el->survivors && i < t->F; i++) {
            uint16_t mon = t->spawn[i].monster;
            lost &= ~(mon == GT_MONSTER_026   ? GROTTO_LOST_CANNIBOX
                      : mon == GT_MONSTER_027 ? GROTTO_LOST_MIMIC
                      : mon == GT_MONSTER_028 ? GROTTO_LOST_PANDORA
                                              : 0);
        }
        checked(r, "lost");
        if (c->lost != lost) {
            char b[48];
            lost_text(c->lost, a, sizeof a);
            lost_text(lost, b, sizeof b);
            differ(r, "lost", -1, -1, a, "%s (%s)", b, text);
        }
    }
}

/* ---- the verdict ---- */

/* The capture key a difference is about. */
static const char *diff_key(const grotto_capture *c, const verify_diff *d)
{
    if (c->kind == GROTTO_CAPTURE_WORKAREA)
        return "work_area";
    if (!strcmp(d->field, "tile"))
        return "tiles";
    if (!strcmp(d->field, "cell") || !strcmp(d->field, "size"))
        return "grid";
    return d->field;
}

/* OK, MISMATCH or DOUBTFUL (verify.h): a floor byte that disagrees with the
 * generator's floor puts the whole capture in doubt; differences only in
 * values read at inferred addresses are doubtful, any other is a finding. */
static void judge(const grotto_capture *c, verify_result *r)
{
    int confirmed = 0, inferred = 0;
    for (int i = 0; i < r->ndiff; i++) {
        if (grotto_capture_inferred(c, diff_key(c, &r->diff[i])))
            inferred++;
        else
            confirmed++;
    }
    r->doubt[0] = 0;
    if (c->has_floor_byte && c->floor_byte != c->floor)
        snprintf(r->doubt, sizeof r->doubt, "the current-floor byte read %d, the generator's floor was %u: "
                 "which floor was captured is in doubt", c->floor_byte, c->floor);
    else if (inferred && !confirmed)
        snprintf(r->doubt, sizeof r->doubt, "only values read at inferred addresses differ (inferred: %.120s)",
                 c->inferred);
    r->verdict = r->doubt[0] ? VERIFY_DOUBTFUL : r->ndiff ? VERIFY_MISMATCH : VERIFY_OK;
}

void verify_capture(const grotto_capture *c, const grotto_engine *e, int region_override, verify_result *r)
{
    memset(r, 0, sizeof *r);
    r->region = region_override >= 0 ? (grotto_region)region_override : verify_capture_region(c->game);
    if (c->floor) {
        r->has_floor = 1;
        e->floor(c->seed, c->floor, &r->floor);
    }
    switch (c->kind) {
    case GROTTO_CAPTURE_INVENTORY: verify_inventory(c, e, r); break;
    case GROTTO_CAPTURE_FLOOR: verify_floor(c, e, r); break;
    case GROTTO_CAPTURE_MEMORY: verify_memory(c, e, r); break;
    case GROTTO_CAPTURE_RAM: verify_ram(c, e, r); break;
    case GROTTO_CAPTURE_WORKAREA: verify_workarea(c, r); break;
    default: break;
    }
    judge(c, r);
}

/* ---- grids side by side ---- */

void verify_print_grid(FILE *out, const grotto_capture *c, const verify_result *r, const char *engine_name)
{
    if (!r->has_floor)
        return;
    if (c->kind == GROTTO_CAPTURE_RAM || c->kind == GROTTO_CAPTURE_WORKAREA) {
        grotto_floor_t cap = r->floor;
        memcpy(cap.grid, c->kind == GROTTO_CAPTURE_RAM ? c->tiles : c->work_area + 792, GROTTO_CELLS);
        oracle_print_grid_diff(out, &cap, "capture", &r->floor, engine_name);
        return;
    }
    if (c->kind != GROTTO_CAPTURE_FLOOR || !c->has_grid || c->width != r->floor.width)
        return;
    int w = c->width;
    fprintf(out, "    %-*s   %-*s   diff\n", w, "capture", w, engine_name);
    for (int y = 0; y < w; y++) {
        char a[17], b[17], d[17];
        for (int x = 0; x < w; x++) {
            a[x] = c->grid[GROTTO_GRID * y + x];
            b[x] = engine_cell(&r->floor, x, y);
            d[x] = a[x] == '?' ? ' ' : a[x] == b[x] ? '.' : '^';
        }
        a[w] = b[w] = d[w] = 0;
        for (int x = w - 1; x >= 0 && d[x] == ' '; x--)
            d[x] = 0;
        fprintf(out, "    %s   %s%s%s\n", a, b, d[0] ? "   " : "", d);
    }
}
