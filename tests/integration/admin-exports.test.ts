/**
 * CSV content and streaming (issue 23, decision 0054): GET /api/admin/exports/transactions.csv and
 * /users.csv answer the lists' own rows under the lists' own filters, as UTF-8 CSV with a BOM, a
 * header row, ISO dates, numbers as numbers and formulas defused; each export is in the audit
 * log; and a large export arrives as a stream of many chunks, every row once.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, apiTokens, transactions, users } from "../../src/server/db/schema.js";
import { TRANSACTION_CSV_COLUMNS, USER_CSV_COLUMNS } from "../../src/server/features/admin/exports-service.js";
import type { AdminTransactionView } from "../../src/shared/schemas/admin-transactions.js";
import type { AdminUserView } from "../../src/shared/schemas/admin-users.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, signInAdmin, signUp } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const BOM = "\uFEFF";

/** RFC 4180: quoted fields with doubled quotes, CRLF between records (a final CRLF is allowed). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}

/** An export's answer: checked headers, the records after the header row, keyed by column. */
async function exportCsv(path: string, client: Client = admin) {
  const res = await client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers["cache-control"]).toBe("private, no-store");
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = res.rawPayload.toString("utf8");
  expect(text.startsWith(BOM)).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  return { res, text, header: header!, rows };
}

const byColumn = (header: string[], row: string[]) => Object.fromEntries(header.map((h, i) => [h, row[i]!]));

/** Every row of the list (all its pages) for `query`. */
async function listIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await admin.get(`/api/admin/transactions?limit=100&page=${page}${query ? `&${query}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json<{ data: AdminTransactionView[]; total: number }>();
    ids.push(...data.map((r) => r.id));
    if (ids.length >= total || data.length === 0) return ids;
  }
}

async function listUserIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  let url: string | undefined = `/api/admin/users?limit=200${query ? `&${query}` : ""}`;
  while (url) {
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...res.json<AdminUserView[]>().map((u) => u.id));
    const link = res.headers.link as string | undefined;
    url = link ? /<([^>]+)>/.exec(link)![1]!.replace(/^https?:\/\/[^/]+/, "") : undefined;
  }
  return ids;
}

/** A user (inserted directly, so any name) with ledger rows at chosen times, balanced. */
async function userWithRows(
  username: string,
  email: string | null,
  rows: { type: string; amount: number; at: string; description?: string; kieTaskId?: string }[],
): Promise<string> {
  const sum = rows.reduce((s, r) => s + r.amount, 0);
  return t.database.db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({ username, email, password: "not-a-hash", credits: sum })
      .returning({ id: users.id });
    for (const r of rows) {
      await tx.insert(transactions).values({
        userId: u!.id,
        type: r.type,
        amount: r.amount,
        description: r.description ?? r.type,
        kieTaskId: r.kieTaskId ?? null,
        createdAt: new Date(r.at),
      });
    }
    return u!.id;
  });
}

describe("GET /api/admin/exports/transactions.csv", () => {
  it("is a UTF-8 file with a BOM, a header row, ISO dates, numbers, the provider task id and refunded", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "exported", model: "veo3_fast" })).json<{
      taskId: string;
    }>();
    const { res, header, rows, text } = await exportCsv(`/api/admin/exports/transactions.csv?user=${u.username}`);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(header).toEqual([...TRANSACTION_CSV_COLUMNS]);
    expect(text.slice(1).split("\r\n")[0]).toBe(
      "id,created at,user,email,type,amount,description,provider task id,refunded",
    );
    expect(rows).toHaveLength(2);
    const [usage, adjustment] = rows.map((r) => byColumn(header, r));
    expect(usage).toMatchObject({
      user: u.username,
      email: "",
      type: "usage",
      amount: "-1",
      "provider task id": taskId,
      refunded: "false",
    });
    expect(adjustment).toMatchObject({ type: "adjustment", amount: "10", "provider task id": "", refunded: "false" });
    for (const row of [usage!, adjustment!]) {
      expect(row["created at"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    // The same rows as the list, with the same provider task id (kieTaskId).
    const list = (await admin.get(`/api/admin/transactions?user=${u.username}`)).json<{
      data: AdminTransactionView[];
    }>().data;
    expect(rows.map((r) => r[0])).toEqual(list.map((r) => r.id));
    expect(usage!["created at"]).toBe(list[0]!.createdAt);
    expect(list[0]!.kieTaskId).toBe(taskId);

    // Refunded, it says so.
    expect((await admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" })).statusCode).toBe(200);
    const again = await exportCsv(`/api/admin/exports/transactions.csv?user=${u.username}&type=usage`);
    expect(again.rows.map((r) => byColumn(again.header, r).refunded)).toEqual(["true"]);
    await expectLedgerBalanced(t.database.db);
  });

  it("has exactly the list's rows, in its order, under each of the list's filters and userId", async () => {
    const a = await userWithRows("exp_alpha", "alpha@export.test", [
      { type: "purchase", amount: 50, at: "2026-03-01T00:00:00Z" },
      { type: "usage", amount: -5, at: "2026-03-02T23:59:59Z" },
      { type: "refund", amount: 5, at: "2026-03-03T00:00:00Z" },
    ]);
    const b = await userWithRows("exp_beta", "beta@export.test", [
      { type: "purchase", amount: 10, at: "2026-03-02T12:00:00Z" },
      { type: "adjustment", amount: 3, at: "2026-03-02T12:00:00Z" },
    ]);
    const queries = [
      "user=exp_",
      "user=EXP_ALPHA",
      "user=beta@export",
      "type=purchase&user=exp_",
      "dateFrom=2026-03-02&dateTo=2026-03-02&user=exp_",
      "dateFrom=2026-03-03&user=exp_",
      `userId=${a}`,
      `userId=${b}&type=adjustment`,
      `userId=${a}&user=beta`,
      "type=&user=exp_&dateFrom=&dateTo=&userId=",
      "",
    ];
    for (const query of queries) {
      const { rows } = await exportCsv(`/api/admin/exports/transactions.csv?${query}`);
      expect(
        rows.map((r) => r[0]),
        query,
      ).toEqual(await listIds(query));
    }
    expect((await exportCsv(`/api/admin/exports/transactions.csv?userId=${a}`)).rows).toHaveLength(3);
    expect((await exportCsv(`/api/admin/exports/transactions.csv?userId=${a}&user=beta`)).rows).toHaveLength(0);
    // An id of nobody: nothing, not an error.
    expect(
      (await exportCsv("/api/admin/exports/transactions.csv?userId=00000000-0000-4000-8000-000000000000")).rows,
    ).toHaveLength(0);
    await expectLedgerBalanced(t.database.db);
  });

  it("refuses what the list refuses, with the list's messages; a bad userId says what it must be", async () => {
    for (const query of [
      "userId=nobody",
      "userId=12345678-1234-1234-1234-12345678901",
      "type=gift",
      "dateFrom=2026-02-30",
      "dateFrom=2026-03-02&dateTo=2026-03-01",
    ]) {
      const exported = await admin.get(`/api/admin/exports/transactions.csv?${query}`);
      const listed = await admin.get(`/api/admin/transactions?${query}`);
      expect(exported.statusCode, query).toBe(400);
      expect(listed.statusCode, query).toBe(400);
      expect(exported.json<{ message: string }>().message).toBe(listed.json<{ message: string }>().message);
    }
    const bad = await admin.get("/api/admin/transactions?userId=nobody");
    expect(bad.json()).toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining("userId must be a user's id (a UUID)"),
    });
  });

  it("defuses formulas in text, keeps negative numbers as numbers, quotes commas and line breaks, and keeps Vietnamese names", async () => {
    const name = "Nguyễn_Thị_Ánh";
    await userWithRows(name, '=HYPERLINK("http://evil")@x.test', [
      { type: "purchase", amount: 100, at: "2026-04-01T00:00:00Z", description: "=1+1" },
      { type: "usage", amount: -7, at: "2026-04-01T00:00:01Z", description: "+CMD|' /C calc'!A0", kieTaskId: "-task" },
      { type: "usage", amount: -3, at: "2026-04-01T00:00:02Z", description: "-2+3" },
      { type: "usage", amount: -1, at: "2026-04-01T00:00:03Z", description: "@SUM(A1)" },
      { type: "usage", amount: -1, at: "2026-04-01T00:00:04Z", description: "\tTabbed" },
      { type: "usage", amount: -1, at: "2026-04-01T00:00:05Z", description: "\rReturned" },
      { type: "usage", amount: -1, at: "2026-04-01T00:00:06Z", description: 'Line one\nline "two", with a comma' },
      { type: "usage", amount: -1, at: "2026-04-01T00:00:07Z", description: "Phí tạo video — không có công thức" },
    ]);
    const { header, rows, res } = await exportCsv(
      `/api/admin/exports/transactions.csv?user=${encodeURIComponent("nguyễn_thị")}`,
    );
    const byDescription = rows.map((r) => byColumn(header, r)).reverse();
    expect(byDescription.map((r) => r.description)).toEqual([
      "'=1+1",
      "'+CMD|' /C calc'!A0",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTabbed",
      "'\rReturned",
      'Line one\nline "two", with a comma',
      "Phí tạo video — không có công thức",
    ]);
    expect(byDescription.map((r) => r.amount)).toEqual(["100", "-7", "-3", "-1", "-1", "-1", "-1", "-1"]);
    expect(new Set(byDescription.map((r) => r.user))).toEqual(new Set([name]));
    expect(byDescription[0]!.email).toBe('\'=HYPERLINK("http://evil")@x.test');
    expect(byDescription[1]!["provider task id"]).toBe("'-task");
    // The bytes are UTF-8: the name's own encoding is in the file.
    expect(res.rawPayload.includes(Buffer.from(name, "utf8"))).toBe(true);
    await expectLedgerBalanced(t.database.db);
  });

  it("answers 401 signed out and 403 to a user, and writes nothing to the audit log for them", async () => {
    const before = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(sql`${adminAuditLog.action} like 'export.%'`);
    for (const path of ["/api/admin/exports/transactions.csv", "/api/admin/exports/users.csv"]) {
      expect((await new Client(t.app).get(path)).statusCode).toBe(401);
      const { client } = await signUp(t.app);
      const res = await client.get(path);
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    }
    const after = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(sql`${adminAuditLog.action} like 'export.%'`);
    expect(after).toHaveLength(before.length);
  });

  it("records each export, with its filters, in the audit log", async () => {
    const userId = "00000000-0000-4000-8000-00000000abcd";
    await exportCsv(`/api/admin/exports/transactions.csv?type=usage&user=someone&userId=${userId}&dateFrom=2026-01-01`);
    const [row] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "export.transactions"))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      adminUsername: "admin",
      details: { filters: { type: "usage", user: "someone", userId, dateFrom: "2026-01-01" } },
    });
    expect(row!.adminId).not.toBeNull();

    await exportCsv("/api/admin/exports/users.csv?status=active&sort=credits");
    const [usersRow] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "export.users"))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(usersRow).toMatchObject({
      adminUsername: "admin",
      details: { filters: { status: "active", sort: "credits" } },
    });
  });
});

describe("GET /api/admin/exports/users.csv", () => {
  it("has the columns, the counts and the list's rows in the list's order under its filters", async () => {
    const rich = await userWithCredits(t.app, t.database.db, 40);
    await rich.client.post("/api/generate-video", { prompt: "counted", model: "veo3_fast" });
    await t.database.db.insert(apiTokens).values([
      { userId: rich.id, tokenHash: `hash-a-${rich.id}`, tokenMasked: "veo_aaaa...aaaa", name: "a" },
      { userId: rich.id, tokenHash: `hash-b-${rich.id}`, tokenMasked: "veo_bbbb...bbbb", name: "b" },
    ]);
    const { header, rows, res } = await exportCsv(`/api/admin/exports/users.csv?q=${rich.username}`);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="users-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(header).toEqual([...USER_CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, rich.id));
    expect(byColumn(header, rows[0]!)).toEqual({
      id: rich.id,
      username: rich.username,
      email: "",
      credits: "39",
      videos: "1",
      admin: "false",
      active: "true",
      "api tokens": "2",
      "created at": user!.createdAt.toISOString(),
    });

    const adminRow = (await exportCsv("/api/admin/exports/users.csv?role=admin")).rows.map((r) => byColumn(header, r));
    expect(adminRow.map((r) => [r.username, r.admin])).toContainEqual(["admin", "true"]);

    for (const query of [
      "",
      "sort=credits",
      "sort=videos",
      "status=active",
      "role=user&sort=credits",
      "apiTokens=with",
      "apiTokens=without&sort=videos",
      "q=EXP_",
    ]) {
      const { rows: exported } = await exportCsv(`/api/admin/exports/users.csv?${query}`);
      expect(
        exported.map((r) => r[0]),
        query,
      ).toEqual(await listUserIds(query));
    }
    expect((await admin.get("/api/admin/exports/users.csv?sort=oldest")).statusCode).toBe(400);
    await expectLedgerBalanced(t.database.db);
  });

  it("walks past a batch boundary in every sort, ties broken by the id, each user once", async () => {
    // 2,500 users with equal credits, video counts and (per three) creation times.
    await t.database.db.execute(sql`
      insert into users (username, password, created_at)
      select 'bulk_user_' || g, 'not-a-hash', timestamptz '2025-01-01T00:00:00Z' + (g / 3) * interval '1 microsecond'
      from generate_series(1, 2500) as g`);
    for (const sort of ["newest", "credits", "videos"]) {
      const { rows } = await exportCsv(`/api/admin/exports/users.csv?q=bulk_user_&sort=${sort}`);
      expect(rows, sort).toHaveLength(2500);
      expect(new Set(rows.map((r) => r[0])).size).toBe(2500);
      expect(
        rows.map((r) => r[0]),
        sort,
      ).toEqual(await listUserIds(`q=bulk_user_&sort=${sort}`));
    }
  });
});

describe("streaming", () => {
  it("sends 25,000 rows as a stream of many chunks, every row once, newest first", async () => {
    const [u] = await t.database.db
      .insert(users)
      .values({ username: "stream_user", password: "not-a-hash", credits: 25_000 })
      .returning({ id: users.id });
    // Three rows per microsecond, so batch boundaries fall inside ties and between microseconds.
    await t.database.db.execute(sql`
      insert into transactions (user_id, type, amount, description, created_at)
      select ${u!.id}::uuid, 'adjustment', 1, 'bulk row ' || g, timestamptz '2025-06-01T00:00:00Z' + (g / 3) * interval '1 microsecond'
      from generate_series(1, 25000) as g`);

    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const chunks: Buffer[] = [];
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(
        {
          host: "127.0.0.1",
          port,
          path: `/api/admin/exports/transactions.csv?userId=${u!.id}`,
          headers: { cookie: admin.sessionCookie! },
        },
        (res) => {
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(res));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
    });
    expect(answer.statusCode).toBe(200);
    // Streamed: no length known up front, and the file came in many pieces.
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.headers["content-length"]).toBeUndefined();
    expect(chunks.length).toBeGreaterThan(10);

    const text = Buffer.concat(chunks).toString("utf8");
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...TRANSACTION_CSV_COLUMNS]);
    expect(rows).toHaveLength(25_000);
    const descriptions = rows.map((r) => r[6]!);
    expect(new Set(descriptions).size).toBe(25_000);
    expect(new Set(rows.map((r) => r[0])).size).toBe(25_000);
    // Newest first: the times never rise down the file.
    const times = rows.map((r) => r[1]!);
    expect(times.every((time, i) => i === 0 || time <= times[i - 1]!)).toBe(true);

    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.userId, u!.id), eq(transactions.type, "adjustment")));
    expect(Number(n)).toBe(25_000);
    await expectLedgerBalanced(t.database.db);
  }, 120_000);
});
