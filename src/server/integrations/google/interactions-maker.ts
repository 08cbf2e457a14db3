/**
 * Google's Gemini API through its Interactions API (issue 74 §2, decision 0176): the surface
 * Gemini Omni Flash speaks. A job becomes one background interaction, `POST /interactions {model,
 * input, response_modalities: ["video"], background: true}` → `{id, status: "in_progress"}`; its
 * id is the task id, polled with `GET /interactions/{id}` until it is completed or failed. The
 * finished video comes back inline, base64 in a `type: "video"` part of `steps[].content[]`, and is
 * handed on as the port's InlineVideo: the task worker keeps it in our store (no link to it exists).
 *
 * What the reference leaves open is read here as follows (decision 0176): the input is a list of
 * parts, the images first as `{type: "image", data, mime_type}` then the prompt as `{type: "text",
 * text}` (a third party's live probe); aspect ratio, length and resolution go in `response_format`
 * (`aspect_ratio`, `duration` in seconds, `resolution`), as one SDK verified live for the first two
 * and reads the third from Google's docs. Usage is reported in output tokens, not dollars: no cost
 * is returned (like the Veo maker), so the catalogue's per-second cost stands for it.
 */
import { requestJson, USER_AGENT } from "../http/json-request.js";
import { asRecord, asText } from "../kie/parse.js";
import { VendorError } from "../video/errors.js";
import type { InlineVideo, VendorStatus, VideoJob, VideoMaker } from "../video/port.js";
import type { ModelId } from "../../../shared/catalogue.js";
import { withoutTrailingSlashes } from "../../../shared/trim.js";
import { inlineImage } from "./veo-images.js";
import { asVendorError } from "./veo-errors.js";

export interface GoogleInteractionsMakerOptions {
  /** The API's versioned root, e.g. https://generativelanguage.googleapis.com/v1beta. */
  baseUrl: string;
  apiKey: string;
  /** For each HTTP exchange, the body included (a finished interaction carries the whole video). */
  timeoutMs: number;
  /** The ids in force (the admin's mappings, decision 0173): only ids speaking Interactions are made here. */
  modelIds: Partial<Record<ModelId, string>>;
}

/** Model ids that speak the Interactions API; `veo-` ids speak predictLongRunning (veo-maker.ts). */
export const isInteractionsModelId = (id: string | undefined): id is string => id?.startsWith("gemini-") === true;

/** How many images each mode sends: none, or a first (and last) frame; references are not sent here. */
const IMAGE_COUNTS: Partial<Record<VideoJob["mode"], readonly [number, number]>> = { text: [0, 0], image: [1, 2] };

/** An interaction id goes into a path: letters, digits, `_` and `-` only (no "/", no ".."). */
const isInteractionId = (id: string) => /^[\w-]{1,200}$/.test(id);

const SAFETY_BLOCK = "The video was blocked by the vendor's safety filters";

export class GoogleInteractionsMaker implements VideoMaker {
  readonly vendor = "google";
  readonly surface = "interactions";
  private readonly baseUrl: string;

  constructor(private readonly opts: GoogleInteractionsMakerOptions) {
    this.baseUrl = withoutTrailingSlashes(opts.baseUrl);
  }

  makes(model: ModelId): boolean {
    return isInteractionsModelId(this.opts.modelIds[model]);
  }

  vendorModel(job: Pick<VideoJob, "model" | "mode">): string {
    const id = this.opts.modelIds[job.model];
    if (!isInteractionsModelId(id))
      throw new VendorError("failed", `Google's Interactions API does not make ${job.model}`);
    return id;
  }

  async submit(job: VideoJob): Promise<{ vendorTaskId: string }> {
    const model = this.vendorModel(job);
    const counts = IMAGE_COUNTS[job.mode];
    if (!counts) throw new VendorError("rejected", `Google's Interactions API is not sent the ${job.mode} mode`);
    const [min, max] = counts;
    if (job.images.length < min || job.images.length > max) {
      throw new VendorError("rejected", `The ${job.mode} mode takes ${min} to ${max} images, not ${job.images.length}`);
    }
    const images = await Promise.all(job.images.map(inlineImage));
    const input = [
      ...images.map((image) => ({ type: "image", data: image.data, mime_type: image.mimeType })),
      { type: "text", text: job.prompt },
    ];
    const body = {
      model,
      input,
      response_modalities: ["video"],
      background: true,
      response_format: { aspect_ratio: job.aspectRatio, duration: job.durationSeconds, resolution: job.resolution },
    };
    let answer: unknown;
    try {
      answer = await this.call("POST", `${this.baseUrl}/interactions`, body);
    } catch (err) {
      throw asVendorError(err, "submit");
    }
    const id = asText(asRecord(answer)?.id);
    // A 2xx answer: Google may be making the video, so this is never sent to another vendor.
    if (!id || !isInteractionId(id)) {
      throw new VendorError(
        "failed",
        "Google accepted the request but gave no usable interaction id",
        undefined,
        undefined,
        false,
      );
    }
    return { vendorTaskId: id };
  }

  async status(vendorTaskId: string): Promise<VendorStatus> {
    if (!isInteractionId(vendorTaskId)) throw new VendorError("not_found", "Not an interaction id");
    let answer: unknown;
    try {
      answer = await this.call("GET", `${this.baseUrl}/interactions/${vendorTaskId}`);
    } catch (err) {
      throw asVendorError(err, "status");
    }
    const interaction = asRecord(answer);
    if (!interaction) throw new VendorError("failed", "Google returned an empty interaction");
    const status = asText(interaction.status);
    if (status === "in_progress" || status === "requires_action" || status === undefined)
      return { state: "generating" };
    if (status === "failed" || status === "cancelled") {
      const error = asRecord(interaction.error);
      const message = asText(error?.message) ?? "Google could not make the video";
      return { state: "failed", message, refused: isSafetyBlock(interaction, message) };
    }
    if (status !== "completed")
      return { state: "failed", message: `Google ended the interaction as ${status}`, refused: false };
    const video = videoOf(interaction);
    if (video) return { state: "succeeded", resultUrls: [], video };
    // Completed without a video: the safety filters held it back (nothing to keep, nothing charged).
    return { state: "failed", message: textOf(interaction) ?? SAFETY_BLOCK, refused: true };
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

/** Every content part of the interaction's steps (and, read tolerantly, of `outputs`). */
function partsOf(interaction: Record<string, unknown>): Record<string, unknown>[] {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
  const fromSteps = list(interaction.steps).flatMap((step) => list(asRecord(step)?.content));
  return [...fromSteps, ...list(interaction.outputs)]
    .map(asRecord)
    .filter((p): p is Record<string, unknown> => p !== undefined);
}

/** The first video part's bytes; a part without inline data (a Files API uri) is not taken. */
function videoOf(interaction: Record<string, unknown>): InlineVideo | undefined {
  for (const part of partsOf(interaction)) {
    if (part.type !== "video") continue;
    const data = asText(part.data);
    if (!data) continue;
    const bytes = Buffer.from(data, "base64");
    if (bytes.length === 0) continue;
    return { data: bytes, mime: asText(part.mime_type) ?? "video/mp4" };
  }
  return undefined;
}

/** What the model said in words, if anything (a refusal's reason). */
function textOf(interaction: Record<string, unknown>): string | undefined {
  const texts = partsOf(interaction)
    .filter((p) => p.type === "text")
    .map((p) => asText(p.text))
    .filter((t): t is string => t !== undefined && t.trim() !== "");
  return texts[0];
}

function isSafetyBlock(interaction: Record<string, unknown>, message: string): boolean {
  const reason = asText(asRecord(interaction.error)?.status) ?? "";
  return /safety|blocked|policy|SAFETY|PROHIBITED/.test(`${reason} ${message}`);
}
