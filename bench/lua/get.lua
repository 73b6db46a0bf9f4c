-- GetItem of random preloaded keys (0 .. keys-1, preloaded by bench/load.py) of table `table`.
-- Expected answer: 200 with an "Item" (every key exists).
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
