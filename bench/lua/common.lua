-- Shared code for the wrk workloads (bench/lua/{put,get,query,mix,select}.lua).
--
-- Speaks the DynamoDB JSON protocol: POST / with X-Amz-Target, the JSON 1.0 content type and a
-- dummy but well-formed SigV4 Authorization header. Every response is checked in response():
-- a non-2xx status or a body without the expected marker counts as an error. done() prints one
-- machine-readable line for bench/run:
--   BENCH_RESULT {"requests":..,"rps":..,"p50_us":..,"p99_us":..,"p999_us":..,"check_errors":..,...}
-- and, when there were errors, BENCH_SAMPLE <status> <first bad body, truncated>.
--
-- Script arguments (after `--` on the wrk command line), all optional, key=value:
--   table=bench   keys=100000   qtable=bench_q   qparts=500   qrows=20   seed=1
-- Each wrk thread seeds its own generator with seed and its thread number.

local M = {}

M.args = { table = "bench", keys = "100000", qtable = "bench_q", qparts = "500", qrows = "20",
           seed = "1" }

local AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, "
          .. "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0"

function M.headers(action)
  return {
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Target"] = "DynamoDB_20120810." .. action,
    ["X-Amz-Date"] = "20260101T000000Z",
    ["Authorization"] = AUTH,
  }
end

-- The item attributes besides the key: about 200 bytes by DynamoDB's size rules together with
-- the key (strings, numbers, a boolean, a nested map). bench/load.py writes the same shape.
local REST = ',"name":{"S":"name-%07d-abcdefghij"}'
          .. ',"email":{"S":"user%07d@example.com"}'
          .. ',"age":{"N":"%d"}'
          .. ',"score":{"N":"%d.%02d"}'
          .. ',"active":{"BOOL":true}'
          .. ',"address":{"M":{"street":{"S":"%07d Long Street Name Av"}'
          ..   ',"city":{"S":"Springfield"},"zip":{"S":"%05d"}}}'
          .. ',"bio":{"S":"Lorem ipsum dolor sit amet, consectetur adip"}'

function M.item_rest(n)
  return string.format(REST, n, n, 18 + n % 70, n % 10000, n % 100, n, n % 100000)
end

function M.key_string(n) return string.format("k%07d", n) end
function M.part_string(p) return string.format("p%05d", p) end

function M.put_body(tbl, n)
  return string.format('{"TableName":"%s","Item":{"pk":{"S":"%s"}%s}}',
                       tbl, M.key_string(n), M.item_rest(math.random(0, 9999999)))
end

function M.get_body(tbl, n)
  return string.format('{"TableName":"%s","Key":{"pk":{"S":"%s"}}}', tbl, M.key_string(n))
end

function M.select_body(tbl, n)
  return string.format('{"Statement":"SELECT * FROM \\"%s\\" WHERE pk = ?","Parameters":[{"S":"%s"}]}',
                       tbl, M.key_string(n))
end

function M.query_body(tbl, p, lo)
  return string.format('{"TableName":"%s","KeyConditionExpression":"pk = :p AND sk BETWEEN :lo AND :hi",'
    .. '"ExpressionAttributeValues":{":p":{"S":"%s"},":lo":{"N":"%d"},":hi":{"N":"%d"}}}',
    tbl, M.part_string(p), lo, lo + 9)
end

-- Body checks. Patterns tolerate whitespace so that any valid JSON writer passes.
function M.has_item(body) return body:find('^%s*{%s*"Item"%s*:%s*{') ~= nil end
function M.has_items(body) return body:find('^%s*{%s*"Items"%s*:%s*%[%s*{') ~= nil end
function M.is_empty_object(body) return body:find('^%s*{%s*}%s*$') ~= nil end
function M.has_count10(body) return body:find('"Count"%s*:%s*10[%s,}]') ~= nil end

-- Installs the wrk callbacks (setup, init, request, response, done) as globals.
--   spec.request(): returns the next request string (built with wrk.format)
--   spec.check(status, body): true if the response is what was expected
--   spec.init(): optional, per-thread set-up after the arguments are parsed
--   spec.check may also maintain the thread-global `extra_errors` (see mix.lua)
function M.install(spec)
  local threads = {}
  local counter = 0

  function setup(thread)
    counter = counter + 1
    thread:set("thread_id", counter)
    table.insert(threads, thread)
  end

  function init(args)
    for _, a in ipairs(args) do
      local k, v = a:match("^([%w_]+)=(.*)$")
      if k then M.args[k] = v end
    end
    M.keys = tonumber(M.args.keys)
    M.qparts = tonumber(M.args.qparts)
    M.qrows = tonumber(M.args.qrows)
    math.randomseed(tonumber(M.args.seed) * 1000003 + thread_id * 7919)
    check_errors = 0
    status_errors = 0
    sample = nil
    extra_errors = 0
    if spec.init then spec.init() end
  end

  request = spec.request

  function response(status, headers, body)
    if status < 200 or status > 299 then
      status_errors = status_errors + 1
      if not sample then sample = tostring(status) .. " " .. body:sub(1, 300) end
    elseif not spec.check(status, body) then
      check_errors = check_errors + 1
      if not sample then sample = tostring(status) .. " " .. body:sub(1, 300) end
    end
  end

  function done(summary, latency, requests)
    local ce, se, extra, smp = 0, 0, 0, ""
    for _, t in ipairs(threads) do
      ce = ce + (t:get("check_errors") or 0)
      se = se + (t:get("status_errors") or 0)
      extra = extra + (t:get("extra_errors") or 0)
      local s = t:get("sample")
      if s and smp == "" then smp = s end
    end
    local e = summary.errors
    local secs = summary.duration / 1e6
    io.write(string.format('BENCH_RESULT {"requests":%d,"duration_s":%.6f,"rps":%.2f,'
      .. '"p50_us":%.1f,"p90_us":%.1f,"p99_us":%.1f,"p999_us":%.1f,"mean_us":%.1f,"max_us":%.1f,'
      .. '"check_errors":%d,"status_errors":%d,"extra_errors":%d,'
      .. '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeout_errors":%d,"wrk_status_errors":%d}\n',
      summary.requests, secs, summary.requests / secs,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
      latency.mean, latency.max,
      ce, se, extra, e.connect, e.read, e.write, e.timeout, e.status))
    if smp ~= "" then io.write("BENCH_SAMPLE " .. smp:gsub("\n", " ") .. "\n") end
  end
end

return M
