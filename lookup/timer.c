/* grotto timer's run (lookup.h): the draws of a console timer value, the
 * location for each range of final quality and, with a base quality, the
 * map it makes. */
#include "grotto/map.h"
#include "grotto/timer.h"
#include "lookup.h"

static void with_base(json_t *doc, const grotto_timer_draws *d, int base)
{
    int quality = grotto_final_quality(base, d->r1);
    int location = grotto_location(quality, d->r3);
    lookup_mapref m = {quality, d->seed};
    grotto_map_details_t md;
    char id[8], name[192];
    grotto_map_details(quality, d->seed, &md);
    lookup_map_id(m, id);
    res_int(doc, "base", base);
    res_int(doc, "quality", quality);
    const struct gt_band *b = &gt_band[grotto_band_of_quality(quality)];
    res_int(doc, "band", b->code);
    res_int(doc, "quality_min", b->qmin);
    res_int(doc, "quality_max", b->qmax);
    res_int(doc, "location", location);
    res_set(doc, "location_info", lookup_location(location));
    res_str(doc, "map", id);
    grotto_map_name_en(&md, name, sizeof name);
    res_str(doc, "name_en", name);
    grotto_map_name_jp(&md, name, sizeof name);
    res_str(doc, "name_jp", name);
}

int lookup_timer(const lookup_timer_args *a, res_run *r)
{
    grotto_timer_draws d;
    grotto_timer((uint32_t)a->timer, &d);
    json_t *doc = r->doc = res_doc();
    res_int(doc, "timer", (long long)a->timer);
    res_int(doc, "r1", d.r1);
    res_int(doc, "seed", d.seed);
    res_int(doc, "r3", d.r3);
    json_t *bands = res_arr(doc, "locations_by_quality");
    for (int i = 0; i < GT_LOCATION_BAND_COUNT; i++) {
        int l = grotto_location(gt_location_bands[i].qmin, d.r3);
        json_t *b = json_object();
        res_int(b, "quality_min", gt_location_bands[i].qmin);
        res_int(b, "quality_max", gt_location_bands[i].qmax);
        res_int(b, "location", l);
        res_set(b, "location_info", lookup_location(l));
        res_push(bands, b);
    }
    if (a->base)
        with_base(doc, &d, a->base);
    return RES_OK;
}
