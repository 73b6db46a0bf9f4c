#!/usr/bin/env python3
"""Fork, checkpoint and rewind against the other ways a test suite isolates its tests (issue 38's
"Tests and figures").

    bench/isolation.py [--minnow build/release/minnow] [--port N] [--sizes 1000,100000,1000000]
                       [--repeat 21] [--suite-items 10000] [--skip-suite] [--json PATH]

Starts one Minnow (`--minnow PATH --host 127.0.0.1 --port N --ttl-interval 3600`, N the first free
port of 8300-8399 unless --port is given) and stops it by its PID at the end, on errors too.

1. For each of --sizes: resets the server, loads that many ~200-byte items into namespace
   seed/us-east-1 (one table, hash pk S, range sk N, a GSI on g S with ALL projection;
   BatchWriteItem of 25 from 4 processes, bench/load.py's client and item shape), then, over one
   keep-alive connection, times the HTTP round trip of --repeat runs each (median and max) of:
   a fork of seed into a fresh namespace w<i>/us-east-1 ("replace": true); a checkpoint of
   seed; a rewind of seed to that checkpoint after 10 new items were written into it (only the
   rewind is timed); a snapshot of seed and a restore of it (after 10 new items too). VmRSS of
   the server (/proc/PID/status) after the load and after the forks: forks copy no items.
2. Write cost around a fork (same sizes): 5000 PutItem overwrites of random existing keys of seed,
   each a new value, on one connection, before any fork (after 500 untimed ones), then the same
   keys right after the forks (the first write to each part of a shared tree copies its path).
   Median and mean µs per call, and the ratios after / before. VmRSS before the forks and after
   these writes too.
   Per size, in this order: load, writes before, forks, writes after (the forks are then reset),
   checkpoints and rewinds, snapshots and restores. Each figure's runs are in its JSON.
3. A suite of 200 tests, each writing 5 items into two tables, reading them back with GetItem and
   checking that the previous test's first item is gone, on namespace suite/us-east-1 seeded
   with --suite-items fixture items split over the two tables, isolated five ways, each timed
   end to end (its one-off snapshot or checkpoint included, the fixture load before it not):
   recreate (DeleteTable + CreateTable of both tables and the fixtures reloaded with
   BatchWriteItem of 25 over the suite's one connection, before each test), truncate (every item
   deleted through Scan and BatchWriteItem, then the fixtures reloaded), restore (/_minnow/snapshot once,
   /_minnow/restore before each test), rewind (/_minnow/checkpoint once, /_minnow/rewind before
   each test) and fork (one fork of the seeded namespace per test into f<t>/us-east-1, the test
   signing with that access key).

Prints a table, then one JSON line with every figure (also written to --json PATH). Progress goes
to stderr. Python's standard library only; traffic to 127.0.0.1 only; every loop bounded.
"""
import argparse, json, multiprocessing, os, random, signal, socket, statistics, subprocess, sys, tempfile, time
import urllib.parse

BENCH = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, BENCH)
sys.dont_write_bytecode = True
import load  # noqa: E402  (bench/load.py: the keep-alive client, batch writes and the item shape)

HOST = "127.0.0.1"
REGION = "us-east-1"
SEED = "seed"            # access key of the namespace the sizes are loaded into
SUITE = "suite"          # access key of the suite's namespace
TABLE = "iso"            # the size runs' table
SUITE_A, SUITE_B = "suite_a", "suite_b"
TESTS = 200
PUTS = 5000              # PutItem calls per write-cost measurement
WARMUP_PUTS = 500        # untimed PutItem calls before the first measurement
WRITES_BETWEEN = 10      # items written between a checkpoint (or snapshot) and its rewind (or restore)
MAIN_PID = os.getpid()


def ns(key):
    return "%s/%s" % (key, REGION)


def log(msg):
    print("isolation: " + msg, file=sys.stderr, flush=True)


# --- Items ---------------------------------------------------------------------------------------

def keyed_item(n, extra=""):
    """Item n of a hash+range table with a GSI attribute: 10 items per partition, 1000 values of g."""
    return '{"pk":{"S":"p%07d"},"sk":{"N":"%d"},"g":{"S":"g%04d"},%s%s}' % (
        n // 10, n % 10, n % 1000, extra, load._REST[n % 1000])


def keyed_key(n):
    return '{"pk":{"S":"p%07d"},"sk":{"N":"%d"}}' % (n // 10, n % 10)


KEYED = {"AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "N"},
                                  {"AttributeName": "g", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
         "GlobalSecondaryIndexes": [{"IndexName": "by_g", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}],
         "BillingMode": "PAY_PER_REQUEST"}
FLAT = {"AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"}


# --- The client ----------------------------------------------------------------------------------

class Client(load.Conn):
    """bench/load.py's keep-alive client, signing as any access key (the namespace), plus the
    /_minnow calls."""

    def __init__(self, port, key=SEED, timeout=600):
        super().__init__(HOST, port, timeout)
        self.use(key)

    def use(self, key):
        self.key = key
        self.auth = ("AWS4-HMAC-SHA256 Credential=%s/20260101/%s/dynamodb/aws4_request, "
                     "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0" % (key, REGION))

    def admin(self, method, path, body=None, namespace=None):
        """A /_minnow call; returns (status, text)."""
        if namespace:
            path += "?namespace=" + urllib.parse.quote(namespace, safe="")
        data = b"" if body is None else json.dumps(body).encode()
        head = ("%s /_minnow/%s HTTP/1.1\r\nHost: %s:%d\r\nX-Minnow-Admin: 1\r\n"
                "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                % (method, path, self.host, self.port, len(data))).encode()
        return self.send(head, data)


def ok(answer, what):
    status, text = answer
    if status != 200:
        raise RuntimeError("%s answered %d: %s" % (what, status, text[:500]))
    return text


def admin_json(c, method, path, body=None, namespace=None):
    return timed_admin(c, method, path, body, namespace)[1]


def timed_admin(c, method, path, body=None, namespace=None):
    """(seconds, parsed answer) of one /_minnow call on the persistent connection."""
    t0 = time.perf_counter()
    answer = c.admin(method, path, body, namespace)
    secs = time.perf_counter() - t0
    return secs, json.loads(ok(answer, "%s /_minnow/%s" % (method, path)) or "{}")


def create_table(c, name, definition):
    body = json.dumps(dict(definition, TableName=name))
    for _ in range(1000):  # a table just deleted may still be going: ResourceInUseException
        status, text = c.call("CreateTable", body)
        if status == 200:
            break
        if "ResourceInUseException" not in text:
            raise RuntimeError("CreateTable %s answered %d: %s" % (name, status, text[:500]))
        time.sleep(0.01)
    else:
        raise RuntimeError("CreateTable %s: still in use after 1000 tries" % name)
    for _ in range(1000):
        text = ok(c.call("DescribeTable", '{"TableName":"%s"}' % name), "DescribeTable")
        if '"TableStatus":"ACTIVE"' in text.replace(" ", ""):
            return
        time.sleep(0.01)
    raise RuntimeError("table %s did not become ACTIVE" % name)


def delete_table(c, name):
    ok(c.call("DeleteTable", '{"TableName":"%s"}' % name), "DeleteTable %s" % name)


def get(c, table, key):
    return ok(c.call("GetItem", '{"TableName":"%s","Key":%s,"ConsistentRead":true}' % (table, key)), "GetItem")


def put(c, table, item):
    ok(c.call("PutItem", '{"TableName":"%s","Item":%s}' % (table, item)), "PutItem")


def batch_delete(c, table, keys):
    body = '{"RequestItems":{"%s":[%s]}}' % (table, ",".join('{"DeleteRequest":{"Key":%s}}' % k for k in keys))
    for attempt in range(100):
        text = ok(c.call("BatchWriteItem", body), "BatchWriteItem")
        left = json.loads(text).get("UnprocessedItems") or {}
        if not left:
            return
        body = json.dumps({"RequestItems": left})
        time.sleep(min(0.001 * 2 ** attempt, 0.1))
    raise RuntimeError("BatchWriteItem: deletes still unprocessed after 100 tries")


def table_stats(c, name):
    t = json.loads(ok(c.call("DescribeTable", '{"TableName":"%s"}' % name), "DescribeTable"))["Table"]
    return t.get("ItemCount", 0), t.get("TableSizeBytes", 0)


def count_items(c, table):
    """Scan Select COUNT, every page."""
    count, start = 0, None
    for _ in range(100000):
        body = {"TableName": table, "Select": "COUNT"}
        if start:
            body["ExclusiveStartKey"] = start
        page = json.loads(ok(c.call("Scan", json.dumps(body)), "Scan"))
        count += page["Count"]
        start = page.get("LastEvaluatedKey")
        if not start:
            return count
    raise RuntimeError("Scan of %s: too many pages" % table)


# --- The parallel loader (bench/load.py's, signing as any namespace) -----------------------------

def _load_worker(args):
    port, key, table, kind, ranges = args
    c = Client(port, key, timeout=120)
    make = keyed_item if kind == "keyed" else load.main_item
    try:
        for a, b in ranges:
            load.batch_write(c, table, [make(n) for n in range(a, b)])
    finally:
        c.close()


def parallel_load(port, key, table, kind, count, procs=4):
    ranges = [(a, min(a + 25, count)) for a in range(0, count, 25)]
    shards = [(port, key, table, kind, ranges[i::procs]) for i in range(procs)]
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        t0 = time.perf_counter()
        pool.map(_load_worker, shards, chunksize=1)
        return time.perf_counter() - t0


# --- The server ----------------------------------------------------------------------------------

def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS for process %d" % pid)


def port_free(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind((HOST, port))
        return True
    except OSError:
        return False
    finally:
        s.close()


class Server:
    def __init__(self, binary, ports, logfile):
        self.proc = None
        for port in ports:
            if not port_free(port):
                continue
            self.proc = subprocess.Popen([binary, "--host", HOST, "--port", str(port), "--ttl-interval", "3600"],
                                         stdout=logfile, stderr=subprocess.STDOUT)
            self.port, self.pid = port, self.proc.pid
            if self._wait_ready():
                return
            self.stop()  # it exited (the port was taken meanwhile?) or never answered: next port
        raise RuntimeError("could not start %s on a port of %d-%d" % (binary, ports[0], ports[-1]))

    def _wait_ready(self, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            c = Client(self.port, timeout=2)
            try:
                if c.call("ListTables", "{}")[0] == 200:
                    return True
            except OSError:
                pass
            finally:
                c.close()
            time.sleep(0.02)
        return False

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(30)
        self.proc = None


# --- 1 and 2: sizes ------------------------------------------------------------------------------

def summary_ms(samples):
    return {"median": round(statistics.median(samples) * 1000, 3), "max": round(max(samples) * 1000, 3),
            "runs": [round(s * 1000, 3) for s in samples]}


def put_cost(c, keys, round_no):
    """Per-call seconds of PutItem overwrites of the keyed items `keys` (a new value each)."""
    samples = []
    for i, n in enumerate(keys):
        body = '{"TableName":"%s","Item":%s}' % (TABLE, keyed_item(n, '"w":{"N":"%d"},' % (round_no * PUTS + i)))
        t0 = time.perf_counter()
        answer = c.call("PutItem", body)
        samples.append(time.perf_counter() - t0)
        ok(answer, "PutItem")
    return {"median_us": round(statistics.median(samples) * 1e6, 1),
            "mean_us": round(statistics.fmean(samples) * 1e6, 1)}


def write_between(c, tag, i):
    """Writes WRITES_BETWEEN new items into seed; returns the key of the first (gone after a rewind)."""
    for j in range(WRITES_BETWEEN):
        put(c, TABLE, '{"pk":{"S":"%s%03d"},"sk":{"N":"%d"},"g":{"S":"gx"},%s}' % (tag, i, j, load._REST[j]))
    return '{"pk":{"S":"%s%03d"},"sk":{"N":"0"}}' % (tag, i)


def expect_gone(c, key, what):
    if '"Item"' in get(c, TABLE, key):
        raise RuntimeError("%s did not put seed back: %s is still there" % (what, key))


def expect_count(answer, items, what):
    if answer.get("tables") != 1 or answer.get("items") != items:
        raise RuntimeError("%s answered %s, expected 1 table and %d items" % (what, json.dumps(answer), items))


def run_size(server, size, repeat):
    c = Client(server.port, SEED)
    out = {"items": size}
    try:
        admin_json(c, "POST", "reset")  # every namespace: the previous size's seed and forks
        rss = {"before_load": rss_kb(server.pid)}
        create_table(c, TABLE, KEYED)
        log("%d items: loading" % size)
        out["load_seconds"] = round(parallel_load(server.port, SEED, TABLE, "keyed", size), 3)
        count, nbytes = table_stats(c, TABLE)
        if count != size:
            raise RuntimeError("DescribeTable counts %d items after loading %d" % (count, size))
        out["item_bytes"] = round(nbytes / size, 1)
        rss["after_load"] = rss_kb(server.pid)

        rng = random.Random(size)
        keys = [rng.randrange(size) for _ in range(PUTS)]
        log("%d items: %d PutItem before any fork" % (size, PUTS))
        put_cost(c, [rng.randrange(size) for _ in range(WARMUP_PUTS)], 2)  # not counted
        before = put_cost(c, keys, 0)
        rss["before_forks"] = rss_kb(server.pid)

        log("%d items: %d forks" % (size, repeat))
        forks = []
        for i in range(repeat):
            secs, answer = timed_admin(c, "POST", "namespaces/fork",
                                       {"source": ns(SEED), "target": ns("w%d" % i), "replace": True})
            expect_count(answer, size, "fork")
            forks.append(secs)
        rss["after_forks"] = rss_kb(server.pid)

        log("%d items: %d PutItem right after the forks" % (size, PUTS))
        after = put_cost(c, keys, 1)
        rss["after_writes_after_forks"] = rss_kb(server.pid)
        out["put_before_fork"], out["put_after_fork"] = before, after
        out["put_ratio_median"] = round(after["median_us"] / before["median_us"], 3)
        out["put_ratio_mean"] = round(after["mean_us"] / before["mean_us"], 3)
        for i in range(repeat):  # the forks let go of seed's trees
            admin_json(c, "POST", "reset", namespace=ns("w%d" % i))

        log("%d items: %d checkpoints and rewinds" % (size, repeat))
        checkpoints, rewinds = [], []
        for i in range(repeat):
            secs, answer = timed_admin(c, "POST", "checkpoint", namespace=ns(SEED))
            expect_count(answer, size, "checkpoint")
            checkpoints.append(secs)
            gone = write_between(c, "cp", i)
            secs, answer = timed_admin(c, "POST", "rewind", {"id": answer["id"]}, namespace=ns(SEED))
            expect_count(answer, size, "rewind")
            rewinds.append(secs)
            expect_gone(c, gone, "rewind")
            admin_json(c, "DELETE", "checkpoint", {"id": answer["name"]})

        log("%d items: %d snapshots and restores" % (size, repeat))
        snapshots, restores = [], []
        for i in range(repeat):
            secs, answer = timed_admin(c, "POST", "snapshot", {"name": "isolation-bench"}, namespace=ns(SEED))
            expect_count(answer, size, "snapshot")
            snapshots.append(secs)
            gone = write_between(c, "sn", i)
            secs, answer = timed_admin(c, "POST", "restore", {"name": "isolation-bench"}, namespace=ns(SEED))
            expect_count(answer, size, "restore")
            restores.append(secs)
            expect_gone(c, gone, "restore")
        admin_json(c, "DELETE", "snapshot", {"name": "isolation-bench"})

        out["fork_ms"], out["checkpoint_ms"] = summary_ms(forks), summary_ms(checkpoints)
        out["rewind_ms"], out["snapshot_ms"] = summary_ms(rewinds), summary_ms(snapshots)
        out["restore_ms"] = summary_ms(restores)
        out["rss_kb"] = rss
        admin_json(c, "POST", "reset")
    finally:
        c.close()
    return out


# --- 3: the suite --------------------------------------------------------------------------------

class Suite:
    def __init__(self, server, fixture_items):
        self.server = server
        self.n_a = (fixture_items + 1) // 2
        self.n_b = fixture_items // 2
        # A suite keeps its fixtures in memory: their text is not part of what is timed.
        self.fixtures = {SUITE_A: [keyed_item(n) for n in range(self.n_a)],
                         SUITE_B: [load.main_item(n) for n in range(self.n_b)]}

    def seed(self, c):
        """Empties the suite's namespace and loads the fixtures (not timed)."""
        c.use(SUITE)
        admin_json(c, "POST", "reset", namespace=ns(SUITE))
        create_table(c, SUITE_A, KEYED)
        create_table(c, SUITE_B, FLAT)
        parallel_load(self.server.port, SUITE, SUITE_A, "keyed", self.n_a)
        parallel_load(self.server.port, SUITE, SUITE_B, "flat", self.n_b)

    def reload(self, c):
        for table, items in self.fixtures.items():
            for i in range(0, len(items), 25):
                load.batch_write(c, table, items[i:i + 25])

    def test(self, c, t):
        """Writes 5 items over the two tables, reads them back, checks the last test's first item is gone."""
        keys = []
        for j in range(5):
            if j % 2 == 0:
                table, key = SUITE_A, '{"pk":{"S":"t%04d"},"sk":{"N":"%d"}}' % (t, j)
                item = '{"pk":{"S":"t%04d"},"sk":{"N":"%d"},"g":{"S":"gt"},%s}' % (t, j, load._REST[j])
            else:
                table, key = SUITE_B, '{"pk":{"S":"t%04d-%d"}}' % (t, j)
                item = '{"pk":{"S":"t%04d-%d"},%s}' % (t, j, load._REST[j])
            put(c, table, item)
            keys.append((table, key))
        for table, key in keys:
            if '"Item"' not in get(c, table, key):
                raise RuntimeError("test %d: %s of %s not read back" % (t, key, table))
        if t and '"Item"' in get(c, SUITE_A, '{"pk":{"S":"t%04d"},"sk":{"N":"0"}}' % (t - 1)):
            raise RuntimeError("test %d sees test %d's item: not isolated" % (t, t - 1))

    def run(self, strategy):
        c = Client(self.server.port, SUITE)
        try:
            self.seed(c)
            log("suite: %s" % strategy)
            setup = getattr(self, "setup_" + strategy, lambda c: None)
            isolate = getattr(self, "isolate_" + strategy)
            isolation = 0.0
            t0 = time.perf_counter()
            state = setup(c)
            for t in range(TESTS):
                i0 = time.perf_counter()
                isolate(c, t, state)
                isolation += time.perf_counter() - i0
                self.test(c, t)
            secs = time.perf_counter() - t0
            # Not timed: the last test's namespace holds the fixtures and its 5 items.
            got = (count_items(c, SUITE_A), count_items(c, SUITE_B))
            if got != (self.n_a + 3, self.n_b + 2):
                raise RuntimeError("%s: the last test saw %s items, expected %s" % (
                    strategy, got, (self.n_a + 3, self.n_b + 2)))
            self.cleanup(c, strategy, state)
        finally:
            c.close()
        return {"seconds": round(secs, 3), "ms_per_test": round(secs * 1000 / TESTS, 3),
                "isolation_ms_per_test": round(isolation * 1000 / TESTS, 3)}

    def isolate_recreate(self, c, t, state):
        for table in (SUITE_A, SUITE_B):
            delete_table(c, table)
        create_table(c, SUITE_A, KEYED)
        create_table(c, SUITE_B, FLAT)
        self.reload(c)

    def isolate_truncate(self, c, t, state):
        for table, attrs in ((SUITE_A, "pk, sk"), (SUITE_B, "pk")):
            start = None
            for _ in range(100000):
                body = {"TableName": table, "ProjectionExpression": attrs}
                if start:
                    body["ExclusiveStartKey"] = start
                page = json.loads(ok(c.call("Scan", json.dumps(body)), "Scan"))
                keys = [json.dumps(item) for item in page["Items"]]
                for i in range(0, len(keys), 25):
                    batch_delete(c, table, keys[i:i + 25])
                start = page.get("LastEvaluatedKey")
                if not start:
                    break
            else:
                raise RuntimeError("Scan of %s: too many pages" % table)
        self.reload(c)

    def setup_restore(self, c):
        admin_json(c, "POST", "snapshot", {"name": "isolation-suite"}, namespace=ns(SUITE))
        return "isolation-suite"

    def isolate_restore(self, c, t, name):
        admin_json(c, "POST", "restore", {"name": name}, namespace=ns(SUITE))

    def setup_rewind(self, c):
        return admin_json(c, "POST", "checkpoint", namespace=ns(SUITE))["id"]

    def isolate_rewind(self, c, t, checkpoint):
        admin_json(c, "POST", "rewind", {"id": checkpoint}, namespace=ns(SUITE))

    def isolate_fork(self, c, t, state):
        admin_json(c, "POST", "namespaces/fork", {"source": ns(SUITE), "target": ns("f%03d" % t), "replace": True})
        c.use("f%03d" % t)

    def cleanup(self, c, strategy, state):
        if strategy == "restore":
            admin_json(c, "DELETE", "snapshot", {"name": state})
        elif strategy == "rewind":
            admin_json(c, "DELETE", "checkpoint", {"id": state})
        elif strategy == "fork":
            for t in range(TESTS):
                admin_json(c, "POST", "reset", namespace=ns("f%03d" % t))
        admin_json(c, "POST", "reset", namespace=ns(SUITE))


STRATEGIES = ("recreate", "truncate", "restore", "rewind", "fork")


# --- Output --------------------------------------------------------------------------------------

def mib(kb):
    return "%.1f" % (kb / 1024.0)


def print_tables(result):
    sizes = result["sizes"]
    if sizes:
        rows = [
            ("load (s, 4 processes)", lambda s: "%.2f" % s["load_seconds"]),
            ("item size (B, DescribeTable)", lambda s: "%.0f" % s["item_bytes"]),
        ]
        for name in ("fork", "checkpoint", "rewind", "snapshot", "restore"):
            rows.append(("%s (ms, median / max)" % name,
                         lambda s, k=name + "_ms": "%.3f / %.3f" % (s[k]["median"], s[k]["max"])))
        rows += [
            ("VmRSS before load (MiB)", lambda s: mib(s["rss_kb"]["before_load"])),
            ("VmRSS after load (MiB)", lambda s: mib(s["rss_kb"]["after_load"])),
            ("VmRSS before the forks (MiB)", lambda s: mib(s["rss_kb"]["before_forks"])),
            ("VmRSS after %d forks (MiB)" % result["repeat"], lambda s: mib(s["rss_kb"]["after_forks"])),
            ("VmRSS after %d writes after them (MiB)" % PUTS,
             lambda s: mib(s["rss_kb"]["after_writes_after_forks"])),
            ("PutItem before fork (µs, med / mean)",
             lambda s: "%.1f / %.1f" % (s["put_before_fork"]["median_us"], s["put_before_fork"]["mean_us"])),
            ("PutItem after fork (µs, med / mean)",
             lambda s: "%.1f / %.1f" % (s["put_after_fork"]["median_us"], s["put_after_fork"]["mean_us"])),
            ("after / before (med / mean)",
             lambda s: "%.2f× / %.2f×" % (s["put_ratio_median"], s["put_ratio_mean"])),
        ]
        print("%-38s" % "items" + "".join("%22s" % "{:,}".format(s["items"]) for s in sizes))
        for label, cell in rows:
            print("%-38s" % label + "".join("%22s" % cell(s) for s in sizes))
    suite = result.get("suite")
    if suite:
        print()
        print("suite: %d tests, %d fixture items in 2 tables" % (suite["tests"], suite["fixture_items"]))
        print("%-10s %12s %14s %24s" % ("strategy", "total (s)", "per test (ms)", "isolation per test (ms)"))
        for name, r in suite["strategies"].items():
            print("%-10s %12.3f %14.3f %24.3f" % (name, r["seconds"], r["ms_per_test"], r["isolation_ms_per_test"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minnow", default="build/release/minnow", help="the binary to start (default %(default)s)")
    ap.add_argument("--port", type=int, help="port to start it on (default: the first free one of 8300-8399)")
    ap.add_argument("--sizes", default="1000,100000,1000000", help="items in the seed namespace, comma-separated")
    ap.add_argument("--repeat", type=int, default=21, help="runs of each timed call (default %(default)s)")
    ap.add_argument("--suite-items", type=int, default=10000, help="the suite's fixture items (default %(default)s)")
    ap.add_argument("--skip-suite", action="store_true", help="leave out the 200-test suite")
    ap.add_argument("--json", help="also write the JSON line to this file")
    args = ap.parse_args()
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        sys.exit("isolation: --sizes takes item counts separated by commas")
    if any(s < 1 for s in sizes) or args.repeat < 1 or args.suite_items < 2:
        sys.exit("isolation: sizes and --repeat must be at least 1, --suite-items at least 2")
    binary = os.path.abspath(args.minnow)
    if not os.access(binary, os.X_OK):
        sys.exit("isolation: no executable %s (build it, or give --minnow PATH)" % binary)

    def on_term(signum, frame):  # SIGTERM stops the server too (finally below); a loader child just exits
        if os.getpid() != MAIN_PID:
            os._exit(128 + signum)
        raise RuntimeError("stopped by SIGTERM")
    signal.signal(signal.SIGTERM, on_term)

    result = {"bench": "isolation", "minnow": binary, "repeat": args.repeat, "puts": PUTS,
              "loadavg_before": open("/proc/loadavg").read().split()[:3], "sizes": []}
    logfile = tempfile.TemporaryFile()
    server = None
    try:
        ports = [args.port] if args.port else list(range(8300, 8400))
        server = Server(binary, ports, logfile)
        log("minnow pid %d on port %d" % (server.pid, server.port))
        result["port"] = server.port
        for size in sizes:
            result["sizes"].append(run_size(server, size, args.repeat))
        if not args.skip_suite:
            suite = Suite(server, args.suite_items)
            result["suite"] = {"tests": TESTS, "fixture_items": args.suite_items,
                               "strategies": {s: suite.run(s) for s in STRATEGIES}}
        result["loadavg_after"] = open("/proc/loadavg").read().split()[:3]
    except (Exception, KeyboardInterrupt) as e:  # noqa: BLE001 - say what failed, then stop the server
        alive = server is not None and server.alive()
        if server is not None:
            server.stop()
        logfile.seek(0)
        tail = logfile.read()[-2000:].decode("utf-8", "replace").strip()
        print("isolation: failed: %s%s" % (e if str(e) else type(e).__name__,
                                           "" if alive or server is None else " (minnow exited)"), file=sys.stderr)
        if tail:
            print("minnow's output (end):\n" + tail, file=sys.stderr)
        sys.exit(1)
    finally:
        if server is not None:
            server.stop()
        logfile.close()
    print("isolation: %s, load average %s before, %s after" % (
        binary, " ".join(result["loadavg_before"]), " ".join(result["loadavg_after"])))
    print_tables(result)
    line = json.dumps(result, ensure_ascii=False)
    print(line)
    if args.json:
        with open(args.json, "w") as f:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
