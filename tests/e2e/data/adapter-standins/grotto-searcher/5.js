// Stand-in for the Grotto Searcher's 5.js (the worker; never run, only hashed).
