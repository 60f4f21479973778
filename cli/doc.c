/* The documentation of every --json document, from the result
 * descriptions (cli.h) that the commands carry:
 *   cli_json_doc     docs/json.md's sections - the shared objects, then
 *                    each command's document: its fields, types, presence
 *                    and meaning, and the commands that check it
 *                    (`grotto help json`; a test compares docs/json.md);
 *   cli_json_schema  the same as a JSON Schema (draft 2020-12): one
 *                    definition per document under "$defs", every object
 *                    closed (additionalProperties false unless a "*" row
 *                    opens it), the "always" fields required, the shared
 *                    objects inlined, and "x-checked-with" listing the
 *                    command lines whose output must validate
 *                    (`grotto help schema`; tests/e2e/test_json_schema.py). */
#include <string.h>

#include "cli.h"

/* ---- markdown ---- */

/* A document's table starts with its "schema" row (unless it lists one). */
static void table(FILE *out, const cli_field *f, int document)
{
    int own = 0;
    for (const cli_field *g = f; g->path; g++)
        own |= !strcmp(g->path, "schema");
    fprintf(out, "| field | type | presence | meaning |\n|---|---|---|---|\n");
    if (document && !own)
        fprintf(out, "| `schema` | int | always | %d |\n", RES_SCHEMA);
    for (; f->path; f++)
        fprintf(out, "| `%s` | %s | %s | %s |\n", f->path, f->type, f->presence, f->meaning);
}

static void checked_line(FILE *out, const char *checked)
{
    fprintf(out, "Checked with: ");
    for (const char *p = checked; *p;) {
        size_t n = strcspn(p, ";");
        fprintf(out, "%s`grotto %.*s`", p == checked ? "" : ", ", (int)n, p);
        p += n;
        p += strspn(p, "; ");
    }
    fprintf(out, "\n\n");
}

static void section(FILE *out, const char *what, const cli_result *r)
{
    fprintf(out, "### %s `%s`\n\n", what, r->name);
    if (r->intro)
        fprintf(out, "%s\n\n", r->intro);
    if (r->checked)
        checked_line(out, r->checked);
    table(out, r->fields, r->checked != NULL);
    if (r->after)
        fprintf(out, "\n%s\n", r->after);
    fputc('\n', out);
}

/* Calls fn for every command document once, in the order of the table. */
static void each_document(void (*fn)(const cli_result *r, void *ctx), void *ctx)
{
    int n;
    const cli_command *const *c = cli_commands(&n);
    for (int i = 0; i < n; i++)
        for (int m = 0; m < CLI_MAX_MODES; m++) {
            const cli_result *r = c[i]->result[m];
            int seen = 0;
            for (int k = 0; k < m; k++)
                seen |= c[i]->result[k] == r;
            if (r && !seen)
                fn(r, ctx);
        }
}

static void doc_section(const cli_result *r, void *ctx)
{
    section(ctx, "command", r);
}

void cli_json_doc(FILE *out)
{
    fprintf(out, "## Shared objects\n\n");
    for (int i = 0; CLI_SHARED_OBJECTS[i]; i++)
        section(out, "object", CLI_SHARED_OBJECTS[i]);
    fprintf(out, "## Commands\n\n");
    each_document(doc_section, out);
}

/* ---- JSON Schema ---- */

static const cli_result *shared(const char *name, size_t len)
{
    for (int i = 0; CLI_SHARED_OBJECTS[i]; i++)
        if (strlen(CLI_SHARED_OBJECTS[i]->name) == len && !strncmp(CLI_SHARED_OBJECTS[i]->name, name, len))
            return CLI_SHARED_OBJECTS[i];
    return NULL;
}

static json_t *object_schema(const cli_field *f);

/* The schema of one alternative of a type ("int", "array of place", "floor"). */
static json_t *alternative(const char *t, size_t len)
{
    static const struct {
        const char *name, *type;
    } SCALARS[] = {{"int", "integer"}, {"number", "number"}, {"string", "string"}, {"bool", "boolean"},
                   {"null", "null"},   {"array", "array"}};
    if (len > 9 && !strncmp(t, "array of ", 9))
        return json_pack("{s:s, s:o}", "type", "array", "items", alternative(t + 9, len - 9));
    for (size_t i = 0; i < sizeof SCALARS / sizeof SCALARS[0]; i++)
        if (strlen(SCALARS[i].name) == len && !strncmp(t, SCALARS[i].name, len))
            return json_pack("{s:s}", "type", SCALARS[i].type);
    if (len == 2 && !strncmp(t, "xy", 2))
        return json_pack("{s:s, s:{s:s}, s:i, s:i}", "type", "array", "items", "type", "integer", "minItems", 2,
                         "maxItems", 2);
    if (len == 6 && !strncmp(t, "object", 6))
        return json_pack("{s:s, s:{}, s:b}", "type", "object", "properties", "additionalProperties", 0);
    const cli_result *o = shared(t, len);
    return o ? object_schema(o->fields) : json_pack("{s:s}", "x-unknown-type", t);
}

static json_t *type_schema(const char *type)
{
    json_t *alts = json_array();
    for (const char *p = type; *p;) {
        const char *or = strstr(p, " or ");
        size_t n = or ? (size_t)(or - p) : strlen(p);
        json_array_append_new(alts, alternative(p, n));
        p += n + (or ? 4 : 0);
    }
    if (json_array_size(alts) == 1) {
        json_t *one = json_incref(json_array_get(alts, 0));
        json_decref(alts);
        return one;
    }
    return json_pack("{s:o}", "anyOf", alts);
}

/* The alternative of node that is of `type` ("object", "array"), or node. */
static json_t *alt_of(json_t *node, const char *type)
{
    json_t *alts = json_object_get(node, "anyOf");
    for (size_t i = 0; i < json_array_size(alts); i++) {
        const char *t = json_string_value(json_object_get(json_array_get(alts, i), "type"));
        if (t && !strcmp(t, type))
            return json_array_get(alts, i);
    }
    return node;
}

/* The schema node at one path segment below node ("name", "name[]", "*"). */
static json_t *step(json_t *node, const char *seg, size_t len, int always, int last)
{
    int arr = len > 2 && !strncmp(seg + len - 2, "[]", 2);
    size_t n = len - 2 * arr;
    json_t *obj = alt_of(node, "object"), *child;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)n, seg);
    if (!strcmp(name, "*")) {
        child = json_object_get(obj, "additionalProperties");
        if (!json_is_object(child))
            json_object_set_new(obj, "additionalProperties", child = json_object());
    } else {
        json_t *props = json_object_get(obj, "properties");
        if (!props)
            json_object_set_new(obj, "properties", props = json_object());
        if (!(child = json_object_get(props, name)))
            json_object_set_new(props, name, child = json_object());
        if (always && last && !arr) {
            json_t *req = json_object_get(obj, "required");
            if (!req)
                json_object_set_new(obj, "required", req = json_array());
            json_array_append_new(req, json_string(name));
        }
    }
    if (!arr)
        return child;
    json_t *a = alt_of(child, "array"), *items = json_object_get(a, "items");
    if (!items)
        json_object_set_new(a, "items", items = json_object());
    return items;
}

/* Inlines every field of the object named by type into obj ("+" rows). */
static void merge(json_t *obj, const char *type)
{
    const cli_result *r = shared(type, strlen(type));
    if (!r)
        return;
    json_t *o = object_schema(r->fields);
    json_t *props = json_object_get(obj, "properties"), *req = json_object_get(obj, "required");
    json_object_update(props, json_object_get(o, "properties"));
    if (!req)
        json_object_set_new(obj, "required", req = json_array());
    json_array_extend(req, json_object_get(o, "required"));
    json_decref(o);
}

static void add_field(json_t *root, const cli_field *f)
{
    if (!strcmp(f->path, "+")) {
        merge(root, f->type);
        return;
    }
    json_t *node = root;
    int always = !strcmp(f->presence, "always");
    for (const char *p = f->path; *p;) {
        size_t n = strcspn(p, ".");
        node = step(node, p, n, always, !p[n]);
        p += n + (p[n] == '.');
    }
    json_t *t = type_schema(f->type);
    json_object_update(node, t);
    json_decref(t);
    json_object_set_new(node, "description", json_string(f->meaning));
}

static json_t *object_schema(const cli_field *f)
{
    json_t *root = json_pack("{s:s, s:{}, s:[], s:b}", "type", "object", "properties", "required",
                             "additionalProperties", 0);
    for (; f->path; f++)
        add_field(root, f);
    return root;
}

static void schema_def(const cli_result *r, void *ctx)
{
    json_t *s = object_schema(r->fields), *checked = json_array();
    /* every document starts with "schema": its version (docs/json.md) */
    if (!json_object_get(json_object_get(s, "properties"), "schema"))
        json_array_insert_new(json_object_get(s, "required"), 0, json_string("schema"));
    json_object_set_new(json_object_get(s, "properties"), "schema",
                        json_pack("{s:s, s:i, s:s}", "type", "integer", "const", RES_SCHEMA, "description",
                                  "the version of the documents"));
    for (const char *p = r->checked ? r->checked : ""; *p;) {
        size_t n = strcspn(p, ";");
        json_array_append_new(checked, json_stringn(p, n));
        p += n;
        p += strspn(p, "; ");
    }
    json_object_set_new(s, "description", json_string(r->intro ? r->intro : r->name));
    json_object_set_new(s, "x-checked-with", checked);
    json_object_set_new(ctx, r->name, s);
}

void cli_json_schema(FILE *out)
{
    json_t *defs = json_object();
    each_document(schema_def, defs);
    json_t *doc = json_pack("{s:s, s:s, s:o}", "$schema", "https://json-schema.org/draft/2020-12/schema",
                            "description", "the --json documents of grotto (docs/json.md), one per $defs entry",
                            "$defs", defs);
    cli_write_json(out, doc);
    fputc('\n', out);
    json_decref(doc);
}
