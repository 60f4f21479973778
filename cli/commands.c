/* grotto's table of subcommands and the top-level dispatcher. They live in
 * the grotto_cli library, not in main.c, so that the argument fuzzer
 * (fuzz/fuzz_cli_args.c) can run every command's parser in-process. */
#include <string.h>

#include "cli.h"

#ifndef GROTTO_VERSION
#define GROTTO_VERSION "dev"
#endif

static const cli_command COMMANDS[] = {
    {"map", "show a map: details, names, every floor's stairs, chests, enemy list, anomalies", cmd_map},
    {"floor", "draw one floor (ASCII, --json, --record hex, --svg picture)", cmd_floor},
    {"timer", "what a console timer value produces (draws, quality, location, map)", cmd_timer},
    {"seeds", "seed facts: the seeds no timer yields, the timers of a seed", cmd_seeds},
    {"chest", "chest ranks and contents of a floor at a given second", cmd_chest},
    {"search", "find maps: details, names, enemy-list states, ONLY monsters, anomalies, locations", cmd_search},
    {"odds", "what a base quality produces: every map with its chance and locations", cmd_odds},
    {"oracle", "prove ref, impl and the golden corpus agree over the whole universe", cmd_oracle},
    {"interchange", "another tool's floors and maps as JSON lines: export, to and from binary records",
     cmd_interchange},
    {"verify", "check hardware captures (corpus/hardware/*.cap) against an engine", cmd_verify},
    {"sweep", "impl's memoized threaded sweep of the universe: write or check digest files", cmd_sweep},
    {"stats", "universe figures: softlock candidates, stair overflow, never-seeds, name twins, lost chests", cmd_stats},
    {"bench", "time the full-universe sweep with ref and impl, ratio and peak memory", cmd_bench},
};
enum { NCOMMANDS = sizeof COMMANDS / sizeof COMMANDS[0] };

const cli_command *cli_commands(int *count)
{
    *count = NCOMMANDS;
    return COMMANDS;
}

const cli_command *cli_find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, COMMANDS[i].name))
            return &COMMANDS[i];
    return NULL;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: grotto <command> [options]\n"
            "\n"
            "Verification and search harness for the treasure-map grottoes of Dragon Quest IX.\n"
            "A map is a quality band and a seed, written RRSSSS in hex (band code, seed): DD5BC3.\n"
            "\n"
            "commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out,
            "\n"
            "'grotto <command> --help' describes a command. Exit codes: 0 success, 1 a verified\n"
            "difference, 2 bad input or a broken file.\n"
            "\n"
            "examples:\n"
            "  grotto map 020032            the quest-15 map, Granite Tunnel of Woe Lv.1\n"
            "  grotto map DD5BC3 --json     a softlock map, machine-readable\n"
            "  grotto floor DD5BC3 4        its B4F, drawn\n"
            "  grotto oracle                ref vs golden corpus over all floors and maps\n"
            "  grotto verify corpus/hardware  the hardware captures against ref\n");
}

int cli_main(int argc, char **argv)
{
    if (argc < 2)
        return cli_error(NULL, "missing command; usage: grotto <command> [options] (see 'grotto --help')");
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        if (argc >= 3 && strcmp(name, "help") == 0) {
            const cli_command *c = cli_find_command(argv[2]);
            if (!c)
                return cli_error(NULL, "unknown command '%s' (see 'grotto --help')", argv[2]);
            char *help_argv[] = {(char *)c->name, "--help", NULL};
            return c->run(2, help_argv);
        }
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(name, "--version")) {
        printf("grotto %s\n", GROTTO_VERSION);
        return EXIT_OK;
    }
    const cli_command *c = cli_find_command(name);
    if (c)
        return c->run(argc - 1, argv + 1);
    if (name[0] == '-')
        return cli_error(NULL, "unknown option '%s' (see 'grotto --help')", name);
    return cli_error(NULL, "unknown command '%s' (see 'grotto --help')", name);
}
