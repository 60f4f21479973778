/* grotto seeds's run (lookup.h): the never-seeds, or the timer values of a
 * seed and, with a band, where that map is found. */
#include <stdlib.h>

#include "grotto/timer.h"
#include "lookup.h"

static int never(res_run *r)
{
    uint16_t *list = malloc(GROTTO_SEED_COUNT * sizeof *list);
    if (!list)
        return res_fail(r, "out of memory");
    int n = grotto_never_seeds(list);
    r->doc = res_doc();
    res_int(r->doc, "count", n);
    json_t *seeds = res_arr(r->doc, "seeds");
    for (int i = 0; i < n; i++)
        res_push_int(seeds, list[i]);
    free(list);
    return RES_OK;
}

int lookup_seeds(const lookup_seeds_args *a, res_run *r)
{
    if (a->never)
        return never(r);
    json_t *draws = json_array();
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        if (d.seed != a->seed)
            continue;
        json_t *o = json_object();
        res_int(o, "timer", t);
        res_int(o, "r1", d.r1);
        res_int(o, "r3", d.r3);
        res_push(draws, o);
    }
    json_t *doc = r->doc = res_doc();
    res_int(doc, "seed", a->seed);
    res_bool(doc, "never_seed", json_array_size(draws) == 0);
    res_int(doc, "timers", (long long)json_array_size(draws));
    if (a->band >= 0) {
        json_decref(draws);
        res_int(doc, "band", gt_band[a->band].code);
        res_int(doc, "quality_min", gt_band[a->band].qmin);
        res_int(doc, "quality_max", gt_band[a->band].qmax);
        res_set(doc, "found_at", lookup_places(a->seed, a->band));
    } else {
        res_set(doc, "timer_draws", draws);
    }
    return RES_OK;
}
