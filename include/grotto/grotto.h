/* Umbrella header of the grotto-harness public API (libgrotto: the engines and their registry,
 * the game tables, the record encoders and the capture format).
 * Build against the installed library with find_package(grotto) and the
 * target grotto::grotto, or with pkg-config grotto; see examples/.
 *
 * Bad input: every function checks its arguments in every build type and
 * answers a value out of range as its header documents - -1 with the output
 * untouched, an empty result, or a clamp; a NULL pointer is allowed only
 * where a header says so (tests/unit/test_lib_bounds.c).
 *
 * Thread safety: every function of libgrotto may be called from any number
 * of threads at once, on shared inputs, because the engines are pure
 * functions of their arguments, no call keeps state between calls, and the
 * only writable globals (impl's tables) are filled by a constructor before
 * main() - or before dlopen() returns - and only read afterwards; what
 * threads must not share without a lock of their own is an output (a
 * grotto_rng, a result, a grotto_capture_file), and grotto_impl_sweep calls
 * its progress function from its worker threads (tests/unit/
 * test_lib_threads.c, run under TSan by ci/sanitize.sh). */
#ifndef GROTTO_H
#define GROTTO_H

#include "grotto/at.h"
#include "grotto/capture.h"
#include "grotto/chests.h"
#include "grotto/elist.h"
#include "grotto/engine.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/multibug.h"
#include "grotto/record.h"
#include "grotto/rng.h"
#include "grotto/sweep.h"
#include "grotto/tables.h"
#include "grotto/timer.h"
#include "grotto/types.h"
#include "grotto/version.h"
#include "grotto/walk.h"

#endif
