/* Transitional: the argument parsing and value checking of the commands
 * not yet described as cli_command (oracle); cli/parse.c parses the rest.
 * Like parse.c, it refuses a value that looks like an option ("--b
 * --json": write --b=--json for such a value). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grotto/timer.h"

int cli_parse_only = 0;

/* A value that looks like an option, not like a value (as parse.c). */
static int looks_like_option(const char *v)
{
    return v[0] == '-' && v[1] && (v[1] == '-' || (v[1] >= 'a' && v[1] <= 'z') || (v[1] >= 'A' && v[1] <= 'Z'));
}

static int parsed(const cli_opt *o)
{
    return o->kind == OPT_FLAG || o->kind == OPT_VALUE;
}

static const cli_opt *find_long(const cli_opt *opts, int n, const char *name, size_t len)
{
    for (int i = 0; i < n; i++)
        if (parsed(&opts[i]) && strlen(opts[i].name) == len && !strncmp(opts[i].name, name, len))
            return &opts[i];
    return NULL;
}

static const cli_opt *find_short(const cli_opt *opts, int n, char c)
{
    for (int i = 0; i < n; i++)
        if (parsed(&opts[i]) && opts[i].short_name && opts[i].short_name == c)
            return &opts[i];
    return NULL;
}

/* Marks value option o as given; 1 if it was already (options past the
 * 64th of a table are not tracked). */
static int seen_twice(const cli_opt *o, const cli_opt *opts, uint64_t *given)
{
    if (o - opts >= 64)
        return 0;
    uint64_t bit = UINT64_C(1) << (o - opts);
    int twice = (*given & bit) != 0;
    *given |= bit;
    return twice;
}

int cli_old_parse(const char *cmd, int argc, char **argv, const cli_opt *opts, int nopts,
              const char **pos, int max_pos, int *npos, int *help)
{
    *npos = 0;
    *help = 0;
    int only_pos = 0;
    uint64_t given = 0; /* value options seen: a repeated one is an error, not "last one wins" */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_pos && !strcmp(a, "--")) {
            only_pos = 1;
            continue;
        }
        if (!only_pos && (!strcmp(a, "--help") || !strcmp(a, "-h"))) {
            *help = 1;
            continue;
        }
        if (!only_pos && a[0] == '-' && a[1] == '-' && a[2]) {
            const char *name = a + 2;
            const char *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            const cli_opt *o = find_long(opts, nopts, name, len);
            if (!o)
                return cli_error(cmd, "unknown option '--%.*s' (see 'grotto %s --help')", (int)len, name, cmd);
            if (o->kind == OPT_FLAG) {
                if (eq)
                    return cli_error(cmd, "option '--%s' takes no value", o->name);
                *o->flag = 1;
            } else if (seen_twice(o, opts, &given)) {
                return cli_error(cmd, "option '--%s' given twice: give it once", o->name);
            } else if (eq) {
                *o->value = eq + 1;
            } else if (i + 1 < argc && !looks_like_option(argv[i + 1])) {
                *o->value = argv[++i];
            } else {
                return cli_error(cmd, "option '--%s' needs a value (%s)%s", o->name, o->arg,
                                 i + 1 < argc ? ", not an option (a value that begins with '-' is written --name=-x)"
                                              : "");
            }
            continue;
        }
        /* short options: only those declared; "-5" style negatives are positionals
         * for commands that take numbers, and are rejected by the value checks */
        if (!only_pos && a[0] == '-' && a[1] && !isdigit((unsigned char)a[1])) {
            const cli_opt *o = find_short(opts, nopts, a[1]);
            if (!o)
                return cli_error(cmd, "unknown option '%s' (see 'grotto %s --help')", a, cmd);
            if (o->kind == OPT_FLAG) {
                if (a[2])
                    return cli_error(cmd, "unknown option '%s'", a);
                *o->flag = 1;
            } else if (seen_twice(o, opts, &given)) {
                return cli_error(cmd, "option '-%c' (--%s) given twice: give it once", a[1], o->name);
            } else if (a[2]) {
                *o->value = a + 2;
            } else if (i + 1 < argc && !looks_like_option(argv[i + 1])) {
                *o->value = argv[++i];
            } else {
                return cli_error(cmd, "option '-%c' needs a value", a[1]);
            }
            continue;
        }
        if (*npos >= max_pos)
            return cli_error(cmd, "unexpected argument '%s' (see 'grotto %s --help')", a, cmd);
        pos[(*npos)++] = a;
    }
    return 0;
}

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

int cli_seed(const char *cmd, const char *text, uint32_t *seed)
{
    unsigned long v;
    if (!text)
        return cli_error(cmd, "missing seed");
    if (text[0] == '-')
        return cli_error(cmd, "bad seed '%s': seeds are hex 0..7FFF", text);
    if (parse_hex(text, &v) != 0)
        return cli_error(cmd, "bad seed '%s': expected hex digits 0..7FFF, e.g. 5BC3", text);
    if (v > GROTTO_SEED_MAX)
        return cli_error(cmd, "seed 0x%lX is above 0x7FFF: random maps have 15-bit seeds", v);
    *seed = (uint32_t)v;
    return 0;
}

int cli_uint(const char *cmd, const char *what, const char *text, unsigned long max, unsigned long *out)
{
    char *end;
    if (!text)
        return cli_error(cmd, "missing %s", what);
    if (text[0] == '-')
        return cli_error(cmd, "%s '%s' is negative: expected 0..%lu", what, text, max);
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || *end || errno)
        return cli_error(cmd, "bad %s '%s': expected a whole number 0..%lu", what, text, max);
    if (v > max)
        return cli_error(cmd, "%s %llu is above %lu", what, v, max);
    *out = (unsigned long)v;
    return 0;
}

/* One message for every bad -j value (0, -1, 300, x): the range is the point. */
int cli_threads(const char *cmd, const char *text, int *threads)
{
    char *end;
    errno = 0;
    long v = text && isdigit((unsigned char)text[0]) ? strtol(text, &end, 10) : -1;
    if (!text || v < 1 || v > 256 || *end || errno)
        return cli_error(cmd, "bad thread count '%s': expected a whole number 1..256", text ? text : "");
    *threads = (int)v;
    return 0;
}

int cli_seed_range(const char *cmd, const char *text, uint32_t *lo, uint32_t *hi)
{
    const char *dots = strstr(text, "..");
    if (!dots)
        return cli_seed(cmd, text, lo) ? EXIT_USAGE : (*hi = *lo, 0);
    char first[32];
    if ((size_t)(dots - text) >= sizeof first)
        return cli_error(cmd, "--seeds '%s': expected LO..HI (hex seeds)", text);
    memcpy(first, text, (size_t)(dots - text));
    first[dots - text] = 0;
    if (cli_seed(cmd, first, lo) || cli_seed(cmd, dots + 2, hi))
        return EXIT_USAGE;
    if (*hi < *lo)
        return cli_error(cmd, "--seeds '%s': HI is below LO", text);
    return 0;
}

static int cli_band(const char *cmd, const char *text, int *band)
{
    char *end;
    unsigned long v = strtoul(text, &end, 16);
    if (!*text || *end || v < GROTTO_QUALITY_MIN || v > GROTTO_QUALITY_MAX)
        return cli_error(cmd, "bad band '%s': expected a quality 02..F8 in hex, e.g. DD", text);
    *band = grotto_band_of_quality((int)v);
    return 0;
}

int cli_band_list(const char *cmd, const char *text, unsigned *bands)
{
    if (!strcmp(text, "all")) {
        *bands = (1u << GROTTO_BANDS) - 1u;
        return 0;
    }
    *bands = 0;
    char buf[128];
    if (strlen(text) >= sizeof buf || !*text)
        return cli_error(cmd, "--bands '%s': expected band codes in hex (02,38,..) or all", text);
    strcpy(buf, text);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int b = 0;
        if (cli_band(cmd, t, &b))
            return EXIT_USAGE;
        if (*bands >> b & 1u)
            return cli_error(cmd, "--bands: band %s given twice", t);
        *bands |= 1u << b;
    }
    if (!*bands)
        return cli_error(cmd, "--bands '%s': expected band codes in hex (02,38,..) or all", text);
    return 0;
}

/* ---- help from the option tables ---- */

enum { HELP_COL_MAX = 22 };

/* "  -j N, --threads N" as the help shows the entry. */
static void opt_label(const cli_opt *o, char *buf, size_t size)
{
    if (o->kind == OPT_ARG) {
        snprintf(buf, size, "  %s", o->name);
        return;
    }
    const char *arg = o->kind == OPT_VALUE ? (o->arg ? o->arg : "VALUE") : NULL;
    char shrt[16] = "";
    if (o->short_name)
        snprintf(shrt, sizeof shrt, "-%c%s%s, ", o->short_name, arg ? " " : "", arg ? arg : "");
    snprintf(buf, size, "  %s--%s%s%s", shrt, o->name, arg ? " " : "", arg ? arg : "");
}

/* text, each line after the first indented to col */
static void print_lines(const char *text, int col)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        printf("%.*s\n", (int)n, p);
        if (!nl)
            break;
        p = nl + 1;
        printf("%*s", col, "");
    }
}

void cli_old_help(const cli_usage *u, const cli_opt *opts, int nopts)
{
    const char *p = u->usage;
    for (int first = 1; *p; first = 0) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        printf("%s%.*s\n", first ? "usage: " : "       ", (int)n, p);
        p += n + (nl != NULL);
    }
    if (u->about)
        printf("\n%s", u->about);
    if (u->about_more)
        u->about_more(stdout);
    int col = (int)strlen("  -h, --help") + 2;
    char label[96];
    for (int i = 0; i < nopts; i++) {
        if (opts[i].kind == OPT_SECTION)
            continue;
        opt_label(&opts[i], label, sizeof label);
        int w = (int)strlen(label) + 2;
        if (w <= HELP_COL_MAX && w > col)
            col = w;
    }
    printf(nopts && opts[0].kind == OPT_SECTION ? "\n" : "\noptions:\n");
    for (int i = 0; i < nopts; i++) {
        const cli_opt *o = &opts[i];
        if (o->kind == OPT_SECTION) {
            printf("%s%s:\n", i ? "\n" : "", o->name);
            continue;
        }
        opt_label(o, label, sizeof label);
        if ((int)strlen(label) + 2 > col)
            printf("%s\n%*s", label, col, "");
        else
            printf("%-*s", col, label);
        print_lines(o->help ? o->help : "UNDOCUMENTED", col);
    }
    printf("%-*s%s\n", col, "  -h, --help", "this help");
    if (u->notes)
        printf("\n%s", u->notes);
    if (u->more) {
        putchar('\n');
        u->more(stdout);
    }
    printf("\nexamples:\n");
    p = u->examples;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        printf("  %.*s\n", (int)n, p);
        p += n + (nl != NULL);
    }
}

/* ---- engines (oracle, bench) ---- */

const grotto_engine *cli_engine(const char *cmd, const char *name, const grotto_engine *dflt)
{
    const grotto_engine *e = name ? grotto_engine_by_name(name) : dflt;
    if (!e) {
        char names[128];
        grotto_engine_names(names, sizeof names, dflt);
        cli_error(cmd, "unknown engine '%s': expected %s", name, names);
    }
    return e;
}

const char *cli_old_engine_help(char *buf, size_t size, const char *lead, const grotto_engine *dflt)
{
    char names[128];
    grotto_engine_names(names, sizeof names, dflt);
    size_t first = dflt ? strlen(dflt->name) : 0; /* the default leads the list */
    snprintf(buf, size, "%s%.*s%s%s:", lead, (int)first, names, dflt ? " (default)" : "", names + first);
    /* one line per engine, in the order of the list: the default, then the registry's */
    for (int i = -1; i < GROTTO_ENGINE_COUNT; i++) {
        const grotto_engine *e = i < 0 ? dflt : grotto_engines[i];
        if (!e || (i >= 0 && e == dflt))
            continue;
        size_t at = strlen(buf);
        snprintf(buf + at, size - at, "\n  %-7s %s", e->name, e->about);
    }
    return buf;
}
