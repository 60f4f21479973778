/* libgrotto's version at run time (grotto/version.h, generated from the
 * project() version by CMake): the string the headers' macros describe. */
#include "grotto/version.h"

const char *grotto_version(void)
{
    return GROTTO_VERSION_STRING;
}
