/* Hardware capture files (hardware.md "Capture files"; corpus/hardware/):
 * a strict parser and a writer. A small library (capture/, needs only the
 * generated game tables) that other tools can embed; checking a capture
 * against an engine is the harness's job (verify/verify.h).
 *
 * A file is UTF-8 text, one "key: value" per line, '#' comment lines, a
 * blank line between records; every record starts with "capture: KIND".
 * Each record is parsed on its own: a malformed record is rejected with
 * its line and reason and the other records of the file are still parsed.
 * The keys each kind requires or takes are listed in corpus/README.md. */
#ifndef GROTTO_CAPTURE_H
#define GROTTO_CAPTURE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "grotto/floor.h"
#include "grotto/types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum grotto_capture_kind {
    GROTTO_CAPTURE_INVENTORY = 0, /* a treasure map in the inventory */
    GROTTO_CAPTURE_FLOOR,         /* a floor as seen in the game */
    GROTTO_CAPTURE_MEMORY,        /* an in-game memory measurement */
    GROTTO_CAPTURE_RAM,           /* a floor read from emulator RAM */
    GROTTO_CAPTURE_WORKAREA,      /* the public model's 1,336-byte work area */
    GROTTO_CAPTURE_KINDS
} grotto_capture_kind;

typedef enum grotto_game { GROTTO_GAME_JP = 0, GROTTO_GAME_NA, GROTTO_GAME_EU } grotto_game;

/* Wandering part of an enemy-list state (memory captures' "state:"): what a
 * player sees walking the floor. Which trapped-chest records are lost is the
 * separate "lost:" set. */
typedef enum grotto_capture_state {
    GROTTO_CSTATE_NORMAL = 0,  /* normal       (state code 0) */
    GROTTO_CSTATE_PARTIAL,     /* partial      (1: Flag0 tiles, nothing cut) */
    GROTTO_CSTATE_4_ENEMY,     /* 4-enemy      (2) */
    GROTTO_CSTATE_3_ENEMY,     /* 3-enemy      (3, 10, 11, 12) */
    GROTTO_CSTATE_2_ENEMY,     /* 2-enemy      (4, 13) */
    GROTTO_CSTATE_ONLY,        /* only         (5, 14, 15, 16) */
    GROTTO_CSTATE_NO_ENEMY,    /* no-enemy     (6, 7, 8, 9) */
    GROTTO_CSTATE_COUNT
} grotto_capture_state;

/* Bits of "lost:" (trapped-chest monsters whose record did not fit). */
enum { GROTTO_LOST_CANNIBOX = 1, GROTTO_LOST_MIMIC = 2, GROTTO_LOST_PANDORA = 4 };

enum {
    GROTTO_CAPTURE_TEXT = 256,        /* source, method, name: at most 255 bytes */
    GROTTO_CAPTURE_DATE = 40,
    GROTTO_CAPTURE_CHESTS = 5,        /* the game's floor map holds up to 5 chests */
    GROTTO_CAPTURE_RAW = 28,          /* one inventory record */
    GROTTO_CAPTURE_WALK_MAX = 256     /* walk_nodes: one node per tile at most */
};

/* One record. Optional values carry "not given" markers as documented. */
typedef struct grotto_capture {
    grotto_capture_kind kind;
    unsigned line;                       /* line of its "capture:" key */
    /* provenance, all required */
    char source[GROTTO_CAPTURE_TEXT];
    char date[GROTTO_CAPTURE_DATE];      /* ISO 8601, checked */
    char method[GROTTO_CAPTURE_TEXT];
    grotto_game game;
    /* what the capture is about */
    uint16_t seed;                       /* 0..0x7FFF, required in every kind */
    uint8_t floor;                       /* 1..16; 0 = none (inventory) */
    uint8_t quality;                     /* 2..248; 0 = not given */
    uint8_t band_code;                   /* "band:" instead of quality: 2, 56, ... 221; 0 = not given */
    /* "inferred:" (any kind): the keys of this record whose values were read
     * at addresses that are inferred, not confirmed (hardware.md), one space
     * between names, in the order given; "" = none. A difference in one of
     * them is DOUBTFUL, not a MISMATCH (oracle/verify.h). */
    char inferred[GROTTO_CAPTURE_TEXT];
    /* inventory */
    uint8_t location;                    /* 1..150; 0 = not given */
    uint8_t level;                       /* 1..99; 0 = not given */
    uint8_t floors;                      /* 2..16; 0 = not given */
    uint8_t boss;                        /* 1..12; 0 = not given */
    char name[GROTTO_CAPTURE_TEXT];      /* "" = not given */
    uint8_t has_raw;
    uint8_t raw[GROTTO_CAPTURE_RAW];
    /* floor and ram */
    uint8_t width, height;               /* 10..16; 0 = not given (floor: the grid's size) */
    uint8_t has_up, has_down;
    grotto_xy up, down;
    int8_t chest_count;                  /* -1 = not given; 0 = "chests: none" */
    grotto_xy chest[GROTTO_CAPTURE_CHESTS];
    uint8_t has_grid;                    /* floor: grid[16*y + x] of '#', '.', '<', '>', 'c', '?' */
    char grid[GROTTO_CELLS];             /* cells beyond the grid's size are 0 */
    int8_t up_next_to_chest;             /* floor: -1 not given, 0 no, 1 yes */
    int8_t down_cut_off;                 /* floor: -1 not given, 0 no, 1 yes */
    uint8_t has_floor_byte;              /* ram: "floor_byte:" given */
    int8_t floor_byte;                   /* ram: the game's current-floor byte (signed; -1 = not on a grotto
                                            floor) where it disagreed with floor, the generator's own argument:
                                            the capture is DOUBTFUL when they differ */
    uint8_t has_tiles;                   /* ram: the 256 tile bytes, tiles[16*y + x] */
    uint8_t tiles[GROTTO_CELLS];
    /* memory (walk_nodes also ram) */
    int32_t elistofs;                    /* -1 = not given; as the capture's build shows it */
    int32_t walk_nodes;                  /* -1 = not given */
    int32_t free_bytes;                  /* -1 = not given (definition: docs/spec-notes.md) */
    int8_t state;                        /* grotto_capture_state; -1 = not given */
    int16_t only;                        /* index into gt_monsters; -1 = not given */
    int8_t lost;                         /* GROTTO_LOST_* bits; -1 = not given */
    /* workarea */
    uint8_t has_work_area;
    uint8_t work_area[GROTTO_WORK_AREA_SIZE];
} grotto_capture;

/* One record of a file: a capture, or why it was rejected. */
typedef struct grotto_capture_item {
    int ok;                              /* 1: cap is valid; 0: rejected */
    unsigned line;                       /* where the problem is (0: the file as a whole) */
    char reason[GROTTO_CAPTURE_TEXT];
    grotto_capture cap;
} grotto_capture_item;

typedef struct grotto_capture_file {
    size_t count;
    grotto_capture_item *items;
} grotto_capture_file;

/* Bad input is answered in every build as each comment says; pointers
 * must not be NULL unless a comment allows it. */

/* Parse len bytes of text (need not be NUL-terminated; text may be NULL
 * when len is 0). A text with no record at all gives one rejected item.
 * Returns 0, or -1 when memory ran out (out is then empty). Free with
 * grotto_capture_file_free. */
int grotto_capture_parse(const char *text, size_t len, grotto_capture_file *out);
/* The same for a file; an unreadable file gives one rejected item (line 0). */
int grotto_capture_load(const char *path, grotto_capture_file *out);
/* Frees the items and empties f; f may be NULL (nothing done). */
void grotto_capture_file_free(grotto_capture_file *f);

/* "file:line: reason" (no ":line" for line 0); a reason that fills its
 * array without a NUL is cut at its end. snprintf semantics (buf may be
 * NULL when size is 0). */
int grotto_capture_message(const char *file, const grotto_capture_item *it, char *buf, size_t size);

/* Write one record in the canonical form (keys in a fixed order, comments
 * dropped); parsing the output gives the same record except `line`.
 * Returns 0, or -1 on a write error or for a record the writer cannot
 * write - nothing is written then: kind, game, state, only, lost, boss,
 * chest_count, width or height out of its documented range, or a text
 * field that fills its array without a terminating NUL. */
int grotto_capture_write(FILE *out, const grotto_capture *c);

/* A record with every optional value marked "not given" (any kind is
 * stored as given; the writer refuses one outside the enum). */
void grotto_capture_init(grotto_capture *c, grotto_capture_kind kind);

/* 1 when key (a key name such as "walk_nodes") is listed in c's "inferred:";
 * 0 otherwise, and for a NULL key. */
int grotto_capture_inferred(const grotto_capture *c, const char *key);

/* Names; "?" for a value outside the enum. */
const char *grotto_capture_kind_name(grotto_capture_kind k);   /* "inventory", ... */
const char *grotto_capture_game_name(grotto_game g);           /* "jp", "na", "eu" */
const char *grotto_capture_state_name(grotto_capture_state s); /* "normal", "only", ... */
/* The wandering part of a records.md state code 0..16 (GROTTO_CSTATE_NORMAL
 * for a code outside 0..16). */
grotto_capture_state grotto_capture_state_of_code(int code);

#ifdef __cplusplus
}
#endif

#endif
