#!/usr/bin/env python3
"""Crash test for -dbPath (issue 18): writers against a Minnow with --fsync always, SIGKILL at
random moments, restart, check.

Each round starts Minnow on the same data directory, checks the state it comes back with, runs
writers for a random time and kills the process with SIGKILL while they write. Writers:
  - single items: each thread owns its keys and puts or deletes them one at a time;
  - batches: BatchWriteItem of 10 new items;
  - transactions: TransactWriteItems putting one new id into three tables at once.
After every restart:
  - every acknowledged write is there (a single item is its last acknowledged value, or the one
    that was in flight when the process died; an acknowledged batch has all of its items);
  - no transaction is half there (an id is in all three tables or in none; acknowledged ones are);
  - the GSI holds exactly the items that have its key (compared with a scan of the table);
  - the table's stream, replayed from TRIM_HORIZON, gives exactly the table's items, with
    increasing sequence numbers that survive restarts.

    tests/crash/crash_test.py --minnow build/test/minnow [--rounds 20] [--port 9360] [--seed 1]
Python's standard library only. Exits 0 when every round passed.
"""
import argparse, os, random, shutil, signal, sys, tempfile
import threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from minnow_process import STREAMS, Client, Dead, Server  # noqa: E402

TABLE, TXA, TXB = "crash_items", "crash_tx_a", "crash_tx_b"
PAD = "x" * 120


def S(s):
    return {"S": s}


def N(n):
    return {"N": str(n)}


def scan_all(client, table, index=None):
    items, start = [], None
    while True:
        body = {"TableName": table}
        if index:
            body["IndexName"] = index
        if start:
            body["ExclusiveStartKey"] = start
        reply = client.call("Scan", body)
        items += reply.get("Items", [])
        start = reply.get("LastEvaluatedKey")
        if not start:
            return items


def key_of(item):
    return (item["pk"]["S"], int(item["sk"]["N"]))


class Model:
    """What the writers know: acknowledged values, and what was in flight when the server died."""

    def __init__(self):
        self.singles = {}   # (pk, sk) -> {"acked": value or None, "pending": [possible values]}
        self.batches_acked, self.batches_pending = [], []  # lists of key lists
        self.tx_acked, self.tx_pending = set(), set()
        self.tx_counter = 0
        self.batch_counter = 0
        self.lock = threading.Lock()


def single_writer(client, model, thread, rng, stop):
    keys = [("s%d" % thread, k) for k in range(40)]
    while not stop.is_set():
        key = rng.choice(keys)
        entry = model.singles.setdefault(key, {"acked": None, "pending": []})
        if rng.random() < 0.2:
            value, action = None, ("DeleteItem", {"TableName": TABLE, "Key": {"pk": S(key[0]), "sk": N(key[1])}})
        else:
            v = rng.randrange(1 << 30)
            item = {"pk": S(key[0]), "sk": N(key[1]), "v": N(v), "pad": S(PAD)}
            if v % 3:
                item["grp"] = S("g%d" % (v % 5))
            value, action = v, ("PutItem", {"TableName": TABLE, "Item": item})
        entry["pending"] = [value]
        try:
            client.call(*action)
        except Dead:
            return
        entry["acked"], entry["pending"] = value, []


def batch_writer(client, model, thread, rng, stop):
    while not stop.is_set():
        with model.lock:
            model.batch_counter += 1
            b = model.batch_counter
        keys = [("b%d-%d" % (thread, b), i) for i in range(10)]
        requests = [{"PutRequest": {"Item": {"pk": S(pk), "sk": N(sk), "pad": S(PAD), "grp": S("batch")}}}
                    for pk, sk in keys]
        try:
            reply = client.call("BatchWriteItem", {"RequestItems": {TABLE: requests}})
        except Dead:
            model.batches_pending.append(keys)
            return
        if reply.get("UnprocessedItems"):
            raise AssertionError("unprocessed items: %s" % reply)
        model.batches_acked.append(keys)


def tx_writer(client, model, thread, rng, stop):
    while not stop.is_set():
        with model.lock:
            model.tx_counter += 1
            t = "t%d-%d" % (thread, model.tx_counter)
        items = [{"Put": {"TableName": TXA, "Item": {"pk": S(t), "n": N(rng.randrange(100))}}},
                 {"Put": {"TableName": TXB, "Item": {"pk": S(t), "pad": S(PAD)}}},
                 {"Put": {"TableName": TABLE, "Item": {"pk": S(t), "sk": N(0), "grp": S("tx")}}}]
        try:
            client.call("TransactWriteItems", {"TransactItems": items})
        except Dead:
            model.tx_pending.add(t)
            return
        model.tx_acked.add(t)


def create_tables(client):
    client.call("CreateTable", {
        "TableName": TABLE, "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "N"},
                                 {"AttributeName": "grp", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "by_grp", "Projection": {"ProjectionType": "KEYS_ONLY"},
                                    "KeySchema": [{"AttributeName": "grp", "KeyType": "HASH"},
                                                  {"AttributeName": "sk", "KeyType": "RANGE"}]}],
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}})
    for name in (TXA, TXB):
        client.call("CreateTable", {
            "TableName": name, "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})


def stream_items(client):
    """The items the table's stream replays to, and the last sequence number read."""
    arn = client.call("DescribeTable", {"TableName": TABLE})["Table"]["LatestStreamArn"]
    shards = client.call("DescribeStream", {"StreamArn": arn}, STREAMS)["StreamDescription"]["Shards"]
    state, last = {}, 0
    for shard in shards:
        it = client.call("GetShardIterator", {"StreamArn": arn, "ShardId": shard["ShardId"],
                                              "ShardIteratorType": "TRIM_HORIZON"}, STREAMS)["ShardIterator"]
        while it:
            reply = client.call("GetRecords", {"ShardIterator": it, "Limit": 1000}, STREAMS)
            for r in reply["Records"]:
                seq = int(r["dynamodb"]["SequenceNumber"])
                if seq <= last:
                    raise AssertionError("stream sequence numbers out of order: %d after %d" % (seq, last))
                last = seq
                k = key_of(r["dynamodb"]["Keys"])
                if r["eventName"] == "REMOVE":
                    state.pop(k, None)
                else:
                    state[k] = r["dynamodb"]["NewImage"]
            if not reply["Records"]:
                break
            it = reply.get("NextShardIterator")
    return state, last


def verify(client, model, last_sequence):
    items = {key_of(i): i for i in scan_all(client, TABLE)}
    problems = []
    # Single items: the last acknowledged value, or the one in flight.
    for key, entry in model.singles.items():
        item = items.get(key)
        got = int(item["v"]["N"]) if item else None
        allowed = [entry["acked"]] + entry["pending"]
        if got not in allowed:
            problems.append("item %s is %s; acknowledged %s, in flight %s" % (key, got, entry["acked"], entry["pending"]))
        entry["acked"], entry["pending"] = got, []
    for keys in model.batches_acked:
        missing = [k for k in keys if k not in items]
        if missing:
            problems.append("acknowledged batch lost %d of its items, e.g. %s" % (len(missing), missing[0]))
    for keys in model.batches_pending:
        if any(k in items for k in keys):
            model.batches_acked.append([k for k in keys if k in items])
    model.batches_pending = []
    # Transactions: all three tables or none.
    a = {i["pk"]["S"] for i in scan_all(client, TXA)}
    b = {i["pk"]["S"] for i in scan_all(client, TXB)}
    c = {pk for pk, sk in items if pk.startswith("t")}
    for t in a | b | c:
        if not (t in a and t in b and t in c):
            problems.append("transaction %s is half there: %s" % (t, [t in a, t in b, t in c]))
    lost = model.tx_acked - (a & b & c)
    if lost:
        problems.append("%d acknowledged transactions lost, e.g. %s" % (len(lost), sorted(lost)[0]))
    model.tx_acked |= model.tx_pending & a & b & c
    model.tx_pending = set()
    # The GSI: exactly the items with a grp.
    indexed = {key_of(i) for i in scan_all(client, TABLE, "by_grp")}
    expected = {k for k, i in items.items() if "grp" in i}
    if indexed != expected:
        problems.append("GSI disagrees with the table: %d only in the index, %d only in the table" %
                        (len(indexed - expected), len(expected - indexed)))
    # The stream replays to the table, and its numbers go on increasing across restarts.
    replayed, last = stream_items(client)
    if replayed != items:
        diff = set(replayed) ^ set(items)
        changed = [k for k in set(replayed) & set(items) if replayed[k] != items[k]]
        problems.append("stream replay disagrees with the table: %d keys in one only, %d differ" % (len(diff), len(changed)))
    if last < last_sequence:
        problems.append("stream's last sequence number went back: %d < %d" % (last, last_sequence))
    return problems, len(items), last


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minnow", required=True)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--port", type=int, default=9360)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--min-run", type=float, default=0.2, help="shortest time writers run before the kill (s)")
    ap.add_argument("--max-run", type=float, default=1.5, help="longest time (s)")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop Minnow on the way out
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="minnow-crash-")
    directory = os.path.join(work, "data")
    os.mkdir(directory)
    server = Server(os.path.abspath(args.minnow), directory, args.port, ["--fsync", "always", "--ttl-interval", "3600"])
    model = Model()
    started = time.time()
    totals = {"writes": 0}
    last_sequence = 0
    ok = False
    try:
        server.start()
        create_tables(Client(args.port))
        for round_number in range(1, args.rounds + 1):
            stop = threading.Event()
            threads = []
            kinds = [single_writer] * 3 + [batch_writer, tx_writer, tx_writer]
            for n, kind in enumerate(kinds):
                client = Client(args.port)
                t = threading.Thread(target=kind, args=(client, model, round_number * 100 + n,
                                                        random.Random(rng.random()), stop), daemon=True)
                threads.append(t)
                t.start()
            time.sleep(rng.uniform(args.min_run, args.max_run))
            server.kill()
            stop.set()
            for t in threads:
                t.join()
            server.start()
            client = Client(args.port)
            problems, count, last_sequence = verify(client, model, last_sequence)
            client.close()
            print("round %d: %d items, %d acknowledged transactions, %d acknowledged batches, stream at %d: %s" %
                  (round_number, count, len(model.tx_acked), len(model.batches_acked), last_sequence,
                   "ok" if not problems else "FAILED"), flush=True)
            if problems:
                for p in problems[:20]:
                    print("  " + p)
                print("minnow's log (end):\n" + server.tail())
                print("seed %d; data kept in %s" % (args.seed, directory))
                return 1
        server.stop()
        if server.sanitizer_reports():
            print("sanitizer reports in minnow's log:\n" + server.tail())
            return 1
        ok = True
        print("crash test: %d rounds of SIGKILL, every acknowledged write kept, no half transaction, index and "
              "stream agree (seed %d, %.0f s)" % (args.rounds, args.seed, time.time() - started))
        return 0
    finally:
        server.stop()
        if ok:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
