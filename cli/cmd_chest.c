/* grotto chest RRSSSS FLOOR SECOND: chests.md §2-§3. */
#include "cli.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/tables.h"

void help_chest(FILE *out)
{
    fprintf(out,
            "usage: grotto chest RRSSSS FLOOR SECOND [--json]\n"
            "\n"
            "The chests of one floor (position, rank S..I) and what each contains when the floor's\n"
            "chests are filled at SECOND, the whole seconds elapsed since the (quick)save was\n"
            "loaded (the chest timer). Floors B1F and B2F never have chests.\n"
            "\n"
            "  RRSSSS  map id (band code and seed in hex, e.g. 020032)\n"
            "  FLOOR   floor number 1..floors, or B3F notation\n"
            "  SECOND  0..4294967295\n"
            "\n"
            "example: grotto chest 020032 3 7   -> Rockbomb shard (H), Strong medicine (I)\n");
}

int cmd_chest(int argc, char **argv)
{
    const char *pos[3];
    int json = 0, help = 0, npos;
    cli_opt opts[] = {{"json", 0, OPT_FLAG, &json, NULL}};
    if (cli_parse("chest", argc, argv, opts, 1, pos, 3, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        help_chest(stdout);
        return EXIT_OK;
    }
    if (npos < 3)
        return cli_error("chest", "expected RRSSSS FLOOR SECOND; see 'grotto chest --help'");
    int quality, n;
    uint32_t seed;
    unsigned long second;
    if (cli_map_id("chest", pos[0], &quality, &seed) || cli_floor_number("chest", pos[1], &n) ||
        cli_uint("chest", "second", pos[2], 4294967295ul, &second))
        return EXIT_USAGE;
    grotto_map_details_t d;
    grotto_map_details(quality, seed, &d);
    char id[8];
    cli_format_map_id(d.band_code, seed, id);
    if (n > d.floors)
        return cli_error("chest", "map %s has %d floors: B%dF is beyond them", id, d.floors, n);
    if (cli_parse_only)
        return EXIT_OK;
    grotto_floor_t f;
    grotto_floor(seed, n, &f);
    uint8_t rank[GROTTO_MAX_CHESTS] = {0}, item[GROTTO_MAX_CHESTS] = {0};
    if (f.chest_count) {
        grotto_chest_ranks(seed, n, d.smr, f.chest_count, rank);
        grotto_chest_contents(seed, n, (uint32_t)second, f.chest_count, rank, item);
    }
    if (json) {
        jw w;
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_str(&w, "map", id);
        jw_int(&w, "floor", n);
        jw_uint(&w, "second", second);
        jw_arr(&w, "chests");
        for (int i = 0; i < f.chest_count; i++) {
            char letter[2] = {gt_chest_tables[rank[i]].letter, 0};
            jw_obj(&w, NULL);
            jw_xy(&w, "pos", f.chest[i]);
            jw_int(&w, "rank", rank[i]);
            jw_str(&w, "letter", letter);
            jw_int(&w, "item", item[i]);
            jw_str(&w, "en", gt_item_name[item[i]].en);
            jw_str(&w, "jp", gt_item_name[item[i]].jp);
            jw_end_obj(&w);
        }
        jw_end_arr(&w);
        jw_end_obj(&w);
        jw_done(&w);
        return EXIT_OK;
    }
    if (!f.chest_count) {
        printf("map %s B%dF has no chests (floors B1F and B2F never do)\n", id, n);
        return EXIT_OK;
    }
    printf("map %s B%dF at second %lu: %d chest%s\n", id, n, second, f.chest_count, f.chest_count > 1 ? "s" : "");
    for (int i = 0; i < f.chest_count; i++)
        printf("  chest %d at (%2u,%2u) rank %c: %s / %s\n", i + 1, f.chest[i].x, f.chest[i].y,
               gt_chest_tables[rank[i]].letter, gt_item_name[item[i]].en, gt_item_name[item[i]].jp);
    return EXIT_OK;
}
