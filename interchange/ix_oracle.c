/* The run of grotto oracle --b FILE.jsonl / --b exec:CMD (interchange.h):
 * another tool's interchange lines (floors, maps, a floor's chest contents
 * at a second), read from a file or asked of a child process item by
 * item, checked field by field against engine A. Its document: mode, b,
 * check (ix_report_value), with exec the requests and replies, ok. */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "interchange.h"

/* Asks the child for the items of its domains; 0 or -1 with err. */
static int ask_child(const ix_oracle_args *a, ix_check *c, ix_exec *x, char *err, size_t n)
{
    size_t count;
    unsigned bands = a->bands ? a->bands : (1u << GROTTO_BANDS) - 1u;
    int both = !a->floors && !a->maps && !a->chests; /* chests are asked only when named */
    int floors = (both && !a->details) || a->floors; /* a tool of details only: maps alone */
    unsigned map_bands = both || a->maps ? bands : 0;
    ix_item *items = a->chests ? ix_domain_chests(floors, map_bands, bands, a->lo, a->hi, a->t_lo, a->t_hi,
                                                  a->sample, &count)
                               : ix_domain(floors, map_bands, a->lo, a->hi, a->sample, &count);
    if (!items && a->chests && count)
        return snprintf(err, n, "the domain has %zu items, more than %d: narrow --seeds, --bands or --seconds, or "
                        "ask --sample N", count, IX_MAX_DOMAIN), -1;
    if (!items)
        return snprintf(err, n, "out of memory"), -1;
    base_progress pr;
    base_progress_init(&pr, "requests", a->quiet);
    x->progress = base_progress_cb;
    x->progress_ctx = &pr;
    int rc = ix_check_exec(c, x, items, count, err, n);
    base_progress_done(&pr);
    free(items);
    return rc;
}

int ix_oracle_run(const ix_oracle_args *a, res_run *r)
{
    int exec = !strncmp(a->b, "exec:", 5);
    ix_check c;
    ix_exec x = {.command = a->b + 5, .timeout = a->timeout > 0 ? a->timeout : 10};
    char err[2048];
    if (ix_check_init(&c, a->a, exec ? "b" : "file", a->show) != 0)
        return res_fail(r, "out of memory");
    c.source = a->b;
    c.details = x.details = exec && a->details;
    int rc = exec ? ask_child(a, &c, &x, err, sizeof err) : ix_check_file(&c, a->b, err, sizeof err);
    if (rc != 0) {
        ix_check_free(&c);
        return res_fail(r, "%s", err);
    }
    int ok = c.fields_differing == 0;
    r->doc = res_doc();
    res_str(r->doc, "mode", exec ? "exec" : "file");
    res_str(r->doc, "b", exec ? a->b + 5 : a->b);
    res_set(r->doc, "check", ix_report_value(&c));
    if (exec) {
        res_int(r->doc, "requests", (long long)x.requests);
        res_int(r->doc, "replies", (long long)x.replies);
    }
    res_bool(r->doc, "ok", ok);
    ix_check_free(&c);
    return ok ? RES_OK : RES_DIFF;
}
