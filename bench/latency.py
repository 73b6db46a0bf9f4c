#!/usr/bin/env python3
"""Per-operation latency at one connection, Minnow beside DynamoDB Local (issue 37, item 3).

    latency.py [--bin build/release/minnow] [--servers minnow,dynamodb-local] [--calls 2000]
               [--repeat 3] [--json FILE]

One keep-alive connection (bench/load.py's socket client), one call at a time, each call timed
alone with perf_counter; p50, p99 and p99.9 over all the repetitions' samples of an operation.
The servers take turns operation by operation, REPEAT times, so a burst of load from elsewhere
on the machine falls on both. Each server first gets the same data: `lat` (hash key pk, 10,000
items of ~200 bytes, bench/load.py's items), `lat_q` (pk, sk: 10 items in each of 1,000
partitions), `lat_del` (items for DeleteItem to delete) and, on Minnow only, `lat_vec` (10,000
vectors of 128 dimensions for SearchVectors, which DynamoDB Local does not have).

What the client itself costs: a row for nginx answering `{}` to the same GetItem request (the
round trip through this client and the loopback, with no server work), and a column with this
client's own CPU per call (time.process_time). Both are shown, not subtracted.

Each call's answer must be 200 with what it should hold (the Query's 10 items, the Scan's
10,000, the BatchGetItem's 100), so a broken server cannot produce a fast figure.
Loopback only; every server started is stopped.
"""
import argparse, atexit, json, os, random, shutil, statistics, subprocess, sys, tempfile, time

BENCH = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import load  # noqa: E402
import scan_query  # noqa: E402
from procs import HOST, free_port, started, wait_port  # noqa: E402

ITEMS, PARTS, ROWS, VECTORS, DIMS = 10000, 1000, 10, 10000, 128


def start(cmd, port, cwd=REPO):
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         stdin=subprocess.DEVNULL)
    started.append(p)
    wait_port(port, p)
    return port


def start_nginx(tmp):
    port, d = free_port(), os.path.join(tmp, "nginx")
    os.makedirs(d)
    temps = "\n".join("  %s_temp_path %s/%s;" % (k, d, k) for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    with open(os.path.join(d, "nginx.conf"), "w") as f:
        f.write("pid %s/nginx.pid;\nerror_log %s/error.log warn;\nevents { worker_connections 64; }\n"
                "http {\n  access_log off;\n%s\n  keepalive_requests 1000000000;\n  server {\n"
                "    listen %s:%d;\n    default_type application/x-amz-json-1.0;\n"
                "    location / { return 200 '{}'; }\n  }\n}\n" % (d, d, temps, HOST, port))
    return start(["nginx", "-p", d + "/", "-e", os.path.join(d, "error.log"), "-c",
                  os.path.join(d, "nginx.conf"), "-g", "daemon off;"], port, d)


# ------------------------------------------------------------------------------ data and calls

def must(conn, action, body, check=None):
    status, text = conn.call(action, body if isinstance(body, str) else json.dumps(body))
    if status != 200:
        sys.exit("%s answered %d: %s" % (action, status, text[:400]))
    if check and not check(text):
        sys.exit("%s answered something unexpected: %s" % (action, text[:400]))
    return text


def key(n):
    return '{"pk":{"S":"k%07d"}}' % n


def vector(rnd):
    return ",".join('{"N":"%.5f"}' % rnd.gauss(0, 1) for _ in range(DIMS))


def prepare(port, deletes, vectors):
    for table, range_key in (("lat", False), ("lat_q", True), ("lat_del", False)):
        load.create_table(HOST, port, table, range_key)
    conn = load.Conn(HOST, port)
    for a in range(0, ITEMS, 25):
        load.batch_write(conn, "lat", [load.main_item(n) for n in range(a, a + 25)])
    rows = [load.query_item(p, s) for p in range(PARTS) for s in range(ROWS)]
    for a in range(0, len(rows), 25):
        load.batch_write(conn, "lat_q", rows[a:a + 25])
    for a in range(0, deletes, 25):
        load.batch_write(conn, "lat_del", [load.main_item(n) for n in range(a, min(a + 25, deletes))])
    if vectors:
        must(conn, "CreateTable", {
            "TableName": "lat_vec", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "VectorIndexes": [{"IndexName": "all", "VectorAttribute": {"AttributeName": "v"}, "Dimensions": DIMS,
                               "DistanceFunction": "COSINE", "SearchSchema": [],
                               "Projection": {"ProjectionType": "KEYS_ONLY"}}]})
        rnd = random.Random(7)
        for a in range(0, VECTORS, 25):
            load.batch_write(conn, "lat_vec", ['{"pk":{"S":"v%06d"},"v":{"L":[%s]}}' % (n, vector(rnd))
                                               for n in range(a, a + 25)])
    conn.close()


def scan_all(conn):
    """A full Scan of `lat`, every page: one sample."""
    seen, start = 0, ""
    while True:
        page = must(conn, "Scan", '{"TableName":"lat"%s}' % start)
        # Not json.loads: parsing 2 MB of items in Python costs ten times the server's work.
        seen += scan_query.tail_member(page, "Count")
        last = scan_query.tail_member(page, "LastEvaluatedKey")
        if last is None:
            break
        start = ',"ExclusiveStartKey":' + json.dumps(last)
    if seen != ITEMS:
        sys.exit("the Scan saw %d items, not %d" % (seen, ITEMS))


class Calls:
    """The body of each operation's i-th call (the same on every server), and its check."""

    def __init__(self, seed):
        self.rnd = random.Random(seed)
        self.tables = 0
        self.deleted = 0

    def body(self, op):
        r = self.rnd
        n = r.randrange(ITEMS)
        if op in ("GetItem", "floor"):
            return '{"TableName":"lat","Key":%s}' % key(n), None
        if op == "PutItem":
            return '{"TableName":"lat","Item":%s}' % load.main_item(n), None
        if op == "UpdateItem":
            return ('{"TableName":"lat","Key":%s,"UpdateExpression":"SET score = :s ADD age :one",'
                    '"ExpressionAttributeValues":{":s":{"N":"%d.5"},":one":{"N":"1"}}}' % (key(n), n)), None
        if op == "DeleteItem":
            self.deleted += 1
            return '{"TableName":"lat_del","Key":%s}' % key(self.deleted - 1), None
        if op == "Query":
            return ('{"TableName":"lat_q","KeyConditionExpression":"pk = :p",'
                    '"ExpressionAttributeValues":{":p":{"S":"p%05d"}}}' % r.randrange(PARTS)), '"Count":10,'
        if op == "BatchGetItem":
            keys = ",".join(key(k) for k in r.sample(range(ITEMS), 100))
            return '{"RequestItems":{"lat":{"Keys":[%s]}}}' % keys, '"UnprocessedKeys":{}'
        if op == "BatchWriteItem":
            puts = ",".join('{"PutRequest":{"Item":%s}}' % load.main_item(k) for k in r.sample(range(ITEMS), 25))
            return '{"RequestItems":{"lat":[%s]}}' % puts, '"UnprocessedItems":{}'
        if op == "TransactWriteItems":
            a, b, c, d = r.sample(range(ITEMS), 4)
            return ('{"TransactItems":[{"Put":{"TableName":"lat","Item":%s}},{"Put":{"TableName":"lat","Item":%s}},'
                    '{"Update":{"TableName":"lat","Key":%s,"UpdateExpression":"ADD age :one",'
                    '"ExpressionAttributeValues":{":one":{"N":"1"}}}},'
                    '{"ConditionCheck":{"TableName":"lat","Key":%s,"ConditionExpression":"attribute_exists(pk)"}}]}'
                    % (load.main_item(a), load.main_item(b), key(c), key(d))), None
        if op == "TransactGetItems":
            gets = ",".join('{"Get":{"TableName":"lat","Key":%s}}' % key(k) for k in r.sample(range(ITEMS), 4))
            return '{"TransactItems":[%s]}' % gets, None
        if op == "ExecuteStatement":
            return '{"Statement":"SELECT * FROM lat WHERE pk = \'k%07d\'"}' % n, '"Items":[{'
        if op == "SearchVectors":
            return '{"TableName":"lat_vec","IndexName":"all","TopK":10,"SearchVector":[%s]}' % vector(r), None
        raise ValueError(op)


def table_body(op, n):
    if op == "CreateTable":
        return json.dumps({"TableName": "lat_t%d" % n, "BillingMode": "PAY_PER_REQUEST",
                           "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                           "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})
    return '{"TableName":"lat_t%d"}' % n


def measure(conn, op, calls, warmup, gen):
    """Seconds of each timed call, and this client's CPU seconds per call."""
    samples = []
    cpu0 = None
    for i in range(warmup + calls):
        if i == warmup:
            cpu0 = time.process_time()
        if op == "Scan":
            t0 = time.perf_counter()
            scan_all(conn)
            dt = time.perf_counter() - t0
        elif op == "CreateTable+DeleteTable":  # a pair per sample; each timed alone
            n, gen.tables = gen.tables, gen.tables + 1
            t0 = time.perf_counter()
            must(conn, "CreateTable", table_body("CreateTable", n))
            t1 = time.perf_counter()
            must(conn, "DeleteTable", table_body("DeleteTable", n))
            t2 = time.perf_counter()
            if i >= warmup:
                samples.append((t1 - t0, t2 - t1))
            continue
        else:
            body, expect = gen.body(op)
            action = "GetItem" if op == "floor" else op
            t0 = time.perf_counter()
            status, text = conn.call(action, body)
            dt = time.perf_counter() - t0
            if status != 200 or (expect and op != "floor" and expect not in text):
                sys.exit("%s answered %d: %s" % (op, status, text[:400]))
        if i >= warmup:
            samples.append(dt)
    return samples, (time.process_time() - cpu0) / calls


def pct(samples, q):
    s = sorted(samples)
    return s[min(len(s) - 1, int(q * len(s)))]


def summary(samples):
    """Milliseconds, for the JSON line."""
    return {"p50_ms": round(1e3 * pct(samples, .5), 3), "p99_ms": round(1e3 * pct(samples, .99), 3),
            "p999_ms": round(1e3 * pct(samples, .999), 3), "n": len(samples)}


# ------------------------------------------------------------------------------------- main

OPERATIONS = [  # (name, calls as a share of --calls)
    ("GetItem", 1), ("PutItem", 1), ("UpdateItem", 1), ("DeleteItem", 1), ("Query", 1),
    ("Scan", 0.025), ("BatchGetItem", 0.25), ("BatchWriteItem", 0.25), ("TransactWriteItems", 0.5),
    ("TransactGetItems", 0.5), ("CreateTable+DeleteTable", 0.05), ("ExecuteStatement", 1),
    ("SearchVectors", 0.25)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(REPO, "build", "release", "minnow"))
    ap.add_argument("--servers", default="minnow,dynamodb-local")
    ap.add_argument("--calls", type=int, default=2000, help="timed calls of a cheap operation per repetition")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json")
    args = ap.parse_args()
    servers = args.servers.split(",")
    tmp = tempfile.mkdtemp(prefix="minnow-latency-")
    os.chmod(tmp, 0o755)  # nginx's workers run as nobody
    atexit.register(shutil.rmtree, tmp, True)
    deletes = args.repeat * (args.calls + max(1, args.calls // 10))

    ports = {"floor": start_nginx(tmp)}
    if "minnow" in servers:
        port = free_port()
        ports["minnow"] = start([args.bin, "--host", HOST, "--port", str(port)], port)
    if "dynamodb-local" in servers:
        port = free_port()
        ports["dynamodb-local"] = start([os.path.join(REPO, "..", "shared", "reference", "dynamodb-local"), str(port)], port)
    for server in servers:
        print("loading %s" % server, file=sys.stderr, flush=True)
        prepare(ports[server], deletes, server == "minnow")

    conns = {s: load.Conn(HOST, p) for s, p in ports.items()}
    gens = {s: Calls(11) for s in ports}
    samples, client_cpu = {}, {}
    for rep in range(args.repeat):
        for op, share in [("floor", 1)] + OPERATIONS:
            calls = max(10, int(args.calls * share))
            for server in (["floor"] if op == "floor" else servers):
                if op == "SearchVectors" and server != "minnow":
                    continue
                got, cpu = measure(conns[server], op, calls, max(5, calls // 10), gens[server])
                if op == "CreateTable+DeleteTable":
                    samples.setdefault(("CreateTable", server), []).extend(c for c, _ in got)
                    samples.setdefault(("DeleteTable", server), []).extend(d for _, d in got)
                else:
                    samples.setdefault((op, server), []).extend(got)
                client_cpu.setdefault((op, server), []).append(cpu)
                first = [x[0] if isinstance(x, tuple) else x for x in got]
                print("rep %d %s %s: p50 %.3f ms" % (rep, op, server, 1e3 * pct(first, 0.5)), file=sys.stderr, flush=True)

    names = ["GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem", "BatchWriteItem",
             "TransactWriteItems", "TransactGetItems", "CreateTable", "DeleteTable", "ExecuteStatement", "SearchVectors"]
    labels = {"Query": "Query (10 items)", "Scan": "Scan (10,000 items, every page)", "BatchGetItem": "BatchGetItem (100 keys)",
              "BatchWriteItem": "BatchWriteItem (25 items)", "TransactWriteItems": "TransactWriteItems (4 actions)",
              "TransactGetItems": "TransactGetItems (4 items)", "SearchVectors": "SearchVectors (10,000 x 128, top 10)"}
    head = "| operation | " + " | ".join("%s p50 ms | p99 | p99.9" % s for s in servers)
    head += " | Minnow's speed-up at the p50 | client CPU ms/call |" if len(servers) > 1 else " | client CPU ms/call |"
    print(head)
    print("|---" + "|---:" * (3 * len(servers) + (2 if len(servers) > 1 else 1)) + "|")
    out = {}
    floor = samples[("floor", "floor")]
    print("| client and loopback (nginx `{}`) | %.3f | %.3f | %.3f |" % (1e3 * pct(floor, .5), 1e3 * pct(floor, .99), 1e3 * pct(floor, .999))
          + " — | — | — |" * (len(servers) - 1) + (" — |" if len(servers) > 1 else "")
          + " %.3f |" % (1e3 * statistics.median(client_cpu[("floor", "floor")])))
    out["floor"] = summary(floor)
    for name in names:
        row, p50s = [], {}
        for server in servers:
            s = samples.get((name, server))
            if not s:
                row.append("— | — | —")
                continue
            p50s[server] = pct(s, .5)
            out["%s %s" % (name, server)] = summary(s)
            row.append("%.3f | %.3f | %.3f" % (1e3 * pct(s, .5), 1e3 * pct(s, .99), 1e3 * pct(s, .999)))
        if len(servers) > 1:
            row.append("%.1fx" % (p50s[servers[1]] / p50s[servers[0]]) if len(p50s) == len(servers) else "—")
        op = "CreateTable+DeleteTable" if name in ("CreateTable", "DeleteTable") else name
        row.append("%.3f" % (1e3 * statistics.median(client_cpu[(op, servers[0])])))
        print("| %s | %s |" % (labels.get(name, name), " | ".join(row)))
    print(json.dumps(out))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    for c in conns.values():
        c.close()


if __name__ == "__main__":
    main()
