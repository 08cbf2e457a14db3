/**
 * The browser the tests run in is Debian's old headless shell (decision 0118) with Playwright's
 * features off and ours (decision 0115): its last `--disable-features` holds both lists, and no
 * hidden omnibox page opens beside a new context's page.
 */
import fs from "node:fs";
import { FEATURES_OFF } from "./chromium-features.js";
import { expect, test } from "./fixtures.js";

/** The command lines of this worker's Chromium browser processes (Playwright launches them from here). */
function browserCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      if (parent === process.pid && /chrom/.test(args[0] ?? "") && !args.some((a) => a.startsWith("--type=")))
        lines.push(args);
    } catch {
      // The process ended while we looked.
    }
  }
  return lines;
}

test("the shared specs run in the headless shell, with Playwright's features and ours off", async ({ browser }) => {
  expect(browser.isConnected()).toBe(true);
  const [args, ...others] = browserCommandLines();
  expect(others, "one browser per worker").toEqual([]);
  expect(args?.[0]).toBe("/usr/lib/chromium/chromium-headless-shell");
  // Playwright's own flag comes first; Chromium reads only the last.
  const last = (args ?? []).filter((a) => a.startsWith("--disable-features=")).pop() ?? "";
  const off = last.slice("--disable-features=".length).split(",");
  const playwrights = process.env.E2E_CHROMIUM_FEATURES_OFF!.split(",").filter((f) => !FEATURES_OFF.includes(f));
  expect(playwrights).toContain("PaintHolding");
  expect(off).toEqual(expect.arrayContaining([...playwrights, ...FEATURES_OFF]));
});

test("a new context has its page and no hidden omnibox page beside it", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/contact");
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send("Target.getTargets", { filter: [{}] });
    await session.detach();
    expect(targetInfos.map((t) => `${t.type} ${t.url}`).filter((t) => /omnibox|top-chrome/.test(t))).toEqual([]);
    expect(targetInfos.some((t) => t.type === "page" && t.url.endsWith("/contact"))).toBe(true);
  } finally {
    await context.close();
  }
});
