// `node scripts/readme-screenshot.mjs`: remakes docs/images/generator.png, the README's picture of
// the generator. The built server on a fresh embedded database in a scratch folder, a new account
// signed in, /generate with a prompt typed, in Debian's Chromium headless shell at 1280×730: down
// to the options, above the price line (a new account has no credits to show against it).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { onSupportedNode } from "./supported-node.mjs";

await onSupportedNode();
const { build, isBuildFresh } = await import("./build.mjs");
const { chromium } = await import("@playwright/test");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(root, "docs/images/generator.png");
const PROMPT = "A lighthouse on a cliff at dusk, waves breaking below, the camera slowly rising as its lamp turns on";

if (!isBuildFresh()) await build();
const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-screenshot-"));
fs.chmodSync(dataDir, 0o755);
const server = spawn(process.execPath, [path.join(root, "dist/node/server/main.js")], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: "inherit",
});
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell" });
try {
  for (let answered = false; !answered; await new Promise((r) => setTimeout(r, 200)))
    answered = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 730 }, locale: "en-US" });
  const page = await context.newPage();
  const account = { username: "lighthouse", password: "a-picture-for-the-readme" };
  for (const step of ["register", "login"]) {
    const response = await page.request.post(`/api/auth/${step}`, { data: account });
    if (!response.ok()) throw new Error(`${step}: ${response.status()} ${await response.text()}`);
  }
  await page.goto("/generate");
  await page.getByLabel("Prompt", { exact: true }).fill(PROMPT);
  await page.waitForLoadState("networkidle");
  fs.mkdirSync(path.dirname(output), { recursive: true });
  await page.screenshot({ path: output });
  console.log(`Wrote ${path.relative(root, output)}.`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
