/* Where a map can be found (lookup.h): every timer value whose map seed it
 * is, the runs of base qualities that give its band, each with its
 * entrance location; then quest 15's gift. */
#include "grotto/timer.h"
#include "lookup.h"

static json_t *place(int timer, const grotto_timer_draws *d, int location, int lo, int hi)
{
    json_t *p = json_object();
    res_str(p, "source", timer < 0 ? "quest15" : "timer");
    if (timer < 0) {
        res_null(p, "timer");
        res_null(p, "r1");
        res_null(p, "r3");
    } else {
        res_int(p, "timer", timer);
        res_int(p, "r1", d->r1);
        res_int(p, "r3", d->r3);
    }
    res_int(p, "location", location);
    res_int(p, "base_min", lo);
    res_int(p, "base_max", hi);
    res_set(p, "location_info", lookup_location(location));
    return p;
}

/* The runs of one timer value: consecutive bases leading to one location. */
static void timer_places(json_t *out, uint32_t t, const grotto_timer_draws *d, const struct gt_band *b)
{
    int lo = 0, loc = 0;
    for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX + 1; base++) {
        int q = base <= GROTTO_QUALITY_MAX ? grotto_final_quality(base, d->r1) : 0;
        int here = q >= b->qmin && q <= b->qmax ? grotto_location(q, d->r3) : 0;
        if (lo && here != loc) {
            res_push(out, place((int)t, d, loc, lo, base - 1));
            lo = 0;
        }
        if (here && !lo)
            lo = base, loc = here;
    }
}

json_t *lookup_places(uint32_t seed, int band)
{
    json_t *out = json_array();
    const struct gt_band *b = &gt_band[band];
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        if (d.seed == seed)
            timer_places(out, t, &d, b);
    }
    if (seed == GT_QUEST15_SEED && b->qmin <= GT_QUEST15_QUALITY && GT_QUEST15_QUALITY <= b->qmax)
        res_push(out, place(-1, NULL, GT_QUEST15_LOCATION, GT_QUEST15_QUALITY, GT_QUEST15_QUALITY));
    return out;
}
