/* The capture parser's edges (include/grotto/capture.h): strict UTF-8 -
 * every kind of ill-formed sequence rejected with its byte, the extreme
 * well-formed ones accepted, a sequence cut by the end of the text not
 * completed from the bytes after it - and every ranged value at both of
 * its ends and one step beyond them, coordinates inside the 16x16 grid
 * and inside the floor, the grid's and the chest list's sizes, the
 * longest text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grotto/capture.h"
#include "grotto/tables.h"

static const char PROV[] = "source: test_capture_bounds.c\ndate: 2026-12-02\nmethod: model\ngame: na\n";

/* Parses `capture: kind`, the provenance (lines 2-5) and body (from line
 * 6); returns the one item (ok or why not). */
static grotto_capture_item parse_record(const char *kind, const char *body, size_t body_len)
{
    char *text = malloc(strlen(kind) + sizeof PROV + body_len + 16);
    cr_assert_not_null(text);
    int n = sprintf(text, "capture: %s\n%s", kind, PROV);
    memcpy(text + n, body, body_len);
    grotto_capture_file f;
    cr_assert_eq(grotto_capture_parse(text, (size_t)n + body_len, &f), 0);
    cr_assert_eq(f.count, 1);
    grotto_capture_item it = f.items[0];
    grotto_capture_file_free(&f);
    free(text);
    return it;
}

static void expect_accepted(const char *kind, const char *body)
{
    grotto_capture_item it = parse_record(kind, body, strlen(body));
    cr_expect_eq(it.ok, 1, "rejected (line %u: %s):\n%s", it.line, it.reason, body);
}

static void expect_rejected(const char *kind, const char *body, unsigned line, const char *reason)
{
    grotto_capture_item it = parse_record(kind, body, strlen(body));
    cr_expect_eq(it.ok, 0, "accepted:\n%s", body);
    cr_expect_eq(it.line, line, "line %u, expected %u (%s):\n%s", it.line, line, it.reason, body);
    cr_expect(strstr(it.reason, reason) != NULL, "reason '%s' lacks '%s':\n%s", it.reason, reason, body);
}

/* ---- strict UTF-8 ---- */

static void expect_name(const char *bytes, int ok, long bad_byte)
{
    char body[256];
    int n = snprintf(body, sizeof body, "seed: 0x32\nquality: 54\nname: ab%s\n", bytes);
    grotto_capture_item it = parse_record("inventory", body, (size_t)n);
    char hex[64] = "";
    for (const unsigned char *p = (const unsigned char *)bytes; *p; p++)
        snprintf(hex + strlen(hex), sizeof hex - strlen(hex), "%02X ", *p);
    cr_expect_eq(it.ok, ok, "name bytes %s: %s", hex, ok ? it.reason : "accepted");
    if (!ok) {
        char want[64];
        /* "name: ab" is 8 bytes: the bad byte is byte 9 + its offset */
        snprintf(want, sizeof want, "not UTF-8 text (byte %ld of the line)", 9 + bad_byte);
        cr_expect_eq(it.line, 8, "name bytes %s", hex);
        cr_expect_str_eq(it.reason, want, "name bytes %s", hex);
    }
}

Test(capture_bounds, utf8_ill_formed_sequences_are_rejected_at_their_byte)
{
    static const struct {
        const char *bytes;
        long at;
    } BAD[] = {
        {"\x80", 0},                 /* a lone continuation byte */
        {"x\xBF", 1},
        {"\xC0\x80", 0},             /* overlong NUL */
        {"\xC1\xBF", 0},             /* overlong U+007F */
        {"\xE0\x80\x80", 0},         /* overlong 3-byte forms */
        {"\xE0\x9F\xBF", 0},         /* U+07FF in three bytes */
        {"\xF0\x80\x80\x80", 0},     /* overlong 4-byte forms */
        {"\xF0\x8F\xBF\xBF", 0},     /* U+FFFF in four bytes */
        {"\xED\xA0\x80", 0},         /* surrogates U+D800 ... */
        {"\xED\xBF\xBF", 0},         /* ... U+DFFF */
        {"\xF4\x90\x80\x80", 0},     /* U+110000 */
        {"\xF5\x80\x80\x80", 0},     /* lead bytes that cannot occur */
        {"\xF8\x88\x80\x80\x80", 0},
        {"\xFE", 0},
        {"\xFF", 0},
        {"\xC3\xC3\xA9", 0},         /* a lead byte where a continuation belongs */
        {"\xE3\x81\xE3\x81\x82", 0},
        {"\xC3\x28", 0},             /* ASCII where a continuation belongs */
        {"\xE3\x81", 0},             /* cut by the end of the line */
        {"\xF0\x9F\x98", 0},
        {"ok\xC3", 2},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        expect_name(BAD[i].bytes, 0, BAD[i].at);
}

Test(capture_bounds, utf8_well_formed_extremes_are_accepted)
{
    static const char *const GOOD[] = {
        "\xC2\x80",         /* U+0080, the first two-byte code point */
        "\xDF\xBF",         /* U+07FF */
        "\xE0\xA0\x80",     /* U+0800 */
        "\xED\x9F\xBF",     /* U+D7FF, below the surrogates */
        "\xEE\x80\x80",     /* U+E000, above them */
        "\xEF\xBF\xBF",     /* U+FFFF */
        "\xF0\x90\x80\x80", /* U+10000 */
        "\xF4\x8F\xBF\xBF", /* U+10FFFF, the last code point */
        "\xE3\x81\x82\xE3\x81\x84", /* あい */
    };
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++)
        expect_name(GOOD[i], 1, 0);
}

Test(capture_bounds, utf8_cut_by_the_end_of_the_text_is_not_completed_past_it)
{
    /* the text handed to the parser ends inside a sequence; the byte after
     * its end (in the caller's buffer) would complete it */
    char text[512];
    int n = snprintf(text, sizeof text, "capture: inventory\n%sseed: 0x32\nquality: 54\nname: ab\xE3\x81\x82", PROV);
    grotto_capture_file f;
    cr_assert_eq(grotto_capture_parse(text, (size_t)n - 1, &f), 0);
    cr_assert_eq(f.count, 1);
    cr_expect_eq(f.items[0].ok, 0, "a sequence cut by the end of the text was accepted");
    cr_expect_eq(f.items[0].line, 8);
    cr_expect_str_eq(f.items[0].reason, "not UTF-8 text (byte 9 of the line)");
    grotto_capture_file_free(&f);
    cr_assert_eq(grotto_capture_parse(text, (size_t)n, &f), 0);
    cr_expect_eq(f.items[0].ok, 1, "%s", f.items[0].reason);
    grotto_capture_file_free(&f);
}

/* ---- ranged values: both ends and one step beyond ---- */

static void expect_range(const char *kind, const char *before, const char *key, const char *lo, const char *hi,
                         const char *below, const char *above, const char *after, unsigned line, const char *reason)
{
    char body[2048];
    const char *ok[2] = {lo, hi}, *bad[2] = {below, above};
    for (int i = 0; i < 2; i++) {
        snprintf(body, sizeof body, "%s%s: %s\n%s", before, key, ok[i], after);
        expect_accepted(kind, body);
        if (!bad[i])
            continue;
        snprintf(body, sizeof body, "%s%s: %s\n%s", before, key, bad[i], after);
        expect_rejected(kind, body, line, reason);
    }
}

Test(capture_bounds, inventory_values_at_their_ends)
{
    expect_range("inventory", "seed: 1\n", "quality", "2", "248", "1", "249", "", 7, "out of range (2..248)");
    expect_range("inventory", "seed: 1\nquality: 2\n", "location", "1", "150", "0", "151", "", 8,
                 "out of range (1..150)");
    expect_range("inventory", "seed: 1\nquality: 2\n", "level", "1", "99", "0", "100", "", 8, "out of range (1..99)");
    expect_range("inventory", "seed: 1\nquality: 2\n", "floors", "2", "16", "1", "17", "", 8, "out of range (2..16)");
    expect_range("inventory", "seed: 1\nquality: 2\n", "boss", "1", "12", "0", "13", "", 8, "is not a boss");
    expect_range("inventory", "quality: 2\n", "seed", "0", "0x7FFF", NULL, "0x8000", "", 7, "above 0x7FFF");
}

Test(capture_bounds, memory_values_at_their_ends)
{
    const char *head = "seed: 1\nfloor: 1\nquality: 2\n";
    expect_range("memory", head, "walk_nodes", "0", "256", NULL, "257", "", 9, "out of range (0..256)");
    expect_range("memory", head, "elistofs", "0", "65535", NULL, "65536", "", 9, "out of range (0..65535)");
    expect_range("memory", head, "free_bytes", "0", "0xFFFF", NULL, "0x10000", "", 9, "out of range (0..65535)");
    expect_range("memory", "seed: 1\nquality: 2\n", "floor", "1", "16", "0", "17", "elistofs: 0\n", 8,
                 "out of range (1..16)");
    expect_range("memory", "seed: 1\nquality: 2\n", "floor", "B1F", "B16F", "B0F", "B17F", "elistofs: 0\n", 8,
                 "out of range (1..16)");
}

static char *tiles_text(void)
{
    static char buf[16 * 33 + 16];
    strcpy(buf, "tiles:\n");
    for (int r = 0; r < 16; r++)
        strcat(buf, "00000000000000000000000000000000\n");
    return buf;
}

Test(capture_bounds, floor_sizes_and_coordinates_at_their_ends)
{
    const char *tiles = tiles_text();
    char head[64];
    /* width and height 10..16 */
    expect_range("ram", "seed: 1\nfloor: 1\nheight: 12\n", "width", "10", "16", "9", "17", tiles, 9,
                 "out of range (10..16)");
    expect_range("ram", "seed: 1\nfloor: 1\nwidth: 12\n", "height", "10", "16", "9", "17", tiles, 9,
                 "out of range (10..16)");
    /* without a size: anywhere on the 16x16 grid */
    expect_range("floor", "seed: 1\nfloor: 1\n", "up", "0,0", "15,15", NULL, "16,0", "", 8,
                 "lies outside the 16x16 grid");
    expect_range("floor", "seed: 1\nfloor: 1\n", "down", "0,0", "0,15", NULL, "0,16", "", 8,
                 "lies outside the 16x16 grid");
    expect_range("floor", "seed: 1\nfloor: 1\n", "chests", "0,0", "15,15 0,15 15,0", NULL, "1,1 15,16", "", 8,
                 "lies outside the 16x16 grid");
    /* with one: inside the floor, x below its width and y below its height */
    snprintf(head, sizeof head, "seed: 1\nfloor: 1\nwidth: 11\nheight: 13\n");
    expect_range("ram", head, "up", "0,0", "10,12", NULL, "11,0", tiles, 10, "up: 11,0 lies outside the 11x13 floor");
    expect_range("ram", head, "up", "0,0", "10,12", NULL, "0,13", tiles, 10, "up: 0,13 lies outside the 11x13 floor");
    expect_range("ram", head, "down", "0,0", "10,12", NULL, "5,13", tiles, 10, "down: 5,13 lies outside");
    expect_range("ram", head, "chests", "1,1", "10,12 0,12", NULL, "1,1 11,12", tiles, 10,
                 "chests: 11,12 lies outside");
    expect_rejected("floor", "seed: 1\nfloor: 1\nwidth: 11\nup: 1,1\n", 8, "give width and height together");
    /* the form x,y: each half a number, neither longer than its buffer */
    static const char *const not_xy[] = {"1", "1;1", "a,1", "1,b", ",1", "1,", "0x,1", "1,0xg",
                                         "000000000000000001,1", "1,000000000000000001",
                                         "0000000000000001,1", "1,0000000000000001"};
    for (size_t i = 0; i < sizeof not_xy / sizeof not_xy[0]; i++) {
        char body[96];
        snprintf(body, sizeof body, "seed: 1\nfloor: 1\nup: %s\n", not_xy[i]);
        expect_rejected("floor", body, 8, "is not a coordinate x,y");
    }
    expect_accepted("floor", "seed: 1\nfloor: 1\nup: 000000000000001,00000000000000\n");
    expect_rejected("floor", "seed: 1\nfloor: 1\nup: 256,1\n", 8, "lies outside the 16x16 grid");
    expect_rejected("floor", "seed: 1\nfloor: 1\nup: 1,256\n", 8, "lies outside the 16x16 grid");
}

Test(capture_bounds, chest_list_grid_and_text_at_their_ends)
{
    expect_accepted("floor", "seed: 1\nfloor: 1\nchests: 1,1 2,2 3,3 4,4 5,5\n");
    expect_rejected("floor", "seed: 1\nfloor: 1\nchests: 1,1 2,2 3,3 4,4 5,5 6,6\n", 8, "more than 5 chests");
    /* a square grid of 10..16 rows */
    for (int w = 9; w <= 17; w++) {
        char body[1024] = "seed: 1\nfloor: 1\ngrid:\n";
        for (int y = 0; y < w; y++) {
            for (int x = 0; x < w; x++)
                strcat(body, x == 1 && y == 1 ? "<" : x == 2 && y == 1 ? ">" : x && y && x < w - 1 && y < w - 1 ? "." : "#");
            strcat(body, "\n");
        }
        if (w >= 10 && w <= 16)
            expect_accepted("floor", body);
        else
            expect_rejected("floor", body, 9, "a floor is 10..16 cells wide");
    }
    /* the longest text value: 255 bytes */
    char body[600];
    char name[300];
    memset(name, 'n', 255);
    name[255] = 0;
    snprintf(body, sizeof body, "seed: 1\nquality: 2\nname: %s\n", name);
    grotto_capture_item it = parse_record("inventory", body, strlen(body));
    cr_expect_eq(it.ok, 1, "%s", it.reason);
    cr_expect_eq(strlen(it.cap.name), 255);
    name[255] = 'n';
    name[256] = 0;
    snprintf(body, sizeof body, "seed: 1\nquality: 2\nname: %s\n", name);
    expect_rejected("inventory", body, 8, "name: value too long (256 bytes, at most 255)");
}

/* Lines longer than the parser's buffers: a key past 31 letters is no key,
 * a value past the longest text is reported with its length, a chest
 * token past 31 bytes is no coordinate; `capture:` twice in one record. */
Test(capture_bounds, keys_values_and_tokens_longer_than_their_buffers)
{
    expect_rejected("floor", "seed: 1\nfloor: 1\nabcdefghijklmnopqrstuvwxyzabcdef: 1\n", 8,
                    "expected 'key: value' (keys are lower case), got 'abcdefghijklmnopqrstuvwxyzabcdef: 1'");
    expect_rejected("floor", "seed: 1\nfloor: 1\nabcdefghijklmnopqrstuvwxyzabcde: 1\n", 8,
                    "unknown key 'abcdefghijklmnopqrstuvwxyzabcde'");
    expect_rejected("floor", "seed: 1\nfloor: 1\nup 1,1\n", 8, "expected 'key: value'");
    char body[1200];
    int n = snprintf(body, sizeof body, "seed: 1\nfloor: 1\nup: 1,1\nname: ");
    memset(body + n, 'n', 700);
    snprintf(body + n + 700, sizeof body - (size_t)n - 700, "\n");
    expect_rejected("inventory", "seed: 1\nquality: 54\nname: x\nsource: y\n", 9, "duplicate key 'source'");
    expect_rejected("floor", body, 9, "key 'name' does not belong in a floor capture");
    n = snprintf(body, sizeof body, "seed: 1\nquality: 54\nname: ");
    memset(body + n, 'n', 700);
    snprintf(body + n + 700, sizeof body - (size_t)n - 700, "\n");
    expect_rejected("inventory", body, 8, "name: value too long (700 bytes, at most 255)");
    expect_rejected("floor", "seed: 1\nfloor: 1\nchests: 1,1 0000000000000000000000000000001,2\n", 8,
                    "chests: '0000000000000000...' is not a coordinate x,y");
    expect_rejected("floor", "seed: 1\nfloor: 1\nchests: 000000000000001,0000000000000002\n", 8,
                    "chests: '000000000000001,...' is not a coordinate x,y"); /* 32 bytes */
    expect_accepted("floor", "seed: 1\nfloor: 1\nchests: 1,1 00000000000001,000000000000002\n");
    expect_rejected("floor", "seed: 1\nfloor: 1\ncapture: floor\n", 8, "records are separated by a blank line");
}

/* More records than the first allocation holds (the item list grows). */
Test(capture_bounds, many_records_in_one_file)
{
    char text[8192] = "";
    for (int i = 0; i < 9; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%scapture: floor\n%sseed: %d\nfloor: 1\nup: 1,1\n",
                 i ? "\n" : "", PROV, i);
    grotto_capture_file f;
    cr_assert_eq(grotto_capture_parse(text, strlen(text), &f), 0);
    cr_assert_eq(f.count, 9);
    for (int i = 0; i < 9; i++) {
        cr_expect_eq(f.items[i].ok, 1, "record %d: %s", i, f.items[i].reason);
        cr_expect_eq(f.items[i].cap.seed, (uint16_t)i);
        cr_expect_eq(f.items[i].cap.line, (unsigned)(1 + 9 * i), "the record's first line");
    }
    grotto_capture_file_free(&f);
}

/* Text values: a tab inside is kept; C0 controls and DEL are refused by
 * their code. */
Test(capture_bounds, control_characters_in_text_values)
{
    grotto_capture_item it = parse_record("inventory", "seed: 1\nquality: 54\nname: a\tb\n", 30);
    cr_expect_eq(it.ok, 1, "%s", it.reason);
    cr_expect_str_eq(it.cap.name, "a\tb");
    expect_rejected("inventory", "seed: 1\nquality: 54\nname: a\x01z\n", 8, "name: control character 0x01");
    expect_rejected("inventory", "seed: 1\nquality: 54\nname: a\x1Fz\n", 8, "name: control character 0x1F");
    expect_rejected("inventory", "seed: 1\nquality: 54\nname: a\x7Fz\n", 8, "name: control character 0x7F");
    expect_accepted("inventory", "seed: 1\nquality: 54\nname: a z~\n");
}
