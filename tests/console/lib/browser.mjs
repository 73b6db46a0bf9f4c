// Debian's Chromium, headless, through playwright-core (no browser download): a fresh profile
// each time, no network beyond the pages the test opens.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export async function launchBrowser({ width = 1280, height = 860 } = {}) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "minnow-console-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_BIN || "/usr/bin/chromium",
    headless: true,
    viewport: { width, height },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// How long a step may take before the test fails: generous, because the page talks to a
// sanitized Minnow on a machine that may be busy; passing tests never wait that long.
export const patience = 30_000;

// Waits until `read()` answers a string matching `pattern`, and answers it.
async function waitForMatch(read, pattern, what, timeout) {
  const deadline = Date.now() + timeout;
  let text = "";
  while (Date.now() < deadline) {
    text = (await read().catch(() => "")) || "";
    if (pattern.test(text)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} ${JSON.stringify(text.slice(0, 300))} never matched ${pattern}`);
}

// Waits until `locator`'s text matches `pattern`, and answers the text.
export function waitForText(locator, pattern, timeout = patience) {
  return waitForMatch(() => locator.first().textContent({ timeout }), pattern, "text", timeout);
}

// Waits until the value of the input or text area `locator` matches `pattern`, and answers it.
export function waitForValue(locator, pattern, timeout = patience) {
  return waitForMatch(() => locator.first().inputValue({ timeout }), pattern, "value", timeout);
}
