-- PutItem of large items (issue 37: 4 KB, 64 KB, 400 KB) over `keys` random keys of table
-- `table`: the key and one string attribute `data` of `bytes` characters. Expected answer: 200
-- with the empty object {}. The data's first 8 characters are random digits, so that each request
-- changes its item (a PutItem of the item already stored writes nothing).
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")
local H, data
C.install {
  init = function()
    H = C.headers("PutItem")
    data = string.rep("x", tonumber(C.args.bytes) - 8)
  end,
  request = function()
    return wrk.format("POST", "/", H, string.format('{"TableName":"%s","Item":{"pk":{"S":"%s"},"data":{"S":"%08d%s"}}}',
                                                    C.args.table, C.key_string(math.random(0, C.keys - 1)),
                                                    math.random(0, 99999999), data))
  end,
  check = function(status, body) return C.is_empty_object(body) end,
}
