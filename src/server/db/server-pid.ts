/**
 * The server writes its pid into DATA_DIR while it runs on the embedded database, so that
 * `npm run backup` can refuse to copy a database in use (decision 0059).
 */
import fs from "node:fs";
import path from "node:path";

export const SERVER_PID_FILE = "server.pid";

/** The pid of a server still running on `dataDir`'s embedded database. */
export function runningServer(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, SERVER_PID_FILE), "utf8").trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}
