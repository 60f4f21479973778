/* The run of grotto oracle over domains (oracle.h): which domains run
 * (every one the engines and the corpus can cover when none is named),
 * every corpus file loaded and checked before any sweep, then the domains
 * one after the other, each streamed as its value (oracle_report_value) as
 * soon as it completes. A domain that did not reach its count stops the
 * run with an internal error: never a pass. */
#include "oracle.h"

typedef struct domains_ctx {
    const oracle_compare_opts *o;
    res_run *r;
    int differ;
    char internal[256];          /* an incomplete domain */
} domains_ctx;

static int domain_done(void *arg, const oracle_compare_result *res)
{
    domains_ctx *c = arg;
    if (!oracle_result_complete(res)) {
        snprintf(c->internal, sizeof c->internal,
                 "internal error: %s: %llu of %llu items checked (%llu comparisons counted) - not a pass",
                 oracle_domain_name(res->domain), (unsigned long long)res->checked,
                 (unsigned long long)res->expected, (unsigned long long)res->visits);
        return 1;
    }
    c->differ |= res->mismatched != 0;
    res_item(c->r, oracle_report_value(res, c->o));
    return 0;
}

/* The domains to run, or -1 after res_fail. */
static long choose_domains(const oracle_run_args *a, const oracle_compare_opts *o, res_run *r)
{
    unsigned domains = a->domains ? a->domains : ORACLE_ALL_DOMAINS;
    for (int d = ORACLE_AT; !a->domains && d <= ORACLE_CHESTS; d++) { /* they compare two engines that compute them */
        char why[256];
        if (oracle_domain_unavailable((oracle_domain)d, o, why, sizeof why))
            domains &= ~(1u << d);
    }
    if (a->full && !(domains >> ORACLE_CHESTS & 1u))
        return res_fail(r, "--full applies to the chests domain only (with --b ref/impl)"), -1;
    if (o->b == o->a)
        return res_fail(r, "--a and --b name the same engine"), -1;
    return (long)domains;
}

int oracle_domains_run(const oracle_run_args *a, res_run *r)
{
    oracle_compare_opts o = {.a = a->a, .b = a->b, .sweeper = &grotto_engine_impl, .threads = a->threads,
                             .show = a->show, .quiet = a->quiet, .chests_full = a->full};
    long domains = choose_domains(a, &o, r);
    if (domains < 0)
        return RES_ERROR;
    const char *against = a->against ? a->against : o.b ? NULL : "corpus";
    oracle_corpus corpus = {0};
    char err[4096];
    if (against && oracle_corpus_load(against, (unsigned)domains, &corpus, err, sizeof err) != 0)
        return res_fail(r, "%s", err);
    o.want_floors = corpus.floors;
    o.want_maps = corpus.maps;
    o.want_timers = corpus.timers;
    o.want_walk = corpus.walk;
    for (int d = 0; d < ORACLE_DOMAIN_COUNT; d++)
        if ((domains >> d & 1) && oracle_domain_unavailable((oracle_domain)d, &o, err, sizeof err)) {
            oracle_corpus_free(&corpus);
            return res_fail(r, "%s", err);
        }
    domains_ctx c = {.o = &o, .r = r};
    r->doc = res_doc();
    res_head(r, "domains");
    int rc = oracle_run((unsigned)domains, &o, domain_done, &c);
    oracle_corpus_free(&corpus);
    if (rc < 0 || c.internal[0])
        return res_fail(r, "%s", c.internal[0] ? c.internal : "out of memory (or the sweep failed)");
    res_bool(r->doc, "ok", !c.differ);
    return c.differ ? RES_DIFF : RES_OK;
}
