/* A program built against the installed libgrotto: prints a treasure map
 * (name, level, boss, and per floor its size, stairs, chests with their
 * ranks and the enemy-list state).
 *     print_map RRSSSS        e.g. print_map DD5BC3
 * Build: see examples/CMakeLists.txt (find_package) or, with pkg-config,
 *     cc print_map.c $(pkg-config --cflags --libs grotto) -o print_map */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <grotto/grotto.h>

int main(int argc, char **argv)
{
    char *end;
    unsigned long id = argc == 2 && strlen(argv[1]) == 6 ? strtoul(argv[1], &end, 16) : 0;
    if (argc != 2 || strlen(argv[1]) != 6 || *end) {
        fprintf(stderr, "usage: print_map RRSSSS (band code and seed in hex, e.g. DD5BC3)\n");
        return 2;
    }
    grotto_map_t m;
    if (grotto_engine_ref.map((int)(id >> 16), (uint32_t)(id & 0xFFFF), &m) != 0) {
        fprintf(stderr, "print_map: no such map %s\n", argv[1]);
        return 2;
    }
    char name[128], state[128];
    grotto_map_name_en(&m.d, name, sizeof name);
    printf("%s (libgrotto %s)\n", name, grotto_version());
    printf("%s, level %u, %u floors, boss %s\n", gt_env_name[m.d.env].en, m.d.level, m.d.floors,
           gt_boss_name[m.d.boss].en);
    for (int n = 1; n <= m.d.floors; n++) {
        grotto_floor_t f;
        if (grotto_engine_ref.floor(m.d.seed, n, &f) != 0)
            return 1;
        grotto_elist_state_text(&m.elist[n - 1], 0, state, sizeof state);
        printf("B%dF %ux%u up (%u,%u) down (%u,%u) chests", n, f.width, f.height, f.up.x, f.up.y, f.down.x,
               f.down.y);
        for (int i = 0; i < f.chest_count; i++)
            printf(" (%u,%u) %c", f.chest[i].x, f.chest[i].y, gt_chest_tables[m.chest_rank[n - 1][i]].letter);
        printf("%s, %s\n", f.chest_count ? "" : " none", state);
    }
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
