/**
 * Authorization by design (issue 18, point 1; decision 0032), over real HTTP so request targets
 * go out exactly as written: every route the app registers is called by everyone it must refuse
 * (signed out, a user, another user, a disabled user, an admin, API tokens, the metrics token) with the plain path
 * and six other spellings (a percent-encoded letter, the absolute form, a doubled slash, a dot
 * segment, a trailing slash, upper case) and from another website; none of them gets a 2xx or
 * changes anything stored. Then the intended caller gets its answer, with the same identity
 * whatever the spelling.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, sessions, users } from "../../src/server/db/schema.js";
import { CROSS_SITE_MESSAGE, type Access } from "../../src/server/http/route-access.js";
import {
  accessOf,
  caseKey,
  OPERATOR_TOKEN,
  fingerprint,
  issueToken,
  ROUTE_CASES,
  routeTable,
  startRouteCaseApp,
  type Fixtures,
  type People,
  type RouteCase,
  type SampleRequest,
} from "../helpers/route-cases.js";
import type { StartedSimulator, VideoTestApp } from "../helpers/video-app.js";

let sim: StartedSimulator;
let t: VideoTestApp;
let people: People;
let fixtures: Fixtures;
let origin: string;

beforeAll(async () => {
  ({ t, sim, people, fixtures } = await startRouteCaseApp());
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

type Role =
  "anonymous" | "owner" | "other" | "disabled" | "admin" | "ownerToken" | "otherToken" | "disabledToken" | "operator";
const ROLES: Role[] = [
  "anonymous",
  "owner",
  "other",
  "disabled",
  "admin",
  "ownerToken",
  "otherToken",
  "disabledToken",
  "operator",
];

/** Who must get through, by the route's declared access. */
function permitted(access: Access, c: RouteCase): Role[] {
  switch (access) {
    case "public":
    case "callback":
      return ROLES;
    case "user":
      return c.ownerOnly ? ["owner"] : ["owner", "other", "admin"];
    case "admin":
      return ["admin"];
    case "token":
      return c.ownerOnly ? ["ownerToken"] : ["ownerToken", "otherToken"];
    case "user-or-token":
      return ["owner", "other", "admin", "ownerToken", "otherToken"];
    case "operator":
      return ["operator"];
  }
}

function credentials(role: Role): Record<string, string> {
  switch (role) {
    case "anonymous":
      return {};
    case "owner":
    case "other":
    case "disabled":
    case "admin":
      return { cookie: people[role].cookie, ...people[role].webApp };
    case "ownerToken":
      return { authorization: `Bearer ${people.owner.token}` };
    case "otherToken":
      return { authorization: `Bearer ${people.other.token}` };
    case "disabledToken":
      return { authorization: `Bearer ${people.disabled.token}` };
    case "operator":
      return { authorization: `Bearer ${OPERATOR_TOKEN}` };
  }
}

/** The same address written seven ways. */
function spellings(url: string): Record<string, string> {
  const [path = "/", query] = url.split("?");
  const q = query === undefined ? "" : `?${query}`;
  const segments = path.split("/");
  const at = segments.length > 2 ? 2 : 1;
  const withSegment = (f: (s: string) => string) => segments.map((s, i) => (i === at ? f(s) : s)).join("/") + q;
  return {
    plain: url,
    "percent-encoded letter": withSegment((s) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`),
    "absolute form": `http://localhost${url}`,
    "doubled slash": withSegment((s) => `/${s}`),
    "dot segment": withSegment((s) => `./${s}`),
    "trailing slash": `${path}/${q}`,
    "upper case": path.toUpperCase() + q,
  };
}

interface Answer {
  status: number;
  body: string;
}

/** One request with the target exactly as given; event streams end after their headers. */
function send(method: string, target: string, sample: SampleRequest, headers: Record<string, string>): Promise<Answer> {
  const { port } = t.app.server.address() as AddressInfo;
  const payload = sample.raw?.payload ?? (sample.body === undefined ? undefined : JSON.stringify(sample.body));
  const contentType = sample.raw?.contentType ?? (sample.body === undefined ? undefined : "application/json");
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: target,
        headers: { ...headers, ...(contentType ? { "content-type": contentType } : {}) },
      },
      (res) => {
        if (res.headers["content-type"]?.startsWith("text/event-stream")) {
          res.destroy();
          resolve({ status: res.statusCode!, body: "" });
          return;
        }
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8").slice(0, 300) }),
        );
      },
    );
    req.on("error", reject);
    if (payload !== undefined) req.end(payload);
    else req.end();
  });
}

const isSuccess = (status: number) => status >= 200 && status < 400;

describe("route access", () => {
  it("fingerprints every stored change but the last-seen times", async () => {
    const db = t.database.db;
    const before = await fingerprint(db);
    expect(await fingerprint(db)).toBe(before);
    await db
      .update(users)
      .set({ credits: sql`${users.credits} + 1` })
      .where(eq(users.id, people.other.id));
    const changed = await fingerprint(db);
    expect(changed).not.toBe(before);
    await db
      .update(users)
      .set({ credits: sql`${users.credits} - 1` })
      .where(eq(users.id, people.other.id));
    expect(await fingerprint(db)).toBe(before);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() + 86_400_000) });
    await db.update(apiTokens).set({ lastUsed: new Date() });
    expect(await fingerprint(db)).toBe(before);
  });

  it("has a case for every route the app registers, and every route declares its access", () => {
    const registered = routeTable(t).map((r) => `${r.method} ${r.url}`);
    expect(ROUTE_CASES.map((c) => caseKey(c)).sort()).toEqual([...new Set(registered)].sort());
  });

  it.each(ROUTE_CASES.map((c) => [caseKey(c), c] as const))(
    "%s: only its intended callers get through, however the path is written",
    async (_name, c) => {
      const access = accessOf(t, c);
      const allowed = permitted(access, c);
      // Fresh tokens: a previous case may have deleted them.
      await t.database.db.delete(apiTokens).where(eq(apiTokens.userId, people.owner.id));
      fixtures.tokenId = (await issueToken(t.database.db, people.owner.id)).id;
      people.owner.token = (await issueToken(t.database.db, people.owner.id)).token;
      const sample = c.request(fixtures);
      const before = await fingerprint(t.database.db);

      const leaks: string[] = [];
      for (const role of ROLES.filter((r) => !allowed.includes(r))) {
        for (const [spelling, target] of Object.entries(spellings(sample.url))) {
          const res = await send(c.method, target, c.request(fixtures), { ...credentials(role), origin });
          if (isSuccess(res.status) || res.status >= 500)
            leaks.push(`${role} / ${spelling} (${target}): ${res.status} ${res.body}`);
        }
      }
      expect(leaks).toEqual([]);

      // From another website, with the intended caller's cookie: refused unless the route never
      // acts on cookies (API tokens, provider callbacks).
      if (c.method !== "GET" && access !== "token" && access !== "callback") {
        const role = allowed.includes("owner") ? "owner" : allowed.includes("admin") ? "admin" : "anonymous";
        const crossSites: Record<string, string>[] = [
          { origin: "https://evil.example" },
          { "sec-fetch-site": "cross-site" },
          { origin: "null" },
        ];
        for (const crossSite of crossSites) {
          const res = await send(c.method, sample.url, c.request(fixtures), { ...credentials(role), ...crossSite });
          expect(res.status, JSON.stringify(crossSite)).toBe(403);
          expect(JSON.parse(res.body).message).toBe(CROSS_SITE_MESSAGE);
        }
      }
      expect(await fingerprint(t.database.db)).toBe(before);

      // The intended caller: a browser on our own origin, or a script with no Origin at all.
      const role = allowed[0]!;
      const accepts = c.accepts ?? ((s: number) => s >= 200 && s < 300);
      const res = await send(c.method, sample.url, sample, {
        ...credentials(role),
        ...(c.method === "GET" ? {} : { origin }),
      });
      expect(accepts(res.status, res.body), `${role}: ${res.status} ${res.body}`).toBe(true);
      if (c.method === "GET" && access !== "public") {
        // The caller is the same person whatever the spelling the router accepts.
        for (const target of [
          spellings(sample.url)["percent-encoded letter"]!,
          spellings(sample.url)["absolute form"]!,
        ]) {
          const again = await send(c.method, target, sample, credentials(role));
          expect(again.status, `${target}: ${again.body}`).toBe(res.status);
        }
      }
    },
  );
});
