/**
 * The admin's user list at scale (decision 0052): pages by a keyset cursor in each sort, searches
 * usernames and e-mails, filters; the video counter follows inserts and deletes. Known data: the
 * expected order of every sort is computed here and compared with what the pages give, ties included.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, users, videoTasks } from "../../src/server/db/schema.js";
import type { Client } from "../helpers/test-app.js";
import { createTestApp, signInAdmin, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let admin: Client;

interface Seeded {
  id: string;
  username: string;
  email: string | null;
  credits: number;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: Date;
  videos: number;
  tokens: number;
}
const seeded: Seeded[] = [];
const BASE = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const db = t.database.db;
  // 130 users: created in 40 distinct instants (ties), credits 0-9 (many ties), 0-3 videos, some disabled, admins, tokens.
  for (let i = 0; i < 130; i++) {
    const createdAt = new Date(BASE + (i % 40) * 1000 + 0.5); // same instant for i, i+40, i+80, i+120
    const [row] = await db
      .insert(users)
      .values({
        username: `Seed_${String(i).padStart(3, "0")}${i % 7 === 0 ? "_Ann" : ""}`,
        password: "x",
        email: i % 5 === 0 ? null : `person${i}@${i % 2 === 0 ? "Example.org" : "mail.test"}`,
        credits: i % 10,
        isAdmin: i % 45 === 0,
        isActive: i % 9 !== 0,
        createdAt,
      })
      .returning();
    const videos = i % 4;
    for (let v = 0; v < videos; v++) {
      await db
        .insert(videoTasks)
        .values({ userId: row!.id, taskId: `seed-${i}-${v}`, prompt: "p", model: "veo3_fast", aspectRatio: "16:9" });
    }
    const tokens = i % 11 === 0 ? 2 : 0;
    for (let k = 0; k < tokens; k++) {
      await db
        .insert(apiTokens)
        .values({ userId: row!.id, name: `t${k}`, tokenHash: `hash-${i}-${k}`, tokenMasked: "veo_••••" });
    }
    seeded.push({ ...row!, videos, tokens });
  }
});
afterAll(() => t.close());

/** Every user the list can return: the seeded ones and the admin who signed in. */
async function everyone(): Promise<Seeded[]> {
  const rows = await t.database.db.select().from(users);
  const byId = new Map(seeded.map((s) => [s.id, s]));
  return rows.map((r) => byId.get(r.id) ?? { ...r, videos: r.videoCount, tokens: 0 });
}

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
const expectedOrder = (rows: Seeded[], sort: "newest" | "credits" | "videos") =>
  [...rows].sort((a, b) => {
    const key = (r: Seeded) => (sort === "newest" ? r.createdAt.getTime() : sort === "credits" ? r.credits : r.videos);
    return compare(key(b), key(a)) || compare(b.id, a.id);
  });

/** Follows the Link header from the first page to the last; returns every page's rows. */
async function walk(query: string): Promise<{ pages: { id: string; username: string }[][]; total: number[] }> {
  const pages: { id: string; username: string }[][] = [];
  const total: number[] = [];
  let url: string | undefined = `/api/admin/users?${query}`;
  while (url) {
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    pages.push(res.json());
    total.push(Number(res.headers["x-total-count"]));
    const link = res.headers.link as string | undefined;
    url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined;
    expect(pages.length).toBeLessThan(100);
  }
  return { pages, total };
}

describe("GET /api/admin/users pages", () => {
  it.each(["newest", "credits", "videos"] as const)(
    "sort=%s: pages of 50 in order, ties broken by id, nothing repeated or skipped",
    async (sort) => {
      const all = await everyone();
      const { pages, total } = await walk(`sort=${sort}`);
      expect(pages.map((p) => p.length)).toEqual([50, 50, all.length - 100]);
      expect(total).toEqual([all.length, all.length, all.length]);
      expect(pages.flat().map((r) => r.id)).toEqual(expectedOrder(all, sort).map((r) => r.id));
    },
  );

  it("the default is newest first, 50 a page, and each row keeps the list's old fields", async () => {
    const res = await admin.get("/api/admin/users");
    const rows = res.json<Record<string, unknown>[]>();
    expect(rows).toHaveLength(50);
    const first = rows.find((r) => r.username === "Seed_039")!;
    expect(Object.keys(first).sort()).toEqual([
      "createdAt",
      "credits",
      "creditsOwed",
      "deletedAt",
      "disputeOpen",
      "email",
      "id",
      "isActive",
      "isAdmin",
      "username",
      "videoCount",
    ]);
    expect(first).toMatchObject({
      credits: 9,
      videoCount: 3,
      isActive: true,
      isAdmin: false,
      email: "person39@mail.test",
      deletedAt: null,
    });
    expect(res.body).not.toContain("password");
  });

  it("a small limit pages through everything the same way", async () => {
    const all = await everyone();
    const { pages } = await walk("sort=credits&limit=7");
    expect(pages.flat().map((r) => r.id)).toEqual(expectedOrder(all, "credits").map((r) => r.id));
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true);
  });

  it("refuses cursors it did not give, cursors of another sort, and limits out of range", async () => {
    const first = await admin.get("/api/admin/users?sort=credits&limit=5");
    const cursor = new URL(`http://x${/^<([^>]+)>/.exec(first.headers.link as string)![1]}`).searchParams.get(
      "cursor",
    )!;
    const otherSort = await admin.get(`/api/admin/users?sort=videos&cursor=${cursor}`);
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json<{ message: string }>().message).toMatch(/cursor is not one this server gave/);
    for (const bad of [
      "nope",
      Buffer.from('{"s":"credits","v":"1; drop table users","id":"x"}').toString("base64url"),
      "%00",
      "a".repeat(201),
    ]) {
      const res = await admin.get(`/api/admin/users?sort=credits&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    // A day Date.parse takes and PostgreSQL refuses: a 400, not a database error.
    for (const t of ["2026-02-30T00:00:00.000000Z", "0000-01-01T00:00:00.000000Z"]) {
      const bad = Buffer.from(JSON.stringify({ s: "newest", v: t, id: "00000000-0000-4000-8000-000000000000" }));
      const res = await admin.get(`/api/admin/users?cursor=${bad.toString("base64url")}`);
      expect(res.statusCode, t).toBe(400);
    }
    expect((await admin.get("/api/admin/users?limit=0")).statusCode).toBe(400);
    expect((await admin.get("/api/admin/users?limit=201")).statusCode).toBe(400);
    expect((await admin.get("/api/admin/users?sort=oldest")).json<{ message: string }>().message).toBe(
      "sort must be one of: newest, credits, videos",
    );
  });
});

describe("search and filters", () => {
  const names = async (query: string) => {
    const { pages, total } = await walk(query);
    return { names: pages.flat().map((r) => r.username), total: total[0] };
  };

  it("finds a part of a username or an e-mail in any case, as a prefix or inside", async () => {
    const ann = seeded.filter((s) => s.username.endsWith("_Ann")).map((s) => s.username);
    expect((await names("q=_ann")).names.sort()).toEqual(ann.sort());
    expect((await names("q=SEED_12")).names.sort()).toEqual([
      "Seed_120",
      "Seed_121",
      "Seed_122",
      "Seed_123",
      "Seed_124",
      "Seed_125",
      "Seed_126_Ann",
      "Seed_127",
      "Seed_128",
      "Seed_129",
    ]);
    const example = seeded.filter((s) => s.email?.endsWith("@Example.org")).map((s) => s.username);
    const found = await names("q=EXAMPLE.ORG");
    expect(found.names.sort()).toEqual(example.sort());
    expect(found.total).toBe(example.length);
    expect((await names("q=person17@")).names).toEqual(["Seed_017"]);
  });

  it("matches % and _ as themselves, and finds nothing for text nobody has", async () => {
    expect(await names(`q=${encodeURIComponent("%")}`)).toEqual({ names: [], total: 0 });
    const underscore = await names("q=_");
    expect(underscore.total).toBe(130); // every seeded username has an underscore, the admin's does not
    expect(await names("q=nobody-has-this")).toEqual({ names: [], total: 0 });
  });

  it("filters by status, role and API tokens, alone and together", async () => {
    const all = await everyone();
    const count = (f: (s: Seeded) => boolean) => all.filter(f).length;
    expect((await names("status=disabled")).total).toBe(count((s) => !s.isActive));
    expect((await names("status=active")).total).toBe(count((s) => s.isActive));
    expect((await names("role=admin")).total).toBe(count((s) => s.isAdmin));
    expect((await names("role=user")).total).toBe(count((s) => !s.isAdmin));
    expect((await names("apiTokens=with")).total).toBe(count((s) => s.tokens > 0));
    expect((await names("apiTokens=without")).total).toBe(count((s) => s.tokens === 0));
    const both = await names("status=disabled&apiTokens=with&q=seed");
    expect(both.names.sort()).toEqual(
      seeded
        .filter((s) => !s.isActive && s.tokens > 0)
        .map((s) => s.username)
        .sort(),
    );
    // A form's empty fields filter nothing.
    expect((await names("status=&role=&apiTokens=&q=&sort=")).total).toBe(all.length);
  });

  it("any search text is answered (never a 500), and finds exactly the users containing it", async () => {
    const all = await everyone();
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          maxLength: 12,
          unit: fc.constantFrom("S", "e", "_", "%", "\\", "a", "1", "@", ".", "É", "ß", " "),
        }),
        async (q) => {
          const res = await admin.get(`/api/admin/users?limit=200&q=${encodeURIComponent(q)}`);
          expect(res.statusCode, q).toBe(200);
          const needle = q.trim().toLowerCase();
          const expected = all.filter(
            (s) => s.username.toLowerCase().includes(needle) || (s.email ?? "").toLowerCase().includes(needle),
          ).length;
          expect(Number(res.headers["x-total-count"]), q).toBe(needle === "" ? all.length : expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("users.video_count", () => {
  it("follows inserts and deletes of the user's videos (a trigger), and sorts by it", async () => {
    const target = seeded[5]!;
    const count = async () =>
      (await t.database.db.select({ n: users.videoCount }).from(users).where(eq(users.id, target.id)))[0]!.n;
    expect(await count()).toBe(target.videos);
    await t.database.db
      .insert(videoTasks)
      .values({ userId: target.id, taskId: `extra-${target.id}`, prompt: "p", model: "veo3", aspectRatio: "9:16" });
    expect(await count()).toBe(target.videos + 1);
    await t.database.db.execute(sql`delete from video_tasks where task_id = ${`extra-${target.id}`}`);
    expect(await count()).toBe(target.videos);
  });
});

describe("a search matching more than 10,000 users", () => {
  it("counts up to 10,000 and says so; a narrower search is counted exactly", async () => {
    const big = await createTestApp();
    try {
      await big.database.db.execute(sql`insert into users (username, password, email)
        select 'many_' || n, 'x', 'many' || n || '@crowd.test' from generate_series(1, 10050) as n`);
      const bigAdmin = await signInAdmin(big);
      const wide = await bigAdmin.get("/api/admin/users?q=many_");
      expect(wide.statusCode).toBe(200);
      expect(wide.headers["x-total-count"]).toBe("10000");
      expect(wide.headers["x-total-count-capped"]).toBe("true");
      expect(wide.json<unknown[]>()).toHaveLength(50);
      const narrow = await bigAdmin.get("/api/admin/users?q=many_100");
      expect(narrow.headers["x-total-count"]).toBe("62"); // many_100, many_1000-1009, many_10000-10050
      expect(narrow.headers["x-total-count-capped"]).toBeUndefined();
      // Without a search the count is exact, however many.
      const all = await bigAdmin.get("/api/admin/users");
      expect(all.headers["x-total-count"]).toBe("10051");
      expect(all.headers["x-total-count-capped"]).toBeUndefined();
    } finally {
      await big.close();
    }
  });
});
