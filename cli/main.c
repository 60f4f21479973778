/* grotto: the researcher's command for DQ9 treasure-map grottoes. The
 * command table and the dispatcher are in commands.c (library grotto_cli). */
#include "cli.h"

int main(int argc, char **argv)
{
    return cli_main(argc, argv);
}
