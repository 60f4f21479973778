#!/usr/bin/env lua5.4
-- tkg.lua - TKG's DeSmuME scripts as an engine under test: the chest timer
-- (`grotto oracle chests --b exec:'lua5.4 tools/adapters/tkg.lua DIR'`, or
-- lua5.1) and the map scraper (`grotto oracle maps --details --b exec:...`).
--
-- The script (DQIX/desmume-scripts, TKG/DQ9_ChestTimer_USA.lua) runs inside
-- the DeSmuME emulator: every frame it reads the map seed, the floor, the
-- floor's chest count and the map's starting monster rank from the game's
-- RAM, computes each chest's rank and what it holds at each stopwatch
-- second, and draws them on the lower screen. It is never part of this
-- repository: DIR (or $GROTTO_TOOLS_DIR/desmume-scripts) is a checkout.
--
-- This adapter is the emulator: a stub of the DeSmuME API the script uses
-- (memory.readbyte/readword, gui.register/text/line/box, bit.*), written
-- here. For a request "chest BAND SEED K T" it
--   * puts the game state in the stub's RAM: map seed SEED, floor K, the
--     floor's chest count and the map's starting monster rank - these two
--     are the game's, not the script's: they come from grotto's reference
--     engine (`grotto interchange export maps`, $GROTTO_BIN or grotto on
--     PATH), as a console would show them; what is under test is the
--     script's chest-rank and chest-content formulas;
--   * holds both of the script's toggles on (timer running, display shown,
--     as after the player pressed START and L/R) and sets its frame counter
--     to 60 x (T + 5) - 1 (debug.setupvalue), so that its next frame counts
--     the stopwatch second T + 5 = internal second T (chests.md 3);
--   * runs one frame (the function the script registered) and reads what it
--     drew: per chest "N (L)" at y = -177 (rank letter L, I..S = 1..10; the
--     text "nil" - a rank the script's table has no letter for - is rank 0)
--     and, in the first row (y = -165), the item in capitals with O written
--     as 0 and "Metal slime" shortened to "MS", turned back into the
--     English name of tools/tables/items.json (a text that matches no name
--     is sent as it is: it is then a difference).
-- A frame that fails (the script indexes its item table with rank 0) ends
-- what can be read: the chests it drew before are answered, the failing
-- chest with its rank only, those after it with {} (nothing checked).
-- Floors beyond the map's last and floors without chests answer [].
--
-- The map scraper (TKG/DQ9_ScrapeMapData_USA_v2.lua) computes map details
-- only: run once when the game reads the map inventory
-- (memory.registerread), it prints one CSV row per map in the inventory.
-- For a request "details BAND SEED" the stub's RAM holds an inventory of
-- one normal map, new (status 0x09), at location 1, of final quality BAND
-- (a band code is its lowest quality) and seed SEED; the adapter clears
-- the script's "done" flag (its upvalue scriptComplete), runs it and reads
-- the row it printed: "Prefix Locale Suffix" (the three words), Lv, the
-- environment's name, "B" depth, the starting monster rank and the boss's
-- name, turned into the ids of tools/tables/names.json by English word
-- (the script writes "T-Wrecks" for Tyrannosaurus Wrecks). A name that is
-- in no list, or a script that fails, ends the adapter with exit 3.
--
-- floor and map requests are not answered (the scripts compute neither
-- floors nor chest ranks and enemy lists): exit 2 naming the request. Lua 5.1 (as DeSmuME embeds it; Debian lua5.1)
-- or 5.4 (Debian lua5.4), no modules: the stub's bit.* are the integer
-- operators under 5.3+ and arithmetic on 32-bit values under 5.1, and
-- what differs between the two (loadfile's environment, read formats) is
-- chosen by _VERSION.

local USAGE = [[usage: tkg.lua [DIR]
       tkg.lua --fields

An engine adapter for `grotto oracle --b exec:CMD` (docs/interchange.md):
answers "chest BAND SEED K T" requests with what TKG's DeSmuME chest timer
script (DIR/TKG/DQ9_ChestTimer_USA.lua; DIR = a checkout of DQIX/desmume-scripts
at 73ebdc5, or $GROTTO_TOOLS_DIR/desmume-scripts) draws, and "details BAND SEED"
requests with the row its map scraper (DIR/TKG/DQ9_ScrapeMapData_USA_v2.lua)
prints, each run under a stub of DeSmuME's API (Lua 5.1 or 5.4). The chest
count and starting monster rank the chest timer reads from the game's RAM are
grotto's ($GROTTO_BIN, else grotto on PATH).

examples:
  grotto oracle chests --seconds 0..255 --sample 2000 --b exec:'lua5.4 tools/adapters/tkg.lua DIR'
  grotto oracle maps --details --sample 2000 --b exec:'lua5.1 tools/adapters/tkg.lua DIR'
  echo 'chest 221 23491 4 12' | lua5.4 tools/adapters/tkg.lua DIR
  echo 'details 221 23491' | lua5.4 tools/adapters/tkg.lua DIR

exit status: 0 end of input, 2 bad arguments, a missing script or a bad
request (one line on stderr), 3 grotto failed.
]]

local FIELDS = '{"chest":["contents","contents.rank","contents.name"],' ..
               '"details":["env","floors","smr","boss","prefix","suffix","locale","level"]}'
local BANDS = {[2] = true, [56] = true, [61] = true, [76] = true, [81] = true, [101] = true, [121] = true,
               [141] = true, [161] = true, [181] = true, [201] = true, [221] = true}
local LETTERS = {I = 1, H = 2, G = 3, F = 4, E = 5, D = 6, C = 7, B = 8, A = 9, S = 10}
local CHEST_X = {[53] = 1, [132] = 2, [211] = 3}   -- where the script draws "N (L)"
local ITEM_X = {[21] = 1, [100] = 2, [179] = 3}    -- and the items of its first row
local RANK_Y, ITEM_Y = -177, -165

-- addresses the script reads (its own constants)
local A_SEED, A_FLOOR, A_CHESTS, A_SMR = 0x020FD828, 0x020FD7AA, 0x020FDA2C, 0x020FD82E
local A_KEYS, A_KEYS_HI = 0x04000130, 0x04000131
-- and the map scraper (its own constants): the inventory's count and first map
local A_MAP_COUNT, A_MAP_BASE = 0x020F98CC, 0x020F98CE
local O_LOCATION, O_TREASURE, O_QUALITY, O_SEED = 0x15, 0x16, 0x17, 0x1A
local NEW_NORMAL_MAP = 0x09

local function die(status, msg)
  io.stderr:write("tkg.lua: " .. msg .. "\n")
  os.exit(status)
end

local here = (arg[0]:match("^(.*)/[^/]*$") or ".")

-- The text of tools/tables/NAME, and its path for messages.
local function read_table(name)
  local path = here .. "/../tables/" .. name
  local f = io.open(path, "r")
  if not f then die(2, "cannot read " .. path .. " (the adapter runs from its repository)") end
  local text = f:read("*a")
  f:close()
  return text, path
end

-- ---- the items' English names, keyed as the script writes them ----
local function load_names()
  local text, path = read_table("items.json")
  local names, n = {}, 0
  for en in text:gmatch('{"item":%d+,"en":"(.-)","jp"') do
    names[en:upper():gsub("O", "0")] = en
    n = n + 1
  end
  if n == 0 then die(2, path .. " holds no item names") end
  return names
end

-- ---- the ids of tools/tables/names.json, by English word ----
local NAME_LISTS = {"environment", "boss", "prefix", "suffix", "locale"}
local SCRIPT_WORDS = {["T-Wrecks"] = "Tyrannosaurus Wrecks"} -- the scraper's short form
local function load_ids()
  local text, path = read_table("names.json")
  local ids = {}
  for _, list in ipairs(NAME_LISTS) do
    local body = text:match('"' .. list .. '":%s*(%b{})')
    ids[list] = {}
    for id, en in (body or ""):gmatch('{"id":(%d+),"en":"(.-)"') do ids[list][en] = tonumber(id) end
    if not next(ids[list]) then die(2, path .. " holds no " .. list .. " names") end
  end
  return ids
end

-- ---- the game's facts of a map, from grotto ----
local function grotto_bin()
  return os.getenv("GROTTO_BIN") or "grotto"
end

local maps = {}
local function map_facts(band, seed)
  local key = band .. ":" .. seed
  if maps[key] then return maps[key] end
  local cmd = string.format("%s interchange export maps --seeds %X --bands %02X", grotto_bin(), seed, band)
  local p = io.popen(cmd, "r")
  local all = p and p:read("*a") -- all of it: closing early could cut grotto's output
  local ok, how, code = false, "not started", nil
  if p then ok, how, code = p:close() end
  local line = all and all:match("^[^\n]*")
  local floors, smr = line and line:match('"floors":(%d+)'), line and line:match('"smr":(%d+)')
  local ranks = line and line:match('"chest_ranks":(%b[])')
  if not ok or not floors or not smr or not ranks then
    die(3, string.format("'%s' failed (%s %s, %d bytes of output)", cmd, tostring(how), tostring(code),
                         all and #all or 0))
  end
  local m = {floors = tonumber(floors), smr = tonumber(smr), chests = {}}
  for inner in ranks:sub(2, -2):gmatch("%b[]") do
    local c = 0
    for _ in inner:gmatch("%d+") do c = c + 1 end
    m.chests[#m.chests + 1] = c
  end
  maps = {[key] = m} -- the oracle asks a map's floors and seconds in a row
  return m
end

-- ---- the stub of DeSmuME's API and the script loaded into it ----
local ram, drawn, frame = {}, {}, nil
local LUA51 = _VERSION == "Lua 5.1"

-- bit.* as DeSmuME's LuaBitOp computes them on 32-bit values (results
-- taken unsigned: the script only keeps 16-bit parts of them)
local bitops
if LUA51 then
  local M = 4294967296
  local function bitwise(a, b, both)
    a, b = a % M, b % M
    local r, p = 0, 1
    for _ = 1, 32 do
      local x, y = a % 2, b % 2
      if both(x, y) then r = r + p end
      a, b, p = (a - x) / 2, (b - y) / 2, p * 2
    end
    return r
  end
  bitops = {
    band = function(a, b) return bitwise(a, b, function(x, y) return x == 1 and y == 1 end) end,
    bor = function(a, b) return bitwise(a, b, function(x, y) return x == 1 or y == 1 end) end,
    lshift = function(a, n) return (a * 2 ^ n) % M end,
    rshift = function(a, n) return math.floor((a % M) / 2 ^ n) end,
  }
else -- the operators, compiled only where the parser knows them
  bitops = (loadstring or load)([[
    local M32 = 0xFFFFFFFF
    return {
      band = function(a, b) return (a & b) & M32 end,
      bor = function(a, b) return (a | b) & M32 end,
      lshift = function(a, n) return (a << n) & M32 end,
      rshift = function(a, n) return (a & M32) >> n end,
    }]])()
end

local printed, on_read = {}, nil
-- one environment per script (a script's globals stay its own)
local function stub()
  return setmetatable({
    memory = {
      readbyte = function(a) return (ram[a] or 0) % 0x100 end,
      readword = function(a) return (ram[a] or 0) % 0x10000 end,
      registerread = function(_, f) on_read = f end,
    },
    gui = {
      register = function(f) frame = f end,
      text = function(x, y, s) drawn[#drawn + 1] = {x, y, tostring(s)} end,
      line = function() end,
      box = function() end,
    },
    bit = bitops,
    print = function(...)
      local t = {}
      for i = 1, select("#", ...) do t[i] = tostring((select(i, ...))) end
      printed[#printed + 1] = table.concat(t, "\t")
    end,
  }, {__index = _G})
end

-- Loads a script into a stub of its own and runs its top level.
local function load_chunk(path)
  local env = stub()
  local chunk, err
  if LUA51 then
    chunk, err = loadfile(path)
    if chunk then setfenv(chunk, env) end
  else
    chunk, err = loadfile(path, "t", env)
  end
  if not chunk then die(2, "cannot load " .. path .. ": " .. tostring(err)) end
  local ok, e = pcall(chunk)
  if not ok then die(2, path .. " failed to start: " .. tostring(e)) end
end

local function upvalues(f)
  local up = {}
  for i = 1, 255 do
    local name = debug.getupvalue(f, i)
    if not name then break end
    up[name] = i
  end
  return up
end

local function load_script(dir)
  local path = dir .. "/TKG/DQ9_ChestTimer_USA.lua"
  load_chunk(path)
  if not frame then die(2, path .. " registered no frame function (gui.register)") end
  local up = upvalues(frame)
  for _, name in ipairs({"frameCount", "startToggle", "LRToggle"}) do
    if not up[name] then die(2, path .. ": its frame function has no " .. name .. " (another version?)") end
  end
  return up
end

-- ---- one request ----
local function chest(up, names, band, seed, k, t)
  local m = map_facts(band, seed)
  local out = {}
  local count = k <= m.floors and m.chests[k] or 0
  if count == 0 then return out end
  ram[A_SEED], ram[A_FLOOR], ram[A_CHESTS], ram[A_SMR] = seed, k, count, m.smr
  ram[A_KEYS], ram[A_KEYS_HI] = 0x8, 0xF -- no key pressed: the toggles stay as set
  debug.setupvalue(frame, up.startToggle, true)
  debug.setupvalue(frame, up.LRToggle, true)
  debug.setupvalue(frame, up.frameCount, 60 * (t + 5) - 1)
  drawn = {}
  pcall(frame) -- a failing frame still drew what it drew before
  for i = 1, count do out[i] = {} end
  for _, d in ipairs(drawn) do
    local x, y, s = d[1], d[2], d[3]
    if y == RANK_Y and CHEST_X[x] and CHEST_X[x] <= count then
      local letter = s:match("^%d+ %((.*)%)$")
      out[CHEST_X[x]].rank = LETTERS[letter] or (letter == "nil" and 0) or -1
    elseif y == ITEM_Y and ITEM_X[x] and ITEM_X[x] <= count then
      out[ITEM_X[x]].name = names[s] or names[s:gsub("^MS ", "METAL SLIME ")] or s
    end
  end
  return out
end

-- ---- the map scraper ----
local scraper -- {f = the function it registered, done = its upvalue index}
local function load_scraper(dir)
  local path = dir .. "/TKG/DQ9_ScrapeMapData_USA_v2.lua"
  load_chunk(path)
  if not on_read then die(2, path .. " registered no function (memory.registerread)") end
  local up = upvalues(on_read)
  if not up.scriptComplete then die(2, path .. ": its function has no scriptComplete (another version?)") end
  scraper = {f = on_read, done = up.scriptComplete}
end

local function split_csv(row)
  local cells = {}
  for cell in (row .. ","):gmatch("([^,]*),") do cells[#cells + 1] = cell end
  return cells
end

-- The row the scraper prints for map (band, seed), as interchange fields.
local function details(ids, band, seed)
  for a in pairs(ram) do ram[a] = nil end
  ram[A_MAP_COUNT] = 1
  ram[A_MAP_BASE] = NEW_NORMAL_MAP
  ram[A_MAP_BASE + O_LOCATION], ram[A_MAP_BASE + O_TREASURE] = 1, 0
  ram[A_MAP_BASE + O_QUALITY], ram[A_MAP_BASE + O_SEED] = band, seed
  debug.setupvalue(scraper.f, scraper.done, false)
  printed = {}
  local ok, e = pcall(scraper.f)
  local what = string.format("map %02X%04X", band, seed)
  if not ok then die(3, "the map scraper failed on " .. what .. ": " .. tostring(e)) end
  if #printed ~= 2 then die(3, "the map scraper printed " .. #printed .. " lines for " .. what .. ", not 2") end
  -- 1 #, 2 name, 3 Lv, ..., 16 environment, 17 B<depth>, 18 SMR, 19 'ranks, 20 boss (the header's columns;
  -- Speed, Entrance, Access are three)
  local c = split_csv(printed[2])
  local prefix, locale, suffix = (c[2] or ""):match("^(%S+) (%S+) (%S+)$")
  local function id(list, word)
    local v = word and ids[list][SCRIPT_WORDS[word] or word]
    if not v then die(3, string.format('the map scraper wrote %s "%s" for %s: no such %s', list,
                                       tostring(word), what, list)) end
    return v
  end
  local function int(word, name)
    local v = word and word:match("^%d+$") and tonumber(word)
    if not v then die(3, string.format('the map scraper wrote %s "%s" for %s', name, tostring(word), what)) end
    return v
  end
  return {env = id("environment", c[16]), floors = int((c[17] or ""):match("^B(.*)$"), "depth"),
          smr = int(c[18], "SMR"), boss = id("boss", c[20]), prefix = id("prefix", prefix),
          suffix = id("suffix", suffix), locale = id("locale", locale), level = int(c[3], "Lv")}
end

local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
end

local function reply(band, seed, k, t, contents)
  local parts = {}
  for i, e in ipairs(contents) do
    local f = {}
    if e.rank then f[#f + 1] = '"rank":' .. e.rank end
    if e.name then f[#f + 1] = '"name":' .. json_string(e.name) end
    parts[i] = "{" .. table.concat(f, ",") .. "}"
  end
  return string.format('{"band":%d,"seed":%d,"floor":%d,"second":%d,"contents":[%s]}', band, seed, k, t,
                       table.concat(parts, ","))
end

local function number(word, lo, hi, what, line)
  local v = word and word:match("^%d+$") and tonumber(word)
  if not v or v < lo or v > hi then
    die(2, string.format('bad request "%s": %s "%s" is not an integer %d..%d', line, what, tostring(word), lo, hi))
  end
  return v
end

-- ---- main ----
local dir
for _, a in ipairs(arg) do
  if a == "--help" or a == "-h" then io.write(USAGE) os.exit(0) end
  if a == "--fields" then io.write(FIELDS, "\n") os.exit(0) end
  if a:sub(1, 1) == "-" then die(2, "unknown option " .. a .. ": expected --fields or --help") end
  if dir then die(2, "one checkout directory expected, got " .. dir .. " and " .. a) end
  dir = a
end
if not dir then
  local base = os.getenv("GROTTO_TOOLS_DIR")
  if not base then die(2, "no checkout: give DIR or set GROTTO_TOOLS_DIR (a checkout of DQIX/desmume-scripts 73ebdc5)") end
  dir = base .. "/desmume-scripts"
end
local names, ids = load_names(), load_ids()
local up = load_script(dir)
load_scraper(dir)
for line in io.lines() do
  local w = {}
  for word in line:gmatch("%S+") do w[#w + 1] = word end
  if #w > 0 then
    if not ((w[1] == "chest" and #w == 5) or (w[1] == "details" and #w == 3)) then
      die(2, 'bad request "' .. line .. '": the scripts answer only "chest BAND SEED K T" and "details BAND SEED"'
          .. " (run the oracle's chests domain, or maps with --details)")
    end
    local band = number(w[2], 0, 255, "band", line)
    if not BANDS[band] then die(2, 'bad request "' .. line .. '": band ' .. band .. " is not a band code") end
    local seed = number(w[3], 0, 0x7FFF, "seed", line)
    if w[1] == "details" then
      local d = details(ids, band, seed)
      io.write(string.format('{"band":%d,"seed":%d,"env":%d,"floors":%d,"smr":%d,"boss":%d,"prefix":%d,'
                             .. '"suffix":%d,"locale":%d,"level":%d}\n', band, seed, d.env, d.floors, d.smr,
                             d.boss, d.prefix, d.suffix, d.locale, d.level))
    else
      local k = number(w[4], 1, 16, "floor", line)
      local t = number(w[5], 0, 65535, "second", line)
      io.write(reply(band, seed, k, t, chest(up, names, band, seed, k, t)), "\n")
    end
    io.flush()
  end
end
os.exit(0)
