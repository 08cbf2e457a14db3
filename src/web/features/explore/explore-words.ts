/** Explore's words for a video's shape and remixes, and the report reasons (issue 72), in the active language. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { AspectRatio } from "../../../shared/catalogue";
import type { ExploreReportReason } from "../../../shared/schemas/explore";
import { i18n } from "@/lib/i18n";

const SHAPES: Record<AspectRatio, MessageDescriptor> = {
  "16:9": msg`Landscape`,
  "9:16": msg`Portrait`,
  "1:1": msg`Square`,
  "4:3": msg`Classic landscape`,
  "3:4": msg`Classic portrait`,
  "21:9": msg`Cinematic widescreen`,
};

/** "Portrait 9:16". */
export const shapeText = (ratio: AspectRatio): string => `${i18n._(SHAPES[ratio])} ${ratio}`;

/** "3 remixes". */
export const remixCountText = (count: number): string => plural(count, { one: "# remix", other: "# remixes" });

export const REPORT_REASONS: Record<ExploreReportReason, MessageDescriptor> = {
  sexual: msg`Sexual content`,
  violence: msg`Violence or gore`,
  hate: msg`Hate or harassment`,
  copyright: msg`Copyright or someone's likeness`,
  spam: msg`Spam or misleading`,
  other: msg`Something else`,
};
