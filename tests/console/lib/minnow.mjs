// Starts a Minnow for a test (MINNOW_BIN, else the ASan build scripts/test makes) on a free
// port of 127.0.0.1, and stops it. Fails the test when Minnow exits badly or its log has a
// sanitizer report.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export async function startMinnow(flags = []) {
  const bin = path.resolve(process.env.MINNOW_BIN || path.join(root, "build/test/minnow"));
  const child = spawn(bin, ["--host", "127.0.0.1", "--port", "0", "--ttl-interval", "3600", ...flags], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`minnow exited with ${code} before listening: ${log}`)));
    // unref: a started Minnow must not keep node waiting for this timer
    setTimeout(() => reject(new Error("minnow did not start within 60 s")), 60_000).unref();
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      const code = await exited;
      if (code !== 0) throw new Error(`minnow exited with status ${code}: ${log}`);
      if (/AddressSanitizer|runtime error:/.test(log)) throw new Error(`sanitizer report from minnow:\n${log}`);
    },
  };
}
