/** The simulator's public types (re-exported by index.ts); kept apart so the parts can share them. */
import type { FastifyPluginAsync } from "fastify";
import type { SigningKey } from "./callbacks.js";

export interface KieSimulatorOptions {
  /** Absolute base URL under which browsers reach this simulator's routes, e.g. "http://localhost:3000/simulator/kie" (used to build result file URLs). */
  publicBaseUrl: string;
  /** How long a task generates before record-info reports success (default 4000). */
  delayMs?: number;
  /** Further delay after success before get-1080p-video returns the 1080p file (default 6000). */
  hdDelayMs?: number;
  /** How long a 4K upgrade takes, counted from the first get-4k-video call for the task (default 8000). */
  fourKDelayMs?: number;
  /** How long a result link works, counted from when its file was ready (default 600000, 10 minutes); 0: links never expire. */
  linkTtlMs?: number;
  /** When set, only this bearer key is accepted (others get code 401). Unset: any non-empty key. */
  apiKey?: string;
  /** Where uploaded files are stored (file upload API); created if missing. */
  uploadDir: string;
  /** Clock, for tests. */
  now?: () => number;
  /** KIE's webhookHmacKey: when it gives a key, callbacks carry KIE's signature headers. */
  webhookHmacKey?: SigningKey;
  /** How the Gemini API fake plays what the reference leaves open (default: both encodings, seed refused). */
  gemini?: Partial<GeminiReadings>;
  /** The Vertex AI fake's settings (default: no known service accounts, so claims only; nothing retired). */
  vertex?: Partial<VertexReadings>;
}

/** The Vertex AI fake's settings (decision 0177); change them on a running simulator. */
export interface VertexReadings {
  /**
   * Service accounts by client_email, each with its public key (SPKI PEM): an assertion from a
   * listed account must carry its signature, one from any other account is refused. Empty (the
   * offline demo, which has no way to learn the admin's keys): any account's assertion is
   * accepted on its claims alone, unverified.
   */
  serviceAccounts: Record<string, string>;
  /** Ids Google has retired on Vertex: every route naming one answers 404 "is no longer available". */
  retiredModels: string[];
}

/** The two ways an image is sent inline to Google: `{bytesBase64Encoded, mimeType}` or `{inlineData: {mimeType, data}}`. */
export type GeminiImageEncoding = "bytesBase64Encoded" | "inlineData";

/** The Gemini API fake's readings of unconfirmed facts (docs/simulator.md); change them on a running simulator. */
export interface GeminiReadings {
  /** The image encodings predictLongRunning accepts; the other one is refused as an unknown field. */
  imageEncodings: GeminiImageEncoding[];
  /** Whether `parameters.seed` is accepted; false: 400 "seed parameter is not supported in Gemini API." */
  seed: boolean;
  /**
   * Ids Google has retired (issue 74; the reseller's notice of 2026-10-22, unconfirmed): every
   * route naming one answers 404 NOT_FOUND "models/<id> is no longer available". Default: none, so
   * the built-in -preview ids keep working (decision 0173 builds for both readings).
   */
  retiredModels: string[];
  /** Further ids the fake serves, each as the built-in model it stands for (a successor id in a test). */
  extraModels: Record<string, string>;
}

export interface KieSimulator {
  /** Fastify plugin; register with { prefix: "/simulator/kie" } (or none when standalone). */
  plugin: FastifyPluginAsync;
  faults: SimulatorFaults;
  /** Optional per-key KIE credit accounts; keys without an entry have unlimited credits. */
  accounts: Map<string, { credits: number; revoked?: boolean }>;
  stats: SimulatorStats;
  /** The Gemini API fake's readings, mutable: tests switch them per case. */
  gemini: GeminiReadings;
  /** The Vertex AI fake's settings, mutable. */
  vertex: VertexReadings;
  /** Cancels pending callback timers. */
  close(): void;
}

/**
 * `create-task` and `record-info-market`: the Market's POST /jobs/createTask and GET /jobs/recordInfo;
 * `moderation`: the stand-in for Creem's POST /v1/moderation/prompt; `gemini-*`: the Gemini API
 * fake's predictLongRunning, operation GET, models.get, keyed file download and the keyless file
 * that download redirects to, and its Interactions API's create and get (decision 0176);
 * `vertex-*`: the Vertex AI fake's token exchange, predictLongRunning, fetchPredictOperation and
 * publisher model lookup (decision 0177).
 */
export type SimulatorEndpoint =
  | "generate"
  | "extend"
  | "record-info"
  | "get-1080p"
  | "get-4k"
  | "credit"
  | "upload"
  | "create-task"
  | "record-info-market"
  | "moderation"
  | "gemini-submit"
  | "gemini-operation"
  | "gemini-model"
  | "gemini-download"
  | "gemini-file"
  | "gemini-interaction-create"
  | "gemini-interaction-get"
  | "vertex-token"
  | "vertex-submit"
  | "vertex-operation"
  | "vertex-model";

export interface SimulatorFault {
  /** Answer with this HTTP status (e.g. 429, 500, 503) instead of 200. */
  httpStatus?: number;
  /** Answer HTTP 200 with this business code and msg in the envelope (e.g. 402, 455, 500). */
  code?: number;
  msg?: string;
  /** Replace the whole response body (raw JSON value, or a string sent as text). */
  body?: unknown;
  /** Wait this long before answering (timeouts), default 0. */
  delayMs?: number;
}

export interface SimulatorFaults {
  /** The next `times` (default 1) calls to `endpoint` answer with `fault`. Queued in order. */
  inject(endpoint: SimulatorEndpoint, fault: SimulatorFault, times?: number): void;
  /** While on (default true), every result link answers 404 as if it had expired, fresh ones included; clear() turns it off. */
  expireLinks(on?: boolean): void;
  /** Empties the queues and turns expireLinks off. */
  clear(): void;
}

export interface PollLogEntry {
  endpoint: "record-info" | "get-1080p" | "record-info-market";
  taskId: string;
  startedAt: number;
  endedAt: number;
}

export interface SimulatorStats {
  /** Calls per endpoint. */
  calls: Record<SimulatorEndpoint, number>;
  /** Every record-info, get-1080p and Market recordInfo call with its taskId and start/end times (ms), to check that no task is polled concurrently. */
  pollLog: PollLogEntry[];
  /**
   * Every accepted generate (and Market createTask) request's task id and image URLs, to check what
   * a client handed over; for the Market's models besides `veo-3-1` also the model and the `input` as sent.
   */
  submissions: Array<{ taskId: string; imageUrls: string[]; model?: string; input?: Record<string, unknown> }>;
  /** Every accepted Vertex predictLongRunning request (operation = Vertex's operation name). */
  vertexSubmissions: GeminiSubmission[];
  /** Every accepted Gemini predictLongRunning request, to check what a client handed over. */
  geminiSubmissions: GeminiSubmission[];
  /** Fetches of the keyless Gemini file URL that carried a key (header or `?key=`): a client should send none. */
  geminiKeyedFileFetches: number;
  /** Every accepted Interactions API request (decision 0176), to check what a client handed over. */
  geminiInteractions: GeminiInteractionSubmission[];
  reset(): void;
}

/** What the Gemini fake recorded of an accepted interaction. */
interface GeminiInteractionSubmission {
  id: string;
  model: string;
  prompt: string;
  /** Each image part in order: its type and decoded size. */
  images: Array<{ mimeType: string; bytes: number }>;
  /** `response_format` as sent (`{}` when absent). */
  responseFormat: Record<string, unknown>;
  background: boolean;
}

/** What the Gemini fake recorded of an accepted predictLongRunning request. */
export interface GeminiSubmission {
  /** The operation name answered, `models/<model>/operations/<id>`. */
  operation: string;
  model: string;
  /** From the images: `text`, `image` (first frame), `interpolation` (first and last frame) or `reference`. */
  mode: "text" | "image" | "interpolation" | "reference";
  prompt: string;
  /** Each image in request order: where it was, how it was encoded, its type and decoded size. */
  images: Array<{ field: string; encoding: GeminiImageEncoding; mimeType: string; bytes: number }>;
  /** `parameters` as sent (`{}` when absent), e.g. durationSeconds as a number or a string. */
  parameters: Record<string, unknown>;
}
