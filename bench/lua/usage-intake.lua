-- Usage intake (bench/workloads/36-usage.sh): POST /api/v1/usage-records in
-- batches, signed by an integration key (BENCH_USAGE_KEY).
-- Arguments (one string): a file of targets (one per line: `subscription <id>` or
-- `iccid <ICCID>`), the batch size and a run tag. Record ids are unique per
-- run, thread and request (a per-thread counter); the records of a batch are
-- spread over every target, their periods (5 minutes each) over the last
-- three hours. Each answer's `accepted`, `duplicates` and `refused` are
-- summed and printed when the run ends ("usage records: …"), so any refused
-- record shows up as an error.
local targets = {}
local periods = {}
local batch = 500
local run = "run"
local counter = 0
-- Globals: done() reads them from each thread.
accepted, duplicates, refused, bad = 0, 0, 0, 0
local headers = {
  ["Authorization"] = "Bearer " .. (os.getenv("BENCH_USAGE_KEY") or ""),
  ["Content-Type"] = "application/json",
}
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
  thread:set("tid", #threads)
end

function init(args)
  -- bench/lib.sh passes the arguments as one string.
  if #args == 1 then
    local words = {}
    for w in args[1]:gmatch("%S+") do words[#words + 1] = w end
    args = words
  end
  local file = assert(io.open(args[1], "r"), "cannot open " .. tostring(args[1]))
  for line in file:lines() do
    local kind, id = line:match("^(%S+)%s+(%S+)$")
    if kind then targets[#targets + 1] = string.format('"%s":"%s"', kind, id) end
  end
  file:close()
  assert(#targets > 0, "no targets in " .. args[1])
  batch = tonumber(args[2]) or batch
  run = args[3] or run
  -- 36 five-minute periods ending 1 to 3 hours ago.
  local now = os.time()
  for i = 1, 36 do
    local stop = now - 3600 - (i - 1) * 300
    periods[i] = string.format('"period_start":"%s","period_end":"%s"',
      os.date("!%Y-%m-%dT%H:%M:%SZ", stop - 300), os.date("!%Y-%m-%dT%H:%M:%SZ", stop))
  end
end

function request()
  counter = counter + 1
  local parts = {}
  for i = 1, batch do
    local n = (counter - 1) * batch + i
    local up = 1000 + (n * 7919) % 2000000
    parts[i] = string.format('{"record_id":"b-%s-%d-%d",%s,%s,"bytes_up":%d,"bytes_down":%d}',
      run, tid, n, targets[n % #targets + 1], periods[n % #periods + 1], up, up * 4)
  end
  return wrk.format("POST", "/api/v1/usage-records", headers, "[" .. table.concat(parts, ",") .. "]")
end

function response(status, _, body)
  if status ~= 200 then
    bad = bad + 1
    return
  end
  accepted = accepted + (tonumber(body:match('"accepted":(%d+)')) or 0)
  duplicates = duplicates + (tonumber(body:match('"duplicates":(%d+)')) or 0)
  refused = refused + (tonumber(body:match('"refused":(%d+)')) or batch)
end

function done()
  local a, d, r, b = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    a = a + (t:get("accepted") or 0)
    d = d + (t:get("duplicates") or 0)
    r = r + (t:get("refused") or 0)
    b = b + (t:get("bad") or 0)
  end
  io.write(string.format("usage records: accepted %d duplicates %d refused %d non-200 %d\n", a, d, r, b))
end
