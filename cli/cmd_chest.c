/* grotto chest RRSSSS FLOOR SECOND | FIRST..LAST [--item NAME] [--stopwatch]:
 * a floor's chests (position, rank) and their contents at one second of the
 * chest timer, or one line per second of a range, optionally only the
 * seconds that give an item. Seconds are the game's internal ones; the
 * player's stopwatch reads 5 more, and --stopwatch takes the seconds as the
 * stopwatch shows them. Run: lookup_chest (lookup/). */
#include <stddef.h>
#include <string.h>

#include "grotto/chests.h"
#include "cli.h"
#include "lookup.h"
#include "show_research.h"

typedef struct chest_args {
    int format;
    lookup_chest_args a;
    int stopwatch;
    lookup_marathon_args m;      /* FLOOR all: the marathon table */
    const char *highlight;
    char highlight_name[LOOKUP_HIGHLIGHT_MAX][64]; /* --highlight's names (m.highlight_name points here) */
} chest_args;

enum { M_FLOOR = 0, M_ALL = 1 };

#define A(f) offsetof(chest_args, a.f)

static const cli_range SECOND = {"second", 0, LOOKUP_SECOND_MAX}, FIRST = {"first second", 0, LOOKUP_SECOND_MAX},
                       LAST = {"last second", 0, LOOKUP_SECOND_MAX};

/* SECOND or FIRST..LAST, whole numbers (lookup_seconds). */
static int seconds(const cli_value *v, const char *text, void *field)
{
    lookup_seconds *s = field;
    unsigned long a, b;
    const char *dots = strstr(text, "..");
    if (!dots) {
        if (text[0] && text[0] != '-' && strspn(text, "0123456789") != strlen(text))
            return cli_error(v->cmd, "bad second '%s': expected SECOND or FIRST..LAST, whole numbers 0..4294967295, "
                                     "e.g. 7 or 0..299", text);
        if (cli_uint_of(v->cmd, &SECOND, text, &a))
            return EXIT_USAGE;
        *s = (lookup_seconds){a, a, 0};
        return 0;
    }
    char first[32], last[32];
    size_t la = (size_t)(dots - text);
    if (la == 0 || !dots[2] || la >= sizeof first || strlen(dots + 2) >= sizeof last)
        return cli_error(v->cmd, "bad second range '%s': expected FIRST..LAST, e.g. 0..299", text);
    snprintf(first, sizeof first, "%.*s", (int)la, text);
    snprintf(last, sizeof last, "%s", dots + 2);
    if (cli_uint_of(v->cmd, &FIRST, first, &a) || cli_uint_of(v->cmd, &LAST, last, &b))
        return EXIT_USAGE;
    if (a > b)
        return cli_error(v->cmd, "second range %lu..%lu is reversed: FIRST must not exceed LAST", a, b);
    *s = (lookup_seconds){a, b, 1};
    return 0;
}
static const cli_kind SECONDS = {seconds, NULL};

static int item(const cli_value *v, const char *text, void *field)
{
    if (lookup_item_filter_of(text, field) != 0)
        return cli_error(v->cmd,
                         "unknown item '%s': expected an item of the chest tables in English (any case) or "
                         "Japanese, e.g. 'Mini medal'",
                         text);
    return 0;
}
static const cli_kind ITEM = {item, NULL};

/* FLOOR: 1..16, B3F, or all (the marathon table). */
static int floor_or_all(const cli_value *v, const char *text, void *field)
{
    if (!strcmp(text, "all")) {
        *(int *)field = 0;
        return 0;
    }
    return cli_floor_of(v->cmd, text, field) ? EXIT_USAGE : 0;
}
static const cli_kind FLOOR_OR_ALL = {floor_or_all, NULL};

static int ranks(const cli_value *v, const char *text, void *field)
{
    static const char *const NAMES[][2] = {{"all", "all"}, {"S-A", "SA"}, {"A-B", "AB"}};
    for (int i = 0; i < 3; i++)
        if (lookup_same_text(text, NAMES[i][0]) || lookup_same_text(text, NAMES[i][1])) {
            *(int *)field = i;
            return 0;
        }
    return cli_error(v->cmd, "bad --ranks '%s': expected all, S-A (ranks S and A) or A-B (ranks A and B)", text);
}
static const cli_kind RANKS = {ranks, NULL};

static int highlight_item(const cli_value *v, const char *t, void *ctx)
{
    chest_args *c = ctx;
    lookup_marathon_args *m = &c->m;
    grotto_item_set s;
    if (!strcmp(t, "none"))
        return 0;
    if (grotto_item_set_by_name(t, &s) <= 0)
        return cli_error(v->cmd, "unknown item '%s' in --highlight: expected items or groups of the chest tables "
                                 "(Millionaire, S weapon, ...), comma-separated, or none", t);
    if (m->highlights == LOOKUP_HIGHLIGHT_MAX)
        return cli_error(v->cmd, "--highlight takes at most %d names", LOOKUP_HIGHLIGHT_MAX);
    snprintf(c->highlight_name[m->highlights], sizeof c->highlight_name[0], "%s", t);
    m->highlight_name[m->highlights] = c->highlight_name[m->highlights];
    m->highlights++;
    for (size_t k = 0; k < sizeof s.bits / sizeof s.bits[0]; k++)
        m->highlight.bits[k] |= s.bits[k];
    return 0;
}

static int highlight(const cli_value *v, const char *text, void *field)
{
    chest_args *c = (chest_args *)((char *)field - offsetof(chest_args, highlight));
    c->highlight = text;
    memset(&c->m.highlight, 0, sizeof c->m.highlight);
    c->m.highlights = 0;
    return cli_each_item(v, text, highlight_item, c);
}
static const cli_kind HIGHLIGHT = {highlight, NULL};

static const cli_option OPTIONS[] = {
    {"item", 0, "NAME", &ITEM, A(item), NULL, 1u << M_FLOOR, 0, 0, NULL, "only the seconds that give this item"},
    {"ranks", 0, "R", &RANKS, offsetof(chest_args, m.ranks), NULL, 1u << M_ALL, 0, 0, NULL,
     "FLOOR all: the chests shown: all (default), S-A or A-B"},
    {"highlight", 0, "LIST", &HIGHLIGHT, offsetof(chest_args, highlight), NULL, 1u << M_ALL, 0, 0, NULL,
     "FLOOR all: the items marked (*), comma-separated items or groups, or\nnone; default the tool's: "
     "Sainted soma, S weapon, Ethereal stone, Metal\nSlime Equips, Millionaire, Lucida shard, Dangerous "
     "bustier, Fuddle bow"},
    {"stopwatch", 0, NULL, &CLI_FLAG, offsetof(chest_args, stopwatch), NULL, 0, 0, 0, NULL,
     "SECOND and FIRST..LAST are stopwatch seconds (the chest timer's + 5)"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 1, NULL,
     "machine-readable (docs/json.md, 'chest' and 'chest all')"},
    {"csv", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_CSV, 1u << M_ALL, 0, 1, NULL,
     "FLOOR all: a header line, then one line per second"},
    {0},
};

static const cli_positional POS[] = {
    {"RRSSSS", &CLI_MAP_ID, A(map), NULL, 0, 0, "map id (band code and seed in hex, e.g. 020032)"},
    {"FLOOR", &FLOOR_OR_ALL, A(floor), NULL, 0, 0,
     "floor number 1..floors, or B3F notation; all: every floor (marathon)"},
    {"SECOND|FIRST..LAST", &SECONDS, A(when), NULL, 0, 0,
     "a second 0..4294967295, or a range of seconds, both included"},
    {0},
};

static const cli_mode MODES[] = {
    {NULL, POS, "expected RRSSSS FLOOR SECOND or FIRST..LAST; see 'grotto chest --help'", NULL},
    {NULL, POS, NULL, "RRSSSS all"},
};

/* FLOOR all chooses the marathon table. */
static int mode_of(const char *cmd, const cli_scan *s)
{
    const char *const *pos;
    (void)cmd;
    return cli_positionals(s, &pos) >= 2 && !strcmp(pos[1], "all") ? M_ALL : M_FLOOR;
}

static void init(void *args)
{
    chest_args *c = args;
    c->a.item.first = -1;
    for (int i = 0; LOOKUP_MARATHON_HIGHLIGHT[i]; i++) {
        grotto_item_set s;
        grotto_item_set_by_name(LOOKUP_MARATHON_HIGHLIGHT[i], &s);
        c->m.highlight_name[c->m.highlights++] = LOOKUP_MARATHON_HIGHLIGHT[i];
        for (size_t k = 0; k < sizeof s.bits / sizeof s.bits[0]; k++)
            c->m.highlight.bits[k] |= s.bits[k];
    }
}

/* Stopwatch seconds to the chest timer's; --item lists seconds; a day at most. */
static int check(const char *cmd, void *args, int mode)
{
    chest_args *c = args;
    lookup_seconds *w = &c->a.when;
    if (c->stopwatch && w->first < GROTTO_STOPWATCH_OFFSET)
        return cli_error(cmd, "stopwatch second %llu is before %d: the stopwatch reads the chest timer's second + %d",
                         (unsigned long long)w->first, GROTTO_STOPWATCH_OFFSET, GROTTO_STOPWATCH_OFFSET);
    if (c->stopwatch)
        w->first -= GROTTO_STOPWATCH_OFFSET, w->last -= GROTTO_STOPWATCH_OFFSET;
    w->range |= c->a.item.first >= 0;
    if (w->last - w->first >= LOOKUP_CHEST_RANGE_MAX)
        return cli_error(cmd, "second range %llu..%llu spans %llu seconds: at most %d (one day) at a time",
                         (unsigned long long)w->first, (unsigned long long)w->last,
                         (unsigned long long)(w->last - w->first + 1), LOOKUP_CHEST_RANGE_MAX);
    if (mode == M_ALL) {
        c->m.map = c->a.map;
        c->m.when = *w;
        return 0;
    }
    int floors = lookup_floor_count(c->a.map);
    if (c->a.floor > floors) {
        char id[8];
        lookup_map_id(c->a.map, id);
        return cli_error(cmd, "map %s has %d floors: B%dF is beyond them", id, floors, c->a.floor);
    }
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    const chest_args *c = args;
    return mode == M_ALL ? lookup_marathon(&c->m, r) : lookup_chest(&c->a, r);
}

/* ---- text ---- */

enum { ITEM_W = 21 }; /* the longest item name of the chest tables */

static void no_chests(const json_t *d)
{
    printf("map %s B%lldF has no chests (floors B1F and B2F never do)\n", res_get_str(d, "map"),
           res_get_int(d, "floor"));
}

static void one_second(const json_t *d, const void *args)
{
    (void)args;
    const json_t *chests = json_object_get(d, "chests");
    size_t n = json_array_size(chests);
    if (res_has(d, "first")) /* a range: already shown as it came */
        return;
    if (!n) {
        no_chests(d);
        return;
    }
    printf("map %s B%lldF at second %lld (stopwatch %lld): %zu chest%s\n", res_get_str(d, "map"),
           res_get_int(d, "floor"), res_get_int(d, "second"), res_get_int(d, "stopwatch"), n, n > 1 ? "s" : "");
    for (size_t i = 0; i < n; i++) {
        const json_t *c = json_array_get(chests, i), *pos = json_object_get(c, "pos");
        printf("  chest %zu at (%2lld,%2lld) rank %s: %s / %s\n", i + 1, (long long)json_integer_value(json_array_get(pos, 0)),
               (long long)json_integer_value(json_array_get(pos, 1)), res_get_str(c, "letter"), res_get_str(c, "name_en"),
               res_get_str(c, "name_jp"));
    }
}

/* "map 020032 B3F, seconds 0..9: chest 1 (6,11) rank H, ..." and, with
 * --item, how many seconds give it; then the table's heading. */
static void range_head(const json_t *d, const void *args)
{
    (void)args;
    const json_t *chests = json_object_get(d, "chests"), *f = json_object_get(d, "item_filter");
    size_t n = json_array_size(chests);
    if (!n) {
        no_chests(d);
        return;
    }
    printf("map %s B%lldF, seconds %lld..%lld:", res_get_str(d, "map"), res_get_int(d, "floor"), res_get_int(d, "first"),
           res_get_int(d, "last"));
    for (size_t i = 0; i < n; i++) {
        const json_t *c = json_array_get(chests, i), *pos = json_object_get(c, "pos");
        printf("%s chest %zu (%lld,%lld) rank %s", i ? "," : "", i + 1, (long long)json_integer_value(json_array_get(pos, 0)),
               (long long)json_integer_value(json_array_get(pos, 1)), res_get_str(c, "letter"));
    }
    putchar('\n');
    if (json_is_object(f) && !res_get_bool(f, "possible")) {
        const json_t *ranks = json_object_get(f, "rank_letters");
        printf("%s is never in these chests: only rank ", res_get_str(f, "name_en"));
        for (size_t i = 0; i < json_array_size(ranks); i++)
            printf("%s%s", i ? ", " : "", json_string_value(json_array_get(ranks, i)));
        printf(" chests can hold it (no second gives it)\n");
        return;
    }
    if (json_is_object(f)) {
        const json_t *per = json_object_get(f, "per_chest");
        printf("%s in %lld of %lld seconds", res_get_str(f, "name_en"), res_get_int(d, "count"),
               res_get_int(d, "last") - res_get_int(d, "first") + 1);
        for (size_t i = 0; i < n; i++)
            printf("%schest %zu: %lld", i ? ", " : " (", i + 1, (long long)json_integer_value(json_array_get(per, i)));
        printf(")\n");
        if (!res_get_int(d, "count"))
            return;
    }
    printf("%10s  %10s", "second", "stopwatch");
    for (size_t i = 0; i < n; i++) {
        char head[64];
        snprintf(head, sizeof head, "chest %zu (%s)", i + 1, res_get_str(json_array_get(chests, i), "letter"));
        printf("  %-*s", i + 1 < n ? ITEM_W : 0, head);
    }
    putchar('\n');
}

static void range_row(const json_t *s, const json_t *head, const void *args)
{
    (void)head, (void)args;
    const json_t *items = json_object_get(s, "items");
    size_t n = json_array_size(items);
    printf("%10lld  %10lld", res_get_int(s, "second"), res_get_int(s, "stopwatch"));
    for (size_t i = 0; i < n; i++)
        printf("  %-*s", i + 1 < n ? ITEM_W : 0, res_get_str(json_array_get(items, i), "name_en"));
    putchar('\n');
}

static int marathon(const void *args)
{
    return ((const chest_args *)args)->a.floor == 0;
}
static void text_head(const json_t *d, const void *args)
{
    (marathon(args) ? MARATHON_TEXT.head : range_head)(d, args);
}
static void text_row(const json_t *s, const json_t *h, const void *args)
{
    (marathon(args) ? MARATHON_TEXT.item : range_row)(s, h, args);
}
static void text_doc(const json_t *d, const void *args)
{
    (marathon(args) ? MARATHON_TEXT.doc : one_second)(d, args);
}

static const cli_renderer TEXT = {text_head, text_row, text_doc};

/* ---- help and documentation ---- */

static void about_more(FILE *out)
{
    fprintf(out,
            "\n"
            "The stopwatch: the community's tools and players time with a stopwatch started when\n"
            "the save is loaded, which reads %d more than the chest timer (stopwatch = second + %d;\n"
            "Solo QL at stopwatch 6 is second 1). Every second is printed both ways; --stopwatch\n"
            "reads SECOND and FIRST..LAST as stopwatch seconds (5 at least).\n"
            "\n"
            "A range FIRST..LAST (at most %d seconds, one day; LAST at most 4294967295) prints\n"
            "one line per second, one column per chest (English names; --json has the Japanese\n"
            "ones too). Two consecutive seconds never give the same contents: the content seed\n"
            "steps by one, which moves the first chest's draw by 51 or 52 of its 100 values, and\n"
            "no chest table holds one item that far apart; so no seconds are joined.\n"
            "--item NAME keeps only the seconds in which at least one chest holds the item and\n"
            "counts them. NAME is an item name in English (any case) or Japanese, e.g. 'mini\n"
            "medal'; a name the chest tables do not know is an error (exit 2). An item that none\n"
            "of this floor's chest ranks can hold is an answer, not an error: it says so, names\n"
            "the ranks that can hold it, and exits 0 with no seconds (\"possible\": false).\n"
            "With --item a single SECOND is the range SECOND..SECOND.\n"
            "\n"
            "FLOOR all: the marathon table - every chest of every floor against the seconds\n"
            "(a single SECOND or FIRST..LAST), as the community tool's marathon view shows it.\n"
            "--ranks S-A keeps the chests of ranks S and A, --ranks A-B those of A and B;\n"
            "--highlight marks items (*). The text prints the table in blocks of three chest\n"
            "columns (each block with every second); --csv has one line per second.\n",
            GROTTO_STOPWATCH_OFFSET, GROTTO_STOPWATCH_OFFSET, LOOKUP_CHEST_RANGE_MAX);
}

static const cli_field FIELDS[] = {
    {"map", "string", "always", "map id", NULL},
    {"floor", "int", "for one floor", "floor number", NULL},
    {"floor_count", "int", "with `all`", "the map's floors", NULL},
    {"ranks", "string", "with `all`", "the rank filter: `all`, `S-A` or `A-B`", NULL},
    {"highlight", "array of string", "with `all`", "the items and groups marked", NULL},
    {"second", "int", "for one second", "the second of the chest timer (the game's, since the save was loaded)", NULL},
    {"stopwatch", "int", "for one second", "the same second as a stopwatch reads it: `second + 5`", NULL},
    {"first", "int", "for a range", "first second", NULL},
    {"last", "int", "for a range", "last second", NULL},
    {"chests", "array of object", "always",
     "the floor's chests in placement order; with `all`, the chests shown, floor by floor", NULL},
    {"chests[].floor", "int", "with `all`", "the chest's floor", NULL},
    {"chests[].chest", "int", "with `all`", "chest 1..3 of its floor", NULL},
    {"chests[].pos", "xy", "always", "the chest's tile", NULL},
    {"chests[].rank", "int", "always", "chest rank 1..10", NULL},
    {"chests[].letter", "string", "always", "the rank's letter", NULL},
    {"chests[].item", "int", "for one second", "the item index (`tools/tables/items.json`)", NULL},
    {"chests[].name_en", "string", "for one second", "the item, English", NULL},
    {"chests[].name_jp", "string", "for one second", "Japanese", NULL},
    {"item_filter", "object or null", "for a range", "the `--item` filter; `null` without it", NULL},
    {"item_filter.name_en", "string", "always", "the item asked for, English", NULL},
    {"item_filter.name_jp", "string", "always", "Japanese", NULL},
    {"item_filter.items", "array of int", "always", "the item indices that name matches", NULL},
    {"item_filter.possible", "bool", "always", "a chest of this floor can hold it at all", NULL},
    {"item_filter.rank_letters", "array of string", "always", "the chest ranks that can hold it, as letters", NULL},
    {"item_filter.per_chest", "array of int", "always", "per chest, the seconds of the range that give it", NULL},
    {"count", "int", "for a range", "seconds listed", NULL},
    {"seconds", "array of object", "for a range",
     "one entry per listed second (with `--item`: only the seconds that give it)", NULL},
    {"seconds[].second", "int", "always", "the second", NULL},
    {"seconds[].stopwatch", "int", "always", "the same on the stopwatch: `second + 5`", NULL},
    {"seconds[].items", "array of object", "always", "per chest, its contents", NULL},
    {"seconds[].items[].item", "int", "always", "item index", NULL},
    {"seconds[].items[].name_en", "string", "always", "English", NULL},
    {"seconds[].items[].name_jp", "string", "always", "Japanese", NULL},
    {"seconds[].items[].highlight", "bool", "with `all`", "one of the highlighted items", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result RESULT = {
    "chest",
    "`grotto chest RRSSSS N SECOND --json` (one second) or `... FIRST..LAST [--item NAME] --json`; "
    "`grotto chest RRSSSS all FIRST..LAST [--ranks R] [--highlight LIST] --json` (the marathon table).",
    "chest 020032 3 7 --json; chest 020032 3 0..20 --json; chest DD00A5 16 0..299 --item mimic --json; "
    "chest DD5BC3 all 0..3 --json; chest DD00A5 all 0..2 --ranks S-A --highlight \"mini medal\" --json",
    FIELDS,
    NULL,
};

const cli_command CMD_chest = {
    .name = "chest",
    .summary = "chest ranks and contents of a floor at a given second (and stopwatch second)",
    .size = sizeof(chest_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 2,
    .mode_of = mode_of,
    .check = check,
    .about = "The chests of one floor (position, rank S..I) and what each contains when the floor's\n"
             "chests are filled at SECOND, the whole seconds elapsed since the (quick)save was\n"
             "loaded (the chest timer). Floors B1F and B2F never have chests (a range there lists\n"
             "nothing).\n",
    .about_more = about_more,
    .examples = "grotto chest 020032 3 7          # Rockbomb shard (H), Strong medicine (I)\n"
                "grotto chest 020032 3 12 --stopwatch   # the same second, as the stopwatch reads it\n"
                "grotto chest 020032 3 0..9\n"
                "grotto chest DD00A5 16 0..299 --item mimic\n"
                "grotto chest DD5BC3 all 0..30 --ranks S-A   # the marathon table: every floor's chests",
    .run = run,
    .result = {&RESULT, &RESULT},
    .render = {[CLI_TEXT] = &TEXT, [CLI_CSV] = &MARATHON_CSV},
};
