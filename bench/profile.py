#!/usr/bin/env python3
"""Where the server's CPU goes under one of bench/run's workloads: a release Minnow loaded as
bench/run loads it, `perf record --call-graph dwarf` on it while wrk runs the workload at 64
connections, then the share of the samples in each binary, the top functions by their own
samples, and, for each --under FUNCTION, the share of the samples that pass through it, split by
what it calls.

    bench/profile.py put --bin build/release/minnow
    bench/profile.py query --bin B --under 'minnow::api::Service::handle_operation' \\
        --under 'minnow::engine::Table::read_items'
    bench/profile.py put --bin B --keep /tmp/put.perf   # the perf.data, for perf report

A FUNCTION is matched against the start of the demangled frame name, without its parameters
(anonymous namespaces written `(anonymous namespace)`). Needs perf and wrk. The figures are
shares of the samples, not times: they hold on a noisy machine where timings do not."""
import argparse, collections, os, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from procs import (HOST, MAIN_KEYS, MAIN_TABLE, QUERY_PARTS, QUERY_ROWS, QUERY_TABLE,  # noqa: E402
                   free_port, started, wait_port, wrk_command)

BENCH = os.path.dirname(os.path.abspath(__file__))
LOADS = (["--create", MAIN_TABLE, "--create-query", QUERY_TABLE], ["--table", MAIN_TABLE, "--count", str(MAIN_KEYS)],
         ["--table", QUERY_TABLE, "--query-parts", str(QUERY_PARTS), "--query-rows", str(QUERY_ROWS)])


def stacks_of(perf_data):
    """Each sample's frames, innermost first, demangled, without parameters."""
    script = subprocess.run(["perf", "script", "-i", perf_data, "-F", "ip,sym,dso"], capture_output=True, text=True)
    demangled = subprocess.run(["c++filt"], input=script.stdout, capture_output=True, text=True).stdout
    stacks, frame_list = [], []
    for line in demangled.splitlines():
        line = line.strip()
        if not line:
            if frame_list:
                stacks.append(frame_list)
            frame_list = []
            continue
        parts = line.split(" ", 1)
        name = parts[1] if len(parts) > 1 else parts[0]
        frame_list.append(name)
    if frame_list:
        stacks.append(frame_list)
    return stacks


def function_of(frame):
    """The frame's function without its parameters and without the (dso) perf appends."""
    name = frame.rsplit(" (", 1)[0] if frame.endswith(")") and " (" in frame else frame
    depth = 0
    for i, c in enumerate(name.replace("(anonymous namespace)", "[anonymous namespace]")):
        if c == "(" and depth == 0 and i > 0:
            return name[:i]
        depth += c == "<"
        depth -= c == ">"
    return name


def dso_of(frame):
    return frame.rsplit(" (", 1)[1].rstrip(")") if frame.endswith(")") and " (" in frame else "?"


def report(stacks, unders, top):
    total = len(stacks)
    if not total:
        print("no samples")
        return
    # An inlined frame is counted in the binary of the frame it was inlined into.
    by_dso = collections.Counter(
        os.path.basename(next((dso_of(f) for f in s if dso_of(f) != "inlined"), "inlined")) for s in stacks)
    print("samples: %d" % total)
    print("\nby binary:")
    for dso, n in by_dso.most_common(6):
        print("  %6.2f %%  %s" % (100.0 * n / total, dso))
    own = collections.Counter(function_of(s[0]) for s in stacks)
    print("\nfunctions by their own samples:")
    for name, n in own.most_common(top):
        print("  %6.2f %%  %s" % (100.0 * n / total, name[:150]))
    for under in unders:
        below = collections.Counter()
        hits = 0
        for s in stacks:
            names = [function_of(f) for f in s]
            at = [i for i, n in enumerate(names) if n.startswith(under)]
            if not at:
                continue
            hits += 1
            i = at[-1]  # the outermost call of it
            below[names[i - 1] if i > 0 else "(its own)"] += 1
        print("\nunder %s: %.2f %% of the samples" % (under, 100.0 * hits / total))
        for name, n in below.most_common(top):
            print("  %6.2f %%  %s" % (100.0 * n / total, name[:150]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workload", help="a bench/lua script's name: put, get, query, mix, select")
    parser.add_argument("--bin", default=os.path.join(BENCH, "..", "build", "release", "minnow"))
    parser.add_argument("--seconds", type=float, default=4)
    parser.add_argument("--under", action="append", default=[], metavar="FUNCTION")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--keep", metavar="PATH", help="keep the perf.data there")
    args = parser.parse_args()

    port = free_port()
    server = subprocess.Popen([args.bin, "--host", HOST, "--port", str(port)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    started.append(server)
    wait_port(port, server)
    for load in LOADS:
        subprocess.run([sys.executable, os.path.join(BENCH, "load.py"), "--port", str(port)] + load, check=True,
                       capture_output=True)
    perf_data = args.keep or os.path.join(tempfile.mkdtemp(), "perf.data")
    perf = subprocess.Popen(["perf", "record", "--call-graph", "dwarf,8192", "-F", "1999", "-o", perf_data, "-p",
                             str(server.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    wrk = subprocess.run(wrk_command(port, args.workload, 64, args.seconds, 1), capture_output=True, text=True)
    perf.send_signal(signal.SIGINT)
    perf.wait()
    result = [line for line in wrk.stdout.splitlines() if line.startswith("BENCH_RESULT")]
    print(result[0][:160] if result else wrk.stdout[-400:])
    report(stacks_of(perf_data), args.under, args.top)


if __name__ == "__main__":
    main()
