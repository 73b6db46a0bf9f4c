-- Query on the hash+range table `qtable` (partitions p00000.. of `qrows` items each, sort key
-- sk = 0 .. qrows-1, preloaded by bench/load.py): pk = :p AND sk BETWEEN :lo AND :lo+9, which
-- selects exactly 10 items. Expected answer: 200 with "Count":10.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")
local H
C.install {
  init = function() H = C.headers("Query") end,
  request = function()
    local p = math.random(0, C.qparts - 1)
    local lo = math.random(0, C.qrows - 10)
    H["X-Bench-Key"] = C.part_string(p)
    return wrk.format("POST", "/", H, C.query_body(C.args.qtable, p, lo))
  end,
  check = function(status, body) return C.has_count10(body) end,
}
