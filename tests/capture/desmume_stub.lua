-- A small DeSmuME session simulator for tools/capture/grotto_capture.lua:
-- the part of DeSmuME's Lua API the script uses (memory.registerexec,
-- memory.getregister, memory.readbyte/word/dword, emu.registerafter, print)
-- over a simulated DS main RAM, and a game that generates maps and floors
-- in the order and with the registers hardware.md ("Reading a floor from the
-- running game") documents. Driven by a scenario file; used by
-- tests/e2e/test_capture_script.py under Debian's lua5.4 and lua5.1
-- (DeSmuME embeds Lua 5.1), so it keeps to what both understand.
--
-- usage: lua5.4 desmume_stub.lua RAM_IMAGE|- SCENARIO SCRIPT
--   RAM_IMAGE  the DS main RAM to start from: byte i is address 0x02000000 + i
--              (4 MiB); '-' for a RAM of zeros
--   SCENARIO   one event per line ('#' comments); numbers are hex with 0x or
--              decimal.
--   Low level:
--     exec ADDR [rN=VALUE ...]   set registers, then run as if the ARM9 executed
--                                the instruction at ADDR (its hooks run, unless
--                                the JIT is on; none registered is not an error)
--     write8|write16|write32 ADDR VALUE   change RAM (little-endian)
--     frame [N]                  end N frames (default 1): registerafter hooks
--     print TEXT                 print TEXT (a marker between steps)
--   The simulated game (addresses: the stub's own table below, from hardware.md):
--     game na|jp [grotto=ADDR]   the build (default na); the JPN grotto object's
--                                address is not documented: grotto= picks one
--                                (default 0x020FF000)
--     jit on|off                 on: DeSmuME's dynamic recompiler - no exec hook
--                                runs (the game itself goes on: RAM, frames)
--     map SEED QUALITY           the active grotto's seed and quality
--     floor N HEX                floor N's FloorRecord (544 hex digits, as
--                                `grotto floor --record` prints it)
--     tile N X Y VALUE           change one tile of floor N's record
--     enter N [r1=M] [byte=B] [walk=W1,W2,...] [overlay]
--                                the game enters floor N: with overlay, first an
--                                overlay fills a temporary floor map (fifth argument
--                                non-NULL, r1 = N + 1); the current-floor byte
--                                becomes B (default N; na only: the JPN byte is not
--                                documented); the generator's entry runs (r0 the
--                                grotto object, r1 = M (default N), r2/r3 the size,
--                                [sp] = NULL), the floor map object is filled from
--                                the record with new heap buffers for tiles and
--                                adjacency, then the tiles-done and done instructions
--                                run; then the walking map is built: one new node
--                                array, its end pointer growing through the counts
--                                W1, W2, ... with a frame ended between two counts
--                                (default: one count, the record's walkable tiles;
--                                walk=none leaves the walking map as it was). The
--                                scenario ends the frames after the last count.
--     leave                      the current-floor byte becomes -1 (na)
--     new_map QUALITY SEED LOCATION
--                                a new map's three draws (HW-3): the quality hook
--                                with r0 = QUALITY, the seed hook with r1 = SEED
--                                (and the quotient in r0), the location hook with
--                                r0 = LOCATION
-- Reads outside main RAM and unknown registers are errors, so a script reading
-- the wrong place fails loudly.

local RAM_BASE, RAM_SIZE = 0x02000000, 4 * 1024 * 1024
local ram_path, scenario_path, script_path = arg[1], arg[2], arg[3]
assert(ram_path and scenario_path and script_path, "usage: desmume_stub.lua RAM_IMAGE|- SCENARIO SCRIPT")

local image = ""
if ram_path ~= "-" then
  local f = assert(io.open(ram_path, "rb"))
  image = f:read("*a")
  f:close()
end
local patch = {}   -- address -> byte written by the scenario or the simulated game
local regs = {}
for i = 0, 15 do regs["r" .. i] = 0 end
local exec_hooks, after_hooks = {}, {}
local frame = 0
local jit = false

local function byte_at(a)
  if patch[a] then return patch[a] end
  local i = a - RAM_BASE
  if i < 0 or i >= RAM_SIZE then error(string.format("stub: read outside main RAM at 0x%08X", a), 3) end
  if i < #image then return image:byte(i + 1) end
  return 0
end

local function read(a, n)
  local v = 0
  for k = n - 1, 0, -1 do v = v * 256 + byte_at(a + k) end
  return v
end

local function write(a, v, n)
  for k = 0, n - 1 do
    patch[a + k] = v % 256
    v = math.floor(v / 256)
  end
end

memory = {
  readbyte = function(a) return read(a, 1) end,
  readword = function(a) return read(a, 2) end,
  readdword = function(a) return read(a, 4) end,
  getregister = function(name)
    local v = regs[name]
    if v == nil then error("stub: unknown register '" .. tostring(name) .. "'", 2) end
    return v
  end,
  -- DeSmuME: memory.registerexec(address, [size,] [cpu,] function)
  registerexec = function(addr, ...)
    local args = { ... }
    local fn = args[#args]
    assert(type(fn) == "function", "stub: registerexec needs a function")
    exec_hooks[addr] = exec_hooks[addr] or {}
    table.insert(exec_hooks[addr], fn)
  end,
}

emu = {
  registerafter = function(fn) table.insert(after_hooks, fn) end,
  framecount = function() return frame end,
}

local function num(s)
  local v = tonumber(s)
  if not v then error("stub: bad number '" .. tostring(s) .. "'") end
  return v
end

local function exec(addr, set)
  for name, value in pairs(set or {}) do regs[name] = value end
  if jit then return end
  for _, fn in ipairs(exec_hooks[addr] or {}) do fn() end
end

local function end_frames(n)
  for _ = 1, n do
    frame = frame + 1
    for _, fn in ipairs(after_hooks) do fn() end
  end
end

-- ---- the simulated game ----

-- hardware.md's addresses (this table is the test's own, not the script's)
local BUILDS = {
  na = { grotto = 0x020FD7DC, floor_map = 0x1C8, current_floor = 0x020FD7AA,
         entry = 0x0208FE68, tiles_done = 0x0208FEC0, done = 0x0208FEC8,
         walk_begin = 0x020FDD60, walk_end = 0x020FDD64,
         draw_quality = 0x020A5EC8, draw_seed = 0x020A5EE4, draw_location = 0x020A5EF0 },
  jp = { grotto = 0x020FF000, floor_map = 0x1E8, current_floor = nil,
         entry = 0x02090780, tiles_done = 0x020907D8, done = 0x020907E0,
         walk_begin = 0x020FDAC8, walk_end = 0x020FDACC,
         draw_quality = 0x020A7C6C, draw_seed = 0x020A7C88, draw_location = 0x020A7C94 },
}
local G = BUILDS.na
local records = {}           -- floor -> array of 272 bytes (1-based)
local heap = 0x02300000      -- bump allocator for the game's heap buffers
local SP, SP_OVERLAY, TEMP_MAP = 0x023FF000, 0x023FF100, 0x023F0000

local function alloc(n)
  local a = heap
  heap = heap + n + (16 - n % 16) % 16
  assert(heap < RAM_BASE + RAM_SIZE - 0x20000, "stub: simulated heap exhausted")
  return a
end

local function blocked(t) return t == 1 or t == 3 end

-- the adjacency grid as hardware.md describes it (the script does not read it)
local function adjacency(grid)
  local bits = { { -1, -1, 0x80 }, { 0, -1, 0x40 }, { 1, -1, 0x20 }, { 1, 0, 0x10 },
                 { 1, 1, 0x08 }, { 0, 1, 0x04 }, { -1, 1, 0x02 }, { -1, 0, 0x01 } }
  local out = {}
  for y = 0, 15 do
    for x = 0, 15 do
      local v = 0
      if blocked(grid[16 * y + x + 1]) or x == 0 or x == 15 or y == 0 or y == 15 then
        v = 0xFF
      else
        for _, b in ipairs(bits) do
          if blocked(grid[16 * (y + b[2]) + x + b[1] + 1]) then v = v + b[3] end
        end
      end
      out[16 * y + x + 1] = v
    end
  end
  return out
end

local function record_of(n)
  local r = records[n]
  if not r then error("stub: floor " .. n .. " has no record (give 'floor " .. n .. " HEX' first)") end
  return r
end

local function fill_floor_map(fm, rec)
  local grid = {}
  for i = 1, 256 do grid[i] = rec[16 + i] end
  local tiles, adj = alloc(256), alloc(256)
  for i = 1, 256 do write(tiles + i - 1, grid[i], 1) end
  local a = adjacency(grid)
  for i = 1, 256 do write(adj + i - 1, a[i], 1) end
  write(fm + 0x00, tiles, 4)
  write(fm + 0x04, adj, 4)
  write(fm + 0x08, rec[2], 4)                    -- width, height (s32)
  write(fm + 0x0C, rec[3], 4)
  for k = 0, 3 do write(fm + 0x10 + k, rec[5 + k], 1) end   -- up x, y, down x, y
  local count = rec[9]
  for i = 0, 2 * count - 1 do write(fm + 0x7C + i, rec[10 + i], 1) end
  write(fm + 0x88, count, 4)
end

local function walkable(rec)
  local w = 0
  for i = 17, 272 do if not blocked(rec[i]) then w = w + 1 end end
  return w
end

local function enter(words)
  local n = num(words[2])
  local opt = { r1 = n, byte = n }
  local walk, overlay = nil, false
  for i = 3, #words do
    local k, v = words[i]:match("^(%w+)=(%S+)$")
    if words[i] == "overlay" then overlay = true
    elseif k == "r1" or k == "byte" then opt[k] = num(v)
    elseif k == "walk" then walk = v
    else error("stub: enter: unknown option '" .. words[i] .. "'") end
  end
  local rec = record_of(n)
  local obj, w, h = G.grotto, rec[2], rec[3]
  write(SP, 0, 4)                                -- fifth argument NULL: the object's own map
  write(SP_OVERLAY, TEMP_MAP, 4)
  if overlay then
    exec(G.entry, { r0 = obj, r1 = n + 1, r2 = w, r3 = h, r13 = SP_OVERLAY })
    fill_floor_map(TEMP_MAP, record_of(n))
    exec(G.tiles_done)
    exec(G.done, { r0 = 0 })
  end
  if G.current_floor then write(G.current_floor, opt.byte % 256, 1) end
  exec(G.entry, { r0 = obj, r1 = opt.r1, r2 = w, r3 = h, r13 = SP })
  fill_floor_map(obj + G.floor_map, rec)
  exec(G.tiles_done, { r0 = obj + G.floor_map })
  exec(G.done, { r0 = 1 })
  if walk == "none" then return end
  local counts = {}
  if walk then
    for c in walk:gmatch("[^,]+") do counts[#counts + 1] = num(c) end
  else
    counts[1] = walkable(rec)
  end
  local nodes = alloc(16 * 256)
  for i, c in ipairs(counts) do
    write(G.walk_begin, nodes, 4)
    write(G.walk_end, nodes + 16 * c, 4)
    if i < #counts then end_frames(1) end
  end
end

-- ---- the scenario ----

dofile(script_path)

local sf = assert(io.open(scenario_path, "r"))
local lineno = 0
for line in sf:lines() do
  lineno = lineno + 1
  local words = {}
  for w in line:gmatch("%S+") do words[#words + 1] = w end
  local op = words[1]
  local function bad(what) error(string.format("stub: scenario line %d: %s", lineno, what)) end
  if op == nil or op:sub(1, 1) == "#" then
    -- blank or comment
  elseif op == "exec" then
    local set = {}
    for i = 3, #words do
      local name, value = words[i]:match("^(r%d+)=(%S+)$")
      if not name then bad("bad register '" .. words[i] .. "'") end
      set[name] = num(value)
    end
    exec(num(words[2]), set)
  elseif op == "write8" or op == "write16" or op == "write32" then
    write(num(words[2]), num(words[3]), ({ write8 = 1, write16 = 2, write32 = 4 })[op])
  elseif op == "frame" then
    end_frames(num(words[2] or "1"))
  elseif op == "print" then
    print(line:match("^%s*print%s+(.*)$") or "")
  elseif op == "game" then
    G = BUILDS[words[2]] or bad("unknown game '" .. tostring(words[2]) .. "'")
    local g = words[3] and words[3]:match("^grotto=(%S+)$")
    if g then G.grotto = num(g) end
  elseif op == "jit" then
    jit = words[2] == "on"
  elseif op == "map" then
    write(G.grotto + 0x4C, num(words[2]), 2)
    write(G.grotto + 0x4E, num(words[3]), 1)
  elseif op == "floor" then
    local hex = words[3] or ""
    if #hex ~= 544 then bad("floor: 544 hex digits expected, got " .. #hex) end
    local r = {}
    for i = 1, 272 do r[i] = tonumber(hex:sub(2 * i - 1, 2 * i), 16) end
    records[num(words[2])] = r
  elseif op == "tile" then
    local r = record_of(num(words[2]))
    r[16 + 16 * num(words[4]) + num(words[3]) + 1] = num(words[5])
  elseif op == "enter" then
    enter(words)
  elseif op == "leave" then
    if G.current_floor then write(G.current_floor, 0xFF, 1) end
  elseif op == "new_map" then
    exec(G.draw_quality, { r0 = num(words[2]) })
    exec(G.draw_seed, { r0 = 0, r1 = num(words[3]) })
    exec(G.draw_location, { r0 = num(words[4]) })
  else
    bad("unknown event '" .. tostring(op) .. "'")
  end
end
sf:close()
