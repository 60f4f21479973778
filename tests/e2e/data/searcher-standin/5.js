// Stand-in for the Grotto Searcher's 5.js (a worker; never run by the harness).
