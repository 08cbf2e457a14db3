/** The client of the automation API: one function per route, and a wait for a video to end. */
import {
  PATHS,
  type Balance,
  type ExtendInput,
  type ExtendResult,
  type FinalResult,
  type GenerateInput,
  type GenerateResult,
  type Models,
  type RegisteredWebhook,
  type RegisterWebhookInput,
  type UpgradeResult,
  type VideoList,
  type VideoListQuery,
  type VideoStatus,
  type WebhookEndpoint,
} from "./contracts.js";
import { errorFromResponse, VeoStudioError } from "./errors.js";
import { deadline, DEFAULT_WAIT_MS, DOCUMENTED_POLL, pollDelays, sleep, type PollInterval } from "./waiting.js";

export interface ClientOptions {
  /** Where the product runs, e.g. `https://veo.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** An API token from the /api page (`veo_...`). */
  token: string;
  /** A fetch to use instead of the global one (a proxy's, a test's). */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface StartOptions extends RequestOptions {
  /**
   * Any unique text (1-255 printable ASCII). The same key and body within 24 hours get the first
   * answer again, never a second video or charge. One is made for each call when left out, so the
   * client's own retries (after a lost connection) are safe either way.
   */
  idempotencyKey?: string;
}

export interface WaitOptions extends RequestOptions {
  /** Give up after this long (a `TimeoutError`); by default 60 minutes. */
  timeoutMs?: number;
  /** Called with each status read while the video is still processing. */
  onProgress?: (status: VideoStatus) => void;
  /** The waits between checks; by default the documented 15 to 30 seconds. Keep it for a real server. */
  poll?: PollInterval;
}

export interface VeoStudioClient {
  /** GET /api/models: every model offered now, its options and its prices (API prices in `apiCredits`). */
  models(options?: RequestOptions): Promise<Models>;
  /** POST /api/n8n/generate: charge the API price and start the video (or `variants` of them). */
  generate(input: GenerateInput, options?: StartOptions): Promise<GenerateResult>;
  /** POST /api/n8n/videos/{taskId}/extend: a new video continuing a finished one, with a new prompt. */
  extend(taskId: string, input: ExtendInput, options?: StartOptions): Promise<ExtendResult>;
  /**
   * POST /api/n8n/videos/{taskId}/final: a finished draft (made with `draft: true`) made again at
   * full quality, with its prompt, seed and images, as a new video charged at API prices. A video
   * that is not a finished draft is a 409.
   */
  makeFinal(taskId: string, options?: StartOptions): Promise<FinalResult>;
  /** GET /api/n8n/video-status/{taskId}: processing, completed or failed. Another account's video is 404. */
  status(taskId: string, options?: RequestOptions): Promise<VideoStatus>;
  /**
   * Checks the status until the video is completed or failed, and resolves with that status (a
   * failed one says why and that it was refunded). Waits as the API documents, longer when told
   * to (Retry-After); a lost connection, a 429 or a 5xx is checked again later, any other refusal
   * (401, 404) rejects at once.
   */
  waitForVideo(taskId: string, options?: WaitOptions): Promise<VideoStatus>;
  /** GET /api/n8n/videos: the account's videos, newest first, a page at a time, optionally filtered. */
  videos(query?: VideoListQuery, options?: RequestOptions): Promise<VideoList>;
  /**
   * POST /api/n8n/videos/{taskId}/upgrade-4k: the 4K version of a finished video that has one, for
   * the 4K surcharge at API prices (refunded if it cannot be made). Asking again is a 409 that
   * charges nothing. Then waitForVideo or status until `videoUrl4k` is set.
   */
  upgradeTo4k(taskId: string, options?: RequestOptions): Promise<UpgradeResult>;
  /** GET /api/n8n/balance: the account's credits and which of them expire when. */
  balance(options?: RequestOptions): Promise<Balance>;
  /** The account's webhook endpoints, managed with the token (as on the /api page). */
  webhooks: {
    /**
     * PUT /api/n8n/webhooks: subscribe a URL to events, once per URL. Registering a URL again
     * updates its endpoint and rotates its secret (the old one signs beside it for 24 hours); the
     * answer always carries the secret in force, for verifyWebhook.
     */
    register(input: RegisterWebhookInput, options?: RequestOptions): Promise<RegisteredWebhook>;
    /** GET /api/n8n/webhooks/{id}: one endpoint; another account's is 404. */
    get(id: string, options?: RequestOptions): Promise<WebhookEndpoint>;
    /** DELETE /api/n8n/webhooks/{id}: unsubscribe, and forget its delivery log. */
    delete(id: string, options?: RequestOptions): Promise<void>;
  };
}

/** The first try and two more after a lost connection or a key still being answered (409 in progress). */
const START_ATTEMPTS = 3;
const START_RETRY_MS = 2000;

export function createClient(options: ClientOptions): VeoStudioClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  if (!/^https?:\/\//i.test(base)) throw new TypeError("baseUrl must be an http(s) address");
  if (!options.token) throw new TypeError("token is required: create one on the /api page");
  const send = options.fetch ?? ((input, init) => fetch(input, init));

  async function request<T>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal | undefined } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      accept: "application/json",
      authorization: `Bearer ${options.token}`,
      ...init.headers,
    };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const response = await send(base + path, {
      method,
      headers,
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: init.signal ?? null,
    });
    if (!response.ok) throw await errorFromResponse(response);
    return (await response.json()) as T;
  }

  /** A request that starts a video: keyed, and sent again with the same key when the answer was lost. */
  async function start<T>(path: string, body: unknown, opts: StartOptions = {}): Promise<T> {
    const key = opts.idempotencyKey ?? crypto.randomUUID();
    for (let attempt = 1; ; attempt++) {
      try {
        return await request<T>("POST", path, {
          body,
          headers: { "idempotency-key": key },
          signal: opts.signal,
        });
      } catch (error) {
        const again =
          attempt < START_ATTEMPTS &&
          !opts.signal?.aborted &&
          (isConnectionError(error) ||
            (error instanceof VeoStudioError && error.code === "idempotency_key_in_progress"));
        if (!again) throw error;
        const wait = error instanceof VeoStudioError && error.retryAfter ? error.retryAfter * 1000 : START_RETRY_MS;
        await sleep(wait, opts.signal ?? new AbortController().signal);
      }
    }
  }

  const status = (taskId: string, opts: RequestOptions = {}) =>
    request<VideoStatus>("GET", PATHS.videoStatus.replace(":taskId", encodeURIComponent(taskId)), opts);
  const withId = (path: string, id: string) => path.replace(":id", encodeURIComponent(id));

  return {
    models: (opts = {}) => request<Models>("GET", PATHS.models, opts),
    generate: (input, opts) => start<GenerateResult>(PATHS.generate, input, opts),
    extend: (taskId, input, opts) =>
      start<ExtendResult>(PATHS.extend.replace(":taskId", encodeURIComponent(taskId)), input, opts),
    makeFinal: (taskId, opts) =>
      start<FinalResult>(PATHS.final.replace(":taskId", encodeURIComponent(taskId)), {}, opts),
    status,
    videos: (query = {}, opts = {}) => request<VideoList>("GET", PATHS.videos + searchOf(query), opts),
    upgradeTo4k: (taskId, opts = {}) =>
      request<UpgradeResult>("POST", PATHS.upgrade4k.replace(":taskId", encodeURIComponent(taskId)), opts),
    balance: (opts = {}) => request<Balance>("GET", PATHS.balance, opts),
    webhooks: {
      register: (input, opts = {}) => request<RegisteredWebhook>("PUT", PATHS.webhooks, { ...opts, body: input }),
      get: (id, opts = {}) => request<WebhookEndpoint>("GET", withId(PATHS.webhook, id), opts),
      async delete(id, opts = {}) {
        await request<unknown>("DELETE", withId(PATHS.deleteWebhook, id), opts);
      },
    },

    async waitForVideo(taskId, opts = {}) {
      const timeoutMs = opts.timeoutMs ?? DEFAULT_WAIT_MS;
      const limit = deadline(
        timeoutMs,
        `Video ${taskId} was still processing after ${Math.round(timeoutMs / 1000)} seconds`,
        opts.signal,
      );
      const delays = pollDelays(opts.poll ?? DOCUMENTED_POLL);
      try {
        for (;;) {
          let wait = delays.next().value;
          try {
            const current = await status(taskId, { signal: limit.signal });
            if (current.status !== "processing") return current;
            opts.onProgress?.(current);
          } catch (error) {
            if (limit.signal.aborted) throw limit.signal.reason;
            if (!isPassing(error)) throw error;
            if (error instanceof VeoStudioError && error.retryAfter) wait = Math.max(wait, error.retryAfter * 1000);
          }
          await sleep(wait, limit.signal);
        }
      } finally {
        limit.dispose();
      }
    },
  };
}

/** `?a=1&b=2` of the filters given (none: nothing). */
function searchOf(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** fetch's own failure: no answer came (refused, reset, DNS), as opposed to an abort. */
function isConnectionError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Worth checking again later: no answer, too many requests, or the server failing for now. */
function isPassing(error: unknown): boolean {
  if (isConnectionError(error)) return true;
  return error instanceof VeoStudioError && (error.status === 429 || error.status >= 500);
}
