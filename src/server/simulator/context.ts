/** What every part of one simulator instance shares: resolved options, state and helpers. */
import type { Callbacks } from "./callbacks.js";
import type { FaultQueue } from "./faults.js";
import type { GeminiReadings, SimulatorStats, VertexReadings } from "./types.js";

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
   * When each task's 1080p version was first asked for (a get-1080p-video call once the task had
   * succeeded, whatever it answered), by task id: its 1080p is made from then on, and KIE does not
   * extend it. Per process and in memory like fourKRequests. Bounded by HD_REQUEST_LIMIT.
   */
  hdRequests: Map<string, number>;
  /** The Gemini fake's readings (the same object as KieSimulator.gemini, so tests can switch them). */
  gemini: GeminiReadings;
  /** The Vertex fake's settings (the same object as KieSimulator.vertex). */
  vertex: VertexReadings;
}

/** The KIE envelope; the business status lives in `code`, the HTTP status stays 200. */
export const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });
export const ok = (data: unknown) => envelope(200, "success", data);

/** The file upload API adds `success` to the envelope. */
export const uploadError = (code: number, msg: string) => ({ success: false, code, msg, data: null });

export const UNAUTHORIZED_MSG = "You do not have access permissions";

/** A key containing this (any case) is one KIE refuses, on every endpoint: the admin's key check shows its refusal with it. */
export const BAD_KEY_MARKER = "sim-bad-key";

/**
 * The bearer key of a request when it may use the simulator; undefined means 401. `anyKey`: the
 * balance call, which costs and makes nothing, answers any key (the admin's key check in a
 * VIDEO_PROVIDER=simulator demo) though the mount accepts only `apiKey` elsewhere.
 */
export function authorizedKey(ctx: SimContext, header: string | undefined, anyKey = false): string | undefined {
  const key = /^Bearer\s+(\S.*)$/i.exec(header ?? "")?.[1]?.trim();
  if (!key) return undefined;
  if (key.toLowerCase().includes(BAD_KEY_MARKER)) return undefined;
  if (!anyKey && ctx.apiKey !== undefined && key !== ctx.apiKey) return undefined;
  if (ctx.accounts.get(key)?.revoked) return undefined;
  return key;
}
