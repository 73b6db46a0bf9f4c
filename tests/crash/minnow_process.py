"""A Minnow process on a data directory, and a raw DynamoDB JSON client: what the crash and
restart tests share. Python's standard library only."""
import http.client, json, os, signal, socket, subprocess, time

TARGET = "DynamoDB_20120810."
STREAMS = "DynamoDBStreams_20120810."


def authorization(access_key="crash", region="us-east-1"):
    return ("AWS4-HMAC-SHA256 Credential=%s/20260101/%s/dynamodb/aws4_request, "
            "SignedHeaders=host, Signature=0" % (access_key, region))


class Dead(Exception):
    """The server went away mid-request."""


class Client:
    def __init__(self, port, access_key="crash", region="us-east-1"):
        self.port = port
        self.auth = authorization(access_key, region)
        self.conn = None

    def call(self, action, body, prefix=TARGET):
        data = json.dumps(body)
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.conn.request("POST", "/", data, {
                "X-Amz-Target": prefix + action, "Content-Type": "application/x-amz-json-1.0",
                "Authorization": self.auth, "X-Amz-Date": "20260101T000000Z"})
            resp = self.conn.getresponse()
            text = resp.read()
        except (OSError, http.client.HTTPException) as e:
            self.close()
            raise Dead(str(e))
        reply = json.loads(text) if text else {}
        if resp.status != 200:
            raise AssertionError("%s answered %d: %s" % (action, resp.status, text[:300]))
        return reply

    def close(self):
        if self.conn is not None:
            self.conn.close()
        self.conn = None


class Server:
    """Minnow on `directory` (--db-path) with `flags`; its output goes to a log beside it."""

    def __init__(self, binary, directory, port, flags=()):
        self.binary, self.directory, self.port, self.flags = binary, directory, port, list(flags)
        self.proc = None
        self.log = os.path.join(directory, "..", "minnow-%d.log" % port)

    def start(self):
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [self.binary, "--host", "127.0.0.1", "--port", str(self.port), "--db-path", self.directory] +
                self.flags, stdout=log, stderr=log)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError("minnow exited with %d at start-up; log:\n%s" % (self.proc.returncode, self.tail()))
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        raise AssertionError("minnow did not listen within 30 s")

    def kill(self):
        if self.proc.poll() is not None:
            raise AssertionError("minnow exited by itself (status %d); log:\n%s" % (self.proc.returncode, self.tail()))
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def sanitizer_reports(self):
        with open(self.log, "rb") as f:
            text = f.read().decode(errors="replace")
        return "ERROR: AddressSanitizer" in text or "runtime error:" in text

    def stop(self):
        """SIGTERM (a graceful stop); True when Minnow exited with status 0."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.proc is not None and self.proc.returncode == 0

    def tail(self):
        with open(self.log, "rb") as f:
            return f.read()[-3000:].decode(errors="replace")
