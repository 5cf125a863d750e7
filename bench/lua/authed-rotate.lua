-- Like rotate.lua, for a signed-in customer: every request carries the
-- session cookie from the BENCH_COOKIE environment variable.
local paths = {}
local counter = 0
local headers = { ["Cookie"] = os.getenv("BENCH_COOKIE") or "" }

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
  return wrk.format("GET", paths[counter], headers)
end
