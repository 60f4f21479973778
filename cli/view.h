/* What the map and floor commands show about one floor, computed with a
 * chosen engine: the floor, its analysis, chest ranks, enemy-list cut. */
#ifndef GROTTO_CLI_VIEW_H
#define GROTTO_CLI_VIEW_H

#include <stddef.h>

#include "cli.h"
#include "grotto/engine.h"

typedef struct floor_view {
    grotto_floor_t f;
    grotto_floor_analysis a;
    int has_map;              /* the fields below are valid */
    uint8_t rank[GROTTO_MAX_CHESTS];
    grotto_elist_t e;
} floor_view;

/* Engine by name (grotto_engine_by_name), dflt when name is NULL; NULL and
 * an error naming the registry's engines (dflt first) otherwise. */
const grotto_engine *cli_engine(const char *cmd, const char *name, const grotto_engine *dflt);
/* Help text of an engine option, from the registry: lead, then the names
 * ("ref (default), impl or legacy", dflt - may be NULL - first and marked),
 * then one line per engine saying what it is. Returns buf. */
const char *cli_old_engine_help(char *buf, size_t size, const char *lead, const grotto_engine *dflt);

/* Floor n of map m (m may be NULL: a bare floor without enemy list/ranks). */
void view_floor(const grotto_engine *e, const grotto_map_t *m, uint32_t seed, int n, floor_view *v);

/* "overflow; 3 ghost stairs; unreachable chest 2; ..." or "-" */
void view_anomalies(const floor_view *v, char *buf, size_t size);
/* Softlock report in one paragraph (lines within 100 columns), for overflow
 * floors: the pattern of the softlock floors seen on the console. */
void view_softlock(FILE *out, const floor_view *v, const char *indent);
/* The floor's monster table (enemy-list.md §1: monsters.json
 * floor_tables[env][floor MR], ascending monster number) with the cut of
 * §5.4: entry j is kept iff j < survivors; the rest never appear. The list
 * comes from the elist of the engine that made the view. has_map only. */
/* Compact, for the map table: "Cannibox*, Mimic*, Teaky Mask 20% | cut: ..."
 * (* trapped-chest monster; "| cut:" starts the entries that do not fit). */
void view_monsters_line(const floor_view *v, char *buf, size_t size);
/* One monster per line: id, spawn share or "chest", EN / JP name, [cut]. */
void view_monsters_block(FILE *out, const floor_view *v, const char *indent);
/* Width for text output: the terminal's columns when standard output is one
 * (at least 60), else 100. */
int view_text_width(void);
/* Prints prefix and text, breaking text after a separator sep (", ") so that
 * no line is wider than width (but for a piece wider than a whole line);
 * continuation lines start with indent spaces. */
void view_wrap(FILE *out, const char *prefix, const char *text, const char *sep, int indent, int width);
/* Help text explaining the marks of both forms. */
void view_monsters_help(FILE *out);

/* JSON object members for the floor (caller opened the object); with a map
 * also "elist" and "monsters": [{id, number, en, jp, trapped_chest, spawn:
 * {lo, hi, weight, percent} or null, kept}]. */
void view_json_floor(jw *w, const floor_view *v, grotto_region region, int with_grid);

#endif
