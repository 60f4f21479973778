// Stand-in for the Grotto Searcher's 4.js (tests of tools/searcher only).
function calcR2N2(seed){return{r2:seed%400,r2_3:-1,n2:7};}
window.addEventListener('resize',()=>{});
let mrtFilter='ALL',mrtCustom=null;
function mrtIsVis(cd){if(mrtFilter==='SA')return cd.rank>=9;if(mrtFilter==='AB')return cd.rank===9||cd.rank===8;return true;}
