import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.js";
import { ensureAdminAccount } from "../../src/server/features/auth/service.js";
import { Client, createTestApp, freePort, type TestApp } from "../helpers/test-app.js";
import { usingPostgres } from "../helpers/test-db.js";
import { launchServer } from "../helpers/server-process.js";

describe("ADMIN_USERNAME / ADMIN_PASSWORD", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates the admin once, then leaves it alone, and restores its password and role", async () => {
    const db = t.database.db;
    expect(await ensureAdminAccount(db, { username: "root", password: "first-pass" })).toBe("created");
    expect(await ensureAdminAccount(db, { username: "root", password: "first-pass" })).toBe("unchanged");
    await db.update(users).set({ isAdmin: false, isActive: false }).where(eq(users.username, "root"));
    expect(await ensureAdminAccount(db, { username: "ROOT", password: "second-pass" })).toBe("updated");
    const rows = await db.select().from(users).where(eq(users.username, "root"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isAdmin: true, isActive: true });
    const client = new Client(t.app);
    expect((await client.post("/api/auth/login", { username: "root", password: "first-pass" })).statusCode).toBe(401);
    expect(
      (await client.post("/api/auth/login", { username: "root", password: "second-pass" })).json().user.isAdmin,
    ).toBe(true);
  });

  it("several processes starting at once on one database all end up with the one admin", async () => {
    const db = t.database.db;
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => ensureAdminAccount(db, { username: "boot", password: "boot-pass-1" })),
    );
    expect(outcomes.filter((o) => o === "created")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "created").every((o) => o === "unchanged")).toBe(true);
    expect(await db.select().from(users).where(eq(users.username, "boot"))).toHaveLength(1);
  });

  it("/healthz answers once the database is reachable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, database: "ok" });
  });
});

describe("serving the web app", () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-web-"));
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><div id=root></div>");
    fs.writeFileSync(path.join(webDir, "assets", "app-1234.js"), "console.log(1)");
    // The build's compressed copies (scripts/build.mjs), and the build manifest, which is not public.
    fs.writeFileSync(path.join(webDir, "assets", "app-1234.js.br"), zlib.brotliCompressSync("console.log(1)"));
    fs.writeFileSync(path.join(webDir, "assets", "app-1234.js.gz"), zlib.gzipSync("console.log(1)"));
    fs.mkdirSync(path.join(webDir, ".vite"));
    fs.writeFileSync(path.join(webDir, ".vite", "manifest.json"), "{}");
    // A file under /pages/ that is no page's document: never served as a file (allowedPath).
    fs.mkdirSync(path.join(webDir, "pages", "en"), { recursive: true });
    fs.writeFileSync(path.join(webDir, "pages", "en", "draft.html"), "<p>DRAFT-NEVER-SERVED</p>");
    t = await createTestApp({ webDir });
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  /** GET with the path exactly as written: no client normalises its dots or slashes. */
  const rawGet = (rawPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(origin);
      http
        .get({ host: hostname, port, path: rawPath }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on("error", reject);
    });

  it("keeps a file it does not serve out of reach under other spellings of its path", async () => {
    const spellings = [
      "/pages/en/draft.html",
      "/./pages/en/draft.html",
      "//pages/en/draft.html",
      "/pages//en/draft.html",
      "/assets/../pages/en/draft.html",
      "/assets/%2e%2e/pages/en/draft.html",
      "/%2e/pages/en/draft.html",
      "/pages%2fen%2fdraft.html",
      "/pages/en/./draft.html",
      "/PAGES/en/draft.html",
      "/.vite/manifest.json",
      "/./.vite/manifest.json",
      "/assets/../.vite/manifest.json",
      "/%2evite/manifest.json",
    ];
    for (const spelling of spellings) {
      const res = await rawGet(spelling);
      expect(res.body, spelling).not.toContain("DRAFT-NEVER-SERVED");
      expect(res.status === 200 && res.body === "{}", spelling).toBe(false);
      expect(res.status, spelling).toBeLessThan(500);
    }
  });

  it("answers app routes with index.html and 200, other pages with index.html and 404", async () => {
    const login = await t.app.inject({ method: "GET", url: "/login?x=1" });
    expect(login.statusCode).toBe(200);
    expect(login.headers["content-type"]).toMatch(/^text\/html/);
    expect(login.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(login.headers["x-frame-options"]).toBe("DENY");
    expect(login.body).toContain("<div id=root>");
    const missing = await t.app.inject({ method: "GET", url: "/no/such/page" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("<div id=root>");
  });

  it("serves hashed assets with a long cache and keeps API 404s in JSON", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const api = await t.app.inject({ method: "GET", url: "/api/unknown" });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/^Not found/);
  });

  it("sends the build's brotli or gzip copy to browsers that accept it, and keeps build files private", async () => {
    const br = await t.app.inject({
      method: "GET",
      url: "/assets/app-1234.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe("console.log(1)");
    const gz = await t.app.inject({
      method: "GET",
      url: "/assets/app-1234.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe("console.log(1)");
    const plain = await t.app.inject({
      method: "GET",
      url: "/assets/app-1234.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
    const manifest = await t.app.inject({ method: "GET", url: "/.vite/manifest.json" });
    expect(manifest.statusCode).toBe(404);
  });
});

// Real server processes on the embedded database (no DATABASE_URL): the PostgreSQL pass would run them the same again.
describe.skipIf(usingPostgres)("the server process", () => {
  it(
    "starts on an empty data folder with its own PostgreSQL, keeps data across restarts, and signs the env admin in",
    { timeout: 400_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-proc-"));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = {
        DATA_DIR: dataDir,
        ADMIN_USERNAME: "boss",
        ADMIN_PASSWORD: "boss-pass-1",
      };
      const json = { "content-type": "application/json" };

      const first = await launchServer(env, { port });
      try {
        await first.healthy();
        const reg = await fetch(`${base}/api/auth/register`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ username: "keeper", password: "secret1" }),
        });
        expect({ status: reg.status, body: await reg.text() }).toMatchObject({ status: 201 });
      } finally {
        await first.stop();
      }
      // The embedded default is a PostgreSQL in DATA_DIR (decision 0105), stopped with the server.
      expect(fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, "secrets.key"))).toBe(true);

      const second = await launchServer(env, { port });
      try {
        await second.healthy();
        const keeper = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ username: "keeper", password: "secret1" }),
        });
        expect(keeper.status).toBe(200);
        const boss = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ username: "boss", password: "boss-pass-1" }),
        });
        expect(boss.status).toBe(200);
        expect(((await boss.json()) as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true);
        expect(second.output()).not.toContain("boss-pass-1");
      } finally {
        await second.stop();
      }
    },
  );
});
