/* Placeholder: the oracle lands with the floor generator. */
#include "grotto/engine.h"
