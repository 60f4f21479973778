/* Placeholder until the impl engine lands: replaced by impl/'s own files. */
#include "grotto/engine.h"
