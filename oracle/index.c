/* The universe index (index.h): built from impl's sweep or, for checking,
 * from ref item by item; cached in a validated file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "grotto/elist.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/tables.h"
#include "index.h"
#include "legacy.h"
#include "oracle.h"

enum { KIND_UNIVERSE = 1, KIND_OVERFLOW_HIGH = 2, HIGH_SEED_FIRST = 0x8000 };

static const char MAGIC[8] = {'G', 'R', 'O', 'T', 'T', 'O', 'I', 'X'};

/* The cache file's header; the payload follows it. */
typedef struct cache_header {
    char magic[8];
    uint32_t format;         /* GROTTO_INDEX_FORMAT */
    uint32_t kind;           /* KIND_* */
    uint64_t key;            /* XXH3-64 of the executable that wrote it */
    uint64_t payload_size;
    uint64_t checksum;       /* XXH3-64 of the payload */
    uint32_t count[4];       /* entries per section */
    uint16_t size[4];        /* bytes per entry per section */
} cache_header;

_Static_assert(sizeof(cache_header) == 64, "cache header is 64 bytes");

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

/* XXH3-64 of the running executable (/proc/self/exe): it changes whenever
 * the engine is rebuilt. 0 when the file cannot be read (no cache then). */
static uint64_t engine_key(void)
{
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

void grotto_index_cache_dir(const grotto_index_opts *opts, char *out, size_t outlen)
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

/* Maps and validates a cache file (read-only, private: a file renamed over
 * it later does not change the mapping). Returns the whole file (payload at
 * +64; munmap with the size of header + payload), or NULL with the reason
 * in why. */
static void *cache_read(const char *path, uint32_t kind, uint64_t key, const layout *want, char *why,
                        size_t whylen)
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
    } else if ((block = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED) {
        block = NULL;
        snprintf(why, whylen, "cannot map it: %s", strerror(errno));
    } else {
        size_t size = (size_t)st.st_size;
        const cache_header *h = block;
        const char *bad = NULL;
        if (memcmp(h->magic, MAGIC, sizeof MAGIC) != 0)
            bad = "foreign file (no GROTTOIX magic)";
        else if (h->format != GROTTO_INDEX_FORMAT)
            bad = "other format version";
        else if (h->kind != kind)
            bad = "other payload kind";
        else if (h->key != key)
            bad = "stale (written by another build of the engine)";
        else if (memcmp(h->count, want->count, sizeof h->count) != 0 || memcmp(h->size, want->size, sizeof h->size))
            bad = "other entry counts or sizes";
        else if (h->payload_size != want->payload || size != total)
            bad = size < total ? "truncated" : "size does not match the header";
        else if (XXH3_64bits((const char *)block + sizeof *h, want->payload) != h->checksum)
            bad = "corrupt (checksum mismatch)";
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
    h.format = GROTTO_INDEX_FORMAT;
    h.kind = kind;
    h.key = key;
    h.payload_size = l->payload;
    h.checksum = XXH3_64bits(payload, l->payload);
    memcpy(h.count, l->count, sizeof h.count);
    memcpy(h.size, l->size, sizeof h.size);
    /* whole or not at all (out_file.c); no fsync: every read validates the
     * checksum, and a lost cache is only rebuilt */
    oracle_out_file o;
    if (oracle_out_open(&o, path, 0, why, whylen) != 0)
        return -1;
    o.no_sync = 1;
    if (oracle_out_write(&o, &h, sizeof h, why, whylen) != 0 ||
        oracle_out_write(&o, payload, l->payload, why, whylen) != 0 || oracle_out_finish(&o, why, whylen) != 0 ||
        oracle_out_commit(&o, why, whylen) != 0)
        return -1;
    return 0;
}

/* ---- building ---- */

static void universe_layout(layout *l, uint32_t special)
{
    const uint32_t count[4] = {GROTTO_FLOOR_UNIVERSE, GROTTO_MAP_UNIVERSE, special, 0};
    const uint16_t size[4] = {sizeof(grotto_floor_facts), sizeof(grotto_map_facts), sizeof(grotto_special_floor), 0};
    layout_init(l, count, size);
}

static int special_cmp(const void *a, const void *b)
{
    const grotto_special_floor *x = a, *y = b;
    if (x->map != y->map)
        return x->map < y->map ? -1 : 1;
    return (x->floor > y->floor) - (x->floor < y->floor);
}

/* The impl sweep into a fresh block (header space + payload). */
static void *build_impl(const grotto_index_opts *o, layout *l)
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
        if (grotto_impl_sweep(&req, &st) != 0) {
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

/* ref, item by item: floors with the engine's facts, maps from ref's
 * details, enemy-list terms and chest ranks (no floor is generated twice).
 * legacy: the same map pass over impl's floor facts with the legacy tool's
 * enemy-list model (legacy.h). */
typedef void (*elist_of_facts)(const grotto_floor_facts *fa, int env, int mr, grotto_elist_t *e);
typedef struct ref_ctx {
    grotto_floor_facts *floor;
    grotto_map_facts *map;
    uint8_t *state; /* [map slot][16] */
    elist_of_facts elist;
} ref_ctx;

static void ref_floor_item(size_t i, void *arg)
{
    ref_ctx *c = arg;
    grotto_floor_t f;
    grotto_engine_ref.facts((uint32_t)(i / GROTTO_MAX_FLOORS), (int)(i % GROTTO_MAX_FLOORS) + 1, &f, &c->floor[i]);
}

static void ref_floor_elist(const grotto_floor_facts *fa, int env, int mr, grotto_elist_t *e)
{
    grotto_elist_from_terms(env, mr, fa->W, fa->X, fa->D, e);
}

static void legacy_floor_elist(const grotto_floor_facts *fa, int env, int mr, grotto_elist_t *e)
{
    oracle_legacy_elist(env, mr, fa->W, fa->X, e);
}

static void ref_map_item(size_t i, void *arg)
{
    ref_ctx *c = arg;
    int band = (int)(i / GROTTO_SEED_COUNT);
    uint32_t seed = (uint32_t)(i % GROTTO_SEED_COUNT);
    grotto_map_details_t d;
    grotto_map_details(gt_band[band].code, seed, &d);
    grotto_map_facts *m = &c->map[i];
    memset(m, 0, sizeof *m);
    grotto_map_facts_of(&d, 0, m);
    for (int n = 1; n <= d.floors; n++) {
        grotto_elist_t e;
        c->elist(&c->floor[grotto_floor_slot(seed, n)], d.env, grotto_floor_mr(d.smr, n), &e);
        c->state[i * GROTTO_MAX_FLOORS + (size_t)(n - 1)] = e.state;
        if (e.state)
            m->special |= (uint16_t)(1u << (n - 1));
    }
}

/* floors: the floor facts to use, or NULL for ref's item by item */
static void *build_ref(const grotto_index_opts *o, layout *l, const grotto_floor_facts *floors, elist_of_facts elist)
{
    universe_layout(l, 0);
    ref_ctx c = {calloc(GROTTO_FLOOR_UNIVERSE, sizeof *c.floor), calloc(GROTTO_MAP_UNIVERSE, sizeof *c.map),
                 calloc((size_t)GROTTO_MAP_UNIVERSE * GROTTO_MAX_FLOORS, 1), elist};
    char *block = NULL;
    if (!c.floor || !c.map || !c.state)
        goto out;
    if (floors)
        memcpy(c.floor, floors, (size_t)GROTTO_FLOOR_UNIVERSE * sizeof *c.floor);
    else
        oracle_parallel(o->threads, GROTTO_FLOOR_UNIVERSE, 256, ref_floor_item, &c, o->progress, o->progress_ctx);
    oracle_parallel(o->threads, GROTTO_MAP_UNIVERSE, 256, ref_map_item, &c, o->progress, o->progress_ctx);
    uint32_t n = 0;
    for (size_t i = 0; i < (size_t)GROTTO_MAP_UNIVERSE * GROTTO_MAX_FLOORS; i++)
        n += c.state[i] != 0;
    universe_layout(l, n);
    if (!(block = calloc(1, sizeof(cache_header) + l->payload)))
        goto out;
    char *p = block + sizeof(cache_header);
    memcpy(p + l->offset[0], c.floor, (size_t)GROTTO_FLOOR_UNIVERSE * sizeof *c.floor);
    memcpy(p + l->offset[1], c.map, (size_t)GROTTO_MAP_UNIVERSE * sizeof *c.map);
    grotto_special_floor *sp = (grotto_special_floor *)(p + l->offset[2]);
    n = 0;
    for (size_t i = 0; i < (size_t)GROTTO_MAP_UNIVERSE * GROTTO_MAX_FLOORS; i++) {
        if (!c.state[i])
            continue;
        uint32_t mslot = (uint32_t)(i / GROTTO_MAX_FLOORS), seed = mslot % GROTTO_SEED_COUNT;
        int k = (int)(i % GROTTO_MAX_FLOORS) + 1;
        const grotto_map_facts *m = &c.map[mslot];
        const grotto_floor_facts *fa = &c.floor[grotto_floor_slot(seed, k)];
        grotto_elist_t e;
        c.elist(fa, m->env, grotto_floor_mr(m->smr, k), &e);
        grotto_special_floor *s = &sp[n++];
        s->map = mslot;
        s->floor = (uint8_t)k;
        s->state = e.state;
        s->D = (uint8_t)e.D;
        s->ofs = e.ofs;
        grotto_chest_ranks(seed, k, m->smr, fa->chest_count, s->rank);
    }
out:
    free(c.floor);
    free(c.map);
    free(c.state);
    return block;
}

/* ---- opening ---- */

static int timers_init(grotto_index *ix)
{
    ix->timer = malloc(GROTTO_TIMER_COUNT * sizeof *ix->timer);
    ix->by_seed = malloc(GROTTO_TIMER_COUNT * sizeof *ix->by_seed);
    ix->seed_start = calloc(GROTTO_SEED_COUNT + 1, sizeof *ix->seed_start);
    if (!ix->timer || !ix->by_seed || !ix->seed_start)
        return -1;
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) {
        grotto_timer(t, &ix->timer[t]);
        ix->seed_start[ix->timer[t].seed + 1]++;
    }
    for (int s = 0; s < GROTTO_SEED_COUNT; s++)
        ix->seed_start[s + 1] += ix->seed_start[s];
    uint32_t fill[GROTTO_SEED_COUNT];
    memcpy(fill, ix->seed_start, sizeof fill);
    for (uint32_t t = 0; t < GROTTO_TIMER_COUNT; t++) /* ascending timers per seed */
        ix->by_seed[fill[ix->timer[t].seed]++] = (uint16_t)t;
    return 0;
}

static void point_into(grotto_index *ix, const layout *l)
{
    const char *p = (const char *)ix->block + sizeof(cache_header);
    ix->floor = (const grotto_floor_facts *)(p + l->offset[0]);
    ix->map = (const grotto_map_facts *)(p + l->offset[1]);
    ix->special = (const grotto_special_floor *)(p + l->offset[2]);
    ix->special_count = l->count[2];
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
    uint64_t bits = 0;
    for (size_t i = 0; i < GROTTO_MAP_UNIVERSE; i++) {
        const grotto_map_facts *x = &m[i];
        if (x->env < 1 || x->env > GT_ENV_COUNT || x->floors < 2 || x->floors > GROTTO_MAX_FLOORS || x->smr < 1 ||
            x->smr > GT_MONSTER_RANKS || x->boss < 1 || x->boss > GT_BOSS_NAMES || x->prefix < 1 ||
            x->prefix > GT_PREFIX_NAMES || x->suffix < 1 || x->suffix > GT_SUFFIX_NAMES || x->locale < 1 ||
            x->locale > GT_LOCALE_NAMES || x->level < 1 || x->level > 99 || (x->special >> x->floors))
            return 0;
        for (unsigned b = x->special; b; b &= b - 1)
            bits++;
    }
    if (bits != l->count[2])
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
    return 1;
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

/* legacy: impl's index (from its cache when valid) with the map pass
 * redone under the legacy model; never cached itself (the pass takes a
 * fraction of a second), so the cache file only ever holds impl's index. */
static grotto_index *open_legacy(const grotto_index_opts *opts, char *err, size_t errlen)
{
    grotto_index_opts o = *opts;
    o.engine = "impl";
    grotto_index *ix = grotto_index_open(&o, err, errlen);
    if (!ix)
        return NULL;
    double t0 = oracle_now();
    layout l;
    void *block = build_ref(&o, &l, ix->floor, legacy_floor_elist);
    if (!block) {
        grotto_index_close(ix);
        snprintf(err, errlen, "out of memory building the universe index");
        return NULL;
    }
    if (ix->block_mapped)
        munmap(ix->block, ix->block_mapped);
    else
        free(ix->block);
    ix->block = block;
    ix->block_mapped = 0;
    ix->from_cache = 0;
    ix->cache_path[0] = 0; /* nothing of legacy's is cached (also not the overflow flags) */
    ix->key = 0;
    point_into(ix, &l);
    snprintf(ix->engine, sizeof ix->engine, "legacy");
    ix->seconds += oracle_now() - t0;
    char base[1024];
    snprintf(base, sizeof base, "%s", ix->note);
    snprintf(ix->note, sizeof ix->note, "legacy enemy-list model over the impl index (%.900s)", base);
    return ix;
}

grotto_index *grotto_index_open(const grotto_index_opts *opts, char *err, size_t errlen)
{
    grotto_index_opts o = opts ? *opts : (grotto_index_opts){0};
    const char *engine = o.engine ? o.engine : "impl";
    int use_ref = !strcmp(engine, "ref");
    if (!strcmp(engine, "legacy"))
        return open_legacy(&o, err, errlen);
    if (!use_ref && strcmp(engine, "impl") != 0) {
        snprintf(err, errlen, "unknown engine '%s': expected impl, ref or legacy", engine);
        return NULL;
    }
    double t0 = oracle_now();
    grotto_index *ix = calloc(1, sizeof *ix);
    if (!ix || timers_init(ix) != 0) {
        grotto_index_close(ix);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(ix->engine, sizeof ix->engine, "%s", engine);
    layout l;
    uint64_t key = 0;
    char dir[4096] = "", why[512] = "";
    if (o.cache && !use_ref) {
        grotto_index_cache_dir(&o, dir, sizeof dir);
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
        oracle_out_remove_stale(ix->cache_path, stale, sizeof stale);
        if (oracle_out_remove_stale(high, more, sizeof more) > 0)
            snprintf(stale + strlen(stale), sizeof stale - strlen(stale), "%s%s", stale[0] ? "; " : "", more);
    }
    if (ix->cache_path[0]) {
        universe_layout(&l, header_special_count(ix->cache_path));
        ix->block = cache_read(ix->cache_path, KIND_UNIVERSE, key, &l, why, sizeof why);
        if (ix->block && !universe_sane(ix->block, &l)) {
            snprintf(why, sizeof why, "implausible content");
            munmap(ix->block, sizeof(cache_header) + l.payload);
            ix->block = NULL;
        }
        if (ix->block) {
            ix->from_cache = 1;
            ix->block_mapped = sizeof(cache_header) + l.payload;
            point_into(ix, &l);
            ix->seconds = oracle_now() - t0;
            int n = snprintf(ix->note, sizeof ix->note, "read %.400s (%.3f s)", ix->cache_path, ix->seconds);
            if (stale[0])
                snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (removed stale temporary files: %.500s)", stale);
            return ix;
        }
    }
    ix->block = use_ref ? build_ref(&o, &l, NULL, ref_floor_elist) : build_impl(&o, &l);
    if (!ix->block) {
        grotto_index_close(ix);
        snprintf(err, errlen, "out of memory building the universe index");
        return NULL;
    }
    point_into(ix, &l);
    ix->seconds = oracle_now() - t0;
    int n = snprintf(ix->note, sizeof ix->note, "built with %s in %.3f s", engine, ix->seconds);
    if (ix->cache_path[0]) {
        char wwhy[512];
        if (cache_write(dir, ix->cache_path, KIND_UNIVERSE, key, &l, (const char *)ix->block + sizeof(cache_header),
                        wwhy, sizeof wwhy) == 0)
            snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (cache: %.200s; written %.400s)", why, ix->cache_path);
        else
            snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (cache: %.200s; not written: %.400s)", why, wwhy);
    } else if (why[0]) {
        snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (no cache: %.400s)", why);
    } else {
        snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (no cache)");
    }
    if (stale[0]) {
        n = (int)strlen(ix->note);
        snprintf(ix->note + n, sizeof ix->note - (size_t)n, " (removed stale temporary files: %.300s)", stale);
    }
    return ix;
}

void grotto_index_close(grotto_index *ix)
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
    free(ix->timer);
    free(ix->by_seed);
    free(ix->seed_start);
    free(ix);
}

const grotto_special_floor *grotto_index_special_of(const grotto_index *ix, uint32_t m, int *n)
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

static void high_item(size_t i, void *arg)
{
    uint8_t *flags = arg;
    grotto_floor_t f;
    grotto_engine_ref.floor(HIGH_SEED_FIRST + (uint32_t)(i / GROTTO_MAX_FLOORS), (int)(i % GROTTO_MAX_FLOORS) + 1, &f);
    flags[i] = f.overflow;
}

int grotto_index_overflow_high(grotto_index *ix, const grotto_index_opts *opts)
{
    if (ix->overflow_high)
        return 0;
    grotto_index_opts o = opts ? *opts : (grotto_index_opts){0};
    const uint32_t count[4] = {GROTTO_FLOOR_UNIVERSE, 0, 0, 0};
    const uint16_t size[4] = {1, 0, 0, 0};
    layout l;
    layout_init(&l, count, size);
    char path[4200] = "", why[512] = "";
    uint64_t key = 0;
    int use_ref = !strcmp(ix->engine, "ref");
    if (ix->cache_path[0]) {
        key = ix->key;
        snprintf(path, sizeof path, "%.*s/overflow-8000-ffff.idx",
                 (int)(strrchr(ix->cache_path, '/') - ix->cache_path), ix->cache_path);
        if ((ix->high_block = cache_read(path, KIND_OVERFLOW_HIGH, key, &l, why, sizeof why))) {
            ix->high_mapped = sizeof(cache_header) + l.payload;
            ix->overflow_high = (const uint8_t *)ix->high_block + sizeof(cache_header);
            return 0;
        }
    }
    if (!(ix->high_block = calloc(1, sizeof(cache_header) + l.payload)))
        return -1;
    uint8_t *flags = (uint8_t *)ix->high_block + sizeof(cache_header);
    if (use_ref) {
        oracle_parallel(o.threads, GROTTO_FLOOR_UNIVERSE, 256, high_item, flags, o.progress, o.progress_ctx);
    } else {
        grotto_sweep_request req = {.threads = o.threads,
                                    .overflow = flags,
                                    .seed_first = HIGH_SEED_FIRST,
                                    .progress = o.progress,
                                    .progress_ctx = o.progress_ctx};
        if (grotto_impl_sweep(&req, NULL) != 0)
            return -1;
    }
    ix->overflow_high = flags;
    if (path[0]) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", (int)(strrchr(path, '/') - path), path);
        cache_write(dir, path, KIND_OVERFLOW_HIGH, key, &l, flags, why, sizeof why); /* a cache: failure is harmless */
    }
    return 0;
}
