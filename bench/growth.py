#!/usr/bin/env python3
"""Growth: does a request cost more as the table grows? GetItem, PutItem and the 10-item Query,
each at table sizes of 10,000 to 10,000,000 items, as server CPU per request.

    growth.py --bin build/release/minnow [--sizes 10000,100000,1000000,10000000] [--duration 5]
              [--port 8040] [--conns 64]

For each size, a fresh Minnow (--bin) on PORT gets two tables of SIZE items of ~200 bytes each
(load.py's shape): `bench` (hash key) for GetItem and PutItem of random existing keys, and
`bench_q` (SIZE/20 partitions of 20 items) for a Query of 10 items of a random partition. Each
workload then runs for DURATION seconds under wrk (bench/lua, as bench/run drives it, CONNS
connections), after a 1-second warm-up; the figure is the server's CPU seconds (user and system,
from /proc) over the requests wrk completed. Prints a Markdown table and one JSON line.
Issue 37's target: each workload's figures within 1.5x of each other across the sizes.
Loopback only; every server this starts is stopped on exit.
"""
import argparse, json, os, re, subprocess, sys, time

BENCH = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, BENCH)
import load  # noqa: E402
from procs import HOST, cpu_seconds, resident_mib, started, wait_port  # noqa: E402

WORKLOADS = ["get", "put", "query"]


def start(binary, port):
    p = subprocess.Popen([binary, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started.append(p)
    wait_port(port, p)
    return p


def run_wrk(port, workload, size, conns, seconds):
    cmd = ["wrk", "-t%d" % (1 if conns == 1 else 2), "-c%d" % conns, "-d%ds" % seconds, "--timeout", "5s",
           "-s", os.path.join(BENCH, "lua", workload + ".lua"), "http://%s:%d/" % (HOST, port), "--",
           "table=bench", "keys=%d" % size, "qtable=bench_q", "qparts=%d" % (size // 20), "qrows=20", "seed=7"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60).stdout
    m = re.search(r"^BENCH_RESULT (.*)$", out, re.M)  # bench/lua/common.lua's summary
    if not m:
        sys.exit("wrk failed: %s" % out[-500:])
    r = json.loads(m.group(1))
    errors = sum(r[k] for k in r if k.endswith("_errors"))
    return r["requests"], r["duration_s"], errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--sizes", default="10000,100000,1000000,10000000")
    ap.add_argument("--duration", type=int, default=5)
    ap.add_argument("--port", type=int, default=8040)
    ap.add_argument("--conns", type=int, default=64)
    ap.add_argument("--procs", type=int, default=4)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {}
    for size in sizes:
        server = start(args.bin, args.port)
        load.create_table(HOST, args.port, "bench", False)
        load.create_table(HOST, args.port, "bench_q", True)
        t0 = time.perf_counter()
        load.load(HOST, args.port, "bench", load.main_jobs(0, size), args.procs)
        load.load(HOST, args.port, "bench_q", load.query_jobs(size // 20, 20), args.procs)
        row = {"load_seconds": round(time.perf_counter() - t0, 1), "resident_mib": round(resident_mib(server.pid))}
        for workload in WORKLOADS:
            run_wrk(args.port, workload, size, args.conns, 1)  # warm-up
            cpu0 = cpu_seconds(server.pid)
            requests, secs, errors = run_wrk(args.port, workload, size, args.conns, args.duration)
            cpu = cpu_seconds(server.pid) - cpu0
            row[workload] = {"requests_per_second": round(requests / secs),
                             "cpu_us_per_request": round(cpu / requests * 1e6, 1)}
            if errors:
                row[workload]["errors"] = errors
        results[size] = row
        print("size %d: %s" % (size, json.dumps(row)), file=sys.stderr, flush=True)
        server.terminate()
        server.wait(30)
    print("| items | resident MiB | " + " | ".join("%s CPU µs/req (req/s)" % w for w in WORKLOADS) + " |")
    print("|---:|---:|" + "---:|" * len(WORKLOADS))
    for size in sizes:
        r = results[size]
        print("| {:,} | {} | ".format(size, r["resident_mib"]) +
              " | ".join("%.1f (%d)" % (r[w]["cpu_us_per_request"], r[w]["requests_per_second"]) for w in WORKLOADS) +
              " |")
    spread = {w: round(max(results[s][w]["cpu_us_per_request"] for s in sizes) /
                       min(results[s][w]["cpu_us_per_request"] for s in sizes), 2) for w in WORKLOADS}
    print("largest / smallest CPU per request: " + ", ".join("%s %.2fx" % (w, x) for w, x in spread.items()))
    print(json.dumps({"sizes": results, "spread": spread}))


if __name__ == "__main__":
    main()
