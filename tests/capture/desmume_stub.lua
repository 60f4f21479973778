-- A stub of the part of DeSmuME's Lua API that tools/capture/grotto_capture.lua
-- uses (memory.registerexec, memory.getregister, memory.readbyte/word/dword,
-- emu.registerafter), backed by a RAM image, driven by a scenario file.
-- Used by tests/e2e/test_capture_script.py under Debian's lua5.4 and lua5.1
-- (DeSmuME embeds Lua 5.1), so it keeps to what both understand.
--
-- usage: lua5.4 desmume_stub.lua RAM_IMAGE SCENARIO SCRIPT
--   RAM_IMAGE  the DS main RAM: byte i is address 0x02000000 + i (4 MiB)
--   SCENARIO   one event per line ('#' comments):
--                exec ADDR [rN=VALUE ...]   set registers, then run as if the ARM9
--                                           executed the instruction at ADDR (the hooks
--                                           registered there run; none is not an error)
--                write8|write16|write32 ADDR VALUE   change RAM (little-endian)
--                frame [N]                  end N frames (default 1): registerafter hooks
--              numbers are hex with 0x or decimal
-- Reads outside the image and unknown registers are errors, so a script
-- reading the wrong place fails loudly.

local RAM_BASE = 0x02000000
local ram_path, scenario_path, script_path = arg[1], arg[2], arg[3]
assert(ram_path and scenario_path and script_path, "usage: desmume_stub.lua RAM_IMAGE SCENARIO SCRIPT")

local f = assert(io.open(ram_path, "rb"))
local image = f:read("*a")
f:close()
local patch = {}   -- address -> byte written by the scenario
local regs = {}
for i = 0, 15 do regs["r" .. i] = 0 end
local exec_hooks, after_hooks = {}, {}
local frame = 0

local function byte_at(a)
  if patch[a] then return patch[a] end
  local i = a - RAM_BASE
  if i < 0 or i >= #image then error(string.format("stub: read outside main RAM at 0x%08X", a), 3) end
  return image:byte(i + 1)
end

local function read(a, n)
  local v = 0
  for k = n - 1, 0, -1 do v = v * 256 + byte_at(a + k) end
  return v
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

dofile(script_path)

local sf = assert(io.open(scenario_path, "r"))
local lineno = 0
for line in sf:lines() do
  lineno = lineno + 1
  local words = {}
  for w in line:gmatch("%S+") do words[#words + 1] = w end
  local op = words[1]
  if op == nil or op:sub(1, 1) == "#" then
    -- blank or comment
  elseif op == "exec" then
    for i = 3, #words do
      local name, value = words[i]:match("^(r%d+)=(%S+)$")
      if not name then error(string.format("stub: scenario line %d: bad register '%s'", lineno, words[i])) end
      regs[name] = num(value)
    end
    for _, fn in ipairs(exec_hooks[num(words[2])] or {}) do fn() end
  elseif op == "write8" or op == "write16" or op == "write32" then
    local n = ({ write8 = 1, write16 = 2, write32 = 4 })[op]
    local a, v = num(words[2]), num(words[3])
    for k = 0, n - 1 do
      patch[a + k] = v % 256
      v = math.floor(v / 256)
    end
  elseif op == "frame" then
    for _ = 1, num(words[2] or "1") do
      frame = frame + 1
      for _, fn in ipairs(after_hooks) do fn() end
    end
  else
    error(string.format("stub: scenario line %d: unknown event '%s'", lineno, op))
  end
end
sf:close()
