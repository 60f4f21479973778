/* Shared description of a floor for the map and floor commands. */
#include <stdarg.h>
#include <string.h>

#include "grotto/elist.h"
#include "grotto/tables.h"
#include "view.h"

const grotto_engine *cli_engine(const char *cmd, const char *name)
{
    if (!strcmp(name, "ref"))
        return &grotto_engine_ref;
    if (!strcmp(name, "impl"))
        return &grotto_engine_impl;
    cli_error(cmd, "unknown engine '%s': expected ref or impl", name);
    return NULL;
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
        append(buf, size, "SOFTLOCK (see report)");
    if (a->ghost_count)
        append(buf, size, "%u ghost stairs", a->ghost_count);
    for (int i = 0; i < v->f.chest_count; i++)
        if (a->chest_unreachable[i])
            append(buf, size, "chest %d unreachable (nipple)", i + 1);
    if (a->down_unreachable)
        append(buf, size, "down stairs unreachable");
    if (a->region_count) {
        char sizes[128] = "";
        for (int i = 0; i < a->region_count && i < 8; i++)
            snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), "%s%u", i ? "," : "", a->region_size[i]);
        append(buf, size, "%u chamber%s [%s%s]", a->region_count, a->region_count > 1 ? "s" : "", sizes,
               a->region_count > 8 ? ",..." : "");
    }
    if (!buf[0])
        snprintf(buf, size, "-");
}

void view_softlock(FILE *out, const floor_view *v, const char *indent)
{
    const grotto_floor_analysis *a = &v->a;
    fprintf(out, "%sB%dF softlock report (HW-1): stair placement entered overflow mode; final up stairs (%u,%u) %s.\n",
            indent, v->f.index, v->f.up.x, v->f.up.y,
            a->up_next_to_chest ? "are 4-adjacent to a chest" : "are not next to a chest");
    fprintf(out, "%s  With chests solid, %u tiles are reachable from the up stairs and %u walkable tiles lie\n"
                 "%s  on the other side; the down stairs (%u,%u) are %s.\n",
            indent, a->softlock_near, a->softlock_far, indent, v->f.down.x, v->f.down.y,
            a->softlock_down_cut ? "CUT OFF" : "reachable");
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
    jw_uint(w, "mr", e->mr);
    jw_str(w, "class", gt_class_name[e->cls]);
    jw_uint(w, "survivors", e->survivors);
    jw_uint(w, "state", e->state);
    grotto_elist_state_text(e, 0, text, sizeof text);
    jw_str(w, "state_text_en", text);
    grotto_elist_state_text(e, 1, text, sizeof text);
    jw_str(w, "state_text_jp", text);
    jw_obj(w, "only");
    jw_str(w, "id", gt_monsters[e->only].id);
    jw_str(w, "en", gt_monsters[e->only].en);
    jw_str(w, "jp", gt_monsters[e->only].jp);
    jw_end_obj(w);
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
    if (v->has_map)
        json_elist(w, v, region);
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
