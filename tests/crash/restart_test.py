#!/usr/bin/env python3
"""Restart test for -dbPath (issue 18): every namespace's catalog and data come back.

Three credentials (two access keys, two regions) each make tables with what DescribeTable can
show (an LSI, GSIs and vector indexes, one of each added by UpdateTable, provisioned throughput,
a stream, TTL, encryption, tags, table class, deletion protection), a table whose stream was disabled and
enabled again, and a table deleted (its stream stays listed); then items by PutItem,
UpdateItem, DeleteItem, BatchWriteItem and TransactWriteItems; point-in-time recovery on the
orders table, a backup of it (and one made and deleted), a table restored from the backup and
one restored to a point in time, and a table with point-in-time recovery deleted (its SYSTEM
backup stays). The state each credential sees (ListTables; each table's DescribeTable,
DescribeTimeToLive, DescribeContinuousBackups, items and index items; ListBackups and each
backup's DescribeBackup; its streams' descriptions and records; GET /_minnow/namespaces) must be
exactly the same after a SIGKILL and a restart, and again after more writes, a graceful stop
(which writes a snapshot) and a restart. After each restart, RestoreTableToPointInTime to an
instant before it and RestoreTableFromBackup give the items as they were then.

Run once with one namespace per access key and region (each credential its own tables) and
once with -sharedDb (every credential in one namespace):

    tests/crash/restart_test.py --minnow build/test/minnow [--port 9370]
Python's standard library only. Exits 0 when both modes passed.
"""
import argparse, http.client, json, os, shutil, signal, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from minnow_process import STREAMS, Client, Server  # noqa: E402

CREDENTIALS = [("alice", "us-east-1"), ("bob", "us-east-1"), ("alice", "eu-west-1")]


def S(s):
    return {"S": s}


def N(n):
    return {"N": str(n)}


def make_tables(c, prefix):
    orders, plain, gone = prefix + "_orders", prefix + "_plain", prefix + "_gone"
    c.call("CreateTable", {
        "TableName": orders,
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "N"},
                                 {"AttributeName": "g", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "LocalSecondaryIndexes": [{"IndexName": "by_g_local",
                                   "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                                 {"AttributeName": "g", "KeyType": "RANGE"}],
                                   "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        "GlobalSecondaryIndexes": [{"IndexName": "by_g",
                                    "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                                                  {"AttributeName": "sk", "KeyType": "RANGE"}],
                                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["v"]},
                                    "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 4}}],
        "VectorIndexes": [{"IndexName": "by_vec", "VectorAttribute": {"AttributeName": "vec"}, "Dimensions": 3,
                           "DistanceFunction": "COSINE",
                           "SearchSchema": [{"AttributeName": "g", "SearchSchemaElementType": "HASH"}],
                           "Projection": {"ProjectionType": "ALL"}}],
        "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 6},
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
        "SSESpecification": {"Enabled": True, "SSEType": "KMS", "KMSMasterKeyId": "alias/" + prefix},
        "Tags": [{"Key": "team", "Value": prefix}],
        "TableClass": "STANDARD_INFREQUENT_ACCESS",
        "DeletionProtectionEnabled": True})
    c.call("UpdateTimeToLive", {"TableName": orders,
                                "TimeToLiveSpecification": {"Enabled": True, "AttributeName": "exp"}})
    c.call("UpdateTable", {"TableName": orders,
                           "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 9}})
    c.call("CreateTable", {
        "TableName": plain,
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        "BillingMode": "PAY_PER_REQUEST",
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"}})
    c.call("UpdateTable", {
        "TableName": plain,
        "AttributeDefinitions": [{"AttributeName": "kind", "AttributeType": "S"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {
            "IndexName": "by_kind", "KeySchema": [{"AttributeName": "kind", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}}}]})
    c.call("UpdateTable", {"TableName": plain, "VectorIndexUpdates": [{"Create": {
        "IndexName": "flat", "VectorAttribute": {"AttributeName": "vec"}, "Dimensions": 2,
        "DistanceFunction": "DOT_PRODUCT", "Projection": {"ProjectionType": "KEYS_ONLY"}}}]})
    c.call("PutItem", {"TableName": plain, "Item": {"id": S("before-disable"), "kind": S("a")}})
    c.call("UpdateTable", {"TableName": plain, "StreamSpecification": {"StreamEnabled": False}})
    c.call("PutItem", {"TableName": plain, "Item": {"id": S("while-disabled"), "kind": S("b")}})
    c.call("UpdateTable", {"TableName": plain,
                           "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"}})
    c.call("CreateTable", {
        "TableName": gone,
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        "BillingMode": "PAY_PER_REQUEST",
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "OLD_IMAGE"}})
    c.call("PutItem", {"TableName": gone, "Item": {"id": S("x")}})
    # Deleted with point-in-time recovery on: a SYSTEM backup of it stays.
    c.call("UpdateContinuousBackups", {"TableName": gone, "PointInTimeRecoverySpecification": {
        "PointInTimeRecoveryEnabled": True, "RecoveryPeriodInDays": 3}})
    c.call("DeleteTable", {"TableName": gone})
    c.call("UpdateContinuousBackups", {"TableName": orders, "PointInTimeRecoverySpecification": {
        "PointInTimeRecoveryEnabled": True}})
    return orders, plain


def scan_sorted(c, table):
    return sorted(all_pages(c, "Scan", {"TableName": table, "ConsistentRead": True}),
                  key=lambda item: json.dumps(item, sort_keys=True))


def make_backups(c, prefix, orders):
    """A backup of orders and a point in time, each with the items as they were then; a table
    restored from each; and a backup made and deleted."""
    time.sleep(0.05)
    at = time.time()
    at_items = scan_sorted(c, orders)
    time.sleep(0.05)
    backup = c.call("CreateBackup", {"TableName": orders, "BackupName": prefix + "-nightly"})
    backup_arn = backup["BackupDetails"]["BackupArn"]
    backup_items = scan_sorted(c, orders)
    gone = c.call("CreateBackup", {"TableName": orders, "BackupName": prefix + "-gone"})
    c.call("DeleteBackup", {"BackupArn": gone["BackupDetails"]["BackupArn"]})
    # A change after both, which neither restore may show.
    c.call("PutItem", {"TableName": orders, "Item": {"pk": S("late"), "sk": N(0)}})
    c.call("RestoreTableFromBackup", {"TargetTableName": prefix + "_from_backup", "BackupArn": backup_arn})
    c.call("RestoreTableToPointInTime", {"SourceTableName": orders, "TargetTableName": prefix + "_from_pitr",
                                         "RestoreDateTime": at})
    for table, expected in ((prefix + "_from_backup", backup_items), (prefix + "_from_pitr", at_items)):
        if scan_sorted(c, table) != expected:
            raise AssertionError("%s does not hold the items restored" % table)
    return {"at": at, "at_items": at_items, "backup_arn": backup_arn, "backup_items": backup_items}


def check_restores(c, prefix, orders, expected, round_name):
    """Restores made now, after a restart, of what was saved before it."""
    pitr, from_backup = "%s_pitr_%s" % (prefix, round_name), "%s_backup_%s" % (prefix, round_name)
    c.call("RestoreTableToPointInTime", {"SourceTableName": orders, "TargetTableName": pitr,
                                         "RestoreDateTime": expected["at"]})
    c.call("RestoreTableFromBackup", {"TargetTableName": from_backup, "BackupArn": expected["backup_arn"]})
    problems = []
    if scan_sorted(c, pitr) != expected["at_items"]:
        problems.append("RestoreTableToPointInTime to before the restart gave other items")
    if scan_sorted(c, from_backup) != expected["backup_items"]:
        problems.append("RestoreTableFromBackup gave other items")
    for table in (pitr, from_backup):
        c.call("DeleteTable", {"TableName": table})
    return problems


def write_items(c, orders, plain, salt):
    for i in range(30):
        item = {"pk": S("p%d" % (i % 4)), "sk": N(i), "v": N(i * salt), "pad": S("x" * (i * 7))}
        if i % 3:
            item["g"] = S("g%d" % (i % 5))
        if i % 4 == 0:
            item["exp"] = N(4102444800)
        if i % 2:
            item["vec"] = {"L": [N(i), N(1), N(-salt)]}
        c.call("PutItem", {"TableName": orders, "Item": item})
    for i in range(0, 30, 3):
        c.call("UpdateItem", {"TableName": orders, "Key": {"pk": S("p%d" % (i % 4)), "sk": N(i)},
                              "UpdateExpression": "SET v = v + :one, tags = :t ADD n :one",
                              "ExpressionAttributeValues": {":one": N(1), ":t": {"SS": ["a", "b%d" % i]}}})
    for i in range(0, 30, 7):
        c.call("DeleteItem", {"TableName": orders, "Key": {"pk": S("p%d" % (i % 4)), "sk": N(i)}})
    c.call("BatchWriteItem", {"RequestItems": {plain: [
        {"PutRequest": {"Item": {"id": S("b%d" % i), "kind": S("k%d" % (i % 3)), "m": {"M": {"x": N(i)}},
                                 "vec": {"L": [N(i), N(salt)]}}}}
        for i in range(10)]}})
    c.call("TransactWriteItems", {"TransactItems": [
        {"Put": {"TableName": plain, "Item": {"id": S("tx"), "kind": S("t"), "b": {"B": "AAEC"}}}},
        {"Update": {"TableName": orders, "Key": {"pk": S("p1"), "sk": N(1)},
                    "UpdateExpression": "SET txed = :y", "ExpressionAttributeValues": {":y": {"BOOL": True}}}},
        {"Delete": {"TableName": plain, "Key": {"id": S("b9")}}}]})


def all_pages(c, action, body, items_key="Items"):
    out, body = [], dict(body)
    for _ in range(1000):
        page = c.call(action, body)
        out.extend(page.get(items_key, []))
        if "LastEvaluatedKey" not in page:
            return out
        body["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    raise AssertionError("%s did not end" % action)


def stream_records(c, arn):
    description = c.call("DescribeStream", {"StreamArn": arn}, prefix=STREAMS)["StreamDescription"]
    records = []
    for shard in description.get("Shards", []):
        iterator = c.call("GetShardIterator", {"StreamArn": arn, "ShardId": shard["ShardId"],
                                               "ShardIteratorType": "TRIM_HORIZON"},
                          prefix=STREAMS).get("ShardIterator")
        for _ in range(100):
            if not iterator:
                break
            page = c.call("GetRecords", {"ShardIterator": iterator}, prefix=STREAMS)
            records.extend(page.get("Records", []))
            if not page.get("Records"):
                break
            iterator = page.get("NextShardIterator")
    return description, records


def namespaces(port):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/_minnow/namespaces", headers={"X-Minnow-Admin": "1"})
    reply = conn.getresponse()
    text = reply.read()
    conn.close()
    listing = json.loads(text) if text else None
    # The namespace of the last request belongs to the process, not to the data: not compared.
    if isinstance(listing, dict):
        listing.pop("lastUsed", None)
    return reply.status, listing


def state(port):
    """Everything each credential can read, as comparable JSON."""
    seen = {"namespaces": namespaces(port)}
    for access_key, region in CREDENTIALS:
        c = Client(port, access_key, region)
        mine = {"tables": {}, "streams": {}}
        for name in all_pages(c, "ListTables", {}, "TableNames"):
            continuous = c.call("DescribeContinuousBackups", {"TableName": name})
            # The latest restorable time is now: the one thing that moves.
            continuous["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"].pop(
                "LatestRestorableDateTime", None)
            table = {"describe": c.call("DescribeTable", {"TableName": name})["Table"],
                     "ttl": c.call("DescribeTimeToLive", {"TableName": name}),
                     "continuous_backups": continuous,
                     "items": all_pages(c, "Scan", {"TableName": name, "ConsistentRead": True})}
            for kind in ("LocalSecondaryIndexes", "GlobalSecondaryIndexes"):
                for index in table["describe"].get(kind, []):
                    table[index["IndexName"]] = all_pages(c, "Scan", {"TableName": name,
                                                                      "IndexName": index["IndexName"]})
            mine["tables"][name] = table
        mine["backups"] = all_pages(c, "ListBackups", {}, "BackupSummaries")
        mine["backup_descriptions"] = [c.call("DescribeBackup", {"BackupArn": b["BackupArn"]})
                                       for b in mine["backups"]]
        for stream in c.call("ListStreams", {}, prefix=STREAMS).get("Streams", []):
            mine["streams"][stream["StreamArn"]] = stream_records(c, stream["StreamArn"])
        seen["%s/%s" % (access_key, region)] = mine
        c.close()
    return seen


def difference(a, b, path="state"):
    """Where two states first differ, or None."""
    if type(a) is not type(b):
        return "%s: %r vs %r" % (path, a, b)
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return "%s.%s: only %s" % (path, key, "before" if key in a else "after")
            d = difference(a[key], b[key], "%s.%s" % (path, key))
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return "%s: %d elements vs %d" % (path, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            d = difference(x, y, "%s[%d]" % (path, i))
            if d:
                return d
        return None
    return None if a == b else "%s: %r vs %r" % (path, a, b)


def run_mode(binary, port, shared):
    work = tempfile.mkdtemp(prefix="minnow-restart-")
    directory = os.path.join(work, "data")
    os.mkdir(directory)
    server = Server(binary, directory, port, ["--ttl-interval", "3600"] + (["-sharedDb"] if shared else []))
    mode = "-sharedDb" if shared else "per access key and region"
    try:
        server.start()
        saved = {}
        for n, (access_key, region) in enumerate(CREDENTIALS):
            c = Client(port, access_key, region)
            orders, plain = make_tables(c, "ns%d" % n)
            write_items(c, orders, plain, n + 2)
            saved[n] = make_backups(c, "ns%d" % n, orders)
            c.close()
        before = state(port)
        listed = [(n["id"], n["tables"]) for n in before["namespaces"][1]["namespaces"]]
        expected = [("shared", 12)] if shared else sorted(("%s/%s" % c, 4) for c in CREDENTIALS)
        if listed != expected:
            print("restart test (%s): namespaces %r, expected %r" % (mode, listed, expected))
            return False
        for how, stop in (("SIGKILL", server.kill), ("graceful stop", server.stop)):
            stop()
            server.start()
            d = difference(before, state(port))
            if d:
                print("restart test (%s): after a %s and a restart the state differs: %s" % (mode, how, d))
                print("minnow's log (end):\n" + server.tail())
                return False
            # More changes on top of what was loaded, for the next restart to replay.
            for n, (access_key, region) in enumerate(CREDENTIALS):
                c = Client(port, access_key, region)
                problems = check_restores(c, "ns%d" % n, "ns%d_orders" % n, saved[n], how.split()[0].lower())
                if problems:
                    print("restart test (%s): after a %s and a restart: %s" % (mode, how, "; ".join(problems)))
                    return False
                write_items(c, "ns%d_orders" % n, "ns%d_plain" % n, n + 10)
                c.close()
            before = state(port)
        if not server.stop() or server.sanitizer_reports():
            print("restart test (%s): minnow did not stop cleanly; log:\n%s" % (mode, server.tail()))
            return False
        print("restart test (%s): %d namespaces' tables, indexes, TTL, streams, items, backups and point-in-time "
              "recovery identical after SIGKILL and after a graceful stop; restores of before each restart "
              "right" % (mode, len(listed)))
        shutil.rmtree(work, ignore_errors=True)
        return True
    finally:
        server.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minnow", required=True)
    ap.add_argument("--port", type=int, default=9370)
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    binary = os.path.abspath(args.minnow)
    ok = run_mode(binary, args.port, shared=False) and run_mode(binary, args.port, shared=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
