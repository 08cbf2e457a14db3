// The memory a server takes with its embedded database (issue 43 §1), for `npm run bench` (Linux).
// The server's resident set plus, when it started a PostgreSQL in DATA_DIR, that cluster's
// processes by their proportional set size: PostgreSQL's processes share its buffer cache, which
// their resident sets would each count whole.
import fs from "node:fs";
import path from "node:path";

const MB = 2 ** 20;

function kbField(text, field) {
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
}

/** The pids of the embedded cluster in dataDir: its postmaster and every process it started. */
function clusterPids(dataDir) {
  let postmaster;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return [];
  }
  const pids = [postmaster];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) pids.push(Number(name));
    } catch {
      // ended while we looked
    }
  }
  return pids;
}

function pssOf(pid) {
  try {
    return kbField(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
  } catch {
    return 0;
  }
}

/** Bytes now: the server's resident set, and its embedded cluster's (0 without one). */
export function memoryNow(pid, dataDir) {
  const server = kbField(fs.readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS");
  const database = dataDir ? clusterPids(dataDir).reduce((sum, p) => sum + pssOf(p), 0) : 0;
  return { server, database };
}

/** Samples memoryNow every `everyMs` until stopped; `stop()` answers the peaks and the last sample, in MB. */
export function sampleMemory(pid, dataDir, everyMs = 500) {
  let peakServer = 0;
  let peakTotal = 0;
  let last = { server: 0, database: 0 };
  const take = () => {
    try {
      last = memoryNow(pid, dataDir);
    } catch {
      return;
    }
    peakServer = Math.max(peakServer, last.server);
    peakTotal = Math.max(peakTotal, last.server + last.database);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return {
        peakMb: Math.round(peakServer / MB),
        rssMb: Math.round(last.server / MB),
        databaseMb: Math.round(last.database / MB),
        peakTotalMb: Math.round(peakTotal / MB),
        totalMb: Math.round((last.server + last.database) / MB),
      };
    },
  };
}

/** The idle figure: the median total of `samples` samples a second apart, in MB. */
export async function idleMemory(pid, dataDir, samples = 5) {
  const totals = [];
  for (let i = 0; i < samples; i++) {
    const now = memoryNow(pid, dataDir);
    totals.push(now.server + now.database);
    await new Promise((r) => setTimeout(r, 1000));
  }
  totals.sort((a, b) => a - b);
  return Math.round(totals[Math.floor(totals.length / 2)] / MB);
}
