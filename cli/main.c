/* grotto: the researcher's command for DQ9 treasure-map grottoes. The
 * command table and the dispatcher are in commands.c (library grotto_cli);
 * main() adds what only a process may do: the final check of stdout. */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "cli.h"

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
    const cli_command *c = argc >= 2 ? cli_find_command(argv[1]) : NULL;
    int rc = cli_main(argc, argv);
    return close_stdout(c ? c->name : NULL, rc);
}
