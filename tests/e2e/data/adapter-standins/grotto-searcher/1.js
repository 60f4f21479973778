// Stand-in for the Grotto Searcher's 1.js, for the tests of
// tools/adapters/grotto-searcher.js only. Not the tool: a GrottoDetail with
// the tool's member names and floor-slot layout (di[f]: [2] width, [3]
// height, [4..7] stairs, [8] chest count, [9+i] chest ranks, [13+2i]
// chest positions, [792 + x + 16y] the work grid) that computes nothing:
// calculateDetail() copies a recorded item out of RECORDED (2.js, which the
// tests write), so the adapter's reading of the layout can be checked
// against the items the test recorded. An item not recorded leaves
// everything zero (0 floors). getBoxItem answers the recorded chest names
// (RECORDED.items["band:seed:floor:second"], one per chest), else no item.
// FAULTS (2.js) makes it misbehave on purpose.
let DISPLAY_LANG='EN';
class GrottoDetail{
constructor(){
this.di=[];
for(let i=0;i<16;i++)this.di[i]=new Uint8Array(1336);
this._details=new Uint8Array(20);
this.MapSeed=0;this.MapRank=0;this.MapLocale=0;
this.isStairOverflow=new Array(16).fill(false);
this.trackOverflow=false;this._force_16_floors=false;
this._elist=[];
}
calculateDetail(){
for(const d of this.di)d.fill(0);
this._details.fill(0);
this.MapLocale=0;
this._elist=[];
if(this.trackOverflow)this.isStairOverflow.fill(false);
if(FAULTS.throwSeed===this.MapSeed)throw new Error('stand-in failure at seed '+this.MapSeed);
if(this._force_16_floors){
const fl=RECORDED.floors[this.MapSeed];
this._details[1]=16;
if(!fl)return;
fl.forEach((r,f)=>{
const d=this.di[f];
d[2]=r.w;d[3]=r.h;d[4]=r.up[0];d[5]=r.up[1];d[6]=r.down[0];d[7]=r.down[1];d[8]=r.chests.length;
r.chests.forEach((c,i)=>{d[13+2*i]=c[0];d[14+2*i]=c[1];});
for(let k=0;k<256;k++)d[792+k]=r.cells[k];
if(this.trackOverflow)this.isStairOverflow[f]=!!r.overflow;
});
return;
}
const m=RECORDED.maps[this.MapRank+':'+this.MapSeed];
if(!m)return;
m.details.forEach((v,i)=>{this._details[i]=v;});
this.MapLocale=m.locale;
m.ranks.forEach((rs,f)=>{this.di[f][8]=rs.length;rs.forEach((v,i)=>{this.di[f][9+i]=v;});});
this._elist=m.elist;
}
get floorCount(){return this._details[1];}
getBoxItem(floor,boxIndex,second){
const names=(RECORDED.items||{})[this.MapRank+':'+this.MapSeed+':'+(floor+1)+':'+second];
return names&&names[boxIndex]!==undefined?[names[boxIndex],'?']:[null,null];
}
}
function getFloorElistInfo(engine,f){return engine._elist[f];}
