// Issue 43 §7, past one machine: `npm run bench` (BENCH_ONLY=scaling) runs 1, 2 and 4 server
// processes on one PostgreSQL database, the polled reads spread over them, and measures what
// each request costs in CPU (the servers' and PostgreSQL's, from /proc) and what each video costs
// the database (transactions per video). docs/scaling.md builds its capacity model on these
// figures and sets its prediction for 2 and 4 processes beside what was measured.
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { loadInWorker } from "./bench-load.mjs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PROCESS_COUNTS = [1, 2, 4];
const TOTAL_CONNECTIONS = 48;

/**
 * CPU seconds used so far by a process and the children it has waited for (user + system), from
 * /proc: a server's ffmpeg runs, PostgreSQL's ended backends (counted by the postmaster).
 */
function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields from the 3rd (state) on: utime, stime, cutime and cstime are the 14th to the 17th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL process on the machine (the server the bench's database lives on). */
function postgresCpuSeconds() {
  let total = 0;
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/comm`, "utf8").trim() === "postgres") total += cpuSecondsOf(Number(name));
    } catch {
      // ended while we looked
    }
  }
  return total;
}

/** The machine's busy and total CPU seconds so far (all cores). */
function machineCpuSeconds() {
  const [cpu] = fs.readFileSync("/proc/stat", "utf8").split("\n");
  const ticks = cpu.split(/\s+/).slice(1).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/** One read spread over every server, TOTAL_CONNECTIONS in all; rates and CPU per 1,000 requests. */
async function measure(servers, durationS, name, request) {
  const pids = servers.map((s) => s.child.pid);
  const before = {
    servers: pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres: postgresCpuSeconds(),
    machine: machineCpuSeconds(),
  };
  const per = Math.max(1, Math.floor(TOTAL_CONNECTIONS / servers.length));
  const results = await Promise.all(
    servers.map((s) => loadInWorker({ url: s.base, connections: per, duration: durationS, request })),
  );
  const after = {
    servers: pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres: postgresCpuSeconds(),
    machine: machineCpuSeconds(),
  };
  const ok = results.reduce((sum, r) => sum + r.ok, 0);
  const other = results.reduce((sum, r) => sum + r.other, 0);
  const perThousand = (seconds) => Math.round(((seconds * 1000) / Math.max(ok, 1)) * 1000);
  const busy = after.machine.busy - before.machine.busy;
  const total = after.machine.total - before.machine.total;
  return {
    processes: servers.length,
    name,
    rps: Math.round(ok / durationS),
    p99: Math.max(...results.map((r) => r.p99)),
    other,
    serverCpuMsPer1000: perThousand(after.servers - before.servers),
    postgresCpuMsPer1000: perThousand(after.postgres - before.postgres),
    machineBusy: Math.round((busy / total) * 100),
  };
}

/**
 * Transactions PostgreSQL committed in the database for the videos `work` made, until they were
 * finished: the commits of that time less what the idle processes commit anyway (their jobs'
 * polls), measured over 10 s first, once the reads' load has settled.
 */
async function committedDuring(admin, dbName, serverPid, work) {
  // The statistics a backend reports reach pg_stat_database within about a second (PostgreSQL 15+).
  const count = async () => {
    await new Promise((r) => setTimeout(r, 1500));
    const { rows } = await admin.query("select xact_commit from pg_stat_database where datname = $1", [dbName]);
    return Number(rows[0].xact_commit);
  };
  const cpu = () => ({ server: cpuSecondsOf(serverPid), postgres: postgresCpuSeconds() });
  // After the reads' load, the processes' own work (sessions' new expiry times, job passes) settles first.
  await new Promise((r) => setTimeout(r, 10_000));
  const idleFrom = { commits: await count(), ...cpu() };
  const idleStart = Date.now();
  await new Promise((r) => setTimeout(r, 10_000));
  const idleTo = { commits: await count(), ...cpu() };
  const idleMs = Date.now() - idleStart;
  const start = Date.now();
  const { made, ownCommits } = await work();
  const after = { commits: await count(), ...cpu() };
  const elapsed = Date.now() - start;
  /** What `key` grew by for the videos: the growth less the idle rate over the same time. */
  const forVideos = (key) => after[key] - idleTo[key] - ((idleTo[key] - idleFrom[key]) / idleMs) * elapsed;
  return {
    made,
    commits: Math.round(forVideos("commits") - ownCommits),
    serverCpuMs: Math.round(forVideos("server") * 1000),
    postgresCpuMs: Math.round(forVideos("postgres") * 1000),
  };
}

/** Resident memory of a process now, in bytes. */
function residentOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * What an open page costs a process while live updates are on: `count` event streams held open
 * (GET /api/events, the people's cookies in turn), the server's resident memory before and after.
 */
async function streamMemory(base, pid, cookies, count) {
  const streams = [];
  const before = residentOf(pid);
  for (let i = 0; i < count; i++) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, {
      headers: { cookie: cookies[i % cookies.length], accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (!res.ok) {
      controller.abort();
      break;
    }
    // Read as the browser would, so nothing piles up on either side.
    void res.body.pipeTo(new WritableStream()).catch(() => {});
    streams.push(controller);
  }
  await new Promise((r) => setTimeout(r, 3000));
  const after = residentOf(pid);
  for (const controller of streams) controller.abort();
  return { streams: streams.length, kbPerStream: Math.round((after - before) / 1024 / Math.max(streams.length, 1)) };
}

export async function benchScaling(deps) {
  const { admin, pgBase, dbName, openDatabase, seed, startServer, stopServer, waitReady, freePort, env, durationS } =
    deps;
  const url = Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString();
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/veo-bench-scaling-`);
  await admin.query(`create database ${dbName}`);
  const results = [];
  let perVideo;
  let live;
  try {
    const database = await openDatabase({ databaseUrl: url, dataDir });
    const users = await seed(database);
    await database.close();
    const heavy = (i) => users.heavy[i % users.heavy.length];
    for (const count of PROCESS_COUNTS) {
      const servers = [];
      try {
        for (let n = 0; n < count; n++) {
          const port = await freePort();
          const base = `http://127.0.0.1:${port}`;
          const server = startServer({
            ...env,
            PORT: String(port),
            HOST: "127.0.0.1",
            DATABASE_URL: url,
            DATA_DIR: dataDir,
            LOG_LEVEL: "warn",
            // Each process holds its share of one pool's worth of connections.
            DATABASE_POOL_SIZE: String(Math.max(5, Math.floor(20 / count))),
          });
          servers.push({ ...server, base });
          await waitReady(base, server);
        }
        // Streams first, on the idle process: after the load lines its heap and allocator keep
        // freed memory resident, and new streams reuse it (a run measured 0 KB a stream that way).
        if (count === 1) {
          await new Promise((r) => setTimeout(r, 5000));
          const cookies = [...users.heavy, ...users.light].map((u) => u.cookie);
          live = await streamMemory(servers[0].base, servers[0].child.pid, cookies, 2000);
        }
        results.push(
          await measure(servers, durationS, "GET /api/video-status/{taskId}", (i) => {
            const u = heavy(i);
            return {
              method: "GET",
              path: `/api/video-status/${u.taskIds[i % u.taskIds.length]}`,
              headers: { cookie: u.cookie },
            };
          }),
        );
        results.push(
          await measure(servers, durationS, "GET /api/video-tasks?days=14", (i) => ({
            method: "GET",
            path: "/api/video-tasks?days=14",
            headers: { cookie: heavy(i).cookie },
          })),
        );
        if (count === 1) {
          // What a video costs the database: 40 videos, then until each is finished (simulator 1 s).
          perVideo = await committedDuring(admin, dbName, servers[0].child.pid, async () => {
            const light = users.light.slice(0, 40);
            const answers = await Promise.all(
              light.map((u, i) =>
                fetch(`${servers[0].base}/api/generate-video`, {
                  method: "POST",
                  headers: { cookie: u.cookie, "content-type": "application/json", ...u.webApp },
                  body: JSON.stringify({ prompt: `scaling video ${i}`, model: "veo3_fast", aspectRatio: "16:9" }),
                }),
              ),
            );
            const made = answers.filter((a) => a.ok).length;
            // Its own reads commit too (a read is a transaction): counted, and taken off.
            const check = new pg.Client({ connectionString: url });
            await check.connect();
            let polls = 0;
            try {
              for (let waited = 0; waited < 60_000; waited += 500) {
                polls++;
                const { rows } = await check.query(
                  "select count(*)::int as n from video_tasks where prompt like 'scaling video %' and status in ('completed', 'failed') and hd_status <> 'pending'",
                );
                if (rows[0].n >= made) break;
                await new Promise((r) => setTimeout(r, 500));
              }
            } finally {
              await check.end();
            }
            // The archive job's copies and posters follow: give them a few seconds.
            await new Promise((r) => setTimeout(r, 5000));
            return { made, ownCommits: polls };
          });
        }
      } finally {
        await Promise.all(servers.map((s) => stopServer(s)));
      }
    }
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { results, perVideo, live, cores: os.cpus().length };
}

export function scalingSection(run, { machine }) {
  const lines = [
    "## Several processes on one PostgreSQL (issue 43 §7)",
    "",
    `Measured on ${machine}: 1, 2 and 4 server processes on one database (the bench's seeded users), ${TOTAL_CONNECTIONS} connections in all spread evenly over the processes, 10 s per line; the bench client runs on the same ${run.cores} cores. CPU per 1,000 requests from /proc (the servers' processes; every PostgreSQL process on the machine). docs/scaling.md builds its model on these figures.`,
    "",
    "| processes | read | requests/s | p99 ms | server CPU ms / 1,000 | PostgreSQL CPU ms / 1,000 | machine busy | other |",
    "|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of run.results)
    lines.push(
      `| ${r.processes} | ${r.name} | ${r.rps} | ${r.p99} | ${r.serverCpuMsPer1000} | ${r.postgresCpuMsPer1000} | ${r.machineBusy}% | ${r.other} |`,
    );
  if (run.perVideo)
    lines.push(
      "",
      `A video, from its request to its files kept (${run.perVideo.made} videos at once, one process with its background jobs, the simulator as provider; the idle processes' own rate taken off): ` +
        `${(run.perVideo.commits / Math.max(run.perVideo.made, 1)).toFixed(1)} committed database transactions, ` +
        `${Math.round(run.perVideo.serverCpuMs / Math.max(run.perVideo.made, 1))} ms of server CPU (the simulator's and ffmpeg's work included) and ` +
        `${Math.round(run.perVideo.postgresCpuMs / Math.max(run.perVideo.made, 1))} ms of PostgreSQL CPU per video.`,
    );
  if (run.live)
    lines.push(
      "",
      `An open page with live updates (an event stream, GET /api/events): ${run.live.kbPerStream} KB of the server's memory each (${run.live.streams} held open on one process, its resident memory before and after).`,
    );
  lines.push("");
  return lines;
}
