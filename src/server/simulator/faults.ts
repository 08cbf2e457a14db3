/** Test hooks: queued faults per endpoint, and call statistics. */
import type { SimulatorEndpoint, SimulatorFault, SimulatorFaults, SimulatorStats } from "./types.js";

const ENDPOINTS: readonly SimulatorEndpoint[] = [
  "generate",
  "extend",
  "record-info",
  "get-1080p",
  "get-4k",
  "credit",
  "upload",
  "create-task",
  "record-info-market",
  "moderation",
  "gemini-submit",
  "gemini-operation",
  "gemini-model",
  "gemini-download",
  "gemini-file",
  "gemini-interaction-create",
  "gemini-interaction-get",
  "vertex-token",
  "vertex-submit",
  "vertex-operation",
  "vertex-model",
];

export interface FaultQueue extends SimulatorFaults {
  /** The fault for this call, if one is queued (removes it). */
  take(endpoint: SimulatorEndpoint): SimulatorFault | undefined;
  /** Whether expireLinks is on. */
  readonly linksExpired: boolean;
}

export function createFaults(): FaultQueue {
  const queues = new Map<SimulatorEndpoint, SimulatorFault[]>();
  let linksExpired = false;
  return {
    inject(endpoint, fault, times = 1) {
      const queue = queues.get(endpoint) ?? [];
      for (let i = 0; i < times; i++) queue.push(fault);
      queues.set(endpoint, queue);
    },
    expireLinks(on = true) {
      linksExpired = on;
    },
    get linksExpired() {
      return linksExpired;
    },
    clear() {
      queues.clear();
      linksExpired = false;
    },
    take(endpoint) {
      return queues.get(endpoint)?.shift();
    },
  };
}

/** The logs are for tests; bounded so the in-app simulator of a long-running demo cannot grow without end. */
const LOG_LIMIT = 10_000;

export function appendToLog<T>(log: T[], entry: T): void {
  log.push(entry);
  if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
}

export function createStats(): SimulatorStats {
  const zero = () => Object.fromEntries(ENDPOINTS.map((e) => [e, 0])) as Record<SimulatorEndpoint, number>;
  const stats: SimulatorStats = {
    calls: zero(),
    pollLog: [],
    submissions: [],
    geminiSubmissions: [],
    vertexSubmissions: [],
    geminiKeyedFileFetches: 0,
    geminiInteractions: [],
    reset() {
      // Mutated in place so references a test holds stay live.
      Object.assign(stats.calls, zero());
      stats.pollLog.length = 0;
      stats.submissions.length = 0;
      stats.geminiSubmissions.length = 0;
      stats.vertexSubmissions.length = 0;
      stats.geminiKeyedFileFetches = 0;
      stats.geminiInteractions.length = 0;
    },
  };
  return stats;
}

/** Whether the fault answers by itself (otherwise it only delays the normal answer). */
export const faultAnswers = (fault: SimulatorFault) =>
  fault.httpStatus !== undefined || fault.code !== undefined || fault.body !== undefined;
