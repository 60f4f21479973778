/* The glossary: every word the output of grotto uses that a researcher
 * cannot know without the specification, in one table. `grotto help
 * terms` prints it as text, `grotto help glossary` as docs/glossary.md
 * (a test compares the file with it). Helps and reports point here
 * instead of citing specification files that are not in the repository. */
#include <string.h>

#include "cli.h"

typedef struct term {
    const char *term, *meaning;
} term;

static const term TERMS[] = {
    /* maps */
    {"map id, RRSSSS", "a treasure map as the community writes it: the band code RR and the seed SSSS in hex "
                       "(DD5BC3: band DD, seed 5BC3)"},
    {"quality", "a map's quality 2..248; the game draws it from the base quality when the map is made"},
    {"band", "a range of qualities that give the same map for a seed (02: 2..55, ..., DD: 221..248); its code is "
             "its lowest quality in hex"},
    {"seed", "the 15-bit number 0..7FFF that, with the band, decides everything about a map"},
    {"B4F, floor", "floor 4 of a map (B1F is the first); a map has 2..16 floors and a boss floor"},
    {"level", "the map's level 1..99, shown in its name (Lv.70)"},
    {"monster rank, SMR", "the monster rank 1..9 of a map's first floor (SMR); floor n has rank min(12, SMR + "
                          "(n - 1) div 4), which picks the floor's enemy list"},
    {"env, environment", "caves, ruins, ice, water or fire: the map's look and its monster lists"},
    {"prefix, suffix, locale, locale group", "the indices of the words of a map's name"},
    /* where maps come from */
    {"timer value, T", "the console's timer 0..65535 when a map is made; its three random draws give the quality "
                       "variation (r1), the seed and the entrance location (r3)"},
    {"r1, r3", "the 1st and 3rd draw of a timer value: r1 varies the quality, r3 picks the location"},
    {"base quality", "the quality a new map starts from: from a grotto boss, level + 5 x revocations + the "
                     "grotto's level; for other rewards, level x 1.5 rounded down + 5 x revocations"},
    {"final quality", "the base quality varied by r1 (and kept within 2..248): the quality of the map made"},
    {"location, 72", "the entrance location 1..150, written in two hex digits as the community does (72 = "
                     "location 114); the map's final quality limits which can be drawn"},
    {"monster mark", "how often a wandering monster bumps into a player standing still at the entrance: "
                     "\u25ce none appear, \u25ef never, \u25b3 occasionally, \u00d7 yes"},
    {"Starflight", "the Starflight Express (Zoom): '(no direct Starflight)' means it cannot land there"},
    {"never-seed", "a seed no timer value yields: its maps have details but cannot be had at random (302 "
                   "seeds)"},
    {"arising", "a map (or seed) that some timer value yields; the opposite of a never-seed. stats' arising "
                "figures count the maps that can be found (not the unfindable ones) unless --include-unfindable"},
    {"unfindable", "a map of a seed that arises but that no base quality gives in its band: 'found at: "
                   "nowhere'; search, odds and stats leave such maps out unless --include-unfindable"},
    {"quest 15", "the quest whose reward is the fixed map 020032 (Granite Tunnel of Woe Lv.1) at location 05, "
                 "base quality 2; a gift, not a timer outcome"},
    {"name twins", "maps that share the quest 15 map's name"},
    /* chests */
    {"chest rank, S..I", "a chest's rank as the game's letter: S (10), A (9), B (8), C (7), D (6), E (5), F (4), "
                         "G (3), H (2), I (1); the rank picks the table the contents are drawn from"},
    {"second, chest timer", "the whole seconds since the (quick)save was loaded when a floor's chests are filled; "
                            "the game's internal count"},
    {"stopwatch", "what a player's stopwatch shows for a chest-timer second: the second + 5 (Solo QL: "
                  "stopwatch 6 = second 1)"},
    {"trapped chest", "a Cannibox, Mimic or Pandora's Box: it fights from a chest and never wanders"},
    /* the enemy-list cut */
    {"enemy list", "the floor's monster records (7 or 8) in memory order, taken by environment and floor monster "
                   "rank; as many as fit in a fixed memory area are kept"},
    {"ElistOfs", "the byte offset, computed from the floor's layout and its enemy list, at which the list "
                 "starts in that area (shown in hex; the international builds show it 128 higher)"},
    {"W", "walkable tiles of the floor (every tile but wall and partition)"},
    {"X", "passages: pairs of walkable tiles side by side"},
    {"regime", "1: the layout fits its table (ElistOfs grows with W and X); 2: it overflows and some "
               "tiles become Flag0 tiles"},
    {"Flag0 tiles, D", "in regime 2, the walkable tiles (bottom right) whose links were dropped; D counts them, "
                       "4 bytes each"},
    {"A, B, F, G", "the terms of ElistOfs: A fixed and walking-map bytes, B passages kept, F the list's length, "
                   "G the sum of its records' sizes"},
    {"survivors, cut", "how many records of the list fit; the records after them are cut and never appear "
                       "('| cut:', '[cut]')"},
    {"class", "the list's exception class (STD, F7, F7A, A1, C3): where the chest records stand in the list"},
    {"state", "what the cut leaves, codes 0..16: 0 Normal, 1 partial (Flag0 tiles, nothing cut), 2-4 and 10-13 "
              "reduced (fewer kinds), 5 and 14-16 ONLY, 6-9 no-enemy; 'special' is any state but 0"},
    {"ONLY", "a floor whose only wandering monster is one kind (e.g. 'Metal King Slime only')"},
    {"no-enemy", "a floor where no wandering monster fits; '(No Mimic)' and the like: that trapped chest's record "
                 "was cut too, so such a chest opens without a fight"},
    {"spawn share", "a wandering monster's share of the spawn draw 0..32767, in percent"},
    /* layout anomalies */
    {"stair overflow", "stair placement ran out of room and entered overflow mode (as on the softlock floors "
                       "seen on the console, 5BC3 B4F and 5BC4 B3F)"},
    {"ghost stairs", "stair tiles drawn but not usable (left by stair placement)"},
    {"unreachable chest", "a chest no one can reach from the up stairs (community name: nipple)"},
    {"chamber", "a sealed pocket of floor tiles"},
    {"softlock", "the down stairs cut off from the up stairs when chests are solid: the floor cannot be left "
                 "downwards"},
    {"up-by-chest, down-cut, up-on-wall", "final up stairs 4-adjacent to a chest; down stairs cut off with chests "
                                          "solid; final up stairs written on a former wall cell"},
    /* the harness */
    {"ref, impl, legacy", "the engines: ref follows the specification step by step, impl is the fast independent "
                          "one, legacy the old Windows tool's enemy-list model (its output is labelled so)"},
    {"oracle, domain", "the proof that engines and the golden corpus agree item by item over whole domains "
                       "(floors, maps, qualities, timers, ...)"},
    {"golden corpus", "the reference data in corpus/golden (digests, samples, timer vectors), checked by "
                      "SHA256SUMS"},
    {"FloorRecord, MapRecord", "the canonical binary records of a floor (272 bytes) and a map (140 bytes); their "
                               "FNV-1a 64 is the digest"},
    {"sweep", "impl's memoized, threaded computation of every floor and map digest of the universe"},
    {"universe index", "every floor's and map's facts, built once from the sweep and cached; search, odds and "
                       "stats run on it"},
    {"instances, distinct", "counting bases: every floor of every map, or different (seed, floor) layouts"},
    {"walking cost, half-steps", "the shortest walk from the up to the down stairs, in half-steps (2 per step)"},
    {"AT, multibug", "the research layers of the oracle: the AT of a seed and the multiplayer bug of a map"},
    {"AT values, step n", "the generator's value (0..32767) after n steps from the map seed; the tool shows "
                          "steps 35..37 (the community's 'map method')"},
    {"R2, +3, N2", "the first step (within 400) that starts two low values in a row (< 128), two low values "
                   "three apart, or high-normal-high-normal (< 256): where rare drops line up"},
    {"drop pattern, threshold", "a run of hits (value <= threshold: 1/256 = 128 .. 1/32 = 1024) the pattern "
                                "search looks for: R2, R3, N2, 4_in_6, ..."},
    {"zoom, POP index, deftness", "zoom n puts the whistle's spawn draw at step N = 35 + 29 n (the POP); the "
                                  "value at N + 1 gives the deftness 0..1000"},
    {"spawn window", "the values of the spawn draw that summon a wandering monster of a floor's enemy list"},
    {"bug map", "the four-player multiplayer bug: the map's details drawn one step further on (floors, boss, "
                "name); the seed's own floors below the map's last can then be reached"},
    {"QL, PPAP 5 / 9", "the community's chest-timer farming: quickload at stopwatch 6 (Solo) or 7 (Party); "
                       "PPAP reads one second, stopwatch 5 or 9"},
    {"5A / 9A, D / 5D / 9D", "PPAP with two hit floors anywhere on the map; the searches sorted by walking cost"},
    {"combo, 3rd, S3", "a waypoint item in chest 1 or 2 then the material in the 3rd chest; the 3rd chests of "
                       "B3F and B4F; S-rank 3rd chests of B13F and B14F"},
    {"marathon", "every chest of every floor of a map against the seconds, in one table"},
    {"capture", "a record read from a console (inventory, floor, memory, RAM, work area), checked by verify"},
};
enum { NTERMS = sizeof TERMS / sizeof TERMS[0] };

void cli_terms(FILE *out)
{
    fprintf(out, "The words the output of grotto uses (docs/glossary.md holds the same):\n\n");
    for (int i = 0; i < NTERMS; i++) {
        fprintf(out, "%s\n", TERMS[i].term);
        cli_wrap(out, "      ", TERMS[i].meaning, " ", 6);
    }
}

void cli_glossary(FILE *out)
{
    fprintf(out, "# Glossary\n\n"
                 "The words the output of `grotto` uses, generated by `grotto help glossary` from the table\n"
                 "that `grotto help terms` prints (cli/terms.c); `tests/e2e/test_help.py` checks that this\n"
                 "file is that output.\n\n"
                 "| term | meaning |\n|---|---|\n");
    for (int i = 0; i < NTERMS; i++)
        fprintf(out, "| %s | %s |\n", TERMS[i].term, TERMS[i].meaning);
}
