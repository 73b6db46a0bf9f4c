-- GetItem of the large items bench/large_items.py loads (`keys` keys of table `table`).
-- Expected answer: 200 with an "Item". X-Bench-Key names the key for nginx, which answers each
-- key with its own canned body, as Minnow does: the client's cost of a body (wrk's Lua interns
-- every body it is given, and one body repeated costs it far less than 200 different ones) is
-- then the same for both servers.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")
local H
C.install {
  init = function() H = C.headers("GetItem") end,
  request = function()
    local n = math.random(0, C.keys - 1)
    H["X-Bench-Key"] = C.key_string(n)
    return wrk.format("POST", "/", H, C.get_body(C.args.table, n))
  end,
  check = function(status, body) return C.has_item(body) end,
}
