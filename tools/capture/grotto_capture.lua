-- grotto_capture.lua -- a DeSmuME Lua script that writes grotto-harness
-- capture files while you play Dragon Quest IX: a `ram` capture for every
-- finished floor of the active grotto, an `inventory` capture for every new
-- treasure map. Check them with `grotto verify FILE`.
--
-- Our own code, written from the facts in the specification's hardware.md
-- ("Reading a floor from the running game"). Runs on DeSmuME's Lua 5.1 and
-- on Lua 5.4 (the harness tests it there with a stub of DeSmuME's API), so
-- it uses no bit operators and no integer division.
--
-- Every capture is its own file, grotto-KIND-SEED[-BnF]-TIME-N.cap, written
-- under a temporary name (.cap.tmp) and renamed when complete, so a crash
-- never leaves a partial capture that `grotto verify DIR` would read.
--
-- Settings: set these globals before loading the script (a two-line wrapper
-- script: GROTTO_GAME = "jp"  then  dofile("grotto_capture.lua")), or the
-- environment variables of the same names:
--   GROTTO_GAME          "na" (the USA build, default) or "jp" (the JPN build).
--                        "eu" is refused: hardware.md knows only the European
--                        build's data addresses, not its code addresses.
--   GROTTO_CAPTURE_DIR   an existing folder for the capture files
--                        (default: the current folder)
--   GROTTO_SOURCE        the captures' "source:" line: who ran it, on what
--   GROTTO_WALK_FRAMES   frames to wait for the monsters' walking map of a new
--                        floor before writing its capture without walk_nodes
--                        (default 120, two seconds)

local function setting(name, default)
  local v = rawget(_G, name)
  if v == nil and os and os.getenv then v = os.getenv(name) end
  if v == nil or v == "" then return default end
  return v
end

local GAME = setting("GROTTO_GAME", "na")
local DIR = setting("GROTTO_CAPTURE_DIR", ".")
local SOURCE = setting("GROTTO_SOURCE", "tools/capture/grotto_capture.lua in DeSmuME (set GROTTO_SOURCE: who, which cartridge dump)")
local WALK_FRAMES = tonumber(setting("GROTTO_WALK_FRAMES", "120"))

-- Addresses (hardware.md). The grotto object's fields are at the same
-- offsets in both builds except the inline floor map (+0x1C8 USA, +0x1E8
-- JPN); the JPN object's address is taken from r0 at the generator's entry.
local BUILDS = {
  na = {
    grotto = 0x020FD7DC,          -- the active grotto object
    floor_map = 0x1C8,            -- offset of its floor map object
    current_floor = 0x020FD7AA,   -- u8, 1-based
    floor_entry = 0x0208FE68,     -- entry of the function that computes a floor's map
    floor_done = 0x0208FEC8,      -- the instruction after its adjacency computation
    walk_begin = 0x020FDD60, walk_end = 0x020FDD64,
    draw_quality = 0x020A5EC8, draw_seed = 0x020A5EE4, draw_location = 0x020A5EF0,
  },
  jp = {
    grotto = nil,                 -- not documented: r0 at floor_entry
    floor_map = 0x1E8,
    current_floor = nil,          -- not documented: r1 at floor_entry is used
    floor_entry = 0x02090780,
    floor_done = 0x020907E0,
    walk_begin = 0x020FDAC8, walk_end = 0x020FDACC,        -- inferred (hardware.md)
    draw_quality = 0x020A7C6C, draw_seed = 0x020A7C88, draw_location = 0x020A7C94, -- inferred
  },
}

local B = BUILDS[GAME]
if not B then
  error("grotto_capture.lua: GROTTO_GAME is '" .. tostring(GAME) .. "': expected na or jp" ..
        (GAME == "eu" and " (the European build's code addresses are not known)" or ""))
end

-- Floor map object (0x8C bytes, same layout in both builds).
local FM_TILES, FM_WIDTH, FM_HEIGHT = 0x00, 0x08, 0x0C
local FM_UP, FM_DOWN, FM_CHESTS, FM_CHEST_COUNT = 0x10, 0x12, 0x7C, 0x88
local OBJ_SEED, OBJ_QUALITY = 0x4C, 0x4E
local MAX_CHESTS = 5

local function reg(name) return memory.getregister(name) end
local function u8(a) return memory.readbyte(a) end
local function u16(a) return memory.readword(a) end
local function u32(a) return memory.readdword(a) end
local function s32(a)
  local v = u32(a)
  if v >= 2147483648 then v = v - 4294967296 end
  return v
end

local function today()
  return os.date("!%Y-%m-%dT%H:%M:%SZ")
end

local written = 0

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() return true end
  return false
end

-- Write text to DIR/name.cap through DIR/name.cap.tmp; errors are raised.
local function write_file(name, text)
  local final
  repeat
    written = written + 1
    final = DIR .. "/" .. name .. "-" .. written .. ".cap"
  until not exists(final)
  local tmp = final .. ".tmp"
  local f, err = io.open(tmp, "w")
  if not f then error("grotto_capture.lua: cannot write " .. tmp .. ": " .. tostring(err)) end
  local ok, werr = f:write(text)
  local cok, cerr = f:close()
  if not ok or not cok then
    os.remove(tmp)
    error("grotto_capture.lua: write error on " .. tmp .. ": " .. tostring(werr or cerr))
  end
  local rok, rerr = os.rename(tmp, final)
  if not rok then
    os.remove(tmp)
    error("grotto_capture.lua: cannot rename " .. tmp .. ": " .. tostring(rerr))
  end
  return final
end

-- lines: the record; name: grotto-KIND-SEED[-BnF]
local function save(name, lines)
  local path = write_file(name .. "-" .. os.date("!%Y%m%dT%H%M%SZ"), table.concat(lines, "\n") .. "\n")
  if print then print("grotto_capture.lua: wrote " .. path) end
end

local function header(kind)
  return {
    "# tools/capture/grotto_capture.lua, game " .. GAME,
    "capture: " .. kind,
    "source: " .. SOURCE,
    "date: " .. today(),
    "method: emulator RAM read",
    "game: " .. GAME,
  }
end

-- ---- floors ----

local armed = nil     -- set at the generator's entry when it fills the grotto's own floor map
local pending = nil   -- a finished floor waiting for its walking map

local function walk_pair()
  return u32(B.walk_begin), u32(B.walk_end)
end

local function write_floor(p, walk_nodes, why)
  local lines = p.lines
  if walk_nodes then
    table.insert(lines, p.walk_at, "walk_nodes: " .. walk_nodes)
  else
    table.insert(lines, 1, "# walk_nodes not read: " .. why)
  end
  save(p.name, lines)
end

local function flush_pending(why)
  if pending then
    local p = pending
    pending = nil
    write_floor(p, nil, why)
  end
end

local function on_floor_entry()
  local obj = reg("r0")
  armed = nil
  if B.grotto and obj ~= B.grotto then return end        -- not the active grotto object
  local target = u32(reg("r13"))                        -- fifth argument: the floor map to fill
  local own = obj + B.floor_map
  if target ~= 0 and target ~= own then return end       -- overlay code filling a temporary map
  armed = { obj = obj, floor_arg = reg("r1") }
end

local function on_floor_done()
  if not armed then return end
  local a = armed
  armed = nil
  flush_pending("the next floor was generated first")
  local fm = a.obj + B.floor_map
  local floor = a.floor_arg
  local notes = {}
  if B.current_floor then
    floor = u8(B.current_floor)
    if floor ~= a.floor_arg then
      notes[#notes + 1] = "# floor from the current-floor byte; r1 at the generator's entry was " .. a.floor_arg
    end
  else
    notes[#notes + 1] = "# floor: r1 at the generator's entry (the JPN current-floor address is not documented)"
  end
  local lines = header("ram")
  for _, n in ipairs(notes) do table.insert(lines, 1, n) end
  lines[#lines + 1] = string.format("seed: 0x%04X", u16(a.obj + OBJ_SEED))
  lines[#lines + 1] = "floor: " .. floor
  lines[#lines + 1] = "quality: " .. u8(a.obj + OBJ_QUALITY)
  lines[#lines + 1] = "width: " .. s32(fm + FM_WIDTH)
  lines[#lines + 1] = "height: " .. s32(fm + FM_HEIGHT)
  lines[#lines + 1] = "up: " .. u8(fm + FM_UP) .. "," .. u8(fm + FM_UP + 1)
  lines[#lines + 1] = "down: " .. u8(fm + FM_DOWN) .. "," .. u8(fm + FM_DOWN + 1)
  local count = s32(fm + FM_CHEST_COUNT)
  if count == 0 then
    lines[#lines + 1] = "chests: none"
  elseif count > 0 and count <= MAX_CHESTS then
    local c = {}
    for i = 0, count - 1 do
      c[#c + 1] = u8(fm + FM_CHESTS + 2 * i) .. "," .. u8(fm + FM_CHESTS + 2 * i + 1)
    end
    lines[#lines + 1] = "chests: " .. table.concat(c, " ")
  else
    table.insert(lines, 1, "# chest count read as " .. count .. " (not 0..5): chests omitted")
  end
  local walk_at = #lines + 1
  lines[#lines + 1] = "tiles:"
  local tiles = u32(fm + FM_TILES)                       -- heap buffer: follow the pointer
  for y = 0, 15 do
    local row = {}
    for x = 0, 15 do row[#row + 1] = string.format("%02X", u8(tiles + 16 * y + x)) end
    lines[#lines + 1] = table.concat(row)
  end
  local b0, e0 = walk_pair()
  local name = string.format("grotto-ram-%04X-B%dF", u16(a.obj + OBJ_SEED), floor)
  pending = { name = name, lines = lines, walk_at = walk_at, b0 = b0, e0 = e0, frames = 0 }
end

-- The walking map of the new floor is built after its floor map: wait for
-- its node array to change, then W = (end - begin) / 16.
local function after_frame()
  if not pending then return end
  pending.frames = pending.frames + 1
  local b, e = walk_pair()
  if b ~= 0 and (b ~= pending.b0 or e ~= pending.e0) and e >= b and (e - b) % 16 == 0
     and (e - b) / 16 <= 256 then
    local p = pending
    pending = nil
    write_floor(p, math.floor((e - b) / 16))
  elseif pending.frames >= WALK_FRAMES then
    flush_pending("the walking map did not change within " .. WALK_FRAMES .. " frames")
  end
end

-- ---- new maps: the three draws after the timer (HW-3) ----

local draw = nil

local function on_draw_quality() draw = { quality = reg("r0") } end

local function on_draw_seed()
  if draw then draw.seed = reg("r1") end
end

local function on_draw_location()
  if not (draw and draw.seed) then draw = nil return end
  local lines = header("inventory")
  lines[#lines + 1] = string.format("seed: 0x%04X", draw.seed)
  lines[#lines + 1] = "quality: " .. draw.quality
  lines[#lines + 1] = "location: " .. reg("r0")
  save(string.format("grotto-inventory-%04X", draw.seed), lines)
  draw = nil
end

memory.registerexec(B.floor_entry, on_floor_entry)
memory.registerexec(B.floor_done, on_floor_done)
memory.registerexec(B.draw_quality, on_draw_quality)
memory.registerexec(B.draw_seed, on_draw_seed)
memory.registerexec(B.draw_location, on_draw_location)
emu.registerafter(after_frame)
-- fail now, not at the first floor, if DIR cannot take files
os.remove(write_file("grotto-probe", "# grotto_capture.lua: can write here\n"))
written = 0
if print then print("grotto_capture.lua: game " .. GAME .. ", writing captures to " .. DIR) end
