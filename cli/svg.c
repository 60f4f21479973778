/* A floor as an SVG picture, drawn from the floor command's result value
 * (its grid, stairs, chests and softlock report): tiles coloured, stairs
 * and chests (with their rank letters) drawn, ghost stairs as dashed
 * outlines, unreachable chests crossed out, chambers hatched, the region a
 * softlock cuts off shaded, coordinates on the edges, the title, and a
 * legend of every colour and mark laid out for the picture's width (any
 * floor size 10..16). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/types.h"
#include "svg.h"

/* The floor as the picture needs it, from the value. */
typedef struct pic {
    int w, h;
    uint8_t tile[GROTTO_GRID][GROTTO_GRID];
    int up[2], down[2];
    int chests, chest[GROTTO_MAX_CHESTS][2], unreachable[GROTTO_MAX_CHESTS];
    char letter[GROTTO_MAX_CHESTS];
    int has_map, down_cut;
} pic;

static void xy_of(const json_t *v, int out[2])
{
    out[0] = (int)json_integer_value(json_array_get(v, 0));
    out[1] = (int)json_integer_value(json_array_get(v, 1));
}

static void pic_of(const json_t *doc, pic *p)
{
    memset(p, 0, sizeof *p);
    p->w = (int)res_get_int(doc, "width");
    p->h = (int)res_get_int(doc, "height");
    const json_t *grid = json_object_get(doc, "grid"), *chests = json_object_get(doc, "chests");
    for (int y = 0; y < GROTTO_GRID; y++)
        for (int x = 0; x < GROTTO_GRID; x++) {
            const char *row = json_string_value(json_array_get(grid, (size_t)y));
            char c[2] = {row && (int)strlen(row) > x ? row[x] : '1', 0};
            p->tile[y][x] = (uint8_t)strtol(c, NULL, 16);
        }
    xy_of(json_object_get(doc, "up"), p->up);
    xy_of(json_object_get(doc, "down"), p->down);
    for (size_t i = 0; i < json_array_size(chests) && i < GROTTO_MAX_CHESTS; i++) {
        const json_t *c = json_array_get(chests, i);
        xy_of(json_object_get(c, "pos"), p->chest[i]);
        p->unreachable[i] = !res_get_bool(c, "reachable");
        p->letter[i] = res_get_str(c, "letter")[0];
        p->has_map |= res_has(c, "letter");
        p->chests++;
    }
    p->has_map |= res_has(doc, "elist");
    p->down_cut = res_get_bool(res_at(doc, "anomalies.softlock"), "down_cut");
}

enum { CELL = 32, MARGIN = 28, TITLE_H = 22, LEGEND_ROW = 18, LEGEND_COL = 184 };

static const char *const FILL_WALL = "#3a3a3a", *const FILL_PARTITION = "#5b4636", *const FILL_CORRIDOR = "#cdbb8e",
                         *const FILL_DOOR = "#b9774a", *const FILL_FLOOR = "#eee3c8";

static const char *tile_fill(uint8_t t)
{
    switch (t) {
    case GROTTO_TILE_WALL: return FILL_WALL;
    case GROTTO_TILE_PARTITION: return FILL_PARTITION;
    case GROTTO_TILE_CORRIDOR: return FILL_CORRIDOR;
    case GROTTO_TILE_DOOR: return FILL_DOOR;
    default: return FILL_FLOOR; /* room floor, and the floor under stairs/chests */
    }
}

static const char *const UP_STYLE = "fill=\"#2e8b57\" stroke=\"#0b3d20\" stroke-width=\"2\"",
                         *const DOWN_STYLE = "fill=\"#c0392b\" stroke=\"#5e1a12\" stroke-width=\"2\"",
                         *const GHOST_STYLE =
                             "fill=\"none\" stroke=\"#7a7a7a\" stroke-dasharray=\"3,2\" stroke-width=\"2\"",
                         *const CHAMBER_STYLE = "fill=\"url(#hatch)\" stroke=\"#1f5fbf\" stroke-width=\"1\"",
                         *const SOFTLOCK_STYLE = "fill=\"#e0443a\" fill-opacity=\"0.35\"";

static int is_ghost(const pic *f, int x, int y)
{
    uint8_t t = f->tile[y][x];
    return (t == GROTTO_TILE_UP || t == GROTTO_TILE_DOWN) && !(x == f->up[0] && y == f->up[1]) &&
           !(x == f->down[0] && y == f->down[1]);
}

/* A stairs triangle in the cell whose top left corner is (px, py). */
static void triangle(FILE *o, int px, int py, int up, const char *style)
{
    int cx = px + CELL / 2, top = py + 6, bot = py + CELL - 6;
    if (up)
        fprintf(o, "<polygon points=\"%d,%d %d,%d %d,%d\" %s/>\n", cx, top, cx - 10, bot, cx + 10, bot, style);
    else
        fprintf(o, "<polygon points=\"%d,%d %d,%d %d,%d\" %s/>\n", cx, bot, cx - 10, top, cx + 10, top, style);
}

/* A chest in the cell at (px, py): gold box, its rank letter, crossed out
 * when no one can reach it. */
static void chest(FILE *o, int px, int py, char letter, int unreachable)
{
    fprintf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"#d4a017\" stroke=\"#6b4f00\" "
               "stroke-width=\"2\"/>\n",
            px + 6, py + 8, CELL - 12, CELL - 16);
    if (letter)
        fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#3b2a00\">%c</text>\n",
                px + CELL / 2, py + CELL / 2 + 4, letter);
    if (unreachable)
        fprintf(o, "<path d=\"M%d,%d L%d,%d M%d,%d L%d,%d\" stroke=\"#b00020\" stroke-width=\"3\"/>\n", px + 3, py + 3,
                px + CELL - 3, py + CELL - 3, px + CELL - 3, py + 3, px + 3, py + CELL - 3);
}

/* Tiles reached from the up stairs over walkable tiles; chests block when
 * chests_solid (the softlock report's reach), else they are walked over. */
static void reach(const pic *f, int chests_solid, uint8_t seen[GROTTO_CELLS])
{
    int stack[GROTTO_CELLS], n = 0;
    memset(seen, 0, GROTTO_CELLS);
    seen[f->up[1] * GROTTO_GRID + f->up[0]] = 1;
    stack[n++] = f->up[1] * GROTTO_GRID + f->up[0];
    while (n) {
        int c = stack[--n], x = c % GROTTO_GRID, y = c / GROTTO_GRID;
        static const int DX[4] = {1, -1, 0, 0}, DY[4] = {0, 0, 1, -1};
        for (int d = 0; d < 4; d++) {
            int nx = x + DX[d], ny = y + DY[d];
            if (nx < 0 || ny < 0 || nx >= f->w || ny >= f->h)
                continue;
            uint8_t t = f->tile[ny][nx];
            int i = ny * GROTTO_GRID + nx;
            if (seen[i] || !grotto_tile_walkable(t) || (chests_solid && t == GROTTO_TILE_CHEST))
                continue;
            seen[i] = 1;
            stack[n++] = i;
        }
    }
}

/* The legend: one entry per colour and mark, in as many columns as fit. */
typedef struct legend {
    FILE *o;
    int x0, y0, cols, i;
} legend;

static void legend_at(const legend *l, int *px, int *py)
{
    *px = l->x0 + (l->i % l->cols) * LEGEND_COL;
    *py = l->y0 + (l->i / l->cols) * LEGEND_ROW;
}

static void legend_text(legend *l, int px, int py, const char *text)
{
    fprintf(l->o, "<text x=\"%d\" y=\"%d\">%s</text>\n", px + 20, py + 11, text);
    l->i++;
}

static void legend_tile(legend *l, const char *style, const char *text)
{
    int px, py;
    legend_at(l, &px, &py);
    fprintf(l->o, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" %s stroke-opacity=\"0.6\"/>\n", px, py, style);
    legend_text(l, px, py, text);
}

static void legend_mark(legend *l, void (*draw)(FILE *, int, int, const void *), const void *arg, const char *text)
{
    int px, py;
    legend_at(l, &px, &py);
    fprintf(l->o, "<g transform=\"translate(%d,%d) scale(0.45)\">\n", px, py - 1);
    draw(l->o, 0, 0, arg);
    fprintf(l->o, "</g>\n");
    legend_text(l, px, py, text);
}

static void draw_up(FILE *o, int px, int py, const void *arg)
{
    triangle(o, px, py, 1, arg);
}

static void draw_down(FILE *o, int px, int py, const void *arg)
{
    triangle(o, px, py, 0, arg);
}

static void draw_chest(FILE *o, int px, int py, const void *arg)
{
    chest(o, px, py, 0, arg != NULL);
}

enum { LEGEND_ENTRIES = 12 };

static void header(FILE *o, int W, int H, const char *title)
{
    fprintf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"DejaVu Sans, sans-serif\" font-size=\"11\">\n",
            W, H, W, H);
    fprintf(o, "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
               "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#cfe0ff\"/>"
               "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#1f5fbf\" stroke-width=\"2\"/></pattern></defs>\n");
    fprintf(o, "<title>%s</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", title, W, H);
    fprintf(o, "<text x=\"%d\" y=\"%d\" font-size=\"14\" font-weight=\"bold\">%s</text>\n", MARGIN, MARGIN, title);
}

/* The tiles, chambers hatched and the region a softlock cuts off shaded. */
static void tiles(FILE *o, const pic *f, int top)
{
    uint8_t reached[GROTTO_CELLS], near[GROTTO_CELLS];
    reach(f, 0, reached);
    reach(f, 1, near);
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            int px = MARGIN + x * CELL, py = top + y * CELL, i = y * GROTTO_GRID + x;
            uint8_t t = f->tile[y][x];
            fprintf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#00000022\"/>\n", px,
                    py, CELL, CELL, tile_fill(t));
            if (!grotto_tile_walkable(t))
                continue;
            if (!reached[i] && t != GROTTO_TILE_CHEST) /* a chamber: sealed floor tiles */
                fprintf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" %s/>\n", px + 1, py + 1, CELL - 2,
                        CELL - 2, CHAMBER_STYLE);
            else if (f->down_cut && reached[i] && !near[i] && t != GROTTO_TILE_CHEST)
                fprintf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" %s/>\n", px, py, CELL, CELL,
                        SOFTLOCK_STYLE);
        }
}

static void marks(FILE *o, const pic *f, int top)
{
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++)
            if (is_ghost(f, x, y))
                triangle(o, MARGIN + x * CELL, top + y * CELL, f->tile[y][x] == GROTTO_TILE_UP, GHOST_STYLE);
    for (int i = 0; i < f->chests; i++)
        chest(o, MARGIN + f->chest[i][0] * CELL, top + f->chest[i][1] * CELL, f->has_map ? f->letter[i] : 0,
              f->unreachable[i]);
    triangle(o, MARGIN + f->up[0] * CELL, top + f->up[1] * CELL, 1, UP_STYLE);
    triangle(o, MARGIN + f->down[0] * CELL, top + f->down[1] * CELL, 0, DOWN_STYLE);
}

static void coordinates(FILE *o, const pic *f, int top)
{
    for (int i = 0; i < f->w; i++)
        fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", MARGIN + i * CELL + CELL / 2, top - 6,
                i);
    for (int i = 0; i < f->h; i++)
        fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", MARGIN - 6, top + i * CELL + CELL / 2 + 4,
                i);
}

static void legend_all(FILE *o, const pic *f, int top, int cols)
{
    legend l = {o, MARGIN, top + f->h * CELL + 12, cols, 0};
    char style[96];
    fprintf(o, "<g id=\"legend\">\n");
    static const struct {
        const char *const *fill;
        const char *text;
    } TILES[] = {{&FILL_FLOOR, "room floor"}, {&FILL_CORRIDOR, "corridor"}, {&FILL_DOOR, "door"},
                 {&FILL_WALL, "wall"},        {&FILL_PARTITION, "partition"}};
    for (size_t i = 0; i < sizeof TILES / sizeof TILES[0]; i++) {
        snprintf(style, sizeof style, "fill=\"%s\" stroke=\"#000000\"", *TILES[i].fill);
        legend_tile(&l, style, TILES[i].text);
    }
    legend_mark(&l, draw_up, UP_STYLE, "up stairs");
    legend_mark(&l, draw_down, DOWN_STYLE, "down stairs");
    legend_mark(&l, draw_up, GHOST_STYLE, "ghost stairs (not usable)");
    legend_mark(&l, draw_chest, NULL, f->has_map ? "chest, letter = rank S..I" : "chest");
    legend_mark(&l, draw_chest, "", "chest no one can reach");
    legend_tile(&l, CHAMBER_STYLE, "chamber (sealed floor)");
    legend_tile(&l, SOFTLOCK_STYLE, "cut off by chests (softlock)");
    fprintf(o, "</g>\n</svg>\n");
}

/* The walk: a line through the centres of its tiles. */
static void walk_line(FILE *o, const json_t *doc, int top)
{
    const json_t *p = json_object_get(doc, "walk_path");
    if (json_array_size(p) < 2)
        return;
    fprintf(o, "<polyline id=\"walk\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"3\" "
               "stroke-linejoin=\"round\" points=\"");
    for (size_t i = 0; i < json_array_size(p); i++) {
        int xy[2];
        xy_of(json_array_get(p, i), xy);
        fprintf(o, "%s%d,%d", i ? " " : "", MARGIN + xy[0] * CELL + CELL / 2, top + xy[1] * CELL + CELL / 2);
    }
    fprintf(o, "\"/>\n");
}

int svg_write_floor(FILE *o, const json_t *doc, const char *title, int with_path)
{
    static pic f;
    pic_of(doc, &f);
    int W = 2 * MARGIN + f.w * CELL;
    int cols = (W - MARGIN) / LEGEND_COL, rows = (LEGEND_ENTRIES + cols - 1) / cols;
    int top = MARGIN + TITLE_H, H = top + f.h * CELL + 16 + rows * LEGEND_ROW + MARGIN / 2;
    header(o, W, H, title);
    fprintf(o, "<g id=\"floor\">\n");
    tiles(o, &f, top);
    marks(o, &f, top);
    if (with_path)
        walk_line(o, doc, top);
    fprintf(o, "</g>\n");
    coordinates(o, &f, top);
    legend_all(o, &f, top, cols);
    return ferror(o) ? -1 : 0;
}
