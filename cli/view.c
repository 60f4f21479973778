/* Shared description of a floor for the map and floor commands. */
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "grotto/elist.h"
#include "grotto/tables.h"
#include "base.h"
#include "oracle.h"
#include "view.h"

const grotto_engine *cli_engine(const char *cmd, const char *name, const grotto_engine *dflt)
{
    const grotto_engine *e = name ? grotto_engine_by_name(name) : dflt;
    if (!e) {
        char names[128];
        grotto_engine_names(names, sizeof names, dflt);
        cli_error(cmd, "unknown engine '%s': expected %s", name, names);
    }
    return e;
}

const char *cli_old_engine_help(char *buf, size_t size, const char *lead, const grotto_engine *dflt)
{
    char names[128];
    grotto_engine_names(names, sizeof names, dflt);
    size_t first = dflt ? strlen(dflt->name) : 0; /* the default leads the list */
    snprintf(buf, size, "%s%.*s%s%s:", lead, (int)first, names, dflt ? " (default)" : "", names + first);
    /* one line per engine, in the order of the list: the default, then the registry's */
    for (int i = -1; i < GROTTO_ENGINE_COUNT; i++) {
        const grotto_engine *e = i < 0 ? dflt : grotto_engines[i];
        if (!e || (i >= 0 && e == dflt))
            continue;
        size_t at = strlen(buf);
        snprintf(buf + at, size - at, "\n  %-7s %s", e->name, e->about);
    }
    return buf;
}

void view_floor(const grotto_engine *e, const grotto_map_t *m, uint32_t seed, int n, floor_view *v)
{
    memset(v, 0, sizeof *v);
    e->floor(seed, n, &v->f);
    e->analyse(&v->f, &v->a);
    if (m) {
        v->has_map = 1;
        memcpy(v->rank, m->chest_rank[n - 1], sizeof v->rank);
        v->e = m->elist[n - 1];
    }
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

void view_anomalies(const floor_view *v, char *buf, size_t size)
{
    buf[0] = 0;
    const grotto_floor_analysis *a = &v->a;
    if (v->f.overflow)
        append(buf, size, "STAIR OVERFLOW");
    if (v->f.overflow && a->up_next_to_chest && a->softlock_down_cut)
        append(buf, size, "SOFTLOCK: down stairs cut off (see the report)");
    if (a->ghost_count)
        append(buf, size, "%u ghost stair%s", a->ghost_count, a->ghost_count > 1 ? "s" : "");
    for (int i = 0; i < v->f.chest_count; i++)
        if (a->chest_unreachable[i])
            append(buf, size, "chest %d (%u,%u) unreachable", i + 1, v->f.chest[i].x, v->f.chest[i].y);
    if (a->down_unreachable)
        append(buf, size, "down stairs unreachable");
    for (int i = 0; i < a->region_count && i < 4; i++) /* where each sealed pocket starts, and its size */
        append(buf, size, "chamber at (%u,%u), %u tile%s", a->region_first[i].x, a->region_first[i].y,
               a->region_size[i], a->region_size[i] > 1 ? "s" : "");
    if (a->region_count > 4)
        append(buf, size, "%u more chambers", a->region_count - 4);
    if (!buf[0])
        snprintf(buf, size, "-");
}

void view_softlock(FILE *out, const floor_view *v, const char *indent)
{
    const grotto_floor_analysis *a = &v->a;
    fprintf(out,
            "%sB%dF softlock report (the pattern of the softlock floors seen on the console, 5BC3 B4F\n"
            "%s  and 5BC4 B3F): stair placement entered overflow mode; the final up stairs (%u,%u)\n"
            "%s  %s.\n",
            indent, v->f.index, indent, v->f.up.x, v->f.up.y, indent,
            a->up_next_to_chest ? "touch a chest" : "touch no chest");
    fprintf(out, "%s  With chests solid, %u tiles are reachable from the up stairs and %u walkable tiles lie\n"
                 "%s  on the other side; the down stairs (%u,%u) are %s.\n",
            indent, a->softlock_near, a->softlock_far, indent, v->f.down.x, v->f.down.y,
            a->softlock_down_cut ? "CUT OFF" : "reachable");
}

/* Spawn share in percent of an entry's window on the 0..32767 draw. */
static double spawn_percent(const struct gt_spawn *s)
{
    return (double)(s->hi - s->lo + 1) * 100.0 / 32768.0;
}

/* 026 Cannibox, 027 Mimic, 028 Pandora's Box: in every list, never wander. */
static int trapped_chest(const struct gt_spawn *s)
{
    return s->monster == GT_MONSTER_026 || s->monster == GT_MONSTER_027 || s->monster == GT_MONSTER_028;
}

/* "20%", or "4.4%" below 10% */
static void format_share(const struct gt_spawn *s, char *buf, size_t size)
{
    double p = spawn_percent(s);
    snprintf(buf, size, p < 9.95 ? "%.1f%%" : "%.0f%%", p);
}

static const struct gt_floor_table *monster_table(const floor_view *v)
{
    return &gt_floor_tables[v->e.env][v->e.mr];
}

void view_monsters_line(const floor_view *v, char *buf, size_t size)
{
    const struct gt_floor_table *t = monster_table(v);
    size_t l = 0;
    buf[0] = 0;
    for (int j = 0; j < t->F && l < size; j++) {
        const struct gt_spawn *s = &t->spawn[j];
        const char *sep = j == 0 ? "" : j == v->e.survivors ? " | cut: " : ", ";
        if (j == 0 && v->e.survivors == 0)
            sep = "cut: ";
        char share[16] = "*";
        if (!trapped_chest(s)) {
            share[0] = ' ';
            format_share(s, share + 1, sizeof share - 1);
        }
        l += (size_t)snprintf(buf + l, size - l, "%s%s%s", sep, gt_monsters[s->monster].en, share);
    }
}

int view_text_width(void)
{
    int cols = base_terminal_columns(STDOUT_FILENO);
    return cols >= 60 ? cols : 100;
}

void view_wrap(FILE *out, const char *prefix, const char *text, const char *sep, int indent, int width)
{
    size_t sl = strlen(sep), trail = sep[sl - 1] == ' '; /* the separator's trailing space moves */
    int col = fprintf(out, "%s", prefix), space = 0;
    for (const char *p = text; *p;) {
        const char *next = strstr(p, sep);
        size_t n = next ? (size_t)(next - p) + sl - trail : strlen(p); /* a piece with its separator */
        if (col > indent && col + space + (int)n > width) {
            col = fprintf(out, "\n%*s", indent, "") - 1;
            space = 0;
        }
        col += fprintf(out, "%*s%.*s", space, "", (int)n, p);
        p += n + (next ? trail : 0);
        space = (int)trail;
    }
    fputc('\n', out);
}

void view_monsters_block(FILE *out, const floor_view *v, const char *indent)
{
    const struct gt_floor_table *t = monster_table(v);
    fprintf(out, "%smonsters: %s list of floor monster rank %u, %u of %u records fit in memory%s:\n", indent,
            gt_env_name[v->e.env].en, v->e.mr, v->e.survivors, t->F,
            v->e.survivors < t->F ? " ([cut] = never appears)" : "");
    for (int j = 0; j < t->F; j++) {
        const struct gt_spawn *s = &t->spawn[j];
        const struct gt_monster *m = &gt_monsters[s->monster];
        char share[16];
        if (trapped_chest(s))
            snprintf(share, sizeof share, "chest");
        else
            format_share(s, share, sizeof share);
        fprintf(out, "%s  %s  %5s  %s / %s%s\n", indent, m->id, share, m->en, m->jp, j < v->e.survivors ? "" : "  [cut]");
    }
}

void view_monsters_help(FILE *out)
{
    fprintf(out,
            "monsters: the floor's enemy list (monsters.json, by environment and floor monster rank)\n"
            "in memory order, ascending monster number, with each wandering monster's spawn share\n"
            "(its window of the 0..32767 spawn draw, as the uncut table gives it; the spec does not\n"
            "say how a cut changes the shares).\n"
            "* or 'chest': a trapped-chest monster (%s %s, %s %s, %s %s)\n"
            "that fights from a chest and never wanders. The records are kept from the first one\n"
            "while they fit in memory (enemy-list.md 5.4): the ones after '| cut:' (map) or\n"
            "marked [cut] (floor) do not fit and never appear; a cut trapped chest opens without\n"
            "a fight.\n",
            gt_monsters[GT_MONSTER_026].id, gt_monsters[GT_MONSTER_026].en, gt_monsters[GT_MONSTER_027].id,
            gt_monsters[GT_MONSTER_027].en, gt_monsters[GT_MONSTER_028].id, gt_monsters[GT_MONSTER_028].en);
}

static void json_monsters(jw *w, const floor_view *v)
{
    const struct gt_floor_table *t = monster_table(v);
    jw_arr(w, "monsters");
    for (int j = 0; j < t->F; j++) {
        const struct gt_spawn *s = &t->spawn[j];
        const struct gt_monster *m = &gt_monsters[s->monster];
        jw_obj(w, NULL);
        jw_str(w, "id", m->id);
        jw_int(w, "number", m->number);
        jw_str(w, "name_en", m->en);
        jw_str(w, "name_jp", m->jp);
        jw_bool(w, "trapped_chest", trapped_chest(s));
        if (s->lo < 0) {
            jw_null(w, "spawn");
        } else {
            jw_obj(w, "spawn");
            jw_int(w, "lo", s->lo);
            jw_int(w, "hi", s->hi);
            jw_int(w, "weight", s->hi - s->lo + 1);
            jw_num(w, "percent", spawn_percent(s), 2);
            jw_end_obj(w);
        }
        jw_bool(w, "kept", j < v->e.survivors);
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

static void json_elist(jw *w, const floor_view *v, grotto_region region)
{
    const grotto_elist_t *e = &v->e;
    char hex[8], text[256];
    jw_obj(w, "elist");
    jw_uint(w, "ofs", e->ofs);
    snprintf(hex, sizeof hex, "%04X", grotto_elist_display_ofs(e, region));
    jw_uint(w, "display_ofs", grotto_elist_display_ofs(e, region));
    jw_str(w, "display_ofs_hex", hex);
    jw_uint(w, "D", e->D);
    jw_uint(w, "W", e->W);
    jw_uint(w, "X", e->X);
    jw_uint(w, "regime", e->regime);
    jw_int(w, "A", e->A);
    jw_int(w, "B", e->B);
    jw_uint(w, "F", e->F);
    jw_uint(w, "G", e->G);
    jw_uint(w, "monster_rank", e->mr);
    jw_str(w, "class", gt_class_name[e->cls]);
    jw_uint(w, "survivors", e->survivors);
    jw_uint(w, "state", e->state);
    grotto_elist_state_text(e, 0, text, sizeof text);
    jw_str(w, "state_text_en", text);
    grotto_elist_state_text(e, 1, text, sizeof text);
    jw_str(w, "state_text_jp", text);
    if (strstr(gt_state_text[e->state].en, "<ONLY>")) { /* the ONLY states name their monster */
        jw_obj(w, "only");
        jw_str(w, "id", gt_monsters[e->only].id);
        jw_str(w, "name_en", gt_monsters[e->only].en);
        jw_str(w, "name_jp", gt_monsters[e->only].jp);
        jw_end_obj(w);
    }
    jw_end_obj(w);
}

void view_json_floor(jw *w, const floor_view *v, grotto_region region, int with_grid)
{
    const grotto_floor_t *f = &v->f;
    const grotto_floor_analysis *a = &v->a;
    jw_int(w, "floor", f->index);
    jw_int(w, "width", f->width);
    jw_int(w, "height", f->height);
    jw_bool(w, "overflow", f->overflow);
    jw_xy(w, "up", f->up);
    jw_xy(w, "down", f->down);
    jw_arr(w, "chests");
    for (int i = 0; i < f->chest_count; i++) {
        jw_obj(w, NULL);
        jw_xy(w, "pos", f->chest[i]);
        if (v->has_map) {
            char letter[2] = {gt_chest_tables[v->rank[i]].letter, 0};
            jw_int(w, "rank", v->rank[i]);
            jw_str(w, "letter", letter);
        }
        jw_bool(w, "reachable", !a->chest_unreachable[i]);
        jw_end_obj(w);
    }
    jw_end_arr(w);
    if (v->has_map) {
        json_elist(w, v, region);
        json_monsters(w, v);
    }
    jw_obj(w, "anomalies");
    jw_arr(w, "ghost_stairs");
    for (int i = 0; i < a->ghost_count; i++)
        jw_xy(w, NULL, a->ghost[i]);
    jw_end_arr(w);
    jw_int(w, "unreachable_chests", a->unreachable_chests);
    jw_bool(w, "down_unreachable", a->down_unreachable);
    jw_arr(w, "chambers");
    for (int i = 0; i < a->region_count; i++) {
        jw_obj(w, NULL);
        jw_xy(w, "first", a->region_first[i]);
        jw_int(w, "size", a->region_size[i]);
        jw_end_obj(w);
    }
    jw_end_arr(w);
    jw_obj(w, "softlock");
    jw_bool(w, "up_next_to_chest", a->up_next_to_chest);
    jw_int(w, "near", a->softlock_near);
    jw_int(w, "far", a->softlock_far);
    jw_bool(w, "down_cut", a->softlock_down_cut);
    jw_end_obj(w);
    jw_end_obj(w);
    if (with_grid) {
        jw_arr(w, "grid");
        for (int y = 0; y < GROTTO_GRID; y++) {
            char row[17];
            for (int x = 0; x < GROTTO_GRID; x++)
                row[x] = "0123456789abcdef"[grotto_tile_at(f, x, y) & 15];
            row[16] = 0;
            jw_str(w, NULL, row);
        }
        jw_end_arr(w);
    }
}
