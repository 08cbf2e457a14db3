/**
 * Version-3 task ids: tasks of the Market's video models besides Veo (market-models.ts), stateless
 * like the Veo tasks' ids (task-id.ts, whose shape and 64-character limit they share). Version
 * byte 3, the creation time (48-bit ms), 40 flag bits (big endian, see FLAGS_V3) and up to 26
 * bytes of the prompt (UTF-8). The Veo endpoints do not decode them (decodeTaskId), so the legacy
 * record-info, get-1080p-video, get-4k-video and extend answer `record is null` for such tasks.
 */
import { CLIP_VARIANTS } from "./clips.js";
import { ASPECTS, MARKET_MODELS, RESOLUTIONS, type MarketModel, type ModelRequest } from "./market-models.js";
import {
  excerptOf,
  idFromPayload,
  idPayload,
  TASK_MARKERS,
  TIME_OFFSET,
  utf8Prefix,
  type TaskMarker,
} from "./task-id.js";

export interface ModelTaskInfo {
  createdAt: number;
  model: MarketModel;
  request: ModelRequest;
  variant: number;
  markers: TaskMarker[];
  /** The start of the prompt, for `param`. */
  promptExcerpt: string;
}

const V3 = { version: 3, headerBytes: 12, excerptBytes: 26 } as const;
/**
 * [shift, width] of each field. Enumerations are indexes into their tables (aspect: 0 for none,
 * else the index + 1); codes past a table's end do not decode. Bits 33-39 are reserved, must be 0.
 */
const FLAGS_V3 = {
  model: [0, 6], // MARKET_MODELS: 64 codes
  variant: [6, 2], // 1..CLIP_VARIANTS
  markers: [8, 5], // TASK_MARKERS, one bit each
  aspect: [13, 4], // 0 none, 1.. ASPECTS
  resolution: [17, 3], // RESOLUTIONS
  duration: [20, 5], // seconds, 1-31
  audio: [25, 1],
  frames: [26, 2], // 0-2
  references: [28, 4], // 0-9
  durationText: [32, 1],
} as const satisfies Record<string, readonly [number, number]>;
const RESERVED_FROM = 33;
const MAX_FRAMES = 2;
const MAX_REFERENCES = 9;

type Field = keyof typeof FLAGS_V3;
// 40 bits exceed JavaScript's 32-bit bitwise operators: plain arithmetic instead.
const getField = (flags: number, field: Field) => {
  const [shift, width] = FLAGS_V3[field];
  return Math.floor(flags / 2 ** shift) % 2 ** width;
};
const setField = (field: Field, value: number) => {
  const [shift, width] = FLAGS_V3[field];
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** width)
    throw new RangeError(`task id: ${field} ${value} does not fit`);
  return value * 2 ** shift;
};

export function encodeModelTaskId(info: ModelTaskInfo): string {
  const { request } = info;
  let flags =
    setField("model", MARKET_MODELS.indexOf(info.model)) +
    setField("variant", info.variant) +
    setField("aspect", request.aspect === undefined ? 0 : ASPECTS.indexOf(request.aspect) + 1) +
    setField("resolution", RESOLUTIONS.indexOf(request.resolution)) +
    setField("duration", request.duration) +
    setField("audio", request.audio ? 1 : 0) +
    setField("frames", request.frames) +
    setField("references", request.references) +
    setField("durationText", request.durationText ? 1 : 0);
  for (const marker of info.markers) flags += 2 ** (FLAGS_V3.markers[0] + TASK_MARKERS.indexOf(marker));
  const header = Buffer.alloc(V3.headerBytes);
  header.writeUInt8(V3.version, 0);
  header.writeUIntBE(info.createdAt, TIME_OFFSET, 6);
  header.writeUIntBE(flags, 7, 5);
  return idFromPayload(Buffer.concat([header, utf8Prefix(info.promptExcerpt, V3.excerptBytes)]));
}

/** The Market model task a version-3 id describes, or undefined for anything else (Veo ids included). */
export function decodeModelTaskId(id: string): ModelTaskInfo | undefined {
  const bytes = idPayload(id);
  if (!bytes || bytes.readUInt8(0) !== V3.version) return undefined;
  if (bytes.length < V3.headerBytes || bytes.length > V3.headerBytes + V3.excerptBytes) return undefined;
  const flags = bytes.readUIntBE(7, 5);
  if (Math.floor(flags / 2 ** RESERVED_FROM) !== 0) return undefined;
  const model = MARKET_MODELS[getField(flags, "model")];
  const resolution = RESOLUTIONS[getField(flags, "resolution")];
  const aspectCode = getField(flags, "aspect");
  const variant = getField(flags, "variant");
  const request: ModelRequest | undefined = resolution && {
    duration: getField(flags, "duration"),
    resolution,
    audio: getField(flags, "audio") === 1,
    aspect: aspectCode === 0 ? undefined : ASPECTS[aspectCode - 1],
    frames: getField(flags, "frames"),
    references: getField(flags, "references"),
    durationText: getField(flags, "durationText") === 1,
  };
  if (!model || !request || aspectCode > ASPECTS.length || request.duration < 1) return undefined;
  if (variant < 1 || variant > CLIP_VARIANTS || request.frames > MAX_FRAMES || request.references > MAX_REFERENCES)
    return undefined;
  // A request the model would not have taken (its price is unknown) is not one of our ids.
  if (model.cost(request) === undefined) return undefined;
  const promptExcerpt = excerptOf(bytes.subarray(V3.headerBytes));
  if (promptExcerpt === undefined) return undefined;
  return {
    createdAt: bytes.readUIntBE(TIME_OFFSET, 6),
    model,
    request,
    variant,
    markers: TASK_MARKERS.filter((_, i) => Math.floor(getField(flags, "markers") / 2 ** i) % 2 === 1),
    promptExcerpt,
  };
}
