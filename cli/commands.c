/* grotto's table of commands and the top-level dispatcher. Every command is
 * one description in its own file (cmd_NAME.c defines CMD_NAME); adding a
 * command is that file and one row below. They live in the grotto_cli
 * library, not in main.c, so that the argument fuzzer
 * (fuzz/fuzz_cli_args.c) can parse every command's arguments in-process. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#ifndef GROTTO_VERSION
#define GROTTO_VERSION "dev"
#endif

/* The commands, in the order of 'grotto --help': one row each. */
#define COMMANDS(X) \
    X(map)          \
    X(floor)        \
    X(timer)        \
    X(seeds)        \
    X(chest)        \
    X(chests)       \
    X(at)           \
    X(search)       \
    X(odds)         \
    X(oracle)       \
    X(interchange)  \
    X(verify)       \
    X(sweep)        \
    X(stats)        \
    X(bench)

#define DECLARE(name) extern const cli_command CMD_##name;
COMMANDS(DECLARE)
#define ROW(name) &CMD_##name,
static const cli_command *const TABLE[] = {COMMANDS(ROW)};
enum { NCOMMANDS = sizeof TABLE / sizeof TABLE[0] };

const cli_command *const *cli_commands(int *count)
{
    *count = NCOMMANDS;
    return TABLE;
}

const cli_command *cli_find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, TABLE[i]->name))
            return TABLE[i];
    return NULL;
}

static void usage(void)
{
    printf("usage: grotto <command> [options]\n"
           "       grotto help <command> | terms | json | schema\n"
           "       grotto --help | --version\n"
           "\n"
           "Verification and search harness for the treasure-map grottoes of Dragon Quest IX.\n"
           "A map is a quality band and a seed, written RRSSSS in hex (band code, seed): DD5BC3.\n"
           "\n"
           "commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        printf("  %-11s %s\n", TABLE[i]->name, TABLE[i]->summary);
    printf("\n"
           "help:\n"
           "  grotto help CMD    what a command does, its options and examples (= grotto CMD --help)\n"
           "  grotto help terms  the words the output uses (ElistOfs, W, X, D, regime, Flag0, ...)\n"
           "  grotto help json   the fields of every --json document (docs/json.md)\n"
           "  grotto help schema the same as a JSON Schema\n"
           "  grotto --version   the version\n"
           "\n"
           "Exit codes: 0 success, 1 a verified difference, 2 bad input or a broken file (one line\n"
           "on stderr, nothing on stdout), 3 a capture in doubt (verify).\n"
           "\n"
           "examples:\n"
           "  grotto map 020032            the quest-15 map, Granite Tunnel of Woe Lv.1\n"
           "  grotto map DD5BC3 --json     a softlock map, machine-readable\n"
           "  grotto floor DD5BC3 4        its B4F, drawn\n"
           "  grotto oracle                ref vs golden corpus over all floors and maps\n"
           "  grotto verify corpus/hardware  the hardware captures against ref\n");
}

static int command(const cli_command *c, int argc, char **argv)
{
    void *args = malloc(c->size);
    if (!args)
        return cli_error(c->name, "out of memory");
    int mode, help;
    int rc = cli_parse(c, argc, argv, args, &mode, &help);
    if (!rc && help)
        cli_help(c);
    else if (!rc)
        rc = cli_run(c, args, mode);
    cli_release(c, args);
    free(args);
    return rc;
}

int cli_main(int argc, char **argv)
{
    if (argc < 2)
        return cli_error(NULL, "missing command; usage: grotto <command> [options] (see 'grotto --help')");
    const char *name = argv[1];
    if (!strcmp(name, "help") && argc == 3)
        return cli_help_topic(argv[2]);
    if (!strcmp(name, "help") && argc > 3)
        return cli_error(NULL, "help takes one command or topic (see 'grotto --help')");
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        usage();
        return EXIT_OK;
    }
    if (!strcmp(name, "--version")) {
        printf("grotto %s\n", GROTTO_VERSION);
        return EXIT_OK;
    }
    const cli_command *c = cli_find_command(name);
    if (c)
        return command(c, argc - 1, argv + 1);
    if (name[0] == '-')
        return cli_error(NULL, "unknown option '%s' (see 'grotto --help')", name);
    return cli_error(NULL, "unknown command '%s' (see 'grotto --help')", name);
}
