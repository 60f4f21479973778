/* The universe index (universe.h): built from an engine's own sweep (impl's,
 * the default) or, for checking, item by item through the engine interface
 * (ref); cached in a validated file.
 *
 * Builders of one cache directory take turns: a process that finds no valid
 * cache file takes the directory's lock file (index.lock, flock) before it
 * builds, and reads the file again once it holds the lock - so of two
 * queries started together one builds and the other reads what the first
 * wrote, instead of both building at half speed. A directory that cannot be
 * written gets no lock (nothing to wait for) and one line on stderr per
 * process: every query then builds the index again. */
#define _GNU_SOURCE /* MAP_POPULATE, flock, dl_iterate_phdr */
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>
#if defined(__x86_64__)
/* libxxhash's run-time dispatch (SSE2, AVX2 or AVX-512 as the CPU has):
 * the same hash as XXH3_64bits, about twice as fast on a cached query's
 * 21 MB checksum */
#include <xxh_x86dispatch.h>
#define index_xxh3(p, n) XXH3_64bits_dispatch(p, n)
#else
#define index_xxh3(p, n) XXH3_64bits(p, n)
#endif

#include "always.h"
#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "universe.h"
#include "base.h"

enum { KIND_UNIVERSE = 1, KIND_OVERFLOW_HIGH = 2, HIGH_SEED_FIRST = 0x8000 };

/* How long a process waits for another one's build before building itself
 * (a build takes about a second; a holder that hangs must not block queries) */
#define LOCK_WAIT_SECONDS 30.0
#define LOCK_FILE "index.lock"

static const char MAGIC[8] = {'G', 'R', 'O', 'T', 'T', 'O', 'I', 'X'};

/* The cache file's header; the payload follows it. */
typedef struct cache_header {
    char magic[8];
    uint32_t format;         /* UNIVERSE_INDEX_FORMAT */
    uint32_t kind;           /* KIND_* */
    uint64_t key;            /* XXH3-64 of the executable that wrote it */
    uint64_t payload_size;
    uint64_t checksum;       /* XXH3-64 of the payload */
    uint32_t count[4];       /* entries per section */
    uint16_t size[4];        /* bytes per entry per section */
} cache_header;

_Static_assert(sizeof(cache_header) == 64, "cache header is 64 bytes");
_Static_assert(offsetof(grotto_map_facts, level) == offsetof(grotto_map_facts, env) + 7,
               "universe_sane reads env..level as one 8-byte word");
_Static_assert(GT_ENV_COUNT < 128 && GT_MONSTER_RANKS < 128 && GT_BOSS_NAMES < 128 && GT_PREFIX_NAMES < 128 &&
                   GT_SUFFIX_NAMES < 128 && GT_LOCALE_NAMES < 128 && GROTTO_MAX_FLOORS < 128,
               "universe_sane's byte ranges lie below 128");

/* A payload: up to four sections of fixed-size entries, each starting at a
 * multiple of 8 after the header. */
typedef struct layout {
    uint32_t count[4];
    uint16_t size[4];
    size_t offset[4];
    size_t payload;
} layout;

static void layout_init(layout *l, const uint32_t count[4], const uint16_t size[4])
{
    size_t at = 0;
    for (int i = 0; i < 4; i++) {
        l->count[i] = count[i];
        l->size[i] = size[i];
        l->offset[i] = at;
        at += ((size_t)count[i] * size[i] + 7) & ~(size_t)7;
    }
    l->payload = at;
}

/* ---- the engine key ---- */

/* The GNU build ID of the loaded object that holds this code (the grotto
 * executable, or libgrotto.so for a program linked with it): the linker's
 * hash of the whole object, so it changes whenever the engine is rebuilt,
 * and it is read from memory - hashing the executable's file cost every
 * query a 3 MB read. 0 when the object has none. */
typedef struct build_id_search {
    uintptr_t code;              /* an address inside the object */
    uint64_t key;
} build_id_search;

static uint64_t build_id_of_notes(const char *p, size_t size)
{
    while (size >= sizeof(ElfW(Nhdr))) {
        const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)(const void *)p;
        size_t name = (n->n_namesz + 3u) & ~(size_t)3, desc = (n->n_descsz + 3u) & ~(size_t)3;
        size_t len = sizeof *n + name + desc;
        if (len > size)
            break;
        if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && !memcmp(p + sizeof *n, "GNU", 4) && n->n_descsz)
            return XXH3_64bits(p + sizeof *n + name, n->n_descsz);
        p += len;
        size -= len;
    }
    return 0;
}

static int build_id_of_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    build_id_search *s = arg;
    int holds = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && s->code - (info->dlpi_addr + ph->p_vaddr) < ph->p_memsz)
            holds = 1;
    }
    if (!holds)
        return 0;
    for (int i = 0; i < info->dlpi_phnum && !s->key; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_NOTE)
            s->key = build_id_of_notes((const char *)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz);
    }
    return 1;
}

/* The engine key: the build ID (above), else XXH3-64 of the running
 * executable (/proc/self/exe); either changes whenever the engine is
 * rebuilt. Never 0 (1 when neither can be read). */
static uint64_t engine_key(void)
{
    build_id_search s = {(uintptr_t)&build_id_of_notes, 0};
    dl_iterate_phdr(build_id_of_object, &s);
    if (s.key)
        return s.key;
    int fd = open("/proc/self/exe", O_RDONLY);
    if (fd < 0)
        return 0;
    XXH3_state_t *st = XXH3_createState();
    uint64_t key = 0;
    if (st && XXH3_64bits_reset(st) == XXH_OK) {
        static char buf[1 << 16];
        ssize_t n;
        int ok = 1;
        while (ok && (n = read(fd, buf, sizeof buf)) != 0) {
            if (n < 0)
                ok = errno == EINTR;
            else
                ok = XXH3_64bits_update(st, buf, (size_t)n) == XXH_OK;
        }
        if (ok)
            key = XXH3_64bits_digest(st);
    }
    XXH3_freeState(st);
    close(fd);
    return key ? key : 1;
}

/* ---- the cache directory and files ---- */

void universe_index_cache_dir(const universe_index_opts *opts, char *out, size_t outlen)
{
    const char *d = opts && opts->cache_dir ? opts->cache_dir : getenv("GROTTO_CACHE_DIR");
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (d && *d)
        snprintf(out, outlen, "%s", d);
    else if (xdg && *xdg)
        snprintf(out, outlen, "%s/grotto", xdg);
    else if (home && *home)
        snprintf(out, outlen, "%s/.cache/grotto", home);
    else
        snprintf(out, outlen, "%s", "");
    size_t n = strlen(out);
    while (n > 1 && out[n - 1] == '/')
        out[--n] = 0;
}

/* mkdir -p; 0 when dir exists (or was made) as a directory. */
static int make_dirs(const char *dir)
{
    char p[4096];
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            if (mkdir(p, 0755) != 0 && errno != EEXIST)
                return -1;
            *s = '/';
        }
    if (mkdir(p, 0700) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

/* A payload's plausibility check (universe_sane), run beside the checksum. */
typedef int (*plausible_fn)(const void *block, const layout *l);

typedef struct plausible_job {
    plausible_fn fn;
    const void *block;
    const layout *l;
    uint64_t sum;
    int ok;
} plausible_job;

static void payload_sum(void *arg)
{
    plausible_job *j = arg;
    j->sum = index_xxh3((const char *)j->block + sizeof(cache_header), j->l->payload);
}

static void payload_plausible(void *arg)
{
    plausible_job *j = arg;
    j->ok = !j->fn || j->fn(j->block, j->l);
}

/* The payload's checksum and, with plausible (may be NULL), its check
 * side by side on `threads` (base_beside): every cached query pays both,
 * the checksum 1.5 ms (22 MB), the check 0.65 ms. The check reads only
 * inside the layout, whatever the bytes hold, so it may run before the
 * checksum is known. Returns the reason the payload is refused, or NULL. */
static const char *payload_verdict(const void *block, const layout *want, uint64_t checksum, plausible_fn plausible,
                                   int threads)
{
    plausible_job j = {plausible, block, want, 0, 1};
    base_beside(plausible ? threads : 1, payload_sum, payload_plausible, &j);
    return j.sum != checksum ? "corrupt (checksum mismatch)" : !j.ok ? "implausible content" : NULL;
}

/* Maps and validates a cache file (read-only, private: a file renamed over
 * it later does not change the mapping): its header, its checksum and,
 * with plausible (may be NULL), its content. Returns the whole file
 * (payload at +64; munmap with the size of header + payload), or NULL with
 * the reason in why. */
static void *cache_read(const char *path, uint32_t kind, uint64_t key, const layout *want, plausible_fn plausible,
                        int threads, char *why, size_t whylen)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(why, whylen, "%s", errno == ENOENT ? "no cache file yet" : strerror(errno));
        return NULL;
    }
    struct stat st;
    void *block = NULL;
    size_t total = sizeof(cache_header) + want->payload;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, whylen, "not a regular file");
    } else if ((uint64_t)st.st_size < sizeof(cache_header)) {
        snprintf(why, whylen, "truncated (%lld bytes)", (long long)st.st_size);
    } else if ((block = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0)) == MAP_FAILED) {
        block = NULL;
        snprintf(why, whylen, "cannot map it: %s", strerror(errno));
    } else {
        size_t size = (size_t)st.st_size;
        const cache_header *h = block;
        const char *bad = NULL;
        if (memcmp(h->magic, MAGIC, sizeof MAGIC) != 0)
            bad = "foreign file (no GROTTOIX magic)";
        else if (h->format != UNIVERSE_INDEX_FORMAT)
            bad = "other format version";
        else if (h->kind != kind)
            bad = "other payload kind";
        else if (h->key != key)
            bad = "stale (written by another build of the engine)";
        else if (memcmp(h->count, want->count, sizeof h->count) != 0 || memcmp(h->size, want->size, sizeof h->size))
            bad = "other entry counts or sizes";
        else if (h->payload_size != want->payload || size != total)
            bad = size < total ? "truncated" : "size does not match the header";
        else
            bad = payload_verdict(block, want, h->checksum, plausible, threads);
        if (bad) {
            snprintf(why, whylen, "%s", bad);
            munmap(block, size);
            block = NULL;
        }
    }
    close(fd);
    return block;
}

/* Writes header + payload to a temporary file in the directory of path and
 * renames it onto path. 0, or -1 with the reason in why. */
static int cache_write(const char *dir, const char *path, uint32_t kind, uint64_t key, const layout *l,
                       const void *payload, char *why, size_t whylen)
{
    if (make_dirs(dir) != 0) {
        snprintf(why, whylen, "cannot create the cache directory '%s': %s", dir, strerror(errno));
        return -1;
    }
    cache_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    h.format = UNIVERSE_INDEX_FORMAT;
    h.kind = kind;
    h.key = key;
    h.payload_size = l->payload;
    h.checksum = index_xxh3(payload, l->payload);
    memcpy(h.count, l->count, sizeof h.count);
    memcpy(h.size, l->size, sizeof h.size);
    /* whole or not at all (out_file.c); no fsync: every read validates the
     * checksum, and a lost cache is only rebuilt */
    base_out_file o;
    if (base_out_open(&o, path, 0, why, whylen) != 0)
        return -1;
    o.no_sync = 1;
    if (base_out_write(&o, &h, sizeof h, why, whylen) != 0 ||
        base_out_write(&o, payload, l->payload, why, whylen) != 0 || base_out_finish(&o, why, whylen) != 0 ||
        base_out_commit(&o, why, whylen) != 0)
        return -1;
    return 0;
}

/* Takes the cache directory's lock file, waiting while another process
 * holds it (at most LOCK_WAIT_SECONDS). Returns its descriptor (close it to
 * release), or -1 when there is no lock to take: the directory cannot be
 * made or written, or the wait ran out. *waited: seconds spent waiting. */
static int lock_take(const char *dir, double *waited)
{
    char p[4200];
    *waited = 0;
    if (make_dirs(dir) != 0 || snprintf(p, sizeof p, "%s/" LOCK_FILE, dir) >= (int)sizeof p)
        return -1;
    int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return -1;
    double t0 = base_now();
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if ((errno != EWOULDBLOCK && errno != EINTR) || base_now() - t0 > LOCK_WAIT_SECONDS) {
            close(fd);
            return -1;
        }
        nanosleep(&(struct timespec){.tv_nsec = 5 * 1000 * 1000}, NULL);
    }
    *waited = base_now() - t0;
    return fd;
}

static void lock_release(int fd)
{
    if (fd >= 0)
        close(fd); /* drops the flock */
}

/* A cache that cannot be written makes every query build the index again:
 * said once per process on stderr (the reason is in the index's note). */
static void warn_not_cached(const char *why)
{
    static atomic_int said;
    if (atomic_exchange(&said, 1))
        return;
    fprintf(stderr, "grotto: warning: the universe index is not cached (%.400s): every query builds it again; "
            "set GROTTO_CACHE_DIR to a writable folder\n", why);
}

/* ---- building ---- */

/* The sections: floor facts, map facts, special floors, the findable
 * table (a byte per map slot). */
static void universe_layout(layout *l, uint32_t special)
{
    const uint32_t count[4] = {GROTTO_FLOOR_UNIVERSE, GROTTO_MAP_UNIVERSE, special, GROTTO_MAP_UNIVERSE};
    const uint16_t size[4] = {sizeof(grotto_floor_facts), sizeof(grotto_map_facts), sizeof(grotto_special_floor), 1};
    layout_init(l, count, size);
}

/* The findable table of a block just built (section 3), from ix's timers. */
static void fill_findable(const universe_index *ix, int threads, void *block, const layout *l)
{
    universe_findable_fill(ix, threads, (uint8_t *)block + sizeof(cache_header) + l->offset[3]);
}

static int special_cmp(const void *a, const void *b)
{
    const grotto_special_floor *x = a, *y = b;
    if (x->map != y->map)
        return x->map < y->map ? -1 : 1;
    return (x->floor > y->floor) - (x->floor < y->floor);
}

/* The index's default engine: impl, whose memoized sweep builds it in a
 * fraction of a second. Only its index is cached. */
#define INDEX_DEFAULT (&grotto_engine_impl)

/* An engine with a sweep of its own: the sweep into a fresh block (header
 * space + payload). */
static void *build_sweep(const grotto_engine *e, const universe_index_opts *o, layout *l)
{
    uint32_t cap = 4096;
    for (;;) {
        universe_layout(l, cap);
        char *block = calloc(1, sizeof(cache_header) + l->payload);
        if (!block)
            return NULL;
        char *p = block + sizeof(cache_header);
        grotto_sweep_request req = {.threads = o->threads,
                                    .facts = (grotto_floor_facts *)(p + l->offset[0]),
                                    .maps = (grotto_map_facts *)(p + l->offset[1]),
                                    .special = (grotto_special_floor *)(p + l->offset[2]),
                                    .special_cap = cap,
                                    .progress = o->progress,
                                    .progress_ctx = o->progress_ctx};
        grotto_sweep_stats st;
        if (e->sweep(&req, &st) != 0) {
            free(block);
            return NULL;
        }
        if (st.special_floors <= cap) {
            uint32_t n = (uint32_t)st.special_floors;
            qsort(req.special, n, sizeof *req.special, special_cmp);
            universe_layout(l, n); /* the special section shrinks; its offset is unchanged */
            return block;
        }
        free(block);
        cap = (uint32_t)st.special_floors;
    }
}

/* An engine without a sweep, item by item: the facts of every floor (or
 * the ones given), then every map from the engine's map_from_floors over
 * them - a map's floors never see its quality, so no floor is generated
 * twice - and the special floors' entries from the maps that have any. */
typedef struct items_ctx {
    const grotto_engine *e;
    grotto_floor_facts *floor;
    grotto_map_facts *map;
} items_ctx;

static void item_floor(size_t i, void *arg)
{
    items_ctx *c = arg;
    grotto_floor_t f;
    c->e->facts((uint32_t)(i / GROTTO_MAX_FLOORS), (int)(i % GROTTO_MAX_FLOORS) + 1, &f, &c->floor[i]);
}

/* The map of slot i over the floor facts. */
static void map_of_slot(const items_ctx *c, size_t i, grotto_map_t *m)
{
    int band = (int)(i / GROTTO_SEED_COUNT);
    uint32_t seed = (uint32_t)(i % GROTTO_SEED_COUNT);
    grotto_map_floors_t fl;
    memset(&fl, 0, sizeof fl);
    fl.seed = seed;
    fl.count = GROTTO_MAX_FLOORS;
    for (int n = 1; n <= GROTTO_MAX_FLOORS; n++) {
        const grotto_floor_facts *fa = &c->floor[grotto_floor_slot(seed, n)];
        fl.floor[n - 1] = (grotto_floor_terms){.chest_count = fa->chest_count, .W = fa->W, .X = fa->X, .D = fa->D};
    }
    c->e->map_from_floors(gt_band[band].code, &fl, m);
}

static void item_map(size_t i, void *arg)
{
    items_ctx *c = arg;
    grotto_map_t m;
    map_of_slot(c, i, &m);
    uint16_t special = 0;
    for (int n = 1; n <= m.d.floors; n++)
        if (m.elist[n - 1].state)
            special |= (uint16_t)(1u << (n - 1));
    grotto_map_facts_of(&m.d, special, &c->map[i]);
    grotto_map_facts_chests(&m, &c->map[i]);
}

/* floors: the floor facts to use, or NULL for the engine's own */
static void *build_items(const grotto_engine *e, const universe_index_opts *o, layout *l,
                         const grotto_floor_facts *floors)
{
    universe_layout(l, 0);
    items_ctx c = {e, calloc(GROTTO_FLOOR_UNIVERSE, sizeof *c.floor), calloc(GROTTO_MAP_UNIVERSE, sizeof *c.map)};
    char *block = NULL;
    if (!c.floor || !c.map)
        goto out;
    if (floors)
        memcpy(c.floor, floors, (size_t)GROTTO_FLOOR_UNIVERSE * sizeof *c.floor);
    else
        base_parallel(o->threads, GROTTO_FLOOR_UNIVERSE, 256, item_floor, &c, o->progress, o->progress_ctx);
    base_parallel(o->threads, GROTTO_MAP_UNIVERSE, 256, item_map, &c, o->progress, o->progress_ctx);
    uint32_t n = 0;
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++)
        n += (uint32_t)__builtin_popcount(c.map[i].special);
    universe_layout(l, n);
    if (!(block = calloc(1, sizeof(cache_header) + l->payload)))
        goto out;
    char *p = block + sizeof(cache_header);
    memcpy(p + l->offset[0], c.floor, (size_t)GROTTO_FLOOR_UNIVERSE * sizeof *c.floor);
    memcpy(p + l->offset[1], c.map, (size_t)GROTTO_MAP_UNIVERSE * sizeof *c.map);
    grotto_special_floor *sp = (grotto_special_floor *)(p + l->offset[2]);
    n = 0;
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++) { /* ascending (map, floor) */
        if (!c.map[i].special)
            continue;
        grotto_map_t m;
        map_of_slot(&c, i, &m);
        for (int k = 1; k <= m.d.floors; k++) {
            const grotto_elist_t *e = &m.elist[k - 1];
            if (!e->state)
                continue;
            grotto_special_floor *s = &sp[n++];
            s->map = (uint32_t)i;
            s->floor = (uint8_t)k;
            s->state = e->state;
            s->D = (uint8_t)e->D;
            s->ofs = e->ofs;
            memcpy(s->rank, m.chest_rank[k - 1], sizeof s->rank);
        }
    }
out:
    free(c.floor);
    free(c.map);
    return block;
}

/* ---- opening ---- */

/* The timer tables: the program's own (universe.h). */
static void timers_init(universe_index *ix)
{
    ix->timer = universe_timer_draws;
    ix->by_seed = universe_timer_by_seed;
    ix->seed_start = universe_timer_seed_start;
    ix->classes = universe_timer_classes;
    ix->location = universe_timer_location;
}

static void point_into(universe_index *ix, const layout *l)
{
    const char *p = (const char *)ix->block + sizeof(cache_header);
    ix->floor = (const grotto_floor_facts *)(p + l->offset[0]);
    ix->map = (const grotto_map_facts *)(p + l->offset[1]);
    ix->special = (const grotto_special_floor *)(p + l->offset[2]);
    ix->special_count = l->count[2];
    ix->findable = (const uint8_t *)(p + l->offset[3]);
}

/* A checksummed file can still hold nonsense (written by a broken build):
 * every map and special-floor value that indexes a table or an array must
 * be in range, and the special list must be sorted and agree with the maps'
 * masks. (Floor facts only count and compare.) */
static int universe_sane(const void *block, const layout *l)
{
    const char *p = (const char *)block + sizeof(cache_header);
    const grotto_map_facts *m = (const grotto_map_facts *)(p + l->offset[1]);
    const grotto_special_floor *sp = (const grotto_special_floor *)(p + l->offset[2]);
    /* every map read once, without a branch (every cached query pays
     * this loop): the eight one-byte fields env..level as one word, each
     * byte tested against its range in parallel - a byte b < 128 lies in
     * lo..hi when (b | 0x80) - lo and (hi | 0x80) - b both keep bit 7 (no
     * borrow crosses a byte); a byte >= 128 is out of every range */
    const uint64_t H = UINT64_C(0x8080808080808080);
    const uint8_t lo8[8] = {1, 2, 1, 1, 1, 1, 1, 1};
    const uint8_t hi8[8] = {GT_ENV_COUNT, GROTTO_MAX_FLOORS, GT_MONSTER_RANKS, GT_BOSS_NAMES,
                            GT_PREFIX_NAMES, GT_SUFFIX_NAMES, GT_LOCALE_NAMES, 99};
    uint64_t LO, HI;
    memcpy(&LO, lo8, 8);
    memcpy(&HI, hi8, 8);
    HI |= H;
    uint64_t bits = 0, bad = 0;
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++) {
        const grotto_map_facts *x = &m[i];
        if (i + 96 < GROTTO_MAP_UNIVERSE)
            __builtin_prefetch(x + 96); /* universe_prefetch_floors (universe.h) says why */
        uint64_t w;
        memcpy(&w, &x->env, 8);
        bad |= (w & H) | ((((w | H) - LO) & (HI - w) & H) ^ H);
        bad |= (uint32_t)x->special >> (x->floors & 31u);
        for (unsigned b = x->special; b; b &= b - 1) /* few floors are special */
            bits++;
    }
    if (bad || bits != l->count[2])
        return 0;
    for (uint32_t i = 0; i < l->count[2]; i++) {
        const grotto_special_floor *s = &sp[i];
        if (s->map >= GROTTO_MAP_UNIVERSE || s->floor < 1 || s->floor > GROTTO_MAX_FLOORS || s->state < 1 ||
            s->state >= GT_STATE_COUNT || !((m[s->map].special >> (s->floor - 1)) & 1) ||
            (i && special_cmp(&sp[i - 1], s) >= 0))
            return 0;
        for (int c = 0; c < GROTTO_MAX_CHESTS; c++)
            if (s->rank[c] > GT_CHEST_RANKS)
                return 0;
    }
    const uint8_t *findable = (const uint8_t *)(p + l->offset[3]);
    unsigned above_one = 0; /* every byte 0 or 1: no bit above bit 0 in any (a loop without a branch) */
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++)
        above_one |= findable[i] & 0xFEu;
    return above_one == 0;
}

/* The special count stored in a cache file's header, to lay out the read. */
static uint32_t header_special_count(const char *path)
{
    cache_header h;
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(&h, 1, sizeof h, f) : 0;
    if (f)
        fclose(f);
    return n == sizeof h ? h.count[2] : 0;
}

/* The universe cache file at path mapped when it is valid for this build
 * of the default engine (key) - the header, then the checksum and the
 * content's plausibility (side by side on `threads`) - with its layout in
 * *l; else NULL with the reason in why. What universe_index_open trusts,
 * and nothing else. */
static void *universe_cache_valid(const char *path, uint64_t key, layout *l, int threads, char *why, size_t whylen)
{
    universe_layout(l, header_special_count(path));
    return cache_read(path, KIND_UNIVERSE, key, l, universe_sane, threads, why, whylen);
}

int universe_index_cache_check(const char *path, char *why, size_t whylen)
{
    layout l;
    void *block = universe_cache_valid(path, engine_key(), &l, 0, why, whylen);
    if (!block)
        return 0;
    munmap(block, sizeof(cache_header) + l.payload);
    return 1;
}

/* An engine whose floors are another's (floors_from: the legacy tool's
 * model, whose floors are ref's): the default index's floor facts - ref's
 * and impl's floors are the same byte for byte, which the oracle's floors
 * domain proves - read from its cache when valid, with the map pass redone
 * by this engine. Never cached itself (the pass takes about a second), so
 * the cache file only ever holds the default engine's index. */
static universe_index *open_borrowed(const universe_index_opts *opts, const grotto_engine *e, char *err, size_t errlen)
{
    universe_index_opts o = *opts;
    o.engine = INDEX_DEFAULT;
    universe_index *ix = universe_index_open(&o, err, errlen);
    if (!ix)
        return NULL;
    double t0 = base_now();
    layout l;
    void *block = build_items(e, &o, &l, ix->floor);
    if (!block) {
        universe_index_close(ix);
        snprintf(err, errlen, "out of memory building the universe index");
        return NULL;
    }
    memcpy((char *)block + sizeof(cache_header) + l.offset[3], ix->findable, GROTTO_MAP_UNIVERSE); /* timers' */
    if (ix->block_mapped)
        munmap(ix->block, ix->block_mapped);
    else
        free(ix->block);
    ix->block = block;
    ix->block_mapped = 0;
    ix->from_cache = 0;
    ix->cache_path[0] = 0; /* nothing of this engine's is cached (also not the overflow flags) */
    ix->key = 0;
    point_into(ix, &l);
    ix->engine = e;
    ix->seconds += base_now() - t0;
    char base[1024];
    snprintf(base, sizeof base, "%s", ix->note);
    snprintf(ix->note, sizeof ix->note, "%s maps over the %s index's floors (%.900s)", e->name,
             INDEX_DEFAULT->name, base);
    return ix;
}

universe_index *universe_index_open(const universe_index_opts *opts, char *err, size_t errlen)
{
    universe_index_opts o = opts ? *opts : (universe_index_opts){0};
    const grotto_engine *e = o.engine ? o.engine : INDEX_DEFAULT;
    if (e->floors_from)
        return open_borrowed(&o, e, err, errlen);
    int cacheable = e == INDEX_DEFAULT;
    double t0 = base_now();
    universe_index *ix = calloc(1, sizeof *ix);
    if (!ix) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    timers_init(ix);
    ix->engine = e;
    ix->threads = o.threads;
    layout l;
    uint64_t key = 0;
    char dir[4096] = "", why[512] = "";
    if (o.cache && cacheable) {
        universe_index_cache_dir(&o, dir, sizeof dir);
        key = ix->key = engine_key();
        if (!dir[0])
            snprintf(why, sizeof why, "no cache directory (set GROTTO_CACHE_DIR or HOME)");
        else if (key == 0)
            snprintf(why, sizeof why, "cannot read the executable for the engine key");
        else if (snprintf(ix->cache_path, sizeof ix->cache_path, "%s/universe.idx", dir) >=
                 (int)sizeof ix->cache_path) {
            ix->cache_path[0] = 0; /* never a truncated path */
            snprintf(why, sizeof why, "the cache directory's path is too long");
        }
    }
    char stale[1024] = ""; /* temporary files of cache writers that died, removed */
    if (ix->cache_path[0]) {
        char high[4200], more[512];
        snprintf(high, sizeof high, "%s/overflow-8000-ffff.idx", dir);
        base_out_remove_stale(ix->cache_path, stale, sizeof stale);
        if (base_out_remove_stale(high, more, sizeof more) > 0)
            snprintf(stale + strlen(stale), sizeof stale - strlen(stale), "%s%s", stale[0] ? "; " : "", more);
    }
    int lock = -1;
    double waited = 0;
    /* the cache file; when it is not valid, again under the directory's lock
     * (another process may have been building it) */
    for (int attempt = 0; ix->cache_path[0] && attempt < 2; attempt++) {
        if (attempt == 1 && (lock = lock_take(dir, &waited)) < 0)
            break;
        ix->block = universe_cache_valid(ix->cache_path, key, &l, o.threads, why, sizeof why);
        if (ix->block) {
            lock_release(lock);
            ix->from_cache = 1;
            ix->block_mapped = sizeof(cache_header) + l.payload;
            point_into(ix, &l);
            ix->seconds = base_now() - t0;
            int n = snprintf(ix->note, sizeof ix->note, "read %.400s (%.3f s)", ix->cache_path, ix->seconds);
            if (waited > 0.001)
                n += snprintf(ix->note + n, sizeof ix->note - (size_t)n,
                              " (waited %.3f s for another process building it)", waited);
            if (stale[0])
                snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (removed stale temporary files: %.500s)", stale);
            return ix;
        }
    }
    ix->block = e->sweep ? build_sweep(e, &o, &l) : build_items(e, &o, &l, NULL);
    if (!ix->block) {
        lock_release(lock);
        universe_index_close(ix);
        snprintf(err, errlen, "out of memory building the universe index");
        return NULL;
    }
    fill_findable(ix, o.threads, ix->block, &l);
    point_into(ix, &l);
    ix->seconds = base_now() - t0;
    int n = snprintf(ix->note, sizeof ix->note, "built with %s in %.3f s", e->name, ix->seconds);
    if (ix->cache_path[0]) {
        char wwhy[512];
        if (cache_write(dir, ix->cache_path, KIND_UNIVERSE, key, &l, (const char *)ix->block + sizeof(cache_header),
                        wwhy, sizeof wwhy) == 0) {
            snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (cache: %.200s; written %.400s)", why, ix->cache_path);
        } else {
            snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (cache: %.200s; not written: %.400s)", why, wwhy);
            warn_not_cached(wwhy);
        }
        lock_release(lock);
    } else if (why[0]) {
        snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (no cache: %.400s)", why);
        warn_not_cached(why);
    } else {
        snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (no cache)");
    }
    if (stale[0]) {
        n = (int)strlen(ix->note);
        snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (removed stale temporary files: %.300s)", stale);
    }
    return ix;
}

void universe_index_close(universe_index *ix)
{
    if (!ix)
        return;
    if (ix->block_mapped)
        munmap(ix->block, ix->block_mapped);
    else
        free(ix->block);
    if (ix->high_mapped)
        munmap(ix->high_block, ix->high_mapped);
    else
        free(ix->high_block);
    free(ix);
}

void universe_index_map_floors(const universe_index *ix, uint32_t seed, int count, grotto_map_floors_t *out)
{
    memset(out, 0, sizeof *out);
    if (NEVER(seed >= GROTTO_SEED_COUNT || count < 1 || count > GROTTO_MAX_FLOORS))
        return;
    out->seed = seed;
    out->count = (uint8_t)count;
    for (int n = 1; n <= count; n++) {
        const grotto_floor_facts *f = &ix->floor[grotto_floor_slot(seed, n)];
        out->floor[n - 1].chest_count = f->chest_count;
        out->floor[n - 1].W = f->W;
        out->floor[n - 1].X = f->X;
        out->floor[n - 1].D = f->D;
    }
}

int universe_engine_map_floors(const universe_index *ix, const grotto_engine *e, uint32_t seed, int count,
                               grotto_map_floors_t *out)
{
    if (ix->engine != e)
        return e->map_floors(seed, count, out) ? -1 : 0;
    universe_index_map_floors(ix, seed, count, out);
    return 0;
}

int universe_engine_map_name(const grotto_engine *e, const grotto_map_details_t *d, int jp, char *buf, size_t size)
{
    if (e && e->map_name)
        return e->map_name(d, jp, buf, size);
    return jp ? grotto_map_name_jp(d, buf, size) : grotto_map_name_en(d, buf, size);
}

const grotto_special_floor *universe_index_special_of(const universe_index *ix, uint32_t m, int *n)
{
    *n = 0;
    if (m >= GROTTO_MAP_UNIVERSE || !ix->map[m].special)
        return NULL;
    uint32_t lo = 0, hi = ix->special_count;
    while (lo < hi) { /* first entry with map >= m */
        uint32_t mid = lo + (hi - lo) / 2;
        if (ix->special[mid].map < m)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint32_t end = lo;
    while (end < ix->special_count && ix->special[end].map == m)
        end++;
    *n = (int)(end - lo);
    return *n ? &ix->special[lo] : NULL;
}

/* ---- overflow flags of seeds 0x8000..0xFFFF ---- */

typedef struct high_ctx {
    const grotto_engine *e;
    uint8_t *flags;
} high_ctx;

static void high_item(size_t i, void *arg)
{
    high_ctx *c = arg;
    grotto_floor_t f;
    c->e->floor(HIGH_SEED_FIRST + (uint32_t)(i / GROTTO_MAX_FLOORS), (int)(i % GROTTO_MAX_FLOORS) + 1, &f);
    c->flags[i] = f.overflow;
}

int universe_index_overflow_high(universe_index *ix, const universe_index_opts *opts)
{
    if (ix->overflow_high)
        return 0;
    universe_index_opts o = opts ? *opts : (universe_index_opts){0};
    const uint32_t count[4] = {GROTTO_FLOOR_UNIVERSE, 0, 0, 0};
    const uint16_t size[4] = {1, 0, 0, 0};
    layout l;
    layout_init(&l, count, size);
    char path[4200] = "", why[512] = "";
    uint64_t key = 0;
    /* the engine whose floors the index holds (the default's when borrowed) */
    const grotto_engine *e = ix->engine->floors_from ? INDEX_DEFAULT : ix->engine;
    char dir[4096] = "";
    int lock = -1;
    double waited;
    if (ix->cache_path[0]) {
        key = ix->key;
        snprintf(dir, sizeof dir, "%.*s", (int)(strrchr(ix->cache_path, '/') - ix->cache_path), ix->cache_path);
        snprintf(path, sizeof path, "%s/overflow-8000-ffff.idx", dir);
    }
    for (int attempt = 0; path[0] && attempt < 2; attempt++) { /* as universe_index_open */
        if (attempt == 1 && (lock = lock_take(dir, &waited)) < 0)
            break;
        if ((ix->high_block = cache_read(path, KIND_OVERFLOW_HIGH, key, &l, NULL, 1, why, sizeof why))) {
            lock_release(lock);
            ix->high_mapped = sizeof(cache_header) + l.payload;
            ix->overflow_high = (const uint8_t *)ix->high_block + sizeof(cache_header);
            return 0;
        }
    }
    if (!(ix->high_block = calloc(1, sizeof(cache_header) + l.payload))) {
        lock_release(lock);
        return -1;
    }
    uint8_t *flags = (uint8_t *)ix->high_block + sizeof(cache_header);
    if (!e->sweep) {
        high_ctx c = {e, flags};
        base_parallel(o.threads, GROTTO_FLOOR_UNIVERSE, 256, high_item, &c, o.progress, o.progress_ctx);
    } else {
        grotto_sweep_request req = {.threads = o.threads,
                                    .overflow = flags,
                                    .seed_first = HIGH_SEED_FIRST,
                                    .progress = o.progress,
                                    .progress_ctx = o.progress_ctx};
        if (e->sweep(&req, NULL) != 0) {
            lock_release(lock);
            return -1;
        }
    }
    ix->overflow_high = flags;
    if (path[0] && cache_write(dir, path, KIND_OVERFLOW_HIGH, key, &l, flags, why, sizeof why) != 0)
        warn_not_cached(why); /* a cache: the flags are right all the same */
    lock_release(lock);
    return 0;
}
