// Stand-in for the Grotto Searcher's 4.js (tests of tools/searcher only).
function calcR2N2(seed){return{r2:seed%400,r2_3:-1,n2:7};}
window.addEventListener('resize',()=>{});
