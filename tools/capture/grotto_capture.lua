-- grotto_capture.lua -- a DeSmuME Lua script that writes grotto-harness
-- capture files while you play Dragon Quest IX: a `ram` capture for every
-- floor of the active grotto you enter, an `inventory` capture for every new
-- treasure map. Check them with `grotto verify FILE`.
--
-- Our own code, written from the facts in the specification's hardware.md
-- ("Reading a floor from the running game"). Runs on DeSmuME's Lua 5.1 and
-- on Lua 5.4 (the harness tests it there with a simulated DeSmuME session,
-- tests/capture/desmume_stub.lua), so it uses no bit operators and no
-- integer division.
--
-- TURN DeSmuME's "Use dynamic recompiler" (the JIT) OFF: DeSmuME runs Lua
-- exec hooks (memory.registerexec) only in its interpreter; with the JIT on
-- no hook fires and nothing is captured. The script cannot ask DeSmuME which
-- is on; it says so at start-up, and (USA build) when the current-floor byte
-- changes to a floor but the floor generator was not seen within
-- GROTTO_HOOK_FRAMES frames it prints a WARNING naming the setting (or, when
-- hooks did fire earlier in the session, that the floor came without the
-- generator: a save state loaded on a floor).
--
-- DeSmuME also runs an ARM exec hook only when the instruction's condition
-- passes. The hooked instructions (public decompilation, DQIX/dqix-decomp:
-- its symbol and relocation tables config/{usa,jpn}/arm9/{symbols,relocs}.txt
-- and its C source; the ROM's own bytes were not read):
--   floor entry   USA 0x0208FE68 / JPN 0x02090780: the first instruction of
--                 ActiveGrottoClass::CalculateFloorMap(floor, width, height,
--                 FloorMap*) - the prologue, which runs on every call;
--   floor done    USA 0x0208FEC8 / JPN 0x020907E0: the instruction right after
--                 its `bl` to FloorMap::ComputeAdjacencyData (USA 0x0208FEC4,
--                 JPN 0x020907DC); only `return true` follows in the C;
--   quality draw  USA 0x020A5EC8 / JPN 0x020A7C6C: right after the `bl` to
--                 GenerateNewMapQuality (USA 0x020A5EC4, JPN 0x020A7C68) in
--                 TreasureMapMetadata::InitialiseAsNonLegacyMap;
--   seed draw     USA 0x020A5EE4 / JPN 0x020A7C88: right after the `bl` to
--                 _s32_div_f that computes rand() % 0xFFFF (remainder in r1);
--   location draw USA 0x020A5EF0 / JPN 0x020A7C94: right after the `bl` to
--                 GenerateMapLocation.
-- An instruction right after a `bl` cannot be conditional on anything the
-- code before the call computed (a callee leaves the flags undefined), and a
-- prologue is not conditional, so none of the five is skipped by its own
-- condition. What is conditional is the path: the game calls
-- GenerateNewMapQuality only when it was given no quality in 2..248, and
-- draws the seed only when it was given seed 0 - so the quality and seed
-- hooks are reached at least when the game draws them; whether the other
-- path passes them too is not known without the ROM's bytes. An inventory
-- capture is written only when quality, seed and location were all seen in
-- that order (a new random map); fixed maps (quest 15's) give none.
--
-- What each capture takes, and from where:
--   ram: the floor from r1 at the generator's entry (its own argument); the
--        current-floor byte (USA 0x020FD7AA, signed) only as a cross-check
--        once the floor is entered: when they differ the capture is written
--        with `floor_byte:` and `grotto verify` calls it DOUBTFUL, never a
--        MISMATCH. `walk_nodes` = (end - begin) / 16 of the walking map's
--        node array, recorded only once the pair has changed from the
--        previous floor's and then stayed the same for a whole frame (it is
--        built over several frames). JPN captures say `inferred: walk_nodes`
--        (the JPN walking-map pointers are inferred in hardware.md).
--   inventory: quality, seed and location as the game stores them (u8, u16,
--        u8: the registers are masked).
-- One capture per (map, floor) and session: a re-entered floor is written
-- again only when its content differs.
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
--   GROTTO_CAPTURE_DIR   an existing folder for the capture files (default:
--                        the script's own folder). Made absolute once, at
--                        start-up: a relative folder is taken from the
--                        script's folder (DeSmuME's working directory when it
--                        loads the script; it may change later)
--   GROTTO_SOURCE        the captures' "source:" line: who ran it, on what
--   GROTTO_WALK_FRAMES   frames to wait for the monsters' walking map of a new
--                        floor to settle before writing its capture without
--                        walk_nodes (default 120, two seconds)
--   GROTTO_HOOK_FRAMES   frames around a change of the current-floor byte in
--                        which the floor generator must be seen (default 300)

local function setting(name, default)
  local v = rawget(_G, name)
  if v == nil and os and os.getenv then v = os.getenv(name) end
  if v == nil or v == "" then return default end
  return v
end

local function say(text)
  if print then print("grotto_capture.lua: " .. text) end
end

local GAME = setting("GROTTO_GAME", "na")
local SOURCE = setting("GROTTO_SOURCE", "tools/capture/grotto_capture.lua in DeSmuME (set GROTTO_SOURCE: who, which cartridge dump)")
local WALK_FRAMES = tonumber(setting("GROTTO_WALK_FRAMES", "120"))
local HOOK_FRAMES = tonumber(setting("GROTTO_HOOK_FRAMES", "300"))

-- Addresses (hardware.md). The grotto object's fields are at the same
-- offsets in both builds except the inline floor map (+0x1C8 USA, +0x1E8
-- JPN); the JPN object's address is taken from r0 at the generator's entry.
local BUILDS = {
  na = {
    grotto = 0x020FD7DC,          -- the active grotto object
    floor_map = 0x1C8,            -- offset of its floor map object
    current_floor = 0x020FD7AA,   -- s8, 1-based; -1 off a grotto floor
    floor_entry = 0x0208FE68,     -- entry of the function that computes a floor's map
    floor_done = 0x0208FEC8,      -- the instruction after its adjacency computation
    walk_begin = 0x020FDD60, walk_end = 0x020FDD64,
    draw_quality = 0x020A5EC8, draw_seed = 0x020A5EE4, draw_location = 0x020A5EF0,
    inferred = {},
  },
  jp = {
    grotto = nil,                 -- not documented: r0 at floor_entry
    floor_map = 0x1E8,
    current_floor = nil,          -- not documented: no cross-check, no JIT warning
    floor_entry = 0x02090780,
    floor_done = 0x020907E0,
    walk_begin = 0x020FDAC8, walk_end = 0x020FDACC,        -- inferred (hardware.md)
    -- hardware.md: "inferred from the same code"; the decompilation's JPN
    -- relocation table puts the three calls right before them (see above)
    draw_quality = 0x020A7C6C, draw_seed = 0x020A7C88, draw_location = 0x020A7C94,
    inferred = { walk_nodes = "0x020FDAC8/0x020FDACC" },
  },
}

local B = BUILDS[GAME]
if not B then
  error("grotto_capture.lua: GROTTO_GAME is '" .. tostring(GAME) .. "': expected na or jp" ..
        (GAME == "eu" and " (the European build's code addresses are not known)" or ""))
end

-- ---- the capture folder, absolute, resolved once ----

local WINDOWS = package and package.config and package.config:sub(1, 1) == "\\"

local function is_absolute(p)
  return p ~= nil and (p:sub(1, 1) == "/" or p:sub(1, 1) == "\\" or p:match("^%a:[/\\]") ~= nil)
end

local function folder_of(path)
  return path:match("^(.*)[/\\][^/\\]*$") or ""
end

-- The folder this script was loaded from (DeSmuME's working directory at that
-- moment), or the process's working directory when the script's path is relative.
local function base_folder()
  local src = debug and debug.getinfo and debug.getinfo(1, "S").source or ""
  local dir = src:sub(1, 1) == "@" and folder_of(src:sub(2)) or ""
  if is_absolute(dir) then return dir end
  local cwd = os.getenv and os.getenv("PWD")
  if not is_absolute(cwd) and io.popen then
    local p = io.popen(WINDOWS and "cd" or "pwd")
    if p then
      cwd = (p:read("*l") or ""):gsub("%s+$", "")
      p:close()
    end
  end
  if not is_absolute(cwd) then
    error("grotto_capture.lua: cannot tell which folder this is: set GROTTO_CAPTURE_DIR to an absolute folder")
  end
  if dir == "" then return cwd end
  return cwd .. (WINDOWS and "\\" or "/") .. dir
end

local function resolve(dir)
  if is_absolute(dir) then return dir end
  local base = base_folder()
  if dir == nil or dir == "." or dir == "" then return base end
  return base .. (WINDOWS and "\\" or "/") .. dir:gsub("^%.[/\\]", "")
end

local DIR = resolve(setting("GROTTO_CAPTURE_DIR", nil))
local SEP = WINDOWS and "\\" or "/"

-- ---- memory ----

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
local function s8(v)
  v = v % 256
  if v >= 128 then v = v - 256 end
  return v
end

local function floor_byte()
  if not B.current_floor then return nil end
  return s8(u8(B.current_floor))
end

-- ---- files ----

local function today()
  return os.date("!%Y-%m-%dT%H:%M:%SZ")
end

local written = 0

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() return true end
  return false
end

-- Write text to DIR/name-N.cap through DIR/name-N.cap.tmp; errors are raised.
local function write_file(name, text)
  local final
  repeat
    written = written + 1
    final = DIR .. SEP .. name .. "-" .. written .. ".cap"
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

-- One capture per (map, floor) and session unless its content differs: the
-- contents written so far under each name (comments and date left out).
local seen = {}

local function content_of(lines)
  local keep = {}
  for _, l in ipairs(lines) do
    if l:sub(1, 1) ~= "#" and l:sub(1, 5) ~= "date:" then keep[#keep + 1] = l end
  end
  return table.concat(keep, "\n")
end

-- lines: the record; name: grotto-KIND-SEED[-BnF]; what: for the console
local function save(name, lines, what)
  local content = content_of(lines)
  seen[name] = seen[name] or {}
  for _, c in ipairs(seen[name]) do
    if c == content then
      say(what .. ": captured before in this session with the same content, not written again")
      return nil
    end
  end
  local path = write_file(name .. "-" .. os.date("!%Y%m%dT%H%M%SZ"), table.concat(lines, "\n") .. "\n")
  table.insert(seen[name], content)
  say("wrote " .. path)
  return path
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

-- ---- hooks seen (the JIT check) ----

local frame = 0              -- frames ended since the script started
local hooks_fired = 0        -- exec hooks run in this session
local last_entry = nil       -- the frame of the last generator entry for the grotto's own map
local matched = nil          -- the last entry already matched with a change of the floor byte
local last_byte = nil        -- the current-floor byte at the end of the last frame
local watch = nil            -- { floor, frame }: the byte changed, the generator not yet seen

local function hooked(fn)
  return function()
    hooks_fired = hooks_fired + 1
    fn()
  end
end

local function check_hooks()
  local b = floor_byte()
  if b == nil then return end
  local fresh = last_entry ~= nil and last_entry ~= matched     -- not yet matched with a change
  if last_byte ~= nil and b ~= last_byte and b >= 1 and b <= 16 then
    if fresh and frame - last_entry <= HOOK_FRAMES then
      matched = last_entry                                     -- the generator ran just before
    else
      watch = { floor = b, frame = frame }
    end
  end
  last_byte = b
  if watch and fresh and last_entry >= watch.frame then
    matched, watch = last_entry, nil                           -- it ran after the change
  elseif watch and frame - watch.frame >= HOOK_FRAMES then
    if hooks_fired == 0 then
      say("WARNING: the floor changed to B" .. watch.floor .. "F but no exec hook has run (" .. HOOK_FRAMES ..
          " frames): turn OFF DeSmuME's 'Use dynamic recompiler' (the JIT runs no Lua exec hooks), restart" ..
          " the game, and enter the floor again; nothing was captured")
    else
      say("the floor changed to B" .. watch.floor .. "F without the floor generator running within " ..
          HOOK_FRAMES .. " frames (a save state loaded on a floor?): no capture for it")
    end
    watch = nil
  end
end

-- ---- floors ----

local armed = nil     -- set at the generator's entry when it fills the grotto's own floor map
local pending = nil   -- a generated floor waiting for its walking map

local function walk_pair()
  return u32(B.walk_begin), u32(B.walk_end)
end

local function write_floor(p, walk_nodes, why)
  local lines = header("ram")
  for _, n in ipairs(p.notes) do table.insert(lines, 1, n) end
  local byte = floor_byte()
  lines[#lines + 1] = string.format("seed: 0x%04X", p.seed)
  lines[#lines + 1] = "floor: " .. p.floor
  if byte ~= nil and byte ~= p.floor then
    table.insert(lines, 1, "# floor: r1 at the generator's entry; the current-floor byte read " .. byte ..
                 " once the floor was entered (floor_byte): DOUBTFUL")
    lines[#lines + 1] = "floor_byte: " .. byte
  end
  for _, l in ipairs(p.body) do lines[#lines + 1] = l end
  if walk_nodes then
    lines[#lines + 1] = "walk_nodes: " .. walk_nodes
    if B.inferred.walk_nodes then
      lines[#lines + 1] = "inferred: walk_nodes"
      table.insert(lines, 1, "# walk_nodes read at " .. B.inferred.walk_nodes .. " (inferred for this build in hardware.md)")
    end
  else
    table.insert(lines, 1, "# walk_nodes not read: " .. why)
  end
  lines[#lines + 1] = "tiles:"
  for _, row in ipairs(p.tiles) do lines[#lines + 1] = row end
  save(p.name, lines, string.format("%04X B%dF", p.seed, p.floor))
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
  armed = { obj = obj, floor = reg("r1") }
  last_entry = frame + 1                                 -- the frame in progress
end

local function on_floor_done()
  if not armed then return end
  local a = armed
  armed = nil
  flush_pending("the next floor was generated first")
  if a.floor < 1 or a.floor > 16 then
    say("the floor generator ran with floor " .. a.floor .. " (r1), not 1..16: not captured")
    return
  end
  local fm = a.obj + B.floor_map
  local notes = {}
  if not B.current_floor then
    notes[#notes + 1] = "# floor: r1 at the generator's entry (the JPN current-floor address is not documented)"
  end
  local body = {}
  body[#body + 1] = "quality: " .. u8(a.obj + OBJ_QUALITY)
  body[#body + 1] = "width: " .. s32(fm + FM_WIDTH)
  body[#body + 1] = "height: " .. s32(fm + FM_HEIGHT)
  body[#body + 1] = "up: " .. u8(fm + FM_UP) .. "," .. u8(fm + FM_UP + 1)
  body[#body + 1] = "down: " .. u8(fm + FM_DOWN) .. "," .. u8(fm + FM_DOWN + 1)
  local count = s32(fm + FM_CHEST_COUNT)
  if count == 0 then
    body[#body + 1] = "chests: none"
  elseif count > 0 and count <= MAX_CHESTS then
    local c = {}
    for i = 0, count - 1 do
      c[#c + 1] = u8(fm + FM_CHESTS + 2 * i) .. "," .. u8(fm + FM_CHESTS + 2 * i + 1)
    end
    body[#body + 1] = "chests: " .. table.concat(c, " ")
  else
    notes[#notes + 1] = "# chest count read as " .. count .. " (not 0..5): chests omitted"
  end
  local tiles = {}
  local grid = u32(fm + FM_TILES)                        -- heap buffer: follow the pointer
  for y = 0, 15 do
    local row = {}
    for x = 0, 15 do row[#row + 1] = string.format("%02X", u8(grid + 16 * y + x)) end
    tiles[#tiles + 1] = table.concat(row)
  end
  local seed = u16(a.obj + OBJ_SEED)
  local b0, e0 = walk_pair()
  pending = { name = string.format("grotto-ram-%04X-B%dF", seed, a.floor), seed = seed, floor = a.floor,
              notes = notes, body = body, tiles = tiles, b0 = b0, e0 = e0, frames = 0 }
end

-- The walking map of the new floor is built after its floor map, over one or
-- more frames: wait until its node array has changed from the previous
-- floor's and then kept the same (begin, end) for a whole frame; then
-- W = (end - begin) / 16.
local function watch_walk()
  if not pending then return end
  local p = pending
  p.frames = p.frames + 1
  local b, e = walk_pair()
  local new = b ~= 0 and (b ~= p.b0 or e ~= p.e0) and e >= b and (e - b) % 16 == 0 and (e - b) / 16 <= 256
  if new and b == p.lb and e == p.le then
    pending = nil
    write_floor(p, math.floor((e - b) / 16))
  elseif p.frames >= WALK_FRAMES then
    flush_pending("the walking map did not settle within " .. WALK_FRAMES .. " frames")
  else
    p.lb, p.le = b, e
  end
end

local function after_frame()
  frame = frame + 1
  check_hooks()
  watch_walk()
end

-- ---- new maps: the three draws after the timer (HW-3) ----

local draw = nil

local function on_draw_quality() draw = { quality = reg("r0") % 256 } end

local function on_draw_seed()
  if draw then draw.seed = reg("r1") % 65536 end          -- stored as a u16
end

local function on_draw_location()
  if not (draw and draw.seed) then draw = nil return end
  local lines = header("inventory")
  lines[#lines + 1] = string.format("seed: 0x%04X", draw.seed)
  lines[#lines + 1] = "quality: " .. draw.quality
  lines[#lines + 1] = "location: " .. reg("r0") % 256
  save(string.format("grotto-inventory-%04X", draw.seed), lines, string.format("new map %04X", draw.seed))
  draw = nil
end

memory.registerexec(B.floor_entry, hooked(on_floor_entry))
memory.registerexec(B.floor_done, hooked(on_floor_done))
memory.registerexec(B.draw_quality, hooked(on_draw_quality))
memory.registerexec(B.draw_seed, hooked(on_draw_seed))
memory.registerexec(B.draw_location, hooked(on_draw_location))
emu.registerafter(after_frame)
-- fail now, not at the first floor, if DIR cannot take files
os.remove(write_file("grotto-probe", "# grotto_capture.lua: can write here\n"))
written = 0
say("game " .. GAME .. ", writing captures to " .. DIR)
say("exec hooks run only in DeSmuME's interpreter: 'Use dynamic recompiler' (the JIT) must be OFF")
