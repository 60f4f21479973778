/* grotto oracle [DOMAIN...] [--a E] [--b E] [--against corpus|FILE|DIR]:
 * prove engines and the golden corpus agree over whole domains - every
 * floor, every map, every quality, every timer, the memoized sweep, every
 * floor's walking cost; and
 * --b FILE.jsonl / --b exec:CMD: another tool's floors, maps and chest
 * contents checked field by field (interchange/interchange.h). */
#include <stdlib.h>
#include <string.h>

#include "grotto/tables.h"
#include "base.h"
#include "cli.h"
#include "interchange.h"
#include "oracle.h"

static const cli_usage ORACLE_USAGE = {
    "grotto oracle [DOMAIN...] [--a ENGINE] [--b ENGINE] [--against SRC] [options]\n"
    "grotto oracle --b FILE.jsonl [--a ENGINE] [--show N] [--json]\n"
    "grotto oracle [floors] [maps] [chests] --b exec:CMD [--seeds LO..HI] [--bands LIST]\n"
    "              [--seconds A..B] [--sample N] [--timeout S] [--a ENGINE] [--show N] [--json]\n"
    "              [--quiet]",
    "Computes every item of each domain with engine A (and B) and compares them: A with B\n"
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
    "floors and maps. Each domain ends with one line: items checked of the count its\n"
    "definition gives, items mismatched and per kind, wall and CPU seconds. A domain\n"
    "that did not reach its count is an internal error (exit 2), never a pass.\n",
    NULL,
    "Exit 0 only when every domain was covered and nothing differs; 1 on any difference;\n"
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
    NULL,
    "grotto oracle --a ref --b impl --against corpus\n"
    "grotto oracle timers --a ref --b impl\n"
    "grotto oracle walk --a ref --b impl --against corpus\n"
    "grotto oracle at multibug --a ref --b impl\n"
    "grotto oracle chests --a ref --b impl --full\n"
    "grotto oracle floors --against corpus/golden/floors.digest\n"
    "grotto oracle --b corpus/golden/maps-sample.jsonl\n"
    "grotto oracle --b exec:'python3 tools/adapters/example.py' --sample 200\n"
    "grotto oracle chests --b exec:'python3 tools/adapters/example.py' --seconds 0..255 --sample 500\n"
    "grotto oracle maps --a ref --b legacy --show 3",
};

typedef struct print_ctx {
    const oracle_compare_opts *o;
    int json;
    FILE *json_out;              /* JSON is printed only once everything is known */
    jw w;
    int differ;
    char internal[256];          /* an incomplete domain */
} print_ctx;

static int print_domain(void *arg, const oracle_compare_result *r)
{
    print_ctx *c = arg;
    if (!oracle_result_complete(r)) {
        snprintf(c->internal, sizeof c->internal,
                 "internal error: %s: %llu of %llu items checked (%llu comparisons counted) - not a pass",
                 oracle_domain_name(r->domain), (unsigned long long)r->checked, (unsigned long long)r->expected,
                 (unsigned long long)r->visits);
        return 1;
    }
    c->differ |= r->mismatched != 0;
    if (c->json) {
        jw_raw_item(&c->w);
        oracle_report_json(c->json_out, r, c->o);
    } else {
        for (int i = 0; i < r->first_count; i++)
            oracle_report_item(stdout, r, i, c->o);
        oracle_report_summary(stdout, r, c->o);
        cli_flush_stdout();
    }
    return 0;
}

/* ---- another tool: --b FILE.jsonl / --b exec:CMD ---- */

typedef struct tool_args {
    const char *b, *seeds, *bands, *sample, *timeout, *seconds;
    const grotto_engine *a;
    int exec, floors, maps, chests, show, json, quiet;
} tool_args;

/* --seconds A..B (decimal, A <= B <= IX_MAX_SECOND; one second: A). */
static int second_range(const char *s, int *lo, int *hi)
{
    char *end;
    long a = strtol(s, &end, 10), b = a;
    if (end != s && end[0] == '.' && end[1] == '.') {
        const char *t = end + 2;
        b = strtol(t, &end, 10);
        if (end == t)
            end = (char *)s;
    }
    if (end == s || *end || a < 0 || b < a || b > IX_MAX_SECOND || s[0] == '-' || s[0] == '+')
        return cli_error("oracle", "--seconds '%s': expected A..B or A, decimal seconds, 0 <= A <= B <= %d", s,
                         IX_MAX_SECOND);
    *lo = (int)a, *hi = (int)b;
    return 0;
}

static int run_tool(const tool_args *t)
{
    uint32_t lo = 0, hi = GROTTO_SEED_MAX;
    unsigned bands = (1u << GROTTO_BANDS) - 1u;
    unsigned long sample = 0;
    double timeout = 10;
    int t_lo = 0, t_hi = 0;
    if (!t->exec && (t->seeds || t->bands || t->sample || t->timeout || t->seconds))
        return cli_error("oracle", "--seeds, --bands, --seconds, --sample and --timeout apply to --b exec:CMD only");
    if (t->seconds && second_range(t->seconds, &t_lo, &t_hi))
        return EXIT_USAGE;
    if (t->seconds && !t->chests)
        return cli_error("oracle", "--seconds needs the chests domain");
    if (t->seeds && cli_seed_range("oracle", t->seeds, &lo, &hi))
        return EXIT_USAGE;
    if (t->bands && cli_band_list("oracle", t->bands, &bands))
        return EXIT_USAGE;
    if (t->sample && (cli_uint("oracle", "--sample count", t->sample, 1ul << 30, &sample) ||
                      (sample == 0 && cli_error("oracle", "--sample 0: ask for at least one item"))))
        return EXIT_USAGE;
    if (t->timeout) {
        char *end;
        timeout = strtod(t->timeout, &end);
        if (end == t->timeout || *end || !(timeout > 0 && timeout <= 3600))
            return cli_error("oracle", "--timeout '%s': expected seconds, more than 0 and at most 3600", t->timeout);
    }
    if (t->exec && !t->b[5])
        return cli_error("oracle", "--b exec: needs a command (exec:'python3 my_adapter.py')");
    if (t->bands && !t->maps && !t->chests)
        return cli_error("oracle", "--bands needs the maps or chests domain");
    if (cli_parse_only)
        return EXIT_OK;

    ix_check c;
    if (ix_check_init(&c, t->a, t->exec ? "b" : "file", t->show) != 0)
        return cli_error("oracle", "out of memory");
    c.source = t->b;
    char err[2048];
    int rc;
    ix_exec x = {.command = t->b + 5, .timeout = timeout};
    if (t->exec) {
        size_t n;
        ix_item *items = t->chests ? ix_domain_chests(t->floors, t->maps ? bands : 0, bands, lo, hi, t_lo, t_hi,
                                                      sample, &n)
                                   : ix_domain(t->floors, t->maps ? bands : 0, lo, hi, sample, &n);
        if (!items) {
            ix_check_free(&c);
            if (n)
                return cli_error("oracle", "the domain has %zu items, more than %d: narrow --seeds, --bands or "
                                 "--seconds, or ask --sample N", n, IX_MAX_DOMAIN);
            return cli_error("oracle", "out of memory");
        }
        base_progress pr;
        base_progress_init(&pr, "requests", t->quiet);
        x.progress = base_progress_cb;
        x.progress_ctx = &pr;
        rc = ix_check_exec(&c, &x, items, n, err, sizeof err);
        base_progress_done(&pr);
        free(items);
    } else {
        rc = ix_check_file(&c, t->b, err, sizeof err);
    }
    if (rc != 0) {
        ix_check_free(&c);
        return cli_error("oracle", "%s", err);
    }
    int ok = c.fields_differing == 0;
    if (t->json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_str(&w, "mode", t->exec ? "exec" : "file");
        jw_str(&w, "b", t->exec ? t->b + 5 : t->b);
        fputs(",\"check\":", stdout);
        ix_report_json(stdout, &c);
        if (t->exec)
            jw_uint(&w, "requests", x.requests);
        jw_bool(&w, "ok", ok);
        jw_end_obj(&w);
        jw_done(&w);
    } else {
        ix_report(stdout, &c);
        if (t->exec)
            printf("child '%s': %llu requests, %llu replies, exited 0\n", t->b + 5, (unsigned long long)x.requests,
                   (unsigned long long)x.replies);
        printf("%s\n", ok ? "0 differences" : "DIFFERENCES");
    }
    ix_check_free(&c);
    return ok ? EXIT_OK : EXIT_DIFF;
}

int cmd_oracle(int argc, char **argv)
{
    const char *a_s = NULL, *b_s = NULL, *against = NULL, *threads_s = NULL, *show_s = NULL;
    const char *seeds_s = NULL, *bands_s = NULL, *sample_s = NULL, *timeout_s = NULL, *seconds_s = NULL;
    const char *pos[ORACLE_DOMAIN_COUNT];
    int json = 0, quiet = 0, help = 0, full = 0, npos;
    char a_help[512], b_help[768];
    cli_old_engine_help(a_help, sizeof a_help, "engine A, ", &grotto_engine_ref);
    cli_old_engine_help(b_help, sizeof b_help, "second engine to compare with A item by item, ", NULL);
    snprintf(b_help + strlen(b_help), sizeof b_help - strlen(b_help),
             "\nor another tool's output: FILE.jsonl (any word that is not an\nengine name is a file: ./%s for a "
             "file named %s) or exec:CMD",
             grotto_engines[0]->name, grotto_engines[0]->name);
    const cli_opt opts[] = {
        {"DOMAIN", 0, OPT_ARG, NULL, NULL, NULL,
         "floors, maps, qualities, timers, sweep, walk, at, multibug or chests\n(default: all; at, multibug and "
         "chests only with --b ref/impl)"},
        {"a", 0, OPT_VALUE, NULL, &a_s, "ENGINE", a_help},
        {"b", 0, OPT_VALUE, NULL, &b_s, "ENGINE", b_help},
        {"against", 0, OPT_VALUE, NULL, &against, "SRC",
         "corpus (corpus/golden: floors.digest, maps.digest, timers.jsonl,\nfloor-walk.bin and SHA256SUMS, all "
         "required), a directory holding\nfloors.digest and maps.digest (timers.jsonl, floor-walk.bin optional),\n"
         "or one file for one domain (floors; maps and/or qualities; timers;\nwalk). Files are checked against "
         "the SHA256SUMS beside them.\nWithout --b and --against: corpus"},
        {"threads", 'j', OPT_VALUE, NULL, &threads_s, "N", "threads (default: all cores)"},
        {"show", 0, OPT_VALUE, NULL, &show_s, "N",
         "how many first differences per domain to report in full (default 5,\nat most 128)"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md, 'oracle')"},
        {"quiet", 'q', OPT_FLAG, &quiet, NULL, NULL, "no progress line"},
        {"full", 0, OPT_FLAG, &full, NULL, NULL, "chests: every triple, not the default slice"},
        {"Another tool as a child process (--b exec:CMD)", 0, OPT_SECTION, NULL, NULL, NULL, NULL},
        {"seeds", 0, OPT_VALUE, NULL, &seeds_s, "LO..HI", "seeds asked (hex, default 0..7FFF; one seed: LO)"},
        {"bands", 0, OPT_VALUE, NULL, &bands_s, "LIST",
         "bands of the maps (and chests) asked: band codes in hex as in\nmap ids (02,38,..,DD), comma-separated, or "
         "all (default)"},
        {"seconds", 0, OPT_VALUE, NULL, &seconds_s, "A..B",
         "chests: the seconds asked (decimal, default 0; the tool's\nsearches read 0..255)"},
        {"sample", 0, OPT_VALUE, NULL, &sample_s, "N",
         "ask only N items of each domain, chosen at random with a fixed\nseed (the same items every run)"},
        {"timeout", 0, OPT_VALUE, NULL, &timeout_s, "S", "seconds the child may take per reply and to exit (default 10)"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse("oracle", argc, argv, opts, nopts, pos, ORACLE_DOMAIN_COUNT, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&ORACLE_USAGE, opts, nopts);
        return EXIT_OK;
    }
    unsigned domains = npos ? 0 : ORACLE_ALL_DOMAINS;
    for (int i = 0; i < npos; i++) {
        int d = oracle_domain_by_name(pos[i]);
        if (d < 0)
            return cli_error("oracle",
                             "unknown domain '%s': expected floors, maps, qualities, timers, sweep, walk, at, "
                             "multibug or chests",
                             pos[i]);
        if (domains >> d & 1u)
            return cli_error("oracle", "domain '%s' given twice", pos[i]);
        domains |= 1u << d;
    }
    oracle_compare_opts o = {.threads = 0, .show = 5, .quiet = quiet, .chests_full = full};
    if (threads_s && cli_threads("oracle", threads_s, &o.threads))
        return EXIT_USAGE;
    if (show_s) {
        unsigned long v;
        if (cli_uint("oracle", "--show count", show_s, ORACLE_MAX_SHOW, &v))
            return EXIT_USAGE;
        o.show = (int)v;
    }
    if (!(o.a = cli_engine("oracle", a_s, &grotto_engine_ref)))
        return EXIT_USAGE;
    if (b_s && (!strncmp(b_s, "exec:", 5) || !grotto_engine_by_name(b_s))) {
        tool_args t = {.b = b_s, .seeds = seeds_s, .bands = bands_s, .sample = sample_s, .timeout = timeout_s,
                       .seconds = seconds_s, .a = o.a, .exec = !strncmp(b_s, "exec:", 5), .show = o.show, .json = json,
                       .quiet = quiet};
        if (against)
            return cli_error("oracle", "--against compares engines with the corpus: not with --b %s",
                             t.exec ? "exec:CMD" : "FILE");
        if (!t.exec && npos)
            return cli_error("oracle", "--b FILE: the file decides what is checked: name no domain");
        if (full)
            return cli_error("oracle", "--full applies to the chests domain only (with --b ref/impl)");
        t.floors = t.maps = !npos;
        for (int i = 0; i < npos; i++) {
            if (!strcmp(pos[i], "floors"))
                t.floors = 1;
            else if (!strcmp(pos[i], "maps"))
                t.maps = 1;
            else if (!strcmp(pos[i], "chests"))
                t.chests = 1;
            else
                return cli_error("oracle", "--b exec:CMD runs floors, maps and/or chests, not '%s'", pos[i]);
        }
        return run_tool(&t);
    }
    if (seeds_s || bands_s || sample_s || timeout_s || seconds_s)
        return cli_error("oracle", "--seeds, --bands, --seconds, --sample and --timeout apply to --b exec:CMD only");
    if (b_s && !(o.b = cli_engine("oracle", b_s, NULL)))
        return EXIT_USAGE;
    for (int d = ORACLE_AT; !npos && d <= ORACLE_CHESTS; d++) { /* they compare two engines that compute them */
        char why[256];
        if (oracle_domain_unavailable((oracle_domain)d, &o, why, sizeof why))
            domains &= ~(1u << d);
    }
    if (full && !(domains >> ORACLE_CHESTS & 1u))
        return cli_error("oracle", "--full applies to the chests domain only (with --b ref/impl)");
    if (o.b == o.a)
        return cli_error("oracle", "--a and --b name the same engine");
    if (!o.b && !against)
        against = "corpus";
    o.sweeper = &grotto_engine_impl;
    if (cli_parse_only)
        return EXIT_OK;

    /* every corpus file is loaded and checked before any sweep */
    oracle_corpus corpus = {0};
    char err[4096];
    if (against && oracle_corpus_load(against, domains, &corpus, err, sizeof err) != 0)
        return cli_error("oracle", "%s", err);
    o.want_floors = corpus.floors;
    o.want_maps = corpus.maps;
    o.want_timers = corpus.timers;
    o.want_walk = corpus.walk;
    for (int d = 0; d < ORACLE_DOMAIN_COUNT; d++)
        if ((domains >> d & 1u) && oracle_domain_unavailable((oracle_domain)d, &o, err, sizeof err)) {
            oracle_corpus_free(&corpus);
            return cli_error("oracle", "%s", err);
        }

    print_ctx c = {.o = &o, .json = json};
    char *json_text = NULL;
    size_t json_len = 0;
    if (json) {
        if (!(c.json_out = open_memstream(&json_text, &json_len))) {
            oracle_corpus_free(&corpus);
            return cli_error("oracle", "out of memory");
        }
        jw_init(&c.w, c.json_out);
        jw_obj(&c.w, NULL);
        jw_arr(&c.w, "domains");
    }
    int rc = oracle_run(domains, &o, print_domain, &c);
    oracle_corpus_free(&corpus);
    if (json) {
        jw_end_arr(&c.w);
        jw_bool(&c.w, "ok", !c.differ);
        jw_end_obj(&c.w);
        jw_done(&c.w);
        fclose(c.json_out);
    }
    if (rc < 0 || c.internal[0]) {
        free(json_text);
        return cli_error("oracle", "%s", c.internal[0] ? c.internal : "out of memory (or the sweep failed)");
    }
    if (json)
        fwrite(json_text, 1, json_len, stdout);
    free(json_text);
    return c.differ ? EXIT_DIFF : EXIT_OK;
}
