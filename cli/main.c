/* grotto: the researcher's command for DQ9 treasure-map grottoes.
 * A table of subcommands; each has --help and --json where it prints data. */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "cli.h"

#ifndef GROTTO_VERSION
#define GROTTO_VERSION "dev"
#endif

static const cli_command COMMANDS[] = {
    {"map", "show a map: details, names, every floor's stairs, chests, enemy list, anomalies", cmd_map, help_map},
    {"floor", "draw one floor (ASCII, --json, --record hex, --svg picture)", cmd_floor, help_floor},
    {"timer", "what a console timer value produces (draws, quality, location, map)", cmd_timer, help_timer},
    {"seeds", "seed facts: the seeds no timer yields, the timers of a seed", cmd_seeds, help_seeds},
    {"chest", "chest ranks and contents of a floor at a given second", cmd_chest, help_chest},
    {"search", "find maps: details, names, enemy-list states, ONLY monsters, anomalies, locations", cmd_search,
     help_search},
    {"odds", "what a base quality produces: every map with its chance and locations", cmd_odds, help_odds},
    {"oracle", "prove ref, impl and the golden corpus agree over the whole universe", cmd_oracle, help_oracle},
    {"verify", "check hardware captures (corpus/hardware/*.cap) against an engine", cmd_verify, help_verify},
    {"sweep", "impl's memoized threaded sweep of the universe: write or check digest files", cmd_sweep, help_sweep},
    {"stats", "universe aggregates answering the hardware observations (HW-2/3/4/6)", cmd_stats, help_stats},
    {"bench", "time the full-universe sweep with ref and impl, ratio and peak memory", cmd_bench, help_bench},
};
enum { NCOMMANDS = sizeof COMMANDS / sizeof COMMANDS[0] };

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

static int dispatch(int argc, char **argv, const char **cmd)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        if (argc >= 3 && strcmp(name, "help") == 0) {
            for (int i = 0; i < NCOMMANDS; i++)
                if (!strcmp(argv[2], COMMANDS[i].name)) {
                    COMMANDS[i].help(stdout);
                    return EXIT_OK;
                }
            return cli_error(NULL, "unknown command '%s' (see 'grotto --help')", argv[2]);
        }
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(name, "--version")) {
        printf("grotto %s\n", GROTTO_VERSION);
        return EXIT_OK;
    }
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, COMMANDS[i].name)) {
            *cmd = COMMANDS[i].name;
            return COMMANDS[i].run(argc - 1, argv + 1);
        }
    if (name[0] == '-')
        return cli_error(NULL, "unknown option '%s' (see 'grotto --help')", name);
    return cli_error(NULL, "unknown command '%s' (see 'grotto --help')", name);
}

/* Nothing lost silently: whatever a command printed must have reached
 * standard output. A failed write (a full disk, /dev/full, a closed or
 * broken descriptor) turns any result into exit 2 with one line. */
static int close_stdout(const char *cmd, int rc)
{
    errno = 0;
    int failed = fflush(stdout) != 0;
    int e = errno;
    if (!failed && ferror(stdout)) /* an earlier flush failed: its errno was kept */
        failed = 1, e = cli_stdout_errno();
    if (fclose(stdout) != 0 && !failed)
        failed = 1, e = errno;
    if (!failed)
        return rc;
    return cli_error(cmd, "write error on standard output: %s", strerror(e ? e : EIO));
}

int main(int argc, char **argv)
{
    /* over a file-size limit a write fails with EFBIG and is reported,
     * instead of the process being killed by SIGXFSZ */
    signal(SIGXFSZ, SIG_IGN);
    const char *cmd = NULL;
    int rc = dispatch(argc, argv, &cmd);
    return close_stdout(cmd, rc);
}
