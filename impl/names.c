/* impl/: map names (map-details.md §4). A name is a sequence of pieces -
 * a word from one of the three word tables (tools/tables/names.json:
 * gt_prefix_name, gt_suffix_name, gt_locale_name), a literal joiner, or
 * the level in decimal - and the two languages differ only in their
 * sequence: English "P L of S Lv.N", Japanese P S "の" L "Lv" N (no
 * spaces; "の" is U+306E). A map without valid word indices (map-details.md
 * §2: invalid maps have no details) is named "Unknown". */
#include <string.h>

#include "grotto/tables.h"
#include "impl.h"

enum piece_kind { WORD_PREFIX, WORD_SUFFIX, WORD_LOCALE, JOINER, LEVEL, END };

typedef struct piece {
    uint8_t kind;
    const char *joiner; /* JOINER only */
} piece;

static const piece SEQUENCE[2][8] = {
    /* English */
    {{WORD_PREFIX, NULL}, {JOINER, " "}, {WORD_LOCALE, NULL}, {JOINER, " of "}, {WORD_SUFFIX, NULL},
     {JOINER, " Lv."}, {LEVEL, NULL}, {END, NULL}},
    /* Japanese */
    {{WORD_PREFIX, NULL}, {WORD_SUFFIX, NULL}, {JOINER, "\xE3\x81\xAE"}, {WORD_LOCALE, NULL}, {JOINER, "Lv"},
     {LEVEL, NULL}, {END, NULL}},
};

/* Appends text at offset `at` of buf (as much as fits, always terminated);
 * returns the text's full length. */
static size_t put(char *buf, size_t size, size_t at, const char *text)
{
    size_t n = strlen(text);
    if (at < size) {
        size_t room = size - at - 1, k = n < room ? n : room;
        memcpy(buf + at, text, k);
        buf[at + k] = 0;
    }
    return n;
}

/* v (0..255) in decimal at out[4]: the queries name thousands of maps a
 * run, and snprintf was most of a name's cost. */
static const char *decimal(unsigned v, char out[4])
{
    char *p = out + 3;
    *p = 0;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return p;
}

int impl_map_name(const grotto_map_details_t *d, int jp, char *buf, size_t size)
{
    int known = d->prefix >= 1 && d->prefix <= GT_PREFIX_NAMES && d->suffix >= 1 && d->suffix <= GT_SUFFIX_NAMES &&
                d->locale >= 1 && d->locale <= GT_LOCALE_NAMES;
    if (size)
        buf[0] = 0;
    if (!known)
        return (int)put(buf, size, 0, "Unknown");
    size_t len = 0;
    for (const piece *p = SEQUENCE[jp != 0]; p->kind != END; p++) {
        const struct gt_name *word = p->kind == WORD_PREFIX   ? &gt_prefix_name[d->prefix]
                                     : p->kind == WORD_SUFFIX ? &gt_suffix_name[d->suffix]
                                     : p->kind == WORD_LOCALE ? &gt_locale_name[d->locale]
                                                              : NULL;
        char level[4];
        const char *text = p->joiner;
        if (word)
            text = jp ? word->jp : word->en;
        else if (p->kind == LEVEL)
            text = decimal(d->level, level);
        len += put(buf, size, len, text);
    }
    return (int)len;
}
