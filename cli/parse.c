/* The generic parser: a command's description (cli.h) turns argv into its
 * args struct. In three steps:
 *   scan     options (--name, --name=value, --name value, -j N, -jN) and
 *            positionals, as text; "--" ends the options, -h/--help asks
 *            for help; an unknown option, a flag with a value, a value
 *            option given twice or without its value is refused. A value
 *            that begins with '-' and a letter or a second '-' is taken for
 *            a forgotten value ("--out --help") and refused: write
 *            --out=-x for such a value. "-" alone and "-5" are values.
 *   mode     which form of the command the arguments are (cli_mode): by
 *            the options or the first word given, or the command's
 *            mode_of; an option outside that mode is refused, a required
 *            one or positional missing, exclusive options given together.
 *   convert  every given value by its kind into its field, the
 *            positionals into theirs, then the command's check.
 * Every refusal is one line on stderr and EXIT_USAGE (cli_error). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_scan {
    const cli_command *cmd;
    const char **value;          /* per option: its text ("" for a flag), or NULL */
    const char **pos;
    int npos, help;
};

static int noptions(const cli_command *c)
{
    int n = 0;
    while (c->options && c->options[n].name)
        n++;
    return n;
}

const char *cli_given(const cli_scan *s, const char *name)
{
    for (int i = 0; s->cmd->options && s->cmd->options[i].name; i++)
        if (!strcmp(s->cmd->options[i].name, name))
            return s->value[i];
    return NULL;
}

int cli_positionals(const cli_scan *s, const char *const **pos)
{
    *pos = s->pos;
    return s->npos;
}

/* ---- scan ---- */

static int find_option(const cli_command *c, const char *name, size_t len, char short_name)
{
    for (int i = 0; c->options && c->options[i].name; i++) {
        const cli_option *o = &c->options[i];
        if (short_name ? o->short_name == short_name : strlen(o->name) == len && !strncmp(o->name, name, len))
            return i;
    }
    return -1;
}

/* "--name" or "-j (--threads)", as messages name option i. */
static const char *option_label(const cli_option *o, char *buf, size_t size, int as_short)
{
    if (as_short)
        snprintf(buf, size, "-%c (--%s)", o->short_name, o->name);
    else
        snprintf(buf, size, "--%s", o->name);
    return buf;
}

/* A value that looks like an option, not like a value. */
static int looks_like_option(const char *v)
{
    return v[0] == '-' && v[1] && (v[1] == '-' || (v[1] >= 'a' && v[1] <= 'z') || (v[1] >= 'A' && v[1] <= 'Z'));
}

/* Records option i with value v (NULL: take the next argument). */
static int take(cli_scan *s, int i, const char *v, int as_short, int argc, char **argv, int *at)
{
    const cli_option *o = &s->cmd->options[i];
    const char *cmd = s->cmd->name;
    char l[64];
    option_label(o, l, sizeof l, as_short);
    if (!o->value) {
        if (v)
            return cli_error(cmd, "option '%s' takes no value", l);
        s->value[i] = "";
        return 0;
    }
    if (s->value[i])
        return cli_error(cmd, "option '%s' given twice: give it once", l);
    if (!v) {
        if (*at + 1 >= argc)
            return cli_error(cmd, "option '%s' needs a value (%s)", l, o->value);
        v = argv[++*at];
        if (looks_like_option(v))
            return cli_error(cmd, "option '%s' needs a value (%s), not the option '%s' (a value that begins "
                                  "with '-' is written --%s=%s)", l, o->value, v, o->name, v);
    }
    s->value[i] = v;
    return 0;
}

static int scan_long(cli_scan *s, const char *a, int argc, char **argv, int *at)
{
    const char *name = a + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    int i = find_option(s->cmd, name, len, 0);
    if (i < 0)
        return cli_error(s->cmd->name, "unknown option '--%.*s' (see 'grotto %s --help')", (int)len, name,
                         s->cmd->name);
    return take(s, i, eq ? eq + 1 : NULL, 0, argc, argv, at);
}

static int scan_short(cli_scan *s, const char *a, int argc, char **argv, int *at)
{
    int i = find_option(s->cmd, NULL, 0, a[1]);
    if (i < 0 || (!s->cmd->options[i].value && a[2]))
        return cli_error(s->cmd->name, "unknown option '%s' (see 'grotto %s --help')", a, s->cmd->name);
    return take(s, i, a[2] ? a + 2 : NULL, 1, argc, argv, at);
}

static int scan(cli_scan *s, int argc, char **argv)
{
    int only_pos = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc = 0;
        if (only_pos || a[0] != '-' || !a[1] || (a[1] >= '0' && a[1] <= '9'))
            s->pos[s->npos++] = a;
        else if (!strcmp(a, "--"))
            only_pos = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            s->help = 1;
        else if (a[1] == '-')
            rc = scan_long(s, a, argc, argv, &i);
        else
            rc = scan_short(s, a, argc, argv, &i);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- mode ---- */

static int count_pos(const cli_positional *p, int *many)
{
    int n = 0;
    *many = 0;
    for (; p && p[n].name; n++)
        *many |= p[n].many;
    return n;
}

/* Is mode m's selector among the arguments? */
static int selected(const cli_scan *s, const cli_mode *m)
{
    if (!m->select)
        return 0;
    if (m->select[0] != '-')
        return s->npos && !strcmp(s->pos[0], m->select);
    char names[128];
    snprintf(names, sizeof names, "%s", m->select);
    for (char *save = NULL, *t = strtok_r(names, "|", &save); t; t = strtok_r(NULL, "|", &save))
        if (cli_given(s, t + 2))
            return 1;
    return 0;
}

/* "--quality Q --seed SSSS" for select "--quality|--seed", "--never" for "--never". */
static void select_label(const cli_command *c, const char *select, char *buf, size_t size)
{
    char names[128];
    size_t n = 0;
    snprintf(names, sizeof names, "%s", select);
    snprintf(buf, size, "%s", select);
    if (select[0] != '-')
        return;
    buf[0] = 0;
    for (char *save = NULL, *t = strtok_r(names, "|", &save); t && n < size; t = strtok_r(NULL, "|", &save)) {
        int i = find_option(c, t + 2, strlen(t + 2), 0);
        const char *v = i >= 0 ? c->options[i].value : NULL;
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s%s", n ? " " : "", t, v ? " " : "", v ? v : "");
    }
}

/* How messages name mode m: "grotto seeds --never", "grotto stats without --legacy-diff". */
void cli_mode_label(const cli_command *c, int m, char *buf, size_t size)
{
    const cli_mode *md = &c->modes[m];
    char l[160];
    if (md->label || (md->select && md->select[0] != '-')) {
        snprintf(buf, size, "grotto %s %s", c->name, md->label ? md->label : md->select);
        return;
    }
    if (md->select) {
        select_label(c, md->select, l, sizeof l);
        snprintf(buf, size, "grotto %s %s", c->name, l);
        return;
    }
    size_t n = (size_t)snprintf(buf, size, "grotto %s", c->name);
    for (int i = 0, k = 0; i < c->nmodes && n < size; i++)
        if (i != m && (c->modes[i].select || c->modes[i].label)) {
            if (c->modes[i].label || c->modes[i].select[0] != '-')
                snprintf(l, sizeof l, "%s", c->modes[i].label ? c->modes[i].label : c->modes[i].select);
            else
                select_label(c, c->modes[i].select, l, sizeof l);
            n += (size_t)snprintf(buf + n, size - n, "%s%s", k++ ? " or " : " without ", l);
        }
}

static int default_mode(const cli_command *c)
{
    for (int i = 0; i < c->nmodes; i++)
        if (!c->modes[i].select && !c->modes[i].label)
            return i;
    return -1;
}

/* No mode chose itself and there is no default: what is missing or wrong. */
static int no_mode(const cli_scan *s)
{
    const cli_command *c = s->cmd;
    char words[256] = "";
    size_t n = 0;
    for (int i = 0; i < c->nmodes && n < sizeof words; i++)
        n += (size_t)snprintf(words + n, sizeof words - n, "%s%s", i == 0 ? "" : i + 1 == c->nmodes ? " or " : ", ",
                              c->modes[i].select);
    if (s->npos && s->pos[0][0] != '-')
        return cli_error(c->name, "unknown mode '%s': expected %s (see 'grotto %s --help')", s->pos[0], words,
                         c->name);
    if (c->modes[0].missing)
        return cli_error(c->name, "%s", c->modes[0].missing);
    return cli_error(c->name, "missing mode: expected %s (see 'grotto %s --help')", words, c->name);
}

static int choose_mode(const cli_scan *s, int *mode)
{
    const cli_command *c = s->cmd;
    if (c->mode_of)
        return (*mode = c->mode_of(c->name, s)) < 0 ? EXIT_USAGE : 0;
    int chosen = -1;
    for (int i = 0; i < c->nmodes; i++) {
        if (!selected(s, &c->modes[i]))
            continue;
        if (chosen >= 0) {
            char a[160], b[160];
            select_label(c, c->modes[chosen].select, a, sizeof a);
            select_label(c, c->modes[i].select, b, sizeof b);
            return cli_error(c->name, "give either %s or %s, not both", a, b);
        }
        chosen = i;
    }
    int dflt = default_mode(c), many;
    if (chosen < 0 && dflt < 0)
        return no_mode(s);
    if (chosen >= 0 && dflt >= 0 && s->npos && !count_pos(c->modes[chosen].pos, &many) &&
        count_pos(c->modes[dflt].pos, &many)) {
        char b[160];
        select_label(c, c->modes[chosen].select, b, sizeof b);
        return cli_error(c->name, "give either %s or %s, not both (see 'grotto %s --help')",
                         c->modes[dflt].pos[0].name, b, c->name);
    }
    *mode = chosen >= 0 ? chosen : dflt;
    return 0;
}

/* Options given that the mode does not take, or exclusive ones together. */
static int check_options(const cli_scan *s, int mode)
{
    const cli_command *c = s->cmd;
    char label[160], l[64];
    for (int i = 0; c->options[i].name; i++) {
        const cli_option *o = &c->options[i];
        if (!s->value[i] || !o->modes || (o->modes >> mode & 1u))
            continue;
        char where[512] = "";
        size_t n = 0;
        for (int m = 0, k = 0; m < c->nmodes && n < sizeof where; m++)
            if (o->modes >> m & 1u) {
                cli_mode_label(c, m, label, sizeof label);
                n += (size_t)snprintf(where + n, sizeof where - n, "%s%s", k++ ? " or " : "", label);
            }
        cli_mode_label(c, mode, label, sizeof label);
        return cli_error(c->name, "%s applies to %s only, not to %s", option_label(o, l, sizeof l, 0), where, label);
    }
    return 0;
}

/* "--a, --b and --c": the options of group g; *total of them. */
static void group_names(const cli_command *c, int g, char *names, size_t size, int *total)
{
    int n = 0, k = 0;
    size_t at = 0;
    for (int j = 0; c->options[j].name; j++)
        n += c->options[j].group == g;
    for (int j = 0; c->options[j].name && at < size; j++)
        if (c->options[j].group == g)
            at += (size_t)snprintf(names + at, size - at, "%s--%s", !k ? "" : k + 1 == n ? " and " : ", ",
                                   c->options[j].name), k++;
    *total = n;
}

static int check_groups(const cli_scan *s)
{
    const cli_command *c = s->cmd;
    for (int i = 0; c->options[i].name; i++) {
        int g = c->options[i].group, given = 0, total;
        if (!g || !s->value[i])
            continue;
        for (int j = 0; c->options[j].name; j++)
            given += c->options[j].group == g && s->value[j];
        if (given < 2)
            continue;
        char names[256];
        group_names(c, g, names, sizeof names, &total);
        return cli_error(c->name, "%s are exclusive: %s", names,
                         total == 2 ? "give one or the other, not both" : "give only one of them");
    }
    return 0;
}

static int check_required(const cli_scan *s, int mode)
{
    const cli_command *c = s->cmd;
    for (int i = 0; c->options[i].name; i++)
        if ((c->options[i].required >> mode & 1u) && !s->value[i]) {
            if (c->modes[mode].missing)
                return cli_error(c->name, "%s", c->modes[mode].missing);
            return cli_error(c->name, "missing --%s %s (see 'grotto %s --help')", c->options[i].name,
                             c->options[i].value, c->name);
        }
    return 0;
}

/* ---- convert ---- */

static int convert(const cli_kind *k, const char *cmd, const char *what, const void *aux, const char *text,
                   void *field)
{
    cli_value v = {cmd, what, aux};
    if (k)
        return k->conv(&v, text, field);
    if (!*text)
        return cli_error(cmd, "empty %s: give a value", what);
    *(const char **)field = text;
    return 0;
}

static int convert_options(const cli_scan *s, void *args)
{
    const cli_command *c = s->cmd;
    char l[64];
    for (int i = 0; c->options[i].name; i++) {
        const cli_option *o = &c->options[i];
        if (s->value[i] && convert(o->kind, c->name, option_label(o, l, sizeof l, 0), o->aux, s->value[i],
                                   (char *)args + o->offset))
            return EXIT_USAGE;
    }
    return 0;
}

static int add_to_list(const char *cmd, const cli_positional *p, const char *text, cli_list *l, int room)
{
    if (!l->v && !(l->v = calloc((size_t)room, sizeof *l->v)))
        return cli_error(cmd, "out of memory");
    if (!*text)
        return cli_error(cmd, "empty %s: give a value", p->name);
    l->v[l->n++] = text;
    return 0;
}

static int convert_positionals(const cli_scan *s, int mode, void *args)
{
    const cli_command *c = s->cmd;
    const cli_mode *m = &c->modes[mode];
    int first = m->select && m->select[0] != '-', many, n = count_pos(m->pos, &many), at = 0;
    for (int i = first; i < s->npos; i++) {
        if (at >= n)
            return cli_error(c->name, "unexpected argument '%s' (see 'grotto %s --help')", s->pos[i], c->name);
        const cli_positional *p = &m->pos[at];
        void *field = (char *)args + p->offset;
        int rc = p->many && !p->kind ? add_to_list(c->name, p, s->pos[i], field, s->npos)
                                     : convert(p->kind, c->name, p->name, p->aux, s->pos[i], field);
        if (rc)
            return rc;
        at += !p->many;
    }
    for (int k = at; k < n; k++) {
        const cli_positional *p = &m->pos[k];
        cli_list *l = p->many && !p->kind ? (cli_list *)((char *)args + p->offset) : NULL;
        if (p->optional || (l && l->n))
            continue;
        if (m->missing)
            return cli_error(c->name, "%s", m->missing);
        return cli_error(c->name, "missing %s (%s; see 'grotto %s --help')", p->help, p->name, c->name);
    }
    return 0;
}

/* With --help: only what the scan found wrong, and more positionals than any mode takes. */
static int help_positionals(const cli_scan *s)
{
    int most = 0, many = 0;
    for (int i = 0; i < s->cmd->nmodes; i++) {
        int m, n = count_pos(s->cmd->modes[i].pos, &m) + (s->cmd->modes[i].select && s->cmd->modes[i].select[0] != '-');
        most = n > most ? n : most;
        many |= m;
    }
    if (!many && s->npos > most)
        return cli_error(s->cmd->name, "unexpected argument '%s' (see 'grotto %s --help')", s->pos[most],
                         s->cmd->name);
    return 0;
}

static int parse_scanned(cli_scan *s, void *args, int *mode)
{
    if (s->help)
        return help_positionals(s);
    int rc = choose_mode(s, mode);
    if (!rc)
        rc = check_options(s, *mode);
    if (!rc)
        rc = check_groups(s);
    if (!rc)
        rc = check_required(s, *mode);
    if (!rc)
        rc = convert_options(s, args);
    if (!rc)
        rc = convert_positionals(s, *mode, args);
    if (!rc && s->cmd->check)
        rc = s->cmd->check(s->cmd->name, args, *mode);
    return rc;
}

int cli_parse(const cli_command *cmd, int argc, char **argv, void *args, int *mode, int *help)
{
    memset(args, 0, cmd->size);
    if (cmd->init)
        cmd->init(args);
    *mode = 0;
    *help = 0;
    cli_scan s = {cmd, calloc((size_t)noptions(cmd) + 1, sizeof *s.value), calloc((size_t)argc + 1, sizeof *s.pos),
                  0, 0};
    int rc = !s.value || !s.pos ? cli_error(cmd->name, "out of memory") : scan(&s, argc, argv);
    if (!rc)
        rc = parse_scanned(&s, args, mode);
    *help = s.help;
    free(s.value);
    free(s.pos);
    return rc;
}

void cli_release(const cli_command *cmd, void *args)
{
    for (int m = 0; m < cmd->nmodes; m++)
        for (const cli_positional *p = cmd->modes[m].pos; p && p->name; p++)
            if (p->many && !p->kind) {
                cli_list *l = (cli_list *)((char *)args + p->offset);
                free(l->v);
                l->v = NULL;
                l->n = 0;
            }
}
