/**
 * Veo on Google's own Gemini API (AI Studio key), the second vendor behind the video port (issue
 * 42; video-vendors-2026.md §1). A job becomes one predictLongRunning request with its images
 * inline; its operation name is the task id; a finished operation's file is handed on as the
 * keyless URL Google's download redirects to, so the key never leaves Google's API host.
 *
 * What the reference leaves open is read here as follows: the image wrapping is learnt from
 * Google's refusals (veo-images.ts); `seed` is sent only when asked to (sendSeed), since an SDK
 * says the Gemini API refuses it; audio is always on and there is no watermark field; Google
 * reports no cost, so none is returned (the caller prices by seconds × rate if it wants one).
 */
import { HttpError, requestJson, USER_AGENT } from "../http/json-request.js";
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { VendorError } from "../video/errors.js";
import type { VendorStatus, VideoJob, VideoMaker } from "../video/port.js";
import type { ModelId } from "../../../shared/catalogue.js";
import { withoutTrailingSlashes } from "../../../shared/trim.js";
import { inlineImage, refusedEncoding, type ImageEncoding } from "./veo-images.js";
import { assertImageCount, filteredReasons, SAFETY_BLOCK, veoRequestBody } from "./veo-request.js";
import { isInteractionsModelId } from "./interactions-maker.js";
import { asVendorError, kindOfGoogleStatus, readGoogleError, vendorErrorOf } from "./veo-errors.js";

export interface GoogleVeoMakerOptions {
  /** The API's versioned root, e.g. https://generativelanguage.googleapis.com/v1beta. */
  baseUrl: string;
  apiKey: string;
  /** For each HTTP exchange, the body included. */
  timeoutMs: number;
  /** Send the job's seed (the docs say Veo 3 takes one; an SDK says the Gemini API refuses it). Off by default. */
  sendSeed?: boolean;
  /**
   * Other origins a finished video's URI may be on and that may see the key (the built-in
   * simulator's public URL, when it differs from the loopback baseUrl). baseUrl's origin always may.
   */
  keyOrigins?: readonly string[];
  /** The ids in force (the admin's mappings, decision 0173); a model left out is not made here. Defaults: GEMINI_DEFAULT_MODEL_IDS. */
  modelIds?: Partial<Record<ModelId, string>>;
}

/**
 * Our models and Google's names for them, as built in: the Gemini API had only the -preview ids
 * for Veo 3.1. The admin can change them without a release (decision 0173).
 */
export const GEMINI_DEFAULT_MODEL_IDS: Partial<Record<ModelId, string>> = {
  veo3: "veo-3.1-generate-preview",
  veo3_fast: "veo-3.1-fast-generate-preview",
  veo3_lite: "veo-3.1-lite-generate-preview",
  // Gemini Omni Flash speaks the Interactions API (interactions-maker.ts, decision 0176).
  omni_flash: "gemini-omni-1.1-flash",
};

/** An operation name is path segments ("models/<model>/operations/<id>"); none may be "." or "..". */
const isOperationName = (name: string) => name.split("/").every((segment) => /^[\w-][\w.-]*$/.test(segment));

const isTimeout = (err: unknown) => err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

export class GoogleVeoMaker implements VideoMaker {
  readonly vendor = "google";
  readonly surface = "gemini";
  private readonly baseUrl: string;
  /** The image wrapping Google took last (or has not refused yet); per instance, learnt from 400s. */
  private encoding: ImageEncoding = "inlineData";

  constructor(private readonly opts: GoogleVeoMakerOptions) {
    this.baseUrl = withoutTrailingSlashes(opts.baseUrl);
  }

  private get modelIds(): Partial<Record<ModelId, string>> {
    return this.opts.modelIds ?? GEMINI_DEFAULT_MODEL_IDS;
  }

  makes(model: ModelId): boolean {
    const id = this.modelIds[model];
    // A gemini- id speaks the Interactions API (interactions-maker.ts), not predictLongRunning.
    return id !== undefined && !isInteractionsModelId(id);
  }

  vendorModel(job: Pick<VideoJob, "model" | "mode">): string {
    const id = this.modelIds[job.model];
    if (!id) throw new VendorError("failed", `Google does not make ${job.model}`);
    return id;
  }

  async submit(job: VideoJob): Promise<{ vendorTaskId: string }> {
    const url = `${this.baseUrl}/models/${this.vendorModel(job)}:predictLongRunning`;
    assertImageCount(job);
    const images = await Promise.all(job.images.map(inlineImage));
    // The seed only when asked to: an SDK says the Gemini API refuses it (sendSeed).
    const seed = this.opts.sendSeed ? job.seed : undefined;
    const send = (encoding: ImageEncoding) => this.call("POST", url, veoRequestBody(job, images, encoding, { seed }));
    const encoding = this.encoding;
    let answer: unknown;
    try {
      answer = await send(encoding);
    } catch (err) {
      // Google named the wrapping it does not know: no operation was made, so one retry in the other is safe.
      if (images.length === 0 || refusedEncodingOf(err) !== encoding) throw asVendorError(err, "submit");
      const other = encoding === "inlineData" ? "bytesBase64Encoded" : "inlineData";
      this.encoding = other;
      answer = await send(other).catch((retryErr: unknown) => {
        throw asVendorError(retryErr, "submit");
      });
    }
    const name = asText(asRecord(answer)?.name);
    // A 2xx answer: Google may have made the video, so this is never sent to another vendor.
    if (!name) {
      throw new VendorError(
        "failed",
        "Google accepted the request but gave no operation name",
        undefined,
        undefined,
        false,
      );
    }
    return { vendorTaskId: name };
  }

  async status(vendorTaskId: string): Promise<VendorStatus> {
    if (!isOperationName(vendorTaskId)) throw new VendorError("not_found", "Not a Gemini operation name");
    let answer: unknown;
    try {
      answer = await this.call("GET", `${this.baseUrl}/${vendorTaskId}`);
    } catch (err) {
      throw asVendorError(err, "status");
    }
    const op = asRecord(answer);
    if (!op) throw new VendorError("failed", "Google returned an empty operation");
    // Google's JSON leaves `done` out while it is false (proto3 drops default values).
    if (op.done !== true) return { state: "generating" };
    const error = asRecord(op.error);
    if (error) {
      const message = asText(error.message) ?? "Google could not make the video";
      return { state: "failed", message, code: asNumber(error.code), refused: false };
    }
    const result = asRecord(asRecord(op.response)?.generateVideoResponse);
    const samples = Array.isArray(result?.generatedSamples) ? result.generatedSamples : [];
    const uri = asText(asRecord(asRecord(samples[0])?.video)?.uri);
    if (uri) return { state: "succeeded", resultUrls: [await this.fileLocation(uri)] };
    // A safety block is a successful operation without samples; nothing is charged for it.
    const reasons = filteredReasons(result);
    if (reasons) return { state: "failed", message: reasons[0] ?? SAFETY_BLOCK, refused: true };
    return { state: "failed", message: "Google finished the operation without a video", refused: false };
  }

  /**
   * Where the finished video can be fetched without the key. Google's URI needs the key and
   * answers with a redirect to its storage on another host: that Location is the result, and the
   * redirect is never followed here, so the key goes to Google's API host only.
   */
  private async fileLocation(uri: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw new VendorError("failed", "Google returned a video URI that is not a URL");
    }
    const keyOrigins = [this.baseUrl, ...(this.opts.keyOrigins ?? [])].map((u) => new URL(u).origin);
    if (!keyOrigins.includes(url.origin)) {
      throw new VendorError("failed", "Google's video URI is not on its API host, and the key is sent nowhere else");
    }
    url.searchParams.set("alt", "media");
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { "x-goog-api-key": this.opts.apiKey, "user-agent": USER_AGENT },
        redirect: "manual",
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      throw vendorErrorOf(
        isTimeout(err)
          ? new HttpError("timeout", `No answer within ${this.opts.timeoutMs} ms`)
          : new HttpError("unreachable", "The service could not be reached"),
        "status",
      );
    }
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      const target = new URL(location, url);
      if (target.protocol !== "https:" && target.protocol !== "http:") {
        throw new VendorError("failed", "Google redirected the video download to a URL that is not http(s)");
      }
      return target.href;
    }
    if (res.ok) {
      await res.body?.cancel();
      // Its URI would need the key to be fetched again, and the key must not leave this server.
      throw new VendorError(
        "failed",
        "Google served the video itself instead of redirecting to a keyless URL",
        res.status,
      );
    }
    const body = await res.json().catch(() => undefined);
    const error = readGoogleError(body);
    throw new VendorError(
      kindOfGoogleStatus(res.status, error, "status"),
      error.message ?? `Google answered HTTP ${res.status} to the video download`,
      res.status,
    );
  }

  /** One JSON call with the key; throws the helper's HttpError for the caller to map. */
  private async call(method: "GET" | "POST", url: string, json?: unknown): Promise<unknown> {
    const res = await requestJson(url, {
      method,
      headers: { "x-goog-api-key": this.opts.apiKey, "user-agent": USER_AGENT },
      json,
      timeoutMs: this.opts.timeoutMs,
    });
    return res.body;
  }
}

/** The image wrapping a submit's 400 says Google does not know, if that is what it says. */
function refusedEncodingOf(err: unknown): ImageEncoding | undefined {
  return err instanceof HttpError && err.status === 400
    ? refusedEncoding(readGoogleError(err.body).message)
    : undefined;
}
