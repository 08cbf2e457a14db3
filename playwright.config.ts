import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { FEATURES_OFF, playwrightFeaturesOff } from "./tests/e2e/chromium-features.js";
import { E2E_CREEM } from "./tests/e2e/creem-e2e.js";
import { E2E_GOOGLE } from "./tests/e2e/google-e2e.js";
import { E2E_PAYPAL } from "./tests/e2e/paypal-e2e.js";
import { E2E_TURNSTILE } from "./tests/e2e/turnstile-e2e.js";

/**
 * `count` distinct ports that are free now, as the system hands them out for port 0. Asked of a
 * short-lived child process because the config is loaded synchronously; held together so they differ.
 */
function freePorts(count: number): number[] {
  const script = `const net = require("node:net");
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, "127.0.0.1", ok)))).then(() => {
      console.log(JSON.stringify(servers.map((s) => s.address().port)));
      for (const s of servers) s.close();
    });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as number[];
}

// Chosen once in the runner process; workers load this file again and inherit the values.
const ownsDataDir = !process.env.E2E_DATA_DIR;
if (
  !process.env.E2E_PORT ||
  !process.env.E2E_CREEM_PORT ||
  !process.env.E2E_GOOGLE_PORT ||
  !process.env.E2E_SMTP_PORT ||
  !process.env.E2E_SMTP_HTTP_PORT ||
  !process.env.E2E_TURNSTILE_PORT ||
  !process.env.E2E_PAYPAL_PORT
) {
  const [app, creem, google, smtp, smtpHttp, turnstile, paypal] = freePorts(7);
  process.env.E2E_PORT ??= String(app);
  process.env.E2E_CREEM_PORT ??= String(creem);
  process.env.E2E_GOOGLE_PORT ??= String(google);
  process.env.E2E_SMTP_PORT ??= String(smtp);
  process.env.E2E_SMTP_HTTP_PORT ??= String(smtpHttp);
  process.env.E2E_TURNSTILE_PORT ??= String(turnstile);
  process.env.E2E_PAYPAL_PORT ??= String(paypal);
}
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "veo-e2e-"));
// Debian's old headless shell runs the tests (decision 0118): the same engine without the desktop
// browser around it, a sixth cheaper in CPU here. The full browser runs the specs that need what
// only it has (FULL_BROWSER below). Both paths are the binaries themselves: /usr/bin's shell
// wrapper would start the browser as a grandchild of Playwright's.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = "/usr/bin/chromium";
// Playwright's own list and ours, in one flag (tests/e2e/chromium-features.ts).
process.env.E2E_CHROMIUM_FEATURES_OFF ??= [...new Set([...playwrightFeaturesOff(CHROMIUM), ...FEATURES_OFF])].join(",");

const port = process.env.E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
const creemURL = `http://127.0.0.1:${process.env.E2E_CREEM_PORT}`;
const googleURL = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}`;
const smtpMessagesURL = `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}`;
const turnstileURL = `http://127.0.0.1:${process.env.E2E_TURNSTILE_PORT}`;
const paypalURL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT}`;

// The runner created the data folder, so the runner removes it (after the server has stopped).
if (ownsDataDir && !process.env.TEST_WORKER_INDEX) {
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

/**
 * Specs that change what every page shows (prices, settings, credit packages, the showcase) or compare
 * site-wide figures with the page: they run one file at a time once the others, three files at
 * once, have finished (decision 0036).
 */
const SITE_WIDE = [
  "admin-dashboard",
  "admin-overview",
  "catalogue",
  "creem-purchase",
  // Switches Explore to approval for a moment (issue 72).
  "explore",
  "google-sign-in",
  "landing",
  "payment-reversals",
  "pricing",
  "receipts",
  "showcase",
  "sign-up-captcha",
];
/** The spec files of these names, as a project's testMatch or testIgnore. */
const specFiles = (names: string[]) => new RegExp(`/(${names.join("|")})\\.spec\\.ts$`);
const siteWide = specFiles(SITE_WIDE);

/**
 * Specs that need the full browser: the headless shell keeps the notification permission denied
 * whatever the context grants, so the video-ready notification can only be seen in Chromium itself.
 */
const FULL_BROWSER = ["generate-progress"];
const fullBrowser = specFiles(FULL_BROWSER);

const CHROMIUM_ARGS = [
  `--disable-features=${process.env.E2E_CHROMIUM_FEATURES_OFF}`,
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Runs once the servers below are up: the site sells at the spec's prices (decision 0144).
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // Three spec files at a time (decision 0036, amended): with two, a fifth of the machine was idle
  // while the browser tests ran alone.
  workers: 3,
  projects: [
    { name: "shared", testIgnore: [siteWide, fullBrowser] },
    {
      name: "full-browser",
      testMatch: fullBrowser,
      use: { launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } },
    },
    { name: "site-wide", testMatch: siteWide, dependencies: ["shared", "full-browser"], workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  // Sized for a CI machine at a load average of 15 (2 cores), where axe on the admin pages and
  // the overview's first answer took over 30 s and 7 s; on a quiet machine they take 3-9 s.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    locale: "en-US",
    // Nothing plays or moves by itself (decision 0114): with no GPU here, Chromium drew every frame of
    // the landing page's looping video and of every spinner in software for as long as a page was
    // open. The specs that test playback ask for motion themselves (landing, showcase).
    reducedMotion: "reduce",
    // Recording a trace of every test costs time (decision 0036): CI retries a failed test once
    // with a trace; locally add `--trace retain-on-failure`.
    trace: "on-first-retry",
    launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      // The local fake Creem (tests/fakes/creem-fake.mjs) that tests/e2e/creem-purchase.spec.ts buys from.
      command: "node tests/fakes/creem-fake.mjs",
      url: `${creemURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        CREEM_FAKE_PORT: String(process.env.E2E_CREEM_PORT),
        CREEM_FAKE_HOST: "127.0.0.1",
        CREEM_FAKE_PUBLIC_URL: creemURL,
        CREEM_FAKE_WEBHOOK_URL: `${baseURL}/api/creem/webhook`,
        CREEM_FAKE_API_KEY: E2E_CREEM.apiKey,
        CREEM_FAKE_WEBHOOK_SECRET: E2E_CREEM.webhookSecret,
        CREEM_FAKE_PRODUCTS: JSON.stringify({
          [E2E_CREEM.productId]: { price: E2E_CREEM.priceCents, currency: "USD", name: "E2E credits" },
        }),
      },
    },
    {
      // The local fake Google OpenID provider that tests/e2e/google-sign-in.spec.ts signs in with.
      command: "node tests/fakes/google-fake.mjs",
      url: `${googleURL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        GOOGLE_FAKE_PORT: String(process.env.E2E_GOOGLE_PORT),
        GOOGLE_FAKE_CLIENT_ID: E2E_GOOGLE.clientId,
        GOOGLE_FAKE_CLIENT_SECRET: E2E_GOOGLE.clientSecret,
      },
    },
    {
      // A real SMTP server (tests/fakes/smtp-fake.mjs) the app sends its mail to; the specs read
      // what arrived from its HTTP side (tests/e2e/mail-helpers.ts).
      command: "node tests/fakes/smtp-fake.mjs",
      url: `${smtpMessagesURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        SMTP_FAKE_PORT: String(process.env.E2E_SMTP_PORT),
        SMTP_FAKE_HTTP_PORT: String(process.env.E2E_SMTP_HTTP_PORT),
        SMTP_FAKE_HOST: "127.0.0.1",
      },
    },
    {
      // Cloudflare Turnstile's siteverify and a stand-in widget script (tests/e2e/sign-up-captcha.spec.ts).
      command: "node tests/fakes/turnstile-fake.mjs",
      url: `${turnstileURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        TURNSTILE_FAKE_PORT: String(process.env.E2E_TURNSTILE_PORT),
        TURNSTILE_FAKE_HOST: "127.0.0.1",
        TURNSTILE_FAKE_SECRET: E2E_TURNSTILE.secret,
      },
    },
    {
      // The local fake PayPal REST API: the PayPal keys a spec saves are tried there (decision 0145).
      command: "node tests/fakes/paypal-fake.mjs",
      url: `${paypalURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PAYPAL_FAKE_PORT: String(process.env.E2E_PAYPAL_PORT),
        PAYPAL_FAKE_HOST: "127.0.0.1",
        PAYPAL_FAKE_CLIENT_ID: E2E_PAYPAL.clientId,
        PAYPAL_FAKE_CLIENT_SECRET: E2E_PAYPAL.clientSecret,
      },
    },
    {
      command: "node dist/node/server/main.js",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Only warnings and errors (LOG_LEVEL below): a failed test shows what the server said.
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: port,
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        ADMIN_USERNAME: "admin",
        ADMIN_PASSWORD: "admin-pass-123",
        LOG_LEVEL: "warn",
        // KIE keys the admin saves are tried before they are kept (decision 0074): here by this
        // server's own simulator, which accepts them (admin-dashboard.spec.ts adds one).
        KIE_BASE_URL: `${baseURL}/simulator/kie`,
        // Quick simulated videos for the generator specs (tests/e2e/generate.spec.ts).
        SIMULATOR_DELAY_MS: "1500",
        SIMULATOR_HD_DELAY_MS: "2500",
        // Result links die 15 s after a video is ready: only our archived copy plays after that (video-keeping.spec.ts).
        SIMULATOR_LINK_TTL_SECONDS: "15",
        // The contact page's channels (tests/e2e/contact.spec.ts).
        CONTACT_ZALO_PHONE: "+84 912 345 678",
        CONTACT_ZALO_GROUP_URL: "https://zalo.me/g/veostudio-e2e",
        CONTACT_TELEGRAM: "@veo_studio_e2e",
        CONTACT_EMAIL: "support@veo-studio.test",
        // Creem's API is the local fake above (its keys are set through the admin settings API).
        CREEM_BASE_URL: creemURL,
        // PayPal's API is the local fake above (pricing.spec.ts switches PayPal on with its keys).
        PAYPAL_BASE_URL: paypalURL,
        GOOGLE_AUTH_URL: `${googleURL}/authorize`,
        GOOGLE_TOKEN_URL: `${googleURL}/token`,
        GOOGLE_USERINFO_URL: `${googleURL}/userinfo`,
        GOOGLE_JWKS_URL: `${googleURL}/jwks`,
        // Mail goes to the SMTP fake above (decision 0085).
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        // Turnstile is the local fake above; it is on only while sign-up-captcha.spec.ts sets its keys.
        TURNSTILE_VERIFY_URL: `${turnstileURL}/turnstile/v0/siteverify`,
        TURNSTILE_SCRIPT_URL: `${turnstileURL}/turnstile/v0/api.js`,
        // Nothing listens there: Telegram calls fail at once and never leave the machine.
        TELEGRAM_BASE_URL: "http://127.0.0.1:9",
        // Webhooks may go to the specs' own receivers on 127.0.0.1 over http (tests/e2e/webhooks.spec.ts).
        WEBHOOKS_ALLOW_LOCAL: "true",
        // Every spec signs up and signs in from 127.0.0.1.
        REGISTER_LIMIT_PER_IP: "200",
        LOGIN_LIMIT_PER_IP: "500",
      },
    },
  ],
});
