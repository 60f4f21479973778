/* Checked output: stdout, and files written by temporary name + rename. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

int cli_file_open(const char *cmd, const char *path, cli_file *cf)
{
    cf->f = NULL;
    cf->path = path;
    if (!*path)
        return cli_error(cmd, "cannot write '': empty file name");
    if ((size_t)snprintf(cf->tmp, sizeof cf->tmp, "%s.XXXXXX", path) >= sizeof cf->tmp)
        return cli_error(cmd, "cannot write '%s': file name too long", path);
    /* past a file-size limit, let write() fail (EFBIG) instead of being
     * killed with the temporary left behind */
    signal(SIGXFSZ, SIG_IGN);
    int fd = mkstemp(cf->tmp);
    if (fd < 0)
        return cli_error(cmd, "cannot write '%s': %s", path, strerror(errno));
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || !(cf->f = fdopen(fd, "w"))) {
        int err = errno;
        close(fd);
        unlink(cf->tmp);
        return cli_error(cmd, "cannot write '%s': %s", path, strerror(err));
    }
    return 0;
}

int cli_file_commit(const char *cmd, cli_file *cf, int failed)
{
    int bad = failed, err = failed ? errno : 0; /* the writer's failing call set errno */
    if (!bad) {
        errno = 0;
        bad = fflush(cf->f) != 0 || ferror(cf->f) || fsync(fileno(cf->f)) != 0;
        err = errno;
    }
    if (fclose(cf->f) != 0 && !bad)
        bad = 1, err = errno;
    cf->f = NULL;
    if (!bad && rename(cf->tmp, cf->path) != 0)
        bad = 1, err = errno;
    if (bad) {
        unlink(cf->tmp);
        return cli_error(cmd, "write error on '%s': %s (nothing written)", cf->path, err ? strerror(err) : "output failed");
    }
    return 0;
}
