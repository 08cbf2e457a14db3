/**
 * Stateless task ids: the id carries everything record-info needs (creation time, model, aspect,
 * clip variant, markers, a prompt excerpt), so polls work after a restart and in any process
 * running the simulator with the same options. No signature: it is a simulator, not a vault.
 *
 * Layout: `sim_` + base64url(bytes) + `_` + 8 random hex digits, where bytes are a version byte,
 * the creation time (48-bit ms), a flags byte and up to 30 bytes of the prompt (UTF-8). Binary,
 * not JSON, so ids stay at most 64 characters: ids end up in URL path parameters, and Fastify's
 * default maxParamLength (100) answers 414 to longer ones.
 */
import crypto from "node:crypto";
import { CLIP_VARIANTS } from "./clips.js";

export const MODELS = ["veo3", "veo3_fast"] as const;
export const ASPECTS = ["16:9", "9:16"] as const;
export const TASK_MARKERS = ["fail", "slow", "no-hd", "dead-link"] as const;
export type Model = (typeof MODELS)[number];
export type Aspect = (typeof ASPECTS)[number];
export type TaskMarker = (typeof TASK_MARKERS)[number];

export interface TaskInfo {
  createdAt: number;
  model: Model;
  aspect: Aspect;
  variant: number;
  markers: TaskMarker[];
  /** The start of the prompt, for paramJson. */
  promptExcerpt: string;
}

export const MAX_TASK_ID_LENGTH = 64;
const VERSION = 1;
const HEADER_BYTES = 8;
const EXCERPT_BYTES = 30;

// Flags byte: bit 0 model veo3, bit 1 aspect 9:16, bits 2-3 variant, bits 4-7 markers.
const VEO3 = 1;
const PORTRAIT = 2;
const VARIANT_SHIFT = 2;
const MARKER_BITS: Record<TaskMarker, number> = { fail: 16, slow: 32, "no-hd": 64, "dead-link": 128 };

// base64url may itself contain "_", so the suffix is recognised by its fixed shape at the end.
const ID_PATTERN = /^sim_([A-Za-z0-9_-]+)_[0-9a-f]{8}$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The first bytes of text as UTF-8, never cutting a character in half. */
function utf8Prefix(text: string, maxBytes: number): Buffer {
  let out = Buffer.alloc(0);
  for (const char of text) {
    const next = Buffer.concat([out, Buffer.from(char, "utf8")]);
    if (next.length > maxBytes) break;
    out = next;
  }
  return out;
}

export function encodeTaskId(info: TaskInfo): string {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt8(VERSION, 0);
  header.writeUIntBE(info.createdAt, 1, 6);
  let flags = (info.model === "veo3" ? VEO3 : 0) | (info.aspect === "9:16" ? PORTRAIT : 0) | (info.variant << VARIANT_SHIFT);
  for (const marker of info.markers) flags |= MARKER_BITS[marker];
  header.writeUInt8(flags, 7);
  const payload = Buffer.concat([header, utf8Prefix(info.promptExcerpt, EXCERPT_BYTES)]);
  return `sim_${payload.toString("base64url")}_${crypto.randomBytes(4).toString("hex")}`;
}

/** The task an id describes, or undefined for anything that is not one of our ids. */
export function decodeTaskId(id: string): TaskInfo | undefined {
  if (id.length > MAX_TASK_ID_LENGTH) return undefined;
  const encoded = ID_PATTERN.exec(id)?.[1];
  if (!encoded) return undefined;
  const bytes = Buffer.from(encoded, "base64url");
  if (bytes.length < HEADER_BYTES || bytes.length > HEADER_BYTES + EXCERPT_BYTES) return undefined;
  if (bytes.toString("base64url") !== encoded || bytes.readUInt8(0) !== VERSION) return undefined;
  const flags = bytes.readUInt8(7);
  const variant = (flags >> VARIANT_SHIFT) & 3;
  if (variant < 1 || variant > CLIP_VARIANTS) return undefined;
  let promptExcerpt: string;
  try {
    promptExcerpt = strictUtf8.decode(bytes.subarray(HEADER_BYTES));
  } catch {
    return undefined;
  }
  return {
    createdAt: bytes.readUIntBE(1, 6),
    model: flags & VEO3 ? "veo3" : "veo3_fast",
    aspect: flags & PORTRAIT ? "9:16" : "16:9",
    variant,
    markers: TASK_MARKERS.filter((marker) => flags & MARKER_BITS[marker]),
    promptExcerpt,
  };
}
