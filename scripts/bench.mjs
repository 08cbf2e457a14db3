// `npm run bench`: drives the built server with autocannon on the read paths every open page
// polls, on generation (simulator) and on the landing page, once on PostgreSQL and once on
// PGlite, and writes docs/benchmarks.md. Figures only; the targets are issue 9's.
// PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test);
// a fresh database is created next to it and dropped afterwards.
// Video archive (scripts/bench-archive.mjs, PostgreSQL only, in a second fresh database): the
// archive job's copy rate and the server's memory while 20 copies of a 50 MB file run, and Range
// requests on an archived file. BENCH_ONLY=archive runs only that section and rewrites only its
// part of docs/benchmarks.md (it takes about a minute with BENCH_SECONDS=10).
// Webhooks (scripts/bench-webhooks.mjs, on each database in a fresh one): the webhook sender's
// outbox drain rate to a local receiver, and a finished video's time to its webhook with the
// server running. BENCH_ONLY=webhooks runs only that section and rewrites only its part of
// docs/benchmarks.md when both databases ran (about 90 s, plus a build if dist/ is stale).
// Admin at scale (scripts/bench-admin.mjs, PostgreSQL only, in a fresh database): 100,000 users and
// 1,000,000 videos seeded with generate_series, then the admin overview and the users list's pages,
// searches and filters one request at a time. BENCH_ONLY=admin runs only that section and rewrites
// only its part of docs/benchmarks.md (a few minutes, most of it seeding).
// Embedded default beside PostgreSQL (scripts/bench-alternate.mjs): both servers at once, each
// endpoint line BENCH_ROUNDS times (3) on each, alternated. BENCH_ONLY=alternate runs only that
// and rewrites only its section (about 10 minutes with three rounds).
// The polled reads (scripts/bench-polled.mjs): BENCH_ROUNDS rounds on every database, each line
// the median round; on PostgreSQL each read, its limit and the Express peer in turn.
// Linked images (scripts/bench-linked-images.mjs, PostgreSQL only, a fresh database per load):
// the server's memory and its /healthz and static-file latency while video requests with large
// linked images run, from accounts with no credits and from accounts that can pay (issue 66 §3).
// BENCH_ONLY=linked-images runs only that and rewrites only its section (about a minute).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { adminSection, benchAdmin } from "./bench-admin.mjs";
import { archiveSection, benchArchive, cpuSecondsOf } from "./bench-archive.mjs";
import { describeLine, polledAlone, polledBesideLimit } from "./bench-polled.mjs";
import { benchScaling, scalingSection } from "./bench-scaling.mjs";
import { alternatedSection, benchAlternated } from "./bench-alternate.mjs";
import { loadInWorker } from "./bench-load.mjs";
import { idleMemory, sampleMemory } from "./bench-memory.mjs";
import { onServerCores, pinBench } from "./bench-pin.mjs";
import { benchWebhooks, webhooksSection } from "./bench-webhooks.mjs";
import { benchLinkedImages, describeLoad, linkedImagesSection } from "./bench-linked-images.mjs";
import { replaceSection } from "./bench-doc.mjs";
import { build, isBuildFresh } from "./build.mjs";
import { onSupportedNode } from "./supported-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => path.join(root, "dist/node/server", p);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const HEAVY_USERS = 20;
const LIGHT_USERS = 200;
const ROWS_PER_HEAVY_USER = 150;

// On an older Node the bench runs again on the registry's Node 24 (decision 0125).
await onSupportedNode();
if (!isBuildFresh()) await build();
const { openDatabase } = await import(dist("db/connect.js"));
const schema = await import(dist("db/schema.js"));
const { hashPassword } = await import(dist("features/auth/passwords.js"));
const { createSession } = await import(dist("identity/sessions.js"));
const { DEFAULT_ARCHIVER_OPTIONS } = await import(dist("jobs/video-archiver.js"));
const { createSecretBox } = await import(dist("lib/secret-box.js"));
const { webToken, webTokenKey } = await import(dist("http/web-app-token.js"));

// The server runs with this key so the bench can make the web app's token for each session: a
// session-cookie generation is charged the web price only with it (decision 0065).
const SECRETS_KEY = crypto.randomBytes(32).toString("hex");
const WEB_TOKEN_KEY = webTokenKey(createSecretBox(SECRETS_KEY));
/** What every benched server runs with: quick simulated videos, and the key the web app's tokens need. */
const SERVER_ENV = { SIMULATOR_DELAY_MS: "1000", SECRETS_KEY };
/** Issue 43 §1: the embedded default at least this share of the PostgreSQL mode's rate on every line. */
const THROUGHPUT_GOAL = 0.8;
/** What the web app's fetch adds to a state-changing call of the session `sessionToken`. */
const webAppHeaders = (sessionToken) => ({
  "sec-fetch-site": "same-origin",
  "x-csrf-token": webToken(WEB_TOKEN_KEY, sessionToken),
});

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Users with 150 tasks and 150 transactions each (heavy), and many with only credits (light). */
async function seed(database, lightUsers = LIGHT_USERS) {
  const { db } = database;
  const password = await hashPassword("bench-pass-123");
  const now = Date.now();
  const heavy = [];
  const light = [];
  for (let i = 0; i < HEAVY_USERS + lightUsers; i++) {
    const isHeavy = i < HEAVY_USERS;
    // The generation line measures starting videos, not the cap of 5 in flight per person (decision
    // 0093): at 145/s over 200 people each would pass it within seconds and be answered 429.
    const [user] = await db
      .insert(schema.users)
      .values({
        username: `bench_${i}`,
        password,
        credits: isHeavy ? 100_000 - ROWS_PER_HEAVY_USER : 100_000,
        maxVideosInFlight: 1000,
      })
      .returning();
    await db
      .insert(schema.transactions)
      .values({ userId: user.id, type: "adjustment", amount: 100_000, description: "bench credits" });
    const sessionToken = await createSession(db, user.id);
    // What a signed-in browser sends: the session and the web app's token, which the server
    // would otherwise set again on every current-user read.
    const cookie = `sid=${sessionToken}; csrf=${webToken(WEB_TOKEN_KEY, sessionToken)}`;
    if (!isHeavy) {
      light.push({ cookie, webApp: webAppHeaders(sessionToken) });
      continue;
    }
    const tasks = Array.from({ length: ROWS_PER_HEAVY_USER }, (_, n) => ({
      userId: user.id,
      taskId: `bench_${i}_${n}_${crypto.randomBytes(4).toString("hex")}`,
      prompt: `A seeded benchmark video number ${n}: a calm lake at dawn, mist over the water`,
      model: "veo3_fast",
      aspectRatio: "16:9",
      status: "completed",
      resultUrls: [`https://example.invalid/${i}/${n}.mp4`],
      hdVideoUrl: `https://example.invalid/${i}/${n}-1080p.mp4`,
      hdStatus: "ready",
      createdAt: new Date(now - n * 60 * 60_000),
      completedAt: new Date(now - n * 60 * 60_000 + 60_000),
    }));
    const rows = await db
      .insert(schema.videoTasks)
      .values(tasks)
      .returning({ id: schema.videoTasks.id, taskId: schema.videoTasks.taskId });
    await db.insert(schema.transactions).values(
      rows.map((t, n) => ({
        userId: user.id,
        type: "usage",
        amount: -1,
        description: "Video generation (veo3_fast)",
        videoTaskId: t.id,
        kieTaskId: t.taskId,
        createdAt: new Date(now - n * 60 * 60_000),
      })),
    );
    heavy.push({ id: user.id, cookie, taskIds: rows.map((r) => r.taskId) });
  }
  // The seeded videos' links (example.invalid) cannot be copied: without this the archive job
  // (decision 0043) spends the whole run retrying 6,000 doomed copies, and the server's shutdown
  // waits for its pass to end. Videos finished by the generation run are still queued and copied.
  await db.delete(schema.videoFiles);
  return { heavy, light };
}

// Profiling: BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server run there (open it in
// Chrome DevTools); BENCH_ONLY=<substring> runs only the endpoints whose name contains it
// (BENCH_ONLY=archive: only the video archive section; BENCH_ONLY=webhooks: only the webhooks one;
// BENCH_ONLY=endpoints: the endpoint lines on the three databases; BENCH_ONLY=scaling: several processes;
// BENCH_ONLY=alternate: the embedded default and PostgreSQL, each line BENCH_ROUNDS times, alternated;
// BENCH_ONLY=linked-images: the linked images section);
// BENCH_DATABASES=PostgreSQL (or PGlite) runs one of the two.
const ONLY = process.env.BENCH_ONLY;
/** BENCH_ONLY=archive: only the video archive section (no endpoint matches "archive" anyway). */
const ARCHIVE_ONLY = ONLY === "archive";
/** BENCH_ONLY=webhooks: only the webhooks section (no endpoint matches "webhooks" either). */
const WEBHOOKS_ONLY = ONLY === "webhooks";
/** BENCH_ONLY=admin: only the admin at scale section. */
const ADMIN_ONLY = ONLY === "admin";
/** BENCH_ONLY=endpoints: only the endpoint lines on the three databases, and the goals they meet. */
const ENDPOINTS_ONLY = ONLY === "endpoints";
/** BENCH_ONLY=scaling: only the several-processes section. */
const SCALING_ONLY = ONLY === "scaling";
/** BENCH_ONLY=alternate: the embedded default beside PostgreSQL, each line BENCH_ROUNDS times, alternated. */
const ALTERNATE_ONLY = ONLY === "alternate";
/** BENCH_ONLY=linked-images: only the linked images section. */
const LINKED_ONLY = ONLY === "linked-images";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The server on PostgreSQL, on its embedded default (a PostgreSQL it starts), and on PGlite. */
const ALL_DATABASES = ["PostgreSQL", "Embedded PostgreSQL", "PGlite"];
const DATABASES = (process.env.BENCH_DATABASES ?? ALL_DATABASES.join(",")).split(",");
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

function startServer(env) {
  const args = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`, dist("main.js")] : [dist("main.js")];
  const [command, commandArgs] = onServerCores(process.execPath, args);
  const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  return { child, stderr: () => stderr };
}

/** SIGTERM, then SIGKILL if the server has not exited within 30 s (said on the console). */
async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => {
    console.warn(`The server did not exit within 30 s of SIGTERM: killed. ${server.stderr().slice(-2000)}`);
    server.child.kill("SIGKILL");
  }, 30_000);
  await exited;
  clearTimeout(timer);
}

async function waitReady(base, server) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

/**
 * Lighthouse (the npm package, driving Debian's Chromium) on the landing page of an idle server:
 * its default mobile profile (simulated slow 4G and a 4x slower CPU). Scores 0-100. Scores vary
 * from run to run, so it runs LIGHTHOUSE_RUNS times and reports the median run, as Lighthouse's
 * own documentation advises.
 */
const LIGHTHOUSE_RUNS = 3;
function lighthouseMedian(url) {
  const runs = Array.from({ length: LIGHTHOUSE_RUNS }, () => lighthouse(url)).sort(
    (a, b) => a.performance - b.performance,
  );
  return { ...runs[Math.floor(runs.length / 2)], runs: runs.map((r) => r.performance) };
}

function lighthouse(url) {
  const out = path.join(os.tmpdir(), `veo-lighthouse-${process.pid}.json`);
  const result = spawnSync(
    path.join(root, "node_modules/.bin/lighthouse"),
    [
      url,
      "--quiet",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${out}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: ["ignore", "ignore", "pipe"],
      timeout: 180_000,
    },
  );
  if (result.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed: ${result.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(out, { force: true });
  const audit = (id) => report.audits[id]?.displayValue ?? "n/a";
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
  };
}

/** The limit's CPU per answer over the product's (1: as cheap as the limit); "n/a" when either is unmeasured. */
const cpuRatio = (line, limit) => (line?.cpuUs && limit.cpuUs ? (limit.cpuUs / line.cpuUs).toFixed(2) : "n/a");

/** This process's CPU time (user and system) since `before`, a `process.cpuUsage()`, in µs. */
function cpuMicrosSince(before) {
  const { user, system } = process.cpuUsage(before);
  return user + system;
}

/** Does this run measure the line `name` (BENCH_ONLY)? */
const selected = (name) => !ONLY || ENDPOINTS_ONLY || ALTERNATE_ONLY || name.includes(ONLY);

/**
 * One line: autocannon against `base`, in a worker thread of its own (scripts/bench-load.mjs),
 * sending `requests(0)`, `requests(1)`, ... With the server's `pid` (Linux), also the server
 * process's CPU time (user + system) per answer, a figure a busy neighbour on the machine moves
 * less than the rate. Also the answers' mean size, headers included (`bytes`), and this process's
 * own CPU per answer (`clientUs`, the worker's included): the load generator's cost, which can
 * bound a line of large answers.
 */
async function run(base, name, requests, pid) {
  if (!selected(name)) return undefined;
  const cpuBefore = pid && process.platform === "linux" ? cpuSecondsOf(pid) : undefined;
  const clientBefore = process.cpuUsage();
  const r = await loadInWorker({ url: base, connections: CONNECTIONS, duration: DURATION_S, request: requests });
  const { answers, bytes, ...line } = r;
  return {
    name,
    ...line,
    bytes: answers ? Math.round(bytes / answers) : 0,
    clientUs: answers ? Math.round(cpuMicrosSince(clientBefore) / answers) : 0,
    cpuUs: cpuBefore === undefined ? undefined : Math.round(((cpuSecondsOf(pid) - cpuBefore) * 1e6) / answers),
  };
}

/**
 * The endpoint lines for one seeded server, in the order they run: the reads a page polls (when
 * its live updates are off), each also measured against its limit, then the others. `light` are
 * the users who generate (a round of the alternated run takes fresh ones: 30 videos a minute each).
 */
function endpointLines(users, html, light = users.light) {
  const heavy = (i) => users.heavy[i % users.heavy.length];
  const lightUser = (i) => light[i % light.length];
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const polled = [
    {
      name: "GET /api/video-tasks?days=14",
      prefix: "/api/video-tasks",
      request: (i) => ({ method: "GET", path: "/api/video-tasks?days=14", headers: { cookie: heavy(i).cookie } }),
    },
    {
      name: "GET /api/video-status/{taskId}",
      prefix: "/api/video-status/",
      request: (i) => {
        const u = heavy(i);
        return {
          method: "GET",
          path: `/api/video-status/${u.taskIds[i % u.taskIds.length]}`,
          headers: { cookie: u.cookie },
        };
      },
    },
    {
      name: "GET /api/auth/current-user",
      prefix: "/api/auth/current-user",
      request: (i) => ({ method: "GET", path: "/api/auth/current-user", headers: { cookie: heavy(i).cookie } }),
    },
  ];
  const others = [
    {
      name: "GET /api/transactions?page=1",
      request: (i) => ({ method: "GET", path: "/api/transactions?page=1", headers: { cookie: heavy(i).cookie } }),
    },
    {
      name: "POST /api/generate-video (simulator)",
      generates: true,
      request: (i) => ({
        method: "POST",
        path: "/api/generate-video",
        // What the web app's fetch sends (decision 0065): fetch metadata and the session's token.
        headers: { cookie: lightUser(i).cookie, "content-type": "application/json", ...lightUser(i).webApp },
        body: JSON.stringify({ prompt: `bench video ${i}`, model: "veo3_fast", aspectRatio: "16:9" }),
      }),
    },
    { name: "GET / (landing HTML)", request: () => ({ method: "GET", path: "/" }) },
  ];
  if (asset)
    others.push({
      name: `GET ${asset.replace(/-[\w-]+\.js$/, "-*.js")}`,
      request: () => ({ method: "GET", path: asset }),
    });
  return { polled, others };
}

async function bench(label, env, database) {
  const users = await seed(database);
  await database.close();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...SERVER_ENV,
    ...env,
  });
  try {
    await waitReady(base, server);
    // Idle: after the start-up's work has settled (the embedded database's own processes included).
    await new Promise((r) => setTimeout(r, 5000));
    const idleMb = await idleMemory(server.child.pid, env.DATABASE_URL ? undefined : env.DATA_DIR);
    const sampler = sampleMemory(server.child.pid, env.DATABASE_URL ? undefined : env.DATA_DIR);
    // Lighthouse first, on the idle server (PostgreSQL run only: the page is the same).
    const pageScores = label === "PostgreSQL" && !ONLY ? lighthouseMedian(`${base}/`) : undefined;
    const html = await (await fetch(`${base}/`)).text();
    const { polled, others } = endpointLines(users, html);
    const results = [];
    let limits;
    let peers;
    // The limit and the peer are the same whatever the database: measured beside PostgreSQL's run,
    // before the generation line (after it, its background jobs still finish those videos and take
    // CPU from the other processes: a full run once measured a third of a quiet limit).
    if (label === "PostgreSQL") {
      const reads = polled.filter((read) => selected(read.name));
      const beside = await polledBesideLimit({
        base,
        pid: server.child.pid,
        reads,
        peerReadsFor: (peerHeavy) =>
          endpointLines({ heavy: peerHeavy, light: [] }, "").polled.filter((read) => selected(read.name)),
        databaseUrl: env.DATABASE_URL,
        heavyUsers: users.heavy,
        rounds: ROUNDS,
        run,
      });
      ({ limits, peers } = beside);
      results.push(...beside.results);
    } else {
      results.push(...(await polledAlone({ base, pid: server.child.pid, reads: polled, rounds: ROUNDS, run })));
    }
    for (const line of others) {
      const measured = await run(base, line.name, line.request, server.child.pid);
      if (measured) console.log(`  ${describeLine(measured)}`);
      results.push(measured);
    }
    const memory = { ...sampler.stop(), idleMb };
    // A line whose every answer is an error measures the error page, not the route: stop rather
    // than record it (the generation line measured 403s unnoticed after decision 0065).
    const broken = [...results, ...(peers ?? []).map((r) => ({ ...r, name: `${r.name} (peer)` }))].filter(
      (r) => r && r.ok === 0,
    );
    if (broken.length) throw new Error(`no 2xx answers on ${broken.map((r) => r.name).join(", ")}`);
    return { label, results: results.filter(Boolean), memory, pageScores, limits, peers };
  } finally {
    await stopServer(server);
  }
}

/** After the generation run: no balance below zero, every balance equal to its ledger. */
async function ledgerCheck(database) {
  const { rows } = await database.db.execute(
    "select count(*) filter (where u.credits < 0)::int as negative, count(*) filter (where u.credits <> coalesce(l.sum, 0))::int as drifted from users u left join (select user_id, sum(amount)::int as sum from transactions group by user_id) l on l.user_id = u.id",
  );
  return rows[0];
}

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = `bench_${crypto.randomBytes(4).toString("hex")}`;
pinBench();
const admin = new pg.Client({ connectionString: pgBase });
await admin.connect();
await admin.query(`create database ${dbName}`);
const pgUrl = Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString();
const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-"));
const embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-embedded-"));
const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-pg-"));
const runs = [];
let archive;
const webhookRuns = [];
let adminRun;
let scalingRun;
let alternateRun;
let linkedRun;
/** Each database mode's server environment, in ALL_DATABASES's order. */
const MODES = [
  ["PostgreSQL", { DATABASE_URL: pgUrl, DATA_DIR: pgDataDir }],
  ["Embedded PostgreSQL", { DATA_DIR: embeddedDir }],
  ["PGlite", { DATA_DIR: pgliteDir, EMBEDDED_DATABASE: "pglite" }],
];
/** The bench's own connection to a mode's database, as the server with `env` opens it. */
const openMode = (env) =>
  openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, embeddedDatabase: env.EMBEDDED_DATABASE });
try {
  for (const [label, env] of MODES.filter(
    ([label]) =>
      DATABASES.includes(label) &&
      !ARCHIVE_ONLY &&
      !WEBHOOKS_ONLY &&
      !ADMIN_ONLY &&
      !SCALING_ONLY &&
      !ALTERNATE_ONLY &&
      !LINKED_ONLY,
  )) {
    const result = await bench(label, env, await openMode(env));
    const database = await openMode(env);
    result.ledger = await ledgerCheck(database);
    await database.close();
    runs.push(result);
    console.log(
      `\n${label}: server peak ${result.memory.peakMb} MB, now ${result.memory.rssMb} MB; with its database idle ${result.memory.idleMb} MB, peak ${result.memory.peakTotalMb} MB; balances below zero ${result.ledger.negative}, drifted ${result.ledger.drifted}`,
    );
    console.table(result.results);
    if (result.limits)
      console.table(
        result.limits.map((limit) => {
          const line = result.results.find((x) => x.name === limit.name);
          const peer = result.peers?.find((x) => x.name === limit.name);
          return {
            name: limit.name,
            rps: line?.rps,
            limit: limit.rps,
            ratio: limit.ratio.toFixed(2),
            peer: peer?.rps,
            timesPeer: peer?.timesPeer.toFixed(1),
            cpuUs: line?.cpuUs,
            limitCpuUs: limit.cpuUs,
            cpuRatio: cpuRatio(line, limit),
          };
        }),
      );
  }
  if (DATABASES.includes("PostgreSQL") && (!ONLY || ARCHIVE_ONLY)) {
    archive = await benchArchive({
      root,
      admin,
      pgBase,
      openDatabase,
      schema,
      hashPassword,
      createSession,
      startServer,
      stopServer,
      waitReady,
      freePort,
      durationS: DURATION_S,
      connections: CONNECTIONS,
    });
    console.log("\nVideo archive (PostgreSQL):");
    const { memory, ...copies } = archive.archive;
    console.table({ ...copies, ...Object.fromEntries(Object.entries(memory).map(([k, v]) => [`memory ${k}`, v])) });
    console.table([archive.range]);
  }
  if (!ONLY || WEBHOOKS_ONLY) {
    for (const label of ["PostgreSQL", "PGlite"].filter((l) => DATABASES.includes(l))) {
      const result = await benchWebhooks(label, {
        root,
        secretsKey: SECRETS_KEY,
        webAppHeaders,
        admin,
        pgBase,
        openDatabase,
        schema,
        hashPassword,
        createSession,
        startServer,
        stopServer,
        waitReady,
        freePort,
      });
      webhookRuns.push(result);
      console.log(`\nWebhooks (${label}):`);
      console.table({ "drain, answer at once": result.drain.fast, "drain, answer after 50 ms": result.drain.slow });
      console.table({ "completion to arrival (ms)": result.latency });
      console.table({ "another person's delivery, a stuck endpoint (ms)": result.stuck });
    }
  }
  if (DATABASES.includes("PostgreSQL") && (!ONLY || SCALING_ONLY)) {
    console.log("\nSeveral processes on one PostgreSQL:");
    scalingRun = await benchScaling({
      admin,
      pgBase,
      dbName: `bench_scaling_${crypto.randomBytes(4).toString("hex")}`,
      openDatabase,
      seed,
      startServer,
      stopServer,
      waitReady,
      freePort,
      env: SERVER_ENV,
      durationS: DURATION_S,
    });
    console.table(scalingRun.results);
    console.log(scalingRun.perVideo);
  }
  if (ALTERNATE_ONLY) {
    console.log(`\nThe embedded default beside PostgreSQL, ${ROUNDS} rounds alternated:`);
    alternateRun = await benchAlternated({
      modes: MODES.filter(([label]) => label !== "PGlite"),
      rounds: ROUNDS,
      lightUsers: LIGHT_USERS,
      openDatabase: openMode,
      seed,
      endpointLines,
      run,
      startServer,
      stopServer,
      waitReady,
      freePort,
      env: SERVER_ENV,
    });
  }
  if (DATABASES.includes("PostgreSQL") && (!ONLY || LINKED_ONLY)) {
    console.log("\nLinked images (PostgreSQL):");
    linkedRun = await benchLinkedImages({
      admin,
      pgBase,
      openDatabase,
      schema,
      hashPassword,
      createSession,
      webAppHeaders,
      startServer,
      stopServer,
      waitReady,
      freePort,
      env: SERVER_ENV,
    });
    for (const load of linkedRun.loads) console.log(describeLoad(load));
  }
  if (DATABASES.includes("PostgreSQL") && (!ONLY || ADMIN_ONLY)) {
    console.log("\nAdmin at scale (PostgreSQL):");
    adminRun = await benchAdmin({
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
    });
    console.table(adminRun.results);
    console.table(adminRun.explains);
  }
} finally {
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(pgliteDir, { recursive: true, force: true });
  fs.rmSync(embeddedDir, { recursive: true, force: true });
  fs.rmSync(pgDataDir, { recursive: true, force: true });
}

const cpu = os.cpus();
const machine = `${cpu.length} × ${cpu[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const lines = [
  "# Benchmarks",
  "",
  "Written by `npm run bench` (scripts/bench.mjs). Do not edit the figures by hand.",
  "",
  `Machine: ${machine}; PostgreSQL on the same machine.`,
  "",
  `Method: one server process (\`node dist/node/server/main.js\`, background workers on, simulator 1 s, LOG_LEVEL=warn: no line per request), ` +
    `${HEAVY_USERS} users with ${ROWS_PER_HEAVY_USER} videos and ${ROWS_PER_HEAVY_USER + 1} transactions each and ${LIGHT_USERS} users with credits only, ` +
    `autocannon with ${CONNECTIONS} connections for ${DURATION_S} s per endpoint, requests spread over the users' sessions; ` +
    `the three polled reads run ${ROUNDS} rounds in turn, and each of their lines is the round of median rate. ` +
    "Latencies in ms. Memory is the server's resident set (peak over the whole run, and at the end); " +
    "with its database, the embedded PostgreSQL's processes are added by their proportional set size " +
    "(they share one buffer cache), idle being the median of 5 samples 5 s after the server is ready.",
  "",
];
/** Each database's lines and memory, as a section of its own. */
function databaseSection(r) {
  const section = [
    `## ${r.label}`,
    "",
    "| endpoint | requests/s | p50 | p99 | 2xx | other |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const x of r.results) section.push(`| ${x.name} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.ok} | ${x.other} |`);
  section.push(
    "",
    `Server memory: peak ${r.memory.peakMb} MB, ${r.memory.rssMb} MB after the runs; with its database (${r.label === "PostgreSQL" ? "none: a server of its own" : r.label === "PGlite" ? "in the server's process" : `${r.memory.databaseMb} MB after the runs`}): idle ${r.memory.idleMb} MB, peak ${r.memory.peakTotalMb} MB. Ledger after the generation run: ${r.ledger.negative} balances below zero, ${r.ledger.drifted} differing from their transactions.`,
    "",
  );
  return section;
}
const databaseSections = runs.map(databaseSection);
/** Issue 43 §5: each polled read against a bare node:http server answering its bytes from memory. */
function limitSection(measured) {
  const pgRun = measured.find((r) => r.label === "PostgreSQL");
  if (!pgRun?.limits) return [];
  const section = [
    "## Polled reads against their limit (issue 43 §5)",
    "",
    "The limit: a bare `node:http` server in a process of its own answering, from memory, the bytes the product answered for the read, under the same load (autocannon, same connections and time). " +
      "The peer: the same reads as a typical Express 5 app writes them (scripts/bench-peer-server.mjs), with express-session keeping its sessions in the same PostgreSQL through connect-pg-simple's defaults and pg querying the seeded tables, in a process of its own. " +
      `Each read, its limit and the peer run one after another, ${ROUNDS} rounds (BENCH_ROUNDS); each figure is the median of the rounds, each ratio the median of the rounds' ratios. ` +
      "Goal: each read at least 0.6 of its limit and 10 times the peer. " +
      "CPU per answer: the server process's user and system time over the line divided by its answers; its ratio (the limit's over the product's) moves less than the rates' when a neighbour on the machine is busy.",
    "",
    "| read | PostgreSQL mode, requests/s | limit, requests/s | ratio | peer, requests/s | × peer | CPU µs per answer, product / limit | CPU ratio |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const limit of pgRun.limits) {
    const line = pgRun.results.find((x) => x.name === limit.name);
    const peer = pgRun.peers?.find((x) => x.name === limit.name);
    if (line)
      section.push(
        `| ${limit.name} | ${line.rps} | ${limit.rps} | ${limit.ratio.toFixed(2)} | ${peer?.rps ?? "n/a"} | ${peer ? peer.timesPeer.toFixed(1) : "n/a"} | ${line.cpuUs ?? "n/a"} / ${limit.cpuUs ?? "n/a"} | ${cpuRatio(line, limit)} |`,
      );
  }
  section.push("");
  return section;
}
const limitLines = limitSection(runs);
for (const section of databaseSections) lines.push(...section);
const goalLines = embeddedGoals(runs);
const archiveLines = archive
  ? archiveSection(archive, {
      concurrency: DEFAULT_ARCHIVER_OPTIONS.concurrency,
      intervalMs: DEFAULT_ARCHIVER_OPTIONS.intervalMs,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      machine,
    })
  : [];
lines.push(...archiveLines);
const webhookLines = webhookRuns.length > 0 ? webhooksSection(webhookRuns, { machine }) : [];
lines.push(...webhookLines);
const adminLines = adminRun ? adminSection(adminRun, { machine }) : [];
lines.push(...adminLines);
const linkedLines = linkedRun ? linkedImagesSection(linkedRun, { machine }) : [];
lines.push(...linkedLines);
const scalingLines = scalingRun ? scalingSection(scalingRun, { machine }) : [];
lines.push(...scalingLines);
const alternateLines = alternateRun
  ? alternatedSection(alternateRun, { machine, durationS: DURATION_S, connections: CONNECTIONS, goal: THROUGHPUT_GOAL })
  : [];
/** Issue 9's targets, for one process on PostgreSQL on this 2-core machine. */
const pgRun = runs.find((r) => r.label === "PostgreSQL");
const scores = pgRun?.pageScores;
if (scores) {
  lines.push(
    "## Landing page (Lighthouse)",
    "",
    `Lighthouse 12 (npm package) with Debian's Chromium, default mobile profile (simulated slow 4G, 4x CPU slowdown), on the idle built server; the median of ${LIGHTHOUSE_RUNS} runs (performance scores of the runs: ${scores.runs.join(", ")}).`,
    "",
    "| performance | accessibility | first contentful paint | largest contentful paint | total blocking time | layout shift |",
    "|---:|---:|---:|---:|---:|---:|",
    `| ${scores.performance} | ${scores.accessibility} | ${scores.fcp} | ${scores.lcp} | ${scores.tbt} | ${scores.cls} |`,
    "",
  );
}
if (pgRun) {
  const byName = (prefix) => pgRun.results.find((x) => x.name.startsWith(prefix));
  const targets = [
    [
      "Task list poll: 1,500 requests/s, p99 < 50 ms",
      (x) => x.rps >= 1500 && x.p99 < 50,
      byName("GET /api/video-tasks"),
    ],
    ["current-user: 4,000 requests/s", (x) => x.rps >= 4000, byName("GET /api/auth/current-user")],
    ["video-status: 4,000 requests/s", (x) => x.rps >= 4000, byName("GET /api/video-status")],
    [
      "Generation: 300 videos/s accepted, none overspent",
      (x) => x.rps >= 300 && pgRun.ledger.negative === 0 && pgRun.ledger.drifted === 0,
      byName("POST /api/generate-video"),
    ],
  ];
  lines.push("## Targets (PostgreSQL)", "", "| target | measured | met |", "|---|---|:---:|");
  for (const [text, ok, x] of targets)
    lines.push(`| ${text} | ${x ? `${x.rps}/s, p99 ${x.p99} ms` : "n/a"} | ${x && ok(x) ? "yes" : "no"} |`);
  lines.push(
    `| Under 200 MB resident after the runs | ${pgRun.memory.rssMb} MB | ${pgRun.memory.rssMb < 200 ? "yes" : "no"} |`,
  );
  if (scores) {
    lines.push(
      `| Landing page: Lighthouse performance >= 90 | ${scores.performance} | ${scores.performance >= 90 ? "yes" : "no"} |`,
    );
    lines.push(
      `| Landing page: Lighthouse accessibility >= 95 | ${scores.accessibility} | ${scores.accessibility >= 95 ? "yes" : "no"} |`,
    );
  }
  lines.push("");
}
lines.push(...goalLines);
lines.push(...limitLines);
lines.push(
  "Generation answers 429 once a user passes 30 videos a minute (the per-user limit), so 'other' on that line counts refusals, not failures.",
  "",
);
// A partial run (BENCH_ONLY, one database) only prints, except BENCH_ONLY=archive, which replaces
// the Video archive section, and BENCH_ONLY=webhooks on both databases, which replaces the
// Webhooks section; either leaves the rest of the doc as it is. The hand-written part of the doc (the
// profile findings and before/after figures) follows NOTES_MARKER and is kept as it is.
const NOTES_MARKER = "<!-- Hand-written below: kept by npm run bench -->";
const docPath = path.join(root, "docs/benchmarks.md");
if (ARCHIVE_ONLY && archive && fs.existsSync(docPath)) {
  fs.writeFileSync(docPath, replaceSection(fs.readFileSync(docPath, "utf8"), archiveLines));
  console.log("\nWrote the Video archive section of docs/benchmarks.md");
} else if (WEBHOOKS_ONLY && webhookRuns.length === 2 && fs.existsSync(docPath)) {
  fs.writeFileSync(docPath, replaceSection(fs.readFileSync(docPath, "utf8"), webhookLines));
  console.log("\nWrote the Webhooks section of docs/benchmarks.md");
} else if (ENDPOINTS_ONLY && runs.length === ALL_DATABASES.length && fs.existsSync(docPath)) {
  let doc = fs.readFileSync(docPath, "utf8");
  for (const section of [...databaseSections, goalLines, limitLines].filter((x) => x.length > 0))
    doc = replaceSection(doc, section);
  fs.writeFileSync(docPath, doc);
  console.log("\nWrote the databases' sections of docs/benchmarks.md");
} else if (ALTERNATE_ONLY && alternateRun && fs.existsSync(docPath)) {
  console.log(alternateLines.join("\n"));
  fs.writeFileSync(docPath, replaceSection(fs.readFileSync(docPath, "utf8"), alternateLines));
  console.log("\nWrote the alternated section of docs/benchmarks.md");
} else if (SCALING_ONLY && scalingRun && fs.existsSync(docPath)) {
  fs.writeFileSync(docPath, replaceSection(fs.readFileSync(docPath, "utf8"), scalingLines));
  console.log("\nWrote the Several processes section of docs/benchmarks.md");
} else if (LINKED_ONLY && linkedRun && fs.existsSync(docPath)) {
  fs.writeFileSync(docPath, replaceSection(fs.readFileSync(docPath, "utf8"), linkedLines));
  console.log("\nWrote the Linked images section of docs/benchmarks.md");
} else if (ADMIN_ONLY && adminRun && fs.existsSync(docPath)) {
  fs.writeFileSync(docPath, replaceSection(fs.readFileSync(docPath, "utf8"), adminLines));
  console.log("\nWrote the Admin at scale section of docs/benchmarks.md");
} else if (ONLY || DATABASES.length < ALL_DATABASES.length) {
  console.log("\nPartial run: docs/benchmarks.md left as it is.");
} else {
  const previous = fs.existsSync(docPath) ? fs.readFileSync(docPath, "utf8") : "";
  const cut = previous.indexOf(NOTES_MARKER);
  const notes = cut >= 0 ? previous.slice(cut) : `${NOTES_MARKER}\n`;
  fs.writeFileSync(docPath, `${lines.join("\n")}\n${notes}`);
  console.log("\nWrote docs/benchmarks.md");
}

/** Issue 43 §1: the embedded default beside the PostgreSQL mode, in memory and on every line. */
function embeddedGoals(measured) {
  const pgRun = measured.find((r) => r.label === "PostgreSQL");
  const embedded = measured.find((r) => r.label === "Embedded PostgreSQL");
  if (!pgRun || !embedded) return [];
  const out = [
    "## Embedded default against the goals (issue 43)",
    "",
    "| goal | measured | met |",
    "|---|---|:---:|",
    `| Idle, server and its database: at most 250 MB | ${embedded.memory.idleMb} MB | ${embedded.memory.idleMb <= 250 ? "yes" : "no"} |`,
    `| Peak under the bench: at most 400 MB | ${embedded.memory.peakTotalMb} MB | ${embedded.memory.peakTotalMb <= 400 ? "yes" : "no"} |`,
  ];
  for (const line of embedded.results) {
    const base = pgRun.results.find((x) => x.name === line.name);
    if (!base) continue;
    const ratio = line.rps / base.rps;
    out.push(
      `| ${line.name}: at least ${THROUGHPUT_GOAL} of PostgreSQL's | ${line.rps}/s, ${ratio.toFixed(2)} of ${base.rps}/s | ${ratio >= THROUGHPUT_GOAL ? "yes" : "no"} |`,
    );
  }
  out.push(
    "",
    "The throughput lines compare one run of each mode, minutes apart, where the machine's other load moves one mode's rate and not the other's. The verdict on throughput is the median of alternated rounds with both servers at once (decision 0105): the section \"Embedded default beside PostgreSQL, alternated\" below.",
    "",
  );
  return out;
}
