/* grotto stats: universe aggregates, each with the hardware observation it
 * answers (hardware.md HW-1, -2, -3, -4, -6; the output says it in words)
 * and the enemy-list states. */
#include <string.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/tables.h"
#include "universe.h"
#include "oracle.h"
#include "research.h"

static const cli_usage STATS_USAGE = {
    "grotto stats [--json] [--no-cache] [--engine E] [-j N] [--quiet]\n"
    "grotto stats --legacy-diff [--json] [--no-cache] [-j N] [--quiet]",
    "Figures over every floor (32,768 seeds x 16) and every map (12 bands x 32,768 seeds),\n"
    "computed from the universe index, each next to what was seen on the console:\n"
    "  softlock candidates: floors whose final up stairs touch a chest, whose down stairs\n"
    "      are cut off with the chests solid, both, and both on a stair-overflow floor (as\n"
    "      the two softlock floors seen on the console, 5BC3 B4F and 5BC4 B3F), with the\n"
    "      maps holding them\n"
    "  stair overflow: the floors whose stair placement runs out of room, their distinct\n"
    "      generator inputs, how many occur on real maps per band, up stairs written on a\n"
    "      wall (and the same over seeds 0000..FFFF, which the community tool accepts)\n"
    "  never-seeds: seeds no timer value yields\n"
    "  name twins: maps sharing the quest-15 map's name\n"
    "  lost trapped chests: floors whose trapped-chest monster records do not fit in\n"
    "      memory, on each counting basis (instances, seeds that arise, distinct floors),\n"
    "      against the published figures; and on the chest-rank basis (a floor counts only\n"
    "      where one of its chests has a rank that can hold the lost trapped chest: rank 3\n"
    "      the cannibox, 4-7 the mimic, 8-10 Pandora's box), with the floors that keep the\n"
    "      mimic's record with 0 bytes to spare (candidates to check on a console)\n"
    "  and the count of every enemy-list state.\n",
    NULL,
    NULL,
    cli_index_help,
    "grotto stats\n"
    "grotto stats --json --quiet\n"
    "grotto stats --engine ref --no-cache   # the same figures from the reference\n"
    "grotto stats --legacy-diff             # where the legacy Windows tool misjudged",
};

static const char *BASIS_NAME[UNIVERSE_BASES] = {"instances", "arising", "distinct"};
static const char *LOST_NAME[UNIVERSE_LOST_KINDS] = {"pandora", "mimic", "cannibox"};

/* The chest-rank basis over arising seeds gives the published triple. */
static int rank_reproduced(const universe_stats *s)
{
    return s->rank_floors[UNIVERSE_RANK_ARISING] == UNIVERSE_HW6_FLOORS && s->rank_lost[UNIVERSE_LOST_PANDORA][UNIVERSE_RANK_ARISING] == UNIVERSE_HW6_PANDORA &&
           s->rank_lost[UNIVERSE_LOST_MIMIC][UNIVERSE_RANK_ARISING] == UNIVERSE_HW6_MIMIC &&
           s->rank_lost[UNIVERSE_LOST_CANNIBOX][UNIVERSE_RANK_ARISING] == UNIVERSE_HW6_CANNIBOX;
}

static void json_stats(const universe_stats *s, const universe_index *ix)
{
    jw w;
    jw_init(&w, stdout);
    jw_obj(&w, NULL);
    jw_str(&w, "engine", ix->engine->name);
    jw_num(&w, "seconds", s->seconds + ix->seconds, 3);
    jw_obj(&w, "index");
    jw_bool(&w, "from_cache", ix->from_cache);
    jw_num(&w, "seconds", ix->seconds, 3);
    jw_end_obj(&w);
    jw_obj(&w, "softlock_candidates");
    static const char *SL_NAME[4] = {"up_next_to_chest", "down_cut", "both", "both_on_overflow_floors"};
    for (int i = 0; i < 4; i++) {
        jw_obj(&w, SL_NAME[i]);
        jw_uint(&w, "floors", s->softlock_floors[i]);
        jw_uint(&w, "maps", s->softlock_maps[i]);
        jw_end_obj(&w);
    }
    jw_end_obj(&w);
    jw_obj(&w, "stair_overflow");
    jw_uint(&w, "floors_checked", s->floors);
    jw_uint(&w, "floors", s->overflow_count);
    jw_arr(&w, "list");
    for (uint32_t i = 0; i < s->overflow_count && i < UNIVERSE_STATS_MAX_LIST; i++) {
        jw_obj(&w, NULL);
        jw_uint(&w, "seed", s->overflow[i].seed);
        jw_uint(&w, "floor", s->overflow[i].floor);
        jw_bool(&w, "up_on_wall", s->overflow[i].up_on_wall);
        jw_end_obj(&w);
    }
    jw_end_arr(&w);
    jw_uint(&w, "distinct_inputs", s->overflow_inputs);
    jw_arr(&w, "floor_seeds");
    for (uint32_t i = 0; i < s->overflow_inputs; i++)
        jw_uint(&w, NULL, s->overflow_floor_seeds[i]);
    jw_end_arr(&w);
    jw_obj(&w, "occurring_per_band");
    for (int b = 0; b < GROTTO_BANDS; b++) {
        char key[8];
        snprintf(key, sizeof key, "%02X", gt_band[b].code);
        jw_uint(&w, key, s->overflow_occurring[b]);
    }
    jw_end_obj(&w);
    jw_uint(&w, "occurring_total", s->overflow_occurring_total);
    jw_uint(&w, "floors_seeds_0000_ffff", s->overflow_count_16bit);
    jw_uint(&w, "distinct_inputs_seeds_0000_ffff", s->overflow_inputs_16bit);
    jw_uint(&w, "up_on_wall", s->overflow_up_on_wall);
    jw_uint(&w, "all_floors_up_on_wall", s->up_on_wall_floors);
    jw_end_obj(&w);
    jw_obj(&w, "never_seeds");
    jw_int(&w, "count", s->never_seeds);
    jw_end_obj(&w);
    jw_obj(&w, "quest15_name");
    jw_int(&w, "maps_named", s->quest_name_maps);
    jw_int(&w, "maps_named_jp", s->quest_name_maps_jp);
    jw_int(&w, "twins", s->quest_twins);
    jw_int(&w, "twins_arising", s->quest_twin_arising);
    jw_arr(&w, "twin_maps");
    for (int i = 0; i < s->quest_twins && i < UNIVERSE_STATS_MAX_LIST; i++) {
        char id[8];
        cli_format_map_id(s->quest_twin_band[i], s->quest_twin_seed[i], id);
        jw_str(&w, NULL, id);
    }
    jw_end_arr(&w);
    jw_end_obj(&w);
    jw_obj(&w, "lost_trapped_chests");
    for (int k = 0; k < UNIVERSE_LOST_KINDS; k++) {
        jw_obj(&w, LOST_NAME[k]);
        for (int b = 0; b < UNIVERSE_BASES; b++)
            jw_uint(&w, BASIS_NAME[b], s->lost[k][b]);
        jw_end_obj(&w);
    }
    jw_obj(&w, "published");
    jw_int(&w, "floors", UNIVERSE_HW6_FLOORS);
    jw_int(&w, "pandora", UNIVERSE_HW6_PANDORA);
    jw_int(&w, "mimic", UNIVERSE_HW6_MIMIC);
    jw_int(&w, "cannibox", UNIVERSE_HW6_CANNIBOX);
    jw_end_obj(&w);
    int agree = 0;
    for (int b = 0; b < UNIVERSE_BASES; b++)
        agree |= s->lost[UNIVERSE_LOST_PANDORA][b] == UNIVERSE_HW6_PANDORA && s->lost[UNIVERSE_LOST_MIMIC][b] == UNIVERSE_HW6_MIMIC &&
                 s->lost[UNIVERSE_LOST_CANNIBOX][b] == UNIVERSE_HW6_CANNIBOX;
    jw_bool(&w, "published_reproduced", agree);
    jw_obj(&w, "chest_rank_basis");
    static const char *RANK_BASIS_NAME[UNIVERSE_RANK_BASES] = {"arising", "all_seeds"};
    for (int b = 0; b < UNIVERSE_RANK_BASES; b++) {
        jw_obj(&w, RANK_BASIS_NAME[b]);
        jw_uint(&w, "floors", s->rank_floors[b]);
        for (int k = 0; k < UNIVERSE_LOST_KINDS; k++)
            jw_uint(&w, LOST_NAME[k], s->rank_lost[k][b]);
        jw_end_obj(&w);
    }
    jw_bool(&w, "published_reproduced", rank_reproduced(s));
    jw_uint(&w, "mimic_zero_spare_count", s->mimic_zero_spare);
    jw_arr(&w, "mimic_zero_spare");
    for (uint32_t i = 0; i < s->mimic_zero_spare && i < UNIVERSE_STATS_MAX_SPARE; i++) {
        const universe_stats_map_floor *z = &s->mimic_zero_spare_list[i];
        char id[8];
        cli_format_map_id(z->band_code, z->seed, id);
        jw_obj(&w, NULL);
        jw_str(&w, "map", id);
        jw_int(&w, "floor", z->floor);
        jw_int(&w, "state", z->state);
        jw_int(&w, "elist_ofs", z->ofs);
        jw_arr(&w, "chest_ranks");
        for (int c = 0; c < 3 && z->rank[c]; c++)
            jw_int(&w, NULL, z->rank[c]);
        jw_end_arr(&w);
        jw_end_obj(&w);
    }
    jw_end_arr(&w);
    jw_end_obj(&w);
    jw_end_obj(&w);
    jw_obj(&w, "states");
    jw_uint(&w, "map_floors", s->map_floors);
    jw_arr(&w, "by_code");
    for (int st = 0; st < UNIVERSE_STATS_STATES; st++) {
        jw_obj(&w, NULL);
        jw_int(&w, "code", st);
        jw_str(&w, "label", gt_state_text[st].en);
        for (int b = 0; b < UNIVERSE_BASES; b++)
            jw_uint(&w, BASIS_NAME[b], s->state[st][b]);
        jw_end_obj(&w);
    }
    jw_end_arr(&w);
    jw_obj(&w, "d_positive");
    for (int b = 0; b < UNIVERSE_BASES; b++)
        jw_uint(&w, BASIS_NAME[b], s->d_positive[b]);
    jw_uint(&w, "in_state_0", s->d_positive_state0);
    jw_end_obj(&w);
    jw_end_obj(&w);
    jw_obj(&w, "floor_anomalies");
    jw_uint(&w, "ghost_stairs", s->ghost_floors);
    jw_uint(&w, "unreachable_chest", s->nipple_floors);
    jw_uint(&w, "chamber", s->chamber_floors);
    jw_uint(&w, "down_unreachable", s->down_unreachable_floors);
    jw_end_obj(&w);
    jw_end_obj(&w);
    jw_done(&w);
}

static void text_stats(const universe_stats *s, const universe_index *ix)
{
    printf("universe statistics (%s engine, %.3f s; index %s)\n\n", ix->engine->name, s->seconds + ix->seconds,
           ix->from_cache ? "from the cache" : "built");
    printf("counted as: floors = (seed, floor) pairs; instances = every floor of every map; arising = only\n"
           "maps whose seed some timer value yields; distinct = different floor layouts\n\n");
    printf("Softlock candidates: floors with the pattern of the two softlock floors seen on the console\n"
           "(5BC3 B4F, 5BC4 B3F), to test on a console (grotto search --up-by-chest / --down-cut / --overflow)\n");
    static const char *SL_TEXT[4] = {"final up stairs 4-adjacent to a chest", "down stairs cut off with chests solid",
                                     "both", "both, on an overflow floor (the observed softlocks)"};
    for (int i = 0; i < 4; i++)
        printf("  %-52s %7llu floors (seed, floor), on %7llu maps\n", SL_TEXT[i],
               (unsigned long long)s->softlock_floors[i], (unsigned long long)s->softlock_maps[i]);
    printf("\n");
    printf("Stair overflow: floors whose stair placement ran out of room (\"4 types, 16 results\" in the\n"
           "community's search)\n");
    printf("  %u of %llu floors (seeds 0000..7FFF x floors 1..16) enter overflow mode:\n", s->overflow_count,
           (unsigned long long)s->floors);
    printf("   ");
    for (uint32_t i = 0; i < s->overflow_count && i < UNIVERSE_STATS_MAX_LIST; i++)
        printf(" %04X:B%uF", s->overflow[i].seed, s->overflow[i].floor);
    printf("\n  distinct floor-generator inputs (floor seed S+k, size band): %u (floor seeds", s->overflow_inputs);
    for (uint32_t i = 0; i < s->overflow_inputs; i++)
        printf(" 0x%04X", s->overflow_floor_seeds[i]);
    printf(")\n  (seed, floor) pairs that occur on a map, per band:\n   ");
    for (int b = 0; b < GROTTO_BANDS; b++)
        printf(" %02X:%u", gt_band[b].code, s->overflow_occurring[b]);
    printf(" (total %u map floors)\n", s->overflow_occurring_total);
    int hw2 = s->overflow_count_16bit == 16 && s->overflow_inputs_16bit == 4;
    printf("  over seeds 0000..FFFF (the tool's search range, beyond the game's 15-bit seeds): %u floors from %u\n"
           "  distinct inputs - %s the community's \"4 types, 16 results\"\n",
           s->overflow_count_16bit, s->overflow_inputs_16bit, hw2 ? "the same figures as" : "NOT");
    printf("  final up stairs written on a cell that was wall before placement: %u of the overflow floors\n  %s\n",
           s->overflow_up_on_wall,
           s->overflow_up_on_wall ? "(some sealed in a wall)" : "(none sealed in a wall, as observed)");
    printf("  (over all floors, final up stairs on a former wall cell: %llu floors)\n\n",
           (unsigned long long)s->up_on_wall_floors);
    printf("Never-seeds: seeds no console timer value yields, whose maps cannot be had at random: %d\n"
           "  (published: 302)\n\n",
           s->never_seeds);
    printf("Name twins: maps named like quest 15's map (Granite Tunnel of Woe Lv.1): %d, i.e. %d twins\n"
           "  besides the quest map (published: 21); %d of the twins' seeds arise from the timer; same maps\n"
           "  under the JP name: %d\n  ",
           s->quest_name_maps, s->quest_twins, s->quest_twin_arising, s->quest_name_maps_jp);
    for (int i = 0; i < s->quest_twins && i < UNIVERSE_STATS_MAX_LIST; i++) {
        char id[8];
        cli_format_map_id(s->quest_twin_band[i], s->quest_twin_seed[i], id);
        printf("%s%s", id, i + 1 == s->quest_twins ? "\n\n" : i % 12 == 11 ? "\n  " : " ");
    }
    printf("Lost trapped chests: floors where a trapped-chest monster's record does not fit in memory, so\n"
           "that chest opens without a fight (the enemy-list memory model)\n");
    printf("  %-14s %10s %10s %10s   published (seed-001)\n", "", "instances", "arising", "distinct");
    const int published[UNIVERSE_LOST_KINDS] = {UNIVERSE_HW6_PANDORA, UNIVERSE_HW6_MIMIC, UNIVERSE_HW6_CANNIBOX};
    const char *label[UNIVERSE_LOST_KINDS] = {"Pandora's box", "mimic", "cannibox"};
    int agree = 0;
    for (int k = 0; k < UNIVERSE_LOST_KINDS; k++)
        printf("  %-14s %10llu %10llu %10llu   %d\n", label[k], (unsigned long long)s->lost[k][0],
               (unsigned long long)s->lost[k][1], (unsigned long long)s->lost[k][2], published[k]);
    for (int b = 0; b < UNIVERSE_BASES; b++)
        agree |= s->lost[0][b] == UNIVERSE_HW6_PANDORA && s->lost[1][b] == UNIVERSE_HW6_MIMIC && s->lost[2][b] == UNIVERSE_HW6_CANNIBOX;
    printf("  %s\n", agree ? "one counting basis reproduces the published figures"
                           : "OPEN FINDING: no counting basis reproduces the published 1,615 / 1,266 / 597;\n"
                             "  the model is not tuned to them");
    printf("  chest-rank basis (a floor counts only where a chest's rank can hold the trapped chest whose\n"
           "  record is lost: rank 3 cannibox, 4-7 mimic, 8-10 Pandora's box; chests.md 3.1):\n");
    printf("  %-14s %10s %10s   published (seed-001)\n", "", "arising", "all seeds");
    printf("  %-14s %10llu %10llu   %d\n", "floors", (unsigned long long)s->rank_floors[UNIVERSE_RANK_ARISING],
           (unsigned long long)s->rank_floors[UNIVERSE_RANK_ALL], UNIVERSE_HW6_FLOORS);
    for (int k = 0; k < UNIVERSE_LOST_KINDS; k++)
        printf("  %-14s %10llu %10llu   %d\n", label[k], (unsigned long long)s->rank_lost[k][UNIVERSE_RANK_ARISING],
               (unsigned long long)s->rank_lost[k][UNIVERSE_RANK_ALL], published[k]);
    printf("  %s\n", rank_reproduced(s) ? "this basis reproduces the published figures"
                                        : "this basis does not reproduce all published figures (an open finding)");
    printf("  floors of the arising set keeping the mimic's record with 0 bytes to spare (a 4-byte\n"
           "  difference would lose it; candidates to check on a console): %u\n", s->mimic_zero_spare);
    for (uint32_t i = 0; i < s->mimic_zero_spare && i < UNIVERSE_STATS_MAX_SPARE; i++) {
        char id[8];
        cli_format_map_id(s->mimic_zero_spare_list[i].band_code, s->mimic_zero_spare_list[i].seed, id);
        printf("%s%s:B%dF", i % 8 ? " " : "   ", id, s->mimic_zero_spare_list[i].floor);
        if (i % 8 == 7 || i + 1 == s->mimic_zero_spare)
            putchar('\n');
    }
    putchar('\n');
    printf("Enemy-list states (how much of the floor's monster list fits in memory) over %llu map floors\n",
           (unsigned long long)s->map_floors);
    printf("  %-4s %-36s %10s %10s %10s\n", "code", "state", "instances", "arising", "distinct");
    for (int st = 0; st < UNIVERSE_STATS_STATES; st++)
        printf("  %-4d %-36s %10llu %10llu %10llu\n", st, gt_state_text[st].en, (unsigned long long)s->state[st][0],
               (unsigned long long)s->state[st][1], (unsigned long long)s->state[st][2]);
    printf("  floors with Flag0 tiles (D > 0, tiles that take list memory): %llu instances, %llu arising,\n"
           "  %llu distinct; in state 0: %llu\n\n",
           (unsigned long long)s->d_positive[0], (unsigned long long)s->d_positive[1],
           (unsigned long long)s->d_positive[2], (unsigned long long)s->d_positive_state0);
    printf("Floor anomalies (seeds 0000..7FFF x 16 floors): ghost stairs %llu, unreachable chest %llu,\n"
           "  chamber %llu, down stairs unreachable %llu\n",
           (unsigned long long)s->ghost_floors, (unsigned long long)s->nipple_floors,
           (unsigned long long)s->chamber_floors, (unsigned long long)s->down_unreachable_floors);
}

/* ---- --legacy-diff ---- */

static const char *const CLASS_NAME[UNIVERSE_LEGACY_CLASSES] = {"no-enemy -> really ONLY/reduced",
                                                       "ONLY -> really reduced", "triple none -> really special"};
static const char *const CLASS_KEY[UNIVERSE_LEGACY_CLASSES] = {"noenemy_really_only_or_reduced", "only_really_reduced",
                                                      "none_really_special"};

static void state_words(int state, int only, char *out, size_t n)
{
    grotto_elist_t e = {.state = (uint8_t)state, .only = (uint16_t)only};
    grotto_elist_state_text(&e, 0, out, n);
}

static void example_text(const universe_legacy_example *x, char *out, size_t n)
{
    int band = (int)(x->map / GROTTO_SEED_COUNT);
    uint32_t seed = x->map % GROTTO_SEED_COUNT;
    grotto_map_details_t d;
    grotto_map_details(gt_band[band].code, seed, &d);
    int only = gt_floor_tables[d.env][grotto_floor_mr(d.smr, x->floor)].only;
    char ls[96], rs[96];
    state_words(x->legacy_state, only, ls, sizeof ls);
    state_words(x->state, only, rs, sizeof rs);
    snprintf(out, n, "%02X%04X B%dF: legacy %s (ElistOfs %04X), really %s (%04X; X %u, D %u)", gt_band[band].code,
             seed, x->floor, ls, x->legacy_ofs, rs, x->ofs, x->X, x->D);
}

static void legacy_text(const universe_legacy_diff *L)
{
    printf("legacy Windows tool's enemy-list model vs the game model, over %llu map floors (12 bands x "
           "32,768 seeds)\n",
           (unsigned long long)L->floors);
    printf("  states differ on %llu floors of %llu maps\n", (unsigned long long)L->differ,
           (unsigned long long)L->maps_differ);
    printf("  floors with Flag0 tiles (D > 0): %llu; legacy ElistOfs higher on %llu, lower on %llu "
           "(the 256 wrap); floors with X >= 256: %llu\n\n",
           (unsigned long long)L->flag0_floors, (unsigned long long)L->flag0_over,
           (unsigned long long)L->flag0_under, (unsigned long long)L->wrap_floors);
    for (int c = 0; c < UNIVERSE_LEGACY_CLASSES; c++) {
        const universe_legacy_class *k = &L->cls[c];
        printf("  %-32s %6llu floors, %6llu maps (Flag0 ignored %llu, X >= 256 wrap %llu)\n", CLASS_NAME[c],
               (unsigned long long)k->floors, (unsigned long long)k->maps,
               (unsigned long long)k->cause[UNIVERSE_LEGACY_CAUSE_FLAG0], (unsigned long long)k->cause[UNIVERSE_LEGACY_CAUSE_WRAP]);
        for (int i = 0; i < k->examples; i++) {
            char t[320];
            example_text(&k->ex[i], t, sizeof t);
            printf("      %s\n", t);
        }
    }
    printf("\n  every disagreement, legacy family (rows) vs real family (columns), floors:\n  %-10s", "");
    for (int r = 0; r < UNIVERSE_LEGACY_FAMILIES; r++)
        printf(" %9s", universe_legacy_family_name(r));
    printf("\n");
    for (int l = 0; l < UNIVERSE_LEGACY_FAMILIES; l++) {
        printf("  %-10s", universe_legacy_family_name(l));
        for (int r = 0; r < UNIVERSE_LEGACY_FAMILIES; r++)
            printf(" %9llu", (unsigned long long)L->family[l][r]);
        printf("\n");
    }
}

static void legacy_json(const universe_legacy_diff *L)
{
    jw w;
    jw_init(&w, stdout);
    jw_obj(&w, NULL);
    jw_uint(&w, "floors", L->floors);
    jw_uint(&w, "floors_differing", L->differ);
    jw_uint(&w, "maps_differing", L->maps_differ);
    jw_uint(&w, "flag0_floors", L->flag0_floors);
    jw_uint(&w, "flag0_legacy_higher", L->flag0_over);
    jw_uint(&w, "flag0_legacy_lower", L->flag0_under);
    jw_uint(&w, "wrap_floors", L->wrap_floors);
    jw_obj(&w, "classes");
    for (int c = 0; c < UNIVERSE_LEGACY_CLASSES; c++) {
        const universe_legacy_class *k = &L->cls[c];
        jw_obj(&w, CLASS_KEY[c]);
        jw_uint(&w, "floors", k->floors);
        jw_uint(&w, "maps", k->maps);
        jw_uint(&w, "flag0_ignored", k->cause[UNIVERSE_LEGACY_CAUSE_FLAG0]);
        jw_uint(&w, "wrap", k->cause[UNIVERSE_LEGACY_CAUSE_WRAP]);
        jw_arr(&w, "examples");
        for (int i = 0; i < k->examples; i++) {
            const universe_legacy_example *x = &k->ex[i];
            jw_obj(&w, NULL);
            jw_uint(&w, "band", gt_band[x->map / GROTTO_SEED_COUNT].code);
            jw_uint(&w, "seed", x->map % GROTTO_SEED_COUNT);
            jw_int(&w, "floor", x->floor);
            jw_int(&w, "legacy_state", x->legacy_state);
            jw_int(&w, "legacy_ofs", x->legacy_ofs);
            jw_int(&w, "state", x->state);
            jw_int(&w, "ofs", x->ofs);
            jw_int(&w, "X", x->X);
            jw_int(&w, "D", x->D);
            jw_end_obj(&w);
        }
        jw_end_arr(&w);
        jw_end_obj(&w);
    }
    jw_end_obj(&w);
    jw_obj(&w, "families");
    for (int l = 0; l < UNIVERSE_LEGACY_FAMILIES; l++) {
        jw_obj(&w, universe_legacy_family_name(l));
        for (int r = 0; r < UNIVERSE_LEGACY_FAMILIES; r++)
            jw_uint(&w, universe_legacy_family_name(r), L->family[l][r]);
        jw_end_obj(&w);
    }
    jw_end_obj(&w);
    jw_end_obj(&w);
    jw_done(&w);
}

int cmd_stats(int argc, char **argv)
{
    cli_index_args ia = {0};
    const char *pos[1];
    int json = 0, help = 0, npos, legacy_diff = 0;
    const cli_opt opts[] = {
        {"legacy-diff", 0, OPT_FLAG, &legacy_diff, NULL, NULL,
         "instead: every map floor judged by the game model and by the legacy\nWindows tool's model (--engine "
         "legacy: it ignored Flag0 tiles, and\nits passage count wrapped at 256); how many floors and maps each\n"
         "misjudgment class affects (no-enemy -> really ONLY/reduced, ONLY ->\nreally reduced, triple none -> "
         "really special), by cause, with\nexamples, and every disagreement by state family"},
        {"json", 0, OPT_FLAG, &json, NULL, NULL, "machine-readable (docs/json.md, 'stats')"},
        CLI_INDEX_OPTS(&ia),
    };
    int nopts = (int)(sizeof opts / sizeof opts[0]);
    if (cli_old_parse("stats", argc, argv, opts, nopts, pos, 0, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        if (!cli_parse_only)
            cli_old_help(&STATS_USAGE, opts, nopts);
        return EXIT_OK;
    }
    int threads;
    if (ia.threads_s && cli_threads("stats", ia.threads_s, &threads))
        return EXIT_USAGE;
    const grotto_engine *engine = cli_index_engine("stats", ia.engine);
    if (!engine)
        return EXIT_USAGE;
    if (legacy_diff && engine == &grotto_engine_legacy)
        return cli_error("stats", "--legacy-diff compares %s with the game model: give another --engine",
                         grotto_engine_legacy.name);
    if (cli_parse_only)
        return EXIT_OK;
    universe_index_opts o;
    universe_index *ix = cli_index_open("stats", &ia, &o);
    if (!ix)
        return EXIT_USAGE;
    if (cli_parse_only)
        return EXIT_OK;
    if (legacy_diff) {
        static universe_legacy_diff L;
        int bad = universe_legacy_diff_compute(ix, &L);
        universe_index_close(ix);
        if (bad)
            return cli_error("stats", "internal error: the index is legacy's own");
        if (json)
            legacy_json(&L);
        else
            legacy_text(&L);
        return EXIT_OK;
    }
    static universe_stats s;
    int rc = universe_stats_compute(ix, &o, &s);
    if (rc == 0) {
        if (json)
            json_stats(&s, ix);
        else
            text_stats(&s, ix);
    }
    universe_index_close(ix);
    if (rc != 0)
        return cli_error("stats", "out of memory");
    return EXIT_OK;
}
