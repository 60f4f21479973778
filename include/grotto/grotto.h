/* Umbrella header of the grotto-harness public API. */
#ifndef GROTTO_H
#define GROTTO_H

#include "grotto/elist.h"
#include "grotto/engine.h"
#include "grotto/floor.h"
#include "grotto/map.h"
#include "grotto/record.h"
#include "grotto/rng.h"
#include "grotto/sweep.h"
#include "grotto/timer.h"
#include "grotto/types.h"

#endif
