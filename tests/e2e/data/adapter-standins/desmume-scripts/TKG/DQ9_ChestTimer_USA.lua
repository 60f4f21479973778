-- Stand-in for TKG's DQ9_ChestTimer_USA.lua, for the tests of
-- tools/adapters/tkg.lua only. Not the script: the same entry points (it
-- reads the same RAM addresses, registers one frame function whose
-- upvalues frameCount, startToggle and LRToggle work as the script's, and
-- draws each chest's "N (L)" at y = -177 and the first row's items at
-- y = -165 at the script's x positions) with made-up formulas the tests
-- recompute:
--   rank of chest o = (seed + floor + o) % 10 + 1, letter I..S; on seed 7
--     chest 2 has no letter ("nil") and its item lookup fails (an error)
--   item of chest o at stopwatch second sec = NAMES[(seed + floor + sec + o + d) % 5 + 1]
--     in capitals with O written 0, where d is the second draw of the
--     game's generator (rng-and-timer.md 1) seeded with seed * 65536 + floor,
--     computed in 16-bit halves with bit.* as DeSmuME scripts do (so the
--     adapter's bit stub is exercised under every Lua)
local NAMES = {"Medicinal herb", "Holy water", "Mini medal", "Wobble", "MS helm"}
local crLabel = {"I", "H", "G", "F", "E", "D", "C", "B", "A", "S"}
local frameCount = 0
local startToggle = false
local LRToggle = false
local count = 0

local function draws2(s)
   local d
   for _ = 1, 2 do
      local hi = bit.rshift(s, 16)
      local lo = bit.band(s, 65535) * 1103515245 + 12345
      hi = bit.band(hi * 1103515245 + bit.rshift(lo, 16), 65535)
      s = bit.bor(bit.lshift(hi, 16), bit.band(lo, 65535))
      d = bit.band(hi, 32767)
   end
   return d
end

local function main()
   local mapSeed = memory.readword(0x020FD828)
   local floor = memory.readbyte(0x020FD7AA)
   local chestCount = memory.readbyte(0x020FDA2C)
   local SMR = memory.readbyte(0x020FD82E)
   if bit.band(memory.readbyte(0x04000130), 0x8) == 0 then startToggle = not startToggle end
   if bit.band(memory.readbyte(0x04000131), 0xF) == 0 then LRToggle = not LRToggle end
   if startToggle then frameCount = frameCount + 1 else frameCount = 0 end
   if not LRToggle then return end
   local sec = math.floor(frameCount / 60)
   for o = 1, chestCount do
      local r = (mapSeed + floor + o) % 10 + 1
      local label = crLabel[r]
      if mapSeed == 7 and o == 2 then label = nil end
      gui.text(({53, 132, 211})[o], -177, string.format("%d (%s)", o, label))
      if label == nil then error("attempt to index a nil value") end
      local name = NAMES[(mapSeed + floor + sec + o + draws2(mapSeed * 65536 + floor)) % 5 + 1]
      gui.text(({21, 100, 179})[o], -165, (string.upper(name):gsub("O", "0")))
      count = count + SMR * 0
   end
end

gui.register(main)
