/* Files written whole or not at all (base.h "files written whole"): a
 * temporary file beside the target, every write checked, fflush + fsync +
 * fclose checked, rename into place only when complete; a signal or an
 * error removes the temporary file, so no partial file ever carries the
 * target's name. What a SIGKILL (or a power cut) leaves behind, the next
 * writer of the same target removes: the temporary name carries the
 * writer's process id and the writer holds a lock on the file, so a
 * leftover is recognised as one whose process is gone and whose lock is
 * free. */
#define _DEFAULT_SOURCE /* mkstemp, flock */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"

/* Temporary names still to be removed if a signal ends the process. A slot
 * is published (live = 1) only once its name is complete, and retired
 * before the name is reused. */
enum { OUT_SLOTS = 16 };
static char out_tmp[OUT_SLOTS][4096];
static volatile sig_atomic_t out_live[OUT_SLOTS];

static void out_on_signal(int sig)
{
    for (int i = 0; i < OUT_SLOTS; i++)
        if (out_live[i])
            unlink(out_tmp[i]); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

void base_out_cleanup_on_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = out_on_signal;
        sigemptyset(&sa.sa_mask);
        for (unsigned j = 0; j < sizeof sigs / sizeof sigs[0]; j++)
            sigaddset(&sa.sa_mask, sigs[j]);
        struct sigaction old;
        /* keep an inherited "ignore" (nohup) */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

static void retire(base_out_file *o)
{
    if (o->slot >= 0)
        out_live[o->slot] = 0;
    o->slot = -1;
}

static void fail(char *err, size_t errlen, const char *what, const char *path, int e)
{
    snprintf(err, errlen, "%s: %s: %s", path, what, strerror(e ? e : EIO));
}

/* ---- leftovers of writers that died (SIGKILL, power cut) ---- */

/* name is ".BASE.tmp-PID-XXXXXX" (the temporary name of a writer of BASE):
 * its PID, or -1. */
static long stale_pid(const char *name, const char *base)
{
    size_t n = strlen(base);
    if (name[0] != '.' || strncmp(name + 1, base, n) != 0 || strncmp(name + 1 + n, ".tmp-", 5) != 0)
        return -1;
    const char *p = name + 1 + n + 5, *q = p;
    long pid = 0;
    while (isdigit((unsigned char)*q) && q - p < 10)
        pid = pid * 10 + (*q++ - '0');
    if (q == p || *q != '-' || strlen(q + 1) != 6)
        return -1;
    for (const char *r = q + 1; *r; r++)
        if (!isalnum((unsigned char)*r))
            return -1;
    return pid;
}

int base_out_remove_stale(const char *path, char *note, size_t notelen)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    int removed = 0;
    if (note && notelen)
        note[0] = 0;
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    else
        snprintf(dir, sizeof dir, ".");
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        long pid = stale_pid(de->d_name, base);
        /* its process must be gone: a live one (this one, another user's:
         * EPERM) is never touched */
        if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char full[4400];
        if (snprintf(full, sizeof full, "%s/%s", dir, de->d_name) >= (int)sizeof full)
            continue;
        /* and its lock free (a process id reused, or seen from another pid
         * namespace, still holds it): a regular file, never followed */
        int fd = open(full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        struct stat st;
        if (fd < 0)
            continue;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0 && unlink(full) == 0) {
            removed++;
            if (note && notelen) {
                size_t at = strlen(note);
                snprintf(note + at, notelen - at, "%s%s (process %ld is gone)", at ? "; " : "", full, pid);
            }
        }
        close(fd);
    }
    closedir(d);
    return removed;
}

int base_out_open(base_out_file *o, const char *path, uint64_t reserve, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    snprintf(o->path, sizeof o->path, "%s", path);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fail(err, errlen, "cannot write", path, EISDIR);
        return -1;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device, FIFO or socket (/dev/stdout, /dev/full, a pipe): written
         * in place, every write still checked; never replaced by a rename */
        o->direct = 1;
        o->f = fopen(path, "wb");
        if (!o->f) {
            fail(err, errlen, "cannot write", path, errno);
            return -1;
        }
        return 0;
    }
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    char stale[1024];
    if (base_out_remove_stale(path, stale, sizeof stale) > 0)
        fprintf(stderr, "grotto: removed the temporary files of writers that died: %s\n", stale);
    snprintf(o->tmp, sizeof o->tmp, "%.*s.%s.tmp-%ld-XXXXXX", slash ? (int)(slash - path + 1) : 0, path, name,
             (long)getpid());
    int slot = -1;
    for (int i = 0; i < OUT_SLOTS && slot < 0; i++)
        if (!out_live[i])
            slot = i;
    /* no signal between creating the file and publishing its name */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int fd = mkstemp(o->tmp);
    int e = errno;
    if (fd >= 0 && slot >= 0) {
        memcpy(out_tmp[slot], o->tmp, sizeof o->tmp);
        out_live[slot] = 1;
        o->slot = slot;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        o->tmp[0] = 0;
        fail(err, errlen, "cannot write", path, e);
        return -1;
    }
    flock(fd, LOCK_EX | LOCK_NB); /* ours while we live: remove_stale leaves a locked file alone */
    fchmod(fd, 0644); /* mkstemp makes 0600; a corpus is meant to be shared */
    if (reserve) {
        /* claim the space now: a full disk or a file-size limit shows before any work */
        e = posix_fallocate(fd, 0, (off_t)reserve);
        if (e != 0 && e != EOPNOTSUPP && e != ENOSYS && e != EINVAL) {
            close(fd);
            base_out_abort(o);
            fail(err, errlen, "cannot reserve space", path, e);
            return -1;
        }
        o->reserved = e == 0 ? reserve : 0;
    }
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        e = errno;
        close(fd);
        base_out_abort(o);
        fail(err, errlen, "cannot write", path, e);
        return -1;
    }
    return 0;
}

int base_out_write(base_out_file *o, const void *data, size_t n, char *err, size_t errlen)
{
    if (n && fwrite(data, 1, n, o->f) != n) {
        int e = errno;
        base_out_abort(o);
        fail(err, errlen, "write error", o->path, e);
        return -1;
    }
    o->written += n;
    return 0;
}

int base_out_finish(base_out_file *o, char *err, size_t errlen)
{
    int fd = fileno(o->f);
    const char *what = NULL;
    int e = 0;
    if (fflush(o->f) != 0 || ferror(o->f))
        what = "write error", e = errno;
    else if (o->reserved && ftruncate(fd, (off_t)o->written) != 0) /* drop what was reserved but not written */
        what = "write error", e = errno;
    else if (!o->no_sync && !o->direct && fsync(fd) != 0)
        what = "cannot sync", e = errno;
    FILE *f = o->f;
    o->f = NULL;
    if (fclose(f) != 0 && !what)
        what = "write error", e = errno;
    if (what) {
        base_out_abort(o);
        fail(err, errlen, what, o->path, e);
        return -1;
    }
    return 0;
}

int base_out_commit(base_out_file *o, char *err, size_t errlen)
{
    if (o->direct)
        return 0;
    if (rename(o->tmp, o->path) != 0) {
        int e = errno;
        base_out_abort(o);
        fail(err, errlen, "cannot rename into place", o->path, e);
        return -1;
    }
    retire(o);
    o->tmp[0] = 0;
    return 0;
}

void base_out_abort(base_out_file *o)
{
    if (o->f) {
        fclose(o->f);
        o->f = NULL;
    }
    if (o->tmp[0])
        unlink(o->tmp);
    retire(o);
    o->tmp[0] = 0;
}

int base_sync_dir_of(const char *path, char *err, size_t errlen)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    else
        snprintf(dir, sizeof dir, ".");
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0 || fsync(fd) != 0) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        if (e == EINVAL || e == EBADF) /* a file system that cannot sync directories */
            return 0;
        fail(err, errlen, "cannot sync the directory", dir, e);
        return -1;
    }
    close(fd);
    return 0;
}
