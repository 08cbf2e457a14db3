// Issue 43 §1's throughput goal, measured so that the machine's drift cannot decide it: the
// embedded default (a PostgreSQL the server starts) beside the PostgreSQL mode, every endpoint line
// run several times on each, alternated. Both servers run at once, each on its own freshly seeded
// database; round r runs a line on A then B, round r+1 on B then A, so a machine that speeds up or
// slows down over a line's rounds weighs on both alike. Before each run the machine is let settle:
// the generation line leaves the server's jobs finishing its videos for a while.
import fs from "node:fs";
import os from "node:os";

const QUIET_IDLE = 0.75;
const QUIET_MAX_MS = 180_000;
/** Seconds of quiet before a run, and before a run next to a generation line. */
const QUIET_S = 1;
const QUIET_NEAR_GENERATION_S = 10;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The machine's idle and total CPU ticks so far (/proc/stat's first line). */
function cpuTicks() {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  // idle + iowait are idle time.
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
}

/** CPU ticks (1/100 s) a process has used: utime + stime of /proc/<pid>/stat. */
function processTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Waits until `seconds` seconds in a row pass with the machine at least QUIET_IDLE idle and each
 * of `pids` under 5 % of a core (at most QUIET_MAX_MS); returns the milliseconds waited. After a
 * generation line a server's jobs check, finish and keep its videos for a while, in waves with
 * lulls between them, so runs next to one wait for a longer quiet of both servers.
 */
async function settle(seconds, pids) {
  const started = Date.now();
  let quiet = 0;
  while (quiet < seconds && Date.now() - started < QUIET_MAX_MS) {
    const before = cpuTicks();
    const busy = pids.map(processTicks);
    await new Promise((r) => setTimeout(r, 1000));
    const after = cpuTicks();
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total) >= QUIET_IDLE;
    const serversIdle = pids.every((pid, i) => processTicks(pid) - busy[i] <= 5);
    quiet = idle && serversIdle ? quiet + 1 : 0;
  }
  return Date.now() - started;
}

/**
 * Runs every endpoint line `rounds` times on each mode, alternated; returns each line's requests/s
 * per round and mode. `modes` are [label, env] for the two servers.
 */
export async function benchAlternated({
  modes,
  rounds,
  lightUsers,
  openDatabase,
  seed,
  endpointLines,
  run,
  startServer,
  stopServer,
  waitReady,
  freePort,
  env,
}) {
  const servers = [];
  try {
    for (const [label, modeEnv] of modes) {
      const database = await openDatabase(modeEnv);
      const users = await seed(database, lightUsers * rounds);
      await database.close();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({ PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env, ...modeEnv });
      servers.push({ label, base, server, users });
      await waitReady(base, server);
    }
    for (const s of servers) {
      const html = await (await fetch(`${s.base}/`)).text();
      s.lines = Array.from({ length: rounds }, (_, r) => {
        const { polled, others } = endpointLines(
          s.users,
          html,
          s.users.light.slice(r * lightUsers, (r + 1) * lightUsers),
        );
        return [...polled, ...others];
      });
    }
    const names = servers[0].lines[0].map((line) => line.name);
    const results = [];
    for (const [index, name] of names.entries()) {
      const rps = Object.fromEntries(servers.map((s) => [s.label, []]));
      const lines = servers[0].lines[0];
      const nearGeneration = lines[index]?.generates || lines[index - 1]?.generates;
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) {
          const waited = await settle(
            nearGeneration ? QUIET_NEAR_GENERATION_S : QUIET_S,
            servers.map((x) => x.server.child.pid),
          );
          if (nearGeneration)
            console.log(`  ${s.label}, round ${round + 1}: settled in ${Math.round(waited / 1000)} s`);
          const line = s.lines[round][index];
          if (line?.name !== name) throw new Error(`${s.label} has no line ${name}`);
          const result = await run(s.base, name, line.request);
          if (result.ok === 0) throw new Error(`no 2xx answers on ${name} (${s.label})`);
          rps[s.label].push(result.rps);
        }
      }
      results.push({ name, rps });
      console.log(name, JSON.stringify(rps));
    }
    return { labels: servers.map((s) => s.label), rounds, results, cores: os.cpus().length };
  } finally {
    for (const s of servers) await stopServer(s.server);
  }
}

/** docs/benchmarks.md's section: each line's rounds, their paired ratios and the median ratio. */
export function alternatedSection(measured, { machine, durationS, connections, goal }) {
  const [base, embedded] = measured.labels;
  const out = [
    "## Embedded default beside PostgreSQL, alternated (issue 43 §1)",
    "",
    `Both servers run at once, each on its own seeded database (\`BENCH_ONLY=alternate\`). Each line runs ${measured.rounds} times on each, ${durationS} s at ${connections} connections, in the order ${base} then ${embedded}, then the other way round, and so on; the machine is let settle before every run: 75% idle for a second, or beside the generation line (whose videos the servers' jobs then check, finish and keep) ten seconds in a row with both servers under 5% of a core, at most three minutes. A round's ratio is the embedded default's rate over ${base}'s in that round; the verdict is on the median ratio (goal: at least ${goal}). Machine: ${machine}.`,
    "",
    `| line | ${base}, requests/s | ${embedded}, requests/s | ratio per round | median ratio | met |`,
    "|---|---|---|---|---:|:---:|",
  ];
  for (const { name, rps } of measured.results) {
    const ratios = rps[embedded].map((x, i) => x / rps[base][i]);
    const m = median(ratios);
    out.push(
      `| ${name} | ${rps[base].join(", ")} | ${rps[embedded].join(", ")} | ${ratios.map((r) => r.toFixed(2)).join(", ")} | ${m.toFixed(2)} | ${m >= goal ? "yes" : "no"} |`,
    );
  }
  out.push("");
  return out;
}
