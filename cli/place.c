/* Where a map can be found: rng-and-timer.md §4.5. */
#include "place.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "location.h"

int cli_map_places(uint32_t seed, int band, cli_place out[CLI_PLACES_MAX])
{
    int n = 0;
    const struct gt_band *b = &gt_band[band];
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer_draws d;
        grotto_timer(t, &d);
        if (d.seed != seed)
            continue;
        for (int base = GROTTO_QUALITY_MIN; base <= GROTTO_QUALITY_MAX; base++) {
            int q = grotto_final_quality(base, d.r1);
            if (q < b->qmin || q > b->qmax)
                continue;
            int loc = grotto_location(q, d.r3);
            cli_place *last = n ? &out[n - 1] : NULL;
            if (last && last->timer == (int)t && last->location == loc && last->base_hi == base - 1)
                last->base_hi = base;
            else if (n < CLI_PLACES_MAX)
                out[n++] = (cli_place){(int)t, d.r1, d.r3, loc, base, base};
        }
    }
    if (seed == GT_QUEST15_SEED && b->qmin <= GT_QUEST15_QUALITY && GT_QUEST15_QUALITY <= b->qmax &&
        n < CLI_PLACES_MAX)
        out[n++] = (cli_place){CLI_PLACE_QUEST15, 0, 0, GT_QUEST15_LOCATION, GT_QUEST15_QUALITY, GT_QUEST15_QUALITY};
    return n;
}

void cli_print_places(FILE *out, const char *indent, const cli_place *p, int n)
{
    for (int i = 0; i < n; i++) {
        char loc[256], who[32], bases[32];
        cli_location_text(p[i].location, CLI_LOC_BOTH | CLI_LOC_NOTE, loc, sizeof loc);
        if (p[i].timer == CLI_PLACE_QUEST15)
            snprintf(who, sizeof who, "quest 15");
        else
            snprintf(who, sizeof who, "timer %5d", p[i].timer);
        if (p[i].base_lo == p[i].base_hi)
            snprintf(bases, sizeof bases, "base  %3d", p[i].base_lo);
        else
            snprintf(bases, sizeof bases, "bases %3d..%d", p[i].base_lo, p[i].base_hi);
        fprintf(out, "%s%-11s  %-15s %s\n", indent, who, bases, loc);
    }
}

void cli_json_places(jw *w, const char *key, const cli_place *p, int n)
{
    jw_arr(w, key);
    for (int i = 0; i < n; i++) {
        jw_obj(w, NULL);
        int q15 = p[i].timer == CLI_PLACE_QUEST15;
        jw_str(w, "source", q15 ? "quest15" : "timer");
        if (q15) {
            jw_null(w, "timer");
            jw_null(w, "r1");
            jw_null(w, "r3");
        } else {
            jw_int(w, "timer", p[i].timer);
            jw_uint(w, "r1", p[i].r1);
            jw_uint(w, "r3", p[i].r3);
        }
        jw_int(w, "location", p[i].location);
        jw_int(w, "base_min", p[i].base_lo);
        jw_int(w, "base_max", p[i].base_hi);
        cli_json_location(w, "location_info", p[i].location);
        jw_end_obj(w);
    }
    jw_end_arr(w);
}
