// Stand-in for the Grotto Searcher's 2.js: the recorded items 1.js copies
// (the tests overwrite this file with their own). floors[seed] = 16 floor
// slots {w, h, up, down, chests, cells (256 tile codes), overflow};
// maps["BAND:SEED"] = {details: _details[0..6], locale, ranks, elist (the
// tool's getFloorElistInfo answers: hex, state label, dValue)}.
const RECORDED={floors:{},maps:{}};
const FAULTS={};
