/* Capture files (hardware.md "Capture files"): a strict line parser, one
 * record at a time, and the canonical writer. Nothing is guessed: a value
 * that is not exactly what the format allows rejects its record with the
 * line and the reason. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grotto/capture.h"
#include "grotto/tables.h"

/* ---- keys ---- */

enum key {
    K_CAPTURE, K_SOURCE, K_DATE, K_METHOD, K_GAME,
    K_SEED, K_FLOOR, K_QUALITY, K_BAND,
    K_LOCATION, K_NAME, K_LEVEL, K_FLOORS, K_BOSS, K_RAW,
    K_WIDTH, K_HEIGHT, K_UP, K_DOWN, K_CHESTS, K_GRID, K_UP_NEXT, K_DOWN_CUT, K_TILES,
    K_ELISTOFS, K_WALK, K_FREE, K_STATE, K_ONLY, K_LOST,
    K_WORK_AREA,
    K_FLOOR_BYTE, K_INFERRED,
    K_COUNT
};

#define B_INV (1u << GROTTO_CAPTURE_INVENTORY)
#define B_FLR (1u << GROTTO_CAPTURE_FLOOR)
#define B_MEM (1u << GROTTO_CAPTURE_MEMORY)
#define B_RAM (1u << GROTTO_CAPTURE_RAM)
#define B_WA (1u << GROTTO_CAPTURE_WORKAREA)
#define B_ALL (B_INV | B_FLR | B_MEM | B_RAM | B_WA)

static const struct {
    const char *name;
    unsigned kinds;
    int multi; /* lines follow: grid, tiles, work_area */
} KEYS[K_COUNT] = {
    [K_CAPTURE] = {"capture", B_ALL, 0},
    [K_SOURCE] = {"source", B_ALL, 0},
    [K_DATE] = {"date", B_ALL, 0},
    [K_METHOD] = {"method", B_ALL, 0},
    [K_GAME] = {"game", B_ALL, 0},
    [K_SEED] = {"seed", B_ALL, 0},
    [K_FLOOR] = {"floor", B_FLR | B_MEM | B_RAM | B_WA, 0},
    [K_QUALITY] = {"quality", B_INV | B_FLR | B_MEM | B_RAM, 0},
    [K_BAND] = {"band", B_INV | B_FLR | B_MEM, 0},
    [K_LOCATION] = {"location", B_INV, 0},
    [K_NAME] = {"name", B_INV, 0},
    [K_LEVEL] = {"level", B_INV, 0},
    [K_FLOORS] = {"floors", B_INV, 0},
    [K_BOSS] = {"boss", B_INV, 0},
    [K_RAW] = {"raw", B_INV, 0},
    [K_WIDTH] = {"width", B_FLR | B_RAM, 0},
    [K_HEIGHT] = {"height", B_FLR | B_RAM, 0},
    [K_UP] = {"up", B_FLR | B_RAM, 0},
    [K_DOWN] = {"down", B_FLR | B_RAM, 0},
    [K_CHESTS] = {"chests", B_FLR | B_RAM, 0},
    [K_GRID] = {"grid", B_FLR, 1},
    [K_UP_NEXT] = {"up_next_to_chest", B_FLR, 0},
    [K_DOWN_CUT] = {"down_cut_off", B_FLR, 0},
    [K_TILES] = {"tiles", B_RAM, 1},
    [K_ELISTOFS] = {"elistofs", B_MEM, 0},
    [K_WALK] = {"walk_nodes", B_MEM | B_RAM, 0},
    [K_FREE] = {"free_bytes", B_MEM, 0},
    [K_STATE] = {"state", B_MEM, 0},
    [K_ONLY] = {"only", B_MEM, 0},
    [K_LOST] = {"lost", B_MEM, 0},
    [K_WORK_AREA] = {"work_area", B_WA, 1},
    [K_FLOOR_BYTE] = {"floor_byte", B_RAM, 0},
    [K_INFERRED] = {"inferred", B_ALL, 0},
};

static const char *const KIND_NAME[GROTTO_CAPTURE_KINDS] = {"inventory", "floor", "memory", "ram", "workarea"};
static const char *const GAME_NAME[3] = {"jp", "na", "eu"};
static const char *const STATE_NAME[GROTTO_CSTATE_COUNT] = {"normal", "partial", "4-enemy", "3-enemy",
                                                             "2-enemy", "only", "no-enemy"};
static const char GRID_CHARS[] = "#.<>c?";
enum { TILE_ROWS = 16, TILE_HEX = 32, WA_ROW_BYTES = 32,
       WA_ROWS = (GROTTO_WORK_AREA_SIZE + WA_ROW_BYTES - 1) / WA_ROW_BYTES }; /* 42 rows, the last 24 bytes */
enum { MAX_FILE_BYTES = 16 << 20 };

const char *grotto_capture_kind_name(grotto_capture_kind k)
{
    return (unsigned)k < GROTTO_CAPTURE_KINDS ? KIND_NAME[k] : "?";
}

const char *grotto_capture_game_name(grotto_game g)
{
    return (unsigned)g < 3 ? GAME_NAME[g] : "?";
}

const char *grotto_capture_state_name(grotto_capture_state s)
{
    return (unsigned)s < GROTTO_CSTATE_COUNT ? STATE_NAME[s] : "?";
}

grotto_capture_state grotto_capture_state_of_code(int code)
{
    static const uint8_t of[GT_STATE_COUNT] = {
        GROTTO_CSTATE_NORMAL,   GROTTO_CSTATE_PARTIAL,  GROTTO_CSTATE_4_ENEMY,  GROTTO_CSTATE_3_ENEMY,
        GROTTO_CSTATE_2_ENEMY,  GROTTO_CSTATE_ONLY,     GROTTO_CSTATE_NO_ENEMY, GROTTO_CSTATE_NO_ENEMY,
        GROTTO_CSTATE_NO_ENEMY, GROTTO_CSTATE_NO_ENEMY, GROTTO_CSTATE_3_ENEMY,  GROTTO_CSTATE_3_ENEMY,
        GROTTO_CSTATE_3_ENEMY,  GROTTO_CSTATE_2_ENEMY,  GROTTO_CSTATE_ONLY,     GROTTO_CSTATE_ONLY,
        GROTTO_CSTATE_ONLY};
    return code >= 0 && code < GT_STATE_COUNT ? (grotto_capture_state)of[code] : GROTTO_CSTATE_NORMAL;
}

void grotto_capture_init(grotto_capture *c, grotto_capture_kind kind)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->chest_count = -1;
    c->up_next_to_chest = c->down_cut_off = -1;
    c->elistofs = c->walk_nodes = c->free_bytes = -1;
    c->state = -1;
    c->only = -1;
    c->lost = -1;
}

/* ---- lines ---- */

typedef struct {
    const char *p;
    size_t len;  /* without the newline and a trailing CR */
} line_t;

typedef struct parser {
    const line_t *lines;
    size_t n, i;              /* i: current line index (line number i + 1) */
    grotto_capture_item *item;
    unsigned seen[K_COUNT];   /* line of each key in the current record, 0 = not seen */
} parser;

static int fail(parser *ps, unsigned line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(parser *ps, unsigned line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ps->item->ok = 0;
    ps->item->line = line;
    vsnprintf(ps->item->reason, sizeof ps->item->reason, fmt, ap);
    va_end(ap);
    return -1;
}

static int is_blank(const line_t *l)
{
    for (size_t i = 0; i < l->len; i++)
        if (l->p[i] != ' ' && l->p[i] != '\t')
            return 0;
    return 1;
}

static int is_comment(const line_t *l)
{
    return l->len > 0 && l->p[0] == '#';
}

/* Strict UTF-8 (no overlong forms, surrogates or code points above
 * U+10FFFF) and no NUL; returns the byte offset of the first bad byte or -1. */
static long utf8_bad(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned c = p[i];
        size_t n;
        unsigned min;
        if (c == 0)
            return (long)i;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF)
            n = 1, min = 0x80;
        else if (c >= 0xE0 && c <= 0xEF)
            n = 2, min = 0x800;
        else if (c >= 0xF0 && c <= 0xF4)
            n = 3, min = 0x10000;
        else
            return (long)i;
        unsigned cp = c & (0x3F >> n);
        for (size_t k = 1; k <= n; k++) {
            if (i + k >= len || (p[i + k] & 0xC0) != 0x80)
                return (long)i;
            cp = cp << 6 | (p[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return (long)i;
        i += n + 1;
    }
    return -1;
}

/* ---- values ---- */

/* A whole number: decimal digits, or 0x and hex digits. */
static int parse_uint(const char *v, unsigned long max, unsigned long *out)
{
    const char *p = v;
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    if (!*p)
        return -1;
    for (const char *q = p; *q; q++)
        if (base == 16 ? !isxdigit((unsigned char)*q) : !isdigit((unsigned char)*q))
            return -1;
    errno = 0;
    unsigned long long x = strtoull(p, NULL, base);
    if (errno || x > max)
        return -2;
    *out = (unsigned long)x;
    return 0;
}

static int value_uint(parser *ps, unsigned line, const char *key, const char *v, unsigned long lo,
                      unsigned long hi, unsigned long *out)
{
    int r = parse_uint(v, 0xFFFFFFFFul, out);
    if (r == -1) {
        int hexish = 1;
        for (const char *q = v; *q; q++)
            hexish &= isxdigit((unsigned char)*q) != 0;
        return fail(ps, line, "%s: '%s' is not a number (decimal, or hex written 0x%s)", key, v,
                    hexish ? v : "...");
    }
    if (r == -2 || *out < lo || *out > hi)
        return fail(ps, line, "%s %s is out of range (%lu..%lu)", key, v, lo, hi);
    return 0;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Exactly 2*n hex digits into out[n]; returns the index of the first bad
 * character, or -1 when fine (length checked by the caller). */
static long hex_bytes(const char *s, size_t n, uint8_t *out)
{
    for (size_t i = 0; i < n; i++) {
        int a = hexval((unsigned char)s[2 * i]), b = hexval((unsigned char)s[2 * i + 1]);
        if (a < 0)
            return (long)(2 * i);
        if (b < 0)
            return (long)(2 * i + 1);
        out[i] = (uint8_t)(a << 4 | b);
    }
    return -1;
}

static int value_text(parser *ps, unsigned line, const char *key, const char *v, char *out)
{
    size_t n = strlen(v);
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)v[i] < 0x20 && v[i] != '\t') || v[i] == 0x7F)
            return fail(ps, line, "%s: control character 0x%02X in the value", key, (unsigned char)v[i]);
    memcpy(out, v, n + 1);
    return 0;
}

static int days_in_month(int y, int m)
{
    static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : d[m - 1];
}

static int digits(const char *s, int n, int *out)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 0;
}

/* ISO 8601 extended format: YYYY, YYYY-MM, YYYY-MM-DD, optionally
 * THH:MM[:SS] and Z or +HH:MM / -HH:MM after a time. */
static int iso_date_ok(const char *s)
{
    size_t n = strlen(s);
    int y, m, d, hh, mm, ss;
    if (n < 4 || digits(s, 4, &y))
        return 0;
    if (n == 4)
        return 1;
    if (s[4] != '-' || n < 7 || digits(s + 5, 2, &m) || m < 1 || m > 12)
        return 0;
    if (n == 7)
        return 1;
    if (s[7] != '-' || n < 10 || digits(s + 8, 2, &d) || d < 1 || d > days_in_month(y, m))
        return 0;
    if (n == 10)
        return 1;
    const char *t = s + 10;
    if (t[0] != 'T' || strlen(t) < 6 || digits(t + 1, 2, &hh) || t[3] != ':' || digits(t + 4, 2, &mm) ||
        hh > 23 || mm > 59)
        return 0;
    t += 6;
    if (t[0] == ':') {
        if (digits(t + 1, 2, &ss) || ss > 60)
            return 0;
        t += 3;
    }
    if (!*t)
        return 1;
    if (!strcmp(t, "Z"))
        return 1;
    if ((t[0] == '+' || t[0] == '-') && strlen(t) == 6 && !digits(t + 1, 2, &hh) && t[3] == ':' &&
        !digits(t + 4, 2, &mm) && hh <= 14 && mm <= 59)
        return 1;
    return 0;
}

static int value_xy(parser *ps, unsigned line, const char *key, const char *v, grotto_xy *out)
{
    const char *comma = strchr(v, ',');
    char a[16], b[16];
    unsigned long x, y;
    if (!comma || (size_t)(comma - v) >= sizeof a || strlen(comma + 1) >= sizeof b)
        return fail(ps, line, "%s: '%s' is not a coordinate x,y", key, v);
    snprintf(a, sizeof a, "%.*s", (int)(comma - v), v);
    snprintf(b, sizeof b, "%s", comma + 1);
    if (parse_uint(a, 255, &x) == -1 || parse_uint(b, 255, &y) == -1)
        return fail(ps, line, "%s: '%s' is not a coordinate x,y", key, v);
    if (parse_uint(a, 15, &x) || parse_uint(b, 15, &y))
        return fail(ps, line, "%s: coordinate %s lies outside the 16x16 grid (0..15)", key, v);
    out->x = (uint8_t)x;
    out->y = (uint8_t)y;
    return 0;
}

static int value_bool(parser *ps, unsigned line, const char *key, const char *v, int8_t *out)
{
    if (!strcmp(v, "yes"))
        *out = 1;
    else if (!strcmp(v, "no"))
        *out = 0;
    else
        return fail(ps, line, "%s: '%s' (expected yes or no)", key, v);
    return 0;
}

static int ascii_caseeq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

static int find_monster(const char *v)
{
    for (int i = 0; i < GT_MONSTER_COUNT; i++)
        if (ascii_caseeq(v, gt_monsters[i].en) || !strcmp(v, gt_monsters[i].jp))
            return i;
    return -1;
}

static int find_boss(const char *v)
{
    for (int b = 1; b <= GT_BOSS_NAMES; b++)
        if (ascii_caseeq(v, gt_boss_name[b].en) || !strcmp(v, gt_boss_name[b].jp))
            return b;
    return -1;
}

static int value_lost(parser *ps, unsigned line, const char *v, int8_t *out)
{
    static const struct {
        const char *name;
        int bit;
    } LOST[] = {{"cannibox", GROTTO_LOST_CANNIBOX}, {"mimic", GROTTO_LOST_MIMIC}, {"pandora", GROTTO_LOST_PANDORA}};
    if (!strcmp(v, "none")) {
        *out = 0;
        return 0;
    }
    int mask = 0;
    const char *p = v;
    while (*p) {
        size_t n = strcspn(p, " ");
        int bit = 0;
        for (size_t i = 0; i < 3; i++)
            if (strlen(LOST[i].name) == n && !strncmp(p, LOST[i].name, n))
                bit = LOST[i].bit;
        if (!bit)
            return fail(ps, line, "lost: '%.*s' (expected none, or cannibox, mimic, pandora separated by spaces)",
                        (int)n, p);
        if (mask & bit)
            return fail(ps, line, "lost: '%.*s' given twice", (int)n, p);
        mask |= bit;
        p += n;
        while (*p == ' ')
            p++;
    }
    *out = (int8_t)mask;
    return 0;
}

static int value_chests(parser *ps, unsigned line, const char *v, grotto_capture *c)
{
    if (!strcmp(v, "none")) {
        c->chest_count = 0;
        return 0;
    }
    int n = 0;
    const char *p = v;
    while (*p) {
        size_t len = strcspn(p, " ");
        char item[32];
        if (n == GROTTO_CAPTURE_CHESTS)
            return fail(ps, line, "chests: more than %d chests (a floor map holds at most %d)",
                        GROTTO_CAPTURE_CHESTS, GROTTO_CAPTURE_CHESTS);
        snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1), p);
        if (len >= sizeof item)
            return fail(ps, line, "chests: '%.*s...' is not a coordinate x,y", 16, p);
        if (value_xy(ps, line, "chests", item, &c->chest[n]))
            return -1;
        for (int i = 0; i < n; i++)
            if (c->chest[i].x == c->chest[n].x && c->chest[i].y == c->chest[n].y)
                return fail(ps, line, "chests: %s is listed twice", item);
        n++;
        p += len;
        while (*p == ' ')
            p++;
    }
    c->chest_count = (int8_t)n;
    return 0;
}

static int band_of_code(unsigned long code)
{
    for (int b = 0; b < GT_BAND_COUNT; b++)
        if (gt_band[b].code == code)
            return b;
    return -1;
}

static int value_floor(parser *ps, unsigned line, const char *v, uint8_t *out)
{
    char buf[16];
    const char *p = v;
    size_t n = strlen(v);
    if (n >= 3 && n <= 4 && v[0] == 'B' && v[n - 1] == 'F') {
        snprintf(buf, sizeof buf, "%.*s", (int)(n - 2), v + 1);
        p = buf;
        if (!isdigit((unsigned char)p[0]))
            return fail(ps, line, "floor: '%s' is not a floor (1..16 or B1F..B16F)", v);
    }
    unsigned long f;
    int r = parse_uint(p, 0xFFFFFFFFul, &f);
    if (r == -1)
        return fail(ps, line, "floor: '%s' is not a floor (1..16 or B1F..B16F)", v);
    if (r || f < 1 || f > GROTTO_MAX_FLOORS)
        return fail(ps, line, "floor %s is out of range (1..16)", v);
    *out = (uint8_t)f;
    return 0;
}

/* floor_byte: the signed byte as the game holds it, -128..127 in decimal. */
static int value_floor_byte(parser *ps, unsigned line, const char *v, grotto_capture *c)
{
    unsigned long x;
    int neg = v[0] == '-';
    int r = v[neg] ? 0 : -1;
    for (const char *q = v + neg; *q; q++)
        r = isdigit((unsigned char)*q) ? r : -1;
    if (r == 0)
        r = parse_uint(v + neg, 0xFFFFFFFFul, &x);
    if (r == -1)
        return fail(ps, line, "floor_byte: '%s' is not a decimal number (the signed byte, e.g. 4 or -1)", v);
    if (r || x > (neg ? 128ul : 127ul))
        return fail(ps, line, "floor_byte %s is out of range (-128..127, a signed byte)", v);
    c->floor_byte = (int8_t)(neg ? -(long)x : (long)x);
    c->has_floor_byte = 1;
    return 0;
}

static enum key find_key(const char *name);

/* inferred: names of value keys of this kind, separated by spaces, each
 * once; kept with one space between names. */
static int value_inferred(parser *ps, unsigned line, const char *v, grotto_capture *c)
{
    size_t n = 0;
    for (const char *p = v; *p;) {
        size_t len = strcspn(p, " \t");
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
        enum key k = len < sizeof name ? find_key(name) : K_COUNT;
        if (k == K_COUNT || k == K_CAPTURE || k == K_SOURCE || k == K_DATE || k == K_METHOD || k == K_GAME ||
            k == K_INFERRED)
            return fail(ps, line, "inferred: '%.*s' is not a value key (name the keys read at inferred addresses, "
                                  "e.g. walk_nodes)", (int)(len > 40 ? 40 : len), p);
        if (!(KEYS[k].kinds & (1u << c->kind)))
            return fail(ps, line, "inferred: '%s' does not belong in a%s %s capture", name,
                        c->kind == GROTTO_CAPTURE_INVENTORY ? "n" : "", KIND_NAME[c->kind]);
        if (grotto_capture_inferred(c, name))
            return fail(ps, line, "inferred: '%s' is listed twice", name);
        n += (size_t)snprintf(c->inferred + n, sizeof c->inferred - n, "%s%s", n ? " " : "", name);
        p += len;
        while (*p == ' ' || *p == '\t')
            p++;
    }
    return 0;
}

int grotto_capture_inferred(const grotto_capture *c, const char *key)
{
    if (!key)
        return 0;
    size_t n = strlen(key);
    const char *p = c->inferred, *end = p + strnlen(p, sizeof c->inferred); /* a full array: its end */
    while (p < end) {
        size_t len = 0;
        while (p + len < end && p[len] != ' ')
            len++;
        if (len == n && !strncmp(p, key, n))
            return 1;
        p += len;
        while (p < end && *p == ' ')
            p++;
    }
    return 0;
}

/* Keys whose value is a whole number in a range: where it is stored. */
static uint8_t *ranged_u8(grotto_capture *c, enum key k, unsigned long *lo, unsigned long *hi)
{
    switch (k) {
    case K_QUALITY: *lo = GROTTO_QUALITY_MIN, *hi = GROTTO_QUALITY_MAX; return &c->quality;
    case K_LOCATION: *lo = 1, *hi = GT_LOCATION_COUNT; return &c->location;
    case K_LEVEL: *lo = 1, *hi = 99; return &c->level;
    case K_FLOORS: *lo = 2, *hi = GROTTO_MAX_FLOORS; return &c->floors;
    case K_WIDTH: *lo = 10, *hi = 16; return &c->width;
    case K_HEIGHT: *lo = 10, *hi = 16; return &c->height;
    default: return NULL;
    }
}

static int32_t *ranged_i32(grotto_capture *c, enum key k, unsigned long *lo, unsigned long *hi)
{
    *lo = 0;
    switch (k) {
    case K_ELISTOFS: *hi = 65535; return &c->elistofs;
    case K_FREE: *hi = 65535; return &c->free_bytes;
    case K_WALK: *hi = GROTTO_CAPTURE_WALK_MAX; return &c->walk_nodes;
    default: return NULL;
    }
}

/* One single-line value. */
static int parse_value(parser *ps, grotto_capture *c, enum key k, unsigned line, const char *v)
{
    const char *key = KEYS[k].name;
    unsigned long x, lo, hi;
    uint8_t *u8 = ranged_u8(c, k, &lo, &hi);
    int32_t *i32 = u8 ? NULL : ranged_i32(c, k, &lo, &hi);
    if (u8 || i32) {
        if (value_uint(ps, line, key, v, lo, hi, &x))
            return -1;
        if (u8)
            *u8 = (uint8_t)x;
        else
            *i32 = (int32_t)x;
        return 0;
    }
    switch (k) {
    case K_SOURCE: return value_text(ps, line, key, v, c->source);
    case K_METHOD: return value_text(ps, line, key, v, c->method);
    case K_NAME: return value_text(ps, line, key, v, c->name);
    case K_DATE:
        if (strlen(v) >= GROTTO_CAPTURE_DATE || !iso_date_ok(v))
            return fail(ps, line, "date: '%s' is not an ISO 8601 date (e.g. 2026-11-30 or 2026-11-30T21:05Z)", v);
        memcpy(c->date, v, strlen(v) + 1);
        return 0;
    case K_GAME:
        for (int g = 0; g < 3; g++)
            if (!strcmp(v, GAME_NAME[g])) {
                c->game = (grotto_game)g;
                return 0;
            }
        return fail(ps, line, "game: '%s' (expected jp, na or eu)", v);
    case K_SEED:
        if (value_uint(ps, line, key, v, 0, 0xFFFFFFFFul, &x))
            return -1;
        if (x > GROTTO_SEED_MAX)
            return fail(ps, line, "seed %s is above 0x7FFF (random maps have 15-bit seeds)", v);
        c->seed = (uint16_t)x;
        return 0;
    case K_FLOOR: return value_floor(ps, line, v, &c->floor);
    case K_BAND:
        if (parse_uint(v, 0xFFFFFFFFul, &x) || band_of_code(x) < 0)
            return fail(ps, line, "band: '%s' is not a band code (the lowest quality of a band: 0x02, 0x38, "
                                  "0x3D, 0x4C, 0x51, 0x65, 0x79, 0x8D, 0xA1, 0xB5, 0xC9, 0xDD)", v);
        c->band_code = (uint8_t)x;
        return 0;
    case K_BOSS: {
        int b = find_boss(v);
        if (b < 0 && parse_uint(v, GT_BOSS_NAMES, &x) == 0 && x >= 1)
            b = (int)x;
        if (b < 0)
            return fail(ps, line, "boss: '%s' is not a boss (an EN or JP boss name, or 1..12)", v);
        c->boss = (uint8_t)b;
        return 0;
    }
    case K_RAW:
        if (strlen(v) != 2 * GROTTO_CAPTURE_RAW)
            return fail(ps, line, "raw: %zu hex digits, expected %d (the 28-byte inventory record)", strlen(v),
                        2 * GROTTO_CAPTURE_RAW);
        if (hex_bytes(v, GROTTO_CAPTURE_RAW, c->raw) >= 0)
            return fail(ps, line, "raw: not hex digits");
        c->has_raw = 1;
        return 0;
    case K_UP:
        c->has_up = 1;
        return value_xy(ps, line, key, v, &c->up);
    case K_DOWN:
        c->has_down = 1;
        return value_xy(ps, line, key, v, &c->down);
    case K_CHESTS: return value_chests(ps, line, v, c);
    case K_UP_NEXT: return value_bool(ps, line, key, v, &c->up_next_to_chest);
    case K_DOWN_CUT: return value_bool(ps, line, key, v, &c->down_cut_off);
    case K_STATE:
        for (int s = 0; s < GROTTO_CSTATE_COUNT; s++)
            if (!strcmp(v, STATE_NAME[s])) {
                c->state = (int8_t)s;
                return 0;
            }
        return fail(ps, line, "state: '%s' (expected normal, partial, 4-enemy, 3-enemy, 2-enemy, only or no-enemy)",
                    v);
    case K_ONLY:
        c->only = (int16_t)find_monster(v);
        if (c->only < 0)
            return fail(ps, line, "only: '%s' is not a monster name (EN or JP)", v);
        return 0;
    case K_LOST: return value_lost(ps, line, v, &c->lost);
    case K_FLOOR_BYTE: return value_floor_byte(ps, line, v, c);
    case K_INFERRED: return value_inferred(ps, line, v, c);
    default: return fail(ps, line, "internal: key '%s' has no parser", key);
    }
}

/* ---- multi-line values ---- */

static int grid_line(const line_t *l)
{
    if (l->len == 0)
        return 0;
    for (size_t i = 0; i < l->len; i++)
        if (!strchr(GRID_CHARS, l->p[i]) || l->p[i] == 0)
            return 0;
    return 1;
}

static int hex_line(const line_t *l)
{
    if (l->len == 0)
        return 0;
    for (size_t i = 0; i < l->len; i++)
        if (hexval((unsigned char)l->p[i]) < 0)
            return 0;
    return 1;
}

/* The line after a multi-line value must not look like one more row. */
static int check_no_extra_row(parser *ps, const char *key, int (*row_like)(const line_t *), size_t rows)
{
    if (ps->i < ps->n && row_like(&ps->lines[ps->i]))
        return fail(ps, (unsigned)ps->i + 1, "%s: more than %zu rows", key, rows);
    return 0;
}

static int parse_grid(parser *ps, grotto_capture *c)
{
    unsigned first = (unsigned)ps->i + 1; /* line of the first row */
    if (ps->i >= ps->n || is_blank(&ps->lines[ps->i]))
        return fail(ps, first - 1, "grid: no rows follow 'grid:'");
    size_t w = ps->lines[ps->i].len;
    if (w < 10 || w > 16)
        return fail(ps, first, "grid: the first row has %zu cells; a floor is 10..16 cells wide", w);
    int ups = 0, downs = 0;
    for (size_t y = 0; y < w; y++, ps->i++) {
        unsigned no = (unsigned)ps->i + 1;
        if (ps->i >= ps->n || is_blank(&ps->lines[ps->i]))
            return fail(ps, first - 1, "grid: the record ends after %zu of %zu rows (a grid is square)", y, w);
        const line_t *l = &ps->lines[ps->i];
        for (size_t x = 0; x < l->len && x < 16; x++)
            if (!l->p[x] || !strchr(GRID_CHARS, l->p[x]))
                return fail(ps, no, "grid row %zu, column %zu: '%c' is not one of # . < > c ?", y, x,
                            isprint((unsigned char)l->p[x]) ? l->p[x] : '?');
        if (l->len != w)
            return fail(ps, no, "grid row %zu has %zu cells, the first row %zu", y, l->len, w);
        for (size_t x = 0; x < w; x++) {
            char ch = l->p[x];
            c->grid[GROTTO_GRID * y + x] = ch;
            if (ch == '<' && ++ups > 1)
                return fail(ps, no, "grid: a second '<' at %zu,%zu (a floor has one final up stairs)", x, y);
            if (ch == '>' && ++downs > 1)
                return fail(ps, no, "grid: a second '>' at %zu,%zu (a floor has one final down stairs)", x, y);
        }
    }
    c->has_grid = 1;
    return check_no_extra_row(ps, "grid", grid_line, w);
}

/* rows of hex: tiles (16 x 32 digits) and work_area (41 x 64 + 1 x 48). */
static int parse_hex_rows(parser *ps, const char *key, uint8_t *out, size_t total, size_t per_row)
{
    size_t rows = (total + per_row - 1) / per_row;
    unsigned keyline = (unsigned)ps->i; /* the line of "key:" */
    for (size_t r = 0; r < rows; r++, ps->i++) {
        unsigned no = (unsigned)ps->i + 1;
        size_t want = (r + 1 < rows ? per_row : total - per_row * r) * 2;
        if (ps->i >= ps->n || is_blank(&ps->lines[ps->i]))
            return fail(ps, keyline, "%s: the record ends after %zu of %zu rows", key, r, rows);
        const line_t *l = &ps->lines[ps->i];
        for (size_t k = 0; k < l->len; k++)
            if (hexval((unsigned char)l->p[k]) < 0)
                return fail(ps, no, "%s row %zu: '%c' at column %zu is not a hex digit", key, r,
                            isprint((unsigned char)l->p[k]) ? l->p[k] : '?', k);
        if (l->len != want)
            return fail(ps, no, "%s row %zu: %zu hex digits, expected %zu", key, r, l->len, want);
        hex_bytes(l->p, want / 2, out + per_row * r);
    }
    return check_no_extra_row(ps, key, hex_line, rows);
}

/* ---- records ---- */

/* Split "key: value"; returns the key index via *k (K_COUNT if unknown),
 * -1 if the line is not of that form. value is trimmed into vbuf. */
static int split_line(const line_t *l, char *kbuf, size_t ksize, char *vbuf, size_t vsize, size_t *vlen)
{
    size_t i = 0;
    while (i < l->len && (islower((unsigned char)l->p[i]) || l->p[i] == '_'))
        i++;
    if (i == 0 || i >= l->len || l->p[i] != ':' || i >= ksize)
        return -1;
    memcpy(kbuf, l->p, i);
    kbuf[i] = 0;
    size_t a = i + 1, b = l->len;
    while (a < b && (l->p[a] == ' ' || l->p[a] == '\t'))
        a++;
    while (b > a && (l->p[b - 1] == ' ' || l->p[b - 1] == '\t'))
        b--;
    *vlen = b - a;
    if (b - a >= vsize)
        b = a + vsize - 1; /* too long: the caller reports it (vsize > any allowed value) */
    memcpy(vbuf, l->p + a, b - a);
    vbuf[b - a] = 0;
    return 0;
}

static enum key find_key(const char *name)
{
    for (int k = 0; k < K_COUNT; k++)
        if (!strcmp(KEYS[k].name, name))
            return (enum key)k;
    return K_COUNT;
}

static int require(parser *ps, const grotto_capture *c, enum key k, unsigned end)
{
    if (ps->seen[k])
        return 0;
    return fail(ps, c->line, "%s capture without '%s:' (the record ends on line %u)", KIND_NAME[c->kind],
                KEYS[k].name, end);
}

static int inside(const grotto_capture *c, grotto_xy p)
{
    return !c->width || (p.x < c->width && p.y < c->height);
}

/* Checks across keys once the record has ended on line `end`. */
static int check_record(parser *ps, grotto_capture *c, unsigned end)
{
    static const enum key prov[] = {K_SOURCE, K_DATE, K_METHOD, K_GAME};
    for (size_t i = 0; i < sizeof prov / sizeof prov[0]; i++)
        if (!ps->seen[prov[i]])
            return fail(ps, c->line, "%s capture without '%s:' (provenance: source, date, method and game are "
                                     "required; the record ends on line %u)",
                        KIND_NAME[c->kind], KEYS[prov[i]].name, end);
    if (require(ps, c, K_SEED, end))
        return -1;
    if (c->kind != GROTTO_CAPTURE_INVENTORY && require(ps, c, K_FLOOR, end))
        return -1;
    if (ps->seen[K_QUALITY] && ps->seen[K_BAND])
        return fail(ps, ps->seen[K_BAND] > ps->seen[K_QUALITY] ? ps->seen[K_BAND] : ps->seen[K_QUALITY],
                    "give quality or band, not both");
    for (int k = 0; k < K_COUNT; k++)
        if (!ps->seen[k] && grotto_capture_inferred(c, KEYS[k].name))
            return fail(ps, ps->seen[K_INFERRED], "inferred: names '%s', which the record does not give",
                        KEYS[k].name);
    unsigned sizeline = ps->seen[K_WIDTH] > ps->seen[K_HEIGHT] ? ps->seen[K_WIDTH] : ps->seen[K_HEIGHT];
    switch (c->kind) {
    case GROTTO_CAPTURE_INVENTORY:
        if (!ps->seen[K_QUALITY] && !ps->seen[K_BAND])
            return fail(ps, c->line, "inventory capture without 'quality:' or 'band:' (the record ends on line %u)",
                        end);
        if (c->has_raw) {
            unsigned rl = ps->seen[K_RAW];
            unsigned seed = (unsigned)(c->raw[0x1A] | c->raw[0x1B] << 8);
            if (c->game == GROTTO_GAME_JP)
                return fail(ps, rl, "raw: the inventory record layout is known for the na/eu builds only "
                                    "(hardware.md); a jp capture cannot carry raw");
            if (!ps->seen[K_QUALITY] || !ps->seen[K_LOCATION])
                return fail(ps, rl, "raw: give quality and location too (raw must agree with them)");
            if (c->raw[0x15] != c->location)
                return fail(ps, rl, "raw: byte 0x15 (location) is %u but location is %u", c->raw[0x15], c->location);
            if (c->raw[0x17] != c->quality)
                return fail(ps, rl, "raw: byte 0x17 (final quality) is %u but quality is %u", c->raw[0x17],
                            c->quality);
            if (seed != c->seed)
                return fail(ps, rl, "raw: bytes 0x1A-0x1B (seed) are 0x%04X but seed is 0x%04X", seed, c->seed);
        }
        return 0;
    case GROTTO_CAPTURE_FLOOR:
        if (c->has_grid) {
            int w = 0;
            while (w < GROTTO_GRID && c->grid[w])
                w++;
            if ((c->width && c->width != w) || (c->height && c->height != w))
                return fail(ps, sizeline, "width/height %ux%u but the grid is %dx%d", c->width ? c->width : w,
                            c->height ? c->height : w, w, w);
            c->width = c->height = (uint8_t)w;
        }
        if (!c->has_grid && !c->has_up && !c->has_down && c->chest_count < 0 && c->up_next_to_chest < 0 &&
            c->down_cut_off < 0)
            return fail(ps, c->line, "floor capture that observes nothing: give grid, up, down, chests, "
                                     "up_next_to_chest or down_cut_off (the record ends on line %u)", end);
        break;
    case GROTTO_CAPTURE_MEMORY:
        if (!ps->seen[K_QUALITY] && !ps->seen[K_BAND])
            return fail(ps, c->line, "memory capture without 'quality:' or 'band:' (the record ends on line %u)", end);
        if (c->only >= 0) {
            if (c->state >= 0 && c->state != GROTTO_CSTATE_ONLY)
                return fail(ps, ps->seen[K_ONLY], "only: names the ONLY monster but state is '%s'",
                            STATE_NAME[c->state]);
            c->state = GROTTO_CSTATE_ONLY;
        }
        if (c->elistofs < 0 && c->walk_nodes < 0 && c->free_bytes < 0 && c->state < 0 && c->lost < 0)
            return fail(ps, c->line, "memory capture that measures nothing: give elistofs, walk_nodes, free_bytes, "
                                     "state, only or lost (the record ends on line %u)", end);
        return 0;
    case GROTTO_CAPTURE_RAM:
        if (require(ps, c, K_TILES, end))
            return -1;
        break;
    case GROTTO_CAPTURE_WORKAREA: return require(ps, c, K_WORK_AREA, end);
    default: break;
    }
    /* floor and ram: coordinates inside the floor when its size is known */
    if ((c->width == 0) != (c->height == 0))
        return fail(ps, sizeline, "give width and height together");
    const char *what = NULL;
    unsigned at = 0;
    grotto_xy bad = {0, 0};
    if (c->has_up && !inside(c, c->up))
        what = "up", at = ps->seen[K_UP], bad = c->up;
    else if (c->has_down && !inside(c, c->down))
        what = "down", at = ps->seen[K_DOWN], bad = c->down;
    for (int i = 0; !what && i < c->chest_count; i++)
        if (!inside(c, c->chest[i]))
            what = "chests", at = ps->seen[K_CHESTS], bad = c->chest[i];
    if (what)
        return fail(ps, at, "%s: %u,%u lies outside the %ux%u floor", what, bad.x, bad.y, c->width, c->height);
    return 0;
}

/* Parses the record starting at ps->i (a non-blank, non-comment line);
 * leaves ps->i on the blank line or end after it. */
static int parse_record(parser *ps, grotto_capture *c)
{
    char kbuf[32], vbuf[GROTTO_CAPTURE_TEXT * 2];
    memset(ps->seen, 0, sizeof ps->seen);
    const line_t *l = &ps->lines[ps->i];
    unsigned no = (unsigned)ps->i + 1;
    size_t vlen;
    if (split_line(l, kbuf, sizeof kbuf, vbuf, sizeof vbuf, &vlen) || strcmp(kbuf, "capture") != 0)
        return fail(ps, no, "a record starts with 'capture: KIND' (inventory, floor, memory, ram or workarea)");
    int kind = -1;
    for (int k = 0; k < GROTTO_CAPTURE_KINDS; k++)
        if (!strcmp(vbuf, KIND_NAME[k]))
            kind = k;
    if (kind < 0)
        return fail(ps, no, "unknown capture kind '%s' (expected inventory, floor, memory, ram or workarea)", vbuf);
    grotto_capture_init(c, (grotto_capture_kind)kind);
    c->line = no;
    ps->seen[K_CAPTURE] = no;
    ps->i++;
    while (ps->i < ps->n && !is_blank(&ps->lines[ps->i])) {
        l = &ps->lines[ps->i];
        no = (unsigned)ps->i + 1;
        long bad = utf8_bad(l->p, l->len);
        if (bad >= 0)
            return fail(ps, no, "not UTF-8 text (byte %ld of the line)", bad + 1);
        if (is_comment(l)) {
            ps->i++;
            continue;
        }
        if (split_line(l, kbuf, sizeof kbuf, vbuf, sizeof vbuf, &vlen))
            return fail(ps, no, "expected 'key: value' (keys are lower case), got '%.*s%s'",
                        (int)(l->len > 40 ? 40 : l->len), l->p, l->len > 40 ? "..." : "");
        enum key k = find_key(kbuf);
        if (k == K_COUNT)
            return fail(ps, no, "unknown key '%s'", kbuf);
        if (!(KEYS[k].kinds & (1u << kind)))
            return fail(ps, no, "key '%s' does not belong in a%s %s capture", kbuf,
                        kind == GROTTO_CAPTURE_INVENTORY ? "n" : "", KIND_NAME[kind]);
        if (ps->seen[k])
            return fail(ps, no, "duplicate key '%s' (first given on line %u)%s", kbuf, ps->seen[k],
                        k == K_CAPTURE ? "; records are separated by a blank line" : "");
        ps->seen[k] = no;
        if (KEYS[k].multi) {
            if (vbuf[0])
                return fail(ps, no, "%s: the rows follow on the next lines; nothing may follow the colon", kbuf);
            ps->i++;
            int r = k == K_GRID    ? parse_grid(ps, c)
                    : k == K_TILES ? parse_hex_rows(ps, "tiles", c->tiles, GROTTO_CELLS, TILE_HEX / 2)
                                   : parse_hex_rows(ps, "work_area", c->work_area, GROTTO_WORK_AREA_SIZE, WA_ROW_BYTES);
            if (r)
                return -1;
            if (k == K_TILES)
                c->has_tiles = 1;
            if (k == K_WORK_AREA)
                c->has_work_area = 1;
            continue;
        }
        if (!vbuf[0])
            return fail(ps, no, "%s: empty value", kbuf);
        if (vlen >= GROTTO_CAPTURE_TEXT)
            return fail(ps, no, "%s: value too long (%zu bytes, at most %d)", kbuf, vlen, GROTTO_CAPTURE_TEXT - 1);
        if (parse_value(ps, c, k, no, vbuf))
            return -1;
        ps->i++;
    }
    return check_record(ps, c, (unsigned)ps->i);
}

static int push_item(grotto_capture_file *out, size_t *cap)
{
    if (out->count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 4;
        grotto_capture_item *p = realloc(out->items, ncap * sizeof *p);
        if (!p)
            return -1;
        out->items = p;
        *cap = ncap;
    }
    memset(&out->items[out->count], 0, sizeof out->items[0]);
    out->count++;
    return 0;
}

int grotto_capture_parse(const char *text, size_t len, grotto_capture_file *out)
{
    out->count = 0;
    out->items = NULL;
    size_t cap = 0, nlines = 0;
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) /* a UTF-8 byte order mark */
        text += 3, len -= 3;
    for (size_t i = 0; i < len; i++)
        nlines += text[i] == '\n';
    nlines += len > 0 && text[len - 1] != '\n';
    line_t *lines = malloc((nlines ? nlines : 1) * sizeof *lines);
    if (!lines)
        return -1;
    size_t n = 0, start = 0;
    for (size_t i = 0; i <= len; i++)
        if (i == len ? i > start : text[i] == '\n') {
            size_t e = i;
            if (e > start && text[e - 1] == '\r')
                e--;
            lines[n++] = (line_t){text + start, e - start};
            start = i + 1;
        }
    parser ps = {lines, n, 0, NULL, {0}};
    size_t records = 0;
    while (ps.i < ps.n) {
        const line_t *l = &lines[ps.i];
        long bad = is_comment(l) ? utf8_bad(l->p, l->len) : -1;
        if (is_blank(l) || (is_comment(l) && bad < 0)) {
            ps.i++;
            continue;
        }
        if (push_item(out, &cap)) {
            free(lines);
            grotto_capture_file_free(out);
            return -1;
        }
        ps.item = &out->items[out->count - 1];
        if (bad >= 0) { /* a comment between records that is not text */
            fail(&ps, (unsigned)ps.i + 1, "not UTF-8 text (byte %ld of the line)", bad + 1);
            ps.i++;
            continue;
        }
        records++;
        ps.item->ok = 1;
        if (parse_record(&ps, &ps.item->cap))
            while (ps.i < ps.n && !is_blank(&lines[ps.i]))
                ps.i++;
    }
    free(lines);
    if (records == 0) {
        if (push_item(out, &cap)) {
            grotto_capture_file_free(out);
            return -1;
        }
        ps.item = &out->items[out->count - 1];
        fail(&ps, 0, "no capture records (a record starts with 'capture: KIND')");
    }
    return 0;
}

/* strerror's text through strerror_r (POSIX): safe in threads. */
static const char *error_text(int e, char *buf, size_t size)
{
    if (strerror_r(e, buf, size) != 0)
        snprintf(buf, size, "error %d", e);
    return buf;
}

static int load_fail(grotto_capture_file *out, const char *fmt, const char *detail)
{
    out->items = calloc(1, sizeof *out->items);
    if (!out->items)
        return -1;
    out->count = 1;
    snprintf(out->items[0].reason, sizeof out->items[0].reason, fmt, detail);
    return 0;
}

int grotto_capture_load(const char *path, grotto_capture_file *out)
{
    char etext[128];
    out->count = 0;
    out->items = NULL;
    /* O_NONBLOCK: a FIFO without a writer is never waited on; it is
     * refused below like every file that is not regular */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    if (fd < 0) {
        int e = errno;
        if (stat(path, &st) == 0 && S_ISSOCK(st.st_mode)) /* open says "No such device or address" */
            return load_fail(out, "%s", "a socket: not a capture file (only regular files are read)");
        return load_fail(out, "cannot read: %s", error_text(e, etext, sizeof etext));
    }
    const char *what = NULL;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return load_fail(out, "cannot read: %s", error_text(e, etext, sizeof etext));
    }
    if (S_ISDIR(st.st_mode))
        what = "a directory";
    else if (S_ISFIFO(st.st_mode))
        what = "a FIFO";
    else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        what = "a device";
    else if (S_ISSOCK(st.st_mode))
        what = "a socket";
    else if (!S_ISREG(st.st_mode))
        what = "not a regular file";
    if (what) {
        close(fd);
        return load_fail(out, "%s: not a capture file (only regular files are read)", what);
    }
    if (st.st_size > MAX_FILE_BYTES) {
        close(fd);
        return load_fail(out, "%s", "larger than 16 MiB: not a capture file");
    }
    /* the size may change while it is read: read at most one byte past the limit */
    size_t cap = (size_t)st.st_size + 1, len = 0;
    char *buf = malloc(cap);
    if (!buf) {
        close(fd);
        return -1;
    }
    int err = 0;
    for (;;) {
        if (len == cap) {
            size_t ncap = cap * 2 > MAX_FILE_BYTES + 1 ? MAX_FILE_BYTES + 1 : cap * 2;
            char *p = len > MAX_FILE_BYTES ? NULL : realloc(buf, ncap);
            if (!p)
                break;
            buf = p;
            cap = ncap;
        }
        ssize_t got = read(fd, buf + len, cap - len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            err = errno;
        if (got <= 0)
            break;
        len += (size_t)got;
    }
    close(fd);
    int r;
    if (err)
        r = load_fail(out, "cannot read: %s", error_text(err, etext, sizeof etext));
    else if (len > MAX_FILE_BYTES)
        r = load_fail(out, "%s", "larger than 16 MiB: not a capture file");
    else if (len == cap)
        r = -1; /* out of memory growing the buffer */
    else
        r = grotto_capture_parse(buf, len, out);
    free(buf);
    return r;
}

void grotto_capture_file_free(grotto_capture_file *f)
{
    if (!f)
        return;
    free(f->items);
    f->items = NULL;
    f->count = 0;
}

int grotto_capture_message(const char *file, const grotto_capture_item *it, char *buf, size_t size)
{
    int n = (int)strnlen(it->reason, sizeof it->reason); /* a full array: its end */
    if (it->line)
        return snprintf(buf, size, "%s:%u: %.*s", file, it->line, n, it->reason);
    return snprintf(buf, size, "%s: %.*s", file, n, it->reason);
}

/* ---- writer ---- */

static void put_hex_rows(FILE *out, const char *key, const uint8_t *b, size_t total, size_t per_row)
{
    fprintf(out, "%s:\n", key);
    for (size_t i = 0; i < total; i++)
        fprintf(out, "%02X%s", b[i], (i + 1) % per_row == 0 || i + 1 == total ? "\n" : "");
}

static void put_floor_fields(FILE *out, const grotto_capture *c)
{
    if (c->width)
        fprintf(out, "width: %u\nheight: %u\n", c->width, c->height);
    if (c->has_up)
        fprintf(out, "up: %u,%u\n", c->up.x, c->up.y);
    if (c->has_down)
        fprintf(out, "down: %u,%u\n", c->down.x, c->down.y);
    if (c->chest_count == 0)
        fprintf(out, "chests: none\n");
    else if (c->chest_count > 0) {
        fprintf(out, "chests:");
        for (int i = 0; i < c->chest_count; i++)
            fprintf(out, " %u,%u", c->chest[i].x, c->chest[i].y);
        fputc('\n', out);
    }
}

/* A text field that holds its terminating NUL. */
#define TERMINATED(field) (memchr((field), 0, sizeof(field)) != NULL)

/* Whether the writer can write c: every value it reads in range (the
 * parser's checks of the kinds' keys are not repeated here). */
static int writable(const grotto_capture *c)
{
    return (unsigned)c->kind < GROTTO_CAPTURE_KINDS && (unsigned)c->game < 3 && TERMINATED(c->source) &&
           TERMINATED(c->date) && TERMINATED(c->method) && TERMINATED(c->inferred) && TERMINATED(c->name) &&
           c->boss <= GT_BOSS_NAMES && c->chest_count >= -1 && c->chest_count <= GROTTO_CAPTURE_CHESTS &&
           c->width <= GROTTO_GRID && c->height <= GROTTO_GRID && c->state >= -1 &&
           c->state < GROTTO_CSTATE_COUNT && c->only >= -1 && c->only < GT_MONSTER_COUNT && c->lost >= -1 &&
           c->lost <= (GROTTO_LOST_CANNIBOX | GROTTO_LOST_MIMIC | GROTTO_LOST_PANDORA);
}

int grotto_capture_write(FILE *out, const grotto_capture *c)
{
    static const char *const LOST_NAME[3] = {"cannibox", "mimic", "pandora"};
    if (!writable(c))
        return -1;
    fprintf(out, "capture: %s\nsource: %s\ndate: %s\nmethod: %s\ngame: %s\nseed: 0x%04X\n",
            grotto_capture_kind_name(c->kind), c->source, c->date, c->method, grotto_capture_game_name(c->game),
            c->seed);
    if (c->floor)
        fprintf(out, "floor: %u\n", c->floor);
    if (c->quality)
        fprintf(out, "quality: %u\n", c->quality);
    if (c->band_code)
        fprintf(out, "band: 0x%02X\n", c->band_code);
    if (c->inferred[0])
        fprintf(out, "inferred: %s\n", c->inferred);
    switch (c->kind) {
    case GROTTO_CAPTURE_INVENTORY:
        if (c->location)
            fprintf(out, "location: %u\n", c->location);
        if (c->name[0])
            fprintf(out, "name: %s\n", c->name);
        if (c->level)
            fprintf(out, "level: %u\n", c->level);
        if (c->floors)
            fprintf(out, "floors: %u\n", c->floors);
        if (c->boss)
            fprintf(out, "boss: %s\n", gt_boss_name[c->boss].en);
        if (c->has_raw) {
            fprintf(out, "raw: ");
            for (int i = 0; i < GROTTO_CAPTURE_RAW; i++)
                fprintf(out, "%02X", c->raw[i]);
            fputc('\n', out);
        }
        break;
    case GROTTO_CAPTURE_FLOOR:
        put_floor_fields(out, c);
        if (c->up_next_to_chest >= 0)
            fprintf(out, "up_next_to_chest: %s\n", c->up_next_to_chest ? "yes" : "no");
        if (c->down_cut_off >= 0)
            fprintf(out, "down_cut_off: %s\n", c->down_cut_off ? "yes" : "no");
        if (c->has_grid) {
            fprintf(out, "grid:\n");
            for (int y = 0; y < c->height; y++)
                fprintf(out, "%.*s\n", c->width, c->grid + GROTTO_GRID * y);
        }
        break;
    case GROTTO_CAPTURE_MEMORY:
        if (c->elistofs >= 0)
            fprintf(out, "elistofs: 0x%04X\n", (unsigned)c->elistofs);
        if (c->walk_nodes >= 0)
            fprintf(out, "walk_nodes: %d\n", (int)c->walk_nodes);
        if (c->free_bytes >= 0)
            fprintf(out, "free_bytes: %d\n", (int)c->free_bytes);
        if (c->state >= 0)
            fprintf(out, "state: %s\n", grotto_capture_state_name((grotto_capture_state)c->state));
        if (c->only >= 0)
            fprintf(out, "only: %s\n", gt_monsters[c->only].en);
        if (c->lost == 0)
            fprintf(out, "lost: none\n");
        else if (c->lost > 0) {
            const char *sep = "lost: ";
            for (int b = 0; b < 3; b++)
                if (c->lost & (1 << b)) {
                    fprintf(out, "%s%s", sep, LOST_NAME[b]);
                    sep = " ";
                }
            fputc('\n', out);
        }
        break;
    case GROTTO_CAPTURE_RAM:
        if (c->has_floor_byte)
            fprintf(out, "floor_byte: %d\n", c->floor_byte);
        put_floor_fields(out, c);
        if (c->walk_nodes >= 0)
            fprintf(out, "walk_nodes: %d\n", (int)c->walk_nodes);
        if (c->has_tiles)
            put_hex_rows(out, "tiles", c->tiles, GROTTO_CELLS, TILE_HEX / 2);
        break;
    case GROTTO_CAPTURE_WORKAREA:
        if (c->has_work_area)
            put_hex_rows(out, "work_area", c->work_area, GROTTO_WORK_AREA_SIZE, WA_ROW_BYTES);
        break;
    default: break;
    }
    return ferror(out) ? -1 : 0;
}
