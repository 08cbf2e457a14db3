/**
 * The landing page's examples: static sample data, not from the database. The clips are
 * the product's own sample videos, served by the server under /media/showcase/.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { VeoModel } from "../../../shared/catalogue";
import { formatNumber } from "@/lib/format";

export interface ShowcaseItem {
  id: string;
  taskId: string;
  /** Shown with `t(prompt)`, in the active language. */
  prompt: MessageDescriptor;
  model: VeoModel;
  aspectRatio: "16:9";
  /** 720p, played in the page. */
  resultUrls: string[];
  /** 1080p. */
  hdVideoUrl: string;
  createdAt: string;
}

/** Prompts longer than this are cut with an ellipsis in the showcase. */
export const SHOWCASE_PROMPT_MAX = 100;
export const TRENDING_MAX = 8;

/** Invented view counts (not measured): a fixed list of 12 figures, shown short ("12.5K views"). */
export const VIEW_COUNTS = [
  12_500, 8_300, 15_700, 6_200, 21_400, 9_800, 18_100, 4_600, 11_300, 27_900, 7_400, 14_200,
] as const;

/** The view count of the showcase's `index`th video, written short in the active language (12.5K, 12,5 N). */
export function viewCountText(index: number): string {
  return formatNumber(VIEW_COUNTS[index % VIEW_COUNTS.length] ?? 0, { notation: "compact", maximumFractionDigits: 1 });
}

const CLIP_VARIANTS = 3;

function item(n: number, model: VeoModel, createdAt: string, prompt: MessageDescriptor): ShowcaseItem {
  const variant = ((n - 1) % CLIP_VARIANTS) + 1;
  return {
    id: `showcase-${n}`,
    taskId: `showcase-task-${String(n).padStart(3, "0")}`,
    prompt,
    model,
    aspectRatio: "16:9",
    resultUrls: [`/media/showcase/sample-${variant}-16x9-720p.mp4`],
    hdVideoUrl: `/media/showcase/sample-${variant}-16x9-1080p.mp4`,
    createdAt,
  };
}

/** The six example cards. */
export const SHOWCASE_EXAMPLES: readonly ShowcaseItem[] = [
  item(
    1,
    "veo3",
    "2025-06-02T09:14:00Z",
    msg`A golden retriever puppy splashes through a shallow mountain stream at sunrise, droplets sparkling in slow motion while birds sing in the pines.`,
  ),
  item(
    2,
    "veo3_fast",
    "2025-06-03T18:40:00Z",
    msg`A street food vendor in Hanoi flips crispy pancakes in a sizzling pan at night, crowd chatter and scooters humming past the stall.`,
  ),
  item(
    3,
    "veo3",
    "2025-06-05T11:05:00Z",
    msg`A news anchor in a bright studio looks into the camera and says: "Good evening, here are tonight's top stories," with natural lip sync and a soft studio hum.`,
  ),
  item(
    4,
    "veo3_fast",
    "2025-06-06T07:30:00Z",
    msg`Drone shot over turquoise waves crashing on black volcanic rocks in Iceland, wind and surf roaring.`,
  ),
  item(
    5,
    "veo3",
    "2025-06-08T20:12:00Z",
    msg`An elderly violinist plays a melancholy waltz on a rainy Paris bridge as umbrellas drift past and rain taps on the stone railing.`,
  ),
  item(
    6,
    "veo3_fast",
    "2025-06-09T15:48:00Z",
    msg`Cozy log cabin at night, a fire crackling while snow falls outside the window, cinematic 35mm.`,
  ),
];

/** Trending Now (up to eight tiles). */
export const TRENDING_ITEMS: readonly ShowcaseItem[] = [
  item(
    7,
    "veo3",
    "2025-06-10T10:00:00Z",
    msg`An astronaut plants a small tree on Mars, red dust swirling around the boots and radio chatter crackling inside the helmet.`,
  ),
  item(
    8,
    "veo3_fast",
    "2025-06-10T13:22:00Z",
    msg`Neon-lit Tokyo alley in the rain, reflections in puddles, distant synth music and footsteps.`,
  ),
  item(
    9,
    "veo3",
    "2025-06-11T08:45:00Z",
    msg`A pastry chef plates a glossy chocolate dessert in a busy Michelin-star kitchen, cutlery clinking and someone calling "Service!" from the pass.`,
  ),
  item(
    10,
    "veo3_fast",
    "2025-06-11T16:03:00Z",
    msg`Slow-motion hummingbird drinking from a red hibiscus flower, wings buzzing softly.`,
  ),
  item(
    11,
    "veo3",
    "2025-06-12T21:30:00Z",
    msg`Two friends laugh around a campfire telling a ghost story, crickets chirping and sparks rising into a starry desert sky above them.`,
  ),
  item(
    12,
    "veo3_fast",
    "2025-06-13T06:50:00Z",
    msg`A vintage steam train crosses a stone viaduct in the Scottish Highlands, its whistle echoing through the misty valley.`,
  ),
  item(
    13,
    "veo3_fast",
    "2025-06-13T17:15:00Z",
    msg`Skateboarder landing a kickflip in an empty pool at golden hour, wheels roaring on the concrete.`,
  ),
  item(
    14,
    "veo3",
    "2025-06-14T12:00:00Z",
    msg`Product shot of a smartwatch rotating on a marble pedestal, soft studio light, subtle whoosh.`,
  ),
].slice(0, TRENDING_MAX);
