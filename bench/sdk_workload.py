#!/usr/bin/env python3
"""Real SDK workloads (issue 37, item 7): the calls an SDK-driven test suite makes, one at a time,
through boto3 and the JavaScript SDK v3, on Minnow and DynamoDB Local in the same run: the suite's
wall time and the server's own CPU seconds.

    sdk_workload.py [--bin build/release/minnow] [--repeat 3] [--items 10000] [--sdks boto3,js]
                    [--servers minnow,dynamodb-local] [--files 50] [--parallel 4] [--skip-files]
                    [--skip-floor] [--json FILE]
    sdk_workload.py --phases [--bin ...] [--items 10000]

The suite at 10,000 items: CreateTable (pk S, sk N, a GSI on g) and its waiter, 10,000 items of
~200 bytes (load.py's shape) by 25-item BatchWriteItem, 1,000 GetItem, 1,000 PutItem of new
items, a Query of a 100-item partition, a GSI Query, a Query 10 items a page, a paginated Scan,
500 UpdateItem, 50 TransactWriteItems (Put, Update, ConditionCheck, Delete), 100 BatchGetItem of
100 keys, 500 DeleteItem, DeleteTable. The SDK raises on errors and every count and returned item
is checked, so a broken server cannot give a fast number. Both SDKs use their document layer
(boto3's resource client, lib-dynamodb), one keep-alive connection, default retries, fake keys.

Each run is a child (this file --child, or node bench/sdk/workload.mjs) that loads its SDK and
builds its client, then waits: wall time (time.monotonic) and server CPU (utime + stime of the
server and its descendants, /proc/PID/stat) run from the "go" to its result line. Interleaved:
each repetition, SDK and server (servers' order reversed every other repetition), a fresh table
each. The files runs: the suite scaled down by 50 (200 items, 20 GetItem, ..., 1 transaction) as
FILES processes, PARALLEL at once, from the first start to the last exit (start-up and SDK import
included, as a test runner pays them). Prints a Markdown table of medians and a JSON line.

The floor (unless --skip-floor, or without nginx): after each suite, the same SDK makes as many
calls as the suite made, one at a time, each a ListTables, to Minnow and to an nginx answering
them canned (bench/procs.py), interleaved. What nginx spends on them is the part of a suite's
server CPU that any server pays on this machine for taking that many calls one at a time.

--phases runs one boto3 suite on Minnow alone and prints the server's CPU over each part of it
(the batch writes, the gets, ...), per call.

Minnow runs as BIN --host 127.0.0.1 --port 0, DynamoDB Local as ../shared/reference/dynamodb-local
--background PORT; both are stopped by PID at the end. Before and after a change, in one run:
MINNOW_BASELINE_BIN=OLDER --servers minnow-baseline,minnow (the baseline gets no floor runs).
Issue 37's targets: DynamoDB Local's CPU at least 20x Minnow's, Minnow's CPU under 5 % of the wall
time, with either SDK. Loopback only.
"""
import argparse, atexit, json, os, re, shutil, signal, socket, statistics, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import procs  # the canned-response nginx of the floor

BENCH = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(BENCH)
HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK")
DDB_LOCAL = os.path.join(os.path.dirname(REPO), "shared", "reference", "dynamodb-local")
NODE_SCRIPT = os.path.join(BENCH, "sdk", "workload.mjs")
SDKS, SERVERS = ("boto3", "js"), ("minnow-baseline", "minnow", "dynamodb-local")
FLOOR = "floor: as many ListTables"
FLOOR_SERVERS = ("minnow", "nginx")
LABEL = {"minnow-baseline": "Minnow baseline", "minnow": "Minnow", "dynamodb-local": "DynamoDB Local",
         "nginx": "nginx, canned", "boto3": "boto3", "js": "JS SDK v3"}
started = []  # (pid, Popen or None): the servers this script started


def sdk_env():
    """Fake credentials only: no profile, config file or instance metadata is looked at."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update(AWS_ACCESS_KEY_ID="AKIDBENCH", AWS_SECRET_ACCESS_KEY="bench-secret", AWS_REGION="us-east-1",
               AWS_DEFAULT_REGION="us-east-1", AWS_EC2_METADATA_DISABLED="true",
               AWS_CONFIG_FILE=os.devnull, AWS_SHARED_CREDENTIALS_FILE=os.devnull,
               AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED="true")  # node 20's notice, once a process
    return env


def plan(items):
    """How many calls of each kind the suite makes; issue 37's list at 10,000 items."""
    return {"items": items, "gets": items // 10, "puts": items // 10, "updates": items // 20,
            "transacts": max(1, items // 200), "batchgets": max(1, items // 100), "deletes": items // 20,
            "page": 10}


# ---------------------------------------------------------------------------------- the boto3 suite

def item(i, prefix="p", g=None):
    """Item i: partition prefix + i // 100 (100 items each), sort key i % 100, GSI key g (50 values)."""
    n = i % 1000
    return {"pk": "%s%04d" % (prefix, i // 100), "sk": i % 100, "g": g or "g%02d" % (i % 50),
            "name": "name-%07d-abcdefghij" % n, "email": "user%07d@example.com" % n, "age": 18 + n % 70,
            "score": Decimal("%d.%02d" % (n % 10000, n % 100)), "active": True,
            "address": {"street": "%07d Long Street Name Av" % n, "city": "Springfield", "zip": "%05d" % n},
            "bio": "Lorem ipsum dolor sit amet, consectetur adip"}


def key(i, prefix="p"):
    return {"pk": "%s%04d" % (prefix, i // 100), "sk": i % 100}


def check(ok, what):
    if not ok:
        raise RuntimeError("check failed: " + what)


def pages(call, **kw):
    """Follows LastEvaluatedKey: (items, pages)."""
    count = npages = 0
    while True:
        r = call(**kw)
        count, npages = count + r["Count"], npages + 1
        if "LastEvaluatedKey" not in r:
            return count, npages
        kw["ExclusiveStartKey"] = r["LastEvaluatedKey"]


class Phases:
    """--phases: the server's CPU (all its threads, /proc/PID/task/*/schedstat, nanoseconds) over
    each part of the suite, to stderr; does nothing without a PID."""
    def __init__(self, pid, calls):
        self.pid, self.calls = pid, calls
        self.last = (self.cpu_ns(), 0) if pid else None

    def cpu_ns(self):
        total = 0
        for task in os.listdir("/proc/%d/task" % self.pid):
            with open("/proc/%d/task/%s/schedstat" % (self.pid, task)) as f:
                total += int(f.read().split()[0])
        return total

    def __call__(self, name):
        if not self.pid:
            return
        now, calls = self.cpu_ns(), self.calls[0]
        n, ns = calls - self.last[1], now - self.last[0]
        print("phase %-16s %5d calls  server CPU %7.1f ms  %6.0f us a call" % (name, n, ns / 1e6, ns / 1e3 / max(n, 1)),
              file=sys.stderr, flush=True)
        self.last = (now, calls)


def boto3_suite(endpoint, table, p, handshake):
    import boto3
    c = boto3.resource("dynamodb", endpoint_url=endpoint).meta.client  # takes plain Python values
    calls = [0]
    c.meta.events.register("after-call.dynamodb", lambda **_: calls.__setitem__(0, calls[0] + 1))
    if handshake:
        print("ready", flush=True)
        sys.stdin.readline()
    if p.get("floor"):
        for _ in range(p["floor"]):
            c.list_tables()
        print(json.dumps({"calls": calls[0]}), flush=True)
        return
    n, t = p["items"], table
    phase = Phases(p.get("phases_pid"), calls)
    c.create_table(TableName=t, BillingMode="PAY_PER_REQUEST",
                   AttributeDefinitions=[{"AttributeName": a, "AttributeType": y} for a, y in
                                         (("pk", "S"), ("sk", "N"), ("g", "S"))],
                   KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                   GlobalSecondaryIndexes=[{"IndexName": "by_g", "Projection": {"ProjectionType": "ALL"},
                                            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                                                          {"AttributeName": "sk", "KeyType": "RANGE"}]}])
    c.get_waiter("table_exists").wait(TableName=t)
    phase("create")
    for start in range(0, n, 25):
        req = {t: [{"PutRequest": {"Item": item(i)}} for i in range(start, min(n, start + 25))]}
        while req:
            req = c.batch_write_item(RequestItems=req).get("UnprocessedItems")
    phase("batch writes")
    for k in range(p["gets"]):
        i = k * 7 % n
        got = c.get_item(TableName=t, Key=key(i)).get("Item")
        check(got is not None and got["email"] == item(i)["email"], "GetItem of item %d" % i)
    phase("gets")
    for k in range(p["puts"]):
        c.put_item(TableName=t, Item=item(k, "n", "gnew"))
    phase("puts")
    q = dict(TableName=t, KeyConditionExpression="pk = :p")
    check(pages(c.query, **q, ExpressionAttributeValues={":p": "p0000"}) == (100, 1), "Query of p0000")
    count, _ = pages(c.query, TableName=t, IndexName="by_g", KeyConditionExpression="g = :g",
                     ExpressionAttributeValues={":g": "g00"})
    check(count == len(range(0, n, 50)), "GSI Query: %d items" % count)
    count, npages = pages(c.query, **q, ExpressionAttributeValues={":p": "p0001"}, Limit=p["page"])
    check(count == 100 and npages >= 100 // p["page"], "paginated Query: %d items, %d pages" % (count, npages))
    count, _ = pages(c.scan, TableName=t)
    check(count == n + p["puts"], "Scan: %d items" % count)
    phase("queries and scan")
    step = n // p["updates"]
    for k in range(p["updates"]):
        r = c.update_item(TableName=t, Key=key(k * step), UpdateExpression="SET #s = :s ADD visits :one",
                          ExpressionAttributeNames={"#s": "status"}, ReturnValues="UPDATED_NEW",
                          ExpressionAttributeValues={":s": "seen", ":one": 1})
        check(r["Attributes"]["visits"] == 1, "UpdateItem of item %d" % (k * step))
    phase("updates")
    step, exists = n // p["transacts"], "attribute_exists(pk)"
    for k in range(p["transacts"]):
        c.transact_write_items(TransactItems=[
            {"Put": {"TableName": t, "Item": item(k, "t")}},
            {"Update": {"TableName": t, "Key": key(k * step + 1), "UpdateExpression": "ADD visits :one",
                        "ConditionExpression": exists, "ExpressionAttributeValues": {":one": 1}}},
            {"ConditionCheck": {"TableName": t, "Key": key(k * step + 2), "ConditionExpression": exists}},
            {"Delete": {"TableName": t, "Key": key(k, "n"), "ConditionExpression": exists}}])
    phase("transactions")
    for b in range(p["batchgets"]):
        req, got = {t: {"Keys": [key((b * 100 + j) % n) for j in range(100)]}}, 0
        while req:
            r = c.batch_get_item(RequestItems=req)
            got, req = got + len(r["Responses"].get(t, [])), r.get("UnprocessedKeys")
        check(got == 100, "BatchGetItem %d: %d items" % (b, got))
    phase("batch gets")
    step = n // p["deletes"]
    for k in range(p["deletes"]):
        r = c.delete_item(TableName=t, Key=key(k * step + 3), ReturnValues="ALL_OLD")
        check("Attributes" in r, "DeleteItem of item %d" % (k * step + 3))
    phase("deletes")
    c.delete_table(TableName=t)
    phase("delete table")
    print(json.dumps({"calls": calls[0]}), flush=True)


# ----------------------------------------------------------------------------- servers and /proc

def descendants(pid):
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            for task in os.listdir("/proc/%d/task" % p):
                with open("/proc/%d/task/%s/children" % (p, task)) as f:
                    kids = [int(c) for c in f.read().split()]
                out += kids
                todo += kids
        except OSError:
            pass
    return out


def cpu_ticks(pid):
    """utime + stime of pid and its live descendants, in clock ticks (bench/run's)."""
    total = 0
    for p in [pid] + descendants(pid):
        try:
            with open("/proc/%d/stat" % p) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # fields 14 and 15 of proc(5)
        except OSError:
            pass
    return total


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def stop(pid, proc):
    if proc is None and not (alive(pid) and "DynamoDBLocal" in open("/proc/%d/cmdline" % pid).read()):
        return  # gone, or its PID reused by a process that is not ours to kill
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if (proc.poll() is not None) if proc else not alive(pid):
                return
            time.sleep(0.05)


@atexit.register
def stop_all():
    while started:
        stop(*started.pop())


def start_minnow(binary, tmp, log="minnow.log"):
    out = open(os.path.join(tmp, log), "w")
    proc = subprocess.Popen([binary, "--host", HOST, "--port", "0"], stdout=out, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    started.append((proc.pid, proc))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        m = re.search(r"listening on http://127\.0\.0\.1:(\d+)\D", open(out.name).read())
        if m:
            return proc.pid, int(m.group(1))
        time.sleep(0.01)
    sys.exit("minnow did not start: " + open(out.name).read()[-300:])


def start_nginx(tmp):
    """The floor's nginx: every call answered {"TableNames":[]}, a ListTables the SDKs accept."""
    port, d = free_port(), os.path.join(tmp, "nginx")
    conf = procs.nginx_conf(d, port, server="""    location / { return 200 '{"TableNames":[]}'; }""")
    proc = subprocess.Popen(procs.nginx_command(d, conf), stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    started.append((proc.pid, proc))
    procs.wait_port(port, proc)
    return proc.pid, port


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_dynamodb_local():
    # --background waits until it answers and prints the JVM's PID (the script execs java).
    port = free_port()
    r = subprocess.run([DDB_LOCAL, "--background", str(port)], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit("DynamoDB Local did not start: " + (r.stderr or r.stdout)[-300:])
    pid = int(r.stdout.split()[-1])
    started.append((pid, None))
    return pid, port


# ------------------------------------------------------------------------------------------ runs

def child_cmd(sdk, endpoint, table, p, handshake):
    args = [endpoint, table, json.dumps(p)] + (["--handshake"] if handshake else [])
    if sdk == "boto3":
        return [sys.executable, os.path.realpath(__file__), "--child"] + args
    return ["node", NODE_SCRIPT] + args


def run_suite(sdk, pid, endpoint, table, p):
    """One suite in one child: (wall s, server CPU s, calls), from "go" to its result line."""
    child = subprocess.Popen(child_cmd(sdk, endpoint, table, p, True), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=sdk_env(), cwd=REPO)
    try:
        if child.stdout.readline().strip() != "ready":
            raise RuntimeError("%s child did not start (status %s)" % (sdk, child.wait()))
        cpu0, t0 = cpu_ticks(pid), time.monotonic()
        child.stdin.write("go\n")
        child.stdin.flush()
        line = child.stdout.readline()
        wall, cpu = time.monotonic() - t0, (cpu_ticks(pid) - cpu0) / CLK_TCK
        if child.wait(60) != 0 or not line:
            raise RuntimeError("%s suite on %s failed (status %s)" % (sdk, endpoint, child.returncode))
        return wall, cpu, json.loads(line)["calls"]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def run_files(sdk, pid, endpoint, prefix, files, parallel):
    """FILES small suites, each its own process, PARALLEL at a time: (wall s, server CPU s, calls)."""
    def one(i):
        r = subprocess.run(child_cmd(sdk, endpoint, "%s-f%02d" % (prefix, i), plan(200), False),
                           stdout=subprocess.PIPE, text=True, env=sdk_env(), cwd=REPO, timeout=600)
        if r.returncode != 0:
            raise RuntimeError("%s file %d on %s failed (status %d)" % (sdk, i, endpoint, r.returncode))
        return json.loads(r.stdout.strip().splitlines()[-1])["calls"]
    cpu0, t0 = cpu_ticks(pid), time.monotonic()
    with ThreadPoolExecutor(parallel) as pool:
        calls = sum(pool.map(one, range(files)))
    return time.monotonic() - t0, (cpu_ticks(pid) - cpu0) / CLK_TCK, calls


def report(runs, sdks, servers):
    print("| run | SDK | server | calls | wall s | server CPU s | server CPU % of wall "
          "| DynamoDB Local CPU / Minnow CPU |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    medians = {}
    order = lambda v: (v != "suite", v == FLOOR)
    for variant in sorted({r["run"] for r in runs}, key=order):
        names = FLOOR_SERVERS if variant == FLOOR else servers
        for sdk in sdks:
            for server in names:
                rs = [r for r in runs if (r["run"], r["sdk"], r["server"]) == (variant, sdk, server)]
                medians[(variant, sdk, server)] = m = {
                    "wall": statistics.median(r["wall"] for r in rs), "cpu": statistics.median(r["cpu"] for r in rs),
                    "share": statistics.median(r["cpu"] / r["wall"] for r in rs), "calls": rs[0]["calls"]}
            for server in names:
                m, ratio = medians[(variant, sdk, server)], ""
                if variant != FLOOR and server.startswith("minnow") and "dynamodb-local" in servers:
                    ddb = medians[(variant, sdk, "dynamodb-local")]["cpu"]
                    ratio = "%.0fx" % (ddb / m["cpu"]) if m["cpu"] else "> %.0fx (Minnow < 1 tick)" % (ddb * CLK_TCK)
                print("| {} | {} | {} | {:,} | {:.2f} | {:.2f} | {:.1f} % | {} |".format(
                    variant, LABEL[sdk], LABEL[server], m["calls"], m["wall"], m["cpu"], 100 * m["share"], ratio))
    for sdk in sdks:
        floor, suite = medians.get((FLOOR, sdk, "nginx")), medians.get(("suite", sdk, "minnow"))
        if floor and suite:
            print("\n%s: nginx spends %.2f s of CPU answering as many calls, %.1f %% of the suite's wall time on "
                  "Minnow; Minnow's suite CPU less that is %.2f s." % (
                      LABEL[sdk], floor["cpu"], 100 * floor["cpu"] / suite["wall"], suite["cpu"] - floor["cpu"]))
    return {" ".join(k): v for k, v in medians.items()}


def run_all(args, sdks, servers, where):
    """Every run, interleaved: repetition, then variant, SDK and server."""
    runs, n, suite_calls = [], 0, {}
    variants = ["suite"] + ([FLOOR] if "nginx" in where else []) + (
        [] if args.skip_files else ["%d files, %d at a time" % (args.files, args.parallel)])
    for rep in range(args.repeat):
        for variant in variants:
            for sdk in sdks:
                names = FLOOR_SERVERS if variant == FLOOR else servers
                for server in names if rep % 2 == 0 else names[::-1]:  # neither server always first
                    pid, port = where[server]
                    endpoint, n = "http://%s:%d" % (HOST, port), n + 1
                    table = "sdkbench-%d-%s" % (n, sdk)
                    if variant == "suite":
                        wall, cpu, calls = run_suite(sdk, pid, endpoint, table, plan(args.items))
                        suite_calls[sdk] = calls
                    elif variant == FLOOR:
                        wall, cpu, calls = run_suite(sdk, pid, endpoint, table, {"floor": suite_calls[sdk]})
                    else:
                        wall, cpu, calls = run_files(sdk, pid, endpoint, table, args.files, args.parallel)
                    runs.append({"rep": rep, "run": variant, "sdk": sdk, "server": server, "wall": round(wall, 3),
                                 "cpu": round(cpu, 2), "calls": calls})
                    print("rep %d %s %s %s: wall %.2f s, server CPU %.2f s, %d calls" % (
                        rep, variant, sdk, server, wall, cpu, calls), file=sys.stderr, flush=True)
    return runs


def main():
    if sys.argv[1:2] == ["--child"]:  # one suite: ENDPOINT TABLE PLAN [--handshake]
        a = sys.argv[2:]
        return boto3_suite(a[0], a[1], json.loads(a[2]), "--handshake" in a[3:])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(REPO, "build", "release", "minnow"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--items", type=int, default=10000)
    ap.add_argument("--sdks", default="boto3,js")
    ap.add_argument("--servers", default="minnow,dynamodb-local")
    ap.add_argument("--files", type=int, default=50)
    ap.add_argument("--parallel", type=int, default=4)
    ap.add_argument("--skip-files", action="store_true")
    ap.add_argument("--skip-floor", action="store_true")
    ap.add_argument("--phases", action="store_true")
    ap.add_argument("--json")
    args = ap.parse_args()
    sdks, servers = args.sdks.split(","), args.servers.split(",")
    if args.items < 200 or args.items % 100 or set(sdks) - set(SDKS) or set(servers) - set(SERVERS):
        ap.error("--items: a multiple of 100, at least 200; --sdks boto3,js; "
                 "--servers minnow-baseline,minnow,dynamodb-local")
    if "minnow-baseline" in servers and not os.environ.get("MINNOW_BASELINE_BIN"):
        ap.error("--servers minnow-baseline: MINNOW_BASELINE_BIN names the older build")
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: sys.exit(130))  # so that atexit stops the servers
    if args.phases:  # one boto3 suite on Minnow, its server CPU by part (Phases)
        tmp = tempfile.mkdtemp(prefix="minnow-sdk-")
        atexit.register(shutil.rmtree, tmp, True)
        pid, port = start_minnow(args.bin, tmp)
        env = sdk_env()  # boto3 in this process: the children's environment
        os.environ.clear()
        os.environ.update(env)
        return boto3_suite("http://%s:%d" % (HOST, port), "sdkbench-phases", dict(plan(args.items), phases_pid=pid),
                           False)
    tmp = tempfile.mkdtemp(prefix="minnow-sdk-")
    atexit.register(shutil.rmtree, tmp, True)
    where = {"minnow": start_minnow(args.bin, tmp)} if "minnow" in servers else {}
    if "minnow-baseline" in servers:
        where["minnow-baseline"] = start_minnow(os.environ["MINNOW_BASELINE_BIN"], tmp, "minnow-baseline.log")
    if "dynamodb-local" in servers:
        where["dynamodb-local"] = start_dynamodb_local()
    if "minnow" in servers and not args.skip_floor:
        if shutil.which("nginx"):
            where["nginx"] = start_nginx(tmp)
        else:
            print("no nginx (Debian: nginx-light): no floor runs", file=sys.stderr)
    loadavg = [open("/proc/loadavg").read().split()[:3]]
    runs = run_all(args, sdks, servers, where)
    loadavg.append(open("/proc/loadavg").read().split()[:3])
    print("%d items, %d repetition(s), medians; load average %s before, %s after\n" % (
        args.items, args.repeat, " ".join(loadavg[0]), " ".join(loadavg[1])))
    medians = report(runs, sdks, servers)
    out = json.dumps({"items": args.items, "repeat": args.repeat, "loadavg": loadavg, "medians": medians,
                      "runs": runs})
    print(out)
    if args.json:
        with open(args.json, "w") as f:
            f.write(out + "\n")


if __name__ == "__main__":
    main()
