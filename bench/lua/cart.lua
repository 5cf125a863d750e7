-- Add-to-cart + read cart for many guest carts (bench/workloads/20-cart.sh).
-- The first script argument is a file of SKUs (one per line) that can be added
-- one unit at a time. Each guest cart is a random `uplink_cart` cookie; a cart
-- runs cycles of 12 requests: 5 × (add one unit, read the cart), then clear it
-- and read it, so its lines never outgrow stock or max quantity.
local skus = {}
local tokens = {}
local counter = 0
local TOKENS = 512
local CYCLE = 12

local function hex_token()
  local t = {}
  for i = 1, 64 do t[i] = string.format("%x", math.random(0, 15)) end
  return table.concat(t)
end

function init(args)
  local file = assert(io.open(args[1], "r"), "cannot open " .. tostring(args[1]))
  for line in file:lines() do
    if line ~= "" then skus[#skus + 1] = line end
  end
  file:close()
  assert(#skus > 0, "no SKUs in " .. args[1])
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
  for i = 1, TOKENS do tokens[i] = hex_token() end
end

function request()
  local cycle = math.floor(counter / CYCLE)
  local step = counter % CYCLE
  counter = counter + 1
  local token = tokens[cycle % TOKENS + 1]
  local headers = { ["Cookie"] = "uplink_cart=" .. token }
  if step == 10 then
    return wrk.format("DELETE", "/api/v1/cart", headers)
  elseif step % 2 == 0 and step < 10 then
    local sku = skus[cycle % #skus + 1]
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", "/api/v1/cart/lines", headers, '{"sku":"' .. sku .. '","qty":1}')
  else
    return wrk.format("GET", "/api/v1/cart", headers)
  end
end
