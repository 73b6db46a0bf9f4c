#!/usr/bin/env python3
"""Write latency while a background compaction runs (issue 18: no write stalled for more than a
few milliseconds by a snapshot).

    bench/compaction_stall.py --minnow build/release/minnow [--port 9360] [--items 300000]
                              [--writers 4] [--compactions 1] [--no-pitr] [--max-seconds 180]

Starts Minnow on a fresh -dbPath directory (--fsync interval), loads --items items of ~200 bytes
(bench/load.py) into the bench table, turns on point-in-time recovery (so that each write adds a
recovery record, the log carries the old items and the snapshot copies the table's recovery log
too: up to 64 MiB, the case most likely to stall), then runs --writers processes of PutItem
over the loaded keys (each put a new value), each timing every request, until the background
compaction has written --compactions snapshots (the log grows past a fifth of the snapshot, and
32 MiB, between them) and two seconds after the last ended. The compaction is
seen by its file: minnow-snapshot-*.tmp exists while it is being written (polled every
millisecond). Prints, for the writes that started during a compaction and for the others, their
count, median, 99th and 99.9th percentiles and the worst latency, and the load average: the
machine is shared, so the writes outside the compaction are the baseline to compare with.
Python's standard library only; traffic to 127.0.0.1 only; every loop bounded.
"""
import argparse, json, multiprocessing, os, random, shutil, signal, subprocess, sys, tempfile, time

BENCH = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, BENCH)
sys.dont_write_bytecode = True
import load  # noqa: E402

TABLE = "bench"


def writer(port, keys, seed, stop, out):
    rng = random.Random(seed)
    conn = load.Conn("127.0.0.1", port)
    samples = []
    deadline = time.monotonic() + 600
    while not stop.is_set() and time.monotonic() < deadline:
        n = rng.randrange(keys)
        # A new value each time: a put of the item as it is changes (and logs) nothing.
        item = '{"pk":{"S":"k%07d"},"w":{"N":"%d"},%s}' % (n, len(samples), load._REST[n % 1000])
        body = '{"TableName":"%s","Item":%s}' % (TABLE, item)
        t0 = time.monotonic()
        status, text = conn.call("PutItem", body)
        samples.append((t0, time.monotonic() - t0))
        if status != 200:
            out.put(("error", "PutItem answered %d: %s" % (status, text[:200])))
            return
    conn.close()
    out.put(("samples", samples))


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(p / 100.0 * len(sorted_values)))]


def summary(name, latencies):
    v = sorted(latencies)
    if not v:
        return "%-28s none" % name
    ms = lambda x: x * 1000.0  # noqa: E731
    return "%-28s %7d writes  p50 %6.2f ms  p99 %6.2f ms  p99.9 %6.2f ms  max %7.2f ms" % (
        name, len(v), ms(percentile(v, 50)), ms(percentile(v, 99)), ms(percentile(v, 99.9)), ms(v[-1]))


def wait_ready(port, proc, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("minnow exited with status %s" % proc.returncode)
        try:
            c = load.Conn("127.0.0.1", port, timeout=2)
            status, _ = c.call("ListTables", "{}")
            c.close()
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.02)
    raise SystemExit("minnow did not answer within %d s" % seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minnow", required=True)
    ap.add_argument("--port", type=int, default=9360)
    ap.add_argument("--items", type=int, default=300_000)
    ap.add_argument("--writers", type=int, default=4)
    ap.add_argument("--procs", type=int, default=4, help="loader processes")
    ap.add_argument("--compactions", type=int, default=1, help="how many background compactions to measure")
    ap.add_argument("--no-pitr", action="store_true", help="leave point-in-time recovery off")
    ap.add_argument("--max-seconds", type=int, default=180, help="give up waiting for a compaction after this")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="minnow-compaction-stall-")
    data = os.path.join(work, "data")
    os.mkdir(data)
    log = open(os.path.join(work, "minnow.log"), "w")
    proc = subprocess.Popen([os.path.abspath(args.minnow), "--host", "127.0.0.1", "--port", str(args.port),
                             "--db-path", data, "--fsync", "interval"], stdout=log, stderr=subprocess.STDOUT)
    stop = multiprocessing.Event()
    workers = []
    try:
        wait_ready(args.port, proc)
        for cmd in (["--create", TABLE], ["--table", TABLE, "--count", str(args.items), "--procs", str(args.procs)]):
            p = subprocess.run([sys.executable, os.path.join(BENCH, "load.py"), "--port", str(args.port)] + cmd,
                               capture_output=True, text=True, timeout=1800)
            if p.returncode != 0:
                raise SystemExit("load failed: " + (p.stderr or p.stdout)[-300:])
        if not args.no_pitr:
            c = load.Conn("127.0.0.1", args.port)
            status, text = c.call("UpdateContinuousBackups", json.dumps({
                "TableName": TABLE, "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True}}))
            c.close()
            if status != 200:
                raise SystemExit("UpdateContinuousBackups answered %d: %s" % (status, text[:200]))
        # The load itself may have set off a compaction: let it finish before measuring.
        for _ in range(60000):
            if not any(f.endswith(".tmp") for f in os.listdir(data)):
                break
            time.sleep(0.001)
        out = multiprocessing.Queue()
        for w in range(args.writers):
            workers.append(multiprocessing.Process(target=writer, args=(args.port, args.items, w, stop, out)))
        for w in workers:
            w.start()
        windows, began, ended_at = [], None, None
        deadline = time.monotonic() + args.max_seconds
        while time.monotonic() < deadline:
            now = time.monotonic()
            writing = any(f.endswith(".tmp") for f in os.listdir(data))
            if writing and began is None:
                began = now
            elif not writing and began is not None:
                windows.append((began, now))
                began, ended_at = None, now
            if len(windows) >= args.compactions and now - ended_at > 2:
                break
            if proc.poll() is not None:
                raise SystemExit("minnow exited with status %s" % proc.returncode)
            time.sleep(0.001)
        stop.set()
        samples = []
        for _ in workers:
            kind, value = out.get(timeout=120)
            if kind == "error":
                raise SystemExit(value)
            samples.extend(value)
        for w in workers:
            w.join(30)
        load_avg = open("/proc/loadavg").read().split()[0]
        if not windows:
            raise SystemExit("no compaction within %d s (%d writes); try more --items or --max-seconds" %
                             (args.max_seconds, len(samples)))
        # A write is "during" a compaction if it overlapped one (started before it ended, ended after it began).
        during = [lat for t0, lat in samples if any(t0 <= e and t0 + lat >= b for b, e in windows)]
        outside = [lat for t0, lat in samples if not any(t0 <= e and t0 + lat >= b for b, e in windows)]
        sizes = sorted((f, os.path.getsize(os.path.join(data, f))) for f in os.listdir(data) if f.startswith("minnow-"))
        print("compaction_stall: %d items, point-in-time recovery %s, %d writers, load average %s" % (
            args.items, "off" if args.no_pitr else "on", args.writers, load_avg))
        print("compactions: %s" % ", ".join("%.0f ms" % ((e - b) * 1000) for b, e in windows))
        print("data files after: %s" % ", ".join("%s %.1f MB" % (f, s / 1e6) for f, s in sizes))
        print(summary("writes during a compaction", during))
        print(summary("writes outside", outside))
    finally:
        stop.set()
        for w in workers:
            if w.is_alive():
                w.terminate()
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
