-- PutItem of ~200-byte items over `keys` random keys (default 100,000) of table `table`.
-- Expected answer: 200 with the empty object {}.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")
local H
C.install {
  init = function() H = C.headers("PutItem") end,
  request = function()
    return wrk.format("POST", "/", H, C.put_body(C.args.table, math.random(0, C.keys - 1)))
  end,
  check = function(status, body) return C.is_empty_object(body) end,
}
