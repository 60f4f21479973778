/* Text of one map's AT and multiplayer-bug values (show_research.h): two
 * lines for the AT (values at steps 35..37, R2 / +3 / N2, the zoom's POP
 * and deftness), and for the bug a heading, the options' answers, the
 * chest counts and one line per floor of the seed's 16-floor generation. */
#include <stdio.h>

#include "cli.h"
#include "show_research.h"

void at_value_text(const json_t *at, const char *indent)
{
    const json_t *v = json_object_get(at, "values"), *p = json_object_get(at, "pop");
    char pos[3][24];
    static const char *const KEY[] = {"r2", "plus3", "n2"};
    for (int i = 0; i < 3; i++)
        if (res_has(at, KEY[i]))
            snprintf(pos[i], sizeof pos[i], "step %lld", res_get_int(at, KEY[i]));
        else
            snprintf(pos[i], sizeof pos[i], "none");
    printf("%sAT values %lld %lld %lld (steps %lld..%lld); within 400 steps R2 %s, +3 %s, N2 %s\n", indent,
           (long long)json_integer_value(json_array_get(v, 0)), (long long)json_integer_value(json_array_get(v, 1)),
           (long long)json_integer_value(json_array_get(v, 2)), res_get_int(at, "first_step"),
           res_get_int(at, "first_step") + 2, pos[0], pos[1], pos[2]);
    printf("%szoom %lld: POP index N %lld, value %lld; value at N + 1 %lld, deftness %lld\n", indent,
           res_get_int(at, "zoom"), res_get_int(p, "index"), res_get_int(p, "value"), res_get_int(p, "next"),
           res_get_int(p, "deftness"));
}

void multibug_value_text(const json_t *mb, int orig_floors, const char *indent)
{
    const json_t *bug = json_object_get(mb, "bug"), *counts = json_object_get(mb, "chest_counts");
    printf("%smultiplayer bug (four players): %s / %s\n", indent, res_get_str(bug, "name_en"),
           res_get_str(bug, "name_jp"));
    printf("%s  %lld floors (the map: %d)%s, boss %s, level %lld", indent, res_get_int(bug, "floor_count"), orig_floors,
           res_get_bool(mb, "more_floors") ? " - more floors" : "", res_get_str(bug, "boss_en"),
           res_get_int(bug, "level"));
    if (res_has(mb, "special_floor"))
        printf("; special floor B%lldF beyond the map's", res_get_int(mb, "special_floor"));
    printf("\n%s  chests B3F..B%lldF:", indent, res_get_int(bug, "floor_count"));
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)counts, key, value) printf(" %s %lld", key, (long long)json_integer_value(value));
    printf("\n%s  the seed's floors to B16F (* beyond the map's last; the tool lists B5F..B16F):\n", indent);
    const json_t *floors = json_object_get(mb, "floors");
    for (size_t i = 0; i < json_array_size(floors); i++) {
        const json_t *f = json_array_get(floors, i), *ch = json_object_get(f, "chests");
        char fl[8], chests[16] = "-";
        snprintf(fl, sizeof fl, "B%lldF%s", res_get_int(f, "floor"), res_get_bool(f, "beyond") ? "*" : "");
        for (size_t k = 0, n = 0; k < json_array_size(ch); k++)
            n += (size_t)snprintf(chests + n, sizeof chests - n, "%s%s", k ? " " : "", json_string_value(json_array_get(ch, k)));
        printf("%s    %-6s chests %-6s 0x%s  %s\n", indent, fl, chests, res_get_str(f, "ofs_hex"),
               res_get_str(f, "state_text_en"));
    }
}

/* ---- the shared objects' descriptions (docs/json.md) ---- */

static const cli_field AT_FIELDS[] = {
    {"first_step", "int", "always", "35: `values` are the values at steps 35, 36, 37", NULL},
    {"values", "array of int", "always", "the values at steps 35..37 (the tool shows them per map)", NULL},
    {"r2", "int or null", "always", "first step i + 1 (1..400) with v[i] < 128 and v[i+1] < 128; `null`: none", NULL},
    {"plus3", "int or null", "always", "first step with v[i] < 128 and v[i+3] < 128", NULL},
    {"n2", "int or null", "always", "first step with v[i] >= 128, v[i+1] < 256, v[i+2] >= 128, v[i+3] < 256", NULL},
    {"zoom", "int", "always", "zoom n (`--zoom`, default 0)", NULL},
    {"pop", "object", "always", "the POP of the zoom", NULL},
    {"pop.index", "int", "always", "POP index N = 35 + 29 n", NULL},
    {"pop.value", "int", "always", "the value at step N (the whistle's spawn draw)", NULL},
    {"pop.next", "int", "always", "the value at step N + 1", NULL},
    {"pop.deftness", "int", "always", "the deftness from it, 0..1000", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
const cli_result CLI_AT_VALUE_RESULT = {
    "at_value", "The AT of a map seed (`map --at`, `at`): the values after the map is generated.", NULL,
    AT_FIELDS, NULL,
};

static const cli_field MULTIBUG_FIELDS[] = {
    {"bug", "object", "always", "the bug map: the details with the seed one step further on", NULL},
    {"bug.name_en", "string", "always", "its name, English", NULL},
    {"bug.name_jp", "string", "always", "Japanese", NULL},
    {"bug.floor_count", "int", "always", "its floors", NULL},
    {"bug.boss", "int", "always", "its boss 1..12", NULL},
    {"bug.boss_en", "string", "always", "English", NULL},
    {"bug.boss_jp", "string", "always", "Japanese", NULL},
    {"bug.level", "int", "always", "its level", NULL},
    {"more_floors", "bool", "always", "the bug map has more floors than the map", NULL},
    {"special_floor", "int or null", "always",
     "the first floor among B5F..B16F beyond the map's last, up to the bug map's, in a special state", NULL},
    {"chest_counts", "object", "always", "chests by rank letter (S..I) over B3F..the bug map's last floor", NULL},
    {"chest_counts.*", "int", "always", "the count of a rank", NULL},
    {"floors", "array of object", "always", "the seed's floors 1..16 (original environment and monster rank)", NULL},
    {"floors[].floor", "int", "always", "floor", NULL},
    {"floors[].chests", "array of string", "always", "its chests' rank letters", NULL},
    {"floors[].ofs_hex", "string", "always", "ElistOfs (Japanese value), 4 hex digits", NULL},
    {"floors[].state", "int", "always", "enemy-list state code", NULL},
    {"floors[].state_text_en", "string", "always", "the state as `map` writes it", NULL},
    {"floors[].D", "int", "always", "Flag0 tiles", NULL},
    {"floors[].beyond", "bool", "always", "below the map's own last floor", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
const cli_result CLI_MULTIBUG_VALUE_RESULT = {
    "multibug_value", "The four-player bug of a map (`map --multibug`).", NULL, MULTIBUG_FIELDS, NULL,
};
