/* Checking hardware captures (include/grotto/capture.h) against an engine:
 * what each kind is compared with is listed in corpus/README.md. Every
 * expectation is asked of the engine given, through its interface. Used by
 * `grotto verify` and the tests. Prefix verify_ (constants VERIFY_). */
#ifndef GROTTO_VERIFY_H
#define GROTTO_VERIFY_H

#include <stdio.h>

#include "grotto/capture.h"
#include "grotto/engine.h"
#include "grotto/types.h"
#include "result.h"

enum { VERIFY_MAX_DIFFS = 320, VERIFY_MAX_CHECKS = 12 };

/* One difference between capture and engine. Values are text, as the
 * report shows them. */
typedef struct verify_diff {
    char field[24];       /* "tile", "cell", "up", "size", "name", "elistofs", ... */
    int x, y;             /* the cell for "tile" and "cell", else -1 */
    char capture[96];
    char engine[160];
} verify_diff;

/* The verdict on one capture. DOUBTFUL: the capture cannot be trusted as a
 * finding - its own cross-check failed (floor_byte differs from floor: which
 * floor was captured is in doubt), or every difference lies in a value read
 * at an inferred address ("inferred:"); never a model MISMATCH. */
typedef enum verify_verdict { VERIFY_OK = 0, VERIFY_MISMATCH, VERIFY_DOUBTFUL } verify_verdict;

typedef struct verify_result {
    verify_verdict verdict;
    char doubt[256];                            /* why DOUBTFUL, in words; "" otherwise */
    int ndiff;                                  /* differences (all of them); 0 = OK */
    verify_diff diff[VERIFY_MAX_DIFFS];
    int nchecked;
    const char *checked[VERIFY_MAX_CHECKS];     /* what was compared, in order: "tiles", "walk_nodes", ... */
    grotto_region region;                       /* the build's region the expectations used */
    int has_floor;                              /* floor, ram, workarea: the engine's floor below */
    grotto_floor_t floor;
    char note[128];                             /* e.g. "arises from timers 36690, 51675 and quest 15" */
} verify_result;

/* Check c with engine e. region_override < 0: the region of the capture's
 * game (jp -> jp, na/eu -> intl); it only changes what memory captures
 * expect of elistofs and free_bytes (HW-7). Everything expected of the
 * capture - floor, analysis, facts, map, name, timers - is e's. */
void verify_capture(const grotto_capture *c, const grotto_engine *e, int region_override, verify_result *r);

grotto_region verify_capture_region(grotto_game g);

/* Free bytes after the monsters' walking map, in the model (definition in
 * docs/spec-notes.md): area end - 4,896 - (16W + 16B + 4D), with the area
 * ending at 11,344 (intl) or 11,216 (jp). May be negative. */
int verify_free_bytes(const grotto_elist_t *e, grotto_region r);

/* Names equal the way a researcher writes them: surrounding and repeated
 * spaces ignored, ASCII case ignored, "Lv. 1" = "Lv.1" = "Lv 1" = "Lv1".
 * Each name at most 2 * GROTTO_CAPTURE_TEXT - 4 bytes (a capture's name
 * and an engine's always are). */
int verify_name_equal(const char *a, const char *b);

/* The capture's grid (floor) or tiles (ram, workarea) beside the engine's,
 * differing cells marked '^'. Nothing for other kinds. */
void verify_print_grid(FILE *out, const grotto_capture *c, const verify_result *r, const char *engine_name);

/* "5BC3 B4F", "DD5BC3 B4F", "020032": what a capture is about. */
void verify_capture_label(const grotto_capture *c, char *buf, size_t size);

/* ---- the run of grotto verify (run.c) ----
 * The captures of paths[0..count) (files, or directories searched for
 * *.cap) checked against engine, region < 0: each capture's game's. Its
 * document (docs/json.md, 'verify'): engine, region, the streamed list
 * captures (one verdict or REJECTED element each), summary. RES_DIFF on
 * a mismatch, RES_DOUBTFUL when the worst is a doubtful capture,
 * RES_ERROR_AFTER when a record or a file was rejected. */
typedef struct verify_run_args {
    const char *const *paths;
    int count;
    const grotto_engine *engine;
    int region;
} verify_run_args;
int verify_run(const verify_run_args *a, res_run *r);

#endif
