/**
 * The browser tests' `test` and `expect`. Every page they open, through the `page` fixture or
 * `browser.newPage()`/`newContext()`, is drawn without backdrop blur: this machine has no GPU, so
 * Chromium emulates the blur in software (SwiftShader), which took over a third of the browser tests'
 * CPU (decision 0036). The tests assert what pages do and say, never their pixels.
 */
import { test as base } from "@playwright/test";

export { expect, request } from "@playwright/test";
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from "@playwright/test";

/** Runs in each document before its own scripts; the style goes in as soon as there is an element to hold it. */
const WITHOUT_BACKDROP_BLUR = `(() => {
  const style = document.createElement("style");
  style.textContent = "*, *::before, *::after { backdrop-filter: none !important; -webkit-backdrop-filter: none !important; }";
  const add = () => Boolean(document.documentElement && document.documentElement.appendChild(style));
  if (!add()) new MutationObserver((_, observer) => add() && observer.disconnect()).observe(document, { childList: true });
})();`;

export const test = base.extend<object, object>({
  browser: [
    async ({ browser }, use) => {
      // browser.newPage() and the `context` fixture both make their context with newContext.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript(WITHOUT_BACKDROP_BLUR);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
});
