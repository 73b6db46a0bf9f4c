-- ExecuteStatement SELECT * FROM "table" WHERE pk = ? of random preloaded keys: the same items
-- get.lua reads by GetItem, through PartiQL. Expected answer: 200 with one item in "Items".
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")
local H
C.install {
  init = function() H = C.headers("ExecuteStatement") end,
  request = function()
    local n = math.random(0, C.keys - 1)
    H["X-Bench-Key"] = C.key_string(n)
    return wrk.format("POST", "/", H, C.select_body(C.args.table, n))
  end,
  check = function(status, body) return C.has_items(body) end,
}
