// The "Video archive" part of `npm run bench` (scripts/bench.mjs calls it; decision 0043), on
// PostgreSQL: how fast the archive job copies finished videos into the video store, what the
// server's memory does meanwhile, and how fast an archived file is served in Range slices.
// Figures only. Everything it makes (its own database, a DATA_DIR, the origin and the server) is
// removed before it returns.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";

export const ARCHIVE_FILES = 20;
const MB = 2 ** 20;
export const ARCHIVE_FILE_MB = 50;
const RANGE = { start: 1_000_000, end: 1_999_999 };
const SAMPLE_MS = 200;
const COPY_TIMEOUT_MS = 10 * 60_000;

/** Resident set (VmRSS) of a process, in bytes (Linux). */
export function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** CPU seconds (user + system) a process has used so far (Linux). */
export function cpuSecondsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // After "pid (comm) ": state is field 0, utime field 11, stime field 12 (proc(5) fields 14 and 15).
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Samples a process's resident set every SAMPLE_MS until stopped. */
export function rssSampler(pid) {
  const samples = [];
  const take = () => {
    try {
      samples.push(rssOf(pid));
    } catch {
      // the process is gone
    }
  };
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => Math.round(bytes / MB);

/** A real clip from the simulator, padded with random bytes to ARCHIVE_FILE_MB (an MP4 by its signature). */
function videoBytes(root) {
  const clipDir = path.join(root, "src/server/simulator/clips");
  const clip = fs.readFileSync(
    path.join(
      clipDir,
      fs
        .readdirSync(clipDir)
        .filter((f) => f.endsWith(".mp4"))
        .sort()[0],
    ),
  );
  const bytes = Buffer.alloc(ARCHIVE_FILE_MB * MB);
  clip.copy(bytes);
  crypto.randomFillSync(bytes, clip.length);
  if (bytes.toString("latin1", 4, 8) !== "ftyp") throw new Error("the clip is not an MP4 (no ftyp box)");
  return bytes;
}

/** The provider's file store, on loopback: every GET of /clip.mp4 answers the same file. */
function startOrigin(bytes) {
  const copies = [];
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || !req.url.startsWith("/clip.mp4")) {
      res.writeHead(404).end();
      return;
    }
    const copy = { startedAt: performance.now(), finishedAt: undefined };
    copies.push(copy);
    res.writeHead(200, { "content-type": "video/mp4", "content-length": String(bytes.length) });
    res.end(bytes, () => (copy.finishedAt = performance.now()));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        copies,
        close: () => new Promise((r) => server.close(r)),
      }),
    );
  });
}

/**
 * deps: what bench.mjs already has (the admin connection and base URL of PostgreSQL, the built
 * server's modules, its server start-up helpers) and the load settings (seconds, connections).
 */
export async function benchArchive(deps) {
  const {
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
    durationS,
    connections,
  } = deps;
  const dbName = `bench_archive_${crypto.randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${dbName}`);
  const pgUrl = Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-archive-"));
  const bytes = videoBytes(root);
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const origin = await startOrigin(bytes);
  let database;
  let server;
  try {
    // A database of its own: no other queued copies, tasks or users.
    database = await openDatabase({ databaseUrl: pgUrl, dataDir });
    const { db } = database;
    const [user] = await db
      .insert(schema.users)
      .values({ username: "bench_archive", password: await hashPassword("bench-pass-123"), credits: 100_000 })
      .returning();
    await db
      .insert(schema.transactions)
      .values({ userId: user.id, type: "adjustment", amount: 100_000, description: "bench credits" });
    const cookie = `sid=${await createSession(db, user.id)}`;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: pgUrl,
      DATA_DIR: dataDir,
      BACKGROUND_WORKERS: "true",
      // The archive job fetches from KIE_BASE_URL's origin even on loopback (the operator's choice).
      KIE_BASE_URL: origin.origin,
    });
    await waitReady(base, server);
    const pid = server.child.pid;

    // Idle: the jobs' first passes are over; the median of 2 s of samples.
    await sleep(3_000);
    const idleSampler = rssSampler(pid);
    await sleep(2_000);
    const idle = median(idleSampler.stop());

    // 20 finished videos: the trigger queues a 720p file for each, in the same statement.
    const sampler = rssSampler(pid);
    const cpuBefore = cpuSecondsOf(pid);
    const queuedAt = performance.now();
    const now = Date.now();
    await db.insert(schema.videoTasks).values(
      Array.from({ length: ARCHIVE_FILES }, (_, n) => ({
        userId: user.id,
        taskId: `bench_archive_${n}_${crypto.randomBytes(4).toString("hex")}`,
        prompt: `An archived benchmark video number ${n}`,
        model: "veo3_fast",
        aspectRatio: "16:9",
        status: "completed",
        resultUrls: [`${origin.origin}/clip.mp4?n=${n}`],
        createdAt: new Date(now - 60_000),
        completedAt: new Date(now),
      })),
    );
    let rows;
    for (;;) {
      ({ rows } = await db.execute(
        "select id, status, attempts, last_error as error, size_bytes as size, sha256, blob_name from video_files order by archived_at nulls last",
      ));
      if (rows.length === ARCHIVE_FILES && rows.every((r) => r.status === "archived")) break;
      const failed = rows.find((r) => r.attempts > 0 || (r.status !== "pending" && r.status !== "archived"));
      if (failed) throw new Error(`a copy failed (${failed.status}, ${failed.attempts} attempts): ${failed.error}`);
      if (performance.now() - queuedAt > COPY_TIMEOUT_MS)
        throw new Error(`copies not done after ${COPY_TIMEOUT_MS / 1000} s: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
    const doneAt = performance.now();
    const cpuSeconds = cpuSecondsOf(pid) - cpuBefore;
    const samples = sampler.stop();
    const bad = rows.find((r) => Number(r.size) !== bytes.length || r.sha256 !== sha256);
    if (bad) throw new Error(`archived file ${bad.id} differs from the origin's (${bad.size} bytes, ${bad.sha256})`);
    const stored = fs.statSync(path.join(dataDir, "videos", rows[0].blob_name)).size;
    if (stored !== bytes.length) throw new Error(`the stored file has ${stored} bytes`);

    const totalMb = (ARCHIVE_FILES * bytes.length) / MB;
    const wallS = (doneAt - queuedAt) / 1000;
    const firstFetch = Math.min(...origin.copies.map((c) => c.startedAt));
    const copyingS = (doneAt - firstFetch) / 1000;
    const perCopyS = origin.copies.filter((c) => c.finishedAt).map((c) => (c.finishedAt - c.startedAt) / 1000);
    const peak = Math.max(...samples);
    const archive = {
      files: ARCHIVE_FILES,
      fileMb: ARCHIVE_FILE_MB,
      totalMb,
      wallS,
      mbPerS: totalMb / wallS,
      pickupS: (firstFetch - queuedAt) / 1000,
      copyingS,
      copyingMbPerS: totalMb / copyingS,
      perCopyMedianS: median(perCopyS),
      originRequests: origin.copies.length,
      serverCpuPercent: (100 * cpuSeconds) / wallS,
      memory: { idleMb: mb(idle), peakMb: mb(peak), growthMb: mb(peak - idle), samples: samples.length },
    };

    // One archived file, read by its owner in 1 MB slices.
    const filePath = `/media/videos/${rows[0].id}.mp4`;
    const headers = { cookie, range: `bytes=${RANGE.start}-${RANGE.end}` };
    const probe = await fetch(`${base}${filePath}`, { headers });
    const slice = Buffer.from(await probe.arrayBuffer());
    if (probe.status !== 206 || !slice.equals(bytes.subarray(RANGE.start, RANGE.end + 1))) {
      throw new Error(`a Range request answered ${probe.status} with ${slice.length} bytes`);
    }
    const rangeSampler = rssSampler(pid);
    const r = await rangeLoad(`${base}${filePath}`, headers, connections, durationS, RANGE.end - RANGE.start + 1);
    const rangeSamples = rangeSampler.stop();
    const range = {
      name: `GET /media/videos/{id}.mp4, Range: bytes=${RANGE.start}-${RANGE.end}`,
      rps: Math.round(r.ok / r.seconds),
      p50: r.p50,
      p99: r.p99,
      mbPerS: r.bytes / r.seconds / MB,
      ok: r.ok,
      other: r.other,
      peakRssMb: mb(Math.max(...rangeSamples)),
    };
    return { archive, range };
  } finally {
    if (server) await stopServer(server);
    await database?.close().catch(() => {});
    await origin.close();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `connections` keep-alive connections asking for the same range again and again for `durationS`,
 * bodies read by Node's own (native) HTTP parser and thrown away. Not autocannon here: its
 * JavaScript parser tops out near 35 MB/s on 1 MB bodies on this machine, so it measured itself
 * (the server sat idle 60 % of that run).
 */
async function rangeLoad(url, headers, connections, durationS, expectedBytes) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let bytes = 0;
  let ok = 0;
  let other = 0;
  const startedAt = performance.now();
  const endAt = startedAt + durationS * 1000;
  const once = () =>
    new Promise((resolve) => {
      const sentAt = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        let got = 0;
        res.on("data", (chunk) => (got += chunk.length));
        res.on("end", () => {
          latencies.push(performance.now() - sentAt);
          bytes += got;
          if (res.statusCode === 206 && got === expectedBytes) ok++;
          else other++;
          resolve();
        });
      });
      req.on("error", () => {
        other++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < endAt) await once();
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { ok, other, bytes, seconds, p50: pct(0.5), p99: pct(0.99) };
}

const fixed = (x, digits = 1) => x.toFixed(digits);

/** The section of docs/benchmarks.md, in the style of the others. */
export function archiveSection({ archive: a, range: r }, { concurrency, intervalMs, durationS, connections, machine }) {
  return [
    "## Video archive (PostgreSQL)",
    "",
    // BENCH_ONLY=archive rewrites this section alone, so it names its own machine and day.
    `Measured on ${new Date().toISOString().slice(0, 10)}: ${machine}; PostgreSQL on the same machine.`,
    "",
    `One server process with background workers on (archive job: ${concurrency} copies at a time per process, scan every ${intervalMs / 1000} s), ` +
      `its own fresh database and DATA_DIR on local disk. The provider is a Node HTTP server in the bench process on 127.0.0.1 (KIE_BASE_URL), ` +
      `answering every copy with the same ${a.fileMb} MB MP4 (a simulator clip padded with random bytes) from memory. ` +
      `${a.files} finished videos are inserted at once (the trigger queues ${a.files} copies); the time runs until the last file is archived. ` +
      `Memory is the server's resident set (VmRSS) sampled every ${SAMPLE_MS} ms: idle is the median of 2 s before the insert, peak the highest sample while copying. MB = 2^20 bytes.`,
    "",
    "| archive job | figure |",
    "|---|---:|",
    `| Throughput, insert to last file archived (${a.files} × ${a.fileMb} MB) | ${fixed(a.mbPerS)} MB/s (${fixed(a.wallS)} s) |`,
    `| Throughput, first byte fetched to last file archived | ${fixed(a.copyingMbPerS)} MB/s (${fixed(a.copyingS)} s; the first scan came ${fixed(a.pickupS)} s after the insert) |`,
    `| One copy (median, origin's view; ${concurrency} at a time) | ${fixed(a.perCopyMedianS, 2)} s |`,
    `| Server CPU while copying (of one core) | ${Math.round(a.serverCpuPercent)}% |`,
    `| Server memory idle | ${a.memory.idleMb} MB |`,
    `| Server memory peak while copying | ${a.memory.peakMb} MB |`,
    `| Peak minus idle (the issue's budget: within 50 MB of idle) | ${a.memory.growthMb} MB |`,
    "",
    "| endpoint | requests/s | p50 | p99 | MB/s | 2xx | other |",
    "|---|---:|---:|---:|---:|---:|---:|",
    `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${fixed(r.mbPerS)} | ${r.ok} | ${r.other} |`,
    "",
    `Range requests: one archived file, its owner's session cookie, ${connections} keep-alive connections for ${durationS} s from Node's own HTTP client ` +
      `(autocannon's parser tops out near 35 MB/s on 1 MB bodies), 1 MB slices through @fastify/static's sendFile in 256 KiB reads; ` +
      `requests/s and MB/s from the run's totals (answers over seconds); 2xx counts whole 206 answers. Server memory peaked at ${r.peakRssMb} MB during that run.`,
    "",
  ];
}
