/* test_regressions: every fuzz target compiled a second time, without
 * libFuzzer, behind this driver; it replays every input kept for a target:
 *     test_regressions ROOT...
 * Each ROOT (fuzz/corpus, corpus/regressions) holds one folder per target,
 * named like it (fuzz_floor_diff/); every regular file in it is an input,
 * except notes (*.note, README*). A folder without a target is an error (a
 * renamed target would silently stop replaying its inputs), and so is a
 * target without any seed input in the first ROOT. A target that finds a
 * difference aborts, which fails the test; the input is named just before. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_targets.h" /* generated: FUZZ_TARGETS[] = {name, entry} */

enum { NTARGETS = sizeof FUZZ_TARGETS / sizeof FUZZ_TARGETS[0] };

static int is_note(const char *name)
{
    size_t n = strlen(name);
    return name[0] == '.' || !strncmp(name, "README", 6) || (n > 5 && !strcmp(name + n - 5, ".note"));
}

static int replay_file(const char *path, size_t size, int (*entry)(const uint8_t *, size_t))
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = malloc(size ? size : 1);
    int ok = f && buf && fread(buf, 1, size, f) == size;
    if (f)
        fclose(f);
    if (!ok) {
        fprintf(stderr, "test_regressions: cannot read %s\n", path);
        free(buf);
        return -1;
    }
    printf("  %s (%zu bytes)\n", path, size);
    fflush(stdout);
    entry(buf, size);
    free(buf);
    return 0;
}

/* Replays the files of ROOT/<target>/; returns the number of inputs, or -1. */
static long replay_dir(const char *root, const char *target, int (*entry)(const uint8_t *, size_t))
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", root, target);
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? 0 : -1;
    long count = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (is_note(e->d_name))
            continue;
        char path[8192];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (replay_file(path, (size_t)st.st_size, entry) != 0) {
            count = -1;
            break;
        }
        count++;
    }
    closedir(d);
    return count;
}

/* Every folder under root must belong to a target. */
static int check_folders(const char *root)
{
    DIR *d = opendir(root);
    if (!d)
        return 0; /* a root that does not exist yet holds nothing */
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[8192];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", root, e->d_name);
        if (e->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        int known = 0;
        for (int t = 0; t < NTARGETS; t++)
            known |= !strcmp(FUZZ_TARGETS[t].name, e->d_name);
        if (!known) {
            fprintf(stderr, "test_regressions: %s has no fuzz target fuzz/%s.c\n", path, e->d_name);
            bad = 1;
        }
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_regressions SEED-CORPUS-ROOT [MORE-ROOTS...]\n");
        return 2;
    }
    int bad = 0;
    for (int r = 1; r < argc; r++)
        bad |= check_folders(argv[r]);
    for (int t = 0; t < NTARGETS; t++) {
        long total = 0;
        printf("%s:\n", FUZZ_TARGETS[t].name);
        for (int r = 1; r < argc; r++) {
            long n = replay_dir(argv[r], FUZZ_TARGETS[t].name, FUZZ_TARGETS[t].entry);
            if (n < 0) {
                fprintf(stderr, "test_regressions: cannot read %s/%s\n", argv[r], FUZZ_TARGETS[t].name);
                bad = 1;
                continue;
            }
            if (r == 1 && n == 0) {
                fprintf(stderr, "test_regressions: %s has no seed inputs in %s/%s\n", FUZZ_TARGETS[t].name,
                        argv[1], FUZZ_TARGETS[t].name);
                bad = 1;
            }
            total += n;
        }
        printf("%s: %ld inputs replayed\n", FUZZ_TARGETS[t].name, total);
    }
    return bad ? 1 : 0;
}
