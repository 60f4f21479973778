/* grotto oracle [DOMAIN...] [--a E] [--b E] [--against corpus|FILE|DIR]:
 * prove engines and the golden corpus agree over whole domains - every
 * floor, every map, every quality, every timer, the memoized sweep, every
 * floor's walking cost, the AT, the multiplayer bug, the chests. Run:
 * oracle_domains_run (oracle/), which streams one value per domain; the
 * text is each first difference in words, then the domain's summary line
 * (oracle_summary_text, wrapped at 100 columns).
 * --b FILE.jsonl / --b exec:CMD: another tool's floors, maps and chest
 * contents checked field by field; run: ix_oracle_run (interchange/).
 * The value of --b chooses the mode (mode_of): an engine name, exec:...,
 * or else a file. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "interchange.h"
#include "oracle.h"

enum { ENGINES, FILE_MODE, EXEC_MODE, BITS_ENGINES = 1, BITS_EXEC = 4 };

typedef struct oracle_args {
    int format;
    oracle_run_args e;           /* ENGINES (and --a, --show, --quiet of every mode) */
    ix_oracle_args t;            /* FILE_MODE, EXEC_MODE */
    struct oracle_b {
        const grotto_engine *engine;
        const char *tool;        /* FILE.jsonl or exec:CMD */
    } b;
    cli_seeds seeds;
    struct oracle_seconds {
        int lo, hi, given;
    } seconds;                   /* EXEC_MODE, chests: --seconds */
    unsigned named;              /* the DOMAINs given, bit per domain */
} oracle_args;

#define E(f) offsetof(oracle_args, e.f)
#define T(f) offsetof(oracle_args, t.f)

static int domain(const cli_value *v, const char *text, void *field)
{
    unsigned *named = field;
    int d = oracle_domain_by_name(text);
    if (d < 0)
        return cli_error(v->cmd, "unknown domain '%s': expected floors, maps, qualities, timers, sweep, walk, at, "
                                 "multibug or chests", text);
    if (*named >> d & 1u)
        return cli_error(v->cmd, "domain '%s' given twice", text);
    *named |= 1u << d;
    return 0;
}
static const cli_kind DOMAIN = {domain, NULL};

/* --b: an engine by name, or another tool (exec:CMD, or any other word: a file). */
static int b_value(const cli_value *v, const char *text, void *field)
{
    struct oracle_b *b = field;
    if (!*text)
        return cli_error(v->cmd, "%s is empty: give an engine, FILE.jsonl or exec:CMD", v->what);
    if (!strncmp(text, "exec:", 5) && !text[5])
        return cli_error(v->cmd, "--b exec: needs a command (exec:'python3 my_adapter.py')");
    if (strncmp(text, "exec:", 5) && (b->engine = grotto_engine_by_name(text)))
        return 0;
    b->tool = text;
    return 0;
}

static void b_help(const cli_option *o, char *buf, size_t size)
{
    cli_engine_help(o, buf, size);
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "\nor another tool's output: FILE.jsonl (any word that is not an\nengine name is a "
             "file: ./%s for a file named %s) or exec:CMD", grotto_engines[0]->name, grotto_engines[0]->name);
}
static const cli_kind B_VALUE = {b_value, b_help};

static int seconds(const cli_value *v, const char *text, void *field)
{
    char *end;
    double s = strtod(text, &end);
    if (end == text || *end || !(s > 0 && s <= 3600))
        return cli_error(v->cmd, "%s '%s': expected seconds, more than 0 and at most 3600", v->what, text);
    *(double *)field = s;
    return 0;
}
static const cli_kind SECONDS = {seconds, NULL};

/* --seconds A..B (decimal, 0 <= A <= B <= IX_MAX_SECOND; one second: A). */
static int second_range(const cli_value *v, const char *text, void *field)
{
    struct oracle_seconds *t = field;
    char *end;
    long a = strtol(text, &end, 10), b = a;
    if (end != text && end[0] == '.' && end[1] == '.') {
        const char *u = end + 2;
        b = strtol(u, &end, 10);
        if (end == u || *u == '-' || *u == '+')
            end = (char *)text;
    }
    if (end == text || *end || a < 0 || b < a || b > IX_MAX_SECOND || text[0] == '-' || text[0] == '+')
        return cli_error(v->cmd, "%s '%s': expected A..B or A, decimal seconds, 0 <= A <= B <= %d", v->what, text,
                         IX_MAX_SECOND);
    t->lo = (int)a, t->hi = (int)b, t->given = 1;
    return 0;
}
static const cli_kind SECOND_RANGE = {second_range, NULL};

static const cli_range SHOW = {"--show count", 0, ORACLE_MAX_SHOW};
static const cli_range SAMPLE = {"--sample", 1, 1ul << 30};

static const cli_option OPTIONS[] = {
    {"a", 0, "ENGINE", &CLI_ENGINE, E(a), &grotto_engine_ref, 0, 0, 0, NULL, "engine A, "},
    {"b", 0, "ENGINE", &B_VALUE, offsetof(oracle_args, b), NULL, 0, 0, 0, NULL,
     "second engine to compare with A item by item, "},
    {"against", 0, "SRC", &CLI_IN_FILE, E(against), NULL, BITS_ENGINES, 0, 0, NULL,
     "corpus (corpus/golden: floors.digest, maps.digest, timers.jsonl,\nfloor-walk.bin and SHA256SUMS, all "
     "required), a directory holding\nfloors.digest and maps.digest (timers.jsonl, floor-walk.bin optional),\n"
     "or one file for one domain (floors; maps and/or qualities; timers;\nwalk). Files are checked against "
     "the SHA256SUMS beside them.\nWithout --b and --against: corpus"},
    {"threads", 'j', "N", &CLI_THREADS, E(threads), NULL, BITS_ENGINES, 0, 0, NULL, "threads (default: all cores)"},
    {"show", 0, "N", &CLI_INT, E(show), &SHOW, 0, 0, 0, NULL,
     "how many first differences per domain to report in full (default 5,\nat most 128)"},
    {"json", 0, NULL, &CLI_FORMAT, 0, &CLI_FMT_JSON, 0, 0, 0, NULL, "machine-readable (docs/json.md, 'oracle')"},
    {"quiet", 'q', NULL, &CLI_FLAG, E(quiet), NULL, BITS_ENGINES | BITS_EXEC, 0, 0, NULL, "no progress line"},
    {"full", 0, NULL, &CLI_FLAG, E(full), NULL, BITS_ENGINES, 0, 0, NULL, "chests: every triple, not the default slice"},
    {"seeds", 0, "LO..HI", &CLI_SEED_RANGE, offsetof(oracle_args, seeds), NULL, BITS_EXEC, 0, 0,
     "Another tool as a child process (--b exec:CMD)", "seeds asked (hex, default 0..7FFF; one seed: LO)"},
    {"bands", 0, "LIST", &CLI_BAND_LIST, T(bands), NULL, BITS_EXEC, 0, 0, NULL,
     "bands of the maps (and chests) asked: band codes in hex as in\nmap ids (02,38,..,DD), comma-separated, or "
     "all (default)"},
    {"seconds", 0, "A..B", &SECOND_RANGE, offsetof(oracle_args, seconds), NULL, BITS_EXEC, 0, 0, NULL,
     "chests: the seconds asked (decimal, default 0; the tool's\nsearches read 0..255)"},
    {"sample", 0, "N", &CLI_UINT, T(sample), &SAMPLE, BITS_EXEC, 0, 0, NULL,
     "ask only N items of each domain, chosen at random with a fixed\nseed (the same items every run)"},
    {"details", 0, NULL, &CLI_FLAG, T(details), NULL, BITS_EXEC, 0, 0, NULL,
     "maps: ask \"details BAND SEED\" (a tool that computes map details\nonly); without a DOMAIN only maps are asked"},
    {"timeout", 0, "S", &SECONDS, T(timeout), NULL, BITS_EXEC, 0, 0, NULL,
     "seconds the child may take per reply and to exit (default 10)"},
    {0},
};

static const cli_positional DOMAINS[] = {
    {"DOMAIN", &DOMAIN, offsetof(oracle_args, named), NULL, 1, 1,
     "floors, maps, qualities, timers, sweep, walk, at, multibug or chests\n(default: all; at, multibug and "
     "chests only with --b ref/impl)"},
    {0},
};
static const cli_mode MODES[] = {
    {NULL, DOMAINS, NULL, "[--b ENGINE]"},
    {NULL, NULL, NULL, "--b FILE.jsonl"},
    {NULL, DOMAINS, NULL, "--b exec:CMD"},
};

/* The value of --b chooses: an engine (or none), exec:CMD, or a file. */
static int mode_of(const char *cmd, const cli_scan *s)
{
    const char *b = cli_given(s, "b");
    (void)cmd;
    if (!b || (strncmp(b, "exec:", 5) && grotto_engine_by_name(b)))
        return ENGINES;
    return strncmp(b, "exec:", 5) ? FILE_MODE : EXEC_MODE;
}

static void init(void *args)
{
    oracle_args *o = args;
    o->e.a = &grotto_engine_ref;
    o->e.show = 5;
    o->seeds.hi = GROTTO_SEED_MAX;
}

static int check(const char *cmd, void *args, int mode)
{
    oracle_args *o = args;
    unsigned other = o->named & ~(1u << ORACLE_FLOORS | 1u << ORACLE_MAPS | 1u << ORACLE_CHESTS);
    int d = 0;
    while (other && !(other >> d & 1u))
        d++;
    if (mode == EXEC_MODE && other)
        return cli_error(cmd, "--b exec:CMD runs floors, maps and/or chests, not '%s'",
                         oracle_domain_name((oracle_domain)d));
    if (mode == EXEC_MODE && o->seconds.given && !(o->named >> ORACLE_CHESTS & 1u))
        return cli_error(cmd, "--seconds needs the chests domain");
    if (mode == EXEC_MODE && o->t.bands && o->named && !(o->named & (1u << ORACLE_MAPS | 1u << ORACLE_CHESTS)))
        return cli_error(cmd, "--bands needs the maps or chests domain");
    if (mode == EXEC_MODE && o->t.details && o->named && !(o->named >> ORACLE_MAPS & 1u))
        return cli_error(cmd, "--details needs the maps domain (it changes how maps are asked)");
    return 0;
}

static int run(const void *args, int mode, res_run *r)
{
    const oracle_args *o = args;
    if (mode == ENGINES) {
        oracle_run_args e = o->e;
        e.b = o->b.engine;
        e.domains = o->named;
        return oracle_domains_run(&e, r);
    }
    ix_oracle_args t = o->t;
    t.b = o->b.tool;
    t.a = o->e.a;
    t.show = o->e.show;
    t.quiet = o->e.quiet;
    t.lo = o->seeds.lo;
    t.hi = o->seeds.hi;
    t.floors = o->named >> ORACLE_FLOORS & 1u;
    t.maps = o->named >> ORACLE_MAPS & 1u;
    t.chests = o->named >> ORACLE_CHESTS & 1u;
    t.t_lo = o->seconds.lo;
    t.t_hi = o->seconds.hi;
    return ix_oracle_run(&t, r);
}

/* ---- text ---- */

static void report(const json_t *first)
{
    for (size_t i = 0; i < json_array_size(first); i++) {
        const json_t *lines = json_object_get(json_array_get(first, i), "report");
        for (size_t j = 0; j < json_array_size(lines); j++)
            printf("%s\n", json_string_value(json_array_get(lines, j)));
    }
}

/* The length of the clause at s: up to the space after the next ';' or
 * ',', or the one before " (" or " in " (a summary breaks only there). */
static size_t clause(const char *s)
{
    size_t n = 1;
    while (s[n] && !(s[n] == ' ' && (s[n - 1] == ';' || s[n - 1] == ',' || s[n + 1] == '(' ||
                                     !strncmp(s + n, " in ", 4))))
        n++;
    return n;
}

/* A domain: its first differences in words, then its summary, broken
 * between clauses so that no line passes CLI_WIDTH. */
static void domain_text(const json_t *d, const json_t *head, const void *args)
{
    enum { INDENT = 10 }; /* the text convention: tests/e2e unwrap() */
    char line[1024];
    int col = 0;
    (void)head, (void)args;
    report(json_object_get(d, "first"));
    oracle_summary_text(d, line, sizeof line);
    for (const char *p = line; *p;) {
        size_t n = clause(p);
        if (col > INDENT && col + (int)n > CLI_WIDTH) {
            printf("\n%*s", INDENT, "");
            col = INDENT, p++, n--; /* the space the clause starts with */
        }
        printf("%.*s", (int)n, p);
        col += (int)n, p += n;
    }
    putchar('\n');
}

/* "  floor fields carried: width 3 ... (of 3)" and the fields no record
 * carried; kind 0 floors, 1 maps, 2 chests. Maps asked as details: the
 * details' fields only. */
static void carried(const json_t *c, int kind)
{
    static const char *const RECORDS[3] = {"floor_records", "map_records", "chest_records"};
    static const char *const PREFIX[3] = {"  floor fields carried: ", "  map fields carried: ",
                                          "  chest fields carried: "};
    static const int FIRST[4] = {0, IX_FIRST_MAP_FIELD, IX_FIRST_CHEST_FIELD, IX_FIELD_COUNT};
    long long n = res_get_int(c, RECORDS[kind]);
    const json_t *carried = json_object_get(c, "carried");
    char line[2048] = "", none[1024] = "";
    if (!n)
        return;
    int last = kind == 1 && res_get_bool(c, "details") ? IX_LEVEL + 1 : FIRST[kind + 1];
    for (int f = FIRST[kind]; f < last; f++) {
        const char *name = ix_field_name((ix_field)f);
        long long k = res_get_int(carried, name);
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s %lld", line[0] ? " " : "", name, k);
        if (!k)
            snprintf(none + strlen(none), sizeof none - strlen(none), "%s%s", none[0] ? ", " : "", name);
    }
    snprintf(line + strlen(line), sizeof line - strlen(line), " (of %lld)", n);
    cli_wrap(stdout, PREFIX[kind], line, " ", 10);
    if (none[0])
        cli_wrap(stdout, "  not carried by any record, so not checked: ", none, ", ", 10);
}

/* --b FILE / exec:CMD: the first differing records, the summary, the verdict. */
static void tool_text(const json_t *d, const void *args)
{
    const json_t *c = json_object_get(d, "check");
    int exec = !strcmp(res_get_str(d, "mode"), "exec");
    char line[2048], chests[48] = "";
    (void)args;
    if (!c)
        return; /* the domains: rendered one by one */
    report(json_object_get(c, "first"));
    if (res_get_int(c, "chest_records"))
        snprintf(chests, sizeof chests, ", %lld chest floors", res_get_int(c, "chest_records"));
    snprintf(line, sizeof line, "interchange check: %s%s vs %s: %lld records (%lld floors, %lld maps%s), %lld "
             "fields compared; %lld records differ, %lld fields differ", exec ? "exec:" : "", res_get_str(d, "b"),
             res_get_str(c, "a"), res_get_int(c, "records"), res_get_int(c, "floor_records"),
             res_get_int(c, "map_records"), chests, res_get_int(c, "fields"), res_get_int(c, "records_differing"),
             res_get_int(c, "fields_differing"));
    cli_wrap(stdout, "", line, " ", 10);
    for (int kind = 0; kind < 3; kind++)
        carried(c, kind);
    const json_t *ignored = json_object_get(c, "ignored_keys");
    line[0] = 0;
    for (size_t i = 0; i < json_array_size(ignored); i++)
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", i ? ", " : "",
                 json_string_value(json_array_get(ignored, i)));
    char prefix[128];
    snprintf(prefix, sizeof prefix, "  keys the format does not define, ignored (in %lld records): ",
             res_get_int(c, "ignored_records"));
    if (line[0])
        cli_wrap(stdout, prefix, line, ", ", 10);
    snprintf(line, sizeof line, "'%s': %lld requests, %lld replies, exited 0", res_get_str(d, "b"),
             res_get_int(d, "requests"), res_get_int(d, "replies"));
    if (exec)
        cli_wrap(stdout, "child ", line, " ", 10);
    printf("%s\n", res_get_bool(d, "ok") ? "0 differences" : "DIFFERENCES");
}

static const cli_renderer TEXT = {NULL, domain_text, tool_text};

/* ---- the documents ---- */

static const cli_field DOMAIN_FIELDS[] = {
    {"domains", "array of object", "always", "the domains, in the order run", NULL},
    {"domains[].domain", "string", "always",
     "`floors`, `maps`, `qualities`, `timers`, `sweep`, `walk`, `at`, `multibug` or `chests`", NULL},
    {"domains[].a", "string", "always", "engine A", NULL},
    {"domains[].b", "string or null", "always", "engine B; `null` without `--b`", NULL},
    {"domains[].against_corpus", "bool", "always", "compared with a corpus", NULL},
    {"domains[].definition", "string", "always", "what the domain's items are, in words", NULL},
    {"domains[].expected", "int", "always", "items the domain holds", NULL},
    {"domains[].checked", "int", "always", "items compared", NULL},
    {"domains[].complete", "bool", "always", "`checked == expected`", NULL},
    {"domains[].mismatched", "int", "always", "items that differ anywhere", NULL},
    {"domains[].differences", "object", "always",
     "per kind of difference (`ab`, `a_corpus`, `b_corpus`, `a_band`, `b_band`, `sweep_a`, `sweep_b`, "
     "`sweep_corpus`), its count", NULL},
    {"domains[].differences.*", "int", "always", "count", NULL},
    {"domains[].seconds", "number", "always", "wall time", NULL},
    {"domains[].cpu_seconds", "number", "always", "CPU time", NULL},
    {"domains[].search_cpu_seconds", "object", "in `walk`",
     "the CPU time of each engine's walk searches alone, its floor generation not counted", NULL},
    {"domains[].search_cpu_seconds.a", "number", "always", "engine A's", NULL},
    {"domains[].search_cpu_seconds.b", "number or null", "always", "engine B's; `null` without `--b`", NULL},
    {"domains[].full", "bool", "in `chests`", "`true` with `--full` (every triple), `false` for the default slice",
     NULL},
    {"domains[].contents_cpu_seconds", "object", "in `chests`",
     "CPU time of each engine's chest-content calls alone (their maps not counted)", NULL},
    {"domains[].contents_cpu_seconds.a", "number", "always", "engine A's", NULL},
    {"domains[].contents_cpu_seconds.b", "number", "always", "engine B's", NULL},
    {"domains[].engine_cpu_seconds", "object", "in `at` and `multibug`",
     "CPU time of each engine's calls alone (and the encoding of their answers), the comparison not counted",
     NULL},
    {"domains[].engine_cpu_seconds.a", "number", "always", "engine A's", NULL},
    {"domains[].engine_cpu_seconds.b", "number or null", "always",
     "engine B's; `null` without `--b` (which these domains require)", NULL},
    {"domains[].first", "array of object", "always",
     "the first mismatched items: the item's fields (`seed`, `floor`, `band`, `quality`, `timer`, `base`, `record`, "
     "`sweep_digest`; for `at`: `seed`, `part` - `marks`, `whistle` or `scan` - and for a scan `pattern` (the "
     "tool's name, `R2`..`3_in_10`), `threshold`, `max_steps`, `pop`; for `multibug`: `band`, `seed`; for "
     "`chests`: `band` (code), `seed`, `floor`, `second` of the lowest differing (map, floor, second) triples), "
     "`kinds` and `report`", NULL},
    {"domains[].first[].*", "int or string", "on a mismatch", "the item's fields (see `grotto oracle --help`)", NULL},
    {"domains[].first[].kinds", "array of string", "on a mismatch", "the kinds of difference of that item", NULL},
    {"domains[].first[].report", "array of string", "on a mismatch",
     "the item in words as the text output shows it (both sides' records or values, the differing parts marked; "
     "grids side by side), one string per line", NULL},
    {"domains[].first[].half_steps", "object", "on a mismatch in `walk`",
     "the walking costs of the item in half-steps (2 x steps)", NULL},
    {"domains[].first[].half_steps.a", "int or null", "on a mismatch (always in `half_steps`)",
     "engine A's; `null`: no path (or no floor from the engine)", NULL},
    {"domains[].first[].half_steps.b", "int or null", "on a mismatch (always in `half_steps`)",
     "engine B's; `null` also without `--b`", NULL},
    {"domains[].first[].half_steps.corpus", "int or null", "on a mismatch (always in `half_steps`)",
     "`floor-walk.bin`'s; `null` also when no corpus was compared", NULL},
    {"ok", "bool", "always", "every domain complete and without a mismatch", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result DOMAINS_RESULT = {
    "oracle",
    "`grotto oracle [DOMAIN...] --json`: one entry per domain run.",
    "oracle floors --a impl --json --quiet; oracle timers --a ref --b impl --json --quiet; "
    "oracle walk --a impl --json --quiet; oracle chests --a impl --b ref --json --quiet; "
    "oracle multibug --a impl --b ref --json --quiet",
    DOMAIN_FIELDS,
    NULL,
};

static const cli_field TOOL_FIELDS[] = {
    {"mode", "string", "always", "`file` or `exec`", NULL},
    {"b", "string", "always", "the file, or the child's command", NULL},
    {"check", "object", "always", "what was checked", NULL},
    {"check.a", "string", "always", "engine A", NULL},
    {"check.records", "int", "always", "interchange records checked", NULL},
    {"check.floor_records", "int", "always", "of them floors", NULL},
    {"check.map_records", "int", "always", "of them maps", NULL},
    {"check.chest_records", "int", "always", "of them chest lines (a floor's chests at a second)", NULL},
    {"check.details", "bool", "always",
     "maps were asked as `details` (`--details`): `chest_ranks` and `elist` were not asked, so not listed in "
     "`not_carried`", NULL},
    {"check.fields", "int", "always", "fields compared", NULL},
    {"check.records_differing", "int", "always", "records with a differing field", NULL},
    {"check.fields_differing", "int", "always", "fields that differ", NULL},
    {"check.carried", "object", "always", "per field name (`grid`, `elist.ofs`, ...), how many records carried it",
     NULL},
    {"check.carried.*", "int", "always", "records", NULL},
    {"check.not_carried", "array of string", "always", "fields the format defines that no record carried (not checked)",
     NULL},
    {"check.ignored_keys", "array of string", "always", "keys the format does not define (the first ones seen)", NULL},
    {"check.ignored_records", "int", "always", "records carrying such keys", NULL},
    {"check.first", "array of object", "always", "the first differing records", NULL},
    {"check.first[].*", "int or string", "on a mismatch",
     "the record's keys (`seed`, `floor`; `band`, `seed`; or `band`, `seed`, `floor`, `second`) and where it "
     "came from (`line` or `request`)", NULL},
    {"check.first[].fields", "array of object", "on a mismatch", "its differing fields", NULL},
    {"check.first[].fields[].*", "int or string", "on a mismatch",
     "`field` (name) and, for a per-floor map field, `floor`; for a chest's `contents.rank`, `contents.item` or "
     "`contents.name`, `chest` (1..3) and `draw`, the raw 15-bit draw of A's generator that decides it (chests.md "
     "§2-§3: the rank draw, or the content draw at that second), and for a content field `v` = scaled(100) of that "
     "draw", NULL},
    {"check.first[].report", "array of string", "on a mismatch",
     "the record in words as the text output shows it (each differing field, the grids side by side), one string "
     "per line", NULL},
    {"requests", "int", "with exec", "requests sent to the child", NULL},
    {"replies", "int", "with exec", "replies the child gave", NULL},
    {"ok", "bool", "always", "no field differs", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static const cli_result TOOL_RESULT = {
    "oracle --b",
    "`grotto oracle --b FILE.jsonl --json` and `grotto oracle --b exec:CMD --json`: another\n"
    "tool's interchange lines (docs/interchange.md) checked field by field against engine A.",
    "oracle --b exec:'python3 tools/adapters/example.py' --sample 20 --json --quiet; "
    "oracle --b corpus/golden/maps-sample.jsonl --json; "
    "oracle --b exec:'python3 tools/adapters/example.py' chests --seeds 5BC3 --bands DD --seconds 12 --json --quiet; "
    "oracle --b exec:'python3 tools/adapters/example.py' --details --seeds 5BC0..5BC3 --json --quiet",
    TOOL_FIELDS,
    NULL,
};

const cli_command CMD_oracle = {
    .name = "oracle",
    .summary = "prove ref, impl and the golden corpus agree over the whole universe",
    .size = sizeof(oracle_args),
    .init = init,
    .options = OPTIONS,
    .modes = MODES,
    .nmodes = 3,
    .mode_of = mode_of,
    .check = check,
    .about = "Computes every item of each domain with engine A (and B) and compares them: A with B\n"
    "byte for byte, and each with the golden corpus. Domains, run in this order (all of\n"
    "them without a DOMAIN argument; name one or more to select):\n"
    "  floors     524,288 FloorRecords (32,768 seeds x 16 floors)\n"
    "  maps       393,216 MapRecords from map(band code) (12 bands x 32,768 seeds)\n"
    "  qualities  8,093,696 MapRecords (247 qualities 2..248 x 32,768 seeds): each engine\n"
    "             generates a seed's 16 floors once (map_floors) and makes the map of every\n"
    "             quality from them (map_from_floors); it must equal that engine's\n"
    "             map(band code) byte for byte, the corpus digest of the band, and B's\n"
    "  timers     16,187,392 timer values (65,536 timers x 247 base qualities): r1, seed,\n"
    "             r3, final quality and entrance location, A vs B; r1/seed/r3 also vs the\n"
    "             corpus sample (timers.jsonl, 1,665 timers). Without --b only the sample's\n"
    "             timers are compared (1,665 x 247 items)\n"
    "  sweep      impl's memoized sweep: its 524,288 floor + 393,216 map digests vs A's\n"
    "             (and B's) digest of each item and vs the corpus\n"
    "  walk       524,288 walking costs (32,768 seeds x 16 floors; research.md section 1):\n"
    "             each engine walks its own floor from the up to the down stairs, in\n"
    "             half-steps; A vs B, each vs the corpus (floor-walk.bin). The line ends\n"
    "             with each engine's search CPU alone (its floor generation not counted)\n"
    "  at         5,177,344 AT items (32,768 seeds x 158), A vs B: per seed the marks\n"
    "             (steps 35..37, R2/+3/N2, the POP of zooms 0..3), the whistle test of\n"
    "             every wandering monster at zoom 0 (no deftness maximum; 100), and 156\n"
    "             drop-pattern scans: 13 patterns x 4 thresholds x (45 steps, POP 35;\n"
    "             400, POP 35; 400, POP 93) - the count and the first 16 starts\n"
    "  multibug   393,216 multiplayer-bug results (12 bands x 32,768 seeds), A vs B: the\n"
    "             map's and the bug map's details, the seed's 16 floors (chests, cuts)\n"
    "  chests     chest contents, A vs B: one item per (map, floor 1..16, second t 0..255),\n"
    "             each side's chest count, ranks and items from its own maps. By default\n"
    "             a slice: every map and floor at t 0..39, and t 40..255 of the seeds that\n"
    "             are multiples of 16 (251,658,240 + 84,934,656 = 336,592,896 items);\n"
    "             --full: all 1,610,612,736 (12 bands x 32,768 seeds x 16 floors x 256 s)\n"
    "at, multibug and chests need --b (no corpus holds them) and two engines that compute\n"
    "them (ref, impl; not legacy): otherwise, when no DOMAIN is named, they are not run.\n"
    "maps and qualities are one pass per seed; the sweep reuses the digests computed for\n"
    "floors and maps. Each domain ends with one summary (wrapped at 100 columns): items\n"
    "checked of the count its definition gives, items mismatched and per kind, wall and\n"
    "CPU seconds. A domain that did not reach its count is an internal error (exit 2),\n"
    "never a pass.\n",
    .notes = "Exit 0 only when every domain was covered and nothing differs; 1 on any difference;\n"
    "2 on bad input, a broken corpus file (wrong size, malformed or missing SHA256SUMS,\n"
    "a checksum that disagrees) or an internal error.\n"
    "\n"
    "Another tool's output (docs/interchange.md) is checked field by field against A. With\n"
    "--b exec:CMD the child gets requests 'floor SEED K' / 'map BAND SEED' / 'chest BAND SEED K\n"
    "T' (decimal; BAND = band code; the chests domain, named only: floor K's chests at second\n"
    "T) on its stdin and answers one interchange line per request; EOF at the end, then it\n"
    "must exit 0. The report: records and fields checked, the first differences\n"
    "(--show) with a grid diff, which fields no record carried (not checked), keys the\n"
    "format does not define. A child that cannot start, dies, hangs or answers garbage (not\n"
    "an interchange line, or for another item), a malformed file or an item given twice:\n"
    "exit 2 with the reason (and the child's last stderr line) - never a pass.\n",
    .examples = "grotto oracle --a ref --b impl --against corpus\n"
                "grotto oracle timers --a ref --b impl\n"
                "grotto oracle walk --a ref --b impl --against corpus\n"
                "grotto oracle at multibug --a ref --b impl\n"
                "grotto oracle chests --a ref --b impl --full\n"
                "grotto oracle floors --against corpus/golden/floors.digest\n"
                "grotto oracle --b corpus/golden/maps-sample.jsonl\n"
                "grotto oracle --b exec:'python3 tools/adapters/example.py' --sample 200\n"
                "grotto oracle chests --b exec:'python3 tools/adapters/example.py' --seconds 0..255 --sample 500\n"
                "grotto oracle maps --details --b exec:'lua5.1 tools/adapters/tkg.lua DIR' --sample 2000\n"
                "grotto oracle maps --a ref --b legacy --show 3",
    .run = run,
    .result = {&DOMAINS_RESULT, &TOOL_RESULT, &TOOL_RESULT},
    .render = {[CLI_TEXT] = &TEXT},
    .hold = 1,
};
