/* Text of one map's research values (show_research.c), shared by grotto map
 * (--at, --multibug) and grotto at: the `at_value` and `multibug_value`
 * objects of docs/json.md as lines on stdout, each starting with indent. */
#ifndef GROTTO_CLI_SHOW_RESEARCH_H
#define GROTTO_CLI_SHOW_RESEARCH_H

#include <jansson.h>

#include "cli.h"

void at_value_text(const json_t *at, const char *indent);
void multibug_value_text(const json_t *mb, int orig_floors, const char *indent);

/* the shared objects at_value and multibug_value (docs/json.md) */
extern const cli_result CLI_AT_VALUE_RESULT, CLI_MULTIBUG_VALUE_RESULT;

/* grotto chest RRSSSS all: the marathon table (chest_marathon.c) */
extern const cli_renderer MARATHON_TEXT, MARATHON_CSV;

#endif
