#!/usr/bin/env python3
"""Large items: PutItem and GetItem of 4 KB, 64 KB and 400 KB items against nginx serving a canned
body of the same size (issue 37, item 6: Minnow at least 70 % of nginx's throughput).

    large_items.py --bin build/release/minnow [--sizes 4096,65536,409600] [--keys 200]
                   [--duration 5] [--repeat 3] [--conns 64] [--port 8060]

Each size is an item's size by DynamoDB's rules (its key `pk` and one string attribute `data`;
409,600 bytes is DynamoDB's largest). Minnow gets KEYS such items per size; nginx answers a
GetItem with the very bytes Minnow answered for that key (a file a key, named by the request's
X-Bench-Key header) and a PutItem with {} after reading its body, as Minnow does. Each PutItem
changes its item (random digits at the start of its data). wrk (bench/lua/large_get.lua,
large_put.lua) runs each workload at CONNS connections for DURATION seconds on Minnow, then on
nginx, REPEAT times interleaved; the table shows the medians of throughput and of the server's
CPU per request (nginx's workers included). Loopback only; every server started is stopped.
"""
import argparse, atexit, json, os, re, shutil, statistics, subprocess, sys, tempfile

BENCH = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, BENCH)
import load  # noqa: E402
import procs  # noqa: E402
from procs import HOST, cpu_seconds, started, wait_port  # noqa: E402

KEY_BYTES = len("pk") + len("k0000000") + len("data")  # an item's size besides its data


def nginx_conf(d, port):
    # One worker, as measured so far; GetItem's canned answer is the file the key names.
    return procs.nginx_conf(d, port, workers=1, http="  client_max_body_size 2m;\n  client_body_buffer_size 1m;",
                            server="""    location / {
      if ($http_x_amz_target = "DynamoDB_20120810.GetItem") { rewrite ^ /canned/$http_x_bench_key.json last; }
      return 200 '{}';
    }
    location /canned/ { internal; alias %s/; error_page 405 =200 $uri; }""" % d)


def run_wrk(port, workload, table, size, keys, conns, seconds):
    cmd = ["wrk", "-t%d" % (1 if conns == 1 else 2), "-c%d" % conns, "-d%ds" % seconds, "--timeout", "10s",
           "-s", os.path.join(BENCH, "lua", "large_%s.lua" % workload), "http://%s:%d/" % (HOST, port), "--",
           "table=" + table, "keys=%d" % keys, "bytes=%d" % (size - KEY_BYTES), "seed=5"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60).stdout
    m = re.search(r"^BENCH_RESULT (.*)$", out, re.M)  # bench/lua/common.lua's summary
    if not m:
        sys.exit("wrk failed: %s" % out[-500:])
    r = json.loads(m.group(1))
    if sum(r[k] for k in r if k.endswith("_errors")):
        sys.exit("wrk saw errors on port %d: %s %s" % (port, m.group(1), out[-300:]))
    return r["requests"], r["duration_s"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--sizes", default="4096,65536,409600")
    ap.add_argument("--keys", type=int, default=200)
    ap.add_argument("--duration", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--conns", type=int, default=64)
    ap.add_argument("--port", type=int, default=8060)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    tmp = tempfile.mkdtemp(prefix="minnow-large-")
    os.chmod(tmp, 0o755)  # nginx's workers (nobody, when started as root) read the canned bodies
    atexit.register(shutil.rmtree, tmp, True)

    minnow = subprocess.Popen([args.bin, "--port", str(args.port)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    started.append(minnow)
    wait_port(args.port, minnow)
    conn = load.Conn(HOST, args.port)
    nginx = {}
    for i, size in enumerate(sizes):
        table = "large%d" % size
        load.create_table(HOST, args.port, table, False)
        data = "x" * (size - KEY_BYTES)
        for k in range(args.keys):
            status, text = conn.call("PutItem", json.dumps(
                {"TableName": table, "Item": {"pk": {"S": "k%07d" % k}, "data": {"S": data}}}))
            if status != 200:
                sys.exit("PutItem of a %d-byte item answered %d: %s" % (size, status, text[:300]))
        d = os.path.join(tmp, "nginx-%d" % size)
        os.makedirs(d)
        os.chmod(d, 0o755)
        for k in range(args.keys):
            key = "k%07d" % k
            status, canned = conn.call("GetItem", json.dumps({"TableName": table, "Key": {"pk": {"S": key}}}))
            with open(os.path.join(d, key + ".json"), "w") as f:
                f.write(canned)
            os.chmod(os.path.join(d, key + ".json"), 0o644)
        port = args.port + 1 + i
        p = subprocess.Popen(procs.nginx_command(d, nginx_conf(d, port)), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        started.append(p)
        wait_port(port, p)
        nginx[size] = (p, port)
    conn.close()

    runs = {}  # (size, workload, server) -> [(rps, cpu µs per request)]
    for rep in range(args.repeat):
        for size in sizes:
            for workload in ("put", "get"):
                for server, pid, port in (("minnow", minnow.pid, args.port), ("nginx", nginx[size][0].pid, nginx[size][1])):
                    t0 = cpu_seconds(pid, children=True)
                    requests, secs = run_wrk(port, workload, "large%d" % size, size, args.keys, args.conns, args.duration)
                    cpu = cpu_seconds(pid, children=True) - t0
                    runs.setdefault((size, workload, server), []).append((requests / secs, cpu / requests * 1e6))
                    print("rep %d size %d %s %s: %.0f req/s, %.1f µs CPU/req" % (rep, size, workload, server,
                          requests / secs, cpu / requests * 1e6), file=sys.stderr, flush=True)

    print("| item | operation | Minnow req/s | nginx req/s | Minnow % of nginx | Minnow CPU µs/req | nginx CPU µs/req |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    summary = {}
    for size in sizes:
        for workload in ("put", "get"):
            m = runs[(size, workload, "minnow")]
            n = runs[(size, workload, "nginx")]
            mr, nr = statistics.median(r for r, _ in m), statistics.median(r for r, _ in n)
            mc, nc = statistics.median(c for _, c in m), statistics.median(c for _, c in n)
            summary["%d %s" % (size, workload)] = {"minnow_rps": round(mr), "nginx_rps": round(nr),
                                                    "percent": round(100 * mr / nr), "minnow_cpu_us": round(mc, 1),
                                                    "nginx_cpu_us": round(nc, 1)}
            print("| {:,} B | {} | {:.0f} | {:.0f} | {:.0f} % | {:.1f} | {:.1f} |".format(
                size, "PutItem" if workload == "put" else "GetItem", mr, nr, 100 * mr / nr, mc, nc))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
