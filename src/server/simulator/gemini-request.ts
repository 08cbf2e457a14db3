/**
 * Checking a predictLongRunning body as Google's Gemini API does for Veo 3.1 (video-vendors-2026.md
 * §1.3), and the Google error it refuses with. Where the reference is unsure (image encoding,
 * seed), ctx.gemini says which reading to play. Wording Google is known to use is kept; the rest
 * is ours and names the field, as Google's does.
 */
import { invalid, SUBMIT_ERROR_CODES } from "./gemini-errors.js";
import { OPERATION_MARKERS, type GeminiModel, type OperationMarker } from "./gemini-operation.js";
import type { GeminiImageEncoding, GeminiReadings, GeminiSubmission } from "./types.js";

/** Google's wording for a field its schema does not have (`at` "": the top level). */
const unknownName = (name: string, at: string) =>
  at === ""
    ? invalid(name, `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`)
    : invalid(`${at}.${name}`, `Invalid JSON payload received. Unknown name "${name}" at '${at}': Cannot find field.`);

type Mode = GeminiSubmission["mode"];
type ImageUse = GeminiSubmission["images"][number];

interface Submit {
  mode: Mode;
  prompt: string;
  images: ImageUse[];
  aspect: "16:9" | "9:16";
  resolution: "720p" | "1080p" | "4k";
  parameters: Record<string, unknown>;
}

const PARAMETERS = new Set([
  "aspectRatio",
  "resolution",
  "durationSeconds",
  "negativePrompt",
  "personGeneration",
  "sampleCount",
  "seed",
]);
/** Fields that hold an image by reference: the Gemini API takes bytes only. */
const URL_FIELDS = ["gcsUri", "uri", "url", "fileUri", "imageUri", "fileData"];
/** The reference gives no list; PNG and JPEG are the narrow reading (a client converting WebP works either way). */
const IMAGE_TYPES: Record<string, (bytes: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const MAX_REFERENCES = 3;
const MAX_SEED = 2 ** 32 - 1;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], at: string): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw unknownName(extra, at);
}

/** One inline image, in either encoding (when the readings accept it). */
function parseImage(value: unknown, at: string, readings: GeminiReadings): ImageUse {
  if (!isObject(value)) throw invalid(at, `${at} must be an image object with inline bytes.`);
  const urlField = URL_FIELDS.find((key) => key in value);
  if (urlField) {
    throw invalid(`${at}.${urlField}`, `${urlField} is not supported in Gemini API: send the image bytes inline.`);
  }
  const encoding: GeminiImageEncoding | undefined =
    "bytesBase64Encoded" in value ? "bytesBase64Encoded" : "inlineData" in value ? "inlineData" : undefined;
  if (!encoding) throw invalid(at, `${at} has no image bytes.`);
  if (!readings.imageEncodings.includes(encoding)) throw unknownName(encoding, at);
  let data: unknown;
  let mimeType: unknown;
  if (encoding === "bytesBase64Encoded") {
    onlyKeys(value, ["bytesBase64Encoded", "mimeType"], at);
    ({ bytesBase64Encoded: data, mimeType } = value);
  } else {
    const inline = value.inlineData;
    if (!isObject(inline)) throw invalid(`${at}.inlineData`, `${at}.inlineData must be an object.`);
    onlyKeys(inline, ["mimeType", "data"], `${at}.inlineData`);
    ({ data, mimeType } = inline);
  }
  const dataAt = encoding === "bytesBase64Encoded" ? `${at}.bytesBase64Encoded` : `${at}.inlineData.data`;
  if (typeof data !== "string" || !BASE64.test(data))
    throw invalid(dataAt, `Invalid value at '${dataAt}': not base64.`);
  const bytes = Buffer.from(data, /[-_]/.test(data) ? "base64url" : "base64");
  if (typeof mimeType !== "string" || !Object.hasOwn(IMAGE_TYPES, mimeType)) {
    throw invalid(
      `${at}.mimeType`,
      `Unsupported MIME type for ${at}: ${String(mimeType)}. Use image/png or image/jpeg.`,
    );
  }
  if (!IMAGE_TYPES[mimeType]!(bytes)) throw invalid(at, `Unable to process input image ${at}: not a ${mimeType} file.`);
  return { field: at, encoding, mimeType, bytes: bytes.length };
}

function parseImages(instance: Record<string, unknown>, readings: GeminiReadings): { mode: Mode; images: ImageUse[] } {
  const at = "instances[0]";
  const images: ImageUse[] = [];
  if (instance.image !== undefined) images.push(parseImage(instance.image, `${at}.image`, readings));
  if (instance.lastFrame !== undefined) {
    if (instance.image === undefined) {
      throw invalid(`${at}.lastFrame`, "lastFrame must be used in combination with the image parameter.");
    }
    images.push(parseImage(instance.lastFrame, `${at}.lastFrame`, readings));
  }
  const references = instance.referenceImages ?? [];
  if (!Array.isArray(references)) throw invalid(`${at}.referenceImages`, "referenceImages must be a list.");
  if (references.length > MAX_REFERENCES) {
    throw invalid(`${at}.referenceImages`, `referenceImages takes at most ${MAX_REFERENCES} images.`);
  }
  if (references.length > 0 && images.length > 0) {
    throw invalid(`${at}.referenceImages`, "referenceImages cannot be combined with image or lastFrame.");
  }
  references.forEach((reference: unknown, i) => {
    const refAt = `${at}.referenceImages[${i}]`;
    if (!isObject(reference)) throw invalid(refAt, `${refAt} must be an object.`);
    onlyKeys(reference, ["image", "referenceType"], refAt);
    if (reference.referenceType !== "asset") {
      throw invalid(
        `${refAt}.referenceType`,
        `referenceType must be "asset", not ${JSON.stringify(reference.referenceType)}.`,
      );
    }
    images.push(parseImage(reference.image, `${refAt}.image`, readings));
  });
  const mode: Mode =
    references.length > 0
      ? "reference"
      : instance.lastFrame !== undefined
        ? "interpolation"
        : images.length > 0
          ? "image"
          : "text";
  return { mode, images };
}

/** 4, 6 or 8, as a number or a string (the docs' table writes strings, the SDKs send numbers). */
function parseDuration(value: unknown): number {
  if (value === undefined) return 8;
  const seconds = typeof value === "string" && /^\d$/.test(value) ? Number(value) : value;
  if (seconds !== 4 && seconds !== 6 && seconds !== 8) {
    throw invalid("parameters.durationSeconds", `durationSeconds must be 4, 6 or 8, not ${JSON.stringify(value)}.`);
  }
  return seconds;
}

function parseParameters(value: unknown, model: GeminiModel, mode: Mode, readings: GeminiReadings) {
  if (value !== undefined && !isObject(value)) throw invalid("parameters", "parameters must be an object.");
  const parameters = value ?? {};
  const unknown = Object.keys(parameters).find((key) => !PARAMETERS.has(key));
  // Google's live answer for a parameter this model does not take (e.g. enhancePrompt).
  if (unknown !== undefined) throw invalid(`parameters.${unknown}`, `\`${unknown}\` isn't supported by this model.`);
  const { aspectRatio = "16:9", resolution = "720p", negativePrompt, personGeneration, sampleCount, seed } = parameters;
  if (aspectRatio !== "16:9" && aspectRatio !== "9:16") {
    throw invalid(
      "parameters.aspectRatio",
      `Aspect ratio ${JSON.stringify(aspectRatio)} is not supported: use 16:9 or 9:16.`,
    );
  }
  if (resolution !== "720p" && resolution !== "1080p" && resolution !== "4k") {
    throw invalid(
      "parameters.resolution",
      `Resolution ${JSON.stringify(resolution)} is not supported: use 720p, 1080p or 4k.`,
    );
  }
  if (resolution === "4k" && model === "veo-3.1-lite-generate-preview") {
    throw invalid("parameters.resolution", `4k is not supported by ${model}.`);
  }
  const duration = parseDuration(parameters.durationSeconds);
  if (duration !== 8 && resolution !== "720p") {
    throw invalid("parameters.durationSeconds", `durationSeconds must be 8 with ${resolution}.`);
  }
  if (duration !== 8 && mode === "reference") {
    throw invalid("parameters.durationSeconds", "durationSeconds must be 8 when using reference images.");
  }
  if (negativePrompt !== undefined && typeof negativePrompt !== "string") {
    throw invalid("parameters.negativePrompt", "negativePrompt must be a string.");
  }
  // Veo 3.1: text-to-video takes allow_all only; image, interpolation and reference allow_adult only.
  const allowed = mode === "text" ? "allow_all" : "allow_adult";
  if (personGeneration !== undefined && personGeneration !== allowed) {
    throw invalid(
      "parameters.personGeneration",
      `${typeof personGeneration === "string" ? personGeneration : JSON.stringify(personGeneration)} for personGeneration is currently not supported.`,
    );
  }
  if (sampleCount !== undefined && sampleCount !== 1) {
    throw invalid("parameters.sampleCount", "sampleCount must be 1 for this model.");
  }
  if (seed !== undefined) {
    if (!readings.seed) throw invalid("parameters.seed", "seed parameter is not supported in Gemini API.");
    if (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > MAX_SEED) {
      throw invalid("parameters.seed", "seed must be an integer from 0 to 4294967295.");
    }
  }
  return { aspect: aspectRatio, resolution, parameters } as const;
}

/** The request, or a GoogleError thrown at the first problem (in body order: instance, then parameters). */
export function parseSubmit(body: unknown, model: GeminiModel, readings: GeminiReadings): Submit {
  if (!isObject(body)) throw invalid("", "Invalid JSON payload received. Expected an object.");
  onlyKeys(body, ["instances", "parameters", "model"], "");
  const { instances } = body;
  if (!Array.isArray(instances) || instances.length !== 1 || !isObject(instances[0])) {
    throw invalid("instances", "instances must hold exactly one instance.");
  }
  const instance = instances[0];
  if ("video" in instance) throw invalid("instances[0].video", "Video extension is not simulated.");
  onlyKeys(instance, ["prompt", "image", "lastFrame", "referenceImages"], "instances[0]");
  const { prompt } = instance;
  if (typeof prompt !== "string" || prompt.trim() === "") throw invalid("instances[0].prompt", "prompt is required.");
  const { mode, images } = parseImages(instance, readings);
  return { mode, prompt, images, ...parseParameters(body.parameters, model, mode, readings) };
}

type SubmitErrorCode = (typeof SUBMIT_ERROR_CODES)[number];

const MARKER_PATTERN = new RegExp(
  `\\[sim:(${OPERATION_MARKERS.join("|")}|gemini-(?:${SUBMIT_ERROR_CODES.join("|")}))\\]`,
  "gi",
);

interface GeminiMarkers {
  /** Markers the operation carries in its id. */
  operation: OperationMarker[];
  /** `[sim:gemini-NNN]`: predictLongRunning answers that HTTP error (the first such marker wins). */
  httpError: SubmitErrorCode | undefined;
}

/** The prompt's markers for the Gemini fake; KIE's own (`[sim:code-NNN]`, `[sim:no-hd]`, …) do nothing here. */
export function geminiMarkers(prompt: string): GeminiMarkers {
  const found: GeminiMarkers = { operation: [], httpError: undefined };
  for (const match of prompt.matchAll(MARKER_PATTERN)) {
    const marker = match[1]!.toLowerCase();
    if (marker.startsWith("gemini-")) found.httpError ??= Number(marker.slice("gemini-".length)) as SubmitErrorCode;
    else if (!found.operation.includes(marker as OperationMarker)) found.operation.push(marker as OperationMarker);
  }
  return found;
}
