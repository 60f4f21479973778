// Stand-in for the Grotto Searcher's 1.js (tests of tools/searcher only).
// Not the tool: a few globals with the tool's names and shapes, computing
// made-up but deterministic values, so that the harness's plumbing (loading,
// form controls, result capture, JSON) can be tested without a checkout.
let DISPLAY_LANG='EN';
let _L=0;
function T(en,tw,jp){const a=[en,tw,jp];a.toString=a.valueOf=function(){return this[_L];};return a;}
const MAP_RANK=[0x02,0x38,0x3D,0x4C,0x51,0x65,0x79,0x8D,0xA1,0xB5,0xC9,0xDD];
const CHEST_RANK={10:'S',9:'A',8:'B',7:'C',6:'D',5:'E',4:'F',3:'G',2:'H',1:'I'};
const ENV_NAMES={1:['Caves','洞窟'],2:['Ruins','遺跡'],3:['Ice','氷'],4:['Water','水'],5:['Fire','火山']};
const BOSS_NAMES={1:['Equinox','馬','黒竜丸'],12:['Greygnarl','竜','グレイナル']};
const PREFIX_NAMES={1:['Clay','はかなき'],16:['Diamond','大いなる']};
const SUFFIX_NAMES={1:['Joy','花'],2:['Bliss','岩']};
const LOCALE_NAMES={1:['Cave','洞くつ'],19:['World','世界']};
const MONSTER_DB={"0B5":{en:"Metal King Slime",jp:"メタルキング"}};
const AT_PAT={'R2':1,'N2':2};
const i18nDict={};
let i18nCalls=0;
function lcg(seed){return(Math.imul(seed,1103515245)+12345)>>>0;}
class GrottoDetail{
constructor(){this.di=[];for(let i=0;i<16;i++)this.di[i]=new Uint8Array(1336);this._details=new Uint8Array(20);
this.MapSeed=0;this.MapRank=0;this.MapLocale=1;this._at_offset=0;this._force_16_floors=false;this.trackOverflow=false;
this.isStairOverflow=new Array(16).fill(false);}
calculateDetail(){
const s=this.MapSeed+this._at_offset;
this._details[0]=1+s%12;this._details[1]=this._force_16_floors?16:2+s%15;this._details[2]=9;this._details[3]=1+s%5;
this._details[4]=50+s%50;this._details[5]=16;this._details[6]=2;this.MapLocale=19;
for(let f=0;f<16;f++){const d=this.di[f];d[2]=10+f%6;d[3]=d[2];d[4]=1;d[5]=1;d[6]=d[2]-2;d[7]=d[3]-2;d[8]=f<2?0:1;d[9]=10;d[13]=3;d[14]=4;}
}
get floorCount(){return this._details[1];}
get mapName(){return'Diamond World of Bliss Lv.'+this._details[4];}
get mapNameJP(){return'大いなる岩の世界Lv'+this._details[4];}
get bossName(){return BOSS_NAMES[this._details[0]]?BOSS_NAMES[this._details[0]][0]:'Boss'+this._details[0];}
get bossNameJP(){return'ボス';}
get mapTypeName(){return ENV_NAMES[this._details[3]][0];}
getBoxInfo(f,i){const d=this.di[f];return{rank:d[9+i],x:d[13+2*i],y:d[14+2*i]};}
getMapBoxCounts(){const counts={};for(let r=1;r<=10;r++)counts[r]=r===10?this.floorCount-2:0;return{counts,total:this.floorCount-2};}
getBoxItem(f,b,t){return['Item'+((this.MapSeed+f+b+t)%7),'品'];}
getFloorItemNames(f,t){return this.di[f][8]?['Item'+((this.MapSeed+f+t)%7)]:[];}
}
// walking cost: seed + floor, half steps; floor 13 of seed 7FFF has none
function calcFloorWalkCost(eng,f){if(eng.MapSeed===0x7FFF&&f===12)return null;return((eng.MapSeed+f)%40)/2+3;}
function calcWalkCostUpToFloor(eng,n){let s=0;for(let f=0;f<n;f++){const c=calcFloorWalkCost(eng,f);if(c===null)return null;s+=c;}return s;}
function countFloorTiles(eng,f){return 40+f;}
function scanGhostStairs(di){return di[2]===15?2:0;}
function getFloorElistInfo(eng,f){return{hex:(0x2B30+f).toString(16).toUpperCase(),state:f===15?T('4-enemy','4','4'):null,dValue:f===15?1:0};}
function getFloorAnomalies(eng,f){return{hasInaccessibleStair:f===3,hasInaccessibleChest:false,isolatedRegions:f===5?[4,3]:[]};}
