/**
 * Stateless task ids: the id carries everything record-info needs (creation time, the request's
 * model, mode and options, clip variant, markers, a prompt excerpt), so polls work after a restart
 * and in any process running the simulator with the same options. No signature: it is a simulator,
 * not a vault.
 *
 * Layout: `sim_` + base64url(bytes) + `_` + 8 random hex digits. Binary, not JSON, so ids stay at
 * most 64 characters: ids end up in URL path parameters, and Fastify's default maxParamLength (100)
 * answers 414 to longer ones. 64 - "sim_" - "_" - 8 hex leaves 51 base64url characters: 38 bytes.
 *
 * - Version 1 (still decoded: such ids sit in databases and keep being polled): version byte 1,
 *   the creation time (48-bit ms), a flags byte (bit 0 model veo3, bit 1 aspect 9:16, bits 2-3
 *   variant, bits 4-7 markers) and up to 30 bytes of the prompt (UTF-8).
 * - Version 2 (written for Veo tasks): version byte 2, the creation time (48-bit ms), 24 flag bits
 *   (big endian, see FLAGS_V2) and up to 28 bytes of the prompt (UTF-8).
 * - Version 3 (written for the Market's other video models): see market-task-id.ts.
 *
 * Markers added later take bits out of the reserved ones (`no-4k`: bit 20), and so does the
 * extension flag (bit 21: the task is a POST /veo/extend of another task, whose id does not fit).
 * Bit 22 marks a task made on the Market (POST /api/v1/jobs/createTask with model "veo-3-1"),
 * so each surface's status endpoint can refuse the other's tasks. Bit 23 stays reserved.
 * Version-1 ids have no room for them: they never carry such markers, are never extensions and
 * never Market tasks.
 */
import crypto from "node:crypto";
import { CLIP_VARIANTS } from "./clips.js";

export const MODELS = ["veo3", "veo3_fast", "veo3_lite"] as const;
export const ASPECTS = ["16:9", "9:16"] as const;
export const GENERATION_TYPES = ["TEXT_2_VIDEO", "FIRST_AND_LAST_FRAMES_2_VIDEO", "REFERENCE_2_VIDEO"] as const;
export const RESOLUTIONS = ["720p", "1080p", "4k"] as const;
export const DURATIONS = [4, 6, 8] as const;
export const TASK_MARKERS = ["fail", "slow", "no-hd", "dead-link", "no-4k"] as const;
export type Model = (typeof MODELS)[number];
/** POST /veo/extend names the models differently (kie-2026.md section 1.9); each is one of ours. */
export const EXTEND_MODELS = { fast: "veo3_fast", quality: "veo3", lite: "veo3_lite" } as const satisfies Record<
  string,
  Model
>;
export type ExtendModel = keyof typeof EXTEND_MODELS;
type Aspect = (typeof ASPECTS)[number];
export type GenerationType = (typeof GENERATION_TYPES)[number];
type RequestedResolution = (typeof RESOLUTIONS)[number];
type Duration = (typeof DURATIONS)[number];
export type TaskMarker = (typeof TASK_MARKERS)[number];

/** What a version-2 id records of the request, beyond model and aspect (version-1 ids did not). */
export interface TaskRequest {
  generationType: GenerationType;
  /** 0-3. */
  imageCount: number;
  resolution: RequestedResolution;
  duration: Duration;
  /** Undefined when the request did not say. */
  enableTranslation: boolean | undefined;
}

export interface TaskInfo {
  createdAt: number;
  model: Model;
  aspect: Aspect;
  variant: number;
  markers: TaskMarker[];
  /** The start of the prompt, for paramJson. */
  promptExcerpt: string;
  /** Undefined for version-1 ids. For an extension, fixed values (EXTENSION_REQUEST): not echoed. */
  request?: TaskRequest;
  /** The task extends another one (POST /veo/extend). Absent (never false) when decoded from a plain task's id. */
  extension?: boolean;
  /** The task was made on the Market (POST /jobs/createTask). Absent (never false) when decoded from a legacy task's id. */
  market?: boolean;
}

/** What an extension's id records in the request fields (an extension has none of these options). */
export const EXTENSION_REQUEST: TaskRequest = {
  generationType: "TEXT_2_VIDEO",
  imageCount: 0,
  resolution: "720p",
  duration: 8,
  enableTranslation: undefined,
};

export const MAX_TASK_ID_LENGTH = 64;
export const TIME_OFFSET = 1;

// ---- Version 1 (decode only) ----
const V1 = { version: 1, headerBytes: 8, excerptBytes: 30 } as const;
const V1_VEO3 = 1;
const V1_PORTRAIT = 2;
const V1_VARIANT_SHIFT = 2;
/** Markers newer than version 1 have no bit there. */
const V1_MARKER_BITS: Partial<Record<TaskMarker, number>> = { fail: 16, slow: 32, "no-hd": 64, "dead-link": 128 };

// ---- Version 2 ----
const V2 = { version: 2, headerBytes: 10, excerptBytes: 28 } as const;
/**
 * The 24 flag bits of a version-2 id: [shift, width] of each field. Enumerations are stored as
 * indexes into the code tables below; codes past a table's end (room for more) do not decode.
 * Bit 23 is reserved and must be 0.
 */
const FLAGS_V2 = {
  model: [0, 3], // MODEL_CODES: 8 codes, 3 used
  generationType: [3, 2], // GENERATION_TYPES
  imageCount: [5, 2], // 0-3
  aspect: [7, 1], // ASPECTS
  variant: [8, 2], // 1..CLIP_VARIANTS
  markers: [10, 4], // fail, slow, no-hd, dead-link: one bit each (MARKER_BITS_V2)
  resolution: [14, 2], // RESOLUTIONS
  duration: [16, 2], // DURATIONS
  enableTranslation: [18, 2], // 0 not given, 1 false, 2 true
  laterMarkers: [20, 1], // no-4k (taken from the reserved bits 20-23)
  extension: [21, 1], // 1: an extension of another task (taken from the reserved bits 21-23)
  market: [22, 1], // 1: made on the Market, POST /jobs/createTask (taken from the reserved bits 22-23)
} as const satisfies Record<string, readonly [number, number]>;
const RESERVED_V2 = 0x800000;
/** The flag bit of each marker: the first four in the markers field, later ones in laterMarkers. */
const MARKER_BITS_V2: Record<TaskMarker, number> = {
  fail: 1 << FLAGS_V2.markers[0],
  slow: 1 << (FLAGS_V2.markers[0] + 1),
  "no-hd": 1 << (FLAGS_V2.markers[0] + 2),
  "dead-link": 1 << (FLAGS_V2.markers[0] + 3),
  "no-4k": 1 << FLAGS_V2.laterMarkers[0],
};
/** Stable codes: new models are appended, never inserted. */
const MODEL_CODES: readonly Model[] = ["veo3_fast", "veo3", "veo3_lite"];
const TRANSLATION_CODES = [undefined, false, true] as const;

type FlagField = keyof typeof FLAGS_V2;
const getField = (flags: number, field: FlagField) => (flags >> FLAGS_V2[field][0]) & ((1 << FLAGS_V2[field][1]) - 1);
const setField = (field: FlagField, value: number) => {
  const [shift, width] = FLAGS_V2[field];
  if (value < 0 || value >= 1 << width) throw new RangeError(`task id: ${field} ${value} does not fit`);
  return value << shift;
};

// base64url may itself contain "_", so the suffix is recognised by its fixed shape at the end.
const ID_PATTERN = /^sim_([A-Za-z0-9_-]+)_[0-9a-f]{8}$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The first bytes of text as UTF-8, never cutting a character in half. */
export function utf8Prefix(text: string, maxBytes: number): Buffer {
  let out = Buffer.alloc(0);
  for (const char of text) {
    const next = Buffer.concat([out, Buffer.from(char, "utf8")]);
    if (next.length > maxBytes) break;
    out = next;
  }
  return out;
}

/** A version-2 id for a new task. */
export function encodeTaskId(info: TaskInfo & { request: TaskRequest }): string {
  const { request } = info;
  let flags =
    setField("model", MODEL_CODES.indexOf(info.model)) |
    setField("generationType", GENERATION_TYPES.indexOf(request.generationType)) |
    setField("imageCount", request.imageCount) |
    setField("aspect", ASPECTS.indexOf(info.aspect)) |
    setField("variant", info.variant) |
    setField("resolution", RESOLUTIONS.indexOf(request.resolution)) |
    setField("duration", DURATIONS.indexOf(request.duration)) |
    setField("enableTranslation", TRANSLATION_CODES.indexOf(request.enableTranslation)) |
    setField("extension", info.extension ? 1 : 0) |
    setField("market", info.market ? 1 : 0);
  for (const marker of info.markers) flags |= MARKER_BITS_V2[marker];
  const header = Buffer.alloc(V2.headerBytes);
  header.writeUInt8(V2.version, 0);
  header.writeUIntBE(info.createdAt, TIME_OFFSET, 6);
  header.writeUIntBE(flags, 7, 3);
  return idFromPayload(Buffer.concat([header, utf8Prefix(info.promptExcerpt, V2.excerptBytes)]));
}

/** An id around its payload: `sim_` + base64url + `_` + 8 random hex digits. */
export const idFromPayload = (payload: Buffer) =>
  `sim_${payload.toString("base64url")}_${crypto.randomBytes(4).toString("hex")}`;

/** The payload of an id of ours (any version), or undefined for anything else. */
export function idPayload(id: string): Buffer | undefined {
  if (id.length > MAX_TASK_ID_LENGTH) return undefined;
  const encoded = ID_PATTERN.exec(id)?.[1];
  if (!encoded) return undefined;
  const bytes = Buffer.from(encoded, "base64url");
  if (bytes.length === 0 || bytes.toString("base64url") !== encoded) return undefined;
  return bytes;
}

/** The prompt excerpt at the end of a payload, or undefined when it is not whole UTF-8. */
export function excerptOf(bytes: Buffer): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeV1(flags: number): Omit<TaskInfo, "createdAt" | "promptExcerpt"> | undefined {
  const variant = (flags >> V1_VARIANT_SHIFT) & 3;
  if (variant < 1 || variant > CLIP_VARIANTS) return undefined;
  return {
    model: flags & V1_VEO3 ? "veo3" : "veo3_fast",
    aspect: flags & V1_PORTRAIT ? "9:16" : "16:9",
    variant,
    markers: TASK_MARKERS.filter((marker) => flags & (V1_MARKER_BITS[marker] ?? 0)),
  };
}

function decodeV2(flags: number): Omit<TaskInfo, "createdAt" | "promptExcerpt"> | undefined {
  if (flags & RESERVED_V2) return undefined;
  const model = MODEL_CODES[getField(flags, "model")];
  const generationType = GENERATION_TYPES[getField(flags, "generationType")];
  const resolution = RESOLUTIONS[getField(flags, "resolution")];
  const duration = DURATIONS[getField(flags, "duration")];
  const translationCode = getField(flags, "enableTranslation");
  const variant = getField(flags, "variant");
  if (!model || !generationType || !resolution || !duration || translationCode >= TRANSLATION_CODES.length)
    return undefined;
  if (variant < 1 || variant > CLIP_VARIANTS) return undefined;
  return {
    model,
    aspect: ASPECTS[getField(flags, "aspect")]!,
    variant,
    markers: TASK_MARKERS.filter((marker) => flags & MARKER_BITS_V2[marker]),
    request: {
      generationType,
      imageCount: getField(flags, "imageCount"),
      resolution,
      duration,
      enableTranslation: TRANSLATION_CODES[translationCode],
    },
    ...(getField(flags, "extension") === 1 && { extension: true }),
    ...(getField(flags, "market") === 1 && { market: true }),
  };
}

/**
 * The Veo task an id (version 1 or 2) describes, or undefined for anything else, version-3 ids
 * (Market models, market-task-id.ts) included: the Veo endpoints do not know those tasks.
 */
export function decodeTaskId(id: string): TaskInfo | undefined {
  const bytes = idPayload(id);
  if (!bytes) return undefined;
  const layout = [V1, V2].find((v) => v.version === bytes.readUInt8(0));
  if (!layout || bytes.length < layout.headerBytes || bytes.length > layout.headerBytes + layout.excerptBytes)
    return undefined;
  const fields = layout === V1 ? decodeV1(bytes.readUInt8(7)) : decodeV2(bytes.readUIntBE(7, 3));
  if (!fields) return undefined;
  const promptExcerpt = excerptOf(bytes.subarray(layout.headerBytes));
  if (promptExcerpt === undefined) return undefined;
  return { createdAt: bytes.readUIntBE(TIME_OFFSET, 6), ...fields, promptExcerpt };
}
