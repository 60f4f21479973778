/* Transitional: the commands not yet described as cli_command, behind
 * their old entry points (cli_old.h). Removed with the last of them. */
#include "cli.h"

#define LEGACY(n, s) const cli_command CMD_##n = {.name = #n, .summary = s, .legacy = cmd_##n};
LEGACY(oracle, "prove ref, impl and the golden corpus agree over the whole universe")
