/* grotto chest RRSSSS FLOOR SECOND | FIRST..LAST [--item NAME]:
 * chests.md §2-§3, one second or a range of seconds of the chest timer. */
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "location.h"

/* The longest range one call shows: a day of seconds. */
enum { CHEST_RANGE_MAX = 86400 };

static void chest_about_more(FILE *out)
{
    fprintf(out,
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
            "With --item a single SECOND is the range SECOND..SECOND.\n",
            CHEST_RANGE_MAX);
}

static const cli_usage CHEST_USAGE = {
    "grotto chest RRSSSS FLOOR SECOND [--json]\ngrotto chest RRSSSS FLOOR FIRST..LAST [--item NAME] [--json]",
    "The chests of one floor (position, rank S..I) and what each contains when the floor's\n"
    "chests are filled at SECOND, the whole seconds elapsed since the (quick)save was\n"
    "loaded (the chest timer). Floors B1F and B2F never have chests (a range there lists\n"
    "nothing).\n",
    chest_about_more,
    NULL,
    NULL,
    "grotto chest 020032 3 7          # Rockbomb shard (H), Strong medicine (I)\n"
    "grotto chest 020032 3 0..9\n"
    "grotto chest DD00A5 16 0..299 --item mimic",
};

/* The floor's chests (chests.md §1-§2). */
typedef struct chest_floor {
    char id[8];
    uint32_t seed;
    int n, count;
    grotto_xy pos[GROTTO_MAX_CHESTS];
    uint8_t rank[GROTTO_MAX_CHESTS];
} chest_floor;

/* The query: seconds and optionally an item (every item number of that name). */
typedef struct chest_query {
    unsigned long first, last;
    int range;
    int item_first;                 /* lowest matching item number, -1 without --item */
    uint8_t item[GT_ITEM_COUNT];    /* 1 = matches */
} chest_query;

static int parse_seconds(const char *text, chest_query *q)
{
    const char *dots = strstr(text, "..");
    if (!dots) {
        q->range = 0;
        if (text[0] && text[0] != '-' && strspn(text, "0123456789") != strlen(text))
            return cli_error("chest", "bad second '%s': expected SECOND or FIRST..LAST, whole numbers 0..4294967295, "
                             "e.g. 7 or 0..299", text);
        if (cli_uint("chest", "second", text, 4294967295ul, &q->first))
            return EXIT_USAGE;
        q->last = q->first;
        return 0;
    }
    char a[32], b[32];
    size_t la = (size_t)(dots - text);
    if (la == 0 || !dots[2] || la >= sizeof a || strlen(dots + 2) >= sizeof b)
        return cli_error("chest", "bad second range '%s': expected FIRST..LAST, e.g. 0..299", text);
    memcpy(a, text, la);
    a[la] = 0;
    snprintf(b, sizeof b, "%s", dots + 2);
    q->range = 1;
    if (cli_uint("chest", "first second", a, 4294967295ul, &q->first) ||
        cli_uint("chest", "last second", b, 4294967295ul, &q->last))
        return EXIT_USAGE;
    if (q->first > q->last)
        return cli_error("chest", "second range %lu..%lu is reversed: FIRST must not exceed LAST", q->first, q->last);
    if (q->last - q->first >= CHEST_RANGE_MAX)
        return cli_error("chest", "second range %lu..%lu spans %lu seconds: at most %d (one day) at a time", q->first,
                         q->last, q->last - q->first + 1, CHEST_RANGE_MAX);
    return 0;
}

static int parse_item(const char *text, chest_query *q)
{
    q->item_first = -1;
    memset(q->item, 0, sizeof q->item);
    for (int i = GT_ITEM_COUNT - 1; i >= 0; i--)
        if (cli_same_text(text, gt_item_name[i].en) || cli_same_text(text, gt_item_name[i].jp))
            q->item[i] = 1, q->item_first = i;
    if (q->item_first < 0)
        return cli_error("chest",
                         "unknown item '%s': expected an item of the chest tables in English (any case) or "
                         "Japanese, e.g. 'Mini medal'",
                         text);
    return 0;
}

/* Can a chest of this rank hold the queried item? */
static int rank_holds(int rank, const chest_query *q)
{
    const struct gt_chest_table *t = &gt_chest_tables[rank];
    for (int i = 0; i < t->count; i++)
        if (q->item[t->entry[i].item])
            return 1;
    return 0;
}

static void contents(const chest_floor *c, uint64_t t, uint8_t item[GROTTO_MAX_CHESTS])
{
    memset(item, 0, GROTTO_MAX_CHESTS);
    grotto_chest_contents(c->seed, c->n, (uint32_t)t, c->count, c->rank, item);
}

static int matches(const chest_floor *c, const chest_query *q, const uint8_t item[GROTTO_MAX_CHESTS])
{
    if (q->item_first < 0)
        return 1;
    for (int i = 0; i < c->count; i++)
        if (q->item[item[i]])
            return 1;
    return 0;
}

/* Walks the range calling emit (if not NULL) for every listed second (all,
 * or those in which some chest holds the item); returns how many were
 * listed and counts, per chest, the seconds in which it holds the item. */
typedef void (*second_fn)(void *ctx, uint64_t t, const uint8_t item[GROTTO_MAX_CHESTS]);

static uint64_t walk(const chest_floor *c, const chest_query *q, second_fn emit, void *ctx,
                     uint64_t per_chest[GROTTO_MAX_CHESTS])
{
    uint64_t listed = 0;
    memset(per_chest, 0, GROTTO_MAX_CHESTS * sizeof *per_chest);
    for (uint64_t t = q->first; t <= q->last; t++) {
        uint8_t item[GROTTO_MAX_CHESTS];
        contents(c, t, item);
        if (!matches(c, q, item))
            continue;
        listed++;
        for (int i = 0; i < c->count; i++)
            per_chest[i] += q->item_first >= 0 && q->item[item[i]];
        if (emit)
            emit(ctx, t, item);
    }
    return listed;
}

/* ---- text ---- */
typedef struct text_ctx {
    const chest_floor *c;
    int second_w, item_w[GROTTO_MAX_CHESTS];
} text_ctx;

static void text_second_row(void *ctx, uint64_t t, const uint8_t item[GROTTO_MAX_CHESTS])
{
    const text_ctx *x = ctx;
    printf("%*llu", x->second_w, (unsigned long long)t);
    for (int i = 0; i < x->c->count; i++)
        printf("  %-*s", i + 1 < x->c->count ? x->item_w[i] : 0, gt_item_name[item[i]].en);
    putchar('\n');
}

static int digits(unsigned long v)
{
    int d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

/* "H, I" - the letters of the ranks 1..10 for which want(rank) holds. */
static void rank_letters(const chest_query *q, int (*want)(int, const chest_query *), char *buf, size_t size)
{
    size_t l = 0;
    buf[0] = 0;
    for (int r = GT_CHEST_RANKS; r >= 1 && l < size; r--)
        if (want(r, q))
            l += (size_t)snprintf(buf + l, size - l, "%s%c", l ? ", " : "", gt_chest_tables[r].letter);
}

static void text_range(const chest_floor *c, const chest_query *q, int possible)
{
    printf("map %s B%dF, seconds %lu..%lu:", c->id, c->n, q->first, q->last);
    for (int i = 0; i < c->count; i++)
        printf("%s chest %d (%u,%u) rank %c", i ? "," : "", i + 1, c->pos[i].x, c->pos[i].y,
               gt_chest_tables[c->rank[i]].letter);
    putchar('\n');
    const char *name = q->item_first >= 0 ? gt_item_name[q->item_first].en : NULL;
    if (name && !possible) {
        char ranks[64];
        rank_letters(q, rank_holds, ranks, sizeof ranks);
        printf("%s is never in these chests: only rank %s chests can hold it (no second gives it)\n", name, ranks);
        return;
    }
    text_ctx x = {c, 6, {0}};
    x.second_w = digits(q->last) > 6 ? digits(q->last) : 6;
    for (int i = 0; i < c->count; i++) {
        const struct gt_chest_table *t = &gt_chest_tables[c->rank[i]];
        x.item_w[i] = 11; /* "chest 1 (H)" */
        for (int k = 0; k < t->count; k++) {
            int w = (int)strlen(gt_item_name[t->entry[k].item].en);
            x.item_w[i] = w > x.item_w[i] ? w : x.item_w[i];
        }
    }
    uint64_t per[GROTTO_MAX_CHESTS];
    if (name) {
        /* count first so the summary precedes the table */
        uint64_t listed = walk(c, q, NULL, NULL, per);
        printf("%s in %llu of %lu seconds", name, (unsigned long long)listed, q->last - q->first + 1);
        for (int i = 0; i < c->count; i++)
            printf("%schest %d: %llu", i ? ", " : " (", i + 1, (unsigned long long)per[i]);
        printf(")\n");
        if (!listed)
            return;
    }
    printf("%*s", x.second_w, "second");
    for (int i = 0; i < c->count; i++) {
        char head[24];
        snprintf(head, sizeof head, "chest %d (%c)", i + 1, gt_chest_tables[c->rank[i]].letter);
        printf("  %-*s", i + 1 < c->count ? x.item_w[i] : 0, head);
    }
    putchar('\n');
    walk(c, q, text_second_row, &x, per);
}

/* ---- JSON ---- */
static void json_items(jw *w, const char *key, const uint8_t *item, int count)
{
    jw_arr(w, key);
    for (int i = 0; i < count; i++) {
        jw_obj(w, NULL);
        jw_int(w, "item", item[i]);
        jw_str(w, "name_en", gt_item_name[item[i]].en);
        jw_str(w, "name_jp", gt_item_name[item[i]].jp);
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

/* "chests": [{pos, rank, letter}] and, given the contents, {item, en, jp}. */
static void json_chests(jw *w, const chest_floor *c, const uint8_t *item)
{
    jw_arr(w, "chests");
    for (int i = 0; i < c->count; i++) {
        char letter[2] = {gt_chest_tables[c->rank[i]].letter, 0};
        jw_obj(w, NULL);
        jw_xy(w, "pos", c->pos[i]);
        jw_int(w, "rank", c->rank[i]);
        jw_str(w, "letter", letter);
        if (item) {
            jw_int(w, "item", item[i]);
            jw_str(w, "name_en", gt_item_name[item[i]].en);
            jw_str(w, "name_jp", gt_item_name[item[i]].jp);
        }
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

typedef struct json_ctx {
    jw *w;
    int count;
} json_ctx;

static void json_second_row(void *ctx, uint64_t t, const uint8_t item[GROTTO_MAX_CHESTS])
{
    json_ctx *x = ctx;
    jw_obj(x->w, NULL);
    jw_uint(x->w, "second", t);
    json_items(x->w, "items", item, x->count);
    jw_end_obj(x->w);
}

static void json_range(const chest_floor *c, const chest_query *q, int possible)
{
    uint64_t per[GROTTO_MAX_CHESTS];
    uint64_t listed = possible ? walk(c, q, NULL, NULL, per) : 0;
    jw w;
    jw_init(&w, stdout);
    jw_obj(&w, NULL);
    jw_str(&w, "map", c->id);
    jw_int(&w, "floor", c->n);
    jw_uint(&w, "first", q->first);
    jw_uint(&w, "last", q->last);
    json_chests(&w, c, NULL);
    if (q->item_first >= 0) {
        jw_obj(&w, "item_filter");
        jw_str(&w, "name_en", gt_item_name[q->item_first].en);
        jw_str(&w, "name_jp", gt_item_name[q->item_first].jp);
        jw_arr(&w, "items");
        for (int i = 0; i < GT_ITEM_COUNT; i++)
            if (q->item[i])
                jw_int(&w, NULL, i);
        jw_end_arr(&w);
        jw_bool(&w, "possible", possible);
        jw_arr(&w, "per_chest");
        for (int i = 0; i < c->count; i++)
            jw_uint(&w, NULL, possible ? per[i] : 0);
        jw_end_arr(&w);
        jw_end_obj(&w);
    } else {
        jw_null(&w, "item_filter");
    }
    jw_uint(&w, "count", listed);
    jw_arr(&w, "seconds");
    if (possible) {
        json_ctx x = {&w, c->count};
        walk(c, q, json_second_row, &x, per);
    }
    jw_end_arr(&w);
    jw_end_obj(&w);
    jw_done(&w);
}

static void json_second(const chest_floor *c, unsigned long second)
{
    uint8_t item[GROTTO_MAX_CHESTS];
    contents(c, second, item);
    jw w;
    jw_init(&w, stdout);
    jw_obj(&w, NULL);
    jw_str(&w, "map", c->id);
    jw_int(&w, "floor", c->n);
    jw_uint(&w, "second", second);
    json_chests(&w, c, item);
    jw_end_obj(&w);
    jw_done(&w);
}

static void text_second(const chest_floor *c, unsigned long second)
{
    uint8_t item[GROTTO_MAX_CHESTS];
    contents(c, second, item);
    printf("map %s B%dF at second %lu: %d chest%s\n", c->id, c->n, second, c->count, c->count > 1 ? "s" : "");
    for (int i = 0; i < c->count; i++)
        printf("  chest %d at (%2u,%2u) rank %c: %s / %s\n", i + 1, c->pos[i].x, c->pos[i].y,
               gt_chest_tables[c->rank[i]].letter, gt_item_name[item[i]].en, gt_item_name[item[i]].jp);
}

int cmd_chest(int argc, char **argv)
{
    const char *pos[3], *item_s = NULL;
    int json = 0, help = 0, npos;
    const cli_opt opts[] = {
        {"RRSSSS", 0, OPT_ARG, NULL, NULL, NULL, "map id (band code and seed in hex, e.g. 020032)"},
        {"FLOOR", 0, OPT_ARG, NULL, NULL, NULL, "floor number 1..floors, or B3F notation"},
        {"SECOND", 0, OPT_ARG, NULL, NULL, NULL, "0..4294967295"},
        {"FIRST..LAST", 0, OPT_ARG, NULL, NULL, NULL, "a range of seconds, both included"},
        {"item", 0, OPT_VALUE, NULL, &item_s, "NAME", "only the seconds that give this item"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md, 'chest')"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse("chest", argc, argv, opts, nopts, pos, 3, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&CHEST_USAGE, opts, nopts);
        return EXIT_OK;
    }
    if (npos < 3)
        return cli_error("chest", "expected RRSSSS FLOOR SECOND or FIRST..LAST; see 'grotto chest --help'");
    int quality;
    chest_floor c;
    chest_query q = {0};
    q.item_first = -1;
    if (cli_map_id("chest", pos[0], &quality, &c.seed) || cli_floor_number("chest", pos[1], &c.n) ||
        parse_seconds(pos[2], &q) || (item_s && parse_item(item_s, &q)))
        return EXIT_USAGE;
    if (item_s)
        q.range = 1;
    grotto_map_details_t d;
    grotto_map_details(quality, c.seed, &d);
    cli_format_map_id(d.band_code, c.seed, c.id);
    if (c.n > d.floors)
        return cli_error("chest", "map %s has %d floors: B%dF is beyond them", c.id, d.floors, c.n);
    if (cli_parse_only)
        return EXIT_OK;
    grotto_floor_t f;
    grotto_floor(c.seed, c.n, &f);
    c.count = f.chest_count;
    memcpy(c.pos, f.chest, sizeof c.pos);
    memset(c.rank, 0, sizeof c.rank);
    if (c.count)
        grotto_chest_ranks(c.seed, c.n, d.smr, c.count, c.rank);
    int possible = 0;
    for (int i = 0; i < c.count; i++)
        possible |= q.item_first < 0 || rank_holds(c.rank[i], &q);
    if (json && q.range)
        json_range(&c, &q, possible);
    else if (json)
        json_second(&c, q.first);
    else if (!c.count)
        printf("map %s B%dF has no chests (floors B1F and B2F never do)\n", c.id, c.n);
    else if (q.range)
        text_range(&c, &q, possible);
    else
        text_second(&c, q.first);
    return EXIT_OK;
}
