#!/usr/bin/env python3
"""SearchVectors end to end: HTTP, JSON, the request's checks and the search, against a running
Minnow (bench/vector/README.md compares with the engine-only figures of minnow_vector_bench).

    search_http.py --port P [--host 127.0.0.1] [--vectors 100000] [--dims 768] [--tenants 100]
                   [--queries 200] [--top-k 10] [--procs 2] [--table bench_vec] [--pid PID] [--no-load]

Creates TABLE (hash pk S) with two COSINE vector indexes on v, as minnow_vector_bench does:
`all` without a search schema (each search reads every vector) and `tenant` with a HASH element
on tenant (each search names one of TENANTS tenants: VECTORS/TENANTS vectors). Loads VECTORS items
{pk, tenant, v} with BatchWriteItem over --procs processes (load.py's keep-alive client; v holds
DIMS random normal elements written as 7-digit decimals). Then, over one keep-alive connection,
QUERIES SearchVectors calls per index (after 5 warm-up calls), each with a new random vector and
ReturnConsumedCapacity TOTAL; checks that each answers TOP_K results. Prints per index the p50
and p99 latency seen by the client, the vectors compared per second at the p50 and, with --pid
(the server's process id), the server's resident memory per item after the load. One JSON line
at the end. Stdlib only; loopback only.
"""
import argparse, json, os, random, statistics, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import load  # noqa: E402  (bench/load.py: the keep-alive client and the parallel loader)

_decoder = json.JSONDecoder()
_args = None  # the parsed arguments, for the load workers (forked)


def vector_text(rnd, dims):
    return ",".join('{"N":"%.7f"}' % rnd.gauss(0, 1) for _ in range(dims))


def item(n, rnd):
    return '{"pk":{"S":"v%08d"},"tenant":{"S":"t%d"},"v":{"L":[%s]}}' % (
        n, n % _args.tenants, vector_text(rnd, _args.dims))


def load_worker(job):
    start, end = job
    rnd = random.Random(start)
    conn = load.Conn(_args.host, _args.port)
    try:
        for a in range(start, end, 25):
            load.batch_write(conn, _args.table, [item(n, rnd) for n in range(a, min(a + 25, end))])
    finally:
        conn.close()


def create_table(conn, args):
    index = lambda name, schema: {
        "IndexName": name, "VectorAttribute": {"AttributeName": "v"}, "Dimensions": args.dims,
        "DistanceFunction": "COSINE", "SearchSchema": schema, "Projection": {"ProjectionType": "KEYS_ONLY"}}
    status, text = conn.call("CreateTable", json.dumps({
        "TableName": args.table, "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "tenant", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "VectorIndexes": [index("all", []), index("tenant", [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}])]}))
    if status != 200:
        raise RuntimeError("CreateTable answered %d: %s" % (status, text[:500]))


def rss_bytes(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def searches(conn, args, index, rnd):
    samples, compared = [], 0
    for i in range(5 + args.queries):
        body = '{"TableName":"%s","IndexName":"%s","TopK":%d,"ReturnConsumedCapacity":"TOTAL","SearchVector":[%s]%s}' % (
            args.table, index, args.top_k, vector_text(rnd, args.dims),
            ',"SearchConditionExpression":"tenant = :t","ExpressionAttributeValues":{":t":{"S":"t%d"}}' % rnd.randrange(args.tenants)
            if index == "tenant" else "")
        t0 = time.perf_counter()
        status, text = conn.call("SearchVectors", body)
        dt = time.perf_counter() - t0
        if status != 200:
            raise RuntimeError("SearchVectors answered %d: %s" % (status, text[:500]))
        results = text.count('"Score":')
        if results != min(args.top_k, args.vectors // (args.tenants if index == "tenant" else 1)):
            raise RuntimeError("SearchVectors on %s returned %d results" % (index, results))
        if i >= 5:
            samples.append(dt)
            at = text.rfind('"VectorSearchRequestBytes":')
            compared += _decoder.raw_decode(text, at + len('"VectorSearchRequestBytes":'))[0] // (4 * args.dims)
    samples.sort()
    pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]
    p50 = statistics.median(samples)
    per_search = args.vectors // (args.tenants if index == "tenant" else 1)
    return {"p50_ms": round(p50 * 1000, 3), "p99_ms": round(pick(0.99) * 1000, 3), "calls": len(samples),
            "vectors_per_search": per_search, "vectors_per_second_at_p50": round(per_search / p50),
            "charged_vectors_per_search": round(compared / len(samples))}


def main():
    global _args
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--table", default="bench_vec")
    ap.add_argument("--vectors", type=int, default=100000)
    ap.add_argument("--dims", type=int, default=768)
    ap.add_argument("--tenants", type=int, default=100)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--top-k", type=int, default=10)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--pid", type=int, help="the server's process id, for its resident memory")
    ap.add_argument("--no-load", action="store_true", help="the table is already loaded")
    args = _args = ap.parse_args()
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("loopback only")
    out = {"vectors": args.vectors, "dims": args.dims, "tenants": args.tenants, "top_k": args.top_k}
    conn = load.Conn(args.host, args.port, timeout=600)
    try:
        if not args.no_load:
            rss0 = rss_bytes(args.pid) if args.pid else 0
            create_table(conn, args)
            step = (args.vectors + 4 * args.procs - 1) // (4 * args.procs)
            jobs = [(a, min(a + step, args.vectors)) for a in range(0, args.vectors, step)]
            t0 = time.perf_counter()
            ctx = load.multiprocessing.get_context("fork")
            with ctx.Pool(args.procs) as pool:
                pool.map(load_worker, jobs, chunksize=1)
            out["load_seconds"] = round(time.perf_counter() - t0, 1)
            if args.pid:
                out["server_rss_bytes_per_item"] = round((rss_bytes(args.pid) - rss0) / args.vectors)
        rnd = random.Random(7)
        for index in ("all", "tenant"):
            out[index] = searches(conn, args, index, rnd)
            print("%-6s p50 %8.2f ms  p99 %8.2f ms  %6.2f M vectors/s at p50" % (
                index, out[index]["p50_ms"], out[index]["p99_ms"], out[index]["vectors_per_second_at_p50"] / 1e6),
                file=sys.stderr)
    finally:
        conn.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
