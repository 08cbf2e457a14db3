/**
 * The Chromium features the browser tests turn off (decision 0115). Each test opens its own
 * browser context, and for every context this Chromium (156, new headless mode) started two
 * processes no test uses: a hidden renderer for the omnibox's popup and a spare renderer for the
 * next navigation. Measured here, a context cost 1.19 CPU-s before it loaded anything, 0.62 without them.
 */
import { execFileSync } from "node:child_process";

export const FEATURES_OFF = [
  // The omnibox's popup is a WebUI page (chrome://omnibox-popup.top-chrome), preloaded for each window.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  // A renderer started ahead of a navigation to another site, per context; the tests' pages stay on one.
  "SpareRendererForSitePerProcess",
];

/**
 * The features Playwright itself turns off when it launches `executablePath`, asked of Playwright:
 * Chromium reads only the last `--disable-features`, so ours must repeat them. Launches the browser
 * once (under a second), in a child process because Playwright loads its config synchronously.
 */
export function playwrightFeaturesOff(executablePath: string): string[] {
  const script = `const { chromium } = require("@playwright/test");
    chromium.launchServer({ executablePath: ${JSON.stringify(executablePath)} }).then(async (server) => {
      const flag = server.process().spawnargs.filter((a) => a.startsWith("--disable-features=")).pop() ?? "=";
      console.log(JSON.stringify(flag.slice(flag.indexOf("=") + 1).split(",").filter(Boolean)));
      await server.close();
    });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as string[];
}
