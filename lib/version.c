#include "grotto/version.h"

const char *grotto_version(void)
{
    return GROTTO_VERSION_STRING;
}
