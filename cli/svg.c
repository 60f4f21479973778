/* A floor as an SVG picture: tiles coloured, stairs and chests drawn,
 * ghost stairs as dashed outlines, coordinates on the edges. */
#include <stdio.h>

#include "svg.h"

enum { CELL = 32, MARGIN = 28 };

static const char *tile_fill(uint8_t t)
{
    switch (t) {
    case GROTTO_TILE_WALL: return "#3a3a3a";
    case GROTTO_TILE_PARTITION: return "#5b4636";
    case GROTTO_TILE_CORRIDOR: return "#cdbb8e";
    case GROTTO_TILE_DOOR: return "#b9774a";
    default: return "#eee3c8"; /* room floor, and the floor under stairs/chests */
    }
}

static int is_ghost(const grotto_floor_t *f, int x, int y)
{
    uint8_t t = grotto_tile_at(f, x, y);
    return (t == GROTTO_TILE_UP || t == GROTTO_TILE_DOWN) && !(x == f->up.x && y == f->up.y) &&
           !(x == f->down.x && y == f->down.y);
}

static void triangle(FILE *o, int x, int y, int up, const char *style)
{
    int cx = MARGIN + x * CELL + CELL / 2, top = MARGIN + y * CELL + 6, bot = MARGIN + (y + 1) * CELL - 6;
    if (up)
        fprintf(o, "<polygon points=\"%d,%d %d,%d %d,%d\" %s/>\n", cx, top, cx - 10, bot, cx + 10, bot, style);
    else
        fprintf(o, "<polygon points=\"%d,%d %d,%d %d,%d\" %s/>\n", cx, bot, cx - 10, top, cx + 10, top, style);
}

int svg_write_floor(FILE *o, const grotto_floor_t *f, const char *title)
{
    int w = f->width, h = f->height;
    int W = 2 * MARGIN + w * CELL, H = 2 * MARGIN + h * CELL + 40;
    fprintf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"monospace\" font-size=\"11\">\n",
            W, H, W, H);
    fprintf(o, "<title>%s</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", title, W, H);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            fprintf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#00000022\"/>\n",
                    MARGIN + x * CELL, MARGIN + y * CELL, CELL, CELL, tile_fill(grotto_tile_at(f, x, y)));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t t = grotto_tile_at(f, x, y);
            if (is_ghost(f, x, y))
                triangle(o, x, y, t == GROTTO_TILE_UP, "fill=\"none\" stroke=\"#7a7a7a\" stroke-dasharray=\"3,2\" stroke-width=\"2\"");
            else if (t == GROTTO_TILE_CHEST)
                fprintf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"#d4a017\" stroke=\"#6b4f00\" stroke-width=\"2\"/>\n",
                        MARGIN + x * CELL + 7, MARGIN + y * CELL + 9, CELL - 14, CELL - 16);
        }
    triangle(o, f->up.x, f->up.y, 1, "fill=\"#2e8b57\" stroke=\"#0b3d20\" stroke-width=\"2\"");
    triangle(o, f->down.x, f->down.y, 0, "fill=\"#c0392b\" stroke=\"#5e1a12\" stroke-width=\"2\"");
    for (int i = 0; i < w; i++)
        fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", MARGIN + i * CELL + CELL / 2,
                MARGIN - 8, i);
    for (int i = 0; i < h; i++)
        fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", MARGIN - 6,
                MARGIN + i * CELL + CELL / 2 + 4, i);
    fprintf(o, "<text x=\"%d\" y=\"%d\">%s</text>\n", MARGIN, MARGIN + h * CELL + 18, title);
    fprintf(o, "<text x=\"%d\" y=\"%d\">green: up stairs, red: down stairs, gold: chest, dashed: ghost stairs</text>\n",
            MARGIN, MARGIN + h * CELL + 34);
    fprintf(o, "</svg>\n");
    return ferror(o) ? -1 : 0;
}
