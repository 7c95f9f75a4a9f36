-- The load mix of `examples/load.rs` for wrk (Debian package `wrk`), a load generator that costs
-- the server's two shared cores less than a tokio/reqwest client does:
--
--   sluice serve --port 18090 &
--   wrk -t1 -c16 -d20s --latency -s crates/runtime/examples/wrk-tour.lua http://127.0.0.1:18090
--
-- Each connection alternates the README tour's two requests: a clarification (World Cup, deep)
-- and a precise question that runs a program and synthesizes an answer. Responses that are not
-- 2xx (and socket errors) are reported at the end, so a run that failed is never read as
-- throughput.

local bodies = {
  '{"query": "Who will win the World Cup?", "tools": ["markets"], "queryDepth": "deep"}',
  '{"query": "Who will win the FIFA Women\'s World Cup 2027?", "tools": ["markets"]}',
}
local headers = { ["content-type"] = "application/json" }
local turn = 0

function request()
  turn = turn + 1
  return wrk.format("POST", "/api/v1/query", headers, bodies[turn % 2 + 1])
end

function done(summary)
  local refused = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("requests %d, failed (not 2xx, or a socket error) %d\n",
    summary.requests, refused))
end
