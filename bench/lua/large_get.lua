-- GetItem of the large items bench/large_items.py loads (`keys` keys of table `table`).
-- Expected answer: 200 with an "Item".
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")
local H
C.install {
  init = function() H = C.headers("GetItem") end,
  request = function()
    return wrk.format("POST", "/", H, C.get_body(C.args.table, math.random(0, C.keys - 1)))
  end,
  check = function(status, body) return C.has_item(body) end,
}
