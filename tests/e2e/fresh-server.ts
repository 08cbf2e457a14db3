/**
 * A server of a spec's own on a fresh data folder: a new install with the catalogue's defaults,
 * none of the shared server's settings, prices or packages (tests/e2e/global-setup.ts seeds those).
 * Its KIE is its own built-in simulator.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../helpers/free-port.js";
import { expect, type Page } from "./fixtures.js";
import { ADMIN } from "./helpers.js";

export interface FreshServer {
  baseUrl: string;
  /** Signs the page's browser in as the admin through the API (the login form is not under test). */
  signInAdmin(page: Page): Promise<void>;
  stop(): Promise<void>;
}

/** `env` adds to the server's environment (e.g. CREEM_BASE_URL: the e2e Creem fake). */
export async function startFreshServer(env: Record<string, string> = {}): Promise<FreshServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-fresh-e2e-"));
  const server = spawn(process.execPath, ["dist/node/server/main.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      // A key the admin saves is tried against this server's own simulator.
      KIE_BASE_URL: `${baseUrl}/simulator/kie`,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect(async () => {
    expect((await fetch(`${baseUrl}/healthz`)).ok).toBe(true);
  }).toPass({ timeout: 100_000 });
  return {
    baseUrl,
    async signInAdmin(page) {
      const res = await page.request.post(`${baseUrl}/api/auth/login`, { data: ADMIN });
      expect(res.status(), await res.text()).toBe(200);
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
