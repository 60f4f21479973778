/* ref/names.c, the map's name (map-details.md §4, §8): the maps that
 * share the quest-15 name "Granite Tunnel of Woe Lv.1" in English and in
 * Japanese, and snprintf semantics of both writers. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "grotto/map.h"
#include "grotto/timer.h"

typedef grotto_map_details_t details;

/* ---- §8 maps sharing the quest-15 name ----------------------------- */

Test(ref_names, granite_tunnel_of_woe_8)
{
    static const uint16_t want[22] = {0x0032, 0x011C, 0x02B7, 0x0D90, 0x14C2, 0x15D8, 0x16D6, 0x215F,
                                      0x2587, 0x25C8, 0x27E3, 0x32F2, 0x3623, 0x38F0, 0x3BA2, 0x3DB6,
                                      0x4CAF, 0x4D75, 0x4EC3, 0x600D, 0x729A, 0x755C};
    static uint8_t counts[GROTTO_SEED_COUNT];
    grotto_seed_timer_counts(counts);
    int n_en = 0, n_jp = 0;
    long maps = 0;
    for (int b = 0; b < 12; b++)
        for (uint32_t s = 0; s < GROTTO_SEED_COUNT; s++) {
            details d;
            if (grotto_map_details(grotto_band_code(b), s, &d) != 0)
                cr_assert_fail("band %d seed %#x rejected", b, s);
            char en[128], jp[128];
            grotto_map_name_en(&d, en, sizeof en);
            grotto_map_name_jp(&d, jp, sizeof jp);
            int is_en = strcmp(en, "Granite Tunnel of Woe Lv.1") == 0;
            int is_jp = strcmp(jp, "うす暗き獣の地下道Lv1") == 0;
            if (is_en != is_jp)
                cr_expect_fail("band %d seed %#x: EN/JP disagree (%s / %s)", b, s, en, jp);
            if (is_en) {
                cr_expect_eq(b, 0, "seed %#x", s);
                cr_expect_gt(counts[s], 0, "seed %#x never arises", s);
                if (n_en < 22)
                    cr_expect_eq(s, want[n_en], "match #%d", n_en);
                n_en++;
            }
            if (is_jp)
                n_jp++;
            maps++;
        }
    cr_expect_eq(n_en, 22);
    cr_expect_eq(n_jp, 22);
    fprintf(stderr, "ref_names.granite_tunnel_of_woe_8: checked %ld maps, %d named\n", maps, n_en);
}

Test(ref_names, names_snprintf_semantics_4)
{
    details d;
    cr_assert_eq(grotto_map_details(0xDD, 0x00A5, &d), 0);
    char small[8];
    int n = grotto_map_name_en(&d, small, sizeof small);
    cr_expect_eq(n, (int)strlen("Platinum Maze of Dread Lv.99"));
    cr_expect_str_eq(small, "Platinu");
    cr_expect_eq(grotto_map_name_jp(&d, NULL, 0), (int)strlen("残された魂の迷宮Lv99"));
}
