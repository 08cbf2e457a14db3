// Issue 43 §1's throughput goal, measured so that the machine's drift cannot decide it: the
// embedded default (a PostgreSQL the server starts) beside the PostgreSQL mode, every endpoint line
// run several times on each, alternated. Both servers run at once, each on its own freshly seeded
// database; round r runs a line on A then B, round r+1 on B then A, so a machine that speeds up or
// slows down over a line's rounds weighs on both alike. Before each run the machine is let settle:
// the generation line leaves the server's jobs finishing its videos for a while.
import fs from "node:fs";
import os from "node:os";

const QUIET_IDLE = 0.75;
const QUIET_MAX_MS = 60_000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The machine's idle and total CPU ticks so far (/proc/stat's first line). */
function cpuTicks() {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  // idle + iowait are idle time.
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
}

/** Waits until a second passes with the machine at least QUIET_IDLE idle (at most QUIET_MAX_MS). */
async function settle() {
  const deadline = Date.now() + QUIET_MAX_MS;
  while (Date.now() < deadline) {
    const before = cpuTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const after = cpuTicks();
    if ((after.idle - before.idle) / Math.max(1, after.total - before.total) >= QUIET_IDLE) return;
  }
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
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) {
          await settle();
          const line = s.lines[round][index];
          if (line?.name !== name) throw new Error(`${s.label} has no line ${name}`);
          const result = await run(s.base, name, line.request);
          if (result && result.ok === 0) throw new Error(`no 2xx answers on ${name} (${s.label})`);
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
    `Both servers run at once, each on its own seeded database (\`BENCH_ONLY=alternate\`). Each line runs ${measured.rounds} times on each, ${durationS} s at ${connections} connections, in the order ${base} then ${embedded}, then the other way round, and so on; the machine is let settle (75% idle for a second, at most a minute) before every run. A round's ratio is the embedded default's rate over ${base}'s in that round; the verdict is on the median ratio (goal: at least ${goal}). Machine: ${machine}.`,
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
