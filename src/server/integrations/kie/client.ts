/**
 * The KIE.ai Veo3 client: generate, record-info, get-1080p-video, chat/credit and file upload.
 * Every call goes through requestJson (timeout, User-Agent); an error becomes a KieError whatever
 * shape it arrived in (HTTP status, or HTTP 200 with an error `code` in the body).
 */
import { HttpError, requestJson, USER_AGENT } from "../http/json-request.js";
import { KieError, kindOfCode, kindOfHttpStatus } from "./errors.js";
import { asNumber, asRecord, asText, parseUrlList } from "./parse.js";

import type { AspectRatio } from "../../../shared/catalogue.js";
import type { KieExtendModel, KieGenerationType, KieVeoModel } from "./veo-words.js";
import { parseMarketRecord } from "./market.js";
import { TASK_FAILURES } from "../../../shared/videos.js";
import { providerCalls } from "../../metrics/instruments.js";

export interface GenerateRequest {
  prompt: string;
  model: KieVeoModel;
  generationType: KieGenerationType;
  aspectRatio: AspectRatio;
  imageUrls?: string[];
  seeds?: number;
  watermark?: string;
  callBackUrl?: string;
}

export type TaskRecord =
  | { state: "generating" }
  | { state: "succeeded"; resultUrls: string[] }
  | { state: "failed"; errorMessage: string; errorCode?: number };

export type { HdResult, UhdResult } from "../video/port.js";
import type { HdResult, UhdResult } from "../video/port.js";

export interface KieClientOptions {
  baseUrl: string;
  uploadBaseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export class KieClient {
  constructor(private readonly opts: KieClientOptions) {}

  /** A Market job (kie-2026.md §2): `{model, input, callBackUrl?}` → its task id. */
  async createJob(body: {
    model: string;
    input: Record<string, unknown>;
    callBackUrl?: string;
  }): Promise<{ taskId: string }> {
    const data = asRecord(await this.call("POST", `${this.opts.baseUrl}/api/v1/jobs/createTask`, body));
    const taskId = asText(data?.taskId);
    if (!taskId) throw new KieError("failed", "KIE accepted the request but returned no task id");
    return { taskId };
  }

  /** A Market job's record, with the KIE credits it took when KIE says (`creditsConsumed`). */
  async jobRecord(taskId: string): Promise<TaskRecord & { cost?: number }> {
    const data = asRecord(
      await this.call("GET", `${this.opts.baseUrl}/api/v1/jobs/recordInfo?taskId=${encodeURIComponent(taskId)}`),
    );
    if (!data) throw new KieError("failed", "KIE returned an empty task record");
    const cost = asNumber(data.creditsConsumed);
    return { ...parseMarketRecord(data), ...(cost !== undefined ? { cost } : {}) };
  }

  async generate(req: GenerateRequest): Promise<{ taskId: string }> {
    // As KIE's current docs say (decision 0048): generationType always, enableTranslation explicitly
    // (its default changed between versions of the docs), no enableFallback (deprecated).
    const body = {
      prompt: req.prompt,
      model: req.model,
      generationType: req.generationType,
      aspect_ratio: req.aspectRatio,
      ...(req.imageUrls?.length ? { imageUrls: req.imageUrls } : {}),
      ...(req.seeds !== undefined ? { seeds: req.seeds } : {}),
      ...(req.watermark ? { watermark: req.watermark } : {}),
      ...(req.callBackUrl ? { callBackUrl: req.callBackUrl } : {}),
      enableTranslation: true,
    };
    const data = asRecord(await this.call("POST", `${this.opts.baseUrl}/api/v1/veo/generate`, body));
    const taskId = asText(data?.taskId);
    if (!taskId) throw new KieError("failed", "KIE accepted the request but returned no task id");
    return { taskId };
  }

  async recordInfo(taskId: string): Promise<TaskRecord> {
    const url = `${this.opts.baseUrl}/api/v1/veo/record-info?taskId=${encodeURIComponent(taskId)}`;
    const data = asRecord(await this.call("GET", url));
    if (!data) throw new KieError("failed", "KIE returned an empty task record");
    const flag = asNumber(data.successFlag);
    if (flag === 1) {
      const response = asRecord(data.response);
      // An extension's whole video is fullResultUrls (resultUrls may be only the new part).
      const full = parseUrlList(response?.fullResultUrls);
      const resultUrls = full.length > 0 ? full : parseUrlList(response?.resultUrls ?? data.resultUrls);
      if (resultUrls.length === 0) return { state: "generating" };
      return { state: "succeeded", resultUrls };
    }
    // 2 failed, 3 "generation failed"; any later value is a failure too (only 0 is in progress).
    if (flag !== undefined && flag !== 0) {
      return {
        state: "failed",
        errorMessage: asText(data.errorMessage) ?? TASK_FAILURES.generic,
        errorCode: asNumber(data.errorCode),
      };
    }
    return { state: "generating" };
  }

  /** The 1080p file of a successful 16:9 task; "not ready" while KIE is still processing it. */
  async get1080p(taskId: string, index = 0): Promise<HdResult> {
    const url = `${this.opts.baseUrl}/api/v1/veo/get-1080p-video?taskId=${encodeURIComponent(taskId)}&index=${index}`;
    try {
      const data = asRecord(await this.call("GET", url));
      const resultUrl = asText(data?.resultUrl) ?? parseUrlList(data?.resultUrls)[0];
      return resultUrl ? { ready: true, url: resultUrl } : { ready: false, message: "1080p video is not ready yet" };
    } catch (err) {
      if (err instanceof KieError && /processing|not ready|check back/i.test(err.message)) {
        return { ready: false, message: err.message };
      }
      throw err;
    }
  }

  /** Continues a finished video with a new prompt (a new task); KIE names the models fast, quality and lite here. */
  async extend(req: {
    taskId: string;
    prompt: string;
    model: KieExtendModel;
    seeds?: number;
    watermark?: string;
    callBackUrl?: string;
  }): Promise<{ taskId: string }> {
    const body = {
      taskId: req.taskId,
      prompt: req.prompt,
      model: req.model,
      ...(req.seeds !== undefined ? { seeds: req.seeds } : {}),
      ...(req.watermark ? { watermark: req.watermark } : {}),
      ...(req.callBackUrl ? { callBackUrl: req.callBackUrl } : {}),
    };
    const data = asRecord(await this.call("POST", `${this.opts.baseUrl}/api/v1/veo/extend`, body));
    const taskId = asText(data?.taskId);
    if (!taskId) throw new KieError("failed", "KIE accepted the extension but returned no task id");
    return { taskId };
  }

  /**
   * Asks for (the first time) or after (every later time) the 4K version of a successful task.
   * KIE answers 200 to the first request, then code 422 both while processing and once done (with
   * the URLs): a 422 with URLs is the result, not an error. "Unavailable" is final (the refund's cue).
   */
  async get4k(taskId: string, callBackUrl?: string): Promise<UhdResult> {
    const body = { taskId, index: 0, ...(callBackUrl ? { callBackUrl } : {}) };
    try {
      const data = asRecord(await this.call("POST", `${this.opts.baseUrl}/api/v1/veo/get-4k-video`, body));
      const url = parseUrlList(data?.resultUrls)[0];
      return url ? { state: "ready", url } : { state: "processing", message: "4K video is being made" };
    } catch (err) {
      if (!(err instanceof KieError)) throw err;
      const url = parseUrlList(asRecord(err.data)?.resultUrls)[0];
      if (url) return { state: "ready", url };
      if (/processing|check back/i.test(err.message)) return { state: "processing", message: err.message };
      // "The 4K version of this video is unavailable. Please try a different video." (not 455's maintenance).
      if (/4k version.*unavailable/i.test(err.message)) return { state: "unavailable", message: err.message };
      throw err;
    }
  }

  /** The account's remaining KIE credits. */
  async credits(): Promise<number> {
    const data = await this.call("GET", `${this.opts.baseUrl}/api/v1/chat/credit`);
    const credits = asNumber(data) ?? asNumber(asRecord(data)?.credits);
    if (credits === undefined) throw new KieError("failed", "KIE returned no credit balance");
    return credits;
  }

  /** Uploads a file so KIE can fetch it; returns its download URL. */
  async uploadFile(file: Buffer, fileName: string, mimeType: string): Promise<string> {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(file)], { type: mimeType }), fileName);
    form.set("uploadPath", "images/user-uploads");
    form.set("fileName", fileName);
    const data = asRecord(await this.call("POST", `${this.opts.uploadBaseUrl}/api/file-stream-upload`, form));
    const url = asText(data?.downloadUrl);
    if (!url) throw new KieError("failed", "KIE's upload returned no download URL");
    return url;
  }

  /** One HTTP call; returns the envelope's `data` or throws a KieError. */
  /** One provider call, counted by operation (the path's last segment) and outcome for /metrics. */
  private async call(method: "GET" | "POST", url: string, body?: unknown): Promise<unknown> {
    const operation = new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "unknown";
    try {
      const data = await this.send(method, url, body);
      providerCalls.inc({ operation, outcome: "ok" });
      return data;
    } catch (err) {
      providerCalls.inc({ operation, outcome: err instanceof KieError ? err.kind : "error" });
      throw err;
    }
  }

  private async send(method: "GET" | "POST", url: string, body?: unknown): Promise<unknown> {
    const headers = { authorization: `Bearer ${this.opts.apiKey}`, "user-agent": USER_AGENT };
    let envelope: Record<string, unknown> | undefined;
    try {
      const res = await requestJson(url, {
        method,
        headers,
        ...(body instanceof FormData ? { body } : { json: body }),
        timeoutMs: this.opts.timeoutMs,
      });
      envelope = asRecord(res.body);
    } catch (err) {
      if (err instanceof HttpError) throw kieErrorOf(err);
      throw err;
    }
    if (!envelope) throw new KieError("failed", "KIE returned an unreadable answer");
    const msg = messageOf(envelope);
    const code = asNumber(envelope.code) ?? 200;
    // The upload API says success with `success: true` as well as code 200.
    if (code !== 200 || envelope.success === false) {
      throw new KieError(kindOfCode(code, msg), msg || `KIE error code ${code}`, code, envelope.data);
    }
    return envelope.data;
  }
}

const messageOf = (envelope: Record<string, unknown> | undefined) =>
  asText(envelope?.msg) ?? asText(envelope?.message) ?? "";

/** The helper's failure in KIE's terms. */
function kieErrorOf(err: HttpError): KieError {
  switch (err.kind) {
    case "timeout":
      // KIE may have taken the request: never sent to another vendor (video/errors.ts).
      return new KieError("unavailable", "KIE did not answer in time", undefined, undefined, false);
    case "unreachable":
      return new KieError("unavailable", "KIE could not be reached");
    case "unparsable":
      return new KieError("failed", "KIE returned an unreadable answer");
    case "status": {
      const status = err.status ?? 0;
      const envelope = asRecord(err.body);
      const msg = messageOf(envelope);
      return new KieError(
        kindOfHttpStatus(status, msg),
        msg || `KIE answered HTTP ${status}`,
        asNumber(envelope?.code),
      );
    }
  }
}
