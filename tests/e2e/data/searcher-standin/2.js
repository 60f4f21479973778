// Stand-in for the Grotto Searcher's 2.js (tests of tools/searcher only).
function hex2(n){return n.toString(16).toUpperCase().padStart(2,'0');}
function hex4(n){return n.toString(16).toUpperCase().padStart(4,'0');}
function initItemI18n(){i18nCalls++;}
// seeds divisible by 7 are never listed
function calcLocations(seed,rStr){
if(seed%7===0)return{outputOrder:[],seenLocations:{}};
return{outputOrder:[{timer:seed*2,location:1+seed%150,minBq:200}],seenLocations:{[1+seed%150]:new Set([200,201])}};
}
function getATPair(seed,N){let s=seed>>>0;for(let i=0;i<N;i++)s=lcg(s);const atN=(s>>>16)&0x7FFF;s=lcg(s);return{atN,atN1:(s>>>16)&0x7FFF};}
function calcDeftness(at){return at>16384?1000:0;}
function scanSeedForAtPattern(seed,maxSteps,threshold,pType,minStart,popIndex){
return{foundOffsets:seed%3===0?[{start:40+seed%5}]:[],popValue:1,defValue:2};}
