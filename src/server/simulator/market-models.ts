/**
 * The Market's video models besides Veo (kie-2026.md §2.5, kie-market-2026-11.md §1.3): each
 * family's `input` with KIE's field names and limits (one zod schema per family), the rules a
 * schema does not express, and KIE's price in credits (kie-2026.md §2.6). Every model reduces its
 * request to one ModelRequest, small enough for the task id to carry (market-task-id.ts). Where
 * the references disagree, the reading chosen is in docs/simulator.md ("Market video models").
 */
import { z } from "zod";

/** Resolutions as task ids store them; each model's own words (`std`, `768P`…) map onto these. Append only. */
export const RESOLUTIONS = ["480p", "720p", "768p", "1080p", "4k"] as const;
/** Aspect ratios as task ids store them. Append only. */
export const ASPECTS = ["16:9", "9:16", "1:1", "4:3", "3:4", "21:9", "adaptive"] as const;
type Resolution = (typeof RESOLUTIONS)[number];
type Aspect = (typeof ASPECTS)[number];

/** What a task keeps of its request: enough to price it, pick its clip and echo it in `param`. */
export interface ModelRequest {
  /** Seconds. */
  duration: number;
  resolution: Resolution;
  audio: boolean;
  /** Undefined: the request named none (the video follows the image, or the model has no such field). */
  aspect: Aspect | undefined;
  /** First (and last) frame images, 0-2. */
  frames: number;
  /** Reference images (Seedance 2), 0-9. */
  references: number;
  /** The duration came as a string ("8") where the model takes a number too (Seedance 1.5 Pro). */
  durationText: boolean;
}

interface ParsedInput {
  request: ModelRequest;
  prompt: string;
  /** Every image URL of the request, frames first (for sim.stats.submissions). */
  imageUrls: string[];
}

export interface MarketModel {
  /** KIE's `model` id. */
  id: string;
  /** The request, or KIE's 422 message naming the field. */
  parse(input: unknown): ParsedInput | string;
  /** KIE credits; undefined for a request the model does not take (only a forged task id has one). */
  cost(request: ModelRequest): number | undefined;
  /** recordInfo's `param.input` without the prompt: the request in KIE's words, as far as the id knows it. */
  echo(request: ModelRequest): Record<string, unknown>;
}

// ---- Field helpers: messages name the field, as KIE's 422 answers do ----

const listed = (values: readonly string[]) => {
  const quoted = values.map((v) => `"${v}"`);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
};
const says = (field: string, what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required` : `${field} must be ${what}`;
const bool = (field: string) => z.boolean({ error: says(field, "a boolean") });
const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T, what = listed(values)) =>
  z.enum(values, { error: says(field, what) });
/** "3" … "15": KIE's string durations. */
const secondsFrom = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, i) => String(min + i)) as [string, ...string[]];
const text = (field: string, min: number, max: number) =>
  z
    .string({ error: says(field, "a string") })
    .refine((s) => s.trim() !== "", `${field} is required`)
    .refine((s) => [...s].length >= min, `${field} must be at least ${min} characters`)
    .refine((s) => [...s].length <= max, `${field} must be at most ${max} characters`);
const isUrl = (value: string, schemes: readonly string[]) => {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const url = (field: string, schemes: readonly string[] = ["http:", "https:"]) =>
  z
    .string({ error: says(field, "a URL") })
    .refine(
      (v) => isUrl(v, schemes),
      `${field} must be an ${schemes.includes("asset:") ? "http(s) or asset://" : "http(s)"} URL`,
    );
const urls = (field: string, min: number, max: number) =>
  z
    .array(url(field), { error: says(field, "an array of URLs") })
    .min(min, min === max ? `${field} takes exactly ${min} image` : `${field} takes at least ${min} image`)
    .max(max, min === max ? `${field} takes exactly ${max} image` : `${field} takes at most ${max} images`);
/** A field the model does not have: refused, so a client sending it by mistake is caught (KIE may ignore it). */
const notAField = (field: string, model: string) =>
  z.undefined({ error: `${field} is not supported by ${model}` }).optional();
/** A list the simulator does not simulate (Seedance 2's video and audio references): only empty. */
const notSimulated = (field: string) =>
  z.array(z.unknown(), { error: says(field, "an array") }).max(0, `${field} is not simulated`);

const perSecond = (rate: number, seconds: number) => Math.round(rate * seconds * 100) / 100;
/** Credits per clip, by resolution and seconds. */
type ClipPrices = Partial<Record<Resolution, Partial<Record<number, number>>>>;

const PLAIN: Omit<ModelRequest, "duration" | "resolution"> = {
  audio: false,
  aspect: undefined,
  frames: 0,
  references: 0,
  durationText: false,
};

/** Wraps a family's schema, cross-field rule and reduction into MarketModel.parse. */
function parser<S extends z.ZodType<{ prompt: string }>>(
  schema: S,
  reduce: (input: z.output<S>) => { request: ModelRequest; imageUrls: string[] },
  problem: (input: z.output<S>) => string | undefined = () => undefined,
): MarketModel["parse"] {
  return (raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? "input is invalid";
    return problem(parsed.data) ?? { ...reduce(parsed.data), prompt: parsed.data.prompt };
  };
}

// ---- Kling 3.0 (kie-2026.md §2.5.1): one id for text and image; multi-shot and elements not simulated ----

const KLING_MODES = { std: "720p", pro: "1080p", "4K": "4k" } as const satisfies Record<string, Resolution>;
/** Credits per second without / with sound; 4K has one price. */
const KLING30_RATES: Partial<Record<Resolution, readonly [number, number]>> = {
  "720p": [14, 20],
  "1080p": [18, 27],
  "4k": [67, 67],
};

function kling30(): MarketModel {
  const schema = z.object({
    prompt: text("prompt", 1, 2500),
    image_urls: urls("image_urls", 0, 2).optional(),
    sound: bool("sound"),
    duration: oneOf("duration", secondsFrom(3, 15), 'a string from "3" to "15"'),
    aspect_ratio: oneOf("aspect_ratio", ["16:9", "9:16", "1:1"]).optional(),
    mode: oneOf("mode", ["std", "pro", "4K"]),
    multi_shots: z.literal(false, { error: says("multi_shots", "false (multi-shot is not simulated)") }),
  });
  return {
    id: "kling-3.0/video",
    parse: parser(
      schema,
      (i) => ({
        request: {
          ...PLAIN,
          duration: Number(i.duration),
          resolution: KLING_MODES[i.mode],
          audio: i.sound,
          aspect: i.aspect_ratio,
          frames: i.image_urls?.length ?? 0,
        },
        imageUrls: i.image_urls ?? [],
      }),
      // "optional when image_urls is given (follows the images)"
      (i) => (i.image_urls?.length || i.aspect_ratio ? undefined : "aspect_ratio is required without image_urls"),
    ),
    cost: (r) => {
      const rates = KLING30_RATES[r.resolution];
      return rates && perSecond(rates[r.audio ? 1 : 0], r.duration);
    },
    echo: (r) => ({
      image_count: r.frames,
      sound: r.audio,
      duration: String(r.duration),
      ...(r.aspect && { aspect_ratio: r.aspect }),
      mode: Object.entries(KLING_MODES).find(([, res]) => res === r.resolution)?.[0],
      multi_shots: false,
    }),
  };
}

// ---- Kling 2.6 (§2.5.2): text and image ids; 55 credits per 5 s, twice that with sound ----

function kling26(kind: "text" | "image"): MarketModel {
  const id = `kling-2.6/${kind}-to-video`;
  const common = {
    prompt: text("prompt", 1, 2500),
    sound: bool("sound"),
    duration: oneOf("duration", ["5", "10"]),
  };
  const schema = z.object(
    kind === "text"
      ? {
          ...common,
          aspect_ratio: oneOf("aspect_ratio", ["1:1", "16:9", "9:16"]),
          image_urls: notAField("image_urls", id),
        }
      : { ...common, image_urls: urls("image_urls", 1, 1), aspect_ratio: notAField("aspect_ratio", id) },
  );
  return {
    id,
    parse: parser(schema, (i) => ({
      // No resolution field: the simulator serves the 720p clip.
      request: {
        ...PLAIN,
        duration: Number(i.duration),
        resolution: "720p",
        audio: i.sound,
        aspect: i.aspect_ratio,
        frames: i.image_urls?.length ?? 0,
      },
      imageUrls: i.image_urls ?? [],
    })),
    cost: (r) =>
      (r.duration === 5 || r.duration === 10) && r.resolution === "720p"
        ? 11 * r.duration * (r.audio ? 2 : 1)
        : undefined,
    echo: (r) => ({
      ...(kind === "image" && { image_count: r.frames }),
      sound: r.audio,
      ...(r.aspect && { aspect_ratio: r.aspect }),
      duration: String(r.duration),
    }),
  };
}

// ---- Seedance 2, 2 Fast, 2 Mini (§2.5.3): frames or references, integer duration, audio on by default ----

const SEEDANCE_ASPECTS = ["1:1", "4:3", "3:4", "16:9", "9:16", "21:9"] as const;

/** `rates`: credits per second by resolution (no audio axis: kie-2026.md §2.6 has none). */
function seedance2(id: string, rates: Partial<Record<Resolution, number>>): MarketModel {
  const resolutions = Object.keys(rates) as [Resolution, ...Resolution[]];
  const frame = (field: string) => url(field, ["http:", "https:", "asset:"]);
  const schema = z.object({
    prompt: text("prompt", 3, 20000),
    first_frame_url: frame("first_frame_url").optional(),
    last_frame_url: frame("last_frame_url").optional(),
    reference_image_urls: urls("reference_image_urls", 0, 9).optional(),
    reference_video_urls: notSimulated("reference_video_urls").optional(),
    reference_audio_urls: notSimulated("reference_audio_urls").optional(),
    return_last_frame: bool("return_last_frame").optional(),
    generate_audio: bool("generate_audio").optional(),
    resolution: oneOf("resolution", resolutions).optional(),
    aspect_ratio: oneOf("aspect_ratio", [...SEEDANCE_ASPECTS, "adaptive"]).optional(),
    duration: z
      .int({ error: says("duration", "an integer from 4 to 15") })
      .min(4, "duration must be an integer from 4 to 15")
      .max(15, "duration must be an integer from 4 to 15")
      .optional(),
    web_search: bool("web_search").optional(),
    nsfw_checker: bool("nsfw_checker").optional(),
  });
  return {
    id,
    parse: parser(
      schema,
      (i) => {
        const frames = [i.first_frame_url, i.last_frame_url].filter((u) => u !== undefined);
        const references = i.reference_image_urls ?? [];
        return {
          request: {
            ...PLAIN,
            duration: i.duration ?? 5,
            resolution: i.resolution ?? "720p",
            audio: i.generate_audio ?? true,
            aspect: i.aspect_ratio ?? "16:9",
            frames: frames.length,
            references: references.length,
          },
          imageUrls: [...frames, ...references],
        };
      },
      (i) => {
        if (i.last_frame_url !== undefined && i.first_frame_url === undefined)
          return "last_frame_url needs first_frame_url";
        const framed = i.first_frame_url !== undefined;
        return framed && i.reference_image_urls?.length
          ? "reference_image_urls cannot be combined with first_frame_url or last_frame_url"
          : undefined;
      },
    ),
    cost: (r) => {
      const rate = rates[r.resolution];
      return rate && perSecond(rate, r.duration);
    },
    echo: (r) => ({
      frame_count: r.frames,
      reference_image_count: r.references,
      generate_audio: r.audio,
      resolution: r.resolution,
      aspect_ratio: r.aspect,
      duration: r.duration,
    }),
  };
}

// ---- Seedance 1.5 Pro (§2.5.4): duration a number (Oct) or a string (June), both accepted ----

const SEEDANCE15_TEXT_DURATIONS: readonly unknown[] = ["4", "8", "12"];
/** Credits per second without / with audio. */
const SEEDANCE15_RATES: Partial<Record<Resolution, readonly [number, number]>> = {
  "480p": [1.75, 3.5],
  "720p": [3.5, 7],
  "1080p": [7.5, 15],
};

function seedance15(): MarketModel {
  const schema = z.object({
    prompt: text("prompt", 3, 2500),
    input_urls: urls("input_urls", 0, 2).optional(),
    aspect_ratio: oneOf("aspect_ratio", SEEDANCE_ASPECTS),
    resolution: oneOf("resolution", ["480p", "720p", "1080p"]).optional(),
    duration: z.custom<number | string>(
      (v) =>
        (Number.isInteger(v) && (v as number) >= 4 && (v as number) <= 12) || SEEDANCE15_TEXT_DURATIONS.includes(v),
      { error: says("duration", 'an integer from 4 to 12, or "4", "8" or "12"') },
    ),
    fixed_lens: bool("fixed_lens").optional(),
    generate_audio: bool("generate_audio").optional(),
    nsfw_checker: bool("nsfw_checker").optional(),
  });
  return {
    id: "bytedance/seedance-1.5-pro",
    parse: parser(schema, (i) => ({
      request: {
        ...PLAIN,
        duration: Number(i.duration),
        durationText: typeof i.duration === "string",
        resolution: i.resolution ?? "720p",
        // The October page's default (June's was false).
        audio: i.generate_audio ?? true,
        aspect: i.aspect_ratio,
        frames: i.input_urls?.length ?? 0,
      },
      imageUrls: i.input_urls ?? [],
    })),
    cost: (r) => {
      const rates = SEEDANCE15_RATES[r.resolution];
      return rates && perSecond(rates[r.audio ? 1 : 0], r.duration);
    },
    echo: (r) => ({
      image_count: r.frames,
      aspect_ratio: r.aspect,
      resolution: r.resolution,
      duration: r.durationText ? String(r.duration) : r.duration,
      generate_audio: r.audio,
    }),
  };
}

// ---- Wan 2.6 (§2.5.5): no aspect ratio, no audio; a price per clip ----

const WAN26_PRICES: ClipPrices = {
  "720p": { 5: 70, 10: 140, 15: 210 },
  "1080p": { 5: 104.5, 10: 209.5, 15: 315 },
};

function wan26(kind: "text" | "image"): MarketModel {
  const id = `wan/2-6-${kind}-to-video`;
  const schema = z.object({
    prompt: text("prompt", kind === "text" ? 1 : 2, 5000),
    image_urls: kind === "text" ? notAField("image_urls", id) : urls("image_urls", 1, 1),
    duration: oneOf("duration", ["5", "10", "15"]).optional(),
    resolution: oneOf("resolution", ["720p", "1080p"]).optional(),
    nsfw_checker: bool("nsfw_checker").optional(),
    aspect_ratio: notAField("aspect_ratio", id),
    sound: notAField("sound", id),
    generate_audio: notAField("generate_audio", id),
  });
  return {
    id,
    parse: parser(schema, (i) => ({
      request: {
        ...PLAIN,
        duration: Number(i.duration ?? "5"),
        resolution: i.resolution ?? "1080p",
        frames: i.image_urls?.length ?? 0,
      },
      imageUrls: i.image_urls ?? [],
    })),
    cost: (r) => WAN26_PRICES[r.resolution]?.[r.duration],
    echo: (r) => ({
      ...(kind === "image" && { image_count: r.frames }),
      duration: String(r.duration),
      resolution: r.resolution,
    }),
  };
}

// ---- Wan 2.7 (decision 0179): integer seconds 2-15, text `ratio`, image first/last frame, sound always ----

/** Credits per second (a third party's measured $0.08 / $0.12 a second: decision 0179). */
const WAN27_RATES: Partial<Record<Resolution, number>> = { "720p": 16, "1080p": 24 };
const WAN27_RATIOS = ["16:9", "9:16", "1:1", "4:3", "3:4"] as const;

function wan27(kind: "text" | "image"): MarketModel {
  const id = `wan/2-7-${kind}-to-video`;
  const common = {
    prompt: text("prompt", 1, 5000),
    negative_prompt: z
      .string({ error: says("negative_prompt", "a string") })
      .max(500, "negative_prompt must be at most 500 characters")
      .optional(),
    resolution: oneOf("resolution", ["720p", "1080p"]).optional(),
    duration: z
      .int({ error: says("duration", "an integer from 2 to 15") })
      .min(2, "duration must be an integer from 2 to 15")
      .max(15, "duration must be an integer from 2 to 15")
      .optional(),
    prompt_extend: bool("prompt_extend").optional(),
    watermark: bool("watermark").optional(),
    seed: z
      .int({ error: says("seed", "an integer from 0 to 2147483647") })
      .min(0, "seed must be an integer from 0 to 2147483647")
      .max(2147483647, "seed must be an integer from 0 to 2147483647")
      .optional(),
    nsfw_checker: bool("nsfw_checker").optional(),
    // 2.6's and the other models' names for what 2.7 does not take, or calls otherwise.
    aspect_ratio: notAField("aspect_ratio", id),
    image_urls: notAField("image_urls", id),
    sound: notAField("sound", id),
    generate_audio: notAField("generate_audio", id),
  };
  const schema = z.object(
    kind === "text"
      ? {
          ...common,
          ratio: oneOf("ratio", WAN27_RATIOS).optional(),
          audio_url: url("audio_url").optional(),
          first_frame_url: notAField("first_frame_url", id),
          last_frame_url: notAField("last_frame_url", id),
        }
      : {
          ...common,
          first_frame_url: url("first_frame_url"),
          last_frame_url: url("last_frame_url").optional(),
          // A video to continue: not simulated (only a first frame is).
          first_clip_url: z.undefined({ error: "first_clip_url is not simulated" }).optional(),
          driving_audio_url: url("driving_audio_url").optional(),
          ratio: notAField("ratio", id),
        },
  );
  return {
    id,
    parse: parser(schema, (i) => {
      // Text's schema refuses both fields, so only an image request has them.
      const { first_frame_url: first, last_frame_url: last } = i as {
        first_frame_url?: string;
        last_frame_url?: string;
      };
      const frames = [first, last].filter((u) => u !== undefined);
      return {
        request: {
          ...PLAIN,
          duration: i.duration ?? 5,
          resolution: i.resolution ?? "1080p",
          // Wan 2.7 makes sound with every video (there is no switch).
          audio: true,
          aspect: kind === "text" ? (i.ratio ?? "16:9") : undefined,
          frames: frames.length,
        },
        imageUrls: frames,
      };
    }),
    cost: (r) => {
      const rate = WAN27_RATES[r.resolution];
      return rate !== undefined && r.duration >= 2 && r.duration <= 15 ? perSecond(rate, r.duration) : undefined;
    },
    echo: (r) => ({
      ...(kind === "text" ? { ratio: r.aspect } : { frame_count: r.frames }),
      duration: r.duration,
      resolution: r.resolution,
    }),
  };
}

// ---- Hailuo 2.3 (§2.5.6): image only, one `image_url`; no 10 s at 1080P ----

function hailuo23(tier: "pro" | "standard", prices: ClipPrices): MarketModel {
  const id = `hailuo/2-3-image-to-video-${tier}`;
  const schema = z.object({
    prompt: text("prompt", 1, 5000),
    image_url: url("image_url"),
    duration: oneOf("duration", ["6", "10"]).optional(),
    resolution: oneOf("resolution", ["768P", "1080P"]).optional(),
    nsfw_checker: bool("nsfw_checker").optional(),
    image_urls: notAField("image_urls", id),
    aspect_ratio: notAField("aspect_ratio", id),
    sound: notAField("sound", id),
    generate_audio: notAField("generate_audio", id),
  });
  return {
    id,
    parse: parser(
      schema,
      (i) => ({
        request: {
          ...PLAIN,
          duration: Number(i.duration ?? "6"),
          resolution: i.resolution === "1080P" ? "1080p" : "768p",
          frames: 1,
        },
        imageUrls: [i.image_url],
      }),
      (i) =>
        i.duration === "10" && i.resolution === "1080P"
          ? "10 seconds videos are not supported for 1080p resolution"
          : undefined,
    ),
    cost: (r) => prices[r.resolution]?.[r.duration],
    echo: (r) => ({ image_count: r.frames, duration: String(r.duration), resolution: r.resolution.toUpperCase() }),
  };
}

/** Every model the simulator speaks besides `veo-3-1`. The index is the model's code in task ids: append only. */
export const MARKET_MODELS: readonly MarketModel[] = [
  kling30(),
  kling26("text"),
  kling26("image"),
  seedance2("bytedance/seedance-2", { "480p": 19, "720p": 41, "1080p": 102 }),
  seedance2("bytedance/seedance-2-fast", { "480p": 11.7, "720p": 24.8 }),
  // Mini's fields are not documented: Seedance 2's shape; 3.8 / 8.2 read as 480p / 720p.
  seedance2("bytedance/seedance-2-mini", { "480p": 3.8, "720p": 8.2 }),
  seedance15(),
  wan26("text"),
  wan26("image"),
  hailuo23("pro", { "768p": { 6: 45, 10: 90 }, "1080p": { 6: 80 } }),
  hailuo23("standard", { "768p": { 6: 30, 10: 50 }, "1080p": { 6: 50 } }),
  wan27("text"),
  wan27("image"),
];
