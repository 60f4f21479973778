/* The common library (base/base.h). The parallel driver as impl's sweep
 * and the harness use it: every chunk exactly once with its right bounds,
 * the worker numbers inside 0..workers-1 (they index per-worker state),
 * progress counts ascending, one call at a time, the last one n of n. The
 * terminal's width and the progress line on a pseudo-terminal. Files
 * written whole or not at all when something fails: a full device, a
 * target that became a directory, a socket in the way, a directory that
 * cannot be synced, a signal - each an error naming the file, and no
 * temporary file left behind. */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 700
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base.h"

enum { N = 10007, CHUNK = 64, CHUNKS = (N + CHUNK - 1) / CHUNK };

static atomic_int chunk_hits[CHUNKS];
static atomic_int bad_bounds, bad_worker;

static void on_chunk(void *ctx, int worker, size_t lo, size_t hi)
{
    int workers = *(const int *)ctx;
    if (worker < 0 || worker >= (workers < 1 ? 1 : workers))
        atomic_fetch_add(&bad_worker, 1);
    if (lo % CHUNK != 0 || hi != (lo + CHUNK < N ? lo + CHUNK : N))
        atomic_fetch_add(&bad_bounds, 1);
    else
        atomic_fetch_add(&chunk_hits[lo / CHUNK], 1);
}

static atomic_int inside, overlapped;
static uint64_t calls, last_done, not_ascending, wrong_total;

static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
    (void)ctx;
    if (atomic_fetch_add(&inside, 1) != 0)
        atomic_fetch_add(&overlapped, 1);
    not_ascending += done <= last_done;
    wrong_total += total != N;
    last_done = done;
    calls++;
    atomic_fetch_sub(&inside, 1);
}

Test(base, parallel_chunks_once_each_with_worker_numbers_and_progress)
{
    for (int workers = 0; workers <= 4; workers++) {
        for (int c = 0; c < CHUNKS; c++)
            atomic_store(&chunk_hits[c], 0);
        atomic_store(&bad_bounds, 0);
        atomic_store(&bad_worker, 0);
        atomic_store(&overlapped, 0);
        calls = last_done = not_ascending = wrong_total = 0;
        base_parallel_chunks(workers, N, CHUNK, on_chunk, &workers, on_progress, NULL);
        for (int c = 0; c < CHUNKS; c++)
            cr_assert_eq(atomic_load(&chunk_hits[c]), 1, "chunk %d with %d workers", c, workers);
        cr_expect_eq(atomic_load(&bad_bounds), 0);
        cr_expect_eq(atomic_load(&bad_worker), 0, "a worker number outside 0..%d", workers - 1);
        cr_expect(calls >= 1 && last_done == N && not_ascending == 0 && wrong_total == 0,
                  "%d workers: %llu progress calls, last %llu of %d, %llu not ascending", workers,
                  (unsigned long long)calls, (unsigned long long)last_done, N, (unsigned long long)not_ascending);
        cr_expect_eq(atomic_load(&overlapped), 0, "two progress calls at once");
    }
}

Test(base, nothing_to_do_calls_nothing)
{
    int workers = 3;
    calls = 0;
    atomic_store(&bad_bounds, 0);
    base_parallel_chunks(workers, 0, 0, on_chunk, &workers, on_progress, NULL);
    cr_expect_eq(calls, 0);
    cr_expect_eq(atomic_load(&bad_bounds), 0);
}

/* base_beside: both tasks run once; alone (one worker), the second after
 * the first on the calling thread; with two, the second on another thread. */
typedef struct beside_log {
    int order[2], n;
    pthread_t thread[2];
} beside_log;

static void beside_a(void *ctx)
{
    beside_log *l = ctx;
    l->thread[0] = pthread_self();
    l->order[0] = __atomic_fetch_add(&l->n, 1, __ATOMIC_SEQ_CST);
}

static void beside_b(void *ctx)
{
    beside_log *l = ctx;
    l->thread[1] = pthread_self();
    l->order[1] = __atomic_fetch_add(&l->n, 1, __ATOMIC_SEQ_CST);
}

Test(base, beside_runs_both_tasks_alone_in_order_or_on_two_threads)
{
    beside_log alone = {{-1, -1}, 0, {0}};
    base_beside(1, beside_a, beside_b, &alone);
    cr_expect_eq(alone.n, 2);
    cr_expect(alone.order[0] == 0 && alone.order[1] == 1, "alone, a runs before b");
    cr_expect(pthread_equal(alone.thread[0], pthread_self()) && pthread_equal(alone.thread[1], pthread_self()));
    beside_log two = {{-1, -1}, 0, {0}};
    base_beside(2, beside_a, beside_b, &two);
    cr_expect_eq(two.n, 2);
    cr_expect(pthread_equal(two.thread[0], pthread_self()), "a runs on the calling thread");
    cr_expect(!pthread_equal(two.thread[1], pthread_self()), "b runs on a thread of its own");
}

Test(base, clocks_move_forward)
{
    double t0 = base_now(), c0 = base_thread_cpu();
    volatile uint64_t x = 0;
    for (int i = 0; i < 10000000; i++)
        x += (uint64_t)i * 7;
    cr_expect_neq(x, 0);
    cr_expect_geq(base_now(), t0);
    cr_expect_geq(base_thread_cpu(), c0);
    cr_expect_geq(base_default_threads(), 1);
}

/* ---- the terminal's width and the progress line ---- */

Test(base, terminal_columns_and_a_progress_line_cut_to_them)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert_geq(master, 0);
    cr_assert_eq(grantpt(master), 0);
    cr_assert_eq(unlockpt(master), 0);
    int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    cr_assert_geq(slave, 0);
    struct winsize ws = {.ws_row = 10, .ws_col = 40};
    cr_assert_eq(ioctl(slave, TIOCSWINSZ, &ws), 0);
    cr_expect_eq(base_terminal_columns(slave), 40);
    int pipefd[2];
    cr_assert_eq(pipe(pipefd), 0);
    cr_expect_eq(base_terminal_columns(pipefd[0]), 0, "not a terminal");
    close(pipefd[0]);
    close(pipefd[1]);

    /* the progress line on that terminal: never longer than 39 columns */
    int saved = dup(STDERR_FILENO);
    cr_assert_eq(dup2(slave, STDERR_FILENO), STDERR_FILENO);
    base_progress p = {.label = "a label long enough to need cutting", .enabled = 1, .started = base_now()};
    base_progress_cb(&p, 1, 3);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    char buf[256] = "";
    struct pollfd pf = {.fd = master, .events = POLLIN};
    ssize_t n = poll(&pf, 1, 2000) == 1 ? read(master, buf, sizeof buf - 1) : -1;
    cr_assert_gt(n, 0);
    buf[n] = 0;
    char *start = strchr(buf, '\r'), *end = strstr(buf, "\033[K");
    cr_assert(start && end && end > start, "%s", buf);
    cr_expect_eq(end - start - 1, 39, "the line: '%.*s'", (int)(end - start - 1), start + 1);
    cr_expect_eq(strncmp(start + 1, "a label long enough to need cutting: 1/", 39), 0);

    /* no width from the terminal: $COLUMNS, else 80 */
    ws.ws_col = 0;
    cr_assert_eq(ioctl(slave, TIOCSWINSZ, &ws), 0);
    setenv("COLUMNS", "33", 1);
    cr_expect_eq(base_terminal_columns(slave), 33);
    unsetenv("COLUMNS");
    cr_expect_eq(base_terminal_columns(slave), 80);
    close(slave);
    close(master);
}

/* ---- files written whole or not at all ---- */

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/grotto-test-base.XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

/* The names in dir other than . and .. (and `keep`), counted. */
static int leftovers(const char *keep)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && (!keep || strcmp(e->d_name, keep));
    if (d)
        closedir(d);
    return n;
}

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

Test(base, a_full_device_is_a_write_error)
{
    base_out_file o;
    char err[512];
    cr_assert_eq(base_out_open(&o, "/dev/full", 0, err, sizeof err), 0, "%s", err);
    cr_expect_eq(o.direct, 1, "a device is written in place");
    cr_assert_eq(base_out_write(&o, "abc", 3, err, sizeof err), 0, "buffered");
    cr_expect_eq(base_out_finish(&o, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "/dev/full: write error: No space left on device"), "%s", err);
}

Test(base, a_target_that_became_a_directory_is_not_replaced)
{
    make_dir();
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/out.bin", dir);
    base_out_file o;
    cr_assert_eq(base_out_open(&o, path, 64, err, sizeof err), 0, "%s", err);
    cr_assert_eq(base_out_write(&o, "abc", 3, err, sizeof err), 0);
    cr_assert_eq(base_out_finish(&o, err, sizeof err), 0, "%s", err);
    cr_assert_eq(mkdir(path, 0700), 0);
    cr_expect_eq(base_out_commit(&o, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "cannot rename into place"), "%s", err);
    cr_expect_eq(leftovers("out.bin"), 0, "the temporary file is removed");
    /* and a directory named as the target is refused at once */
    cr_expect_eq(base_out_open(&o, path, 0, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "Is a directory"), "%s", err);
    remove_dir();
}

Test(base, a_socket_in_the_way_cannot_be_written)
{
    make_dir();
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    snprintf(a.sun_path, sizeof a.sun_path, "%s/sock", dir);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    cr_assert_geq(s, 0);
    cr_assert_eq(bind(s, (struct sockaddr *)&a, sizeof a), 0);
    base_out_file o;
    char err[512];
    cr_expect_eq(base_out_open(&o, a.sun_path, 0, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "/sock: cannot write"), "%s", err);
    close(s);
    remove_dir();
}

Test(base, syncing_a_directory_that_is_not_there_fails)
{
    char err[512];
    cr_expect_eq(base_sync_dir_of("/nonexistent-grotto-dir/x.digest", err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "/nonexistent-grotto-dir: cannot sync the directory"), "%s", err);
    cr_expect_eq(base_sync_dir_of("x.digest", err, sizeof err), 0, "the working directory: %s", err);
}

Test(base, a_signal_removes_the_temporary_file)
{
    make_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/out.bin", dir);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        base_out_cleanup_on_signals();
        base_out_file o;
        char err[512];
        if (base_out_open(&o, path, 0, err, sizeof err) != 0 || base_out_write(&o, "abc", 3, err, sizeof err) != 0)
            _exit(3);
        raise(SIGTERM);
        _exit(4); /* not reached */
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_expect(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, "status %d", status);
    cr_expect_eq(leftovers(NULL), 0, "no temporary file and no target");
    remove_dir();
}

/* SHA-256 around the block edges: a tail of 55 bytes still fits its length
 * in one block, 56..63 need a second; whole blocks and several of them.
 * The message is bytes 3, 10, 17, ... (7i + 3 mod 256); the digests are
 * Python's hashlib. */
Test(base, sha256_at_the_block_edges)
{
    static const struct {
        size_t n;
        const char *hex;
    } V[] = {
        {55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"},
        {63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"},
        {64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"},
        {65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"},
        {119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"},
        {120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"},
        {128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"},
        {1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371"},
    };
    uint8_t msg[1000];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 3);
    for (size_t i = 0; i < sizeof V / sizeof V[0]; i++) {
        char hex[65];
        base_sha256_hex(msg, V[i].n, hex);
        cr_expect_str_eq(hex, V[i].hex, "%zu bytes", V[i].n);
    }
}

/* Space reserved at open and not written is cut when the file is finished:
 * the file holds exactly what was written. */
Test(base, reserved_space_not_written_is_cut)
{
    make_dir();
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/out.bin", dir);
    base_out_file o;
    cr_assert_eq(base_out_open(&o, path, 1 << 16, err, sizeof err), 0, "%s", err);
    cr_assert_eq(base_out_write(&o, "abcdefg", 7, err, sizeof err), 0, "%s", err);
    cr_expect_eq(o.written, 7);
    cr_assert_eq(base_out_finish(&o, err, sizeof err), 0, "%s", err);
    cr_assert_eq(base_out_commit(&o, err, sizeof err), 0, "%s", err);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_expect_eq(st.st_size, 7, "%lld bytes", (long long)st.st_size);
    cr_expect_eq(leftovers("out.bin"), 0);
    remove_dir();
}
