#!/usr/bin/env python3
"""Fast loader for the benchmark tables: BatchWriteItem of 25 items over keep-alive connections.

    load.py --port P [--host 127.0.0.1] --table bench --count 100000 [--start 0] [--procs 4]
    load.py --port P --table bench_q --query-parts 500 --query-rows 20 [--procs 4]
    load.py --port P --create bench --create-query bench_q     (create the tables, then exit)

Items have the shape of bench/lua/common.lua (about 200 bytes by DynamoDB's size rules): key
pk = "k%07d" (or pk = "p%05d", sk = N for the query table). Work is split over --procs processes,
each with its own HTTP/1.1 keep-alive connection (a tiny socket client: http.client costs more
than the server does). Prints one JSON line: {"items":..,"seconds":..,"requests":..}. Exits 1
on any non-200 answer, printing it. Stdlib only; loopback only.
"""
import argparse, json, multiprocessing, socket, sys, time

AUTH = ("AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0")


def item_rest(n):
    return ('"name":{"S":"name-%07d-abcdefghij"},"email":{"S":"user%07d@example.com"},'
            '"age":{"N":"%d"},"score":{"N":"%d.%02d"},"active":{"BOOL":true},'
            '"address":{"M":{"street":{"S":"%07d Long Street Name Av"},"city":{"S":"Springfield"},'
            '"zip":{"S":"%05d"}}},"bio":{"S":"Lorem ipsum dolor sit amet, consectetur adip"}'
            % (n, n, 18 + n % 70, n % 10000, n % 100, n, n % 100000))


# The loader's own CPU time is part of the load time it measures, so the non-key attributes come
# from a cache of 1,000 variants: about 1 µs of python per item instead of 10.
_REST = [item_rest(n) for n in range(1000)]


def main_item(n):
    return '{"pk":{"S":"k%07d"},%s}' % (n, _REST[n % 1000])


def query_item(p, s):
    return '{"pk":{"S":"p%05d"},"sk":{"N":"%d"},%s}' % (p, s, _REST[(p * 20 + s) % 1000])


class Conn:
    """Minimal HTTP/1.1 keep-alive client for POST / with Content-Length answers."""

    def __init__(self, host, port, timeout=120):
        self.host, self.port, self.timeout = host, port, timeout
        self.auth = AUTH  # the Authorization header; its access key names the namespace
        self.sock = None
        self.buf = bytearray()  # grows in place: a bytes += per recv copies a 2 MB page 30 times

    def _connect(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = bytearray()

    def call(self, action, body):
        if isinstance(body, str):
            body = body.encode()
        head = ("POST / HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/x-amz-json-1.0\r\n"
                "X-Amz-Target: DynamoDB_20120810.%s\r\nX-Amz-Date: 20260101T000000Z\r\n"
                "Authorization: %s\r\nContent-Length: %d\r\n\r\n"
                % (self.host, self.port, action, self.auth, len(body))).encode()
        return self.send(head, body)

    def send(self, head, body):
        """One request (head and body, bytes) and its answer, once more on a keep-alive connection
        the server closed meanwhile."""
        for attempt in (0, 1):
            if self.sock is None:
                self._connect()
            try:
                self.sock.sendall(head + body)
                return self._read()
            except (ConnectionError, socket.timeout, OSError):
                self.close()
                if attempt:
                    raise

    def _read(self):
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("connection closed")
            self.buf += chunk
        head, _, rest = self.buf.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            k, _, v = line.partition(":")
            headers[k.strip().lower()] = v.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body = bytearray()
            self.buf = rest
            while True:
                while b"\r\n" not in self.buf:
                    self._more()
                size_line, _, self.buf = self.buf.partition(b"\r\n")
                size = int(size_line.split(b";")[0], 16)
                while len(self.buf) < size + 2:
                    self._more()
                body += self.buf[:size]
                self.buf = self.buf[size + 2:]
                if size == 0:
                    break
        else:
            n = int(headers.get("content-length", "0"))
            self.buf = rest
            while len(self.buf) < n:
                self._more()
            body, self.buf = self.buf[:n], self.buf[n:]
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, body.decode("utf-8", "replace")

    def _more(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("connection closed")
        self.buf += chunk

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None


def batch_write(conn, table, items):
    """Writes items (JSON strings), retrying UnprocessedItems. Returns the number of requests."""
    requests = 0
    body = '{"RequestItems":{"%s":[{"PutRequest":{"Item":%s}}]}}' % (
        table, '}},{"PutRequest":{"Item":'.join(items))
    for attempt in range(100):
        status, text = conn.call("BatchWriteItem", body)
        requests += 1
        if status != 200:
            raise RuntimeError("BatchWriteItem answered %d: %s" % (status, text[:500]))
        if '"UnprocessedItems":{}' in text.replace(" ", "") or "UnprocessedItems" not in text:
            return requests
        left = json.loads(text).get("UnprocessedItems", {})
        if not left:
            return requests
        body = json.dumps({"RequestItems": left})
        time.sleep(min(0.001 * 2 ** attempt, 0.1))
    raise RuntimeError("BatchWriteItem: items still unprocessed after 100 tries")


def _worker(args):
    host, port, table, jobs = args
    conn = Conn(host, port)
    requests = 0
    try:
        for job in jobs:
            if job[0] == "main":
                _, a, b = job
                items = [main_item(n) for n in range(a, b)]
            else:
                _, pairs = job
                items = [query_item(p, s) for p, s in pairs]
            requests += batch_write(conn, table, items)
    finally:
        conn.close()
    return requests


def load(host, port, table, jobs, procs):
    """Runs the batch jobs over `procs` processes; returns (seconds, requests)."""
    shards = [jobs[i::procs] for i in range(procs)]
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(procs) as pool:
        t0 = time.perf_counter()
        counts = pool.map(_worker, [(host, port, table, s) for s in shards], chunksize=1)
        secs = time.perf_counter() - t0
    return secs, sum(counts)


def main_jobs(start, count):
    return [("main", a, min(a + 25, start + count)) for a in range(start, start + count, 25)]


def query_jobs(parts, rows):
    pairs = [(p, s) for p in range(parts) for s in range(rows)]
    return [("query", pairs[i:i + 25]) for i in range(0, len(pairs), 25)]


def create_table(host, port, name, range_key):
    attrs = [{"AttributeName": "pk", "AttributeType": "S"}]
    keys = [{"AttributeName": "pk", "KeyType": "HASH"}]
    if range_key:
        attrs.append({"AttributeName": "sk", "AttributeType": "N"})
        keys.append({"AttributeName": "sk", "KeyType": "RANGE"})
    conn = Conn(host, port, timeout=30)
    try:
        status, text = conn.call("CreateTable", json.dumps({
            "TableName": name, "AttributeDefinitions": attrs, "KeySchema": keys,
            "BillingMode": "PAY_PER_REQUEST"}))
        if status != 200:
            raise RuntimeError("CreateTable %s answered %d: %s" % (name, status, text[:500]))
        for _ in range(600):  # wait for ACTIVE (immediate on local servers)
            status, text = conn.call("DescribeTable", json.dumps({"TableName": name}))
            if status == 200 and '"ACTIVE"' in text:
                return
            time.sleep(0.05)
        raise RuntimeError("table %s did not become ACTIVE: %d %s" % (name, status, text[:300]))
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--table", default="bench")
    ap.add_argument("--count", type=int, default=0, help="items pk k%%07d for start..start+count-1")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--query-parts", type=int, default=0)
    ap.add_argument("--query-rows", type=int, default=20)
    ap.add_argument("--procs", type=int, default=4)
    ap.add_argument("--create", help="create this hash-key table first")
    ap.add_argument("--create-query", help="create this hash+range table first")
    a = ap.parse_args()
    if a.host not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("load.py: loopback only")
    try:
        if a.create:
            create_table(a.host, a.port, a.create, False)
        if a.create_query:
            create_table(a.host, a.port, a.create_query, True)
        if a.query_parts:
            jobs, items = query_jobs(a.query_parts, a.query_rows), a.query_parts * a.query_rows
        elif a.count:
            jobs, items = main_jobs(a.start, a.count), a.count
        else:
            print(json.dumps({"created": [t for t in (a.create, a.create_query) if t]}))
            return
        secs, requests = load(a.host, a.port, a.table, jobs, a.procs)
    except Exception as e:  # noqa: BLE001 - report any failure as one line
        print(json.dumps({"error": str(e)[:1000]}))
        sys.exit(1)
    print(json.dumps({"items": items, "seconds": round(secs, 4), "requests": requests}))


if __name__ == "__main__":
    main()
