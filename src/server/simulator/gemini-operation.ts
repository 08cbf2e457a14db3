/**
 * The Gemini fake's operations, stateless like KIE tasks: the operation id carries what its polls
 * and its file need (creation time, model, aspect ratio, resolution, clip variant, markers), so a
 * restart or another process answers for it. The video file's id is the operation's id.
 *
 * Layout: 24 lowercase hex digits (Google's ids are short lowercase ones too) of 12 bytes: version
 * byte 1, the creation time (48-bit ms), 16 flag bits (big endian, FLAGS) and 3 random bytes.
 */
import crypto from "node:crypto";
import { CLIP_VARIANTS } from "./clips.js";
import type { SimContext } from "./context.js";

export const GEMINI_MODELS = [
  "veo-3.1-generate-preview",
  "veo-3.1-fast-generate-preview",
  "veo-3.1-lite-generate-preview",
] as const;
export type GeminiModel = (typeof GEMINI_MODELS)[number];
const GEMINI_ASPECTS = ["16:9", "9:16"] as const;
const GEMINI_RESOLUTIONS = ["720p", "1080p", "4k"] as const;
/** Prompt markers an operation carries: `[sim:reject]` is Google's way of refusing, a safety block. */
export const OPERATION_MARKERS = ["fail", "slow", "reject", "dead-link"] as const;
export type OperationMarker = (typeof OPERATION_MARKERS)[number];

export interface Operation {
  createdAt: number;
  model: GeminiModel;
  aspect: (typeof GEMINI_ASPECTS)[number];
  resolution: (typeof GEMINI_RESOLUTIONS)[number];
  variant: number;
  markers: OperationMarker[];
}

/** "Generated videos are stored on the server for 2 days" (video-vendors-2026.md §1.4). */
const GEMINI_FILE_TTL_MS = 2 * 24 * 3600_000;
const SLOW_FACTOR = 5;

const VERSION = 1;
const ID_BYTES = 12;
/** [shift, width] of each field of the 16 flag bits; bits 11-15 are reserved and must be 0. */
const FLAGS = {
  model: [0, 2],
  aspect: [2, 1],
  resolution: [3, 2],
  variant: [5, 2],
  markers: [7, 4],
} as const satisfies Record<string, readonly [number, number]>;
const RESERVED = 0xf800;
const ID_PATTERN = /^[0-9a-f]{24}$/;

const field = (flags: number, [shift, width]: readonly [number, number]) => (flags >> shift) & ((1 << width) - 1);

export function encodeOperationId(op: Operation): string {
  let flags =
    (GEMINI_MODELS.indexOf(op.model) << FLAGS.model[0]) |
    (GEMINI_ASPECTS.indexOf(op.aspect) << FLAGS.aspect[0]) |
    (GEMINI_RESOLUTIONS.indexOf(op.resolution) << FLAGS.resolution[0]) |
    (op.variant << FLAGS.variant[0]);
  for (const marker of op.markers) flags |= 1 << (FLAGS.markers[0] + OPERATION_MARKERS.indexOf(marker));
  const bytes = Buffer.alloc(ID_BYTES);
  bytes.writeUInt8(VERSION, 0);
  bytes.writeUIntBE(op.createdAt, 1, 6);
  bytes.writeUInt16BE(flags, 7);
  crypto.randomBytes(3).copy(bytes, 9);
  return bytes.toString("hex");
}

/** The operation an id describes, or undefined for anything that is not one of ours. */
export function decodeOperationId(id: string): Operation | undefined {
  if (!ID_PATTERN.test(id)) return undefined;
  const bytes = Buffer.from(id, "hex");
  const flags = bytes.readUInt16BE(7);
  if (bytes.readUInt8(0) !== VERSION || flags & RESERVED) return undefined;
  const model = GEMINI_MODELS[field(flags, FLAGS.model)];
  const resolution = GEMINI_RESOLUTIONS[field(flags, FLAGS.resolution)];
  const variant = field(flags, FLAGS.variant);
  if (!model || !resolution || variant < 1 || variant > CLIP_VARIANTS) return undefined;
  const markerBits = field(flags, FLAGS.markers);
  return {
    createdAt: bytes.readUIntBE(1, 6),
    model,
    aspect: GEMINI_ASPECTS[field(flags, FLAGS.aspect)]!,
    resolution,
    variant,
    markers: OPERATION_MARKERS.filter((_, i) => markerBits & (1 << i)),
  };
}

export type OperationState = { phase: "running" } | { phase: "failed" | "blocked" | "succeeded"; doneAt: number };

/** Running for delayMs (×5 with `[sim:slow]`), then failed (`[sim:fail]`), blocked (`[sim:reject]`) or succeeded. */
export function operationState(ctx: SimContext, op: Operation): OperationState {
  const doneAt = op.createdAt + (op.markers.includes("slow") ? ctx.delayMs * SLOW_FACTOR : ctx.delayMs);
  if (ctx.now() < doneAt) return { phase: "running" };
  if (op.markers.includes("fail")) return { phase: "failed", doneAt };
  if (op.markers.includes("reject")) return { phase: "blocked", doneAt };
  return { phase: "succeeded", doneAt };
}

export type FileState = { status: "live"; expiresAt: number } | { status: "expired" } | { status: "missing" };

/**
 * The operation's video file: missing until it succeeded (never for a failed or blocked one), live
 * for GEMINI_FILE_TTL_MS from then, expired after (at once with `[sim:dead-link]` or expireLinks).
 */
export function fileState(ctx: SimContext, op: Operation): FileState {
  const state = operationState(ctx, op);
  if (state.phase !== "succeeded") return { status: "missing" };
  if (ctx.faults.linksExpired || op.markers.includes("dead-link")) return { status: "expired" };
  const expiresAt = state.doneAt + GEMINI_FILE_TTL_MS;
  return ctx.now() > expiresAt ? { status: "expired" } : { status: "live", expiresAt };
}
