// Stand-in for the Grotto Searcher's 4.js: what the loader calls after loading.
function initItemI18n(){}
