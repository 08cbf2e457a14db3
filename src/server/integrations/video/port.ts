/**
 * The port every video vendor's adapter implements (issue 42, decision 0098): a job in our words
 * (catalogue.ts) goes in; a vendor task id, its status, its upgrades and errors in our terms come
 * out. The lifecycle around it is ours (features/videos): reserve credits, submit with failover,
 * track by callback and polling, copy the result to our storage, settle or refund exactly once.
 */
import type { AspectRatio, GenerationMode, ModelId, Resolution } from "../../../shared/catalogue.js";

export type { Vendor } from "../../../shared/catalogue.js";
import type { Vendor } from "../../../shared/catalogue.js";

/** An image as the vendor gets it: by its URL, or by its bytes (read only for a vendor that wants them inline). */
export interface JobImage {
  url: string;
  read(): Promise<{ data: Buffer; mime: string; name: string } | undefined>;
}

/** One video to make, in our words. */
export interface VideoJob {
  model: ModelId;
  mode: GenerationMode;
  prompt: string;
  /** In the mode's order: first then last frame, or the references. */
  images: readonly JobImage[];
  aspectRatio: AspectRatio;
  durationSeconds: number;
  resolution: Resolution;
  audio: boolean;
  seed?: number;
  watermark?: string;
  callBackUrl?: string;
}

/**
 * A finished video handed over inline (Vertex AI's bytesBase64Encoded, the Interactions API's
 * base64 video part) instead of at a link: the task worker stores it in our video store before
 * the task completes (decision 0176), so no link to it ever leaves this server.
 */
export interface InlineVideo {
  data: Buffer;
  mime: string;
}

/**
 * A task's state at its vendor; `cost` is what the vendor says it charged, in its unit, when it
 * says. A success carries its video's links, or (with `resultUrls` empty) the video itself.
 */
export type VendorStatus =
  | { state: "generating" }
  | { state: "succeeded"; resultUrls: string[]; cost?: number; video?: InlineVideo }
  | { state: "failed"; message: string; code?: number; refused: boolean; cost?: number };

export type HdResult = { ready: true; url: string } | { ready: false; message: string };

/** The 4K version: ready, still being made, or refused for good ("unavailable"). */
export type UhdResult =
  | { state: "ready"; url: string }
  | { state: "processing"; message: string }
  | { state: "unavailable"; message: string };

export interface VideoMaker {
  readonly vendor: Vendor;
  /** Which of the vendor's surfaces this adapter speaks (veo, market, gemini): a task is read where it was made. */
  readonly surface: string;
  /** The vendor's name for the model this job asks for (recorded on the task). */
  vendorModel(job: Pick<VideoJob, "model" | "mode">): string;
  /** True when the adapter can make this model at all. */
  makes(model: ModelId): boolean;
  submit(job: VideoJob): Promise<{ vendorTaskId: string }>;
  status(vendorTaskId: string): Promise<VendorStatus>;
  /** A finished video's 1080p file (Veo on KIE). */
  hd1080?(vendorTaskId: string): Promise<HdResult>;
  /** A finished video's 4K version (Veo on KIE). */
  uhd4k?(vendorTaskId: string, callBackUrl?: string): Promise<UhdResult>;
  /** Continues a finished video with a new prompt (Veo on KIE): a new task. */
  extend?(req: {
    vendorTaskId: string;
    model: ModelId;
    prompt: string;
    seed?: number;
    watermark?: string;
    callBackUrl?: string;
  }): Promise<{ vendorTaskId: string; surface: string }>;
}
