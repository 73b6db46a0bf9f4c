#!/usr/bin/env python3
"""Scan and Query at scale: the time to page through a full Scan of a large table, and the
latency of a 10-item Query.

    scan_query.py --port P [--host 127.0.0.1] [--items 1000000] [--rows 10] [--procs 4]
                  [--queries 2000] [--table bench_sq] [--no-load] [--segments N] [--pid PID]

Creates TABLE (hash pk S, range sk N) and loads ITEMS items with BatchWriteItem (load.py's
loader and item shape, about 200 bytes each by DynamoDB's size rules) as ITEMS/ROWS partitions
of ROWS items. Then, over one keep-alive connection:

  scan   pages through the whole table with Scan (no Limit: DynamoDB's 1 MB pages), following
         LastEvaluatedKey; checks that every item came back exactly once (by count);
         with --segments N, also as a parallel Scan: N processes, each paging through its
         Segment of TotalSegments N over a connection of its own, timed from the first request
         to the last answer;
  query  QUERIES Query calls, each reading one random partition (ROWS items), after 100 warm-up
         calls; reports the median, p90 and p99 latency.

With --pid (the server's process), each scan also reports the server's CPU seconds (user and
system, from /proc) spent while it ran, so that the server's share of the time is known apart
from the client's and the transfer's. Prints one JSON line with the figures. The client reads only Count, ScannedCount and
LastEvaluatedKey out of each page (no full JSON parse), so the scan time is the server's time
plus the transfer. Stdlib only; loopback only.
"""
import argparse, json, multiprocessing, os, random, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import load  # noqa: E402  (bench/load.py: the BatchWriteItem loader and its keep-alive client)

_decoder = json.JSONDecoder()


def member(text, name, start=0):
    """The JSON value of the first "name": at or after `start` (a small value), or None."""
    i = text.find('"%s":' % name, start)
    if i < 0:
        return None
    value, _ = _decoder.raw_decode(text, i + len(name) + 3)
    return value


def tail_member(text, name):
    """The same, searching from the end: Minnow and DynamoDB write these after the Items."""
    i = text.rfind('"%s":' % name)
    if i < 0:
        return None
    value, _ = _decoder.raw_decode(text, i + len(name) + 3)
    return value


CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """The user and system CPU seconds process `pid` has used (None without a pid)."""
    if not pid:
        return None
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def scan_all(conn, table, segment=None):
    start = None
    pages = items = scanned = response_bytes = 0
    t0 = time.perf_counter()
    while True:
        body = {"TableName": table}
        if segment is not None:
            body["Segment"], body["TotalSegments"] = segment
        if start is not None:
            body["ExclusiveStartKey"] = start
        status, text = conn.call("Scan", json.dumps(body))
        if status != 200:
            raise RuntimeError("Scan answered %d: %s" % (status, text[:500]))
        pages += 1
        response_bytes += len(text)
        items += tail_member(text, "Count")
        scanned += tail_member(text, "ScannedCount")
        start = tail_member(text, "LastEvaluatedKey")
        if start is None:
            break
    return time.perf_counter() - t0, pages, items, scanned, response_bytes


def scan_segment(args):
    host, port, table, segment, total = args
    conn = load.Conn(host, port, timeout=600)
    try:
        return scan_all(conn, table, (segment, total))
    finally:
        conn.close()


def parallel_scan(host, port, table, segments):
    t0 = time.perf_counter()
    with multiprocessing.Pool(segments) as pool:
        results = pool.map(scan_segment, [(host, port, table, s, segments) for s in range(segments)])
    secs = time.perf_counter() - t0
    return (secs, sum(r[1] for r in results), sum(r[2] for r in results), sum(r[3] for r in results),
            sum(r[4] for r in results))


def query_latencies(conn, table, partitions, rows, n, pid=0):
    rnd = random.Random(42)
    samples = []
    cpu0 = None
    for i in range(100 + n):
        if i == 100:
            cpu0 = cpu_seconds(pid)
        p = rnd.randrange(partitions)
        body = ('{"TableName":"%s","KeyConditionExpression":"pk = :p",'
                '"ExpressionAttributeValues":{":p":{"S":"p%05d"}}}' % (table, p))
        t0 = time.perf_counter()
        status, text = conn.call("Query", body)
        dt = time.perf_counter() - t0
        if status != 200:
            raise RuntimeError("Query answered %d: %s" % (status, text[:500]))
        count = tail_member(text, "Count")
        if count != rows:
            raise RuntimeError("Query of p%05d returned %s items, expected %d" % (p, count, rows))
        if i >= 100:
            samples.append(dt)
    samples.sort()
    pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]
    out = {"median_ms": round(statistics.median(samples) * 1000, 3), "p90_ms": round(pick(0.90) * 1000, 3),
           "p99_ms": round(pick(0.99) * 1000, 3), "calls": len(samples)}
    if pid:
        out["server_cpu_us_per_query"] = round((cpu_seconds(pid) - cpu0) / len(samples) * 1e6, 1)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--table", default="bench_sq")
    ap.add_argument("--items", type=int, default=1000000)
    ap.add_argument("--rows", type=int, default=10, help="items per partition (the Query's size)")
    ap.add_argument("--procs", type=int, default=4)
    ap.add_argument("--queries", type=int, default=2000)
    ap.add_argument("--no-load", action="store_true", help="the table is already loaded")
    ap.add_argument("--segments", type=int, default=0, help="also a parallel Scan of this many segments")
    ap.add_argument("--no-scan", action="store_true", help="only the Query's figures")
    ap.add_argument("--pid", type=int, default=0, help="the server's process: report its CPU seconds per scan")
    args = ap.parse_args()
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("loopback only")
    partitions = args.items // args.rows
    out = {"items": partitions * args.rows, "partitions": partitions, "rows_per_partition": args.rows}
    if not args.no_load:
        load.create_table(args.host, args.port, args.table, True)
        secs, requests = load.load(args.host, args.port, args.table, load.query_jobs(partitions, args.rows), args.procs)
        out["load_seconds"] = round(secs, 2)
    conn = load.Conn(args.host, args.port, timeout=600)
    try:
        if args.no_scan:
            out["query_%d_items" % args.rows] = query_latencies(conn, args.table, partitions, args.rows, args.queries,
                                                                args.pid)
            print(json.dumps(out))
            return
        cpu0 = cpu_seconds(args.pid)
        secs, pages, items, scanned, nbytes = scan_all(conn, args.table)
        cpu1 = cpu_seconds(args.pid)
        if items != out["items"] or scanned != items:
            raise RuntimeError("Scan returned %d items (%d scanned), expected %d" % (items, scanned, out["items"]))
        out["scan"] = {"seconds": round(secs, 3), "pages": pages, "items_per_second": round(items / secs),
                       "response_mb": round(nbytes / 1e6, 1)}
        if args.pid:
            out["scan"]["server_cpu_seconds"] = round(cpu1 - cpu0, 3)
        if args.segments > 1:
            cpu0 = cpu_seconds(args.pid)
            secs, pages, items, scanned, nbytes = parallel_scan(args.host, args.port, args.table, args.segments)
            if items != out["items"] or scanned != items:
                raise RuntimeError("the parallel Scan returned %d items (%d scanned), expected %d"
                                   % (items, scanned, out["items"]))
            out["parallel_scan"] = {"segments": args.segments, "seconds": round(secs, 3), "pages": pages,
                                    "items_per_second": round(items / secs), "response_mb": round(nbytes / 1e6, 1)}
            if args.pid:
                out["parallel_scan"]["server_cpu_seconds"] = round(cpu_seconds(args.pid) - cpu0, 3)
        out["query_%d_items" % args.rows] = query_latencies(conn, args.table, partitions, args.rows, args.queries, args.pid)
    finally:
        conn.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
