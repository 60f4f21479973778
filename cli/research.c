/* Shared by grotto search, odds, stats and bench --queries (research.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "base.h"
#include "location.h"
#include "universe.h"
#include "oracle.h"
#include "research.h"
#include "view.h"

/* ---- the index ---- */

/* The index's engine when --engine is not given: its default (impl). */
#define INDEX_ENGINE_DEFAULT (&grotto_engine_impl)

int cli_index_engine_check(const char *cmd, const char *engine)
{
    return engine && !cli_index_engine(cmd, engine) ? EXIT_USAGE : 0;
}

const grotto_engine *cli_index_engine(const char *cmd, const char *engine)
{
    if (!engine)
        return INDEX_ENGINE_DEFAULT;
    const grotto_engine *e = grotto_engine_by_name(engine);
    if (!e) {
        char names[128];
        grotto_engine_names(names, sizeof names, INDEX_ENGINE_DEFAULT);
        cli_error(cmd, "unknown engine '%s': expected %s", engine, names);
    }
    return e;
}

const char *cli_index_engine_help(void)
{
    static char help[512];
    if (!help[0]) {
        cli_old_engine_help(help, sizeof help, "", INDEX_ENGINE_DEFAULT);
        snprintf(help + strlen(help), sizeof help - strlen(help),
                 "\nAn engine without a sweep of its own builds the index item by\nitem (slow, never cached; for "
                 "checking); one over another's floors\nredoes the map pass over the default index");
    }
    return help;
}

universe_index *cli_index_open(const char *cmd, const cli_index_args *a, universe_index_opts *opts)
{
    int threads = 0;
    if (a->threads_s && cli_threads(cmd, a->threads_s, &threads))
        return NULL;
    const grotto_engine *engine = cli_index_engine(cmd, a->engine);
    if (!engine)
        return NULL;
    static base_progress p;
    base_progress_init(&p, "universe index", a->quiet);
    *opts = (universe_index_opts){.engine = engine,
                                  .threads = threads,
                                  .cache = !a->no_cache,
                                  .progress = base_progress_cb,
                                  .progress_ctx = &p};
    char err[256];
    universe_index *ix = universe_index_open(opts, err, sizeof err);
    base_progress_done(&p);
    if (!ix) {
        cli_error(cmd, "%s", err);
        return NULL;
    }
    if (getenv("GROTTO_INDEX_TRACE"))
        fprintf(stderr, "grotto %s: index %s\n", cmd, ix->note);
    return ix;
}

void cli_index_help(FILE *out)
{
    fprintf(out, "The universe index every query runs on is built from impl's memoized sweep and kept\n"
                 "in $GROTTO_CACHE_DIR, else $XDG_CACHE_HOME/grotto, else ~/.cache/grotto.\n");
}

/* ---- option values ---- */

/* A name of a gt_name table [1..n]: EN in any case, JP as written; 0 if none. */
static int name_index(const struct gt_name *t, int n, const char *text)
{
    for (int i = 1; i <= n; i++)
        if (cli_same_text(text, t[i].en) || !strcmp(text, t[i].jp))
            return i;
    return 0;
}

static int parse_boss(const char *cmd, const char *text, int *boss)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end != text && !*end && !errno) {
        if (v < 1 || v > GT_BOSS_NAMES)
            return cli_error(cmd, "boss %ld is outside 1..%d", v, GT_BOSS_NAMES);
        *boss = (int)v;
        return 0;
    }
    if ((*boss = name_index(gt_boss_name, GT_BOSS_NAMES, text)))
        return 0;
    return cli_error(cmd, "unknown boss '%s': expected 1..12 or a name such as Nemean (grotto map shows them)", text);
}

static int parse_monster(const char *cmd, const char *text, int *monster)
{
    for (int i = 0; i < GT_MONSTER_COUNT; i++)
        if (cli_same_text(text, gt_monsters[i].en) || !strcmp(text, gt_monsters[i].jp) ||
            cli_same_text(text, gt_monsters[i].id)) {
            *monster = i;
            return 0;
        }
    return cli_error(cmd,
                     "unknown monster '%s': expected an English name (any case), a Japanese name or the "
                     "monster id, e.g. \"Liquid Metal Slime\" or 01B",
                     text);
}

static int parse_range(const char *text, long lo_min, long hi_max, int *lo, int *hi)
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

static int parse_floor_range(const char *cmd, const char *text, int *lo, int *hi)
{
    const char *dots = strstr(text, "..");
    char first[32];
    if (!dots)
        return cli_floor_number(cmd, text, lo) || cli_floor_number(cmd, text, hi) ? EXIT_USAGE : 0;
    snprintf(first, sizeof first, "%.*s", (int)(dots - text < 31 ? dots - text : 31), text);
    if (cli_floor_number(cmd, first, lo) || cli_floor_number(cmd, dots + 2, hi))
        return EXIT_USAGE;
    if (*lo > *hi)
        return cli_error(cmd, "bad floor range '%s': the first floor is above the last", text);
    return 0;
}

static int parse_states(const char *text, uint32_t *out)
{
    static const struct {
        const char *name;
        uint32_t bits;
    } groups[] = {
        {"normal", 1u << 0},
        {"partial", 1u << 1},
        {"only", 1u << 5 | 1u << 14 | 1u << 15 | 1u << 16},
        {"no-enemy", 1u << 6 | 1u << 7 | 1u << 8 | 1u << 9},
        {"special", ((1u << 17) - 1) & ~1u},
    };
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%s", text);
    *out = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        uint32_t bits = 0;
        for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
            if (cli_same_text(t, groups[g].name))
                bits = groups[g].bits;
        if (!bits) {
            char *end;
            long v = strtol(t, &end, 10);
            if (end == t || *end || v < 0 || v > 16)
                return -1;
            bits = 1u << v;
        }
        *out |= bits;
    }
    return *out ? 0 : -1;
}

/* "A,B[,C]": n whole numbers, each within lo[i]..hi[i]. */
static int parse_tuple(const char *text, int n, const int *lo, const int *hi, int *v)
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

/* Base quality from the helpers of rng-and-timer.md §4.4. */
static int parse_base_helper(const char *cmd, const char *boss, const char *reward, int *base)
{
    int v[3];
    if (boss) {
        static const int lo[3] = {1, 0, 1}, hi[3] = {99, 10, 99};
        if (parse_tuple(boss, 3, lo, hi, v))
            return cli_error(cmd,
                             "bad --from-boss '%s': expected LEVEL,REVOCATIONS,GROTTO_LEVEL, e.g. 99,10,99 (level "
                             "1..99, revocations 0..10, grotto level 1..99)",
                             boss);
        *base = v[0] + 5 * v[1] + v[2]; /* 2..248: no clamping needed */
        return 0;
    }
    static const int lo[2] = {1, 0}, hi[2] = {99, 10};
    if (parse_tuple(reward, 2, lo, hi, v))
        return cli_error(cmd, "bad --reward '%s': expected LEVEL,REVOCATIONS, e.g. 99,10 (level 1..99, revocations 0..10)",
                         reward);
    *base = v[0] * 3 / 2 + 5 * v[1]; /* level x 1.5 rounded down */
    if (*base < GROTTO_QUALITY_MIN)
        return cli_error(cmd,
                         "--reward %s gives base quality %d (%d x 1.5 rounded down + 5 x %d), below the 2 the tool "
                         "accepts; the specification does not say what the game does there",
                         reward, *base, v[0], v[1]);
    return 0;
}

/* ---- parsing ---- */

int cli_query_parse(const char *cmd, int odds, const cli_usage *usage, int argc, char **argv, cli_query *cq)
{
    memset(cq, 0, sizeof *cq);
    universe_query *q = &cq->q;
    universe_query_init(q);
    cq->limit = 100;
    const char *band_s = NULL, *env_s = NULL, *boss_s = NULL, *level_s = NULL, *floors_s = NULL, *state_s = NULL,
               *monster_s = NULL, *ghosts_s = NULL, *floor_s = NULL, *location_s = NULL, *base_s = NULL,
               *from_boss = NULL, *reward = NULL, *limit_s = NULL, *pos[1];
    int npos, count = 0, json = 0, csv = 0;
    const cli_opt opts[] = {
        {"Map filters", 0, OPT_SECTION, NULL, NULL, NULL, NULL},
        {"band", 0, OPT_VALUE, NULL, &band_s, "RR", "band of the quality RR (hex 02..F8), e.g. --band DD"},
        {"env", 0, OPT_VALUE, NULL, &env_s, "NAME", "caves, ruins, ice, water or fire (EN any case, or JP)"},
        {"boss", 0, OPT_VALUE, NULL, &boss_s, "B", "boss 1..12 or its name, e.g. --boss Nemean (EN any case, or JP)"},
        {"level", 0, OPT_VALUE, NULL, &level_s, "LO[..HI]", "map level, e.g. --level 99 or --level 90..99"},
        {"floors", 0, OPT_VALUE, NULL, &floors_s, "N", "number of floors, e.g. --floors 16"},
        {"name", 0, OPT_VALUE, NULL, &q->name, "NAME",
         "the English or Japanese name, forgiving case, spaces around it and\nLv1 / Lv.1 / Lv 1: --name "
         "\"granite tunnel of woe lv 1\""},
        {"name-has", 0, OPT_VALUE, NULL, &q->name_has, "TEXT",
         "the name contains TEXT (same forgiveness): --name-has \"Lv.99\""},
        {"arising", 0, OPT_FLAG, &q->arising, NULL, NULL, "only seeds that some timer value yields (no never-seeds)"},
        {"Floor filters (a map passes when one of its floors passes all of them)", 0, OPT_SECTION, NULL, NULL, NULL,
         NULL},
        {"state", 0, OPT_VALUE, NULL, &state_s, "LIST",
         "enemy-list state codes 0..16 or normal, partial, only, no-enemy,\nspecial (any but 0), comma-separated: "
         "--state only,no-enemy"},
        {"monster", 0, OPT_VALUE, NULL, &monster_s, "NAME",
         "the floor's ONLY monster (in an ONLY state), EN any case, JP or id:\n--monster \"liquid metal slime\""},
        {"nipple", 0, OPT_FLAG, &q->nipple, NULL, NULL, "a chest no one can reach (an unreachable chest)"},
        {"chamber", 0, OPT_FLAG, &q->chamber, NULL, NULL, "a sealed pocket of floor tiles"},
        {"ghosts", 0, OPT_VALUE, NULL, &ghosts_s, "N", "at least N ghost stair tiles: --ghosts 3"},
        {"overflow", 0, OPT_FLAG, &q->overflow, NULL, NULL,
         "stair placement entered overflow mode (as on the softlock floors\nseen on the console)"},
        {"up-by-chest", 0, OPT_FLAG, &q->up_by_chest, NULL, NULL,
         "final up stairs 4-adjacent to a chest (the softlock pattern)"},
        {"down-cut", 0, OPT_FLAG, &q->down_cut, NULL, NULL,
         "down stairs cut off from the up stairs with chests solid (softlock)"},
        {"up-on-wall", 0, OPT_FLAG, &q->up_on_wall, NULL, NULL, "final up stairs written on a former wall cell"},
        {"floor", 0, OPT_VALUE, NULL, &floor_s, "F[..G]",
         "only these floors for the floor filters: --floor 3..6, --floor B16F"},
        {"Where", 0, OPT_SECTION, NULL, NULL, NULL, NULL},
        {"location", 0, OPT_VALUE, NULL, &location_s, "L",
         "found at location L: two hex digits as the community writes them\n(--location 72), 0x72, a decimal "
         "1..150 written with 1 or 3 digits\n(5, 072, 114), or an area name (--location \"Wormwood Canyon\"); "
         "a\nmap's locations come from the timer values that yield its seed at\nsome base (or the base given), "
         "plus location 05 for quest 15's map"},
        {"base", 0, OPT_VALUE, NULL, &base_s, "Q",
         odds ? "base quality 2..248 (or --from-boss / --reward; one is required)"
              : "only maps that base quality Q (2..248) produces: a timer value yields\nthe seed and "
                "final_quality(Q, r1) falls in the band (quest 15's\nmap is a gift, not a timer outcome: not "
                "counted)"},
        {"from-boss", 0, OPT_VALUE, NULL, &from_boss, "L,R,G",
         "the base quality of a map from a grotto boss: highest level L (1..99)\n+ 5 x revocations R (0..10) + "
         "the grotto's level G (1..99)"},
        {"reward", 0, OPT_VALUE, NULL, &reward, "L,R",
         "the base quality of a map obtained elsewhere: L x 1.5 rounded down\n+ 5 x R (rng-and-timer.md 4.4; a "
         "result below 2 is refused)"},
        {"Output", 0, OPT_SECTION, NULL, NULL, NULL, NULL},
        {"limit", 0, OPT_VALUE, NULL, &limit_s, "N", "list at most N maps (default 100; 0 = all); counts are complete"},
        {"count", 0, OPT_FLAG, &count, NULL, NULL, "print the number of matching maps alone"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, odds ? "machine-readable (docs/json.md, 'odds')"
                                                       : "machine-readable (docs/json.md, 'search')"},
        {"csv", 0, OPT_FLAG, &csv, NULL, NULL, "a header line, then one line per map (RFC 4180 quoting)"},
        CLI_INDEX_OPTS(&cq->ix),
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse(cmd, argc, argv, opts, nopts, pos, 0, &npos, &cq->help))
        return EXIT_USAGE;
    if (cq->help) {
        if (!cli_parse_only)
            cli_old_help(usage, opts, nopts);
        return 0;
    }
    if (count + json + csv > 1)
        return cli_error(cmd, "give only one of --count, --json and --csv");
    cq->format = count ? QUERY_COUNT : json ? QUERY_JSON : csv ? QUERY_CSV : QUERY_TEXT;
    if (band_s && cli_band(cmd, band_s, &q->band))
        return EXIT_USAGE;
    if (env_s && !(q->env = name_index(gt_env_name, GT_ENV_NAMES, env_s)))
        return cli_error(cmd, "unknown environment '%s': expected caves, ruins, ice, water or fire", env_s);
    if (boss_s && parse_boss(cmd, boss_s, &q->boss))
        return EXIT_USAGE;
    if (level_s && parse_range(level_s, 1, 99, &q->level_lo, &q->level_hi))
        return cli_error(cmd, "bad level '%s': expected N or LO..HI within 1..99", level_s);
    unsigned long v;
    if (floors_s) {
        if (cli_uint(cmd, "floor count", floors_s, GROTTO_MAX_FLOORS, &v))
            return EXIT_USAGE;
        if (v < 2)
            return cli_error(cmd, "floor count %lu is outside 2..16", v);
        q->floors = (int)v;
    }
    if (state_s && parse_states(state_s, &q->states))
        return cli_error(cmd, "bad state list '%s': codes 0..16 or normal, partial, only, no-enemy, special", state_s);
    if (monster_s && parse_monster(cmd, monster_s, &q->monster))
        return EXIT_USAGE;
    if (ghosts_s) {
        if (cli_uint(cmd, "ghost stair count", ghosts_s, 255, &v))
            return EXIT_USAGE;
        if (v < 1)
            return cli_error(cmd, "--ghosts needs a count of at least 1");
        q->ghosts = (int)v;
    }
    if (floor_s) {
        if (parse_floor_range(cmd, floor_s, &q->floor_lo, &q->floor_hi))
            return EXIT_USAGE;
        if (!universe_query_has_floor_filters(q))
            return cli_error(cmd, "--floor restricts the floor filters (--state, --monster, --nipple, --chamber, "
                                  "--ghosts, --overflow, --up-by-chest, --down-cut, --up-on-wall): give one");
    }
    if (location_s) {
        uint8_t set[GROTTO_LOCATION_SET_BYTES];
        if (cli_location_parse(cmd, location_s, set) < 0)
            return EXIT_USAGE;
        q->has_locations = 1;
        for (int l = 1; l <= GT_LOCATION_COUNT; l++)
            q->location[l] = (uint8_t)((set[l / 8] >> (l % 8)) & 1);
    }
    if (!!base_s + !!from_boss + !!reward > 1)
        return cli_error(cmd, "give only one of --base, --from-boss and --reward");
    if (base_s && cli_quality(cmd, base_s, &q->base))
        return EXIT_USAGE;
    if ((from_boss || reward) && parse_base_helper(cmd, from_boss, reward, &q->base))
        return EXIT_USAGE;
    if (from_boss || reward)
        snprintf(cq->base_how, sizeof cq->base_how, "%s %.40s", from_boss ? "--from-boss" : "--reward",
                 from_boss ? from_boss : reward);
    if (odds && !q->base)
        return cli_error(cmd, "give the base quality: --base Q, --from-boss LEVEL,REVOCATIONS,GROTTO_LEVEL or "
                              "--reward LEVEL,REVOCATIONS");
    if (limit_s && cli_uint(cmd, "limit", limit_s, GROTTO_MAP_UNIVERSE, &cq->limit))
        return EXIT_USAGE;
    if (cq->ix.threads_s) {
        int t;
        if (cli_threads(cmd, cq->ix.threads_s, &t))
            return EXIT_USAGE;
    }
    if (cli_index_engine_check(cmd, cq->ix.engine))
        return EXIT_USAGE;
    return 0;
}

/* ---- help ---- */

/* ---- output ---- */

static void details_of(const universe_index *ix, uint32_t m, grotto_map_details_t *d)
{
    int band = (int)(m / GROTTO_SEED_COUNT);
    grotto_map_details_of(&ix->map[m], band, gt_band[band].code, m % GROTTO_SEED_COUNT, d);
}

static void csv_field(const char *s, int last)
{
    if (strpbrk(s, ",\"\r\n")) {
        putchar('"');
        for (; *s; s++) {
            if (*s == '"')
                putchar('"');
            putchar(*s);
        }
        putchar('"');
    } else {
        fputs(s, stdout);
    }
    putchar(last ? '\n' : ',');
}

/* One matching map, printed in the chosen format. */
typedef struct print_ctx {
    const universe_index *ix;
    const cli_query *cq;
    int odds, show_places;
    jw w;
} print_ctx;

static void print_hit(print_ctx *c, const universe_query_hit *h)
{
    const universe_index *ix = c->ix;
    grotto_map_details_t d;
    details_of(ix, h->map, &d);
    char id[8], en[128], jp[192];
    cli_format_map_id(d.band_code, d.seed, id);
    grotto_map_name_en(&d, en, sizeof en);
    grotto_map_name_jp(&d, jp, sizeof jp);
    int arising = ix->seed_start[d.seed + 1] > ix->seed_start[d.seed];
    uint16_t at[GT_LOCATION_COUNT + 1];
    int quest15 = 0;
    universe_query_places(ix, h->map, c->cq->q.base, at, &quest15);
    int format = c->cq->format;
    if (format == QUERY_JSON) {
        jw *w = &c->w;
        jw_obj(w, NULL);
        jw_str(w, "map", id);
        jw_uint(w, "band", d.band_code);
        jw_uint(w, "seed", d.seed);
        jw_str(w, "name_en", en);
        jw_str(w, "name_jp", jp);
        jw_int(w, "env", d.env);
        jw_int(w, "floor_count", d.floors);
        jw_int(w, "boss", d.boss);
        jw_int(w, "level", d.level);
        jw_bool(w, "arising", arising);
        jw_arr(w, "matched_floors");
        for (int n = 0; n < GROTTO_MAX_FLOORS; n++)
            if ((h->floors >> n) & 1)
                jw_int(w, NULL, n + 1);
        jw_end_arr(w);
        if (c->odds) {
            jw_uint(w, "timers", h->timers);
            jw_num(w, "chance", h->timers / (double)GROTTO_TIMER_COUNT, 16); /* k / 2^16: exact in 16 decimals */
        }
        jw_arr(w, "locations");
        for (int l = 1; l <= GT_LOCATION_COUNT; l++) {
            if (!at[l] && !(quest15 && l == GT_QUEST15_LOCATION))
                continue;
            jw_obj(w, NULL);
            jw_int(w, "location", l);
            if (c->odds)
                jw_uint(w, "timers", at[l]);
            cli_json_location(w, "location_info", l);
            jw_end_obj(w);
        }
        jw_end_arr(w);
        jw_bool(w, "quest15", quest15);
        jw_end_obj(w);
        return;
    }
    char floors[96] = "", places[2048] = "";
    size_t fl = 0, pl = 0;
    for (int n = 0; n < GROTTO_MAX_FLOORS; n++)
        if ((h->floors >> n) & 1)
            fl += (size_t)snprintf(floors + fl, sizeof floors - fl, format == QUERY_CSV ? "%s%d" : "%sB%dF",
                                   fl ? " " : "", n + 1);
    for (int l = 1; l <= GT_LOCATION_COUNT && pl < sizeof places - 200; l++) {
        int q15 = quest15 && l == GT_QUEST15_LOCATION;
        if (!at[l] && !q15)
            continue;
        if (format == QUERY_CSV) {
            pl += (size_t)snprintf(places + pl, sizeof places - pl, "%s%02X", pl ? " " : "", l);
            continue;
        }
        char t[160];
        cli_location_text(l, 0, t, sizeof t);
        pl += (size_t)snprintf(places + pl, sizeof places - pl, "%s%s%s", pl ? "; " : "", t,
                               q15 && !at[l] ? " (quest 15)" : "");
        if (c->odds && at[l] > 1)
            pl += (size_t)snprintf(places + pl, sizeof places - pl, " x%u", at[l]);
    }
    if (format == QUERY_CSV) {
        char num[7][16];
        snprintf(num[0], sizeof num[0], "%02X", d.band_code);
        snprintf(num[1], sizeof num[1], "%04X", d.seed);
        snprintf(num[2], sizeof num[2], "%s", gt_env_name[d.env].en);
        snprintf(num[3], sizeof num[3], "%d", d.floors);
        snprintf(num[4], sizeof num[4], "%d", d.boss);
        snprintf(num[5], sizeof num[5], "%d", d.level);
        snprintf(num[6], sizeof num[6], "%u", h->timers);
        const char *f[] = {id, num[0], num[1], en, jp, num[2], num[3], num[4], num[5], arising ? "yes" : "no", floors};
        for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
            csv_field(f[i], 0);
        if (c->odds) {
            char ch[32];
            snprintf(ch, sizeof ch, "%.16f", h->timers / (double)GROTTO_TIMER_COUNT);
            csv_field(num[6], 0);
            csv_field(ch, 0);
        }
        csv_field(places, 1);
        return;
    }
    printf("%s  %-34s %s%s", id, en, jp, arising ? "" : "  (never-seed)");
    if (c->odds)
        printf("  %u/65536 = %.4f%%", h->timers, 100.0 * h->timers / GROTTO_TIMER_COUNT);
    if (floors[0])
        printf("  floors %s", floors);
    if (c->show_places)
        printf("  at %s", places[0] ? places : "-");
    putchar('\n');
}

static void print_odds_summary(print_ctx *c, const universe_query_result *r)
{
    const cli_query *cq = c->cq;
    double chance = r->timers / (double)GROTTO_TIMER_COUNT;
    if (cq->format == QUERY_JSON) {
        jw *w = &c->w;
        jw_uint(w, "timers", r->timers);
        jw_num(w, "chance", chance, 16);
        jw_uint(w, "produced", r->produced);
        return;
    }
    printf("base quality %d%s%s%s produces %u maps from the 65536 timer values; %u match%s\n", cq->q.base,
           cq->base_how[0] ? " (" : "", cq->base_how, cq->base_how[0] ? ")" : "", r->produced, r->count,
           r->count == 1 ? "es" : "");
    printf("chance of a matching map: %u/65536 = %.4f%%", r->timers, 100.0 * chance);
    if (r->timers)
        printf(" (1 in %.1f)", 1.0 / chance);
    printf("\n(odds count timer values only: quest 15's map 020032 at location 05 is a gift, not drawn)\n");
}

int cli_query_print(const char *cmd, int odds, const cli_query *cq)
{
    universe_index_opts o;
    universe_index *ix = cli_index_open(cmd, &cq->ix, &o);
    if (!ix)
        return EXIT_USAGE;
    universe_query_result r;
    if (universe_query_run(ix, &cq->q, &r) != 0) {
        universe_index_close(ix);
        return cli_error(cmd, "out of memory");
    }
    print_ctx c = {ix, cq, odds, odds || cq->q.base || cq->q.has_locations, {0}};
    unsigned long shown = cq->limit && cq->limit < r.count ? cq->limit : r.count;
    if (cq->format == QUERY_COUNT) {
        printf("%u\n", r.count);
    } else {
        if (cq->format == QUERY_JSON) {
            jw_init(&c.w, stdout);
            jw_obj(&c.w, NULL);
            if (odds) {
                jw_int(&c.w, "base", cq->q.base);
                jw_uint(&c.w, "timer_values", GROTTO_TIMER_COUNT);
            }
            jw_arr(&c.w, "maps");
        } else if (cq->format == QUERY_CSV) {
            printf("map,band,seed,name_en,name_jp,env,floor_count,boss,level,arising,matched_floors,%slocations\n",
                   odds ? "timers,chance," : "");
        }
        for (unsigned long i = 0; i < shown; i++)
            print_hit(&c, &r.hit[i]);
        if (cq->format == QUERY_JSON) {
            jw_end_arr(&c.w);
            jw_uint(&c.w, "found", r.count);
            jw_uint(&c.w, "shown", shown);
            if (odds)
                print_odds_summary(&c, &r);
            jw_end_obj(&c.w);
            jw_done(&c.w);
        } else if (cq->format == QUERY_TEXT) {
            printf("%u map%s found%s\n", r.count, r.count == 1 ? "" : "s",
                   shown < r.count ? " (raise --limit or use --limit 0 to list all)" : "");
            if (odds)
                print_odds_summary(&c, &r);
        }
    }
    universe_query_result_free(&r);
    universe_index_close(ix);
    return EXIT_OK;
}
