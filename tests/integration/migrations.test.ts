import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../src/server/db/connect.js";
import { createTestDatabase, createUnmigratedDatabase } from "../helpers/test-db.js";

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("migrations", () => {
  it("match the schema: drizzle-kit finds nothing to generate", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "veo-drift-"));
    fs.cpSync(MIGRATIONS_DIR, out, { recursive: true });
    const before = listFiles(out);
    const log = execFileSync(
      "node_modules/.bin/drizzle-kit",
      // drizzle-kit wants a path relative to the working directory.
      [
        "generate",
        "--dialect",
        "postgresql",
        "--schema",
        "src/server/db/schema.ts",
        "--out",
        path.relative(process.cwd(), out),
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(listFiles(out), `drizzle-kit generated a migration: run npm run db:generate and commit it\n${log}`).toEqual(
      before,
    );
    expect(log).toContain("No schema changes");
  });

  it("apply cleanly to a fresh database and twice without harm", async () => {
    const database = await createTestDatabase({ migrate: true });
    try {
      const res = (await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      )) as {
        rows: { table_name: string }[];
      };
      expect(res.rows.map((r) => r.table_name)).toEqual([
        "account_tokens",
        "admin_audit_log",
        "admin_notifications",
        "admin_settings",
        "api_tokens",
        "credit_lot_draws",
        "credit_lots",
        "credit_packages",
        "explore_reports",
        "held_usernames",
        "idempotency_keys",
        "image_tasks",
        "known_browsers",
        "legal_texts",
        "mail_messages",
        "model_samples",
        "moderation_events",
        "oauth_clients",
        "oauth_codes",
        "oauth_grants",
        "oauth_refresh_tokens",
        "overview_credit_days",
        "overview_sale_days",
        "overview_user_days",
        "overview_video_costs",
        "overview_video_days",
        "overview_video_times",
        "passkeys",
        "password_reset_requests",
        "payment_disputes",
        "payment_orders",
        "payment_reversals",
        "plans",
        "promo_code_failures",
        "promo_code_redemptions",
        "promo_codes",
        "rate_limit_windows",
        "recovery_codes",
        "referral_rewards",
        "referrals",
        "session_second_factors",
        "sessions",
        "showcase_videos",
        "subscriptions",
        "totp_credentials",
        "transactions",
        "uploads",
        "used_passkey_challenges",
        "users",
        "vendor_accounts",
        "vendor_model_checks",
        "vendor_model_mappings",
        "video_files",
        "video_tasks",
        "webhook_attempts",
        "webhook_deliveries",
        "webhook_endpoints",
        "webhook_events",
        "welcome_grants",
      ]);
    } finally {
      await database.close();
    }
  });

  // Each replays the migrations in steps on an unmigrated database (an empty one on PostgreSQL, the
  // dumped empty data folder on PGlite: a new PGlite's initdb was most of these tests' time).
  it("queue the files of videos finished before the archive existed (the backfill), and only those", async () => {
    const database = await createUnmigratedDatabase();
    const { db } = database;
    try {
      await database.migrate("0009_video_archive");
      await db.execute(
        sql`insert into users (id, username, password) values ('00000000-0000-4000-8000-000000000001', 'old_user', 'x')`,
      );
      const task = (n: number, status: string, resultUrls: string | null, hd: string | null) =>
        db.execute(sql`insert into video_tasks (id, user_id, task_id, prompt, model, aspect_ratio, status, result_urls, hd_video_url)
          values (${`00000000-0000-4000-8000-00000000010${n}`}, '00000000-0000-4000-8000-000000000001', ${`old_${n}`}, 'old', 'veo3_fast', '16:9',
                  ${status}, ${resultUrls}::text[], ${hd})`);
      await task(
        1,
        "completed",
        "{https://tempfile.aiquickdraw.com/v/old-1.mp4}",
        "https://tempfile.aiquickdraw.com/v/old-1-hd.mp4",
      );
      await task(2, "completed", "{https://tempfile.aiquickdraw.com/v/old-2.mp4}", null);
      await task(3, "failed", null, null);
      await task(4, "generating", null, null);

      await database.migrate();
      const queued =
        (await db.execute(sql`select t.task_id, f.quality, f.source_url, f.status from video_files f join video_tasks t on t.id = f.video_task_id
        order by t.task_id, f.quality`)) as { rows: Record<string, string>[] };
      expect(queued.rows).toEqual([
        {
          task_id: "old_1",
          quality: "1080p",
          source_url: "https://tempfile.aiquickdraw.com/v/old-1-hd.mp4",
          status: "pending",
        },
        {
          task_id: "old_1",
          quality: "720p",
          source_url: "https://tempfile.aiquickdraw.com/v/old-1.mp4",
          status: "pending",
        },
        {
          task_id: "old_2",
          quality: "720p",
          source_url: "https://tempfile.aiquickdraw.com/v/old-2.mp4",
          status: "pending",
        },
      ]);
    } finally {
      await database.close();
    }
  });

  it("fill the overview's daily figures from the videos, ledger rows, users and orders already there (0046, 0049)", async () => {
    const database = await createUnmigratedDatabase();
    const { db } = database;
    const rows = async (text: ReturnType<typeof sql>) => ((await db.execute(text)) as { rows: unknown[] }).rows;
    try {
      await database.migrate("0043_transaction_pages");
      await db.execute(
        sql`insert into users (id, username, password, credits) values ('00000000-0000-4000-8000-000000000001', 'old_user', 'x', 9)`,
      );
      const task = (n: number, status: string, refunded: boolean, failureKind: string | null, created: string) =>
        db.execute(sql`insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio, status, refunded, failure_kind,
            created_at, completed_at, hd_ready_at, credits_used, vendor_cost, duration_seconds)
          values ('00000000-0000-4000-8000-000000000001', ${`old_${n}`}, 'old', 'veo3_fast', '16:9', ${status}, ${refunded},
            ${failureKind}, ${created}::timestamptz,
            case when ${status} = 'completed' then ${created}::timestamptz + interval '95 seconds' end,
            case when ${n} = 1 then ${created}::timestamptz + interval '300 seconds' end,
            2, case when ${n} = 1 then 0.25 end, case when ${n} = 2 then 8 end)`);
      await task(1, "completed", false, null, "2026-03-01T23:59:59.999Z");
      await task(2, "completed", false, null, "2026-03-02T00:00:00Z");
      await task(3, "completed", true, null, "2026-03-02T10:00:00Z");
      await task(4, "failed", true, "refused", "2026-03-02T11:00:00Z");
      await task(5, "generating", false, null, "2026-03-02T12:00:00Z");
      await db.execute(sql`insert into transactions (user_id, type, amount, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'purchase', 15, '2026-03-01T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'usage', -2, '2026-03-01T23:59:59Z'),
        ('00000000-0000-4000-8000-000000000001', 'usage', -4, '2026-03-02T00:00:00Z')`);

      await db.execute(sql`insert into payment_orders (user_id, package_name, provider, amount, currency, credits, status, completed_at) values
        ('00000000-0000-4000-8000-000000000001', 'Pack', 'creem', 9.99, 'USD', 10, 'completed', '2026-03-01T23:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'Pack', 'creem', 20.01, 'USD', 10, 'completed', '2026-03-01T01:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'Pack', 'paypal', 5.00, 'USD', 10, 'created', null)`);

      await database.migrate();
      expect(await rows(sql`select signup_method, users from overview_user_days`)).toEqual([
        { signup_method: "", users: 1 },
      ]);
      expect(
        await rows(sql`select day::text, provider, currency, orders, amount::text from overview_sale_days`),
      ).toEqual([{ day: "2026-03-01", provider: "creem", currency: "USD", orders: 2, amount: "30.00" }]);
      expect(
        await rows(
          sql`select day::text, status, refunded, failure_kind, videos from overview_video_days order by 1, 2, 3`,
        ),
      ).toEqual([
        { day: "2026-03-01", status: "completed", refunded: false, failure_kind: "", videos: 1 },
        { day: "2026-03-02", status: "completed", refunded: false, failure_kind: "", videos: 1 },
        { day: "2026-03-02", status: "completed", refunded: true, failure_kind: "", videos: 1 },
        { day: "2026-03-02", status: "failed", refunded: true, failure_kind: "refused", videos: 1 },
        { day: "2026-03-02", status: "generating", refunded: false, failure_kind: "", videos: 1 },
      ]);
      // 95 s is bucket floor(ln(95) * 100) = 455; 300 s is 570.
      expect(
        await rows(sql`select day::text, kind, bucket, videos from overview_video_times order by 1, 2, 3`),
      ).toEqual([
        { day: "2026-03-01", kind: "1080p", bucket: 570, videos: 1 },
        { day: "2026-03-01", kind: "video", bucket: 455, videos: 1 },
        { day: "2026-03-02", kind: "video", bucket: 455, videos: 2 },
      ]);
      expect(
        await rows(sql`select day::text, duration_seconds, videos, credits::int, reported, reported_cost::float8 as cost
          from overview_video_costs order by 1`),
      ).toEqual([
        { day: "2026-03-01", duration_seconds: null, videos: 1, credits: 2, reported: 1, cost: 0.25 },
        { day: "2026-03-02", duration_seconds: 8, videos: 1, credits: 2, reported: 0, cost: 0 },
      ]);
      expect(
        await rows(sql`select day::text, type, positive, amount::int from overview_credit_days order by 1, 2`),
      ).toEqual([
        { day: "2026-03-01", type: "purchase", positive: true, amount: 15 },
        { day: "2026-03-01", type: "usage", positive: false, amount: -2 },
        { day: "2026-03-02", type: "usage", positive: false, amount: -4 },
      ]);
    } finally {
      await database.close();
    }
  });

  it("move the admin's four prices into the price table and mark old tasks with images as image mode (0015)", async () => {
    const database = await createUnmigratedDatabase();
    const { db } = database;
    try {
      await database.migrate("0015_catalogue");
      await db.execute(
        sql`insert into admin_settings (id, veo3_credits, veo3_fast_credits, veo3_api_price, veo3_fast_api_price) values (1, 7, 3, 12.5, 2.25)`,
      );
      await db.execute(
        sql`insert into users (id, username, password) values ('00000000-0000-4000-8000-000000000001', 'old_user', 'x')`,
      );
      const task = (n: number, images: string | null) =>
        db.execute(sql`insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio, image_urls)
          values ('00000000-0000-4000-8000-000000000001', ${`old_${n}`}, 'old', 'veo3_fast', '16:9', ${images}::text[])`);
      await task(1, "{https://images.example.test/a.png}");
      await task(2, null);
      await task(3, "{}");

      await database.migrate("0058_price_margin");
      const settings = (await db.execute(sql`select prices from admin_settings`)) as { rows: { prices: unknown }[] };
      expect(settings.rows[0]!.prices).toEqual({ veo3: { web: 7, api: 12.5 }, veo3_fast: { web: 3, api: 2.25 } });
      const modes = (await db.execute(sql`select task_id, mode from video_tasks order by task_id`)) as {
        rows: Record<string, string>[];
      };
      expect(modes.rows).toEqual([
        { task_id: "old_1", mode: "image" },
        { task_id: "old_2", mode: "text" },
        { task_id: "old_3", mode: "text" },
      ]);
    } finally {
      await database.close();
    }
  });
  it("keep the old names of the vendor accounts working between the widen and the narrow (0056, 0057)", async () => {
    const database = await createUnmigratedDatabase();
    const { db } = database;
    const rows = async (text: ReturnType<typeof sql>) => ((await db.execute(text)) as { rows: unknown[] }).rows;
    const account = (n: number) => `00000000-0000-4000-8000-00000000020${n}`;
    try {
      await database.migrate("0056_vendor_accounts_widen");
      await db.execute(
        sql`insert into users (id, username, password) values ('00000000-0000-4000-8000-000000000001', 'old_user', 'x')`,
      );
      await db.execute(
        sql`insert into kie_apis (id, name, token_encrypted, token_hash) values (${account(1)}, 'one', 'x', 'h1')`,
      );
      const task = (n: number, column: "kie_api_id" | "vendor_account_id", id: string) =>
        db.execute(sql`insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio, ${sql.identifier(column)})
          values ('00000000-0000-4000-8000-000000000001', ${`old_${n}`}, 'old', 'veo3_fast', '16:9', ${id})`);
      await task(1, "kie_api_id", account(1));

      await database.migrate("0057_vendor_accounts_narrow");
      // The previous release writes the old names; the new one the new names: both see one account list.
      await db.execute(
        sql`insert into kie_apis (id, name, token_encrypted, token_hash) values (${account(2)}, 'two', 'x', 'h2')`,
      );
      await task(2, "kie_api_id", account(2));
      await task(3, "vendor_account_id", account(2));
      await db.execute(sql`update video_tasks set kie_api_id = ${account(1)} where task_id = 'old_2'`);
      await db.execute(sql`update video_tasks set vendor_account_id = ${account(1)} where task_id = 'old_3'`);
      expect(await rows(sql`select name from vendor_accounts order by name`)).toEqual([
        { name: "one" },
        { name: "two" },
      ]);
      expect(await rows(sql`select task_id, kie_api_id, vendor_account_id from video_tasks order by task_id`)).toEqual([
        { task_id: "old_1", kie_api_id: account(1), vendor_account_id: account(1) },
        { task_id: "old_2", kie_api_id: account(1), vendor_account_id: account(1) },
        { task_id: "old_3", kie_api_id: account(1), vendor_account_id: account(1) },
      ]);
      await db.execute(sql`delete from kie_apis where id = ${account(1)}`);
      expect(await rows(sql`select count(*)::int as n from video_tasks where vendor_account_id is null`)).toEqual([
        { n: 3 },
      ]);

      await database.migrate();
      expect(await rows(sql`select table_name from information_schema.views where table_name = 'kie_apis'`)).toEqual(
        [],
      );
      expect(
        await rows(sql`select column_name from information_schema.columns where table_name = 'video_tasks'
          and column_name in ('kie_api_id', 'vendor_account_id')`),
      ).toEqual([{ column_name: "vendor_account_id" }]);
    } finally {
      await database.close();
    }
  });

  it("keep the old default prices for an install that has sold or made videos, and only there (0059)", async () => {
    const pricesAfter = async (history: boolean, own: object) => {
      const database = await createUnmigratedDatabase();
      const { db } = database;
      try {
        await database.migrate("0058_price_margin");
        await db.execute(sql`insert into admin_settings (id, prices) values (1, ${JSON.stringify(own)}::jsonb)`);
        if (history) {
          await db.execute(
            sql`insert into users (id, username, password) values ('00000000-0000-4000-8000-000000000001', 'old_user', 'x')`,
          );
          await db.execute(sql`insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio)
            values ('00000000-0000-4000-8000-000000000001', 'old_1', 'old', 'veo3_fast', '16:9')`);
        }
        await database.migrate();
        const rows = (await db.execute(sql`select prices from admin_settings`)) as { rows: { prices: object }[] };
        return rows.rows[0]!.prices as Record<string, { web?: number; api?: number }>;
      } finally {
        await database.close();
      }
    };
    // A fresh install sells at the new defaults: nothing is written in.
    expect(await pricesAfter(false, {})).toEqual({});
    const kept = await pricesAfter(true, {
      veo3: { web: 7 },
      "kling3:720p": { web: 2, api: 3 },
      gone_model: { web: 9 },
    });
    // The old defaults where the owner had set nothing; the owner's own prices (even half of one) win.
    expect(kept.veo3_fast).toEqual({ web: 1, api: 2 });
    expect(kept.veo3_lite).toEqual({ web: 1, api: 1 });
    expect(kept["4k"]).toEqual({ web: 2, api: 4 });
    expect(kept.veo3).toEqual({ web: 7, api: 10 });
    expect(kept["kling3:720p"]).toEqual({ web: 2, api: 3 });
    expect(kept.gone_model).toEqual({ web: 9 });
  });
});
