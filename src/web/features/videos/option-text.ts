/** The words of a video's options (issue 42): its length, resolution, shape and sound, in the active language. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import type { AspectRatio, Resolution } from "../../../shared/catalogue";
import type { VideoTaskView } from "../../../shared/videos";
import { i18n } from "@/lib/i18n";

/** "5 seconds". */
export function durationText(seconds: number): string {
  return plural(seconds, { one: "# second", other: "# seconds" });
}

/** "5, 10 or 15 seconds": the numbers listed, the unit once. */
export function durationsText(options: readonly number[]): string {
  const items = options.map((seconds, i) => (i === options.length - 1 ? durationText(seconds) : String(seconds)));
  return new Intl.ListFormat(i18n.locale, { type: "disjunction" }).format(items);
}

/** A resolution as people write it: "720p", "4K". */
export const resolutionLabel = (resolution: Resolution): string => (resolution === "4k" ? "4K" : resolution);

/** "with sound", to follow other options in a line. */
function soundText(audio: boolean): string {
  return audio ? t`with sound` : t`without sound`;
}

/** Each shape's everyday name, under its ratio in the list. */
const ASPECT_DESCRIPTIONS: Record<AspectRatio, MessageDescriptor> = {
  "16:9": msg`Landscape`,
  "9:16": msg`Portrait`,
  "1:1": msg`Square`,
  "4:3": msg`Classic landscape`,
  "3:4": msg`Classic portrait`,
  "21:9": msg`Cinematic widescreen`,
};
export const aspectRatioDescription = (ratio: AspectRatio): string => i18n._(ASPECT_DESCRIPTIONS[ratio]);

/** A video's options as made: one made before they existed (null) is 8 seconds, 720p, with sound. */
export function madeOptions(task: Pick<VideoTaskView, "durationSeconds" | "resolution" | "audio">): {
  durationSeconds: number;
  resolution: Resolution;
  audio: boolean;
} {
  return {
    durationSeconds: task.durationSeconds ?? 8,
    resolution: task.resolution ?? "720p",
    audio: task.audio ?? true,
  };
}

/** "8 seconds · 720p · with sound". */
export function madeOptionsText(task: Pick<VideoTaskView, "durationSeconds" | "resolution" | "audio">): string {
  const { durationSeconds, resolution, audio } = madeOptions(task);
  return [durationText(durationSeconds), resolutionLabel(resolution), soundText(audio)].join(" · ");
}
