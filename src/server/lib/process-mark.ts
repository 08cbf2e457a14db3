/**
 * What tells a process from another that later got the same id (issue 65 §2, decision 0126): the
 * boot it runs in, when it started and what it runs. After a reboot or a long time, a recorded
 * process id may name any program; only the same id with the same start and command is the same
 * process. Linux reads /proc; macOS and the BSDs ask `ps`; on Windows a process that answers a
 * signal is all there is to know.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

export interface ProcessMark {
  pid: number;
  /** Linux: the boot the process runs in (/proc/sys/kernel/random/boot_id). */
  bootId?: string;
  /** Linux: clock ticks from boot to its start; elsewhere `ps`'s start time. */
  startedAt?: string;
  /** Its command line, arguments separated by spaces. */
  command?: string;
}

/** The process `pid` as it runs now; undefined when it has ended (a zombie has ended too). */
export function processMark(pid: number): ProcessMark | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  if (process.platform === "linux") return linuxMark(pid);
  if (process.platform === "win32") return answersSignals(pid) ? { pid } : undefined;
  return psMark(pid);
}

/** Whether the process a mark was taken of still runs: the same id, boot, start and command. */
export function stillRuns(recorded: ProcessMark): boolean {
  const now = processMark(recorded.pid);
  if (!now) return false;
  return (
    (recorded.bootId === undefined || recorded.bootId === now.bootId) &&
    recorded.startedAt === now.startedAt &&
    recorded.command === now.command
  );
}

function linuxMark(pid: number): ProcessMark | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may hold spaces and parentheses: the fields start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Field 3 is the state (Z: a zombie, X: dead); field 22 the start time.
  if (fields[0] === "Z" || fields[0] === "X") return undefined;
  return { pid, bootId: bootId(), startedAt: fields[19], command: linuxCommand(pid) };
}

function linuxCommand(pid: number): string {
  try {
    // Each argument ends with a NUL.
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (args.at(-1) === "") args.pop();
    return args.join(" ");
  } catch {
    return "";
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

function psMark(pid: number): ProcessMark | undefined {
  let line: string;
  try {
    // lstart is a fixed 24 characters ("Sat Nov 28 17:47:16 2026"), then the state, then the command.
    line = execFileSync("ps", ["-o", "lstart=,stat=,command=", "-p", String(pid)], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
  const startedAt = line.slice(0, 24);
  const [state = "", ...command] = line.slice(24).trim().split(/\s+/);
  if (!line || state.startsWith("Z")) return undefined;
  return { pid, startedAt, command: command.join(" ") };
}

function answersSignals(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
