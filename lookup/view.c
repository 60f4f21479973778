/* One floor's object (view.h): layout, chests with ranks, the enemy-list
 * cut and the monster list with the cut applied, the anomalies. */
#include <string.h>

#include "grotto/elist.h"
#include "view.h"

void lookup_view_of(const grotto_engine *e, const grotto_map_t *m, uint32_t seed, int n, lookup_view *v)
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

void lookup_hex(const uint8_t *p, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", p[i]);
    out[2 * n] = 0;
}

/* 026 Cannibox, 027 Mimic, 028 Pandora's Box: in every list, never wander. */
static int trapped_chest(const struct gt_spawn *s)
{
    return s->monster == GT_MONSTER_026 || s->monster == GT_MONSTER_027 || s->monster == GT_MONSTER_028;
}

static json_t *monster(const struct gt_spawn *s, int kept)
{
    const struct gt_monster *m = &gt_monsters[s->monster];
    json_t *o = json_object();
    res_str(o, "id", m->id);
    res_int(o, "number", m->number);
    res_str(o, "name_en", m->en);
    res_str(o, "name_jp", m->jp);
    res_bool(o, "trapped_chest", trapped_chest(s));
    if (s->lo < 0) {
        res_null(o, "spawn");
    } else {
        json_t *sp = res_obj(o, "spawn");
        res_int(sp, "lo", s->lo);
        res_int(sp, "hi", s->hi);
        res_int(sp, "weight", s->hi - s->lo + 1);
        res_num(sp, "percent", (s->hi - s->lo + 1) * 100.0 / 32768.0, 2);
    }
    res_bool(o, "kept", kept);
    return o;
}

static void monsters(json_t *o, const lookup_view *v)
{
    const struct gt_floor_table *t = &gt_floor_tables[v->e.env][v->e.mr];
    json_t *a = res_arr(o, "monsters");
    for (int j = 0; j < t->F; j++)
        res_push(a, monster(&t->spawn[j], j < v->e.survivors));
}

static void elist(json_t *o, const lookup_view *v, grotto_region region)
{
    const grotto_elist_t *e = &v->e;
    char hex[8], text[256];
    json_t *l = res_obj(o, "elist");
    res_int(l, "ofs", e->ofs);
    res_int(l, "display_ofs", grotto_elist_display_ofs(e, region));
    snprintf(hex, sizeof hex, "%04X", grotto_elist_display_ofs(e, region));
    res_str(l, "display_ofs_hex", hex);
    res_int(l, "D", e->D);
    res_int(l, "W", e->W);
    res_int(l, "X", e->X);
    res_int(l, "regime", e->regime);
    res_int(l, "A", e->A);
    res_int(l, "B", e->B);
    res_int(l, "F", e->F);
    res_int(l, "G", e->G);
    res_int(l, "monster_rank", e->mr);
    res_int(l, "env", e->env);
    res_str(l, "env_en", gt_env_name[e->env].en);
    res_str(l, "class", gt_class_name[e->cls]);
    res_int(l, "survivors", e->survivors);
    res_int(l, "state", e->state);
    grotto_elist_state_text(e, 0, text, sizeof text);
    res_str(l, "state_text_en", text);
    grotto_elist_state_text(e, 1, text, sizeof text);
    res_str(l, "state_text_jp", text);
    if (strstr(gt_state_text[e->state].en, "<ONLY>")) { /* the ONLY states name their monster */
        json_t *only = res_obj(l, "only");
        res_str(only, "id", gt_monsters[e->only].id);
        res_str(only, "name_en", gt_monsters[e->only].en);
        res_str(only, "name_jp", gt_monsters[e->only].jp);
    }
}

static void chests(json_t *o, const lookup_view *v)
{
    json_t *a = res_arr(o, "chests");
    for (int i = 0; i < v->f.chest_count; i++) {
        json_t *c = json_object();
        res_set(c, "pos", res_xy(v->f.chest[i].x, v->f.chest[i].y));
        if (v->has_map) {
            char letter[2] = {gt_chest_tables[v->rank[i]].letter, 0};
            res_int(c, "rank", v->rank[i]);
            res_str(c, "letter", letter);
        }
        res_bool(c, "reachable", !v->a.chest_unreachable[i]);
        res_push(a, c);
    }
}

static void anomalies(json_t *o, const lookup_view *v)
{
    const grotto_floor_analysis *a = &v->a;
    json_t *an = res_obj(o, "anomalies");
    json_t *g = res_arr(an, "ghost_stairs");
    for (int i = 0; i < a->ghost_count; i++)
        res_push(g, res_xy(a->ghost[i].x, a->ghost[i].y));
    res_int(an, "unreachable_chests", a->unreachable_chests);
    res_bool(an, "down_unreachable", a->down_unreachable);
    json_t *ch = res_arr(an, "chambers");
    for (int i = 0; i < a->region_count; i++) {
        json_t *c = json_object();
        res_set(c, "first", res_xy(a->region_first[i].x, a->region_first[i].y));
        res_int(c, "size", a->region_size[i]);
        res_push(ch, c);
    }
    json_t *s = res_obj(an, "softlock");
    res_bool(s, "up_next_to_chest", a->up_next_to_chest);
    res_int(s, "near", a->softlock_near);
    res_int(s, "far", a->softlock_far);
    res_bool(s, "down_cut", a->softlock_down_cut);
}

static void grid(json_t *o, const grotto_floor_t *f)
{
    json_t *g = res_arr(o, "grid");
    for (int y = 0; y < GROTTO_GRID; y++) {
        char row[GROTTO_GRID + 1];
        for (int x = 0; x < GROTTO_GRID; x++)
            row[x] = "0123456789abcdef"[grotto_tile_at(f, x, y) & 15];
        row[GROTTO_GRID] = 0;
        res_push(g, res_string(row));
    }
}

void lookup_floor_members(json_t *o, const lookup_view *v, grotto_region region, int with_grid)
{
    const grotto_floor_t *f = &v->f;
    res_int(o, "floor", f->index);
    res_int(o, "width", f->width);
    res_int(o, "height", f->height);
    res_bool(o, "overflow", f->overflow);
    res_set(o, "up", res_xy(f->up.x, f->up.y));
    res_set(o, "down", res_xy(f->down.x, f->down.y));
    chests(o, v);
    if (v->has_map) {
        elist(o, v, region);
        monsters(o, v);
    }
    anomalies(o, v);
    if (with_grid)
        grid(o, f);
}
