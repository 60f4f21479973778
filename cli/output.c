/* Files written by temporary name + rename, over base_out_* (out_file.c). */
#include <errno.h>
#include <string.h>

#include "base.h"
#include "cli.h"
#include "output.h"

int cli_file_open(const char *cmd, const char *path, cli_file *cf)
{
    char err[4400];
    cf->f = NULL;
    if (!*path)
        return cli_error(cmd, "cannot write '': empty file name");
    if (strlen(path) >= sizeof cf->o.path - 32)
        return cli_error(cmd, "cannot write '%s': file name too long", path);
    if (base_out_open(&cf->o, path, 0, err, sizeof err) != 0)
        return cli_error(cmd, "%s", err);
    cf->f = cf->o.f;
    return 0;
}

int cli_file_commit(const char *cmd, cli_file *cf, int failed)
{
    char err[4400];
    cf->f = NULL;
    if (failed) {
        int e = errno; /* the writer's failing call set it */
        base_out_abort(&cf->o);
        return cli_error(cmd, "write error on '%s': %s (nothing written)", cf->o.path, strerror(e ? e : EIO));
    }
    if (base_out_finish(&cf->o, err, sizeof err) != 0 || base_out_commit(&cf->o, err, sizeof err) != 0)
        return cli_error(cmd, "%s (nothing written)", err);
    return 0;
}
