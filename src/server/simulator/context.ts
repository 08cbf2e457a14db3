/** What every part of one simulator instance shares: resolved options, state and helpers. */
import type { Callbacks } from "./callbacks.js";
import type { FaultQueue } from "./faults.js";
import type { SimulatorStats } from "./types.js";

export interface SimContext {
  /** Without a trailing slash. */
  publicBaseUrl: string;
  delayMs: number;
  hdDelayMs: number;
  fourKDelayMs: number;
  /** 0: result links never expire. */
  linkTtlMs: number;
  apiKey: string | undefined;
  uploadDir: string;
  now: () => number;
  faults: FaultQueue;
  stats: SimulatorStats;
  accounts: Map<string, { credits: number; revoked?: boolean }>;
  callbacks: Callbacks;
  /**
   * When each task's 4K version was first asked for (get-4k-video), by task id: the simulator's
   * only task state. Per process and in memory: a restart forgets it (a repeat call then acts as
   * a first one), and another instance does not share it. Bounded by FOUR_K_LIMIT.
   */
  fourKRequests: Map<string, number>;
  /**
   * The tasks whose 1080p version was asked for (a get-1080p-video call once the task had
   * succeeded, whatever it answered): KIE does not extend those. Per process and in memory like
   * fourKRequests: a restart or another instance forgets it. Bounded by HD_REQUEST_LIMIT.
   */
  hdRequests: Set<string>;
}

/** The KIE envelope; the business status lives in `code`, the HTTP status stays 200. */
export const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });
export const ok = (data: unknown) => envelope(200, "success", data);

/** The file upload API adds `success` to the envelope. */
export const uploadError = (code: number, msg: string) => ({ success: false, code, msg, data: null });

export const UNAUTHORIZED_MSG = "You do not have access permissions";

/** The bearer key of a request when it may use the simulator; undefined means 401. */
export function authorizedKey(ctx: SimContext, header: string | undefined): string | undefined {
  const key = /^Bearer\s+(\S.*)$/i.exec(header ?? "")?.[1]?.trim();
  if (!key) return undefined;
  if (ctx.apiKey !== undefined && key !== ctx.apiKey) return undefined;
  if (ctx.accounts.get(key)?.revoked) return undefined;
  return key;
}
