#!/usr/bin/env python3
"""Resident memory of a running Minnow before, at the peak of and after a load, a DeleteTable and a
connection storm: does Minnow give memory back (server/memory_trimmer)?

    memory.py --port P --pid PID [--items 200000] [--connections 2000]

Loads --items items of about 1 KB with BatchWriteItem (bench/load.py's client, 4 processes),
deletes the table, then opens --connections connections at once, each sending one request,
and closes them. VmRSS of PID (from /proc) is read before, after the load (the peak), just after
the DeleteTable, 3 s later (the trimmer runs every second), and the same around the storm.
Prints one JSON line of kB figures. Stdlib only; loopback only.
"""
import argparse, json, socket, sys, time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import load  # noqa: E402  (bench/load.py)

PAD = "x" * 900


def rss_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit(f"no process {pid}")


def write_range(args):
    port, start, count = args
    conn = load.Conn("127.0.0.1", port)
    for first in range(start, start + count, 25):
        items = ['{"pk":{"S":"m%08d"},"pad":{"S":"%s"}}' % (n, PAD) for n in range(first, min(first + 25, start + count))]
        load.batch_write(conn, "memory", items)
    conn.close()


def storm(port, count):
    body = b'{"TableName":"nope"}'
    request = (b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.DescribeTable\r\n"
               b"Content-Type: application/x-amz-json-1.0\r\nAuthorization: " + load.AUTH.encode() +
               b"\r\nX-Amz-Date: 20260101T000000Z\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    sockets = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(request)
        sockets.append(s)
    for s in sockets:
        s.recv(4096)
    return sockets


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--items", type=int, default=200000)
    p.add_argument("--connections", type=int, default=2000)
    a = p.parse_args()
    out = {"before": rss_kb(a.pid)}
    load.create_table("127.0.0.1", a.port, "memory", False)
    procs = 4
    share = (a.items + procs - 1) // procs
    with Pool(procs) as pool:
        pool.map(write_range, [(a.port, i * share, min(share, a.items - i * share)) for i in range(procs)])
    out["after_load"] = rss_kb(a.pid)
    conn = load.Conn("127.0.0.1", a.port)
    status, _ = conn.call("DeleteTable", '{"TableName":"memory"}')
    conn.close()
    out["just_after_delete_table"] = rss_kb(a.pid)
    time.sleep(3)
    out["3s_after_delete_table"] = rss_kb(a.pid)
    sockets = storm(a.port, a.connections)
    out["during_storm"] = rss_kb(a.pid)
    for s in sockets:
        s.close()
    time.sleep(3)
    out["3s_after_storm"] = rss_kb(a.pid)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
