/* grotto oracle [floors|maps] [--a E] [--b E] [--against corpus|FILE|DIR]:
 * prove engines and the golden corpus agree over the whole universe. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "oracle.h"
#include "view.h"

void help_oracle(FILE *out)
{
    fprintf(out,
            "usage: grotto oracle [floors|maps] [--a ENGINE] [--b ENGINE] [--against SRC] [options]\n"
            "\n"
            "Generates every record of the universe - 524,288 FloorRecords (32,768 seeds x 16\n"
            "floors) and/or 393,216 MapRecords (12 bands x 32,768 seeds) - and compares them:\n"
            "engine A with engine B byte for byte, and each with the golden digests.\n"
            "Without floors/maps both sweeps run. Without --b and --against, the default is\n"
            "--against corpus.\n"
            "\n"
            "  --a ENGINE      ref (default) or impl\n"
            "  --b ENGINE      second engine to compare with A record by record\n"
            "  --against SRC   corpus (corpus/golden/*.digest), a directory holding\n"
            "                  floors.digest/maps.digest, or (with floors|maps) a digest file\n"
            "  -j N            threads (default: all cores)\n"
            "  --show N        how many first differences to report in full (default 5)\n"
            "  --json          summary as JSON\n"
            "  --quiet         no progress line\n"
            "\n"
            "Exit 0 only when nothing differs; 1 on any difference; 2 on bad input or a broken\n"
            "digest file (wrong size, or a checksum that disagrees with SHA256SUMS).\n"
            "\n"
            "examples: grotto oracle floors --against corpus/golden/floors.digest\n"
            "          grotto oracle --a ref --b impl --against corpus\n");
}

int cmd_oracle(int argc, char **argv)
{
    const char *a_s = "ref", *b_s = NULL, *against = NULL, *threads_s = NULL, *show_s = NULL, *pos[1];
    int json = 0, quiet = 0, help = 0, npos;
    cli_opt opts[] = {{"a", 0, OPT_VALUE, NULL, &a_s},          {"b", 0, OPT_VALUE, NULL, &b_s},
                      {"against", 0, OPT_VALUE, NULL, &against}, {"threads", 'j', OPT_VALUE, NULL, &threads_s},
                      {"show", 0, OPT_VALUE, NULL, &show_s},     {"json", 0, OPT_FLAG, &json, NULL},
                      {"quiet", 'q', OPT_FLAG, &quiet, NULL}};
    if (cli_parse("oracle", argc, argv, opts, 7, pos, 1, &npos, &help))
        return EXIT_USAGE;
    if (help) {
        help_oracle(stdout);
        return EXIT_OK;
    }
    int do_floors = 1, do_maps = 1;
    if (npos) {
        if (!strcmp(pos[0], "floors"))
            do_maps = 0;
        else if (!strcmp(pos[0], "maps"))
            do_floors = 0;
        else
            return cli_error("oracle", "unknown sweep '%s': expected floors or maps", pos[0]);
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

    struct stat st;
    if (do_floors && do_maps && against && strcmp(against, "corpus") != 0 &&
        !(stat(against, &st) == 0 && S_ISDIR(st.st_mode)))
        return cli_error("oracle", "--against %s: for both sweeps give 'corpus' or a directory holding "
                                   "floors.digest and maps.digest; a single file needs 'floors' or 'maps'",
                         against);
    if (cli_parse_only)
        return EXIT_OK;
    /* load every digest file first: a broken file stops the run before any sweep */
    uint64_t *want[2] = {NULL, NULL};
    int domains[2] = {do_floors, do_maps};
    for (int d = 0; d < 2; d++) {
        if (!domains[d] || !against)
            continue;
        char path[4096], err[4096];
        oracle_against_path(against, (oracle_domain)d, path, sizeof path);
        want[d] = oracle_digest_load(path, (oracle_domain)d, err, sizeof err);
        if (!want[d]) {
            free(want[0]);
            return cli_error("oracle", "%s", err);
        }
    }
    int differ = 0;
    jw w;
    if (json) {
        jw_init(&w, stdout);
        jw_obj(&w, NULL);
        jw_arr(&w, "sweeps");
    }
    for (int d = 0; d < 2; d++) {
        if (!domains[d])
            continue;
        o.want = want[d];
        oracle_compare_result r;
        if (oracle_compare((oracle_domain)d, &o, &r) != 0) {
            free(want[0]);
            free(want[1]);
            return cli_error("oracle", "out of memory");
        }
        differ |= r.mismatched != 0;
        if (json) {
            jw_raw_item(&w);
            oracle_report_json(stdout, &r, &o);
        } else {
            for (int i = 0; i < r.first_count; i++)
                oracle_report_item(stdout, (oracle_domain)d, r.first[i], r.first_kind[i], &o);
            oracle_report_summary(stdout, &r, &o);
        }
        fflush(stdout);
    }
    if (json) {
        jw_end_arr(&w);
        jw_bool(&w, "ok", !differ);
        jw_end_obj(&w);
        jw_done(&w);
    }
    free(want[0]);
    free(want[1]);
    return differ ? EXIT_DIFF : EXIT_OK;
}
