/* The kinds of values every command shares (cli.h): each converts an
 * argument's text into its field, or says in one line what it expected.
 * Command-specific kinds live with their command (cmd_*.c, query.c). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grotto/engine.h"
#include "grotto/timer.h"
#include "lookup.h"

const int CLI_FMT_JSON = CLI_JSON, CLI_FMT_CSV = CLI_CSV, CLI_FMT_COUNT = CLI_COUNT, CLI_FMT_RECORD = CLI_RECORD;

static int flag(const cli_value *v, const char *text, void *field)
{
    (void)v, (void)text;
    *(int *)field = 1;
    return 0;
}
const cli_kind CLI_FLAG = {flag, NULL};

static int format(const cli_value *v, const char *text, void *field)
{
    (void)text;
    *(int *)field = *(const int *)v->aux;
    return 0;
}
const cli_kind CLI_FORMAT = {format, NULL};

static int text_value(const cli_value *v, const char *text, void *field)
{
    if (!*text)
        return cli_error(v->cmd, "%s is empty: give a value", v->what);
    *(const char **)field = text;
    return 0;
}
const cli_kind CLI_STRING = {text_value, NULL};
const cli_kind CLI_OUT_FILE = {text_value, NULL};
const cli_kind CLI_IN_FILE = {text_value, NULL};

static int parse_hex(const char *text, unsigned long *out)
{
    const char *p = text;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    if (!*p || strlen(p) > 8)
        return -1;
    for (const char *q = p; *q; q++)
        if (!isxdigit((unsigned char)*q))
            return -1;
    *out = strtoul(p, NULL, 16);
    return 0;
}

static int seed_of(const char *cmd, const char *text, uint32_t *seed)
{
    unsigned long v;
    if (text[0] == '-')
        return cli_error(cmd, "bad seed '%s': seeds are hex 0..7FFF", text);
    if (parse_hex(text, &v) != 0)
        return cli_error(cmd, "bad seed '%s': expected hex digits 0..7FFF, e.g. 5BC3", text);
    if (v > GROTTO_SEED_MAX)
        return cli_error(cmd, "seed 0x%lX is above 0x7FFF: random maps have 15-bit seeds", v);
    *seed = (uint32_t)v;
    return 0;
}

static int seed(const cli_value *v, const char *text, void *field)
{
    return seed_of(v->cmd, text, field);
}
const cli_kind CLI_SEED = {seed, NULL};

static int quality_of(const char *cmd, const char *text, int *quality)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno)
        return cli_error(cmd, "bad quality '%s': expected a decimal number 2..248", text);
    if (v < GROTTO_QUALITY_MIN || v > GROTTO_QUALITY_MAX)
        return cli_error(cmd, "quality %ld is outside 2..248", v);
    *quality = (int)v;
    return 0;
}

static int quality(const cli_value *v, const char *text, void *field)
{
    return quality_of(v->cmd, text, field);
}
const cli_kind CLI_QUALITY = {quality, NULL};

static int band_of_quality(const cli_value *v, const char *text, void *field)
{
    int q = 0; /* set by quality_of on success (gcc -O3 cannot tell) */
    if (quality_of(v->cmd, text, &q))
        return EXIT_USAGE;
    *(int *)field = grotto_band_of_quality(q);
    return 0;
}
const cli_kind CLI_BAND_OF_QUALITY = {band_of_quality, NULL};

static int band(const cli_value *v, const char *text, void *field)
{
    char *end;
    unsigned long q = strtoul(text, &end, 16);
    if (!isxdigit((unsigned char)text[0]) || *end || q < GROTTO_QUALITY_MIN || q > GROTTO_QUALITY_MAX)
        return cli_error(v->cmd, "bad band '%s': expected a quality 02..F8 in hex, e.g. DD", text);
    *(int *)field = grotto_band_of_quality((int)q);
    return 0;
}
const cli_kind CLI_BAND = {band, NULL};

static int map_id(const cli_value *v, const char *text, void *field)
{
    size_t n = strlen(text);
    int ok = n == 6;
    for (size_t i = 0; ok && i < n; i++)
        ok = isxdigit((unsigned char)text[i]) != 0;
    if (!ok)
        return cli_error(v->cmd,
                         "malformed map id '%s': expected 6 hex digits RRSSSS (band code, seed), e.g. DD5BC3", text);
    char rr[3] = {text[0], text[1], 0};
    unsigned long q = strtoul(rr, NULL, 16), s = strtoul(text + 2, NULL, 16);
    if (q < GROTTO_QUALITY_MIN || q > GROTTO_QUALITY_MAX)
        return cli_error(v->cmd, "map id '%s': quality 0x%02lX (%lu) is outside 2..248", text, q, q);
    if (s > GROTTO_SEED_MAX)
        return cli_error(v->cmd, "map id '%s': seed 0x%04lX is above 0x7FFF", text, s);
    *(lookup_mapref *)field = (lookup_mapref){(int)q, (uint32_t)s};
    return 0;
}
const cli_kind CLI_MAP_ID = {map_id, NULL};

int cli_floor_of(const char *cmd, const char *text, int *floor)
{
    const char *p = text;
    size_t n = strlen(text);
    char buf[16];
    if ((p[0] == 'B' || p[0] == 'b') && n >= 3 && n <= 4 && (p[n - 1] == 'F' || p[n - 1] == 'f')) {
        snprintf(buf, sizeof buf, "%.*s", (int)(n - 2), p + 1);
        p = buf;
    }
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    if (end == p || *end || errno)
        return cli_error(cmd, "bad floor '%s': expected a floor number 1..16 or B1F..B16F", text);
    if (v < 1 || v > GROTTO_MAX_FLOORS)
        return cli_error(cmd, "floor %ld is outside 1..16", v);
    *floor = (int)v;
    return 0;
}

static int floor_number(const cli_value *v, const char *text, void *field)
{
    return cli_floor_of(v->cmd, text, field);
}
const cli_kind CLI_FLOOR = {floor_number, NULL};

int cli_uint_of(const char *cmd, const cli_range *r, const char *text, unsigned long *out)
{
    char *end;
    if (text[0] == '-')
        return cli_error(cmd, "%s '%s' is negative: expected %lu..%lu", r->what, text, r->min, r->max);
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || *end || errno || !isdigit((unsigned char)text[0]))
        return cli_error(cmd, "bad %s '%s': expected a whole number %lu..%lu", r->what, text, r->min, r->max);
    if (v > r->max)
        return cli_error(cmd, "%s %llu is above %lu", r->what, v, r->max);
    if (v < r->min)
        return cli_error(cmd, "%s %llu is outside %lu..%lu: at least %lu", r->what, v, r->min, r->max, r->min);
    *out = (unsigned long)v;
    return 0;
}

static int uint_value(const cli_value *v, const char *text, void *field)
{
    return cli_uint_of(v->cmd, v->aux, text, field);
}
const cli_kind CLI_UINT = {uint_value, NULL};

static int int_value(const cli_value *v, const char *text, void *field)
{
    unsigned long n = 0; /* set by cli_uint_of on success */
    if (cli_uint_of(v->cmd, v->aux, text, &n))
        return EXIT_USAGE;
    *(int *)field = (int)n;
    return 0;
}
const cli_kind CLI_INT = {int_value, NULL};

/* One message for every bad -j value (0, -1, 300, x): the range is the point. */
static int threads(const cli_value *v, const char *text, void *field)
{
    char *end = NULL;
    errno = 0;
    long n = isdigit((unsigned char)text[0]) ? strtol(text, &end, 10) : -1;
    if (n < 1 || n > 256 || *end || errno)
        return cli_error(v->cmd, "bad thread count '%s': expected a whole number 1..256", text);
    *(int *)field = (int)n;
    return 0;
}
const cli_kind CLI_THREADS = {threads, NULL};

static int region(const cli_value *v, const char *text, void *field)
{
    if (!strcmp(text, "jp"))
        *(grotto_region *)field = GROTTO_REGION_JP;
    else if (!strcmp(text, "intl"))
        *(grotto_region *)field = GROTTO_REGION_INTL;
    else
        return cli_error(v->cmd, "unknown region '%s': expected jp or intl", text);
    return 0;
}
const cli_kind CLI_REGION = {region, NULL};

int cli_engine_of(const cli_value *v, const char *text, void *field)
{
    const grotto_engine *e = grotto_engine_by_name(text);
    if (!e) {
        char names[128];
        grotto_engine_names(names, sizeof names, v->aux);
        return cli_error(v->cmd, "unknown engine '%s': expected %s", text, names);
    }
    *(const grotto_engine **)field = e;
    return 0;
}

/* "ref (default), impl or legacy:" and one line per engine saying what it is. */
void cli_engine_help(const cli_option *o, char *buf, size_t size)
{
    const grotto_engine *dflt = o->aux;
    char names[128];
    grotto_engine_names(names, sizeof names, dflt);
    size_t first = dflt ? strlen(dflt->name) : 0;
    size_t at = strlen(buf);
    snprintf(buf + at, size - at, "%.*s%s%s:", (int)first, names, dflt ? " (default)" : "", names + first);
    for (int i = -1; i < GROTTO_ENGINE_COUNT; i++) {
        const grotto_engine *e = i < 0 ? dflt : grotto_engines[i];
        if (!e || (i >= 0 && e == dflt))
            continue;
        at = strlen(buf);
        snprintf(buf + at, size - at, "\n  %-7s %s", e->name, e->about);
    }
}
const cli_kind CLI_ENGINE = {cli_engine_of, cli_engine_help};

static int seed_range(const cli_value *v, const char *text, void *field)
{
    cli_seeds *r = field;
    const char *dots = strstr(text, "..");
    if (!dots)
        return seed_of(v->cmd, text, &r->lo) ? EXIT_USAGE : (r->hi = r->lo, 0);
    char first[32];
    if ((size_t)(dots - text) >= sizeof first)
        return cli_error(v->cmd, "%s '%s': expected LO..HI (hex seeds)", v->what, text);
    memcpy(first, text, (size_t)(dots - text));
    first[dots - text] = 0;
    if (seed_of(v->cmd, first, &r->lo) || seed_of(v->cmd, dots + 2, &r->hi))
        return EXIT_USAGE;
    if (r->hi < r->lo)
        return cli_error(v->cmd, "%s '%s': HI is below LO", v->what, text);
    return 0;
}
const cli_kind CLI_SEED_RANGE = {seed_range, NULL};

/* The items of a comma-separated list, each passed to fn; an empty item
 * (",," or a comma at either end) is refused. */
int cli_each_item(const cli_value *v, const char *text, int (*fn)(const cli_value *v, const char *item, void *ctx),
                  void *ctx)
{
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return cli_error(v->cmd, "%s '%.40s...' is too long", v->what, text);
    snprintf(buf, sizeof buf, "%s", text);
    for (char *p = buf;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = 0;
        if (!*p)
            return cli_error(v->cmd, "%s '%s': an empty item (two commas, or one at an end)", v->what, text);
        int rc = fn(v, p, ctx);
        if (rc || !comma)
            return rc;
        p = comma + 1;
    }
}

static int band_item(const cli_value *v, const char *item, void *ctx)
{
    unsigned *bands = ctx;
    int b = 0;
    if (band(v, item, &b))
        return EXIT_USAGE;
    if (*bands >> b & 1u)
        return cli_error(v->cmd, "%s: band %s given twice", v->what, item);
    *bands |= 1u << b;
    return 0;
}

static int band_list(const cli_value *v, const char *text, void *field)
{
    unsigned *bands = field;
    if (!strcmp(text, "all")) {
        *bands = (1u << GROTTO_BANDS) - 1u;
        return 0;
    }
    *bands = 0;
    return cli_each_item(v, text, band_item, bands);
}
const cli_kind CLI_BAND_LIST = {band_list, NULL};
