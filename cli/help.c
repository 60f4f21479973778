/* A command's help from its description (cli.h): the usage forms derived
 * from its modes - the word or option that chooses each, its required
 * options and positionals, "[options]" when more apply -, what it does,
 * every positional and option (with its value's name, what it does, the
 * kind's own help such as the engines, and the modes it is limited to),
 * the notes and the examples. Nothing is printed that the description
 * does not hold, so an option cannot be accepted and undocumented. */
#include <string.h>

#include "cli.h"

enum { HELP_COL_MAX = 22, HELP_MAX = 2048 };

/* " --quality Q --seed SSSS RRSSSS [N] FILE|DIR..." for mode m. */
static size_t usage_args(const cli_command *c, int m, char *buf, size_t size)
{
    const cli_mode *md = &c->modes[m];
    size_t n = 0;
    buf[0] = 0;
    if (md->label || md->select) {
        int all_required = md->select && md->select[0] == '-';
        for (int i = 0; all_required && c->options[i].name; i++)
            if (strstr(md->select, c->options[i].name) && !(c->options[i].required >> m & 1u))
                all_required = 0;
        if (!all_required)
            n += (size_t)snprintf(buf + n, size - n, " %s", md->label ? md->label : md->select);
    }
    for (int i = 0; c->options[i].name && n < size; i++)
        if (c->options[i].required >> m & 1u)
            n += (size_t)snprintf(buf + n, size - n, " --%s %s", c->options[i].name, c->options[i].value);
    for (const cli_positional *p = md->pos; p && p->name && n < size; p++)
        n += (size_t)snprintf(buf + n, size - n, p->optional ? " [%s%s]" : " %s%s", p->name, p->many ? "..." : "");
    return n;
}

/* Whether option o is one mode m takes without requiring or selecting it. */
static int optional_in(const cli_command *c, const cli_option *o, int m)
{
    const char *sel = c->modes[m].select;
    if (o->modes && !(o->modes >> m & 1u))
        return 0;
    if (o->required >> m & 1u)
        return 0;
    return !(sel && sel[0] == '-' && strstr(sel, o->name));
}

static void usage(const cli_command *c)
{
    for (int m = 0; m < c->nmodes; m++) {
        char args[512];
        usage_args(c, m, args, sizeof args);
        int more = 0;
        for (int i = 0; c->options[i].name; i++)
            more |= optional_in(c, &c->options[i], m);
        printf("%s grotto %s%s%s\n", m ? "      " : "usage:", c->name, args, more ? " [options]" : "");
    }
}

/* "  -j N, --threads N" as the help shows an option. */
static void option_label(const cli_option *o, char *buf, size_t size)
{
    char shrt[16] = "";
    if (o->short_name)
        snprintf(shrt, sizeof shrt, "-%c%s%s, ", o->short_name, o->value ? " " : "", o->value ? o->value : "");
    snprintf(buf, size, "  %s--%s%s%s", shrt, o->name, o->value ? " " : "", o->value ? o->value : "");
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

static void entry(const char *label, const char *help, int col)
{
    if ((int)strlen(label) + 2 > col)
        printf("%s\n%*s", label, col, "");
    else
        printf("%-*s", col, label);
    print_lines(help, col);
}

/* The option's help: its text, the kind's own, the modes it is limited to. */
static void option_help(const cli_command *c, const cli_option *o, char *buf, size_t size)
{
    snprintf(buf, size, "%s", o->help ? o->help : o->kind && o->kind->help ? "" : "UNDOCUMENTED");
    if (o->kind && o->kind->help)
        o->kind->help(o, buf, size);
    if (!o->modes || o->required == o->modes)
        return;
    size_t n = strlen(buf);
    n += (size_t)snprintf(buf + n, size - n, "\n(");
    for (int m = 0, k = 0; m < c->nmodes && n < size; m++)
        if (o->modes >> m & 1u) {
            char l[160];
            cli_mode_label(c, m, l, sizeof l);
            n += (size_t)snprintf(buf + n, size - n, "%s%s", k++ ? "; " : "", l);
        }
    snprintf(buf + n, size - n, " only)");
}

static int help_column(const cli_command *c)
{
    int col = (int)strlen("  -h, --help") + 2;
    char label[96];
    for (int i = 0; c->options[i].name; i++) {
        option_label(&c->options[i], label, sizeof label);
        int w = (int)strlen(label) + 2;
        col = w <= HELP_COL_MAX && w > col ? w : col;
    }
    for (int m = 0; m < c->nmodes; m++)
        for (const cli_positional *p = c->modes[m].pos; p && p->name; p++) {
            int w = (int)strlen(p->name) + 4;
            col = w <= HELP_COL_MAX && w > col ? w : col;
        }
    return col;
}

/* Every mode's positionals, each name once. */
static void positionals(const cli_command *c, int col)
{
    const char *seen[16];
    int nseen = 0;
    for (int m = 0; m < c->nmodes; m++)
        for (const cli_positional *p = c->modes[m].pos; p && p->name; p++) {
            int dup = 0;
            for (int k = 0; k < nseen; k++)
                dup |= !strcmp(seen[k], p->name);
            if (dup || nseen == 16)
                continue;
            seen[nseen++] = p->name;
            char label[96];
            snprintf(label, sizeof label, "  %s", p->name);
            entry(label, p->help ? p->help : "UNDOCUMENTED", col);
        }
}

static void options(const cli_command *c)
{
    int col = help_column(c);
    printf(c->options[0].name && c->options[0].section ? "\n" : "\noptions:\n");
    positionals(c, col);
    for (int i = 0; c->options[i].name; i++) {
        const cli_option *o = &c->options[i];
        char label[96], help[HELP_MAX];
        if (o->section)
            printf("%s%s:\n", i ? "\n" : "", o->section);
        option_label(o, label, sizeof label);
        option_help(c, o, help, sizeof help);
        entry(label, help, col);
    }
    entry("  -h, --help", "this help", col);
}

void cli_help(const cli_command *c)
{
    usage(c);
    if (c->about)
        printf("\n%s", c->about);
    if (c->about_more)
        c->about_more(stdout);
    options(c);
    if (c->notes)
        printf("\n%s", c->notes);
    if (c->notes_more) {
        putchar('\n');
        c->notes_more(stdout);
    }
    printf("\nexamples:\n");
    for (const char *p = c->examples; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        printf("  %.*s\n", (int)n, p);
        p += n + (nl != NULL);
    }
}

int cli_help_topic(const char *topic)
{
    const cli_command *c = cli_find_command(topic);
    if (c)
        cli_help(c);
    else if (!strcmp(topic, "terms"))
        cli_terms(stdout);
    else if (!strcmp(topic, "glossary"))
        cli_glossary(stdout);
    else if (!strcmp(topic, "json"))
        cli_json_doc(stdout);
    else if (!strcmp(topic, "schema"))
        cli_json_schema(stdout);
    else
        return cli_error(NULL, "unknown command or help topic '%s': expected a command, terms, glossary, json or "
                               "schema "
                               "(see 'grotto --help')", topic);
    return EXIT_OK;
}
