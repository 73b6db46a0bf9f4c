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

// Waits until `locator`'s text matches `pattern` (5 s), and answers the text.
export async function waitForText(locator, pattern, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let text = "";
  while (Date.now() < deadline) {
    text = (await locator.first().textContent({ timeout }).catch(() => "")) || "";
    if (pattern.test(text)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`text ${JSON.stringify(text.slice(0, 300))} never matched ${pattern}`);
}
