/* The text, CSV and documentation of grotto chest RRSSSS all FIRST..LAST,
 * the marathon table (lookup_marathon, lookup/marathon.c): every chest kept
 * by the rank filter against the second. The text is the table cut into
 * blocks of as many chest columns as fit in 100 columns, each block with
 * every second (the rows are kept as item numbers while they stream, and
 * printed at the end); a highlighted item is marked '*'. The CSV has one
 * line per second, one column per chest. The document is described with
 * chest's (cmd_chest.c). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "query.h"
#include "show_research.h"

enum { CELL = 22, LEAD = 22 }; /* '*' + the longest item name (21); "second  stopwatch" */

static struct {
    long long *second;
    uint16_t *cell;               /* item number | 0x100 when highlighted */
    size_t rows, cap;
    size_t cols;
    char *name[256];
} mt;

static void keep_row(const json_t *s)
{
    const json_t *items = json_object_get(s, "items");
    if (mt.rows == mt.cap) {
        size_t n = mt.cap ? mt.cap * 2 : 256;
        long long *sec = realloc(mt.second, n * sizeof *sec);
        if (sec)
            mt.second = sec;
        uint16_t *cell = sec ? realloc(mt.cell, n * (mt.cols ? mt.cols : 1) * sizeof *cell) : NULL;
        if (!cell)
            return; /* out of memory: the row is left out of the text (JSON is complete) */
        mt.cell = cell;
        mt.cap = n;
    }
    mt.second[mt.rows] = res_get_int(s, "second");
    for (size_t i = 0; i < mt.cols; i++) {
        const json_t *it = json_array_get(items, i);
        int item = (int)res_get_int(it, "item") & 0xFF;
        if (!mt.name[item])
            mt.name[item] = strdup(res_get_str(it, "name_en"));
        mt.cell[mt.rows * mt.cols + i] = (uint16_t)(item | (res_get_bool(it, "highlight") ? 0x100 : 0));
    }
    mt.rows++;
}

static void text_head(const json_t *d, const void *args)
{
    (void)args;
    const json_t *hl = json_object_get(d, "highlight");
    printf("map %s, every chest of B1F..B%lldF (ranks %s), seconds %lld..%lld (stopwatch %lld..%lld)\n",
           res_get_str(d, "map"), res_get_int(d, "floor_count"), res_get_str(d, "ranks"), res_get_int(d, "first"),
           res_get_int(d, "last"), res_get_int(d, "first") + 5, res_get_int(d, "last") + 5);
    char list[512];
    size_t n = 0;
    list[0] = 0;
    for (size_t i = 0; i < json_array_size(hl) && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", json_string_value(json_array_get(hl, i)));
    cli_wrap(stdout, "  * marks: ", n ? list : "nothing", ", ", 11);
    mt.cols = json_array_size(json_object_get(d, "chests"));
    mt.rows = 0;
}

static void text_row(const json_t *s, const json_t *h, const void *args)
{
    (void)h, (void)args;
    keep_row(s);
}

static void text_doc(const json_t *d, const void *args)
{
    (void)args;
    const json_t *chests = json_object_get(d, "chests");
    size_t per = (CLI_WIDTH - LEAD) / (CELL + 1);
    if (!mt.cols)
        printf("no chests (B1F and B2F never have any)\n");
    for (size_t c0 = 0; c0 < mt.cols; c0 += per) {
        size_t c1 = c0 + per < mt.cols ? c0 + per : mt.cols;
        printf("\n%10s %10s", "second", "stopwatch");
        for (size_t c = c0; c < c1; c++) {
            const json_t *ch = json_array_get(chests, c);
            char head[32];
            snprintf(head, sizeof head, "B%lldF %lld (%s)", res_get_int(ch, "floor"), res_get_int(ch, "chest"),
                     res_get_str(ch, "letter"));
            printf(" %-*s", c + 1 < c1 ? CELL : 0, head);
        }
        putchar('\n');
        for (size_t r = 0; r < mt.rows; r++) {
            printf("%10lld %10lld", mt.second[r], mt.second[r] + 5);
            for (size_t c = c0; c < c1; c++) {
                uint16_t v = mt.cell[r * mt.cols + c];
                char cell[CELL + 2];
                snprintf(cell, sizeof cell, "%s%s", v & 0x100 ? "*" : "", mt.name[v & 0xFF] ? mt.name[v & 0xFF] : "?");
                printf(" %-*s", c + 1 < c1 ? CELL : 0, cell);
            }
            putchar('\n');
        }
    }
    free(mt.second);
    free(mt.cell);
    for (int i = 0; i < 256; i++)
        free(mt.name[i]);
    memset(&mt, 0, sizeof mt);
}

const cli_renderer MARATHON_TEXT = {text_head, text_row, text_doc};

static void csv_head(const json_t *d, const void *args)
{
    (void)args;
    const json_t *chests = json_object_get(d, "chests");
    printf("second,stopwatch");
    for (size_t i = 0; i < json_array_size(chests); i++) {
        const json_t *c = json_array_get(chests, i);
        printf(",B%lldF %lld %s", res_get_int(c, "floor"), res_get_int(c, "chest"), res_get_str(c, "letter"));
    }
    putchar('\n');
}

static void csv_row(const json_t *s, const json_t *h, const void *args)
{
    (void)h, (void)args;
    const json_t *items = json_object_get(s, "items");
    printf("%lld,%lld%s", res_get_int(s, "second"), res_get_int(s, "stopwatch"), json_array_size(items) ? "," : "\n");
    for (size_t i = 0; i < json_array_size(items); i++)
        query_csv_field(res_get_str(json_array_get(items, i), "name_en"), i + 1 == json_array_size(items));
}

const cli_renderer MARATHON_CSV = {csv_head, csv_row, NULL};
