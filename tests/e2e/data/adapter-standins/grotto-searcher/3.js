// Stand-in for the Grotto Searcher's 3.js: the page functions the loader
// (tools/searcher/lib/tool.mjs) wraps; no search runs through them here.
function runSearchJob(job,callbacks){callbacks.onDone({hits:0});}
function materializeResultItem(item){return item;}
