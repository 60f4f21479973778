// Stand-in for the Grotto Searcher's 3.js (tests of tools/searcher only):
// a form-reading entry function, a job runner with batches and yields, and a
// display that fills the result grid through fragments and headers.
let isSearching=false;
function materializeResultItem(item){const n=document.createElement('div');n.innerHTML=item.html;return n;}
function runSearchJob(job,callbacks){
(async()=>{
let hits=0;const batch=[];
for(let seed=job.startSeed;seed<=job.endSeed;seed++){
if(seed%64===0){if(batch.length){callbacks.onBatch(batch.splice(0));}await new Promise(r=>setTimeout(r,0));}
if(seed%7===0)continue;
if(job.conds.anomaly==='stair'&&seed%5!==1)continue;
if(job.conds.monster&&String(seed%9+1)!==job.conds.monster)continue;
hits++;
batch.push({seed,rStr:hex2(job.ranks[0]),html:'<b>'+hex4(seed)+'</b><br>text',jumpFloor:seed%4,sortCost:(seed*37)%101});
}
if(batch.length)callbacks.onBatch(batch.splice(0));
callbacks.onDone({hits,cancelled:false});
})();
}
function startUltimateSearch(){
const v=(id)=>document.getElementById(id).value.trim();
const conds={monster:v('cond_monster'),anomaly:v('cond_anomaly'),prefix:v('cond_prefix'),bqCount:v('cond_bq_count'),
elist:v('cond_elist'),reqBox:{10:parseInt(v('cond_box_S'))||0,9:parseInt(v('cond_box_A'))||0}};
if(!conds.monster&&!conds.anomaly&&!conds.prefix&&!conds.elist){alert('Please choose at least one condition.');return;}
if(conds.monster==='8'){document.getElementById('searchResults').innerHTML='<span id="searchProgress">100%</span><div id="searchGrid"></div>';return;}
const rank=parseInt(v('rank'));
const lo=v('cond_seed_min')?parseInt(v('cond_seed_min'),16):0;
const hi=v('cond_seed_max')?parseInt(v('cond_seed_max'),16):0x7FFF;
const ranked=conds.anomaly.startsWith('usp_');
document.getElementById('searchResults').innerHTML='<span id="searchProgress">0%</span><div id="searchGrid" class="g"></div>';
const grid=document.getElementById('searchGrid');
const all=[];
isSearching=true;
runSearchJob({kind:'scan',processor:ranked?'fastest':'ultimate',conds,ranks:[rank],startSeed:lo,endSeed:hi,
params:{searchOnlyWithD:document.getElementById('searchOnlyWithD').checked}},{
onBatch:(items)=>{for(const it of items)all.push(it);},
onDone:(d)=>{
const fr=document.createDocumentFragment();
if(ranked){
all.sort((a,b)=>a.sortCost-b.sortCost);
if(conds.anomaly==='usp_maxtile'){const h=document.createElement('div');h.textContent='Top 5';fr.appendChild(h);}
for(const it of all.slice(0,5))fr.appendChild(materializeResultItem(it));
}else{
for(const it of all)fr.appendChild(materializeResultItem(it));
}
grid.appendChild(fr);
isSearching=false;
document.getElementById('searchProgress').textContent='100% ('+d.hits+' Found)';
}});
}
