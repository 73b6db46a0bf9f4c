"""The processes a bench script starts and measures: stopping them at exit, their CPU time and
resident memory from /proc, waiting for a port to answer. Stdlib only; loopback only."""
import atexit, os, socket, subprocess, sys, time

HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK")
started = []  # every process the script started (Popen): stopped at exit, whatever happens


def stop(p):
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(15)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


@atexit.register
def stop_all():
    for p in started:
        stop(p)


def _times(stat_text):
    fields = stat_text.rsplit(")", 1)[1].split()
    return int(fields[1]), int(fields[11]) + int(fields[12])  # ppid; utime + stime (proc(5) 4, 14, 15)


def cpu_seconds(pid, children=False):
    """The user and system CPU seconds of `pid`, and with `children` of its children too (nginx's
    workers)."""
    if not children:
        with open("/proc/%d/stat" % pid) as f:
            return _times(f.read())[1] / CLK_TCK
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                ppid, ticks = _times(f.read())
        except OSError:
            continue
        if int(entry) == pid or ppid == pid:
            total += ticks
    return total / CLK_TCK


def resident_mib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def free_port():
    s = socket.socket()
    s.bind((HOST, 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_port(port, proc=None, seconds=120):
    """Returns once something answers on `port`; exits the script if `proc` dies first or nothing
    answers in time."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            sys.exit("a server exited before answering on port %d" % port)
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit("nothing answers on port %d" % port)
