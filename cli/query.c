/* What grotto search and odds share (query.h): the kinds of their filter
 * values, the check, and the renderers of their documents - text, one map
 * per line (places on a line of their own), --csv and --count. The run is
 * universe_search (universe/search.c). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/tables.h"
#include "lookup.h"
#include "query.h"
#include "show.h"

const cli_range QUERY_FLOOR_COUNT = {"floor count", 2, GROTTO_MAX_FLOORS}, QUERY_GHOSTS = {"ghost stair count", 1, 255},
                QUERY_LIMIT = {"limit", 0, GROTTO_MAP_UNIVERSE};

/* ---- kinds ---- */

/* A name of a gt_name table [1..n]: EN in any case, JP as written; 0 if none. */
static int name_index(const struct gt_name *t, int n, const char *text)
{
    for (int i = 1; i <= n; i++)
        if (lookup_same_text(text, t[i].en) || !strcmp(text, t[i].jp))
            return i;
    return 0;
}

static int env(const cli_value *v, const char *text, void *field)
{
    if (!(*(int *)field = name_index(gt_env_name, GT_ENV_NAMES, text)))
        return cli_error(v->cmd, "unknown environment '%s': expected caves, ruins, ice, water or fire", text);
    return 0;
}
const cli_kind QUERY_ENV = {env, NULL};

static int boss(const cli_value *v, const char *text, void *field)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (end != text && !*end && !errno) {
        if (n < 1 || n > GT_BOSS_NAMES)
            return cli_error(v->cmd, "boss %ld is outside 1..%d", n, GT_BOSS_NAMES);
        *(int *)field = (int)n;
        return 0;
    }
    if ((*(int *)field = name_index(gt_boss_name, GT_BOSS_NAMES, text)))
        return 0;
    return cli_error(v->cmd, "unknown boss '%s': expected 1..12 or a name such as Nemean (grotto map shows them)",
                     text);
}
const cli_kind QUERY_BOSS = {boss, NULL};

static int monster(const cli_value *v, const char *text, void *field)
{
    for (int i = 0; i < GT_MONSTER_COUNT; i++)
        if (lookup_same_text(text, gt_monsters[i].en) || !strcmp(text, gt_monsters[i].jp) ||
            lookup_same_text(text, gt_monsters[i].id)) {
            *(int *)field = i;
            return 0;
        }
    return cli_error(v->cmd,
                     "unknown monster '%s': expected an English name (any case), a Japanese name or the "
                     "monster id, e.g. \"Liquid Metal Slime\" or 01B",
                     text);
}
const cli_kind QUERY_MONSTER = {monster, NULL};

/* "N" or "LO..HI" within lo_min..hi_max. */
static int range_of(const char *text, long lo_min, long hi_max, int *lo, int *hi)
{
    char *end;
    errno = 0;
    long a = strtol(text, &end, 10), b = a;
    if (end == text || errno || !isdigit((unsigned char)text[0]))
        return -1;
    if (!strncmp(end, "..", 2)) {
        char *e2;
        b = strtol(end + 2, &e2, 10);
        if (e2 == end + 2 || *e2 || !isdigit((unsigned char)end[2]))
            return -1;
    } else if (*end) {
        return -1;
    }
    if (a < lo_min || b > hi_max || a > b)
        return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

static int levels(const cli_value *v, const char *text, void *field)
{
    universe_query *q = field;
    if (range_of(text, 1, 99, &q->level_lo, &q->level_hi))
        return cli_error(v->cmd, "bad level '%s': expected N or LO..HI within 1..99", text);
    return 0;
}
const cli_kind QUERY_LEVELS = {levels, NULL};

static int floors(const cli_value *v, const char *text, void *field)
{
    universe_query *q = field;
    const char *dots = strstr(text, "..");
    char first[32];
    if (!dots)
        return cli_floor_of(v->cmd, text, &q->floor_lo) || cli_floor_of(v->cmd, text, &q->floor_hi) ? EXIT_USAGE : 0;
    snprintf(first, sizeof first, "%.*s", (int)(dots - text < 31 ? dots - text : 31), text);
    if (cli_floor_of(v->cmd, first, &q->floor_lo) || cli_floor_of(v->cmd, dots + 2, &q->floor_hi))
        return EXIT_USAGE;
    if (q->floor_lo > q->floor_hi)
        return cli_error(v->cmd, "bad floor range '%s': the first floor is above the last", text);
    return 0;
}
const cli_kind QUERY_FLOORS = {floors, NULL};

static int state_item(const cli_value *v, const char *t, void *ctx)
{
    static const struct {
        const char *name;
        uint32_t bits;
    } GROUPS[] = {
        {"normal", 1u << 0},
        {"partial", 1u << 1},
        {"only", 1u << 5 | 1u << 14 | 1u << 15 | 1u << 16},
        {"no-enemy", 1u << 6 | 1u << 7 | 1u << 8 | 1u << 9},
        {"special", ((1u << 17) - 1) & ~1u},
        {"4-enemy", 1u << 2},
        {"3-enemy", 1u << 3 | 1u << 10 | 1u << 11 | 1u << 12},
        {"2-enemy", 1u << 4 | 1u << 13},
    };
    for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++)
        if (lookup_same_text(t, GROUPS[g].name)) {
            *(uint32_t *)ctx |= GROUPS[g].bits;
            return 0;
        }
    char *end;
    long n = strtol(t, &end, 10);
    if (end == t || *end || n < 0 || n > 16)
        return cli_error(v->cmd, "bad state list: '%s' is not a state: codes 0..16 or normal, partial, only, "
                                 "no-enemy, special, 4-enemy, 3-enemy, 2-enemy", t);
    *(uint32_t *)ctx |= 1u << n;
    return 0;
}

static int states(const cli_value *v, const char *text, void *field)
{
    *(uint32_t *)field = 0;
    if (!*text)
        return cli_error(v->cmd, "bad state list '': codes 0..16 or normal, partial, only, no-enemy, special");
    return cli_each_item(v, text, state_item, field);
}
const cli_kind QUERY_STATES = {states, NULL};

static int location(const cli_value *v, const char *text, void *field)
{
    universe_query *q = field;
    uint8_t set[LOOKUP_LOCATION_SET_BYTES];
    int n = lookup_location_set(text, set);
    if (n < 0)
        return cli_error(v->cmd, "location '%s' is outside 1..150 (hex 01..96)", text);
    if (n == 0)
        return cli_error(v->cmd,
                         "unknown location '%s': expected two hex digits as the community writes them (72 = 114), "
                         "0x72, a decimal 1..150 written with 1 or 3 digits (5, 072, 114), or an area name such as "
                         "'Angel Falls'",
                         text);
    q->has_locations = 1;
    for (int l = 1; l <= GT_LOCATION_COUNT; l++)
        q->location[l] = (uint8_t)((set[l / 8] >> (l % 8)) & 1);
    return 0;
}
const cli_kind QUERY_LOCATION = {location, NULL};

/* "A,B[,C]": n whole numbers, each within lo[i]..hi[i]. */
static int tuple(const char *text, int n, const int *lo, const int *hi, int *v)
{
    const char *p = text;
    for (int i = 0; i < n; i++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        char *end;
        long x = strtol(p, &end, 10);
        if (x < lo[i] || x > hi[i] || end - p > 3)
            return -1;
        v[i] = (int)x;
        p = end;
        if (i + 1 < n && *p++ != ',')
            return -1;
    }
    return *p ? -1 : 0;
}

typedef struct helper {
    int base;
    char how[64];
} helper;

static int from_boss(const cli_value *v, const char *text, void *field)
{
    static const int lo[3] = {1, 0, 1}, hi[3] = {99, 10, 99};
    int n[3];
    helper *h = field;
    if (tuple(text, 3, lo, hi, n))
        return cli_error(v->cmd,
                         "bad --from-boss '%s': expected LEVEL,REVOCATIONS,GROTTO_LEVEL, e.g. 99,10,99 (level "
                         "1..99, revocations 0..10, grotto level 1..99)", text);
    h->base = n[0] + 5 * n[1] + n[2]; /* 2..248: no clamping needed */
    snprintf(h->how, sizeof h->how, "--from-boss %.40s", text);
    return 0;
}
const cli_kind QUERY_FROM_BOSS = {from_boss, NULL};

static int reward(const cli_value *v, const char *text, void *field)
{
    static const int lo[2] = {1, 0}, hi[2] = {99, 10};
    int n[2];
    helper *h = field;
    if (tuple(text, 2, lo, hi, n))
        return cli_error(v->cmd,
                         "bad --reward '%s': expected LEVEL,REVOCATIONS, e.g. 99,10 (level 1..99, revocations 0..10)",
                         text);
    h->base = n[0] * 3 / 2 + 5 * n[1]; /* level x 1.5 rounded down */
    if (h->base < GROTTO_QUALITY_MIN)
        return cli_error(v->cmd,
                         "--reward %s gives base quality %d (%d x 1.5 rounded down + 5 x %d), below the 2 the tool "
                         "accepts; what the game does there is not known",
                         text, h->base, n[0], n[1]);
    snprintf(h->how, sizeof h->how, "--reward %.40s", text);
    return 0;
}
const cli_kind QUERY_REWARD = {reward, NULL};

static void index_engine_help(const cli_option *o, char *buf, size_t size)
{
    cli_engine_help(o, buf, size);
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "\nAn engine without a sweep of its own builds the index item by\nitem (slow, never "
                                "cached; for checking); one over another's floors\nredoes the map pass over the "
                                "default index");
}
const cli_kind QUERY_INDEX_ENGINE = {cli_engine_of, index_engine_help};

/* ---- the kinds of research.md §1-§2 (issue 20) ---- */

const cli_range QUERY_SMR = {"first-floor monster rank", 1, 12}, QUERY_CHAMBER_COUNT = {"chamber count", 1, 16},
                QUERY_TO_FLOOR = {"floor", 1, GROTTO_MAX_FLOORS};

static int name_part(const cli_value *v, const char *text, void *field, const struct gt_name *t, int n,
                     const char *what)
{
    if (!(*(int *)field = name_index(t, n, text)))
        return cli_error(v->cmd, "unknown %s '%s': expected a part of a map name as grotto map shows it, EN (any "
                                 "case) or JP, e.g. %s", what, text, t[1].en);
    return 0;
}

static int prefix(const cli_value *v, const char *text, void *field)
{
    return name_part(v, text, field, gt_prefix_name, GT_PREFIX_NAMES, "prefix");
}
static int suffix(const cli_value *v, const char *text, void *field)
{
    return name_part(v, text, field, gt_suffix_name, GT_SUFFIX_NAMES, "suffix");
}
static int locale(const cli_value *v, const char *text, void *field)
{
    return name_part(v, text, field, gt_locale_name, GT_LOCALE_NAMES, "locale");
}
const cli_kind QUERY_PREFIX = {prefix, NULL}, QUERY_SUFFIX = {suffix, NULL}, QUERY_LOCALE = {locale, NULL};

static int seeds(const cli_value *v, const char *text, void *field)
{
    universe_query *q = field;
    cli_seeds w;
    if (CLI_SEED_RANGE.conv(v, text, &w))
        return EXIT_USAGE;
    q->seed_lo = (int)w.lo;
    q->seed_hi = (int)w.hi;
    return 0;
}
const cli_kind QUERY_SEEDS = {seeds, NULL};

/* "S2": rank letter (S = 10 .. I = 1) and an exact count 0..48 */
static int chest_item(const cli_value *v, const char *t, void *ctx)
{
    static const char LETTERS[] = "IHGFEDCBAS"; /* rank 1..10 */
    universe_query *q = ctx;
    const char *at = t[0] ? strchr(LETTERS, toupper((unsigned char)t[0])) : NULL;
    char *end;
    long n = at && isdigit((unsigned char)t[1]) ? strtol(t + 1, &end, 10) : -1;
    if (!at || n < 0 || *end || n > 3 * GROTTO_MAX_FLOORS)
        return cli_error(v->cmd, "bad chest count '%s': expected a rank letter S A B C D E F G H I and a count "
                                 "0..48, e.g. S2", t);
    int r = (int)(at - LETTERS);
    if (q->chest_ranks >> r & 1)
        return cli_error(v->cmd, "bad chest counts: rank %c given twice", LETTERS[r]);
    q->chest_ranks |= (uint16_t)(1u << r);
    q->chests[r] = (uint8_t)n;
    return 0;
}

static int chests(const cli_value *v, const char *text, void *field)
{
    universe_query *q = field;
    q->chest_ranks = 0;
    if (!*text)
        return cli_error(v->cmd, "bad chest counts '': expected e.g. S2,A3");
    return cli_each_item(v, text, chest_item, field);
}
const cli_kind QUERY_CHESTS = {chests, NULL};

static int bq_count(const cli_value *v, const char *text, void *field)
{
    static const char *const NAMES[] = {"1", "1'", "D", "D'"};
    for (int i = 0; i < 4; i++)
        if (lookup_same_text(text, NAMES[i])) {
            *(int *)field = UNIVERSE_BQ_ONE + i;
            return 0;
        }
    return cli_error(v->cmd, "bad --bq-count '%s': expected 1, 1', D or D'", text);
}
const cli_kind QUERY_BQ_COUNT = {bq_count, NULL};

static int sort_by(const cli_value *v, const char *text, void *field)
{
    static const char *const NAMES[] = {"steps", "tiles", "walk", "chamber", "ghosts"};
    for (int i = 0; i < 5; i++)
        if (lookup_same_text(text, NAMES[i])) {
            *(int *)field = UNIVERSE_SORT_STEPS + i;
            return 0;
        }
    return cli_error(v->cmd, "bad --sort '%s': expected steps, tiles, walk, chamber or ghosts", text);
}
const cli_kind QUERY_SORT = {sort_by, NULL};

/* ---- init, check, help ---- */

void query_init(void *args)
{
    query_args *a = args;
    universe_query_init(&a->a.q);
    a->a.q.floor_lo = 0; /* --floor not given (check() restores 1..16) */
    a->a.limit = ULONG_MAX; /* not given: check() sets the default */
}

/* The checks of the ranking options (search). */
static int sort_check(const char *cmd, query_args *a)
{
    universe_query *q = &a->a.q;
    int floors = q->sort > UNIVERSE_SORT_STEPS, dd = grotto_band_of_quality(0xDD);
    if (!q->sort && (q->desc || q->to_match || q->to_floor))
        return cli_error(cmd, "--desc, --to-match and --to-floor rank the maps: give --sort");
    if (q->sort != UNIVERSE_SORT_STEPS && (q->to_match || q->to_floor))
        return cli_error(cmd, "--to-match and --to-floor apply to --sort steps");
    if (q->to_match && !universe_query_has_floor_filters(q))
        return cli_error(cmd, "--to-match sums the floors before the first matched floor: give a floor filter "
                              "(--state, --monster, ...)");
    if (floors && q->band >= 0 && q->band != dd)
        return cli_error(cmd, "--sort tiles, walk, chamber and ghosts rank band DD's floors, as the community "
                              "tool does: leave out --band or give --band DD");
    if (floors) {
        q->band = dd;
        q->findable = 0; /* the tool ranks every floor it samples */
    }
    if (a->a.limit == ULONG_MAX)
        a->a.limit = floors ? 0 : 100; /* the floor rankings keep the tool's cut */
    return 0;
}

int query_check(const char *cmd, void *args, int odds)
{
    query_args *a = args;
    universe_query *q = &a->a.q;
    q->findable = !a->include_unfindable || a->arising;
    if (sort_check(cmd, a))
        return EXIT_USAGE;
    a->a.odds = odds;
    if (a->helper.base) {
        q->base = a->helper.base;
        a->a.base_how = a->helper.how;
    }
    if (odds && !q->base)
        return cli_error(cmd, "give the base quality: --base Q, --from-boss LEVEL,REVOCATIONS,GROTTO_LEVEL or "
                              "--reward LEVEL,REVOCATIONS");
    if (q->base && (a->include_unfindable || a->arising)) /* a base gives only maps that can be found */
        return cli_error(cmd, "%s does not apply with a base quality (--base, --from-boss, --reward): every map "
                              "a base gives can be found", a->arising ? "--arising" : "--include-unfindable");
    if (!q->floor_lo)
        q->floor_lo = 1;
    else if (!universe_query_has_floor_filters(q))
        return cli_error(cmd, "--floor restricts the floor filters (--state, --monster, --nipple, --chamber, "
                              "--ghosts, --overflow, --up-by-chest, --down-cut, --up-on-wall, --flag0, "
                              "--chambers-per-floor, --chestless, --down-unreachable): give one");
    return 0;
}

void query_index_help(FILE *out)
{
    fprintf(out, "The universe index every query runs on is built from impl's memoized sweep and kept\n"
                 "in $GROTTO_CACHE_DIR, else $XDG_CACHE_HOME/grotto, else ~/.cache/grotto. The words:\n"
                 "'grotto help terms'.\n");
}

/* ---- text ---- */

static int odds_of(const void *args)
{
    return ((const query_args *)args)->a.odds;
}

/* Where it is found, for the text: "72 Wormwood Canyon ◯; 05 ... (quest 15)". */
static void places(const json_t *m, int odds, char *buf, size_t size)
{
    const json_t *locs = json_object_get(m, "locations");
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < json_array_size(locs) && n + 200 < size; i++) {
        const json_t *l = json_array_get(locs, i);
        char t[256];
        show_location(json_object_get(l, "location_info"), SHOW_LOC_EN, t, sizeof t);
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s", n ? "; " : "", t,
                              res_get_bool(l, "quest15") ? " (quest 15)" : "");
        if (odds && res_get_int(l, "timers") > 1)
            n += (size_t)snprintf(buf + n, size - n, " x%lld", res_get_int(l, "timers"));
    }
}

/* search --sort: "104.5 steps", "47 steps to B8F", "164 tiles: B13F
 * 16x16"; a header line before each group of the per-floor metrics. */
static void ranked(const json_t *m, const universe_query *q, char *buf, size_t size)
{
    static char group[32];
    static const char *const UNIT[] = {"", "steps", "tiles", "steps", "tiles", "ghost stairs"};
    if (!res_has(m, "sort_value") || q->sort < UNIVERSE_SORT_STEPS || q->sort > UNIVERSE_SORT_GHOSTS)
        return;
    const char *g = res_get_str(m, "sort_group");
    double v = res_get_num(m, "sort_value");
    long long floor = res_get_int(m, "sort_floor");
    if (q->sort != UNIVERSE_SORT_STEPS) {
        if (strcmp(g, group) != 0) {
            snprintf(group, sizeof group, "%s", g);
            printf("-- %s\n", g);
        }
        snprintf(buf, size, "%g %s: B%lldF %s", v, UNIT[q->sort], floor, res_get_str(m, "sort_size"));
    } else if (q->to_match || q->to_floor) {
        snprintf(buf, size, "%g steps to B%lldF", v, floor);
    } else {
        snprintf(buf, size, "%g steps", v);
    }
}

static void map_line(const json_t *m, const json_t *head, const void *args)
{
    (void)head;
    const query_args *a = args;
    char first[320], chance[64] = "", fl[96] = "", at[2048];
    snprintf(first, sizeof first, "%s  %-34s %s", res_get_str(m, "map"), res_get_str(m, "name_en"),
             res_get_str(m, "name_jp"));
    if (a->a.odds)
        snprintf(chance, sizeof chance, "%lld/65536 = %.4f%%", res_get_int(m, "timers"),
                 100.0 * res_get_int(m, "timers") / 65536);
    const json_t *floors = json_object_get(m, "matched_floors");
    for (size_t i = 0, n = 0; i < json_array_size(floors); i++)
        n += (size_t)snprintf(fl + n, sizeof fl - n, "%sB%lldF", n ? " " : "floors ",
                              (long long)json_integer_value(json_array_get(floors, i)));
    char rank[96] = "";
    ranked(m, &a->a.q, rank, sizeof rank);
    const char *pieces[] = {first, !res_get_bool(m, "arising") ? "(never-seed)"
                                   : !res_get_bool(m, "findable") ? "(unfindable)" : "",
                            chance, fl, rank};
    cli_wrap_pieces(stdout, pieces, 5, "  ", 8);
    if (a->a.odds || a->a.q.base || a->a.q.has_locations) {
        places(m, odds_of(args), at, sizeof at);
        cli_wrap(stdout, "        at ", at[0] ? at : "-", "; ", 11);
    }
}

static void summary(const json_t *d, const void *args)
{
    long long found = res_get_int(d, "found"), shown = res_get_int(d, "shown");
    printf("%lld map%s found%s\n", found, found == 1 ? "" : "s",
           shown < found ? " (raise --limit or use --limit 0 to list all)" : "");
    if (!odds_of(args))
        return;
    long long timers = res_get_int(d, "timers");
    const char *how = res_get_str(d, "base_how");
    printf("base quality %lld%s%s%s produces %lld maps from the 65536 timer values; %lld match%s\n",
           res_get_int(d, "base"), how[0] ? " (" : "", how, how[0] ? ")" : "", res_get_int(d, "produced"), found,
           found == 1 ? "es" : "");
    printf("chance of a matching map: %lld/65536 = %.4f%%", timers, 100.0 * timers / 65536);
    if (timers)
        printf(" (1 in %.1f)", 65536.0 / timers);
    printf("\n(odds count timer values only: quest 15's map 020032 at location 05 is a gift, not drawn)\n");
}

const cli_renderer QUERY_TEXT = {NULL, map_line, summary};

/* ---- --csv and --count ---- */

/* The CSV line being built: its fields are appended here and the line
 * goes to stdout in one write at its last field (a whole-universe listing
 * has a quarter of a million fields; stdio's per-call cost was a tenth of
 * such a query). A field that does not fit flushes what is held first. */
static struct {
    char buf[4096];
    size_t n;
} csv_line;

static void csv_put(char c)
{
    if (csv_line.n == sizeof csv_line.buf) {
        fwrite(csv_line.buf, 1, csv_line.n, stdout);
        csv_line.n = 0;
    }
    csv_line.buf[csv_line.n++] = c;
}

/* The length of a CSV field, or -1 when it must be quoted (RFC 4180): it
 * holds a comma, a quote or a line break. A loop, not strpbrk: the fields
 * are a few bytes long and strpbrk's set-up cost was a twentieth of a
 * whole-universe listing. */
static long csv_plain_length(const char *s)
{
    const char *p = s;
    for (; *p; p++)
        if (*p == ',' || *p == '"' || *p == '\r' || *p == '\n')
            return -1;
    return p - s;
}

static void csv_field(const char *s, int last)
{
    long len = csv_plain_length(s);
    if (len >= 0 && (size_t)len < sizeof csv_line.buf - csv_line.n) { /* room for it and its separator */
        memcpy(csv_line.buf + csv_line.n, s, (size_t)len);
        csv_line.n += (size_t)len;
    } else {
        int quote = len < 0;
        if (quote)
            csv_put('"');
        for (; *s; s++) {
            if (quote && *s == '"')
                csv_put('"');
            csv_put(*s);
        }
        if (quote)
            csv_put('"');
    }
    csv_put(last ? '\n' : ',');
    if (last) {
        fwrite(csv_line.buf, 1, csv_line.n, stdout);
        csv_line.n = 0;
    }
}

static void csv_head(const json_t *d, const void *args)
{
    (void)d;
    printf("map,band,seed,name_en,name_jp,env,floor_count,boss,level,arising,matched_floors,%slocations\n",
           odds_of(args) ? "timers,chance," : "");
}

/* v written at out in decimal, or in upper-case hexadecimal with at least
 * `width` digits; returns the end (a NUL is written there). The rows of a
 * whole-universe listing print six numbers each and snprintf was a quarter
 * of such a query's instructions. */
static char *put_number(char *out, long long v, int hex, int width)
{
    char t[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    unsigned base = hex ? 16u : 10u;
    do {
        t[n++] = "0123456789ABCDEF"[u % base];
        u /= base;
    } while (u);
    while (n < width)
        t[n++] = '0';
    if (v < 0)
        *out++ = '-';
    while (n)
        *out++ = t[--n];
    *out = 0;
    return out;
}

/* The elements of an array of numbers, space-separated, at out (at most
 * size bytes with the NUL); an element's `key` when given, else the
 * element itself. */
static void put_list(char *out, size_t size, const json_t *arr, const char *key, int hex, int width)
{
    char *p = out, *end = out + size;
    *p = 0;
    for (size_t i = 0; i < json_array_size(arr) && end - p > 24; i++) {
        const json_t *e = json_array_get(arr, i);
        if (p != out)
            *p++ = ' ';
        p = put_number(p, key ? res_get_int(e, key) : (long long)json_integer_value(e), hex, width);
    }
}

static void csv_row(const json_t *m, const json_t *head, const void *args)
{
    (void)head;
    char num[6][24], fl[96], locs[600];
    put_number(num[0], res_get_int(m, "band"), 1, 2);
    put_number(num[1], res_get_int(m, "seed"), 1, 4);
    put_number(num[2], res_get_int(m, "floor_count"), 0, 0);
    put_number(num[3], res_get_int(m, "boss"), 0, 0);
    put_number(num[4], res_get_int(m, "level"), 0, 0);
    put_number(num[5], res_get_int(m, "timers"), 0, 0);
    put_list(fl, sizeof fl, json_object_get(m, "matched_floors"), NULL, 0, 0);
    put_list(locs, sizeof locs, json_object_get(m, "locations"), "location", 1, 2);
    const char *f[] = {res_get_str(m, "map"), num[0], num[1], res_get_str(m, "name_en"), res_get_str(m, "name_jp"),
                       res_get_str(m, "env_en"), num[2], num[3], num[4], res_get_bool(m, "arising") ? "yes" : "no", fl};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        csv_field(f[i], 0);
    if (odds_of(args)) {
        char ch[32];
        snprintf(ch, sizeof ch, "%.16f", res_get_num(m, "chance"));
        csv_field(num[5], 0);
        csv_field(ch, 0);
    }
    csv_field(locs, 1);
}

static void count(const json_t *d, const void *args)
{
    (void)args;
    printf("%lld\n", res_get_int(d, "found"));
}

void query_csv_field(const char *s, int last)
{
    csv_field(s, last);
}

const cli_renderer QUERY_CSV = {csv_head, csv_row, NULL}, QUERY_COUNT = {NULL, NULL, count};

/* ---- documentation ---- */

const cli_field QUERY_SEARCH_FIELDS[] = {
    {"maps", "array of search_map", "always",
     "the maps found, at most `--limit`; with `--sort`, ranked (`sort_*` fields)", NULL},
    {"found", "int", "always",
     "maps that pass the filters (`--sort steps`: those with a walking cost; `--sort tiles`, `walk`, "
     "`chamber`, `ghosts`: the floors ranked, one per layout, before the tool's cut)", NULL},
    {"shown", "int", "always", "maps listed in `maps`", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

const cli_field QUERY_ODDS_FIELDS[] = {
    {"base", "int", "always", "the base quality", NULL},
    {"base_how", "string or null", "always",
     "how it was given: `--from-boss L,R,G` or `--reward L,R`; `null` for `--base`", NULL},
    {"timer_values", "int", "always", "65536: every timer value", NULL},
    {"maps", "array of search_map", "always", "the maps found", NULL},
    {"found", "int", "always", "maps that pass the filters", NULL},
    {"shown", "int", "always", "maps listed", NULL},
    {"timers", "int", "always",
     "timer values giving a map that passes (with `--location`: at such a location)", NULL},
    {"chance", "number", "always", "`timers / 65536`", NULL},
    {"produced", "int", "always", "distinct maps the base quality produces at all", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
