-- Rotates through request paths listed one per line in the file given as the
-- first script argument (`wrk ... -s rotate.lua URL -- paths.txt`). Each wrk
-- thread starts at a different offset so connections do not move in lockstep.
local paths = {}
local counter = 0

function init(args)
  local file = assert(io.open(args[1], "r"), "cannot open " .. tostring(args[1]))
  for line in file:lines() do
    if line ~= "" then paths[#paths + 1] = line end
  end
  file:close()
  assert(#paths > 0, "no paths in " .. args[1])
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 1000)
  counter = math.random(#paths)
end

function request()
  counter = counter % #paths + 1
  return wrk.format("GET", paths[counter])
end
