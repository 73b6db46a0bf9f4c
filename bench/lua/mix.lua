-- 80 % GetItem of random preloaded keys, 20 % PutItem over the same key space (puts overwrite
-- with items of the same shape, so every GetItem still finds its item).
--
-- wrk does not tell which request a response answers, so a response must be either a GetItem
-- hit ("Item") or the empty object; and since a GetItem miss would also be {}, each thread
-- counts as errors the empty answers beyond the PutItems it has sent (extra_errors). Misses
-- hidden by PutItems still in flight at the very end (at most one per connection) go unseen.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")
local HG, HP
local puts, empties = 0, 0
C.install {
  init = function() HG = C.headers("GetItem"); HP = C.headers("PutItem") end,
  request = function()
    local n = math.random(0, C.keys - 1)
    if math.random() < 0.2 then
      puts = puts + 1
      return wrk.format("POST", "/", HP, C.put_body(C.args.table, n))
    end
    HG["X-Bench-Key"] = C.key_string(n)
    return wrk.format("POST", "/", HG, C.get_body(C.args.table, n))
  end,
  check = function(status, body)
    if C.has_item(body) then return true end
    if C.is_empty_object(body) then
      empties = empties + 1
      if empties - puts > extra_errors then extra_errors = empties - puts end
      return true
    end
    return false
  end,
}
