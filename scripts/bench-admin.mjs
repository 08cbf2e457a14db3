// The "Admin at scale" part of `npm run bench` (scripts/bench.mjs calls it; decisions 0052, 0053,
// 0106), on PostgreSQL: 100,000 users and 1,000,000 videos over the last 365 days (with their
// ledger, about 1,100,000 transactions, payment orders and API tokens) seeded with generate_series
// in a fresh database, then the built server answers the admin overview for each range, the users
// list's and the transactions history's pages, searches and filters, one request at a time, then
// streams both CSV exports whole while its memory is sampled (decision 0054). Figures only; the
// targets are issue 43's (overview p99 < 100 ms, transactions pages p99 < 50 ms) and issue 23's
// (users list p99 < 50 ms). BENCH_ADMIN_VIDEOS sets another number of videos. What it makes (its
// database, a DATA_DIR, the server) is removed before it returns; BENCH_ADMIN_KEEP=1 keeps the
// seeded database, and BENCH_ADMIN_DATABASE=<its name> runs on it again (and keeps it).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { rssOf, rssSampler } from "./bench-archive.mjs";

export const ADMIN_BENCH = {
  users: 100_000,
  videos: Number(process.env.BENCH_ADMIN_VIDEOS ?? 1_000_000),
  orders: 60_000,
  tokenUsers: 5_000,
  days: 365,
};
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 200);
const DEEP_PAGES = 50;
export const USERS_TARGET_MS = 50;
export const TRANSACTIONS_TARGET_MS = 50;
export const OVERVIEW_TARGET_MS = 100;

/** Migrations 0046 and 0049: the overview's daily tables filled from the seeded rows, as an upgrade fills them. */
function overviewBackfill() {
  return ["0046_overview_days_backfill", "0049_overview_user_sale_backfill"].flatMap((name) =>
    fs
      .readFileSync(new URL(`../src/server/db/migrations/${name}.sql`, import.meta.url), "utf8")
      .split("--> statement-breakpoint")
      .map((text) => ["overview days", text.replace(/^--.*$/gm, "").trim()]),
  );
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The seed, in SQL. Triggers are off while it runs (session_replication_role = replica: no
 * per-row video counter, overview figures, archive queue or foreign-key checks); users.video_count
 * is then set by one UPDATE from a GROUP BY, as migration 0019 does, and the overview's daily
 * tables as migrations 0046 and 0049 fill them. random() is seeded, so every run seeds the
 * same data. Videos are inserted oldest first, as a real table fills. $1 is the users' password hash.
 */
export function seedStatements() {
  const { users, videos, orders, tokenUsers, days } = ADMIN_BENCH;
  return [
    ["settings", "set session_replication_role = replica"],
    ["settings", "select setseed(0.23)"],
    [
      "users",
      `insert into users (username, password, email, credits, is_admin, is_active, created_at)
       select (array['alice','bob','carol','dave','erin','frank','grace','heidi','ivan','judy','mallory','oscar','peggy','trent','victor','walter'])[1 + i % 16]
                || '_' || lpad(to_hex(i * 2654435761 % 4294967296), 8, '0'),
              $1,
              case when i % 10 = 3 then null
                   else 'u' || i || '@' || (array['gmail.com','yahoo.com','outlook.com','proton.me','example.org','mail.test'])[1 + (i / 7) % 6] end,
              (random() * 5000)::int,
              i % 2000 = 0,
              i % 100 <> 7,
              now() - random() * interval '730 days'
       from generate_series(1, ${users}) as i`,
    ],
    ["users", "create temporary table bench_users as select id, row_number() over (order by id) as rn from users"],
    ["users", "create unique index on bench_users (rn)"],
    [
      "video_tasks",
      `insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio, status, refunded, refunded_at, credits_used,
                                created_at, completed_at, hd_status, hd_ready_at, hd_video_url, result_urls, provider_source)
       select u.id, 'bench-' || v.i, 'A seeded video: a calm lake at dawn, mist over the water', v.model, '16:9',
              v.status, v.refunded, case when v.refunded then v.completed_at end, v.credits,
              v.created_at, v.completed_at,
              case when v.hd then 'ready' when v.status = 'completed' then 'pending' else 'none' end,
              case when v.hd then v.completed_at + (60 + random() * 240) * interval '1 second' end,
              case when v.hd then 'https://example.invalid/' || v.i || '-1080p.mp4' end,
              case when v.status = 'completed' then array['https://example.invalid/' || v.i || '.mp4'] end,
              'simulator'
       from (
         select i, urn, created_at, model, status,
                status = 'failed' or (status = 'completed' and r2 < 0.01) as refunded,
                case when status in ('completed', 'failed') then created_at + (45 + r3 * 400) * interval '1 second' end as completed_at,
                status = 'completed' and r2 > 0.2 as hd,
                case model when 'veo3' then 5 else 1 end as credits
         from (
           select i, r2, r3, urn,
                  now() - interval '${days} days' + (i::float8 / ${videos}) * interval '${days} days' as created_at,
                  (array['veo3_fast','veo3_fast','veo3_fast','veo3_fast','veo3_fast','veo3_lite','veo3_lite','veo3_lite','veo3','veo3'])[1 + (i * 7) % 10] as model,
                  case when i > ${videos} - 40 then 'generating' when r1 < 0.06 then 'failed' else 'completed' end as status
           -- Some users make many videos, most a few: the owner is drawn with a squared random number.
           from (select i, random() as r1, random() as r2, random() as r3, 1 + floor(${users} * power(random(), 2))::int % ${users} as urn
                 from generate_series(1, ${videos}) as i) as g
         ) as s
       ) as v
       join bench_users u on u.rn = v.urn
       order by v.i`,
    ],
    [
      "transactions",
      `insert into transactions (user_id, type, amount, description, video_task_id, kie_task_id, created_at)
       select user_id, 'usage', -credits_used, 'Video generation (' || model || ')', id, task_id, created_at from video_tasks
       union all
       select user_id, 'refund', credits_used, 'Refund', id, task_id, refunded_at from video_tasks where refunded
       order by created_at`,
    ],
    [
      "transactions",
      `insert into transactions (user_id, type, amount, description, created_at)
       select u.id, 'adjustment', 100, 'Welcome credits', now() - random() * interval '${days} days'
       from bench_users u where u.rn % 10 = 0`,
    ],
    [
      "payment_orders",
      `insert into payment_orders (user_id, package_name, provider, amount, currency, credits, status, created_at, updated_at, completed_at)
       select u.id, 'Pack ' || p, case when i % 3 = 0 then 'paypal' else 'creem' end,
              (array[9.99, 24.99, 49.99])[p], 'USD', (array[100, 300, 700])[p],
              case when r < 0.9 then 'completed' when r < 0.97 then 'created' else 'failed' end,
              at, at, case when r < 0.9 then at + interval '30 seconds' end
       from (select i, 1 + i % 3 as p, random() as r,
                    now() - interval '${days} days' + (i::float8 / ${orders}) * interval '${days} days' as at
             from generate_series(1, ${orders}) as i) as o
       join bench_users u on u.rn = 1 + (o.i * 7919) % ${users}`,
    ],
    [
      "transactions",
      `insert into transactions (user_id, type, amount, description, payment_order_id, created_at)
       select user_id, 'purchase', credits, 'Purchase of ' || package_name, id, completed_at from payment_orders where status = 'completed'
       order by completed_at`,
    ],
    [
      "api_tokens",
      `insert into api_tokens (user_id, token_hash, token_masked, name, created_at)
       select u.id, md5('bench-token-' || u.rn || '-' || k), 'veo_xxxxxxxx…xxxxxxxx', 'token ' || k, now() - random() * interval '300 days'
       from bench_users u cross join generate_series(1, 2) as k
       where u.rn % ${Math.round(users / tokenUsers)} = 0 and (k = 1 or u.rn % 3 = 0)`,
    ],
    [
      "vendor_accounts",
      `insert into vendor_accounts (name, token_encrypted, token_hash, total_credits, is_enabled, last_used)
       select 'account ' || i, 'sealed', md5('bench-kie-' || i), 1000 * i, i <> 3, now() - i * interval '1 hour' from generate_series(1, 4) as i`,
    ],
    [
      "video_count",
      "update users set video_count = c.n from (select user_id, count(*)::int as n from video_tasks group by user_id) as c where c.user_id = users.id",
    ],
    ...overviewBackfill(),
    ["settings", "set session_replication_role = origin"],
    // Index-only scans need the visibility map; the planner needs statistics.
    ["vacuum analyze", "vacuum analyze"],
  ];
}

/** Sequential GETs with the admin's cookie; latencies in ms. `next` (maybe async, not timed) may read the previous answer (the Link header). */
async function measure(base, cookie, name, count, next) {
  const latencies = [];
  let ok = 0;
  let other = 0;
  let previous;
  for (let i = 0; i < count; i++) {
    const url = await next(i, previous);
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    const body = await res.text();
    latencies.push(performance.now() - started);
    if (res.ok) ok++;
    else other++;
    previous = { res, body, url };
  }
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  const round = (x) => Math.round(x * 10) / 10;
  return {
    name,
    requests: count,
    p50: round(pct(0.5)),
    p99: round(pct(0.99)),
    max: round(latencies.at(-1)),
    ok,
    other,
  };
}

/**
 * Downloads a CSV export whole, counting its bytes and lines as they arrive, while sampling the
 * server's resident memory: the export streams in batches, so memory must not grow with the rows.
 */
async function measureExport(base, cookie, url, pid) {
  const idleMb = rssOf(pid) / 2 ** 20;
  const sampler = rssSampler(pid);
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const peakMb = Math.max(...sampler.stop()) / 2 ** 20;
  return { url, rows: lines - 1, mb: bytes / 2 ** 20, seconds, idleMb, peakMb };
}

/** The path and query of a Link header's rel="next" URL. */
function nextLink(res) {
  const link = res.headers.get("link");
  const match = link && /<([^>]+)>;\s*rel="next"/.exec(link);
  if (!match) return undefined;
  const url = new URL(match[1], "http://x");
  return `${url.pathname}${url.search}`;
}

/**
 * deps: what bench.mjs already has (the admin connection and base URL of PostgreSQL, the built
 * server's modules, its server start-up helpers).
 */
export async function benchAdmin(deps) {
  const {
    root,
    admin,
    pgBase,
    openDatabase,
    hashPassword,
    createSession,
    startServer,
    stopServer,
    waitReady,
    freePort,
  } = deps;
  // BENCH_ADMIN_DATABASE: a database an earlier run seeded and kept (BENCH_ADMIN_KEEP=1), used as
  // it is and kept again: ten million videos take twenty minutes to seed.
  const reuse = process.env.BENCH_ADMIN_DATABASE;
  const keep = Boolean(reuse || process.env.BENCH_ADMIN_KEEP);
  if (reuse && !/^bench_admin_[0-9a-f]{8}$/.test(reuse))
    throw new Error(`BENCH_ADMIN_DATABASE: not a bench database: ${reuse}`);
  const dbName = reuse ?? `bench_admin_${crypto.randomBytes(4).toString("hex")}`;
  if (!reuse) await admin.query(`create database ${dbName}`);
  const pgUrl = Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-admin-"));
  let server;
  try {
    // Migrated by the app's own start-up code, then seeded over one plain connection.
    const migrated = await openDatabase({ databaseUrl: pgUrl, dataDir });
    await migrated.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const seedTimes = {};
    const seedStarted = performance.now();
    try {
      const hash = await hashPassword("bench-pass-123");
      for (const [step, text] of reuse ? [] : seedStatements()) {
        const started = performance.now();
        await client.query(text, text.includes("$1") ? [hash] : []);
        seedTimes[step] = (seedTimes[step] ?? 0) + (performance.now() - started) / 1000;
        console.log(`  admin seed: ${step} ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      await client.end();
    }
    const seedS = reuse ? undefined : (performance.now() - seedStarted) / 1000;
    const counts = await countRows(pgUrl);

    // The admin: a session made the way a sign-in makes it.
    const database = await openDatabase({ databaseUrl: pgUrl, dataDir });
    const { rows } = await database.db.execute("select id from users where is_admin order by id limit 1");
    const cookie = `sid=${await createSession(database.db, rows[0].id)}`;
    await database.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // No background jobs: the figures are the requests' own (nothing else reads the tables meanwhile).
    server = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: pgUrl,
      DATA_DIR: dataDir,
      BACKGROUND_WORKERS: "false",
    });
    await waitReady(base, server);

    const results = [];
    const run = async (name, count, next) => {
      // Warm the plan caches and the pages' buffers first, as a server that has been up a while has them.
      await measure(base, cookie, name, 5, next);
      const r = await measure(base, cookie, name, count, next);
      results.push(r);
      console.log(`  ${r.name}: p50 ${r.p50} ms, p99 ${r.p99} ms (${r.ok} ok, ${r.other} other)`);
      return r;
    };

    for (const range of ["today", "7d", "30d", "90d"]) {
      await run(`GET /api/admin/overview?range=${range}`, REQUESTS, () => `/api/admin/overview?range=${range}`);
    }
    for (const sort of ["newest", "credits", "videos"]) {
      await run(`GET /api/admin/users?sort=${sort} (first page)`, REQUESTS, () => `/api/admin/users?sort=${sort}`);
    }
    for (const sort of ["newest", "credits", "videos"]) {
      // Pages 2 to 51, each by the previous answer's Link header; a walk starts again from page 1 (read, not counted) every 50 pages.
      const first = `/api/admin/users?sort=${sort}`;
      await run(
        `GET /api/admin/users?sort=${sort} (pages 2-${DEEP_PAGES + 1} by Link)`,
        REQUESTS,
        async (i, previous) => {
          const link = i % DEEP_PAGES !== 0 && previous ? nextLink(previous.res) : undefined;
          if (link) return link;
          const res = await fetch(`${base}${first}`, { headers: { cookie } });
          await res.text();
          const second = nextLink(res);
          if (!second) throw new Error(`${first} answered ${res.status} without a Link header`);
          return second;
        },
      );
    }
    for (const [label, q] of [
      ["1 letter", "a"],
      ["3 letters", "ali"],
      ["e-mail domain", "outlook.com"],
    ]) {
      await run(
        `GET /api/admin/users?q=${q} (${label})`,
        REQUESTS,
        () => `/api/admin/users?q=${encodeURIComponent(q)}`,
      );
    }
    for (const filter of ["status=disabled", "role=admin", "apiTokens=with"]) {
      await run(`GET /api/admin/users?${filter}`, REQUESTS, () => `/api/admin/users?${filter}`);
    }

    // The transactions history (decision 0106): its first page, pages by nextCursor, the old
    // numbered pages, and each filter (a rare type, a common one, a user's text, a user, a day).
    const { rows: heavy } = await pgQuery(
      pgUrl,
      "select user_id from video_tasks group by user_id order by count(*) desc limit 1",
    );
    const aDay = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const transactionPages = [
      ["first page", "/api/admin/transactions"],
      ["page=200 (offset 9,950)", "/api/admin/transactions?page=200"],
      ["type=refund", "/api/admin/transactions?type=refund"],
      ["type=adjustment", "/api/admin/transactions?type=adjustment"],
      ["type=usage", "/api/admin/transactions?type=usage"],
      ["user=ali", "/api/admin/transactions?user=ali"],
      ["userId (the busiest user)", `/api/admin/transactions?userId=${heavy[0].user_id}`],
      [`dateFrom=dateTo (one day)`, `/api/admin/transactions?dateFrom=${aDay}&dateTo=${aDay}`],
      ["type=purchase, the last 100 days", `/api/admin/transactions?type=purchase&dateFrom=${aDay}`],
    ];
    for (const [label, url] of transactionPages) {
      await run(`GET /api/admin/transactions ${label}`, REQUESTS, () => url);
    }
    for (const [label, first] of [
      ["", "/api/admin/transactions"],
      [" type=refund", "/api/admin/transactions?type=refund"],
    ]) {
      // Pages 2 to 51, each from the previous answer's nextCursor; a walk starts again from page 1 (read, not counted) every 50 pages.
      const after = (url, body) => {
        const cursor = JSON.parse(body).nextCursor;
        if (!cursor) throw new Error(`${url} gave no nextCursor`);
        return `${first}${first.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
      };
      await run(
        `GET /api/admin/transactions${label} (pages 2-${DEEP_PAGES + 1} by nextCursor)`,
        REQUESTS,
        async (i, previous) => {
          if (i % DEEP_PAGES !== 0 && previous) return after(previous.url, previous.body);
          const res = await fetch(`${base}${first}`, { headers: { cookie } });
          return after(first, await res.text());
        },
      );
    }

    const exports = [];
    for (const url of ["/api/admin/exports/transactions.csv", "/api/admin/exports/users.csv"]) {
      const e = await measureExport(base, cookie, url, server.child.pid);
      exports.push(e);
      console.log(
        `  ${url}: ${e.rows} rows, ${e.mb.toFixed(1)} MB in ${e.seconds.toFixed(1)} s; server ${e.idleMb.toFixed(0)} MB before, peak ${e.peakMb.toFixed(0)} MB`,
      );
    }

    const explains = await explainOverview(root, pgUrl);
    return { results, seedS, seedTimes, counts, explains, exports };
  } finally {
    if (server) await stopServer(server);
    await sleep(100);
    if (keep) console.log(`  admin: database ${dbName} kept (BENCH_ADMIN_DATABASE=${dbName} uses it again)`);
    else await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pgQuery(pgUrl, text) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function countRows(pgUrl) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select
      (select count(*) from users)::int as users,
      (select count(*) from video_tasks)::int as videos,
      (select count(*) from transactions)::int as transactions,
      (select count(*) from payment_orders)::int as orders,
      (select count(*) from api_tokens)::int as tokens,
      (select count(*) from users where not is_active)::int as disabled,
      (select count(*) from users where is_admin)::int as admins`);
    return rows[0];
  } finally {
    await client.end();
  }
}

/** EXPLAIN ANALYZE of each overview statement for 90 days (the widest range): printed, and their times kept for the doc. */
async function explainOverview(root, pgUrl) {
  const { overviewQueries, overviewBounds } = await import(
    path.join(root, "dist/node/server/features/admin/overview-service.js")
  );
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const dialect = new PgDialect();
  const { from, to } = overviewBounds("90d", new Date());
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const times = {};
  try {
    // toVideo and to1080p sort the rows only while a range holds at most 20,000 videos (decision 0106).
    const statements = Object.entries(overviewQueries(from, to)).filter(
      ([name]) => !["toVideo", "to1080p"].includes(name),
    );
    for (const [name, query] of statements) {
      const { sql, params } = dialect.sqlToQuery(query);
      await client.query(sql, params); // warm
      const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      times[name] = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
      if (process.env.BENCH_EXPLAIN) console.log(`\n-- overview ${name} (90d)\n${plan}`);
    }
  } finally {
    await client.end();
  }
  return times;
}

const fixed = (x, digits = 1) => Number(x).toFixed(digits);
const n = (x) => Number(x).toLocaleString("en-US");

/** The section of docs/benchmarks.md, in the style of the others. */
export function adminSection({ results, seedS, counts, explains, exports }, { machine }) {
  const target = (r) =>
    r.name.includes("/overview")
      ? OVERVIEW_TARGET_MS
      : r.name.includes("/transactions")
        ? TRANSACTIONS_TARGET_MS
        : USERS_TARGET_MS;
  return [
    "## Admin at scale (PostgreSQL)",
    "",
    // BENCH_ONLY=admin rewrites this section alone, so it names its own machine and day.
    `Measured on ${new Date().toISOString().slice(0, 10)}: ${machine}; PostgreSQL on the same machine (default settings).`,
    "",
    `${seedS === undefined ? "A database seeded by an earlier run (BENCH_ADMIN_DATABASE)" : `A fresh database seeded in ${fixed(seedS, 0)} s`} with generate_series (triggers off, then users.video_count from one GROUP BY and the overview's daily tables as migrations 0046 and 0049 fill them, then VACUUM ANALYZE): ` +
      `${n(counts.users)} users (${n(counts.disabled)} disabled, ${n(counts.admins)} admins, ${n(counts.tokens)} API tokens), ` +
      `${n(counts.videos)} videos spread evenly over the last 365 days (veo3_fast 50%, veo3_lite 30%, veo3 20%; 6% failed and refunded, 1% of completed refunded, 80% of completed with 1080p), ` +
      `${n(counts.transactions)} transactions (a usage row per video, a refund row per refund, purchases, adjustments) and ${n(counts.orders)} payment orders. ` +
      `One server process (background jobs off), one admin session, ${REQUESTS} requests one after another per line after 5 warm-up requests, from Node's fetch on a kept-alive connection. ` +
      `Users and transactions pages are the default 50 rows; "pages 2-${DEEP_PAGES + 1}" follows each answer's Link header (users) or nextCursor (transactions) from the first page, ${DEEP_PAGES} pages a walk; "page=200" is the numbered page the transactions list still takes. ` +
      `The overview reads its daily tables (decision 0106); its times past 20,000 videos come from their buckets. Latencies in ms, whole request.`,
    "",
    "| request | p50 | p99 | max | target (p99) | met | 2xx | other |",
    "|---|---:|---:|---:|---:|:---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.p50} | ${r.p99} | ${r.max} | < ${target(r)} | ${r.p99 < target(r) ? "yes" : "no"} | ${r.ok} | ${r.other} |`,
    ),
    "",
    `The overview's statements for 90 days, each alone (EXPLAIN ANALYZE execution time, ms; the route runs them at once on separate connections; the times' exact statements, used up to 20,000 videos, left out): ` +
      Object.entries(explains)
        .map(([name, ms]) => `${name} ${fixed(ms)}`)
        .join(", ") +
      ". `BENCH_EXPLAIN=1` prints their plans.",
    "",
    "CSV exports of the same data, downloaded whole by one client (the server's resident memory sampled every 200 ms):",
    "",
    "| export | rows | size | time | rows/s | server memory before | server memory peak |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...exports.map(
      (e) =>
        `| GET ${e.url} | ${n(e.rows)} | ${fixed(e.mb)} MB | ${fixed(e.seconds)} s | ${n(Math.round(e.rows / e.seconds))} | ${fixed(e.idleMb, 0)} MB | ${fixed(e.peakMb, 0)} MB |`,
    ),
    "",
  ];
}
