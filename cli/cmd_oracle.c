/* grotto oracle [DOMAIN...] [--a E] [--b E] [--against corpus|FILE|DIR]:
 * prove engines and the golden corpus agree over whole domains - every
 * floor, every map, every quality, every timer, the memoized sweep. */
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "view.h"

static const cli_usage ORACLE_USAGE = {
    "grotto oracle [DOMAIN...] [--a ENGINE] [--b ENGINE] [--against SRC] [options]",
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
    "maps and qualities are one pass per seed; the sweep reuses the digests computed for\n"
    "floors and maps. Each domain ends with one line: items checked of the count its\n"
    "definition gives, items mismatched and per kind, wall and CPU seconds. A domain\n"
    "that did not reach its count is an internal error (exit 2), never a pass.\n",
    NULL,
    "Exit 0 only when every domain was covered and nothing differs; 1 on any difference;\n"
    "2 on bad input, a broken corpus file (wrong size, malformed or missing SHA256SUMS,\n"
    "a checksum that disagrees) or an internal error.\n",
    NULL,
    "grotto oracle --a ref --b impl --against corpus\n"
    "grotto oracle timers --a ref --b impl\n"
    "grotto oracle floors --against corpus/golden/floors.digest",
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

int cmd_oracle(int argc, char **argv)
{
    const char *a_s = "ref", *b_s = NULL, *against = NULL, *threads_s = NULL, *show_s = NULL;
    const char *pos[ORACLE_DOMAIN_COUNT];
    int json = 0, quiet = 0, help = 0, npos;
    const cli_opt opts[] = {
        {"DOMAIN", 0, OPT_ARG, NULL, NULL, NULL, "floors, maps, qualities, timers or sweep (default: all)"},
        {"a", 0, OPT_VALUE, NULL, &a_s, "ENGINE", "ref (default) or impl"},
        {"b", 0, OPT_VALUE, NULL, &b_s, "ENGINE", "second engine to compare with A item by item"},
        {"against", 0, OPT_VALUE, NULL, &against, "SRC",
         "corpus (corpus/golden: floors.digest, maps.digest, timers.jsonl and\nSHA256SUMS, all required), a "
         "directory holding floors.digest and\nmaps.digest (timers.jsonl optional), or one file for one domain\n"
         "(floors; maps and/or qualities; timers). Files are checked against\nthe SHA256SUMS beside them. Without "
         "--b and --against: corpus"},
        {"threads", 'j', OPT_VALUE, NULL, &threads_s, "N", "threads (default: all cores)"},
        {"show", 0, OPT_VALUE, NULL, &show_s, "N",
         "how many first differences per domain to report in full (default 5,\nat most 128)"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md, 'oracle')"},
        {"quiet", 'q', OPT_FLAG, &quiet, NULL, NULL, "no progress line"},
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_parse("oracle", argc, argv, opts, nopts, pos, ORACLE_DOMAIN_COUNT, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_help(&ORACLE_USAGE, opts, nopts);
        return EXIT_OK;
    }
    unsigned domains = npos ? 0 : ORACLE_ALL_DOMAINS;
    for (int i = 0; i < npos; i++) {
        int d = oracle_domain_by_name(pos[i]);
        if (d < 0)
            return cli_error("oracle", "unknown domain '%s': expected floors, maps, qualities, timers or sweep",
                             pos[i]);
        if (domains >> d & 1u)
            return cli_error("oracle", "domain '%s' given twice", pos[i]);
        domains |= 1u << d;
    }
    oracle_compare_opts o = {.threads = 0, .show = 5, .quiet = quiet};
    if (threads_s && cli_threads("oracle", threads_s, &o.threads))
        return EXIT_USAGE;
    if (show_s) {
        unsigned long v;
        if (cli_uint("oracle", "--show count", show_s, ORACLE_MAX_SHOW, &v))
            return EXIT_USAGE;
        o.show = (int)v;
    }
    if (!(o.a = cli_engine("oracle", a_s)))
        return EXIT_USAGE;
    if (b_s && !(o.b = cli_engine("oracle", b_s)))
        return EXIT_USAGE;
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
