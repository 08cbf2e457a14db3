/** Builds the real app on a fresh database for in-process tests through app.inject(). */
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { databaseDeps, type AppDeps } from "../../src/server/services.js";
import { loadConfig, type Config } from "../../src/server/config.js";
import type { Database } from "../../src/server/db/connect.js";
import { ensureAdminAccount } from "../../src/server/features/auth/service.js";
import { createSecretBox, type SecretBox } from "../../src/server/lib/secret-box.js";
import { createTestDatabase } from "./test-db.js";

// In a file of its own so a unit test can take a port without importing the app.
export { freePort } from "./free-port.js";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  secretBox: SecretBox;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<AppDeps> {
  env?: Record<string, string>;
  /** Reuse a database (a "restart", or a second process); it is then not closed with the app. */
  database?: Database;
}

/** Background workers are off unless a test turns them on; tests drive taskWorker.runOnce(). */
export async function createTestApp(overrides: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !overrides.database;
  const database = overrides.database ?? (await createTestDatabase());
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `veo-test-${crypto.randomBytes(4).toString("hex")}`),
    LOG_LEVEL: "silent",
    BACKGROUND_WORKERS: "false",
    // Linked images come from a local image host (tests/helpers/image-host.ts).
    IMAGE_URLS_ALLOW_LOCAL: "true",
    ...overrides.env,
  });
  const secretBox = overrides.secretBox ?? createSecretBox(crypto.randomBytes(32));
  const app = await buildApp({ config, ...databaseDeps(database), secretBox, ...overrides });
  await app.ready();
  return {
    app,
    database,
    secretBox,
    config,
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}

/**
 * A cookie-keeping client over app.inject(), like a browser tab of the web app: its state-changing
 * calls carry the browser's fetch metadata and the site's token from the `csrf` cookie, as the web
 * app's API client does (the routes that charge the web price ask for both; decision 0065).
 */
export class Client {
  private cookie: string | undefined;
  /** The `csrf` cookie's value: the web app's token of this session. */
  webToken: string | undefined;
  /** Each client is a different person: its own address, so per-IP limits see separate people. */
  constructor(
    private readonly app: FastifyInstance,
    readonly remoteAddress = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
  ) {}

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    // Tests write rows behind the app's back; a person's next click comes later than that, by
    // which time the database has announced the change to the read caches. Wait for it here.
    await this.app.liveEvents.settle();
    const webApp = method !== "GET" ? this.webAppHeaders : {};
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...webApp },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    // `sid`, or `__Host-sid` in an app with an https PUBLIC_URL (decision 0136).
    const set = res.cookies.find((c) => c.name === "sid" || c.name === "__Host-sid");
    if (set) this.cookie = set.value && (set.maxAge ?? 1) > 0 ? `${set.name}=${set.value}` : undefined;
    const token = res.cookies.find((c) => c.name === "csrf");
    if (token) this.webToken = token.value && (token.maxAge ?? 1) > 0 ? token.value : undefined;
    return res;
  }
  get = (url: string) => this.request("GET", url);
  post = (url: string, body?: unknown) => this.request("POST", url, body);
  put = (url: string, body?: unknown) => this.request("PUT", url, body);
  patch = (url: string, body?: unknown) => this.request("PATCH", url, body);
  delete = (url: string) => this.request("DELETE", url);
  /** What the web app adds to a state-changing call: for tests that send their own requests with this session. */
  get webAppHeaders(): Record<string, string> {
    return this.webToken ? { "sec-fetch-site": "same-origin", "x-csrf-token": this.webToken } : {};
  }
  get sessionCookie(): string | undefined {
    return this.cookie;
  }
  set sessionCookie(value: string | undefined) {
    this.cookie = value;
  }
}

let counter = 0;
export function uniqueName(prefix = "user"): string {
  counter += 1;
  return `${prefix}${counter}_${crypto.randomBytes(3).toString("hex")}`;
}

/** Registers a user, which signs them in (decision 0167); returns the signed-in client. */
export async function signUp(
  app: FastifyInstance,
  opts: { username?: string; password?: string; email?: string; captchaToken?: string } = {},
) {
  const username = opts.username ?? uniqueName();
  const password = opts.password ?? "password123";
  const client = new Client(app);
  const reg = await client.post("/api/auth/register", {
    username,
    password,
    email: opts.email,
    captchaToken: opts.captchaToken,
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  if (!client.sessionCookie) throw new Error("register did not sign in");
  return { client, username, password };
}

export async function signInAdmin(t: TestApp, username = "admin", password = "admin-pass") {
  await ensureAdminAccount(t.database.db, { username, password });
  const client = new Client(t.app);
  const res = await client.post("/api/auth/login", { username, password });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return client;
}
