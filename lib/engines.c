/* The engine registry (include/grotto/engine.h): the one list of engines,
 * the one place where an engine is found by its name, and the list of names
 * that messages and help texts print. Adding an engine is one line here
 * (and GROTTO_ENGINE_COUNT); nothing else spells engine names. */
#include <stdio.h>
#include <string.h>

#include "grotto/engine.h"

const grotto_engine *const grotto_engines[GROTTO_ENGINE_COUNT + 1] = {
    &grotto_engine_ref,
    &grotto_engine_impl,
    &grotto_engine_legacy,
    NULL,
};

const grotto_engine *grotto_engine_by_name(const char *name)
{
    for (int i = 0; name && grotto_engines[i]; i++)
        if (strcmp(name, grotto_engines[i]->name) == 0)
            return grotto_engines[i];
    return NULL;
}

/* "a, b or c": the engines in registry order, `first` moved to the front. */
int grotto_engine_names(char *buf, size_t size, const grotto_engine *first)
{
    const grotto_engine *order[GROTTO_ENGINE_COUNT + 1]; /* first may be an engine of its own */
    int n = 0;
    if (first)
        order[n++] = first;
    for (int i = 0; grotto_engines[i]; i++)
        if (grotto_engines[i] != first)
            order[n++] = grotto_engines[i];
    int len = 0;
    if (size)
        buf[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
        size_t at = (size_t)len < size ? (size_t)len : size;
        len += snprintf(size ? buf + at : NULL, size - at, "%s%s", sep, order[i]->name); /* buf NULL: size 0 */
    }
    return len;
}
