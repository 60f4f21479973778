/* Argument vectors into every grotto command's parser, in-process: the
 * generic parser (cli_parse) alone fills the command's args struct from
 * its description, and -h/--help renders the description; nothing runs.
 * The top level (no command, help topics, --version, unknown commands) goes
 * through cli_main, which does no real work for them. Whatever
 * the arguments, there must be no crash, and the outcome must follow the
 * CLI conventions:
 *   accepted  -> exit 0 and nothing on stderr (help texts go to stdout);
 *   rejected  -> exit 2, nothing on stdout, exactly one line on stderr,
 *                "grotto[ CMD]: what is wrong".
 * Input: the command line after "grotto", arguments separated by NUL bytes
 * (at most MAX_ARGS), e.g. "map\0DD5BC3\0--json"; fuzz/fuzz_cli_args.dict
 * lists the commands, options and typical values. stdout and stderr are
 * swapped for memory streams during the call, so that sanitizer reports
 * still reach the real stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { MAX_ARGS = 24, MAX_INPUT = 4096 };

static void fail(const char *why, char **argv, int argc, int rc, const char *out, const char *err)
{
    fprintf(stderr, "CLI CONVENTION BROKEN: %s (exit %d)\n  argv:", why, rc);
    for (int i = 0; i < argc; i++)
        fprintf(stderr, " '%s'", argv[i]);
    fprintf(stderr, "\n  stdout: %.200s\n  stderr: %.400s\n", out, err);
    abort();
}

static int parse_only(int argc, char **argv)
{
    const cli_command *c = argc >= 2 ? cli_find_command(argv[1]) : NULL;
    if (!c)
        return cli_main(argc, argv);
    void *args = malloc(c->size);
    if (!args)
        abort();
    int mode, help;
    int rc = cli_parse(c, argc - 1, argv + 1, args, &mode, &help);
    if (!rc && help)
        cli_help(c);
    cli_release(c, args);
    free(args);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    static char text[MAX_INPUT + 1];
    memcpy(text, data, size);
    text[size] = 0;
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "grotto";
    /* NUL-separated; a trailing NUL does not start another argument */
    for (char *p = text, *end = text + size; p < end && argc <= MAX_ARGS; p += strlen(p) + 1)
        argv[argc++] = p;
    argv[argc] = NULL;

    char *out = NULL, *err = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *real_out = stdout, *real_err = stderr;
    fflush(stdout);
    stdout = open_memstream(&out, &out_len);
    stderr = open_memstream(&err, &err_len);
    if (!stdout || !stderr) {
        stdout = real_out;
        stderr = real_err;
        fprintf(stderr, "fuzz_cli_args: open_memstream failed\n");
        abort();
    }
    int rc = parse_only(argc, argv);
    fclose(stdout);
    fclose(stderr);
    stdout = real_out;
    stderr = real_err;

    if (rc == EXIT_OK) {
        if (err_len)
            fail("accepted, but wrote on stderr", argv, argc, rc, out, err);
    } else if (rc == EXIT_USAGE) {
        if (out_len)
            fail("rejected, but wrote on stdout", argv, argc, rc, out, err);
        char *nl = memchr(err, '\n', err_len);
        if (!err_len || !nl || nl != err + err_len - 1)
            fail("rejected without exactly one line on stderr", argv, argc, rc, out, err);
        if (strncmp(err, "grotto", 6) != 0)
            fail("rejection line does not start with 'grotto'", argv, argc, rc, out, err);
    } else {
        fail("exit code neither 0 (accepted) nor 2 (rejected)", argv, argc, rc, out, err);
    }
    free(out);
    free(err);
    return 0;
}
