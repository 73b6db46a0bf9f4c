#!/usr/bin/env python3
"""Loading: a million items into an empty table, by BatchWriteItem from four clients and by
StartBulkPutItems from the S3 stand-in (issue 37, item 8; issue 21, item 4: a bulk load of at
least 200,000 items per second into an empty table).

    loading.py [--bin build/release/minnow] [--count 1000000] [--procs 4] [--files 10]
               [--compression gzip|none|zstd] [--repeat 3] [--timeout 600] [--json FILE]

Every measurement gets a fresh Minnow (`BIN --host 127.0.0.1 --port 0 --s3-dir TMP/s3`) and a
new `bench` table (hash key pk S), so each load goes into an empty table:

- **BatchWriteItem**: COUNT items of ~200 bytes (load.py's shape and machinery: 25-item
  batches, PROCS processes, each with one keep-alive connection), timed as load.py times it.
  The python clients share the 2 cores with the server, as in bench/run's load rows.
- **StartBulkPutItems**: the same items as DynamoDB JSON lines (`{"Item":{...}}`) in FILES
  objects under s3://bench/in/ (gzip, zstd through the `zstd` command, or none), written once
  before the first repetition and not timed; timed from sending StartBulkPutItems to the
  DescribeBulkOperation that says COMPLETED (polled every 20 ms). Minnow loads inside the
  StartBulkPutItems call (requests/loads.cpp), so the first poll already sees it done.

After each load: the server's CPU seconds over the load (utime + stime from /proc, all its
threads; 10 ms ticks), its VmRSS, and the table's item count by a paginated Scan Select=COUNT
(bulk: also ProcessedItemCount == COUNT and FailedItemCount == 0). The two loads alternate
order from one repetition to the next. Prints a Markdown table of medians and one JSON line of
every run (also to --json FILE); progress on stderr. Loopback only; every server started is
stopped by its PID, and the temporary directory removed, on errors too.
"""
import argparse, gzip, json, os, re, shutil, signal, statistics, subprocess, sys, tempfile, time

BENCH = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, BENCH)
import load  # noqa: E402
from procs import HOST, cpu_seconds, resident_mib, started, stop, stop_all  # noqa: E402

TABLE, BUCKET, PREFIX = "bench", "bench", "in/"
SUFFIX = {"gzip": ".json.gz", "zstd": ".json.zst", "none": ".json"}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def start(binary, tmp, n):
    """A fresh Minnow on a free port; returns (process, port). Its output goes to a file, not a
    pipe nobody reads, so a chatty server cannot block on a full pipe."""
    out = os.path.join(tmp, "minnow-%d.log" % n)
    with open(out, "wb") as f:
        p = subprocess.Popen([binary, "--host", HOST, "--port", "0", "--s3-dir", os.path.join(tmp, "s3")],
                             stdout=f, stderr=subprocess.STDOUT)
    started.append(p)
    for _ in range(500):
        with open(out, errors="replace") as f:
            m = re.search(r"listening on http://[^:/]+:(\d+)", f.readline())
        if m:
            return p, int(m.group(1))
        if p.poll() is not None:
            break
        time.sleep(0.02)
    with open(out, errors="replace") as f:
        raise RuntimeError("minnow did not start: %s" % f.read()[-500:])


def compress(data, how):
    if how == "gzip":
        return gzip.compress(data, compresslevel=6, mtime=0)  # gzip(1)'s default level
    if how == "zstd":  # Python 3.11 has no zstd module
        return subprocess.run(["zstd", "-q", "-3", "-c"], input=data, capture_output=True, check=True).stdout
    return data


def write_inputs(tmp, count, files, how):
    """The items as DynamoDB JSON lines in `files` objects under s3://BUCKET/PREFIX; returns
    their total size as stored."""
    folder = os.path.join(tmp, "s3", BUCKET, PREFIX)
    os.makedirs(folder)
    total = 0
    for f in range(files):
        a, b = count * f // files, count * (f + 1) // files
        data = compress("".join('{"Item":%s}\n' % load.main_item(n) for n in range(a, b)).encode(), how)
        with open(os.path.join(folder, "part-%03d%s" % (f, SUFFIX[how])), "wb") as out:
            out.write(data)
        total += len(data)
    return total


def call(conn, action, body):
    status, text = conn.call(action, json.dumps(body))
    if status != 200:
        raise RuntimeError("%s answered %d: %s" % (action, status, text[:500]))
    return json.loads(text)


def scan_count(conn):
    """The table's items, by a paginated Scan Select=COUNT (each page stops at 1 MB read)."""
    total, body = 0, {"TableName": TABLE, "Select": "COUNT"}
    while True:
        page = call(conn, "Scan", body)
        total += page["Count"]
        if "LastEvaluatedKey" not in page:
            return total
        body["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def batch_load(port, pid, args):
    cpu0 = cpu_seconds(pid)
    secs, requests = load.load(HOST, port, TABLE, load.main_jobs(0, args.count), args.procs)
    return {"seconds": secs, "cpu_seconds": cpu_seconds(pid) - cpu0, "requests": requests}


def bulk_load(port, pid, args):
    conn = load.Conn(HOST, port, timeout=args.timeout)
    try:
        request = {"TableName": TABLE, "OutputS3Configuration": {"OutputType": ["ERROR"]},
                   "InputS3Configuration": {"S3Bucket": BUCKET, "S3KeyPrefix": PREFIX, "InputFormat": "DYNAMODB_JSON",
                                            "InputCompressionType": args.compression.upper()}}
        cpu0 = cpu_seconds(pid)
        t0 = time.perf_counter()
        arn = call(conn, "StartBulkPutItems", request)["BulkOperationDescription"]["BulkOperationArn"]
        while True:
            d = call(conn, "DescribeBulkOperation", {"BulkOperationArn": arn})["BulkOperationDescription"]
            if d["BulkOperationStatus"] not in ("IN_PROGRESS", "CANCELLING"):
                break
            if time.perf_counter() - t0 > args.timeout:
                raise RuntimeError("bulk operation still %s after %d s" % (d["BulkOperationStatus"], args.timeout))
            time.sleep(0.02)
        secs = time.perf_counter() - t0
        cpu = cpu_seconds(pid) - cpu0
    finally:
        conn.close()
    if (d["BulkOperationStatus"], d.get("ProcessedItemCount"), d.get("FailedItemCount")) != ("COMPLETED", args.count, 0):
        raise RuntimeError("bulk operation ended: %s" % json.dumps(d)[:1000])
    return {"seconds": secs, "cpu_seconds": cpu, "input_bytes": d.get("ProcessedInputBytes")}


def measure(kind, args, tmp, n):
    """One load into an empty table of a fresh server, its figures checked by a count after."""
    server, port = start(args.bin, tmp, n)
    try:
        load.create_table(HOST, port, TABLE, False)
        r = (batch_load if kind == "batch" else bulk_load)(port, server.pid, args)
        r["resident_mib"] = resident_mib(server.pid)  # before the Scan, which allocates its pages
        conn = load.Conn(HOST, port, timeout=args.timeout)
        try:
            items = scan_count(conn)
        finally:
            conn.close()
        if items != args.count:
            raise RuntimeError("%s: the table holds %d items, not %d" % (kind, items, args.count))
    finally:
        stop(server)
    r["items_per_second"] = args.count / r["seconds"]
    r["cpu_us_per_item"] = r["cpu_seconds"] / args.count * 1e6
    log("%-5s %7.2f s  %9.0f items/s  server CPU %6.2f s (%.2f µs/item)  %6.1f MiB" % (
        kind, r["seconds"], r["items_per_second"], r["cpu_seconds"], r["cpu_us_per_item"], r["resident_mib"]))
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in r.items()}


ROWS = [("wall time (s)", "seconds", "%.2f"), ("items per second", "items_per_second", "{:,.0f}"),
        ("server CPU (s)", "cpu_seconds", "%.2f"), ("server CPU per item (µs)", "cpu_us_per_item", "%.2f"),
        ("resident after the load (MiB)", "resident_mib", "%.1f")]


def fmt(pattern, value):
    return pattern.format(value) if "{" in pattern else pattern % value


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def report(args, medians, input_bytes, loads):
    print("%s items of ~200 bytes into an empty table, medians of %d (load average %.2f at the start, "
          "%.2f at the end)\n" % ("{:,}".format(args.count), args.repeat, *loads))
    heads = {"batch": "BatchWriteItem, %d clients" % args.procs,
             "bulk": "StartBulkPutItems, %d %s files" % (args.files, args.compression)}
    print("| | %s |" % " | ".join(heads[k] for k in medians))
    print("|---" + "|---:" * len(medians) + "|")
    for label, key, pattern in ROWS:
        print("| %s | %s |" % (label, " | ".join(fmt(pattern, m[key]) for m in medians.values())))
    if "bulk" not in medians:
        return
    rate = medians["bulk"]["items_per_second"]
    print("\nStartBulkPutItems: {:,.0f} items/s, target 200,000: {} (input {:,} bytes as stored)".format(
        rate, "met" if rate >= 200000 else "NOT met", input_bytes))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(BENCH), "build", "release", "minnow"))
    ap.add_argument("--count", type=int, default=1000000)
    ap.add_argument("--procs", type=int, default=4)
    ap.add_argument("--files", type=int, default=10)
    ap.add_argument("--compression", choices=["gzip", "none", "zstd"], default="gzip")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=600, help="seconds allowed for one load")
    ap.add_argument("--loads", default="batch,bulk", help="which loads to run (batch, bulk or both)")
    ap.add_argument("--json", help="also write the JSON line here")
    args = ap.parse_args()
    if args.compression == "zstd" and not shutil.which("zstd"):
        sys.exit("loading.py: --compression zstd needs the zstd command (apt-get install zstd)")
    # SIGTERM runs the finally blocks, which stop the servers; load.py's forked clients just exit.
    main_pid = os.getpid()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143) if os.getpid() == main_pid else os._exit(143))
    loads = [load_average()]
    tmp = tempfile.mkdtemp(prefix="minnow-loading-")
    try:
        t0 = time.perf_counter()
        input_bytes = write_inputs(tmp, args.count, args.files, args.compression)
        log("bulk input: %d %s files, %s bytes, written in %.1f s (not timed)" % (
            args.files, args.compression, "{:,}".format(input_bytes), time.perf_counter() - t0))
        kinds = [k for k in ("batch", "bulk") if k in args.loads.split(",")]
        runs, n = {k: [] for k in kinds}, 0
        for rep in range(args.repeat):
            for kind in (kinds if rep % 2 == 0 else kinds[::-1]):  # neither always first
                n += 1
                runs[kind].append(measure(kind, args, tmp, n))
    finally:
        stop_all()
        shutil.rmtree(tmp, ignore_errors=True)
    loads.append(load_average())
    medians = {k: {key: round(statistics.median(r[key] for r in v), 4) for _, key, _ in ROWS} for k, v in runs.items()}
    report(args, medians, input_bytes, loads)
    line = json.dumps({"count": args.count, "procs": args.procs, "files": args.files, "compression": args.compression,
                       "input_bytes": input_bytes, "load_average": loads, "median": medians, "runs": runs})
    print(line)
    if args.json:
        with open(args.json, "w") as f:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
