/**
 * What the landing page shows of a showcase video (decision 0081): its words in the active
 * language and the generator link of "Try this prompt". The videos come from GET /api/showcase;
 * the simulator's sample clips have their prompts written here too, so they read in Vietnamese.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ShowcaseVideo } from "../../../shared/schemas/showcase";
import { i18n } from "@/lib/i18n";

/** Prompts longer than this are cut with an ellipsis in the showcase. */
export const SHOWCASE_PROMPT_MAX = 100;

/** The sample clips' prompts (GET /api/showcase sends them in English). */
const SAMPLE_PROMPTS: Partial<Record<string, MessageDescriptor>> = {
  "sample-1": msg`A golden retriever puppy splashes through a shallow mountain stream at sunrise, droplets sparkling in slow motion while birds sing in the pines.`,
  "sample-2": msg`A street food vendor in Hanoi flips crispy pancakes in a sizzling pan at night, crowd chatter and scooters humming past the stall.`,
  "sample-3": msg`Drone shot over turquoise waves crashing on black volcanic rocks in Iceland, wind and surf roaring.`,
};

/** The prompt in the active language where it is one of ours; null when its owner hid it. */
export function promptOf(video: ShowcaseVideo): string | null {
  const sample = video.sample ? SAMPLE_PROMPTS[video.id] : undefined;
  return sample ? i18n._(sample) : video.prompt;
}

/** The words shown with the video: the admin's caption, else the prompt (null: neither may be shown). */
export function captionOf(video: ShowcaseVideo): string | null {
  return video.caption ?? promptOf(video);
}

/** Past this, a prompt is cut to fit the link (request lines have a size limit), as the share page does. */
const LINK_PROMPT_MAX = 4000;

/** The generator with this prompt filled in (src/web/features/videos/recreate.ts reads `?prompt=`). */
export function tryPromptHref(prompt: string): string {
  let text = prompt;
  while (encodeURIComponent(text).length > LINK_PROMPT_MAX) text = Array.from(text).slice(0, -50).join("");
  return `/generate?${new URLSearchParams({ prompt: text }).toString()}`;
}
