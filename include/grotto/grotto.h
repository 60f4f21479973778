/* Umbrella header of the grotto-harness public API (libgrotto: the engines and their registry,
 * the game tables, the record encoders and the capture format).
 * Build against the installed library with find_package(grotto) and the
 * target grotto::grotto, or with pkg-config grotto; see examples/. */
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
