/**
 * Veo on Google's Vertex AI with a service account (decision 0177; video-vendors-2026.md §1.2,
 * §1.4, §1.5), a vendor of its own beside the Gemini API. A job becomes one predictLongRunning
 * request on the project's regional endpoint with a bearer token (service-account.ts), the same
 * instance and parameters as the Gemini API's plus `generateAudio`; its operation name is the task
 * id. Its status is read with fetchPredictOperation, and a finished video comes back inline
 * (`response.videos[0].bytesBase64Encoded`): it is handed on as the status's `video`, so no link
 * to it exists anywhere (no storageUri is sent, so a gcsUri result is a failure).
 *
 * fetchPredictOperation's exact shape is unconfirmed (❓ in the reference): it is built as the
 * operation Google's long-running API returns (`{name, done, response | error}`), polled by POST
 * with `{operationName}`.
 */
import { HttpError, requestJson, USER_AGENT } from "../http/json-request.js";
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { VendorError } from "../video/errors.js";
import type { InlineVideo, VendorStatus, VideoJob, VideoMaker } from "../video/port.js";
import type { ModelId } from "../../../shared/catalogue.js";
import { withoutTrailingSlashes } from "../../../shared/trim.js";
import { inlineImage } from "./veo-images.js";
import { assertImageCount, filteredReasons, SAFETY_BLOCK, veoRequestBody } from "./veo-request.js";
import { vendorErrorOf, type GeminiCall } from "./veo-errors.js";
import type { AccessTokens, ServiceAccountKey } from "./service-account.js";

export interface VertexMakerOptions {
  /** The API's versioned root, e.g. https://us-central1-aiplatform.googleapis.com/v1. */
  baseUrl: string;
  /** Undefined when the key that made a task is gone: every call is then refused as unauthorized. */
  key: ServiceAccountKey | undefined;
  /** The project the videos are made (and billed) in: VERTEX_PROJECT, else the key's project_id. */
  project: string | undefined;
  location: string;
  /** Where the key's assertion is exchanged for an access token: ours, never the key's token_uri. */
  tokenUrl: string;
  tokens: AccessTokens;
  timeoutMs: number;
  /** The ids in force (the admin's mappings, decision 0173); a model left out is not made here. */
  modelIds?: Partial<Record<ModelId, string>>;
}

/** Vertex AI's GA ids (§1.2); Lite's launch stage is unverified, which the daily check tells. */
export const VERTEX_DEFAULT_MODEL_IDS: Partial<Record<ModelId, string>> = {
  veo3: "veo-3.1-generate-001",
  veo3_fast: "veo-3.1-fast-generate-001",
  veo3_lite: "veo-3.1-lite-generate-001",
};

const SEGMENT = /^[\w-][\w.-]*$/;
/** projects/{p}/locations/{l}/publishers/google/models/{m}/operations/{id}. */
const OPERATION = /^projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/]+)\/operations\/([^/]+)$/;

/** The parts of one of Vertex's operation names, or undefined for anything else. */
function parseOperationName(name: string) {
  const m = OPERATION.exec(name);
  if (!m || !m.slice(1).every((part) => SEGMENT.test(part))) return undefined;
  return { project: m[1]!, location: m[2]!, model: m[3]! };
}

export class VertexVeoMaker implements VideoMaker {
  readonly vendor = "vertex";
  readonly surface = "vertex";
  private readonly baseUrl: string;

  constructor(private readonly opts: VertexMakerOptions) {
    this.baseUrl = withoutTrailingSlashes(opts.baseUrl);
  }

  private get modelIds(): Partial<Record<ModelId, string>> {
    return this.opts.modelIds ?? VERTEX_DEFAULT_MODEL_IDS;
  }

  makes(model: ModelId): boolean {
    return this.modelIds[model] !== undefined;
  }

  vendorModel(job: Pick<VideoJob, "model" | "mode">): string {
    const id = this.modelIds[job.model];
    if (!id) throw new VendorError("failed", `Vertex AI does not make ${job.model}`);
    return id;
  }

  private modelUrl(project: string, location: string, model: string, method: string): string {
    const path = [project, location, model].map(encodeURIComponent);
    return `${this.baseUrl}/projects/${path[0]}/locations/${path[1]}/publishers/google/models/${path[2]}:${method}`;
  }

  async submit(job: VideoJob): Promise<{ vendorTaskId: string }> {
    const model = this.vendorModel(job);
    assertImageCount(job);
    const images = await Promise.all(job.images.map(inlineImage));
    if (!this.opts.project)
      throw new VendorError("unauthorized", "No Google Cloud project for Vertex AI: set VERTEX_PROJECT");
    const url = this.modelUrl(this.opts.project, this.opts.location, model, "predictLongRunning");
    // Vertex wraps images as bytesBase64Encoded, has a switch for sound, and takes a seed (§1.4).
    const body = veoRequestBody(job, images, "bytesBase64Encoded", { generateAudio: true, seed: job.seed });
    const answer = await this.call(url, body, "submit");
    const name = asText(asRecord(answer)?.name);
    // A 2xx answer: Vertex may have made the video, so this is never sent to another vendor.
    if (!name || !parseOperationName(name)) {
      throw new VendorError(
        "failed",
        "Vertex AI accepted the request but gave no operation name",
        undefined,
        undefined,
        false,
      );
    }
    return { vendorTaskId: name };
  }

  async status(vendorTaskId: string): Promise<VendorStatus> {
    const parts = parseOperationName(vendorTaskId);
    if (!parts) throw new VendorError("not_found", "Not a Vertex AI operation name");
    const url = this.modelUrl(parts.project, parts.location, parts.model, "fetchPredictOperation");
    const op = asRecord(await this.call(url, { operationName: vendorTaskId }, "status"));
    if (!op) throw new VendorError("failed", "Vertex AI returned an empty operation");
    // proto3 JSON leaves `done` out while it is false.
    if (op.done !== true) return { state: "generating" };
    const error = asRecord(op.error);
    if (error) {
      const message = asText(error.message) ?? "Vertex AI could not make the video";
      return { state: "failed", message, code: asNumber(error.code), refused: false };
    }
    const response = asRecord(op.response);
    const videos = Array.isArray(response?.videos) ? response.videos : [];
    const first = asRecord(videos[0]);
    const data = asText(first?.bytesBase64Encoded);
    if (data) {
      const bytes = Buffer.from(data, "base64");
      if (bytes.length === 0) return { state: "failed", message: "Vertex AI returned an empty video", refused: false };
      const video: InlineVideo = { data: bytes, mime: asText(first?.mimeType) ?? "video/mp4" };
      return { state: "succeeded", resultUrls: [], video };
    }
    if (asText(first?.gcsUri)) {
      // We send no storageUri: a video in Cloud Storage is somewhere this service cannot read.
      return {
        state: "failed",
        message: "Vertex AI put the video in Cloud Storage (gcsUri), which this service does not read",
        refused: false,
      };
    }
    // A safety block: a finished operation with fewer videos than asked and a filtered count.
    const reasons = filteredReasons(response);
    if (reasons) {
      // Vertex's reasons are often bare codes ("58061214"): those are no words for a person.
      const words = reasons.find((r) => /[a-z]{3}/i.test(r));
      return { state: "failed", message: words ?? SAFETY_BLOCK, refused: true };
    }
    return { state: "failed", message: "Vertex AI finished the operation without a video", refused: false };
  }

  /** One JSON POST with a fresh-enough access token; failures in the port's terms. */
  private async call(url: string, json: unknown, call: GeminiCall): Promise<unknown> {
    const { key, tokenUrl, tokens, timeoutMs } = this.opts;
    if (!key) throw new VendorError("unauthorized", "No Vertex AI service account key is configured");
    const token = await tokens.tokenFor(key, tokenUrl, timeoutMs);
    try {
      const res = await requestJson(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "user-agent": USER_AGENT },
        json,
        timeoutMs,
      });
      return res.body;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // A refused token is not kept: the next call asks for a new one.
      if (err.status === 401) tokens.forget(key);
      throw vertexErrorOf(err, call);
    }
  }
}

/**
 * The Gemini API's mapping (which reads "is not found", "not supported" and "no longer available"
 * on a submit as a retired model), plus Vertex's own words for a model it does not have:
 * "Publisher Model `…` was not found or your project does not have access to it".
 */
function vertexErrorOf(err: HttpError, call: GeminiCall): VendorError {
  const mapped = vendorErrorOf(err, call);
  if (call === "submit" && err.status === 404 && mapped.kind === "failed" && /not found/i.test(mapped.message))
    return new VendorError("model_retired", mapped.message, 404);
  return mapped;
}
